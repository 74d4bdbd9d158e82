//! A new game from `[games.settings]`, registration by party (G2), and
//! "Installation." once the registration step is played.
//!
//! SKELETON (#27, in progress): the signatures the step machine calls; the
//! bodies land with the helper that owns this file. No ruleset is
//! registered until none of them is left unimplemented.

use crate::dice::Dice;
use crate::game::{FamilyKey, Refusal};

use super::events::Event;
use super::model::GdState;

/// Reads the settings (RULINGS, Galactic Destiny) and the component files,
/// checks them, and makes the game at its registration step.
pub fn new_game(_settings: &toml::Table, _seed: u64) -> Result<GdState, String> {
    unimplemented!("setup::new_game (#27)")
}

/// `INSCRIPTION <name>`: a seat, its party from the name unless parties go
/// by lot.
pub fn register(_state: &mut GdState, _family: &FamilyKey, _name: &str) -> Result<(), Refusal> {
    unimplemented!("setup::register (#27)")
}

/// "Installation.": parties given, home sectors, fleets, starting senators,
/// hands and resources; the Republic's 5 fleets on sector 1.
pub fn install(_state: &mut GdState, _dice: &mut Dice, _events: &mut Vec<Event>) {
    unimplemented!("setup::install (#27)")
}
