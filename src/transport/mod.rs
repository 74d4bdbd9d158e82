//! The mailbox the referee reads and the sender it mails with.
//!
//! Two families of transports behind two small traits:
//! - [`Mailbox`]: where incoming orders wait. [`ImapMailbox`] (async-imap,
//!   IDLE when offered) or [`MaildirMailbox`] (the embedded transport: a plain
//!   Maildir on disk, for a single machine or for tests).
//! - [`Sender`]: how reports leave. [`SmtpSender`] (lettre) or
//!   [`MaildirSender`] (delivers into `root/<recipient>/new/`).
//!
//! The contract that keeps mail from being lost: [`Mailbox::fetch_pending`]
//! never marks anything read; the caller archives a message durably and only
//! then calls [`Mailbox::mark_processed`]. A crash in between means the
//! message is fetched again, and the archive deduplicates it.
//!
//! Every network call is bounded by a timeout (async-imap has none of its
//! own). Plaintext connections are refused unless the host is a loopback
//! address. Passwords are never written in the configuration: a [`Secret`]
//! names a file or an environment variable.

mod imap;
mod maildir;
mod smtp;
pub mod testkit;
mod tls;

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

pub use imap::ImapMailbox;
pub use maildir::{MaildirMailbox, MaildirSender};
pub use smtp::SmtpSender;

/// How long one network operation (connect, handshake, one IMAP command and
/// its responses, one SMTP transaction) may take before it is abandoned.
pub const IO_TIMEOUT: Duration = Duration::from_secs(30);

/// One message taken from a mailbox, not yet marked as processed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedMail {
    /// IMAP UID (decimal) or Maildir file name; give it back to
    /// [`Mailbox::mark_processed`].
    pub id: String,
    /// The message exactly as stored (RFC 5322 bytes).
    pub raw: Vec<u8>,
    /// When the mail server put it in the mailbox (IMAP `INTERNALDATE`, the
    /// Maildir file's time), by the server's clock: what lateness is judged
    /// by, however long the referee took to read it.
    pub delivered: Option<jiff::Timestamp>,
}

/// Whether `wake` was raised; lowers it.
pub(crate) fn woken(wake: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) -> bool {
    wake.as_ref().is_some_and(|w| w.swap(false, std::sync::atomic::Ordering::SeqCst))
}

/// A batch of pending messages at most this large (bytes) is read at once,
/// unless a single message is larger (it is then read alone): a full inbox
/// never needs more memory than a batch.
pub const DEFAULT_BATCH_BYTES: u64 = 32 * 1024 * 1024;

/// A failure of a mailbox or of the connection set-up, with the server and
/// the operation it concerns.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    #[error("{operation} with {host}:{port} failed: {source}")]
    Io {
        host: String,
        port: u16,
        operation: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{operation} with {host}:{port} timed out after {seconds} s")]
    Timeout {
        host: String,
        port: u16,
        operation: String,
        seconds: u64,
    },
    #[error("TLS with {host}:{port}: {message}")]
    Tls {
        host: String,
        port: u16,
        message: String,
    },
    #[error("login of {user:?} refused by {host}:{port}: {message} (check the user name and the password)")]
    AuthenticationFailed {
        host: String,
        port: u16,
        user: String,
        message: String,
    },
    #[error("{operation} with {host}:{port}: {message}")]
    Protocol {
        host: String,
        port: u16,
        operation: String,
        message: String,
    },
    #[error("refusing a plaintext connection to {host}: `tls = \"none\"` is only allowed for loopback hosts")]
    PlaintextRefused { host: String },
    #[error("the connection to {host}:{port} is closed (after an earlier error); reconnect")]
    Disconnected { host: String, port: u16 },
    #[error("secret from {source_name}: {message}")]
    Secret { source_name: String, message: String },
    #[error("certificate file {path}: {message}")]
    CaFile { path: PathBuf, message: String },
    #[error("Maildir {path}: {operation}: {source}")]
    Maildir {
        path: PathBuf,
        operation: String,
        #[source]
        source: std::io::Error,
    },
    #[error("unknown message id {id:?} in {mailbox}")]
    UnknownMessage { mailbox: String, id: String },
}

/// Why a message could not be sent. `Transient`: try again later (4xx,
/// connection, TLS or authentication problems: nothing about the message
/// itself). `Permanent`: the server refused this message for good (5xx).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Not accepted, try again later: the server could not be reached or
    /// answered with a 4xx code. Certainly not delivered.
    #[error("temporary failure: {0}")]
    Transient(String),
    /// The connection failed after the message was handed over and before
    /// the server's answer was read (a broken connection, a timeout): the
    /// server may have accepted it. Retried only once the journal copy had
    /// time to arrive (see `store::outbox`).
    #[error("uncertain outcome: {0}")]
    Uncertain(String),
    /// Refused for good (5xx, bad address).
    #[error("permanent failure: {0}")]
    Permanent(String),
}

