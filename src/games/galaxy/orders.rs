//! Galaxy's orders (orders.md §7): reading the lines against what the player
//! knows, with one clear French reason for every line refused.
//!
//! Budget lines are checked first, in the order written (that is also the
//! order in which they are carried out, 4.1), on a copy of the player's
//! fleets and treasury; then movement lines, on the fleets as the budget
//! phase leaves them.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, LineVerdict, OrderLine, ParsedOrders};
use crate::i18n::Msg;
use crate::msg;
use crate::text::{self, Cursor, Token};

use super::model::{Fleet, GalaxyState, Kind, Pos, Rel, Ships};

/// A fleet number, 1..=9 (4.1.3).
pub type FleetNo = u8;

/// What an attack aims at (4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    Star,
    Fleet,
}

/// One accepted order. Stars are held by their index in the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub enum Order {
    /// 4.1.1: all into `into`.
    Merge { into: FleetNo, others: Vec<FleetNo> },
    /// 4.1.2
    Split { from: FleetNo, new: FleetNo, ships: Ships },
    /// 4.1.3
    Build { fleet: FleetNo, ships: Ships, star: usize },
    /// 4.1.4
    Colonise { star: usize, code: Option<String> },
    /// 4.1.5
    Defend { star: usize, amount: u32 },
    /// 4.1.6
    Gift { to: FamilyKey, amount: u32 },
    /// 4.1.7
    Ally { to: FamilyKey },
    /// 4.1.8
    Change { star: usize, kind: Kind },
    /// 4.1.9: the square at `rel` from the DATA star.
    Data { data_star: usize, rel: Rel },
    /// 4.2: to a square relative to the player's base.
    Move { fleet: FleetNo, to: Rel },
    /// 4.2 i–v
    Pursue { fleet: FleetNo, at: Rel },
    /// 5 GATE
    Jump { fleet: FleetNo },
    /// 4.2
    Attack { fleet: FleetNo, target: Target },
}

impl Order {
    pub fn is_budget(&self) -> bool {
        !matches!(self, Order::Move { .. } | Order::Pursue { .. } | Order::Jump { .. } | Order::Attack { .. })
    }
}

/// A player's accepted orders for a turn, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    pub items: Vec<Order>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Word {
    Merge,
    Split,
    Build,
    Colonise,
    Defend,
    Gift,
    Ally,
    Change,
    Data,
    Move,
    Pursue,
    Attack,
    Jump,
}

const WORDS: [(Word, &[&str]); 13] = [
    (Word::Merge, &["REUNIR", "MERGE"]),
    (Word::Split, &["DIVISER", "SPLIT"]),
    (Word::Build, &["CONSTRUIRE", "BUILD"]),
    (Word::Colonise, &["COLONISER", "COLONIZE", "COLONISE"]),
    (Word::Defend, &["DEFENSE", "DEFEND", "DEFENCE"]),
    (Word::Gift, &["DON", "GIFT"]),
    (Word::Ally, &["ALLIANCE", "ALLY"]),
    (Word::Change, &["CHANGER", "CHANGE"]),
    (Word::Data, &["DATA"]),
    (Word::Move, &["DEPLACER", "MOVE"]),
    (Word::Pursue, &["POURSUIVRE", "PURSUE"]),
    (Word::Attack, &["ATTAQUER", "ATTACK"]),
    (Word::Jump, &["SAUT", "JUMP", "SAUTER"]),
];

impl Word {
    fn is_budget(self) -> bool {
        !matches!(self, Word::Move | Word::Pursue | Word::Attack | Word::Jump)
    }
}

/// Why a line is refused (a `galaxy-refused-*` message) and the nearest
/// valid form, if any.
type Refused = (Msg, Option<String>);
type Verdict = Result<(Order, String), Refused>;
/// A line's keyword, tokens and where its arguments start; or why it is refused.
type Classified = Result<(Word, Vec<Token>, usize), Refused>;

fn fail<T>(reason: Msg) -> Result<T, Refused> {
    Err((reason, None))
}

/// Reads `F1`..`F9` (also `F 1`).
fn eat_fleet(c: &mut Cursor) -> Result<FleetNo, Refused> {
    let Some(t) = c.next() else {
        return fail(msg!("galaxy-refused-fleet-missing"));
    };
    let k = text::key(&t.text);
    let digits = if k == "F" {
        match c.next() {
            Some(n) => n.text.clone(),
            None => return fail(msg!("galaxy-refused-fleet-missing")),
        }
    } else if let Some(d) = k.strip_prefix('F') {
        d.to_string()
    } else {
        return fail(msg!("galaxy-refused-not-a-fleet", written = t.text.as_str()));
    };
    match digits.trim().parse::<u8>() {
        Ok(n) if (1..=9).contains(&n) => Ok(n),
        _ => fail(msg!("galaxy-refused-fleet-number", written = format!("F{digits}"))),
    }
}

