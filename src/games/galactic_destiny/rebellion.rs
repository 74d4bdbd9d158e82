//! "La lutte pour toujours : La rébellion." (design note §1.10): the
//! declaration, the benefits, the price and the peace.
//!
//! - [`apply`] is called first by [`common::apply`], in every step that
//!   takes orders: the step's `REBELLION` lines (the best initiative's
//!   counts, G31), then the rebel's `PAIX` (an offer that stands until the
//!   end of the game turn). A rebellion takes effect at once, before the
//!   step's other business (its assassinations excepted, which interrupt
//!   everything, G43): its senators leave the senate (their ministries fall
//!   vacant), the sector it names joins it, every other sector it owns
//!   joins on a 6 and becomes neutral otherwise (every die reported).
//! - A senate party's `PAIX` filed in S1 is an agenda item
//!   ([`Item::Peace`]), voted in S2 as item (5) like a law; passed, it is
//!   the senate's offer ([`senate_agrees`]) until the end of the game turn.
//!   Both offers standing, the rebel rejoins the senate at once
//!   ([`Event::PeaceMade`]), without ministries.
//! - The other modules ask [`is_rebel`]: the laws ([`GdState::law_binds`]),
//!   the senate's votes, elections and prosecutions, audits, the invasions
//!   (no corruption, halved defences, the Republic's `ATTAQUE`), the
//!   campaigns (anywhere, halved defences), the assassins, the promises
//!   ([`deal_binds`]), the initiative and the turn limit.
//!
//! Hooks for the other parts of issue #28: the rebel's senators are all
//! Saboteurs (the sabotage order asks [`is_rebel`]); a *Sénat* card never
//! targets the rebel or its senators ([`sheltered`]); the rerolls allowed
//! on the declaration's dice ("à part des cartes ou des compétences qui
//! permettent un relancé") belong to the reroll policy and the card engine.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::msg;

use super::common::in_initiative;
use super::components::{PartyId, SectorNo};
use super::events::Event;
use super::model::{Deal, GdState, Item};
use super::orders::{Order, Orders};
use super::senate::Ministry;

/// The face on which a sector joins the rebellion ("S'il roule un 6").
pub const JOINS_ON: u32 = 6;
/// The heading the declaration's dice are logged under.
const HEADING: &str = "Déclaration de rébellion.";

/// The rebellion of the game (one rebel at a time) and the peace offers of
/// the game turn now played.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rebellion {
    /// The party in rebellion.
    #[serde(default)]
    pub rebel: Option<PartyId>,
    /// The game turn it declared.
    #[serde(default)]
    pub since: u32,
    /// The game turn of the rebel's `PAIX` (its offer stands that turn).
    #[serde(default)]
    pub rebel_offer: Option<u32>,
    /// The game turn the senate voted peace (its offer stands that turn).
    #[serde(default)]
    pub senate_offer: Option<u32>,
}

/// Whether `party` is in rebellion now.
pub fn is_rebel(state: &GdState, party: PartyId) -> bool {
    state.rebellion.rebel == Some(party)
}

/// Whether a senator belongs to the rebel ("Ces sénateurs sont maintenant
/// des hors-la-loi"): out of the senate, never prosecuted nor audited.
pub fn is_rebel_senator(state: &GdState, senator: &str) -> bool {
    state.fx.senators.get(senator).is_some_and(|s| is_rebel(state, s.party))
}

/// Whether an action of period *Sénat* may not target this party or
/// senator ("Un joueur rebelle ne peut pas être visé par les actions qui
/// ont une période \"Sénat\""): the card engine and the ministry skills ask.
pub fn sheltered(state: &GdState, party: Option<PartyId>, senator: Option<&str>) -> bool {
    party.is_some_and(|p| is_rebel(state, p)) || senator.is_some_and(|n| is_rebel_senator(state, n))
}

