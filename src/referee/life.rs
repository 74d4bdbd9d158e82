//! A player's life by mail beyond the orders (#26): a forgotten password
//! (`MOTDEPASSE OUBLIE | FORGOT-PASSWORD`), a change of address confirmed
//! from both addresses (`ADRESSE <new>`, then `ADRESSE CODE <code>` from the
//! new one), the report of an earlier turn (`RAPPORT <n> | REPORT <n>`), and
//! replies to relayed messages (`REPONDRE <token> … FINMESSAGE`).
//!
//! What an attacker can do with them, and why it is bounded:
//!
//! - **A forgotten password** is mailed only to the family's registered
//!   address, and asked only from it (a request from any other address, or
//!   whose From cannot be trusted, is not answered; the log says why). At
//!   most one new password per family per [`PASSWORD_RESET_EVERY`]; the
//!   others are only logged. The new password does not lock the player
//!   out: the old one keeps working until the new one is first used (a
//!   forged request leaves the player with a working password and one more
//!   in the mailbox). Masked in the outbox's copy once sent, as welcomes.
//! - **A change of address** is asked with the password from the
//!   registered address; the new address gets a code ([`ADDRESS_CONFIRM_WITHIN`]
//!   to send it back from that address) and the seat moves only then, the
//!   old address told. A new request mails a new code only
//!   [`ADDRESS_RESEND_AFTER`] after the last (a player cannot make the
//!   referee flood a third party). A code from any other address, a wrong or
//!   expired one, is not answered (logged).
//! - **Reply tokens** name no one: a token is a nonce and a keyed hash
//!   (installation secret) of the game, the recipient, the sender and the
//!   nonce. The referee finds the sender by trying the families of the game;
//!   the recipient cannot (no secret), cannot tell whether two anonymous
//!   messages came from the same sender (one nonce per relayed mail), and
//!   cannot hand the token to another family (it is bound to the
//!   recipient). A reply goes only to the original sender, marked as a
//!   reply, signed unless anonymous, relayed like a `MESSAGE` (same limits,
//!   same release instants for anonymous ones), and its acknowledgement
//!   never names whom it went to. Nothing is stored.

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::game::FamilyKey;
use crate::mail::Incoming;

use super::intake::{answered, Outcome};
use super::replies::{Draft, Threading};
use super::{password, GameMeta, OpenGame, Referee, Result};

/// At most one new password per family in this time (`MOTDEPASSE OUBLIE`).
pub const PASSWORD_RESET_EVERY: SignedDuration = SignedDuration::from_hours(1);
/// A change of address not confirmed within this is forgotten.
pub const ADDRESS_CONFIRM_WITHIN: SignedDuration = SignedDuration::from_hours(48);
/// A new request for a change of address mails a new code only this long
/// after the last.
pub const ADDRESS_RESEND_AFTER: SignedDuration = SignedDuration::from_hours(1);

/// A new password the player asked for: the old one works until it is used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordReset {
    /// When it was mailed (game time).
    pub at: Timestamp,
    /// The archive key of the request (handled again after a crash: the
    /// same password, the same mail).
    pub by: String,
    /// Its hash, as `FamilyRecord::password_sha256`.
    pub sha256: String,
}

/// A change of address waiting for the new address's confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddressChange {
    /// The new address (lower case).
    pub address: String,
    pub code: String,
    pub requested_at: Timestamp,
    /// The archive key of the request.
    pub by: String,
    /// Cancelled by the player (`ADRESSE <the family's own address>`): its
    /// code is worth nothing, but it still counts for
    /// [`ADDRESS_RESEND_AFTER`] (cancelling and asking again must not mail
    /// a third party more often).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
}

/// Which password of a family a message carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordMatch {
    /// The family's password.
    Current,
    /// The new one it asked for: it becomes the password, the old one stops.
    Reset,
    /// Neither (or none written).
    Neither,
}

/// Which of family `fam`'s passwords `written` is.
pub fn check_password(game: &str, key: &str, written: Option<&str>, fam: &super::FamilyRecord) -> PasswordMatch {
    let Some(p) = written else { return PasswordMatch::Neither };
    if password::verify(game, key, p, &fam.password_sha256) {
        PasswordMatch::Current
    } else if fam.password_reset.as_ref().is_some_and(|r| password::verify(game, key, p, &r.sha256)) {
        PasswordMatch::Reset
    } else {
        PasswordMatch::Neither
    }
}

