//! Galaxy's state: the torus, the stars, the players and their fleets, and
//! each player's memory of what they have learnt (rule 6).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::game::FamilyKey;

/// A square of the torus, in ABSOLUTE coordinates (never shown to a player
/// before the end of the game, 2.3). `x` grows to the right, `y` upwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

/// An offset as players write it (`+H+V`): relative to their base (orders.md §7)
/// or to a DATA star (4.1.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Rel {
    pub h: i32,
    pub v: i32,
}

impl Rel {
    /// `+3-2`, `+0+0`, `-10+4`.
    pub fn label(self) -> String {
        format!("{:+}{:+}", self.h, self.v)
    }
}

/// The board's geometry: a `size`×`size` torus (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Torus {
    pub size: i32,
}

impl Torus {
    pub fn wrap(self, p: Pos) -> Pos {
        Pos { x: p.x.rem_euclid(self.size), y: p.y.rem_euclid(self.size) }
    }

    /// The shortest signed offset along one axis, in `-size/2 ..= size/2`
    /// (with `-size/2` preferred for even sizes, so that a player's map runs
    /// from `-15` to `+14`).
    fn axis(self, from: i32, to: i32) -> i32 {
        let half = self.size / 2;
        (to - from + half).rem_euclid(self.size) - half
    }

    /// The offset of `p` seen from `origin`, folded into the centred window.
    pub fn rel(self, origin: Pos, p: Pos) -> Rel {
        Rel { h: self.axis(origin.x, p.x), v: self.axis(origin.y, p.y) }
    }

    pub fn add(self, origin: Pos, r: Rel) -> Pos {
        self.wrap(Pos { x: origin.x + r.h, y: origin.y + r.v })
    }

    /// Squared real distance (4.2: "les déplacements se calculent à distance
    /// réelle"), across the edges of the torus (2.3).
    pub fn dist2(self, a: Pos, b: Pos) -> i64 {
        let r = self.rel(a, b);
        let (h, v) = (r.h.abs() as i64, r.v.abs() as i64);
        h * h + v * v
    }

    pub fn dist(self, a: Pos, b: Pos) -> f64 {
        (self.dist2(a, b) as f64).sqrt()
    }

    /// Whether `b` lies within `r` kpc of `a` (exact, in integers).
    pub fn within(self, a: Pos, b: Pos, r: i64) -> bool {
        r >= 0 && self.dist2(a, b) <= r * r
    }
}

/// The 20 kinds of star (3.8, 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    Attack,
    Base,
    City,
    Data,
    Exit,
    Fort,
    Gate,
    Invisibility,
    Key,
    Lotus,
    Machine,
    New,
    Power,
    Radar,
    Supply,
    Throne,
    Vulcan,
    Xray,
    Zero,
    Normal,
}

impl Kind {
    pub const ALL: [Kind; 20] = [
        Kind::Attack,
        Kind::Base,
        Kind::City,
        Kind::Data,
        Kind::Exit,
        Kind::Fort,
        Kind::Gate,
        Kind::Invisibility,
        Kind::Key,
        Kind::Lotus,
        Kind::Machine,
        Kind::New,
        Kind::Power,
        Kind::Radar,
        Kind::Supply,
        Kind::Throne,
        Kind::Vulcan,
        Kind::Xray,
        Kind::Zero,
        Kind::Normal,
    ];

    /// The English name of the rules (5).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Attack => "ATTACK",
            Kind::Base => "BASE",
            Kind::City => "CITY",
            Kind::Data => "DATA",
            Kind::Exit => "EXIT",
            Kind::Fort => "FORT",
            Kind::Gate => "GATE",
            Kind::Invisibility => "INVISIBILITY",
            Kind::Key => "KEY",
            Kind::Lotus => "LOTUS",
            Kind::Machine => "MACHINE",
            Kind::New => "NEW",
            Kind::Power => "POWER",
            Kind::Radar => "RADAR",
            Kind::Supply => "SUPPLY",
            Kind::Throne => "THRONE",
            Kind::Vulcan => "VULCAN",
            Kind::Xray => "XRAY",
            Kind::Zero => "ZERO",
            Kind::Normal => "NORMAL",
        }
    }

    pub fn from_name(s: &str) -> Option<Kind> {
        let k = crate::text::key(s);
        let k = k.strip_suffix(" STAR").unwrap_or(&k);
        let k = if k == "X RAY" { "XRAY" } else { k };
        Kind::ALL.iter().copied().find(|kind| kind.name() == k)
    }

    /// 4.1.8: what a colonised NEW star may become.
    pub fn new_star_may_become(self) -> bool {
        !matches!(self, Kind::Base | Kind::Exit | Kind::Gate | Kind::Zero | Kind::Throne | Kind::New)
    }

    /// 4.1.4: victory points of a colonised star.
    pub fn victory_points(self) -> u32 {
        match self {
            Kind::Throne => 10,
            Kind::Base => 5,
            _ => 1,
        }
    }
}

