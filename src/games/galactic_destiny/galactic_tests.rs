//! Tests of "La phase galactique." and "Collecte des ressources.", named
//! after the booklet's headings.

use super::*;
use crate::games::galactic_destiny::components::interpret::Modifier;
use crate::games::galactic_destiny::setup::test_state;

const P3: [PartyId; 3] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop];

/// Only the copies of `card` left in the event deck (the rest discarded).
fn only_event(s: &mut GdState, card: &str) {
    let all: Vec<String> = s.event_deck.drain(..).chain(s.event_discard.drain(..)).collect();
    let (mut keep, mut rest): (Vec<String>, Vec<String>) = all.into_iter().partition(|c| c == card);
    keep.sort();
    rest.sort();
    s.event_deck = keep;
    s.event_discard = rest;
}

fn next(s: &mut GdState, seed: u64) -> Vec<Event> {
    let mut events = Vec::new();
    phase(s, &mut Dice::for_turn(seed, s.game_turn + 1), &mut events);
    s.check().unwrap();
    events
}

#[test]
fn la_phase_galactique_refreshes_every_senator() {
    let mut s = test_state(&P3, 1);
    for x in s.fx.senators.values_mut() {
        x.exhausted = true;
    }
    let ev = next(&mut s, 1);
    assert!(s.fx.senators.values().all(|x| !x.exhausted));
    assert!(ev.contains(&Event::Refreshed));
    assert_eq!(s.game_turn, 2);
    assert_eq!(s.phase, Phase::Filing);
}

#[test]
fn la_phase_galactique_fewer_than_5_republic_fleets_adds_one() {
    let mut s = test_state(&P3, 2);
    only_event(&mut s, "Prospérité");
    s.fx.republic_fleets = 3;
    s.republic_at = BTreeMap::from([(1, 2), (7, 1)]);
    let ev = next(&mut s, 2);
    assert_eq!(s.fx.republic_fleets, 4);
    assert_eq!(s.republic_at, BTreeMap::from([(1, 3), (7, 1)]));
    assert!(ev.contains(&Event::RepublicFleetFree { sector: 1 }));
    // Five: none added.
    let ev = next(&mut s, 3);
    assert_eq!(s.fx.republic_fleets, 5);
    let ev2 = next(&mut s, 4);
    assert_eq!(s.fx.republic_fleets, 5);
    assert!(!ev2.iter().any(|e| matches!(e, Event::RepublicFleetFree { .. })), "{ev:?}");
}

#[test]
fn la_phase_galactique_three_events_drawn_and_resolved_through_the_vocabulary() {
    let mut s = test_state(&P3, 3);
    only_event(&mut s, "Prospérité");
    let before: BTreeMap<PartyId, u8> = s.fx.parties.iter().map(|(p, x)| (*p, x.money)).collect();
    let ev = next(&mut s, 3);
    let drawn: Vec<&Event> = ev.iter().filter(|e| matches!(e, Event::EventDrawn { .. })).collect();
    assert_eq!(drawn.len(), 3);
    assert!(matches!(drawn[0], Event::EventDrawn { card, lasting: false, subjects } if card == "Prospérité" && subjects.len() == 3));
    for p in P3 {
        let income = ev.iter().find_map(|e| match e {
            Event::Income { party, money, .. } if *party == p => Some(*money),
            _ => None,
        });
        assert_eq!(s.fx.parties[&p].money, before[&p] + 9 + income.unwrap(), "{p:?}: 3 × 3 money and the income");
    }
    assert_eq!(s.event_deck.len(), 2, "5 copies, 3 drawn");
    assert_eq!(s.event_discard.iter().filter(|c| *c == "Prospérité").count(), 3);
}

