//! Phase 4: departure of the exploration expeditions (4).
//!
//! 1. Ship transfers agreed by both families (4.2, 28.4).
//! 2. The Grand Commander's permits (4.7; automatic when his family is ONR)
//!    and ban (4.8).
//! 3. Each `EXPEDITION` leaves with its captain — in the Explorers' pyramid
//!    or holding a permit (4.7) — and everyone who is both located on the
//!    ship and listed by the organiser (4.6); explorers of ONR/OPR families
//!    invited go automatically (4.10), their warriors by lot (6.5). It needs
//!    an explorer and a priest aboard (4.3).
//! 4. A ship the Dark Tentacle sabotaged (phase 2) blows up on 4 in 6 when
//!    it is used (2.4.3); otherwise the bomb is found (2.4.3). Capsules:
//!    1.1.1. The crime is investigated with the passengers as victims (2.9).
//! 5. Explorers who stay give lectures: 1 PP per expedition made, 2 per
//!    expedition captained (4.9).

use std::collections::BTreeSet;

use crate::dice::Dice;
use crate::game::FamilyKey;
use crate::text::key;

use super::super::events::Event;
use super::super::orders::refusal::CaptorKind;
use super::super::why::{TransferWhat, Why};
use super::super::model::{
    Captivity, Captor, CharacterId, DeathCause, Expedition, Place, Pyramid, ShipFate, ShipLoan, Training, CAPITAL,
};
use super::super::orders::{ContractKind, ExpeditionOrder, TransferKind, TransferOrder};
use super::p02_contracts::investigate;
use super::TurnCtx;

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    transfers(ctx);
    let turn = ctx.turn();

    // 4.7: permits. Automatic when the Grand Commander's family is ONR or
    // PNJ; a vacant (or dead) Grand Commander delivers none (RULINGS 4.7).
    let gc = ctx.head_orders(Pyramid::Explorers);
    let auto_permit = ctx.head_family(Pyramid::Explorers).is_some_and(|f| ctx.is_onr(&f));
    let mut forbidden: Option<String> = None;
    if let Some((_, orders)) = gc {
        forbidden = orders.grand_commander.forbid.clone();
        if !auto_permit {
            for &who in orders.grand_commander.permits.iter().take(2) {
                let ok = ctx.character(who).is_some_and(|c| c.is_alive() && c.training == Some(Training::Explorer))
                    && ctx.state.pyramid(Pyramid::Explorers).seat_of(who).is_none();
                if ok {
                    if let Some(c) = ctx.state.character_mut(who) {
                        c.exploration_permit_turn = Some(turn);
                    }
                    ctx.emit(Event::ExplorationPermit { who, automatic: false });
                }
            }
        }
    }

    let mut aboard: BTreeSet<CharacterId> = BTreeSet::new();
    let mut used: BTreeSet<String> = BTreeSet::new();
    let families: Vec<FamilyKey> = ctx.inputs.keys().cloned().collect();
    for family in families {
        for e in &ctx.orders(&family).expeditions {
            depart(ctx, dice, &family, e, auto_permit, forbidden.as_deref(), &mut aboard, &mut used);
        }
    }

    // 2.4.3: "Si le vaisseau n'est pas utilisé, le sabotage échoue car la
    // bombe est découverte" — still a crime the Tentacle committed (2.9).
    let pending = std::mem::take(&mut ctx.scratch.sabotages);
    for p in pending {
        let name = ctx.state.ships.get(&p.ship).map_or(p.ship.clone(), |s| s.name.clone());
        ctx.emit(Event::SabotageFoundOut { ship: name });
        investigate(ctx, dice, p.contract_no, &ContractKind::Sabotage(p.ship.clone()), &p.sponsors, &[], None);
    }

    // 4.9: lectures of the explorers who stay on Stellarium.
    let stay: Vec<CharacterId> = ctx
        .state
        .living()
        .filter(|c| c.is_free() && c.training == Some(Training::Explorer) && !aboard.contains(&c.id))
        .filter(|c| !ctx.state.is_judge(c.id) && ctx.state.governorship(c.id).is_none())
        .map(|c| c.id)
        .collect();
    for id in stay {
        let (made, led) = ctx.character(id).map_or((0, 0), |c| (c.expeditions, c.expeditions_as_captain));
        ctx.add_pp(id, i64::from(made) + i64::from(led), "4.9", Why::Lectures);
        place(ctx, id, Place::Stellarium);
    }
}

