//! The simulated party's bid for "Victoire!" by the five ministries
//! ("Après une élection, si n'importe quel joueur fait élire des sénateurs
//! de son parti politique dans les cinq ministères … il gagne"): a party
//! that can hope for the five posts runs for all of them, spends its
//! influence on them, and, holding the Prime Minister's post, calls the
//! election itself.
//!
//! It reasons on public things only: the senators in play, their
//! diplomacy, corruption and shadows (the senate's voting strength), the
//! influence counters and the posts.

use super::components::PartyId;
use super::model::GdState;
use super::orders::Order;
use super::senate::voting::strength_and_limit;
use super::senate::Ministry;

/// The senators of `p` who may hold a post: in the senate, not seduced.
fn eligible(s: &GdState, p: PartyId) -> usize {
    s.fx.senators.values().filter(|x| x.party == p && !x.seduced).count()
}

/// Whether `p` can hope for the five posts at an election: five senators
/// or more who may hold one, and the strongest vote of the senate, ahead
/// of every other party by more than what that party could bid on a post
/// (a fifth of its influence, as the sweeping party spreads its own).
pub fn sweeping(s: &GdState, p: PartyId) -> bool {
    if eligible(s, p) < Ministry::ALL.len() || super::rebellion::is_rebel(s, p) {
        return false;
    }
    let total = |q: PartyId, share: u32| {
        let (strength, limit) = strength_and_limit(s, q);
        let influence = u32::from(s.fx.parties.get(&q).map_or(0, |x| x.influence));
        i64::from(strength) + i64::from((influence / share).min(limit))
    };
    let mine = total(p, Ministry::ALL.len() as u32);
    s.parties().filter(|q| *q != p && !super::rebellion::is_rebel(s, *q)).all(|q| total(q, 2) < mine)
}

/// S1 of an election when sweeping: a candidacy for every post, each
/// headed by another of `mine` (the party's senators, best diplomacy
/// first, the Prime Minister's post to the best), the others behind as
/// fallbacks.
pub fn candidacies(mine: &[String]) -> Vec<Order> {
    Ministry::ALL
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let mut order = mine.to_vec();
            order.rotate_left(k % mine.len().max(1));
            Order::Candidate { ministry: *m, senators: order }
        })
        .collect()
}

/// The influence `p` writes as its cap on each post it runs for when
/// sweeping: its whole budget spread over the five votes (the first ones
/// get the remainder).
pub fn cap(budget: u32, post: usize) -> u32 {
    let n = Ministry::ALL.len() as u32;
    budget / n + u32::from((post as u32) < budget % n)
}

/// The Prime Minister's call (`ELECTION`, G32), in P, when its party can
/// hope for the five posts and no election is due.
pub fn call(s: &GdState, p: PartyId) -> Option<Order> {
    (s.holder(Ministry::PrimeMinister) == Some(p) && !s.election_due() && s.election_called.is_none() && sweeping(s, p)).then_some(Order::CallElection)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::dice::Dice;
    use crate::game::{FamilyInput, OrderStatus, Ruleset};
    use crate::games::galactic_destiny::model::{Ending, Phase};
    use crate::games::galactic_destiny::senate::testkit;
    use crate::games::galactic_destiny::{sample, Event, GalacticDestiny};

    /// One step played with every party's simulated orders.
    fn step(s: &GdState, seed: u8) -> (GdState, Vec<Event>) {
        let mut inputs = BTreeMap::new();
        for seat in &s.seats {
            let Some(p) = seat.party else { continue };
            let o = sample::sample(s, p, &mut Dice::from_seed([seed; 32]));
            inputs.insert(seat.key.clone(), FamilyInput::new(OrderStatus::Or, o, None));
        }
        let out = GalacticDestiny::adjudicate(s, &inputs, &mut Dice::from_seed([seed.wrapping_add(1); 32]));
        (out.state, out.events)
    }

    /// Six parties, POP with four senators more than the others.
    fn pop_ahead() -> GdState {
        let mut s = testkit::state(&PartyId::ALL);
        for n in testkit::spare_senators(&s, 4) {
            testkit::recruit(&mut s, &n, PartyId::Pop);
        }
        s
    }

    /// "Victoire!": a party with five senators and the strongest vote runs
    /// for the five posts, spends its influence on them, and wins them
    /// against the simulated parties' ordinary play.
    #[test]
    fn victoire_a_party_that_can_hope_for_the_five_ministries_runs_for_all_and_wins_them() {
        let s = pop_ahead();
        assert!(sweeping(&s, PartyId::Pop));
        assert!(PartyId::ALL.iter().filter(|p| **p != PartyId::Pop).all(|p| !sweeping(&s, *p)));
        let (s1, _) = step(&s, 3);
        assert_eq!(s1.phase, Phase::Voting);
        assert_eq!(s1.filings.candidacies[&PartyId::Pop].len(), Ministry::ALL.len(), "{:?}", s1.filings.candidacies);
        let caps: u32 = sample::sample(&s1, PartyId::Pop, &mut Dice::from_seed([4; 32]))
            .lines
            .iter()
            .filter_map(|l| match l {
                Order::VotePost { cap, .. } => Some(*cap),
                _ => None,
            })
            .sum();
        assert_eq!(caps, 5, "POP may spend its 5 influence on the posts");
        let (s2, events) = step(&s1, 4);
        assert_eq!(s2.ending, Some(Ending::Ministries { winner: PartyId::Pop }), "{events:?}");
    }

    /// "Compétences de ministère" (the Prime Minister calls an election):
    /// the simulated Prime Minister calls one in P when its party can hope
    /// for the five posts, not otherwise.
    #[test]
    fn competences_de_ministere_the_prime_minister_calls_an_election_when_it_can_win_the_five() {
        let mut s = pop_ahead();
        let pm = s.senators_of(PartyId::Pop).next().cloned();
        s.appoint(Ministry::PrimeMinister, pm);
        (s.phase, s.election_marker) = (Phase::Purchases, 2);
        let calls = |s: &GdState| sample::sample(s, PartyId::Pop, &mut Dice::from_seed([9; 32])).lines.contains(&Order::CallElection);
        assert!(calls(&s));
        s.election_marker = 0;
        assert!(!calls(&s), "an election is due already");
        s.election_marker = 2;
        let others: Vec<String> = s.senators_of(PartyId::Pop).skip(1).cloned().collect();
        for n in others.iter().take(2) {
            s.fx.senators.remove(n);
        }
        assert!(!calls(&s), "three senators: no hope for five posts");
    }
}
