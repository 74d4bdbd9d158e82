//! Phase 11: rebellions (11, 2.6), and the combat table shared with the war
//! against the Pouarks (12.3.4 refers to 11.2.3–11.2.4).
//!
//! Strengths are counted in hundredths ("centi-strength") so that the rebels'
//! `(P/100)·V` stays exact: a warrior is worth 100, `P·V` is the rebels'
//! strength in the same unit.

/// The battle types live with the events that carry them.
pub use super::super::events::{Enemy, Outcome, Ratio};

/// 11.2.3: the ratio attackers/defenders, rounded in the defender's favour
/// (35 vs 27 → 1/1; 27 vs 35 → 1/2), capped at 5/1 and 1/5 (the table's
/// ends). Strengths in any common unit.
///
/// Ruling: a side with no strength at all faces the table's end (5/1 or
/// 1/5); two empty sides count as 1/1 (the defender holds).
pub fn force_ratio(attack: u64, defence: u64) -> Ratio {
    if attack == 0 && defence == 0 {
        return Ratio::Attacker(1);
    }
    if defence == 0 {
        return Ratio::Attacker(5);
    }
    if attack >= defence {
        // Rounded down: the attacker gets no more than it has.
        Ratio::Attacker(((attack / defence) as u32).min(5))
    } else if attack == 0 {
        Ratio::Defender(5)
    } else {
        // Rounded up: the defender gets the benefit of the doubt.
        Ratio::Defender((defence.div_ceil(attack) as u32).min(5))
    }
}

/// One line of the combat table of 11.2.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CombatLine {
    pub ratio: Ratio,
    pub attacker: Outcome,
    pub defender: Outcome,
    /// Losses of the attacker, in percent.
    pub attacker_losses: u32,
    /// Losses of the defender, in percent.
    pub defender_losses: u32,
}

/// 11.2.4: the combat table, exactly.
pub fn combat_table(ratio: Ratio) -> CombatLine {
    use Outcome::*;
    let (attacker, defender, attacker_losses, defender_losses) = match ratio {
        Ratio::Attacker(k) if k >= 5 => (GreatVictory, GreatDefeat, 0, 100),
        Ratio::Attacker(4) => (GreatVictory, GreatDefeat, 10, 90),
        Ratio::Attacker(3) => (Victory, Defeat, 20, 80),
        Ratio::Attacker(2) => (Victory, Defeat, 30, 70),
        Ratio::Attacker(_) => (Defeat, Victory, 50, 50),
        Ratio::Defender(k) if k <= 2 => (Defeat, Victory, 70, 30),
        Ratio::Defender(3) => (GreatDefeat, GreatVictory, 80, 20),
        Ratio::Defender(4) => (GreatDefeat, GreatVictory, 90, 10),
        Ratio::Defender(_) => (GreatDefeat, GreatVictory, 100, 0),
    };
    CombatLine { ratio, attacker, defender, attacker_losses, defender_losses }
}

/// 11.2.5: how many of `n` fighters are casualties at `percent` losses.
/// Ruling: rounded to the nearest whole character, halves up (30 % of 5 → 2).
pub fn casualty_count(n: usize, percent: u32) -> usize {
    ((n as u64 * u64::from(percent) + 50) / 100).min(n as u64) as usize
}

// ---------------------------------------------------------------------------
// Helpers shared by the phases of the cycle's end (11, 12, 14, 15).
// ---------------------------------------------------------------------------

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Captivity, Captor, CharacterId, Controller, DeathCause, FleetNo, Place, Pyramid, State, Training};
use super::TurnCtx;

/// Living, free characters of `training` located at `place` this cycle, in id
/// order, who practise it: a governor is on his colony but "ne peut pas
/// exercer sa profession d'origine" (27.4.4), so he neither trades (15.2),
/// nor fights in its garrison (11.2, 12.3), nor counts among 15.5's
/// merchants and warriors.
pub fn trained_at(s: &State, place: &Place, training: Training) -> Vec<CharacterId> {
    s.living()
        .filter(|c| c.is_free() && c.training == Some(training) && c.last_place.as_ref() == Some(place))
        .filter(|c| s.governorship(c.id).is_none())
        .map(|c| c.id)
        .collect()
}

