//! An independent referee for Stellar, written from the booklet apart from
//! the engine (it reads the engine's states and orders, never its
//! functions): shared by `tests/stellar_oracle.rs` and `tests/stellar_game.rs`
//! (included with `#[path]`).
//!
//! For each step it is given the state before, the orders each player had
//! accepted (before the referee completed them) and the state after, and
//! lists what the booklet forbids in that change: a move that steps 1–4 do
//! not explain, a card face up where "Le télescope" forbids it, a placement
//! other than the one ordered (face down when ordered face down), a row not
//! refilled from the pile. At the end it recomputes the scores ("Décompte
//! des points") with its own brute force.

#![allow(dead_code)]

use std::collections::BTreeSet;

use arbitre::games::stellar::components::{CardId, Number, Section, Slot};
use arbitre::games::stellar::model::{Phase, Placed, StellarState, Zone};
use arbitre::games::stellar::Orders;

/// The unit cells a slot's rectangle covers.
fn cells(s: &StellarState, slot: Slot) -> Vec<(i32, i32)> {
    let d = &s.components.slots[&slot];
    (d.x..d.x + d.w).flat_map(|x| (d.y..d.y + d.h).map(move |y| (x, y))).collect()
}

/// "Adjacent signifie ayant un bord de carte en commun": some unit cell of
/// one slot is next to (not diagonal from) a unit cell of the other.
pub fn adjacent(s: &StellarState, a: Slot, b: Slot) -> bool {
    let (ca, cb) = (cells(s, a), cells(s, b));
    a != b && ca.iter().any(|(x, y)| cb.iter().any(|(u, v)| (x - u).abs() + (y - v).abs() == 1))
}

/// "Le télescope": may `card` go face up on the free `slot` of `telescope`?
/// A typed card must touch a face-up card of its type if there is one
/// (face-down cards and satellites have no type); a satellite goes anywhere.
pub fn face_up_allowed(s: &StellarState, telescope: &std::collections::BTreeMap<Slot, Placed>, card: CardId, slot: Slot) -> bool {
    if telescope.contains_key(&slot) {
        return false;
    }
    let Some(kind) = s.card(card).kind else { return true };
    let same: Vec<Slot> = telescope.iter().filter(|(_, p)| p.face_up && s.card(p.card).kind == Some(kind)).map(|(x, _)| *x).collect();
    same.is_empty() || same.iter().any(|x| adjacent(s, *x, slot))
}

/// ÉTAPE 2–3: the row position the card played in step 2 sends step 3 to
/// (`None`: the top of the pile). Face down it counts « 3 » ("Le
/// télescope"), unless the game's setting reads the printed number.
fn step3_position(s: &StellarState, card: CardId, zone: Zone) -> Option<usize> {
    // The setting as stored (`face_down_number`, absent: the booklet's « 3 »).
    let printed = serde_json::to_value(&s.settings).ok().and_then(|v| v.get("face_down_number").cloned()) == Some(serde_json::json!("printed"));
    if matches!(zone, Zone::Telescope { face_up: false, .. }) && !printed {
        return Some(3);
    }
    match s.card(card).number {
        Number::Plain(n) if (1..=5).contains(&n) => Some(n as usize),
        _ => None,
    }
}

/// Where a card is after the step, in `seat`'s telescope or notebook.
fn zone_of(s: &StellarState, seat: usize, card: CardId) -> Option<Zone> {
    if s.seats[seat].notebook.contains(&card) {
        return Some(Zone::Notebook);
    }
    s.seats[seat].telescope.iter().find(|(_, p)| p.card == card).map(|(slot, p)| Zone::Telescope { slot: *slot, face_up: p.face_up })
}

/// Every card exactly once, counted here.
fn conservation(s: &StellarState, errs: &mut Vec<String>) {
    let mut all: Vec<CardId> = Vec::new();
    for x in &s.seats {
        all.extend(&x.hand);
        all.extend(&x.starting);
        all.extend(x.telescope.values().map(|p| p.card));
        all.extend(&x.notebook);
        all.extend(x.boxed);
    }
    all.extend(s.row.iter().flatten());
    all.extend(&s.pile);
    all.extend(&s.discard);
    let set: BTreeSet<CardId> = all.iter().copied().collect();
    if all.len() != 60 || set.len() != 60 {
        errs.push(format!("{} cards, {} distinct (60 in the game)", all.len(), set.len()));
    }
}

