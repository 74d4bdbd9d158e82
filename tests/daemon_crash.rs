//! Killing the daemon (`arbitre serve`, SIGKILL) at random instants during
//! intake, adjudication and sending, then restarting it, loses nothing and
//! sends nothing twice: every mail gets exactly one answer, every family
//! exactly one report, and the turn is adjudicated once.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use support::*;

struct Daemon {
    root: PathBuf,
    child: Option<Child>,
    starts: u32,
}

impl Daemon {
    fn start(&mut self) {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(self.root.join("daemon.log")).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("--config")
            .arg(self.root.join("config.toml"))
            .arg("--templates")
            .arg(templates())
            .arg("serve")
            .env("ARBITRE_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        self.starts += 1;
    }

    /// SIGKILL: no chance to finish anything.
    fn kill9(&mut self) {
        if let Some(mut c) = self.child.take() {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }

    /// Starts and kills the daemon `n` times at random instants.
    fn torture(&mut self, rng: &mut impl Rng, n: u32) {
        for _ in 0..n {
            self.start();
            std::thread::sleep(Duration::from_millis(rng.gen_range(30..600)));
            self.kill9();
        }
    }

    /// Runs the daemon until `done()` holds (or fails after a minute).
    fn run_until(&mut self, what: &str, done: impl Fn() -> bool) {
        self.start();
        let t = Instant::now();
        while !done() {
            assert!(t.elapsed() < Duration::from_secs(90), "timed out waiting for {what}; log:\n{}", std::fs::read_to_string(self.root.join("daemon.log")).unwrap_or_default());
            std::thread::sleep(Duration::from_millis(100));
        }
        // Let the daemon finish moving what it sent; then kill it anyway.
        std::thread::sleep(Duration::from_millis(300));
        self.kill9();
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// Every mail delivered to the players: (recipient, parsed message).
fn delivered(root: &Path) -> Vec<(String, Sent)> {
    let mut v = Vec::new();
    let Ok(rd) = std::fs::read_dir(root.join("mail/outgoing")) else { return v };
    for d in rd.flatten() {
        let addr = d.file_name().to_string_lossy().into_owned();
        for sub in ["new", "cur"] {
            if let Ok(files) = std::fs::read_dir(d.path().join(sub)) {
                for f in files.flatten() {
                    let raw = std::fs::read(f.path()).unwrap();
                    v.push((addr.clone(), read(&f.file_name().to_string_lossy(), &raw)));
                }
            }
        }
    }
    v
}

fn drop_in(root: &Path, name: &str, raw: &[u8]) {
    let inbox = root.join("mail/inbox");
    std::fs::create_dir_all(inbox.join("tmp")).unwrap();
    std::fs::create_dir_all(inbox.join("new")).unwrap();
    std::fs::write(inbox.join("tmp").join(name), raw).unwrap();
    std::fs::rename(inbox.join("tmp").join(name), inbox.join("new").join(name)).unwrap();
}

/// Registers `families` by mail (with `kills` SIGKILLs meanwhile); returns
/// the registration Message-IDs and each address's password.
fn register<'a>(d: &mut Daemon, rng: &mut impl Rng, kills: u32, families: &[(&'a str, &str)], now: jiff::Timestamp) -> (Vec<String>, BTreeMap<&'a str, String>) {
    let root = d.root.clone();
    let mut join_ids = Vec::new();
    for (i, (addr, fam)) in families.iter().enumerate() {
        let id = format!("join{i}@x.test");
        drop_in(&root, &format!("join{i}"), &mail(addr, &id, "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {fam}\n"), now));
        join_ids.push(id);
    }
    d.torture(rng, kills);
    d.run_until("welcome mails", || join_ids.iter().all(|id| replies_to(&delivered(&root), id) >= 1));
    let all = delivered(&root);
    let mut passwords = BTreeMap::new();
    for (i, (addr, _)) in families.iter().enumerate() {
        let w = all.iter().find(|(_, s)| s.in_reply_to.as_deref() == Some(join_ids[i].as_str())).unwrap();
        assert_eq!(&w.0, addr);
        passwords.insert(*addr, password_in(&w.1.text));
    }
    (join_ids, passwords)
}

