//! Property tests of the senate over many seeds: whole game turns (S1, S2,
//! then the purchases and the next galactic phase) from setup's
//! `test_state`, with random filings and votes (some impossible on
//! purpose), keep every invariant of `GdState::check`, try each senator
//! once a turn, audit each once, end the senate at P (or the game, with
//! five ministries to one party), and are a function of the seed.

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::games::galactic_destiny::components::effects::Resource;
use crate::games::galactic_destiny::components::PartyId;
use crate::games::galactic_destiny::events::Event;
use crate::games::galactic_destiny::model::{Ending, FleetGroup, GdState, Law, Phase, REPUBLIC_HOME};
use crate::games::galactic_destiny::orders::{Goods, Order, Orders, PostChoice};
use crate::games::galactic_destiny::purchases;
use crate::games::galactic_destiny::senate::{filing, voting, Ministry};
use crate::games::galactic_destiny::setup::test_state;

fn pick<T: Clone>(r: &mut Dice, v: &[T]) -> Option<T> {
    r.pick_index(v.len(), "test", "pick").map(|i| v[i].clone())
}

fn n(r: &mut Dice, lo: u32, hi: u32) -> u32 {
    r.range(lo, hi, "test", "n")
}

/// Random S1 lines for a party.
fn filings(s: &GdState, p: PartyId, r: &mut Dice) -> Vec<Order> {
    let own: Vec<String> = s.senators_of(p).cloned().collect();
    let all: Vec<String> = s.fx.senators.keys().cloned().chain(["Personne".to_string()]).collect();
    let parties: Vec<PartyId> = s.parties().collect();
    let mut lines = Vec::new();
    for _ in 0..n(r, 0, 8) {
        let line = match n(r, 0, 9) {
            0 => Order::Candidate { ministry: pick(r, &Ministry::ALL).unwrap(), senators: own.iter().filter(|_| n(r, 0, 1) == 0).cloned().collect() },
            1 => {
                let mut four = Ministry::ALL[1..].to_vec();
                r.shuffle(&mut four, "test", "order");
                Order::ElectionOrder { order: [four[0], four[1], four[2], four[3]] }
            }
            2 => Order::Propose { law: pick(r, &Law::ALL).unwrap(), turns: n(r, 1, 5) as u8 },
            3 => Order::FleetProposal { groups: vec![FleetGroup { to: n(r, 1, 56) as u8, count: n(r, 1, 5) as u8, from: Some(REPUBLIC_HOME), attack: false, admiral: None }] },
            4 => Order::Indict { senator: pick(r, &all).unwrap() },
            5 => Order::Prosecute { senators: vec![pick(r, &all).unwrap()] },
            6 => Order::Audit { senator: pick(r, &all).unwrap() },
            7 => Order::Bank { buy: if n(r, 0, 1) == 0 { Resource::Money } else { Resource::Influence }, amount: n(r, 1, 6) as u8 },
            8 => {
                let with = pick(r, &parties).unwrap();
                Order::Trade { with, give: vec![Goods::Resource { resource: Resource::Money, amount: 3 }], get: vec![Goods::Resource { resource: Resource::Influence, amount: 2 }] }
            }
            _ => Order::Defy { law: pick(r, &Law::ALL).unwrap(), senator: None },
        };
        lines.push(line);
    }
    lines
}

/// The mirror of every trade line of `lines[from]` written to `to`, with even chances.
fn mirror_some(lines: &mut BTreeMap<PartyId, Vec<Order>>, r: &mut Dice) {
    let offers: Vec<(PartyId, PartyId, Vec<Goods>, Vec<Goods>)> = lines
        .iter()
        .flat_map(|(p, l)| l.iter().filter_map(move |o| if let Order::Trade { with, give, get } = o { Some((*p, *with, give.clone(), get.clone())) } else { None }))
        .collect();
    for (p, with, give, get) in offers {
        if n(r, 0, 1) == 0 {
            lines.entry(with).or_default().push(Order::Trade { with: p, give: get, get: give });
        }
    }
}

