//! Phase 25: the archpapal pardon (25).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::Pyramid;
use super::p12_war::free_head_orders;
use super::TurnCtx;

/// Phase 25: the Archpope pardons one heretic, who is a heretic no more and
/// gets 6 PP back (25.1).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let Some((_, orders)) = free_head_orders(ctx, Pyramid::Church) else { return };
    let Some(who) = orders.archpope.pardon else { return };
    let heretic = ctx.character(who).is_some_and(|c| c.is_alive() && c.heretic);
    if !heretic {
        ctx.emit(Event::PowerVoid { pyramid: Pyramid::Church, power: "PARDON".into(), reason: Why::NotHeretic.into() });
        return;
    }
    if let Some(c) = ctx.state.character_mut(who) {
        c.heretic = false;
    }
    ctx.emit(Event::ArchpapalPardon { who });
    ctx.add_pp(who, 6, "25.1", Why::ArchpapalPardon);
}