#[test]
fn les_cartes_evenements_a_lasting_event_stays_on_the_active_space_for_its_turns() {
    let mut s = test_state(&P3, 4);
    only_event(&mut s, "Désespoir");
    let ev = next(&mut s, 4);
    assert!(matches!(ev.iter().find(|e| matches!(e, Event::EventDrawn { .. })), Some(Event::EventDrawn { lasting: true, .. })));
    assert_eq!(s.active_events.len(), 3);
    assert!(s.active_events.iter().all(|a| a.since == 2));
    assert_eq!(s.fx.infestation_bonus(), 3);
    only_event(&mut s, "Prospérité");
    let ev = next(&mut s, 5);
    assert_eq!(s.active_events.len(), 3, "2 turns: 2 and 3");
    assert!(!ev.iter().any(|e| matches!(e, Event::EventEnded { .. })));
    assert_eq!(s.fx.infestation_bonus(), 3, "+1 2 tours, still in force in turn 3");
    only_event(&mut s, "Prospérité");
    let ev = next(&mut s, 6);
    assert!(s.active_events.is_empty());
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::EventEnded { card } if card == "Désespoir")).count(), 3);
    assert_eq!(s.fx.infestation_bonus(), 0);
    assert_eq!(s.event_discard.iter().filter(|c| *c == "Désespoir").count(), 3);
}