/// Puts a character somewhere for the cycle (phases 4–6).
pub fn place(ctx: &mut TurnCtx, who: CharacterId, p: Place) {
    if let Some(c) = ctx.state.character_mut(who) {
        c.last_place = Some(p);
    }
    ctx.scratch.placed.insert(who);
}

/// 4.2, 28.4: a loan or a sale happens when the same `CESSION` line is in
/// the orders of both families; the receiving family must have the money.
fn transfers(ctx: &mut TurnCtx) {
    let turn = ctx.turn();
    let mut lines: Vec<TransferOrder> = Vec::new();
    for input in ctx.inputs.values() {
        for t in &input.orders.transfers {
            if !lines.contains(t) {
                lines.push(t.clone());
            }
        }
    }
    for t in lines {
        let agreed = ctx.orders(&t.from).transfers.contains(&t) && ctx.orders(&t.to).transfers.contains(&t);
        let reason = if !agreed {
            Some(Why::TransferInBothOrders)
        } else if t.from == t.to {
            Some(Why::TransferToSelf)
        } else if !ctx.state.ships.get(&t.ship).is_some_and(|s| s.in_service() && s.owner == t.from && s.lent.as_ref().is_none_or(|l| l.turn != turn)) {
            Some(Why::ShipUnavailable)
        } else if ctx.state.family(&t.to).is_none_or(|f| f.money < i64::from(t.amount)) {
            Some(Why::ReceiverCannotPay)
        } else {
            None
        };
        let ship_name = ctx.state.ships.get(&t.ship).map_or(t.ship.clone(), |s| s.name.clone());
        if let Some(r) = reason {
            ctx.emit(Event::TransferRefused { ship: ship_name, from: t.from.clone(), to: t.to.clone(), reason: r.into() });
            continue;
        }
        let what = match t.kind {
            TransferKind::Loan => TransferWhat::Loan,
            TransferKind::Sale => TransferWhat::Sale,
        };
        let why = Why::ShipTransfer { kind: what, ship: ship_name.clone() };
        ctx.add_money(&t.to, -i64::from(t.amount), "28.4", why.clone());
        ctx.add_money(&t.from, i64::from(t.amount), "28.4", why);
        if let Some(s) = ctx.state.ships.get_mut(&t.ship) {
            match t.kind {
                TransferKind::Sale => {
                    s.owner = t.to.clone();
                    s.lent = None;
                }
                TransferKind::Loan => s.lent = Some(ShipLoan { turn, to: t.to.clone() }),
            }
        }
        ctx.emit(Event::ShipTransferred { ship: ship_name, from: t.from, to: t.to, amount: t.amount, kind: t.kind });
    }
}

/// Who may board an exploration ship: alive, free, an explorer, a priest or
/// a warrior (4.3; merchants trade, 5.1: RULINGS), not a judge (27.2.5) nor
/// a governor (27.4.4), not aboard another ship.
fn can_board(ctx: &TurnCtx, who: CharacterId, aboard: &BTreeSet<CharacterId>) -> Result<(), Why> {
    let Some(c) = ctx.character(who) else { return Err(Why::UnknownCharacter) };
    if !c.is_alive() {
        return Err(Why::Dead);
    }
    if !c.is_free() {
        return Err(Why::Prisoner);
    }
    if !matches!(c.training, Some(Training::Explorer | Training::Priest | Training::Warrior)) {
        return Err(Why::WrongTrainingAboard);
    }
    if ctx.state.is_judge(who) {
        return Err(Why::JudgeStays);
    }
    if ctx.state.governorship(who).is_some() {
        return Err(Why::GovernorStays);
    }
    if aboard.contains(&who) {
        return Err(Why::AlreadyAboard);
    }
    Ok(())
}