fn parse_signed(s: &str) -> Option<i32> {
    let s = s.trim();
    if s.is_empty() || s.len() > 6 {
        return None;
    }
    let (sign, digits) = match s.as_bytes()[0] {
        b'+' => (1, &s[1..]),
        b'-' => (-1, &s[1..]),
        _ => (1, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i32>().ok().map(|v| sign * v)
}

/// Splits `+3-2` into `+3` and `-2`.
fn split_pos(s: &str) -> Option<Rel> {
    let s = s.replace(['\u{2212}', '\u{2013}'], "-");
    let bytes = s.as_bytes();
    let cut = (1..bytes.len()).find(|&i| bytes[i] == b'+' || bytes[i] == b'-')?;
    Some(Rel { h: parse_signed(&s[..cut])?, v: parse_signed(&s[cut..])? })
}

/// Reads a position `+H+V` (one token, or `+H` `+V`, or `H,V`).
fn eat_pos(c: &mut Cursor) -> Result<Rel, Refused> {
    let Some(t) = c.next() else {
        return fail(msg!("galaxy-refused-position-missing"));
    };
    let s = t.text.replace(['(', ')'], "");
    if let Some(r) = split_pos(&s) {
        return Ok(r);
    }
    if let Some((a, b)) = s.split_once(',') {
        if let (Some(h), Some(v)) = (parse_signed(a), parse_signed(b)) {
            return Ok(Rel { h, v });
        }
    }
    if let Some(h) = parse_signed(&s) {
        if let Some(n) = c.peek() {
            if let Some(v) = parse_signed(&n.text) {
                if n.text.starts_with(['+', '-']) {
                    c.next();
                    return Ok(Rel { h, v });
                }
            }
        }
    }
    Err((msg!("galaxy-refused-not-a-position", written = t.text.as_str()), Some("+0+0".into())))
}

/// Reads `<n>P <n>C <n>N` in any order, some omitted (`5P`, `2P 1N`, `5 P`).
fn eat_ships(c: &mut Cursor) -> Result<Ships, Refused> {
    let mut s = Ships::default();
    let mut seen = BTreeSet::new();
    while let Some(t) = c.peek() {
        let f = text::fold(&t.text);
        let (num, unit, used) = if let Some(last) = f.chars().last().filter(|ch| matches!(ch, 'P' | 'C' | 'N')) {
            let digits = &f[..f.len() - 1];
            match digits.parse::<u32>() {
                Ok(n) => (n, last, 1),
                Err(_) => break,
            }
        } else if let Ok(n) = f.parse::<u32>() {
            let toks = c.rest();
            match toks.get(1).map(|u| text::fold(&u.text)) {
                Some(u) if u == "P" || u == "C" || u == "N" => (n, u.chars().next().unwrap_or('P'), 2),
                _ => break,
            }
        } else {
            break;
        };
        if num > 999 {
            return fail(msg!("galaxy-refused-too-many-ships", written = format!("{num}{unit}")));
        }
        if !seen.insert(unit) {
            return fail(msg!("galaxy-refused-ship-type-twice", unit = unit.to_string()));
        }
        match unit {
            'P' => s.p = num,
            'C' => s.c = num,
            _ => s.n = num,
        }
        for _ in 0..used {
            c.next();
        }
    }
    if seen.is_empty() {
        return fail(msg!("galaxy-refused-ships-missing"));
    }
    Ok(s)
}

/// `what`: `defence` or `gift`, as the `galaxy-refused-amount-*` messages select it.
fn eat_amount(c: &mut Cursor, what: &str) -> Result<u32, Refused> {
    match c.peek() {
        None => fail(msg!("galaxy-refused-amount-missing", what = what)),
        Some(t) => match c.eat_amount() {
            Some(v) if v > 0 => Ok(v),
            Some(_) => fail(msg!("galaxy-refused-amount-zero", what = what)),
            None => fail(msg!("galaxy-refused-not-an-amount", what = what, written = t.text.as_str())),
        },
    }
}

fn expect_end(c: &Cursor) -> Result<(), Refused> {
    match c.peek() {
        None => Ok(()),
        Some(t) => fail(msg!("galaxy-refused-trailing", written = t.text.as_str())),
    }
}

/// What the player knows while their orders are read.
struct Reader<'a> {
    s: &'a GalaxyState,
    who: &'a str,
    origin: Pos,
    /// Star names the player may use, folded, to the star's index.
    names: BTreeMap<String, usize>,
    /// Fleets as the budget lines so far leave them.
    fleets: BTreeMap<FleetNo, Fleet>,
    spent: u32,
    treasury: u32,
    colonising: BTreeSet<usize>,
    changed: BTreeSet<usize>,
    queried: BTreeSet<usize>,
    moving: BTreeSet<FleetNo>,
    /// Fleets whose order takes them off their square (a move to the square
    /// they stand on is no move, 4.2 iii).
    displaced: BTreeSet<FleetNo>,
    attacks: BTreeMap<FleetNo, u32>,
    /// 4.1.1: fleets formed this turn (built or split off), which did not
    /// stand on their square at the start of the turn.
    formed: BTreeSet<FleetNo>,
    /// 4.1.6 and 4.1.7: one gift and one alliance a turn.
    gift_given: bool,
    ally_declared: bool,
    /// The referee's notes on the line being read (its cost, a warning),
    /// echoed after it in the acknowledgement; taken at each line's end.
    notes: Vec<Msg>,
}

impl<'a> Reader<'a> {
    /// How acknowledgements name a star: by its name if the player knows it
    /// (their own, or details learnt), else by its position `+H+V` — never a
    /// name that the player's view does not hold (issue 12, rule 6).
    fn star_label(&self, i: usize) -> String {
        let Some(st) = self.s.stars.get(i) else { return String::new() };
        if self.names.get(&text::key(&st.name)) == Some(&i) {
            return st.name.clone();
        }
        self.s.torus.rel(self.origin, st.pos).label()
    }

    /// Whether the player knows this star's kind (own star, or details learnt).
    fn known_kind(&self, i: usize) -> Option<Kind> {
        let st = self.s.stars.get(i)?;
        if st.owner.as_deref() == Some(self.who) {
            return Some(st.kind);
        }
        self.s.players.get(self.who)?.known.get(&i)?.details.as_ref().map(|d| d.kind)
    }

    /// A star by name (known to the player) or by position `+H+V` (a star
    /// the player has seen there).
    fn eat_star(&self, c: &mut Cursor) -> Result<usize, Refused> {
        let Some(t) = c.next() else {
            return fail(msg!("galaxy-refused-star-missing"));
        };
        if let Some(r) = split_pos(&t.text) {
            let p = self.s.torus.add(self.origin, r);
            let known = self.s.players.get(self.who).map(|pl| &pl.known);
            return match self.s.star_at(p) {
                Some(i) if known.is_some_and(|k| k.contains_key(&i)) || self.s.stars[i].owner.as_deref() == Some(self.who) => {
                    Ok(i)
                }
                _ => fail(msg!("galaxy-refused-no-star-known-at", at = r.label())),
            };
        }
        let k = text::key(&t.text);
        match self.names.get(&k) {
            Some(&i) => Ok(i),
            None => {
                let sug = text::suggest(&t.text, self.names.keys().map(|s| s.as_str()));
                Err((msg!("galaxy-refused-unknown-star", written = t.text.as_str()), sug))
            }
        }
    }

    /// A player by name, possibly in several words without quotes; `keep`
    /// tokens at the end of the line are left for what follows (the amount).
    fn eat_player(&self, c: &mut Cursor, keep: usize) -> Result<FamilyKey, Refused> {
        let rest = c.rest();
        if rest.len() <= keep {
            return fail(msg!("galaxy-refused-player-missing"));
        }
        let avail = rest.len() - keep;
        // The longest run of words that names a player.
        for n in (1..=avail).rev() {
            let words: Vec<&str> = rest[..n].iter().map(|t| t.text.as_str()).collect();
            let k = text::key(&words.join(" "));
            let found = self.s.players.iter().find(|(key, p)| text::key(key) == k || text::key(&p.name) == k);
            if let Some((key, _)) = found {
                for _ in 0..n {
                    c.next();
                }
                if key == self.who {
                    return fail(msg!("galaxy-refused-yourself"));
                }
                return Ok(key.clone());
            }
        }
        let written: Vec<&str> = rest[..avail].iter().map(|t| t.text.as_str()).collect();
        let written = written.join(" ");
        let sug = text::suggest(&written, self.s.players.values().map(|p| p.name.as_str()));
        Err((msg!("galaxy-refused-unknown-player", written = written), sug))
    }

    /// `what`: a `galaxy-spending` message naming what is paid for.
    fn spend(&mut self, cost: u32, what: Msg) -> Result<(), Refused> {
        if self.spent.saturating_add(cost) > self.treasury {
            return fail(msg!("galaxy-refused-over-budget", what = what, cost = cost, left = self.treasury - self.spent, treasury = self.treasury));
        }
        self.spent += cost;
        Ok(())
    }

    fn fleet(&self, f: FleetNo) -> Result<&Fleet, Refused> {
        self.fleets.get(&f).ok_or_else(|| {
            let have: Vec<String> = self.fleets.keys().map(|k| format!("F{k}")).collect();
            (msg!("galaxy-refused-no-such-fleet", fleet = f, count = have.len(), fleets = have.join(", ")), None)
        })
    }

    fn free_fleet(&self, f: FleetNo) -> Result<(), Refused> {
        if self.fleets.contains_key(&f) {
            let free = (1..=9u8).find(|n| !self.fleets.contains_key(n)).map(|n| format!("F{n}"));
            let reason = match &free {
                Some(_) => msg!("galaxy-refused-fleet-exists", fleet = f),
                None => msg!("galaxy-r4-1-3-nine-fleets"),
            };
            return Err((reason, free));
        }
        Ok(())
    }

    fn budget(&mut self, w: Word, c: &mut Cursor) -> Verdict {
        match w {
            Word::Merge => {
                let into = eat_fleet(c)?;
                let mut others = Vec::new();
                while !c.is_done() {
                    others.push(eat_fleet(c)?);
                }
                if others.is_empty() {
                    return fail(msg!("galaxy-refused-merge-one-fleet"));
                }
                let pos = self.fleet(into)?.pos;
                // 4.1.1: "les flottes situées sur la même position en début de tour".
                if let Some(n) = std::iter::once(&into).chain(others.iter()).find(|n| self.formed.contains(n)) {
                    return fail(msg!("galaxy-r4-1-1-formed-this-turn", fleet = *n));
                }
                let mut seen = BTreeSet::from([into]);
                for o in &others {
                    if !seen.insert(*o) {
                        return fail(msg!("galaxy-refused-fleet-twice", fleet = *o));
                    }
                    if self.fleet(*o)?.pos != pos {
                        return fail(msg!("galaxy-r4-1-1-not-on-the-same-square", fleet = *o, into = into));
                    }
                }
                let mut merged = self.fleets[&into].clone();
                for o in &others {
                    if let Some(f) = self.fleets.remove(o) {
                        merged.ships = merged.ships.plus(f.ships);
                        merged.fast |= f.fast;
                        merged.strong |= f.strong;
                        merged.invisible |= f.invisible;
                    }
                }
                self.fleets.insert(into, merged);
                let list: Vec<String> = others.iter().map(|o| format!("F{o}")).collect();
                Ok((Order::Merge { into, others }, format!("REUNIR F{into} {}", list.join(" "))))
            }
            Word::Split => {
                let from = eat_fleet(c)?;
                let new = eat_fleet(c)?;
                let ships = eat_ships(c)?;
                expect_end(c)?;
                let f = self.fleet(from)?.clone();
                self.free_fleet(new)?;
                if f.ships.total() < 2 {
                    return fail(msg!("galaxy-r4-1-2-one-ship", fleet = from));
                }
                if ships.total() == 0 {
                    return fail(msg!("galaxy-refused-split-no-ship"));
                }
                if !f.ships.contains(ships) || ships.total() >= f.ships.total() {
                    return fail(msg!("galaxy-refused-split-too-many", fleet = from, has = f.ships.label(), ships = ships.label()));
                }
                let mut rest = f.clone();
                rest.ships = f.ships.minus(ships);
                self.fleets.insert(from, rest);
                self.fleets.insert(new, Fleet { ships, pos: f.pos, fast: false, strong: false, invisible: false });
                self.formed.insert(new);
                Ok((Order::Split { from, new, ships }, format!("DIVISER F{from} F{new} {}", ships.label())))
            }
            Word::Build => {
                let fleet = eat_fleet(c)?;
                let ships = eat_ships(c)?;
                let star = self.eat_star(c)?;
                expect_end(c)?;
                self.free_fleet(fleet)?;
                if ships.total() == 0 {
                    return fail(msg!("galaxy-refused-build-no-ship"));
                }
                if self.s.stars[star].owner.as_deref() != Some(self.who) {
                    return fail(msg!("galaxy-r4-1-3-not-yours", star = self.star_label(star)));
                }
                self.spend(ships.cost(), msg!("galaxy-spending", what = "fleet", name = ships.label()))?;
                self.fleets.insert(fleet, Fleet { ships, pos: self.s.stars[star].pos, fast: false, strong: false, invisible: false });
                self.formed.insert(fleet);
                self.notes.push(msg!("galaxy-echo-cost", cost = ships.cost()));
                Ok((Order::Build { fleet, ships, star }, format!("CONSTRUIRE F{fleet} {} {}", ships.label(), self.star_label(star))))
            }
            Word::Colonise => {
                let star = self.eat_star(c)?;
                let code = c.next().map(|t| text::fold(&t.text));
                expect_end(c)?;
                let st = &self.s.stars[star];
                if st.owner.as_deref() == Some(self.who) {
                    return fail(msg!("galaxy-refused-already-yours", star = self.star_label(star)));
                }
                if !self.colonising.insert(star) {
                    return fail(msg!("galaxy-refused-colonised-twice", star = self.star_label(star)));
                }
                let has_ark = self.fleets.values().any(|f| f.pos == st.pos && f.ships.n > 0);
                if !has_ark {
                    return fail(msg!("galaxy-r4-1-4-no-ark", star = self.star_label(star)));
                }
                if st.defence() > 0 {
                    return fail(msg!("galaxy-r4-1-4-defended", star = self.star_label(star), defence = st.defence()));
                }
                let tech = self.s.players.get(self.who).map_or(0, |p| p.tech);
                if st.tech > tech + 1 {
                    return fail(msg!("galaxy-r4-1-4-technology", star = self.star_label(star), star_tech = st.tech, tech = tech));
                }
                if st.kind == Kind::Throne && code.is_none() {
                    return fail(msg!("galaxy-refused-throne-code"));
                }
                let cost = self.s.colonisation_cost(self.who, star).unwrap_or(0);
                self.spend(cost, msg!("galaxy-spending", what = "colonisation", name = self.star_label(star)))?;
                let canon = match &code {
                    Some(k) => format!("COLONISER {} {k}", self.star_label(star)),
                    None => format!("COLONISER {}", self.star_label(star)),
                };
                self.notes.push(msg!("galaxy-echo-cost", cost = cost));
                Ok((Order::Colonise { star, code }, canon))
            }
            Word::Defend => {
                let star = self.eat_star(c)?;
                let amount = eat_amount(c, "defence")?;
                expect_end(c)?;
                if self.s.stars[star].owner.as_deref() != Some(self.who) {
                    return fail(msg!("galaxy-r4-1-5-not-yours", star = self.star_label(star)));
                }
                self.spend(amount, msg!("galaxy-spending", what = "defence", name = ""))?;
                Ok((Order::Defend { star, amount }, format!("DEFENSE {} {amount}", self.star_label(star))))
            }
            Word::Gift => {
                let to = self.eat_player(c, 1)?;
                let amount = eat_amount(c, "gift")?;
                expect_end(c)?;
                if self.gift_given {
                    return fail(msg!("galaxy-r4-1-6-second-gift"));
                }
                self.spend(amount, msg!("galaxy-spending", what = "gift", name = ""))?;
                self.gift_given = true;
                let name = self.s.players.get(&to).map_or(to.clone(), |p| p.name.clone());
                Ok((Order::Gift { to, amount }, format!("DON {name} {amount}")))
            }
            Word::Ally => {
                let to = self.eat_player(c, 0)?;
                expect_end(c)?;
                if self.ally_declared {
                    return fail(msg!("galaxy-r4-1-7-second-alliance"));
                }
                self.ally_declared = true;
                let name = self.s.players.get(&to).map_or(to.clone(), |p| p.name.clone());
                Ok((Order::Ally { to }, format!("ALLIANCE {name}")))
            }
            Word::Change => {
                let star = self.eat_star(c)?;
                let Some(t) = c.next() else {
                    return fail(msg!("galaxy-refused-kind-missing"));
                };
                let mut kname = t.text.clone();
                if let Some(n) = c.peek() {
                    if matches!(text::key(&n.text).as_str(), "STAR" | "ETOILE") {
                        c.next();
                    }
                }
                expect_end(c)?;
                let allowed: Vec<&str> = Kind::ALL.iter().filter(|k| k.new_star_may_become()).map(|k| k.name()).collect();
                let Some(kind) = Kind::from_name(&kname) else {
                    kname = text::fold(&kname);
                    return Err((msg!("galaxy-refused-unknown-kind", written = kname.as_str()), text::suggest(&kname, allowed.iter().copied())));
                };
                if !kind.new_star_may_become() {
                    return fail(msg!("galaxy-refused-kind-not-allowed", kind = kind.name(), allowed = allowed.join(", ")));
                }
                let st = &self.s.stars[star];
                if st.owner.as_deref() != Some(self.who) || st.kind != Kind::New {
                    return fail(msg!("galaxy-r4-1-8-not-your-new-star", star = self.star_label(star)));
                }
                if !self.s.active(star, self.s.turn) {
                    return fail(msg!("galaxy-r4-1-8-colonised-this-turn", star = self.star_label(star)));
                }
                if !self.changed.insert(star) {
                    return fail(msg!("galaxy-refused-changed-twice", star = self.star_label(star)));
                }
                Ok((Order::Change { star, kind }, format!("CHANGER {} {}", self.star_label(star), kind.name())))
            }
            Word::Data => {
                let data_star = self.eat_star(c)?;
                let rel = eat_pos(c)?;
                expect_end(c)?;
                let st = &self.s.stars[data_star];
                if st.owner.as_deref() != Some(self.who) || st.kind != Kind::Data {
                    return fail(msg!("galaxy-r4-1-9-not-your-data-star", star = self.star_label(data_star)));
                }
                if !self.s.active(data_star, self.s.turn) {
                    return fail(msg!("galaxy-r5-data-colonised-this-turn", star = self.star_label(data_star)));
                }
                if !self.queried.insert(data_star) {
                    return fail(msg!("galaxy-r5-data-one-query", star = self.star_label(data_star)));
                }
                Ok((Order::Data { data_star, rel }, format!("DATA {} {}", self.star_label(data_star), rel.label())))
            }
            _ => fail(msg!("galaxy-refused-internal", phase = "budget")),
        }
    }

    fn movement(&mut self, w: Word, c: &mut Cursor) -> Verdict {
        match w {
            Word::Move | Word::Pursue => {
                let fleet = eat_fleet(c)?;
                let to = eat_pos(c)?;
                expect_end(c)?;
                let f = self.fleet(fleet)?.clone();
                if !self.moving.insert(fleet) {
                    return fail(msg!("galaxy-refused-moved-twice", fleet = fleet));
                }
                if w == Word::Pursue {
                    self.displaced.insert(fleet);
                    return Ok((Order::Pursue { fleet, at: to }, format!("POURSUIVRE F{fleet} {}", to.label())));
                }
                let dest = self.s.torus.add(self.origin, to);
                if dest != f.pos {
                    self.displaced.insert(fleet);
                }
                let d = self.s.torus.dist(f.pos, dest);
                // 4.2: the rules make a too-long move scuttle the fleet; the
                // order stands, and the acknowledgement warns.
                if !self.s.torus.within(f.pos, dest, f.speed() as i64) {
                    self.notes.push(msg!("galaxy-echo-r4-2-too-far", distance = format!("{d:.2}"), speed = f.speed()));
                }
                Ok((Order::Move { fleet, to }, format!("DEPLACER F{fleet} {}", to.label())))
            }
            Word::Jump => {
                let fleet = eat_fleet(c)?;
                expect_end(c)?;
                let f = self.fleet(fleet)?.clone();
                let gate = self.s.star_at(f.pos).filter(|&i| self.known_kind(i) == Some(Kind::Gate));
                if gate.is_none() {
                    return fail(msg!("galaxy-r5-gate-no-gate", fleet = fleet));
                }
                if !self.moving.insert(fleet) {
                    return fail(msg!("galaxy-refused-moved-twice", fleet = fleet));
                }
                self.displaced.insert(fleet);
                Ok((Order::Jump { fleet }, format!("SAUT F{fleet}")))
            }
            Word::Attack => {
                let fleet = eat_fleet(c)?;
                let target = match c.eat_keyword(&["ETOILE", "STAR", "FLOTTE", "FLEET"]) {
                    Some(0) | Some(1) => Target::Star,
                    Some(_) => Target::Fleet,
                    None => {
                        let got = c.peek().map(|t| t.text.clone()).unwrap_or_default();
                        // Both languages' words: a typo gets the word of its writer's language.
                        let sug = text::suggest(&got, ["ETOILE", "STAR", "FLOTTE", "FLEET"]);
                        return Err((msg!("galaxy-refused-target", written = got), sug));
                    }
                };
                expect_end(c)?;
                let f = self.fleet(fleet)?;
                if f.ships.base_fire() == 0 {
                    return fail(msg!("galaxy-r4-1-3-arks-only", fleet = fleet));
                }
                // Attack lines are read after every move line, whatever the
                // order written, as the adjudication carries them out (4.2).
                let max = if self.displaced.contains(&fleet) { 1 } else { 2 };
                let n = self.attacks.entry(fleet).or_insert(0);
                if *n >= max {
                    return fail(if max == 1 { msg!("galaxy-r4-2-ii-one-attack", fleet = fleet) } else { msg!("galaxy-r4-2-iii-two-attacks", fleet = fleet) });
                }
                *n += 1;
                let t = if target == Target::Star { "ETOILE" } else { "FLOTTE" };
                Ok((Order::Attack { fleet, target }, format!("ATTAQUER F{fleet} {t}")))
            }
            _ => fail(msg!("galaxy-refused-internal", phase = "movement")),
        }
    }
}

/// The canonical line `canon` of order word `w` with the English keywords
/// (an English reader's echo, orders.md §1): the order word's English alias
/// and ATTACK's target word; every other part of a canonical line (fleets,
/// star names, ships, positions, star kinds) is the same in both languages.
fn english(w: Word, canon: &str) -> String {
    let en = WORDS.iter().find(|(x, _)| *x == w).and_then(|(_, a)| a.get(1).or(a.first())).copied().unwrap_or_default();
    let rest = canon.split_once(' ').map_or("", |(_, r)| r);
    let rest = match w {
        Word::Attack => match (rest.strip_suffix(" ETOILE"), rest.strip_suffix(" FLOTTE")) {
            (Some(f), _) => format!("{f} STAR"),
            (_, Some(f)) => format!("{f} FLEET"),
            _ => rest.to_string(),
        },
        _ => rest.to_string(),
    };
    if rest.is_empty() {
        en.to_string()
    } else {
        format!("{en} {rest}")
    }
}

fn keyword_list() -> Vec<&'static str> {
    WORDS.iter().flat_map(|(_, a)| a.iter().copied()).collect()
}

