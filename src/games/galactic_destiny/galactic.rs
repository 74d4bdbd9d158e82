//! "La phase galactique." and "Collecte des ressources.": the automatic
//! phase that opens every game turn.
//!
//! SKELETON (#27, in progress): see `setup.rs`.

use crate::dice::Dice;

use super::events::Event;
use super::model::GdState;

/// Opens game turn `state.game_turn + 1`: plays its galactic phase (turn 1:
/// no draws, rule (5)–(6)) and leaves the game at S1.
pub fn phase(_state: &mut GdState, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("galactic::phase (#27)")
}
