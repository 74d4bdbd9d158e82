//! Stellarium's order parser (`Ruleset::parse_orders` through the engine)
//! on the foundation turn and on turn 1 of a game played through the
//! ruleset's own calls. The first byte picks the state and the family.
#![no_main]

use std::sync::OnceLock;

use arbitre::game::{Engine, EngineOf, LoadedState};
use arbitre::games::stellarium::Stellarium;
use arbitre_fuzz::{lines_of, states};
use libfuzzer_sys::fuzz_target;

static ENGINE: EngineOf<Stellarium> = EngineOf::new();
static STATES: OnceLock<(LoadedState, LoadedState, Vec<String>)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let (s0, s1, keys) = STATES.get_or_init(|| states(&ENGINE, "turns = 10", &["Atréides", "Harkonnen", "Corrino", "Ordos"], 3));
    let Some((&sel, rest)) = data.split_first() else { return };
    let state = if sel & 1 == 0 { s0 } else { s1 };
    let family = &keys[(sel as usize >> 1) % keys.len()];
    let lines = lines_of(rest);
    let (_, verdicts, _) = ENGINE.parse_orders(state, family, &lines).expect("a state of this ruleset");
    // Every non-blank line gets exactly one verdict.
    assert!(verdicts.len() <= lines.len());
});
