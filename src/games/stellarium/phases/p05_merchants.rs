//! Phase 5: departures of the merchants (5).
//!
//! 1. The Master Merchant's powers: remove a family's trading post for good,
//!    close a colony to trade for the turn, ban up to n families from the
//!    exchange (Gilde des marchands).
//! 2. Merchants go to a colony of the Empire where their family has a
//!    trading post (5.2), or to the exchange with a stake of 1–3 M$ on S, N
//!    or R (5.3.1); a family stakes at most the money it had at the start of
//!    the turn, so families in debt cannot speculate (5.3.2).
//! 3. Those whose post was removed or whose colony was closed (5.3.4), those
//!    of ONR/OPR families without a location (5.3.5), and those who stay on
//!    Stellarium (5.3) go to the exchange with S1, if the family can afford
//!    it; otherwise they are idle.
//! 4. The Dark Tentacle's bombs of phase 2 go off at the exchange: 3 in 6
//!    to die, 1 in 6 with bodyguards (2.5.2); then the investigation (2.9).

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::FamilyKey;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, DeathCause, Place, Pyramid, Stake, Training};
use super::super::orders::ContractKind;
use super::p02_contracts::investigate;
use super::p04_expeditions::place;
use super::TurnCtx;

/// The place of a death at the exchange (2.5.2), as events store it (the
/// narrator names it in the reader's language).
pub const EXCHANGE_PLACE: &str = "bourse de Stellarium";

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    master_merchant(ctx);
    let turn = ctx.turn();

    // 5.3.2: what each family may stake, from its money at the start of the turn.
    let mut budget: BTreeMap<FamilyKey, i64> =
        ctx.start.families.iter().map(|(k, f)| (k.clone(), f.money.max(0))).collect();
    let merchants: Vec<CharacterId> = ctx
        .state
        .living()
        .filter(|c| c.is_free() && c.training == Some(Training::Merchant))
        .filter(|c| !ctx.state.is_judge(c.id) && ctx.state.governorship(c.id).is_none() && !ctx.scratch.placed.contains(&c.id))
        .map(|c| c.id)
        .collect();

    let mut fallback: Vec<(CharacterId, Why)> = Vec::new();
    for m in merchants {
        let Some(fam) = ctx.character(m).map(|c| c.family.clone()) else { continue };
        match ctx.orders(&fam).location_of(m).cloned() {
            Some(Place::Colony(p)) => match trade_refusal(ctx, &fam, &p) {
                None => place(ctx, m, Place::Colony(p)),
                Some(r) => fallback.push((m, r)),
            },
            Some(Place::Exchange { stake, amount }) => {
                let amount = amount.clamp(1, 3);
                let left = budget.get(&fam).copied().unwrap_or(0);
                if let Some(r) = exchange_refusal(ctx, &fam) {
                    ctx.emit(Event::MerchantIdle { who: m, reason: r.into() });
                    place(ctx, m, Place::Stellarium);
                } else if left < i64::from(amount) {
                    ctx.emit(Event::MerchantIdle {
                        who: m,
                        reason: Why::StakeAboveStartMoney.into(),
                    });
                    place(ctx, m, Place::Stellarium);
                } else {
                    budget.insert(fam.clone(), left - i64::from(amount));
                    place(ctx, m, Place::Exchange { stake, amount });
                }
            }
            Some(Place::Stellarium) if ctx.state.settings.merchants_on_stellarium_speculate => {
                fallback.push((m, Why::MerchantOnStellariumSpeculates))
            }
            Some(Place::Stellarium) => place(ctx, m, Place::Stellarium),
            Some(other) => {
                ctx.emit(Event::LocationRefused { who: m, place: other, reason: Why::MerchantPlaces.into() });
                fallback.push((m, Why::MerchantImpossiblePlace));
            }
            None => fallback.push((m, Why::NoPlaceGiven)),
        }
    }
    for (m, reason) in fallback {
        let Some(fam) = ctx.character(m).map(|c| c.family.clone()) else { continue };
        let left = budget.get(&fam).copied().unwrap_or(0);
        match exchange_refusal(ctx, &fam) {
            None if left >= 1 => {
                budget.insert(fam, left - 1);
                place(ctx, m, Place::Exchange { stake: Stake::Safe, amount: 1 });
                ctx.emit(Event::MerchantFallback { who: m, reason: reason.into() });
            }
            r => {
                let why = r.unwrap_or(Why::CannotAffordS1);
                place(ctx, m, Place::Stellarium);
                ctx.emit(Event::MerchantIdle { who: m, reason: Why::Idle { fallback: reason.msg(), why: why.msg() }.into() });
            }
        }
    }

    // 2.5: the bombs at the exchange.
    let bombs = std::mem::take(&mut ctx.scratch.bombs);
    for b in bombs {
        let present: Vec<CharacterId> = ctx
            .state
            .living()
            .filter(|c| matches!(c.last_place, Some(Place::Exchange { .. })) && ctx.scratch.placed.contains(&c.id))
            .map(|c| c.id)
            .collect();
        ctx.emit(Event::ExchangeBombing { year: b.year, merchants: present.clone() });
        for &m in &present {
            let guarded = ctx.character(m).is_some_and(|c| c.bought(turn).bodyguards) || ctx.state.has_imperial_guard(m);
            let (chance, rule) = if guarded { (1, "2.5.2") } else { (3, "2.5.2") };
            let name = ctx.state.full_name(m);
            if dice.chance_in_6(chance, rule, format!("bomb at the exchange: {name}")) {
                ctx.kill_unless_revived(m, b.year, DeathCause::ExchangeBomb, Some(EXCHANGE_PLACE.into()), "2.5.2", dice);
            }
        }
        investigate(ctx, dice, b.contract_no, &ContractKind::Bomb, &b.sponsors, &present, None);
    }
}

