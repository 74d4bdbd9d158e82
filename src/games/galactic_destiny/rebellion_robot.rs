//! The simulated parties' rebellions and peace (`sample`): "il peut voir
//! que toute chance pour dominer dans le système est au-delà de sa portée
//! et chercher plutôt à détruire le système".
//!
//! - In S1 of a game turn after the second, with nobody in rebellion, a
//!   party holding no ministry while another holds two or more, and owning
//!   three sectors or more, declares now and then (1 chance in 6), naming
//!   its sector with most of its fleets (then the lowest number).
//! - From the game turn after the declaration, the parties in the senate
//!   propose peace in S1 (3 chances in 6) and vote for it; the rebel offers
//!   it in S1 and S2 (3 chances in 6), always when the senate has voted it
//!   this turn.
//!
//! It reads only public state.

use crate::dice::Dice;

use super::components::{PartyId, SectorNo};
use super::model::{GdState, Phase};
use super::orders::Order;
use super::rebellion::is_rebel;
use super::senate::Ministry;

const RULE: &str = "joueur simulé";
/// Game turns of rebellion before the robots talk peace.
const PEACE_AFTER: u32 = 1;

fn ministries(s: &GdState, p: PartyId) -> usize {
    Ministry::ALL.into_iter().filter(|m| s.holder(*m) == Some(p)).count()
}

/// Whether the robots talk peace now.
fn peace_time(s: &GdState) -> bool {
    s.rebellion.rebel.is_some() && s.game_turn >= s.rebellion.since + PEACE_AFTER
}

/// The party's vote on a peace item: for it once the rebellion is old.
pub fn peace_vote(s: &GdState) -> bool {
    peace_time(s)
}

/// The party's rebellion and peace lines for the step now open.
pub fn lines(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let senate = matches!(s.phase, Phase::Filing | Phase::Voting);
    if is_rebel(s, p) {
        let voted = s.rebellion.senate_offer == Some(s.game_turn);
        if voted || (senate && peace_time(s) && dice.chance_in_6(3, RULE, "offre de paix")) {
            return vec![Order::Peace];
        }
        return Vec::new();
    }
    if s.phase != Phase::Filing {
        return Vec::new();
    }
    if peace_time(s) {
        return if dice.chance_in_6(3, RULE, "proposer la paix") { vec![Order::Peace] } else { Vec::new() };
    }
    let sectors = s.sectors_of(p);
    let behind = ministries(s, p) == 0 && s.parties().any(|q| ministries(s, q) >= 2);
    if s.rebellion.rebel.is_some() || s.game_turn < 3 || !behind || sectors.len() < 3 || !dice.chance_in_6(1, RULE, "rébellion") {
        return Vec::new();
    }
    let fleets = |n: &SectorNo| s.fleets.get(n).and_then(|m| m.get(&p)).copied().unwrap_or(0);
    let named = sectors.iter().max_by_key(|n| (fleets(n), std::cmp::Reverse(**n))).copied();
    named.map(|sector| vec![Order::Rebel { sector }]).unwrap_or_default()
}
