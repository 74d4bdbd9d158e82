//! Secrets at rest (issue 25): once its mail is sent, no password stays in
//! clear in the data directory — not in the outbox's copy of a welcome, not
//! in an archived order — and `arbitre family password` issues a new one,
//! mailed to the family, through the real command and the daemon.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::mail::{decode, Limits};
use support::*;

/// The mails delivered so far to `address` by the embedded Maildir sender.
fn delivered(root: &Path, address: &str) -> Vec<String> {
    let dir = root.join("mail/outgoing").join(address).join("new");
    let mut files: Vec<_> = std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    // In delivery order (the names' microseconds are not zero-padded).
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    files.iter().map(|p| decode(&std::fs::read(p).unwrap(), &Limits::default()).unwrap().text).collect()
}

async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < Duration::from_secs(60), "{what}: not after 60 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Puts a player's mail in the referee's inbox, as the mail server would.
fn deliver(root: &Path, name: &str, raw: &[u8]) {
    std::fs::write(root.join("mail/inbox/new").join(name), raw).unwrap();
}

/// Every file of the data directory that holds `secret` (any case).
fn files_holding(dir: &Path, secret: &str) -> Vec<String> {
    snapshot(dir)
        .into_iter()
        .filter(|(_, bytes)| bytes.windows(secret.len()).any(|w| w.eq_ignore_ascii_case(secret.as_bytes())))
        .map(|(p, _)| p.display().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_password_is_mailed_to_the_family_and_no_password_stays_in_clear() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    // The registration's welcome, sent (moved to the outbox's cur/).
    let old = join(&e.referee, "a@x.test", "Atréides", start);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_millis(200));

    // Orders with the password, through the daemon.
    deliver(&root, "1.orders", &mail("a@x.test", "o1@x.test", "Ordres", &orders_body("Atréides", &old, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "a@x.test").len() == 1).await;
    assert!(!delivered(&root, "a@x.test")[0].contains("REFUSÉ"), "{}", delivered(&root, "a@x.test")[0]);

    // The referee's command, as the referee types it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(root.join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .args(["family", "password", GAME, "Atréides"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stdout).contains(&old), "the command prints no password");
    until("the new password delivered", || delivered(&root, "a@x.test").len() == 2).await;
    let texts = delivered(&root, "a@x.test");
    let text = texts.iter().find(|t| t.contains("nouveau mot de passe")).expect("the new password's mail");
    let new = password_in(text);
    assert_ne!(new, old);

    // The old one is refused, the new one taken.
    let refused = |root: &Path| delivered(root, "a@x.test").iter().filter(|t| t.contains("mot de passe était faux")).count();
    deliver(&root, "2.old", &mail("a@x.test", "o2@x.test", "Ordres", &orders_body("Atréides", &old, None, FOUNDERS), start));
    until("the refusal delivered", || delivered(&root, "a@x.test").len() == 3).await;
    assert_eq!(refused(&root), 1, "{:?}", delivered(&root, "a@x.test"));
    deliver(&root, "3.new", &mail("a@x.test", "o3@x.test", "Ordres", &orders_body("Atréides", &new, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "a@x.test").len() == 4).await;
    assert_eq!(refused(&root), 1, "the new password was refused");
    until("the outbox empty", || referee.store.outbox().pending_count().unwrap() == 0).await;
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();

    // Neither password is in clear anywhere in the data directory.
    for pw in [&old, &new] {
        assert_eq!(files_holding(&data(&e), pw), Vec::<String>::new(), "{pw} in clear");
    }
}
