//! Objectives and their figure matching ("2. VALIDER UN OBJECTIF",
//! "DÉTAILS DES OBJECTIFS"; RULINGS, Stellium T12–T15).
//!
//! A pattern figure matches where every cell of the card, turned by any of
//! the six sixths of a turn (and mirrored when the setting `miroir` is on),
//! lands on a hole holding a marble of the cell's colour; holes may be on
//! galaxies or black holes. "Deux galaxies" also asks both marbles to be on
//! galaxy holes of different galaxies; the S, holes on at least two
//! galaxies (black holes may add to it). Counted figures (centres, symbols)
//! match all the qualifying marbles at once, valued by the card's table.

use std::collections::BTreeSet;

use super::components::{add, mirror, rotate, Figure, HoleKind, Objective};
use super::model::StelliumState;

/// Every placement of `o` on the board now: each a sorted list of holes,
/// the list sorted by the holes' labels (T14: the first is the default).
pub fn matches(s: &StelliumState, o: &Objective) -> Vec<Vec<usize>> {
    let c = &s.components;
    let mut found: BTreeSet<Vec<usize>> = BTreeSet::new();
    match o.figure {
        Figure::Centres | Figure::Symbols => {
            let holes: Vec<usize> = (0..c.holes.len())
                .filter(|h| s.marbles.get(h) == Some(&o.colour))
                .filter(|h| match (o.figure, &c.holes[*h].kind) {
                    (Figure::Centres, HoleKind::Galaxy { ring: 0, .. }) => true,
                    (Figure::Symbols, HoleKind::Galaxy { .. }) => s.symbol(*h) == Some(o.colour),
                    _ => false,
                })
                .collect();
            if o.value_for(holes.len() as u32) > 0 {
                found.insert(holes);
            }
        }
        _ => {
            let board: Vec<Option<super::components::Colour>> = (0..c.holes.len()).map(|h| s.marbles.get(&h).copied()).collect();
            let mirrors: &[bool] = if s.settings.mirror { &[false, true] } else { &[false] };
            for anchor in 0..c.holes.len() {
                for &m in mirrors {
                    'turn: for k in 0..6 {
                        let mut holes = Vec::with_capacity(o.cells.len());
                        for (off, colour) in &o.cells {
                            let off = if m { mirror(*off) } else { *off };
                            let Some(h) = c.hole_at(add(c.holes[anchor].hex, rotate(off, k))) else { continue 'turn };
                            if board[h] != Some(*colour) {
                                continue 'turn;
                            }
                            holes.push(h);
                        }
                        let places: BTreeSet<Option<usize>> = holes.iter().map(|h| c.place_of(*h)).collect();
                        if o.figure == Figure::TwoGalaxies && (places.contains(&None) || places.len() != holes.len()) {
                            continue 'turn;
                        }
                        // "Cet objectif n'est réalisable qu'à cheval sur plusieurs galaxies".
                        if o.figure == Figure::S && places.iter().flatten().count() < 2 {
                            continue 'turn;
                        }
                        holes.sort();
                        found.insert(holes);
                    }
                }
            }
        }
    }
    let mut v: Vec<Vec<usize>> = found.into_iter().collect();
    v.sort_by_key(|holes| {
        let mut l: Vec<String> = holes.iter().map(|h| s.label(*h)).collect();
        l.sort();
        l
    });
    v
}

/// The ☉ a placement of `o` scores.
pub fn value(o: &Objective, holes: &[usize]) -> u32 {
    if o.figure.counted() { o.value_for(holes.len() as u32) } else { o.value }
}
