//! The state of a Galactic Destiny game (design note §2): the seats and
//! their parties, the checked components, what the effect vocabulary acts
//! on ([`EffectState`]: treasuries, hands, waiting senators, senators in
//! play, sectors, decks, the infestation's modifiers, the Republic's fleet
//! count), and what only the game itself knows: fleets on the board, the
//! ministries, the laws in force, the election track, the decks of events
//! and sector cards, the initiative order, the senate's agenda and filings,
//! the step the game is at.
//!
//! Invariants (checked by [`GdState::check`], which every property test
//! calls):
//! - every resource is 0–99 ([`RESOURCE_MAX`]);
//! - a party has at most [`FLEETS_MAX`] fleets on the board, the Republic at
//!   most [`REPUBLIC_MAX`], and `fx.republic_fleets` is the sum of
//!   `republic_at`;
//! - a ministry is held by a senator in play, of a party in good standing,
//!   and `SenatorState::minister` says so; a senator holds one ministry;
//! - every action card is in exactly one place: a deck, a discard pile or a
//!   hand (the copies of the file); likewise every senator card (deck,
//!   bottom, a hand of waiting senators, in play, or dead) and every event
//!   card (deck, discard, active);
//! - decks are sets kept sorted: their order is drawn by lot when a card is
//!   drawn (`Dice::pick_index`), never stored ("Mélangez les paquets").

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::components::interpret::{EffectState, Subject, RESOURCE_MAX, REPUBLIC_MAX};
use super::components::{Components, PartyId, SectorNo};
use super::orders::Goods;
use super::senate::round_table::Bidding;
use super::senate::Ministry;
use crate::game::FamilyKey;

/// A party's own fleets on the board at most ("Achat de flottes et
/// sénateurs": "10 flottes en jeu").
pub const FLEETS_MAX: u8 = 10;
/// The action cards a party may keep at the end of a turn ("Nombre de
/// cartes en main"; G3).
pub const HAND_MAX: usize = 7;
/// Money every party gets each turn besides its sectors ("Ressources").
pub const BASE_INCOME: u8 = 5;
/// Sectors infested at the end of a turn for everybody to lose, and
/// sectors a party must hold to win ("Défaite!", "Victoire!").
pub const SECTORS_TO_END: usize = 10;
/// The sector the Republic's fleets start on and return to.
pub const REPUBLIC_HOME: SectorNo = 1;

/// How parties are given to seats (G2; setting `attribution_partis`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartyChoice {
    /// The registration name is the party (sigle or name).
    #[default]
    ByName,
    /// Parties are drawn by lot at setup.
    ByLot,
}

/// The first election ("Premier tour d'élections", G5; setting
/// `premiere_election`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstElection {
    /// A vote like every other.
    #[default]
    Vote,
    /// The five ministry cards dealt by lot.
    ByLot,
}

