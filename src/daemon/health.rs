//! The daemon's health: faults that come from outside (the mailbox
//! unreachable, the SMTP server failing, the data directory full or
//! read-only), when each began, its last error and how many attempts failed.
//!
//! - A fault is logged at ERROR when it starts, at WARN at most once a
//!   minute while it lasts, at INFO when it ends (with its duration).
//! - When it has lasted longer than `[alerts] outage_after`, the human
//!   referee gets one mail saying what fails, since when, the last error and
//!   that the work resumes by itself; when it ends, a second mail
//!   ("rétabli") with its duration and how many messages waited.
//! - Those mails go through the outbox like any other. While the data
//!   directory cannot be written, they cannot be queued: they are kept in
//!   memory and queued as soon as writing works again.
//! - Each mail's outbox id names the fault and the instant it began, so a
//!   fault is announced once and its end once. The open faults are kept in
//!   `<data>/health.json` (when it can be written), so that a daemon
//!   restarted during the same outage does not announce it again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Notify;

use crate::i18n::{Lang, Msg};
use crate::referee::replies::{Draft, Threading};
use crate::referee::Referee;

/// How often a lasting fault is logged again (WARN).
const WARN_EVERY: SignedDuration = SignedDuration::from_secs(60);

/// What fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultKind {
    /// The referee's mailbox cannot be opened or read (IMAP down, network).
    Mailbox,
    /// The SMTP server refuses or cannot be reached (temporary failures).
    Smtp,
    /// The data directory cannot be written (full disk, read-only).
    DataDir,
}

impl FaultKind {
    /// For logs and outbox ids.
    pub fn slug(self) -> &'static str {
        match self {
            FaultKind::Mailbox => "mailbox",
            FaultKind::Smtp => "smtp",
            FaultKind::DataDir => "data-dir",
        }
    }

    fn english(self) -> &'static str {
        match self {
            FaultKind::Mailbox => "the mailbox is unreachable",
            FaultKind::Smtp => "sending mail (SMTP) fails",
            FaultKind::DataDir => "the data directory cannot be written (disk full or read-only?)",
        }
    }

    /// `part` ("short": for the subject line, "what", "meanwhile") of the
    /// mails about this fault, in `lang`.
    fn told(self, part: &str, lang: Lang) -> String {
        Msg::new(format!("referee-fault-{part}-{}", self.slug())).render(lang)
    }
}

/// One fault in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    pub since: Timestamp,
    pub last_error: String,
    /// Failed attempts so far.
    pub attempts: u32,
    /// The referee was mailed about it.
    pub alerted: bool,
    /// The most messages seen waiting because of it.
    pub waiting: usize,
    /// Read from `health.json` at start and not seen failing since: never
    /// announced (it may be over), but its end is, if it was announced.
    #[serde(skip)]
    pub inherited: bool,
    #[serde(skip)]
    last_warn: Option<Timestamp>,
}

/// A mail for the human referee, not yet in the outbox.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingAlert {
    /// Outbox id (`admin-…`).
    pub id: String,
    pub subject: String,
    pub template: &'static str,
    pub context: serde_json::Value,
}

#[derive(Default)]
struct State {
    faults: BTreeMap<FaultKind, Fault>,
    pending: Vec<PendingAlert>,
}

/// The tracker, shared by the daemon's loops.
pub struct Health {
    outage_after: SignedDuration,
    /// How long the daemon waits at most between two attempts (for the mail).
    retry_max: SignedDuration,
    zone: TimeZone,
    /// The language of the mails (`admin_language`).
    lang: Lang,
    file: Option<PathBuf>,
    state: Mutex<State>,
    /// Woken when the data directory is writable again.
    pub data_dir_back: Notify,
}

