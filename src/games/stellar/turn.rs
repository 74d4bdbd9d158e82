//! One step of the game: the deal, the starting choice, a player's turn
//! ("Déroulement du tour", ÉTAPE 1–4, or the row refresh of "Cartes
//! satellite"), the final choice ("Fin de la partie") and the scoring.
//!
//! Orders reach here already completed by `default_orders`; anything still
//! missing or no longer legal is completed by the same default policy, so a
//! step always plays.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey};

use super::components::{CardId, Slot};
use super::model::{LogEntry, Phase, Placed, StellarState, Zone, MOVES};
use super::orders::{step2_position, step3_card, Orders};
use super::setup::{deal_rest, deal_starting, draw};
use super::{sample, scoring};

/// What happened in a step (archived; the views read the state's log).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// "Mise en place" 2: the starting cards dealt (the choice follows).
    StartingDealt,
    /// "Mise en place" 3–6: hands and row dealt, `first` starts.
    Dealt { first: usize },
    /// An entry added to the move log.
    Logged { entry: LogEntry },
    /// ÉTAPE 4 (or a refresh): a card turned face up into the row.
    Refilled { position: usize, card: CardId },
    /// The discard became the pile.
    Reshuffled { cards: usize },
    /// The game is over.
    Ended,
}

fn orders_of<'a>(s: &StellarState, inputs: &'a BTreeMap<FamilyKey, FamilyInput<Orders>>, seat: usize) -> Option<&'a FamilyInput<Orders>> {
    inputs.get(&s.seats[seat].key)
}

