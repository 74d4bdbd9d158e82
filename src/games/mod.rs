//! The rulesets the referee plays. Each is a [`crate::game::Ruleset`];
//! [`engines`] lists them for the daemon, which knows nothing else of them.

pub mod galactic_destiny;
pub mod galaxy;
pub mod settings;
pub mod stellar;
pub mod stellarium;
pub mod stellium;

use std::sync::Mutex;

use crate::game::Engine;

/// Rulesets added at run time by the program that embeds the library (the
/// integration tests' small turn-based game), after the built-in ones.
static EXTRA: Mutex<Vec<MakeEngine>> = Mutex::new(Vec::new());

/// Builds the engine of a ruleset.
pub type MakeEngine = fn() -> Box<dyn Engine>;

/// Adds a ruleset that is not built in (a test's, a downstream build's), so
/// that `config.toml` may name it; call before loading the configuration.
/// Adding the same constructor twice adds it once.
pub fn register_extra(make: MakeEngine) {
    let mut extra = EXTRA.lock().unwrap_or_else(|e| e.into_inner());
    if !extra.iter().any(|m| std::ptr::fn_addr_eq(*m, make)) {
        extra.push(make);
    }
}

/// Every ruleset this build can referee, by its `config.toml` name.
pub fn engines() -> Vec<Box<dyn Engine>> {
    let mut v: Vec<Box<dyn Engine>> = vec![
        Box::new(crate::game::EngineOf::<stellarium::Stellarium>::new()),
        Box::new(crate::game::EngineOf::<galaxy::Galaxy>::new()),
        Box::new(crate::game::EngineOf::<stellar::Stellar>::new()),
        Box::new(crate::game::EngineOf::<stellium::Stellium>::new()),
        Box::new(crate::game::EngineOf::<galactic_destiny::GalacticDestiny>::new()),
    ];
    v.extend(EXTRA.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|make| make()));
    v
}

/// The engine of the ruleset named `id`, if this build has it.
pub fn engine(id: &str) -> Option<Box<dyn Engine>> {
    engines().into_iter().find(|e| e.id() == id)
}
