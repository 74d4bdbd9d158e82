//! The typed orders of one family for one turn (orders.md §6). Only accepted
//! orders end up here: every name is resolved to an id or a key, and every
//! check the parser can make against the state has been made. What only the
//! adjudication can know (the other families' orders, the results of
//! earlier phases) is left to the phases.

use serde::{Deserialize, Serialize};

use crate::game::FamilyKey;

use super::super::model::{CharacterId, ContractKindTag, FleetNo, Place, Pyramid, Sex, Stake, Strategy, Training};

/// A family's accepted orders for one turn, by kind, each list in the order
/// of the lines.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Orders {
    // ---- turn 0 (or the founding turn of a late family) ----
    /// `PERSONNAGE n Prénom H|F [FORMATION] [+PP]` (b, c, d), sorted by `n`.
    pub founders: Vec<FounderOrder>,
    /// `PUBLICITE n`: PP bought at 1 M$ each (d).
    pub advertising: u32,

    // ---- every turn ----
    /// `ENCHERE M$ "nom"` (e, 28): at most one per family.
    pub bid: Option<BidOrder>,
    /// `CANDIDAT … JUGE|GOUVERNEUR planète` (f, 27.2, 27.4).
    pub candidacies: Vec<CandidacyOrder>,
    /// `LIEU qui lieu` (4–6, 13; minimal order).
    pub locations: Vec<LocationOrder>,
    /// `ACHAT qui objets…` (1).
    pub purchases: Vec<PurchaseOrder>,
    /// `CONTRAT qui M$ …` (2).
    pub contracts: Vec<ContractOrder>,
    /// `RANCON qui` (2.2.4).
    pub ransoms: Vec<CharacterId>,
    /// `MARIAGE marié mariée prêtre` (3; the same line must be in both families' orders).
    pub marriages: Vec<MarriageOrder>,
    /// `NAISSANCES qui NON|max` (7.2).
    pub births: Vec<BirthsOrder>,
    /// `BATARD Prénom` (7.6, 7.7).
    pub bastard: Option<BastardOrder>,
    /// `EXPEDITION "vaisseau" CAPITAINE qui [INVITES …] [PLANETE "nom"]` (4, 14.8).
    pub expeditions: Vec<ExpeditionOrder>,
    /// `CESSION "vaisseau" de à M$ PRET|VENTE` (4.2, 28.4; the same line in both families' orders).
    pub transfers: Vec<TransferOrder>,
    /// `BAPTEME jeune Prénom [prêtre]` (9; minimal order).
    pub baptisms: Vec<BaptismOrder>,
    /// `FORMATION qui FORMATION` (10; minimal order).
    pub trainings: Vec<TrainingOrder>,
    /// `COUP qui POUR|CONTRE` (17.2).
    pub coup_stances: Vec<CoupStanceOrder>,
    /// `DESTITUTION qui pyramide` (21).
    pub depositions: Vec<DepositionOrder>,
    /// `VERDICT juge n° …` (22.2).
    pub verdicts: Vec<VerdictOrder>,
    /// `DEMISSION juge` (27.2.8).
    pub resignations: Vec<CharacterId>,

    // ---- powers of the heads (only from the family whose character holds the post) ----
    pub emperor: EmperorOrders,
    pub archpope: ArchpopeOrders,
    pub general: GeneralOrders,
    pub grand_commander: GrandCommanderOrders,
    pub master_merchant: MasterMerchantOrders,

    // ---- defaults (never from a player's line) ----
    /// Characters of an ONR/OPR/PNJ family left without LIEU whose default
    /// place depends on the other families' orders (4.10: explorers invited
    /// aboard a ship go; 6.5: warriors go by lot to a fleet named in the
    /// Grand General's orders or to a ship they are invited on). Filled by
    /// [`crate::games::stellarium::defaults::default_orders`], settled into
    /// `locations` by [`crate::games::stellarium::defaults::settle_cross_family_defaults`]
    /// before the phases run.
    pub awaiting_place: Vec<CharacterId>,

    // ---- what the acknowledgement needs (never an order) ----
    /// The lines refused when read, so that the "il manque" list names a
    /// minimal order refused above as refused, not as missing (0.3).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<RefusedLine>,
}