/// One step of the game: `orders[seat]` are the orders that seat had
/// accepted (empty when silent). Returns what the booklet forbids.
pub fn check_step(before: &StellarState, orders: &[Orders; 2], after: &StellarState) -> Vec<String> {
    let mut errs = Vec::new();
    conservation(after, &mut errs);
    match before.phase {
        Phase::Start => check_start(before, orders, after, &mut errs),
        Phase::Play if after.moves == before.moves + 1 => check_move(before, orders, after, &mut errs),
        Phase::Play => {
            // A refresh ("Cartes satellite"): the tables do not change.
            for seat in 0..2 {
                if before.seats[seat].telescope != after.seats[seat].telescope || before.seats[seat].notebook != after.seats[seat].notebook {
                    errs.push(format!("refresh: seat {seat}'s table changed"));
                }
            }
        }
        Phase::Final => check_final(before, orders, after, &mut errs),
        _ => {}
    }
    errs
}

fn check_start(before: &StellarState, orders: &[Orders; 2], after: &StellarState, errs: &mut Vec<String>) {
    for seat in 0..2 {
        let starting = &before.seats[seat].starting;
        let Some(p) = after.seats[seat].telescope.get(&1) else {
            errs.push(format!("Mise en place 2: seat {seat} has no card on slot 1"));
            continue;
        };
        let rest: Vec<CardId> = starting.iter().copied().filter(|c| *c != p.card).collect();
        if !p.face_up || !starting.contains(&p.card) || rest.len() != 1 || !after.seats[seat].notebook.contains(&rest[0]) {
            errs.push(format!("Mise en place 2: seat {seat}'s starting cards are not one face up on slot 1 and the other in the notebook"));
        }
        if orders[seat].start.is_some_and(|c| c != p.card) {
            errs.push(format!("Mise en place 2: seat {seat} ordered another starting card on slot 1"));
        }
        // "Mise en place" 3: the hands come after the starting cards.
        if !before.seats[seat].hand.is_empty() {
            errs.push(format!("Mise en place 3: seat {seat} was dealt a hand before placing the starting cards"));
        }
        if after.seats[seat].hand.len() != 2 {
            errs.push(format!("Mise en place 3: seat {seat} holds {} cards", after.seats[seat].hand.len()));
        }
    }
    if after.row.iter().any(Option::is_none) {
        errs.push("Mise en place 5: the row is not full".into());
    }
}

fn check_final(before: &StellarState, orders: &[Orders; 2], after: &StellarState, errs: &mut Vec<String>) {
    for seat in 0..2 {
        let added: Vec<CardId> = after.seats[seat].notebook.difference(&before.seats[seat].notebook).copied().collect();
        if added.len() != 1 || !before.seats[seat].hand.contains(&added[0]) || after.seats[seat].telescope.len() != 12 || after.seats[seat].notebook.len() != 13 {
            errs.push(format!("Fin de la partie: seat {seat} did not end with 12 telescope cards and one of two hand cards added to 13 in the notebook"));
        }
        if let (Some(c), [a]) = (orders[seat].final_card, added.as_slice()) {
            if c != *a {
                errs.push(format!("Fin de la partie: seat {seat} ordered another card into the notebook"));
            }
        }
    }
    let Some(r) = &after.result else {
        errs.push("Décompte des points: no result".into());
        return;
    };
    let want = totals(after);
    let got: Vec<u32> = r.sheets.iter().map(|x| x.total).collect();
    if got != want {
        errs.push(format!("Décompte des points: the referee scores {got:?}, the booklet {want:?}"));
    }
    let top = want.iter().copied().max().unwrap_or(0);
    let winners: Vec<usize> = (0..2).filter(|i| want[*i] == top).collect();
    if r.resigned.is_none() && r.winners != winners {
        errs.push(format!("Gagnant: the referee names {:?}, the booklet {winners:?}", r.winners));
    }
}

