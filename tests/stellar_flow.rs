//! How a game of Stellar or Stellium flows by mail (issue #30): a full game
//! starts at once; the player not to move gets a short notice; a resignation
//! by the player not to move ends a Stellar game at once; the non-mover's
//! `ATTENDRE` holds nothing; the "not your turn" reply names the step of the
//! player's next move; what the welcome and every report teach; and the
//! words of the mails.

mod support;

use std::sync::Arc;
use std::time::Duration;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, password_in, t0, take_outbox, Sent};

const STELLAR: &str = "stellar-1";
const STELLIUM: &str = "stellium-1";
const PLAYERS: [(&str, &str); 3] = [("a@x.test", "Anne"), ("b@x.test", "Bruno"), ("c@x.test", "Carla")];

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

fn config(game: &str, ruleset: &str, extra: &str) -> String {
    format!(
        r#"{head}
[[games]]
id = "{game}"
ruleset = "{ruleset}"
time_zone = "Europe/Paris"
deadline = "after 48h"
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 5
{extra}
"#,
        head = support::config_head()
    )
}

fn referee_in(dir: &std::path::Path, text: &str) -> Referee {
    std::fs::write(dir.join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.join("config.toml")).unwrap();
    Referee::new(cfg, support::templates()).unwrap()
}

fn join_mail(game: &str, i: usize, lang: &str) -> Vec<u8> {
    let (addr, name) = PLAYERS[i];
    let body = if lang == "en" { format!("GAME {game}\nJOIN {name}\n") } else { format!("PARTIE {game}\nINSCRIPTION {name}\n") };
    mail(addr, &format!("join-{name}@x.test"), if lang == "en" { "Join" } else { "Inscription" }, &body, t0())
}

fn to<'a>(sent: &'a [Sent], addr: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|m| m.to == vec![addr.to_string()]).collect()
}

/// Puts `raw` in the Maildir inbox as a mail server would.
fn deliver(root: &std::path::Path, name: &str, raw: &[u8]) {
    let tmp = root.join("mail/inbox/tmp").join(name);
    std::fs::create_dir_all(tmp.parent().unwrap()).unwrap();
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    std::fs::write(&tmp, raw).unwrap();
    std::fs::rename(&tmp, root.join("mail/inbox/new").join(name)).unwrap();
}