/// One star (3). `id` is the referee's number (1..=stars), hidden from players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Star {
    pub id: u32,
    pub name: String,
    pub pos: Pos,
    pub magnitude: i32,
    pub life: i32,
    pub tech: i32,
    pub docility: i32,
    pub resources: u32,
    pub kind: Kind,
    pub owner: Option<FamilyKey>,
    /// Turn of the current owner's colonisation (or of a NEW star's change):
    /// effects that act during a turn count from the turn after (5, last remark).
    #[serde(default)]
    pub colonised_turn: Option<u32>,
    /// For a GATE: the index of its EXIT (5 GATE).
    #[serde(default)]
    pub exit: Option<usize>,
    /// For a CITY or MACHINE whose one-shot effect is pending (5).
    #[serde(default)]
    pub effect_pending: bool,
}

impl Star {
    /// 3.6: DE = T + DO.
    pub fn defence(&self) -> i32 {
        self.tech + self.docility
    }
}

/// Ships of a fleet (4.1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ships {
    pub p: u32,
    pub c: u32,
    pub n: u32,
}

impl Ships {
    pub const COST_P: u32 = 2;
    pub const COST_C: u32 = 12;
    pub const COST_N: u32 = 10;

    pub fn total(self) -> u32 {
        self.p + self.c + self.n
    }
    pub fn cost(self) -> u32 {
        self.p * Self::COST_P + self.c * Self::COST_C + self.n * Self::COST_N
    }
    /// 4.1.3: the speed of the slowest ship (P 5, C 3, N 2).
    pub fn base_speed(self) -> u32 {
        if self.n > 0 {
            2
        } else if self.c > 0 {
            3
        } else if self.p > 0 {
            5
        } else {
            0
        }
    }
    /// 4.1.3: the sum of the ships' fire (P 1, C 12, N 0).
    pub fn base_fire(self) -> u32 {
        self.p + 12 * self.c
    }
    pub fn label(self) -> String {
        format!("{}P {}C {}N", self.p, self.c, self.n)
    }
    pub fn contains(self, o: Ships) -> bool {
        self.p >= o.p && self.c >= o.c && self.n >= o.n
    }
    pub fn minus(self, o: Ships) -> Ships {
        Ships { p: self.p.saturating_sub(o.p), c: self.c.saturating_sub(o.c), n: self.n.saturating_sub(o.n) }
    }
    pub fn plus(self, o: Ships) -> Ships {
        Ships { p: self.p + o.p, c: self.c + o.c, n: self.n + o.n }
    }
    /// 4.2: each point of loss destroys one ship, patrol ships first, then
    /// cruisers, then arks.
    pub fn lose(self, mut k: u32) -> Ships {
        let mut s = self;
        let take = k.min(s.p);
        s.p -= take;
        k -= take;
        let take = k.min(s.c);
        s.c -= take;
        k -= take;
        let take = k.min(s.n);
        s.n -= take;
        s
    }
}

/// One fleet (4.1.3) and its special powers (4.1.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub ships: Ships,
    pub pos: Pos,
    /// SUPPLY: speed doubled.
    #[serde(default)]
    pub fast: bool,
    /// POWER: fire doubled.
    #[serde(default)]
    pub strong: bool,
    /// INVISIBILITY: invisible and invulnerable until a turn without moving.
    #[serde(default)]
    pub invisible: bool,
}

impl Fleet {
    pub fn speed(&self) -> u32 {
        self.ships.base_speed() * if self.fast { 2 } else { 1 }
    }
    /// The fleet's special powers, as `galaxy-power` selects them.
    pub fn powers(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.fast {
            v.push("speed");
        }
        if self.strong {
            v.push("fire");
        }
        if self.invisible {
            v.push("invisibility");
        }
        v
    }
}

/// What a player remembers of one star (rule 6: knowledge accumulates over
/// the turns; stars do not move, their details may go stale).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    /// Turn of the last sighting (echo or better).
    pub seen: u32,
    /// Full characteristics, as of `details_turn` (6.c: orbit, XRAY, DATA, GATE exit).
    #[serde(default)]
    pub details: Option<StarDetails>,
    #[serde(default)]
    pub details_turn: u32,
    /// The owner as last learnt (XRAY, DATA); `Some(None)` = known to be free.
    #[serde(default)]
    pub owner: Option<Option<FamilyKey>>,
    #[serde(default)]
    pub owner_turn: u32,
    /// The turn the player lost this star to another player (4.1.4): from
    /// then on they know it is not theirs, not whose it is.
    #[serde(default)]
    pub lost: Option<u32>,
}

