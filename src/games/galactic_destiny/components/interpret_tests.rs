//! The effect interpreter against the rulebook's headings, with the
//! provisional cards where one exists.

use super::effects::{Deck, Effect, Resource, Target};
use super::interpret::*;
use super::*;
use crate::dice::Dice;

fn dice() -> Dice {
    Dice::from_seed([7; 32])
}

fn senator(party: PartyId) -> SenatorState {
    SenatorState { party, race: None, icon: Some(party), corruption: 0, shadow: 0, exhausted: false, seduced: false, minister: false, diplomacy: Vec::new(), command: Vec::new() }
}

/// Two parties, Fola (POP) and Jemak (BIP) in play, sectors 31, 32 and 50.
fn state() -> EffectState {
    let mut s = EffectState::default();
    for p in [PartyId::Pop, PartyId::Bip] {
        s.parties.insert(p, PartyState { money: 10, influence: 5, ..PartyState::default() });
    }
    s.senators.insert("Fola".into(), SenatorState { race: Some(Race::Ajira), ..senator(PartyId::Pop) });
    s.senators.insert("Jemak".into(), SenatorState { race: Some(Race::Jur), minister: true, ..senator(PartyId::Bip) });
    for n in [31, 32, 50] {
        s.sectors.insert(n, SectorState { owner: Some(PartyId::Pop), ..SectorState::default() });
    }
    s
}

fn event(c: &Components, name: &str) -> super::cards::EventCard {
    c.events.iter().find(|e| e.name_fr == name).cloned().unwrap_or_else(|| panic!("{name}"))
}

/// Resolves and applies every effect of an event of the provisional set.
fn play_event(s: &mut EffectState, c: &Components, name: &str, d: &mut Dice) {
    let e = event(c, name);
    let subjects = s.resolve(e.target, None, None, (e.race, e.party), d).expect("resolved");
    for eff in &e.effects {
        s.apply(eff, None, &subjects, d).expect("part I effect");
    }
}

#[test]
fn ressources_a_gain_above_99_is_wasted_and_a_loss_stops_at_0() {
    let mut s = state();
    let mut d = dice();
    s.parties.get_mut(&PartyId::Pop).unwrap().money = 95;
    s.apply(&Effect::Gain(6, Resource::Money), Some(PartyId::Pop), &[], &mut d).unwrap();
    assert_eq!(s.parties[&PartyId::Pop].money, 99);
    s.apply(&Effect::Lose(9, Resource::Influence), None, &[Subject::Party(PartyId::Bip)], &mut d).unwrap();
    assert_eq!(s.parties[&PartyId::Bip].influence, 0);
}

/// `vole`: what the target has, no more, goes to the thief.
#[test]
fn ressources_a_theft_takes_only_what_the_target_has() {
    let mut s = state();
    let mut d = dice();
    s.apply(&Effect::Steal(8, Resource::Influence), Some(PartyId::Pop), &[Subject::Party(PartyId::Bip)], &mut d).unwrap();
    assert_eq!((s.parties[&PartyId::Pop].influence, s.parties[&PartyId::Bip].influence), (10, 0));
}

/// "Collecte des ressources"/"Prospérité": an event's gain goes to every
/// party it concerns.
#[test]
fn les_cartes_evenements_prosperity_pays_every_party() {
    let c = Components::embedded().expect("set");
    let mut s = state();
    play_event(&mut s, &c, "Prospérité", &mut dice());
    assert_eq!((s.parties[&PartyId::Pop].money, s.parties[&PartyId::Bip].money), (13, 13));
}

/// "Jetons d'ombre": "Le sénateur Fola a 4 jetons de corruption … Elle
/// gagne 2 jetons de corruption de plus … elle l'est échange pour 2 jetons
/// ombre"; the 5th corruption converts; with a shadow, every 3.
#[test]
fn jetons_d_ombre_fola_s_six_corruption_become_two_shadows() {
    let mut s = state();
    let mut d = dice();
    let fola = [Subject::Senator("Fola".into())];
    s.senators.get_mut("Fola").unwrap().corruption = 4;
    s.apply(&Effect::Corruption(2), None, &fola, &mut d).unwrap();
    assert_eq!((s.senators["Fola"].corruption, s.senators["Fola"].shadow), (0, 2));
    let mut j = senator(PartyId::Bip);
    j.corruption = 4;
    add_corruption(&mut j, 1);
    assert_eq!((j.corruption, j.shadow), (2, 1), "the 5th corruption");
    add_corruption(&mut j, 1);
    assert_eq!((j.corruption, j.shadow), (0, 2), "3 present once a shadow is there");
    let mut k = senator(PartyId::Bip);
    add_corruption(&mut k, 4);
    assert_eq!((k.corruption, k.shadow), (4, 0), "4 stay corruption");
}

