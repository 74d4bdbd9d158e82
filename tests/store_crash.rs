//! Crash safety of the store, proved with real processes: this test binary
//! re-executes itself as a child (selected by an environment variable) that
//! writes in a loop and is SIGKILLed at random instants; the parent then
//! checks what is on disk.
//!
//! It runs without the libtest harness (`harness = false` in Cargo.toml) so
//! that the child entry point is `main` itself rather than a test that would
//! do nothing in a normal run. `cargo test --test store_crash [FILTER]`.

use arbitre::store::{write_atomic, Enqueued, OutboxState, Store, StoreError};
use rand::Rng;
use std::collections::BTreeSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const CHILD_MODE: &str = "ARBITRE_STORE_CRASH_CHILD";
const CHILD_DIR: &str = "ARBITRE_STORE_CRASH_DIR";
const OUTBOX_ITEMS: u32 = 120;

/// The payload of generation `i`: big enough (192 KiB) that a torn write
/// would show, and self-describing so the parent can tell which it is.
fn payload(i: u64) -> Vec<u8> {
    let mut v = format!("generation {i}\n").into_bytes();
    let line = format!("{i:016x}").repeat(4) + "\n";
    while v.len() < 192 * 1024 {
        v.extend_from_slice(line.as_bytes());
    }
    v.extend_from_slice(b"end\n");
    v
}

/// The generation of `bytes` if they are exactly one complete payload.
fn generation_of(bytes: &[u8]) -> Option<u64> {
    let first = bytes.split(|&b| b == b'\n').next()?;
    let i: u64 = std::str::from_utf8(first).ok()?.strip_prefix("generation ")?.parse().ok()?;
    (payload(i) == bytes).then_some(i)
}

fn message(i: u32) -> Vec<u8> {
    format!("Message-ID: <m{i}@test>\r\nSubject: ordres {i}\r\n\r\n{}\r\nFIN\r\n", "x".repeat(4000 + i as usize))
        .into_bytes()
}

fn spawn_child(mode: &str, dir: &Path) -> Child {
    Command::new(std::env::current_exe().expect("current exe"))
        .env(CHILD_MODE, mode)
        .env(CHILD_DIR, dir)
        .spawn()
        .expect("spawn child")
}

fn wait_for(path: &Path, limit: Duration) {
    let start = Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < limit, "child never created {}", path.display());
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn kill_after(mut child: Child, delay: Duration) -> bool {
    std::thread::sleep(delay);
    let finished = matches!(child.try_wait(), Ok(Some(_)));
    child.kill().ok(); // SIGKILL on Unix
    child.wait().expect("wait child");
    !finished
}

fn append_line(path: &Path, line: &str) {
    let mut f = fs::OpenOptions::new().create(true).append(true).open(path).expect("open log");
    f.write_all(format!("{line}\n").as_bytes()).expect("append");
    f.sync_all().expect("fsync log");
}

fn now() -> jiff::Timestamp {
    "2026-11-29T19:00:00Z".parse().expect("timestamp")
}

// ---------------------------------------------------------------- children

