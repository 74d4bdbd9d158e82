//! Tests of the settings, registration and "Installation.".

use super::*;
use crate::games::galactic_destiny::model::{Declarations, Phase};

const ALL3: [PartyId; 3] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop];

fn settings(text: &str) -> toml::Table {
    text.parse().unwrap()
}

fn registered(names: &[&str], extra: &str) -> GdState {
    let mut s = new_game(&settings(extra), 11).unwrap();
    for (i, n) in names.iter().enumerate() {
        register(&mut s, &format!("f{i}"), n).unwrap();
    }
    s
}

fn installed(s: &mut GdState, seed: u64) -> Vec<Event> {
    let mut events = Vec::new();
    install(s, &mut Dice::for_turn(seed, 0), &mut events);
    events
}

#[test]
fn test_state_is_at_s1_of_turn_1_and_checks() {
    let s = test_state(&ALL3, 7);
    assert_eq!(s.phase, Phase::Filing);
    assert_eq!(s.game_turn, 1);
    assert_eq!(s.parties().collect::<Vec<_>>(), ALL3.to_vec());
    s.check().unwrap();
}

#[test]
fn settings_unknown_key_is_refused_naming_the_known_ones() {
    let e = new_game(&settings("joueurs = 3"), 1).unwrap_err();
    assert!(e.contains("`joueurs` inconnu") && e.contains("joueurs_min") && e.contains("evenements"), "{e}");
}

#[test]
fn settings_are_read_with_their_defaults() {
    let s = new_game(&toml::Table::new(), 1).unwrap();
    assert_eq!(s.settings, Settings::default());
    let s = new_game(
        &settings("joueurs_min = 2\njoueurs_max = 4\nattribution_partis = \"hasard\"\npremiere_election = \"hasard\"\nencheres = \"scellees\"\nimpots = true\nduree_max_loi = 3\ntours_max = 0\ndeclarations = \"simultanees\"\nassassinat_facultatif = true\ncompetences_corrompues = false\npropositions_libres_max = 5\naccords_max = 1"),
        1,
    )
    .unwrap();
    let want = Settings {
        min_players: 2,
        max_players: 4,
        party_choice: PartyChoice::ByLot,
        first_election: FirstElection::ByLot,
        bidding: Bidding::Sealed,
        taxes: true,
        max_law_turns: 3,
        max_turns: 0,
        declarations: Declarations::Sealed,
        optional_assassination: true,
        corrupt_skills: false,
        free_proposals: false,
        court: false,
        game_master: false,
        max_free_proposals: 5,
        max_deals: 1,
    };
    assert_eq!(s.settings, want);
}

#[test]
fn settings_out_of_range_or_unknown_words_are_refused() {
    for (t, want) in [
        ("joueurs_max = 7", "`joueurs_max` : nombre de 2 à 6"),
        ("joueurs_min = 1", "`joueurs_min` : nombre de 2 à 6"),
        ("joueurs_min = 5\njoueurs_max = 4", "plus grand que `joueurs_max`"),
        ("attribution_partis = \"choix\"", "\"choix\" inconnu (\"nom\" ou \"hasard\")"),
        ("encheres = \"live\"", "(\"table\" ou \"scellees\")"),
        ("impots = 1", "`impots` : true ou false"),
        ("declarations = \"ensemble\"", "(\"fenetres\" ou \"simultanees\")"),
        ("maitre_de_jeu = 1", "`maitre_de_jeu` : true ou false"),
        ("propositions_libres_max = 0", "`propositions_libres_max` : nombre de 1 à 10"),
        ("accords_max = 21", "`accords_max` : nombre de 1 à 20"),
    ] {
        let e = new_game(&settings(t), 1).unwrap_err();
        assert!(e.contains(want), "{t}: {e}");
    }
    assert!(new_game(&settings("maitre_de_jeu = false"), 1).is_ok());
    // Part III seats a game master.
    assert!(new_game(&settings("maitre_de_jeu = true"), 1).unwrap().settings.game_master);
}

