//! Phase 24: the imperial pardon (24).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::Pyramid;
use super::p12_war::free_head_orders;
use super::TurnCtx;

/// Phase 24: the Emperor pardons one convict, freed at once with 6 PP back
/// (24.1); or an accused whose trial is still to come (24.2): the trial
/// goes on, but a conviction means only a symbolic stay. A pardon already
/// granted at this turn's trials (phase 22) is not granted twice ("un seul
/// par cycle").
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let Some((_, orders)) = free_head_orders(ctx, Pyramid::Government) else { return };
    let Some(who) = orders.emperor.pardon else { return };
    let used = ctx.events.iter().any(|e| matches!(e, Event::ImperialPardon { .. }));
    if used || !ctx.alive(who) {
        return;
    }
    let convict = ctx.character(who).is_some_and(|c| c.sentence.is_some());
    if convict {
        if let Some(c) = ctx.state.character_mut(who) {
            c.sentence = None;
        }
        ctx.emit(Event::ImperialPardon { who, in_advance: false });
        ctx.add_pp(who, 6, "24.1", Why::ImperialPardon);
        return;
    }
    let mut pending = false;
    for t in ctx.state.trials.iter_mut().filter(|t| t.accused == who) {
        t.pardoned_in_advance = true;
        pending = true;
    }
    if pending {
        ctx.emit(Event::ImperialPardon { who, in_advance: true });
    } else {
        ctx.emit(Event::PowerVoid { pyramid: Pyramid::Government, power: "GRACE".into(), reason: Why::NeitherConvictNorAccused.into() });
    }
}
