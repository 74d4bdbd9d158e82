//! P, "Achats", and the end of a game turn (design note §1.8 "Achat de
//! flottes et sénateurs", §2.4 P): purchases, the laws' payments, taxes,
//! the sectors' end-of-turn gifts, the hand limit, defeat, victory and
//! `tours_max`; then, unless the game is over, the next galactic phase.
//!
//! Parties buy in initiative order, best first (the Republic's cap of 10
//! goes to the better initiative), each line in the order written, one
//! fleet or senator at a time: what the money or a cap does not allow is
//! not bought and the report says why (RULINGS, Galactic Destiny, "Achat
//! de flottes et sénateurs"). Each fleet of its own a party buys and each
//! senator it recruits pays the tax in force on that action
//! (`common::pay_tax`, "Impôts").

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::i18n::Msg;

use super::common::{breach, in_initiative, lacks, pay_tax};
use super::components::board::Ability;
use super::components::effects::Resource;
use super::components::interpret::REPUBLIC_MAX;
use super::components::{PartyId, SectorNo};
use super::events::Event;
use super::galactic;
use super::model::{Ending, GdState, Law, Phase, TaxedAction, FLEETS_MAX, HAND_MAX, REPUBLIC_HOME, SECTORS_TO_END};
use super::orders::{Order, Orders};
use super::senate::Ministry;
use super::setup::senator_state;

/// "Dépenses": a party fleet.
pub const FLEET_COST: u8 = 5;
/// "Dépenses": a Republic fleet (also what taxes buy one for, G18, and
/// what "Initiative de défense de la patrie" asks for).
pub const REPUBLIC_COST: u8 = 3;
/// A senator bearing the buyer's party icon costs this much less.
pub const OWN_ICON_DISCOUNT: u8 = 2;
/// Sector 9, "Remise amical": each fleet this much cheaper (G47).
pub const DISCOUNT_FLEET: u8 = 2;
/// Sector 30, "Persuasion d'opiacé": the first recruit of the turn this much cheaper.
pub const DISCOUNT_FIRST_RECRUIT: u8 = 5;
/// Sectors 6 and 32's end-of-turn gifts.
pub const GIFT: u8 = 10;

/// What a party spent in P, for its `Bought` event.
#[derive(Default)]
struct Spent {
    fleets: Vec<(u8, SectorNo)>,
    republic: u8,
    recruited: Vec<String>,
    paid: u32,
}

/// Plays P's orders and the end of the turn; sets `state.ending` and
/// `Phase::Over` when the game ends, else plays the next galactic phase
/// (the game is then at S1 of the next turn).
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let discards = buy(state, orders, events);
    end_of_turn(state, &discards, dice, events);
}

/// The purchases, best initiative first; returns the cards each party
/// named to discard for the hand limit.
fn buy(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) -> BTreeMap<PartyId, Vec<String>> {
    let mut best_first = in_initiative(state);
    best_first.reverse();
    let mut discards: BTreeMap<PartyId, Vec<String>> = BTreeMap::new();
    for &p in &best_first {
        let mut spent = Spent::default();
        let mut first_recruit = true;
        for o in orders.get(&p).map(|o| o.lines.as_slice()).unwrap_or_default() {
            match o {
                Order::BuyFleets { at } => {
                    for (n, sector) in at {
                        buy_fleets(state, p, *n, *sector, &mut spent, events);
                    }
                }
                Order::BuyRepublic { count } => buy_republic(state, p, *count, &mut spent, events),
                Order::Recruit { senator } => recruit(state, p, senator, &mut first_recruit, &mut spent, events),
                Order::Discard { cards } => discards.entry(p).or_default().extend(cards.iter().cloned()),
                _ => {}
            }
        }
        if spent.paid > 0 || !spent.fleets.is_empty() || spent.republic > 0 || !spent.recruited.is_empty() {
            events.push(Event::Bought { party: p, fleets: spent.fleets, republic: spent.republic, recruited: spent.recruited, paid: spent.paid });
        }
    }
    discards
}

/// The owner of the sector with `ability`, if any.
fn owner_of(state: &GdState, ability: Ability) -> Option<PartyId> {
    let n = state.components.board.sector_of(ability)?;
    state.fx.sectors.get(&n).and_then(|s| s.owner)
}

