//! Tests of P and the end of a turn, named after the booklet's headings.

use super::*;
use crate::games::galactic_destiny::events::CorruptionWhy;
use crate::games::galactic_destiny::model::LawInForce;
use crate::games::galactic_destiny::setup::test_state;

const P3: [PartyId; 3] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop];

fn state(seed: u64) -> GdState {
    let mut s = test_state(&P3, seed);
    s.phase = Phase::Purchases;
    for p in P3 {
        s.fx.parties.get_mut(&p).unwrap().money = 20;
    }
    s
}

fn orders(list: &[(PartyId, Vec<Order>)]) -> BTreeMap<PartyId, Orders> {
    list.iter().map(|(p, o)| (*p, Orders { lines: o.clone(), defaulted: false })).collect()
}

fn home(s: &GdState, p: PartyId) -> SectorNo {
    s.components.party(p).unwrap().start_sector
}

fn own(s: &mut GdState, p: PartyId, sector: SectorNo) {
    s.fx.sectors.get_mut(&sector).unwrap().owner = Some(p);
}

fn money_of(s: &GdState, p: PartyId) -> u8 {
    s.fx.parties[&p].money
}

/// Moves a senator card from wherever it waits to `p`'s waiting senators.
fn give_waiting(s: &mut GdState, p: PartyId, name: &str) {
    s.fx.senator_deck.retain(|n| n != name);
    s.fx.senator_bottom.retain(|n| n != name);
    for x in s.fx.parties.values_mut() {
        x.waiting.retain(|n| n != name);
    }
    s.fx.parties.get_mut(&p).unwrap().waiting.push(name.into());
}

#[test]
fn achat_de_flottes_a_fleet_costs_5_money_in_an_own_sector() {
    let mut s = state(1);
    let h = home(&s, PartyId::Gsp);
    let other = home(&s, PartyId::Bip);
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::BuyFleets { at: vec![(3, h), (1, other)] }])]), &mut ev);
    assert_eq!(s.fleets[&h][&PartyId::Gsp], 5);
    assert_eq!(money_of(&s, PartyId::Gsp), 5);
    assert!(!s.fleets[&other].contains_key(&PartyId::Gsp), "not in another's sector");
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Gsp, order: format!("ACHAT FLOTTE 1 {other}"), reason: crate::msg!("galactic-destiny-lacks-sector", party = "GSP", sector = other) }));
    assert!(ev.contains(&Event::Bought { party: PartyId::Gsp, fleets: vec![(3, h)], republic: 0, recruited: vec![], paid: 15 }));
    s.check().unwrap();
}

#[test]
fn achat_de_flottes_without_a_sector_anywhere_not_infested() {
    let mut s = state(2);
    let h = home(&s, PartyId::Gsp);
    s.fx.sectors.get_mut(&h).unwrap().owner = None;
    s.fx.sectors.get_mut(&7).unwrap().infested = true;
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::BuyFleets { at: vec![(1, 20), (1, 7)] }])]), &mut ev);
    assert_eq!(s.fleets[&20][&PartyId::Gsp], 1);
    assert!(!s.fleets.get(&7).is_some_and(|m| m.contains_key(&PartyId::Gsp)));
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Gsp, order: "ACHAT FLOTTE 1 7".into(), reason: crate::msg!("galactic-destiny-sector-infested", sector = 7) }));
}

#[test]
fn achat_de_flottes_at_most_10_in_play_and_what_money_allows() {
    let mut s = state(3);
    let h = home(&s, PartyId::Gsp);
    s.fx.parties.get_mut(&PartyId::Gsp).unwrap().money = 99;
    s.fx.parties.get_mut(&PartyId::Bip).unwrap().money = 12;
    let hb = home(&s, PartyId::Bip);
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::BuyFleets { at: vec![(9, h)] }]), (PartyId::Bip, vec![Order::BuyFleets { at: vec![(3, hb)] }])]), &mut ev);
    assert_eq!(s.fleets_of(PartyId::Gsp), 10);
    assert_eq!(money_of(&s, PartyId::Gsp), 99 - 40);
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Gsp, order: format!("ACHAT FLOTTE 9 {h}"), reason: crate::msg!("galactic-destiny-fleet-cap", party = "GSP", max = 10u8) }));
    assert_eq!(s.fleets_of(PartyId::Bip), 4, "12 money: 2 fleets");
    assert_eq!(money_of(&s, PartyId::Bip), 2);
    s.check().unwrap();
}

