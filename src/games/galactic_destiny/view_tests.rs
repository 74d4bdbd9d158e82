//! What the views print of the senate, against what the votes count.

use super::*;
use crate::games::galactic_destiny::senate::testkit;
use PartyId::{Bip, Pop};

#[test]
fn force_de_vote_the_reports_print_the_strength_and_cap_the_votes_count_interior_and_sector_1_included() {
    let mut s = testkit::state(&[Bip, Pop]);
    let fola = s.components.party(Pop).unwrap().start_senator.clone();
    let printed = i64::from(s.components.senator(&fola).unwrap().diplomacy);
    s.appoint(Ministry::Interior, Some(fola));
    let n1 = s.components.board.sector_of(crate::games::galactic_destiny::components::Ability::VoixAutoritaire).unwrap();
    s.fx.sectors.get_mut(&n1).unwrap().owner = Some(Pop);
    let pop = parties_json(&s, None).into_iter().find(|p| p["sigle"] == "POP").unwrap();
    let (strength, cap) = crate::games::galactic_destiny::senate::voting::strength_and_limit(&s, Pop);
    assert_eq!((pop["strength"].as_i64(), pop["cap"].as_i64()), (Some(i64::from(strength)), Some(i64::from(cap))));
    assert_eq!(pop["cap"].as_i64(), Some(printed + 2), "the Interior minister's +1 and Voix autoritaire's +1");
    assert_eq!(u32::try_from(printed + 2).unwrap(), crate::games::galactic_destiny::orders::parse::vote_limit(&s, Pop), "the acknowledgement's limit");
}

#[test]
fn impots_the_senate_part_lists_a_tax_in_force_with_its_action_and_amount() {
    let mut s = testkit::state(&[Bip, Pop]);
    s.laws.push(crate::games::galactic_destiny::model::LawInForce { law: Law::Tax { action: TaxedAction::Recruit, amount: 3 }, passed: 1, until: 2, by: Pop });
    let senate = senate_json(&s, Lang::En);
    let laws = senate["laws"].as_array().unwrap();
    assert_eq!(laws[0]["law"], "Tax of 3 money per senator recruited", "{laws:?}");
    assert_eq!(laws[0]["code"], "IMPOT RECRUTEMENT", "what ENFREINDRE names");
    assert_eq!(senate_json(&s, Lang::Fr)["laws"][0]["law"], "Impôt de 3 argent par sénateur recruté");
    // The board picture's list of laws too.
    assert!(super::super::map::svg(&s, Lang::En).contains("Tax: 3 money per senator recruited"));
}
