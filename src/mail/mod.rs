//! The mail codec: raw RFC 5322 bytes in, an [`Incoming`] message out
//! (decoded text, threading headers, guards against loops and bounces), and
//! an [`Outgoing`] message to MIME bytes ([`compose`]).
//!
//! Nothing here opens a socket or reads the clock: the caller supplies the
//! bytes, the limits and the date.
//!
//! Decoding never panics on any bytes: what cannot be read at all is an
//! [`Undecodable`]; everything else is decoded as well as the message allows
//! (an unknown charset is read as UTF-8 with replacement characters).
//!
//! # Choices
//! - The body text is the concatenation of the message's text bodies in order
//!   (`text/plain`, or an HTML body converted by [`html_to_text`] when a part
//!   has no plain alternative). `format=flowed` text (Thunderbird, Apple) is
//!   unflowed (RFC 3676) so that an order wrapped by the client at 72
//!   columns comes back as one line.
//! - `return_path` is the header with its angle brackets and white space
//!   removed: `<>` gives `""`, `<bounce@example.org>` gives
//!   `bounce@example.org`. It is the raw header, never the `From` fallback.

mod compose;
mod guards;
mod html;

pub use compose::{compose, Attachment, ComposeError, Outgoing};
pub use guards::{silence_reason, Silence, LOOP_HEADER};
pub use html::html_to_text;

use mail_parser::{HeaderValue, MessageParser, MimeHeaders, PartType};
use sha2::{Digest, Sha256};

/// Size limits applied while decoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Longest body text kept (bytes, UTF-8); longer text is truncated at a
    /// character boundary and the message marked `oversize`.
    pub max_text_bytes: usize,
    /// Largest raw message accepted at all.
    pub max_raw_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_text_bytes: 1024 * 1024, max_raw_bytes: 10 * 1024 * 1024 }
    }
}

/// A decoded incoming message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// Without `<>`; when the message has none: `sha256-<hex of the raw bytes>`.
    pub message_id: String,
    /// The `From` address, lower-cased, bare (`jean@example.org`).
    pub from: Option<String>,
    /// The display name of `From`, decoded.
    pub from_name: Option<String>,
    /// The raw `Return-Path` header without its angle brackets (`""` for `<>`);
    /// `None` when the header is absent.
    pub return_path: Option<String>,
    /// Decoded subject (`""` when absent).
    pub subject: String,
    /// Without `<>`.
    pub in_reply_to: Option<String>,
    /// Without `<>`, oldest first.
    pub references: Vec<String>,
    /// The body text, decoded (see the module notes).
    pub text: String,
    /// Decoded `text/plain` attachments (not the body), in message order.
    pub attachment_texts: Vec<String>,
    /// The body text was longer than [`Limits::max_text_bytes`] and was truncated.
    pub oversize: bool,
    /// Every header: lower-case name and raw value (trimmed), in message order.
    pub headers: Vec<(String, String)>,
}

impl Incoming {
    /// The raw value of the first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Why raw bytes could not be read as a message at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Undecodable {
    #[error("message of {size} bytes exceeds the limit of {limit} bytes")]
    TooLarge { size: usize, limit: usize },
    #[error("empty message")]
    Empty,
    #[error("not an RFC 5322 message: no header could be read")]
    NoHeaders,
}

