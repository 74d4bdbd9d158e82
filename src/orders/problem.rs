//! What the acknowledgement says of a header or command line that cannot be
//! used as written (`PARTIE` without an id, `MESSAGE` without `FINMESSAGE` …):
//! one [`Problem`] per sentence of `locales/*/orders.ftl` (ids `orders-*`).
//!
//! `kw` is the keyword as the player wrote it (`TOUR` or `TURN` …), so the
//! sentence quotes the player's own word.

use crate::i18n::Msg;
use crate::msg;

/// A problem of the game-independent order language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    EndMessageWithoutMessage,
    GameIdMissing,
    GameExtraText { id: String },
    GameRepeated { id: String, first: String },
    FamilyNameMissing { kw: String },
    FamilyRepeated { kw: String, name: String, first: String },
    PasswordMissing,
    PasswordOneWord,
    PasswordRepeated,
    TurnMissing { kw: String },
    TurnNotANumber { kw: String, text: String },
    TurnBackwards { kw: String, n: u32, current: u32 },
    JoinNameMissing { kw: String },
    AbsenceDates { kw: String, text: String },
    AbsenceBackwards { kw: String },
    MessageUnclosed,
    MessageNoRecipient,
    MessageEmpty,
    MessageTooLong { chars: usize, max: usize },
    LineTooLong { chars: usize, max: usize },
    ReportTurnNotANumber { kw: String, text: String },
    AddressMissing { kw: String },
    ReplyNoToken { kw: String },
}

impl Problem {
    /// The message of this problem.
    pub fn msg(&self) -> Msg {
        match self {
            Problem::EndMessageWithoutMessage => msg!("orders-end-message-without-message"),
            Problem::GameIdMissing => msg!("orders-game-id-missing"),
            Problem::GameExtraText { id } => msg!("orders-game-extra-text", id = id),
            Problem::GameRepeated { id, first } => msg!("orders-game-repeated", id = id, first = first),
            Problem::FamilyNameMissing { kw } => msg!("orders-family-name-missing", kw = kw),
            Problem::FamilyRepeated { kw, name, first } => msg!("orders-family-repeated", kw = kw, name = name, first = first),
            Problem::PasswordMissing => msg!("orders-password-missing"),
            Problem::PasswordOneWord => msg!("orders-password-one-word"),
            Problem::PasswordRepeated => msg!("orders-password-repeated"),
            Problem::TurnMissing { kw } => msg!("orders-turn-missing", kw = kw),
            Problem::TurnNotANumber { kw, text } => msg!("orders-turn-not-a-number", kw = kw, text = text),
            Problem::TurnBackwards { kw, n, current } => msg!("orders-turn-backwards", kw = kw, n = *n, current = *current),
            Problem::JoinNameMissing { kw } => msg!("orders-join-name-missing", kw = kw),
            Problem::AbsenceDates { kw, text } => msg!("orders-absence-dates", kw = kw, text = text),
            Problem::AbsenceBackwards { kw } => msg!("orders-absence-backwards", kw = kw),
            Problem::MessageUnclosed => msg!("orders-message-unclosed"),
            Problem::MessageNoRecipient => msg!("orders-message-no-recipient"),
            Problem::MessageEmpty => msg!("orders-message-empty"),
            Problem::MessageTooLong { chars, max } => msg!("orders-message-too-long", chars = *chars, max = *max),
            Problem::LineTooLong { chars, max } => msg!("orders-line-too-long", chars = *chars, max = *max),
            Problem::ReportTurnNotANumber { kw, text } => msg!("orders-report-not-a-number", kw = kw, text = text),
            Problem::AddressMissing { kw } => msg!("orders-address-missing", kw = kw),
            Problem::ReplyNoToken { kw } => msg!("orders-reply-no-token", kw = kw),
        }
    }
}

/// One sample of every problem, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let kw = || "TOUR".to_string();
    let all = [
        Problem::EndMessageWithoutMessage,
        Problem::GameIdMissing,
        Problem::GameExtraText { id: "dune".into() },
        Problem::GameRepeated { id: "dune".into(), first: "arrakis".into() },
        Problem::FamilyNameMissing { kw: kw() },
        Problem::FamilyRepeated { kw: kw(), name: "Atréides".into(), first: "Harkonnen".into() },
        Problem::PasswordMissing,
        Problem::PasswordOneWord,
        Problem::PasswordRepeated,
        Problem::TurnMissing { kw: kw() },
        Problem::TurnNotANumber { kw: kw(), text: "abc".into() },
        Problem::TurnBackwards { kw: kw(), n: 2, current: 3 },
        Problem::JoinNameMissing { kw: kw() },
        Problem::AbsenceDates { kw: kw(), text: "demain".into() },
        Problem::AbsenceBackwards { kw: kw() },
        Problem::MessageUnclosed,
        Problem::MessageNoRecipient,
        Problem::MessageEmpty,
        Problem::MessageTooLong { chars: 12_000, max: 10_000 },
        Problem::LineTooLong { chars: 450_000, max: 300 },
        Problem::ReportTurnNotANumber { kw: "RAPPORT".into(), text: "abc".into() },
        Problem::AddressMissing { kw: "ADRESSE".into() },
        Problem::ReplyNoToken { kw: "REPONDRE".into() },
    ];
    // A new variant must be added above: this match fails to compile otherwise.
    for p in &all {
        match p {
            Problem::EndMessageWithoutMessage
            | Problem::GameIdMissing
            | Problem::GameExtraText { .. }
            | Problem::GameRepeated { .. }
            | Problem::FamilyNameMissing { .. }
            | Problem::FamilyRepeated { .. }
            | Problem::PasswordMissing
            | Problem::PasswordOneWord
            | Problem::PasswordRepeated
            | Problem::TurnMissing { .. }
            | Problem::TurnNotANumber { .. }
            | Problem::TurnBackwards { .. }
            | Problem::JoinNameMissing { .. }
            | Problem::AbsenceDates { .. }
            | Problem::AbsenceBackwards { .. }
            | Problem::MessageUnclosed
            | Problem::MessageNoRecipient
            | Problem::MessageEmpty
            | Problem::MessageTooLong { .. }
            | Problem::LineTooLong { .. }
            | Problem::ReportTurnNotANumber { .. }
            | Problem::AddressMissing { .. }
            | Problem::ReplyNoToken { .. } => {}
        }
    }
    all.iter().map(Problem::msg).collect()
}
