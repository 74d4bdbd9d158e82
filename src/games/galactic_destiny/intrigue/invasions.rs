//! The invasions of a game turn (design note §2.2, steps I and B):
//! "Invasions.", "Résolution d'invasions.", "Victoires et retraites.", "Les
//! flottes de la république.", "Combat avec infestation.", "Victimes de la
//! guerre.", "Amiraux comme pertes.", "Côtés multiples dans une bataille.".
//!
//! - [`open`] carries out the Republic fleet's voted orders when the
//!   intrigue opens ("niveau 1", before every window): its fleets move from
//!   sector 1 (or the group's `from`), an `ATTAQUE` group invades its
//!   (infested) sector for neutrality, a voted admiral goes (exhausted) or,
//!   unable to, takes 2 corruption ("Vote sur la flotte de la république").
//! - [`declare`] plays the party invasions and defences of an I step
//!   (`INVASION`, `DEFENDRE`): fleets move at once and are shown to the
//!   next windows; an invasion's 2 corruption (on its admiral, exhausted,
//!   else the senator named, else G19's), none against an infested sector
//!   without claim nor for the first invasion of sector 29's owner
//!   ("Insurrection bienvenue."); Déclaration de mouvement's 2 money per
//!   fleet moved.
//! - [`fight`] checks Comité de surveillance (G39), then fights every
//!   battle in B, worst initiative first (the
//!   Republic's and the infestation's level 1 before every party), through
//!   [`super::battle`]: sides, dice, losses, admirals killed, the sector's
//!   new owner; then the retreats (G15), placed after every battle, and the
//!   Republic's survivors back to sector 1.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

use super::super::components::parties::Skill;
use super::super::components::{board::Ability, PartyId, SectorNo};
use super::super::common;
use super::super::events::{CorruptionWhy, Event};
use super::super::model::{GdState, Law, TaxedAction, REPUBLIC_HOME};
use super::super::orders::{Aim, Order, Orders};
use super::super::senate::Ministry;
use super::battle::{self, Admiral, BattleSkills, Contingent, Force, Invasion, Stake};
use super::fight_skills::{self, Contest, Reroll, When};

/// Corruption a senator voted admiral of the Republic's fleet takes when he
/// cannot go ("il a enfreint la loi du sénat et gagnent 2 corruption").
pub const ADMIRAL_BREACH: u8 = 2;
/// An invasion's corruption ("Ce sénateur gagne immédiatement 2 jetons de
/// corruption"; without admiral, "placez les 2 jetons … sur n'importe quel
/// sénateur").
pub const INVASION_CORRUPTION: u8 = 2;
/// "Déclaration de mouvement": 2 money per fleet moved.
pub const MOVEMENT_COST: u8 = 2;

/// Whether an invasion costs no corruption (G-rulings, design note §3.3):
/// against an infested sector without claim (the Ke'Ras fought for the
/// Republic's sake), or the first invasion of the turn of the party owning
/// sector 29 ("Insurrection bienvenue.").
pub fn invasion_corruption_free(infested: bool, aim: Aim, first_of_sector_29_owner: bool) -> bool {
    (infested && aim == Aim::Neutral) || first_of_sector_29_owner
}

/// One invasion declared against a sector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    pub sector: SectorNo,
    pub force: Force<PartyId>,
    pub fleets: u8,
    pub admiral: Option<String>,
    pub stake: Stake<PartyId>,
    /// The corruption it put on a senator, taken back if a Feint cancels it.
    #[serde(default)]
    pub corrupted: Option<Corrupted>,
}

/// Corruption an invasion placed: on whom, how much, and the shadows the
/// compulsory conversion made of it ("Jetons d'ombre").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corrupted {
    pub senator: String,
    pub amount: u8,
    pub shadows: u8,
}

/// Fleets a party moved (or declared where they are, `from == to`) in a
/// window: what a Feint undoes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    pub party: PartyId,
    pub from: SectorNo,
    pub to: SectorNo,
    pub count: u8,
}

/// What the invasion windows have declared this game turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Declared {
    /// Every invasion, in declaration order (the Republic's first).
    #[serde(default)]
    pub invasions: Vec<Declaration>,
    /// The admirals the senate sent with Republic fleets that patrol (no
    /// `ATTAQUE`): they lead them should their sector be invaded.
    #[serde(default)]
    pub patrol_admirals: BTreeMap<SectorNo, String>,
    /// Party fleets moved or declared this turn, by where they are now:
    /// "Les flottes peuvent seulement se déplacer une fois par tour".
    #[serde(default)]
    pub committed: BTreeMap<SectorNo, BTreeMap<PartyId, u8>>,
    /// Every party move of the windows, in order.
    #[serde(default)]
    pub moves: Vec<Moved>,
    /// The Feint round of the turn (B, the F windows, B′).
    #[serde(default)]
    pub feint: super::feint::Round,
    /// The Republic's moves carried out when the intrigue opened or the
    /// Defence minister redeployed it, in order: (from, to, fleets).
    #[serde(default)]
    pub republic_moves: Vec<(SectorNo, SectorNo, u8)>,
}

