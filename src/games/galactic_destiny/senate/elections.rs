//! "Élections!" with ranked ballots (design note §2.4 (1)) and "Premier tour
//! d'élections." (the first election dealt by lot).
//!
//! All five ministries fall vacant; the Prime Minister is elected first,
//! then the four others "dans l'ordre que décide le nouveau premier
//! ministre" (the order its party filed, `ORDRE-ELECTIONS`; without a Prime
//! Minister, the order of "le joueur avec le plus de sénateurs"; else
//! Interior, Finance, Justice, Defence). Each election is a standard vote
//! ([`super::round_table::vote`]) among the parties' candidates and VACANT;
//! each party's ballot ranks its choices, and counts for the first of them
//! still standing ("Un sénateur peut seulement diriger 1 ministère à la
//! fois": one elected is struck from the later posts, and so is one the
//! model no longer lists as eligible). Influence spent on one post is gone
//! for the next.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::round_table::{self, Ballot, Bidding, Outcome};
use super::Ministry;
use crate::dice::Dice;

/// The booklet headings the rolls of this module are logged under.
pub const HEADING: &str = "Élections!";
pub const FIRST_ELECTION_HEADING: &str = "Premier tour d'élections.";

/// One name on a ranked ballot (`VOTE PM POP Kaelin VACANT JUSQUA 6`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Choice<P, S> {
    /// That party's candidate, whoever it is by then.
    Party(P),
    /// That senator, if he is a candidate for the post.
    Senator(S),
    /// Leave the post vacant until the next election.
    Vacant,
}

/// An option of one post's vote: a candidate, or VACANT (`None`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Candidate<S>(pub Option<S>);

impl<S: Display> Display for Candidate<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(s) => s.fmt(f),
            None => f.write_str("VACANT"),
        }
    }
}

/// A party in the elections, as the model gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elector<P, S> {
    pub party: P,
    /// Its voting strength ("Force de vote.").
    pub strength: i32,
    /// What it may spend on one vote ("Total de voix.", G34).
    pub limit: u32,
    /// Its influence before the elections.
    pub influence: u32,
    /// Its senators in the senate, in play, not seduced: who may hold a post.
    pub eligible: Vec<S>,
    /// `CANDIDAT <ministère> <sén> [<sén>…]`: by post, its candidate and
    /// the fallbacks if he is elected elsewhere or no longer eligible.
    pub candidacies: BTreeMap<Ministry, Vec<S>>,
    /// `VOTE <ministère> <choix>… [JUSQUA n]`: by post, its ranking and what
    /// it wrote as its cap (a post without a ballot: it abstains).
    pub ballots: BTreeMap<Ministry, (Vec<Choice<P, S>>, u32)>,
    /// `ORDRE-ELECTIONS`: the four later posts in the order it wants.
    pub order: Option<[Ministry; 4]>,
    /// How many senators it has in the senate (who decides the order
    /// without a Prime Minister).
    pub senators: usize,
}

/// One post's election.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostResult<P, S> {
    pub ministry: Ministry,
    /// The elected senator and his party; `None`: vacant.
    pub holder: Option<(P, S)>,
    /// Each party's ballot as it counted (the first of its names still
    /// standing; absent: it abstained).
    pub counted: Vec<(P, Candidate<S>)>,
    pub vote: Outcome<P, Candidate<S>>,
}

/// The elections' result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Result<P, S> {
    /// The Prime Minister's post first, then the others in the order played.
    pub posts: Vec<PostResult<P, S>>,
    /// Who decided the order of the later posts (`None`: the default order).
    pub order_by: Option<P>,
    /// Influence each elector spent in all, in elector order.
    pub spent: Vec<(P, u32)>,
}