/// `[games.settings]` of a Galactic Destiny game (RULINGS, Galactic
/// Destiny). The component files' settings are read into
/// [`Components`]' sources, not here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// `joueurs_min` (default 3; 2 allowed for tests).
    pub min_players: u8,
    /// `joueurs_max` (default 6, the six parties).
    pub max_players: u8,
    /// `attribution_partis = "nom" | "hasard"`.
    pub party_choice: PartyChoice,
    /// `premiere_election = "vote" | "hasard"`.
    pub first_election: FirstElection,
    /// `encheres = "table" | "scellees"`.
    pub bidding: Bidding,
    /// `impots = true`: laws may tax actions (Impôts; G18).
    pub taxes: bool,
    /// `duree_max_loi` (default 5): the longest a law may be proposed for.
    pub max_law_turns: u8,
    /// `tours_max` (default 10; 0 = no limit; G20).
    pub max_turns: u32,
    /// `declarations = "fenetres" | "simultanees"` (design note §2.2).
    #[serde(default)]
    pub declarations: Declarations,
    /// `assassinat_facultatif = true`: "Règle facultative." of the
    /// assassinations, the target's diplomacy a free counter-bid against
    /// the first offer (G11; off by default).
    #[serde(default)]
    pub optional_assassination: bool,
    /// `competences_corrompues` (default true): the corrupt ministry
    /// skills are played ("Compétences corrompues des ministères.";
    /// "Sénateurs et actions" names them "dans les règles de politique et
    /// de manipulation", a module not in the booklet).
    #[serde(default = "yes")]
    pub corrupt_skills: bool,
    // ---- Free laws and the court (#29, gdlaws; `senate::free`, `court`).
    /// `propositions = "libres"` (default `"liste"`; needs `maitre_de_jeu`):
    /// `PROPOSITION LIBRE "<texte>"` and `INCONSTITUTIONNEL` ("Une
    /// proposition."), the game master enforcing the free laws.
    #[serde(default)]
    pub free_proposals: bool,
    /// `tribunal = true` (needs `maitre_de_jeu`): suits over promises in
    /// the galactic court (`PROCES`, `DEFENSE-PROCES`; "Négociation.").
    #[serde(default)]
    pub court: bool,
    /// `maitre_de_jeu = true`: a game master is seated (`@mj`, design
    /// note §5; `mj`).
    #[serde(default)]
    pub game_master: bool,
    // ---- Bounds on what one party's mail puts in every report (RULINGS,
    // Galactic Destiny, "Floods").
    /// `propositions_libres_max` (default 2): the free proposals a party
    /// may file in one S1.
    #[serde(default = "two")]
    pub max_free_proposals: u8,
    /// `accords_max` (default 3): the promises (`ACCORD`) a party may
    /// write in one step.
    #[serde(default = "three")]
    pub max_deals: u8,
}

fn yes() -> bool {
    true
}

fn two() -> u8 {
    2
}

fn three() -> u8 {
    3
}

/// How the intrigue's declarations are taken (design note §2.2; setting
/// `declarations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declarations {
    /// One window a party, in initiative order, worst first: each sees the
    /// declarations before its own ("Vous ne pouvez pas changer ou ajouter
    /// des mouvements une fois que vous avez passé").
    #[default]
    Windows,
    /// One sealed step for every party, resolved in initiative order.
    Sealed,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            min_players: 3,
            max_players: 6,
            party_choice: PartyChoice::ByName,
            first_election: FirstElection::Vote,
            bidding: Bidding::Table,
            taxes: false,
            max_law_turns: 5,
            max_turns: 10,
            declarations: Declarations::Windows,
            optional_assassination: false,
            corrupt_skills: true,
            free_proposals: false,
            court: false,
            game_master: false,
            max_free_proposals: 2,
            max_deals: 3,
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub key: FamilyKey,
    /// The name the player registered with.
    pub name: String,
    /// Its party: from the name, or drawn by lot at setup.
    pub party: Option<PartyId>,
    /// Resigned (`ABANDON`) or removed: its party stays on the board and
    /// passes.
    #[serde(default)]
    pub resigned: bool,
}

/// The one of `all` whose French or English keyword is `w` (case and
/// accents ignored).
fn by_keyword<T: Copy>(w: &str, all: impl IntoIterator<Item = T>, codes: fn(T) -> (&'static str, &'static str)) -> Option<T> {
    let k = crate::text::key(w);
    all.into_iter().find(|x| {
        let (fr, en) = codes(*x);
        crate::text::key(fr) == k || crate::text::key(en) == k
    })
}

/// The actions a tax law may tax ("Impôts": "N'importe quelle action dans
/// le jeu peut être taxée - à part les cartes action et les votes"; the
/// closed list of design note §5, money only). Each is taxed once per
/// action carried out: per invasion declared, per campaign, per fleet
/// moved, per fleet of the party's own bought, per senator recruited, per
/// assassination attempt (RULINGS.md, Galactic Destiny, Impôts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TaxedAction {
    Invasion,
    Campaign,
    FleetMoved,
    FleetBought,
    Recruit,
    Assassination,
}

