//! Black holes ("Trous Noir"): no marble is placed on them directly, but a
//! push may end on one and the Supernova's Attraction pulls a neighbour
//! onto an empty one (RULINGS, Stellium T10). Marbles there count for the
//! common alignments.

use crate::i18n::Msg;
use crate::msg;

use super::model::{LogEntry, StelliumState};
use super::place::Influence;

/// Attraction: `black_hole` (empty) pulls the marble on its neighbour `from`,
/// which is not the marble just played.
pub fn attract(s: &mut StelliumState, played: usize, black_hole: usize, from: usize) -> Result<(), Msg> {
    let (lt, lf) = (s.label(black_hole), s.label(from));
    if !s.is_black_hole(black_hole) {
        return Err(msg!("stellium-refused-not-a-black-hole", hole = lt));
    }
    if s.marbles.contains_key(&black_hole) {
        return Err(msg!("stellium-refused-black-hole-occupied", hole = lt));
    }
    if from == played {
        return Err(msg!("stellium-refused-attract-played"));
    }
    if !s.components.adjacent(black_hole, from) {
        return Err(msg!("stellium-refused-not-adjacent", hole = lf, of = lt));
    }
    let Some(c) = s.marbles.remove(&from) else { return Err(msg!("stellium-refused-attract-empty", hole = lf)) };
    s.marbles.insert(black_hole, c);
    s.push_log(LogEntry::Attracted { black_hole: lt, from: lf, by_referee: false });
    Ok(())
}

/// Every legal attraction after a marble landed on `played`.
pub fn legal(s: &StelliumState, played: usize) -> Vec<Influence> {
    let mut v = Vec::new();
    for t in 0..s.components.holes.len() {
        if !s.is_black_hole(t) || s.marbles.contains_key(&t) {
            continue;
        }
        for from in s.components.neighbours(t) {
            if from != played && s.marbles.contains_key(&from) {
                v.push(Influence::Attract { black_hole: t, from });
            }
        }
    }
    v
}
