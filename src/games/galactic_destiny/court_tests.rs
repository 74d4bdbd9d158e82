//! The galactic court's hearing ("Négociation.") and the game master's
//! items, on the senate's test game.

use super::*;
use crate::games::galactic_destiny::senate::testkit;
use crate::games::galactic_destiny::setup::new_game;
use PartyId::{Bip, Gsp};

/// The test game with the court, promise A1 between GSP and BIP, and
/// GSP's suit P1 over it (S1 done, at S2).
fn sued() -> (GdState, String, String) {
    let mut s = testkit::state(&[Gsp, Bip]);
    s.settings.court = true;
    s.deals.push(Deal { number: 1, parties: [Gsp, Bip], terms: "secret".into(), until: Some(3), broken: None });
    let of = |p: PartyId| s.fx.senators.iter().find(|(_, x)| x.party == p).map(|(n, _)| n.clone()).expect("a senator");
    let (g, b) = (of(Gsp), of(Bip));
    let lines = vec![Order::Sue { deal: 1, senator: Some(g.clone()), version: "GSP's".into() }];
    let orders: BTreeMap<PartyId, Orders> = BTreeMap::from([(Gsp, Orders { lines, defaulted: false })]);
    let mut events = Vec::new();
    file(&mut s, &orders, &mut events);
    assert_eq!(s.suits.len(), 1, "{events:?}");
    (s, g, b)
}

fn defence(senator: Option<&str>) -> BTreeMap<PartyId, Orders> {
    let lines = vec![Order::DefendSuit { deal: 1, senator: senator.map(str::to_string), version: "BIP's".into() }];
    BTreeMap::from([(Bip, Orders { lines, defaulted: false })])
}

#[test]
fn negociation_a_natural_2_gives_the_opponent_s_senator_1_corruption_not_the_justice_minister() {
    let mut found = false;
    for seed in 0..=255u8 {
        let (mut s, g, b) = sued();
        let mut events = Vec::new();
        hear(&mut s, &defence(Some(&b)), &mut Dice::from_seed([seed; 32]), &mut events);
        let two = |p: PartyId| events.iter().any(|e| matches!(e, Event::CourtRoll { party, dice, .. } if *party == p && dice == &vec![1, 1]));
        let (g_two, b_two) = (two(Gsp), two(Bip));
        if !g_two && !b_two {
            continue;
        }
        found = true;
        let corrupted = |n: &str| events.iter().any(|e| matches!(e, Event::Corruption { senator, why: CorruptionWhy::Court { suit: 1 }, .. } if senator == n));
        assert_eq!(corrupted(&b), g_two, "GSP's natural 2 corrupts BIP's senator: {events:?}");
        assert_eq!(corrupted(&g), b_two, "BIP's natural 2 corrupts GSP's senator: {events:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::Corruption { why: CorruptionWhy::Dishonoured, .. })), "{events:?}");
        break;
    }
    assert!(found, "no seed rolled a natural 2");
}

#[test]
fn negociation_equal_rolls_a_die_each_the_higher_wins() {
    let mut found = false;
    for seed in 0..=255u8 {
        let (mut s, _, b) = sued();
        let mut events = Vec::new();
        hear(&mut s, &defence(Some(&b)), &mut Dice::from_seed([seed; 32]), &mut events);
        let Some(Event::CourtTie { rolls, .. }) = events.iter().find(|e| matches!(e, Event::CourtTie { .. })) else { continue };
        found = true;
        let last = rolls.last().expect("a round");
        assert!(rolls[..rolls.len() - 1].iter().all(|r| r[0].1 == r[1].1), "earlier rounds were equal: {rolls:?}");
        let winner = if last[0].1 > last[1].1 { last[0].0 } else { last[1].0 };
        assert_ne!(last[0].1, last[1].1);
        assert!(matches!(s.suits[0].outcome, Some(Outcome::Ratified { winner: w, .. }) if w == winner), "{events:?}");
        break;
    }
    assert!(found, "no seed tied");
}

#[test]
fn negociation_the_lower_total_wins_and_a_court_trial_is_free_and_outside_the_senate_s_trials() {
    for seed in 0..40u8 {
        let (mut s, g, b) = sued();
        let influence = s.fx.parties[&Gsp].influence;
        let mut events = Vec::new();
        hear(&mut s, &defence(Some(&b)), &mut Dice::from_seed([seed; 32]), &mut events);
        let total = |p: PartyId| events.iter().find_map(|e| if let Event::CourtRoll { party, total, .. } = e { (*party == p).then_some(*total) } else { None }).expect("a roll");
        let (tg, tb) = (total(Gsp), total(Bip));
        let Some(Outcome::Ratified { winner, version, undefended: false }) = &s.suits[0].outcome else { panic!("{events:?}") };
        if tg != tb {
            assert_eq!(*winner, if tg < tb { Gsp } else { Bip }, "{events:?}");
        }
        assert_eq!(version, if *winner == Gsp { "GSP's" } else { "BIP's" });
        assert_eq!(binding_version(&s, 1), Some(version.as_str()));
        assert_eq!(s.fx.parties[&Gsp].influence, influence, "no fee");
        assert!(!s.tried.contains(&g) && !s.tried.contains(&b), "the senate may still try them");
    }
}

#[test]
fn negociation_a_promise_broken_before_the_hearing_drops_the_suit() {
    let (mut s, _, b) = sued();
    s.deals[0].broken = Some((Bip, 1));
    let mut events = Vec::new();
    hear(&mut s, &defence(Some(&b)), &mut Dice::from_seed([1; 32]), &mut events);
    assert_eq!(s.suits[0].outcome, Some(Outcome::Dropped));
    assert!(events.iter().any(|e| matches!(e, Event::SuitDropped { suit: 1, deal: 1, .. })), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::CourtRoll { .. } | Event::SuitVersion { .. })), "{events:?}");
}

