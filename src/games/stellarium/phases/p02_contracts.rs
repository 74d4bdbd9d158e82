//! Phase 2: contracts with the Dark Tentacle (2).
//!
//! 1. (Credits: see 8.)
//! 2. Ransoms of hostages already held (2.2.4).
//! 3. Proposals: as many as the family's credit, at most 7 (2.8.1), one per
//!    sponsor (2.8.4), none from families in debt or sponsors imprisoned at
//!    the start of the turn (2.0.3).
//! 4. Identical contracts merge, their sums added (2.8.3).
//! 5. The Tentacle takes the 5 + ⌈F/10⌉ best paid (F: families OR last
//!    turn), ties by the sponsor's prestige then by lot (2.8.2); each
//!    sponsoring family pays its offer and loses a credit (2.8.5).
//! 6. Years are drawn by lot and the most generous served first (2.8.6);
//!    contracts are carried out in that order.
//! 7. Every crime is investigated: 3 in 6, 5 in 6 when a victim is a Kolombo
//!    client, one die per sponsor (2.9, 2.8.3); the unmasked lose 10 PP and
//!    are tried (2.9.3).
//! 8. Credit: +1 for a family whose orders are given (OR) this turn
//!    (2.8.5), after the contracts: it serves from the next turn.
//!
//! Sabotages (2.4, exploration ships only per the "Modification") and bombs
//! (2.5) need to know who boards and who speculates: they are set off in
//! phases 4 and 5, and investigated there.

use std::collections::BTreeSet;

use crate::dice::Dice;
use crate::game::{FamilyKey, OrderStatus};

use super::super::events::{ContractTarget, Event};
use super::super::why::Why;
use crate::i18n::Msg;
use super::super::model::{
    Captivity, Captor, CharacterId, Charge, ContractKindTag, DeathCause, Place, State, MAX_CONTRACTS,
};
use super::super::orders::ContractKind;
use super::{PendingCrime, TurnCtx};

/// One proposal the Tentacle considers.
#[derive(Debug, Clone)]
struct Offer {
    family: FamilyKey,
    sponsor: CharacterId,
    amount: u32,
}

/// A contract after merging identical proposals (2.8.3).
#[derive(Debug, Clone)]
struct Contract {
    kind: ContractKind,
    offers: Vec<Offer>,
}

impl Contract {
    fn total(&self) -> u32 {
        self.offers.iter().map(|o| o.amount).sum()
    }
    fn sponsors(&self) -> Vec<CharacterId> {
        self.offers.iter().map(|o| o.sponsor).collect()
    }
}

/// 2.8.2: contracts the Tentacle carries out in a turn, for `families_or_last_turn`.
pub fn contracts_executed_per_turn(families_or_last_turn: u32) -> usize {
    5 + families_or_last_turn.div_ceil(10) as usize
}

pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let keys: Vec<FamilyKey> = ctx.state.families.keys().cloned().collect();

    // 2. 2.2.4: ransoms for hostages held since an earlier turn.
    for k in &keys {
        for &who in &ctx.orders(k).ransoms {
            let held = ctx.character(who).is_some_and(|c| {
                c.family == *k && c.is_alive() && matches!(&c.captivity, Some(Captivity { captor: Captor::DarkTentacle { .. }, .. }))
            });
            if held {
                pay_ransom(ctx, who);
            } else {
                ctx.emit(Event::RansomRefused { who, reason: Why::NotHostage.into() });
            }
        }
    }

    // 3–4. Proposals, merged.
    let mut contracts: Vec<Contract> = Vec::new();
    for k in &keys {
        for (kind, offer) in proposals(ctx, k) {
            match contracts.iter_mut().find(|c| c.kind == kind) {
                Some(c) => c.offers.push(offer),
                None => contracts.push(Contract { kind, offers: vec![offer] }),
            }
        }
    }
    if contracts.is_empty() {
        earn_credits(ctx, &keys);
        return;
    }

    // 5. The best paid; ties by the best sponsor's prestige, then by lot.
    let ranked = rank(ctx, contracts, dice);
    let n = contracts_executed_per_turn(ctx.start.families_or_last_turn());
    let (chosen, rejected) = ranked.split_at(n.min(ranked.len()));
    for c in rejected {
        let target = target_of(&ctx.state, &c.kind);
        ctx.emit(Event::ContractNotSelected { sponsors: c.sponsors(), kind: c.kind.tag(), target, total: c.total() });
    }

    // 6. 2.8.6: the years by lot, the most generous served first.
    let mut years: Vec<u8> = (0..chosen.len()).map(|i| dice.range(1, 10, "2.8.6", format!("year of contract {}", i + 1)) as u8).collect();
    years.sort_unstable();

    for (i, c) in chosen.iter().enumerate() {
        // 2.8.5 and payment: each sponsoring family pays its offer, loses one credit.
        let mut fams: BTreeSet<FamilyKey> = BTreeSet::new();
        for o in &c.offers {
            ctx.add_money(&o.family, -i64::from(o.amount), "2.8", Why::Contract { kind: super::super::why::contract_kind(c.kind.tag()) });
            fams.insert(o.family.clone());
        }
        for f in fams {
            if let Some(fam) = ctx.state.family_mut(&f) {
                fam.dark_tentacle_credit = fam.dark_tentacle_credit.saturating_sub(1);
            }
        }
        let contract_no = i as u32 + 1;
        execute(ctx, dice, contract_no, c, years[i]);
    }
    earn_credits(ctx, &keys);
}

