use super::*;
use crate::games::galactic_destiny::model::{Law, LawInForce};
use crate::games::galactic_destiny::senate::testkit;

fn game() -> GdState {
    let mut s = testkit::state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop]);
    s.game_turn = 2;
    s
}

/// "Un joueur rebelle n'est pas affecté par les lois du sénat": a law in
/// force binds the others, not the rebel, and binds it again after peace.
#[test]
fn les_benefiques_de_la_rebellion_no_law_binds_the_rebel() {
    let mut s = game();
    s.laws.push(LawInForce { law: Law::Movement, passed: 2, until: 3, by: PartyId::Bip });
    assert!(s.law_binds(Law::Movement, PartyId::Pop));
    s.rebellion.rebel = Some(PartyId::Pop);
    assert!(!s.law_binds(Law::Movement, PartyId::Pop), "the rebel is bound by no law");
    assert!(s.law_binds(Law::Movement, PartyId::Bip), "the others still are");
    let mut events = Vec::new();
    offer(&mut s, Some(PartyId::Pop), &mut events);
    senate_agrees(&mut s, &mut events);
    assert!(matches!(events.last(), Some(Event::PeaceMade { party: PartyId::Pop })));
    assert!(s.law_binds(Law::Movement, PartyId::Pop), "peace: bound again");
}

/// "Le joueur doit alors rouler un dé pour chaque autre secteur qu'il
/// contrôle. S'il roule un 6, le secteur le rejoint. Sur un autre résultat,
/// le secteur devient neutre": over many seeds, every other sector is
/// rolled for once, kept on a 6 only; the named sector always joins.
#[test]
fn declaration_de_rebellion_each_other_sector_joins_on_a_six_only() {
    let mut sixes = 0;
    for seed in 0..60u8 {
        let mut s = game();
        for n in [12, 13, 14] {
            s.fx.sectors.entry(n).or_default().owner = Some(PartyId::Pop);
        }
        let named = s.sectors_of(PartyId::Pop)[0];
        let mut events = Vec::new();
        declare(&mut s, PartyId::Pop, named, &mut Dice::from_seed([seed; 32]), &mut events);
        let Some(Event::RebellionDeclared { rolls, .. }) = events.last() else { panic!("declared: {events:?}") };
        assert_eq!(rolls.len(), 3, "one die per other sector");
        assert_eq!(s.fx.sectors[&named].owner, Some(PartyId::Pop));
        for (n, roll) in rolls {
            assert_ne!(*n, named);
            let kept = s.fx.sectors[n].owner == Some(PartyId::Pop);
            assert_eq!(kept, *roll == JOINS_ON, "sector {n} rolled {roll}");
            sixes += usize::from(kept);
        }
    }
    assert!(sixes > 0, "some sector joined in 60 seeds");
}
