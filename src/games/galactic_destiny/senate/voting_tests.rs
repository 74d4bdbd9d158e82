//! S2 on a game built by hand: BIP (Kaelin, diplomacy 3) acts before POP
//! (Fola, diplomacy 4), both with 10 money and 5 influence.

use super::*;
use crate::games::galactic_destiny::model::FleetGroup;
use crate::games::galactic_destiny::orders::Goods;
use crate::games::galactic_destiny::senate::testkit;
use Ministry::*;
use PartyId::{Bip, Pop};

fn game() -> GdState {
    let mut s = testkit::state(&[Bip, Pop]);
    s.election_marker = 2;
    s
}

fn play(s: &mut GdState, seed: u8, lines: Vec<(PartyId, Vec<Order>)>) -> Vec<Event> {
    let orders: BTreeMap<PartyId, Orders> = lines.into_iter().map(|(p, l)| (p, Orders { lines: l, defaulted: false })).collect();
    let mut events = Vec::new();
    resolve(s, &orders, &mut Dice::from_seed([seed; 32]), &mut events);
    events
}

fn vote(item: u32, for_it: bool, cap: u32) -> Order {
    Order::VoteItem { item, for_it, cap }
}

fn law_item(by: PartyId, law: Law) -> Item {
    Item::Law { by, law, turns: 2 }
}

fn inf(s: &GdState, p: PartyId) -> u8 {
    s.fx.parties[&p].influence
}

fn voted_items(events: &[Event]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Vote { on: VoteOn::Item { item }, .. } => Some(*item),
            _ => None,
        })
        .collect()
}

fn in_force(s: &GdState, law: Law) -> Option<u32> {
    s.laws.iter().find(|l| l.law == law).map(|l| l.until)
}

/// Fola Prime Minister: the senate is chaired.
fn chaired() -> GdState {
    let mut s = game();
    s.appoint(PrimeMinister, Some("Fola".into()));
    s
}

#[test]
fn total_de_voix_the_table_spends_what_it_takes_and_influence_spent_is_gone_for_the_next_item() {
    let mut s = chaired();
    s.agenda = vec![law_item(Pop, Law::Movement), law_item(Pop, Law::Homeland)];
    s.fx.parties.get_mut(&Bip).unwrap().influence = 2;
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0), vote(2, true, 0)]), (Bip, vec![vote(1, false, 3), vote(2, false, 3)])]);
    // #1: BIP's 3 + 2 spent beat POP's 4; #2: BIP has nothing left, 3 < 4.
    assert_eq!(in_force(&s, Law::Movement), None);
    assert_eq!(in_force(&s, Law::Homeland), Some(2));
    assert_eq!(inf(&s, Bip), 0);
    let spent: Vec<Vec<(PartyId, u32)>> = ev.iter().filter_map(|e| if let Event::Vote { spent, .. } = e { Some(spent.clone()) } else { None }).collect();
    assert_eq!(spent, vec![vec![(Bip, 2), (Pop, 0)], vec![(Bip, 0), (Pop, 0)]]);
}

#[test]
fn votes_du_senat_a_silent_party_abstains() {
    let mut s = chaired();
    s.agenda = vec![law_item(Bip, Law::Movement)];
    let ev = play(&mut s, 1, vec![(Bip, vec![vote(1, true, 0)])]);
    assert!(ev.iter().any(|e| matches!(e, Event::Vote { spent, totals, .. } if *spent == vec![(Bip, 0)] && *totals == vec![("for".to_string(), 3), ("against".to_string(), 0)])), "{ev:?}");
    assert_eq!(in_force(&s, Law::Movement), Some(2));
}

#[test]
fn liste_de_propositions_a_law_binds_through_turn_t_plus_d_minus_1_and_passed_again_is_extended() {
    let mut s = chaired();
    s.game_turn = 3;
    s.agenda = vec![law_item(Bip, Law::Movement)];
    let ev = play(&mut s, 1, vec![(Bip, vec![vote(1, true, 0)])]);
    assert_eq!(in_force(&s, Law::Movement), Some(4), "G37: turns 3 and 4");
    assert!(ev.contains(&Event::LawPassed { law: Law::Movement, until: 4, by: Bip }));
    s.game_turn = 4;
    s.phase = Phase::Voting;
    s.agenda = vec![law_item(Pop, Law::Movement)];
    play(&mut s, 1, vec![(Bip, vec![vote(1, true, 0)])]);
    assert_eq!(s.laws.len(), 1);
    assert_eq!(in_force(&s, Law::Movement), Some(6), "extended by 2 turns");
}

