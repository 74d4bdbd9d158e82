//! The invasions of a game turn (design note §2.2, steps I and B):
//! "Invasions.", "Résolution d'invasions.", "Victoires et retraites.", "Les
//! flottes de la république.". The windows declare ([`declare`]); B fights
//! every battle, worst initiative first ([`fight`]), through
//! [`super::battle`].
//!
//! SKELETON (lead, for the helper wt-gdinv): the bodies below are filled by
//! issue #28's invasion work; the signatures are the step machine's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::GdState;
use super::super::orders::Orders;

/// What the invasion windows have declared this game turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Declared {}

/// Declares the Republic fleet's voted orders when the intrigue opens
/// ("niveau 1": before any party's window).
pub fn open(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let _ = (state, dice, events);
}

/// Plays the declarations of a closing I step: `orders` holds the orders of
/// the window's party (or every party's, sealed, in initiative order).
pub fn declare(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let _ = (state, orders, dice, events);
}

/// Plays B: its answers, then every battle, worst initiative first.
pub fn fight(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let _ = (state, orders, dice, events);
}