/// Each family's turn-0 orders twice: half the founders, then all (the
/// second replaces the first). Returns the Message-IDs.
fn orders_twice(root: &Path, families: &[(&str, &str)], passwords: &BTreeMap<&str, String>, now: jiff::Timestamp) -> Vec<String> {
    let mut order_ids = Vec::new();
    for round in 0..2 {
        for (i, (addr, fam)) in families.iter().enumerate() {
            let id = format!("orders{round}-{i}@x.test");
            let lines: Vec<&str> = if round == 0 { FOUNDERS[..4].to_vec() } else { FOUNDERS.to_vec() };
            drop_in(root, &format!("orders{round}-{i}"), &mail(addr, &id, "Ordres", &orders_body(fam, &passwords[addr], Some(0), &lines), now));
            order_ids.push(id);
        }
    }
    order_ids
}

/// Every mail received got exactly one answer, every family exactly one
/// report of turn 0, nothing else was sent, and each family's last
/// (complete) orders counted; returns `game.json`.
fn assert_once(root: &Path, families: &[(&str, &str)], join_ids: &[String], order_ids: &[String]) -> serde_json::Value {
    let all = delivered(root);
    for id in join_ids.iter().chain(order_ids) {
        assert_eq!(replies_to(&all, id), 1, "exactly one answer to {id}");
    }
    for (addr, _) in families {
        let n = all.iter().filter(|(a, s)| a == addr && s.subject.contains("Rapport du tour 0")).count();
        assert_eq!(n, 1, "exactly one report for {addr}");
    }
    assert_eq!(all.len(), join_ids.len() + order_ids.len() + families.len(), "no other mail was sent");
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(root.join("data/games").join(GAME).join("game.json")).unwrap()).unwrap();
    for (_, fam) in families {
        let key = arbitre::text::key(fam);
        assert_eq!(meta["families"][&key]["statuses"]["0"], "Or", "{key}: its last (complete) orders counted; game.json: {meta:#}");
    }
    meta
}

/// The open turn in `game.json` (the adjudication's commit point).
fn turn_of(root: &Path) -> Option<u64> {
    let bytes = std::fs::read(root.join("data/games").join(GAME).join("game.json")).ok()?;
    serde_json::from_slice::<serde_json::Value>(&bytes).ok()?["turn"].as_u64()
}

fn replies_to(all: &[(String, Sent)], msgid: &str) -> usize {
    all.iter().filter(|(_, s)| s.in_reply_to.as_deref() == Some(msgid)).count()
}

#[test]
fn sigkill_at_random_instants_loses_nothing_and_sends_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    // No reminders: whether one is due depends on the day the test runs (the
    // daemon runs on the wall clock), and the test counts every mail sent.
    let config = config_text("").replace(r#"reminders = ["48h", "6h"]"#, "reminders = []");
    assert!(config.contains("reminders = []"));
    std::fs::write(root.join("config.toml"), config).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut d = Daemon { root: root.clone(), child: None, starts: 0 };
    let now = jiff::Timestamp::now();
    let families = [("a@x.test", "Atréides"), ("b@x.test", "Harkonnen"), ("c@x.test", "Corrino"), ("d@x.test", "Ordos")];

    // 1. Intake of registrations, with kills.
    let (join_ids, passwords) = register(&mut d, &mut rng, 10, &families, now);

    // 2. Orders (each family twice: the second replaces the first), with kills.
    let order_ids = orders_twice(&root, &families, &passwords, now);
    d.torture(&mut rng, 10);
    d.run_until("acknowledgements", || order_ids.iter().all(|id| replies_to(&delivered(&root), id) >= 1));

    // 3. The deadline passes: adjudication and sending, with kills.
    let cli = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(root.join("config.toml"))
        .args(["game", "extend", GAME, "-30d", "--now"])
        .output()
        .unwrap();
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));
    d.torture(&mut rng, 12);
    let reports = |all: &[(String, Sent)]| all.iter().filter(|(_, s)| s.subject.contains("Rapport du tour 0")).count();
    // Reports go out before the commit: wait for both.
    d.run_until("reports and the commit", || reports(&delivered(&root)) >= families.len() && turn_of(&root) == Some(1));

    // Nothing lost, nothing twice.
    let meta = assert_once(&root, &families, &join_ids, &order_ids);
    assert_eq!(meta["turn"], 1, "the turn was adjudicated once");
    // Every message the daemon received is archived and marked done.
    let archive = root.join("data/archive");
    let done = std::fs::read_dir(&archive).unwrap().flatten().filter(|e| e.file_name().to_string_lossy().ends_with(".done.json")).count();
    assert_eq!(done, join_ids.len() + order_ids.len());
    assert!(d.starts >= 35, "the daemon was killed and restarted {} times", d.starts);
}

