//! Passwords masked in a raw message, so that no archived order keeps one
//! in clear (`referee::intake`, once the message's done marker is durable).
//!
//! What is masked: the word after each password keyword of the order
//! language (`MOTDEPASSE`, `MOT DE PASSE`, `PASSWORD`, any case, an optional
//! `:`), each of its bytes replaced by `*`, wherever it is written — plain
//! or quoted-printable text (soft line breaks inside the word are skipped),
//! and inside base64 text parts, which are decoded, masked and encoded
//! again. Everything else keeps its bytes, so the message still decodes.

use base64::Engine as _;
use mail_parser::{Encoding, MessageParser};

/// `raw` with every password masked; `None` when there is none to mask.
pub fn mask_passwords(raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = raw.to_vec();
    let mut changed = mask_in(&mut out);
    // Base64 parts, from the last (their offsets stay valid).
    let has_base64 = raw.windows(6).any(|w| w.eq_ignore_ascii_case(b"base64"));
    let parts: Vec<(usize, usize)> = if !has_base64 { Vec::new() } else { MessageParser::default()
        .parse(raw)
        .map(|m| {
            m.parts
                .iter()
                .filter(|p| p.encoding == Encoding::Base64 && p.is_text())
                .map(|p| (p.offset_body as usize, p.offset_end as usize))
                .filter(|(a, b)| a < b && *b <= raw.len())
                .collect()
        })
        .unwrap_or_default() };
    for (start, end) in parts.into_iter().rev() {
        let encoded: Vec<u8> = out[start..end].iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
        let Ok(mut decoded) = base64::engine::general_purpose::STANDARD.decode(&encoded) else { continue };
        if !mask_in(&mut decoded) {
            continue;
        }
        let text = base64::engine::general_purpose::STANDARD.encode(&decoded);
        let mut body = Vec::with_capacity(text.len() + text.len() / 76 * 2 + 2);
        for line in text.as_bytes().chunks(76) {
            body.extend_from_slice(line);
            body.extend_from_slice(b"\r\n");
        }
        out.splice(start..end, body);
        changed = true;
    }
    changed.then_some(out)
}

/// Masks the word after each password keyword in `text`; whether any was.
fn mask_in(text: &mut [u8]) -> bool {
    let mut changed = false;
    let mut i = 0;
    while i < text.len() {
        let Some(after) = keyword_at(text, i) else {
            i += 1;
            continue;
        };
        // `:` and blanks (a soft line break is no blank: skipped).
        let mut j = after;
        loop {
            match text.get(j) {
                Some(b' ' | b'\t' | b':') => j += 1,
                Some(b'=') if soft_break(text, j).is_some() => j = soft_break(text, j).unwrap_or(j + 1),
                _ => break,
            }
        }
        // The word, up to a blank or a line end.
        while j < text.len() {
            if let Some(next) = soft_break(text, j) {
                j = next;
                continue;
            }
            if text[j].is_ascii_whitespace() {
                break;
            }
            text[j] = b'*';
            changed = true;
            j += 1;
        }
        i = j.max(i + 1);
    }
    changed
}

/// After a password keyword starting at `i` (not inside a word): the index
/// just after it.
fn keyword_at(text: &[u8], i: usize) -> Option<usize> {
    if i > 0 && text[i - 1].is_ascii_alphanumeric() {
        return None;
    }
    let word = |at: usize, w: &[u8]| text.get(at..at + w.len()).is_some_and(|s| s.eq_ignore_ascii_case(w)).then_some(at + w.len());
    let end = if let Some(e) = word(i, b"MOTDEPASSE").or_else(|| word(i, b"PASSWORD")) {
        e
    } else {
        // MOT DE PASSE, words separated by blanks.
        let blanks = |mut at: usize| {
            let start = at;
            while text.get(at).is_some_and(|b| *b == b' ' || *b == b'\t') {
                at += 1;
            }
            (at > start).then_some(at)
        };
        let e = word(i, b"MOT")?;
        let e = word(blanks(e)?, b"DE")?;
        word(blanks(e)?, b"PASSE")?
    };
    (!text.get(end).is_some_and(u8::is_ascii_alphanumeric)).then_some(end)
}

/// A quoted-printable soft line break (`=` then CRLF or LF) at `i`: the
/// index after it.
fn soft_break(text: &[u8], i: usize) -> Option<usize> {
    match text.get(i..) {
        Some([b'=', b'\r', b'\n', ..]) => Some(i + 3),
        Some([b'=', b'\n', ..]) => Some(i + 2),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{decode, Limits};

    fn text(raw: &[u8]) -> String {
        decode(raw, &Limits::default()).unwrap().text
    }

    #[test]
    fn password_words_are_masked_and_the_rest_kept() {
        let raw = b"From: a@b\r\nSubject: MOTDEPASSE dans le sujet\r\n\r\nPARTIE g\r\nmot de passe : bako-rifu\r\nPassword: Secret1 trailing\r\nMOTDEPASSES x\r\nLIEU Paul X\r\n";
        let masked = mask_passwords(raw).unwrap();
        assert_eq!(masked.len(), raw.len());
        let t = text(&masked);
        assert!(t.contains("mot de passe : *********\n") && t.contains("Password: ******* trailing"), "{t}");
        assert!(t.contains("MOTDEPASSES x") && t.contains("LIEU Paul X"), "{t}");
        assert_eq!(mask_passwords(b"From: a@b\r\n\r\nLIEU Paul X\r\n"), None);
    }

    #[test]
    fn quoted_printable_and_base64_bodies_are_masked() {
        let qp = b"Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nMOTDEPASSE bako-=\r\nrifu-tane\r\nFIN\r\n";
        let t = text(&mask_passwords(qp).unwrap());
        assert!(t.contains("MOTDEPASSE ** ***********") || t.contains("MOTDEPASSE **************"), "{t}");
        assert!(!t.contains("bako") && !t.contains("rifu"), "{t}");
        let body = base64::engine::general_purpose::STANDARD.encode("PARTIE g\r\nMOTDEPASSE bako-rifu\r\nFIN\r\n");
        let b64 = format!("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{body}\r\n--b--\r\n");
        let masked = mask_passwords(b64.as_bytes()).unwrap();
        let t = text(&masked);
        assert!(t.contains("MOTDEPASSE *********") && t.contains("PARTIE g"), "{t}");
        assert!(!String::from_utf8_lossy(&masked).contains(&body));
    }
}
