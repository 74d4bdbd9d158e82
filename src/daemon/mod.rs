//! The daemon: one event loop per concern, sharing the [`Referee`].
//!
//! - intake: fetch the mail left in the inbox, handle each message (archive
//!   first), then tell the mailbox, in groups, that they were handled;
//!   wait with IDLE or polling;
//! - clock: deadlines (adjudication), reminders, in each game's time zone;
//! - outbox: send what is due, several at a time, with back-off and journal
//!   copies (see `referee::journal`); keep what fails;
//! - health: faults from outside (mailbox, SMTP, data directory) are
//!   tracked in [`health::Health`], logged, and mailed to the human referee
//!   when they last (`[alerts] outage_after`), and again when they end;
//! - web (with `[web]`): the game pages (`crate::web`), read-only; if its
//!   port is taken, an error is logged and the rest runs without it.
//!
//! Blocking work (files, rendering, adjudication) runs on tokio's blocking
//! pool; within the daemon, game writes are serialised by the clock and
//! intake loops each taking the game's lock (the CLI takes it too).
//! Shutdown (SIGTERM, SIGINT) is passed in: each loop finishes the step it
//! is in (a message, a turn, a send), then returns; nothing is left half-done
//! because every durable step is atomic and idempotent.

pub mod clock;
pub mod health;
mod outbox;
mod run;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};

use crate::referee::adjudication::Mode;
use crate::referee::Referee;
use crate::transport::{Mailbox, Sender};
use run::{handle_run, receive_all, Handled, Waiting};

pub use clock::Clock;
use health::{FaultKind, Health};

/// How often an idle outbox is looked at for mail queued by another process.
const OUTBOX_IDLE_LOOK: Duration = Duration::from_secs(5);

/// How often the health loop looks at the faults.
const HEALTH_TICK: Duration = Duration::from_secs(1);

/// Opens (or re-opens, after an error) the mailbox.
pub type MailboxFactory =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = anyhow::Result<Box<dyn Mailbox>>> + Send>> + Send + Sync>;

/// What the daemon needs.
pub struct Daemon {
    pub referee: Arc<Referee>,
    pub open_mailbox: MailboxFactory,
    pub sender: Arc<dyn Sender>,
    pub clock: Clock,
    /// Longest wait between two looks at the mailbox or the clock.
    pub max_wait: Duration,
    /// Tell systemd (`READY=1`, `WATCHDOG=1`, `STOPPING=1`).
    pub notify_systemd: bool,
}

impl Daemon {
    /// Runs until `shutdown` resolves.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let (stop_tx, stop_rx) = watch::channel(false);
        let outbox_kick = Arc::new(Notify::new());
        let now = self.clock.now();
        for (id, res) in self.referee.create_missing_games(now) {
            match res {
                Ok(_) => tracing::info!(game = %id, "game created from the configuration"),
                Err(e) => tracing::error!(game = %id, error = %e, "could not create the configured game"),
            }
        }

        // The web pages ([web]): a port that cannot be taken is logged and
        // the daemon goes on refereeing mail without them.
        let web = crate::web::start(self.referee.clone(), self.clock.clone(), stop_rx.clone()).await;

        let health = Arc::new(Health::for_referee(&self.referee));
        let d = Arc::new(self);
        let seen = Arc::new(MailboxSeen::default());
        // The intake wakes the clock after each handled mail: it may have
        // completed a step that early adjudication plays (capability 3).
        let clock_kick = Arc::new(Notify::new());
        // The clock asks the intake for a reading of the mailbox through a
        // deadline before playing it.
        let read = Arc::new(Reading::default());
        let intake = tokio::spawn(intake_loop(d.clone(), stop_rx.clone(), outbox_kick.clone(), clock_kick.clone(), seen.clone(), health.clone(), read.clone()));
        let clock = tokio::spawn(clock_loop(d.clone(), stop_rx.clone(), outbox_kick.clone(), clock_kick, health.clone(), read));
        let outbox = tokio::spawn(outbox::outbox_loop(d.clone(), stop_rx.clone(), outbox_kick.clone(), seen, health.clone()));
        let watchdog = tokio::spawn(watchdog_loop(d.clone(), stop_rx.clone()));
        let health_task = tokio::spawn(health_loop(d.clone(), stop_rx.clone(), outbox_kick.clone(), health));