/// Declares the Republic fleet's voted orders when the intrigue opens
/// ("niveau 1": before any party's window). Each group takes its fleets
/// from its `from` sector (sector 1 without one), as many as are there; an
/// attacking group against a sector still infested invades it (the
/// Republic's stake is always neutrality; no corruption, G50); the other
/// groups patrol where they arrive and defend it. The fleets have moved for
/// the turn.
pub fn open(state: &mut GdState, _dice: &mut Dice, events: &mut Vec<Event>) {
    state.intrigue.invasions = Declared::default();
    let Some(groups) = state.fleet_orders.clone() else { return };
    for g in groups {
        let from = g.from.unwrap_or(REPUBLIC_HOME);
        let there = state.republic_at.get(&from).copied().unwrap_or(0);
        let count = g.count.min(there);
        let short = g.count - count;
        if count > 0 && from != g.to {
            move_republic(state, from, g.to, count);
            state.intrigue.invasions.republic_moves.push((from, g.to, count));
        }
        // Sent into an infested sector they fight it, ATTAQUE written or
        // not ("TOUJOURS de rendre le secteur neutre"); into a rebel sector
        // with ATTAQUE they fight it for neutrality too; elsewhere they
        // patrol.
        let rebel_target = g.attack && super::super::rebellion::rebel_sector(state, g.to);
        let attack = count > 0 && (rebel_target || state.fx.sectors.get(&g.to).is_some_and(|s| s.infested));
        // The voted admiral goes if he can; a Republic fleet must be there
        // for him to lead ("au moins 1 flotte").
        let admiral = match &g.admiral {
            Some(a) if count > 0 => send_admiral(state, a, events),
            _ => None,
        };
        events.push(Event::RepublicFleetMoved { from, to: g.to, count, short, attack, admiral: admiral.clone() });
        if count == 0 {
            continue;
        }
        let d = &mut state.intrigue.invasions;
        if attack {
            match d.invasions.iter_mut().find(|x| x.sector == g.to && x.force == Force::Republic) {
                Some(x) => {
                    x.fleets += count;
                    if x.admiral.is_none() {
                        x.admiral = admiral;
                    }
                }
                None => d.invasions.push(Declaration { sector: g.to, force: Force::Republic, fleets: count, admiral, stake: Stake::Neutral, corrupted: None }),
            }
        } else if let Some(a) = admiral {
            d.patrol_admirals.entry(g.to).or_insert(a);
        }
    }
}

pub(super) fn move_republic(state: &mut GdState, from: SectorNo, to: SectorNo, count: u8) {
    if let Some(n) = state.republic_at.get_mut(&from) {
        *n -= count;
        if *n == 0 {
            state.republic_at.remove(&from);
        }
    }
    *state.republic_at.entry(to).or_default() += count;
}

/// A senator the senate voted admiral: in play, fresh and in the senate he
/// goes and is exhausted; in play but unable (exhausted, seduced) he broke
/// the senate's law: 2 corruption. Dead or gone: nothing.
fn send_admiral(state: &mut GdState, name: &str, events: &mut Vec<Event>) -> Option<String> {
    // A rebel's senator left the senate and is bound by none of its laws.
    if super::super::rebellion::is_rebel_senator(state, name) {
        return None;
    }
    let s = state.fx.senators.get_mut(name)?;
    if !s.exhausted && !s.seduced {
        s.exhausted = true;
        return Some(name.to_string());
    }
    super::super::common::corrupt(state, name, ADMIRAL_BREACH, CorruptionWhy::FleetAdmiral, events);
    None
}

