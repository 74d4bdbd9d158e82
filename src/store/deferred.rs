//! Writes made durable together: the deadline's reports and their mails.
//!
//! A deadline writes some 6,000 files for 1,000 families (text, HTML, SVG
//! and PNG reports, notes, each mail's `.eml` and `.json`). Made durable one
//! by one ([`super::write_atomic`]: fsync the file, rename, fsync the
//! folder), that is 16 fsyncs a family, each a journal commit of its own.
//! [`Deferred`] writes them the same way without the fsyncs, then makes them
//! durable together before the turn commits:
//!
//! 1. [`Deferred::write`]: temporary file, rename (what a reader sees is
//!    whole, as with `write_atomic`); [`Deferred::create_dir_all`]: the
//!    folders. An outbox item's `.eml` is written so; its `.json`, the
//!    item's commit point (the sender only sees items with a `.json`), is
//!    only *staged* ([`Deferred::stage`]) under a hidden name readers skip.
//! 2. [`Deferred::commit`]: every file written or staged, and every folder
//!    that gained an entry, made durable (on Linux by one `syncfs(2)` of
//!    the file system they are on; elsewhere each file, then each folder,
//!    fsynced on several threads); then each staged `.json` is renamed to
//!    its name and its folder fsynced.
//!
//! The caller commits the turn (`game.json`) only after `commit` returned.
//! Why nothing is lost or sent twice, on SIGKILL as on power loss, is
//! argued in ARCHITECTURE.md ("The deadline's writes").

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{parent_of, sync_dir, temp_in};

/// Threads that fsync at once in [`Deferred::commit`].
const SYNC_THREADS: usize = 8;

/// Files written without fsync, to be made durable together.
#[derive(Default)]
pub struct Deferred {
    inner: Mutex<Pending>,
}

#[derive(Default)]
struct Pending {
    files: Vec<PathBuf>,
    dirs: BTreeSet<PathBuf>,
    /// (hidden staged name, final name).
    staged: Vec<(PathBuf, PathBuf)>,
}

impl Deferred {
    pub fn new() -> Deferred {
        Deferred::default()
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, Pending> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates `dir` and its missing parents; their entries are made durable
    /// by [`Deferred::commit`].
    pub fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        if dir.is_dir() {
            return Ok(());
        }
        if let Some(parent) = dir.parent() {
            if !parent.as_os_str().is_empty() {
                self.create_dir_all(parent)?;
            }
        }
        match super::create_dir_private(dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => return Ok(()),
            Err(e) => return Err(e),
        }
        self.pending().dirs.insert(parent_of(dir)?.to_path_buf());
        Ok(())
    }

    /// Writes `bytes` to `path` as [`super::write_atomic`] does (a reader
    /// sees the old content or the new, whole), durable at
    /// [`Deferred::commit`]. The folder must exist.
    pub fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let dir = parent_of(path)?;
        let mut tmp = temp_in(dir)?;
        tmp.write_all(bytes)?;
        tmp.persist(path).map_err(|e| e.error)?;
        let mut p = self.pending();
        p.files.push(path.to_path_buf());
        p.dirs.insert(dir.to_path_buf());
        Ok(())
    }

    /// Writes `bytes` under a hidden name beside `path` (`.<name>.staged.tmp`,
    /// which readers skip); [`Deferred::commit`] renames it to `path` once
    /// every file is durable. Staging the same `path` again (a re-run after
    /// a crash) overwrites the staged file.
    pub fn stage(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let staged = staged_name(path)?;
        let mut f = super::private_file_options().write(true).create(true).truncate(true).open(&staged)?;
        f.write_all(bytes)?;
        let mut p = self.pending();
        if !p.staged.iter().any(|(s, _)| *s == staged) {
            p.files.push(staged.clone());
            p.staged.push((staged, path.to_path_buf()));
        }
        Ok(())
    }

    /// Makes everything written durable: every file (data and size), every
    /// folder that gained an entry; then publishes the staged files
    /// (rename, fsync of their folders). An error leaves the staged files
    /// unpublished or partly published: the caller has not committed, and
    /// its re-run writes the same again.
    pub fn commit(&self) -> io::Result<()> {
        let Pending { files, dirs, staged } = std::mem::take(&mut *self.pending());
        sync_written(&files, dirs)?;
        let mut published = BTreeSet::new();
        for (from, to) in &staged {
            fs::rename(from, to)?;
            published.insert(parent_of(to)?.to_path_buf());
        }
        let published: Vec<PathBuf> = published.into_iter().collect();
        sync_all(&published, |d| sync_dir(d))
    }
}

