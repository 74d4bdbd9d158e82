//! What happened during the adjudication of a Stellarium turn.
//!
//! Every change the phases make to prestige or money is an event
//! ([`Event::Prestige`], [`Event::Money`]) so that reports can explain each
//! figure and tests can check the accounting. Events name characters by id
//! and families by key, and say why in messages ([`super::why`]: stored as
//! `{id, args}`; a plain string stored by an earlier version reads back as
//! `Msg::verbatim`); the views turn them into sentences in the reader's
//! language and decide who may see what (a contract's sponsor is secret
//! unless unmasked, 2.9).
//!
//! Phases 0–10 and the foundation own the variants up to the marker below;
//! the phases-11–30 engineer adds theirs after it.

use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, OrderStatus};
use crate::i18n::Msg;

use super::model::{CharacterId, Charge, ContractKindTag, DeathCause, FleetNo, Place, Pyramid, Seat, Sex, Training};
use super::orders::{Item, TransferKind};
// Phases 11–30.
use super::model::{Captor, GameEnd, Stake};
use super::orders::Vote;

// ---- types the events carry (the phases use them from here) -------------

/// The force ratio of 11.2.3, rounded in the defender's favour: either
/// `k/1` (the attacker at least as strong) or `1/k`, with `k` in 1..=5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Ratio {
    /// `k/1`, k in 1..=5.
    Attacker(u32),
    /// `1/k`, k in 2..=5.
    Defender(u32),
}

impl Ratio {
    /// As printed in the rules (`3/1`, `1/2`).
    pub fn label(self) -> String {
        match self {
            Ratio::Attacker(k) => format!("{k}/1"),
            Ratio::Defender(k) => format!("1/{k}"),
        }
    }
}

/// A side's result in the table of 11.2.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    GreatVictory,
    Victory,
    Defeat,
    GreatDefeat,
}

impl Outcome {
    pub fn is_win(self) -> bool {
        matches!(self, Outcome::GreatVictory | Outcome::Victory)
    }
}

/// Which enemy a battle is fought against (events, PP tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Enemy {
    Rebels,
    Pouarks,
}

/// What an expedition found (14.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Discovery {
    Colonisable,
    Pouark,
    Nothing,
}

/// What a Dark Tentacle contract aims at, in words the views can print.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum ContractTarget {
    Character { id: CharacterId },
    Ship { ship: String },
    Exchange,
    Colony { planet: String },
    Pouarks { ships: Vec<String> },
}

/// One event of a turn. Its JSON (`events.json`) always names the rule it
/// comes from (`rule`): the variant's own `rule` field where it has one,
/// else the one [`Event::rule`] gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", remote = "Self")]
pub enum Event {
    // ---- bookkeeping shared by every phase -----------------------------
    /// A character's prestige changed by `delta` (`rule` explains why).
    Prestige { who: CharacterId, delta: i64, rule: String, reason: Msg },
    /// A family's money changed by `delta` M$.
    Money { family: FamilyKey, delta: i64, rule: String, reason: Msg },
    /// A character died in year `year` of the game.
    Died { who: CharacterId, year: i32, cause: DeathCause, place: Option<String>, rule: String },
    /// A personal doctor brought a character back (1.4.1).
    Revived { who: CharacterId, rule: String },
    /// A trial was opened (case number for `VERDICT`, 22.2).
    TrialOpened { case_no: u32, accused: CharacterId, charge: Charge, rule: String },
    /// A trial was cancelled (2.3.4: the scandal was a plot).
    TrialCancelled { case_no: u32, accused: CharacterId, rule: String },
    /// A character lost a seat (0.4 PNJ, …).
    LeftPyramid { who: CharacterId, pyramid: Pyramid, seat: Seat, rule: String },

    // ---- foundation (turn 0, d for late registrations) ------------------
    /// A family's eight characters entered play.
    FamilyFounded { family: FamilyKey, founders: Vec<CharacterId>, advertising_pp: u32, late_bonus_pp: u32, by_default: bool },
    /// A founder's detail the family did not give was drawn by lot or cut (RULINGS).
    FoundationDefault { family: FamilyKey, founder_no: u8, what: Msg },
    /// Founders married across families at the start (RULINGS c).
    FounderMarriage { husband: CharacterId, wife: CharacterId },
    /// A married founder left without a spouse in play: widowed (RULINGS c).
    FounderWidowed { who: CharacterId },
    /// A judge elected to the High Court (27.2; turn 0 f).
    JudgeElected { who: CharacterId, pp: i64 },
    /// A seat filled when the pyramids are first formed (turn 0).
    SeatFilled { pyramid: Pyramid, seat: Seat, who: CharacterId, pp: i64 },
    /// A governor elected (27.4; turn 0 f).
    GovernorElected { planet: String, who: CharacterId, pp: i64 },
    /// The exploration ship for sale was bought (28; turn 0 e).
    ShipBought { family: FamilyKey, ship: String, price: i64, bids: u32 },
    /// Nobody bid for the ship (28).
    ShipUnsold,

