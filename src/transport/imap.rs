//! The IMAP mailbox (async-imap over tokio, rustls).
//!
//! async-imap has no timeouts of its own: every call here is wrapped in
//! [`IO_TIMEOUT`]. After any protocol or I/O error the session is dropped
//! (its stream may be half-read) and every later call returns
//! [`TransportError::Disconnected`]: the caller connects again.

use std::collections::BTreeSet;
use std::future::Future;
use std::time::Duration;

use async_imap::extensions::idle::IdleResponse;
use async_imap::imap_proto::{MailboxDatum, Response, Status};
use async_imap::types::Fetch;
use futures::TryStreamExt;

use super::tls::{client_config, handshake, tcp_connect, MaybeTls};
use super::{is_loopback_host, FetchedMail, ImapSettings, Mailbox, TlsMode, TransportError, IO_TIMEOUT};

pub(crate) type Session = async_imap::Session<MaybeTls>;

/// How many messages one `UID FETCH` asks for: bounds the memory held per
/// round trip during an intake rush.
const FETCH_CHUNK: usize = 50;

/// With `recheck`, how often a wait also checks that the server still takes
/// new connections. A session that keeps talking is served by its own
/// process after the server stops (Dovecot: ~30 s more, where a resting
/// IDLE is told BYE within ~10 s), so without this a stopped server would
/// not be seen as an outage until that process gives up.
const PROBE_EVERY: Duration = Duration::from_secs(5);

/// Host and port, for error messages.
#[derive(Debug, Clone)]
pub(crate) struct Ctx {
    pub host: String,
    pub port: u16,
}

impl Ctx {
    pub(crate) fn imap_error(&self, operation: &str, e: async_imap::error::Error) -> TransportError {
        use async_imap::error::Error as E;
        match e {
            E::Io(source) => TransportError::Io {
                host: self.host.clone(),
                port: self.port,
                operation: operation.into(),
                source,
            },
            E::No(m) => self.protocol(operation, format!("the server answered NO: {m}")),
            E::Bad(m) => self.protocol(operation, format!("the server answered BAD: {m}")),
            E::ConnectionLost => self.protocol(operation, "the server closed the connection".into()),
            other => self.protocol(operation, other.to_string()),
        }
    }

    pub(crate) fn protocol(&self, operation: &str, message: String) -> TransportError {
        TransportError::Protocol {
            host: self.host.clone(),
            port: self.port,
            operation: operation.into(),
            message,
        }
    }

    fn timeout(&self, operation: &str, d: Duration) -> TransportError {
        TransportError::Timeout {
            host: self.host.clone(),
            port: self.port,
            operation: operation.into(),
            seconds: d.as_secs(),
        }
    }

    /// Runs one IMAP exchange under [`IO_TIMEOUT`].
    pub(crate) async fn timed<T, F>(&self, operation: &str, fut: F) -> Result<T, TransportError>
    where
        F: Future<Output = Result<T, async_imap::error::Error>>,
    {
        match tokio::time::timeout(IO_TIMEOUT, fut).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(self.imap_error(operation, e)),
            Err(_) => Err(self.timeout(operation, IO_TIMEOUT)),
        }
    }
}

