//! The web pages over real HTTP (the server of `arbitre::web` on a loopback
//! port, a played Stellarium game): what the public and private pages show
//! and hide, signed links (tampered, revoked, guessed), no directory
//! traversal, the security headers, the order-check box (stores nothing),
//! and the deadline calendar in mails and in the feed.

mod support;
mod web_fixture;

use support::*;
use web_fixture::*;

fn html_escaped(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;").replace('/', "&#x2F;")
}

async fn site() -> Site {
    let (env, passwords, now) = played_game();
    Site::start(env, passwords, now).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_page_shows_the_deadline_and_the_statuses_the_referee_holds_and_no_order() {
    let s = site().await;
    let r = s.get(&format!("/g/{GAME}")).await;
    assert_eq!(r.status, 200);
    let page = r.text();
    let meta = s.referee.read_meta(GAME).unwrap().unwrap();
    let gc = s.referee.game_config(GAME).unwrap();
    let deadline = meta.deadline.unwrap();
    // The deadline in the game's zone, its instant for the countdown, and the time left.
    assert!(page.contains(&html_escaped(&arbitre::scheduler::format_deadline(deadline, &gc.time_zone, "fr"))), "{page}");
    assert!(page.contains(&format!("datetime=\"{deadline}\"")));
    let left = arbitre::scheduler::format_time_left(s.now, deadline, "fr");
    assert!(page.contains(&format!("data-deadline=\"{deadline}\"")));
    assert!(page.contains(&html_escaped(&left)), "time left {left:?} not in\n{}", page.lines().find(|l| l.contains("id=\"countdown")).unwrap_or_default());
    // Statuses of the open turn: Atréides sent, the others not; last turn: Corrino ONR.
    let row = |name: &str| page.lines().find(|l| l.contains(&format!("<td>{}</td>", html_escaped(name)))).unwrap_or_else(|| panic!("no row for {name}")).to_string();
    assert!(row("Atréides").contains("st-sent"), "{}", row("Atréides"));
    for (name, _, _) in &FAMILIES[1..] {
        assert!(row(name).contains("st-not-sent"), "{}", row(name));
    }
    for (name, key, _) in FAMILIES {
        let last = meta.last_status(&key.to_string()).unwrap().label();
        assert!(row(name).contains(&format!("st-{last}\">{last}<")), "{name}: {}", row(name));
    }
    assert!(row("Corrino").contains(">ONR<"));
    // Never the orders: none of Atréides' accepted lines is on the page.
    let g = s.referee.open_game(GAME).unwrap();
    let rec: arbitre::referee::intake::OrdersRecord = g.dir.read_family_orders(meta.turn, "ATREIDES").unwrap().unwrap();
    for v in &rec.verdicts {
        assert!(!page.contains(&html_escaped(&v.line.text)), "order line on the public page: {}", v.line.text);
    }
    // The last chronicle and the archive of the earlier turn.
    let chron = String::from_utf8(g.dir.read_turn_file(1, "chronicle.html").unwrap().unwrap()).unwrap();
    let first_row = chron.lines().find(|l| l.starts_with("<tr>")).unwrap();
    assert!(page.contains(first_row), "chronicle of turn 1 missing");
    // The public map of the last turn, served as stored.
    assert!(page.contains(&format!("src=\"{}\"", html_escaped(&format!("/g/{GAME}/turn/1/map.png")))), "no public map on the game page");
    let map = s.get(&format!("/g/{GAME}/turn/1/map.png")).await;
    assert_eq!(map.status, 200);
    assert_eq!(map.body, g.dir.read_turn_file(1, "public-map.png").unwrap().unwrap());
    assert!(page.contains(&format!("href=\"/g/{GAME}/turn/0\"")));
    let t0 = s.get(&format!("/g/{GAME}/turn/0")).await;
    assert_eq!(t0.status, 200);
    let chron0 = String::from_utf8(g.dir.read_turn_file(0, "chronicle.html").unwrap().unwrap()).unwrap();
    let rows0: Vec<&str> = chron0.lines().filter(|l| l.starts_with("<tr>")).collect();
    assert!(!rows0.is_empty() && rows0.iter().all(|row| t0.text().contains(row)), "the chronicle of turn 0 is not on its page");
    // Rules and feed.
    let rules = s.get(&format!("/g/{GAME}/rules.txt")).await;
    assert_eq!(rules.status, 200);
    assert_eq!(rules.body, std::fs::read(templates().parent().unwrap().join("rules/stellarium.txt")).unwrap());
    // The player's guide, linked from the page and from the welcome mail.
    assert!(page.contains(&format!("href=\"/g/{GAME}/guide/fr\"")), "no guide on the game page");
    let guide = s.get(&format!("/g/{GAME}/guide/en")).await;
    assert_eq!(guide.status, 200);
    assert!(guide.text().contains("LOCATION"), "{}", guide.text());
    assert_eq!(s.get(&format!("/g/{GAME}/guide/de")).await.status, 404);
    // The list of games.
    let list = s.get("/").await.text();
    assert!(list.contains(&format!("href=\"/g/{GAME}\"")) && list.contains("ouvertes") && list.contains("INSCRIPTION"));
}

/// #26 (registration state that is true on every page): the pages said
/// "open" from the referee's switch alone, so a game that takes no new
/// family (here: its `max_families` reached) invited players who were then
/// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_say_registration_closed_when_the_game_takes_no_new_family_with_the_switch_on() {
    let (env, passwords, now) = played_game();
    let path = env.dir.path().join("config.toml");
    let text = std::fs::read_to_string(&path).unwrap().replace("registration_open = true\n", "registration_open = true\nmax_families = 4\n");
    std::fs::write(&path, text).unwrap();
    let s = Site::start(env, passwords, now).await;
    assert!(s.referee.read_meta(GAME).unwrap().unwrap().registration_open, "the switch is on");
    assert!(!s.referee.open_game(GAME).unwrap().registration_open().unwrap(), "four seats of four taken: closed");
    let page = s.get(&format!("/g/{GAME}")).await.text();
    let line = page.lines().find(|l| l.contains("Inscriptions")).unwrap_or_default().to_string();
    assert!(line.contains("fermées") && !line.contains("ouvertes"), "{line}");
    assert!(!page.contains("INSCRIPTION"), "the game page still tells how to join");
    let list = s.get("/").await.text();
    assert!(list.contains("fermées") && !list.contains("ouvertes") && !list.contains("INSCRIPTION"), "{list}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_carries_a_strict_content_security_policy_and_no_inline_script() {
    let s = site().await;
    for path in ["/".to_string(), format!("/g/{GAME}"), format!("/g/{GAME}/turn/0"), s.private(0), "/nowhere".into()] {
        let r = s.get(&path).await;
        let csp = r.header("content-security-policy").unwrap_or_else(|| panic!("no CSP on {path}"));
        assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"), "{csp}");
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"));
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{path}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        let body = r.text();
        // Every <script> has a src (no inline script), and no on…= handler.
        for (i, _) in body.match_indices("<script") {
            let tag = &body[i..i + body[i..].find('>').unwrap()];
            assert!(tag.contains("src=\"/static/"), "inline script on {path}: {tag}");
        }
        assert!(!body.contains(" onclick=") && !body.contains(" onload="), "{path}");
    }
    assert_eq!(s.get(&s.private(0)).await.header("cache-control"), Some("no-store"));
}

/// Rows (`<tr>…</tr>`, `<p>…</p>`) of a stored HTML document.
fn rows(html: &str) -> Vec<String> {
    html.lines().map(str::trim).filter(|l| (l.starts_with("<tr>") || l.starts_with("<p")) && l.len() > 20).map(str::to_string).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_private_page_shows_the_familys_reports_orders_and_map_and_nothing_of_another_family() {
    let s = site().await;
    let g = s.referee.open_game(GAME).unwrap();
    let read = |t: u32, fam: &str, f: &str| g.dir.read_report_file(t, fam, f).unwrap().unwrap();
    for (i, (name, key, _)) in FAMILIES.iter().enumerate() {
        let page = s.get(&s.private(i)).await;
        assert_eq!(page.status, 200, "{name}");
        let page = page.text();
        assert!(page.contains(&format!("<span id=\"family\">{}</span>", html_escaped(name))));
        // Its latest report, whole.
        let own = String::from_utf8(read(1, key, "report.html")).unwrap();
        for row in rows(&own) {
            assert!(page.contains(&row), "{name}: its report row is missing: {row}");
        }
        // Its map, served to it byte for byte; the page points there.
        let map_path = format!("{}/turn/1/map.png", s.private(i));
        assert!(page.contains(&format!("src=\"{map_path}\"")), "{name}");
        assert_eq!(s.get(&map_path).await.body, read(1, key, "map.png"));
        // Nothing of another family: no row of another report that is not
        // also in its own report or in the public chronicle.
        let chronicle = String::from_utf8(g.dir.read_turn_file(1, "chronicle.html").unwrap().unwrap()).unwrap();
        let mine: std::collections::BTreeSet<String> = rows(&own).into_iter().chain(rows(&chronicle)).collect();
        let mut checked = 0;
        for (_, other, _) in FAMILIES.iter().filter(|(_, k, _)| k != key) {
            for t in 0..=1 {
                for row in rows(&String::from_utf8(read(t, other, "report.html")).unwrap()) {
                    if !mine.contains(&row) && !rows(&String::from_utf8(read(t, key, "report.html")).unwrap()).contains(&row) {
                        assert!(!page.contains(&row), "LEAK of {other}'s report (turn {t}) to {name}: {row}");
                        checked += 1;
                    }
                }
                // Its map is not reachable through this link.
                assert_ne!(read(t, other, "map.png"), read(t, key, "map.png"));
            }
        }
        assert!(checked > 20, "the other reports had private rows to look for ({checked})");
        // Earlier turn.
        let t0 = s.get(&format!("{}/turn/0", s.private(i))).await.text();
        for row in rows(&String::from_utf8(read(0, key, "report.html")).unwrap()) {
            assert!(t0.contains(&row), "{name}: turn 0 report row missing");
        }
    }
    // Atréides' acknowledged orders are on its page, and on nobody else's.
    let meta = s.referee.read_meta(GAME).unwrap().unwrap();
    let rec: arbitre::referee::intake::OrdersRecord = g.dir.read_family_orders(meta.turn, "ATREIDES").unwrap().unwrap();
    let a = s.get(&s.private(0)).await.text();
    let b = s.get(&s.private(1)).await.text();
    assert!(a.contains(&format!("id=\"orders-status\">{}<", rec.status().label())));
    for v in rec.verdicts.iter().filter(|v| v.line.text.len() > 8) {
        assert!(a.contains(&html_escaped(&v.line.text)), "{}", v.line.text);
        assert!(!b.contains(&format!("<tr><td><code>{}</code>", html_escaped(&v.line.text))), "Atréides' order on Harkonnen's page: {}", v.line.text);
    }
    assert!(b.contains("id=\"orders-none\"") && !b.contains("id=\"orders\""));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tampered_and_revoked_links_get_a_plain_404_and_guessing_is_rate_limited() {
    let s = site().await;
    let good = s.private(1);
    assert_eq!(s.get(&good).await.status, 200);
    // One hex digit changed.
    let mut tampered = good.clone().into_bytes();
    let last = tampered.len() - 1;
    tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
    let tampered = String::from_utf8(tampered).unwrap();
    let r = s.get(&tampered).await;
    assert_eq!((r.status, r.text().as_str()), (404, "404 Not Found\n"));
    // Another family's token in this game's place, a token of another game: 404.
    assert_eq!(s.get(&good.replace(GAME, "autre-partie")).await.status, 404);
    // Revoked: the old link is a 404, the new one works, the others still work.
    let new_url = arbitre::web::link::revoke(&s.referee, GAME, "HARKONNEN").unwrap();
    let new_path = new_url.trim_start_matches("http://site.test").to_string();
    assert_ne!(new_path, good);
    assert_eq!(s.get(&good).await.status, 404);
    assert_eq!(s.get(&new_path).await.status, 200);
    assert_eq!(s.get(&s.private(0)).await.status, 200);
    // Guessing: after MAX_FAILURES wrong links (3 so far), this address gets
    // 429 on every wrong link; a right one still opens (#25: players sharing
    // an address with a guesser were locked out of their own pages).
    for _ in 3..arbitre::web::limit::MAX_FAILURES {
        assert_eq!(s.get(&tampered).await.status, 404);
    }
    assert_eq!(s.get(&tampered).await.status, 429);
    assert_eq!(s.get(&new_path).await.status, 200);
    // The public pages are not limited.
    assert_eq!(s.get(&format!("/g/{GAME}")).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_path_reaches_a_file_outside_what_the_pages_serve() {
    let s = site().await;
    let secret = std::fs::read(data(&s.env).join("secret.key")).unwrap();
    let private = s.private(0);
    let paths = [
        "/static/../Cargo.toml".to_string(),
        "/static/..%2f..%2fCargo.toml".into(),
        "/static/%2e%2e%2fsecret.key".into(),
        "/static/..%2fCargo.toml".into(),
        "/static/%2e%2e%2fconfig.toml".into(),
        "/static/web.css/../../secret.key".into(),
        "/g/..%2fsecret.key".into(),
        "/g/..%2f..%2fdata%2fsecret.key/rules.txt".into(),
        format!("/g/{GAME}/turn/..%2f..%2f..%2fsecret.key"),
        format!("/g/{GAME}/turn/0%2f..%2f..%2fgame.json"),
        format!("/g/{GAME}/turn/-1"),
        format!("/g/{GAME}/turn/99999999999"),
        format!("{private}/turn/..%2f1"),
        format!("{private}/turn/1%2f..%2f..%2forders"),
        "/p/..%2f..%2fsecret.key/x".into(),
        "/data/secret.key".into(),
        "/secret.key".into(),
    ];
    for p in &paths {
        let r = s.get(p).await;
        assert!(r.status == 404 || r.status == 400, "{p}: {}", r.status);
        assert!(!r.body.windows(secret.len()).any(|w| w == secret.as_slice()), "{p}");
        assert!(!r.text().contains("[package]") && !r.text().contains("\"families\""), "{p}");
    }
    assert_eq!(s.get("/static/web.css").await.status, 200);
    assert_eq!(s.get("/static/countdown.js").await.header("content-type"), Some("text/javascript; charset=utf-8"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_order_check_box_answers_like_a_mail_and_stores_nothing() {
    let s = site().await;
    let before = snapshot(&data(&s.env));
    let path = format!("{}/check", s.private(1));
    let body = orders_body("Harkonnen", &s.passwords[1], None, &["LIEU Zorglub STELLARIUM", "ACHAT RIEN"]);
    let r = http(&s.base, "POST", &path, &[("Content-Type", "application/x-www-form-urlencoded")], &form_field("orders", &body)).await;
    assert_eq!(r.status, 200);
    let page = r.text();
    // The reply a mail would get, from the same code as `arbitre orders check`.
    let expected = s.referee.check_message(GAME, &mail("b@x.test", "cmp@x.test", "[stellarium-1] Ordres", &body, s.now), s.now).unwrap();
    let ack = read("ack", &expected.replies[0]);
    for line in ack.text.lines().filter(|l| l.contains("Zorglub") || l.contains("ACHAT")) {
        assert!(page.contains(&html_escaped(line)), "ack line missing: {line}\n{page}");
    }
    assert!(page.contains("id=\"check-result\""));
    // Another family's orders through this box: not checked.
    let other = orders_body("Atréides", "pas-le-bon", None, &["LIEU Leto STELLARIUM"]);
    let r = http(&s.base, "POST", &path, &[("Content-Type", "application/x-www-form-urlencoded")], &form_field("orders", &other)).await;
    let page = r.text();
    assert!(page.contains("ne vérifie que les ordres de votre propre famille"), "{page}");
    assert!(!page.contains("MOTDEPASSE") || !page.contains("incorrect"));
    // Nothing was stored, queued or archived.
    assert_eq!(snapshot(&data(&s.env)), before);
    // A wrong link cannot check.
    let r = http(&s.base, "POST", &format!("/p/{GAME}/0123456789abcdef0123456789abcdef/check"), &[("Content-Type", "application/x-www-form-urlencoded")], &form_field("orders", &body)).await;
    assert_eq!(r.status, 404);
}

/// The `.ics` part of a raw mail, if any.
fn ics_part(raw: &[u8]) -> Option<String> {
    let m = mail_parser::MessageParser::default().parse(raw)?;
    let found = m
        .attachments()
        .find(|a| mail_parser::MimeHeaders::content_type(*a).is_some_and(|c| c.ctype() == "text" && c.subtype() == Some("calendar")))
        .map(|a| String::from_utf8_lossy(a.contents()).into_owned());
    found
}

/// DTSTART of the first event, resolved to an instant with the zone it names.
fn event_instant(ics: &str) -> (jiff::Timestamp, String, u32) {
    use icalendar::Component;
    let cal: icalendar::Calendar = ics.parse().expect("a valid iCalendar");
    let ev = cal.components.iter().find_map(|c| c.as_event()).expect("an event");
    let start = ev.get_start().expect("DTSTART");
    let instant = match start {
        icalendar::DatePerhapsTime::DateTime(icalendar::CalendarDateTime::WithTimezone { date_time, tzid }) => {
            let civil: jiff::civil::DateTime = date_time.format("%Y-%m-%dT%H:%M:%S").to_string().parse().unwrap();
            civil.to_zoned(jiff::tz::TimeZone::get(&tzid).unwrap()).unwrap().timestamp()
        }
        other => panic!("DTSTART without a time zone: {other:?}"),
    };
    let seq = ev.property_value("SEQUENCE").unwrap().parse().unwrap();
    (instant, ev.get_uid().unwrap().to_string(), seq)
}

#[test]
fn a_report_mails_ics_part_parses_and_holds_the_next_deadline_and_a_moved_deadline_keeps_its_uid() {
    let e = env();
    let r = &e.referee;
    let t = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_sub(jiff::SignedDuration::from_hours(30)).unwrap();
    join(r, "a@x.test", "Atréides", t);
    let after = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(jiff::SignedDuration::from_mins(1)).unwrap();
    r.adjudicate(GAME, arbitre::referee::adjudication::Mode::Force, after).unwrap();
    let outbox = r.store.outbox();
    let report = outbox.list(arbitre::store::OutboxState::New).unwrap().into_iter().find(|m| m.id.starts_with("report-")).expect("a report");
    let ics = ics_part(&outbox.raw(&report.id).unwrap().unwrap()).expect("an .ics part in the report");
    let meta = r.read_meta(GAME).unwrap().unwrap();
    let (instant, uid, seq) = event_instant(&ics);
    assert_eq!(instant, meta.deadline.unwrap(), "{ics}");
    assert_eq!((uid.as_str(), seq), ("deadline-stellarium-1-1@example.test", 0));
    assert!(ics.contains("BEGIN:VALARM") && ics.contains("TRIGGER:-PT360M"), "the alarm rings at the game's first reminder: {ics}");
    // The deadline moves: the same event, a higher SEQUENCE, the new instant.
    let moved = r.extend(GAME, jiff::SignedDuration::from_hours(24), after).unwrap();
    let meta = r.read_meta(GAME).unwrap().unwrap();
    let ics2 = r.deadline_calendar(GAME, meta.turn, meta.deadline.unwrap(), "fr", after).unwrap();
    let (instant2, uid2, seq2) = event_instant(&ics2);
    assert_eq!((instant2, uid2.clone(), seq2), (moved, uid.clone(), 1));
    // Every family is mailed the updated event at once, and only once.
    let announced: Vec<_> = outbox.list(arbitre::store::OutboxState::New).unwrap().into_iter().filter(|m| m.id.starts_with("deadline-moved-")).collect();
    assert_eq!(announced.len(), meta.families.len(), "{:?}", announced.iter().map(|m| &m.id).collect::<Vec<_>>());
    for m in &announced {
        let (instant3, uid3, seq3) = event_instant(&ics_part(&outbox.raw(&m.id).unwrap().unwrap()).expect("an .ics part"));
        assert_eq!((instant3, uid3, seq3), (moved, uid.clone(), 1));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_offers_its_deadlines_as_a_feed_and_mails_carry_the_private_link() {
    let s = site().await;
    let r = s.get(&format!("/g/{GAME}/deadlines.ics")).await;
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/calendar"));
    let meta = s.referee.read_meta(GAME).unwrap().unwrap();
    let (instant, uid, _) = event_instant(&r.text());
    assert_eq!(instant, meta.deadline.unwrap());
    assert_eq!(uid, format!("deadline-{GAME}-{}@example.test", meta.turn));
    // The report mails carried the family's private link (public_url + path).
    let sent = s.referee.store.outbox().list(arbitre::store::OutboxState::Sent).unwrap();
    let report = sent.iter().rev().find(|m| m.id.starts_with("report-stellarium-1-1-HARKONNEN")).expect("Harkonnen's report");
    let raw = s.referee.store.outbox().raw(&report.id).unwrap().unwrap();
    let text = read("r", &raw).text;
    assert!(text.contains(&format!("http://site.test{}", s.private(1))), "{text}");
    assert!(!text.contains(&s.private(0)));
    // The welcome links to the player's guide on the site, and carries its text.
    let welcome = sent.iter().find(|m| m.id.starts_with("welcome-")).expect("a welcome");
    let text = read("w", &s.referee.store.outbox().raw(&welcome.id).unwrap().unwrap()).text;
    assert!(text.contains(&format!("http://site.test/g/{GAME}/guide/fr")) && text.contains("Le guide du joueur"), "{text}");
}

/// Issue 26: a family that reads English (it joined in English) gets its
/// private page in English, words and deadline included, in a French game;
/// the French families keep theirs in French.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_private_page_is_in_the_familys_language() {
    let s = site().await;
    let mut meta = s.referee.read_meta(GAME).unwrap().unwrap();
    meta.families.get_mut(FAMILIES[1].1).unwrap().lang = "en".into();
    s.referee.write_meta(&meta).unwrap();
    let en = s.get(&s.private(1)).await.text();
    assert!(en.contains("<html lang=\"en\"") && en.contains("Your private page"), "{en}");
    let gc = s.referee.game_config(GAME).unwrap();
    let deadline = meta.deadline.unwrap();
    assert!(en.contains(&html_escaped(&arbitre::scheduler::format_deadline(deadline, &gc.time_zone, "en"))), "no English deadline in\n{en}");
    let fr = s.get(&s.private(0)).await.text();
    assert!(fr.contains("Votre page privée") && fr.contains(&html_escaped(&arbitre::scheduler::format_deadline(deadline, &gc.time_zone, "fr"))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_shows_a_declared_absence_to_everyone() {
    // An absence is public (RULINGS.md, "Absences"): declared by mail, shown beside the family.
    let (env, passwords, now) = played_game();
    let from = now.to_zoned(jiff::tz::TimeZone::get("Europe/Paris").unwrap()).date();
    let to = from.checked_add(jiff::Span::new().days(5)).unwrap();
    let raw = mail("b@x.test", "away-b@x.test", "Absence", &orders_body("Harkonnen", &passwords[1], None, &[&format!("ABSENCE {from} {to}")]), now);
    env.referee.handle_mail(&raw, now).unwrap();
    take_outbox(&env.referee);
    let s = Site::start(env, passwords, now).await;
    let page = s.get(&format!("/g/{GAME}")).await.text();
    let row = |name: &str| page.lines().find(|l| l.contains(&format!("<td>{}</td>", html_escaped(name)))).unwrap_or_default().to_string();
    assert!(row("Harkonnen").contains(&format!("absent(e) du {from} – {to}")), "{}", row("Harkonnen"));
    assert!(!row("Atréides").contains("absent"), "{}", row("Atréides"));
}