#[test]
fn competences_de_secteur_remise_amical_and_monopole_militaire() {
    let mut s = state(4);
    own(&mut s, PartyId::Gsp, 9);
    own(&mut s, PartyId::Pop, 28);
    let h = home(&s, PartyId::Gsp);
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::BuyFleets { at: vec![(2, h)] }, Order::BuyRepublic { count: 2 }])]), &mut ev);
    // Sector 9: 3 money a fleet, 1 a Republic fleet (G47).
    assert_eq!(money_of(&s, PartyId::Gsp), 20 - 6 - 2);
    // Sector 28: +1 money for each of the 4 fleets another party bought.
    assert_eq!(money_of(&s, PartyId::Pop), 24);
    let hp = home(&s, PartyId::Pop);
    buy(&mut s, &orders(&[(PartyId::Pop, vec![Order::BuyFleets { at: vec![(1, hp)] }])]), &mut ev);
    assert_eq!(money_of(&s, PartyId::Pop), 19, "nothing for its own purchase");
}

#[test]
fn achat_de_flottes_republic_fleets_3_money_on_sector_1_the_cap_to_the_best_initiative() {
    let mut s = state(5);
    s.initiative = vec![PartyId::Pop, PartyId::Bip, PartyId::Gsp];
    s.fx.republic_fleets = 8;
    s.republic_at = BTreeMap::from([(1, 6), (7, 2)]);
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Pop, vec![Order::BuyRepublic { count: 2 }]), (PartyId::Gsp, vec![Order::BuyRepublic { count: 1 }])]), &mut ev);
    assert_eq!(s.fx.republic_fleets, 10);
    assert_eq!(s.republic_at[&1], 8);
    assert_eq!(money_of(&s, PartyId::Gsp), 17, "best initiative bought first");
    assert_eq!(money_of(&s, PartyId::Pop), 17, "one of two");
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Pop, order: "ACHAT FLOTTE-REPUBLIQUE 2".into(), reason: crate::msg!("galactic-destiny-republic-cap", max = 10u8) }));
    s.check().unwrap();
}

#[test]
fn achat_de_senateurs_printed_cost_2_less_with_the_own_icon_and_sector_30() {
    let mut s = state(6);
    give_waiting(&mut s, PartyId::Gsp, "Orveth");
    give_waiting(&mut s, PartyId::Gsp, "Delphine");
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::Recruit { senator: "orveth".into() }, Order::Recruit { senator: "Delphine".into() }])]), &mut ev);
    assert_eq!(money_of(&s, PartyId::Gsp), 20 - 4 - 6, "Orveth 6 − 2 (GSP icon), Delphine 6");
    assert_eq!(s.fx.senators["Orveth"].party, PartyId::Gsp);
    assert!(s.recruited.contains("Orveth") && s.recruited.contains("Delphine"), "they act next turn");
    assert!(s.fx.parties[&PartyId::Gsp].waiting.iter().all(|n| n != "Orveth" && n != "Delphine"));
    s.check().unwrap();
    // Sector 30: the first recruit of the turn 5 cheaper.
    let mut s = state(6);
    own(&mut s, PartyId::Gsp, 30);
    give_waiting(&mut s, PartyId::Gsp, "Orveth");
    give_waiting(&mut s, PartyId::Gsp, "Delphine");
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::Recruit { senator: "Delphine".into() }, Order::Recruit { senator: "Orveth".into() }])]), &mut ev);
    assert_eq!(money_of(&s, PartyId::Gsp), 20 - 1 - 4);
}

#[test]
fn impots_each_senator_recruited_and_each_own_fleet_bought_pays_its_tax_republic_fleets_none() {
    let mut s = state(6);
    s.settings.taxes = true;
    for (action, amount) in [(TaxedAction::Recruit, 3), (TaxedAction::FleetBought, 1)] {
        s.laws.push(LawInForce { law: Law::Tax { action, amount }, passed: 1, until: 1, by: PartyId::Pop });
    }
    give_waiting(&mut s, PartyId::Gsp, "Orveth");
    give_waiting(&mut s, PartyId::Gsp, "Delphine");
    let bip = home(&s, PartyId::Bip);
    let lines = vec![Order::Recruit { senator: "Orveth".into() }, Order::Recruit { senator: "Delphine".into() }, Order::BuyRepublic { count: 1 }];
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, lines), (PartyId::Bip, vec![Order::BuyFleets { at: vec![(2, bip)] }])]), &mut ev);
    assert_eq!(money_of(&s, PartyId::Gsp), 20 - 4 - 6 - 3 - 2 * 3, "the two senators, the Republic fleet (untaxed), 3 money of tax per senator");
    assert_eq!(money_of(&s, PartyId::Bip), 20 - 10 - 2, "two fleets, 1 money of tax each");
    assert_eq!(s.taxes_paid, 2 * 3 + 2);
    let mut paid: Vec<(PartyId, TaxedAction, u8)> = ev.iter().filter_map(|e| if let Event::TaxPaid { party, action, amount } = e { Some((*party, *action, *amount)) } else { None }).collect();
    paid.sort();
    assert_eq!(paid, vec![(PartyId::Gsp, TaxedAction::Recruit, 3), (PartyId::Gsp, TaxedAction::Recruit, 3), (PartyId::Bip, TaxedAction::FleetBought, 1), (PartyId::Bip, TaxedAction::FleetBought, 1)]);
    s.check().unwrap();
}

