//! Registration that a stranger cannot abuse (#25, `registration_confirm`,
//! on by default).
//!
//! `INSCRIPTION <family>` from an address holds no seat: it is a request,
//! kept in `game.json` (`pending_joins`, by code) for [`CONFIRM_WITHIN`],
//! answered by one short mail to that address asking it to send back
//! `INSCRIPTION <family> CODE <code>` (a plain reply does: the line is quoted in
//! it, and quoted orders are read). Only that confirmation, from the same
//! address, registers the family and sends the welcome with its password.
//! So a forged sender gets one small mail and no seat is taken in their
//! name; forged requests cannot fill a game; nobody's address is bound to a
//! family they never asked for.
//!
//! What a flood costs is bounded: one request waits per address (a new one
//! replaces it, and sends a new mail, only [`RESEND_AFTER`] after the last),
//! [`PER_DOMAIN`] per mail domain and [`PER_GAME`] in all; beyond, the
//! request is not answered and the log says why. A code sent from an
//! address that asked nothing is not answered either (no mail a stranger
//! can aim at someone else).
//!
//! Codes are keyed hashes of the request (installation secret, game, family,
//! address, archive key): the same message handled again after a crash
//! gives the same code and the same mail id (queued once).

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

use super::{domain_of as domain, GameMeta, Referee};

/// A request not confirmed within this is forgotten.
pub const CONFIRM_WITHIN: SignedDuration = SignedDuration::from_hours(48);
/// A second request from one address sends a new confirmation mail only
/// this long after the first.
pub const RESEND_AFTER: SignedDuration = SignedDuration::from_hours(1);
/// Requests waiting at most per mail domain, and in one game.
pub const PER_DOMAIN: usize = 10;
pub const PER_GAME: usize = 200;

/// A registration waiting for its address to confirm it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingJoin {
    /// The family's name as asked.
    pub name: String,
    /// The address that asked (lower case).
    pub address: String,
    pub lang: String,
    pub requested_at: Timestamp,
    /// The archive key of the request.
    pub by: String,
}

/// What to do with a request that has no code.
#[derive(Debug, PartialEq, Eq)]
pub enum Request {
    /// Mail this code (a new request, or the same message handled again).
    Mail(String),
    /// Not answered, for this reason (logged).
    Silent(String),
}

/// What a confirmation code is worth.
#[derive(Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// Register the family (the request is removed).
    Good(PendingJoin),
    /// This address asked, but not for this code or family, or too long ago:
    /// say so.
    Wrong,
    /// This address asked nothing: not answered (logged).
    Stranger,
}

/// `INSCRIPTION Atréides CODE K7F3Q9X2HM` → ("Atréides", Some("K7F3Q9X2HM")):
/// the code is the last word, after the word `CODE`, ten letters and
/// digits (`#` would start a comment in the order language).
pub fn split_code(written: &str) -> (String, Option<String>) {
    let t = written.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    match words.as_slice() {
        [name @ .., kw, code] if !name.is_empty() && kw.eq_ignore_ascii_case("CODE") && code.len() == 10 && code.chars().all(|c| c.is_ascii_alphanumeric()) => {
            (name.join(" "), Some(code.to_ascii_uppercase()))
        }
        _ => (t.to_string(), None),
    }
}

impl Referee {
    /// The code of a request: 10 letters and digits, from a keyed hash.
    pub fn join_code(&self, game: &str, family: &str, address: &str, key: &str) -> String {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(self.secret);
        h.update(format!("join\0{game}\0{family}\0{}\0{key}", address.to_ascii_lowercase()).as_bytes());
        const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        h.finalize().iter().take(10).map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char).collect()
    }
}

/// Records a request without a code in `meta` (expired ones dropped first).
pub fn request(meta: &mut GameMeta, code: String, pending: PendingJoin, now: Timestamp) -> Request {
    forget_expired(meta, now);
    if meta.pending_joins.get(&code).is_some_and(|p| p.by == pending.by) {
        return Request::Mail(code);
    }
    if let Some(last) = meta.pending_joins.values().filter(|p| p.address == pending.address).map(|p| p.requested_at).max() {
        if now.duration_since(last) < RESEND_AFTER {
            return Request::Silent(format!("a registration request from {} waits for its confirmation since {last}", pending.address));
        }
    }
    meta.pending_joins.retain(|_, p| p.address != pending.address);
    let d = domain(&pending.address);
    if meta.pending_joins.values().filter(|p| domain(&p.address) == d).count() >= PER_DOMAIN {
        return Request::Silent(format!("{PER_DOMAIN} registration requests from {d} already wait for their confirmation"));
    }
    if meta.pending_joins.len() >= PER_GAME {
        return Request::Silent(format!("{PER_GAME} registration requests already wait for their confirmation"));
    }
    meta.pending_joins.insert(code.clone(), pending);
    Request::Mail(code)
}

