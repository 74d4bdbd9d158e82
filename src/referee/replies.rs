//! Outgoing mail: every reply, report and notice is rendered from a template
//! under `templates/common/` (or the ruleset's own folder), composed as MIME
//! and written to the durable outbox under a deterministic id, so that
//! handling the same mail or the same turn twice (after a crash) queues
//! nothing twice.

use jiff::Timestamp;
use serde_json::{json, Value};

use crate::mail::{Attachment, Incoming, Outgoing};

use super::{message_id, domain_of, Referee, Result};

/// How a message relates to what it answers.
pub struct Threading<'a> {
    pub reply_to: Option<&'a Incoming>,
}

impl Threading<'_> {
    pub const NONE: Threading<'static> = Threading { reply_to: None };
}

/// One message to queue.
pub struct Draft<'a> {
    /// Outbox id: deterministic (derived from what caused the message).
    pub id: String,
    pub to: Vec<String>,
    /// Subject when the message is not a reply (a reply gets `Re: <subject>`).
    pub subject: String,
    /// Template base name, e.g. `common/ack` → `common/ack.fr.txt.tera` (+ `.html.tera` if present).
    pub template: &'a str,
    pub lang: &'a str,
    pub context: Value,
    pub threading: Threading<'a>,
    pub auto_submitted: &'static str,
    pub attachments: Vec<Attachment>,
}

/// The template name for a base name and language, falling back to French.
pub fn template_name(r: &Referee, base: &str, lang: &str, ext: &str) -> Option<String> {
    let want = format!("{base}.{lang}.{ext}.tera");
    if r.renderer.has_template(&want) {
        return Some(want);
    }
    let fr = format!("{base}.fr.{ext}.tera");
    r.renderer.has_template(&fr).then_some(fr)
}

/// What a ruleset calls a seat in the player's language (`<ruleset>/member.<lang>.txt.tera`:
/// Galaxy's "joueur"); `None` for the default ("famille", in the templates).
pub fn member_word(r: &Referee, ruleset: &str, lang: &str) -> Option<String> {
    let name = template_name(r, &format!("{ruleset}/member"), lang, "txt")?;
    r.renderer.render(&name, &serde_json::json!({})).ok().map(|w| w.trim().to_string()).filter(|w| !w.is_empty())
}

impl Referee {
    /// Renders and queues a message. Returns `false` when it was already queued or sent.
    pub fn queue(&self, d: Draft<'_>, now: Timestamp) -> Result<bool> {
        self.queue_into(d, now, None)
    }

    /// [`Referee::queue`], through `batch` when given (durable and visible to
    /// the sender at the batch's commit: the deadline's reports).
    pub fn queue_into(&self, d: Draft<'_>, now: Timestamp, batch: Option<&crate::store::Deferred>) -> Result<bool> {
        self.queue_full(d, now, batch, None, &[])
    }

    /// [`Referee::queue`] for a message that leaves at `release` (dated
    /// then) rather than at once: an anonymous diplomatic message.
    pub fn queue_at(&self, d: Draft<'_>, now: Timestamp, release: Option<Timestamp>) -> Result<bool> {
        self.queue_full(d, now, None, release, &[])
    }

    /// [`Referee::queue`] of a message carrying `secrets` (a password): they
    /// are masked in the outbox's copy once it is sent (`Outbox::scrub`).
    pub fn queue_secret(&self, d: Draft<'_>, now: Timestamp, secrets: &[String]) -> Result<bool> {
        self.queue_full(d, now, None, None, secrets)
    }

