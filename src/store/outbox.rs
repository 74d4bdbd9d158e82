//! The outbox: a Maildir-like queue of outgoing mail, idempotent by id.
//!
//! An item is `<id>.eml` (the raw message) and `<id>.json` (its
//! [`OutboxMeta`]) in one of `new/` (to send), `cur/` (sent) or `failed/`
//! (given up). The `.json` is the commit point: enqueueing writes the `.eml`
//! first and the `.json` last; moving an item renames the `.json` first and
//! the `.eml` after, and [`Outbox::recover`] finishes a move a crash
//! interrupted. So an item is always in exactly one state.
//!
//! Every change to an item that exists (its meta rewritten, or moved) is
//! made under one lock of the process ([`changing`]): a meta read in `new/`,
//! changed and written back (a retry time, an attempt in flight) must not
//! straddle the item's move to `cur/` by another thread (the intake, when
//! the journal copy comes back), or the write would put the meta back into
//! `new/` after the move: the item in two places, sent twice or never
//! leaving. Only the daemon changes items that exist (the CLI queues new
//! ids, and `resend` takes items from `failed/`, where the daemon never
//! writes), so a lock inside the process is enough.
//!
//! The sending loop, in outline:
//!
//! ```text
//! for item in outbox.due(now)? {
//!     match sender.send(&item.meta.envelope_from, &item.meta.recipients, &item.raw).await {
//!         Ok(()) => outbox.mark_sent(item.id())?,
//!         Err(e) if e.is_permanent() => outbox.mark_permanent_failure(item.id(), &e.to_string())?,
//!         Err(e) => { outbox.mark_failed_attempt(item.id(), &e.to_string(), now)?; }
//!     }
//! }
//! // then sleep until outbox.next_wakeup() (or new mail is enqueued)
//! ```

use super::{
    check_component, create_dir_all_durable, list_names, path_exists, read_bytes, read_json, sync_dir, to_json_bytes,
    write_atomic, write_json_atomic, write_json_atomic_last, Deferred, StoreError,
};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The lock every change of an existing item is made under (see the
/// module's documentation). Never held while waiting for anything but the
/// disk.
fn changing() -> MutexGuard<'static, ()> {
    static CHANGES: Mutex<()> = Mutex::new(());
    CHANGES.lock().unwrap_or_else(|p| p.into_inner())
}

/// Where an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutboxState {
    /// In `new/`: waiting to be sent (or retried).
    New,
    /// In `cur/`: the server accepted it.
    Sent,
    /// In `failed/`: given up.
    Failed,
}

impl OutboxState {
    fn dir_name(self) -> &'static str {
        match self {
            OutboxState::New => "new",
            OutboxState::Sent => "cur",
            OutboxState::Failed => "failed",
        }
    }
    const ALL: [OutboxState; 3] = [OutboxState::New, OutboxState::Sent, OutboxState::Failed];
}

/// What [`Outbox::enqueue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    /// Written to `new/`.
    Queued,
    /// Already in `new/`: nothing written.
    AlreadyQueued,
    /// Already sent (`cur/`): nothing written, nothing will be sent again.
    AlreadySent,
    /// Already given up (`failed/`): nothing written.
    AlreadyFailed,
}

/// The meta file of an item (`<id>.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxMeta {
    pub id: String,
    /// The SMTP envelope sender (`MAIL FROM`).
    pub envelope_from: String,
    /// The SMTP envelope recipients (`RCPT TO`).
    pub recipients: Vec<String>,
    /// Failed sending attempts so far.
    #[serde(default)]
    pub attempts: u32,
    /// Not to be tried before this instant; `None`: as soon as possible.
    #[serde(default)]
    pub next_attempt: Option<Timestamp>,
    #[serde(default)]
    pub last_error: Option<String>,
    /// When the latest attempt that may have reached the server began
    /// (journal mode only): until the journal copy proves it delivered,
    /// or the mailbox was read long enough after without it, the item is
    /// neither sent again nor counted as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_flight_since: Option<Timestamp>,
}

/// An item due for sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxItem {
    pub meta: OutboxMeta,
    /// The raw RFC 5322 message.
    pub raw: Vec<u8>,
}

impl OutboxItem {
    pub fn id(&self) -> &str {
        &self.meta.id
    }
}

/// Exponential back-off between sending attempts: `initial` after the first
/// failure, doubled after each further one, never more than `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    pub initial: SignedDuration,
    pub max: SignedDuration,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff { initial: SignedDuration::from_mins(1), max: SignedDuration::from_hours(1) }
    }
}

impl Backoff {
    /// The delay after the `attempts`-th failure (1-based).
    pub fn delay(&self, attempts: u32) -> SignedDuration {
        let shift = attempts.saturating_sub(1).min(40);
        let factor = 1i32.checked_shl(shift.min(30)).unwrap_or(i32::MAX);
        let d = if shift > 30 { self.max } else { self.initial.checked_mul(factor).unwrap_or(self.max) };
        if d > self.max {
            self.max
        } else if d.is_negative() {
            SignedDuration::ZERO
        } else {
            d
        }
    }
}

/// The outbox under `<data>/outbox/`.
#[derive(Debug, Clone)]
pub struct Outbox {
    dir: PathBuf,
    backoff: Backoff,
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '@' | '+' | '-' | '=')
}

impl Outbox {
    /// The outbox in `dir` (nothing is created: see [`Outbox::open_dirs`]).
    pub fn new(dir: impl Into<PathBuf>) -> Outbox {
        Outbox { dir: dir.into(), backoff: Backoff::default() }
    }

    /// The same outbox with another back-off (from the configuration).
    pub fn with_backoff(mut self, backoff: Backoff) -> Outbox {
        self.backoff = backoff;
        self
    }

