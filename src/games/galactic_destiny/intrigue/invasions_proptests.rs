//! Property test of the invasions over many seeds: random boards, Republic
//! orders, invasions and defences (some impossible on purpose), played
//! through `open`, `declare` and `fight`, keep every invariant of
//! `GdState::check`, and conserve the fleets: after B, a party has the
//! fleets it had less the losses its battles report and the retreats that
//! found nowhere to go; the Republic likewise.

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::games::galactic_destiny::components::PartyId;
use crate::games::galactic_destiny::events::Event;
use crate::games::galactic_destiny::components::board::Ability;
use crate::games::galactic_destiny::intrigue::battle::Force;
use crate::games::galactic_destiny::intrigue::fight_skills::{Contest, Policy};
use crate::games::galactic_destiny::model::{FleetGroup, GdState, REPUBLIC_HOME};
use crate::games::galactic_destiny::orders::{Aim, Order, Orders};
use crate::games::galactic_destiny::setup::test_state;

fn pick<T: Copy>(v: &[T], r: &mut Dice) -> T {
    v[r.pick_index(v.len(), "test", "pick").unwrap()]
}

/// A random board: each party's fleets on a few sectors, some sectors
/// infested (no fleet left there), shadows for the infestation's dice.
fn shake(s: &mut GdState, parties: &[PartyId], r: &mut Dice) {
    let sectors: Vec<u8> = s.fx.sectors.iter().filter(|(_, x)| !x.infested).map(|(n, _)| *n).collect();
    s.fleets.clear();
    for p in parties {
        let mut left = r.range(0, 10, "test", "fleets");
        while left > 0 {
            let k = r.range(1, left, "test", "k");
            *s.fleets.entry(pick(&sectors, r)).or_default().entry(*p).or_default() += k as u8;
            left -= k;
        }
    }
    for _ in 0..r.range(0, 3, "test", "infested") {
        let n = pick(&sectors, r);
        s.fleets.remove(&n);
        let x = s.fx.sectors.get_mut(&n).unwrap();
        x.infested = true;
        x.owner = None;
    }
    for (_, x) in s.fx.senators.iter_mut() {
        x.shadow = r.range(0, 1, "test", "shadow") as u8;
    }
}

fn random_orders(s: &GdState, p: PartyId, r: &mut Dice) -> Orders {
    let sectors: Vec<u8> = s.fx.sectors.keys().copied().collect();
    let mine: Vec<u8> = s.fleets.iter().filter(|(_, m)| m.contains_key(&p)).map(|(n, _)| *n).collect();
    let mut lines = Vec::new();
    for _ in 0..r.range(0, 3, "test", "lines") {
        let Some(i) = r.pick_index(mine.len(), "test", "origin") else { break };
        let from = vec![(mine[i], r.range(1, 4, "test", "n") as u8)];
        let sector = pick(&sectors, r);
        let admiral = s.senators_of(p).next().cloned().filter(|_| r.chance_in_6(2, "test", "admiral"));
        let aim = match r.range(0, 2, "test", "aim") {
            0 => Aim::Neutral,
            1 => Aim::Claim,
            _ => Aim::For { party: pick(&s.parties().collect::<Vec<_>>(), r) },
        };
        lines.push(if r.chance_in_6(4, "test", "invade") { Order::Invade { sector, from, admiral, aim, corruption: None } } else { Order::Defend { sector, from } });
    }
    Orders { lines, defaulted: false }
}

fn totals(s: &GdState) -> (BTreeMap<PartyId, u32>, u32) {
    (s.parties().map(|p| (p, s.fleets_of(p))).collect(), u32::from(s.fx.republic_fleets))
}

