//! The referee's commands on a game: create, status, extend, pause, resume,
//! roll back, resend. Each takes the game's lock, so the CLI and the daemon
//! never write the same game at once.

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;

use crate::game::OrderStatus;

use super::intake::OrdersRecord;
use super::{GameMeta, Referee, RefereeError, Result};

/// One family's line in `arbitre game status`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FamilyStatus {
    pub key: String,
    pub name: String,
    pub address: String,
    /// Status the family's orders would get if the deadline were now.
    pub current: OrderStatus,
    pub onr_streak: u32,
    pub pnj: bool,
    pub last_status: Option<OrderStatus>,
    /// The open step awaits this seat (always, in a simultaneous game).
    pub awaited: bool,
    /// Its orders carry `CONFIRMER` / it wrote `ATTENDRE` in the open step.
    pub confirmed: bool,
    pub waiting: bool,
    /// The step in which it conceded.
    pub resigned: Option<u32>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct GameStatus {
    pub id: String,
    pub ruleset: String,
    pub turn: u32,
    pub deadline: Option<String>,
    pub time_left: Option<String>,
    pub paused: bool,
    pub held: Option<String>,
    pub finished: bool,
    pub registration_open: bool,
    pub families: Vec<FamilyStatus>,
    pub outbox_pending: usize,
    /// The ruleset names the awaited seats (a turn-based game).
    pub turn_based: bool,
    /// The open step's schedule (`weekly sunday 20:00`, `after 2d`…): its kind's in
    /// the game's `deadlines`, else `deadline`.
    pub schedule: String,
    /// Early adjudication's change-of-mind delay (`None`: off).
    pub early_delay: Option<String>,
    /// When the open step will be played, as far as is known now.
    pub timing: super::steps::Timing,
    /// The early instant in the game's time zone, when there is one.
    pub early_at: Option<String>,
    /// Orders in advance kept for later steps: (step, seats).
    pub advance: Vec<(u32, Vec<String>)>,
    /// The game master's seat (`@mj`), in a game that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_master: Option<GameMasterStatus>,
}

/// The game master's seat in `arbitre game status`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameMasterStatus {
    /// The open step awaits it.
    pub awaited: bool,
    /// It wrote lines for the open step (`arbitre mj`).
    pub answered: bool,
    /// How many items await it.
    pub items: usize,
}

impl Referee {
    /// Creates the game configured under `id` (turn 0, open per its config).
    /// Creating a game that exists is an error (nothing is overwritten).
    pub fn create_game(&self, id: &str, seed: Option<u64>, now: Timestamp) -> Result<GameMeta> {
        let gc = self.game_config(id).ok_or_else(|| RefereeError::Invalid(format!("no [[games]] entry with id = {id:?} in the configuration")))?;
        let engine = crate::games::engine(&gc.ruleset)
            .ok_or_else(|| RefereeError::NoSuchRuleset { game: id.into(), ruleset: gc.ruleset.clone() })?;
        let dir = self.store.game(id)?;
        dir.create()?;
        let _lock = dir.lock()?;
        if self.read_meta(id)?.is_some() {
            return Err(RefereeError::Invalid(format!("game {id} already exists")));
        }
        // The seed is chosen once, here in the shell (never inside an engine),
        // and stored: every turn's dice derive from it.
        let seed = seed.or(gc.seed).unwrap_or_else(rand::random);
        let state = engine.new_game(&gc.settings, seed).map_err(|e| RefereeError::Invalid(format!("games.{id}.settings: {e}")))?;
        dir.write_state(0, &engine.save_state(&state)?)?;
        let meta = GameMeta {
            id: id.to_string(),
            ruleset: gc.ruleset.clone(),
            seed,
            turn: 0,
            deadline: crate::scheduler::next_deadline(gc.schedule(engine.step_kind(&state)?), &gc.time_zone, now),
            paused: false,
            held: None,
            registration_open: gc.registration_open,
            families: Default::default(),
            receipts: 0,
            receipt_of: Default::default(),
            reminders_sent: Default::default(),
            finished: false,
            last_reported_turn: None,
            opened_at: Some(now),
            adjudication_started: None,
            waiting: Default::default(),
            confirmed: Default::default(),
            pending_joins: Default::default(),
            rollbacks: 0,
            hold_lifted: None,
            followers: Default::default(),
        };
        self.write_meta(&meta)?;
        tracing::info!(game = %id, ruleset = %gc.ruleset, seed, "game created");
        Ok(meta)
    }

