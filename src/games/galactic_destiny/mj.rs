//! The game master (design note §5; setting `maitre_de_jeu = true`): what
//! a program cannot adjudicate goes to a human, seated as [`GAME_MASTER`]
//! (`@mj`) and writing through `arbitre mj` (`referee::game_master`).
//!
//! - A `manuel` card played, or a `manuel` event drawn, opens an **item**
//!   (`M1`, `M2`…) with its text and who played it ([`open_item`]); the
//!   step after awaits `@mj` ([`awaited`]).
//! - The game master's lines (`orders/mj.rs`) are applied when the step
//!   closes, before the step's own business ([`apply`]): `INFRACTION`,
//!   `RAYER`, `EFFET … | SANS-EFFET` and the adjustments, `ACCORD …
//!   VERSION`, `ANNONCE`, `PASSE`. Each is checked again against the state
//!   of that moment and logged as an event.
//! - An item not ruled in the step that awaited the game master lapses
//!   with no effect (its silence: §5).
//! - Decisions are public ("décision de l'arbitre", in every report of the
//!   step and the chronicle), except a card given or taken, told only to
//!   the party concerned ([`Event::MjCard`]).
//!
//! Free laws and suits (`propositions = "libres"`, `tribunal = true`) join
//! the items of [`items`] when they are in the state: `INFRACTION` and
//! `RAYER` already take laws in force by number, `ACCORD … VERSION` the
//! agreements.

use serde::{Deserialize, Serialize};

use crate::game::GAME_MASTER;
use crate::i18n::Msg;
use crate::msg;

use super::common::{breach, law_name, place_corruption, BREACH_CORRUPTION};
use super::components::effects::Resource;
use super::components::interpret::{add_corruption, RESOURCE_MAX};
use super::components::{PartyId, SectorNo};
use super::events::{CorruptionWhy, Event};
use super::model::{GdState, Law, FLEETS_MAX};
use super::orders::{Order, Orders};

/// A `manuel` card or event awaiting the game master.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// `M<number>` in the game master's lines.
    pub number: u32,
    /// The card's (French) name.
    pub card: String,
    /// An event card drawn (else an action card played).
    pub event: bool,
    /// The text of its `manuel` effect.
    pub text: String,
    /// Who played it (none for an event).
    pub by: Option<PartyId>,
    /// The step it was opened in.
    pub step: u32,
}

/// The game master's part of the state.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MjState {
    /// Items awaiting a ruling, in the order opened.
    #[serde(default)]
    pub items: Vec<Item>,
    /// The last item number given.
    #[serde(default)]
    pub last: u32,
    /// The binding version of agreements (`ACCORD <a> VERSION "<texte>"`).
    #[serde(default)]
    pub versions: std::collections::BTreeMap<u32, String>,
}

/// A correction of the state (the adjustments of §5's table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Adjustment {
    /// `ARGENT|INFLUENCE <parti> ±<n>`.
    Resource { resource: Resource, party: PartyId, delta: i16 },
    /// `CORRUPTION <sén> ±<n>`.
    Corruption { senator: String, delta: i16 },
    /// `OMBRE <sén> ±<n>`.
    Shadow { senator: String, delta: i16 },
    /// `SECTEUR <n> <parti>|NEUTRE|INFESTE`.
    Sector { sector: SectorNo, to: SectorTo },
    /// `FLOTTES <secteur> <parti>|REPUBLIQUE ±<n>` (`owner` none: the Republic).
    Fleets { sector: SectorNo, owner: Option<PartyId>, delta: i16 },
    /// `SENATEUR <nom> MORT|EPUISE|FRAIS`.
    Senator { senator: String, to: SenatorTo },
    /// `CARTE <parti> +|- "<c>"`: an action card given (from the deck, or
    /// the discards) or taken (to the discards).
    Card { party: PartyId, give: bool, card: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SectorTo {
    Party(PartyId),
    Neutral,
    Infested,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SenatorTo {
    Dead,
    Exhausted,
    Fresh,
}

/// What an agreement or law is broken by (`INFRACTION`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Breach {
    /// `LOI #<n>`: a law in force.
    Law { law: Law },
    /// `ACCORD <a> [<sén>]`.
    Deal { deal: u32, senator: Option<String> },
    /// `LOI L<n>`: a free law in force (`propositions = "libres"`).
    FreeLaw { number: u32 },
}

/// One game master's line (`orders/mj.rs`), stored inside
/// [`Order::Mj`], whose own tag is `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum Line {
    /// `INFRACTION <parti> LOI #<n> | ACCORD <a> [<sén>]`.
    Infraction { party: PartyId, breach: Breach },
    /// `RAYER #<n>`: a law in force struck.
    Strike { law: Law },
    /// `RAYER L<n>`: a free law in force struck.
    StrikeFree { number: u32 },
    /// `EFFET <item> <ajustement>…` (none: `SANS-EFFET`).
    Effect { item: u32, adjustments: Vec<Adjustment> },
    /// An adjustment alone: a correction of the state.
    Adjust { adjustment: Adjustment },
    /// `ACCORD <a> VERSION "<texte>"`.
    DealVersion { deal: u32, text: String },
    /// `ANNONCE "<texte>"`.
    Announce { text: String },
}

