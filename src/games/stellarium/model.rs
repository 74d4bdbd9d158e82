//! The world of Stellarium 1.1.3: everything the rules track between two
//! turns (`shared/rules/000_…txt`; rule numbers in the comments).
//!
//! # Conventions (shared by every phase)
//! - [`State::turn`] is the turn now open for orders (0 = the foundation
//!   turn). Turn `t ≥ 1` is the cycle of years `5000 + 10(t-1) + 1 ..= 5000 + 10t`
//!   (turn 1 = 5001–5010). [`State::first_year`] is the first year of the
//!   open cycle; ages "at the start of the cycle" (7.1, 8.2) use it.
//! - Characters are never removed: the dead keep their [`Death`] record
//!   (funerals 26, reports). Ids ([`CharacterId`]) are stable and never reused.
//! - Names (planets, ships, families) are stored under their
//!   [`crate::text::key`] in `BTreeMap`s; the display spelling is in the value.
//! - A married woman stays in her birth family (3.9); children go to the
//!   father's family (3.3, 7.1). So [`Character::family`] is the family that
//!   gives the character's orders, and it never changes in this version
//!   (kept separate from [`Character::birth_family`] for clarity).
//! - Money is in M$ (`i64`); a negative amount is a debt (1, 2.0.3, 28.5).
//!   A family "that ended the previous cycle in debt" is one whose money is
//!   negative in the state at the start of the turn: [`Family::in_debt`].
//! - Rounding: where the rules give none, divisions round down (RULINGS.md).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, OrderStatus};
use crate::text::key;

/// First year of the Empire (proclamation, 5000); turn 1 starts in 5001.
pub const EMPIRE_YEAR: i32 = 5000;
/// Money of a new family (e).
pub const STARTING_MONEY: i64 = 10;
/// PP a new family distributes freely over its 8 characters (d).
pub const FREE_PP: u32 = 25;
/// Seats in the High Court besides the Emperor (22.1, 27.2.1).
pub const JUDGE_SEATS: usize = 15;
/// Maximum cyberprostheses in a life (1.3.2).
pub const MAX_PROSTHESES: u8 = 5;
/// Maximum Dark Tentacle contracts a family may propose (2.8.1).
pub const MAX_CONTRACTS: u32 = 7;
/// Age of a recognised bastard when he enters play (7.6).
pub const BASTARD_AGE: i32 = 31;

/// The six colonies of the proclamation (history, 5000).
pub const FOUNDING_COLONIES: [&str; 6] = ["Balnéa", "Carilam", "Dorkir", "Engarkos", "Kistrang", "Mologataï"];
/// The penal colony (history, 22.4).
pub const PENAL_COLONY: &str = "Araknid";
/// The capital (27.4.7: not a colony).
pub const CAPITAL: &str = "Stellarium";
/// The first known Pouark planet (history, 4944).
pub const FIRST_POUARK_PLANET: &str = "Xorg";

/// Stable id of a character (never reused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CharacterId(pub u32);

impl std::fmt::Display for CharacterId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Sex of a character (`H`/`M` = man, `F` = woman in orders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

impl Sex {
    /// `H` or `F` (French reports).
    pub fn letter_fr(self) -> &'static str {
        match self {
            Sex::Male => "H",
            Sex::Female => "F",
        }
    }
    /// `M` or `F` (English orders).
    pub fn letter_en(self) -> &'static str {
        match self {
            Sex::Male => "M",
            Sex::Female => "F",
        }
    }
}

/// The four schools (10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Training {
    Priest,
    Warrior,
    Explorer,
    Merchant,
}

impl Training {
    pub const ALL: [Training; 4] = [Training::Priest, Training::Warrior, Training::Explorer, Training::Merchant];

    /// Canonical French order keyword (`PRETRE`, …).
    pub fn keyword_fr(self) -> &'static str {
        match self {
            Training::Priest => "PRETRE",
            Training::Warrior => "GUERRIER",
            Training::Explorer => "EXPLORATEUR",
            Training::Merchant => "MARCHAND",
        }
    }
    /// English alias (`PRIEST`, …).
    pub fn keyword_en(self) -> &'static str {
        match self {
            Training::Priest => "PRIEST",
            Training::Warrior => "WARRIOR",
            Training::Explorer => "EXPLORER",
            Training::Merchant => "MERCHANT",
        }
    }
    /// French noun for reports (`prêtre`, …).
    pub fn name_fr(self) -> &'static str {
        match self {
            Training::Priest => "prêtre",
            Training::Warrior => "guerrier",
            Training::Explorer => "explorateur",
            Training::Merchant => "marchand",
        }
    }
}

/// The five hierarchical pyramids ("L'Empire est un monstre à cinq têtes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pyramid {
    Government,
    Church,
    Army,
    Explorers,
    Merchants,
}

impl Pyramid {
    /// In the order of promotions (27.3.2: the Government first).
    pub const ALL: [Pyramid; 5] = [Pyramid::Government, Pyramid::Church, Pyramid::Army, Pyramid::Explorers, Pyramid::Merchants];

    /// The training a member must have (`None`: the Government is open to all).
    pub fn required_training(self) -> Option<Training> {
        match self {
            Pyramid::Government => None,
            Pyramid::Church => Some(Training::Priest),
            Pyramid::Army => Some(Training::Warrior),
            Pyramid::Explorers => Some(Training::Explorer),
            Pyramid::Merchants => Some(Training::Merchant),
        }
    }
    /// Canonical French order keyword (`GOUVERNEMENT`, …).
    pub fn keyword_fr(self) -> &'static str {
        match self {
            Pyramid::Government => "GOUVERNEMENT",
            Pyramid::Church => "EGLISE",
            Pyramid::Army => "ARMEE",
            Pyramid::Explorers => "EXPLORATEURS",
            Pyramid::Merchants => "MARCHANDS",
        }
    }
    pub fn keyword_en(self) -> &'static str {
        match self {
            Pyramid::Government => "GOVERNMENT",
            Pyramid::Church => "CHURCH",
            Pyramid::Army => "ARMY",
            Pyramid::Explorers => "EXPLORERS",
            Pyramid::Merchants => "MERCHANTS",
        }
    }
}

/// A seat of a pyramid: index 0 the head, 1–2 the heirs (1st, 2nd),
/// 3–5 the councillors (1st, 2nd, 3rd). The order of seats is the order of
/// rank used by 6.4 ("Grand Général, 1er dauphin, 2ème dauphin, 1er
/// conseiller, etc.").
pub type Seat = usize;
pub const HEAD: Seat = 0;
pub const HEIRS: [Seat; 2] = [1, 2];
pub const COUNCILLORS: [Seat; 3] = [3, 4, 5];

/// Level of a seat: 1 head, 2 heir, 3 councillor (21.1 speaks of "étages").
pub fn seat_level(seat: Seat) -> u8 {
    match seat {
        0 => 1,
        1 | 2 => 2,
        _ => 3,
    }
}