#[test]
fn settings_a_referees_component_file_is_checked_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("gd-setup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("partis.txt");
    let text = super::super::components::DEFAULT_PARTIES.replace("parti GSP  vert    36", "parti GSP  vert    1");
    std::fs::write(&path, text).unwrap();
    let e = new_game(&settings(&format!("partis = {:?}", path.to_str().unwrap())), 1).unwrap_err();
    assert!(e.contains(&format!("{}, ligne 6", path.display())) && e.contains("secteur 1"), "{e}");
    let e = new_game(&settings("plateau = \"/nonexistent/board.txt\""), 1).unwrap_err();
    assert!(e.contains("réglage `plateau` : impossible de lire /nonexistent/board.txt"), "{e}");
}

#[test]
fn installation_des_joueurs_register_by_sigle_or_french_or_english_name() {
    let s = registered(&["gsp", "Parti du métal noir", "People's Party"], "");
    let parties: Vec<_> = s.seats.iter().map(|x| x.party).collect();
    assert_eq!(parties, [Some(PartyId::Gsp), Some(PartyId::Bip), Some(PartyId::Pop)]);
}

#[test]
fn installation_des_joueurs_a_taken_or_unknown_party_is_refused_naming_the_free_ones() {
    let mut s = registered(&["GSP", "BIP"], "");
    let e = register(&mut s, &"x".into(), "Green Spiral Party").unwrap_err();
    assert_eq!(e, crate::msg!("galactic-destiny-register-party-taken", party = "GSP", free = "POP, TMP, CoS, PPF"));
    let e = register(&mut s, &"x".into(), "Atréides").unwrap_err();
    assert_eq!(e, crate::msg!("galactic-destiny-register-unknown-party", name = "Atréides", free = "POP, TMP, CoS, PPF"));
    assert_eq!(s.seats.len(), 2);
}

#[test]
fn installation_des_joueurs_at_most_joueurs_max_seats_and_no_seat_twice() {
    let mut s = registered(&["Alice", "Bob"], "attribution_partis = \"hasard\"\njoueurs_min = 2\njoueurs_max = 2");
    assert!(s.seats.iter().all(|x| x.party.is_none()), "by lot: no party before setup");
    assert_eq!(register(&mut s, &"f9".into(), "Carol").unwrap_err(), crate::msg!("galactic-destiny-register-full", players = 2));
    assert_eq!(register(&mut s, &"f0".into(), "Alice").unwrap_err(), crate::msg!("register-player-already", name = "Alice"));
}

#[test]
fn installation_des_joueurs_parti_names_the_seat_holding_the_party_whatever_its_players_name() {
    use crate::game::Ruleset;
    use crate::games::galactic_destiny::GalacticDestiny;
    // By name: registered as "Parti du métal noir", named `PARTI BIP`.
    let s = registered(&["gsp", "Parti du métal noir"], "");
    assert_eq!(GalacticDestiny::seat_named(&s, "BIP"), Some("f1".to_string()));
    assert_eq!(GalacticDestiny::seat_named(&s, "Green Spiral Party"), Some("f0".to_string()));
    assert_eq!(GalacticDestiny::seat_named(&s, "POP"), None, "no seat holds POP");
    assert_eq!(GalacticDestiny::seat_named(&s, "@mj"), None);
    // By lot: nobody before the draw; the seat drawn after it.
    let mut s = registered(&["Alice", "Bob", "Carol"], "attribution_partis = \"hasard\"");
    assert!(PartyId::ALL.iter().all(|p| GalacticDestiny::seat_named(&s, p.sigle()).is_none()));
    installed(&mut s, 3);
    for seat in s.seats.clone() {
        assert_eq!(GalacticDestiny::seat_named(&s, seat.party.unwrap().sigle()), Some(seat.key));
    }
}

