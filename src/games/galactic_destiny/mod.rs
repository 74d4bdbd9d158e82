//! Galactic Destiny (`shared/rules/003_07d254190c3f889d.txt`; design note
//! `shared/design/galactic-destiny.md`), the fifth game: politics and war for
//! three to six parties, a galactic phase, a senate and an intrigue each game
//! turn.
//!
//! Built in parts (issue #27). So far: the components as data, their checks,
//! the effect vocabulary of the cards and its interpreter ([`components`]);
//! the senate's voting mechanics as pure functions ([`senate`]). The model,
//! the step machine and the ruleset follow; no ruleset is registered yet.

pub mod components;
pub mod senate;
