//! The campaigns of a game turn (design note §2.2, steps C and K):
//! "Campagnes.", "Résolution des campagnes.". The windows declare
//! ([`declare`]); K takes the influence offered and resolves every campaign,
//! worst initiative first ([`resolve`]), through [`super::campaign`].
//!
//! SKELETON (lead, for the helper wt-gdcamp): the bodies below are filled by
//! issue #28's campaign work; the signatures are the step machine's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::GdState;
use super::super::orders::Orders;

/// What the campaign windows have declared this game turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Declared {}

/// Plays the declarations of a closing C step: `orders` holds the orders of
/// the window's party (or every party's, sealed, in initiative order).
pub fn declare(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let _ = (state, orders, dice, events);
}

/// Plays K: the influence offered, then every campaign, worst initiative
/// first.
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let _ = (state, orders, dice, events);
}
