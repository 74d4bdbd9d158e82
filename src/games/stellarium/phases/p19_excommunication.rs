//! Phase 19: excommunication by the Archpope (19).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Charge, Pyramid};
use super::p12_war::free_head_orders;
use super::p17_coup::remove_from;
use super::TurnCtx;

/// Phase 19: the victim becomes a heretic, loses 10 PP and is tried (19.1);
/// a priest of the Church pyramid is thrown out of it (19.2). Ruling: a
/// heretic excommunicated again suffers the same (as 1.3.3's note).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let Some((_, orders)) = free_head_orders(ctx, Pyramid::Church) else { return };
    let Some(victim) = orders.archpope.excommunicate else { return };
    if !ctx.alive(victim) {
        ctx.emit(Event::PowerVoid { pyramid: Pyramid::Church, power: "EXCOMMUNIER".into(), reason: Why::TargetDead.into() });
        return;
    }
    if let Some(c) = ctx.state.character_mut(victim) {
        c.heretic = true;
    }
    ctx.emit(Event::Excommunicated { who: victim });
    ctx.add_pp(victim, -10, "19.1", Why::Excommunication);
    ctx.open_trial(victim, Charge::Heresy, "19.1");
    remove_from(ctx, victim, Pyramid::Church, "19.2");
}
