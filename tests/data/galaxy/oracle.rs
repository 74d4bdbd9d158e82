//! The independent model of rule 6 shared by `tests/galaxy_game.rs` and
//! `tests/galaxy_leak.rs` (included with `#[path]`): what each player may
//! know, computed from the true states of a turn, never from the engine's
//! memory.

use std::collections::{BTreeMap, BTreeSet};

use arbitre::games::galaxy::adjudicate::{Event, MoveHow};
use arbitre::games::galaxy::model::{GalaxyState, Kind, Pos};
use arbitre::games::galaxy::Orders;

/// One adjudicated turn, as the model reads it.
pub struct Turn<'a> {
    pub before: &'a GalaxyState,
    pub after: &'a GalaxyState,
    pub events: &'a [Event],
    /// Each player's accepted orders.
    pub accepted: &'a BTreeMap<String, Orders>,
}

/// What rule 6 grants a player, computed here from the true states,
/// independently of the engine's memory.
#[derive(Default)]
pub struct Oracle {
    /// Stars whose characteristics the player may know.
    pub details: BTreeSet<usize>,
    /// Stars whose position the player may know.
    pub seen: BTreeSet<usize>,
    /// Other players whose names the player may have learnt.
    pub names: BTreeSet<String>,
}

pub fn within_any(s: &GalaxyState, srcs: &[Pos], p: Pos, r: i64) -> bool {
    srcs.iter().any(|q| s.torus.within(*q, p, r))
}

impl Oracle {
    pub fn update(&mut self, t: &Turn, who: &str) {
        let s = &t.after;
        let adj = t.before.turn;
        let p = &s.players[who];
        let range = (p.tech as i64 - 4).max(0);
        let mut srcs: Vec<Pos> = p.fleets.values().map(|f| f.pos).collect();
        srcs.extend(s.stars_of(who).map(|(_, x)| x.pos));
        for (i, st) in s.stars.iter().enumerate() {
            if st.owner.as_deref() == Some(who) || p.fleets.values().any(|f| f.pos == st.pos) {
                self.details.insert(i);
            }
            if within_any(s, &srcs, st.pos, range) {
                self.seen.insert(i);
            }
        }
        // Arrivals of this turn (orbit gives full knowledge, even of a LOTUS).
        for e in t.events {
            if let Event::Moved { player, to, how, .. } = e {
                if player == who && *how != MoveHow::Scuttled {
                    if let Some(i) = s.star_at(*to) {
                        self.details.insert(i);
                    }
                }
            }
        }
        // XRAY and RADAR, from the turn after their colonisation.
        for (i, x) in s.stars_of(who) {
            if x.colonised_turn.is_some_and(|c| c < adj) {
                if x.kind == Kind::Xray {
                    for (j, st) in s.stars.iter().enumerate() {
                        if s.torus.within(x.pos, st.pos, 5) {
                            self.details.insert(j);
                            if let Some(o) = &st.owner {
                                self.names.insert(s.players[o].name.clone());
                            }
                        }
                    }
                }
                if x.kind == Kind::Radar {
                    for (k, q) in &s.players {
                        if q.fleets.values().any(|f| !f.invisible && s.torus.within(s.stars[i].pos, f.pos, 5)) {
                            self.names.insert(s.players[k].name.clone());
                        }
                    }
                }
            }
        }
        if p.throne_code.is_some() {
            if let Some(th) = s.throne() {
                self.seen.insert(th);
            }
        }
        // Gifts received name their giver; one's own orders name their targets.
        // (Names alone are public, 6.g's chronicle lists the players; what must
        // not leak is which stars and fleets are whose.)
        for (giver, o) in t.accepted {
            for it in &o.items {
                use arbitre::games::galaxy::orders::Order;
                match it {
                    Order::Gift { to, .. } if to == who => {
                        self.names.insert(s.players[giver].name.clone());
                    }
                    Order::Gift { to, .. } | Order::Ally { to } if giver == who => {
                        self.names.insert(s.players[to].name.clone());
                    }
                    _ => {}
                }
            }
        }
        // DATA answers: the star on the square and the owners of the fleets there.
        if let Some(o) = t.accepted.get(who) {
            for it in &o.items {
                if let arbitre::games::galaxy::orders::Order::Data { data_star, rel } = it {
                    let target = s.torus.add(s.stars[*data_star].pos, *rel);
                    if let Some(i) = s.star_at(target) {
                        self.details.insert(i);
                        if let Some(o) = &t.before.stars[i].owner {
                            self.names.insert(s.players[o].name.clone());
                        }
                    }
                    for q in t.before.players.values().chain(t.after.players.values()) {
                        if q.fleets.values().any(|f| f.pos == target) {
                            self.names.insert(q.name.clone());
                        }
                    }
                }
            }
        }
        let details = self.details.clone();
        self.seen.extend(details);
    }
}