/// "Jetons de corruption", RULINGS G23: removing corruption never removes
/// shadow.
/// "Jetons d'ombre": "une fois qu'un jeton d'ombre est présent", every 3
/// corruption become a shadow — also when the shadow comes after the
/// corruption (an `ombre +1` effect on a senator holding 3).
#[test]
fn jetons_d_ombre_a_shadow_gained_beside_three_corruption_converts_them() {
    let mut s = state();
    let mut d = dice();
    let jemak = [Subject::Senator("Jemak".into())];
    s.apply(&Effect::Corruption(3), None, &jemak, &mut d).expect("applied");
    assert_eq!((s.senators["Jemak"].corruption, s.senators["Jemak"].shadow), (3, 0), "3 corruption alone stay");
    s.apply(&Effect::Shadow(1), None, &jemak, &mut d).expect("applied");
    assert_eq!((s.senators["Jemak"].corruption, s.senators["Jemak"].shadow), (0, 2), "the shadow makes the 3 corruption a second one");
}

#[test]
fn jetons_de_corruption_removal_never_touches_shadow() {
    let mut s = state();
    let mut d = dice();
    let f = s.senators.get_mut("Fola").unwrap();
    (f.corruption, f.shadow) = (1, 2);
    s.apply(&Effect::Corruption(-2), None, &[Subject::Senator("Fola".into())], &mut d).unwrap();
    assert_eq!((s.senators["Fola"].corruption, s.senators["Fola"].shadow), (0, 2));
}

/// "La phase galactique" (5): draws by lot; the action deck is remade from
/// the discards when empty; G27: the unused starting senators come last.
#[test]
fn la_phase_galactique_draws_by_lot_and_the_action_deck_is_remade_when_empty() {
    let mut s = state();
    let mut d = dice();
    s.action_deck = vec!["Feint".into()];
    s.action_discard = vec!["Distraction".into(), "Multitâche".into()];
    s.apply(&Effect::Draw(3, Deck::Action), Some(PartyId::Pop), &[], &mut d).unwrap();
    let mut hand = s.parties[&PartyId::Pop].hand.clone();
    hand.sort();
    assert_eq!(hand, ["Distraction", "Feint", "Multitâche"]);
    assert!(s.action_deck.is_empty() && s.action_discard.is_empty());
    s.senator_deck = vec!["Gromm".into()];
    s.senator_bottom = vec!["Mashem".into()];
    s.apply(&Effect::Draw(2, Deck::Senator), Some(PartyId::Bip), &[], &mut d).unwrap();
    assert_eq!(s.parties[&PartyId::Bip].waiting, ["Gromm", "Mashem"]);
    // A discard at random goes to the discards; a take to the taker.
    s.apply(&Effect::Discard(1), None, &[Subject::Party(PartyId::Pop)], &mut d).unwrap();
    s.apply(&Effect::TakeCard(1), Some(PartyId::Bip), &[Subject::Party(PartyId::Pop)], &mut d).unwrap();
    assert_eq!((s.parties[&PartyId::Pop].hand.len(), s.action_discard.len(), s.parties[&PartyId::Bip].hand.len()), (1, 1, 1));
}

/// "Le roulement d'infestation": "Réveil du Ke'Ras" adds 2 for the turn;
/// "Désespoir" adds 1 for two turns.
#[test]
fn le_roulement_d_infestation_events_modify_the_roll_for_their_duration() {
    let c = Components::embedded().expect("set");
    let mut s = state();
    let mut d = dice();
    play_event(&mut s, &c, "Réveil du Ke'Ras", &mut d);
    play_event(&mut s, &c, "Désespoir", &mut d);
    assert_eq!(s.infestation_bonus(), 3);
    s.end(End::Phase);
    assert_eq!(s.infestation_bonus(), 3, "a phase is not the turn");
    s.end(End::Turn);
    assert_eq!(s.infestation_bonus(), 1);
    s.end(End::Turn);
    assert_eq!(s.infestation_bonus(), 0);
}

/// "Défense des secteurs": "Tempête ionique" lowers the marked sectors'
/// defence for the turn (sector 50: 5 → 3), never below 0.
#[test]
fn defense_des_secteurs_the_ion_storm_lowers_the_marked_sectors_for_the_turn() {
    let c = Components::embedded().expect("set");
    let mut s = state();
    let mut d = dice();
    for n in [32, 50] {
        s.apply(&Effect::Mark, None, &[Subject::Sector(n)], &mut d).unwrap();
    }
    play_event(&mut s, &c, "Tempête ionique", &mut d);
    assert_eq!((s.defence(&c, 50), s.defence(&c, 32), s.defence(&c, 31)), (3, 0, 2));
    s.end(End::Turn);
    assert_eq!(s.defence(&c, 50), 5);
}