/// Steps 1–4 of one turn.
fn check_move(before: &StellarState, orders: &[Orders; 2], after: &StellarState, errs: &mut Vec<String>) {
    let me = (before.first + before.moves as usize) % 2;
    let o = &orders[me];
    let (b, a) = (&before.seats[me], &after.seats[me]);
    // The other player's table and hand do not change.
    let other = &after.seats[1 - me];
    if other.telescope != before.seats[1 - me].telescope || other.notebook != before.seats[1 - me].notebook || other.hand != before.seats[1 - me].hand {
        errs.push("the player not to move had his table or hand changed".into());
    }
    // Exactly one new card in the telescope, one in the notebook; nothing moved.
    let new_slots: Vec<Slot> = a.telescope.keys().copied().filter(|x| !b.telescope.contains_key(x)).collect();
    let kept = b.telescope.iter().all(|(x, p)| a.telescope.get(x) == Some(p));
    let new_nb: Vec<CardId> = a.notebook.difference(&b.notebook).copied().collect();
    if new_slots.len() != 1 || !kept || new_nb.len() != 1 || !b.notebook.is_subset(&a.notebook) {
        errs.push(format!("Déroulement du tour: not one card into the telescope and one into the notebook ({} new slots, {} new notebook cards)", new_slots.len(), new_nb.len()));
        return;
    }
    let slot = new_slots[0];
    let in_tel = a.telescope[&slot];
    let in_nb = new_nb[0];
    // Which take and hand card explain it (ÉTAPE 1–3)? Several may; the
    // one the player ordered, if any, else the first.
    let mut explained = Vec::new();
    for take in 1..=5usize {
        let Some(took) = before.row[take - 1] else { continue };
        let mut held: Vec<CardId> = b.hand.iter().copied().collect();
        held.push(took);
        for &h in &held {
            let zone = if h == in_nb {
                Zone::Notebook
            } else if h == in_tel.card {
                Zone::Telescope { slot, face_up: in_tel.face_up }
            } else {
                continue;
            };
            let third = if zone == Zone::Notebook { in_tel.card } else { in_nb };
            let blind = match step3_position(before, h, zone) {
                Some(p) if p != take => {
                    if before.row[p - 1] != Some(third) {
                        continue;
                    }
                    false
                }
                // The top of the pile (or of the discard reshuffled).
                _ => {
                    if !(before.pile.contains(&third) || (before.pile.is_empty() && before.discard.contains(&third))) {
                        continue;
                    }
                    true
                }
            };
            let mut hand_after: BTreeSet<CardId> = held.iter().copied().collect();
            hand_after.remove(&h);
            if hand_after != a.hand {
                continue;
            }
            explained.push((take, h, zone, third, blind));
        }
    }
    let as_ordered = |(take, h, zone, ..): &(usize, CardId, Zone, CardId, bool)| o.take.is_none_or(|t| t == *take) && o.play.is_none_or(|p| p == (*h, *zone));
    let Some(&(take, h, zone, third, blind)) = explained.iter().find(|e| as_ordered(e)).or(explained.first()) else {
        errs.push(format!("ÉTAPE 1–3: no take and hand card explain {} on slot {slot} and {} in the notebook", before.card(in_tel.card).name(), before.card(in_nb).name()));
        return;
    };
    // "Le télescope": face up only where the adjacency rule allows it.
    if in_tel.face_up && !face_up_allowed(before, &b.telescope, in_tel.card, slot) {
        errs.push(format!("Le télescope: {} face up on slot {slot}, which touches no card of its type", before.card(in_tel.card).name()));
    }
    // What the player ordered is what was played.
    if o.take.is_some_and(|t| t != take) {
        errs.push(format!("ÉTAPE 1: ordered position {:?}, played {take}", o.take));
    }
    if let Some((card, z)) = o.play {
        if card != h || z != zone {
            errs.push(format!("ÉTAPE 2: ordered {} {z:?}, played {} {zone:?}", before.card(card).name(), before.card(h).name()));
        }
    }
    if zone == Zone::Notebook && o.take.is_some() && o.play.is_some() {
        let wanted = if blind {
            let kind = before.card(third).kind;
            o.draws.iter().find(|d| d.kind == kind).map(|d| (d.slot, d.face_up)).or(o.draw_else)
        } else {
            match o.coordinate {
                Some(Zone::Telescope { slot, face_up }) => Some((slot, face_up)),
                _ => None,
            }
        };
        if let Some((ws, up)) = wanted {
            let face_up = up && face_up_allowed(before, &b.telescope, third, ws);
            if zone_of(after, me, third) != Some(Zone::Telescope { slot: ws, face_up }) {
                errs.push(format!(
                    "ÉTAPE 3: {} ordered {} on slot {ws}, placed {:?}",
                    before.card(third).name(),
                    if face_up { "face up" } else { "face down" },
                    zone_of(after, me, third)
                ));
            }
        }
    }
    // ÉTAPE 4: the positions emptied are refilled from the pile, the others kept.
    let emptied: Vec<usize> = (1..=5).filter(|p| *p == take || (!blind && step3_position(before, h, zone) == Some(*p))).collect();
    for p in 1..=5usize {
        let (was, now) = (before.row[p - 1], after.row[p - 1]);
        if emptied.contains(&p) {
            if now.is_some_and(|c| !before.pile.contains(&c) && !before.discard.contains(&c) && !(blind && c == third)) || (now.is_none() && before.pile.len() > 2) {
                errs.push(format!("ÉTAPE 4: position {p} not refilled from the pile"));
            }
        } else if was != now {
            errs.push(format!("ÉTAPE 4: position {p} changed without being emptied"));
        }
    }
}

