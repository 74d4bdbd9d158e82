//! Phase 12: the war against the Pouarks (12), with the survival capsules
//! of the fallen (1.1.1, 12.3.5) and the commandos of 2.2.6.

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Captivity, Captor, CharacterId, Controller, DeathCause, FleetNo, GameEnd, Place, PlanetKind, Pyramid, State, Strategy, CAPITAL, PENAL_COLONY};
use super::super::orders::Orders;
use super::p11_rebellions::{
    casualty_count, combat_table, commando, credit_battle, draw_casualties, force_ratio, free, grant_trading_posts,
    warriors_at, BattlePp, Enemy, Outcome, PpLedger,
};
use super::p04_expeditions::capsule_fate;
use super::TurnCtx;

/// 12.3.10: PP of one battle against the Pouarks.
pub fn war_pp(empire: Outcome) -> BattlePp {
    match empire {
        Outcome::GreatVictory => BattlePp { emperor: 20, grand_general: 20, commander: 20, soldier: 9 },
        Outcome::Victory => BattlePp { emperor: 10, grand_general: 10, commander: 10, soldier: 6 },
        Outcome::Defeat => BattlePp { emperor: -10, grand_general: -10, commander: -10, soldier: 0 },
        Outcome::GreatDefeat => BattlePp { emperor: -20, grand_general: -20, commander: -20, soldier: -6 },
    }
}

/// 12.3.10 "Pas de guerre": the 1st Fleet's commander and soldiers.
pub const NO_WAR_PP: BattlePp = BattlePp { emperor: 0, grand_general: 0, commander: 5, soldier: 3 };

/// Pouark dice of a battle (12.3.3, 12.3.9, 2.7.3).
pub fn pouark_dice(first_battle: bool, pouarks_attack: bool, treason: bool) -> u32 {
    let base = match (first_battle, pouarks_attack) {
        (true, _) => 2,
        // 12.3.9: "plus que 1d6 en attaque", "3d6 pour la suite".
        (false, true) => 1,
        (false, false) => 3,
    };
    let bonus = match (treason, pouarks_attack) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    };
    base + bonus
}

/// The orders of a head of pyramid who is alive and free (a captive head
/// cannot use his powers, RULINGS).
pub fn free_head_orders<'a>(ctx: &TurnCtx<'a>, p: Pyramid) -> Option<(CharacterId, &'a Orders)> {
    let (head, orders) = ctx.head_orders(p)?;
    ctx.character(head).is_some_and(|c| c.is_free()).then_some((head, orders))
}

/// 12.1: the planet the Pouarks attack: a colony by lot; the penal colony
/// only when no other colony is left; Stellarium last.
fn pouark_target(s: &State, dice: &mut Dice) -> Option<String> {
    let colonies: Vec<String> = s
        .planets
        .iter()
        .filter(|(_, p)| p.kind == PlanetKind::Colony && p.held_by_empire())
        .map(|(k, _)| k.clone())
        .collect();
    if !colonies.is_empty() {
        return dice.pick(&colonies, |k| k.clone(), "12.1", "colony attacked by the Pouarks").cloned();
    }
    let penal = crate::text::key(PENAL_COLONY);
    if s.planets.get(&penal).is_some_and(|p| p.held_by_empire()) {
        return Some(penal);
    }
    let capital = crate::text::key(CAPITAL);
    s.planets.get(&capital).is_some_and(|p| p.held_by_empire()).then_some(capital)
}

/// Known planets held by the Pouarks, sorted.
fn pouark_planets(s: &State) -> Vec<String> {
    s.planets.iter().filter(|(_, p)| p.held_by_pouarks()).map(|(k, _)| k.clone()).collect()
}

