//! Skills, sector abilities and ministry powers used as actions outside
//! contests (issue #28; design note §1.11, §3.1): "Compétences de
//! sénateur." (Espion, Maître en espionnage, Saboteur, Leader religieux),
//! "Compétences de secteur." (5 Données du marché noir, 8 Indulgences
//! antique, 33 Augure aléatoire) and "Compétences corrompues de
//! ministère." (Prime Minister, Interior, Finance; Justice has none; the
//! Defence minister's redeployment is the step machine's and is refused as
//! not refereed yet).
//!
//! [`resolve`] is called at the end of [`super::common::apply`], so in
//! every step after its assassinations, bank operations and trades and
//! before the step's own business (the senate's, an invasion window's, the
//! battles', the campaigns', the purchases'). Parties go in initiative
//! order (worst first), each party's lines in the order written; each line
//! is checked again against the state as it is then (the senator still the
//! party's, in play and fresh; the money or influence there; the sector
//! still owned; the fleet still there), and one that no longer holds is
//! reported to its party ([`Event::Unexecuted`]) and costs nothing.
//!
//! A senator's skill or a corrupt ministry skill is the senator's action
//! ("Sénateurs et actions"): he is exhausted. A sector ability is the
//! party's, once a game turn for the sector ("a once-a-turn ability used
//! this turn is not reusable by a new owner": [`Used`], emptied by the
//! galactic phase).
//!
//! The passive ones are applied where they act: Bureaucrate in the galactic
//! phase's income ([`super::galactic`]), Animal politique in the trials
//! ([`super::senate::voting`]), 10 Réseau d'information in the initiative
//! ([`super::senate::initiative`]).
//!
//! Hidden information (design note §7, G48): what a look at a hand saw
//! ([`Event::HandSeen`]) is read by the looking party alone; the cards a
//! Maître en espionnage discarded by the two parties; the card an augury
//! named by the augur alone unless it was given. The public learns who
//! looked at whose hand, how many cards were discarded, whether a card
//! changed hands — what a table would see.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;
use crate::msg;

use super::common::{self, in_initiative, lacks};
use super::components::board::Ability;
use super::components::effects::Resource;
use super::components::{PartyId, SectorNo, Skill};
use super::events::{CorruptionWhy, Event};
use super::galactic::gain;
use super::model::{GdState, Phase};
use super::orders::{Order, Orders};
use super::senate::Ministry;

/// "Espion", "Maître en espionnage": 4 money to look at a hand.
pub const SPY_COST: u32 = 4;
/// "Maître en espionnage": 4 money per card discarded.
pub const SPY_DISCARD_COST: u32 = 4;
/// "Saboteur": 6 money, one fleet.
pub const SABOTAGE_COST: u32 = 6;
/// "Leader religieux": 2 influence per corruption removed.
pub const CLEANSE_COST: u32 = 2;
/// "Indulgences antique": 10 money, one shadow.
pub const INDULGENCE_COST: u32 = 10;
/// "Compétences corrompues de ministère.": at most 5 tokens…
pub const CORRUPT_MAX: u8 = 5;
/// … each worth 3 influence or money.
pub const CORRUPT_RATE: u8 = 3;

/// The sector abilities used this game turn (the sectors' numbers).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Used {
    #[serde(default)]
    pub used: BTreeSet<SectorNo>,
}

/// "En bonne position dans le sénat": every party in play but the rebel
/// (it left the senate, "La rébellion").
pub fn in_good_standing(state: &GdState, p: PartyId) -> bool {
    state.fx.parties.contains_key(&p) && !super::rebellion::is_rebel(state, p)
}

/// Whether `senator` may sabotage: the Saboteur skill, or a rebel's
/// senator ("Tous les sénateurs rebelles gagnent la compétence de
/// saboteur").
pub fn can_sabotage(state: &GdState, senator: &str) -> bool {
    skill(state, senator) == Some(Skill::Saboteur) || super::rebellion::is_rebel_senator(state, senator)
}

fn skill(state: &GdState, senator: &str) -> Option<Skill> {
    state.components.senator(senator).and_then(|c| c.skill)
}

/// The fleets of `victim` (None: the Republic) in `sector` now.
pub fn fleets_at(state: &GdState, sector: SectorNo, victim: Option<PartyId>) -> u8 {
    match victim {
        Some(p) => state.fleets.get(&sector).and_then(|m| m.get(&p)).copied().unwrap_or(0),
        None => state.republic_at.get(&sector).copied().unwrap_or(0),
    }
}

