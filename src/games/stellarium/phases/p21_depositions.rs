//! Phase 21: depositions (21).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Pyramid, HEAD};
use super::TurnCtx;

/// Phase 21: the head of a pyramid is deposed when every living member of
/// its 2nd and 3rd levels voted DESTITUTION (21.1); he loses the seat and
/// 6 PP, without trial (21.2, 21.3). Ruling: a pyramid with nobody below
/// its head cannot depose him; the dead (who keep their seats until the
/// Assembly) do not vote; captives vote through their family's orders.
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    for p in Pyramid::ALL {
        let pyr = ctx.state.pyramid(p).clone();
        let Some(head) = pyr.seats[HEAD] else { continue };
        if !ctx.alive(head) {
            continue;
        }
        let below: Vec<CharacterId> = pyr.members().filter(|(s, _)| *s != HEAD).map(|(_, c)| c).filter(|c| ctx.alive(*c)).collect();
        if below.is_empty() {
            continue;
        }
        let all = below.iter().all(|m| {
            ctx.state
                .family_of(*m)
                .is_some_and(|f| ctx.orders(f).depositions.iter().any(|d| d.who == *m && d.pyramid == p))
        });
        if all {
            ctx.state.pyramid_mut(p).seats[HEAD] = None;
            ctx.emit(Event::LeftPyramid { who: head, pyramid: p, seat: HEAD, rule: "21.2".into() });
            ctx.emit(Event::Deposed { who: head, pyramid: p, voters: below });
            ctx.add_pp(head, -6, "21.2", Why::Deposition);
        }
    }
}