/// Whether `who` boards `ship` (4.6: located on the ship by his own family,
/// the organiser's included; 4.10 and 6.5 for ONR/OPR families).
fn guest_accepts(ctx: &mut TurnCtx, dice: &mut Dice, who: CharacterId, ship: &str) -> bool {
    let Some(c) = ctx.character(who) else { return false };
    let family = c.family.clone();
    let training = c.training;
    match ctx.orders(&family).location_of(who) {
        Some(Place::Ship(s)) => key(s) == ship,
        Some(_) => false,
        None if ctx.defaults_apply(&family) => match training {
            // 4.10: invited explorers of ONR/OPR families go automatically.
            Some(Training::Explorer) => {
                ctx.emit(Event::DefaultLocation { who, place: Place::Ship(ship.to_string()), rule: "4.10".into() });
                true
            }
            // 6.5: their warriors go by lot to one of the Grand General's
            // fleets or to the ship (RULINGS 6.5).
            Some(Training::Warrior) => {
                if ctx.scratch.default_fleet.contains_key(&who) {
                    return false;
                }
                let fleets = super::p06_warriors::fleets_named_by_the_general(ctx);
                let name = ctx.state.full_name(who);
                let n = fleets.len() + 1;
                let i = dice.pick_index(n, "6.5", format!("{name}: a fleet of the Grand General or ship {ship}")).unwrap_or(0);
                match fleets.get(i) {
                    Some(f) => {
                        ctx.scratch.default_fleet.insert(who, *f);
                        false
                    }
                    None => {
                        ctx.emit(Event::DefaultLocation { who, place: Place::Ship(ship.to_string()), rule: "6.5".into() });
                        true
                    }
                }
            }
            _ => false,
        },
        None => false,
    }
}