    /// Creates every configured game that does not exist yet (daemon start).
    /// A game that cannot be created is mailed to `admin_address` at once
    /// (once per distinct error: the id carries a digest of it), since the
    /// players writing to it are told it does not exist.
    pub fn create_missing_games(&self, now: Timestamp) -> Vec<(String, Result<GameMeta>)> {
        let created: Vec<(String, Result<GameMeta>)> = self
            .config
            .games
            .iter()
            .filter(|g| matches!(self.read_meta(&g.id), Ok(None)))
            .map(|g| (g.id.clone(), self.create_game(&g.id, None, now)))
            .collect();
        for (id, res) in &created {
            let Err(e) = res else { continue };
            let reason = super::messages::admin_create_reason(id, &e.to_string()).render(self.admin_lang());
            let digest = super::message_id(&[id.as_str(), e.to_string().as_str()], "x");
            let digest = digest.split('@').next().unwrap_or_default();
            if let Err(q) = self.alert_admin_about(&format!("create-{id}-{digest}"), id, &reason, "create", now) {
                tracing::error!(game = %id, error = %q, "could not queue the alert about the game's creation");
            }
        }
        created
    }

    /// The settings check of the ruleset of the configured game `gc`, exactly
    /// as [`Referee::create_game`] runs it (`arbitre check-config`): the error
    /// names the setting.
    pub fn check_game_settings(gc: &crate::config::GameConfig) -> std::result::Result<(), String> {
        let engine = crate::games::engine(&gc.ruleset).ok_or_else(|| format!("ruleset {:?} is not in this build", gc.ruleset))?;
        engine.new_game(&gc.settings, gc.seed.unwrap_or(0)).map(drop)
    }

    pub fn status(&self, id: &str, now: Timestamp) -> Result<GameStatus> {
        let g = self.open_game(id)?;
        let records = g.dir.read_orders::<OrdersRecord>(g.meta.turn)?;
        let awaited = g.awaited()?;
        let mut families = Vec::new();
        for (k, f) in &g.meta.families {
            families.push(FamilyStatus {
                awaited: awaited.contains(k),
                confirmed: g.meta.confirmed.contains(k),
                waiting: g.meta.waiting.contains(k),
                resigned: f.resigned,
                key: k.clone(),
                name: f.name.clone(),
                address: f.address.clone(),
                current: g.status_from(k, records.get(k))?,
                onr_streak: f.onr_streak,
                pnj: f.pnj,
                last_status: f.statuses.values().next_back().copied(),
            });
        }
        // Dates and durations in the game's language.
        let gc = self.game_config(id);
        let lang = gc.map_or("fr", |c| c.language.as_str());
        let (deadline, time_left, _) = self.deadline_words(&g, lang, now);
        let timing = self.timing(&g, &records)?;
        let early_at = match (&timing, gc) {
            (super::steps::Timing::Early { at, .. }, Some(c)) => Some(crate::scheduler::format_deadline(*at, &c.time_zone, lang)),
            _ => None,
        };
        let mut advance = Vec::new();
        for t in g.meta.turn + 1..=g.meta.turn + super::intake::MAX_STEPS_AHEAD {
            let kept = g.dir.read_advance::<super::steps::AdvanceRecord>(t)?;
            if !kept.is_empty() {
                advance.push((t, kept.into_keys().collect()));
            }
        }
        let game_master = if g.has_game_master()? {
            Some(GameMasterStatus {
                awaited: g.game_master_awaited()?,
                answered: records.contains_key(crate::game::GAME_MASTER),
                items: g.engine.game_master_items(&g.state)?.len(),
            })
        } else {
            None
        };
        Ok(GameStatus {
            game_master,
            turn_based: g.turn_based()?,
            schedule: match gc {
                Some(c) => c.schedule(g.engine.step_kind(&g.state)?).to_string(),
                None => String::new(),
            },
            early_delay: gc.and_then(|c| c.early).map(crate::scheduler::format_duration),
            timing,
            early_at,
            advance,
            id: g.meta.id.clone(),
            ruleset: g.meta.ruleset.clone(),
            turn: g.meta.turn,
            deadline: g.meta.deadline.map(|_| deadline),
            time_left: g.meta.deadline.map(|_| time_left),
            paused: g.meta.paused,
            held: g.meta.held.clone(),
            finished: g.meta.finished,
            registration_open: g.registration_open()?,
            families,
            outbox_pending: self.store.outbox().pending_count()?,
        })
    }