#[test]
fn resolution_d_invasions_fleets_are_conserved_but_for_the_losses_over_many_seeds() {
    let mut battles = 0;
    let mut rerolls = 0;
    for seed in 0..150u64 {
        let n = 2 + (seed % 5) as usize;
        let parties = &PartyId::ALL[..n];
        let mut s = test_state(parties, seed);
        let mut r = Dice::from_seed([seed as u8; 32]);
        shake(&mut s, parties, &mut r);
        let infested: Vec<u8> = s.fx.sectors.iter().filter(|(_, x)| x.infested).map(|(n, _)| *n).collect();
        s.fleet_orders = infested.first().map(|to| vec![FleetGroup { to: *to, count: r.range(1, 6, "test", "rep") as u8, from: None, attack: true, admiral: s.fx.senators.keys().next().cloned() }]);
        s.check().unwrap_or_else(|e| panic!("seed {seed} before: {e}"));
        let before = totals(&s);
        let mut dice = Dice::for_turn(seed, 1);
        let mut events = Vec::new();
        super::open(&mut s, &mut dice, &mut events);
        let orders: BTreeMap<PartyId, Orders> = parties.iter().map(|p| (*p, random_orders(&s, *p, &mut r))).collect();
        super::declare(&mut s, &orders, &mut dice, &mut events);
        s.check().unwrap_or_else(|e| panic!("seed {seed} after the declarations: {e}"));
        assert_eq!(totals(&s), before, "seed {seed}: declarations move fleets, never make or lose one");
        // B: random PERTES orders, RELANCE policies, a random owner of
        // sector 34: its rerolls and where hits go
        // change no count of fleets but the losses.
        let mut b_orders: BTreeMap<PartyId, Orders> = BTreeMap::new();
        for p in parties {
            if r.chance_in_6(3, "test", "pertes") {
                let mut others: Vec<PartyId> = parties.iter().copied().filter(|q| q != p).collect();
                let k = r.range(0, others.len() as u32 - 1, "test", "rotate") as usize;
                others.rotate_left(k);
                b_orders.insert(*p, Orders { lines: vec![Order::Hits { parties: others }], defaulted: false });
            }
        }
        for p in parties {
            if r.chance_in_6(2, "test", "policy") {
                let threshold = [None, Some(2), Some(5)][r.range(0, 2, "test", "threshold") as usize];
                s.intrigue.fight.policies.insert(*p, Policy { contests: vec![Contest::Battle], threshold });
            }
        }
        if let Some(n34) = s.components.board.sector_of(Ability::AlimenterLePouvoir) {
            let x = s.fx.sectors.get_mut(&n34).unwrap();
            if !x.infested {
                x.owner = Some(pick(parties, &mut r));
            }
        }
        super::fight(&mut s, &b_orders, &mut dice, &mut events);
        s.check().unwrap_or_else(|e| panic!("seed {seed} after B: {e}\n{events:?}"));
        let (mut parties_left, mut republic_left) = before;
        for e in &events {
            match e {
                Event::Battle { outcome, .. } => {
                    battles += 1;
                    for c in &outcome.contingents {
                        match &c.force {
                            Force::Party(p) => *parties_left.get_mut(p).unwrap() -= c.losses,
                            Force::Republic => republic_left -= c.losses,
                        }
                    }
                }
                Event::Retreated { party: Some(p), count, to: None, .. } => *parties_left.get_mut(p).unwrap() -= u32::from(*count),
                Event::Retreated { party: Some(p), to: Some(t), .. } => {
                    let x = &s.fx.sectors[t];
                    assert!(x.owner == Some(*p) || (x.owner.is_none() && !x.infested), "seed {seed}: {p:?} retreats to {t}, neither its own nor neutral");
                }
                Event::Retreated { party: None, to, .. } => assert_eq!(*to, Some(REPUBLIC_HOME)),
                _ => {}
            }
        }
        assert_eq!(totals(&s), (parties_left, republic_left), "seed {seed}: fleets after B\n{events:?}");
        for (n, x) in &s.fx.sectors {
            if x.infested {
                assert!(s.fleets.get(n).is_none_or(|m| m.is_empty()), "seed {seed}: party fleets in infested sector {n}");
            }
        }
        assert!(s.intrigue.invasions.invasions.is_empty() && s.intrigue.invasions.committed.is_empty());
        rerolls += events.iter().filter(|e| matches!(e, Event::Rerolled { .. })).count();
    }
    assert!(battles > 100, "{battles} battles only");
    assert!(rerolls > 10, "{rerolls} rerolls only");
}
