//! The game master's seat (design note galactic-destiny.md §2.6 item 3,
//! §5): the reserved key [`GAME_MASTER`] (`@mj`) that a ruleset's
//! `awaiting` may name. Its lines come from `arbitre mj <game> …` on the
//! referee's machine, never from mail; the ruleset reads them as the seat's
//! orders (`Ruleset::parse_orders` with that key) and they are stored as
//! the open step's orders of `@mj`, in the same file store as a family's
//! (`orders/<NNNN>/%40mj.json`, written atomically: a crash loses nothing).
//!
//! The seat is never mailed and is never ONR or PNJ: a step that awaits it
//! is played early only once it has answered (`PASSE` will do); at the
//! deadline its silence is the empty orders (the ruleset decides what that
//! means: no effect for pending items) and the human referee is alerted at
//! `admin_address`, where its "awaited" notices and reminders go too.

use jiff::Timestamp;
use serde::Serialize;

use crate::game::{LineVerdict, OrderLine, GAME_MASTER};
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::intake::OrdersRecord;
use super::{OpenGame, Referee, RefereeError, Result};

impl OpenGame {
    /// Whether the ruleset gives this game a game master's seat.
    pub fn has_game_master(&self) -> Result<bool> {
        Ok(self.engine.game_master(&self.state)?)
    }

    /// Whether the open step awaits the game master (never once the game is over).
    pub fn game_master_awaited(&self) -> Result<bool> {
        if self.meta.finished {
            return Ok(false);
        }
        Ok(self.engine.awaiting(&self.state)?.is_some_and(|s| s.contains(GAME_MASTER)))
    }
}

/// What `arbitre mj <game> FICHIER` did with the game master's lines.
#[derive(Debug, Clone, Serialize)]
pub struct GameMasterAck {
    pub game: String,
    pub step: u32,
    /// One verdict per line read.
    pub verdicts: Vec<LineVerdict>,
    /// The accepted lines were stored as the open step's orders of `@mj`
    /// (false with `--verifier`, or when no line was accepted).
    pub stored: bool,
    /// They replaced lines stored earlier in the step.
    pub replaced: bool,
    /// The open step awaits the game master.
    pub awaited: bool,
}

/// What `arbitre mj <game> --etat` prints.
#[derive(Debug, Clone, Serialize)]
pub struct GameMasterState {
    pub game: String,
    pub step: u32,
    pub awaited: bool,
    /// The open step's deadline, in words (none when manual).
    pub deadline: Option<String>,
    /// The items awaiting the game master, in the referee's language.
    pub items: Vec<String>,
    /// The lines stored for the open step, as accepted.
    pub stored: Vec<String>,
}

impl Referee {
    /// Opens `game` for a game master's command: it exists, it has a game
    /// master's seat and it is not over; otherwise a refusal saying why.
    fn game_master_game(&self, game: &str) -> Result<OpenGame> {
        let g = self.open_game(game)?;
        if g.meta.finished {
            return Err(RefereeError::Invalid(format!("game {game} is over: the game master has nothing more to rule")));
        }
        if !g.has_game_master()? {
            return Err(RefereeError::Invalid(format!("game {game} has no game master (its ruleset's setting, e.g. maitre_de_jeu = true, is off)")));
        }
        Ok(g)
    }

