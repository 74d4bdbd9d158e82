//! `[limits]`: the size of what the daemon reads.

use super::check::Cx;
use toml::Table;

/// `[limits]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest text part of an incoming mail that is read (bytes);
    /// anything larger is refused with an explanation.
    pub max_text_bytes: usize,
    /// Pending mail is read in batches of at most this many bytes (a single
    /// larger message is read alone): a full inbox never takes more memory.
    pub max_batch_bytes: u64,
    /// How long a deadline waits for the mailbox to be read through it (an
    /// outage, an overload) before its turn is played without what could
    /// not be read; the referee is alerted meanwhile.
    pub deadline_mail_wait: jiff::SignedDuration,
    /// Registrations one address may make in 24 hours, all games together
    /// (0: no limit); beyond, registrations are not answered (logged).
    pub registrations_per_address: u32,
    /// Registrations from one mail domain in 24 hours, all games together
    /// (0, the default: no limit; a domain such as gmail.com may hold many
    /// real players, so the referee sets it knowing the game).
    pub registrations_per_domain: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_text_bytes: 1024 * 1024,
            max_batch_bytes: crate::transport::DEFAULT_BATCH_BYTES,
            deadline_mail_wait: jiff::SignedDuration::from_hours(12),
            registrations_per_address: 5,
            registrations_per_domain: 0,
        }
    }
}

impl Cx {
    /// The `[limits]` table (defaults for what it does not set).
    pub(super) fn limits(&mut self, t: &Table) -> Limits {
        let mut limits = Limits::default();
        self.unknown_keys(t, "limits", &["max_text_bytes", "max_batch_bytes", "deadline_mail_wait", "registrations_per_address", "registrations_per_domain"]);
        let d = limits.max_text_bytes as i64;
        limits.max_text_bytes = self.integer(t, "limits", "max_text_bytes", d, (1024, 64 * 1024 * 1024)) as usize;
        let d = limits.max_batch_bytes as i64;
        limits.max_batch_bytes = self.integer(t, "limits", "max_batch_bytes", d, (64 * 1024, 1024 * 1024 * 1024)) as u64;
        if let Some(v) = t.get("deadline_mail_wait") {
            limits.deadline_mail_wait = self.duration("limits.deadline_mail_wait".into(), v).unwrap_or(limits.deadline_mail_wait);
            if limits.deadline_mail_wait.is_negative() || limits.deadline_mail_wait > jiff::SignedDuration::from_hours(24 * 7) {
                self.err("limits.deadline_mail_wait", "must be between 0s and 7d");
            }
        }
        let d = limits.registrations_per_address as i64;
        limits.registrations_per_address = self.integer(t, "limits", "registrations_per_address", d, (0, 1_000_000)) as u32;
        let d = limits.registrations_per_domain as i64;
        limits.registrations_per_domain = self.integer(t, "limits", "registrations_per_domain", d, (0, 1_000_000)) as u32;
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn registration_limits_have_defaults_and_are_checked() {
        let l = parse_at(BASE).unwrap().limits;
        assert_eq!((l.registrations_per_address, l.registrations_per_domain), (5, 0));
        let l = parse_at(&format!("{BASE}\n[limits]\nregistrations_per_domain = 30\nregistrations_per_address = 0\n")).unwrap().limits;
        assert_eq!((l.registrations_per_address, l.registrations_per_domain), (0, 30));
        let e = errors_of(&format!("{BASE}\n[limits]\nregistrations_per_domain = -1\n"));
        assert!(has(&e, "limits.registrations_per_domain: -1 is out of range"), "{e:?}");
    }

    #[test]
    fn max_text_bytes_is_checked_against_its_range() {
        assert_eq!(parse_at(&format!("{BASE}\n[limits]\nmax_text_bytes = 2048\n")).unwrap().limits.max_text_bytes, 2048);
        let e = errors_of(&format!("{BASE}\n[limits]\nmax_text_bytes = 10\n"));
        assert!(has(&e, "limits.max_text_bytes: 10 is out of range"), "{e:?}");
    }
}
