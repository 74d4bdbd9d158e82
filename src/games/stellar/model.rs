//! The state of a game of Stellar: seats, hands, telescopes, notebooks, the
//! row of coordinates, the pile (a set: no order is stored ahead of time) and
//! the discard, the phase and the move log.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::game::FamilyKey;

use super::components::{CardId, Components, Kind, Number, Slot};

/// Settings of a game (`[games.settings]`, README).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The player who starts (name as registered); by lot when absent (S3).
    pub first: Option<String>,
    /// The number a card played face down from the hand counts in step 2 (S22).
    #[serde(default)]
    pub face_down_number: FaceDownNumber,
}

/// Which number a card played face down in step 2 gives step 3 (RULINGS,
/// Stellar S22; setting `face_down_number`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceDownNumber {
    /// "Le télescope": « On considère que le numéro des cartes face cachée
    /// est « 3 » »: step 3 takes row position 3, whatever the card.
    #[default]
    Three,
    /// ÉTAPE 2's printed number: the row position taken then tells the
    /// opponent that number (the reports say so).
    Printed,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for two players; the first adjudication with two seats deals.
    Registration,
    /// "Mise en place" 2: both players put a starting card on slot 1.
    Start,
    /// The 22 turns, one player at a time.
    Play,
    /// "Fin de la partie": both players put a hand card in their notebook.
    Final,
    Over,
}

/// A card in a telescope slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: CardId,
    pub face_up: bool,
}

/// One player's side of the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub key: FamilyKey,
    pub name: String,
    /// Secret: only its owner sees it.
    pub hand: BTreeSet<CardId>,
    /// The two starting cards while the start choice is open.
    pub starting: BTreeSet<CardId>,
    pub telescope: BTreeMap<Slot, Placed>,
    /// Face up; collections are the cards' types (satellites assigned at scoring, S14).
    pub notebook: BTreeSet<CardId>,
    /// The card put back in the box at the end (secret until the final report).
    pub boxed: Option<CardId>,
    pub resigned: bool,
}

/// Where a played card went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "zone", rename_all = "snake_case")]
pub enum Zone {
    Telescope { slot: Slot, face_up: bool },
    Notebook,
}

/// Which parts of a move the referee chose for the player (S19), so that
/// the reports say it in words; what the player ordered is never among them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chosen {
    /// Step 1: the row card taken.
    #[serde(default)]
    pub take: bool,
    /// Step 2: the hand card played and where.
    #[serde(default)]
    pub play: bool,
    /// Step 3: the telescope slot of the step-3 card.
    #[serde(default)]
    pub coordinate: bool,
}

impl Chosen {
    pub fn any(&self) -> bool {
        self.take || self.play || self.coordinate
    }
}

/// One entry of the move log (what happened in a step). Face-down cards are
/// filtered by the views.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LogEntry {
    Start { step: u32, seat: usize, telescope: CardId, notebook: CardId, default: bool },
    Refresh { step: u32, seat: usize, discarded: Vec<CardId> },
    Move {
        step: u32,
        round: u32,
        seat: usize,
        default: bool,
        took: (usize, CardId),
        played: (CardId, Zone),
        /// Step 3: the card, whether it was a blind draw, where it went.
        coordinate: (CardId, bool, Zone),
        /// What the referee chose (S19); nothing in older logs.
        #[serde(default)]
        chosen: Chosen,
    },
    Final { step: u32, seat: usize, notebook: CardId, default: bool },
    Resign { step: u32, seat: usize },
}

/// The whole state. Loading it checks it ([`StellarState::check`]): a
/// stored state that names a card or slot its components do not have, or
/// loses or doubles a card, is refused as bad data instead of failing later.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct StellarState {
    pub settings: Settings,
    pub components: Components,
    pub seed: u64,
    /// The daemon's turn now open (one step per player's move).
    pub step: u32,
    pub phase: Phase,
    pub seats: Vec<Seat>,
    /// Index of the player who starts each round.
    pub first: usize,
    /// Moves played (0..=22): round = moves / 2 + 1.
    pub moves: u32,
    pub row: [Option<CardId>; 5],
    /// The face-down pile as a set: each card is drawn by lot when revealed.
    pub pile: BTreeSet<CardId>,
    /// The discard, in the order the cards were discarded (public).
    pub discard: Vec<CardId>,
    /// The player to move may refresh the row (the other took a satellite into hand).
    pub refresh_allowed: bool,
    /// The player to move has already refreshed this turn.
    pub refreshed: bool,
    pub log: Vec<LogEntry>,
    /// Set when the game is over.
    pub result: Option<super::scoring::Outcome>,
}

pub const MOVES: u32 = 22;

impl Serialize for StellarState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StellarState::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for StellarState {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = StellarState::deserialize(d)?;
        s.check().map_err(serde::de::Error::custom)?;
        Ok(s)
    }
}

