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

impl Referee {
    /// Renders and queues a message. Returns `false` when it was already queued or sent.
    pub fn queue(&self, d: Draft<'_>, now: Timestamp) -> Result<bool> {
        let mut ctx = d.context;
        if let Value::Object(m) = &mut ctx {
            m.entry("referee_name").or_insert(json!(self.config.referee_name));
            m.entry("referee_address").or_insert(json!(self.config.referee_address));
            m.entry("lang").or_insert(json!(d.lang));
        }
        let txt_name = template_name(self, d.template, d.lang, "txt")
            .ok_or_else(|| super::RefereeError::Invalid(format!("no template {}.{}.txt.tera", d.template, d.lang)))?;
        let text = self.renderer.render(&txt_name, &ctx)?;
        let html = match template_name(self, d.template, d.lang, "html") {
            Some(n) => Some(self.renderer.render(&n, &ctx)?),
            None => None,
        };
        let (subject, in_reply_to, references) = match d.threading.reply_to {
            Some(m) => {
                let subj = if m.subject.trim().is_empty() {
                    d.subject.clone()
                } else if m.subject.trim_start().to_ascii_lowercase().starts_with("re:") {
                    m.subject.trim().to_string()
                } else {
                    format!("Re: {}", m.subject.trim())
                };
                let mut refs = m.references.clone();
                refs.push(m.message_id.clone());
                (subj, Some(m.message_id.clone()), refs)
            }
            None => (d.subject.clone(), None, Vec::new()),
        };
        let domain = domain_of(&self.config.referee_address).to_string();
        let out = Outgoing {
            from_name: self.config.referee_name.clone(),
            from: self.config.referee_address.clone(),
            to: d.to.clone(),
            subject,
            message_id: message_id(&[&d.id], &domain),
            in_reply_to,
            references,
            date: now,
            auto_submitted: d.auto_submitted,
            text,
            html,
            attachments: d.attachments,
            loop_token: loop_token(&self.config.referee_address),
        };
        let raw = crate::mail::compose(&out);
        let queued = self.store.outbox().enqueue(&d.id, &self.config.referee_address, &d.to, &raw, now)?;
        Ok(queued)
    }
}

/// The value of our loop header: recognisable, and the same for every message
/// of this referee address.
pub fn loop_token(referee_address: &str) -> String {
    format!("arbitre; {}", referee_address.to_ascii_lowercase())
}
