//! "Décompte des points": stars × multipliers, section majorities, the
//! diversity bonus, and the winner ("Gagnant").
//!
//! Satellites in a notebook and the 6/0 cards' values are fixed at scoring to
//! the choice that gives their owner the highest total (S14): the booklet lets
//! players move satellites freely and choose 6/0 at the end.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::components::{Kind, Number, Section};
use super::model::StellarState;

/// One player's score sheet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Per type (in `Kind::ALL` order): stars, multiplier, product.
    pub stars: [u32; 5],
    pub multipliers: [u32; 5],
    pub products: [u32; 5],
    /// Where each notebook satellite counts (card id → type), best for the player.
    pub satellites: BTreeMap<u16, Kind>,
    /// The value chosen for each 6/0 in the notebook (card id → 0 or 6).
    pub six_zero: BTreeMap<u16, u8>,
    pub section_totals: [u32; 3],
    pub sections_won: [bool; 3],
    pub majorities: u32,
    pub diversity: u32,
    pub total: u32,
}

/// The end of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub sheets: Vec<Sheet>,
    /// Seat indexes of the winners (both on a tie, "les joueurs se partagent la victoire").
    pub winners: Vec<usize>,
    /// The game ended because this seat conceded (RULINGS, Stellar S21).
    pub resigned: Option<usize>,
}

/// Longest run of consecutive numbers, duplicates ignored ("Décompte" 1).
pub fn longest_run(numbers: &BTreeSet<u8>) -> u32 {
    let mut best = 0;
    let mut run = 0;
    let mut prev: Option<u8> = None;
    for &n in numbers {
        run = if prev.is_some_and(|p| p + 1 == n) { run + 1 } else { 1 };
        best = best.max(run);
        prev = Some(n);
    }
    best
}

/// Stars of each type on face-up cards of the telescope.
fn stars(s: &StellarState, seat: usize) -> [u32; 5] {
    let mut out = [0; 5];
    for p in s.seats[seat].telescope.values() {
        if let Some(k) = s.telescope_kind(p) {
            out[k.index()] += s.card(p.card).stars;
        }
    }
    out
}

/// Section totals: face-down cards count 3, a 6/0 counts 6.
pub fn section_totals(s: &StellarState, seat: usize) -> [u32; 3] {
    let mut out = [0; 3];
    for (slot, p) in &s.seats[seat].telescope {
        let v = if p.face_up { s.card(p.card).number.telescope_value() } else { 3 };
        let i = Section::ALL.iter().position(|x| *x == s.components.section_of(*slot)).unwrap_or(0);
        out[i] += v;
    }
    out
}

/// The best multipliers for the notebook, given the stars: satellites tried
/// in every collection, each 6/0 as 6 and as 0.
fn best_notebook(s: &StellarState, seat: usize, stars: &[u32; 5]) -> ([u32; 5], BTreeMap<u16, Kind>, BTreeMap<u16, u8>) {
    let mut typed: [BTreeSet<u8>; 5] = Default::default();
    let mut six_zero: [Option<u16>; 5] = [None; 5];
    let mut sats: Vec<(u16, u8)> = Vec::new();
    for &id in &s.seats[seat].notebook {
        let c = s.card(id);
        match (c.kind, c.number) {
            (Some(k), Number::Plain(n)) => {
                typed[k.index()].insert(n);
            }
            (Some(k), Number::SixZero) => six_zero[k.index()] = Some(id),
            (None, Number::Plain(n)) => sats.push((id, n)),
            (None, Number::SixZero) => {}
        }
    }
    let mult = |sets: &[BTreeSet<u8>; 5]| -> ([u32; 5], [u8; 5]) {
        let mut m = [0; 5];
        let mut choice = [6; 5];
        for i in 0..5 {
            m[i] = longest_run(&sets[i]);
            if six_zero[i].is_some() {
                let mut best = (0, 6);
                for v in [6u8, 0] {
                    let mut set = sets[i].clone();
                    set.insert(v);
                    let r = longest_run(&set);
                    if r > best.0 {
                        best = (r, v);
                    }
                }
                m[i] = best.0;
                choice[i] = best.1;
            }
        }
        (m, choice)
    };
    let combos = 5usize.pow(sats.len() as u32);
    // (score, multipliers, each satellite's collection, each type's 6/0 value)
    type Best = (u32, [u32; 5], Vec<usize>, [u8; 5]);
    let mut best: Option<Best> = None;
    for code in 0..combos {
        let mut sets = typed.clone();
        let mut assign = Vec::with_capacity(sats.len());
        let mut c = code;
        for (_, n) in &sats {
            let k = c % 5;
            c /= 5;
            sets[k].insert(*n);
            assign.push(k);
        }
        let (m, choice) = mult(&sets);
        let score: u32 = (0..5).map(|i| stars[i] * m[i]).sum();
        // Ties: the first assignment in this order (deterministic).
        if best.as_ref().is_none_or(|b| score > b.0) {
            best = Some((score, m, assign, choice));
        }
    }
    let (_, m, assign, choice) = best.unwrap_or((0, [0; 5], Vec::new(), [6; 5]));
    let satellites = sats.iter().zip(assign).map(|((id, _), k)| (*id, Kind::ALL[k])).collect();
    let sz = (0..5).filter_map(|i| six_zero[i].map(|id| (id, choice[i]))).collect();
    (m, satellites, sz)
}

/// Both players' sheets as if the game ended now (the provisional score).
pub fn sheets(s: &StellarState) -> Vec<Sheet> {
    let totals: Vec<[u32; 3]> = (0..s.seats.len()).map(|i| section_totals(s, i)).collect();
    (0..s.seats.len())
        .map(|i| {
            let st = stars(s, i);
            let (m, satellites, six_zero) = best_notebook(s, i, &st);
            let mut sheet = Sheet { stars: st, multipliers: m, satellites, six_zero, section_totals: totals[i], ..Default::default() };
            for k in 0..5 {
                sheet.products[k] = st[k] * m[k];
            }
            if let Some(other) = totals.get(1 - i.min(1)).filter(|_| s.seats.len() == 2) {
                for sec in 0..3 {
                    sheet.sections_won[sec] = totals[i][sec] > other[sec];
                }
            }
            sheet.majorities = 10 * sheet.sections_won.iter().filter(|w| **w).count() as u32;
            let kinds: BTreeSet<Kind> = s.seats[i].telescope.values().filter_map(|p| s.telescope_kind(p)).collect();
            sheet.diversity = if kinds.len() == 5 { 10 } else { 0 };
            sheet.total = sheet.products.iter().sum::<u32>() + sheet.majorities + sheet.diversity;
            sheet
        })
        .collect()
}

/// The final outcome ("Gagnant"): highest total; a tie is shared (S17).
pub fn outcome(s: &StellarState, resigned: Option<usize>) -> Outcome {
    let sheets = sheets(s);
    let winners = match resigned {
        Some(r) => vec![1 - r],
        None => {
            let top = sheets.iter().map(|x| x.total).max().unwrap_or(0);
            (0..sheets.len()).filter(|i| sheets[*i].total == top).collect()
        }
    };
    Outcome { sheets, winners, resigned }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decompte_1_longest_run_ignores_duplicates() {
        assert_eq!(longest_run(&BTreeSet::from([4, 5, 6])), 3);
        assert_eq!(longest_run(&BTreeSet::from([1, 3, 4, 5, 0])), 3);
        assert_eq!(longest_run(&BTreeSet::new()), 0);
        assert_eq!(longest_run(&BTreeSet::from([2])), 1);
    }
}
