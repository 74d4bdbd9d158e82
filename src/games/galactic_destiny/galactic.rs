//! "La phase galactique." and "Collecte des ressources.": the automatic
//! phase that opens every game turn, rules (1)–(9), played inside the
//! adjudication that closes P (or the registration step), with its draws by
//! lot and every roll logged under its heading (design note §1.5, §2.3).
//!
//! RULINGS (Galactic Destiny, "La phase galactique."): modifiers "for a
//! turn" lapse when the next galactic phase begins; an event aimed at the
//! marked sectors acts on the sectors marked this turn (it is resolved once
//! the sector cards are drawn); a lasting event leaves the active space at
//! the galactic phase after its turns; draws go in the initiative order in
//! force (the previous turn's), the new order is rolled at the end.

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;

use super::common::in_initiative;
use super::components::board::Ability;
use super::components::cards::EventStay;
use super::components::effects::{Duration, Effect, Target};
use super::components::interpret::{End, Subject, TargetError, REPUBLIC_MAX};
use super::components::{PartyId, SectorNo, Skill};
use super::events::Event;
use super::model::{ActiveEvent, GdState, Phase, BASE_INCOME, REPUBLIC_HOME};
use super::senate::initiative::{self, Standing};
use super::senate::Ministry;
use super::setup::{draw_action, draw_senator};

/// The booklet headings the rolls of this module are logged under.
pub const HEADING: &str = "La phase galactique.";
pub const INFESTATION: &str = "Le roulement d'infestation.";

/// Republic fleets below which one comes free (rule (2)).
pub const REPUBLIC_FLOOR: u8 = 5;
/// Event and sector cards drawn a turn (rules (3), (4)).
pub const EVENTS_DRAWN: usize = 3;
pub const SECTORS_DRAWN: usize = 3;
/// Action and senator cards each party draws a turn after the first
/// (rules (5), (6)).
pub const ACTIONS_DRAWN: u8 = 2;
pub const SENATORS_DRAWN: usize = 2;
/// The infestation roll infests on this total or more (G8).
pub const INFESTATION_AT: i32 = 10;
/// "Bureaucrate": money at the start of each turn to a minister with it.
pub const BUREAUCRAT_MONEY: u8 = 3;

/// Opens game turn `state.game_turn + 1`: plays its galactic phase (turn 1:
/// no draws, rule (5)–(6)) and leaves the game at S1.
pub fn phase(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    if state.game_turn > 0 {
        // What lasted "for the turn" ends with it.
        state.fx.end(End::Turn);
    }
    state.game_turn += 1;
    let turn = state.game_turn;
    events.push(Event::GalacticPhase { turn });
    // Laws whose last turn is over leave the senate's list, said in the
    // report (G37: passed in turn T for d turns, a law binds through T + d − 1).
    for l in state.laws.iter().filter(|l| l.until < turn) {
        events.push(Event::LawLapsed { law: l.law });
    }
    state.laws.retain(|l| l.until >= turn);
    // The turn's records start empty.
    state.defied.clear();
    state.tried.clear();
    state.audited.clear();
    state.recruited.clear();
    state.taxes_paid = 0;
    state.fleet_orders = None;
    state.intrigue = Default::default();
    state.agenda.clear();
    state.filings = Default::default();

    // (1) every senator refreshed.
    for s in state.fx.senators.values_mut() {
        s.exhausted = false;
    }
    events.push(Event::Refreshed);

    // (2) fewer than 5 Republic fleets: one free, on sector 1 (G50).
    if state.fx.republic_fleets < REPUBLIC_FLOOR {
        state.fx.republic_fleets += 1;
        *state.republic_at.entry(REPUBLIC_HOME).or_default() += 1;
        events.push(Event::RepublicFleetFree { sector: REPUBLIC_HOME });
    }

    // (3) lasting events whose time is over leave; three events drawn.
    end_events(state, dice, events);
    for s in state.fx.sectors.values_mut() {
        s.marked = false;
    }
    let mut deferred = Vec::new();
    for _ in 0..EVENTS_DRAWN {
        let Some(card) = draw_event(state, dice) else { break };
        let aims_at_marks = state.components.events.iter().any(|c| c.name_fr == card && c.target == Target::Marked);
        if aims_at_marks {
            deferred.push(card);
        } else {
            resolve_event(state, &card, dice, events);
        }
    }

    // (4) three sector cards: their sectors marked (G25: the deck is remade
    // from the discards when empty).
    let marked = draw_sectors(state, dice);
    events.push(Event::SectorsMarked { sectors: marked });
    for card in deferred {
        resolve_event(state, &card, dice, events);
    }

    // (5)–(6) draws, in the initiative order in force, not on turn 1.
    if turn > 1 {
        draws(state, dice, events);
    }

    // (7) the infestation roll.
    infestation_roll(state, dice, events);

    // (8) income.
    income(state, events);

    // (9) the election marker, and the Prime Minister's call (G32).
    state.election_marker = marker_moved(state.election_marker, state.components.board.track);
    super::cards::election_call(state);
    if let Some(by) = state.election_called.take() {
        let honoured = state.ministries.get(&Ministry::PrimeMinister) == Some(&by);
        if honoured {
            state.election_marker = 0;
        }
        events.push(Event::ElectionCall { by, honoured });
    }
    events.push(Event::ElectionMarker { marker: state.election_marker, due: state.election_due() });

    // The initiative for the turn's senate (G30).
    roll_initiative(state, dice, events);
    state.phase = Phase::Filing;
}