/// The stars a player may name: those whose details they know, and their own.
pub fn nameable_stars(s: &GalaxyState, who: &str) -> BTreeMap<String, usize> {
    let mut names = BTreeMap::new();
    if let Some(p) = s.players.get(who) {
        for (i, k) in &p.known {
            if let Some(d) = &k.details {
                names.insert(text::key(&d.name), *i);
            }
        }
    }
    for (i, st) in s.stars_of(who) {
        names.insert(text::key(&st.name), i);
    }
    names
}

/// Reads a player's order lines (never fails).
pub fn parse(s: &GalaxyState, who: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
    let reject_all = |reason: Msg| ParsedOrders {
        orders: Orders::default(),
        verdicts: lines.iter().map(|l| LineVerdict::rejected(l, reason.clone(), None)).collect(),
    };
    let Some(player) = s.players.get(who) else {
        return reject_all(msg!("galaxy-refused-not-a-player"));
    };
    if !s.generated() {
        return reject_all(msg!("galaxy-refused-turn-0"));
    }
    if s.ranking.is_some() {
        return reject_all(msg!("galaxy-refused-over"));
    }
    let mut r = Reader {
        s,
        who,
        origin: player.origin,
        names: nameable_stars(s, who),
        fleets: player.fleets.clone(),
        spent: 0,
        treasury: player.treasury,
        colonising: BTreeSet::new(),
        changed: BTreeSet::new(),
        queried: BTreeSet::new(),
        moving: BTreeSet::new(),
        displaced: BTreeSet::new(),
        attacks: BTreeMap::new(),
        formed: BTreeSet::new(),
        gift_given: false,
        ally_declared: false,
        notes: Vec::new(),
    };
    // Classify every line first: budget lines are read before movement lines.
    let mut classified: Vec<(usize, Classified)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let toks = text::tokenize(&line.text);
        if toks.problem.is_some() {
            // The tokenizer's only problem: a quote left open.
            classified.push((i, Err((msg!("galaxy-refused-open-quote"), None))));
            continue;
        }
        let mut c = Cursor::new(&toks.tokens);
        let word = WORDS.iter().find_map(|(w, aliases)| c.eat_keyword(aliases).map(|_| *w));
        match word {
            Some(w) => {
                let at = c.pos();
                classified.push((i, Ok((w, toks.tokens.clone(), at))));
            }
            None => {
                let first = toks.tokens.first().map(|t| t.text.clone()).unwrap_or_default();
                let sug = text::suggest(&first, keyword_list());
                classified.push((i, Err((msg!("galaxy-refused-unknown-order", written = first), sug))));
            }
        }
    }
    let mut verdicts: Vec<Option<LineVerdict>> = vec![None; lines.len()];
    let mut accepted: Vec<(usize, Order)> = Vec::new();
    // Budget lines, then moves, then attacks (4.1, 4.2 ii–iii).
    for pass in 0..3 {
        let pass_budget = pass == 0;
        for (i, c) in &classified {
            match c {
                Err((reason, sug)) if pass_budget => {
                    verdicts[*i] = Some(LineVerdict::rejected(&lines[*i], reason.clone(), sug.clone()));
                }
                Ok((w, toks, at)) if w.is_budget() == pass_budget && (pass_budget || (*w == Word::Attack) == (pass == 2)) => {
                    let mut cur = Cursor::new(toks);
                    for _ in 0..*at {
                        cur.next();
                    }
                    let v = if pass_budget { r.budget(*w, &mut cur) } else { r.movement(*w, &mut cur) };
                    let notes = std::mem::take(&mut r.notes);
                    verdicts[*i] = Some(match v {
                        Ok((order, canon)) => {
                            accepted.push((*i, order));
                            let en = english(*w, &canon);
                            LineVerdict::accepted_bilingual(&lines[*i], canon, en, notes)
                        }
                        Err((reason, sug)) => LineVerdict::rejected(&lines[*i], reason, sug),
                    });
                }
                _ => {}
            }
        }
    }
    // Budget orders keep their written order, then movement orders theirs.
    let items = accepted.into_iter().map(|(_, o)| o).collect();
    ParsedOrders { orders: Orders { items }, verdicts: verdicts.into_iter().flatten().collect() }
}


