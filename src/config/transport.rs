//! `[transport]`: where mail comes from and goes to (`[transport.imap]`,
//! `[transport.smtp]`), and how the intake waits when it cannot reach it.

use super::check::{join, type_name, Cx};
use crate::transport::{ImapSettings, SmtpSettings};
use jiff::SignedDuration;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

/// `[transport]`: where mail comes from and goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one per process: boxing would only complicate matching
pub enum TransportConfig {
    /// The embedded transport: incoming mail is read from the Maildir
    /// `inbox`; outgoing mail is delivered to `outgoing/<address>/new/`.
    Maildir { inbox: PathBuf, outgoing: PathBuf },
    /// A real mail server: IMAP to read, SMTP to send.
    Imap { imap: ImapSettings, smtp: SmtpSettings },
}

/// `[transport] reconnect_initial`, `reconnect_max`: how the daemon waits
/// between attempts when the mailbox is unreachable or a received message
/// could not be stored (full disk, read-only data directory): first
/// `initial`, then twice as long each time, never more than `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReconnectConfig {
    pub initial: SignedDuration,
    pub max: SignedDuration,
}

impl Default for ReconnectConfig {
    fn default() -> Self {
        ReconnectConfig { initial: SignedDuration::from_secs(1), max: SignedDuration::from_mins(5) }
    }
}

impl ReconnectConfig {
    /// The wait after the `failures`-th failure in a row (1-based).
    pub fn delay(&self, failures: u32) -> std::time::Duration {
        let d = crate::store::Backoff { initial: self.initial, max: self.max }.delay(failures.max(1));
        std::time::Duration::try_from(d).unwrap_or(std::time::Duration::from_secs(1))
    }
}

impl Cx {
    /// `reconnect_initial` and `reconnect_max` of `[transport]` (any kind).
    pub(super) fn reconnect(&mut self, t: &Table) -> ReconnectConfig {
        let mut r = ReconnectConfig::default();
        if let Some(v) = t.get("reconnect_initial") {
            r.initial = self.duration("transport.reconnect_initial".into(), v).unwrap_or(r.initial);
        }
        if let Some(v) = t.get("reconnect_max") {
            r.max = self.duration("transport.reconnect_max".into(), v).unwrap_or(r.max);
        }
        if r.max < r.initial {
            self.err("transport.reconnect_max", "must not be shorter than transport.reconnect_initial");
        }
        r
    }

    pub(super) fn transport(&mut self, t: &Table) -> Option<TransportConfig> {
        let kind = self.string(t, "transport", "kind", true)?;
        match kind.as_str() {
            "maildir" => {
                self.unknown_keys(t, "transport", &["kind", "inbox", "outgoing", "reconnect_initial", "reconnect_max"]);
                let inbox = self.path(t, "transport", "inbox", "var/mail/inbox");
                let outgoing = self.path(t, "transport", "outgoing", "var/mail/outgoing");
                Some(TransportConfig::Maildir { inbox, outgoing })
            }
            "imap" => {
                self.unknown_keys(t, "transport", &["kind", "imap", "smtp", "reconnect_initial", "reconnect_max"]);
                let imap = match self.sub_table(t, "transport", "imap") {
                    Some(it) => self.imap(it),
                    None => {
                        self.err("transport.imap", "missing: kind = \"imap\" needs a [transport.imap] table");
                        None
                    }
                };
                let smtp = match self.sub_table(t, "transport", "smtp") {
                    Some(st) => self.smtp(st),
                    None => {
                        self.err("transport.smtp", "missing: kind = \"imap\" needs a [transport.smtp] table");
                        None
                    }
                };
                Some(TransportConfig::Imap { imap: imap?, smtp: smtp? })
            }
            other => {
                self.err("transport.kind", format!("expected \"maildir\" or \"imap\", found {other:?}"));
                None
            }
        }
    }