/// Living, free warriors located at `place` this cycle (garrison 6.1, fleets).
pub fn warriors_at(s: &State, place: &Place) -> Vec<CharacterId> {
    trained_at(s, place, Training::Warrior)
}

/// Makes a living character a captive (11.2.5, 2.6.5, 14.4, 1.1.1).
pub fn capture(ctx: &mut TurnCtx, who: CharacterId, captor: Captor, planet: Option<String>, rule: &str) {
    let turn = ctx.state.turn;
    match ctx.state.character_mut(who) {
        Some(c) if c.is_alive() => {
            c.captivity = Some(Captivity { captor: captor.clone(), planet: planet.clone(), since_turn: turn });
        }
        _ => return,
    }
    ctx.emit(Event::Captured { who, captor, planet, rule: rule.to_string() });
}

/// Frees a captive (11.5, 2.2.6).
pub fn free(ctx: &mut TurnCtx, who: CharacterId, rule: &str) {
    let freed = ctx.state.character_mut(who).is_some_and(|c| c.captivity.take().is_some());
    if freed {
        ctx.emit(Event::Freed { who, rule: rule.to_string() });
    }
}

/// PP earned or lost in the battles of a phase, summed per character
/// before being applied (11.6, 12.3.10: "on cumule").
#[derive(Debug, Default)]
pub struct PpLedger {
    pub sums: BTreeMap<CharacterId, i64>,
}

impl PpLedger {
    pub fn add(&mut self, who: CharacterId, delta: i64) {
        *self.sums.entry(who).or_insert(0) += delta;
    }
    /// Applies the sums to the living (the dead gain nothing, RULINGS).
    pub fn apply(self, ctx: &mut TurnCtx, rule: &str, reason: Why) {
        for (who, delta) in self.sums {
            if ctx.alive(who) {
                ctx.add_pp(who, delta, rule, reason.clone());
            }
        }
    }
}

/// PP of one battle for each role (11.6, 12.3.10), from the Empire's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattlePp {
    pub emperor: i64,
    pub grand_general: i64,
    pub commander: i64,
    pub soldier: i64,
}

/// 11.6: PP of a battle against the rebels.
pub fn rebellion_pp(empire: Outcome) -> BattlePp {
    match empire {
        Outcome::GreatVictory => BattlePp { emperor: 10, grand_general: 10, commander: 10, soldier: 5 },
        Outcome::Victory => BattlePp { emperor: 5, grand_general: 10, commander: 10, soldier: 3 },
        Outcome::Defeat => BattlePp { emperor: -5, grand_general: -5, commander: -5, soldier: 0 },
        Outcome::GreatDefeat => BattlePp { emperor: -10, grand_general: -10, commander: -10, soldier: -3 },
    }
}

/// Credits one battle's PP to the Emperor, the Grand General, the fleet's
/// commander (when he fought) and the soldiers. Ruling: a commander is paid
/// as commander, not also as a soldier; the Emperor's and the Grand
/// General's rows add to whatever else they earn.
pub fn credit_battle(s: &State, ledger: &mut PpLedger, pp: BattlePp, commander: Option<CharacterId>, fighters: &[CharacterId]) {
    if let Some(e) = s.emperor() {
        ledger.add(e, pp.emperor);
    }
    if let Some(g) = s.head(Pyramid::Army) {
        ledger.add(g, pp.grand_general);
    }
    let commander = commander.filter(|c| fighters.contains(c));
    if let Some(c) = commander {
        ledger.add(c, pp.commander);
    }
    for &f in fighters {
        if Some(f) != commander {
            ledger.add(f, pp.soldier);
        }
    }
}

/// Draws `n` casualties among `fighters` by lot (11.2.5).
pub fn draw_casualties(dice: &mut Dice, fighters: &[CharacterId], n: usize, rule: &str, what: &str) -> Vec<CharacterId> {
    if n >= fighters.len() {
        return fighters.to_vec();
    }
    let mut pool = fighters.to_vec();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        if let Some(k) = dice.pick_index(pool.len(), rule, format!("{what}: casualty {}", i + 1)) {
            out.push(pool.remove(k));
        }
    }
    out.sort();
    out
}