    /// Moves the open turn's deadline by `by` (from the current deadline, or
    /// from now when there is none); whole days are calendar days in the
    /// game's time zone (20:00 stays 20:00 across a DST change); reminders
    /// are re-armed. A mass-ONR hold is lifted: the turn is played at the
    /// new deadline. A deadline that would already be past is refused (the
    /// turn would be played at once): see [`Referee::extend_allowing_past`].
    pub fn extend(&self, id: &str, by: SignedDuration, now: Timestamp) -> Result<Timestamp> {
        self.move_deadline(id, by, now, false)
    }

    /// [`Referee::extend`], but a deadline already past is kept: the turn is
    /// played at the clock's next look (`game extend --now`).
    pub fn extend_allowing_past(&self, id: &str, by: SignedDuration, now: Timestamp) -> Result<Timestamp> {
        self.move_deadline(id, by, now, true)
    }

    fn move_deadline(&self, id: &str, by: SignedDuration, now: Timestamp, allow_past: bool) -> Result<Timestamp> {
        let tz = self.game_config(id).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
        let mut sequence = 0;
        let d = self.with_meta(id, |m| {
            let base = m.deadline.unwrap_or(now);
            let d = crate::scheduler::shift_deadline(base, &tz, by)
                .ok_or_else(|| RefereeError::Invalid("cannot move the deadline that far".into()))?;
            if d <= now && !allow_past && !m.finished {
                return Err(RefereeError::Invalid(format!(
                    "the new deadline of game {id}, {}, is already past (now: {}): turn {} would be played at once. \
                     Give a longer duration, or add --now to play the turn now",
                    crate::scheduler::format_deadline(d, &tz, "en"),
                    crate::scheduler::format_deadline(now, &tz, "en"),
                    m.turn
                )));
            }
            m.deadline = Some(d);
            m.reminders_sent.clear();
            lift_hold(m);
            // The calendar event of this deadline is updated, not duplicated:
            // same UID, higher SEQUENCE (`mail::calendar`).
            sequence = crate::mail::calendar::bump_sequence(&self.store.game(id)?, m.turn)?;
            Ok(d)
        })?;
        self.announce_moved_deadline(id, sequence, Value::Null, now)?;
        Ok(d)
    }

    /// Tells every family of a game in progress that the deadline moved,
    /// with the updated calendar event (same UID, the new SEQUENCE), so that
    /// the players' calendars follow at once. Queued once per move.
    /// `absence`: the absence that moved it (`{ name, from, to }`), or null
    /// for the referee's `game extend`.
    pub(super) fn announce_moved_deadline(&self, id: &str, sequence: u32, absence: Value, now: Timestamp) -> Result<usize> {
        let g = self.open_game(id)?;
        // A deadline moved into the past plays the turn at once: its report
        // follows, and there is nothing to put in a calendar.
        let Some(deadline) = g.meta.deadline.filter(|d| !g.meta.finished && *d > now) else { return Ok(0) };
        let mut n = 0;
        for (key, fam) in &g.meta.families {
            let (dl, left, _) = self.deadline_words(&g, &fam.lang, now);
            let queued = self.queue(
                super::replies::Draft {
                    id: format!("deadline-moved-{id}-{}-{sequence}-{key}", g.meta.turn_tag(g.meta.turn)),
                    to: vec![fam.address.clone()],
                    subject: super::messages::subject_deadline_moved(id, g.meta.turn)
                        .render(crate::i18n::Lang::from_code(&fam.lang)),
                    template: "common/deadline-moved",
                    lang: &fam.lang,
                    context: serde_json::json!({ "game": id, "family": fam.name, "turn": g.meta.turn, "deadline": dl, "time_left": left,
                        "private_url": crate::web::link::private_url(self, id, key), "absence": absence }),
                    threading: super::replies::Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: self.deadline_attachment(id, g.meta.turn, Some(deadline), &fam.lang, now).into_iter().collect(),
                },
                now,
            )?;
            n += usize::from(queued);
        }
        Ok(n)
    }

