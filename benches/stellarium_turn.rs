//! One whole Stellarium turn (phases 0–30) for 1 000 families (8 000
//! founders and their households): the orders are parsed, classed and
//! completed as the daemon does, then adjudicated. The setup prints the
//! time of one turn; criterion then measures the adjudication alone.

use std::collections::BTreeMap;
use std::time::Instant;

use arbitre::dice::Dice;
use arbitre::game::{status_of, FamilyInput, OrderLine};
use arbitre::games::stellarium::defaults::default_orders;
use arbitre::games::stellarium::model::{Pyramid, Settings, State, Training};
use arbitre::games::stellarium::orders::{parse_orders, Orders};
use arbitre::games::stellarium::phases;
use arbitre::games::stellarium::status::completeness;
use arbitre::text::key;
use criterion::{criterion_group, criterion_main, Criterion};

const FAMILIES: usize = 1_000;

fn input(s: &State, fam: &str, lines: Vec<String>, d: &mut Dice) -> FamilyInput<Orders> {
    let lines: Vec<OrderLine> = lines.into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
    let parsed = parse_orders(s, fam, &lines);
    let any = parsed.verdicts.iter().any(|v| v.is_accepted());
    let status = status_of(any, &completeness(s, fam, &parsed.orders));
    let orders = default_orders(s, fam, status, parsed.orders, d);
    FamilyInput::new(status, orders, None)
}

/// A founded game of `n` families (turn 0 adjudicated).
fn founded(n: usize, seed: u64) -> State {
    let mut s = State::new(Settings::default());
    for i in 0..n {
        let name = format!("Famille{i:04}");
        s.register(&key(&name), &name).expect("register");
    }
    let mut d = Dice::for_turn(seed ^ 1, 0);
    let mut inputs = BTreeMap::new();
    let trainings = ["GUERRIER", "EXPLORATEUR", "MARCHAND", "GUERRIER", "PRETRE", "MARCHAND"];
    for i in 0..n {
        let k = key(&format!("Famille{i:04}"));
        let mut lines: Vec<String> = ["Alpha", "Bravo", "Carla", "Delta", "Echo", "Fanny", "Gina", "Hugo"]
            .iter()
            .enumerate()
            .map(|(j, name)| {
                let sex = if j % 2 == 0 { "H" } else { "F" };
                let t = if j < 6 { trainings[j] } else { "" };
                format!("PERSONNAGE {} {name} {sex} {t} +{}", j + 1, if j < 5 { 5 } else { 0 })
            })
            .collect();
        lines.push(format!("ENCHERE {} \"Nef {i}\"", 1 + i % 9));
        lines.push("CANDIDAT Alpha JUGE".into());
        lines.push("CANDIDAT Echo GOUVERNEUR Dorkir".into());
        inputs.insert(k.clone(), input(&s, &k, lines, &mut d));
    }
    phases::adjudicate(&s, &inputs, &mut Dice::for_turn(seed, 0)).state
}

/// Every family places its characters: warriors in the fleets and on
/// Dorkir, merchants at the exchange and on Dorkir, the others at home.
fn orders(s: &State, seed: u64) -> BTreeMap<String, FamilyInput<Orders>> {
    let mut d = Dice::for_turn(seed ^ 2, s.turn);
    let mut out = BTreeMap::new();
    for (n, fam) in s.families.keys().enumerate() {
        let mut lines = Vec::new();
        for c in s.living_members(fam) {
            if s.needs_baptism(c) {
                lines.push(format!("BAPTEME {} B{}", c.first_name, c.id.0));
            }
            if s.needs_training(c) {
                lines.push(format!("FORMATION {} GUERRIER", c.first_name));
            }
            if !s.needs_location(c) {
                continue;
            }
            let place = match (c.training, (n + c.id.0 as usize) % 3) {
                (Some(Training::Warrior), 0) => "FLOTTE 1".to_string(),
                (Some(Training::Warrior), 1) => "FLOTTE 2".to_string(),
                (Some(Training::Warrior), _) => "Dorkir".to_string(),
                (Some(Training::Merchant), 0) => "Dorkir".to_string(),
                (Some(Training::Merchant), _) => "BOURSE N 1".to_string(),
                _ => "STELLARIUM".to_string(),
            };
            lines.push(format!("LIEU {} {place}", c.first_name));
        }
        if s.head_family(Pyramid::Government).map(|f| f.as_str()) == Some(fam.as_str()) {
            lines.push("EMPEREUR GUERRE".into());
        }
        lines.push(format!("ENCHERE {} \"Nef {n} {}\"", 1 + n % 5, s.turn));
        out.insert(fam.clone(), input(s, fam, lines, &mut d));
    }
    out
}

fn bench(c: &mut Criterion) {
    let t0 = Instant::now();
    let s = founded(FAMILIES, 42);
    let foundation = t0.elapsed();
    println!("stellarium: foundation of {FAMILIES} families ({} characters): {foundation:?} (load {})", s.characters.len(), load());
    println!("FIGURE|foundation.1000|{:.0}|ms|<= 200 ms|1.04 s before #15", foundation.as_secs_f64() * 1000.0);
    let t1 = Instant::now();
    let inputs = orders(&s, 42);
    let parsing = t1.elapsed();
    println!("stellarium: orders of {FAMILIES} families parsed and completed: {parsing:?}");
    println!("FIGURE|orders.parse_complete_1000|{:.0}|ms|<= 100 ms|0.87 s before #15", parsing.as_secs_f64() * 1000.0);
    let t2 = Instant::now();
    let out = phases::adjudicate(&s, &inputs, &mut Dice::for_turn(42, s.turn));
    println!(
        "stellarium: one whole turn (phases 0–30), {FAMILIES} families, {} characters, {} events: {:?}",
        s.characters.len(),
        out.events.len(),
        t2.elapsed()
    );
    let mut g = c.benchmark_group("stellarium");
    g.sample_size(10);
    g.bench_function("turn_1000_families", |b| b.iter(|| phases::adjudicate(&s, &inputs, &mut Dice::for_turn(42, s.turn))));
    g.finish();
}

/// The load average (1, 5, 15 min).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

criterion_group!(benches, bench);
criterion_main!(benches);
