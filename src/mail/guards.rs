//! Guards against mail loops and mail that must never be answered
//! (RFC 3834: automatic responses; bounces; lists; our own mail).

use std::fmt;

use super::Incoming;

/// The header every message we send carries; a message that comes back with
/// it is ours (a bounce quoting it in its headers, a forward loop).
pub const LOOP_HEADER: &str = "X-Arbitre-Loop";

/// Why a message is silently dropped (logged, never answered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silence {
    /// `Auto-Submitted` other than `no` (the value, lower-cased).
    AutoSubmitted(String),
    /// `Precedence: bulk | junk | list | auto_reply`.
    Precedence(String),
    /// Any `List-Id` (the value).
    ListId(String),
    /// `Return-Path: <>`: a bounce or other notification.
    EmptyReturnPath,
    /// From a `MAILER-DAEMON` or `postmaster` mailbox (the address).
    MailerDaemon(String),
    /// From one of the referee's own addresses.
    OwnAddress,
    /// Carries [`LOOP_HEADER`]: one of our own messages came back.
    OwnLoopHeader,
    /// A non-standard auto-reply marker (`X-Autoreply`, `X-Autorespond`,
    /// `X-Autoresponder`): the header name.
    AutoReplyHeader(String),
}

impl fmt::Display for Silence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Silence::AutoSubmitted(v) => write!(f, "automatic message (Auto-Submitted: {v})"),
            Silence::Precedence(v) => write!(f, "bulk or list message (Precedence: {v})"),
            Silence::ListId(v) => write!(f, "mailing-list message (List-Id: {v})"),
            Silence::EmptyReturnPath => f.write_str("bounce or notification (empty Return-Path <>)"),
            Silence::MailerDaemon(a) => write!(f, "sent by a mail system ({a})"),
            Silence::OwnAddress => f.write_str("sent from the referee's own address"),
            Silence::OwnLoopHeader => write!(f, "carries our own {LOOP_HEADER} header (mail loop)"),
            Silence::AutoReplyHeader(h) => write!(f, "automatic reply ({h} header)"),
        }
    }
}

