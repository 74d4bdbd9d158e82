//! Group commit: the writes of many messages made durable together.
//!
//! Handling an order writes four files (its orders, `game.json`, the
//! acknowledgement's `.eml` and `.json` in the outbox), and each atomic
//! write costs two fsyncs (the file, then its folder) waited one after the
//! other. A [`Group`] takes the writes of a whole run of messages instead,
//! and [`Group::commit`] makes them durable together with three rounds of
//! fsyncs issued in parallel, however many messages and files:
//!
//! 1. every file's new content goes to a temporary file next to it, and all
//!    of them are fsynced at once (the file system commits them in one or a
//!    few journal transactions);
//! 2. they are renamed over their names (removals done), then every folder
//!    concerned is fsynced at once;
//! 3. only then the *commit points* ([`write_atomic_last`]: an outbox item's
//!    `.json`, which makes the item exist and so may make it leave) are
//!    renamed, and their folders fsynced;
//! 4. then the *final* writes ([`write_atomic_final`]: a message's done
//!    marker, which says every effect and reply of the message is durable),
//!    and their folders fsynced;
//! 5. then the *scrubs* ([`write_atomic_scrub`]: a message's archived copy
//!    with its passwords masked, which must not replace the copy a re-run
//!    would read before its done marker is durable), and their folders.
//!
//! A group may also carry an *intent* ([`Group::set_intent`]: the record of
//! the run of messages being committed, `store::RunRecord`): written and
//! made durable in round 1, before any other file of the group is renamed,
//! and removed after round 5, before the game locks are released. So a
//! record found on disk while holding one of its games' locks means its run
//! was interrupted: some of its effects may be on disk, some of its done
//! markers not.
//!
//! Until `commit` returns, nothing of the group may be acknowledged: the
//! daemon wakes the outbox and tells the mailbox only afterwards. Why a power cut at any instant loses nothing: a rename
//! happens only after the data it names is on disk (round 1), so every file
//! holds its old content or its new one, never a torn one; before round 2
//! ends any subset of the renames may have reached the disk, which is what a
//! crash between two messages' writes leaves today, and is repaired the same
//! way (no message of the group has its done marker, so each is handled
//! again, idempotently); a commit point is renamed only once everything
//! else is durable, so an outbox item never exists (and is never sent)
//! while the effects it acknowledges could still vanish.
//!
//! While a group is entered on a thread ([`Group::enter`]), the store's
//! writes on that thread are staged in memory, and its reads ([`super::read_bytes`],
//! `list_names`, [`super::path_exists`]) see the staged content: the
//! messages of a group read what the earlier ones wrote, as they would
//! without it. Other threads (the outbox, the clock loop, the web pages)
//! see the files on disk, i.e. only what is committed. A game locked inside
//! a group ([`super::GameDir::lock`]) stays locked until the commit, so no
//! other writer reads the game before its staged changes are on disk. A
//! group dropped without a commit leaves the disk as it was.
//!
//! A *dry* group ([`Group::dry`]) is never committed: handling a message in
//! it writes nothing at all (not even a folder), and the folders it hides
//! (the archive and the outbox, for `arbitre orders check`) look empty but
//! for what it staged there: the message is handled as a new one and its
//! replies are exactly what the group staged.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::game::GameLock;

/// At most this many threads fsync the files of one commit at once.
const SYNC_THREADS: usize = 32;

/// A run of writes made durable together (see the module's documentation).
/// Cheap to clone: clones are the same group (several threads may enter it).
#[derive(Clone, Default)]
pub struct Group {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// The latest staged operation on each path (an earlier write to the
    /// same path is superseded: only the last content matters).
    ops: BTreeMap<PathBuf, Op>,
    /// Paths in the order they were first staged.
    order: Vec<PathBuf>,
    /// Folders created meanwhile, whose parents are fsynced at the commit.
    created: BTreeSet<PathBuf>,
    /// Game locks taken inside the group, held until the commit.
    locks: BTreeMap<PathBuf, GameLock>,
    /// Written durably before any staged file is renamed, removed at the
    /// end of the commit (see the module's documentation).
    intent: Option<(PathBuf, Arc<[u8]>)>,
    /// Never committed: no folder created, no lock taken.
    dry: bool,
    /// Folders whose files on disk this (dry) group does not see.
    hidden: Vec<PathBuf>,
}