/// Decodes raw RFC 5322 bytes. Never panics.
pub fn decode(raw: &[u8], limits: &Limits) -> Result<Incoming, Undecodable> {
    if raw.len() > limits.max_raw_bytes {
        return Err(Undecodable::TooLarge { size: raw.len(), limit: limits.max_raw_bytes });
    }
    if raw.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Undecodable::Empty);
    }
    let msg = MessageParser::default().parse(raw).ok_or(Undecodable::NoHeaders)?;
    if msg.headers().is_empty() {
        return Err(Undecodable::NoHeaders);
    }

    let message_id = msg
        .message_id()
        .map(strip_angles)
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("sha256-{}", hex::encode(Sha256::digest(raw))));

    let first_from = msg.from().and_then(|a| a.first());
    let from = first_from.and_then(|a| a.address()).map(|a| a.trim().to_lowercase()).filter(|a| !a.is_empty());
    let from_name = first_from.and_then(|a| a.name()).map(|n| n.trim().to_string()).filter(|n| !n.is_empty());

    let return_path = msg.header_raw("Return-Path").map(strip_angles);
    let subject = msg.subject().map(|s| s.trim().to_string()).unwrap_or_default();
    let in_reply_to = id_list(msg.in_reply_to()).into_iter().next();
    let references = id_list(msg.references());

    let headers = msg
        .headers_raw()
        .map(|(n, v)| (n.to_ascii_lowercase(), v.trim().to_string()))
        .collect();

    let mut text = String::new();
    for part in msg.text_bodies() {
        let piece = match &part.body {
            PartType::Text(t) => {
                let flowed = part.content_type().and_then(|ct| ct.attribute("format")).is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
                if flowed {
                    let delsp = part.content_type().and_then(|ct| ct.attribute("delsp")).is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                    unflow(t, delsp)
                } else {
                    t.to_string()
                }
            }
            PartType::Html(h) => html_to_text(h),
            _ => continue,
        };
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&piece);
    }

    let mut attachment_texts = Vec::new();
    for part in msg.attachments() {
        let is_body = msg.text_bodies().any(|b| std::ptr::eq(b, part));
        if is_body {
            continue;
        }
        if let PartType::Text(t) = &part.body {
            let plain = match part.content_type() {
                None => true,
                Some(ct) => {
                    ct.ctype().eq_ignore_ascii_case("text") && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain"))
                }
            };
            if plain {
                attachment_texts.push(t.to_string());
            }
        }
    }

    let mut oversize = false;
    if text.len() > limits.max_text_bytes {
        let mut cut = limits.max_text_bytes;
        while cut > 0 && !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        oversize = true;
    }

    Ok(Incoming {
        message_id,
        from,
        from_name,
        return_path,
        subject,
        in_reply_to,
        references,
        text,
        attachment_texts,
        oversize,
        headers,
    })
}

/// `<a@b>` → `a@b` (and trims white space).
fn strip_angles(s: &str) -> String {
    let t = s.trim();
    let t = t.strip_prefix('<').unwrap_or(t);
    let t = t.strip_suffix('>').unwrap_or(t);
    t.trim().to_string()
}

/// Message ids of an `In-Reply-To` or `References` header, without `<>`.
fn id_list(v: &HeaderValue<'_>) -> Vec<String> {
    let raw: Vec<String> = match v {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
        _ => Vec::new(),
    };
    raw.iter()
        .flat_map(|s| s.split_whitespace().map(strip_angles).collect::<Vec<_>>())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Undoes RFC 3676 `format=flowed`: a line ending in a space continues on
/// the next line (of the same quote depth); space-stuffing is removed; the
/// signature separator `-- ` is never a flowed line.
pub fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // The paragraph being joined: its quote prefix and its content.
    let mut pending: Option<(usize, String)> = None;
    for raw in text.lines() {
        let depth = raw.chars().take_while(|c| *c == '>').count();
        let mut content = &raw[depth..];
        // Space-stuffing: one leading space after the quote marks is not content.
        if let Some(rest) = content.strip_prefix(' ') {
            content = rest;
        }
        let is_sig = content == "-- ";
        let flowed = !is_sig && content.ends_with(' ');
        let piece = if flowed && delsp { &content[..content.len() - 1] } else { content };
        match pending.take() {
            Some((d, mut acc)) if d == depth => {
                acc.push_str(piece);
                if flowed {
                    pending = Some((d, acc));
                } else {
                    push_line(&mut out, d, &acc);
                }
            }
            Some((d, acc)) => {
                // The depth changed: the flowed paragraph ends here.
                push_line(&mut out, d, &acc);
                if flowed {
                    pending = Some((depth, piece.to_string()));
                } else {
                    push_line(&mut out, depth, piece);
                }
            }
            None => {
                if flowed {
                    pending = Some((depth, piece.to_string()));
                } else {
                    push_line(&mut out, depth, piece);
                }
            }
        }
    }
    if let Some((d, acc)) = pending {
        push_line(&mut out, d, &acc);
    }
    if out.ends_with('\n') && !text.ends_with('\n') {
        out.pop();
    }
    out
}

fn push_line(out: &mut String, depth: usize, content: &str) {
    for _ in 0..depth {
        out.push('>');
    }
    if depth > 0 && !content.is_empty() {
        out.push(' ');
    }
    out.push_str(content);
    out.push('\n');
}
