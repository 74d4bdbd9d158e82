//! One Galaxy turn (adjudication + every player's view): 16 players on the
//! rules' 30×30 galaxy of 120 stars, and 200 players on a scaled galaxy
//! (110×110, 1 600 stars).

use std::collections::BTreeMap;

use arbitre::dice::Dice;
use arbitre::game::{FamilyInput, OrderLine, OrderStatus, Ruleset, ViewContext};
use arbitre::games::galaxy::model::{GalaxyState, Pos};
use arbitre::games::galaxy::{Galaxy, Orders};
use criterion::{criterion_group, criterion_main, Criterion};

fn game(players: u32, size: i64, stars: i64, seed: u64) -> GalaxyState {
    let mut t = toml::Table::new();
    t.insert("players".into(), toml::Value::Integer(players as i64));
    t.insert("size".into(), toml::Value::Integer(size));
    t.insert("stars".into(), toml::Value::Integer(stars));
    let mut s = Galaxy::new_game(&t, seed).expect("settings");
    for i in 0..players {
        Galaxy::register(&mut s, &format!("P{i:03}"), &format!("Player {i:03}")).expect("register");
    }
    Galaxy::adjudicate(&s, &BTreeMap::new(), &mut Dice::for_turn(seed, 0)).state
}

/// Every player builds patrols and arks and sends its fleets outwards.
fn orders(s: &GalaxyState) -> BTreeMap<String, FamilyInput<Orders>> {
    let mut out = BTreeMap::new();
    for (rank, (k, p)) in s.players.iter().enumerate() {
        let mut lines = Vec::new();
        if let Some(free) = (1..=9u8).find(|n| !p.fleets.contains_key(n)) {
            lines.push(if p.treasury >= 12 { format!("CONSTRUIRE F{free} 1P 1N +0+0") } else { format!("CONSTRUIRE F{free} 5P +0+0") });
        }
        for (no, f) in &p.fleets {
            let d = if (*no as usize + rank).is_multiple_of(2) { 1 } else { -1 };
            let to = s.torus.rel(p.origin, s.torus.wrap(Pos { x: f.pos.x + 2 * d, y: f.pos.y + d }));
            lines.push(format!("DEPLACER F{no} {}", to.label()));
            lines.push(format!("ATTAQUER F{no} FLOTTE"));
            lines.push(format!("COLONISER {}", s.torus.rel(p.origin, f.pos).label()));
        }
        let lines: Vec<OrderLine> = lines.into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
        let parsed = Galaxy::parse_orders(s, k, &lines);
        out.insert(k.clone(), FamilyInput::new(OrderStatus::Or, parsed.orders, Some(rank as u32)));
    }
    out
}

/// A game some turns in, so that fleets are about.
fn warmed(players: u32, size: i64, stars: i64) -> GalaxyState {
    let mut s = game(players, size, stars, 9);
    for _ in 0..6 {
        let inputs = orders(&s);
        s = Galaxy::adjudicate(&s, &inputs, &mut Dice::for_turn(9, s.turn)).state;
    }
    s
}

fn turn(s: &GalaxyState, inputs: &BTreeMap<String, FamilyInput<Orders>>) -> usize {
    let out = Galaxy::adjudicate(s, inputs, &mut Dice::for_turn(9, s.turn));
    let ctx = ViewContext { game_id: "bench".into(), turn: out.state.turn, deadline: String::new(), time_left: String::new(), lang: "fr".into() };
    let mut bytes = 0;
    for k in out.state.players.keys() {
        bytes += Galaxy::family_view(&ctx, s, &out.state, &out.events, k).to_string().len();
    }
    bytes
}

fn bench(c: &mut Criterion) {
    let s16 = warmed(16, 30, 120);
    let o16 = orders(&s16);
    c.bench_function("galaxy turn, 16 players, 30x30, 120 stars (adjudication + 16 views)", |b| b.iter(|| turn(&s16, &o16)));
    let s200 = warmed(200, 110, 1600);
    let o200 = orders(&s200);
    let mut g = c.benchmark_group("galaxy-200");
    g.sample_size(10);
    g.bench_function("galaxy turn, 200 players, 110x110, 1600 stars (adjudication + 200 views)", |b| b.iter(|| turn(&s200, &o200)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
