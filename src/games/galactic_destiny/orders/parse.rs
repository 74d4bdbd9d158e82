//! Reading a party's lines for the open step (design note §3), both
//! languages, each line checked against the state with a reason and a
//! suggestion.
//!
//! SKELETON (#27, in progress): see `../setup.rs`.

use crate::game::{FamilyKey, OrderLine, ParsedOrders};

use super::super::model::GdState;
use super::Orders;

pub fn parse(_state: &GdState, _family: &FamilyKey, _lines: &[OrderLine]) -> ParsedOrders<Orders> {
    unimplemented!("orders::parse (#27)")
}

/// The lines that, parsed again, give these orders (the simulated players'
/// mail, in canonical French).
pub fn lines(_state: &GdState, _orders: &Orders) -> Vec<String> {
    unimplemented!("orders::lines (#27)")
}
