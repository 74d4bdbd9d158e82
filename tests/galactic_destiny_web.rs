//! Galactic Destiny's web pages as a browser reads them (issue #29: "a
//! no-leak test over every mail and web page of those games"): the four
//! whole six-party games of `support/gd_games.rs` (played once per build,
//! shared with the endings and no-leak tests) are each served by the
//! project's web server (`arbitre::web`) on a loopback port, and the
//! pages are crawled over HTTP: the list of games, the game page and every
//! same-origin link on it (each step's chronicle and public board, the
//! calendar feed, the rules and the guide), each family's private page by
//! its private link and every link on it (its report of each step and its
//! board pictures).
//!
//! Every page and picture answers 200, and each text is read as its reader
//! reads it (entities decoded) against the secrets of the no-leak test
//! (`support/gd_secrets.rs`): the public pages may carry none, a family's
//! private pages none but its own — no card in another party's hand, no
//! senator waiting in another party's, no standing bid, answer or policy,
//! no spy result, no sealed order. A PNG has no text to read: each picture
//! served is the stored one, byte for byte, and the SVG it was drawn from
//! is read instead. No page carries another family's private link. The
//! game page links to the chronicle and public board of every played step.
//! Then a few guesses a cheater would try (a step not played yet, another
//! family's files, the game master's seat, a private link with one
//! character changed) answer 404.
//!
//! The games are over when they are read: the open step's pages (the
//! countdown, whether each family has sent its orders, each family's own
//! acknowledged orders on its private page, the order-check box) are read
//! on a copy of the short game set back to a step whose orders were in,
//! sealed from the others.

mod support;
mod web_fixture;

#[path = "support/gd_games.rs"]
mod gd_games;
#[path = "support/gd_secrets.rs"]
mod gd_secrets;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

use arbitre::daemon::Clock;
use arbitre::referee::{GameMeta, Referee};

use gd_games::ENDINGS;
use gd_secrets::{readable, Played, Secrets};
use web_fixture::{http, Response};

const GAME: &str = "demo";

/// Pages fetched at most from one game's site: the crawl stops there and
/// the test fails (a page linking to pages without end).
const MAX_PAGES: usize = 20_000;

/// Requests in flight at once (the server builds `PAGE_WORKERS` pages at once).
const FETCHES_AT_ONCE: usize = 4;

/// One played game served on a loopback port.
struct Site {
    base: String,
    referee: Arc<Referee>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Site {
    /// Serves the demo's data in `out` with the referee's own web server.
    async fn start(out: &Path) -> Site {
        let cfg = arbitre::config::load(&out.join("config.toml")).expect("the demo's configuration");
        let referee = Arc::new(Referee::new(cfg, support::templates()).expect("a referee"));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let web = arbitre::web::Web::new(referee.clone(), Clock::starting_at("2026-03-01T12:00:00Z".parse().expect("an instant")));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(arbitre::web::serve(listener, web, async move {
            let _ = rx.await;
        }));
        Site { base, referee, stop: Some(tx) }
    }

    async fn get(&self, path: &str) -> Response {
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

/// The same-origin links of an HTML page read as its reader reads it
/// (`href` and `src`, entities decoded), as paths without fragment or query.
fn links(html: &str) -> Vec<String> {
    let mut v = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for (i, _) in html.match_indices(attr) {
            let rest = &html[i + attr.len()..];
            let Some(end) = rest.find('"') else { continue };
            let link = rest[..end].split(['#', '?']).next().unwrap_or_default().to_string();
            if link.starts_with('/') && !link.starts_with("//") {
                v.push(link);
            }
        }
    }
    v
}

/// What one game's crawl found.
#[derive(Default)]
struct Findings {
    /// Leaks of a secret.
    leaks: Vec<String>,
    /// Pages that did not answer as they should.
    wrong: Vec<String>,
    pages: usize,
    private_pages: usize,
    pictures: usize,
    svgs_read: usize,
    with_secrets: usize,
    with_sealed: usize,
    /// Private pages showing the family's own orders of the open step.
    own_orders: usize,
    /// Order checks answered.
    checks: usize,
}

/// One game's pages, crawled.
struct Crawl<'a> {
    site: &'a Site,
    played: Played,
    meta: GameMeta,
    /// The private page's path of each family, and the family of each.
    tokens: BTreeMap<String, String>,
    /// The tokens of the private links, found in one pass, and whose each is.
    links: aho_corasick::AhoCorasick,
    owners: Vec<String>,
    secrets: HashMap<(u32, Option<String>), Secrets>,
    /// Each family's own order lines of the open step, longest first.
    own_orders: BTreeMap<String, Vec<String>>,
    f: Findings,
}

/// The lines `family` wrote for step `n`, in order, each with the line
/// the referee read back.
fn written(turns: &Path, n: u32, family: &str) -> Vec<(String, Option<String>)> {
    let record: serde_json::Value = std::fs::read(turns.join(format!("{n:04}/orders/{family}.json"))).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
    record["verdicts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| Some((v["line"]["text"].as_str()?.to_string(), v["outcome"]["canonical"].as_str().map(String::from))))
        .collect()
}

/// `family`'s order lines for step `n`, as written and as read back,
/// longest first.
fn order_lines(turns: &Path, n: u32, family: &str) -> Vec<String> {
    let mut lines: Vec<String> = written(turns, n, family).into_iter().flat_map(|(w, r)| std::iter::once(w).chain(r)).collect();
    lines.sort_by_key(|l| std::cmp::Reverse(l.len()));
    lines
}

/// The password the referee's welcome mail gave `address` in the game in
/// `out` (its `MOTDEPASSE`/`PASSWORD` line).
fn password(out: &Path, address: &str) -> Option<String> {
    gd_secrets::files(&out.join("mail/outgoing").join(address).join("new")).into_iter().find_map(|f| {
        let raw = std::fs::read(f).ok()?;
        let m = mail_parser::MessageParser::default().parse(&raw)?;
        let text = m.body_text(0)?.into_owned();
        text.lines().find_map(|l| match l.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["MOTDEPASSE" | "PASSWORD", pw] if *pw != "..." => Some(pw.to_string()),
            _ => None,
        })
    })
}

impl Crawl<'_> {
    /// The secrets of step `n`'s texts to `family` (`None`: the public).
    fn secrets(&mut self, n: u32, family: Option<&str>) -> &Secrets {
        let played = &self.played;
        self.secrets.entry((n, family.map(String::from))).or_insert_with(|| played.secrets(n, family, true))
    }

