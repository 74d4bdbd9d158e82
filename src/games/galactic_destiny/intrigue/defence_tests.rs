//! The acknowledgement's checks of the Defence minister's redeployment
//! (`orders/defence.rs`) and its canonical lines.

use crate::game::LineOutcome;

use super::super::super::components::PartyId;
use super::super::super::model::{FleetGroup, GdState, Phase};
use super::super::super::orders::tests::read;
use super::super::super::orders::{lines_in, Order};
use super::super::super::senate::Ministry;
use super::super::super::setup;

/// B of turn 1, GSP's Mashem holding Defence; the senate's vote sent 3 of
/// the Republic's 5 fleets from sector 1 against sector 50.
fn state(phase: Phase) -> GdState {
    let mut s = setup::test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
    s.phase = phase;
    s.ministries.insert(Ministry::Defence, "Mashem".into());
    s.fx.senators.get_mut("Mashem").expect("GSP's").minister = true;
    s.fx.republic_fleets = 5;
    s.republic_at = [(1, 2), (50, 3)].into_iter().collect();
    s.intrigue.invasions.republic_moves = vec![(1, 50, 3)];
    s
}

fn refusal(v: &LineOutcome) -> String {
    match v {
        LineOutcome::Rejected { reason, .. } => reason.id.clone(),
        other => panic!("accepted: {other:?}"),
    }
}

#[test]
fn competences_corrompues_de_ministere_defence_redeploys_in_b_below_its_skill() {
    let s = state(Phase::Battles);
    let (o, v) = read(&s, "gsp", &["FLOTTE-REPUBLIQUE 13 1 ATTAQUE", "CORROMPU DEFENSE 2", "CORROMPU DEFENSE 1", "FLOTTE-REPUBLIQUE 13 4 ATTAQUE PRISE, 12 1 DE 1", "FLOTTE-REPUBLIQUE 14 1"]);
    assert_eq!(refusal(&v[0]), "gd-def-refused-no-skill", "only below CORROMPU DEFENSE 1");
    assert_eq!(refusal(&v[1]), "gd-def-refused-tokens", "exactly 1 token");
    assert!(matches!(v[2], LineOutcome::Accepted { .. }), "{v:?}");
    assert!(matches!(v[3], LineOutcome::Accepted { .. }), "ATTAQUE on a sector neither infested nor rebel: {v:?}");
    assert_eq!(refusal(&v[4]), "gd-def-refused-once");
    let groups = vec![
        FleetGroup { to: 13, count: 4, from: None, attack: true, admiral: None },
        FleetGroup { to: 12, count: 1, from: Some(1), attack: false, admiral: None },
    ];
    assert_eq!(o.lines, [Order::CorruptSkill { ministry: Ministry::Defence, tokens: 1, target: None }, Order::Redeploy { groups, claims: vec![13] }]);
    assert_eq!(lines_in(&s, &o, true), ["CORRUPT DEFENCE 1", "REPUBLIC-FLEET 13 4 ATTACK CLAIM, 12 1 FROM 1"]);
}

#[test]
fn competences_corrompues_de_ministere_defence_origins_before_the_turns_moves() {
    let s = state(Phase::Battles);
    // The 3 fleets at 50 went there this turn: they are back at 1 first.
    let (_, v) = read(&s, "gsp", &["CORROMPU DEFENSE 1", "FLOTTE-REPUBLIQUE 13 5 DE 1"]);
    assert!(matches!(v[1], LineOutcome::Accepted { .. }), "{v:?}");
    let (_, v) = read(&s, "gsp", &["CORROMPU DEFENSE 1", "FLOTTE-REPUBLIQUE 13 1 DE 50"]);
    assert_eq!(refusal(&v[1]), "gd-order-refused-republic-fleets-at");
    let (_, v) = read(&s, "gsp", &["CORROMPU DEFENSE 1", "FLOTTE-REPUBLIQUE 13 1 PRISE"]);
    assert_eq!(refusal(&v[1]), "gd-def-refused-claim-no-attack");
}

#[test]
fn competences_corrompues_de_ministere_defence_by_its_holder_in_b_only() {
    let s = state(Phase::Battles);
    assert_eq!(refusal(&read(&s, "bip", &["CORROMPU DEFENSE 1"]).1[0]), "gd-order-refused-no-ministry");
    let again = state(Phase::BattlesAgain);
    assert_eq!(refusal(&read(&again, "gsp", &["CORROMPU DEFENSE 1"]).1[0]), "gd-def-refused-step", "one Feint round a turn: not in B′");
    let mut tired = state(Phase::Battles);
    tired.fx.senators.get_mut("Mashem").expect("GSP's").exhausted = true;
    assert_eq!(refusal(&read(&tired, "gsp", &["CORROMPU DEFENSE 1"]).1[0]), "gd-order-refused-not-fresh");
}

/// The robot's redeployment, when it writes one, reads back as accepted
/// lines: the minister's skill, then the Republic's groups.
#[test]
fn competences_corrompues_de_ministere_defence_the_robots_lines_are_valid() {
    use crate::dice::Dice;
    let mut s = state(Phase::Battles);
    s.fx.senators.get_mut("Mashem").expect("GSP's").corruption = 0;
    let written = (0..=255u8).map(|seed| super::robot(&s, PartyId::Gsp, &mut Dice::from_seed([seed; 32]))).find(|o| !o.is_empty()).expect("1 in 6 over 256 seeds");
    let text = lines_in(&s, &super::super::super::orders::Orders { lines: written.clone(), defaulted: false }, false);
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    let (o, v) = read(&s, "gsp", &refs);
    assert!(v.iter().all(|x| matches!(x, LineOutcome::Accepted { .. })), "{text:?}: {v:?}");
    assert_eq!(o.lines, written);
    s.fx.senators.get_mut("Mashem").expect("GSP's").corruption = 2;
    assert!((0..=255u8).all(|seed| super::robot(&s, PartyId::Gsp, &mut Dice::from_seed([seed; 32])).is_empty()), "not with 2 corruption");
}
