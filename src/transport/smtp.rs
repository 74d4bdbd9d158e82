//! The SMTP sender: lettre's SMTP client over our own TCP connections
//! (tokio, rustls with ring), with `TCP_NODELAY` and a small pool of open
//! sessions.
//!
//! Why not lettre's transport as a whole: it writes a message and its final
//! `.` in two writes on a socket without `TCP_NODELAY`, so every
//! transaction waited out the server's delayed ACK (~40 ms on loopback)
//! before the `.` left (Nagle), and it offers no way to set the option.
//! Here the socket is ours (`tls::tcp_connect` sets it), lettre speaks the
//! protocol on it (`AsyncSmtpConnection::connect_with_transport`, STARTTLS,
//! AUTH), and this file drives each transaction step by step, so that it
//! knows whether the message had been handed over when something failed.

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lettre::address::{Address, Envelope};
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream, Certificate, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use lettre::transport::smtp::response::{Category, Severity};

use super::tls::{client_config, handshake, tcp_connect, MaybeTls};
use super::{init_crypto, is_loopback_host, SendError, Sender, SmtpSettings, TlsMode, TransportError, IO_TIMEOUT};

/// Sends through an SMTP server (submission with STARTTLS, SMTPS, or
/// plaintext on loopback). Sessions stay open between messages (at most
/// [`MAX_IDLE_SESSIONS`] idle ones, each for at most [`MAX_IDLE`]); a pooled
/// session the server closed meanwhile is noticed before the message goes
/// out, and a fresh one is opened.
pub struct SmtpSender {
    host: String,
    port: u16,
    tls: TlsMode,
    /// For STARTTLS (lettre upgrades its stream itself).
    starttls: Option<TlsParameters>,
    /// For implicit TLS (the handshake is ours, before the greeting).
    implicit: Option<Arc<rustls::ClientConfig>>,
    credentials: Option<Credentials>,
    hello: ClientId,
    idle: std::sync::Mutex<Vec<(AsyncSmtpConnection, Instant)>>,
}

/// Idle sessions kept open at most (the outbox sends a few at a time).
pub const MAX_IDLE_SESSIONS: usize = 16;

/// An idle session older than this is closed rather than reused (servers
/// drop idle clients after a few minutes: Postfix's `smtpd_timeout` is 300 s).
pub const MAX_IDLE: Duration = Duration::from_secs(30);

impl Drop for SmtpSender {
    fn drop(&mut self) {
        // Say QUIT to the idle sessions when a runtime can run it; otherwise
        // the sockets are simply closed.
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|p| p.into_inner()));
        if idle.is_empty() {
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                for (mut conn, _) in idle {
                    let _ = tokio::time::timeout(Duration::from_secs(5), conn.quit()).await;
                }
            });
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
/// this long; each single step is bounded by [`IO_TIMEOUT`].
const SEND_TIMEOUT: Duration = Duration::from_secs(120);

impl AsyncTokioStream for MaybeTls {
    fn peer_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        match self {
            MaybeTls::Plain(s) => s.peer_addr(),
            MaybeTls::Tls(s) => s.get_ref().0.peer_addr(),
        }
    }
}

