//! The embedded transport: a Maildir mailbox and a sender that delivers
//! into per-recipient Maildirs. No server needed: for a single machine
//! (a local MTA delivering to the Maildir) and for tests.
//!
//! Maildir rules followed (cr.yp.to/proto/maildir.html): a message is
//! written under `tmp/`, synced, then renamed into `new/` (atomic: readers
//! never see half a message); a read message lives in `cur/` with an
//! `:2,<flags>` suffix.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{FetchedMail, Mailbox, SendError, Sender, TransportError};

/// How often `wait_for_mail` looks at `new/`.
const POLL_STEP: Duration = Duration::from_millis(250);

fn io_err(path: &Path, operation: &str, source: std::io::Error) -> TransportError {
    TransportError::Maildir {
        path: path.to_path_buf(),
        operation: operation.into(),
        source,
    }
}

/// Makes `root/{tmp,new,cur}` (0700: mail is read by its owner alone).
fn ensure_maildir(root: &Path) -> std::io::Result<()> {
    for sub in ["tmp", "new", "cur"] {
        crate::store::create_dir_all_private(&root.join(sub))?;
    }
    Ok(())
}

/// Syncs a directory so a rename in it survives a crash.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(test)]
fn hostname() -> String {
    let raw = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .unwrap_or_default();
    // Maildir: '/' and ':' may not appear in the host part.
    let clean: String = raw
        .trim()
        .chars()
        .map(|c| match c {
            '/' => "\\057".to_string(),
            ':' => "\\072".to_string(),
            c if c.is_ascii_graphic() => c.to_string(),
            _ => String::new(),
        })
        .collect();
    if clean.is_empty() {
        "localhost".into()
    } else {
        clean
    }
}

/// A unique Maildir file name: `<secs>.M<micros>P<pid>Q<n>.<host>`.
#[cfg(test)]
fn unique_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!(
        "{}.M{}P{}Q{}.{}",
        now.as_secs(),
        now.subsec_micros(),
        std::process::id(),
        n,
        hostname()
    )
}

/// The base name of a Maildir file (without `:2,flags`).
fn base_name(file_name: &str) -> &str {
    file_name.split_once(":2,").map_or(file_name, |(b, _)| b)
}

fn has_seen_flag(file_name: &str) -> bool {
    file_name
        .split_once(":2,")
        .is_some_and(|(_, flags)| flags.contains('S'))
}

/// Writes `raw` as `maildir/tmp/<name>`, syncs it, renames it into `new/`
/// and syncs `new/`. Returns the final path.
fn write_into_new(maildir: &Path, name: &str, raw: &[u8]) -> std::io::Result<PathBuf> {
    let tmp = maildir.join("tmp").join(name);
    let dest = maildir.join("new").join(name);
    {
        let mut f = crate::store::private_file_options().write(true).create(true).truncate(true).open(&tmp)?;
        f.write_all(raw)?;
        f.sync_all()?;
    }
    if let Err(e) = std::fs::rename(&tmp, &dest) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(&maildir.join("new"))?;
    Ok(dest)
}

/// Delivers `raw` under a fresh unique name, as an MTA would (tests).
#[cfg(test)]
fn deliver(maildir: &Path, raw: &[u8]) -> std::io::Result<PathBuf> {
    ensure_maildir(maildir)?;
    write_into_new(maildir, &unique_name(), raw)
}

/// Delivers `raw` into `maildir` at most once: the file is named after a
/// hash of the bytes (`arbitre-<hash>`), and a message already in `new/` or
/// `cur/` under that name is not delivered again. The outbox retries a send
/// whose success it could not record (a crash between delivery and the
/// outbox's own rename); this makes that retry harmless for the embedded
/// transport.
fn deliver_once(maildir: &Path, raw: &[u8]) -> std::io::Result<PathBuf> {
    use sha2::{Digest, Sha256};
    ensure_maildir(maildir)?;
    let name = format!("arbitre-{}", hex::encode(&Sha256::digest(raw)[..16]));
    let dest = maildir.join("new").join(&name);
    if dest.exists() {
        return Ok(dest);
    }
    if let Ok(rd) = std::fs::read_dir(maildir.join("cur")) {
        for e in rd.flatten() {
            if e.file_name().to_string_lossy().starts_with(&name) {
                return Ok(e.path());
            }
        }
    }
    write_into_new(maildir, &name, raw)
}

