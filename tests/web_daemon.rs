//! `arbitre serve` with `[web]`: the daemon serves the game page and the
//! private link its welcome mail carries; when the port is taken it says so
//! in its log and still referees mail.

mod common;
mod support;
mod web_fixture;

use std::path::Path;
use std::time::{Duration, Instant};

use support::*;

/// A data folder with the tests' configuration, `[web]` listening on `port`.
fn setup(dir: &Path, port: u16) -> std::path::PathBuf {
    let config = dir.join("config.toml");
    let web = format!("\n[web]\nlisten = \"127.0.0.1:{port}\"\n");
    std::fs::write(&config, config_text("") + &web).unwrap();
    for sub in ["mail/inbox/new", "mail/inbox/cur", "mail/inbox/tmp"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    config
}

/// Drops a registration into the inbox and waits for the welcome mail.
fn welcome(dir: &Path) -> Vec<u8> {
    let raw = mail("a@x.test", "join-web@x.test", &format!("[{GAME}] Inscription"), "INSCRIPTION Atréides\n", jiff::Timestamp::now());
    std::fs::write(dir.join("mail/inbox/tmp/join.eml"), &raw).unwrap();
    std::fs::rename(dir.join("mail/inbox/tmp/join.eml"), dir.join("mail/inbox/new/join.eml")).unwrap();
    let out = dir.join("mail/outgoing/a@x.test/new");
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        if let Some(f) = std::fs::read_dir(&out).ok().and_then(|mut it| it.next()).and_then(Result::ok) {
            return std::fs::read(f.path()).unwrap();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("no welcome mail within 30 s");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daemon_serves_the_pages_and_the_private_link_of_its_welcome_mail() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let config = setup(dir.path(), port);
    let mut daemon = common::Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));
    let base = format!("http://127.0.0.1:{port}");
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            break;
        }
        assert!(Instant::now() < until, "no web server: {}", daemon.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(web_fixture::http(&base, "GET", &format!("/g/{GAME}"), &[], b"").await.status, 200);
    let raw = tokio::task::spawn_blocking({
        let d = dir.path().to_path_buf();
        move || welcome(&d)
    })
    .await
    .unwrap();
    let text = read("w", &raw).text;
    let link = text.lines().find(|l| l.starts_with(&format!("{base}/p/{GAME}/"))).unwrap_or_else(|| panic!("no private link in\n{text}"));
    let page = web_fixture::http(&base, "GET", link.trim_start_matches(&base), &[], b"").await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Atréides"));
    assert!(String::from_utf8_lossy(&raw).contains("Content-Type: text/calendar"), "no .ics part in the welcome");
    assert!(daemon.stop().is_some_and(|s| s.success()));
}

#[test]
fn when_the_port_is_taken_the_daemon_says_so_and_still_referees_mail() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let config = setup(dir.path(), port);
    let mut daemon = common::Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));
    let raw = welcome(dir.path());
    assert!(read("w", &raw).text.contains("Bienvenue"));
    let log = daemon.log();
    assert!(log.contains(&format!("web pages OFF: cannot listen on 127.0.0.1:{port}")), "{log}");
    assert!(log.contains("Mail is refereed as usual"), "{log}");
    assert!(daemon.stop().is_some_and(|s| s.success()));
    drop(taken);
}