impl Health {
    /// A tracker; `file` (`<data>/health.json`) keeps open faults across
    /// restarts, and is read now if it exists.
    pub fn new(outage_after: SignedDuration, retry_max: SignedDuration, zone: TimeZone, lang: Lang, file: Option<PathBuf>) -> Health {
        let mut state = State::default();
        if let Some(f) = &file {
            match crate::store::read_json::<BTreeMap<FaultKind, Fault>>(f) {
                Ok(Some(faults)) => {
                    for (k, mut fault) in faults {
                        fault.inherited = true;
                        tracing::warn!(fault = k.slug(), since = %fault.since, "a fault was in progress when the daemon stopped; checking it again");
                        state.faults.insert(k, fault);
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "health file unreadable; ignored"),
            }
        }
        Health { outage_after, retry_max, zone, lang, file, state: Mutex::new(state), data_dir_back: Notify::new() }
    }

    /// The tracker for a referee's configuration.
    pub fn for_referee(r: &Referee) -> Health {
        let zone = r.config.games.first().map(|g| g.time_zone.clone()).unwrap_or(TimeZone::UTC);
        let retry_max = r.config.reconnect.max.max(r.config.outbox.retry_max);
        let lang = Lang::from_code(&r.config.admin_language);
        Health::new(r.config.alerts.outage_after, retry_max, zone, lang, Some(r.config.data_dir.join("health.json")))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An attempt failed. `waiting`: how many messages wait because of it
    /// (the largest number seen is kept). Returns true when this starts a
    /// fault.
    pub fn failure(&self, kind: FaultKind, error: &str, waiting: usize, now: Timestamp) -> bool {
        let mut st = self.lock();
        let started = match st.faults.get_mut(&kind) {
            Some(f) => {
                f.attempts = f.attempts.saturating_add(1);
                f.last_error = error.to_string();
                f.waiting = f.waiting.max(waiting);
                if f.inherited {
                    f.inherited = false;
                    tracing::error!(fault = kind.slug(), since = %f.since, error, "fault still in progress: {}", kind.english());
                    f.last_warn = Some(now);
                } else if f.last_warn.is_none_or(|t| now.duration_since(t) >= WARN_EVERY) {
                    let lasted = now.duration_since(f.since);
                    tracing::warn!(fault = kind.slug(), since = %f.since, lasted = %duration_en(lasted), attempts = f.attempts, error, "fault goes on: {}", kind.english());
                    f.last_warn = Some(now);
                }
                false
            }
            None => {
                tracing::error!(fault = kind.slug(), error, "fault started: {}; retrying with back-off", kind.english());
                st.faults.insert(
                    kind,
                    Fault { since: now, last_error: error.to_string(), attempts: 1, alerted: false, waiting, inherited: false, last_warn: Some(now) },
                );
                true
            }
        };
        if started {
            self.save(&st);
        }
        started
    }

    /// An attempt of this kind succeeded: ends the fault, if any. `waiting`:
    /// how many messages were found waiting now (for the mail).
    pub fn success(&self, kind: FaultKind, waiting: usize, now: Timestamp) {
        let mut st = self.lock();
        let Some(f) = st.faults.remove(&kind) else { return };
        let lasted = now.duration_since(f.since);
        let waiting = f.waiting.max(waiting);
        tracing::info!(fault = kind.slug(), lasted = %duration_en(lasted), attempts = f.attempts, waiting, "recovered: {} no more", kind.english());
        if f.alerted {
            st.pending.push(PendingAlert {
                id: alert_id("recovered", kind, f.since),
                subject: Msg::new("referee-admin-outage-over-subject").arg("fault", kind.told("short", self.lang)).render(self.lang),
                template: "common/outage-over",
                context: json!({
                    "what": kind.told("what", self.lang),
                    "since": self.when(f.since),
                    "until": self.when(now),
                    "duration": duration(lasted, self.lang),
                    "attempts": f.attempts,
                    "waiting": waiting,
                    "last_error": f.last_error,
                }),
            });
        }
        self.save(&st);
        drop(st);
        if kind == FaultKind::DataDir {
            self.data_dir_back.notify_one();
        }
    }

    pub fn is_failing(&self, kind: FaultKind) -> bool {
        self.lock().faults.get(&kind).is_some_and(|f| !f.inherited)
    }

    /// A copy of the fault of this kind, if any.
    pub fn fault(&self, kind: FaultKind) -> Option<Fault> {
        self.lock().faults.get(&kind).cloned()
    }

    /// Prepares the alert of every fault older than `outage_after` not yet
    /// announced. Returns how many were prepared.
    pub fn check(&self, now: Timestamp) -> usize {
        let mut st = self.lock();
        let mut new = Vec::new();
        for (kind, f) in st.faults.iter_mut() {
            if f.alerted || f.inherited || now.duration_since(f.since) < self.outage_after {
                continue;
            }
            f.alerted = true;
            let lasted = now.duration_since(f.since);
            tracing::warn!(fault = kind.slug(), lasted = %duration_en(lasted), "fault longer than alerts.outage_after: mailing the referee");
            new.push(PendingAlert {
                id: alert_id("outage", *kind, f.since),
                subject: Msg::new("referee-admin-outage-subject").arg("fault", kind.told("short", self.lang)).render(self.lang),
                template: "common/outage",
                context: json!({
                    "what": kind.told("what", self.lang),
                    "since": self.when(f.since),
                    "duration": duration(lasted, self.lang),
                    "attempts": f.attempts,
                    "last_error": f.last_error,
                    "meanwhile": kind.told("meanwhile", self.lang),
                    "retry_max": duration(self.retry_max, self.lang),
                    // Known now; the mail says so if it is queued late.
                    "data_dir": *kind == FaultKind::DataDir,
                }),
            });
        }
        let n = new.len();
        st.pending.extend(new);
        if n > 0 {
            self.save(&st);
        }
        n
    }

    /// Alerts waiting to be queued.
    pub fn pending(&self) -> Vec<PendingAlert> {
        self.lock().pending.clone()
    }

    /// Queues the waiting alerts in the outbox (blocking: files). Those that
    /// cannot be queued stay waiting; the error of the first is returned.
    /// Returns how many were queued.
    pub fn queue_pending(&self, r: &Referee, now: Timestamp) -> Result<usize, crate::referee::RefereeError> {
        let pending = self.pending();
        let mut done = Vec::new();
        let mut first_err = None;
        for a in &pending {
            let draft = Draft {
                id: a.id.clone(),
                to: vec![r.config.admin_address.clone()],
                subject: a.subject.clone(),
                template: a.template,
                lang: self.lang.code(),
                context: a.context.clone(),
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            };
            match r.queue(draft, now) {
                Ok(_) => {
                    tracing::info!(id = %a.id, to = %r.config.admin_address, "alert queued for the referee");
                    done.push(a.id.clone());
                }
                Err(e) => {
                    first_err.get_or_insert(e);
                    break;
                }
            }
        }
        let n = done.len();
        self.lock().pending.retain(|a| !done.contains(&a.id));
        match first_err {
            Some(e) => Err(e),
            None => Ok(n),
        }
    }

    /// Writes the open faults to the health file (or removes it), best effort:
    /// when the data directory is the fault, this fails, and that is fine.
    fn save(&self, st: &State) {
        let Some(path) = &self.file else { return };
        let res = if st.faults.is_empty() {
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
                _ => Ok(()),
            }
        } else {
            crate::store::write_json_atomic(path, &st.faults).map_err(|e| e.to_string())
        };
        if let Err(e) = res {
            tracing::debug!(error = %e, "health file not written");
        }
    }

    fn when(&self, t: Timestamp) -> String {
        let z = t.to_zoned(self.zone.clone());
        let name = self.zone.iana_name().unwrap_or("UTC");
        when_msg(&z, name).render(self.lang)
    }
}

/// One sample of every message of this file, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut v: Vec<Msg> = [FaultKind::Mailbox, FaultKind::Smtp, FaultKind::DataDir]
        .iter()
        .flat_map(|k| ["short", "what", "meanwhile"].map(|part| Msg::new(format!("referee-fault-{part}-{}", k.slug()))))
        .collect();
    v.push(Msg::new("referee-admin-outage-subject").arg("fault", "x"));
    v.push(Msg::new("referee-admin-outage-over-subject").arg("fault", "x"));
    v.push(when_msg(&Timestamp::UNIX_EPOCH.to_zoned(TimeZone::UTC), "UTC"));
    v.extend([45, 200, 7500, 93_600].map(|s| duration_msg(SignedDuration::from_secs(s))));
    v
}

