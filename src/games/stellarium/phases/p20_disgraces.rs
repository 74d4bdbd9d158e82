//! Phase 20: disgraces by the heads of the pyramids (20).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Charge, Pyramid, HEAD};
use super::super::orders::Orders;
use super::p12_war::free_head_orders;
use super::p17_coup::remove_from;
use super::TurnCtx;

/// The DISGRACE order of the head of `p`.
pub fn disgrace_order(orders: &Orders, p: Pyramid) -> Option<CharacterId> {
    match p {
        Pyramid::Government => orders.emperor.disgrace,
        Pyramid::Church => orders.archpope.disgrace,
        Pyramid::Army => orders.general.disgrace,
        Pyramid::Explorers => orders.grand_commander.disgrace,
        Pyramid::Merchants => orders.master_merchant.disgrace,
    }
}

/// Phase 20: each head (in the order of the pyramids) may disgrace a member
/// of his pyramid: the victim loses that seat, 6 PP, and is tried (20.2).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    for p in Pyramid::ALL {
        let Some((head, orders)) = free_head_orders(ctx, p) else { continue };
        let Some(victim) = disgrace_order(orders, p) else { continue };
        let seat = ctx.state.pyramid(p).seat_of(victim);
        if victim == head || seat.is_none() || seat == Some(HEAD) || !ctx.alive(victim) {
            ctx.emit(Event::PowerVoid { pyramid: p, power: "DISGRACE".into(), reason: Why::NoLongerInPyramid.into() });
            continue;
        }
        remove_from(ctx, victim, p, "20.2");
        ctx.emit(Event::Disgraced { who: victim, pyramids: vec![p], by: p, special: false, rule: "20.2".into() });
        ctx.add_pp(victim, -6, "20.2", Why::Disgrace);
        ctx.open_trial(victim, Charge::Disgrace { pyramid: p }, "20.2");
    }
}