/// Ten letters and digits (no `0 O 1 I`) from a keyed hash of `parts`.
fn keyed_code(secret: &[u8; 32], parts: &[&str], len: usize) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(secret);
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    h.finalize().iter().take(len).map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char).collect()
}

/// Length of a reply token's nonce and of its keyed hash.
const NONCE_LEN: usize = 6;
const MAC_LEN: usize = 10;

impl Referee {
    /// `MOTDEPASSE OUBLIE`: a new password for family `fkey`, mailed to its
    /// registered address, if the request came from there (see the module
    /// notes). `doubt`: why the From cannot be taken as the sender, if so.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn forgot_password(&self, key: &str, m: &Incoming, from: &str, doubt: Option<String>, g: &mut OpenGame, fkey: &FamilyKey, now: Timestamp) -> Result<Outcome> {
        let gid = g.meta.id.clone();
        let Some(fam) = g.meta.families.get_mut(fkey) else { return Ok(Outcome::Silenced { reason: format!("no family {fkey} in {gid}") }) };
        if let Some(d) = doubt {
            return Ok(Outcome::Silenced { reason: format!("new password for {fkey} in {gid} not sent: {d}") });
        }
        if !from.eq_ignore_ascii_case(&fam.address) {
            return Ok(Outcome::Silenced { reason: format!("new password for {fkey} in {gid} asked from {from}, which is not the family's address: not answered") });
        }
        let again = fam.password_reset.as_ref().filter(|r| r.by == key).map(|r| r.at);
        if let Some(r) = fam.password_reset.as_ref().filter(|r| again.is_none() && now.duration_since(r.at) < PASSWORD_RESET_EVERY) {
            return Ok(Outcome::Silenced { reason: format!("new password for {fkey} in {gid} asked again; one was mailed at {}, less than an hour ago: this request is logged only", r.at) });
        }
        let pw = password::derive(&self.secret, &[&gid, fkey, "forgotten", key]);
        let at = again.unwrap_or(now);
        fam.password_reset = Some(PasswordReset { at, by: key.to_string(), sha256: password::hash(&gid, fkey, &pw) });
        let (name, address, lang) = (fam.name.clone(), fam.address.clone(), if fam.lang == "en" { "en" } else { "fr" });
        self.write_meta(&g.meta)?;
        super::refusals::AuthRefusals::read(&self.store, &gid)?.forget(&self.store, &gid, fkey)?;
        let next = self.game_config(&gid).map(|c| crate::scheduler::format_deadline(at + PASSWORD_RESET_EVERY, &c.time_zone, lang));
        self.queue_secret(
            Draft {
                id: format!("password-forgotten-{key}"),
                to: vec![address.clone()],
                subject: format!("[{gid}] {}", if lang == "en" { "New password" } else { "Nouveau mot de passe" }),
                template: "common/password",
                lang,
                context: json!({ "game": gid, "family": name, "password": pw, "kind": "forgotten", "next": next }),
                threading: Threading { reply_to: Some(m) },
                auto_submitted: "auto-replied",
                attachments: vec![],
            },
            now,
            std::slice::from_ref(&pw),
        )?;
        Ok(answered("password-forgotten", &address, Some(gid), Some(fkey.clone())))
    }

    /// `ADRESSE <new>` from an authenticated family: the entry of the
    /// acknowledgement; the code is mailed to the new address.
    pub(super) fn ask_address_change(&self, key: &str, g: &mut OpenGame, fkey: &FamilyKey, written: &str, now: Timestamp) -> Result<Value> {
        let gid = g.meta.id.clone();
        let Some(address) = super::family::valid_address(written) else {
            return Ok(json!({ "kind": "address", "refused": "invalid", "address": written }));
        };
        let Some(fam) = g.meta.families.get_mut(fkey) else { return Ok(Value::Null) };
        if address == fam.address {
            // The family's own address: a change waiting for its code is
            // cancelled (the player did not ask for it, or changed his mind).
            if let Some(p) = fam.address_change.as_mut().filter(|p| !p.cancelled) {
                p.cancelled = true;
                let to = p.address.clone();
                self.write_meta(&g.meta)?;
                return Ok(json!({ "kind": "address", "cancelled": to }));
            }
            return Ok(json!({ "kind": "address", "refused": "same", "address": address }));
        }
        let lang = if fam.lang == "en" { "en" } else { "fr" };
        let tz = self.game_config(&gid).map(|c| c.time_zone.clone());
        let when = |t: Timestamp| tz.as_ref().map(|z| crate::scheduler::format_deadline(t, z, lang));
        if let Some(p) = fam.address_change.as_ref().filter(|p| p.by != key && now.duration_since(p.requested_at) < ADDRESS_RESEND_AFTER) {
            return Ok(json!({ "kind": "address", "refused": "wait", "address": p.address, "after": when(p.requested_at + ADDRESS_RESEND_AFTER) }));
        }
        let code = keyed_code(&self.secret, &["address", &gid, fkey, &address, key], 10);
        let requested_at = fam.address_change.as_ref().filter(|p| p.by == key).map_or(now, |p| p.requested_at);
        fam.address_change = Some(AddressChange { address: address.clone(), code: code.clone(), requested_at, by: key.to_string(), cancelled: false });
        let name = fam.name.clone();
        self.write_meta(&g.meta)?;
        let mut context = json!({ "kind": "confirm", "game": gid, "family": name, "code": code, "hours": ADDRESS_CONFIRM_WITHIN.as_hours(), "until": when(requested_at + ADDRESS_CONFIRM_WITHIN) });
        if let Some(w) = super::replies::member_word(self, &g.meta.ruleset, lang) {
            context["member"] = json!(w);
        }
        self.queue(
            Draft {
                id: format!("address-confirm-{key}"),
                to: vec![address.clone()],
                subject: format!("[{gid}] {}", if lang == "en" { "Confirm your address" } else { "Confirmez votre adresse" }),
                template: "common/address",
                lang,
                context,
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            },
            now,
        )?;
        Ok(json!({ "kind": "address", "address": address, "hours": ADDRESS_CONFIRM_WITHIN.as_hours() }))
    }

    /// `ADRESSE CODE <code>` (no password): from the address a change of
    /// address waits for, with its code, the seat moves there.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn confirm_address(&self, key: &str, m: &Incoming, from: &str, doubt: Option<String>, g: &mut OpenGame, fkey: &FamilyKey, code: &str, now: Timestamp) -> Result<Outcome> {
        let gid = g.meta.id.clone();
        let Some(fam) = g.meta.families.get_mut(fkey) else { return Ok(Outcome::Silenced { reason: format!("no family {fkey} in {gid}") }) };
        if let Some(d) = doubt {
            return Ok(Outcome::Silenced { reason: format!("address code for {fkey} in {gid} not taken: {d}") });
        }
        let from_lc = from.to_ascii_lowercase();
        // The same message handled again after a crash: the move is done, its mails queued already.
        let waiting = fam.address_change.clone().filter(|p| p.address == from_lc && !p.cancelled);
        let Some(p) = waiting else {
            return Ok(Outcome::Silenced { reason: format!("an address code for {fkey} in {gid} from {from}, for which no change of address waits: not answered") });
        };
        if now.duration_since(p.requested_at) >= ADDRESS_CONFIRM_WITHIN {
            fam.address_change = None;
            self.write_meta(&g.meta)?;
            return Ok(Outcome::Silenced { reason: format!("an address code for {fkey} in {gid} from {from}, asked at {}: expired", p.requested_at) });
        }
        if !bool::from(subtle::ConstantTimeEq::ct_eq(p.code.as_bytes(), code.as_bytes())) {
            return Ok(Outcome::Silenced { reason: format!("a wrong address code for {fkey} in {gid} from {from}: not answered") });
        }
        let lang = if fam.lang == "en" { "en" } else { "fr" };
        let name = fam.name.clone();
        if g.meta.families.values().any(|f| f.address == from_lc) || fam_gone(g, fkey) {
            // The address plays another family of the game, or this one
            // left it meanwhile: said to the new address, the request dropped.
            let reason = if fam_gone(g, fkey) { "gone" } else { "taken" };
            if let Some(f) = g.meta.families.get_mut(fkey) {
                f.address_change = None;
            }
            self.write_meta(&g.meta)?;
            let context = json!({ "kind": reason, "game": gid, "family": name });
            self.queue(
                Draft {
                    id: format!("address-{reason}-{key}"),
                    to: vec![from_lc.clone()],
                    subject: String::new(),
                    template: "common/address",
                    lang,
                    context,
                    threading: Threading { reply_to: Some(m) },
                    auto_submitted: "auto-replied",
                    attachments: vec![],
                },
                now,
            )?;
            return Ok(answered("address-refused", &from_lc, Some(gid), Some(fkey.clone())));
        }
        let tag = format!("{gid}-{fkey}-{key}");
        self.move_seat(g, fkey, &from_lc, super::SeatChange::Move, &tag, true, now)?;
        Ok(answered("address-moved", &from_lc, Some(gid), Some(fkey.clone())))
    }

    /// `RAPPORT <n>`: queues family `fkey`'s report of turn `n` again; the
    /// acknowledgement's entry.
    pub(super) fn report_of(&self, key: &str, g: &OpenGame, fkey: &FamilyKey, n: u32, now: Timestamp) -> Result<Value> {
        if g.meta.last_reported_turn.is_none_or(|last| n > last) {
            return Ok(json!({ "kind": "report", "turn": n, "sent": false, "reason": "not-played", "open": g.meta.turn }));
        }
        let sent = self.resend_report_of(g, fkey, n, &format!("report-turn-{key}-{n}"), now)?;
        Ok(json!({ "kind": "report", "turn": n, "sent": sent, "reason": if sent { Value::Null } else { json!("not-kept") } }))
    }

    /// The token with which `recipient` may answer a message of `sender`
    /// relayed for incoming message `key` (its `n`th command).
    pub fn reply_token(&self, game: &str, recipient: &str, sender: &str, key: &str, n: usize) -> String {
        let nonce = keyed_code(&self.secret, &["reply-nonce", game, key, &n.to_string(), recipient], NONCE_LEN);
        let mac = keyed_code(&self.secret, &["reply", game, recipient, sender, &nonce], MAC_LEN);
        format!("{nonce}{mac}")
    }

    /// The family that `replier` answers with `token`, if the token is one
    /// the referee gave `replier` in game `meta`.
    pub fn reply_sender(&self, meta: &GameMeta, replier: &str, token: &str) -> Option<FamilyKey> {
        let token = token.trim().to_ascii_uppercase();
        if token.len() != NONCE_LEN + MAC_LEN || !token.is_ascii() {
            return None;
        }
        let (nonce, mac) = token.split_at(NONCE_LEN);
        meta.families.keys().filter(|k| k.as_str() != replier).find(|s| {
            let want = keyed_code(&self.secret, &["reply", &meta.id, replier, s, nonce], MAC_LEN);
            bool::from(subtle::ConstantTimeEq::ct_eq(want.as_bytes(), mac.as_bytes()))
        }).cloned()
    }
}

