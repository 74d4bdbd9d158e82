//! Galactic Destiny's no-leak test (design note §7, issues #27 and #29):
//! whole six-party games of simulated parties through the Maildir
//! transport (`support/gd_games.rs`), then every mail the referee sent and
//! every file its pages are built from (each family's reports, the
//! chronicles) is read, and none may carry what, at the step it speaks of,
//! another party held in secret — hands, waiting senators, standing bids,
//! answers and policies, spy results, sealed orders — only counts are
//! public. The stored states say who held what when
//! (`support/gd_secrets.rs`, shared with the web pages' test
//! `galactic_destiny_web.rs`). Decks are never printed: they are stored
//! sorted and the views count them, so a deck's order cannot be in a mail.

use std::collections::BTreeMap;
use std::path::Path;

use arbitre::games::galactic_destiny::GdState;

#[path = "support/gd_games.rs"]
mod gd_games;
#[path = "support/gd_secrets.rs"]
mod gd_secrets;

use gd_games::ENDINGS;
use gd_secrets::{files, names, readable, step_events, Played, Secrets};

/// Every stored deck is a sorted set (drawn by lot when drawn): its order
/// cannot be in any text. Leaks go to `found`; returns the decks checked.
fn decks_unordered(states: &BTreeMap<u32, GdState>, found: &mut Vec<String>) -> usize {
    let mut n = 0;
    for (step, s) in states {
        let sectors: Vec<String> = s.sector_deck.iter().map(|x| format!("{x:03}")).collect();
        for (name, deck) in [("actions", &s.fx.action_deck), ("senators", &s.fx.senator_deck), ("senators under", &s.fx.senator_bottom), ("events", &s.event_deck), ("sectors", &sectors)] {
            if deck.windows(2).any(|w| w[0] > w[1]) {
                found.push(format!("state {step}: the {name} deck is stored in an order ({deck:?})"));
            }
            n += 1;
        }
    }
    n
}


/// Every text of a mail: its bodies and its text attachments.
fn mail_texts(raw: &[u8]) -> (String, Vec<String>) {
    let m = mail_parser::MessageParser::default().parse(raw).expect("a mail");
    let subject = m.subject().unwrap_or_default().to_string();
    let mut texts: Vec<String> = (0..m.text_body_count()).filter_map(|i| m.body_text(i).map(|c| c.into_owned())).collect();
    texts.extend((0..m.html_body_count()).filter_map(|i| m.body_html(i).map(|c| readable(c.into_owned()))));
    for a in m.attachments() {
        if let Some(t) = a.text_contents() {
            texts.push(t.to_string());
        }
    }
    (subject, texts)
}

/// The step a mail speaks of, from its subject: a report of turn n (the
/// states n and n + 1), an acknowledgement of orders for turn n (state n),
/// else the registration (state 0).
fn step_of(subject: &str) -> (u32, bool) {
    let n = |s: &str| s.split_whitespace().rev().find_map(|w| w.parse::<u32>().ok());
    if let Some(i) = subject.find("tour ").or_else(|| subject.find("turn ")) {
        let rest = &subject[i..];
        let head = rest.split('—').next().unwrap_or(rest);
        if let Some(t) = n(head) {
            return (t, subject.contains("Rapport") || subject.contains("Report"));
        }
    }
    (0, false)
}


/// What the reading of the games counted, to show the test is not vacuous.
#[derive(Default)]
struct Counts {
    checked: usize,
    with_secrets: usize,
    with_standing: usize,
    with_policies: usize,
    spied: usize,
    with_answers: usize,
    with_sealed: usize,
    decks: usize,
    html_read: usize,
}

impl Counts {
    /// Counts a text read with secrets `s` to keep.
    fn read(&mut self, s: &Secrets) {
        self.checked += 1;
        self.with_secrets += usize::from(!s.names.is_empty());
        self.with_standing += usize::from(!s.standing.is_empty() || !s.policies.is_empty());
        self.with_policies += usize::from(!s.policies.is_empty());
        self.with_answers += usize::from(!s.answers.is_empty());
        self.with_sealed += usize::from(!s.sealed.is_empty());
    }
}

