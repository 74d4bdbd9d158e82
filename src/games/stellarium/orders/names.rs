//! The characters named in one family's orders, found through an index
//! built for one [`super::parse_orders`] call.
//!
//! [`State::find_in_family`] and [`State::resolve_name`] fold the first
//! names of a family's characters for each name an order line holds; a mail
//! names a few characters per line. Here each family's members are gathered
//! once, on the first name that refers to that family, with their first
//! names already folded ([`key`]); the answers are
//! those of the `State` functions, which stay the reference (a test compares
//! them on every character of a game).

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::text::key;

use super::super::model::{Character, CharacterId, NameError, State};

/// One family's characters (living and dead), in id order, with the key of
/// their first name.
type Members = Rc<Vec<(String, CharacterId)>>;

/// The index of one `parse_orders` call (the state does not change during
/// it).
pub struct Names<'a> {
    state: &'a State,
    by_family: RefCell<HashMap<String, Members>>,
    /// The living characters of the game by the key of their first name,
    /// in id order: built on the first name no family of the line knows.
    living_by_key: OnceCell<HashMap<String, Vec<CharacterId>>>,
}

impl<'a> Names<'a> {
    pub fn new(state: &'a State) -> Names<'a> {
        Names { state, by_family: RefCell::new(HashMap::new()), living_by_key: OnceCell::new() }
    }

    /// The living characters of every family whose first name has the key
    /// `k`, in id order (a name written without its `/Famille`).
    pub fn living_named(&self, k: &str) -> impl Iterator<Item = &'a Character> + '_ {
        let index = self.living_by_key.get_or_init(|| {
            let mut m: HashMap<String, Vec<CharacterId>> = HashMap::new();
            for c in self.state.living() {
                m.entry(key(&c.first_name)).or_default().push(c.id);
            }
            m
        });
        index.get(k).into_iter().flatten().filter_map(|id| self.character(*id))
    }

    /// The characters of `family` (its key), gathered on first use.
    fn members(&self, family: &str) -> Members {
        if let Some(m) = self.by_family.borrow().get(family) {
            return m.clone();
        }
        let m: Members = Rc::new(
            self.state.members(family).map(|c| (key(&c.first_name), c.id)).collect(),
        );
        self.by_family.borrow_mut().insert(family.to_string(), m.clone());
        m
    }

    fn character(&self, id: CharacterId) -> Option<&'a Character> {
        self.state.characters.get(&id)
    }

    /// As [`State::find_in_family`]: the character of `family` with that
    /// first name (accent/case-insensitive), the living first.
    pub fn find_in_family(&self, family: &str, first_name: &str) -> Option<&'a Character> {
        let k = key(first_name);
        let members = self.members(family);
        let mut same = members.iter().filter(|(mk, _)| *mk == k).filter_map(|(_, id)| self.character(*id));
        let first = same.next()?;
        if first.is_alive() {
            return Some(first);
        }
        Some(same.find(|c| c.is_alive()).unwrap_or(first))
    }

    /// Whether a character of `family` (living or dead) bears that first name.
    pub fn first_name_taken(&self, family: &str, first_name: &str) -> bool {
        let k = key(first_name);
        self.members(family).iter().any(|(mk, _)| *mk == k)
    }

    /// As [`State::resolve_name`]: `FirstName` (a character of `own`) or
    /// `FirstName/Family` (any family); dead characters resolve too.
    pub fn resolve_name(&self, own: &str, text: &str) -> Result<&'a Character, NameError> {
        self.state.resolve_name_with(own, text, |fam, first| self.find_in_family(fam, first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stellarium::model::{Death, DeathCause, Sex};
    use crate::games::stellarium::view::fixture;

    /// Every way of naming every character of a game, and names that do
    /// not resolve: the index answers as the state's own lookups.
    #[test]
    fn the_index_answers_as_the_states_lookups() {
        let (_, mut s, ids) = fixture::game();
        // A dead Paul before a living one (the living is found first), and
        // Vladimir alone and dead (found all the same).
        if let Some(p) = s.characters.get_mut(&ids.paul) {
            p.death = Some(Death { turn: 2, year: 5026, cause: DeathCause::OldAge, place: None });
        }
        s.add_character(fixture::character("Paul", Sex::Male, 5001, "atreides", None, 0));
        let names = Names::new(&s);
        let fams: Vec<&String> = s.families.keys().collect();
        let mut texts: Vec<String> = Vec::new();
        for c in s.characters.values() {
            let fam_name = &s.families[&c.family].name;
            texts.push(c.first_name.clone());
            texts.push(c.first_name.to_uppercase());
            texts.push(format!("{}/{}", c.first_name, fam_name));
            texts.push(format!("{}/{}", c.first_name.to_lowercase(), c.family));
            texts.push(format!("{}x", c.first_name));
        }
        texts.extend(["Personne".to_string(), "Paul/Inconnus".to_string(), "/".to_string(), String::new()]);
        let mut checked = 0;
        for own in &fams {
            for t in &texts {
                assert_eq!(names.resolve_name(own, t).map(|c| c.id), s.resolve_name(own, t).map(|c| c.id), "{t:?} for {own}");
                checked += 1;
            }
            for c in s.characters.values() {
                assert_eq!(names.find_in_family(own, &c.first_name).map(|c| c.id), s.find_in_family(own, &c.first_name).map(|c| c.id));
            }
        }
        assert!(checked > 100, "{checked} names checked");
        // Names without their family: the living of every family, as a walk finds them.
        for c in s.characters.values() {
            let k = key(&c.first_name);
            let walked: Vec<CharacterId> = s.living().filter(|x| key(&x.first_name) == k).map(|x| x.id).collect();
            assert_eq!(names.living_named(&k).map(|x| x.id).collect::<Vec<_>>(), walked, "{k}");
        }
        assert_eq!(names.living_named("PERSONNE").count(), 0);
        assert_eq!(names.living_named(&key("Paul")).count(), 1, "the living Paul, not the dead one");
    }
}
