//! A player's whole life in a game, and the referee's recovery commands, in
//! one scenario per simultaneous ruleset (Stellarium and Galaxy): holds lifted
//! by each of `game extend`, `game resume` and `adjudicate`, a rollback, a
//! replaced player who then follows the game, a forgotten password, a change
//! of address confirmed from both addresses, and an absence. The commands run through the `arbitre` binary; after every
//! step the test checks every mail each player (and the referee) received:
//! exactly what that step should send, to whom, in the reader's language.

mod support;

use std::collections::BTreeMap;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::*;

const ADMIN: &str = "referee@example.test";

/// The players: three write in French, Delta in English.
const PLAYERS: [(&str, &str); 4] = [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma"), ("d@x.test", "Delta")];

struct Game {
    e: Env,
    ruleset: &'static str,
    /// Address and password of each seat, in `PLAYERS` order.
    seats: Vec<(String, String)>,
    /// Addresses without a seat that follow the game (a replaced player).
    followers: Vec<String>,
}

fn game_env(ruleset: &str) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let mut text = config_text("").replace("ruleset = \"stellarium\"", &format!("ruleset = \"{ruleset}\""));
    if ruleset == "galaxy" {
        text += "\n[games.settings]\nplayers = 4\n";
    }
    std::fs::write(dir.path().join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let referee = Referee::new(cfg, templates()).unwrap();
    referee.create_game(GAME, Some(11), t0()).unwrap();
    Env { dir, referee }
}

/// The mails queued since the last look, by recipient.
fn mails(g: &Game) -> BTreeMap<String, Vec<Sent>> {
    let mut by: BTreeMap<String, Vec<Sent>> = BTreeMap::new();
    for m in take_outbox(&g.e.referee) {
        assert_eq!(m.to.len(), 1, "one recipient a mail: {m:#?}");
        by.entry(m.to[0].clone()).or_default().push(m);
    }
    by
}

/// Each address of `to` got exactly one mail, whose subject holds `fr` (or
/// `en` for Delta's English seat), and nobody else got anything but what
/// `others` allows.
fn each_got_one(step: &str, by: &BTreeMap<String, Vec<Sent>>, to: &[&str], fr: &str, en: &str, others: &[&str]) {
    for a in to {
        let got = by.get(*a).map(Vec::as_slice).unwrap_or_default();
        assert_eq!(got.len(), 1, "{step}: {a} got {} mails: {got:#?}", got.len());
        let want = if *a == "d@x.test" { en } else { fr };
        assert!(got[0].subject.contains(want), "{step}: {a}: subject {:?}, not {want:?}", got[0].subject);
        if *a == "d@x.test" {
            for w in ["Bonjour", "Tour ", "Rapport", "famille", "joueur"] {
                assert!(!got[0].text.contains(w) && !got[0].subject.contains(w), "{step}: French {w:?} to the English seat: {}", got[0].text);
            }
        }
    }
    for (a, got) in by {
        assert!(to.contains(&a.as_str()) || others.contains(&a.as_str()), "{step}: {a} was mailed: {got:#?}");
    }
}

impl Game {
    fn r(&self) -> &Referee {
        &self.e.referee
    }

    fn deadline(&self) -> Timestamp {
        self.r().read_meta(GAME).unwrap().unwrap().deadline.unwrap()
    }

    fn turn(&self) -> u32 {
        self.r().read_meta(GAME).unwrap().unwrap().turn
    }

    fn before(&self) -> Timestamp {
        self.deadline().checked_sub(SignedDuration::from_hours(2)).unwrap()
    }

    fn after(&self) -> Timestamp {
        self.deadline().checked_add(SignedDuration::from_mins(1)).unwrap()
    }

    /// Seat `i` sends the ruleset's sample orders for the open turn from its
    /// address at `at`; `None` when the ruleset asks for nothing now.
    fn orders(&self, i: usize, at: Timestamp) -> Option<()> {
        let g = self.r().open_game(GAME).unwrap();
        let key = arbitre::text::key(PLAYERS[i].1);
        let mut dice = arbitre::dice::Dice::for_turn(9 + i as u64, g.meta.turn);
        let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
        if lines.is_empty() {
            return None;
        }
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let (addr, pw) = &self.seats[i];
        let raw = mail(addr, &format!("o{}-{i}-{at}@x.test", g.meta.turn), "Ordres", &orders_body(PLAYERS[i].1, pw, Some(g.meta.turn), &refs), at);
        self.r().handle_mail(&raw, at).unwrap();
        Some(())
    }

    /// Runs the `arbitre` binary at game time `at`; its standard output.
    fn cli(&self, at: Timestamp, args: &[&str]) -> String {
        let clock = self.e.dir.path().join("clock");
        std::fs::write(&clock, at.to_string()).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("--config")
            .arg(self.e.dir.path().join("config.toml"))
            .arg("--templates")
            .arg(templates())
            .arg("--clock-file")
            .arg(&clock)
            .args(args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "arbitre {args:?}: {stdout}{}", String::from_utf8_lossy(&out.stderr));
        stdout
    }

    fn addresses(&self) -> Vec<&str> {
        self.seats.iter().map(|(a, _)| a.as_str()).collect()
    }

    /// Every seat plays the open turn and it is adjudicated at its deadline:
    /// one report each, and the public chronicle to each follower.
    fn play_turn(&self) -> BTreeMap<String, Vec<Sent>> {
        self.play_turn_but(&[])
    }

    /// [`Game::play_turn`], the seats of `silent` sending nothing; the
    /// reports, by recipient.
    fn play_turn_but(&self, silent: &[usize]) -> BTreeMap<String, Vec<Sent>> {
        let n = self.turn();
        for i in (0..4).filter(|i| !silent.contains(i)) {
            if self.orders(i, self.before()).is_some() {
                each_got_one("an acknowledgement", &mails(self), &[&self.seats[i].0], "", "", &[]);
            }
        }
        let s = self.r().adjudicate(GAME, Mode::Deadline, self.after()).unwrap();
        assert_eq!(s.held, None, "turn {n}");
        let by = mails(self);
        let followers: Vec<&str> = self.followers.iter().map(String::as_str).collect();
        each_got_one(&format!("turn {n}'s reports"), &by, &self.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &followers);
        for f in &followers {
            let got = by.get(*f).map(Vec::as_slice).unwrap_or_default();
            assert!(got.len() == 1 && got[0].subject.contains(&format!("Chronique du tour {n}")), "turn {n}: the follower {f} got {got:#?}");
        }
        by
    }

    /// Nobody writes before the deadline: the guard holds the turn, every
    /// player and the referee are told; then every seat's orders arrive late
    /// and are taken (each acknowledged).
    fn held_then_late_orders(&self) -> u32 {
        let n = self.turn();
        let s = self.r().adjudicate(GAME, Mode::Deadline, self.after()).unwrap();
        assert!(s.held.is_some(), "turn {n} held by the guard");
        each_got_one("the hold", &mails(self), &self.addresses(), &format!("Tour {n} suspendu"), &format!("Turn {n} on hold"), &[ADMIN]);
        let late = self.after().checked_add(SignedDuration::from_hours(1)).unwrap();
        for i in 0..4 {
            self.orders(i, late).expect("orders to give");
            let by = mails(self);
            each_got_one("a late order's acknowledgement", &by, &[&self.seats[i].0], "", "", &[]);
            let ack = &by[&self.seats[i].0][0].text;
            assert!(ack.contains("suspendu") || ack.contains("held"), "the acknowledgement says the turn is held: {ack}");
        }
        n
    }
}

fn start(ruleset: &'static str) -> Game {
    let e = game_env(ruleset);
    let t = t0();
    let mut seats: Vec<(String, String)> = PLAYERS[..3].iter().map(|(a, f)| (a.to_string(), join(&e.referee, a, f, t))).collect();
    let raw = mail("d@x.test", "join-d@x.test", "Join", &format!("GAME {GAME}\nJOIN Delta\n"), t);
    e.referee.handle_mail(&raw, t).unwrap();
    let welcome = take_outbox(&e.referee);
    assert!(welcome.len() == 1 && welcome[0].text.contains("Welcome"), "{welcome:#?}");
    seats.push(("d@x.test".into(), password_in(&welcome[0].text)));
    Game { e, ruleset, seats, followers: vec![] }
}

fn scenario(ruleset: &'static str) {
    let g = start(ruleset);
    g.play_turn(); // turn 0
    g.play_turn(); // turn 1

    // A hold lifted by `game extend`: every player is told the new deadline,
    // and the turn is played there with the late orders.
    let n = g.held_then_late_orders();
    let lift = g.after().checked_add(SignedDuration::from_hours(2)).unwrap();
    let out = g.cli(lift, &["game", "extend", GAME, "1d"]);
    assert!(out.contains("hold"), "{out}");
    each_got_one("extend", &mails(&g), &g.addresses(), "", "", &[]);
    assert_eq!(g.r().read_meta(GAME).unwrap().unwrap().held, None);
    let s = g.r().adjudicate(GAME, Mode::Deadline, g.after()).unwrap();
    assert_eq!((s.turn, s.held.clone()), (n, None));
    assert!(s.statuses.values().all(|st| st.label() == "OR"), "{ruleset}: the late orders count: {:?}", s.statuses);
    each_got_one("the turn after extend", &mails(&g), &g.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &[]);

    // A hold lifted by `game resume`: played at the daemon's next look.
    let n = g.held_then_late_orders();
    let lift = g.after().checked_add(SignedDuration::from_hours(2)).unwrap();
    g.cli(lift, &["game", "resume", GAME]);
    let by = mails(&g);
    assert!(by.keys().all(|a| a == ADMIN), "resume mails nobody but maybe the referee: {by:#?}");
    let s = g.r().adjudicate(GAME, Mode::Deadline, lift).unwrap();
    assert_eq!((s.turn, s.held.clone()), (n, None));
    each_got_one("the turn after resume", &mails(&g), &g.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &[]);

    // A hold lifted by `adjudicate`: played at once.
    let n = g.held_then_late_orders();
    let lift = g.after().checked_add(SignedDuration::from_hours(2)).unwrap();
    let out = g.cli(lift, &["adjudicate", GAME]);
    assert!(out.contains("hold lifted"), "{out}");
    each_got_one("adjudicate", &mails(&g), &g.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &[]);
    assert_eq!(g.turn(), n + 1);

    // A rollback to the turn just played: every player told, the turn played
    // again mails its reports.
    g.cli(g.before(), &["rollback", GAME, &n.to_string()]);
    each_got_one("rollback", &mails(&g), &g.addresses(), &format!("Retour au début du tour {n}"), &format!("Back to the start of turn {n}"), &[]);
    let s = g.r().adjudicate(GAME, Mode::Force, g.after()).unwrap();
    assert_eq!(s.turn, n);
    each_got_one("the turn played again", &mails(&g), &g.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &[]);

    // Gamma's seat goes to a new player: the newcomer gets the password and
    // the form, Gamma is told; Gamma's orders are refused from then on and
    // the newcomer's taken.
    let out = g.cli(g.before(), &["family", "replace", GAME, "Gamma", "g2@x.test"]);
    assert!(out.contains("g2@x.test"), "{out}");
    let by = mails(&g);
    each_got_one("replace", &by, &["g2@x.test", "c@x.test"], "", "", &[]);
    let pw = password_in(&by["g2@x.test"][0].text);
    let mut g = g;
    let old = std::mem::replace(&mut g.seats[2], ("g2@x.test".into(), pw));
    let raw = mail(&old.0, "old-gamma@x.test", "Ordres", &orders_body("Gamma", &old.1, Some(g.turn()), &[]), g.before());
    g.r().handle_mail(&raw, g.before()).unwrap();
    // Not taken; the seat's holder is warned (a mail from an address that is
    // not the seat's gets no answer: its sender may be forged), and Gamma was
    // told at the replacement that its password no longer works.
    let by = mails(&g);
    assert_eq!(by.keys().collect::<Vec<_>>(), ["g2@x.test"], "{by:#?}");
    assert!(g.r().open_game(GAME).unwrap().dir.read_family_orders::<serde_json::Value>(g.turn(), "GAMMA").unwrap().is_none(), "the old player's orders were taken");
    // The newcomer plays; Gamma follows the game (its public chronicle).
    g.followers.push(old.0.clone());
    g.play_turn();

    // Beta forgot its password: a new one, mailed to its address only; the
    // old one works until the new one is used.
    let ask = format!("PARTIE {GAME}\nFAMILLE Beta\nMOTDEPASSE OUBLIE\nFIN\n");
    g.r().handle_mail(&mail("b@x.test", "forgot@x.test", "Mot de passe", &ask, g.before()), g.before()).unwrap();
    let by = mails(&g);
    each_got_one("a forgotten password", &by, &["b@x.test"], "", "", &[]);
    let new = password_in(&by["b@x.test"][0].text);
    assert_ne!(new, g.seats[1].1);
    let old_pw = std::mem::replace(&mut g.seats[1].1, new);
    g.play_turn();
    let raw = mail("b@x.test", "old-pw@x.test", "Ordres", &orders_body("Beta", &old_pw, Some(g.turn()), &[]), g.before());
    g.r().handle_mail(&raw, g.before()).unwrap();
    let by = mails(&g);
    each_got_one("the old password once the new one was used", &by, &["b@x.test"], "", "", &[]);
    assert!(by["b@x.test"][0].text.contains("mot de passe était faux"), "{}", by["b@x.test"][0].text);

    // Alpha moves to a new address: a code goes there, and the seat moves
    // once the new address sends it back; both addresses are told.
    let body = format!("PARTIE {GAME}\nFAMILLE Alpha\nMOTDEPASSE {}\nADRESSE a2@x.test\nFIN\n", g.seats[0].1);
    g.r().handle_mail(&mail("a@x.test", "move@x.test", "Adresse", &body, g.before()), g.before()).unwrap();
    let by = mails(&g);
    each_got_one("a change of address asked", &by, &["a@x.test", "a2@x.test"], "", "", &[]);
    let code = by["a2@x.test"][0].text.lines().find(|l| l.starts_with("ADRESSE CODE ")).expect("the code").to_string();
    let body = format!("PARTIE {GAME}\nFAMILLE Alpha\n{code}\nFIN\n");
    g.r().handle_mail(&mail("a2@x.test", "code@x.test", "Adresse", &body, g.before()), g.before()).unwrap();
    each_got_one("a change of address confirmed", &mails(&g), &["a@x.test", "a2@x.test"], "", "", &[]);
    assert_eq!(g.r().read_meta(GAME).unwrap().unwrap().families["ALPHA"].address, "a2@x.test");
    g.seats[0].0 = "a2@x.test".into();
    g.play_turn();

    // Delta (English) is away over the next deadline: the rules' default is
    // played for it, the turn does not count toward PNJ, every report shows
    // the absence.
    let day = |t: Timestamp| t.to_zoned(jiff::tz::TimeZone::get("Europe/Paris").unwrap()).date();
    let (from, to) = (day(g.before()), day(g.after().checked_add(SignedDuration::from_hours(48)).unwrap()));
    let body = format!("GAME {GAME}\nFAMILY Delta\nPASSWORD {}\nAWAY {from} {to}\nEND\n", g.seats[3].1);
    g.r().handle_mail(&mail("d@x.test", "away@x.test", "Away", &body, g.before()), g.before()).unwrap();
    let by = mails(&g);
    each_got_one("an absence", &by, &["d@x.test"], "", "", &[]);
    assert!(by["d@x.test"][0].text.contains(&format!("AWAY: noted, you are away from {from} to {to}")), "{}", by["d@x.test"][0].text);
    let streak = g.r().read_meta(GAME).unwrap().unwrap().families["DELTA"].onr_streak;
    let by = g.play_turn_but(&[3]);
    assert_eq!(g.r().read_meta(GAME).unwrap().unwrap().families["DELTA"].onr_streak, streak, "the absent turn counted toward PNJ");
    // (A Stellarium family with nothing to order is OR without orders.)
    let report = &by["d@x.test"][0].text;
    assert!(report.contains("You were away: the rules' default move was played for you") || report.contains("Status of your orders this turn: OR"), "{report}");
    assert!(by["b@x.test"][0].text.contains(&format!("Delta du {from} au {to}")), "{}", by["b@x.test"][0].text);
    let _ = g.ruleset;
}

#[test]
fn a_stellarium_game_through_holds_a_rollback_a_replaced_player_a_lost_password_a_new_address_and_an_absence() {
    scenario("stellarium");
}

#[test]
fn a_galaxy_game_through_holds_a_rollback_a_replaced_player_a_lost_password_a_new_address_and_an_absence() {
    scenario("galaxy");
}
