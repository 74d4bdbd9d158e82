//! Phase 7: births (7).
//!
//! Married women aged 15 to 41 in the first year of the cycle may have
//! children, those married this turn included (7.1), if both spouses agree
//! (7.2: `NAISSANCES qui NON|max`, all they can by default). Two dice on
//! table A; on 11–12, table B with one die when both spouses spend the cycle
//! in the same place, else 3 (7.3). Each child's sex and year of birth are
//! drawn (7.4). Children belong to the father's family (7.1). A newborn
//! has 0 PP until the Supreme Assembly: its PP are the parents' sum
//! "avant l'assemblée suprême" divided by 4, rounded down (7.5), given by
//! [`newborn_prestige`] at the start of phase 27.
//!
//! A family that can no longer have children may recognise a bastard: a man
//! of 31 with 0 PP, at once (7.6), if at the start of the turn it has no
//! single or widowed man who is not a priest, and no man married to a woman
//! under 41 (7.7).

use crate::dice::Dice;
use crate::game::FamilyKey;
use crate::text::key;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Character, CharacterId, Marital, Place, Sex, State, BASTARD_AGE, CAPITAL};
use super::p09_baptisms::name_is_free;
use super::TurnCtx;

/// 7.3, table A: children for the sum of two dice. `None` means "3, or
/// table B when husband and wife are in the same place" (11 and 12).
pub fn table_a(sum: u32) -> Option<u32> {
    match sum {
        0..=3 => Some(0),
        4..=7 => Some(1),
        8..=10 => Some(2),
        _ => None,
    }
}

/// 7.3, table B: children for one die.
pub fn table_b(die: u32) -> u32 {
    match die {
        0..=2 => 3,
        3..=5 => 4,
        _ => 5,
    }
}

/// 7.1: a wife's age bounds in the first year of the cycle.
pub const FERTILE_AGES: std::ops::RangeInclusive<i32> = 15..=41;

/// The planet (or fleet, or ship) where a character spends the cycle, for
/// 7.3's "même localisation": the exchange is on Stellarium.
fn whereabouts(c: &Character) -> String {
    match &c.last_place {
        None | Some(Place::Stellarium) | Some(Place::Exchange { .. }) => key(CAPITAL),
        Some(Place::Colony(p)) => p.clone(),
        Some(Place::Fleet(f)) => format!("flotte {}", f.number()),
        Some(Place::Ship(s)) => format!("vaisseau {}", key(s)),
    }
}

/// The limit a spouse's family set (7.2): `Some(0)` for NON, `None` for no limit.
fn limit_of(ctx: &TurnCtx, c: &Character) -> Option<u32> {
    ctx.orders(&c.family).births.iter().rev().find(|b| b.who == c.id).map(|b| b.max.unwrap_or(0))
}

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    bastards(ctx);
    let first_year = ctx.state.first_year();
    // Couples, by the wife's id.
    let couples: Vec<(CharacterId, CharacterId)> = ctx
        .state
        .living()
        .filter(|w| w.sex == Sex::Female && FERTILE_AGES.contains(&w.age_in(first_year)))
        .filter_map(|w| match w.marital {
            Marital::Married { spouse, .. } if ctx.alive(spouse) => Some((spouse, w.id)),
            _ => None,
        })
        .collect();
    for (father, mother) in couples {
        let (Some(h), Some(w)) = (ctx.character(father).cloned(), ctx.character(mother).cloned()) else { continue };
        let limit = match (limit_of(ctx, &h), limit_of(ctx, &w)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if limit == Some(0) {
            continue;
        }
        let couple = format!("{} & {}", ctx.state.full_name(father), ctx.state.full_name(mother));
        let faces = dice.nd6(2, "7.3", format!("births of {couple} (table A)"));
        let sum: u32 = faces.iter().sum();
        let (mut n, b) = match table_a(sum) {
            Some(n) => (n, None),
            None if whereabouts(&h) == whereabouts(&w) => {
                let d = dice.d6("7.3", format!("births of {couple} (table B)"));
                (table_b(d), Some(d))
            }
            None => (3, None),
        };
        if let Some(l) = limit {
            n = n.min(l);
        }
        ctx.emit(Event::Births { father, mother, table_a: faces, table_b: b, limit, children: n });
        // 7.5: the newborn's PP come from the parents' PP "avant
        // l'assemblée suprême": [`newborn_prestige`] gives them then.
        let pp = 0;
        for _ in 0..n {
            let sex = match dice.pick_index(2, "7.4", format!("sex of a child of {couple}")) {
                Some(0) => Sex::Male,
                _ => Sex::Female,
            };
            let year = dice.range(1, 10, "7.4", format!("year of birth of a child of {couple}")) as u8;
            let birth_year = ctx.state.year_of_cycle(year);
            let id = ctx.state.peek_next_id();
            let mut child = Character::new(&Character::provisional_name(id), sex, birth_year, &h.family);
            child.baptised = false;
            child.father = Some(father);
            child.mother = Some(mother);
            child.pp = pp;
            // The newborn spends the rest of the cycle with its mother.
            child.last_place = w.last_place.clone().or(Some(Place::Stellarium));
            let child_id = ctx.state.add_character(child);
            ctx.emit(Event::Born { child: child_id, father, mother, sex, year: birth_year, pp });
        }
    }
}