impl StellarState {
    pub fn seat_of(&self, family: &FamilyKey) -> Option<usize> {
        self.seats.iter().position(|s| &s.key == family)
    }
    /// The player to move in the play phase.
    pub fn mover(&self) -> usize {
        (self.first + self.moves as usize) % 2
    }
    pub fn round(&self) -> u32 {
        self.moves / 2 + 1
    }
    pub fn card(&self, id: CardId) -> &super::components::Card {
        self.components.card(id)
    }
    /// Face-up kind in the telescope (face-down cards and satellites have none).
    pub fn telescope_kind(&self, p: &Placed) -> Option<Kind> {
        if p.face_up { self.card(p.card).kind } else { None }
    }
    /// The hand in its printed order, lettered A, B, … (sorted by type and
    /// number, never by the order of the draw).
    pub fn hand_letters(&self, seat: usize) -> Vec<(char, CardId)> {
        let mut cards: Vec<CardId> = self.seats[seat].hand.iter().copied().collect();
        cards.sort_by_key(|id| self.sort_key(*id));
        cards.into_iter().enumerate().map(|(i, c)| ((b'A' + i as u8) as char, c)).collect()
    }
    /// The two starting cards while the starting choice is open, lettered
    /// X, Y: apart from the hand's A, B (and C, the card taken), so that a
    /// letter names one card whatever the step (`DEPART` still reads A, B).
    pub fn starting_letters(&self, seat: usize) -> Vec<(char, CardId)> {
        let mut cards: Vec<CardId> = self.seats[seat].starting.iter().copied().collect();
        cards.sort_by_key(|id| self.sort_key(*id));
        cards.into_iter().zip(['X', 'Y']).map(|(c, l)| (l, c)).collect()
    }
    pub fn sort_key(&self, id: CardId) -> (usize, Number, u32, CardId) {
        let c = self.card(id);
        (c.kind.map_or(5, Kind::index), c.number, c.stars, id)
    }
    /// The free slots of a seat's telescope.
    pub fn free_slots(&self, seat: usize) -> Vec<Slot> {
        self.components.slots.keys().copied().filter(|s| !self.seats[seat].telescope.contains_key(s)).collect()
    }
    /// "Le télescope": the free slots where `card` may go face up. A typed
    /// card must touch a face-up card of its type when there is one (S7);
    /// a satellite goes anywhere.
    pub fn legal_face_up(&self, seat: usize, card: CardId) -> Vec<Slot> {
        let free = self.free_slots(seat);
        let Some(kind) = self.card(card).kind else { return free };
        let same: Vec<Slot> = self.seats[seat].telescope.iter().filter(|(_, p)| self.telescope_kind(p) == Some(kind)).map(|(s, _)| *s).collect();
        if same.is_empty() {
            return free;
        }
        free.into_iter().filter(|f| same.iter().any(|s| self.components.adjacency.get(s).is_some_and(|a| a.contains(f)))).collect()
    }
    /// The state's own consistency: two seats at most (two once dealt), every
    /// card of the components exactly once, slots, log entries and result
    /// that exist.
    pub fn check(&self) -> Result<(), String> {
        let known = |id: &CardId| self.components.cards.contains_key(id);
        if self.seats.len() > 2 || (self.phase != Phase::Registration && self.seats.len() != 2) || self.first > 1 {
            return Err(format!("état Stellar incohérent : {} joueurs, premier joueur {}", self.seats.len(), self.first));
        }
        let all = self.all_cards();
        let distinct: BTreeSet<CardId> = all.iter().copied().collect();
        if all.len() != distinct.len() || distinct.len() != self.components.cards.len() || !distinct.iter().all(known) {
            return Err(format!("état Stellar incohérent : {} cartes ({} distinctes) pour un jeu de {}", all.len(), distinct.len(), self.components.cards.len()));
        }
        for seat in &self.seats {
            if let Some(slot) = seat.telescope.keys().find(|s| !self.components.slots.contains_key(s)) {
                return Err(format!("état Stellar incohérent : emplacement {slot} inconnu"));
            }
        }
        let logged = self.log.iter().flat_map(|e| match e {
            LogEntry::Start { telescope, notebook, .. } => vec![*telescope, *notebook],
            LogEntry::Refresh { discarded, .. } => discarded.clone(),
            LogEntry::Move { took, played, coordinate, .. } => vec![took.1, played.0, coordinate.0],
            LogEntry::Final { notebook, .. } => vec![*notebook],
            LogEntry::Resign { .. } => Vec::new(),
        });
        let seats_ok = self.log.iter().all(|e| match e {
            LogEntry::Start { seat, .. } | LogEntry::Refresh { seat, .. } | LogEntry::Move { seat, .. } | LogEntry::Final { seat, .. } | LogEntry::Resign { seat, .. } => *seat < self.seats.len(),
        });
        let result_ok = self.result.as_ref().is_none_or(|r| r.winners.iter().chain(r.resigned.iter()).all(|w| *w < self.seats.len()) && r.sheets.len() == self.seats.len());
        if !seats_ok || !result_ok || !logged.collect::<Vec<_>>().iter().all(known) {
            return Err("état Stellar incohérent : le journal des coups ou le résultat nomme une carte ou un joueur inconnu".into());
        }
        Ok(())
    }

    /// Every card of the game, wherever it is (conservation check).
    pub fn all_cards(&self) -> Vec<CardId> {
        let mut v: Vec<CardId> = Vec::new();
        for s in &self.seats {
            v.extend(s.hand.iter().copied());
            v.extend(s.starting.iter().copied());
            v.extend(s.telescope.values().map(|p| p.card));
            v.extend(s.notebook.iter().copied());
            v.extend(s.boxed);
        }
        v.extend(self.row.iter().flatten().copied());
        v.extend(self.pile.iter().copied());
        v.extend(self.discard.iter().copied());
        v
    }
}
