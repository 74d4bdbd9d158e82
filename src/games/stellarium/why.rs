//! Why a figure changed or an order was not followed, as the phases say it:
//! one [`Why`] variant per sentence of `locales/*/stellarium-events.ftl`
//! (ids `stellarium-why-*`), with typed arguments. The phases build them;
//! events carry them as [`Msg`] (the `reason` of prestige and money lines
//! and of the turn's refusals, victory bonuses, the foundation's defaults),
//! so that the report renders them in the family's language.
//!
//! The variants, their message ids, the rule each quotes (`$rule`) and
//! their samples come from one list ([`whys!`]), so that a new reason
//! cannot miss its sample: [`Why::samples`] builds every variant, and the
//! catalogue test (`tests/messages.rs`) fails on a reason without its
//! message.
//!
//! Arguments: characters by their full name as the state writes it when
//! the event happens; planets and ships by name; keywords as keys the
//! message files turn into words (`$pyramid`, `$item`, `$kind`, `$captor`).
//! Events stored before reasons were messages hold plain French strings;
//! they read back as [`Msg::verbatim`] (see `events.rs`).

use crate::i18n::{Arg, Msg};
use crate::msg;

use super::model::{ContractKindTag, Pyramid, Training};
use super::orders::refusal::{CaptorKind, Sample};
use super::orders::Item;

/// A ship changing hands (`$kind` of `stellarium-why-ship-transfer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferWhat {
    Loan,
    Sale,
}

impl From<TransferWhat> for Arg {
    fn from(t: TransferWhat) -> Arg {
        Arg::from(match t {
            TransferWhat::Loan => "loan",
            TransferWhat::Sale => "sale",
        })
    }
}

impl Sample for TransferWhat {
    fn sample() -> Self {
        TransferWhat::Loan
    }
}

impl Sample for Msg {
    fn sample() -> Self {
        Why::Dead.msg()
    }
}

/// A kind of Dark Tentacle contract as `stellarium-contract-kind` names it.
pub fn contract_kind(k: ContractKindTag) -> Msg {
    let kind = match k {
        ContractKindTag::Assassination => "assassination",
        ContractKindTag::Kidnapping => "kidnapping",
        ContractKindTag::Scandal => "scandal",
        ContractKindTag::Sabotage => "sabotage",
        ContractKindTag::Bomb => "bomb",
        ContractKindTag::Rebellion => "rebellion",
        ContractKindTag::Treason => "treason",
    };
    msg!("stellarium-contract-kind", kind = kind)
}

/// A training as `stellarium-training` names it (the masculine form: the
/// foundation's draw names the school, not the character).
pub fn training(t: Training) -> Msg {
    let training = match t {
        Training::Priest => "priest",
        Training::Warrior => "warrior",
        Training::Explorer => "explorer",
        Training::Merchant => "merchant",
    };
    msg!("stellarium-training", training = training, gender = "m")
}

