//! Shared by the `stellium_*` tests: games between simulated players,
//! played through the ruleset's seam (parse → default → adjudicate) as the
//! daemon does, and a state built by hand for the rules cases.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use arbitre::dice::Dice;
use arbitre::game::{Completeness, FamilyInput, OrderLine, OrderStatus, Ruleset};
use arbitre::games::stellium::{Event, Stellium, StelliumState};

pub const KEYS: [&str; 4] = ["ASTRID", "BASILE", "CELINE", "DARIUS"];
pub const NAMES: [&str; 4] = ["Astrid", "Basile", "Céline", "Darius"];

pub fn new_game(players: usize, seed: u64, settings: &str) -> StelliumState {
    let t: toml::Table = toml::from_str(settings).unwrap();
    let mut s = Stellium::new_game(&t, seed).unwrap();
    for i in 0..players {
        Stellium::register(&mut s, &KEYS[i].to_string(), NAMES[i]).unwrap();
    }
    s
}

pub fn lines(texts: &[&str]) -> Vec<OrderLine> {
    texts.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect()
}

/// One step: each awaited seat sends the simulated player's lines (unless
/// silent), which are parsed, defaulted and adjudicated as the daemon does.
pub fn step(s: &StelliumState, seed: u64, silent: &BTreeSet<usize>) -> (StelliumState, Vec<Event>) {
    let mut inputs = BTreeMap::new();
    let mut dice = Dice::for_turn(seed, s.step);
    let awaited = Stellium::awaiting(s);
    for (i, key) in s.seats.iter().map(|x| x.key.clone()).enumerate() {
        let is_awaited = awaited.as_ref().is_none_or(|a| a.contains(&key));
        let mut player_dice = Dice::for_turn(seed ^ 0xabcd ^ i as u64, s.step);
        let texts = if silent.contains(&i) || !is_awaited { Vec::new() } else { Stellium::sample_orders(s, &key, &mut player_dice) };
        let ls: Vec<OrderLine> = texts.iter().enumerate().map(|(n, t)| OrderLine { no: n + 1, text: t.clone() }).collect();
        let parsed = Stellium::parse_orders(s, &key, &ls);
        for v in &parsed.verdicts {
            assert!(v.is_accepted(), "step {}: {key}'s sample line refused: {v:?}", s.step);
        }
        let complete = Stellium::completeness(s, &key, &parsed.orders);
        let status = match (ls.is_empty(), complete) {
            (_, Completeness::Complete) if !ls.is_empty() || !is_awaited => OrderStatus::Or,
            (true, _) => OrderStatus::Onr,
            (false, Completeness::Complete) => OrderStatus::Or,
            (false, _) => OrderStatus::Opr,
        };
        let orders = if is_awaited { Stellium::default_orders(s, &key, status, parsed.orders, &mut dice) } else { parsed.orders };
        inputs.insert(key, FamilyInput::new(status, orders, None));
    }
    let out = Stellium::adjudicate(s, &inputs, &mut dice);
    (out.state, out.events)
}

/// Every state of a whole game with the events of the step that led to it.
pub fn play_with_events(players: usize, seed: u64, silent_from: Option<(usize, u32)>) -> Vec<(StelliumState, Vec<Event>)> {
    let mut s = new_game(players, seed, "");
    let mut states = vec![(s.clone(), Vec::new())];
    for _ in 0..400 {
        if Stellium::is_over(&s) {
            break;
        }
        let silent: BTreeSet<usize> = match silent_from {
            Some((seat, t)) if s.step >= t => BTreeSet::from([seat]),
            _ => BTreeSet::new(),
        };
        let (next, events) = step(&s, seed, &silent);
        s = next;
        states.push((s.clone(), events));
    }
    states
}

pub fn play(players: usize, seed: u64) -> Vec<StelliumState> {
    play_with_events(players, seed, None).into_iter().map(|(s, _)| s).collect()
}
