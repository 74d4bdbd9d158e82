//! Random Stellarium worlds and random (but plausible) orders, for the
//! property tests of `tests/stellarium_rules.rs` and the benchmark
//! `benches/stellarium_phases.rs`. Orders are written as the text players
//! send and go the daemon's way: parser, completeness, status, defaults.
#![allow(dead_code)]

use std::collections::BTreeMap;

use arbitre::dice::Dice;
use arbitre::game::{status_of, FamilyInput, FamilyKey, OrderLine, OrderStatus, Ruleset};
use arbitre::games::stellarium::model::{Place, Pyramid, State, Training};
use arbitre::games::stellarium::orders::Orders;
use arbitre::games::stellarium::Stellarium;
use arbitre::text::key;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game with `families` families founded at turn 0 by default (no
/// orders), now at turn 1, each with 30 M$ and some Dark Tentacle credit.
pub fn founded_world(families: usize, seed: u64) -> State {
    let mut s = Stellarium::new_game(&toml::Table::new(), seed).expect("new game");
    for i in 0..families {
        let name = family_name(i);
        Stellarium::register(&mut s, &key(&name), &name).expect("register");
    }
    let inputs = inputs_for(&s, seed, 0.0);
    let mut dice = Dice::for_turn(seed, 0);
    let mut s = Stellarium::adjudicate(&s, &inputs, &mut dice).state;
    for f in s.families.values_mut() {
        f.money = 30;
        f.dark_tentacle_credit = 2;
    }
    s
}

pub fn family_name(i: usize) -> String {
    const SYL: [&str; 12] = ["Ar", "Bel", "Cor", "Dan", "El", "Fen", "Gal", "Hor", "Is", "Jor", "Kal", "Lun"];
    format!("{}{}{}", SYL[i % 12], SYL[(i / 12) % 12].to_lowercase(), SYL[(i / 144) % 12].to_lowercase())
}

/// Each family's inputs for the open turn: random order lines (none for a
/// share `onr` of the families), parsed, classed and completed by the
/// defaults, as the daemon does.
pub fn inputs_for(state: &State, seed: u64, onr: f64) -> BTreeMap<FamilyKey, FamilyInput<Orders>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_0000 ^ u64::from(state.turn));
    let mut dice = Dice::for_turn(seed ^ 0xdef, state.turn);
    let mut out = BTreeMap::new();
    let keys: Vec<FamilyKey> = state.families.keys().cloned().collect();
    for f in &keys {
        let lines = if state.turn == 0 || rng.gen_bool(onr) { Vec::new() } else { random_lines(state, f, &mut rng) };
        let lines: Vec<OrderLine> = lines.into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
        let parsed = Stellarium::parse_orders(state, f, &lines);
        let any = parsed.verdicts.iter().any(|v| v.is_accepted());
        let c = Stellarium::completeness(state, f, &parsed.orders);
        let status = if state.family(f).is_some_and(|x| x.is_pnj()) { OrderStatus::Pnj } else { status_of(any, &c) };
        let orders = Stellarium::default_orders(state, f, status, parsed.orders, &mut dice);
        out.insert(f.clone(), FamilyInput::new(status, orders, None));
    }
    out
}

fn q(s: &str) -> String {
    format!("\"{s}\"")
}