/// 2.8.5: a credit for each turn the family gave its orders (OR), earned
/// once this turn's contracts are done, so that it serves from the next
/// turn (RULINGS 2.8.5); each family then learns its (secret) credit.
pub(super) fn earn_credits(ctx: &mut TurnCtx, keys: &[FamilyKey]) {
    for k in keys {
        if ctx.status(k) == OrderStatus::Or {
            if let Some(f) = ctx.state.family_mut(k) {
                f.dark_tentacle_credit += 1;
            }
        }
    }
    for k in keys {
        if let Some(f) = ctx.state.family(k) {
            let credit = f.dark_tentacle_credit;
            ctx.emit(Event::Credit { family: k.clone(), credit });
        }
    }
}

/// The proposals of `family` the Tentacle considers, in the order written.
fn proposals(ctx: &mut TurnCtx, family: &str) -> Vec<(ContractKind, Offer)> {
    let orders = ctx.orders(family);
    let mut out = Vec::new();
    if orders.contracts.is_empty() {
        return out;
    }
    let Some(fam) = ctx.state.family(family) else { return out };
    let in_debt = ctx.start.family(family).is_none_or(|f| f.in_debt());
    let limit = fam.dark_tentacle_credit.min(MAX_CONTRACTS) as usize;
    let mut budget = fam.money.max(0);
    let mut used: BTreeSet<CharacterId> = BTreeSet::new();
    for co in &orders.contracts {
        let refuse = |reason: Why| Event::ContractRefused { family: family.to_string(), sponsor: co.sponsor, reason: reason.into() };
        let sponsor_ok = ctx.start.character(co.sponsor).is_some_and(|c| c.family == family && c.is_alive() && !c.is_prisoner())
            && ctx.alive(co.sponsor);
        let reason = if in_debt {
            Some(Why::FamilyInDebt { rule: "2.0.3".into() })
        } else if !sponsor_ok {
            Some(Why::SponsorNotFree)
        } else if used.contains(&co.sponsor) {
            Some(Why::OneContractATurn)
        } else if out.len() >= limit {
            Some(Why::NoCredit)
        } else if co.amount == 0 {
            Some(Why::AmountTooSmall)
        } else if i64::from(co.amount) > budget {
            Some(Why::CannotPayAmount)
        } else if !target_ok(&ctx.state, &co.kind) {
            Some(Why::ImpossibleTarget)
        } else {
            None
        };
        if let Some(r) = reason {
            let e = refuse(r);
            ctx.emit(e);
            continue;
        }
        used.insert(co.sponsor);
        budget -= i64::from(co.amount);
        out.push((normalise(&co.kind), Offer { family: family.to_string(), sponsor: co.sponsor, amount: co.amount }));
    }
    out
}

/// Identical contracts are equal after this (2.8.3: treason ship lists sorted).
fn normalise(kind: &ContractKind) -> ContractKind {
    match kind {
        ContractKind::Treason(ships) => {
            let mut s = ships.clone();
            s.sort();
            s.dedup();
            ContractKind::Treason(s)
        }
        k => k.clone(),
    }
}