/// Rule (9): the election marker one space toward "élection" on a track
/// of `track` numbered spaces ("Le jeton se déplace de l'espace marqué 1
/// vers l'espace marquée élection"): from space n to n + 1, from the last
/// one onto "élection" (0), where it stays until an election puts it back
/// on 1 ("Élections!"). With 3 spaces, an election every third turn.
pub fn marker_moved(marker: u8, track: u8) -> u8 {
    if marker == 0 || marker >= track {
        0
    } else {
        marker + 1
    }
}

/// Lasting events drawn `n` turns ago leave the active space; the `actif`
/// modifiers of those that stay are put back.
fn end_events(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let turn = state.game_turn;
    let lasts = |state: &GdState, card: &str| {
        state.components.events.iter().find(|c| c.name_fr == card).map_or(0, |c| match c.stay {
            EventStay::Active(n) => u32::from(n),
            EventStay::Instant => 0,
        })
    };
    let (gone, stay): (Vec<ActiveEvent>, Vec<ActiveEvent>) = std::mem::take(&mut state.active_events).into_iter().partition(|a| a.since + lasts(state, &a.card) <= turn);
    state.active_events = stay;
    if gone.is_empty() {
        return;
    }
    state.fx.end_active();
    for a in gone {
        events.push(Event::EventEnded { card: a.card.clone() });
        state.event_discard.push(a.card);
    }
    state.event_discard.sort();
    for a in state.active_events.clone() {
        let Some(card) = state.components.events.iter().find(|c| c.name_fr == a.card).cloned() else { continue };
        for e in card.effects.iter().filter(|e| lasts_while_active(e)) {
            // Modifiers only: nothing is drawn, the dice are not touched.
            let _ = state.fx.apply(e, None, &a.subjects, dice);
        }
    }
}

/// A modifier that lasts while its event is on the active space.
fn lasts_while_active(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Diplomacy(_, Duration::Active)
            | Effect::Command(_, Duration::Active)
            | Effect::Votes(_, Duration::Active)
            | Effect::Defence(_, Duration::Active)
            | Effect::InfestationRoll(_, Duration::Active)
    )
}

/// One event card by lot; the deck remade from the discards when empty (G25).
fn draw_event(state: &mut GdState, dice: &mut Dice) -> Option<String> {
    if state.event_deck.is_empty() {
        state.event_deck = std::mem::take(&mut state.event_discard);
        state.event_deck.sort();
    }
    let i = dice.pick_index(state.event_deck.len(), "Les cartes événements.", "carte événement")?;
    let card = state.event_deck.remove(i);
    dice.set_outcome(card.clone());
    Some(card)
}

