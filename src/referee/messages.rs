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

/// The subject of a mail to the human referee about `game`.
pub fn admin_subject(game: &str) -> Msg {
    msg!("referee-admin-subject", game = game)
}

/// Why the mass-ONR guard holds `turn`: `silent` of the `active` families
/// sent nothing, `share` % above `threshold` % (whole percentages).
pub fn admin_hold_reason(silent: usize, active: usize, share: f64, threshold: f64, turn: u32) -> Msg {
    msg!(
        "referee-admin-hold-reason",
        silent = silent,
        active = active,
        share = format!("{share:.0}"),
        threshold = format!("{threshold:.0}"),
        turn = turn
    )
}

/// A configured game that could not be created, and why.
pub fn admin_create_reason(game: &str, error: &str) -> Msg {
    msg!("referee-admin-create-reason", game = game, error = error)
}

/// A message the mail server refused for good, and its answer.
pub fn admin_bounce_reason(id: &str, why: &str) -> Msg {
    msg!("referee-admin-bounce-reason", id = id, why = why)
}

/// One sample of every message of this file, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        admin_subject("stellarium-1"),
        admin_hold_reason(3, 4, 75.0, 50.0, 2),
        admin_create_reason("stellarium-1", "games[0].settings: unknown setting `turn`"),
        admin_bounce_reason("report-1", "550 no such user"),
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
