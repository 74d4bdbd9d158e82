//! The record of a run of messages being committed (`<data>/intake-run.json`).
//!
//! The daemon handles the messages of a run in one write group, whose
//! commit makes their effects durable, then their replies visible, then
//! their done markers ([`super::Group`]). A process killed inside that
//! commit leaves some effects (orders, `game.json`, replies) on disk without
//! the markers that say they are done, so the messages must be handled
//! again. They must then be decided as they were: if a turn were played or
//! the referee closed the registrations in between, an order for the turn
//! just played would be refused as stale (a second, contrary answer) or kept
//! for the next turn.
//!
//! So the group carries this record as its intent: durable before any of
//! the run's files is renamed, removed once every marker is durable and
//! before the run's game locks are released. Whoever takes the lock of a
//! game that the record names knows that the run was interrupted and that
//! its messages are not finished; adjudications and the referee's commands
//! then refuse to change the game ([`Store::check_no_unfinished_run`]), and
//! the daemon finishes the run first, from the archived copies, at the
//! instants the messages were handled.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

use super::{read_json, to_json_bytes, ArchiveKey, Store, StoreError};

/// A run of messages whose commit has begun.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The games whose locks the run holds.
    pub games: Vec<String>,
    /// The run's messages, in the order they were handled.
    pub messages: Vec<RunMessage>,
}

/// A message of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunMessage {
    pub key: ArchiveKey,
    /// The game time it was handled at (deadlines, receipt instants).
    pub now: Timestamp,
}

impl Store {
    /// Where the record of the run being committed is.
    pub fn run_record_path(&self) -> PathBuf {
        self.root().join("intake-run.json")
    }

    /// The record's bytes, for [`super::Group::set_intent`].
    pub fn run_record_bytes(&self, record: &RunRecord) -> Result<Vec<u8>, StoreError> {
        to_json_bytes(&self.run_record_path(), record)
    }

    /// The record of a run whose commit has begun and not ended (interrupted,
    /// when no process is committing it), `None` when there is none.
    pub fn unfinished_run(&self) -> Result<Option<RunRecord>, StoreError> {
        super::ungrouped(|| read_json(&self.run_record_path()))
    }

    /// Removes the record (once its run is finished).
    pub fn remove_run_record(&self) -> Result<(), StoreError> {
        let path = self.run_record_path();
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(StoreError::Io { path, source: e }),
            _ => Ok(()),
        }
    }

    /// For a writer holding the lock of `game`: an error when an interrupted
    /// run of messages names it (its messages must be finished first).
    pub fn check_no_unfinished_run(&self, game: &str) -> Result<(), StoreError> {
        match self.unfinished_run()? {
            Some(r) if r.games.iter().any(|g| g == game) => Err(StoreError::UnfinishedRun { game: game.to_string() }),
            _ => Ok(()),
        }
    }
}
