//! Each family's characters, found without walking every character of the
//! game: [`State::members`](super::model::State::members) asks this index.
//!
//! A game of 1,000 families has 8,000 characters and more; reading one
//! family's orders, checking their completeness and completing them each
//! walked all of them to find the eight or so of that family, for each of
//! the 1,000 families (issue #15). The index lists each family's ids, in id
//! order (the order of the walk it replaces).
//!
//! It is a cache beside the state, never saved (`#[serde(skip)]`), equal
//! to any other (`PartialEq`), built on first use. It stays true because
//! a character's family never changes and characters are only ever added,
//! through [`State::add_character`](super::model::State::add_character),
//! which updates it; the index remembers the number of characters and the
//! next id it was built for, and is built anew when either differs (a
//! character put in the map another way). Debug builds (the tests) check
//! every answer against the walk.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

use super::model::{Character, CharacterId};

/// The characters' ids of each family, for one state of the characters.
#[derive(Debug, Clone, Default)]
struct Built {
    /// `characters.len()` and `next_character_id` when it was true.
    stamp: (usize, u32),
    by_family: HashMap<String, Arc<Vec<CharacterId>>>,
}

impl Built {
    fn of(characters: &BTreeMap<CharacterId, Character>, next_id: u32) -> Built {
        let mut by_family: HashMap<String, Vec<CharacterId>> = HashMap::new();
        for c in characters.values() {
            match by_family.get_mut(c.family.as_str()) {
                Some(ids) => ids.push(c.id),
                None => {
                    by_family.insert(c.family.clone(), vec![c.id]);
                }
            }
        }
        Built { stamp: (characters.len(), next_id), by_family: by_family.into_iter().map(|(k, v)| (k, Arc::new(v))).collect() }
    }
}

/// The index (see the module documentation).
#[derive(Default)]
pub struct MembersIndex {
    built: RwLock<Option<Built>>,
}

impl MembersIndex {
    /// The ids of `family`'s characters (living and dead), in id order.
    pub fn ids(&self, characters: &BTreeMap<CharacterId, Character>, next_id: u32, family: &str) -> Arc<Vec<CharacterId>> {
        let stamp = (characters.len(), next_id);
        let found = {
            let built = self.built.read().unwrap_or_else(|e| e.into_inner());
            match built.as_ref() {
                Some(b) if b.stamp == stamp => Some(b.by_family.get(family).cloned().unwrap_or_default()),
                _ => None,
            }
        };
        let ids = match found {
            Some(ids) => ids,
            None => {
                let b = Built::of(characters, next_id);
                let ids = b.by_family.get(family).cloned().unwrap_or_default();
                *self.built.write().unwrap_or_else(|e| e.into_inner()) = Some(b);
                ids
            }
        };
        #[cfg(debug_assertions)]
        {
            let walked: Vec<CharacterId> = characters.values().filter(|c| c.family == family).map(|c| c.id).collect();
            assert_eq!(*ids, walked, "the members index of {family} is out of date");
        }
        ids
    }

    /// `c` was just added to the characters, which held `len_before`
    /// characters and gave the next id `c.id`: the index follows when it
    /// was true before.
    pub fn added(&mut self, c: &Character, len_before: usize) {
        let built = self.built.get_mut().unwrap_or_else(|e| e.into_inner());
        let Some(b) = built.as_mut() else { return };
        if b.stamp != (len_before, c.id.0) {
            *built = None;
            return;
        }
        b.stamp = (len_before + 1, c.id.0 + 1);
        match b.by_family.get_mut(c.family.as_str()) {
            Some(ids) => Arc::make_mut(ids).push(c.id),
            None => {
                b.by_family.insert(c.family.clone(), Arc::new(vec![c.id]));
            }
        }
    }
}

impl Clone for MembersIndex {
    fn clone(&self) -> MembersIndex {
        let built = self.built.read().unwrap_or_else(|e| e.into_inner()).clone();
        MembersIndex { built: RwLock::new(built) }
    }
}

/// A cache: every index equals every other.
impl PartialEq for MembersIndex {
    fn eq(&self, _: &MembersIndex) -> bool {
        true
    }
}
impl Eq for MembersIndex {}

impl std::fmt::Debug for MembersIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MembersIndex")
    }
}

/// One family's characters through the index, in id order.
pub struct Members<'a> {
    pub(super) characters: &'a BTreeMap<CharacterId, Character>,
    pub(super) ids: Arc<Vec<CharacterId>>,
    pub(super) next: usize,
}

impl<'a> Iterator for Members<'a> {
    type Item = &'a Character;
    fn next(&mut self) -> Option<&'a Character> {
        while let Some(id) = self.ids.get(self.next) {
            self.next += 1;
            if let Some(c) = self.characters.get(id) {
                return Some(c);
            }
        }
        None
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.ids.len().saturating_sub(self.next)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stellarium::model::{Sex, State};
    use crate::games::stellarium::view::fixture;

    /// Each family's characters by walking them all: what the index replaces.
    fn walked(s: &State, family: &str) -> Vec<CharacterId> {
        s.characters.values().filter(|c| c.family == family).map(|c| c.id).collect()
    }

    fn check(s: &State, what: &str) {
        let mut fams: Vec<String> = s.families.keys().cloned().collect();
        fams.push("nobody".into());
        for f in &fams {
            let listed: Vec<CharacterId> = s.members(f).map(|c| c.id).collect();
            assert_eq!(listed, walked(s, f), "{f} {what}");
        }
    }

    #[test]
    fn the_index_lists_each_familys_characters_as_the_walk_does() {
        let (_, mut s, _) = fixture::game();
        check(&s, "at first");
        // Added after the index was built: kept up to date.
        s.add_character(fixture::character("Leto", Sex::Male, 5010, "atreides", None, 0));
        s.add_character(fixture::character("Alia", Sex::Female, 5011, "fremen", None, 0));
        s.add_character(fixture::character("Feyd", Sex::Male, 5012, "newcomers", None, 0));
        check(&s, "after add_character");
        // A copy is as true as the original, and each follows its own changes.
        let mut copy = s.clone();
        copy.add_character(fixture::character("Ghanima", Sex::Female, 5013, "atreides", None, 0));
        check(&copy, "in the copy");
        check(&s, "in the original after the copy changed");
        assert_eq!(copy.members("atreides").count(), s.members("atreides").count() + 1);
        // Put in the map without add_character: the index is built anew.
        let id = CharacterId(s.next_character_id + 7);
        let mut c = fixture::character("Duncan", Sex::Male, 5014, "atreides", None, 0);
        c.id = id;
        s.characters.insert(id, c);
        check(&s, "after a character put in the map directly");
        // Read back from JSON (the index is not saved).
        let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        check(&back, "read back");
        assert_eq!(back, s);
    }
}
