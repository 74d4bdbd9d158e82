//! Stellium through the referee: a refill step ("Galaxie vide") whose
//! choosers all stay silent is played at its deadline with the default
//! preferences (RULINGS, Stellium T17, T25), never held by the mass-ONR guard.

mod support;

use arbitre::game::OrderStatus;
use arbitre::games::stellium::model::{LogEntry, Phase, Refill};
use arbitre::games::stellium::StelliumState;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, password_in, t0, take_outbox};

const GAME: &str = "stellium-1";
const PLAYERS: [(&str, &str); 2] = [("a@x.test", "Anne"), ("b@x.test", "Bruno")];

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

fn referee(dir: &std::path::Path) -> Referee {
    let config = format!(
        r#"{head}
[[games]]
id = "{GAME}"
ruleset = "stellium"
time_zone = "Europe/Paris"
deadline = "after 48h"
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 5
"#,
        head = support::config_head()
    );
    std::fs::write(dir.join("config.toml"), config).unwrap();
    let cfg = arbitre::config::load(&dir.join("config.toml")).unwrap();
    Referee::new(cfg, support::templates()).unwrap()
}

fn state(r: &Referee, turn: u32) -> StelliumState {
    let bytes = r.store.game(GAME).unwrap().read_state(turn).unwrap().unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// The player to move sends the simulated player's orders.
fn mover_plays(r: &Referee, pw: &[String], when: Timestamp) {
    let g = r.open_game(GAME).unwrap();
    let s = state(r, g.meta.turn);
    let (addr, name) = PLAYERS[PLAYERS.iter().position(|(_, n)| s.seats[s.mover].name == *n).unwrap()];
    let i = PLAYERS.iter().position(|(_, n)| *n == name).unwrap();
    let mut dice = arbitre::dice::Dice::for_turn(3, g.meta.turn);
    let lines = g.engine.sample_orders(&g.state, &s.seats[s.mover].key, &mut dice).unwrap();
    let body = format!("PARTIE {GAME}\nJOUEUR {name}\nMOTDEPASSE {}\nTOUR {}\n{}\nFIN\n", pw[i], g.meta.turn, lines.join("\n"));
    r.handle_mail(&mail(addr, &format!("o{}-{name}@x.test", g.meta.turn), "Ordres", &body, when), when).unwrap();
}

fn after_deadline(r: &Referee) -> Timestamp {
    r.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap()
}

#[test]
fn galaxie_vide_a_refill_step_whose_choosers_stay_silent_is_played_at_its_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let r = referee(dir.path());
    r.create_game(GAME, Some(5), t0()).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        pw.push(password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration(GAME, false).unwrap();
    r.adjudicate(GAME, Mode::Force, at(1)).unwrap();
    // Steps 1 and 2: each player moves in time (both active).
    for _ in 0..2 {
        mover_plays(&r, &pw, at(2));
        let s = r.adjudicate(GAME, Mode::Deadline, after_deadline(&r)).unwrap();
        assert!(s.held.is_none());
        take_outbox(&r);
    }
    // Step 3 is a refill: galaxy A was emptied by the player to move, who
    // drew 5 marbles; both players choose (the previous one first).
    let turn = r.read_meta(GAME).unwrap().unwrap().turn;
    let mut s = state(&r, turn);
    let a = 0;
    for ring in 0..7 {
        if let Some(c) = s.marbles.remove(&s.components.galaxy_hole(a, ring)) {
            s.bag[c.index()] += 1;
        }
    }
    let mut drawn = Vec::new();
    for c in arbitre::games::stellium::components::Colour::ALL {
        if drawn.len() < 5 && s.bag[c.index()] > 0 {
            s.bag[c.index()] -= 1;
            drawn.push(c);
        }
    }
    let me = s.mover;
    let before = (0..s.components.places.len()).map(|p| p == a || s.marbles_on(p) > 0).collect();
    s.phase = Phase::Refill(Box::new(Refill { place: a, drawn, choosers: vec![1 - me, me, 1 - me, me], mover: me, pending: Default::default(), validated: Vec::new(), before }));
    // The position is written over the step's stored state (immutable for the store).
    std::fs::write(r.store.game(GAME).unwrap().state_path(turn), serde_json::to_vec(&s).unwrap()).unwrap();
    r.forget(GAME);
    // Nobody sends RECHARGE: at the deadline the step is played, not held.
    let summary = r.adjudicate(GAME, Mode::Deadline, after_deadline(&r)).unwrap();
    assert_eq!(summary.held, None, "a silent refill step is held by the mass-ONR guard");
    assert!(summary.statuses.values().all(|st| *st == OrderStatus::Onr), "{:?}", summary.statuses);
    let after = state(&r, turn + 1);
    assert_eq!(after.phase, Phase::Play);
    assert_eq!(after.marbles_on(a), 4, "galaxy A refilled on its 4 start holes");
    let picks: Vec<&LogEntry> = after.log.iter().map(|(_, e)| e).filter(|e| matches!(e, LogEntry::RefillPlaced { .. })).collect();
    assert_eq!(picks.len(), 4);
    assert!(picks.iter().all(|e| matches!(e, LogEntry::RefillPlaced { by_referee: true, .. } | LogEntry::RefillPlaced { by_lot: true, .. })), "{picks:?}");
}
