//! What a family may know after a turn (its report and map), and what
//! everybody may know (the chronicle), as JSON for the templates in
//! `templates/stellarium/` (conventions in [`crate::render`]).
//!
//! # Hidden information
//! A family's view holds: its own characters, money, Dark Tentacle credit
//! (2.8.5: secret), trading posts, ships and orders' consequences, with the
//! dice it may know (its exchange rolls, births, survival tests, its
//! expedition's roll); plus everything public: posts (pyramids, High Court,
//! governors, fleet commanders, patrols), planets and their controllers,
//! trials and verdicts with every judge's vote (22.2), crimes whose sponsor
//! an investigation unmasked (2.9), deaths, marriages, the ship sold and the
//! ranking. It never holds another family's money, credit, purchases,
//! contracts not made public, orders, or the place of another family's
//! character (except public posts: governors on their colony, judges on
//! Stellarium, fleet commanders in their fleet).
//!
//! All text is in the language of [`ViewContext::lang`] (`fr`, else `en`).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use super::events::{ContractTarget, Discovery, Enemy, Event, Outcome};
use super::model::*;
use super::orders::{Item as Purchase, TransferKind, Vote as OrderVote};
use crate::game::{FamilyKey, OrderStatus, ViewContext};

pub(crate) use crate::i18n::Lang;

/// The reader's language: the game's `lang` setting.
pub(crate) fn lang_of(ctx: &ViewContext) -> Lang {
    Lang::from_code(&ctx.lang)
}

mod chronicle;
mod family;
pub(crate) mod labels;
mod map;
mod types;
pub(crate) use chronicle::*;
pub(crate) use family::*;
pub(crate) use labels::*;
pub use map::*;
pub use types::*;
pub(crate) mod fixture;
#[cfg(test)]
pub(crate) mod html_tests;
#[cfg(test)]
mod ranking_tests;
#[cfg(test)]
mod tests;

// ------------------------------------------------------------ assembly

/// What the turn's events tell one family (its timeline and money lines).
#[derive(Debug, Clone, Default)]
pub(crate) struct FamilyNarrative {
    /// (year of the cycle 1–10, item), in the order of the cycle.
    pub items: Vec<(u8, Item)>,
    pub money: Vec<MoneyLine>,
    /// The detail of the turn's victory points (29), from phase 29's event.
    pub points: Vec<PointsLine>,
}

/// What the turn's events tell everybody.
#[derive(Debug, Clone, Default)]
pub(crate) struct PublicNarrative {
    /// (section key, year of the cycle, text). Sections are shown in the
    /// order of [`SECTIONS`].
    pub items: Vec<(&'static str, u8, String)>,
    pub verdicts: Vec<VerdictView>,
}

/// Sections of the chronicle, in order (the `$section` of `stellarium-section`).
pub(crate) const SECTIONS: [&str; 8] = ["assembly", "war", "exploration", "crime", "power", "family", "death", "trade"];

fn timeline(before: &State, items: Vec<(u8, Item)>) -> Vec<YearItems> {
    let mut by_year: BTreeMap<u8, Vec<Item>> = BTreeMap::new();
    for (y, it) in items {
        by_year.entry(y.clamp(1, 10)).or_default().push(it);
    }
    by_year
        .into_iter()
        .map(|(y, items)| YearItems { year: before.year_of_cycle(y), year_of_cycle: y, items })
        .collect()
}

pub(crate) fn family_view_from(
    ctx: &ViewContext,
    before: &State,
    after: &State,
    family: &str,
    narrative: FamilyNarrative,
) -> Value {
    let lang = lang_of(ctx);
    let f_after = after.family(family);
    let money_before = before.family(family).map(|f| f.money).unwrap_or(0);
    let money = f_after.map(|f| f.money).unwrap_or(0);
    let ranking = ranking(before, after, Some(family));
    let victory = victory(before, after, family, &ranking, narrative.points);
    let view = serde_json::json!({
        "lang": lang.code(),
        "turn": before.turn,
        "next_turn": after.turn,
        "years": years(before),
        "game_over": after.is_over(),
        "family": family_head(before, after, family),
        "finances": Finances {
            money_before,
            money,
            in_debt: money < 0,
            debt: if money < 0 { -money } else { 0 },
            credit: f_after.map(|f| f.dark_tentacle_credit).unwrap_or(0),
            lines: narrative.money,
        },
        "trading_posts": trading_posts(lang, after, family),
        "ships": ships(lang, after, family),
        "characters": characters(lang, before, after, family),
        "deaths": deaths(lang, before, after, family),
        "timeline": timeline(before, narrative.items),
        "trials": trials(lang, after, family),
        "powers": powers(lang, after, family),
        "victory": victory,
        "ranking": ranking_excerpt(ranking),
        "planets": planet_lines(lang, after),
        "map": map_view(lang, ctx, before, after, Some(family)),
        "public_posts": public_posts(lang, after, family),
    });
    view
}

pub(crate) fn public_view_from(ctx: &ViewContext, before: &State, after: &State, narrative: PublicNarrative) -> Value {
    let lang = lang_of(ctx);
    let mut sections: Vec<Section> = Vec::new();
    for key in SECTIONS {
        let mut items: Vec<(u8, String)> =
            narrative.items.iter().filter(|(k, _, _)| *k == key).map(|(_, y, t)| (*y, t.clone())).collect();
        // Stable: keeps the order of events within a year.
        items.sort_by_key(|(y, _)| *y);
        if !items.is_empty() {
            sections.push(Section {
                title: crate::msg!("stellarium-section", section = key).render(lang),
                items: items.into_iter().map(|(y, text)| PublicItem { year: before.year_of_cycle(y), text }).collect(),
            });
        }
    }
    serde_json::json!({
        "lang": lang.code(),
        "turn": before.turn,
        "next_turn": after.turn,
        "years": years(before),
        "game_over": after.is_over(),
        "assembly": assembly(lang, after),
        "planets": planet_lines(lang, after),
        "sections": sections,
        "verdicts": narrative.verdicts,
        "docket": docket(lang, after),
        "ranking": ranking(before, after, None),
        // The public map (web pages), drawn by `map.svg.tera` as `view.map`.
        "public_map": map_view(lang, ctx, before, after, None),
    })
}

mod narrator;
pub(crate) use narrator::*;


/// What `family` may know after the turn (its report and map).
pub fn family_view(ctx: &ViewContext, before: &State, after: &State, events: &[Event], family: &FamilyKey) -> Value {
    let lang = lang_of(ctx);
    let narrative = Narrator::new(lang, before, after, events, Some(family)).family(events, family);
    family_view_from(ctx, before, after, family, narrative)
}

/// What everybody may know after the turn (the chronicle).
pub fn public_view(ctx: &ViewContext, before: &State, after: &State, events: &[Event]) -> Value {
    let lang = lang_of(ctx);
    let narrative = Narrator::new(lang, before, after, events, None).public(events);
    public_view_from(ctx, before, after, narrative)
}