/// A line refused when read: its number, its order word (folded) and the
/// word after it (the character's name, the founder's number).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedLine {
    pub no: usize,
    pub head: String,
    pub subject: String,
}

impl Orders {
    /// Whether no order at all was accepted.
    pub fn is_empty(&self) -> bool {
        Orders { refused: Vec::new(), ..self.clone() } == Orders::default()
    }
    /// The location ordered for `c` (the last LIEU line for it).
    pub fn location_of(&self, c: CharacterId) -> Option<&Place> {
        self.locations.iter().rev().find(|l| l.who == c).map(|l| &l.place)
    }
}

/// `PERSONNAGE n Prénom H|F [FORMATION] [+PP]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FounderOrder {
    /// 1–8.
    pub n: u8,
    pub first_name: String,
    pub sex: Sex,
    /// Required for 1–6, none for 7–8; priest only for 5–6 (c).
    pub training: Option<Training>,
    /// PP added from the family's free pool (d).
    pub extra_pp: u32,
    /// Made by the referee for a line missing or refused (b–d,
    /// `defaults::default_orders`), not written by the family: its report
    /// says so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_referee: bool,
}

/// `ENCHERE M$ "nom"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidOrder {
    pub amount: u32,
    /// The name proposed for the ship (28.6), as written.
    pub ship_name: String,
}