/// Plays the declarations of a closing I step: `orders` holds the orders of
/// the window's party (or every party's, sealed, played in initiative
/// order, worst first). Every line is checked again against the board as
/// it is now (a trade of the step may have moved fleets): an origin gives
/// the fleets still free there, at most what it names; a line left with
/// none is not carried out (said to its party).
pub fn declare(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, events: &mut Vec<Event>) {
    let order: Vec<PartyId> = state.initiative.iter().copied().filter(|p| orders.contains_key(p)).chain(orders.keys().copied().filter(|p| !state.initiative.contains(p))).collect();
    for p in order {
        // The admirals an earlier invasion line of this mail sent: a
        // Multitâche that stood, written after, refreshes one of them there
        // ("Un seul sénateur peut être l'amiral d'une flotte … dans
        // plusieurs secteurs différents s'il fourni une carte action, comme
        // une multitâche"), in the order of the lines.
        let mut sent: Vec<String> = Vec::new();
        for o in &orders[&p].lines {
            if super::super::cards::refresh_in_order(state, o, &mut sent) {
                continue;
            }
            match o {
                Order::Invade { sector, from, admiral, aim, corruption } => {
                    invade(state, p, *sector, from, admiral.as_deref(), *aim, corruption.as_deref(), events, o);
                    sent.extend(admiral.iter().filter(|a| state.fx.senators.get(a.as_str()).is_some_and(|s| s.exhausted)).cloned());
                }
                Order::Defend { sector, from } => {
                    if state.fx.sectors.get(sector).is_some_and(|x| x.infested) {
                        unexecuted(state, p, o, events);
                        continue;
                    }
                    let moved = move_fleets(state, p, *sector, from, events);
                    if moved.is_empty() {
                        unexecuted(state, p, o, events);
                    } else {
                        events.push(Event::Defended { party: p, sector: *sector, from: moved });
                    }
                }
                _ => {}
            }
        }
    }
}

fn unexecuted(state: &GdState, p: PartyId, o: &Order, events: &mut Vec<Event>) {
    let order = super::super::orders::words::line_in(state, o, false);
    events.push(Event::Unexecuted { party: p, order, reason: crate::msg!("gd-inv-unexecuted-no-fleets") });
}

/// Moves a party's free fleets from each origin to `to` (at most what each
/// names), commits them for the turn and charges the Déclaration de
/// mouvement. Returns what moved (origins equal to `to` included: fleets
/// declared where they are).
fn move_fleets(state: &mut GdState, p: PartyId, to: SectorNo, from: &[(SectorNo, u8)], events: &mut Vec<Event>) -> Vec<(SectorNo, u8)> {
    let mut done = Vec::new();
    for (at, n) in from {
        let here = state.fleets.get(at).and_then(|m| m.get(&p)).copied().unwrap_or(0);
        let committed = state.intrigue.invasions.committed.get(at).and_then(|m| m.get(&p)).copied().unwrap_or(0);
        let k = (*n).min(here.saturating_sub(committed));
        if k == 0 {
            continue;
        }
        if *at != to {
            remove_fleets(state, *at, p, k);
            *state.fleets.entry(to).or_default().entry(p).or_default() += k;
        }
        *state.intrigue.invasions.committed.entry(to).or_default().entry(p).or_default() += k;
        state.intrigue.invasions.moves.push(Moved { party: p, from: *at, to, count: k });
        done.push((*at, k));
    }
    let moved: u32 = done.iter().filter(|(s, _)| *s != to).map(|(_, k)| u32::from(*k)).sum();
    if moved > 0 && state.law_binds(Law::Movement, p) {
        let cost = u32::from(MOVEMENT_COST) * moved;
        match state.fx.parties.get_mut(&p).filter(|ps| u32::from(ps.money) >= cost) {
            Some(ps) => {
                ps.money -= cost as u8;
                events.push(Event::MovementPaid { party: p, fleets: moved, money: cost });
            }
            None => {
                common::breach(state, p, Law::Movement, None, events);
            }
        }
    }
    // Impôts: a tax on fleets moved is paid for each fleet that leaves its
    // sector.
    for _ in 0..moved {
        common::pay_tax(state, p, TaxedAction::FleetMoved, None, events);
    }
    done
}

