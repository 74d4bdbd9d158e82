//! Stellarium's order language (orders.md §6): the typed orders, the
//! parser and the validation against the state.

pub mod types;

pub use types::*;
