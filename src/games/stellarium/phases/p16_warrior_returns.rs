//! Phase 16: the warriors come home (16.1). The fleets and the garrisons
//! return to Stellarium; a character's `last_place` keeps where the cycle
//! was spent (reports, the order form), so the state changes nowhere else:
//! the phase records the return.

use crate::dice::Dice;

use super::super::events::Event;
use super::super::model::{Place, Training};
use super::TurnCtx;

/// Phase 16.
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let count = ctx
        .state
        .living()
        .filter(|c| c.is_free() && c.training == Some(Training::Warrior))
        .filter(|c| matches!(c.last_place, Some(Place::Fleet(_)) | Some(Place::Colony(_))))
        .count() as u32;
    ctx.emit(Event::WarriorsReturned { count });
}