/// One sample of every refusal this file can give, for the catalogue check
/// (`tests/messages.rs`): a refusal added above without its sample here
/// leaves its message unused, and the check fails.
pub fn samples() -> Vec<Msg> {
    let star = || "Alpha".to_string();
    let mut v = vec![
        msg!("galaxy-echo-cost", cost = 12),
        msg!("galaxy-echo-r4-2-too-far", distance = "3.61", speed = 2),
        msg!("galaxy-refused-not-a-player"),
        msg!("galaxy-refused-turn-0"),
        msg!("galaxy-refused-over"),
        msg!("galaxy-refused-open-quote"),
        msg!("galaxy-refused-unknown-order", written = "DEPLACR"),
        msg!("galaxy-refused-fleet-missing"),
        msg!("galaxy-refused-not-a-fleet", written = "X1"),
        msg!("galaxy-refused-fleet-number", written = "F0"),
        msg!("galaxy-refused-position-missing"),
        msg!("galaxy-refused-not-a-position", written = "33"),
        msg!("galaxy-refused-too-many-ships", written = "1000P"),
        msg!("galaxy-refused-ship-type-twice", unit = "P"),
        msg!("galaxy-refused-ships-missing"),
        msg!("galaxy-refused-trailing", written = "VITE"),
        msg!("galaxy-refused-star-missing"),
        msg!("galaxy-refused-no-star-known-at", at = "+3-2"),
        msg!("galaxy-refused-unknown-star", written = "Nulle-Part"),
        msg!("galaxy-refused-player-missing"),
        msg!("galaxy-refused-yourself"),
        msg!("galaxy-refused-unknown-player", written = "Joueur X"),
        msg!("galaxy-refused-no-such-fleet", fleet = 4, count = 0, fleets = ""),
        msg!("galaxy-refused-no-such-fleet", fleet = 4, count = 2, fleets = "F1, F2"),
        msg!("galaxy-refused-fleet-exists", fleet = 1),
        msg!("galaxy-r4-1-3-nine-fleets"),
        msg!("galaxy-refused-merge-one-fleet"),
        msg!("galaxy-r4-1-1-formed-this-turn", fleet = 2),
        msg!("galaxy-refused-fleet-twice", fleet = 2),
        msg!("galaxy-r4-1-1-not-on-the-same-square", fleet = 2, into = 1),
        msg!("galaxy-r4-1-2-one-ship", fleet = 1),
        msg!("galaxy-refused-split-no-ship"),
        msg!("galaxy-refused-split-too-many", fleet = 1, has = "2P", ships = "3P"),
        msg!("galaxy-refused-build-no-ship"),
        msg!("galaxy-r4-1-3-not-yours", star = star()),
        msg!("galaxy-refused-already-yours", star = star()),
        msg!("galaxy-refused-colonised-twice", star = star()),
        msg!("galaxy-r4-1-4-no-ark", star = "+3-2"),
        msg!("galaxy-r4-1-4-defended", star = star(), defence = 4),
        msg!("galaxy-r4-1-4-technology", star = star(), star_tech = 5, tech = 3),
        msg!("galaxy-refused-throne-code"),
        msg!("galaxy-r4-1-5-not-yours", star = star()),
        msg!("galaxy-r4-1-6-second-gift"),
        msg!("galaxy-r4-1-7-second-alliance"),
        msg!("galaxy-refused-kind-missing"),
        msg!("galaxy-refused-unknown-kind", written = "BLUE"),
        msg!("galaxy-refused-kind-not-allowed", kind = "THRONE", allowed = "DATA, RADAR"),
        msg!("galaxy-r4-1-8-not-your-new-star", star = star()),
        msg!("galaxy-r4-1-8-colonised-this-turn", star = star()),
        msg!("galaxy-refused-changed-twice", star = star()),
        msg!("galaxy-r4-1-9-not-your-data-star", star = star()),
        msg!("galaxy-r5-data-colonised-this-turn", star = star()),
        msg!("galaxy-r5-data-one-query", star = star()),
        msg!("galaxy-refused-moved-twice", fleet = 1),
        msg!("galaxy-r5-gate-no-gate", fleet = 1),
        msg!("galaxy-refused-target", written = "BASE"),
        msg!("galaxy-r4-1-3-arks-only", fleet = 1),
        msg!("galaxy-r4-2-ii-one-attack", fleet = 1),
        msg!("galaxy-r4-2-iii-two-attacks", fleet = 1),
    ];
    for what in ["defence", "gift"] {
        v.push(msg!("galaxy-refused-amount-missing", what = what));
        v.push(msg!("galaxy-refused-amount-zero", what = what));
        v.push(msg!("galaxy-refused-not-an-amount", what = what, written = "beaucoup"));
    }
    for phase in ["budget", "movement"] {
        v.push(msg!("galaxy-refused-internal", phase = phase));
    }
    for (what, name) in [("fleet", "2P"), ("colonisation", "Alpha"), ("defence", ""), ("gift", "")] {
        v.push(msg!("galaxy-refused-over-budget", what = msg!("galaxy-spending", what = what, name = name), cost = 12, left = 3, treasury = 20));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_in_every_spelling() {
        assert_eq!(split_pos("+3-2"), Some(Rel { h: 3, v: -2 }));
        assert_eq!(split_pos("-10+0"), Some(Rel { h: -10, v: 0 }));
        assert_eq!(split_pos("3-2"), Some(Rel { h: 3, v: -2 }));
        assert_eq!(split_pos("+3"), None);
        let toks = text::tokenize("+3 -2").tokens;
        assert_eq!(eat_pos(&mut Cursor::new(&toks)).ok(), Some(Rel { h: 3, v: -2 }));
        let toks = text::tokenize("3,-2").tokens;
        assert_eq!(eat_pos(&mut Cursor::new(&toks)).ok(), Some(Rel { h: 3, v: -2 }));
    }

    #[test]
    fn ships_in_every_spelling() {
        for (s, want) in [
            ("2P 1C 1N", Ships { p: 2, c: 1, n: 1 }),
            ("5p", Ships { p: 5, c: 0, n: 0 }),
            ("1N 3 P", Ships { p: 3, c: 0, n: 1 }),
        ] {
            let toks = text::tokenize(s).tokens;
            assert_eq!(eat_ships(&mut Cursor::new(&toks)).ok(), Some(want), "{s}");
        }
        let toks = text::tokenize("2P 3P").tokens;
        assert!(eat_ships(&mut Cursor::new(&toks)).is_err());
    }

    #[test]
    fn fleets_are_f1_to_f9() {
        for (s, ok) in [("F1", true), ("f9", true), ("F 3", true), ("F0", false), ("F10", false), ("X1", false)] {
            let toks = text::tokenize(s).tokens;
            assert_eq!(eat_fleet(&mut Cursor::new(&toks)).is_ok(), ok, "{s}");
        }
    }
}

#[cfg(test)]
mod parse_tests {
    use super::*;
    use crate::game::LineOutcome;

    fn game() -> GalaxyState {
        let mut t = toml::Table::new();
        t.insert("players".into(), toml::Value::Integer(4));
        let mut s = <crate::games::galaxy::Galaxy as crate::game::Ruleset>::new_game(&t, 3).unwrap();
        for k in ["A", "B", "C", "D"] {
            <crate::games::galaxy::Galaxy as crate::game::Ruleset>::register(&mut s, &k.to_string(), &format!("Joueur {k}")).unwrap();
        }
        let mut d = crate::dice::Dice::for_turn(3, 0);
        crate::games::galaxy::adjudicate::adjudicate(&s, &BTreeMap::new(), &mut d).0
    }

    fn read(s: &GalaxyState, lines: &[&str]) -> Vec<LineOutcome> {
        let lines: Vec<OrderLine> = lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect();
        parse(s, &"A".to_string(), &lines).verdicts.into_iter().map(|v| v.outcome).collect()
    }

    #[test]
    fn huge_amounts_are_refused_not_overflowed() {
        let s = game();
        let v = read(&s, &["DON B 4294967295", "DEFENSE +0+0 4294967290", "DEFENSE +0+0 99999999999"]);
        assert!(v.iter().all(|o| matches!(o, LineOutcome::Rejected { .. })), "{v:?}");
    }

    #[test]
    fn keywords_in_french_and_english_with_accents() {
        let s = game();
        let v = read(&s, &["Construire F1 2P +0+0", "déplacer f1 +1+1", "ALLY joueur b", "Défense +0+0 1", "GIFT \"Joueur C\" 1"]);
        assert!(v.iter().all(|o| matches!(o, LineOutcome::Accepted { .. })), "{v:?}");
    }

    /// orders.md §1 (issue 26): an accepted line is echoed with the reader's
    /// keywords, whichever language it was written in, and each echo reads
    /// back as the same orders.
    #[test]
    fn an_accepted_line_is_echoed_in_the_readers_keywords() {
        let s = game();
        let french = ["CONSTRUIRE F1 2P +0+0", "DEFENSE +0+0 1", "ALLIANCE \"Joueur B\"", "DEPLACER F1 +1+1", "ATTAQUER F1 FLOTTE"];
        let english = ["build f1 2p +0+0", "DEFEND +0+0 1", "ALLY \"Joueur B\"", "move F1 +1+1", "ATTACK F1 FLEET"];
        let want_fr = ["CONSTRUIRE F1 2P 0C 0N XARSIR", "DEFENSE XARSIR 1", "ALLIANCE Joueur B", "DEPLACER F1 +1+1", "ATTAQUER F1 FLOTTE"];
        let want_en = ["BUILD F1 2P 0C 0N XARSIR", "DEFEND XARSIR 1", "ALLY Joueur B", "MOVE F1 +1+1", "ATTACK F1 FLEET"];
        for written in [french, english] {
            let v = read(&s, &written);
            let echo = |lang| v.iter().map(|o| o.echo(lang).map(|e| e.split(" # ").next().unwrap_or_default().to_string())).collect::<Vec<_>>();
            assert_eq!(echo(crate::i18n::Lang::Fr), want_fr.map(|w| Some(w.to_string())), "{written:?}: {v:?}");
            assert_eq!(echo(crate::i18n::Lang::En), want_en.map(|w| Some(w.to_string())), "{written:?}: {v:?}");
        }
        let lines = |ls: &[&str]| ls.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect::<Vec<_>>();
        let a = "A".to_string();
        assert_eq!(parse(&s, &a, &lines(&want_en)).orders, parse(&s, &a, &lines(&french)).orders, "the English echo reads back the same");
    }

    #[test]
    fn unknown_words_get_a_suggestion() {
        let s = game();
        let v = read(&s, &["DEPLACR F1 +1+1", "ALLIANCE Joueur X", "CONSTRUIRE F1 2P NOWHERE"]);
        match &v[0] {
            LineOutcome::Rejected { suggestion, .. } => assert_eq!(suggestion.as_deref(), Some("DEPLACER")),
            o => panic!("{o:?}"),
        }
        assert!(matches!(&v[1], LineOutcome::Rejected { suggestion: Some(_), .. }));
        assert!(matches!(&v[2], LineOutcome::Rejected { reason, .. } if reason.render(crate::i18n::Lang::Fr).contains("inconnue")));
    }

    #[test]
    fn a_mistyped_attack_target_is_suggested_in_its_writers_language() {
        let s = game();
        let v = read(&s, &["ATTACK F1 STARR", "ATTAQUER F1 ETOLE", "ATTACK F1 FLET"]);
        let sugg: Vec<Option<&str>> = v
            .iter()
            .map(|o| match o {
                LineOutcome::Rejected { suggestion, .. } => suggestion.as_deref(),
                o => panic!("{o:?}"),
            })
            .collect();
        assert_eq!(sugg, [Some("STAR"), Some("ETOILE"), Some("FLEET")]);
    }
}
