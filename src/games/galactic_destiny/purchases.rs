//! P, "Achats", and the end of a game turn (design note §2.4): purchases,
//! the laws' payments, taxes, the sectors' end-of-turn gifts, the hand
//! limit, victory, defeat and `tours_max`.
//!
//! SKELETON (#27, in progress): see `setup.rs`.

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::components::PartyId;
use super::events::Event;
use super::model::GdState;
use super::orders::Orders;

/// Plays P's orders and the end of the turn; sets `state.ending` and
/// `Phase::Over` when the game ends (the caller then plays the next
/// galactic phase unless it is over).
pub fn resolve(_state: &mut GdState, _orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("purchases::resolve (#27)")
}
