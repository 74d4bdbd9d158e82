//! `[outbox]`: how outgoing mail is sent and retried.

use super::check::Cx;
use jiff::SignedDuration;
use toml::Table;

/// `[outbox]`: retries of outgoing mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxConfig {
    /// Delay after the first failed attempt; doubled after each further one.
    pub retry_initial: SignedDuration,
    /// The longest delay between two attempts.
    pub retry_max: SignedDuration,
    /// SMTP only: every message is also sent (same transaction, envelope
    /// only) to the referee's own address; that copy coming back through
    /// IMAP is the proof the server took it, which makes sending exactly
    /// once across crashes (see `store::outbox`).
    pub journal: bool,
    /// How long a journal copy may take to arrive before a message whose
    /// sending was interrupted is sent again.
    pub journal_grace: SignedDuration,
    /// How many messages are sent at the same time (each on its own SMTP
    /// connection).
    pub concurrency: usize,
    /// Anonymous diplomatic messages (`MESSAGE … ANONYME`) leave together at
    /// the next multiple of this duration (counted from the Unix epoch, so
    /// `1h` means on the hour), dated then: their time never points at the
    /// sender's own mail (an acknowledgement, a status on the game page).
    /// `0s`: at once.
    pub anonymous_every: SignedDuration,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        let b = crate::store::Backoff::default();
        OutboxConfig { retry_initial: b.initial, retry_max: b.max, journal: true, journal_grace: SignedDuration::from_mins(2), concurrency: 16, anonymous_every: SignedDuration::from_hours(1) }
    }
}

impl OutboxConfig {
    pub fn backoff(&self) -> crate::store::Backoff {
        crate::store::Backoff { initial: self.retry_initial, max: self.retry_max }
    }
}

impl Cx {
    /// The `[outbox]` table (defaults for what it does not set).
    pub(super) fn outbox(&mut self, t: &Table) -> OutboxConfig {
        let mut outbox = OutboxConfig::default();
        self.unknown_keys(t, "outbox", &["retry_initial", "retry_max", "journal", "journal_grace", "concurrency", "anonymous_every"]);
        outbox.concurrency = self.integer(t, "outbox", "concurrency", outbox.concurrency as i64, (1, 32)) as usize;
        outbox.journal = self.boolean(t, "outbox", "journal", outbox.journal);
        if let Some(v) = t.get("journal_grace") {
            outbox.journal_grace = self.duration("outbox.journal_grace".into(), v).unwrap_or(outbox.journal_grace);
        }
        if let Some(v) = t.get("retry_initial") {
            outbox.retry_initial = self.duration("outbox.retry_initial".into(), v).unwrap_or(outbox.retry_initial);
        }
        if let Some(v) = t.get("retry_max") {
            outbox.retry_max = self.duration("outbox.retry_max".into(), v).unwrap_or(outbox.retry_max);
        }
        match t.get("anonymous_every") {
            // At once: the referee accepts that the time may point at the sender.
            Some(toml::Value::String(s)) if s.trim() == "0s" || s.trim() == "0" => outbox.anonymous_every = SignedDuration::ZERO,
            Some(v) => {
                outbox.anonymous_every = self.duration("outbox.anonymous_every".into(), v).unwrap_or(outbox.anonymous_every);
                if outbox.anonymous_every > SignedDuration::from_hours(24) {
                    self.err("outbox.anonymous_every", "must be 24h or less");
                }
            }
            None => {}
        }
        if outbox.retry_max < outbox.retry_initial {
            self.err("outbox.retry_max", "must not be shorter than outbox.retry_initial");
        }
        outbox
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn anonymous_messages_leave_on_the_hour_by_default_and_at_once_with_0s() {
        assert_eq!(parse_at(BASE).unwrap().outbox.anonymous_every, jiff::SignedDuration::from_hours(1));
        assert_eq!(parse_at(&format!("{BASE}\n[outbox]\nanonymous_every = \"0s\"\n")).unwrap().outbox.anonymous_every, jiff::SignedDuration::ZERO);
        let e = errors_of(&format!("{BASE}\n[outbox]\nanonymous_every = \"2d\"\n"));
        assert!(has(&e, "outbox.anonymous_every: must be 24h or less"), "{e:?}");
    }

    #[test]
    fn retry_max_must_not_be_shorter_than_retry_initial() {
        let e = errors_of(&format!("{BASE}\n[outbox]\nretry_initial = \"2h\"\nretry_max = \"1h\"\n"));
        assert!(has(&e, "outbox.retry_max: must not be shorter"), "{e:?}");
    }
}