/// The whole path: two registrations by mail to the daemon fill a game of
/// Stellar, whose registration step is then played at once (no `game
/// close`, no early adjudication, its deadline two days away), and the
/// starting-choice reports reach both players.
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn a_full_game_starts_at_once_without_game_close_or_its_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    let referee = Arc::new(referee_in(&root, &config(STELLAR, "stellar", "")));
    referee.create_game(STELLAR, None, t0()).unwrap();
    let (clock, stop_tx, running) = support::spawn_daemon(&root, referee.clone(), t0(), Duration::from_secs(60));
    deliver(&root, "1.eml", &join_mail(STELLAR, 0, "fr"));
    deliver(&root, "2.eml", &join_mail(STELLAR, 1, "fr"));
    let turn = || referee.read_meta(STELLAR).unwrap().unwrap().turn;
    for _ in 0..600 {
        if turn() >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(turn(), 1, "the full game did not start");
    assert!(clock.now() < at(30), "started at {}", clock.now());
    let meta = referee.read_meta(STELLAR).unwrap().unwrap();
    assert!(meta.registration_open, "the referee's switch was left as it was");
    tokio::time::sleep(Duration::from_secs(30)).await;
    for (addr, _) in &PLAYERS[..2] {
        let n = std::fs::read_dir(root.join("mail/outgoing").join(addr).join("new")).map(|d| d.count()).unwrap_or(0);
        assert!(n >= 2, "{addr}: the welcome and the first report ({n} mails)");
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

/// The same at the referee's level: the registration step of a full game
/// is due at once; one seat short, it waits for its deadline.
#[test]
fn a_full_game_is_due_at_once_and_not_before() {
    let dir = tempfile::tempdir().unwrap();
    let r = referee_in(dir.path(), &config(STELLIUM, "stellium", ""));
    r.create_game(STELLIUM, Some(5), t0()).unwrap();
    for i in 0..3 {
        r.handle_mail(&join_mail(STELLIUM, i, "fr"), t0()).unwrap();
    }
    assert_eq!(r.early_due(STELLIUM).unwrap(), None, "three seats of four");
    let raw = mail("d@x.test", "join-Dora@x.test", "Inscription", &format!("PARTIE {STELLIUM}\nINSCRIPTION Dora\n"), at(5));
    r.handle_mail(&raw, at(5)).unwrap();
    let due = r.early_due(STELLIUM).unwrap().expect("a full game is due at once");
    assert!(due <= at(5));
    let s = r.adjudicate(STELLIUM, Mode::Early, at(5)).unwrap();
    assert_eq!((s.turn, s.reports), (0, 4));
    // A referee who announced a start date keeps it.
    let dir = tempfile::tempdir().unwrap();
    let r = referee_in(dir.path(), &config(STELLAR, "stellar", "start_when_full = false"));
    r.create_game(STELLAR, None, t0()).unwrap();
    for i in 0..2 {
        r.handle_mail(&join_mail(STELLAR, i, "fr"), t0()).unwrap();
    }
    assert_eq!(r.early_due(STELLAR).unwrap(), None);
}

/// A game by mail through the referee (no daemon): players registered, the
/// registration step played.
struct Game {
    _dir: tempfile::TempDir,
    r: Referee,
    id: &'static str,
    pw: Vec<String>,
}

/// Stellar with Anne and Bruno, its registration step played.
fn stellar(extra: &str) -> Game {
    let dir = tempfile::tempdir().unwrap();
    let r = referee_in(dir.path(), &config(STELLAR, "stellar", extra));
    r.create_game(STELLAR, None, t0()).unwrap();
    let pw = (0..2)
        .map(|i| {
            r.handle_mail(&join_mail(STELLAR, i, "fr"), t0()).unwrap();
            password_in(&take_outbox(&r)[0].text)
        })
        .collect();
    r.adjudicate(STELLAR, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Game { _dir: dir, r, id: STELLAR, pw }
}

/// Stellium with `n` players (registration closed by the referee below 4).
fn stellium(n: usize, extra: &str) -> Game {
    let dir = tempfile::tempdir().unwrap();
    let r = referee_in(dir.path(), &config(STELLIUM, "stellium", extra));
    r.create_game(STELLIUM, Some(5), t0()).unwrap();
    let pw = (0..n)
        .map(|i| {
            r.handle_mail(&join_mail(STELLIUM, i, "fr"), t0()).unwrap();
            password_in(&take_outbox(&r)[0].text)
        })
        .collect();
    r.set_registration(STELLIUM, false).unwrap();
    r.adjudicate(STELLIUM, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Game { _dir: dir, r, id: STELLIUM, pw }
}

impl Game {
    fn send(&self, i: usize, id: &str, turn: Option<u32>, lines: &[&str], when: Timestamp) -> Vec<Sent> {
        let (addr, name) = PLAYERS[i];
        let mut body = format!("PARTIE {}\nJOUEUR {name}\nMOTDEPASSE {}\n", self.id, self.pw[i]);
        if let Some(t) = turn {
            body.push_str(&format!("TOUR {t}\n"));
        }
        for l in lines {
            body.push_str(l);
            body.push('\n');
        }
        body.push_str("FIN\n");
        self.r.handle_mail(&mail(addr, &format!("{id}@x.test"), "Ordres", &body, when), when).unwrap();
        take_outbox(&self.r)
    }

    /// The players awaited in the open step.
    fn awaited(&self) -> Vec<usize> {
        let a = self.r.open_game(self.id).unwrap().awaited().unwrap();
        (0..self.pw.len()).filter(|i| a.contains(&arbitre::text::key(PLAYERS[*i].1))).collect()
    }

    fn turn(&self) -> u32 {
        self.r.read_meta(self.id).unwrap().unwrap().turn
    }

    /// Every awaited player sends the simulated player's orders for the
    /// open step, which is then played; returns the mails of the step.
    fn play(&self, when: Timestamp) -> Vec<Sent> {
        let g = self.r.open_game(self.id).unwrap();
        for i in self.awaited() {
            let key = arbitre::text::key(PLAYERS[i].1);
            let mut dice = arbitre::dice::Dice::for_turn(7, g.meta.turn);
            let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            self.send(i, &format!("o{}-{i}", g.meta.turn), Some(g.meta.turn), &lines, when);
        }
        self.r.adjudicate(self.id, Mode::Force, when).unwrap();
        take_outbox(&self.r)
    }
}

/// The `.ics` attachments of the mails waiting in the outbox (read without
/// taking them).
fn calendars(r: &Referee) -> Vec<String> {
    let outbox = r.store.outbox();
    let mut v = Vec::new();
    for meta in outbox.list(arbitre::store::OutboxState::New).unwrap() {
        let raw = outbox.raw(&meta.id).unwrap().unwrap();
        let m = mail_parser::MessageParser::default().parse(&raw[..]).unwrap();
        for a in m.attachments() {
            if mail_parser::MimeHeaders::attachment_name(a).is_some_and(|n| n.ends_with(".ics")) {
                v.push(String::from_utf8_lossy(a.contents()).into_owned());
            }
        }
    }
    v
}

#[test]
fn the_player_not_to_move_gets_a_short_notice_without_a_calendar_alarm() {
    let g = stellar("");
    // Step 1: the starting choice, both players; then Play, one mover.
    let mails = g.play(at(10));
    let movers = g.awaited();
    assert_eq!(movers.len(), 1);
    let (mover, other) = (movers[0], 1 - movers[0]);
    let to_mover = to(&mails, PLAYERS[mover].0);
    let to_other = to(&mails, PLAYERS[other].0);
    assert_eq!((to_mover.len(), to_other.len()), (1, 1));
    assert!(to_mover[0].subject.contains("À vous de jouer"), "{}", to_mover[0].subject);
    assert!(to_mover[0].attachments.iter().any(|a| a.ends_with(".ics")), "{:?}", to_mover[0].attachments);
    let notice = to_other[0];
    assert!(notice.subject.contains("Tour 1 joué — joueur"), "{}", notice.subject);
    assert!(!notice.attachments.iter().any(|a| a.ends_with(".ics")), "no alarm for the player not to move: {:?}", notice.attachments);
    assert!(notice.text.contains(&format!("c'est à {} de jouer", PLAYERS[mover].1)), "{}", notice.text);
    assert!(notice.text.contains("RAPPORT"), "{}", notice.text);
    assert!(notice.text.len() < 1200, "a short notice: {}", notice.text);
    // RAPPORT sends the full report of the step.
    let again = g.send(other, "r1", None, &["RAPPORT"], at(11));
    assert!(again.iter().any(|m| m.subject.contains("Rapport du tour 1")), "{:?}", again.iter().map(|m| &m.subject).collect::<Vec<_>>());

    // A referee who wants the full report for both.
    let g = stellar("waiting_notice = false");
    let mails = g.play(at(10));
    for (addr, _) in &PLAYERS[..2] {
        let m = to(&mails, addr);
        assert!(m[0].subject.contains("Rapport du tour 1"), "{}", m[0].subject);
        assert!(m[0].attachments.iter().any(|a| a.ends_with(".ics")), "{:?}", m[0].attachments);
    }
}

#[test]
fn the_calendar_stamp_is_the_instant_the_step_was_played() {
    let g = stellar("early = \"15m\"");
    // Played early, two days before its deadline.
    for i in g.awaited() {
        let gm = g.r.open_game(g.id).unwrap();
        let key = arbitre::text::key(PLAYERS[i].1);
        let lines = gm.engine.sample_orders(&gm.state, &key, &mut arbitre::dice::Dice::for_turn(7, 1)).unwrap();
        let mut lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        lines.push("CONFIRMER");
        g.send(i, &format!("s{i}"), Some(1), &lines, at(10));
    }
    let due = g.r.early_due(g.id).unwrap().unwrap();
    g.r.adjudicate(g.id, Mode::Early, due).unwrap();
    let ics = calendars(&g.r);
    assert!(!ics.is_empty());
    let stamp = due.strftime("%Y%m%dT%H%M%SZ").to_string();
    for c in &ics {
        assert!(c.contains(&format!("DTSTAMP:{stamp}")), "stamped {stamp}:\n{c}");
    }
}

#[test]
fn s21_abandon_by_the_player_not_to_move_ends_the_game_at_once() {
    let g = stellar("");
    g.play(at(10));
    let mover = g.awaited()[0];
    let other = 1 - mover;
    let ack = g.send(other, "quit", None, &["ABANDON"], at(20));
    assert!(ack[0].text.contains("ABANDON"), "{}", ack[0].text);
    // Due now, without the mover's move or the deadline (no early setting).
    let due = g.r.early_due(g.id).unwrap().expect("the concession is played at once");
    assert!(due <= at(20));
    let s = g.r.adjudicate(g.id, Mode::Early, at(20)).unwrap();
    assert!(s.finished);
    assert!(s.statuses.is_empty(), "nobody missed a move: {:?}", s.statuses);
    let meta = g.r.read_meta(g.id).unwrap().unwrap();
    assert_eq!(meta.families[&arbitre::text::key(PLAYERS[mover].1)].onr_streak, 0);
    let mails = take_outbox(&g.r);
    assert_eq!(mails.len(), 2, "the final report to both");
    assert!(mails.iter().all(|m| m.subject.contains("Rapport du tour 2")), "{:?}", mails.iter().map(|m| &m.subject).collect::<Vec<_>>());
}

#[test]
fn the_non_movers_wait_holds_nothing_and_is_not_acknowledged_as_holding() {
    let g = stellar("early = \"15m\"");
    g.play(at(10));
    let mover = g.awaited()[0];
    let other = 1 - mover;
    let ack = g.send(other, "w", None, &["ATTENDRE"], at(11));
    assert!(ack[0].text.contains("ATTENDRE : ce n'est pas à vous de jouer au tour 2"), "{}", ack[0].text);
    assert!(!ack[0].text.contains("ne sera pas joué avant sa date limite"), "{}", ack[0].text);
    let gm = g.r.open_game(g.id).unwrap();
    let key = arbitre::text::key(PLAYERS[mover].1);
    let lines = gm.engine.sample_orders(&gm.state, &key, &mut arbitre::dice::Dice::for_turn(7, 2)).unwrap();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    g.send(mover, "m", None, &lines, at(12));
    assert_eq!(g.r.early_due(g.id).unwrap(), Some(at(27)), "held by the player not to move");
}

#[test]
fn not_your_move_names_the_step_of_the_players_next_move() {
    let g = stellium(3, "");
    assert_eq!(g.turn(), 1);
    // The seat that moves two steps later, in the booklet's order.
    let s: arbitre::games::stellium::StelliumState = serde_json::from_slice(&g.r.store.game(g.id).unwrap().read_state(1).unwrap().unwrap()).unwrap();
    let third = PLAYERS.iter().position(|(_, n)| *n == s.seats[(s.mover + 2) % 3].name).unwrap();
    let ack = g.send(third, "early", None, &["PIOCHE R"], at(5));
    assert!(ack[0].text.contains("Votre prochain coup est au tour 3"), "{}", ack[0].text);
    assert!(ack[0].text.contains("écrivez « TOUR 3 »"), "{}", ack[0].text);
    // The seat that moves in the very next step: a refill may still come
    // first (any move may empty a galaxy, T25), so the step is not certain.
    let second = PLAYERS.iter().position(|(_, n)| *n == s.seats[(s.mover + 1) % 3].name).unwrap();
    let ack = g.send(second, "next", None, &["PIOCHE R"], at(6));
    assert!(ack[0].text.contains("Votre prochain coup est au tour 2, si aucune étape ne s'intercale"), "{}", ack[0].text);
}

/// Stellar's "not your move" reply names the next step, with "unless a
/// step comes in between" while the mover may still refresh the row
/// (« Cartes satellite »: the refresh is a step of its own, after which the
/// same player moves).
#[test]
fn cartes_satellite_not_your_move_names_the_next_step_unless_a_refresh_comes_between() {
    let g = stellar("");
    g.play(at(10));
    let (mut with_refresh, mut without) = (false, false);
    for k in 0..40 {
        let open = g.turn();
        let s: arbitre::games::stellar::StellarState =
            serde_json::from_slice(&g.r.store.game(g.id).unwrap().read_state(open).unwrap().unwrap()).unwrap();
        if s.phase != arbitre::games::stellar::model::Phase::Play {
            break;
        }
        let other = 1 - g.awaited()[0];
        let ack = &g.send(other, &format!("early-{k}"), None, &["PRENDRE 1"], at(11 + 2 * k))[0].text;
        let next = format!("Votre prochain coup est au tour {}", open + 1);
        if s.refresh_allowed {
            assert!(ack.contains(&format!("{next}, si aucune étape ne s'intercale :")), "{ack}");
            with_refresh = true;
        } else {
            assert!(ack.contains(&format!("{next} :")), "{ack}");
            without = true;
        }
        if with_refresh && without {
            return;
        }
        g.play(at(12 + 2 * k));
    }
    panic!("both cases seen: refresh allowed {with_refresh}, not allowed {without}");
}

#[test]
fn the_welcome_carries_the_guide_and_speaks_of_players_not_families() {
    let dir = tempfile::tempdir().unwrap();
    let r = referee_in(dir.path(), &config(STELLAR, "stellar", ""));
    r.create_game(STELLAR, None, t0()).unwrap();
    r.handle_mail(&join_mail(STELLAR, 0, "fr"), t0()).unwrap();
    let w = take_outbox(&r);
    let w = &w[0].text;
    assert!(w.contains("Le guide du joueur") && w.contains("PRENDRE <1-5>") && w.contains("FINALE <A|B>"), "{w}");
    assert!(w.contains("JOUEUR Anne") && w.contains("joueur Anne, vous êtes inscrit"), "{w}");
    assert!(!w.to_lowercase().contains("famille"), "{w}");
}

#[test]
fn every_report_ends_with_how_to_write_the_moves_legal_now() {
    let g = stellar("");
    // The reports of the registration step: the starting choice.
    let dir = tempfile::tempdir().unwrap();
    let _ = dir;
    let mails = g.play(at(10));
    let mover = g.awaited()[0];
    let report = &to(&mails, PLAYERS[mover].0)[0].text;
    let how = report.rfind("== Comment écrire votre coup ==").unwrap_or_else(|| panic!("{report}"));
    assert!(how > report.rfind("== Formulaire d'ordres ==").unwrap(), "{report}");
    assert!(report[how..].contains("PRENDRE <position> <carte>") && report[how..].contains("COORDONNEE TELESCOPE"), "{report}");
    assert!(report.contains(&format!("JOUEUR {}", PLAYERS[mover].1)) && !report.contains("FAMILLE"), "{report}");
    // The HTML part of the same mail ends with the same words, escaped.
    let html = &to(&mails, PLAYERS[mover].0)[0].html;
    let how = html.rfind(">Comment écrire votre coup</h2>").unwrap_or_else(|| panic!("{html}"));
    assert!(how > html.rfind(">Formulaire d'ordres</h2>").unwrap_or_else(|| panic!("{html}")), "{html}");
    assert!(html[how..].contains("PRENDRE &lt;position&gt; &lt;carte&gt;") && html[how..].contains("COORDONNEE TELESCOPE"), "{html}");
    assert!(html[how..].contains(&format!("entre « TOUR {} »", g.turn())), "{html}");
    // Stellium: the player to move is told how to write a turn; the log's
    // colours agree with "astre".
    let g = stellium(2, "");
    let mut all = String::new();
    for k in 0..4 {
        let mails = g.play(at(10 + k));
        for m in &mails {
            all.push_str(&m.text);
        }
        let mover = g.awaited()[0];
        let report = &to(&mails, PLAYERS[mover].0)[0].text;
        assert!(report.contains("== Comment écrire votre coup ==") && report.contains("PIOCHE <couleur>"), "{report}");
        let html = &to(&mails, PLAYERS[mover].0)[0].html;
        let how = html.rfind(">Comment écrire votre coup</h2>").unwrap_or_else(|| panic!("{html}"));
        assert!(html[how..].contains("PIOCHE &lt;couleur&gt;") && html[how..].contains("VALIDE &lt;objectif&gt;"), "{html}");
    }
    for bad in ["astre verte", "astre bleue", "astre jaune", "astre rose"] {
        assert!(!all.contains(bad), "{bad}: {all}");
    }
}

#[test]
fn help_and_a_mail_without_orders_speak_the_rulesets_words() {
    let g = stellar("");
    let sent = g.send(0, "h", None, &["AIDE"], at(5));
    let help = sent.iter().find(|m| m.text.contains("Guide du joueur")).unwrap_or_else(|| panic!("{sent:?}"));
    assert!(help.text.contains("JOUEUR Anne") && help.text.contains("PRENDRE <1-5>"), "{}", help.text);
    assert!(!help.text.contains("FAMILLE") && !help.text.contains("<famille>") && !help.text.contains("LIEU"), "{}", help.text);
    // A mail with no orders block, to a referee whose only game is Stellar.
    g.r.handle_mail(&mail("z@x.test", "blank@x.test", "Bonjour", "Bonjour, comment joue-t-on ?\n", at(6)), at(6)).unwrap();
    let sent = take_outbox(&g.r);
    let t = &sent[0].text;
    assert!(t.contains("PARTIE stellar-1") && t.contains("JOUEUR VotreNom") && t.contains("PRENDRE 3"), "{t}");
    assert!(!t.contains("STELLARIUM") && !t.contains("FAMILLE") && !t.contains("LIEU"), "{t}");
}

#[test]
fn a_report_to_a_player_who_had_no_move_has_no_blank_status_line() {
    let g = stellar("waiting_notice = false");
    g.play(at(10));
    let mails = g.play(at(20));
    let waiting = g.awaited()[0];
    // The player who moves next had no move in the step just played.
    let report = &to(&mails, PLAYERS[waiting].0)[0].text;
    assert!(report.contains("Vous n'aviez pas à jouer à cette étape."), "{report}");
    assert!(report.lines().all(|l| l.trim_end() != "Statut de vos ordres à cette étape :"), "a blank status line:\n{report}");
}

#[test]
fn game_status_into_a_closed_pipe_exits_quietly() {
    use std::process::{Command, Stdio};
    let g = stellar("");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(g._dir.path().join("config.toml"))
        .arg("--templates")
        .arg(support::templates())
        .args(["game", "status", STELLAR])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader is gone before anything is written (`| head` that has read enough).
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !err.contains("panicked"), "{:?}: {err}", out.status);
}

/// Stellium's orders in advance name holes and colours: a block whose hole
/// was taken meanwhile is not played there, and the report that opens the
/// step says which line was refused and why.
#[test]
fn stellium_orders_in_advance_whose_hole_was_taken_are_reported_not_played() {
    let g = stellium(2, "");
    let mover = g.awaited()[0];
    let other = 1 - mover;
    let gm = g.r.open_game(g.id).unwrap();
    let key = arbitre::text::key(PLAYERS[mover].1);
    let lines = gm.engine.sample_orders(&gm.state, &key, &mut arbitre::dice::Dice::for_turn(7, 1)).unwrap();
    let pose = lines.iter().find(|l| l.starts_with("POSE ")).unwrap().clone();
    let hole = pose.split_whitespace().nth(1).unwrap().to_string();
    let draw = lines.iter().find(|l| l.starts_with("PIOCHE ")).unwrap().clone();
    // The other player writes his step 2 ahead, on the hole the mover is about to take.
    let ack = g.send(other, "adv", Some(2), &[&draw, &format!("POSE {hole}")], at(5));
    assert!(ack[0].text.contains(&format!("POSE {hole}")) && ack[0].text.contains("TOUR 2"), "{}", ack[0].text);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    g.send(mover, "mv", Some(1), &lines, at(6));
    g.r.adjudicate(g.id, Mode::Force, at(7)).unwrap();
    let mails = take_outbox(&g.r);
    let report = &to(&mails, PLAYERS[other].0)[0].text;
    let refused = report.lines().position(|l| l.contains("ERREUR") && l.contains(&format!("POSE {hole}"))).unwrap_or_else(|| panic!("{report}"));
    assert!(report.lines().nth(refused + 1).is_some_and(|l| l.contains('→')), "{report}");
    let s: arbitre::games::stellium::StelliumState = serde_json::from_slice(&g.r.store.game(g.id).unwrap().read_state(2).unwrap().unwrap()).unwrap();
    assert_eq!(s.mover, s.seats.iter().position(|x| x.name == PLAYERS[other].1).unwrap());
}