/// The Empire's forces for a battle on `planet` (12.3.1–12.3.2): the 1st
/// Fleet, the garrison, the 2nd Fleet on its patrol planets. Returns the
/// fighters and the commander (the 1st Fleet's; the 2nd's when the 1st
/// has nobody there, RULINGS).
fn empire_forces(s: &State, planet: &str, with_garrison: bool) -> (Vec<CharacterId>, Option<CharacterId>) {
    let fleet1 = warriors_at(s, &Place::Fleet(FleetNo::First));
    let mut fighters = fleet1.clone();
    if with_garrison {
        fighters.extend(warriors_at(s, &Place::Colony(planet.to_string())));
    }
    let patrol = s.army.patrol.iter().any(|k| k == planet);
    let fleet2 = if patrol { warriors_at(s, &Place::Fleet(FleetNo::Second)) } else { Vec::new() };
    fighters.extend(fleet2.iter().copied());
    fighters.sort();
    fighters.dedup();
    let commander = match s.army.commander_1 {
        Some(c) if fleet1.contains(&c) => Some(c),
        _ => s.army.commander_2.filter(|c| fleet2.contains(c)),
    };
    (fighters, commander)
}

/// Who fights a battle, and how it ended (for the chain of 12.3.8).
struct BattleEnd {
    empire: Outcome,
}

/// Phase 12.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let p = ctx.start.characters_in_play();
    let turn = ctx.state.turn;
    let mut ledger = PpLedger::default();
    let mut battles = 0u32;

    // 12.1: the Pouarks attack on 1 in 6; 12.2: else the Empire may.
    let year;
    let mut next: Option<(bool, String)> = None; // (pouarks attack, planet)
    if dice.chance_in_6(1, "12.1", "Pouark attack this cycle") {
        year = dice.range(1, 10, "12.1", "year of the Pouark attack") as u8;
        if let Some(t) = pouark_target(&ctx.state, dice) {
            next = Some((true, t));
        }
    } else {
        let war = free_head_orders(ctx, Pyramid::Government).map(|(_, o)| (o.emperor.war, o.emperor.target.clone()));
        let known = pouark_planets(&ctx.state);
        year = 10;
        if let Some((true, target)) = war {
            if !known.is_empty() {
                let chosen = target.filter(|t| known.contains(t));
                let by_emperor = chosen.is_some();
                let planet = match chosen {
                    Some(t) => Some(t),
                    None => dice.pick(&known, |k| k.clone(), "12.2", "Pouark planet attacked").cloned(),
                };
                if let Some(planet) = planet {
                    ctx.state.war_declared_turn = Some(turn);
                    ctx.emit(Event::EmpireAttack { planet: planet.clone(), year, chosen_by_emperor: by_emperor });
                    next = Some((false, planet));
                }
            }
        }
    }

    let treason = ctx.state.treason.is_some_and(|(t, y)| t == turn && y <= year);
    let mut first = true;
    // Each victory of the Empire takes a Pouark planet and each offensive of
    // the Pouarks needs a 3-in-6 draw, so the chain ends; the bound only
    // guards against a pathological run of draws.
    const MAX_BATTLES: u32 = 1_000;
    while let Some((pouarks_attack, planet)) = next.take() {
        if battles >= MAX_BATTLES {
            break;
        }
        let end = if pouarks_attack {
            ctx.emit(Event::PouarkAttack { planet: planet.clone(), year, dice: pouark_dice(first, true, treason) });
            pouarks_attack_planet(ctx, dice, &mut ledger, p, &planet, year, first, treason)
        } else {
            if !first {
                ctx.emit(Event::EmpireAttack { planet: planet.clone(), year, chosen_by_emperor: false });
            }
            empire_attacks_planet(ctx, dice, &mut ledger, p, &planet, year, first, treason)
        };
        battles += 1;
        first = false;
        if ctx.state.ended.is_some() {
            break;
        }
        // 12.3.8: the winner may fight on.
        if end.empire.is_win() {
            let strategy = free_head_orders(ctx, Pyramid::Army)
                .and_then(|(_, o)| o.general.strategy)
                .unwrap_or(ctx.state.army.strategy);
            let offensive = strategy == Strategy::Offensive;
            ctx.emit(Event::WarStrategy { pouarks: false, offensive });
            let fleet1 = warriors_at(&ctx.state, &Place::Fleet(FleetNo::First));
            if offensive && !fleet1.is_empty() {
                let known = pouark_planets(&ctx.state);
                if let Some(t) = dice.pick(&known, |k| k.clone(), "12.3.8", "Pouark planet attacked next").cloned() {
                    next = Some((false, t));
                }
            }
        } else {
            let offensive = dice.chance_in_6(3, "12.3.8", "Pouarks' strategy: offensive");
            ctx.emit(Event::WarStrategy { pouarks: true, offensive });
            if offensive {
                if let Some(t) = pouark_target(&ctx.state, dice) {
                    next = Some((true, t));
                }
            }
        }
    }

    if battles == 0 {
        // 12.3.10 "Pas de guerre": the 1st Fleet's commander and soldiers.
        ctx.emit(Event::NoWar);
        let fleet1 = warriors_at(&ctx.state, &Place::Fleet(FleetNo::First));
        let commander = ctx.state.army.commander_1.filter(|c| fleet1.contains(c));
        let mut peace = PpLedger::default();
        if let Some(c) = commander {
            peace.add(c, NO_WAR_PP.commander);
        }
        for f in fleet1 {
            if Some(f) != commander {
                peace.add(f, NO_WAR_PP.soldier);
            }
        }
        peace.apply(ctx, "12.3.10", Why::NoPouarkWar);
    } else {
        ledger.apply(ctx, "12.3.10", Why::PouarkWar);
    }
}

