//! Generation of the galaxy (2.3, 3, 5): done once, when turn 0 (the
//! registration turn) is adjudicated, with the players registered by then,
//! with that turn's dice (so every draw is in turn 0's audit log).

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;

use super::model::{GalaxyState, Kind, Player, Pos, Star};

/// Min/max count of each kind in a galaxy of 120 stars (5); BASE is one per
/// player, NORMAL the complement.
const COUNTS: [(Kind, u32, u32); 18] = [
    (Kind::Attack, 3, 7),
    (Kind::City, 3, 7),
    (Kind::Data, 1, 3),
    (Kind::Fort, 3, 10),
    (Kind::Gate, 2, 5), // EXIT: as many as GATE
    (Kind::Invisibility, 3, 7),
    (Kind::Key, 2, 5),
    (Kind::Lotus, 5, 5),
    (Kind::Machine, 6, 10),
    (Kind::New, 4, 10),
    (Kind::Power, 3, 7),
    (Kind::Radar, 3, 7),
    (Kind::Supply, 6, 10),
    (Kind::Throne, 1, 1),
    (Kind::Vulcan, 1, 3),
    (Kind::Xray, 3, 7),
    (Kind::Zero, 1, 1),
    (Kind::Exit, 0, 0),
];

/// The (min, max) count of a kind in a galaxy of `stars` stars: the rules'
/// range for 120 stars, scaled; THRONE and ZERO stay unique.
pub fn count_range(kind: Kind, stars: u32) -> (u32, u32) {
    if matches!(kind, Kind::Throne | Kind::Zero) {
        return (1, 1);
    }
    let Some(&(_, lo, hi)) = COUNTS.iter().find(|(k, _, _)| *k == kind) else {
        return (0, 0);
    };
    let scale = |v: u32| -> u32 {
        let s = (v as u64 * stars as u64 + 60) / 120;
        if v > 0 { s.max(1) as u32 } else { 0 }
    };
    (scale(lo), scale(hi).max(scale(lo)))
}

const CONSONANTS: [&str; 17] = ["B", "C", "D", "F", "G", "J", "K", "L", "M", "N", "P", "R", "S", "T", "V", "X", "Z"];
const VOWELS: [&str; 5] = ["A", "E", "I", "O", "U"];

/// All three-letter syllables: C V C, CH V, C OU (`SAR`+`BOU`, `CHI`+`MOR`).
fn syllables() -> Vec<String> {
    let mut v = Vec::new();
    for c in CONSONANTS {
        for w in VOWELS {
            for d in CONSONANTS {
                v.push(format!("{c}{w}{d}"));
            }
        }
        v.push(format!("{c}OU"));
    }
    for w in VOWELS {
        v.push(format!("CH{w}"));
    }
    v
}

/// 3.1: a name of 6 letters, unique in the galaxy.
fn draw_name(dice: &mut Dice, syl: &[String], taken: &mut BTreeSet<String>) -> String {
    loop {
        let a = dice.range(0, syl.len() as u32 - 1, "3.1", "star name, first syllable") as usize;
        let b = dice.range(0, syl.len() as u32 - 1, "3.1", "star name, second syllable") as usize;
        let name = format!("{}{}", syl[a], syl[b]);
        dice.set_outcome(name.clone());
        // A star called NORMAL or XRAYED would read like a keyword.
        if Kind::from_name(&name).is_none() && taken.insert(name.clone()) {
            return name;
        }
    }
}

fn draw_free_square(dice: &mut Dice, size: i32, occupied: &BTreeSet<Pos>, what: &str) -> Pos {
    loop {
        let x = dice.range(0, size as u32 - 1, "2.3", format!("{what}: x")) as i32;
        let y = dice.range(0, size as u32 - 1, "2.3", format!("{what}: y")) as i32;
        let p = Pos { x, y };
        if !occupied.contains(&p) {
            return p;
        }
    }
}

/// Builds the galaxy for the registered players (state.players, by key).
/// The fewest special stars a galaxy of `stars` holds (every kind at its
/// minimum, EXIT as many as GATE): what is left is for the players' homes.
pub fn fewest_special(stars: u32) -> u32 {
    COUNTS
        .iter()
        .filter(|(k, _, _)| *k != Kind::Exit)
        .map(|(k, _, _)| count_range(*k, stars).0 * if *k == Kind::Gate { 2 } else { 1 })
        .sum()
}