pub fn adjudicate(s: &StellarState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> (StellarState, Vec<Event>) {
    let mut n = s.clone();
    n.step += 1;
    let mut events = Vec::new();
    if matches!(n.phase, Phase::Start | Phase::Play | Phase::Final) {
        if let Some(seat) = (0..n.seats.len()).find(|i| orders_of(s, inputs, *i).is_some_and(|f| f.resigned)) {
            dice.mark("S21", "un joueur abandonne");
            n.seats[seat].resigned = true;
            let entry = LogEntry::Resign { step: s.step, seat };
            n.log.push(entry.clone());
            events.push(Event::Logged { entry });
            n.result = Some(scoring::outcome(&n, Some(seat)));
            n.phase = Phase::Over;
            events.push(Event::Ended);
            return (n, events);
        }
    }
    match n.phase {
        Phase::Registration => {
            if n.seats.len() == 2 {
                deal_starting(&mut n, dice);
                events.push(Event::StartingDealt);
            }
        }
        Phase::Start => {
            dice.mark("Mise en place 2", "cartes de départ placées");
            for seat in 0..2 {
                let given = orders_of(s, inputs, seat).and_then(|f| f.orders.start).filter(|c| n.seats[seat].starting.contains(c));
                let card = given.unwrap_or_else(|| sample::default_start(&n, seat));
                let other = n.seats[seat].starting.iter().copied().find(|c| *c != card).unwrap_or(card);
                n.seats[seat].starting.clear();
                n.seats[seat].telescope.insert(1, Placed { card, face_up: true });
                n.seats[seat].notebook.insert(other);
                let default = given.is_none() || orders_of(s, inputs, seat).is_some_and(|f| f.orders.defaulted);
                let entry = LogEntry::Start { step: s.step, seat, telescope: card, notebook: other, default };
                n.log.push(entry.clone());
                events.push(Event::Logged { entry });
            }
            deal_rest(&mut n, dice);
            events.push(Event::Dealt { first: n.first });
            n.phase = Phase::Play;
        }
        Phase::Play => play_turn(s, &mut n, inputs, dice, &mut events),
        Phase::Final => {
            dice.mark("Fin de la partie", "dernière carte au carnet");
            for seat in 0..2 {
                let given = orders_of(s, inputs, seat).and_then(|f| f.orders.final_card).filter(|c| n.seats[seat].hand.contains(c));
                let card = given.unwrap_or_else(|| sample::default_final(&n, seat));
                let hand = std::mem::take(&mut n.seats[seat].hand);
                n.seats[seat].notebook.insert(card);
                n.seats[seat].boxed = hand.into_iter().find(|c| *c != card);
                let default = given.is_none() || orders_of(s, inputs, seat).is_some_and(|f| f.orders.defaulted);
                let entry = LogEntry::Final { step: s.step, seat, notebook: card, default };
                n.log.push(entry.clone());
                events.push(Event::Logged { entry });
            }
            dice.mark("Décompte des points", "score final");
            n.result = Some(scoring::outcome(&n, None));
            n.phase = Phase::Over;
            events.push(Event::Ended);
        }
        Phase::Over => {}
    }
    (n, events)
}

/// ÉTAPE 4 / refresh: fills the empty positions one by one, from position 1.
fn refill(n: &mut StellarState, dice: &mut Dice, rule: &str, events: &mut Vec<Event>) {
    for p in 0..5 {
        if n.row[p].is_none() {
            let mut reshuffled = 0;
            n.row[p] = draw(n, dice, rule, &format!("rangée, position {}", p + 1), &mut reshuffled);
            if reshuffled > 0 {
                events.push(Event::Reshuffled { cards: reshuffled });
            }
            if let Some(card) = n.row[p] {
                events.push(Event::Refilled { position: p + 1, card });
            }
        }
    }
}

fn play_turn(s: &StellarState, n: &mut StellarState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice, events: &mut Vec<Event>) {
    let me = n.mover();
    let given = orders_of(s, inputs, me).map(|f| f.orders.clone()).unwrap_or_default();
    if given.refresh && n.refresh_allowed {
        dice.mark("Cartes satellite", "la rangée est rafraîchie");
        let discarded: Vec<CardId> = n.row.iter_mut().filter_map(Option::take).collect();
        n.discard.extend(discarded.iter().copied());
        refill(n, dice, "Cartes satellite", events);
        n.refresh_allowed = false;
        n.refreshed = true;
        let entry = LogEntry::Refresh { step: s.step, seat: me, discarded };
        n.log.push(entry.clone());
        events.push(Event::Logged { entry });
        return;
    }
    // Complete or repair the move with the default policy (S19).
    let o = sample::complete(n, me, given, dice);
    let default = o.defaulted;
    let mut chosen = o.chosen;
    let (Some(take), Some((played, zone))) = (o.take, o.play) else {
        // No card at all in the row and the hand: cannot happen with 60 cards (S18).
        return;
    };
    dice.mark("ÉTAPE 1", "carte de la rangée prise en main");
    let Some(took) = n.row[take - 1].take() else { return };
    n.seats[me].hand.insert(took);
    // ÉTAPE 2.
    let row_card = step3_card(s, take, (played, zone));
    n.seats[me].hand.remove(&played);
    place(n, me, played, zone);
    // ÉTAPE 3.
    let (card3, blind) = match row_card {
        Some(c) => {
            if let Some(p) = step2_position(s, played, zone) {
                n.row[p - 1] = None;
            }
            (Some(c), false)
        }
        None => {
            let mut reshuffled = 0;
            let c = draw(n, dice, "ÉTAPE 3", "pioche à l'aveugle", &mut reshuffled);
            if reshuffled > 0 {
                events.push(Event::Reshuffled { cards: reshuffled });
            }
            (c, true)
        }
    };
    let zone3 = match (card3, zone) {
        (Some(_), Zone::Telescope { .. }) => Zone::Notebook,
        (Some(c), Zone::Notebook) => {
            let wanted = if blind {
                let kind = n.card(c).kind;
                o.draws.iter().find(|d| d.kind == kind).map(|d| (d.slot, d.face_up)).or(o.draw_else)
            } else {
                match o.coordinate {
                    Some(Zone::Telescope { slot, face_up }) => Some((slot, face_up)),
                    _ => None,
                }
            };
            let (z, by_referee) = telescope_slot(n, me, c, wanted);
            chosen.coordinate |= by_referee;
            z
        }
        (None, _) => Zone::Notebook,
    };
    if let Some(c) = card3 {
        place(n, me, c, zone3);
        let default = default || chosen.any();
        let entry = LogEntry::Move { step: s.step, round: s.round(), seat: me, default, took: (take, took), played: (played, zone), coordinate: (c, blind, zone3), chosen };
        n.log.push(entry.clone());
        events.push(Event::Logged { entry });
    }
    // ÉTAPE 4.
    refill(n, dice, "ÉTAPE 4", events);
    n.refresh_allowed = n.card(took).kind.is_none();
    n.refreshed = false;
    n.moves += 1;
    if n.moves >= MOVES {
        n.phase = Phase::Final;
        n.refresh_allowed = false;
    }
}

/// Where a step-3 card goes in the telescope, and whether the referee chose
/// it: the wanted slot when it is free, face down when ordered so ("ou ne
/// voulez pas") or when the card cannot go face up there ("ne pouvez pas");
/// otherwise the referee's choice (S9, [`sample::best_slot`]).
pub fn telescope_slot(n: &StellarState, me: usize, card: CardId, wanted: Option<(Slot, bool)>) -> (Zone, bool) {
    if let Some((slot, face_up)) = wanted {
        if !n.seats[me].telescope.contains_key(&slot) {
            let face_up = face_up && n.legal_face_up(me, card).contains(&slot);
            return (Zone::Telescope { slot, face_up }, false);
        }
    }
    (sample::best_slot(n, me, card), true)
}

/// The first legal face-up slot in slot order, else face down on the lowest
/// free slot (the simulated player's fallback when it weighs nothing).
pub fn default_slot(n: &StellarState, me: usize, card: CardId) -> Zone {
    match n.legal_face_up(me, card).first() {
        Some(&slot) => Zone::Telescope { slot, face_up: true },
        None => Zone::Telescope { slot: n.free_slots(me).first().copied().unwrap_or(12), face_up: false },
    }
}

pub fn place(n: &mut StellarState, me: usize, card: CardId, zone: Zone) {
    match zone {
        Zone::Notebook => {
            n.seats[me].notebook.insert(card);
        }
        Zone::Telescope { slot, face_up } => {
            n.seats[me].telescope.insert(slot, Placed { card, face_up });
        }
    }
}
