//! One step: "MISE EN PLACE" after registration, a player's turn ("TOUR DE
//! JEU DÉTAILLÉ" 1–5), the refill of an empty galaxy ("Galaxie vide") and
//! the last round ("DERNIER TOUR"; RULINGS, Stellium T16–T23).
//!
//! Orders reach here completed by `default_orders`; a line no longer legal
//! (after a refill) is dropped and logged, so a step always plays.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey};
use crate::i18n::Msg;
use crate::msg;

use super::components::Colour;
use super::figures;
use super::model::{Ending, LogEntry, Phase, Refill, StelliumState};
use super::orders::{Orders, Take};
use super::place;
use super::setup::{draw_by_lot, reveal, set_up};
use super::{sample, scoring};

/// `VALIDE O<n> [AVEC …] [GARDE …]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validation {
    pub objective: u32,
    pub with: Vec<usize>,
    pub keep: Option<usize>,
}

/// What happened in a step: the entries added to the move log, then the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Logged { entry: LogEntry },
    Ended,
}

/// Which galaxies hold a marble (taken at the start of a turn).
pub fn occupied(s: &StelliumState) -> Vec<bool> {
    (0..s.components.places.len()).map(|p| s.marbles_on(p) > 0).collect()
}

/// The first galaxy emptied since `before` ("Galaxie vide"), when the bag
/// can refill it.
pub fn empty_galaxy(s: &StelliumState, before: &[bool]) -> Option<usize> {
    if s.bag_total() == 0 {
        return None;
    }
    (0..s.components.places.len()).find(|p| before.get(*p).copied().unwrap_or(false) && s.marbles_on(*p) == 0)
}

/// "2. VALIDER UN OBJECTIF": shows the figure, scores it, discards its
/// marbles but one (T13–T15, T21).
pub fn validate(s: &mut StelliumState, me: usize, v: &Validation, done_now: &[u32]) -> Result<(), Msg> {
    let id = v.objective;
    if !s.seats[me].hand.contains(&id) || done_now.contains(&id) {
        return Err(msg!("stellium-refused-not-your-objective", objective = id));
    }
    let o = s.objective(id).clone();
    let all = figures::matches(s, &o);
    let holes = if v.with.is_empty() {
        all.first().cloned().ok_or_else(|| msg!("stellium-refused-figure-absent", objective = id))?
    } else {
        let mut w = v.with.clone();
        w.sort();
        w.dedup();
        all.into_iter().find(|m| *m == w).ok_or_else(|| {
            let l: Vec<String> = v.with.iter().map(|h| s.label(*h)).collect();
            msg!("stellium-refused-figure-not-formed", objective = id, holes = l.join(" "))
        })?
    };
    let keep = match v.keep {
        Some(k) if holes.contains(&k) => k,
        Some(k) => return Err(msg!("stellium-refused-keep-outside", hole = s.label(k))),
        None => *holes.iter().min_by_key(|h| s.label(**h)).unwrap_or(&holes[0]),
    };
    let value = figures::value(&o, &holes);
    for h in &holes {
        if *h != keep {
            if let Some(c) = s.marbles.remove(h) {
                s.bag[c.index()] += 1;
            }
        }
    }
    let seat = &mut s.seats[me];
    seat.hand.retain(|x| *x != id);
    seat.done.push((id, value));
    let reached = seat.reached.is_none() && seat.objective_points() >= s.limit();
    let labels = holes.iter().map(|h| s.label(*h)).collect();
    s.push_log(LogEntry::Validated { seat: me, objective: id, value, holes: labels, kept: s.label(keep) });
    if reached {
        s.seats[me].reached = Some(s.moves);
        // The reserve ran out first: the "ultime tour" granted then is
        // played, unless the setting `ultime_tour = "annule"` (T22).
        let ultime_tour = matches!(s.ending, Some(Ending::Reserve { .. })) && !s.settings.limit_cancels_last_round;
        s.push_log(LogEntry::LimitReached { seat: me, ultime_tour });
        if !ultime_tour {
            s.ending = Some(Ending::Limit);
        }
    }
    Ok(())
}

/// Whether the player must take (or, with 3 in hand, choose to keep) an objective (T18).
pub fn must_take(s: &StelliumState, me: usize, o: &Orders) -> bool {
    let _ = (me, o);
    !s.display.is_empty()
}

