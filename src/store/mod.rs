//! The durable store: plain files under one data directory, every write
//! atomic and crash-safe, so that a referee can read, back up and `git` them.
//! There is no database.
//!
//! # Layout
//!
//! ```text
//! <data>/archive/<key>.eml          every raw message received, written before anything
//!                                    else is done with it; key = the sanitised Message-ID and
//!                                    a digest of its content (`ArchiveKey::for_message`; or
//!                                    `nomid=<sha256>` of the bytes when there is none); its
//!                                    passwords masked once its done marker is durable
//! <data>/archive/<key>.done.json    processing marker with a JSON outcome summary, written last
//! <data>/daemon.lock                held by the running daemon (one per data directory)
//! <data>/intake-run.json            the run of messages being committed (`RunRecord`):
//!                                    found on disk with no commit under way, its run
//!                                    was interrupted and is finished before its games change
//! <data>/outbox/tmp/                 scratch space (never read)
//! <data>/outbox/new/<id>.eml         mail waiting to be sent ...
//! <data>/outbox/new/<id>.json        ... and its meta: attempts, next_attempt, last_error,
//!                                    recipients, envelope_from. The `.json` is the commit
//!                                    point: an item exists in a state when its meta is there.
//! <data>/outbox/cur/<id>.{eml,json}  sent (the server accepted it)
//! <data>/outbox/failed/<id>.{eml,json}  given up (permanent failure)
//! <data>/games/<game-id>/game.json  the game's metadata (the referee module's type)
//! <data>/games/<game-id>/lock       the game's lock file (flock, between processes)
//! <data>/games/<game-id>/turns/<NNNN>/state.json     state at the start of turn N: immutable
//! <data>/games/<game-id>/turns/<NNNN>/orders/<family>.json  the family's latest accepted
//!                                    submission for turn N (replaced atomically)
//! <data>/games/<game-id>/turns/<NNNN>/{events.json, audit.jsonl, chronicle.txt, chronicle.html}
//! <data>/games/<game-id>/turns/<NNNN>/reports/<family>/{report.txt, report.html, map.svg, map.png}
//! <data>/games/<game-id>/rolled-back/after-<NNNN>-<k>/<MMMM>/   turns moved aside by a rollback
//! ```
//!
//! `<NNNN>` is the turn number on at least four digits (`0000`, `0012`).
//! `<family>` is the family key made a file name: ASCII letters and digits
//! kept, a space written `_`, every other byte `%XX` (`HOUSE_ATREIDES`,
//! `D%27ARTAGNAN`); [`family_file_name`] and [`family_from_file_name`] convert.
//!
//! # Guarantees
//!
//! - [`write_atomic`]: a reader (or the next process after a crash) sees the
//!   old content or the new one, never a mix: temporary file in the same
//!   directory, write, fsync, rename, fsync the directory.
//! - A turn's `state.json` is written once; writing identical bytes again is
//!   a no-op (so a re-run after a crash is harmless), different bytes an error.
//! - The outbox is idempotent by id: enqueueing an id already queued, sent or
//!   failed does nothing, so a restart that redoes its work sends nothing
//!   twice. A crash between the SMTP server's acceptance and
//!   [`Outbox::mark_sent`] can still send one mail twice (at-least-once):
//!   no store can close that window without the server's cooperation.
//! - Temporary files start with `.` and end with `.tmp`; readers skip them.
//!
//! Time is never read here: callers pass `jiff::Timestamp`s in.

mod deferred;
mod game;
mod group;
mod outbox;
mod run;

pub use deferred::Deferred;
pub use game::{GameDir, GameLock, DEFAULT_LOCK_TIMEOUT};
pub use group::{ungrouped, Group};
pub use outbox::{Backoff, Enqueued, Outbox, OutboxItem, OutboxMeta, OutboxState};
pub use run::{RunMessage, RunRecord};

use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What can go wrong in the store. Every variant names the file concerned.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: invalid JSON: {source}", path.display())]
    Json { path: PathBuf, source: serde_json::Error },
    #[error("{}: already written with different content (a turn's state is immutable)", path.display())]
    Immutable { path: PathBuf },
    #[error("{}: still locked by another process after {waited:?}", path.display())]
    LockTimeout { path: PathBuf, waited: Duration },
    #[error("invalid {what} {name:?}: {why}")]
    InvalidName { what: &'static str, name: String, why: &'static str },
    #[error("{}: not found", path.display())]
    NotFound { path: PathBuf },
    #[error("game {game:?}: messages for this game were being recorded when the daemon stopped (or its disk failed); the daemon finishes them as soon as it runs (`arbitre serve`) and can write, and only then can the game change")]
    UnfinishedRun { game: String },
}

