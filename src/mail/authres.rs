//! The `Authentication-Results` header (RFC 8601) written by a trusted mail
//! server: what it found of DMARC (RFC 7489) for the message's `From`.
//!
//! Anyone can write such a header, so only the topmost one that bears the
//! configured authserv-id is read (the receiving server adds its own above
//! every header the sender wrote, and a well-run one removes forgeries of
//! its id); every other is ignored.
//!
//! A failed DMARC check is *rejecting* when the result carries the policy
//! the domain published as `reject`, written as a property
//! (`polrec.p=reject`, DMARCbis; `policy.published-domain-policy=reject`)
//! or, as OpenDMARC and Gmail write it, in the result's comment
//! (`dmarc=fail (p=reject dis=none)`). `quarantine` and `none` are not:
//! the domain's owner did not ask that such mail be refused.

use super::Incoming;

/// The DMARC result of a message, as the trusted server wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dmarc {
    /// `pass`, `fail`, `none`, `temperror`, `permerror` (lower case).
    pub result: String,
    /// The domain published a rejecting policy (see the module notes).
    pub reject: bool,
    /// `header.from`, when given.
    pub domain: Option<String>,
}

impl Dmarc {
    /// A failed check of a domain that asks receivers to reject such mail.
    pub fn fails_with_reject(&self) -> bool {
        self.result == "fail" && self.reject
    }
}

/// The DMARC result in the topmost `Authentication-Results` header of
/// `authserv_id` (any case); `None` when there is no such header or it
/// holds no `dmarc` result.
pub fn dmarc(m: &Incoming, authserv_id: &str) -> Option<Dmarc> {
    let value = m
        .headers
        .iter()
        .filter(|(n, _)| n == "authentication-results")
        .map(|(_, v)| v.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|v| {
            let id = segments(v).into_iter().next().unwrap_or_default();
            let id = strip_comments(&id).0;
            id.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case(authserv_id))
        })?;
    segments(&value).into_iter().skip(1).find_map(|seg| {
        let (text, comments) = strip_comments(&seg);
        let mut words = text.split_whitespace();
        let (method, result) = words.next()?.split_once('=')?;
        let method = method.split('/').next().unwrap_or(method);
        if !method.eq_ignore_ascii_case("dmarc") {
            return None;
        }
        let mut d = Dmarc { result: result.to_ascii_lowercase(), reject: false, domain: None };
        for w in words {
            let Some((prop, val)) = w.split_once('=') else { continue };
            let val = val.trim_matches('"');
            match prop.to_ascii_lowercase().as_str() {
                "polrec.p" | "policy.published-domain-policy" => d.reject |= val.eq_ignore_ascii_case("reject"),
                "header.from" => d.domain = Some(val.to_ascii_lowercase()),
                _ => {}
            }
        }
        d.reject |= comments.split_whitespace().any(|w| w.eq_ignore_ascii_case("p=reject"));
        Some(d)
    })
}

/// The header's parts between `;` (outside comments and quoted strings).
fn segments(v: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth, mut quoted) = (Vec::new(), String::new(), 0usize, false);
    for c in v.chars() {
        match c {
            '"' if depth == 0 => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            ';' if depth == 0 && !quoted => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out
}

/// The text without its `(comments)`, and the comments' text.
fn strip_comments(s: &str) -> (String, String) {
    let (mut text, mut comments, mut depth) = (String::new(), String::new(), 0usize);
    for c in s.chars() {
        match c {
            '(' => {
                depth += 1;
                comments.push(' ');
            }
            ')' if depth > 0 => {
                depth -= 1;
                text.push(' ');
            }
            _ if depth > 0 => comments.push(c),
            _ => text.push(c),
        }
    }
    (text, comments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{decode, Limits};

    fn with(headers: &str) -> Incoming {
        decode(format!("{headers}From: a@b.org\r\nSubject: s\r\n\r\nbody").as_bytes(), &Limits::default()).unwrap()
    }

    #[test]
    fn the_topmost_header_of_the_trusted_server_is_read() {
        let m = with(
            "Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=b.org;\r\n dmarc=fail (p=reject dis=none) header.from=b.org\r\n\
             Authentication-Results: mx.example.org; dmarc=pass header.from=b.org\r\n",
        );
        let d = dmarc(&m, "MX.example.org").unwrap();
        assert_eq!((d.result.as_str(), d.reject, d.domain.as_deref()), ("fail", true, Some("b.org")));
        assert!(d.fails_with_reject());
        assert_eq!(dmarc(&m, "other.example.org"), None, "another server's header is not read");
    }

    #[test]
    fn the_policy_is_read_from_properties_or_the_comment() {
        for (header, reject) in [
            ("mx; dmarc=fail policy.published-domain-policy=reject header.from=b.org", true),
            ("mx 1; dmarc=fail polrec.p=reject", true),
            ("mx; dmarc=fail (p=quarantine) header.from=b.org", false),
            ("mx; dmarc=fail header.from=b.org", false),
            ("mx; dkim=pass (p=reject is not dmarc's); dmarc=fail", false),
        ] {
            let d = dmarc(&with(&format!("Authentication-Results: {header}\r\n")), "mx").unwrap();
            assert_eq!(d.fails_with_reject(), reject, "{header}");
        }
        assert_eq!(dmarc(&with("Authentication-Results: mx; none\r\n"), "mx"), None);
        assert!(!dmarc(&with("Authentication-Results: mx; dmarc=pass (p=reject)\r\n"), "mx").unwrap().fails_with_reject());
    }
}
