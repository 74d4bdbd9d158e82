//! The sentences the referee's shell composes for players outside templates
//! (subjects, the deadline when there is none, the form's password comment),
//! as messages of `locales/*/referee.ftl`. Admin-only mails to the referee
//! stay in French (`adjudication.rs`: "intervention requise", the mass-ONR
//! alert).

use crate::i18n::Msg;
use crate::msg;

/// The deadline of a game whose next deadline the referee sets by hand.
pub fn deadline_none() -> Msg {
    msg!("referee-deadline-none")
}

/// The open turn's deadline before the referee has set it.
pub fn deadline_not_yet() -> Msg {
    msg!("referee-deadline-not-yet")
}

/// The comment of the form's password line.
pub fn form_password() -> Msg {
    msg!("referee-form-password")
}

/// The subject of a reminder before the deadline.
pub fn subject_reminder(game: &str, turn: u32) -> Msg {
    msg!("referee-subject-reminder", game = game, turn = turn)
}

/// The subject of the mail announcing a moved deadline.
pub fn subject_deadline_moved(game: &str, turn: u32) -> Msg {
    msg!("referee-subject-deadline-moved", game = game, turn = turn)
}

/// The subject of the mail telling the players the referee rolled the game
/// back to the start of `turn`.
pub fn subject_rollback(game: &str, turn: u32) -> Msg {
    msg!("referee-subject-rollback", game = game, turn = turn)
}

/// The subject of the mail telling the players the mass-ONR guard holds `turn`.
pub fn subject_held(game: &str, turn: u32) -> Msg {
    msg!("referee-subject-held", game = game, turn = turn)
}

/// The subject of the public chronicle mailed to a player without a seat
/// (PNJ for good, or replaced) who follows the game to its end.
pub fn subject_follow(game: &str, turn: u32) -> Msg {
    msg!("referee-subject-follow", game = game, turn = turn)
}

/// The subject of the mail telling a family it became PNJ; `member` is the
/// ruleset's word for a side, capitalised, when it has one.
pub fn subject_pnj(game: &str, member: Option<&str>, family: &str) -> Msg {
    match member {
        Some(w) => msg!("referee-subject-pnj-member", game = game, member = w, family = family),
        None => msg!("referee-subject-pnj", game = game, family = family),
    }
}

/// One sample of every message of this file, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        deadline_none(),
        deadline_not_yet(),
        form_password(),
        subject_reminder("stellarium-1", 3),
        subject_deadline_moved("stellarium-1", 3),
        subject_rollback("stellarium-1", 3),
        subject_held("stellarium-1", 3),
        subject_follow("stellarium-1", 3),
        subject_pnj("stellarium-1", Some("Famille"), "Atréides"),
        subject_pnj("stellarium-1", None, "Atréides"),
    ]
}
