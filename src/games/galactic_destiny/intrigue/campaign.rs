//! The campaigns declared in one sector: "Campagnes." and "Résolution des
//! campagnes.". The sector rolls once, each campaigner separately, "les
//! plus hauts totaux gagnent"; the sector defends and wins ties.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use super::super::cards::ContestMods;
use super::{roll, shadow_dice, sum, Die, DieSource};

/// The heading the campaign dice are logged under.
pub const HEADING: &str = "Résolution des campagnes.";

/// One campaign: the senator sent and what his party adds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaigner<P, S> {
    pub party: P,
    pub senator: S,
    /// His diplomacy with what is in force (Interior's +1, sector 1's +1 …;
    /// the model's).
    pub diplomacy: i32,
    pub corruption: u32,
    pub shadow: u32,
    /// Athée: his first shadow gives him no die (G45).
    pub atheist: bool,
    /// Orateur public: "1 diplomatie par campagnes".
    pub orator: bool,
    /// Influence his party spends on it ("Chaque point dépensé ajoute 1").
    pub influence: u32,
    /// Sectors orthogonally adjacent to the target that the party owns.
    pub adjacency: u32,
    /// The sector shows the senator's race icon.
    pub race_icon: bool,
    /// The sector shows the icon of the party controlling the senator.
    pub party_icon: bool,
    /// The party's place in the initiative order, worst (0) first.
    pub initiative: u32,
    /// Its party's contest cards (`CARTE … CAMPAGNE`): dice and points.
    #[serde(default)]
    pub cards: ContestMods,
}

impl<P, S> Campaigner<P, S> {
    /// What he adds to his dice: diplomacy (+1 Orateur public) − 1 per
    /// corruption − 3 per shadow + influence + adjacency + 1 for the race
    /// icon + 1 for the party icon + its contest cards' points.
    pub fn modifier(&self) -> i64 {
        i64::from(self.diplomacy) + i64::from(self.orator) - i64::from(self.corruption) - 3 * i64::from(self.shadow)
            + i64::from(self.influence)
            + i64::from(self.adjacency)
            + i64::from(self.race_icon)
            + i64::from(self.party_icon)
            + self.cards.bonus
    }
}

/// The sector campaigned, as the campaign sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target<P> {
    pub number: u32,
    pub owner: Option<P>,
    pub infested: bool,
    pub defence: i32,
    /// Influence its owner spends on its roll (ignored for a neutral sector:
    /// "on ne peut pas faire modifier son lancé").
    pub owner_influence: u32,
    /// The owner's sectors adjacent to it.
    pub owner_adjacency: u32,
    /// The rebel campaigns there: its defence "réduits de moitié, arrondis
    /// au supérieur".
    pub halved: bool,
    /// The owner's contest cards (`CARTE … CAMPAGNE`): dice and points.
    #[serde(default)]
    pub owner_cards: ContestMods,
}

impl<P> Target<P> {
    /// The defence added to the sector's die (halved, rounded up, against
    /// the rebel).
    pub fn defence_value(&self) -> i32 {
        if self.halved {
            (self.defence + 1).div_euclid(2)
        } else {
            self.defence
        }
    }
}

/// Why the campaigns cannot be resolved as given (the orders' checks
/// refuse these before).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused<P> {
    /// "vous ne pouvez pas faire campagne dans des secteurs infestés".
    Infested,
    /// "Le joueur défendant ne peut pas envoyer de sénateur dans ses propres
    /// secteurs" (G49).
    OwnSector(P),
    /// One campaign per party per sector a turn (G49).
    Twice(P),
}

/// What the campaigns did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<P, S> {
    pub sector_dice: Vec<Die>,
    pub sector_total: i64,
    /// Each campaign, worst initiative first: party, senator, dice, total.
    pub campaigns: Vec<(P, S, Vec<Die>, i64)>,
    /// The party that takes the sector; `None`: it stays as it was.
    pub winner: Option<P>,
}

