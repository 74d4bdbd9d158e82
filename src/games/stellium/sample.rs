//! The default policy (ONR, OPR, PNJ robot, resigned seats; RULINGS,
//! Stellium T25) and the simulated player of `arbitre demo`: it tries every
//! kind in the bag on every legal placing and influence, and keeps the one
//! that validates the most ☉ of its objectives, or else brings their
//! figures closest; then validates what it can and takes the best card.

use crate::dice::Dice;

use super::components::{add, rotate, Colour, Figure, Objective};
use super::figures;
use super::model::{Phase, StelliumState};
use super::orders::{Orders, Take};
use super::place::{self, Influence, Toward};
use super::turn::{self, Validation};

/// How close the board is to `o`: the most cells of one placement that hold
/// the right colour (counted figures: the qualifying count).
fn closeness(s: &StelliumState, o: &Objective) -> usize {
    if o.figure.counted() {
        return figures::matches(s, o).first().map(|m| m.len()).unwrap_or(0);
    }
    let c = &s.components;
    let board: Vec<Option<Colour>> = (0..c.holes.len()).map(|h| s.marbles.get(&h).copied()).collect();
    let mut best = 0;
    for anchor in 0..c.holes.len() {
        for k in 0..6 {
            let mut n = 0;
            for (off, col) in &o.cells {
                match c.hole_at(add(c.holes[anchor].hex, rotate(*off, k))) {
                    Some(h) if board[h] == Some(*col) => n += 1,
                    Some(h) if board[h].is_none() && !s.is_black_hole(h) => {}
                    _ => {
                        n = 0;
                        break;
                    }
                }
            }
            best = best.max(n);
        }
    }
    best
}

fn evaluate(s: &StelliumState, hand: &[u32]) -> i64 {
    let mut score = 0i64;
    for id in hand {
        let o = s.objective(*id);
        match figures::matches(s, o).first() {
            Some(m) => score += 1000 * figures::value(o, m) as i64,
            None => {
                let c = closeness(s, o) as i64;
                score += c * c;
            }
        }
    }
    score
}

/// A card's worth to the bot (counted figures: their second step).
fn worth(o: &Objective) -> u32 {
    if o.figure == Figure::Centres || o.figure == Figure::Symbols { o.table.get(1).or(o.table.first()).map(|x| x.1).unwrap_or(0) } else { o.value }
}

/// The simulated player's step 3: the most valuable card of the display
/// (lowest id on ties); with 3 in hand, the least valuable one goes to the
/// box for it (the demo's players, never a silent player's default).
pub fn bot_take(s: &StelliumState, me: usize) -> Option<Take> {
    let best = best_shown(s)?;
    let hand = &s.seats[me].hand;
    if hand.len() < 3 {
        return Some(Take::Take { objective: best });
    }
    let worst = hand.iter().copied().min_by_key(|id| (worth(s.objective(*id)), *id))?;
    Some(Take::Replace { discard: worst, objective: best })
}

fn best_shown(s: &StelliumState) -> Option<u32> {
    s.display.iter().copied().max_by_key(|id| (worth(s.objective(*id)), std::cmp::Reverse(*id)))
}

/// Step 3 when the player gave none (or it failed): the least harmful legal
/// move (RULINGS, Stellium T18, T25). With fewer than 3 in hand taking is
/// compulsory: the most valuable card shown (lowest id on ties); with 3,
/// they are all kept: no card of the player's goes to the box.
pub fn default_take(s: &StelliumState, me: usize) -> Option<Take> {
    if s.seats[me].hand.len() >= 3 {
        return Some(Take::KeepAll);
    }
    best_shown(s).map(|objective| Take::Take { objective })
}

/// A placing when the order failed: the first empty galaxy hole (by label),
/// or for a collision the first occupied one pushed toward its first neighbour
/// (off the board from the edge last).
pub fn default_place(s: &StelliumState, _c: Colour, collision: bool) -> Option<(usize, Option<Toward>)> {
    placings(s, collision).into_iter().next()
}

fn placings(s: &StelliumState, collision: bool) -> Vec<(usize, Option<Toward>)> {
    let mut holes: Vec<usize> = (0..s.components.holes.len()).filter(|h| !s.is_black_hole(*h) && s.marbles.contains_key(h) == collision).collect();
    holes.sort_by_key(|h| s.label(*h));
    if !collision {
        return holes.into_iter().map(|h| (h, None)).collect();
    }
    let edge = |h: usize| s.components.neighbours(h).len() < super::components::DIRS.len();
    holes
        .into_iter()
        .flat_map(|h| s.components.neighbours(h).into_iter().map(move |n| (h, Some(Toward::Hole(n)))).chain(edge(h).then_some((h, Some(Toward::OFF)))))
        .collect()
}

