//! Every reason a Stellarium order line can be refused for, as data: one
//! [`Refusal`] variant per sentence of `locales/*/stellarium-orders.ftl`
//! (ids `stellarium-refusal-*`), with typed arguments. The grammar
//! ([`super::parse`]) and the checks ([`super::validate`]) build them; the
//! acknowledgement renders them in the family's language.
//!
//! The variants, their message ids and their samples come from one list
//! ([`refusals!`]), so that a new reason cannot miss its sample:
//! [`Refusal::samples`] builds every variant, and the catalogue test
//! (`tests/messages.rs`) fails on a reason without its message.
//!
//! Arguments: a character's name as the reader writes it (`Paul`,
//! `Feyd/Harkonnen`) and its sex as `gender` (`f`/`m`) for French agreement;
//! counts and amounts as numbers; keywords and places of the rulebook as
//! keys that the message files turn into words (`$pyramid`, `$item`,
//! `$slot` …); the rule number as `$rule` where one sentence serves
//! several rules.

use crate::i18n::{Arg, Msg};

use super::super::model::{Captor, Pyramid, Sex};
use super::types::Item;

/// A value a sample can be made of (the catalogue check renders one sample
/// of every variant).
pub trait Sample {
    fn sample() -> Self;
}

impl Sample for String {
    fn sample() -> Self {
        "Paul".to_string()
    }
}
impl Sample for i64 {
    fn sample() -> Self {
        3
    }
}
impl Sample for Box<Refusal> {
    fn sample() -> Self {
        Box::new(Refusal::EmptyLine)
    }
}
impl From<Box<Refusal>> for Arg {
    fn from(r: Box<Refusal>) -> Arg {
        Arg::from(r.msg())
    }
}

impl Sample for Sex {
    fn sample() -> Self {
        Sex::Female
    }
}
impl From<Sex> for Arg {
    fn from(s: Sex) -> Arg {
        Arg::from(match s {
            Sex::Female => "f",
            Sex::Male => "m",
        })
    }
}

impl Sample for Pyramid {
    fn sample() -> Self {
        Pyramid::Church
    }
}
impl From<Pyramid> for Arg {
    fn from(p: Pyramid) -> Arg {
        Arg::from(match p {
            Pyramid::Government => "government",
            Pyramid::Church => "church",
            Pyramid::Army => "army",
            Pyramid::Explorers => "explorers",
            Pyramid::Merchants => "merchants",
        })
    }
}

impl Sample for Item {
    fn sample() -> Self {
        Item::Prosthesis
    }
}
impl From<Item> for Arg {
    fn from(i: Item) -> Arg {
        Arg::from(match i {
            Item::Capsule => "capsule",
            Item::Bodyguards => "bodyguards",
            Item::Prosthesis => "prosthesis",
            Item::Doctor => "doctor",
            Item::Insurance => "insurance",
        })
    }
}

/// A closed set of keys a message selects on.
macro_rules! keyed {
    ($(#[$m:meta])* $name:ident { $($v:ident = $k:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($v),* }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v),*];
            pub fn key(self) -> &'static str {
                match self { $($name::$v => $k),* }
            }
        }
        impl Sample for $name {
            fn sample() -> Self { $name::ALL[0] }
        }
    };
}

keyed! {
    /// Who holds a prisoner (`-captor` in the message files).
    CaptorKind { DarkTentacle = "dark-tentacle", Rebels = "rebels", Pouarks = "pouarks" }
}

impl From<&Captor> for CaptorKind {
    fn from(c: &Captor) -> CaptorKind {
        match c {
            Captor::DarkTentacle { .. } => CaptorKind::DarkTentacle,
            Captor::Rebels => CaptorKind::Rebels,
            Captor::Pouarks => CaptorKind::Pouarks,
        }
    }
}

/// Keys of a selector in the message itself.
macro_rules! selector_arg {
    ($($name:ident),*) => {$(
        impl From<$name> for Arg {
            fn from(x: $name) -> Arg { Arg::from(x.key()) }
        }
    )*};
}
selector_arg!(CaptorKind, DebtAct, PowerOnce, PowerHead);

