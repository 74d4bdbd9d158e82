//! Orders allowed in every step where a party is awaited (design note
//! §3.1) that part I referees: the bank, trades, promises, broken promises
//! and laws, shadow, the Prime Minister's election call; and where
//! corruption goes (G19).
//!
//! Parties act in initiative order, worst first, each line in the order
//! written. A trade (`ECHANGE`) or a promise (`ACCORD`) is carried out at
//! the line of the first of its two parties in that order, once the other
//! filed the mirror line in the same step; a line without its mirror lapses
//! with the step (RULINGS.md, Galactic Destiny, "Résoudre les échanges").

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::i18n::Msg;

use super::components::effects::Resource;
use super::components::interpret::{add_corruption, RESOURCE_MAX};
use super::components::PartyId;
use super::events::{CorruptionWhy, Event};
use super::model::{Deal, GdState, Item, Law, Phase, TaxedAction, FLEETS_MAX};
use super::orders::{Goods, Order, Orders};
use super::senate::Ministry;

/// Corruption for a promise or a law broken ("Corruption pour annuler un
/// accord et les lois du sénat").
pub const BREACH_CORRUPTION: u8 = 2;
/// "On peut toujours échanger des ressources avec la banque à 3:1".
pub const BANK_RATE: u8 = 3;

