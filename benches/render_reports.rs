//! Renders every report and map of one Stellarium turn of a large game:
//! for each family its view, the French text and HTML reports, the map as
//! SVG and as PNG; then the chronicle, with the families spread over every
//! core as the deadline does. Prints the figures (`FIGURE|` lines, see
//! BENCHMARKS.md).
//!
//! `cargo bench --bench render_reports` (release), or quicker to build:
//! `cargo test --bench render_reports` (dev profile, dependencies at -O2).
//! `ARBITRE_BENCH_FAMILIES=200` changes the size (default 1000),
//! `ARBITRE_BENCH_THREADS=1` the threads (default: every core);
//! `ARBITRE_BENCH_SAVE_MAPS=DIR` keeps every map there (`<family>.png`, `.svg`).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use arbitre::game::{OrderStatus, ViewContext};
use arbitre::games::stellarium::events::Event;
use arbitre::games::stellarium::model::*;
use arbitre::games::stellarium::orders::Item;
use arbitre::games::stellarium::view::{family_view, public_view};
use arbitre::games::stellarium::why::Why;
use arbitre::render::Renderer;
use arbitre::text::key;

#[path = "support/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

const FIRST_NAMES: [&str; 8] = ["Aurèle", "Bérénice", "Césaire", "Désirée", "Élie", "Fanny", "Gaëtan", "Héloïse"];

fn character(id: u32, first: &str, fam: &str, n: usize, rng: &mut u64) -> Character {
    let mut r = || {
        // xorshift: a fixed, dependency-free stream (no OS randomness).
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        *rng
    };
    let training = match n {
        0 | 1 => Some(Training::Warrior),
        2 => Some(Training::Merchant),
        3 => Some(Training::Explorer),
        4 | 5 => Some(Training::Priest),
        6 => Some(Training::Merchant),
        _ => None,
    };
    let place = match n {
        0 => Place::Fleet(FleetNo::First),
        1 => Place::Colony(key("Dorkir")),
        2 => Place::Exchange { stake: Stake::Normal, amount: 2 },
        6 => Place::Colony(key("Balnéa")),
        _ => Place::Stellarium,
    };
    Character {
        id: CharacterId(id),
        first_name: first.to_string(),
        sex: if n % 2 == 0 { Sex::Male } else { Sex::Female },
        birth_year: 4960 + (r() % 40) as i32,
        birth_family: fam.to_string(),
        family: fam.to_string(),
        founder_no: Some(n as u8 + 1),
        marital: Marital::Single,
        training,
        pp: (r() % 60) as i64,
        baptised: true,
        bastard: false,
        father: None,
        mother: None,
        last_place: Some(place),
        purchases: Purchases { turn: 5, capsule: n == 0, bodyguards: n == 1, doctor: false, insurance: n == 2 },
        prostheses: (n % 3) as u8,
        last_prosthesis_turn: None,
        prosthesis_permit_turn: None,
        exploration_permit_turn: None,
        remarriage_permit_turn: None,
        heretic: n == 5,
        captivity: None,
        sentence: None,
        expeditions: 0,
        expeditions_as_captain: 0,
        death: None,
    }
}

fn game(families: usize) -> (State, State, Vec<Event>) {
    let mut s = State::new(Settings::default());
    s.turn = 5;
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..families {
        let name = format!("Maison{i:04}");
        let k = key(&name);
        let mut f = Family::new(&k, &name, 0);
        f.founded = true;
        f.statuses.insert(4, OrderStatus::Or);
        f.trading_posts.insert(key("Balnéa"));
        f.trading_posts.insert(key("Mologataï"));
        s.families.insert(k.clone(), f);
        for (n, first) in FIRST_NAMES.iter().enumerate() {
            let id = s.peek_next_id();
            let c = character(id.0, first, &k, n, &mut rng);
            s.add_character(c);
        }
    }
    // Posts: the first families' characters fill the pyramids, the court and
    // the governorships, so that reports show public posts.
    let ids: Vec<CharacterId> = s.characters.keys().copied().collect();
    for (pi, p) in Pyramid::ALL.iter().enumerate() {
        let seats = s.pyramid_mut(*p);
        for seat in 0..6 {
            seats.seats[seat] = ids.get(pi * 6 + seat).copied();
        }
    }
    s.judges = ids.iter().skip(40).take(15).copied().collect();
    for (i, pk) in ["Balnéa", "Carilam", "Dorkir", "Engarkos", "Kistrang", "Mologataï", "Araknid"].iter().enumerate() {
        if let Some(p) = s.planet_mut(pk) {
            p.governor = ids.get(60 + i).copied();
        }
    }
    s.army.patrol = vec![key("Dorkir"), key("Engarkos"), key("Kistrang")];
    let before = s.clone();
    let mut a = s;
    a.turn = 6;
    let mut events = Vec::new();
    for (i, f) in a.families.values_mut().enumerate() {
        f.statuses.insert(5, OrderStatus::Or);
        f.victory_points = (i as i64 * 37) % 900;
        f.victory_history.insert(5, (i as i64 * 13) % 300);
        events.push(Event::Money { family: f.key.clone(), delta: -2, rule: "1".into(), reason: Why::Purchase { item: Item::Capsule, name: f.name.clone() }.msg() });
    }
    for (i, c) in a.characters.values_mut().enumerate() {
        c.pp += (i % 7) as i64;
        if i % 8 == 0 {
            events.push(Event::Purchased { who: c.id, item: arbitre::games::stellarium::orders::Item::Capsule });
            events.push(Event::Prestige { who: c.id, delta: (i % 7) as i64, rule: "12.3.10".into(), reason: Why::NoPouarkWar.msg() });
        }
    }
    (before, a, events)
}