impl StoreError {
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        let path = path.into();
        move |source| StoreError::Io { path, source }
    }
}

/// Permissions of files the store writes: the daemon's user alone (0600),
/// whatever the umask: `game.json` holds password hashes, the outbox and
/// the archive hold players' mail; folders are 0700 ([`create_dir_private`]).
#[cfg(unix)]
fn file_permissions() -> fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    fs::Permissions::from_mode(0o600)
}

/// Options that create a file readable and writable by the daemon's user
/// alone (0600; the umask can only take bits away).
pub fn private_file_options() -> fs::OpenOptions {
    #[allow(unused_mut)]
    let mut o = fs::OpenOptions::new();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    o
}

/// Creates one folder, readable by the daemon's user alone (0700).
pub fn create_dir_private(dir: &Path) -> io::Result<()> {
    #[allow(unused_mut)]
    let mut b = fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir)
}

/// Creates `dir` and its missing parents, each readable by the daemon's
/// user alone (0700), without fsyncing (mail folders of the transport).
pub fn create_dir_all_private(dir: &Path) -> io::Result<()> {
    #[allow(unused_mut)]
    let mut b = fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir)
}

fn temp_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(".").suffix(".tmp");
    #[cfg(unix)]
    b.permissions(file_permissions());
    b.tempfile_in(dir)
}

fn parent_of(path: &Path) -> io::Result<&Path> {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => Ok(p),
        Some(_) => Ok(Path::new(".")),
        None => Err(io::Error::new(io::ErrorKind::InvalidInput, "path has no parent directory")),
    }
}

/// Whether a file (or folder) exists at `path`, as this thread's
/// [`Group`] sees it when it is in one.
pub fn path_exists(path: &Path) -> bool {
    match group::staged_content(path) {
        Some(staged) => staged.is_some(),
        None => path.exists(),
    }
}

/// Fsyncs a file.
pub fn sync_file(file: &File) -> io::Result<()> {
    file.sync_all()
}

/// Fsyncs a directory, so that a rename or a creation inside it is durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Creates `dir` and its missing parents, fsyncing each parent that gained
/// an entry, so the new directories survive a crash.
pub fn create_dir_all_durable(dir: &Path) -> io::Result<()> {
    // A dry group creates nothing: its files are staged in memory anyway.
    if dir.is_dir() || group::in_dry_group() {
        return Ok(());
    }
    if let Some(parent) = dir.parent() {
        if !parent.as_os_str().is_empty() {
            create_dir_all_durable(parent)?;
        }
    }
    match create_dir_private(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => return Ok(()),
        Err(e) => return Err(e),
    }
    // In a group, the new folder is made durable with the group's writes.
    if group::note_created_dir(dir) {
        return Ok(());
    }
    sync_dir(parent_of(dir)?)
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory is written and fsynced, renamed over `path`, and the directory
/// fsynced. After a crash at any instant `path` holds the old content or the
/// new one. The directory must exist. Inside a [`Group`], staged until the
/// group's commit.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if group::stage_write(path, bytes, false, group::Round::Effect).is_some() {
        return Ok(());
    }
    let dir = parent_of(path)?;
    let mut tmp = temp_in(dir)?;
    tmp.write_all(bytes)?;
    sync_file(tmp.as_file())?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Like [`write_atomic`], but never replaces an existing file: returns
/// `Ok(false)` (and writes nothing) when `path` already exists.
pub fn write_new_atomic(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    if let Some(staged) = group::stage_write(path, bytes, true, group::Round::Effect) {
        return Ok(staged);
    }
    let dir = parent_of(path)?;
    let mut tmp = temp_in(dir)?;
    tmp.write_all(bytes)?;
    sync_file(tmp.as_file())?;
    match tmp.persist_noclobber(path) {
        Ok(_) => {}
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(e.error),
    }
    sync_dir(dir)?;
    Ok(true)
}

/// Like [`write_atomic`], for a commit point (an outbox item's meta, which
/// makes the item exist): inside a [`Group`], renamed only once every other
/// write of the group is durable.
pub fn write_atomic_last(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if group::stage_write(path, bytes, false, group::Round::Point).is_some() {
        return Ok(());
    }
    write_atomic(path, bytes)
}

/// Like [`write_atomic`], for what says the rest is done (a message's done
/// marker): inside a [`Group`], renamed only once the group's commit points
/// are durable.
pub fn write_atomic_final(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if group::stage_write(path, bytes, false, group::Round::Final).is_some() {
        return Ok(());
    }
    write_atomic(path, bytes)
}

