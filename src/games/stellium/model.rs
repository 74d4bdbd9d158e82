//! The state of a Stellium game: seats, board (discs on places, marbles in
//! holes), bag, objective display and reserve, the move log, the end.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::game::FamilyKey;

use super::components::{Colour, Components, HoleKind, Objective};
use super::orders::Orders;

/// `[games.settings]` (RULINGS, Stellium T3, T5, T12).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The score limit; `None`: by player count (2: 30, 3: 25, 4: 20), minus 5 for a first game.
    pub limit: Option<u32>,
    pub first_game: bool,
    /// Whether figures may be mirrored as well as turned (T12).
    pub mirror: bool,
    /// Who starts (a player's name); by lot otherwise (T5).
    pub first: Option<String>,
    /// Whether the influence may be left out when one is possible (T6).
    #[serde(default)]
    pub optional_influence: bool,
    /// Whether a player reaching the limit after the reserve ran out ends
    /// the game at the end of that round, without the "ultime tour" (T22).
    #[serde(default)]
    pub limit_cancels_last_round: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub key: FamilyKey,
    pub name: String,
    /// Objectives taken and not yet realised (at most 3).
    pub hand: Vec<u32>,
    /// Objectives validated, with the ☉ they scored.
    pub done: Vec<(u32, u32)>,
    /// Influence tokens not yet used.
    pub tokens: BTreeSet<Colour>,
    /// Turns played.
    pub turns: u32,
    /// The game turn (see `StelliumState::moves`) at which the seat reached the limit.
    pub reached: Option<u32>,
    pub resigned: bool,
}

impl Seat {
    /// ☉ from validated objectives (what counts toward the limit, T21).
    pub fn objective_points(&self) -> u32 {
        self.done.iter().map(|(_, v)| v).sum()
    }
}

/// A galaxy disc on a place: which disc, turned by `turn` sixths clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub disc: usize,
    pub turn: usize,
}

/// The refill of an empty galaxy ("Galaxie vide"; T16–T17).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refill {
    pub place: usize,
    /// The marbles drawn by the player who emptied it.
    pub drawn: Vec<Colour>,
    /// Who chooses, in order (one entry per pick).
    pub choosers: Vec<usize>,
    /// The seat whose turn was interrupted.
    pub mover: usize,
    /// What remains of the mover's orders (validations, the objective taken).
    pub pending: Orders,
    /// Objectives the mover already validated this turn (not again).
    pub validated: Vec<u32>,
    /// Which galaxies held a marble at the start of the turn: every one of
    /// them emptied in the turn is refilled in turn (T16). Empty in states
    /// stored before: the galaxies occupied after the refill.
    #[serde(default)]
    pub before: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Registration,
    Play,
    Refill(Box<Refill>),
    Over,
}

/// How the game ends (DERNIER TOUR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A player reached the limit: the round is finished.
    Limit,
    /// The reserve is exhausted: the round is finished, then `rounds` more.
    Reserve { rounds: u32 },
}

