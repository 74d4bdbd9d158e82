//! S1 closes: the filings are stored and the agenda built (design note
//! §2.2, §2.4).
//!
//! The any-step orders come first ([`common::apply`]: bank, trades,
//! promises…); then each party's senate lines, parties in initiative order
//! (worst first), each party's lines in the order written. The agenda is
//! numbered from 1 in the order of the senate's business ("Les travaux du
//! sénat."): the Republic-fleet proposals, the indictments, then the
//! general proposals — the laws in filing order, then the trades put to
//! the senate under Libre-échange.

use std::collections::BTreeMap;

use crate::dice::Dice;

use super::super::common;
use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::{Filings, GdState, Item, Phase};
use super::super::orders::{Order, Orders};

/// Stores candidacies, election orders, trials and audits; numbers the
/// agenda (fleet proposals, indictments, laws); leaves the game at S2.
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    state.agenda.clear();
    state.filings = Filings::default();
    state.fleet_orders = None;
    common::apply(state, orders, dice, events);
    // Suits filed in the galactic court (#29, `court`).
    super::super::court::file(state, orders, events);
    // Trades the senate must ratify, as common::apply put them.
    let trades = std::mem::take(&mut state.agenda);
    let (mut fleet, mut indictments, mut laws) = (Vec::new(), Vec::new(), Vec::new());
    for p in common::in_initiative(state) {
        // The rebel's senators left the senate: nothing of its is filed.
        if super::super::rebellion::is_rebel(state, p) {
            continue;
        }
        let Some(o) = orders.get(&p) else { continue };
        // The acknowledgement refuses free proposals beyond the bound; the
        // engine keeps it too (RULINGS, "Floods").
        let mut free = 0;
        for line in &o.lines {
            if keep(&mut state.filings, p, line) {
                continue;
            }
            match line {
                Order::Candidate { ministry, senators } => {
                    state.filings.candidacies.entry(p).or_default().insert(*ministry, senators.clone());
                }
                Order::FleetProposal { groups } => fleet.push(Item::Fleet { by: p, groups: groups.clone() }),
                Order::Indict { senator } => indictments.push(Item::Indictment { by: p, senator: senator.clone() }),
                Order::Propose { law, turns } => laws.push(Item::Law { by: p, law: *law, turns: (*turns).clamp(1, state.settings.max_law_turns.max(1)) }),
                Order::FreeProposal { .. } if free >= state.settings.max_free_proposals.max(1) => {}
                Order::FreeProposal { text, turns } => {
                    free += 1;
                    laws.push(Item::FreeLaw { by: p, text: text.clone(), turns: (*turns).clamp(1, state.settings.max_law_turns.max(1)) });
                }
                _ => {}
            }
        }
    }
    let peace = super::super::rebellion::peace_item(state, orders);
    let agenda: Vec<Item> = fleet.into_iter().chain(indictments).chain(laws).chain(trades).chain(peace).collect();
    // G33: "S'il n'y a aucun ministre du tout dans le sénat alors aucune
    // proposition ne peut être présentée". With an election due, S2 checks
    // again once the posts are filled.
    if !agenda.is_empty() && state.ministries.is_empty() && !state.election_due() {
        events.push(Event::NoChair);
    } else {
        if !agenda.is_empty() {
            events.push(Event::Agenda { items: agenda.clone() });
        }
        state.agenda = agenda;
    }
    state.phase = Phase::Voting;
}