/// Like [`write_atomic`], for what may replace a file only once the final
/// writes are durable (an archived message with its passwords masked, once
/// its done marker is): inside a [`Group`], renamed in the commit's last
/// round; outside one, written at once (the caller's final write is
/// durable already).
pub fn write_atomic_scrub(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if group::stage_write(path, bytes, false, group::Round::Scrub).is_some() {
        return Ok(());
    }
    write_atomic(path, bytes)
}

/// Serialises `value` as pretty JSON (with a final newline, friendly to
/// `git diff`).
pub fn to_json_bytes<T: Serialize + ?Sized>(path: &Path, value: &T) -> Result<Vec<u8>, StoreError> {
    let mut bytes =
        serde_json::to_vec_pretty(value).map_err(|source| StoreError::Json { path: path.to_path_buf(), source })?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Writes `value` as pretty JSON to `path` with [`write_atomic_last`].
pub fn write_json_atomic_last<T: Serialize + ?Sized>(path: &Path, value: &T) -> Result<(), StoreError> {
    let bytes = to_json_bytes(path, value)?;
    write_atomic_last(path, &bytes).map_err(StoreError::io(path))
}

/// Writes `value` as pretty JSON to `path` with [`write_atomic`].
pub fn write_json_atomic<T: Serialize + ?Sized>(path: &Path, value: &T) -> Result<(), StoreError> {
    let bytes = to_json_bytes(path, value)?;
    write_atomic(path, &bytes).map_err(StoreError::io(path))
}

/// Reads a file, `None` if it does not exist (inside a [`Group`], what the
/// group staged there).
pub fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, StoreError> {
    if let Some(staged) = group::staged_content(path) {
        return Ok(staged);
    }
    match fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StoreError::Io { path: path.to_path_buf(), source: e }),
    }
}

/// Reads JSON from `path`, `None` if the file does not exist.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<Option<T>, StoreError> {
    match read_bytes(path)? {
        None => Ok(None),
        Some(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|source| StoreError::Json { path: path.to_path_buf(), source }),
    }
}

/// Checks a name used as one path component (a game id, an outbox id):
/// non-empty, at most 200 bytes, no `/`, no NUL, not starting with `.`.
pub(crate) fn check_component(what: &'static str, name: &str, allowed: fn(char) -> bool) -> Result<(), StoreError> {
    let bad = |why| Err(StoreError::InvalidName { what, name: name.to_string(), why });
    if name.is_empty() {
        return bad("empty");
    }
    if name.len() > 200 {
        return bad("longer than 200 bytes");
    }
    if name.starts_with('.') {
        return bad("starts with a dot");
    }
    if !name.chars().all(allowed) {
        return bad("contains a character that is not allowed");
    }
    Ok(())
}