/// Resolves a drawn event through the effect vocabulary: its target (a
/// choice taken by lot, §2.3), then each effect; an effect of the intrigue
/// is shown and not refereed. A lasting one goes to the active space.
fn resolve_event(state: &mut GdState, name: &str, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(card) = state.components.events.iter().find(|c| c.name_fr == name).cloned() else { return };
    let icons = (card.race, card.party);
    let subjects = match state.fx.resolve(card.target, None, None, icons, dice) {
        Ok(s) => Some(s),
        Err(TargetError::Choice(t)) => {
            let chosen = by_lot(state, t, dice);
            chosen.and_then(|c| state.fx.resolve(card.target, None, Some(&c), icons, dice).ok())
        }
        Err(TargetError::NotHere(_)) => None,
    };
    let lasting = matches!(card.stay, EventStay::Active(_));
    let Some(subjects) = subjects else {
        events.push(Event::EventDrawn { card: card.name_fr.clone(), subjects: Vec::new(), lasting: false });
        events.push(Event::EventEffectNotRefereed { card: card.name_fr.clone(), effect: format!("cible {}", card.target.word()) });
        state.event_discard.push(card.name_fr);
        state.event_discard.sort();
        return;
    };
    events.push(Event::EventDrawn { card: card.name_fr.clone(), subjects: subjects.clone(), lasting });
    let owners: BTreeMap<SectorNo, Option<PartyId>> = state.fx.sectors.iter().map(|(n, s)| (*n, s.owner)).collect();
    let infested: BTreeSet<SectorNo> = state.fx.sectors.iter().filter(|(_, s)| s.infested).map(|(n, _)| *n).collect();
    for e in &card.effects {
        // A game master rules a `manuel` effect (#29, `mj`).
        if let (Effect::Manual(text), true) = (e, state.settings.game_master) {
            super::mj::open_item(state, &card.name_fr, text, None, events);
            continue;
        }
        if state.fx.apply(e, None, &subjects, dice).is_err() {
            events.push(Event::EventEffectNotRefereed { card: card.name_fr.clone(), effect: e.text() });
        }
    }
    // A Republic fleet put in play appears on sector 1; one taken away
    // leaves sector 1 first (G50).
    sync_republic(state);
    // A sector the event infested: its fleets retreat at once (G52).
    let newly: Vec<SectorNo> = state.fx.sectors.iter().filter(|(n, s)| s.infested && !infested.contains(n)).map(|(n, _)| *n).collect();
    for n in newly {
        let owner = owners.get(&n).copied().flatten();
        infest(state, n, owner, events);
    }
    if lasting {
        state.active_events.push(ActiveEvent { card: card.name_fr, since: state.game_turn, subjects });
    } else {
        state.event_discard.push(card.name_fr);
        state.event_discard.sort();
    }
}

/// An event's chosen target taken by lot among what fits.
fn by_lot(state: &GdState, t: Target, dice: &mut Dice) -> Option<Subject> {
    let all: Vec<Subject> = match t {
        Target::Party => state.fx.parties.keys().map(|p| Subject::Party(*p)).collect(),
        Target::Senator | Target::OpposingSenator => state.fx.senators.keys().map(|n| Subject::Senator(n.clone())).collect(),
        Target::Sector => state.fx.sectors.keys().map(|n| Subject::Sector(*n)).collect(),
        _ => Vec::new(),
    };
    let i = dice.pick_index(all.len(), "Les cartes événements.", format!("cible « {} » tirée au sort", t.word()))?;
    Some(all[i].clone())
}

/// Makes the Republic fleets on the board agree with `fx.republic_fleets`
/// after an effect changed the count: new ones on sector 1; removed ones
/// from sector 1 first, then from the lowest-numbered sectors.
pub fn sync_republic(state: &mut GdState) {
    let placed: u32 = state.republic_at.values().map(|n| u32::from(*n)).sum();
    let want = u32::from(state.fx.republic_fleets.min(REPUBLIC_MAX));
    if want > placed {
        *state.republic_at.entry(REPUBLIC_HOME).or_default() += (want - placed) as u8;
    }
    let mut extra = placed.saturating_sub(want);
    let order: Vec<SectorNo> = std::iter::once(REPUBLIC_HOME).chain(state.republic_at.keys().copied().filter(|n| *n != REPUBLIC_HOME)).collect();
    for n in order {
        if extra == 0 {
            break;
        }
        if let Some(c) = state.republic_at.get_mut(&n) {
            let k = extra.min(u32::from(*c));
            *c -= k as u8;
            extra -= k;
        }
    }
    state.republic_at.retain(|_, c| *c > 0);
}

/// Three sector cards by lot (the deck remade from the discards when
/// empty, G25), their sectors marked, the cards then discarded.
fn draw_sectors(state: &mut GdState, dice: &mut Dice) -> Vec<SectorNo> {
    let mut drawn = Vec::new();
    for _ in 0..SECTORS_DRAWN {
        if state.sector_deck.is_empty() {
            state.sector_deck = std::mem::take(&mut state.sector_discard);
            state.sector_deck.sort();
        }
        let Some(i) = dice.pick_index(state.sector_deck.len(), HEADING, "carte secteur") else { break };
        let n = state.sector_deck.remove(i);
        dice.set_outcome(format!("secteur {n}"));
        if let Some(s) = state.fx.sectors.get_mut(&n) {
            s.marked = true;
        }
        drawn.push(n);
    }
    state.sector_discard.extend(drawn.iter().copied());
    state.sector_discard.sort();
    drawn
}