    pub fn set_paused(&self, id: &str, paused: bool) -> Result<()> {
        self.with_meta(id, |m| {
            m.paused = paused;
            if !paused {
                // Resuming also releases a mass-ONR hold: the referee looked,
                // and the turn is played at the clock's next look.
                lift_hold(m);
            }
            Ok(())
        })
    }

    /// Lifts a hold of the open turn (`arbitre adjudicate` on a held turn):
    /// its next adjudication skips the mass-ONR guard. Returns the reason of
    /// the hold lifted, if there was one.
    pub fn lift_hold(&self, id: &str) -> Result<Option<String>> {
        self.with_meta(id, |m| Ok(lift_hold(m)))
    }

    pub fn set_registration(&self, id: &str, open: bool) -> Result<()> {
        self.with_meta(id, |m| {
            m.registration_open = open;
            Ok(())
        })
    }

    /// Rolls the game back to the start of `turn`: later turns are moved
    /// aside (not deleted), statuses after it forgotten, the orders already
    /// received for `turn` kept. Mails already sent cannot be unsent.
    ///
    /// Every family is told (`common/rollback`), and the turn played again
    /// mails its reports: the rollback count in `game.json` is part of the
    /// outbox id of every mail tied to a turn ([`GameMeta::turn_tag`]).
    pub fn rollback(&self, id: &str, turn: u32, now: Timestamp) -> Result<GameMeta> {
        let dir = self.store.game(id)?;
        let _lock = dir.lock()?;
        self.store.check_no_unfinished_run(id)?;
        let mut m = self.read_meta(id)?.ok_or_else(|| RefereeError::NoSuchGame(id.into()))?;
        if turn > m.turn {
            return Err(RefereeError::Invalid(format!("game {id} is at turn {}; cannot roll back to {turn}", m.turn)));
        }
        if dir.read_state(turn)?.is_none() {
            return Err(RefereeError::Invalid(format!("game {id} has no state for turn {turn}")));
        }
        dir.remove_turns_after(turn)?;
        let cancelled: Vec<(String, super::FamilyRecord)> =
            m.families.iter().filter(|(_, f)| f.registered_turn > turn).map(|(k, f)| (k.clone(), f.clone())).collect();
        m.families.retain(|_, f| f.registered_turn <= turn);
        for f in m.families.values_mut() {
            f.statuses.retain(|t, _| *t < turn);
            f.pnj = f.statuses.values().any(|s| *s == OrderStatus::Pnj);
            f.onr_streak = f.statuses.values().rev().take_while(|s| **s == OrderStatus::Onr).count() as u32;
        }
        m.turn = turn;
        m.finished = false;
        m.held = None;
        m.reminders_sent.clear();
        // Turn-based state of the open step: what was confirmed or held for
        // a later turn no longer applies; resignations after it are undone.
        m.adjudication_started = None;
        m.waiting.clear();
        m.confirmed.clear();
        for f in m.families.values_mut() {
            f.resigned = f.resigned.filter(|t| *t < turn);
        }
        let orders = dir.read_orders::<OrdersRecord>(turn)?;
        m.receipts = orders.values().map(|r| r.receipt_rank + 1).max().unwrap_or(0);
        m.receipt_of = orders.values().map(|r| (r.archive_key.clone(), super::meta::Receipt { rank: r.receipt_rank, received_at: r.received_at })).collect();
        m.last_reported_turn = turn.checked_sub(1);
        m.rollbacks += 1;
        m.hold_lifted = None;
        // The new game.json and the mails telling the families are made
        // durable together: a crash in between cannot leave a game rolled
        // back that nobody was told of.
        self.forget(id);
        let group = crate::store::Group::new();
        group.enter(|| -> Result<usize> {
            self.write_meta(&m)?;
            self.announce_rollback(id, &cancelled, now)
        })?;
        group.commit().map_err(crate::store::StoreError::io(dir.path()))?;
        self.forget(id);
        tracing::warn!(game = %id, turn, rollbacks = m.rollbacks, "game rolled back");
        Ok(m)
    }