/// One pyramid's six seats.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PyramidSeats {
    pub seats: [Option<CharacterId>; 6],
}

impl PyramidSeats {
    pub fn head(&self) -> Option<CharacterId> {
        self.seats[HEAD]
    }
    /// The seat `c` holds in this pyramid.
    pub fn seat_of(&self, c: CharacterId) -> Option<Seat> {
        self.seats.iter().position(|s| *s == Some(c))
    }
    /// Members in order of rank (head first).
    pub fn members(&self) -> impl Iterator<Item = (Seat, CharacterId)> + '_ {
        self.seats.iter().enumerate().filter_map(|(i, s)| s.map(|c| (i, c)))
    }
    /// Empties the seat `c` holds, if any; returns the seat.
    pub fn remove(&mut self, c: CharacterId) -> Option<Seat> {
        let seat = self.seat_of(c)?;
        self.seats[seat] = None;
        Some(seat)
    }
}

/// A stake on the exchange (5.3.1): safe, normal, risky.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stake {
    Safe,
    Normal,
    Risky,
}

impl Stake {
    pub fn letter(self) -> &'static str {
        match self {
            Stake::Safe => "S",
            Stake::Normal => "N",
            Stake::Risky => "R",
        }
    }
}

/// The two Imperial fleets (6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FleetNo {
    /// 1st Fleet: against the Pouarks (12).
    First,
    /// 2nd Fleet: against the rebels (11).
    Second,
}

impl FleetNo {
    pub fn number(self) -> u8 {
        match self {
            FleetNo::First => 1,
            FleetNo::Second => 2,
        }
    }
}

/// Where a character spends a cycle (LIEU order; 4–6, 13). Planets and
/// ships are given by their key (see [`State::planet`], [`State::ship`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    /// On Stellarium, not at the exchange (explorers 4.9, priests, judges…).
    Stellarium,
    /// On Stellarium, at the exchange with a stake of `amount` (1–3) M$ (5.3).
    Exchange { stake: Stake, amount: u32 },
    /// On a colony (merchants at their trading post 5.2, warriors in garrison 6.1,
    /// governors 27.4).
    Colony(String),
    /// In one of the fleets (6.1).
    Fleet(FleetNo),
    /// On board an exploration ship (4.6).
    Ship(String),
}

/// Who holds a planet (11, 12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    Empire,
    /// Held by rebels since (turn, year of the cycle): 11.4 attacks the most
    /// recently lost planet first.
    Rebels { since_turn: u32, since_year: u8 },
    Pouarks,
}

/// What kind of world a planet is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanetKind {
    /// Stellarium (27.4.7: not a colony, no governor).
    Capital,
    /// A colony of the proclamation or one discovered later (14.1).
    Colony,
    /// Araknid, the penal colony (a colony with a governor, 27.4.2; attacked
    /// by the Pouarks only when no other colony is left, 12.1).
    PenalColony,
    /// A planet found occupied by the Pouarks (Xorg, 14.1 "planète Pouark").
    PouarkWorld,
}

/// A known planet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Planet {
    /// Display spelling (`Mologataï`).
    pub name: String,
    pub kind: PlanetKind,
    pub controller: Controller,
    /// Governor elected for the cycle (27.4).
    pub governor: Option<CharacterId>,
    /// Closed to trade for the turn (Master Merchant, 5.3.4): the turn it is closed for.
    pub closed_to_trade: Option<u32>,
    /// Turn of discovery (`None` for the planets known at the proclamation).
    pub discovered_turn: Option<u32>,
    /// Families whose expedition discovered it (14.5).
    pub discovered_by: BTreeSet<FamilyKey>,
}

impl Planet {
    pub fn new(name: &str, kind: PlanetKind, controller: Controller) -> Planet {
        Planet {
            name: name.to_string(),
            kind,
            controller,
            governor: None,
            closed_to_trade: None,
            discovered_turn: None,
            discovered_by: BTreeSet::new(),
        }
    }
    /// Whether it is a colony or the penal colony (not the capital, not a Pouark world).
    pub fn is_colony(&self) -> bool {
        matches!(self.kind, PlanetKind::Colony | PlanetKind::PenalColony)
    }
    pub fn held_by_empire(&self) -> bool {
        self.controller == Controller::Empire
    }
    pub fn held_by_rebels(&self) -> bool {
        matches!(self.controller, Controller::Rebels { .. })
    }
    pub fn held_by_pouarks(&self) -> bool {
        self.controller == Controller::Pouarks
    }
}

/// What became of an exploration ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShipFate {
    InService,
    Destroyed { turn: u32 },
    Captured { turn: u32 },
}

/// An exploration ship (4.2, 28).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// Display spelling, chosen by the winning bidder (28.6).
    pub name: String,
    pub owner: FamilyKey,
    /// Lent or rented for the open turn to this family (CESSION … PRET, 4.2,
    /// 28.4): the turn and the borrower. The loan ends with the turn.
    pub lent: Option<ShipLoan>,
    pub fate: ShipFate,
    /// Turn it was bought at auction.
    pub bought_turn: u32,
    /// Price paid at auction (28.1).
    pub price: i64,
    /// Expeditions made.
    pub expeditions: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipLoan {
    pub turn: u32,
    pub to: FamilyKey,
}

impl Ship {
    pub fn in_service(&self) -> bool {
        self.fate == ShipFate::InService
    }
    /// The family that may send it on an expedition in turn `turn`.
    pub fn user(&self, turn: u32) -> &FamilyKey {
        match &self.lent {
            Some(l) if l.turn == turn => &l.to,
            _ => &self.owner,
        }
    }
}

/// Who holds a captive (2.2.5, 11.2.5, 14.4, 1.1.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Captor {
    /// Kidnapped (2.2): a hostage of the Dark Tentacle; `sponsor_family` gets
    /// half the ransom (2.2.4).
    DarkTentacle { sponsor_family: Option<FamilyKey> },
    Rebels,
    Pouarks,
}

/// A character held prisoner (not a convict: see [`Sentence`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captivity {
    pub captor: Captor,
    /// Planet key where held; `None` for the rebels' mountain hideout when
    /// no planet is rebel-held (11.2.5) or an unknown Pouark world.
    pub planet: Option<String>,
    pub since_turn: u32,
}

/// A prison sentence on the penal colony (22.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sentence {
    /// Years still to serve (multiples of 10; cumulative, 22.6).
    pub years_remaining: u32,
    /// Planet key of the penal colony where it is served (Araknid; Stellarium
    /// while Araknid is held by an enemy, 12.1).
    pub planet: String,
    pub since_turn: u32,
}