/// Whether a sector belongs to the rebel.
pub fn rebel_sector(state: &GdState, sector: SectorNo) -> bool {
    state.rebellion.rebel.is_some_and(|r| state.fx.sectors.get(&sector).is_some_and(|s| s.owner == Some(r)))
}

/// Whether an invasion of `sector` by `party` without corruption by the
/// rebellion's rules: the rebel's own ("Ils ne gagnent aucune corruption
/// pour les invasions"), and another party's against a rebel sector made
/// neutral ("Cela ne leurs coûte aucune corruption"; taking it for oneself
/// costs the 2 corruption).
pub fn invasion_free(state: &GdState, party: PartyId, sector: SectorNo, claims: bool) -> bool {
    is_rebel(state, party) || (!claims && rebel_sector(state, sector))
}

/// Whether a promise still binds: none with the rebel ("les accords avec
/// un joueur dans la rébellion ne vous lie pas à lui et ne donnent aucune
/// corruption pour chaque côté s'ils sont annulées").
pub fn deal_binds(state: &GdState, deal: &Deal) -> bool {
    !deal.parties.iter().any(|p| is_rebel(state, *p))
}

/// Whether `party` may declare now: a game turn after the first (no step
/// is in the galactic phase), nobody in rebellion.
pub fn may_declare(state: &GdState) -> Result<(), Msg> {
    if state.game_turn <= 1 {
        return Err(msg!("gd-rebel-refused-first-turn"));
    }
    if let Some(r) = state.rebellion.rebel {
        return Err(msg!("gd-rebel-refused-rebel-exists", party = r.sigle()));
    }
    Ok(())
}

/// The step's rebellions and the rebel's peace offers, before the step's
/// other any-step orders.
pub fn apply(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    // G31: the best initiative's declaration counts (the order is worst
    // first); another of the same step finds a rebel already.
    let mut order = in_initiative(state);
    order.reverse();
    for p in &order {
        let Some(o) = orders.get(p) else { continue };
        for line in &o.lines {
            if let Order::Rebel { sector } = line {
                declare(state, *p, *sector, dice, events);
            }
        }
    }
    for p in order {
        let Some(o) = orders.get(&p) else { continue };
        if is_rebel(state, p) && o.lines.iter().any(|l| matches!(l, Order::Peace)) {
            offer(state, Some(p), events);
        }
    }
}

/// Why a line of `party` is not carried out.
fn unexecuted(events: &mut Vec<Event>, party: PartyId, order: String, reason: Msg) {
    events.push(Event::Unexecuted { party, order, reason });
}

/// "Déclaration de rébellion.": checked again now (turn, nobody in
/// rebellion, the sector still the party's), then carried out.
pub fn declare(state: &mut GdState, party: PartyId, sector: SectorNo, dice: &mut Dice, events: &mut Vec<Event>) {
    let line = format!("REBELLION {sector}");
    if let Err(why) = may_declare(state) {
        unexecuted(events, party, line, why);
        return;
    }
    if state.fx.sectors.get(&sector).and_then(|s| s.owner) != Some(party) {
        unexecuted(events, party, line, msg!("gd-rebel-refused-not-your-sector", sector = sector));
        return;
    }
    state.rebellion = Rebellion { rebel: Some(party), since: state.game_turn, rebel_offer: None, senate_offer: None };
    // "tous ses sénateurs fuient immédiatement le sénat, abandonnant tout
    // ministères qu'ils dirigeaient".
    let ministries: Vec<Ministry> = Ministry::ALL.into_iter().filter(|m| state.holder(*m) == Some(party)).collect();
    for m in &ministries {
        state.appoint(*m, None);
    }
    // The named sector joins; every other: a die, 6 joins, else neutral.
    let mut rolls = Vec::new();
    for n in state.sectors_of(party) {
        if n == sector {
            continue;
        }
        let roll = dice.d6(HEADING, format!("{}: sector {n} joins on a 6", party.sigle()));
        if roll != JOINS_ON {
            if let Some(s) = state.fx.sectors.get_mut(&n) {
                s.owner = None;
            }
        }
        rolls.push((n, roll));
    }
    events.push(Event::RebellionDeclared { party, sector, ministries, rolls });
}

