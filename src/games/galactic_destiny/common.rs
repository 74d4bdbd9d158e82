//! Orders allowed in every step where a party is awaited (design note
//! §3.1) that part I referees: the bank, trades, promises, broken promises
//! and laws, shadow, the Prime Minister's election call; and where
//! corruption goes (G19).
//!
//! SKELETON (#27, in progress): see `setup.rs`.

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::components::PartyId;
use super::events::Event;
use super::model::GdState;
use super::orders::Orders;

/// Carries out every party's any-step orders of a closing step, parties in
/// initiative order (worst first), trades once both mirror lines are in.
pub fn apply(_state: &mut GdState, _orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("common::apply (#27)")
}
