//! A pixel buffer kept per thread from one map to the next: a deadline
//! draws hundreds of maps on each of its threads, and a fresh buffer each
//! time costs the kernel's zeroing and a page fault every 4 KiB (most of
//! the time of a map's first touch of its pixels, in the profile of a
//! Galaxy deadline). Every buffer handed out is wholly written first, so
//! what was in it before never shows: a map is the same bytes whether its
//! thread drew others before it or not.

use std::cell::RefCell;

/// Largest buffer kept (16 MiB: a map of 4 million pixels); a larger one
/// is freed, not to hold its memory after a rare huge map.
const KEEP_AT_MOST: usize = 16 << 20;

thread_local! {
    static SPARE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `len` bytes, every 4 of them `pixel`: the thread's spare buffer when
/// it has one (zeros come fresh from the allocator: zeroed pages cost
/// nothing to ask for, and a buffer's copy over a map's base, below, is
/// the usual way to fill one).
pub(super) fn filled(len: usize, pixel: [u8; 4]) -> Vec<u8> {
    if pixel == [0; 4] {
        return vec![0; len];
    }
    // Written once: the pixel, then what is written so far, doubling
    // (copies, which stay fast in a build without optimisations too).
    let mut v = take();
    v.reserve(len);
    v.extend_from_slice(&pixel[..len.min(4)]);
    while v.len() < len {
        v.extend_from_within(..v.len().min(len - v.len()));
    }
    v
}

/// `base`, then zeros up to `len` bytes: the thread's spare buffer when it
/// has one.
pub(super) fn copied(base: &[u8], len: usize) -> Vec<u8> {
    let mut v = take();
    v.extend_from_slice(&base[..base.len().min(len)]);
    if v.len() < len {
        v.extend_from_slice(&vec![0; len - v.len()]);
    }
    v
}

/// The thread's spare buffer, emptied.
fn take() -> Vec<u8> {
    let mut v = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    v.clear();
    v
}

/// Keeps `v` as the thread's spare buffer, unless it is too large or the
/// spare one is larger.
pub(super) fn give_back(v: Vec<u8>) {
    if v.capacity() > KEEP_AT_MOST {
        return;
    }
    SPARE.with(|s| {
        let mut s = s.borrow_mut();
        if v.capacity() > s.capacity() {
            *s = v;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_given_back_comes_back_wholly_overwritten() {
        give_back(vec![7u8; 64]);
        let v = filled(40, [1, 2, 3, 4]);
        assert_eq!(v, [1, 2, 3, 4].repeat(10));
        give_back(v);
        assert_eq!(filled(48, [0; 4]), vec![0u8; 48]);
        assert_eq!(filled(4 * 37, [9, 8, 7, 6]), [9, 8, 7, 6].repeat(37));
        assert_eq!(filled(0, [9, 8, 7, 6]), Vec::<u8>::new());
        give_back(vec![5u8; 64]);
        assert_eq!(copied(&[1, 2, 3], 6), [1, 2, 3, 0, 0, 0]);
        assert_eq!(copied(&[1, 2, 3, 4, 5, 6, 7], 4), [1, 2, 3, 4]);
    }
}