/// Rolls the Pouarks' dice; returns (faces, strength in hundredths: P·Σ).
fn roll_pouarks(dice: &mut Dice, p: u32, n: u32, planet: &str) -> (Vec<u32>, u64) {
    let faces = dice.nd6(n, "12.3.3", format!("Pouark strength on {planet}"));
    let sum: u32 = faces.iter().sum();
    (faces, u64::from(p) * u64::from(sum))
}

/// 12.3.5: the Empire's casualties; the Pouarks take no prisoners, the
/// victims without a capsule die.
fn war_casualties(ctx: &mut TurnCtx, dice: &mut Dice, victims: &[CharacterId], year: u8, planet: &str) {
    let turn = ctx.state.turn;
    for &v in victims {
        let has_capsule = ctx.character(v).is_some_and(|c| c.bought(turn).capsule);
        if has_capsule {
            // 1.1.1 as for an explosion (the ship is lost in the battle).
            capsule_fate(ctx, dice, v, year, planet);
        } else {
            ctx.kill(v, year, DeathCause::KilledInBattle, Some(planet.to_string()), "12.3.5");
        }
    }
}

/// The Pouarks attack a planet of the Empire (12.1, 12.3).
#[allow(clippy::too_many_arguments)]
fn pouarks_attack_planet(
    ctx: &mut TurnCtx,
    dice: &mut Dice,
    ledger: &mut PpLedger,
    p: u32,
    planet: &str,
    year: u8,
    first: bool,
    treason: bool,
) -> BattleEnd {
    let capital = crate::text::key(CAPITAL);
    let (fighters, commander) = empire_forces(&ctx.state, planet, true);
    let (mut faces, pouarks) = roll_pouarks(dice, p, pouark_dice(first, true, treason), planet);
    let mut empire_strength = fighters.len() as u64 * 100;
    if planet == capital {
        // 12.1: the satellites' 1d6 of defence.
        let bonus = dice.d6("12.1", "Stellarium's satellite defence");
        empire_strength += u64::from(bonus) * 100;
        faces.push(bonus);
    }
    let ratio = force_ratio(pouarks, empire_strength);
    let line = combat_table(ratio);
    let empire = line.defender;
    let n = casualty_count(fighters.len(), line.defender_losses);
    let victims = draw_casualties(dice, &fighters, n, "12.3.4", &format!("Pouark attack on {planet}"));
    ctx.emit(Event::Battle {
        enemy: Enemy::Pouarks,
        planet: planet.to_string(),
        year,
        empire_attacks: false,
        enemy_dice: faces,
        enemy_strength: pouarks,
        empire_strength,
        fighters: fighters.clone(),
        ratio,
        empire_result: empire,
        casualties: victims.clone(),
    });
    war_casualties(ctx, dice, &victims, year, planet);
    credit_battle(&ctx.state, ledger, war_pp(empire), commander, &fighters);
    if empire.is_win() {
        if fighters.iter().any(|f| !victims.contains(f)) {
            commando(ctx, dice, planet);
        }
    } else {
        lose_to_pouarks(ctx, planet, year);
    }
    BattleEnd { empire }
}