    pub fn backoff(&self) -> Backoff {
        self.backoff
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Creates `tmp/`, `new/`, `cur/` and `failed/` if missing, then
    /// [`Outbox::recover`]s.
    pub fn open_dirs(&self) -> Result<(), StoreError> {
        for d in ["tmp", "new", "cur", "failed"] {
            let p = self.dir.join(d);
            create_dir_all_durable(&p).map_err(StoreError::io(&p))?;
        }
        self.recover()
    }

    fn eml(&self, state: OutboxState, id: &str) -> PathBuf {
        self.dir.join(state.dir_name()).join(format!("{id}.eml"))
    }

    fn json(&self, state: OutboxState, id: &str) -> PathBuf {
        self.dir.join(state.dir_name()).join(format!("{id}.json"))
    }

    fn check_id(id: &str) -> Result<(), StoreError> {
        check_component("outbox id", id, is_id_char)
    }

    /// Finishes the moves a crash interrupted: a `.eml` left in `new/`
    /// whose `.json` is already in `cur/` or `failed/` joins it. (A `.eml`
    /// in `new/` without any `.json` is an enqueue that did not finish: it
    /// is invisible, and the next enqueue of that id overwrites it.)
    ///
    /// An item whose `.json` is in `new/` and in another folder is settled
    /// too: sent (`cur/`) wins, since a `.json` in `new/` beside it can only
    /// be a meta written back after the move (what [`changing`] prevents
    /// today); `new/` wins over `failed/`, which is a `resend` cut off
    /// before it removed the failed copy.
    pub fn recover(&self) -> Result<(), StoreError> {
        let _changing = changing();
        let new = self.dir.join("new");
        for name in list_names(&new)? {
            let Some(id) = name.strip_suffix(".json") else { continue };
            if Self::check_id(id).is_err() {
                continue;
            }
            let stale = if path_exists(&self.json(OutboxState::Sent, id)) {
                vec![self.json(OutboxState::New, id)]
            } else if path_exists(&self.json(OutboxState::Failed, id)) {
                vec![self.json(OutboxState::Failed, id), self.eml(OutboxState::Failed, id)]
            } else {
                continue;
            };
            tracing::warn!(id, "outbox: an item found in two folders; settled");
            for p in &stale {
                match fs::remove_file(p) {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => return Err(StoreError::Io { path: p.clone(), source: e }),
                }
                let d = p.parent().unwrap_or(&self.dir);
                sync_dir(d).map_err(StoreError::io(d))?;
            }
        }
        for name in list_names(&new)? {
            let Some(id) = name.strip_suffix(".eml") else { continue };
            if Self::check_id(id).is_err() || self.json(OutboxState::New, id).exists() {
                continue;
            }
            for state in [OutboxState::Sent, OutboxState::Failed] {
                if self.json(state, id).exists() {
                    self.move_eml(id, state)?;
                    break;
                }
            }
        }
        // Secrets of items that left `new/` before their copy was scrubbed:
        // after the messages' moves above, so that the copy scrubbed is the
        // one in `cur/` (a crash between the meta's move and the message's
        // left it in `new/`).
        for name in list_names(&new)? {
            let Some(id) = name.strip_suffix(".secrets") else { continue };
            if Self::check_id(id).is_ok() && self.json(OutboxState::Sent, id).exists() {
                self.scrub(id)?;
            }
        }
        Ok(())
    }

    /// Where the item `id` is, `None` if unknown.
    pub fn state_of(&self, id: &str) -> Result<Option<OutboxState>, StoreError> {
        Self::check_id(id)?;
        Ok(OutboxState::ALL.into_iter().find(|&s| path_exists(&self.json(s, id))))
    }

    /// The meta of item `id` and where it is, `None` if unknown.
    pub fn get(&self, id: &str) -> Result<Option<(OutboxState, OutboxMeta)>, StoreError> {
        Self::check_id(id)?;
        for s in OutboxState::ALL {
            if let Some(m) = read_json(&self.json(s, id))? {
                return Ok(Some((s, m)));
            }
        }
        Ok(None)
    }

    /// The raw message of item `id`, wherever it is.
    pub fn raw(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Self::check_id(id)?;
        for s in OutboxState::ALL {
            if let Some(b) = read_bytes(&self.eml(s, id))? {
                return Ok(Some(b));
            }
        }
        Ok(None)
    }

    /// Queues a message under `id` (`[A-Za-z0-9._@+=-]`, chosen by the
    /// caller so that redoing the same work yields the same id). If the id is
    /// already queued, sent or failed, nothing is written: this is what makes
    /// a restart after a crash send nothing twice.
    pub fn enqueue(
        &self,
        id: &str,
        envelope_from: &str,
        recipients: &[String],
        raw: &[u8],
    ) -> Result<Enqueued, StoreError> {
        self.enqueue_with(id, envelope_from, recipients, raw, None, None)
    }

    /// [`Outbox::enqueue`] for an item not to be sent before `not_before`
    /// (its first `next_attempt`).
    pub fn enqueue_not_before(
        &self,
        id: &str,
        envelope_from: &str,
        recipients: &[String],
        raw: &[u8],
        not_before: Option<Timestamp>,
    ) -> Result<Enqueued, StoreError> {
        self.enqueue_with(id, envelope_from, recipients, raw, None, not_before)
    }

    /// [`Outbox::enqueue`] of a message that carries `secrets` (a new
    /// family's password): once the server accepted it, its copy in `cur/`
    /// has each of them masked ([`Outbox::scrub`]). Until then they wait in
    /// `new/<id>.secrets`, beside the message that holds them anyway.
    pub fn enqueue_secret(
        &self,
        id: &str,
        envelope_from: &str,
        recipients: &[String],
        raw: &[u8],
        secrets: &[String],
    ) -> Result<Enqueued, StoreError> {
        Self::check_id(id)?;
        if !secrets.is_empty() && self.state_of(id)?.is_none() {
            let path = self.secrets_path(id);
            write_json_atomic(&path, secrets)?;
        }
        self.enqueue_with(id, envelope_from, recipients, raw, None, None)
    }

    fn secrets_path(&self, id: &str) -> PathBuf {
        self.dir.join("new").join(format!("{id}.secrets"))
    }

    /// Masks the secrets of item `id` in its copy once it was sent, then
    /// forgets them. Idempotent; nothing to do for an item without secrets,
    /// still waiting, or given up (`failed/` keeps it whole, so that the
    /// referee's `resend` can send it again).
    pub fn scrub(&self, id: &str) -> Result<(), StoreError> {
        let path = self.secrets_path(id);
        if !path_exists(&self.json(OutboxState::Sent, id)) {
            return Ok(());
        }
        let Some(secrets) = read_json::<Vec<String>>(&path)? else { return Ok(()) };
        let eml = self.eml(OutboxState::Sent, id);
        match read_bytes(&eml)? {
            Some(raw) => {
                let mut masked = raw.clone();
                for s in &secrets {
                    mask_literal(&mut masked, s.as_bytes());
                }
                if masked != raw {
                    write_atomic(&eml, &masked).map_err(StoreError::io(&eml))?;
                }
            }
            // The message is still on its way from `new/` (a crash between
            // the meta's move and its own): the secrets are kept for the
            // scrub that follows its move ([`Outbox::recover`]).
            None if path_exists(&self.eml(OutboxState::New, id)) => return Ok(()),
            None => {}
        }
        match fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(StoreError::Io { path, source: e }),
        }
        let new = self.dir.join("new");
        sync_dir(&new).map_err(StoreError::io(&new))
    }