/// Planet keys held by the rebels, the most recently lost first (11.4).
pub fn rebel_planets_recent_first(s: &State) -> Vec<String> {
    let mut v: Vec<(u32, u8, String)> = s
        .planets
        .iter()
        .filter_map(|(k, p)| match p.controller {
            Controller::Rebels { since_turn, since_year } => Some((since_turn, since_year, k.clone())),
            _ => None,
        })
        .collect();
    v.sort_by(|a, b| (b.0, b.1).cmp(&(a.0, a.1)).then(a.2.cmp(&b.2)));
    v.into_iter().map(|(_, _, k)| k).collect()
}

/// 11.2.5: where the rebels keep the warriors they capture in a battle they
/// lost: another rebel planet by lot, or a mountain hideout (`None`).
fn rebel_jail_elsewhere(s: &State, dice: &mut Dice, not: &str) -> Option<String> {
    let mut others: Vec<String> = rebel_planets_recent_first(s).into_iter().filter(|k| k != not).collect();
    others.sort();
    dice.pick(&others, |k| k.clone(), "11.2.5", "rebel planet where the prisoners are held").cloned()
}

/// 11.2.5: each victim is killed in the battle on 1 in 2, else taken prisoner.
fn rebel_casualties(ctx: &mut TurnCtx, dice: &mut Dice, victims: &[CharacterId], year: u8, planet: &str, jail: Option<String>) {
    for &v in victims {
        let name = ctx.state.full_name(v);
        if dice.chance_in_6(3, "11.2.5", format!("{name} killed in the battle")) {
            ctx.kill(v, year, DeathCause::KilledInBattle, Some(planet.to_string()), "11.2.5");
        } else {
            capture(ctx, v, Captor::Rebels, jail.clone(), "11.2.5");
        }
    }
}

/// 2.2.6: a fleet intervened with success on `planet`: each hostage of the
/// Dark Tentacle held there is freed by a commando on 4 in 6.
pub fn commando(ctx: &mut TurnCtx, dice: &mut Dice, planet: &str) {
    let hostages: Vec<CharacterId> = ctx
        .state
        .living()
        .filter(|c| matches!(&c.captivity, Some(Captivity { captor: Captor::DarkTentacle { .. }, planet: Some(p), .. }) if p == planet))
        .map(|c| c.id)
        .collect();
    for h in hostages {
        let name = ctx.state.full_name(h);
        if dice.chance_in_6(4, "2.2.6", format!("commando frees {name}")) {
            free(ctx, h, "2.2.6");
        }
    }
}

/// 12.4: on a planet taken or retaken by an Imperial fleet every family may
/// have a trading post. Ruling: also when the 2nd Fleet retakes a colony
/// from the rebels ("l'une des Flottes impériales").
pub fn grant_trading_posts(ctx: &mut TurnCtx, planet: &str, rule: &str) {
    let fams: Vec<String> = ctx.state.families.iter().filter(|(_, f)| f.founded).map(|(k, _)| k.clone()).collect();
    for k in fams {
        let added = ctx.state.family_mut(&k).is_some_and(|f| f.trading_posts.insert(planet.to_string()));
        if added {
            ctx.emit(Event::TradingPostGranted { family: k, planet: planet.to_string(), rule: rule.to_string() });
        }
    }
}

// ---------------------------------------------------------------------------
// Phase 11.
// ---------------------------------------------------------------------------

/// One rising to fight, in the order of the cycle's years.
#[derive(Debug, Clone)]
struct Uprising {
    planet: String,
    year: u8,
    incited: bool,
}