/// A party or the Republic, in words.
pub fn force_word(victim: Option<PartyId>) -> Msg {
    msg!("gd-pow-force", party = victim.map_or("republic", |p| p.sigle()))
}

/// The owner of a sector ability now, and its sector.
fn ability_owner(state: &GdState, a: Ability) -> (Option<PartyId>, SectorNo) {
    let n = state.components.board.sector_of(a).unwrap_or_default();
    (state.fx.sectors.get(&n).and_then(|s| s.owner), n)
}

/// Whether `senator` is `p`'s, in play and fresh (not exhausted, not
/// recruited this turn).
fn fresh(state: &GdState, p: PartyId, senator: &str) -> bool {
    state.fx.senators.get(senator).is_some_and(|s| s.party == p && !s.exhausted) && !state.recruited.contains(senator)
}

fn have(state: &GdState, p: PartyId, r: Resource) -> u32 {
    state.fx.parties.get(&p).map_or(0, |x| u32::from(x.get(r)))
}

fn pay(state: &mut GdState, p: PartyId, r: Resource, amount: u32) {
    if let Some(x) = state.fx.parties.get_mut(&p) {
        let slot = match r {
            Resource::Money => &mut x.money,
            Resource::Influence => &mut x.influence,
        };
        *slot = slot.saturating_sub(u8::try_from(amount).unwrap_or(u8::MAX));
    }
}

fn exhaust(state: &mut GdState, senator: &str) {
    if let Some(s) = state.fx.senators.get_mut(senator) {
        s.exhausted = true;
    }
}

/// The party's hand, sorted (its order says nothing).
fn hand(state: &GdState, p: PartyId) -> Vec<String> {
    let mut v = state.fx.parties.get(&p).map(|x| x.hand.clone()).unwrap_or_default();
    v.sort();
    v
}

/// Takes one copy of `card` out of `p`'s hand, if there.
fn take_card(state: &mut GdState, p: PartyId, card: &str) -> bool {
    let Some(x) = state.fx.parties.get_mut(&p) else { return false };
    match x.hand.iter().position(|c| c == card) {
        Some(i) => {
            x.hand.remove(i);
            true
        }
        None => false,
    }
}

/// Why a line of this module cannot be carried out, or `Ok` after it was.
type Outcome = Result<(), Msg>;

/// Plays the step's skills, abilities and corrupt ministry skills (module
/// documentation).
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) {
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            let done = match line {
                Order::Spy { senator, target, discard } => spy(state, p, senator, *target, discard, events),
                Order::Sabotage { senator, sector, victim } => sabotage(state, p, senator, *sector, *victim, events),
                Order::Cleanse { senator, target, amount } => cleanse(state, p, senator, target, *amount, events),
                Order::BlackMarket { target } => black_market(state, p, *target, events),
                Order::Augury { target, card } => augury(state, p, *target, card, events),
                Order::Indulgence { senator } => indulgence(state, p, senator, events),
                // The Defence minister's is played when B closes
                // (intrigue::defence).
                Order::CorruptSkill { ministry: Ministry::Defence, .. } => continue,
                Order::CorruptSkill { ministry, tokens, target } => corrupt_skill(state, p, *ministry, *tokens, *target, events),
                _ => continue,
            };
            if let Err(reason) = done {
                let order = super::orders::lines(state, &Orders { lines: vec![line.clone()], defaulted: false }).concat();
                events.push(Event::Unexecuted { party: p, order, reason });
            }
        }
    }
}

/// The acting senator still fit: `p`'s, fresh, with one of `skills`.
fn actor(state: &GdState, p: PartyId, senator: &str, fit: bool) -> Outcome {
    if fresh(state, p, senator) && fit {
        Ok(())
    } else {
        Err(msg!("gd-pow-actor-unfit", senator = senator))
    }
}

fn afford(state: &GdState, p: PartyId, r: Resource, amount: u32) -> Outcome {
    if have(state, p, r) >= amount {
        Ok(())
    } else {
        Err(lacks(p, r, amount))
    }
}

/// A sector ability `p` owns and nobody has used this turn: marked used.
fn use_ability(state: &mut GdState, p: PartyId, a: Ability) -> Outcome {
    let (owner, sector) = ability_owner(state, a);
    if owner != Some(p) {
        return Err(msg!("gd-pow-refused-ability-not-owned", sector = sector));
    }
    if !state.intrigue.powers.used.insert(sector) {
        return Err(msg!("gd-pow-refused-ability-used", sector = sector));
    }
    Ok(())
}

