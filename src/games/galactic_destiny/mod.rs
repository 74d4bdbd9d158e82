//! Galactic Destiny (`shared/rules/003_07d254190c3f889d.txt`; design note
//! `shared/design/galactic-destiny.md`): a game of politics and war for three
//! to six parties. Built in parts (issue #27): the senate's voting mechanics
//! are here as pure functions; the components, the model, the step machine
//! and the ruleset follow. No ruleset is registered yet.

pub mod senate;
