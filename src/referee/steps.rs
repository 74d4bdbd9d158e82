//! Turn-based play in the shell (`turn-based.md`, capabilities 1–4, 7):
//! which seats the open step awaits, when it is played early, and whether
//! the game keeps orders for later steps. Everything here is derived from
//! the stored files (`game.json`, the open step's orders) and the game's
//! configuration, never kept in memory, so a restarted daemon reaches the
//! same answers.

use std::collections::{BTreeMap, BTreeSet};

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::game::{FamilyKey, OrderStatus};

use super::intake::OrdersRecord;
use super::{OpenGame, Referee, Result};

/// When the open step will be played, as far as is known now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Timing {
    /// Only at the deadline (early adjudication is off, or not every awaited
    /// seat has complete orders yet).
    Deadline,
    /// Early adjudication is held by `ATTENDRE | WAIT`.
    Held,
    /// Every awaited seat is ready: played at `at` (or the deadline if sooner).
    Early { at: Timestamp, confirmed: bool },
}

impl OpenGame {
    /// Whether the ruleset names the seats it awaits (a turn-based game).
    pub fn turn_based(&self) -> Result<bool> {
        Ok(self.engine.awaiting(&self.state)?.is_some())
    }

    /// The seats awaited in the open step: the ruleset's set (every family
    /// for a simultaneous game), among the registered families, without the
    /// seats that conceded in an earlier step. A PNJ seat stays awaited (it
    /// is played for: default, robot or forfeit) but nobody waits for its mail.
    pub fn awaited(&self) -> Result<BTreeSet<FamilyKey>> {
        let named = self.engine.awaiting(&self.state)?;
        Ok(self
            .meta
            .families
            .iter()
            .filter(|(k, _)| named.as_ref().is_none_or(|s| s.contains(*k)))
            .filter(|(_, f)| f.resigned.is_none_or(|t| t >= self.meta.turn))
            .map(|(k, _)| k.clone())
            .collect())
    }

    /// Whether `family` answered in the open step: some line of its was
    /// accepted (a record) or it wrote `CONFIRMER`. What a step whose silence
    /// is a pass but whose answers are awaited waits for
    /// (`Ruleset::answers_expected`).
    pub fn answered(&self, family: &FamilyKey, record: Option<&OrdersRecord>) -> bool {
        record.is_some() || self.meta.confirmed.contains(family)
    }

    /// Whether an awaited seat is done with the open step, for early
    /// adjudication and reminders: its orders are OR and, in a step whose
    /// answers are awaited, it answered.
    pub fn ready(&self, family: &FamilyKey, record: Option<&OrdersRecord>) -> Result<bool> {
        Ok(self.status_from(family, record)? == OrderStatus::Or && (self.answered(family, record) || !self.engine.answers_expected(&self.state)?))
    }

    /// A seat conceded in the open step and the ruleset ends the game on
    /// it (Stellar S21): the step is played at once, with no seat awaited
    /// (the player who was to move has missed nothing).
    pub fn concession_ends_game(&self) -> Result<bool> {
        let t = self.meta.turn;
        Ok(!self.meta.finished && self.meta.families.values().any(|f| f.resigned == Some(t)) && self.engine.concession_ends_game(&self.state)?)
    }

    /// The awaited seats whose mail is waited for (not PNJ, not conceding).
    pub fn waited_for(&self) -> Result<BTreeSet<FamilyKey>> {
        let mut s = self.awaited()?;
        s.retain(|k| self.meta.families.get(k).is_some_and(|f| !f.pnj && f.resigned.is_none()));
        Ok(s)
    }
}

impl Referee {
    /// Whether `game` keeps orders written for a later step (setting
    /// `advance_orders`; unset: yes for turn-based games).
    pub fn advance_orders_allowed(&self, g: &OpenGame) -> Result<bool> {
        match self.game_config(&g.meta.id).and_then(|c| c.advance_orders) {
            Some(b) => Ok(b),
            None => g.turn_based(),
        }
    }

