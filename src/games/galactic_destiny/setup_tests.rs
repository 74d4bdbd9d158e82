//! Tests of settings, registration and "Installation.".

use super::*;
use crate::games::galactic_destiny::model::Phase;

const ALL3: [PartyId; 3] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop];

#[test]
fn test_state_is_at_s1_of_turn_1_and_checks() {
    let s = test_state(&ALL3, 7);
    assert_eq!(s.phase, Phase::Filing);
    assert_eq!(s.game_turn, 1);
    s.check().unwrap();
}
