//! Galactic Destiny's rules cases as data files
//! (`tests/data/galactic-destiny/*.toml`), each named after the booklet's
//! heading it pins:
//!
//! - the prestate: `setup::test_state` for the parties listed (default
//!   GSP, BIP, POP: game turn 1 at S1, after "Installation." and its
//!   galactic phase) and the seed, then the edits of `[set]`: a JSON
//!   pointer into the state as it is stored (`"/fx/parties/Gsp/money" =
//!   12`, `"/phase" = "voting"`) and the value it takes; `clear`, pointers
//!   set to null (`clear = ["/fx/sectors/39/owner"]`); before them,
//!   `[cards]` replaces embedded action cards by cards written in the
//!   component file's format (a card of a referee's own file), and `give`
//!   puts cards in a party's hand (`give.GSP = ["Distraction"]`);
//! - the orders by step (`[[step]]`, `orders.GSP = ["PASSE"]`), read by the
//!   ruleset's parser as the daemon reads a mail; a party that sends no
//!   line is ONR and gets the default orders (§2.7); `refused.GSP = [2]`
//!   lists the lines that must be refused; `until = "purchases"` instead
//!   plays every step with nobody writing until that phase opens (the
//!   intrigue's steps, for a case about the senate and the purchases);
//! - the expected poststate: `[expect.is]`, pointers and their values;
//!   `[[expect.event]]`, events of the last step that must be there (every
//!   field given must match; a nested table names only the fields it pins); `[[expect.no_event]]`, events that must not;
//!   and the state's invariants (`GdState::check`) after every step.

use std::collections::BTreeMap;
use std::path::Path;

use arbitre::dice::Dice;
use arbitre::game::{status_of, FamilyInput, OrderLine, Ruleset};
use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::{setup, Event, GalacticDestiny, GdState};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    #[serde(default)]
    orders: BTreeMap<String, Vec<String>>,
    /// Line numbers (from 1) that must be refused, by party.
    #[serde(default)]
    refused: BTreeMap<String, Vec<usize>>,
    /// Instead of one step with these orders: every step, nobody writing,
    /// until the step of this phase opens (`until = "purchases"` goes
    /// through the intrigue's steps played by default).
    #[serde(default)]
    until: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    is: BTreeMap<String, toml::Value>,
    #[serde(default)]
    event: Vec<toml::Table>,
    #[serde(default)]
    no_event: Vec<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    what: String,
    #[serde(default = "three")]
    parties: Vec<String>,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default)]
    set: BTreeMap<String, toml::Value>,
    /// Pointers set to JSON null (TOML has none): an owner or a holder removed.
    #[serde(default)]
    clear: Vec<String>,
    /// Action cards of the component file replaced: the embedded card
    /// named by the key gives way to the block (`carte "<fr>" "<en>" …
    /// fin`, the file's format), and every copy of it in the game (deck,
    /// hands, discard) takes the new card's name; the file is read again
    /// with every check of the referee's own files.
    #[serde(default)]
    cards: BTreeMap<String, String>,
    /// Action cards put in a party's hand before the `[set]` edits, each
    /// taken from the deck (else the discard, else another hand).
    #[serde(default)]
    give: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    step: Vec<Step>,
    #[serde(default)]
    expect: Expect,
}

fn three() -> Vec<String> {
    vec!["GSP".into(), "BIP".into(), "POP".into()]
}

fn one() -> u64 {
    1
}

fn json_of(v: &toml::Value) -> Value {
    serde_json::to_value(v).expect("a TOML value is JSON")
}

fn party(file: &str, w: &str) -> PartyId {
    PartyId::from_word(w).unwrap_or_else(|| panic!("{file}: no party {w}"))
}