fn child_main(mode: &str, dir: PathBuf) {
    match mode {
        // Rewrites one file forever with increasing generations.
        "atomic" => {
            let path = dir.join("file.dat");
            let start: u64 = fs::read(&path).ok().and_then(|b| generation_of(&b)).map_or(0, |g| g + 1);
            for i in start.. {
                write_atomic(&path, &payload(i)).expect("write_atomic");
            }
        }
        // Archives 400 messages (again and again: idempotent).
        "archive" => {
            let store = Store::open(&dir).expect("open");
            fs::write(dir.join("started"), b"").expect("marker");
            loop {
                for i in 0..400 {
                    store.archive_raw(Some(&format!("<m{i}@test>")), &message(i)).expect("archive");
                }
            }
        }
        // A daemon that redoes its work at every start: enqueues every
        // message (idempotent), then sends what is due, logging each id once
        // `mark_sent` has returned.
        "outbox" => {
            let store = Store::open(&dir).expect("open");
            let outbox = store.outbox();
            fs::write(dir.join("started"), b"").expect("marker");
            for i in 0..OUTBOX_ITEMS {
                let id = format!("m{i:04}");
                outbox.enqueue(&id, "arbitre@test", &[format!("p{i}@test")], &message(i)).expect("enqueue");
            }
            let log = dir.join("confirmed.log");
            for item in outbox.due(now()).expect("due") {
                assert_eq!(item.raw, message(item.id()[1..].parse().expect("id")), "torn message");
                outbox.mark_sent(item.id()).expect("mark_sent");
                append_line(&log, item.id());
            }
            fs::write(dir.join("finished"), b"").expect("marker");
        }
        // Holds a game's lock until killed.
        "hold-lock" => {
            let store = Store::open(&dir).expect("open");
            let _lock = store.game("g-1").expect("game").lock().expect("lock");
            fs::write(dir.join("locked"), b"").expect("marker");
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        // Tries to take a lock the parent holds: exit code 3 on time-out.
        "try-lock" => {
            let store = Store::open(&dir).expect("open");
            match store.game("g-1").expect("game").lock_timeout(Duration::from_millis(200)) {
                Err(StoreError::LockTimeout { .. }) => std::process::exit(3),
                Ok(_) => std::process::exit(0),
                Err(e) => panic!("{e}"),
            }
        }
        // Tries to start as a second daemon: exit code 3 when refused.
        "try-daemon-lock" => {
            let store = Store::open(&dir).expect("open");
            match store.daemon_lock(Duration::ZERO) {
                Err(StoreError::LockTimeout { .. }) => std::process::exit(3),
                Ok(_) => std::process::exit(0),
                Err(e) => panic!("{e}"),
            }
        }
        // Races the other "race-state" children to write the states of
        // turns 1..=40, logging which it wrote and which it found taken.
        m if m.starts_with("race-state:") => {
            let me = &m["race-state:".len()..];
            let game = Store::open(&dir).expect("open").game("race").expect("game");
            let mut log = String::new();
            for turn in 1..=40 {
                match game.write_state(turn, format!("state {turn} by {me}").as_bytes()) {
                    Ok(()) => log.push_str(&format!("{turn} won\n")),
                    Err(StoreError::Immutable { .. }) => log.push_str(&format!("{turn} lost\n")),
                    Err(e) => panic!("{e}"),
                }
            }
            fs::write(dir.join(format!("race-{me}.log")), log).expect("log");
        }
        other => panic!("unknown child mode {other}"),
    }
}

// ---------------------------------------------------------------- scenarios

fn atomic_write_is_never_torn_by_sigkill() {
    let d = tempfile::tempdir().expect("tempdir");
    let path = d.path().join("file.dat");
    let mut rng = rand::thread_rng();
    let mut last = None;
    let mut killed = 0;
    for _ in 0..25 {
        let child = spawn_child("atomic", d.path());
        wait_for(&path, Duration::from_secs(20));
        killed += kill_after(child, Duration::from_micros(rng.gen_range(0..30_000))) as u32;
        let bytes = fs::read(&path).expect("read");
        let g = generation_of(&bytes).unwrap_or_else(|| panic!("torn file: {} bytes", bytes.len()));
        assert!(last.is_none_or(|l| g >= l), "generation went back from {last:?} to {g}");
        last = Some(g);
    }
    assert_eq!(killed, 25, "the writer should have been killed while writing every time");
    assert!(last.unwrap_or(0) > 0, "the child made no progress");
    // Only dot-prefixed temporary files may be left beside the file.
    for e in fs::read_dir(d.path()).expect("readdir") {
        let name = e.expect("entry").file_name().into_string().expect("utf8");
        assert!(name == "file.dat" || (name.starts_with('.') && name.ends_with(".tmp")), "stray {name}");
    }
    println!("  atomic: 25 kills, reached generation {}", last.unwrap_or(0));
}

fn archive_is_complete_after_sigkill() {
    let d = tempfile::tempdir().expect("tempdir");
    let mut rng = rand::thread_rng();
    for _ in 0..15 {
        let child = spawn_child("archive", d.path());
        wait_for(&d.path().join("started"), Duration::from_secs(20));
        kill_after(child, Duration::from_micros(rng.gen_range(0..20_000)));
        fs::remove_file(d.path().join("started")).expect("rm marker");
        let store = Store::open(d.path()).expect("open");
        for key in store.undone_archive().expect("list") {
            let raw = store.read_archived(&key).expect("read").expect("exists");
            // The key: the Message-ID, `=`, a digest of the content.
            let id = key.as_str().split('=').next().expect("key");
            let i: u32 = id.trim_start_matches('m').trim_end_matches("@test").parse().expect("key");
            assert_eq!(raw, message(i), "archived message {key} is torn");
        }
    }
    let store = Store::open(d.path()).expect("open");
    let n = store.undone_archive().expect("list").len();
    assert!(n > 0, "nothing archived");
    println!("  archive: 15 kills, {n} complete messages");
}

/// How far the "outbox" child got: items enqueued, then ids confirmed sent.
fn outbox_progress(dir: &Path) -> u32 {
    let count = |sub: &str| {
        fs::read_dir(dir.join("outbox").join(sub))
            .map(|rd| rd.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().ends_with(".json")).count())
            .unwrap_or(0) as u32
    };
    let confirmed = fs::read_to_string(dir.join("confirmed.log")).map(|s| s.lines().count()).unwrap_or(0) as u32;
    count("new") + count("cur") + confirmed
}