/// Phase 11: the incited rebellions (2.6.2 was rolled in phase 2), the
/// spontaneous one (11.1), the defence of each colony (11.2), then the 2nd
/// Fleet's attacks on the rebel planets it patrols (11.3, 11.4); PP summed
/// over the battles (11.6).
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    // 11.2.1: P = characters in play at the start of the turn.
    let p = ctx.start.characters_in_play();
    let mut uprisings: Vec<Uprising> = ctx
        .state
        .cycle
        .incited_rebellions
        .iter()
        .map(|(planet, year)| Uprising { planet: planet.clone(), year: *year, incited: true })
        .collect();
    if dice.chance_in_6(1, "11.1", "spontaneous rebellion this cycle") {
        // Ruling: "une des planètes de l'Empire": a colony the Empire holds,
        // the penal colony included, the capital not.
        let colonies: Vec<String> = ctx.state.empire_colonies().map(|(k, _)| k.clone()).collect();
        if let Some(planet) = dice.pick(&colonies, |k| k.clone(), "11.1", "planet of the spontaneous rebellion").cloned() {
            let year = dice.range(1, 10, "11.1", format!("year of the rebellion on {planet}")) as u8;
            uprisings.push(Uprising { planet, year, incited: false });
        }
    }
    uprisings.sort_by_key(|u| u.year);

    let mut ledger = PpLedger::default();
    for u in uprisings {
        let held = ctx.state.planet(&u.planet).is_some_and(|pl| pl.held_by_empire() && pl.is_colony());
        if !held {
            ctx.emit(Event::RebellionVoid { planet: u.planet.clone(), year: u.year });
            continue;
        }
        ctx.emit(Event::RebellionBrokeOut { planet: u.planet.clone(), year: u.year, incited: u.incited });
        defend(ctx, dice, &mut ledger, p, &u);
    }

    // 11.3–11.4.
    let patrol: Vec<String> = ctx.state.army.patrol.clone();
    let fleet2 = Place::Fleet(FleetNo::Second);
    loop {
        let Some(target) = rebel_planets_recent_first(&ctx.state).into_iter().find(|k| patrol.contains(k)) else { break };
        let fighters = warriors_at(&ctx.state, &fleet2);
        if fighters.is_empty() {
            // Ruling: a 2nd Fleet without a ship attacks nobody.
            break;
        }
        if !retake(ctx, dice, &mut ledger, p, &target, &fighters) {
            break;
        }
    }
    ledger.apply(ctx, "11.6", Why::RebelBattles);
}

/// 11.2: a colony rises; its garrison, with the 2nd Fleet when the colony is
/// one of its patrol planets (2.6.4, 11.2.2), defends it.
fn defend(ctx: &mut TurnCtx, dice: &mut Dice, ledger: &mut PpLedger, p: u32, u: &Uprising) {
    let planet = u.planet.clone();
    let here = Place::Colony(planet.clone());
    let garrison = warriors_at(&ctx.state, &here);
    let with_fleet = ctx.state.army.patrol.contains(&planet);
    let fleet = if with_fleet { warriors_at(&ctx.state, &Place::Fleet(FleetNo::Second)) } else { Vec::new() };
    let mut fighters = garrison;
    fighters.extend(fleet.iter().copied());
    fighters.sort();
    // 11.2.1: FR = (P/100)·V, counted in hundredths: P·V.
    let v = dice.d6("11.2.1", format!("rebel strength V on {planet}"));
    let rebels = u64::from(p) * u64::from(v);
    let loyal = fighters.len() as u64 * 100;
    let ratio = force_ratio(rebels, loyal);
    let line = combat_table(ratio);
    let empire = line.defender;
    dice.set_outcome(format!("V={v}: {} ({}), Empire: {:?}", ratio.label(), rebels, empire));
    let n = casualty_count(fighters.len(), line.defender_losses);
    let victims = draw_casualties(dice, &fighters, n, "11.2.5", &format!("rebellion on {planet}"));
    ctx.emit(Event::Battle {
        enemy: Enemy::Rebels,
        planet: planet.clone(),
        year: u.year,
        empire_attacks: false,
        enemy_dice: vec![v],
        enemy_strength: rebels,
        empire_strength: loyal,
        fighters: fighters.clone(),
        ratio,
        empire_result: empire,
        casualties: victims.clone(),
    });
    let rebels_won = !empire.is_win();
    let jail = if rebels_won { Some(planet.clone()) } else { rebel_jail_elsewhere(&ctx.state, dice, &planet) };
    rebel_casualties(ctx, dice, &victims, u.year, &planet, jail);
    let commander = if with_fleet { ctx.state.army.commander_2 } else { None };
    credit_battle(&ctx.state, ledger, rebellion_pp(empire), commander, &fighters);

    if rebels_won {
        let turn = ctx.state.turn;
        if let Some(pl) = ctx.state.planet_mut(&planet) {
            pl.controller = Controller::Rebels { since_turn: turn, since_year: u.year };
        }
        ctx.emit(Event::PlanetLost { planet: planet.clone(), enemy: Enemy::Rebels, year: u.year });
        // 2.6.5, 11.2.6: everyone left on the colony (the garrison's
        // survivors, merchants, the governor, the prisoners held there) is
        // executed on 1 in 2, else taken prisoner there. Ruling: the 2nd
        // Fleet's survivors withdraw with their ships.
        let governor = ctx.state.planet(&planet).and_then(|pl| pl.governor);
        let people: Vec<CharacterId> = ctx
            .state
            .living()
            .filter(|c| !victims.contains(&c.id) && !fleet.contains(&c.id))
            .filter(|c| {
                let located = c.is_free() && (c.last_place.as_ref() == Some(&here) || governor == Some(c.id));
                let hostage = matches!(&c.captivity, Some(Captivity { captor: Captor::DarkTentacle { .. }, planet: Some(k), .. }) if *k == planet);
                let convict = c.captivity.is_none() && c.sentence.as_ref().is_some_and(|sn| sn.planet == planet);
                located || hostage || convict
            })
            .map(|c| c.id)
            .collect();
        for who in people {
            let name = ctx.state.full_name(who);
            if dice.chance_in_6(3, "2.6.5", format!("{name} executed by the rebels")) {
                ctx.kill(who, u.year, DeathCause::ExecutedByRebels, Some(planet.clone()), "2.6.5");
            } else {
                capture(ctx, who, Captor::Rebels, Some(planet.clone()), "2.6.5");
            }
        }
    } else if !fleet.is_empty() {
        // 2.2.6: the fleet intervened with success.
        commando(ctx, dice, &planet);
    }
}

