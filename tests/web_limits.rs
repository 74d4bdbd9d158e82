//! What a stranger's connections may cost the web server (#25): idle and
//! slow connections are closed, connections are capped in all and per
//! address (the rest wait in the kernel's backlog), a form's body is never
//! read behind a wrong link, and `X-Forwarded-For` is believed only from
//! the configured proxy. Short timeouts here; the daemon's are in
//! `arbitre::web::server`.

mod support;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::daemon::Clock;
use arbitre::referee::Referee;
use arbitre::web::server::Limits;
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const SHORT: Limits = Limits {
    max_connections: 8,
    per_address: Some(4),
    header_timeout: Duration::from_secs(1),
    idle_timeout: Duration::from_secs(1),
    lifetime: Duration::from_secs(3),
};

struct Served {
    _env: Env,
    addr: SocketAddr,
    private: String,
    _stop: tokio::sync::oneshot::Sender<()>,
}

async fn serve(web_table: &str, limits: Limits) -> Served {
    let env = env_with(&format!("\n[web]\nlisten = \"127.0.0.1:1\"\n{web_table}"));
    join(&env.referee, "a@x.test", "Atréides", t0());
    let cfg = arbitre::config::load(&env.dir.path().join("config.toml")).unwrap();
    let referee = Arc::new(Referee::new(cfg, templates()).unwrap());
    let private = arbitre::web::link::private_path(&referee, GAME, "ATREIDES").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let web = arbitre::web::Web::new(referee, Clock::starting_at(t0()));
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(arbitre::web::serve_within(listener, web, limits, async move {
        let _ = rx.await;
    }));
    Served { _env: env, addr, private, _stop: tx }
}

/// A connection from the loopback address `from` (127.0.0.x).
async fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0)).unwrap();
    s.connect(to).await.unwrap()
}

/// Whether the server closed `s` within `within` (EOF or a reset).
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let until = Instant::now() + within;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// Sends `request` and reads the status code of the answer, if one comes within `within`.
async fn status_of(s: &mut TcpStream, request: &[u8], within: Duration) -> Option<u16> {
    s.write_all(request).await.ok()?;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let until = Instant::now() + within;
    while !got.windows(2).any(|w| w == b"\r\n") {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => got.extend_from_slice(&buf[..n]),
            _ => return None,
        }
    }
    String::from_utf8_lossy(&got).split_whitespace().nth(1)?.parse().ok()
}

fn get(path: &str, extra: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: site.test\r\n{extra}\r\n").into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_are_closed_and_one_address_cannot_take_every_connection() {
    let s = serve("", SHORT).await;
    // Four idle connections from one address are taken; the fifth and
    // sixth are closed at once.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(connect_from("127.0.0.1", s.addr).await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    for _ in 0..2 {
        let mut extra = connect_from("127.0.0.1", s.addr).await;
        assert!(closed_within(&mut extra, Duration::from_millis(500)).await, "a fifth connection from one address is closed at once");
    }
    // Another address still gets its page.
    let mut other = connect_from("127.0.0.2", s.addr).await;
    assert_eq!(status_of(&mut other, &get(&format!("/g/{GAME}"), "Connection: close\r\n"), Duration::from_secs(5)).await, Some(200));
    // A header sent a byte at a time (slowloris) is cut at the header timeout.
    let mut slow = connect_from("127.0.0.3", s.addr).await;
    let started = Instant::now();
    let header = get(&format!("/g/{GAME}"), "X-Slow: ");
    let mut cut = false;
    for b in header.iter().chain(b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter()) {
        if slow.write_all(&[*b]).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        if started.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    assert!(cut || closed_within(&mut slow, Duration::from_millis(500)).await, "a header trickling in is cut");
    assert!(started.elapsed() < Duration::from_secs(3), "cut by the header timeout, before the connection's lifetime: {:?}", started.elapsed());
    // The idle connections were closed by the idle timeout meanwhile.
    for c in &mut idle {
        assert!(closed_within(c, Duration::from_millis(100)).await, "an idle connection is closed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beyond_the_cap_connections_wait_in_the_backlog_and_are_served_when_places_free() {
    let s = serve("", SHORT).await;
    // Eight idle connections from two addresses fill the server.
    let mut idle = Vec::new();
    for from in ["127.0.0.2", "127.0.0.3"] {
        for _ in 0..4 {
            idle.push(connect_from(from, s.addr).await);
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // A ninth client is not served while they hold their places …
    let mut ninth = connect_from("127.0.0.4", s.addr).await;
    let started = Instant::now();
    let status = status_of(&mut ninth, &get(&format!("/g/{GAME}"), ""), Duration::from_secs(5)).await;
    // … and is, once the idle timeout frees them.
    assert_eq!(status, Some(200));
    assert!(started.elapsed() >= Duration::from_millis(500), "served only once a place was free: {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_order_check_form_reads_no_body_behind_a_wrong_link_and_refuses_a_large_one() {
    // #25: a slow POST to `/p/…/check` was read whole before its link was
    // looked at: a stranger held a connection and its memory.
    let s = serve("", SHORT).await;
    let mut wrong = s.private.clone();
    let last = wrong.pop().unwrap();
    wrong.push(if last == '0' { '1' } else { '0' });
    let mut c = connect_from("127.0.0.2", s.addr).await;
    let req = format!("POST {wrong}/check HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\norders=");
    assert_eq!(status_of(&mut c, req.as_bytes(), Duration::from_millis(800)).await, Some(404), "answered before any body, within the idle timeout");
    // The right link and a body over the limit: refused, unread.
    let mut c = connect_from("127.0.0.2", s.addr).await;
    let req = format!("POST {}/check HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000000\r\n\r\norders=", s.private);
    assert_eq!(status_of(&mut c, req.as_bytes(), Duration::from_millis(800)).await, Some(413));
    // A small one is checked.
    let mut c = connect_from("127.0.0.2", s.addr).await;
    let body = "orders=AIDE";
    let req = format!("POST {}/check HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}", s.private, body.len());
    assert_eq!(status_of(&mut c, req.as_bytes(), Duration::from_secs(5)).await, Some(200));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_forwarded_for_counts_only_from_the_proxy() {
    // #25: with `trust_proxy`, a client rotating `X-Forwarded-For` escaped the
    // limit on wrong private links.
    let limits = Limits { per_address: None, ..SHORT };
    let s = serve("trust_proxy = true\ntrusted_proxies = [\"127.0.0.9\"]\n", limits).await;
    let wrong = format!("/p/{GAME}/00000000000000000000000000000000");
    let mut statuses = Vec::new();
    for i in 0..=arbitre::web::limit::MAX_FAILURES {
        let mut c = connect_from("127.0.0.1", s.addr).await;
        let xff = format!("X-Forwarded-For: 198.51.100.{i}\r\nConnection: close\r\n");
        statuses.push(status_of(&mut c, &get(&wrong, &xff), Duration::from_secs(5)).await);
    }
    assert_eq!(statuses.last().copied().flatten(), Some(429), "a direct client is counted as itself: {statuses:?}");
    // Through the proxy, each client is its own.
    let mut statuses = Vec::new();
    for i in 0..=arbitre::web::limit::MAX_FAILURES {
        let mut c = connect_from("127.0.0.9", s.addr).await;
        let xff = format!("X-Forwarded-For: 198.51.100.{i}\r\nConnection: close\r\n");
        statuses.push(status_of(&mut c, &get(&wrong, &xff), Duration::from_secs(5)).await);
    }
    assert!(statuses.iter().all(|s| *s == Some(404)), "{statuses:?}");
}
