//! Outgoing messages to RFC 5322 bytes, with lettre's message builder.
//!
//! Structure (the usual one, which every client shows well):
//! ```text
//! multipart/mixed                      (only with ordinary attachments)
//! ├── multipart/alternative            (only with an HTML part)
//! │   ├── text/plain; charset=utf-8    (quoted-printable)
//! │   └── multipart/related            (only with inline images)
//! │       ├── text/html; charset=utf-8 (quoted-printable)
//! │       └── image/png (Content-ID, inline)…
//! └── attachments…
//! ```
//! Boundaries derive from the Message-ID, so composing the same message
//! twice gives the same bytes (idempotent retries, stable tests).

use std::time::SystemTime;

use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment as LettreAttachment, Body, Mailbox, MultiPart, SinglePart};
use lettre::Message;
use sha2::{Digest, Sha256};

use super::LOOP_HEADER;

/// A file joined to an outgoing message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    /// e.g. `image/png`; an unreadable type is sent as `application/octet-stream`.
    pub content_type: String,
    pub bytes: Vec<u8>,
    /// For an inline image referenced from the HTML as `cid:<content_id>`
    /// (without `<>`); `None` for an ordinary attachment.
    pub content_id: Option<String>,
}

/// A message to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub from_name: String,
    pub from: String,
    pub to: Vec<String>,
    pub subject: String,
    /// Without `<>`, chosen by the caller (deterministic, for idempotent retries).
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub date: jiff::Timestamp,
    /// `auto-replied` for acknowledgements, `auto-generated` for reports.
    pub auto_submitted: &'static str,
    pub text: String,
    pub html: Option<String>,
    pub attachments: Vec<Attachment>,
    /// The value of [`LOOP_HEADER`]; empty: no loop header (a player's mail).
    pub loop_token: String,
    /// The value of [`JOURNAL_HEADER`] (`<outbox id> <token>`); empty: none.
    pub journal: String,
}

/// Names the outbox item a message was sent from, with a keyed token, so
/// that its journal copy (see `store::outbox`) can be matched and trusted.
pub const JOURNAL_HEADER: &str = "X-Arbitre-Journal";

/// Why a message could not be composed (bad addresses only: everything else
/// always composes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComposeError {
    #[error("invalid sender address {0:?}")]
    BadFrom(String),
    #[error("invalid recipient address {0:?}")]
    BadRecipient(String),
    #[error("no recipient")]
    NoRecipient,
    #[error("the message could not be built: {0}")]
    Build(String),
}

/// Header values may not carry line breaks (header injection).
fn one_line(s: &str) -> String {
    s.chars().map(|c| if c == '\r' || c == '\n' { ' ' } else { c }).collect::<String>().trim().to_string()
}

fn angle(id: &str) -> String {
    format!("<{}>", one_line(id).trim_start_matches('<').trim_end_matches('>'))
}

/// A boundary unique to this message and this level of the tree.
fn boundary(message_id: &str, level: &str) -> String {
    let h = Sha256::digest(format!("{message_id}\0{level}").as_bytes());
    format!("=_arbitre_{}_{}", level, &hex::encode(h)[..24])
}

fn raw_header(name: &'static str, value: &str) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), one_line(value))
}

fn text_part(ct: ContentType, text: &str) -> SinglePart {
    SinglePart::builder()
        .header(ct)
        .header(ContentTransferEncoding::QuotedPrintable)
        .body(Body::new_with_encoding(text.to_string(), ContentTransferEncoding::QuotedPrintable).unwrap_or_else(|b| {
            // Only 7bit/8bit can refuse; quoted-printable never does.
            Body::new(b)
        }))
}

fn attachment_part(a: &Attachment) -> SinglePart {
    let ct = ContentType::parse(&one_line(&a.content_type))
        .unwrap_or_else(|_| ContentType::parse("application/octet-stream").unwrap_or(ContentType::TEXT_PLAIN));
    let filename = one_line(&a.filename);
    let att = match &a.content_id {
        Some(cid) => LettreAttachment::new_inline_with_name(one_line(cid).trim_matches(['<', '>']).to_string(), filename),
        None => LettreAttachment::new(filename),
    };
    att.body(Body::new_with_encoding(a.bytes.clone(), ContentTransferEncoding::Base64).unwrap_or_else(Body::new), ct)
}

