//! The intake's steps 1 and 2 over many messages at once: a batch received
//! (decoded, archived) together, then handled in runs, each run's writes
//! made durable by one commit ([`Group`]); and the run a crash interrupted,
//! finished before anything else changes its games.
//!
//! A run's commit makes its effects durable, then its replies visible (the
//! outbox items' commit points), then its done markers, with the run's
//! record ([`RunRecord`]) as the group's intent: durable before the first
//! rename, removed after the last, the game locks held all along. A
//! process killed inside the commit leaves the record on disk, naming the
//! run's games; while it does, adjudications and the referee's commands
//! refuse to change them, and [`recover`] handles the messages that have no
//! marker again, at the instants they were first handled, so that they are
//! decided exactly as they were (the same answer, under the same outbox id:
//! not sent twice).

use std::collections::{BTreeSet, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use jiff::Timestamp;

use super::Clock;
use crate::referee::intake::{Outcome, Received};
use crate::referee::Referee;
use crate::store::{ArchiveKey, Group, RunMessage, RunRecord};

/// How many threads receive (decode, archive) the messages of a batch.
const RECEIVE_THREADS: usize = 4;

/// A run of step 2 ends after this many messages, or once it has taken
/// [`RUN_TIME`]: its replies wait for its commit, so a longer run means a
/// later first acknowledgement; a shorter one, more fsync rounds.
const RUN_MAX: usize = 50;
const RUN_TIME: Duration = Duration::from_millis(150);

/// Step 1 of each message of a batch (`None`: left out), several at once,
/// the archived copies made durable together (one [`Group`]: two rounds of
/// parallel fsyncs for the whole batch); the results in the batch's order.
pub(super) fn receive_all(r: &Referee, raws: Vec<Option<Vec<u8>>>) -> Vec<Option<crate::referee::Result<Received>>> {
    let next = AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<crate::referee::Result<Received>>>> =
        raws.iter().map(|_| std::sync::Mutex::new(None)).collect();
    let threads = RECEIVE_THREADS.min(raws.iter().filter(|r| r.is_some()).count()).max(1);
    let group = Group::new();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(raw) = raws.get(i) else { return };
                if let Some(raw) = raw {
                    let got = group.enter(|| r.receive(raw));
                    *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(got);
                }
            });
        }
    });
    let commit = group.commit();
    slots
        .into_iter()
        .map(|s| {
            let got = s.into_inner().unwrap_or_else(|p| p.into_inner());
            match (&commit, got) {
                // Not archived durably: not handled, tried again.
                (Err(e), Some(Ok(Received::Mail { .. }))) => Some(Err(commit_error(r, e))),
                (_, got) => got,
            }
        })
        .collect()
}

/// The error of a commit that failed, for each message it concerned.
fn commit_error(r: &Referee, e: &std::io::Error) -> crate::referee::RefereeError {
    crate::store::StoreError::Io { path: r.store.root().to_path_buf(), source: std::io::Error::new(e.kind(), e.to_string()) }.into()
}

/// A received message waiting for step 2: its place in the batch, its id
/// in the mailbox, and the game time to handle it at when it is not the
/// clock's (a message of an interrupted run).
pub(super) struct Waiting {
    pub pos: usize,
    pub id: String,
    pub received: crate::referee::Result<Received>,
    pub now: Option<Timestamp>,
    /// When the mail server delivered it (its clock), if it says.
    pub delivered: Option<Timestamp>,
}

/// The game time a message is judged at: when it reached the mailbox, not
/// when it was read — the clock's reading less how long it waited there
/// (by the wall clock, which the mail server's instant is on). An order
/// delivered before a deadline counts, however late the referee read it
/// (an outage, an overload, a stop); the deadline waits for the mailbox to
/// be read through it (`super::ReadThrough`). A scripted clock (the
/// harnesses' `--clock-file`) is taken as it is: its game time is not the
/// wall's.
pub(super) fn judged_at(clock: &Clock, delivered: Option<Timestamp>) -> Timestamp {
    let now = clock.now();
    let Some(delivered) = delivered.filter(|_| !clock.is_scripted()) else { return now };
    let waited = Timestamp::now().duration_since(delivered);
    if waited.is_positive() {
        now.checked_sub(waited).unwrap_or(now)
    } else {
        now
    }
}

/// What step 2 made of one message of a run.
pub(super) struct HandledMsg {
    pub pos: usize,
    pub id: String,
    pub result: Handled,
}

pub(super) enum Handled {
    Done(Option<ArchiveKey>, Outcome),
    Failed(crate::referee::RefereeError),
    Panicked(String),
}

/// A run of step 2: the messages handled, the ones left for the next run,
/// the archive keys seen in the batch so far, and the group's commit (which
/// wrote the done markers of the messages `Done`).
pub(super) struct Run {
    pub handled: Vec<HandledMsg>,
    pub rest: VecDeque<Waiting>,
    pub in_batch: BTreeSet<ArchiveKey>,
    pub commit: std::io::Result<usize>,
    pub commit_took: Duration,
}

/// Handles messages from the front of `queue`, in order, in one write group
/// (until [`RUN_MAX`] messages, [`RUN_TIME`], or an I/O error, after which
/// nothing more can be stored), then commits the group with the done markers
/// of the messages handled and the run's record (see the module's
/// documentation).
pub(super) fn handle_run(r: &Referee, clock: &Clock, queue: VecDeque<Waiting>, in_batch: BTreeSet<ArchiveKey>) -> Run {
    handle(r, clock, queue, in_batch, None)
}