/// How a character died (reports; 1.4.1 the doctor does not help in war or
/// a ship explosion).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeathCause {
    OldAge,
    Assassinated,
    ExchangeBomb,
    ShipExploded,
    LostCapsule,
    KilledInBattle,
    ExecutedByRebels,
    KilledInCoup,
    /// A merchant lost in space on the way back in wartime (15.1).
    LostInWartime,
    /// A cause stored as French words by an earlier version (shown as it is).
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Death {
    pub turn: u32,
    /// Game year of the death (year of the cycle drawn by 2.8.6 / 8.4).
    pub year: i32,
    pub cause: DeathCause,
    /// Where it happened (planet key, ship name…), for reports.
    pub place: Option<String>,
}

/// Marital status (3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Marital {
    Single,
    Married { spouse: CharacterId, since_turn: u32 },
    /// Widow(er): may remarry with the Archpope's authorisation (3.6).
    /// `late_spouse` is `None` for a founder whose spouse was never in play
    /// (RULINGS: initial marriages).
    Widowed { late_spouse: Option<CharacterId> },
}

/// What a character bought for one turn (1). Valid for the turn `turn` only
/// (the whole cycle); cyberprostheses are permanent and counted apart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purchases {
    pub turn: u32,
    /// 1.1 survival capsule.
    pub capsule: bool,
    /// 1.2 bodyguards.
    pub bodyguards: bool,
    /// 1.4 personal doctor.
    pub doctor: bool,
    /// 1.5 Kolombo insurance.
    pub insurance: bool,
}

/// A member of a Great Family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub id: CharacterId,
    /// First name (unique among the living and dead of the family); for a
    /// newborn not yet baptised, its provisional label (`Enfant17`, see
    /// [`Character::provisional_name`]) until BAPTEME gives the official one (9.1).
    pub first_name: String,
    pub sex: Sex,
    /// Game year of birth.
    pub birth_year: i32,
    /// Family of birth (3.9).
    pub birth_family: FamilyKey,
    /// Family that gives this character's orders (= birth family: a married
    /// woman stays in her family, 3.9).
    pub family: FamilyKey,
    /// Founder number 1–8 (turn 0, b–d); `None` for the born and bastards.
    pub founder_no: Option<u8>,
    pub marital: Marital,
    /// `None` for the young not yet trained (10).
    pub training: Option<Training>,
    /// Prestige (may fall below 0).
    pub pp: i64,
    /// Officially named by baptism (9.1); founders and bastards are.
    pub baptised: bool,
    /// A recognised bastard (7.6).
    pub bastard: bool,
    pub father: Option<CharacterId>,
    pub mother: Option<CharacterId>,
    /// Where the character spent the last cycle (reports, the order form).
    pub last_place: Option<Place>,
    /// Purchases of the turn (1); see [`Purchases::turn`].
    pub purchases: Purchases,
    /// Cyberprostheses implanted (1.3.2: at most 5).
    pub prostheses: u8,
    /// Turn of the last implant (1.3.2: one per turn).
    pub last_prosthesis_turn: Option<u32>,
    /// Archpope's authorisation for a prosthesis: the turn (cycle) it is valid for (1.3.4).
    pub prosthesis_permit_turn: Option<u32>,
    /// Grand Commander's exploration permit: the turn it is valid for (4.7).
    pub exploration_permit_turn: Option<u32>,
    /// Archpope's authorisation to remarry: the turn it is valid for (3.6).
    pub remarriage_permit_turn: Option<u32>,
    /// Excommunicated (19) or declared heretic (1.3.3); cleared by a pardon (25).
    pub heretic: bool,
    /// A prisoner of the Dark Tentacle, the rebels or the Pouarks.
    pub captivity: Option<Captivity>,
    /// A convict on the penal colony (22.4–22.5).
    pub sentence: Option<Sentence>,
    /// Expeditions taken part in (4.9: 1 PP each at conferences).
    pub expeditions: u32,
    /// Expeditions led as captain (4.9: 2 PP each).
    pub expeditions_as_captain: u32,
    pub death: Option<Death>,
}

/// Ages of founders 1–8 in 5001, the first year of turn 1 (RULINGS: the
/// rules give none; 1–4 are married adults, 5–6 young adults, 7–8 "too
/// young" to be trained: 10 years old, trained at turn 1 like the young of
/// the previous cycle).
pub const FOUNDER_AGES: [i32; 8] = [44, 40, 34, 30, 24, 20, 10, 10];
/// PP of founders 1–8 before the free distribution (d).
pub const FOUNDER_BASE_PP: [i64; 8] = [10, 10, 5, 5, 5, 0, 0, 0];

impl Character {
    /// A character with no training, no post, single, 0 PP, baptised, with
    /// everything else empty; `id` is set by [`State::add_character`].
    pub fn new(first_name: &str, sex: Sex, birth_year: i32, family: &str) -> Character {
        Character {
            id: CharacterId(0),
            first_name: first_name.to_string(),
            sex,
            birth_year,
            birth_family: family.to_string(),
            family: family.to_string(),
            founder_no: None,
            marital: Marital::Single,
            training: None,
            pp: 0,
            baptised: true,
            bastard: false,
            father: None,
            mother: None,
            last_place: None,
            purchases: Purchases::default(),
            prostheses: 0,
            last_prosthesis_turn: None,
            prosthesis_permit_turn: None,
            exploration_permit_turn: None,
            remarriage_permit_turn: None,
            heretic: false,
            captivity: None,
            sentence: None,
            expeditions: 0,
            expeditions_as_captain: 0,
            death: None,
        }
    }
    /// Birth year of founder `n` (1–8): age [`FOUNDER_AGES`] in 5001.
    pub fn founder_birth_year(n: u8) -> i32 {
        let i = usize::from(n.clamp(1, 8)) - 1;
        EMPIRE_YEAR + 1 - FOUNDER_AGES[i]
    }
    /// The provisional label of an unnamed newborn: `Enfant<id>`.
    pub fn provisional_name(id: CharacterId) -> String {
        format!("Enfant{}", id.0)
    }
    pub fn is_alive(&self) -> bool {
        self.death.is_none()
    }
    /// Age in game year `year`.
    pub fn age_in(&self, year: i32) -> i32 {
        year - self.birth_year
    }
    /// Held by the Dark Tentacle, the rebels or the Pouarks, or serving a sentence.
    pub fn is_prisoner(&self) -> bool {
        self.captivity.is_some() || self.sentence.is_some()
    }
    /// Held by the rebels or the Pouarks (1: may not buy).
    pub fn is_held_by_enemy(&self) -> bool {
        matches!(&self.captivity, Some(Captivity { captor: Captor::Rebels | Captor::Pouarks, .. }))
    }
    /// Alive and neither captive nor convict.
    pub fn is_free(&self) -> bool {
        self.is_alive() && !self.is_prisoner()
    }
    pub fn spouse(&self) -> Option<CharacterId> {
        match self.marital {
            Marital::Married { spouse, .. } => Some(spouse),
            _ => None,
        }
    }
    pub fn is_widowed(&self) -> bool {
        matches!(self.marital, Marital::Widowed { .. })
    }
    pub fn is_priest(&self) -> bool {
        self.training == Some(Training::Priest)
    }
    /// Purchases valid in turn `turn`.
    pub fn bought(&self, turn: u32) -> Purchases {
        if self.purchases.turn == turn {
            self.purchases.clone()
        } else {
            Purchases { turn, ..Purchases::default() }
        }
    }
}