/// One `INVASION` carried out: the fleets move, the admiral goes if he
/// still can (exhausted), the corruption falls, the declaration is shown.
#[allow(clippy::too_many_arguments)]
fn invade(state: &mut GdState, p: PartyId, sector: SectorNo, from: &[(SectorNo, u8)], admiral: Option<&str>, aim: Aim, corruption: Option<&str>, events: &mut Vec<Event>, o: &Order) {
    let st = state.fx.sectors.get(&sector).cloned().unwrap_or_default();
    let again = state.intrigue.invasions.invasions.iter().any(|d| d.sector == sector && d.force == Force::Party(p));
    if st.owner == Some(p) || again {
        unexecuted(state, p, o, events);
        return;
    }
    let first = !state.intrigue.invasions.invasions.iter().any(|d| d.force == Force::Party(p));
    let moved = move_fleets(state, p, sector, from, events);
    let fleets: u8 = moved.iter().map(|(_, k)| *k).sum();
    if fleets == 0 {
        unexecuted(state, p, o, events);
        return;
    }
    let admiral = admiral.filter(|a| state.fx.senators.get(*a).is_some_and(|s| s.party == p && !s.exhausted && !s.seduced)).map(String::from);
    if let Some(a) = &admiral {
        if let Some(s) = state.fx.senators.get_mut(a) {
            s.exhausted = true;
        }
    }
    let own29 = state.components.board.sector_of(Ability::InsurrectionBienvenue).and_then(|n| state.fx.sectors.get(&n)).and_then(|s| s.owner) == Some(p);
    let mut corrupted = None;
    let rebellion_free = super::super::rebellion::invasion_free(state, p, sector, aim != Aim::Neutral);
    if !invasion_corruption_free(st.infested, aim, own29 && first) && !rebellion_free {
        let why = CorruptionWhy::Invasion { sector };
        let shadows = |state: &GdState, n: &str| state.fx.senators.get(n).map_or(0, |x| x.shadow);
        let on = match &admiral {
            Some(a) => Some(a.clone()),
            None => common::place_corruption_target(state, p, corruption),
        };
        match on {
            Some(n) => {
                let before = shadows(state, &n);
                common::corrupt(state, &n, INVASION_CORRUPTION, why, events);
                let gained = shadows(state, &n).saturating_sub(before);
                corrupted = Some(Corrupted { senator: n, amount: INVASION_CORRUPTION, shadows: gained });
            }
            None => {
                common::place_corruption(state, p, None, INVASION_CORRUPTION, why, events);
            }
        }
    }
    let stake = match aim {
        Aim::Neutral => Stake::Neutral,
        Aim::Claim => Stake::Claim(p),
        Aim::For { party } => Stake::Claim(party),
    };
    events.push(Event::Invaded { party: p, sector, from: moved, admiral: admiral.clone(), stake: stake.clone() });
    // Impôts: a tax on invasions is paid as the invasion is declared.
    common::pay_tax(state, p, TaxedAction::Invasion, admiral.as_deref(), events);
    state.intrigue.invasions.invasions.push(Declaration { sector, force: Force::Party(p), fleets, admiral, stake, corrupted });
}

/// "La carte \"Feint\".": a Feint player's declarations of the turn are
/// cancelled — every fleet it moved goes back where it came from (as many
/// as are still there), its invasions are withdrawn and the corruption
/// they gave is taken back, shadows made of it included ("toute
/// corruption gagnée par eux est enlevée"); an admiral it sent stays
/// exhausted; money paid (Déclaration de mouvement, taxes) stays paid
/// (RULINGS, Feint). Said in one public event.
pub fn cancel_declarations(state: &mut GdState, p: PartyId, events: &mut Vec<Event>) {
    let d = &mut state.intrigue.invasions;
    let (mine, rest): (Vec<Moved>, Vec<Moved>) = std::mem::take(&mut d.moves).into_iter().partition(|m| m.party == p);
    d.moves = rest;
    let (withdrawn, kept): (Vec<Declaration>, Vec<Declaration>) = std::mem::take(&mut d.invasions).into_iter().partition(|x| x.force == Force::Party(p));
    d.invasions = kept;
    let mut back = 0u32;
    for m in mine.iter().rev() {
        if let Some(c) = state.intrigue.invasions.committed.get_mut(&m.to) {
            if let Some(n) = c.get_mut(&p) {
                *n = n.saturating_sub(m.count);
                if *n == 0 {
                    c.remove(&p);
                }
            }
            if c.is_empty() {
                state.intrigue.invasions.committed.remove(&m.to);
            }
        }
        if m.from == m.to {
            continue;
        }
        let there = state.fleets.get(&m.to).and_then(|x| x.get(&p)).copied().unwrap_or(0);
        let k = m.count.min(there);
        if k > 0 {
            remove_fleets(state, m.to, p, k);
            *state.fleets.entry(m.from).or_default().entry(p).or_default() += k;
            back += u32::from(k);
        }
    }
    let mut uncorrupted = Vec::new();
    for c in withdrawn.iter().filter_map(|x| x.corrupted.as_ref()) {
        if let Some(s) = state.fx.senators.get_mut(&c.senator) {
            let shadows = c.shadows.min(s.shadow);
            s.shadow -= shadows;
            s.corruption = (s.corruption + 3 * shadows).saturating_sub(c.amount);
            uncorrupted.push(c.senator.clone());
        }
    }
    events.push(Event::FeintCancelled { party: p, sectors: withdrawn.iter().map(|x| x.sector).collect(), fleets_back: back, uncorrupted });
}