fn target_ok(state: &State, kind: &ContractKind) -> bool {
    match kind {
        ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => state.character(*t).is_some(),
        // 2.4 "Modification": exploration ships only (the only ships the game tracks).
        ContractKind::Sabotage(ship) => state.ships.get(ship).is_some_and(|s| s.in_service()),
        ContractKind::Bomb | ContractKind::Treason(_) => true,
        ContractKind::Rebellion(p) => state.planets.get(p).is_some_and(|p| p.is_colony() && p.held_by_empire()),
    }
}

fn target_of(state: &State, kind: &ContractKind) -> ContractTarget {
    match kind {
        ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => ContractTarget::Character { id: *t },
        ContractKind::Sabotage(s) => ContractTarget::Ship { ship: state.ships.get(s).map_or(s.clone(), |x| x.name.clone()) },
        ContractKind::Bomb => ContractTarget::Exchange,
        ContractKind::Rebellion(p) => ContractTarget::Colony { planet: p.clone() },
        ContractKind::Treason(ships) => ContractTarget::Pouarks { ships: ships.clone() },
    }
}

/// The target in words, for the charge of an unmasked sponsor.
fn target_words(state: &State, kind: &ContractKind) -> Why {
    match kind {
        ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => Why::TargetNamed { name: state.full_name(*t) },
        ContractKind::Sabotage(s) => Why::TargetNamed { name: state.ships.get(s).map_or(s.clone(), |x| x.name.clone()) },
        ContractKind::Bomb => Why::TargetExchange,
        ContractKind::Rebellion(p) => Why::TargetNamed { name: state.planets.get(p).map_or(p.clone(), |x| x.name.clone()) },
        ContractKind::Treason(_) => Why::TargetTreason,
    }
}