/// The bot's whole turn for the player to move; `only`: the kind the player
/// drew (the bot's choice otherwise).
pub fn plan(s: &StelliumState, me: usize, only: Option<Colour>, dice: &mut Dice) -> Orders {
    let hand = s.seats[me].hand.clone();
    let before = turn::occupied(s);
    // Stage 1: every kind on every placing, judged before its influence.
    let mut placed_all: Vec<(i64, Colour, usize, Option<Toward>, StelliumState)> = Vec::new();
    for c in Colour::ALL {
        if s.bag[c.index()] == 0 || only.is_some_and(|o| o != c) {
            continue;
        }
        let mut after_draw = s.clone();
        let _ = place::draw(&mut after_draw, me, c);
        let collision = place::by_collision(c) && place::collision_possible(&after_draw);
        for (h, toward) in placings(&after_draw, collision) {
            let mut placed = after_draw.clone();
            if place::place(&mut placed, me, c, h, toward, collision).is_err() {
                continue;
            }
            placed_all.push((evaluate(&placed, &hand), c, h, toward, placed));
        }
    }
    placed_all.sort_by_key(|x| std::cmp::Reverse(x.0));
    // Stage 2: the influences of the most promising placings.
    let mut best: Vec<(i64, Orders, StelliumState)> = Vec::new();
    let mut top = i64::MIN;
    for (_, c, h, toward, placed) in placed_all.into_iter().take(4) {
        let mut options: Vec<Option<Influence>> = place::legal(&placed, h, c).into_iter().map(Some).collect();
        if options.is_empty() {
            options.push(None);
        }
        for inf in options.into_iter().take(8) {
            let mut t = placed.clone();
            if let Some(i) = inf {
                if place::apply(&mut t, h, c, i).is_err() {
                    continue;
                }
            }
            let v = evaluate(&t, &hand);
            let o = Orders { draw: Some(c), place: Some(h), toward, influence: inf, ..Default::default() };
            if v > top {
                top = v;
                best.clear();
            }
            if v == top && best.len() < 8 {
                best.push((v, o, t));
            }
        }
    }
    let (mut o, mut t) = match dice.pick_index(best.len(), "Joueur simulé", "coup choisi parmi les meilleurs") {
        Some(i) => {
            let (_, o, t) = best.swap_remove(i);
            (o, t)
        }
        None => (Orders::default(), s.clone()),
    };
    // Validations, greedily, while no galaxy is emptied.
    let mut done = Vec::new();
    for id in hand.iter().copied() {
        if turn::empty_galaxy(&t, &before).is_some() {
            break;
        }
        let v = Validation { objective: id, with: Vec::new(), keep: None };
        if turn::validate(&mut t, me, &v, &done).is_ok() {
            done.push(id);
            o.validations.push(v);
        }
    }
    if turn::empty_galaxy(&t, &before).is_none() {
        o.take = bot_take(&t, me);
    }
    o
}

/// Refill preferences: every drawn colour (most frequent in the hand's
/// figures first) on every free start hole.
pub fn refill_prefs(s: &StelliumState, me: usize) -> Vec<(Colour, usize)> {
    let Phase::Refill(r) = &s.phase else { return Vec::new() };
    let mut colours: Vec<Colour> = r.drawn.clone();
    colours.sort_by_key(|c| std::cmp::Reverse(s.seats[me].hand.iter().map(|id| s.objective(*id)).filter(|o| o.colour == *c).count()));
    colours.dedup();
    let starts = s.start_holes(r.place);
    colours.into_iter().flat_map(|c| starts.iter().map(move |h| (c, *h))).collect()
}

/// Completes `o` for a seat that owes orders and sent none or too few
/// (RULINGS, Stellium T25: the least harmful legal move). Missing draw or
/// placing: the simulated player's, of the kind the player drew if he
/// did; nothing is validated for him but what he ordered; step 3 is his
/// own or, at the end of the turn, `default_take`.
pub fn default_for(s: &StelliumState, me: usize, o: Orders, dice: &mut Dice) -> Orders {
    match &s.phase {
        Phase::Play if s.mover == me => {
            if o.draw.is_none() && s.bag_total() > 0 || o.place.is_none() && o.draw.is_some() {
                let p = plan(s, me, o.draw, dice);
                Orders {
                    draw: p.draw,
                    place: p.place,
                    toward: p.toward,
                    influence: p.influence,
                    token: None,
                    validations: o.validations,
                    take: o.take,
                    refill: Vec::new(),
                    defaulted: true,
                    player_drew: o.draw.is_some(),
                }
            } else {
                o
            }
        }
        Phase::Refill(r) if r.choosers.contains(&me) && o.refill.is_empty() => Orders { refill: refill_prefs(s, me), defaulted: true, ..o },
        _ => o,
    }
}

/// What the robot may do for an absent (PNJ) player: its draw, placing,
/// influence and refill preferences, as the referee's moves; no objective
/// validated, no token spent, step 3 left to `default_take` (T25).
pub fn for_absent(o: Orders) -> Orders {
    let moved = o.draw.is_some() || !o.refill.is_empty();
    Orders { token: None, validations: Vec::new(), take: None, defaulted: moved, player_drew: false, ..o }
}

/// The simulated player's orders (the demo): the bot's turn as lines.
pub fn sample(s: &StelliumState, me: usize, dice: &mut Dice) -> Orders {
    match &s.phase {
        Phase::Play if s.mover == me => plan(s, me, None, dice),
        Phase::Refill(r) if r.choosers.contains(&me) => Orders { refill: refill_prefs(s, me), ..Default::default() },
        _ => Orders::default(),
    }
}
