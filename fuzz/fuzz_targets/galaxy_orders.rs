//! Galaxy's order parser (`Ruleset::parse_orders` through the engine) on
//! turn 0 and on turn 1 of a generated galaxy played through the ruleset's
//! own calls. The first byte picks the state and the player.
#![no_main]

use std::sync::OnceLock;

use arbitre::game::{Engine, EngineOf, LoadedState};
use arbitre::games::galaxy::Galaxy;
use arbitre_fuzz::{lines_of, states};
use libfuzzer_sys::fuzz_target;

static ENGINE: EngineOf<Galaxy> = EngineOf::new();
static STATES: OnceLock<(LoadedState, LoadedState, Vec<String>)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let (s0, s1, keys) = STATES.get_or_init(|| states(&ENGINE, "players = 4\nturns = 20\nsize = 16\nstars = 40", &["Orion", "Vega", "Lyra", "Deneb"], 5));
    let Some((&sel, rest)) = data.split_first() else { return };
    let state = if sel & 1 == 0 { s0 } else { s1 };
    let family = &keys[(sel as usize >> 1) % keys.len()];
    let lines = lines_of(rest);
    let (_, verdicts, _) = ENGINE.parse_orders(state, family, &lines).expect("a state of this ruleset");
    assert!(verdicts.len() <= lines.len());
});