        shutdown.await;
        tracing::info!("shutting down: finishing the current steps");
        if d.notify_systemd {
            let _ = sd_notify::notify(false, &[sd_notify::NotifyState::Stopping]);
        }
        let _ = stop_tx.send(true);
        for t in [intake, clock, outbox, watchdog, health_task].into_iter().chain(web) {
            if let Err(e) = t.await {
                tracing::error!(error = %e, "a daemon task ended abnormally");
            }
        }
        tracing::info!("stopped");
        Ok(())
    }
}

/// The operational instant at which the last complete reading of the
/// mailbox began (every message then there was handled): a journal copy
/// that had arrived by then has been seen. While mail waits in the outbox,
/// the intake reads the mailbox at least once per journal grace.
#[derive(Debug)]
struct MailboxSeen {
    at: AtomicI64,
}

impl Default for MailboxSeen {
    fn default() -> Self {
        MailboxSeen { at: AtomicI64::new(i64::MIN) }
    }
}

impl MailboxSeen {
    fn record(&self, look_began: jiff::Timestamp) {
        self.at.fetch_max(look_began.as_millisecond(), Ordering::SeqCst);
    }

    /// Whether the mailbox was read completely at or after `t`.
    fn since(&self, t: jiff::Timestamp) -> bool {
        self.at.load(Ordering::SeqCst) >= t.as_millisecond()
    }
}

/// How far the mailbox has been read, in game time: the instant at which
/// the last reading began that took every pending message and handled it
/// (stored; a message failing for a reason of its own is retried apart). A
/// deadline is played only once the mailbox was read through it, so that
/// an order delivered before it is never left unread while the turn is
/// played (it is judged by its delivery instant: `run::judged_at`).
/// What the clock and the intake share about reading the mailbox.
#[derive(Debug, Default)]
struct Reading {
    through: ReadThrough,
    /// The clock asks for a reading now: raised, it ends the intake's wait
    /// for mail at the mailbox's next look at the server
    /// (`Mailbox::set_wake`; cancelling the wait would lose an IDLE session).
    ask: Arc<std::sync::atomic::AtomicBool>,
}

#[derive(Debug)]
struct ReadThrough {
    at: AtomicI64,
    /// The clock loop waits for a reading: wake it after the next one.
    awaited: std::sync::atomic::AtomicBool,
}

impl Default for ReadThrough {
    fn default() -> Self {
        ReadThrough { at: AtomicI64::new(i64::MIN), awaited: std::sync::atomic::AtomicBool::new(false) }
    }
}

impl ReadThrough {
    /// A complete reading that began at `began` (game time); true when the
    /// clock waits for one.
    fn record(&self, began: jiff::Timestamp) -> bool {
        self.at.fetch_max(began.as_millisecond(), Ordering::SeqCst);
        self.awaited.swap(false, Ordering::SeqCst)
    }

    /// Whether the mailbox was read through `t`.
    fn through(&self, t: jiff::Timestamp) -> bool {
        self.at.load(Ordering::SeqCst) >= t.as_millisecond()
    }
}

impl Daemon {
    /// Journal copies are used with SMTP (see `referee::journal`); the
    /// embedded Maildir transport delivers at most once by itself.
    fn journal(&self) -> Option<(String, jiff::SignedDuration)> {
        let c = &self.referee.config;
        (c.outbox.journal && matches!(c.transport, crate::config::TransportConfig::Imap { .. }))
            .then(|| (c.referee_address.clone(), c.outbox.journal_grace))
    }
}