/// Why `m` must not be answered, if it must not. `our_addresses` are the
/// referee's own addresses (any case).
pub fn silence_reason(m: &Incoming, our_addresses: &[String]) -> Option<Silence> {
    if m.header(LOOP_HEADER).is_some() {
        return Some(Silence::OwnLoopHeader);
    }
    if let Some(from) = &m.from {
        if our_addresses.iter().any(|a| a.trim().eq_ignore_ascii_case(from)) {
            return Some(Silence::OwnAddress);
        }
    }
    if m.return_path.as_deref() == Some("") {
        return Some(Silence::EmptyReturnPath);
    }
    for addr in [m.from.as_deref(), m.return_path.as_deref()].into_iter().flatten() {
        let local = addr.rsplit_once('@').map_or(addr, |(l, _)| l);
        if local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster") {
            return Some(Silence::MailerDaemon(addr.to_string()));
        }
    }
    // By kind, not by header order, so that the reason logged is stable.
    let first_word = |v: &str| -> String {
        v.split(|c: char| c == ';' || c == '(' || c.is_whitespace())
            .find(|w| !w.is_empty())
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    if let Some(v) = m.header("auto-submitted").map(first_word) {
        if v != "no" {
            return Some(Silence::AutoSubmitted(v));
        }
    }
    if let Some(v) = m.header("list-id") {
        return Some(Silence::ListId(v.to_string()));
    }
    if let Some(v) = m.header("precedence").map(first_word) {
        if matches!(v.as_str(), "bulk" | "junk" | "list" | "auto_reply") {
            return Some(Silence::Precedence(v));
        }
    }
    for h in ["x-autoreply", "x-autorespond", "x-autoresponder"] {
        if m.header(h).is_some() {
            return Some(Silence::AutoReplyHeader(h.to_string()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{decode, Limits};

    fn mail(extra: &str) -> Incoming {
        let raw = format!(
            "From: Jean <jean@example.org>\r\nTo: arbitre@example.net\r\nSubject: ordres\r\nMessage-ID: <1@example.org>\r\n{extra}\r\nPARTIE stellarium-1\r\n"
        );
        decode(raw.as_bytes(), &Limits::default()).unwrap()
    }
    fn ours() -> Vec<String> {
        vec!["Arbitre@Example.net".to_string()]
    }

    #[test]
    fn plain_player_mail_is_answered() {
        assert_eq!(silence_reason(&mail("Return-Path: <jean@example.org>\r\n"), &ours()), None);
        assert_eq!(silence_reason(&mail("Auto-Submitted: no\r\n"), &ours()), None);
        assert_eq!(silence_reason(&mail("Precedence: first-class\r\n"), &ours()), None);
    }

    #[test]
    fn auto_submitted_other_than_no_is_silenced() {
        assert_eq!(
            silence_reason(&mail("Auto-Submitted: Auto-Replied\r\n"), &ours()),
            Some(Silence::AutoSubmitted("auto-replied".into()))
        );
        assert_eq!(
            silence_reason(&mail("Auto-Submitted: auto-generated; owner-email=\"x@y\"\r\n"), &ours()),
            Some(Silence::AutoSubmitted("auto-generated".into()))
        );
    }

    #[test]
    fn precedence_bulk_junk_list_is_silenced() {
        for v in ["bulk", "Junk", "LIST"] {
            assert_eq!(
                silence_reason(&mail(&format!("Precedence: {v}\r\n")), &ours()),
                Some(Silence::Precedence(v.to_ascii_lowercase()))
            );
        }
    }

    #[test]
    fn auto_submitted_comment_is_dropped_from_the_reason() {
        assert_eq!(
            silence_reason(&mail("Auto-Submitted: auto-replied (vacation)\r\n"), &ours()),
            Some(Silence::AutoSubmitted("auto-replied".into()))
        );
        assert_eq!(silence_reason(&mail("Auto-Submitted: no (answered by hand)\r\n"), &ours()), None);
    }

    #[test]
    fn list_id_is_the_reason_even_after_precedence_list() {
        assert_eq!(
            silence_reason(&mail("Precedence: list\r\nList-Id: <j.example.org>\r\n"), &ours()),
            Some(Silence::ListId("<j.example.org>".into()))
        );
    }

    #[test]
    fn any_list_id_is_silenced() {
        assert_eq!(
            silence_reason(&mail("List-Id: Joueurs <joueurs.example.org>\r\n"), &ours()),
            Some(Silence::ListId("Joueurs <joueurs.example.org>".into()))
        );
    }

    #[test]
    fn empty_return_path_is_silenced() {
        assert_eq!(silence_reason(&mail("Return-Path: <>\r\n"), &ours()), Some(Silence::EmptyReturnPath));
    }

    #[test]
    fn mailer_daemon_and_postmaster_are_silenced_any_case() {
        for who in [
            "MAILER-DAEMON@mx.example.org (Mail Delivery System)",
            "Postmaster@example.org",
            "Mail Delivery Subsystem <MAILER-DAEMON>",
        ] {
            let raw = format!("From: {who}\r\nSubject: x\r\n\r\nbody\r\n");
            let m = decode(raw.as_bytes(), &Limits::default()).unwrap();
            assert!(matches!(silence_reason(&m, &ours()), Some(Silence::MailerDaemon(_))), "{who}");
        }
    }

    #[test]
    fn our_own_address_is_silenced() {
        let raw = "From: Arbitre <ARBITRE@example.net>\r\nSubject: x\r\n\r\nbody\r\n";
        let m = decode(raw.as_bytes(), &Limits::default()).unwrap();
        assert_eq!(silence_reason(&m, &ours()), Some(Silence::OwnAddress));
    }

    #[test]
    fn our_loop_header_is_silenced_before_anything_else() {
        let m = mail("X-Arbitre-Loop: stellarium-1\r\nPrecedence: bulk\r\n");
        assert_eq!(silence_reason(&m, &ours()), Some(Silence::OwnLoopHeader));
    }

    #[test]
    fn nonstandard_autoreply_headers_are_silenced() {
        assert_eq!(
            silence_reason(&mail("X-Autoreply: yes\r\n"), &ours()),
            Some(Silence::AutoReplyHeader("x-autoreply".into()))
        );
    }

    #[test]
    fn silence_reasons_read_as_english_sentences() {
        assert_eq!(Silence::EmptyReturnPath.to_string(), "bounce or notification (empty Return-Path <>)");
        assert!(Silence::Precedence("bulk".into()).to_string().contains("Precedence: bulk"));
    }
}
