//! A turn's reports are rendered on every core (`Referee::threads`): the
//! files written and the mails queued must be the very same bytes as when
//! one thread renders them family after family.

mod support;

use std::path::{Path, PathBuf};

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::*;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// Every file under `dir`, by path relative to it, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    snapshot(dir).into_iter().map(|(p, b)| (p.strip_prefix(dir).unwrap().to_path_buf(), b)).collect()
}

#[test]
fn a_turn_rendered_on_several_threads_writes_and_queues_the_same_bytes_as_on_one() {
    let e = env();
    let t = t0();
    let families = ["Atréides", "Harkonnen", "Corrino", "Ordos", "Fenring", "Vernius", "Ginaz"];
    for (i, f) in families.iter().enumerate() {
        let addr = format!("p{i}@x.test");
        let pw = join(&e.referee, &addr, f, t);
        if i % 3 != 2 {
            let raw = mail(&addr, &format!("o-{i}@x.test"), "Ordres", &orders_body(f, &pw, Some(0), FOUNDERS), t);
            e.referee.handle_mail(&raw, t).unwrap();
        }
    }
    take_outbox(&e.referee);
    // The same installation twice (secret key included), one rendering on
    // one thread, the other on four.
    let copy = tempfile::tempdir().unwrap();
    copy_dir(e.dir.path(), copy.path());
    let one = Referee::new(arbitre::config::load(&e.dir.path().join("config.toml")).unwrap(), templates()).unwrap().with_threads(1);
    let four = Referee::new(arbitre::config::load(&copy.path().join("config.toml")).unwrap(), templates()).unwrap().with_threads(4);
    drop(e.referee);
    let deadline: Timestamp = one.read_meta(GAME).unwrap().unwrap().deadline.unwrap();
    for turn in 0..2 {
        let at = deadline.checked_add(SignedDuration::from_hours(24 * 7 * turn)).unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
        let a = one.adjudicate(GAME, Mode::Force, at).unwrap();
        let b = four.adjudicate(GAME, Mode::Force, at).unwrap();
        assert_eq!(a.reports, families.len(), "turn {turn}");
        assert_eq!(a.reports, b.reports, "turn {turn}");
    }
    let (fa, fb) = (files(&e.dir.path().join("data")), files(&copy.path().join("data")));
    assert!(fa.iter().filter(|(p, _)| p.ends_with("map.png")).count() >= 2 * families.len(), "maps rendered");
    assert_eq!(fa.iter().map(|(p, _)| p).collect::<Vec<_>>(), fb.iter().map(|(p, _)| p).collect::<Vec<_>>(), "the same files");
    for ((p, a), (_, b)) in fa.iter().zip(&fb) {
        assert!(a == b, "{} differs between one thread and four", p.display());
    }
}