/// A planet falls to the Pouarks (12.3.6). Ruling: its civilians (merchants,
/// the governor) flee to Stellarium; the garrison's survivors withdraw; the
/// convicts of the penal colony are kept on Stellarium (12.1).
fn lose_to_pouarks(ctx: &mut TurnCtx, planet: &str, year: u8) {
    if let Some(pl) = ctx.state.planet_mut(planet) {
        pl.controller = Controller::Pouarks;
    }
    ctx.emit(Event::PlanetLost { planet: planet.to_string(), enemy: Enemy::Pouarks, year });
    let capital = crate::text::key(CAPITAL);
    if planet == capital {
        ctx.state.ended = Some(GameEnd::StellariumFell);
        ctx.emit(Event::StellariumFell { year });
        return;
    }
    let convicts: Vec<CharacterId> =
        ctx.state.living().filter(|c| c.sentence.as_ref().is_some_and(|s| s.planet == planet)).map(|c| c.id).collect();
    for c in convicts {
        if let Some(sn) = ctx.state.character_mut(c).and_then(|c| c.sentence.as_mut()) {
            sn.planet = capital.clone();
        }
    }
}

/// The Empire attacks a planet held by the Pouarks (12.2, 12.3.8).
#[allow(clippy::too_many_arguments)]
fn empire_attacks_planet(
    ctx: &mut TurnCtx,
    dice: &mut Dice,
    ledger: &mut PpLedger,
    p: u32,
    planet: &str,
    year: u8,
    first: bool,
    treason: bool,
) -> BattleEnd {
    let (fighters, commander) = empire_forces(&ctx.state, planet, false);
    let (faces, pouarks) = roll_pouarks(dice, p, pouark_dice(first, false, treason), planet);
    let empire_strength = fighters.len() as u64 * 100;
    let ratio = force_ratio(empire_strength, pouarks);
    let line = combat_table(ratio);
    let empire = line.attacker;
    let n = casualty_count(fighters.len(), line.attacker_losses);
    let victims = draw_casualties(dice, &fighters, n, "12.3.4", &format!("attack on {planet}"));
    ctx.emit(Event::Battle {
        enemy: Enemy::Pouarks,
        planet: planet.to_string(),
        year,
        empire_attacks: true,
        enemy_dice: faces,
        enemy_strength: pouarks,
        empire_strength,
        fighters: fighters.clone(),
        ratio,
        empire_result: empire,
        casualties: victims.clone(),
    });
    war_casualties(ctx, dice, &victims, year, planet);
    credit_battle(&ctx.state, ledger, war_pp(empire), commander, &fighters);
    if empire.is_win() {
        let capital = crate::text::key(CAPITAL);
        let penal = crate::text::key(PENAL_COLONY);
        if let Some(pl) = ctx.state.planet_mut(planet) {
            pl.controller = Controller::Empire;
            // Ruling: a conquered Pouark world becomes a colony of the Empire.
            if pl.kind == PlanetKind::PouarkWorld {
                pl.kind = PlanetKind::Colony;
            }
        }
        ctx.emit(Event::PlanetRetaken { planet: planet.to_string(), enemy: Enemy::Pouarks, year });
        // Ruling (as 11.5): the Pouarks' prisoners held there are freed.
        let held: Vec<CharacterId> = ctx
            .state
            .living()
            .filter(|c| matches!(&c.captivity, Some(Captivity { captor: Captor::Pouarks, planet: Some(k), .. }) if k == planet))
            .map(|c| c.id)
            .collect();
        for h in held {
            free(ctx, h, "12.3.6");
        }
        commando(ctx, dice, planet);
        // 12.1: the penal colony retaken, its convicts go back there.
        if planet == penal {
            let convicts: Vec<CharacterId> =
                ctx.state.living().filter(|c| c.sentence.as_ref().is_some_and(|s| s.planet == capital)).map(|c| c.id).collect();
            for c in convicts {
                if let Some(sn) = ctx.state.character_mut(c).and_then(|c| c.sentence.as_mut()) {
                    sn.planet = penal.clone();
                }
            }
        }
        grant_trading_posts(ctx, planet, "12.4");
    }
    BattleEnd { empire }
}
