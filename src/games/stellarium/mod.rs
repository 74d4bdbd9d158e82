//! Stellarium 1.1.3 (`shared/rules/000_…txt`).
//!
//! - [`model`]: the world (state) and its helpers.
//! - [`orders`]: the typed orders, their parser and validation.

pub mod defaults;
pub mod form;
pub mod model;
pub mod orders;
pub mod status;
pub mod events;
pub mod phases;
pub mod view;
