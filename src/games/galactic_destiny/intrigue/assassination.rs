//! One assassination attempt: "Assassinats.", "Règle facultative." and
//! "Jetons d'ombre et assassinats.". Bids are in points of 5 influence
//! (G11): the attacker's `+n` with the attempt, then the standing
//! `APPUYER`/`PROTEGER` orders on the target, each paid as far as its party
//! can.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use super::{shadow_dice, DieSource};

/// The heading the attempt's die is logged under.
pub const HEADING: &str = "Assassinats.";
/// The heading its shadow dice are logged under.
pub const SHADOW_HEADING: &str = "Jetons d'ombre et assassinats.";

/// Influence one point of a bid costs ("dépenser 5 influences pour ajouter
/// ou soustraire 1").
pub const POINT: u32 = 5;

/// One party's bid on the attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid<P> {
    pub party: P,
    /// Points wanted: positive adds to the roll (the attacker's `+n`,
    /// `APPUYER`), negative subtracts (`PROTEGER`).
    pub points: i32,
    /// The influence the party has now.
    pub influence: u32,
}

/// The attempt, as the model gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt<P, S> {
    pub assassin: S,
    pub target: S,
    /// Shadow on the assassin: one die more each.
    pub shadow: u32,
    /// Athée: his first shadow gives him no die (G45).
    pub atheist: bool,
    /// Maître en assassinat: "+1 à son résultat du dé".
    pub master: bool,
    /// The target's diplomacy, for the optional rule.
    pub target_diplomacy: i32,
    /// The bids, in the order they are paid: the attacker's own first, then
    /// the standing orders in initiative order, worst first.
    pub bids: Vec<Bid<P>>,
    /// "Règle facultative." (setting `assassinat_facultatif`): the target's
    /// diplomacy is a free counter-bid in influence against the first offer.
    pub optional_rule: bool,
}

/// One die of the attempt: its face and the result after modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptDie {
    pub face: u32,
    pub result: i32,
}

impl AttemptDie {
    /// "sur un 6, la cible est tuée"; "un 6 naturel tue toujours la cible".
    pub fn kills(&self) -> bool {
        self.face == 6 || self.result >= 6
    }

    /// "sur un 1, l'assassin gagne un jeton de corruption"; "un 1 naturel
    /// donne une corruption à l'assassin" — even when modified to 6 (G42).
    pub fn corrupts(&self) -> bool {
        self.face == 1 || self.result <= 1
    }
}

/// What the attempt did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<P> {
    /// What each bid counted and cost: party, points counted (signed),
    /// influence paid.
    pub paid: Vec<(P, i32, u32)>,
    /// The modifier on every die: the points counted, +1 for a Maître.
    pub modifier: i32,
    pub dice: Vec<AttemptDie>,
    pub killed: bool,
    /// Corruption the assassin gains: 1 per die that corrupts ("S'ils
    /// roulent 6 et 1 alors les deux résultats s'appliquent").
    pub corruption: u32,
}

/// Pays the bids: each point 5 influence, as many points as the party can
/// pay. Under the optional rule the first offer to add (the first positive
/// bid that can pay it) pays the target's diplomacy on top for its first
/// point ("devrait dépenser 11 influences (5 régulières + 6 diplomaties)
/// pour obtenir +1"; "Ce modificateur s'applique seulement à la première
/// offre").
pub fn pay<P: Clone>(bids: &[Bid<P>], optional_rule: bool, target_diplomacy: i32) -> Vec<(P, i32, u32)> {
    let mut surcharge = if optional_rule { target_diplomacy.max(0) as u32 } else { 0 };
    bids.iter()
        .map(|b| {
            let want = b.points.unsigned_abs();
            let extra = if b.points > 0 { surcharge } else { 0 };
            let points = if want == 0 || b.influence < POINT + extra { 0 } else { want.min(1 + (b.influence - POINT - extra) / POINT) };
            let cost = points * POINT + if points > 0 { extra } else { 0 };
            if points > 0 && extra > 0 {
                surcharge = 0;
            }
            (b.party.clone(), if b.points < 0 { -(points as i32) } else { points as i32 }, cost)
        })
        .collect()
}

/// Resolves the attempt: the bids are paid ([`pay`]), then the assassin
/// rolls 1 die (logged under [`HEADING`]) and 1 per shadow on him (under
/// [`SHADOW_HEADING`]); every die is checked alike (G42).
pub fn attempt<P: Clone, S: Display>(a: &Attempt<P, S>, src: &mut impl DieSource) -> Outcome<P> {
    let paid = pay(&a.bids, a.optional_rule, a.target_diplomacy);
    let modifier = paid.iter().map(|(_, p, _)| *p).sum::<i32>() + i32::from(a.master);
    let what = format!("{} on {}", a.assassin, a.target);
    let mut dice = vec![src.d6(HEADING, what.clone())];
    for k in 0..shadow_dice(a.shadow, a.atheist) {
        dice.push(src.d6(SHADOW_HEADING, format!("{what}: shadow die {}", k + 1)));
    }
    let dice: Vec<AttemptDie> = dice.into_iter().map(|face| AttemptDie { face, result: face as i32 + modifier }).collect();
    let killed = dice.iter().any(AttemptDie::kills);
    let corruption = dice.iter().filter(|d| d.corrupts()).count() as u32;
    Outcome { paid, modifier, dice, killed, corruption }
}

#[cfg(test)]
mod tests {
    use super::super::script::Faces;
    use super::*;
    use crate::dice::Dice;

    fn bid(party: &str, points: i32, influence: u32) -> Bid<String> {
        Bid { party: party.into(), points, influence }
    }

