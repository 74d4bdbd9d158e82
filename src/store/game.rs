//! One game's directory: metadata, lock, turns (state, orders, results,
//! reports) and rolled-back turns. See the layout in [`crate::store`].

use super::{
    create_dir_all_durable, family_file_name, family_from_file_name, list_names, read_bytes, read_json, sync_dir,
    to_json_bytes, write_atomic, write_json_atomic, write_new_atomic, StoreError,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long [`GameDir::lock`] waits for another process (the CLI, the
/// daemon) to release a game before giving up.
pub const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(60);

/// The directory of one game (`<data>/games/<id>/`).
#[derive(Debug, Clone)]
pub struct GameDir {
    dir: PathBuf,
    id: String,
}

/// An exclusive lock on a game, held until dropped. It is an `flock` on
/// `<game>/lock`: it excludes other processes and other `GameLock`s of this
/// process alike, and the kernel releases it if the process dies.
///
/// Taking it may block the thread (up to the time-out): from async code,
/// take it inside `tokio::task::spawn_blocking` (or try with
/// [`GameDir::lock_timeout`]`(Duration::ZERO)` and retry later).
#[derive(Debug)]
pub struct GameLock {
    // The lock lives as long as this open file description: closing it (on
    // drop) releases it. The fd-lock guard is forgotten on purpose, since it
    // would borrow the file; closing the file has the same effect.
    // `None`: the lock is held by the thread's write group until its commit.
    _file: Option<File>,
    path: PathBuf,
}

impl GameLock {
    /// A handle on a lock that the thread's [`super::Group`] holds.
    pub(super) fn held_by_group(path: &Path) -> GameLock {
        GameLock { _file: None, path: path.to_path_buf() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Takes an exclusive `flock` on `path` (created if missing), waiting up
/// to `timeout` (zero: try once).
pub(super) fn lock_file(path: PathBuf, timeout: Duration) -> Result<GameLock, StoreError> {
    // Created if missing, then held open read-only: flock needs no write
    // access, and a file held open for writing would keep the data
    // directory's file system from being remounted read-only.
    let file = match OpenOptions::new().read(true).open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            super::private_file_options().create(true).truncate(false).write(true).open(&path).map_err(StoreError::io(&path))?;
            OpenOptions::new().read(true).open(&path).map_err(StoreError::io(&path))?
        }
        Err(e) => return Err(StoreError::Io { path, source: e }),
    };
    let mut lock = fd_lock::RwLock::new(file);
    let start = Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        match lock.try_write() {
            Ok(guard) => {
                std::mem::forget(guard);
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock || e.kind() == io::ErrorKind::Interrupted => {
                let waited = start.elapsed();
                if waited >= timeout {
                    return Err(StoreError::LockTimeout { path, waited });
                }
                std::thread::sleep(pause.min(timeout - waited));
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            Err(e) => return Err(StoreError::Io { path, source: e }),
        }
    }
    Ok(GameLock { _file: Some(lock.into_inner()), path })
}

fn turn_name(n: u32) -> String {
    format!("{n:04}")
}

impl GameDir {
    pub(super) fn new(dir: PathBuf, id: String) -> GameDir {
        GameDir { dir, id }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Whether the game's directory exists.
    pub fn exists(&self) -> bool {
        self.dir.is_dir()
    }

    /// Creates the game's directory (and `turns/`) if missing.
    pub fn create(&self) -> Result<(), StoreError> {
        let t = self.dir.join("turns");
        create_dir_all_durable(&t).map_err(StoreError::io(&t))
    }

    pub fn game_json_path(&self) -> PathBuf {
        self.dir.join("game.json")
    }

    /// The game's metadata, `None` if never written.
    pub fn read_game<T: DeserializeOwned>(&self) -> Result<Option<T>, StoreError> {
        read_json(&self.game_json_path())
    }

    /// Replaces the game's metadata atomically.
    pub fn write_game<T: Serialize + ?Sized>(&self, meta: &T) -> Result<(), StoreError> {
        self.create()?;
        write_json_atomic(&self.game_json_path(), meta)
    }

    /// Takes the game's exclusive lock, waiting up to [`DEFAULT_LOCK_TIMEOUT`].
    pub fn lock(&self) -> Result<GameLock, StoreError> {
        self.lock_timeout(DEFAULT_LOCK_TIMEOUT)
    }

    /// Takes the game's exclusive lock, waiting up to `timeout` (zero: try
    /// once). Inside a write group, the group holds it until its commit.
    pub fn lock_timeout(&self, timeout: Duration) -> Result<GameLock, StoreError> {
        self.create()?;
        let path = self.dir.join("lock");
        if let Some(held) = super::group::hold_lock(&path, || lock_file(path.clone(), timeout)) {
            return held;
        }
        lock_file(path, timeout)
    }

    pub fn turns_dir(&self) -> PathBuf {
        self.dir.join("turns")
    }

    /// `<game>/turns/<NNNN>/`.
    pub fn turn_dir(&self, n: u32) -> PathBuf {
        self.turns_dir().join(turn_name(n))
    }

    pub fn state_path(&self, n: u32) -> PathBuf {
        self.turn_dir(n).join("state.json")
    }

    pub fn orders_dir(&self, n: u32) -> PathBuf {
        self.turn_dir(n).join("orders")
    }

    /// `<game>/turns/<NNNN>/reports/<family>/`.
    pub fn report_dir(&self, n: u32, family: &str) -> Result<PathBuf, StoreError> {
        Ok(self.turn_dir(n).join("reports").join(family_file_name(family)?))
    }

    /// Writes the state at the start of turn `n`. Immutable once written:
    /// writing the same bytes again succeeds and changes nothing (a re-run
    /// after a crash); different bytes are [`StoreError::Immutable`].
    pub fn write_state(&self, n: u32, bytes: &[u8]) -> Result<(), StoreError> {
        let dir = self.turn_dir(n);
        create_dir_all_durable(&dir).map_err(StoreError::io(&dir))?;
        let path = self.state_path(n);
        if write_new_atomic(&path, bytes).map_err(StoreError::io(&path))? {
            return Ok(());
        }
        match read_bytes(&path)? {
            Some(existing) if existing == bytes => Ok(()),
            _ => Err(StoreError::Immutable { path }),
        }
    }

    /// [`GameDir::write_state`] of a value serialised as pretty JSON.
    pub fn write_state_json<T: Serialize + ?Sized>(&self, n: u32, state: &T) -> Result<(), StoreError> {
        let bytes = to_json_bytes(&self.state_path(n), state)?;
        self.write_state(n, &bytes)
    }

    /// The state at the start of turn `n`, `None` if not written.
    pub fn read_state(&self, n: u32) -> Result<Option<Vec<u8>>, StoreError> {
        read_bytes(&self.state_path(n))
    }

    /// The turns that have a directory, ascending.
    pub fn list_turns(&self) -> Result<Vec<u32>, StoreError> {
        let mut out: Vec<u32> = list_names(&self.turns_dir())?
            .into_iter()
            .filter(|n| n.len() >= 4 && n.bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|n| n.parse().ok())
            .collect();
        out.sort_unstable();
        Ok(out)
    }

    /// The highest turn whose state is written, `None` if there is none.
    pub fn latest_state_turn(&self) -> Result<Option<u32>, StoreError> {
        Ok(self.list_turns()?.into_iter().rev().find(|&n| self.state_path(n).is_file()))
    }

    /// Replaces atomically the family's accepted submission for turn `n`.
    pub fn write_orders<T: Serialize + ?Sized>(&self, n: u32, family: &str, orders: &T) -> Result<(), StoreError> {
        write_family_file(&self.orders_dir(n), family, orders)
    }

    /// Every family's submission for turn `n`, by family key.
    pub fn read_orders<T: DeserializeOwned>(&self, n: u32) -> Result<BTreeMap<String, T>, StoreError> {
        read_family_files(&self.orders_dir(n))
    }

    /// `<game>/advance/<NNNN>/`: orders written in advance for step `n`
    /// (kept as raw lines until the step opens; see `referee::steps`).
    pub fn advance_dir(&self, n: u32) -> PathBuf {
        self.dir.join("advance").join(turn_name(n))
    }

    /// Replaces atomically the family's orders in advance for step `n`.
    pub fn write_advance<T: Serialize + ?Sized>(&self, n: u32, family: &str, v: &T) -> Result<(), StoreError> {
        write_family_file(&self.advance_dir(n), family, v)
    }

    /// Every family's orders in advance for step `n`, by family key.
    pub fn read_advance<T: DeserializeOwned>(&self, n: u32) -> Result<BTreeMap<String, T>, StoreError> {
        read_family_files(&self.advance_dir(n))
    }

    /// One family's orders in advance for step `n`, `None` if there are none.
    pub fn read_family_advance<T: DeserializeOwned>(&self, n: u32, family: &str) -> Result<Option<T>, StoreError> {
        read_json(&self.advance_dir(n).join(format!("{}.json", family_file_name(family)?)))
    }

    /// One family's submission for turn `n`, `None` if there is none.
    pub fn read_family_orders<T: DeserializeOwned>(&self, n: u32, family: &str) -> Result<Option<T>, StoreError> {
        read_json(&self.orders_dir(n).join(format!("{}.json", family_file_name(family)?)))
    }

    /// Withdraws a family's submission for turn `n`; `true` if there was one.
    pub fn remove_orders(&self, n: u32, family: &str) -> Result<bool, StoreError> {
        let dir = self.orders_dir(n);
        let path = dir.join(format!("{}.json", family_file_name(family)?));
        if let Some(existed) = super::group::stage_remove(&path) {
            return Ok(existed);
        }
        match fs::remove_file(&path) {
            Ok(()) => {
                sync_dir(&dir).map_err(StoreError::io(&dir))?;
                Ok(true)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(StoreError::Io { path, source: e }),
        }
    }

    /// Writes a file of turn `n` atomically (`events.json`,
    /// `chronicle.txt`, `chronicle.html`...). `name` is one plain file name.
    pub fn write_turn_file(&self, n: u32, name: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        check_file_name(name)?;
        let dir = self.turn_dir(n);
        create_dir_all_durable(&dir).map_err(StoreError::io(&dir))?;
        let path = dir.join(name);
        write_atomic(&path, bytes).map_err(StoreError::io(&path))?;
        Ok(path)
    }

    /// Writes a JSON file of turn `n` atomically (`events.json`).
    pub fn write_turn_json<T: Serialize + ?Sized>(&self, n: u32, name: &str, value: &T) -> Result<PathBuf, StoreError> {
        let bytes = to_json_bytes(Path::new(name), value)?;
        self.write_turn_file(n, name, &bytes)
    }

    /// A file of turn `n`, `None` if missing.
    pub fn read_turn_file(&self, n: u32, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_file_name(name)?;
        read_bytes(&self.turn_dir(n).join(name))
    }

    /// A JSON file of turn `n`, `None` if missing.
    pub fn read_turn_json<T: DeserializeOwned>(&self, n: u32, name: &str) -> Result<Option<T>, StoreError> {
        check_file_name(name)?;
        read_json(&self.turn_dir(n).join(name))
    }

    /// Appends one JSON line to `turns/<NNNN>/audit.jsonl` and fsyncs it.
    /// (A crash can leave a torn last line; readers skip lines that do not
    /// parse, see [`GameDir::read_audit`].)
    pub fn append_audit<T: Serialize + ?Sized>(&self, n: u32, entry: &T) -> Result<(), StoreError> {
        let dir = self.turn_dir(n);
        create_dir_all_durable(&dir).map_err(StoreError::io(&dir))?;
        let path = dir.join("audit.jsonl");
        let mut line = serde_json::to_vec(entry).map_err(|source| StoreError::Json { path: path.clone(), source })?;
        line.push(b'\n');
        let existed = path.exists();
        let mut f = super::private_file_options().create(true).append(true).open(&path).map_err(StoreError::io(&path))?;
        // A torn line left by a crash must not swallow this one.
        let len = f.metadata().map_err(StoreError::io(&path))?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            use std::io::{Read, Seek, SeekFrom};
            let mut r = File::open(&path).map_err(StoreError::io(&path))?;
            r.seek(SeekFrom::Start(len - 1)).map_err(StoreError::io(&path))?;
            r.read_exact(&mut last).map_err(StoreError::io(&path))?;
            if last[0] != b'\n' {
                line.insert(0, b'\n');
            }
        }
        f.write_all(&line).map_err(StoreError::io(&path))?;
        super::sync_file(&f).map_err(StoreError::io(&path))?;
        if !existed {
            sync_dir(&dir).map_err(StoreError::io(&dir))?;
        }
        Ok(())
    }

    /// The entries of `turns/<NNNN>/audit.jsonl` that parse (a torn last
    /// line from a crash is skipped).
    pub fn read_audit<T: DeserializeOwned>(&self, n: u32) -> Result<Vec<T>, StoreError> {
        let Some(bytes) = read_bytes(&self.turn_dir(n).join("audit.jsonl"))? else {
            return Ok(Vec::new());
        };
        Ok(bytes
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .filter_map(|l| serde_json::from_slice(l).ok())
            .collect())
    }

    /// Writes one file of a family's report for turn `n` (`report.txt`,
    /// `report.html`, `map.svg`, `map.png`).
    pub fn write_report_file(&self, n: u32, family: &str, name: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        check_file_name(name)?;
        let dir = self.report_dir(n, family)?;
        create_dir_all_durable(&dir).map_err(StoreError::io(&dir))?;
        let path = dir.join(name);
        write_atomic(&path, bytes).map_err(StoreError::io(&path))?;
        Ok(path)
    }

    /// One file of a family's report for turn `n`, `None` if missing.
    pub fn read_report_file(&self, n: u32, family: &str, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_file_name(name)?;
        read_bytes(&self.report_dir(n, family)?.join(name))
    }

    pub fn rolled_back_dir(&self) -> PathBuf {
        self.dir.join("rolled-back")
    }

    /// Rollback: moves every turn after `n` to
    /// `<game>/rolled-back/after-<NNNN>-<k>/` (k: the first unused number),
    /// highest turn first, so that a crash midway leaves the game at a turn
    /// between `n` and where it was, never with a hole. Returns that
    /// directory, or `None` if there was no turn after `n`.
    pub fn remove_turns_after(&self, n: u32) -> Result<Option<PathBuf>, StoreError> {
        let mut later: Vec<u32> = self.list_turns()?.into_iter().filter(|&t| t > n).collect();
        if later.is_empty() {
            return Ok(None);
        }
        later.sort_unstable_by(|a, b| b.cmp(a));
        let base = self.rolled_back_dir();
        create_dir_all_durable(&base).map_err(StoreError::io(&base))?;
        let mut k = 1u32;
        let target = loop {
            let t = base.join(format!("after-{}-{k}", turn_name(n)));
            match super::create_dir_private(&t) {
                Ok(()) => break t,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => k += 1,
                Err(e) => return Err(StoreError::Io { path: t, source: e }),
            }
        };
        sync_dir(&base).map_err(StoreError::io(&base))?;
        let turns = self.turns_dir();
        for t in later {
            let from = self.turn_dir(t);
            let to = target.join(turn_name(t));
            fs::rename(&from, &to).map_err(StoreError::io(&from))?;
            sync_dir(&turns).map_err(StoreError::io(&turns))?;
            sync_dir(&target).map_err(StoreError::io(&target))?;
        }
        Ok(Some(target))
    }
}

fn check_file_name(name: &str) -> Result<(), StoreError> {
    super::check_component("file name", name, |c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Writes `<dir>/<family>.json` atomically.
fn write_family_file<T: Serialize + ?Sized>(dir: &Path, family: &str, v: &T) -> Result<(), StoreError> {
    create_dir_all_durable(dir).map_err(StoreError::io(dir))?;
    write_json_atomic(&dir.join(format!("{}.json", family_file_name(family)?)), v)
}

/// Every `<dir>/<family>.json`, by family key (a missing folder is empty).
fn read_family_files<T: DeserializeOwned>(dir: &Path) -> Result<BTreeMap<String, T>, StoreError> {
    let mut out = BTreeMap::new();
    for name in list_names(dir)? {
        let Some(stem) = name.strip_suffix(".json") else { continue };
        let Some(family) = family_from_file_name(stem) else { continue };
        if let Some(v) = read_json(&dir.join(&name))? {
            out.insert(family, v);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::Store;
    use super::*;

    fn game() -> (tempfile::TempDir, GameDir) {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        let g = s.game("stellarium-1").unwrap();
        (d, g)
    }

    #[test]
    fn state_is_immutable_but_rewriting_identical_bytes_is_ok() {
        let (_d, g) = game();
        assert_eq!(g.latest_state_turn().unwrap(), None);
        g.write_state(0, b"{\"turn\":0}").unwrap();
        g.write_state(0, b"{\"turn\":0}").unwrap();
        let e = g.write_state(0, b"{\"turn\":0,\"x\":1}").unwrap_err();
        assert!(matches!(e, StoreError::Immutable { .. }), "{e}");
        assert_eq!(g.read_state(0).unwrap().unwrap(), b"{\"turn\":0}");
        g.write_state_json(1, &serde_json::json!({"turn": 1})).unwrap();
        assert_eq!(g.latest_state_turn().unwrap(), Some(1));
        assert!(g.state_path(1).ends_with("turns/0001/state.json"));
        assert_eq!(g.read_state(7).unwrap(), None);
    }

    #[test]
    fn orders_are_replaced_read_by_family_and_removed() {
        let (_d, g) = game();
        g.write_orders(3, "HOUSE ATREIDES", &vec!["a"]).unwrap();
        g.write_orders(3, "HOUSE ATREIDES", &vec!["b"]).unwrap();
        g.write_orders(3, "D'ARTAGNAN", &vec!["c"]).unwrap();
        let all: BTreeMap<String, Vec<String>> = g.read_orders(3).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all["HOUSE ATREIDES"], vec!["b"]);
        assert_eq!(all["D'ARTAGNAN"], vec!["c"]);
        assert_eq!(g.read_family_orders::<Vec<String>>(3, "D'ARTAGNAN").unwrap(), Some(vec!["c".to_string()]));
        assert!(g.remove_orders(3, "HOUSE ATREIDES").unwrap());
        assert!(!g.remove_orders(3, "HOUSE ATREIDES").unwrap());
        assert_eq!(g.read_orders::<Vec<String>>(3).unwrap().len(), 1);
        assert!(g.read_orders::<Vec<String>>(4).unwrap().is_empty());
    }

    #[test]
    fn game_meta_turn_files_and_reports() {
        let (_d, g) = game();
        assert_eq!(g.read_game::<serde_json::Value>().unwrap(), None);
        g.write_game(&serde_json::json!({"turn": 2})).unwrap();
        assert_eq!(g.read_game::<serde_json::Value>().unwrap(), Some(serde_json::json!({"turn": 2})));
        g.write_turn_file(2, "chronicle.txt", "Chronique é".as_bytes()).unwrap();
        assert_eq!(g.read_turn_file(2, "chronicle.txt").unwrap().unwrap(), "Chronique é".as_bytes());
        assert!(g.write_turn_file(2, "../x", b"").is_err());
        g.write_turn_json(2, "events.json", &vec![1, 2]).unwrap();
        assert_eq!(g.read_turn_json::<Vec<u32>>(2, "events.json").unwrap(), Some(vec![1, 2]));
        let p = g.write_report_file(2, "HOUSE ATREIDES", "map.svg", b"<svg/>").unwrap();
        assert!(p.ends_with("turns/0002/reports/HOUSE_ATREIDES/map.svg"), "{}", p.display());
        assert_eq!(g.read_report_file(2, "HOUSE ATREIDES", "map.svg").unwrap().unwrap(), b"<svg/>");
    }

    #[test]
    fn audit_lines_survive_a_torn_last_line() {
        let (_d, g) = game();
        g.append_audit(1, &serde_json::json!({"n": 1})).unwrap();
        // A crash in the middle of an append leaves a torn line.
        let p = g.turn_dir(1).join("audit.jsonl");
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"{\"n\": 2").unwrap();
        drop(f);
        g.append_audit(1, &serde_json::json!({"n": 3})).unwrap();
        let v: Vec<serde_json::Value> = g.read_audit(1).unwrap();
        assert_eq!(v, vec![serde_json::json!({"n": 1}), serde_json::json!({"n": 3})]);
    }

    #[test]
    fn rollback_moves_later_turns_aside_under_unique_names() {
        let (_d, g) = game();
        for t in 0..4 {
            g.write_state(t, format!("{t}").as_bytes()).unwrap();
        }
        assert_eq!(g.remove_turns_after(3).unwrap(), None);
        let first = g.remove_turns_after(1).unwrap().unwrap();
        assert!(first.ends_with("rolled-back/after-0001-1"));
        assert_eq!(g.latest_state_turn().unwrap(), Some(1));
        assert_eq!(fs::read(first.join("0003/state.json")).unwrap(), b"3");
        // Replay turn 2 differently, then roll back again: a new, distinct name.
        g.write_state(2, b"2 bis").unwrap();
        let second = g.remove_turns_after(1).unwrap().unwrap();
        assert!(second.ends_with("rolled-back/after-0001-2"));
        assert_eq!(fs::read(second.join("0002/state.json")).unwrap(), b"2 bis");
        assert_eq!(g.list_turns().unwrap(), vec![0, 1]);
    }

    #[test]
    fn lock_excludes_a_second_holder_until_dropped() {
        let (_d, g) = game();
        let l = g.lock().unwrap();
        let e = g.lock_timeout(Duration::from_millis(50)).unwrap_err();
        assert!(matches!(e, StoreError::LockTimeout { .. }), "{e}");
        drop(l);
        let _l2 = g.lock_timeout(Duration::ZERO).unwrap();
    }
}
