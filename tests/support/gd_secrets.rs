//! What a played Galactic Destiny game kept secret, step by step and from
//! whom (design note §7, issues #27 and #29): the no-leak test over its
//! mails and files (`tests/galactic_destiny_leak.rs`) and the one over its
//! web pages as served (`tests/galactic_destiny_web.rs`) ask the same
//! questions of the stored states, events and orders.
//!
//! A name is secret from party V at a step when another party holds it in
//! hand (cards) or waiting (senators) in the state before or after that
//! step, V holds it in neither, and (a senator) it is in play or dead in
//! neither ([`secrets`]). A card played or answered in a step (a Feint
//! included) is public in that step's texts (the table hears it
//! announced): its name is not counted as a secret there ([`played`]).
//!
//! Standing `PROTEGER`/`APPUYER` bids are secret too, until they pay on
//! an attempt: no text read by another party may carry their lines or the
//! words of the private event that records them ([`standing_secrets`]);
//! so are the `RELANCE` policies ([`policy_secrets`]): only the rerolls
//! they cause are public. Standing card answers (`REPONSE`) are secret as
//! well, until they fire ([`answer_secrets`]).
//!
//! What a look at a hand saw (Espion, Maître en espionnage, Données du
//! marché noir: the private `hand_seen` event) is the looking party's
//! alone: the cards it names are no secret from that party at that step,
//! and its words ("La main de POP :") may reach no other party or page
//! ([`spy_secrets`]). The orders of a step are sealed until it is played
//! ([`sealed_secrets`]).
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::GdState;

/// A played game's stored steps (`games/<id>/turns`), to ask what was
/// secret when.
pub struct Played {
    pub turns: PathBuf,
    pub states: BTreeMap<u32, GdState>,
}

/// What one reader may not find in one text, and how each kind is looked
/// for ([`Secrets::leaks`]).
#[derive(Debug, Default)]
pub struct Secrets {
    /// Whether the reader is a party (its own blind guesses are taken out
    /// of its texts before the names are looked for), not the public.
    pub private: bool,
    /// Cards in another party's hand, senators waiting in another party's.
    pub names: BTreeSet<String>,
    /// Another party's standing bids, as phrases.
    pub standing: BTreeSet<String>,
    /// Another party's `RELANCE` policies, as phrases.
    pub policies: BTreeSet<String>,
    /// Another party's standing card answers, as phrases.
    pub answers: BTreeSet<String>,
    /// The words of another party's look at a hand.
    pub spy: BTreeSet<String>,
    /// The other parties' sealed orders of the next step.
    pub sealed: BTreeSet<String>,
    /// The finders of each kind, made at the first text read.
    finders: std::sync::OnceLock<Finders>,
}

/// Phrases found in one pass over a text.
#[derive(Debug)]
struct Finder {
    phrases: Vec<String>,
    all: Option<aho_corasick::AhoCorasick>,
}

impl Finder {
    fn new<'s>(set: impl IntoIterator<Item = &'s String>) -> Finder {
        let phrases: Vec<String> = set.into_iter().filter(|p| !p.is_empty()).cloned().collect::<BTreeSet<_>>().into_iter().collect();
        let all = (!phrases.is_empty()).then(|| aho_corasick::AhoCorasick::new(&phrases).expect("the secrets' automaton"));
        Finder { phrases, all }
    }

    /// Where the phrases occur in `text` (each phrase and the byte it
    /// starts at), overlapping ones included.
    fn find<'f>(&'f self, text: &str) -> Vec<(&'f str, usize)> {
        let Some(all) = &self.all else { return Vec::new() };
        all.find_overlapping_iter(text).map(|m| (self.phrases[m.pattern().as_usize()].as_str(), m.start())).collect()
    }

    /// Each phrase found in `text`: a leak of `kind`.
    fn leaks(&self, what: &str, text: &str, kind: &str, found: &mut Vec<String>) {
        let hits: BTreeSet<&str> = self.find(text).into_iter().map(|(t, _)| t).collect();
        found.extend(hits.into_iter().map(|t| format!("{what}: gives away {kind} ({t:?})")));
    }

    /// Each phrase found in `text` as a whole word ([`names`]).
    fn names(&self, what: &str, text: &str, found: &mut Vec<String>) {
        let hits: BTreeSet<&str> = self.find(text).into_iter().filter(|(n, i)| whole_word(text, *i, n.len())).map(|(n, _)| n).collect();
        found.extend(hits.into_iter().map(|n| format!("{what}: names {n:?}")));
    }
}

/// A [`Secrets`]' finders: names, standing bids (answers and policies
/// with them), spy results, sealed orders.
#[derive(Debug)]
struct Finders {
    names: Finder,
    standing: Finder,
    spy: Finder,
    sealed: Finder,
}

