//! The acknowledgement's checks of the skills', abilities' and corrupt
//! ministry skills' lines (`orders/powers.rs`), and their canonical lines.

use crate::game::LineOutcome;

use super::super::components::interpret::SenatorState;
use super::super::components::PartyId;
use super::super::model::GdState;
use super::super::orders::tests::read;
use super::super::orders::{lines_in, Order};
use super::super::senate::Ministry;
use super::super::setup;

/// GSP, BIP, POP at S1 of turn 1, with a GSP senator of each skill used
/// here put in play by hand; and their names (Espion, Maître en
/// espionnage, Saboteur, Leader religieux).
fn state() -> (GdState, [String; 4]) {
    use super::super::components::Skill;
    let mut s = setup::test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
    let find = |s: &GdState, k: Skill| s.components.senators.iter().find(|c| c.skill == Some(k)).map(|c| c.name.clone()).expect("a senator with the skill");
    let names = [find(&s, Skill::Espion), find(&s, Skill::MaitreEnEspionnage), find(&s, Skill::Saboteur), find(&s, Skill::LeaderReligieux)];
    let base = SenatorState { minister: false, ..s.fx.senators["Mashem"].clone() };
    for n in &names {
        s.fx.senators.insert(n.clone(), base.clone());
    }
    (s, names)
}

fn refusal(v: &LineOutcome) -> String {
    match v {
        LineOutcome::Rejected { reason, .. } => reason.id.clone(),
        other => panic!("accepted: {other:?}"),
    }
}

#[test]
fn competences_de_senateur_spy_sabotage_cleanse_read_and_written_back() {
    let (mut s, [spy, master, saboteur, priest]) = state();
    s.fx.senators.get_mut("Fola").expect("in play").corruption = 2;
    let republic_at = *s.republic_at.keys().next().expect("Republic fleets");
    s.fx.parties.get_mut(&PartyId::Gsp).expect("GSP").money = 40;
    s.fx.parties.get_mut(&PartyId::Gsp).expect("GSP").influence = 10;
    let text = [
        format!("ESPIONNER {spy} POP"),
        format!("SPY {master} BIP DISCARD \"Feint\""),
        format!("SABOTER {saboteur} {republic_at} REPUBLIQUE"),
        format!("PURIFIER {priest} Fola 2"),
    ];
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    let (o, v) = read(&s, "gsp", &refs);
    assert!(v.iter().all(|x| matches!(x, LineOutcome::Accepted { .. })), "{v:?}");
    assert_eq!(o.lines[0], Order::Spy { senator: spy.clone(), target: PartyId::Pop, discard: vec![] });
    assert!(matches!(&o.lines[1], Order::Spy { discard, .. } if discard.len() == 1));
    assert_eq!(o.lines[2], Order::Sabotage { senator: saboteur.clone(), sector: republic_at, victim: None });
    assert_eq!(o.lines[3], Order::Cleanse { senator: priest.clone(), target: "Fola".into(), amount: 2 });
    for en in [false, true] {
        for l in lines_in(&s, &o, en) {
            assert_eq!(read(&s, "gsp", &[&l]).0.lines.len(), 1, "{l} reads back");
        }
    }
}