#[test]
fn competences_de_ministere_the_prime_minister_vetoes_for_1_influence_and_orders_the_agenda() {
    let mut s = chaired();
    s.agenda = vec![law_item(Bip, Law::Movement), law_item(Bip, Law::Homeland), law_item(Bip, Law::Integrity)];
    let all_for = vec![vote(1, true, 0), vote(2, true, 0), vote(3, true, 0), Order::Veto { item: 2 }];
    let ev = play(&mut s, 1, vec![(Pop, vec![Order::Veto { item: 1 }, Order::Agenda { items: vec![3, 2] }]), (Bip, all_for)]);
    assert!(ev.contains(&Event::Vetoed { item: 1, by: Pop }));
    assert_eq!(inf(&s, Pop), 4);
    assert_eq!(voted_items(&ev), vec![3, 2], "the Prime Minister's order, the vetoed item struck");
    assert_eq!(in_force(&s, Law::Movement), None);
    assert!(in_force(&s, Law::Homeland).is_some() && in_force(&s, Law::Integrity).is_some());
    // BIP's veto: it does not hold the post.
    assert!(ev.iter().any(|e| matches!(e, Event::Unexecuted { party: Bip, reason, .. } if reason.id == "galactic-destiny-not-prime-minister")), "{ev:?}");
}

#[test]
fn libre_echange_d_accord_a_trade_the_senate_ratifies_is_carried_out() {
    let mut s = chaired();
    let four = vec![Goods::Resource { resource: Resource::Money, amount: 4 }];
    let five = vec![Goods::Resource { resource: Resource::Influence, amount: 5 }];
    s.agenda = vec![Item::Trade { a: Pop, b: Bip, a_gives: four.clone(), b_gives: five.clone() }];
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0)]), (Bip, vec![vote(1, true, 0)])]);
    assert!(ev.contains(&Event::Traded { a: Pop, b: Bip, a_gives: four, b_gives: five }), "{ev:?}");
    assert_eq!((s.fx.parties[&Pop].money, inf(&s, Pop)), (6, 10));
    assert_eq!((s.fx.parties[&Bip].money, inf(&s, Bip)), (14, 0));
    // Voted down: nothing moves.
    let mut s = chaired();
    s.agenda = vec![Item::Trade { a: Pop, b: Bip, a_gives: vec![], b_gives: vec![Goods::Resource { resource: Resource::Money, amount: 4 }] }];
    play(&mut s, 1, vec![(Pop, vec![vote(1, false, 0)])]);
    assert_eq!(s.fx.parties[&Bip].money, 10);
}

#[test]
fn elections_the_posts_are_voted_in_turn_and_the_marker_goes_back_to_1() {
    let mut s = game();
    s.election_marker = 0;
    s.appoint(Defence, Some("Kaelin".into()));
    for n in ["Bellu", "Udra"] {
        testkit::recruit(&mut s, n, Pop);
    }
    s.filings.candidacies.insert(Pop, BTreeMap::from([(PrimeMinister, vec!["Fola".into()]), (Interior, vec!["Fola".into(), "Bellu".into()]), (Finance, vec!["Udra".into()])]));
    s.filings.candidacies.insert(Bip, BTreeMap::from([(PrimeMinister, vec!["Kaelin".into()]), (Justice, vec!["Kaelin".into()])]));
    let post = |ministry, party, cap| Order::VotePost { ministry, choices: vec![PostChoice::Party { party }], cap };
    let ev = play(
        &mut s,
        1,
        vec![
            (Pop, vec![post(PrimeMinister, Pop, 0), post(Interior, Pop, 0), post(Finance, Pop, 0)]),
            (Bip, vec![post(PrimeMinister, Bip, 9), post(Justice, Bip, 0)]),
        ],
    );
    // PM: POP's 11 against BIP's 3 + 3 (its limit).
    assert_eq!(s.ministries.get(&PrimeMinister).map(String::as_str), Some("Fola"));
    assert_eq!(s.ministries.get(&Interior).map(String::as_str), Some("Bellu"), "Fola holds PM: the fallback");
    assert_eq!(s.ministries.get(&Finance).map(String::as_str), Some("Udra"));
    assert_eq!(s.ministries.get(&Justice).map(String::as_str), Some("Kaelin"));
    assert_eq!(s.ministries.get(&Defence), None, "every post fell vacant; nobody stood");
    assert_eq!(s.election_marker, 1);
    assert_eq!(inf(&s, Bip), 2);
    assert!(ev.contains(&Event::Elected { ministry: Defence, holder: None }));
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Vote { on: VoteOn::Post { .. }, .. })).count(), 5);
    s.check().unwrap();
}