/// The prestate of a case: the test state, then its edits.
fn prestate(file: &str, c: &Case) -> GdState {
    let parties: Vec<PartyId> = c.parties.iter().map(|p| party(file, p)).collect();
    let s = setup::test_state(&parties, c.seed);
    if c.set.is_empty() && c.clear.is_empty() && c.cards.is_empty() && c.give.is_empty() {
        return s;
    }
    let mut v = serde_json::to_value(&s).expect("state to JSON");
    for (old, block) in &c.cards {
        replace_card(file, &mut v, old, block);
    }
    for (p, cards) in &c.give {
        let key = format!("{:?}", party(file, p));
        for card in cards {
            give(file, &mut v, &key, card);
        }
    }
    let edits = c.set.iter().map(|(p, val)| (p, json_of(val))).chain(c.clear.iter().map(|p| (p, Value::Null)));
    for (ptr, val) in edits {
        let (parent, key) = ptr.rsplit_once('/').unwrap_or_else(|| panic!("{file}: {ptr} is no JSON pointer"));
        let at = v.pointer_mut(parent).unwrap_or_else(|| panic!("{file}: no {parent} in the state"));
        match at {
            Value::Object(m) => {
                m.insert(key.to_string(), val);
            }
            Value::Array(a) => {
                let i: usize = key.parse().unwrap_or_else(|_| panic!("{file}: {ptr}: an index"));
                *a.get_mut(i).unwrap_or_else(|| panic!("{file}: no {ptr}")) = val;
            }
            _ => panic!("{file}: {parent} holds no fields"),
        }
    }
    serde_json::from_value(v).unwrap_or_else(|e| panic!("{file}: the edited state does not read back: {e}"))
}

/// The first quoted word of a card block's `carte` line: its French name.
fn card_name(file: &str, block: &str) -> String {
    block.split('"').nth(1).unwrap_or_else(|| panic!("{file}: a card block starts with carte \"<nom>\"")).to_string()
}

/// Replaces the action card `old` of the stored component file by `block`
/// and renames its copies in the game (`Case::cards`).
fn replace_card(file: &str, v: &mut Value, old: &str, block: &str) {
    let text = v.pointer("/components/actions/text").and_then(Value::as_str).expect("the action file's text").to_string();
    let head = format!("carte \"{old}\"");
    let start = text.find(&head).unwrap_or_else(|| panic!("{file}: no card {old} in the action file"));
    let end = start + text[start..].find("\nfin").unwrap_or_else(|| panic!("{file}: card {old} has no fin")) + "\nfin".len();
    let new_text = format!("{}{}{}", &text[..start], block.trim(), &text[end..]);
    *v.pointer_mut("/components/actions/text").expect("the action file's text") = Value::String(new_text);
    let new = card_name(file, block);
    rename(v.pointer_mut("/fx").expect("the effect state"), old, &new);
}

fn rename(v: &mut Value, old: &str, new: &str) {
    match v {
        Value::String(s) if s == old => *s = new.to_string(),
        Value::Array(a) => a.iter_mut().for_each(|x| rename(x, old, new)),
        Value::Object(m) => m.values_mut().for_each(|x| rename(x, old, new)),
        _ => {}
    }
}

/// Moves one copy of `card` into party `key`'s hand (`Case::give`).
fn give(file: &str, v: &mut Value, key: &str, card: &str) {
    let mut from: Vec<String> = vec!["/fx/action_deck".into(), "/fx/action_discard".into()];
    let parties: Vec<String> = v.pointer("/fx/parties").and_then(Value::as_object).map(|m| m.keys().cloned().collect()).unwrap_or_default();
    from.extend(parties.iter().filter(|p| *p != key).map(|p| format!("/fx/parties/{p}/hand")));
    for ptr in from {
        let Some(list) = v.pointer_mut(&ptr).and_then(Value::as_array_mut) else { continue };
        if let Some(i) = list.iter().position(|c| c == card) {
            let c = list.remove(i);
            v.pointer_mut(&format!("/fx/parties/{key}/hand")).and_then(Value::as_array_mut).unwrap_or_else(|| panic!("{file}: no hand for {key}")).push(c);
            return;
        }
    }
    panic!("{file}: no copy of {card} left to give");
}