    /// Reads the game master's lines `text` for the open step of `game`
    /// (blank lines and `#` comments skipped) as the `@mj` seat's orders;
    /// unless `check_only`, stores the accepted ones as the step's orders
    /// of `@mj` (replacing earlier ones, as a family's new mail does),
    /// under the game's lock. A command on a game that does not exist, has
    /// no game master or is over is refused with the reason.
    pub fn game_master_orders(&self, game: &str, text: &str, check_only: bool, now: Timestamp) -> Result<GameMasterAck> {
        let dir = self.store.game(game)?;
        if self.read_meta(game)?.is_none() {
            return Err(RefereeError::NoSuchGame(game.to_string()));
        }
        let _lock = dir.lock()?;
        let g = self.game_master_game(game)?;
        let lines: Vec<OrderLine> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| OrderLine { no: i + 1, text: l.trim().to_string() })
            .collect();
        let key = GAME_MASTER.to_string();
        let (orders, verdicts, completeness) = g.engine.parse_orders(&g.state, &key, &lines)?;
        let any = verdicts.iter().any(LineVerdict::is_accepted);
        let earlier: Option<OrdersRecord> = g.dir.read_family_orders(g.meta.turn, &key)?;
        let stored = any && !check_only;
        if stored {
            let record = OrdersRecord {
                message_id: String::new(),
                archive_key: format!("mj-{}-{}", g.meta.turn, now.as_millisecond()),
                received_at: now,
                receipt_rank: 0,
                orders,
                verdicts: verdicts.clone(),
                completeness,
            };
            g.dir.write_orders(g.meta.turn, &key, &record)?;
            tracing::info!(game = %game, step = g.meta.turn, "game master's lines stored");
        }
        Ok(GameMasterAck { game: game.to_string(), step: g.meta.turn, verdicts, stored, replaced: stored && earlier.is_some(), awaited: g.game_master_awaited()? })
    }

    /// The items awaiting the game master of `game` and the lines it
    /// stored for the open step (`arbitre mj <game> --etat`).
    pub fn game_master_state(&self, game: &str, now: Timestamp) -> Result<GameMasterState> {
        let g = self.game_master_game(game)?;
        let lang = self.admin_lang();
        let items = g.engine.game_master_items(&g.state)?.iter().map(|m| m.render(lang)).collect();
        let record: Option<OrdersRecord> = g.dir.read_family_orders(g.meta.turn, GAME_MASTER)?;
        let stored = record.map(|r| r.verdicts.iter().filter_map(|v| v.outcome.echo(lang)).collect()).unwrap_or_default();
        let (deadline, _, _) = self.deadline_words(&g, lang.code(), now);
        Ok(GameMasterState { game: game.to_string(), step: g.meta.turn, awaited: g.game_master_awaited()?, deadline: g.meta.deadline.map(|_| deadline), items, stored })
    }

    /// Mails the human referee that the step `step` of `g` awaits the game
    /// master (queued once per step, through `batch` when given), with the
    /// items awaiting it in the state `state`.
    pub(crate) fn tell_game_master(&self, g: &OpenGame, state: &crate::game::LoadedState, step: u32, deadline: Option<Timestamp>, now: Timestamp, batch: Option<&crate::store::Deferred>) -> Result<bool> {
        let lang = self.admin_lang();
        let items: Vec<String> = g.engine.game_master_items(state)?.iter().map(|m| format!("- {}", m.render(lang))).collect();
        let when = self.deadline_in_words(g, deadline, lang);
        let reason = game_master_awaited(&g.meta.id, step, &when).render(lang);
        let reason = if items.is_empty() { reason } else { format!("{reason}\n\n{}", items.join("\n")) };
        self.admin_mail(&format!("mj-awaited-{}-{}", g.meta.id, g.meta.turn_tag(step)), &g.meta.id, &reason, "mj", now, batch)
    }

    /// Mails the human referee that the game master stayed silent in the
    /// step `step` of `g`: played with no ruling for its items.
    pub(crate) fn tell_game_master_silent(&self, g: &OpenGame, step: u32, now: Timestamp) -> Result<bool> {
        let lang = self.admin_lang();
        let reason = game_master_silent(&g.meta.id, step).render(lang);
        self.admin_mail(&format!("mj-silent-{}-{}", g.meta.id, g.meta.turn_tag(step)), &g.meta.id, &reason, "mj", now, None)
    }

    /// The reminder to the game master of the open step of `g`, at `instant`.
    pub(crate) fn remind_game_master(&self, g: &OpenGame, instant: Timestamp, now: Timestamp) -> Result<bool> {
        let lang = self.admin_lang();
        let when = self.deadline_in_words(g, g.meta.deadline, lang);
        let reason = game_master_reminder(&g.meta.id, g.meta.turn, &when).render(lang);
        self.admin_mail(&format!("mj-reminder-{}-{}-{}", g.meta.id, g.meta.turn_tag(g.meta.turn), instant.as_second()), &g.meta.id, &reason, "mj", now, None)
    }

    fn deadline_in_words(&self, g: &OpenGame, deadline: Option<Timestamp>, lang: Lang) -> String {
        match (deadline, self.game_config(&g.meta.id)) {
            (Some(d), Some(c)) => crate::scheduler::format_deadline(d, &c.time_zone, lang.code()),
            _ => super::messages::deadline_none().render(lang),
        }
    }

    /// A mail to `admin_address` (`common/admin`, of `kind`), queued once
    /// under `admin-<id>`, through `batch` when given.
    pub(crate) fn admin_mail(&self, id: &str, game: &str, reason: &str, kind: &str, now: Timestamp, batch: Option<&crate::store::Deferred>) -> Result<bool> {
        self.queue_into(
            super::replies::Draft {
                id: format!("admin-{id}"),
                to: vec![self.config.admin_address.clone()],
                subject: super::messages::admin_subject(game).render(self.admin_lang()),
                template: "common/admin",
                lang: self.admin_lang().code(),
                context: serde_json::json!({ "game": game, "reason": reason, "kind": kind }),
                threading: super::replies::Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            },
            now,
            batch,
        )
    }
}

