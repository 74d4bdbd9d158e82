//! The outbox loop: sends what the outbox holds, up to
//! `[outbox] concurrency` mails at once, as a pipeline: a mail queued while
//! others are on the wire starts as soon as a slot is free (it does not wait
//! for the slowest of an earlier round).
//!
//! Its own writes are grouped: the items about to start are marked in
//! flight together (one [`Group`], a couple of rounds of parallel fsyncs,
//! durable before the first byte of any of them goes out), and the items the
//! server accepted are moved to `cur/` together ([`Outbox::mark_sent_many`]).
//! Both run on blocking threads, never on the runtime's workers, which the
//! intake and the sends in flight need meanwhile.
//!
//! [`Outbox::mark_sent_many`]: crate::store::Outbox::mark_sent_many

use std::collections::{BTreeSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::stream::FuturesUnordered;
use futures::{FutureExt, StreamExt};
use tokio::sync::{watch, Notify};

use super::health::{FaultKind, Health};
use super::{Daemon, MailboxSeen, OUTBOX_IDLE_LOOK};
use crate::store::{OutboxItem, StoreError};
use crate::transport::SendError;

/// After this many failed sendings in a row no new one starts until every
/// sending under way has ended: the server is down, stop hammering it (the
/// back-off is per message).
const FAILURES_BEFORE_PAUSE: usize = 3;

/// How a sending ended.
enum Sent {
    /// Accepted by the server: to be moved to `cur/`.
    Accepted,
    /// Failed (recorded, with its back-off).
    Failed,
    /// Refused for good (recorded) or nothing to do.
    Done,
}

pub(super) async fn outbox_loop(d: Arc<Daemon>, mut stop: watch::Receiver<bool>, kick: Arc<Notify>, seen: Arc<MailboxSeen>, health: Arc<Health>) {
    let journal = d.journal();
    // Sent, but the move to cur/ failed (read-only data directory): never
    // sent again by this process; the move is retried.
    let unrecorded: Arc<Mutex<BTreeSet<String>>> = Arc::default();
    let concurrency = d.referee.config.outbox.concurrency.max(1);
    // On the wire; read as due and waiting for a slot; whether the outbox
    // may hold more (woken, or a timer ran out).
    let mut active: BTreeSet<String> = BTreeSet::new();
    let mut queue: VecDeque<OutboxItem> = VecDeque::new();
    let mut look = true;
    let mut sending = FuturesUnordered::new();
    let mut failures = 0usize;
    loop {
        let stopping = *stop.borrow();
        // Start what is due, up to the free slots (a send once started is
        // finished, never cancelled half-way).
        if !stopping && failures < FAILURES_BEFORE_PAUSE && active.len() < concurrency {
            if queue.is_empty() && look {
                look = false;
                let (d, seen, health, unrecorded, journal) = (d.clone(), seen.clone(), health.clone(), unrecorded.clone(), journal.clone());
                let busy = active.clone();
                match tokio::task::spawn_blocking(move || due(&d, &seen, &health, &unrecorded, &journal, &busy)).await {
                    Ok(items) => queue.extend(items),
                    Err(e) => tracing::error!(error = %e, "reading the outbox panicked"),
                }
            }
            let take = (concurrency - active.len()).min(queue.len());
            if take > 0 {
                let chunk: Vec<OutboxItem> = queue.drain(..take).collect();
                let started = match &journal {
                    Some((_, grace)) => {
                        let (d, health, grace) = (d.clone(), health.clone(), *grace);
                        tokio::task::spawn_blocking(move || mark_in_flight(&d, &health, chunk, grace)).await.unwrap_or_else(|e| {
                            tracing::error!(error = %e, "marking the outbox's sendings panicked");
                            Vec::new()
                        })
                    }
                    None => chunk,
                };
                for item in started {
                    let id = item.id().to_string();
                    active.insert(id.clone());
                    let (d, health, journal) = (d.clone(), health.clone(), journal.clone());
                    let task = tokio::spawn(async move { send_item(&d, &item, &journal, &health).await });
                    sending.push(async move { (id, task.await) });
                }
            }
        }
        if active.is_empty() {
            failures = 0;
            if stopping {
                return;
            }
        }
        // Wait for a sending to end, new mail, or the next due time (with
        // nothing on the wire and items read but not started, sendings were
        // paused after failures: the next due time, as for any item).
        let wait = if active.is_empty() { next_wait(&d, &health, &unrecorded) } else { d.max_wait };
        let mut accepted: Vec<String> = Vec::new();
        tokio::select! {
            Some(first) = sending.next(), if !active.is_empty() => {
                // Every sending that has ended by now, recorded together.
                let mut done = vec![first];
                while let Some(Some(more)) = sending.next().now_or_never() {
                    done.push(more);
                }
                for (id, outcome) in done {
                    active.remove(&id);
                    match outcome {
                        Ok(Sent::Accepted) => {
                            failures = 0;
                            accepted.push(id);
                        }
                        Ok(Sent::Failed) => failures += 1,
                        Ok(Sent::Done) => {}
                        Err(e) => {
                            failures += 1;
                            tracing::error!(id = %id, error = %e, "a sending panicked");
                        }
                    }
                }
            },
            _ = kick.notified() => look = true,
            _ = d.clock.sleep(wait) => look = true,
            _ = stop.changed(), if !stopping => {},
        }
        if !accepted.is_empty() {
            let (d, health, unrecorded) = (d.clone(), health.clone(), unrecorded.clone());
            if let Err(e) = tokio::task::spawn_blocking(move || record_sent(&d, &health, &unrecorded, accepted)).await {
                tracing::error!(error = %e, "recording sent mail panicked");
            }
        }
    }
}

/// How long an outbox with nothing on the wire waits before looking again.
fn next_wait(d: &Daemon, health: &Health, unrecorded: &Mutex<BTreeSet<String>>) -> Duration {
    let wait = match d.referee.store.outbox().next_wakeup() {
        Ok(Some(Some(t))) => {
            let ms = (t.as_millisecond() - d.clock.ops_now().as_millisecond()).max(0) as u64;
            Duration::from_millis(ms).min(d.max_wait)
        }
        Ok(Some(None)) => Duration::from_millis(50),
        // Nothing waiting: look again soon anyway, because the CLI (another
        // process: `arbitre adjudicate`, `resend`) may queue mail too.
        _ => d.max_wait.min(OUTBOX_IDLE_LOOK),
    };
    // Retry times could not be recorded: do not spin on "due now".
    let unrecorded = !unrecorded.lock().unwrap_or_else(|p| p.into_inner()).is_empty();
    if health.is_failing(FaultKind::DataDir) || unrecorded {
        wait.max(d.referee.config.reconnect.delay(1))
    } else {
        wait
    }
}

/// The items of the outbox due now but those in `busy`, soonest first. An
/// item sent whose move to `cur/` failed is moved instead; one whose
/// earlier attempt may have reached the server waits for its journal copy
/// (postponed) unless the mailbox was read a grace after it. Blocking: files.
fn due(
    d: &Daemon,
    seen: &MailboxSeen,
    health: &Health,
    unrecorded: &Mutex<BTreeSet<String>>,
    journal: &Option<(String, jiff::SignedDuration)>,
    busy: &BTreeSet<String>,
) -> Vec<OutboxItem> {
    let outbox = d.referee.store.outbox();
    let now = d.clock.ops_now();
    let due = match outbox.due(now) {
        Ok(v) => v,
        Err(e) => {
            tracing::error!(error = %e, "cannot read the outbox");
            return Vec::new();
        }
    };
    let mut ready = Vec::new();
    for item in due.into_iter().filter(|i| !busy.contains(i.id())) {
        let was_unrecorded = unrecorded.lock().unwrap_or_else(|p| p.into_inner()).contains(item.id());
        if was_unrecorded {
            record_sent(d, health, unrecorded, vec![item.id().to_string()]);
            continue;
        }
        if let (Some((_, grace)), Some(since)) = (journal, item.meta.in_flight_since) {
            // An earlier attempt may have reached the server. Send again
            // only if the mailbox was read completely a grace after it,
            // without its copy (which would have marked it sent).
            let copy_due = since.checked_add(*grace).unwrap_or(jiff::Timestamp::MAX);
            if !seen.since(copy_due) {
                let later = now.checked_add(jiff::SignedDuration::from_secs(5)).unwrap_or(jiff::Timestamp::MAX);
                match outbox.postpone(item.id(), later) {
                    // Its journal copy came back meanwhile: sent.
                    Ok(()) | Err(StoreError::NotFound { .. }) => {}
                    Err(e) => tracing::error!(id = %item.id(), error = %e, "cannot update the outbox"),
                }
                continue;
            }
            tracing::warn!(id = %item.id(), since = %since, "no journal copy of an interrupted sending: sending again");
        }
        ready.push(item);
    }
    ready
}

/// Journal mode: marks `items` in flight, durable before the first byte of
/// any of them goes out, together; returns those marked (an item moved
/// away meanwhile, by its journal copy, is left out). Blocking: files.
fn mark_in_flight(d: &Daemon, health: &Health, items: Vec<OutboxItem>, grace: jiff::SignedDuration) -> Vec<OutboxItem> {
    let now = d.clock.ops_now();
    let ids: Vec<&str> = items.iter().map(OutboxItem::id).collect();
    match d.referee.store.outbox().mark_in_flight_many(&ids, now, grace) {
        Ok(marked) => items.into_iter().zip(marked).filter_map(|(item, marked)| marked.then_some(item)).collect(),
        Err(e) => {
            tracing::error!(error = %e, "cannot update the outbox; not sending");
            health.failure(FaultKind::DataDir, &e.to_string(), 0, now);
            Vec::new()
        }
    }
}

/// One attempt at sending one item of the outbox (marked in flight already
/// when the journal is on).
async fn send_item(d: &Daemon, item: &OutboxItem, journal: &Option<(String, jiff::SignedDuration)>, health: &Health) -> Sent {
    let outbox = d.referee.store.outbox();
    let mut recipients = item.meta.recipients.clone();
    if let Some((copy_to, _)) = journal {
        recipients.push(copy_to.clone());
    }
    tracing::debug!(id = %item.id(), "sending");
    let res = d.sender.send(&item.meta.envelope_from, &recipients, &item.raw).await;
    let now = d.clock.ops_now();
    match res {
        Ok(()) => {
            health.success(FaultKind::Smtp, 0, now);
            Sent::Accepted
        }
        Err(SendError::Transient(why)) => {
            health.failure(FaultKind::Smtp, &why, outbox.pending_count().unwrap_or(0), now);
            tracing::warn!(id = %item.id(), %why, "sending failed; will retry");
            match outbox.mark_failed_attempt(item.id(), &why, now) {
                // Moved away meanwhile (a journal copy of an earlier attempt).
                Ok(_) | Err(StoreError::NotFound { .. }) => {}
                Err(e) => {
                    health.failure(FaultKind::DataDir, &e.to_string(), 0, now);
                }
            }
            Sent::Failed
        }
        Err(SendError::Uncertain(why)) => {
            health.failure(FaultKind::Smtp, &why, outbox.pending_count().unwrap_or(0), now);
            match journal {
                Some((_, grace)) => {
                    tracing::warn!(id = %item.id(), %why, "sending interrupted; sent again only if its journal copy does not arrive");
                    let _ = outbox.mark_uncertain_attempt(item.id(), &why, now, *grace);
                }
                None => {
                    tracing::warn!(id = %item.id(), %why, "sending interrupted; will retry (without the journal, the server may get it twice)");
                    let _ = outbox.mark_failed_attempt(item.id(), &why, now);
                }
            }
            Sent::Failed
        }
        Err(SendError::Permanent(why)) => {
            tracing::error!(id = %item.id(), %why, "sending refused for good");
            let _ = outbox.mark_permanent_failure(item.id(), &why);
            if !item.id().starts_with("admin-") {
                let reason = crate::referee::messages::admin_bounce_reason(item.id(), &why.to_string()).render(d.referee.admin_lang());
                let _ = d.referee.alert_admin(&format!("bounce-{}", item.id()), "outbox", &reason, d.clock.now());
            }
            Sent::Done
        }
    }
}

/// Moves sent items to `cur/`, together; one that cannot be moved is noted
/// (logged, a data-directory fault): this process never sends it again, and
/// retries the move. Blocking: files.
fn record_sent(d: &Daemon, health: &Health, unrecorded: &Mutex<BTreeSet<String>>, ids: Vec<String>) {
    let results = d.referee.store.outbox().mark_sent_many(&ids);
    let mut unrecorded = unrecorded.lock().unwrap_or_else(|p| p.into_inner());
    for (id, result) in ids.iter().zip(results) {
        match result {
            Ok(()) => {
                unrecorded.remove(id);
            }
            Err(e) => {
                tracing::error!(id = %id, error = %e, "sent but could not record it; it will not be sent again by this process");
                health.failure(FaultKind::DataDir, &e.to_string(), 0, d.clock.ops_now());
                unrecorded.insert(id.clone());
            }
        }
    }
}
