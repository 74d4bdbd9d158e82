//! The game master (design note §5): `manuel` cards and events become
//! items, the step after awaits `@mj`, its lines are checked like a
//! player's and applied when that step closes, its silence rules nothing.

use std::collections::BTreeMap;

use super::*;
use crate::dice::Dice;
use crate::game::{FamilyInput, OrderLine, OrderStatus, Ruleset, GAME_MASTER};
use crate::games::galactic_destiny::components::effects::Effect;
use crate::games::galactic_destiny::components::PartyId::{Bip, Gsp, Pop};
use crate::games::galactic_destiny::model::{Deal, LawInForce, Phase};
use crate::games::galactic_destiny::{mj, setup, GalacticDestiny};

fn state() -> GdState {
    let mut s = setup::test_state(&[Gsp, Bip, Pop], 1);
    s.settings.game_master = true;
    s
}

fn lines(v: &[&str]) -> Vec<OrderLine> {
    v.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect()
}

/// One step: each party's lines (PASSE when none given) and the game master's.
fn play(s: &GdState, parties: &[(PartyId, &[&str])], mj: &[&str]) -> (GdState, Vec<Event>) {
    let mut inputs = BTreeMap::new();
    for seat in &s.seats {
        let given = parties.iter().find(|(p, _)| Some(*p) == seat.party).map_or(&["PASSE"][..], |(_, l)| *l);
        let parsed = GalacticDestiny::parse_orders(s, &seat.key, &lines(given));
        assert!(parsed.verdicts.iter().all(|v| v.is_accepted()), "{:?}", parsed.verdicts);
        inputs.insert(seat.key.clone(), FamilyInput::new(OrderStatus::Or, parsed.orders, None));
    }
    let parsed = GalacticDestiny::parse_orders(s, &GAME_MASTER.to_string(), &lines(mj));
    assert!(parsed.verdicts.iter().all(|v| v.is_accepted()), "{:?}", parsed.verdicts);
    inputs.insert(GAME_MASTER.to_string(), FamilyInput::new(OrderStatus::Or, parsed.orders, None));
    let out = GalacticDestiny::adjudicate(s, &inputs, &mut Dice::for_turn(1, s.step));
    out.state.check().expect("invariants");
    (out.state, out.events)
}

/// A copy of `card` moved from the deck (or the discards) to `p`'s hand.
fn take_from_deck(s: &mut GdState, p: PartyId, card: &str) {
    match s.fx.action_deck.iter().position(|c| c == card) {
        Some(i) => s.fx.action_deck.remove(i),
        None => {
            let i = s.fx.action_discard.iter().position(|c| c == card).expect("a free copy");
            s.fx.action_discard.remove(i)
        }
    };
    let ps = s.fx.parties.get_mut(&p).unwrap();
    ps.hand.push(card.to_string());
    ps.hand.sort();
}

fn own_senator(s: &GdState, p: PartyId) -> String {
    s.fx.senators.iter().find(|(_, x)| x.party == p).map(|(n, _)| n.clone()).expect("a senator")
}

/// GSP holds Multitâche, whose effect is now `manuel`.
fn with_manual_card(mut s: GdState) -> GdState {
    for c in s.components.actions.iter_mut().filter(|c| c.name_fr == "Multitâche") {
        c.effects = vec![Effect::Manual("Le MJ choisit un sénateur qui change de parti".into())];
    }
    take_from_deck(&mut s, Gsp, "Multitâche");
    s.fx.parties.get_mut(&Gsp).unwrap().money = 10;
    s
}

