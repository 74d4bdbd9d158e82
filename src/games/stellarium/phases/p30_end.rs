//! Phase 30: the end of the game (30).

use crate::dice::Dice;
use crate::game::{FamilyKey, OrderStatus};

use super::super::events::Event;
use super::super::model::{Family, GameEnd, State};
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
        let all_lost = matches!(reason, GameEnd::StellariumFell | GameEnd::AllOnr);
        let (winners, points) = if all_lost { (Vec::new(), 0) } else { winners(&ctx.state) };
        ctx.emit(Event::GameOver { reason, winners, points, all_lost });
    }
}

/// 30.3: "le joueur qui totalise le plus de points … gagne": the founded
/// families still played by a person (not PNJ, 0.4) with the highest total,
/// all of them on a tie, with that total. None when no family is played.
pub fn winners(s: &State) -> (Vec<FamilyKey>, i64) {
    let played: Vec<&Family> = s.families.values().filter(|f| f.founded && !f.is_pnj()).collect();
    let Some(best) = played.iter().map(|f| f.victory_points).max() else { return (Vec::new(), 0) };
    (played.iter().filter(|f| f.victory_points == best).map(|f| f.key.clone()).collect(), best)
}