/// The file name (without extension) of a family key: ASCII letters and
/// digits kept, space as `_`, every other byte `%XX`. Reversible.
pub fn family_file_name(family: &str) -> Result<String, StoreError> {
    if family.is_empty() {
        return Err(StoreError::InvalidName { what: "family key", name: String::new(), why: "empty" });
    }
    let mut out = String::with_capacity(family.len());
    for b in family.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => out.push(b as char),
            b' ' => out.push('_'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    // 240 + ".json" stays within the 255 bytes of a file name.
    if out.len() > 240 {
        return Err(StoreError::InvalidName {
            what: "family key",
            name: family.to_string(),
            why: "longer than 240 bytes once encoded",
        });
    }
    Ok(out)
}

/// The family key of a file name made by [`family_file_name`]; `None` if the
/// name is not one of them.
pub fn family_from_file_name(name: &str) -> Option<String> {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'_' => out.push(b' '),
            b'%' => {
                let hex = name.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b @ (b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9') => out.push(b),
            _ => return None,
        }
        i += 1;
    }
    if out.is_empty() {
        return None;
    }
    String::from_utf8(out).ok()
}

/// A digest (16 hex digits) of what the author of a raw message wrote and
/// every copy of it keeps: the `From`, `Date`, `Subject`, `Message-ID`,
/// `To` and `Cc` headers (unfolded, trimmed) and the body (line ends made
/// LF, trailing white space dropped). The headers servers add on the way
/// (`Received:`, `Return-Path:`, `Delivered-To:`, `Authentication-Results:`
/// …) are left out, so a message delivered twice has one digest.
pub fn content_digest(raw: &[u8]) -> String {
    const KEPT: [&[u8]; 6] = [b"from", b"date", b"subject", b"message-id", b"to", b"cc"];
    // The header block ends at the first empty line.
    let mut end = raw.len();
    let mut start = 0;
    while let Some(n) = raw[start..].iter().position(|b| *b == b'\n') {
        let line = &raw[start..start + n];
        if line.is_empty() || line == b"\r" {
            end = start + n + 1;
            break;
        }
        start += n + 1;
    }
    let (head, body) = if end == raw.len() { (raw, &raw[raw.len()..]) } else { (&raw[..end], &raw[end..]) };
    let mut h = Sha256::new();
    h.update(b"arbitre-content-v1\0");
    let mut fields: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for line in head.split(|b| *b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l)) {
        if line.first().is_some_and(|b| *b == b' ' || *b == b'\t') {
            if let Some((_, v)) = fields.last_mut() {
                v.push(b' ');
                v.extend_from_slice(line.trim_ascii());
            }
            continue;
        }
        let Some(colon) = line.iter().position(|b| *b == b':') else {
            fields.push((Vec::new(), Vec::new()));
            continue;
        };
        fields.push((line[..colon].trim_ascii().to_ascii_lowercase(), line[colon + 1..].trim_ascii().to_vec()));
    }
    for (name, value) in fields.iter().filter(|(n, _)| KEPT.contains(&n.as_slice())) {
        h.update(name);
        h.update(b":");
        // Folding and runs of white space do not count.
        for (i, word) in value.split(u8::is_ascii_whitespace).filter(|w| !w.is_empty()).enumerate() {
            if i > 0 {
                h.update(b" ");
            }
            h.update(word);
        }
        h.update(b"\n");
    }
    h.update(b"\0");
    let mut body: Vec<u8> = body.iter().copied().filter(|b| *b != b'\r').collect();
    while body.last().is_some_and(u8::is_ascii_whitespace) {
        body.pop();
    }
    h.update(&body);
    hex::encode(&h.finalize()[..8])
}

/// The key of an archived message: the file name (without extension) under
/// `<data>/archive/`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ArchiveKey(String);

impl ArchiveKey {
    /// The key of a message: its Message-ID and a digest of what its author
    /// wrote ([`content_digest`]), `<id>=<digest>`. The Message-ID is chosen
    /// by the sender, so it alone cannot tell two messages apart: a stranger
    /// who sends a mail under the Message-ID a player's client will use would
    /// otherwise have the player's orders dropped as a duplicate. The same
    /// message delivered again (the same bytes, or a copy with other
    /// `Received:` lines) keeps its key.
    ///
    /// A Message-ID (angle brackets and surrounding space dropped) made only
    /// of `[A-Za-z0-9._@+-]`, not starting with a dot and at most 150 bytes
    /// long is written as it is; any other one is sanitised and suffixed with
    /// `=` and a hash of the whole ID, so two IDs never share a key. Without
    /// a Message-ID (or with an empty one) the key is `nomid=` and the
    /// SHA-256 of the raw bytes.
    pub fn for_message(message_id: Option<&str>, raw: &[u8]) -> ArchiveKey {
        match ArchiveKey::of_id(message_id, raw) {
            (key, true) => ArchiveKey(format!("{}={}", key.0, content_digest(raw))),
            (key, false) => key,
        }
    }

    /// The key earlier versions gave a message (its Message-ID alone);
    /// [`Store::archive_raw`] still recognises a message archived under it.
    fn legacy(message_id: Option<&str>, raw: &[u8]) -> ArchiveKey {
        ArchiveKey::of_id(message_id, raw).0
    }