/// Checks step 3 against the hand after this turn's validations.
pub fn check_take(s: &StelliumState, hand: &[u32], t: Take) -> Result<(), Msg> {
    let shown = |id: u32| {
        if s.display.contains(&id) { Ok(()) } else { Err(msg!("stellium-refused-not-on-display", objective = id)) }
    };
    match t {
        Take::Take { objective } => {
            if hand.len() >= 3 {
                return Err(msg!("stellium-refused-hand-full"));
            }
            shown(objective)
        }
        Take::Replace { discard, objective } => {
            if hand.len() < 3 {
                return Err(msg!("stellium-refused-discard-not-full"));
            }
            if !hand.contains(&discard) {
                return Err(msg!("stellium-refused-not-your-objective", objective = discard));
            }
            if objective == 0 {
                return Ok(());
            }
            shown(objective)
        }
        Take::KeepAll => {
            if hand.len() < 3 {
                return Err(msg!("stellium-refused-keep-all-not-full"));
            }
            Ok(())
        }
    }
}

fn take(s: &mut StelliumState, me: usize, t: Take, dice: &mut Dice) -> Result<(), Msg> {
    let hand = s.seats[me].hand.clone();
    check_take(s, &hand, t)?;
    let objective = match t {
        Take::KeepAll => return Ok(()),
        Take::Replace { objective: 0, .. } => return Err(msg!("stellium-refused-discard-without-take")),
        Take::Replace { discard, objective } => {
            s.seats[me].hand.retain(|x| *x != discard);
            s.boxed.push(discard);
            s.push_log(LogEntry::Boxed { seat: me, objective: discard, by_referee: false });
            objective
        }
        Take::Take { objective } => objective,
    };
    s.display.retain(|x| *x != objective);
    s.seats[me].hand.push(objective);
    s.push_log(LogEntry::Took { seat: me, objective, by_referee: false });
    match reveal(s, dice, "3. Prendre un objectif, Renouvellement") {
        Some(id) => s.push_log(LogEntry::Revealed { objective: id }),
        None => {
            // DERNIER TOUR, "Réserve d'objectifs épuisée" (T22).
            let set_aside = std::mem::take(&mut s.display);
            s.boxed.extend(set_aside.iter().copied());
            s.push_log(LogEntry::ReserveExhausted { set_aside });
            if s.ending.is_none() {
                s.ending = Some(Ending::Reserve { rounds: 1 });
            }
        }
    }
    Ok(())
}

/// The order of a take, for the log of a line that could not be carried out.
fn take_line(t: Take) -> String {
    match t {
        Take::Take { objective } => format!("PREND O{objective}"),
        Take::Replace { discard, objective } => format!("ECARTE O{discard} PREND O{objective}"),
        Take::KeepAll => "GARDE-TOUT".into(),
    }
}

fn drop_line(s: &mut StelliumState, me: usize, order: String, reason: Msg) {
    s.push_log(LogEntry::Dropped { seat: me, order, reason });
}

/// The validations and the take of the mover, from `o`, possibly
/// interrupted by an empty galaxy (then the rest waits in the refill).
fn finish_turn(s: &mut StelliumState, me: usize, mut o: Orders, mut validated: Vec<u32>, before: &[bool], dice: &mut Dice) {
    if let Some(p) = empty_galaxy(s, before) {
        start_refill(s, me, p, o, validated, before, dice);
        return;
    }
    while !o.validations.is_empty() {
        let v = o.validations.remove(0);
        match validate(s, me, &v, &validated) {
            Ok(()) => validated.push(v.objective),
            Err(e) => {
                let line = format!("VALIDE O{}", v.objective);
                drop_line(s, me, line, e);
            }
        }
        if let Some(p) = empty_galaxy(s, before) {
            start_refill(s, me, p, o, validated, before, dice);
            return;
        }
    }
    // Step 3: the player's own, or the least harmful (T18, T25): taking
    // while fewer than 3 are in hand, else keeping them all.
    let own = match o.take {
        Some(t) => match take(s, me, t, dice) {
            Ok(()) => true,
            Err(e) => {
                drop_line(s, me, take_line(t), e);
                false
            }
        },
        None => false,
    };
    if !own {
        if let Some(t) = sample::default_take(s, me) {
            let from = s.log.len();
            if take(s, me, t, dice).is_ok() {
                s.mark_by_referee(from);
            }
        }
    }
    end_turn(s, me);
}