/// Money of a party.
fn money(state: &GdState, p: PartyId) -> u8 {
    state.fx.parties.get(&p).map_or(0, |x| x.money)
}

fn pay(state: &mut GdState, p: PartyId, amount: u8) {
    if let Some(x) = state.fx.parties.get_mut(&p) {
        x.money -= amount;
    }
}

/// A fleet's price for `p` (sector 9's discount, G47), and the sector 28
/// owner's +1 when another party buys (G47).
fn fleet_bought(state: &mut GdState, p: PartyId, base: u8) -> Result<u8, Msg> {
    let cost = if owner_of(state, Ability::RemiseAmical) == Some(p) { base.saturating_sub(DISCOUNT_FLEET) } else { base };
    if money(state, p) < cost {
        return Err(lacks(p, Resource::Money, u32::from(cost)));
    }
    pay(state, p, cost);
    if let Some(o) = owner_of(state, Ability::MonopoleMilitaire).filter(|o| *o != p) {
        galactic::gain(state, o, 1, 0);
    }
    Ok(cost)
}

fn unexecuted(events: &mut Vec<Event>, party: PartyId, order: String, reason: Msg) {
    events.push(Event::Unexecuted { party, order, reason });
}

/// `ACHAT FLOTTE n <secteur>`: 5 money each, in an own sector, anywhere
/// not infested if the party has none; at most 10 fleets in play.
fn buy_fleets(state: &mut GdState, p: PartyId, n: u8, sector: SectorNo, spent: &mut Spent, events: &mut Vec<Event>) {
    let line = format!("ACHAT FLOTTE {n} {sector}");
    let owns_any = !state.sectors_of(p).is_empty();
    let here = state.fx.sectors.get(&sector);
    let allowed = match here {
        Some(s) if owns_any => s.owner == Some(p),
        Some(s) => !s.infested,
        None => false,
    };
    if !allowed {
        let reason = if here.is_some_and(|s| s.infested) && !owns_any {
            crate::msg!("galactic-destiny-sector-infested", sector = sector)
        } else {
            crate::msg!("galactic-destiny-lacks-sector", party = p.sigle(), sector = sector)
        };
        unexecuted(events, p, line, reason);
        return;
    }
    let mut bought = 0u8;
    for _ in 0..n {
        if state.fleets_of(p) >= u32::from(FLEETS_MAX) {
            unexecuted(events, p, line, crate::msg!("galactic-destiny-fleet-cap", party = p.sigle(), max = FLEETS_MAX));
            break;
        }
        match fleet_bought(state, p, FLEET_COST) {
            Ok(cost) => {
                spent.paid += u32::from(cost);
                *state.fleets.entry(sector).or_default().entry(p).or_default() += 1;
                bought += 1;
                // "Impôts": each fleet of its own bought is a taxed action.
                pay_tax(state, p, TaxedAction::FleetBought, None, events);
            }
            Err(reason) => {
                unexecuted(events, p, line, reason);
                break;
            }
        }
    }
    if bought > 0 {
        spent.fleets.push((bought, sector));
    }
}

/// A Republic fleet put in play on sector 1 (G50), within the cap of 10.
fn add_republic(state: &mut GdState) -> bool {
    if state.fx.republic_fleets >= REPUBLIC_MAX {
        return false;
    }
    state.fx.republic_fleets += 1;
    *state.republic_at.entry(REPUBLIC_HOME).or_default() += 1;
    true
}

/// `ACHAT FLOTTE-REPUBLIQUE n`: 3 money each, on sector 1, while the
/// Republic has fewer than 10.
fn buy_republic(state: &mut GdState, p: PartyId, n: u8, spent: &mut Spent, events: &mut Vec<Event>) {
    let line = format!("ACHAT FLOTTE-REPUBLIQUE {n}");
    for _ in 0..n {
        if state.fx.republic_fleets >= REPUBLIC_MAX {
            unexecuted(events, p, line, crate::msg!("galactic-destiny-republic-cap", max = REPUBLIC_MAX));
            return;
        }
        match fleet_bought(state, p, REPUBLIC_COST) {
            Ok(cost) => {
                spent.paid += u32::from(cost);
                add_republic(state);
                spent.republic += 1;
            }
            Err(reason) => {
                unexecuted(events, p, line, reason);
                return;
            }
        }
    }
}

