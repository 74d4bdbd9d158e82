//! The referee's use cases, shared by the daemon and the CLI: handle one
//! incoming mail ([`intake`]), adjudicate a turn ([`adjudication`]), and the
//! referee's commands ([`admin`]); turn-based play (awaited seats, early
//! adjudication, orders in advance) in [`steps`]. Everything here takes the current time as
//! an argument (the daemon's clock, or a test's), and goes through the store
//! for every write, under the game's lock.
//!
//! Effective state: the snapshot `turns/<N>/state.json` of the open turn is
//! immutable; families that registered during turn N are applied on top of it
//! (in registration order) whenever the state is loaded, so a registration
//! never rewrites a snapshot and is replayed identically after a crash.

pub mod absence;
pub mod adjudication;
pub mod admin;
pub mod calendar;
pub mod check;
pub mod family;
pub mod game_master;
pub mod intake;
pub mod join;
pub mod journal;
pub mod life;
pub mod messages;
pub mod meta;
pub mod parallel;
pub mod password;
pub mod refusals;
pub mod replies;
pub mod steps;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

use jiff::Timestamp;

use crate::config::{Config, GameConfig};
use crate::game::{Engine, LoadedState};
use crate::render::Renderer;
use crate::store::{GameDir, Store};

pub use meta::{Absence, FamilyRecord, Follower, GameMeta};
pub use family::{Removal, SeatChange};

