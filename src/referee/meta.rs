//! A game's metadata (`games/<id>/game.json`): what the referee knows that
//! the ruleset does not: the roster (addresses, password hashes, languages),
//! the open turn and its deadline, statuses, pauses and holds.
//!
//! `game.json` is rewritten atomically; its `turn` field is the commit point
//! of an adjudication (see `referee::adjudication`).

use std::collections::{BTreeMap, BTreeSet};

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, OrderStatus};

/// When an accepted submission was received, and its rank in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub rank: u32,
    pub received_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: String,
    pub ruleset: String,
    /// The game's seed; each turn's dice derive from it and the turn number.
    pub seed: u64,
    /// The turn open for orders.
    pub turn: u32,
    /// Deadline of the open turn (`None` for a manual schedule).
    pub deadline: Option<Timestamp>,
    /// Paused by the referee: deadlines do not fire (orders are still taken).
    #[serde(default)]
    pub paused: bool,
    /// Held by the mass-ONR guard (or another safety check): the reason.
    /// The turn is not adjudicated until the referee resumes or forces it.
    #[serde(default)]
    pub held: Option<String>,
    /// Registration open (from the config at creation; the CLI may change it).
    #[serde(default)]
    pub registration_open: bool,
    #[serde(default)]
    pub families: BTreeMap<FamilyKey, FamilyRecord>,
    /// Accepted submissions so far this turn: gives each its receipt rank.
    #[serde(default)]
    pub receipts: u32,
    /// The receipt of each message whose orders were accepted this turn, by
    /// archive key: a message handled again after a crash (no done marker
    /// yet) keeps its rank and instant, even once a later message of the
    /// family replaced its orders. Beside the counter, in the same file, so
    /// any subset of a run's writes a crash leaves on disk agrees with it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub receipt_of: BTreeMap<String, Receipt>,
    /// Reminder instants (Unix seconds) already sent for the open deadline.
    #[serde(default)]
    pub reminders_sent: BTreeSet<i64>,
    /// The game has ended (the ruleset said so after a turn).
    #[serde(default)]
    pub finished: bool,
    /// Turns whose reports were enqueued (for `resend`).
    #[serde(default)]
    pub last_reported_turn: Option<u32>,
    /// When the open step opened (the instant its predecessor's adjudication
    /// began, or the game's creation): relative deadlines, and early
    /// adjudication of a step nobody has to move in, count from it.
    #[serde(default)]
    pub opened_at: Option<Timestamp>,
    /// Set when an adjudication of the open step begins and kept until it
    /// commits: a re-run after a crash reuses it, so the next deadline (and
    /// every report that names it) comes out the same.
    #[serde(default)]
    pub adjudication_started: Option<Timestamp>,
    /// Seats that wrote `ATTENDRE | WAIT` in the open step (early
    /// adjudication held until the deadline; a later `CONFIRMER` cancels it).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub waiting: BTreeSet<FamilyKey>,
    /// Seats whose current orders for the open step carry `CONFIRMER |
    /// CONFIRM` (no change-of-mind delay for them).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub confirmed: BTreeSet<FamilyKey>,
    /// Registrations waiting for their address to confirm them, by code
    /// (`referee::join`): they hold no seat.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pending_joins: BTreeMap<String, super::join::PendingJoin>,
    /// How many times the referee rolled the game back (`arbitre rollback`):
    /// the outbox ids of every mail tied to a turn carry it (see
    /// [`GameMeta::turn_tag`]), so a turn played again after a rollback
    /// mails its reports instead of finding them "already sent".
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rollbacks: u32,
    /// The turn whose mass-ONR hold the referee lifted (`game resume`,
    /// `game extend`, `adjudicate`): its adjudication skips the guard, so the
    /// turn is played at its deadline instead of being held again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold_lifted: Option<u32>,
    /// Players who no longer hold a seat but follow the game to its end
    /// (the old address of a seat `arbitre family replace` gave to someone
    /// else), by address: each adjudication mails them the game's public
    /// report (the chronicle), the last one with the final result.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub followers: BTreeMap<String, Follower>,
}

/// An absence declared by mail: whole days in the game's time zone, both
/// ends included (RULINGS.md, "Absences"). Public, as in njudge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    pub from: jiff::civil::Date,
    pub to: jiff::civil::Date,
    /// Days charged to the budget when it was declared (refunded, for the
    /// days not begun, when it is withdrawn).
    #[serde(default)]
    pub charged: u32,
}

impl Absence {
    /// Whether `at` falls on a day of the absence, in `tz`.
    pub fn covers(&self, at: jiff::Timestamp, tz: &jiff::tz::TimeZone) -> bool {
        let day = at.to_zoned(tz.clone()).date();
        self.from <= day && day <= self.to
    }