    /// Tells every family that the game went back to the start of its open
    /// turn (whether its orders for it are kept, the deadline), and each
    /// family whose registration the rollback cancelled that it must
    /// register again. Queued once per rollback (the count is in the id).
    fn announce_rollback(&self, id: &str, cancelled: &[(String, super::FamilyRecord)], now: Timestamp) -> Result<usize> {
        let g = self.open_game(id)?;
        let records = g.dir.read_orders::<OrdersRecord>(g.meta.turn)?;
        let told = g.meta.families.iter().filter(|(_, f)| !f.pnj).map(|(k, f)| (k, f, false));
        let told = told.chain(cancelled.iter().map(|(k, f)| (k, f, true)));
        let mut n = 0;
        for (key, fam, cancelled) in told {
            let (dl, left, _) = self.deadline_words(&g, &fam.lang, now);
            n += usize::from(self.queue(
                super::replies::Draft {
                    id: format!("rollback-{id}-{}-{key}", g.meta.rollbacks),
                    to: vec![fam.address.clone()],
                    subject: super::messages::subject_rollback(id, g.meta.turn).render(crate::i18n::Lang::from_code(&fam.lang)),
                    template: "common/rollback",
                    lang: &fam.lang,
                    context: serde_json::json!({ "game": id, "family": fam.name, "turn": g.meta.turn, "deadline": dl, "time_left": left,
                        "cancelled": cancelled, "has_orders": records.contains_key(key),
                        "private_url": (if cancelled { None } else { crate::web::link::private_url(self, id, key) }) }),
                    threading: super::replies::Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: vec![],
                },
                now,
            )?);
        }
        Ok(n)
    }

    /// Queues the latest reports again (all families, or one).
    pub fn resend(&self, id: &str, family: Option<&str>, now: Timestamp) -> Result<usize> {
        let dir = self.store.game(id)?;
        let _lock = dir.lock()?;
        let g = self.open_game(id)?;
        let keys: Vec<String> = match family {
            Some(f) => {
                let k = crate::text::key(f);
                if !g.meta.families.contains_key(&k) {
                    return Err(RefereeError::Invalid(format!("game {id} has no family {f:?}")));
                }
                vec![k]
            }
            None => g.meta.families.keys().cloned().collect(),
        };
        let mut n = 0;
        for k in keys {
            if self.resend_report(&g, &k, None, now)? {
                n += 1;
            }
        }
        Ok(n)
    }

    fn with_meta<T>(&self, id: &str, f: impl FnOnce(&mut GameMeta) -> Result<T>) -> Result<T> {
        let dir = self.store.game(id)?;
        let _lock = dir.lock()?;
        // What the messages of an interrupted run were decided on (the
        // deadline, whether registration is open) must not change first.
        self.store.check_no_unfinished_run(id)?;
        let mut m = self.read_meta(id)?.ok_or_else(|| RefereeError::NoSuchGame(id.into()))?;
        let out = f(&mut m)?;
        self.write_meta(&m)?;
        Ok(out)
    }
}

/// Lifts a hold of the open turn: the referee looked, so its adjudication
/// skips the mass-ONR guard (`GameMeta::hold_lifted`). Returns the reason of
/// the hold lifted.
fn lift_hold(m: &mut GameMeta) -> Option<String> {
    let reason = m.held.take()?;
    m.hold_lifted = Some(m.turn);
    Some(reason)
}
