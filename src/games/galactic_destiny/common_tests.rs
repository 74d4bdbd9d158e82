//! The any-step orders (bank, trades, promises, laws broken, shadow, the
//! election call) and where corruption goes, on a game built by hand.

use std::collections::BTreeMap;

use super::*;
use crate::games::galactic_destiny::components::effects::Resource::{Influence, Money};
use crate::games::galactic_destiny::model::LawInForce;
use crate::games::galactic_destiny::senate::testkit;
use PartyId::{Bip, Gsp, Pop};

fn orders(lines: &[(PartyId, Vec<Order>)]) -> BTreeMap<PartyId, Orders> {
    let mut m: BTreeMap<PartyId, Orders> = BTreeMap::new();
    for (p, l) in lines {
        m.entry(*p).or_default().lines.extend(l.iter().cloned());
    }
    m
}

fn run(state: &mut GdState, lines: &[(PartyId, Vec<Order>)]) -> Vec<Event> {
    let mut dice = Dice::from_seed([5; 32]);
    let mut events = Vec::new();
    apply(state, &orders(lines), &mut dice, &mut events);
    events
}

fn money(state: &GdState, p: PartyId) -> u8 {
    state.fx.parties[&p].money
}
fn influence(state: &GdState, p: PartyId) -> u8 {
    state.fx.parties[&p].influence
}

fn law(state: &mut GdState, law: Law, until: u32) {
    state.laws.push(LawInForce { law, passed: state.game_turn, until, by: Gsp });
}

fn res(resource: Resource, amount: u8) -> Goods {
    Goods::Resource { resource, amount }
}

#[test]
fn resoudre_les_echanges_the_bank_is_three_for_one_either_way_and_the_excess_over_99_is_wasted() {
    let mut s = testkit::state(&[Pop, Bip]);
    let ev = run(&mut s, &[(Pop, vec![Order::Bank { buy: Influence, amount: 2 }]), (Bip, vec![Order::Bank { buy: Money, amount: 1 }])]);
    assert_eq!((money(&s, Pop), influence(&s, Pop)), (4, 7), "6 money for 2 influence");
    assert_eq!((money(&s, Bip), influence(&s, Bip)), (11, 2), "3 influence for 1 money");
    assert!(ev.contains(&Event::Banked { party: Pop, bought: Influence, amount: 2, paid: 6 }));
    // Not enough to pay: nothing happens, and the party is told why.
    let ev = run(&mut s, &[(Bip, vec![Order::Bank { buy: Money, amount: 1 }])]);
    assert_eq!((money(&s, Bip), influence(&s, Bip)), (11, 2));
    assert!(matches!(&ev[..], [Event::Unexecuted { party: Bip, .. }]), "{ev:?}");
    // The cap.
    s.fx.parties.get_mut(&Pop).unwrap().money = 98;
    s.fx.parties.get_mut(&Pop).unwrap().influence = 30;
    run(&mut s, &[(Pop, vec![Order::Bank { buy: Money, amount: 5 }])]);
    assert_eq!((money(&s, Pop), influence(&s, Pop)), (99, 15));
}