fn alert_id(what: &str, kind: FaultKind, since: Timestamp) -> String {
    format!("admin-{what}-{}-{}", kind.slug(), since.as_millisecond())
}

/// Can the data directory be written? Writes, syncs and removes a small
/// file in it and in each folder the daemon writes to (the archive, the
/// outbox, each game), so that a fault of one of them (another mount) is not
/// taken for a recovery (blocking).
pub fn probe_data_dir(dir: &Path) -> std::io::Result<()> {
    let mut dirs = vec![dir.to_path_buf(), dir.join("archive"), dir.join("outbox").join("new")];
    if let Ok(rd) = std::fs::read_dir(dir.join("games")) {
        dirs.extend(rd.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
    }
    for d in dirs.iter().filter(|d| d.is_dir()) {
        let p = d.join(".health.probe");
        crate::store::write_atomic(&p, b"probe\n").map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", d.display())))?;
        std::fs::remove_file(&p)?;
    }
    Ok(())
}

/// True when the error (or one of its causes) is an I/O error: the data
/// directory (or the system) failed, not the message.
pub fn is_io_error(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = cur {
        if err.downcast_ref::<std::io::Error>().is_some() {
            return true;
        }
        cur = err.source();
    }
    false
}

/// An instant of the zone named `zone`, as the mails give it.
fn when_msg(z: &jiff::Zoned, zone: &str) -> Msg {
    Msg::new("referee-admin-when")
        .arg("day", z.strftime("%d").to_string())
        .arg("month", z.strftime("%m").to_string())
        .arg("year", z.strftime("%Y").to_string())
        .arg("time", z.strftime("%H:%M:%S").to_string())
        .arg("zone", zone)
}

/// "3 min 20 s", "2 h 05 min", "45 s", "1 j 2 h" ("1 d 2 h" in English).
pub fn duration(d: SignedDuration, lang: Lang) -> String {
    duration_msg(d).render(lang)
}

fn duration_msg(d: SignedDuration) -> Msg {
    let s = d.as_secs().max(0);
    let (days, h, m, sec) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60, s % 60);
    if days > 0 {
        Msg::new("referee-admin-duration-days").arg("days", days).arg("h", h)
    } else if h > 0 {
        Msg::new("referee-admin-duration-hours").arg("h", h).arg("m", format!("{m:02}"))
    } else if m > 0 {
        Msg::new("referee-admin-duration-minutes").arg("m", m).arg("s", format!("{sec:02}"))
    } else {
        Msg::new("referee-admin-duration-seconds").arg("s", sec)
    }
}