#[allow(clippy::too_many_arguments)]
fn depart(
    ctx: &mut TurnCtx,
    dice: &mut Dice,
    family: &str,
    e: &ExpeditionOrder,
    auto_permit: bool,
    forbidden: Option<&str>,
    aboard: &mut BTreeSet<CharacterId>,
    used: &mut BTreeSet<String>,
) {
    let turn = ctx.turn();
    let ship_key = key(&e.ship);
    let ship_name = ctx.state.ships.get(&ship_key).map_or(e.ship.clone(), |s| s.name.clone());
    let cancel = |ctx: &mut TurnCtx, reason: Why| {
        ctx.emit(Event::ExpeditionCancelled { ship: ship_name.clone(), family: family.to_string(), reason: reason.into() })
    };
    let usable = ctx.state.ships.get(&ship_key).is_some_and(|s| s.in_service() && s.user(turn) == family);
    if !usable {
        return cancel(ctx, Why::ShipNotAvailable);
    }
    if !used.insert(ship_key.clone()) {
        return cancel(ctx, Why::ShipAlreadyOut);
    }
    if forbidden.is_some_and(|f| key(f) == ship_key) {
        ctx.emit(Event::ShipForbidden { ship: ship_name.clone() });
        return cancel(ctx, Why::DepartureForbidden);
    }

    // The captain (4.7).
    let cap = e.captain;
    if let Err(r) = can_board(ctx, cap, aboard) {
        return cancel(ctx, Why::Captain { why: r.msg() });
    }
    let cap_ok = ctx.character(cap).is_some_and(|c| c.training == Some(Training::Explorer));
    if !cap_ok {
        return cancel(ctx, Why::CaptainNotExplorer);
    }
    let in_pyramid = ctx.state.pyramid(Pyramid::Explorers).seat_of(cap).is_some();
    let has_permit = ctx.character(cap).is_some_and(|c| c.exploration_permit_turn == Some(turn));
    if !in_pyramid && !has_permit {
        if auto_permit {
            if let Some(c) = ctx.state.character_mut(cap) {
                c.exploration_permit_turn = Some(turn);
            }
            ctx.emit(Event::ExplorationPermit { who: cap, automatic: true });
        } else {
            return cancel(ctx, Why::CaptainNoPermit);
        }
    }
    let cap_family = ctx.character(cap).map(|c| c.family.clone()).unwrap_or_default();
    if cap_family != family && !guest_accepts(ctx, dice, cap, &ship_key) {
        return cancel(ctx, Why::CaptainNotLocated);
    }

    // Everyone else aboard (4.5, 4.6).
    let mut members = vec![cap];
    let mut candidates: Vec<CharacterId> = e.guests.clone();
    // The organiser's own characters located on the ship count as listed (RULINGS 4.6).
    for l in &ctx.orders(family).locations {
        if matches!(&l.place, Place::Ship(s) if key(s) == ship_key) && !candidates.contains(&l.who) {
            candidates.push(l.who);
        }
    }
    let mut tmp_aboard = aboard.clone();
    tmp_aboard.insert(cap);
    for who in candidates {
        if members.contains(&who) {
            continue;
        }
        if let Err(r) = can_board(ctx, who, &tmp_aboard) {
            ctx.emit(Event::GuestStayed { ship: ship_name.clone(), who, reason: r.msg() });
            continue;
        }
        // 4.6: located on the ship by his family, the organiser's own
        // guests included (RULINGS 4.6).
        let accepted = guest_accepts(ctx, dice, who, &ship_key);
        if !accepted {
            ctx.emit(Event::GuestStayed {
                ship: ship_name.clone(),
                who,
                reason: Why::GuestNotLocated.msg(),
            });
            continue;
        }
        members.push(who);
        tmp_aboard.insert(who);
    }

    // 4.3: at least an explorer and a priest.
    // (the captain is the explorer)
    let has = |t: Training| members.iter().any(|m| ctx.character(*m).is_some_and(|c| c.training == Some(t)));
    if !has(Training::Priest) {
        return cancel(ctx, Why::CrewIncomplete);
    }
    members.sort();
    for &m in &members {
        aboard.insert(m);
        place(ctx, m, Place::Ship(ship_key.clone()));
        if let Some(c) = ctx.state.character_mut(m) {
            c.expeditions += 1;
            if m == cap {
                c.expeditions_as_captain += 1;
            }
        }
    }
    if let Some(s) = ctx.state.ships.get_mut(&ship_key) {
        s.expeditions += 1;
    }
    ctx.emit(Event::ExpeditionDeparted { ship: ship_name.clone(), family: family.to_string(), captain: cap, members: members.clone() });

    let mut exp = Expedition {
        ship: ship_key.clone(),
        family: family.to_string(),
        captain: cap,
        members: members.clone(),
        planet_name: e.planet_name.clone(),
        exploded: None,
    };

    // 2.4.3: a sabotaged ship in use blows up on 4 in 6.
    if let Some(pos) = ctx.scratch.sabotages.iter().position(|p| p.ship == ship_key) {
        let p = ctx.scratch.sabotages.remove(pos);
        let boom = dice.chance_in_6(4, "2.4.3", format!("sabotaged ship {ship_name} explodes"));
        if boom {
            explode(ctx, dice, &ship_key, &ship_name, &members, p.year);
            exp.exploded = Some(p.year);
        }
        investigate(ctx, dice, p.contract_no, &ContractKind::Sabotage(ship_key.clone()), &p.sponsors, &members, None);
    }
    ctx.state.cycle.expeditions.push(exp);
}