#[derive(Clone)]
enum Op {
    Write { bytes: Arc<[u8]>, no_clobber: bool, round: Round },
    Remove,
}

/// When a staged write is renamed to its name (see the module's
/// documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Round {
    /// Round 2: an effect.
    Effect,
    /// Round 3: a commit point, once every effect is durable.
    Point,
    /// Round 4: once every commit point is durable.
    Final,
    /// Round 5: once every final write is durable (a message's archived
    /// copy with its passwords masked: only once nothing can make the
    /// message be handled again).
    Scrub,
}

thread_local! {
    static CURRENT: RefCell<Option<Group>> = const { RefCell::new(None) };
}

impl std::fmt::Debug for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.lock();
        f.debug_struct("Group").field("staged", &inner.ops.len()).field("locks", &inner.locks.len()).finish()
    }
}

impl Group {
    pub fn new() -> Group {
        Group::default()
    }

    /// A group that is never committed (see the module's documentation),
    /// which does not see the files on disk under `hidden`.
    pub fn dry(hidden: Vec<PathBuf>) -> Group {
        let group = Group::default();
        {
            let mut inner = group.lock();
            inner.dry = true;
            inner.hidden = hidden;
        }
        group
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs `f` with the store's writes on this thread staged in this group.
    pub fn enter<T>(&self, f: impl FnOnce() -> T) -> T {
        let _restore = install(Some(self.clone()));
        f()
    }

    /// How many files are staged (written or removed).
    pub fn staged(&self) -> usize {
        self.lock().ops.len()
    }

    /// Makes `bytes` the group's intent at `path` (see the module's
    /// documentation): durable before any other file of the group is
    /// renamed, removed once the commit's last round is durable. A dry group
    /// ignores it.
    pub fn set_intent(&self, path: PathBuf, bytes: &[u8]) {
        let mut inner = self.lock();
        if !inner.dry {
            inner.intent = Some((path, Arc::from(bytes)));
        }
    }

    /// The ids of the games whose locks the group holds (the names of the
    /// folders of their lock files), sorted.
    pub fn locked_games(&self) -> Vec<String> {
        let inner = self.lock();
        inner.locks.keys().filter_map(|p| p.parent()?.file_name()?.to_str().map(str::to_string)).collect()
    }

    /// Makes every staged write durable (four rounds of parallel fsyncs,
    /// see the module's documentation), removes the intent, then releases
    /// the game locks taken inside the group. On an error, what was renamed stays renamed (each
    /// file whole), the rest is dropped, and the locks are released too:
    /// the caller acknowledges nothing of the group and handles its messages
    /// again. Returns how many files were written or removed.
    pub fn commit(self) -> io::Result<usize> {
        let (ops, order, created, locks, intent) = {
            let mut inner = self.lock();
            if inner.dry {
                return Err(io::Error::other("a dry write group is never committed"));
            }
            (
                std::mem::take(&mut inner.ops),
                std::mem::take(&mut inner.order),
                std::mem::take(&mut inner.created),
                std::mem::take(&mut inner.locks),
                inner.intent.take(),
            )
        };
        let result = commit_ops(ops, order, created, intent.as_ref().map(|(p, b)| (p.as_path(), &b[..])));
        // Removed only when this commit wrote it (a group with nothing to
        // write writes no intent).
        if let (Ok((_, true)), Some((path, _))) = (&result, &intent) {
            // Not fsynced: a record that comes back after a power cut names
            // messages whose markers are all durable, and finishing it
            // changes nothing.
            if let Err(e) = fs::remove_file(path) {
                if e.kind() != io::ErrorKind::NotFound {
                    tracing::warn!(path = %path.display(), error = %e, "a committed group's intent could not be removed");
                }
            }
        }
        drop(locks);
        result.map(|(n, _)| n)
    }
}

/// A file of round 1: a staged content, or the group's intent.
enum Early<'a> {
    Staged(&'a Path, &'a [u8]),
    Intent(&'a Path, &'a [u8]),
}

