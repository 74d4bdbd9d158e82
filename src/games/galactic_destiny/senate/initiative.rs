//! "Initiative.": every party's place in the order of play, from the worst
//! (earliest) to the best (latest), by the best post it holds; parties with
//! the same initiative "doivent relancer pour déterminer leur ordre".

use std::collections::BTreeMap;
use std::fmt::Display;

use serde::{Deserialize, Serialize};

use super::Ministry;
use crate::dice::Dice;

/// The booklet heading the rolls of this module are logged under.
pub const HEADING: &str = "Initiative.";

/// A party's initiative, worst first. Place 1 of the booklet's list, the
/// Republic's fleets and the infestation, is not a party's: they always act
/// before every party. `InformationNetwork` is sector 10's ability
/// ("Réseau d'information": "une meilleure initiative que la rébellion").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// 2) "Désarçonné : joueurs sans un ministère".
    Unseated = 2,
    /// 3) to 7): the ministries, worst first.
    Defence = 3,
    Justice = 4,
    Finance = 5,
    Interior = 6,
    PrimeMinister = 7,
    /// 8) "La rébellion".
    Rebellion = 8,
    /// Sector 10's owner, above the rebellion.
    InformationNetwork = 9,
}

impl Rank {
    /// The rank a ministry gives.
    pub fn of_ministry(m: Ministry) -> Rank {
        match m {
            Ministry::Defence => Rank::Defence,
            Ministry::Justice => Rank::Justice,
            Ministry::Finance => Rank::Finance,
            Ministry::Interior => Rank::Interior,
            Ministry::PrimeMinister => Rank::PrimeMinister,
        }
    }
}

/// What the model says of a party for its initiative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing<P> {
    pub party: P,
    /// The ministries its senators hold now.
    pub ministries: Vec<Ministry>,
    /// The party is in rebellion.
    pub rebel: bool,
    /// It owns sector 10 ("Réseau d'information").
    pub information_network: bool,
}

impl<P> Standing<P> {
    /// "S'il détient plusieurs positions, il continu toujours sur sa meilleure initiative."
    pub fn rank(&self) -> Rank {
        let ministry = self.ministries.iter().map(|m| Rank::of_ministry(*m)).max().unwrap_or(Rank::Unseated);
        let rebellion = if self.rebel { Rank::Rebellion } else { Rank::Unseated };
        let network = if self.information_network { Rank::InformationNetwork } else { Rank::Unseated };
        ministry.max(rebellion).max(network)
    }
}

/// A party's place in the order, with the rerolls that placed it among the
/// parties of its rank (empty when it was alone there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed<P> {
    pub party: P,
    pub rank: Rank,
    pub rolls: Vec<u32>,
}

/// The initiative order, worst (first to act) to best. Parties of the same
/// rank each roll a die, the higher roll taking the better (later) place;
/// those whose rolls are equal roll again among themselves, until every
/// place is decided (RULINGS.md, Galactic Destiny, "Initiative."). Rolls are
/// made in the order of the parties' ids, so the order is a function of the
/// standings and the dice.
pub fn order<P: Ord + Clone + Display>(standings: &[Standing<P>], dice: &mut Dice) -> Vec<Placed<P>> {
    let mut by_rank: BTreeMap<Rank, Vec<P>> = BTreeMap::new();
    for s in standings {
        by_rank.entry(s.rank()).or_default().push(s.party.clone());
    }
    let mut out = Vec::new();
    for (rank, mut parties) in by_rank {
        parties.sort();
        let mut rolls: BTreeMap<P, Vec<u32>> = BTreeMap::new();
        for p in untie(parties, rank, &mut rolls, dice) {
            let r = rolls.remove(&p).unwrap_or_default();
            out.push(Placed { party: p, rank, rolls: r });
        }
    }
    out
}

