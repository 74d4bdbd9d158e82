//! Galactic Destiny (`shared/rules/003_07d254190c3f889d.txt`; design note
//! `shared/design/galactic-destiny.md`), the fifth game: politics and war for
//! three to six parties, a galactic phase, a senate and an intrigue each game
//! turn.
//!
//! Built in parts (issues #27, #28, #29). Layout:
//!
//! - [`components`]: the board, parties, senators and cards as data, their
//!   checks, the effect vocabulary and its interpreter.
//! - [`model`]: the state and its invariants ([`model::GdState::check`]).
//! - [`orders`]: the typed orders of S1, S2 and P, and their parsing.
//! - [`events`]: what a step did, the source of every report.
//! - [`setup`]: settings, registration by party, "Installation.".
//! - [`galactic`]: "La phase galactique.".
//! - [`common`]: the orders of every step (bank, trades, promises, laws
//!   broken, shadow) and where corruption goes.
//! - [`senate`]: initiative, the round table, elections; S1's filings
//!   ([`senate::filing`]) and S2's business ([`senate::voting`]).
//! - [`purchases`]: P and the end of a game turn.
//!
//! The ruleset is not registered yet: part I is being built, and the
//! modules marked SKELETON hold the signatures the step machine calls.

pub mod common;
pub mod components;
pub mod events;
pub mod galactic;
pub mod intrigue;
pub mod model;
pub mod orders;
pub mod purchases;
pub mod senate;
pub mod setup;
