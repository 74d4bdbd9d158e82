//! Journal copies: how sending over SMTP becomes exactly-once.
//!
//! A crash between the server's "250 accepted" and the outbox recording it
//! would otherwise make the daemon send the message again. So every message
//! carries `X-Arbitre-Journal: <outbox id> <token>` and is sent, in the same
//! SMTP transaction, to the referee's own address as well (envelope only:
//! the players see no copy recipient). The server accepts a transaction for
//! all its recipients or for none, so the copy arriving in the referee's
//! mailbox proves the message was accepted. The outbox writes "in flight"
//! before each attempt; an item in flight after a crash is sent again only
//! once the mailbox has been read completely, a grace period after the
//! attempt, without its copy (`daemon::outbox_loop`).
//!
//! The token is a keyed hash of the outbox id with the installation's
//! secret, so that nobody can forge a copy that marks someone else's
//! report as delivered.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::Referee;
use crate::mail::{self, Incoming, JOURNAL_HEADER};

/// What the journal copy of one of our messages says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalCopy {
    pub outbox_id: String,
}

impl Referee {
    /// The token for outbox item `id` (32 hex digits).
    pub fn journal_token(&self, id: &str) -> String {
        let mut h = Sha256::new();
        h.update(b"arbitre journal v1\0");
        h.update(self.secret);
        h.update(b"\0");
        h.update(id.as_bytes());
        hex::encode(&h.finalize()[..16])
    }

    /// `Some` when `m` is the journal copy of a message this referee sent
    /// (its header's token checks out), `None` for any other mail.
    pub fn journal_copy_of(&self, m: &Incoming) -> Option<JournalCopy> {
        self.journal_copy_in(m.header(JOURNAL_HEADER)?)
    }

    /// The same check on the raw bytes, reading the header block only: a
    /// journal copy is recognised without decoding its body (half of the
    /// intake's messages in a rush are copies). `None` sends the message
    /// down the ordinary path, which checks the decoded header again.
    pub fn journal_copy_of_raw(&self, raw: &[u8]) -> Option<JournalCopy> {
        self.journal_copy_in(&mail::raw_header(raw, JOURNAL_HEADER)?)
    }

    fn journal_copy_in(&self, value: &str) -> Option<JournalCopy> {
        // Long values may have been folded at the space.
        let mut words = value.split_whitespace();
        let (id, token) = (words.next()?, words.next()?);
        if words.next().is_some() {
            return None;
        }
        let expected = self.journal_token(id);
        if expected.as_bytes().ct_eq(token.as_bytes()).into() {
            Some(JournalCopy { outbox_id: id.to_string() })
        } else {
            None
        }
    }
}