#[test]
fn installation_des_joueurs_by_lot_a_players_name_may_not_be_a_partys() {
    let mut s = registered(&["Alice"], "attribution_partis = \"hasard\"");
    for name in ["POP", "Parti des humains", "people's party"] {
        let e = register(&mut s, &"x".into(), name).unwrap_err();
        assert_eq!(e.id, "galactic-destiny-register-name-is-party", "{name}");
    }
    assert_eq!(s.seats.len(), 1);
}

#[test]
fn installation_des_joueurs_parties_by_lot_are_distinct_and_vary_with_the_seed() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut s = registered(&["Alice", "Bob", "Carol"], "attribution_partis = \"hasard\"");
        let events = installed(&mut s, seed);
        let mut got: Vec<PartyId> = s.seats.iter().map(|x| x.party.unwrap()).collect();
        seen.insert(got.clone());
        got.sort();
        got.dedup();
        assert_eq!(got.len(), 3);
        assert!(matches!(&events[0], Event::Setup { by_lot: true, parties } if parties.len() == 3));
        s.check().unwrap();
    }
    assert!(seen.len() > 5, "{seen:?}");
}

#[test]
fn installation_each_party_gets_its_home_two_fleets_senator_resources_and_cards() {
    let mut s = registered(&["GSP", "BIP", "POP"], "");
    installed(&mut s, 3);
    for p in ALL3 {
        let card = s.components.party(p).unwrap().clone();
        assert_eq!(s.sectors_of(p), vec![card.start_sector], "{p:?}: 1 property token");
        assert_eq!(s.fleets[&card.start_sector][&p], 2);
        assert_eq!(s.fleets_of(p), 2);
        assert_eq!(s.senators_of(p).cloned().collect::<Vec<_>>(), vec![card.start_senator.clone()]);
        let ps = &s.fx.parties[&p];
        assert_eq!((ps.money, ps.influence), (card.money, card.influence));
        assert_eq!((ps.hand.len(), ps.waiting.len()), (5, 3));
    }
    // Le plateau: the election marker on "élection", 5 Republic fleets on sector 1.
    assert_eq!(s.election_marker, 0);
    assert_eq!((s.fx.republic_fleets, s.republic_at.clone()), (5, BTreeMap::from([(1, 5)])));
    // G27: the three unused starting senators wait under the deck.
    let mut bottom = s.fx.senator_bottom.clone();
    bottom.sort();
    assert_eq!(bottom, ["Caliana", "Tzevi", "Zarazarish"]);
    // The decks are full and hold no order.
    assert_eq!(s.event_deck.len(), 50);
    assert_eq!(s.sector_deck.len(), s.components.sector_cards.len());
    for deck in [&s.fx.action_deck, &s.fx.senator_deck, &s.event_deck] {
        assert!(deck.windows(2).all(|w| w[0] <= w[1]), "a sorted set");
    }
    assert!(s.sector_deck.windows(2).all(|w| w[0] <= w[1]));
    s.check().unwrap();
}

#[test]
fn installation_fewer_seats_than_joueurs_min_does_not_start() {
    let mut s = registered(&["GSP", "BIP"], "");
    let before = serde_json::to_value(&s).unwrap();
    let events = installed(&mut s, 1);
    assert_eq!(events, vec![Event::TooFewParties { players: 2, least: 3 }]);
    assert_eq!(serde_json::to_value(&s).unwrap(), before, "nothing changed");
    assert_eq!(can_start(&s).unwrap_err(), crate::msg!("galactic-destiny-too-few-parties", players = 2usize, least = 3usize));
    assert_eq!(not_started(&events), Some(can_start(&s).unwrap_err()));
    register(&mut s, &"f2".into(), "POP").unwrap();
    assert!(can_start(&s).is_ok());
}

#[test]
fn installation_des_joueurs_registration_closes_once_the_game_started() {
    let mut s = test_state(&ALL3, 1);
    assert_eq!(register(&mut s, &"late".into(), "TMP").unwrap_err(), crate::msg!("register-closed-started"));
}