/// Plausible order lines for `family` (some will be refused by the parser,
/// which is part of the test).
pub fn random_lines(state: &State, family: &str, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut lines = Vec::new();
    let me: Vec<_> = state.living_members(family).filter(|c| c.is_free()).collect();
    let others: Vec<_> = state.living().filter(|c| c.family != family).collect();
    let colonies: Vec<String> = state.empire_colonies().map(|(_, p)| p.name.clone()).collect();
    let ships: Vec<String> = state.ships.values().filter(|s| s.in_service()).map(|s| s.name.clone()).collect();
    let own_ships: Vec<String> = state.ships.values().filter(|s| s.in_service() && s.owner == family).map(|s| s.name.clone()).collect();
    let fam_name = |k: &str| state.family(k).map(|f| f.name.clone()).unwrap_or_default();
    let other_ref = |c: &arbitre::games::stellarium::model::Character| format!("{}/{}", c.first_name, fam_name(&c.family));

    // An expedition on an own ship.
    let mut aboard = Vec::new();
    if let Some(ship) = own_ships.first() {
        let explorers: Vec<_> = me.iter().filter(|c| c.training == Some(Training::Explorer)).collect();
        let priests: Vec<_> = me.iter().filter(|c| c.training == Some(Training::Priest)).collect();
        if let (Some(cap), Some(pr)) = (explorers.first(), priests.first()) {
            if rng.gen_bool(0.7) {
                let mut l = format!("EXPEDITION {} CAPITAINE {}", q(ship), cap.first_name);
                if let Some(g) = others.choose(rng) {
                    l.push_str(&format!(" INVITES {}", other_ref(g)));
                }
                lines.push(l);
                lines.push(format!("LIEU {} VAISSEAU {}", cap.first_name, q(ship)));
                lines.push(format!("LIEU {} VAISSEAU {}", pr.first_name, q(ship)));
                aboard.push(cap.id);
                aboard.push(pr.id);
            }
        }
    }
    for c in &me {
        if c.training.is_none() || aboard.contains(&c.id) || rng.gen_bool(0.05) {
            continue;
        }
        let place = match c.training {
            Some(Training::Merchant) => match rng.gen_range(0..3) {
                0 => colonies.choose(rng).cloned().unwrap_or_else(|| "STELLARIUM".into()),
                1 => format!("BOURSE {} {}", ["S", "N", "R"][rng.gen_range(0..3)], rng.gen_range(1..=3)),
                _ => "STELLARIUM".into(),
            },
            Some(Training::Warrior) => match rng.gen_range(0..4) {
                0 => "FLOTTE 1".into(),
                1 => "FLOTTE 2".into(),
                2 => colonies.choose(rng).cloned().unwrap_or_else(|| "STELLARIUM".into()),
                _ => match ships.choose(rng) {
                    Some(s) => format!("VAISSEAU {}", q(s)),
                    None => "STELLARIUM".into(),
                },
            },
            Some(Training::Explorer) if rng.gen_bool(0.3) => match ships.choose(rng) {
                Some(s) => format!("VAISSEAU {}", q(s)),
                None => "STELLARIUM".into(),
            },
            _ => "STELLARIUM".into(),
        };
        lines.push(format!("LIEU {} {}", c.first_name, place));
        if rng.gen_bool(0.3) {
            let items = ["CAPSULE", "GARDES", "MEDECIN", "ASSURANCE", "PROTHESE"];
            let n = rng.gen_range(1..=2);
            let chosen: Vec<&str> = items.choose_multiple(rng, n).copied().collect();
            lines.push(format!("ACHAT {} {}", c.first_name, chosen.join(" ")));
        }
    }
    // Contracts.
    for c in me.iter().take(2) {
        if !rng.gen_bool(0.4) {
            continue;
        }
        let amount = rng.gen_range(1..=6);
        let kind = match (rng.gen_range(0..7), others.choose(rng)) {
            (0, Some(t)) => format!("ASSASSINAT {}", other_ref(t)),
            (1, Some(t)) => format!("ENLEVEMENT {}", other_ref(t)),
            (2, Some(t)) => format!("SCANDALE {}", other_ref(t)),
            (3, _) if !ships.is_empty() => format!("SABOTAGE {}", q(&ships[rng.gen_range(0..ships.len())])),
            (4, _) => "BOMBE".into(),
            (5, _) if !colonies.is_empty() => format!("REBELLION {}", colonies[rng.gen_range(0..colonies.len())]),
            _ => "TRAHISON".into(),
        };
        lines.push(format!("CONTRAT {} {amount} {kind}", c.first_name));
    }
    // Marriages: the line is written by both families (the other family's
    // copy is added by `random_lines` of that family when it picks the same
    // couple, so only some marriages match; all are plausible).
    let singles_m: Vec<_> = me.iter().filter(|c| c.training.is_some() && !c.is_priest() && c.spouse().is_none() && c.sex == arbitre::games::stellarium::model::Sex::Male).collect();
    let brides: Vec<_> = others
        .iter()
        .filter(|c| c.training.is_some() && !c.is_priest() && c.spouse().is_none() && c.sex == arbitre::games::stellarium::model::Sex::Female)
        .collect();
    let priests: Vec<_> = state.living().filter(|c| c.is_priest() && c.is_free()).collect();
    if let (Some(g), Some(b), Some(p)) = (singles_m.choose(rng), brides.choose(rng), priests.choose(rng)) {
        if rng.gen_bool(0.5) {
            let pr = if p.family == family { p.first_name.clone() } else { other_ref(p) };
            lines.push(format!("MARIAGE {} {} {}", g.first_name, other_ref(b), pr));
        }
    }
    // Births, baptisms, trainings.
    for c in state.living_members(family) {
        if c.spouse().is_some() && rng.gen_bool(0.2) {
            lines.push(format!("NAISSANCES {} {}", c.first_name, if rng.gen_bool(0.5) { "NON".to_string() } else { rng.gen_range(1..=3).to_string() }));
        }
        if state.needs_baptism(c) && rng.gen_bool(0.8) {
            let names = ["Orion", "Vega", "Altair", "Lyra", "Rigel", "Deneb", "Mira", "Castor"];
            lines.push(format!("BAPTEME {} {}{}", c.first_name, names[rng.gen_range(0..names.len())], rng.gen_range(0..1000)));
        }
        if state.needs_training(c) && rng.gen_bool(0.8) {
            lines.push(format!("FORMATION {} {}", c.first_name, ["PRETRE", "GUERRIER", "EXPLORATEUR", "MARCHAND"][rng.gen_range(0..4)]));
        }
    }
    // Heads' powers.
    for p in Pyramid::ALL {
        if state.head_family(p).map(|f| f.as_str()) != Some(family) || !rng.gen_bool(0.5) {
            continue;
        }
        match p {
            Pyramid::Church => {
                if let Some(t) = others.choose(rng) {
                    lines.push(format!("ARCHIPAPE PROTHESE {}", other_ref(t)));
                }
            }
            Pyramid::Army => {
                let members: Vec<_> = state.pyramid(Pyramid::Army).members().map(|(_, c)| c).collect();
                if let Some(m) = members.choose(rng).and_then(|id| state.character(*id)) {
                    let r = if m.family == family { m.first_name.clone() } else { other_ref(m) };
                    lines.push(format!("GENERAL COMMANDANT {} {r}", rng.gen_range(1..=2)));
                }
            }
            Pyramid::Explorers => {
                if let Some(s) = ships.choose(rng) {
                    if rng.gen_bool(0.3) {
                        lines.push(format!("COMMANDEUR INTERDIRE {}", q(s)));
                    }
                }
            }
            Pyramid::Merchants => {
                if let Some(c) = colonies.choose(rng) {
                    lines.push(format!("MAITRE FERMER {c}"));
                }
            }
            Pyramid::Government => {}
        }
    }
    lines
}

/// Where a character is, for the "one place" invariant.
pub fn place_key(p: &Option<Place>) -> String {
    format!("{p:?}")
}