/// Resolves every campaign in one sector. The sector rolls first (1 die +
/// its defence, halved against the rebel; its owner's influence and
/// adjacency), then each campaigner in initiative order, worst first (1 die
/// and 1 per shadow, plus [`Campaigner::modifier`]); every natural 6 adds a die
/// that does not explode. The campaigner alone at the top wins if he beats
/// the sector; a tie with the sector keeps it ("le défenseur gagne toujours
/// les égalités"), and so does a tie at the top between campaigners (G21).
pub fn resolve<P, S>(target: &Target<P>, campaigners: &[Campaigner<P, S>], src: &mut impl DieSource) -> Result<Outcome<P, S>, Refused<P>>
where
    P: Clone + PartialEq + Display,
    S: Clone + Display,
{
    if target.infested {
        return Err(Refused::Infested);
    }
    for (i, c) in campaigners.iter().enumerate() {
        if target.owner.as_ref() == Some(&c.party) {
            return Err(Refused::OwnSector(c.party.clone()));
        }
        if campaigners[..i].iter().any(|d| d.party == c.party) {
            return Err(Refused::Twice(c.party.clone()));
        }
    }
    let n = target.number;
    let sector_dice = roll(1u32.saturating_add_signed(target.owner_cards.dice), 0, true, HEADING, &format!("sector {n}'s resistance"), src);
    let defence = target.defence_value();
    let owned = if target.owner.is_some() { i64::from(target.owner_influence) + i64::from(target.owner_adjacency) + target.owner_cards.bonus } else { 0 };
    let sector_total = sum(&sector_dice) + i64::from(defence) + owned;
    let mut order: Vec<&Campaigner<P, S>> = campaigners.iter().collect();
    order.sort_by_key(|c| c.initiative);
    let campaigns: Vec<(P, S, Vec<Die>, i64)> = order
        .into_iter()
        .map(|c| {
            let dice = roll((1 + shadow_dice(c.shadow, c.atheist)).saturating_add_signed(c.cards.dice), 0, true, HEADING, &format!("sector {n}: {} for {}", c.senator, c.party), src);
            let total = sum(&dice) + c.modifier();
            (c.party.clone(), c.senator.clone(), dice, total)
        })
        .collect();
    let top = campaigns.iter().map(|c| c.3).max();
    let winner = match top {
        Some(t) if t > sector_total && campaigns.iter().filter(|c| c.3 == t).count() == 1 => campaigns.iter().find(|c| c.3 == t).map(|c| c.0.clone()),
        _ => None,
    };
    Ok(Outcome { sector_dice, sector_total, campaigns, winner })
}

#[cfg(test)]
mod tests {
    use super::super::script::Faces;
    use super::*;
    use crate::dice::Dice;

    fn campaigner(party: &str, diplomacy: i32) -> Campaigner<String, String> {
        Campaigner {
            party: party.into(),
            senator: format!("{party}-sen"),
            diplomacy,
            corruption: 0,
            shadow: 0,
            atheist: false,
            orator: false,
            influence: 0,
            adjacency: 0,
            race_icon: false,
            party_icon: false,
            initiative: 1,
            cards: ContestMods::default(),
        }
    }

    fn target(owner: Option<&str>, defence: i32) -> Target<String> {
        Target { number: 32, owner: owner.map(String::from), infested: false, defence, owner_influence: 0, owner_adjacency: 0, halved: false, owner_cards: ContestMods::default() }
    }

    fn run(t: &Target<String>, c: &[Campaigner<String, String>], faces: &[u32]) -> Outcome<String, String> {
        let mut f = Faces::new(faces);
        let o = resolve(t, c, &mut f).unwrap();
        assert!(f.faces.is_empty(), "faces left: {:?}", f.faces);
        o
    }

    #[test]
    fn resolution_des_campagnes_every_bonus_and_malus_of_the_campaigner() {
        let mut c = campaigner("JULIE", 4);
        c.corruption = 2;
        c.shadow = 1;
        c.influence = 3;
        c.adjacency = 2;
        c.race_icon = true;
        c.party_icon = true;
        c.orator = true;
        // diplomacy 4, Orateur +1, corruption −2, shadow −3, influence +3, adjacency +2, icons +2.
        assert_eq!(c.modifier(), 7);
        let o = run(&target(None, 3), &[c], &[2, 3, 1]);
        assert_eq!(o.campaigns[0].2.len(), 2, "1 die and 1 per shadow");
        assert_eq!(o.campaigns[0].3, 3 + 1 + 7);
        assert_eq!(o.sector_total, 5);
        assert_eq!(o.winner.as_deref(), Some("JULIE"));
    }

    #[test]
    fn resolution_des_campagnes_campaign_cards_add_dice_and_points_on_either_side() {
        let mut c = campaigner("JULIE", 4);
        c.cards.dice = 1;
        c.cards.bonus = 2;
        let mut t = target(Some("POP"), 3);
        t.owner_cards.bonus = 1;
        t.owner_cards.dice = 1;
        // The sector's 2 dice (its own and the owner's card's), then JULIE's 2.
        let o = run(&t, &[c], &[2, 2, 3, 1]);
        assert_eq!(o.sector_dice.len(), 2);
        assert_eq!(o.sector_total, 2 + 2 + 3 + 1, "dice, defence and the owner's card");
        assert_eq!(o.campaigns[0].2.len(), 2, "1 die and the card's");
        assert_eq!(o.campaigns[0].3, 3 + 1 + 4 + 2, "dice, diplomacy and the card's 2");
    }

    #[test]
    fn resolution_des_campagnes_the_owner_adds_influence_and_adjacency_a_neutral_sector_nothing() {
        let mut t = target(Some("BOB"), 2);
        t.owner_influence = 4;
        t.owner_adjacency = 1;
        let o = run(&t, &[campaigner("JULIE", 6)], &[3, 5]);
        assert_eq!(o.sector_total, 3 + 2 + 4 + 1);
        assert_eq!(o.winner.as_deref(), Some("JULIE"), "her 11 beats its 10");
        t.owner = None;
        let o = run(&t, &[campaigner("JULIE", 6)], &[3, 5]);
        assert_eq!(o.sector_total, 3 + 2, "nobody may modify a neutral sector's roll");
    }

