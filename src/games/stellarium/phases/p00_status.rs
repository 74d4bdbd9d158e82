//! Phase 0: status of the orders (rule 0).
//!
//! The daemon classes what each family sent (OR / OPR / ONR, 0.1–0.3, with
//! [`crate::game::status_of`]); this phase adds what only the game knows:
//! a family ONR more than `pnj_after_onr` turns in a row (0.1: 2) becomes
//! PNJ, irreversibly, and its characters leave the pyramids (0.4). The
//! status of every family is recorded in its history. It also opens the
//! cycle: the hand-over facts of the previous cycle are cleared and the
//! number of colonies at the start of the turn is noted (13.5).

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::super::events::Event;
use super::super::model::{CharacterId, Cycle};
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let turn = ctx.turn();
    ctx.state.cycle = Cycle { turn, ..Cycle::default() };
    ctx.state.empire_colonies_at_start = ctx.state.empire_colony_count();

    let threshold = ctx.state.settings.pnj_after_onr;
    let keys: Vec<String> = ctx.state.families.keys().cloned().collect();
    for key in keys {
        let was_pnj = ctx.state.families.get(&key).is_some_and(|f| f.is_pnj());
        let given = ctx.inputs.get(&key).map(|i| i.status).unwrap_or(OrderStatus::Onr);
        let Some(f) = ctx.state.families.get_mut(&key) else { continue };
        let status = if was_pnj || given == OrderStatus::Pnj {
            OrderStatus::Pnj
        } else {
            // 0.1: "ONR plus de 2 tours de suite".
            if given == OrderStatus::Onr {
                f.onr_streak += 1;
            } else {
                f.onr_streak = 0;
            }
            if given == OrderStatus::Onr && f.onr_streak > threshold {
                OrderStatus::Pnj
            } else {
                given
            }
        };
        f.statuses.insert(turn, status);
        let streak = f.onr_streak;
        ctx.statuses.insert(key.clone(), status);
        ctx.emit(Event::Status { family: key.clone(), status, onr_streak: streak });
        if status == OrderStatus::Pnj && !was_pnj {
            ctx.emit(Event::BecamePnj { family: key.clone() });
        }
        if status == OrderStatus::Pnj {
            // 0.4: the characters of PNJ families are ejected from the pyramids.
            let members: Vec<CharacterId> = ctx.state.members(&key).map(|c| c.id).collect();
            for id in members {
                ctx.leave_pyramids(id, "0.4");
            }
        }
    }
}
