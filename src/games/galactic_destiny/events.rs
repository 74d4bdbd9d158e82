//! What happened in a step, in order: the record every report, the
//! chronicle and the audit are written from. Events name only what the
//! rules make public once the step is over (counts of cards drawn, never
//! their names); an event about a private matter says who may read it
//! ([`Event::readers`]) and the views show it to those parties only.

use serde::{Deserialize, Serialize};

use super::components::effects::Resource;
use super::components::interpret::Subject;
use super::components::{PartyId, SectorNo};
use super::intrigue::campaigns::CampaignRoll;
use super::model::{Ending, FleetGroup, Item, Law, TaxedAction};
use super::orders::Goods;
use super::senate::Ministry;
use crate::i18n::Msg;

/// What a vote was about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum VoteOn {
    Post { ministry: Ministry },
    /// An agenda item (`#n`, from 1).
    Item { item: u32 },
    /// The Republic fleet's orders (the ranked ballot over the proposals).
    Fleet,
}

/// Why a senator took corruption.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorruptionWhy {
    /// "Corruption pour annuler un accord": a promise broken.
    BrokenDeal { deal: u32 },
    /// "… et les lois du sénat": a law broken, or a payment it asks for not made (G38).
    BrokenLaw { law: Law },
    /// A finance audit rolled 6 ("Compétences de ministère").
    Audit,
    /// A trial rolled 2: the Justice minister is dishonoured ("Poursuites").
    Dishonoured,
    /// An event card.
    Event { card: String },
    /// An assassination attempt rolled a 1 ("Assassinats.").
    Assassination,
    /// Voted admiral of the Republic's fleet, he could not go ("Vote sur la
    /// flotte de la république"; invasions, #28).
    FleetAdmiral,
    /// An invasion of that sector ("Invasions.").
    Invasion { sector: SectorNo },
    /// A corrupt ministry skill used ("Compétences corrompues de
    /// ministère."; `powers`).
    CorruptSkill { ministry: Ministry },
    /// An action card's `corruption +n` (the card engine, #28).
    Card { card: String },
    /// A natural 2 rolled in court by the other side of suit `P<suit>`
    /// ("Négociation."; `court`).
    Court { suit: u32 },
    /// A free law (`L<n>`) broken, as the game master ruled (`mj`).
    FreeLaw { number: u32 },
}