/// The parties in play in initiative order, worst first (`state.initiative`,
/// then any party it does not list, in id order).
pub fn in_initiative(state: &GdState) -> Vec<PartyId> {
    let mut out: Vec<PartyId> = state.initiative.iter().copied().filter(|p| state.fx.parties.contains_key(p)).collect();
    for p in state.parties() {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Carries out every party's any-step orders of a closing step, parties in
/// initiative order (worst first), trades once both mirror lines are in;
/// then the skills and abilities used as actions ([`super::powers`]). A
/// rebellion declared in the step comes first ([`super::rebellion`]).
pub fn apply(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    super::rebellion::apply(state, orders, dice, events);
    // Lines already used as the mirror of an earlier party's line.
    let mut used: BTreeSet<(PartyId, usize)> = BTreeSet::new();
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for (i, line) in o.lines.iter().enumerate() {
            if used.contains(&(p, i)) {
                continue;
            }
            match line {
                Order::Bank { buy, amount } => bank(state, p, *buy, *amount, events),
                Order::Trade { with, give, get } => match mirror(orders, &used, *with, |l| matches!(l, Order::Trade { with: w, give: g, get: r } if *w == p && same_goods(g, get) && same_goods(r, give))) {
                    Some(j) => {
                        used.insert((*with, j));
                        trade(state, p, *with, give, get, events);
                    }
                    None => unexecuted(events, p, "ECHANGE", Msg::new("galactic-destiny-no-mirror").arg("party", with.sigle())),
                },
                Order::Deal { with, terms, turns } => match mirror(orders, &used, *with, |l| matches!(l, Order::Deal { with: w, terms: t, turns: d } if *w == p && t.trim() == terms.trim() && d == turns)) {
                    Some(j) => {
                        used.insert((*with, j));
                        let number = state.deals.iter().map(|d| d.number).max().unwrap_or(0) + 1;
                        let until = turns.map(|d| state.game_turn + u32::from(d.max(1)) - 1);
                        state.deals.push(Deal { number, parties: [p, *with], terms: terms.trim().to_string(), until, broken: None });
                        events.push(Event::DealMade { number, parties: [p, *with], terms: terms.trim().to_string(), until });
                    }
                    None => unexecuted(events, p, "ACCORD", Msg::new("galactic-destiny-no-mirror").arg("party", with.sigle())),
                },
                Order::BreakDeal { deal, senator } => {
                    let turn = state.game_turn;
                    let binds = state.deals.iter().find(|d| d.number == *deal).is_none_or(|d| super::rebellion::deal_binds(state, d));
                    match state.deals.iter_mut().find(|d| d.number == *deal && d.parties.contains(&p) && d.broken.is_none()) {
                        Some(d) => {
                            d.broken = Some((p, turn));
                            events.push(Event::DealBroken { number: *deal, by: p });
                            // A promise with the rebel binds nobody: no corruption.
                            if binds {
                                place_corruption(state, p, senator.as_deref(), BREACH_CORRUPTION, CorruptionWhy::BrokenDeal { deal: *deal }, events);
                            }
                        }
                        None => unexecuted(events, p, "ROMPRE", Msg::new("galactic-destiny-deal-unknown").arg("deal", i64::from(*deal))),
                    }
                }
                Order::Defy { law, senator } => {
                    let broken = breach(state, p, *law, senator.as_deref(), events);
                    if !broken {
                        unexecuted(events, p, "ENFREINDRE", Msg::new("galactic-destiny-law-not-binding").arg("law", law_name("gd-law-", *law)));
                    }
                }
                Order::Shadow { senator } => match state.fx.senators.get_mut(senator) {
                    Some(s) if s.party == p && s.corruption >= 3 => {
                        s.corruption -= 3;
                        s.shadow = s.shadow.saturating_add(1);
                        // Once he has a shadow, every 3 corruption convert at once.
                        add_corruption(s, 0);
                        events.push(Event::ShadowTaken { senator: senator.clone() });
                    }
                    _ => unexecuted(events, p, "OMBRE", Msg::new("galactic-destiny-shadow-needs-three").arg("senator", senator.as_str())),
                },
                Order::CallElection => match state.ministries.get(&Ministry::PrimeMinister) {
                    Some(pm) if state.holder(Ministry::PrimeMinister) == Some(p) => state.election_called = Some(pm.clone()),
                    _ => unexecuted(events, p, "ELECTION", Msg::new("galactic-destiny-not-prime-minister")),
                },
                _ => {}
            }
        }
    }
    // Skills, sector abilities and corrupt ministry skills used as actions.
    super::powers::resolve(state, orders, events);
}

/// The first line of `with` not yet used that `fits`.
fn mirror(orders: &BTreeMap<PartyId, Orders>, used: &BTreeSet<(PartyId, usize)>, with: PartyId, fits: impl Fn(&Order) -> bool) -> Option<usize> {
    orders.get(&with)?.lines.iter().enumerate().find(|(j, l)| !used.contains(&(with, *j)) && fits(l)).map(|(j, _)| j)
}

/// The same goods, in any order.
fn same_goods(a: &[Goods], b: &[Goods]) -> bool {
    let mut left: Vec<&Goods> = b.iter().collect();
    a.len() == b.len()
        && a.iter().all(|g| match left.iter().position(|x| *x == g) {
            Some(k) => {
                left.remove(k);
                true
            }
            None => false,
        })
}

fn unexecuted(events: &mut Vec<Event>, party: PartyId, order: &str, reason: Msg) {
    events.push(Event::Unexecuted { party, order: order.into(), reason });
}

/// The message `<prefix><id>` naming a law (`gd-law-…` in reports,
/// `gd-map-law-…` on the board picture, `gd-order-law-…` in
/// acknowledgements); a tax's also takes `$action` (its name, a message)
/// and `$amount`.
pub fn law_name(prefix: &str, law: Law) -> Msg {
    let m = Msg::new(format!("{prefix}{}", law.id()));
    match law {
        Law::Tax { action, amount } => m.arg("action", tax_action_name(action)).arg("amount", amount),
        _ => m,
    }
}

/// The name of a taxed action (`gd-tax-action-…`).
pub fn tax_action_name(action: TaxedAction) -> Msg {
    Msg::new(format!("gd-tax-action-{}", action.id()))
}

fn resource_id(r: Resource) -> &'static str {
    match r {
        Resource::Money => "money",
        Resource::Influence => "influence",
    }
}

/// Why a party cannot pay `amount` of `r`.
pub fn lacks(party: PartyId, r: Resource, amount: u32) -> Msg {
    Msg::new("galactic-destiny-lacks-resource").arg("party", party.sigle()).arg("amount", i64::from(amount)).arg("resource", resource_id(r))
}

