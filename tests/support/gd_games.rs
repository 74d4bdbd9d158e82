//! Whole six-party Galactic Destiny games through the Maildir transport
//! (`arbitre demo --ruleset galactic-destiny --players 6`: simulated
//! players writing mails, early adjudication, orders in advance, a silent
//! stretch), one seed for each of the four endings (issue #29: "Whole
//! six-party games through the Maildir transport reach each of the four
//! endings for some seeds"). The endings test and the no-leak test read the
//! same games: each is played once per build of the binary and kept under
//! the target's temporary folder (or `ARBITRE_GD_GAMES_DIR`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// A game to play: the seed, the turn limit (`tours_max`, what `--turns`
/// sets), and the ending it reaches (`how` of the `ended` event).
#[derive(Debug, Clone, Copy)]
pub struct Game {
    pub ending: &'static str,
    pub seed: u64,
    pub turns: u32,
}

/// One seed for each ending, each game as short as its ending allows (the
/// turn limit of 30 is never reached but by the last).
pub const ENDINGS: [Game; 4] = [
    Game { ending: "ministries", seed: 9, turns: 30 },
    Game { ending: "sectors", seed: 7, turns: 30 },
    Game { ending: "infested", seed: 6, turns: 30 },
    Game { ending: "turn_limit", seed: 1, turns: 2 },
];

/// The folder of the games of this build of the binary.
fn root() -> PathBuf {
    if let Some(d) = std::env::var_os("ARBITRE_GD_GAMES_DIR") {
        return PathBuf::from(d);
    }
    let bin = std::fs::metadata(env!("CARGO_BIN_EXE_arbitre")).expect("the binary");
    let at = bin.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos());
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gd-games").join(format!("{at:x}-{:x}", bin.len()))
}

/// The lock of game `g` in this process: two tests of one binary run on
/// two threads, and may both want it.
fn lock(g: Game) -> std::sync::Arc<std::sync::Mutex<()>> {
    static LOCKS: std::sync::Mutex<Vec<((u64, u32), std::sync::Arc<std::sync::Mutex<()>>)>> = std::sync::Mutex::new(Vec::new());
    let mut all = LOCKS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, l)) = all.iter().find(|(k, _)| *k == (g.seed, g.turns)) {
        return l.clone();
    }
    let l = std::sync::Arc::new(std::sync::Mutex::new(()));
    all.push(((g.seed, g.turns), l.clone()));
    l
}

/// The demo's folder of `g`, played now unless already played by this
/// build (`summary.txt` is written last).
pub fn play(g: Game) -> PathBuf {
    let game = lock(g);
    let _playing = game.lock().unwrap_or_else(|e| e.into_inner());
    let dir = root().join(format!("s{}-t{}", g.seed, g.turns));
    if dir.join("summary.txt").exists() {
        return dir;
    }
    if !root().exists() && std::env::var_os("ARBITRE_GD_GAMES_DIR").is_none() {
        // A game takes some 300 MB (a board picture a report): the games of
        // earlier builds go.
        if let Some(all) = root().parent() {
            for old in std::fs::read_dir(all).into_iter().flatten().flatten() {
                std::fs::remove_dir_all(old.path()).ok();
            }
        }
    }
    std::fs::create_dir_all(root()).expect("the games' folder");
    let tmp = root().join(format!("playing-{}-s{}-t{}", std::process::id(), g.seed, g.turns));
    std::fs::remove_dir_all(&tmp).ok();
    let run = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["demo", "--ruleset", "galactic-destiny", "--players", "6", "--seed", &g.seed.to_string(), "--turns", &g.turns.to_string(), "--out"])
        .arg(&tmp)
        .output()
        .expect("the demo runs");
    assert!(run.status.success(), "{}\n{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    // Another test may have played the same game meanwhile: same seed, same game.
    if std::fs::rename(&tmp, &dir).is_err() {
        std::fs::remove_dir_all(&tmp).ok();
    }
    assert!(dir.join("summary.txt").exists(), "{}", dir.display());
    dir
}

/// Every game of `games`, played two at a time.
pub fn play_all(games: &[Game]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for pair in games.chunks(2) {
        let dirs: Vec<PathBuf> = std::thread::scope(|sc| {
            let hs: Vec<_> = pair.iter().map(|g| sc.spawn(move || play(*g))).collect();
            hs.into_iter().map(|h| h.join().expect("a game")).collect()
        });
        out.extend(dirs);
    }
    out
}

/// The ending of a played game, from its summary's `game over:` line (the
/// `ended` event): its `how` and the whole value.
pub fn ending(dir: &Path) -> Option<(String, serde_json::Value)> {
    let text = std::fs::read_to_string(dir.join("summary.txt")).ok()?;
    let json = text.lines().find_map(|l| l.strip_prefix("game over: "))?;
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    Some((v["how"].as_str()?.to_string(), v))
}

/// The game turns opened, from the summary.
pub fn game_turns(dir: &Path) -> u32 {
    let text = std::fs::read_to_string(dir.join("summary.txt")).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("galactic destiny: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}
