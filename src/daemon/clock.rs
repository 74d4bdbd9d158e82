//! The daemon's clock: wall time that follows tokio's clock, so that tests
//! with `tokio::time::pause()` and `advance()` move deadlines too. The rules
//! engines never see it; the referee layer receives `now` as an argument.

use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

#[derive(Debug, Clone)]
pub struct Clock {
    base: Timestamp,
    started: tokio::time::Instant,
}

impl Clock {
    /// Wall time now, following tokio's clock from here on.
    pub fn system() -> Clock {
        Clock::starting_at(Timestamp::now())
    }

    /// A clock that reads `at` now (tests, demos).
    pub fn starting_at(at: Timestamp) -> Clock {
        Clock { base: at, started: tokio::time::Instant::now() }
    }

    pub fn now(&self) -> Timestamp {
        let elapsed = tokio::time::Instant::now().saturating_duration_since(self.started);
        let d = SignedDuration::try_from(elapsed).unwrap_or(SignedDuration::MAX);
        self.base.checked_add(d).unwrap_or(Timestamp::MAX)
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
    }
}
