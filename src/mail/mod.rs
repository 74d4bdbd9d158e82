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
//! - Line ends in `text` and `attachment_texts` are LF (CRLF and CR are
//!   converted). A plain alternative that is blank beside a real HTML body
//!   is replaced by the HTML's text.
//! - `return_path` is the header with its angle brackets and white space
//!   removed: `<>` gives `""`, `<bounce@example.org>` gives
//!   `bounce@example.org`. It is the raw header, never the `From` fallback.

pub mod authres;
pub mod calendar;
mod compose;
mod guards;
mod html;
pub mod mask;

pub use compose::{compose, Attachment, ComposeError, Outgoing, JOURNAL_HEADER};
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
    /// How many addresses the `From` headers name together (two `From`
    /// headers, or one `From` with several addresses, make more than one:
    /// such a message has no single author to authenticate or answer).
    pub from_count: usize,
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
    /// The body text or a text attachment was longer than
    /// [`Limits::max_text_bytes`] and was truncated.
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

/// The unfolded value of the first header `name` of a raw message, read from
/// its header block alone (up to the first empty line) without decoding the
/// message: for headers that are plain ASCII by construction, such as
/// [`JOURNAL_HEADER`], where a full [`decode`] would be wasted work. `None`
/// when the header is absent (or its value is not UTF-8).
pub fn raw_header(raw: &[u8], name: &str) -> Option<String> {
    let mut lines = raw.split(|b| *b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l)).peekable();
    while let Some(line) = lines.next() {
        if line.is_empty() {
            return None;
        }
        let Some(colon) = line.iter().position(|b| *b == b':') else { continue };
        let field = &line[..colon];
        if !field.eq_ignore_ascii_case(name.as_bytes()) {
            continue;
        }
        let mut value = line[colon + 1..].to_vec();
        // Folded continuation lines start with white space; unfolding
        // removes the line break only (RFC 5322, 2.2.3).
        while let Some(next) = lines.next_if(|l| l.first().is_some_and(|b| *b == b' ' || *b == b'\t')) {
            value.extend_from_slice(next);
        }
        return String::from_utf8(value).ok().map(|v| v.trim().to_string());
    }
    None
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

    let from_count = msg
        .header_values(mail_parser::HeaderName::From)
        .filter_map(|v| v.as_address())
        .map(|a| a.iter().filter(|a| a.address().is_some_and(|s| !s.trim().is_empty())).count())
        .sum();
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

    // A blank plain alternative beside a real HTML body (some mobile
    // clients): read the HTML instead.
    if text.trim().is_empty() {
        let from_html: Vec<String> = msg
            .html_bodies()
            .filter_map(|p| match &p.body {
                PartType::Html(h) => Some(html_to_text(h)),
                _ => None,
            })
            .collect();
        if !from_html.is_empty() {
            text = from_html.join("\n");
        }
    }
    let text = normalize_newlines(&text);

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
                attachment_texts.push(normalize_newlines(t));
            }
        }
    }

    let mut text = text;
    let mut oversize = false;
    // The limit holds for every text part read, attachments included (a
    // 2 MiB `ordres.txt` would otherwise be read whole).
    for t in std::iter::once(&mut text).chain(attachment_texts.iter_mut()) {
        if t.len() > limits.max_text_bytes {
            let mut cut = limits.max_text_bytes;
            while cut > 0 && !t.is_char_boundary(cut) {
                cut -= 1;
            }
            t.truncate(cut);
            oversize = true;
        }
    }

    Ok(Incoming {
        message_id,
        from,
        from_name,
        from_count,
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

/// CRLF and lone CR become LF.
fn normalize_newlines(s: &str) -> String {
    if s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s.to_string()
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dec(raw: &str) -> Incoming {
        decode(raw.as_bytes(), &Limits::default()).unwrap()
    }

    #[test]
    fn raw_header_reads_the_header_block_only_and_unfolds() {
        let raw = b"Subject: s\r\nx-arbitre-journal: ack-1\r\n  0123abcd\r\nX-Arbitre-Journal: second\r\n\r\nX-Other: body\r\n";
        assert_eq!(raw_header(raw, JOURNAL_HEADER).as_deref(), Some("ack-1  0123abcd"));
        assert_eq!(raw_header(raw, "X-Other"), None, "a line of the body is no header");
        assert_eq!(raw_header(b"Subject: s\n\nb", "Subject").as_deref(), Some("s"));
        assert_eq!(raw_header(b"", "Subject"), None);
        // What the full decoder reads, for a plain header.
        let raw = "Message-ID: <m@x>\r\nX-Arbitre-Journal: ack-2 ff00\r\n\r\nb";
        assert_eq!(raw_header(raw.as_bytes(), JOURNAL_HEADER).as_deref(), dec(raw).header(JOURNAL_HEADER));
    }

    #[test]
    fn message_id_without_angles_or_sha256_of_raw_when_absent() {
        assert_eq!(dec("Message-ID: <abc@x>\r\nSubject: s\r\n\r\nb").message_id, "abc@x");
        let raw = "Subject: s\r\n\r\nb";
        let m = dec(raw);
        assert_eq!(m.message_id, format!("sha256-{}", hex::encode(Sha256::digest(raw.as_bytes()))));
        assert_eq!(m.message_id.len(), 7 + 64);
    }

    #[test]
    fn from_is_lowercased_bare_address_with_decoded_name() {
        let m = dec("From: =?UTF-8?Q?L=C3=A9to?= <Leto.Atreides@Example.ORG>\r\n\r\nb");
        assert_eq!(m.from.as_deref(), Some("leto.atreides@example.org"));
        assert_eq!(m.from_name.as_deref(), Some("Léto"));
    }

    #[test]
    fn every_from_address_is_counted() {
        assert_eq!(dec("From: a@b.org\r\n\r\nb").from_count, 1);
        assert_eq!(dec("Subject: s\r\n\r\nb").from_count, 0);
        assert_eq!(dec("From: a@b.org\r\nFrom: c@d.org\r\n\r\nb").from_count, 2);
        assert_eq!(dec("From: a@b.org, c@d.org\r\n\r\nb").from_count, 2);
        assert_eq!(dec("From: team: a@b.org, c@d.org;\r\n\r\nb").from_count, 2);
    }

    #[test]
    fn return_path_is_raw_header_never_from_fallback() {
        assert_eq!(dec("Return-Path: <>\r\nFrom: a@b\r\n\r\nb").return_path.as_deref(), Some(""));
        assert_eq!(dec("Return-Path: <x@y>\r\nFrom: a@b\r\n\r\nb").return_path.as_deref(), Some("x@y"));
        assert_eq!(dec("From: a@b\r\n\r\nb").return_path, None);
    }

    #[test]
    fn threading_headers_without_angles() {
        let m = dec("In-Reply-To: <r2@x>\r\nReferences: <r1@x>\r\n <r2@x>\r\n\r\nb");
        assert_eq!(m.in_reply_to.as_deref(), Some("r2@x"));
        assert_eq!(m.references, ["r1@x", "r2@x"]);
    }

    #[test]
    fn headers_are_listed_lowercase_with_raw_values() {
        let m = dec("X-Foo: Bar Baz\r\nSubject: =?UTF-8?Q?=C3=A9?=\r\n\r\nb");
        assert_eq!(m.headers[0], ("x-foo".to_string(), "Bar Baz".to_string()));
        assert_eq!(m.headers[1], ("subject".to_string(), "=?UTF-8?Q?=C3=A9?=".to_string()));
        assert_eq!(m.subject, "é");
    }

    #[test]
    fn oversize_text_is_truncated_at_a_char_boundary() {
        let raw = "Subject: s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\néééé";
        let m = decode(raw.as_bytes(), &Limits { max_text_bytes: 5, max_raw_bytes: 1000 }).unwrap();
        assert!(m.oversize);
        assert_eq!(m.text, "éé");
        assert!(!dec(raw).oversize);
    }

    #[test]
    fn undecodable_inputs_are_reported() {
        let lim = Limits { max_text_bytes: 10, max_raw_bytes: 20 };
        assert_eq!(decode(&[b'a'; 21], &lim), Err(Undecodable::TooLarge { size: 21, limit: 20 }));
        assert_eq!(decode(b"", &lim), Err(Undecodable::Empty));
        assert_eq!(decode(b" \r\n", &lim), Err(Undecodable::Empty));
        assert!(Undecodable::NoHeaders.to_string().contains("no header"));
    }

    #[test]
    fn body_line_ends_are_lf() {
        let m = dec("Content-Type: text/plain\r\n\r\nPARTIE p\r\nLIEU A B\rFIN\r\n");
        assert_eq!(m.text, "PARTIE p\nLIEU A B\nFIN\n");
    }

    #[test]
    fn blank_plain_alternative_falls_back_to_html() {
        let raw = "Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n \r\n--b\r\nContent-Type: text/html\r\n\r\n<div>PARTIE p</div>\r\n--b--\r\n";
        assert_eq!(dec(raw).text, "PARTIE p\n");
    }

    #[test]
    fn html_only_body_becomes_lines() {
        let m = dec("Content-Type: text/html; charset=utf-8\r\n\r\n<div>PARTIE p</div><div>LIEU Paul STELLARIUM</div>");
        assert_eq!(m.text, "PARTIE p\nLIEU Paul STELLARIUM\n");
    }

    #[test]
    fn text_attachment_is_kept_apart_from_body_and_binary_ignored() {
        let raw = "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nCorps\r\n--b\r\nContent-Type: text/plain; name=o.txt\r\nContent-Disposition: attachment; filename=o.txt\r\n\r\nPARTIE p\r\n--b\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename=a.png\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--b\r\nContent-Type: text/csv\r\nContent-Disposition: attachment; filename=t.csv\r\n\r\na,b\r\n--b--\r\n";
        let m = dec(raw);
        assert_eq!(m.text, "Corps");
        assert_eq!(m.attachment_texts, ["PARTIE p"]);
    }

    #[test]
    fn unflow_joins_soft_breaks_and_keeps_quotes_and_signature() {
        assert_eq!(unflow("LIEU Paul \nSTELLARIUM\nFIN\n", false), "LIEU Paul STELLARIUM\nFIN\n");
        assert_eq!(unflow("abc \ndef", true), "abcdef");
        assert_eq!(unflow("> un \n> deux\ntrois", false), "> un deux\ntrois");
        assert_eq!(unflow("-- \nJean", false), "-- \nJean");
        // Space-stuffed lines lose their stuffing.
        assert_eq!(unflow(" From here\n", false), "From here\n");
        // A flowed line followed by a different depth ends its paragraph.
        assert_eq!(unflow("a \n> b", false), "a \n> b");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn decode_never_panics_on_any_bytes(raw in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = decode(&raw, &Limits::default());
        }

        #[test]
        fn decode_never_panics_on_mangled_mime(cut in 0usize..400, junk in "[\\x00-\\x7f=<>\\-\r\n]{0,40}") {
            let base = "From: a@b\r\nContent-Type: multipart/alternative; boundary=x\r\n\r\n--x\r\nContent-Type: text/plain; charset=windows-1252; format=flowed\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nPARTIE p =E9=\r\n--x\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPGRpdj5hPC9kaXY+\r\n--x--\r\n";
            let cut = cut.min(base.len());
            let raw = format!("{}{}{}", &base[..cut], junk, &base[cut..]);
            let _ = decode(raw.as_bytes(), &Limits { max_text_bytes: 30, max_raw_bytes: 10_000 });
        }
    }
}