/// One step through the seam as the daemon plays it: parse, default, adjudicate.
fn play(file: &str, s: &GdState, step: &Step, n: usize) -> (GdState, Vec<Event>) {
    let mut dice = Dice::for_turn(s.seed, s.step);
    let mut inputs = BTreeMap::new();
    for seat in &s.seats {
        let sigle = seat.party.map(|p| p.sigle()).unwrap_or_default();
        let texts = step.orders.iter().find(|(k, _)| k.eq_ignore_ascii_case(sigle)).map(|(_, v)| v.clone()).unwrap_or_default();
        let lines: Vec<OrderLine> = texts.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
        let parsed = GalacticDestiny::parse_orders(s, &seat.key, &lines);
        let refused: Vec<usize> = parsed.verdicts.iter().filter(|v| !v.is_accepted()).map(|v| v.line.no).collect();
        let want = step.refused.iter().find(|(k, _)| k.eq_ignore_ascii_case(sigle)).map(|(_, v)| v.clone()).unwrap_or_default();
        assert_eq!(refused, want, "{file}: step {n}, {sigle}: refused lines (verdicts {:?})", parsed.verdicts);
        let completeness = GalacticDestiny::completeness(s, &seat.key, &parsed.orders);
        let status = status_of(parsed.verdicts.iter().any(|v| v.is_accepted()), &completeness);
        let orders = GalacticDestiny::default_orders(s, &seat.key, status, parsed.orders, &mut dice);
        inputs.insert(seat.key.clone(), FamilyInput::new(status, orders, None));
    }
    let out = GalacticDestiny::adjudicate(s, &inputs, &mut dice);
    if let Err(e) = out.state.check() {
        panic!("{file}: step {n} breaks an invariant: {e}");
    }
    (out.state, out.events)
}

/// Whether every field of `want` is in `got` with the same value; a table
/// given for a field (or in a list) need only name some of its fields (an
/// event's nested outcome: `outcome = { winner = 1 }`).
fn fits(got: &Value, want: &toml::Table) -> bool {
    want.iter().all(|(k, v)| got.get(k).is_some_and(|g| fits_value(g, v)))
}

fn fits_value(got: &Value, want: &toml::Value) -> bool {
    match (got, want) {
        (_, toml::Value::Table(t)) => fits(got, t),
        (Value::Array(g), toml::Value::Array(w)) => g.len() == w.len() && g.iter().zip(w).all(|(g, w)| fits_value(g, w)),
        _ => got == &json_of(want),
    }
}

fn run(path: &Path) {
    let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("?").to_string();
    let text = std::fs::read_to_string(path).expect("case file");
    let c: Case = toml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(!c.rule.trim().is_empty() && !c.what.trim().is_empty(), "{file}: rule and what are required");
    let mut s = prestate(&file, &c);
    let mut events = Vec::new();
    for (n, step) in c.step.iter().enumerate() {
        match &step.until {
            Some(phase) => {
                let silent = Step { orders: BTreeMap::new(), refused: BTreeMap::new(), until: None };
                let mut k = 0;
                while serde_json::to_value(s.phase).expect("phase") != Value::String(phase.clone()) {
                    assert!(k < 64 && !GalacticDestiny::is_over(&s), "{file}: step {}: no {phase} step comes", n + 1);
                    (s, events) = play(&file, &s, &silent, n + 1);
                    k += 1;
                }
            }
            None => (s, events) = play(&file, &s, step, n + 1),
        }
    }
    let got = serde_json::to_value(&s).expect("state to JSON");
    for (ptr, want) in &c.expect.is {
        let at = got.pointer(ptr).unwrap_or_else(|| panic!("{file} ({}): no {ptr} in the poststate", c.rule));
        assert_eq!(at, &json_of(want), "{file} ({}): {ptr}", c.rule);
    }
    let evs: Vec<Value> = events.iter().map(|e| serde_json::to_value(e).expect("event to JSON")).collect();
    for want in &c.expect.event {
        assert!(evs.iter().any(|e| fits(e, want)), "{file} ({}): no event {want:?} among\n{}", c.rule, pretty(&evs));
    }
    for unwanted in &c.expect.no_event {
        assert!(!evs.iter().any(|e| fits(e, unwanted)), "{file} ({}): unwanted event {unwanted:?} among\n{}", c.rule, pretty(&evs));
    }
}

fn pretty(evs: &[Value]) -> String {
    evs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_rules_case_of_the_data_files_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/galactic-destiny");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the cases' folder").filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
    files.sort();
    assert!(!files.is_empty(), "no case in {}", dir.display());
    for f in &files {
        run(f);
    }
}