/// "Comité de surveillance démocratique" (G39), checked when the
/// declarations are over: a party bound by it with fleets on the board
/// must have at least 1 of its fleets defending each marked sector (there
/// and not invading it); else it broke the law.
fn watch(state: &mut GdState, events: &mut Vec<Event>) {
    let marked: Vec<SectorNo> = state.fx.sectors.iter().filter(|(_, s)| s.marked).map(|(n, _)| *n).collect();
    let parties: Vec<PartyId> = state.parties().collect();
    for p in parties {
        if !state.law_binds(Law::Watch, p) || state.fleets_of(p) == 0 {
            continue;
        }
        let defended = |n: &SectorNo| {
            let here = state.fleets.get(n).and_then(|m| m.get(&p)).copied().unwrap_or(0);
            let invading = state.intrigue.invasions.invasions.iter().any(|d| d.sector == *n && d.force == Force::Party(p));
            here > 0 && !invading
        };
        if !marked.iter().all(defended) {
            common::breach(state, p, Law::Watch, None, events);
        }
    }
}

/// A force's initiative level in a battle: the Republic (and the
/// infestation) 0, the worst; a party its place in the order, from 1.
fn level(state: &GdState, force: &Force<PartyId>) -> u32 {
    match force {
        Force::Republic => 0,
        Force::Party(p) => state.initiative.iter().position(|q| q == p).map_or(u32::MAX, |i| i as u32 + 1),
    }
}

/// Sectors orthogonally adjacent to `n` that `party` owns ("Bonus de
/// batailles.").
fn adjacency(state: &GdState, n: SectorNo, party: PartyId) -> u32 {
    state.components.board.neighbours(n).filter(|m| state.fx.sectors.get(m).is_some_and(|s| s.owner == Some(party))).count() as u32
}

/// The battle skills of a senator's card.
fn skills(state: &GdState, name: &str) -> BattleSkills {
    let skill = state.components.senator(name).and_then(|s| s.skill);
    let has = |k: Skill| skill == Some(k);
    BattleSkills {
        tactician: has(Skill::Tacticien),
        strategist: has(Skill::Stratege),
        coward: has(Skill::Lache),
        pacifist: has(Skill::Pacifiste),
        charitable: has(Skill::Charitable),
        butcher: has(Skill::Boucher),
        believer: has(Skill::Croyant),
        atheist: has(Skill::Athee),
        code_breaker: has(Skill::InterrupteurDeCode),
    }
}

/// An admiral as the battle sees him: printed command and its modifiers,
/// his shadows, his skills, whether he holds Defence (+2, G58). None when he
/// is no longer in play.
fn admiral(state: &GdState, name: &str) -> Option<Admiral<String>> {
    let s = state.fx.senators.get(name)?;
    let printed = state.components.senator(name).map_or(0, |c| i32::from(c.command));
    Some(Admiral {
        senator: name.to_string(),
        command: printed + state.fx.command_bonus(name),
        shadow: u32::from(s.shadow),
        skills: skills(state, name),
        defence_minister: state.ministry_of(name) == Some(Ministry::Defence),
    })
}

/// "Combat avec infestation.": 1 die per shadow in play, an Athée's first
/// one excepted (G45).
fn shadow_dice_in_play(state: &GdState) -> u32 {
    state.fx.senators.iter().map(|(n, s)| super::shadow_dice(u32::from(s.shadow), skills(state, n).atheist)).sum()
}

/// The sector as the battle sees it.
fn battle_sector(state: &GdState, n: SectorNo, sight: &Sight) -> battle::Sector<PartyId> {
    let st = state.fx.sectors.get(&n).cloned().unwrap_or_default();
    let militant = st.owner.is_some() && state.components.board.sector_of(Ability::PopulationMilitante).and_then(|m| state.fx.sectors.get(&m)).and_then(|m| m.owner) == st.owner;
    let extra = if st.infested { shadow_dice_in_play(state) } else { 0 } + u32::from(militant);
    battle::Sector {
        number: u32::from(n),
        owner: st.owner,
        infested: st.infested,
        defence: state.fx.defence(&state.components, n) as i32,
        extra_dice: extra,
        owner_adjacency: st.owner.map_or(0, |o| adjacency(state, n, o)),
        // The rebel among the invaders: "Toutes les défense du secteur sont
        // réduits de moitié, arrondis au supérieur".
        halved: state.rebellion.rebel.is_some_and(|r| state.intrigue.invasions.invasions.iter().any(|d| d.sector == n && d.force == Force::Party(r))),
        owner_reroll: st.owner.map(|o| sight.reroll(state, o)).unwrap_or_default(),
        owner_cards: Default::default(),
    }
}