fn commit_ops(
    mut ops: BTreeMap<PathBuf, Op>,
    order: Vec<PathBuf>,
    created: BTreeSet<PathBuf>,
    intent: Option<(&Path, &[u8])>,
) -> io::Result<(usize, bool)> {
    let staged: Vec<(PathBuf, Op)> = order.into_iter().filter_map(|p| ops.remove(&p).map(|op| (p, op))).collect();
    if staged.is_empty() && created.is_empty() {
        return Ok((0, false));
    }
    // Round 1: every new content in a temporary file beside its name,
    // fsynced; and the intent written in full (its folder fsynced), before
    // any rename of the group.
    let mut early: Vec<Early> =
        staged.iter().filter(|(_, op)| matches!(op, Op::Write { .. })).map(|(p, op)| Early::Staged(p.as_path(), op_bytes(op))).collect();
    early.extend(intent.map(|(p, b)| Early::Intent(p, b)));
    let temps = parallel(&early, |job| match job {
        Early::Staged(path, bytes) => {
            let dir = super::parent_of(path)?;
            let mut tmp = super::temp_in(dir)?;
            tmp.write_all(bytes)?;
            tmp.as_file().sync_all()?;
            Ok(Some(tmp))
        }
        Early::Intent(path, bytes) => ungrouped(|| super::write_atomic(path, bytes)).map(|()| None),
    })?;
    let mut temps: BTreeMap<&Path, tempfile::NamedTempFile> = early
        .iter()
        .zip(temps)
        .filter_map(|(job, tmp)| match (job, tmp) {
            (Early::Staged(p, _), Some(tmp)) => Some((*p, tmp)),
            _ => None,
        })
        .collect();
    // Round 2: renames and removals, then their folders (and the parents of
    // created folders).
    let mut dirs: BTreeSet<PathBuf> = created.iter().filter_map(|d| d.parent().map(Path::to_path_buf)).collect();
    let (mut points, mut finals, mut scrubs): (Vec<&Path>, Vec<&Path>, Vec<&Path>) = (Vec::new(), Vec::new(), Vec::new());
    for (path, op) in &staged {
        match op {
            Op::Write { round: Round::Point, .. } => points.push(path),
            Op::Write { round: Round::Final, .. } => finals.push(path),
            Op::Write { round: Round::Scrub, .. } => scrubs.push(path),
            Op::Write { .. } => {
                let tmp = temps.remove(path.as_path()).ok_or_else(|| io::Error::other("staged file lost"))?;
                persist(tmp, path, op)?;
                dirs.insert(super::parent_of(path)?.to_path_buf());
            }
            Op::Remove => match fs::remove_file(path) {
                Ok(()) => {
                    dirs.insert(super::parent_of(path)?.to_path_buf());
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            },
        }
    }
    sync_dirs(&dirs)?;
    // Round 3: the commit points. Round 4: the final writes. Round 5: the
    // scrubbed copies.
    for round in [points, finals, scrubs] {
        if round.is_empty() {
            continue;
        }
        let mut dirs = BTreeSet::new();
        for path in round {
            let tmp = temps.remove(path).ok_or_else(|| io::Error::other("staged file lost"))?;
            let op = staged.iter().find(|(p, _)| p == path).map(|(_, op)| op).ok_or_else(|| io::Error::other("staged file lost"))?;
            persist(tmp, path, op)?;
            dirs.insert(super::parent_of(path)?.to_path_buf());
        }
        sync_dirs(&dirs)?;
    }
    Ok((staged.len(), intent.is_some()))
}

fn op_bytes(op: &Op) -> &[u8] {
    match op {
        Op::Write { bytes, .. } => bytes,
        Op::Remove => &[],
    }
}

/// Renames a fsynced temporary file over `path` (never over an existing
/// file for a no-clobber write: the first copy wins).
fn persist(tmp: tempfile::NamedTempFile, path: &Path, op: &Op) -> io::Result<()> {
    match op {
        Op::Write { no_clobber: true, .. } => match tmp.persist_noclobber(path) {
            Ok(_) => Ok(()),
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => Ok(()),
            Err(e) => Err(e.error),
        },
        _ => tmp.persist(path).map(drop).map_err(|e| e.error),
    }
}

fn sync_dirs(dirs: &BTreeSet<PathBuf>) -> io::Result<()> {
    let dirs: Vec<&PathBuf> = dirs.iter().collect();
    parallel(&dirs, |d| File::open(d)?.sync_all()).map(drop)
}

/// `f` over every item on up to [`SYNC_THREADS`] threads (fsyncs wait on
/// the disk, not on a core); the results in order, or the first error.
fn parallel<I: Sync, T: Send>(items: &[I], f: impl Fn(&I) -> io::Result<T> + Sync) -> io::Result<Vec<T>> {
    if items.len() <= 1 {
        return items.iter().map(&f).collect();
    }
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<io::Result<T>>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..SYNC_THREADS.min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { return };
                *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(f(item));
            });
        }
    });
    slots
        .into_iter()
        .map(|s| s.into_inner().unwrap_or_else(|p| p.into_inner()).unwrap_or_else(|| Err(io::Error::other("a commit thread stopped"))))
        .collect()
}