/// The words of the order: a message of their own (`stellarium-slot`),
/// shared by the `stellarium-refusal-missing-*` messages.
impl From<Slot> for Arg {
    fn from(s: Slot) -> Arg {
        Arg::from(crate::msg!("stellarium-slot", slot = s.key()))
    }
}

keyed! {
    /// What a family in debt may not do, with its rule (`stellarium-refusal-in-debt`).
    DebtAct { Bid = "bid", Exchange = "exchange", Purchase = "purchase", Contract = "contract" }
}

keyed! {
    /// A once-a-turn power given twice (`stellarium-refusal-power-twice`).
    PowerOnce {
        EmperorDisgrace = "emperor-disgrace",
        EmperorSpecialDisgrace = "emperor-special-disgrace",
        EmperorRemoveJudge = "emperor-remove-judge",
        EmperorWar = "emperor-war",
        EmperorTarget = "emperor-target",
        EmperorPardon = "emperor-pardon",
        ArchpopeDisgrace = "archpope-disgrace",
        ArchpopeExcommunicate = "archpope-excommunicate",
        ArchpopePardon = "archpope-pardon",
        GeneralCoup = "general-coup",
        GeneralDisgrace = "general-disgrace",
        GeneralStrategy = "general-strategy",
        GeneralPatrol = "general-patrol",
        CommanderDisgrace = "commander-disgrace",
        CommanderForbid = "commander-forbid",
        MasterDisgrace = "master-disgrace",
        MasterRemovePost = "master-remove-post",
        MasterClose = "master-close",
    }
}

keyed! {
    /// The head of a power order (`EMPEREUR` …) whose action is missing or unknown.
    PowerHead { Emperor = "emperor", Archpope = "archpope", General = "general", Commander = "commander", Master = "master" }
}

keyed! {
    /// The place in an order where a word is missing (`-slot` in the message
    /// files: the order's keyword and, where needed, which of its words).
    Slot {
        Location = "location",
        LocationShip = "location-ship",
        Buy = "buy",
        Ransom = "ransom",
        MarriageGroom = "marriage-groom",
        MarriageBride = "marriage-bride",
        MarriagePriest = "marriage-priest",
        Births = "births",
        Bastard = "bastard",
        Transfer = "transfer",
        TransferFrom = "transfer-from",
        TransferTo = "transfer-to",
        Baptism = "baptism",
        BaptismPriest = "baptism-priest",
        Training = "training",
        Coup = "coup",
        Deposition = "deposition",
        Verdict = "verdict",
        Resign = "resign",
        Founder = "founder",
        Candidacy = "candidacy",
        CandidacyGovernor = "candidacy-governor",
        Contract = "contract",
        ContractAssassination = "contract-assassination",
        ContractKidnapping = "contract-kidnapping",
        ContractScandal = "contract-scandal",
        ContractSabotage = "contract-sabotage",
        ContractRebellion = "contract-rebellion",
        ContractTreason = "contract-treason",
        Expedition = "expedition",
        ExpeditionCaptain = "expedition-captain",
        EmperorDisgrace = "emperor-disgrace",
        EmperorSpecialDisgrace = "emperor-special-disgrace",
        EmperorRemoveJudge = "emperor-remove-judge",
        EmperorTarget = "emperor-target",
        EmperorPardon = "emperor-pardon",
        ArchpopeDisgrace = "archpope-disgrace",
        ArchpopeExcommunicate = "archpope-excommunicate",
        ArchpopePardon = "archpope-pardon",
        ArchpopeProsthesis = "archpope-prosthesis",
        ArchpopeRemarriage = "archpope-remarriage",
        GeneralDisgrace = "general-disgrace",
        GeneralCommander = "general-commander",
        GeneralPatrol = "general-patrol",
        CommanderDisgrace = "commander-disgrace",
        CommanderForbid = "commander-forbid",
        CommanderPermit = "commander-permit",
        MasterDisgrace = "master-disgrace",
        MasterRemovePost = "master-remove-post",
        MasterClose = "master-close",
        MasterBanExchange = "master-ban-exchange",
    }
}