    /// The last step with a report for `family` (what its private page shows).
    fn last_report(&self, family: &str) -> Option<u32> {
        let last = self.meta.last_reported_turn?;
        (0..=last).rev().find(|n| self.played.turns.join(format!("{n:04}/reports/{family}/report.html")).is_file())
    }

    /// Checks `text` of `what`, read by `family` (`None`: the public) about
    /// step `n`: no secret of that step, no other family's private link.
    fn check_text(&mut self, what: &str, text: &str, n: Option<u32>, family: Option<&str>) {
        if let Some(n) = n {
            let mut found = Vec::new();
            let s = self.secrets(n, family);
            s.leaks(what, text, &mut found);
            let some = !s.names.is_empty() || !s.standing.is_empty() || !s.answers.is_empty() || !s.sealed.is_empty();
            let sealed = !s.sealed.is_empty();
            self.f.with_secrets += usize::from(some);
            self.f.with_sealed += usize::from(sealed);
            self.f.leaks.extend(found);
        }
        let owners: BTreeSet<&String> = self.links.find_iter(text).map(|m| &self.owners[m.pattern().as_usize()]).filter(|o| Some(o.as_str()) != family).collect();
        for owner in owners {
            self.f.leaks.push(format!("{what}: carries the private link of {owner}"));
        }
    }

    /// A stored picture's SVG source (`svg`), read by `family`.
    fn check_svg(&mut self, what: &str, svg: &Path, n: u32, family: Option<&str>) {
        match std::fs::read_to_string(svg) {
            Ok(text) => {
                self.f.svgs_read += 1;
                let text = readable(text);
                self.check_text(&format!("{what} (its SVG {})", svg.display()), &text, Some(n), family);
            }
            Err(e) => self.f.wrong.push(format!("{what}: no SVG beside it ({}: {e})", svg.display())),
        }
    }

    /// `text` of a private page of `family` less its own acknowledged
    /// orders of the open step (on each of its pages): its own words, which
    /// may hold another party's line as a part of one of its own.
    fn without_own_orders(&self, family: &str, text: &str) -> String {
        self.own_orders.get(family).into_iter().flatten().fold(text.to_string(), |t, l| t.replace(l.as_str(), ""))
    }

    /// `path` with a private link's token replaced by its family's name, for
    /// the messages.
    fn named(&self, path: &str) -> String {
        match self.private_of(path) {
            Some((family, rest)) => format!("/p/{GAME}/<{family}'s link>/{rest}").trim_end_matches('/').to_string(),
            None => path.to_string(),
        }
    }