/// Random S2 lines for a party.
fn votes(s: &GdState, p: PartyId, r: &mut Dice) -> Vec<Order> {
    let parties: Vec<PartyId> = s.parties().collect();
    let items = s.agenda.len() as u32;
    let mut lines = Vec::new();
    for m in Ministry::ALL {
        if n(r, 0, 2) > 0 {
            let party = if n(r, 0, 1) == 0 { p } else { pick(r, &parties).unwrap() };
            let mut choices = vec![PostChoice::Party { party }];
            if n(r, 0, 1) == 0 {
                choices.push(PostChoice::Vacant);
            }
            lines.push(Order::VotePost { ministry: m, choices, cap: n(r, 0, 6) });
        }
    }
    for k in 1..=items {
        if n(r, 0, 3) > 0 {
            lines.push(Order::VoteItem { item: k, for_it: n(r, 0, 1) == 0, cap: n(r, 0, 5) });
        }
    }
    lines.push(Order::VoteFleet { ranking: vec![Some(n(r, 1, items.max(1))), None], cap: n(r, 0, 3) });
    if items > 0 && n(r, 0, 2) == 0 {
        lines.push(Order::Veto { item: n(r, 1, items) });
        lines.push(Order::Agenda { items: (1..=items).rev().collect() });
    }
    if n(r, 0, 2) == 0 {
        lines.push(Order::Audit { senator: pick(r, &s.fx.senators.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() });
    }
    lines
}

fn as_orders(lines: BTreeMap<PartyId, Vec<Order>>) -> BTreeMap<PartyId, Orders> {
    lines.into_iter().map(|(p, l)| (p, Orders { lines: l, defaulted: false })).collect()
}

/// Three game turns of one seed; the events of every step.
fn play(seed: u64) -> (GdState, Vec<Event>) {
    let count = 3 + (seed % 4) as usize;
    let mut s = test_state(&PartyId::ALL[..count], seed);
    let mut r = Dice::from_seed([seed as u8; 32]);
    let mut all = Vec::new();
    for turn in 0..3u32 {
        let mut events = Vec::new();
        let mut lines: BTreeMap<PartyId, Vec<Order>> = s.parties().map(|p| (p, filings(&s, p, &mut r))).collect();
        mirror_some(&mut lines, &mut r);
        filing::resolve(&mut s, &as_orders(lines), &mut Dice::for_turn(seed, 3 * turn + 1), &mut events);
        s.check().unwrap_or_else(|e| panic!("seed {seed} turn {turn} after S1: {e}"));
        assert_eq!(s.phase, Phase::Voting);
        let lines: BTreeMap<PartyId, Vec<Order>> = s.parties().map(|p| (p, votes(&s, p, &mut r))).collect();
        let before = events.len();
        voting::resolve(&mut s, &as_orders(lines), &mut Dice::for_turn(seed, 3 * turn + 2), &mut events);
        s.check().unwrap_or_else(|e| panic!("seed {seed} turn {turn} after S2: {e}"));
        let senate = &events[before..];
        let tried: Vec<&String> = senate.iter().filter_map(|e| if let Event::Trial { senator, .. } = e { Some(senator) } else { None }).collect();
        assert_eq!(tried.iter().collect::<BTreeSet<_>>().len(), tried.len(), "seed {seed}: each senator tried once a turn");
        let audited: Vec<&String> = senate.iter().filter_map(|e| if let Event::Audit { senator, .. } = e { Some(senator) } else { None }).collect();
        assert_eq!(audited.iter().collect::<BTreeSet<_>>().len(), audited.len(), "seed {seed}: each senator audited once a turn");
        if let Some(Ending::Ministries { winner }) = &s.ending {
            assert!(Ministry::ALL.iter().all(|m| s.holder(*m) == Some(*winner)));
            assert_eq!(s.phase, Phase::Over);
            all.extend(events);
            break;
        }
        // The senate opens the intrigue; this test plays the senate only.
        assert!(matches!(s.phase, Phase::Invasions { .. }), "{:?}", s.phase);
        s.phase = Phase::Purchases;
        purchases::resolve(&mut s, &BTreeMap::new(), &mut Dice::for_turn(seed, 3 * turn + 3), &mut events);
        all.extend(events);
        if s.phase == Phase::Over {
            break;
        }
        s.check().unwrap_or_else(|e| panic!("seed {seed} turn {turn} after P: {e}"));
    }
    (s, all)
}

#[test]
fn the_senate_keeps_every_invariant_over_many_seeds_and_is_a_function_of_its_seed() {
    let mut laws = 0;
    let mut trials = 0;
    for seed in 0..40u64 {
        let (s, events) = play(seed);
        laws += events.iter().filter(|e| matches!(e, Event::LawPassed { .. })).count();
        trials += events.iter().filter(|e| matches!(e, Event::Trial { .. })).count();
        if seed % 10 == 0 {
            let (again, events_again) = play(seed);
            assert_eq!(events, events_again, "seed {seed}");
            assert_eq!(serde_json::to_string(&s.fx).unwrap(), serde_json::to_string(&again.fx).unwrap());
        }
    }
    assert!(laws > 10 && trials > 5, "the random senates pass laws ({laws}) and hold trials ({trials})");
}
