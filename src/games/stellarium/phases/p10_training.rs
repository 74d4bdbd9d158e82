//! Phase 10: training of the young (10).
//!
//! The young born in the previous cycle (and the founders 7–8 at turn 1)
//! enter one of the four schools, open to both sexes (10.1, 10.2): the one
//! the `FORMATION` order names, or one drawn by lot (10.3). A bastard
//! recognised this turn without a training waits for the next turn (7.6).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::model::{CharacterId, Training};
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let young: Vec<CharacterId> = ctx
        .state
        .characters
        .values()
        .filter(|c| ctx.state.needs_training(c) && !ctx.scratch.new_bastards.contains(&c.id))
        .map(|c| c.id)
        .collect();
    for id in young {
        let Some(family) = ctx.character(id).map(|c| c.family.clone()) else { continue };
        let ordered = ctx.orders(&family).trainings.iter().rev().find(|t| t.who == id).map(|t| t.training);
        let (training, by_lot) = match ordered {
            Some(t) => (t, false),
            None => {
                let name = ctx.state.full_name(id);
                let i = dice.pick_index(Training::ALL.len(), "10.3", format!("training of {name}")).unwrap_or(0);
                let t = Training::ALL[i];
                dice.set_outcome(t.keyword_fr());
                (t, true)
            }
        };
        if let Some(c) = ctx.state.character_mut(id) {
            c.training = Some(training);
        }
        ctx.emit(Event::Trained { who: id, training, by_lot });
    }
}