/// What a family is charged with in a trial (22; the causes of trials).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Charge {
    /// Unmasked sponsor of a Dark Tentacle contract (2.9.3); the target in words.
    Contract { kind: ContractKindTag, target: crate::i18n::Msg },
    /// Victim of a scandal, (unjustly) accused (2.3.3).
    Scandal,
    /// Unmasked instigator of a scandal: if guilty, pays a fine of a fifth of
    /// the sentence in M$ to the victim's family instead of prison (2.3.4).
    ScandalInstigator { victim: CharacterId },
    /// Disgraced by the head of a pyramid (20.2).
    Disgrace { pyramid: Pyramid },
    /// Special disgrace by the Emperor (18.1).
    SpecialDisgrace { pyramid: Pyramid },
    /// Excommunicated (19.1).
    Heresy,
    /// Cyberprosthesis without the Archpope's authorisation (1.3.3).
    UnauthorisedProsthesis,
    /// Launched a failed coup (17.4).
    FailedCoup,
    /// Did not support a successful coup (17.3) / supported a failed one (17.4).
    CoupRanks { supported: bool },
}

/// The seven kinds of contract, without their target (2.0.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ContractKindTag {
    Assassination,
    Kidnapping,
    Scandal,
    Sabotage,
    Bomb,
    Rebellion,
    Treason,
}

impl ContractKindTag {
    pub fn keyword_fr(self) -> &'static str {
        match self {
            ContractKindTag::Assassination => "ASSASSINAT",
            ContractKindTag::Kidnapping => "ENLEVEMENT",
            ContractKindTag::Scandal => "SCANDALE",
            ContractKindTag::Sabotage => "SABOTAGE",
            ContractKindTag::Bomb => "BOMBE",
            ContractKindTag::Rebellion => "REBELLION",
            ContractKindTag::Treason => "TRAHISON",
        }
    }
    /// The English order keyword (`MURDER`…), as the parser reads it.
    pub fn keyword_en(self) -> &'static str {
        match self {
            ContractKindTag::Assassination => "ASSASSINATION",
            ContractKindTag::Kidnapping => "KIDNAPPING",
            ContractKindTag::Scandal => "SCANDAL",
            ContractKindTag::Sabotage => "SABOTAGE",
            ContractKindTag::Bomb => "BOMB",
            ContractKindTag::Rebellion => "REVOLT",
            ContractKindTag::Treason => "TREASON",
        }
    }
}

/// A trial waiting for the High Court's verdicts (22.1: crimes of a cycle
/// are judged in the next one). Case numbers are listed in reports and used
/// by `VERDICT <judge> <case-no> …`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trial {
    pub case_no: u32,
    pub accused: CharacterId,
    pub charge: Charge,
    /// Turn in which the crime or disgrace happened.
    pub opened_turn: u32,
    /// Adjournments so far (22.3: accused absent, no judge left).
    pub adjourned: u32,
    /// The Emperor pardoned the accused in advance (24.2).
    pub pardoned_in_advance: bool,
}

/// Strategy of the Empire against the Pouarks (12.3.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strategy {
    Offensive,
    Defensive,
}

/// The Army's standing: the fleets' commanders and the 2nd Fleet's patrol.
/// These are the Grand General's latest decisions (6.3, 11, 12.3.8); the
/// phases overwrite them from his orders each turn and apply 6.4 when a
/// commander is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    pub commander_1: Option<CharacterId>,
    pub commander_2: Option<CharacterId>,
    pub strategy: Strategy,
    /// Up to three colony keys where the 2nd Fleet fights the rebels (11.2.2, 11.3).
    pub patrol: Vec<String>,
}

impl Default for Army {
    fn default() -> Self {
        // RULINGS: the Empire starts defensive (no order yet).
        Army { commander_1: None, commander_2: None, strategy: Strategy::Defensive, patrol: Vec::new() }
    }
}

/// One Great Family (a player).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Family {
    /// [`crate::text::key`] of the name.
    pub key: FamilyKey,
    /// Display spelling (`Atréides`).
    pub name: String,
    /// M$; negative = debts.
    pub money: i64,
    /// Credit with the Dark Tentacle (2.8.5; secret).
    pub dark_tentacle_credit: u32,
    /// Status of each adjudicated turn (rule 0).
    pub statuses: BTreeMap<u32, OrderStatus>,
    /// Turns in a row with ONR (0.1: PNJ after more than 2).
    pub onr_streak: u32,
    /// Trading posts: planet keys (5.2, 12.4, 14.5).
    pub trading_posts: BTreeSet<String>,
    /// Turn the family registered.
    pub joined_turn: u32,
    /// Whether its 8 characters exist. A family registered but not founded
    /// gives turn-0 orders (PERSONNAGE, PUBLICITE) in its first turn, even
    /// when the game's turn is past 0 (late registration).
    pub founded: bool,
    /// Late registration (d): extra PP to distribute, 1/4 of the average
    /// family prestige of living characters, computed at registration.
    pub late_bonus_pp: u32,
    /// Banned from the exchange for the turn (Master Merchant): the turn.
    pub exchange_ban_turn: Option<u32>,
    /// Victory points, cumulated over the turns (29, 30.3).
    pub victory_points: i64,
    /// Victory points of each turn (29.4).
    pub victory_history: BTreeMap<u32, i64>,
}

impl Family {
    pub fn new(key: &str, name: &str, turn: u32) -> Family {
        Family {
            key: key.to_string(),
            name: name.to_string(),
            money: STARTING_MONEY,
            dark_tentacle_credit: 0,
            statuses: BTreeMap::new(),
            onr_streak: 0,
            trading_posts: BTreeSet::new(),
            joined_turn: turn,
            founded: false,
            late_bonus_pp: 0,
            exchange_ban_turn: None,
            victory_points: 0,
            victory_history: BTreeMap::new(),
        }
    }
    /// Ended the previous cycle with debts (1, 2.0.3, 13.2, 28.5).
    pub fn in_debt(&self) -> bool {
        self.money < 0
    }
    pub fn is_pnj(&self) -> bool {
        self.statuses.values().any(|s| *s == OrderStatus::Pnj)
    }
    /// Status of turn `turn`, if adjudicated.
    pub fn status_in(&self, turn: u32) -> Option<OrderStatus> {
        self.statuses.get(&turn).copied()
    }
}