/// Sleeps for `dur` or until stop; returns true when stopping.
async fn sleep_or_stop(clock: &Clock, dur: Duration, stop: &mut watch::Receiver<bool>) -> bool {
    if *stop.borrow() {
        return true;
    }
    tokio::select! {
        _ = clock.sleep(dur) => *stop.borrow(),
        _ = stop.changed() => true,
    }
}

async fn intake_loop(
    d: Arc<Daemon>,
    mut stop: watch::Receiver<bool>,
    kick: Arc<Notify>,
    clock_kick: Arc<Notify>,
    seen: Arc<MailboxSeen>,
    health: Arc<Health>,
    read: Arc<Reading>,
) {
    let reconnect = d.referee.config.reconnect;
    let journal = d.journal();
    // Failed attempts in a row to reach the mailbox, and to store a message.
    let mut mailbox_failures = 0u32;
    let mut store_failures = 0u32;
    // Messages that could not be stored during the current data-directory
    // fault (for the referee's mail), and messages that fail for another
    // reason, each with its own back-off (so one bad message never blocks
    // the others, and is never retried in a tight loop).
    let mut unstored: BTreeSet<String> = BTreeSet::new();
    let mut failing: BTreeMap<String, (u32, jiff::Timestamp)> = BTreeMap::new();
    let mut ready_sent = false;
    'connect: loop {
        if *stop.borrow() || !finish_interrupted_run(&d, &health, &kick, &clock_kick, &mut stop).await {
            return;
        }
        let mut mailbox = match (d.open_mailbox)().await {
            Ok(mut m) => {
                m.set_wake(read.ask.clone());
                m
            }
            Err(e) => {
                mailbox_failures += 1;
                let backoff = reconnect.delay(mailbox_failures);
                let why = format!("{e:#}");
                health.failure(FaultKind::Mailbox, &why, 0, d.clock.ops_now());
                tracing::warn!(error = %why, retry_in = ?backoff, "cannot open the mailbox");
                if sleep_or_stop(&d.clock, backoff, &mut stop).await {
                    return;
                }
                continue 'connect;
            }
        };
        if !ready_sent {
            // Readiness means "the mailbox is reachable".
            if d.notify_systemd {
                let _ = sd_notify::notify(false, &[sd_notify::NotifyState::Ready]);
            }
            tracing::info!("mailbox reachable; ready");
            ready_sent = true;
        }
        loop {
            if *stop.borrow() || !finish_interrupted_run(&d, &health, &kick, &clock_kick, &mut stop).await {
                return;
            }
            let look_began = d.clock.ops_now();
            let read_began = d.clock.now();
            let fetch_started = std::time::Instant::now();
            // In batches of bounded size: a full inbox never takes more
            // memory than one (what is left is read at once after).
            let (batch, more) = match mailbox.fetch_batch(d.referee.config.limits.max_batch_bytes).await {
                Ok(b) => b,
                Err(e) => {
                    mailbox_failures += 1;
                    let backoff = reconnect.delay(mailbox_failures);
                    health.failure(FaultKind::Mailbox, &e.to_string(), 0, d.clock.ops_now());
                    tracing::warn!(error = %e, retry_in = ?backoff, "mailbox error; reconnecting");
                    if sleep_or_stop(&d.clock, backoff, &mut stop).await {
                        return;
                    }
                    continue 'connect;
                }
            };
            mailbox_failures = 0;
            health.success(FaultKind::Mailbox, batch.len(), d.clock.ops_now());
            failing.retain(|id, _| batch.iter().any(|m| &m.id == id));
            let mut all_handled = true;
            let mut store_retry: Option<Duration> = None;
            let ids: Vec<String> = batch.iter().map(|m| m.id.clone()).collect();
            let delivered: Vec<Option<jiff::Timestamp>> = batch.iter().map(|m| m.delivered).collect();
            // Step 1 (decode, archive, or a journal copy) for the whole batch
            // at once: independent messages, whose archived copies are made
            // durable together before step 2. Messages backing off are left
            // out.
            let skip: Vec<bool> = batch
                .iter()
                .map(|m| failing.get(&m.id).is_some_and(|(_, not_before)| d.clock.ops_now() < *not_before))
                .collect();
            let raws: Vec<Option<Vec<u8>>> = batch.into_iter().zip(&skip).map(|(m, skip)| (!skip).then_some(m.raw)).collect();
            let (fetched, fetch_took, receive_started) = (ids.len(), fetch_started.elapsed(), std::time::Instant::now());
            let received = {
                let r = d.referee.clone();
                match tokio::task::spawn_blocking(move || receive_all(&r, raws)).await {
                    Ok(v) => v,
                    Err(e) => {
                        tracing::error!(error = %e, "receiving a batch panicked; reconnecting");
                        continue 'connect;
                    }
                }
            };
            if fetched > 0 {
                tracing::debug!(messages = fetched, fetch = ?fetch_took, receive = ?receive_started.elapsed(), "batch fetched and archived");
            }
            // Step 2, in runs (`run`): the messages of a run are handled one
            // at a time in the mailbox's order, their writes staged in one
            // `store::Group` whose commit makes them durable together (a few
            // rounds of parallel fsyncs instead of eight fsyncs in a row per
            // order), their replies visible, then their done markers (step
            // 3); only then is the outbox woken, and the mailbox told.
            let mut in_batch: BTreeSet<crate::store::ArchiveKey> = BTreeSet::new();
            let mut to_mark: Vec<String> = Vec::new();
            let mut queue: VecDeque<Waiting> = VecDeque::new();
            for (pos, (id, received)) in ids.iter().zip(received).enumerate() {
                match received {
                    Some(received) => queue.push_back(Waiting { pos, id: id.clone(), received, now: None, delivered: delivered[pos] }),
                    None => all_handled = false,
                }
            }
            while !queue.is_empty() {
                let run_started = std::time::Instant::now();
                let run = {
                    let (r, clock) = (d.referee.clone(), d.clock.clone());
                    let batch_keys = std::mem::take(&mut in_batch);
                    match tokio::task::spawn_blocking(move || handle_run(&r, &clock, queue, batch_keys)).await {
                        Ok(run) => run,
                        Err(e) => {
                            // Only the run's own bookkeeping can get here
                            // (each message's panic is caught): read again.
                            tracing::error!(error = %e, "handling a run of messages panicked; reconnecting");
                            continue 'connect;
                        }
                    }
                };
                tracing::debug!(handled = run.handled.len(), took = ?run_started.elapsed(), commit = ?run.commit_took, files = ?run.commit.as_ref().ok(), "run committed");
                queue = run.rest;
                in_batch = run.in_batch;
                let ops_now = d.clock.ops_now();
                // A commit that failed: nothing of the run is durable, so
                // nothing of it is acknowledged; the run waits in the
                // mailbox, in order, like a message that could not be stored.
                let commit_failed = run.commit.as_ref().err().map(|e| e.to_string());
                let mut done: Vec<String> = Vec::new();
                let mut stored_failure: Option<(usize, String)> = None;
                for h in run.handled {
                    match h.result {
                        Handled::Done(..) => match &commit_failed {
                            None => {
                                store_failures = 0;
                                failing.remove(&h.id);
                                unstored.remove(&h.id);
                                done.push(h.id);
                            }
                            Some(why) => {
                                stored_failure.get_or_insert((h.pos, why.clone()));
                            }
                        },
                        Handled::Failed(e) if health::is_io_error(&e) => {
                            // The data directory (full, read-only…), not the
                            // message: nothing can be stored, so every message
                            // waits, in order, in the mailbox; try again after
                            // the back-off, or as soon as writing works again.
                            stored_failure = Some(stored_failure.map_or((h.pos, e.to_string()), |(p, w)| (p.min(h.pos), w)));
                        }
                        Handled::Failed(e) => {
                            all_handled = false;
                            let (n, backoff, not_before) = next_try(&failing, &h.id, &reconnect, ops_now);
                            failing.insert(h.id.clone(), (n, not_before));
                            tracing::error!(error = %e, id = %h.id, retry_in = ?backoff, "could not handle a message; left in the mailbox for a retry");
                        }
                        Handled::Panicked(why) => {
                            all_handled = false;
                            let (n, backoff, not_before) = next_try(&failing, &h.id, &reconnect, ops_now);
                            failing.insert(h.id.clone(), (n, not_before));
                            tracing::error!(error = %why, id = %h.id, retry_in = ?backoff, "handling a message panicked; left in the mailbox");
                        }
                    }
                }
                if !done.is_empty() {
                    // The replies are durable in the outbox, and the markers.
                    kick.notify_one();
                    clock_kick.notify_one();
                    to_mark.extend(done);
                }
                if let Some((pos, why)) = stored_failure {
                    all_handled = false;
                    store_failures += 1;
                    unstored.extend(ids[pos..].iter().cloned());
                    let backoff = reconnect.delay(store_failures);
                    health.failure(FaultKind::DataDir, &why, unstored.len(), ops_now);
                    tracing::warn!(error = %why, id = %ids[pos], retry_in = ?backoff, "could not store a message; it stays in the mailbox for a retry");
                    store_retry = Some(backoff);
                    break;
                }
                if *stop.borrow() {
                    mark_handled(&mut *mailbox, &mut to_mark).await;
                    return;
                }
                // Told in groups (one IMAP round trip per group); a crash
                // before leaves them to be seen again and skipped as
                // duplicates.
                if to_mark.len() >= MARK_GROUP && !mark_handled(&mut *mailbox, &mut to_mark).await {
                    continue 'connect;
                }
            }
            let mark_started = std::time::Instant::now();
            let marked = mark_handled(&mut *mailbox, &mut to_mark).await;
            if fetched > 0 {
                tracing::debug!(took = ?mark_started.elapsed(), "batch marked handled");
            }
            if !marked {
                continue 'connect;
            }
            if all_handled {
                seen.record(look_began);
            }
            // Read through `read_began`: every message then pending was
            // taken and stored (one failing for a reason of its own is
            // retried apart and judged by its delivery when it succeeds).
            if !more && store_retry.is_none() && read.through.record(read_began) {
                clock_kick.notify_one();
            }
            if more && store_retry.is_none() {
                continue;
            }
            if let Some(backoff) = store_retry {
                // Not `wait_for_mail`: new mail must not make it retry sooner.
                tokio::select! {
                    _ = d.clock.sleep(backoff) => {},
                    _ = health.data_dir_back.notified() => {},
                    _ = stop.changed() => return,
                }
                continue;
            }
            unstored.clear();
            let now = d.clock.ops_now();
            let wait = failing
                .values()
                .map(|(_, t)| Duration::from_millis((t.as_millisecond() - now.as_millisecond()).max(0) as u64))
                .min()
                .map_or(d.max_wait, |w| w.min(d.max_wait));
            // Mail waits in the outbox: some may be in flight since before a
            // crash, to be sent again only after a look at the mailbox a
            // grace after; IDLE alone would wait for new mail.
            let wait = match &journal {
                Some((_, grace)) if d.referee.store.outbox().pending_count().unwrap_or(0) > 0 => {
                    wait.min(Duration::try_from(*grace).unwrap_or(wait) + Duration::from_millis(200))
                }
                _ => wait,
            };
            tokio::select! {
                r = mailbox.wait_for_mail(wait) => if let Err(e) = r {
                    tracing::warn!(error = %e, "waiting for mail failed; reconnecting");
                    continue 'connect;
                },
                _ = stop.changed() => return,
            }
        }
    }
}

