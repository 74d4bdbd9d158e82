//! Rule 0.3: the minimal orders. A family is OR when every free, trained
//! character has a place (LIEU, or captain of an expedition), every young
//! due has a BAPTEME and a FORMATION; at its foundation, when the 8
//! PERSONNAGE lines are there.

use crate::game::Completeness;
use crate::i18n::Msg;
use crate::{msg, text};

use super::model::{Place, State};
use super::orders::parse::{K_BAPTISM, K_FOUNDER, K_LOCATION, K_TRAINING};
use super::orders::Orders;

/// The minimal orders of 0.3, as `stellarium-missing` messages select them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MinimalOrder {
    Founder,
    Location,
    Baptism,
    Training,
}

impl MinimalOrder {
    pub const ALL: [MinimalOrder; 4] = [MinimalOrder::Founder, MinimalOrder::Location, MinimalOrder::Baptism, MinimalOrder::Training];
    fn key(self) -> &'static str {
        match self {
            MinimalOrder::Founder => "founder",
            MinimalOrder::Location => "location",
            MinimalOrder::Baptism => "baptism",
            MinimalOrder::Training => "training",
        }
    }
    /// What is missing: the order for `subject` (a founder's number or a
    /// first name), or the line `refused` that would have given it.
    pub fn missing(self, subject: &str, refused: Option<usize>) -> Msg {
        match refused {
            Some(no) => msg!("stellarium-missing-refused", order = self.key(), subject = subject, line = no),
            None => msg!("stellarium-missing", order = self.key(), subject = subject),
        }
    }
}

/// One sample of every message of this file, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    MinimalOrder::ALL.iter().flat_map(|o| [o.missing("Paul", None), o.missing("Paul", Some(3))]).collect()
}

/// Whether `orders` reach the minimum for OR; otherwise what is missing.
pub fn completeness(state: &State, family: &str, orders: &Orders) -> Completeness {
    let mut missing = Vec::new();
    let founding = state.family(family).is_none_or(|f| !f.founded);
    if founding {
        for n in 1..=8u8 {
            if !orders.founders.iter().any(|f| f.n == n) {
                let n = n.to_string();
                missing.push(MinimalOrder::Founder.missing(&n, refused_line(orders, K_FOUNDER, &n)));
            }
        }
    } else {
        for c in state.living_members(family) {
            let name = &c.first_name;
            let item = |heads: &[&str], what: MinimalOrder| what.missing(name, refused_line(orders, heads, name));
            if state.needs_location(c) && place_given(orders, c.id).is_none() {
                missing.push(item(K_LOCATION, MinimalOrder::Location));
            }
            if state.needs_baptism(c) && !orders.baptisms.iter().any(|b| b.young == c.id) {
                missing.push(item(K_BAPTISM, MinimalOrder::Baptism));
            }
            if state.needs_training(c) && !orders.trainings.iter().any(|t| t.who == c.id) {
                missing.push(item(K_TRAINING, MinimalOrder::Training));
            }
        }
    }
    if missing.is_empty() {
        Completeness::Complete
    } else {
        Completeness::Partial { missing }
    }
}

/// The number of a refused line of one of `heads` about `subject` (its
/// name as written, or a close misspelling of it), if any.
fn refused_line(orders: &Orders, heads: &[&str], subject: &str) -> Option<usize> {
    orders
        .refused
        .iter()
        .find(|r| heads.contains(&r.head.as_str()) && (text::key(&r.subject) == text::key(subject) || text::suggest(&r.subject, [subject]).is_some()))
        .map(|r| r.no)
}

/// The place the orders give `c`: its LIEU, or the ship it captains.
pub fn place_given(orders: &Orders, c: super::model::CharacterId) -> Option<Place> {
    if let Some(p) = orders.location_of(c) {
        return Some(p.clone());
    }
    orders.expeditions.iter().find(|x| x.captain == c).map(|x| Place::Ship(x.ship.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stellarium::model::{Character, Settings, Sex, Training};
    use crate::games::stellarium::orders::{BaptismOrder, LocationOrder, TrainingOrder};

    fn state() -> State {
        let mut s = State::new(Settings::default());
        s.register("A", "A").unwrap();
        s
    }

    #[test]
    fn r0_3_foundation_needs_the_eight_personnage_lines() {
        let s = state();
        match completeness(&s, "A", &Orders::default()) {
            Completeness::Partial { missing } => {
                assert_eq!(missing.len(), 8);
                assert_eq!(missing[0].render(crate::i18n::Lang::Fr), "PERSONNAGE 1 manquant");
                assert_eq!(missing[0].render(crate::i18n::Lang::En), "CHARACTER 1 missing");
            }
            Completeness::Complete => panic!("complete"),
        }
    }

    #[test]
    fn r0_3_location_baptism_and_training_are_the_minimum() {
        let mut s = state();
        s.families.get_mut("A").unwrap().founded = true;
        s.turn = 2;
        let mut paul = Character::new("Paul", Sex::Male, 4980, "A");
        paul.training = Some(Training::Warrior);
        let paul = s.add_character(paul);
        let mut young = Character::new("Enfant2", Sex::Female, 5005, "A");
        young.baptised = false;
        let young = s.add_character(young);
        // A baby born this cycle needs nothing yet.
        let mut baby = Character::new("Enfant3", Sex::Female, 5012, "A");
        baby.baptised = false;
        s.add_character(baby);
        let mut o = Orders::default();
        assert_eq!(
            completeness(&s, "A", &o),
            Completeness::Partial {
                missing: vec![
                    MinimalOrder::Location.missing("Paul", None),
                    MinimalOrder::Baptism.missing("Enfant2", None),
                    MinimalOrder::Training.missing("Enfant2", None),
                ]
            }
        );
        let Completeness::Partial { missing } = completeness(&s, "A", &o) else { unreachable!() };
        let fr: Vec<String> = missing.iter().map(|m| m.render(crate::i18n::Lang::Fr)).collect();
        assert_eq!(fr, ["LIEU manquant pour Paul", "BAPTEME manquant pour Enfant2", "FORMATION manquante pour Enfant2"]);
        o.locations.push(LocationOrder { who: paul, place: Place::Stellarium });
        o.baptisms.push(BaptismOrder { young, first_name: "Zoé".into(), priest: None });
        o.trainings.push(TrainingOrder { who: young, training: Training::Merchant });
        assert_eq!(completeness(&s, "A", &o), Completeness::Complete);
    }
}
