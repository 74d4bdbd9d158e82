//! The pages in a real browser: Debian's Chromium, headless, driven through
//! WebDriver (chromedriver) — installed by `scripts/install-deps.sh`. One
//! browser session walks through the game page (deadline, countdown run by
//! its script, statuses, no console error), a private page (its report and
//! map, nothing of another family), a tampered link (404), the order-check
//! box (the same answer as `arbitre orders check`), and both pages at phone
//! width.
//!
//! `ARBITRE_WEB_SCREENSHOTS=<dir>` keeps screenshots of the game page and of
//! a private page there (`docs/` holds the ones of the README).

mod support;
mod web_fixture;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use support::*;
use web_fixture::*;

struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // chromedriver and the Chromium it started share a process group:
        // end them all, even when the test failed half-way.
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", self.child.id())]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn which(cmd: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join(cmd)).find(|f| f.is_file()))
}

/// Chromium headless; `phone`: emulating a 390 × 844 phone screen (a
/// desktop window cannot be made that narrow).
async fn start_browser(phone: bool) -> (Driver, Client) {
    let driver = which("chromedriver").expect("chromedriver is missing: run scripts/install-deps.sh (Debian packages chromium, chromium-driver)");
    let chromium = which("chromium").expect("chromium is missing: run scripts/install-deps.sh");
    let port = free_port();
    use std::os::unix::process::CommandExt;
    let child = Command::new(driver).arg(format!("--port={port}")).process_group(0).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let profile = tempfile::tempdir().unwrap();
    let d = Driver { child, port, _profile: profile };
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1000,900",
                format!("--user-data-dir={}", d._profile.path().display()),
            ]
        }),
    );
    if phone {
        caps["goog:chromeOptions"]["mobileEmulation"] = json!({ "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "mobile": true, "touch": true } });
    }
    caps.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
    let url = format!("http://127.0.0.1:{}", d.port);
    let mut last = None;
    for _ in 0..100 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new()).capabilities(caps.clone()).connect(&url).await {
            Ok(c) => return (d, c),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not start: {last:?}");
}

/// The browser's console messages since the last call (chromedriver's log endpoint).
async fn console(d: &Driver, c: &Client) -> Vec<Value> {
    let session = c.session_id().await.unwrap().unwrap();
    let base = format!("http://127.0.0.1:{}", d.port);
    let r = http(&base, "POST", &format!("/session/{session}/se/log"), &[("Content-Type", "application/json")], br#"{"type":"browser"}"#).await;
    assert_eq!(r.status, 200, "console log endpoint: {}", r.text());
    let v: Value = serde_json::from_slice(&r.body).unwrap();
    v["value"].as_array().cloned().unwrap_or_default()
}

async fn assert_no_console_error(d: &Driver, c: &Client, page: &str) {
    let errors: Vec<Value> = console(d, c).await.into_iter().filter(|m| m["level"] == "SEVERE").collect();
    assert!(errors.is_empty(), "console errors on {page}: {errors:#?}");
}

async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.unwrap()
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

async fn shot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("ARBITRE_WEB_SCREENSHOTS") {
        // A full-page capture: the window as tall as the page.
        let h = js(c, "return document.documentElement.scrollHeight").await.as_u64().unwrap_or(900).min(4000) as u32;
        let w = js(c, "return window.outerWidth").await.as_u64().unwrap_or(1000) as u32;
        c.set_window_size(w, h + 100).await.unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), c.screenshot().await.unwrap()).unwrap();
    }
}

