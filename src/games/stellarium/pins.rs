//! Pins of what the foundation and the order reader produce, so that work
//! on their speed (issue #15) cannot change a result unnoticed.
//!
//! A game of [`FAMILIES`] families is founded at turn 0 from order lines of
//! every kind a founding mail holds (complete, partial, none, mistakes),
//! then every family's turn-1 lines (good and bad) go through the parser,
//! the completeness check and the defaults, as the daemon does. The
//! SHA-256 of everything that comes out (verdicts, orders, state, events,
//! the dice's audit log) must equal the digests recorded from the code
//! before the speed work. A rule change that alters them on purpose
//! updates the digests (the failure prints the new ones).

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};

use crate::dice::Dice;
use crate::game::{status_of, FamilyInput, FamilyKey, OrderLine, ParsedOrders};
use crate::text::key;

use super::defaults::default_orders;
use super::model::{Pyramid, Settings, State, Training};
use super::orders::{parse_orders, Orders};
use super::phases;
use super::status::completeness;

const FAMILIES: usize = 48;
const SEED: u64 = 0x005e_ed15;

fn lines(texts: Vec<String>) -> Vec<OrderLine> {
    texts.into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect()
}

fn family_name(i: usize) -> String {
    // Accents and spaces in some names, as players register them.
    match i % 5 {
        0 => format!("Famille{i:03}"),
        1 => format!("Maison Élan {i}"),
        2 => format!("Lignée{i:03}"),
        _ => format!("Clan{i:03}"),
    }
}

/// Parses, classes and completes one family's lines as the daemon does;
/// the verdicts are kept for the digest.
fn input(s: &State, fam: &str, texts: Vec<String>, d: &mut Dice, verdicts: &mut Vec<serde_json::Value>) -> FamilyInput<Orders> {
    let ParsedOrders { orders, verdicts: v } = parse_orders(s, fam, &lines(texts));
    let any = v.iter().any(|v| v.is_accepted());
    let status = status_of(any, &completeness(s, fam, &orders));
    verdicts.push(serde_json::json!({ "family": fam, "verdicts": v, "status": status }));
    let orders = default_orders(s, fam, status, orders, d);
    FamilyInput::new(status, orders, None)
}

/// The founding lines of family `i`: complete (with PUBLICITE, a bid,
/// candidacies), partial, none, or with mistakes.
fn founding_lines(i: usize) -> Vec<String> {
    const NAMES: [&str; 8] = ["Alpha", "Bérénice", "Carl", "Delphine", "Echo", "Fanny", "Gino", "Héloïse"];
    const TRAININGS: [&str; 6] = ["GUERRIER", "EXPLORATEUR", "MARCHAND", "GUERRIER", "PRETRE", "MARCHAND"];
    let founder = |j: usize, pp: u32| {
        let sex = if j.is_multiple_of(2) { "H" } else { "F" };
        let t = if j < 6 { TRAININGS[(j + i) % 6] } else { "" };
        format!("PERSONNAGE {} {} {sex} {t} +{pp}", j + 1, NAMES[j])
    };
    match i % 6 {
        0 => Vec::new(),
        1 => (0..3).map(|j| founder(j, 4)).collect(),
        2 => {
            // Mistakes: a name twice, a line of a later turn, a typo, too many PP.
            let mut l: Vec<String> = (0..8).map(|j| founder(j, 9)).collect();
            l[3] = "PERSONNAGE 4 Alpha F MARCHAND +1".into();
            l.push("LIEU Alpha Dorkir".into());
            l.push("PERSONAGE 9 Zed H".into());
            l.push(format!("ENCHERE \"Aurore {i}\" {}", i % 7));
            l
        }
        _ => {
            let mut l: Vec<String> = (0..8).map(|j| founder(j, if j < 5 { 5 } else { 0 })).collect();
            if i.is_multiple_of(4) {
                l.insert(0, format!("PUBLICITE {}", 1 + i % 3));
            }
            l.push(format!("ENCHERE {} \"Nef {i}\"", 1 + i % 9));
            l.push("CANDIDAT Alpha JUGE".into());
            l.push("CANDIDAT Echo GOUVERNEUR Dorkir".into());
            l.push(format!("CANDIDAT {} JUGE", 1 + i % 8));
            l
        }
    }
}

/// The turn-1 lines of family number `n`: every character placed, the
/// young baptised and trained, plus lines the reader refuses or corrects.
fn turn_lines(s: &State, fam: &str, n: usize, other: &str) -> Vec<String> {
    if n % 7 == 3 {
        return Vec::new();
    }
    let mut l = Vec::new();
    for (j, c) in s.living_members(fam).enumerate() {
        if s.needs_baptism(c) {
            l.push(format!("BAPTEME {} B{}", c.first_name, c.id.0));
        }
        if s.needs_training(c) {
            l.push(format!("FORMATION {} GUERRIER", c.first_name));
        }
        if !s.needs_location(c) || (n % 7 == 5 && j == 0) {
            continue;
        }
        // Each training's places, one after another (some refused: a
        // merchant in a fleet, a stake out of bounds).
        const WARRIOR: [&str; 4] = ["FLOTTE 1", "FLOTTE 2", "Dorkir", "mologatai"];
        const MERCHANT: [&str; 5] = ["Dorkir", "BOURSE N 1", "BOURSE S2", "BOURSE 2 R", "FLOTTE 1"];
        const OTHER: [&str; 3] = ["STELLARIUM", "Balnéa", "BOURSE N 9"];
        let k = n + c.id.0 as usize;
        let place = match c.training {
            Some(Training::Warrior) => WARRIOR[k % WARRIOR.len()],
            Some(Training::Merchant) => MERCHANT[k % MERCHANT.len()],
            _ => OTHER[k % OTHER.len()],
        };
        // Lower case and without accents: the reader folds names.
        let name = if j % 3 == 1 { crate::text::fold(&c.first_name).to_lowercase() } else { c.first_name.clone() };
        l.push(format!("lieu {name} {place}"));
    }
    if s.head_family(Pyramid::Government).map(|f| f.as_str()) == Some(fam) {
        l.push("EMPEREUR GUERRE".into());
    }
    l.push(format!("ENCHERE {} \"Nef {n} {}\"", 1 + n % 5, s.turn));
    // Refused lines: a misspelt name, another family's character, a typo in
    // the keyword, a place that does not exist, a line twice.
    if let Some(c) = s.living_members(fam).next() {
        l.push(format!("LIEU {}x STELLARIUM", c.first_name));
        l.push(format!("FORMATION {} PRETRE", c.first_name));
    }
    if let Some(c) = s.living_members(other).next() {
        l.push(format!("LIEU {}/{} STELLARIUM", c.first_name, s.families[other].name));
    }
    l.push("LEIU Personne Dorkir".into());
    l.push("LIEU Alpha Nullepart".into());
    l.push("ACHAT Alpha CAPSULE GARDES".into());
    l
}

