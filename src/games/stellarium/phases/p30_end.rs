//! Phase 30: the end of the game (30).

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::super::events::Event;
use super::super::model::GameEnd;
use super::TurnCtx;

/// Phase 30: the game ends when Stellarium fell (12.1, already recorded),
/// when every family was ONR this turn (30.2; PNJ families count as ONR,
/// RULINGS), or at the turn limit (30.1; 0 = endless).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    if ctx.state.ended.is_none() {
        let all_onr = !ctx.statuses.is_empty() && ctx.statuses.values().all(|s| matches!(s, OrderStatus::Onr | OrderStatus::Pnj));
        let limit = ctx.state.settings.turns;
        if all_onr {
            ctx.state.ended = Some(GameEnd::AllOnr);
        } else if limit > 0 && ctx.state.turn >= limit {
            ctx.state.ended = Some(GameEnd::TurnLimit);
        }
    }
    if let Some(reason) = ctx.state.ended.clone() {
        ctx.emit(Event::GameOver { reason });
    }
}