/// Who stands as a candidate: an existing character, or a founder of this
/// submission (turn 0: the characters do not exist yet).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CandidateRef {
    Character(CharacterId),
    /// Founder number 1–8 of the PERSONNAGE lines.
    Founder(u8),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Office {
    /// High Court judge (27.2).
    Judge,
    /// Governor of a colony (planet key) (27.4).
    Governor(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CandidacyOrder {
    pub who: CandidateRef,
    pub office: Office,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocationOrder {
    pub who: CharacterId,
    pub place: Place,
}

/// Items of `ACHAT` (1): each costs 1 M$.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Item {
    Capsule,
    Bodyguards,
    Prosthesis,
    Doctor,
    Insurance,
}

impl Item {
    pub fn keyword_fr(self) -> &'static str {
        match self {
            Item::Capsule => "CAPSULE",
            Item::Bodyguards => "GARDES",
            Item::Prosthesis => "PROTHESE",
            Item::Doctor => "MEDECIN",
            Item::Insurance => "ASSURANCE",
        }
    }
    pub fn keyword_en(self) -> &'static str {
        match self {
            Item::Capsule => "CAPSULE",
            Item::Bodyguards => "BODYGUARDS",
            Item::Prosthesis => "PROSTHESIS",
            Item::Doctor => "DOCTOR",
            Item::Insurance => "INSURANCE",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PurchaseOrder {
    pub who: CharacterId,
    /// Distinct items, in the order written.
    pub items: Vec<Item>,
}

/// The seven contracts (2.0.4) with their target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContractKind {
    Assassination(CharacterId),
    Kidnapping(CharacterId),
    Scandal(CharacterId),
    /// Ship key (2.4: exploration ships only in this version).
    Sabotage(String),
    /// Bomb at the exchange (2.5).
    Bomb,
    /// Colony key (2.6).
    Rebellion(String),
    /// Ships (keys) designated by the traitor (2.7.4).
    Treason(Vec<String>),
}

impl ContractKind {
    pub fn tag(&self) -> ContractKindTag {
        match self {
            ContractKind::Assassination(_) => ContractKindTag::Assassination,
            ContractKind::Kidnapping(_) => ContractKindTag::Kidnapping,
            ContractKind::Scandal(_) => ContractKindTag::Scandal,
            ContractKind::Sabotage(_) => ContractKindTag::Sabotage,
            ContractKind::Bomb => ContractKindTag::Bomb,
            ContractKind::Rebellion(_) => ContractKindTag::Rebellion,
            ContractKind::Treason(_) => ContractKindTag::Treason,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractOrder {
    /// The sponsor (2.8.1; one contract per character, 2.8.4).
    pub sponsor: CharacterId,
    pub amount: u32,
    pub kind: ContractKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarriageOrder {
    pub groom: CharacterId,
    pub bride: CharacterId,
    pub priest: CharacterId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BirthsOrder {
    pub who: CharacterId,
    /// `None` = NON (no child); `Some(n)` = at most n children.
    pub max: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BastardOrder {
    pub first_name: String,
    /// Optional training (project extension: `BATARD Prénom [FORMATION]`);
    /// without it he is due for training next turn.
    pub training: Option<Training>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpeditionOrder {
    /// Ship key.
    pub ship: String,
    pub captain: CharacterId,
    /// Guests of any family (4.5). Ruling: the organiser's own characters
    /// located on the ship count as aboard whether listed or not.
    pub guests: Vec<CharacterId>,
    /// Name proposed for a discovered planet (14.8), as written.
    pub planet_name: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TransferKind {
    /// `PRET | LOAN`: for the open turn (with a rent when the amount is not 0).
    Loan,
    /// `VENTE | SALE`: ownership changes.
    Sale,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferOrder {
    /// Ship key.
    pub ship: String,
    pub from: FamilyKey,
    pub to: FamilyKey,
    pub amount: u32,
    pub kind: TransferKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaptismOrder {
    pub young: CharacterId,
    pub first_name: String,
    /// The celebrant; `None` = drawn by 9.2.
    pub priest: Option<CharacterId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainingOrder {
    pub who: CharacterId,
    pub training: Training,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoupStanceOrder {
    pub who: CharacterId,
    /// `POUR` = true, `CONTRE` = false.
    pub supports: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepositionOrder {
    pub who: CharacterId,
    pub pyramid: Pyramid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Vote {
    /// `COUPABLE | GUILTY` with the sentence proposed (10–50 years).
    Guilty { years: u32 },
    /// `INNOCENT` with the sentence proposed in case the others disagree (22.2).
    Innocent { years: u32 },
    /// `ABSTENTION | ABSTAIN`: the sentence does not count.
    Abstain,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerdictOrder {
    /// A judge of the family, or the Emperor.
    pub judge: CharacterId,
    pub case_no: u32,
    pub vote: Vote,
}

/// `EMPEREUR …` (Government; 18, 20, 24, 12.2): each power once per turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmperorOrders {
    /// `DISGRACE`: an heir or councillor of the Government (20).
    pub disgrace: Option<CharacterId>,
    /// `DISGRACE-SPECIALE`: an heir or councillor of any pyramid (18.1).
    pub special_disgrace: Option<CharacterId>,
    /// `DESTITUER-JUGE`: a judge (18.2).
    pub remove_judge: Option<CharacterId>,
    /// `GUERRE`: declare war on the Pouarks (12.2).
    pub war: bool,
    /// `CIBLE`: the Pouark planet (key) attacked first (12.2).
    pub target: Option<String>,
    /// `GRACE`: a convict, or an accused to be tried (24).
    pub pardon: Option<CharacterId>,
}

/// `ARCHIPAPE …` (Church; 19, 25, 1.3, 3.6).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchpopeOrders {
    pub disgrace: Option<CharacterId>,
    /// `EXCOMMUNIER` (19).
    pub excommunicate: Option<CharacterId>,
    /// `PARDON`: a heretic (25).
    pub pardon: Option<CharacterId>,
    /// `PROTHESE`: authorisations, at most ⌈J/4⌉, one per person (1.3.4).
    pub prosthesis_permits: Vec<CharacterId>,
    /// `REMARIAGE`: widow(er)s allowed to remarry (3.6).
    pub remarriages: Vec<CharacterId>,
}

/// `GENERAL …` (Army; 6.3, 11, 12.3.8, 17).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralOrders {
    pub disgrace: Option<CharacterId>,
    /// `COMMANDANT 1`.
    pub commander_1: Option<CharacterId>,
    /// `COMMANDANT 2`.
    pub commander_2: Option<CharacterId>,
    /// `STRATEGIE OFFENSIVE|DEFENSIVE`.
    pub strategy: Option<Strategy>,
    /// `PATROUILLE c c c`: colony keys.
    pub patrol: Option<Vec<String>>,
    /// `COUP-D-ETAT` (17.1).
    pub coup: bool,
}

/// `COMMANDEUR …` (Explorers; 4.7, 4.8).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandCommanderOrders {
    pub disgrace: Option<CharacterId>,
    /// `INTERDIRE "vaisseau"`: ship key (4.8).
    pub forbid: Option<String>,
    /// `PERMIS qui [qui]`: at most 2 (4.7).
    pub permits: Vec<CharacterId>,
}

/// `MAITRE …` (Merchants).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MasterMerchantOrders {
    pub disgrace: Option<CharacterId>,
    /// `SUPPRIMER-COMPTOIR famille colonie`: (family, planet key).
    pub remove_post: Option<(FamilyKey, String)>,
    /// `FERMER colonie`: planet key closed to trade for the turn.
    pub close: Option<String>,
    /// `INTERDIRE-BOURSE famille…`: at most n (see [`super::super::model::State::exchange_bans_allowed`]).
    pub exchange_bans: Vec<FamilyKey>,
}

/// Fleet number helper for `FLOTTE 1|2`.
pub fn fleet_from_number(n: u32) -> Option<FleetNo> {
    match n {
        1 => Some(FleetNo::First),
        2 => Some(FleetNo::Second),
        _ => None,
    }
}

/// Stake letter helper for `BOURSE S|N|R`.
pub fn stake_from_letter(s: &str) -> Option<Stake> {
    match crate::text::fold(s).as_str() {
        "S" => Some(Stake::Safe),
        "N" => Some(Stake::Normal),
        "R" => Some(Stake::Risky),
        _ => None,
    }
}

/// One accepted order line, typed (the parser's unit; [`Orders`] gathers them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    Founder(FounderOrder),
    Advertising(u32),
    Bid(BidOrder),
    Candidacy(CandidacyOrder),
    Location(LocationOrder),
    Purchase(PurchaseOrder),
    Contract(ContractOrder),
    Ransom(CharacterId),
    Marriage(MarriageOrder),
    Births(BirthsOrder),
    Bastard(BastardOrder),
    Expedition(ExpeditionOrder),
    Transfer(TransferOrder),
    Baptism(BaptismOrder),
    Training(TrainingOrder),
    Coup(CoupStanceOrder),
    Deposition(DepositionOrder),
    Verdict(VerdictOrder),
    Resign(CharacterId),
    Emperor(EmperorPower),
    Archpope(ArchpopePower),
    General(GeneralPower),
    GrandCommander(GrandCommanderPower),
    MasterMerchant(MasterMerchantPower),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EmperorPower {
    Disgrace(CharacterId),
    SpecialDisgrace(CharacterId),
    RemoveJudge(CharacterId),
    War,
    Target(String),
    Pardon(CharacterId),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArchpopePower {
    Disgrace(CharacterId),
    Excommunicate(CharacterId),
    Pardon(CharacterId),
    Prosthesis(Vec<CharacterId>),
    Remarriage(Vec<CharacterId>),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GeneralPower {
    Disgrace(CharacterId),
    Commander(FleetNo, CharacterId),
    Strategy(Strategy),
    Patrol(Vec<String>),
    Coup,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandCommanderPower {
    Disgrace(CharacterId),
    Forbid(String),
    Permit(Vec<CharacterId>),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MasterMerchantPower {
    Disgrace(CharacterId),
    RemovePost(FamilyKey, String),
    Close(String),
    BanExchange(Vec<FamilyKey>),
}

impl Orders {
    /// Adds one accepted order to its list (the validation has run).
    pub fn push(&mut self, order: Order) {
        match order {
            Order::Founder(f) => {
                self.founders.push(f);
                self.founders.sort_by_key(|f| f.n);
            }
            Order::Advertising(n) => self.advertising += n,
            Order::Bid(b) => self.bid = Some(b),
            Order::Candidacy(c) => self.candidacies.push(c),
            Order::Location(l) => self.locations.push(l),
            Order::Purchase(p) => self.purchases.push(p),
            Order::Contract(c) => self.contracts.push(c),
            Order::Ransom(c) => self.ransoms.push(c),
            Order::Marriage(m) => self.marriages.push(m),
            Order::Births(b) => self.births.push(b),
            Order::Bastard(b) => self.bastard = Some(b),
            Order::Expedition(e) => self.expeditions.push(e),
            Order::Transfer(t) => self.transfers.push(t),
            Order::Baptism(b) => self.baptisms.push(b),
            Order::Training(t) => self.trainings.push(t),
            Order::Coup(c) => self.coup_stances.push(c),
            Order::Deposition(d) => self.depositions.push(d),
            Order::Verdict(v) => self.verdicts.push(v),
            Order::Resign(c) => self.resignations.push(c),
            Order::Emperor(p) => match p {
                EmperorPower::Disgrace(c) => self.emperor.disgrace = Some(c),
                EmperorPower::SpecialDisgrace(c) => self.emperor.special_disgrace = Some(c),
                EmperorPower::RemoveJudge(c) => self.emperor.remove_judge = Some(c),
                EmperorPower::War => self.emperor.war = true,
                EmperorPower::Target(p) => self.emperor.target = Some(p),
                EmperorPower::Pardon(c) => self.emperor.pardon = Some(c),
            },
            Order::Archpope(p) => match p {
                ArchpopePower::Disgrace(c) => self.archpope.disgrace = Some(c),
                ArchpopePower::Excommunicate(c) => self.archpope.excommunicate = Some(c),
                ArchpopePower::Pardon(c) => self.archpope.pardon = Some(c),
                ArchpopePower::Prosthesis(v) => self.archpope.prosthesis_permits.extend(v),
                ArchpopePower::Remarriage(v) => self.archpope.remarriages.extend(v),
            },
            Order::General(p) => match p {
                GeneralPower::Disgrace(c) => self.general.disgrace = Some(c),
                GeneralPower::Commander(FleetNo::First, c) => self.general.commander_1 = Some(c),
                GeneralPower::Commander(FleetNo::Second, c) => self.general.commander_2 = Some(c),
                GeneralPower::Strategy(s) => self.general.strategy = Some(s),
                GeneralPower::Patrol(v) => self.general.patrol = Some(v),
                GeneralPower::Coup => self.general.coup = true,
            },
            Order::GrandCommander(p) => match p {
                GrandCommanderPower::Disgrace(c) => self.grand_commander.disgrace = Some(c),
                GrandCommanderPower::Forbid(s) => self.grand_commander.forbid = Some(s),
                GrandCommanderPower::Permit(v) => self.grand_commander.permits.extend(v),
            },
            Order::MasterMerchant(p) => match p {
                MasterMerchantPower::Disgrace(c) => self.master_merchant.disgrace = Some(c),
                MasterMerchantPower::RemovePost(f, p) => self.master_merchant.remove_post = Some((f, p)),
                MasterMerchantPower::Close(p) => self.master_merchant.close = Some(p),
                MasterMerchantPower::BanExchange(v) => self.master_merchant.exchange_bans.extend(v),
            },
        }
    }
}
