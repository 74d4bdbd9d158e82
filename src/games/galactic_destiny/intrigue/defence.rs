//! "Compétences corrompues de ministère." — the Defence minister's corrupt
//! redeployment ("Ministre de la défense. Placez 1 jeton de corruption sur
//! le ministre et redéployez les flottes de la république comme vous le
//! souhaitez … y compris envahir un secteur (s) pour vous-même"), which
//! "fonctionne aussi comme une carte \"Feint\"" ("Les flottes de la
//! république."; design note §2.2, §3.1; RULINGS, "the Feint round").
//!
//! Written in B (`CORROMPU DEFENSE 1` and one `FLOTTE-REPUBLIQUE` line of
//! new groups, orders/defence.rs), sealed until B closes; then, before the
//! Feint cards ([`super::feint::play`]): the minister (still holding
//! Defence, still fresh) uses his action and takes 1 corruption; the
//! Republic's declarations of the turn are cancelled (its fleets back where
//! the vote took them from, its invasions withdrawn; admirals sent stay
//! exhausted); the Republic declares first from the new groups. An
//! attacking group invades any sector, for the minister's party with
//! `PRISE`, for neutrality without; its invasion's 2 corruption go on the
//! admiral who leads it, else on the minister ("DOIT aller sur le
//! ministre"); an attack for neutrality on an infested or rebel sector is
//! the Republic's own business and costs none (G50). Then the Feint
//! players' F windows, if any, then B′.

use std::collections::BTreeMap;

use super::super::common;
use super::super::components::{PartyId, SectorNo};
use super::super::events::{CorruptionWhy, Event};
use super::super::model::{FleetGroup, GdState, REPUBLIC_HOME};
use super::super::orders::{Order, Orders};
use super::super::senate::Ministry;
use super::battle::{Force, Stake};
use super::invasions::{move_republic, Corrupted, Declaration, INVASION_CORRUPTION};

/// "Placez 1 jeton de corruption sur le ministre".
pub const REDEPLOY_TOKENS: u8 = 1;

/// Where the Republic's fleets stand once the turn's recorded moves are
/// undone (as many as are still where they went): the origins the new
/// groups take them from.
pub fn before_moves(state: &GdState) -> BTreeMap<SectorNo, u8> {
    let mut at = state.republic_at.clone();
    for (from, to, n) in state.intrigue.invasions.republic_moves.iter().rev() {
        let k = (*n).min(at.get(to).copied().unwrap_or(0));
        if k == 0 {
            continue;
        }
        if let Some(x) = at.get_mut(to) {
            *x -= k;
            if *x == 0 {
                at.remove(to);
            }
        }
        *at.entry(*from).or_default() += k;
    }
    at
}

/// The Defence minister fit to act for `p`: `p` holds Defence and its
/// senator there is fresh.
fn minister(state: &GdState, p: PartyId) -> Result<String, crate::i18n::Msg> {
    let Some(m) = state.ministries.get(&Ministry::Defence).cloned().filter(|_| state.holder(Ministry::Defence) == Some(p)) else {
        return Err(crate::msg!("gd-order-refused-no-ministry", ministry = crate::msg!("gd-order-ministry", ministry = "defence")));
    };
    let fresh = state.fx.senators.get(&m).is_some_and(|s| s.party == p && !s.exhausted && !s.seduced) && !state.recruited.contains(&m);
    if fresh {
        Ok(m)
    } else {
        Err(crate::msg!("gd-pow-actor-unfit", senator = m.as_str()))
    }
}

/// Plays the redeployment written in B when it closes; true when one was
/// carried out (then no battle is fought in B: the F windows, if any, and
/// B′ follow). A line that cannot be carried out any more is said to its
/// party.
pub fn redeploy(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) -> bool {
    let order: Vec<PartyId> = state.initiative.iter().copied().filter(|p| orders.contains_key(p)).collect();
    for p in order {
        let lines = &orders[&p].lines;
        let Some(skill) = lines.iter().find(|o| matches!(o, Order::CorruptSkill { ministry: Ministry::Defence, .. })) else { continue };
        let new = lines.iter().find_map(|o| match o {
            Order::Redeploy { groups, claims } => Some((groups.clone(), claims.clone())),
            _ => None,
        });
        let fit = minister(state, p).and_then(|m| new.clone().map(|n| (m, n)).ok_or_else(|| crate::msg!("gd-def-unexecuted-no-groups")));
        let (m, (groups, claims)) = match fit {
            Ok(x) => x,
            Err(reason) => {
                let order = super::super::orders::words::line_in(state, skill, false);
                events.push(Event::Unexecuted { party: p, order, reason });
                continue;
            }
        };
        if let Some(s) = state.fx.senators.get_mut(&m) {
            s.exhausted = true;
        }
        let (cancelled, fleets_back) = cancel(state);
        events.push(Event::RepublicRedeployed { party: p, minister: m.clone(), cancelled, fleets_back });
        common::corrupt(state, &m, REDEPLOY_TOKENS, CorruptionWhy::CorruptSkill { ministry: Ministry::Defence }, events);
        declare(state, p, &m, &groups, &claims, events);
        state.intrigue.invasions.feint.redeployed = Some(p);
        return true;
    }
    false
}

