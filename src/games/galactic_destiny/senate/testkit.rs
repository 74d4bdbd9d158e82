//! The game the senate's unit tests start from: setup's
//! [`test_state`](crate::games::galactic_destiny::setup::test_state) for the
//! given parties, then brought to known values the tests count on —
//! 10 money and 5 influence each, empty hands (the cards back in their
//! decks), only the starting senators in play, clean of corruption and of
//! the events' modifiers, no sector but the homes (2 fleets each), the
//! Republic's 5 fleets on sector 1, the initiative in the order given, no
//! minister, S1 of game turn 1 with the election due.

use std::collections::BTreeMap;

use super::super::components::interpret::SectorState;
use super::super::components::PartyId;
use super::super::model::{GdState, Phase, REPUBLIC_HOME};
use super::super::setup::{senator_state, test_state};

pub fn state(parties: &[PartyId]) -> GdState {
    let mut s = test_state(parties, 7);
    let fx = &mut s.fx;
    for ps in fx.parties.values_mut() {
        ps.money = 10;
        ps.influence = 5;
        ps.votes.clear();
        fx.action_deck.append(&mut ps.hand);
        fx.senator_deck.append(&mut ps.waiting);
    }
    fx.action_deck.append(&mut fx.action_discard);
    fx.action_deck.sort();
    fx.senator_deck.sort();
    for s in fx.senators.values_mut() {
        (s.corruption, s.shadow, s.exhausted, s.seduced) = (0, 0, false, false);
        s.diplomacy.clear();
        s.command.clear();
    }
    fx.infestation.clear();
    for x in fx.sectors.values_mut() {
        *x = SectorState::default();
    }
    s.fleets.clear();
    for p in parties {
        let home = s.components.party(*p).expect("party card").start_sector;
        s.fx.sectors.entry(home).or_default().owner = Some(*p);
        s.fleets.entry(home).or_default().insert(*p, 2);
    }
    s.fx.republic_fleets = 5;
    s.republic_at = BTreeMap::from([(REPUBLIC_HOME, 5)]);
    for m in super::Ministry::ALL {
        s.appoint(m, None);
    }
    s.initiative = parties.to_vec();
    (s.phase, s.game_turn, s.election_marker, s.election_called) = (Phase::Filing, 1, 0, None);
    s.check().expect("a consistent game");
    s
}

/// Recruits a senator from the deck into play for `party`.
pub fn recruit(state: &mut GdState, name: &str, party: PartyId) {
    state.fx.senator_deck.retain(|n| n != name);
    let fresh = senator_state(state, name, party);
    state.fx.senators.insert(name.to_string(), fresh);
}

/// Senators of the file not in play nor starting ones, by file order.
pub fn spare_senators(state: &GdState, n: usize) -> Vec<String> {
    state.components.senators.iter().filter(|s| !s.start && !state.fx.senators.contains_key(&s.name)).take(n).map(|s| s.name.clone()).collect()
}
