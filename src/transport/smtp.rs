//! The SMTP sender (lettre over tokio, rustls with ring).

use std::str::FromStr;
use std::time::Duration;

use lettre::address::{Address, Envelope};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::transport::smtp::response::{Category, Severity};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::{init_crypto, is_loopback_host, SendError, Sender, SmtpSettings, TlsMode, TransportError, IO_TIMEOUT};

/// Sends through an SMTP server (submission with STARTTLS, SMTPS, or
/// plaintext on loopback). Connections are pooled by lettre.
///
/// lettre's pool spawns tokio tasks when it is built and when it is
/// dropped: it is built on the first send (so `new` needs no runtime), and
/// a sender dropped outside any runtime leaks its pool instead of
/// panicking.
pub struct SmtpSender {
    builder: lettre::transport::smtp::AsyncSmtpTransportBuilder,
    transport: std::sync::OnceLock<AsyncSmtpTransport<Tokio1Executor>>,
    host: String,
    port: u16,
}

impl Drop for SmtpSender {
    fn drop(&mut self) {
        if tokio::runtime::Handle::try_current().is_err() {
            if let Some(t) = self.transport.take() {
                std::mem::forget(t);
            }
        }
    }
}

impl std::fmt::Debug for SmtpSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSender")
            .field("host", &self.host)
            .field("port", &self.port)
            .finish()
    }
}

/// A whole transaction (connect, TLS, AUTH, MAIL, RCPT, DATA) may take
/// this long; lettre's own timeout bounds each single command.
const SEND_TIMEOUT: Duration = Duration::from_secs(120);