/// Quotes a mailbox name for commands that async-imap does not quote (LIST).
fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Connects, protects the connection as asked and logs in.
pub(crate) async fn open_session(
    host: &str,
    port: u16,
    tls: TlsMode,
    ca_file: Option<&std::path::Path>,
    user: &str,
    password: &str,
) -> Result<(Session, Ctx), TransportError> {
    let ctx = Ctx {
        host: host.to_string(),
        port,
    };
    if tls == TlsMode::None && !is_loopback_host(host) {
        return Err(TransportError::PlaintextRefused { host: host.into() });
    }
    let config = match tls {
        TlsMode::None => None,
        _ => Some(client_config(ca_file)?),
    };
    let tcp = tcp_connect(host, port).await?;
    let stream = match (tls, config) {
        (TlsMode::Implicit, Some(cfg)) => MaybeTls::Tls(Box::new(handshake(tcp, host, port, cfg).await?)),
        _ => MaybeTls::Plain(tcp),
    };
    let mut client = async_imap::Client::new(stream);
    read_greeting(&ctx, &mut client).await?;
    if tls == TlsMode::StartTls {
        ctx.timed("STARTTLS", client.run_command_and_check_ok("STARTTLS", None))
            .await?;
        let tcp = match client.into_inner() {
            MaybeTls::Plain(tcp) => tcp,
            MaybeTls::Tls(_) => return Err(ctx.protocol("STARTTLS", "already encrypted".into())),
        };
        let cfg = client_config(ca_file)?;
        let tls_stream = handshake(tcp, host, port, cfg).await?;
        // No greeting after STARTTLS (RFC 3501 6.2.1).
        client = async_imap::Client::new(MaybeTls::Tls(Box::new(tls_stream)));
    }
    let login = tokio::time::timeout(IO_TIMEOUT, client.login(user, password)).await;
    match login {
        Ok(Ok(session)) => Ok((session, ctx)),
        Ok(Err((async_imap::error::Error::No(message), _client))) => Err(TransportError::AuthenticationFailed {
            host: host.into(),
            port,
            user: user.into(),
            message,
        }),
        Ok(Err((e, _client))) => Err(ctx.imap_error("LOGIN", e)),
        Err(_) => Err(ctx.timeout("LOGIN", IO_TIMEOUT)),
    }
}

async fn read_greeting(ctx: &Ctx, client: &mut async_imap::Client<MaybeTls>) -> Result<(), TransportError> {
    let greeting = match tokio::time::timeout(IO_TIMEOUT, client.read_response()).await {
        Ok(Ok(Some(g))) => g,
        Ok(Ok(None)) => return Err(ctx.protocol("greeting", "the server closed the connection".into())),
        Ok(Err(e)) => {
            return Err(TransportError::Io {
                host: ctx.host.clone(),
                port: ctx.port,
                operation: "greeting".into(),
                source: e,
            })
        }
        Err(_) => return Err(ctx.timeout("greeting", IO_TIMEOUT)),
    };
    match greeting.parsed() {
        Response::Data {
            status: Status::Ok | Status::PreAuth,
            ..
        } => Ok(()),
        other => Err(ctx.protocol("greeting", format!("unexpected greeting: {other:?}"))),
    }
}

/// The referee's IMAP mailbox: one logged-in session with the inbox
/// selected.
pub struct ImapMailbox {
    session: Option<Session>,
    ctx: Ctx,
    inbox: String,
    processed_folder: String,
    use_idle: bool,
    poll: Duration,
    /// Ask the server this often while waiting (`None`: IDLE or `poll`).
    recheck: Option<Duration>,
    has_move: bool,
    has_uidplus: bool,
    allow_move: bool,
    /// UIDs returned by the last `fetch_pending`: `wait_for_mail` returns at
    /// once only for pending mail beyond these (a message the caller could
    /// not archive must not turn the wait into a busy loop).
    last_fetched: BTreeSet<u32>,
    /// Raised to end a wait early (`Mailbox::set_wake`).
    wake: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The inbox's UIDs as `wait_for_mail` just read them (it returned at
    /// once for them): the next `fetch_pending` uses them instead of asking
    /// again (nothing was sent to the server in between).
    just_listed: Option<Vec<u32>>,
    /// When the server was last seen taking a new connection (`recheck`).
    probed_at: tokio::time::Instant,
}

impl std::fmt::Debug for ImapMailbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImapMailbox")
            .field("host", &self.ctx.host)
            .field("port", &self.ctx.port)
            .field("inbox", &self.inbox)
            .field("connected", &self.session.is_some())
            .finish()
    }
}

