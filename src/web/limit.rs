//! The limit on guessing private links (and on the order-check box): per
//! client address, at most `MAX_FAILURES` wrong links in `WINDOW`; after
//! that every private page answers 429 to that address until the window
//! ends, the right link included (otherwise the limit would not slow a
//! guess down). Tokens have 128 bits: the limit is defence in depth, and
//! keeps a scanner from filling the logs.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong private links allowed per address and window.
pub const MAX_FAILURES: u32 = 10;
/// Order checks allowed per address and window.
pub const MAX_CHECKS: u32 = 60;
/// The window of both limits.
pub const WINDOW: Duration = Duration::from_secs(600);
/// Addresses remembered at most (the oldest windows are dropped first).
const MAX_ADDRESSES: usize = 100_000;

#[derive(Debug, Default)]
struct Window {
    start: Option<Instant>,
    failures: u32,
    checks: u32,
}

/// Counters per client address (operational time: `Instant`).
#[derive(Debug, Default)]
pub struct Limiter {
    by_address: Mutex<HashMap<IpAddr, Window>>,
}

impl Limiter {
    fn with<T>(&self, ip: IpAddr, f: impl FnOnce(&mut Window) -> T) -> T {
        let now = Instant::now();
        let mut m = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() >= MAX_ADDRESSES && !m.contains_key(&ip) {
            m.retain(|_, w| w.start.is_some_and(|s| now.duration_since(s) < WINDOW));
            if m.len() >= MAX_ADDRESSES {
                m.clear();
            }
        }
        let w = m.entry(ip).or_default();
        if w.start.is_none_or(|s| now.duration_since(s) >= WINDOW) {
            *w = Window { start: Some(now), failures: 0, checks: 0 };
        }
        f(w)
    }

    /// Whether `ip` may still open private pages.
    pub fn allowed(&self, ip: IpAddr) -> bool {
        self.with(ip, |w| w.failures < MAX_FAILURES)
    }

    /// Counts a wrong link from `ip`.
    pub fn failed(&self, ip: IpAddr) {
        self.with(ip, |w| w.failures = w.failures.saturating_add(1));
    }

    /// Counts an order check from `ip`; `false` when over the limit.
    pub fn check(&self, ip: IpAddr) -> bool {
        self.with(ip, |w| {
            w.checks = w.checks.saturating_add(1);
            w.checks <= MAX_CHECKS
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_that_guessed_too_often_is_stopped_and_others_are_not() {
        let l = Limiter::default();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..MAX_FAILURES {
            assert!(l.allowed(a));
            l.failed(a);
        }
        assert!(!l.allowed(a));
        assert!(l.allowed(b));
        for _ in 0..MAX_CHECKS {
            assert!(l.check(b));
        }
        assert!(!l.check(b));
    }
}