impl TaxedAction {
    pub const ALL: [TaxedAction; 6] =
        [TaxedAction::Invasion, TaxedAction::Campaign, TaxedAction::FleetMoved, TaxedAction::FleetBought, TaxedAction::Recruit, TaxedAction::Assassination];
    /// The order-language keywords, French then English.
    pub fn codes(self) -> (&'static str, &'static str) {
        match self {
            TaxedAction::Invasion => ("INVASION", "INVASION"),
            TaxedAction::Campaign => ("CAMPAGNE", "CAMPAIGN"),
            TaxedAction::FleetMoved => ("DEPLACEMENT", "MOVE"),
            TaxedAction::FleetBought => ("ACHAT-FLOTTE", "BUY-FLEET"),
            TaxedAction::Recruit => ("RECRUTEMENT", "RECRUIT"),
            TaxedAction::Assassination => ("ASSASSINAT", "ASSASSINATION"),
        }
    }
    /// Reads either keyword (case and accents ignored).
    pub fn from_word(w: &str) -> Option<TaxedAction> {
        by_keyword(w, TaxedAction::ALL, TaxedAction::codes)
    }
    /// Its id in messages (`$action` selects its name).
    pub fn id(self) -> &'static str {
        match self {
            TaxedAction::Invasion => "invasion",
            TaxedAction::Campaign => "campaign",
            TaxedAction::FleetMoved => "fleet-moved",
            TaxedAction::FleetBought => "fleet-bought",
            TaxedAction::Recruit => "recruit",
            TaxedAction::Assassination => "assassination",
        }
    }
    /// Whether the action belongs to the intrigue (part II carries it out).
    pub fn in_intrigue(self) -> bool {
        !matches!(self, TaxedAction::FleetBought | TaxedAction::Recruit)
    }
}

/// The laws the senate votes: the six of "Liste de propositions" (the
/// restricted variant, G17) and, with `impots = true`, taxes ("Impôts").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Law {
    /// "Acte d'intégrité vertueux": no campaign in another party's sector.
    Integrity,
    /// "Initiative de défense de la patrie": 3 money a turn for a Republic fleet.
    Homeland,
    /// "Libre-échange d'accord": trades only in the senate, ratified by a vote.
    FreeTrade,
    /// "Comité de surveillance démocratique": a fleet to each marked sector.
    Watch,
    /// "Déclaration de mouvement": 2 money per fleet moved.
    Movement,
    /// "Liberté de parole et consulat de l'éducation": 2 influence per campaign.
    Education,
    /// "Impôts": `amount` money each time `action` is carried out, paid to
    /// the Republic (`GdState::taxes_paid`). One tax per action is in force
    /// at a time: another amount voted on the same action replaces it.
    Tax { action: TaxedAction, amount: u8 },
}

impl Law {
    /// The six listed laws (taxes are built from an action and an amount).
    pub const ALL: [Law; 6] = [Law::Integrity, Law::Homeland, Law::FreeTrade, Law::Watch, Law::Movement, Law::Education];
    /// The order-language keywords (design note §3), French then English.
    pub fn codes(self) -> (&'static str, &'static str) {
        match self {
            Law::Integrity => ("INTEGRITE", "INTEGRITY"),
            Law::Homeland => ("DEFENSE-PATRIE", "HOMELAND"),
            Law::FreeTrade => ("LIBRE-ECHANGE", "FREE-TRADE"),
            Law::Watch => ("SURVEILLANCE", "WATCH"),
            Law::Movement => ("MOUVEMENT", "MOVEMENT"),
            Law::Education => ("EDUCATION", "EDUCATION"),
            Law::Tax { .. } => ("IMPOT", "TAX"),
        }
    }
    /// The six listed laws and a tax on every taxable action: one of each
    /// kind, for the message catalogue's samples.
    pub fn examples() -> Vec<Law> {
        Law::ALL.into_iter().chain(TaxedAction::ALL.map(|action| Law::Tax { action, amount: 2 })).collect()
    }
    /// Its id in messages (`$law` selects its name; `gd-law-<id>`): a tax's
    /// messages also take `$action` and `$amount` (`common::law_name`).
    pub fn id(self) -> &'static str {
        match self {
            Law::Integrity => "integrity",
            Law::Homeland => "homeland",
            Law::FreeTrade => "free-trade",
            Law::Watch => "watch",
            Law::Movement => "movement",
            Law::Education => "education",
            Law::Tax { .. } => "tax",
        }
    }
    /// Reads either keyword of a listed law (case and accents ignored).
    pub fn from_word(w: &str) -> Option<Law> {
        by_keyword(w, Law::ALL, Law::codes)
    }
    /// Whether the law binds the intrigue, which part II referees: in part I
    /// such a law is voted and stays in force, and its enforcement waits for
    /// the intrigue (Integrity, Watch, Movement, Education).
    pub fn binds_intrigue(self) -> bool {
        match self {
            Law::Tax { action, .. } => action.in_intrigue(),
            _ => matches!(self, Law::Integrity | Law::Watch | Law::Movement | Law::Education),
        }
    }
}

