//! Phase 1: purchases (1).
//!
//! Each item costs 1 M$ and lasts the cycle, except cyberprostheses which
//! are permanent (1). Families in debt at the start of the turn, and
//! characters held by the Pouarks or the rebels, may not buy (1
//! "ATTENTION"). A prosthesis needs the Archpope's authorisation — at most
//! ⌈J/4⌉ a turn (1.3.4) — or its bearer becomes a heretic: −10 PP and a
//! trial (1.3.3). One prosthesis a turn, five in a life (1.3.2).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Charge, Purchases, Pyramid, MAX_PROSTHESES};
use super::super::orders::Item;
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    grant_prosthesis_permits(ctx);
    let turn = ctx.turn();
    // With no living Archpope nobody can refuse an implant (RULINGS 1.3.3;
    // setting `prosthesis_allowed_without_archpope`).
    let archpope_alive = ctx.head_orders(Pyramid::Church).is_some() || !ctx.state.settings.prosthesis_allowed_without_archpope;

    let families: Vec<String> = ctx.inputs.keys().cloned().collect();
    for family in families {
        let Some(start_family) = ctx.start.family(&family) else { continue };
        let in_debt = start_family.in_debt();
        let orders = ctx.orders(&family);
        for po in &orders.purchases {
            let who = po.who;
            let mut seen: Vec<Item> = Vec::new();
            for &item in &po.items {
                if seen.contains(&item) {
                    continue;
                }
                seen.push(item);
                if let Some(reason) = refusal(ctx, &family, who, item, in_debt) {
                    ctx.emit(Event::PurchaseRefused { who, item, reason: reason.into() });
                    continue;
                }
                let name = ctx.state.full_name(who);
                ctx.add_money(&family, -1, "1", Why::Purchase { item, name });
                let Some(c) = ctx.state.character_mut(who) else { continue };
                if c.purchases.turn != turn {
                    c.purchases = Purchases { turn, ..Purchases::default() };
                }
                match item {
                    Item::Capsule => c.purchases.capsule = true,
                    Item::Bodyguards => c.purchases.bodyguards = true,
                    Item::Doctor => c.purchases.doctor = true,
                    Item::Insurance => c.purchases.insurance = true,
                    Item::Prosthesis => {
                        c.prostheses += 1;
                        c.last_prosthesis_turn = Some(turn);
                        let total = c.prostheses;
                        let authorised = c.prosthesis_permit_turn == Some(turn) || !archpope_alive;
                        if !authorised {
                            c.heretic = true;
                        }
                        ctx.emit(Event::ProsthesisImplanted { who, total, authorised });
                        if !authorised {
                            // 1.3.3: heretic, −10 PP and tried (also when already a heretic).
                            ctx.add_pp(who, -10, "1.3.3", Why::ProsthesisUnauthorised);
                            ctx.open_trial(who, Charge::UnauthorisedProsthesis, "1.3.3");
                        }
                    }
                }
                ctx.emit(Event::Purchased { who, item });
            }
        }
    }
}

/// Why `family` may not buy `item` for `who` now, if it may not.
fn refusal(ctx: &TurnCtx, family: &str, who: CharacterId, item: Item, in_debt: bool) -> Option<Why> {
    let turn = ctx.turn();
    let Some(c) = ctx.character(who) else { return Some(Why::UnknownCharacter) };
    if c.family != family {
        return Some(Why::NotOwnFamily);
    }
    if !c.is_alive() {
        return Some(Why::IsDead);
    }
    if in_debt {
        return Some(Why::FamilyInDebt { rule: "1".into() });
    }
    if c.is_held_by_enemy() {
        return Some(Why::PrisonerCannotBuy);
    }
    if ctx.state.family(family).is_none_or(|f| f.money < 1) {
        return Some(Why::CannotPayPurchase);
    }
    if item == Item::Prosthesis {
        if c.last_prosthesis_turn == Some(turn) {
            return Some(Why::OneProsthesisATurn);
        }
        if c.prostheses >= MAX_PROSTHESES {
            return Some(Why::ProsthesesMaximum);
        }
    }
    None
}

/// 1.3.4: the living Archpope's `ARCHIPAPE PROTHESE` list, at most ⌈J/4⌉
/// authorisations, one per person, valid for this cycle.
fn grant_prosthesis_permits(ctx: &mut TurnCtx) {
    let Some((_, orders)) = ctx.head_orders(Pyramid::Church) else { return };
    let max = ctx.state.prosthesis_permits() as usize;
    let turn = ctx.turn();
    let mut granted: Vec<CharacterId> = Vec::new();
    for &who in &orders.archpope.prosthesis_permits {
        if granted.len() >= max {
            break;
        }
        if granted.contains(&who) || !ctx.alive(who) {
            continue;
        }
        granted.push(who);
        if let Some(c) = ctx.state.character_mut(who) {
            c.prosthesis_permit_turn = Some(turn);
        }
        ctx.emit(Event::ProsthesisPermit { who });
    }
}
