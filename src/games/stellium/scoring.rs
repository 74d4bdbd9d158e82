//! "DÉCOMPTE FINAL": objectives + unused tokens + colour bonus; the Grand
//! Architecte, and ties (RULINGS, Stellium T21, T23).

use std::collections::BTreeSet;

use super::model::{Outcome, StelliumState};

/// 1 ☉ per different colour among the validated objectives (1 to 4).
pub fn colour_bonus(s: &StelliumState, seat: usize) -> u32 {
    s.seats[seat].done.iter().map(|(id, _)| s.objective(*id).colour).collect::<BTreeSet<_>>().len() as u32
}

/// [objectives, tokens, colour bonus, total] for a seat.
pub fn sheet(s: &StelliumState, seat: usize) -> [u32; 4] {
    let o = s.seats[seat].objective_points();
    let t = s.seats[seat].tokens.len() as u32;
    let b = colour_bonus(s, seat);
    [o, t, b, o + t + b]
}

/// The final scores and the winner: the highest total; among tied, the one
/// who reached the limit first; tied and none reached it: no winner. A seat
/// that resigned is scored but does not win.
pub fn outcome(s: &StelliumState) -> Outcome {
    let sheets: Vec<[u32; 4]> = (0..s.n()).map(|i| sheet(s, i)).collect();
    let contenders: Vec<usize> = (0..s.n()).filter(|i| !s.seats[*i].resigned).collect();
    let best = contenders.iter().map(|i| sheets[*i][3]).max();
    let tied: Vec<usize> = contenders.into_iter().filter(|i| Some(sheets[*i][3]) == best).collect();
    let winner = match tied.as_slice() {
        [one] => Some(*one),
        _ => tied.iter().copied().filter(|i| s.seats[*i].reached.is_some()).min_by_key(|i| s.seats[*i].reached),
    };
    Outcome { sheets, winner }
}