/// Runs `f` with this thread's writes going straight to disk, even inside
/// a group (moves of outbox items, which a group does not stage).
pub fn ungrouped<T>(f: impl FnOnce() -> T) -> T {
    let _restore = install(None);
    f()
}

/// Puts the previous group of this thread back when dropped.
struct Restore(Option<Group>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// Makes `group` this thread's group until the returned value is dropped.
fn install(group: Option<Group>) -> Restore {
    Restore(CURRENT.with(|c| c.replace(group)))
}

fn current() -> Option<Group> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Stages a write when this thread is in a group: `None` when it is not
/// (write it now), else whether it was staged (`false`: a no-clobber write
/// to a path that exists).
pub(super) fn stage_write(path: &Path, bytes: &[u8], no_clobber: bool, round: Round) -> Option<bool> {
    let group = current()?;
    if no_clobber && staged_or_on_disk(&group, path) {
        return Some(false);
    }
    let mut inner = group.lock();
    if !inner.ops.contains_key(path) {
        inner.order.push(path.to_path_buf());
    }
    let no_clobber = no_clobber || matches!(inner.ops.get(path), Some(Op::Write { no_clobber: true, .. }));
    inner.ops.insert(path.to_path_buf(), Op::Write { bytes: Arc::from(bytes), no_clobber, round });
    Some(true)
}

/// Stages a removal when this thread is in a group: `None` when it is not,
/// else whether there was a file.
pub(super) fn stage_remove(path: &Path) -> Option<bool> {
    let group = current()?;
    let existed = staged_or_on_disk(&group, path);
    let mut inner = group.lock();
    if !inner.ops.contains_key(path) {
        inner.order.push(path.to_path_buf());
    }
    inner.ops.insert(path.to_path_buf(), Op::Remove);
    Some(existed)
}

fn staged_or_on_disk(group: &Group, path: &Path) -> bool {
    let inner = group.lock();
    match inner.ops.get(path) {
        Some(Op::Write { .. }) => true,
        Some(Op::Remove) => false,
        None => !inner.hides(path) && path.exists(),
    }
}

impl Inner {
    fn hides(&self, path: &Path) -> bool {
        self.hidden.iter().any(|h| path.starts_with(h))
    }
}

/// Whether this thread is in a dry group (nothing may be written).
pub(super) fn in_dry_group() -> bool {
    current().is_some_and(|g| g.lock().dry)
}

/// What this thread's group holds for `path`: `None` when nothing is staged
/// there (read the disk), `Some(None)` when it is removed, else its content.
pub(super) fn staged_content(path: &Path) -> Option<Option<Vec<u8>>> {
    let group = current()?;
    let inner = group.lock();
    match inner.ops.get(path) {
        Some(Op::Write { bytes, .. }) => Some(Some(bytes.to_vec())),
        Some(Op::Remove) => Some(None),
        None if inner.hides(path) => Some(None),
        None => None,
    }
}

/// Adjusts the names listed in `dir` for what this thread's group staged
/// there (written files added, removed ones dropped).
pub(super) fn staged_names(dir: &Path, names: &mut Vec<String>) {
    let Some(group) = current() else { return };
    let inner = group.lock();
    if inner.hides(dir) {
        names.clear();
    }
    let mut changed = false;
    for (path, op) in inner.ops.range(dir.to_path_buf()..) {
        if !path.starts_with(dir) {
            break;
        }
        if path.parent() != Some(dir) {
            continue;
        }
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        match op {
            Op::Write { .. } if !names.iter().any(|n| n == name) => {
                names.push(name.to_string());
                changed = true;
            }
            Op::Remove => {
                names.retain(|n| n != name);
            }
            Op::Write { .. } => {}
        }
    }
    if changed {
        names.sort();
    }
}

/// Notes a folder created inside a group: its parent is fsynced at the
/// commit. `false` when this thread is not in a group (fsync it now).
pub(super) fn note_created_dir(dir: &Path) -> bool {
    let Some(group) = current() else { return false };
    group.lock().created.insert(dir.to_path_buf());
    true
}

/// Takes a game's lock for this thread's group, held until the commit
/// (once per game: a second `lock` of the same game in the group returns at
/// once). `None` when this thread is not in a group.
pub(super) fn hold_lock(path: &Path, take: impl FnOnce() -> Result<GameLock, super::StoreError>) -> Option<Result<GameLock, super::StoreError>> {
    let group = current()?;
    let held = {
        let inner = group.lock();
        // A dry group writes nothing: it reads as any reader does.
        inner.dry || inner.locks.contains_key(path)
    };
    if held {
        return Some(Ok(GameLock::held_by_group(path)));
    }
    Some(take().map(|lock| {
        group.lock().locks.insert(path.to_path_buf(), lock);
        GameLock::held_by_group(path)
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{list_names, path_exists, read_bytes, write_atomic, write_atomic_last, Store};
    use super::*;

    #[test]
    fn staged_writes_are_read_back_in_the_group_and_reach_the_disk_only_at_the_commit() {
        let d = tempfile::tempdir().unwrap();
        let (a, b) = (d.path().join("a.json"), d.path().join("b.json"));
        write_atomic(&a, b"old").unwrap();
        let group = Group::new();
        group.enter(|| {
            write_atomic(&a, b"new").unwrap();
            write_atomic(&b, b"one").unwrap();
            write_atomic(&b, b"two").unwrap();
            assert_eq!(read_bytes(&a).unwrap().unwrap(), b"new");
            assert_eq!(read_bytes(&b).unwrap().unwrap(), b"two");
            assert!(path_exists(&b));
            assert_eq!(list_names(d.path()).unwrap(), vec!["a.json".to_string(), "b.json".to_string()]);
        });
        // Outside the group (another reader): the disk as it was.
        assert_eq!(fs::read(&a).unwrap(), b"old");
        assert!(!b.exists());
        assert_eq!(group.staged(), 2);
        assert_eq!(group.commit().unwrap(), 2);
        assert_eq!(fs::read(&a).unwrap(), b"new");
        assert_eq!(fs::read(&b).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(d.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
    }

    #[test]
    fn a_group_dropped_without_its_commit_changes_nothing() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        let g = s.game("g").unwrap();
        g.write_orders(1, "A", &1).unwrap();
        let group = Group::new();
        group.enter(|| {
            g.write_orders(1, "B", &2).unwrap();
            assert!(g.remove_orders(1, "A").unwrap());
            assert_eq!(g.read_orders::<u32>(1).unwrap().into_iter().collect::<Vec<_>>(), vec![("B".to_string(), 2)]);
            s.outbox().enqueue("ack-1", "r@x", &["p@x".to_string()], b"X").unwrap();
            assert_eq!(s.outbox().state_of("ack-1").unwrap(), Some(super::super::OutboxState::New));
        });
        drop(group);
        assert_eq!(g.read_orders::<u32>(1).unwrap().into_iter().collect::<Vec<_>>(), vec![("A".to_string(), 1)]);
        assert_eq!(s.outbox().state_of("ack-1").unwrap(), None);
        assert!(s.outbox().due("2026-01-01T00:00:00Z".parse().unwrap()).unwrap().is_empty());
    }

    #[test]
    fn a_commit_point_is_not_written_when_an_earlier_write_of_the_group_fails() {
        let d = tempfile::tempdir().unwrap();
        let effect = d.path().join("orders.json");
        let point = d.path().join("item.json");
        let group = Group::new();
        group.enter(|| {
            write_atomic_last(&point, b"{}").unwrap();
            write_atomic(&effect, b"{}").unwrap();
        });
        // The effect cannot be renamed (a folder stands at its name).
        fs::create_dir(&effect).unwrap();
        fs::write(effect.join("x"), b"").unwrap();
        assert!(group.commit().is_err());
        assert!(!point.exists(), "the commit point was written although an effect it acknowledges failed");
        let names: Vec<_> = fs::read_dir(d.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "temporary files removed: {names:?}");
    }

    #[test]
    fn the_intent_is_durable_before_any_rename_and_final_writes_follow_the_commit_points() {
        let d = tempfile::tempdir().unwrap();
        let (effect, point, fin, intent) = (d.path().join("orders.json"), d.path().join("item.json"), d.path().join("k.done.json"), d.path().join("run.json"));
        let stage = |group: &Group| {
            group.enter(|| {
                super::super::write_atomic_final(&fin, b"done").unwrap();
                write_atomic_last(&point, b"{}").unwrap();
                write_atomic(&effect, b"{}").unwrap();
            });
            group.set_intent(intent.clone(), b"the run");
        };
        // A rename of round 2 fails (a folder stands at the effect's name):
        // the intent is already on disk, nothing of rounds 3 and 4 is.
        let group = Group::new();
        stage(&group);
        fs::create_dir(&effect).unwrap();
        fs::write(effect.join("x"), b"").unwrap();
        assert!(group.commit().is_err());
        assert_eq!(fs::read(&intent).unwrap(), b"the run", "the intent was not written before the renames");
        assert!(!point.exists() && !fin.exists());
        // A commit point cannot be renamed: the final write is not made.
        fs::remove_dir_all(&effect).unwrap();
        fs::create_dir(&point).unwrap();
        fs::write(point.join("x"), b"").unwrap();
        let group = Group::new();
        stage(&group);
        assert!(group.commit().is_err());
        assert!(effect.exists() && !fin.exists(), "a final write went before a commit point");
        // The same, committed: every file written, the intent removed.
        fs::remove_dir_all(&point).unwrap();
        let group = Group::new();
        stage(&group);
        group.commit().unwrap();
        assert_eq!(fs::read(&fin).unwrap(), b"done");
        assert!(point.exists() && effect.exists());
        assert!(!intent.exists(), "the intent outlived its commit");
        // A group with nothing to write writes no intent, and removes none.
        fs::write(&intent, b"another run's").unwrap();
        let group = Group::new();
        group.set_intent(intent.clone(), b"the run");
        assert_eq!(group.commit().unwrap(), 0);
        assert_eq!(fs::read(&intent).unwrap(), b"another run's");
    }

    #[test]
    fn a_dry_group_writes_nothing_and_sees_its_hidden_folders_empty_but_for_what_it_staged() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path().join("data")).unwrap();
        let g = s.game("g").unwrap();
        g.write_orders(1, "A", &1).unwrap();
        s.outbox().enqueue("report-1", "r@x", &["p@x".to_string()], b"R").unwrap();
        let before = crate::store::tests::tree(d.path());
        let group = Group::dry(vec![s.outbox_dir()]);
        group.enter(|| {
            // A folder that does not exist is not made.
            g.write_orders(2, "A", &2).unwrap();
            assert_eq!(g.read_orders::<u32>(2).unwrap().into_iter().collect::<Vec<_>>(), vec![("A".to_string(), 2)]);
            assert_eq!(g.read_orders::<u32>(1).unwrap().len(), 1, "what is not hidden is read");
            assert_eq!(s.outbox().state_of("report-1").unwrap(), None, "the hidden outbox looks empty");
            assert_eq!(s.outbox().enqueue("report-1", "r@x", &["p@x".to_string()], b"again").unwrap(), super::super::Enqueued::Queued);
            assert_eq!(s.outbox().list(super::super::OutboxState::New).unwrap().len(), 1);
            assert_eq!(s.outbox().raw("report-1").unwrap().unwrap(), b"again");
            drop(g.lock().unwrap());
        });
        assert!(group.commit().is_err(), "a dry group is never committed");
        assert_eq!(crate::store::tests::tree(d.path()), before, "the disk changed");
    }

    #[test]
    fn a_game_locked_in_a_group_stays_locked_until_the_commit() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        let g = s.game("g").unwrap();
        let group = Group::new();
        group.enter(|| {
            let first = g.lock().unwrap();
            drop(first);
            // Locking again inside the group does not wait for itself.
            let again = g.lock_timeout(std::time::Duration::ZERO).unwrap();
            drop(again);
            g.write_game(&serde_json::json!({"turn": 2})).unwrap();
        });
        let other = std::thread::spawn({
            let g = g.clone();
            move || g.lock_timeout(std::time::Duration::ZERO).is_ok()
        });
        assert!(!other.join().unwrap(), "another writer took the game before the commit");
        group.commit().unwrap();
        assert!(g.lock_timeout(std::time::Duration::ZERO).is_ok());
        assert_eq!(g.read_game::<serde_json::Value>().unwrap(), Some(serde_json::json!({"turn": 2})));
    }
}