#[test]
fn le_maitre_de_jeu_a_manual_card_played_is_an_item_and_the_next_step_awaits_the_game_master() {
    let s = with_manual_card(state());
    assert_eq!(s.phase, Phase::Filing);
    let mine = own_senator(&s, Gsp);
    let card = format!("CARTE Multitâche CIBLE {mine}");
    // Without a game master the card is refused.
    let mut without = s.clone();
    without.settings.game_master = false;
    let parsed = GalacticDestiny::parse_orders(&without, &"gsp".to_string(), &lines(&[&card]));
    assert!(!parsed.verdicts[0].is_accepted());
    assert!(!GalacticDestiny::game_master(&without));
    // With one, it is played and becomes item M1.
    let (after, events) = play(&s, &[(Gsp, &[card.as_str()])], &[]);
    assert!(events.iter().any(|e| matches!(e, Event::MjItem { item: 1, card, by: Some(Gsp), .. } if card == "Multitâche")), "{events:?}");
    assert_eq!(after.mj.items.len(), 1);
    assert_eq!(after.mj.items[0].text, "Le MJ choisit un sénateur qui change de parti");
    let awaited = GalacticDestiny::awaiting(&after).unwrap();
    assert!(awaited.contains(GAME_MASTER) && awaited.contains("gsp"), "{awaited:?}");
    let items: Vec<String> = GalacticDestiny::game_master_items(&after).iter().map(|m| m.render(crate::i18n::Lang::Fr)).collect();
    assert_eq!(items, vec!["M1 : carte jouée par GSP « Multitâche » : Le MJ choisit un sénateur qui change de parti".to_string()]);
}

#[test]
fn le_maitre_de_jeu_a_manual_event_drawn_is_an_item() {
    let mut s = state();
    for c in s.components.events.iter_mut() {
        c.effects = vec![Effect::Manual("Une comète : le MJ décide".into())];
    }
    s.phase = Phase::Purchases;
    let (after, events) = play(&s, &[], &[]);
    // The P step closes the game turn and plays the next galactic phase, which draws an event.
    assert!(events.iter().any(|e| matches!(e, Event::MjItem { by: None, text, .. } if text == "Une comète : le MJ décide")), "{events:?}");
    assert!(!after.mj.items.is_empty() && after.mj.items.iter().all(|i| i.event));
    assert!(GalacticDestiny::awaiting(&after).unwrap().contains(GAME_MASTER));
}

#[test]
fn le_maitre_de_jeu_effet_rules_an_item_with_adjustments_when_the_step_closes() {
    let mut s = state();
    let mut ev = Vec::new();
    mj::open_item(&mut s, "Multitâche", "à décider", Some(Gsp), &mut ev);
    let money = s.fx.parties[&Gsp].money;
    let sector = *s.fx.sectors.keys().find(|n| **n > 1 && s.fx.sectors[*n].owner.is_none() && !s.fx.sectors[*n].infested).unwrap();
    let mine = own_senator(&s, Bip);
    let (after, events) = play(&s, &[], &[&format!("EFFET M1 ARGENT GSP +3, SECTEUR {sector} BIP, CORRUPTION {mine} +1")]);
    assert_eq!(after.fx.parties[&Gsp].money, money + 3);
    assert_eq!(after.fx.sectors[&sector].owner, Some(Bip));
    assert_eq!(after.fx.senators[&mine].corruption, s.fx.senators[&mine].corruption + 1);
    assert!(after.mj.items.is_empty());
    let want = mj::Decision::Ruled { item: 1, card: "Multitâche".into(), adjustments: vec!["ARGENT GSP +3".into(), format!("SECTEUR {sector} BIP"), format!("CORRUPTION {mine} +1")] };
    assert!(events.contains(&Event::MjDecision { decision: want }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MjLapsed { .. })));
    // Said in every report as the referee's decision.
    let m = mj::event_msg(events.iter().find(|e| matches!(e, Event::MjDecision { .. })).unwrap()).render(crate::i18n::Lang::Fr);
    assert!(m.starts_with("Décision de l'arbitre sur l'élément M1 (« Multitâche ») : ARGENT GSP +3"), "{m}");
}

#[test]
fn le_maitre_de_jeu_silence_leaves_the_item_without_effect() {
    let mut s = state();
    let mut ev = Vec::new();
    mj::open_item(&mut s, "Multitâche", "à décider", Some(Gsp), &mut ev);
    let (after, events) = play(&s, &[], &[]);
    assert!(events.contains(&Event::MjLapsed { item: 1, card: "Multitâche".into() }), "{events:?}");
    assert!(after.mj.items.is_empty());
    assert!(!GalacticDestiny::awaiting(&after).unwrap().contains(GAME_MASTER));
    // SANS-EFFET says so.
    let (_, events) = play(&s, &[], &["EFFET M1 SANS-EFFET"]);
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::NoEffect { item: 1, card: "Multitâche".into() } }));
}

