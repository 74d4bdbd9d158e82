//! The daemon's clock.
//!
//! Two readings:
//! - [`Clock::now`], *game time*: what deadlines, receipt instants, the
//!   "time left" of an acknowledgement and the `Date:` of composed mail
//!   are measured against;
//! - [`Clock::ops_now`], *operational time*: what the outbox's back-off and
//!   the wait for a journal copy are measured against.
//!
//! Normally both are wall time that follows tokio's clock, so that tests
//! with `tokio::time::pause()` and `advance()` move deadlines too. A
//! *scripted* clock (`arbitre --clock-file FILE`) reads game time from a
//! file that a harness rewrites (one RFC 3339 instant): two runs of the same
//! script then see the same instants, which is what lets the crash trials
//! compare a run that was killed 100 times with one that was not, byte for
//! byte. Operational time stays real then, so retries still happen.
//!
//! The rules engines never see the clock; the referee layer receives `now`
//! as an argument.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

#[derive(Debug, Clone)]
pub struct Clock {
    following: Following,
    script: Option<Script>,
}

#[derive(Debug, Clone)]
struct Following {
    base: Timestamp,
    started: tokio::time::Instant,
}

impl Following {
    fn now(&self) -> Timestamp {
        let elapsed = tokio::time::Instant::now().saturating_duration_since(self.started);
        let d = SignedDuration::try_from(elapsed).unwrap_or(SignedDuration::MAX);
        self.base.checked_add(d).unwrap_or(Timestamp::MAX)
    }
}

#[derive(Debug, Clone)]
struct Script {
    file: PathBuf,
    /// The last instant read, kept when the file is briefly unreadable
    /// (being rewritten) or bad.
    last: Arc<Mutex<Timestamp>>,
}

/// A clock file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("clock file {}: {why}", path.display())]
pub struct ClockFileError {
    pub path: PathBuf,
    pub why: String,
}

/// Reads one instant from a clock file (RFC 3339, e.g. `2026-01-05T09:00:00Z`).
pub fn read_clock_file(path: &Path) -> Result<Timestamp, ClockFileError> {
    let text = std::fs::read_to_string(path).map_err(|e| ClockFileError { path: path.into(), why: e.to_string() })?;
    text.trim()
        .parse::<Timestamp>()
        .map_err(|e| ClockFileError { path: path.into(), why: format!("{:?} is not an RFC 3339 instant: {e}", text.trim()) })
}

impl Clock {
    /// Wall time now, following tokio's clock from here on.
    pub fn system() -> Clock {
        Clock::starting_at(Timestamp::now())
    }

    /// A clock that reads `at` now (tests, demos).
    pub fn starting_at(at: Timestamp) -> Clock {
        Clock { following: Following { base: at, started: tokio::time::Instant::now() }, script: None }
    }

    /// Game time read from `file` at every [`Clock::now`]; operational time
    /// is the system's. The file must be readable now.
    pub fn scripted(file: &Path) -> Result<Clock, ClockFileError> {
        let first = read_clock_file(file)?;
        let mut c = Clock::system();
        c.script = Some(Script { file: file.to_path_buf(), last: Arc::new(Mutex::new(first)) });
        Ok(c)
    }

    /// Whether game time comes from a clock file (it may jump at any moment).
    pub fn is_scripted(&self) -> bool {
        self.script.is_some()
    }

    /// Game time.
    pub fn now(&self) -> Timestamp {
        match &self.script {
            None => self.following.now(),
            Some(s) => {
                let mut last = s.last.lock().unwrap_or_else(|p| p.into_inner());
                match read_clock_file(&s.file) {
                    Ok(t) => *last = t,
                    Err(e) => tracing::warn!(error = %e, "clock file unreadable; keeping the last instant read"),
                }
                *last
            }
        }
    }

    /// Operational time (back-off, waiting for journal copies).
    pub fn ops_now(&self) -> Timestamp {
        self.following.now()
    }

    pub async fn sleep(&self, d: Duration) {
        tokio::time::sleep(d).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn follows_paused_tokio_time() {
        let t0: Timestamp = "2026-03-29T00:30:00Z".parse().unwrap();
        let c = Clock::starting_at(t0);
        assert_eq!(c.now(), t0);
        tokio::time::advance(Duration::from_secs(3600)).await;
        assert_eq!(c.now(), t0.checked_add(SignedDuration::from_hours(1)).unwrap());
        assert_eq!(c.ops_now(), c.now());
    }

    #[tokio::test]
    async fn scripted_game_time_follows_the_file_and_survives_a_bad_write() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("clock");
        std::fs::write(&f, "2026-01-05T09:00:00Z\n").unwrap();
        let c = Clock::scripted(&f).unwrap();
        assert!(c.is_scripted());
        assert_eq!(c.now(), "2026-01-05T09:00:00Z".parse::<Timestamp>().unwrap());
        std::fs::write(&f, "2026-01-12T21:00:00Z").unwrap();
        assert_eq!(c.now(), "2026-01-12T21:00:00Z".parse::<Timestamp>().unwrap());
        std::fs::write(&f, "garbage").unwrap();
        assert_eq!(c.now(), "2026-01-12T21:00:00Z".parse::<Timestamp>().unwrap(), "the last good instant is kept");
        // Operational time is real: nowhere near 2026-01-12.
        assert!(c.ops_now() > "2026-06-01T00:00:00Z".parse::<Timestamp>().unwrap());
    }

    #[test]
    fn a_missing_clock_file_is_an_error_naming_it() {
        let e = Clock::scripted(Path::new("/nonexistent/clock")).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/clock"), "{e}");
    }
}
