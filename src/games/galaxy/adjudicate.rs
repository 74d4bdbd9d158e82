//! One turn of Galaxy (4): the processing order (4.i), the budget phase of
//! every player (4.1), then the movement and attack phase (4.2), then what
//! happens at the end of the turn (star effects, income, knowledge, end of
//! game, 7).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey};
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::generate;
use super::model::{Fleet, GalaxyState, Kind, Known, Pos, Ranked, Ships, StarDetails};
use super::orders::{FleetNo, Order, Orders, Target};

/// What happened during a turn. Notes are written for one player, in that
/// player's own coordinates; nothing here is shown to anybody else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The galaxy was created (turn 0).
    Generated { stars: u32, players: u32 },
    /// The galaxy could not be created (no player, too many for the stars).
    /// `reason`: a message; a plain string in records stored before messages.
    GenerationFailed { reason: Msg },
    /// 4.i: the order in which players were adjudicated (referee only).
    ProcessingOrder { players: Vec<FamilyKey> },
    /// A message for one player: `msg` (a `galaxy-note-*` message), then
    /// `lines` below it, each on a line of its own (a DATA answer). `fr` is
    /// the same rendered in French, kept for the journal's readers and
    /// tests that search notes. Notes stored before messages have no `msg`,
    /// only `fr` and `en`.
    Note {
        player: FamilyKey,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        msg: Option<Msg>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lines: Vec<Msg>,
        #[serde(default)]
        fr: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        en: String,
    },
    /// A fleet's movement, for the player's map (absolute; converted in the view).
    Moved { player: FamilyKey, fleet: FleetNo, from: Pos, to: Pos, how: MoveHow },
    /// 7: the game is over.
    GameOver { ranking: Vec<Ranked> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveHow {
    Move,
    Pursuit,
    Jump,
    /// 4.2: the move was too long; the fleet scuttled (drawn where it was).
    Scuttled,
}

/// A note as the player reads it in `lang`: its message, then its lines.
pub fn note_text(msg: &Msg, lines: &[Msg], lang: Lang) -> String {
    let mut text = msg.render(lang);
    for l in lines {
        text.push_str("\n  ");
        text.push_str(&l.render(lang));
    }
    text
}

/// One sample of every note a turn can write, for the catalogue check
/// (`tests/messages.rs`): a note added without its sample here leaves its
/// message unused, and the check fails.
pub fn samples() -> Vec<Msg> {
    let star = "Alpha";
    let mut v = vec![
        msg!("galaxy-note-merge-gone", into = 1),
        msg!("galaxy-note-merge-apart", into = 1),
        msg!("galaxy-note-merged", fleets = "F2, F3", into = 1, ships = "3P 0C 1N"),
        msg!("galaxy-note-split-failed", fleet = 1),
        msg!("galaxy-note-split", fleet = 1, new = 2, ships = "1P 0C 0N"),
        msg!("galaxy-note-build-not-yours", fleet = 2, star = star),
        msg!("galaxy-note-build-taken", fleet = 2),
        msg!("galaxy-note-build-poor", fleet = 2),
        msg!("galaxy-note-built", fleet = 2, ships = "2P 0C 0N", star = star, cost = 4),
        msg!("galaxy-note-colonise-poor", star = star, cost = 12),
        msg!("galaxy-note-star-lost", star = star, resources = 5),
        msg!("galaxy-note-colonised", star = star, cost = 12, points = 1),
        msg!("galaxy-note-colonised", star = star, cost = 12, points = 10),
        msg!("galaxy-note-defence-not-yours", star = star),
        msg!("galaxy-note-defence-poor", star = star),
        msg!("galaxy-note-defended", star = star, amount = 3, defence = 7),
        msg!("galaxy-note-gift-poor", to = "Bob"),
        msg!("galaxy-note-gift-given", amount = 5, to = "Bob"),
        msg!("galaxy-note-gift-received", amount = 5, from = "Alice"),
        msg!("galaxy-note-change-failed", star = star),
        msg!("galaxy-note-changed", star = star, kind = "DATA"),
        msg!("galaxy-note-data-silent", star = star),
        msg!("galaxy-note-data-answer", star = star, square = "+1-2", here = "+4+0"),
        msg!("galaxy-note-data-own-fleet", ships = "2P 0C 0N"),
        msg!("galaxy-note-data-fleet", owner = "Bob", ships = "2P 0C 0N"),
        msg!("galaxy-note-data-nothing"),
        msg!("galaxy-note-r4-2-scuttled", fleet = 1, ships = "2P 0C 0N", distance = "7.28", speed = 4),
        msg!("galaxy-note-pursued", fleet = 1, here = "+2+2"),
        msg!("galaxy-note-pursuit-failed", fleet = 1, at = "+2+2"),
        msg!("galaxy-note-jumped", fleet = 1, exit = "Omega", here = "-5+3"),
        msg!("galaxy-note-gate-closed", fleet = 1),
        msg!("galaxy-note-lost-in-orbit", fleet = 1, star = star, kind = "LOTUS"),
        msg!("galaxy-note-zero", star = star, tech = 2),
        msg!("galaxy-note-attack-no-star", fleet = 1, here = "+1+1"),
        msg!("galaxy-note-attack-own-star", fleet = 1, star = star),
        msg!("galaxy-note-attacked-star", fleet = 1, fire = 4, star = star, loss = 3, docility = -1, defence = 2),
        msg!("galaxy-note-star-attacked", star = star, loss = 3, defence = 2),
        msg!("galaxy-note-attack-no-fleet", fleet = 1, here = "+1+1"),
        msg!("galaxy-note-visible-again", fleet = 3),
        msg!("galaxy-note-machine", star = star, tech = 4),
        msg!("galaxy-note-city-no-number", star = star),
        msg!("galaxy-note-city", star = star, fleet = 4, ships = "3P 1C 0N"),
        msg!("galaxy-note-city-nothing", star = star),
    ];
    for why in ["yours", "no-ark", "vulcan", "defence", "technology", "throne-code"] {
        v.push(msg!("galaxy-note-colonise-failed", star = star, why = why, defence = 3));
    }
    for owned in ["yes", "no"] {
        v.push(msg!(
            "galaxy-note-data-star",
            star = star,
            magnitude = 3,
            life = 2,
            tech = 4,
            docility = 1,
            defence = 5,
            resources = 6,
            kind = "NORMAL",
            owned = owned,
            owner = if owned == "yes" { "Bob" } else { "" }
        ));
    }
    for power in ["fire", "speed", "invisible"] {
        v.push(msg!("galaxy-note-power", fleet = 1, star = star, kind = "POWER", power = power));
    }
    for destroyed in ["yes", "no"] {
        v.push(msg!("galaxy-note-attacked-fleet", fleet = 1, fire = 4, here = "+0+1", lost = 2, destroyed = destroyed));
        for fort in ["yes", "no"] {
            v.push(msg!("galaxy-note-fleet-attacked", fleet = 2, there = "+3+0", lost = 2, fort = fort, destroyed = destroyed, left = "1P 0C 0N"));
        }
    }
    v
}

struct Turn<'a> {
    s: GalaxyState,
    t: u32,
    events: Vec<Event>,
    dice: &'a mut Dice,
    /// 4.1.7: (who declared, whom).
    alliances: BTreeSet<(FamilyKey, FamilyKey)>,
    /// Fleets' squares when the movement phase starts (4.2 pursuit).
    start: BTreeMap<(FamilyKey, FleetNo), Pos>,
    /// Fleets that moved this turn (5 INVISIBILITY).
    moved: BTreeSet<(FamilyKey, FleetNo)>,
    /// Players whose technology ZERO lowered this turn.
    zeroed: BTreeSet<FamilyKey>,
}