fn main() {
    let families: usize = std::env::var("ARBITRE_BENCH_FAMILIES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let renderer = match Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("templates: {e}");
            std::process::exit(1);
        }
    };
    let t0 = Instant::now();
    let (before, after, events) = game(families);
    let build = t0.elapsed();
    let ctx = ViewContext {
        game_id: "bench".into(),
        turn: after.turn,
        deadline: "dimanche 6 décembre 2026 à 20 h 00 (Europe/Paris)".into(),
        time_left: "6 jours 23 heures".into(),
        lang: "fr".into(),
    };
    let threads = std::env::var("ARBITRE_BENCH_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or_else(arbitre::referee::parallel::default_threads);
    let load_before = load();
    let families_list: Vec<_> = after.families.iter().collect();
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    // As the deadline does: families spread over every core, each thread
    // taking the next family; step times are summed over the threads.
    let per_family = |(k, f): &(&String, &Family)| -> Result<(BTreeMap<&'static str, Duration>, usize, usize), String> {
        let mut times: BTreeMap<&'static str, Duration> = BTreeMap::new();
        let (mut bytes, mut png_bytes) = (0usize, 0usize);
        let t = Instant::now();
        let view = family_view(&ctx, &before, &after, &events, k);
        *times.entry("1 view").or_default() += t.elapsed();
        let rc = serde_json::json!({
            "ctx": ctx,
            "family": {"key": k, "name": f.name, "status": "OR", "onr_streak": 0, "lang": "fr"},
            "view": view,
            "form": [{"text": "LIEU Aurèle FLOTTE 1", "comment": null}],
            "map_cid": "map",
        });
        // As the deadline does: the context converted once for the three templates.
        let t = Instant::now();
        let mut rc = arbitre::render::Prepared::new(&rc).ok_or("the context is not an object")?;
        *times.entry("1 view").or_default() += t.elapsed();
        for (label, name) in [("2 text report", "stellarium/report.fr.txt.tera"), ("3 html report", "stellarium/report.fr.html.tera"), ("4 map svg", "stellarium/map.svg.tera")] {
            let t = Instant::now();
            let out = renderer.render_prepared(name, &rc).map_err(|e| e.to_string())?;
            *times.entry(label).or_default() += t.elapsed();
            bytes += out.len();
            if label == "4 map svg" {
                let t = Instant::now();
                // As the deadline does: the base every family shares, drawn
                // once, and the family's overlay over it.
                let png = renderer.layered_map_png(name, &mut rc).map_err(|e| format!("png: {e}"))?;
                *times.entry("5 map png").or_default() += t.elapsed();
                png_bytes = png.len();
                if let Some(dir) = std::env::var_os("ARBITRE_BENCH_SAVE_MAPS") {
                    let dir = std::path::PathBuf::from(dir);
                    let _ = std::fs::write(dir.join(format!("{k}.png")), &png);
                    let _ = std::fs::write(dir.join(format!("{k}.svg")), &out);
                }
            }
        }
        Ok((times, bytes, png_bytes))
    };
    let results = match arbitre::referee::parallel::map_in_order(&families_list, threads, per_family) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut times: BTreeMap<&str, Duration> = BTreeMap::new();
    let (mut bytes, mut png_bytes, mut png_max) = (0usize, 0usize, 0usize);
    for (t, b, p) in results {
        for (k, d) in t {
            *times.entry(k).or_default() += d;
        }
        bytes += b;
        png_bytes += p;
        png_max = png_max.max(p);
    }
    let t = Instant::now();
    let pv = public_view(&ctx, &before, &after, &events);
    let chron = renderer.render("stellarium/chronicle.fr.html.tera", &serde_json::json!({"ctx": ctx, "view": pv}));
    *times.entry("6 chronicle").or_default() += t.elapsed();
    if let Err(e) = chron {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let total = start.elapsed();
    let cpu = cpu_seconds() - cpu0;
    println!("render_reports: {families} families, {} characters (state built in {:.2?}), {threads} thread(s), load {load_before} -> {}", after.characters.len(), build, load());
    println!("  per step, summed over the threads:");
    for (k, d) in &times {
        println!("  {:<16} {:>10.2?} total  {:>9.2?} per family", k, d, *d / families.max(1) as u32);
    }
    println!("  text+html+svg: {:.1} MB, PNG: {:.1} MB (largest map {:.1} KB)", bytes as f64 / 1e6, png_bytes as f64 / 1e6, png_max as f64 / 1e3);
    println!("  ALL: {:.2?} for {families} families ({:.2?} per family); CPU {cpu:.2} s (user + system, every thread: the wall time on a quiet machine is about CPU / threads)", total, total / families.max(1) as u32);
    println!("FIGURE|render.{families}_families|{:.2}|s|{}|65.1 s on 1 core before #15 ({threads} threads now)", total.as_secs_f64(), if families == 1000 { "<= 10 s" } else { "-" });
    println!("FIGURE|render.png_max_kb|{:.1}|KB|<= 60 KB|143 KB before #15", png_max as f64 / 1e3);
}

/// The load average (1, 5, 15 min).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}