/// Whether family `fkey` left the game (PNJ, resigned): no one takes its seat.
fn fam_gone(g: &OpenGame, fkey: &FamilyKey) -> bool {
    g.meta.families.get(fkey).is_none_or(|f| f.pnj || f.resigned.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_token_names_its_sender_only_to_the_referee_and_only_for_its_recipient() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("config.toml"), format!("data_dir = \"{}\"\nreferee_address = \"a@b.test\"\nadmin_address = \"r@b.test\"\n[transport]\nkind = \"maildir\"\ninbox = \"in\"\noutgoing = \"out\"\n", dir.path().join("data").display())).unwrap();
        let cfg = crate::config::load(&dir.path().join("config.toml")).unwrap();
        let r = Referee::new(cfg, std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates")).unwrap();
        let mut meta: GameMeta = serde_json::from_value(json!({ "id": "g", "ruleset": "stellarium", "seed": 1, "turn": 1, "deadline": null })).unwrap();
        for k in ["A", "B", "C"] {
            meta.families.insert(k.into(), serde_json::from_value(json!({ "name": k, "address": format!("{k}@x.test"), "password_sha256": "", "lang": "fr", "registered_turn": 0 })).unwrap());
        }
        let t = r.reply_token("g", "B", "A", "k1", 0);
        assert_eq!(r.reply_sender(&meta, "B", &t).as_deref(), Some("A"));
        assert_eq!(r.reply_sender(&meta, "B", &t.to_lowercase()).as_deref(), Some("A"));
        assert_eq!(r.reply_sender(&meta, "C", &t), None, "another family cannot use it");
        // Two messages of one sender to one recipient: unlinkable tokens.
        assert_ne!(t, r.reply_token("g", "B", "A", "k2", 0));
        assert_eq!(r.reply_sender(&meta, "B", "AAAAAAAAAAAAAAAA"), None);
    }
}