    /// The family whose private page `path` is under, and the rest of the path.
    fn private_of(&self, path: &str) -> Option<(String, String)> {
        let mut parts = path.splitn(4, '/').skip(1);
        let (p, game, token) = (parts.next()?, parts.next()?, parts.next()?);
        let (token, rest) = token.split_once('/').map_or((token, ""), |(t, r)| (t, r));
        if p != "p" || game != GAME {
            return None;
        }
        let family = self.tokens.get(&format!("/p/{GAME}/{token}"))?.clone();
        Some((family, rest.to_string()))
    }

    /// Checks what `path` (reached by a link: it must answer 200) answered
    /// and shows; returns the links on it.
    fn visit(&mut self, path: &str, r: Response) -> Vec<String> {
        self.f.pages += 1;
        if r.status != 200 {
            self.f.wrong.push(format!("GET {}: {} (a link on the site)", self.named(path), r.status));
            return Vec::new();
        }
        let html = r.header("content-type").is_some_and(|c| c.starts_with("text/html"));
        let text = readable(r.text());
        let what = format!("GET {}", self.named(path));
        let last = self.meta.last_reported_turn;
        let turn = |s: &str| s.parse::<u32>().ok();
        let game = format!("/g/{GAME}");
        if let Some((family, rest)) = self.private_of(path) {
            self.f.private_pages += 1;
            let own = self.own_orders.get(&family).map_or(&[][..], Vec::as_slice);
            let shows_own = !own.is_empty() && own.iter().all(|l| text.contains(l.as_str()));
            let text = self.without_own_orders(&family, &text);
            let parts: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
            match parts.as_slice() {
                [] => {
                    self.f.own_orders += usize::from(shows_own);
                    let n = self.last_report(&family);
                    self.check_text(&what, &text, n, Some(&family));
                }
                ["turn", n] if turn(n).is_some() => self.check_text(&what, &text, turn(n), Some(&family)),
                ["turn", n, "map.png"] if turn(n).is_some() => {
                    let n = turn(n).unwrap_or_default();
                    let dir = self.played.turns.join(format!("{n:04}/reports/{family}"));
                    self.picture(&what, &r, &dir.join("map.png"));
                    self.check_svg(&what, &dir.join("map.svg"), n, Some(&family));
                }
                _ => self.f.wrong.push(format!("{what}: a private page the test does not know")),
            }
        } else if path == "/" || path == game || path == format!("{game}/") || path == format!("{game}/deadlines.ics") {
            self.check_text(&what, &text, last, None);
        } else if let Some(rest) = path.strip_prefix(&format!("{game}/turn/")) {
            match rest.split('/').collect::<Vec<_>>().as_slice() {
                [n] if turn(n).is_some() => self.check_text(&what, &text, turn(n), None),
                [n, "map.png"] if turn(n).is_some() => {
                    let n = turn(n).unwrap_or_default();
                    let dir = self.played.turns.join(format!("{n:04}"));
                    self.picture(&what, &r, &dir.join("public-map.png"));
                    self.check_svg(&what, &dir.join("public-map.svg"), n, None);
                }
                _ => self.f.wrong.push(format!("{what}: a public page the test does not know")),
            }
        } else if path == format!("{game}/rules.txt") {
            // The rulebook names every card: it is the same text for every
            // game, no game's state.
            let rules = support::templates().parent().expect("the project").join("rules/galactic-destiny.txt");
            if std::fs::read(&rules).ok().as_deref() != Some(r.body.as_slice()) {
                self.f.wrong.push(format!("{what}: not the shipped rules {}", rules.display()));
            }
        } else if let Some(lang) = path.strip_prefix(&format!("{game}/guide/")) {
            // The player's guide, likewise the ruleset's own text.
            let guide = self.site.referee.ruleset_guide("galactic-destiny", lang).map(|g| g + "\n");
            if guide.as_deref() != Some(r.text().as_str()) {
                self.f.wrong.push(format!("{what}: not the ruleset's guide"));
            }
        } else if !path.starts_with("/static/") {
            self.f.wrong.push(format!("{what}: a page the test does not know"));
        }
        if html {
            links(&text)
        } else {
            Vec::new()
        }
    }