/// Finishes the run of messages a stop interrupted (`run::recover`), if
/// there is one, before anything more is read from the mailbox; retried
/// with the back-off while it fails (at once when the data directory can be
/// written again). The clock is woken after: the games the run names could
/// not be adjudicated meanwhile. False when stopping.
async fn finish_interrupted_run(d: &Arc<Daemon>, health: &Health, kick: &Notify, clock_kick: &Notify, stop: &mut watch::Receiver<bool>) -> bool {
    let mut failures = 0u32;
    while d.referee.store.run_record_path().exists() {
        let (r, clock) = (d.referee.clone(), d.clock.clone());
        let why = match tokio::task::spawn_blocking(move || run::recover(&r, &clock)).await {
            Ok(Ok(n)) => {
                if n > 0 {
                    kick.notify_one();
                }
                clock_kick.notify_one();
                return true;
            }
            Ok(Err(e)) => {
                if health::is_io_error(&e) {
                    health.failure(FaultKind::DataDir, &e.to_string(), 0, d.clock.ops_now());
                }
                e.to_string()
            }
            Err(e) => format!("panicked: {e}"),
        };
        failures += 1;
        let backoff = d.referee.config.reconnect.delay(failures);
        tracing::warn!(error = %why, retry_in = ?backoff, "could not finish the run of messages a stop interrupted; its games wait");
        // Sooner when the data directory can be written again.
        tokio::select! {
            _ = d.clock.sleep(backoff) => {},
            _ = health.data_dir_back.notified() => {},
            _ = stop.changed() => return false,
        }
    }
    true
}

