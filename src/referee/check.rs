//! Checking orders without giving them: the message is handled for real, on
//! the game's own files, but in a dry write group (`store::Group::dry`):
//! every write is staged in memory and dropped, nothing on disk changes (not
//! even a folder), the archive and the outbox look empty (the message is
//! handled as a new one), and the replies it would get are the ones staged
//! in the outbox, returned instead of sent. Other games look absent. Used by
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
        let scoped = self.scoped_to(game);
        // The memory of refusals mailed is hidden too: the message is
        // answered as if it were the first refusal of the hour.
        let hidden = vec![self.store.archive_dir(), self.store.outbox_dir(), super::refusals::AuthRefusals::dir(&self.store)];
        let dry = crate::store::Group::dry(hidden);
        dry.enter(|| {
            let outcome = scoped.handle_mail(raw, at)?;
            let outbox = scoped.store.outbox();
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