/// A decision of the game master, as the public reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// A law broken by a party: 2 corruption, void for it this turn.
    LawBroken { party: PartyId, law: Law },
    /// An agreement broken by a party: 2 corruption, the agreement ended.
    DealBroken { party: PartyId, deal: u32 },
    /// A law in force struck.
    LawStruck { law: Law },
    /// An item ruled: the public adjustments, in the order language.
    Ruled { item: u32, card: String, adjustments: Vec<String> },
    /// An item ruled without effect.
    NoEffect { item: u32, card: String },
    /// A correction of the state, in the order language.
    Adjusted { adjustment: String },
    /// An adjustment that no longer fits the state when applied.
    Skipped { adjustment: String },
    /// The binding version of an agreement.
    DealVersion { deal: u32, text: String },
    /// An announcement.
    Announcement { text: String },
    /// A free law (`L<n>`) broken by a party: 2 corruption.
    FreeLawBroken { party: PartyId, number: u32 },
    /// A free law (`L<n>`) struck.
    FreeLawStruck { number: u32 },
}

/// Whether the game has a game master.
pub fn seated(s: &GdState) -> bool {
    s.settings.game_master
}

/// Whether the step now open awaits the game master: some item awaits it.
pub fn awaited(s: &GdState) -> bool {
    seated(s) && s.phase.is_playing() && !s.mj.items.is_empty()
}

/// Opens an item for a `manuel` effect of `card` (played by `by`, or an
/// event drawn when `by` is none).
pub fn open_item(s: &mut GdState, card: &str, text: &str, by: Option<PartyId>, events: &mut Vec<Event>) {
    s.mj.last += 1;
    let item = Item { number: s.mj.last, card: card.to_string(), event: by.is_none(), text: text.to_string(), by, step: s.step };
    events.push(Event::MjItem { item: item.number, card: item.card.clone(), text: item.text.clone(), by });
    s.mj.items.push(item);
}

/// The game master's orders in `inputs`, if any.
pub fn orders_of(inputs: &std::collections::BTreeMap<crate::game::FamilyKey, crate::game::FamilyInput<Orders>>) -> Option<&Orders> {
    inputs.get(GAME_MASTER).map(|f| &f.orders)
}