impl SendError {
    pub fn is_permanent(&self) -> bool {
        matches!(self, SendError::Permanent(_))
    }
}

/// A mailbox the referee reads orders from.
#[async_trait::async_trait]
pub trait Mailbox: Send {
    /// Every message not yet processed, oldest first (IMAP UID order),
    /// without marking any of them as read.
    async fn fetch_pending(&mut self) -> Result<Vec<FetchedMail>, TransportError>;

    /// The oldest pending messages, as many as fit in `max_bytes` (at least
    /// one), without marking any of them; what is left is returned by the
    /// next call (and [`Mailbox::wait_for_mail`] returns at once meanwhile).
    /// The second value: whether more messages were pending than returned.
    async fn fetch_batch(&mut self, max_bytes: u64) -> Result<(Vec<FetchedMail>, bool), TransportError> {
        let _ = max_bytes;
        Ok((self.fetch_pending().await?, false))
    }

    /// Marks one message as handled. Call it only once the message is
    /// archived durably. IMAP: sets `\Seen` and moves it to the processed
    /// folder; Maildir: moves it from `new/` to `cur/` with the `S` flag.
    async fn mark_processed(&mut self, id: &str) -> Result<(), TransportError>;

    /// [`Mailbox::mark_processed`] for several messages; IMAP does it in
    /// one round trip per command instead of one per message.
    async fn mark_processed_many(&mut self, ids: &[String]) -> Result<(), TransportError> {
        for id in ids {
            self.mark_processed(id).await?;
        }
        Ok(())
    }

    /// Waits until new mail may have arrived, at most `max`. Returns early
    /// (and at once) when pending mail is there that the last
    /// [`Mailbox::fetch_pending`] did not return, and soon after the flag
    /// given to [`Mailbox::set_wake`] is raised (at its next look at the
    /// server: the IDLE's recheck, a poll step), lowering it. Never cancel
    /// it to wake it: an IMAP session in IDLE would be lost.
    async fn wait_for_mail(&mut self, max: Duration) -> Result<(), TransportError>;

    /// A flag that ends [`Mailbox::wait_for_mail`] early when raised (the
    /// clock asking for a reading of the mailbox through a deadline).
    fn set_wake(&mut self, wake: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        let _ = wake;
    }
}

/// Sends one message to its recipients.
#[async_trait::async_trait]
pub trait Sender: Send + Sync {
    /// `envelope_from` may be empty (null sender, for bounces).
    async fn send(&self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), SendError>;
}

/// How a connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TlsMode {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Implicit,
    /// Plaintext greeting, then STARTTLS before anything else (IMAP 143,
    /// submission 587). The upgrade is mandatory.
    StartTls,
    /// No encryption: refused unless the host is a loopback address.
    None,
}

/// Where a password is read from; never inline in the configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Secret {
    /// A file holding the password (one trailing newline is ignored).
    File(PathBuf),
    /// An environment variable holding the password.
    Env(String),
}

impl Secret {
    pub fn resolve(&self) -> Result<String, TransportError> {
        let (source_name, value) = match self {
            Secret::File(path) => {
                let name = format!("file {}", path.display());
                match std::fs::read_to_string(path) {
                    Ok(v) => (name, v),
                    Err(e) => {
                        return Err(TransportError::Secret {
                            source_name: name,
                            message: e.to_string(),
                        })
                    }
                }
            }
            Secret::Env(var) => {
                let name = format!("environment variable {var}");
                match std::env::var(var) {
                    Ok(v) => (name, v),
                    Err(e) => {
                        return Err(TransportError::Secret {
                            source_name: name,
                            message: e.to_string(),
                        })
                    }
                }
            }
        };
        let trimmed = value
            .strip_suffix("\r\n")
            .or_else(|| value.strip_suffix('\n'))
            .unwrap_or(&value);
        if trimmed.is_empty() {
            return Err(TransportError::Secret {
                source_name,
                message: "empty password".into(),
            });
        }
        Ok(trimmed.to_string())
    }
}

fn default_true() -> bool {
    true
}
fn default_poll_seconds() -> u64 {
    60
}
fn default_recheck_ms() -> u64 {
    100
}
fn default_inbox() -> String {
    "INBOX".into()
}
fn default_processed() -> String {
    "Processed".into()
}