    /// Whether the open step of `g` is played as soon as the clock sees it:
    /// the registration step of a full game (setting `start_when_full`), or
    /// a step in which a seat conceded and the ruleset ends the game on it.
    pub fn starts_at_once(&self, g: &OpenGame) -> Result<bool> {
        if g.concession_ends_game()? {
            return Ok(true);
        }
        if !self.game_config(&g.meta.id).is_some_and(|c| c.start_when_full) {
            return Ok(false);
        }
        g.full_at_registration()
    }

    /// The change-of-mind delay of early adjudication, if the game has it on.
    pub fn early_delay(&self, game: &str) -> Option<SignedDuration> {
        self.game_config(game).and_then(|c| c.early)
    }

    /// When the open step of `g` will be played early, from its stored orders
    /// (capability 3). Every seat waited for must have complete orders (OR),
    /// and have answered in a step whose answers are awaited;
    /// the step is then due the change-of-mind delay after the last of them
    /// arrived, or at once when all of them wrote `CONFIRMER`; never while
    /// registration is open. A step in which
    /// nobody has to move (every awaited seat is PNJ or conceded) is due when
    /// it opened.
    pub fn timing(&self, g: &OpenGame, records: &BTreeMap<FamilyKey, OrdersRecord>) -> Result<Timing> {
        if g.meta.finished {
            return Ok(Timing::Deadline);
        }
        // A full game starts at once, early adjudication or not.
        if self.starts_at_once(g)? {
            return Ok(Timing::Early { at: g.meta.opened_at.unwrap_or(Timestamp::UNIX_EPOCH), confirmed: true });
        }
        let Some(delay) = self.early_delay(&g.meta.id) else { return Ok(Timing::Deadline) };
        // While a new seat may still join the step, it is played at its
        // deadline (RULINGS.md, "Turn-based play"): the referee's switch and
        // the ruleset both decide (a started turn-based game takes no seat,
        // whatever the switch says).
        if g.registration_open()? {
            return Ok(Timing::Deadline);
        }
        let waited = g.waited_for()?;
        if waited.iter().any(|k| g.meta.waiting.contains(k)) {
            return Ok(Timing::Held);
        }
        // A step that awaits the game master waits for its lines (`PASSE`
        // will do), as for a seat's.
        let mut last = g.meta.opened_at.unwrap_or(Timestamp::UNIX_EPOCH);
        if g.game_master_awaited()? {
            match records.get(crate::game::GAME_MASTER) {
                Some(r) => last = last.max(r.received_at),
                None => return Ok(Timing::Deadline),
            }
        }
        // A seat of whom nothing is required (a registration step) is
        // ready without sending anything.
        for k in &waited {
            let rec = records.get(k);
            if !g.ready(k, rec)? {
                return Ok(Timing::Deadline);
            }
            if let Some(r) = rec {
                last = last.max(r.received_at);
            }
        }
        let confirmed = waited.iter().all(|k| g.meta.confirmed.contains(k) || !records.contains_key(k));
        let at = if confirmed { last } else { last.checked_add(delay).unwrap_or(last) };
        Ok(Timing::Early { at, confirmed })
    }

    /// The instant the open step of `game` is due early, if it is (the clock
    /// loop's question). `None`: not early, held, or the game is over.
    pub fn early_due(&self, game: &str) -> Result<Option<Timestamp>> {
        let g = self.open_game(game)?;
        if g.meta.finished || g.meta.paused {
            return Ok(None);
        }
        let records = g.dir.read_orders::<OrdersRecord>(g.meta.turn)?;
        Ok(match self.timing(&g, &records)? {
            Timing::Early { at, .. } => Some(at),
            _ => None,
        })
    }

