//! "Sénateurs et actions." over many seeds (issue #28, done when: "one
//! action per senator and turn"): whole game turns played through the
//! seam with the simulated parties' orders, each party's mail doubled by a
//! second draw of the robot (so the same senators are named twice, in the
//! same step and in later ones), and every event that spends a senator's
//! action counted: no senator acts twice in a game turn, except once more
//! after Multitâche refreshed him (G28).

use std::collections::BTreeMap;

use arbitre::dice::Dice;
use arbitre::game::{FamilyInput, OrderStatus, Ruleset};
use arbitre::games::galactic_destiny::components::PartyId;
use arbitre::games::galactic_destiny::model::Phase;
use arbitre::games::galactic_destiny::orders::{Order, Orders};
use arbitre::games::galactic_destiny::{sample, setup, Event, GalacticDestiny, GdState};

/// The senator whose action an event spends, if any.
fn actor(e: &Event) -> Option<&str> {
    match e {
        Event::Invaded { admiral: Some(a), .. } | Event::RepublicFleetMoved { admiral: Some(a), .. } => Some(a),
        Event::CampaignDeclared { senator, .. } | Event::Spied { senator, .. } | Event::Sabotaged { senator, .. } | Event::Cleansed { senator, .. } => Some(senator),
        Event::Attempt { assassin, .. } => Some(assassin),
        Event::CorruptSkillUsed { minister, .. } => Some(minister),
        Event::CardPlayed { by: Some(b), .. } => Some(b),
        _ => None,
    }
}

fn seeds() -> u64 {
    std::env::var("ARBITRE_GD_ACTION_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(10)
}

#[test]
fn senateurs_et_actions_no_senator_acts_twice_in_a_game_turn() {
    let mut acted_total = 0usize;
    let mut twice_named = 0usize;
    for seed in 0..seeds() {
        let n = 3 + (seed % 4) as usize;
        let mut s: GdState = setup::test_state(&PartyId::ALL[..n], seed);
        let mut turn_of_actions: BTreeMap<String, u32> = BTreeMap::new();
        let mut game_turn = s.game_turn;
        for _ in 0..(4 * (2 * n as u32 + 7)) {
            if s.phase == Phase::Over || s.game_turn > 4 {
                break;
            }
            if s.game_turn != game_turn {
                game_turn = s.game_turn;
                turn_of_actions.clear();
            }
            let mut robot = Dice::for_turn(seed ^ 0x5eed, s.step);
            let mut inputs = BTreeMap::new();
            for seat in &s.seats {
                let Some(p) = seat.party else { continue };
                let mut o = sample::sample(&s, p, &mut robot);
                let again = sample::sample(&s, p, &mut robot);
                twice_named += again.lines.iter().filter(|l| **l != Order::Pass && o.lines.contains(l)).count();
                o.lines.extend(again.lines);
                inputs.insert(seat.key.clone(), FamilyInput::new(OrderStatus::Or, Orders { lines: o.lines, defaulted: false }, None));
            }
            let mut dice = Dice::for_turn(seed, s.step);
            let out = GalacticDestiny::adjudicate(&s, &inputs, &mut dice);
            for e in &out.events {
                let Some(a) = actor(e) else { continue };
                let n = turn_of_actions.entry(a.to_string()).or_default();
                *n += 1;
                acted_total += 1;
                let refreshed = out.state.cards.multitasked.get(a) == Some(&s.game_turn);
                let most = if refreshed { 2 } else { 1 };
                assert!(*n <= most, "seed {seed}, game turn {}, step {}: {a} acted {n} times ({e:?})", s.game_turn, s.step);
            }
            s = out.state;
        }
    }
    assert!(acted_total > 100, "{acted_total} actions in all: the test would be vacuous");
    assert!(twice_named > 10, "{twice_named} lines written twice: the doubled mails test nothing");
}
