//! Phase 13: speculation at the exchange (13).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Place, Stake, Training};
use super::TurnCtx;

/// 13.5: the economic situation: +1 when the Empire's colonies grew during
/// the turn, −1 when they shrank, 0 otherwise. Ruling: "au cours du tour"
/// is measured when the exchange opens (phase 13): the discoveries of
/// phase 14 come after it.
pub fn economic_situation(colonies_at_start: u32, colonies_now: u32) -> i32 {
    match colonies_now.cmp(&colonies_at_start) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// 13.4: the table's multiplier for die + situation (the table's rows run
/// from 0 to 7) and a stake.
pub fn exchange_multiplier(die_plus_situation: i32, stake: Stake) -> i64 {
    const TABLE: [[i64; 3]; 8] = [
        [-1, -3, -7], // 0
        [-1, -2, -5], // 1
        [0, -1, -3],  // 2
        [0, 0, -1],   // 3
        [1, 1, 1],    // 4
        [1, 2, 3],    // 5
        [2, 3, 5],    // 6
        [2, 4, 7],    // 7
    ];
    let row = die_plus_situation.clamp(0, 7) as usize;
    let col = match stake {
        Stake::Safe => 0,
        Stake::Normal => 1,
        Stake::Risky => 2,
    };
    TABLE[row][col]
}

/// Phase 13: every merchant at the exchange rolls a die; the table's figure
/// times the stake is his gain (or loss) in M$ for his family and in PP for
/// him (13.4, 13.6).
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let turn = ctx.state.turn;
    let situation = economic_situation(ctx.state.empire_colonies_at_start, ctx.state.empire_colony_count());
    let speculators: Vec<(super::super::model::CharacterId, Stake, u32, String)> = ctx
        .state
        .living()
        .filter(|c| c.is_free() && c.training == Some(Training::Merchant))
        .filter_map(|c| match c.last_place {
            Some(Place::Exchange { stake, amount }) => Some((c.id, stake, amount, c.family.clone())),
            _ => None,
        })
        .collect();
    for (who, stake, amount, family) in speculators {
        // 13.2: banned by the Master Merchant, or the family ended the last cycle in debt.
        let banned = ctx.state.family(&family).is_some_and(|f| f.exchange_ban_turn == Some(turn));
        let in_debt = ctx.start.family(&family).is_some_and(|f| f.in_debt());
        if banned || in_debt {
            let reason = if banned { Why::BannedByMaster } else { Why::InDebtLastTurn };
            ctx.emit(Event::ExchangeRefused { who, reason: reason.into() });
            continue;
        }
        let name = ctx.state.full_name(who);
        let die = dice.d6("13.4", format!("exchange: {name} ({}{amount})", stake.letter()));
        let gain = exchange_multiplier(die as i32 + situation, stake) * i64::from(amount);
        dice.set_outcome(format!("{die}{situation:+} → {gain:+} M$"));
        ctx.emit(Event::Speculation { who, stake, amount, die, situation, gain });
        ctx.add_money(&family, gain, "13.4", Why::Exchange { name });
        ctx.add_pp(who, gain, "13.6", Why::Speculation);
    }
}
