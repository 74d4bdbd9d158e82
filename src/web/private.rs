//! A family's private page, behind its signed link (`link.rs`): its reports
//! and maps of every turn (the files its mails carried, nothing else), its
//! currently acknowledged orders, and the order-check box.
//!
//! Everything shown is read from that family's own files (`reports/<family>/`,
//! `orders/<family>.json`) or from the reply its own message would get: the
//! same no-leak line as the mail.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{json, Value};

use super::public::{body_of, deadline, find, turn_number, Found};
use super::{blocking, client_of, Page, Web};
use crate::game::LineOutcome;
use crate::referee::intake::{OrdersRecord, Outcome};

/// The largest text the box accepts (bytes); a mail may be longer, but
/// nobody pastes more orders than this.
const MAX_CHECK_BYTES: usize = 64 * 1024;

/// A game and the family whose link it is.
struct Private<'w> {
    g: Found<'w>,
    family: String,
    base: String,
}

/// Resolves a private link, counting a wrong one against the client.
/// A good link always opens (players behind one address, a household or a
/// school, are never locked out by a guesser among them); a wrong one gets
/// 404, or 429 once its address has guessed too often (`limit.rs`).
fn open<'w>(web: &'w Web, ip: std::net::IpAddr, game: &str, token: &str) -> Result<Private<'w>, Page> {
    let found = find(web, game).and_then(|g| {
        let family = super::link::family_of_token(&web.referee, &g.meta, token)?.clone();
        Some((g, family))
    });
    match found {
        Some((g, family)) => {
            let base = format!("/p/{}/{token}", g.meta.id);
            Ok(Private { g, family, base })
        }
        None if !web.limiter.allowed(ip) => Err(Page::TooMany),
        None => {
            web.limiter.failed(ip);
            tracing::info!(%ip, game, "wrong private link");
            Err(Page::NotFound)
        }
    }
}

/// Turns with a report for this family, oldest first.
fn report_turns(p: &Private<'_>) -> Vec<u32> {
    let last = p.g.meta.last_reported_turn.unwrap_or(0);
    (0..=last).filter(|t| p.g.dir.report_dir(*t, &p.family).is_ok_and(|d| d.join("report.html").is_file() || d.join("report.txt").is_file())).collect()
}

/// The report of turn `t` as HTML to place in the page (the text version,
/// escaped, when the ruleset has no HTML report).
fn report(p: &Private<'_>, t: u32) -> Option<Value> {
    let read = |f: &str| p.g.dir.read_report_file(t, &p.family, f).ok().flatten();
    let has_map = p.g.dir.report_dir(t, &p.family).is_ok_and(|d| d.join("map.png").is_file());
    let map = has_map.then(|| format!("{}/turn/{t}/map.png", p.base));
    if let Some(html) = read("report.html") {
        return Some(json!({ "turn": t, "html": body_of(&String::from_utf8_lossy(&html), map.as_deref()), "text": null, "map": null }));
    }
    let text = read("report.txt")?;
    Some(json!({ "turn": t, "html": null, "text": String::from_utf8_lossy(&text), "map": map }))
}

/// The family's acknowledged orders of the open turn, line by line.
fn current_orders(p: &Private<'_>) -> Value {
    let Ok(Some(rec)) = p.g.dir.read_family_orders::<OrdersRecord>(p.g.meta.turn, &p.family) else { return Value::Null };
    let lang = crate::i18n::Lang::from_code(family_lang(p));
    let lines: Vec<Value> = rec
        .verdicts
        .iter()
        .map(|v| match &v.outcome {
            LineOutcome::Accepted { .. } => json!({ "text": v.line.text, "accepted": true, "canonical": v.outcome.echo(lang) }),
            LineOutcome::Rejected { reason, suggestion } => json!({ "text": v.line.text, "accepted": false, "reason": reason.render(lang), "suggestion": suggestion }),
        })
        .collect();
    json!({ "status": rec.status().label(), "lines": lines })
}

/// The language the family reads (its reports', its mails'): the page's
/// words, deadline and acknowledged orders are in it.
fn family_lang<'p>(p: &'p Private<'_>) -> &'p str {
    p.g.meta.families.get(&p.family).map_or(p.g.config.language.as_str(), |f| f.lang.as_str())
}

fn context(web: &Web, p: &Private<'_>, shown: Option<u32>, check: Value) -> Value {
    let turns = report_turns(p);
    let shown = shown.or(turns.last().copied());
    let fam = &p.g.meta.families[&p.family];
    json!({
        "site": { "referee_name": web.referee.config.referee_name, "referee_address": web.referee.config.referee_address },
        "game": { "id": p.g.meta.id, "ruleset": p.g.meta.ruleset, "turn": p.g.meta.turn, "finished": p.g.meta.finished },
        "family": { "name": fam.name, "pnj": fam.pnj, "last": p.g.meta.last_status(&p.family).map(|s| s.label()) },
        "base": p.base,
        "deadline": deadline(web, &p.g, family_lang(p)),
        "orders": current_orders(p),
        "turns": turns,
        "report": shown.and_then(|t| report(p, t)),
        "check": check,
    })
}

fn render(web: &Web, p: &Private<'_>, shown: Option<u32>, check: Value) -> Page {
    match web.render("private", family_lang(p), context(web, p, shown, check)) {
        Page::Html(h) => Page::PrivateHtml(h),
        other => other,
    }
}