/// 11.3: the 2nd Fleet attacks a rebel planet, whose rebels' strength is
/// doubled. Returns whether it won a great victory (11.4: attack again).
fn retake(ctx: &mut TurnCtx, dice: &mut Dice, ledger: &mut PpLedger, p: u32, planet: &str, fighters: &[CharacterId]) -> bool {
    let v = dice.d6("11.3", format!("rebel strength V on {planet} (doubled in defence)"));
    let rebels = 2 * u64::from(p) * u64::from(v);
    let fleet = fighters.len() as u64 * 100;
    let ratio = force_ratio(fleet, rebels);
    let line = combat_table(ratio);
    let empire = line.attacker;
    dice.set_outcome(format!("V={v}: {} , Empire: {:?}", ratio.label(), empire));
    let n = casualty_count(fighters.len(), line.attacker_losses);
    let victims = draw_casualties(dice, fighters, n, "11.2.5", &format!("attack on {planet}"));
    // Ruling: the 2nd Fleet's attacks close the cycle (year 10).
    let year = 10;
    ctx.emit(Event::Battle {
        enemy: Enemy::Rebels,
        planet: planet.to_string(),
        year,
        empire_attacks: true,
        enemy_dice: vec![v],
        enemy_strength: rebels,
        empire_strength: fleet,
        fighters: fighters.to_vec(),
        ratio,
        empire_result: empire,
        casualties: victims.clone(),
    });
    let won = empire.is_win();
    // 11.2.5: held on this planet when the rebels won, elsewhere when they lost.
    let jail = if won { rebel_jail_elsewhere(&ctx.state, dice, planet) } else { Some(planet.to_string()) };
    rebel_casualties(ctx, dice, &victims, year, planet, jail);
    let commander = ctx.state.army.commander_2;
    credit_battle(&ctx.state, ledger, rebellion_pp(empire), commander, fighters);
    if won {
        if let Some(pl) = ctx.state.planet_mut(planet) {
            pl.controller = Controller::Empire;
        }
        ctx.emit(Event::PlanetRetaken { planet: planet.to_string(), enemy: Enemy::Rebels, year });
        // 11.5: the prisoners the rebels held there are freed.
        let held: Vec<CharacterId> = ctx
            .state
            .living()
            .filter(|c| matches!(&c.captivity, Some(Captivity { captor: Captor::Rebels, planet: Some(k), .. }) if k == planet))
            .map(|c| c.id)
            .collect();
        for h in held {
            free(ctx, h, "11.5");
        }
        commando(ctx, dice, planet);
        grant_trading_posts(ctx, planet, "12.4");
    }
    empire == Outcome::GreatVictory
}