impl Turn<'_> {
    fn note(&mut self, who: &str, msg: Msg) {
        self.note_lines(who, msg, Vec::new());
    }

    fn note_lines(&mut self, who: &str, msg: Msg, lines: Vec<Msg>) {
        let fr = note_text(&msg, &lines, Lang::Fr);
        self.events.push(Event::Note { player: who.to_string(), msg: Some(msg), lines, fr, en: String::new() });
    }

    /// `pos` in `who`'s coordinates.
    fn at(&self, who: &str, pos: Pos) -> String {
        self.s.players.get(who).map_or_else(String::new, |p| self.s.torus.rel(p.origin, pos).label())
    }

    fn star_name(&self, i: usize) -> String {
        self.s.stars.get(i).map_or_else(String::new, |s| s.name.clone())
    }

    fn learn_star(&mut self, who: &str, i: usize) {
        let t = self.t;
        let Some(st) = self.s.stars.get(i) else { return };
        let d = StarDetails::of(st);
        if let Some(p) = self.s.players.get_mut(who) {
            let k = p.known.entry(i).or_insert(Known { seen: t, details: None, details_turn: t, owner: None, owner_turn: 0, lost: None });
            k.seen = t;
            k.details = Some(d);
            k.details_turn = t;
        }
    }

    fn learn_owner(&mut self, who: &str, i: usize) {
        let t = self.t;
        let owner = self.s.stars.get(i).map(|s| s.owner.clone());
        if let (Some(owner), Some(p)) = (owner, self.s.players.get_mut(who)) {
            if let Some(k) = p.known.get_mut(&i) {
                k.owner = Some(owner);
                k.owner_turn = t;
            }
        }
    }

    fn fleet(&self, who: &str, f: FleetNo) -> Option<&Fleet> {
        self.s.players.get(who)?.fleets.get(&f)
    }

    fn mutual_allies(&self, a: &str, b: &str) -> bool {
        self.alliances.contains(&(a.to_string(), b.to_string())) && self.alliances.contains(&(b.to_string(), a.to_string()))
    }

    // ---------------------------------------------------------------- 4.1

    fn budget(&mut self, who: &FamilyKey, orders: &Orders) {
        for o in orders.items.iter().filter(|o| o.is_budget()) {
            match o {
                Order::Merge { into, others } => self.merge(who, *into, others),
                Order::Split { from, new, ships } => self.split(who, *from, *new, *ships),
                Order::Build { fleet, ships, star } => self.build(who, *fleet, *ships, *star),
                Order::Colonise { star, code } => self.colonise(who, *star, code.as_deref()),
                Order::Defend { star, amount } => self.defend(who, *star, *amount),
                Order::Gift { to, amount } => self.gift(who, to, *amount),
                Order::Ally { to } => {
                    self.alliances.insert((who.clone(), to.clone()));
                }
                Order::Change { star, kind } => self.change(who, *star, *kind),
                Order::Data { data_star, rel } => self.data(who, *data_star, *rel),
                _ => {}
            }
        }
    }

    fn pay(&mut self, who: &str, cost: u32) -> bool {
        match self.s.players.get_mut(who) {
            Some(p) if p.treasury >= cost => {
                p.treasury -= cost;
                true
            }
            _ => false,
        }
    }

    /// 4.1.1
    fn merge(&mut self, who: &str, into: FleetNo, others: &[FleetNo]) {
        let Some(p) = self.s.players.get(who) else { return };
        let Some(base) = p.fleets.get(&into) else {
            return self.note(who, msg!("galaxy-note-merge-gone", into = into));
        };
        if others.iter().any(|o| p.fleets.get(o).is_none_or(|f| f.pos != base.pos) || *o == into) {
            return self.note(who, msg!("galaxy-note-merge-apart", into = into));
        }
        let mut merged = base.clone();
        let Some(p) = self.s.players.get_mut(who) else { return };
        for o in others {
            if let Some(f) = p.fleets.remove(o) {
                merged.ships = merged.ships.plus(f.ships);
                merged.fast |= f.fast;
                merged.strong |= f.strong;
                merged.invisible |= f.invisible;
            }
        }
        let label = merged.ships.label();
        p.fleets.insert(into, merged);
        let list: Vec<String> = others.iter().map(|o| format!("F{o}")).collect();
        self.note(who, msg!("galaxy-note-merged", fleets = list.join(", "), into = into, ships = label));
    }

    /// 4.1.2
    fn split(&mut self, who: &str, from: FleetNo, new: FleetNo, ships: Ships) {
        let Some(p) = self.s.players.get_mut(who) else { return };
        let ok = !p.fleets.contains_key(&new)
            && p.fleets.get(&from).is_some_and(|f| f.ships.total() > 1 && f.ships.contains(ships) && ships.total() > 0 && ships.total() < f.ships.total());
        if !ok {
            return self.note(who, msg!("galaxy-note-split-failed", fleet = from));
        }
        let Some(f) = p.fleets.get_mut(&from) else { return };
        f.ships = f.ships.minus(ships);
        let pos = f.pos;
        // 4.1.2: the new fleet loses the special powers.
        p.fleets.insert(new, Fleet { ships, pos, fast: false, strong: false, invisible: false });
        self.note(who, msg!("galaxy-note-split", fleet = from, new = new, ships = ships.label()));
    }

    /// 4.1.3
    fn build(&mut self, who: &str, fleet: FleetNo, ships: Ships, star: usize) {
        let name = self.star_name(star);
        let owned = self.s.stars.get(star).is_some_and(|s| s.owner.as_deref() == Some(who));
        let free = self.s.players.get(who).is_some_and(|p| !p.fleets.contains_key(&fleet) && p.fleets.len() < 9);
        if !owned {
            return self.note(who, msg!("galaxy-note-build-not-yours", fleet = fleet, star = name));
        }
        if !free {
            return self.note(who, msg!("galaxy-note-build-taken", fleet = fleet));
        }
        if !self.pay(who, ships.cost()) {
            return self.note(who, msg!("galaxy-note-build-poor", fleet = fleet));
        }
        let pos = self.s.stars[star].pos;
        if let Some(p) = self.s.players.get_mut(who) {
            p.fleets.insert(fleet, Fleet { ships, pos, fast: false, strong: false, invisible: false });
        }
        self.note(who, msg!("galaxy-note-built", fleet = fleet, ships = ships.label(), star = name, cost = ships.cost()));
    }

    /// 4.1.4
    fn colonise(&mut self, who: &str, star: usize, code: Option<&str>) {
        let Some(st) = self.s.stars.get(star).cloned() else { return };
        let Some(p) = self.s.players.get(who).cloned() else { return };
        let name = st.name.clone();
        // `galaxy-note-colonise-failed`'s $why.
        let failure = if st.owner.as_deref() == Some(who) {
            // 4.1.4, last remark: an earlier player may not have taken it from us; nothing to do.
            Some("yours")
        } else if !p.fleets.values().any(|f| f.pos == st.pos && f.ships.n > 0) {
            Some("no-ark")
        } else if st.owner.is_some() && st.kind == Kind::Vulcan {
            // 5 VULCAN: a colonised VULCAN cannot be lost.
            Some("vulcan")
        } else if st.defence() > 0 {
            // 4.1.4, last remark: the first player to validate takes a contested star;
            // for a later one, the star's defence is now that of its new owner.
            Some("defence")
        } else if st.tech > p.tech + 1 {
            Some("technology")
        } else if st.kind == Kind::Throne && code.map(crate::text::fold) != Some(self.s.throne_code.clone()) {
            // 5 KEY: without the code, colonising the THRONE fails.
            Some("throne-code")
        } else {
            None
        };
        if let Some(why) = failure {
            return self.note(who, msg!("galaxy-note-colonise-failed", star = name, why = why, defence = st.defence()));
        }
        let cost = self.s.colonisation_cost(who, star).unwrap_or(0);
        if !self.pay(who, cost) {
            return self.note(who, msg!("galaxy-note-colonise-poor", star = name, cost = cost));
        }
        if let Some(prev) = st.owner.clone() {
            // The former owner knows the star is no longer theirs (not who took it).
            if let Some(k) = self.s.players.get_mut(&prev).and_then(|p| p.known.get_mut(&star)) {
                k.owner = None;
                k.lost = Some(self.t);
            }
            self.note(&prev, msg!("galaxy-note-star-lost", star = name.as_str(), resources = st.resources));
        }
        let t = self.t;
        if let Some(s) = self.s.stars.get_mut(star) {
            s.owner = Some(who.to_string());
            // 4.1.4 ii: the star takes the coloniser's life form and technology.
            s.life = p.life;
            s.tech = p.tech;
            s.colonised_turn = Some(t);
            s.effect_pending = matches!(s.kind, Kind::City | Kind::Machine);
        }
        self.learn_star(who, star);
        self.learn_owner(who, star);
        self.note(who, msg!("galaxy-note-colonised", star = name, cost = cost, points = st.kind.victory_points()));
    }

    /// 4.1.5
    fn defend(&mut self, who: &str, star: usize, amount: u32) {
        let name = self.star_name(star);
        if self.s.stars.get(star).is_none_or(|s| s.owner.as_deref() != Some(who)) {
            return self.note(who, msg!("galaxy-note-defence-not-yours", star = name));
        }
        if !self.pay(who, amount) {
            return self.note(who, msg!("galaxy-note-defence-poor", star = name));
        }
        let s = &mut self.s.stars[star];
        s.docility += amount as i32;
        let de = s.defence();
        self.note(who, msg!("galaxy-note-defended", star = name, amount = amount, defence = de));
    }

    /// 4.1.6: paid now, usable by the receiver from the next turn.
    fn gift(&mut self, who: &str, to: &str, amount: u32) {
        let to_name = self.s.players.get(to).map_or_else(|| to.to_string(), |p| p.name.clone());
        let from_name = self.s.players.get(who).map_or_else(|| who.to_string(), |p| p.name.clone());
        if !self.s.players.contains_key(to) || !self.pay(who, amount) {
            return self.note(who, msg!("galaxy-note-gift-poor", to = to_name));
        }
        if let Some(p) = self.s.players.get_mut(to) {
            p.gifts_in += amount;
        }
        self.note(who, msg!("galaxy-note-gift-given", amount = amount, to = to_name));
        self.note(to, msg!("galaxy-note-gift-received", amount = amount, from = from_name));
    }

    /// 4.1.8: the change acts at once.
    fn change(&mut self, who: &str, star: usize, kind: Kind) {
        let t = self.t;
        let ok = self.s.stars.get(star).is_some_and(|s| s.owner.as_deref() == Some(who) && s.kind == Kind::New) && self.s.active(star, t);
        let name = self.star_name(star);
        if !ok || !kind.new_star_may_become() {
            return self.note(who, msg!("galaxy-note-change-failed", star = name));
        }
        let s = &mut self.s.stars[star];
        s.kind = kind;
        s.effect_pending = matches!(kind, Kind::City | Kind::Machine);
        self.learn_star(who, star);
        self.note(who, msg!("galaxy-note-changed", star = name, kind = kind.name()));
    }

    /// 4.1.9 / 5 DATA: what is on the square at `rel` from the DATA star.
    fn data(&mut self, who: &str, data_star: usize, rel: super::model::Rel) {
        let t = self.t;
        let name = self.star_name(data_star);
        let ok = self.s.stars.get(data_star).is_some_and(|s| s.owner.as_deref() == Some(who) && s.kind == Kind::Data) && self.s.active(data_star, t);
        if !ok {
            return self.note(who, msg!("galaxy-note-data-silent", star = name));
        }
        let target = self.s.torus.add(self.s.stars[data_star].pos, rel);
        let here = self.at(who, target);
        let head = msg!("galaxy-note-data-answer", star = name, square = rel.label(), here = here);
        let mut lines = Vec::new();
        let mut any = false;
        // 5 DATA i: composition and owner of each fleet — not its number —,
        // listed by owner's name then composition (no internal order shows).
        let mut found: Vec<(Option<String>, Ships)> = Vec::new();
        for (k, p) in &self.s.players {
            for f in p.fleets.values() {
                // 5 INVISIBILITY: invisible fleets are undetectable.
                if f.pos == target && (!f.invisible || k == who) {
                    let owner = (k != who).then(|| p.name.clone());
                    found.push((owner, f.ships));
                }
            }
        }
        found.sort_by_key(|(o, sh)| (o.clone(), sh.p, sh.c, sh.n));
        for (owner, ships) in found {
            any = true;
            lines.push(match owner {
                None => msg!("galaxy-note-data-own-fleet", ships = ships.label()),
                Some(owner) => msg!("galaxy-note-data-fleet", owner = owner, ships = ships.label()),
            });
        }
        if let Some(i) = self.s.star_at(target) {
            any = true;
            let st = &self.s.stars[i];
            let owner = st.owner.as_ref().and_then(|o| self.s.players.get(o)).map(|p| p.name.clone());
            lines.push(msg!(
                "galaxy-note-data-star",
                star = st.name.as_str(),
                magnitude = st.magnitude,
                life = st.life,
                tech = st.tech,
                docility = st.docility,
                defence = st.defence(),
                resources = st.resources,
                kind = st.kind.name(),
                owned = if owner.is_some() { "yes" } else { "no" },
                owner = owner.unwrap_or_default()
            ));
            self.learn_star(who, i);
            self.learn_owner(who, i);
        }
        if !any {
            lines.push(msg!("galaxy-note-data-nothing"));
        }
        self.note_lines(who, head, lines);
    }

    // ---------------------------------------------------------------- 4.2

    fn movement(&mut self, who: &FamilyKey, orders: &Orders) {
        let fleets: BTreeSet<FleetNo> = orders
            .items
            .iter()
            .filter_map(|o| match o {
                Order::Move { fleet, .. } | Order::Pursue { fleet, .. } | Order::Jump { fleet } | Order::Attack { fleet, .. } => Some(*fleet),
                _ => None,
            })
            .collect();
        // Each fleet in number order: its move, then its attack(s).
        for f in fleets {
            if self.fleet(who, f).is_none() {
                continue;
            }
            let mut moved = false;
            for o in &orders.items {
                match o {
                    Order::Move { fleet, to } if *fleet == f => moved = self.move_to(who, f, *to),
                    Order::Pursue { fleet, at } if *fleet == f => moved = self.pursue(who, f, *at),
                    Order::Jump { fleet } if *fleet == f => moved = self.jump(who, f),
                    _ => {}
                }
            }
            let max = if moved { 1 } else { 2 };
            let mut done = 0;
            for o in &orders.items {
                if let Order::Attack { fleet, target } = o {
                    if *fleet == f && done < max && self.fleet(who, f).is_some() {
                        done += 1;
                        self.attack(who, f, *target);
                    }
                }
            }
        }
    }

    fn relocate(&mut self, who: &str, f: FleetNo, to: Pos, how: MoveHow) {
        let Some(from) = self.fleet(who, f).map(|fl| fl.pos) else { return };
        if let Some(fl) = self.s.players.get_mut(who).and_then(|p| p.fleets.get_mut(&f)) {
            fl.pos = to;
        }
        self.moved.insert((who.to_string(), f));
        self.events.push(Event::Moved { player: who.to_string(), fleet: f, from, to, how });
        self.arrive(who, f);
    }

    /// 4.2: a move at real distance; too long, and the fleet scuttles.
    fn move_to(&mut self, who: &str, f: FleetNo, to: super::model::Rel) -> bool {
        let Some(origin) = self.s.players.get(who).map(|p| p.origin) else { return false };
        let Some(fl) = self.fleet(who, f).cloned() else { return false };
        let dest = self.s.torus.add(origin, to);
        if dest == fl.pos {
            return false;
        }
        if !self.s.torus.within(fl.pos, dest, fl.speed() as i64) {
            let d = self.s.torus.dist(fl.pos, dest);
            if let Some(p) = self.s.players.get_mut(who) {
                p.fleets.remove(&f);
            }
            self.events.push(Event::Moved { player: who.to_string(), fleet: f, from: fl.pos, to: fl.pos, how: MoveHow::Scuttled });
            self.note(who, msg!("galaxy-note-r4-2-scuttled", fleet = f, ships = fl.ships.label(), distance = format!("{d:.2}"), speed = fl.speed()));
            return false;
        }
        self.relocate(who, f, dest, MoveHow::Move);
        true
    }

    /// 4.2 i–v: pursuit of the fleet designated by its square.
    fn pursue(&mut self, who: &str, f: FleetNo, at: super::model::Rel) -> bool {
        let Some(origin) = self.s.players.get(who).map(|p| p.origin) else { return false };
        let Some(me) = self.fleet(who, f).cloned() else { return false };
        let square = self.s.torus.add(origin, at);
        // i–ii: the other players' fleets that stood there when the phase began.
        let mut cands: Vec<(u32, FamilyKey, FleetNo)> = Vec::new();
        for ((k, no), start) in &self.start {
            if k == who || *start != square {
                continue;
            }
            if let Some(fl) = self.s.players.get(k).and_then(|p| p.fleets.get(no)) {
                if !fl.invisible {
                    cands.push((fl.speed(), k.clone(), *no));
                }
            }
        }
        let Some(slowest) = cands.iter().map(|c| c.0).min() else {
            // iii
            self.pursuit_failed(who, f, at);
            return false;
        };
        let slow: Vec<(u32, FamilyKey, FleetNo)> = cands.into_iter().filter(|c| c.0 == slowest).collect();
        let pick = if slow.len() == 1 {
            0
        } else {
            self.dice.pick_index(slow.len(), "4.2", format!("pursuit by {who} F{f}: which of the slowest fleets")).unwrap_or(0)
        };
        let (_, tk, tno) = slow[pick].clone();
        let Some(now) = self.fleet(&tk, tno).map(|fl| fl.pos) else { return false };
        let reach = |p: Pos| self.s.torus.within(me.pos, p, me.speed() as i64);
        // iv: not moved yet (or stayed): to its square; v: moved: to its arrival, else its start.
        let dest = if now == square {
            reach(square).then_some(square)
        } else if reach(now) {
            Some(now)
        } else if reach(square) {
            Some(square)
        } else {
            None
        };
        match dest {
            Some(d) if d != me.pos => {
                let here = self.at(who, d);
                self.note(who, msg!("galaxy-note-pursued", fleet = f, here = here));
                self.relocate(who, f, d, MoveHow::Pursuit);
                true
            }
            _ => {
                // 4.2: a pursuing fleet never scuttles.
                self.pursuit_failed(who, f, at);
                false
            }
        }
    }

    /// 4.2 iii and v: the fleet stays. One note for both cases — an empty
    /// square and a fleet out of reach — so that a pursuit is not a scanner
    /// (issue 12; RULINGS, Galaxy).
    fn pursuit_failed(&mut self, who: &str, f: FleetNo, at: super::model::Rel) {
        self.note(who, msg!("galaxy-note-pursuit-failed", fleet = f, at = at.label()));
    }

    /// 5 GATE: from a colonised GATE to its EXIT.
    fn jump(&mut self, who: &str, f: FleetNo) -> bool {
        let t = self.t;
        let Some(pos) = self.fleet(who, f).map(|fl| fl.pos) else { return false };
        let gate = self.s.star_at(pos).filter(|&i| self.s.stars[i].kind == Kind::Gate && self.s.active(i, t));
        let exit = gate.and_then(|g| self.s.stars[g].exit);
        match exit {
            Some(e) => {
                let to = self.s.stars[e].pos;
                let (name, here) = (self.star_name(e), self.at(who, to));
                self.note(who, msg!("galaxy-note-jumped", fleet = f, exit = name, here = here));
                self.relocate(who, f, to, MoveHow::Jump);
                true
            }
            None => {
                self.note(who, msg!("galaxy-note-gate-closed", fleet = f));
                false
            }
        }
    }

    /// 5: what a star does to a fleet that comes into its orbit (immediately).
    fn arrive(&mut self, who: &str, f: FleetNo) {
        let t = self.t;
        let Some(pos) = self.fleet(who, f).map(|fl| fl.pos) else { return };
        let Some(i) = self.s.star_at(pos) else { return };
        // 6.c: a fleet in orbit learns the star (owner excepted).
        self.learn_star(who, i);
        let st = self.s.stars[i].clone();
        let name = st.name.clone();
        let vulcan = st.kind == Kind::Vulcan && self.s.active(i, t);
        if st.kind == Kind::Lotus || vulcan {
            if let Some(p) = self.s.players.get_mut(who) {
                p.fleets.remove(&f);
            }
            self.note(who, msg!("galaxy-note-lost-in-orbit", fleet = f, star = name, kind = st.kind.name()));
            return;
        }
        let mut to_normal = false;
        if let Some(fl) = self.s.players.get_mut(who).and_then(|p| p.fleets.get_mut(&f)) {
            match st.kind {
                Kind::Power => {
                    fl.strong = true;
                    to_normal = true;
                }
                Kind::Supply => {
                    fl.fast = true;
                    to_normal = true;
                }
                Kind::Invisibility => {
                    fl.invisible = true;
                    to_normal = true;
                }
                _ => {}
            }
        }
        if to_normal {
            let power = match st.kind {
                Kind::Power => "fire",
                Kind::Supply => "speed",
                _ => "invisible",
            };
            self.s.stars[i].kind = Kind::Normal;
            self.s.stars[i].effect_pending = false;
            self.note(who, msg!("galaxy-note-power", fleet = f, star = name.as_str(), kind = st.kind.name(), power = power));
        }
        if st.kind == Kind::Zero {
            self.zero(who, &name);
        }
    }

    /// 5 ZERO: the fleet's owner loses a point of technology (once a turn).
    fn zero(&mut self, who: &str, name: &str) {
        if !self.zeroed.insert(who.to_string()) {
            return;
        }
        let tech = self.s.players.get(who).map_or(0, |p| p.tech);
        self.s.set_tech(who, tech - 1);
        let now = self.s.players.get(who).map_or(0, |p| p.tech);
        self.note(who, msg!("galaxy-note-zero", star = name, tech = now));
    }

    /// 4.2 + 5 POWER/ATTACK: the fleet's firepower now.
    fn fire(&self, who: &str, fl: &Fleet) -> u32 {
        let mut fire = fl.ships.base_fire();
        if fl.strong {
            fire *= 2;
        }
        let attack_star = self.s.stars_of(who).any(|(i, s)| s.kind == Kind::Attack && self.s.active(i, self.t) && self.s.torus.within(s.pos, fl.pos, 5));
        if attack_star {
            fire *= 2;
        }
        fire
    }

    /// 4.2: losses between 1 and the fire (same life form) or half of it.
    fn losses(&mut self, fire: u32, same_life: bool, what: String) -> u32 {
        let max = if same_life { fire } else { fire / 2 };
        if max == 0 {
            return 0;
        }
        let v = self.dice.range(1, max, "4.2", what);
        self.dice.set_outcome(format!("{v} losses (1..{max})"));
        v
    }

    fn attack(&mut self, who: &str, f: FleetNo, target: Target) {
        let Some(me) = self.fleet(who, f).cloned() else { return };
        let fire = self.fire(who, &me);
        let my_life = self.s.players.get(who).map_or(0, |p| p.life);
        let here = self.at(who, me.pos);
        match target {
            Target::Star => {
                let Some(i) = self.s.star_at(me.pos) else {
                    return self.note(who, msg!("galaxy-note-attack-no-star", fleet = f, here = here));
                };
                let st = self.s.stars[i].clone();
                if st.owner.as_deref() == Some(who) {
                    return self.note(who, msg!("galaxy-note-attack-own-star", fleet = f, star = st.name.as_str()));
                }
                let loss = self.losses(fire, st.life == my_life, format!("{who} F{f} fires {fire} at star {}", st.name));
                self.s.stars[i].docility -= loss as i32;
                let de = self.s.stars[i].defence();
                self.learn_star(who, i);
                self.note(
                    who,
                    msg!("galaxy-note-attacked-star", fleet = f, fire = fire, star = st.name.as_str(), loss = loss, docility = st.docility - loss as i32, defence = de),
                );
                if let Some(owner) = st.owner {
                    self.note(&owner, msg!("galaxy-note-star-attacked", star = st.name.as_str(), loss = loss, defence = de));
                }
            }
            Target::Fleet => {
                // 4.2: only one fleet per attack: arks first, then cruisers, then patrols;
                // never an invisible one, nor one of a mutual ally.
                let mut cands: Vec<(u8, FamilyKey, FleetNo)> = Vec::new();
                for (k, p) in &self.s.players {
                    if k == who || self.mutual_allies(who, k) {
                        continue;
                    }
                    for (no, fl) in &p.fleets {
                        if fl.pos == me.pos && !fl.invisible {
                            let class = if fl.ships.n > 0 { 0 } else if fl.ships.c > 0 { 1 } else { 2 };
                            cands.push((class, k.clone(), *no));
                        }
                    }
                }
                let Some(best) = cands.iter().map(|c| c.0).min() else {
                    return self.note(who, msg!("galaxy-note-attack-no-fleet", fleet = f, here = here));
                };
                let targets: Vec<(u8, FamilyKey, FleetNo)> = cands.into_iter().filter(|c| c.0 == best).collect();
                let pick = if targets.len() == 1 {
                    0
                } else {
                    self.dice.pick_index(targets.len(), "4.2", format!("{who} F{f}: target among {} fleets", targets.len())).unwrap_or(0)
                };
                let (_, tk, tno) = targets[pick].clone();
                let Some(victim) = self.fleet(&tk, tno).cloned() else { return };
                let their_life = self.s.players.get(&tk).map_or(0, |p| p.life);
                let mut loss = self.losses(fire, their_life == my_life, format!("{who} F{f} fires {fire} at {tk} F{tno}"));
                // 5 FORT: losses of fleets within 5 kpc of their owner's FORT are halved.
                let t = self.t;
                let fort = self.s.stars_of(&tk).any(|(i, s)| s.kind == Kind::Fort && self.s.active(i, t) && self.s.torus.within(s.pos, victim.pos, 5));
                if fort {
                    loss /= 2;
                }
                let left = victim.ships.lose(loss);
                let destroyed = left.total() == 0;
                // 4.2: what the attacker and the defender are told is the ships
                // really destroyed, not the loss roll (which may exceed them).
                let lost = victim.ships.total() - left.total();
                if let Some(p) = self.s.players.get_mut(&tk) {
                    if destroyed {
                        p.fleets.remove(&tno);
                    } else if let Some(fl) = p.fleets.get_mut(&tno) {
                        fl.ships = left;
                    }
                }
                let destroyed = if destroyed { "yes" } else { "no" };
                // The attacker learns what it destroyed, not what is left (6 grants no more).
                self.note(who, msg!("galaxy-note-attacked-fleet", fleet = f, fire = fire, here = here, lost = lost, destroyed = destroyed));
                let there = self.at(&tk, victim.pos);
                self.note(
                    &tk,
                    msg!(
                        "galaxy-note-fleet-attacked",
                        fleet = tno,
                        there = there,
                        lost = lost,
                        fort = if fort { "yes" } else { "no" },
                        destroyed = destroyed,
                        left = left.label()
                    ),
                );
            }
        }
    }

    // ---------------------------------------------------------------- end of turn

    fn end_of_turn(&mut self) {
        let t = self.t;
        // 5 ZERO: a fleet still in orbit lowers its owner's technology again.
        if let Some(z) = self.s.stars.iter().position(|s| s.kind == Kind::Zero) {
            let zp = self.s.stars[z].pos;
            let name = self.s.stars[z].name.clone();
            let there: Vec<FamilyKey> =
                self.s.players.iter().filter(|(_, p)| p.fleets.values().any(|f| f.pos == zp)).map(|(k, _)| k.clone()).collect();
            for k in there {
                self.zero(&k, &name);
            }
        }
        // 5 INVISIBILITY: a turn without moving ends it.
        let moved = self.moved.clone();
        let mut seen_again = Vec::new();
        for (k, p) in self.s.players.iter_mut() {
            for (no, f) in p.fleets.iter_mut() {
                if f.invisible && !moved.contains(&(k.clone(), *no)) {
                    f.invisible = false;
                    seen_again.push((k.clone(), *no));
                }
            }
        }
        for (k, no) in seen_again {
            self.note(&k, msg!("galaxy-note-visible-again", fleet = no));
        }
        // 5 CITY / MACHINE: one-shot effects of a colonisation (or a NEW change).
        for i in 0..self.s.stars.len() {
            let st = self.s.stars[i].clone();
            let Some(owner) = st.owner.clone() else { continue };
            if !st.effect_pending {
                continue;
            }
            match st.kind {
                Kind::Machine => {
                    let tech = self.s.players.get(&owner).map_or(0, |p| p.tech);
                    self.s.set_tech(&owner, tech + 1);
                    self.s.stars[i].kind = Kind::Normal;
                    self.s.stars[i].effect_pending = false;
                    self.note(&owner, msg!("galaxy-note-machine", star = st.name.as_str(), tech = tech + 1));
                }
                Kind::City => {
                    let free = self.s.players.get(&owner).and_then(|p| (1..=9u8).find(|n| !p.fleets.contains_key(n)));
                    let Some(no) = free else {
                        self.note(&owner, msg!("galaxy-note-city-no-number", star = st.name.as_str()));
                        continue;
                    };
                    let ships = Ships {
                        p: self.dice.range(0, 5, "5", format!("CITY {}: patrol ships", st.name)),
                        c: self.dice.range(0, 1, "5", format!("CITY {}: cruiser", st.name)),
                        n: self.dice.range(0, 1, "5", format!("CITY {}: ark", st.name)),
                    };
                    self.s.stars[i].kind = Kind::Normal;
                    self.s.stars[i].effect_pending = false;
                    if ships.total() > 0 {
                        if let Some(p) = self.s.players.get_mut(&owner) {
                            p.fleets.insert(no, Fleet { ships, pos: st.pos, fast: false, strong: false, invisible: false });
                        }
                        self.note(&owner, msg!("galaxy-note-city", star = st.name.as_str(), fleet = no, ships = ships.label()));
                    } else {
                        self.note(&owner, msg!("galaxy-note-city-nothing", star = st.name.as_str()));
                    }
                }
                _ => self.s.stars[i].effect_pending = false,
            }
        }
        // 4.1, 4.1.4 i, 4.1.6: income of the stars held now, and gifts, for the next budget.
        let keys: Vec<FamilyKey> = self.s.players.keys().cloned().collect();
        for k in &keys {
            let income = self.s.income(k);
            if let Some(p) = self.s.players.get_mut(k) {
                p.treasury += income + p.gifts_in;
                p.gifts_in = 0;
            }
        }
        update_knowledge(&mut self.s, t);
    }
}

