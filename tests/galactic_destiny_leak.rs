//! Galactic Destiny's no-leak test (design note §7, issue #27): a demo
//! game of six simulated parties through the Maildir transport, then every
//! mail the referee sent and every page it wrote (each family's reports,
//! the chronicles) is read, and none may name an action card or a waiting
//! senator that, at the step it speaks of, another party held in secret —
//! only counts are public. The stored states say who held what when.
//!
//! Standing `PROTEGER`/`APPUYER` bids are secret too, until they pay on
//! an attempt: no text read by another party may carry their lines or the
//! words of the private event that records them ([`standing_secrets`]);
//! so are the `RELANCE` policies ([`policy_secrets`]): only the rerolls
//! they cause are public.
//!
//! What a look at a hand saw (Espion, Maître en espionnage, Données du
//! marché noir: the private `hand_seen` event) is the looking party's
//! alone: the cards it names are no secret from that party at that step,
//! and its words ("La main de POP :") may reach no other party or page
//! ([`spy_secrets`]).
//!
//! Standing card answers (`REPONSE`) are secret as well, until they fire
//! ([`answer_secrets`]). A card played or answered in a step (a Feint
//! included) is public in that step's texts (the table hears it
//! announced): its name is not counted as a secret there ([`played`]).
//!
//! A name is secret from party V at a step when another party holds it in
//! hand (cards) or waiting (senators) in the state before or after that
//! step, V holds it in neither, and (a senator) it is in play or dead in
//! neither. Decks are never printed: they are stored sorted and the views
//! count them, so a deck's order cannot be in a mail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::GdState;

#[path = "support/gd_games.rs"]
mod gd_games;

use gd_games::ENDINGS;

fn states(turns: &Path) -> BTreeMap<u32, GdState> {
    let mut v = BTreeMap::new();
    for e in std::fs::read_dir(turns).expect("turns").map(|e| e.expect("entry").path()) {
        let Some(n) = e.file_name().and_then(|f| f.to_str()).and_then(|f| f.parse::<u32>().ok()) else { continue };
        if let Ok(bytes) = std::fs::read(e.join("state.json")) {
            v.insert(n, serde_json::from_slice(&bytes).expect("a stored state"));
        }
    }
    v
}

/// The cards a step's public events show being played (a Feint): their
/// names are no secret in that step's texts, though other copies may be
/// in other hands (the name says nothing about who holds them).
fn played(turns: &Path, n: u32) -> BTreeSet<String> {
    let Ok(text) = std::fs::read_to_string(turns.join(format!("{n:04}/events.json"))) else { return BTreeSet::new() };
    let events: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap_or_default();
    events.iter().filter(|e| matches!(e["event"].as_str(), Some("feint_played" | "card_played" | "card_answered"))).filter_map(|e| e["card"].as_str().map(String::from)).collect()
}

/// The names secret from `viewer` in the states `at`.
fn secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
    let mut held_by_others = BTreeSet::new();
    let mut known = BTreeSet::new();
    for s in at {
        for (p, ps) in &s.fx.parties {
            let names = ps.hand.iter().chain(&ps.waiting).cloned();
            if Some(*p) == viewer {
                known.extend(names);
            } else {
                held_by_others.extend(names);
            }
        }
        known.extend(s.fx.senators.keys().cloned());
        known.extend(s.dead.iter().cloned());
        // The viewer's own standing answers name their cards, even one
        // gone from its hand since ("plus en main").
        known.extend(viewer.and_then(|v| s.cards.answers.get(&v)).into_iter().flatten().map(|a| a.card.clone()));
    }
    held_by_others.difference(&known).cloned().collect()
}