/// `[imap]` in `config.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapSettings {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    pub user: String,
    pub password: Secret,
    /// Use IMAP IDLE when the server offers it (else poll).
    #[serde(default = "default_true")]
    pub idle: bool,
    /// Polling interval when IDLE is off or not offered.
    #[serde(default = "default_poll_seconds")]
    pub poll_seconds: u64,
    /// While waiting for mail, ask the server this often, in milliseconds:
    /// with IDLE, the IDLE is ended and started again (the server looks at
    /// the mailbox when an IDLE starts); without, a NOOP instead of waiting
    /// `poll_seconds`; 0: never. Dovecot tells a running IDLE of new mail
    /// only 500 ms after it arrives (a fixed delay of its mailbox watcher),
    /// which a lone order would wait. Default 100. A session that keeps
    /// talking this often is served by its old Dovecot process ~30 s after
    /// Dovecot stopped, so while rechecking the wait also checks every 5 s
    /// that the server still takes connections (a stop is then seen as an
    /// outage of the mailbox, `tests/outages.rs`).
    #[serde(default = "default_recheck_ms")]
    pub recheck_ms: u64,
    #[serde(default = "default_inbox")]
    pub inbox: String,
    /// Where processed messages are moved (created if missing).
    #[serde(default = "default_processed")]
    pub processed_folder: String,
    /// An extra certificate (PEM) to trust as a root, e.g. a self-signed
    /// server certificate.
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

/// `[smtp]` in `config.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub password: Option<Secret>,
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

/// Installs ring as the process-wide rustls crypto provider, once. lettre and
/// tokio-rustls then agree on it (two providers make rustls panic). Safe to
/// call any number of times, from any thread.
pub fn init_crypto() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Err means another provider was installed first by the program:
        // that one is used, which is what the program asked for.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// True for `localhost` and loopback IP addresses: the only hosts a
/// plaintext connection is allowed to.
pub fn is_loopback_host(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    if h.eq_ignore_ascii_case("localhost") || h.to_ascii_lowercase().ends_with(".localhost") {
        return true;
    }
    h.parse::<std::net::IpAddr>()
        .map(|ip| ip.is_loopback())
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Cfg {
        imap: ImapSettings,
        smtp: SmtpSettings,
    }

    #[test]
    fn settings_parse_with_defaults_and_secret_forms() {
        let cfg: Cfg = toml::from_str(
            r#"
            [imap]
            host = "imap.example.org"
            port = 993
            tls = "implicit"
            user = "arbitre"
            password = { file = "/etc/arbitre/imap.pass" }
            [smtp]
            host = "smtp.example.org"
            port = 587
            tls = "starttls"
            user = "arbitre"
            password = { env = "ARBITRE_SMTP_PASSWORD" }
            "#,
        )
        .unwrap();
        assert_eq!(cfg.imap.tls, TlsMode::Implicit);
        assert_eq!(cfg.imap.password, Secret::File("/etc/arbitre/imap.pass".into()));
        assert!(cfg.imap.idle);
        assert_eq!(cfg.imap.poll_seconds, 60);
        assert_eq!(cfg.imap.inbox, "INBOX");
        assert_eq!(cfg.imap.processed_folder, "Processed");
        assert_eq!(cfg.imap.ca_file, None);
        assert_eq!(cfg.smtp.tls, TlsMode::StartTls);
        assert_eq!(cfg.smtp.password, Some(Secret::Env("ARBITRE_SMTP_PASSWORD".into())));
    }

    #[test]
    fn inline_password_and_unknown_tls_mode_are_rejected() {
        let inline = toml::from_str::<ImapSettings>(
            r#"host = "h"
            port = 1
            tls = "none"
            user = "u"
            password = "secret""#,
        );
        assert!(inline.is_err());
        let bad_tls = toml::from_str::<ImapSettings>(
            r#"host = "h"
            port = 1
            tls = "ssl"
            user = "u"
            password = { env = "X" }"#,
        );
        assert!(bad_tls.is_err());
    }

    #[test]
    fn secret_from_file_drops_one_trailing_newline_only() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("pass");
        std::fs::write(&p, "s3cret \n").unwrap();
        assert_eq!(Secret::File(p.clone()).resolve().unwrap(), "s3cret ");
        std::fs::write(&p, "\n").unwrap();
        assert!(matches!(
            Secret::File(p).resolve(),
            Err(TransportError::Secret { .. })
        ));
        let missing = Secret::File(dir.path().join("nope")).resolve().unwrap_err();
        assert!(missing.to_string().contains("nope"), "{missing}");
    }

    #[test]
    fn secret_from_missing_env_names_the_variable() {
        let e = Secret::Env("ARBITRE_TEST_SURELY_UNSET_VAR".into())
            .resolve()
            .unwrap_err();
        assert!(e.to_string().contains("ARBITRE_TEST_SURELY_UNSET_VAR"), "{e}");
    }

    #[test]
    fn loopback_hosts() {
        for h in ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "LOCALHOST", "mail.localhost"] {
            assert!(is_loopback_host(h), "{h}");
        }
        for h in ["example.org", "10.0.0.1", "localhost.example.org", "0.0.0.0"] {
            assert!(!is_loopback_host(h), "{h}");
        }
    }

    #[test]
    fn init_crypto_is_idempotent() {
        init_crypto();
        init_crypto();
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
    }
}