    /// A picture served: a PNG, the stored file byte for byte.
    fn picture(&mut self, what: &str, r: &Response, stored: &Path) {
        self.f.pictures += 1;
        if r.header("content-type") != Some("image/png") {
            self.f.wrong.push(format!("{what}: served as {:?}", r.header("content-type")));
        }
        if std::fs::read(stored).ok().as_deref() != Some(r.body.as_slice()) {
            self.f.wrong.push(format!("{what}: not the stored picture {}", stored.display()));
        }
    }

    /// Every page reachable from the game page and the private pages, a
    /// level of links at a time, a few fetched at once while the answers
    /// are read.
    async fn crawl(&mut self) -> BTreeSet<String> {
        use futures::StreamExt;
        let mut level: Vec<String> = ["/".to_string(), format!("/g/{GAME}")].into_iter().chain(self.tokens.keys().cloned()).collect();
        let mut seen: BTreeSet<String> = level.iter().cloned().collect();
        while !level.is_empty() {
            if self.f.pages + level.len() > MAX_PAGES {
                self.f.wrong.push(format!("more than {MAX_PAGES} pages: the crawl stopped before {}", level[0]));
                break;
            }
            let base = self.site.base.clone();
            let mut answers = futures::stream::iter(std::mem::take(&mut level))
                .map(|path| {
                    let base = base.clone();
                    tokio::spawn(async move {
                        let r = http(&base, "GET", &path, &[], b"").await;
                        (path, r)
                    })
                })
                .buffered(FETCHES_AT_ONCE);
            while let Some(answer) = answers.next().await {
                let (path, r) = answer.expect("a fetch");
                for l in self.visit(&path, r) {
                    if seen.insert(l.clone()) {
                        level.push(l);
                    }
                }
            }
        }
        seen
    }

    /// The game page links to the chronicle and public board of every
    /// played step, and shows the last one's.
    async fn every_step_on_the_game_page(&mut self, seen: &BTreeSet<String>) {
        let Some(last) = self.meta.last_reported_turn else {
            self.f.wrong.push("no step reported".into());
            return;
        };
        let page = readable(self.site.get(&format!("/g/{GAME}")).await.text());
        if !page.contains(&format!("src=\"/g/{GAME}/turn/{last}/map.png\"")) {
            self.f.wrong.push(format!("the game page does not show the board of step {last}"));
        }
        let linked: BTreeSet<String> = links(&page).into_iter().collect();
        for n in 0..=last {
            let turn = format!("/g/{GAME}/turn/{n}");
            if !linked.contains(&turn) {
                self.f.wrong.push(format!("the game page does not link to step {n} ({turn})"));
            }
            if !seen.contains(&format!("{turn}/map.png")) {
                self.f.wrong.push(format!("the public board of step {n} is on no page"));
            }
        }
    }

    /// The order-check box of each family's private page, while a step is
    /// open: the family's own orders for it, pasted with its password,
    /// answer with the acknowledgement a mail would get (its report of the
    /// last step still below), and show nothing of another party's.
    async fn check_box(&mut self, out: &Path) {
        let k = self.meta.turn;
        for (link, family) in self.tokens.clone() {
            let what = format!("POST {}/check", self.named(&link));
            let f = &self.meta.families[&family];
            let Some(pw) = password(out, &f.address) else {
                self.f.wrong.push(format!("{what}: no password for {family} in its mails"));
                continue;
            };
            let lines: Vec<String> = written(&self.played.turns, k, &family).into_iter().map(|(w, _)| w).collect();
            let body = format!("PARTIE {GAME}\nFAMILLE {}\nMOTDEPASSE {pw}\nTOUR {k}\n{}\nFIN\n", f.name, lines.join("\n"));
            let form = web_fixture::form_field("orders", &body);
            let r = http(&self.site.base, "POST", &format!("{link}/check"), &[("Content-Type", "application/x-www-form-urlencoded")], &form).await;
            let page = readable(r.text());
            if r.status != 200 || !page.contains("id=\"check-result\"") || !page.contains("class=\"ack\"") {
                self.f.wrong.push(format!("{what}: {} without an acknowledgement", r.status));
                continue;
            }
            self.f.checks += 1;
            let text = self.without_own_orders(&family, &page).replace(&pw, "");
            self.check_text(&what, &text, k.checked_sub(1), Some(&family));
            let ack = self.played.secrets(k, Some(&family), false);
            ack.leaks(&what, &text, &mut self.f.leaks);
        }
    }

