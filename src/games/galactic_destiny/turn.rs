//! The step machine (design note §2.2, part I): one daemon turn is one
//! step. Registration closes with "Installation." and turn 1's galactic
//! phase; then every game turn is S1 (filings), S2 (votes) and P
//! (purchases), each awaiting every party. The intrigue steps of part II
//! come between S2 and P; in part I they are not played (the reports list
//! them as not refereed yet), so S2 leads straight to P. P's resolver
//! plays the end of the turn and, unless the game is over, the next
//! galactic phase.
//!
//! The orders allowed in any step ([`common::apply`]: bank, trades,
//! promises, broken laws, shadow) come first: S1's and S2's resolvers play
//! them, the machine plays them before P's purchases. Orders reach here completed by
//! `default_orders` (§2.7): a party whose orders the referee played gets an
//! [`Event::Default`] saying so, read by it alone.

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey};

use super::components::PartyId;
use super::events::{DefaultKind, Event};
use super::model::{Ending, GdState, Phase};
use super::orders::Orders;
use super::{common, galactic, purchases, senate, setup};

/// What the referee plays for a party that sent nothing in the step now
/// open (§2.7): S1 nothing filed, S2 abstains, P passes.
pub fn default_kind(phase: Phase) -> Option<DefaultKind> {
    match phase {
        Phase::Filing => Some(DefaultKind::NothingFiled),
        Phase::Voting => Some(DefaultKind::Abstained),
        Phase::Purchases => Some(DefaultKind::Passed),
        Phase::Registration | Phase::Over => None,
    }
}

/// Each party's orders for the closing step: the input of the seat that
/// plays it, the empty orders (played by default) for a seat that resigned
/// or sent nothing. Parties without a seat (never in part I: every party in
/// play has one) pass.
fn orders_by_party(s: &GdState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>) -> BTreeMap<PartyId, Orders> {
    s.parties()
        .map(|p| {
            let seat = s.seats.iter().find(|x| x.party == Some(p));
            let o = match seat {
                Some(x) if !x.resigned => inputs.get(&x.key).map(|f| f.orders.clone()).unwrap_or_default(),
                _ => Orders::default(),
            };
            (p, o)
        })
        .collect()
}

/// Plays the step now open in `prev`. A party played with no line (silent,
/// ONR, PNJ without the robot) gets [`Event::Default`] in words.
pub fn adjudicate(prev: &GdState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> (GdState, Vec<Event>) {
    let mut s = prev.clone();
    let mut events = Vec::new();
    let playing = matches!(s.phase, Phase::Filing | Phase::Voting | Phase::Purchases);
    if playing {
        // `ABANDON`: the party stays on the board and passes from now on.
        for i in 0..s.seats.len() {
            let key = s.seats[i].key.clone();
            if !s.seats[i].resigned && inputs.get(&key).is_some_and(|f| f.resigned) {
                s.seats[i].resigned = true;
                if let Some(party) = s.seats[i].party {
                    events.push(Event::Resigned { party });
                }
            }
        }
    }
    let orders = orders_by_party(&s, inputs);
    if let Some(kind) = default_kind(s.phase) {
        for (party, o) in &orders {
            let live = s.seats.iter().any(|x| x.party == Some(*party) && !x.resigned);
            if live && o.lines.is_empty() {
                events.push(Event::Default { party: *party, kind });
            }
        }
    }
    match s.phase {
        Phase::Registration => {
            // Too few seats: `install` says so and changes nothing (the
            // step is held, `setup::can_start`).
            dice.mark("Installation.", "mise en place");
            setup::install(&mut s, dice, &mut events);
            if setup::can_start(&s).is_ok() {
                dice.mark("La phase galactique.", "tour de jeu 1");
                galactic::phase(&mut s, dice, &mut events);
            }
        }
        Phase::Filing => {
            dice.mark("La phase de sénat.", format!("tour de jeu {}, dépôts (S1)", s.game_turn));
            senate::filing::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Voting => {
            dice.mark("La phase de sénat.", format!("tour de jeu {}, votes (S2)", s.game_turn));
            senate::voting::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Purchases => {
            dice.mark("Achat de flottes et sénateurs", format!("tour de jeu {}, achats (P)", s.game_turn));
            // S1's and S2's resolvers play the any-step orders themselves;
            // P's plays its purchases, the end of the turn and the next
            // galactic phase.
            common::apply(&mut s, &orders, dice, &mut events);
            purchases::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Over => {}
    }
    if playing && s.phase != Phase::Over && s.seats.iter().all(|x| x.resigned) {
        s.ending = Some(Ending::Abandoned);
        s.phase = Phase::Over;
    }
    if s.phase == Phase::Over && prev.phase != Phase::Over && !events.iter().any(|e| matches!(e, Event::Ended { .. })) {
        if let Some(ending) = s.ending.clone() {
            events.push(Event::Ended { ending });
        }
    }
    s.step += 1;
    (s, events)
}