    fn on_fola(shadow: u32, bids: Vec<Bid<String>>) -> Attempt<String, String> {
        Attempt { assassin: "Gazali".into(), target: "Fola".into(), shadow, atheist: false, master: false, target_diplomacy: 6, bids, optional_rule: false }
    }

    fn run(a: &Attempt<String, String>, faces: &[u32]) -> Outcome<String> {
        let mut f = Faces::new(faces);
        let o = attempt(a, &mut f);
        assert!(f.faces.is_empty());
        o
    }

    #[test]
    fn jetons_d_ombre_et_assassinats_gazali_with_1_shadow_and_plus_1_rolls_4_and_2_fola_survives() {
        // "à la fin il y a +1 avantage": Gazali's party bids +2, Fola's protects with 1.
        let a = on_fola(1, vec![bid("GAZ", 2, 20), bid("FOLA", -1, 20)]);
        let o = run(&a, &[4, 2]);
        assert_eq!(o.modifier, 1);
        assert_eq!(o.dice.len(), 2, "1 for the attempt and 1 for the shadow token");
        assert!(!o.killed, "neither gives 5 or better: Fola survives");
        assert_eq!(o.corruption, 0);
        assert_eq!(o.paid, [("GAZ".to_string(), 2, 10), ("FOLA".to_string(), -1, 5)]);
        let o = run(&a, &[2, 5]);
        assert!(o.killed, "a 5 on the shadow die, +1: killed");
    }

    #[test]
    fn assassinats_6_kills_1_corrupts_others_nothing() {
        let a = on_fola(0, vec![]);
        for (face, killed, corruption) in [(6, true, 0), (1, false, 1), (2, false, 0), (5, false, 0)] {
            let o = run(&a, &[face]);
            assert_eq!((o.killed, o.corruption), (killed, corruption), "face {face}");
        }
    }

    #[test]
    fn assassinats_a_natural_6_always_kills_a_natural_1_always_corrupts_g42() {
        let down = on_fola(0, vec![bid("FOLA", -3, 99)]);
        let o = run(&down, &[6]);
        assert!(o.killed && o.dice[0].result == 3);
        let up = on_fola(0, vec![bid("GAZ", 5, 99)]);
        let o = run(&up, &[1]);
        assert!(o.killed, "1 + 5 = 6 kills");
        assert_eq!(o.corruption, 1, "and the natural 1 still corrupts");
        let o = run(&down, &[4]);
        assert_eq!(o.corruption, 1, "4 − 3 = 1 corrupts");
    }

    #[test]
    fn jetons_d_ombre_et_assassinats_6_and_1_both_apply() {
        let o = run(&on_fola(1, vec![]), &[6, 1]);
        assert!(o.killed);
        assert_eq!(o.corruption, 1);
    }

    #[test]
    fn maitre_en_assassinat_adds_1_and_an_athee_s_first_shadow_gives_no_die() {
        let mut a = on_fola(1, vec![]);
        a.master = true;
        a.atheist = true;
        let o = run(&a, &[5]);
        assert_eq!(o.dice.len(), 1);
        assert!(o.killed, "5 + 1");
    }

    #[test]
    fn assassinats_bids_are_paid_5_influence_a_point_as_far_as_the_party_can() {
        assert_eq!(pay(&[bid("A", 3, 12), bid("B", -2, 4), bid("C", 0, 50)], false, 6), [("A".to_string(), 2, 10), ("B".to_string(), 0, 0), ("C".to_string(), 0, 0)]);
    }

    #[test]
    fn regle_facultative_the_target_s_diplomacy_counters_the_first_offer_only() {
        // "un assassin qui cible un sénateur avec une diplomatie de 6 devrait
        // dépenser 11 influences … pour obtenir +1".
        assert_eq!(pay(&[bid("A", 1, 10)], true, 6), [("A".to_string(), 0, 0)], "10 is not enough");
        assert_eq!(pay(&[bid("A", 1, 11)], true, 6), [("A".to_string(), 1, 11)]);
        assert_eq!(
            pay(&[bid("A", 1, 10), bid("B", 2, 30), bid("C", 1, 5), bid("D", -1, 5)], true, 6),
            [("A".to_string(), 0, 0), ("B".to_string(), 2, 16), ("C".to_string(), 1, 5), ("D".to_string(), -1, 5)],
            "the first offer that pays it, then the others at 5"
        );
        let mut a = on_fola(0, vec![bid("GAZ", 1, 10)]);
        a.optional_rule = true;
        assert!(!run(&a, &[5]).killed);
        a.optional_rule = false;
        assert!(run(&a, &[5]).killed);
    }

    #[test]
    fn assassinats_over_many_seeds_each_die_is_checked_alike() {
        let mut kills = 0;
        for seed in 0..600u64 {
            let m = (seed % 7) as i32 - 3;
            let a = on_fola((seed % 3) as u32, vec![bid(if m < 0 { "F" } else { "G" }, m, 99)]);
            let mut d = Dice::from_seed(crate::dice::turn_seed(seed, 3));
            let o = attempt(&a, &mut d);
            assert_eq!(o.dice.len() as u64, 1 + seed % 3);
            assert_eq!(d.log().len(), o.dice.len());
            assert_eq!(d.log()[0].rule, HEADING);
            assert_eq!(o.killed, o.dice.iter().any(|x| x.face == 6 || x.face as i32 + m >= 6));
            assert_eq!(o.corruption as usize, o.dice.iter().filter(|x| x.face == 1 || x.face as i32 + m <= 1).count());
            kills += usize::from(o.killed);
        }
        assert!(kills > 50 && kills < 550);
    }
}