/// `text` without its pre-filled order form (from "== Formulaire d'ordres
/// ==", "== Order form ==" or its `PARTIE`/`GAME` line to its
/// `FIN`/`END`): the form is the
/// viewer's own suggested lines, from its view, and with so few choices
/// they often match another party's; what another party wrote is looked
/// for in the rest.
fn without_form(text: &str) -> String {
    let mut out = String::new();
    let mut in_form = false;
    for l in plain(text).lines() {
        if l.starts_with("== Formulaire d'ordres ==") || l.starts_with("== Order form ==") || l.starts_with("PARTIE ") || l.starts_with("GAME ") {
            in_form = true;
        } else if in_form && (l.trim() == "FIN" || l.trim() == "END") {
            in_form = false;
        } else if !in_form {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// `text` as lines: a text-only mail's body comes back from the parser as
/// HTML too, its lines broken by tags.
fn plain(text: &str) -> String {
    if !["<br", "<p>", "<html", "<div"].iter().any(|tag| text.contains(tag)) {
        return text.to_string();
    }
    let mut plain = String::new();
    let mut in_tag = false;
    for ch in text.replace("<br", "\n<br").replace("</p>", "\n</p>").replace("</div>", "\n</div>").chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
}

/// `text` without the order lines that name a card blind, as the rules
/// make the player do (`AUGURE <parti> "<carte>"`, `ESPIONNER … DEFAUSSER
/// "<carte>"`): the simulated player's form guesses them from the card
/// file, not from the hand it names.
fn without_guesses(text: &str) -> String {
    let guess = |l: &str| {
        let first = l.split_whitespace().next().unwrap_or_default();
        matches!(first, "AUGURE" | "AUGURY") || (matches!(first, "ESPIONNER" | "SPY") && (l.contains(" DEFAUSSER ") || l.contains(" DISCARD ")))
    };
    plain(text).lines().filter(|l| !guess(l)).collect::<Vec<_>>().join("\n")
}

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

/// The orders other parties gave for step `n` (`turns/NNNN/orders`), as
/// they wrote them and as the referee read them back, that `viewer`'s own
/// orders for that step do not hold: sealed until step `n` is played, so
/// in no acknowledgement of step `n` and no report of step `n - 1` to
/// `viewer` (design note §7: "sealed orders of the open step"). Lines of a
/// single word (`PASSE`) say nothing.
fn sealed_secrets(turns: &Path, n: u32, viewer: &str) -> BTreeSet<String> {
    let mut own = BTreeSet::new();
    let mut others = BTreeSet::new();
    for f in files(&turns.join(format!("{n:04}/orders"))) {
        let key = f.file_stem().and_then(|x| x.to_str()).unwrap_or_default().to_string();
        let record: serde_json::Value = std::fs::read(&f).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
        for v in record["verdicts"].as_array().into_iter().flatten() {
            let lines = [v["line"]["text"].as_str(), v["outcome"]["canonical"].as_str()];
            for l in lines.into_iter().flatten().map(str::trim).filter(|l| l.contains(' ')) {
                if key == viewer { own.insert(l.to_string()) } else { others.insert(l.to_string()) };
            }
        }
    }
    others.difference(&own).cloned().collect()
}

/// The standing `PROTEGER`/`APPUYER` bids of the states `at` that
/// `viewer` may not know (design note §7: "standing answers, protections
/// and backings before they act"): another party's, on a senator (or
/// `TOUS`) `viewer` has no standing bid on itself, as the texts that would
/// give them away — their order lines in either language and the words of
/// the private event that records them.
fn standing_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
    let mut own: BTreeSet<String> = BTreeSet::new();
    let mut others: BTreeSet<String> = BTreeSet::new();
    for s in at {
        let st = &s.intrigue.attempts;
        for (p, m) in &st.on {
            for n in m.keys() {
                if Some(*p) == viewer { own.insert(n.clone()) } else { others.insert(n.clone()) };
            }
        }
        for p in st.all.keys() {
            if Some(*p) == viewer { own.insert(String::new()) } else { others.insert(String::new()) };
        }
    }
    others
        .difference(&own)
        .flat_map(|n| {
            if n.is_empty() {
                vec!["PROTEGER TOUS".to_string(), "PROTECT ALL".into(), "chacun de vos sénateurs".into(), "each of your senators".into()]
            } else {
                ["PROTEGER", "PROTECT", "APPUYER", "BACK"].iter().map(|w| format!("{w} {n}")).chain([format!("enchère permanente sur {n}"), format!("standing bid on {n}")]).collect()
            }
        })
        .collect()
}

/// The events of step `n` (`turns/NNNN/events.json`).
fn step_events(turns: &Path, n: u32) -> Vec<serde_json::Value> {
    std::fs::read(turns.join(format!("{n:04}/events.json"))).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

fn party_of_json(v: &serde_json::Value) -> Option<PartyId> {
    v.as_str().and_then(PartyId::from_word)
}

/// The cards `viewer` saw in another party's hand in these events (its
/// own `hand_seen`, the cards its Maître en espionnage discarded or that
/// were discarded from its hand, the card its augury named).
fn cards_seen(events: &[serde_json::Value], viewer: Option<PartyId>) -> BTreeSet<String> {
    let mut v = BTreeSet::new();
    for e in events {
        let kind = e["event"].as_str().unwrap_or_default();
        let readers: Vec<Option<PartyId>> = match kind {
            "hand_seen" => vec![party_of_json(&e["party"])],
            "hand_discarded" => vec![party_of_json(&e["party"]), party_of_json(&e["target"])],
            "augury_named" => vec![party_of_json(&e["party"]), if e["given"].as_bool() == Some(true) { party_of_json(&e["target"]) } else { None }],
            _ => continue,
        };
        if viewer.is_some() && readers.contains(&viewer) {
            v.extend(e["cards"].as_array().into_iter().flatten().chain(std::iter::once(&e["card"])).filter_map(|c| c.as_str().map(str::to_string)));
        }
    }
    v
}

/// The events of the steps of step `n`'s game turn up to `n`: the looks at
/// a hand a party made earlier in the turn stay in its private report
/// until the turn ends.
fn turn_events(turns: &Path, states: &BTreeMap<u32, GdState>, n: u32) -> Vec<serde_json::Value> {
    let Some(turn) = states.get(&n).map(|s| s.game_turn) else { return Vec::new() };
    states.iter().filter(|(m, s)| **m <= n && s.game_turn == turn).flat_map(|(m, _)| step_events(turns, *m)).collect()
}

/// The cards played or answered in the steps of step `n`'s game turn up to
/// `n`: the turn so far of every text names them again.
fn played_in_turn(turns: &Path, states: &BTreeMap<u32, GdState>, n: u32) -> BTreeSet<String> {
    let Some(turn) = states.get(&n).map(|s| s.game_turn) else { return played(turns, n) };
    states.iter().filter(|(m, s)| **m <= n && s.game_turn == turn).flat_map(|(m, _)| played(turns, *m)).collect()
}

/// The names `family`'s own orders for step `n` wrote (a card its Maître
/// en espionnage named to discard, its augury's card): its own words, no
/// secret from it when its acknowledgement or report echoes them.
fn own_words(turns: &Path, n: u32, family: &str) -> String {
    std::fs::read_to_string(turns.join(format!("{n:04}/orders/{family}.json"))).unwrap_or_default()
}

/// `secret` less what `seen` lists and what `own` (the family's own
/// orders) names.
fn less_known(secret: BTreeSet<String>, seen: &BTreeSet<String>, own: &str) -> BTreeSet<String> {
    secret.into_iter().filter(|n| !seen.contains(n) && !names(own, n)).collect()
}

/// The words of the looks at a hand in these events that `viewer` may not
/// read: another party's spy results, in either language.
fn spy_secrets(events: &[serde_json::Value], viewer: Option<PartyId>) -> BTreeSet<String> {
    // Two parties may look at the same hand: the viewer's own look has the
    // same words.
    let own: BTreeSet<PartyId> = events.iter().filter(|e| e["event"] == "hand_seen" && viewer.is_some() && party_of_json(&e["party"]) == viewer).filter_map(|e| party_of_json(&e["target"])).collect();
    events
        .iter()
        .filter(|e| e["event"] == "hand_seen" && (viewer.is_none() || party_of_json(&e["party"]) != viewer))
        .filter_map(|e| party_of_json(&e["target"]))
        .filter(|t| !own.contains(t))
        .flat_map(|t| [format!("La main de {} :", t.sigle()), format!("{}'s hand:", t.sigle())])
        .collect()
}

/// The `RELANCE` policies of the states `at` that `viewer` may not know:
/// another party's, as its order lines in either language (a policy the
/// viewer holds itself excepted: its own acknowledgement carries it).
fn policy_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
    use arbitre::games::galactic_destiny::orders::{parse::fight_line, Order};
    let mut own = BTreeSet::new();
    let mut others = BTreeSet::new();
    for s in at {
        for (p, policy) in &s.intrigue.fight.policies {
            let o = Order::Reroll { policy: policy.clone() };
            let lines = [fight_line(&o, false), fight_line(&o, true)];
            if Some(*p) == viewer { own.extend(lines) } else { others.extend(lines) };
        }
    }
    others.difference(&own).cloned().collect()
}

/// Another party's standing card answers of the states `at` that `viewer`
/// does not keep (or hold) with the same card itself, as the texts that would give
/// them away: their order lines in either language and the words of the
/// private event that records them.
fn answer_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
    let mut own: BTreeSet<String> = BTreeSet::new();
    let mut others: BTreeSet<String> = BTreeSet::new();
    for s in at {
        for (p, v) in &s.cards.answers {
            for a in v {
                if Some(*p) == viewer { own.insert(a.card.clone()) } else { others.insert(a.card.clone()) };
            }
        }
        // The viewer's own order form and acknowledgements may write an
        // answer with a card of its hand.
        if let Some(ps) = viewer.and_then(|v| s.fx.parties.get(&v)) {
            own.extend(ps.hand.iter().cloned());
        }
    }
    others
        .difference(&own)
        .flat_map(|c| [format!("REPONSE \"{c}\""), format!("RESPONSE \"{c}\""), format!("réponse permanente : « {c} »"), format!("standing answer: \"{c}\"")])
        .collect()
}

fn standing_leaks(what: &str, text: &str, secret: &BTreeSet<String>, found: &mut Vec<String>) {
    phrase_leaks(what, text, secret, "a standing bid", found);
}

/// Each phrase of `secret` found in `text`: a leak of `kind`.
fn phrase_leaks(what: &str, text: &str, secret: &BTreeSet<String>, kind: &str, found: &mut Vec<String>) {
    for t in secret {
        if text.contains(t.as_str()) {
            found.push(format!("{what}: gives away {kind} ({t:?})"));
        }
    }
}

/// A name as a whole word of the text (card names are capitalised: the
/// comparison keeps the case).
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

fn leaks(what: &str, text: &str, secret: &BTreeSet<String>, found: &mut Vec<String>) {
    for n in secret {
        if names(text, n) {
            found.push(format!("{what}: names {n:?}"));
        }
    }
}

/// An HTML text as its reader sees it: entities decoded (a card name with
/// an apostrophe is `&#x27;` in the HTML), so the names are found in it as
/// in the text. A text without `<html` is returned as it is.
fn readable(text: String) -> String {
    if !text.contains("<html") {
        return text;
    }
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#x27;", "'").replace("&#39;", "'").replace("&#x2F;", "/").replace("&amp;", "&")
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

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    v.sort();
    v
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

/// Reads every page and mail of the demo game in `out`; the leaks found
/// go to `found`.
fn read_game(out: &Path, c: &mut Counts, found: &mut Vec<String>) {
    let game = out.join("data/games/demo");
    let turns = game.join("turns");
    let states = states(&turns);
    assert!(states.len() > 8, "{} stored steps", states.len());
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(game.join("game.json")).expect("game.json")).expect("meta");
    let last = states.values().last().expect("a state");
    let party_of = |key: &str| last.seats.iter().find(|s| s.key == key).and_then(|s| s.party);
    let by_address: BTreeMap<String, String> = meta["families"]
        .as_object()
        .expect("families")
        .iter()
        .map(|(k, f)| (f["address"].as_str().unwrap_or_default().to_string(), k.clone()))
        .collect();
    let at = |n: u32| states.get(&n);
    let (mut checked, mut with_secrets, mut with_standing, mut with_policies, mut spied, mut with_answers, mut with_sealed) = (0, 0, 0, 0, 0, 0, 0);
    c.decks += decks_unordered(&states, found);
    let mut html_read = 0;

    // Pages: each family's reports and the public chronicles, step by step.
    for (&n, before) in &states {
        let after = at(n + 1);
        let pair: Vec<&GdState> = std::iter::once(before).chain(after).collect();
        let dir = turns.join(format!("{n:04}"));
        let shown = played_in_turn(&turns, &states, n);
        let evs = turn_events(&turns, &states, n);
        spied += step_events(&turns, n).iter().filter(|e| e["event"] == "hand_seen").count();
        for f in files(&dir).into_iter().filter(|f| f.file_name().is_some_and(|x| x.to_string_lossy().starts_with("chronicle"))) {
            let secret: BTreeSet<String> = secrets(&pair, None).difference(&shown).cloned().collect();
            let text = readable(std::fs::read_to_string(&f).expect("chronicle"));
            phrase_leaks(&f.display().to_string(), &text, &spy_secrets(&evs, None), "a spy result", found);
            with_secrets += usize::from(!secret.is_empty());
            leaks(&f.display().to_string(), &text, &secret, found);
            let mut standing = standing_secrets(&pair, None);
            with_standing += usize::from(!standing.is_empty());
            let policies = policy_secrets(&pair, None);
            with_policies += usize::from(!policies.is_empty());
            standing.extend(policies);
            standing_leaks(&f.display().to_string(), &text, &standing, found);
            let answers = answer_secrets(&pair, None);
            with_answers += usize::from(!answers.is_empty());
            standing_leaks(&f.display().to_string(), &text, &answers, found);
            checked += 1;
        }
        for fam in files(&dir.join("reports")) {
            let key = fam.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
            let seen = cards_seen(&evs, party_of(&key));
            let secret: BTreeSet<String> = less_known(secrets(&pair, party_of(&key)), &seen, &own_words(&turns, n, &key)).difference(&shown).cloned().collect();
            let mut standing = standing_secrets(&pair, party_of(&key));
            let policies = policy_secrets(&pair, party_of(&key));
            let answers = answer_secrets(&pair, party_of(&key));
            let has_policies = !policies.is_empty();
            standing.extend(policies);
            let spy = spy_secrets(&evs, party_of(&key));
            let sealed = sealed_secrets(&turns, n + 1, &key);
            for f in files(&fam).into_iter().filter(|f| f.extension().is_some_and(|e| e == "txt" || e == "html")) {
                with_secrets += usize::from(!secret.is_empty());
                with_standing += usize::from(!standing.is_empty());
                with_policies += usize::from(has_policies);
                let text = readable(std::fs::read_to_string(&f).expect("report"));
                html_read += usize::from(text.contains("<html"));
                leaks(&f.display().to_string(), &without_guesses(&text), &secret, found);
                standing_leaks(&f.display().to_string(), &text, &standing, found);
                with_answers += usize::from(!answers.is_empty());
                standing_leaks(&f.display().to_string(), &text, &answers, found);
                phrase_leaks(&f.display().to_string(), &text, &spy, "a spy result", found);
                with_sealed += usize::from(!sealed.is_empty());
                phrase_leaks(&f.display().to_string(), &without_form(&text), &sealed, "a sealed order", found);
                checked += 1;
            }
        }
    }
    // Mails: every one the referee sent, to whichever family.
    for addr in files(&out.join("mail/outgoing")) {
        let address = addr.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
        let Some(key) = by_address.get(&address) else { continue };
        for f in files(&addr.join("new")) {
            let (subject, texts) = mail_texts(&std::fs::read(&f).expect("mail"));
            let (n, report) = step_of(&subject);
            let pair: Vec<&GdState> = at(n).into_iter().chain(if report { at(n + 1) } else { None }).collect();
            let shown = if report { played_in_turn(&turns, &states, n) } else { BTreeSet::new() };
            let evs = if report { turn_events(&turns, &states, n) } else { Vec::new() };
            let seen = cards_seen(&evs, party_of(key));
            let secret: BTreeSet<String> = less_known(secrets(&pair, party_of(key)), &seen, &own_words(&turns, n, key)).difference(&shown).cloned().collect();
            let mut standing = standing_secrets(&pair, party_of(key));
            let policies = policy_secrets(&pair, party_of(key));
            let answers = answer_secrets(&pair, party_of(key));
            with_answers += usize::from(!answers.is_empty());
            with_policies += usize::from(!policies.is_empty());
            standing.extend(policies);
            let spy = spy_secrets(&evs, party_of(key));
            // A report of step n goes out as step n + 1 opens. (An
            // acknowledgement echoes the lines of the viewer's own mail,
            // which may differ from the orders it finally gave: it is not
            // compared.)
            let sealed = if report { sealed_secrets(&turns, n + 1, key) } else { BTreeSet::new() };
            with_sealed += usize::from(!sealed.is_empty());
            with_secrets += usize::from(!secret.is_empty());
            with_standing += usize::from(!standing.is_empty());
            for t in texts {
                leaks(&format!("mail {subject:?} to {key}"), &without_guesses(&t), &secret, found);
                standing_leaks(&format!("mail {subject:?} to {key}"), &t, &standing, found);
                standing_leaks(&format!("mail {subject:?} to {key}"), &t, &answers, found);
                phrase_leaks(&format!("mail {subject:?} to {key}"), &t, &spy, "a spy result", found);
                phrase_leaks(&format!("mail {subject:?} to {key}"), &without_form(&t), &sealed, "a sealed order", found);
            }
            checked += 1;
        }
    }
    c.checked += checked;
    c.with_secrets += with_secrets;
    c.with_standing += with_standing;
    c.with_policies += with_policies;
    c.spied += spied;
    c.with_answers += with_answers;
    c.with_sealed += with_sealed;
    c.html_read += html_read;
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