/// Whether the page fits the window's width (no sideways scrolling).
async fn fits_width(c: &Client) -> (bool, Value) {
    let v = js(c, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]").await;
    (v[0].as_u64() <= v[1].as_u64(), v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_headless_chromium() {
    let (env, passwords, now) = played_game();
    let s = Site::start(env, passwords, now).await;
    let (driver, c) = start_browser(false).await;
    let meta = s.referee.read_meta(GAME).unwrap().unwrap();
    let gc = s.referee.game_config(GAME).unwrap();

    // The game page: deadline, a countdown the script runs, the statuses.
    c.goto(&format!("{}/g/{GAME}", s.base)).await.unwrap();
    let deadline = arbitre::scheduler::format_deadline(meta.deadline.unwrap(), &gc.time_zone, "fr");
    assert_eq!(text_of(&c, "#deadline").await, deadline);
    let first = text_of(&c, "#countdown").await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let second = text_of(&c, "#countdown").await;
    // "1 j 06:29:58": days, then h:m:s, ticking.
    assert!(first.starts_with("1 j ") && first.len() == "1 j 06:29:58".len(), "{first:?}");
    assert_ne!(first, second, "the countdown does not tick");
    let statuses = text_of(&c, "#statuses").await;
    for (name, key, _) in FAMILIES {
        let line = statuses.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} not in {statuses}"));
        let now_word = if key == "ATREIDES" { "envoyés" } else { "pas encore" };
        let last = meta.last_status(&key.to_string()).unwrap().label();
        assert_eq!(line, format!("{name} {now_word} {last}"));
    }
    assert_no_console_error(&driver, &c, "the game page").await;
    shot(&c, "web-game.png").await;

    // A private page: its report and map, nothing of Harkonnen's.
    c.set_window_size(1000, 900).await.unwrap();
    let private = s.private(0);
    c.goto(&format!("{}{private}", s.base)).await.unwrap();
    assert_eq!(text_of(&c, "#family").await, "Atréides");
    let report = text_of(&c, "#report").await;
    assert!(report.contains("famille Atréides"), "{report}");
    assert!(!report.contains("famille Harkonnen") && !report.contains("famille Corrino"));
    let map_loaded = js(&c, "var i = document.querySelector('#report img'); return i !== null && i.complete && i.naturalWidth > 100").await;
    assert_eq!(map_loaded, Value::Bool(true), "the map did not load");
    assert_no_console_error(&driver, &c, "a private page").await;
    shot(&c, "web-private.png").await;

    // A tampered link: a plain 404.
    c.set_window_size(1000, 900).await.unwrap();
    let tampered = format!("{}{}", s.base, private.replace(&private[private.len() - 4..], "0000"));
    c.goto(&tampered).await.unwrap();
    assert_eq!(text_of(&c, "body").await, "404 Not Found");
    let _ = console(&driver, &c).await; // the 404 itself is logged

    // The order-check box answers as `arbitre orders check` does.
    c.goto(&format!("{}{}", s.base, s.private(1))).await.unwrap();
    let body = orders_body("Harkonnen", &s.passwords[1], None, &["LIEU Zorglub STELLARIUM", "ACHAT RIEN"]);
    c.find(Locator::Css("#check-orders")).await.unwrap().send_keys(&body).await.unwrap();
    c.find(Locator::Css("#check-button")).await.unwrap().click().await.unwrap();
    c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css("#check-result")).await.unwrap();
    let answer = text_of(&c, "#check-result pre").await;
    let eml = s.env.dir.path().join("check.eml");
    std::fs::write(&eml, mail("b@x.test", "cli-check@x.test", "[stellarium-1] Ordres", &body, now)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(s.env.dir.path().join("config.toml"))
        .args(["orders", "check", GAME])
        .arg(&eml)
        .args(["--at", &now.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cli = String::from_utf8(out.stdout).unwrap();
    let cli_ack = cli.split_once("\n\n").map(|(_, body)| body).unwrap_or(&cli);
    let verdicts = |t: &str| -> Vec<String> { t.lines().map(str::trim).filter(|l| l.contains("Zorglub") || l.contains("ACHAT") || l.contains("RIEN")).map(str::to_string).collect() };
    assert!(!verdicts(cli_ack).is_empty(), "{cli}");
    assert_eq!(verdicts(&answer), verdicts(cli_ack), "web:\n{answer}\ncli:\n{cli_ack}");
    assert_no_console_error(&driver, &c, "the order check").await;

    c.close().await.unwrap();
    drop(driver);

    // Phone width (390 CSS pixels): nothing wider than the screen, the
    // deadline and the report readable.
    let (driver, c) = start_browser(true).await;
    for path in [format!("/g/{GAME}"), private.clone()] {
        c.goto(&format!("{}{path}", s.base)).await.unwrap();
        assert_eq!(js(&c, "return window.innerWidth").await, json!(390));
        let (fits, sizes) = fits_width(&c).await;
        assert!(fits, "{path} is wider than a phone: {sizes}");
        assert!(c.find(Locator::Css("#deadline")).await.unwrap().is_displayed().await.unwrap());
        assert_no_console_error(&driver, &c, &path).await;
    }
    shot(&c, "web-private-phone.png").await;
    c.close().await.unwrap();
    drop(driver);
}
