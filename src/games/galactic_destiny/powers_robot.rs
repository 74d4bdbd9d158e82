//! The simulated party's use of the skills, sector abilities and corrupt
//! ministry skills ([`super::powers`]), now and then and within its means:
//! in S1 (no campaign or admiral competes there for a senator's action) it
//! spies on the leader (most sectors), sabotages a lone fleet of another
//! party next to its starting sector, cleanses its own corrupt senators,
//! looks at the leader's hand on the black market, consults the augury,
//! and diverts money or influence as Finance or Interior minister when
//! short; in P it buys an indulgence for its own senator with a shadow,
//! and [`wanted_recruit`] tells the purchases which waiting senator with
//! such a skill to recruit first.
//!
//! Like [`super::sample`], it reads only what its party may know: the
//! public board, senators and ministries, the card file, its own hand.

use crate::dice::Dice;

use super::components::board::Ability;
use super::components::{PartyId, SectorNo, Skill};
use super::model::{GdState, Phase};
use super::orders::Order;
use super::powers::{fleets_at, CLEANSE_COST, INDULGENCE_COST, SABOTAGE_COST, SPY_COST, SPY_DISCARD_COST};
use super::senate::Ministry;

/// Mixed into the dice label of the simulated player's choices.
const RULE: &str = "joueur simulé";
/// What the party keeps for its purchases before paying for a skill.
const KEPT: u32 = 6;
/// Below this much money (Finance) or influence (Interior) a minister
/// takes the corrupt skill's 2 tokens.
const LOW: u32 = 8;

fn money(s: &GdState, p: PartyId) -> u32 {
    s.fx.parties.get(&p).map_or(0, |x| u32::from(x.money))
}

fn influence(s: &GdState, p: PartyId) -> u32 {
    s.fx.parties.get(&p).map_or(0, |x| u32::from(x.influence))
}

/// The party's fresh senators with that skill, by name.
fn fresh_with(s: &GdState, p: PartyId, skills: &[Skill]) -> Vec<String> {
    s.senators_of(p)
        .filter(|n| s.components.senator(n).and_then(|c| c.skill).is_some_and(|k| skills.contains(&k)) && !s.fx.senators[*n].exhausted && !s.recruited.contains(*n))
        .cloned()
        .collect()
}

/// The party that leads the race for ten sectors, other than `p`.
fn leader(s: &GdState, p: PartyId) -> Option<PartyId> {
    s.parties().filter(|q| *q != p).max_by_key(|q| (s.sectors_of(*q).len(), *q))
}

fn owns(s: &GdState, p: PartyId, a: Ability) -> Option<SectorNo> {
    let n = s.components.board.sector_of(a)?;
    (s.fx.sectors.get(&n).and_then(|x| x.owner) == Some(p) && !s.intrigue.powers.used.contains(&n)).then_some(n)
}

/// A lone fleet of another party on a sector next to the party's starting
/// sector (or on it), if the party still owns it: (sector, its party).
fn lone_threat(s: &GdState, p: PartyId) -> Option<(SectorNo, PartyId)> {
    let home = s.components.party(p)?.start_sector;
    if s.fx.sectors.get(&home).and_then(|x| x.owner) != Some(p) {
        return None;
    }
    let near: Vec<SectorNo> = std::iter::once(home).chain(s.components.board.neighbours(home)).collect();
    near.into_iter().find_map(|n| {
        let others: Vec<PartyId> = s.fleets.get(&n)?.iter().filter(|(q, c)| **q != p && **c > 0).map(|(q, _)| *q).collect();
        match others.as_slice() {
            [q] if fleets_at(s, n, Some(*q)) == 1 => Some((n, *q)),
            _ => None,
        }
    })
}

/// The skills' and abilities' lines of the simulated party for the step.
pub fn orders(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    match s.phase {
        Phase::Filing => senate(s, p, dice),
        Phase::Purchases => indulgence(s, p).into_iter().collect(),
        _ => Vec::new(),
    }
}