/// The list of refusals: variant, typed fields, message id.
macro_rules! refusals {
    ($($(#[$m:meta])* $v:ident $({ $($f:ident : $t:ty),* $(,)? })? = $id:literal,)*) => {
        /// Why an order line is refused: one sentence of the message files each.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Refusal {
            $($(#[$m])* $v $({ $($f: $t),* })?,)*
        }

        impl Refusal {
            /// The message of this reason.
            pub fn msg(&self) -> Msg {
                match self.clone() {
                    $(Refusal::$v $({ $($f),* })? => Msg::new($id) $($(.arg(stringify!($f), $f))*)?,)*
                }
            }

            /// One refusal of every kind, with sample arguments.
            pub fn samples() -> Vec<Refusal> {
                vec![$(Refusal::$v $({ $($f: <$t as Sample>::sample()),* })?,)*]
            }
        }
    };
}

refusals! {
    // ---- the family ---------------------------------------------------
    NotFounded = "stellarium-refusal-not-founded",
    /// 0.4.
    Pnj = "stellarium-refusal-pnj",
    FoundationOnly = "stellarium-refusal-foundation-only",
    InDebt { money: i64, act: DebtAct } = "stellarium-refusal-in-debt",
    /// The tokenizer's problem (an unclosed quote) after the reason.
    UnclosedQuote { reason: Box<Refusal> } = "stellarium-refusal-unclosed-quote",

    // ---- characters ----------------------------------------------------
    UnknownCharacterId { id: String } = "stellarium-refusal-unknown-character-id",
    Dead { name: String, gender: Sex, year: i64 } = "stellarium-refusal-dead",
    NotYours { name: String } = "stellarium-refusal-not-yours",
    InPrison { name: String, planet: String, years: i64 } = "stellarium-refusal-in-prison",
    Captive { name: String, gender: Sex, captor: CaptorKind } = "stellarium-refusal-captive",
    NotHead { pyramid: Pyramid } = "stellarium-refusal-not-head",
    HeadNotDisgraced { name: String } = "stellarium-refusal-head-not-disgraced",
    /// 20.1 (disgrace), 21.1 (deposition).
    NotBelowHead { name: String, pyramid: Pyramid, rule: String } = "stellarium-refusal-not-below-head",
    NotBelowAnyHead { name: String } = "stellarium-refusal-not-below-any-head",
    /// 17.2 (coup), 6.3 (fleet commander).
    NotInArmy { name: String, rule: String } = "stellarium-refusal-not-in-army",
    /// 27.2.8 (resign), 18.2 (removal).
    NotJudge { name: String, rule: String } = "stellarium-refusal-not-judge",

    // ---- turn 0 --------------------------------------------------------
    AdvertisingTwice = "stellarium-refusal-advertising-twice",
    AdvertisingZero = "stellarium-refusal-advertising-zero",
    AdvertisingTooDear { n: i64, money: i64 } = "stellarium-refusal-advertising-too-dear",
    FounderTwice { n: i64 } = "stellarium-refusal-founder-twice",
    FirstNameTaken { first_name: String } = "stellarium-refusal-first-name-taken",
    FounderNeedsTraining { n: i64 } = "stellarium-refusal-founder-needs-training",
    FounderTooYoung { n: i64 } = "stellarium-refusal-founder-too-young",
    FounderMarriedPriest { n: i64 } = "stellarium-refusal-founder-married-priest",
    PpOverPool { pool: i64, used: i64, here: i64 } = "stellarium-refusal-pp-over-pool",
    BidTwice = "stellarium-refusal-bid-twice",
    NoShipForSale = "stellarium-refusal-no-ship-for-sale",
    BidZero = "stellarium-refusal-bid-zero",
    /// e, 28.1; `advertising` is 0 when none was bought.
    BidUnpayable { amount: i64, left: i64, money: i64, advertising: i64 } = "stellarium-refusal-bid-unpayable",
    ShipNameTaken { ship_name: String } = "stellarium-refusal-ship-name-taken",
    BidBadShipName = "stellarium-refusal-bid-bad-ship-name",
    CandidacyTwice = "stellarium-refusal-candidacy-twice",
    FounderNotGiven { n: i64 } = "stellarium-refusal-founder-not-given",
    CandidateTooYoung { first_name: String } = "stellarium-refusal-candidate-too-young",
    JudgePpTooLow { first_name: String, pp: i64 } = "stellarium-refusal-judge-pp-too-low",
    CandidateUntrained { name: String } = "stellarium-refusal-candidate-untrained",
    AlreadyJudge { name: String } = "stellarium-refusal-already-judge",
    NoGovernorThere { planet: String } = "stellarium-refusal-no-governor-there",
    /// 27.4.2 (governor), 5.2, 6.1 (location).
    NotImperial { planet: String, rule: String } = "stellarium-refusal-not-imperial",
    NoPostCandidate { planet: String, name: String } = "stellarium-refusal-no-post-candidate",

    // ---- every turn ----------------------------------------------------
    NotHostage { name: String } = "stellarium-refusal-not-hostage",
    RansomTwice { name: String } = "stellarium-refusal-ransom-twice",
    BirthsUnmarried { name: String, gender: Sex } = "stellarium-refusal-births-unmarried",
    BirthsTwice { name: String } = "stellarium-refusal-births-twice",
    AlreadyTrained { name: String } = "stellarium-refusal-already-trained",
    TooYoungToTrain { name: String } = "stellarium-refusal-too-young-to-train",
    TrainingTwice { name: String } = "stellarium-refusal-training-twice",
    CoupTwice { name: String } = "stellarium-refusal-coup-twice",
    DepositionTwice = "stellarium-refusal-deposition-twice",
    ResignTwice = "stellarium-refusal-resign-twice",
    LocationUntrained { name: String } = "stellarium-refusal-location-untrained",
    LocationTwice { name: String } = "stellarium-refusal-location-twice",
    CaptainElsewhere { name: String, ship: String } = "stellarium-refusal-captain-elsewhere",
    GuestElsewhere { name: String, ship: String } = "stellarium-refusal-guest-elsewhere",
    JudgeStays { name: String } = "stellarium-refusal-judge-stays",
    GovernorStays { name: String, planet: String } = "stellarium-refusal-governor-stays",
    NotMerchantExchange { name: String } = "stellarium-refusal-not-merchant-exchange",
    StakesOverMoney { staked: i64, money: i64 } = "stellarium-refusal-stakes-over-money",
    UnknownPlanet { planet: String } = "stellarium-refusal-unknown-planet",
    NotImperialColony { planet: String } = "stellarium-refusal-not-imperial-colony",
    NoPostMerchant { planet: String } = "stellarium-refusal-no-post-merchant",
    PriestStays { name: String } = "stellarium-refusal-priest-stays",
    ExplorerStays { name: String } = "stellarium-refusal-explorer-stays",
    NotWarriorFleet { name: String } = "stellarium-refusal-not-warrior-fleet",
    MerchantNoExpedition { name: String } = "stellarium-refusal-merchant-no-expedition",
    ShipOutOfService { ship: String } = "stellarium-refusal-ship-out-of-service",
    PurchaseCaptive { name: String } = "stellarium-refusal-purchase-captive",
    ItemTwice { item: Item, name: String } = "stellarium-refusal-item-twice",
    MaxProstheses { name: String, max: i64 } = "stellarium-refusal-max-prostheses",
    ProsthesisThisTurn { name: String } = "stellarium-refusal-prosthesis-this-turn",
    PurchasesOverMoney { total: i64, money: i64 } = "stellarium-refusal-purchases-over-money",
    ContractPrisoner { name: String } = "stellarium-refusal-contract-prisoner",
    ContractTwice { name: String } = "stellarium-refusal-contract-twice",
    ContractCredit { credit: i64 } = "stellarium-refusal-contract-credit",
    ContractZero = "stellarium-refusal-contract-zero",
    OffersOverMoney { offered: i64, left: i64 } = "stellarium-refusal-offers-over-money",
    ContractSelf = "stellarium-refusal-contract-self",
    RebellionNotColony { planet: String } = "stellarium-refusal-rebellion-not-colony",
    MarriageNotOurs = "stellarium-refusal-marriage-not-ours",
    NotAMan { name: String } = "stellarium-refusal-not-a-man",
    NotAWoman { name: String } = "stellarium-refusal-not-a-woman",
    SameFamilyMarriage = "stellarium-refusal-same-family-marriage",
    MarriageUntrained { name: String } = "stellarium-refusal-marriage-untrained",
    PriestNoMarriage { name: String, gender: Sex } = "stellarium-refusal-priest-no-marriage",
    HereticNoMarriage { name: String } = "stellarium-refusal-heretic-no-marriage",
    CaptiveNoMarriage { name: String, gender: Sex } = "stellarium-refusal-captive-no-marriage",
    AlreadyMarried { name: String, gender: Sex } = "stellarium-refusal-already-married",
    MarriageTwice { name: String } = "stellarium-refusal-marriage-twice",
    NotPriestMarriage { name: String } = "stellarium-refusal-not-priest-marriage",
    HereticPriestMarriage { name: String } = "stellarium-refusal-heretic-priest-marriage",
    ThreeMarriages { family: String } = "stellarium-refusal-three-marriages",
    BastardTwice = "stellarium-refusal-bastard-twice",
    BastardSingleMan { first_name: String } = "stellarium-refusal-bastard-single-man",
    BastardYoungWife { first_name: String } = "stellarium-refusal-bastard-young-wife",
    UnknownShip { ship: String } = "stellarium-refusal-unknown-ship",
    ShipNotOurs { ship: String } = "stellarium-refusal-ship-not-ours",
    ExpeditionTwice { ship: String } = "stellarium-refusal-expedition-twice",
    CaptainNotExplorer { name: String } = "stellarium-refusal-captain-not-explorer",
    CaptainCannotLeave { name: String } = "stellarium-refusal-captain-cannot-leave",
    CaptainOnAnother { name: String } = "stellarium-refusal-captain-on-another",
    CaptainOtherLocation { name: String } = "stellarium-refusal-captain-other-location",
    CaptainInvited { name: String } = "stellarium-refusal-captain-invited",
    GuestWrongLocation { name: String, ship: String } = "stellarium-refusal-guest-wrong-location",
    TransferNotOurs = "stellarium-refusal-transfer-not-ours",
    TransferSameFamily = "stellarium-refusal-transfer-same-family",
    ShipOwner { ship: String, owner: String, from: String } = "stellarium-refusal-ship-owner",
    TransferTwice { ship: String } = "stellarium-refusal-transfer-twice",
    AlreadyBaptised { name: String, gender: Sex } = "stellarium-refusal-already-baptised",
    BornThisCycle { name: String, gender: Sex } = "stellarium-refusal-born-this-cycle",
    BaptismTwice { name: String } = "stellarium-refusal-baptism-twice",
    NotPriestBaptism { name: String } = "stellarium-refusal-not-priest-baptism",
    HereticBaptism { name: String } = "stellarium-refusal-heretic-baptism",
    NotJudgeNorEmperor { name: String } = "stellarium-refusal-not-judge-nor-emperor",
    NoSuchCase { case_no: i64 } = "stellarium-refusal-no-such-case",
    JudgeAccused { name: String, case_no: i64 } = "stellarium-refusal-judge-accused",
    BadSentence { years: i64 } = "stellarium-refusal-bad-sentence",
    VerdictTwice { name: String, case_no: i64 } = "stellarium-refusal-verdict-twice",

    // ---- powers --------------------------------------------------------
    PowerTwice { power: PowerOnce } = "stellarium-refusal-power-twice",
    NoPouarkPlanet = "stellarium-refusal-no-pouark-planet",
    NotPouark { planet: String } = "stellarium-refusal-not-pouark",
    NotSentencedNorAccused { name: String } = "stellarium-refusal-not-sentenced-nor-accused",
    AlreadyHeretic { name: String } = "stellarium-refusal-already-heretic",
    NotHeretic { name: String } = "stellarium-refusal-not-heretic",
    PermitTwice { name: String } = "stellarium-refusal-permit-twice",
    ProsthesisPermits { max: i64 } = "stellarium-refusal-prosthesis-permits",
    NotWidowed { name: String } = "stellarium-refusal-not-widowed",
    CoupNotAllowed = "stellarium-refusal-coup-not-allowed",
    FleetCommanderTwice { fleet: i64 } = "stellarium-refusal-fleet-commander-twice",
    OtherFleet { name: String } = "stellarium-refusal-other-fleet",
    PatrolTooMany = "stellarium-refusal-patrol-too-many",
    PatrolNotColony { planet: String } = "stellarium-refusal-patrol-not-colony",
    PatrolTooFew = "stellarium-refusal-patrol-too-few",
    NotExplorer { name: String } = "stellarium-refusal-not-explorer",
    NeedsNoPermit { name: String } = "stellarium-refusal-needs-no-permit",
    ExplorationPermitTwice { name: String } = "stellarium-refusal-exploration-permit-twice",
    PermitsMax = "stellarium-refusal-permits-max",
    NoPost { family: String, planet: String } = "stellarium-refusal-no-post",
    NotColony { planet: String } = "stellarium-refusal-not-colony",
    BanTwice { family: String } = "stellarium-refusal-ban-twice",
    BanMax { max: i64 } = "stellarium-refusal-ban-max",

    // ---- grammar (parse.rs) --------------------------------------------
    ExtraWords { words: String } = "stellarium-refusal-extra-words",
    EmptyLine = "stellarium-refusal-empty-line",
    UnknownOrder { word: String } = "stellarium-refusal-unknown-order",
    MissingCharacter { slot: Slot } = "stellarium-refusal-missing-character",
    MissingFirstName { slot: Slot } = "stellarium-refusal-missing-first-name",
    MissingPlanet { slot: Slot } = "stellarium-refusal-missing-planet",
    MissingShip { slot: Slot } = "stellarium-refusal-missing-ship",
    MissingFamily { slot: Slot } = "stellarium-refusal-missing-family",
    UnknownFamily { family: String } = "stellarium-refusal-unknown-family",
    UnknownCharacterOurs { name: String } = "stellarium-refusal-unknown-character-ours",
    /// A single character of another family bears that first name.
    UnknownCharacterElsewhere { name: String } = "stellarium-refusal-unknown-character-elsewhere",
    UnknownCharacterIn { name: String, family: String } = "stellarium-refusal-unknown-character-in",
    AdvertisingSyntax = "stellarium-refusal-advertising-syntax",
    BidSyntax = "stellarium-refusal-bid-syntax",
    BidNoName = "stellarium-refusal-bid-no-name",
    UnknownItem { word: String } = "stellarium-refusal-unknown-item",
    ItemWrittenTwice { item: Item } = "stellarium-refusal-item-written-twice",
    NoItems = "stellarium-refusal-no-items",
    BirthsSyntax = "stellarium-refusal-births-syntax",
    TransferNoAmount = "stellarium-refusal-transfer-no-amount",
    TransferKind = "stellarium-refusal-transfer-kind",
    CoupSyntax = "stellarium-refusal-coup-syntax",
    DepositionSyntax = "stellarium-refusal-deposition-syntax",
    VerdictNoCase = "stellarium-refusal-verdict-no-case",
    VerdictSyntax = "stellarium-refusal-verdict-syntax",
    VerdictNoYears = "stellarium-refusal-verdict-no-years",
    FounderSyntax = "stellarium-refusal-founder-syntax",
    FounderNumber { n: i64 } = "stellarium-refusal-founder-number",
    FounderSex = "stellarium-refusal-founder-sex",
    CandidacySyntax = "stellarium-refusal-candidacy-syntax",
    PlaceMissing = "stellarium-refusal-place-missing",
    ExchangeSyntax = "stellarium-refusal-exchange-syntax",
    ExchangeStake { amount: i64 } = "stellarium-refusal-exchange-stake",
    FleetSyntax = "stellarium-refusal-fleet-syntax",
    UnknownPlace { word: String } = "stellarium-refusal-unknown-place",
    ContractNoAmount = "stellarium-refusal-contract-no-amount",
    UnknownContractKind { word: String } = "stellarium-refusal-unknown-contract-kind",
    ExpeditionNoCaptain = "stellarium-refusal-expedition-no-captain",
    ExpeditionNoPlanetName = "stellarium-refusal-expedition-no-planet-name",
    ExpeditionEmptyPlanetName = "stellarium-refusal-expedition-empty-planet-name",
    GeneralCommanderSyntax = "stellarium-refusal-general-commander-syntax",
    StrategySyntax = "stellarium-refusal-strategy-syntax",
    PatrolPlanetTwice = "stellarium-refusal-patrol-planet-twice",
    PatrolNoColonies = "stellarium-refusal-patrol-no-colonies",
    BanNoFamily = "stellarium-refusal-ban-no-family",
    PowerMissingAction { head: PowerHead } = "stellarium-refusal-power-missing-action",
    PowerUnknownAction { head: PowerHead, word: String } = "stellarium-refusal-power-unknown-action",
    UnknownTraining { word: String } = "stellarium-refusal-unknown-training",
    TrainingMissing = "stellarium-refusal-training-missing",
    FirstNameEmpty = "stellarium-refusal-first-name-empty",
    FirstNameSeparator { name: String } = "stellarium-refusal-first-name-separator",
    NotAFirstName { name: String } = "stellarium-refusal-not-a-first-name",
    FirstNameReserved { name: String } = "stellarium-refusal-first-name-reserved",
    NameTooLong { chars: i64, max: i64 } = "stellarium-refusal-name-too-long",
}

impl From<Refusal> for Msg {
    fn from(r: Refusal) -> Msg {
        r.msg()
    }
}

/// One sample of every refusal and of every key its messages select on,
/// for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all: Vec<Msg> = Refusal::samples().iter().map(Refusal::msg).collect();
    let with = |r: Refusal| r.msg();
    all.extend(Slot::ALL.iter().map(|s| with(Refusal::MissingCharacter { slot: *s })));
    all.extend(PowerOnce::ALL.iter().map(|p| with(Refusal::PowerTwice { power: *p })));
    all.extend(PowerHead::ALL.iter().map(|h| with(Refusal::PowerMissingAction { head: *h })));
    all.extend(DebtAct::ALL.iter().map(|a| with(Refusal::InDebt { money: -4, act: *a })));
    all.extend(CaptorKind::ALL.iter().map(|c| with(Refusal::Captive { name: "Alia".into(), gender: Sex::Female, captor: *c })));
    // Registration refusals (`State::register`, 0.4).
    all.extend(["stellarium-register-name-empty", "stellarium-register-name-slash", "stellarium-register-over", "stellarium-register-late"].map(Msg::new));
    all.push(crate::msg!("stellarium-register-taken", name = "Atréides"));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// Every key of a selector has its own words in both languages: none
    /// falls to the default branch by a typo.
    #[test]
    fn every_key_has_its_own_words() {
        for lang in Lang::ALL {
            let distinct = |msgs: Vec<Msg>| {
                let texts: std::collections::BTreeSet<String> = msgs.iter().map(|m| m.render(lang)).collect();
                assert_eq!(texts.len(), msgs.len(), "{lang:?}: {texts:#?}");
            };
            distinct(Slot::ALL.iter().map(|s| Refusal::MissingCharacter { slot: *s }.msg()).collect());
            distinct(Slot::ALL.iter().map(|s| Refusal::MissingPlanet { slot: *s }.msg()).collect());
            distinct(PowerOnce::ALL.iter().map(|p| Refusal::PowerTwice { power: *p }.msg()).collect());
            distinct(PowerHead::ALL.iter().map(|h| Refusal::PowerMissingAction { head: *h }.msg()).collect());
            distinct(DebtAct::ALL.iter().map(|a| Refusal::InDebt { money: -4, act: *a }.msg()).collect());
            distinct(
                CaptorKind::ALL
                    .iter()
                    .map(|c| Refusal::Captive { name: "Alia".into(), gender: Sex::Female, captor: *c }.msg())
                    .collect(),
            );
        }
    }

    #[test]
    fn french_agreement_follows_the_gender() {
        let dead = |gender| Refusal::Dead { name: "Alia".into(), gender, year: 5010 }.msg();
        assert_eq!(dead(Sex::Female).render(Lang::Fr), "Alia est morte en 5010.");
        assert_eq!(dead(Sex::Male).render(Lang::Fr), "Alia est mort en 5010.");
        assert_eq!(dead(Sex::Female).render(Lang::En), "Alia died in 5010.");
    }
}
