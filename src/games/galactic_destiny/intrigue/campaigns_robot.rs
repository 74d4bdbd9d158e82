//! The simulated party's campaigns (`sample.rs` calls it for C and K):
//! legal, purposeful lines read from what its party may know — the public
//! board, the campaigns declared (public), its own treasury.
//!
//! - C: with a fresh senator, it campaigns where its roll is best against
//!   the sector's: a neutral sector first (nobody can back its roll), a
//!   marked one, next to its own sectors, showing the senator's race or its
//!   party's icon; not where "Acte d'intégrité vertueux" forbids it, and no
//!   more campaigns than "Liberté de parole et consulat de l'éducation"
//!   lets it pay for.
//! - K: it backs its campaigns with some influence and defends its own
//!   sectors campaigned by others, keeping a little for later.

use crate::dice::Dice;

use super::super::components::PartyId;
use super::super::model::{GdState, Law};
use super::super::orders::Order;
use super::campaigns::{self, EDUCATION_COST};

/// Mixed into the dice label of the simulated player's choices.
const RULE: &str = "joueur simulé";
/// Campaigns a simulated party declares in a turn at most.
const MOST: usize = 2;
/// Influence a simulated party keeps in K.
const KEPT: u8 = 2;

fn influence(s: &GdState, p: PartyId) -> u8 {
    s.fx.parties.get(&p).map_or(0, |x| x.influence)
}

/// C: the campaigns worth declaring.
pub fn declare(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut fresh: Vec<&String> = s.senators_of(p).filter(|n| s.fx.senators.get(*n).is_some_and(|x| !x.exhausted) && !s.recruited.contains(*n)).collect();
    fresh.sort_by_key(|n| (-campaigns::diplomacy(s, n), (*n).clone()));
    let integrity = s.law_binds(Law::Integrity, p);
    let education = s.law_binds(Law::Education, p);
    let mut budget = influence(s, p);
    let mut targets: Vec<(i64, u8)> = campaigns::reachable(s, p)
        .into_iter()
        .filter(|n| !s.intrigue.campaigns.campaigns.iter().any(|d| d.party == p && d.sector == *n))
        .filter_map(|n| {
            let owner = s.fx.sectors.get(&n).and_then(|x| x.owner);
            if integrity && owner.is_some() {
                return None;
            }
            let marked = s.fx.sectors.get(&n).is_some_and(|x| x.marked);
            let defence = i64::from(s.fx.defence(&s.components, n));
            // The owner may back its roll in K, and counts its neighbours.
            let backing = owner.map_or(0, |o| 2 + i64::from(campaigns::adjacency(s, o, n)));
            Some((-(defence + backing) + i64::from(marked) + i64::from(campaigns::adjacency(s, p, n)), n))
        })
        .collect();
    targets.sort_by_key(|(score, n)| (-score, *n));
    let mut v = Vec::new();
    for senator in fresh {
        if v.len() >= MOST || (education && budget < EDUCATION_COST) {
            break;
        }
        // Its best sector now, the senator's icons counted.
        let best = targets
            .iter()
            .enumerate()
            .map(|(i, (score, n))| {
                let c = campaigns::campaigner(s, p, senator, *n, 0);
                (score + c.modifier(), i)
            })
            .max_by_key(|(score, i)| (*score, -(*i as i64)));
        let Some((score, i)) = best else { break };
        // Not hopeless: its total should come near the sector's.
        if score < -1 || !dice.chance_in_6(5, RULE, "faire campagne") {
            continue;
        }
        let (_, sector) = targets.remove(i);
        if education {
            budget -= EDUCATION_COST;
        }
        v.push(Order::Campaign { sector, senator: senator.clone(), influence: 0 });
    }
    v
}

/// K: influence for its campaigns and its sectors campaigned by others.
pub fn canvass(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut sectors: Vec<u8> = Vec::new();
    for d in &s.intrigue.campaigns.campaigns {
        let owner = s.fx.sectors.get(&d.sector).and_then(|x| x.owner);
        if (d.party == p || owner == Some(p)) && !sectors.contains(&d.sector) {
            sectors.push(d.sector);
        }
    }
    let mut budget = influence(s, p).saturating_sub(KEPT);
    let mut v = Vec::new();
    let n = sectors.len() as u32;
    for sector in sectors {
        let share = u32::from(budget) / n.max(1);
        if share == 0 {
            break;
        }
        let amount = dice.range(1, share.min(6), RULE, "influence en campagne") as u8;
        budget -= amount;
        v.push(Order::Influence { sector, amount });
    }
    v
}