/// How many handled messages are told to the mailbox at once.
const MARK_GROUP: usize = 50;

/// Tells the mailbox that the messages of `ids` were handled; false (logged)
/// when it could not: reconnect, they will be seen again and skipped as
/// duplicates.
async fn mark_handled(mailbox: &mut dyn Mailbox, ids: &mut Vec<String>) -> bool {
    if ids.is_empty() {
        return true;
    }
    let r = mailbox.mark_processed_many(ids).await;
    let n = ids.len();
    ids.clear();
    match r {
        Ok(()) => true,
        Err(e) => {
            tracing::error!(error = %e, messages = n, "could not mark handled messages; they will be seen again and skipped as duplicates");
            false
        }
    }
}

/// The next attempt at a message that failed for a reason of its own:
/// (failures so far, the wait, not before).
fn next_try(
    failing: &BTreeMap<String, (u32, jiff::Timestamp)>,
    id: &str,
    reconnect: &crate::config::ReconnectConfig,
    now: jiff::Timestamp,
) -> (u32, Duration, jiff::Timestamp) {
    let n = failing.get(id).map_or(1, |(n, _)| n + 1);
    let backoff = reconnect.delay(n);
    let d = jiff::SignedDuration::try_from(backoff).unwrap_or(jiff::SignedDuration::from_secs(1));
    (n, backoff, now.checked_add(d).unwrap_or(now))
}

