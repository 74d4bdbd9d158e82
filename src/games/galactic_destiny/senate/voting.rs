//! S2 closes: the senate's business in the rules' order (design note §2.4):
//! elections, the Republic fleet, the prosecution list, the laws (vetoes,
//! the Prime Minister's agenda), audits and trials; then the initiative.
//!
//! SKELETON (#27, in progress): see `../setup.rs`.

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::GdState;
use super::super::orders::Orders;

/// Plays the senate; leaves the game at P.
pub fn resolve(_state: &mut GdState, _orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("senate::voting::resolve (#27)")
}