/// `BANQUE n R`: n of R for 3n of the other ("Résoudre les échanges"); the
/// excess over 99 is wasted.
fn bank(state: &mut GdState, p: PartyId, buy: Resource, amount: u8, events: &mut Vec<Event>) {
    let pay_with = match buy {
        Resource::Money => Resource::Influence,
        Resource::Influence => Resource::Money,
    };
    let cost = u32::from(amount) * u32::from(BANK_RATE);
    let Some(ps) = state.fx.parties.get_mut(&p) else { return };
    if u32::from(ps.get(pay_with)) < cost {
        unexecuted(events, p, "BANQUE", lacks(p, pay_with, cost));
        return;
    }
    let (paid, got) = match buy {
        Resource::Money => (&mut ps.influence, &mut ps.money),
        Resource::Influence => (&mut ps.money, &mut ps.influence),
    };
    *paid -= cost as u8;
    *got = got.saturating_add(amount).min(RESOURCE_MAX);
    events.push(Event::Banked { party: p, bought: buy, amount, paid: cost as u8 });
}

/// Whether a trade falls under "Libre-échange d'accord": "Les échanges qui
/// impliquent des ressources, des flottes, ou des secteurs" (senators and
/// cards alone do not).
pub fn under_free_trade(a_gives: &[Goods], b_gives: &[Goods]) -> bool {
    a_gives.iter().chain(b_gives).any(|g| matches!(g, Goods::Resource { .. } | Goods::Fleets { .. } | Goods::Sector { .. }))
}

/// A mirrored trade: carried out at once, or, under Libre-échange binding
/// either party, put to the senate's vote when filed in S1 and refused in
/// any other step.
fn trade(state: &mut GdState, a: PartyId, b: PartyId, a_gives: &[Goods], b_gives: &[Goods], events: &mut Vec<Event>) {
    if under_free_trade(a_gives, b_gives) && (state.law_binds(Law::FreeTrade, a) || state.law_binds(Law::FreeTrade, b)) {
        if state.phase == Phase::Filing {
            state.agenda.push(Item::Trade { a, b, a_gives: a_gives.to_vec(), b_gives: b_gives.to_vec() });
        } else {
            events.push(Event::TradeFailed { a, b, reason: Msg::new("galactic-destiny-free-trade-senate-only") });
        }
        return;
    }
    execute_trade(state, a, b, a_gives, b_gives, events);
}

/// Carries out a trade whose every item is still held (checked now), or
/// nothing of it (`Event::TradeFailed` with the first missing item).
pub fn execute_trade(state: &mut GdState, a: PartyId, b: PartyId, a_gives: &[Goods], b_gives: &[Goods], events: &mut Vec<Event>) -> bool {
    if a == b || !state.fx.parties.contains_key(&a) || !state.fx.parties.contains_key(&b) {
        events.push(Event::TradeFailed { a, b, reason: Msg::new("galactic-destiny-trade-parties") });
        return false;
    }
    // What is hidden is judged before the trade: a senator waiting in hand.
    let hidden = |g: &Goods| matches!(g, Goods::Card { .. }) || matches!(g, Goods::Senator { name } if !state.fx.senators.contains_key(name));
    let split = |gs: &[Goods]| -> (Vec<Goods>, Vec<Goods>) { gs.iter().cloned().partition(|g| !hidden(g)) };
    let ((a_public, a_hidden), (b_public, b_hidden)) = (split(a_gives), split(b_gives));
    let mut s = state.clone();
    let done = a_gives.iter().try_for_each(|g| transfer(&mut s, a, b, g)).and_then(|_| b_gives.iter().try_for_each(|g| transfer(&mut s, b, a, g))).and_then(|_| {
        // G55: the fleets received count toward the buyer's 10.
        match [a, b].into_iter().find(|p| s.fleets_of(*p) > u32::from(FLEETS_MAX)) {
            Some(p) => Err(Msg::new("galactic-destiny-fleet-cap").arg("party", p.sigle()).arg("max", i64::from(FLEETS_MAX))),
            None => Ok(()),
        }
    });
    match done {
        Ok(()) => {
            *state = s;
            let secret = !a_hidden.is_empty() || !b_hidden.is_empty();
            events.push(Event::Traded { a, b, a_gives: a_public, b_gives: b_public });
            if secret {
                events.push(Event::TradedHidden { a, b, a_gives: a_hidden, b_gives: b_hidden });
            }
            true
        }
        Err(reason) => {
            events.push(Event::TradeFailed { a, b, reason });
            false
        }
    }
}

