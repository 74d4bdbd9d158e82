//! A player's whole life in a game, and the referee's recovery commands, in
//! one scenario per simultaneous ruleset (Stellarium and Galaxy): holds lifted
//! by each of `game extend`, `game resume` and `adjudicate`, a rollback, a
//! replaced player. The commands run through the `arbitre` binary; after every
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
    /// one report each.
    fn play_turn(&self) {
        let n = self.turn();
        for i in 0..4 {
            if self.orders(i, self.before()).is_some() {
                each_got_one("an acknowledgement", &mails(self), &[&self.seats[i].0], "", "", &[]);
            }
        }
        let s = self.r().adjudicate(GAME, Mode::Deadline, self.after()).unwrap();
        assert_eq!(s.held, None, "turn {n}");
        each_got_one(&format!("turn {n}'s reports"), &mails(self), &self.addresses(), &format!("Rapport du tour {n} "), &format!("Report for turn {n} "), &[]);
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
    Game { e, ruleset, seats }
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
    g.play_turn();
    let _ = g.ruleset;
}

#[test]
fn a_stellarium_game_through_holds_lifted_three_ways_a_rollback_and_a_replaced_player() {
    scenario("stellarium");
}

#[test]
fn a_galaxy_game_through_holds_lifted_three_ways_a_rollback_and_a_replaced_player() {
    scenario("galaxy");
}