#[test]
fn sigkill_around_an_early_adjudication_loses_nothing_and_plays_the_turn_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    // Early adjudication at once when both families are ready; the deadline
    // is six days away or more, so only early adjudication can play the turn.
    let config = config_text("early = \"0m\"")
        .replace(r#"reminders = ["48h", "6h"]"#, "reminders = []")
        .replace(r#"deadline = "weekly sunday 20:00""#, r#"deadline = "every 7 days at 20:00""#);
    assert!(config.contains("every 7 days") && config.contains("reminders = []"));
    std::fs::write(root.join("config.toml"), config).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2027);
    let mut d = Daemon { root: root.clone(), child: None, starts: 0 };
    let now = jiff::Timestamp::now();
    let families = [("a@x.test", "Atréides"), ("b@x.test", "Harkonnen")];

    let (join_ids, passwords) = register(&mut d, &mut rng, 0, &families, now);
    // Early adjudication waits for registration to close.
    let cli = Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("--config").arg(root.join("config.toml")).args(["game", "close", GAME]).output().unwrap();
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));

    // Partial orders first (not ready), then complete ones: the last one
    // completes the step and it is played at once, with kills all along.
    let order_ids = orders_twice(&root, &families, &passwords, now);
    d.torture(&mut rng, 20);
    let reports = |all: &[(String, Sent)]| all.iter().filter(|(_, s)| s.subject.contains("Rapport du tour 0")).count();
    d.run_until("acknowledgements and reports", || {
        let all = delivered(&root);
        order_ids.iter().all(|id| replies_to(&all, id) >= 1) && reports(&all) >= families.len() && turn_of(&root) == Some(1)
    });

    let meta = assert_once(&root, &families, &join_ids, &order_ids);
    assert_eq!(meta["turn"], 1, "the turn was adjudicated once, early");
    assert!(meta["adjudication_started"].is_null(), "the adjudication committed");
    let deadline: jiff::Timestamp = meta["deadline"].as_str().unwrap().parse().unwrap();
    assert!(deadline > now.checked_add(jiff::SignedDuration::from_hours(24 * 12)).unwrap(), "the first deadline (6+ days) never came: {deadline}");
    assert!(d.starts >= 21, "the daemon was killed and restarted {} times", d.starts);
}

#[test]
fn the_same_message_twice_in_one_batch_is_answered_once_and_both_copies_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    std::fs::write(root.join("config.toml"), config_text("").replace(r#"reminders = ["48h", "6h"]"#, "reminders = []")).unwrap();
    let mut d = Daemon { root: root.clone(), child: None, starts: 0 };
    let now = jiff::Timestamp::now();
    // Delivered twice (a client's retry): both wait in the inbox when the
    // daemon starts, so they are in the same batch.
    let raw = mail("a@x.test", "join-twice@x.test", "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION Atréides\n"), now);
    drop_in(&root, "join-first", &raw);
    drop_in(&root, "join-again", &raw);
    d.run_until("the welcome and both marked", || {
        let cur = std::fs::read_dir(root.join("mail/inbox/cur")).map(|rd| rd.flatten().filter(|e| e.file_name().to_string_lossy().ends_with(",S")).count()).unwrap_or(0);
        replies_to(&delivered(&root), "join-twice@x.test") >= 1 && cur == 2
    });
    assert_eq!(replies_to(&delivered(&root), "join-twice@x.test"), 1, "one welcome");
    assert_eq!(std::fs::read_dir(root.join("mail/inbox/new")).unwrap().count(), 0, "nothing left unhandled");
}

