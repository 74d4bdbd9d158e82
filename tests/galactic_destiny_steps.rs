//! Galactic Destiny's step machine at the seam (design note §2.2, §2.6,
//! §2.7): which seats a step awaits, its deadline kind, whether silence is
//! a pass that is still awaited, what the referee plays for a silent party.

use std::collections::BTreeSet;

use arbitre::dice::Dice;
use arbitre::game::{Completeness, OrderStatus, Ruleset};
use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::events::DefaultKind;
use arbitre::games::galactic_destiny::model::{Declarations, Phase};
use arbitre::games::galactic_destiny::orders::{Order, Orders};
use arbitre::games::galactic_destiny::{setup, turn, Event, GalacticDestiny, GdState};

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

/// The phases from `s`'s open step to P, as the step machine walks them.
fn walk(s: &GdState) -> Vec<(Phase, BTreeSet<String>)> {
    let mut t = s.clone();
    let mut v = Vec::new();
    loop {
        v.push((t.phase, GalacticDestiny::awaiting(&t).unwrap_or_default()));
        if t.phase == Phase::Purchases || v.len() > 40 {
            return v;
        }
        t.phase = turn::next_phase(&t);
    }
}

#[test]
fn la_phase_d_intrigue_one_window_a_party_worst_initiative_first_then_b_the_campaign_windows_k_and_p() {
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.phase = Phase::Voting;
    let got = walk(&s);
    let all = keys(&["gsp", "bip", "pop"]);
    let want = vec![
        (Phase::Voting, all.clone()),
        (Phase::Invasions { window: Some(0) }, keys(&["pop"])),
        (Phase::Invasions { window: Some(1) }, keys(&["gsp"])),
        (Phase::Invasions { window: Some(2) }, keys(&["bip"])),
        (Phase::Battles, all.clone()),
        (Phase::Campaigns { window: Some(0) }, keys(&["pop"])),
        (Phase::Campaigns { window: Some(1) }, keys(&["gsp"])),
        (Phase::Campaigns { window: Some(2) }, keys(&["bip"])),
        (Phase::Canvass, all.clone()),
        (Phase::Purchases, all),
    ];
    assert_eq!(got, want, "2n + 5 steps a game turn (design note §2.2)");
    for (phase, kind, answers) in [
        (Phase::Invasions { window: Some(0) }, "fenetre", false),
        (Phase::Battles, "reaction", true),
        (Phase::Campaigns { window: None }, "fenetre", false),
        (Phase::Canvass, "reaction", true),
    ] {
        s.phase = phase;
        assert_eq!(GalacticDestiny::step_kind(&s), kind, "{phase:?}");
        assert_eq!(GalacticDestiny::answers_expected(&s), answers, "{phase:?}");
    }
}

#[test]
fn la_phase_d_intrigue_a_resigned_party_has_no_window_and_sealed_declarations_are_one_step_each() {
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.seats.iter_mut().find(|x| x.party == Some(PartyId::Gsp)).expect("GSP's seat").resigned = true;
    s.phase = Phase::Voting;
    let windows: Vec<Phase> = walk(&s).into_iter().map(|(p, _)| p).filter(|p| p.window().is_some()).collect();
    assert_eq!(
        windows,
        [Phase::Invasions { window: Some(0) }, Phase::Invasions { window: Some(2) }, Phase::Campaigns { window: Some(0) }, Phase::Campaigns { window: Some(2) }]
    );
    s.settings.declarations = Declarations::Sealed;
    let sealed: Vec<Phase> = walk(&s).into_iter().map(|(p, _)| p).collect();
    assert_eq!(sealed, [Phase::Voting, Phase::Invasions { window: None }, Phase::Battles, Phase::Campaigns { window: None }, Phase::Canvass, Phase::Purchases]);
    s.phase = Phase::Invasions { window: None };
    assert_eq!(GalacticDestiny::awaiting(&s), Some(keys(&["bip", "pop"])), "a sealed step awaits every party still played");
}

#[test]
fn la_phase_d_intrigue_a_party_out_of_its_window_is_told_when_its_step_comes() {
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.phase = Phase::Invasions { window: Some(0) };
    let to_move = |s: &GdState, k: &str| GalacticDestiny::steps_to_move(s, &k.to_string());
    assert_eq!(to_move(&s, "gsp"), Some(1));
    assert_eq!(to_move(&s, "bip"), Some(2));
    assert_eq!(to_move(&s, "pop"), Some(3), "POP's next step is B, after the two other windows");
    s.phase = Phase::Campaigns { window: Some(2) };
    assert_eq!(to_move(&s, "gsp"), Some(1), "K awaits everybody");
}

#[test]
fn la_phase_d_intrigue_a_window_plays_its_party_alone_and_says_what_was_played_for_it() {
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.phase = Phase::Invasions { window: Some(1) };
    let mut dice = Dice::for_turn(1, s.step);
    let out = GalacticDestiny::adjudicate(&s, &Default::default(), &mut dice);
    assert_eq!(out.state.phase, Phase::Invasions { window: Some(2) });
    assert_eq!(out.state.step, s.step + 1);
    let defaults: Vec<&Event> = out.events.iter().filter(|e| matches!(e, Event::Default { .. })).collect();
    assert_eq!(defaults, [&Event::Default { party: PartyId::Gsp, kind: DefaultKind::NoDeclaration }], "the silent window's party only");
    s.phase = Phase::Canvass;
    let out = GalacticDestiny::adjudicate(&s, &Default::default(), &mut dice);
    assert_eq!(out.state.phase, Phase::Purchases);
    assert_eq!(out.events.iter().filter(|e| matches!(e, Event::Default { kind: DefaultKind::NoAnswer, .. })).count(), 3);
}

