//! Whole games of Stellium played by the simulated players through the
//! ruleset's seam: marble and card conservation, scores recomputed here
//! independently of `scoring`, determinism, the end (DERNIER TOUR: every
//! player has played the same number of turns), silent players.

use std::collections::BTreeSet;

use arbitre::games::stellium::model::{Ending, LogEntry, Phase};
use arbitre::games::stellium::StelliumState;

mod stellium_common;
use stellium_common::{play, play_with_events};

#[path = "data/stellium/oracle.rs"]
mod oracle;

/// 38 marbles: 11 green, 10 blue, 9 yellow, 8 pink, on the board or in the bag.
fn marbles_conserved(s: &StelliumState) {
    let mut count = s.bag;
    for c in s.marbles.values() {
        count[c.index()] += 1;
    }
    if let Phase::Refill(r) = &s.phase {
        for c in &r.drawn {
            count[c.index()] += 1;
        }
    }
    assert_eq!(count, [11, 10, 9, 8], "step {}: marbles {count:?}", s.step);
}

/// 40 objectives: each in exactly one place.
fn cards_conserved(s: &StelliumState) {
    let mut all: Vec<u32> = s.display.iter().chain(&s.reserve).chain(&s.boxed).copied().collect();
    for seat in &s.seats {
        all.extend(&seat.hand);
        all.extend(seat.done.iter().map(|(id, _)| *id));
    }
    let set: BTreeSet<u32> = all.iter().copied().collect();
    assert_eq!(all.len(), 40, "step {}", s.step);
    assert_eq!(set.len(), 40, "step {}: a card is twice", s.step);
}

/// DÉCOMPTE FINAL recomputed from the move log alone: objectives scored
/// (Validated entries), tokens left (4 minus Token entries), 1 per colour.
fn independent_totals(s: &StelliumState) -> Vec<u32> {
    (0..s.seats.len())
        .map(|i| {
            let mut points = 0;
            let mut colours = BTreeSet::new();
            let mut tokens = 4;
            for (_, e) in &s.log {
                match e {
                    LogEntry::Validated { seat, objective, value, .. } if *seat == i => {
                        points += value;
                        colours.insert(s.components.objectives[objective].colour);
                    }
                    LogEntry::Token { seat, .. } if *seat == i => tokens -= 1,
                    _ => {}
                }
            }
            points + tokens + colours.len() as u32
        })
        .collect()
}

fn check_game(players: usize, seed: u64) {
    let states = play(players, seed);
    // The independent referee replays every step and recomputes the scores.
    oracle::referee_game(&states);
    let last = states.last().unwrap();
    assert_eq!(last.phase, Phase::Over, "{players} players, seed {seed}: not over after {} steps", last.step);
    for s in &states {
        marbles_conserved(s);
        cards_conserved(s);
        for seat in &s.seats {
            assert!(seat.hand.len() <= 3, "step {}: more than 3 objectives in hand", s.step);
        }
    }
    // Every player played the same number of turns.
    let turns: BTreeSet<u32> = last.seats.iter().map(|x| x.turns).collect();
    assert_eq!(turns.len(), 1, "{players} players, seed {seed}: turns {turns:?}");
    let r = last.result.as_ref().unwrap();
    let totals: Vec<u32> = r.sheets.iter().map(|x| x[3]).collect();
    assert_eq!(totals, independent_totals(last), "seed {seed}");
    // The end: the limit was reached by someone, or the reserve ran out.
    match last.ending {
        Some(Ending::Limit) => assert!(last.seats.iter().any(|x| x.objective_points() >= last.limit())),
        Some(Ending::Reserve { .. }) => assert!(last.reserve.is_empty() && last.display.is_empty()),
        None => panic!("over without an ending"),
    }
}

#[test]
fn whole_games_for_2_3_and_4_players_conserve_marbles_and_cards_and_score_independently() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        check_game(players, seed);
    }
}

#[test]
fn a_game_is_a_pure_function_of_its_seed() {
    let a = play(3, 77);
    let b = play(3, 77);
    assert_eq!(a.last(), b.last());
    let c = play(3, 78);
    assert_ne!(a.last().unwrap().log, c.last().unwrap().log);
}

#[test]
fn a_silent_player_gets_default_turns_and_the_game_ends() {
    let states = play_with_events(2, 5, Some((1, 3)));
    let last = &states.last().unwrap().0;
    assert_eq!(last.phase, Phase::Over);
    assert!(last.log.iter().any(|(_, e)| matches!(e, LogEntry::DefaultTurn { seat: 1 })));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4, .. proptest::prelude::ProptestConfig::default() })]

    /// Any seed, any player count: marbles and cards conserved at every step,
    /// equal turns, the scores recomputed from the log.
    #[test]
    fn property_whole_games_conserve_and_score_independently(players in 2usize..=4, seed in 1000u64..100_000) {
        check_game(players, seed);
    }
}

/// The move journal numbers each entry with the step it was played in, as
/// the report's header ("Étape n jouée") and `TOUR n` do.
#[test]
fn the_move_journal_numbers_a_step_as_the_report_header_and_tour() {
    let states = play(2, 4);
    for w in states.windows(2) {
        let (before, after) = (&w[0], &w[1]);
        for (step, e) in &after.log[before.log.len()..] {
            assert_eq!(*step, before.step, "{e:?}, played in step {}, is numbered {step}", before.step);
        }
    }
}

/// T25, ABANDON: the seat that concedes is played by the referee to the end
/// (equal turns), is scored, and cannot be the Grand Architecte.
#[test]
fn t25_a_resigned_seat_is_played_to_the_end_and_cannot_win() {
    use arbitre::dice::Dice;
    use arbitre::game::{FamilyInput, OrderStatus, Ruleset};
    use arbitre::games::stellium::Stellium;
    let mut s = stellium_common::new_game(2, 9, "");
    s = Stellium::adjudicate(&s, &Default::default(), &mut Dice::for_turn(9, 0)).state;
    let q = 1 - s.mover;
    let quitter = s.seats[q].key.clone();
    let mut inputs = std::collections::BTreeMap::new();
    let mut resign = FamilyInput::new(OrderStatus::Or, Default::default(), None);
    resign.resigned = true;
    inputs.insert(quitter.clone(), resign);
    let mover = s.seats[s.mover].key.clone();
    let mut dice = Dice::for_turn(9, s.step);
    let o = Stellium::default_orders(&s, &mover, OrderStatus::Onr, Default::default(), &mut dice);
    inputs.insert(mover, FamilyInput::new(OrderStatus::Onr, o, None));
    s = Stellium::adjudicate(&s, &inputs, &mut dice).state;
    assert!(s.seats[q].resigned);
    assert!(!Stellium::awaiting(&s).unwrap().contains(&quitter));
    for _ in 0..400 {
        if Stellium::is_over(&s) {
            break;
        }
        s = stellium_common::step(&s, 9, &BTreeSet::from([q])).0;
    }
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.seats[0].turns, s.seats[1].turns);
    assert!(s.seats[q].turns > 3, "the resigned seat played on");
    assert_ne!(s.result.unwrap().winner, Some(q));
}