/// Errors of the referee's use cases. Player input never causes one: these
/// are I/O failures, corrupted files, or a referee's command on a missing game.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    #[error("store: {0}")]
    Store(#[from] crate::store::StoreError),
    #[error("ruleset: {0}")]
    Engine(#[from] crate::game::EngineError),
    #[error("rendering: {0}")]
    Render(#[from] crate::render::RenderError),
    #[error("game {0:?} does not exist (create it with `arbitre game new {0}`)")]
    NoSuchGame(String),
    #[error("game {game:?} uses ruleset {ruleset:?}, which this build does not have")]
    NoSuchRuleset { game: String, ruleset: String },
    #[error("game {0:?} has no state for its open turn {1}")]
    MissingState(String, u32),
    #[error("{0}")]
    Invalid(String),
}

pub type Result<T, E = RefereeError> = std::result::Result<T, E>;

/// A game ready to use: its metadata, its engine and its effective state.
pub struct OpenGame {
    pub meta: GameMeta,
    pub engine: Box<dyn Engine>,
    pub state: LoadedState,
    pub dir: GameDir,
    /// The game's `max_families` (registration refuses a family beyond it).
    pub max_families: Option<u32>,
}

/// The referee: configuration, store, templates.
pub struct Referee {
    pub config: Config,
    pub store: Store,
    /// Compiled once; shared with [`Referee::scoped_to`].
    pub renderer: std::sync::Arc<Renderer>,
    templates_dir: PathBuf,
    /// The installation's secret key (passwords derive from it).
    pub(crate) secret: [u8; 32],
    /// Parsed states of open turns, keyed by game; valid while the turn and
    /// the number of registrations are unchanged (snapshots are immutable).
    cache: Mutex<BTreeMap<String, (u32, usize, std::sync::Arc<Vec<u8>>)>>,
    /// Threads that render a turn's reports (every core by default).
    threads: usize,
}

impl Referee {
    pub fn new(config: Config, templates_dir: PathBuf) -> anyhow::Result<Referee> {
        let renderer = std::sync::Arc::new(Renderer::new(&templates_dir)?);
        Referee::with_renderer(config, templates_dir, renderer)
    }

    /// A referee using templates already compiled (from `templates_dir`).
    pub fn with_renderer(config: Config, templates_dir: PathBuf, renderer: std::sync::Arc<Renderer>) -> anyhow::Result<Referee> {
        let store = Store::open(&config.data_dir)?.with_outbox_backoff(config.outbox.backoff());
        let secret = password::load_or_create_secret(&config.data_dir)?;
        Ok(Referee {
            config,
            store,
            renderer,
            templates_dir,
            secret,
            cache: Mutex::new(BTreeMap::new()),
            threads: parallel::default_threads(),
        })
    }

    /// Renders a turn's reports on `n` threads (at least one) instead of
    /// every core.
    pub fn with_threads(mut self, n: usize) -> Referee {
        self.threads = n.max(1);
        self
    }

    pub fn templates_dir(&self) -> &std::path::Path {
        &self.templates_dir
    }

    pub fn game_config(&self, id: &str) -> Option<&GameConfig> {
        self.config.games.iter().find(|g| g.id == id)
    }

    /// Reads `game.json`, or `None` when the game was never created.
    pub fn read_meta(&self, id: &str) -> Result<Option<GameMeta>> {
        Ok(self.store.game(id)?.read_game()?)
    }

    pub fn write_meta(&self, meta: &GameMeta) -> Result<()> {
        self.store.game(&meta.id)?.write_game(meta)?;
        Ok(())
    }

    /// Loads a game with its effective state for the open turn.
    pub fn open_game(&self, id: &str) -> Result<OpenGame> {
        let meta = self.read_meta(id)?.ok_or_else(|| RefereeError::NoSuchGame(id.to_string()))?;
        let engine = crate::games::engine(&meta.ruleset)
            .ok_or_else(|| RefereeError::NoSuchRuleset { game: id.to_string(), ruleset: meta.ruleset.clone() })?;
        let dir = self.store.game(id)?;
        let state = self.effective_state(&meta, engine.as_ref(), &dir)?;
        let max_families = self.game_config(id).and_then(|c| c.max_families);
        Ok(OpenGame { meta, engine, state, dir, max_families })
    }

    /// The snapshot of the open turn plus the families registered during it.
    pub fn effective_state(&self, meta: &GameMeta, engine: &dyn Engine, dir: &GameDir) -> Result<LoadedState> {
        let registered: Vec<(&String, &FamilyRecord)> = registrations_of_turn(meta, meta.turn);
        let cached = {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            cache.get(&meta.id).filter(|(t, n, _)| *t == meta.turn && *n == registered.len()).map(|(_, _, b)| b.clone())
        };
        let bytes = match cached {
            Some(b) => b,
            None => {
                let snapshot = dir.read_state(meta.turn)?.ok_or_else(|| RefereeError::MissingState(meta.id.clone(), meta.turn))?;
                if registered.is_empty() {
                    // Nothing to replay: the snapshot is the state (read once,
                    // which is most of a short command such as `orders check`).
                    let bytes = std::sync::Arc::new(snapshot);
                    let state = engine.load_state(&bytes)?;
                    let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
                    cache.insert(meta.id.clone(), (meta.turn, 0, bytes));
                    return Ok(state);
                }
                let mut state = engine.load_state(&snapshot)?;
                for (key, fam) in &registered {
                    // A refusal here cannot happen for a family that was accepted
                    // when it registered against the same state; log if it does.
                    if let Err(why) = engine.register(&mut state, key, &fam.name)? {
                        tracing::error!(game = %meta.id, family = %key, why = %why.render(crate::i18n::Lang::Fr), "replaying a registration was refused");
                    }
                }
                let bytes = std::sync::Arc::new(engine.save_state(&state)?);
                let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
                cache.insert(meta.id.clone(), (meta.turn, registered.len(), bytes.clone()));
                bytes
            }
        };
        Ok(engine.load_state(&bytes)?)
    }

    /// Forgets cached states (after a rollback).
    pub fn forget(&self, id: &str) {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).remove(id);
    }

    /// Forgets every cached state (after a write group's commit failed: a
    /// state may have been built from registrations that are not on disk).
    pub fn forget_all(&self) {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

impl OpenGame {
    /// Whether a new family could register now, as the registration itself
    /// would decide: the referee's switch (`game open|close`), the game not
    /// over, and the ruleset accepting one more seat in this state (Galaxy
    /// not once its galaxy is made, Stellarium not after turn 0 without
    /// `late_registration`, the turn-based games not once started, no game
    /// when full), and `max_families` not reached. What the pages, replies
    /// and `game status` say.
    pub fn registration_open(&self) -> Result<bool> {
        self.registration_open_in(&self.state)
    }

    /// [`OpenGame::registration_open`] in `state` (the state a turn just
    /// produced, before it is committed).
    pub fn registration_open_in(&self, state: &LoadedState) -> Result<bool> {
        if !self.meta.registration_open || self.meta.finished || self.max_families.is_some_and(|m| self.meta.families.len() >= m as usize) {
            return Ok(false);
        }
        self.ruleset_takes_a_seat(state)
    }

    /// Whether the ruleset would take one more seat in `state`, whatever
    /// the referee's switch says (a registration tried on a copy, under a
    /// key no family has).
    pub fn ruleset_takes_a_seat(&self, state: &LoadedState) -> Result<bool> {
        let mut copy = self.engine.load_state(&self.engine.save_state(state)?)?;
        let probe = (0u32..).map(|i| format!("REGISTRATIONPROBE{i}")).find(|k| !self.meta.families.contains_key(k)).unwrap_or_default();
        Ok(self.engine.register(&mut copy, &probe, &probe)?.is_ok())
    }

    /// A full game waiting for its start: the registration step is open,
    /// some seat is taken, the ruleset takes no more, and nothing is asked
    /// of the registered seats in it. Nothing can change in that step any
    /// more, so it is played at once (setting `start_when_full`).
    pub fn full_at_registration(&self) -> Result<bool> {
        if self.meta.turn != 0 || self.meta.finished || self.meta.families.is_empty() {
            return Ok(false);
        }
        for k in self.meta.families.keys() {
            if !self.engine.nothing_required(&self.state, k)? {
                return Ok(false);
            }
        }
        Ok(!self.ruleset_takes_a_seat(&self.state)?)
    }

    /// The status rule 0 gives `family` now, from its stored orders (`None`:
    /// it sent nothing valid). A family that sent nothing is ONR, unless the
    /// ruleset requires nothing of it this turn (a registration turn) or
    /// its silence is a pass (`Ruleset::answers_expected`): then OR.
    pub fn status_from(&self, family: &crate::game::FamilyKey, orders: Option<&intake::OrdersRecord>) -> Result<crate::game::OrderStatus> {
        use crate::game::OrderStatus;
        if self.meta.families.get(family).is_some_and(|f| f.pnj) {
            return Ok(OrderStatus::Pnj);
        }
        Ok(match orders {
            Some(r) => r.status(),
            None if self.engine.nothing_required(&self.state, family)? || self.engine.answers_expected(&self.state)? => OrderStatus::Or,
            None => OrderStatus::Onr,
        })
    }
}

/// Families registered during `turn`, in registration order.
pub fn registrations_of_turn(meta: &GameMeta, turn: u32) -> Vec<(&String, &FamilyRecord)> {
    let mut v: Vec<_> = meta.families.iter().filter(|(_, f)| f.registered_turn == turn).collect();
    v.sort_by_key(|(_, f)| f.registration_seq);
    v
}

/// A deterministic identifier for an outgoing message, from its parts.
pub fn message_id(parts: &[&str], domain: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    let d = hex::encode(&h.finalize()[..12]);
    format!("{d}@{domain}")
}

/// The domain part of an address (for Message-IDs).
pub fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map(|(_, d)| d).unwrap_or("localhost")
}

/// Now, as the referee sees it: the daemon's clock, passed down.
pub type Now = Timestamp;

impl Referee {
    /// The same referee seeing only `game` among the configured games (the
    /// others look absent, as to a message about another game), with a
    /// state cache of its own. Nothing is read or written.
    pub fn scoped_to(&self, game: &str) -> Referee {
        let mut config = self.config.clone();
        config.games.retain(|g| g.id == game);
        Referee {
            config,
            store: self.store.clone(),
            renderer: self.renderer.clone(),
            templates_dir: self.templates_dir.clone(),
            secret: self.secret,
            cache: Mutex::new(BTreeMap::new()),
            threads: self.threads,
        }
    }
}
