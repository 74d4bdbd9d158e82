//! `[auth]`: the second signal of authentication, beside the password.

use super::check::Cx;
use toml::Table;

/// `[auth]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuthConfig {
    /// The authserv-id (RFC 8601) of the mail server that checks SPF, DKIM
    /// and DMARC for the referee's mailbox and writes its verdict in an
    /// `Authentication-Results` header (`"mx.example.org"`). Only headers
    /// bearing this id are read; `None` (the default): none is trusted.
    pub trusted_authserv_id: Option<String>,
}

impl Cx {
    /// The `[auth]` table.
    pub(super) fn auth(&mut self, t: &Table) -> AuthConfig {
        self.unknown_keys(t, "auth", &["trusted_authserv_id"]);
        let id = self.string(t, "auth", "trusted_authserv_id", false);
        if let Some(id) = &id {
            if id.is_empty() || id.len() > 255 || !id.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c)) {
                self.err("auth.trusted_authserv_id", format!("{id:?} is not a host name (letters, digits, '.', '-', '_')"));
            }
        }
        AuthConfig { trusted_authserv_id: id.map(|s| s.to_ascii_lowercase()) }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn trusted_authserv_id_is_off_by_default_and_checked() {
        assert_eq!(parse_at(BASE).unwrap().auth.trusted_authserv_id, None);
        let c = parse_at(&format!("{BASE}\n[auth]\ntrusted_authserv_id = \"MX.example.org\"\n")).unwrap();
        assert_eq!(c.auth.trusted_authserv_id.as_deref(), Some("mx.example.org"));
        let e = errors_of(&format!("{BASE}\n[auth]\ntrusted_authserv_id = \"mx example\"\n"));
        assert!(has(&e, "auth.trusted_authserv_id: \"mx example\" is not a host name"), "{e:?}");
    }
}