#[test]
fn achat_de_senateurs_not_waiting_or_too_dear_is_not_bought() {
    let mut s = state(7);
    give_waiting(&mut s, PartyId::Gsp, "Jemak");
    s.fx.parties.get_mut(&PartyId::Gsp).unwrap().money = 8;
    let mut ev = Vec::new();
    buy(&mut s, &orders(&[(PartyId::Gsp, vec![Order::Recruit { senator: "Jemak".into() }, Order::Recruit { senator: "Varro".into() }])]), &mut ev);
    assert!(!s.fx.senators.contains_key("Jemak") && !s.fx.senators.contains_key("Varro"));
    assert_eq!(money_of(&s, PartyId::Gsp), 8);
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Gsp, order: "RECRUTER Jemak".into(), reason: lacks(PartyId::Gsp, Resource::Money, 9) }));
    assert!(ev.contains(&Event::Unexecuted { party: PartyId::Gsp, order: "RECRUTER Varro".into(), reason: crate::msg!("galactic-destiny-lacks-senator", senator = "Varro", party = "GSP") }));
}

#[test]
fn nombre_de_cartes_en_main_named_cards_first_then_those_received_last() {
    let mut s = state(8);
    // GSP: 10 cards, names 2 (one it does not hold); BIP: 8, names none.
    for p in [PartyId::Gsp, PartyId::Bip] {
        let n = if p == PartyId::Gsp { 5 } else { 3 };
        for _ in 0..n {
            let c = s.fx.action_deck.remove(0);
            s.fx.parties.get_mut(&p).unwrap().hand.push(c);
        }
    }
    let gsp = s.fx.parties[&PartyId::Gsp].hand.clone();
    let bip = s.fx.parties[&PartyId::Bip].hand.clone();
    let mut discards = BTreeMap::new();
    discards.insert(PartyId::Gsp, vec![gsp[1].to_uppercase(), "Nulle part".into()]);
    let mut ev = Vec::new();
    hand_limit(&mut s, &discards, &mut ev);
    let mut want = gsp.clone();
    want.remove(1);
    want.truncate(7);
    assert_eq!(s.fx.parties[&PartyId::Gsp].hand, want);
    assert_eq!(s.fx.parties[&PartyId::Bip].hand, bip[..7].to_vec());
    assert_eq!(s.fx.parties[&PartyId::Pop].hand.len(), 5, "under 7: kept");
    assert!(ev.contains(&Event::Discarded { party: PartyId::Gsp, count: 3, by_referee: true }));
    assert!(ev.contains(&Event::Discarded { party: PartyId::Bip, count: 1, by_referee: true }));
    assert_eq!(ev.len(), 2);
    s.check().unwrap();
}

#[test]
fn initiative_de_defense_de_la_patrie_3_money_a_fleet_unpaid_is_a_breach_skipped_at_10() {
    let mut s = state(9);
    s.laws.push(LawInForce { law: Law::Homeland, passed: 1, until: 1, by: PartyId::Gsp });
    s.fx.parties.get_mut(&PartyId::Pop).unwrap().money = 2;
    s.defied.insert((PartyId::Bip, Law::Homeland));
    let mut ev = Vec::new();
    homeland(&mut s, &mut ev);
    assert_eq!(money_of(&s, PartyId::Gsp), 17);
    assert_eq!(money_of(&s, PartyId::Bip), 20, "broken this turn: void for it");
    assert_eq!(s.fx.republic_fleets, 6);
    assert!(ev.contains(&Event::HomelandPaid { party: PartyId::Pop, paid: false }));
    assert!(ev.contains(&Event::LawDefied { party: PartyId::Pop, law: Law::Homeland }));
    let fola = s.fx.senators["Fola"].clone();
    assert_eq!(fola.corruption, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::Corruption { why: CorruptionWhy::BrokenLaw { law: Law::Homeland }, .. })));
    s.check().unwrap();
    // The Republic at 10: nothing asked (G57).
    let mut s = state(9);
    s.laws.push(LawInForce { law: Law::Homeland, passed: 1, until: 1, by: PartyId::Gsp });
    s.fx.republic_fleets = 10;
    s.republic_at = BTreeMap::from([(1, 10)]);
    let mut ev = Vec::new();
    homeland(&mut s, &mut ev);
    assert!(ev.is_empty());
    assert_eq!(money_of(&s, PartyId::Gsp), 20);
}