impl ImapMailbox {
    /// Connects, logs in, creates the processed folder if missing and
    /// selects the inbox.
    pub async fn connect(s: &ImapSettings) -> Result<Self, TransportError> {
        let password = s.password.resolve()?;
        let (mut session, ctx) =
            open_session(&s.host, s.port, s.tls, s.ca_file.as_deref(), &s.user, &password).await?;
        let caps = ctx.timed("CAPABILITY", session.capabilities()).await?;
        let has_idle = caps.has_str("IDLE");
        let has_move = caps.has_str("MOVE");
        let has_uidplus = caps.has_str("UIDPLUS");

        let pattern = quote(&s.processed_folder);
        let names = ctx
            .timed("LIST", async {
                let stream = session.list(Some(""), Some(&pattern)).await?;
                stream.try_collect::<Vec<_>>().await
            })
            .await?;
        if names.is_empty() {
            ctx.timed("CREATE", session.create(&s.processed_folder)).await?;
        }
        ctx.timed("SELECT", session.select(&s.inbox)).await?;
        Ok(ImapMailbox {
            session: Some(session),
            ctx,
            inbox: s.inbox.clone(),
            processed_folder: s.processed_folder.clone(),
            use_idle: s.idle && has_idle,
            poll: Duration::from_secs(s.poll_seconds.max(1)),
            recheck: (s.recheck_ms > 0).then(|| Duration::from_millis(s.recheck_ms)),
            has_move,
            has_uidplus,
            allow_move: true,
            last_fetched: BTreeSet::new(),
            wake: None,
            just_listed: None,
            probed_at: tokio::time::Instant::now(),
        })
    }

    /// Whether waits use IMAP IDLE (asked for and offered by the server).
    pub fn uses_idle(&self) -> bool {
        self.use_idle
    }

    /// Use COPY + EXPUNGE even when the server offers MOVE (for servers
    /// whose MOVE misbehaves; also lets tests exercise that path).
    pub fn set_move_allowed(&mut self, allowed: bool) {
        self.allow_move = allowed;
    }

    /// Checks that the connection is alive (IMAP NOOP).
    pub async fn ping(&mut self) -> Result<(), TransportError> {
        let ctx = self.ctx.clone();
        let mut session = self.take_session()?;
        ctx.timed("NOOP", session.noop()).await?;
        self.session = Some(session);
        Ok(())
    }

