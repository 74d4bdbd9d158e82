//! Raw bytes through `Referee::handle_mail` on a throw-away data directory
//! where two games (Stellarium, Galaxy) have registered families and an open
//! turn 1. `handle_mail` must never panic and never return an error on a
//! message's content (its errors are I/O failures, after which the daemon
//! retries the message forever), and every reply it queues goes to the
//! mail's From or to a registered address.
//!
//! To reach the authenticated paths, the bytes `%PW%` are replaced by the
//! Atréides password (game `stel`) and `%GPW%` by Orion's (game `gal`).
#![no_main]

use std::sync::{Mutex, OnceLock};

use arbitre::mail::{decode, Limits};
use arbitre_fuzz::harness::World;
use libfuzzer_sys::fuzz_target;

struct Fuzzing {
    world: World,
    runs: u64,
}

// The referee is not `Sync`-shared across threads here; libFuzzer runs one
// input at a time.
static STATE: OnceLock<Mutex<Fuzzing>> = OnceLock::new();

fn replace(data: &[u8], pat: &[u8], with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        if data[i..].starts_with(pat) {
            out.extend_from_slice(with);
            i += pat.len();
        } else {
            out.push(data[i]);
            i += 1;
        }
    }
    out
}

fn clear(dir: &std::path::Path) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            if e.path().is_file() {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let st = STATE.get_or_init(|| Mutex::new(Fuzzing { world: World::new(true), runs: 0 }));
    let mut f = st.lock().unwrap_or_else(|e| e.into_inner());
    f.runs += 1;
    if f.runs % 2000 == 0 {
        // Keep the data directory small: forget handled messages and replies
        // (games, orders and registrations stay).
        let data_dir = f.world.data().to_path_buf();
        clear(&data_dir.join("archive"));
        for d in ["new", "cur", "tmp", "failed"] {
            clear(&data_dir.join("outbox").join(d));
        }
    }
    let w = &f.world;
    let stel_pw = w.family("stel", "ATREIDES").password.clone();
    let gal_pw = w.family("gal", "ORION").password.clone();
    let raw = replace(&replace(data, b"%GPW%", gal_pw.as_bytes()), b"%PW%", stel_pw.as_bytes());
    let before = w.outbox();
    let outcome = w.referee.handle_mail(&raw, w.now);
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => panic!("handle_mail failed on a message's content: {e}"),
    };
    let from = decode(&raw, &Limits::default()).ok().and_then(|m| m.from);
    let registered = w.referee.config.games.iter().flat_map(|g| {
        w.referee.read_meta(&g.id).ok().flatten().map(|m| m.families.values().map(|f| f.address.clone()).collect::<Vec<_>>()).unwrap_or_default()
    }).collect::<Vec<_>>();
    for (id, to) in w.outbox() {
        if before.contains_key(&id) {
            continue;
        }
        for r in to {
            assert!(
                Some(&r) == from.as_ref() || registered.contains(&r),
                "reply {id} addressed to {r}, neither the From ({from:?}) nor a registered address ({outcome:?})"
            );
        }
    }
});