    /// Checks what every server table shares (host, port, tls, password,
    /// ca_file) with precise setting names; returns the table with the
    /// relative paths resolved, ready for serde.
    fn server_common(&mut self, t: &Table, prefix: &str, password_required: bool) -> Option<Table> {
        let before = self.errors.len();
        let mut out = t.clone();
        let host = self.string(t, prefix, "host", true).unwrap_or_default();
        if t.contains_key("host") && host.trim().is_empty() {
            self.err(join(prefix, "host"), "empty host name");
        }
        match t.get("port") {
            None => self.err(join(prefix, "port"), "missing (required)"),
            Some(Value::Integer(p)) if (1..=65535).contains(p) => {}
            Some(Value::Integer(p)) => {
                self.err(join(prefix, "port"), format!("{p} is not a port: expected 1 to 65535"))
            }
            Some(v) => self.err(join(prefix, "port"), format!("expected an integer, found {}", type_name(v))),
        }
        match t.get("tls") {
            None => self.err(join(prefix, "tls"), "missing: expected \"implicit\", \"starttls\" or \"none\""),
            Some(Value::String(s)) if s == "implicit" || s == "starttls" => {}
            Some(Value::String(s)) if s == "none" => {
                if !crate::transport::is_loopback_host(host.trim()) && !host.trim().is_empty() {
                    self.err(
                        join(prefix, "tls"),
                        format!(
                            "\"none\" (no encryption) is allowed only towards a loopback host (localhost, 127.0.0.1, ::1), \
                             not {host:?}: use \"implicit\" or \"starttls\""
                        ),
                    );
                }
            }
            Some(_) => self.err(join(prefix, "tls"), "expected \"implicit\", \"starttls\" or \"none\""),
        }
        let pw = join(prefix, "password");
        let example = if prefix.ends_with("smtp") { "smtp" } else { "imap" };
        let how = format!(
            "write password = {{ file = \"/etc/arbitre/{example}-password\" }} (a file readable only by the daemon) \
             or password = {{ env = \"ARBITRE_{}_PASSWORD\" }}",
            example.to_uppercase()
        );
        match t.get("password") {
            None if password_required => self.err(pw, format!("missing: {how}")),
            None => {}
            Some(Value::String(_)) => self.err(
                pw,
                format!("a password written in the configuration is not allowed (it would end up in backups and in git); {how}"),
            ),
            Some(Value::Table(st)) => {
                let keys: Vec<&str> = st.keys().map(String::as_str).collect();
                match (keys.as_slice(), st.get("file"), st.get("env")) {
                    (["file"], Some(Value::String(f)), _) if !f.trim().is_empty() => {
                        let resolved = self.resolve(Path::new(f));
                        let mut s = Table::new();
                        s.insert("file".into(), Value::String(resolved.to_string_lossy().into_owned()));
                        out.insert("password".into(), Value::Table(s));
                    }
                    (["env"], _, Some(Value::String(e))) if !e.trim().is_empty() && !e.contains('=') => {}
                    _ => self.err(pw, format!("expected exactly one of file = \"…\" or env = \"…\"; {how}")),
                }
            }
            Some(v) => self.err(pw, format!("expected a table, found {}; {how}", type_name(v))),
        }
        if let Some(v) = t.get("ca_file") {
            match v {
                Value::String(f) if !f.trim().is_empty() => {
                    let resolved = self.resolve(Path::new(f));
                    out.insert("ca_file".into(), Value::String(resolved.to_string_lossy().into_owned()));
                }
                v => self.err(join(prefix, "ca_file"), format!("expected a file name, found {}", type_name(v))),
            }
        }
        (self.errors.len() == before).then_some(out)
    }