#[test]
fn premier_tour_d_elections_the_first_election_deals_the_posts_by_lot() {
    let mut s = game();
    s.election_marker = 0;
    s.settings.first_election = FirstElection::ByLot;
    for n in ["Bellu", "Udra"] {
        testkit::recruit(&mut s, n, Pop);
    }
    let ev = play(&mut s, 4, vec![]);
    assert!(ev.iter().any(|e| matches!(e, Event::DealtByLot { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Vote { .. })), "no vote");
    assert!(s.ministries.len() >= 3, "{:?}", s.ministries);
    assert_eq!(s.election_marker, 1);
    // Later elections are voted.
    let mut s = game();
    s.election_marker = 0;
    s.settings.first_election = FirstElection::ByLot;
    s.game_turn = 4;
    let ev = play(&mut s, 4, vec![]);
    assert!(!ev.iter().any(|e| matches!(e, Event::DealtByLot { .. })));
}

#[test]
fn victoire_five_ministries_after_an_election_win_unless_ten_sectors_are_infested() {
    let build = || {
        let mut s = game();
        s.election_marker = 0;
        let names = ["Fola", "Bellu", "Udra", "Korvo", "Pell"];
        for n in &names[1..] {
            testkit::recruit(&mut s, n, Pop);
        }
        s.filings.candidacies.insert(Pop, Ministry::ALL.iter().zip(names).map(|(m, n)| (*m, vec![n.to_string()])).collect());
        let lines: Vec<Order> = Ministry::ALL.iter().map(|m| Order::VotePost { ministry: *m, choices: vec![PostChoice::Party { party: Pop }], cap: 0 }).collect();
        (s, vec![(Pop, lines)])
    };
    let (mut s, lines) = build();
    let ev = play(&mut s, 1, lines);
    assert_eq!(s.ending, Some(Ending::Ministries { winner: Pop }));
    assert_eq!(s.phase, Phase::Over);
    assert!(ev.contains(&Event::Ended { ending: Ending::Ministries { winner: Pop } }));
    // G56: the Ke'Ras's defeat of all comes first.
    let (mut s, lines) = build();
    for n in 2..12 {
        s.fx.sectors.get_mut(&n).unwrap().infested = true;
    }
    play(&mut s, 1, lines);
    assert_eq!(s.ending, None);
    assert!(matches!(s.phase, Phase::Invasions { .. }));
}

#[test]
fn le_premier_ministre_et_ses_devoirs_posts_all_vacant_after_the_elections_strike_the_agenda() {
    let mut s = game();
    s.election_marker = 0;
    s.agenda = vec![law_item(Pop, Law::Movement)];
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0)])]);
    assert!(ev.contains(&Event::NoChair));
    assert!(voted_items(&ev).is_empty());
    assert_eq!(in_force(&s, Law::Movement), None);
}