/// Every second: announces the faults that last, checks whether a data
/// directory that could not be written can be again, and queues the alerts
/// for the referee as soon as the outbox can take them.
async fn health_loop(d: Arc<Daemon>, mut stop: watch::Receiver<bool>, kick: Arc<Notify>, health: Arc<Health>) {
    loop {
        let now = d.clock.ops_now();
        if health.fault(FaultKind::DataDir).is_some() {
            let dir = d.referee.config.data_dir.clone();
            match tokio::task::spawn_blocking(move || health::probe_data_dir(&dir)).await {
                Ok(Ok(())) => health.success(FaultKind::DataDir, 0, now),
                Ok(Err(e)) => {
                    health.failure(FaultKind::DataDir, &format!("{}: {e}", d.referee.config.data_dir.display()), 0, now);
                }
                Err(e) => tracing::error!(error = %e, "the data directory probe panicked"),
            }
        }
        health.check(now);
        if !health.pending().is_empty() && !health.is_failing(FaultKind::DataDir) {
            let r = d.referee.clone();
            let h = health.clone();
            // The mail's own date is game time (what the referee's other mail uses).
            let mail_now = d.clock.now();
            match tokio::task::spawn_blocking(move || h.queue_pending(&r, mail_now)).await {
                Ok(Ok(n)) if n > 0 => kick.notify_one(),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => {
                    if health::is_io_error(&e) {
                        health.failure(FaultKind::DataDir, &e.to_string(), 0, now);
                    }
                    tracing::warn!(error = %e, "could not queue an alert for the referee; it is kept and tried again");
                }
                Err(e) => tracing::error!(error = %e, "queuing the referee's alerts panicked"),
            }
        }
        if sleep_or_stop(&d.clock, HEALTH_TICK, &mut stop).await {
            return;
        }
    }
}

