//! `arbitre demo --ruleset galactic-destiny --players 6 --turns 10`: six
//! simulated parties play the senate and the purchases through the Maildir
//! transport (early adjudication, a silent stretch played by default) until
//! ten game turns are played or the game ends, and the summary shows
//! elections, laws passed and vetoed, prosecutions and trades.

use std::process::Command;

/// The first number of the summary line that starts with `head` and
/// holds `word`, just before it.
fn count(text: &str, head: &str, word: &str) -> u64 {
    let line = text.lines().find(|l| l.starts_with(head) && l.contains(word)).unwrap_or_else(|| panic!("no line {head} … {word} in\n{text}"));
    let before = &line[..line.find(word).unwrap_or(0)];
    before.split_whitespace().last().and_then(|w| w.trim_start_matches('(').parse().ok()).unwrap_or_else(|| panic!("no count before {word} in {line}"))
}

#[test]
fn demo_plays_the_senate_and_the_purchases_with_elections_laws_vetoes_trials_and_trades() {
    let out = std::env::temp_dir().join(format!("arbitre-gd-demo-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["demo", "--ruleset", "galactic-destiny", "--players", "6", "--turns", "10", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(run.status.success(), "{text}\n{}", String::from_utf8_lossy(&run.stderr));
    let turns = count(&text, "demo: galactic destiny:", "game turn(s) opened");
    assert!(turns == 10 || text.contains("demo: game over:"), "{text}");
    assert!(turns >= 5, "{text}");
    assert!(count(&text, "demo: senate:", "post(s) filled") >= 5, "{text}");
    assert!(count(&text, "demo: senate:", "law(s) passed") >= 1, "{text}");
    assert!(count(&text, "demo: senate:", "veto(es)") >= 1, "{text}");
    assert!(count(&text, "demo: senate:", "trial(s)") >= 1, "{text}");
    assert!(count(&text, "demo: any step:", "trade(s)") >= 1, "{text}");
    assert!(count(&text, "demo: purchases:", "purchase(s)") >= 1, "{text}");
    assert!(count(&text, "demo: campaigns:", "declared") >= 1, "{text}");
    assert!(count(&text, "demo: campaigns:", "taken by a campaign") >= 1, "{text}");
    // A party far behind rebels in this game (the robots' choice, by lot).
    assert!(count(&text, "demo: rebellion:", "declared") >= 1, "{text}");
    // The silent stretch of the second player is played by default, in words.
    assert!(count(&text, "demo: purchases:", "step(s) played by default") >= 1, "{text}");
    let report = std::fs::read_to_string(out.join("data/games/demo/turns/0004/reports/ATREIDES/report.txt")).expect("a report");
    // Step 4 is the second invasion window of game turn 1 (S1, S2, then a
    // window a party).
    for words in ["Composants provisoires", "Tour de jeu 1", "Invasions (I), fenêtre de", "— ouverte", "Avant les urnes (K)", "Campagnes (C)", "== Le plateau", "== Les Ke'Ras ==", "== Privé : votre main"] {
        assert!(report.contains(words), "{words:?} not in\n{report}");
    }
    // The board picture goes with every report, and on the game page.
    let step = out.join("data/games/demo/turns/0004");
    for png in [step.join("reports/ATREIDES/map.png"), step.join("public-map.png")] {
        let bytes = std::fs::read(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
        assert!(bytes.starts_with(b"\x89PNG"), "{} is not a PNG", png.display());
    }
    std::fs::remove_dir_all(&out).ok();
}