/// Settings a referee chooses when creating a game (`[games.settings]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Number of turns (30.1); 0 = endless.
    pub turns: u32,
    /// Families may join after turn 0 (d, 0.4).
    pub late_registration: bool,
    /// How founders 1–4 are married at the start (RULINGS).
    pub initial_marriages: InitialMarriages,
    /// PNJ after more than this many ONR in a row (0.1: 2).
    pub pnj_after_onr: u32,
    /// 5.3: a merchant whose LIEU is STELLARIUM goes to the exchange with S1
    /// ("Les marchands restant sur Stellarium se rendent à la bourse", true)
    /// or stays on Stellarium without speculating (false). RULINGS 5.3.
    #[serde(default = "default_true")]
    pub merchants_on_stellarium_speculate: bool,
    /// 2.7.3 NB: a treason executed in this year of the cycle or later comes
    /// too late and has no effect (9; 11 = never too late). RULINGS 2.7.3.
    #[serde(default = "default_treason_too_late")]
    pub treason_too_late_from_year: u8,
    /// 1.3.3: with no living Archpope to refuse, an implant is allowed
    /// (true) or makes a heretic (false). RULINGS 1.3.3.
    #[serde(default = "default_true")]
    pub prosthesis_allowed_without_archpope: bool,
    /// 28.1: the winner of the ship's auction pays its own bid (true, the
    /// default, what players of a human-refereed game expect) or the next
    /// solvent bid (false, "second price"). RULINGS 28.1. (A state saved
    /// before the default changed keeps the second price it was played with.)
    #[serde(default)]
    pub ship_price_own_bid: bool,
    /// 14.6 against 4.3: an expedition without a warrior is lost on 2 in 6
    /// always (true, 14.6) or only in a cycle of war against the Pouarks
    /// (false, 4.3's "doublés en cas de guerre"). RULINGS 14.6.
    #[serde(default = "default_true")]
    pub unescorted_loss_always_doubled: bool,
    /// 29.1 "pour autant qu'il soit positif": each living character counts
    /// with his PP when they are positive, else 0 (true), or the family's
    /// sum counts when positive, else 0 (false). RULINGS 29.1.
    #[serde(default)]
    pub victory_pp_floor_per_character: bool,
}

fn default_true() -> bool {
    true
}

fn default_treason_too_late() -> u8 {
    9
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            turns: 0,
            late_registration: true,
            initial_marriages: InitialMarriages::ByLot,
            pnj_after_onr: 2,
            merchants_on_stellarium_speculate: true,
            treason_too_late_from_year: 9,
            prosthesis_allowed_without_archpope: true,
            ship_price_own_bid: true,
            unescorted_loss_always_doubled: true,
            victory_pp_floor_per_character: true,
        }
    }
}

/// RULINGS (c): founders 1–4 are "already married", but marriage inside a
/// family is forbidden (3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InitialMarriages {
    /// Turn 0 pairs the married founders of different families by lot (a
    /// man with a woman, at most 3 couples between two families, 3.4); those
    /// left over are widowed.
    ByLot,
    /// All four are widowed (their spouses died before 5001).
    Widowed,
}

/// The whole game state at the start of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub settings: Settings,
    /// Turn now open for orders (0 = foundation).
    pub turn: u32,
    pub families: BTreeMap<FamilyKey, Family>,
    /// Every character ever in play, dead ones included.
    pub characters: BTreeMap<CharacterId, Character>,
    pub next_character_id: u32,
    pub pyramids: BTreeMap<Pyramid, PyramidSeats>,
    /// The 15 judges (27.2.1), in order of election. The Emperor sits too
    /// (head of the Government pyramid).
    pub judges: Vec<CharacterId>,
    /// Known planets by key.
    pub planets: BTreeMap<String, Planet>,
    /// Exploration ships by key, destroyed and captured ones included.
    pub ships: BTreeMap<String, Ship>,
    /// A new ship is auctioned at the end of every turn (28; e for turn 0).
    pub ship_for_sale: bool,
    pub army: Army,
    /// The Emperor declared war on the Pouarks for the open turn (12.2): the turn.
    pub war_declared_turn: Option<u32>,
    /// Pouark planet the Emperor chose to attack first (12.2).
    pub pouark_target: Option<String>,
    /// A treason succeeded in this turn, effective from this year of the cycle
    /// to the end of the cycle (2.7.3): (turn, year of the cycle).
    pub treason: Option<(u32, u8)>,
    /// Trials waiting for verdicts.
    pub trials: Vec<Trial>,
    pub next_case_no: u32,
    /// Number of colonies the Empire held at the start of the turn (13.5).
    pub empire_colonies_at_start: u32,
    /// Whether Stellarium fell (12.1) or every family was ONR (30.2).
    pub ended: Option<GameEnd>,
    /// What the early phases of the open turn leave for the later ones
    /// (2 → 11, 12, 14; 4 → 14). Reset by phase 0 of every turn.
    #[serde(default)]
    pub cycle: Cycle,
    /// Each family's characters, a cache [`State::members`] reads (never
    /// saved; see [`super::members`]).
    #[serde(skip)]
    pub members_index: super::members::MembersIndex,
}

/// Facts of the cycle being adjudicated that phases 0–10 hand to phases
/// 11–30 (added by the phases-0–10 engineer; see RULINGS "Stellarium:
/// phases 0–10"). Phase 0 resets it, so it only ever holds the open turn's facts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cycle {
    /// The turn these facts belong to.
    pub turn: u32,
    /// 2.6.2: colonies (planet keys) a Dark Tentacle contract pushed into
    /// rebellion, with the year of the cycle; phase 11 fights them (11.1).
    pub incited_rebellions: Vec<(String, u8)>,
    /// 2.7.4: ships (keys) designated by a successful traitor: a Pouark
    /// discovery captures them on 3 in 6 instead of 1 in 6 (14.4).
    /// The 2.7.3 bonus itself is [`State::treason`].
    pub treason_ships: BTreeSet<String>,
    /// 4: the expeditions that left Stellarium this cycle (phase 14 brings
    /// them back). A ship a sabotage blew up at departure is listed with
    /// `exploded` set (2.4.3; its survivors are already placed).
    pub expeditions: Vec<Expedition>,
}

/// An exploration expedition that departed (4), for its return (14).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expedition {
    /// Ship key.
    pub ship: String,
    /// The family that organised it (the ship's user this turn, 4.2).
    pub family: FamilyKey,
    pub captain: CharacterId,
    /// Everyone aboard at departure, the captain included, in id order (4.6).
    pub members: Vec<CharacterId>,
    /// Name proposed for a discovery (14.8).
    pub planet_name: Option<String>,
    /// 2.4.3: a sabotage blew the ship up in this year of the cycle; the
    /// expedition found nothing, 14.7's −20 PP were already applied.
    pub exploded: Option<u8>,
}