    /// [`Outbox::enqueue`] through `batch`: the `.eml` written and the
    /// `.json` (the item's commit point) staged, both durable and the item
    /// visible to the sender only at [`Deferred::commit`] (the deadline's
    /// reports, `store/deferred.rs`).
    pub fn enqueue_deferred(
        &self,
        id: &str,
        envelope_from: &str,
        recipients: &[String],
        raw: &[u8],
        batch: &Deferred,
    ) -> Result<Enqueued, StoreError> {
        self.enqueue_with(id, envelope_from, recipients, raw, Some(batch), None)
    }

    fn enqueue_with(
        &self,
        id: &str,
        envelope_from: &str,
        recipients: &[String],
        raw: &[u8],
        batch: Option<&Deferred>,
        not_before: Option<Timestamp>,
    ) -> Result<Enqueued, StoreError> {
        match self.state_of(id)? {
            Some(OutboxState::New) => return Ok(Enqueued::AlreadyQueued),
            Some(OutboxState::Sent) => return Ok(Enqueued::AlreadySent),
            Some(OutboxState::Failed) => return Ok(Enqueued::AlreadyFailed),
            None => {}
        }
        let eml = self.eml(OutboxState::New, id);
        match batch {
            None => write_atomic(&eml, raw),
            Some(b) => b.write(&eml, raw),
        }
        .map_err(StoreError::io(&eml))?;
        let meta = OutboxMeta {
            id: id.to_string(),
            envelope_from: envelope_from.to_string(),
            recipients: recipients.to_vec(),
            attempts: 0,
            next_attempt: not_before,
            last_error: None,
            in_flight_since: None,
        };
        let path = self.json(OutboxState::New, id);
        match batch {
            // The commit point: in a write group, written once the rest is durable.
            None => write_json_atomic_last(&path, &meta)?,
            Some(b) => b.stage(&path, &to_json_bytes(&path, &meta)?).map_err(StoreError::io(&path))?,
        }
        Ok(Enqueued::Queued)
    }

