//! S1 closes: the filings are stored and the agenda built (design note
//! §2.2, §2.4).
//!
//! SKELETON (#27, in progress): see `../setup.rs`.

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::GdState;
use super::super::orders::Orders;

/// Stores candidacies, election orders, trials and audits; numbers the
/// agenda (fleet proposals, indictments, laws); leaves the game at S2.
pub fn resolve(_state: &mut GdState, _orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("senate::filing::resolve (#27)")
}
