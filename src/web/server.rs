//! The web server's own loop: what a stranger's connections may cost the
//! referee.
//!
//! `axum::serve` has no limit on connections and no timeout of its own: a
//! client that opens connections and sends nothing keeps a descriptor each,
//! and 1,024 of them left the daemon unable to open `game.json` or the
//! mailbox (#25). So the connections are accepted here, each one bounded:
//!
//! - **how many**: at most [`Limits::max_connections`] at once (a
//!   semaphore taken *before* `accept`: beyond it, new connections wait in
//!   the kernel's backlog and cost the process nothing), and at most
//!   [`Limits::per_address`] from one client address (behind a trusted
//!   proxy every connection comes from the proxy: no per-address cap then,
//!   the proxy has its own);
//! - **how slow**: the request's header within [`HEADER_TIMEOUT`]; no byte
//!   read or written for [`IDLE_TIMEOUT`] closes the connection (a keep-alive
//!   connection between requests included); no connection lives longer
//!   than [`LIFETIME`] (a slow body sent a byte at a time included);
//! - **how big**: a header of at most [`MAX_HEADER_BYTES`]; bodies are
//!   limited by the router (`DefaultBodyLimit`) and the one form that takes
//!   one reads it only once its link is known good (`private::check`);
//! - **how much work**: the pages' file reads and rendering run on at most
//!   [`PAGE_WORKERS`] threads at once (`super::blocking`): a thousand
//!   requests for a thousand-family game page wait for their turn instead
//!   of each building the page in memory at the same time.
//!
//! The descriptors the mail loops need are kept apart: [`Limits::for_process`]
//! raises the process's soft limit to its hard one and leaves at least
//! [`RESERVED_DESCRIPTORS`] outside the web's share.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The request's header must arrive within this.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection on which nothing moves for this long is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(20);
/// No connection lives longer than this (it is closed after its request in
/// progress, or at once when that request is still being sent).
pub const LIFETIME: Duration = Duration::from_secs(120);
/// The largest request header (request line and fields).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// Pages built at once (file reads and rendering, off the runtime).
pub const PAGE_WORKERS: usize = 4;
/// Descriptors never given to the web: the mailbox, the SMTP sessions,
/// the game files, the logs.
pub const RESERVED_DESCRIPTORS: u64 = 256;
/// The web's connections at most (when the descriptors allow it).
pub const MAX_CONNECTIONS: usize = 256;
/// Connections at most from one client address.
pub const PER_ADDRESS: usize = 16;

/// The connection limits in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_connections: usize,
    /// `None`: no cap per address (behind a trusted proxy).
    pub per_address: Option<usize>,
    /// [`HEADER_TIMEOUT`], [`IDLE_TIMEOUT`], [`LIFETIME`] (shorter in tests).
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
    pub lifetime: Duration,
}

impl Limits {
    /// The limits for this process: the descriptors' soft limit raised to the
    /// hard one, then [`MAX_CONNECTIONS`] or what leaves
    /// [`RESERVED_DESCRIPTORS`] free, whichever is smaller (at least 8).
    pub fn for_process(trust_proxy: bool) -> Limits {
        let nofile = raise_nofile();
        let share = nofile.map_or(MAX_CONNECTIONS as u64, |n| n.saturating_sub(RESERVED_DESCRIPTORS) / 2);
        let max_connections = (share.min(MAX_CONNECTIONS as u64) as usize).max(8);
        if max_connections < MAX_CONNECTIONS {
            tracing::warn!(nofile = ?nofile, max_connections, "few file descriptors: the web pages take at most {max_connections} connections (raise LimitNOFILE)");
        }
        Limits {
            max_connections,
            per_address: (!trust_proxy).then_some(PER_ADDRESS.min(max_connections)),
            header_timeout: HEADER_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            lifetime: LIFETIME,
        }
    }
}

/// Raises the soft limit on open files to the hard limit; the limit now in
/// force (`None` when it cannot be read).
fn raise_nofile() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut l = getrlimit(Resource::Nofile);
    if l.current != l.maximum {
        l.current = l.maximum;
        if let Err(e) = setrlimit(Resource::Nofile, l.clone()) {
            tracing::warn!(error = %e, "cannot raise the limit on open files");
        }
    }
    getrlimit(Resource::Nofile).current
}

/// Open connections per client address.
#[derive(Default)]
struct PerAddress(Mutex<HashMap<IpAddr, usize>>);

impl PerAddress {
    /// Counts one more connection from `ip`; `false` (nothing counted) over `cap`.
    fn enter(&self, ip: IpAddr, cap: usize) -> bool {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = m.entry(ip).or_insert(0);
        if *n >= cap {
            return false;
        }
        *n += 1;
        true
    }