fn senate(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut v = Vec::new();
    let mut spent = 0u32;
    let target = leader(s, p);
    if let (Some(t), Some(spy)) = (target, fresh_with(s, p, &[Skill::Espion, Skill::MaitreEnEspionnage]).first()) {
        let master = s.components.senator(spy).and_then(|c| c.skill) == Some(Skill::MaitreEnEspionnage);
        if money(s, p) >= SPY_COST + KEPT && dice.chance_in_6(3, RULE, "espionner le meneur") {
            // A master names a card worth losing for the leader: the
            // assassination, when he can pay for it too.
            let discard = if master && money(s, p) >= SPY_COST + SPY_DISCARD_COST + KEPT { vec!["Assassinat".to_string()] } else { Vec::new() };
            spent += SPY_COST + SPY_DISCARD_COST * discard.len() as u32;
            v.push(Order::Spy { senator: spy.clone(), target: t, discard });
        }
    }
    if let (Some((sector, q)), Some(saboteur)) = (lone_threat(s, p), fresh_with(s, p, &[Skill::Saboteur]).first()) {
        if money(s, p) >= spent + SABOTAGE_COST + KEPT {
            spent += SABOTAGE_COST;
            v.push(Order::Sabotage { senator: saboteur.clone(), sector, victim: Some(q) });
        }
    }
    if let Some(priest) = fresh_with(s, p, &[Skill::LeaderReligieux]).first() {
        let worst = s.senators_of(p).filter(|n| s.fx.senators[*n].corruption >= 2).max_by_key(|n| (s.fx.senators[*n].corruption, (*n).clone()));
        if let Some(target) = worst {
            let n = u32::from(s.fx.senators[target].corruption).min(influence(s, p).saturating_sub(KEPT) / CLEANSE_COST);
            if n > 0 {
                v.push(Order::Cleanse { senator: priest.clone(), target: target.clone(), amount: n as u8 });
            }
        }
    }
    if let (Some(t), Some(_)) = (target, owns(s, p, Ability::DonneesDuMarcheNoir)) {
        v.push(Order::BlackMarket { target: t });
    }
    if let (Some(t), Some(_)) = (target, owns(s, p, Ability::AugureAleatoire)) {
        let cards = &s.components.actions;
        if let Some(i) = dice.pick_index(cards.len(), RULE, "carte nommée à l'augure") {
            v.push(Order::Augury { target: t, card: cards[i].name_fr.clone() });
        }
    }
    if s.settings.corrupt_skills {
        for (m, short) in [(Ministry::Finance, money(s, p) < spent + LOW), (Ministry::Interior, influence(s, p) < LOW)] {
            let Some(minister) = s.ministries.get(&m).filter(|n| s.fx.senators.get(*n).is_some_and(|x| x.party == p && !x.exhausted && x.corruption < 2)) else { continue };
            if short && !s.recruited.contains(minister) && !v.iter().any(|o| matches!(o, Order::Spy { senator, .. } | Order::Sabotage { senator, .. } | Order::Cleanse { senator, .. } if senator == minister)) {
                v.push(Order::CorruptSkill { ministry: m, tokens: 2, target: None });
            }
        }
    }
    v
}

/// P: the waiting senator the party would rather recruit, affordable
/// with `cash`: one with a skill it uses as an action (Espion, Maître en
/// espionnage, Saboteur, Leader religieux), cheapest first.
pub fn wanted_recruit(s: &GdState, waiting: &[String], cash: u8) -> Option<String> {
    const USED: [Skill; 4] = [Skill::Espion, Skill::MaitreEnEspionnage, Skill::Saboteur, Skill::LeaderReligieux];
    waiting
        .iter()
        .filter_map(|n| s.components.senator(n).filter(|c| c.skill.is_some_and(|k| USED.contains(&k)) && c.cost <= cash).map(|c| (c.cost, n)))
        .min()
        .map(|(_, n)| n.clone())
}

/// P: sector 8 buys off a shadow on the party's own senator.
fn indulgence(s: &GdState, p: PartyId) -> Option<Order> {
    owns(s, p, Ability::IndulgencesAntique)?;
    if money(s, p) < INDULGENCE_COST + KEPT {
        return None;
    }
    let senator = s.senators_of(p).find(|n| s.fx.senators[*n].shadow > 0)?;
    Some(Order::Indulgence { senator: senator.clone() })
}