pub fn generate(state: &mut GalaxyState, dice: &mut Dice) -> Result<(), crate::i18n::Msg> {
    let n = state.players.len() as u32;
    let total = state.settings.stars;
    let size = state.settings.size;
    let least = state.settings.least_players();
    if n < least {
        // 2.1: "de 4 à 16 joueurs".
        return Err(crate::msg!("galaxy-r2-1-too-few-players", players = n, least = least));
    }
    if n > state.settings.players {
        return Err(crate::msg!("galaxy-too-many-players", players = n, places = state.settings.players));
    }
    if total > (size * size) as u32 {
        return Err(crate::msg!("galaxy-too-many-stars", stars = total, size = size));
    }

    // 5: the count of each kind, within its min/max.
    let mut counts: BTreeMap<Kind, u32> = BTreeMap::new();
    for &(kind, _, _) in COUNTS.iter().filter(|(k, _, _)| *k != Kind::Exit) {
        let (lo, hi) = count_range(kind, total);
        let c = dice.range(lo, hi, "5", format!("number of {} stars", kind.name()));
        counts.insert(kind, c);
    }
    let gates = counts.get(&Kind::Gate).copied().unwrap_or(0);
    counts.insert(Kind::Exit, gates);
    // Too many special stars drawn for the homes to fit (many players): one
    // kind drawn by lot at a time goes down towards its minimum (5).
    while n + counts.values().sum::<u32>() > total {
        let above: Vec<Kind> = counts
            .iter()
            .filter(|(k, c)| **k != Kind::Exit && **c > count_range(**k, total).0)
            .map(|(k, _)| *k)
            .collect();
        let Some(i) = dice.pick_index(above.len(), "5", "a kind of star with one star fewer, for the homes to fit") else {
            break;
        };
        let k = above[i];
        if let Some(c) = counts.get_mut(&k) {
            *c -= 1;
        }
        if k == Kind::Gate {
            counts.insert(Kind::Exit, counts[&Kind::Gate]);
        }
    }
    let special: u32 = counts.values().sum();
    if n + special > total {
        return Err(crate::msg!("galaxy-too-few-stars", stars = total, players = n, special = special));
    }
    counts.insert(Kind::Normal, total - n - special);

    // 2.3: the squares; home stars first, each the farthest of a few drawn
    // squares from the homes already placed, so that they stand well apart.
    let torus = state.torus;
    let mut occupied = BTreeSet::new();
    let mut homes: Vec<Pos> = Vec::new();
    for i in 0..n {
        let mut best: Option<(i64, Pos)> = None;
        let tries = if homes.is_empty() { 1 } else { 24 };
        for _ in 0..tries {
            let p = draw_free_square(dice, size, &occupied, &format!("home star {}", i + 1));
            let d = homes.iter().map(|h| torus.dist2(*h, p)).min().unwrap_or(i64::MAX);
            if best.is_none_or(|(bd, _)| d > bd) {
                best = Some((d, p));
            }
        }
        if let Some((_, p)) = best {
            occupied.insert(p);
            homes.push(p);
        }
    }
    let mut others = Vec::new();
    for i in n..total {
        let p = draw_free_square(dice, size, &occupied, &format!("star {}", i + 1));
        occupied.insert(p);
        others.push(p);
    }

    // 3.8: the kinds of the other stars, shuffled.
    let mut kinds: Vec<Kind> = Vec::new();
    for (k, c) in &counts {
        for _ in 0..*c {
            kinds.push(*k);
        }
    }
    dice.shuffle(&mut kinds, "3.8", "kinds of the stars");

    let syl = syllables();
    let mut names = BTreeSet::new();
    let mut stars = Vec::with_capacity(total as usize);
    let keys: Vec<String> = state.players.keys().cloned().collect();
    // 3.9: a home star: T 6, DO 5, DE 11, RE 10, BASE.
    // Which home goes to which player, by lot (not the alphabetical order).
    dice.shuffle(&mut homes, "2.3", "which home star goes to which player");
    for (i, key) in keys.iter().enumerate() {
        let name = draw_name(dice, &syl, &mut names);
        let magnitude = dice.range(0, 9, "3.2", format!("magnitude of {name}")) as i32;
        let life = dice.range(1, 9, "3.3", format!("life form of {name}")) as i32;
        stars.push(Star {
            id: i as u32 + 1,
            name,
            pos: homes[i],
            magnitude,
            life,
            tech: 6,
            docility: 5,
            resources: 10,
            kind: Kind::Base,
            owner: Some(key.clone()),
            colonised_turn: Some(0),
            exit: None,
            effect_pending: false,
        });
    }
    for (j, pos) in others.into_iter().enumerate() {
        let kind = kinds.get(j).copied().unwrap_or(Kind::Normal);
        let name = draw_name(dice, &syl, &mut names);
        let magnitude = dice.range(0, 9, "3.2", format!("magnitude of {name}")) as i32;
        let life = dice.range(0, 9, "3.3", format!("life form of {name}")) as i32;
        // 3.4/3.5: an uninhabited star has T = DO = 0.
        let (tech, docility) = if life == 0 {
            (0, 0)
        } else {
            let t = dice.range(0, 9, "3.4", format!("technology of {name}")) as i32;
            let d = dice.range(0, 9, "3.5", format!("docility of {name} (-4..+5)")) as i32 - 4;
            (t, d)
        };
        let resources = dice.range(0, 15, "3.7", format!("resources of {name}"));
        stars.push(Star {
            id: n + j as u32 + 1,
            name,
            pos,
            magnitude,
            life,
            tech,
            docility,
            resources,
            kind,
            owner: None,
            colonised_turn: None,
            exit: None,
            effect_pending: false,
        });
    }

    // The referee's numbers mean nothing (issue 12): the stars are stored in
    // an order drawn by lot, so no home star sits at an index that follows
    // the players' alphabetical order, nor any kind at a predictable one.
    let mut order: Vec<usize> = (0..stars.len()).collect();
    dice.shuffle(&mut order, "3.9", "the referee's numbering of the stars");
    let mut slots: Vec<Option<Star>> = stars.into_iter().map(Some).collect();
    let mut stars: Vec<Star> = order.iter().filter_map(|&i| slots[i].take()).collect();
    for (i, st) in stars.iter_mut().enumerate() {
        st.id = i as u32 + 1;
    }

    // 5 GATE: each GATE leads to one EXIT, drawn by lot.
    let gate_idx: Vec<usize> = stars.iter().enumerate().filter(|(_, s)| s.kind == Kind::Gate).map(|(i, _)| i).collect();
    let mut exit_idx: Vec<usize> = stars.iter().enumerate().filter(|(_, s)| s.kind == Kind::Exit).map(|(i, _)| i).collect();
    dice.shuffle(&mut exit_idx, "5", "pairing of GATE and EXIT stars");
    for (g, e) in gate_idx.iter().zip(exit_idx.iter()) {
        stars[*g].exit = Some(*e);
    }

    // 5 KEY: the THRONE's code, 8 letters and digits.
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNPQRSTUVWXYZ23456789";
    let mut code = String::new();
    for _ in 0..8 {
        let i = dice.range(0, ALPHABET.len() as u32 - 1, "5", "a character of the THRONE code") as usize;
        code.push(ALPHABET[i] as char);
    }

    // 3.3–3.7: each player takes the home star's characteristics.
    for key in &keys {
        let Some(i) = stars.iter().position(|st| st.kind == Kind::Base && st.owner.as_ref() == Some(key)) else {
            return Err(crate::msg!("galaxy-no-home-star", player = key.as_str()));
        };
        if let Some(p) = state.players.get_mut(key) {
            let s = &stars[i];
            p.base = i;
            p.origin = s.pos;
            p.life = s.life;
            p.base_magnitude = s.magnitude;
            p.tech = 6;
            p.treasury = 10;
        }
    }
    state.stars = stars;
    state.index = Default::default();
    state.throne_code = code;
    Ok(())
}

/// A player before the galaxy exists.
pub fn unplaced_player(name: &str) -> Player {
    Player {
        name: name.to_string(),
        base: 0,
        origin: Pos { x: 0, y: 0 },
        life: 0,
        base_magnitude: 0,
        tech: 6,
        treasury: 10,
        gifts_in: 0,
        fleets: BTreeMap::new(),
        known: BTreeMap::new(),
        throne_code: None,
        keys_read: BTreeSet::new(),
    }
}
