//! Shared set-up of the fuzz targets: game states reached through the
//! rulesets' own calls (the ones the referee makes), and the referee world
//! of the integration tests (`tests/data/hostile/harness.rs`).

use std::collections::BTreeMap;

use arbitre::dice::Dice;
use arbitre::game::{status_of, Engine, FamilyInput, LoadedState, OrderLine};

#[path = "../../tests/data/hostile/harness.rs"]
pub mod harness;

/// Order lines from fuzz bytes: lossy UTF-8, one line per `\n`.
pub fn lines_of(data: &[u8]) -> Vec<OrderLine> {
    String::from_utf8_lossy(data)
        .split('\n')
        .enumerate()
        .map(|(i, l)| OrderLine { no: i + 1, text: l.to_string() })
        .collect()
}

/// A game of `engine` with `names` registered (turn 0), and the state after
/// turn 0 was played with every family sending the ruleset's sample orders,
/// completed by its defaults, adjudicated with the turn's dice.
pub fn states(engine: &dyn Engine, settings: &str, names: &[&str], seed: u64) -> (LoadedState, LoadedState, Vec<String>) {
    let settings: toml::Table = settings.parse().expect("settings");
    let mut s0 = engine.new_game(&settings, seed).expect("new game");
    let keys: Vec<String> = names.iter().map(|n| arbitre::text::key(n)).collect();
    for (k, n) in keys.iter().zip(names) {
        engine.register(&mut s0, k, n).expect("engine").expect("registered");
    }
    let mut inputs = BTreeMap::new();
    for (i, k) in keys.iter().enumerate() {
        let mut dice = Dice::for_turn(seed ^ (i as u64 + 1), 0);
        let text = engine.sample_orders(&s0, k, &mut dice).expect("sample");
        let lines: Vec<OrderLine> = text.into_iter().enumerate().map(|(n, t)| OrderLine { no: n + 1, text: t }).collect();
        let (orders, verdicts, completeness) = engine.parse_orders(&s0, k, &lines).expect("parse");
        let status = status_of(verdicts.iter().any(|v| v.is_accepted()), &completeness);
        inputs.insert(k.clone(), (status, orders, i as u32));
    }
    let mut dice = Dice::for_turn(seed, 0);
    let mut completed = BTreeMap::new();
    for (k, (status, orders, rank)) in inputs {
        let orders = engine.default_orders(&s0, &k, status, orders, &mut dice).expect("defaults");
        completed.insert(k, FamilyInput { status, orders, receipt_rank: Some(rank) });
    }
    let s1 = engine.adjudicate(&s0, &completed, &mut dice).expect("adjudicate").state;
    (s0, s1, keys)
}