    // ---- 0. statuses -----------------------------------------------------
    /// The status of a family's orders for the turn (0.1), and its ONR run.
    Status { family: FamilyKey, status: OrderStatus, onr_streak: u32 },
    /// A family became PNJ (0.1, 0.4): irreversible.
    BecamePnj { family: FamilyKey },

    // ---- 1. purchases ------------------------------------------------------
    Purchased { who: CharacterId, item: Item },
    PurchaseRefused { who: CharacterId, item: Item, reason: Msg },
    /// The Archpope authorised an implant (1.3.4).
    ProsthesisPermit { who: CharacterId },
    /// A prosthesis was implanted; `authorised` false makes a heretic (1.3.3).
    ProsthesisImplanted { who: CharacterId, total: u8, authorised: bool },

    // ---- 2. Dark Tentacle ----------------------------------------------------
    /// A proposal the Dark Tentacle did not even consider (2.0.3, 2.8.1, 2.8.4…): to the sponsor's family.
    ContractRefused { family: FamilyKey, sponsor: CharacterId, reason: Msg },
    /// A proposal not among the best paid (2.8.2): to the sponsors' families.
    ContractNotSelected { sponsors: Vec<CharacterId>, kind: ContractKindTag, target: ContractTarget, total: u32 },
    /// A contract carried out in year `year` of the cycle; `success` is the die's verdict (or false when void).
    ContractExecuted {
        contract_no: u32,
        kind: ContractKindTag,
        target: ContractTarget,
        sponsors: Vec<CharacterId>,
        total: u32,
        year: u8,
        success: bool,
        /// What became of it, when there is more to say (stored as `""` before messages).
        detail: Option<Msg>,
    },
    /// The Dark Tentacle credit of a family (2.8.5; secret: to that family).
    Credit { family: FamilyKey, credit: u32 },
    /// A character was kidnapped and is held on `planet` (2.2).
    Kidnapped { who: CharacterId, planet: String, year: u8 },
    /// A ransom was paid and the hostage released (2.2.4).
    RansomPaid { who: CharacterId, family: FamilyKey, amount: i64, to_sponsor: i64, sponsor_family: Option<FamilyKey> },
    /// A ransom order that could not be honoured.
    RansomRefused { who: CharacterId, reason: Msg },
    /// A scandal struck a character (2.3.3).
    ScandalStruck { who: CharacterId, year: u8 },
    /// The investigation showed the scandal was a plot (2.3.4).
    ScandalExposed { victim: CharacterId },
    /// A bomb was planted on an exploration ship (2.4; found out at departure or at the next overhaul).
    ShipSabotaged { ship: String, year: u8 },
    /// The sabotaged ship was not used: the bomb was found (2.4.3).
    SabotageFoundOut { ship: String },
    /// A bomb went off at the exchange (2.5).
    ExchangeBombing { year: u8, merchants: Vec<CharacterId> },
    /// A colony rose at the Dark Tentacle's call (2.6.2); phase 11 fights it.
    RebellionIncited { planet: String, year: u8 },
    /// A treason reached the Pouarks (2.7.2); `effective` false when too late (2.7.3 NB).
    TreasonSucceeded { year: u8, effective: bool, ships: Vec<String> },
    /// The investigation of a crime (2.9): one die per sponsor (2.8.3).
    Investigation { contract_no: u32, sponsor: CharacterId, kolombo: bool, unmasked: bool },

    // ---- 3. marriages --------------------------------------------------------
    /// The Archpope allowed a widow(er) to remarry (3.6).
    RemarriagePermit { who: CharacterId, automatic: bool },
    Married { groom: CharacterId, bride: CharacterId, priest: CharacterId },
    MarriageRefused { groom: CharacterId, bride: CharacterId, reason: Msg },

