//! Phase 6: departure of the warriors (6), and everyone's place for the cycle.
//!
//! 1. The Grand General's standing decisions for phases 11–12: strategy
//!    (12.3.8) and the 2nd Fleet's three colonies (11.2.2), kept until changed.
//! 2. Warriors go to the 1st or 2nd Fleet, or in garrison on a colony of the
//!    Empire (6.1, 6.2); those of ONR/OPR families without a location go to
//!    a fleet the Grand General's orders name, by lot (6.5).
//! 3. The fleets' commanders: the Grand General's choice among the Army's
//!    pyramid, who joins his fleet at once (6.3); failing that the highest
//!    ranked (6.4), the 1st Fleet first.
//! 4. Everyone not placed yet: governors on their colony, prisoners where
//!    they are held, the others on Stellarium.

use crate::dice::Dice;
use crate::text::key;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, FleetNo, Place, Pyramid, Training, CAPITAL};
use super::p04_expeditions::place;
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let gg = ctx.head_orders(Pyramid::Army).map(|(_, o)| &o.general);
    if let Some(g) = gg {
        if let Some(s) = g.strategy {
            ctx.state.army.strategy = s;
        }
        if let Some(p) = &g.patrol {
            ctx.state.army.patrol = p.iter().take(3).cloned().collect();
        }
    }

    let warriors: Vec<CharacterId> = ctx
        .state
        .living()
        .filter(|c| c.is_free() && c.training == Some(Training::Warrior))
        .filter(|c| !ctx.state.is_judge(c.id) && ctx.state.governorship(c.id).is_none() && !ctx.scratch.placed.contains(&c.id))
        .map(|c| c.id)
        .collect();
    for w in warriors {
        let Some(fam) = ctx.character(w).map(|c| c.family.clone()) else { continue };
        match ctx.orders(&fam).location_of(w).cloned() {
            Some(Place::Fleet(n)) => place(ctx, w, Place::Fleet(n)),
            Some(Place::Colony(p)) => {
                if ctx.state.planets.get(&p).is_some_and(|x| x.is_colony() && x.held_by_empire()) {
                    place(ctx, w, Place::Colony(p));
                } else {
                    ctx.emit(Event::LocationRefused { who: w, place: Place::Colony(p), reason: Why::GarrisonEmpireOnly.into() });
                    place(ctx, w, Place::Stellarium);
                }
            }
            Some(Place::Stellarium) => place(ctx, w, Place::Stellarium),
            Some(other) => {
                let reason = match other {
                    Place::Ship(_) => Why::ExpeditionLeftWithout,
                    _ => Why::WarriorImpossiblePlace,
                };
                ctx.emit(Event::LocationRefused { who: w, place: other, reason: reason.into() });
                place(ctx, w, Place::Stellarium);
            }
            None if ctx.defaults_apply(&fam) => {
                // 6.5: to a fleet by lot (the draw may already have been made in phase 4).
                let fleet = match ctx.scratch.default_fleet.get(&w) {
                    Some(f) => *f,
                    None => {
                        let fleets = fleets_named_by_the_general(ctx);
                        let name = ctx.state.full_name(w);
                        let i = dice.pick_index(fleets.len(), "6.5", format!("{name}: a fleet of the Grand General")).unwrap_or(0);
                        fleets.get(i).copied().unwrap_or(FleetNo::First)
                    }
                };
                ctx.emit(Event::DefaultLocation { who: w, place: Place::Fleet(fleet), rule: "6.5".into() });
                place(ctx, w, Place::Fleet(fleet));
            }
            None => place(ctx, w, Place::Stellarium),
        }
    }

    commanders(ctx, gg.and_then(|g| g.commander_1), gg.and_then(|g| g.commander_2));

    // Everyone else (priests, the young, judges, governors, prisoners).
    let rest: Vec<CharacterId> = ctx.state.living().filter(|c| !ctx.scratch.placed.contains(&c.id)).map(|c| c.id).collect();
    for id in rest {
        let Some(c) = ctx.character(id) else { continue };
        let at = if let Some(s) = &c.sentence {
            planet_place(&s.planet)
        } else if let Some(cap) = &c.captivity {
            cap.planet.as_deref().map_or(Place::Stellarium, planet_place)
        } else if let Some(p) = ctx.state.governorship(id) {
            Place::Colony(p.to_string())
        } else {
            Place::Stellarium
        };
        place(ctx, id, at);
    }
}

/// 6.5 "la flotte indiquée dans les ordres du grand général": the fleets
/// the living Grand General's orders name (COMMANDANT 1 → 1st; COMMANDANT 2
/// or PATROUILLE → 2nd), both when they name none (RULINGS, shared with
/// `defaults::settle_cross_family_defaults`).
pub fn fleets_named_by_the_general(ctx: &TurnCtx) -> Vec<FleetNo> {
    let mut fleets = Vec::new();
    if let Some((_, o)) = ctx.head_orders(Pyramid::Army) {
        if o.general.commander_1.is_some() {
            fleets.push(FleetNo::First);
        }
        if o.general.commander_2.is_some() || o.general.patrol.is_some() {
            fleets.push(FleetNo::Second);
        }
    }
    if fleets.is_empty() {
        fleets = vec![FleetNo::First, FleetNo::Second];
    }
    fleets
}

fn planet_place(planet: &str) -> Place {
    if planet == key(CAPITAL) {
        Place::Stellarium
    } else {
        Place::Colony(planet.to_string())
    }
}

/// 6.3–6.4: the commanders of the 1st, then the 2nd Fleet.
fn commanders(ctx: &mut TurnCtx, designated_1: Option<CharacterId>, designated_2: Option<CharacterId>) {
    // A commander is a living, free member of the Army's pyramid who did not
    // leave on an exploration ship (RULINGS 6.3).
    let eligible = |ctx: &TurnCtx, id: CharacterId| {
        ctx.state.pyramid(Pyramid::Army).seat_of(id).is_some()
            && ctx.character(id).is_some_and(|c| c.is_free() && !matches!(c.last_place, Some(Place::Ship(_)) if ctx.scratch.placed.contains(&id)))
    };
    let mut chosen: Vec<CharacterId> = Vec::new();
    for (fleet, designated) in [(FleetNo::First, designated_1), (FleetNo::Second, designated_2)] {
        let pick = match designated.filter(|d| eligible(ctx, *d) && !chosen.contains(d)) {
            Some(d) => Some((d, true)),
            None => {
                // 6.4: the highest ranked: Grand General, 1st heir, 2nd heir, 1st councillor…
                let ranked: Vec<CharacterId> = ctx.state.pyramid(Pyramid::Army).members().map(|(_, c)| c).collect();
                ranked.into_iter().find(|c| eligible(ctx, *c) && !chosen.contains(c)).map(|c| (c, false))
            }
        };
        let slot = match fleet {
            FleetNo::First => &mut ctx.state.army.commander_1,
            FleetNo::Second => &mut ctx.state.army.commander_2,
        };
        *slot = pick.map(|(c, _)| c);
        match pick {
            Some((c, designated)) => {
                chosen.push(c);
                place(ctx, c, Place::Fleet(fleet));
                ctx.emit(Event::FleetCommander { fleet, who: c, designated });
            }
            None => ctx.emit(Event::NoFleetCommander { fleet }),
        }
    }
}
