//! "Force de vote." and "Total de voix.": a party's voting strength, what it
//! may spend on one vote, and the vote itself — by the round table the
//! referee plays for the parties from their capped ballots (design note
//! §2.3), or by sealed bids (`encheres = "scellees"`).
//!
//! At the table the parties bid influence "en tour de table … jusqu'à ce
//! qu'ils aient dépensé toute l'influence qu'ils souhaitent". By mail each
//! ballot carries a cap (`JUSQUA n`), and the referee plays the table: in
//! initiative order, worst first, each party whose option is not the unique
//! leader and whose cap is not reached adds 1 influence; rounds repeat until
//! nobody adds. So a losing party ends having spent its cap, the winner just
//! enough to lead.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// The booklet heading the rolls of this module are logged under.
pub const HEADING: &str = "Total de voix.";

/// A senator as a vote sees him ("Force de vote.").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SenatorVote {
    /// His printed diplomacy (the purple banner), with the changes cards in
    /// force make to it.
    pub diplomacy: i32,
    pub corruption: u32,
    pub shadow: u32,
    /// Under *Séduction*: "enlevé du sénat", he counts for nothing.
    pub seduced: bool,
}

/// "Force de vote.": the diplomacy of all the party's senators in the
/// senate (exhausted ones included), −1 per corruption, −3 per shadow; it
/// may be 0 or less.
pub fn voting_strength(senators: &[SenatorVote]) -> i32 {
    senators.iter().filter(|s| !s.seduced).map(|s| s.diplomacy - s.corruption as i32 - 3 * s.shadow as i32).sum()
}

/// "Total de voix.": "Un parti politique peut seulement dépenser autant
/// d'influence sur un vote du sénat que le total de ses sénateurs indiquant
/// 'diplomatie'": the diplomacy of its senators in the senate, corruption
/// not deducted, a seduced senator excluded, never below 0 (RULINGS.md,
/// Galactic Destiny, G34).
pub fn per_vote_limit(senators: &[SenatorVote]) -> u32 {
    senators.iter().filter(|s| !s.seduced).map(|s| s.diplomacy).sum::<i32>().max(0) as u32
}

/// How the parties bid influence on a vote (setting `encheres`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bidding {
    /// `"table"` (default): the round table played from the caps.
    #[default]
    Table,
    /// `"scellees"`: each party spends exactly what it wrote (within its
    /// limit and its influence), unseen by the others.
    Sealed,
}

/// One party's ballot on one vote, as the model gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ballot<P, O> {
    pub party: P,
    /// The option it votes for (a law's POUR or CONTRE, a candidate,
    /// VACANT, a Republic-fleet proposal …).
    pub option: O,
    /// Its voting strength ([`voting_strength`]).
    pub strength: i32,
    /// What it wrote: `JUSQUA n` (0 without it).
    pub written: u32,
    /// Its per-vote limit ([`per_vote_limit`]).
    pub limit: u32,
    /// The influence it has left now (spent on earlier items is gone).
    pub influence: u32,
}

impl<P, O> Ballot<P, O> {
    /// The most it spends on this vote: what it wrote, within its limit and
    /// its influence.
    pub fn cap(&self) -> u32 {
        self.written.min(self.limit).min(self.influence)
    }
}

/// What a vote did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<P, O> {
    /// The winning option (`None` only for a vote without options).
    pub winner: Option<O>,
    /// Every option's total, in the order of the options given.
    pub totals: Vec<(O, i64)>,
    /// The influence each party spent, in ballot order (caps are never
    /// printed, amounts spent are).
    pub spent: Vec<(P, u32)>,
    /// The tie-break rounds, if the top was shared: each option's die.
    pub tie_rolls: Vec<Vec<(O, u32)>>,
}

/// A ballot's weight on its option: strength plus influence spent, nothing
/// when below 0 ("son vote n'a aucun effet"). Spending first fills a
/// negative strength.
fn weight(strength: i32, spent: u32) -> i64 {
    (i64::from(strength) + i64::from(spent)).max(0)
}

