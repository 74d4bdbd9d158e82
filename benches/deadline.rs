//! The whole deadline, as the daemon runs it: from the deadline instant to
//! the last report handed to the outbox (`Referee::adjudicate`: statuses,
//! defaults, adjudication, archive, every view, text and HTML report, SVG
//! and PNG map, the writes and the mails queued), on a real store in a temp
//! directory:
//! - Stellarium, 1,000 founded families (turn 1), every family's orders
//!   those of the ruleset's simulated player;
//! - Galaxy at turn 10, 100 players (78×78, 800 stars) and 200 players
//!   (110×110, 1,600 stars), every player ordering.
//!
//! The turns before the timed one are played by the engine directly (not
//! timed), then stored as the open turn's snapshot. The timed deadline runs
//! once; the process's peak RSS during it is read from `/proc/self/status`
//! (VmHWM, reset before with `/proc/self/clear_refs`).
//!
//! - Galactic Destiny, six parties, the purchases step of game turn 3 (every
//!   party mailed its report and the board picture);
//! - Galactic Destiny, six parties, the last invasion window of game turn 3
//!   (every party's report with the odds of its pending battles).
//!
//! `cargo bench --bench deadline`; `ARBITRE_BENCH_FAMILIES=200` sets the
//! Stellarium size, `ARBITRE_BENCH_ONLY=stellarium|galaxy|galactic-destiny`
//! one game only.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use arbitre::dice::Dice;
use arbitre::game::{status_of, Engine, FamilyInput, LoadedState, OrderLine, OrderStatus};
use arbitre::referee::adjudication::Mode;
use arbitre::referee::intake::OrdersRecord;
use arbitre::referee::Referee;
use jiff::Timestamp;

mod support;
#[path = "support/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

const GAME: &str = "deadline";