    fn imap(&mut self, t: &Table) -> Option<ImapSettings> {
        let prefix = "transport.imap";
        self.unknown_keys(
            t,
            prefix,
            &[
                "host",
                "port",
                "tls",
                "user",
                "password",
                "idle",
                "poll_seconds",
                "recheck_ms",
                "inbox",
                "processed_folder",
                "ca_file",
            ],
        );
        let user = self.string(t, prefix, "user", true);
        if user.as_deref().is_some_and(|u| u.trim().is_empty()) {
            self.err(join(prefix, "user"), "empty user name");
        }
        self.boolean(t, prefix, "idle", true);
        self.integer(t, prefix, "poll_seconds", 60, (5, 3600));
        self.integer(t, prefix, "recheck_ms", 100, (0, 60_000));
        for k in ["inbox", "processed_folder"] {
            if self.string(t, prefix, k, false).is_some_and(|s| s.trim().is_empty()) {
                self.err(join(prefix, k), "empty folder name");
            }
        }
        let before = self.errors.len();
        let table = self.server_common(t, prefix, true)?;
        if self.errors.len() != before {
            return None;
        }
        self.deserialize(table, prefix)
    }

    fn smtp(&mut self, t: &Table) -> Option<SmtpSettings> {
        let prefix = "transport.smtp";
        self.unknown_keys(t, prefix, &["host", "port", "tls", "user", "password", "ca_file"]);
        let user = self.string(t, prefix, "user", false);
        if user.as_deref().is_some_and(|u| u.trim().is_empty()) {
            self.err(join(prefix, "user"), "empty user name");
        }
        match (user.is_some(), t.contains_key("password")) {
            (true, false) => self.err(join(prefix, "password"), "missing: a user needs a password (file or env)"),
            (false, true) => self.err(join(prefix, "user"), "missing: a password needs a user"),
            _ => {}
        }
        let table = self.server_common(t, prefix, false)?;
        self.deserialize(table, prefix)
    }

