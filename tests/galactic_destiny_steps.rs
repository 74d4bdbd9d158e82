//! Galactic Destiny's step machine at the seam (design note §2.2, §2.6,
//! §2.7): which seats a step awaits, its deadline kind, whether silence is
//! a pass that is still awaited, what the referee plays for a silent party.

use std::collections::BTreeSet;

use arbitre::dice::Dice;
use arbitre::game::{Completeness, OrderStatus, Ruleset};
use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::model::Phase;
use arbitre::games::galactic_destiny::orders::{Order, Orders};
use arbitre::games::galactic_destiny::{setup, GalacticDestiny, GdState};

const PARTIES: [PartyId; 3] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop];

fn state() -> GdState {
    setup::test_state(&PARTIES, 1)
}

fn keys(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|k| k.to_string()).collect()
}

#[test]
fn la_phase_de_senat_every_party_is_awaited_in_s1_s2_and_p_with_the_deadline_kind_of_its_step() {
    let mut s = state();
    for (phase, kind, answers) in [(Phase::Filing, "senat", false), (Phase::Voting, "vote", false), (Phase::Purchases, "achats", true)] {
        s.phase = phase;
        assert_eq!(GalacticDestiny::awaiting(&s), Some(keys(&["gsp", "bip", "pop"])), "{phase:?}");
        assert_eq!(GalacticDestiny::step_kind(&s), kind, "{phase:?}");
        assert!(GalacticDestiny::STEP_KINDS.contains(&kind));
        assert_eq!(GalacticDestiny::answers_expected(&s), answers, "{phase:?}: answers awaited although silence is a pass (§2.6 item 2)");
    }
    s.phase = Phase::Over;
    assert_eq!(GalacticDestiny::awaiting(&s), Some(BTreeSet::new()));
    assert_eq!(GalacticDestiny::STEP_KINDS, &["senat", "vote", "fenetre", "reaction", "achats"]);
}

#[test]
fn a_party_whose_seat_resigned_is_awaited_no_more() {
    let mut s = state();
    s.seats[1].resigned = true;
    assert_eq!(GalacticDestiny::awaiting(&s), Some(keys(&["gsp", "pop"])));
}

#[test]
fn or_is_one_accepted_line_and_passe_counts() {
    let s = state();
    let key = "gsp".to_string();
    assert!(matches!(GalacticDestiny::completeness(&s, &key, &Orders::default()), Completeness::Partial { .. }));
    let pass = Orders { lines: vec![Order::Pass], defaulted: false };
    assert_eq!(GalacticDestiny::completeness(&s, &key, &pass), Completeness::Complete);
}

#[test]
fn joueurs_absents_onr_plays_nothing_and_says_so_pnj_keeps_the_robots_lines() {
    let s = state();
    let key = "gsp".to_string();
    let mut dice = Dice::for_turn(1, 0);
    let filed = Orders { lines: vec![Order::Pass], defaulted: false };
    let onr = GalacticDestiny::default_orders(&s, &key, OrderStatus::Onr, Orders::default(), &mut dice);
    assert_eq!(onr, Orders { lines: vec![], defaulted: true });
    let robot = GalacticDestiny::default_orders(&s, &key, OrderStatus::Pnj, filed.clone(), &mut dice);
    assert_eq!(robot, Orders { lines: vec![Order::Pass], defaulted: true });
    assert_eq!(GalacticDestiny::default_orders(&s, &key, OrderStatus::Or, filed.clone(), &mut dice), filed);
}

#[test]
fn the_turn_is_the_step_and_each_step_opens_the_next() {
    let s = state();
    assert_eq!(GalacticDestiny::turn(&s), s.step);
    let mut dice = Dice::for_turn(1, s.step);
    let inputs = s
        .seats
        .iter()
        .map(|x| (x.key.clone(), arbitre::game::FamilyInput::new(OrderStatus::Or, Orders { lines: vec![Order::Pass], defaulted: false }, None)))
        .collect();
    let out = GalacticDestiny::adjudicate(&s, &inputs, &mut dice);
    assert_eq!(out.state.step, s.step + 1);
    assert_eq!(out.state.phase, Phase::Voting);
    assert_eq!(GalacticDestiny::turn(&out.state), s.step + 1);
}

#[test]
fn registration_awaits_nobody_in_particular_and_is_played_at_its_deadline() {
    let s = GalacticDestiny::new_game(&toml::Table::new(), 3).expect("a new game");
    assert_eq!(s.phase, Phase::Registration);
    assert_eq!(GalacticDestiny::awaiting(&s), None);
    assert_eq!(GalacticDestiny::step_kind(&s), "senat");
}