/// A law voted in and still in force (G37: passed in turn T for d turns, it
/// binds through turn T + d − 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LawInForce {
    pub law: Law,
    pub passed: u32,
    /// The last game turn it binds.
    pub until: u32,
    /// Who proposed it.
    pub by: PartyId,
}

/// Where and how many Republic fleets a proposal sends ("Vote sur la flotte
/// de la république"); recorded in part I, moved by part II.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetGroup {
    pub to: SectorNo,
    pub count: u8,
    pub from: Option<SectorNo>,
    pub attack: bool,
    pub admiral: Option<String>,
}

/// One numbered item of the senate's agenda, built when S1 closes and voted
/// in S2 (`#n` in the orders is its place in [`GdState::agenda`], from 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Item {
    /// A proposal for the Republic fleet's orders; the proposals are voted
    /// together as one ranked ballot (`VOTE FLOTTE #n… AUCUN`).
    Fleet { by: PartyId, groups: Vec<FleetGroup> },
    /// A proposal for the senate's prosecution list (`POURSUITE`): the
    /// proposer pays the trial if it passes.
    Indictment { by: PartyId, senator: String },
    /// A listed law (`PROPOSITION`).
    Law { by: PartyId, law: Law, turns: u8 },
    /// A trade filed in S1 under "Libre-échange d'accord": "ratifiées par
    /// un vote du sénat", carried out if the vote passes (every item held
    /// checked again then). `a` filed first in initiative order.
    Trade { a: PartyId, b: PartyId, a_gives: Vec<Goods>, b_gives: Vec<Goods> },
    // ---- Rebellion and peace (#28, `rebellion`).
    /// `PAIX` filed in S1 by a party in the senate: the senate's offer of
    /// peace to the rebel, item (5) of S2 ("Faire la paix.").
    Peace { by: PartyId },
    // ---- Free laws (#29, gdlaws; `senate::free`).
    /// `PROPOSITION LIBRE "<texte>"` (`propositions = "libres"`): a general
    /// proposal whose enforcement is the game master's.
    FreeLaw { by: PartyId, text: String, turns: u8 },
}

/// What parties filed in S1 that S2 needs, besides the agenda (sealed until
/// S1 closes, public after: the S2 report prints the candidates).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Filings {
    /// `CANDIDAT <ministère> <sén>…`: per party, per post, the candidate and
    /// fallbacks.
    pub candidacies: BTreeMap<PartyId, BTreeMap<Ministry, Vec<String>>>,
    /// `ORDRE-ELECTIONS`: per party, the order of the four later posts.
    pub election_orders: BTreeMap<PartyId, [Ministry; 4]>,
    /// `POURSUIVRE`: the trials each party asks for should it hold Justice.
    pub trials: BTreeMap<PartyId, Vec<String>>,
    /// `VERIFIER`: the audits each party asks for should it hold Finance.
    pub audits: BTreeMap<PartyId, Vec<String>>,
}

/// A promise recorded with `ACCORD` (honour system; §5), numbered `A1…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub number: u32,
    pub parties: [PartyId; 2],
    pub terms: String,
    /// The last game turn it runs (None: no term given).
    pub until: Option<u32>,
    /// Who broke it, and when.
    pub broken: Option<(PartyId, u32)>,
}

