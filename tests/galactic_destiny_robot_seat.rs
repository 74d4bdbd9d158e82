//! `pnj = "robot"` in Galactic Destiny (issue #29, item 4): a seat left to
//! the referee is played by the simulated party of `sample.rs` (through
//! `Ruleset::sample_orders`, read like a player's mail), not by the
//! players' defaults (which file nothing in S1). Three players who never
//! write, PNJ at their first silence (`pnj_after_onr = 0`): the robots run
//! for posts and play the game to its turn limit.

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use arbitre::game::OrderStatus;
use arbitre::games::galactic_destiny::GdState;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, password_in, take_outbox};

const G: &str = "gd-robots";
const PLAYERS: [(&str, &str); 3] = [("a@x.test", "Anne"), ("b@x.test", "Bruno"), ("c@x.test", "Chloe")];

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

/// A game of three registered players, set up (step 0 played), with the
/// given PNJ mode.
fn game(dir: &Path, pnj: &str) -> (Referee, Vec<String>) {
    let config = format!(
        r#"{head}
[[games]]
id = "{G}"
ruleset = "galactic-destiny"
time_zone = "Europe/Paris"
deadline = "after 48h"
reminders = []
registration_open = true
registration_confirm = false
seed = 11
pnj_after_onr = 0
pnj = "{pnj}"

[games.settings]
attribution_partis = "hasard"
tours_max = 1
"#,
        head = support::config_head()
    );
    std::fs::write(dir.join("config.toml"), config).unwrap();
    let r = Referee::new(arbitre::config::load(&dir.join("config.toml")).unwrap(), support::templates()).unwrap();
    r.create_game(G, None, t0()).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {G}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        pw.push(password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration(G, false).unwrap();
    r.adjudicate(G, Mode::Force, t0().checked_add(SignedDuration::from_mins(1)).unwrap()).unwrap();
    take_outbox(&r);
    (r, pw)
}

/// Plays the open step at its deadline, Bruno and Chloe passing (a game
/// whose every seat is PNJ stops): the statuses it gave.
fn play(r: &Referee, pw: &[String]) -> BTreeMap<String, OrderStatus> {
    let meta = r.read_meta(G).unwrap().unwrap();
    let deadline = meta.deadline.expect("a deadline");
    let before = deadline.checked_sub(SignedDuration::from_mins(10)).unwrap();
    for i in 1..3 {
        let (addr, name) = PLAYERS[i];
        let body = format!("PARTIE {G}\nJOUEUR {name}\nMOTDEPASSE {}\nTOUR {}\nPASSE\nFIN\n", pw[i], meta.turn);
        r.handle_mail(&mail(addr, &format!("o{}-{name}@x.test", meta.turn), "Ordres", &body, before), before).unwrap();
    }
    let s = r.adjudicate(G, Mode::Deadline, deadline).unwrap();
    take_outbox(r);
    s.statuses
}

/// Plays the steps up to S1 of game turn 1 included, every seat silent
/// (PNJ in S1): the number of S1.
fn s1(r: &Referee, pw: &[String]) -> u32 {
    loop {
        let n = r.read_meta(G).unwrap().unwrap().turn;
        let statuses = play(r, pw);
        if n >= 1 {
            assert_eq!(statuses["ANNE"], OrderStatus::Pnj, "step {n}: {statuses:?}");
            return n;
        }
    }
}

/// The stored state of step `n` (before it is played).
fn state(dir: &Path, n: u32) -> GdState {
    serde_json::from_slice(&std::fs::read(dir.join(format!("data/games/{G}/turns/{n:04}/state.json"))).unwrap()).unwrap()
}

#[test]
fn pnj_robot_a_silent_seat_is_played_by_the_simulated_party_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let (r, pw) = game(dir.path(), "robot");
    // Step 1 is S1 of game turn 1, an election due: every seat silent, PNJ
    // at once, played by the robot, which runs for posts.
    let after = state(dir.path(), s1(&r, &pw) + 1);
    let anne = after.seats.iter().find(|s| s.key == "ANNE").and_then(|s| s.party).expect("Anne's party");
    assert_eq!(after.filings.candidacies.keys().copied().collect::<Vec<_>>(), vec![anne], "Anne's robot ran for posts, the others passed");
    // The robots play every step to the turn limit.
    let mut steps = 0;
    while !r.read_meta(G).unwrap().unwrap().finished {
        assert!(steps < 40, "the game did not end");
        let statuses = play(&r, &pw);
        assert!(statuses.values().all(|s| matches!(s, OrderStatus::Pnj | OrderStatus::Or)), "{statuses:?}");
        steps += 1;
    }
    let last = state(dir.path(), r.read_meta(G).unwrap().unwrap().turn);
    assert!(matches!(last.ending, Some(arbitre::games::galactic_destiny::model::Ending::TurnLimit { .. })), "{:?}", last.ending);
}

#[test]
fn pnj_default_a_silent_seat_files_nothing() {
    // The same game with the players' defaults: nothing filed in S1.
    let dir = tempfile::tempdir().unwrap();
    let (r, pw) = game(dir.path(), "default");
    let n = s1(&r, &pw);
    let after = state(dir.path(), n + 1);
    assert_eq!(after.phase, arbitre::games::galactic_destiny::model::Phase::Voting);
    assert!(after.filings.candidacies.is_empty(), "nobody filed: {:?}", after.filings.candidacies);
}