#[test]
fn vote_sur_la_flotte_de_la_republique_the_proposal_voted_is_recorded() {
    let g = |to| vec![FleetGroup { to, count: 2, from: None, attack: false, admiral: None }];
    let mut s = chaired();
    s.agenda = vec![Item::Fleet { by: Bip, groups: g(12) }, law_item(Bip, Law::Movement), Item::Fleet { by: Pop, groups: g(50) }];
    let ev = play(&mut s, 1, vec![(Pop, vec![Order::VoteFleet { ranking: vec![Some(3)], cap: 0 }]), (Bip, vec![Order::VoteFleet { ranking: vec![Some(2), Some(1)], cap: 0 }])]);
    assert_eq!(s.fleet_orders, Some(g(50)));
    assert!(ev.iter().any(|e| matches!(e, Event::Vote { on: VoteOn::Fleet, totals, .. } if *totals == vec![("#1".to_string(), 3), ("#3".to_string(), 4), ("none".to_string(), 0)])), "{ev:?}");
    // AUCUN wins: no orders.
    let mut s = chaired();
    s.agenda = vec![Item::Fleet { by: Bip, groups: g(12) }];
    play(&mut s, 1, vec![(Pop, vec![Order::VoteFleet { ranking: vec![None], cap: 0 }]), (Bip, vec![Order::VoteFleet { ranking: vec![Some(1)], cap: 0 }])]);
    assert_eq!(s.fleet_orders, None);
}

#[test]
fn poursuites_roll_of_10_executes() {
    // Kaelin's 3 shadows add 9: 2d6 + 9 is 11 or more.
    let mut s = chaired();
    s.appoint(Defence, Some("Kaelin".into()));
    s.fx.senators.get_mut("Kaelin").unwrap().shadow = 3;
    s.agenda = vec![Item::Indictment { by: Pop, senator: "Kaelin".into() }];
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0)])]);
    assert!(ev.iter().any(|e| matches!(e, Event::Trial { senator, payer: Pop, modifier: 9, verdict, .. } if senator == "Kaelin" && verdict == "execution")), "{ev:?}");
    assert!(!s.fx.senators.contains_key("Kaelin"));
    assert!(s.dead.contains(&"Kaelin".to_string()));
    assert_eq!(s.ministries.get(&Defence), None);
    assert_eq!(inf(&s, Pop), 3, "the proposer paid 2");
    s.check().unwrap();
}

#[test]
fn poursuites_the_proposer_pays_only_if_the_indictment_passes_and_an_animal_politique_costs_1_more() {
    let mut s = chaired();
    s.agenda = vec![Item::Indictment { by: Pop, senator: "Kaelin".into() }];
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0)]), (Bip, vec![vote(1, false, 3)])]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Trial { .. })));
    assert_eq!(inf(&s, Pop), 5);
    let mut s = chaired();
    testkit::recruit(&mut s, "Pell", Pop);
    s.agenda = vec![Item::Indictment { by: Bip, senator: "Pell".into() }];
    let ev = play(&mut s, 1, vec![(Bip, vec![vote(1, true, 0)])]);
    assert!(ev.iter().any(|e| matches!(e, Event::Trial { payer: Bip, .. })), "{ev:?}");
    assert_eq!(inf(&s, Bip), 2, "Animal politique: 3");
}