    /// A cheater's guesses: each answers 404, and the family's own link
    /// still opens after them (fewer than `limit::MAX_FAILURES` wrong links).
    async fn guesses(&mut self) {
        let (own, family) = self.tokens.iter().next().map(|(p, f)| (p.clone(), f.clone())).expect("a family");
        let other = self.tokens.values().find(|f| **f != family).cloned().expect("another family");
        let other_link = self.tokens.iter().find(|(_, f)| **f == other).map(|(p, _)| p.clone()).unwrap_or_default();
        let token = own.rsplit('/').next().unwrap_or_default().to_string();
        let last = self.meta.last_reported_turn.unwrap_or(0);
        let next = self.meta.turn + 1;
        let changed = {
            let mut t = token.clone();
            let c = t.pop().unwrap_or('0');
            t.push(if c == '0' { '1' } else { '0' });
            t
        };
        let mj = arbitre::web::link::private_path(&self.site.referee, GAME, "@mj").expect("a path");
        let tries = [
            // Wrong private links (six: under the limit of ten).
            format!("/p/{GAME}/{changed}"),
            format!("/p/{GAME}/{}", &token[..token.len() - 1]),
            format!("/p/{GAME}/{other}"),
            mj,
            format!("/p/{GAME}/%40mj"),
            format!("/p/other/{token}"),
            // A step not played yet, files that are never served.
            format!("/g/{GAME}/turn/{}", self.meta.turn),
            format!("/g/{GAME}/turn/{}/map.png", self.meta.turn),
            format!("/g/{GAME}/turn/{next}"),
            format!("/g/{GAME}/turn/{next}/map.png"),
            format!("/g/{GAME}/turn/{last}/map.svg"),
            format!("/g/{GAME}/turn/{last}/state.json"),
            format!("/g/{GAME}/turn/{last}/reports/{other}/report.html"),
            format!("/g/{GAME}/turns/{last:04}/reports/{other}/map.png"),
            format!("/g/{GAME}/@mj"),
            // Another family's files behind one's own link.
            format!("{own}/turn/{next}"),
            format!("{own}/turn/{last}/map.svg"),
            format!("{own}/turn/{last}/{other}"),
            format!("{own}/reports/{other}/report.html"),
            format!("{own}/../{}", other_link.rsplit('/').next().unwrap_or_default()),
            format!("{own}/@mj"),
        ];
        for path in tries {
            let r = self.site.get(&path).await;
            if r.status != 404 {
                self.f.wrong.push(format!("GET {path} (a guess): {}, not 404", r.status));
                if r.status == 200 {
                    let text = readable(r.text());
                    self.check_text(&format!("GET {path} (a guess)"), &text, Some(last), None);
                }
            }
        }
        let r = self.site.get(&own).await;
        if r.status != 200 {
            self.f.wrong.push(format!("GET {own} after the guesses: {}", r.status));
        }
    }
}

/// Serves and crawls the game in `out`.
async fn read_site(out: &Path) -> Findings {
    let site = Site::start(out).await;
    let meta = site.referee.read_meta(GAME).expect("game.json").expect("the game");
    let tokens: BTreeMap<String, String> = meta.families.keys().map(|k| (arbitre::web::link::private_path(&site.referee, GAME, k).expect("a private path"), k.clone())).collect();
    let played = Played::read(&out.join("data/games").join(GAME));
    let own_orders = meta.families.keys().map(|k| (k.clone(), order_lines(&played.turns, meta.turn, k))).collect();
    let (owners, links): (Vec<String>, Vec<String>) = tokens.iter().map(|(p, f): (&String, &String)| (f.clone(), p.rsplit('/').next().unwrap_or(p).to_string())).unzip();
    let links = aho_corasick::AhoCorasick::new(links).expect("the links' automaton");
    let mut c = Crawl { site: &site, played, meta, tokens, links, owners, secrets: HashMap::new(), own_orders, f: Findings::default() };
    let seen = c.crawl().await;
    c.every_step_on_the_game_page(&seen).await;
    if !c.meta.finished {
        c.check_box(out).await;
    }
    c.guesses().await;
    c.f
}

/// Copies `from` into `to`, every file and folder but those `skip` names.
fn copy_tree(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool) {
    std::fs::create_dir_all(to).expect("a folder");
    for e in std::fs::read_dir(from).expect("a folder").map(|e| e.expect("an entry")) {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if skip(&src) {
            continue;
        }
        if e.file_type().expect("a file type").is_dir() {
            copy_tree(&src, &dst, skip);
        } else {
            std::fs::copy(&src, &dst).expect("a copy");
        }
    }
}

