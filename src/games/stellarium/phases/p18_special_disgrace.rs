//! Phase 18: the Emperor's special disgrace and the removal of a judge (18).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Charge, Pyramid, HEAD};
use super::p12_war::free_head_orders;
use super::TurnCtx;

/// Phase 18.
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let Some((_, orders)) = free_head_orders(ctx, Pyramid::Government) else { return };
    // 18.1: an heir or councillor of any pyramid loses every seat, 10 PP, and is tried.
    if let Some(victim) = orders.emperor.special_disgrace {
        let posts = ctx.state.posts_of(victim);
        let is_head = posts.iter().any(|(_, seat)| *seat == HEAD);
        if !ctx.alive(victim) || posts.is_empty() || is_head {
            ctx.emit(Event::PowerVoid {
                pyramid: Pyramid::Government,
                power: "DISGRACE-SPECIALE".into(),
                reason: Why::NotHeirOrCouncillor.into(),
            });
        } else {
            let pyramids: Vec<Pyramid> = posts.iter().map(|(p, _)| *p).collect();
            ctx.leave_pyramids(victim, "18.1");
            ctx.emit(Event::Disgraced { who: victim, pyramids: pyramids.clone(), by: Pyramid::Government, special: true, rule: "18.1".into() });
            ctx.add_pp(victim, -10, "18.1", Why::SpecialDisgrace);
            ctx.open_trial(victim, Charge::SpecialDisgrace { pyramid: pyramids[0] }, "18.1");
        }
    }
    // 18.2: a judge removed loses 10 PP, is not tried, and goes back to his trade.
    if let Some(judge) = orders.emperor.remove_judge {
        if ctx.state.is_judge(judge) && ctx.alive(judge) {
            ctx.state.judges.retain(|j| *j != judge);
            ctx.emit(Event::JudgeRemoved { who: judge });
            ctx.add_pp(judge, -10, "18.2", Why::RemovedFromCourt);
        } else {
            ctx.emit(Event::PowerVoid { pyramid: Pyramid::Government, power: "DESTITUER-JUGE".into(), reason: Why::NotJudge.into() });
        }
    }
}