    // ---- 4. expeditions --------------------------------------------------
    ShipTransferred { ship: String, from: FamilyKey, to: FamilyKey, amount: u32, kind: TransferKind },
    TransferRefused { ship: String, from: FamilyKey, to: FamilyKey, reason: Msg },
    /// An exploration permit (4.7); `automatic` when the Grand Commander's family is ONR.
    ExplorationPermit { who: CharacterId, automatic: bool },
    /// The Grand Commander kept a ship on Stellarium (4.8).
    ShipForbidden { ship: String },
    ExpeditionDeparted { ship: String, family: FamilyKey, captain: CharacterId, members: Vec<CharacterId> },
    ExpeditionCancelled { ship: String, family: FamilyKey, reason: Msg },
    /// A guest who did not board (4.6).
    GuestStayed { ship: String, who: CharacterId, reason: Msg },
    /// A sabotaged ship blew up (2.4.3).
    ShipExploded { ship: String, year: u8 },
    /// What became of a survival capsule (1.1.1): the die and its meaning.
    CapsuleOutcome { who: CharacterId, die: u32, outcome: Msg },

    // ---- 5. merchants ------------------------------------------------------
    TradingPostRemoved { family: FamilyKey, planet: String },
    PlanetClosed { planet: String },
    ExchangeBanned { family: FamilyKey },
    /// A merchant sent to the exchange with S1 instead (5.3.4, 5.3.5).
    MerchantFallback { who: CharacterId, reason: Msg },
    /// A merchant with nothing to do this cycle (5.3.4: "chômage").
    MerchantIdle { who: CharacterId, reason: Msg },

    // ---- 6. warriors -------------------------------------------------------
    FleetCommander { fleet: FleetNo, who: CharacterId, designated: bool },
    NoFleetCommander { fleet: FleetNo },
    /// A location order that could not be followed; the character stays on Stellarium.
    LocationRefused { who: CharacterId, place: Place, reason: Msg },
    /// Where a character of an ONR/OPR family went by default (4.10, 5.3.5, 6.5).
    DefaultLocation { who: CharacterId, place: Place, rule: String },

    // ---- 7. births ----------------------------------------------------------
    /// The births of a couple (7.3): the dice of table A, the die of table B if rolled, the limit.
    Births { father: CharacterId, mother: CharacterId, table_a: Vec<u32>, table_b: Option<u32>, limit: Option<u32>, children: u32 },
    Born { child: CharacterId, father: CharacterId, mother: CharacterId, sex: Sex, year: i32, pp: i64 },
    BastardRecognised { who: CharacterId, family: FamilyKey },
    BastardRefused { family: FamilyKey, reason: Msg },

    // ---- 8. survival -------------------------------------------------------
    /// A survival test (8.2): age at the start of the cycle, chances of death in 6.
    SurvivalTest { who: CharacterId, age: i32, death_chances: u32, survived: bool },

    // ---- 9–10. baptisms, training -----------------------------------------
    Baptised { who: CharacterId, name: String, priest: Option<CharacterId>, by_lot: bool },
    Trained { who: CharacterId, training: Training, by_lot: bool },
    // ---- phases 11–30 add their variants below ------------------------------
    // ---- 11–12. rebellions, war against the Pouarks ----------------------------
    /// A colony rose (11.1: incited by the Dark Tentacle or spontaneous).
    RebellionBrokeOut { planet: String, year: u8, incited: bool },
    /// An incited rebellion on a planet the Empire no longer held: nothing to fight.
    RebellionVoid { planet: String, year: u8 },
    /// One battle (11.2, 11.3, 12.3). Strengths in hundredths (a warrior = 100).
    Battle {
        enemy: Enemy,
        planet: String,
        year: u8,
        empire_attacks: bool,
        enemy_dice: Vec<u32>,
        enemy_strength: u64,
        empire_strength: u64,
        fighters: Vec<CharacterId>,
        ratio: Ratio,
        empire_result: Outcome,
        casualties: Vec<CharacterId>,
    },
    /// The Empire lost a planet to the rebels or the Pouarks.
    PlanetLost { planet: String, enemy: Enemy, year: u8 },
    /// The Empire took or retook a planet.
    PlanetRetaken { planet: String, enemy: Enemy, year: u8 },
    /// A character was taken prisoner (11.2.5, 2.6.5, 14.4, 1.1.1).
    Captured { who: CharacterId, captor: Captor, planet: Option<String>, rule: String },
    /// A captive was freed (11.5, 2.2.6, 12).
    Freed { who: CharacterId, rule: String },
    /// A family got a trading post (12.4, 14.5).
    TradingPostGranted { family: FamilyKey, planet: String, rule: String },
    /// The Pouarks attack a planet of the Empire (12.1, 12.3.8).
    PouarkAttack { planet: String, year: u8, dice: u32 },
    /// The Empire attacks a Pouark planet (12.2, 12.3.8).
    EmpireAttack { planet: String, year: u8, chosen_by_emperor: bool },
    /// The winner's strategy after a battle (12.3.8): the Pouarks' by lot, the Empire's by the Grand General.
    WarStrategy { pouarks: bool, offensive: bool },
    /// No battle against the Pouarks this cycle (12.3.10 "pas de guerre").
    NoWar,
    /// Stellarium fell: the game is over and everybody lost (12.1, 30.2).
    StellariumFell { year: u8 },