/// One item from `from` to `to` ("Résoudre les échanges"): senators in play
/// change party unexhausted (any ministry goes with them), waiting ones
/// stay waiting; cards by name; sectors change owner; the seller's fleets
/// leave and the buyer places as many of its own in the same sector (G55).
fn transfer(s: &mut GdState, from: PartyId, to: PartyId, g: &Goods) -> Result<(), Msg> {
    match g {
        Goods::Resource { resource, amount } => {
            let have = s.fx.parties.get(&from).map_or(0, |ps| ps.get(*resource));
            if have < *amount {
                return Err(lacks(from, *resource, u32::from(*amount)));
            }
            let give = s.fx.parties.get_mut(&from).expect("party in play");
            match resource {
                Resource::Money => give.money -= amount,
                Resource::Influence => give.influence -= amount,
            }
            let get = s.fx.parties.entry(to).or_default();
            let slot = match resource {
                Resource::Money => &mut get.money,
                Resource::Influence => &mut get.influence,
            };
            *slot = slot.saturating_add(*amount).min(RESOURCE_MAX);
        }
        Goods::Sector { sector } => match s.fx.sectors.get_mut(sector) {
            Some(x) if x.owner == Some(from) => x.owner = Some(to),
            _ => return Err(Msg::new("galactic-destiny-lacks-sector").arg("party", from.sigle()).arg("sector", i64::from(*sector))),
        },
        Goods::Senator { name } => {
            if let Some(x) = s.fx.senators.get_mut(name).filter(|x| x.party == from) {
                x.party = to;
                x.exhausted = false;
            } else if let Some(k) = s.fx.parties.get(&from).and_then(|ps| ps.waiting.iter().position(|n| n == name)) {
                let n = s.fx.parties.get_mut(&from).expect("party in play").waiting.remove(k);
                s.fx.parties.entry(to).or_default().waiting.push(n);
            } else {
                return Err(Msg::new("galactic-destiny-lacks-senator").arg("party", from.sigle()).arg("senator", name.as_str()));
            }
        }
        Goods::Card { name } => match s.fx.parties.get(&from).and_then(|ps| ps.hand.iter().position(|c| c == name)) {
            Some(k) => {
                let c = s.fx.parties.get_mut(&from).expect("party in play").hand.remove(k);
                s.fx.parties.entry(to).or_default().hand.push(c);
            }
            None => return Err(Msg::new("galactic-destiny-lacks-card").arg("party", from.sigle()).arg("card", name.as_str())),
        },
        Goods::Fleets { count, sector } => {
            let here = s.fleets.entry(*sector).or_default();
            let have = here.get(&from).copied().unwrap_or(0);
            if have < *count {
                return Err(Msg::new("galactic-destiny-lacks-fleets").arg("party", from.sigle()).arg("count", i64::from(*count)).arg("sector", i64::from(*sector)));
            }
            if have == *count {
                here.remove(&from);
            } else {
                here.insert(from, have - count);
            }
            *here.entry(to).or_default() += count;
        }
    }
    Ok(())
}

/// A law broken by `party` (`ENFREINDRE`, or a payment it asks for not
/// made, G38): 2 corruption and the law void for it for the rest of the
/// turn, once per law per turn. False when the law does not bind the party
/// now (not in force, or already broken this turn): nothing happens.
pub fn breach(state: &mut GdState, party: PartyId, law: Law, senator: Option<&str>, events: &mut Vec<Event>) -> bool {
    if !state.law_binds(law, party) {
        return false;
    }
    state.defied.insert((party, law));
    events.push(Event::LawDefied { party, law });
    place_corruption(state, party, senator, BREACH_CORRUPTION, CorruptionWhy::BrokenLaw { law }, events);
    true
}