/// An offer of peace: the rebel's (`Some`) or the senate's (`None`), each
/// standing until the end of the game turn; both standing, peace is made.
pub fn offer(state: &mut GdState, by: Option<PartyId>, events: &mut Vec<Event>) {
    let Some(rebel) = state.rebellion.rebel else { return };
    let turn = state.game_turn;
    match by {
        Some(_) => state.rebellion.rebel_offer = Some(turn),
        None => state.rebellion.senate_offer = Some(turn),
    }
    events.push(Event::PeaceOffered { rebel, by });
    if state.rebellion.rebel_offer == Some(turn) && state.rebellion.senate_offer == Some(turn) {
        state.rebellion = Rebellion::default();
        events.push(Event::PeaceMade { party: rebel });
    }
}

/// Item (5) of S2 passed: the senate offers peace.
pub fn senate_agrees(state: &mut GdState, events: &mut Vec<Event>) {
    offer(state, None, events);
}

/// The agenda's peace item: the first `PAIX` of a senate party in S1, in
/// initiative order (one item a turn), none without a rebel.
pub fn peace_item(state: &GdState, orders: &BTreeMap<PartyId, Orders>) -> Option<Item> {
    state.rebellion.rebel?;
    in_initiative(state).into_iter().find(|p| !is_rebel(state, *p) && orders.get(p).is_some_and(|o| o.lines.iter().any(|l| matches!(l, Order::Peace)))).map(|by| Item::Peace { by })
}

/// A rebellion or peace event in words (messages `gd-rebel-*`, files
/// `locales/*/galactic-destiny-rebellion.ftl`); all are public.
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::RebellionDeclared { party, sector, ministries, rolls } => {
            let dice: Vec<Msg> = rolls.iter().map(|(n, r)| msg!("gd-rebel-sector-roll", sector = *n, roll = *r, joins = if *r == JOINS_ON { "yes" } else { "no" })).collect();
            let posts: Vec<Msg> = ministries.iter().map(|m| super::view::ministry_msg(*m)).collect();
            msg!("gd-ev-rebel-declared", party = party.sigle(), sector = *sector, ministries = posts.len(), posts = posts, rolls = dice.len(), dice = dice)
        }
        Event::PeaceOffered { rebel, by } => match by {
            Some(p) => msg!("gd-ev-rebel-peace-offered", party = p.sigle()),
            None => msg!("gd-ev-rebel-peace-voted", party = rebel.sigle()),
        },
        Event::PeaceMade { party } => msg!("gd-ev-rebel-peace-made", party = party.sigle()),
        _ => msg!("gd-none"),
    }
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut v = vec![
        msg!("gd-rebel-refused-first-turn"),
        msg!("gd-rebel-refused-rebel-exists", party = "POP"),
        msg!("gd-rebel-refused-not-your-sector", sector = 12),
        msg!("gd-rebel-refused-sheltered", senator = "Fola"),
        msg!("gd-rebel-note-deal-free"),
        msg!("gd-rebel-map-key"),
        super::view::item_msg(&Item::Peace { by: PartyId::Pop }),
    ];
    for e in [
        Event::RebellionDeclared { party: PartyId::Pop, sector: 12, ministries: vec![Ministry::Justice], rolls: vec![(13, 6), (14, 2)] },
        Event::RebellionDeclared { party: PartyId::Pop, sector: 12, ministries: vec![], rolls: vec![] },
        Event::PeaceOffered { rebel: PartyId::Pop, by: Some(PartyId::Pop) },
        Event::PeaceOffered { rebel: PartyId::Pop, by: None },
        Event::PeaceMade { party: PartyId::Pop },
    ] {
        v.push(event_msg(&e));
    }
    v
}

#[cfg(test)]
#[path = "rebellion_tests.rs"]
mod tests;