/// 6: what every player learns at the end of turn `t` goes into their memory
/// (stars only; fleets are seen afresh each turn, in the view).
pub fn update_knowledge(s: &mut GalaxyState, t: u32) {
    let keys: Vec<FamilyKey> = s.players.keys().cloned().collect();
    let throne = s.throne();
    for k in keys {
        let range = s.scanner_range(&k);
        let Some(p) = s.players.get(&k) else { continue };
        let mut sources: Vec<Pos> = p.fleets.values().map(|f| f.pos).collect();
        sources.extend(s.stars_of(&k).map(|(_, st)| st.pos));
        let mut learn: BTreeMap<usize, (bool, bool)> = BTreeMap::new(); // (details, owner)
        // 6.a/6.b: echoes within T − 4 of fleets and colonised stars.
        for src in &sources {
            for i in s.stars_within(*src, range) {
                learn.entry(i).or_insert((false, false));
            }
        }
        // 6.c: a fleet in orbit gives the full characteristics, owner excepted.
        for f in p.fleets.values() {
            if let Some(i) = s.star_at(f.pos) {
                learn.entry(i).or_insert((false, false)).0 = true;
            }
        }
        // 6.e: one's own stars.
        for (i, _) in s.stars_of(&k) {
            learn.insert(i, (true, true));
        }
        // 5 XRAY (from the turn after colonisation): everything within 5 kpc.
        for (x, xs) in s.stars_of(&k) {
            if xs.kind == Kind::Xray && s.active(x, t) {
                for i in s.stars_within(xs.pos, 5) {
                    learn.insert(i, (true, true));
                }
            }
        }
        // 5 KEY: the code and the THRONE's position, as soon as colonised.
        let keys_owned: Vec<usize> = s.stars_of(&k).filter(|(_, st)| st.kind == Kind::Key).map(|(i, _)| i).collect();
        let code = s.throne_code.clone();
        let details: Vec<(usize, StarDetails, Option<FamilyKey>)> =
            learn.iter().filter(|(_, (d, _))| *d).map(|(i, (_, o))| (*i, StarDetails::of(&s.stars[*i]), o.then(|| s.stars[*i].owner.clone()).flatten())).collect();
        let owners: BTreeSet<usize> = learn.iter().filter(|(_, (_, o))| *o).map(|(i, _)| *i).collect();
        let Some(p) = s.players.get_mut(&k) else { continue };
        for i in learn.keys() {
            let e = p.known.entry(*i).or_insert(Known { seen: t, details: None, details_turn: t, owner: None, owner_turn: 0, lost: None });
            e.seen = t;
        }
        for (i, d, owner) in details {
            if let Some(e) = p.known.get_mut(&i) {
                e.details = Some(d);
                e.details_turn = t;
                if owners.contains(&i) {
                    e.owner = Some(owner);
                    e.owner_turn = t;
                }
            }
        }
        if !keys_owned.is_empty() {
            p.throne_code = Some(code);
            for key in keys_owned {
                p.keys_read.insert(key);
            }
            if let Some(th) = throne {
                p.known.entry(th).or_insert(Known { seen: t, details: None, details_turn: t, owner: None, owner_turn: 0, lost: None });
            }
        }
    }
}