fn digest(v: &impl serde::Serialize) -> String {
    hex::encode(Sha256::digest(serde_json::to_vec(v).expect("serialise")))
}

/// The foundation (state, events, audit log, founding verdicts) and the
/// turn-1 reading (verdicts, completed orders, defaults' audit log), and
/// what the fixture went through ([`Coverage`]).
fn run() -> (String, String, Coverage) {
    let mut s = State::new(Settings::default());
    for i in 0..FAMILIES {
        let name = family_name(i);
        s.register(&key(&name), &name).expect("register");
    }
    let mut verdicts = Vec::new();
    let mut d = Dice::for_turn(SEED ^ 1, 0);
    let keys: Vec<FamilyKey> = s.families.keys().cloned().collect();
    let mut inputs = BTreeMap::new();
    for (i, k) in keys.iter().enumerate() {
        inputs.insert(k.clone(), input(&s, k, founding_lines(i), &mut d, &mut verdicts));
    }
    let mut dice = Dice::for_turn(SEED, 0);
    let out = phases::adjudicate(&s, &inputs, &mut dice);
    let foundation = digest(&(&verdicts, &inputs, d.log(), &out.state, &out.events, dice.log()));
    let json = serde_json::to_string(&(&verdicts, &out.events)).expect("serialise");
    let mut cov = Coverage {
        founding_refused: json.matches("\"kind\":\"rejected\"").count(),
        names_drawn: d.log().iter().chain(dice.log()).filter(|r| r.rule == "b" && r.what.contains("first name")).count(),
        marriages: json.matches("\"event\":\"founder_marriage\"").count(),
        ..Coverage::default()
    };

    let s = out.state;
    let mut verdicts = Vec::new();
    let mut d = Dice::for_turn(SEED ^ 2, s.turn);
    let mut inputs = BTreeMap::new();
    for (n, k) in keys.iter().enumerate() {
        let other = &keys[(n + 1) % keys.len()];
        inputs.insert(k.clone(), input(&s, k, turn_lines(&s, k, n, other), &mut d, &mut verdicts));
    }
    let reading = digest(&(&verdicts, &inputs, d.log()));
    let json = serde_json::to_string(&verdicts).expect("serialise");
    cov.turn_accepted = json.matches("\"kind\":\"accepted\"").count();
    cov.turn_refused = json.matches("\"kind\":\"rejected\"").count();
    cov.suggestions = json.matches("\"suggestion\":\"").count();
    cov.turn_defaults = d.log().len();
    (foundation, reading, cov)
}

/// What the fixture exercised, so that the digests pin more than the happy path.
#[derive(Debug, Default)]
struct Coverage {
    founding_refused: usize,
    names_drawn: usize,
    marriages: usize,
    turn_accepted: usize,
    turn_refused: usize,
    suggestions: usize,
    turn_defaults: usize,
}

#[test]
fn the_foundation_of_48_families_is_the_one_recorded_before_the_speed_work() {
    let (foundation, _, cov) = run();
    println!("{cov:?}");
    assert!(cov.founding_refused >= 16 && cov.names_drawn >= 40 && cov.marriages >= 40, "{cov:?}");
    // Issue 26 changed it on purpose: a misspelt founding keyword is an
    // unknown order with its suggestion (the verdicts), and the founders the
    // referee made are flagged and told (the inputs and events); each
    // accepted line keeps its English echo too (the verdicts); the state and
    // both dice logs are as before.
    assert_eq!(foundation, "db72a846f8f4d33508253af4e682f3dc558829d7bfda0f63534388e5d2c21fec", "foundation digest");
}

#[test]
fn the_turn_1_orders_of_48_families_are_read_as_recorded_before_the_speed_work() {
    let (_, reading, cov) = run();
    println!("{cov:?}");
    assert!(cov.turn_accepted >= 300 && cov.turn_refused >= 200 && cov.suggestions >= 40 && cov.turn_defaults >= 10, "{cov:?}");
    // Issue 26 changed it on purpose: the defaults no longer place ONR/OPR
    // merchants nor drop OPR marriages (phases 5 and 3 do, and say so), so
    // the inputs change; each accepted line keeps its English echo too (the
    // verdicts); the dice log is as before.
    assert_eq!(reading, "76d036d7bfe1513d9ea87a2661eb0840aada4bb2b85051eec0f5ca690a6fd541", "reading digest");
}