/// The Republic's declarations of the turn cancelled: its moves undone (as
/// many as are still there), its invasions withdrawn, its patrols' admirals
/// dismissed (still exhausted). Returns the sectors it no longer invades
/// and the fleets moved back.
fn cancel(state: &mut GdState) -> (Vec<SectorNo>, u32) {
    let d = &mut state.intrigue.invasions;
    let moves = std::mem::take(&mut d.republic_moves);
    let (withdrawn, kept): (Vec<Declaration>, Vec<Declaration>) = std::mem::take(&mut d.invasions).into_iter().partition(|x| x.force == Force::Republic);
    d.invasions = kept;
    d.patrol_admirals.clear();
    let mut back = 0u32;
    for (from, to, n) in moves.iter().rev() {
        let k = (*n).min(state.republic_at.get(to).copied().unwrap_or(0));
        if k > 0 {
            move_republic(state, *to, *from, k);
            back += u32::from(k);
        }
    }
    (withdrawn.iter().map(|x| x.sector).collect(), back)
}

/// The Republic declares first from the minister's groups (module
/// documentation). Fleets a group brought somewhere do not move again.
fn declare(state: &mut GdState, p: PartyId, minister: &str, groups: &[FleetGroup], claims: &[SectorNo], events: &mut Vec<Event>) {
    let mut arrived: BTreeMap<SectorNo, u8> = BTreeMap::new();
    for g in groups {
        let from = g.from.unwrap_or(REPUBLIC_HOME);
        let free = state.republic_at.get(&from).copied().unwrap_or(0).saturating_sub(arrived.get(&from).copied().unwrap_or(0));
        let count = g.count.min(free);
        let short = g.count - count;
        if count > 0 && from != g.to {
            move_republic(state, from, g.to, count);
            state.intrigue.invasions.republic_moves.push((from, g.to, count));
        }
        *arrived.entry(g.to).or_default() += count;
        let attack = g.attack && count > 0;
        // The admiral named goes if he can (no senate law broken if not).
        let admiral = g.admiral.clone().filter(|a| count > 0 && !super::super::rebellion::is_rebel_senator(state, a) && state.fx.senators.get(a).is_some_and(|s| !s.exhausted && !s.seduced));
        if let Some(s) = admiral.as_ref().and_then(|a| state.fx.senators.get_mut(a)) {
            s.exhausted = true;
        }
        let claim = attack && claims.contains(&g.to);
        events.push(Event::RepublicRedeclared { party: p, from, to: g.to, count, short, attack, admiral: admiral.clone(), claim });
        if count == 0 {
            continue;
        }
        if !attack {
            if let Some(a) = admiral {
                state.intrigue.invasions.patrol_admirals.entry(g.to).or_insert(a);
            }
            continue;
        }
        if let Some(x) = state.intrigue.invasions.invasions.iter_mut().find(|x| x.sector == g.to && x.force == Force::Republic) {
            x.fleets += count;
            if x.admiral.is_none() {
                x.admiral = admiral;
            }
            continue;
        }
        let republics_own = state.fx.sectors.get(&g.to).is_some_and(|s| s.infested) || super::super::rebellion::rebel_sector(state, g.to);
        let corrupted = if claim || !republics_own {
            let on = admiral.clone().unwrap_or_else(|| minister.to_string());
            let before = state.fx.senators.get(&on).map_or(0, |x| x.shadow);
            common::corrupt(state, &on, INVASION_CORRUPTION, CorruptionWhy::Invasion { sector: g.to }, events);
            let shadows = state.fx.senators.get(&on).map_or(0, |x| x.shadow).saturating_sub(before);
            Some(Corrupted { senator: on, amount: INVASION_CORRUPTION, shadows })
        } else {
            None
        };
        let stake = if claim { Stake::Claim(p) } else { Stake::Neutral };
        state.intrigue.invasions.invasions.push(Declaration { sector: g.to, force: Force::Republic, fleets: count, admiral, stake, corrupted });
    }
}

