//! Phase 9: baptisms (9).
//!
//! The young born in the previous cycle take their official first name at
//! ten and are baptised by a priest, who gains 1 PP (9.1). Without a name
//! the referee draws one from a list; without a priest, a priest of the
//! family by lot, or else the least prestigious priest of the game (9.2).

use crate::dice::Dice;
use crate::text::key;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Sex, State, Training};
use super::TurnCtx;

/// The referee's lists of first names (9.2, founders by default): shared
/// with the daemon's defaults.
pub use super::super::defaults::{FIRST_NAMES_F as FEMALE_NAMES, FIRST_NAMES_M as MALE_NAMES};

/// Whether `name` is free in `family` (first names are unique within a
/// family, living and dead; `except` is the character being named).
pub fn name_is_free(state: &State, family: &str, name: &str, except: Option<CharacterId>) -> bool {
    let k = key(name);
    !k.is_empty() && !state.members(family).any(|c| Some(c.id) != except && key(&c.first_name) == k)
}

/// Draws a first name by lot among those not yet used in `family` (9.2).
/// When the list is exhausted, the name drawn gets a number (`Octave II`).
pub fn draw_name(state: &State, family: &str, sex: Sex, taken: &[String], dice: &mut Dice, rule: &str, what: &str) -> String {
    let list = match sex {
        Sex::Male => MALE_NAMES,
        Sex::Female => FEMALE_NAMES,
    };
    // The keys in use, folded once (not once per name of the list).
    let used: Vec<String> = state.members(family).map(|c| key(&c.first_name)).chain(taken.iter().map(|t| key(t))).collect();
    let free = |n: &str| {
        let k = key(n);
        !k.is_empty() && !used.contains(&k)
    };
    let candidates: Vec<&str> = list.iter().copied().filter(|n| free(n)).collect();
    if let Some(i) = dice.pick_index(candidates.len(), rule, what) {
        let name = candidates[i].to_string();
        dice.set_outcome(name.clone());
        return name;
    }
    let i = dice.pick_index(list.len(), rule, what).unwrap_or(0);
    let base = list[i];
    let mut n = 2u32;
    loop {
        let name = format!("{base} {}", roman(n));
        if free(&name) {
            dice.set_outcome(name.clone());
            return name;
        }
        n += 1;
    }
}

fn roman(mut n: u32) -> String {
    const TABLE: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut s = String::new();
    for (v, r) in TABLE {
        while n >= v {
            s.push_str(r);
            n -= v;
        }
    }
    s
}

/// A priest who may celebrate (baptisms 9, marriages 3.7): alive, free,
/// trained as a priest and not a heretic (RULINGS).
pub fn can_celebrate(state: &State, id: CharacterId) -> bool {
    state.character(id).is_some_and(|c| c.is_free() && c.training == Some(Training::Priest) && !c.heretic)
}

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let young: Vec<CharacterId> = ctx.state.characters.values().filter(|c| ctx.state.needs_baptism(c)).map(|c| c.id).collect();
    for id in young {
        let Some(c) = ctx.character(id) else { continue };
        let family = c.family.clone();
        let sex = c.sex;
        let order = ctx.orders(&family).baptisms.iter().rev().find(|b| b.young == id);

        // The name (9.1), or one drawn from the list (9.2).
        let (name, by_lot) = match order.map(|o| o.first_name.trim()) {
            Some(n) if !n.contains('/') && name_is_free(&ctx.state, &family, n, Some(id)) => (n.to_string(), false),
            _ => {
                let what = format!("first name of {}", ctx.state.full_name(id));
                (draw_name(&ctx.state, &family, sex, &[], dice, "9.2", &what), true)
            }
        };

        // The celebrant (9.1), or 9.2's.
        let priest = match order.and_then(|o| o.priest) {
            Some(p) if can_celebrate(&ctx.state, p) => Some(p),
            _ => default_priest(ctx, &family, id, dice),
        };

        if let Some(c) = ctx.state.character_mut(id) {
            c.first_name = name.clone();
            c.baptised = true;
        }
        ctx.emit(Event::Baptised { who: id, name, priest, by_lot });
        if let Some(p) = priest {
            ctx.add_pp(p, 1, "9.1", Why::Baptism);
        }
    }
}

/// 9.2: "un prêtre de la famille au hasard ou le prêtre du jeu qui a le
/// moins de prestige si la famille n'en a pas" (ties by lot). `None` when
/// the game has no priest able to celebrate.
fn default_priest(ctx: &TurnCtx, family: &str, young: CharacterId, dice: &mut Dice) -> Option<CharacterId> {
    let own: Vec<CharacterId> =
        ctx.state.members(family).filter(|c| can_celebrate(&ctx.state, c.id)).map(|c| c.id).collect();
    let what = format!("priest baptising {}", ctx.state.full_name(young));
    if !own.is_empty() {
        let i = dice.pick_index(own.len(), "9.2", what)?;
        return Some(own[i]);
    }
    let all: Vec<(i64, CharacterId)> =
        ctx.state.living().filter(|c| can_celebrate(&ctx.state, c.id)).map(|c| (c.pp, c.id)).collect();
    let least = all.iter().map(|(pp, _)| *pp).min()?;
    let lowest: Vec<CharacterId> = all.iter().filter(|(pp, _)| *pp == least).map(|(_, id)| *id).collect();
    if lowest.len() == 1 {
        return Some(lowest[0]);
    }
    let i = dice.pick_index(lowest.len(), "9.2", what)?;
    Some(lowest[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r9_2_name_lists_have_no_duplicates() {
        for list in [MALE_NAMES, FEMALE_NAMES] {
            let mut keys: Vec<String> = list.iter().map(|n| key(n)).collect();
            keys.sort();
            let before = keys.len();
            keys.dedup();
            assert_eq!(before, keys.len());
        }
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman(2), "II");
        assert_eq!(roman(14), "XIV");
    }
}
