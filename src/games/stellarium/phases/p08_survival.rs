//! Phase 8: survival tests (8).
//!
//! Every character over 60 at the start of the cycle takes a test (8.2).
//! The table gives a risk by age; each cyberprosthesis takes off one point;
//! what is left is the number of chances in 6 of DYING — the rule's example
//! (115 years, risk 6, two prostheses: "2 chances sur 3 de mourir") fixes
//! the reading of the sentence that says "de survivre" (RULINGS 8.2). There
//! is always at least 1 chance in 6 to survive (8.3), so at most 5 to die.
//! A personal doctor revives on 2 in 6 (1.4.1, 8.4); the year of death is
//! drawn (8.4).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::model::{CharacterId, DeathCause};
use super::TurnCtx;

/// 8.2: the risk of natural death for an age at the start of the cycle
/// (0 up to 60 years: no test).
pub fn risk_for_age(age: i32) -> u32 {
    match age {
        i32::MIN..=60 => 0,
        61..=70 => 1,
        71..=80 => 2,
        81..=90 => 3,
        91..=100 => 4,
        101..=110 => 5,
        111..=120 => 6,
        121..=130 => 7,
        131..=140 => 8,
        141..=150 => 9,
        _ => 10,
    }
}

/// Chances in 6 of dying: the risk less one per prosthesis, never below 0,
/// never above 5 (8.3).
pub fn death_chances(age: i32, prostheses: u8) -> u32 {
    risk_for_age(age).saturating_sub(u32::from(prostheses)).min(5)
}

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let first_year = ctx.state.first_year();
    let turn = ctx.turn();
    let old: Vec<(CharacterId, i32, u8)> = ctx
        .state
        .living()
        .filter(|c| c.age_in(first_year) > 60)
        .map(|c| (c.id, c.age_in(first_year), c.prostheses))
        .collect();
    for (id, age, prostheses) in old {
        let chances = death_chances(age, prostheses);
        let name = ctx.state.full_name(id);
        let fails = chances > 0 && dice.chance_in_6(chances, "8.2", format!("survival test of {name}, {age} years"));
        // 1.4.1: a personal doctor revives on 2 in 6 (8.4).
        let revived = fails
            && ctx.character(id).is_some_and(|c| c.bought(turn).doctor)
            && dice.chance_in_6(2, "1.4.1", format!("doctor revives {name}"));
        let died = fails && !revived;
        ctx.emit(Event::SurvivalTest { who: id, age, death_chances: chances, survived: !died });
        if revived {
            ctx.emit(Event::Revived { who: id, rule: "1.4.1".into() });
        }
        if died {
            // 8.4: the year of the death within the cycle.
            let year = dice.range(1, 10, "8.4", format!("year of death of {name}")) as u8;
            ctx.kill(id, year, DeathCause::OldAge, None, "8.2");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r8_2_age_table_exact() {
        let cases = [
            (60, 0),
            (61, 1),
            (70, 1),
            (71, 2),
            (80, 2),
            (81, 3),
            (90, 3),
            (91, 4),
            (100, 4),
            (101, 5),
            (110, 5),
            (111, 6),
            (120, 6),
            (121, 7),
            (130, 7),
            (131, 8),
            (140, 8),
            (141, 9),
            (150, 9),
            (151, 10),
            (300, 10),
        ];
        for (age, risk) in cases {
            assert_eq!(risk_for_age(age), risk, "age {age}");
        }
    }

    #[test]
    fn r8_2_example_gertrude_115_two_prostheses_dies_on_4_in_6() {
        assert_eq!(death_chances(115, 2), 4);
    }

    #[test]
    fn r8_3_always_one_chance_in_6_to_survive() {
        assert_eq!(death_chances(160, 0), 5);
        assert_eq!(death_chances(160, 5), 5);
        assert_eq!(death_chances(65, 3), 0);
    }
}