/// "Espion." / "Maître en espionnage.": 4 money, a look at the target's
/// hand; the master then discards each card named that is there, 4 money
/// each, as long as the party can pay.
fn spy(state: &mut GdState, p: PartyId, senator: &str, target: PartyId, discard: &[String], events: &mut Vec<Event>) -> Outcome {
    let k = skill(state, senator);
    actor(state, p, senator, matches!(k, Some(Skill::Espion | Skill::MaitreEnEspionnage)))?;
    afford(state, p, Resource::Money, SPY_COST)?;
    pay(state, p, Resource::Money, SPY_COST);
    exhaust(state, senator);
    let seen = hand(state, target);
    let mut paid = SPY_COST;
    let mut dropped = Vec::new();
    if k == Some(Skill::MaitreEnEspionnage) {
        for c in discard {
            if have(state, p, Resource::Money) >= SPY_DISCARD_COST && take_card(state, target, c) {
                pay(state, p, Resource::Money, SPY_DISCARD_COST);
                paid += SPY_DISCARD_COST;
                state.fx.action_discard.push(c.clone());
                dropped.push(c.clone());
            }
        }
        state.fx.action_discard.sort();
    }
    events.push(Event::Spied { party: p, senator: senator.to_string(), target, paid: paid as u8, discarded: dropped.len() as u8 });
    events.push(Event::HandSeen { party: p, target, cards: seen });
    if !dropped.is_empty() {
        events.push(Event::HandDiscarded { party: p, target, cards: dropped });
    }
    Ok(())
}

/// "Saboteur.": 6 money, one fleet of the victim's destroyed where it is.
fn sabotage(state: &mut GdState, p: PartyId, senator: &str, sector: SectorNo, victim: Option<PartyId>, events: &mut Vec<Event>) -> Outcome {
    actor(state, p, senator, can_sabotage(state, senator))?;
    if fleets_at(state, sector, victim) == 0 {
        return Err(msg!("gd-pow-refused-no-fleet", sector = sector, party = force_word(victim)));
    }
    afford(state, p, Resource::Money, SABOTAGE_COST)?;
    pay(state, p, Resource::Money, SABOTAGE_COST);
    exhaust(state, senator);
    destroy_fleet(state, sector, victim);
    events.push(Event::Sabotaged { party: p, senator: senator.to_string(), sector, victim, paid: SABOTAGE_COST as u8 });
    Ok(())
}

/// One fleet of `victim` (None: the Republic) in `sector` destroyed: off
/// the board (a party's moved this turn counted so no longer).
pub fn destroy_fleet(state: &mut GdState, sector: SectorNo, victim: Option<PartyId>) {
    match victim {
        Some(v) => {
            let Some(m) = state.fleets.get_mut(&sector) else { return };
            let left = match m.get_mut(&v) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    *n
                }
                _ => return,
            };
            if left == 0 {
                m.remove(&v);
            }
            if m.is_empty() {
                state.fleets.remove(&sector);
            }
            if let Some(c) = state.intrigue.invasions.committed.get_mut(&sector).and_then(|m| m.get_mut(&v)) {
                *c = (*c).min(left);
            }
        }
        None => {
            let Some(n) = state.republic_at.get_mut(&sector).filter(|n| **n > 0) else { return };
            *n -= 1;
            state.republic_at.retain(|_, c| *c > 0);
            state.fx.republic_fleets = state.fx.republic_fleets.saturating_sub(1);
        }
    }
}

/// "Leader religieux.": 2 influence per corruption removed from the
/// target (never a shadow, G23); as many as he has left, at most `amount`.
fn cleanse(state: &mut GdState, p: PartyId, senator: &str, target: &str, amount: u8, events: &mut Vec<Event>) -> Outcome {
    actor(state, p, senator, skill(state, senator) == Some(Skill::LeaderReligieux))?;
    let has = state.fx.senators.get(target).map(|s| s.corruption).ok_or_else(|| msg!("gd-attempt-target-gone", senator = target))?;
    let n = amount.min(has);
    if n == 0 {
        return Err(msg!("gd-pow-refused-cleanse", senator = target, corruption = has));
    }
    let cost = CLEANSE_COST * u32::from(n);
    afford(state, p, Resource::Influence, cost)?;
    pay(state, p, Resource::Influence, cost);
    exhaust(state, senator);
    if let Some(s) = state.fx.senators.get_mut(target) {
        s.corruption -= n;
    }
    events.push(Event::Cleansed { party: p, senator: senator.to_string(), target: target.to_string(), amount: n, paid: cost as u8 });
    Ok(())
}