/// The game in `out` as it stood while step `k` was open, in `into`: the
/// steps after it gone, the orders given for it in (sealed), the step's own
/// files (played later) gone, the referee's record of the game set back
/// (open, step `k - 1` reported last, a deadline to come).
fn rewound(out: &Path, k: u32, into: &Path) {
    let turns = out.join("data/games").join(GAME).join("turns");
    let open = turns.join(format!("{k:04}"));
    copy_tree(out, into, &|p: &Path| {
        let step = p.parent().is_some_and(|d| d == turns) && p.file_name().and_then(|f| f.to_str()).and_then(|f| f.parse::<u32>().ok()).is_some_and(|n| n > k);
        let played_later = p.parent().is_some_and(|d| d == open) && !p.ends_with("state.json") && !p.ends_with("orders");
        step || played_later || p.ends_with("advance")
    });
    let meta_file = into.join("data/games").join(GAME).join("game.json");
    let mut meta: serde_json::Value = serde_json::from_slice(&std::fs::read(&meta_file).expect("game.json")).expect("the game's record");
    meta["turn"] = k.into();
    meta["last_reported_turn"] = (k - 1).into();
    meta["finished"] = false.into();
    meta["deadline"] = "2026-03-03T12:00:00Z".into();
    std::fs::write(&meta_file, serde_json::to_vec_pretty(&meta).expect("json")).expect("game.json written");
}

/// The first step, after the first, for which four parties or more had
/// given their orders.
fn open_step_with_orders(out: &Path) -> u32 {
    let turns = out.join("data/games").join(GAME).join("turns");
    (2..).find(|k| gd_secrets::files(&turns.join(format!("{k:04}/orders"))).len() >= 4).expect("a step with orders")
}

/// The open step's pages (the short game set back to a step whose orders
/// are in: the countdown, whether each family has sent, each family's own
/// orders on its private page, the others' sealed) read as the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_a_step_is_open_no_page_shows_another_partys_orders() {
    let g = ENDINGS[3];
    let out = tokio::task::spawn_blocking(move || gd_games::play(g)).await.expect("the game");
    let k = open_step_with_orders(&out);
    let dir = tempfile::tempdir().expect("a folder");
    rewound(&out, k, dir.path());
    let f = read_site(dir.path()).await;
    let Findings { leaks, wrong, pages, private_pages, with_sealed, own_orders, checks, .. } = f;
    eprintln!("step {k} open: {pages} pages fetched ({private_pages} private), {with_sealed} texts with sealed orders to keep, {own_orders} private pages with their own orders, {checks} orders checked");
    assert!(wrong.is_empty(), "{} page(s) not as they should be:\n{}", wrong.len(), wrong.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
    assert!(leaks.is_empty(), "{} leak(s):\n{}", leaks.len(), leaks.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
    assert!(with_sealed > 10 && own_orders >= 4 && checks >= 4, "{with_sealed} texts with sealed orders to keep, {own_orders} private pages showing their own orders, {checks} orders checked: the test would be vacuous");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_web_page_shows_another_partys_secrets_and_every_page_answers() {
    let outs = tokio::task::spawn_blocking(|| gd_games::play_all(&ENDINGS)).await.expect("the games");
    let mut all = Findings::default();
    for (g, out) in ENDINGS.iter().zip(outs) {
        let f = read_site(&out).await;
        let tag = |s: String| format!("seed {} ({}): {s}", g.seed, g.ending);
        all.leaks.extend(f.leaks.into_iter().map(tag));
        all.wrong.extend(f.wrong.into_iter().map(tag));
        all.pages += f.pages;
        all.private_pages += f.private_pages;
        all.pictures += f.pictures;
        all.svgs_read += f.svgs_read;
        all.with_secrets += f.with_secrets;
    }
    let Findings { leaks, wrong, pages, private_pages, pictures, svgs_read, with_secrets, .. } = all;
    eprintln!("{pages} pages fetched ({private_pages} private), {pictures} pictures, {svgs_read} SVG sources read, {with_secrets} texts with secrets to keep");
    assert!(wrong.is_empty(), "{} page(s) not as they should be:\n{}", wrong.len(), wrong.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
    assert!(leaks.is_empty(), "{} leak(s):\n{}", leaks.len(), leaks.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
    assert!(pages > 1000 && private_pages > 500, "{pages} pages fetched, {private_pages} private: the crawl would be vacuous");
    assert!(pictures > 500 && svgs_read >= pictures, "{pictures} pictures fetched, {svgs_read} SVG sources read");
    assert!(with_secrets > 500, "{with_secrets} texts with secrets to keep: the test would be vacuous");
}
