//! Phase 29: victory points (29).

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::FamilyKey;

use super::super::events::Event;
use super::super::why::Why;
use crate::i18n::Msg;
use super::super::model::{Pyramid, State};
use super::TurnCtx;

/// 29.2: the Emperor's family.
pub const EMPEROR_BONUS: i64 = 200;
/// 29.3: each of the other heads' families, the richest, the most prestigious character's.
pub const BONUS: i64 = 100;

/// The victory points of every founded family for the state at the end of
/// the turn, with the bonuses' labels (29.1–29.4). Ruling: a shared bonus
/// is split in whole points, rounded down (100 between 3 → 33 each); a
/// family holding two heads gets two bonuses.
pub fn victory_points(s: &State) -> BTreeMap<FamilyKey, (i64, Vec<(Msg, i64)>)> {
    let fams: Vec<&FamilyKey> = s.families.iter().filter(|(_, f)| f.founded).map(|(k, _)| k).collect();
    let mut out: BTreeMap<FamilyKey, (i64, Vec<(Msg, i64)>)> = BTreeMap::new();
    // 29.1: the sum of the living characters' PP "pour autant qu'il soit
    // positif": each character's PP not below 0 (RULINGS 29.1), or with
    // `victory_pp_floor = "family"` the family's sum not below 0 (one pass
    // over the characters: games of a thousand families stay fast).
    let per_character = s.settings.victory_pp_floor_per_character;
    let mut sums: BTreeMap<&FamilyKey, i64> = fams.iter().map(|f| (*f, 0)).collect();
    for c in s.living() {
        if let Some(v) = sums.get_mut(&c.family) {
            *v += if per_character { c.pp.max(0) } else { c.pp };
        }
    }
    for (f, sum) in sums {
        out.insert(f.clone(), (sum.max(0), Vec::new()));
    }
    let living_head_family = |p: Pyramid| s.head(p).and_then(|h| s.character(h)).filter(|c| c.is_alive()).map(|c| c.family.clone());
    if let Some(f) = living_head_family(Pyramid::Government) {
        if let Some(e) = out.get_mut(&f) {
            e.1.push((Why::BonusEmperor.msg(), EMPEROR_BONUS));
        }
    }
    for p in [Pyramid::Church, Pyramid::Army, Pyramid::Explorers, Pyramid::Merchants] {
        if let Some(f) = living_head_family(p) {
            if let Some(e) = out.get_mut(&f) {
                e.1.push((Why::BonusHead { pyramid: p }.msg(), BONUS));
            }
        }
    }
    // The richest family.
    if let Some(max) = fams.iter().filter_map(|f| s.family(f)).map(|f| f.money).max() {
        let richest: Vec<&FamilyKey> = fams.iter().copied().filter(|f| s.family(f).is_some_and(|x| x.money == max)).collect();
        let share = BONUS / richest.len() as i64;
        for f in richest {
            if let Some(e) = out.get_mut(f) {
                e.1.push((Why::BonusRichest.msg(), share));
            }
        }
    }
    // The family with the most prestigious character.
    if let Some(max) = s.living().filter(|c| out.contains_key(&c.family)).map(|c| c.pp).max() {
        let mut winners: Vec<FamilyKey> = s.living().filter(|c| c.pp == max && out.contains_key(&c.family)).map(|c| c.family.clone()).collect();
        winners.sort();
        winners.dedup();
        let share = BONUS / winners.len() as i64;
        for f in winners {
            if let Some(e) = out.get_mut(&f) {
                e.1.push((Why::BonusMostPrestigious.msg(), share));
            }
        }
    }
    out
}

/// Phase 29: each family's points of the turn, added to its running total (30.3).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let turn = ctx.state.turn;
    let vp = victory_points(&ctx.state);
    for (family, (prestige, bonuses)) in vp {
        let total = prestige + bonuses.iter().map(|(_, b)| b).sum::<i64>();
        let Some(f) = ctx.state.family_mut(&family) else { continue };
        f.victory_history.insert(turn, total);
        f.victory_points = f.victory_history.values().sum();
        let cumulative = f.victory_points;
        ctx.emit(Event::VictoryPoints { family, prestige, bonuses, total, cumulative });
    }
}