/// `parties` (sorted) placed worst first: one alone keeps its place; several
/// roll, and each group of equal rolls is placed again the same way.
fn untie<P: Ord + Clone + Display>(parties: Vec<P>, rank: Rank, rolls: &mut BTreeMap<P, Vec<u32>>, dice: &mut Dice) -> Vec<P> {
    if parties.len() < 2 {
        return parties;
    }
    let mut by_roll: BTreeMap<u32, Vec<P>> = BTreeMap::new();
    for p in parties {
        let r = dice.d6(HEADING, format!("initiative tie at rank {} ({rank:?}): {p}", rank as u8));
        rolls.entry(p.clone()).or_default().push(r);
        by_roll.entry(r).or_default().push(p);
    }
    // Lower roll first: the worse place.
    by_roll.into_values().flat_map(|group| untie(group, rank, rolls, dice)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(party: &str, ministries: &[Ministry]) -> Standing<String> {
        Standing { party: party.into(), ministries: ministries.to_vec(), rebel: false, information_network: false }
    }

    fn parties(order: &[Placed<String>]) -> Vec<&str> {
        order.iter().map(|p| p.party.as_str()).collect()
    }

    #[test]
    fn initiative_goes_from_unseated_to_defence_justice_finance_interior_prime_minister() {
        let mut dice = Dice::from_seed([1; 32]);
        let s = [
            standing("PM", &[Ministry::PrimeMinister]),
            standing("DEF", &[Ministry::Defence]),
            standing("INT", &[Ministry::Interior]),
            standing("NONE", &[]),
            standing("FIN", &[Ministry::Finance]),
            standing("JUS", &[Ministry::Justice]),
        ];
        let o = order(&s, &mut dice);
        assert_eq!(parties(&o), ["NONE", "DEF", "JUS", "FIN", "INT", "PM"]);
        assert!(o.iter().all(|p| p.rolls.is_empty()), "nobody tied: no roll");
        assert!(dice.log().is_empty());
    }

    #[test]
    fn initiative_a_party_holding_several_posts_goes_on_its_best() {
        let mut dice = Dice::from_seed([2; 32]);
        let o = order(&[standing("A", &[Ministry::Defence, Ministry::Interior]), standing("B", &[Ministry::Finance])], &mut dice);
        assert_eq!(parties(&o), ["B", "A"]);
        assert_eq!(o[1].rank, Rank::Interior);
    }

    #[test]
    fn initiative_the_rebellion_is_best_and_sector_10_reseau_d_information_better_still() {
        let mut dice = Dice::from_seed([3; 32]);
        let mut rebel = standing("REB", &[]);
        rebel.rebel = true;
        let mut net = standing("NET", &[]);
        net.information_network = true;
        let o = order(&[rebel, net, standing("PM", &[Ministry::PrimeMinister])], &mut dice);
        assert_eq!(parties(&o), ["PM", "REB", "NET"]);
    }

    #[test]
    fn initiative_parties_with_the_same_initiative_reroll_until_placed() {
        // Over many seeds: the three unseated parties always come first, in
        // an order their rolls decide (higher roll later), and each tie of
        // rolls was rolled again.
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200u8 {
            let mut dice = Dice::from_seed([seed; 32]);
            let o = order(&[standing("C", &[]), standing("A", &[]), standing("PM", &[Ministry::PrimeMinister]), standing("B", &[])], &mut dice);
            assert_eq!(o[3].party, "PM");
            assert!(o[..3].iter().all(|p| p.rank == Rank::Unseated && !p.rolls.is_empty()));
            // Each consecutive pair: the later one rolled higher at the first roll where they differ.
            for w in o[..3].windows(2) {
                let (a, b) = (&w[0].rolls, &w[1].rolls);
                let k = a.iter().zip(b).position(|(x, y)| x != y).expect("placed apart by a differing roll");
                assert!(a[k] < b[k], "{o:?}");
                assert_eq!(a[..k], b[..k]);
            }
            assert_eq!(dice.log().iter().filter(|r| r.rule == HEADING).count(), o.iter().map(|p| p.rolls.len()).sum::<usize>());
            seen.insert(parties(&o).join(""));
        }
        assert_eq!(seen.len(), 6, "every order of the three happens: {seen:?}");
    }
}