/// A Maildir read as the referee's mailbox. Ids are the file names.
#[derive(Debug)]
pub struct MaildirMailbox {
    root: PathBuf,
    last_fetched: BTreeSet<String>,
    /// Raised to end a wait early (`Mailbox::set_wake`).
    wake: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl MaildirMailbox {
    /// Opens (and creates if needed) `root/{tmp,new,cur}`.
    pub fn open(root: &Path) -> std::io::Result<Self> {
        ensure_maildir(root)?;
        Ok(MaildirMailbox {
            root: root.to_path_buf(),
            last_fetched: BTreeSet::new(),
            wake: None,
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Unseen messages: everything in `new/`, and files of `cur/` without
    /// the `S` flag (a mail client may have moved them there). Sorted by
    /// modification time, then name (delivery order).
    fn unseen_entries(&self) -> Result<Vec<(SystemTime, String, PathBuf)>, TransportError> {
        let mut out = Vec::new();
        for sub in ["new", "cur"] {
            let dir = self.root.join(sub);
            let entries = std::fs::read_dir(&dir).map_err(|e| io_err(&dir, "list", e))?;
            for entry in entries {
                let entry = entry.map_err(|e| io_err(&dir, "list", e))?;
                let Ok(name) = entry.file_name().into_string() else {
                    continue; // not a Maildir name we could have an id for
                };
                if name.starts_with('.') || (sub == "cur" && has_seen_flag(&name)) {
                    continue;
                }
                let Ok(meta) = entry.metadata() else {
                    continue; // vanished meanwhile
                };
                if !meta.is_file() {
                    continue;
                }
                let mtime = meta.modified().unwrap_or(UNIX_EPOCH);
                out.push((mtime, name, entry.path()));
            }
        }
        out.sort();
        Ok(out)
    }

    fn already_processed(&self, id: &str) -> bool {
        if id.is_empty() || id.contains('/') || id.starts_with('.') {
            return false;
        }
        let base = base_name(id);
        let Ok(entries) = std::fs::read_dir(self.root.join("cur")) else {
            return false;
        };
        entries.flatten().any(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| base_name(n) == base && has_seen_flag(n))
        })
    }

    fn find(&self, id: &str) -> Option<PathBuf> {
        if id.is_empty() || id.contains('/') || id.starts_with('.') {
            return None;
        }
        let in_new = self.root.join("new").join(id);
        if in_new.is_file() {
            return Some(in_new);
        }
        let in_cur = self.root.join("cur").join(id);
        if in_cur.is_file() {
            return Some(in_cur);
        }
        None
    }
}

#[async_trait::async_trait]
impl Mailbox for MaildirMailbox {
    async fn fetch_pending(&mut self) -> Result<Vec<FetchedMail>, TransportError> {
        Ok(self.fetch_batch(u64::MAX).await?.0)
    }

    async fn fetch_batch(&mut self, max_bytes: u64) -> Result<(Vec<FetchedMail>, bool), TransportError> {
        let entries = self.unseen_entries()?;
        let mut mails = Vec::new();
        let mut taken = 0u64;
        let mut more = false;
        for (mtime, name, path) in entries {
            // The size before reading: a batch never holds more than
            // `max_bytes` (but at least one message).
            let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            if !mails.is_empty() && taken.saturating_add(size) > max_bytes {
                more = true;
                break;
            }
            match std::fs::read(&path) {
                Ok(raw) => {
                    taken = taken.saturating_add(raw.len() as u64);
                    let delivered = mtime.duration_since(UNIX_EPOCH).ok().and_then(|d| jiff::Timestamp::from_millisecond(d.as_millis() as i64).ok());
                    mails.push(FetchedMail { id: name, raw, delivered });
                }
                // Taken by another reader between listing and reading.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(io_err(&path, "read", e)),
            }
        }
        self.last_fetched = mails.iter().map(|m| m.id.clone()).collect();
        Ok((mails, more))
    }

    async fn mark_processed(&mut self, id: &str) -> Result<(), TransportError> {
        let Some(path) = self.find(id) else {
            // Already processed (same base name, S flag in cur/): done, as
            // IMAP's UID MOVE of a message already moved is.
            if self.already_processed(id) {
                self.last_fetched.remove(id);
                return Ok(());
            }
            return Err(TransportError::UnknownMessage {
                mailbox: self.root.display().to_string(),
                id: id.into(),
            });
        };
        let flags: BTreeSet<char> = id
            .split_once(":2,")
            .map(|(_, f)| f.chars().collect())
            .unwrap_or_default();
        let mut flags = flags;
        flags.insert('S');
        let flags: String = flags.into_iter().collect();
        let target_name = format!("{}:2,{}", base_name(id), flags);
        let cur = self.root.join("cur");
        let target = cur.join(&target_name);
        std::fs::rename(&path, &target).map_err(|e| io_err(&path, "move to cur/", e))?;
        sync_dir(&cur).map_err(|e| io_err(&cur, "sync", e))?;
        if path.parent() != Some(cur.as_path()) {
            if let Some(parent) = path.parent() {
                sync_dir(parent).map_err(|e| io_err(parent, "sync", e))?;
            }
        }
        self.last_fetched.remove(id);
        Ok(())
    }

    async fn wait_for_mail(&mut self, max: Duration) -> Result<(), TransportError> {
        let deadline = tokio::time::Instant::now() + max;
        loop {
            let fresh = self
                .unseen_entries()?
                .iter()
                .any(|(_, name, _)| !self.last_fetched.contains(name));
            if fresh {
                return Ok(());
            }
            let now = tokio::time::Instant::now();
            if now >= deadline || super::woken(&self.wake) {
                return Ok(());
            }
            tokio::time::sleep(POLL_STEP.min(deadline - now)).await;
        }
    }

    fn set_wake(&mut self, wake: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.wake = Some(wake);
    }
}

/// Delivers each message into `root/<recipient address>/new/` (the address
/// in lower case), at most once per message (see [`deliver_once`]). The
/// embedded counterpart of an SMTP server.
#[derive(Debug, Clone)]
pub struct MaildirSender {
    root: PathBuf,
}

impl MaildirSender {
    pub fn new(root: &Path) -> Self {
        MaildirSender {
            root: root.to_path_buf(),
        }
    }

    /// The Maildir a recipient's mail is delivered to.
    pub fn maildir_of(&self, recipient: &str) -> Option<PathBuf> {
        let addr = recipient.trim().to_lowercase();
        let valid = !addr.is_empty()
            && addr.len() <= 254
            && !addr.starts_with('.')
            && addr.contains('@')
            && addr.chars().all(|c| c.is_ascii_graphic() && c != '/' && c != '\\');
        valid.then(|| self.root.join(addr))
    }
}

#[async_trait::async_trait]
impl Sender for MaildirSender {
    async fn send(&self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), SendError> {
        let _ = envelope_from; // no bounce path in a local delivery
        if to.is_empty() {
            return Err(SendError::Permanent("no recipient".into()));
        }
        let mut dirs = Vec::with_capacity(to.len());
        for rcpt in to {
            match self.maildir_of(rcpt) {
                Some(d) => dirs.push(d),
                None => return Err(SendError::Permanent(format!("invalid recipient address {rcpt:?}"))),
            }
        }
        let raw = raw.to_vec();
        // File I/O with fsync: off the async worker threads.
        let result = tokio::task::spawn_blocking(move || -> Result<(), SendError> {
            for dir in dirs {
                deliver_once(&dir, &raw)
                    .map_err(|e| SendError::Transient(format!("delivery into {}: {e}", dir.display())))?;
            }
            Ok(())
        })
        .await;
        match result {
            Ok(r) => r,
            Err(e) => Err(SendError::Transient(format!("delivery task failed: {e}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(root: &Path, raw: &[u8]) -> String {
        let p = deliver(root, raw).unwrap();
        p.file_name().unwrap().to_string_lossy().into_owned()
    }

    #[tokio::test]
    async fn the_sender_delivers_a_message_once_even_when_retried() {
        let dir = tempfile::tempdir().unwrap();
        let s = MaildirSender::new(dir.path());
        let to = vec!["p@x.test".to_string()];
        s.send("a@x.test", &to, b"Subject: x\r\n\r\nbody").await.unwrap();
        // The reader moves it to cur/ with a flag; the retry must not deliver again.
        let md = dir.path().join("p@x.test");
        let name = std::fs::read_dir(md.join("new")).unwrap().next().unwrap().unwrap().file_name();
        std::fs::rename(md.join("new").join(&name), md.join("cur").join(format!("{}:2,S", name.to_string_lossy()))).unwrap();
        s.send("a@x.test", &to, b"Subject: x\r\n\r\nbody").await.unwrap();
        assert_eq!(std::fs::read_dir(md.join("new")).unwrap().count(), 0);
        assert_eq!(std::fs::read_dir(md.join("cur")).unwrap().count(), 1);
        s.send("a@x.test", &to, b"Subject: y\r\n\r\nother").await.unwrap();
        assert_eq!(std::fs::read_dir(md.join("new")).unwrap().count(), 1);
    }

    #[tokio::test]
    async fn open_creates_the_three_directories() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("inbox");
        MaildirMailbox::open(&root).unwrap();
        for sub in ["tmp", "new", "cur"] {
            assert!(root.join(sub).is_dir(), "{sub}");
        }
    }

    #[tokio::test]
    async fn fetch_returns_unseen_in_delivery_order_without_marking_them() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        let a = put(dir.path(), b"Subject: a\r\n\r\nA\r\n");
        let b = put(dir.path(), b"Subject: b\r\n\r\nB\r\n");
        let first = mb.fetch_pending().await.unwrap();
        assert_eq!(first.len(), 2);
        assert_eq!(first[0].raw, b"Subject: a\r\n\r\nA\r\n");
        assert_eq!(first[1].raw, b"Subject: b\r\n\r\nB\r\n");
        let ids: BTreeSet<String> = first.iter().map(|m| m.id.clone()).collect();
        assert_eq!(ids, [a, b].into_iter().collect());
        // Fetching again returns the same: nothing was marked.
        let again = mb.fetch_pending().await.unwrap();
        assert_eq!(again, first);
    }

    #[tokio::test]
    async fn mark_processed_moves_to_cur_with_seen_flag() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        let a = put(dir.path(), b"Subject: a\r\n\r\nA\r\n");
        let b = put(dir.path(), b"Subject: b\r\n\r\nB\r\n");
        mb.fetch_pending().await.unwrap();
        mb.mark_processed(&a).await.unwrap();
        assert!(!dir.path().join("new").join(&a).exists());
        assert!(dir.path().join("cur").join(format!("{a}:2,S")).is_file());
        let left = mb.fetch_pending().await.unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].id, b);
        // Marking twice is harmless (a restart may repeat it).
        mb.mark_processed(&a).await.unwrap();
        assert_eq!(std::fs::read_dir(dir.path().join("cur")).unwrap().count(), 1);
        // An id that never existed is an error.
        assert!(matches!(
            mb.mark_processed("1700000000.M9P9Q9.nowhere").await,
            Err(TransportError::UnknownMessage { .. })
        ));
    }

    #[tokio::test]
    async fn unseen_message_in_cur_keeps_its_flags_when_processed() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        let name = "1700000000.M1P1Q1.host:2,F";
        std::fs::write(dir.path().join("cur").join(name), b"Subject: f\r\n\r\n").unwrap();
        std::fs::write(dir.path().join("cur").join("1700000000.M2P1Q1.host:2,S"), b"seen").unwrap();
        let got = mb.fetch_pending().await.unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].id, name);
        mb.mark_processed(name).await.unwrap();
        assert!(dir.path().join("cur").join("1700000000.M1P1Q1.host:2,FS").is_file());
        assert!(mb.fetch_pending().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn ids_with_path_separators_are_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        for bad in ["../x", "", ".hidden", "new/x"] {
            assert!(matches!(
                mb.mark_processed(bad).await,
                Err(TransportError::UnknownMessage { .. })
            ));
        }
    }

    #[tokio::test]
    async fn wait_returns_at_once_for_new_mail_and_after_max_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        let t = std::time::Instant::now();
        mb.wait_for_mail(Duration::from_millis(300)).await.unwrap();
        let waited = t.elapsed();
        assert!(waited >= Duration::from_millis(300) && waited < Duration::from_secs(3), "{waited:?}");

        put(dir.path(), b"Subject: a\r\n\r\n");
        let t = std::time::Instant::now();
        mb.wait_for_mail(Duration::from_secs(10)).await.unwrap();
        assert!(t.elapsed() < Duration::from_secs(2));

        // Once fetched (and left unprocessed), it no longer wakes the wait.
        mb.fetch_pending().await.unwrap();
        let t = std::time::Instant::now();
        mb.wait_for_mail(Duration::from_millis(300)).await.unwrap();
        assert!(t.elapsed() >= Duration::from_millis(300));
    }

    #[tokio::test]
    async fn wait_wakes_on_a_delivery_during_the_wait() {
        let dir = tempfile::tempdir().unwrap();
        let mut mb = MaildirMailbox::open(dir.path()).unwrap();
        let root = dir.path().to_path_buf();
        let writer = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(400)).await;
            deliver(&root, b"Subject: late\r\n\r\n").unwrap();
        });
        let t = std::time::Instant::now();
        mb.wait_for_mail(Duration::from_secs(20)).await.unwrap();
        let waited = t.elapsed();
        writer.await.unwrap();
        assert!(waited >= Duration::from_millis(300) && waited < Duration::from_secs(5), "{waited:?}");
        assert_eq!(mb.fetch_pending().await.unwrap().len(), 1);
    }

    #[tokio::test]
    async fn sender_delivers_to_each_recipient_maildir_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let sender = MaildirSender::new(dir.path());
        let raw = b"From: arbitre@example.test\r\nSubject: rapport\r\n\r\nBonjour\r\n";
        sender
            .send(
                "arbitre@example.test",
                &["Player1@Example.test".into(), "player2@example.test".into()],
                raw,
            )
            .await
            .unwrap();
        for who in ["player1@example.test", "player2@example.test"] {
            let mut mb = MaildirMailbox::open(&dir.path().join(who)).unwrap();
            let got = mb.fetch_pending().await.unwrap();
            assert_eq!(got.len(), 1, "{who}");
            assert_eq!(got[0].raw, raw);
            assert_eq!(std::fs::read_dir(dir.path().join(who).join("tmp")).unwrap().count(), 0);
        }
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn mail_is_readable_by_its_owner_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let sender = MaildirSender::new(&dir.path().join("outgoing"));
        sender.send("", &["p@example.test".into()], b"Subject: mot de passe\r\n\r\nsecret\r\n").await.unwrap();
        let md = dir.path().join("outgoing").join("p@example.test");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        for d in [dir.path().join("outgoing"), md.clone(), md.join("new"), md.join("tmp"), md.join("cur")] {
            assert_eq!(mode(&d), 0o700, "{}", d.display());
        }
        let file = std::fs::read_dir(md.join("new")).unwrap().next().unwrap().unwrap().path();
        assert_eq!(mode(&file), 0o600);
        let inbox = dir.path().join("inbox");
        MaildirMailbox::open(&inbox).unwrap();
        assert_eq!(mode(&inbox.join("new")), 0o700);
    }

    #[tokio::test]
    async fn sender_names_are_unique_across_many_sends() {
        let dir = tempfile::tempdir().unwrap();
        let sender = MaildirSender::new(dir.path());
        for i in 0..50 {
            sender
                .send("", &["p@example.test".into()], format!("Subject: {i}\r\n\r\n").as_bytes())
                .await
                .unwrap();
        }
        assert_eq!(
            std::fs::read_dir(dir.path().join("p@example.test").join("new")).unwrap().count(),
            50
        );
    }

    #[tokio::test]
    async fn sender_refuses_bad_recipients_permanently() {
        let dir = tempfile::tempdir().unwrap();
        let sender = MaildirSender::new(dir.path());
        for bad in ["../etc@x", "no-at-sign", "", ".x@y", "a b@c"] {
            let e = sender.send("", &[bad.into()], b"x").await.unwrap_err();
            assert!(e.is_permanent(), "{bad}: {e}");
        }
        assert!(sender.send("", &[], b"x").await.unwrap_err().is_permanent());
    }
}
