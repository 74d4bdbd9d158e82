//! `arbitre demo --ruleset stellium`: a whole game through the Maildir
//! transport and the turn-based path (early adjudication, a silent stretch),
//! to the final scores; the independent referee (`data/stellium/oracle.rs`)
//! replays every step stored in the game's folder.

use std::process::Command;

use arbitre::games::stellium::StelliumState;

#[path = "data/stellium/oracle.rs"]
mod oracle;

#[test]
fn demo_plays_a_whole_game_to_the_final_scores() {
    let out = std::env::temp_dir().join(format!("arbitre-stellium-demo-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["demo", "--ruleset", "stellium", "--players", "2", "--seed", "2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(run.status.success(), "{text}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(text.contains("game over"), "{text}");
    assert!(text.contains("Grand Architecte de l'Univers"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("demo: final:") && l.contains("score final")).count(), 2, "{text}");
    let reports = out.join("data/games/demo/turns/0005/reports");
    for p in ["ATREIDES", "HARKONNEN"] {
        for f in ["report.txt", "report.html", "map.png"] {
            assert!(reports.join(p).join(f).exists(), "{p}/{f}");
        }
    }
    // The independent referee replays every stored step of the game.
    let turns = out.join("data/games/demo/turns");
    let mut dirs: Vec<_> = std::fs::read_dir(&turns).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    let states: Vec<StelliumState> = dirs.iter().filter(|d| d.join("state.json").exists()).map(|d| serde_json::from_slice(&std::fs::read(d.join("state.json")).unwrap()).unwrap()).collect();
    assert!(states.len() > 10 && states.last().unwrap().result.is_some(), "{} stored steps", states.len());
    oracle::referee_game(&states);
    std::fs::remove_dir_all(&out).ok();
}