/// An event card on the board's active space ("Les cartes événements").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveEvent {
    pub card: String,
    /// The game turn it was drawn.
    pub since: u32,
    /// What its target gave when it was drawn: its `actif` modifiers are
    /// put back on them when another active event leaves
    /// (`EffectState::end_active` lapses them all).
    #[serde(default)]
    pub subjects: Vec<Subject>,
}

/// Where a game is. A game turn is S1, S2, the intrigue (I, B, C, K), P; the
/// galactic phase is played inside the adjudication that closes P (or the
/// registration step), so it is no step of its own (note §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Registration,
    /// S1, "Sénat : dépôts": every party files (deadline kind `senat`).
    Filing,
    /// S2, "Sénat : votes": every party votes (deadline kind `vote`).
    Voting,
    /// I, "Invasions": `window` is the place in [`GdState::initiative`]
    /// (worst first) of the one party that declares (deadline kind
    /// `fenetre`); `None` is the one sealed step of `declarations =
    /// "simultanees"`, every party awaited.
    Invasions { window: Option<u8> },
    /// B, "Avant la bataille": every party, answers awaited (deadline kind
    /// `reaction`); the battles are fought when it closes.
    Battles,
    /// C, "Campagnes": windows as [`Phase::Invasions`].
    Campaigns { window: Option<u8> },
    /// K, "Avant les urnes": every party, answers awaited (`reaction`); the
    /// campaigns are resolved when it closes.
    Canvass,
    /// F, "La carte \"Feint\".": after a Feint in B, the Feint players
    /// declare again, one window each in initiative order (`window` is the
    /// place in the round's movers, `intrigue.invasions.feint.movers`);
    /// `None` is the one sealed step of `declarations = "simultanees"`,
    /// the movers awaited together (deadline kind `fenetre`).
    Feints { window: Option<u8> },
    /// B′, "Avant la bataille" again after the F windows: every party
    /// answers (`reaction`), no new Feint; then the battles.
    BattlesAgain,
    /// P, "Achats": every party buys, answers awaited (deadline kind `achats`).
    Purchases,
    Over,
}

/// How a game ended ("Victoire!", "Défaite!", G20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Ending {
    /// A party's senators hold the five ministries after an election.
    Ministries { winner: PartyId },
    /// A party holds 10 sectors or more at the end of a turn, more than any other.
    Sectors { winner: PartyId },
    /// 10 sectors or more are infested at the end of a turn: all lose.
    Infested,
    /// `tours_max` reached (G20): most sectors, then most ministries, then
    /// money + influence; several if still equal.
    TurnLimit { winners: Vec<PartyId> },
    /// Every seat resigned.
    Abandoned,
}