#[test]
fn competences_de_senateur_the_checks_of_a_skill_used_as_an_action() {
    let (mut s, [spy, master, saboteur, priest]) = state();
    s.fx.parties.get_mut(&PartyId::Gsp).expect("GSP").money = 6;
    let text = [
        "ESPIONNER Mashem POP".to_string(),
        format!("ESPIONNER {spy} GSP"),
        format!("ESPIONNER {spy} POP DEFAUSSER \"Feint\""),
        format!("ESPIONNER {spy} POP"),
        format!("ESPIONNER {spy} BIP"),
        format!("SABOTER {saboteur} 1 POP"),
        format!("PURIFIER {priest} Fola 1"),
        format!("SPY {master} BIP"),
    ];
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    let (_, v) = read(&s, "gsp", &refs);
    assert_eq!(refusal(&v[0]), "gd-pow-refused-skill");
    assert_eq!(refusal(&v[1]), "gd-order-refused-self");
    assert_eq!(refusal(&v[2]), "gd-pow-refused-not-master-spy");
    assert!(matches!(v[3], LineOutcome::Accepted { .. }), "{:?}", v[3]);
    assert_eq!(refusal(&v[4]), "gd-order-refused-not-fresh", "one action a turn");
    assert_eq!(refusal(&v[5]), "gd-pow-refused-no-fleet");
    assert_eq!(refusal(&v[6]), "gd-pow-refused-cleanse", "Fola has no corruption");
    assert_eq!(refusal(&v[7]), "gd-order-refused-not-enough", "6 money: 2 left after the first spy");
}

#[test]
fn competences_corrompues_de_ministere_the_checks() {
    let (mut s, _) = state();
    s.ministries.insert(Ministry::Finance, "Mashem".into());
    s.fx.senators.get_mut("Mashem").expect("GSP's").minister = true;
    let (o, v) = read(&s, "gsp", &["CORROMPU FINANCES 3", "CORRUPT FINANCE 1", "CORROMPU JUSTICE 1", "CORROMPU DEFENSE 1", "CORROMPU INTERIEUR 2", "CORROMPU FINANCES 6"]);
    assert!(matches!(v[0], LineOutcome::Accepted { .. }), "{v:?}");
    assert_eq!(o.lines, [Order::CorruptSkill { ministry: Ministry::Finance, tokens: 3, target: None }]);
    assert_eq!(refusal(&v[1]), "gd-order-refused-not-fresh", "the minister's action");
    assert_eq!(refusal(&v[2]), "gd-pow-refused-justice");
    assert_eq!(refusal(&v[3]), "gd-def-refused-step", "the Defence minister's redeployment is B's (intrigue::defence)");
    assert_eq!(refusal(&v[4]), "gd-order-refused-no-ministry");
    assert_eq!(refusal(&v[5]), "gd-pow-refused-tokens");
    assert_eq!(lines_in(&s, &o, true), ["CORRUPT FINANCE 3"]);
    s.settings.corrupt_skills = false;
    assert_eq!(refusal(&read(&s, "gsp", &["CORROMPU FINANCES 3"]).1[0]), "gd-pow-refused-corrupt-off");
}

#[test]
fn competences_de_secteur_owned_once_a_turn_and_in_p_for_indulgence() {
    use super::super::components::board::Ability;
    let (mut s, _) = state();
    let five = s.components.board.sector_of(Ability::DonneesDuMarcheNoir).expect("sector 5");
    let (_, v) = read(&s, "gsp", &["MARCHE-NOIR POP"]);
    assert_eq!(refusal(&v[0]), "gd-pow-refused-ability-not-owned");
    s.fx.sectors.entry(five).or_default().owner = Some(PartyId::Gsp);
    let (o, v) = read(&s, "gsp", &["MARCHE-NOIR POP", "BLACK-MARKET BIP", "INDULGENCE Fola"]);
    assert_eq!(o.lines, [Order::BlackMarket { target: PartyId::Pop }]);
    assert_eq!(refusal(&v[1]), "gd-pow-refused-ability-used", "once a turn");
    assert_eq!(refusal(&v[2]), "gd-order-refused-wrong-step", "Indulgence: the purchase phase");
    s.intrigue.powers.used.insert(five);
    assert_eq!(refusal(&read(&s, "gsp", &["MARCHE-NOIR POP"]).1[0]), "gd-pow-refused-ability-used", "used this turn by a former owner");
    let (o, v) = read(&s, "gsp", &["AUGURE POP \"Feint\""]);
    assert_eq!(refusal(&v[0]), "gd-pow-refused-ability-not-owned");
    assert!(o.lines.is_empty());
}
