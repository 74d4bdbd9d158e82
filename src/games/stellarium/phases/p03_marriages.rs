//! Phase 3: marriages (3).
//!
//! A marriage takes place when the same `MARIAGE groom bride priest` line is
//! in the orders of both families (3.7), both families' orders are given
//! (3.10: ONR or OPR refuse), both partners are trained, neither a priest
//! nor a heretic (3.5), single — or widowed with the Archpope's
//! authorisation, automatic when his family is ONR or PNJ (3.6) — and the two
//! families do not already have three living couples (3.4). The priest
//! gains 2 PP (3.8).

use std::collections::BTreeSet;

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Marital, Pyramid, Sex};
use super::super::orders::MarriageOrder;
use super::p09_baptisms::can_celebrate;
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let auto_remarriage = grant_remarriage_permits(ctx);

    // Each distinct line once, in the order of the families then of the lines.
    let mut seen: BTreeSet<(CharacterId, CharacterId, CharacterId)> = BTreeSet::new();
    let mut lines: Vec<MarriageOrder> = Vec::new();
    for input in ctx.inputs.values() {
        for m in &input.orders.marriages {
            if seen.insert((m.groom, m.bride, m.priest)) {
                lines.push(m.clone());
            }
        }
    }
    for m in lines {
        match refusal(ctx, &m, auto_remarriage) {
            Some(reason) => ctx.emit(Event::MarriageRefused { groom: m.groom, bride: m.bride, reason: reason.into() }),
            None => {
                let turn = ctx.turn();
                if let Some(g) = ctx.state.character_mut(m.groom) {
                    g.marital = Marital::Married { spouse: m.bride, since_turn: turn };
                }
                if let Some(b) = ctx.state.character_mut(m.bride) {
                    b.marital = Marital::Married { spouse: m.groom, since_turn: turn };
                }
                ctx.emit(Event::Married { groom: m.groom, bride: m.bride, priest: m.priest });
                ctx.add_pp(m.priest, 2, "3.8", Why::MarriageCelebrated);
            }
        }
    }
}

/// 3.6: the living Archpope's `ARCHIPAPE REMARIAGE` list. Returns whether
/// every widow(er) is authorised this turn: the Archpope's family is ONR
/// (or PNJ). A vacant (or dead) Archpope authorises nobody (RULINGS 3.6).
fn grant_remarriage_permits(ctx: &mut TurnCtx) -> bool {
    let Some((_, orders)) = ctx.head_orders(Pyramid::Church) else { return false };
    if ctx.head_family(Pyramid::Church).is_some_and(|f| ctx.is_onr(&f)) {
        return true;
    }
    let turn = ctx.turn();
    for &who in &orders.archpope.remarriages {
        let widowed = ctx.character(who).is_some_and(|c| c.is_alive() && c.is_widowed());
        if !widowed {
            continue;
        }
        if let Some(c) = ctx.state.character_mut(who) {
            c.remarriage_permit_turn = Some(turn);
        }
        ctx.emit(Event::RemarriagePermit { who, automatic: false });
    }
    false
}

fn refusal(ctx: &TurnCtx, m: &MarriageOrder, auto_remarriage: bool) -> Option<Why> {
    let turn = ctx.turn();
    let (Some(g), Some(b)) = (ctx.character(m.groom), ctx.character(m.bride)) else {
        return Some(Why::UnknownCharacter);
    };
    if !g.is_alive() || !b.is_alive() {
        return Some(Why::SpouseDead);
    }
    if g.sex != Sex::Male || b.sex != Sex::Female {
        return Some(Why::GroomAndBride);
    }
    if g.family == b.family {
        return Some(Why::SameFamily);
    }
    // 3.10 first: it is the default the referee plays for an ONR/OPR
    // family, and its report must say so even when its line stands alone.
    if ctx.status(&g.family) != OrderStatus::Or || ctx.status(&b.family) != OrderStatus::Or {
        return Some(Why::OnrRefusesMarriage);
    }
    let both_ordered = |f: &str| ctx.orders(f).marriages.iter().any(|x| x == m);
    if !both_ordered(&g.family) || !both_ordered(&b.family) {
        return Some(Why::MarriageInBothOrders);
    }
    for c in [g, b] {
        if c.training.is_none() {
            return Some(Why::NoTrainingYet { name: c.first_name.clone() });
        }
        if c.is_priest() || c.heretic {
            return Some(Why::PriestOrHeretic { name: c.first_name.clone() });
        }
        if c.captivity.is_some() {
            return Some(Why::HeldPrisoner { name: c.first_name.clone() });
        }
        match c.marital {
            Marital::Single => {}
            Marital::Married { .. } => return Some(Why::AlreadyMarried { name: c.first_name.clone() }),
            Marital::Widowed { .. } => {
                if !auto_remarriage && c.remarriage_permit_turn != Some(turn) {
                    return Some(Why::WidowedNoPermit { name: c.first_name.clone() });
                }
            }
        }
    }
    if ctx.state.living_marriages_between(&g.family, &b.family) >= 3 {
        return Some(Why::ThreeMarriages);
    }
    if !can_celebrate(&ctx.state, m.priest) {
        return Some(Why::CelebrantInvalid);
    }
    None
}