/// 2.4.4: everyone aboard without a capsule dies (no doctor: 1.4.1); the
/// capsules follow 1.1.1. The ship is destroyed, which costs the Emperor and
/// the Grand Commander 20 PP each (14.7).
fn explode(ctx: &mut TurnCtx, dice: &mut Dice, ship_key: &str, ship_name: &str, members: &[CharacterId], year: u8) {
    let turn = ctx.turn();
    ctx.emit(Event::ShipExploded { ship: ship_name.to_string(), year });
    if let Some(s) = ctx.state.ships.get_mut(ship_key) {
        s.fate = ShipFate::Destroyed { turn };
    }
    for &m in members {
        let capsule = ctx.character(m).is_some_and(|c| c.bought(turn).capsule);
        if capsule {
            capsule_fate(ctx, dice, m, year, ship_name);
        } else {
            ctx.kill(m, year, DeathCause::ShipExploded, Some(ship_name.to_string()), "2.4.4");
        }
    }
    for p in [Pyramid::Government, Pyramid::Explorers] {
        if let Some(h) = ctx.state.head(p).filter(|h| ctx.alive(*h)) {
            ctx.add_pp(h, -20, "14.7", Why::ShipDestroyed { ship: ship_name.to_string() });
        }
    }
}

/// 1.1.1: what becomes of a survival capsule. A 4 with no rebels, or a 5
/// with no Pouark planet, reads as a 6 (RULINGS 1.1.1).
pub fn capsule_fate(ctx: &mut TurnCtx, dice: &mut Dice, who: CharacterId, year: u8, ship_name: &str) {
    let turn = ctx.turn();
    let name = ctx.state.full_name(who);
    let die = dice.d6("1.1.1", format!("survival capsule of {name}"));
    let rebel_planets: Vec<String> = ctx.state.planets.iter().filter(|(_, p)| p.held_by_rebels()).map(|(k, _)| k.clone()).collect();
    let pouark_planets: Vec<String> = ctx.state.planets.iter().filter(|(_, p)| p.held_by_pouarks()).map(|(k, _)| k.clone()).collect();
    let effective = match die {
        4 if rebel_planets.is_empty() => 6,
        5 if pouark_planets.is_empty() => 6,
        d => d,
    };
    let outcome = match effective {
        1 => {
            ctx.kill(who, year, DeathCause::ShipExploded, Some(ship_name.to_string()), "1.1.1");
            Why::CapsuleTooLate
        }
        2 => {
            ctx.kill(who, year, DeathCause::LostCapsule, Some(ship_name.to_string()), "1.1.1");
            Why::CapsuleCoffin
        }
        3 => {
            ctx.kill(who, year, DeathCause::LostCapsule, None, "1.1.1");
            Why::CapsuleLost
        }
        4 | 5 => {
            let (captor, list, what) = if effective == 4 {
                (Captor::Rebels, &rebel_planets, CaptorKind::Rebels)
            } else {
                (Captor::Pouarks, &pouark_planets, CaptorKind::Pouarks)
            };
            let i = dice.pick_index(list.len(), "1.1.1", format!("where {name} is held")).unwrap_or(0);
            let planet = list.get(i).cloned();
            if let Some(c) = ctx.state.character_mut(who) {
                c.captivity = Some(Captivity { captor, planet: planet.clone(), since_turn: turn });
                c.last_place = planet.clone().map(Place::Colony);
            }
            let shown = planet.and_then(|p| ctx.state.planets.get(&p).map(|x| x.name.clone())).unwrap_or_default();
            Why::CapsuleRecovered { captor: what, planet: shown }
        }
        _ => {
            let planets: Vec<String> = ctx.state.planets.iter().filter(|(_, p)| p.held_by_empire()).map(|(k, _)| k.clone()).collect();
            let i = dice.pick_index(planets.len(), "1.1.1", format!("where the capsule of {name} lands")).unwrap_or(0);
            let planet = planets.get(i).cloned().unwrap_or_else(|| key(CAPITAL));
            let shown = ctx.state.planets.get(&planet).map_or(planet.clone(), |p| p.name.clone());
            let at = if planet == key(CAPITAL) { Place::Stellarium } else { Place::Colony(planet.clone()) };
            if let Some(c) = ctx.state.character_mut(who) {
                c.last_place = Some(at);
            }
            Why::CapsuleLands { planet: shown }
        }
    };
    ctx.emit(Event::CapsuleOutcome { who, die, outcome: outcome.msg() });
}