    /// The metas of the items in `state`, sorted by id.
    pub fn list(&self, state: OutboxState) -> Result<Vec<OutboxMeta>, StoreError> {
        let dir = self.dir.join(state.dir_name());
        let mut out = Vec::new();
        for name in list_names(&dir)? {
            let Some(id) = name.strip_suffix(".json") else { continue };
            if Self::check_id(id).is_err() {
                continue;
            }
            match read_json::<OutboxMeta>(&dir.join(&name)) {
                Ok(Some(m)) => out.push(m),
                // Moved away meanwhile by another process.
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "outbox: unreadable meta skipped"),
            }
        }
        Ok(out)
    }

    /// The items of `new/` due at `now` (`next_attempt <= now`), soonest
    /// first, then by id. An item whose files cannot be read is skipped
    /// (logged), so that one bad item never blocks the others.
    pub fn due(&self, now: Timestamp) -> Result<Vec<OutboxItem>, StoreError> {
        let mut metas: Vec<OutboxMeta> =
            self.list(OutboxState::New)?.into_iter().filter(|m| m.next_attempt.is_none_or(|t| t <= now)).collect();
        metas.sort_by(|a, b| (a.next_attempt, &a.id).cmp(&(b.next_attempt, &b.id)));
        let mut out = Vec::with_capacity(metas.len());
        for meta in metas {
            match read_bytes(&self.eml(OutboxState::New, &meta.id)) {
                Ok(Some(raw)) => out.push(OutboxItem { meta, raw }),
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, id = %meta.id, "outbox: unreadable message skipped"),
            }
        }
        Ok(out)
    }

    /// The earliest `next_attempt` among the items of `new/` (`Some(None)`:
    /// one is due now; `None`: the outbox is empty) — for the daemon's timer.
    pub fn next_wakeup(&self) -> Result<Option<Option<Timestamp>>, StoreError> {
        Ok(self.list(OutboxState::New)?.into_iter().map(|m| m.next_attempt).min())
    }

    /// How many items wait in `new/`.
    pub fn pending_count(&self) -> Result<usize, StoreError> {
        Ok(list_names(&self.dir.join("new"))?.iter().filter(|n| n.ends_with(".json")).count())
    }

    fn move_eml(&self, id: &str, to: OutboxState) -> Result<(), StoreError> {
        let from = self.eml(OutboxState::New, id);
        let dest = self.eml(to, id);
        match fs::rename(&from, &dest) {
            Ok(()) => {}
            // Another process (recover) moved it already.
            Err(e) if e.kind() == io::ErrorKind::NotFound && dest.exists() => return Ok(()),
            Err(e) => return Err(StoreError::Io { path: from, source: e }),
        }
        let (a, b) = (self.dir.join("new"), self.dir.join(to.dir_name()));
        sync_dir(&b).map_err(StoreError::io(&b))?;
        sync_dir(&a).map_err(StoreError::io(&a))
    }

    /// Moves item `id` from `new/` to `to`: the meta first (the commit),
    /// then the message.
    fn move_item(&self, id: &str, to: OutboxState) -> Result<(), StoreError> {
        let from = self.json(OutboxState::New, id);
        let dest = self.json(to, id);
        match fs::rename(&from, &dest) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if dest.exists() {
                    return Ok(());
                }
                return Err(StoreError::NotFound { path: from });
            }
            Err(e) => return Err(StoreError::Io { path: from, source: e }),
        }
        let d = self.dir.join(to.dir_name());
        sync_dir(&d).map_err(StoreError::io(&d))?;
        self.move_eml(id, to)
    }

    /// The server accepted item `id`: `new/` → `cur/`. Idempotent.
    pub fn mark_sent(&self, id: &str) -> Result<(), StoreError> {
        Self::check_id(id)?;
        let _changing = changing();
        self.move_item(id, OutboxState::Sent)?;
        self.scrub(id)
    }

    /// [`Outbox::mark_sent`] of several items at once, with one fsync of
    /// each folder for all of them instead of three per item: every meta is
    /// moved (the commit of each), `cur/` fsynced, then every message moved
    /// and both folders fsynced. The result of each, in order.
    pub fn mark_sent_many(&self, ids: &[String]) -> Vec<Result<(), StoreError>> {
        let _changing = changing();
        let (new, cur) = (self.dir.join("new"), self.dir.join(OutboxState::Sent.dir_name()));
        let mut results: Vec<Result<(), StoreError>> = ids
            .iter()
            .map(|id| {
                Self::check_id(id)?;
                let (from, dest) = (self.json(OutboxState::New, id), self.json(OutboxState::Sent, id));
                match fs::rename(&from, &dest) {
                    Ok(()) => Ok(()),
                    Err(e) if e.kind() == io::ErrorKind::NotFound && dest.exists() => Ok(()),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => Err(StoreError::NotFound { path: from }),
                    Err(e) => Err(StoreError::Io { path: from, source: e }),
                }
            })
            .collect();
        // A folder that cannot be fsynced fails every item still in the running.
        let fail_all = |results: &mut Vec<Result<(), StoreError>>, dir: &Path, e: io::Error| {
            for r in results.iter_mut().filter(|r| r.is_ok()) {
                *r = Err(StoreError::Io { path: dir.to_path_buf(), source: io::Error::new(e.kind(), e.to_string()) });
            }
        };
        if !results.iter().any(|r| r.is_ok()) {
            return results;
        }
        if let Err(e) = sync_dir(&cur) {
            fail_all(&mut results, &cur, e);
            return results;
        }
        for (id, r) in ids.iter().zip(results.iter_mut()) {
            if r.is_err() {
                continue;
            }
            let (from, dest) = (self.eml(OutboxState::New, id), self.eml(OutboxState::Sent, id));
            match fs::rename(&from, &dest) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound && dest.exists() => {}
                Err(e) => *r = Err(StoreError::Io { path: from, source: e }),
            }
        }
        for dir in [&cur, &new] {
            if let Err(e) = sync_dir(dir) {
                fail_all(&mut results, dir, e);
                break;
            }
        }
        for (id, r) in ids.iter().zip(results.iter_mut()) {
            if r.is_ok() {
                *r = self.scrub(id);
            }
        }
        results
    }

    /// A sending attempt of item `id` failed (temporarily): counts it,
    /// records the error and puts the next attempt off by the back-off.
    /// Returns the updated meta (the caller may give up on it).
    pub fn mark_failed_attempt(&self, id: &str, error: &str, now: Timestamp) -> Result<OutboxMeta, StoreError> {
        let _changing = changing();
        let backoff = self.backoff;
        self.update_new(id, |meta| {
            meta.attempts = meta.attempts.saturating_add(1);
            meta.last_error = Some(error.to_string());
            meta.next_attempt = Some(now.checked_add(backoff.delay(meta.attempts)).unwrap_or(Timestamp::MAX));
            // The server certainly did not take it.
            meta.in_flight_since = None;
        })
    }

    /// Journal mode: an attempt of item `id` begins at `now` (written, and
    /// made durable, before the first byte goes to the server). It is not
    /// due again before `now + grace`, the time its journal copy has to
    /// arrive in the referee's mailbox.
    pub fn mark_in_flight(&self, id: &str, now: Timestamp, grace: SignedDuration) -> Result<(), StoreError> {
        let _changing = changing();
        self.set_in_flight(id, now, grace)
    }

    fn set_in_flight(&self, id: &str, now: Timestamp, grace: SignedDuration) -> Result<(), StoreError> {
        self.update_new(id, |meta| {
            meta.in_flight_since = Some(now);
            meta.next_attempt = Some(now.checked_add(grace).unwrap_or(Timestamp::MAX));
        })
        .map(drop)
    }

    /// [`Outbox::mark_in_flight`] of several items at once, made durable
    /// together in one write group (a couple of rounds of parallel fsyncs);
    /// whether each was marked: an item moved away meanwhile (its journal
    /// copy came back) is not. From the first read to the commit no item
    /// can move, so none is written back into `new/` after its move.
    pub fn mark_in_flight_many(&self, ids: &[&str], now: Timestamp, grace: SignedDuration) -> Result<Vec<bool>, StoreError> {
        let _changing = changing();
        let group = super::Group::new();
        let marked = group.enter(|| {
            ids.iter()
                .map(|id| match self.set_in_flight(id, now, grace) {
                    Ok(()) => Ok(true),
                    Err(StoreError::NotFound { .. }) => Ok(false),
                    Err(e) => Err(e),
                })
                .collect::<Result<Vec<bool>, StoreError>>()
        })?;
        group.commit().map_err(StoreError::io(&self.dir))?;
        Ok(marked)
    }

    /// The attempt of item `id` ended with an uncertain outcome (the
    /// connection broke after the message was handed over): counts it like
    /// a failure, but keeps it in flight, so that it is sent again only if
    /// no journal copy arrives.
    pub fn mark_uncertain_attempt(&self, id: &str, error: &str, now: Timestamp, grace: SignedDuration) -> Result<OutboxMeta, StoreError> {
        let _changing = changing();
        let backoff = self.backoff;
        self.update_new(id, |meta| {
            meta.attempts = meta.attempts.saturating_add(1);
            meta.last_error = Some(error.to_string());
            let retry = now.checked_add(backoff.delay(meta.attempts)).unwrap_or(Timestamp::MAX);
            let copy_due = meta.in_flight_since.unwrap_or(now).checked_add(grace).unwrap_or(Timestamp::MAX);
            meta.next_attempt = Some(retry.max(copy_due));
        })
    }

    /// Puts item `id` off until `until` without counting an attempt (an
    /// item in flight whose journal copy could not be looked for yet).
    pub fn postpone(&self, id: &str, until: Timestamp) -> Result<(), StoreError> {
        let _changing = changing();
        self.update_new(id, |meta| meta.next_attempt = Some(until)).map(drop)
    }

    /// The journal copy of item `id` arrived: the server accepted it. An
    /// item in flight is marked sent (returns `true`); one already sent, or
    /// not in flight (a copy of an earlier send, or a forged one), is left
    /// as it is.
    /// Never staged in a write group: the move is done at once (and never
    /// in a dry group, which writes nothing).
    pub fn confirm_delivered(&self, id: &str) -> Result<bool, StoreError> {
        Self::check_id(id)?;
        if super::group::in_dry_group() {
            return Ok(false);
        }
        super::ungrouped(|| {
            let _changing = changing();
            match self.get(id)? {
                Some((OutboxState::New, meta)) if meta.in_flight_since.is_some() => {
                    self.move_item(id, OutboxState::Sent)?;
                    self.scrub(id)?;
                    Ok(true)
                }
                _ => Ok(false),
            }
        })
    }

    /// Reads, changes and rewrites the meta of item `id` in `new/`;
    /// returns it as written.
    fn update_new(&self, id: &str, change: impl FnOnce(&mut OutboxMeta)) -> Result<OutboxMeta, StoreError> {
        Self::check_id(id)?;
        let path = self.json(OutboxState::New, id);
        let mut meta: OutboxMeta = read_json(&path)?.ok_or(StoreError::NotFound { path: path.clone() })?;
        change(&mut meta);
        write_json_atomic(&path, &meta)?;
        Ok(meta)
    }

    /// Gives item `id` up (the server refused it for good): `new/` →
    /// `failed/`, with the error recorded.
    pub fn mark_permanent_failure(&self, id: &str, error: &str) -> Result<(), StoreError> {
        Self::check_id(id)?;
        let _changing = changing();
        let path = self.json(OutboxState::New, id);
        let Some(mut meta) = read_json::<OutboxMeta>(&path)? else {
            if self.json(OutboxState::Failed, id).exists() {
                return Ok(());
            }
            return Err(StoreError::NotFound { path });
        };
        meta.last_error = Some(error.to_string());
        write_json_atomic(&path, &meta)?;
        self.move_item(id, OutboxState::Failed)
    }

    /// Puts a failed item back in `new/`, due at once, its attempts reset
    /// (the referee's `resend` after fixing the cause).
    pub fn retry_failed(&self, id: &str) -> Result<(), StoreError> {
        Self::check_id(id)?;
        let _changing = changing();
        let fj = self.json(OutboxState::Failed, id);
        let Some(mut meta) = read_json::<OutboxMeta>(&fj)? else {
            return Err(StoreError::NotFound { path: fj });
        };
        let raw = read_bytes(&self.eml(OutboxState::Failed, id))?
            .ok_or(StoreError::NotFound { path: self.eml(OutboxState::Failed, id) })?;
        meta.attempts = 0;
        meta.next_attempt = None;
        let eml = self.eml(OutboxState::New, id);
        write_atomic(&eml, &raw).map_err(StoreError::io(&eml))?;
        write_json_atomic(&self.json(OutboxState::New, id), &meta)?;
        // The item is in new/ now (state_of looks there first); drop the old copy.
        for p in [fj, self.eml(OutboxState::Failed, id)] {
            match fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(StoreError::Io { path: p, source: e }),
            }
        }
        let f = self.dir.join("failed");
        sync_dir(&f).map_err(StoreError::io(&f))
    }
}