/// The intrigue's declarations of the game turn now played, each kept by
/// the module that referees it ([`crate::games::galactic_destiny::intrigue`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Intrigue {
    /// I: invasions and defences declared, Republic fleet orders carried out.
    #[serde(default)]
    pub invasions: super::intrigue::invasions::Declared,
    /// C and K: campaigns declared, influence offered.
    #[serde(default)]
    pub campaigns: super::intrigue::campaigns::Declared,
    /// Standing `PROTEGER`/`APPUYER` orders of the game turn, each private
    /// to its party until it pays on an attempt.
    #[serde(default)]
    pub attempts: super::intrigue::attempts::Standing,
    /// Skills and sector abilities used as actions (`powers`): the
    /// once-a-turn sector abilities used this game turn.
    #[serde(default)]
    pub powers: super::powers::Used,
    /// `RELANCE` policies (private to each party) and sector 34's reroll
    /// used this turn.
    #[serde(default)]
    pub fight: super::intrigue::fight_skills::FightTurn,
    /// What each party's looks at a hand saw this game turn (step, looker,
    /// target, cards): the looker's private report keeps them for the turn
    /// (design note §7, spy results; `view_odds::remember_looks`).
    #[serde(default)]
    pub seen: Vec<(u32, PartyId, PartyId, Vec<String>)>,
    /// The events of the game turn's steps played so far (step, event), for
    /// "the turn so far" of every report and chronicle (design note §7 item
    /// 2): each reader sees those it may read (`Event::readers`).
    #[serde(default)]
    pub log: Vec<(u32, super::events::Event)>,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GdState {
    pub components: Components,
    pub settings: Settings,
    /// The seed of the game (setup draws by lot from it).
    pub seed: u64,
    pub seats: Vec<Seat>,
    pub phase: Phase,
    /// The daemon's turn: one per step (`TOUR n`).
    pub step: u32,
    /// The game turn (0 before setup).
    pub game_turn: u32,
    /// Treasuries, hands, senators in play, sectors, the action and senator
    /// decks, the infestation's modifiers, the Republic's fleet count.
    pub fx: EffectState,
    /// Each party's fleets, by sector.
    pub fleets: BTreeMap<SectorNo, BTreeMap<PartyId, u8>>,
    /// The Republic's fleets, by sector (sum = `fx.republic_fleets`).
    pub republic_at: BTreeMap<SectorNo, u8>,
    /// Who holds each ministry (a senator's name).
    pub ministries: BTreeMap<Ministry, String>,
    /// The election marker: 0 on "élection", else the numbered space
    /// (1..=the board's track).
    pub election_marker: u8,
    /// The Prime Minister's `ELECTION` for the next galactic phase (G32):
    /// who called it (checked again then).
    pub election_called: Option<String>,
    pub laws: Vec<LawInForce>,
    /// Laws a party broke this turn (`ENFREINDRE`, or a payment it could not
    /// make): void for it for the rest of the turn.
    pub defied: BTreeSet<(PartyId, Law)>,
    /// The Republic fleet orders voted this turn (recorded for part II).
    pub fleet_orders: Option<Vec<FleetGroup>>,
    /// The parties, worst initiative first (computed at the galactic phase
    /// and after S2, G30).
    pub initiative: Vec<PartyId>,
    pub event_deck: Vec<String>,
    pub event_discard: Vec<String>,
    pub active_events: Vec<ActiveEvent>,
    pub sector_deck: Vec<SectorNo>,
    pub sector_discard: Vec<SectorNo>,
    /// Senators dead (executed, killed): out of the game.
    pub dead: Vec<String>,
    /// The agenda built when S1 closed (empty otherwise).
    pub agenda: Vec<Item>,
    pub filings: Filings,
    pub deals: Vec<Deal>,
    /// Senators already tried / audited this game turn (each once, G59).
    pub tried: BTreeSet<String>,
    pub audited: BTreeSet<String>,
    /// Money paid in taxes this turn, spent on Republic fleets at its end (G18).
    pub taxes_paid: u32,
    /// Senators recruited this turn (they act next turn).
    pub recruited: BTreeSet<String>,
    /// What the intrigue of this game turn has declared so far (emptied by
    /// the galactic phase).
    #[serde(default)]
    pub intrigue: Intrigue,
    pub ending: Option<Ending>,
    /// The party in rebellion and the peace offers of this game turn
    /// ("La lutte pour toujours : La rébellion.").
    #[serde(default)]
    pub rebellion: super::rebellion::Rebellion,
    /// The card engine's standing answers and Multitâche's record (#28).
    #[serde(default)]
    pub cards: super::cards::CardsState,
    // ---- Free laws and the court (#29, gdlaws).
    /// Every free law the senate passed (`L1…`, in force or not).
    #[serde(default)]
    pub free_laws: Vec<super::senate::free::FreeLaw>,
    /// Every suit filed in the galactic court (`P1…`, pending or decided).
    #[serde(default)]
    pub suits: Vec<super::court::Suit>,
    /// The game master's items and agreements' versions (#29, `mj`).
    #[serde(default)]
    pub mj: super::mj::MjState,
}

impl Phase {
    /// A step that takes a party's orders (not registration, not the end).
    pub fn is_playing(self) -> bool {
        !matches!(self, Phase::Registration | Phase::Over)
    }

    /// A window of the intrigue: one party declares.
    pub fn window(self) -> Option<u8> {
        match self {
            Phase::Invasions { window } | Phase::Campaigns { window } | Phase::Feints { window } => window,
            _ => None,
        }
    }
}

impl GdState {
    /// The party whose window is open (design note §2.2), if a window is.
    pub fn window_party(&self) -> Option<PartyId> {
        self.window_party_of(self.phase)
    }

