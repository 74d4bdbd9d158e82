//! Phase 15: the return of the merchants from the trading posts (15), and
//! the governors' prestige (15.5).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{DeathCause, Place, Training};
use super::p11_rebellions::{trained_at, warriors_at, Enemy};
use super::TurnCtx;

/// 15.2: what each of `n` merchants back from the same planet earns, in M$.
pub fn trade_gain(n: u32) -> i64 {
    match n {
        0 => 0,
        1 => 12,
        2 => 6,
        3 => 4,
        4 => 3,
        5 | 6 => 2,
        _ => 1,
    }
}

/// 15.4: the governor's family earns half as much again, rounded down.
/// Ruling: 15.4's 1.5 is applied, not 27.4.6's "double" (the phase's own
/// rule is the more precise one).
pub fn with_nepotism(gain: i64) -> i64 {
    gain * 3 / 2
}

/// 15.5: a governor's PP: the characters present on the colony (merchants
/// and garrison) divided by 2, rounded down.
pub fn governor_pp(merchants: u32, garrison: u32) -> i64 {
    i64::from((merchants + garrison) / 2)
}

/// Whether the Empire fought the Pouarks this cycle (15.1), from phase 12's events.
pub fn war_this_cycle(ctx: &TurnCtx) -> bool {
    ctx.events.iter().any(|e| matches!(e, Event::Battle { enemy: Enemy::Pouarks, .. }))
}

/// Phase 15.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let turn = ctx.state.turn;
    let war = war_this_cycle(ctx);
    let colonies: Vec<String> = ctx.state.empire_colonies().map(|(k, _)| k.clone()).collect();
    for planet in colonies {
        let here = Place::Colony(planet.clone());
        let merchants = trained_at(&ctx.state, &here, Training::Merchant);
        let garrison = warriors_at(&ctx.state, &here);
        let mut back = Vec::new();
        for m in merchants {
            // 15.1: in wartime, without a garrison, 5 in 6 to come back alive.
            if war && garrison.is_empty() {
                let name = ctx.state.full_name(m);
                if !dice.chance_in_6(5, "15.1", format!("{name} comes back alive from {planet}")) {
                    let year = dice.range(1, 10, "15.1", format!("year {name} was lost")) as u8;
                    ctx.kill(m, year, DeathCause::LostInWartime, Some(planet.clone()), "15.1");
                    continue;
                }
            }
            back.push(m);
        }
        let closed = ctx.state.planet(&planet).is_some_and(|p| p.closed_to_trade == Some(turn));
        let governor = ctx.state.planet(&planet).and_then(|p| p.governor).filter(|g| ctx.character(*g).is_some_and(|c| c.is_free()));
        let governor_family = governor.and_then(|g| ctx.state.family_of(g).cloned());
        if !closed {
            let n = back.len() as u32;
            for &m in &back {
                let Some(family) = ctx.state.family_of(m).cloned() else { continue };
                let nepotism = governor_family.as_ref() == Some(&family);
                let gain = if nepotism { with_nepotism(trade_gain(n)) } else { trade_gain(n) };
                ctx.emit(Event::TradeGains { who: m, planet: planet.clone(), merchants: n, gain, nepotism });
                let name = ctx.state.full_name(m);
                ctx.add_money(&family, gain, "15.2", Why::TradingPost { planet: planet.to_string(), name });
                ctx.add_pp(m, gain, "15.3", Why::TradeOn { planet: planet.to_string() });
            }
        }
        if let Some(g) = governor {
            let present = back.len() as u32 + garrison.len() as u32;
            let pp = governor_pp(back.len() as u32, garrison.len() as u32);
            ctx.emit(Event::GovernorAttendance { who: g, planet: planet.clone(), present, pp });
            ctx.add_pp(g, pp, "15.5", Why::Attendance { planet: planet.to_string() });
        }
    }
}