    fn queue_full(&self, d: Draft<'_>, now: Timestamp, batch: Option<&crate::store::Deferred>, release: Option<Timestamp>, secrets: &[String]) -> Result<bool> {
        let mut ctx = d.context;
        if let Value::Object(m) = &mut ctx {
            m.entry("referee_name").or_insert(json!(self.config.referee_name));
            m.entry("referee_address").or_insert(json!(self.config.referee_address));
            m.entry("lang").or_insert(json!(d.lang));
        }
        let txt_name = template_name(self, d.template, d.lang, "txt")
            .ok_or_else(|| super::RefereeError::Invalid(format!("no template {}.{}.txt.tera", d.template, d.lang)))?;
        let text = tidy_text(&self.renderer.render(&txt_name, &ctx)?);
        let html = match template_name(self, d.template, d.lang, "html") {
            Some(n) => Some(self.renderer.render(&n, &ctx)?).filter(|h| !h.trim().is_empty()),
            None => None,
        };
        let (subject, in_reply_to, references) = match d.threading.reply_to {
            Some(m) => {
                // What the sender wrote comes back bounded (a 5 MB
                // `References` must not be mailed back to a stranger).
                let theirs = truncate_chars(m.subject.trim(), MAX_REFLECTED_SUBJECT_CHARS);
                let subj = if theirs.is_empty() {
                    d.subject.clone()
                } else if theirs.to_ascii_lowercase().starts_with("re:") {
                    theirs.to_string()
                } else {
                    format!("Re: {theirs}")
                };
                let sane = |id: &&String| id.len() <= MAX_REFLECTED_ID_BYTES;
                let own = Some(&m.message_id).filter(sane).cloned();
                let mut refs: Vec<String> = m.references.iter().filter(sane).cloned().collect();
                refs.extend(own.clone());
                // The first (the thread's root) and the latest ones.
                if refs.len() > MAX_REFLECTED_REFERENCES {
                    refs.drain(1..refs.len() - (MAX_REFLECTED_REFERENCES - 1));
                }
                (subj, own, refs)
            }
            None => (d.subject.clone(), None, Vec::new()),
        };
        let domain = domain_of(&self.config.referee_address).to_string();
        let id = outbox_id(&d.id);
        let out = Outgoing {
            from_name: self.config.referee_name.clone(),
            from: self.config.referee_address.clone(),
            to: d.to.clone(),
            subject,
            message_id: message_id(&[&d.id], &domain),
            in_reply_to,
            references,
            date: release.unwrap_or(now),
            auto_submitted: d.auto_submitted,
            text,
            html,
            attachments: d.attachments,
            loop_token: loop_token(&self.config.referee_address),
            journal: format!("{id} {}", self.journal_token(&id)),
        };
        let raw = match crate::mail::compose(&out) {
            Ok(r) => r,
            Err(e) => {
                // An address that cannot be written in a header (it came from
                // a mail's From): this reply cannot exist; say so in the log.
                tracing::error!(id = %d.id, to = ?d.to, error = %e, "reply not composed");
                return Ok(false);
            }
        };
        let outbox = self.store.outbox();
        let queued = match batch {
            None if release.is_some_and(|t| t > now) => outbox.enqueue_not_before(&id, &self.config.referee_address, &d.to, &raw, release)?,
            None if !secrets.is_empty() => outbox.enqueue_secret(&id, &self.config.referee_address, &d.to, &raw, secrets)?,
            None => outbox.enqueue(&id, &self.config.referee_address, &d.to, &raw)?,
            Some(b) => outbox.enqueue_deferred(&id, &self.config.referee_address, &d.to, &raw, b)?,
        };
        Ok(queued == crate::store::Enqueued::Queued)
    }
}

impl Referee {
    /// When an anonymous message handled at `now` leaves: the next multiple
    /// of `[outbox] anonymous_every` after it (`now` itself when 0).
    pub fn anonymous_release(&self, now: Timestamp) -> Timestamp {
        let every = self.config.outbox.anonymous_every.as_millis();
        if every <= 0 {
            return now;
        }
        let t = now.as_millisecond() as i128;
        let next = (t.div_euclid(every) + 1) * every;
        i64::try_from(next).ok().and_then(|ms| Timestamp::from_millisecond(ms).ok()).unwrap_or(now)
    }

    /// A relayed message's place among the others of its incoming mail: a
    /// keyed hash of the recipient (so the outbox's order of sending, by
    /// id, says nothing about who was left out).
    pub fn relay_slot(&self, key: &str, n: usize, recipient: &str) -> String {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(self.secret);
        h.update(format!("relay\0{key}\0{n}\0{recipient}").as_bytes());
        hex::encode(&h.finalize()[..8])
    }
}

/// The longest subject of a sender's mail repeated in a reply (characters).
pub const MAX_REFLECTED_SUBJECT_CHARS: usize = 200;
/// A Message-ID of a sender's mail longer than this (bytes) is not repeated
/// in a reply's `In-Reply-To` or `References` (RFC 5322 lines are 998 bytes).
pub const MAX_REFLECTED_ID_BYTES: usize = 250;
/// At most this many ids in a reply's `References`: the thread's first and
/// the latest ones (RFC 5322 3.6.4 allows trimming the middle).
pub const MAX_REFLECTED_REFERENCES: usize = 10;

/// The first `max` characters of `s`, with `…` when cut.
fn truncate_chars(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => s.into(),
        Some((i, _)) => format!("{}…", &s[..i]).into(),
    }
}

/// Tidies a rendered text mail: no trailing spaces, at most one blank line
/// in a row (template conditionals leave runs of them), one final newline.
pub fn tidy_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 || out.is_empty() {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// An outbox id from any text: the store accepts ASCII letters, digits and
/// `._@+-=`; anything else becomes `=XX` (so distinct texts stay distinct),
/// and a very long id is shortened with a hash.
pub fn outbox_id(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'_' | b'@' | b'+' | b'-' => out.push(b as char),
            _ => out.push_str(&format!("={b:02X}")),
        }
    }
    if out.len() > 120 {
        use sha2::{Digest, Sha256};
        let h = hex::encode(&Sha256::digest(text.as_bytes())[..16]);
        out.truncate(80);
        out.push('-');
        out.push_str(&h);
    }
    out
}

/// The value of our loop header: recognisable, and the same for every message
/// of this referee address.
pub fn loop_token(referee_address: &str) -> String {
    format!("arbitre; {}", referee_address.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_text_keeps_one_blank_line_and_no_trailing_spaces() {
        assert_eq!(tidy_text("\n\nBonjour,  \n\n\n\nligne\n\n"), "Bonjour,\n\nligne\n");
    }

    #[test]
    fn outbox_ids_are_safe_and_distinct() {
        assert_eq!(outbox_id("report-g-1-ATREIDES"), "report-g-1-ATREIDES");
        assert_ne!(outbox_id("a b"), outbox_id("a_b"));
        assert!(outbox_id(&"é".repeat(200)).len() <= 120);
    }
}