/// Whose eyes a battle is built for ([`lineup`]).
#[derive(Debug, Clone, Copy)]
pub enum Sight<'a> {
    /// The engine's in B: every party's `RELANCE` policy and standing
    /// Relance tactique, the step's `PERTES` orders.
    Engine(&'a BTreeMap<PartyId, Vec<PartyId>>),
    /// A party weighing its odds before B (the private report, an
    /// `INVASION`'s acknowledgement): only what it may know. Its own
    /// `RELANCE` policy counts; every other party's (and a Republic
    /// admiral's party's) is G16's default; no Relance tactique (a card) and
    /// no `PERTES` order (written in B) for anybody. Sector 34's reroll is
    /// public: its owner and whether it was used this turn.
    Reader(PartyId),
}

impl Sight<'_> {
    /// A party's rerolls in the battle as this sight may count them.
    fn reroll(&self, state: &GdState, p: PartyId) -> Reroll {
        let all = fight_skills::reroll_of(state, p, Contest::Battle);
        match self {
            Sight::Engine(_) => all,
            Sight::Reader(me) if *me == p => Reroll { card: None, ..all },
            Sight::Reader(_) => Reroll { when: When::Losing, power: all.power, card: None },
        }
    }

    /// The policy of a Republic admiral's party.
    fn republic_when(&self, state: &GdState, party: PartyId) -> When {
        match self {
            Sight::Reader(me) if *me != party => When::Losing,
            _ => fight_skills::when(state, party, Contest::Battle),
        }
    }

    /// A party's `PERTES` order.
    fn hits(&self, p: PartyId) -> Vec<PartyId> {
        match self {
            Sight::Engine(hits) => hits.get(&p).cloned().unwrap_or_default(),
            Sight::Reader(_) => Vec::new(),
        }
    }
}

/// A contingent as the battle sees it through `sight` (its party's
/// rerolls and `PERTES` order); a Republic contingent's admiral rerolls as
/// his party's policy says (it never has sector 34's reroll, which is a
/// party's).
fn contingent(state: &GdState, n: SectorNo, force: Force<PartyId>, fleets: u8, admiral_name: Option<&str>, sight: &Sight) -> Contingent<PartyId, String> {
    let reroll = match &force {
        Force::Party(p) => sight.reroll(state, *p),
        Force::Republic => {
            let party = admiral_name.and_then(|a| state.fx.senators.get(a)).map(|s| s.party);
            Reroll { when: party.map_or(When::Losing, |p| sight.republic_when(state, p)), power: false, card: None }
        }
    };
    let losses_to = match &force {
        Force::Party(p) => sight.hits(*p),
        Force::Republic => Vec::new(),
    };
    Contingent {
        adjacency: match &force {
            Force::Party(p) => adjacency(state, n, *p),
            Force::Republic => 0,
        },
        initiative: level(state, &force),
        admiral: admiral_name.and_then(|a| admiral(state, a)),
        force,
        fleets: u32::from(fleets),
        losses_to,
        reroll,
        cards: Default::default(),
    }
}

/// A pending battle as [`lineup`] builds it from the state, before the
/// cards and the sides: the sector, the fleets present that do not invade,
/// the invasions, and the admirals of the present contingents in order.
pub struct Lineup {
    pub sector: battle::Sector<PartyId>,
    pub present: Vec<Contingent<PartyId, String>>,
    pub invasions: Vec<Invasion<PartyId, String>>,
    pub admirals: Vec<Option<String>>,
}

