//! The web pages (`[web]`): read-only pages from the same files and views as
//! the mail, served by axum on the daemon's runtime.
//!
//! | path | page | file |
//! |---|---|---|
//! | `/` | the list of games | `public.rs` |
//! | `/g/<game>` | a game: deadline and countdown, statuses of the open turn, last chronicle and map | `public.rs` |
//! | `/g/<game>/turn/<n>` | the chronicle and map of an earlier turn | `public.rs` |
//! | `/g/<game>/deadlines.ics` | the deadlines as a calendar feed | `feed.rs` |
//! | `/g/<game>/rules.txt` | the rules | `public.rs` |
//! | `/g/<game>/guide/<fr\|en>` | the player's guide (the ruleset's orders) | `public.rs` |
//! | `/p/<game>/<token>` (+ `/turn/<n>`, `/turn/<n>/map.png`, POST `/check`) | a family's private page | `private.rs` |
//! | `/static/<file>` | the style sheet and the countdown script, built in | `assets.rs` |
//!
//! Safe by construction: nothing in a path is ever used as a file name
//! (games are looked up in the configuration, families by their token,
//! turns parsed as numbers, static files in a built-in table), every page is
//! a Tera template with autoescaping, and every answer carries a strict
//! Content-Security-Policy (scripts only from `/static/`, no inline script;
//! only the `style` attributes of the reports' HTML are allowed) and
//! `Referrer-Policy: no-referrer` (a private link never leaks to another
//! site). A wrong or revoked private link is a plain 404; guessing is
//! limited per address (`limit.rs`). The pages store nothing; the
//! order-check box runs the same code as `arbitre orders check`, which
//! writes nothing (a dry write group).
//!
//! Bounded by construction (`server.rs`): connections capped in all and
//! per address, header, idle and lifetime timeouts, small bodies read only
//! behind a good link, and at most `server::PAGE_WORKERS` pages built at
//! once; the mail loops keep a reserve of descriptors the web never takes.

mod assets;
mod feed;
pub mod limit;
pub mod link;
mod private;
mod public;
pub mod server;
mod strings;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::Value;

use crate::daemon::Clock;
use crate::referee::Referee;

/// The policy of every page: nothing from elsewhere, scripts only from our
/// own files, no inline script, forms only to us, never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// What the pages share.
pub struct Web {
    pub referee: Arc<Referee>,
    pub clock: Clock,
    pub limiter: limit::Limiter,
    strings: strings::Strings,
    /// Pages built at once (`server::PAGE_WORKERS`).
    workers: tokio::sync::Semaphore,
    /// Whether each game takes a new family, as registration would decide
    /// ([`crate::referee::OpenGame::registration_open`]), remembered for the
    /// game's (turn, families, rollbacks): with the switch on, the answer
    /// changes only with those, and working it out loads the game's state.
    seats: std::sync::Mutex<std::collections::HashMap<String, (SeatsKey, bool)>>,
}

type SeatsKey = (u32, usize, u32);

impl Web {
    pub fn new(referee: Arc<Referee>, clock: Clock) -> Arc<Web> {
        let strings = strings::Strings::load(referee.templates_dir());
        Arc::new(Web { referee, clock, limiter: limit::Limiter::default(), strings, workers: tokio::sync::Semaphore::new(server::PAGE_WORKERS), seats: Default::default() })
    }

    /// Whether game `meta` takes a new family now: the referee's switch, the
    /// game not over, and the ruleset accepting one more seat (a Galaxy game
    /// once its galaxy is made, a full Stellar game: closed). What every page
    /// says; a game whose state cannot be read says closed.
    pub(crate) fn registration_open(&self, meta: &crate::referee::GameMeta) -> bool {
        if !meta.registration_open || meta.finished {
            return false;
        }
        let key: SeatsKey = (meta.turn, meta.families.len(), meta.rollbacks);
        if let Some((k, open)) = self.seats.lock().unwrap_or_else(|e| e.into_inner()).get(&meta.id) {
            if *k == key {
                return *open;
            }
        }
        let open = self.referee.open_game(&meta.id).and_then(|g| g.registration_open()).unwrap_or(false);
        self.seats.lock().unwrap_or_else(|e| e.into_inner()).insert(meta.id.clone(), (key, open));
        open
    }

    /// Renders `web/<name>.html.tera` with the strings of `lang` as `t`.
    fn render(&self, name: &str, lang: &str, mut ctx: Value) -> Page {
        if let Value::Object(m) = &mut ctx {
            m.insert("t".into(), self.strings.of(lang));
            m.insert("lang".into(), Value::from(if lang == "en" { "en" } else { "fr" }));
        }
        match self.referee.renderer.render(&format!("web/{name}.html.tera"), &ctx) {
            Ok(html) => Page::Html(html),
            Err(e) => {
                tracing::error!(page = name, error = %e, "web page not rendered");
                Page::Error
            }
        }
    }

    /// The client's address: the peer, or behind a trusted proxy the last
    /// address of `X-Forwarded-For` — only when the peer is the proxy
    /// (`[web] trusted_proxies`): a client reaching the port directly
    /// cannot choose the address it is counted as by writing the header.
    fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let trust = self.referee.config.web.as_ref().is_some_and(|w| w.trust_proxy && w.trusted_proxies.contains(&peer.ip()));
        if trust {
            let last = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .filter_map(|a| a.trim().parse::<IpAddr>().ok())
                .last();
            if let Some(ip) = last {
                return ip;
            }
        }
        peer.ip()
    }
}

