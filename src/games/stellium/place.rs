//! Playing an astre ("1. JOUER UN ASTRE"): the draw, the placing ("Pose"),
//! the Comet's collision and its push line, and the influences that move
//! marbles on the galaxies (Permutation, Rotation). Attraction is in
//! [`super::blackholes`]. RULINGS, Stellium T4, T6–T9, T11, T24.

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;
use crate::msg;

use super::components::{add, Colour, HoleKind};
use super::model::{LogEntry, StelliumState};

/// An influence applied after the placing (Collision is the placing itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "influence", rename_all = "snake_case")]
pub enum Influence {
    /// Permutation: the marble on `a` (of the played marble's kind) swaps with its neighbour `b`.
    Swap { a: usize, b: usize },
    /// Rotation: the galaxy under the played marble turns `sixths` sixths clockwise.
    Rotate { sixths: usize },
    /// Attraction: the empty black hole `black_hole` pulls the marble on `from`.
    Attract { black_hole: usize, from: usize },
}

/// Where the Comet's collision pushes (T8): toward a neighbouring hole, or
/// straight off the board from a hole on its edge (`VERS HORS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Toward {
    Hole(usize),
    Off(OffBoard),
}

/// The off-board side of `Toward` (stored as `"off"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OffBoard {
    Off,
}

impl Toward {
    pub const OFF: Toward = Toward::Off(OffBoard::Off);
    /// The order's words (`A4`, `HORS`).
    pub fn word(self, s: &StelliumState) -> String {
        match self {
            Toward::Hole(h) => s.label(h),
            Toward::Off(_) => "HORS".into(),
        }
    }
}

/// The influence kind a marble plays with (its own, or the token's; T11).
pub fn influence_kind(colour: Colour, token: Option<Colour>) -> Colour {
    token.unwrap_or(colour)
}

/// Whether the marble is placed by collision: with the Comet's influence (T8, T11).
pub fn by_collision(kind: Colour) -> bool {
    kind == Colour::Blue
}

/// Step 1: the named kind comes out of the bag (T4, `tirage = "choix"`).
pub fn draw(s: &mut StelliumState, seat: usize, colour: Colour) -> Result<(), Msg> {
    if s.bag[colour.index()] == 0 {
        return Err(msg!("stellium-refused-bag-empty", colour = colour.word()));
    }
    s.bag[colour.index()] -= 1;
    s.push_log(LogEntry::Drew { seat, colour, by_referee: false });
    Ok(())
}

/// Whether any galaxy hole is occupied (a collision is possible).
pub fn collision_possible(s: &StelliumState) -> bool {
    s.marbles.keys().any(|h| !s.is_black_hole(*h))
}

/// Step 2: places the drawn marble on `hole`; by collision, pushing toward
/// `toward` (T8), else on an empty galaxy hole (T24).
pub fn place(s: &mut StelliumState, seat: usize, colour: Colour, hole: usize, toward: Option<Toward>, collision: bool) -> Result<(), Msg> {
    let label = s.label(hole);
    if s.is_black_hole(hole) {
        return Err(msg!("stellium-refused-place-black-hole", hole = label));
    }
    if !collision {
        if s.marbles.contains_key(&hole) {
            return Err(msg!("stellium-refused-place-occupied", hole = label));
        }
        if toward.is_some() {
            return Err(msg!("stellium-refused-toward-without-collision"));
        }
        s.marbles.insert(hole, colour);
        s.push_log(LogEntry::Placed { seat, colour, hole: label, by_referee: false });
        return Ok(());
    }
    if !s.marbles.contains_key(&hole) {
        return Err(msg!("stellium-refused-comet-on-empty", hole = label));
    }
    let toward = match toward {
        None => return Err(msg!("stellium-refused-collision-toward", hole = label)),
        // "Un astre peut se retrouver éjecté du plateau": from the edge, straight off.
        Some(Toward::Off(_)) => {
            if s.components.neighbours(hole).len() == super::components::DIRS.len() {
                return Err(msg!("stellium-refused-not-on-edge", hole = label));
            }
            let c = s.marbles[&hole];
            s.bag[c.index()] += 1;
            s.push_log(LogEntry::Pushed { from: label.clone(), to: None, colour: c });
            s.marbles.insert(hole, colour);
            s.push_log(LogEntry::Placed { seat, colour, hole: label, by_referee: false });
            return Ok(());
        }
        Some(Toward::Hole(t)) => t,
    };
    if !s.components.adjacent(hole, toward) {
        return Err(msg!("stellium-refused-not-adjacent", hole = s.label(toward), of = label));
    }
    let h = &s.components.holes;
    let d = (h[toward].hex.0 - h[hole].hex.0, h[toward].hex.1 - h[hole].hex.1);
    // The line of marbles from `hole` in direction d, until an empty hole or the edge.
    let mut line = vec![hole];
    let mut end = None;
    let mut cur = h[hole].hex;
    loop {
        cur = add(cur, d);
        match s.components.hole_at(cur) {
            Some(n) if s.marbles.contains_key(&n) => line.push(n),
            Some(n) => {
                end = Some(n);
                break;
            }
            None => break,
        }
    }
    // Shift from the far end: the last marble goes to `end`, or leaves the board.
    let last = *line.last().unwrap_or(&hole);
    let lc = s.marbles[&last];
    match end {
        Some(e) => {
            s.marbles.insert(e, lc);
            s.push_log(LogEntry::Pushed { from: s.label(last), to: Some(s.label(e)), colour: lc });
        }
        None => {
            s.bag[lc.index()] += 1;
            s.push_log(LogEntry::Pushed { from: s.label(last), to: None, colour: lc });
        }
    }
    for w in line.windows(2).rev() {
        let c = s.marbles[&w[0]];
        s.marbles.insert(w[1], c);
        s.push_log(LogEntry::Pushed { from: s.label(w[0]), to: Some(s.label(w[1])), colour: c });
    }
    s.marbles.insert(hole, colour);
    s.push_log(LogEntry::Placed { seat, colour, hole: label, by_referee: false });
    Ok(())
}