/// Composes `o` into RFC 5322 bytes (CRLF line ends).
pub fn compose(o: &Outgoing) -> Result<Vec<u8>, ComposeError> {
    let from_addr = one_line(&o.from);
    let from_name = one_line(&o.from_name);
    let from = Mailbox::new(
        (!from_name.is_empty()).then_some(from_name),
        from_addr.parse().map_err(|_| ComposeError::BadFrom(from_addr.clone()))?,
    );
    if o.to.is_empty() {
        return Err(ComposeError::NoRecipient);
    }
    let mut b = Message::builder()
        .from(from)
        .subject(one_line(&o.subject))
        .message_id(Some(angle(&o.message_id)))
        .date(SystemTime::from(o.date));
    for to in &o.to {
        let t = one_line(to);
        let mb: Mailbox = t.parse().map_err(|_| ComposeError::BadRecipient(t.clone()))?;
        b = b.to(mb);
    }
    if let Some(irt) = &o.in_reply_to {
        b = b.in_reply_to(angle(irt));
    }
    if !o.references.is_empty() {
        b = b.references(o.references.iter().map(|r| angle(r)).collect::<Vec<_>>().join(" "));
    }
    b = b.raw_header(raw_header("Auto-Submitted", o.auto_submitted));
    if o.auto_submitted != "no" {
        // Asks Exchange and Outlook not to answer with out-of-office notices.
        b = b.raw_header(raw_header("X-Auto-Response-Suppress", "All"));
    }
    // An empty token means "not a referee's mail" (the simulated players of
    // `arbitre demo` and the tests compose with this function too).
    if !o.journal.is_empty() {
        b = b.raw_header(raw_header(JOURNAL_HEADER, &o.journal));
    }
    if !o.loop_token.is_empty() {
        b = b.raw_header(raw_header(LOOP_HEADER, &o.loop_token));
    }

    let text = text_part(ContentType::TEXT_PLAIN, &o.text);
    let inline: Vec<&Attachment> = o.attachments.iter().filter(|a| a.content_id.is_some()).collect();
    let attached: Vec<&Attachment> = o.attachments.iter().filter(|a| a.content_id.is_none()).collect();

    enum Tree {
        Single(SinglePart),
        Multi(MultiPart),
    }
    let body = match &o.html {
        None => Tree::Single(text),
        Some(html) => {
            let html = text_part(ContentType::TEXT_HTML, html);
            let alt = MultiPart::alternative().boundary(boundary(&o.message_id, "alt")).singlepart(text);
            if inline.is_empty() {
                Tree::Multi(alt.singlepart(html))
            } else {
                let mut rel = MultiPart::related().boundary(boundary(&o.message_id, "rel")).singlepart(html);
                for a in &inline {
                    rel = rel.singlepart(attachment_part(a));
                }
                Tree::Multi(alt.multipart(rel))
            }
        }
    };
    // Inline images without an HTML part have nothing to be shown in: they
    // are sent as ordinary attachments.
    let mut extra: Vec<&Attachment> = attached;
    if o.html.is_none() {
        extra.extend(inline.iter().copied());
    }
    let message = if extra.is_empty() {
        match body {
            Tree::Single(p) => b.singlepart(p),
            Tree::Multi(m) => b.multipart(m),
        }
    } else {
        let mixed = MultiPart::mixed().boundary(boundary(&o.message_id, "mix"));
        let mut mixed = match body {
            Tree::Single(p) => mixed.singlepart(p),
            Tree::Multi(m) => mixed.multipart(m),
        };
        for a in extra {
            mixed = mixed.singlepart(attachment_part(a));
        }
        b.multipart(mixed)
    };
    message.map(|m| m.formatted()).map_err(|e| ComposeError::Build(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mail_parser::{MessageParser, MimeHeaders};

    fn sample() -> Outgoing {
        Outgoing {
            from_name: "Arbitre Stellarium".into(),
            from: "arbitre@example.net".into(),
            to: vec!["jean@example.org".into()],
            subject: "[stellarium-1] Accusé de réception — tour 3, Atréides".into(),
            message_id: "ack-stellarium-1-3-atreides-1@example.net".into(),
            in_reply_to: Some("orders-1@example.org".into()),
            references: vec!["report-2@example.net".into(), "orders-1@example.org".into()],
            date: "2025-03-03T10:00:00Z".parse().unwrap(),
            auto_submitted: "auto-replied",
            text: "Bonjour,\n\nLigne 5 : LIEU Jessica Mologataï — OK\n".into(),
            html: Some("<p>Bonjour,</p><p>Ligne 5 : <b>LIEU Jessica Mologataï</b> — OK</p><img src=\"cid:map-3\">".into()),
            attachments: vec![
                Attachment { filename: "carte-3.png".into(), content_type: "image/png".into(), bytes: vec![0x89, b'P', b'N', b'G', 0, 1, 2, 255], content_id: Some("map-3".into()) },
                Attachment { filename: "ordres-tour-4.txt".into(), content_type: "text/plain; charset=utf-8".into(), bytes: "PARTIE stellarium-1\nFAMILLE Atréides\n".as_bytes().to_vec(), content_id: None },
            ],
            loop_token: "stellarium-1".into(),
            journal: String::new(),
        }
    }

    #[test]
    fn composed_message_parses_back_with_headers_alternatives_attachments_and_accents() {
        let bytes = compose(&sample()).unwrap();
        let m = MessageParser::default().parse(&bytes).unwrap();
        assert_eq!(m.subject(), Some("[stellarium-1] Accusé de réception — tour 3, Atréides"));
        assert_eq!(m.message_id(), Some("ack-stellarium-1-3-atreides-1@example.net"));
        assert_eq!(m.in_reply_to().as_text(), Some("orders-1@example.org"));
        let refs: Vec<String> = m.references().as_text_list().unwrap().iter().map(|s| s.to_string()).collect();
        assert_eq!(refs, ["report-2@example.net", "orders-1@example.org"]);
        assert_eq!(m.header_raw("Auto-Submitted").map(str::trim), Some("auto-replied"));
        assert_eq!(m.header_raw("X-Arbitre-Loop").map(str::trim), Some("stellarium-1"));
        let from = m.from().unwrap().first().unwrap();
        assert_eq!(from.address(), Some("arbitre@example.net"));
        assert_eq!(from.name(), Some("Arbitre Stellarium"));
        assert_eq!(m.date().unwrap().to_rfc3339(), "2025-03-03T10:00:00Z");
        assert_eq!(m.body_text(0).unwrap(), "Bonjour,\r\n\r\nLigne 5 : LIEU Jessica Mologataï — OK\r\n");
        assert!(m.body_html(0).unwrap().contains("<b>LIEU Jessica Mologataï</b>"));
        let atts: Vec<_> = m.attachments().collect();
        assert_eq!(atts.len(), 2);
        let png = atts.iter().find(|a| a.attachment_name() == Some("carte-3.png")).unwrap();
        assert_eq!(png.contents(), &[0x89, b'P', b'N', b'G', 0, 1, 2, 255]);
        assert_eq!(png.content_id(), Some("map-3"));
        let txt = atts.iter().find(|a| a.attachment_name() == Some("ordres-tour-4.txt")).unwrap();
        assert_eq!(txt.contents(), "PARTIE stellarium-1\nFAMILLE Atréides\n".as_bytes());
        // CRLF everywhere, no bare LF.
        assert!(!bytes.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'));
        assert!(bytes.is_ascii(), "8-bit bytes leaked into the message");
    }

    #[test]
    fn mime_tree_is_mixed_alternative_related() {
        let bytes = compose(&sample()).unwrap();
        let m = MessageParser::default().parse(&bytes).unwrap();
        let types: Vec<String> = m
            .parts
            .iter()
            .map(|p| p.content_type().map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or(""))).unwrap_or_default())
            .collect();
        assert_eq!(
            types,
            ["multipart/mixed", "multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png", "text/plain"]
        );
    }

    #[test]
    fn our_composed_message_is_silenced_when_it_comes_back() {
        let bytes = compose(&sample()).unwrap();
        let m = crate::mail::decode(&bytes, &crate::mail::Limits::default()).unwrap();
        assert_eq!(m.message_id, "ack-stellarium-1-3-atreides-1@example.net");
        assert_eq!(m.text, "Bonjour,\n\nLigne 5 : LIEU Jessica Mologataï — OK\n");
        assert_eq!(m.attachment_texts, ["PARTIE stellarium-1\nFAMILLE Atréides\n"]);
        assert_eq!(crate::mail::silence_reason(&m, &[]), Some(crate::mail::Silence::OwnLoopHeader));
    }

    #[test]
    fn compose_is_deterministic_for_retries() {
        assert_eq!(compose(&sample()).unwrap(), compose(&sample()).unwrap());
    }

    #[test]
    fn text_only_message_is_a_single_part() {
        let mut o = sample();
        o.html = None;
        o.attachments.clear();
        let bytes = compose(&o).unwrap();
        let m = MessageParser::default().parse(&bytes).unwrap();
        assert_eq!(m.parts.len(), 1);
        assert_eq!(m.body_text(0).unwrap().trim_end(), "Bonjour,\r\n\r\nLigne 5 : LIEU Jessica Mologataï — OK");
        assert_eq!(m.header_raw("Auto-Submitted").map(str::trim), Some("auto-replied"));
    }

    #[test]
    fn bad_addresses_and_header_injection_are_refused_or_neutralised() {
        let mut o = sample();
        o.to = vec!["pas une adresse".into()];
        assert!(matches!(compose(&o), Err(ComposeError::BadRecipient(_))));
        o.to.clear();
        assert_eq!(compose(&o), Err(ComposeError::NoRecipient));
        let mut o = sample();
        o.subject = "x\r\nBcc: victim@example.org".into();
        let bytes = compose(&o).unwrap();
        let m = MessageParser::default().parse(&bytes).unwrap();
        assert!(m.header_raw("Bcc").is_none());
    }
}