/// Two Feint players: after B, their F windows in initiative order (the
/// movers only, deadline kind `fenetre`), then B′ awaiting everybody
/// (`reaction`, answers expected), then the campaign windows; one sealed F
/// step for the movers with `declarations = "simultanees"`.
#[test]
fn la_carte_feint_f_windows_for_the_feint_players_alone_then_b_prime_for_everybody() {
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.intrigue.invasions.feint.movers = vec![PartyId::Pop, PartyId::Bip];
    s.phase = Phase::Battles;
    let all = keys(&["gsp", "bip", "pop"]);
    let got: Vec<(Phase, BTreeSet<String>)> = walk(&s).into_iter().take(5).collect();
    let want = vec![
        (Phase::Battles, all.clone()),
        (Phase::Feints { window: Some(0) }, keys(&["pop"])),
        (Phase::Feints { window: Some(1) }, keys(&["bip"])),
        (Phase::BattlesAgain, all.clone()),
        (Phase::Campaigns { window: Some(0) }, keys(&["pop"])),
    ];
    assert_eq!(got, want);
    for (phase, kind, answers) in [(Phase::Feints { window: Some(1) }, "fenetre", false), (Phase::BattlesAgain, "reaction", true)] {
        s.phase = phase;
        assert_eq!(GalacticDestiny::step_kind(&s), kind, "{phase:?}");
        assert_eq!(GalacticDestiny::answers_expected(&s), answers, "{phase:?}");
    }
    s.settings.declarations = Declarations::Sealed;
    s.phase = Phase::Battles;
    let sealed: Vec<(Phase, BTreeSet<String>)> = walk(&s).into_iter().skip(1).take(2).collect();
    assert_eq!(sealed, vec![(Phase::Feints { window: None }, keys(&["bip", "pop"])), (Phase::BattlesAgain, all)]);
}

/// In an F window nobody but its Feint player declares ("Personne d'autre
/// ne peut changer ses déclarations"), even in the sealed F step where
/// several movers are awaited together.
#[test]
fn la_carte_feint_only_the_feint_players_orders_are_played_in_f() {
    use arbitre::games::galactic_destiny::orders::Aim;
    let mut s = state();
    s.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    s.intrigue.invasions.feint.movers = vec![PartyId::Pop];
    s.settings.declarations = Declarations::Sealed;
    s.phase = Phase::Feints { window: None };
    s.fleets.insert(12, [(PartyId::Gsp, 3)].into_iter().collect());
    s.fx.sectors.get_mut(&12).expect("sector 12").owner = Some(PartyId::Gsp);
    let invade = Orders { lines: vec![Order::Invade { sector: 13, from: vec![(12, 3)], admiral: None, aim: Aim::Claim, corruption: None }], defaulted: false };
    let inputs = s.seats.iter().map(|x| (x.key.clone(), arbitre::game::FamilyInput::new(OrderStatus::Or, invade.clone(), None))).collect();
    let mut dice = Dice::for_turn(1, s.step);
    let out = GalacticDestiny::adjudicate(&s, &inputs, &mut dice);
    assert!(!out.events.iter().any(|e| matches!(e, Event::Invaded { party: PartyId::Gsp, .. })), "GSP played no Feint: {:?}", out.events);
    assert_eq!(out.state.fleets.get(&12).and_then(|m| m.get(&PartyId::Gsp)), Some(&3));
    assert_eq!(out.state.phase, Phase::BattlesAgain);
}

/// Fewer mails (design note §2.6 item 4): from one window to the next only
/// the party whose window opens is mailed; every party when a step that
/// awaits them all closes or opens, and at the end.
#[test]
fn fewer_mails_a_window_opening_is_mailed_to_its_party_alone() {
    let mut before = state();
    before.initiative = vec![PartyId::Pop, PartyId::Gsp, PartyId::Bip];
    let mailed = |b: &GdState, a: &GdState, k: &str| GalacticDestiny::mailed(b, a, &k.to_string());
    let at = |s: &GdState, p: Phase| GdState { phase: p, ..s.clone() };
    let (i0, i1, i2) = (Phase::Invasions { window: Some(0) }, Phase::Invasions { window: Some(1) }, Phase::Invasions { window: Some(2) });
    assert!(mailed(&at(&before, i0), &at(&before, i1), "gsp"));
    assert!(!mailed(&at(&before, i0), &at(&before, i1), "bip"), "BIP's window is not open yet");
    assert!(!mailed(&at(&before, i0), &at(&before, i1), "pop"), "POP's window has closed");
    for k in ["gsp", "bip", "pop"] {
        assert!(mailed(&at(&before, Phase::Voting), &at(&before, i0), k), "after S2: {k}");
        assert!(mailed(&at(&before, i2), &at(&before, Phase::Battles), k), "B opens: {k}");
        assert!(mailed(&at(&before, Phase::Battles), &at(&before, Phase::Campaigns { window: Some(0) }), k), "after B: {k}");
        assert!(mailed(&at(&before, i2), &at(&before, Phase::Over), k), "the end: {k}");
    }
    before.intrigue.invasions.feint.movers = vec![PartyId::Pop, PartyId::Bip];
    assert!(!mailed(&at(&before, Phase::Feints { window: Some(0) }), &at(&before, Phase::Feints { window: Some(1) }), "gsp"));
    assert!(mailed(&at(&before, Phase::Feints { window: Some(0) }), &at(&before, Phase::Feints { window: Some(1) }), "bip"));
}