/// Reads every page and mail of the demo game in `out`; the leaks found
/// go to `found`.
fn read_game(out: &Path, c: &mut Counts, found: &mut Vec<String>) {
    let game = out.join("data/games/demo");
    let played = Played::read(&game);
    let states = &played.states;
    assert!(states.len() > 8, "{} stored steps", states.len());
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(game.join("game.json")).expect("game.json")).expect("meta");
    let by_address: BTreeMap<String, String> = meta["families"]
        .as_object()
        .expect("families")
        .iter()
        .map(|(k, f)| (f["address"].as_str().unwrap_or_default().to_string(), k.clone()))
        .collect();
    c.decks += decks_unordered(states, found);

    // Pages: each family's reports and the public chronicles, step by step.
    for &n in states.keys() {
        let dir = played.turns.join(format!("{n:04}"));
        c.spied += step_events(&played.turns, n).iter().filter(|e| e["event"] == "hand_seen").count();
        let public = played.secrets(n, None, true);
        for f in files(&dir).into_iter().filter(|f| f.file_name().is_some_and(|x| x.to_string_lossy().starts_with("chronicle"))) {
            let text = readable(std::fs::read_to_string(&f).expect("chronicle"));
            public.leaks(&f.display().to_string(), &text, found);
            c.read(&public);
        }
        for fam in files(&dir.join("reports")) {
            let key = fam.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
            let secret = played.secrets(n, Some(&key), true);
            for f in files(&fam).into_iter().filter(|f| f.extension().is_some_and(|e| e == "txt" || e == "html")) {
                let text = readable(std::fs::read_to_string(&f).expect("report"));
                c.html_read += usize::from(text.contains("<html"));
                secret.leaks(&f.display().to_string(), &text, found);
                c.read(&secret);
            }
        }
    }
    // Mails: every one the referee sent, to whichever family. A report of
    // step n goes out as step n + 1 opens.
    for addr in files(&out.join("mail/outgoing")) {
        let address = addr.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
        let Some(key) = by_address.get(&address) else { continue };
        for f in files(&addr.join("new")) {
            let (subject, texts) = mail_texts(&std::fs::read(&f).expect("mail"));
            let (n, report) = step_of(&subject);
            let secret = played.secrets(n, Some(key), report);
            for t in texts {
                secret.leaks(&format!("mail {subject:?} to {key}"), &t, found);
            }
            c.read(&secret);
        }
    }
}

#[test]
fn no_mail_or_page_names_another_partys_hand_or_waiting_senators() {
    let mut c = Counts::default();
    let mut found = Vec::new();
    for (g, out) in ENDINGS.iter().zip(gd_games::play_all(&ENDINGS)) {
        let before = found.len();
        read_game(&out, &mut c, &mut found);
        for f in &mut found[before..] {
            *f = format!("seed {} ({}): {f}", g.seed, g.ending);
        }
    }
    let Counts { checked, with_secrets, with_standing, with_policies, spied, with_answers, with_sealed, decks, html_read } = c;
    assert!(html_read > 100, "{html_read} HTML reports read: the HTML would go unchecked");
    assert!(decks > 100, "{decks} stored decks checked: the test would be vacuous");
    assert!(with_sealed > 100, "{with_sealed} texts with another party's sealed orders to keep: the test would be vacuous");
    assert!(checked > 200 && with_secrets > 100, "{checked} texts read, {with_secrets} with secrets to keep: the test would be vacuous");
    assert!(with_standing > 20, "{with_standing} texts with another party's standing bids to keep: the test would be vacuous");
    assert!(with_answers > 20, "{with_answers} texts with another party's standing card answers to keep: the test would be vacuous");
    assert!(spied > 0, "no look at a hand in the game: the spy results' check would be vacuous");
    assert!(with_policies > 20, "{with_policies} texts with another party's RELANCE policy to keep: the test would be vacuous");
    assert!(found.is_empty(), "{} leak(s):\n{}", found.len(), found.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
}

#[test]
fn a_name_is_found_as_a_whole_word_only() {
    assert!(names("« Feint » coûte 3", "Feint"));
    assert!(!names("Feinte", "Feint"));
    assert!(names("Kaelin (BIP)", "Kaelin"));
    assert!(!names("Kaelinos", "Kaelin"));
}