    // ---- 13. exchange -----------------------------------------------------------
    /// A merchant's speculation (13.4): the die, the situation (13.5), the gain in M$ and PP.
    Speculation { who: CharacterId, stake: Stake, amount: u32, die: u32, situation: i32, gain: i64 },
    /// A merchant kept out of the exchange (13.2).
    ExchangeRefused { who: CharacterId, reason: Msg },

    // ---- 14. return of the expeditions ----------------------------------------
    /// An expedition came back (or not): the die of 14.1 and what it meant.
    ExpeditionReturned {
        ship: String,
        family: FamilyKey,
        explorers: u32,
        die: Option<u32>,
        found: Discovery,
        double: bool,
        destroyed: bool,
        captured: bool,
        known: bool,
    },
    /// A planet was discovered and named (14.1, 14.8).
    PlanetDiscovered { planet: String, pouark: bool, ship: String, name_proposed: bool },
    /// An exploration ship was destroyed (14.6) or captured (14.4).
    ShipLost { ship: String, captured: bool, year: u8 },

    // ---- 15. return of the merchants --------------------------------------------
    /// A merchant's gains at a trading post (15.2–15.4).
    TradeGains { who: CharacterId, planet: String, merchants: u32, gain: i64, nepotism: bool },
    /// A governor's prestige from the attendance of the colony (15.5).
    GovernorAttendance { who: CharacterId, planet: String, present: u32, pp: i64 },

    // ---- 16. return of the warriors ---------------------------------------------
    WarriorsReturned { count: u32 },

    // ---- 17–21. coup, disgraces, excommunication, depositions --------------------
    /// A military coup (17): who launched it, who supported, who opposed (OR families), the chances in 6 (6 = automatic, 0 = doomed).
    Coup { leader: CharacterId, supporters: Vec<CharacterId>, opponents: Vec<CharacterId>, chances: u32, success: bool },
    /// A character was disgraced (17, 18, 20): removed from `pyramids`.
    Disgraced { who: CharacterId, pyramids: Vec<Pyramid>, by: Pyramid, special: bool, rule: String },
    /// A new Emperor proclaimed by a coup (17.3).
    CoupEmperor { who: CharacterId, deposed: Option<CharacterId> },
    /// A judge removed by the Emperor (18.2).
    JudgeRemoved { who: CharacterId },
    /// A character excommunicated (19).
    Excommunicated { who: CharacterId },
    /// The head of a pyramid deposed by all the levels below (21).
    Deposed { who: CharacterId, pyramid: Pyramid, voters: Vec<CharacterId> },
    /// A head's power that could not be used (the target no longer fits).
    PowerVoid { pyramid: Pyramid, power: String, reason: Msg },

    // ---- 22–25. trials, releases, pardons --------------------------------------
    /// A judgement (22): every judge's vote is public (22.2).
    Verdict {
        case_no: u32,
        accused: CharacterId,
        charge: Charge,
        votes: Vec<(CharacterId, Vote)>,
        guilty_votes: u32,
        innocent_votes: u32,
        tie_breaker: Option<CharacterId>,
        guilty: bool,
        years: u32,
        fine: Option<i64>,
        symbolic: bool,
    },
    /// A trial put off to the next turn (22.3).
    TrialAdjourned { case_no: u32, accused: CharacterId, reason: Msg },
    /// A trial that ends without judgement (the accused is dead).
    TrialDropped { case_no: u32, accused: CharacterId, reason: Msg },
    /// A convict's sentence ended (23).
    Released { who: CharacterId, rule: String },
    /// The Emperor's pardon (24): of a convict, or in advance of a trial (24.2).
    ImperialPardon { who: CharacterId, in_advance: bool },
    /// The Archpope's pardon of a heretic (25).
    ArchpapalPardon { who: CharacterId },