#[test]
fn negociation_the_plaintiff_s_version_is_private_to_the_two_parties_until_the_hearing() {
    let mut filing = Vec::new();
    let mut s2 = testkit::state(&[Gsp, Bip]);
    s2.settings.court = true;
    s2.deals.push(Deal { number: 1, parties: [Gsp, Bip], terms: "secret".into(), until: Some(3), broken: None });
    let lines = vec![Order::Sue { deal: 1, senator: None, version: "GSP's".into() }];
    file(&mut s2, &BTreeMap::from([(Gsp, Orders { lines, defaulted: false })]), &mut filing);
    let version = filing.iter().find(|e| matches!(e, Event::SuitVersion { .. })).expect("the version");
    assert_eq!(version.readers(), Some(vec![Gsp, Bip]));
    assert!(filing.iter().filter(|e| !matches!(e, Event::SuitVersion { .. })).all(|e| !format!("{e:?}").contains("GSP's")));
    let mut hearing = Vec::new();
    hear(&mut s2, &BTreeMap::new(), &mut Dice::from_seed([1; 32]), &mut hearing);
    assert!(hearing.iter().any(|e| matches!(e, Event::SuitVersion { to: None, .. })), "read out in court: {hearing:?}");
    assert!(hearing.iter().any(|e| matches!(e, Event::SuitDecided { undefended: true, winner: Gsp, .. })), "{hearing:?}");
    assert!(!hearing.iter().any(|e| matches!(e, Event::CourtRoll { .. })), "no trial undefended");
}

#[test]
fn negociation_the_game_master_s_items_have_stable_ids() {
    let (mut s, _, _) = sued();
    super::free::pass(&mut s, Bip, "pas de guerre".into(), 1, &mut Vec::new());
    let ids = |s: &GdState| mj_items(s).iter().map(|i| i.id().to_string()).collect::<Vec<_>>();
    assert_eq!(ids(&s), vec!["L1", "P1"]);
    assert!(matches!(&mj_items(&s)[1], MjItem::Suit { version: None, .. }), "pending");
    hear(&mut s, &BTreeMap::new(), &mut Dice::from_seed([1; 32]), &mut Vec::new());
    assert!(matches!(&mj_items(&s)[1], MjItem::Suit { version: Some(v), .. } if v == "GSP's"), "ratified");
    // The free law lapses, the promise runs out: nothing left to enforce.
    s.game_turn = 4;
    assert!(ids(&s).is_empty());
}