impl SmtpSender {
    /// Validates the settings, reads the password and the extra root
    /// certificate. Connects only when sending.
    pub fn new(s: &SmtpSettings) -> Result<Self, TransportError> {
        init_crypto();
        if s.tls == TlsMode::None && !is_loopback_host(&s.host) {
            return Err(TransportError::PlaintextRefused { host: s.host.clone() });
        }
        let tls_error = |message: String| TransportError::Tls {
            host: s.host.clone(),
            port: s.port,
            message,
        };
        let tls = if s.tls == TlsMode::None {
            Tls::None
        } else {
            let host_only = s.host.trim_start_matches('[').trim_end_matches(']');
            let mut params = TlsParameters::builder(host_only.to_string());
            if let Some(path) = &s.ca_file {
                let pem = std::fs::read(path).map_err(|e| TransportError::CaFile {
                    path: path.clone(),
                    message: e.to_string(),
                })?;
                // Same checks as for IMAP (at least one certificate).
                super::tls::load_pem_certs(path)?;
                let cert = Certificate::from_pem(&pem).map_err(|e| TransportError::CaFile {
                    path: path.clone(),
                    message: e.to_string(),
                })?;
                params = params.add_root_certificate(cert);
            }
            let params = params
                .build_rustls()
                .map_err(|e| tls_error(format!("TLS set-up: {e}")))?;
            match s.tls {
                TlsMode::Implicit => Tls::Wrapper(params),
                _ => Tls::Required(params),
            }
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(s.host.clone())
            .port(s.port)
            .tls(tls)
            .timeout(Some(IO_TIMEOUT));
        match (&s.user, &s.password) {
            (Some(user), Some(secret)) => {
                let password = secret.resolve()?;
                builder = builder.credentials(Credentials::new(user.clone(), password));
            }
            (Some(user), None) => {
                return Err(TransportError::Secret {
                    source_name: format!("smtp user {user:?}"),
                    message: "a user is set but no password".into(),
                })
            }
            (None, Some(_)) => {
                return Err(TransportError::Secret {
                    source_name: "smtp password".into(),
                    message: "a password is set but no user".into(),
                })
            }
            (None, None) => {}
        }
        Ok(SmtpSender {
            builder,
            transport: std::sync::OnceLock::new(),
            host: s.host.clone(),
            port: s.port,
        })
    }

    fn transport(&self) -> &AsyncSmtpTransport<Tokio1Executor> {
        self.transport.get_or_init(|| self.builder.clone().build())
    }

    /// Opens a connection and says hello (and authenticates): checks the
    /// settings before the first real message.
    pub async fn test_connection(&self) -> Result<(), SendError> {
        match tokio::time::timeout(SEND_TIMEOUT, self.transport().test_connection()).await {
            Ok(Ok(true)) => Ok(()),
            Ok(Ok(false)) => Err(SendError::Transient(format!(
                "{}:{}: the server did not answer NOOP",
                self.host, self.port
            ))),
            Ok(Err(e)) => Err(self.classify(e)),
            Err(_) => Err(SendError::Transient(format!(
                "{}:{}: timed out after {} s",
                self.host,
                self.port,
                SEND_TIMEOUT.as_secs()
            ))),
        }
    }

    fn classify(&self, e: lettre::transport::smtp::Error) -> SendError {
        let text = format!("SMTP {}:{}: {e}", self.host, self.port);
        match e.status() {
            // x3z are the authentication replies (530, 534, 535, 538): a
            // configuration problem, not this message's: retrying later
            // (after the operator fixes it) is right.
            Some(code)
                if code.severity == Severity::PermanentNegativeCompletion
                    && code.category == Category::Unspecified3 =>
            {
                SendError::Transient(format!("{text} (authentication refused: check the smtp user and password)"))
            }
            Some(code) if code.severity == Severity::PermanentNegativeCompletion => SendError::Permanent(text),
            _ if e.is_permanent() => SendError::Permanent(text),
            // A 4xx answer: the server said "not now".
            Some(_) => SendError::Transient(text),
            // Refused connections and failed TLS handshakes happen before a
            // single byte of the message went out.
            _ if e.is_tls() || text.contains("Connection error") => SendError::Transient(text),
            // A broken connection or an unreadable answer: the message may
            // have been accepted.
            _ => SendError::Uncertain(text),
        }
    }
}

/// Parses the envelope; bad addresses are permanent failures.
pub(crate) fn envelope(envelope_from: &str, to: &[String]) -> Result<Envelope, SendError> {
    let from = if envelope_from.trim().is_empty() {
        None
    } else {
        Some(
            Address::from_str(envelope_from.trim())
                .map_err(|e| SendError::Permanent(format!("invalid envelope sender {envelope_from:?}: {e}")))?,
        )
    };
    let mut rcpts = Vec::with_capacity(to.len());
    for t in to {
        rcpts.push(
            Address::from_str(t.trim()).map_err(|e| SendError::Permanent(format!("invalid recipient {t:?}: {e}")))?,
        );
    }
    Envelope::new(from, rcpts).map_err(|e| SendError::Permanent(format!("invalid envelope: {e}")))
}

#[async_trait::async_trait]
impl Sender for SmtpSender {
    async fn send(&self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), SendError> {
        let env = envelope(envelope_from, to)?;
        match tokio::time::timeout(SEND_TIMEOUT, self.transport().send_raw(&env, raw)).await {
            Ok(Ok(_response)) => Ok(()),
            Ok(Err(e)) => Err(self.classify(e)),
            // The message may have been handed over already.
            Err(_) => Err(SendError::Uncertain(format!(
                "SMTP {}:{}: timed out after {} s",
                self.host,
                self.port,
                SEND_TIMEOUT.as_secs()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::Secret;

    fn settings(host: &str, tls: TlsMode) -> SmtpSettings {
        SmtpSettings {
            host: host.into(),
            port: 2525,
            tls,
            user: None,
            password: None,
            ca_file: None,
        }
    }

    #[test]
    fn plaintext_only_to_loopback() {
        assert!(matches!(
            SmtpSender::new(&settings("smtp.example.org", TlsMode::None)),
            Err(TransportError::PlaintextRefused { .. })
        ));
        assert!(SmtpSender::new(&settings("127.0.0.1", TlsMode::None)).is_ok());
        assert!(SmtpSender::new(&settings("smtp.example.org", TlsMode::StartTls)).is_ok());
    }

    #[test]
    fn user_without_password_is_a_configuration_error() {
        let mut s = settings("smtp.example.org", TlsMode::Implicit);
        s.user = Some("arbitre".into());
        assert!(matches!(SmtpSender::new(&s), Err(TransportError::Secret { .. })));
        s.user = None;
        s.password = Some(Secret::Env("X".into()));
        assert!(matches!(SmtpSender::new(&s), Err(TransportError::Secret { .. })));
    }

    #[test]
    fn missing_ca_file_is_reported_with_its_path() {
        let mut s = settings("localhost", TlsMode::StartTls);
        s.ca_file = Some("/nonexistent/ca.pem".into());
        let e = SmtpSender::new(&s).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/ca.pem"), "{e}");
    }

    #[test]
    fn envelope_accepts_null_sender_and_rejects_bad_addresses() {
        let e = envelope("", &["a@example.test".into()]).unwrap();
        assert!(e.from().is_none());
        assert!(envelope("x@example.test", &["not an address".into()])
            .unwrap_err()
            .is_permanent());
        assert!(envelope("x@example.test", &[]).unwrap_err().is_permanent());
    }

    #[tokio::test]
    async fn refused_connection_is_transient() {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let mut s = settings("127.0.0.1", TlsMode::None);
        s.port = port;
        let sender = SmtpSender::new(&s).unwrap();
        let e = sender
            .send("a@example.test", &["b@example.test".into()], b"Subject: x\r\n\r\nx\r\n")
            .await
            .unwrap_err();
        assert!(matches!(e, SendError::Transient(_)), "{e}");
    }
}