fn outbox_never_yields_an_item_twice_across_kills() {
    let d = tempfile::tempdir().expect("tempdir");
    let log = d.path().join("confirmed.log");
    let mut rng = rand::thread_rng();
    let mut kills = 0;
    for round in 0..100 {
        let child = spawn_child("outbox", d.path());
        wait_for(&d.path().join("started"), Duration::from_secs(20));
        // Kill on progress rather than after a delay, so that kills land in
        // both phases whatever the speed of fsync on this machine.
        let target = outbox_progress(d.path()) + rng.gen_range(1..=12);
        let start = Instant::now();
        while outbox_progress(d.path()) < target
            && !d.path().join("finished").exists()
            && start.elapsed() < Duration::from_secs(30)
        {
            std::thread::sleep(Duration::from_micros(100));
        }
        kills += kill_after(child, Duration::from_micros(rng.gen_range(0..2_000))) as u32;
        fs::remove_file(d.path().join("started")).expect("rm marker");
        let store = Store::open(d.path()).expect("open (recover)");
        let outbox = store.outbox();
        let confirmed = fs::read_to_string(&log).unwrap_or_default();
        let mut seen = BTreeSet::new();
        for id in confirmed.lines().filter(|l| !l.is_empty()) {
            // A torn last line (killed mid-append) is not an id.
            if id.len() != 5 {
                continue;
            }
            assert!(seen.insert(id.to_string()), "round {round}: {id} was yielded twice");
            assert_eq!(outbox.state_of(id).expect("state"), Some(OutboxState::Sent), "{id}");
        }
        let due: BTreeSet<String> = outbox.due(now()).expect("due").into_iter().map(|i| i.meta.id).collect();
        assert!(due.is_disjoint(&seen), "round {round}: a sent item is due again");
        // Every item is in exactly one state, with its message beside its meta.
        for i in 0..OUTBOX_ITEMS {
            let id = format!("m{i:04}");
            let places: Vec<&str> = ["new", "cur", "failed"]
                .into_iter()
                .filter(|s| d.path().join("outbox").join(s).join(format!("{id}.json")).exists())
                .collect();
            assert!(places.len() <= 1, "{id} in {places:?}");
            if let Some(p) = places.first() {
                let eml = d.path().join("outbox").join(p).join(format!("{id}.eml"));
                assert_eq!(fs::read(&eml).expect("eml beside json"), message(i), "{id}");
            }
        }
        if d.path().join("finished").exists() {
            break;
        }
    }
    // Restart without killing until the child finishes: everything sent once.
    let mut child = spawn_child("outbox", d.path());
    assert!(child.wait().expect("wait").success());
    let outbox = Store::open(d.path()).expect("open").outbox();
    assert_eq!(outbox.pending_count().expect("count"), 0);
    for i in 0..OUTBOX_ITEMS {
        let id = format!("m{i:04}");
        assert_eq!(outbox.state_of(&id).expect("state"), Some(OutboxState::Sent));
        assert_eq!(
            outbox.enqueue(&id, "arbitre@test", &["x@test".to_string()], b"again").expect("enqueue"),
            Enqueued::AlreadySent
        );
    }
    let confirmed = fs::read_to_string(&log).unwrap_or_default();
    let ids: Vec<&str> = confirmed.lines().filter(|l| l.len() == 5).collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(ids.len(), unique.len(), "an item was yielded twice");
    assert!(kills >= 5, "the child was killed mid-work only {kills} times");
    println!(
        "  outbox: {kills} kills, {} of {OUTBOX_ITEMS} confirmed (the rest were killed between send and log)",
        ids.len()
    );
}