    #[test]
    fn egalite_dans_un_conflit_the_sector_wins_a_tie_with_a_campaigner() {
        let o = run(&target(Some("BOB"), 2), &[campaigner("JULIE", 1)], &[3, 4]);
        assert_eq!((o.sector_total, o.campaigns[0].3), (5, 5));
        assert_eq!(o.winner, None);
    }

    #[test]
    fn resolution_des_campagnes_several_campaigners_the_highest_alone_wins_a_tie_between_them_keeps_the_sector_g21() {
        let mut late = campaigner("B", 2);
        late.initiative = 3;
        let o = run(&target(None, 0), &[late.clone(), campaigner("A", 2)], &[1, 4, 5]);
        assert_eq!(o.campaigns.iter().map(|c| c.0.as_str()).collect::<Vec<_>>(), ["A", "B"], "worst initiative first");
        assert_eq!(o.winner.as_deref(), Some("B"));
        let o = run(&target(None, 0), &[late, campaigner("A", 2)], &[1, 4, 4]);
        assert_eq!(o.winner, None);
    }

    #[test]
    fn six_explosif_in_campaigns_for_the_campaigner_and_the_sector() {
        let o = run(&target(None, 0), &[campaigner("A", 0)], &[6, 6, 6, 6]);
        assert_eq!(o.sector_dice.len(), 2);
        assert_eq!(o.campaigns[0].2.len(), 2);
        assert_eq!(o.winner, None, "12 all");
    }

    #[test]
    fn campagnes_refused_in_an_infested_sector_in_ones_own_and_twice_by_a_party_g49() {
        let mut t = target(None, 0);
        t.infested = true;
        let mut d = Dice::from_seed([0; 32]);
        assert_eq!(resolve(&t, &[campaigner("A", 1)], &mut d), Err(Refused::Infested));
        assert_eq!(resolve(&target(Some("A"), 0), &[campaigner("A", 1)], &mut d), Err(Refused::OwnSector("A".into())));
        assert_eq!(resolve(&target(None, 0), &[campaigner("A", 1), campaigner("A", 2)], &mut d), Err(Refused::Twice("A".into())));
        assert!(d.log().is_empty());
    }

    #[test]
    fn les_benefiques_de_la_rebellion_campaign_defence_halved_rounded_up() {
        let mut t = target(None, 5);
        t.halved = true;
        let o = run(&t, &[campaigner("R", 0)], &[1, 1]);
        assert_eq!(o.sector_total, 1 + 3);
    }

    #[test]
    fn resolution_des_campagnes_over_many_seeds_the_winner_alone_beats_the_sector() {
        let mut shapes = Dice::from_seed([4; 32]);
        let mut won = 0;
        for seed in 0..1000u64 {
            let r = |d: &mut Dice, lo, hi| d.range(lo, hi, "test", "shape");
            let mut t = target(if r(&mut shapes, 0, 1) == 0 { Some("OWN") } else { None }, r(&mut shapes, 0, 6) as i32);
            t.owner_influence = r(&mut shapes, 0, 4);
            let cs: Vec<_> = ["A", "B", "C"][..r(&mut shapes, 1, 3) as usize]
                .iter()
                .map(|p| {
                    let mut c = campaigner(p, r(&mut shapes, 0, 6) as i32);
                    c.shadow = r(&mut shapes, 0, 2);
                    c.initiative = r(&mut shapes, 0, 5);
                    c
                })
                .collect();
            let mut dice = Dice::from_seed(crate::dice::turn_seed(seed, 2));
            let o = resolve(&t, &cs, &mut dice).unwrap();
            let drawn: usize = dice.log().iter().map(|l| l.dice.len()).sum();
            let expected: usize = o.sector_dice.len() + o.campaigns.iter().map(|c| c.2.len()).sum::<usize>();
            assert_eq!(drawn, expected);
            for (p, _, dice, total) in &o.campaigns {
                let c = cs.iter().find(|c| &c.party == p).unwrap();
                assert_eq!(dice.len() as u32, 1 + c.shadow + dice.iter().filter(|d| !d.bonus && d.face == 6).count() as u32);
                assert_eq!(*total, sum(dice) + c.modifier());
            }
            match &o.winner {
                Some(w) => {
                    won += 1;
                    let wt = o.campaigns.iter().find(|c| &c.0 == w).unwrap().3;
                    assert!(wt > o.sector_total && o.campaigns.iter().all(|c| &c.0 == w || c.3 < wt));
                }
                None => {
                    let top = o.campaigns.iter().map(|c| c.3).max().unwrap();
                    assert!(top <= o.sector_total || o.campaigns.iter().filter(|c| c.3 == top).count() > 1, "seed {seed}");
                }
            }
        }
        assert!(won > 100 && won < 900, "{won}");
    }
}
