//! Phase 14: the return of the exploration expeditions (14).
//!
//! Phase 4 records each departed expedition in `state.cycle.expeditions`
//! (a ship a sabotage blew up at departure is marked `exploded`: its fate
//! and 14.7's −20 PP were settled there), counts it in the characters' and
//! the ship's records, and pays the lectures of those who stayed (4.9).

use std::collections::BTreeSet;

use crate::dice::Dice;
use crate::game::FamilyKey;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Captor, CharacterId, Controller, DeathCause, Expedition, Planet, PlanetKind, Pyramid, ShipFate, Training};
use super::p11_rebellions::capture;
use super::p04_expeditions::capsule_fate;
use super::TurnCtx;

pub use super::super::events::Discovery;

/// One row of the table of 14.1: the highest die for a colonisable planet,
/// the die for a Pouark planet, PP on a discovery, PP on a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscoveryRow {
    pub colonisable_up_to: u32,
    pub pouark_on: u32,
    pub pp_found: i64,
    pub pp_failed: i64,
}

/// 14.1: the row for `explorers` explorers.
pub fn discovery_row(explorers: u32) -> DiscoveryRow {
    match explorers {
        0 | 1 => DiscoveryRow { colonisable_up_to: 1, pouark_on: 2, pp_found: 10, pp_failed: -2 },
        2..=3 => DiscoveryRow { colonisable_up_to: 2, pouark_on: 3, pp_found: 8, pp_failed: -4 },
        4..=7 => DiscoveryRow { colonisable_up_to: 3, pouark_on: 4, pp_found: 6, pp_failed: -6 },
        8..=15 => DiscoveryRow { colonisable_up_to: 4, pouark_on: 5, pp_found: 4, pp_failed: -8 },
        // 16 and more: never fails ("-").
        _ => DiscoveryRow { colonisable_up_to: 5, pouark_on: 6, pp_found: 2, pp_failed: 0 },
    }
}

/// 14.1: what a die finds for a row.
pub fn discovery_of(row: DiscoveryRow, die: u32) -> Discovery {
    if die <= row.colonisable_up_to {
        Discovery::Colonisable
    } else if die == row.pouark_on {
        Discovery::Pouark
    } else {
        Discovery::Nothing
    }
}

/// A member's part in the PP of 14.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Captain,
    Explorer,
    /// Priests and escort warriors: half.
    Half,
}

/// 14.2–14.4: PP of one member. `base` is the row's figure (found or
/// failed); a double discovery doubles it, a Pouark planet halves it; the
/// captain gets double, priests and escort half. Ruling: computed exactly,
/// then rounded toward zero once (a priest of a 1-explorer Pouark find: 10/2/2 = 2).
pub fn member_pp(base: i64, role: Role, double: bool, pouark: bool) -> i64 {
    let mut num = base;
    let mut den = 1;
    if double {
        num *= 2;
    }
    if pouark {
        den *= 2;
    }
    match role {
        Role::Captain => num *= 2,
        Role::Explorer => {}
        Role::Half => den *= 2,
    }
    num / den
}

/// Names drawn by lot for a discovered planet when the captain proposed
/// none, or one already taken (14.8).
pub const PLANET_NAMES: &[&str] = &[
    "Aldébaran", "Bételgeuse", "Cassiopée", "Deneb", "Éridan", "Fomalhaut", "Gemma", "Hadar", "Izar", "Kochab",
    "Lyra", "Mira", "Nashira", "Orion", "Polaris", "Rigel", "Sadr", "Thuban", "Véga", "Wezen", "Zaurak", "Alcor",
    "Castor", "Pollux", "Procyon", "Régulus", "Spica", "Antarès", "Canopus", "Capella", "Mintaka", "Saïph",
    "Ankaa", "Diphda", "Enif", "Markab", "Schéat", "Algol", "Mirfak", "Tarazed",
];