    /// The party of a phase's window: the k-th of the initiative, or of the
    /// Feint round's movers for an F window (both public).
    pub fn window_party_of(&self, phase: Phase) -> Option<PartyId> {
        let k = usize::from(phase.window()?);
        match phase {
            Phase::Feints { .. } => self.intrigue.invasions.feint.movers.get(k).copied(),
            _ => self.initiative.get(k).copied(),
        }
    }

    /// The parties the open step awaits: the window's party, or every
    /// party still played; none outside the game's steps. Public state
    /// only (design note §2.1, principle 2).
    pub fn awaited_parties(&self) -> Vec<PartyId> {
        if !self.phase.is_playing() {
            return Vec::new();
        }
        let live = |p: PartyId| self.seats.iter().any(|x| x.party == Some(p) && !x.resigned);
        match (self.window_party(), self.phase) {
            (Some(p), _) => vec![p].into_iter().filter(|p| live(*p)).collect(),
            // The sealed F step: the Feint players together.
            (None, Phase::Feints { .. }) => self.intrigue.invasions.feint.movers.iter().copied().filter(|p| live(*p)).collect(),
            (None, _) => self.parties().filter(|p| live(*p)).collect(),
        }
    }

    /// The seat of a family.
    pub fn seat_of(&self, family: &FamilyKey) -> Option<&Seat> {
        self.seats.iter().find(|s| &s.key == family)
    }

    /// The party a family plays (once parties are given).
    pub fn party_of(&self, family: &FamilyKey) -> Option<PartyId> {
        self.seat_of(family).and_then(|s| s.party)
    }

    /// The family that plays a party.
    pub fn family_of(&self, party: PartyId) -> Option<&FamilyKey> {
        self.seats.iter().find(|s| s.party == Some(party)).map(|s| &s.key)
    }