/// Why a game ended early (30.2) or normally (30.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnd {
    TurnLimit,
    StellariumFell,
    AllOnr,
}

/// A reference to a character by name that did not resolve (for the parser).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    UnknownFamily { family: String, suggestion: Option<String> },
    UnknownCharacter { name: String, family: FamilyKey, suggestion: Option<String> },
}

impl State {
    /// The Empire at its proclamation (5000): Stellarium, the six colonies,
    /// Araknid, Xorg held by the Pouarks; empty pyramids and court; the first
    /// ship for sale.
    pub fn new(settings: Settings) -> State {
        let mut planets = BTreeMap::new();
        planets.insert(key(CAPITAL), Planet::new(CAPITAL, PlanetKind::Capital, Controller::Empire));
        for c in FOUNDING_COLONIES {
            planets.insert(key(c), Planet::new(c, PlanetKind::Colony, Controller::Empire));
        }
        planets.insert(key(PENAL_COLONY), Planet::new(PENAL_COLONY, PlanetKind::PenalColony, Controller::Empire));
        planets.insert(key(FIRST_POUARK_PLANET), Planet::new(FIRST_POUARK_PLANET, PlanetKind::PouarkWorld, Controller::Pouarks));
        let pyramids = Pyramid::ALL.iter().map(|p| (*p, PyramidSeats::default())).collect();
        let mut s = State {
            settings,
            turn: 0,
            families: BTreeMap::new(),
            characters: BTreeMap::new(),
            next_character_id: 1,
            pyramids,
            judges: Vec::new(),
            planets,
            ships: BTreeMap::new(),
            ship_for_sale: true,
            army: Army::default(),
            war_declared_turn: None,
            pouark_target: None,
            treason: None,
            cycle: Cycle::default(),
            trials: Vec::new(),
            next_case_no: 1,
            empire_colonies_at_start: 0,
            ended: None,
            members_index: Default::default(),
        };
        s.empire_colonies_at_start = s.empire_colony_count();
        s
    }

    // ---- time ----------------------------------------------------------

    /// First game year of the open cycle (turn 1: 5001). For turn 0, 5000.
    pub fn first_year(&self) -> i32 {
        if self.turn == 0 {
            EMPIRE_YEAR
        } else {
            EMPIRE_YEAR + 10 * (self.turn as i32 - 1) + 1
        }
    }
    /// Game year of year `y` (1–10) of the open cycle.
    pub fn year_of_cycle(&self, y: u8) -> i32 {
        self.first_year() + i32::from(y.max(1)) - 1
    }
    /// Last year of the open cycle (the Supreme Assembly): `5000 + 10 × turn`.
    pub fn assembly_year(&self) -> i32 {
        EMPIRE_YEAR + 10 * self.turn as i32
    }
    /// Age of a character at the start of the open cycle (7.1, 8.2).
    pub fn age(&self, c: &Character) -> i32 {
        c.age_in(self.first_year())
    }

    // ---- characters ----------------------------------------------------

