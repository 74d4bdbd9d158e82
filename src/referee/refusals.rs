//! The refusals of authentication mailed to each family of a game
//! (`<data>/auth-refusals/<game>.json`): one an hour at most goes to a
//! family's address, the others are only logged (`referee::intake`). Kept
//! out of the game's folder: a refused message changes nothing of the game.
//! Written under the game's lock.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::game::FamilyKey;
use crate::store::Store;

use super::Result;

/// A refusal mailed to a family: when, and for which message (its archive
/// key: the same message handled again after a crash is answered again,
/// under the same outbox id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthRefusal {
    pub at: Timestamp,
    pub by: String,
}

/// The last refusal mailed to each family.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AuthRefusals(BTreeMap<FamilyKey, AuthRefusal>);

impl AuthRefusals {
    /// The folder of every game's file.
    pub fn dir(store: &Store) -> std::path::PathBuf {
        store.root().join("auth-refusals")
    }

    fn path(store: &Store, game: &str) -> std::path::PathBuf {
        Self::dir(store).join(format!("{game}.json"))
    }

    pub fn read(store: &Store, game: &str) -> Result<AuthRefusals> {
        Ok(crate::store::read_json(&Self::path(store, game))?.unwrap_or_default())
    }

    pub fn last(&self, family: &FamilyKey) -> Option<&AuthRefusal> {
        self.0.get(family)
    }

    /// Records a refusal mailed to `family` at `at` for message `by`.
    pub fn record(&mut self, store: &Store, game: &str, family: &FamilyKey, at: Timestamp, by: &str) -> Result<()> {
        self.0.insert(family.clone(), AuthRefusal { at, by: by.to_string() });
        self.write(store, game)
    }

    /// Forgets `family`'s refusals (it has a new password).
    pub fn forget(mut self, store: &Store, game: &str, family: &FamilyKey) -> Result<()> {
        if self.0.remove(family).is_some() {
            self.write(store, game)?;
        }
        Ok(())
    }

    fn write(&self, store: &Store, game: &str) -> Result<()> {
        let path = Self::path(store, game);
        if let Some(dir) = path.parent() {
            crate::store::create_dir_all_durable(dir).map_err(crate::store::StoreError::io(dir))?;
        }
        Ok(crate::store::write_json_atomic(&path, &self.0)?)
    }
}