/// Applies the game master's lines of the closing step (module
/// documentation), then lapses the items it did not rule.
pub fn apply(s: &mut GdState, orders: Option<&Orders>, events: &mut Vec<Event>) {
    if !seated(s) {
        return;
    }
    for o in orders.map(|o| o.lines.as_slice()).unwrap_or_default() {
        let Order::Mj(line) = o else { continue };
        match line {
            Line::Infraction { party, breach: Breach::Law { law } } => {
                if breach(s, *party, *law, None, events) {
                    events.push(Event::MjDecision { decision: Decision::LawBroken { party: *party, law: *law } });
                }
            }
            Line::Infraction { party, breach: Breach::Deal { deal, senator } } => {
                let turn = s.game_turn;
                let Some(d) = s.deals.iter_mut().find(|d| d.number == *deal && d.parties.contains(party) && d.broken.is_none()) else { continue };
                d.broken = Some((*party, turn));
                events.push(Event::MjDecision { decision: Decision::DealBroken { party: *party, deal: *deal } });
                events.push(Event::DealBroken { number: *deal, by: *party });
                place_corruption(s, *party, senator.as_deref(), BREACH_CORRUPTION, CorruptionWhy::BrokenDeal { deal: *deal }, events);
            }
            Line::Infraction { party, breach: Breach::FreeLaw { number } } => {
                if !super::senate::free::in_force(s).any(|l| l.number == *number) || super::rebellion::is_rebel(s, *party) {
                    continue;
                }
                events.push(Event::MjDecision { decision: Decision::FreeLawBroken { party: *party, number: *number } });
                place_corruption(s, *party, None, BREACH_CORRUPTION, CorruptionWhy::FreeLaw { number: *number }, events);
            }
            Line::StrikeFree { number } => {
                let turn = s.game_turn;
                let Some(l) = s.free_laws.iter_mut().find(|l| l.number == *number && l.in_force(turn)) else { continue };
                l.struck = Some(turn);
                events.push(Event::MjDecision { decision: Decision::FreeLawStruck { number: *number } });
            }
            Line::Strike { law } => {
                let before = s.laws.len();
                s.laws.retain(|l| l.law != *law);
                if s.laws.len() < before {
                    events.push(Event::MjDecision { decision: Decision::LawStruck { law: *law } });
                }
            }
            Line::Effect { item, adjustments } => {
                let Some(i) = s.mj.items.iter().position(|x| x.number == *item) else { continue };
                let it = s.mj.items.remove(i);
                if adjustments.is_empty() {
                    events.push(Event::MjDecision { decision: Decision::NoEffect { item: it.number, card: it.card } });
                    continue;
                }
                let mut public = Vec::new();
                let mut later = Vec::new();
                for a in adjustments {
                    match adjust(s, a, Some(it.number), &mut later) {
                        Some(text) => public.push(text),
                        None if matches!(a, Adjustment::Card { .. }) => {}
                        None => later.push(Event::MjDecision { decision: Decision::Skipped { adjustment: text(a) } }),
                    }
                }
                events.push(Event::MjDecision { decision: Decision::Ruled { item: it.number, card: it.card, adjustments: public } });
                events.extend(later);
            }
            Line::Adjust { adjustment } => {
                let mut later = Vec::new();
                match adjust(s, adjustment, None, &mut later) {
                    Some(text) => events.push(Event::MjDecision { decision: Decision::Adjusted { adjustment: text } }),
                    None if matches!(adjustment, Adjustment::Card { .. }) => {}
                    None => events.push(Event::MjDecision { decision: Decision::Skipped { adjustment: text(adjustment) } }),
                }
                events.extend(later);
            }
            Line::DealVersion { deal, text } => {
                if s.deals.iter().any(|d| d.number == *deal) {
                    s.mj.versions.insert(*deal, text.clone());
                    events.push(Event::MjDecision { decision: Decision::DealVersion { deal: *deal, text: text.clone() } });
                }
            }
            Line::Announce { text } => events.push(Event::MjDecision { decision: Decision::Announcement { text: text.clone() } }),
        }
    }
    // The items the game master did not rule in the step that awaited it.
    for it in std::mem::take(&mut s.mj.items) {
        events.push(Event::MjLapsed { item: it.number, card: it.card });
    }
}