/// "Galaxie vide" 1: the emptier draws 5 marbles; the choosers are the
/// previous player and on anticlockwise, cycling (T16).
fn start_refill(s: &mut StelliumState, me: usize, place: usize, pending: Orders, validated: Vec<u32>, before: &[bool], dice: &mut Dice) {
    let mut drawn = Vec::new();
    for _ in 0..5 {
        match draw_by_lot(s, dice, "Galaxie vide 1", "astre pioché pour recharger la galaxie") {
            Some(c) => drawn.push(c),
            None => break,
        }
    }
    let n = s.n();
    let picks = drawn.len().min(4);
    let choosers = (0..picks).map(|k| (me + n * 4 - 1 - k) % n).collect();
    s.push_log(LogEntry::Emptied { place: s.place_letter(place), drawn: drawn.clone() });
    s.phase = Phase::Refill(Box::new(Refill { place, drawn, choosers, mover: me, pending, validated, before: before.to_vec() }));
}

/// "Galaxie vide" 2: each chooser's first preference still possible, else by lot (T17).
fn resolve_refill(s: &mut StelliumState, r: Box<Refill>, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) {
    let mut drawn = r.drawn.clone();
    let starts = s.start_holes(r.place);
    for &c in &r.choosers {
        let free: Vec<usize> = starts.iter().copied().filter(|h| !s.marbles.contains_key(h)).collect();
        if free.is_empty() || drawn.is_empty() {
            break;
        }
        let given = inputs.get(&s.seats[c].key).map(|f| f.orders.clone()).unwrap_or_default();
        let (prefs, by_referee) = (given.refill, given.defaulted);
        let chosen = prefs.into_iter().find(|(col, h)| drawn.contains(col) && free.contains(h));
        let (col, h, by_lot) = match chosen {
            Some((col, h)) => (col, h, false),
            None => {
                let ci = dice.pick_index(drawn.len(), "Galaxie vide 2", format!("astre choisi par lot pour {}", s.seats[c].name)).unwrap_or(0);
                let hi = dice.pick_index(free.len(), "Galaxie vide 2", "emplacement de départ par lot").unwrap_or(0);
                (drawn[ci], free[hi], true)
            }
        };
        if let Some(i) = drawn.iter().position(|x| *x == col) {
            drawn.remove(i);
        }
        s.marbles.insert(h, col);
        s.push_log(LogEntry::RefillPlaced { seat: c, colour: col, hole: s.label(h), by_lot, by_referee: by_referee && !by_lot });
    }
    for c in &drawn {
        s.bag[c.index()] += 1;
    }
    s.push_log(LogEntry::RefillReturned { colours: drawn });
    s.phase = Phase::Play;
    // Another galaxy emptied in the same turn (by the same validation) is
    // refilled next, then the rest of the turn plays (T16).
    let before = if r.before.is_empty() { occupied(s) } else { r.before.clone() };
    finish_turn(s, r.mover, r.pending, r.validated, &before, dice);
}

/// "5. Tour du joueur suivant", and DERNIER TOUR.
fn end_turn(s: &mut StelliumState, me: usize) {
    s.seats[me].turns += 1;
    s.moves += 1;
    if me == s.last_of_round() {
        match s.ending {
            Some(Ending::Limit) | Some(Ending::Reserve { rounds: 0 }) => {
                s.phase = Phase::Over;
                return;
            }
            Some(Ending::Reserve { rounds }) => s.ending = Some(Ending::Reserve { rounds: rounds - 1 }),
            None => {}
        }
    }
    if s.seats.iter().all(|x| x.resigned) {
        s.phase = Phase::Over;
        return;
    }
    s.mover = (me + 1) % s.n();
}