    pub fn character(&self, id: CharacterId) -> Option<&Character> {
        self.characters.get(&id)
    }
    pub fn character_mut(&mut self, id: CharacterId) -> Option<&mut Character> {
        self.characters.get_mut(&id)
    }
    /// Adds a character with a fresh id (the `id` field is overwritten).
    pub fn add_character(&mut self, mut c: Character) -> CharacterId {
        let id = CharacterId(self.next_character_id);
        self.next_character_id += 1;
        c.id = id;
        let len_before = self.characters.len();
        self.members_index.added(&c, len_before);
        self.characters.insert(id, c);
        id
    }
    /// The next id [`State::add_character`] will give.
    pub fn peek_next_id(&self) -> CharacterId {
        CharacterId(self.next_character_id)
    }
    /// Living characters of all families, in id order.
    pub fn living(&self) -> impl Iterator<Item = &Character> {
        self.characters.values().filter(|c| c.is_alive())
    }
    /// Characters (living and dead) of one family, in id order (through
    /// the [`super::members`] index, not a walk of every character).
    pub fn members(&self, family: &str) -> super::members::Members<'_> {
        let ids = self.members_index.ids(&self.characters, self.next_character_id, family);
        super::members::Members { characters: &self.characters, ids, next: 0 }
    }
    /// Living characters of one family.
    pub fn living_members(&self, family: &str) -> impl Iterator<Item = &Character> + '_ {
        self.members(family).filter(|c| c.is_alive())
    }
    /// Family key of a character.
    pub fn family_of(&self, id: CharacterId) -> Option<&FamilyKey> {
        self.characters.get(&id).map(|c| &c.family)
    }
    /// Finds a character of `family` by first name (accent/case-insensitive),
    /// the living first.
    pub fn find_in_family(&self, family: &str, first_name: &str) -> Option<&Character> {
        let k = key(first_name);
        let mut found = None;
        for c in self.members(family) {
            if key(&c.first_name) == k {
                if c.is_alive() {
                    return Some(c);
                }
                found.get_or_insert(c);
            }
        }
        found
    }
    /// Resolves `FirstName` (a character of `own`) or `FirstName/Family`
    /// (any family). Dead characters resolve too (the caller decides).
    pub fn resolve_name(&self, own: &str, text: &str) -> Result<&Character, NameError> {
        self.resolve_name_with(own, text, |fam, first| self.find_in_family(fam, first))
    }
    /// [`State::resolve_name`] with `find` for [`State::find_in_family`]
    /// (the orders' index answers as it does, faster).
    pub fn resolve_name_with<'a>(
        &'a self,
        own: &str,
        text: &str,
        find: impl Fn(&str, &str) -> Option<&'a Character>,
    ) -> Result<&'a Character, NameError> {
        let (first, fam) = match text.split_once('/') {
            Some((f, fam)) => {
                let fam_key = key(fam);
                if !self.families.contains_key(&fam_key) {
                    let suggestion = crate::text::suggest(fam, self.families.values().map(|f| f.name.as_str()));
                    return Err(NameError::UnknownFamily { family: fam.trim().to_string(), suggestion });
                }
                (f, fam_key)
            }
            None => (text, own.to_string()),
        };
        match find(&fam, first) {
            Some(c) => Ok(c),
            None => {
                let names: Vec<&str> = self.living_members(&fam).map(|c| c.first_name.as_str()).collect();
                let suggestion = crate::text::suggest(first, names.iter().copied());
                Err(NameError::UnknownCharacter { name: first.trim().to_string(), family: fam, suggestion })
            }
        }
    }
    /// Display name `Prénom/Famille`.
    pub fn full_name(&self, id: CharacterId) -> String {
        match self.characters.get(&id) {
            Some(c) => {
                let fam = self.families.get(&c.family).map(|f| f.name.as_str()).unwrap_or(c.family.as_str());
                format!("{}/{}", c.first_name, fam)
            }
            None => id.to_string(),
        }
    }
    /// How `id` is written in `family`'s orders: the bare first name for
    /// its own characters, `Prénom/Famille` for the others.
    pub fn name_for(&self, family: &str, id: CharacterId) -> String {
        match self.characters.get(&id) {
            Some(c) if c.family == family => c.first_name.clone(),
            _ => self.full_name(id),
        }
    }

    /// P: characters in play at the start of the turn (11.2.1, 12.3.3):
    /// every living character of every family, prisoners and the young
    /// included (RULINGS).
    pub fn characters_in_play(&self) -> u32 {
        self.living().count() as u32
    }
    /// J: families in the game (1.3.4, Archpope): the families not PNJ (RULINGS), at least 1.
    pub fn players(&self) -> u32 {
        (self.families.values().filter(|f| !f.is_pnj()).count() as u32).max(1)
    }
    /// ⌈J/4⌉: prosthesis authorisations the Archpope may give per turn (1.3.4).
    pub fn prosthesis_permits(&self) -> u32 {
        self.players().div_ceil(4)
    }
    /// n of the Master Merchant's exchange ban: families with living
    /// merchants (at the start of the turn = at the end of the last one),
    /// divided by 4, rounded up.
    pub fn exchange_bans_allowed(&self) -> u32 {
        let fams: BTreeSet<&FamilyKey> =
            self.living().filter(|c| c.training == Some(Training::Merchant)).map(|c| &c.family).collect();
        (fams.len() as u32).div_ceil(4)
    }
    /// Families whose orders of the last turn were given (OR), for 2.8.2.
    pub fn families_or_last_turn(&self) -> u32 {
        let last = self.turn.saturating_sub(1);
        self.families.values().filter(|f| f.status_in(last) == Some(OrderStatus::Or)).count() as u32
    }

    /// Young born in the previous cycle (or before) and not yet baptised (9.1).
    pub fn needs_baptism(&self, c: &Character) -> bool {
        c.is_alive() && !c.baptised && c.birth_year < self.first_year()
    }
    /// Young without training, born before the open cycle (10.1; the
    /// founders 7–8 in turn 1, RULINGS).
    pub fn needs_training(&self, c: &Character) -> bool {
        c.is_alive() && c.training.is_none() && c.birth_year < self.first_year() && self.turn > 0
    }
    /// A free character with a training (needs a LIEU each turn, 0.3),
    /// except judges (27.2.5: on Stellarium) and governors (on their colony).
    pub fn needs_location(&self, c: &Character) -> bool {
        c.is_free() && c.training.is_some() && !self.is_judge(c.id) && self.governorship(c.id).is_none()
    }

    // ---- posts ---------------------------------------------------------

    pub fn pyramid(&self, p: Pyramid) -> &PyramidSeats {
        static EMPTY: PyramidSeats = PyramidSeats { seats: [None; 6] };
        self.pyramids.get(&p).unwrap_or(&EMPTY)
    }
    pub fn pyramid_mut(&mut self, p: Pyramid) -> &mut PyramidSeats {
        self.pyramids.entry(p).or_default()
    }
    pub fn head(&self, p: Pyramid) -> Option<CharacterId> {
        self.pyramid(p).head()
    }
    /// The family of the head of `p`.
    pub fn head_family(&self, p: Pyramid) -> Option<&FamilyKey> {
        self.head(p).and_then(|c| self.family_of(c))
    }
    pub fn emperor(&self) -> Option<CharacterId> {
        self.head(Pyramid::Government)
    }
    /// Every seat `c` holds, as (pyramid, seat).
    pub fn posts_of(&self, c: CharacterId) -> Vec<(Pyramid, Seat)> {
        Pyramid::ALL.iter().filter_map(|p| self.pyramid(*p).seat_of(c).map(|s| (*p, s))).collect()
    }
    pub fn is_judge(&self, c: CharacterId) -> bool {
        self.judges.contains(&c)
    }
    /// The planet key `c` governs.
    pub fn governorship(&self, c: CharacterId) -> Option<&str> {
        self.planets.iter().find(|(_, p)| p.governor == Some(c)).map(|(k, _)| k.as_str())
    }
    /// Protected like by bodyguards without paying: the Emperor (Imperial
    /// Guard) and judges (27.2.6).
    pub fn has_imperial_guard(&self, c: CharacterId) -> bool {
        self.emperor() == Some(c) || self.is_judge(c)
    }

    // ---- planets and ships ---------------------------------------------

    /// A known planet by name (accent/case-insensitive).
    pub fn planet(&self, name: &str) -> Option<&Planet> {
        self.planets.get(&key(name))
    }
    pub fn planet_mut(&mut self, name: &str) -> Option<&mut Planet> {
        self.planets.get_mut(&key(name))
    }
    /// The nearest known planet name, for "did you mean".
    pub fn suggest_planet(&self, name: &str) -> Option<String> {
        crate::text::suggest(name, self.planets.values().map(|p| p.name.as_str()))
    }
    /// Colonies (incl. the penal colony) held by the Empire (13.5, 27.4.2).
    pub fn empire_colonies(&self) -> impl Iterator<Item = (&String, &Planet)> {
        self.planets.iter().filter(|(_, p)| p.is_colony() && p.held_by_empire())
    }
    pub fn empire_colony_count(&self) -> u32 {
        self.empire_colonies().count() as u32
    }
    /// A ship by name (accent/case-insensitive), whatever its fate.
    pub fn ship(&self, name: &str) -> Option<&Ship> {
        self.ships.get(&key(name))
    }
    pub fn ship_mut(&mut self, name: &str) -> Option<&mut Ship> {
        self.ships.get_mut(&key(name))
    }
    pub fn suggest_ship(&self, name: &str) -> Option<String> {
        crate::text::suggest(name, self.ships.values().filter(|s| s.in_service()).map(|s| s.name.as_str()))
    }

    // ---- families ------------------------------------------------------

    pub fn family(&self, k: &str) -> Option<&Family> {
        self.families.get(k)
    }
    pub fn family_mut(&mut self, k: &str) -> Option<&mut Family> {
        self.families.get_mut(k)
    }
    /// A family by name or key (accent/case-insensitive).
    pub fn find_family(&self, name: &str) -> Option<&Family> {
        self.families.get(&key(name))
    }
    pub fn suggest_family(&self, name: &str) -> Option<String> {
        crate::text::suggest(name, self.families.values().map(|f| f.name.as_str()))
    }
    /// Marriages (both spouses alive) between the families `a` and `b` (3.4).
    pub fn living_marriages_between(&self, a: &str, b: &str) -> u32 {
        self.living()
            .filter(|c| c.sex == Sex::Male)
            .filter_map(|c| c.spouse().map(|s| (c, s)))
            .filter(|(h, s)| {
                self.characters.get(s).is_some_and(|w| {
                    w.is_alive() && ((h.family == a && w.family == b) || (h.family == b && w.family == a))
                })
            })
            .count() as u32
    }
    /// Late registration (d): 1/4 of the average, over the founded
    /// families, of the sum of PP of their living characters (rounded down).
    pub fn late_registration_bonus(&self) -> u32 {
        let fams: Vec<&Family> = self.families.values().filter(|f| f.founded).collect();
        if fams.is_empty() {
            return 0;
        }
        let total: i64 = fams.iter().map(|f| self.living_members(&f.key).map(|c| c.pp).sum::<i64>()).sum();
        let avg = total / fams.len() as i64;
        (avg / 4).max(0) as u32
    }

    /// Registers a family (0.4, d): 10 M$ (e), a trading post on every
    /// colony of the proclamation the Empire holds (RULINGS), not yet
    /// founded (its first orders are the turn-0 ones). After turn 0 it also
    /// gets the late-registration PP bonus (d). Refusals are messages.
    pub fn register(&mut self, family: &str, name: &str) -> Result<(), crate::i18n::Msg> {
        let name = crate::text::collapse_spaces(name);
        let k = key(&name);
        if k.is_empty() || family.is_empty() {
            return Err(crate::msg!("stellarium-register-name-empty"));
        }
        if name.contains('/') {
            return Err(crate::msg!("stellarium-register-name-slash"));
        }
        if self.is_over() {
            return Err(crate::msg!("stellarium-register-over"));
        }
        if self.turn > 0 && !self.settings.late_registration {
            return Err(crate::msg!("stellarium-register-late"));
        }
        if self.families.contains_key(family) || self.families.values().any(|f| crate::text::key_eq(&f.name, &k)) {
            return Err(crate::msg!("stellarium-register-taken", name = name.as_str()));
        }
        let mut f = Family::new(family, &name, self.turn);
        f.trading_posts = self
            .planets
            .iter()
            .filter(|(_, p)| p.is_colony() && p.held_by_empire() && p.discovered_turn.is_none())
            .map(|(k, _)| k.clone())
            .collect();
        if self.turn > 0 {
            f.late_bonus_pp = self.late_registration_bonus();
        }
        self.families.insert(family.to_string(), f);
        Ok(())
    }

    /// Whether the game has ended (30).
    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proclamation_has_capital_seven_colonies_and_xorg() {
        let s = State::new(Settings::default());
        assert_eq!(s.planets.len(), 9);
        assert_eq!(s.empire_colony_count(), 7);
        assert!(s.planet("mologatai").is_some_and(|p| p.held_by_empire()));
        assert!(s.planet("XORG").is_some_and(|p| p.held_by_pouarks()));
        assert!(s.planet("Stellarium").is_some_and(|p| !p.is_colony()));
        assert!(s.ship_for_sale);
    }

    #[test]
    fn cycle_years() {
        let mut s = State::new(Settings::default());
        s.turn = 1;
        assert_eq!(s.first_year(), 5001);
        assert_eq!(s.year_of_cycle(10), 5010);
        assert_eq!(s.assembly_year(), 5010);
        s.turn = 3;
        assert_eq!(s.first_year(), 5021);
    }

    fn family_with(s: &mut State, k: &str, names: &[(&str, Sex)]) -> Vec<CharacterId> {
        s.families.insert(k.into(), Family { founded: true, ..Family::new(k, k, 0) });
        names.iter().map(|(n, sex)| s.add_character(Character::new(n, *sex, 4980, k))).collect()
    }

    #[test]
    fn names_resolve_accent_and_case_insensitively_with_family() {
        let mut s = State::new(Settings::default());
        let a = family_with(&mut s, "ATREIDES", &[("Léto", Sex::Male)]);
        let h = family_with(&mut s, "HARKONNEN", &[("Feyd", Sex::Male)]);
        s.families.get_mut("ATREIDES").unwrap().name = "Atréides".into();
        assert_eq!(s.resolve_name("ATREIDES", "LETO").map(|c| c.id), Ok(a[0]));
        assert_eq!(s.resolve_name("ATREIDES", "feyd/harkonnen").map(|c| c.id), Ok(h[0]));
        assert_eq!(s.resolve_name("HARKONNEN", "leto/atreides").map(|c| c.id), Ok(a[0]));
        assert!(matches!(s.resolve_name("ATREIDES", "Feyd"), Err(NameError::UnknownCharacter { .. })));
        assert!(matches!(s.resolve_name("ATREIDES", "Feyd/Harkonen"), Err(NameError::UnknownFamily { suggestion: Some(_), .. })));
        assert_eq!(s.name_for("HARKONNEN", a[0]), "Léto/Atréides");
        assert_eq!(s.name_for("ATREIDES", a[0]), "Léto");
    }

    #[test]
    fn r3_4_living_marriages_between_two_families() {
        let mut s = State::new(Settings::default());
        let a = family_with(&mut s, "A", &[("Paul", Sex::Male), ("Jean", Sex::Male)]);
        let b = family_with(&mut s, "B", &[("Anne", Sex::Female), ("Lise", Sex::Female)]);
        for (h, w) in [(a[0], b[0]), (a[1], b[1])] {
            s.character_mut(h).unwrap().marital = Marital::Married { spouse: w, since_turn: 1 };
            s.character_mut(w).unwrap().marital = Marital::Married { spouse: h, since_turn: 1 };
        }
        assert_eq!(s.living_marriages_between("A", "B"), 2);
        assert_eq!(s.living_marriages_between("B", "A"), 2);
        s.character_mut(b[1]).unwrap().death = Some(Death { turn: 1, year: 5003, cause: DeathCause::OldAge, place: None });
        assert_eq!(s.living_marriages_between("A", "B"), 1);
    }

    #[test]
    fn rd_late_registration_gets_a_quarter_of_the_average_family_prestige() {
        let mut s = State::new(Settings::default());
        let a = family_with(&mut s, "A", &[("Paul", Sex::Male)]);
        let b = family_with(&mut s, "B", &[("Anne", Sex::Female)]);
        s.character_mut(a[0]).unwrap().pp = 100;
        s.character_mut(b[0]).unwrap().pp = 60;
        s.turn = 2;
        s.register("C", "Corrino").unwrap();
        let c = &s.families["C"];
        assert_eq!(c.late_bonus_pp, 20); // (100 + 60) / 2 / 4
        assert!(!c.founded);
        assert_eq!(c.money, STARTING_MONEY);
        assert_eq!(c.trading_posts.len(), 7);
        assert!(s.register("C2", "corrino").is_err());
        s.settings.late_registration = false;
        assert!(s.register("D", "D").is_err());
    }

    #[test]
    fn r1_3_4_permits_are_j_over_4_rounded_up() {
        let mut s = State::new(Settings::default());
        for n in ["A", "B", "C", "D", "E"] {
            s.families.insert(n.into(), Family::new(n, n, 0));
        }
        assert_eq!(s.prosthesis_permits(), 2);
    }
}
