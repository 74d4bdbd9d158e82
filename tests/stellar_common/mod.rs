//! Shared by the `stellar_*` tests: a game between two simulated players,
//! played through the ruleset's seam (parse → default → adjudicate) as the
//! daemon does.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use arbitre::dice::Dice;
use arbitre::game::{Completeness, FamilyInput, OrderLine, OrderStatus, Ruleset};
use arbitre::games::stellar::{Event, Orders, Stellar, StellarState};

pub const A: &str = "YOURI";
pub const B: &str = "NEIL";

pub fn new_game(seed: u64) -> StellarState {
    let mut s = Stellar::new_game(&toml::Table::new(), seed).unwrap();
    Stellar::register(&mut s, &A.to_string(), "Youri").unwrap();
    Stellar::register(&mut s, &B.to_string(), "Neil").unwrap();
    s
}

/// One step: each awaited seat sends the simulated player's lines (unless
/// silent), which are parsed, defaulted and adjudicated as the daemon does.
pub fn step(s: &StellarState, seed: u64, silent: &BTreeSet<&str>) -> (StellarState, Vec<Event>) {
    let (after, events, _) = step_recorded(s, seed, silent);
    (after, events)
}

/// [`step`], with the orders each seat had accepted (as the daemon stores
/// them, before the referee completes them), seats in the state's order.
pub fn step_recorded(s: &StellarState, seed: u64, silent: &BTreeSet<&str>) -> (StellarState, Vec<Event>, [Orders; 2]) {
    let mut accepted: [Orders; 2] = Default::default();
    let mut inputs = BTreeMap::new();
    let mut dice = Dice::for_turn(seed, s.step);
    for key in [A, B] {
        let key = key.to_string();
        let mut player_dice = Dice::for_turn(seed ^ 0xabcd ^ key.len() as u64, s.step);
        let lines: Vec<OrderLine> = if silent.contains(key.as_str()) {
            Vec::new()
        } else {
            Stellar::sample_orders(s, &key, &mut player_dice).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect()
        };
        let parsed = Stellar::parse_orders(s, &key, &lines);
        for v in &parsed.verdicts {
            assert!(v.is_accepted(), "step {}: {key}'s sample line refused: {v:?}", s.step);
        }
        if let Some(seat) = s.seat_of(&key) {
            accepted[seat] = parsed.orders.clone();
        }
        let complete = Stellar::completeness(s, &key, &parsed.orders);
        let status = match (lines.is_empty(), complete) {
            (true, Completeness::Complete) => OrderStatus::Or,
            (true, _) => OrderStatus::Onr,
            (false, Completeness::Complete) => OrderStatus::Or,
            (false, _) => OrderStatus::Opr,
        };
        let orders = Stellar::default_orders(s, &key, status, parsed.orders, &mut dice);
        inputs.insert(key, FamilyInput::new(status, orders, None));
    }
    let out = Stellar::adjudicate(s, &inputs, &mut dice);
    (out.state, out.events, accepted)
}

/// One recorded step: the state before, the orders each seat had accepted,
/// the state after and the step's events.
pub type Recorded = (StellarState, [Orders; 2], StellarState, Vec<Event>);

/// Every step of a whole game as it would be stored.
pub fn play_recorded(seed: u64, silent_from: Option<u32>) -> Vec<Recorded> {
    let mut s = new_game(seed);
    let mut steps = Vec::new();
    for _ in 0..60 {
        if Stellar::is_over(&s) {
            break;
        }
        let silent: BTreeSet<&str> = match silent_from {
            Some(t) if s.step >= t => BTreeSet::from([B]),
            _ => BTreeSet::new(),
        };
        let (next, events, orders) = step_recorded(&s, seed, &silent);
        steps.push((s, orders, next.clone(), events));
        s = next;
    }
    steps
}

/// Every state of a whole game, with the events of the step that led to it.
pub fn play_with_events(seed: u64, silent_from: Option<u32>) -> Vec<(StellarState, Vec<Event>)> {
    let steps = play_recorded(seed, silent_from);
    let first = steps.first().map_or_else(|| new_game(seed), |s| s.0.clone());
    std::iter::once((first, Vec::new())).chain(steps.into_iter().map(|(_, _, after, events)| (after, events))).collect()
}

pub fn play(seed: u64, silent_from: Option<u32>) -> Vec<StellarState> {
    play_with_events(seed, silent_from).into_iter().map(|(s, _)| s).collect()
}