/// Applies one adjustment if it still fits the state: its public text
/// (none for a card, told to its party alone by [`Event::MjCard`] pushed on
/// `private`; none either when it no longer fits).
fn adjust(s: &mut GdState, a: &Adjustment, item: Option<u32>, private: &mut Vec<Event>) -> Option<String> {
    match a {
        Adjustment::Resource { resource, party, delta } => {
            let ps = s.fx.parties.get_mut(party)?;
            let slot = match resource {
                Resource::Money => &mut ps.money,
                Resource::Influence => &mut ps.influence,
            };
            *slot = shifted(*slot, *delta, RESOURCE_MAX)?;
        }
        Adjustment::Corruption { senator, delta } => {
            let st = s.fx.senators.get_mut(senator)?;
            if *delta > 0 {
                add_corruption(st, u8::try_from(*delta).ok()?);
            } else {
                st.corruption = shifted(st.corruption, *delta, u8::MAX)?;
            }
        }
        Adjustment::Shadow { senator, delta } => {
            let st = s.fx.senators.get_mut(senator)?;
            st.shadow = shifted(st.shadow, *delta, u8::MAX)?;
        }
        Adjustment::Sector { sector, to } => {
            let st = s.fx.sectors.get_mut(sector)?;
            match to {
                SectorTo::Party(p) => {
                    st.owner = Some(*p);
                    st.infested = false;
                }
                SectorTo::Neutral => {
                    st.owner = None;
                    st.infested = false;
                }
                SectorTo::Infested => {
                    st.owner = None;
                    st.infested = true;
                }
            }
        }
        Adjustment::Fleets { sector, owner: Some(p), delta } => {
            let here = s.fleets.get(sector).and_then(|m| m.get(p)).copied().unwrap_or(0);
            let room = u32::from(FLEETS_MAX).saturating_sub(s.fleets_of(*p)) + u32::from(here);
            let n = shifted(here, *delta, u8::try_from(room).unwrap_or(u8::MAX))?;
            let m = s.fleets.entry(*sector).or_default();
            m.insert(*p, n);
            m.retain(|_, c| *c > 0);
            s.fleets.retain(|_, m| !m.is_empty());
        }
        Adjustment::Fleets { sector, owner: None, delta } => {
            use super::components::interpret::REPUBLIC_MAX;
            let here = s.republic_at.get(sector).copied().unwrap_or(0);
            let placed: u32 = s.republic_at.values().map(|n| u32::from(*n)).sum();
            let room = u32::from(REPUBLIC_MAX).saturating_sub(placed) + u32::from(here);
            let n = shifted(here, *delta, u8::try_from(room).unwrap_or(u8::MAX))?;
            s.republic_at.insert(*sector, n);
            s.republic_at.retain(|_, c| *c > 0);
            s.fx.republic_fleets = u8::try_from(s.republic_at.values().map(|n| u32::from(*n)).sum::<u32>()).unwrap_or(u8::MAX);
        }
        Adjustment::Senator { senator, to } => {
            s.fx.senators.get(senator)?;
            match to {
                SenatorTo::Dead => {
                    // Out of the game, his ministry vacant (as a senator killed).
                    if let Some(m) = s.ministry_of(senator) {
                        s.appoint(m, None);
                    }
                    s.fx.senators.remove(senator);
                    s.dead.push(senator.clone());
                }
                SenatorTo::Exhausted => s.fx.senators.get_mut(senator)?.exhausted = true,
                SenatorTo::Fresh => s.fx.senators.get_mut(senator)?.exhausted = false,
            }
        }
        Adjustment::Card { party, give, card } => {
            let ps = s.fx.parties.get(party)?;
            if *give {
                // From the deck, else the discards.
                if let Some(i) = s.fx.action_deck.iter().position(|c| c == card) {
                    s.fx.action_deck.remove(i);
                } else {
                    let i = s.fx.action_discard.iter().position(|c| c == card)?;
                    s.fx.action_discard.remove(i);
                }
                let ps = s.fx.parties.get_mut(party)?;
                ps.hand.push(card.clone());
                ps.hand.sort();
            } else {
                let i = ps.hand.iter().position(|c| c == card)?;
                s.fx.parties.get_mut(party)?.hand.remove(i);
                s.fx.action_discard.push(card.clone());
                s.fx.action_discard.sort();
            }
            private.push(Event::MjCard { party: *party, card: card.clone(), given: *give, item });
            return None;
        }
    }
    Some(text(a))
}

/// `value + delta` within 0..=max, or none.
fn shifted(value: u8, delta: i16, max: u8) -> Option<u8> {
    let n = i16::from(value) + delta;
    (0..=i16::from(max)).contains(&n).then(|| n as u8)
}

fn signed(n: i16) -> String {
    if n >= 0 { format!("+{n}") } else { n.to_string() }
}

fn quoted(name: &str) -> String {
    if name.contains(' ') { format!("\"{name}\"") } else { name.to_string() }
}