macro_rules! whys {
    ($($(#[$m:meta])* $v:ident $({ $($f:ident : $t:ty),* $(,)? })? = $id:literal $(@ $rule:literal)?,)*) => {
        /// Why a figure changed or an order was not followed: one sentence of the message files each.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Why {
            $($(#[$m])* $v $({ $($f: $t),* })?,)*
        }

        impl Why {
            /// The message of this reason (with `$rule` where the sentence quotes a fixed rule).
            pub fn msg(&self) -> Msg {
                match self.clone() {
                    $(Why::$v $({ $($f),* })? => Msg::new($id) $($(.arg(stringify!($f), $f))*)? $(.arg("rule", $rule))?,)*
                }
            }

            /// One reason of every kind, with sample arguments.
            pub fn samples() -> Vec<Why> {
                vec![$(Why::$v $({ $($f: <$t as Sample>::sample()),* })?,)*]
            }
        }
    };
}

impl From<Why> for Msg {
    fn from(w: Why) -> Msg {
        w.msg()
    }
}

/// The rule a reason quotes: its `$rule`, else the last rule of a reason it
/// contains; for a reason stored as French words, the last "(n.n)" in them.
pub fn rule_of(m: &Msg) -> Option<String> {
    if let Some(Arg::Str(r)) = m.args.get("rule") {
        return Some(r.clone());
    }
    if m.id == "verbatim" {
        return match m.args.get("text") {
            Some(Arg::Str(t)) => rule_in(t),
            _ => None,
        };
    }
    m.args.values().rev().find_map(|a| match a {
        Arg::Msg(inner) => rule_of(inner),
        _ => None,
    })
}

/// The last "(n.n)" rule reference at the end of a reason, if any.
fn rule_in(reason: &str) -> Option<String> {
    let open = reason.rfind('(')?;
    let inner = reason[open + 1..].split(')').next()?;
    let r = inner.split([',', ' ', ';']).find(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()))?;
    Some(r.trim_end_matches([':', '.']).to_string())
}

whys! {
    ProsthesisUnauthorised = "stellarium-why-prosthesis-unauthorised",
    ScandalVictim = "stellarium-why-scandal-victim",
    SponsorUnmasked = "stellarium-why-sponsor-unmasked",
    ScandalWasPlot = "stellarium-why-scandal-was-plot",
    SpecialDisgrace = "stellarium-why-special-disgrace",
    RemovedFromCourt = "stellarium-why-removed-from-court",
    Convicted { case_no: i64 } = "stellarium-why-convicted",
    Eulogy { name: String } = "stellarium-why-eulogy",
    JudgeElected = "stellarium-why-judge-elected",
    Promotion { pyramid: Pyramid } = "stellarium-why-promotion",
    GovernorElectedOf { planet: String } = "stellarium-why-governor-elected-of",
    GovernorElected = "stellarium-why-governor-elected",
    SittingJudge = "stellarium-why-sitting-judge",
    CoupDisgrace = "stellarium-why-coup-disgrace",
    Overthrown = "stellarium-why-overthrown",
    ImperialPardon = "stellarium-why-imperial-pardon",
    BirthPrestige = "stellarium-why-birth-prestige",
    Deposition = "stellarium-why-deposition",
    MarriageCelebrated = "stellarium-why-marriage-celebrated",
    ShipLoss { ship: String } = "stellarium-why-ship-loss",
    Discovery { planet: String } = "stellarium-why-discovery",
    Expedition { ship: String } = "stellarium-why-expedition",
    ArchpapalPardon = "stellarium-why-archpapal-pardon",
    Speculation = "stellarium-why-speculation",
    Baptism = "stellarium-why-baptism",
    Disgrace = "stellarium-why-disgrace",
    RebelBattles = "stellarium-why-rebel-battles",
    NoPouarkWar = "stellarium-why-no-pouark-war",
    PouarkWar = "stellarium-why-pouark-war",
    Excommunication = "stellarium-why-excommunication",
    TradeOn { planet: String } = "stellarium-why-trade-on",
    Attendance { planet: String } = "stellarium-why-attendance",
    Lectures = "stellarium-why-lectures",
    ShipDestroyed { ship: String } = "stellarium-why-ship-destroyed",
    Purchase { item: Item, name: String } = "stellarium-why-purchase",
    Contract { kind: Msg } = "stellarium-why-contract",
    Ransom { name: String } = "stellarium-why-ransom",
    RansomHalf { name: String } = "stellarium-why-ransom-half",
    Fine { name: String } = "stellarium-why-fine",
    Exchange { name: String } = "stellarium-why-exchange",
    TradingPost { planet: String, name: String } = "stellarium-why-trading-post",
    ShipPurchase { ship: String } = "stellarium-why-ship-purchase",
    ShipTransfer { kind: TransferWhat, ship: String } = "stellarium-why-ship-transfer",
    Advertising { pp: i64 } = "stellarium-why-advertising",
    BonusEmperor = "stellarium-why-bonus-emperor",
    BonusHead { pyramid: Pyramid } = "stellarium-why-bonus-head",
    BonusRichest = "stellarium-why-bonus-richest",
    BonusMostPrestigious = "stellarium-why-bonus-most-prestigious",
    UnknownCharacter = "stellarium-why-unknown-character",
    NotOwnFamily = "stellarium-why-not-own-family",
    IsDead = "stellarium-why-is-dead",
    Dead = "stellarium-why-dead",
    Prisoner = "stellarium-why-prisoner",
    FamilyInDebt { rule: String } = "stellarium-why-family-in-debt",
    PrisonerCannotBuy = "stellarium-why-prisoner-cannot-buy" @ "1",
    CannotPayPurchase = "stellarium-why-cannot-pay-purchase",
    OneProsthesisATurn = "stellarium-why-one-prosthesis-a-turn" @ "1.3.2",
    ProsthesesMaximum = "stellarium-why-prostheses-maximum" @ "1.3.2",
    NotHostage = "stellarium-why-not-hostage",
    SponsorNotFree = "stellarium-why-sponsor-not-free" @ "2.0.3",
    OneContractATurn = "stellarium-why-one-contract-a-turn" @ "2.8.4",
    NoCredit = "stellarium-why-no-credit" @ "2.8.1",
    AmountTooSmall = "stellarium-why-amount-too-small",
    CannotPayAmount = "stellarium-why-cannot-pay-amount",
    ImpossibleTarget = "stellarium-why-impossible-target" @ "2.4",
    OutOfReach = "stellarium-why-out-of-reach",
    BombOnBoard = "stellarium-why-bomb-on-board",
    BombAtExchange = "stellarium-why-bomb-at-exchange",
    ColonyLost = "stellarium-why-colony-lost",
    RansomUnpaid { amount: i64 } = "stellarium-why-ransom-unpaid",
    /// A contract's target that is a character, a ship or a planet: its name.
    TargetNamed { name: String } = "stellarium-why-target-named",
    TargetExchange = "stellarium-why-target-exchange",
    TargetTreason = "stellarium-why-target-treason",
    SpouseDead = "stellarium-why-spouse-dead",
    GroomAndBride = "stellarium-why-groom-and-bride",
    SameFamily = "stellarium-why-same-family" @ "3.2",
    MarriageInBothOrders = "stellarium-why-marriage-in-both-orders" @ "3.7",
    OnrRefusesMarriage = "stellarium-why-onr-refuses-marriage" @ "3.10",
    NoTrainingYet { name: String } = "stellarium-why-no-training-yet" @ "3.5",
    PriestOrHeretic { name: String } = "stellarium-why-priest-or-heretic" @ "3.5",
    HeldPrisoner { name: String } = "stellarium-why-held-prisoner",
    AlreadyMarried { name: String } = "stellarium-why-already-married" @ "3.6",
    WidowedNoPermit { name: String } = "stellarium-why-widowed-no-permit" @ "3.6",
    ThreeMarriages = "stellarium-why-three-marriages" @ "3.4",
    CelebrantInvalid = "stellarium-why-celebrant-invalid" @ "3.7",
    TransferInBothOrders = "stellarium-why-transfer-in-both-orders" @ "28.4",
    TransferToSelf = "stellarium-why-transfer-to-self",
    ShipUnavailable = "stellarium-why-ship-unavailable",
    ReceiverCannotPay = "stellarium-why-receiver-cannot-pay",
    WrongTrainingAboard = "stellarium-why-wrong-training-aboard" @ "4.3",
    JudgeStays = "stellarium-why-judge-stays" @ "27.2.5",
    GovernorStays = "stellarium-why-governor-stays" @ "27.4.4",
    AlreadyAboard = "stellarium-why-already-aboard",
    ShipNotAvailable = "stellarium-why-ship-not-available" @ "4.2",
    ShipAlreadyOut = "stellarium-why-ship-already-out",
    DepartureForbidden = "stellarium-why-departure-forbidden" @ "4.8",
    Captain { why: Msg } = "stellarium-why-captain",
    CaptainNotExplorer = "stellarium-why-captain-not-explorer" @ "4.7",
    CaptainNoPermit = "stellarium-why-captain-no-permit" @ "4.7",
    CaptainNotLocated = "stellarium-why-captain-not-located" @ "4.6",
    GuestNotLocated = "stellarium-why-guest-not-located" @ "4.6",
    CrewIncomplete = "stellarium-why-crew-incomplete" @ "4.3",
    CapsuleTooLate = "stellarium-why-capsule-too-late",
    CapsuleCoffin = "stellarium-why-capsule-coffin",
    CapsuleLost = "stellarium-why-capsule-lost",
    CapsuleRecovered { captor: CaptorKind, planet: String } = "stellarium-why-capsule-recovered",
    CapsuleLands { planet: String } = "stellarium-why-capsule-lands",
    StakeAboveStartMoney = "stellarium-why-stake-above-start-money" @ "5.3.2",
    MerchantOnStellariumSpeculates = "stellarium-why-merchant-on-stellarium-speculates" @ "5.3",
    MerchantPlaces = "stellarium-why-merchant-places" @ "5.1",
    MerchantImpossiblePlace = "stellarium-why-merchant-impossible-place" @ "5.1",
    NoPlaceGiven = "stellarium-why-no-place-given" @ "5.3.5",
    CannotAffordS1 = "stellarium-why-cannot-afford-s1" @ "5.3.4",
    Idle { fallback: Msg, why: Msg } = "stellarium-why-idle",
    UnknownPlanet = "stellarium-why-unknown-planet",
    NotEmpireColony { planet: String } = "stellarium-why-not-empire-colony" @ "5.2",
    NoTradingPost { planet: String } = "stellarium-why-no-trading-post" @ "5.3.4",
    ClosedToTrade { planet: String } = "stellarium-why-closed-to-trade" @ "5.3.4",
    DebtNoExchange = "stellarium-why-debt-no-exchange" @ "5.3.2",
    ExchangeBanned = "stellarium-why-exchange-banned" @ "13.2",
    GarrisonEmpireOnly = "stellarium-why-garrison-empire-only" @ "6.1",
    ExpeditionLeftWithout = "stellarium-why-expedition-left-without" @ "4.6",
    WarriorImpossiblePlace = "stellarium-why-warrior-impossible-place" @ "6.1",
    SingleNotPriest { name: String } = "stellarium-why-single-not-priest" @ "7.7",
    MarriedToYoung { name: String } = "stellarium-why-married-to-young" @ "7.7",
    NameTaken { name: String } = "stellarium-why-name-taken",
    BannedByMaster = "stellarium-why-banned-by-master",
    InDebtLastTurn = "stellarium-why-in-debt-last-turn",
    NotHeirOrCouncillor = "stellarium-why-not-heir-or-councillor",
    NotJudge = "stellarium-why-not-judge",
    TargetDead = "stellarium-why-target-dead",
    NoLongerInPyramid = "stellarium-why-no-longer-in-pyramid",
    NeitherConvictNorAccused = "stellarium-why-neither-convict-nor-accused",
    NotHeretic = "stellarium-why-not-heretic",
    AccusedDead = "stellarium-why-accused-dead",
    AccusedAbsent = "stellarium-why-accused-absent",
    NoJudgeSits = "stellarium-why-no-judge-sits",
    JudgeConvicted = "stellarium-why-judge-convicted",
    JudgeDied = "stellarium-why-judge-died",
    JudgeAbsent = "stellarium-why-judge-absent",
    NameDrawn { name: String } = "stellarium-why-name-drawn",
    FounderByReferee { name: String } = "stellarium-why-founder-by-referee",
    TrainingDrawn { training: Msg } = "stellarium-why-training-drawn",
    PpReduced { wanted: i64, extra: i64 } = "stellarium-why-pp-reduced",
}

/// One sample of every reason, and of every value its message selects on.
pub fn samples() -> Vec<Msg> {
    let mut all: Vec<Msg> = Why::samples().iter().map(Why::msg).collect();
    for p in Pyramid::ALL {
        all.push(Why::Promotion { pyramid: p }.msg());
        all.push(Why::BonusHead { pyramid: p }.msg());
    }
    for item in [Item::Capsule, Item::Bodyguards, Item::Prosthesis, Item::Doctor, Item::Insurance] {
        all.push(Why::Purchase { item, name: "Paul".into() }.msg());
    }
    all.push(Why::ShipTransfer { kind: TransferWhat::Sale, ship: "Aube".into() }.msg());
    for captor in [CaptorKind::Rebels, CaptorKind::Pouarks] {
        all.push(Why::CapsuleRecovered { captor, planet: "Balnéa".into() }.msg());
    }
    for t in [Training::Priest, Training::Warrior, Training::Explorer, Training::Merchant] {
        all.push(Why::TrainingDrawn { training: training(t) }.msg());
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_gives_the_rule_it_quotes_even_inside_another() {
        assert_eq!(rule_of(&Why::NoCredit.msg()).as_deref(), Some("2.8.1"));
        assert_eq!(rule_of(&Why::FamilyInDebt { rule: "2.0.3".into() }.msg()).as_deref(), Some("2.0.3"));
        let idle = Why::Idle { fallback: Why::NoPlaceGiven.msg(), why: Why::ExchangeBanned.msg() }.msg();
        assert_eq!(rule_of(&idle).as_deref(), Some("13.2"));
        assert_eq!(rule_of(&Why::Captain { why: Why::Dead.msg() }.msg()), None);
        assert_eq!(rule_of(&Msg::verbatim("pas de lieu donné (5.3.5)")).as_deref(), Some("5.3.5"));
    }
}

#[cfg(test)]
mod stored_tests {
    use crate::games::stellarium::events::Event;
    use crate::games::stellarium::model::{Charge, DeathCause};
    use crate::i18n::{Lang, Msg};

    /// Events and state written by a version whose phases wrote French
    /// strings: they still load, as verbatim messages, with their rules.
    #[test]
    fn events_stored_with_french_strings_still_load() {
        let json = r#"[
            {"event": "prestige", "who": 3, "delta": 2, "rule": "3.8", "reason": "mariage célébré"},
            {"event": "money", "family": "atreides", "delta": -1, "rule": "1", "reason": "achat (CAPSULE) pour Paul"},
            {"event": "contract_refused", "family": "atreides", "sponsor": 3, "reason": "la famille a fini le cycle précédent endettée (2.0.3)"},
            {"event": "contract_executed", "contract_no": 1, "kind": "Bomb", "target": {"on": "exchange"}, "sponsors": [3], "total": 4, "year": 2, "success": true, "detail": ""},
            {"event": "capsule_outcome", "who": 3, "die": 3, "outcome": "la capsule se perd dans l'espace"},
            {"event": "foundation_default", "family": "atreides", "founder_no": 2, "what": "prénom tiré au sort : Alia"},
            {"event": "victory_points", "family": "atreides", "prestige": 10, "bonuses": [["famille la plus riche", 2]], "total": 12, "cumulative": 30}
        ]"#;
        let events: Vec<Event> = serde_json::from_str(json).expect("old events load");
        let Event::Prestige { reason, .. } = &events[0] else { panic!("{:?}", events[0]) };
        assert_eq!(reason, &Msg::verbatim("mariage célébré"));
        assert_eq!(reason.render(Lang::En), "mariage célébré");
        assert_eq!(events[2].rule(), "2.0.3", "the rule is still read from the stored words");
        let Event::ContractExecuted { detail, .. } = &events[3] else { panic!("{:?}", events[3]) };
        assert_eq!(detail, &Some(Msg::verbatim("")));
        let Event::VictoryPoints { bonuses, .. } = &events[6] else { panic!("{:?}", events[6]) };
        assert_eq!(bonuses, &vec![(Msg::verbatim("famille la plus riche"), 2)]);

        let charge: Charge = serde_json::from_str(r#"{"Contract": {"kind": "Assassination", "target": "Paul Atréides"}}"#).expect("old charge loads");
        assert!(matches!(charge, Charge::Contract { target, .. } if target == Msg::verbatim("Paul Atréides")));
        let cause: DeathCause = serde_json::from_str(r#"{"Other": "disparu dans l'espace en temps de guerre"}"#).expect("old cause loads");
        assert_eq!(cause, DeathCause::Other("disparu dans l'espace en temps de guerre".into()));
    }
}