    /// The parties in play, in id order.
    pub fn parties(&self) -> impl Iterator<Item = PartyId> + '_ {
        self.fx.parties.keys().copied()
    }

    /// A party's senators in play, by name order.
    pub fn senators_of(&self, party: PartyId) -> impl Iterator<Item = &String> + '_ {
        self.fx.senators.iter().filter(move |(_, s)| s.party == party).map(|(n, _)| n)
    }

    /// The ministry a senator holds.
    pub fn ministry_of(&self, senator: &str) -> Option<Ministry> {
        self.ministries.iter().find(|(_, n)| n.as_str() == senator).map(|(m, _)| *m)
    }

    /// The party holding a ministry.
    pub fn holder(&self, m: Ministry) -> Option<PartyId> {
        self.ministries.get(&m).and_then(|n| self.fx.senators.get(n)).map(|s| s.party)
    }

    /// Puts a senator in a ministry (or none), keeping `minister` true.
    pub fn appoint(&mut self, m: Ministry, senator: Option<String>) {
        if let Some(old) = self.ministries.remove(&m) {
            if let Some(s) = self.fx.senators.get_mut(&old) {
                s.minister = false;
            }
        }
        if let Some(n) = senator {
            if let Some(s) = self.fx.senators.get_mut(&n) {
                s.minister = true;
                self.ministries.insert(m, n);
            }
        }
    }

    /// Sectors a party owns.
    pub fn sectors_of(&self, party: PartyId) -> Vec<SectorNo> {
        self.fx.sectors.iter().filter(|(_, s)| s.owner == Some(party)).map(|(n, _)| *n).collect()
    }

    pub fn infested_count(&self) -> usize {
        self.fx.sectors.values().filter(|s| s.infested).count()
    }

    /// A party's fleets on the board.
    pub fn fleets_of(&self, party: PartyId) -> u32 {
        self.fleets.values().filter_map(|m| m.get(&party)).map(|n| u32::from(*n)).sum()
    }

    /// Whether a law binds a party now: in force this turn and not broken
    /// by it this turn.
    /// A rebel is bound by none ("n'est pas affecté par les lois du sénat").
    pub fn law_binds(&self, law: Law, party: PartyId) -> bool {
        !super::rebellion::is_rebel(self, party)
            && self.laws.iter().any(|l| l.law == law && l.until >= self.game_turn) && !self.defied.contains(&(party, law))
    }

    /// The tax in force this turn on an action, if any (one at a time).
    pub fn tax_on(&self, action: TaxedAction) -> Option<Law> {
        self.laws.iter().filter(|l| l.until >= self.game_turn).map(|l| l.law).find(|l| matches!(l, Law::Tax { action: a, .. } if *a == action))
    }

    /// Whether the election is due at this turn's senate (the marker on
    /// "élection").
    pub fn election_due(&self) -> bool {
        self.election_marker == 0
    }

    /// The invariants of the module documentation; `Err` names the first
    /// broken one.
    pub fn check(&self) -> Result<(), String> {
        for (p, ps) in &self.fx.parties {
            if ps.money > RESOURCE_MAX || ps.influence > RESOURCE_MAX {
                return Err(format!("{}: resources {} / {} above {RESOURCE_MAX}", p.sigle(), ps.money, ps.influence));
            }
            if self.fleets_of(*p) > u32::from(FLEETS_MAX) {
                return Err(format!("{}: {} fleets", p.sigle(), self.fleets_of(*p)));
            }
        }
        let republic: u32 = self.republic_at.values().map(|n| u32::from(*n)).sum();
        if republic != u32::from(self.fx.republic_fleets) || self.fx.republic_fleets > REPUBLIC_MAX {
            return Err(format!("Republic fleets: {} placed, {} counted", republic, self.fx.republic_fleets));
        }
        let mut holders = BTreeSet::new();
        for (m, n) in &self.ministries {
            let Some(s) = self.fx.senators.get(n) else { return Err(format!("{m} held by {n}, not in play")) };
            if !s.minister || !holders.insert(n) {
                return Err(format!("{m}: {n} not marked minister, or holds two"));
            }
        }
        if self.fx.senators.values().filter(|s| s.minister).count() != self.ministries.len() {
            return Err("a senator is marked minister without a ministry".into());
        }
        // Card conservation.
        let mut actions: BTreeMap<&str, usize> = BTreeMap::new();
        for c in self.fx.action_deck.iter().chain(&self.fx.action_discard).chain(self.fx.parties.values().flat_map(|p| &p.hand)) {
            *actions.entry(c.as_str()).or_default() += 1;
        }
        for c in &self.components.actions {
            if actions.remove(c.name_fr.as_str()).unwrap_or(0) != usize::from(c.copies) {
                return Err(format!("action card {}: not {} copies", c.name_fr, c.copies));
            }
        }
        if let Some((c, _)) = actions.into_iter().next() {
            return Err(format!("unknown action card {c}"));
        }
        let mut senators: BTreeMap<String, usize> = BTreeMap::new();
        for n in self
            .fx
            .senator_deck
            .iter()
            .chain(&self.fx.senator_bottom)
            .chain(self.fx.parties.values().flat_map(|p| &p.waiting))
            .chain(self.fx.senators.keys())
            .chain(&self.dead)
        {
            *senators.entry(n.clone()).or_default() += 1;
        }
        for s in &self.components.senators {
            if senators.remove(&s.name) != Some(1) {
                return Err(format!("senator {}: not in exactly one place", s.name));
            }
        }
        if let Some((n, _)) = senators.into_iter().next() {
            return Err(format!("unknown senator {n}"));
        }
        let mut events: BTreeMap<&str, usize> = BTreeMap::new();
        for c in self.event_deck.iter().chain(&self.event_discard).chain(self.active_events.iter().map(|a| &a.card)) {
            *events.entry(c.as_str()).or_default() += 1;
        }
        for c in &self.components.events {
            if events.remove(c.name_fr.as_str()).unwrap_or(0) != usize::from(c.copies) {
                return Err(format!("event card {}: not {} copies", c.name_fr, c.copies));
            }
        }
        if let Some((c, _)) = events.into_iter().next() {
            return Err(format!("unknown event card {c}"));
        }
        if self.sector_deck.len() + self.sector_discard.len() != self.components.sector_cards.len() {
            return Err("sector cards not conserved".into());
        }
        Ok(())
    }
}