fn totals<P, O: PartialEq + Clone>(options: &[O], ballots: &[Ballot<P, O>], spent: &[u32]) -> Vec<(O, i64)> {
    options
        .iter()
        .map(|o| (o.clone(), ballots.iter().zip(spent).filter(|(b, _)| b.option == *o).map(|(b, s)| weight(b.strength, *s)).sum()))
        .collect()
}

/// The option alone at the top, if one is.
fn unique_leader<O: Clone>(totals: &[(O, i64)]) -> Option<O> {
    let top = totals.iter().map(|(_, t)| *t).max()?;
    let mut at_top = totals.iter().filter(|(_, t)| *t == top);
    let first = at_top.next()?;
    at_top.next().is_none().then(|| first.0.clone())
}

/// Plays one vote. `ballots` come in initiative order, worst first (the
/// round table's order); a party absent from them abstains; `options` are
/// every option of the vote, in the order reports print them. A ballot for
/// an option not in `options` counts for nothing. A shared top is settled
/// by a die for each option at the top, the highest winning, those equal at
/// the highest rolling again ("S'il y a égalité, un dé est lancé pour
/// chaque côté de la proposition").
pub fn vote<P: Clone, O: PartialEq + Clone + Display>(options: &[O], ballots: &[Ballot<P, O>], bidding: Bidding, what: &str, dice: &mut Dice) -> Outcome<P, O> {
    let caps: Vec<u32> = ballots.iter().map(Ballot::cap).collect();
    let spent = match bidding {
        Bidding::Sealed => caps.clone(),
        Bidding::Table => {
            let mut spent = vec![0u32; ballots.len()];
            loop {
                let mut added = false;
                for (i, b) in ballots.iter().enumerate() {
                    if spent[i] >= caps[i] || unique_leader(&totals(options, ballots, &spent)).as_ref() == Some(&b.option) {
                        continue;
                    }
                    spent[i] += 1;
                    added = true;
                }
                if !added {
                    break;
                }
            }
            spent
        }
    };
    let totals = totals(options, ballots, &spent);
    let mut tie_rolls = Vec::new();
    let winner = match totals.iter().map(|(_, t)| *t).max() {
        None => None,
        Some(top) => {
            let mut tied: Vec<O> = totals.iter().filter(|(_, t)| *t == top).map(|(o, _)| o.clone()).collect();
            while tied.len() > 1 {
                let rolls: Vec<(O, u32)> = tied.iter().map(|o| (o.clone(), dice.d6(HEADING, format!("tie on {what}: {o}")))).collect();
                let best = rolls.iter().map(|(_, r)| *r).max().unwrap_or(0);
                tied = rolls.iter().filter(|(_, r)| *r == best).map(|(o, _)| o.clone()).collect();
                tie_rolls.push(rolls);
            }
            tied.pop()
        }
    };
    Outcome { winner, totals, spent: ballots.iter().zip(spent).map(|(b, s)| (b.party.clone(), s)).collect(), tie_rolls }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ballot(party: &str, option: &'static str, strength: i32, written: u32) -> Ballot<String, &'static str> {
        Ballot { party: party.into(), option, strength, written, limit: 99, influence: 99 }
    }

    fn spent_by(o: &Outcome<String, &'static str>, party: &str) -> u32 {
        o.spent.iter().find(|(p, _)| p == party).map(|(_, s)| *s).unwrap()
    }

    const LAW: [&str; 2] = ["POUR", "CONTRE"];

    #[test]
    fn force_de_vote_is_diplomacy_less_one_per_corruption_three_per_shadow_seduced_excluded() {
        let s = [
            SenatorVote { diplomacy: 4, corruption: 2, shadow: 0, seduced: false },
            SenatorVote { diplomacy: 3, corruption: 0, shadow: 1, seduced: false },
            SenatorVote { diplomacy: 5, corruption: 0, shadow: 0, seduced: true },
        ];
        assert_eq!(voting_strength(&s), 2);
        assert_eq!(voting_strength(&[SenatorVote { diplomacy: 1, corruption: 1, shadow: 1, seduced: false }]), -3, "may be below 0");
        // What it may spend: the diplomacy printed, corruption not deducted, the seduced one out.
        assert_eq!(per_vote_limit(&s), 7);
    }

    #[test]
    fn total_de_voix_the_loser_spends_its_cap_the_winner_just_enough_to_lead() {
        let mut dice = Dice::from_seed([0; 32]);
        let o = vote(&LAW, &[ballot("A", "POUR", 2, 10), ballot("B", "CONTRE", 3, 4)], Bidding::Table, "#1", &mut dice);
        assert_eq!(o.winner, Some("POUR"));
        assert_eq!((spent_by(&o, "A"), spent_by(&o, "B")), (6, 4), "B spends its 4 (total 7), A 6 to reach 8");
        assert_eq!(o.totals, vec![("POUR", 8), ("CONTRE", 7)]);
        assert!(o.tie_rolls.is_empty() && dice.log().is_empty());
    }

    #[test]
    fn total_de_voix_a_supporter_of_the_leading_option_adds_nothing() {
        let mut dice = Dice::from_seed([0; 32]);
        // A (worst initiative) and C are both POUR: once POUR leads, C need not add.
        let o = vote(&LAW, &[ballot("A", "POUR", 0, 5), ballot("B", "CONTRE", 0, 2), ballot("C", "POUR", 0, 5)], Bidding::Table, "#1", &mut dice);
        assert_eq!(o.winner, Some("POUR"));
        assert_eq!(o.totals, vec![("POUR", 3), ("CONTRE", 2)]);
        assert_eq!(spent_by(&o, "B"), 2);
        assert_eq!(spent_by(&o, "A") + spent_by(&o, "C"), 3);
    }

    #[test]
    fn total_de_voix_a_negative_strength_is_filled_first_and_a_total_below_zero_has_no_effect() {
        let mut dice = Dice::from_seed([0; 32]);
        // A's strength −3: three influence only bring it to 0.
        let o = vote(&LAW, &[ballot("A", "POUR", -3, 3), ballot("B", "CONTRE", 0, 0)], Bidding::Table, "#1", &mut dice);
        assert_eq!(o.totals, vec![("POUR", 0), ("CONTRE", 0)]);
        assert_eq!(spent_by(&o, "A"), 3);
        assert!(!o.tie_rolls.is_empty(), "0 against 0 is a tie");
        let o = vote(&LAW, &[ballot("A", "POUR", -3, 5), ballot("B", "CONTRE", 1, 0)], Bidding::Table, "#2", &mut dice);
        assert_eq!(o.totals, vec![("POUR", 2), ("CONTRE", 1)]);
        assert_eq!((o.winner, spent_by(&o, "A")), (Some("POUR"), 5));
        // A total below 0 takes nothing from the others of its option.
        let o = vote(&LAW, &[ballot("A", "POUR", -4, 0), ballot("C", "POUR", 2, 0), ballot("B", "CONTRE", 1, 0)], Bidding::Table, "#3", &mut dice);
        assert_eq!((o.winner, o.totals[0].1), (Some("POUR"), 2));
    }

    #[test]
    fn total_de_voix_a_party_spends_at_most_its_senators_diplomacy_and_its_influence() {
        let mut dice = Dice::from_seed([0; 32]);
        let mut a = ballot("A", "POUR", 0, 20);
        a.limit = 5;
        let mut b = ballot("B", "CONTRE", 0, 20);
        b.influence = 3;
        let o = vote(&LAW, &[a, b], Bidding::Table, "#1", &mut dice);
        assert_eq!((spent_by(&o, "A"), spent_by(&o, "B")), (4, 3));
        assert_eq!(o.winner, Some("POUR"));
    }

    #[test]
    fn total_de_voix_a_tie_rolls_a_die_for_each_side_until_one_wins() {
        // Equal caps: both spend all, the top is shared, a die per side.
        for seed in 0..50u8 {
            let mut dice = Dice::from_seed([seed; 32]);
            let o = vote(&LAW, &[ballot("A", "POUR", 1, 2), ballot("B", "CONTRE", 1, 2)], Bidding::Table, "#1", &mut dice);
            assert_eq!(o.totals, vec![("POUR", 3), ("CONTRE", 3)]);
            let last = o.tie_rolls.last().expect("rolled");
            let best = last.iter().map(|(_, r)| *r).max().unwrap();
            let winners: Vec<_> = last.iter().filter(|(_, r)| *r == best).collect();
            assert_eq!(winners.len(), 1, "rolled until one side is highest");
            assert_eq!(o.winner, Some(winners[0].0));
            for round in &o.tie_rolls[..o.tie_rolls.len() - 1] {
                assert_eq!(round[0].1, round[1].1, "an earlier round was itself a tie");
            }
            assert_eq!(dice.log().len(), 2 * o.tie_rolls.len());
            assert!(dice.log().iter().all(|r| r.rule == HEADING));
        }
    }

    #[test]
    fn encheres_scellees_each_spends_what_it_wrote() {
        let mut dice = Dice::from_seed([0; 32]);
        let o = vote(&LAW, &[ballot("A", "POUR", 2, 10), ballot("B", "CONTRE", 3, 4)], Bidding::Sealed, "#1", &mut dice);
        assert_eq!((spent_by(&o, "A"), spent_by(&o, "B")), (10, 4));
        assert_eq!(o.totals, vec![("POUR", 12), ("CONTRE", 7)]);
        let mut capped = ballot("A", "POUR", 0, 10);
        capped.influence = 6;
        let o = vote(&LAW, &[capped], Bidding::Sealed, "#2", &mut dice);
        assert_eq!(spent_by(&o, "A"), 6, "never beyond its influence");
    }

    const OPTIONS: [&str; 3] = ["X", "Y", "Z"];

    fn arb_ballots() -> impl Strategy<Value = Vec<Ballot<String, &'static str>>> {
        prop::collection::vec((0usize..3, -6i32..12, 0u32..15, 0u32..12, 0u32..15), 1..7).prop_map(|v| {
            v.into_iter()
                .enumerate()
                .map(|(i, (o, strength, written, limit, influence))| Ballot { party: format!("P{i}"), option: OPTIONS[o], strength, written, limit, influence })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn total_de_voix_round_table_properties(ballots in arb_ballots(), seed in any::<u8>()) {
            let mut dice = Dice::from_seed([seed; 32]);
            let o = vote(&OPTIONS, &ballots, Bidding::Table, "#p", &mut dice);
            let winner = o.winner.expect("options exist");
            for (b, (_, s)) in ballots.iter().zip(&o.spent) {
                // Nobody spends beyond its cap, its limit or its influence.
                prop_assert!(*s <= b.written && *s <= b.limit && *s <= b.influence);
                // A party whose option did not win ends having spent its cap.
                if b.option != winner {
                    prop_assert_eq!(*s, b.cap());
                }
            }
            let top = o.totals.iter().map(|(_, t)| *t).max().unwrap();
            let win_total = o.totals.iter().find(|(opt, _)| *opt == winner).unwrap().1;
            prop_assert_eq!(win_total, top);
            let others = o.totals.iter().filter(|(opt, _)| *opt != winner).map(|(_, t)| *t).max().unwrap_or(0);
            let winner_spent: u32 = ballots.iter().zip(&o.spent).filter(|(b, _)| b.option == winner).map(|(_, (_, s))| *s).sum();
            if o.tie_rolls.is_empty() {
                prop_assert!(win_total > others);
                // The winner spent just enough to lead: one more than the runner-up.
                if winner_spent > 0 {
                    prop_assert_eq!(win_total, others + 1);
                }
            } else {
                // A shared top: every party at the top spent its cap too.
                prop_assert_eq!(win_total, others);
                for (b, (_, s)) in ballots.iter().zip(&o.spent) {
                    prop_assert_eq!(*s, b.cap());
                }
            }
        }

        #[test]
        fn encheres_scellees_properties(ballots in arb_ballots(), seed in any::<u8>()) {
            let mut dice = Dice::from_seed([seed; 32]);
            let o = vote(&OPTIONS, &ballots, Bidding::Sealed, "#p", &mut dice);
            for (b, (_, s)) in ballots.iter().zip(&o.spent) {
                prop_assert_eq!(*s, b.cap());
            }
        }
    }
}