/// The acknowledgement of the game master's lines, as `arbitre mj` prints
/// it in `lang`: each line, then whether it was accepted (as understood)
/// or refused and why.
pub fn ack_text(ack: &GameMasterAck, lang: Lang) -> String {
    let mut out = String::new();
    for v in &ack.verdicts {
        out.push_str(&format!("> {}\n", v.line.text));
        match (&v.outcome, v.outcome.echo(lang)) {
            (_, Some(echo)) => out.push_str(&format!("  {}\n", msg!("referee-mj-accepted", order = echo).render(lang))),
            (crate::game::LineOutcome::Rejected { reason, suggestion }, None) => {
                out.push_str(&format!("  {}\n", msg!("referee-mj-refused", reason = reason.render(lang)).render(lang)));
                if let Some(s) = suggestion {
                    out.push_str(&format!("  {}\n", msg!("referee-mj-suggestion", suggestion = s.as_str()).render(lang)));
                }
            }
            _ => {}
        }
    }
    let accepted = ack.verdicts.iter().filter(|v| v.is_accepted()).count();
    let summary = if ack.stored {
        msg!("referee-mj-stored", game = ack.game.as_str(), step = ack.step, accepted = accepted, replaced = if ack.replaced { "yes" } else { "no" })
    } else if accepted > 0 {
        msg!("referee-mj-checked", game = ack.game.as_str(), step = ack.step, accepted = accepted)
    } else {
        msg!("referee-mj-nothing", game = ack.game.as_str(), step = ack.step)
    };
    out.push_str(&summary.render(lang));
    out.push('\n');
    out
}

/// Step `step` of `game` awaits the game master, until `deadline`.
fn game_master_awaited(game: &str, step: u32, deadline: &str) -> Msg {
    msg!("referee-mj-awaited", game = game, step = step, deadline = deadline)
}

/// The game master stayed silent in step `step` of `game`.
fn game_master_silent(game: &str, step: u32) -> Msg {
    msg!("referee-mj-silent", game = game, step = step)
}

/// The reminder: step `step` of `game` still awaits the game master.
fn game_master_reminder(game: &str, step: u32, deadline: &str) -> Msg {
    msg!("referee-mj-reminder", game = game, step = step, deadline = deadline)
}

/// One sample of every message of this file, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        game_master_awaited("gd-1", 12, "dimanche 3 mai à 20:00"),
        game_master_silent("gd-1", 12),
        game_master_reminder("gd-1", 12, "dimanche 3 mai à 20:00"),
        msg!("referee-mj-accepted", order = "PASSE"),
        msg!("referee-mj-refused", reason = "ligne inconnue"),
        msg!("referee-mj-suggestion", suggestion = "PASSE"),
        msg!("referee-mj-stored", game = "gd-1", step = 12, accepted = 2, replaced = "yes"),
        msg!("referee-mj-checked", game = "gd-1", step = 12, accepted = 2),
        msg!("referee-mj-nothing", game = "gd-1", step = 12),
    ]
}