/// The order of the four later posts: the new Prime Minister's party's, if
/// it filed one; else that of the party with most senators (several: the
/// best initiative among them that filed one); else Interior, Finance,
/// Justice, Defence (RULINGS.md, Galactic Destiny, "Élections!").
fn later_order<P: Clone + PartialEq, S>(electors: &[Elector<P, S>], pm_party: Option<&P>) -> (Option<P>, Vec<Ministry>) {
    let filed = |e: &Elector<P, S>| e.order.map(|o| (Some(e.party.clone()), o.to_vec()));
    if let Some(found) = pm_party.and_then(|p| electors.iter().find(|e| e.party == *p)).and_then(filed) {
        return found;
    }
    let most = electors.iter().map(|e| e.senators).max().unwrap_or(0);
    // Electors come worst initiative first: the last one filed is the best.
    if let Some(found) = electors.iter().rev().filter(|e| e.senators == most).find_map(filed) {
        return found;
    }
    (None, Ministry::ALL[1..].to_vec())
}

/// Plays the elections. `electors` come in initiative order, worst first.
/// A ministry missing from an order filed (or named twice) is taken in the
/// default order after the others; the model refuses such orders anyway.
pub fn hold<P, S>(electors: &[Elector<P, S>], bidding: Bidding, dice: &mut Dice) -> Result<P, S>
where
    P: Ord + Clone + Display,
    S: Ord + Clone + Display,
{
    let mut influence: Vec<u32> = electors.iter().map(|e| e.influence).collect();
    let mut elected: BTreeSet<S> = BTreeSet::new();
    let mut posts = Vec::new();
    let mut order_by = None;
    let mut queue = vec![Ministry::PrimeMinister];
    let mut i = 0;
    while i < queue.len() {
        let ministry = queue[i];
        // Each party's candidate: the first of its list still standing.
        let standing = |e: &Elector<P, S>, s: &S| e.eligible.contains(s) && !elected.contains(s);
        let candidates: Vec<(P, S)> = electors
            .iter()
            .filter_map(|e| e.candidacies.get(&ministry)?.iter().find(|s| standing(e, s)).map(|s| (e.party.clone(), s.clone())))
            .collect();
        let mut options: Vec<Candidate<S>> = candidates.iter().map(|(_, s)| Candidate(Some(s.clone()))).collect();
        options.push(Candidate(None));
        let mut ballots = Vec::new();
        let mut counted = Vec::new();
        for (k, e) in electors.iter().enumerate() {
            let Some((ranking, written)) = e.ballots.get(&ministry) else { continue };
            let choice = ranking.iter().find_map(|c| match c {
                Choice::Vacant => Some(Candidate(None)),
                Choice::Party(p) => candidates.iter().find(|(cp, _)| cp == p).map(|(_, s)| Candidate(Some(s.clone()))),
                Choice::Senator(s) => candidates.iter().find(|(_, cs)| cs == s).map(|(_, s)| Candidate(Some(s.clone()))),
            });
            let Some(choice) = choice else { continue };
            counted.push((e.party.clone(), choice.clone()));
            ballots.push((k, Ballot { party: e.party.clone(), option: choice, strength: e.strength, written: *written, limit: e.limit, influence: influence[k] }));
        }
        let plain: Vec<Ballot<P, Candidate<S>>> = ballots.iter().map(|(_, b)| b.clone()).collect();
        let vote = round_table::vote(&options, &plain, bidding, &format!("election {ministry}"), dice);
        for ((k, _), (_, s)) in ballots.iter().zip(&vote.spent) {
            influence[*k] -= s;
        }
        let holder = vote.winner.clone().and_then(|c| c.0).and_then(|s| candidates.iter().find(|(_, cs)| *cs == s).cloned());
        if let Some((_, s)) = &holder {
            elected.insert(s.clone());
        }
        if ministry == Ministry::PrimeMinister {
            let (by, mut rest) = later_order(electors, holder.as_ref().map(|(p, _)| p));
            rest.retain(|m| *m != Ministry::PrimeMinister);
            rest.dedup();
            for m in Ministry::ALL[1..].iter() {
                if !rest.contains(m) {
                    rest.push(*m);
                }
            }
            order_by = by;
            queue.extend(rest);
        }
        posts.push(PostResult { ministry, holder, counted, vote });
        i += 1;
    }
    let spent = electors.iter().zip(&influence).map(|(e, left)| (e.party.clone(), e.influence - left)).collect();
    Result { posts, order_by, spent }
}