#[test]
fn poursuites_the_party_table_gives_each_verdict_its_consequence() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..=255u8 {
        let mut s = chaired();
        s.appoint(Justice, Some("Fola".into()));
        s.appoint(PrimeMinister, None);
        s.appoint(Defence, Some("Kaelin".into()));
        s.filings.trials.insert(Pop, vec!["Kaelin".into()]);
        let ev = play(&mut s, seed, vec![]);
        let (total, verdict) = ev.iter().find_map(|e| if let Event::Trial { total, verdict, .. } = e { Some((*total, verdict.clone())) } else { None }).expect("a trial");
        assert_eq!(inf(&s, Pop), 3, "Justice's party pays 2");
        match total {
            10.. => {
                assert_eq!(verdict, "execution");
                assert!(s.dead.contains(&"Kaelin".to_string()));
            }
            6..=9 => {
                assert_eq!(verdict, "coupable");
                assert_eq!(s.ministries.get(&Defence), None, "loses his ministry");
                assert_eq!(s.fx.parties[&Bip].money, 5, "fined 5");
                assert!(s.fx.senators.contains_key("Kaelin"));
            }
            3..=5 => {
                assert_eq!(verdict, "innocent");
                assert_eq!(s.ministries.get(&Defence).map(String::as_str), Some("Kaelin"));
                assert_eq!(s.fx.parties[&Bip].money, 10);
            }
            _ => {
                assert_eq!(verdict, "deshonore");
                assert_eq!(s.fx.senators["Fola"].corruption, 1, "the Justice minister is dishonoured");
            }
        }
        seen.insert(verdict);
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

#[test]
fn poursuites_each_senator_is_tried_once_a_turn_and_without_justice_only_voted_trials_are_held() {
    let mut s = chaired();
    s.appoint(Justice, Some("Fola".into()));
    s.appoint(PrimeMinister, None);
    s.agenda = vec![Item::Indictment { by: Pop, senator: "Kaelin".into() }];
    s.filings.trials.insert(Pop, vec!["Kaelin".into()]);
    let ev = play(&mut s, 1, vec![(Pop, vec![vote(1, true, 0)])]);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Trial { .. })).count(), 1);
    assert!(s.tried.contains("Kaelin"));
    assert_eq!(inf(&s, Pop), 3);
    // No Justice minister: POP's own trials are not held.
    let mut s = chaired();
    s.filings.trials.insert(Pop, vec!["Kaelin".into()]);
    let ev = play(&mut s, 1, vec![]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Trial { .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::Unexecuted { reason, .. } if reason.id == "galactic-destiny-not-minister")));
}

#[test]
fn competences_de_ministere_the_finance_minister_audits_for_1_influence_a_6_corrupting_once_per_senator() {
    let mut corrupted = false;
    for seed in 0..40u8 {
        let mut s = chaired();
        s.appoint(Finance, Some("Fola".into()));
        s.appoint(PrimeMinister, None);
        s.filings.audits.insert(Pop, vec!["Kaelin".into()]);
        let ev = play(&mut s, seed, vec![(Pop, vec![Order::Audit { senator: "Kaelin".into() }])]);
        let rolls: Vec<u32> = ev.iter().filter_map(|e| if let Event::Audit { roll, .. } = e { Some(*roll) } else { None }).collect();
        assert_eq!(rolls.len(), 1, "once per senator a turn");
        assert_eq!(inf(&s, Pop), 4);
        assert_eq!(s.fx.senators["Kaelin"].corruption, u8::from(rolls[0] == 6));
        corrupted |= rolls[0] == 6;
    }
    assert!(corrupted);
    // BIP does not hold Finance: its audits are not made.
    let mut s = chaired();
    s.filings.audits.insert(Bip, vec!["Fola".into()]);
    let ev = play(&mut s, 1, vec![]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Audit { .. })));
}

#[test]
fn initiative_is_reckoned_again_after_the_senate() {
    let mut s = chaired();
    s.initiative = vec![Pop, Bip];
    let ev = play(&mut s, 1, vec![]);
    assert_eq!(s.initiative, vec![Bip, Pop], "the Prime Minister's party last");
    assert!(ev.contains(&Event::Initiative { order: vec![Bip, Pop], rolls: vec![] }));
    assert_eq!(s.phase, Phase::Invasions { window: Some(0) }, "the intrigue opens with the worst initiative's window");
}

/// "Élections!" with "La phase galactique." (9): after an election the
/// marker is on space "1"; each galactic phase moves it one space toward
/// "élection"; so the next senate to elect is the one `track` game turns
/// later (the provisional track has 3 spaces: turns 1, 4, 7…), never the
/// next one.
#[test]
fn elections_the_next_election_comes_when_the_marker_has_crossed_the_whole_track() {
    let mut s = game();
    s.election_marker = 0;
    play(&mut s, 1, vec![]);
    let track = s.components.board.track;
    assert!(track >= 1);
    let mut due_after = None;
    for k in 1..=u32::from(track) + 1 {
        let mut events = Vec::new();
        let mut dice = crate::dice::Dice::for_turn(9, s.game_turn + 1);
        crate::games::galactic_destiny::galactic::phase(&mut s, &mut dice, &mut events);
        if s.election_due() {
            due_after = Some(k);
            break;
        }
    }
    assert_eq!(due_after, Some(u32::from(track)), "the election is due again after {track} galactic phases, not sooner");
}