/// 4.i: the first six sets of orders received in an order drawn by lot,
/// then the others in order of receipt; players who sent nothing last.
pub fn processing_order(s: &GalaxyState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> Vec<FamilyKey> {
    let mut received: Vec<(u32, FamilyKey)> =
        inputs.iter().filter_map(|(k, i)| i.receipt_rank.filter(|_| s.players.contains_key(k)).map(|r| (r, k.clone()))).collect();
    received.sort();
    let mut first: Vec<FamilyKey> = received.iter().take(6).map(|(_, k)| k.clone()).collect();
    dice.shuffle(&mut first, "4.i", "processing order of the first six orders received");
    dice.set_outcome(first.join(", "));
    let mut order = first;
    order.extend(received.iter().skip(6).map(|(_, k)| k.clone()));
    for k in s.players.keys() {
        if !order.contains(k) {
            order.push(k.clone());
        }
    }
    order
}

/// 7: points, then colonised stars, then resources, then lot.
pub fn rank(s: &GalaxyState, dice: &mut Dice) -> Vec<Ranked> {
    let mut keys: Vec<FamilyKey> = s.players.keys().cloned().collect();
    let vp = s.all_victory_points();
    dice.shuffle(&mut keys, "7", "lot for the ties of the final ranking");
    let mut rows: Vec<Ranked> = keys
        .iter()
        .map(|k| Ranked {
            rank: 0,
            player: k.clone(),
            name: s.players.get(k).map_or_else(|| k.clone(), |p| p.name.clone()),
            points: vp.get(k).copied().unwrap_or(0),
            // 7: "le nombre d'étoiles colonisées" — the stars the player
            // holds by colonisation, their own home star not counted.
            stars: s.stars_of(k).filter(|(i, _)| s.players.get(k).is_none_or(|p| p.base != *i)).count() as u32,
            resources: s.players.get(k).map_or(0, |p| p.treasury),
        })
        .collect();
    // Stable: players still tied keep the order drawn by lot.
    rows.sort_by_key(|r| std::cmp::Reverse((r.points, r.stars, r.resources)));
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as u32 + 1;
    }
    rows
}