/// Rules (5)–(6): 2 action cards each, then the senator cards dealt one
/// round at a time, so that too few are shared equally and the rest go in
/// initiative order (the deck never reshuffled, then the unused starting
/// senators, G25, G27).
fn draws(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let order = in_initiative(state);
    let mut drew: BTreeMap<PartyId, (u8, u8)> = BTreeMap::new();
    for &p in &order {
        for _ in 0..ACTIONS_DRAWN {
            if draw_action(state, p, dice, HEADING) {
                drew.entry(p).or_default().0 += 1;
            }
        }
    }
    'deal: for _ in 0..SENATORS_DRAWN {
        for &p in &order {
            if !draw_senator(state, p, dice, HEADING) {
                break 'deal;
            }
            drew.entry(p).or_default().1 += 1;
        }
    }
    for p in order {
        let (actions, senators) = drew.get(&p).copied().unwrap_or_default();
        events.push(Event::Drew { party: p, actions, senators });
    }
}

/// The infestation roll's modifier as it stands, which the roll adds and
/// the reports and the board picture print for the next galactic phase
/// ("Le coût du mal": +1 per 3 corruption in play, +1 per shadow in play,
/// on senators in play (G9); and the events' `jet-infestation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InfestationOdds {
    /// Corruption tokens on the senators in play.
    pub corruption: u32,
    /// Shadow tokens on the senators in play.
    pub shadow: u32,
    /// The events' modifiers still running.
    pub events: i32,
}

impl InfestationOdds {
    pub fn of(state: &GdState) -> InfestationOdds {
        let corruption = state.fx.senators.values().map(|s| u32::from(s.corruption)).sum();
        let shadow = state.fx.senators.values().map(|s| u32::from(s.shadow)).sum();
        InfestationOdds { corruption, shadow, events: state.fx.infestation_bonus() }
    }
    /// Each modifier by name, as the roll's event lists them.
    pub fn modifiers(self) -> Vec<(String, i32)> {
        vec![("corruption".to_string(), (self.corruption / 3) as i32), ("shadow".to_string(), self.shadow as i32), ("events".to_string(), self.events)]
    }
    /// What the roll adds to 2d6.
    pub fn modifier(self) -> i32 {
        self.modifiers().iter().map(|(_, m)| m).sum()
    }
    /// The totals of 2d6, out of 36, that reach [`INFESTATION_AT`] with the modifier.
    pub fn hits(self) -> u32 {
        let m = self.modifier();
        (1..=6).flat_map(|a| (1..=6).map(move |b| a + b)).filter(|t| t + m >= INFESTATION_AT).count() as u32
    }
    /// The chance, in whole percent (rounded down), that 2d6 plus the
    /// modifier reaches [`INFESTATION_AT`].
    pub fn chance(self) -> u32 {
        self.hits() * 100 / 36
    }
}

/// Rule (7), "Le roulement d'infestation.", "Le coût du mal.": 2d6 plus
/// [`InfestationOdds`]; 10 or more infests the marked sectors (G8).
fn infestation_roll(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let roll = dice.nd6(2, INFESTATION, "jet d'infestation");
    let modifiers = InfestationOdds::of(state).modifiers();
    let total = roll.iter().map(|d| *d as i32).sum::<i32>() + modifiers.iter().map(|(_, m)| m).sum::<i32>();
    let infested: Vec<SectorNo> = if total >= INFESTATION_AT { state.fx.sectors.iter().filter(|(_, s)| s.marked && !s.infested).map(|(n, _)| *n).collect() } else { Vec::new() };
    dice.set_outcome(format!("{total}"));
    events.push(Event::InfestationRoll { dice: roll, modifiers, total, infested: infested.clone() });
    // All three at once, so that no fleet retreats into a sector infested
    // by the same roll.
    let mut owners = Vec::new();
    for &n in &infested {
        if let Some(s) = state.fx.sectors.get_mut(&n) {
            owners.push((n, s.owner.take()));
            s.infested = true;
        }
    }
    for (n, owner) in owners {
        infest(state, n, owner, events);
    }
}

