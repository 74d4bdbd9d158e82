//! The public pages: the list of games, a game's page, an earlier turn, the
//! public map, the rules. They show what the public view shows (chronicle,
//! public map) and the roster facts every player can know (names, whether
//! orders came in, last statuses), never any order or report.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde_json::{json, Value};

use super::{blocking, Page, Web};
use crate::config::GameConfig;
use crate::referee::GameMeta;

/// A configured and created game.
pub(super) struct Found<'w> {
    pub config: &'w GameConfig,
    pub meta: GameMeta,
    pub dir: crate::store::GameDir,
}

/// The game named in a path, or `None` (a 404) for anything else.
pub(super) fn find<'w>(web: &'w Web, id: &str) -> Option<Found<'w>> {
    let config = web.referee.game_config(id)?;
    let meta = web.referee.read_meta(id).ok().flatten()?;
    let dir = web.referee.store.game(id).ok()?;
    Some(Found { config, meta, dir })
}

/// A turn number from a path (digits only, at most the open turn).
pub(super) fn turn_number(s: &str, meta: &GameMeta) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
        return None;
    }
    s.parse().ok().filter(|n| *n <= meta.turn)
}

/// What lies between `<body …>` and `</body>` of a stored HTML report or
/// chronicle (rendered by our own templates, escaped there), with the map's
/// `cid:` address replaced by `map_src`.
pub(super) fn body_of(html: &str, map_src: Option<&str>) -> String {
    let start = html.find("<body").and_then(|i| html[i..].find('>').map(|j| i + j + 1)).unwrap_or(0);
    let end = html.rfind("</body>").filter(|e| *e >= start).unwrap_or(html.len());
    let body = &html[start..end];
    match map_src {
        Some(src) => body.replace("src=\"cid:map\"", &format!("src=\"{src}\"")),
        None => body.replace("src=\"cid:map\"", "alt=\"\" hidden data-no-map=\"\""),
    }
}

/// The open turn's deadline for a page: words in the game's zone and in
/// `lang`, the instant (for the countdown script) and the time left as
/// computed now.
pub(super) fn deadline(web: &Web, g: &Found<'_>, lang: &str) -> Value {
    match g.meta.deadline {
        Some(d) if !g.meta.finished => {
            let now = web.clock.now();
            json!({
                "text": crate::scheduler::format_deadline(d, &g.config.time_zone, lang),
                "instant": d.to_string(),
                "now": now.to_string(),
                "left": crate::scheduler::format_time_left(now, d, lang),
                "passed": now >= d,
                "time_zone": g.config.time_zone_name,
            })
        }
        _ => Value::Null,
    }
}

/// The stored public chronicle of turn `n`, as HTML to place in a page.
fn chronicle(g: &Found<'_>, n: u32) -> Option<String> {
    let html = g.dir.read_turn_file(n, "chronicle.html").ok().flatten()?;
    Some(body_of(&String::from_utf8_lossy(&html), None))
}

/// Turns adjudicated so far that have a chronicle, oldest first.
fn archived_turns(g: &Found<'_>) -> Vec<u32> {
    let last = g.meta.last_reported_turn.unwrap_or(0);
    g.dir
        .list_turns()
        .unwrap_or_default()
        .into_iter()
        .filter(|n| *n <= last && g.dir.turn_dir(*n).join("chronicle.html").is_file())
        .collect()
}

