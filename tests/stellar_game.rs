//! Whole games of Stellar played by the simulated players through the
//! ruleset's own seam (parse → default → adjudicate): card conservation,
//! scores recomputed here independently of `scoring`, determinism, the end
//! ("Fin de la partie": 12 cards in each telescope, 13 in each notebook),
//! silent players, refreshes and blind draws.

use std::collections::BTreeSet;

use arbitre::games::stellar::components::Kind;
use arbitre::games::stellar::model::{LogEntry, Phase};
use arbitre::games::stellar::StellarState;
use proptest::prelude::*;

mod stellar_common;
use stellar_common::{play, B};
#[path = "data/stellar/oracle.rs"]
mod oracle;

/// Every card is somewhere, exactly once.
fn conserved(s: &StellarState) {
    let all = s.all_cards();
    let set: BTreeSet<u16> = all.iter().copied().collect();
    assert_eq!(all.len(), 60, "step {}: {} cards", s.step, all.len());
    assert_eq!(set.len(), 60, "step {}: a card is twice", s.step);
}

#[test]
fn fin_de_la_partie_a_whole_game_ends_with_12_and_13_cards_and_a_winner() {
    let states = play(7, None);
    let end = states.last().unwrap();
    assert_eq!(end.phase, Phase::Over);
    for seat in &end.seats {
        assert_eq!(seat.telescope.len(), 12);
        assert_eq!(seat.notebook.len(), 13);
        assert!(seat.hand.is_empty());
        assert!(seat.boxed.is_some());
    }
    let moves = end.log.iter().filter(|e| matches!(e, LogEntry::Move { .. })).count();
    assert_eq!(moves, 22);
    let r = end.result.as_ref().unwrap();
    let totals = oracle::totals(end);
    assert_eq!(r.sheets.iter().map(|x| x.total).collect::<Vec<_>>(), totals);
    let top = *totals.iter().max().unwrap();
    let winners: Vec<usize> = (0..2).filter(|i| totals[*i] == top).collect();
    assert_eq!(r.winners, winners);
}

#[test]
fn deroulement_du_tour_players_alternate_first_player_first_in_each_round() {
    let states = play(11, None);
    let end = states.last().unwrap();
    let movers: Vec<usize> = end.log.iter().filter_map(|e| if let LogEntry::Move { seat, .. } = e { Some(*seat) } else { None }).collect();
    for (i, m) in movers.iter().enumerate() {
        assert_eq!(*m, (end.first + i) % 2, "move {i}");
    }
}

#[test]
fn s19_a_silent_player_gets_default_moves_reported_as_such() {
    let states = play(5, Some(4));
    let end = states.last().unwrap();
    assert_eq!(end.phase, Phase::Over);
    let neil = end.seat_of(&B.to_string()).unwrap();
    let defaults = end.log.iter().filter(|e| matches!(e, LogEntry::Move { seat, default: true, .. } if *seat == neil)).count();
    assert!(defaults >= 10, "{defaults} default moves");
    assert!(end.log.iter().any(|e| matches!(e, LogEntry::Final { seat, default: true, .. } if *seat == neil)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, .. ProptestConfig::default() })]

    /// Card conservation at every step, scores recomputed independently at
    /// every step, and the same seed gives the same game.
    #[test]
    fn whole_games_conserve_cards_score_as_the_booklet_and_are_deterministic(seed in 0u64..1_000_000) {
        let states = play(seed, if seed % 3 == 0 { Some(9) } else { None });
        for s in &states {
            conserved(s);
            if s.phase != Phase::Registration {
                let sheets = arbitre::games::stellar::scoring::sheets(s);
                prop_assert_eq!(sheets.iter().map(|x| x.total).collect::<Vec<_>>(), oracle::totals(s));
            }
        }
        prop_assert_eq!(states.last().unwrap().phase, Phase::Over);
        let again = play(seed, if seed % 3 == 0 { Some(9) } else { None });
        prop_assert_eq!(serde_json::to_string(&states.last().unwrap().log).unwrap(), serde_json::to_string(&again.last().unwrap().log).unwrap());
        prop_assert_eq!(serde_json::to_string(&states.last().unwrap().result).unwrap(), serde_json::to_string(&again.last().unwrap().result).unwrap());
    }
}

#[test]
fn cartes_satellite_refreshes_and_blind_draws_happen_over_many_games() {
    let mut refreshes = 0;
    let mut blind = 0;
    for seed in 0..6 {
        let end = play(seed, None).pop().unwrap();
        refreshes += end.log.iter().filter(|e| matches!(e, LogEntry::Refresh { .. })).count();
        blind += end.log.iter().filter(|e| matches!(e, LogEntry::Move { coordinate: (_, true, _), .. })).count();
    }
    assert!(refreshes > 0 && blind > 0, "refreshes {refreshes}, blind draws {blind}");
    let _ = Kind::ALL;
}