    /// Logs out politely (errors ignored: the connection is dropped anyway).
    pub async fn logout(mut self) {
        if let Some(mut session) = self.session.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), session.logout()).await;
        }
    }

    /// Takes the session out for one operation; it is put back only when
    /// the operation succeeds. So an error, or a future dropped half-way
    /// (`select!`, timeout), leaves the mailbox disconnected rather than
    /// with half-read responses on the stream.
    fn take_session(&mut self) -> Result<Session, TransportError> {
        self.session.take().ok_or_else(|| TransportError::Disconnected {
            host: self.ctx.host.clone(),
            port: self.ctx.port,
        })
    }

    fn drain_unsolicited(session: &mut Session) {
        while session.unsolicited_responses.try_recv().is_ok() {}
    }

    /// After a NOOP: whether the server reported new mail (untagged EXISTS
    /// or RECENT). async-imap's NOOP ends without an error when the
    /// connection closes, so a BYE (a server shutting down says it before
    /// closing) is an error here: the caller connects again.
    fn news_after_noop(ctx: &Ctx, session: &mut Session) -> Result<bool, TransportError> {
        use async_imap::types::UnsolicitedResponse as U;
        let mut grew = false;
        while let Ok(r) = session.unsolicited_responses.try_recv() {
            match r {
                U::Exists(_) | U::Recent(_) => grew = true,
                U::Other(data) if matches!(data.parsed(), Response::Data { status: Status::Bye, .. }) => {
                    return Err(ctx.protocol("NOOP", "the server closed the connection (BYE)".into()));
                }
                _ => {}
            }
        }
        Ok(grew)
    }

    async fn pending_uids(ctx: &Ctx, session: &mut Session) -> Result<Vec<u32>, TransportError> {
        // NOOP first: Dovecot answers SEARCH from the mailbox view of the
        // last sync and would miss mail delivered since.
        ctx.timed("NOOP", session.noop()).await?;
        Self::news_after_noop(ctx, session)?;
        // Every message still in the inbox, read or not: handled ones are
        // moved out, so what is left is to do. Not only UNSEEN: a message
        // a person opened in a mail client, or one whose move a crash
        // interrupted after \Seen was set, must not be skipped for ever
        // (one already handled is recognised by its archive key).
        let set = ctx.timed("UID SEARCH", session.uid_search("UNDELETED")).await?;
        let mut uids: Vec<u32> = set.into_iter().collect();
        uids.sort_unstable();
        Ok(uids)
    }

    async fn fetch_pending_in(ctx: &Ctx, session: &mut Session, listed: Option<Vec<u32>>, max_bytes: u64) -> Result<(Vec<FetchedMail>, bool), TransportError> {
        let uids = match listed {
            Some(uids) => uids,
            None => Self::pending_uids(ctx, session).await?,
        };
        // Sizes and delivery instants first (a few bytes each), to read no
        // more than `max_bytes` of bodies at once.
        let mut info: std::collections::BTreeMap<u32, (u64, Option<jiff::Timestamp>)> = std::collections::BTreeMap::new();
        for chunk in uids.chunks(FETCH_CHUNK * 20) {
            let set = chunk.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            let fetches: Vec<Fetch> = ctx
                .timed("UID FETCH (RFC822.SIZE INTERNALDATE)", async {
                    let stream = session.uid_fetch(&set, "(UID RFC822.SIZE INTERNALDATE)").await?;
                    stream.try_collect::<Vec<_>>().await
                })
                .await?;
            for f in &fetches {
                let Some(uid) = f.uid.filter(|u| chunk.binary_search(u).is_ok()) else { continue };
                let delivered = f.internal_date().and_then(|d| jiff::Timestamp::from_second(d.timestamp()).ok());
                info.insert(uid, (f.size.map_or(0, u64::from), delivered));
            }
        }
        let mut chosen = Vec::new();
        let mut taken = 0u64;
        for uid in &uids {
            let size = info.get(uid).map_or(0, |(s, _)| *s);
            if !chosen.is_empty() && taken.saturating_add(size) > max_bytes {
                break;
            }
            taken = taken.saturating_add(size);
            chosen.push(*uid);
        }
        let mut mails = Vec::with_capacity(chosen.len());
        for chunk in chosen.chunks(FETCH_CHUNK) {
            let set = chunk.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            // BODY.PEEK: fetching must not set \Seen (the caller marks a
            // message only once it is archived).
            let fetches: Vec<Fetch> = ctx
                .timed("UID FETCH", async {
                    let stream = session.uid_fetch(&set, "(UID BODY.PEEK[])").await?;
                    stream.try_collect::<Vec<_>>().await
                })
                .await?;
            let mut got: Vec<(u32, Vec<u8>)> = fetches
                .iter()
                .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
                .filter(|(uid, _)| chunk.binary_search(uid).is_ok())
                .collect();
            got.sort_by_key(|(uid, _)| *uid);
            got.dedup_by_key(|(uid, _)| *uid);
            mails.extend(got.into_iter().map(|(uid, raw)| FetchedMail {
                id: uid.to_string(),
                raw,
                delivered: info.get(&uid).and_then(|(_, d)| *d),
            }));
        }
        Self::drain_unsolicited(session);
        Ok((mails, chosen.len() < uids.len()))
    }

    /// `set`: one UID or several, comma-separated (one round trip per
    /// command whatever their number).
    async fn mark_processed_in(
        ctx: &Ctx,
        session: &mut Session,
        set: &str,
        folder: &str,
        use_move: bool,
        has_uidplus: bool,
    ) -> Result<(), TransportError> {
        let id = set.to_string();
        ctx.timed("UID STORE \\Seen", async {
            let stream = session.uid_store(&id, "+FLAGS.SILENT (\\Seen)").await?;
            stream.try_collect::<Vec<_>>().await
        })
        .await?;
        if use_move {
            ctx.timed("UID MOVE", session.uid_mv(&id, folder)).await?;
        } else {
            ctx.timed("UID COPY", session.uid_copy(&id, folder)).await?;
            ctx.timed("UID STORE \\Deleted", async {
                let stream = session.uid_store(&id, "+FLAGS.SILENT (\\Deleted)").await?;
                stream.try_collect::<Vec<_>>().await
            })
            .await?;
            if has_uidplus {
                ctx.timed("UID EXPUNGE", async {
                    let stream = session.uid_expunge(&id).await?;
                    stream.try_collect::<Vec<_>>().await
                })
                .await?;
            } else {
                // Without UIDPLUS, EXPUNGE removes every \Deleted message of
                // the inbox: only ones this mailbox already copied away or
                // that another client deleted.
                ctx.timed("EXPUNGE", async {
                    let stream = session.expunge().await?;
                    stream.try_collect::<Vec<_>>().await
                })
                .await?;
            }
        }
        Self::drain_unsolicited(session);
        Ok(())
    }

    /// With `recheck`, every [`PROBE_EVERY`]: a new TCP connection to the
    /// server (closed at once, nothing sent). An error when it is refused:
    /// the server is stopping or stopped, though this session still answers.
    async fn probe_if_due(&mut self) -> Result<(), TransportError> {
        if self.probed_at.elapsed() < PROBE_EVERY {
            return Ok(());
        }
        let tcp = tcp_connect(&self.ctx.host, self.ctx.port).await?;
        drop(tcp);
        self.probed_at = tokio::time::Instant::now();
        Ok(())
    }

    /// NOOP every `every` until the server reports the mailbox grew (an
    /// untagged EXISTS or RECENT) or `max` passes. Between two NOOPs nothing
    /// is on the wire, so the session is back in place while sleeping (a
    /// cancelled wait leaves it usable).
    async fn recheck_until_news(&mut self, every: Duration, max: Duration) -> Result<(), TransportError> {
        let deadline = tokio::time::Instant::now() + max;
        loop {
            let now = tokio::time::Instant::now();
            if now >= deadline || super::woken(&self.wake) {
                return Ok(());
            }
            tokio::time::sleep(every.min(deadline - now)).await;
            let ctx = self.ctx.clone();
            let mut session = self.take_session()?;
            ctx.timed("NOOP", session.noop()).await?;
            let grew = Self::news_after_noop(&ctx, &mut session)?;
            self.session = Some(session);
            if grew {
                return Ok(());
            }
            self.probe_if_due().await?;
        }
    }

    /// IDLE until the mailbox grows or `max` passes; gives the session back.
    /// Returns the session and whether the server reported new mail.
    async fn idle_until_news(ctx: &Ctx, session: Session, max: Duration) -> Result<(Session, bool), TransportError> {
        let deadline = tokio::time::Instant::now() + max;
        let mut news = false;
        let mut handle = session.idle();
        ctx.timed("IDLE", handle.init()).await?;
        loop {
            let now = tokio::time::Instant::now();
            if now >= deadline {
                break;
            }
            let remaining = deadline - now;
            // The stop source must stay alive in a named binding while
            // waiting: dropping it interrupts the IDLE at once.
            let (wait, stop) = handle.wait_with_timeout(remaining);
            let outcome = tokio::time::timeout(remaining + Duration::from_secs(1), wait).await;
            drop(stop);
            match outcome {
                Ok(Ok(IdleResponse::NewData(data))) => {
                    if matches!(
                        data.parsed(),
                        Response::MailboxData(MailboxDatum::Exists(_) | MailboxDatum::Recent(_))
                    ) {
                        news = true;
                        break;
                    }
                    // Flag changes, keep-alives: keep waiting.
                }
                Ok(Ok(IdleResponse::Timeout | IdleResponse::ManualInterrupt)) | Err(_) => break,
                Ok(Err(e)) => return Err(ctx.imap_error("IDLE", e)),
            }
        }
        let mut session = ctx.timed("IDLE DONE", handle.done()).await?;
        news |= Self::news_after_noop(ctx, &mut session)?;
        Ok((session, news))
    }
}