#[test]
fn negociation_and_une_proposition_their_settings_need_a_game_master() {
    let t = |text: &str| text.parse::<toml::Table>().unwrap();
    let e = new_game(&t("propositions = \"libres\""), 1).unwrap_err();
    assert!(e.contains("maitre_de_jeu = true"), "{e}");
    let e = new_game(&t("tribunal = true"), 1).unwrap_err();
    assert!(e.contains("maitre_de_jeu = true"), "{e}");
    let s = new_game(&t("maitre_de_jeu = true\npropositions = \"libres\"\ntribunal = true"), 1).unwrap();
    assert!(s.settings.free_proposals && s.settings.court);
    let s = new_game(&t("propositions = \"liste\""), 1).unwrap();
    assert!(!s.settings.free_proposals && !s.settings.court);
    assert!(new_game(&t("propositions = \"toutes\""), 1).unwrap_err().contains("\"liste\" ou \"libres\""));
}

/// One step played as the daemon plays it (parse, default, adjudicate).
fn play(s: &GdState, lines: &[(PartyId, &str)]) -> (GdState, Vec<Event>) {
    use crate::game::{status_of, FamilyInput, OrderLine, Ruleset};
    use crate::games::galactic_destiny::GalacticDestiny;
    let mut dice = Dice::for_turn(s.seed, s.step);
    let mut inputs = BTreeMap::new();
    for seat in &s.seats {
        let mine: Vec<OrderLine> = lines.iter().filter(|(p, _)| seat.party == Some(*p)).enumerate().map(|(i, (_, t))| OrderLine { no: i + 1, text: t.to_string() }).collect();
        let parsed = GalacticDestiny::parse_orders(s, &seat.key, &mine);
        assert!(parsed.verdicts.iter().all(|v| v.is_accepted()), "{:?}", parsed.verdicts);
        let completeness = GalacticDestiny::completeness(s, &seat.key, &parsed.orders);
        let status = status_of(parsed.verdicts.iter().any(|v| v.is_accepted()), &completeness);
        let orders = GalacticDestiny::default_orders(s, &seat.key, status, parsed.orders, &mut dice);
        inputs.insert(seat.key.clone(), FamilyInput::new(status, orders, None));
    }
    let out = GalacticDestiny::adjudicate(s, &inputs, &mut dice);
    (out.state, out.events)
}