/// "Décompte des points", recomputed from the rules text with a brute force
/// of its own (every satellite in every collection, every 6/0 both ways).
pub fn totals(s: &StellarState) -> Vec<u32> {
    let section_total = |seat: usize, sec: Section| -> u32 {
        s.seats[seat]
            .telescope
            .iter()
            .filter(|(slot, _)| s.components.slots[slot].section == sec)
            .map(|(_, p)| if !p.face_up { 3 } else { match s.card(p.card).number { Number::SixZero => 6, Number::Plain(n) => n as u32 } })
            .sum()
    };
    (0..2)
        .map(|me| {
            let other = 1 - me;
            let mut stars = [0u32; 5];
            let mut kinds = BTreeSet::new();
            for p in s.seats[me].telescope.values().filter(|p| p.face_up) {
                if let Some(k) = s.card(p.card).kind {
                    stars[k as usize] += s.card(p.card).stars;
                    kinds.insert(k);
                }
            }
            let notebook: Vec<_> = s.seats[me].notebook.iter().map(|id| s.card(*id).clone()).collect();
            let flex: Vec<_> = notebook.iter().filter(|c| c.kind.is_none() || c.number == Number::SixZero).collect();
            let mut best = 0;
            // Each flexible card: satellites 5 collections, 6/0 two values.
            let choices: Vec<usize> = flex.iter().map(|c| if c.kind.is_none() { 5 } else { 2 }).collect();
            let total: usize = choices.iter().product();
            for code in 0..total {
                let mut sets: Vec<BTreeSet<i32>> = vec![BTreeSet::new(); 5];
                for c in notebook.iter().filter(|c| c.kind.is_some() && c.number != Number::SixZero) {
                    if let Number::Plain(n) = c.number {
                        sets[c.kind.unwrap() as usize].insert(n as i32);
                    }
                }
                let mut x = code;
                for (c, n) in flex.iter().zip(&choices) {
                    let pick = x % n;
                    x /= n;
                    match (c.kind, c.number) {
                        (None, Number::Plain(v)) => {
                            sets[pick].insert(v as i32);
                        }
                        (Some(k), _) => {
                            sets[k as usize].insert(if pick == 0 { 6 } else { 0 });
                        }
                        _ => {}
                    }
                }
                let mut sum = 0;
                for k in 0..5 {
                    let mut run = 0;
                    for start in sets[k].iter() {
                        let mut l = 0;
                        while sets[k].contains(&(start + l)) {
                            l += 1;
                        }
                        run = run.max(l);
                    }
                    sum += stars[k] * run as u32;
                }
                best = best.max(sum);
            }
            let majorities: u32 = [Section::Top, Section::Middle, Section::Bottom].iter().filter(|sec| section_total(me, **sec) > section_total(other, **sec)).count() as u32 * 10;
            let diversity = if kinds.len() == 5 { 10 } else { 0 };
            best + majorities + diversity
        })
        .collect()
}

