//! Phase 23: releases (23.1).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::model::CharacterId;
use super::TurnCtx;

/// Years of a sentence served by one cycle.
pub const YEARS_PER_CYCLE: u32 = 10;

/// Phase 23: every convict sentenced before this turn serves the cycle's
/// ten years; those whose sentence is over leave the penal colony. A
/// sentence passed in this turn's trials (phase 22) starts now.
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let turn = ctx.state.turn;
    let convicts: Vec<CharacterId> = ctx
        .state
        .living()
        .filter(|c| c.sentence.as_ref().is_some_and(|s| s.since_turn < turn))
        .map(|c| c.id)
        .collect();
    for who in convicts {
        let done = match ctx.state.character_mut(who).and_then(|c| c.sentence.as_mut()) {
            Some(s) => {
                s.years_remaining = s.years_remaining.saturating_sub(YEARS_PER_CYCLE);
                s.years_remaining == 0
            }
            None => false,
        };
        if done {
            if let Some(c) = ctx.state.character_mut(who) {
                c.sentence = None;
            }
            ctx.emit(Event::Released { who, rule: "23.1".into() });
        }
    }
}
