//! Phase 26: the funerals of the personalities (26).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Training};
use super::TurnCtx;

/// PP of a eulogy (26.2).
pub const EULOGY_PP: i64 = 3;

/// Phase 26: for every character who died during the cycle while holding a
/// seat in a pyramid, at the High Court or a governorship (the dead keep
/// them until the Assembly), the oldest priest of the family gives a
/// eulogy worth 3 PP; a family without a priest gets a minute of silence.
/// Ruling: the eulogist is alive, free and not a heretic; between priests
/// of the same age, the first in the family's order (id).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let turn = ctx.state.turn;
    let first_year = ctx.state.first_year();
    let deceased: Vec<CharacterId> = ctx
        .state
        .characters
        .values()
        .filter(|c| c.death.as_ref().is_some_and(|d| d.turn == turn))
        .filter(|c| {
            let s = &ctx.state;
            !s.posts_of(c.id).is_empty() || s.is_judge(c.id) || s.governorship(c.id).is_some()
        })
        .map(|c| c.id)
        .collect();
    for d in deceased {
        let Some(family) = ctx.state.family_of(d).cloned() else { continue };
        let priest = ctx
            .state
            .living_members(&family)
            .filter(|c| c.is_free() && c.training == Some(Training::Priest) && !c.heretic)
            .max_by_key(|c| (c.age_in(first_year), std::cmp::Reverse(c.id)))
            .map(|c| c.id);
        ctx.emit(Event::Eulogy { deceased: d, priest });
        if let Some(p) = priest {
            let name = ctx.state.full_name(d);
            ctx.add_pp(p, EULOGY_PP, "26.2", Why::Eulogy { name: name.clone() });
        }
    }
}