/// The battle pending in sector `n` as the state has it, seen through
/// `sight`: the fleets present that do not invade defend with the sector (a
/// force invading the sector invades with all its fleets there); every
/// invasion with fleets there, once per force. None when no invasion is
/// left to fight. The one builder of both the battle fought in B
/// ([`fight`]) and a party's estimate of it (`view_battle_odds.rs`).
pub fn lineup(state: &GdState, n: SectorNo, sight: &Sight) -> Option<Lineup> {
    let declared: Vec<&Declaration> = state.intrigue.invasions.invasions.iter().filter(|d| d.sector == n).collect();
    let invades = |f: &Force<PartyId>| declared.iter().any(|d| &d.force == f);
    let mut present = Vec::new();
    let mut admirals: Vec<Option<String>> = Vec::new();
    for (p, k) in state.fleets.get(&n).cloned().unwrap_or_default() {
        if !invades(&Force::Party(p)) && k > 0 {
            present.push(contingent(state, n, Force::Party(p), k, None, sight));
            admirals.push(None);
        }
    }
    let republic_here = state.republic_at.get(&n).copied().unwrap_or(0);
    if !invades(&Force::Republic) && republic_here > 0 {
        let a = state.intrigue.invasions.patrol_admirals.get(&n).cloned();
        present.push(contingent(state, n, Force::Republic, republic_here, a.as_deref(), sight));
        admirals.push(a);
    }
    let mut invasions = Vec::new();
    for d in &declared {
        let here = match &d.force {
            Force::Republic => republic_here,
            Force::Party(p) => state.fleets.get(&n).and_then(|m| m.get(p)).copied().unwrap_or(0),
        };
        // A force invading a sector fights with all its fleets there.
        let fleets = here;
        if fleets == 0 || invasions.iter().any(|i: &Invasion<PartyId, String>| i.contingent.force == d.force) {
            continue;
        }
        let c = contingent(state, n, d.force.clone(), fleets, d.admiral.as_deref(), sight);
        // The Republic's invasions after the Defence minister's redeployment
        // are all his (the voted ones were cancelled): they keep their stake.
        let redeployed = d.force == Force::Republic && state.intrigue.invasions.feint.redeployed.is_some();
        invasions.push(Invasion { contingent: c, stake: d.stake.clone(), redeployed });
    }
    if invasions.is_empty() {
        return None;
    }
    Some(Lineup { sector: battle_sector(state, n, sight), present, invasions, admirals })
}

/// A battle to fight: the sector, its sides, the admirals by contingent.
struct Battle {
    sector: SectorNo,
    /// Its initiative level: the worst present (G: "résolu sur
    /// l'initiative la PLUS MAUVAISE").
    level: u32,
}

/// The battles of the turn, worst initiative first, then by sector.
fn battles(state: &GdState) -> Vec<Battle> {
    let mut out: Vec<Battle> = Vec::new();
    for d in &state.intrigue.invasions.invasions {
        if out.iter().any(|b| b.sector == d.sector) {
            continue;
        }
        let infested = state.fx.sectors.get(&d.sector).is_some_and(|s| s.infested);
        let invaders = state.intrigue.invasions.invasions.iter().filter(|x| x.sector == d.sector).map(|x| level(state, &x.force));
        let defenders = state.fleets.get(&d.sector).into_iter().flat_map(|m| m.keys()).map(|p| level(state, &Force::Party(*p)));
        let republic = state.republic_at.get(&d.sector).map(|_| 0);
        let lvl = invaders.chain(defenders).chain(republic).chain(infested.then_some(0)).min().unwrap_or(0);
        out.push(Battle { sector: d.sector, level: lvl });
    }
    out.sort_by_key(|b| (b.level, b.sector));
    out
}

/// Plays B: its answers, then every battle, worst initiative first; the
/// beaten retreat after the last battle (G15), the Republic's survivors go
/// back to sector 1.
pub fn fight(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    watch(state, events);
    // `RETRAITE <secteur> <dest>`: the last line for a sector counts.
    let mut wanted: BTreeMap<(PartyId, SectorNo), SectorNo> = BTreeMap::new();
    for (p, o) in orders {
        for l in &o.lines {
            if let Order::Retreat { sector, to } = l {
                wanted.insert((*p, *sector), *to);
            }
        }
    }
    let mut retreats: Vec<(Force<PartyId>, SectorNo, u8)> = Vec::new();
    let hits = fight_skills::hits_orders(orders);
    let mut held = Vec::new();
    for b in battles(state) {
        if fight_one(state, b.sector, orders, &hits, dice, events, &mut retreats) {
            held.push(b.sector);
        }
    }
    // A battle card whose battle was not fought goes back to hand unpaid.
    super::super::cards::contest_returned(state, orders, true, &held, events);
    for (force, from, count) in retreats {
        match force {
            Force::Republic => {
                move_republic(state, from, REPUBLIC_HOME, count);
                events.push(Event::Retreated { party: None, count, from, to: Some(REPUBLIC_HOME) });
            }
            Force::Party(p) => {
                let own: Vec<(u32, u32)> = state.sectors_of(p).into_iter().map(|s| (u32::from(s), state.fleets.get(&s).and_then(|m| m.get(&p)).map_or(0, |n| u32::from(*n)))).collect();
                let neutral: Vec<u32> = state.fx.sectors.iter().filter(|(_, s)| s.owner.is_none() && !s.infested).map(|(n, _)| u32::from(*n)).collect();
                let order = wanted.get(&(p, from)).map(|t| u32::from(*t));
                let to = battle::retreat_destination(order, &own, &neutral).map(|t| t as SectorNo);
                remove_fleets(state, from, p, count);
                if let Some(t) = to {
                    *state.fleets.entry(t).or_default().entry(p).or_default() += count;
                }
                events.push(Event::Retreated { party: Some(p), count, from, to });
            }
        }
    }
    state.intrigue.invasions.invasions.clear();
    state.intrigue.invasions.committed.clear();
}