#[async_trait::async_trait]
impl Mailbox for ImapMailbox {
    async fn fetch_pending(&mut self) -> Result<Vec<FetchedMail>, TransportError> {
        Ok(self.fetch_batch(u64::MAX).await?.0)
    }

    async fn fetch_batch(&mut self, max_bytes: u64) -> Result<(Vec<FetchedMail>, bool), TransportError> {
        let ctx = self.ctx.clone();
        let listed = self.just_listed.take();
        let mut session = self.take_session()?;
        let (mails, more) = Self::fetch_pending_in(&ctx, &mut session, listed, max_bytes).await?;
        self.session = Some(session);
        self.last_fetched = mails.iter().filter_map(|m| m.id.parse().ok()).collect();
        Ok((mails, more))
    }

    async fn mark_processed(&mut self, id: &str) -> Result<(), TransportError> {
        self.mark_processed_many(&[id.to_string()]).await
    }

    async fn mark_processed_many(&mut self, ids: &[String]) -> Result<(), TransportError> {
        self.just_listed = None;
        let mut uids = Vec::with_capacity(ids.len());
        for id in ids {
            match id.parse::<u32>() {
                Ok(u) if u > 0 => uids.push(u),
                _ => {
                    return Err(TransportError::UnknownMessage {
                        mailbox: format!("{}:{} {}", self.ctx.host, self.ctx.port, self.inbox),
                        id: id.clone(),
                    })
                }
            }
        }
        if uids.is_empty() {
            return Ok(());
        }
        let ctx = self.ctx.clone();
        let use_move = self.has_move && self.allow_move;
        let mut session = self.take_session()?;
        // Bounded command lines: a few hundred UIDs per command.
        for chunk in uids.chunks(200) {
            let set = chunk.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            Self::mark_processed_in(&ctx, &mut session, &set, &self.processed_folder, use_move, self.has_uidplus).await?;
        }
        self.session = Some(session);
        for u in &uids {
            self.last_fetched.remove(u);
        }
        Ok(())
    }