/// Why a family's merchant may not trade on `planet` this turn (5.2, 5.3.4).
fn trade_refusal(ctx: &TurnCtx, family: &str, planet: &str) -> Option<Why> {
    let turn = ctx.turn();
    let Some(p) = ctx.state.planets.get(planet) else { return Some(Why::UnknownPlanet) };
    if !p.is_colony() || !p.held_by_empire() {
        return Some(Why::NotEmpireColony { planet: p.name.clone() });
    }
    if !ctx.state.family(family).is_some_and(|f| f.trading_posts.contains(planet)) {
        return Some(Why::NoTradingPost { planet: p.name.clone() });
    }
    if p.closed_to_trade == Some(turn) {
        return Some(Why::ClosedToTrade { planet: p.name.clone() });
    }
    None
}

/// Why a family's merchants may not speculate this turn (5.3.2, 13.2).
fn exchange_refusal(ctx: &TurnCtx, family: &str) -> Option<Why> {
    if ctx.start.family(family).is_none_or(|f| f.in_debt()) {
        return Some(Why::DebtNoExchange);
    }
    if ctx.state.family(family).is_some_and(|f| f.exchange_ban_turn == Some(ctx.turn())) {
        return Some(Why::ExchangeBanned);
    }
    None
}

/// The living Master Merchant's powers (Gilde des marchands).
fn master_merchant(ctx: &mut TurnCtx) {
    let Some((_, orders)) = ctx.head_orders(Pyramid::Merchants) else { return };
    let mm = &orders.master_merchant;
    let turn = ctx.turn();
    if let Some((family, planet)) = &mm.remove_post {
        let removed = ctx.state.family_mut(family).is_some_and(|f| f.trading_posts.remove(planet));
        if removed {
            ctx.emit(Event::TradingPostRemoved { family: family.clone(), planet: planet.clone() });
        }
    }
    if let Some(planet) = &mm.close {
        if let Some(p) = ctx.state.planets.get_mut(planet).filter(|p| p.is_colony()) {
            p.closed_to_trade = Some(turn);
            ctx.emit(Event::PlanetClosed { planet: planet.clone() });
        }
    }
    // n = families with living merchants at the end of the last turn, / 4 rounded up.
    let n = ctx.start.exchange_bans_allowed() as usize;
    let mut banned = 0;
    for family in &mm.exchange_bans {
        if banned >= n {
            break;
        }
        if let Some(f) = ctx.state.family_mut(family) {
            if f.exchange_ban_turn != Some(turn) {
                f.exchange_ban_turn = Some(turn);
                banned += 1;
                ctx.emit(Event::ExchangeBanned { family: family.clone() });
            }
        }
    }
}