#[test]
fn impots_taxes_buy_republic_fleets_at_3_money_up_to_10() {
    let mut s = state(10);
    s.taxes_paid = 14;
    let mut ev = Vec::new();
    taxes(&mut s, &mut ev);
    assert_eq!(s.fx.republic_fleets, 9);
    assert_eq!(ev, vec![Event::TaxesSpent { money: 14, fleets: 4 }]);
    assert_eq!(s.taxes_paid, 0);
    s.taxes_paid = 9;
    taxes(&mut s, &mut ev);
    assert_eq!(s.fx.republic_fleets, 10, "the rest vanishes");
    s.check().unwrap();
}

#[test]
fn competences_de_secteur_benedictions_of_sectors_32_and_6() {
    let mut s = state(11);
    own(&mut s, PartyId::Gsp, 32);
    own(&mut s, PartyId::Bip, 6);
    let inf = s.fx.parties[&PartyId::Bip].influence;
    let mut ev = Vec::new();
    gifts(&mut s, &mut ev);
    assert_eq!(money_of(&s, PartyId::Gsp), 30);
    assert_eq!(s.fx.parties[&PartyId::Bip].influence, inf + 10);
    // A shadow in play: no purity.
    let name = s.fx.senators.keys().next().unwrap().clone();
    s.fx.senators.get_mut(&name).unwrap().shadow = 1;
    let mut ev = Vec::new();
    gifts(&mut s, &mut ev);
    assert_eq!(s.fx.parties[&PartyId::Bip].influence, inf + 10);
    assert_eq!(ev, vec![Event::SectorGift { party: PartyId::Gsp, sector: 32, resource: Resource::Money, amount: 10 }]);
}

#[test]
fn defaite_10_infested_sectors_and_all_lose_whatever_else() {
    let mut s = state(12);
    for n in 2..=11 {
        s.fx.sectors.get_mut(&n).unwrap().infested = true;
    }
    for n in 12..=22 {
        own(&mut s, PartyId::Gsp, n);
    }
    let mut ev = Vec::new();
    assert_eq!(ending(&s, &mut ev), Some(Ending::Infested));
}

#[test]
fn victoire_10_sectors_or_more_the_most_wins_a_tie_plays_one_more_turn() {
    let mut s = state(13);
    for n in 2..=10 {
        own(&mut s, PartyId::Gsp, n);
    }
    let mut ev = Vec::new();
    assert_eq!(ending(&s, &mut ev), Some(Ending::Sectors { winner: PartyId::Gsp }), "9 + its home");
    for n in 12..=20 {
        own(&mut s, PartyId::Bip, n);
    }
    assert_eq!(ending(&s, &mut ev), None);
    assert_eq!(ev, vec![Event::TieOneMoreTurn { parties: vec![PartyId::Gsp, PartyId::Bip] }]);
    own(&mut s, PartyId::Gsp, 7);
    own(&mut s, PartyId::Bip, 7);
    own(&mut s, PartyId::Bip, 21);
    assert_eq!(ending(&s, &mut ev), Some(Ending::Sectors { winner: PartyId::Bip }));
}

#[test]
fn tours_max_most_sectors_then_ministries_then_money_and_influence() {
    let mut s = state(14);
    s.settings.max_turns = 1;
    for p in P3 {
        s.fx.parties.get_mut(&p).unwrap().influence = 0;
    }
    let mut ev = Vec::new();
    assert_eq!(ending(&s, &mut ev), Some(Ending::TurnLimit { winners: P3.to_vec() }), "all equal: shared");
    let fola = "Fola".to_string();
    s.appoint(Ministry::Defence, Some(fola));
    assert_eq!(ending(&s, &mut ev), Some(Ending::TurnLimit { winners: vec![PartyId::Pop] }));
    own(&mut s, PartyId::Bip, 2);
    assert_eq!(ending(&s, &mut ev), Some(Ending::TurnLimit { winners: vec![PartyId::Bip] }));
    s.settings.max_turns = 0;
    assert_eq!(ending(&s, &mut ev), None, "0: no limit");
}

#[test]
fn achats_the_end_of_the_turn_opens_the_next_galactic_phase_or_ends_the_game() {
    let mut s = state(15);
    let mut ev = Vec::new();
    resolve(&mut s, &BTreeMap::new(), &mut Dice::for_turn(15, 9), &mut ev);
    assert_eq!((s.game_turn, s.phase), (2, Phase::Filing));
    assert!(ev.contains(&Event::GalacticPhase { turn: 2 }));
    s.check().unwrap();
    let mut s = state(15);
    s.settings.max_turns = 1;
    let mut ev = Vec::new();
    resolve(&mut s, &BTreeMap::new(), &mut Dice::for_turn(15, 9), &mut ev);
    assert_eq!((s.game_turn, s.phase), (1, Phase::Over));
    assert!(matches!(s.ending, Some(Ending::TurnLimit { .. })));
    assert!(matches!(ev.last(), Some(Event::Ended { .. })));
}