#[test]
fn s21_a_player_who_resigns_loses_and_the_game_ends() {
    use arbitre::dice::Dice;
    use arbitre::game::{FamilyInput, OrderStatus, Ruleset};
    use arbitre::games::stellar::{Orders, Stellar};
    let states = play(8, None);
    let mid = states.iter().find(|s| s.phase == Phase::Play && s.moves == 6).unwrap();
    let loser = mid.mover();
    let mut inputs = std::collections::BTreeMap::new();
    for (i, seat) in mid.seats.iter().enumerate() {
        let mut input = FamilyInput::new(OrderStatus::Or, Orders::default(), None);
        input.resigned = i == loser;
        inputs.insert(seat.key.clone(), input);
    }
    let out = Stellar::adjudicate(mid, &inputs, &mut Dice::for_turn(8, mid.step)).state;
    assert!(Stellar::is_over(&out));
    let r = out.result.unwrap();
    assert_eq!(r.winners, vec![1 - loser]);
    assert_eq!(r.resigned, Some(loser));
    assert!(matches!(out.log.last(), Some(LogEntry::Resign { .. })));
}

#[test]
fn s1_s2_a_referees_own_component_files_are_read_checked_and_kept_in_the_state() {
    use arbitre::game::Ruleset;
    use arbitre::games::stellar::components::{DEFAULT_CARDS, DEFAULT_TELESCOPE};
    use arbitre::games::stellar::Stellar;
    let dir = std::env::temp_dir().join(format!("arbitre-stellar-components-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cards = dir.join("cartes.txt");
    let telescope = dir.join("telescope.txt");
    // A transcription of a real box: no `provisoire` line.
    std::fs::write(&cards, DEFAULT_CARDS.replace("\nprovisoire\n", "\n")).unwrap();
    std::fs::write(&telescope, DEFAULT_TELESCOPE.replace("\nprovisoire\n", "\n")).unwrap();
    let mut settings = toml::Table::new();
    settings.insert("cards".into(), toml::Value::String(cards.display().to_string()));
    settings.insert("telescope".into(), toml::Value::String(telescope.display().to_string()));
    let s = Stellar::new_game(&settings, 1).unwrap();
    assert!(!s.components.provisional);
    // The state carries the texts: it loads even if the files change or go.
    std::fs::write(&cards, "broken").unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let back: StellarState = serde_json::from_str(&json).unwrap();
    assert!(!back.components.provisional);
    assert_eq!(back.components.cards.len(), 60);
    // A broken file is refused at creation with its path and line…
    let e = Stellar::new_game(&settings, 1).unwrap_err();
    assert!(e.starts_with(&format!("{}, ligne 1 :", cards.display())), "{e}");
    // …and a state whose texts were tampered with does not load.
    let tampered = json.replacen("planete    6/0", "planete    7", 1);
    assert_ne!(tampered, json);
    let err = serde_json::from_str::<StellarState>(&tampered).unwrap_err().to_string();
    assert!(err.contains("numéro 7 hors des limites"), "{err}");
    let mut bad = toml::Table::new();
    bad.insert("cartes".into(), toml::Value::String("x".into()));
    assert!(Stellar::new_game(&bad, 1).unwrap_err().contains("réglage `cartes` inconnu"));
    std::fs::remove_dir_all(&dir).ok();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    /// Bad input gets an answer, never a panic: random lines (an order word
    /// or noise, then numbers, card names, zone words, noise) at every phase,
    /// from both seats and a stranger, each get exactly one verdict, and the
    /// orders accepted still adjudicate.
    #[test]
    fn hostile_lines_never_panic_and_every_line_gets_a_verdict(
        at in 0usize..26,
        raw in proptest::collection::vec(
            (
                prop_oneof![
                    Just("PRENDRE".to_string()), Just("TAKE".to_string()), Just("JOUER".to_string()), Just("PIOCHE".to_string()),
                    Just("COORDONNEE".to_string()), Just("RAFRAICHIR".to_string()), Just("DEPART".to_string()), Just("FINALE".to_string()),
                    "\\PC{0,6}",
                ],
                proptest::collection::vec(prop_oneof![
                    Just("TELESCOPE".to_string()), Just("CARNET".to_string()), Just("CACHEE".to_string()), Just("SINON".to_string()),
                    Just("TROU-NOIR-6/0".to_string()), Just("LUNE".to_string()), Just("C".to_string()), Just("A".to_string()), Just("\"".to_string()),
                    "[0-9]{1,12}", "[0-9]", "[A-Za-zé/\\-]{1,8}", "\\PC{0,6}",
                ], 0..5),
            ),
            0..8),
    ) {
        use arbitre::dice::Dice;
        use arbitre::game::{FamilyInput, OrderLine, OrderStatus, Ruleset};
        use arbitre::games::stellar::Stellar;
        static GAME: std::sync::OnceLock<Vec<StellarState>> = std::sync::OnceLock::new();
        let states = GAME.get_or_init(|| play(31, None));
        let s = &states[at.min(states.len() - 1)];
        let lines: Vec<OrderLine> = raw.iter().enumerate().map(|(i, (w, args))| OrderLine { no: i + 1, text: format!("{w} {}", args.join(" ")) }).collect();
        for who in ["YOURI", "NEIL", "STRANGER"] {
            let p = Stellar::parse_orders(s, &who.to_string(), &lines);
            prop_assert_eq!(p.verdicts.len(), lines.len());
            if who != "STRANGER" {
                let mut dice = Dice::for_turn(31, s.step);
                let o = Stellar::default_orders(s, &who.to_string(), OrderStatus::Opr, p.orders, &mut dice);
                let inputs = std::collections::BTreeMap::from([(who.to_string(), FamilyInput::new(OrderStatus::Opr, o, None))]);
                let out = Stellar::adjudicate(s, &inputs, &mut dice).state;
                prop_assert_eq!(out.all_cards().len(), 60);
            }
        }
    }
}

#[test]
fn a_stored_state_that_loses_doubles_or_invents_a_card_does_not_load() {
    let states = play(13, None);
    for s in [&states[1], &states[10], states.last().unwrap()] {
        let json = serde_json::to_value(s).unwrap();
        let back: StellarState = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(serde_json::to_value(&back).unwrap(), json);
        // A pile card copied into a hand: doubled.
        let mut doubled = json.clone();
        let pile_card = doubled["pile"][0].clone();
        doubled["seats"][0]["hand"].as_array_mut().unwrap().push(pile_card);
        let e = serde_json::from_value::<StellarState>(doubled).unwrap_err().to_string();
        assert!(e.contains("état Stellar incohérent"), "{e}");
        // A pile card gone: lost.
        let mut lost = json.clone();
        lost["pile"].as_array_mut().unwrap().remove(0);
        assert!(serde_json::from_value::<StellarState>(lost).is_err());
    }
    // A card the components do not have, in the move log.
    let mut v = serde_json::to_value(states.last().unwrap()).unwrap();
    let log = v["log"].as_array_mut().unwrap();
    let mv = log.iter_mut().find(|e| e["kind"] == "move").unwrap();
    mv["took"][1] = serde_json::json!(999);
    let e = serde_json::from_value::<StellarState>(v).unwrap_err().to_string();
    assert!(e.contains("journal des coups"), "{e}");
}

#[test]
fn mise_en_place_2_to_6_the_starting_cards_are_placed_before_the_hands_row_and_first_player_are_dealt() {
    use arbitre::dice::Dice;
    use arbitre::game::Ruleset;
    use arbitre::games::stellar::Stellar;
    let s = stellar_common::new_game(8);
    let dealt = Stellar::adjudicate(&s, &Default::default(), &mut Dice::for_turn(8, 0)).state;
    assert_eq!(dealt.phase, Phase::Start);
    for seat in &dealt.seats {
        assert_eq!(seat.starting.len(), 2);
        assert!(seat.hand.is_empty(), "a hand dealt before the starting choice");
    }
    assert!(dealt.row.iter().all(Option::is_none), "a row dealt before the starting choice");
    let started = Stellar::adjudicate(&dealt, &Default::default(), &mut Dice::for_turn(8, 1)).state;
    assert_eq!(started.phase, Phase::Play);
    for seat in &started.seats {
        assert_eq!((seat.starting.len(), seat.hand.len(), seat.telescope.len(), seat.notebook.len()), (0, 2, 1, 1));
    }
    assert!(started.row.iter().all(Option::is_some));
    // "y compris la cinquième carte de départ": it was in the pile for the deal.
    let fifth = started.components.cards.values().filter(|c| c.start).map(|c| c.id).find(|id| !dealt.seats.iter().any(|x| x.starting.contains(id))).unwrap();
    assert!(!dealt.pile.is_empty() && dealt.pile.contains(&fifth));
}

#[test]
fn s22_face_down_number_is_a_setting_3_by_default_printed_on_request() {
    use arbitre::game::Ruleset;
    use arbitre::games::stellar::model::{FaceDownNumber, Zone};
    use arbitre::games::stellar::orders::step2_position;
    use arbitre::games::stellar::Stellar;
    let table = |v: &str| -> toml::Table { toml::from_str(&format!("face_down_number = {v}")).unwrap() };
    let s = Stellar::new_game(&toml::Table::new(), 1).unwrap();
    assert_eq!(s.settings.face_down_number, FaceDownNumber::Three);
    assert_eq!(Stellar::new_game(&table("3"), 1).unwrap().settings.face_down_number, FaceDownNumber::Three);
    let printed = Stellar::new_game(&table("\"printed\""), 1).unwrap();
    assert_eq!(printed.settings.face_down_number, FaceDownNumber::Printed);
    let e = Stellar::new_game(&table("\"4\""), 1).unwrap_err();
    assert!(e.contains("face_down_number"), "{e}");
    // A moon numbered 5 played face down: row position 3 by default, 5 when printed.
    let moon5 = s.components.cards.values().find(|c| c.name() == "LUNE-5").unwrap().id;
    let down = Zone::Telescope { slot: 4, face_up: false };
    assert_eq!(step2_position(&s, moon5, down), Some(3));
    assert_eq!(step2_position(&printed, moon5, down), Some(5));
    assert_eq!(step2_position(&s, moon5, Zone::Notebook), Some(5));
}