/// What a daemon killed between a run's replies and its done markers leaves
/// (the orders and their acknowledgements on disk, the markers not, the
/// run's record), made by hand: nothing may change the game until the run
/// is finished, and the daemon finishes it at the instant its messages were
/// handled, before it plays the turn. (Once, the turn was played first and
/// the orders, handled again on turn 1, were refused as stale: a second,
/// contrary answer to each.)
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn a_run_cut_before_its_done_markers_is_finished_at_its_own_instants_before_the_turn_is_played() {
    use arbitre::referee::adjudication::Mode;
    use arbitre::referee::RefereeError;
    use arbitre::store::{ArchiveKey, OutboxState, RunMessage, RunRecord, StoreError};

    let e = env();
    let r = &e.referee;
    let families = [("a@x.test", "Atréides"), ("b@x.test", "Harkonnen")];
    let passwords: Vec<String> = families.iter().map(|(a, f)| join(r, a, f, t0())).collect();
    r.set_registration(GAME, false).unwrap();
    // Handled on Monday; the deadline is Sunday 29 March, 20:00 in Paris.
    let handled_at = t0().checked_add(jiff::SignedDuration::from_hours(1)).unwrap();
    let deadline: jiff::Timestamp = "2026-03-29T18:00:00Z".parse().unwrap();
    assert_eq!(r.read_meta(GAME).unwrap().unwrap().deadline, Some(deadline));
    let mut ids = Vec::new();
    let mut keys = Vec::new();
    let mut raws = Vec::new();
    for (i, ((addr, fam), pw)) in families.iter().zip(&passwords).enumerate() {
        let id = format!("orders-{i}@x.test");
        let raw = mail(addr, &id, "Ordres", &orders_body(fam, pw, Some(0), FOUNDERS), handled_at);
        r.handle_mail(&raw, handled_at).unwrap();
        keys.push(ArchiveKey::for_message(Some(&id), &raw));
        ids.push(id);
        raws.push(raw);
    }
    // Killed before the markers: the archived copies are still whole (their
    // passwords are masked only after the markers are durable).
    for (k, raw) in keys.iter().zip(&raws) {
        std::fs::remove_file(r.store.done_path(k)).unwrap();
        std::fs::write(r.store.archive_path(k), raw).unwrap();
    }
    let record = RunRecord { games: vec![GAME.into()], messages: keys.iter().map(|key| RunMessage { key: key.clone(), now: handled_at }).collect() };
    std::fs::write(r.store.run_record_path(), r.store.run_record_bytes(&record).unwrap()).unwrap();

    // Nothing changes the game meanwhile: not a turn, not the referee.
    let after = deadline.checked_add(jiff::SignedDuration::from_hours(1)).unwrap();
    let unfinished = |res: Result<(), RefereeError>| matches!(res, Err(RefereeError::Store(StoreError::UnfinishedRun { .. })));
    assert!(unfinished(r.adjudicate(GAME, Mode::Deadline, after).map(drop)), "a turn was played over an unfinished run");
    assert!(unfinished(r.set_registration(GAME, true)), "registration reopened over an unfinished run");
    assert!(unfinished(r.extend(GAME, jiff::SignedDuration::from_hours(-200), after).map(drop)), "the deadline moved over an unfinished run");
    assert!(unfinished(r.rollback(GAME, 0, after).map(drop)), "a rollback over an unfinished run");

    // The daemon starts after the deadline.
    let root = e.dir.path().to_path_buf();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = std::sync::Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), after, Duration::from_secs(60));
    let turn = || referee.read_meta(GAME).unwrap().unwrap().turn;
    for _ in 0..200 {
        if turn() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    assert_eq!(turn(), 1, "the turn was played once the run was finished");

    assert!(!r.store.run_record_path().exists(), "the record outlived its run");
    let outbox = r.store.outbox();
    let mut answers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for state in [OutboxState::New, OutboxState::Sent, OutboxState::Failed] {
        for meta in outbox.list(state).unwrap() {
            let sent = read(&meta.id, &outbox.raw(&meta.id).unwrap().unwrap());
            if let Some(to) = sent.in_reply_to {
                answers.entry(to).or_default().push(meta.id);
            }
        }
    }
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(r.store.game(GAME).unwrap().game_json_path()).unwrap()).unwrap();
    for ((id, key), (_, fam)) in ids.iter().zip(&keys).zip(&families) {
        assert_eq!(answers.get(id).map(Vec::len), Some(1), "exactly one answer to {id}: {answers:?}");
        assert!(r.store.archive_done(key).unwrap().is_some(), "{key} marked done");
        let fkey = arbitre::text::key(fam);
        assert_eq!(meta["families"][&fkey]["statuses"]["0"], "Or", "{fkey}: its orders counted on turn 0");
    }
    assert!(!r.store.game(GAME).unwrap().orders_dir(1).exists(), "orders of turn 0 kept for turn 1");
}
