//! Time of Stellarium's phases 0–10 for 1,000 families (8,000+ characters).
//!
//! `cargo bench --bench stellarium_phases` (not part of `cargo test`). The
//! world is founded at turn 0 by the rules' defaults, then every family
//! sends plausible turn-1 orders through the parser and the defaults, as
//! the daemon does; only the phases are timed.

use std::hint::black_box;

use arbitre::dice::Dice;
use arbitre::games::stellarium::defaults;
use arbitre::games::stellarium::phases::{
    self, p00_status, p01_purchases, p02_contracts, p03_marriages, p04_expeditions, p05_merchants, p06_warriors, p07_births,
    p08_survival, p09_baptisms, p10_training, turn0, TurnCtx,
};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../tests/stellarium_world/mod.rs"]
mod stellarium_world;

const FAMILIES: usize = 1_000;
const SEED: u64 = 2026;

fn phases_0_to_10(c: &mut Criterion) {
    let state = stellarium_world::founded_world(FAMILIES, SEED);
    let mut inputs = stellarium_world::inputs_for(&state, SEED, 0.1);
    defaults::settle_cross_family_defaults(&state, &mut inputs, &mut Dice::for_turn(SEED ^ 1, state.turn));
    let characters = state.living().count();
    let lines: usize = inputs.values().map(|i| i.orders.locations.len() + i.orders.purchases.len() + i.orders.contracts.len()).sum();
    println!("stellarium_phases: {FAMILIES} families, {characters} living characters, {lines} LIEU/ACHAT/CONTRAT orders, turn {}", state.turn);

    let mut group = c.benchmark_group("stellarium");
    group.sample_size(10);
    group.bench_function(format!("phases 0-10, {FAMILIES} families"), |b| {
        b.iter(|| {
            let mut ctx = TurnCtx::new(&state, &inputs);
            let mut dice = Dice::for_turn(SEED, state.turn);
            phases::phases_0_to_10(&mut ctx, &mut dice);
            black_box(ctx.events.len())
        })
    });
    group.finish();

    // One timed run outside criterion, phase by phase, so the figures show
    // in any output.
    let t = std::time::Instant::now();
    let mut ctx = TurnCtx::new(&state, &inputs);
    let mut dice = Dice::for_turn(SEED, state.turn);
    let clone_ms = t.elapsed().as_secs_f64() * 1000.0;
    type Phase = fn(&mut TurnCtx, &mut Dice);
    let steps: [(&str, Phase); 12] = [
        ("0 statuts", p00_status::run),
        ("d familles tardives", turn0::found_late_families),
        ("1 achats", p01_purchases::run),
        ("2 Tentacule Sombre", p02_contracts::run),
        ("3 mariages", p03_marriages::run),
        ("4 expéditions", p04_expeditions::run),
        ("5 marchands", p05_merchants::run),
        ("6 guerriers", p06_warriors::run),
        ("7 naissances", p07_births::run),
        ("8 tests de survie", p08_survival::run),
        ("9 baptêmes", p09_baptisms::run),
        ("10 formation", p10_training::run),
    ];
    println!("stellarium_phases: state copy {clone_ms:.1} ms");
    for (name, run) in steps {
        let t = std::time::Instant::now();
        run(&mut ctx, &mut dice);
        println!("stellarium_phases: phase {name:<22} {:>8.1} ms", t.elapsed().as_secs_f64() * 1000.0);
    }
    println!(
        "stellarium_phases: phases 0-10 of {FAMILIES} families in {:.1} ms ({} events, {} dice)",
        t.elapsed().as_secs_f64() * 1000.0,
        ctx.events.len(),
        dice.log().len()
    );
}

criterion_group!(benches, phases_0_to_10);
criterion_main!(benches);