/// An adjustment in the order language (canonical French keywords).
pub fn text(a: &Adjustment) -> String {
    match a {
        Adjustment::Resource { resource, party, delta } => {
            format!("{} {} {}", if *resource == Resource::Money { "ARGENT" } else { "INFLUENCE" }, party.sigle(), signed(*delta))
        }
        Adjustment::Corruption { senator, delta } => format!("CORRUPTION {} {}", quoted(senator), signed(*delta)),
        Adjustment::Shadow { senator, delta } => format!("OMBRE {} {}", quoted(senator), signed(*delta)),
        Adjustment::Sector { sector, to } => format!(
            "SECTEUR {sector} {}",
            match to {
                SectorTo::Party(p) => p.sigle().to_string(),
                SectorTo::Neutral => "NEUTRE".into(),
                SectorTo::Infested => "INFESTE".into(),
            }
        ),
        Adjustment::Fleets { sector, owner, delta } => format!("FLOTTES {sector} {} {}", owner.map_or("REPUBLIQUE".to_string(), |p| p.sigle().to_string()), signed(*delta)),
        Adjustment::Senator { senator, to } => format!(
            "SENATEUR {} {}",
            quoted(senator),
            match to {
                SenatorTo::Dead => "MORT",
                SenatorTo::Exhausted => "EPUISE",
                SenatorTo::Fresh => "FRAIS",
            }
        ),
        Adjustment::Card { party, give, card } => format!("CARTE {} {} \"{card}\"", party.sigle(), if *give { "+" } else { "-" }),
    }
}

/// A law in force's number in the game master's lines (`#n`: its place in
/// [`GdState::laws`], from 1).
pub fn law_number(s: &GdState, law: Law) -> Option<usize> {
    s.laws.iter().position(|l| l.law == law).map(|i| i + 1)
}

/// A game master's line in the order language (canonical French keywords).
pub fn line_text(s: &GdState, l: &Line) -> String {
    let law_ref = |law: &Law| law_number(s, *law).map_or_else(|| format!("({})", law.id()), |n| format!("#{n}"));
    match l {
        Line::Infraction { party, breach: Breach::Law { law } } => format!("INFRACTION {} LOI {}", party.sigle(), law_ref(law)),
        Line::Infraction { party, breach: Breach::Deal { deal, senator } } => {
            format!("INFRACTION {} ACCORD A{deal}{}", party.sigle(), senator.as_deref().map(|n| format!(" {}", quoted(n))).unwrap_or_default())
        }
        Line::Strike { law } => format!("RAYER {}", law_ref(law)),
        Line::Infraction { party, breach: Breach::FreeLaw { number } } => format!("INFRACTION {} LOI L{number}", party.sigle()),
        Line::StrikeFree { number } => format!("RAYER L{number}"),
        Line::Effect { item, adjustments } if adjustments.is_empty() => format!("EFFET M{item} SANS-EFFET"),
        Line::Effect { item, adjustments } => format!("EFFET M{item} {}", adjustments.iter().map(text).collect::<Vec<_>>().join(", ")),
        Line::Adjust { adjustment } => text(adjustment),
        Line::DealVersion { deal, text } => format!("ACCORD A{deal} VERSION \"{text}\""),
        Line::Announce { text } => format!("ANNONCE \"{text}\""),
    }
}

/// The items awaiting the game master (`arbitre mj <game> --etat`): the
/// `manuel` items with their text and who played them, the laws in force
/// (numbered for `INFRACTION` and `RAYER`) and the agreements in force.
pub fn items(s: &GdState) -> Vec<Msg> {
    let mut v = Vec::new();
    for it in &s.mj.items {
        v.push(msg!(
            "gd-mj-item",
            item = it.number,
            card = it.card.as_str(),
            text = it.text.as_str(),
            by = it.by.map_or("-", |p| p.sigle()),
            event = if it.event { "yes" } else { "no" }
        ));
    }
    for (i, l) in s.laws.iter().enumerate() {
        v.push(msg!("gd-mj-law", number = i + 1, law = law_name("gd-law-", l.law), until = l.until, by = l.by.sigle()));
    }
    for d in s.deals.iter().filter(|d| d.broken.is_none() && d.until.is_none_or(|u| u >= s.game_turn)) {
        let version = s.mj.versions.get(&d.number).map_or(String::new(), Clone::clone);
        let has_version = if version.is_empty() { "no" } else { "yes" };
        v.push(msg!("gd-mj-deal", deal = d.number, a = d.parties[0].sigle(), b = d.parties[1].sigle(), terms = d.terms.as_str(), version = version, has_version = has_version));
    }
    // The free laws in force and the galactic court's suits (`court`).
    v.extend(super::court::mj_items(s).iter().map(super::court::MjItem::describe));
    v
}