impl Played {
    /// The game stored in `game` (`games/<id>`).
    pub fn read(game: &Path) -> Played {
        let turns = game.join("turns");
        Played { states: states(&turns), turns }
    }

    /// The party seated for `family` (at the last step).
    pub fn party_of(&self, family: &str) -> Option<PartyId> {
        self.states.values().last()?.seats.iter().find(|s| s.key == family).and_then(|s| s.party)
    }

    /// What `family` (`None`: the public) may not read in a text of step
    /// `n`: a report of step `n` or its chronicle when `report` (the states
    /// before and after the step, less the cards played and the hands seen
    /// so far in its game turn; the other parties' sealed orders for step
    /// `n + 1`, which open as it goes out), else an acknowledgement of
    /// orders for step `n` (the state before it). A family's own orders for
    /// step `n` are its own words.
    pub fn secrets(&self, n: u32, family: Option<&str>, report: bool) -> Secrets {
        let viewer = family.and_then(|f| self.party_of(f));
        let at: Vec<&GdState> = self.states.get(&n).into_iter().chain(if report { self.states.get(&(n + 1)) } else { None }).collect();
        let (shown, evs) = if report { (played_in_turn(&self.turns, &self.states, n), turn_events(&self.turns, &self.states, n)) } else { (BTreeSet::new(), Vec::new()) };
        let own = family.map(|f| own_words(&self.turns, n, f)).unwrap_or_default();
        let names = less_known(secrets(&at, viewer), &cards_seen(&evs, viewer), &own).difference(&shown).cloned().collect();
        // An acknowledgement echoes the lines of the viewer's own mail,
        // which may differ from the orders it finally gave: it is not
        // compared with the others' orders.
        let sealed = if report { sealed_secrets(&self.turns, n + 1, family.unwrap_or_default()) } else { BTreeSet::new() };
        Secrets {
            private: family.is_some(),
            names,
            standing: standing_secrets(&at, viewer),
            policies: policy_secrets(&at, viewer),
            answers: answer_secrets(&at, viewer),
            spy: spy_secrets(&evs, viewer),
            sealed,
            finders: std::sync::OnceLock::new(),
        }
    }
}

impl Secrets {
    /// Each secret `text` (read as its reader reads it: [`readable`])
    /// gives away, to `found`, as `what: …`.
    pub fn leaks(&self, what: &str, text: &str, found: &mut Vec<String>) {
        let f = self.finders.get_or_init(|| Finders {
            names: Finder::new(&self.names),
            standing: Finder::new(self.standing.iter().chain(&self.policies).chain(&self.answers)),
            spy: Finder::new(&self.spy),
            sealed: Finder::new(&self.sealed),
        });
        let lines = plain(text);
        if self.private {
            f.names.names(what, &guesses_out(&lines), found);
        } else {
            f.names.names(what, text, found);
        }
        f.standing.leaks(what, text, "a standing bid", found);
        f.spy.leaks(what, text, "a spy result", found);
        f.sealed.leaks(what, &form_out(&lines), "a sealed order", found);
    }
}