/// Makes `files` and the entries of `dirs` durable. On Linux, one
/// `syncfs(2)` per file system they are on: the kernel writes back every
/// dirty page and inode of that file system and flushes the disk's cache
/// once, and reports any write-back error since the descriptor was opened
/// (Linux 5.8 and later). For the 1,400 files of a 200-player Galaxy turn on
/// ext4 here, that took about 60 ms where fsyncing each file and folder
/// (on eight threads) took 170–190 ms (BENCHMARKS.md). Elsewhere, each file,
/// then each folder, is fsynced.
fn sync_written(files: &[PathBuf], dirs: BTreeSet<PathBuf>) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        // The folders concerned (the files' own, and those that gained an
        // entry), one of them for each file system they are on.
        let mut folders: BTreeSet<&Path> = dirs.iter().map(PathBuf::as_path).collect();
        folders.extend(files.iter().filter_map(|f| f.parent()));
        let mut devices = std::collections::BTreeMap::new();
        for folder in folders {
            let dev = fs::metadata(folder).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", folder.display())))?.dev();
            devices.entry(dev).or_insert(folder);
        }
        for folder in devices.into_values() {
            let f = File::open(folder)?;
            rustix::fs::syncfs(&f).map_err(|e| io::Error::new(io::Error::from(e).kind(), format!("syncfs {}: {e}", folder.display())))?;
        }
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        sync_all(files, |f| super::sync_file(&File::open(f)?))?;
        let dirs: Vec<PathBuf> = dirs.into_iter().collect();
        sync_all(&dirs, |d| sync_dir(d))
    }
}

/// The hidden name `path` is staged under.
fn staged_name(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    Ok(parent_of(path)?.join(format!(".{name}.staged.tmp")))
}

/// `sync` applied to every path on up to [`SYNC_THREADS`] threads; the first
/// error in path order.
fn sync_all(paths: &[PathBuf], sync: impl Fn(&Path) -> io::Result<()> + Sync) -> io::Result<()> {
    crate::referee::parallel::map_in_order(paths, SYNC_THREADS, |p| sync(p).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display()))))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staged_file_appears_only_at_commit_and_written_ones_at_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = Deferred::new();
        let sub = dir.path().join("a/b");
        d.create_dir_all(&sub).expect("dirs");
        d.write(&sub.join("report.txt"), b"rapport").expect("write");
        d.stage(&sub.join("item.json"), b"{}").expect("stage");
        assert_eq!(fs::read(sub.join("report.txt")).expect("written"), b"rapport");
        assert!(!sub.join("item.json").exists(), "a staged file is not there before the commit");
        let names = crate::store::list_names(&sub).expect("list");
        assert_eq!(names, vec!["report.txt".to_string()], "readers skip the staged file");
        // Staged again (a re-run): overwritten, not doubled.
        d.stage(&sub.join("item.json"), b"{\"a\":1}").expect("stage again");
        d.commit().expect("commit");
        assert_eq!(fs::read(sub.join("item.json")).expect("published"), b"{\"a\":1}");
        assert_eq!(crate::store::list_names(&sub).expect("list"), vec!["item.json".to_string(), "report.txt".to_string()]);
    }
}