/// "Premier tour d'élections." (setting `premiere_election = "hasard"`): no
/// vote; "les 5 cartes de ministère sont mélangées et distribuées
/// aléatoirement aux joueurs" — the five cards shuffled and dealt one round
/// at a time to the parties in an order drawn by lot (with three parties,
/// two get a second card; with six, one gets none). Each card goes to the
/// party's candidate for that post if it filed one still free, else to one
/// of its eligible senators without a post drawn by lot, else the post
/// stays vacant (RULINGS.md, Galactic Destiny, G5). Returns the five posts
/// in the order dealt.
pub fn first_by_lot<P, S>(electors: &[Elector<P, S>], dice: &mut Dice) -> Vec<(Ministry, Option<(P, S)>)>
where
    P: Ord + Clone + Display,
    S: Ord + Clone + Display,
{
    let mut cards = Ministry::ALL.to_vec();
    dice.shuffle(&mut cards, FIRST_ELECTION_HEADING, "the five ministry cards");
    let mut seats: Vec<usize> = (0..electors.len()).collect();
    seats.sort_by(|a, b| electors[*a].party.cmp(&electors[*b].party));
    dice.shuffle(&mut seats, FIRST_ELECTION_HEADING, "the order the cards are dealt to the parties");
    let mut placed: BTreeSet<S> = BTreeSet::new();
    let mut out = Vec::new();
    for (k, ministry) in cards.into_iter().enumerate() {
        let Some(e) = seats.get(k % seats.len().max(1)).map(|i| &electors[*i]) else {
            out.push((ministry, None));
            continue;
        };
        let free: Vec<&S> = e.eligible.iter().filter(|s| !placed.contains(*s)).collect();
        let filed = e.candidacies.get(&ministry).and_then(|c| c.iter().find(|s| free.contains(s)));
        let chosen = match filed {
            Some(s) => Some(s.clone()),
            None => {
                let mut sorted = free.clone();
                sorted.sort();
                dice.pick_index(sorted.len(), FIRST_ELECTION_HEADING, format!("the senator of {} who takes {ministry}", e.party)).map(|i| sorted[i].clone())
            }
        };
        if let Some(s) = &chosen {
            placed.insert(s.clone());
        }
        out.push((ministry, chosen.map(|s| (e.party.clone(), s))));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    type E = Elector<String, String>;

    fn elector(party: &str, strength: i32, influence: u32, senators: &[&str]) -> E {
        Elector {
            party: party.into(),
            strength,
            limit: 20,
            influence,
            eligible: senators.iter().map(|s| s.to_string()).collect(),
            candidacies: BTreeMap::new(),
            ballots: BTreeMap::new(),
            order: None,
            senators: senators.len(),
        }
    }

    impl E {
        fn candidate(mut self, m: Ministry, names: &[&str]) -> E {
            self.candidacies.insert(m, names.iter().map(|s| s.to_string()).collect());
            self
        }
        fn votes(mut self, m: Ministry, ranking: Vec<Choice<String, String>>, cap: u32) -> E {
            self.ballots.insert(m, (ranking, cap));
            self
        }
        fn for_own(self, m: Ministry, cap: u32) -> E {
            let p = self.party.clone();
            self.votes(m, vec![Choice::Party(p)], cap)
        }
    }

    fn party(p: &str) -> Choice<String, String> {
        Choice::Party(p.into())
    }

    fn holder(r: &Result<String, String>, m: Ministry) -> Option<(&str, &str)> {
        r.posts.iter().find(|p| p.ministry == m).and_then(|p| p.holder.as_ref()).map(|(p, s)| (p.as_str(), s.as_str()))
    }

    fn posts(r: &Result<String, String>) -> Vec<Ministry> {
        r.posts.iter().map(|p| p.ministry).collect()
    }

    use Ministry::*;

    #[test]
    fn elections_the_prime_minister_first_then_the_order_the_new_prime_ministers_party_filed() {
        let mut dice = Dice::from_seed([0; 32]);
        let mut a = elector("A", 5, 10, &["Fola", "Kaelin"]).candidate(PrimeMinister, &["Fola"]).for_own(PrimeMinister, 3);
        a.order = Some([Defence, Justice, Finance, Interior]);
        let mut b = elector("B", 2, 10, &["Jemak"]).candidate(PrimeMinister, &["Jemak"]).for_own(PrimeMinister, 3);
        b.order = Some([Justice, Interior, Finance, Defence]);
        let r = hold(&[b, a], Bidding::Table, &mut dice);
        assert_eq!(holder(&r, PrimeMinister), Some(("A", "Fola")));
        assert_eq!(posts(&r), [PrimeMinister, Defence, Justice, Finance, Interior]);
        assert_eq!(r.order_by.as_deref(), Some("A"));
        // B spent its 3 to reach 5, A one to lead again.
        assert_eq!(r.spent, vec![("B".to_string(), 3), ("A".to_string(), 1)]);
    }

    #[test]
    fn elections_without_a_prime_minister_the_party_with_most_senators_decides_the_order() {
        let mut dice = Dice::from_seed([0; 32]);
        let mut a = elector("A", 1, 0, &["S1"]).votes(PrimeMinister, vec![Choice::Vacant], 0);
        a.order = Some([Defence, Justice, Finance, Interior]);
        let mut b = elector("B", 0, 0, &["S2", "S3"]);
        b.order = Some([Justice, Defence, Interior, Finance]);
        let r = hold(&[a.clone(), b], Bidding::Table, &mut dice);
        assert_eq!(holder(&r, PrimeMinister), None, "voted vacant");
        assert_eq!(posts(&r), [PrimeMinister, Justice, Defence, Interior, Finance]);
        // Nobody filed an order that counts: the booklet's order.
        let r = hold(&[elector("A", 1, 0, &["S1"]).votes(PrimeMinister, vec![Choice::Vacant], 0)], Bidding::Table, &mut dice);
        assert_eq!(posts(&r), [PrimeMinister, Interior, Finance, Justice, Defence]);
        assert_eq!(r.order_by, None);
    }

    #[test]
    fn elections_a_senator_holds_one_ministry_and_ballots_pass_to_the_next_name() {
        let mut dice = Dice::from_seed([0; 32]);
        // A's candidate for every post is Fola, then Kaelin; B votes for A's
        // candidate first for PM, then for Jemak.
        let a = elector("A", 6, 0, &["Fola", "Kaelin"])
            .candidate(PrimeMinister, &["Fola"])
            .candidate(Interior, &["Fola", "Kaelin"])
            .candidate(Finance, &["Fola"])
            .for_own(PrimeMinister, 0)
            .for_own(Interior, 0)
            .votes(Finance, vec![Choice::Senator("Fola".into()), Choice::Vacant], 0);
        let b = elector("B", 1, 0, &["Jemak"]).candidate(Interior, &["Jemak"]).votes(Interior, vec![party("A"), party("B")], 0);
        let r = hold(&[b, a], Bidding::Table, &mut dice);
        assert_eq!(holder(&r, PrimeMinister), Some(("A", "Fola")));
        // Fola is struck from Interior: A's candidacy passes to Kaelin.
        assert_eq!(holder(&r, Interior), Some(("A", "Kaelin")));
        let interior = r.posts.iter().find(|p| p.ministry == Interior).unwrap();
        assert!(interior.counted.contains(&("B".to_string(), Candidate(Some("Kaelin".to_string())))), "B's ballot for A's candidate follows him");
        // Finance: A's only candidate Fola holds PM; its ballot passes to VACANT.
        assert_eq!(holder(&r, Finance), None);
        let finance = r.posts.iter().find(|p| p.ministry == Finance).unwrap();
        assert_eq!(finance.counted, vec![("A".to_string(), Candidate(None))]);
    }

    #[test]
    fn elections_influence_spent_on_one_post_is_gone_for_the_next() {
        let mut dice = Dice::from_seed([0; 32]);
        let a = elector("A", 0, 6, &["Fola", "Kaelin"]).candidate(PrimeMinister, &["Fola"]).candidate(Interior, &["Kaelin"]).for_own(PrimeMinister, 20).for_own(Interior, 20);
        let b = elector("B", 0, 9, &["Jemak", "Gazali"]).candidate(PrimeMinister, &["Jemak"]).candidate(Interior, &["Gazali"]).for_own(PrimeMinister, 4).for_own(Interior, 20);
        let r = hold(&[a, b], Bidding::Table, &mut dice);
        // PM: B stops at its cap 4, A spends 5 and wins; Interior: A has 1 left, B wins with 2.
        assert_eq!(holder(&r, PrimeMinister), Some(("A", "Fola")));
        assert_eq!(holder(&r, Interior), Some(("B", "Gazali")));
        let interior = r.posts.iter().find(|p| p.ministry == Interior).unwrap();
        assert_eq!(interior.vote.spent, vec![("A".to_string(), 1), ("B".to_string(), 2)]);
        assert_eq!(r.spent, vec![("A".to_string(), 6), ("B".to_string(), 6)]);
    }

    #[test]
    fn elections_a_candidate_no_longer_eligible_is_struck() {
        let mut dice = Dice::from_seed([0; 32]);
        // Fola was killed or seduced: the model leaves him out of `eligible`.
        let a = elector("A", 3, 0, &["Kaelin"]).candidate(PrimeMinister, &["Fola", "Kaelin"]).votes(PrimeMinister, vec![Choice::Senator("Fola".into()), party("A")], 0);
        let r = hold(&[a], Bidding::Table, &mut dice);
        assert_eq!(holder(&r, PrimeMinister), Some(("A", "Kaelin")));
    }

    fn arb_electors() -> impl proptest::strategy::Strategy<Value = Vec<E>> {
        use proptest::prelude::*;
        let names = ["S0", "S1", "S2", "S3", "S4", "S5"];
        prop::collection::vec((-3i32..8, 0u32..12, 0u32..10, prop::collection::vec((0usize..5, 0usize..6, 0usize..4, 0u32..8), 0..6)), 1..5).prop_map(move |v| {
            v.into_iter()
                .enumerate()
                .map(|(i, (strength, influence, limit, lines))| {
                    let p = format!("P{i}");
                    let own: Vec<String> = names.iter().map(|n| format!("{p}{n}")).collect();
                    let mut e = elector(&p, strength, influence, &own.iter().map(String::as_str).collect::<Vec<_>>()[..3]);
                    e.limit = limit;
                    for (m, cand, choice, cap) in lines {
                        let m = Ministry::ALL[m];
                        e.candidacies.insert(m, vec![own[cand].clone(), own[(cand + 1) % 6].clone()]);
                        let ranking = match choice {
                            0 => vec![Choice::Vacant],
                            1 => vec![Choice::Party(format!("P{}", (i + 1) % 3)), Choice::Party(p.clone())],
                            2 => vec![Choice::Senator(own[cand].clone())],
                            _ => vec![Choice::Party(p.clone())],
                        };
                        e.ballots.insert(m, (ranking, cap));
                    }
                    e
                })
                .collect()
        })
    }

    proptest::proptest! {
        #[test]
        fn elections_properties(electors in arb_electors(), seed in 0u8..255, sealed in proptest::bool::ANY) {
            let mut dice = Dice::from_seed([seed; 32]);
            let r = hold(&electors, if sealed { Bidding::Sealed } else { Bidding::Table }, &mut dice);
            // Five posts, the Prime Minister first, each once.
            let mut posts_sorted = posts(&r);
            proptest::prop_assert_eq!(posts_sorted[0], PrimeMinister);
            posts_sorted.sort();
            proptest::prop_assert_eq!(posts_sorted, Ministry::ALL.to_vec());
            // One post per senator, each an eligible senator of the party named.
            let holders: Vec<&(String, String)> = r.posts.iter().filter_map(|p| p.holder.as_ref()).collect();
            let distinct: BTreeSet<&String> = holders.iter().map(|(_, s)| s).collect();
            proptest::prop_assert_eq!(distinct.len(), holders.len());
            for (p, s) in &holders {
                let e = electors.iter().find(|e| e.party == *p).unwrap();
                proptest::prop_assert!(e.eligible.contains(s));
            }
            // Nobody spends beyond its influence in all, nor beyond its limit on one post.
            for (e, (_, spent)) in electors.iter().zip(&r.spent) {
                proptest::prop_assert!(*spent <= e.influence);
                for post in &r.posts {
                    for (p, s) in &post.vote.spent {
                        if *p == e.party {
                            proptest::prop_assert!(*s <= e.limit);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn premier_tour_d_elections_deals_the_five_cards_by_lot_one_round_at_a_time() {
        let parties = ["A", "B", "C"];
        let mut counts_seen = BTreeSet::new();
        for seed in 0..100u8 {
            let mut dice = Dice::from_seed([seed; 32]);
            let electors: Vec<E> = parties
                .iter()
                .map(|p| elector(p, 0, 0, &[&format!("{p}1"), &format!("{p}2"), &format!("{p}3")]))
                .map(|e| if e.party == "A" { e.candidate(Justice, &["A3"]) } else { e })
                .collect();
            let dealt = first_by_lot(&electors, &mut dice);
            let mut ministries: Vec<Ministry> = dealt.iter().map(|(m, _)| *m).collect();
            ministries.sort();
            assert_eq!(ministries, Ministry::ALL.to_vec(), "each card once");
            // One round at a time: with three parties, counts 2, 2, 1.
            let mut per_party: BTreeMap<&str, usize> = BTreeMap::new();
            for (m, h) in &dealt {
                let (p, s) = h.as_ref().expect("every party has senators enough");
                assert!(s.starts_with(p.as_str()), "a senator of the party dealt the card");
                *per_party.entry(p.as_str()).or_default() += 1;
                if *m == Justice && p == "A" {
                    // Its candidate for the post, unless the lot gave him an earlier card.
                    let elsewhere = dealt.iter().any(|(m2, h2)| *m2 != Justice && h2.as_ref().is_some_and(|(_, s2)| s2 == "A3"));
                    assert!(s == "A3" || elsewhere, "the party's candidate for the post: {dealt:?}");
                }
            }
            let mut counts: Vec<usize> = per_party.values().copied().collect();
            counts.sort();
            assert_eq!(counts, [1, 2, 2]);
            let holders: BTreeSet<&str> = dealt.iter().filter_map(|(_, h)| h.as_ref().map(|(_, s)| s.as_str())).collect();
            assert_eq!(holders.len(), 5, "one post per senator");
            counts_seen.insert(dealt.iter().map(|(_, h)| h.as_ref().unwrap().0.clone()).collect::<Vec<_>>().join(""));
            assert!(dice.log().iter().all(|r| r.rule == FIRST_ELECTION_HEADING));
        }
        assert!(counts_seen.len() > 5, "the deal varies with the dice");
        // A party without a free senator leaves its card vacant.
        let mut dice = Dice::from_seed([9; 32]);
        let dealt = first_by_lot(&[elector("A", 0, 0, &["A1"])], &mut dice);
        assert_eq!(dealt.iter().filter(|(_, h)| h.is_some()).count(), 1);
    }
}
