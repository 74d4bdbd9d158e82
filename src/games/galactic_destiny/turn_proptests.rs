//! Property tests of the model over many seeds: setup, galactic phases and
//! purchases with random orders and random edits between them keep every
//! invariant of `GdState::check` (resources 0–99, fleet caps, the Republic's
//! fleets placed as counted, ministries, every card in exactly one place).

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::games::galactic_destiny::components::PartyId;
use crate::games::galactic_destiny::model::{GdState, Law, LawInForce, Phase};
use crate::games::galactic_destiny::orders::{Order, Orders};
use crate::games::galactic_destiny::setup::test_state;

/// Random P orders for a party (some impossible on purpose).
fn random_orders(s: &GdState, p: PartyId, r: &mut Dice) -> Orders {
    let mut lines = Vec::new();
    let sectors: Vec<u8> = s.fx.sectors.keys().copied().collect();
    for _ in 0..r.range(0, 4, "test", "lines") {
        let o = match r.range(0, 3, "test", "kind") {
            0 => {
                let own = s.sectors_of(p);
                let at = if !own.is_empty() && r.range(0, 1, "test", "own") == 0 { own[r.pick_index(own.len(), "test", "sector").unwrap()] } else { sectors[r.pick_index(sectors.len(), "test", "sector").unwrap()] };
                Order::BuyFleets { at: vec![(r.range(1, 6, "test", "n") as u8, at)] }
            }
            1 => Order::BuyRepublic { count: r.range(1, 6, "test", "n") as u8 },
            2 => {
                let waiting = &s.fx.parties[&p].waiting;
                let name = match r.pick_index(waiting.len() + 1, "test", "senator") {
                    Some(i) if i < waiting.len() => waiting[i].clone(),
                    _ => "Personne".into(),
                };
                Order::Recruit { senator: name }
            }
            _ => {
                let hand = &s.fx.parties[&p].hand;
                Order::Discard { cards: hand.iter().filter(|_| r.range(0, 1, "test", "discard") == 0).cloned().collect() }
            }
        };
        lines.push(o);
    }
    Orders { lines, defaulted: false }
}

/// Random edits a senate might make: resources, corruption and shadow,
/// ownership, infestation, the Homeland law, taxes, the PM's call.
fn shake(s: &mut GdState, r: &mut Dice) {
    let parties: Vec<PartyId> = s.parties().collect();
    for p in &parties {
        let x = s.fx.parties.get_mut(p).unwrap();
        x.money = r.range(0, 99, "test", "money") as u8;
        x.influence = r.range(0, 99, "test", "influence") as u8;
    }
    let names: Vec<String> = s.fx.senators.keys().cloned().collect();
    for n in names {
        if r.range(0, 3, "test", "corrupt") == 0 {
            crate::games::galactic_destiny::components::interpret::add_corruption(s.fx.senators.get_mut(&n).unwrap(), r.range(1, 3, "test", "c") as u8);
        }
    }
    let sectors: Vec<u8> = s.fx.sectors.keys().copied().collect();
    for _ in 0..r.range(0, 4, "test", "owners") {
        let n = sectors[r.pick_index(sectors.len(), "test", "sector").unwrap()];
        let p = parties[r.pick_index(parties.len(), "test", "party").unwrap()];
        if !s.fx.sectors[&n].infested {
            s.fx.sectors.get_mut(&n).unwrap().owner = Some(p);
        }
    }
    if r.range(0, 3, "test", "law") == 0 {
        s.laws.push(LawInForce { law: Law::Homeland, passed: s.game_turn, until: s.game_turn, by: parties[0] });
    }
    s.taxes_paid = r.range(0, 20, "test", "taxes");
    if r.range(0, 5, "test", "call") == 0 {
        s.election_called = s.fx.senators.keys().next().cloned();
    }
}

#[test]
fn turns_of_purchases_and_galactic_phases_keep_every_invariant() {
    let mut endings = BTreeMap::new();
    for seed in 0..120u64 {
        let n = 2 + (seed % 5) as usize;
        let parties = &PartyId::ALL[..n];
        let mut s = test_state(parties, seed);
        s.check().unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
        let mut r = Dice::from_seed([seed as u8; 32]);
        for turn in 1..=12u32 {
            if s.phase == Phase::Over {
                break;
            }
            shake(&mut s, &mut r);
            s.check().unwrap_or_else(|e| panic!("seed {seed} turn {turn} after the edits: {e}"));
            s.phase = Phase::Purchases;
            let orders: BTreeMap<PartyId, Orders> = parties.iter().map(|p| (*p, random_orders(&s, *p, &mut r))).collect();
            let mut events = Vec::new();
            crate::games::galactic_destiny::purchases::resolve(&mut s, &orders, &mut Dice::for_turn(seed, turn), &mut events);
            s.check().unwrap_or_else(|e| panic!("seed {seed} turn {turn}: {e}\n{events:?}"));
            // The hand limit, then (unless the game is over) the next turn's 2 cards.
            let most = if s.phase == Phase::Over { 7 } else { 9 };
            for p in parties {
                assert!(s.fx.parties[p].hand.len() <= most, "seed {seed} turn {turn}: {p:?} holds {}", s.fx.parties[p].hand.len());
            }
            for (n, x) in &s.fx.sectors {
                assert!(!(x.infested && x.owner.is_some()), "seed {seed}: sector {n} infested and owned");
                if x.infested {
                    assert!(!s.fleets.contains_key(n) || s.fleets[n].is_empty(), "seed {seed}: fleets left in infested sector {n}");
                }
            }
        }
        *endings.entry(format!("{:?}", s.ending.as_ref().map(std::mem::discriminant))).or_insert(0) += 1;
    }
    assert!(endings.len() > 1, "{endings:?}");
}