    // ---- 26–27. funerals, Supreme Assembly ------------------------------------
    /// A eulogy (26.2), or a minute of silence when the family has no priest.
    Eulogy { deceased: CharacterId, priest: Option<CharacterId> },
    /// A judge resigned (27.2.8).
    JudgeResigned { who: CharacterId },
    /// A judge left the court for another reason (27.2.8: prisoner, death).
    LeftCourt { who: CharacterId, reason: Msg },
    /// A promotion by the Assembly (27.3): from a lower seat or from outside.
    Promoted { who: CharacterId, pyramid: Pyramid, from: Option<Seat>, to: Seat, pp: i64 },

    // ---- 29–30. victory points, end ----------------------------------------------
    /// A family's victory points of the turn (29) and its running total (30.3).
    VictoryPoints { family: FamilyKey, prestige: i64, bonuses: Vec<(Msg, i64)>, total: i64, cumulative: i64 },
    /// The game is over (30). 30.2 (Stellarium fell, every family ONR):
    /// "le jeu gagne ! Et tous les joueurs perdent" (`all_lost`, no winner);
    /// otherwise 30.3: the families still played by a person (not PNJ) with
    /// the highest total (`winners`, several on a tie) and that total.
    GameOver {
        reason: GameEnd,
        #[serde(default)]
        winners: Vec<FamilyKey>,
        #[serde(default)]
        points: i64,
        #[serde(default)]
        all_lost: bool,
    },
}

impl Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error;
        let mut v = Event::serialize(self, serde_json::value::Serializer).map_err(S::Error::custom)?;
        if let Some(m) = v.as_object_mut() {
            m.entry("rule").or_insert_with(|| serde_json::Value::String(self.rule()));
        }
        v.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Event::deserialize(deserializer)
    }
}

