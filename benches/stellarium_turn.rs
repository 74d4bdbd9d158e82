//! One whole Stellarium turn (phases 0–30) for 1 000 families (8 000
//! founders and their households): the orders are parsed, classed and
//! completed as the daemon does, then adjudicated. The setup prints the
//! time of one turn; criterion then measures the adjudication alone.
//!
//! Before it, two figures of issue #15 (wall clock and this thread's CPU
//! time, with the load): `foundation.1000` (1,000 families register, their
//! founding lines are read and completed, turn 0 is adjudicated) and
//! `orders.parse_complete_1000` (every family's turn-1 lines read, classed
//! and completed). The lines themselves are written before the clock
//! starts: writing them is the players' part.

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

/// The founding lines of `n` families: eight PERSONNAGE, a bid, two
/// candidacies each (written before the clock starts: the players' part).
fn founding_lines(n: usize) -> Vec<(String, Vec<String>)> {
    let trainings = ["GUERRIER", "EXPLORATEUR", "MARCHAND", "GUERRIER", "PRETRE", "MARCHAND"];
    (0..n)
        .map(|i| {
            let name = format!("Famille{i:04}");
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
            (name, lines)
        })
        .collect()
}

/// A founded game (turn 0 adjudicated): the families register, their
/// founding lines are read and completed, turn 0 is adjudicated. Prints
/// the time of each of the three.
fn founded(founding: Vec<(String, Vec<String>)>, seed: u64) -> State {
    let clock = Clock::start();
    let mut s = State::new(Settings::default());
    for (name, _) in &founding {
        s.register(&key(name), name).expect("register");
    }
    let registered = clock.lap();
    let mut d = Dice::for_turn(seed ^ 1, 0);
    let mut inputs = BTreeMap::new();
    for (name, lines) in founding {
        let k = key(&name);
        inputs.insert(k.clone(), input(&s, &k, lines, &mut d));
    }
    let read = clock.lap();
    let s = phases::adjudicate(&s, &inputs, &mut Dice::for_turn(seed, 0)).state;
    let turn0 = clock.lap();
    println!("stellarium: foundation: registrations {registered}, founding orders read and completed {read}, turn 0 {turn0}");
    s
}

/// Every family places its characters: warriors in the fleets and on
/// Dorkir, merchants at the exchange and on Dorkir, the others at home.
fn order_lines(s: &State) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
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
        out.push((fam.clone(), lines));
    }
    out
}

/// Each family's lines read, classed and completed as the daemon does.
fn orders(s: &State, lines: Vec<(String, Vec<String>)>, seed: u64) -> BTreeMap<String, FamilyInput<Orders>> {
    let mut d = Dice::for_turn(seed ^ 2, s.turn);
    lines.into_iter().map(|(fam, lines)| (fam.clone(), input(s, &fam, lines, &mut d))).collect()
}

fn bench(c: &mut Criterion) {
    let founding = founding_lines(FAMILIES);
    let clock = Clock::start();
    let s = founded(founding, 42);
    let (foundation, cpu) = clock.total();
    println!("stellarium: foundation of {FAMILIES} families ({} characters): {foundation:.1} ms, CPU {cpu:.1} ms (load {})", s.characters.len(), load());
    println!("FIGURE|foundation.1000|{foundation:.0}|ms|<= 200 ms|1.04 s before #15");
    let clock = Clock::start();
    let lines = order_lines(&s);
    println!("stellarium: turn-1 lines of {FAMILIES} families written (not counted): {}", clock.lap());
    let clock = Clock::start();
    let inputs = orders(&s, lines, 42);
    let (parsing, cpu) = clock.total();
    println!("stellarium: orders of {FAMILIES} families parsed and completed: {parsing:.1} ms, CPU {cpu:.1} ms (load {})", load());
    println!("FIGURE|orders.parse_complete_1000|{parsing:.0}|ms|<= 100 ms|0.87 s before #15");
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

/// Wall-clock and CPU time of this thread since the start, and of each lap.
struct Clock {
    start: (Instant, f64),
    lap: std::cell::Cell<(Instant, f64)>,
}

impl Clock {
    fn start() -> Clock {
        let now = (Instant::now(), cpu_ms());
        Clock { start: now, lap: std::cell::Cell::new(now) }
    }
    /// The lap since the last one, as "12.3 ms (CPU 11.0 ms)".
    fn lap(&self) -> String {
        let (t, c) = self.lap.get();
        let now = (Instant::now(), cpu_ms());
        self.lap.set(now);
        format!("{:.1} ms (CPU {:.1} ms)", (now.0 - t).as_secs_f64() * 1000.0, now.1 - c)
    }
    /// Wall-clock and CPU milliseconds since the start.
    fn total(&self) -> (f64, f64) {
        (self.start.0.elapsed().as_secs_f64() * 1000.0, cpu_ms() - self.start.1)
    }
}

/// The CPU time of this thread (ms), from the scheduler's statistics: on a
/// loaded machine the wall clock also counts the waits for a core.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|l| l.split(' ').next().and_then(|ns| ns.parse::<f64>().ok()))
        .map_or(f64::NAN, |ns| ns / 1e6)
}

/// The load average (1, 5, 15 min).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

criterion_group!(benches, bench);
criterion_main!(benches);