/// A sector just infested (its owner, `owner`, already removed): the fleets
/// there retreat at once, without loss (G52): a party's to its own sector
/// with most of its fleets, then the lowest number, else to the
/// lowest-numbered neutral sector not infested (G15); the Republic's to
/// sector 1 (or, sector 1 infested, as a party with no sector).
pub fn infest(state: &mut GdState, sector: SectorNo, owner: Option<PartyId>, events: &mut Vec<Event>) {
    let mut retreats = Vec::new();
    let neutral = |state: &GdState| state.fx.sectors.iter().find(|(n, s)| **n != sector && s.owner.is_none() && !s.infested).map(|(n, _)| *n);
    if let Some(here) = state.fleets.remove(&sector) {
        for (p, count) in here {
            let mine: Vec<SectorNo> = state.sectors_of(p).into_iter().filter(|n| *n != sector).collect();
            let best = mine.iter().copied().max_by_key(|n| (state.fleets.get(n).and_then(|m| m.get(&p)).copied().unwrap_or(0), std::cmp::Reverse(*n)));
            let Some(to) = best.or_else(|| neutral(state)) else { continue };
            *state.fleets.entry(to).or_default().entry(p).or_default() += count;
            retreats.push((Some(p), count, to));
        }
    }
    if let Some(count) = state.republic_at.remove(&sector) {
        let home_ok = sector != REPUBLIC_HOME && !state.fx.sectors.get(&REPUBLIC_HOME).is_some_and(|s| s.infested);
        let to = if home_ok { Some(REPUBLIC_HOME) } else { neutral(state) };
        match to {
            Some(to) => {
                *state.republic_at.entry(to).or_default() += count;
                retreats.push((None, count, to));
            }
            None => {
                state.republic_at.insert(sector, count);
            }
        }
    }
    events.push(Event::Infested { sector, owner, retreats });
}

/// Rule (8), "Collecte des ressources.": each owned sector's influence and
/// money, plus 5 money ("Chaque joueur gagne 5 Argent en plus"); and the
/// Bureaucrate's 3 money to a minister who has the skill (note §2.4). The
/// excess over 99 is wasted.
fn income(state: &mut GdState, events: &mut Vec<Event>) {
    let parties: Vec<PartyId> = state.parties().collect();
    for p in parties {
        let (mut money, mut influence) = (u32::from(BASE_INCOME), 0u32);
        for n in state.sectors_of(p) {
            if let Some(s) = state.components.board.sectors.get(&n) {
                money += u32::from(s.money);
                influence += u32::from(s.influence);
            }
        }
        let bureaucrats = state
            .senators_of(p)
            .filter(|n| state.fx.senators.get(*n).is_some_and(|s| s.minister) && state.components.senator(n).is_some_and(|c| c.skill == Some(Skill::Bureaucrate)))
            .count() as u32;
        money += bureaucrats * u32::from(BUREAUCRAT_MONEY);
        let (money, influence) = (money.min(255) as u8, influence.min(255) as u8);
        gain(state, p, money, influence);
        events.push(Event::Income { party: p, money, influence });
    }
}

/// Adds to a treasury, the excess over 99 wasted ("Ressources").
pub fn gain(state: &mut GdState, p: PartyId, money: u8, influence: u8) {
    use super::components::interpret::RESOURCE_MAX;
    let ps = state.fx.parties.entry(p).or_default();
    ps.money = ps.money.saturating_add(money).min(RESOURCE_MAX);
    ps.influence = ps.influence.saturating_add(influence).min(RESOURCE_MAX);
}

/// "Initiative." (G30): the parties' standings now, ties rolled.
pub fn roll_initiative(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let network = state.components.board.sector_of(Ability::ReseauDInformation);
    let standings: Vec<Standing<String>> = state
        .parties()
        .map(|p| Standing {
            party: p.sigle().to_string(),
            ministries: Ministry::ALL.into_iter().filter(|m| state.holder(*m) == Some(p)).collect(),
            rebel: super::rebellion::is_rebel(state, p),
            // Sector 10's "Réseau d'information" puts its owner above the
            // rebellion (`initiative::Rank`).
            information_network: network.is_some_and(|n| state.fx.sectors.get(&n).is_some_and(|s| s.owner == Some(p))),
        })
        .collect();
    let placed = initiative::order(&standings, dice);
    let back = |s: &str| PartyId::from_word(s).expect("a sigle");
    state.initiative = placed.iter().map(|x| back(&x.party)).collect();
    let rolls = placed.into_iter().filter(|x| !x.rolls.is_empty()).map(|x| (back(&x.party), x.rolls)).collect();
    events.push(Event::Initiative { order: state.initiative.clone(), rolls });
}

#[cfg(test)]
#[path = "galactic_tests.rs"]
mod tests;