/// Replaces each occurrence of `secret` in `raw` (ASCII case ignored, a
/// quoted-printable soft line break allowed between two of its bytes) by
/// `*`s, keeping the soft breaks: the message keeps its structure.
fn mask_literal(raw: &mut [u8], secret: &[u8]) {
    if secret.is_empty() {
        return;
    }
    let soft = |raw: &[u8], i: usize| match raw.get(i..) {
        Some([b'=', b'\r', b'\n', ..]) => Some(i + 3),
        Some([b'=', b'\n', ..]) => Some(i + 2),
        _ => None,
    };
    let mut i = 0;
    while i < raw.len() {
        let mut at = Vec::with_capacity(secret.len());
        let mut j = i;
        for (k, want) in secret.iter().enumerate() {
            if k > 0 {
                while let Some(next) = soft(raw, j) {
                    j = next;
                }
            }
            if raw.get(j).is_some_and(|b| b.eq_ignore_ascii_case(want)) {
                at.push(j);
                j += 1;
            } else {
                break;
            }
        }
        if at.len() == secret.len() {
            for p in at {
                raw[p] = b'*';
            }
            i = j;
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Store;
    use super::*;

    #[test]
    fn a_secret_is_masked_in_the_sent_copy_and_forgotten() {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        let ob = s.outbox();
        let raw = b"Subject: bienvenue\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nMOTDEPASSE bako-=\r\nrifu\r\nBAKO-RIFU encore\r\n";
        ob.enqueue_secret("welcome-1", "a@x", &["b@x".into()], raw, &["bako-rifu".into()]).unwrap();
        assert_eq!(ob.raw("welcome-1").unwrap().unwrap(), raw, "whole until sent");
        ob.mark_sent("welcome-1").unwrap();
        let sent = ob.raw("welcome-1").unwrap().unwrap();
        assert_eq!(sent, b"Subject: bienvenue\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nMOTDEPASSE *****=\r\n****\r\n********* encore\r\n");
        let all: Vec<String> = walk(d.path());
        assert!(all.iter().all(|f| !f.ends_with(".secrets")), "{all:?}");
        // Sent before the scrub (a crash in between): the next open scrubs it.
        ob.enqueue_secret("welcome-2", "a@x", &["b@x".into()], raw, &["bako-rifu".into()]).unwrap();
        ob.move_item("welcome-2", OutboxState::Sent).unwrap();
        Store::open(d.path()).unwrap();
        assert!(!String::from_utf8_lossy(&ob.raw("welcome-2").unwrap().unwrap()).contains("rifu"));
        // A crash after the meta's move to cur/ but before the message's: the
        // next open moves the message, then masks it (it once forgot the
        // secrets first and moved the message whole).
        ob.enqueue_secret("welcome-3", "a@x", &["b@x".into()], raw, &["bako-rifu".into()]).unwrap();
        fs::rename(ob.json(OutboxState::New, "welcome-3"), ob.json(OutboxState::Sent, "welcome-3")).unwrap();
        Store::open(d.path()).unwrap();
        assert!(ob.eml(OutboxState::Sent, "welcome-3").exists());
        assert!(!String::from_utf8_lossy(&ob.raw("welcome-3").unwrap().unwrap()).contains("rifu"));
        assert!(!ob.secrets_path("welcome-3").exists());
        // The same crash with the scrub asked for before the recovery: the
        // secrets wait for the message.
        ob.enqueue_secret("welcome-4", "a@x", &["b@x".into()], raw, &["bako-rifu".into()]).unwrap();
        fs::rename(ob.json(OutboxState::New, "welcome-4"), ob.json(OutboxState::Sent, "welcome-4")).unwrap();
        ob.scrub("welcome-4").unwrap();
        assert!(ob.secrets_path("welcome-4").exists());
        ob.recover().unwrap();
        assert!(!String::from_utf8_lossy(&ob.raw("welcome-4").unwrap().unwrap()).contains("rifu"));
        // Re-queuing a sent id writes no secret again.
        ob.enqueue_secret("welcome-1", "a@x", &["b@x".into()], raw, &["bako-rifu".into()]).unwrap();
        assert!(!ob.secrets_path("welcome-1").exists());
    }

    fn walk(dir: &Path) -> Vec<String> {
        let mut out = Vec::new();
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p.display().to_string());
            }
        }
        out
    }

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    fn outbox() -> (tempfile::TempDir, Outbox) {
        let d = tempfile::tempdir().unwrap();
        let s = Store::open(d.path()).unwrap();
        (d, s.outbox())
    }

    fn rcpt() -> Vec<String> {
        vec!["joueur@example.org".to_string()]
    }

    #[test]
    fn enqueue_is_idempotent_in_every_state() {
        let (_d, o) = outbox();
        assert_eq!(o.enqueue("ack-1", "arbitre@x", &rcpt(), b"raw").unwrap(), Enqueued::Queued);
        assert_eq!(o.enqueue("ack-1", "arbitre@x", &rcpt(), b"other").unwrap(), Enqueued::AlreadyQueued);
        assert_eq!(o.pending_count().unwrap(), 1);
        o.mark_sent("ack-1").unwrap();
        o.mark_sent("ack-1").unwrap();
        assert_eq!(o.enqueue("ack-1", "arbitre@x", &rcpt(), b"raw").unwrap(), Enqueued::AlreadySent);
        assert_eq!(o.pending_count().unwrap(), 0);
        assert!(o.due(ts("2030-01-01T00:00:00Z")).unwrap().is_empty());
        o.enqueue("r-2", "arbitre@x", &rcpt(), b"raw2").unwrap();
        o.mark_permanent_failure("r-2", "550 no such user").unwrap();
        assert_eq!(o.enqueue("r-2", "arbitre@x", &rcpt(), b"raw2").unwrap(), Enqueued::AlreadyFailed);
        let (state, meta) = o.get("r-2").unwrap().unwrap();
        assert_eq!(state, OutboxState::Failed);
        assert_eq!(meta.last_error.as_deref(), Some("550 no such user"));
        assert_eq!(o.raw("r-2").unwrap().unwrap(), b"raw2");
        assert!(o.enqueue("../evil", "a@x", &rcpt(), b"").is_err());
    }

    #[test]
    fn several_sent_items_are_moved_together_and_each_gets_its_result() {
        let (_d, o) = outbox();
        for id in ["s-1", "s-2", "s-3"] {
            o.enqueue(id, "arbitre@x", &rcpt(), id.as_bytes()).unwrap();
        }
        o.mark_sent("s-3").unwrap();
        let ids: Vec<String> = ["s-1", "s-2", "s-3", "gone"].iter().map(|s| s.to_string()).collect();
        let results = o.mark_sent_many(&ids);
        assert!(results[..3].iter().all(Result::is_ok), "{results:?}");
        assert!(matches!(results[3], Err(StoreError::NotFound { .. })), "{results:?}");
        for id in ["s-1", "s-2", "s-3"] {
            assert_eq!(o.state_of(id).unwrap(), Some(OutboxState::Sent), "{id}");
            assert_eq!(o.raw(id).unwrap().unwrap(), id.as_bytes(), "{id}: the message moved with its meta");
        }
        assert_eq!(o.pending_count().unwrap(), 0);
        // Idempotent, as `mark_sent`.
        assert!(o.mark_sent_many(&ids[..3]).iter().all(Result::is_ok));
        assert!(o.mark_sent_many(&["../evil".to_string()])[0].is_err());
    }

    #[test]
    fn due_respects_next_attempt_and_back_off_doubles_up_to_an_hour() {
        let (_d, o) = outbox();
        let now = ts("2026-11-29T19:00:00Z");
        o.enqueue("b", "a@x", &rcpt(), b"B").unwrap();
        o.enqueue("a", "a@x", &rcpt(), b"A").unwrap();
        let due = o.due(now).unwrap();
        assert_eq!(due.iter().map(|i| i.id()).collect::<Vec<_>>(), vec!["a", "b"]);
        assert_eq!(due[0].raw, b"A");
        assert_eq!(due[0].meta.recipients, rcpt());
        let m = o.mark_failed_attempt("a", "connection refused", now).unwrap();
        assert_eq!(m.attempts, 1);
        assert_eq!(m.next_attempt, Some(ts("2026-11-29T19:01:00Z")));
        assert_eq!(o.due(now).unwrap().iter().map(|i| i.id()).collect::<Vec<_>>(), vec!["b"]);
        assert_eq!(o.due(ts("2026-11-29T19:01:00Z")).unwrap().len(), 2);
        let mut last = None;
        for _ in 0..9 {
            last = Some(o.mark_failed_attempt("a", "again", now).unwrap());
        }
        let m = last.unwrap();
        assert_eq!(m.attempts, 10);
        assert_eq!(m.next_attempt, Some(ts("2026-11-29T20:00:00Z")));
        assert_eq!(o.next_wakeup().unwrap(), Some(None));
        o.mark_sent("b").unwrap();
        assert_eq!(o.next_wakeup().unwrap(), Some(Some(ts("2026-11-29T20:00:00Z"))));
        let b = Backoff::default();
        let delays: Vec<i64> = (1..=8).map(|n| b.delay(n).as_secs() / 60).collect();
        assert_eq!(delays, vec![1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(b.delay(u32::MAX), SignedDuration::from_hours(1));
    }

    #[test]
    fn recover_finishes_an_interrupted_move() {
        let (_d, o) = outbox();
        o.enqueue("x", "a@x", &rcpt(), b"X").unwrap();
        // A crash after the meta moved to cur/ but before the message did.
        fs::rename(o.json(OutboxState::New, "x"), o.json(OutboxState::Sent, "x")).unwrap();
        assert_eq!(o.state_of("x").unwrap(), Some(OutboxState::Sent));
        assert!(o.due(ts("2030-01-01T00:00:00Z")).unwrap().is_empty());
        o.recover().unwrap();
        assert!(!o.eml(OutboxState::New, "x").exists());
        assert_eq!(fs::read(o.eml(OutboxState::Sent, "x")).unwrap(), b"X");
        // A crash between the message and the meta of an enqueue: invisible,
        // and the next enqueue completes it.
        fs::write(o.eml(OutboxState::New, "y"), b"partial?").unwrap();
        assert_eq!(o.pending_count().unwrap(), 0);
        assert_eq!(o.enqueue("y", "a@x", &rcpt(), b"Y").unwrap(), Enqueued::Queued);
        assert_eq!(o.due(ts("2030-01-01T00:00:00Z")).unwrap()[0].raw, b"Y");
    }

    #[test]
    fn a_failed_item_can_be_retried() {
        let (_d, o) = outbox();
        o.enqueue("z", "a@x", &rcpt(), b"Z").unwrap();
        o.mark_failed_attempt("z", "timeout", ts("2026-01-01T00:00:00Z")).unwrap();
        o.mark_permanent_failure("z", "550").unwrap();
        assert_eq!(o.pending_count().unwrap(), 0);
        o.retry_failed("z").unwrap();
        assert_eq!(o.state_of("z").unwrap(), Some(OutboxState::New));
        let due = o.due(ts("2026-01-01T00:00:00Z")).unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].meta.attempts, 0);
        assert!(o.list(OutboxState::Failed).unwrap().is_empty());
    }

    #[test]
    fn an_item_in_flight_waits_for_its_journal_copy_and_is_confirmed_by_it() {
        let (_d, o) = outbox();
        let grace = SignedDuration::from_mins(2);
        o.enqueue("j", "a@x", &rcpt(), b"J").unwrap();
        let t0 = ts("2026-01-01T00:00:00Z");
        o.mark_in_flight("j", t0, grace).unwrap();
        // A crash here: on restart the item is not due before the grace.
        assert!(o.due(ts("2026-01-01T00:01:59Z")).unwrap().is_empty());
        assert_eq!(o.due(ts("2026-01-01T00:02:00Z")).unwrap().len(), 1);
        assert_eq!(o.get("j").unwrap().unwrap().1.in_flight_since, Some(t0));
        // The copy arrives: sent, once; a second copy changes nothing.
        assert!(o.confirm_delivered("j").unwrap());
        assert_eq!(o.state_of("j").unwrap(), Some(OutboxState::Sent));
        assert!(!o.confirm_delivered("j").unwrap());
        assert_eq!(o.state_of("j").unwrap(), Some(OutboxState::Sent));
    }

    #[test]
    fn a_copy_of_an_item_not_in_flight_confirms_nothing() {
        let (_d, o) = outbox();
        o.enqueue("k", "a@x", &rcpt(), b"K").unwrap();
        assert!(!o.confirm_delivered("k").unwrap(), "never sent: a forged or stale copy");
        assert_eq!(o.state_of("k").unwrap(), Some(OutboxState::New));
        assert!(!o.confirm_delivered("unknown").unwrap());
    }

    #[test]
    fn uncertain_attempts_stay_in_flight_and_refusals_do_not() {
        let (_d, o) = outbox();
        let grace = SignedDuration::from_mins(5);
        o.enqueue("u", "a@x", &rcpt(), b"U").unwrap();
        let t0 = ts("2026-01-01T00:00:00Z");
        o.mark_in_flight("u", t0, grace).unwrap();
        let m = o.mark_uncertain_attempt("u", "connection reset", ts("2026-01-01T00:00:10Z"), grace).unwrap();
        assert_eq!(m.attempts, 1);
        assert_eq!(m.in_flight_since, Some(t0));
        // Not before the copy had its time, though the back-off (1 min) is shorter.
        assert_eq!(m.next_attempt, Some(ts("2026-01-01T00:05:00Z")));
        o.mark_in_flight("u", ts("2026-01-01T00:05:00Z"), grace).unwrap();
        let m = o.mark_failed_attempt("u", "connection refused", ts("2026-01-01T00:05:01Z")).unwrap();
        assert_eq!(m.in_flight_since, None, "a refused connection delivered nothing");
        assert!(!o.confirm_delivered("u").unwrap());
        o.postpone("u", ts("2026-01-02T00:00:00Z")).unwrap();
        assert!(o.due(ts("2026-01-01T23:59:59Z")).unwrap().is_empty());
    }

    /// Where each of `ids` has a `.json`, by folder.
    fn folders_of(o: &Outbox, id: &str) -> Vec<OutboxState> {
        OutboxState::ALL.into_iter().filter(|st| o.json(*st, id).exists()).collect()
    }

    #[test]
    fn a_retry_time_written_while_the_journal_copy_moves_the_item_never_brings_it_back() {
        // The daemon's outbox thread puts items in flight off while the
        // intake's thread, seeing their journal copies, moves them to cur/.
        let (_d, o) = outbox();
        let ids: Vec<String> = (0..150).map(|i| format!("ack-{i}")).collect();
        let t0 = ts("2026-01-01T00:00:00Z");
        for id in &ids {
            o.enqueue(id, "a@x", &rcpt(), b"A").unwrap();
            o.mark_in_flight(id, t0, SignedDuration::from_secs(3)).unwrap();
        }
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for id in &ids {
                    assert!(o.confirm_delivered(id).unwrap());
                }
            });
            scope.spawn(|| {
                // Each item is put off until its copy has moved it.
                for id in &ids {
                    while o.postpone(id, ts("2026-01-01T00:00:08Z")).is_ok() && !o.json(OutboxState::Sent, id).exists() {}
                }
            });
        });
        let twice: Vec<(&String, Vec<OutboxState>)> = ids.iter().map(|id| (id, folders_of(&o, id))).filter(|(_, f)| f.len() != 1).collect();
        assert!(twice.is_empty(), "items written back into new/ after their move: {twice:?}");
        assert_eq!(o.pending_count().unwrap(), 0);
    }

    #[test]
    fn an_item_left_in_two_folders_is_settled_sent_over_queued_and_queued_over_failed() {
        let (_d, o) = outbox();
        // A meta written back into new/ after the item was sent (the race
        // the lock prevents, left on disk by an older version).
        o.enqueue("s", "a@x", &rcpt(), b"S").unwrap();
        o.mark_sent("s").unwrap();
        fs::write(o.json(OutboxState::New, "s"), fs::read(o.json(OutboxState::Sent, "s")).unwrap()).unwrap();
        // A resend cut off after the item was written to new/, before the
        // failed copy was removed.
        o.enqueue("f", "a@x", &rcpt(), b"F").unwrap();
        o.mark_permanent_failure("f", "550").unwrap();
        fs::copy(o.eml(OutboxState::Failed, "f"), o.eml(OutboxState::New, "f")).unwrap();
        fs::write(o.json(OutboxState::New, "f"), fs::read(o.json(OutboxState::Failed, "f")).unwrap()).unwrap();
        o.recover().unwrap();
        assert_eq!(folders_of(&o, "s"), vec![OutboxState::Sent]);
        assert_eq!(o.raw("s").unwrap().as_deref(), Some(&b"S"[..]));
        assert!(!o.eml(OutboxState::New, "s").exists());
        assert_eq!(folders_of(&o, "f"), vec![OutboxState::New]);
        assert!(!o.eml(OutboxState::Failed, "f").exists());
        assert_eq!(o.due(ts("2030-01-01T00:00:00Z")).unwrap().iter().map(OutboxItem::id).collect::<Vec<_>>(), vec!["f"]);
    }
}