pub fn adjudicate(
    state: &GalaxyState,
    inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>,
    dice: &mut Dice,
) -> (GalaxyState, Vec<Event>) {
    let mut s = state.clone();
    if s.ranking.is_some() {
        return (s, Vec::new());
    }
    if !s.generated() {
        // 2.3: turn 0 creates the galaxy for the players registered.
        let mut gen = dice.fork("2.3 galaxy generation");
        let r = generate::generate(&mut s, &mut gen);
        dice.absorb(gen);
        return match r {
            Ok(()) => {
                update_knowledge(&mut s, 0);
                s.turn = 1;
                let ev = Event::Generated { stars: s.stars.len() as u32, players: s.players.len() as u32 };
                (s, vec![ev])
            }
            Err(reason) => (state.clone(), vec![Event::GenerationFailed { reason }]),
        };
    }
    let t = s.turn;
    let order = processing_order(&s, inputs, dice);
    let empty = Orders::default();
    let mut turn = Turn {
        s,
        t,
        events: vec![Event::ProcessingOrder { players: order.clone() }],
        dice,
        alliances: BTreeSet::new(),
        start: BTreeMap::new(),
        moved: BTreeSet::new(),
        zeroed: BTreeSet::new(),
    };
    // 4.ii: the budget phase of every player, then the movement phase.
    for who in &order {
        let o = inputs.get(who).map_or(&empty, |i| &i.orders);
        turn.budget(who, o);
    }
    turn.start = turn.s.players.iter().flat_map(|(k, p)| p.fleets.iter().map(move |(no, f)| ((k.clone(), *no), f.pos))).collect();
    for who in &order {
        let o = inputs.get(who).map_or(&empty, |i| &i.orders);
        turn.movement(who, o);
    }
    turn.end_of_turn();
    let mut s = turn.s;
    let mut events = turn.events;
    s.turn = t + 1;
    if t >= s.settings.turns {
        let ranking = rank(&s, dice);
        s.ranking = Some(ranking.clone());
        events.push(Event::GameOver { ranking });
    }
    (s, events)
}