#[test]
fn corruption_pour_annuler_un_accord_et_les_lois_du_senat_infraction_on_a_law_and_an_agreement() {
    let mut s = state();
    s.laws = vec![LawInForce { law: Law::Movement, passed: 1, until: 2, by: Gsp }];
    s.deals = vec![Deal { number: 1, parties: [Gsp, Pop], terms: "pas d'invasion".into(), until: None, broken: None }];
    let pop = own_senator(&s, Pop);
    let before: u32 = s.fx.senators.values().filter(|x| x.party == Bip).map(|x| u32::from(x.corruption) + 3 * u32::from(x.shadow)).sum();
    let (after, events) = play(&s, &[], &["INFRACTION BIP LOI #1", &format!("INFRACTION POP ACCORD A1 {pop}"), "ACCORD A1 VERSION \"aucune invasion du 42\""]);
    let now: u32 = after.fx.senators.values().filter(|x| x.party == Bip).map(|x| u32::from(x.corruption) + 3 * u32::from(x.shadow)).sum();
    assert_eq!(now, before + 2, "2 corruption on a BIP senator");
    assert!(!after.law_binds(Law::Movement, Bip), "void for BIP this turn");
    assert!(after.law_binds(Law::Movement, Gsp));
    assert_eq!(after.deals[0].broken, Some((Pop, 1)));
    assert_eq!(after.fx.senators[&pop].corruption, s.fx.senators[&pop].corruption + 2);
    assert_eq!(after.mj.versions.get(&1).map(String::as_str), Some("aucune invasion du 42"));
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::LawBroken { party: Bip, law: Law::Movement } }));
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::DealBroken { party: Pop, deal: 1 } }));
}

#[test]
fn le_maitre_de_jeu_rayer_strikes_a_law_in_force_and_annonce_is_public() {
    let mut s = state();
    s.laws = vec![LawInForce { law: Law::Movement, passed: 1, until: 2, by: Gsp }];
    let (after, events) = play(&s, &[], &["RAYER #1", "ANNONCE \"La session est ouverte\""]);
    assert!(after.laws.is_empty());
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::LawStruck { law: Law::Movement } }));
    let ann = Event::MjDecision { decision: mj::Decision::Announcement { text: "La session est ouverte".into() } };
    assert!(events.contains(&ann) && ann.readers().is_none());
}

#[test]
fn le_maitre_de_jeu_a_card_given_or_taken_is_told_only_to_its_party() {
    let s = state();
    let held = s.fx.parties[&Gsp].hand[0].clone();
    let free = s.fx.action_deck.iter().find(|c| **c != held).unwrap().clone();
    let (after, events) = play(&s, &[], &[&format!("CARTE BIP + \"{free}\""), &format!("CARTE GSP - \"{held}\"")]);
    assert_eq!(after.fx.parties[&Bip].hand.len(), s.fx.parties[&Bip].hand.len() + 1);
    assert!(after.fx.parties[&Bip].hand.contains(&free));
    assert_eq!(after.fx.parties[&Gsp].hand.len(), s.fx.parties[&Gsp].hand.len() - 1);
    let cards: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::MjCard { .. })).collect();
    assert_eq!(cards.len(), 2);
    assert_eq!(cards[0].readers(), Some(vec![Bip]));
    assert_eq!(cards[1].readers(), Some(vec![Gsp]));
    // No public event names them.
    assert!(!events.iter().filter(|e| e.readers().is_none()).any(|e| format!("{e:?}").contains(&free) || format!("{e:?}").contains(&held)), "{events:?}");
}