    fn leave(&self, ip: IpAddr) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&ip);
            }
        }
    }
}

/// Serves `app` on `listener` within `limits` until `stop` resolves; the
/// connections still open then finish their request in progress (at most
/// [`IDLE_TIMEOUT`] more).
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, stop: impl Future<Output = ()> + Send + 'static) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(PerAddress::default());
    let (stopping_tx, stopping) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    loop {
        // A slot before `accept`: over the cap, connections wait in the
        // kernel's backlog, not in this process.
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => p.map_err(io::Error::other)?,
            _ = &mut stop => break,
        };
        let (stream, peer) = tokio::select! {
            a = listener.accept() => match a {
                Ok(a) => a,
                Err(e) => {
                    // EMFILE and the like: wait a little rather than spin.
                    tracing::warn!(error = %e, "web: accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let ip = peer.ip();
        if let Some(cap) = limits.per_address {
            if !per_address.enter(ip, cap) {
                tracing::debug!(%ip, "web: too many connections from one address; closed");
                drop(stream);
                continue;
            }
        }
        let (app, per_address, mut stopping) = (app.clone(), per_address.clone(), stopping.clone());
        let counted = limits.per_address.is_some();
        tokio::spawn(async move {
            connection(stream, peer, app, limits, &mut stopping).await;
            if counted {
                per_address.leave(ip);
            }
            drop(permit);
        });
    }
    let _ = stopping_tx.send(true);
    Ok(())
}

/// One connection, HTTP/1.1, within the timeouts.
async fn connection(stream: TcpStream, peer: SocketAddr, app: Router, limits: Limits, stopping: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Idle::new(stream, limits.idle_timeout));
    let service = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        let app = app.clone();
        async move { app.oneshot(req.map(axum::body::Body::new)).await }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).max_buf_size(MAX_HEADER_BYTES.max(8192));
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    let lifetime = tokio::time::sleep(limits.lifetime);
    tokio::pin!(lifetime);
    let mut closing = false;
    loop {
        // Ends the connection (`true`), or closes it gracefully first.
        let close = tokio::select! {
            r = conn.as_mut() => {
                if let Err(e) = r {
                    tracing::debug!(%peer, error = %e, "web: connection ended");
                }
                return;
            }
            _ = &mut lifetime => true,
            _ = stopping.changed(), if !closing => true,
        };
        if close && closing {
            return;
        }
        closing = true;
        conn.as_mut().graceful_shutdown();
        // The request in progress gets the idle timeout to finish.
        lifetime.as_mut().reset(tokio::time::Instant::now() + limits.idle_timeout);
    }
}

/// A stream that fails with `TimedOut` once neither a read nor a write has
/// made progress for its timeout.
struct Idle<S> {
    inner: S,
    timeout: Duration,
    timer: Pin<Box<tokio::time::Sleep>>,
}

impl<S> Idle<S> {
    fn new(inner: S, timeout: Duration) -> Idle<S> {
        Idle { inner, timeout, timer: Box::pin(tokio::time::sleep(timeout)) }
    }

    fn moved(&mut self) {
        let at = tokio::time::Instant::now() + self.timeout;
        self.timer.as_mut().reset(at);
    }

    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.timer.as_mut().poll(cx).is_ready()
    }

    /// A write's outcome: progress resets the timer; waiting past it fails.
    fn written(&mut self, cx: &mut Context<'_>, r: Poll<io::Result<usize>>) -> Poll<io::Result<usize>> {
        match r {
            Poll::Ready(r) => {
                if matches!(r, Ok(n) if n > 0) {
                    self.moved();
                }
                Poll::Ready(r)
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            Poll::Pending => Poll::Pending,
        }
    }
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "no activity on the connection")
}

impl<S: AsyncRead + Unpin> AsyncRead for Idle<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    self.moved();
                }
                Poll::Ready(r)
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Idle<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.written(cx, r)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            r => r,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.written(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_per_address_are_counted_and_released() {
        let p = PerAddress::default();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        assert!(p.enter(a, 2) && p.enter(a, 2));
        assert!(!p.enter(a, 2), "a third connection from one address is refused");
        assert!(p.enter(b, 2), "another address is not");
        p.leave(a);
        assert!(p.enter(a, 2), "a closed connection frees its place");
    }

    #[tokio::test]
    async fn a_silent_connection_times_out_and_a_talking_one_does_not() {
        let (client, server) = tokio::io::duplex(64);
        let mut idle = Idle::new(server, Duration::from_millis(200));
        let mut buf = [0u8; 8];
        let started = std::time::Instant::now();
        let r = tokio::io::AsyncReadExt::read(&mut idle, &mut buf).await;
        assert_eq!(r.unwrap_err().kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(150));
        drop(client);
    }
}