/// One line of the move log (public). `by_referee`: a move the referee
/// made for the player, worded as such in the reports (RULINGS, Stellium T25).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum LogEntry {
    Setup { first: usize },
    Drew { seat: usize, colour: Colour, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    BagEmpty { seat: usize },
    Placed { seat: usize, colour: Colour, hole: String, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    Pushed { from: String, to: Option<String>, colour: Colour },
    Token { seat: usize, token: Colour },
    Swapped { a: String, b: String, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    Rotated { place: char, sixths: usize, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    Attracted { black_hole: String, from: String, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    NoInfluence { seat: usize },
    Validated { seat: usize, objective: u32, value: u32, holes: Vec<String>, kept: String },
    Emptied { place: char, drawn: Vec<Colour> },
    RefillPlaced { seat: usize, colour: Colour, hole: String, by_lot: bool, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    RefillReturned { colours: Vec<Colour> },
    Took { seat: usize, objective: u32, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    Boxed { seat: usize, objective: u32, #[serde(default, skip_serializing_if = "std::ops::Not::not")] by_referee: bool },
    Revealed { objective: u32 },
    ReserveExhausted { set_aside: Vec<u32> },
    /// `ultime_tour`: the reserve had run out, its last round is still played (T22).
    LimitReached { seat: usize, #[serde(default, skip_serializing_if = "std::ops::Not::not")] ultime_tour: bool },
    /// `reason`: a message; a plain string in logs stored before messages
    /// (read back verbatim).
    Dropped { seat: usize, order: String, reason: crate::i18n::Msg },
    DefaultTurn { seat: usize },
    Resigned { seat: usize },
}

impl LogEntry {
    /// Marks a move as the referee's, made for the player.
    pub fn mark_by_referee(&mut self) {
        match self {
            LogEntry::Drew { by_referee, .. }
            | LogEntry::Placed { by_referee, .. }
            | LogEntry::Swapped { by_referee, .. }
            | LogEntry::Rotated { by_referee, .. }
            | LogEntry::Attracted { by_referee, .. }
            | LogEntry::RefillPlaced { by_referee, .. }
            | LogEntry::Took { by_referee, .. }
            | LogEntry::Boxed { by_referee, .. } => *by_referee = true,
            _ => {}
        }
    }
}

/// The final scores (DÉCOMPTE FINAL).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Per seat: objectives, tokens, colour bonus, total.
    pub sheets: Vec<[u32; 4]>,
    /// The Grand Architecte, if any (a tie with nobody at the limit: none).
    pub winner: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StelliumState {
    pub settings: Settings,
    pub components: Components,
    pub seed: u64,
    pub step: u32,
    pub phase: Phase,
    pub seats: Vec<Seat>,
    pub first: usize,
    pub mover: usize,
    /// Turns played in the game (all seats), the clock of `Seat::reached`.
    pub moves: u32,
    /// Per place, the disc on it.
    pub discs: Vec<Placed>,
    /// Marbles by hole index.
    pub marbles: BTreeMap<usize, Colour>,
    /// Marbles in the bag, by colour index.
    pub bag: [u32; 4],
    pub display: Vec<u32>,
    /// The face-down reserve, as a set: each revealed card is drawn by lot.
    pub reserve: BTreeSet<u32>,
    /// Cards out of the game (discarded with 3 in hand, set aside at exhaustion).
    pub boxed: Vec<u32>,
    pub ending: Option<Ending>,
    pub log: Vec<(u32, LogEntry)>,
    pub result: Option<Outcome>,
}

impl StelliumState {
    pub fn seat_of(&self, family: &FamilyKey) -> Option<usize> {
        self.seats.iter().position(|s| &s.key == family)
    }
    pub fn objective(&self, id: u32) -> &Objective {
        &self.components.objectives[&id]
    }
    pub fn n(&self) -> usize {
        self.seats.len()
    }
    /// The seat that closes a round (the one before the first player).
    pub fn last_of_round(&self) -> usize {
        (self.first + self.n() - 1) % self.n()
    }
    /// The limit in force (T3).
    pub fn limit(&self) -> u32 {
        self.settings.limit.unwrap_or_else(|| {
            let base = match self.n() {
                0..=2 => 30,
                3 => 25,
                _ => 20,
            };
            if self.settings.first_game { base - 5 } else { base }
        })
    }
    pub fn label(&self, hole: usize) -> String {
        self.components.holes[hole].label.clone()
    }
    pub fn place_letter(&self, p: usize) -> char {
        self.components.places[p]
    }
    /// The disc ring position shown at place ring position `ring` (0 = centre).
    pub fn disc_ring(&self, place: usize, ring: usize) -> usize {
        if ring == 0 { 0 } else { (ring - 1 + 6 - self.discs[place].turn % 6) % 6 + 1 }
    }
    /// The place ring position of disc ring position `d`.
    pub fn place_ring(&self, place: usize, d: usize) -> usize {
        if d == 0 { 0 } else { (d - 1 + self.discs[place].turn) % 6 + 1 }
    }
    /// The start holes of place `p` (in the disc's current orientation), by label order.
    pub fn start_holes(&self, p: usize) -> Vec<usize> {
        let disc = &self.components.discs[self.discs[p].disc];
        let mut v: Vec<usize> = disc.start.iter().map(|d| self.components.galaxy_hole(p, self.place_ring(p, *d))).collect();
        v.sort();
        v
    }
    /// The coloured symbol on hole `h`, if any.
    pub fn symbol(&self, h: usize) -> Option<Colour> {
        let HoleKind::Galaxy { place, ring } = self.components.holes[h].kind else { return None };
        let disc = &self.components.discs[self.discs[place].disc];
        disc.symbols.get(&self.disc_ring(place, ring)).copied()
    }
    pub fn is_black_hole(&self, h: usize) -> bool {
        matches!(self.components.holes[h].kind, HoleKind::BlackHole)
    }
    /// Marbles on the holes of place `p`.
    pub fn marbles_on(&self, p: usize) -> usize {
        (0..7).filter(|r| self.marbles.contains_key(&self.components.galaxy_hole(p, *r))).count()
    }
    pub fn bag_total(&self) -> u32 {
        self.bag.iter().sum()
    }
    pub fn push_log(&mut self, e: LogEntry) {
        self.log.push((self.step, e));
    }
    /// Marks the moves logged from `from` on as the referee's.
    pub fn mark_by_referee(&mut self, from: usize) {
        for (_, e) in &mut self.log[from..] {
            e.mark_by_referee();
        }
    }
}

#[cfg(test)]
mod stored_tests {
    use super::*;

    #[test]
    fn a_dropped_line_stored_before_messages_reads_back_verbatim() {
        let json = r#"{"what":"dropped","seat":1,"order":"POSE B3","reason":"B3 est occupé"}"#;
        let e: LogEntry = serde_json::from_str(json).unwrap();
        assert_eq!(e, LogEntry::Dropped { seat: 1, order: "POSE B3".into(), reason: crate::i18n::Msg::verbatim("B3 est occupé") });
        let e = LogEntry::Dropped { seat: 1, order: "POSE B3".into(), reason: crate::msg!("stellium-refused-place-occupied", hole = "B3") };
        let back: LogEntry = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
        assert_eq!(back, e);
    }

    #[test]
    fn orders_and_refills_stored_before_vers_hors_read_back() {
        use crate::games::stellium::place::Toward;
        let o: Orders = serde_json::from_str(r#"{"draw":"blue","place":3,"toward":4,"token":null,"influence":null,"validations":[],"take":null,"refill":[]}"#).unwrap();
        assert_eq!(o.toward, Some(Toward::Hole(4)));
        let off = Orders { toward: Some(Toward::OFF), ..o };
        let back: Orders = serde_json::from_str(&serde_json::to_string(&off).unwrap()).unwrap();
        assert_eq!(back.toward, Some(Toward::OFF));
        let r: Refill = serde_json::from_str(r#"{"place":1,"drawn":["green"],"choosers":[0],"mover":1,"pending":{"draw":null,"place":null,"toward":null,"token":null,"influence":null,"validations":[],"take":null,"refill":[]},"validated":[]}"#).unwrap();
        assert!(r.before.is_empty());
        let e: LogEntry = serde_json::from_str(r#"{"what":"placed","seat":0,"colour":"green","hole":"A1"}"#).unwrap();
        assert_eq!(e, LogEntry::Placed { seat: 0, colour: Colour::Green, hole: "A1".into(), by_referee: false });
    }
}