#[test]
fn le_maitre_de_jeu_each_line_is_checked_like_a_players() {
    let mut s = state();
    let mut ev = Vec::new();
    mj::open_item(&mut s, "Multitâche", "à décider", Some(Gsp), &mut ev);
    s.fx.parties.get_mut(&Gsp).unwrap().money = 5;
    let absent = s.components.actions.iter().map(|c| c.name_fr.clone()).find(|c| !s.fx.parties[&Gsp].hand.contains(c)).unwrap();
    let take_absent = format!("CARTE GSP - \"{absent}\"");
    let home = *s.fleets.iter().find(|(_, m)| m.contains_key(&Gsp)).map(|(n, _)| n).unwrap();
    let cases = [
        ("ARGENT GSP +95", false),
        ("ARGENT GSP -6", false),
        ("ARGENT GSP +94", true),
        ("EFFET M7 SANS-EFFET", false),
        ("EFFET M1 SANS-EFFET", true),
        ("EFFET M1 ARGENT GSP +1", false),
        ("RAYER #1", false),
        ("INFRACTION GSP LOI #1", false),
        (&format!("FLOTTES {home} GSP +9") as &str, false),
        (&format!("FLOTTES {home} GSP +1"), true),
        (&take_absent, false),
        ("ANNONCE bonjour", false),
        ("ANNONCE \"bonjour\"", true),
        ("SENATEUR Personne MORT", false),
        ("SECTEUR 99 BIP", false),
        ("FOO", false),
        ("PASSE", true),
    ];
    let parsed = GalacticDestiny::parse_orders(&s, &GAME_MASTER.to_string(), &lines(&cases.iter().map(|(l, _)| *l).collect::<Vec<_>>()));
    for ((line, ok), v) in cases.iter().zip(&parsed.verdicts) {
        assert_eq!(v.is_accepted(), *ok, "{line}: {:?}", v.outcome);
    }
}

#[test]
fn le_maitre_de_jeu_its_orders_are_stored_and_read_back_as_json() {
    let mut s = state();
    let mut ev = Vec::new();
    mj::open_item(&mut s, "Multitâche", "à décider", Some(Gsp), &mut ev);
    s.laws = vec![LawInForce { law: Law::Movement, passed: 1, until: 2, by: Gsp }];
    let text = ["ANNONCE \"x\"", "EFFET M1 ARGENT GSP +1, CARTE BIP - Feint", "INFRACTION BIP LOI #1", "RAYER #1", "PASSE"];
    let parsed = GalacticDestiny::parse_orders(&s, &GAME_MASTER.to_string(), &lines(&text));
    let json = serde_json::to_value(&parsed.orders).unwrap();
    let back: crate::games::galactic_destiny::Orders = serde_json::from_value(json).expect("read back");
    assert_eq!(back, parsed.orders);
}

#[test]
fn le_maitre_de_jeu_a_free_law_is_listed_broken_and_struck_by_its_id() {
    use crate::games::galactic_destiny::senate::free::FreeLaw;
    let mut s = state();
    s.free_laws = vec![FreeLaw { number: 1, text: "Pas de flotte au 42".into(), by: Pop, passed: 1, until: 3, struck: None }];
    // `arbitre mj --etat` lists it with the court's id.
    let listed: Vec<String> = mj::items(&s).iter().map(|m| m.render(crate::i18n::Lang::Fr)).collect();
    assert!(listed.iter().any(|l| l.contains("L1") && l.contains("Pas de flotte au 42")), "{listed:?}");
    let corruption = |s: &GdState| -> u32 { s.fx.senators.values().filter(|x| x.party == Gsp).map(|x| u32::from(x.corruption) + 3 * u32::from(x.shadow)).sum() };
    let (after, events) = play(&s, &[], &["INFRACTION GSP LOI L1", "RAYER L1"]);
    assert_eq!(corruption(&after), corruption(&s) + 2, "2 corruption on a GSP senator");
    assert_eq!(after.free_laws[0].struck, Some(s.game_turn));
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::FreeLawBroken { party: Gsp, number: 1 } }));
    assert!(events.contains(&Event::MjDecision { decision: mj::Decision::FreeLawStruck { number: 1 } }));
    // Struck, it is no longer an item, and its id is refused.
    assert!(mj::items(&after).iter().all(|m| !m.render(crate::i18n::Lang::Fr).contains("Pas de flotte")));
    let parsed = GalacticDestiny::parse_orders(&after, &GAME_MASTER.to_string(), &lines(&["RAYER L1", "INFRACTION GSP LOI L1"]));
    assert!(parsed.verdicts.iter().all(|v| !v.is_accepted()), "{:?}", parsed.verdicts);
}
