//! Checking orders without giving them: the message is handled for real, but
//! in a throw-away copy of the game's open turn (`Referee::sandbox_copy`),
//! and the replies it would get are returned instead of sent. Used by
//! `arbitre orders check` and by the order-check box of the private web page.

use jiff::Timestamp;

use super::intake::Outcome;
use super::Referee;

/// What a message would get.
#[derive(Debug)]
pub struct CheckResult {
    pub outcome: Outcome,
    /// The replies it would cause (raw RFC 5322), in outbox order.
    pub replies: Vec<Vec<u8>>,
}

impl Referee {
    /// Handles `raw` as if it arrived at `at` in `game`; changes nothing.
    pub fn check_message(&self, game: &str, raw: &[u8], at: Timestamp) -> anyhow::Result<CheckResult> {
        let sandbox = tempfile::tempdir()?;
        // Only the throw-away copy is written here: no fsync is worth it.
        crate::store::without_fsync(|| {
            let copy = self.sandbox_copy(game, sandbox.path(), raw)?;
            let outcome = copy.handle_mail(raw, at)?;
            let outbox = copy.store.outbox();
            let mut replies = Vec::new();
            for meta in outbox.list(crate::store::OutboxState::New)? {
                if let Some(raw) = outbox.raw(&meta.id)? {
                    replies.push(raw);
                }
            }
            Ok(CheckResult { outcome, replies })
        })
    }
}