#[test]
fn resoudre_les_echanges_a_mirrored_trade_moves_every_item_at_once() {
    let mut s = testkit::state(&[Pop, Bip]);
    let bip_home = s.components.party(Bip).unwrap().start_sector;
    let pop_home = s.components.party(Pop).unwrap().start_sector;
    let kaelin = s.components.party(Bip).unwrap().start_senator.clone();
    s.fx.senators.get_mut(&kaelin).unwrap().exhausted = true;
    let waiting = testkit::spare_senators(&s, 1).remove(0);
    s.fx.senator_deck.retain(|n| *n != waiting);
    s.fx.parties.get_mut(&Pop).unwrap().waiting.push(waiting.clone());
    let card = s.fx.action_deck.remove(0);
    s.fx.parties.get_mut(&Pop).unwrap().hand.push(card.clone());
    let pop_gives = vec![res(Money, 4), Goods::Senator { name: waiting.clone() }, Goods::Card { name: card.clone() }, Goods::Fleets { count: 1, sector: pop_home }];
    let bip_gives = vec![res(Influence, 5), Goods::Sector { sector: bip_home }, Goods::Senator { name: kaelin.clone() }];
    let ev = run(
        &mut s,
        &[
            (Pop, vec![Order::Trade { with: Bip, give: pop_gives.clone(), get: bip_gives.clone() }]),
            // The mirror, its items in another order.
            (Bip, vec![Order::Trade { with: Pop, give: bip_gives.iter().rev().cloned().collect(), get: pop_gives.iter().rev().cloned().collect() }]),
        ],
    );
    // Cards and waiting senators are named to the two parties only.
    assert!(ev.contains(&Event::Traded { a: Pop, b: Bip, a_gives: vec![pop_gives[0].clone(), pop_gives[3].clone()], b_gives: bip_gives.clone() }), "{ev:?}");
    let hidden = Event::TradedHidden { a: Pop, b: Bip, a_gives: pop_gives[1..3].to_vec(), b_gives: vec![] };
    assert_eq!(hidden.readers(), Some(vec![Pop, Bip]));
    assert!(ev.contains(&hidden), "{ev:?}");
    assert!(!ev.iter().any(|e| e.readers().is_none() && format!("{e:?}").contains(&waiting)), "no public event names the waiting senator");
    assert_eq!((money(&s, Pop), influence(&s, Pop)), (6, 10));
    assert_eq!((money(&s, Bip), influence(&s, Bip)), (14, 0));
    assert_eq!(s.fx.sectors[&bip_home].owner, Some(Pop));
    let k = &s.fx.senators[&kaelin];
    assert_eq!(k.party, Pop);
    assert!(!k.exhausted, "senators in play arrive unexhausted");
    assert_eq!(s.fx.parties[&Bip].waiting, vec![waiting.clone()], "a waiting senator stays waiting");
    assert!(!s.fx.senators.contains_key(&waiting));
    assert_eq!(s.fx.parties[&Bip].hand, vec![card]);
    assert_eq!(s.fleets[&pop_home].get(&Pop), Some(&1));
    assert_eq!(s.fleets[&pop_home].get(&Bip), Some(&1), "the buyer places its own fleet in the same sector");
    s.check().unwrap();
}

#[test]
fn resoudre_les_echanges_a_trade_line_without_its_mirror_lapses_with_the_step() {
    let mut s = testkit::state(&[Pop, Bip]);
    let before = s.fx.clone();
    let ev = run(
        &mut s,
        &[
            (Pop, vec![Order::Trade { with: Bip, give: vec![res(Money, 4)], get: vec![res(Influence, 5)] }]),
            // Not the mirror: different amounts.
            (Bip, vec![Order::Trade { with: Pop, give: vec![res(Influence, 4)], get: vec![res(Money, 4)] }]),
        ],
    );
    assert_eq!(s.fx.parties, before.parties);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Unexecuted { .. })).count(), 2, "{ev:?}");
}

#[test]
fn resoudre_les_echanges_every_item_is_checked_again_when_the_trade_is_carried_out() {
    // BIP acts first and banks its influence away; POP's trade then finds
    // BIP without the 5 influence it gives: nothing of the trade happens.
    let mut s = testkit::state(&[Bip, Pop]);
    let ev = run(
        &mut s,
        &[
            (Bip, vec![Order::Bank { buy: Money, amount: 1 }]),
            (Pop, vec![Order::Trade { with: Bip, give: vec![res(Money, 4)], get: vec![res(Influence, 5)] }]),
            (Bip, vec![Order::Trade { with: Pop, give: vec![res(Influence, 5)], get: vec![res(Money, 4)] }]),
        ],
    );
    assert_eq!(money(&s, Pop), 10, "POP's money did not move");
    assert!(ev.iter().any(|e| matches!(e, Event::TradeFailed { reason, .. } if reason.id == "galactic-destiny-lacks-resource")), "{ev:?}");
}