    /// The transport engineer's serde types do the final reading; anything
    /// they refuse that the checks above let through is still named.
    fn deserialize<T: serde::de::DeserializeOwned>(&mut self, table: Table, prefix: &str) -> Option<T> {
        match Value::Table(table).try_into::<T>() {
            Ok(v) => Some(v),
            Err(e) => {
                self.err(prefix, e.to_string().trim().to_string());
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::transport::{Secret, TlsMode};

    #[test]
    fn the_commented_imap_variant_of_the_shipped_config_loads() {
        // Uncomment the lines of the IMAP variant ("#! ") in place of the maildir transport.
        let text = std::fs::read_to_string(shipped_path()).unwrap();
        let mut out = String::new();
        let mut in_maildir = false;
        for line in text.lines() {
            if line.starts_with("[transport]") {
                in_maildir = true;
                continue;
            }
            if in_maildir && (line.starts_with('[') || line.starts_with("#! ")) {
                in_maildir = false;
            }
            if in_maildir && !line.starts_with('#') {
                continue;
            }
            out.push_str(line.strip_prefix("#! ").unwrap_or(line));
            out.push('\n');
        }
        let c = parse(&out, &shipped_path()).unwrap_or_else(|e| panic!("{e}\n{out}"));
        let TransportConfig::Imap { imap, smtp } = c.transport else { panic!("not imap") };
        assert!(matches!(imap.password, Secret::File(_) | Secret::Env(_)));
        assert!(smtp.user.is_some());
        assert_eq!(imap.recheck_ms, 100);
    }

    #[test]
    fn imap_settings_become_the_transport_types() {
        let c = parse_at(IMAP).unwrap_or_else(|e| panic!("{e}"));
        let TransportConfig::Imap { imap, smtp } = c.transport else { panic!("not imap") };
        assert_eq!(imap.tls, TlsMode::Implicit);
        assert_eq!(imap.password, Secret::File(PathBuf::from("/etc/arbitre/secrets/imap")));
        // Not written: every 100 ms.
        assert_eq!(imap.recheck_ms, 100);
        assert_eq!(smtp.tls, TlsMode::StartTls);
        assert_eq!(smtp.password, Some(Secret::Env("ARBITRE_SMTP_PASSWORD".into())));
    }

    #[test]
    fn each_transport_error_names_its_setting() {
        let e = errors_of(&IMAP.replace("tls = \"implicit\"", "tls = \"implicit\"\nrecheck_ms = 90000"));
        assert!(has(&e, "transport.imap.recheck_ms"), "{e:?}");

        let e = errors_of(&IMAP.replace("\"implicit\"", "\"tls\""));
        assert!(has(&e, r#"transport.imap.tls: expected "implicit", "starttls" or "none""#), "{e:?}");

        let e = errors_of(&IMAP.replace("password = { file = \"secrets/imap\" }", "password = \"hunter2\""));
        assert!(has(&e, "transport.imap.password: a password written in the configuration is not allowed"), "{e:?}");
        assert!(has(&e, "password = { env = \"ARBITRE_IMAP_PASSWORD\" }"), "{e:?}");

        let e = errors_of(&IMAP.replace("tls = \"starttls\"", "tls = \"none\""));
        assert!(
            has(&e, "transport.smtp.tls: \"none\" (no encryption) is allowed only towards a loopback host"),
            "{e:?}"
        );
        let ok = IMAP.replace("tls = \"starttls\"", "tls = \"none\"").replacen(
            "mail.example.org\"\nport = 587",
            "127.0.0.1\"\nport = 587",
            1,
        );
        assert!(parse_at(&ok).is_ok(), "{:?}", parse_at(&ok).err());

        let e = errors_of(&IMAP.replace("port = 993", "port = 99999"));
        assert!(has(&e, "transport.imap.port: 99999 is not a port"), "{e:?}");
        let e = errors_of(&IMAP.replace("password = { env = \"ARBITRE_SMTP_PASSWORD\" }", ""));
        assert!(has(&e, "transport.smtp.password: missing: a user needs a password"), "{e:?}");
        let e = errors_of(&BASE.replace("maildir", "pigeon"));
        assert!(has(&e, "transport.kind: expected \"maildir\" or \"imap\""), "{e:?}");
    }

    #[test]
    fn reconnect_and_alert_settings_parse_and_name_their_errors() {
        let c = parse_at(BASE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.reconnect, ReconnectConfig::default());
        assert_eq!(c.alerts.outage_after, SignedDuration::from_mins(10));
        assert_eq!(c.reconnect.delay(1), std::time::Duration::from_secs(1));
        assert_eq!(c.reconnect.delay(4), std::time::Duration::from_secs(8));
        assert_eq!(c.reconnect.delay(40), std::time::Duration::from_secs(300));

        let text = IMAP.replace("kind = \"imap\"", "kind = \"imap\"\nreconnect_initial = \"2s\"\nreconnect_max = \"30s\"")
            + "\n[alerts]\noutage_after = \"45s\"\n";
        let c = parse_at(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.reconnect.initial, SignedDuration::from_secs(2));
        assert_eq!(c.reconnect.max, SignedDuration::from_secs(30));
        assert_eq!(c.reconnect.delay(3), std::time::Duration::from_secs(8));
        assert_eq!(c.reconnect.delay(10), std::time::Duration::from_secs(30));
        assert_eq!(c.alerts.outage_after, SignedDuration::from_secs(45));

        let e = errors_of(&BASE.replace("kind = \"maildir\"", "kind = \"maildir\"\nreconnect_initial = \"1m\"\nreconnect_max = \"10s\""));
        assert!(has(&e, "transport.reconnect_max: must not be shorter than transport.reconnect_initial"), "{e:?}");
        let e = errors_of(&BASE.replace("kind = \"maildir\"", "kind = \"maildir\"\nreconnect_initial = \"soon\""));
        assert!(has(&e, "transport.reconnect_initial: invalid duration"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[alerts]\noutage_after = \"0s\"\n"));
        assert!(has(&e, "alerts.outage_after: must be longer than zero"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[alerts]\noutage_afer = \"1m\"\n"));
        assert!(has(&e, "alerts.outage_afer: unknown setting (did you mean \"outage_after\"?)"), "{e:?}");
    }

}