/// 2.8.2: by total offered, then the best sponsor's prestige, then by lot.
fn rank(ctx: &TurnCtx, contracts: Vec<Contract>, dice: &mut Dice) -> Vec<Contract> {
    let best_pp = |c: &Contract| c.offers.iter().filter_map(|o| ctx.character(o.sponsor).map(|x| x.pp)).max().unwrap_or(i64::MIN);
    let mut keyed: Vec<(u32, i64, Contract)> = contracts.into_iter().map(|c| (c.total(), best_pp(&c), c)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = Vec::with_capacity(keyed.len());
    let mut i = 0;
    while i < keyed.len() {
        let mut j = i + 1;
        while j < keyed.len() && keyed[j].0 == keyed[i].0 && keyed[j].1 == keyed[i].1 {
            j += 1;
        }
        let mut group: Vec<Contract> = keyed[i..j].iter().map(|k| k.2.clone()).collect();
        if group.len() > 1 {
            dice.shuffle(&mut group, "2.8.2", format!("tie between contracts at {} M$", keyed[i].0));
        }
        out.extend(group);
        i = j;
    }
    out
}

/// 2.1.3, 2.2.3: the Emperor, judges and those with bodyguards are harder to reach.
fn protected(state: &State, who: CharacterId) -> bool {
    state.has_imperial_guard(who) || state.character(who).is_some_and(|c| c.bought(state.turn).bodyguards)
}

/// Where a victim is taken (2.2.5 "sur la planète où s'est produit
/// l'enlèvement"): the colony its LIEU order sends it to this cycle, its
/// governorship or its prison, else Stellarium (RULINGS 2.2.5).
fn kidnapping_planet(ctx: &TurnCtx, who: CharacterId) -> String {
    let Some(c) = ctx.character(who) else { return crate::text::key(super::super::model::CAPITAL) };
    if let Some(s) = &c.sentence {
        return s.planet.clone();
    }
    if let Some(p) = ctx.state.governorship(who) {
        return p.to_string();
    }
    if let Some(Place::Colony(p)) = ctx.orders(&c.family).location_of(who) {
        if ctx.state.planets.get(p).is_some_and(|x| x.held_by_empire()) {
            return p.clone();
        }
    }
    crate::text::key(super::super::model::CAPITAL)
}

fn execute(ctx: &mut TurnCtx, dice: &mut Dice, contract_no: u32, c: &Contract, year: u8) {
    let sponsors = c.sponsors();
    let target = target_of(&ctx.state, &c.kind);
    let tag = c.kind.tag();
    let executed = |success: bool, detail: Option<Why>| Event::ContractExecuted {
        contract_no,
        kind: tag,
        target: target.clone(),
        sponsors: sponsors.clone(),
        total: c.total(),
        year,
        success,
        detail: detail.map(Msg::from),
    };
    match &c.kind {
        ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => {
            let t = *t;
            let name = ctx.state.full_name(t);
            let reachable = ctx.character(t).is_some_and(|x| {
                x.is_alive() && !(tag == ContractKindTag::Kidnapping && x.captivity.is_some()) && !x.is_held_by_enemy()
            });
            if !reachable {
                // RULINGS 2: a target dead, or held by the Pouarks or the
                // rebels (or already a hostage, for a kidnapping), is out of
                // reach: the contract is void, no crime, no investigation.
                ctx.emit(executed(false, Some(Why::OutOfReach)));
                return;
            }
            let (chance, rule) = match tag {
                ContractKindTag::Scandal => (5, "2.3.2"),
                ContractKindTag::Assassination if protected(&ctx.state, t) => (2, "2.1.3"),
                ContractKindTag::Assassination => (5, "2.1.2"),
                _ if protected(&ctx.state, t) => (2, "2.2.3"),
                _ => (5, "2.2.2"),
            };
            let ok = dice.chance_in_6(chance, rule, format!("{tag:?} of {name}"));
            let mut scandal_case = None;
            if ok {
                match tag {
                    ContractKindTag::Assassination => {
                        let place = ctx.character(t).and_then(|x| x.sentence.as_ref().map(|s| s.planet.clone()));
                        ctx.kill_unless_revived(t, year, DeathCause::Assassinated, place, "2.1", dice);
                    }
                    ContractKindTag::Kidnapping => {
                        let planet = kidnapping_planet(ctx, t);
                        let sponsor_family = c
                            .offers
                            .iter()
                            .max_by(|a, b| a.amount.cmp(&b.amount).then(b.sponsor.cmp(&a.sponsor)))
                            .map(|o| o.family.clone());
                        let turn = ctx.turn();
                        if let Some(x) = ctx.state.character_mut(t) {
                            x.captivity = Some(Captivity {
                                captor: Captor::DarkTentacle { sponsor_family },
                                planet: Some(planet.clone()),
                                since_turn: turn,
                            });
                        }
                        ctx.emit(Event::Kidnapped { who: t, planet, year });
                        // 2.2.4: "immédiatement relâché si sa famille accepte de payer".
                        let fam = ctx.character(t).map(|x| x.family.clone()).unwrap_or_default();
                        if ctx.orders(&fam).ransoms.contains(&t) {
                            pay_ransom(ctx, t);
                        }
                    }
                    _ => {
                        ctx.emit(Event::ScandalStruck { who: t, year });
                        ctx.add_pp(t, -10, "2.3.3", Why::ScandalVictim);
                        scandal_case = Some(ctx.open_trial(t, Charge::Scandal, "2.3.3"));
                    }
                }
            }
            ctx.emit(executed(ok, None));
            investigate(ctx, dice, contract_no, &c.kind, &sponsors, &[t], scandal_case);
        }
        ContractKind::Sabotage(ship) => {
            ctx.emit(executed(true, Some(Why::BombOnBoard)));
            let name = ctx.state.ships.get(ship).map_or(ship.clone(), |s| s.name.clone());
            ctx.emit(Event::ShipSabotaged { ship: name, year });
            ctx.scratch.sabotages.push(PendingCrime { contract_no, ship: ship.clone(), year, sponsors });
        }
        ContractKind::Bomb => {
            ctx.emit(executed(true, Some(Why::BombAtExchange)));
            ctx.scratch.bombs.push(PendingCrime { contract_no, ship: String::new(), year, sponsors });
        }
        ContractKind::Rebellion(planet) => {
            let holds = ctx.state.planets.get(planet).is_some_and(|p| p.held_by_empire());
            let pname = ctx.state.planets.get(planet).map_or(planet.clone(), |p| p.name.clone());
            let ok = holds && dice.chance_in_6(4, "2.6.2", format!("rebellion incited on {pname}"));
            if ok {
                ctx.state.cycle.incited_rebellions.push((planet.clone(), year));
                ctx.emit(Event::RebellionIncited { planet: planet.clone(), year });
            }
            ctx.emit(executed(ok, if holds { None } else { Some(Why::ColonyLost) }));
            investigate(ctx, dice, contract_no, &c.kind, &sponsors, &[], None);
        }
        ContractKind::Treason(ships) => {
            let ok = dice.chance_in_6(4, "2.7.2", "treason reaches the Pouarks");
            if ok {
                // 2.7.3 NB: a treason in the 9th year or later comes too late
                // (RULINGS; setting `treason_too_late_from_year`).
                let effective = year < ctx.state.settings.treason_too_late_from_year;
                if effective {
                    let turn = ctx.turn();
                    let from = match ctx.state.treason {
                        Some((t, y)) if t == turn => y.min(year),
                        _ => year,
                    };
                    ctx.state.treason = Some((turn, from));
                    ctx.state.cycle.treason_ships.extend(ships.iter().cloned());
                }
                ctx.emit(Event::TreasonSucceeded { year, effective, ships: ships.clone() });
            }
            ctx.emit(executed(ok, None));
            investigate(ctx, dice, contract_no, &c.kind, &sponsors, &[], None);
        }
    }
}

/// 2.2.4: the ransom is a tenth of the hostage's PP, rounded down, at least
/// 1 M$; half (rounded down) goes to the sponsor's family, the rest to the
/// Tentacle. Paid only when the family has the money (RULINGS).
pub fn pay_ransom(ctx: &mut TurnCtx, who: CharacterId) {
    let Some(c) = ctx.character(who) else { return };
    let Some(Captivity { captor: Captor::DarkTentacle { sponsor_family }, .. }) = c.captivity.clone() else { return };
    let family = c.family.clone();
    let amount = (c.pp.div_euclid(10)).max(1);
    if ctx.state.family(&family).is_none_or(|f| f.money < amount) {
        ctx.emit(Event::RansomRefused { who, reason: Why::RansomUnpaid { amount }.into() });
        return;
    }
    let name = ctx.state.full_name(who);
    ctx.add_money(&family, -amount, "2.2.4", Why::Ransom { name: name.clone() });
    let half = amount / 2;
    if let Some(sf) = &sponsor_family {
        ctx.add_money(sf, half, "2.2.4", Why::RansomHalf { name });
    }
    if let Some(x) = ctx.state.character_mut(who) {
        x.captivity = None;
    }
    ctx.emit(Event::RansomPaid { who, family, amount, to_sponsor: if sponsor_family.is_some() { half } else { 0 }, sponsor_family });
}

/// 2.9: one die per sponsor (2.8.3), 3 in 6, 5 in 6 when a victim holds a
/// Kolombo insurance (2.9.2); the unmasked lose 10 PP and are tried (2.9.3).
/// A scandal found out gives its victim 5 PP back and cancels its trial;
/// its instigator is tried for it (2.3.4).
pub fn investigate(
    ctx: &mut TurnCtx,
    dice: &mut Dice,
    contract_no: u32,
    kind: &ContractKind,
    sponsors: &[CharacterId],
    victims: &[CharacterId],
    scandal_case: Option<u32>,
) {
    let turn = ctx.turn();
    let kolombo = victims.iter().any(|v| ctx.character(*v).is_some_and(|c| c.bought(turn).insurance));
    let chance = if kolombo { 5 } else { 3 };
    let mut exposed = false;
    for &s in sponsors {
        if !ctx.alive(s) {
            continue;
        }
        let name = ctx.state.full_name(s);
        let unmasked = dice.chance_in_6(chance, "2.9.2", format!("investigation of contract {contract_no}: {name}"));
        ctx.emit(Event::Investigation { contract_no, sponsor: s, kolombo, unmasked });
        if !unmasked {
            continue;
        }
        ctx.add_pp(s, -10, "2.9.3", Why::SponsorUnmasked);
        let charge = match (kind, scandal_case) {
            (ContractKind::Scandal(victim), Some(_)) => Charge::ScandalInstigator { victim: *victim },
            _ => Charge::Contract { kind: kind.tag(), target: target_words(&ctx.state, kind).msg() },
        };
        ctx.open_trial(s, charge, "2.9.3");
        if let (ContractKind::Scandal(victim), Some(case)) = (kind, scandal_case) {
            if !exposed {
                exposed = true;
                ctx.emit(Event::ScandalExposed { victim: *victim });
                ctx.add_pp(*victim, 5, "2.3.4", Why::ScandalWasPlot);
                ctx.cancel_trial(case, "2.3.4");
            }
        }
    }
}