/// The simulated party's redeployment in B, now and then (1 in 6): when
/// its fresh Defence minister has under 2 corruption, every Republic fleet
/// at home (once the turn's moves are undone) attacks the sector of
/// another party with the most fleets there it can outnumber, for itself.
pub fn robot(state: &GdState, p: PartyId, dice: &mut crate::dice::Dice) -> Vec<Order> {
    if !state.settings.corrupt_skills || state.phase != super::super::model::Phase::Battles {
        return Vec::new();
    }
    let fit = minister(state, p).ok().filter(|m| state.fx.senators.get(m).is_some_and(|x| x.corruption < 2));
    let home = before_moves(state).get(&REPUBLIC_HOME).copied().unwrap_or(0);
    if fit.is_none() || home == 0 {
        return Vec::new();
    }
    let target = state
        .fx
        .sectors
        .iter()
        .filter(|(n, x)| x.owner.is_some_and(|o| o != p) && !super::super::rebellion::rebel_sector(state, **n))
        .map(|(n, _)| (state.fleets.get(n).map_or(0, |m| m.values().map(|k| u32::from(*k)).sum::<u32>()), *n))
        .filter(|(k, _)| *k < u32::from(home))
        .max();
    let Some((_, to)) = target else { return Vec::new() };
    if !dice.chance_in_6(1, "joueur simulé", "redéploiement de la flotte de la république") {
        return Vec::new();
    }
    vec![
        Order::CorruptSkill { ministry: Ministry::Defence, tokens: REDEPLOY_TOKENS, target: None },
        Order::Redeploy { groups: vec![FleetGroup { to, count: home, from: None, attack: true, admiral: None }], claims: vec![to] },
    ]
}

/// The redeployment's events in words; None for the others.
pub fn event_msg(e: &Event) -> Option<crate::i18n::Msg> {
    use crate::msg;
    Some(match e {
        Event::RepublicRedeployed { party, minister, cancelled, fleets_back } => msg!(
            "gd-ev-republic-redeployed",
            party = party.sigle(),
            senator = minister.as_str(),
            invasions = cancelled.len(),
            sectors = cancelled.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", "),
            fleets = *fleets_back,
        ),
        Event::RepublicRedeclared { party, from, to, count, short, attack, admiral, claim } => msg!(
            "gd-ev-republic-redeclared",
            from = *from,
            to = *to,
            count = *count,
            short = *short,
            attack = if *attack { "yes" } else { "no" },
            admiral = admiral.clone().unwrap_or_else(|| "none".into()),
            claim = if *claim { party.sigle() } else { "none" },
        ),
        _ => return None,
    })
}

/// One sample of every message of the redeployment, for the catalogue
/// check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    use crate::msg;
    let p = PartyId::Pop;
    let mut all: Vec<crate::i18n::Msg> = [
        Event::RepublicRedeployed { party: p, minister: "Fola".into(), cancelled: vec![50], fleets_back: 3 },
        Event::RepublicRedeployed { party: p, minister: "Fola".into(), cancelled: vec![], fleets_back: 0 },
        Event::RepublicRedeclared { party: p, from: 1, to: 12, count: 3, short: 1, attack: true, admiral: Some("Jemak".into()), claim: true },
        Event::RepublicRedeclared { party: p, from: 1, to: 12, count: 3, short: 0, attack: false, admiral: None, claim: false },
    ]
    .iter()
    .filter_map(event_msg)
    .collect();
    for id in ["gd-def-refused-step", "gd-def-refused-tokens", "gd-def-refused-once", "gd-def-refused-no-skill", "gd-def-note-redeploy", "gd-def-unexecuted-no-groups"] {
        all.push(crate::i18n::Msg::new(id.to_string()));
    }
    all.push(msg!("gd-def-refused-claim-no-attack", sector = 12));
    all.push(msg!("gd-def-note-skill", senator = "Fola"));
    all
}

#[cfg(test)]
#[path = "defence_tests.rs"]
mod tests;
