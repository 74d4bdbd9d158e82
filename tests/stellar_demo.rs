//! `arbitre demo --ruleset stellar`: a whole game through the Maildir
//! transport, to its final score, with a refresh, a blind draw and a player
//! who goes silent (default moves), through early adjudication and orders in
//! advance; then the independent referee (`tests/data/stellar/oracle.rs`)
//! replays every step the demo stored, from the stored states and orders.

use std::path::Path;
use std::process::Command;

use arbitre::games::stellar::{Orders, StellarState};

#[path = "data/stellar/oracle.rs"]
mod oracle;

/// The independent referee over every step a demo stored: the state open at
/// step n (`turns/n/state.json`), the orders accepted for it
/// (`turns/n/orders/<seat>.json`, none for a silent seat) and the state of
/// step n + 1.
fn oracle_over_stored_game(game: &Path) -> Vec<String> {
    let load = |n: usize| -> Option<StellarState> { std::fs::read(game.join(format!("turns/{n:04}/state.json"))).ok().map(|b| serde_json::from_slice(&b).unwrap()) };
    let mut faults = Vec::new();
    let mut n = 0;
    while let (Some(before), Some(after)) = (load(n), load(n + 1)) {
        let orders: [Orders; 2] = std::array::from_fn(|seat| {
            let key = before.seats.get(seat).map(|s| s.key.clone()).unwrap_or_default();
            std::fs::read(game.join(format!("turns/{n:04}/orders/{key}.json")))
                .ok()
                .map(|b| serde_json::from_value(serde_json::from_slice::<serde_json::Value>(&b).unwrap()["orders"].clone()).unwrap())
                .unwrap_or_default()
        });
        faults.extend(oracle::check_step(&before, &orders, &after).into_iter().map(|e| format!("step {n}: {e}")));
        n += 1;
    }
    assert!(n > 22, "only {n} stored steps");
    faults
}

#[test]
fn demo_plays_a_whole_game_to_the_final_score() {
    let out = std::env::temp_dir().join(format!("arbitre-stellar-demo-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["demo", "--ruleset", "stellar", "--turns", "30", "--seed", "2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(run.status.success(), "{text}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(text.contains("game over"), "{text}");
    assert!(text.contains("demo: final score: Youri "), "{text}");
    let summary = text.lines().find(|l| l.contains(" moves (")).unwrap_or_default().to_string();
    let numbers: Vec<u32> = summary.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect();
    // "22 moves (D default), R refresh(es), B blind draw(s)"
    assert_eq!(numbers.first(), Some(&22), "{summary}");
    assert!(numbers[1] > 0 && numbers[2] > 0 && numbers[3] > 0, "{summary}");
    // Played through early adjudication, with orders in advance applied.
    let turn_based = text.lines().find(|l| l.contains(" early adjudication(s); ")).unwrap_or_default().to_string();
    let n: Vec<u32> = turn_based.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect();
    assert!(n.len() == 3 && n[0] > 0 && n[2] > 0, "{text}");
    assert!(text.contains("played early") && text.contains("played at the deadline"), "{text}");
    // Every step's reports went out: one text, HTML and picture per player.
    let reports = out.join("data/games/demo/turns/0010/reports");
    for p in ["YOURI", "NEIL"] {
        for f in ["report.txt", "report.html", "map.png"] {
            assert!(reports.join(p).join(f).exists(), "{p}/{f}");
        }
    }
    // Every stored step, replayed by the independent referee.
    let faults = oracle_over_stored_game(&out.join("data/games/demo"));
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    std::fs::remove_dir_all(&out).ok();
}
