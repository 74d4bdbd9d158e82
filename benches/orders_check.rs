//! `arbitre orders check` as a whole process (issue #15, goal 3): the
//! acknowledgement one order mail would get, on a Galaxy game of 100
//! players, from the start of the process to its exit.
//!
//! The game is made by `arbitre demo --ruleset galaxy --players 100 --turns 2`
//! (simulated players, real mails through the embedded Maildir transport),
//! so it has a state, every family's orders and every family's reports and
//! maps, as a referee's data directory has. The message checked is the
//! newest order mail a player sent (from the archive), judged an hour before
//! the open turn's deadline (`--at`), so that it is read and answered in
//! full. Each run is a fresh process (`ARBITRE_BENCH_CHECK_RUNS`, default
//! 30); the median is the figure. The data directory must be left exactly
//! as it was (every file's path, size and modification time).
//!
//! `cargo bench --bench orders_check`. Sizes: `ARBITRE_BENCH_CHECK_PLAYERS`
//! (default 100), `ARBITRE_BENCH_CHECK_TURNS` (default 2). Under
//! `cargo test --all-targets` it runs a small smoke version (4 players, one
//! turn, 3 runs) and checks it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let players = env_number("ARBITRE_BENCH_CHECK_PLAYERS", if bench_mode { 100 } else { 4 });
    let turns = env_number("ARBITRE_BENCH_CHECK_TURNS", if bench_mode { 2 } else { 1 });
    let runs = env_number("ARBITRE_BENCH_CHECK_RUNS", if bench_mode { 30 } else { 3 }).max(1);
    let bin = env!("CARGO_BIN_EXE_arbitre");
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("game");

    let t = Instant::now();
    let demo = Command::new(bin)
        .args(["demo", "--ruleset", "galaxy", "--players", &players.to_string(), "--turns", &turns.to_string(), "--out"])
        .arg(&out)
        .output()
        .expect("arbitre demo runs");
    assert!(demo.status.success(), "arbitre demo failed:\n{}", String::from_utf8_lossy(&demo.stderr));
    let made_in = t.elapsed();

    let config = out.join("config.toml");
    let data = out.join("data");
    let sent = newest_order_mail(&data.join("archive")).expect("an order mail in the archive");
    let game: serde_json::Value =
        serde_json::from_slice(&std::fs::read(data.join("games/demo/game.json")).expect("game.json")).expect("game.json parses");
    // The player's last orders, written again for the open turn.
    let open_turn = game["turn"].as_u64().expect("the open turn");
    let text = String::from_utf8(std::fs::read(&sent).expect("the archived mail")).expect("UTF-8");
    let text: String = text
        .split_inclusive('\n')
        .map(|l| {
            let end = if l.ends_with("\r\n") { "\r\n" } else { "\n" };
            if l.starts_with("TOUR ") {
                format!("TOUR {open_turn}{end}")
            } else if l.starts_with("Message-ID:") {
                format!("Message-ID: <orders-check@bench.example.test>{end}")
            } else {
                l.to_string()
            }
        })
        .collect();
    let mail = dir.path().join("orders.eml");
    std::fs::write(&mail, text).expect("the mail to check");
    let deadline: jiff::Timestamp = game["deadline"].as_str().expect("a deadline").parse().expect("an instant");
    let at = deadline - jiff::SignedDuration::from_hours(1);
    let reports = count_files(&data.join("games/demo/turns"), "reports");

    let before = snapshot(&data);
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    let mut stdout = String::new();
    for _ in 0..runs {
        let t = Instant::now();
        let o = Command::new(bin)
            .arg("--config")
            .arg(&config)
            .args(["orders", "check", "demo"])
            .arg(&mail)
            .arg("--at")
            .arg(at.to_string())
            .output()
            .expect("arbitre orders check runs");
        times.push(t.elapsed());
        assert!(o.status.success(), "orders check failed:\n{}", String::from_utf8_lossy(&o.stderr));
        stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    }
    assert!(stdout.contains("\"kind\":\"ack\""), "a full acknowledgement, not a refusal:\n{stdout}");
    assert_eq!(snapshot(&data), before, "orders check changed the data directory");
    times.sort();

    let median = times[times.len() / 2];
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "orders_check{}: Galaxy, {players} players, open turn {open_turn} (made by arbitre demo --turns {turns} in {made_in:.1?}; {reports} report files on disk)",
        if bench_mode { "" } else { " (smoke)" }
    );
    println!(
        "  arbitre orders check, whole process, {runs} runs: median {median:.1?}, min {:.1?}, max {:.1?}",
        times[0],
        times[times.len() - 1]
    );
    println!("  load average (1, 5, 15 min) at the end: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    println!("FIGURE|orders_check.process|{:.1}|ms|<= 50 ms|GalaxyNG 93 ms", 1000.0 * median.as_secs_f64());
}

/// The newest archived message with an orders block for a turn and a
/// password (a player's orders, not a registration).
fn newest_order_mail(archive: &Path) -> Option<PathBuf> {
    let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(archive)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".eml"))
        .filter(|e| {
            let text = String::from_utf8_lossy(&std::fs::read(e.path()).unwrap_or_default()).to_uppercase();
            text.contains("\nMOTDEPASSE ") && text.contains("\nTOUR ") && !text.contains("INSCRIPTION")
        })
        .map(|e| (e.metadata().and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH), e.path()))
        .collect();
    found.sort();
    found.pop().map(|(_, p)| p)
}

/// Every file under `dir` with its size and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let Ok(m) = e.metadata() else { continue };
            if m.is_dir() {
                stack.push(e.path());
            } else {
                out.insert(e.path(), (m.len(), m.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
            }
        }
    }
    out
}

/// How many files lie in folders named `name` under `dir`.
fn count_files(dir: &Path, name: &str) -> usize {
    snapshot(dir).keys().filter(|p| p.components().any(|c| c.as_os_str() == name)).count()
}