    /// `deadline` moved to the same time of day on the first day after the
    /// absence (whole calendar days, as `game extend 2d`).
    pub fn after(&self, deadline: jiff::Timestamp, tz: &jiff::tz::TimeZone) -> Option<jiff::Timestamp> {
        let time = deadline.to_zoned(tz.clone()).time();
        let day = self.to.tomorrow().ok()?;
        day.to_datetime(time).to_zoned(tz.clone()).ok().map(|z| z.timestamp())
    }

    /// The days from `from` (or `today`, when later) to `to`, both included.
    pub fn days_from(&self, today: jiff::civil::Date) -> u32 {
        let start = self.from.max(today);
        if start > self.to {
            return 0;
        }
        (self.to - start).get_days().max(0) as u32 + 1
    }
}

/// A player who follows a game without a seat ([`GameMeta::followers`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Follower {
    /// The name of the seat they played.
    pub family: String,
    /// `fr` or `en`: the language of their mails.
    pub lang: String,
    /// The open turn when they left the seat.
    pub since: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FamilyRecord {
    /// The family's name as registered (canonical spelling).
    pub name: String,
    /// The registered address (lower case); replies go only there.
    pub address: String,
    /// SHA-256 (hex) of the game id, the family key and the password.
    pub password_sha256: String,
    /// `fr` or `en`: the language of the family's mails.
    pub lang: String,
    pub registered_turn: u32,
    /// Order of registration within the game (replays registrations in order).
    #[serde(default)]
    pub registration_seq: u32,
    /// Status per adjudicated turn (rule 0).
    #[serde(default)]
    pub statuses: BTreeMap<u32, OrderStatus>,
    /// ONR turns in a row, up to the last adjudicated turn.
    #[serde(default)]
    pub onr_streak: u32,
    /// PNJ: irreversible in Stellarium (rule 0.4) and Galaxy; a seat the
    /// ruleset gives back (`Engine::pnj_return`) is PNJ until its player
    /// sends valid orders again.
    #[serde(default)]
    pub pnj: bool,
    /// Made PNJ by the referee (`arbitre family remove`): never given back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
    /// The archive key of the registration message: handling that message
    /// again (after a crash before its `done` marker) answers it the same way
    /// instead of refusing the name as taken.
    #[serde(default)]
    pub registered_by: Option<String>,
    /// The step in which the seat conceded (`ABANDON | RESIGN`, or a PNJ
    /// seat of a game whose `pnj` setting is "forfeit"): its input has
    /// `resigned = true` in that step, and it is awaited no more after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<u32>,
    /// How many times the referee issued a new password
    /// (`arbitre family password`); the next one derives from it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub password_generation: u32,
    /// The absence its player declared (`ABSENCE | AWAY`), until it is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absence: Option<Absence>,
    /// Days of absence charged to the player's budget so far
    /// (`absence = "extend"`, `absence_days`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub absence_days_used: u32,
    /// When the family registered (game time): registrations per address
    /// and per domain are limited over 24 hours (`[limits]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registered_at: Option<Timestamp>,
    /// A new password the player asked for (`MOTDEPASSE OUBLIE`), waiting
    /// to be used: until then the old one works too (`referee::life`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_reset: Option<super::life::PasswordReset>,
    /// A change of address the player asked for (`ADRESSE <new>`), waiting
    /// for the new address to send its code back (`referee::life`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_change: Option<super::life::AddressChange>,
}



impl GameMeta {
    /// `turn` as it appears in the outbox ids of the mails tied to it: the
    /// number alone until the game is first rolled back, then the number and
    /// the rollback count (`3r1`), which no earlier id can carry. Derived
    /// from `game.json` alone, so a re-run after a crash finds the same ids.
    pub fn turn_tag(&self, turn: u32) -> String {
        match self.rollbacks {
            0 => turn.to_string(),
            r => format!("{turn}r{r}"),
        }
    }

    /// The family whose registered address is `address`, if any (live ones first).
    pub fn family_by_address(&self, address: &str) -> Option<(&FamilyKey, &FamilyRecord)> {
        let a = address.to_ascii_lowercase();
        self.families.iter().filter(|(_, f)| f.address == a).min_by_key(|(_, f)| f.pnj)
    }

    /// `deadline` moved past every absence it falls in (a family's in turn,
    /// as often as one absence ends inside another), or `None` when none
    /// covers it (`absence = "extend"`).
    pub fn deadline_after_absences(&self, deadline: Timestamp, tz: &jiff::tz::TimeZone) -> Option<Timestamp> {
        let mut d = deadline;
        for _ in 0..=self.families.len() {
            match self.families.values().filter(|f| !f.pnj && f.resigned.is_none()).filter_map(|f| f.absence.filter(|a| a.covers(d, tz))).next() {
                Some(a) => d = a.after(d, tz)?,
                None => break,
            }
        }
        (d != deadline).then_some(d)
    }

    /// The status of `family` in the last adjudicated turn.
    pub fn last_status(&self, family: &FamilyKey) -> Option<OrderStatus> {
        self.families.get(family).and_then(|f| f.statuses.values().next_back().copied())
    }
}