/// What the referee played for a party that sent nothing or not enough,
/// said in words in its report (design note §2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefaultKind {
    /// S1: nothing filed.
    NothingFiled,
    /// S2: abstains on every vote (strength not counted), no veto.
    Abstained,
    /// P: nothing bought.
    Passed,
    /// I or C, the party's window: no declaration (its fleets stay where
    /// they are and defend).
    NoDeclaration,
    /// B or K: no card, no answer, nothing added.
    NoAnswer,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    // ---- Setup ("Installation.").
    /// The parties, and the seats that play them.
    Setup { parties: Vec<(PartyId, String)>, by_lot: bool },
    /// Registration closed with fewer seats than `joueurs_min`: the game
    /// does not start, the step is held (the public view's `referee_alert`
    /// and `hold_reason`, as Galaxy's failed generation; `setup::can_start`).
    TooFewParties { players: u8, least: u8 },

    // ---- "La phase galactique."
    GalacticPhase { turn: u32 },
    /// (1) every senator refreshed.
    Refreshed,
    /// (2) fewer than 5 Republic fleets: one free, on sector 1.
    RepublicFleetFree { sector: SectorNo },
    /// (3) an event card drawn and resolved on what its target gave.
    EventDrawn { card: String, subjects: Vec<Subject>, lasting: bool },
    /// An effect of an event that this part does not referee (it belongs to
    /// the intrigue): shown, with no effect (listed in the docs).
    EventEffectNotRefereed { card: String, effect: String },
    /// A lasting event leaves the active space.
    EventEnded { card: String },
    /// (4) the sectors of the three sector cards are marked.
    SectorsMarked { sectors: Vec<SectorNo> },
    /// (5)–(6) what each party drew (counts: names are private).
    Drew { party: PartyId, actions: u8, senators: u8 },
    /// (7) the infestation roll: the dice, every modifier by name, the
    /// total, the sectors infested (none under 10).
    InfestationRoll { dice: Vec<u32>, modifiers: Vec<(String, i32)>, total: i32, infested: Vec<SectorNo> },
    /// A sector infested: its owner loses it; fleets there retreat at once
    /// (G52), a party's to `to`, the Republic's to sector 1.
    Infested { sector: SectorNo, owner: Option<PartyId>, retreats: Vec<(Option<PartyId>, u8, SectorNo)> },
    /// (8) income: sectors' influence and money, plus 5 money.
    Income { party: PartyId, money: u8, influence: u8 },
    /// (9) the election marker moved; `due`: on "élection".
    ElectionMarker { marker: u8, due: bool },
    /// The Prime Minister's call (G32), honoured or not (no longer PM).
    ElectionCall { by: String, honoured: bool },
    /// The initiative order, worst first, with the tie rolls.
    Initiative { order: Vec<PartyId>, rolls: Vec<(PartyId, Vec<u32>)> },

    // ---- Any step: trades, bank, promises, corruption.
    Traded { a: PartyId, b: PartyId, a_gives: Vec<Goods>, b_gives: Vec<Goods> },
    /// The hidden part of a trade carried out — action cards and waiting
    /// senators, which nobody else may learn of (readers: the two); the
    /// public part is its `Traded`.
    TradedHidden { a: PartyId, b: PartyId, a_gives: Vec<Goods>, b_gives: Vec<Goods> },
    /// A mirrored trade that could not be carried out (readers: the two).
    TradeFailed { a: PartyId, b: PartyId, reason: Msg },
    Banked { party: PartyId, bought: Resource, amount: u8, paid: u8 },
    /// A promise recorded (its terms: readers the two parties).
    DealMade { number: u32, parties: [PartyId; 2], terms: String, until: Option<u32> },
    DealBroken { number: u32, by: PartyId },
    LawDefied { party: PartyId, law: Law },
    /// A tax paid as a taxed action was carried out ("Impôts").
    TaxPaid { party: PartyId, action: TaxedAction, amount: u8 },
    /// A tax the party could not pay: the tax law is broken (G38; the
    /// `LawDefied` and `Corruption` events follow).
    TaxUnpaid { party: PartyId, action: TaxedAction, amount: u8 },
    /// Corruption put on a senator, and the shadows it turned into.
    Corruption { senator: String, amount: u8, why: CorruptionWhy, shadows_now: u8, corruption_now: u8 },
    /// Corruption that found no senator to go on (the party has none): lost.
    CorruptionLost { party: PartyId, amount: u8, why: CorruptionWhy },
    /// `OMBRE`: 3 corruption turned to 1 shadow by choice.
    ShadowTaken { senator: String },
    /// An accepted order that could not be carried out when the step was
    /// played (its reason, in words).
    Unexecuted { party: PartyId, order: String, reason: Msg },

    // ---- S1 closes.
    /// The agenda for S2, numbered from 1.
    Agenda { items: Vec<Item> },
    /// No minister to chair: proposals cannot be presented ("Le premier
    /// ministre et ses devoirs"; G33).
    NoChair,

    // ---- S2.
    /// A vote of the round table: each option's total, what each party
    /// spent (never its cap), the tie rolls.
    Vote { on: VoteOn, totals: Vec<(String, i64)>, winner: Option<String>, spent: Vec<(PartyId, u32)>, ties: Vec<Vec<(String, u32)>> },
    /// A post filled (or left vacant).
    Elected { ministry: Ministry, holder: Option<(PartyId, String)> },
    /// "Premier tour d'élections": the ministry cards dealt by lot.
    DealtByLot { posts: Vec<(Ministry, Option<(PartyId, String)>)> },
    Vetoed { item: u32, by: PartyId },
    /// An item struck before its vote (its reason).
    Struck { item: u32, reason: Msg },
    LawPassed { law: Law, until: u32, by: PartyId },
    LawLapsed { law: Law },
    /// The Republic fleet's orders voted (part II moves the fleets).
    FleetOrders { groups: Vec<FleetGroup> },
    Audit { senator: String, by: PartyId, roll: u32, corrupted: bool },
    /// A trial: 2d6 + corruption + 3 × shadow on the party card's table.
    Trial { senator: String, payer: PartyId, dice: [u32; 2], modifier: u32, total: u32, verdict: String },
    /// A guilty verdict's fine (G51: what there is).
    Fined { party: PartyId, amount: u8 },
    /// A senator leaves play (executed, or removed after a guilty verdict).
    SenatorRemoved { senator: String, dead: bool },

    // ---- P.
    Bought { party: PartyId, fleets: Vec<(u8, SectorNo)>, republic: u8, recruited: Vec<String>, paid: u32 },
    /// Cards dropped for the hand limit (count; by the referee when the
    /// party named too few).
    Discarded { party: PartyId, count: u8, by_referee: bool },
    /// "Initiative de défense de la patrie": 3 money for a Republic fleet.
    HomelandPaid { party: PartyId, paid: bool },
    /// Taxes of the turn bought Republic fleets (G18).
    TaxesSpent { money: u32, fleets: u8 },
    /// Sectors 6 and 32's end-of-turn gifts.
    SectorGift { party: PartyId, sector: SectorNo, resource: Resource, amount: u8 },

    // ---- Defaults and the end.
    /// A seat resigned (`ABANDON`): its party stays on the board and passes.
    Resigned { party: PartyId },
    Default { party: PartyId, kind: DefaultKind },
    /// A tie at the top for the sector victory: one more turn ("S'il y a
    /// égalité, faite un autre tour de jeu").
    TieOneMoreTurn { parties: Vec<PartyId> },
    Ended { ending: Ending },

    // ---- Campaigns (C, K; `intrigue::campaigns`).
    /// A campaign declared in a C step: the party's grey token on the
    /// sector, the senator exhausted. Public; the influence it adds stays
    /// private until the campaign is resolved.
    CampaignDeclared { party: PartyId, sector: SectorNo, senator: String },
    /// "Liberté de parole et consulat de l'éducation": influence paid for a
    /// campaign declared.
    EducationPaid { party: PartyId, sector: SectorNo, amount: u8 },
    /// A campaign declared that could not be resolved (its senator gone,
    /// the sector become its party's): nothing paid, nothing rolled.
    CampaignVoid { party: PartyId, sector: SectorNo, senator: String, reason: Msg },
    /// Every campaign in one sector resolved (K): the sector's roll (its
    /// defence, its owner's influence and adjacency, the dice, the total),
    /// each campaigner's, and who takes the sector (none: it stays as it
    /// was).
    CampaignResolved {
        sector: SectorNo,
        owner: Option<PartyId>,
        defence: i32,
        owner_influence: u32,
        owner_adjacency: u32,
        dice: Vec<u32>,
        total: i64,
        campaigns: Vec<CampaignRoll>,
        winner: Option<PartyId>,
    },
    // ---- Assassinations, any step (`intrigue::attempts`).
    /// A standing `PROTEGER`/`APPUYER` recorded (`points` < 0 protects,
    /// 0 withdraws; `senator` None: each of the party's own). Readers: the
    /// party (design note §7: private until it acts).
    StandingBid { party: PartyId, senator: Option<String>, points: i8 },
    /// An attempt ("Assassinats.", "Jetons d'ombre et assassinats."): the
    /// bids that paid (party, points signed, influence), the modifier on
    /// every die (+1 for a Maître en assassinat), each die's face and
    /// result, whether the target died, the assassin's corruption.
    Attempt {
        assassin: String,
        party: PartyId,
        target: String,
        target_party: PartyId,
        bids: Vec<(PartyId, i32, u32)>,
        master: bool,
        optional_rule: bool,
        modifier: i32,
        dice: Vec<(u32, i32)>,
        killed: bool,
        corruption: u32,
    },
    /// A senator killed: out of the game, his post vacant.
    Assassinated { senator: String, party: PartyId, ministry: Option<Ministry> },
    /// A bid on an attempt the party could not pay in full (influence):
    /// `paid` of `wanted` points. Readers: the party.
    BidShort { party: PartyId, target: String, wanted: i32, paid: i32 },
    // ---- The intrigue: the Republic's fleet, invasions and battles
    // (intrigue::invasions; rendered by intrigue::invasions_view).
    /// The Republic fleet's voted orders carried out when the intrigue
    /// opens: `count` fleets from `from` to `to` (`short`: named but not
    /// there), invading (`attack`) or patrolling, under `admiral` if he went.
    RepublicFleetMoved { from: SectorNo, to: SectorNo, count: u8, short: u8, attack: bool, admiral: Option<String> },
    /// One battle with every die: the admirals by contingent (in the order
    /// of `outcome.contingents`) and what `battle::fight` returned.
    Battle { sector: SectorNo, admirals: Vec<Option<String>>, outcome: BattleOutcome },
    /// A sector whose owner a battle changed (`owner` None: neutral).
    SectorTaken { sector: SectorNo, owner: Option<PartyId>, was: Option<PartyId>, was_infested: bool },
    /// Beaten fleets retreat after the last battle (G15), the Republic's
    /// (`party` None) to sector 1; `to` None: nowhere to go, lost.
    Retreated { party: Option<PartyId>, count: u8, from: SectorNo, to: Option<SectorNo> },
    /// An invasion declared in a window (public: shown to the next ones):
    /// the fleets by origin, the admiral, the stake (a claim is the grey
    /// token).
    Invaded { party: PartyId, sector: SectorNo, from: Vec<(SectorNo, u8)>, admiral: Option<String>, stake: super::intrigue::battle::Stake<PartyId> },
    /// Fleets moved to defend a sector.
    Defended { party: PartyId, sector: SectorNo, from: Vec<(SectorNo, u8)> },
    /// "Déclaration de mouvement": 2 money per fleet moved, paid.
    MovementPaid { party: PartyId, fleets: u32, money: u32 },
    // The Feint round ("La carte \"Feint\".").
    /// A party played a Feint in B (public: the card is shown).
    FeintPlayed { party: PartyId, card: String },
    /// A Feint player's declarations cancelled: the sectors it invaded, the
    /// fleets gone back, the senators whose invasion corruption was taken
    /// back.
    FeintCancelled { party: PartyId, sectors: Vec<SectorNo>, fleets_back: u32, uncorrupted: Vec<String> },
    // ---- Skills, sector abilities and corrupt ministry skills used as
    // actions (#28; `powers`).
    /// Espion, Maître en espionnage (public): `senator` of `party` looked
    /// at `target`'s hand for `paid` money, `discarded` cards discarded
    /// (a count: what they were is the two parties' alone, G48).
    Spied { party: PartyId, senator: String, target: PartyId, paid: u8, discarded: u8 },
    /// "Données du marché noir" (sector 5, public): `party` looked at
    /// `target`'s hand.
    BlackMarketLook { party: PartyId, target: PartyId },
    /// What a look at a hand saw (spy, black market): readers `party` only
    /// (design note §7: spy results).
    HandSeen { party: PartyId, target: PartyId, cards: Vec<String> },
    /// The cards a Maître en espionnage discarded from `target`'s hand:
    /// readers the two parties ("the target learns who looked and what it
    /// lost", G48).
    HandDiscarded { party: PartyId, target: PartyId, cards: Vec<String> },
    /// "Augure aléatoire" (sector 33, public): whether `target` gave a
    /// card.
    Augury { party: PartyId, target: PartyId, given: bool },
    /// The card the augury named: readers `party`, and `target` when it
    /// gave it.
    AuguryNamed { party: PartyId, target: PartyId, card: String, given: bool },
    /// Saboteur: one fleet of `victim` (None: the Republic) destroyed in
    /// `sector` for `paid` money.
    Sabotaged { party: PartyId, senator: String, sector: SectorNo, victim: Option<PartyId>, paid: u8 },
    /// Leader religieux: `amount` corruption removed from `target` for
    /// `paid` influence.
    Cleansed { party: PartyId, senator: String, target: String, amount: u8, paid: u8 },
    /// "Indulgences antique" (sector 8): a shadow removed from `senator`
    /// for `paid` money.
    ShadowRemoved { party: PartyId, senator: String, paid: u8 },
    /// A corrupt ministry skill: `tokens` corruption on `minister` (the
    /// `Corruption` event follows), `amount` gained, or taken from
    /// `target` (the Prime Minister's).
    CorruptSkillUsed { party: PartyId, minister: String, ministry: Ministry, tokens: u8, target: Option<PartyId>, amount: u8 },
    // ---- The rerolls (gdfight, #28; `intrigue::fight_skills`).
    /// A die rerolled after a contest's roll (Interrupteur de code, sector
    /// 34), both dice shown; public like the roll.
    Rerolled { contest: super::intrigue::fight_skills::Contest, sector: Option<SectorNo>, reroll: super::intrigue::fight_skills::Rerolled<PartyId, String> },
    // ---- Rebellion and peace (#28, `rebellion`).
    /// "Déclaration de rébellion.": the party, the sector it named, the
    /// ministries its senators left, each other sector's die (6 joins,
    /// else neutral).
    RebellionDeclared { party: PartyId, sector: SectorNo, ministries: Vec<Ministry>, rolls: Vec<(SectorNo, u32)> },
    /// "Faire la paix.": an offer of peace to `rebel`, by the rebel itself
    /// (`Some`) or voted by the senate (`None`); it stands until the end of
    /// the game turn.
    PeaceOffered { rebel: PartyId, by: Option<PartyId> },
    /// Both sides agreed: the rebel rejoins the senate.
    PeaceMade { party: PartyId },
    // ---- The card engine, any step (`cards`, #28).
    /// An action card played (public once it acts): by whom, the senator
    /// whose action it used, its `CIBLE`, what was paid.
    CardPlayed { party: PartyId, card: String, by: Option<String>, target: Option<super::cards::CardTarget>, paid: u8, resource: Option<Resource> },
    /// A standing answer fired on a card of a chain (`depth` 1: on the card
    /// played, 2: on an answer to it, …).
    CardAnswered { party: PartyId, card: String, to: PartyId, answered: String, depth: u32 },
    /// A card cancelled by an answer that stood (`refunded`: Ghost in the
    /// Dark gives its costs back, G29).
    CardCancelled { party: PartyId, card: String, how: super::cards::Cancel, refunded: u8 },
    /// A card that stood, its effects resolved (as data lines).
    CardResolved { party: PartyId, card: String, effects: Vec<String> },
    /// A standing answer recorded (None: all withdrawn). Readers: the party.
    CardAnswerStanding { party: PartyId, answer: Option<super::cards::StandingAnswer> },
    // ---- The Defence minister's corrupt redeployment (intrigue::defence; #28).
    /// B closed: `party`'s minister redeployed the Republic's fleet; its
    /// invasions of `cancelled` withdrawn, `fleets_back` fleets moved back.
    RepublicRedeployed { party: PartyId, minister: String, cancelled: Vec<SectorNo>, fleets_back: u32 },
    /// One of the minister's groups declared (`short`: fleets it lacked;
    /// `claim`: invading for `party`).
    RepublicRedeclared { party: PartyId, from: SectorNo, to: SectorNo, count: u8, short: u8, attack: bool, admiral: Option<String>, claim: bool },
    // ---- Free laws and the court (#29, gdlaws; `senate::free`, `court`).
    /// S2: the parties in good standing that wrote `INCONSTITUTIONNEL #item`,
    /// out of `of`; `struck` when more than half did ("Une proposition.").
    Unconstitutional { item: u32, parties: Vec<PartyId>, of: u32, struck: bool },
    /// A free law voted in: `L<number>`, in force through turn `until`.
    FreeLawPassed { number: u32, text: String, until: u32, by: PartyId },
    /// S1: a suit `P<suit>` over the promise `A<deal>` filed in the galactic
    /// court ("Négociation."), `senator` the plaintiff's senator before the
    /// court (None: a single die).
    SuitFiled { suit: u32, deal: u32, plaintiff: PartyId, defendant: PartyId, senator: Option<String> },
    /// A party's version of the promise: private to the promise's two
    /// parties while the suit waits (`to`), public when the court sits.
    SuitVersion { suit: u32, party: PartyId, version: String, to: Option<[PartyId; 2]> },
    /// One side's prosecution roll in court: 2d6 + corruption + 3 × shadow
    /// with its verdict, or a single die without a senator (`verdict` None).
    CourtRoll { suit: u32, party: PartyId, senator: Option<String>, dice: Vec<u32>, modifier: u32, total: u32, verdict: Option<String> },
    /// Equal rolls: a die each, the higher wins (rolled again while equal).
    CourtTie { suit: u32, rolls: Vec<Vec<(PartyId, u32)>> },
    /// The court's ruling: `version` is now the promise's binding text
    /// (`undefended`: the defendant answered nothing).
    SuitDecided { suit: u32, deal: u32, winner: PartyId, version: String, undefended: bool },
    /// A suit the court does not hear (the promise broken or no longer
    /// binding before the hearing).
    SuitDropped { suit: u32, deal: u32, reason: Msg },
    // ---- The game master (`mj`; #29).
    /// A `manuel` card played (`by`) or event drawn (no `by`): an item
    /// awaiting the game master, with its text. Public (the card was shown).
    MjItem { item: u32, card: String, text: String, by: Option<PartyId> },
    /// A decision of the game master ("décision de l'arbitre"). Public.
    MjDecision { decision: super::mj::Decision },
    /// An action card given to (`given`) or taken from a party by the game
    /// master (for `item`, if any). Readers: the party.
    MjCard { party: PartyId, card: String, given: bool, item: Option<u32> },
    /// An item the game master did not rule in the step that awaited it:
    /// no effect. Public.
    MjLapsed { item: u32, card: String },
}

/// A battle's outcome as events keep it.
pub type BattleOutcome = super::intrigue::battle::Outcome<PartyId, String>;

impl Event {
    /// The parties that may read this event; `None`: everybody.
    pub fn readers(&self) -> Option<Vec<PartyId>> {
        match self {
            Event::TradeFailed { a, b, .. } | Event::TradedHidden { a, b, .. } => Some(vec![*a, *b]),
            Event::DealMade { parties, .. } => Some(parties.to_vec()),
            Event::Unexecuted { party, .. } | Event::Default { party, .. } => Some(vec![*party]),
            Event::StandingBid { party, .. } | Event::BidShort { party, .. } => Some(vec![*party]),
            Event::HandSeen { party, .. } => Some(vec![*party]),
            Event::HandDiscarded { party, target, .. } => Some(vec![*party, *target]),
            Event::AuguryNamed { party, target, given, .. } => Some(if *given { vec![*party, *target] } else { vec![*party] }),
            Event::CardAnswerStanding { party, .. } => Some(vec![*party]),
            Event::SuitVersion { to: Some(pair), .. } => Some(pair.to_vec()),
            Event::MjCard { party, .. } => Some(vec![*party]),
            _ => None,
        }
    }
}