pub fn states(turns: &Path) -> BTreeMap<u32, GdState> {
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
pub fn played(turns: &Path, n: u32) -> BTreeSet<String> {
    let Ok(text) = std::fs::read_to_string(turns.join(format!("{n:04}/events.json"))) else { return BTreeSet::new() };
    let events: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap_or_default();
    events.iter().filter(|e| matches!(e["event"].as_str(), Some("feint_played" | "card_played" | "card_answered"))).filter_map(|e| e["card"].as_str().map(String::from)).collect()
}

/// The names secret from `viewer` in the states `at`.
pub fn secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
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
pub fn without_form(text: &str) -> String {
    form_out(&plain(text))
}

/// [`without_form`] of a text already [`plain`].
fn form_out(plain: &str) -> String {
    let mut out = String::new();
    let mut in_form = false;
    for l in plain.lines() {
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
pub fn plain(text: &str) -> String {
    if !["<br", "<p>", "<html", "<div"].iter().any(|tag| text.contains(tag)) {
        return text.to_string();
    }
    let text = text.replace("<br", "\n<br").replace("</p>", "\n</p>").replace("</div>", "\n</div>");
    let mut parts = text.split('<');
    let mut plain = parts.next().unwrap_or_default().to_string();
    // Each part after a '<' is a tag up to its '>', then text.
    for part in parts {
        if let Some((_, after)) = part.split_once('>') {
            plain.push_str(after);
        }
    }
    plain
}

/// `text` without the order lines that name a card blind, as the rules
/// make the player do (`AUGURE <parti> "<carte>"`, `ESPIONNER … DEFAUSSER
/// "<carte>"`): the simulated player's form guesses them from the card
/// file, not from the hand it names.
pub fn without_guesses(text: &str) -> String {
    guesses_out(&plain(text))
}

/// [`without_guesses`] of a text already [`plain`].
fn guesses_out(plain: &str) -> String {
    let guess = |l: &str| {
        let first = l.split_whitespace().next().unwrap_or_default();
        matches!(first, "AUGURE" | "AUGURY") || (matches!(first, "ESPIONNER" | "SPY") && (l.contains(" DEFAUSSER ") || l.contains(" DISCARD ")))
    };
    plain.lines().filter(|l| !guess(l)).collect::<Vec<_>>().join("\n")
}

/// The orders other parties gave for step `n` (`turns/NNNN/orders`), as
/// they wrote them and as the referee read them back, that `viewer`'s own
/// orders for that step do not hold: sealed until step `n` is played, so
/// in no acknowledgement of step `n` and no report of step `n - 1` to
/// `viewer` (design note §7: "sealed orders of the open step"). Lines of a
/// single word (`PASSE`) say nothing.
pub fn sealed_secrets(turns: &Path, n: u32, viewer: &str) -> BTreeSet<String> {
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
pub fn standing_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
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
pub fn step_events(turns: &Path, n: u32) -> Vec<serde_json::Value> {
    std::fs::read(turns.join(format!("{n:04}/events.json"))).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

pub fn party_of_json(v: &serde_json::Value) -> Option<PartyId> {
    v.as_str().and_then(PartyId::from_word)
}

/// The cards `viewer` saw in another party's hand in these events (its
/// own `hand_seen`, the cards its Maître en espionnage discarded or that
/// were discarded from its hand, the card its augury named).
pub fn cards_seen(events: &[serde_json::Value], viewer: Option<PartyId>) -> BTreeSet<String> {
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
pub fn turn_events(turns: &Path, states: &BTreeMap<u32, GdState>, n: u32) -> Vec<serde_json::Value> {
    let Some(turn) = states.get(&n).map(|s| s.game_turn) else { return Vec::new() };
    states.iter().filter(|(m, s)| **m <= n && s.game_turn == turn).flat_map(|(m, _)| step_events(turns, *m)).collect()
}

/// The cards played or answered in the steps of step `n`'s game turn up to
/// `n`: the turn so far of every text names them again.
pub fn played_in_turn(turns: &Path, states: &BTreeMap<u32, GdState>, n: u32) -> BTreeSet<String> {
    let Some(turn) = states.get(&n).map(|s| s.game_turn) else { return played(turns, n) };
    states.iter().filter(|(m, s)| **m <= n && s.game_turn == turn).flat_map(|(m, _)| played(turns, *m)).collect()
}

/// The names `family`'s own orders for step `n` wrote (a card its Maître
/// en espionnage named to discard, its augury's card): its own words, no
/// secret from it when its acknowledgement or report echoes them.
pub fn own_words(turns: &Path, n: u32, family: &str) -> String {
    std::fs::read_to_string(turns.join(format!("{n:04}/orders/{family}.json"))).unwrap_or_default()
}

/// `secret` less what `seen` lists and what `own` (the family's own
/// orders) names.
pub fn less_known(secret: BTreeSet<String>, seen: &BTreeSet<String>, own: &str) -> BTreeSet<String> {
    secret.into_iter().filter(|n| !seen.contains(n) && !names(own, n)).collect()
}

/// The words of the looks at a hand in these events that `viewer` may not
/// read: another party's spy results, in either language.
pub fn spy_secrets(events: &[serde_json::Value], viewer: Option<PartyId>) -> BTreeSet<String> {
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
pub fn policy_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
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
pub fn answer_secrets(at: &[&GdState], viewer: Option<PartyId>) -> BTreeSet<String> {
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

/// Whether the `len` bytes of `text` at `i` are a whole word: no letter
/// or digit just before or after.
fn whole_word(text: &str, i: usize, len: usize) -> bool {
    let before = text[..i].chars().next_back();
    let after = text[i + len..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// A name as a whole word of the text (card names are capitalised: the
/// comparison keeps the case).
pub fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| whole_word(text, i, name.len()))
}

/// An HTML or SVG text as its reader sees it: entities decoded (a card
/// name with an apostrophe is `&#x27;` in the HTML), so the names are
/// found in it as in the text. A text without `<html` or `<svg` is
/// returned as it is.
pub fn readable(text: String) -> String {
    if !text.contains("<html") && !text.contains("<svg") {
        return text;
    }
    static ENTITIES: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    const FROM: [&str; 7] = ["&lt;", "&gt;", "&quot;", "&#x27;", "&#39;", "&#x2F;", "&amp;"];
    const TO: [&str; 7] = ["<", ">", "\"", "'", "'", "/", "&"];
    // One pass: an entity's text is not read again (`&amp;lt;` is `&lt;`).
    ENTITIES.get_or_init(|| aho_corasick::AhoCorasick::new(FROM).expect("the entities' automaton")).replace_all(&text, &TO)
}

pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    v.sort();
    v
}
