//! Rule 0.3: the minimal orders. A family is OR when every free, trained
//! character has a place (LIEU, or captain of an expedition), every young
//! due has a BAPTEME and a FORMATION; at its foundation, when the 8
//! PERSONNAGE lines are there.

use crate::game::Completeness;
use crate::text;

use super::model::{Place, State};
use super::orders::parse::{K_BAPTISM, K_FOUNDER, K_LOCATION, K_TRAINING};
use super::orders::Orders;

/// Whether `orders` reach the minimum for OR; otherwise what is missing, in French.
pub fn completeness(state: &State, family: &str, orders: &Orders) -> Completeness {
    let mut missing = Vec::new();
    let founding = state.family(family).is_none_or(|f| !f.founded);
    if founding {
        for n in 1..=8u8 {
            if !orders.founders.iter().any(|f| f.n == n) {
                missing.push(match refused_line(orders, K_FOUNDER, &n.to_string()) {
                    Some(no) => format!("PERSONNAGE {n} : la ligne {no} a été refusée (voir plus haut)"),
                    None => format!("PERSONNAGE {n} manquant"),
                });
            }
        }
    } else {
        for c in state.living_members(family) {
            let name = &c.first_name;
            let item = |heads: &[&str], what: &str, missing_word: &str| match refused_line(orders, heads, name) {
                Some(no) => format!("{what} pour {name} : la ligne {no} a été refusée (voir plus haut)"),
                None => format!("{what} {missing_word} pour {name}"),
            };
            if state.needs_location(c) && place_given(orders, c.id).is_none() {
                missing.push(item(K_LOCATION, "LIEU", "manquant"));
            }
            if state.needs_baptism(c) && !orders.baptisms.iter().any(|b| b.young == c.id) {
                missing.push(item(K_BAPTISM, "BAPTEME", "manquant"));
            }
            if state.needs_training(c) && !orders.trainings.iter().any(|t| t.who == c.id) {
                missing.push(item(K_TRAINING, "FORMATION", "manquante"));
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
                assert_eq!(missing[0], "PERSONNAGE 1 manquant");
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
                    "LIEU manquant pour Paul".into(),
                    "BAPTEME manquant pour Enfant2".into(),
                    "FORMATION manquante pour Enfant2".into()
                ]
            }
        );
        o.locations.push(LocationOrder { who: paul, place: Place::Stellarium });
        o.baptisms.push(BaptismOrder { young, first_name: "Zoé".into(), priest: None });
        o.trainings.push(TrainingOrder { who: young, training: Training::Merchant });
        assert_eq!(completeness(&s, "A", &o), Completeness::Complete);
    }
}