/// [`handle_run`], or with `recovering` (the record of an interrupted run)
/// every message of `queue` at once, the record kept whole.
fn handle(r: &Referee, clock: &Clock, mut queue: VecDeque<Waiting>, mut in_batch: BTreeSet<ArchiveKey>, recovering: Option<&RunRecord>) -> Run {
    let group = Group::new();
    let started = std::time::Instant::now();
    let mut handled = Vec::new();
    let mut messages: Vec<RunMessage> = Vec::new();
    // An I/O error: nothing more can be stored.
    let mut stopped = false;
    while let Some(w) = queue.pop_front() {
        let result = match w.received {
            Err(e) => Handled::Failed(e),
            Ok(received) => {
                let key = received.key().cloned();
                // The same message twice in one batch: the first one's
                // marker may not be written yet.
                if key.as_ref().is_some_and(|k| !in_batch.insert(k.clone())) {
                    Handled::Done(key, Outcome::Duplicate)
                } else {
                    let now = w.now.unwrap_or_else(|| judged_at(clock, w.delivered));
                    if let Some(key) = &key {
                        messages.push(RunMessage { key: key.clone(), now });
                    }
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| group.enter(|| r.handle_received(received, now))));
                    match outcome {
                        Ok(Ok(outcome)) => Handled::Done(key, outcome),
                        Ok(Err(e)) => Handled::Failed(e),
                        Err(panic) => Handled::Panicked(panic_text(&panic)),
                    }
                }
            }
        };
        stopped = matches!(&result, Handled::Failed(e) if super::health::is_io_error(e));
        handled.push(HandledMsg { pos: w.pos, id: w.id, result });
        if stopped || (recovering.is_none() && (handled.len() >= RUN_MAX || started.elapsed() >= RUN_TIME)) {
            break;
        }
    }
    // The done markers, staged for the commit's last round.
    for h in &mut handled {
        if let Handled::Done(Some(key), outcome) = &h.result {
            if let Err(e) = group.enter(|| r.finish(key, outcome)) {
                h.result = Handled::Failed(e);
            }
        }
    }
    let record = match recovering {
        Some(rec) => {
            let mut rec = rec.clone();
            rec.games = rec.games.into_iter().chain(group.locked_games()).collect::<BTreeSet<_>>().into_iter().collect();
            rec
        }
        None => RunRecord { games: group.locked_games(), messages },
    };
    let commit_started = std::time::Instant::now();
    let commit = match r.store.run_record_bytes(&record) {
        // Finishing a run is all or nothing: its record, kept whole, would
        // be removed with messages left unfinished.
        _ if stopped && recovering.is_some() => Err(std::io::Error::other("the data directory failed while finishing an interrupted run")),
        Ok(bytes) => {
            group.set_intent(r.store.run_record_path(), &bytes);
            group.commit()
        }
        Err(e) => Err(std::io::Error::other(e.to_string())),
    };
    if commit.is_err() {
        r.forget_all();
    }
    Run { handled, rest: queue, in_batch, commit, commit_took: commit_started.elapsed() }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_else(|| "panic".into())
}

/// Finishes the run a crash interrupted, if the data directory holds its
/// record: each of its messages without a done marker is handled again from
/// its archived copy, at the game time it was first handled, in one run
/// committed as any other (the record kept whole until its markers are
/// durable, then removed). Returns how many messages were handled again.
/// An error leaves the record, to try again. A message that fails again
/// (not an I/O error) is left to the mailbox's retries, as it would be.
pub(super) fn recover(r: &Referee, clock: &Clock) -> crate::referee::Result<usize> {
    let Some(record) = r.store.unfinished_run()? else { return Ok(0) };
    let mut queue = VecDeque::new();
    for (pos, m) in record.messages.iter().enumerate() {
        if r.store.archive_done(&m.key)?.is_some() {
            // Cut between its marker and the masking of its passwords.
            r.scrub_archive(&m.key)?;
            continue;
        }
        let Some(raw) = r.store.read_archived(&m.key)? else {
            tracing::warn!(key = %m.key, "a message of the interrupted run has no archived copy; left to the mailbox");
            continue;
        };
        queue.push_back(Waiting { pos, id: m.key.to_string(), received: r.receive(&raw), now: Some(m.now), delivered: None });
    }
    if queue.is_empty() {
        r.store.remove_run_record()?;
        return Ok(0);
    }
    let n = queue.len();
    let run = handle(r, clock, queue, BTreeSet::new(), Some(&record));
    if let Err(e) = run.commit {
        let failed = run.handled.into_iter().find_map(|h| match h.result {
            Handled::Failed(e) if super::health::is_io_error(&e) => Some(e),
            _ => None,
        });
        return Err(failed.unwrap_or_else(|| commit_error(r, &e)));
    }
    for h in &run.handled {
        match &h.result {
            Handled::Done(..) => {}
            Handled::Failed(e) => tracing::error!(error = %e, key = %h.id, "a message of the interrupted run failed again; left to the mailbox"),
            Handled::Panicked(why) => tracing::error!(error = %why, key = %h.id, "a message of the interrupted run panicked again; left to the mailbox"),
        }
    }
    tracing::info!(messages = n, games = ?record.games, "the run a stop interrupted is finished");
    Ok(n)
}