/// Pays the tax in force on `action` for one such action of `party`, as
/// the action is carried out ("Impôts"): the amount goes from its money to
/// `taxes_paid` (`Event::TaxPaid`), spent on Republic fleets at the end of
/// the turn (G18). A party that cannot pay breaks the tax law ("Le non
/// paiement des impôts est la même chose que le fait d'enfreindre une loi
/// du sénat"; G38): `Event::TaxUnpaid`, then `breach` (2 corruption, on
/// `senator` if named and the party's, and the tax void for it for the
/// rest of the turn). The action itself goes ahead either way. Nothing
/// happens when no tax on `action` binds the party (none in force, or it
/// broke it this turn with `ENFREINDRE IMPOT`). Returns the money paid.
pub fn pay_tax(state: &mut GdState, party: PartyId, action: TaxedAction, senator: Option<&str>, events: &mut Vec<Event>) -> u8 {
    let Some(law @ Law::Tax { amount, .. }) = state.tax_on(action) else { return 0 };
    if !state.law_binds(law, party) {
        return 0;
    }
    let Some(ps) = state.fx.parties.get_mut(&party) else { return 0 };
    if ps.money >= amount {
        ps.money -= amount;
        state.taxes_paid += u32::from(amount);
        events.push(Event::TaxPaid { party, action, amount });
        amount
    } else {
        events.push(Event::TaxUnpaid { party, action, amount });
        breach(state, party, law, senator, events);
        0
    }
}

/// Puts `amount` corruption on one senator of `party` (G19): the one named
/// if he is the party's and in play, else the party's senator in play with
/// least corruption (a shadow counting 3), then by name; the compulsory
/// conversion to shadow follows ("Jetons d'ombre"). A party without a
/// senator in play loses it ("la corruption est perdue"). Returns the
/// senator who took it.
pub fn place_corruption(state: &mut GdState, party: PartyId, named: Option<&str>, amount: u8, why: CorruptionWhy, events: &mut Vec<Event>) -> Option<String> {
    match place_corruption_target(state, party, named) {
        Some(n) => {
            corrupt(state, &n, amount, why, events);
            Some(n)
        }
        None => {
            events.push(Event::CorruptionLost { party, amount, why });
            None
        }
    }
}

/// The senator [`place_corruption`] puts corruption on: the one named if
/// he is the party's and in play, else its least corrupt (G19).
pub fn place_corruption_target(state: &GdState, party: PartyId, named: Option<&str>) -> Option<String> {
    let own = |n: &str| state.fx.senators.get(n).is_some_and(|s| s.party == party);
    match named.filter(|n| own(n)) {
        Some(n) => Some(n.to_string()),
        None => state
            .fx
            .senators
            .iter()
            .filter(|(_, s)| s.party == party)
            .min_by_key(|(n, s)| (u32::from(s.corruption) + 3 * u32::from(s.shadow), n.as_str()))
            .map(|(n, _)| n.clone()),
    }
}

/// Puts corruption on a named senator in play (a finance audit, a Justice
/// minister dishonoured), with the compulsory conversion.
pub fn corrupt(state: &mut GdState, senator: &str, amount: u8, why: CorruptionWhy, events: &mut Vec<Event>) {
    if let Some(s) = state.fx.senators.get_mut(senator) {
        add_corruption(s, amount);
        events.push(Event::Corruption { senator: senator.to_string(), amount, why, shadows_now: s.shadow, corruption_now: s.corruption });
    }
}

/// One sample of each message of this module and of the senate's steps,
/// for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all = vec![
        Msg::new("galactic-destiny-no-mirror").arg("party", "POP"),
        Msg::new("galactic-destiny-deal-unknown").arg("deal", 1i64),
        Msg::new("galactic-destiny-shadow-needs-three").arg("senator", "Fola"),
        Msg::new("galactic-destiny-not-prime-minister"),
        Msg::new("galactic-destiny-free-trade-senate-only"),
        Msg::new("galactic-destiny-trade-parties"),
        Msg::new("galactic-destiny-fleet-cap").arg("party", "POP").arg("max", 10i64),
        Msg::new("galactic-destiny-lacks-sector").arg("party", "POP").arg("sector", 12i64),
        Msg::new("galactic-destiny-lacks-senator").arg("party", "POP").arg("senator", "Fola"),
        Msg::new("galactic-destiny-lacks-card").arg("party", "POP").arg("card", "Feint"),
        Msg::new("galactic-destiny-lacks-fleets").arg("party", "POP").arg("count", 2i64).arg("sector", 12i64),
    ];
    for r in [Resource::Money, Resource::Influence] {
        all.push(lacks(PartyId::Pop, r, 3));
    }
    for l in Law::examples() {
        all.push(Msg::new("galactic-destiny-law-not-binding").arg("law", law_name("gd-law-", l)));
    }
    all.extend(super::senate::voting::samples());
    all
}

#[cfg(test)]
#[path = "common_tests.rs"]
mod tests;