#[test]
fn negociation_a_suit_s_version_reaches_only_the_promise_s_parties_until_the_court_sits() {
    use crate::game::ViewContext;
    use crate::games::galactic_destiny::setup::test_state;
    use crate::games::galactic_destiny::view::{family_view, public_view};
    let mut s = test_state(&[Gsp, Bip, PartyId::Pop], 1);
    s.settings.court = true;
    s.election_marker = 2;
    s.deals.push(Deal { number: 1, parties: [Gsp, Bip], terms: "TERMES-SECRETS".into(), until: Some(3), broken: None });
    let ctx = ViewContext { game_id: "g".into(), turn: 2, deadline: String::new(), time_left: String::new(), lang: "fr".into() };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let r = crate::render::Renderer::new_for(&dir, Some(&["galactic-destiny"])).expect("the templates");
    let seen = |before: &GdState, after: &GdState, events: &[Event]| {
        let mut v: BTreeMap<&str, String> = ["gsp", "bip", "pop"].into_iter().map(|f| (f, family_view(&ctx, before, after, events, &f.to_string()).to_string())).collect();
        let public = public_view(&ctx, before, after, events);
        let chronicle = r.render("galactic-destiny/chronicle.fr.txt.tera", &serde_json::json!({ "ctx": ctx, "view": public })).expect("the chronicle renders");
        v.insert("public", public.to_string());
        v.insert("chronicle", chronicle);
        v
    };
    // S1: GSP sues; its version goes to GSP and BIP only.
    let (s1, events) = play(&s, &[(Gsp, "PROCES A1 \"VERSION-DE-GSP\"")]);
    let v = seen(&s, &s1, &events);
    for who in ["gsp", "bip"] {
        assert!(v[who].contains("VERSION-DE-GSP"), "{who}: {}", v[who]);
    }
    for who in ["pop", "public", "chronicle"] {
        assert!(!v[who].contains("VERSION-DE-GSP"), "{who}: {}", v[who]);
        assert!(!v[who].contains("TERMES-SECRETS"), "{who}");
    }
    assert!(v["chronicle"].contains("P1"), "the suit itself is public: {}", v["chronicle"]);
    // S2: BIP answers; the court sits and both versions are read out.
    let (s2, events) = play(&s1, &[(Bip, "DEFENSE-PROCES A1 \"VERSION-DE-BIP\"")]);
    let v = seen(&s1, &s2, &events);
    for who in ["pop", "public", "chronicle"] {
        assert!(v[who].contains("VERSION-DE-GSP") && v[who].contains("VERSION-DE-BIP"), "{who}: {}", v[who]);
        assert!(!v[who].contains("TERMES-SECRETS"), "{who}");
    }
}

#[test]
fn une_proposition_the_robots_vote_for_their_own_free_law_and_leave_the_others_to_the_humans() {
    use crate::games::galactic_destiny::orders::{lines, tests::read};
    use crate::games::galactic_destiny::sample::sample;
    use crate::games::galactic_destiny::setup::test_state;
    let mut s = test_state(&[Gsp, Bip, PartyId::Pop], 1);
    s.settings.free_proposals = true;
    s.election_marker = 2;
    s.phase = crate::games::galactic_destiny::model::Phase::Voting;
    s.agenda = vec![crate::games::galactic_destiny::model::Item::FreeLaw { by: Bip, text: "la paix".into(), turns: 2 }];
    for seed in 0..20u8 {
        for p in [Gsp, Bip, PartyId::Pop] {
            let o = sample(&s, p, &mut Dice::from_seed([seed; 32]));
            let votes: Vec<&Order> = o.lines.iter().filter(|l| matches!(l, Order::VoteItem { item: 1, .. } | Order::Unconstitutional { .. } | Order::Veto { item: 1 })).collect();
            if p == Bip {
                assert_eq!(votes, vec![&Order::VoteItem { item: 1, for_it: true, cap: 0 }]);
            } else {
                assert!(votes.is_empty(), "{p:?}: {votes:?}");
            }
            // The robot's lines are accepted as a player's would be.
            let text = lines(&s, &o);
            let refs: Vec<&str> = text.iter().map(String::as_str).collect();
            assert_eq!(read(&s, &p.sigle().to_lowercase(), &refs).0, o);
        }
    }
}

#[test]
fn negociation_the_defendant_s_s2_order_form_says_how_to_answer_the_suit() {
    use crate::games::galactic_destiny::view::order_form;
    let (mut s, _, _) = sued();
    s.election_marker = 2;
    s.phase = crate::games::galactic_destiny::model::Phase::Voting;
    let ids = |f: &str| order_form(&s, &f.to_string()).into_iter().filter_map(|l| l.comment.map(|c| c.id)).collect::<Vec<_>>();
    let bip = s.seats.iter().find(|x| x.party == Some(Bip)).map(|x| x.key.clone()).expect("BIP's seat");
    let gsp = s.seats.iter().find(|x| x.party == Some(Gsp)).map(|x| x.key.clone()).expect("GSP's seat");
    assert!(ids(&bip).contains(&"gd-law-form-defence".to_string()), "{:?}", ids(&bip));
    assert!(!ids(&gsp).contains(&"gd-law-form-defence".to_string()), "the plaintiff has nothing to answer");
}