/// "Données du marché noir." (sector 5): a look at a hand, once a turn.
fn black_market(state: &mut GdState, p: PartyId, target: PartyId, events: &mut Vec<Event>) -> Outcome {
    use_ability(state, p, Ability::DonneesDuMarcheNoir)?;
    events.push(Event::BlackMarketLook { party: p, target });
    events.push(Event::HandSeen { party: p, target, cards: hand(state, target) });
    Ok(())
}

/// "Augure aléatoire." (sector 33): a card named; if the target holds it,
/// it gives it. The use is spent either way (RULINGS).
fn augury(state: &mut GdState, p: PartyId, target: PartyId, card: &str, events: &mut Vec<Event>) -> Outcome {
    use_ability(state, p, Ability::AugureAleatoire)?;
    let given = take_card(state, target, card);
    if given {
        if let Some(x) = state.fx.parties.get_mut(&p) {
            x.hand.push(card.to_string());
        }
    }
    events.push(Event::Augury { party: p, target, given });
    events.push(Event::AuguryNamed { party: p, target, card: card.to_string(), given });
    Ok(())
}

/// "Indulgences antique." (sector 8): in P, 10 money, one shadow removed
/// from a senator in play, once a turn.
fn indulgence(state: &mut GdState, p: PartyId, senator: &str, events: &mut Vec<Event>) -> Outcome {
    if state.phase != Phase::Purchases {
        return Err(msg!("gd-pow-indulgence-purchases"));
    }
    let shadow = state.fx.senators.get(senator).map(|s| s.shadow).ok_or_else(|| msg!("gd-attempt-target-gone", senator = senator))?;
    if shadow == 0 {
        return Err(msg!("gd-pow-refused-no-shadow", senator = senator));
    }
    afford(state, p, Resource::Money, INDULGENCE_COST)?;
    use_ability(state, p, Ability::IndulgencesAntique)?;
    pay(state, p, Resource::Money, INDULGENCE_COST);
    if let Some(s) = state.fx.senators.get_mut(senator) {
        s.shadow -= 1;
    }
    events.push(Event::ShadowRemoved { party: p, senator: senator.to_string(), paid: INDULGENCE_COST as u8 });
    Ok(())
}

/// "Compétences corrompues de ministère.": the minister's action, `tokens`
/// corruption on him; the Prime Minister takes 3 influence a token from a
/// party in good standing (what it has), the Interior minister extorts 3
/// influence a token, the Finance minister diverts 3 money a token (the
/// excess over 99 wasted).
fn corrupt_skill(state: &mut GdState, p: PartyId, ministry: Ministry, tokens: u8, target: Option<PartyId>, events: &mut Vec<Event>) -> Outcome {
    let minister = state.ministries.get(&ministry).cloned().filter(|_| state.holder(ministry) == Some(p));
    let Some(minister) = minister.filter(|_| state.settings.corrupt_skills && matches!(ministry, Ministry::PrimeMinister | Ministry::Interior | Ministry::Finance)) else {
        return Err(msg!("gd-order-refused-no-ministry", ministry = msg!("gd-order-ministry", ministry = ministry.code_en().to_ascii_lowercase())));
    };
    actor(state, p, &minister, true)?;
    let worth = u32::from(CORRUPT_RATE) * u32::from(tokens.min(CORRUPT_MAX));
    let amount = match (ministry, target) {
        (Ministry::PrimeMinister, Some(t)) if t != p && in_good_standing(state, t) => {
            let lost = worth.min(have(state, t, Resource::Influence));
            pay(state, t, Resource::Influence, lost);
            lost
        }
        (Ministry::PrimeMinister, _) => return Err(msg!("gd-pow-refused-not-in-good-standing", party = target.map_or("-", |t| t.sigle()))),
        (Ministry::Finance, _) => {
            let before = have(state, p, Resource::Money);
            gain(state, p, worth as u8, 0);
            have(state, p, Resource::Money) - before
        }
        _ => {
            let before = have(state, p, Resource::Influence);
            gain(state, p, 0, worth as u8);
            have(state, p, Resource::Influence) - before
        }
    };
    exhaust(state, &minister);
    events.push(Event::CorruptSkillUsed { party: p, minister: minister.clone(), ministry, tokens, target, amount: amount as u8 });
    common::corrupt(state, &minister, tokens, CorruptionWhy::CorruptSkill { ministry }, events);
    Ok(())
}

fn ministry_msg(m: Ministry) -> Msg {
    Msg::new(format!("gd-ministry-{}", m.code().to_lowercase()))
}

