//! The web pages of a large game (1,000 families by default): the game page,
//! an earlier turn's page, a private page and the calendar feed, each
//! requested over loopback HTTP from the real server (`arbitre::web`), with
//! what every request does: `game.json`, the open turn's orders folder, the
//! last chronicle, the Tera page, and for the private page the token check
//! against every family and its stored report. Prints the figures.
//!
//! `cargo bench --bench web_pages` (release), or quicker to build:
//! `cargo test --bench web_pages` (dev profile, dependencies at -O2).
//! `ARBITRE_BENCH_FAMILIES=200` changes the size; `ARBITRE_BENCH_ROUNDS` the
//! number of requests per page (default 50).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::game::OrderStatus;
use arbitre::referee::Referee;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

mod support;

const GAME: &str = "grande-partie";

/// A game whose roster holds `n` families, turn 0 adjudicated (statuses,
/// a chronicle of one line per family), half the families with orders for
/// turn 1, and a report for the first family.
fn large_game(r: &Referee, n: usize) -> String {
    let now: jiff::Timestamp = "2026-05-04T10:00:00Z".parse().unwrap();
    let mut meta = r.create_game(GAME, Some(3), now).unwrap();
    let dir = r.store.game(GAME).unwrap();
    let statuses = [OrderStatus::Or, OrderStatus::Opr, OrderStatus::Onr];
    let mut rows = String::new();
    for i in 0..n {
        let key = format!("FAMILLE {i:04}");
        meta.families.insert(
            key.clone(),
            support::family_record(i, format!("Famille {i:04}"), BTreeMap::from([(0, statuses[i % 3])])),
        );
        rows.push_str(&format!(
            "<tr><td style=\"padding:4px 6px;\">5010</td><td style=\"padding:4px 6px;\">La famille Famille {i:04} &amp; ses alliés font la chronique n° {i}.</td></tr>\n"
        ));
        if i % 2 == 0 {
            dir.write_orders(1, &key, &serde_json::json!({ "message_id": "x", "archive_key": "k", "received_at": now, "receipt_rank": i, "orders": null, "verdicts": [], "completeness": { "complete": true } })).unwrap();
        }
    }
    meta.turn = 1;
    meta.last_reported_turn = Some(0);
    r.write_meta(&meta).unwrap();
    let chronicle = format!("<!DOCTYPE html><html><body><div><h1>Chronique</h1><table>\n{rows}</table></div></body></html>");
    dir.write_turn_file(0, "chronicle.html", chronicle.as_bytes()).unwrap();
    dir.write_turn_file(1, "chronicle.html", chronicle.as_bytes()).unwrap();
    let report = format!("<!DOCTYPE html><html><body><div><h1>Rapport</h1><table>\n{}</table><img src=\"cid:map\"></div></body></html>", rows.lines().take(400).collect::<Vec<_>>().join("\n"));
    let first = "FAMILLE 0000";
    dir.write_report_file(0, first, "report.html", report.as_bytes()).unwrap();
    dir.write_report_file(0, first, "map.png", &[0u8; 100]).unwrap();
    arbitre::web::link::private_path(r, GAME, first).unwrap()
}

async fn get(addr: &str, path: &str) -> (u16, usize) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let status = String::from_utf8_lossy(&raw[9..12]).parse().unwrap_or(0);
    (status, raw.len())
}

fn main() {
    let n: usize = std::env::var("ARBITRE_BENCH_FAMILIES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let rounds: usize = std::env::var("ARBITRE_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(50);
    let dir = tempfile::tempdir().unwrap();
    let cfg = arbitre::config::load(&support::config(dir.path(), GAME, "stellarium", "")).unwrap();
    let templates = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates");
    let referee = Arc::new(Referee::new(cfg, templates).unwrap());
    let private = large_game(&referee, n);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let web = arbitre::web::Web::new(referee.clone(), arbitre::daemon::Clock::starting_at("2026-05-07T10:00:00Z".parse().unwrap()));
        tokio::spawn(arbitre::web::serve(listener, web, std::future::pending()));
        println!("web pages of a game of {n} families ({rounds} requests per page, over loopback HTTP):");
        let pages = [
            ("game page", format!("/g/{GAME}")),
            ("earlier turn", format!("/g/{GAME}/turn/0")),
            ("private page", private.clone()),
            ("calendar feed", format!("/g/{GAME}/deadlines.ics")),
            ("list of games", "/".to_string()),
        ];
        for (name, path) in pages {
            let (status, bytes) = get(&addr, &path).await; // warm-up
            if std::env::var_os("ARBITRE_BENCH_SHOW").is_some() {
                let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
                s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
                let mut raw = String::new();
                s.read_to_string(&mut raw).await.unwrap();
                println!("{}", &raw[..raw.len().min(3000)]);
            }
            assert_eq!(status, 200, "{name}: {path}");
            let mut times: Vec<Duration> = Vec::with_capacity(rounds);
            for _ in 0..rounds {
                let t = Instant::now();
                let (status, _) = get(&addr, &path).await;
                times.push(t.elapsed());
                assert_eq!(status, 200);
            }
            times.sort();
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            println!(
                "  {name:<14} {:>7} bytes   median {:6.2} ms   p95 {:6.2} ms   max {:6.2} ms",
                bytes,
                ms(times[times.len() / 2]),
                ms(times[(times.len() * 95 / 100).min(times.len() - 1)]),
                ms(times[times.len() - 1])
            );
        }
    });
}