/// Where a transaction failed: before the message's content was handed
/// over (certainly not accepted), or after (maybe accepted).
enum Failure {
    /// This message cannot go through this server at all.
    Refused(&'static str),
    Before(lettre::transport::smtp::Error),
    BeforeTimeout(&'static str),
    Handed(lettre::transport::smtp::Error),
    HandedTimeout,
}

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
        let (mut starttls, mut implicit) = (None, None);
        match s.tls {
            TlsMode::None => {}
            TlsMode::Implicit => implicit = Some(client_config(s.ca_file.as_deref())?),
            TlsMode::StartTls => {
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
                starttls = Some(params.build_rustls().map_err(|e| tls_error(format!("TLS set-up: {e}")))?);
            }
        }
        let credentials = match (&s.user, &s.password) {
            (Some(user), Some(secret)) => Some(Credentials::new(user.clone(), secret.resolve()?)),
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
            (None, None) => None,
        };
        Ok(SmtpSender {
            host: s.host.clone(),
            port: s.port,
            tls: s.tls,
            starttls,
            implicit,
            credentials,
            hello: ClientId::default(),
            idle: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// Opens a session: TCP (`TCP_NODELAY`), TLS, EHLO, AUTH.
    async fn connect(&self) -> Result<AsyncSmtpConnection, SendError> {
        let transient = |e: TransportError| SendError::Transient(format!("SMTP {}:{}: Connection error: {e}", self.host, self.port));
        let tcp = tcp_connect(&self.host, self.port).await.map_err(transient)?;
        let stream = match &self.implicit {
            Some(cfg) if self.tls == TlsMode::Implicit => {
                MaybeTls::Tls(Box::new(handshake(tcp, &self.host, self.port, cfg.clone()).await.map_err(transient)?))
            }
            _ => MaybeTls::Plain(tcp),
        };
        let setup = async {
            let mut conn = AsyncSmtpConnection::connect_with_transport(Box::new(stream), &self.hello).await?;
            if let Some(params) = &self.starttls {
                conn.starttls(params.clone(), &self.hello).await?;
            }
            if let Some(credentials) = &self.credentials {
                conn.auth(DEFAULT_MECHANISMS, credentials).await?;
            }
            Ok::<_, lettre::transport::smtp::Error>(conn)
        };
        match tokio::time::timeout(IO_TIMEOUT, setup).await {
            Ok(Ok(conn)) => Ok(conn),
            // Nothing of a message went out yet: never uncertain.
            Ok(Err(e)) => Err(match self.classify(e) {
                SendError::Uncertain(text) => SendError::Transient(text),
                other => other,
            }),
            Err(_) => Err(SendError::Transient(format!(
                "SMTP {}:{}: session set-up timed out after {} s",
                self.host,
                self.port,
                IO_TIMEOUT.as_secs()
            ))),
        }
    }

    /// A pooled session young enough to reuse, if any (older ones are closed).
    async fn take_idle(&self) -> Option<AsyncSmtpConnection> {
        loop {
            let (conn, since) = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop()?;
            if since.elapsed() <= MAX_IDLE && !conn.has_broken() {
                return Some(conn);
            }
            let mut conn = conn;
            let _ = tokio::time::timeout(Duration::from_secs(2), conn.quit()).await;
        }
    }

    fn put_back(&self, conn: AsyncSmtpConnection) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < MAX_IDLE_SESSIONS {
            idle.push((conn, Instant::now()));
        }
    }

    /// Opens a session and says hello (and authenticates): checks the
    /// settings before the first real message.
    pub async fn test_connection(&self) -> Result<(), SendError> {
        let mut conn = match tokio::time::timeout(SEND_TIMEOUT, self.connect()).await {
            Ok(r) => r?,
            Err(_) => {
                return Err(SendError::Transient(format!(
                    "{}:{}: timed out after {} s",
                    self.host,
                    self.port,
                    SEND_TIMEOUT.as_secs()
                )))
            }
        };
        let alive = tokio::time::timeout(IO_TIMEOUT, conn.test_connected()).await.unwrap_or(false);
        if !alive {
            conn.abort().await;
            return Err(SendError::Transient(format!("{}:{}: the server did not answer NOOP", self.host, self.port)));
        }
        self.put_back(conn);
        Ok(())
    }

    /// One transaction on an open session: MAIL, RCPT…, DATA, the message.
    async fn transaction(conn: &mut AsyncSmtpConnection, env: &Envelope, raw: &[u8]) -> Result<(), Failure> {
        let step = |what: &'static str, r: Result<Result<_, _>, tokio::time::error::Elapsed>| match r {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(Failure::Before(e)),
            Err(_) => Err(Failure::BeforeTimeout(what)),
        };
        let mut options = Vec::new();
        let ascii = |a: &Address| AsRef::<str>::as_ref(a).is_ascii();
        let non_ascii = env.from().is_some_and(|a| !ascii(a)) || env.to().iter().any(|a| !ascii(a));
        if non_ascii {
            if !conn.server_info().supports_feature(Extension::SmtpUtfEight) {
                return Err(Failure::Refused("the envelope has non-ASCII addresses but the server does not support SMTPUTF8"));
            }
            options.push(MailParameter::SmtpUtfEight);
        }
        if !raw.is_ascii() {
            if !conn.server_info().supports_feature(Extension::EightBitMime) {
                return Err(Failure::Refused("the message has 8-bit content but the server does not support 8BITMIME"));
            }
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        step("MAIL", tokio::time::timeout(IO_TIMEOUT, conn.command(Mail::new(env.from().cloned(), options))).await)?;
        for to in env.to() {
            step("RCPT", tokio::time::timeout(IO_TIMEOUT, conn.command(Rcpt::new(to.clone(), vec![]))).await)?;
        }
        step("DATA", tokio::time::timeout(IO_TIMEOUT, conn.command(Data)).await)?;
        // From here on the server may accept the message.
        match tokio::time::timeout(IO_TIMEOUT, conn.message(raw)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(Failure::Handed(e)),
            Err(_) => Err(Failure::HandedTimeout),
        }
    }

    async fn send_now(&self, env: &Envelope, raw: &[u8]) -> Result<(), SendError> {
        loop {
            let (mut conn, reused) = match self.take_idle().await {
                Some(c) => (c, true),
                None => (self.connect().await?, false),
            };
            match Self::transaction(&mut conn, env, raw).await {
                Ok(()) => {
                    self.put_back(conn);
                    return Ok(());
                }
                Err(failure) => {
                    conn.abort().await;
                    let error = match failure {
                        // A pooled session the server dropped meanwhile
                        // (no answer code): the others are as old; start
                        // afresh. Nothing of the message went out.
                        Failure::Before(e) if reused && e.status().is_none() => {
                            self.idle.lock().unwrap_or_else(|p| p.into_inner()).clear();
                            continue;
                        }
                        Failure::Refused(why) => SendError::Permanent(format!("SMTP {}:{}: {why}", self.host, self.port)),
                        Failure::Before(e) => match self.classify(e) {
                            SendError::Uncertain(text) => SendError::Transient(text),
                            other => other,
                        },
                        Failure::BeforeTimeout(what) => SendError::Transient(format!(
                            "SMTP {}:{}: {what} timed out after {} s",
                            self.host,
                            self.port,
                            IO_TIMEOUT.as_secs()
                        )),
                        Failure::Handed(e) => self.classify(e),
                        Failure::HandedTimeout => SendError::Uncertain(format!(
                            "SMTP {}:{}: no answer to the message within {} s",
                            self.host,
                            self.port,
                            IO_TIMEOUT.as_secs()
                        )),
                    };
                    return Err(error);
                }
            }
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
        match tokio::time::timeout(SEND_TIMEOUT, self.send_now(&env, raw)).await {
            Ok(r) => r,
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

    /// How the fake server below behaves.
    #[derive(Clone, Copy, PartialEq)]
    enum Fake {
        /// Answers everything, keeps the session open.
        Good,
        /// Closes the session after each accepted message.
        CloseAfterMessage,
        /// Closes the session when the message's final dot arrives, unanswered.
        DropAtDot,
        /// Closes the session at MAIL, unanswered.
        DropAtMail,
    }

    /// A minimal plaintext SMTP server on loopback (a mock, for unit tests
    /// only); returns its port and the count of sessions it accepted.
    async fn fake_server(mode: Fake) -> (u16, Arc<std::sync::atomic::AtomicUsize>) {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let sessions = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = sessions.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                tokio::spawn(async move {
                    let (r, mut w) = sock.into_split();
                    let mut lines = BufReader::new(r).lines();
                    w.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                    let mut in_data = false;
                    while let Ok(Some(line)) = lines.next_line().await {
                        let reply: &[u8] = if in_data {
                            if line != "." {
                                continue;
                            }
                            in_data = false;
                            if mode == Fake::DropAtDot {
                                return;
                            }
                            b"250 2.0.0 queued\r\n"
                        } else {
                            match line.get(..4).unwrap_or("").to_ascii_uppercase().as_str() {
                                "EHLO" => b"250-fake\r\n250 8BITMIME\r\n",
                                "MAIL" if mode == Fake::DropAtMail => return,
                                "DATA" => {
                                    in_data = true;
                                    b"354 go on\r\n"
                                }
                                "QUIT" => {
                                    let _ = w.write_all(b"221 bye\r\n").await;
                                    return;
                                }
                                _ => b"250 ok\r\n",
                            }
                        };
                        if w.write_all(reply).await.is_err() {
                            return;
                        }
                        if reply.starts_with(b"250 2.0.0") && mode == Fake::CloseAfterMessage {
                            return;
                        }
                    }
                });
            }
        });
        (port, sessions)
    }

    fn sender_on(port: u16) -> SmtpSender {
        let mut s = settings("127.0.0.1", TlsMode::None);
        s.port = port;
        SmtpSender::new(&s).unwrap()
    }

    async fn send_one(sender: &SmtpSender) -> Result<(), SendError> {
        sender.send("a@example.test", &["b@example.test".into()], b"Subject: x\r\n\r\nx\r\n").await
    }

    #[tokio::test]
    async fn one_session_carries_successive_messages() {
        let (port, sessions) = fake_server(Fake::Good).await;
        let sender = sender_on(port);
        for _ in 0..3 {
            send_one(&sender).await.unwrap();
        }
        assert_eq!(sessions.load(std::sync::atomic::Ordering::SeqCst), 1, "the pooled session was reused");
    }

    #[tokio::test]
    async fn a_pooled_session_the_server_closed_is_replaced_without_failing() {
        let (port, sessions) = fake_server(Fake::CloseAfterMessage).await;
        let sender = sender_on(port);
        send_one(&sender).await.unwrap();
        // Let the close reach us: the pooled session is now dead.
        tokio::time::sleep(Duration::from_millis(50)).await;
        send_one(&sender).await.expect("sent on a fresh session");
        assert_eq!(sessions.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_session_lost_after_the_message_is_uncertain_and_before_it_transient() {
        let (port, _) = fake_server(Fake::DropAtDot).await;
        let e = send_one(&sender_on(port)).await.unwrap_err();
        assert!(matches!(e, SendError::Uncertain(_)), "{e}");

        let (port, _) = fake_server(Fake::DropAtMail).await;
        let e = send_one(&sender_on(port)).await.unwrap_err();
        assert!(matches!(e, SendError::Transient(_)), "{e}");
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