/// A snapshot of a star's characteristics (3.9), owner excluded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarDetails {
    pub name: String,
    pub magnitude: i32,
    pub life: i32,
    pub tech: i32,
    pub docility: i32,
    pub resources: u32,
    pub kind: Kind,
}

impl StarDetails {
    pub fn of(s: &Star) -> Self {
        StarDetails {
            name: s.name.clone(),
            magnitude: s.magnitude,
            life: s.life,
            tech: s.tech,
            docility: s.docility,
            resources: s.resources,
            kind: s.kind,
        }
    }
}

/// One player (2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// Index of the home star in `stars` (set when the galaxy is generated).
    pub base: usize,
    /// The home star's square: the origin of the player's coordinates, for
    /// the whole game even if the base is lost.
    pub origin: Pos,
    /// 3.3: the player's life form (the home star's).
    pub life: i32,
    /// 4.1.4: magnitude of the home star, for DM.
    pub base_magnitude: i32,
    /// 3.4: the player's technology.
    pub tech: i32,
    /// Treasury available at the next budget phase (4.1).
    pub treasury: u32,
    /// Gifts received this turn, usable from the next (4.1.6).
    #[serde(default)]
    pub gifts_in: u32,
    pub fleets: BTreeMap<u8, Fleet>,
    pub known: BTreeMap<usize, Known>,
    /// The THRONE code, once learnt from a KEY star (5 KEY).
    #[serde(default)]
    pub throne_code: Option<String>,
    /// The KEY stars that told the player where the THRONE is.
    #[serde(default)]
    pub keys_read: BTreeSet<usize>,
}

/// Settings of a game (`[games.settings]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// 2.2: at least 20.
    pub turns: u32,
    /// 2.1: the number of players expected (4–16); informational, the galaxy
    /// is generated for those registered.
    pub players: u32,
    /// 2.3: side of the torus.
    pub size: i32,
    /// 2.3: number of stars.
    pub stars: u32,
    /// A galaxy other than the rules' (another `size` or `stars`, or
    /// `scaled = true`): the number of players need not be 4–16.
    #[serde(default)]
    pub scaled: bool,
}

impl Settings {
    /// 2.1: the fewest players a game starts with: 4, or, in a scaled
    /// galaxy made for fewer, all the places.
    pub fn least_players(&self) -> u32 {
        if self.scaled { self.players.min(4) } else { 4 }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings { turns: 20, players: 16, size: 30, stars: 120, scaled: false }
    }
}

/// Final ranking line (7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranked {
    pub rank: u32,
    pub player: FamilyKey,
    pub name: String,
    pub points: u32,
    pub stars: u32,
    pub resources: u32,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GalaxyState {
    pub settings: Settings,
    pub seed: u64,
    /// The turn now open for orders (0 = registration).
    pub turn: u32,
    pub torus: Torus,
    pub stars: Vec<Star>,
    pub players: BTreeMap<FamilyKey, Player>,
    /// 5 KEY: the THRONE's secret code (8 letters and digits).
    pub throne_code: String,
    /// Set when the last turn has been played (7).
    pub ranking: Option<Vec<Ranked>>,
    /// Star index by square, built on first use (stars never move once placed).
    #[serde(skip)]
    pub index: StarIndex,
}

/// A cache of the stars by square; not part of the game (equal whatever it holds).
#[derive(Debug, Clone, Default)]
pub struct StarIndex(std::sync::OnceLock<BTreeMap<Pos, usize>>);

impl PartialEq for StarIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for StarIndex {}

impl GalaxyState {
    pub fn generated(&self) -> bool {
        !self.stars.is_empty()
    }

    pub fn star_at(&self, p: Pos) -> Option<usize> {
        let index = self.index.0.get_or_init(|| self.stars.iter().enumerate().map(|(i, s)| (s.pos, i)).collect());
        if index.len() != self.stars.len() {
            // Built before all the stars were placed (hand-made states): scan.
            return self.stars.iter().position(|s| s.pos == p);
        }
        index.get(&p).copied()
    }