/// The name of a new planet: the proposal if free, else by lot among the
/// free names of [`PLANET_NAMES`], else a number.
fn planet_name(ctx: &TurnCtx, dice: &mut Dice, proposal: Option<&str>, ship: &str) -> String {
    if let Some(p) = proposal {
        let k = crate::text::key(p);
        if !k.is_empty() && !ctx.state.planets.contains_key(&k) {
            return p.trim().to_string();
        }
    }
    let free: Vec<&str> = PLANET_NAMES.iter().copied().filter(|n| !ctx.state.planets.contains_key(&crate::text::key(n))).collect();
    match dice.pick(&free, |n| n.to_string(), "14.8", format!("name of the planet found by {ship}")) {
        Some(n) => n.to_string(),
        None => format!("Planète {}", ctx.state.planets.len() + 1),
    }
}

/// Phase 14.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let expeditions: Vec<Expedition> = ctx.state.cycle.expeditions.clone();
    for e in expeditions {
        return_of(ctx, dice, &e);
    }
}

/// The return of one expedition.
fn return_of(ctx: &mut TurnCtx, dice: &mut Dice, e: &Expedition) {
    let turn = ctx.state.turn;
    let families: Vec<FamilyKey> = {
        let set: BTreeSet<FamilyKey> = e.members.iter().filter_map(|m| ctx.state.family_of(*m).cloned()).collect();
        set.into_iter().collect()
    };
    if e.exploded.is_some() {
        ctx.emit(Event::ExpeditionReturned {
            ship: e.ship.clone(),
            family: e.family.clone(),
            explorers: 0,
            die: None,
            found: Discovery::Nothing,
            double: false,
            destroyed: true,
            captured: false,
            known: false,
        });
        return;
    }
    let living: Vec<CharacterId> = e.members.iter().copied().filter(|m| ctx.character(*m).is_some_and(|c| c.is_free())).collect();
    let training = |ctx: &TurnCtx, m: CharacterId| ctx.character(m).and_then(|c| c.training);
    let explorers = living.iter().filter(|m| training(ctx, **m) == Some(Training::Explorer)).count() as u32;
    let escorted = living.iter().any(|m| training(ctx, *m) == Some(Training::Warrior));
    let ship_name = ctx.state.ship(&e.ship).map(|s| s.name.clone()).unwrap_or_else(|| e.ship.clone());

    // 14.6: destroyed on 1 in 6, 2 in 6 without an escort (only in a cycle
    // of war against the Pouarks with `unescorted_ship_loss = "war"`, 4.3).
    let doubled = !escorted && (ctx.state.settings.unescorted_loss_always_doubled || super::p15_merchant_returns::war_this_cycle(ctx));
    let destroyed = dice.chance_in_6(if doubled { 2 } else { 1 }, "14.6", format!("{ship_name} destroyed during the expedition"));
    let mut survivors: Vec<CharacterId> = living.clone();
    let mut year = 10u8;
    if destroyed {
        year = dice.range(1, 10, "14.6", format!("year {ship_name} was lost")) as u8;
        survivors.clear();
        for &m in &living {
            let has_capsule = ctx.character(m).is_some_and(|c| c.bought(turn).capsule);
            if has_capsule {
                capsule_fate(ctx, dice, m, year, &ship_name);
                // Back home only when alive and free (a 6 of 1.1.1).
                if ctx.character(m).is_some_and(|c| c.is_free()) {
                    survivors.push(m);
                }
            } else {
                ctx.kill(m, year, DeathCause::ShipExploded, Some(ship_name.clone()), "14.6");
            }
        }
        if let Some(s) = ctx.state.ship_mut(&e.ship) {
            s.fate = ShipFate::Destroyed { turn };
        }
        ctx.emit(Event::ShipLost { ship: e.ship.clone(), captured: false, year });
    }

    // 14.1: the discovery die.
    let row = discovery_row(explorers);
    let die = dice.d6("14.1", format!("discovery of {ship_name} ({explorers} explorer(s))"));
    let found = if explorers == 0 { Discovery::Nothing } else { discovery_of(row, die) };
    dice.set_outcome(format!("{found:?}"));
    let double = found != Discovery::Nothing && dice.chance_in_6(1, "14.3", format!("double discovery of {ship_name}"));

    // 14.4: a Pouark planet may capture the ship (3 in 6 when a traitor designated it, 2.7.4).
    let mut captured = false;
    if found == Discovery::Pouark && !destroyed {
        let k = if ctx.state.cycle.treason_ships.contains(&e.ship) { 3 } else { 1 };
        captured = dice.chance_in_6(k, "14.4", format!("{ship_name} captured by the Pouarks"));
        if captured {
            for &m in &living {
                capture(ctx, m, Captor::Pouarks, None, "14.4");
            }
            survivors.clear();
            if let Some(s) = ctx.state.ship_mut(&e.ship) {
                s.fate = ShipFate::Captured { turn };
            }
            ctx.emit(Event::ShipLost { ship: e.ship.clone(), captured: true, year });
        }
    }
    // 14.6: the discoveries are known only if someone came back.
    let known = !survivors.is_empty();
    ctx.emit(Event::ExpeditionReturned {
        ship: e.ship.clone(),
        family: e.family.clone(),
        explorers,
        die: Some(die),
        found,
        double,
        destroyed,
        captured,
        known,
    });

    // 14.7: the Emperor and the Grand Commander.
    let heads: Vec<CharacterId> = [Pyramid::Government, Pyramid::Explorers].iter().filter_map(|p| ctx.state.head(*p)).collect();
    if destroyed || captured {
        for &h in &heads {
            if ctx.alive(h) {
                ctx.add_pp(h, -20, "14.7", Why::ShipLoss { ship: ship_name.to_string() });
            }
        }
    }
    if !known {
        return;
    }
    let n_planets = match (found, double) {
        (Discovery::Nothing, _) => 0,
        (_, false) => 1,
        (_, true) => 2,
    };
    for i in 0..n_planets {
        let proposal = if i == 0 { e.planet_name.as_deref() } else { None };
        let name = planet_name(ctx, dice, proposal, &ship_name);
        let k = crate::text::key(&name);
        let pouark = found == Discovery::Pouark;
        let mut planet = if pouark {
            Planet::new(&name, PlanetKind::PouarkWorld, Controller::Pouarks)
        } else {
            Planet::new(&name, PlanetKind::Colony, Controller::Empire)
        };
        planet.discovered_turn = Some(turn);
        planet.discovered_by = families.iter().cloned().collect();
        ctx.state.planets.insert(k.clone(), planet);
        ctx.emit(Event::PlanetDiscovered { planet: k.clone(), pouark, ship: e.ship.clone(), name_proposed: proposal.is_some_and(|p| crate::text::key(p) == k) });
        if !pouark {
            // 14.5: trading posts for the families that took part.
            for f in &families {
                let added = ctx.state.family_mut(f).is_some_and(|fam| fam.trading_posts.insert(k.clone()));
                if added {
                    ctx.emit(Event::TradingPostGranted { family: f.clone(), planet: k.clone(), rule: "14.5".into() });
                }
            }
        }
        for &h in &heads {
            if ctx.alive(h) {
                ctx.add_pp(h, 10, "14.7", Why::Discovery { planet: name.to_string() });
            }
        }
    }

    // 14.2: the members' PP; the dead and the captives gain nothing.
    let base = if found == Discovery::Nothing { row.pp_failed } else { row.pp_found };
    for &m in &survivors {
        if !ctx.character(m).is_some_and(|c| c.is_free()) {
            continue;
        }
        let role = if m == e.captain {
            Some(Role::Captain)
        } else {
            match training(ctx, m) {
                Some(Training::Explorer) => Some(Role::Explorer),
                Some(Training::Priest) | Some(Training::Warrior) => Some(Role::Half),
                _ => None,
            }
        };
        if let Some(role) = role {
            let pp = member_pp(base, role, double, found == Discovery::Pouark);
            ctx.add_pp(m, pp, "14.2", Why::Expedition { ship: ship_name.to_string() });
        }
    }
}
