//! One sample of every message the code can emit, gathered from each area
//! that emits messages, for the catalogue check (`tests/messages.rs`).
//!
//! Each area keeps its own `samples()` next to its message-building code,
//! written as an exhaustive `match` over its event or diagnostic kinds where
//! it has them, so that a new kind cannot be forgotten here; this file only
//! gathers them.

use super::Msg;
use crate::msg;

/// Every sample of every area.
pub fn all() -> Vec<Msg> {
    let mut all = common();
    all.extend(crate::games::stellarium::status::samples());
    all.extend(crate::games::galaxy::samples());
    all.extend(crate::games::stellar::samples());
    all.extend(crate::games::stellium::samples());
    all.extend(crate::games::galactic_destiny::samples());
    all.extend(crate::games::galactic_destiny::setup::samples());
    all.extend(crate::games::galactic_destiny::purchases::samples());
    all.extend(crate::games::galactic_destiny::common::samples());
    all.extend(crate::games::galactic_destiny::orders::samples());
    all.extend(crate::games::galactic_destiny::map::samples());
    all.extend(crate::games::stellarium::orders::refusal::samples());
    all.extend(crate::orders::problem::samples());
    all.extend(crate::scheduler::samples());
    all.extend(crate::referee::messages::samples());
    all.extend(crate::referee::game_master::samples());
    all.extend(crate::daemon::health::samples());
    all.extend(crate::games::stellarium::view::samples());
    all.extend(crate::games::stellarium::form::samples());
    all.extend(crate::games::stellarium::why::samples());
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all
}

/// The messages of `locales/*/common.ftl`.
fn common() -> Vec<Msg> {
    vec![
        msg!("list-and", head = "Paul, Léto", last = "Alia"),
        Msg::verbatim("Paul"),
        msg!("register-closed-started"),
        msg!("register-player-already", name = "Anne"),
        msg!("register-player-name-empty"),
    ]
}