/// Looks up a confirmation `code` for `family_key` from `address`; a good
/// one is removed from `meta`.
pub fn confirm(meta: &mut GameMeta, code: &str, family_key: &str, address: &str, now: Timestamp) -> Confirmation {
    forget_expired(meta, now);
    let address = address.to_ascii_lowercase();
    match meta.pending_joins.get(code) {
        Some(p) if p.address == address && crate::text::key(&p.name) == family_key => {
            let p = p.clone();
            meta.pending_joins.remove(code);
            Confirmation::Good(p)
        }
        _ if meta.pending_joins.values().any(|p| p.address == address) => Confirmation::Wrong,
        _ => Confirmation::Stranger,
    }
}

fn forget_expired(meta: &mut GameMeta, now: Timestamp) {
    meta.pending_joins.retain(|_, p| now.duration_since(p.requested_at) < CONFIRM_WITHIN);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> GameMeta {
        serde_json::from_value(serde_json::json!({ "id": "g", "ruleset": "stellarium", "seed": 1, "turn": 0, "deadline": null })).unwrap()
    }

    fn asked(address: &str, by: &str, at: Timestamp) -> PendingJoin {
        PendingJoin { name: "Atréides".into(), address: address.into(), lang: "fr".into(), requested_at: at, by: by.into() }
    }

    fn t(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn the_code_is_the_last_word_after_code() {
        assert_eq!(split_code("Maison Corrino CODE k7f3q9x2hm"), ("Maison Corrino".into(), Some("K7F3Q9X2HM".into())));
        assert_eq!(split_code("Atréides"), ("Atréides".into(), None));
        assert_eq!(split_code("Code Civil"), ("Code Civil".into(), None));
        assert_eq!(split_code("CODE K7F3Q9X2HM"), ("CODE K7F3Q9X2HM".into(), None));
    }

    #[test]
    fn one_request_waits_per_address_and_a_domain_cannot_flood() {
        let mut m = meta();
        let now = t("2026-03-23T10:00:00Z");
        assert_eq!(request(&mut m, "A".into(), asked("x@d.test", "k1", now), now), Request::Mail("A".into()));
        // The same message again (a crash): the same code, mailed again (a no-op in the outbox).
        assert_eq!(request(&mut m, "A".into(), asked("x@d.test", "k1", now), now), Request::Mail("A".into()));
        // Another request from the address within the hour: silent.
        assert!(matches!(request(&mut m, "B".into(), asked("x@d.test", "k2", now), now), Request::Silent(_)));
        // After the hour: it replaces the first.
        let later = now + SignedDuration::from_hours(2);
        assert_eq!(request(&mut m, "C".into(), asked("x@d.test", "k3", later), later), Request::Mail("C".into()));
        assert_eq!(m.pending_joins.len(), 1);
        for i in 1..PER_DOMAIN {
            assert!(matches!(request(&mut m, format!("D{i}"), asked(&format!("p{i}@d.test"), &format!("kd{i}"), later), later), Request::Mail(_)));
        }
        assert!(matches!(request(&mut m, "E".into(), asked("q@d.test", "ke", later), later), Request::Silent(_)), "the domain's share is full");
        assert!(matches!(request(&mut m, "F".into(), asked("q@other.test", "kf", later), later), Request::Mail(_)), "another domain is not");
    }

    #[test]
    fn only_the_asking_address_confirms_within_the_delay() {
        let mut m = meta();
        let now = t("2026-03-23T10:00:00Z");
        request(&mut m, "A".into(), asked("x@d.test", "k1", now), now);
        assert_eq!(confirm(&mut m, "A", "ATREIDES", "evil@e.test", now), Confirmation::Stranger);
        assert_eq!(confirm(&mut m, "Z", "ATREIDES", "X@D.test", now), Confirmation::Wrong);
        assert_eq!(confirm(&mut m, "A", "HARKONNEN", "x@d.test", now), Confirmation::Wrong);
        let late = now + CONFIRM_WITHIN;
        let mut expired = m.clone();
        assert_eq!(confirm(&mut expired, "A", "ATREIDES", "x@d.test", late), Confirmation::Stranger);
        assert!(matches!(confirm(&mut m, "A", "ATREIDES", "X@d.test", now), Confirmation::Good(_)));
        assert!(m.pending_joins.is_empty());
    }
}
