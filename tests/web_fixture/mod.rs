//! The web tests' game: a real Stellarium game played for two turns through
//! the referee (registrations, orders by mail, adjudication), then the web
//! server of `arbitre::web` on a free loopback port, and a small HTTP client.
#![allow(dead_code)]

use std::sync::Arc;

use arbitre::daemon::Clock;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};

use crate::support::*;

/// The families, their addresses; the first three play, the fourth never sends orders.
pub const FAMILIES: [(&str, &str, &str); 4] = [
    ("Atréides", "ATREIDES", "a@x.test"),
    ("Harkonnen", "HARKONNEN", "b@x.test"),
    ("Corrino", "CORRINO", "c@x.test"),
    ("Ordos", "ORDOS", "d@x.test"),
];

pub struct Site {
    pub env: Env,
    pub referee: Arc<Referee>,
    pub passwords: Vec<String>,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    pub now: Timestamp,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
}

fn deadline(r: &Referee) -> Timestamp {
    r.read_meta(GAME).unwrap().unwrap().deadline.unwrap()
}

/// Sends the ruleset's sample orders of family `i` for the open turn.
pub fn send_orders(r: &Referee, i: usize, password: &str, at: Timestamp) {
    let (name, key, addr) = FAMILIES[i];
    let g = r.open_game(GAME).unwrap();
    let mut dice = arbitre::dice::Dice::for_turn(7, g.meta.turn);
    let lines = g.engine.sample_orders(&g.state, &key.to_string(), &mut dice).unwrap();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let raw = mail(addr, &format!("o-{}-{key}@x.test", g.meta.turn), "Ordres", &orders_body(name, password, Some(g.meta.turn), &refs), at);
    r.handle_mail(&raw, at).unwrap();
}

/// A game after two adjudicated turns (0 and 1), with orders of turn 2 from
/// Atréides only; the clock 30 hours before the open deadline.
pub fn played_game() -> (Env, Vec<String>, Timestamp) {
    let e = env_with("\n[web]\nlisten = \"127.0.0.1:1\"\npublic_url = \"http://site.test\"\n");
    let r = &e.referee;
    // Half an hour past a whole hour, so the time left in words is stable while a test runs.
    let before = |r: &Referee| deadline(r).checked_sub(SignedDuration::from_mins(30 * 60 + 30)).unwrap();
    let t = before(r);
    let passwords: Vec<String> = FAMILIES.iter().map(|(name, _, addr)| join(r, addr, name, t)).collect();
    for turn in 0..2 {
        let t = before(r);
        for (i, pw) in passwords.iter().enumerate().take(3) {
            if turn == 1 && i == 2 {
                continue; // Corrino misses turn 1: ONR
            }
            send_orders(r, i, pw, t);
        }
        take_outbox(r);
        let after = deadline(r).checked_add(SignedDuration::from_mins(1)).unwrap();
        r.adjudicate(GAME, Mode::Force, after).unwrap();
        take_outbox(r);
    }
    let now = before(r);
    send_orders(r, 0, &passwords[0], now);
    take_outbox(r);
    (e, passwords, now)
}

impl Site {
    /// Serves `env`'s referee on a free port, its clock at `now`.
    pub async fn start(env: Env, passwords: Vec<String>, now: Timestamp) -> Site {
        let cfg = arbitre::config::load(&env.dir.path().join("config.toml")).unwrap();
        let referee = Arc::new(Referee::new(cfg, templates()).unwrap());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let web = arbitre::web::Web::new(referee.clone(), Clock::starting_at(now));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(arbitre::web::serve(listener, web, async move {
            let _ = rx.await;
        }));
        Site { env, referee, passwords, base, now, stop: Some(tx) }
    }

    /// The private page path of family `i`.
    pub fn private(&self, i: usize) -> String {
        arbitre::web::link::private_path(&self.referee, GAME, FAMILIES[i].1).unwrap()
    }

    pub async fn get(&self, path: &str) -> Response {
        http(&self.base, "GET", path, &[], b"").await
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
    }
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One HTTP/1.1 request over a new connection (`Connection: close`).
pub async fn http(base: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = base.trim_start_matches("http://");
    let mut s = tokio::net::TcpStream::connect(host).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    // Read the head, then as many bytes as Content-Length says (some
    // servers, chromedriver among them, keep the connection open).
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = s.read(&mut buf).await.unwrap();
        raw.extend_from_slice(&buf[..n]);
        if n == 0 {
            break;
        }
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
            let len = head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse::<usize>().ok());
            if len.is_some_and(|len| raw.len() >= split + 4 + len) {
                break;
            }
        }
    }
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a response head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let mut body = raw[split + 4..].to_vec();
    if headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked")) {
        body = dechunk(&body);
    }
    Response { status, headers, body }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(i) = b.windows(2).position(|w| w == b"\r\n") else { break };
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..i]).trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.extend_from_slice(&b[i + 2..i + 2 + n]);
        b = &b[i + 2 + n + 2..];
    }
    out
}

/// `application/x-www-form-urlencoded` of one field.
pub fn form_field(name: &str, value: &str) -> Vec<u8> {
    let mut out = format!("{name}=");
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out.into_bytes()
}