fn lock_excludes_another_process_and_dies_with_it() {
    let d = tempfile::tempdir().expect("tempdir");
    let store = Store::open(d.path()).expect("open");
    let game = store.game("g-1").expect("game");
    // The child holds the lock: the parent times out.
    let child = spawn_child("hold-lock", d.path());
    wait_for(&d.path().join("locked"), Duration::from_secs(20));
    match game.lock_timeout(Duration::from_millis(200)) {
        Err(StoreError::LockTimeout { .. }) => {}
        other => panic!("expected a time-out, got {other:?}"),
    }
    // SIGKILL: the kernel releases the lock with the process.
    kill_after(child, Duration::ZERO);
    let held = game.lock_timeout(Duration::from_secs(10)).expect("lock after the holder died");
    // The parent holds it: a child times out (exit code 3).
    let status = spawn_child("try-lock", d.path()).wait().expect("wait");
    assert_eq!(status.code(), Some(3), "the child should have timed out");
    drop(held);
    let status = spawn_child("try-lock", d.path()).wait().expect("wait");
    assert_eq!(status.code(), Some(0), "the child should have got the released lock");
    // The daemon lock: a second daemon on the same data directory is refused.
    let daemon = store.daemon_lock(Duration::ZERO).expect("first daemon");
    let status = spawn_child("try-daemon-lock", d.path()).wait().expect("wait");
    assert_eq!(status.code(), Some(3), "a second daemon should be refused");
    drop(daemon);
    let status = spawn_child("try-daemon-lock", d.path()).wait().expect("wait");
    assert_eq!(status.code(), Some(0), "the daemon lock should be free again");
}

fn a_state_is_written_once_by_racing_processes() {
    let d = tempfile::tempdir().expect("tempdir");
    Store::open(d.path()).expect("open");
    let children: Vec<Child> = (0..4).map(|k| spawn_child(&format!("race-state:{k}"), d.path())).collect();
    for mut c in children {
        assert!(c.wait().expect("wait").success());
    }
    let game = Store::open(d.path()).expect("open").game("race").expect("game");
    let logs: Vec<String> =
        (0..4).map(|k| fs::read_to_string(d.path().join(format!("race-{k}.log"))).expect("log")).collect();
    for turn in 1..=40 {
        let winners: Vec<usize> = (0..4).filter(|&k| logs[k].lines().any(|l| l == format!("{turn} won"))).collect();
        assert_eq!(winners.len(), 1, "turn {turn}: winners {winners:?}");
        let state = game.read_state(turn).expect("read").expect("written");
        assert_eq!(state, format!("state {turn} by {}", winners[0]).into_bytes(), "turn {turn}");
    }
    println!("  race: 4 processes, 40 turns, one writer each");
}

fn main() {
    if let (Ok(mode), Some(dir)) = (std::env::var(CHILD_MODE), std::env::var_os(CHILD_DIR)) {
        child_main(&mode, PathBuf::from(dir));
        return;
    }
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let scenarios: [(&str, fn()); 5] = [
        ("atomic_write_is_never_torn_by_sigkill", atomic_write_is_never_torn_by_sigkill),
        ("archive_is_complete_after_sigkill", archive_is_complete_after_sigkill),
        ("outbox_never_yields_an_item_twice_across_kills", outbox_never_yields_an_item_twice_across_kills),
        ("lock_excludes_another_process_and_dies_with_it", lock_excludes_another_process_and_dies_with_it),
        ("a_state_is_written_once_by_racing_processes", a_state_is_written_once_by_racing_processes),
    ];
    let mut ran = 0;
    for (name, f) in scenarios {
        if filter.as_deref().is_some_and(|flt| !name.contains(flt)) {
            continue;
        }
        println!("test {name} ...");
        f();
        println!("test {name} ... ok");
        ran += 1;
    }
    println!("\nstore_crash: {ran} passed");
}
