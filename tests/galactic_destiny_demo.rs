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
    // Fewer mails (design note §2.6 item 4): from one window to the next
    // only the party whose window opens is mailed, so a party gets about 9
    // reports or notices a game turn (11 with a Feint round), not 2n + 5 =
    // 17; every report is on its private page all the same.
    let mails = reports_mailed(&out.join("mail/outgoing"));
    assert_eq!(mails.len(), 6, "{mails:?}");
    for (address, n) in &mails {
        assert!(*n <= 11 * turns + 2, "{address}: {n} reports or notices mailed over {turns} game turn(s)");
        assert!(*n >= 6 * (turns - 1), "{address}: {n} reports or notices: too few, every party is mailed at least when it is awaited");
    }
    std::fs::remove_dir_all(&out).ok();
}

/// Reports and "turn played" notices mailed to each address of the Maildir
/// transport's outgoing folder.
fn reports_mailed(outgoing: &std::path::Path) -> std::collections::BTreeMap<String, u64> {
    let mut out = std::collections::BTreeMap::new();
    for dir in std::fs::read_dir(outgoing).expect("outgoing mail").map(|e| e.expect("entry").path()) {
        let address = dir.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
        let mut n = 0;
        for f in std::fs::read_dir(dir.join("new")).expect("new mail").map(|e| e.expect("entry").path()) {
            let raw = std::fs::read(&f).expect("a mail");
            let subject = mail_parser::MessageParser::default().parse(&raw).and_then(|m| m.subject().map(String::from)).unwrap_or_default();
            let report = ["Rapport du tour", " joué — ", "Report for turn", " played — "].iter().any(|w| subject.contains(w));
            if report {
                n += 1;
            }
        }
        out.insert(address, n);
    }
    out
}