/// The words of this module's events (the views call it for them).
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::Spied { party, senator, target, paid, discarded } => {
            msg!("gd-ev-pow-spied", party = party.sigle(), senator = senator.as_str(), target = target.sigle(), paid = *paid, discarded = *discarded)
        }
        Event::BlackMarketLook { party, target } => msg!("gd-ev-pow-black-market", party = party.sigle(), target = target.sigle()),
        Event::HandSeen { target, cards, .. } => msg!("gd-ev-pow-hand-seen", target = target.sigle(), count = cards.len(), cards = cards.clone()),
        Event::HandDiscarded { party, target, cards } => msg!("gd-ev-pow-hand-discarded", party = party.sigle(), target = target.sigle(), cards = cards.clone()),
        Event::Augury { party, target, given } => msg!("gd-ev-pow-augury", party = party.sigle(), target = target.sigle(), given = if *given { "yes" } else { "no" }),
        Event::AuguryNamed { party, target, card, given } => {
            msg!("gd-ev-pow-augury-named", party = party.sigle(), target = target.sigle(), card = card.as_str(), given = if *given { "yes" } else { "no" })
        }
        Event::Sabotaged { party, senator, sector, victim, paid } => {
            msg!("gd-ev-pow-sabotaged", party = party.sigle(), senator = senator.as_str(), sector = *sector, victim = force_word(*victim), paid = *paid)
        }
        Event::Cleansed { party, senator, target, amount, paid } => {
            msg!("gd-ev-pow-cleansed", party = party.sigle(), senator = senator.as_str(), target = target.as_str(), amount = *amount, paid = *paid)
        }
        Event::ShadowRemoved { party, senator, paid } => msg!("gd-ev-pow-shadow-removed", party = party.sigle(), senator = senator.as_str(), paid = *paid),
        Event::CorruptSkillUsed { party, minister, ministry, tokens, target, amount } => msg!(
            "gd-ev-pow-corrupt-skill",
            party = party.sigle(),
            minister = minister.as_str(),
            ministry = ministry_msg(*ministry),
            kind = match ministry {
                Ministry::PrimeMinister => "pm",
                Ministry::Finance => "finance",
                _ => "interior",
            },
            tokens = *tokens,
            target = target.map_or("-", |t| t.sigle()),
            amount = *amount,
        ),
        _ => msg!("gd-none"),
    }
}

/// The words of a corrupt ministry skill's corruption.
pub fn why_msg(ministry: Ministry) -> Msg {
    msg!("gd-why-corrupt-skill", ministry = ministry_msg(ministry))
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let (a, b) = (PartyId::Gsp, PartyId::Pop);
    let events = [
        Event::Spied { party: a, senator: "Fola".into(), target: b, paid: 8, discarded: 1 },
        Event::BlackMarketLook { party: a, target: b },
        Event::HandSeen { party: a, target: b, cards: vec!["Feint".into()] },
        Event::HandSeen { party: a, target: b, cards: vec![] },
        Event::HandDiscarded { party: a, target: b, cards: vec!["Feint".into()] },
        Event::Augury { party: a, target: b, given: true },
        Event::Augury { party: a, target: b, given: false },
        Event::AuguryNamed { party: a, target: b, card: "Feint".into(), given: true },
        Event::AuguryNamed { party: a, target: b, card: "Feint".into(), given: false },
        Event::Sabotaged { party: a, senator: "Fola".into(), sector: 12, victim: Some(b), paid: 6 },
        Event::Sabotaged { party: a, senator: "Fola".into(), sector: 12, victim: None, paid: 6 },
        Event::Cleansed { party: a, senator: "Fola".into(), target: "Kaelin".into(), amount: 2, paid: 4 },
        Event::ShadowRemoved { party: a, senator: "Kaelin".into(), paid: 10 },
        Event::CorruptSkillUsed { party: a, minister: "Fola".into(), ministry: Ministry::PrimeMinister, tokens: 2, target: Some(b), amount: 6 },
        Event::CorruptSkillUsed { party: a, minister: "Fola".into(), ministry: Ministry::Interior, tokens: 2, target: None, amount: 6 },
        Event::CorruptSkillUsed { party: a, minister: "Fola".into(), ministry: Ministry::Finance, tokens: 2, target: None, amount: 6 },
    ];
    let mut v: Vec<Msg> = events.iter().map(event_msg).collect();
    v.push(why_msg(Ministry::Finance));
    v.push(force_word(None));
    v.push(force_word(Some(b)));
    v.push(msg!("gd-pow-actor-unfit", senator = "Fola"));
    v.push(msg!("gd-pow-indulgence-purchases"));
    v
}

#[cfg(test)]
#[path = "powers_tests.rs"]
mod tests;