impl Event {
    /// The rule this event applies (section numbers of the rules text; the
    /// letters a–f of "Début de partie" for the foundation).
    pub fn rule(&self) -> String {
        use Event::*;
        let fixed = match self {
            Prestige { rule, .. }
            | Money { rule, .. }
            | Died { rule, .. }
            | Revived { rule, .. }
            | TrialOpened { rule, .. }
            | TrialCancelled { rule, .. }
            | LeftPyramid { rule, .. }
            | DefaultLocation { rule, .. }
            | Captured { rule, .. }
            | Freed { rule, .. }
            | TradingPostGranted { rule, .. }
            | Disgraced { rule, .. }
            | Released { rule, .. } => return rule.clone(),
            ContractRefused { reason, .. }
            | MarriageRefused { reason, .. }
            | TransferRefused { reason, .. }
            | ExpeditionCancelled { reason, .. }
            | GuestStayed { reason, .. }
            | LocationRefused { reason, .. }
            | MerchantFallback { reason, .. }
            | MerchantIdle { reason, .. }
            | PurchaseRefused { reason, .. }
            | RansomRefused { reason, .. }
            | BastardRefused { reason, .. }
            | ExchangeRefused { reason, .. }
            | TrialAdjourned { reason, .. }
            | TrialDropped { reason, .. } => {
                let default = match self {
                    ContractRefused { .. } => "2.8.1",
                    MarriageRefused { .. } => "3",
                    TransferRefused { .. } => "4.2",
                    ExpeditionCancelled { .. } => "4.3",
                    GuestStayed { .. } => "4.6",
                    LocationRefused { .. } => "6.1",
                    MerchantFallback { .. } => "5.3.5",
                    MerchantIdle { .. } => "5.3.4",
                    PurchaseRefused { .. } => "1",
                    RansomRefused { .. } => "2.2.4",
                    BastardRefused { .. } => "7.7",
                    ExchangeRefused { .. } => "13.2",
                    _ => "22.3",
                };
                return super::why::rule_of(reason).unwrap_or_else(|| default.to_string());
            }
            FamilyFounded { .. } | FoundationDefault { .. } => "d",
            FounderMarriage { .. } | FounderWidowed { .. } => "c",
            SeatFilled { .. } => "f",
            JudgeElected { .. } => "27.2",
            GovernorElected { .. } => "27.4",
            ShipBought { .. } | ShipUnsold => "28.1",
            Status { .. } => "0.1",
            BecamePnj { .. } => "0.4",
            Purchased { .. } => "1",
            ProsthesisPermit { .. } => "1.3.4",
            ProsthesisImplanted { .. } => "1.3.3",
            ContractNotSelected { .. } => "2.8.2",
            ContractExecuted { .. } => "2.8",
            Credit { .. } => "2.8.5",
            Kidnapped { .. } => "2.2",
            RansomPaid { .. } => "2.2.4",
            ScandalStruck { .. } => "2.3.3",
            ScandalExposed { .. } => "2.3.4",
            ShipSabotaged { .. } => "2.4",
            SabotageFoundOut { .. } => "2.4.3",
            ExchangeBombing { .. } => "2.5",
            RebellionIncited { .. } => "2.6.2",
            TreasonSucceeded { .. } => "2.7.2",
            Investigation { .. } => "2.9",
            RemarriagePermit { .. } => "3.6",
            Married { .. } => "3.7",
            ShipTransferred { .. } => "4.2",
            ExplorationPermit { .. } => "4.7",
            ShipForbidden { .. } => "4.8",
            ExpeditionDeparted { .. } => "4.5",
            ShipExploded { .. } => "2.4.4",
            CapsuleOutcome { .. } => "1.1.1",
            TradingPostRemoved { .. } | PlanetClosed { .. } => "5.3.4",
            ExchangeBanned { .. } => "13.2",
            FleetCommander { designated: true, .. } => "6.3",
            FleetCommander { .. } | NoFleetCommander { .. } => "6.4",
            Births { .. } => "7.3",
            Born { .. } => "7.4",
            BastardRecognised { .. } => "7.6",
            SurvivalTest { .. } => "8.2",
            Baptised { .. } => "9",
            Trained { .. } => "10",
            RebellionBrokeOut { .. } | RebellionVoid { .. } => "11.1",
            Battle { enemy: Enemy::Rebels, empire_attacks: false, .. } => "11.2",
            Battle { enemy: Enemy::Rebels, .. } => "11.3",
            Battle { .. } => "12.3",
            PlanetLost { enemy: Enemy::Rebels, .. } => "11.2.6",
            PlanetLost { .. } => "12.3.6",
            PlanetRetaken { enemy: Enemy::Rebels, .. } => "11.3",
            PlanetRetaken { .. } => "12.2",
            PouarkAttack { .. } | StellariumFell { .. } => "12.1",
            EmpireAttack { .. } => "12.2",
            WarStrategy { .. } => "12.3.8",
            NoWar => "12.3.10",
            Speculation { .. } => "13.4",
            ExpeditionReturned { .. } | PlanetDiscovered { .. } => "14.1",
            ShipLost { captured: true, .. } => "14.4",
            ShipLost { .. } => "14.6",
            TradeGains { .. } => "15.2",
            GovernorAttendance { .. } => "15.5",
            WarriorsReturned { .. } => "16",
            Coup { .. } => "17.2",
            CoupEmperor { .. } => "17.3",
            JudgeRemoved { .. } => "18.2",
            Excommunicated { .. } => "19",
            Deposed { .. } => "21",
            PowerVoid { power, .. } => match power.as_str() {
                "DISGRACE" => "20",
                "EXCOMMUNIER" => "19",
                "GRACE" => "24",
                "PARDON" => "25",
                _ => "18",
            },
            Verdict { .. } => "22.2",
            ImperialPardon { .. } => "24",
            ArchpapalPardon { .. } => "25",
            Eulogy { .. } => "26.2",
            JudgeResigned { .. } | LeftCourt { .. } => "27.2.8",
            Promoted { .. } => "27.3",
            VictoryPoints { .. } => "29",
            GameOver { .. } => "30",
        };
        fixed.to_string()
    }

    /// The phase (1–30) whose section of the rules [`Event::rule`] is in;
    /// `None` for the foundation's letters (a–f) and the statuses (0).
    pub fn phase(&self) -> Option<u8> {
        let rule = self.rule();
        let head: String = rule.chars().take_while(|c| c.is_ascii_digit()).collect();
        head.parse::<u8>().ok().filter(|n| (1..=30).contains(n))
    }
}
