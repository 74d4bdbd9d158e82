//! Galactic Destiny (`../shared/rules/003_07d254190c3f889d.txt`; design
//! note `galactic-destiny.md`), the fifth game: up to six political parties,
//! a galactic phase, a senate and an intrigue each game turn.
//!
//! Built in parts (issue #27). So far: the components as data, their checks,
//! the effect vocabulary of the cards and its interpreter
//! ([`components`]). No ruleset is registered yet.

pub mod components;