/// Keeps a line S1 and S2 both accept for later (`ORDRE-ELECTIONS`, the
/// last one counting; `POURSUIVRE`, `VERIFIER`, a senator named twice
/// counting once); false for any other line.
pub(super) fn keep(filings: &mut Filings, p: PartyId, line: &Order) -> bool {
    match line {
        Order::ElectionOrder { order } => {
            filings.election_orders.insert(p, *order);
        }
        Order::Prosecute { senators } => {
            let list = filings.trials.entry(p).or_default();
            for s in senators {
                if !list.contains(s) {
                    list.push(s.clone());
                }
            }
        }
        Order::Audit { senator } => {
            let list = filings.audits.entry(p).or_default();
            if !list.contains(senator) {
                list.push(senator.clone());
            }
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::galactic_destiny::components::effects::Resource;
    use crate::games::galactic_destiny::model::{FleetGroup, Law, LawInForce};
    use crate::games::galactic_destiny::orders::Goods;
    use crate::games::galactic_destiny::senate::{testkit, Ministry};
    use PartyId::{Bip, Pop};

    fn file(state: &mut GdState, lines: Vec<(PartyId, Vec<Order>)>) -> Vec<Event> {
        let orders: BTreeMap<PartyId, Orders> = lines.into_iter().map(|(p, l)| (p, Orders { lines: l, defaulted: false })).collect();
        let mut events = Vec::new();
        resolve(state, &orders, &mut Dice::from_seed([3; 32]), &mut events);
        events
    }

    fn group(to: u8) -> FleetGroup {
        FleetGroup { to, count: 2, from: None, attack: false, admiral: None }
    }

    #[test]
    fn les_travaux_du_senat_the_agenda_is_the_fleet_proposals_then_the_indictments_then_the_laws_in_filing_order() {
        // BIP is worse in initiative than POP: its lines are filed first.
        let mut s = testkit::state(&[Bip, Pop]);
        s.laws.push(LawInForce { law: Law::FreeTrade, passed: 1, until: 2, by: Bip });
        let trade = |with, give: Vec<Goods>, get: Vec<Goods>| Order::Trade { with, give, get };
        let four = Goods::Resource { resource: Resource::Money, amount: 4 };
        let events = file(
            &mut s,
            vec![
                (Pop, vec![Order::Propose { law: Law::Movement, turns: 9 }, Order::Indict { senator: "Kaelin".into() }, Order::FleetProposal { groups: vec![group(50)] }, trade(Bip, vec![four.clone()], vec![])]),
                (Bip, vec![Order::Propose { law: Law::Homeland, turns: 2 }, Order::FleetProposal { groups: vec![group(12)] }, trade(Pop, vec![], vec![four.clone()])]),
            ],
        );
        let expected = vec![
            Item::Fleet { by: Bip, groups: vec![group(12)] },
            Item::Fleet { by: Pop, groups: vec![group(50)] },
            Item::Indictment { by: Pop, senator: "Kaelin".into() },
            Item::Law { by: Bip, law: Law::Homeland, turns: 2 },
            // Clipped to duree_max_loi (5).
            Item::Law { by: Pop, law: Law::Movement, turns: 5 },
            Item::Trade { a: Bip, b: Pop, a_gives: vec![], b_gives: vec![four] },
        ];
        assert_eq!(s.agenda, expected);
        assert!(events.contains(&Event::Agenda { items: expected }));
        assert_eq!(s.phase, Phase::Voting);
    }

    #[test]
    fn une_proposition_the_engine_files_no_more_than_propositions_libres_max_free_laws_a_party() {
        let mut s = testkit::state(&[Bip, Pop]);
        s.settings.free_proposals = true;
        let free = |t: &str| Order::FreeProposal { text: t.into(), turns: 2 };
        file(&mut s, vec![(Bip, vec![free("a"), free("b"), free("c")]), (Pop, vec![free("d")])]);
        let filed: Vec<&str> = s.agenda.iter().filter_map(|i| if let Item::FreeLaw { text, .. } = i { Some(text.as_str()) } else { None }).collect();
        assert_eq!(filed, ["a", "b", "d"]);
    }

    #[test]
    fn elections_candidacies_election_orders_trials_and_audits_are_kept_for_s2() {
        let mut s = testkit::state(&[Pop, Bip]);
        let order = [Ministry::Justice, Ministry::Defence, Ministry::Finance, Ministry::Interior];
        file(
            &mut s,
            vec![(
                Pop,
                vec![
                    Order::Candidate { ministry: Ministry::PrimeMinister, senators: vec!["Fola".into(), "Gazali".into()] },
                    Order::ElectionOrder { order },
                    Order::Prosecute { senators: vec!["Kaelin".into()] },
                    Order::Audit { senator: "Kaelin".into() },
                    Order::Audit { senator: "Kaelin".into() },
                ],
            )],
        );
        assert_eq!(s.filings.candidacies[&Pop][&Ministry::PrimeMinister], vec!["Fola".to_string(), "Gazali".to_string()]);
        assert_eq!(s.filings.election_orders[&Pop], order);
        assert_eq!(s.filings.trials[&Pop], vec!["Kaelin".to_string()]);
        assert_eq!(s.filings.audits[&Pop], vec!["Kaelin".to_string()], "once per senator");
        // The next S1 starts afresh.
        file(&mut s, vec![]);
        assert_eq!(s.filings, Filings::default());
    }

    #[test]
    fn le_premier_ministre_et_ses_devoirs_without_any_minister_no_proposal_is_presented() {
        let mut s = testkit::state(&[Pop, Bip]);
        s.election_marker = 2;
        let lines = vec![(Pop, vec![Order::Propose { law: Law::Movement, turns: 2 }])];
        let events = file(&mut s, lines.clone());
        assert!(s.agenda.is_empty());
        assert!(events.contains(&Event::NoChair));
        // A minister in office chairs.
        s.appoint(Ministry::Defence, Some("Kaelin".into()));
        file(&mut s, lines.clone());
        assert_eq!(s.agenda.len(), 1);
        // With an election due, the agenda waits for the posts to be filled.
        s.appoint(Ministry::Defence, None);
        s.election_marker = 0;
        let events = file(&mut s, lines);
        assert_eq!(s.agenda.len(), 1);
        assert!(!events.contains(&Event::NoChair));
    }
}