#[test]
fn resoudre_les_echanges_traded_fleets_count_toward_the_buyers_ten() {
    let mut s = testkit::state(&[Pop, Bip]);
    let pop_home = s.components.party(Pop).unwrap().start_sector;
    let bip_home = s.components.party(Bip).unwrap().start_sector;
    s.fleets.get_mut(&bip_home).unwrap().insert(Bip, 9);
    let give = vec![Goods::Fleets { count: 2, sector: pop_home }];
    let get = vec![res(Money, 1)];
    let ev = run(&mut s, &[(Pop, vec![Order::Trade { with: Bip, give: give.clone(), get: get.clone() }]), (Bip, vec![Order::Trade { with: Pop, give: get, get: give }])]);
    assert!(ev.iter().any(|e| matches!(e, Event::TradeFailed { reason, .. } if reason.id == "galactic-destiny-fleet-cap")), "{ev:?}");
    assert_eq!(s.fleets_of(Bip), 9);
    assert_eq!(s.fleets_of(Pop), 2);
}

#[test]
fn libre_echange_d_accord_a_trade_of_resources_goes_to_the_senate_in_s1_and_is_refused_elsewhere() {
    let mut s = testkit::state(&[Pop, Bip]);
    law(&mut s, Law::FreeTrade, 3);
    let give = vec![res(Money, 4)];
    let get = vec![res(Influence, 5)];
    let lines = [(Pop, vec![Order::Trade { with: Bip, give: give.clone(), get: get.clone() }]), (Bip, vec![Order::Trade { with: Pop, give: get.clone(), get: give.clone() }])];
    let before = s.fx.clone();
    run(&mut s, &lines);
    assert_eq!(s.fx.parties, before.parties, "not carried out before the vote");
    assert_eq!(s.agenda, vec![Item::Trade { a: Pop, b: Bip, a_gives: give.clone(), b_gives: get.clone() }]);
    // In S2 (or any later step) the same lines are refused.
    s.agenda.clear();
    s.phase = Phase::Voting;
    let ev = run(&mut s, &lines);
    assert_eq!(s.fx.parties, before.parties);
    assert!(s.agenda.is_empty());
    assert!(ev.iter().any(|e| matches!(e, Event::TradeFailed { reason, .. } if reason.id == "galactic-destiny-free-trade-senate-only")), "{ev:?}");
    // Card trades are not subject to the law; nor a trade by two parties
    // that both broke it this turn.
    let card = s.fx.action_deck.remove(0);
    s.fx.parties.get_mut(&Pop).unwrap().hand.push(card.clone());
    let c = vec![Goods::Card { name: card }];
    let ev = run(&mut s, &[(Pop, vec![Order::Trade { with: Bip, give: c.clone(), get: vec![] }]), (Bip, vec![Order::Trade { with: Pop, give: vec![], get: c }])]);
    assert!(ev.iter().any(|e| matches!(e, Event::Traded { .. })), "{ev:?}");
    s.defied.insert((Pop, Law::FreeTrade));
    s.defied.insert((Bip, Law::FreeTrade));
    let ev = run(&mut s, &lines);
    assert!(ev.iter().any(|e| matches!(e, Event::Traded { .. })), "{ev:?}");
}

#[test]
fn accords_et_lois_du_senat_a_mirrored_promise_is_recorded_and_numbered() {
    let mut s = testkit::state(&[Pop, Bip, Gsp]);
    s.game_turn = 4;
    let ev = run(
        &mut s,
        &[
            (Pop, vec![Order::Deal { with: Bip, terms: "no attack on 39".into(), turns: Some(3) }, Order::Deal { with: Gsp, terms: "x".into(), turns: None }]),
            (Bip, vec![Order::Deal { with: Pop, terms: " no attack on 39 ".into(), turns: Some(3) }]),
            (Gsp, vec![Order::Deal { with: Pop, terms: "y".into(), turns: None }]),
        ],
    );
    assert_eq!(s.deals.len(), 1);
    assert_eq!(s.deals[0], Deal { number: 1, parties: [Pop, Bip], terms: "no attack on 39".into(), until: Some(6), broken: None });
    assert!(ev.iter().any(|e| matches!(e, Event::DealMade { number: 1, .. })));
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Unexecuted { .. })).count(), 2, "POP–GSP differ: both told");
}

