//! The rulesets the referee plays. Each is a [`crate::game::Ruleset`];
//! [`engines`] lists them for the daemon, which knows nothing else of them.

pub mod galaxy;
pub mod stellar;
pub mod stellarium;

use crate::game::Engine;

/// Every ruleset this build can referee, by its `config.toml` name.
pub fn engines() -> Vec<Box<dyn Engine>> {
    vec![
        Box::new(crate::game::EngineOf::<stellarium::Stellarium>::new()),
        Box::new(crate::game::EngineOf::<galaxy::Galaxy>::new()),
        Box::new(crate::game::EngineOf::<stellar::Stellar>::new()),
    ]
}

/// The engine of the ruleset named `id`, if this build has it.
pub fn engine(id: &str) -> Option<Box<dyn Engine>> {
    engines().into_iter().find(|e| e.id() == id)
}