#[cfg(test)]
mod stored_tests {
    use super::*;

    #[test]
    fn a_note_stored_before_messages_reads_back_with_its_two_texts() {
        let json = r#"{"event":"note","player":"A","fr":"Division de F1 impossible.","en":"Split of F1 failed."}"#;
        let e: Event = serde_json::from_str(json).unwrap();
        let Event::Note { player, msg, lines, fr, en } = e else { panic!("{e:?}") };
        assert_eq!((player.as_str(), msg, lines.len()), ("A", None, 0));
        assert_eq!((fr.as_str(), en.as_str()), ("Division de F1 impossible.", "Split of F1 failed."));
    }

    #[test]
    fn a_note_is_a_message_rendered_in_the_readers_language() {
        let m = msg!("galaxy-note-split-failed", fleet = 1);
        assert_eq!(note_text(&m, &[], Lang::Fr), "Division de F1 impossible.");
        assert_eq!(note_text(&m, &[], Lang::En), "Split of F1 failed.");
        let head = msg!("galaxy-note-data-answer", star = "Alpha", square = "+1-2", here = "+4+0");
        let text = note_text(&head, &[msg!("galaxy-note-data-nothing")], Lang::En);
        assert_eq!(text, "Answer of Alpha for square +1-2 of the DATA (+4+0 for you):\n  nothing.");
        let e = Event::Note { player: "A".into(), msg: Some(m.clone()), lines: Vec::new(), fr: note_text(&m, &[], Lang::Fr), en: String::new() };
        let back: Event = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
        assert_eq!(back, e);
    }

    #[test]
    fn a_generation_failure_stored_as_a_sentence_reads_back_verbatim() {
        let json = r#"{"event":"generation_failed","reason":"2 joueur(s) inscrit(s) : il en faut au moins 4 pour créer la galaxie (2.1)"}"#;
        let Event::GenerationFailed { reason } = serde_json::from_str::<Event>(json).unwrap() else { panic!() };
        assert_eq!(reason.render(Lang::En), "2 joueur(s) inscrit(s) : il en faut au moins 4 pour créer la galaxie (2.1)");
    }

    #[test]
    fn r4_1_6_a_gift_from_a_name_beginning_with_a_vowel_is_elided() {
        let m = msg!("galaxy-note-gift-received", amount = 5, from = "Alice");
        assert_eq!(m.render(Lang::Fr), "Vous recevez un don de 5 d'Alice, utilisable dès le prochain tour.");
        let m = msg!("galaxy-note-gift-received", amount = 5, from = "Bob");
        assert_eq!(m.render(Lang::Fr), "Vous recevez un don de 5 de Bob, utilisable dès le prochain tour.");
        assert_eq!(m.render(Lang::En), "You receive a gift of 5 from Bob, usable from next turn.");
    }
}
