//! Work spread over the machine's cores, in a fixed order of results.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of threads for CPU-bound work: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `work` applied to every item on up to `threads` threads, the results in
/// the items' order. Items are handed out in order; after an error no new
/// item starts, and the error returned is the one of the earliest item that
/// failed, as a loop would have met it (items after it may have been done:
/// callers make each item's work idempotent). One thread, or one item, runs
/// on the calling thread.
pub fn map_in_order<T, R, E>(items: &[T], threads: usize, work: impl Fn(&T) -> Result<R, E> + Sync) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let done: Mutex<Vec<(usize, Result<R, E>)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                if failed.load(Ordering::Acquire) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::AcqRel);
                let Some(item) = items.get(i) else { break };
                let r = work(item);
                if r.is_err() {
                    failed.store(true, Ordering::Release);
                }
                done.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_unstable_by_key(|(i, _)| *i);
    // Every item before the first failure was handed out, hence is here.
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_items_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        let slow_first = |x: &u64| -> Result<u64, ()> {
            // Early items take longest, so that they finish last.
            std::thread::sleep(std::time::Duration::from_micros(200 - x));
            Ok(x * 3)
        };
        let one = map_in_order(&items, 1, slow_first).expect("ok");
        let four = map_in_order(&items, 4, slow_first).expect("ok");
        assert_eq!(one, four);
        assert_eq!(four[..3], [0, 3, 6]);
    }

    #[test]
    fn the_earliest_failure_is_returned() {
        let items: Vec<u32> = (0..100).collect();
        let r = map_in_order(&items, 3, |x| if *x == 40 || *x == 60 { Err(*x) } else { Ok(*x) });
        assert_eq!(r, Err(40));
        assert_eq!(map_in_order(&items, 1, |x| if *x >= 7 { Err(*x) } else { Ok(*x) }), Err(7));
    }
}