    /// The stars within `r` kpc of `p` (real distance, across the edges).
    pub fn stars_within(&self, p: Pos, r: i64) -> Vec<usize> {
        if r < 0 {
            return Vec::new();
        }
        let r32 = r.min(self.torus.size as i64) as i32;
        if (2 * r32 + 1) * (2 * r32 + 1) >= self.stars.len() as i32 {
            return (0..self.stars.len()).filter(|&i| self.torus.within(p, self.stars[i].pos, r)).collect();
        }
        let mut out = std::collections::BTreeSet::new();
        for dx in -r32..=r32 {
            for dy in -r32..=r32 {
                let q = self.torus.wrap(Pos { x: p.x + dx, y: p.y + dy });
                if self.torus.within(p, q, r) {
                    if let Some(i) = self.star_at(q) {
                        out.insert(i);
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    pub fn throne(&self) -> Option<usize> {
        self.stars.iter().position(|s| s.kind == Kind::Throne)
    }

    /// 4.1.4: victory points of a player.
    pub fn victory_points(&self, who: &str) -> u32 {
        self.stars.iter().filter(|s| s.owner.as_deref() == Some(who)).map(|s| s.kind.victory_points()).sum()
    }

    /// Victory points of every player, in one pass over the stars.
    pub fn all_victory_points(&self) -> BTreeMap<FamilyKey, u32> {
        let mut vp: BTreeMap<FamilyKey, u32> = self.players.keys().map(|k| (k.clone(), 0)).collect();
        for s in &self.stars {
            if let Some(v) = s.owner.as_ref().and_then(|o| vp.get_mut(o)) {
                *v += s.kind.victory_points();
            }
        }
        vp
    }

    pub fn stars_of<'a>(&'a self, who: &'a str) -> impl Iterator<Item = (usize, &'a Star)> + 'a {
        self.stars.iter().enumerate().filter(move |(_, s)| s.owner.as_deref() == Some(who))
    }

    /// 3.7/4.1.4: what a player's stars bring at each budget phase.
    pub fn income(&self, who: &str) -> u32 {
        self.stars_of(who).map(|(_, s)| s.resources).sum()
    }

    /// 6.a/6.b: the scanner range, T − 4 (never below 0).
    pub fn scanner_range(&self, who: &str) -> i64 {
        self.players.get(who).map_or(0, |p| (p.tech as i64 - 4).max(0))
    }

    /// 4.1.4: CC = DM + DF + 7 − T, never below 0.
    pub fn colonisation_cost(&self, who: &str, star: usize) -> Option<u32> {
        let p = self.players.get(who)?;
        let s = self.stars.get(star)?;
        let dm = (s.magnitude - p.base_magnitude).abs();
        let df = if s.life == 0 { 0 } else { (s.life - p.life).abs() };
        Some((dm + df + 7 - p.tech).max(0) as u32)
    }

    /// Whether the colonised star's turn-long effect acts during turn `turn`
    /// (5: "effectifs qu'au tour suivant de la colonisation").
    pub fn active(&self, star: usize, turn: u32) -> bool {
        self.stars.get(star).is_some_and(|s| s.owner.is_some() && s.colonised_turn.is_some_and(|t| t < turn))
    }

    /// Sets a player's technology and, with it, that of the stars they own
    /// (4.1.4 ii: a colonised star takes its owner's technology).
    pub fn set_tech(&mut self, who: &str, tech: i32) {
        let tech = tech.clamp(0, 99);
        if let Some(p) = self.players.get_mut(who) {
            p.tech = tech;
        }
        for s in self.stars.iter_mut().filter(|s| s.owner.as_deref() == Some(who)) {
            s.tech = tech;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_2_distances_of_the_examples() {
        let t = Torus { size: 30 };
        let d = |x: i32, y: i32| t.dist(Pos { x: 10, y: 10 }, t.wrap(Pos { x: 10 + x, y: 10 + y }));
        assert_eq!(d(1, 0), 1.0);
        assert!((d(1, 1) - 1.41).abs() < 0.01);
        assert_eq!(d(0, 2), 2.0);
        assert!((d(1, 2) - 2.24).abs() < 0.01);
        assert!((d(5, 2) - 5.39).abs() < 0.01);
    }

    #[test]
    fn r2_3_the_torus_has_no_edges() {
        let t = Torus { size: 30 };
        assert_eq!(t.dist2(Pos { x: 0, y: 0 }, Pos { x: 29, y: 29 }), 2);
        assert_eq!(t.rel(Pos { x: 0, y: 0 }, Pos { x: 15, y: 14 }), Rel { h: -15, v: 14 });
        assert_eq!(t.add(Pos { x: 28, y: 1 }, Rel { h: 3, v: -2 }), Pos { x: 1, y: 29 });
    }

    #[test]
    fn r4_2_losses_take_patrols_then_cruisers_then_arks() {
        let s = Ships { p: 2, c: 1, n: 1 };
        assert_eq!(s.lose(1), Ships { p: 1, c: 1, n: 1 });
        assert_eq!(s.lose(3), Ships { p: 0, c: 0, n: 1 });
        assert_eq!(s.lose(9), Ships::default());
    }

    #[test]
    fn r4_1_3_speed_and_fire_of_the_example() {
        let s = Ships { p: 2, c: 1, n: 1 };
        assert_eq!(s.base_speed(), 2);
        assert_eq!(s.base_fire(), 14);
        assert_eq!(Ships { p: 5, c: 0, n: 0 }.cost(), 10);
    }
}