    async fn wait_for_mail(&mut self, max: Duration) -> Result<(), TransportError> {
        let ctx = self.ctx.clone();
        let mut session = self.take_session()?;
        let uids = Self::pending_uids(&ctx, &mut session).await?;
        if uids.iter().any(|u| !self.last_fetched.contains(u)) {
            self.session = Some(session);
            self.just_listed = Some(uids);
            return Ok(());
        }
        if self.use_idle {
            // With `recheck`, the IDLE is ended and started again that
            // often: Dovecot looks at the mailbox when an IDLE starts, but
            // tells a running one of new mail only 500 ms after it came.
            let every = self.recheck.unwrap_or(max);
            let deadline = tokio::time::Instant::now() + max;
            let mut session = session;
            loop {
                let remaining = deadline.saturating_duration_since(tokio::time::Instant::now());
                if remaining.is_zero() {
                    break;
                }
                let (s, news) = Self::idle_until_news(&ctx, session, every.min(remaining)).await?;
                session = s;
                if news || super::woken(&self.wake) {
                    break;
                }
                if self.recheck.is_some() {
                    // On error the session is dropped: the caller reconnects.
                    self.probe_if_due().await?;
                }
            }
            self.session = Some(session);
        } else if let Some(every) = self.recheck {
            self.session = Some(session);
            self.recheck_until_news(every, max).await?;
        } else {
            // Nothing on the wire while sleeping: the session can go back
            // first (a cancelled sleep leaves it usable).
            self.session = Some(session);
            tokio::time::sleep(self.poll.min(max)).await;
        }
        Ok(())
    }

    fn set_wake(&mut self, wake: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.wake = Some(wake);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_escapes_quotes_and_backslashes() {
        assert_eq!(quote("Processed"), "\"Processed\"");
        assert_eq!(quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }

    #[tokio::test]
    async fn plaintext_to_a_remote_host_is_refused_before_connecting() {
        let e = open_session("imap.example.org", 143, TlsMode::None, None, "u", "p")
            .await
            .unwrap_err();
        assert!(matches!(e, TransportError::PlaintextRefused { .. }), "{e}");
    }

    #[tokio::test]
    async fn connection_refused_names_host_port_and_operation() {
        // Bind then drop a listener to get a port that refuses connections.
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let e = open_session("127.0.0.1", port, TlsMode::None, None, "u", "p")
            .await
            .unwrap_err();
        let text = e.to_string();
        assert!(text.contains(&format!("127.0.0.1:{port}")) && text.contains("connect"), "{text}");
    }
}