#[test]
fn corruption_pour_annuler_un_accord_two_corruption_on_the_senator_named_else_the_least_corrupt() {
    let mut s = testkit::state(&[Pop, Bip]);
    s.deals.push(Deal { number: 1, parties: [Pop, Bip], terms: "t".into(), until: None, broken: None });
    s.deals.push(Deal { number: 2, parties: [Pop, Bip], terms: "u".into(), until: None, broken: None });
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    let other = testkit::spare_senators(&s, 1).remove(0);
    testkit::recruit(&mut s, &other, Pop);
    s.fx.senators.get_mut(&fola).unwrap().corruption = 1;
    let ev = run(&mut s, &[(Pop, vec![Order::BreakDeal { deal: 1, senator: Some(fola.clone()) }, Order::BreakDeal { deal: 2, senator: None }])]);
    assert_eq!(s.fx.senators[&fola].corruption, 3, "named");
    assert_eq!(s.fx.senators[&other].corruption, 2, "the one with least corruption");
    assert_eq!(s.deals[0].broken, Some((Pop, 1)));
    assert!(ev.contains(&Event::DealBroken { number: 2, by: Pop }));
    // Once broken, nothing more binds: breaking it again does nothing.
    let ev = run(&mut s, &[(Bip, vec![Order::BreakDeal { deal: 1, senator: None }])]);
    assert!(matches!(&ev[..], [Event::Unexecuted { party: Bip, .. }]), "{ev:?}");
}

#[test]
fn corruption_pour_annuler_les_lois_du_senat_two_corruption_once_per_law_per_turn() {
    let mut s = testkit::state(&[Pop, Bip]);
    law(&mut s, Law::Movement, 2);
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    let ev = run(&mut s, &[(Pop, vec![Order::Defy { law: Law::Movement, senator: None }, Order::Defy { law: Law::Movement, senator: None }])]);
    assert_eq!(s.fx.senators[&fola].corruption, 2, "2 corruption, once");
    assert!(!s.law_binds(Law::Movement, Pop), "void for the party this turn");
    assert!(ev.contains(&Event::LawDefied { party: Pop, law: Law::Movement }));
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Unexecuted { .. })).count(), 1);
    // A law not in force cannot be broken.
    let ev = run(&mut s, &[(Pop, vec![Order::Defy { law: Law::Integrity, senator: None }])]);
    assert!(matches!(&ev[..], [Event::Unexecuted { .. }]));
}

#[test]
fn jetons_de_corruption_a_party_without_a_senator_loses_the_corruption() {
    let mut s = testkit::state(&[Pop, Bip]);
    s.fx.senators.clear();
    let mut ev = Vec::new();
    assert_eq!(place_corruption(&mut s, Pop, None, 2, CorruptionWhy::Audit, &mut ev), None);
    assert_eq!(ev, vec![Event::CorruptionLost { party: Pop, amount: 2, why: CorruptionWhy::Audit }]);
}

#[test]
fn jetons_d_ombre_three_corruption_become_a_shadow_by_choice_and_at_the_fifth_by_force() {
    let mut s = testkit::state(&[Pop, Bip]);
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    s.fx.senators.get_mut(&fola).unwrap().corruption = 3;
    run(&mut s, &[(Pop, vec![Order::Shadow { senator: fola.clone() }])]);
    assert_eq!((s.fx.senators[&fola].corruption, s.fx.senators[&fola].shadow), (0, 1));
    // With fewer than 3: refused.
    let ev = run(&mut s, &[(Pop, vec![Order::Shadow { senator: fola.clone() }])]);
    assert!(matches!(&ev[..], [Event::Unexecuted { .. }]));
    // Fola's example: 4 corruption, 2 more → 2 shadows.
    s.fx.senators.get_mut(&fola).unwrap().shadow = 0;
    s.fx.senators.get_mut(&fola).unwrap().corruption = 4;
    let mut ev = Vec::new();
    place_corruption(&mut s, Pop, Some(&fola), 2, CorruptionWhy::Audit, &mut ev);
    assert_eq!((s.fx.senators[&fola].corruption, s.fx.senators[&fola].shadow), (0, 2));
    assert_eq!(ev, vec![Event::Corruption { senator: fola, amount: 2, why: CorruptionWhy::Audit, shadows_now: 2, corruption_now: 0 }]);
}

