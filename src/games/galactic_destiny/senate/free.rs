//! Free laws ("Une proposition.": "Les propositions peuvent être tout ce
//! qu'un joueur désire"), played with `propositions = "libres"` and a game
//! master (design note §5; RULINGS.md, Galactic Destiny, "Free laws and the
//! court").
//!
//! `PROPOSITION LIBRE "<texte>" [DUREE <n>]` is filed in S1 and voted in S2
//! among the general proposals, like a listed law: the Prime Minister may
//! veto it or order it. What the program referees is its life — voted,
//! vetoed, struck, in force through T + d − 1 (G37) — never its meaning:
//! the game master enforces it. "Si elle ne le fait pas (selon l'accord de
//! la majorité de joueurs) elle est dans tous les cas rayée de la liste":
//! more than half of the parties in good standing writing
//! `INCONSTITUTIONNEL #<n>` in S2 strike it before its vote.
//!
//! A free law voted in is numbered `L1…` in the order passed, for good (a
//! law that lapses keeps its number): the game master's items name it so.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::{GdState, Item};
use super::super::orders::{Order, Orders};

/// A free law the senate passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreeLaw {
    /// `L<number>`, from 1, in the order passed.
    pub number: u32,
    pub text: String,
    /// Who proposed it.
    pub by: PartyId,
    /// The game turn it was voted in.
    pub passed: u32,
    /// The last game turn it binds (G37).
    pub until: u32,
    /// The game turn the game master struck it (`RAYER`), if he did.
    #[serde(default)]
    pub struck: Option<u32>,
}

impl FreeLaw {
    /// Its id in the game master's items and the reports.
    pub fn id(&self) -> String {
        format!("L{}", self.number)
    }

    /// In force in game turn `turn`: voted, not lapsed, not struck.
    pub fn in_force(&self, turn: u32) -> bool {
        self.struck.is_none() && self.until >= turn
    }
}

/// The free laws in force this game turn, in the order passed.
pub fn in_force(state: &GdState) -> impl Iterator<Item = &FreeLaw> {
    state.free_laws.iter().filter(|l| l.in_force(state.game_turn))
}

/// S2, before the general proposals are voted: the free proposals more
/// than half of `senate` (the parties in good standing) declared
/// unconstitutional, struck whatever their vote would be. Each free
/// proposal named at least once gets its count in an event.
pub fn unconstitutional(state: &GdState, orders: &BTreeMap<PartyId, Orders>, senate: &[PartyId], events: &mut Vec<Event>) -> Vec<u32> {
    let mut struck = Vec::new();
    for (k, item) in state.agenda.iter().enumerate() {
        if !matches!(item, Item::FreeLaw { .. }) {
            continue;
        }
        let n = k as u32 + 1;
        let parties: Vec<PartyId> = senate
            .iter()
            .copied()
            .filter(|p| orders.get(p).is_some_and(|o| o.lines.iter().any(|l| matches!(l, Order::Unconstitutional { item } if *item == n))))
            .collect();
        if parties.is_empty() {
            continue;
        }
        let is_struck = 2 * parties.len() > senate.len();
        if is_struck {
            struck.push(n);
        }
        events.push(Event::Unconstitutional { item: n, parties, of: senate.len() as u32, struck: is_struck });
    }
    struck
}

/// A free law voted in: `L<n>`, binding through turn T + d − 1 (G37).
/// Unlike a listed law, the same text voted again is another law.
pub fn pass(state: &mut GdState, by: PartyId, text: String, turns: u8, events: &mut Vec<Event>) {
    let number = state.free_laws.len() as u32 + 1;
    let until = state.game_turn + u32::from(turns.max(1)) - 1;
    state.free_laws.push(FreeLaw { number, text: text.clone(), by, passed: state.game_turn, until, struck: None });
    events.push(Event::FreeLawPassed { number, text, until, by });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::galactic_destiny::senate::testkit;
    use PartyId::{Bip, Gsp, Pop};

    fn orders(lines: Vec<(PartyId, Vec<Order>)>) -> BTreeMap<PartyId, Orders> {
        lines.into_iter().map(|(p, l)| (p, Orders { lines: l, defaulted: false })).collect()
    }

    #[test]
    fn une_proposition_a_majority_of_the_parties_in_good_standing_strikes_a_free_proposal() {
        let mut s = testkit::state(&[Gsp, Bip, Pop]);
        s.agenda = vec![
            Item::Law { by: Gsp, law: crate::games::galactic_destiny::model::Law::Movement, turns: 2 },
            Item::FreeLaw { by: Bip, text: "pas de guerre".into(), turns: 2 },
            Item::FreeLaw { by: Pop, text: "la paix".into(), turns: 2 },
        ];
        let senate = [Gsp, Bip, Pop];
        let o = orders(vec![
            (Gsp, vec![Order::Unconstitutional { item: 2 }, Order::Unconstitutional { item: 3 }]),
            (Pop, vec![Order::Unconstitutional { item: 2 }]),
        ]);
        let mut events = Vec::new();
        // Two of three strike #2; one of three does not strike #3.
        assert_eq!(unconstitutional(&s, &o, &senate, &mut events), vec![2]);
        assert!(events.contains(&Event::Unconstitutional { item: 2, parties: vec![Gsp, Pop], of: 3, struck: true }));
        assert!(events.contains(&Event::Unconstitutional { item: 3, parties: vec![Gsp], of: 3, struck: false }));
        // Half is no majority: two of four.
        let o = orders(vec![(Gsp, vec![Order::Unconstitutional { item: 2 }]), (Pop, vec![Order::Unconstitutional { item: 2 }])]);
        assert!(unconstitutional(&s, &o, &[Gsp, Bip, Pop, PartyId::Cos], &mut Vec::new()).is_empty());
        // A party outside the senate (a rebel) is not counted.
        let o = orders(vec![(Gsp, vec![Order::Unconstitutional { item: 2 }]), (Pop, vec![Order::Unconstitutional { item: 2 }])]);
        assert!(unconstitutional(&s, &o, &[Bip, Pop, PartyId::Cos], &mut Vec::new()).is_empty());
        s.agenda.clear();
    }

    #[test]
    fn une_proposition_a_free_law_passed_is_numbered_for_good_and_binds_through_t_plus_d_minus_1() {
        let mut s = testkit::state(&[Gsp, Bip]);
        s.game_turn = 3;
        let mut events = Vec::new();
        pass(&mut s, Bip, "pas de guerre".into(), 2, &mut events);
        pass(&mut s, Gsp, "pas de guerre".into(), 1, &mut events);
        assert_eq!(s.free_laws.iter().map(|l| (l.id(), l.until)).collect::<Vec<_>>(), vec![("L1".to_string(), 4), ("L2".to_string(), 3)]);
        assert!(events.contains(&Event::FreeLawPassed { number: 1, text: "pas de guerre".into(), until: 4, by: Bip }));
        s.game_turn = 4;
        assert_eq!(in_force(&s).map(FreeLaw::id).collect::<Vec<_>>(), vec!["L1".to_string()]);
        s.free_laws[0].struck = Some(4);
        assert_eq!(in_force(&s).count(), 0);
    }
}