/// `RECRUTER <sén>`: a senator waiting in hand enters play, at the printed
/// cost, 2 less if he bears the buyer's party icon, 5 less for the first
/// recruit of the turn of sector 30's owner; he acts from the next turn.
fn recruit(state: &mut GdState, p: PartyId, senator: &str, first: &mut bool, spent: &mut Spent, events: &mut Vec<Event>) {
    let line = format!("RECRUTER {senator}");
    let k = crate::text::key(senator);
    let waiting = state.fx.parties.get(&p).and_then(|x| x.waiting.iter().position(|n| crate::text::key(n) == k));
    let (Some(i), Some(card)) = (waiting, state.components.senator(senator).cloned()) else {
        unexecuted(events, p, line, crate::msg!("galactic-destiny-lacks-senator", senator = senator, party = p.sigle()));
        return;
    };
    let mut cost = card.cost;
    if card.party == Some(p) {
        cost = cost.saturating_sub(OWN_ICON_DISCOUNT);
    }
    let opiate = *first && owner_of(state, Ability::PersuasionDOpiace) == Some(p);
    if opiate {
        cost = cost.saturating_sub(DISCOUNT_FIRST_RECRUIT);
    }
    if money(state, p) < cost {
        unexecuted(events, p, line, lacks(p, Resource::Money, u32::from(cost)));
        return;
    }
    pay(state, p, cost);
    *first = false;
    if let Some(x) = state.fx.parties.get_mut(&p) {
        x.waiting.remove(i);
    }
    let s = senator_state(state, &card.name, p);
    state.fx.senators.insert(card.name.clone(), s);
    state.recruited.insert(card.name.clone());
    pay_tax(state, p, TaxedAction::Recruit, None, events);
    spent.paid += u32::from(cost);
    spent.recruited.push(card.name);
}

/// The end of the turn (note §2.4 P), then the next galactic phase unless
/// the game is over.
fn end_of_turn(state: &mut GdState, discards: &BTreeMap<PartyId, Vec<String>>, dice: &mut Dice, events: &mut Vec<Event>) {
    homeland(state, events);
    taxes(state, events);
    gifts(state, events);
    hand_limit(state, discards, events);
    if let Some(ending) = ending(state, events) {
        state.ending = Some(ending.clone());
        state.phase = Phase::Over;
        events.push(Event::Ended { ending });
        return;
    }
    galactic::phase(state, dice, events);
}

/// "Initiative de défense de la patrie": each party it binds pays 3 money
/// for a Republic fleet, best initiative first; skipped, unpaid, once the
/// Republic has 10 (G57); a party that cannot pay breaks the law (G38):
/// 2 corruption, through `common::breach`.
fn homeland(state: &mut GdState, events: &mut Vec<Event>) {
    let mut best_first = in_initiative(state);
    best_first.reverse();
    for p in best_first {
        if !state.law_binds(Law::Homeland, p) || state.fx.republic_fleets >= REPUBLIC_MAX {
            continue;
        }
        let paid = money(state, p) >= REPUBLIC_COST;
        if paid {
            pay(state, p, REPUBLIC_COST);
            add_republic(state);
        }
        events.push(Event::HomelandPaid { party: p, paid });
        if !paid {
            breach(state, p, Law::Homeland, None, events);
        }
    }
}

/// Taxes of the turn buy Republic fleets at 3 money, up to 10; the rest
/// vanishes (G18).
fn taxes(state: &mut GdState, events: &mut Vec<Event>) {
    let money = std::mem::take(&mut state.taxes_paid);
    if money == 0 {
        return;
    }
    let mut fleets = 0u8;
    for _ in 0..money / u32::from(REPUBLIC_COST) {
        if !add_republic(state) {
            break;
        }
        fleets += 1;
    }
    events.push(Event::TaxesSpent { money, fleets });
}