#[test]
fn competences_de_ministere_only_the_prime_minister_calls_an_election() {
    let mut s = testkit::state(&[Pop, Bip]);
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    s.appoint(Ministry::PrimeMinister, Some(fola.clone()));
    let ev = run(&mut s, &[(Bip, vec![Order::CallElection])]);
    assert_eq!(s.election_called, None);
    assert!(matches!(&ev[..], [Event::Unexecuted { party: Bip, .. }]));
    run(&mut s, &[(Pop, vec![Order::CallElection])]);
    assert_eq!(s.election_called, Some(fola));
}

#[test]
fn impots_a_taxed_action_pays_its_tax_to_the_republic_and_an_untaxed_one_nothing() {
    let mut s = testkit::state(&[Pop, Bip]);
    let tax = Law::Tax { action: TaxedAction::FleetBought, amount: 3 };
    law(&mut s, tax, 2);
    let mut ev = Vec::new();
    assert_eq!(pay_tax(&mut s, Pop, TaxedAction::FleetBought, None, &mut ev), 3);
    assert_eq!(pay_tax(&mut s, Bip, TaxedAction::FleetBought, None, &mut ev), 3);
    assert_eq!((money(&s, Pop), money(&s, Bip), s.taxes_paid), (7, 7, 6), "3 money each, paid into the turn's taxes");
    assert_eq!(ev, vec![Event::TaxPaid { party: Pop, action: TaxedAction::FleetBought, amount: 3 }, Event::TaxPaid { party: Bip, action: TaxedAction::FleetBought, amount: 3 }]);
    // Another action is not taxed; nor is any once the law has lapsed.
    let mut ev = Vec::new();
    assert_eq!(pay_tax(&mut s, Pop, TaxedAction::Recruit, None, &mut ev), 0);
    s.game_turn = 3;
    assert_eq!(pay_tax(&mut s, Pop, TaxedAction::FleetBought, None, &mut ev), 0);
    assert!(ev.is_empty() && money(&s, Pop) == 7 && s.taxes_paid == 6, "{ev:?}");
}

#[test]
fn impots_a_tax_that_cannot_be_paid_breaks_the_law_two_corruption_and_the_tax_void_for_the_turn() {
    let mut s = testkit::state(&[Pop, Bip]);
    let tax = Law::Tax { action: TaxedAction::Recruit, amount: 4 };
    law(&mut s, tax, 2);
    s.fx.parties.get_mut(&Pop).unwrap().money = 3;
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    let mut ev = Vec::new();
    assert_eq!(pay_tax(&mut s, Pop, TaxedAction::Recruit, Some(&fola), &mut ev), 0);
    assert_eq!((money(&s, Pop), s.taxes_paid), (3, 0), "nothing paid: the party cannot pay it all");
    assert_eq!(s.fx.senators[&fola].corruption, BREACH_CORRUPTION, "G38: as breaking a law");
    assert_eq!(&ev[..2], &[Event::TaxUnpaid { party: Pop, action: TaxedAction::Recruit, amount: 4 }, Event::LawDefied { party: Pop, law: tax }]);
    // Broken, the tax binds the party no more this turn: the next recruit is free of it.
    s.fx.parties.get_mut(&Pop).unwrap().money = 10;
    let mut ev = Vec::new();
    assert_eq!(pay_tax(&mut s, Pop, TaxedAction::Recruit, None, &mut ev), 0);
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(s.fx.senators[&fola].corruption, BREACH_CORRUPTION, "once a turn");
}
