//! The game master's seat in the referee (design note galactic-destiny.md
//! §2.6 item 3, §5): the reserved key `@mj` a ruleset's `awaiting` may
//! name, `arbitre mj` (`Referee::game_master_orders`, `game_master_state`),
//! early adjudication waiting for it, its silence, its mails to
//! `admin_address`, `game status`; and that no registration or mail can
//! take or impersonate it. On the small ruleset `support/race21.rs` with
//! `game_master = true` (a seat adding 3 asks the game master for a bonus).

mod support;
#[path = "support/race21.rs"]
mod race21;

use arbitre::game::GAME_MASTER;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::steps::Timing;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, take_outbox, Sent};

const RACE: &str = "race-1";
const ADMIN: &str = "referee@example.test";
const PLAYERS: [(&str, &str); 2] = [("a@x.test", "Anne"), ("b@x.test", "Bruno")];

struct Game {
    _dir: tempfile::TempDir,
    r: Referee,
    pw: Vec<String>,
}

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

/// A race21 game at its registration step, open; `gm`: the game has a
/// game master.
fn fresh(gm: bool, extra: &str) -> Game {
    arbitre::games::register_extra(race21::engine);
    let dir = tempfile::tempdir().unwrap();
    let templates = race21::templates_in(dir.path());
    let text = format!(
        "{head}\n[[games]]\nid = \"{RACE}\"\nruleset = \"race21\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"after 48h\"\nreminders = [\"6h\"]\nregistration_open = true\nregistration_confirm = false\nseed = 5\n{extra}\n[games.settings]\ngame_master = {gm}\n",
        head = support::config_head()
    );
    std::fs::write(dir.path().join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = Referee::new(cfg, templates).unwrap();
    r.create_game(RACE, None, t0()).unwrap();
    Game { _dir: dir, r, pw: Vec::new() }
}

/// [`fresh`], with Anne and Bruno registered and step 1 open.
fn game(gm: bool, extra: &str) -> Game {
    let Game { _dir: dir, r, .. } = fresh(gm, extra);
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {RACE}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        pw.push(support::password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration(RACE, false).unwrap();
    r.adjudicate(RACE, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Game { _dir: dir, r, pw }
}

impl Game {
    fn send(&self, i: usize, id: &str, lines: &[&str], when: Timestamp) -> Vec<Sent> {
        let (addr, name) = PLAYERS[i];
        let body = format!("PARTIE {RACE}\nJOUEUR {name}\nMOTDEPASSE {}\n{}\nFIN\n", self.pw[i], lines.join("\n"));
        self.r.handle_mail(&mail(addr, &format!("{id}@x.test"), "Ordres", &body, when), when).unwrap();
        take_outbox(&self.r)
    }

    fn total(&self) -> u32 {
        let g = self.r.open_game(RACE).unwrap();
        let st: race21::State = serde_json::from_slice(&g.engine.save_state(&g.state).unwrap()).unwrap();
        st.total
    }

    /// Anne adds 3 in step 1: step 2 awaits Bruno and the game master.
    fn to_a_ruling(&self) -> Vec<Sent> {
        self.send(0, "a1", &["AJOUTER 3"], at(2));
        let s = self.r.adjudicate(RACE, Mode::Force, at(3)).unwrap();
        assert_eq!(s.turn, 1);
        take_outbox(&self.r)
    }
}

fn to<'a>(sent: &'a [Sent], addr: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|m| m.to == vec![addr.to_string()]).collect()
}

#[test]
fn the_step_after_an_item_awaits_the_game_master_and_the_referee_is_told_by_mail() {
    let g = game(true, "");
    let sent = g.to_a_ruling();
    let g2 = g.r.open_game(RACE).unwrap();
    assert!(g2.game_master_awaited().unwrap());
    // Never among the families: not mailed, never ONR.
    assert!(!g2.awaited().unwrap().contains(GAME_MASTER));
    let admin = to(&sent, ADMIN);
    assert_eq!(admin.len(), 1, "{:?}", sent.iter().map(|m| (&m.to, &m.subject)).collect::<Vec<_>>());
    assert!(admin[0].text.contains("attend le maître de jeu"), "{}", admin[0].text);
    assert!(admin[0].text.contains("une règle maison : bonus pour un 3 ?"), "the items: {}", admin[0].text);
    assert!(admin[0].text.contains("arbitre mj race-1 --etat"), "{}", admin[0].text);
    // `game status` shows it.
    let st = g.r.status(RACE, at(4)).unwrap();
    let gm = st.game_master.expect("a game master");
    assert!(gm.awaited && !gm.answered && gm.items == 1, "{gm:?}");
    // `--etat`.
    let e = g.r.game_master_state(RACE, at(4)).unwrap();
    assert!(e.awaited);
    assert_eq!(e.items, vec!["une règle maison : bonus pour un 3 ?".to_string()]);
}

#[test]
fn the_game_masters_lines_are_acknowledged_stored_as_its_orders_and_applied_when_the_step_is_played() {
    let g = game(true, "");
    g.to_a_ruling();
    assert_eq!(g.total(), 3);
    // --verifier: the acknowledgement only.
    let ack = g.r.game_master_orders(RACE, "# a comment\nBONUS 9\nBONUS 2\n", true, at(5)).unwrap();
    assert!(!ack.stored);
    assert_eq!(ack.verdicts.len(), 2);
    assert!(!ack.verdicts[0].is_accepted() && ack.verdicts[1].is_accepted());
    let text = arbitre::referee::game_master::ack_text(&ack, arbitre::i18n::Lang::Fr);
    assert!(text.contains("> BONUS 9\n  refusé : ligne inconnue du maître de jeu"), "{text}");
    assert!(text.contains("vérification seule"), "{text}");
    let g2 = g.r.open_game(RACE).unwrap();
    assert!(g2.dir.read_family_orders::<serde_json::Value>(2, GAME_MASTER).unwrap().is_none());
    // Stored, as the step's orders of `@mj`.
    let ack = g.r.game_master_orders(RACE, "BONUS 2\n", false, at(6)).unwrap();
    assert!(ack.stored && !ack.replaced && ack.awaited);
    let rec = g2.dir.read_family_orders::<serde_json::Value>(2, GAME_MASTER).unwrap().expect("stored");
    assert_eq!(rec["orders"]["bonus"], 2);
    assert!(g.r.status(RACE, at(6)).unwrap().game_master.unwrap().answered);
    // Bruno moves; the step is played with the ruling.
    g.send(1, "b2", &["AJOUTER 1"], at(7));
    g.r.adjudicate(RACE, Mode::Force, at(8)).unwrap();
    assert_eq!(g.total(), 3 + 2 + 1);
    // No mail about the silence: it answered.
    assert!(to(&take_outbox(&g.r), ADMIN).is_empty());
}

#[test]
fn early_adjudication_waits_for_the_game_master_as_for_a_seat() {
    let g = game(true, "early = \"10m\"");
    g.to_a_ruling();
    g.send(1, "b2", &["AJOUTER 1"], at(10));
    let open = g.r.open_game(RACE).unwrap();
    let records = open.dir.read_orders(2).unwrap();
    assert_eq!(g.r.timing(&open, &records).unwrap(), Timing::Deadline, "Bruno is ready, the game master is not");
    g.r.game_master_orders(RACE, "PASSE", false, at(12)).unwrap();
    let open = g.r.open_game(RACE).unwrap();
    let records = open.dir.read_orders(2).unwrap();
    assert_eq!(g.r.timing(&open, &records).unwrap(), Timing::Early { at: at(22), confirmed: false });
}

#[test]
fn the_game_masters_silence_at_the_deadline_rules_nothing_and_alerts_the_referee() {
    let g = game(true, "");
    g.to_a_ruling();
    // The reminder goes to the referee's address.
    let deadline = g.r.read_meta(RACE).unwrap().unwrap().deadline.unwrap();
    let before = deadline.checked_sub(SignedDuration::from_hours(5)).unwrap();
    assert!(g.r.send_reminders(RACE, before).unwrap() >= 1);
    let sent = take_outbox(&g.r);
    let admin = to(&sent, ADMIN);
    assert_eq!(admin.len(), 1);
    assert!(admin[0].text.contains("attend toujours le maître de jeu"), "{}", admin[0].text);
    g.send(1, "b2", &["AJOUTER 1"], at(20));
    let s = g.r.adjudicate(RACE, Mode::Deadline, deadline).unwrap();
    assert!(s.held.is_none());
    assert!(!s.statuses.contains_key(GAME_MASTER), "never ONR or PNJ");
    assert_eq!(g.total(), 4, "no bonus");
    let sent = take_outbox(&g.r);
    let admin = to(&sent, ADMIN);
    assert_eq!(admin.len(), 1);
    assert!(admin[0].text.contains("n'a rien écrit à l'étape 2"), "{}", admin[0].text);
}

#[test]
fn a_game_master_command_is_refused_with_its_reason() {
    let g = game(false, "");
    let e = g.r.game_master_orders(RACE, "PASSE", false, at(5)).unwrap_err().to_string();
    assert!(e.contains("has no game master"), "{e}");
    let e = g.r.game_master_orders("nope", "PASSE", false, at(5)).unwrap_err().to_string();
    assert!(e.contains("does not exist"), "{e}");
    let e = g.r.game_master_state(RACE, at(5)).unwrap_err().to_string();
    assert!(e.contains("has no game master"), "{e}");
    assert!(g.r.status(RACE, at(5)).unwrap().game_master.is_none());
    // A game over.
    let g = game(true, "");
    for (i, n) in [(0, "a"), (1, "b"), (0, "c"), (1, "d"), (0, "e"), (1, "f"), (0, "g"), (1, "h"), (0, "i"), (1, "j"), (0, "k")].iter().enumerate() {
        g.send(n.0, &format!("{}{i}", n.1), &["AJOUTER 2"], at(10 * i as i64 + 2));
        g.r.adjudicate(RACE, Mode::Force, at(10 * i as i64 + 3)).unwrap();
        if g.r.read_meta(RACE).unwrap().unwrap().finished {
            break;
        }
    }
    assert!(g.r.read_meta(RACE).unwrap().unwrap().finished);
    let e = g.r.game_master_orders(RACE, "PASSE", false, at(500)).unwrap_err().to_string();
    assert!(e.contains("is over"), "{e}");
}

#[test]
fn no_registration_or_mail_can_take_or_impersonate_the_game_masters_seat() {
    // A registration under its name is refused (a family's name holds no `@`).
    let g = fresh(true, "");
    for name in ["@mj", "@MJ"] {
        let raw = mail("c@x.test", &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {RACE}\nINSCRIPTION {name}\n"), t0());
        g.r.handle_mail(&raw, t0()).unwrap();
        let sent = take_outbox(&g.r);
        assert!(g.r.read_meta(RACE).unwrap().unwrap().families.is_empty(), "{name}: {sent:#?}");
    }
    let g = game(true, "");
    g.to_a_ruling();
    // A mail writing orders as the seat is not taken as the game master's.
    for seat in ["@mj", "@MJ", "\"@mj\""] {
        let body = format!("PARTIE {RACE}\nJOUEUR {seat}\nMOTDEPASSE x\nBONUS 5\nFIN\n");
        g.r.handle_mail(&mail("c@x.test", &format!("mj-{seat}@x.test"), "Ordres", &body, at(6)), at(6)).unwrap();
        take_outbox(&g.r);
    }
    let open = g.r.open_game(RACE).unwrap();
    assert!(open.dir.read_family_orders::<serde_json::Value>(2, GAME_MASTER).unwrap().is_none());
    // No web request opens a private page for the seat: its token names no family.
    let path = arbitre::web::link::private_path(&g.r, RACE, GAME_MASTER).unwrap();
    let token = path.rsplit('/').next().unwrap();
    let meta = g.r.read_meta(RACE).unwrap().unwrap();
    assert!(arbitre::web::link::family_of_token(&g.r, &meta, token).is_none());
}
