//! A small game built by hand for the senate's unit tests (until setup's
//! `test_state` is merged): the embedded components, the given parties on
//! their home sectors with 2 fleets, their starting senators in play, 10
//! money and 5 influence, empty hands, every card in its deck, the
//! Republic's 5 fleets on sector 1, game turn 1 at S1 with the election due.

use std::collections::BTreeMap;

use super::super::components::interpret::{EffectState, PartyState, SectorState, SenatorState};
use super::super::components::{Components, PartyId};
use super::super::model::{Filings, GdState, Phase, Seat, Settings, REPUBLIC_HOME};

pub fn state(parties: &[PartyId]) -> GdState {
    let components = Components::embedded().expect("embedded components");
    let mut fx = EffectState::default();
    for n in components.board.sectors.keys() {
        fx.sectors.insert(*n, SectorState::default());
    }
    let mut fleets: BTreeMap<u8, BTreeMap<PartyId, u8>> = BTreeMap::new();
    let mut in_play = Vec::new();
    for p in parties {
        let card = components.party(*p).expect("party card");
        fx.parties.insert(*p, PartyState { money: 10, influence: 5, ..Default::default() });
        fx.sectors.entry(card.start_sector).or_default().owner = Some(*p);
        fleets.entry(card.start_sector).or_default().insert(*p, 2);
        in_play.push(card.start_senator.clone());
        senator_in_play(&components, &mut fx, &card.start_senator, *p);
    }
    for s in &components.senators {
        if !in_play.contains(&s.name) {
            fx.senator_deck.push(s.name.clone());
        }
    }
    fx.senator_deck.sort();
    for c in &components.actions {
        for _ in 0..c.copies {
            fx.action_deck.push(c.name_fr.clone());
        }
    }
    fx.action_deck.sort();
    fx.republic_fleets = 5;
    let mut event_deck = Vec::new();
    for c in &components.events {
        for _ in 0..c.copies {
            event_deck.push(c.name_fr.clone());
        }
    }
    event_deck.sort();
    let sector_deck = components.sector_cards.clone();
    let seats = parties
        .iter()
        .map(|p| Seat { key: p.sigle().to_lowercase(), name: p.sigle().into(), party: Some(*p), resigned: false })
        .collect();
    GdState {
        components,
        settings: Settings::default(),
        seed: 7,
        seats,
        phase: Phase::Filing,
        step: 1,
        game_turn: 1,
        fx,
        fleets,
        republic_at: BTreeMap::from([(REPUBLIC_HOME, 5)]),
        ministries: BTreeMap::new(),
        election_marker: 0,
        election_called: None,
        laws: Vec::new(),
        defied: Default::default(),
        fleet_orders: None,
        initiative: parties.to_vec(),
        event_deck,
        event_discard: Vec::new(),
        active_events: Vec::new(),
        sector_deck,
        sector_discard: Vec::new(),
        dead: Vec::new(),
        agenda: Vec::new(),
        filings: Filings::default(),
        deals: Vec::new(),
        tried: Default::default(),
        audited: Default::default(),
        taxes_paid: 0,
        recruited: Default::default(),
        ending: None,
    }
}

/// Puts a senator of the senator file in play for `party` (taken from the
/// deck if he is there).
pub fn senator_in_play(c: &Components, fx: &mut EffectState, name: &str, party: PartyId) {
    let s = c.senator(name).unwrap_or_else(|| panic!("senator {name}"));
    fx.senator_deck.retain(|n| n != name);
    fx.senators.insert(
        s.name.clone(),
        SenatorState { party, race: s.race, icon: s.party, corruption: 0, shadow: 0, exhausted: false, seduced: false, minister: false, diplomacy: Vec::new(), command: Vec::new() },
    );
}

/// Recruits a senator from the deck into play (the state's own components).
pub fn recruit(state: &mut GdState, name: &str, party: PartyId) {
    let c = state.components.clone();
    senator_in_play(&c, &mut state.fx, name, party);
}

/// A senator of the file not yet in play, not a starting one, by file order.
pub fn spare_senators(state: &GdState, n: usize) -> Vec<String> {
    state.components.senators.iter().filter(|s| !s.start && !state.fx.senators.contains_key(&s.name)).take(n).map(|s| s.name.clone()).collect()
}