fn remove_fleets(state: &mut GdState, at: SectorNo, p: PartyId, count: u8) {
    if let Some(m) = state.fleets.get_mut(&at) {
        if let Some(n) = m.get_mut(&p) {
            *n -= count.min(*n);
            if *n == 0 {
                m.remove(&p);
            }
        }
        if m.is_empty() {
            state.fleets.remove(&at);
        }
    }
}

/// One battle, built by [`lineup`] through the engine's sight, fought with
/// the parties' sealed battle cards (G40 sides).
/// Whether it was fought.
fn fight_one(state: &mut GdState, n: SectorNo, orders: &BTreeMap<PartyId, Orders>, hits: &BTreeMap<PartyId, Vec<PartyId>>, dice: &mut Dice, events: &mut Vec<Event>, retreats: &mut Vec<(Force<PartyId>, SectorNo, u8)>) -> bool {
    let Some(Lineup { mut sector, mut present, mut invasions, admirals }) = lineup(state, n, &Sight::Engine(hits)) else {
        return false;
    };
    // The sealed battle cards of the parties taking part (their fleets, or
    // the sector they own), shown and paid now.
    let mut parties: Vec<PartyId> = present.iter().chain(invasions.iter().map(|i| &i.contingent)).filter_map(|c| if let Force::Party(p) = c.force { Some(p) } else { None }).collect();
    parties.extend(sector.owner);
    let mut mods = super::super::cards::contest(state, orders, true, n, &parties, events);
    for c in present.iter_mut().chain(invasions.iter_mut().map(|i| &mut i.contingent)) {
        if let Force::Party(p) = c.force {
            c.cards = mods.remove(&p).unwrap_or_default();
        }
    }
    if let Some(o) = sector.owner {
        sector.owner_cards = mods.remove(&o).unwrap_or_default();
    }
    let sides = battle::form_sides(present, invasions);
    // The admirals in the order of the contingents, side by side.
    let mut by_contingent = admirals;
    for side in sides.iter().skip(1) {
        for c in &side.contingents {
            by_contingent.push(c.admiral.as_ref().map(|a| a.senator.clone()));
        }
    }
    let outcome = battle::fight(&sector, &sides, dice);
    let was = (sector.owner, sector.infested);
    // Losses, admirals killed, who leaves.
    for f in &outcome.contingents {
        let lost = f.losses as u8;
        let survivors = (f.fleets - f.losses) as u8;
        match &f.force {
            Force::Republic => {
                if lost > 0 {
                    if let Some(k) = state.republic_at.get_mut(&n) {
                        *k -= lost.min(*k);
                        if *k == 0 {
                            state.republic_at.remove(&n);
                        }
                    }
                    state.fx.republic_fleets = state.fx.republic_fleets.saturating_sub(lost);
                }
                if f.to_sector_1 && n != REPUBLIC_HOME {
                    retreats.push((Force::Republic, n, survivors));
                }
            }
            Force::Party(p) => {
                remove_fleets(state, n, *p, lost);
                if f.retreats {
                    retreats.push((Force::Party(*p), n, survivors));
                }
            }
        }
        if let Some(a) = &f.admiral_killed {
            if let Some(m) = state.ministry_of(a) {
                state.appoint(m, None);
            }
            if state.fx.senators.remove(a).is_some() {
                state.dead.push(a.clone());
            }
        }
    }
    events.push(Event::Battle { sector: n, admirals: by_contingent, outcome: outcome.clone() });
    fight_skills::rerolled(state, Contest::Battle, Some(n), &outcome.rerolls, events);
    for f in &outcome.contingents {
        if let Some(a) = &f.admiral_killed {
            events.push(Event::SenatorRemoved { senator: a.clone(), dead: true });
        }
    }
    let owner = match &outcome.after {
        battle::After::Unchanged => return true,
        battle::After::Owner(p) => Some(*p),
        battle::After::Neutral => None,
    };
    if let Some(s) = state.fx.sectors.get_mut(&n) {
        s.owner = owner;
        s.infested = false;
    }
    events.push(Event::SectorTaken { sector: n, owner, was: was.0, was_infested: was.1 });
    true
}

#[cfg(test)]
#[path = "invasions_proptests.rs"]
mod proptests;