/// Families of the open turn, sorted by name: whether orders came in (never
/// which, nor when, nor whether they are complete), and the last status.
pub(super) fn roster(g: &Found<'_>) -> Vec<Value> {
    let sent: std::collections::BTreeSet<String> = std::fs::read_dir(g.dir.orders_dir(g.meta.turn))
        .map(|it| {
            it.filter_map(Result::ok)
                .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".json")).and_then(crate::store::family_from_file_name))
                .collect()
        })
        .unwrap_or_default();
    let mut v: Vec<(String, Value)> = g
        .meta
        .families
        .iter()
        .map(|(key, f)| {
            let now = if f.pnj {
                "PNJ"
            } else if sent.contains(key) {
                "sent"
            } else {
                "not-sent"
            };
            let last = g.meta.last_status(key).map(|s| s.label());
            // A declared absence is public (njudge's too): its dates.
            let away = f.absence.filter(|_| !f.pnj && f.resigned.is_none()).map(|a| json!({ "from": a.from.to_string(), "to": a.to.to_string() }));
            (crate::text::key(&f.name), json!({ "name": f.name, "now": now, "last": last, "away": away }))
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v.into_iter().map(|(_, x)| x).collect()
}

fn game_summary(web: &Web, c: &GameConfig) -> Value {
    let Some(g) = find(web, &c.id) else {
        return json!({ "id": c.id, "ruleset": c.ruleset, "created": false });
    };
    json!({
        "id": c.id,
        "ruleset": c.ruleset,
        "created": true,
        "turn": g.meta.turn,
        "finished": g.meta.finished,
        "paused": g.meta.paused,
        "registration_open": web.registration_open(&g.meta),
        "families": g.meta.families.len(),
        "deadline": deadline(web, &g, &c.language),
        "lang": c.language,
    })
}

fn site(web: &Web) -> Value {
    json!({ "referee_name": web.referee.config.referee_name, "referee_address": web.referee.config.referee_address })
}

pub async fn games(State(web): State<Arc<Web>>) -> Page {
    blocking(&web, |web| {
        let games: Vec<Value> = web.referee.config.games.iter().map(|c| game_summary(web, c)).collect();
        let lang = if !web.referee.config.games.is_empty() && web.referee.config.games.iter().all(|g| g.language == "en") { "en" } else { "fr" };
        web.render("games", lang, json!({ "site": site(web), "games": games }))
    })
    .await
}

/// The context of a game's page for the open turn, and of an earlier turn's.
pub(super) fn game_context(web: &Web, g: &Found<'_>, shown_turn: Option<u32>) -> Value {
    let archive = archived_turns(g);
    let shown = shown_turn.or(g.meta.last_reported_turn.filter(|t| archive.contains(t)));
    let map = shown.filter(|n| g.dir.turn_dir(*n).join("public-map.png").is_file()).map(|n| format!("/g/{}/turn/{n}/map.png", g.meta.id));
    json!({
        "site": site(web),
        "game": {
            "id": g.meta.id,
            "ruleset": g.meta.ruleset,
            "turn": g.meta.turn,
            "finished": g.meta.finished,
            "paused": g.meta.paused,
            "held": g.meta.held.is_some(),
            "registration_open": web.registration_open(&g.meta),
            "time_zone": g.config.time_zone_name,
            "has_rules": rules_path(web, &g.meta.ruleset).is_some(),
            "has_guide": web.referee.ruleset_guide(&g.meta.ruleset, "fr").is_some(),
        },
        "deadline": deadline(web, g, &g.config.language),
        "families": roster(g),
        "shown_turn": shown,
        "chronicle": shown.and_then(|n| chronicle(g, n)),
        "map": map,
        "archive": archive,
    })
}

pub async fn game(State(web): State<Arc<Web>>, Path(id): Path<String>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        web.render("game", &g.config.language, game_context(web, &g, None))
    })
    .await
}

pub async fn turn(State(web): State<Arc<Web>>, Path((id, n)): Path<(String, String)>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        let Some(n) = turn_number(&n, &g.meta) else { return Page::NotFound };
        if !archived_turns(&g).contains(&n) {
            return Page::NotFound;
        }
        web.render("turn", &g.config.language, game_context(web, &g, Some(n)))
    })
    .await
}

pub async fn map(State(web): State<Arc<Web>>, Path((id, n)): Path<(String, String)>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        let Some(n) = turn_number(&n, &g.meta) else { return Page::NotFound };
        match g.dir.read_turn_file(n, "public-map.png").ok().flatten() {
            Some(bytes) => Page::File { content_type: "image/png", bytes, private: false },
            None => Page::NotFound,
        }
    })
    .await
}

/// The shipped rules text of a ruleset (`rules/<ruleset>.txt` beside the templates).
fn rules_path(web: &Web, ruleset: &str) -> Option<std::path::PathBuf> {
    if !crate::config::KNOWN_RULESETS.contains(&ruleset) && crate::games::engine(ruleset).is_none() {
        return None;
    }
    let p = web.referee.templates_dir().parent()?.join("rules").join(format!("{ruleset}.txt"));
    p.is_file().then_some(p)
}

/// The ruleset's guide (its orders with examples, `<ruleset>/guide`), in
/// French or English: what the welcome mail links to.
pub async fn guide(State(web): State<Arc<Web>>, Path((id, lang)): Path<(String, String)>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        if !matches!(lang.as_str(), "fr" | "en") {
            return Page::NotFound;
        }
        match web.referee.ruleset_guide(&g.meta.ruleset, &lang) {
            Some(text) => Page::File { content_type: "text/plain; charset=utf-8", bytes: (text + "\n").into_bytes(), private: false },
            None => Page::NotFound,
        }
    })
    .await
}

pub async fn rules(State(web): State<Arc<Web>>, Path(id): Path<String>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        match rules_path(web, &g.meta.ruleset).and_then(|p| std::fs::read(p).ok()) {
            Some(bytes) => Page::File { content_type: "text/plain; charset=utf-8", bytes, private: false },
            None => Page::NotFound,
        }
    })
    .await
}