/// What a handler answers.
pub enum Page {
    Html(String),
    /// A private page: not cached anywhere.
    PrivateHtml(String),
    File { content_type: &'static str, bytes: Vec<u8>, private: bool },
    NotFound,
    TooMany,
    /// A request body over its limit, or too slow.
    TooLarge,
    Error,
}

impl IntoResponse for Page {
    fn into_response(self) -> Response {
        let html = "text/html; charset=utf-8";
        let (status, ct, body, private): (StatusCode, &str, Vec<u8>, bool) = match self {
            Page::Html(h) => (StatusCode::OK, html, h.into_bytes(), false),
            Page::PrivateHtml(h) => (StatusCode::OK, html, h.into_bytes(), true),
            Page::File { content_type, bytes, private } => (StatusCode::OK, content_type, bytes, private),
            Page::NotFound => (StatusCode::NOT_FOUND, "text/plain; charset=utf-8", b"404 Not Found\n".to_vec(), true),
            Page::TooMany => (StatusCode::TOO_MANY_REQUESTS, "text/plain; charset=utf-8", b"429 Too Many Requests\n".to_vec(), true),
            Page::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "text/plain; charset=utf-8", b"413 Payload Too Large\n".to_vec(), true),
            Page::Error => (StatusCode::INTERNAL_SERVER_ERROR, "text/plain; charset=utf-8", b"500 Internal Server Error\n".to_vec(), true),
        };
        let mut r = (status, body).into_response();
        let h = r.headers_mut();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_str(ct).unwrap_or(HeaderValue::from_static("application/octet-stream")));
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(if private { "no-store" } else { "no-cache" }));
        r
    }
}

/// Runs a page's work (file reads, rendering) off the runtime's threads,
/// at most `server::PAGE_WORKERS` at once.
async fn blocking(web: &Arc<Web>, f: impl FnOnce(&Web) -> Page + Send + 'static) -> Page {
    work(web, f).await.unwrap_or(Page::Error)
}

/// [`blocking`] for any result; `None` when the work failed (logged).
async fn work<T: Send + 'static>(web: &Arc<Web>, f: impl FnOnce(&Web) -> T + Send + 'static) -> Option<T> {
    let Ok(_worker) = web.workers.acquire().await else { return None };
    let w = web.clone();
    match tokio::task::spawn_blocking(move || f(&w)).await {
        Ok(p) => Some(p),
        Err(e) => {
            tracing::error!(error = %e, "a web page failed");
            None
        }
    }
}

async fn security_headers(req: Request, next: Next) -> Response {
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

/// The whole site.
pub fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route("/", get(public::games))
        .route("/g/{game}", get(public::game))
        .route("/g/{game}/", get(public::game))
        .route("/g/{game}/turn/{turn}", get(public::turn))
        .route("/g/{game}/turn/{turn}/map.png", get(public::map))
        .route("/g/{game}/deadlines.ics", get(feed::deadlines))
        .route("/g/{game}/rules.txt", get(public::rules))
        .route("/g/{game}/guide/{lang}", get(public::guide))
        .route("/p/{game}/{token}", get(private::page))
        .route("/p/{game}/{token}/", get(private::page))
        .route("/p/{game}/{token}/turn/{turn}", get(private::turn))
        .route("/p/{game}/{token}/turn/{turn}/map.png", get(private::map))
        .route("/p/{game}/{token}/check", post(private::check))
        .route("/static/{file}", get(assets::file))
        .fallback(|| async { Page::NotFound })
        // Only the order-check form takes a body, read by its handler
        // behind its own limit; anything larger is refused unread.
        .layer(axum::extract::DefaultBodyLimit::max(private::MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(security_headers))
        .with_state(web)
}

/// Serves `router(web)` on `listener` until `stop` resolves, within the
/// limits of `server.rs`.
pub async fn serve(listener: tokio::net::TcpListener, web: Arc<Web>, stop: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
    let trust_proxy = web.referee.config.web.as_ref().is_some_and(|w| w.trust_proxy);
    serve_within(listener, web, server::Limits::for_process(trust_proxy), stop).await
}

/// [`serve`] within the given limits.
pub async fn serve_within(listener: tokio::net::TcpListener, web: Arc<Web>, limits: server::Limits, stop: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
    server::serve(listener, router(web), limits, stop).await
}

/// Starts the web server of the daemon when `[web]` is configured. A port
/// that cannot be taken is logged clearly and the daemon goes on without
/// pages (mail is refereed as usual).
pub async fn start(referee: Arc<Referee>, clock: Clock, mut stop: tokio::sync::watch::Receiver<bool>) -> Option<tokio::task::JoinHandle<()>> {
    let cfg = referee.config.web.clone()?;
    let listener = match tokio::net::TcpListener::bind(cfg.listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(
                listen = %cfg.listen,
                error = %e,
                "web pages OFF: cannot listen on {} ({e}); is another program using this port? Change [web] listen. Mail is refereed as usual",
                cfg.listen
            );
            return None;
        }
    };
    tracing::info!(listen = %cfg.listen, url = %cfg.public_url, "web pages served");
    let web = Web::new(referee, clock);
    Some(tokio::spawn(async move {
        let stopped = async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
        };
        if let Err(e) = serve(listener, web, stopped).await {
            tracing::error!(error = %e, "the web server stopped");
        }
    }))
}

/// The client address of a request, for the limits.
pub(crate) fn client_of(web: &Web, ConnectInfo(peer): ConnectInfo<SocketAddr>, headers: &HeaderMap) -> IpAddr {
    web.client(peer, headers)
}