/// 7.5: the PP of this turn's newborns, from their parents' PP just before
/// the Supreme Assembly (after the disgraces, trials and pardons of phases
/// 17–26), summed and divided by 4 rounded down (toward minus infinity).
/// A parent who died since keeps the PP he had; a newborn who died gets none.
pub fn newborn_prestige(ctx: &mut TurnCtx) {
    let born: Vec<(CharacterId, CharacterId, CharacterId)> = ctx
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Born { child, father, mother, .. } => Some((*child, *father, *mother)),
            _ => None,
        })
        .collect();
    for (child, father, mother) in born {
        if !ctx.alive(child) {
            continue;
        }
        let parents = |id: CharacterId| ctx.character(id).map_or(0, |c| c.pp);
        let pp = (parents(father) + parents(mother)).div_euclid(4);
        ctx.add_pp(child, pp, "7.5", Why::BirthPrestige);
    }
}

/// 7.7, judged on the state at the start of the turn: no single or widowed
/// man who is not a priest (any age: RULINGS 7.7), no man married to a
/// living woman under 41.
pub fn can_recognise_bastard(state: &State, family: &str) -> Result<(), Why> {
    let year = state.first_year();
    for c in state.living_members(family).filter(|c| c.sex == Sex::Male) {
        match c.marital {
            Marital::Single | Marital::Widowed { .. } if !c.is_priest() => {
                return Err(Why::SingleNotPriest { name: c.first_name.clone() });
            }
            Marital::Married { spouse, .. } if state.character(spouse).is_some_and(|w| w.is_alive() && w.age_in(year) < 41) => {
                return Err(Why::MarriedToYoung { name: c.first_name.clone() });
            }
            _ => {}
        }
    }
    Ok(())
}

fn bastards(ctx: &mut TurnCtx) {
    let families: Vec<FamilyKey> = ctx.inputs.keys().cloned().collect();
    for family in families {
        let Some(b) = &ctx.orders(&family).bastard else { continue };
        if ctx.state.family(&family).is_none() {
            continue;
        }
        let refused = match can_recognise_bastard(ctx.start, &family) {
            Err(r) => Some(r),
            Ok(()) if !name_is_free(&ctx.state, &family, b.first_name.trim(), None) || b.first_name.contains('/') => {
                Some(Why::NameTaken { name: b.first_name.trim().to_string() })
            }
            Ok(()) => None,
        };
        if let Some(reason) = refused {
            ctx.emit(Event::BastardRefused { family, reason: reason.into() });
            continue;
        }
        // 7.6: a man of 31 with 0 PP, in play at once; trained now if the
        // order says so, else next turn (10).
        let birth_year = ctx.state.first_year() - BASTARD_AGE;
        let mut c = Character::new(b.first_name.trim(), Sex::Male, birth_year, &family);
        c.bastard = true;
        c.training = b.training;
        // Recognised after the departures: he spends the cycle on Stellarium.
        c.last_place = Some(Place::Stellarium);
        let id = ctx.state.add_character(c);
        ctx.scratch.new_bastards.insert(id);
        ctx.emit(Event::BastardRecognised { who: id, family });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_3_table_a_exact() {
        let expect = [(2, Some(0)), (3, Some(0)), (4, Some(1)), (7, Some(1)), (8, Some(2)), (10, Some(2)), (11, None), (12, None)];
        for (sum, n) in expect {
            assert_eq!(table_a(sum), n, "sum {sum}");
        }
    }

    #[test]
    fn r7_3_table_b_exact() {
        let got: Vec<u32> = (1..=6).map(table_b).collect();
        assert_eq!(got, vec![3, 3, 4, 4, 4, 5]);
    }
}