fn referee(dir: &std::path::Path, ruleset: &str, settings: &str) -> Referee {
    let cfg = arbitre::config::load(&support::config(dir, GAME, ruleset, settings)).unwrap();
    Referee::new(cfg, std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates")).unwrap()
}

/// Every family's orders: the ruleset's simulated player, parsed, with the
/// verdicts and completeness the intake would store.
fn orders(engine: &dyn Engine, s: &LoadedState, keys: &[String], turn: u32) -> BTreeMap<String, (serde_json::Value, OrdersRecord)> {
    let mut d = Dice::for_turn(77, turn);
    let mut out = BTreeMap::new();
    for (rank, k) in keys.iter().enumerate() {
        let lines = engine.sample_orders(s, k, &mut d).unwrap();
        let lines: Vec<OrderLine> = lines.into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
        let (orders, verdicts, completeness) = engine.parse_orders(s, k, &lines).unwrap();
        let rec = OrdersRecord {
            message_id: format!("<{turn}-{rank}@bench>"),
            archive_key: format!("k{turn}-{rank}"),
            received_at: "2026-05-04T10:00:00Z".parse().unwrap(),
            receipt_rank: rank as u32,
            orders: orders.clone(),
            verdicts,
            completeness,
        };
        out.insert(k.clone(), (orders, rec));
    }
    out
}

/// A game of `n` families played by the engine up to turn `turn`, stored as
/// the open turn with the orders of every family for it. Returns the
/// deadline instant.
fn prepare(r: &Referee, ruleset: &str, n: usize, turn: u32, settings: &toml::Table) -> Timestamp {
    prepare_until(r, ruleset, n, settings, &|_, _, t| t >= turn).0
}

/// [`prepare`] for a turn-based game: steps are played until `stop` (the
/// engine, the state and the steps played so far) says the open one is to
/// be timed, each by the seats it awaits. Returns the deadline instant and
/// the step.
fn prepare_until(
    r: &Referee,
    ruleset: &str,
    n: usize,
    settings: &toml::Table,
    stop: &dyn Fn(&dyn Engine, &LoadedState, u32) -> bool,
) -> (Timestamp, u32) {
    let now: Timestamp = "2026-05-04T10:00:00Z".parse().unwrap();
    let mut meta = r.create_game(GAME, Some(3), now).unwrap();
    let engine = arbitre::games::engine(ruleset).unwrap();
    let mut s = engine.new_game(settings, 5).unwrap();
    let keys: Vec<String> = (0..n).map(|i| format!("FAMILLE{i:04}")).collect();
    for (i, k) in keys.iter().enumerate() {
        engine.register(&mut s, k, &format!("Famille{i:04}")).unwrap().unwrap();
        meta.families.insert(
            k.clone(),
            support::family_record(i, format!("Famille{i:04}"), BTreeMap::new()),
        );
    }
    let awaited = |s: &LoadedState| -> Vec<String> {
        match engine.awaiting(s).unwrap() {
            Some(set) => keys.iter().filter(|k| set.contains(*k)).cloned().collect(),
            None => keys.clone(),
        }
    };
    let mut turn = 0;
    while !stop(engine.as_ref(), &s, turn) {
        let t = turn;
        turn += 1;
        let mut d = Dice::for_turn(5, t);
        let mut inputs = BTreeMap::new();
        for (k, (given, rec)) in orders(engine.as_ref(), &s, &awaited(&s), t) {
            let status = status_of(rec.verdicts.iter().any(|v| v.is_accepted()), &rec.completeness);
            let o = engine.default_orders(&s, &k, status, given, &mut d).unwrap();
            inputs.insert(k, FamilyInput::new(status, o, Some(rec.receipt_rank)));
        }
        s = engine.adjudicate(&s, &inputs, &mut d).unwrap().state;
        for f in meta.families.values_mut() {
            f.statuses.insert(t, OrderStatus::Or);
        }
    }
    let dir = r.store.game(GAME).unwrap();
    dir.write_state(turn, &engine.save_state(&s).unwrap()).unwrap();
    for (k, (_, rec)) in orders(engine.as_ref(), &s, &awaited(&s), turn) {
        dir.write_orders(turn, &k, &rec).unwrap();
    }
    meta.turn = turn;
    if turn > 0 {
        meta.last_reported_turn = Some(turn - 1);
    }
    let deadline = meta.deadline.unwrap_or(now);
    r.write_meta(&meta).unwrap();
    (deadline, turn)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

/// VmHWM of this process, in MB.
fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Runs the deadline of a prepared game; returns its duration, the reports
/// queued and the peak RSS during it.
fn deadline(r: &Referee, at: Timestamp) -> (Duration, usize, f64) {
    // Resets VmHWM to the current RSS, so that the peak is the deadline's.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let t = Instant::now();
    let s = r.adjudicate(GAME, Mode::Deadline, at.checked_add(jiff::SignedDuration::from_secs(1)).unwrap()).unwrap();
    let took = t.elapsed();
    assert!(s.held.is_none(), "the turn was held: {:?}", s.held);
    let queued = r.store.outbox().list(arbitre::store::OutboxState::New).unwrap().len();
    assert!(queued >= s.reports, "{queued} mails queued for {} reports", s.reports);
    (took, s.reports, peak_rss_mb())
}

fn settings(text: &str) -> toml::Table {
    text.parse().unwrap()
}

fn main() {
    let only = std::env::var("ARBITRE_BENCH_ONLY").ok();
    // Every game's folder is kept until the process ends: deleting one
    // game's thousands of files just before the next game's deadline would
    // make that deadline pay for them (ext4 without a journal, as here,
    // skips the inodes freed in the last seconds when it allocates new
    // ones, looking at each in turn: BENCHMARKS.md).
    let mut kept = Vec::new();
    let threads = arbitre::referee::parallel::default_threads();
    println!("deadline: from the deadline instant to the last report in the outbox ({threads} threads)");
    if only.as_deref().is_none_or(|o| o == "stellarium") {
        let n: usize = std::env::var("ARBITRE_BENCH_FAMILIES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
        let dir = tempfile::tempdir().unwrap();
        let r = referee(dir.path(), "stellarium", "");
        let t = Instant::now();
        let at = prepare(&r, "stellarium", n, 1, &toml::Table::new());
        println!("  stellarium, {n} families: founded and stored in {:.2?} (not timed)", t.elapsed());
        let l0 = load();
        let cpu0 = cpu_seconds();
        let (took, reports, peak) = deadline(&r, at);
        let cpu = cpu_seconds() - cpu0;
        println!("  stellarium, {n} families, turn 1: {took:.2?} (CPU {cpu:.2} s; {reports} reports; peak RSS {peak:.0} MB; load {l0} -> {})", load());
        let goal = |g: &str| if n == 1000 { g.to_string() } else { "-".to_string() };
        println!("FIGURE|deadline.stellarium_{n}|{:.2}|s|{}|-", took.as_secs_f64(), goal("<= 15 s"));
        println!("FIGURE|memory.deadline_peak|{peak:.0}|MB|{}|VmHWM of the whole bench process", goal("<= 500 MB"));
        kept.push(dir);
    }
    if only.as_deref().is_none_or(|o| o == "galaxy") {
        for (players, size, stars, goal, c_ref) in [(100, 78, 800, "<= 0.5 s", "GalaxyNG 1.6 s"), (200, 110, 1600, "<= 1 s", "-")] {
            let dir = tempfile::tempdir().unwrap();
            let text = format!("players = {players}\nsize = {size}\nstars = {stars}\n");
            let r = referee(dir.path(), "galaxy", &text);
            let t = Instant::now();
            let at = prepare(&r, "galaxy", players, 10, &settings(&text));
            println!("  galaxy, {players} players: 10 turns played and stored in {:.2?} (not timed)", t.elapsed());
            let l0 = load();
            let cpu0 = cpu_seconds();
            let (took, reports, peak) = deadline(&r, at);
            let cpu = cpu_seconds() - cpu0;
            println!(
                "  galaxy, {players} players ({size}x{size}, {stars} stars), turn 10: {took:.2?} ({:.2} ms per player; CPU {cpu:.2} s, {:.2} ms per player; {reports} reports; peak RSS {peak:.0} MB; load {l0} -> {})",
                took.as_secs_f64() * 1000.0 / players as f64,
                cpu * 1000.0 / players as f64,
                load()
            );
            println!("FIGURE|deadline.galaxy_{players}|{:.3}|s|{goal}|{c_ref}", took.as_secs_f64());
            kept.push(dir);
        }
    }
    if only.as_deref().is_none_or(|o| o == "galactic-destiny") {
        // Six parties; the timed step is the purchases (P) of game turn 3:
        // every party buys, then the end of the turn and the next galactic
        // phase are played, and every party is mailed its report and the
        // board picture (design note §2.6 item 4: a step closing a phase).
        let dir = tempfile::tempdir().unwrap();
        let text = "attribution_partis = \"hasard\"\n";
        let r = referee(dir.path(), "galactic-destiny", text);
        let t = Instant::now();
        let purchases = std::cell::Cell::new(0);
        let (at, step) = prepare_until(&r, "galactic-destiny", 6, &settings(text), &|e, s, _| {
            if e.step_kind(s).unwrap() != "achats" {
                return false;
            }
            purchases.set(purchases.get() + 1);
            purchases.get() == 3
        });
        println!("  galactic destiny, 6 parties: {step} steps played and stored in {:.2?} (not timed)", t.elapsed());
        let l0 = load();
        let cpu0 = cpu_seconds();
        let (took, reports, peak) = deadline(&r, at);
        let cpu = cpu_seconds() - cpu0;
        println!("  galactic destiny, 6 parties, step {step} (purchases of game turn 3): {took:.2?} (CPU {cpu:.2} s; {reports} reports; peak RSS {peak:.0} MB; load {l0} -> {})", load());
        println!("FIGURE|deadline.galactic_destiny_6|{:.3}|s|<= 1 s|-", took.as_secs_f64());
        kept.push(dir);

        // The last invasion window of game turn 3: once it closes, every
        // battle of the turn is pending, and each party's report carries
        // the odds of its battles (4,000 simulated battles an estimate,
        // `view_battle_odds.rs`).
        let dir = tempfile::tempdir().unwrap();
        let r = referee(dir.path(), "galactic-destiny", text);
        let t = Instant::now();
        let gd = |e: &dyn arbitre::game::Engine, s: &arbitre::game::LoadedState| -> arbitre::games::galactic_destiny::GdState {
            serde_json::from_slice(&e.save_state(s).unwrap()).unwrap()
        };
        let (at, step) = prepare_until(&r, "galactic-destiny", 6, &settings(text), &|e, s, _| {
            let g = gd(e, s);
            g.game_turn == 3 && matches!(g.phase, arbitre::games::galactic_destiny::model::Phase::Invasions { window: Some(w) } if usize::from(w) + 1 == g.initiative.len())
        });
        println!("  galactic destiny, 6 parties: {step} steps played and stored in {:.2?} (not timed)", t.elapsed());
        let l0 = load();
        let cpu0 = cpu_seconds();
        let (took, reports, peak) = deadline(&r, at);
        let cpu = cpu_seconds() - cpu0;
        let g = r.open_game(GAME).unwrap();
        let after = gd(g.engine.as_ref(), &g.state);
        let battles = arbitre::games::galactic_destiny::view::battle_odds::pending(&after).len();
        println!("  galactic destiny, 6 parties, step {step} (last invasion window of game turn 3, {battles} battle(s) pending): {took:.2?} (CPU {cpu:.2} s; {reports} reports; peak RSS {peak:.0} MB; load {l0} -> {})", load());
        println!("FIGURE|deadline.galactic_destiny_6_battles|{:.3}|s|<= 1 s|-", took.as_secs_f64());
        kept.push(dir);
    }
    // ARBITRE_BENCH_KEEP=1: the games' folders are left for inspection.
    if std::env::var_os("ARBITRE_BENCH_KEEP").is_some() {
        for dir in kept {
            println!("  kept {}", dir.keep().display());
        }
    }
}
