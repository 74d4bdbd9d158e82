//! What the tests of every section share: a minimal configuration, an IMAP
//! one, and helpers to parse them and search their errors.

pub(super) use super::*;
pub(super) use std::path::{Path, PathBuf};

pub(super) fn shipped_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")
}

pub(super) const BASE: &str = r#"
referee_address = "arbitre@localhost"
admin_address = "referee@localhost"
[transport]
kind = "maildir"
"#;

pub(super) fn parse_at(text: &str) -> Result<Config, ConfigErrors> {
    parse(text, Path::new("/etc/arbitre/config.toml"))
}

pub(super) fn errors_of(text: &str) -> Vec<String> {
    match parse_at(text) {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

pub(super) fn has(errors: &[String], needle: &str) -> bool {
    errors.iter().any(|e| e.contains(needle))
}

pub(super) fn game(extra: &str) -> String {
    format!(
        "{BASE}\n[[games]]\nid = \"g-1\"\nruleset = \"stellarium\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"weekly sunday 20:00\"\n{extra}\n"
    )
}

pub(super) const IMAP: &str = r#"
referee_address = "arbitre@example.org"
admin_address = "referee@example.org"
[transport]
kind = "imap"
[transport.imap]
host = "mail.example.org"
port = 993
tls = "implicit"
user = "arbitre"
password = { file = "secrets/imap" }
[transport.smtp]
host = "mail.example.org"
port = 587
tls = "starttls"
user = "arbitre"
password = { env = "ARBITRE_SMTP_PASSWORD" }
"#;
