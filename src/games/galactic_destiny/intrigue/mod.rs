//! The intrigue phase's mechanics ("La phase d'intrigue." and what follows
//! it in the booklet), as pure functions over small input types, like
//! [`super::senate`]: the game model gives them what they need (the fleets,
//! admirals and bonuses of each side, each campaigner's figures, the bids on
//! an attempt) and applies what they return. Every die is drawn through a
//! [`DieSource`] — the turn's [`crate::dice::Dice`] in the game, logged under
//! the booklet heading that calls for it; a scripted list of faces in the
//! tests of the rulebook's worked examples.
//!
//! - [`battle`]: "Résolution d'invasions.", "Bonus de batailles.", "Côtés
//!   multiples dans une bataille.", "Combat avec infestation.", "Victimes de
//!   la guerre.", "Amiraux comme pertes.", "Victoires et retraites.", "Les
//!   flottes de la république." — one battle in one sector.
//! - [`campaign`]: "Campagnes.", "Résolution des campagnes." — the
//!   campaigns declared in one sector.
//! - [`assassination`]: "Assassinats.", "Règle facultative.", "Jetons
//!   d'ombre et assassinats." — one attempt.
//! - [`attempts`]: the attempts and standing bids of every step, played
//!   through [`assassination`] before the step's own business.
//! - [`invasions`], [`campaigns`] (and their robots and views): the I, B,
//!   C and K steps over the game model.
//! - [`feint`]: "La carte \"Feint\".": the Feint round (B, F windows, B′).
//!
//! Parties and senators are whatever the model names them with.

pub mod assassination;
pub mod attempts;
pub mod battle;
pub mod campaign;
pub mod campaigns;
pub mod campaigns_robot;
pub mod defence;
pub mod feint;
pub mod fight_skills;
pub mod invasions;
pub mod invasions_view;

use crate::dice::Dice;

/// "6 explosif.": the heading the bonus dice of a natural 6 are logged under.
pub const EXPLODING_SIX: &str = "6 explosif.";

/// Where the dice of these mechanics come from.
pub trait DieSource {
    /// One six-sided die, 1..=6, drawn for `what` under the booklet heading
    /// `rule`.
    fn d6(&mut self, rule: &str, what: String) -> u32;
}

impl DieSource for Dice {
    fn d6(&mut self, rule: &str, what: String) -> u32 {
        Dice::d6(self, rule, what)
    }
}

/// One die of a roll: its natural face, what was added to it (Stratège's
/// +1), and whether it is the bonus die of a natural 6 (which does not
/// explode again).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Die {
    pub face: u32,
    pub plus: u32,
    pub bonus: bool,
}

impl Die {
    /// The value it shows: its face plus what was added to it.
    pub fn value(&self) -> u32 {
        self.face + self.plus
    }
}

/// Rolls `n` dice for `what` under `rule`, each explosion allowed by
/// `explodes` adding one bonus die (logged under [`EXPLODING_SIX`]) that
/// never explodes ("Ce dé supplémentaire ne produit pas de dé supplémentaire
/// s'il obtient un 6."). `plus_first` is added to the first die before it is
/// checked (Stratège: "peut causer un relancé si le nouveau résultat est 6
/// ou plus"). The dice are drawn in this order: the `n` dice, then one bonus
/// die for each die that exploded, in the order of those dice.
pub fn roll(n: u32, plus_first: u32, explodes: bool, rule: &str, what: &str, src: &mut impl DieSource) -> Vec<Die> {
    let mut dice: Vec<Die> = (0..n)
        .map(|i| {
            let plus = if i == 0 { plus_first } else { 0 };
            Die { face: src.d6(rule, format!("{what}: die {}", i + 1)), plus, bonus: false }
        })
        .collect();
    if explodes {
        let sixes = dice.iter().filter(|d| d.value() >= 6).count();
        for k in 0..sixes {
            let face = src.d6(EXPLODING_SIX, format!("{what}: bonus die {}", k + 1));
            dice.push(Die { face, plus: 0, bonus: true });
        }
    }
    dice
}

/// The sum of what the dice show.
pub fn sum(dice: &[Die]) -> i64 {
    dice.iter().map(|d| i64::from(d.value())).sum()
}

/// "Les récompenses de l'ombre.": one die more per shadow on the senator,
/// except the first for an Athée ("Le premier jeton d'ombre de ce sénateur
/// n'affecte pas le nombre de dé roulés par lui", G45).
pub fn shadow_dice(shadow: u32, atheist: bool) -> u32 {
    if atheist {
        shadow.saturating_sub(1)
    } else {
        shadow
    }
}

#[cfg(test)]
pub(crate) mod script {
    //! Scripted dice for the rulebook's worked examples.

    use super::DieSource;

    /// Faces handed out in order; runs out loudly.
    #[derive(Debug, Default)]
    pub struct Faces {
        pub faces: std::collections::VecDeque<u32>,
        pub drawn: Vec<(String, String, u32)>,
    }

    impl Faces {
        pub fn new(faces: &[u32]) -> Faces {
            Faces { faces: faces.iter().copied().collect(), drawn: Vec::new() }
        }
    }

    impl DieSource for Faces {
        fn d6(&mut self, rule: &str, what: String) -> u32 {
            let f = self.faces.pop_front().unwrap_or_else(|| panic!("script ran out of dice at {rule} {what}"));
            self.drawn.push((rule.to_string(), what, f));
            f
        }
    }
}

#[cfg(test)]
mod tests {
    use super::script::Faces;
    use super::*;

    #[test]
    fn six_explosif_a_natural_six_adds_one_die_which_does_not_explode() {
        let mut s = Faces::new(&[6, 3, 6, 6, 6]);
        let d = roll(3, 0, true, "Résolution d'invasions.", "test", &mut s);
        assert_eq!(d.iter().map(|d| d.face).collect::<Vec<_>>(), [6, 3, 6, 6, 6]);
        assert_eq!(d.iter().filter(|d| d.bonus).count(), 2, "two natural sixes, two bonus dice; the bonus sixes add none");
        assert_eq!(sum(&d), 27);
        assert_eq!(s.drawn[3].0, EXPLODING_SIX);
        assert!(s.faces.is_empty());
    }

    #[test]
    fn six_explosif_not_for_dice_that_may_not_explode_and_strategist_plus_one_may_explode() {
        let mut s = Faces::new(&[6, 6]);
        assert_eq!(roll(2, 0, false, "r", "w", &mut s).len(), 2);
        let mut s = Faces::new(&[5, 2, 4]);
        let d = roll(2, 1, true, "r", "w", &mut s);
        assert_eq!(d.len(), 3, "Stratège's 5+1 shows 6 and explodes");
        assert_eq!(sum(&d), 6 + 2 + 4);
    }

    #[test]
    fn les_recompenses_de_l_ombre_one_die_per_shadow_athee_first_excepted() {
        assert_eq!(shadow_dice(2, false), 2);
        assert_eq!(shadow_dice(2, true), 1);
        assert_eq!(shadow_dice(0, true), 0);
    }
}
