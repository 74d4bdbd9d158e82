//! Phase 17: the military coup (17).

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Charge, DeathCause, Pyramid, HEAD};
use super::TurnCtx;

/// 17.2: the chances in 6 of a coup given the number of opponents in the
/// Army pyramid (6 = automatic success, 0 = doomed).
pub fn coup_chances(opponents: usize) -> u32 {
    match opponents {
        0 => 6,
        1 => 3,
        2 => 1,
        _ => 0,
    }
}

/// Removes `who` from the seat of pyramid `p` (a disgrace), with its event.
pub fn remove_from(ctx: &mut TurnCtx, who: CharacterId, p: Pyramid, rule: &str) -> bool {
    match ctx.state.pyramid_mut(p).remove(who) {
        Some(seat) => {
            ctx.emit(Event::LeftPyramid { who, pyramid: p, seat, rule: rule.to_string() });
            true
        }
        None => false,
    }
}

/// A disgrace from the Army pyramid in a coup (17.3, 17.4): −`pp` PP and a trial.
fn disgrace_in_coup(ctx: &mut TurnCtx, who: CharacterId, pp: i64, charge: Charge, rule: &str) {
    remove_from(ctx, who, Pyramid::Army, rule);
    ctx.emit(Event::Disgraced { who, pyramids: vec![Pyramid::Army], by: Pyramid::Army, special: false, rule: rule.to_string() });
    ctx.add_pp(who, -pp, rule, Why::CoupDisgrace);
    ctx.open_trial(who, charge, rule);
}

/// Phase 17.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    // 17.1: the Grand General, or in his absence the 1st heir.
    let army = ctx.state.pyramid(Pyramid::Army).clone();
    let present = |ctx: &TurnCtx, c: CharacterId| ctx.character(c).is_some_and(|ch| ch.is_free());
    let leader = match army.seats[HEAD] {
        Some(g) if present(ctx, g) => Some(g),
        _ => army.seats[1].filter(|h| present(ctx, *h)),
    };
    let Some(leader) = leader else { return };
    let Some(leader_family) = ctx.state.family_of(leader).cloned() else { return };
    if !ctx.orders(&leader_family).general.coup {
        return;
    }
    // The other warriors present in the pyramid, and their stances.
    let members: Vec<CharacterId> = army.members().map(|(_, c)| c).filter(|c| *c != leader && present(ctx, *c)).collect();
    let mut supporters = Vec::new();
    let mut counted_opponents = Vec::new();
    let mut non_supporters = Vec::new();
    for &m in &members {
        let Some(fam) = ctx.state.family_of(m).cloned() else { continue };
        let stance = ctx.orders(&fam).coup_stances.iter().rev().find(|s| s.who == m).map(|s| s.supports);
        if stance == Some(true) {
            supporters.push(m);
        } else {
            non_supporters.push(m);
            // 17.2: only OR families count. Ruling: a member of an OR family
            // who does not support the coup opposes it ("si tous … soutiennent").
            if ctx.status(&fam) == OrderStatus::Or {
                counted_opponents.push(m);
            }
        }
    }
    let chances = coup_chances(counted_opponents.len());
    let leader_name = ctx.state.full_name(leader);
    let success = match chances {
        6 => true,
        0 => false,
        k => dice.chance_in_6(k, "17.2", format!("coup of {leader_name}")),
    };
    ctx.emit(Event::Coup { leader, supporters: supporters.clone(), opponents: counted_opponents, chances, success });
    let army_members: Vec<CharacterId> = army.members().map(|(_, c)| c).collect();

    if success {
        // 17.3.
        let government: Vec<CharacterId> =
            ctx.state.pyramid(Pyramid::Government).members().map(|(_, c)| c).filter(|c| *c != leader).collect();
        let old = ctx.state.emperor().filter(|e| *e != leader && ctx.alive(*e));
        if let Some(e) = old {
            remove_from(ctx, e, Pyramid::Government, "17.3");
            ctx.emit(Event::Disgraced { who: e, pyramids: vec![Pyramid::Government], by: Pyramid::Army, special: false, rule: "17.3".into() });
            // Ruling: the fallen Emperor loses 8 PP but is not tried (17.3 names no trial).
            ctx.add_pp(e, -8, "17.3", Why::Overthrown);
        } else if let Some(e) = ctx.state.emperor() {
            // A dead Emperor's empty throne.
            ctx.state.pyramid_mut(Pyramid::Government).remove(e);
        }
        // The Emperor holds no other post.
        ctx.leave_pyramids(leader, "17.3");
        ctx.state.pyramid_mut(Pyramid::Government).seats[HEAD] = Some(leader);
        ctx.emit(Event::CoupEmperor { who: leader, deposed: old });
        for m in non_supporters {
            disgrace_in_coup(ctx, m, 6, Charge::CoupRanks { supported: false }, "17.3");
        }
        for g in government {
            if ctx.alive(g) {
                let name = ctx.state.full_name(g);
                if dice.chance_in_6(1, "17.3", format!("{name} killed in the storming of the palace")) {
                    let year = dice.range(1, 10, "17.3", "year of the coup") as u8;
                    ctx.kill(g, year, DeathCause::KilledInCoup, None, "17.3");
                }
            }
        }
    } else {
        // 17.4.
        disgrace_in_coup(ctx, leader, 9, Charge::FailedCoup, "17.4");
        for m in supporters {
            disgrace_in_coup(ctx, m, 6, Charge::CoupRanks { supported: true }, "17.4");
        }
        for a in army_members {
            if ctx.alive(a) {
                let name = ctx.state.full_name(a);
                if dice.chance_in_6(1, "17.4", format!("{name} shot in the fighting")) {
                    let year = dice.range(1, 10, "17.4", "year of the coup") as u8;
                    ctx.kill(a, year, DeathCause::KilledInCoup, None, "17.4");
                }
            }
        }
    }
}