/// Sector 32, "Bénédiction de la paix": +10 money at the end of a turn with
/// no successful invasion (part I has no invasion: always); sector 6,
/// "Bénédictions de la pureté": +10 influence with no shadow in play.
fn gifts(state: &mut GdState, events: &mut Vec<Event>) {
    if let (Some(p), Some(sector)) = (owner_of(state, Ability::BenedictionDeLaPaix), state.components.board.sector_of(Ability::BenedictionDeLaPaix)) {
        galactic::gain(state, p, GIFT, 0);
        events.push(Event::SectorGift { party: p, sector, resource: Resource::Money, amount: GIFT });
    }
    let shadows = state.fx.senators.values().any(|s| s.shadow > 0);
    if let (Some(p), Some(sector), false) = (owner_of(state, Ability::BenedictionsDeLaPurete), state.components.board.sector_of(Ability::BenedictionsDeLaPurete), shadows) {
        galactic::gain(state, p, 0, GIFT);
        events.push(Event::SectorGift { party: p, sector, resource: Resource::Influence, amount: GIFT });
    }
}

/// "Nombre de cartes en main" (G3): at most 7 action cards; the cards the
/// party named (`DEFAUSSER`, in order, those it holds) go first, then the
/// cards it received last.
fn hand_limit(state: &mut GdState, discards: &BTreeMap<PartyId, Vec<String>>, events: &mut Vec<Event>) {
    let parties: Vec<PartyId> = state.parties().collect();
    for p in parties {
        let Some(x) = state.fx.parties.get_mut(&p) else { continue };
        if x.hand.len() <= HAND_MAX {
            continue;
        }
        let mut dropped = Vec::new();
        for c in discards.get(&p).into_iter().flatten() {
            if x.hand.len() <= HAND_MAX {
                break;
            }
            let k = crate::text::key(c);
            if let Some(i) = x.hand.iter().position(|h| crate::text::key(h) == k) {
                dropped.push(x.hand.remove(i));
            }
        }
        let named = dropped.len();
        while x.hand.len() > HAND_MAX {
            dropped.extend(x.hand.pop());
        }
        let by_referee = dropped.len() > named;
        events.push(Event::Discarded { party: p, count: dropped.len() as u8, by_referee });
        state.fx.action_discard.extend(dropped);
        state.fx.action_discard.sort();
    }
}

/// "Défaite!" (10 sectors infested: all lose, whatever else), "Victoire!"
/// (10 sectors or more, the most; a tie at the top: one more turn), then
/// `tours_max` (G20).
fn ending(state: &GdState, events: &mut Vec<Event>) -> Option<Ending> {
    if state.infested_count() >= SECTORS_TO_END {
        return Some(Ending::Infested);
    }
    let count = |p: PartyId| state.sectors_of(p).len();
    let top = state.parties().map(count).max().unwrap_or(0);
    let leaders: Vec<PartyId> = state.parties().filter(|p| count(*p) == top).collect();
    let last = state.settings.max_turns > 0 && state.game_turn >= state.settings.max_turns;
    if top >= SECTORS_TO_END {
        if leaders.len() == 1 {
            return Some(Ending::Sectors { winner: leaders[0] });
        }
        if !last {
            events.push(Event::TieOneMoreTurn { parties: leaders });
            return None;
        }
    }
    if last {
        return Some(Ending::TurnLimit { winners: turn_limit_winners(state) });
    }
    None
}

/// G20: most sectors, then most ministries, then money + influence; those
/// still equal share the win.
pub fn turn_limit_winners(state: &GdState) -> Vec<PartyId> {
    let score = |p: PartyId| {
        let ministries = Ministry::ALL.into_iter().filter(|m| state.holder(*m) == Some(p)).count();
        let wealth = state.fx.parties.get(&p).map_or(0, |x| u32::from(x.money) + u32::from(x.influence));
        (state.sectors_of(p).len(), ministries, wealth)
    };
    // A rebel "peut gagner seulement en gagnant 10 secteurs".
    let eligible: Vec<PartyId> = state.parties().filter(|p| !super::rebellion::is_rebel(state, *p)).collect();
    let best = eligible.iter().map(|p| score(*p)).max();
    eligible.into_iter().filter(|p| Some(score(*p)) == best).collect()
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![crate::msg!("galactic-destiny-sector-infested", sector = 7), crate::msg!("galactic-destiny-republic-cap", max = REPUBLIC_MAX)]
}

#[cfg(test)]
#[path = "purchases_tests.rs"]
mod tests;
#[cfg(test)]
#[path = "turn_proptests.rs"]
mod turn_proptests;