async fn clock_loop(d: Arc<Daemon>, mut stop: watch::Receiver<bool>, kick: Arc<Notify>, clock_kick: Arc<Notify>, health: Arc<Health>, read: Arc<Reading>) {
    // Games whose deadline waits for the mailbox, and whether that was logged.
    let mut waiting_mail: BTreeMap<String, bool> = BTreeMap::new();
    // Failed adjudications in a row, per game: retried with the reconnect
    // back-off (a full disk must not make it retry every second).
    let mut failed: BTreeMap<String, u32> = BTreeMap::new();
    loop {
        let now = d.clock.now();
        let mut next_wake = d.max_wait;
        for gc in &d.referee.config.games {
            let meta = match d.referee.read_meta(&gc.id) {
                Ok(Some(m)) => m,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!(game = %gc.id, error = %e, "cannot read the game");
                    continue;
                }
            };
            if meta.finished || meta.paused {
                continue;
            }
            // Reminders.
            let r = d.referee.clone();
            let id = gc.id.clone();
            match tokio::task::spawn_blocking(move || r.send_reminders(&id, now)).await {
                Ok(Ok(n)) if n > 0 => {
                    tracing::info!(game = %gc.id, reminders = n, "reminders queued");
                    kick.notify_one();
                }
                Ok(Err(e)) => tracing::error!(game = %gc.id, error = %e, "reminders failed"),
                _ => {}
            }
            // Early adjudication: due when every awaited seat is ready; a
            // full game's registration step, or a step in which a
            // concession ends the game, is due at once, early adjudication
            // or not (asked only in those steps).
            let at_once = (meta.turn == 0 && gc.start_when_full) || meta.families.values().any(|f| f.resigned == Some(meta.turn));
            let early = if (gc.early.is_some() || at_once) && meta.held.is_none() {
                let r = d.referee.clone();
                let id = gc.id.clone();
                match tokio::task::spawn_blocking(move || r.early_due(&id)).await {
                    Ok(Ok(t)) => t,
                    Ok(Err(e)) => {
                        tracing::error!(game = %gc.id, error = %e, "cannot tell whether the step is due early");
                        None
                    }
                    Err(_) => None,
                }
            } else {
                None
            };
            let deadline_due = meta.deadline.is_some_and(|dl| now >= dl);
            // A deadline is played once the mailbox was read through it
            // (an order delivered before it counts), or once it has waited
            // `[limits] deadline_mail_wait` for that (an outage: the
            // referee is alerted of the mailbox's fault meanwhile).
            if let Some(dl) = meta.deadline.filter(|_| deadline_due && meta.held.is_none()) {
                if read.through.through(dl) {
                    waiting_mail.remove(&gc.id);
                } else if now.duration_since(dl) < d.referee.config.limits.deadline_mail_wait {
                    read.through.awaited.store(true, Ordering::SeqCst);
                    read.ask.store(true, Ordering::SeqCst);
                    if !waiting_mail.insert(gc.id.clone(), true).unwrap_or(false) {
                        tracing::info!(game = %gc.id, turn = meta.turn, "deadline due: waiting for the mailbox to be read through it");
                    }
                    next_wake = next_wake.min(Duration::from_secs(1));
                    continue;
                } else {
                    waiting_mail.remove(&gc.id);
                    tracing::error!(game = %gc.id, turn = meta.turn, waited = %d.referee.config.limits.deadline_mail_wait, "the mailbox could not be read through the deadline: the turn is played without what it could not read");
                }
            }
            let early_due = early.is_some_and(|t| now >= t);
            if (deadline_due || early_due) && meta.held.is_none() {
                let mode = if deadline_due { Mode::Deadline } else { Mode::Early };
                tracing::info!(game = %gc.id, turn = meta.turn, ?mode, "step due: adjudicating");
                let r = d.referee.clone();
                let id = gc.id.clone();
                let res = tokio::task::spawn_blocking(move || r.adjudicate(&id, mode, now)).await;
                let retry_in = match &res {
                    Ok(Ok(_)) => {
                        failed.remove(&gc.id);
                        Duration::from_secs(1)
                    }
                    // The intake finishes the run first, then wakes the clock.
                    Ok(Err(crate::referee::RefereeError::Store(crate::store::StoreError::UnfinishedRun { .. }))) => Duration::from_secs(1),
                    _ => {
                        let n = failed.entry(gc.id.clone()).or_insert(0);
                        *n += 1;
                        d.referee.config.reconnect.delay(*n)
                    }
                };
                match res {
                    Ok(Ok(s)) if s.held.is_some() => tracing::warn!(game = %gc.id, reason = ?s.held, "turn held"),
                    Ok(Ok(s)) => tracing::info!(game = %gc.id, turn = s.turn, reports = s.reports, early = s.early, "turn adjudicated"),
                    Ok(Err(e @ crate::referee::RefereeError::Store(crate::store::StoreError::UnfinishedRun { .. }))) => {
                        tracing::info!(game = %gc.id, reason = %e, "the step waits for the messages of an interrupted run")
                    }
                    Ok(Err(e)) => {
                        if health::is_io_error(&e) {
                            health.failure(FaultKind::DataDir, &e.to_string(), 0, d.clock.ops_now());
                        }
                        tracing::error!(game = %gc.id, error = %e, ?retry_in, "adjudication failed; will retry")
                    }
                    Err(e) => tracing::error!(game = %gc.id, error = %e, ?retry_in, "adjudication panicked; will retry"),
                }
                kick.notify_one();
                next_wake = next_wake.min(retry_in);
                continue;
            }
            // Wake at the deadline, the early instant or the next reminder, whichever first.
            let reminders = meta.deadline.map(|dl| crate::scheduler::reminder_instants(dl, &gc.reminders)).unwrap_or_default();
            if let Some(first) = reminders.into_iter().chain(meta.deadline).chain(early).filter(|t| *t > now).min() {
                let secs = (first.as_millisecond() - now.as_millisecond()).max(0) as u64;
                next_wake = next_wake.min(Duration::from_millis(secs + 5));
            }
        }
        if d.clock.is_scripted() {
            // Game time may jump whenever the clock file is rewritten.
            next_wake = next_wake.min(Duration::from_millis(200));
        }
        tokio::select! {
            stopping = sleep_or_stop(&d.clock, next_wake, &mut stop) => if stopping { return },
            _ = clock_kick.notified() => {}
        }
    }
}

async fn watchdog_loop(d: Arc<Daemon>, mut stop: watch::Receiver<bool>) {
    let mut usec = 0u64;
    if d.notify_systemd && sd_notify::watchdog_enabled(false, &mut usec) {
        let period = Duration::from_micros(usec / 2).max(Duration::from_secs(1));
        loop {
            let _ = sd_notify::notify(false, &[sd_notify::NotifyState::Watchdog]);
            if sleep_or_stop(&d.clock, period, &mut stop).await {
                return;
            }
        }
    }
}