    /// The key made of the Message-ID (`true`), or of the raw bytes when
    /// there is none (`false`).
    fn of_id(message_id: Option<&str>, raw: &[u8]) -> (ArchiveKey, bool) {
        let id =
            message_id.map(|m| m.trim().trim_start_matches('<').trim_end_matches('>').trim()).filter(|m| !m.is_empty());
        let Some(id) = id else {
            return (ArchiveKey(format!("nomid={}", hex::encode(Sha256::digest(raw)))), false);
        };
        let clean = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '@' | '+' | '-');
        if id.len() <= 150 && !id.starts_with('.') && id.chars().all(clean) {
            return (ArchiveKey(id.to_string()), true);
        }
        let mut s: String = id.chars().map(|c| if clean(c) { c } else { '_' }).take(100).collect();
        if s.starts_with('.') {
            s.replace_range(0..1, "_");
        }
        let h = hex::encode(Sha256::digest(id.as_bytes()));
        (ArchiveKey(format!("{s}={}", &h[..16])), true)
    }

    /// A key read back from a file name or from the lead's records.
    pub fn from_string(s: impl Into<String>) -> Result<ArchiveKey, StoreError> {
        let s = s.into();
        check_component("archive key", &s, |c| {
            c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '@' | '+' | '-' | '=')
        })?;
        Ok(ArchiveKey(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ArchiveKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The data directory. Cheap to clone; holds no open file.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
    backoff: Backoff,
}

impl Store {
    /// Opens (creating if needed) the data directory and its `archive/`,
    /// `outbox/` and `games/` subdirectories, and repairs the outbox after a
    /// crash (see [`Outbox::recover`]).
    pub fn open(data_dir: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let store = Store { root: data_dir.into(), backoff: Backoff::default() };
        for dir in [store.archive_dir(), store.games_dir()] {
            create_dir_all_durable(&dir).map_err(StoreError::io(&dir))?;
        }
        store.close_root();
        store.outbox().open_dirs()?;
        Ok(store)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A data directory made by an earlier version (0755, files 0640) is
    /// closed to everyone but its owner: its folder becomes 0700, which
    /// covers every file below. One that cannot be changed (owned by another
    /// user) is left as it is, with a warning.
    fn close_root(&self) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let Ok(meta) = fs::metadata(&self.root) else { return };
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 == 0 {
                return;
            }
            match fs::set_permissions(&self.root, fs::Permissions::from_mode(mode & 0o700)) {
                Ok(()) => tracing::info!(dir = %self.root.display(), "the data directory is now readable by its owner alone (0700)"),
                Err(e) => tracing::warn!(dir = %self.root.display(), error = %e, "the data directory is readable by others and could not be closed"),
            }
        }
    }

    pub fn archive_dir(&self) -> PathBuf {
        self.root.join("archive")
    }

    pub fn games_dir(&self) -> PathBuf {
        self.root.join("games")
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.root.join("outbox")
    }

    /// The path of an archived raw message.
    pub fn archive_path(&self, key: &ArchiveKey) -> PathBuf {
        self.archive_dir().join(format!("{}.eml", key.0))
    }

    /// The path of a message's processing marker.
    pub fn done_path(&self, key: &ArchiveKey) -> PathBuf {
        self.archive_dir().join(format!("{}.done.json", key.0))
    }

    /// Archives a raw message durably and returns its key. Idempotent: if a
    /// message with the same key is already archived, its file is kept as it
    /// is (the first copy wins: the same message delivered twice, with
    /// different `Received:` lines, is one message).
    pub fn archive_raw(&self, message_id: Option<&str>, raw: &[u8]) -> Result<ArchiveKey, StoreError> {
        let mut key = ArchiveKey::for_message(message_id, raw);
        let legacy = ArchiveKey::legacy(message_id, raw);
        if legacy != key && !path_exists(&self.archive_path(&key)) {
            // Archived by an earlier version under its Message-ID alone: the
            // same message (the same digest) keeps that key and its marker.
            if let Some(old) = read_bytes(&self.archive_path(&legacy))? {
                if content_digest(&old) == content_digest(raw) {
                    key = legacy;
                }
            }
        }
        let path = self.archive_path(&key);
        if !path_exists(&path) {
            write_new_atomic(&path, raw).map_err(StoreError::io(&path))?;
        }
        Ok(key)
    }

    /// Whether a message with this key is archived.
    pub fn is_archived(&self, key: &ArchiveKey) -> bool {
        self.archive_path(key).is_file()
    }

    /// The raw bytes of an archived message, `None` if there is none.
    pub fn read_archived(&self, key: &ArchiveKey) -> Result<Option<Vec<u8>>, StoreError> {
        read_bytes(&self.archive_path(key))
    }

    /// The processing marker of a message, `None` while it is not processed.
    pub fn archive_done(&self, key: &ArchiveKey) -> Result<Option<serde_json::Value>, StoreError> {
        read_json(&self.done_path(key))
    }

    /// Marks a message processed, with a summary of the outcome. Written
    /// last, after every effect of the message (orders, outbox) is durable:
    /// inside a [`Group`], in its final round.
    pub fn mark_done(&self, key: &ArchiveKey, outcome: &serde_json::Value) -> Result<(), StoreError> {
        let path = self.done_path(key);
        let bytes = to_json_bytes(&path, outcome)?;
        write_atomic_final(&path, &bytes).map_err(StoreError::io(&path))
    }

    /// Replaces an archived message by `bytes` (its passwords masked),
    /// once its done marker is durable ([`write_atomic_scrub`]).
    pub fn scrub_archived(&self, key: &ArchiveKey, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.archive_path(key);
        write_atomic_scrub(&path, bytes).map_err(StoreError::io(&path))
    }

    /// Archived messages that have no processing marker (to finish after a
    /// crash), sorted by key.
    pub fn undone_archive(&self) -> Result<Vec<ArchiveKey>, StoreError> {
        let dir = self.archive_dir();
        let mut out = Vec::new();
        for name in list_names(&dir)? {
            let Some(stem) = name.strip_suffix(".eml") else { continue };
            let Ok(key) = ArchiveKey::from_string(stem) else { continue };
            if !self.done_path(&key).exists() {
                out.push(key);
            }
        }
        out.sort();
        Ok(out)
    }

    /// The directory of game `id` (`[a-z0-9-]+`). Nothing is created yet.
    pub fn game(&self, id: &str) -> Result<GameDir, StoreError> {
        check_component("game id", id, |c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')?;
        Ok(GameDir::new(self.games_dir().join(id), id.to_string()))
    }

    /// The ids of the games that have a directory, sorted.
    pub fn list_games(&self) -> Result<Vec<String>, StoreError> {
        let dir = self.games_dir();
        let mut out: Vec<String> = list_names(&dir)?
            .into_iter()
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .filter(|n| dir.join(n).is_dir())
            .collect();
        out.sort();
        Ok(out)
    }

    /// The same store, whose [`Store::outbox`] retries with `backoff`
    /// (`config.outbox.backoff()`) instead of the default 1 min … 1 h.
    pub fn with_outbox_backoff(mut self, backoff: Backoff) -> Store {
        self.backoff = backoff;
        self
    }

    /// Takes `<data>/daemon.lock`, which one daemon holds for its whole
    /// life: a second daemon on the same data directory (which would send
    /// the outbox twice and adjudicate twice) fails to start. Zero
    /// `timeout`: try once. The CLI never takes it; it locks games.
    pub fn daemon_lock(&self, timeout: Duration) -> Result<GameLock, StoreError> {
        game::lock_file(self.root.join("daemon.lock"), timeout)
    }

    /// The outbox under `<data>/outbox/`.
    pub fn outbox(&self) -> Outbox {
        Outbox::new(self.outbox_dir()).with_backoff(self.backoff)
    }
}

/// The names of the entries of `dir` (UTF-8 only; temporary files and other
/// dot files skipped), empty if `dir` does not exist; inside a [`Group`],
/// with what the group staged there.
pub(crate) fn list_names(dir: &Path) -> Result<Vec<String>, StoreError> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let mut out = Vec::new();
            group::staged_names(dir, &mut out);
            return Ok(out);
        }
        Err(e) => return Err(StoreError::Io { path: dir.to_path_buf(), source: e }),
    };
    let mut out = Vec::new();
    for entry in rd {
        let entry = entry.map_err(StoreError::io(dir))?;
        if let Ok(name) = entry.file_name().into_string() {
            if !name.starts_with('.') {
                out.push(name);
            }
        }
    }
    out.sort();
    group::staged_names(dir, &mut out);
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every file and folder under `dir`, with each file's bytes.
    pub(crate) fn tree(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p.clone());
                    out.push((p, None));
                } else {
                    out.push((p.clone(), Some(fs::read(&p).unwrap())));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn write_atomic_replaces_and_leaves_no_temp_file() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("f.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(d.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("f.txt")]);
    }

    #[test]
    fn write_new_atomic_never_replaces() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("f");
        assert!(write_new_atomic(&p, b"one").unwrap());
        assert!(!write_new_atomic(&p, b"two").unwrap());
        assert_eq!(fs::read(&p).unwrap(), b"one");
    }

    #[test]
    fn read_json_of_a_missing_file_is_none_and_bad_json_names_the_file() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("x.json");
        assert_eq!(read_json::<serde_json::Value>(&p).unwrap(), None);
        fs::write(&p, b"{ not json").unwrap();
        let e = read_json::<serde_json::Value>(&p).unwrap_err();
        assert!(e.to_string().contains("x.json"), "{e}");
        write_json_atomic(&p, &serde_json::json!({"a": 1})).unwrap();
        assert_eq!(read_json::<serde_json::Value>(&p).unwrap(), Some(serde_json::json!({"a": 1})));
        assert!(fs::read_to_string(&p).unwrap().ends_with("}\n"));
    }

    #[test]
    fn family_file_names_round_trip_and_are_safe() {
        for fam in ["HOUSE ATREIDES", "D'ARTAGNAN", "MOLOGATAÏ", "a/b", "..", "x_y%z"] {
            let f = family_file_name(fam).unwrap();
            assert!(f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '%'), "{f}");
            assert_eq!(family_from_file_name(&f).as_deref(), Some(fam));
        }
        assert_eq!(family_file_name("HOUSE ATREIDES").unwrap(), "HOUSE_ATREIDES");
        assert_eq!(family_file_name("D'ARTAGNAN").unwrap(), "D%27ARTAGNAN");
        assert!(family_file_name("").is_err());
        assert_eq!(family_from_file_name("bad.name"), None);
        assert_eq!(family_from_file_name("%G0"), None);
    }

    #[test]
    fn archive_keys_are_message_ids_or_hashes_and_never_collide() {
        let k = ArchiveKey::for_message(Some("<20261129.abc@example.org>"), b"x");
        assert_eq!(k.as_str(), format!("20261129.abc@example.org={}", content_digest(b"x")));
        let a = ArchiveKey::for_message(Some("<a/b@x>"), b"x");
        let b = ArchiveKey::for_message(Some("<a_b@x>"), b"x");
        let c = ArchiveKey::for_message(Some("<a\\b@x>"), b"x");
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert!(a.as_str().starts_with("a_b@x="), "{a}");
        assert_eq!(a.as_str().len(), "a_b@x=".len() + 16 + 1 + 16, "{a}");
        let n1 = ArchiveKey::for_message(None, b"one");
        let n2 = ArchiveKey::for_message(Some("  <> "), b"one");
        let n3 = ArchiveKey::for_message(None, b"two");
        assert_eq!(n1, n2);
        assert_ne!(n1, n3);
        assert!(n1.as_str().starts_with("nomid="));
        let dot = ArchiveKey::for_message(Some("<../../etc/passwd>"), b"");
        assert!(!dot.as_str().starts_with('.') && !dot.as_str().contains('/'), "{dot}");
        assert!(ArchiveKey::from_string(dot.as_str()).is_ok());
        assert!(ArchiveKey::from_string("../x").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn files_are_the_owners_alone_and_folders_too() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path().join("data")).unwrap();
        let k = s.archive_raw(Some("<m1@x>"), b"MOTDEPASSE x\r\n").unwrap();
        let game = s.game("g").unwrap();
        game.create().unwrap();
        game.write_game(&serde_json::json!({"id": "g"})).unwrap();
        s.outbox().enqueue("welcome-1", "a@x", &["b@x".into()], b"Subject: s\r\n\r\npassword\r\n").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // A data directory an earlier version made world-readable is closed.
        let old = d.path().join("old");
        fs::create_dir(&old).unwrap();
        fs::set_permissions(&old, fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(mode(Store::open(&old).unwrap().root()), 0o700);
        for dir in [s.root().to_path_buf(), s.archive_dir(), s.games_dir(), s.outbox_dir().join("new"), game.path().to_path_buf()] {
            assert_eq!(mode(&dir), 0o700, "{}", dir.display());
        }
        for file in [s.archive_path(&k), game.path().join("game.json"), s.outbox_dir().join("new/welcome-1.eml"), s.outbox_dir().join("new/welcome-1.json")] {
            assert_eq!(mode(&file), 0o600, "{}", file.display());
        }
    }

    #[test]
    fn a_message_id_reused_by_another_message_is_not_a_duplicate() {
        let victim = b"Message-ID: <m1@x>\r\nFrom: leto@x\r\nSubject: ordres\r\n\r\nPARTIE g\r\n";
        let forged = b"Message-ID: <m1@x>\r\nFrom: baron@y\r\nSubject: ordres\r\n\r\nPARTIE g\r\n";
        assert_ne!(ArchiveKey::for_message(Some("<m1@x>"), victim), ArchiveKey::for_message(Some("<m1@x>"), forged));
        // Delivered again, with the lines servers add on the way and other line ends.
        let again = b"Received: from mx by mx2\nReturn-Path: <leto@x>\nMessage-ID: <m1@x>\nFrom: leto@x\nSubject:\n ordres\n\nPARTIE g\n\n";
        assert_eq!(ArchiveKey::for_message(Some("<m1@x>"), victim), ArchiveKey::for_message(Some("<m1@x>"), again));
        assert!(ArchiveKey::for_message(Some("<m1@x>"), victim).as_str().starts_with("m1@x="));
    }

    #[test]
    fn a_message_archived_by_an_earlier_version_keeps_its_key() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path().join("data")).unwrap();
        let raw = b"Message-ID: <m1@x>\r\nFrom: leto@x\r\n\r\nbody\r\n";
        let legacy = ArchiveKey::from_string("m1@x").unwrap();
        write_new_atomic(&s.archive_path(&legacy), raw).unwrap();
        assert_eq!(s.archive_raw(Some("<m1@x>"), raw).unwrap(), legacy);
        let other = b"Message-ID: <m1@x>\r\nFrom: baron@y\r\n\r\nbody\r\n";
        assert_ne!(s.archive_raw(Some("<m1@x>"), other).unwrap(), legacy);
    }

    #[test]
    fn archive_is_idempotent_and_first_copy_wins() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path().join("data")).unwrap();
        let k1 = s.archive_raw(Some("<m1@x>"), b"Received: a\r\n\r\nfirst").unwrap();
        let k2 = s.archive_raw(Some("<m1@x>"), b"Received: b\r\n\r\nfirst").unwrap();
        assert_eq!(k1, k2);
        assert_eq!(s.read_archived(&k1).unwrap().unwrap(), b"Received: a\r\n\r\nfirst");
        assert_eq!(s.undone_archive().unwrap(), vec![k1.clone()]);
        assert_eq!(s.archive_done(&k1).unwrap(), None);
        s.mark_done(&k1, &serde_json::json!({"outcome": "accepted"})).unwrap();
        assert_eq!(s.archive_done(&k1).unwrap(), Some(serde_json::json!({"outcome": "accepted"})));
        assert!(s.undone_archive().unwrap().is_empty());
    }

    #[test]
    fn the_outbox_uses_the_configured_back_off() {
        let d = tempfile::tempdir().unwrap();
        let b = Backoff { initial: jiff::SignedDuration::from_secs(10), max: jiff::SignedDuration::from_mins(5) };
        let s = Store::open(d.path()).unwrap().with_outbox_backoff(b);
        assert_eq!(s.outbox().backoff(), b);
        s.outbox().enqueue("x", "a@x", &["b@x".to_string()], b"X").unwrap();
        let now: jiff::Timestamp = "2026-01-01T00:00:00Z".parse().unwrap();
        let m = s.outbox().mark_failed_attempt("x", "421", now).unwrap();
        assert_eq!(m.next_attempt, Some("2026-01-01T00:00:10Z".parse().unwrap()));
        assert_eq!(Store::open(d.path()).unwrap().outbox().backoff(), Backoff::default());
    }

    #[test]
    fn games_are_listed_and_ids_checked() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        assert!(s.game("../x").is_err());
        assert!(s.game("Stellarium").is_err());
        assert!(s.list_games().unwrap().is_empty());
        s.game("b-2").unwrap().write_state(0, b"{}").unwrap();
        s.game("a-1").unwrap().write_state(0, b"{}").unwrap();
        assert_eq!(s.list_games().unwrap(), vec!["a-1".to_string(), "b-2".to_string()]);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;
        use std::collections::BTreeMap;

        proptest! {
            #[test]
            fn any_family_key_makes_a_safe_reversible_file_name(family in "\\PC{1,60}") {
                let Ok(f) = family_file_name(&family) else {
                    // Only a name too long for a file name is refused.
                    prop_assert!(family.len() * 3 > 240);
                    return Ok(());
                };
                prop_assert!(f.len() <= 240);
                prop_assert!(f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '%'));
                prop_assert_eq!(family_from_file_name(&f), Some(family));
            }

        }

        proptest! {
            // Few cases: every write is fsynced.
            #![proptest_config(ProptestConfig::with_cases(24))]

            /// Orders on disk always match a model map after any sequence of
            /// writes and withdrawals.
            #[test]
            fn orders_on_disk_follow_writes_and_removals(
                ops in proptest::collection::vec((0usize..4, 0u32..100, any::<bool>()), 1..12)
            ) {
                let families = ["HOUSE ATREIDES", "D'ARTAGNAN", "MOLOGATAÏ", "x"];
                let d = tempfile::tempdir().unwrap();
                let g = Store::open(d.path()).unwrap().game("g").unwrap();
                let mut model: BTreeMap<String, u32> = BTreeMap::new();
                for (f, v, write) in ops {
                    let fam = families[f];
                    if write {
                        g.write_orders(5, fam, &v).unwrap();
                        model.insert(fam.to_string(), v);
                    } else {
                        prop_assert_eq!(g.remove_orders(5, fam).unwrap(), model.remove(fam).is_some());
                    }
                    prop_assert_eq!(g.read_orders::<u32>(5).unwrap(), model.clone());
                }
            }
        }
    }
}