/// Plays the mover's turn: draw, placing, influence, then `finish_turn`.
fn play_turn(s: &mut StelliumState, me: usize, o: Orders, dice: &mut Dice) {
    let before = occupied(s);
    if o.defaulted {
        s.push_log(LogEntry::DefaultTurn { seat: me });
    }
    let mut from = s.log.len();
    let mut drawn = None;
    if let Some(c) = o.draw {
        match place::draw(s, me, c) {
            Ok(()) => drawn = Some(c),
            Err(e) => drop_line(s, me, format!("PIOCHE {}", c.word()), e),
        }
    } else if s.bag_total() == 0 {
        s.push_log(LogEntry::BagEmpty { seat: me });
    }
    if o.player_drew {
        from = s.log.len();
    }
    if let Some(c) = drawn {
        let token = o.token.filter(|t| *t != c && s.seats[me].tokens.contains(t));
        let kind = place::influence_kind(c, token);
        let collision = place::by_collision(kind) && place::collision_possible(s);
        let placed = o.place.and_then(|h| match place::place(s, me, c, h, o.toward, collision) {
            Ok(()) => Some(h),
            Err(e) => {
                drop_line(s, me, format!("POSE {}", s.label(h)), e);
                None
            }
        });
        // A marble drawn must be placed: the default placing if the order failed.
        let placed = placed.or_else(|| {
            let (h, toward) = sample::default_place(s, c, collision)?;
            let from = s.log.len();
            let h = place::place(s, me, c, h, toward, collision).ok().map(|_| h);
            s.mark_by_referee(from);
            h
        });
        if let Some(h) = placed {
            if let Some(t) = token {
                s.seats[me].tokens.remove(&t);
                s.push_log(LogEntry::Token { seat: me, token: t });
            }
            if kind != Colour::Blue {
                let applied = o.influence.is_some_and(|i| match place::apply(s, h, kind, i) {
                    Ok(()) => true,
                    Err(e) => {
                        drop_line(s, me, place::influence_order(kind).into(), e);
                        false
                    }
                });
                if !applied && s.settings.optional_influence {
                    if o.influence.is_none() {
                        s.push_log(LogEntry::NoInfluence { seat: me });
                    }
                } else if !applied {
                    // T6: compulsory when possible; the first legal one in label order.
                    match place::legal(s, h, kind).first() {
                        Some(i) => {
                            let from = s.log.len();
                            let _ = place::apply(s, h, kind, *i);
                            s.mark_by_referee(from);
                        }
                        None => s.push_log(LogEntry::NoInfluence { seat: me }),
                    }
                }
            }
        } else {
            // Nowhere to place it: back to the bag.
            s.bag[c.index()] += 1;
        }
    }
    if o.defaulted {
        s.mark_by_referee(from);
    }
    finish_turn(s, me, Orders { validations: o.validations, take: o.take, ..Default::default() }, Vec::new(), &before, dice);
}

pub fn adjudicate(prev: &StelliumState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> (StelliumState, Vec<Event>) {
    let mut s = prev.clone();
    // The log numbers entries with the step being played (the report's
    // header and `TOUR`); the state then opens the next one.
    let log_from = s.log.len();
    if matches!(s.phase, Phase::Play | Phase::Refill(_)) {
        for i in 0..s.n() {
            if !s.seats[i].resigned && inputs.get(&s.seats[i].key).is_some_and(|f| f.resigned) {
                s.seats[i].resigned = true;
                s.push_log(LogEntry::Resigned { seat: i });
            }
        }
    }
    let input = |s: &StelliumState, seat: usize, dice: &mut Dice| -> Orders {
        let given = inputs.get(&s.seats[seat].key).map(|f| f.orders.clone()).unwrap_or_default();
        if s.seats[seat].resigned {
            sample::default_for(s, seat, Orders::default(), dice)
        } else {
            given
        }
    };
    match s.phase.clone() {
        Phase::Registration => {
            if s.n() >= 2 {
                set_up(&mut s, dice);
            }
        }
        Phase::Play => {
            if s.seats.iter().all(|x| x.resigned) {
                s.phase = Phase::Over;
            } else {
                let me = s.mover;
                let o = input(&s, me, dice);
                dice.mark("Tour de jeu", format!("tour de {}", s.seats[me].name));
                play_turn(&mut s, me, o, dice);
            }
        }
        Phase::Refill(r) => {
            let mut ins = inputs.clone();
            for &c in &r.choosers {
                if s.seats[c].resigned {
                    let o = input(&s, c, dice);
                    if let Some(f) = ins.get_mut(&s.seats[c].key) {
                        f.orders = o;
                    }
                }
            }
            resolve_refill(&mut s, r, &ins, dice);
        }
        Phase::Over => {}
    }
    s.step += 1;
    let mut events: Vec<Event> = s.log[log_from..].iter().map(|(_, e)| Event::Logged { entry: e.clone() }).collect();
    if s.phase == Phase::Over && prev.phase != Phase::Over {
        dice.mark("Décompte final", "score final");
        s.result = Some(scoring::outcome(&s));
        events.push(Event::Ended);
    }
    (s, events)
}