    /// When the open step will be played, in words for a player or the
    /// referee (`when` for the templates: `kind`, `at` in the game's zone).
    pub fn timing_words(&self, g: &OpenGame, timing: &Timing, lang: &str, now: Timestamp) -> serde_json::Value {
        let tz = self.game_config(&g.meta.id).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
        let early_on = self.early_delay(&g.meta.id).is_some();
        match timing {
            Timing::Early { at, confirmed } => {
                let at = g.meta.deadline.map_or(*at, |d| d.min(*at));
                let soon = at <= now;
                serde_json::json!({
                    "kind": if soon { "now" } else { "early" },
                    "at": crate::scheduler::format_deadline(at, &tz, lang),
                    "in": if soon { String::new() } else { crate::scheduler::format_time_left(now, at, lang) },
                    "confirmed": confirmed,
                    "early_on": early_on,
                })
            }
            Timing::Held => serde_json::json!({ "kind": "held", "early_on": early_on }),
            Timing::Deadline => serde_json::json!({ "kind": "deadline", "early_on": early_on }),
        }
    }
}

/// Orders written for a later step (`TOUR n`), kept as the raw lines until
/// that step opens (`<game>/advance/<NNNN>/<family>.json`).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct AdvanceRecord {
    pub message_id: String,
    pub archive_key: String,
    pub received_at: Timestamp,
    /// The step that was open when they came.
    pub sent_during: u32,
    pub lines: Vec<crate::game::OrderLine>,
    /// The mail said `CONFIRMER`: once applied, no change-of-mind delay.
    #[serde(default)]
    pub confirmed: bool,
}

/// What became of a family's orders in advance when their step opened (told
/// in that step's report).
#[derive(Debug, Clone, Serialize)]
pub struct AdvanceOutcome {
    pub turn: u32,
    /// They became the seat's orders for the step (some line was accepted).
    pub applied: bool,
    /// The seat is not awaited in that step: nothing was applied.
    pub not_awaited: bool,
    pub lines: Vec<serde_json::Value>,
    pub status: &'static str,
    /// The mail that carried them said `CONFIRMER`.
    #[serde(skip)]
    pub confirmed: bool,
}

impl Referee {
    /// Applies the orders in advance for step `next` when it opens, against
    /// `state` (its state): each awaited seat's lines are parsed again, and
    /// when some line is still valid they become the seat's orders for the
    /// step, received at `opened` (so the change-of-mind delay of early
    /// adjudication counts from the report). Idempotent: the same inputs
    /// write the same records.
    pub(crate) fn apply_advance(
        &self,
        g: &OpenGame,
        state: &crate::game::LoadedState,
        next: u32,
        opened: Timestamp,
    ) -> Result<BTreeMap<FamilyKey, AdvanceOutcome>> {
        let kept = g.dir.read_advance::<AdvanceRecord>(next)?;
        let mut out = BTreeMap::new();
        if kept.is_empty() {
            return Ok(out);
        }
        let named = g.engine.awaiting(state)?;
        let mut by_receipt: Vec<(&FamilyKey, &AdvanceRecord)> = kept.iter().collect();
        by_receipt.sort_by_key(|(k, r)| (r.received_at, (*k).clone()));
        let mut rank = 0u32;
        for (key, rec) in by_receipt {
            let Some(fam) = g.meta.families.get(key) else { continue };
            let awaited = named.as_ref().is_none_or(|s| s.contains(key)) && !fam.pnj && fam.resigned.is_none();
            if !awaited {
                out.insert(key.clone(), AdvanceOutcome { turn: next, applied: false, not_awaited: true, lines: vec![], status: "", confirmed: false });
                continue;
            }
            let (orders, verdicts, completeness) = g.engine.parse_orders(state, key, &rec.lines)?;
            let any = verdicts.iter().any(crate::game::LineVerdict::is_accepted);
            let status = crate::game::status_of(any, &completeness);
            if any {
                let record = OrdersRecord {
                    message_id: rec.message_id.clone(),
                    archive_key: rec.archive_key.clone(),
                    received_at: opened,
                    receipt_rank: rank,
                    orders,
                    verdicts: verdicts.clone(),
                    completeness,
                };
                rank += 1;
                g.dir.write_orders(next, key, &record)?;
            }
            out.insert(
                key.clone(),
                AdvanceOutcome {
                    turn: next,
                    applied: any,
                    not_awaited: false,
                    lines: verdicts.iter().map(|v| super::intake::verdict_json(v, &fam.lang)).collect(),
                    status: status.label(),
                    confirmed: rec.confirmed && any,
                },
            );
        }
        Ok(out)
    }
}