/// The words of the game master's events.
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::MjItem { item, card, text, by } => {
            msg!("gd-ev-mj-item", item = *item, card = card.as_str(), text = text.as_str(), by = by.map_or("-", |p| p.sigle()), played = if by.is_some() { "yes" } else { "no" })
        }
        Event::MjLapsed { item, card } => msg!("gd-ev-mj-lapsed", item = *item, card = card.as_str()),
        Event::MjCard { card, given, item, .. } => {
            msg!("gd-ev-mj-card", card = card.as_str(), given = if *given { "yes" } else { "no" }, item = item.map_or(0, i64::from), ruled = if item.is_some() { "yes" } else { "no" })
        }
        Event::MjDecision { decision } => decision_msg(decision),
        _ => msg!("gd-none"),
    }
}

fn decision_msg(d: &Decision) -> Msg {
    match d {
        Decision::LawBroken { party, law } => msg!("gd-mj-decision-law-broken", party = party.sigle(), law = law_name("gd-law-", *law)),
        Decision::DealBroken { party, deal } => msg!("gd-mj-decision-deal-broken", party = party.sigle(), deal = *deal),
        Decision::LawStruck { law } => msg!("gd-mj-decision-law-struck", law = law_name("gd-law-", *law)),
        Decision::Ruled { item, card, adjustments } => {
            msg!("gd-mj-decision-ruled", item = *item, card = card.as_str(), adjustments = adjustments.join(", "), any = if adjustments.is_empty() { "no" } else { "yes" })
        }
        Decision::NoEffect { item, card } => msg!("gd-mj-decision-no-effect", item = *item, card = card.as_str()),
        Decision::Adjusted { adjustment } => msg!("gd-mj-decision-adjusted", adjustment = adjustment.as_str()),
        Decision::Skipped { adjustment } => msg!("gd-mj-decision-skipped", adjustment = adjustment.as_str()),
        Decision::DealVersion { deal, text } => msg!("gd-mj-decision-deal-version", deal = *deal, text = text.as_str()),
        Decision::Announcement { text } => msg!("gd-mj-decision-announcement", text = text.as_str()),
        Decision::FreeLawBroken { party, number } => msg!("gd-mj-decision-free-law-broken", party = party.sigle(), law = *number),
        Decision::FreeLawStruck { number } => msg!("gd-mj-decision-free-law-struck", law = *number),
    }
}

/// One sample of every message of the game master's part.
pub fn samples() -> Vec<Msg> {
    use super::components::PartyId::{Bip, Gsp};
    let law = Law::examples()[0];
    let mut v = vec![
        msg!("gd-mj-item", item = 1, card = "Diplomatie", text = "le MJ décide", by = "GSP", event = "no"),
        msg!("gd-mj-law", number = 1, law = law_name("gd-law-", law), until = 3, by = "GSP"),
        msg!("gd-mj-deal", deal = 1, a = "GSP", b = "BIP", terms = "paix", version = "", has_version = "no"),
        msg!("gd-mj-why-free-law", law = 1),
        event_msg(&Event::MjItem { item: 1, card: "Diplomatie".into(), text: "le MJ décide".into(), by: Some(Gsp) }),
        event_msg(&Event::MjLapsed { item: 1, card: "Diplomatie".into() }),
        event_msg(&Event::MjCard { party: Gsp, card: "Diplomatie".into(), given: true, item: Some(1) }),
    ];
    for d in [
        Decision::LawBroken { party: Gsp, law },
        Decision::DealBroken { party: Bip, deal: 1 },
        Decision::LawStruck { law },
        Decision::Ruled { item: 1, card: "Diplomatie".into(), adjustments: vec!["ARGENT GSP +2".into()] },
        Decision::NoEffect { item: 1, card: "Diplomatie".into() },
        Decision::Adjusted { adjustment: "ARGENT GSP +2".into() },
        Decision::Skipped { adjustment: "ARGENT GSP +2".into() },
        Decision::DealVersion { deal: 1, text: "paix".into() },
        Decision::Announcement { text: "bonjour".into() },
        Decision::FreeLawBroken { party: Gsp, number: 1 },
        Decision::FreeLawStruck { number: 1 },
    ] {
        v.push(decision_msg(&d));
    }
    v.extend(super::orders::mj_samples());
    v
}

#[cfg(test)]
#[path = "mj_tests.rs"]
mod tests;