/// Runs `f` on the private page a link opens (or answers 404 / 429).
async fn with_link(
    web: Arc<Web>,
    ci: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    game: String,
    token: String,
    f: impl FnOnce(&Web, &Private<'_>) -> Page + Send + 'static,
) -> Page {
    let ip = client_of(&web, ci, &headers);
    blocking(&web, move |web| match open(web, ip, &game, &token) {
        Ok(p) => f(web, &p),
        Err(page) => page,
    })
    .await
}

pub async fn page(State(web): State<Arc<Web>>, ci: ConnectInfo<SocketAddr>, headers: HeaderMap, Path((game, token)): Path<(String, String)>) -> Page {
    with_link(web, ci, headers, game, token, |web, p| render(web, p, None, Value::Null)).await
}

pub async fn turn(State(web): State<Arc<Web>>, ci: ConnectInfo<SocketAddr>, headers: HeaderMap, Path((game, token, n)): Path<(String, String, String)>) -> Page {
    with_link(web, ci, headers, game, token, move |web, p| match turn_number(&n, &p.g.meta).filter(|t| report_turns(p).contains(t)) {
        Some(t) => render(web, p, Some(t), Value::Null),
        None => Page::NotFound,
    })
    .await
}

pub async fn map(State(web): State<Arc<Web>>, ci: ConnectInfo<SocketAddr>, headers: HeaderMap, Path((game, token, n)): Path<(String, String, String)>) -> Page {
    with_link(web, ci, headers, game, token, move |_, p| {
        let Some(t) = turn_number(&n, &p.g.meta) else { return Page::NotFound };
        match p.g.dir.read_report_file(t, &p.family, "map.png").ok().flatten() {
            Some(bytes) => Page::File { content_type: "image/png", bytes, private: true },
            None => Page::NotFound,
        }
    })
    .await
}

#[derive(Debug, Deserialize)]
pub struct CheckForm {
    #[serde(default)]
    orders: String,
}

/// The largest request body taken (the form's encoding of
/// [`MAX_CHECK_BYTES`] of orders, with room for escapes).
pub const MAX_BODY_BYTES: usize = 3 * MAX_CHECK_BYTES + 1024;

/// How long the form's body may take to arrive once its link is known good.
const BODY_TIME: std::time::Duration = std::time::Duration::from_secs(10);

pub async fn check(
    State(web): State<Arc<Web>>,
    ci: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((game, token)): Path<(String, String)>,
    body: axum::body::Body,
) -> Page {
    let ip = client_of(&web, ci.clone(), &headers);
    // The link first: a stranger's body is never read.
    let (g, t) = (game.clone(), token.clone());
    match super::work(&web, move |web| open(web, ip, &g, &t).err()).await {
        Some(None) => {}
        Some(Some(refused)) => return refused,
        None => return Page::Error,
    }
    // Announced over the limit: refused without reading a byte.
    let announced = headers.get(axum::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Page::TooLarge;
    }
    let form = match tokio::time::timeout(BODY_TIME, axum::body::to_bytes(body, MAX_BODY_BYTES)).await {
        Ok(Ok(bytes)) => serde_urlencoded::from_bytes::<CheckForm>(&bytes).unwrap_or(CheckForm { orders: String::new() }),
        _ => return Page::TooLarge,
    };
    with_link(web, ci, headers, game, token, move |web, p| {
        if !web.limiter.check(ip) {
            return Page::TooMany;
        }
        let result = check_orders(web, p, &form.orders);
        render(web, p, None, result)
    })
    .await
}

/// The acknowledgement `text` would get if the family mailed it now, from
/// its registered address: the same code as `arbitre orders check`.
fn check_orders(web: &Web, p: &Private<'_>, text: &str) -> Value {
    let fam = &p.g.meta.families[&p.family];
    if text.trim().is_empty() {
        return json!({ "pasted": text, "problem": "empty" });
    }
    if text.len() > MAX_CHECK_BYTES {
        return json!({ "pasted": "", "problem": "too_long" });
    }
    let now = web.clock.now();
    let raw = message(&web.referee.config.referee_address, &fam.address, &p.g.meta.id, text, now);
    let result = match web.referee.check_message(&p.g.meta.id, &raw, now) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(game = %p.g.meta.id, error = %e, "order check failed");
            return json!({ "pasted": text, "problem": "failed" });
        }
    };
    // Orders for another family are not this box's business: answering
    // them would let a player try another family's password from here.
    if let Outcome::Answered { family: Some(f), .. } = &result.outcome {
        if *f != p.family {
            return json!({ "pasted": text, "problem": "other_family" });
        }
    }
    let replies: Vec<Value> = result
        .replies
        .iter()
        .filter_map(|raw| mail_parser::MessageParser::default().parse(raw))
        .filter(|m| m.to().is_some_and(|to| to.iter().any(|a| a.address().is_some_and(|x| x.eq_ignore_ascii_case(&fam.address)))))
        .map(|m| json!({ "subject": m.subject().unwrap_or_default(), "text": m.body_text(0).unwrap_or_default() }))
        .collect();
    json!({ "pasted": text, "problem": null, "replies": replies })
}

/// A plain-text mail from the family's address carrying `text`.
fn message(referee: &str, from: &str, game: &str, text: &str, now: jiff::Timestamp) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    let body = text.replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n");
    let id = hex::encode(&Sha256::digest(format!("{from}\0{now}\0{body}").as_bytes())[..12]);
    let date = now.strftime("%a, %d %b %Y %H:%M:%S +0000");
    format!(
        "From: <{from}>\r\nTo: <{referee}>\r\nSubject: [{game}] Ordres\r\nDate: {date}\r\nMessage-ID: <check-{id}@web.invalid>\r\n\
MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}