/// "Le roulement d'infestation": "l'infestation prend le contrôle de tout
/// secteur dans laquelle elle arrive" — the owner loses it; beaten, it is
/// neutral.
#[test]
fn le_roulement_d_infestation_an_infested_sector_loses_its_owner() {
    let mut s = state();
    let mut d = dice();
    s.apply(&Effect::Infest, None, &[Subject::Sector(31)], &mut d).unwrap();
    assert_eq!((s.sectors[&31].infested, s.sectors[&31].owner), (true, None));
    s.apply(&Effect::Disinfest, None, &[Subject::Sector(31)], &mut d).unwrap();
    assert_eq!((s.sectors[&31].infested, s.sectors[&31].owner), (false, None));
    s.apply(&Effect::Neutralise, None, &[Subject::Sector(32)], &mut d).unwrap();
    assert_eq!(s.sectors[&32].owner, None);
    s.republic_fleets = 9;
    s.apply(&Effect::Republic(2), None, &[], &mut d).unwrap();
    assert_eq!(s.republic_fleets, 10, "at most 10 Republic fleets");
}

/// "Total de voix": a bribe counts for one vote; "Force de vote": a seduced
/// senator is out of the senate for the phase.
#[test]
fn total_de_voix_a_bribe_lasts_one_vote_and_seduction_one_phase() {
    let c = Components::embedded().expect("set");
    let mut s = state();
    let mut d = dice();
    let bribe = c.action("Pot-de-vin").expect("bribe");
    let subjects = s.resolve(bribe.target, Some(PartyId::Pop), None, (None, None), &mut d).unwrap();
    s.apply(&bribe.effects[0], Some(PartyId::Pop), &subjects, &mut d).unwrap();
    assert_eq!(s.votes_bonus(PartyId::Pop), 3);
    let seduction = c.action("Séduction").expect("seduction");
    let jemak = Subject::Senator("Jemak".into());
    let subjects = s.resolve(seduction.target, Some(PartyId::Pop), Some(&jemak), (None, None), &mut d).unwrap();
    s.apply(&seduction.effects[0], Some(PartyId::Pop), &subjects, &mut d).unwrap();
    assert!(s.senators["Jemak"].seduced);
    s.end(End::Vote);
    assert_eq!(s.votes_bonus(PartyId::Pop), 0);
    assert!(s.senators["Jemak"].seduced, "still out until the phase ends");
    s.end(End::Phase);
    assert!(!s.senators["Jemak"].seduced);
}

/// "Calomnie" on an opposing senator lowers his diplomacy for the turn; a
/// chosen target is checked.
#[test]
fn force_de_vote_slander_and_the_targets_a_player_may_choose() {
    let c = Components::embedded().expect("set");
    let mut s = state();
    let mut d = dice();
    let slander = c.action("Calomnie").expect("slander");
    let fola = Subject::Senator("Fola".into());
    assert_eq!(s.resolve(slander.target, Some(PartyId::Pop), Some(&fola), (None, None), &mut d), Err(TargetError::Choice(Target::OpposingSenator)));
    let jemak = Subject::Senator("Jemak".into());
    let subjects = s.resolve(slander.target, Some(PartyId::Pop), Some(&jemak), (None, None), &mut d).unwrap();
    s.apply(&slander.effects[0], Some(PartyId::Pop), &subjects, &mut d).unwrap();
    assert_eq!(s.diplomacy_bonus("Jemak"), -2);
    s.end(End::Turn);
    assert_eq!(s.diplomacy_bonus("Jemak"), 0);
    assert_eq!(s.resolve(Target::OwnSenator, Some(PartyId::Pop), Some(&jemak), (None, None), &mut d), Err(TargetError::Choice(Target::OwnSenator)));
    assert_eq!(s.resolve(Target::Ministers, None, None, (None, None), &mut d), Ok(vec![jemak]));
    assert_eq!(s.resolve(Target::RaceIcon, None, None, (Some(Race::Ajira), None), &mut d), Ok(vec![fola]));
    assert_eq!(s.resolve(Target::Battle, Some(PartyId::Pop), None, (None, None), &mut d), Err(TargetError::NotHere(Target::Battle)));
}

/// The intrigue's effects are not resolved here, and nothing changes.
#[test]
fn assassinats_are_not_resolved_by_this_part() {
    let mut s = state();
    let before = s.clone();
    let r = s.apply(&Effect::Assassination(0), Some(PartyId::Pop), &[Subject::Senator("Jemak".into())], &mut dice());
    assert_eq!(r, Err(NotHere(Effect::Assassination(0))));
    assert_eq!(s, before);
}