/// The three parties installed (turn 0, before the galactic phase) with a
/// set of events holding one card `name` of the given lines (4
/// "Prospérité" instead of 5, to keep 50 cards).
fn with_event(name: &str, lines: &str, seed: u64) -> GdState {
    let dir = std::env::temp_dir().join(format!("gd-galactic-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("events.txt");
    let block = format!("\nevenement \"{name}\" \"{name}\"\n  exemplaires 1\n  cout 0\n  icones race=- parti=-\n  {lines}\n  texte \"-\" \"-\"\nfin\n");
    let text = crate::games::galactic_destiny::components::DEFAULT_EVENTS.replacen("exemplaires 5", "exemplaires 4", 1) + &block;
    std::fs::write(&path, text).unwrap();
    let mut t = toml::Table::new();
    t.insert("joueurs_min".into(), toml::Value::Integer(2));
    t.insert("evenements".into(), toml::Value::String(path.to_str().unwrap().into()));
    let mut s = crate::games::galactic_destiny::setup::new_game(&t, seed).unwrap();
    for p in P3 {
        crate::games::galactic_destiny::setup::register(&mut s, &p.sigle().into(), p.sigle()).unwrap();
    }
    let mut ev = Vec::new();
    crate::games::galactic_destiny::setup::install(&mut s, &mut Dice::for_turn(seed, 0), &mut ev);
    s
}

#[test]
fn les_cartes_evenements_an_effect_of_the_intrigue_is_shown_not_refereed() {
    let mut s = with_event("Crise", "cible tous\n  effet election\n  effet gagne 1 influence\n  duree instant", 24);
    s.event_deck.retain(|c| c != "Crise");
    let inf: BTreeMap<PartyId, u8> = s.fx.parties.iter().map(|(p, x)| (*p, x.influence)).collect();
    let mut ev = Vec::new();
    resolve_event(&mut s, "Crise", &mut Dice::from_seed([24; 32]), &mut ev);
    assert_eq!(
        ev,
        vec![
            Event::EventDrawn { card: "Crise".into(), subjects: P3.iter().map(|p| Subject::Party(*p)).collect(), lasting: false },
            Event::EventEffectNotRefereed { card: "Crise".into(), effect: "election".into() },
        ]
    );
    for p in P3 {
        assert_eq!(s.fx.parties[&p].influence, inf[&p] + 1, "the other effect is applied");
    }
    assert!(s.event_discard.contains(&"Crise".to_string()));
    s.check().unwrap();
}

#[test]
fn les_cartes_evenements_an_actif_modifier_stays_while_its_event_is_active() {
    // A set with one event whose modifier lasts while it is active.
    let mut s = with_event("Brume", "cible tous\n  effet jet-infestation +1 actif\n  duree actif 3", 14);
    // Turn 1: a Désespoir already active since turn 0 (it leaves at turn 2), and Brume drawn.
    let i = s.event_deck.iter().position(|c| c == "Désespoir").unwrap();
    s.event_deck.remove(i);
    s.active_events.push(ActiveEvent { card: "Désespoir".into(), since: 0, subjects: Vec::new() });
    only_event(&mut s, "Brume");
    next(&mut s, 14);
    assert_eq!(s.active_events.iter().map(|a| a.card.as_str()).collect::<Vec<_>>(), ["Désespoir", "Brume"]);
    assert_eq!(s.fx.infestation, vec![Modifier { amount: 1, until: Duration::Active }]);
    // Turn 2: Désespoir leaves; Brume's modifier stays.
    only_event(&mut s, "Prospérité");
    let ev = next(&mut s, 15);
    assert!(ev.contains(&Event::EventEnded { card: "Désespoir".into() }));
    assert_eq!(s.active_events.len(), 1);
    assert_eq!(s.fx.infestation, vec![Modifier { amount: 1, until: Duration::Active }]);
    // Turn 4: Brume leaves (drawn in turn 1, for 3 turns), its modifier with it.
    only_event(&mut s, "Prospérité");
    next(&mut s, 16);
    only_event(&mut s, "Prospérité");
    let ev = next(&mut s, 17);
    assert!(ev.contains(&Event::EventEnded { card: "Brume".into() }));
    assert!(s.fx.infestation.is_empty());
}

#[test]
fn les_cartes_evenements_an_event_aimed_at_the_marked_sectors_acts_on_this_turns_marks() {
    let mut s = test_state(&P3, 5);
    only_event(&mut s, "Tempête ionique");
    next(&mut s, 5);
    let marked: Vec<SectorNo> = s.fx.sectors.iter().filter(|(_, x)| x.marked).map(|(n, _)| *n).collect();
    assert!(!marked.is_empty());
    for (n, x) in &s.fx.sectors {
        let want = if marked.contains(n) { 3 } else { 0 };
        assert_eq!(x.defence.len(), want, "sector {n}");
    }
}

#[test]
fn la_phase_galactique_three_sector_cards_mark_their_sectors_the_deck_remade_when_empty() {
    let mut s = test_state(&P3, 6);
    let first: Vec<SectorNo> = s.fx.sectors.iter().filter(|(_, x)| x.marked).map(|(n, _)| *n).collect();
    assert_eq!(first.len(), 3);
    assert_eq!(s.sector_discard.len(), 3);
    // Leave one card in the deck: the other two come from the remade deck.
    let keep = s.sector_deck[0];
    let rest: Vec<SectorNo> = s.sector_deck.drain(1..).collect();
    s.sector_discard.extend(rest);
    s.sector_discard.sort();
    let ev = next(&mut s, 6);
    let marked: Vec<SectorNo> = s.fx.sectors.iter().filter(|(_, x)| x.marked).map(|(n, _)| *n).collect();
    let Some(Event::SectorsMarked { sectors }) = ev.iter().find(|e| matches!(e, Event::SectorsMarked { .. })) else { panic!() };
    assert_eq!(sectors.len(), 3, "three cards, two from the remade deck");
    assert!(sectors.contains(&keep));
    let mut want = sectors.clone();
    want.sort();
    assert_eq!(marked, want, "only this turn's marks");
    assert_eq!(s.sector_deck.len() + s.sector_discard.len(), s.components.sector_cards.len());
}

#[test]
fn la_phase_galactique_no_draws_on_turn_1_then_2_actions_and_2_senators() {
    let mut s = test_state(&P3, 7);
    for p in P3 {
        assert_eq!((s.fx.parties[&p].hand.len(), s.fx.parties[&p].waiting.len()), (5, 3), "turn 1: the setup's cards only");
    }
    let ev = next(&mut s, 7);
    for p in P3 {
        assert_eq!((s.fx.parties[&p].hand.len(), s.fx.parties[&p].waiting.len()), (7, 5));
        assert!(ev.contains(&Event::Drew { party: p, actions: 2, senators: 2 }));
    }
}

#[test]
fn la_phase_galactique_too_few_senators_are_shared_equally_the_rest_in_initiative_order() {
    let mut s = test_state(&P3, 8);
    // Four senators left in all: one each, the fourth to the worst initiative.
    let gone: Vec<String> = s.fx.senator_deck.drain(2..).chain(s.fx.senator_bottom.drain(2..)).collect();
    s.dead.extend(gone);
    let order = s.initiative.clone();
    let ev = next(&mut s, 8);
    let got: Vec<u8> = order
        .iter()
        .map(|p| {
            ev.iter()
                .find_map(|e| match e {
                    Event::Drew { party, senators, .. } if party == p => Some(*senators),
                    _ => None,
                })
                .unwrap()
        })
        .collect();
    assert_eq!(got, [2, 1, 1]);
    assert!(s.fx.senator_deck.is_empty() && s.fx.senator_bottom.is_empty());
}

#[test]
fn le_roulement_d_infestation_10_or_more_infests_the_marked_sectors_and_fleets_retreat() {
    let mut s = test_state(&P3, 9);
    for x in s.fx.sectors.values_mut() {
        x.marked = false;
    }
    let home = s.components.party(PartyId::Gsp).unwrap().start_sector;
    s.fx.sectors.get_mut(&home).unwrap().marked = true;
    s.fx.sectors.get_mut(&7).unwrap().marked = true;
    s.republic_at = BTreeMap::from([(1, 3), (7, 2)]);
    *s.fleets.entry(home).or_default().entry(PartyId::Bip).or_default() += 1;
    s.fx.infestation.push(Modifier { amount: 20, until: Duration::Turn });
    let mut ev = Vec::new();
    infestation_roll(&mut s, &mut Dice::from_seed([9; 32]), &mut ev);
    let Event::InfestationRoll { total, infested, .. } = &ev[0] else { panic!() };
    assert!(*total >= 22);
    assert_eq!(infested, &vec![7, home]);
    assert!(s.fx.sectors[&home].infested && s.fx.sectors[&home].owner.is_none(), "the owner loses it");
    assert!(!s.fleets.contains_key(&home));
    // GSP has no sector left: the lowest-numbered neutral sector not infested;
    // BIP to its own home; the Republic to sector 1.
    let bip_home = s.components.party(PartyId::Bip).unwrap().start_sector;
    assert_eq!(s.fleets[&1][&PartyId::Gsp], 2);
    assert_eq!(s.fleets[&bip_home][&PartyId::Bip], 3);
    assert_eq!(s.republic_at, BTreeMap::from([(1, 5)]));
    assert!(ev.contains(&Event::Infested { sector: home, owner: Some(PartyId::Gsp), retreats: vec![(Some(PartyId::Gsp), 2, 1), (Some(PartyId::Bip), 1, bip_home)] }));
    s.check().unwrap();
}

#[test]
fn le_roulement_d_infestation_under_10_nothing_and_the_cost_of_evil_counts() {
    let mut s = test_state(&P3, 10);
    let names: Vec<String> = s.fx.senators.keys().cloned().collect();
    s.fx.senators.get_mut(&names[0]).unwrap().corruption = 4;
    s.fx.senators.get_mut(&names[1]).unwrap().corruption = 3;
    s.fx.senators.get_mut(&names[1]).unwrap().shadow = 2;
    s.fx.infestation.push(Modifier { amount: -30, until: Duration::Turn });
    let infested_before = s.infested_count();
    let mut ev = Vec::new();
    infestation_roll(&mut s, &mut Dice::from_seed([10; 32]), &mut ev);
    let Event::InfestationRoll { modifiers, infested, dice, total } = &ev[0] else { panic!() };
    assert_eq!(modifiers, &vec![("corruption".to_string(), 2), ("shadow".to_string(), 2), ("events".to_string(), -30)]);
    assert_eq!(*total, dice.iter().sum::<u32>() as i32 + 2 + 2 - 30);
    assert!(infested.is_empty());
    assert_eq!(s.infested_count(), infested_before);
}

#[test]
fn collecte_des_ressources_sectors_influence_and_money_plus_5_capped_at_99() {
    let mut s = test_state(&P3, 11);
    s.fx.parties.get_mut(&PartyId::Gsp).unwrap().money = 97;
    s.fx.parties.get_mut(&PartyId::Bip).unwrap().money = 10;
    s.fx.parties.get_mut(&PartyId::Bip).unwrap().influence = 0;
    let home = s.components.party(PartyId::Bip).unwrap().start_sector;
    let sec = s.components.board.sectors[&home].clone();
    let mut ev = Vec::new();
    income(&mut s, &mut ev);
    assert_eq!(s.fx.parties[&PartyId::Gsp].money, 99, "the excess is wasted");
    assert_eq!((s.fx.parties[&PartyId::Bip].money, s.fx.parties[&PartyId::Bip].influence), (10 + 5 + sec.money, sec.influence));
    assert!(ev.contains(&Event::Income { party: PartyId::Bip, money: 5 + sec.money, influence: sec.influence }));
}

#[test]
fn la_phase_galactique_the_election_marker_moves_toward_election_and_the_pm_may_call_one() {
    let mut s = test_state(&P3, 12);
    assert_eq!(s.election_marker, 0, "turn 1 elects (G4)");
    // The provisional track has 3 spaces: 1 -> 2 -> 3 -> "élection".
    assert_eq!(s.components.board.track, 3);
    s.election_marker = 2;
    let ev = next(&mut s, 12);
    assert_eq!(s.election_marker, 3);
    assert!(ev.contains(&Event::ElectionMarker { marker: 3, due: false }));
    let ev = next(&mut s, 12);
    assert_eq!(s.election_marker, 0);
    assert!(ev.contains(&Event::ElectionMarker { marker: 0, due: true }));
    s.election_marker = 1;
    let pm = s.senators_of(PartyId::Gsp).next().unwrap().clone();
    s.appoint(Ministry::PrimeMinister, Some(pm.clone()));
    s.election_called = Some(pm.clone());
    let ev = next(&mut s, 13);
    assert!(ev.contains(&Event::ElectionCall { by: pm.clone(), honoured: true }));
    assert_eq!(s.election_marker, 0);
    // A call by one who is no longer Prime Minister is not honoured (G32).
    s.election_marker = 1;
    s.appoint(Ministry::PrimeMinister, None);
    s.election_called = Some(pm.clone());
    let ev = next(&mut s, 14);
    assert!(ev.contains(&Event::ElectionCall { by: pm, honoured: false }));
    assert_eq!(s.election_marker, 2);
    assert_eq!(s.election_called, None);
}

#[test]
fn initiative_is_rolled_at_the_galactic_phase_the_pm_last() {
    let mut s = test_state(&P3, 13);
    let pm = s.senators_of(PartyId::Bip).next().unwrap().clone();
    s.appoint(Ministry::PrimeMinister, Some(pm));
    let ev = next(&mut s, 13);
    assert_eq!(s.initiative.len(), 3);
    assert_eq!(s.initiative[2], PartyId::Bip);
    assert!(ev.iter().any(|e| matches!(e, Event::Initiative { order, rolls } if order == &s.initiative && rolls.len() == 2)));
}

#[test]
fn le_roulement_d_infestation_10_exactly_infests_9_does_not() {
    for (total, infests) in [(10, true), (9, false)] {
        let mut s = test_state(&P3, 20);
        let seed = [20u8; 32];
        let d: u32 = Dice::from_seed(seed).nd6(2, INFESTATION, "jet d'infestation").iter().sum();
        for x in s.fx.senators.values_mut() {
            x.corruption = 0;
            x.shadow = 0;
        }
        s.fx.infestation = vec![Modifier { amount: (total - d as i32) as i8, until: Duration::Turn }];
        let marked = s.fx.sectors.iter().filter(|(_, x)| x.marked && !x.infested).count();
        let mut ev = Vec::new();
        infestation_roll(&mut s, &mut Dice::from_seed(seed), &mut ev);
        let Event::InfestationRoll { total: t, infested, .. } = &ev[0] else { panic!() };
        assert_eq!(*t, total);
        assert_eq!(infested.len(), if infests { marked } else { 0 }, "total {total}");
    }
}

#[test]
fn les_cartes_evenements_a_sector_infested_by_an_event_is_lost_by_its_owner() {
    let mut s = test_state(&P3, 21);
    for x in s.fx.sectors.values_mut() {
        if !x.infested {
            x.owner = Some(PartyId::Gsp);
        }
    }
    only_event(&mut s, "Flotte fantôme");
    let ev = next(&mut s, 21);
    let hit: Vec<SectorNo> = ev
        .iter()
        .filter_map(|e| match e {
            Event::EventDrawn { card, subjects, .. } if card == "Flotte fantôme" => match subjects.first() {
                Some(Subject::Sector(n)) => Some(*n),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(hit.len(), 2, "2 copies");
    for n in hit {
        assert!(s.fx.sectors[&n].infested && s.fx.sectors[&n].owner.is_none());
        assert!(ev.iter().any(|e| matches!(e, Event::Infested { sector, .. } if *sector == n)), "sector {n}: {ev:?}");
    }
}

#[test]
fn les_cartes_evenements_a_republic_fleet_put_in_play_appears_on_sector_1() {
    let mut s = test_state(&P3, 22);
    s.republic_at = BTreeMap::from([(1, 3), (7, 2)]);
    only_event(&mut s, "Levée de la république");
    next(&mut s, 22);
    assert_eq!(s.fx.republic_fleets, 8);
    assert_eq!(s.republic_at, BTreeMap::from([(1, 6), (7, 2)]));
}

#[test]
fn les_flottes_de_la_republique_removed_ones_leave_sector_1_first() {
    let mut s = test_state(&P3, 23);
    s.republic_at = BTreeMap::from([(1, 2), (4, 1), (7, 2)]);
    s.fx.republic_fleets = 2;
    sync_republic(&mut s);
    assert_eq!(s.republic_at, BTreeMap::from([(7, 2)]));
}

#[test]
fn le_roulement_d_infestation_no_fleet_retreats_into_a_sector_infested_by_the_same_roll() {
    let mut s = test_state(&P3, 25);
    for x in s.fx.sectors.values_mut() {
        x.marked = false;
    }
    // GSP owns 2 and 3, both marked, 5 fleets on 2 and 1 on 3: 3's fleet
    // would go to 2 if 2 were not infested by the same roll.
    let h = s.components.party(PartyId::Gsp).unwrap().start_sector;
    s.fleets.remove(&h);
    for (n, c) in [(2, 5), (3, 1)] {
        s.fx.sectors.get_mut(&n).unwrap().owner = Some(PartyId::Gsp);
        s.fx.sectors.get_mut(&n).unwrap().marked = true;
        s.fleets.entry(n).or_default().insert(PartyId::Gsp, c);
    }
    s.fx.infestation.push(Modifier { amount: 20, until: Duration::Turn });
    let mut ev = Vec::new();
    infestation_roll(&mut s, &mut Dice::from_seed([25; 32]), &mut ev);
    assert_eq!(s.fleets_of(PartyId::Gsp), 6);
    assert_eq!(s.fleets[&h][&PartyId::Gsp], 6, "to its home, the one sector left");
    let retreats: Vec<_> = ev.iter().filter_map(|e| if let Event::Infested { retreats, .. } = e { Some(retreats.clone()) } else { None }).collect();
    assert_eq!(retreats, vec![vec![(Some(PartyId::Gsp), 5, h)], vec![(Some(PartyId::Gsp), 1, h)]]);
}

/// "Liste de propositions" (G37): a law passed in turn T for d turns binds
/// through T + d − 1; at the galactic phase of the turn after, it leaves the
/// list and the report says so. One still running stays, unannounced.
#[test]
fn liste_de_propositions_a_law_lapses_at_the_galactic_phase_after_its_last_turn_and_is_announced() {
    use crate::games::galactic_destiny::model::{Law, LawInForce};
    let mut s = test_state(&P3, 3);
    let turn = s.game_turn;
    s.laws = vec![
        LawInForce { law: Law::Movement, passed: turn, until: turn, by: PartyId::Gsp },
        LawInForce { law: Law::Homeland, passed: turn, until: turn + 1, by: PartyId::Gsp },
    ];
    let ev = next(&mut s, 3);
    assert!(ev.contains(&Event::LawLapsed { law: Law::Movement }), "{ev:?}");
    assert!(!ev.contains(&Event::LawLapsed { law: Law::Homeland }));
    assert_eq!(s.laws.iter().map(|l| l.law).collect::<Vec<_>>(), vec![Law::Homeland]);
}