/// Permutation (T9): `a` holds a marble of the played marble's kind other
/// than the played one; `b` is an occupied neighbour, not the played one.
pub fn swap(s: &mut StelliumState, played: usize, a: usize, b: usize) -> Result<(), Msg> {
    let colour = s.marbles.get(&played).copied();
    let (la, lb) = (s.label(a), s.label(b));
    if a == played || b == played {
        return Err(msg!("stellium-refused-swap-played"));
    }
    if s.marbles.get(&a).copied() != colour || colour.is_none() {
        return Err(msg!("stellium-refused-swap-kind", hole = la, colour = colour.map(|c| c.word()).unwrap_or("?")));
    }
    if !s.components.adjacent(a, b) {
        return Err(msg!("stellium-refused-not-adjacent", hole = lb, of = la));
    }
    let Some(cb) = s.marbles.get(&b).copied() else { return Err(msg!("stellium-refused-swap-empty", hole = lb)) };
    let ca = s.marbles[&a];
    s.marbles.insert(a, cb);
    s.marbles.insert(b, ca);
    s.push_log(LogEntry::Swapped { a: la, b: lb, by_referee: false });
    Ok(())
}

/// Rotation (T7): the galaxy under `played` turns by 1–5 sixths clockwise,
/// with its marbles and decorations.
pub fn rotate_galaxy(s: &mut StelliumState, played: usize, sixths: usize) -> Result<(), Msg> {
    if !(1..=5).contains(&sixths) {
        return Err(msg!("stellium-refused-rotation-sixths"));
    }
    let HoleKind::Galaxy { place, .. } = s.components.holes[played].kind else {
        return Err(msg!("stellium-refused-rotation-off-galaxy"));
    };
    let moved: Vec<(usize, super::components::Colour)> =
        (1..7).filter_map(|r| s.marbles.remove(&s.components.galaxy_hole(place, r)).map(|c| (r, c))).collect();
    for (r, c) in moved {
        s.marbles.insert(s.components.galaxy_hole(place, (r - 1 + sixths) % 6 + 1), c);
    }
    s.discs[place].turn = (s.discs[place].turn + sixths) % 6;
    s.push_log(LogEntry::Rotated { place: s.place_letter(place), sixths, by_referee: false });
    Ok(())
}

/// Applies `inf` with the influence of `kind`.
pub fn apply(s: &mut StelliumState, played: usize, kind: Colour, inf: Influence) -> Result<(), Msg> {
    match (kind, inf) {
        (Colour::Green, Influence::Swap { a, b }) => swap(s, played, a, b),
        (Colour::Yellow, Influence::Rotate { sixths }) => rotate_galaxy(s, played, sixths),
        (Colour::Pink, Influence::Attract { black_hole, from }) => super::blackholes::attract(s, played, black_hole, from),
        (k, _) => Err(msg!("stellium-refused-wrong-influence", colour = k.word(), order = influence_order(k))),
    }
}

/// The order that applies an influence kind (for refusals).
pub fn influence_order(kind: Colour) -> &'static str {
    match kind {
        Colour::Green => "PERMUTE",
        Colour::Blue => "POSE … VERS (collision)",
        Colour::Yellow => "ROTATION",
        Colour::Pink => "ATTIRE",
    }
}

/// Every legal application of `kind` after the marble landed on `played`
/// (sorted; empty for the Comet, whose collision is its placing).
pub fn legal(s: &StelliumState, played: usize, kind: Colour) -> Vec<Influence> {
    let mut v = Vec::new();
    match kind {
        Colour::Green => {
            let colour = s.marbles.get(&played).copied();
            for (&a, c) in &s.marbles {
                if a == played || Some(*c) != colour {
                    continue;
                }
                for b in s.components.neighbours(a) {
                    if b != played && s.marbles.contains_key(&b) {
                        v.push(Influence::Swap { a, b });
                    }
                }
            }
        }
        Colour::Yellow => v.extend((1..=5).map(|sixths| Influence::Rotate { sixths })),
        Colour::Pink => v.extend(super::blackholes::legal(s, played)),
        Colour::Blue => {}
    }
    v
}