fn duration_en(d: SignedDuration) -> String {
    let s = d.as_secs().max(0);
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(secs: i64) -> Timestamp {
        Timestamp::from_second(1_790_000_000 + secs).unwrap()
    }

    fn health(file: Option<PathBuf>) -> Health {
        Health::new(SignedDuration::from_secs(10), SignedDuration::from_mins(5), TimeZone::UTC, Lang::Fr, file)
    }

    #[test]
    fn a_fault_is_announced_once_after_the_threshold_and_its_end_once() {
        let h = health(None);
        assert!(h.failure(FaultKind::Smtp, "connection refused", 3, t(0)));
        assert!(!h.failure(FaultKind::Smtp, "connection refused again", 5, t(4)));
        assert_eq!(h.check(t(9)), 0, "not before outage_after");
        assert_eq!(h.check(t(11)), 1);
        assert_eq!(h.check(t(30)), 0, "announced once");
        let f = h.fault(FaultKind::Smtp).unwrap();
        assert_eq!((f.attempts, f.waiting, f.alerted), (2, 5, true));
        assert_eq!(f.last_error, "connection refused again");
        h.success(FaultKind::Smtp, 2, t(200));
        h.success(FaultKind::Smtp, 2, t(201));
        let p = h.pending();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].id, format!("admin-outage-smtp-{}", t(0).as_millisecond()));
        assert_eq!(p[1].id, format!("admin-recovered-smtp-{}", t(0).as_millisecond()));
        assert!(p[0].subject.contains("panne : envoi du courrier en échec"), "{}", p[0].subject);
        assert_eq!(p[1].context["duration"], "3 min 20 s");
        assert_eq!(p[1].context["waiting"], 5);
        assert_eq!(p[0].context["last_error"], "connection refused again");
        assert!(!h.is_failing(FaultKind::Smtp));
    }

    #[test]
    fn a_short_fault_is_only_logged() {
        let h = health(None);
        h.failure(FaultKind::Mailbox, "refused", 0, t(0));
        assert!(h.is_failing(FaultKind::Mailbox));
        h.success(FaultKind::Mailbox, 4, t(5));
        assert_eq!(h.check(t(20)), 0);
        assert!(h.pending().is_empty());
    }

    #[test]
    fn a_new_outage_gets_new_ids() {
        let h = health(None);
        h.failure(FaultKind::DataDir, "ENOSPC", 1, t(0));
        h.check(t(20));
        h.success(FaultKind::DataDir, 0, t(30));
        h.failure(FaultKind::DataDir, "EROFS", 1, t(40));
        h.check(t(60));
        let ids: Vec<String> = h.pending().into_iter().map(|a| a.id).collect();
        assert_eq!(ids.len(), 3);
        let mut dedup = ids.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), 3, "{ids:?}");
    }

    #[test]
    fn a_restarted_daemon_does_not_announce_an_announced_outage_again() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("health.json");
        let h = health(Some(file.clone()));
        h.failure(FaultKind::Mailbox, "refused", 0, t(0));
        h.check(t(20));
        assert_eq!(h.pending().len(), 1);
        drop(h);
        // Restarted, still failing: no second announcement, same start.
        let h = health(Some(file.clone()));
        assert!(!h.is_failing(FaultKind::Mailbox), "not confirmed yet");
        assert!(!h.failure(FaultKind::Mailbox, "refused", 0, t(100)));
        assert_eq!(h.check(t(120)), 0);
        h.success(FaultKind::Mailbox, 3, t(130));
        let p = h.pending();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].id, format!("admin-recovered-mailbox-{}", t(0).as_millisecond()));
        assert!(!file.exists(), "no fault open: the file is removed");
    }

    #[test]
    fn an_inherited_fault_never_seen_again_is_not_announced() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("health.json");
        let h = health(Some(file.clone()));
        h.failure(FaultKind::Smtp, "refused", 0, t(0));
        drop(h);
        let h = health(Some(file));
        assert_eq!(h.check(t(1000)), 0);
        h.success(FaultKind::Smtp, 0, t(1001));
        assert!(h.pending().is_empty(), "it was never announced: its end is not either");
    }

    #[test]
    fn io_errors_are_told_from_others() {
        let io = crate::store::StoreError::Io { path: "x".into(), source: std::io::Error::from_raw_os_error(28) };
        let r = crate::referee::RefereeError::Store(io);
        assert!(is_io_error(&r));
        let other = crate::referee::RefereeError::Invalid("bad".into());
        assert!(!is_io_error(&other));
    }

    #[test]
    fn the_probe_writes_everywhere_the_daemon_writes_and_leaves_nothing() {
        let d = tempfile::tempdir().unwrap();
        for sub in ["archive", "outbox/new", "games/g-1"] {
            std::fs::create_dir_all(d.path().join(sub)).unwrap();
        }
        probe_data_dir(d.path()).unwrap();
        for sub in ["", "archive", "outbox/new", "games/g-1"] {
            let names: Vec<_> = std::fs::read_dir(d.path().join(sub)).unwrap().flatten().filter(|e| e.path().is_file()).collect();
            assert!(names.is_empty(), "{sub}: {names:?}");
        }
        // A game folder that cannot be written (here: not a folder any more
        // under its name's probe) makes the probe fail, naming it.
        std::fs::create_dir_all(d.path().join("games/g-2/.health.probe")).unwrap();
        let e = probe_data_dir(d.path()).unwrap_err();
        assert!(e.to_string().contains("g-2"), "{e}");
    }

    #[test]
    fn durations_in_both_languages() {
        let fr = |secs| duration(SignedDuration::from_secs(secs), Lang::Fr);
        assert_eq!(fr(45), "45 s");
        assert_eq!(fr(200), "3 min 20 s");
        assert_eq!(fr(7500), "2 h 05 min");
        assert_eq!(fr(93_600), "1 j 2 h");
        assert_eq!(duration(SignedDuration::from_secs(93_600), Lang::En), "1 d 2 h");
    }
}
