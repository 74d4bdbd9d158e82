//! Galactic Destiny's order language for the senate (S1, S2) and the
//! purchases (P), design note §3, both languages: the typed orders every
//! resolver consumes. [`parse`](self) reads lines into them, checking each
//! against the state and the step with a reason and a suggestion.
//!
//! A party's orders for a step are its accepted lines in the order written:
//! filing order matters (laws come to the vote in it unless the Prime
//! Minister orders the agenda; a payment that can no longer be made is a
//! breach, G38).

pub mod parse;
#[cfg(test)]
pub(crate) mod tests;
pub mod words;

pub use parse::{court_samples, lines, lines_in, mj_samples, parse, samples};

use serde::{Deserialize, Serialize};

use super::components::effects::Resource;
use super::components::{PartyId, SectorNo};
use super::model::{FleetGroup, Law};
use super::senate::Ministry;

/// What one side of a trade gives (`ECHANGE … DONNE … RECOIT …`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "goods", rename_all = "snake_case")]
pub enum Goods {
    Resource { resource: Resource, amount: u8 },
    Sector { sector: SectorNo },
    /// A senator in play, or one waiting in hand.
    Senator { name: String },
    /// An action card, by French name.
    Card { name: String },
    Fleets { count: u8, sector: SectorNo },
}

/// One choice of a ranked ballot for a post (`VOTE <ministère> …`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum PostChoice {
    /// That party's candidate, whoever he is by then.
    Party { party: PartyId },
    Senator { name: String },
    Vacant,
}

/// One accepted order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Order {
    /// `PASSE | PASS`.
    Pass,
    // ---- Any step where the party is awaited (§3.1).
    /// `BANQUE <n> ARGENT|INFLUENCE`: buy n of it for 3n of the other.
    Bank { buy: Resource, amount: u8 },
    /// `ECHANGE <parti> DONNE … RECOIT …`: executed when the other party
    /// files the mirror line in the same step.
    Trade { with: PartyId, give: Vec<Goods>, get: Vec<Goods> },
    /// `ACCORD <parti> "<termes>" [DUREE <n>]`: a promise, recorded when
    /// mirrored.
    Deal { with: PartyId, terms: String, turns: Option<u8> },
    /// `ROMPRE A<n> [<sén>]`: 2 corruption.
    BreakDeal { deal: u32, senator: Option<String> },
    /// `ENFREINDRE <loi> [<sén>]`: 2 corruption, the law void for the party
    /// for the rest of the turn.
    Defy { law: Law, senator: Option<String> },
    /// `OMBRE <sén>`: 3 corruption become 1 shadow.
    Shadow { senator: String },
    /// `ELECTION`: the Prime Minister calls an election at the next galactic
    /// phase (G32).
    CallElection,
    // ---- S1 (§3.2).
    /// `CANDIDAT <ministère> <sén> [<sén>…]`.
    Candidate { ministry: Ministry, senators: Vec<String> },
    /// `ORDRE-ELECTIONS <m> <m> <m> <m>` (S1, S2).
    ElectionOrder { order: [Ministry; 4] },
    /// `PROPOSITION <loi> [DUREE <n>]`.
    Propose { law: Law, turns: u8 },
    /// `FLOTTE-REPUBLIQUE <groupe>[, <groupe>…]`.
    FleetProposal { groups: Vec<FleetGroup> },
    /// `POURSUITE <sén>`: for the senate's prosecution list.
    Indict { senator: String },
    /// `POURSUIVRE <sén>…` (S1, S2): Justice's trials.
    Prosecute { senators: Vec<String> },
    /// `VERIFIER <sén>` (S1, S2): a Finance audit.
    Audit { senator: String },
    // ---- S2.
    /// `VOTE #<n> POUR|CONTRE [JUSQUA <i>]`.
    VoteItem { item: u32, for_it: bool, cap: u32 },
    /// `VOTE <ministère> <choix>… [JUSQUA <i>]`.
    VotePost { ministry: Ministry, choices: Vec<PostChoice>, cap: u32 },
    /// `VOTE FLOTTE #<n>… [AUCUN] [JUSQUA <i>]`: `None` is AUCUN.
    VoteFleet { ranking: Vec<Option<u32>>, cap: u32 },
    /// `VETO #<n>`.
    Veto { item: u32 },
    /// `ORDRE-DU-JOUR #<n>…`.
    Agenda { items: Vec<u32> },
    // ---- P (§3.3).
    /// `ACHAT FLOTTE <n> <secteur> [<n> <secteur>…]`.
    BuyFleets { at: Vec<(u8, SectorNo)> },
    /// `ACHAT FLOTTE-REPUBLIQUE <n>`.
    BuyRepublic { count: u8 },
    /// `RECRUTER <sén>`.
    Recruit { senator: String },
    /// `DEFAUSSER "<c>"…`: cards to drop for the hand limit, in order.
    Discard { cards: Vec<String> },
    // ---- Campaigns (C, K; issue #28, `intrigue::campaigns`).
    /// `CAMPAGNE <secteur> <sén> [INFLUENCE <n>]` (C): the senator's action;
    /// the influence is added to his roll, paid when the campaign is
    /// resolved.
    Campaign { sector: SectorNo, senator: String, influence: u8 },
    /// `INFLUENCE <secteur> <n>` (K): to my campaign there, or to my
    /// sector's roll against the others' campaigns; paid when resolved.
    Influence { sector: SectorNo, amount: u8 },
    // ---- Assassinations, any step where the party is awaited (§3.1;
    // [`crate::games::galactic_destiny::intrigue::attempts`]).
    /// `ASSASSINAT <cible> PAR <assassin> [+<n>]`: the assassin's action,
    /// the attacker's own bid of `bid` points (5 influence each).
    Assassinate { target: String, assassin: String, bid: u8 },
    /// `PROTEGER <sén>|TOUS <n>` (`points` negative) and `APPUYER <sén>
    /// <n>` (positive): a standing bid on every attempt on that senator
    /// (`None`: each of the party's own) for the rest of the game turn; 0
    /// withdraws it.
    Standing { senator: Option<String>, points: i8 },
    // ---- The invasions, I and B (intrigue::invasions; #28).
    /// `INVASION <secteur> <orig>:<n>… [AMIRAL <sén>] [PRISE | POUR <parti>]
    /// [CORRUPTION <sén>]` (I).
    Invade { sector: SectorNo, from: Vec<(SectorNo, u8)>, admiral: Option<String>, aim: Aim, corruption: Option<String> },
    /// `DEFENDRE <secteur> <orig>:<n>…` (I).
    Defend { sector: SectorNo, from: Vec<(SectorNo, u8)> },
    /// `RETRAITE <secteur> <dest>` (B): where the party's fleets beaten in
    /// that sector retreat (G15).
    Retreat { sector: SectorNo, to: SectorNo },
    // ---- The Feint round (intrigue::feint; #28).
    /// `FEINTE` (B): play a Feint card; the party declares again in an F
    /// window.
    Feint,
    // ---- Skills, sector abilities and corrupt ministry skills used as
    // actions (#28; `powers`, `orders/powers.rs`).
    /// `ESPIONNER <sén> <parti> [DEFAUSSER "<c>"…]` (any step): Espion or
    /// Maître en espionnage; the cards named are discarded if present (the
    /// master only), 4 money each.
    Spy { senator: String, target: PartyId, discard: Vec<String> },
    /// `SABOTER <sén> <secteur> <parti>|REPUBLIQUE` (any step): Saboteur;
    /// `victim` None is the Republic.
    Sabotage { senator: String, sector: SectorNo, victim: Option<PartyId> },
    /// `PURIFIER <sén> <cible> <n>` (any step): Leader religieux.
    Cleanse { senator: String, target: String, amount: u8 },
    /// `MARCHE-NOIR <parti>` (any step): sector 5.
    BlackMarket { target: PartyId },
    /// `AUGURE <parti> "<c>"` (any step): sector 33.
    Augury { target: PartyId, card: String },
    /// `INDULGENCE <sén>` (P): sector 8, a shadow removed.
    Indulgence { senator: String },
    /// `CORROMPU <ministère> <n> [<parti>]` (any step): a corrupt ministry
    /// skill, `tokens` corruption on the minister; `target` for the PM's.
    CorruptSkill { ministry: Ministry, tokens: u8, target: Option<PartyId> },
    // ---- The rerolls and the hits (gdfight, #28; `orders/fight.rs`,
    // `intrigue::fight_skills`).
    /// `RELANCE …` (any step): the party's reroll policy for the rest of
    /// the game turn.
    Reroll { policy: super::intrigue::fight_skills::Policy },
    /// `PERTES <parti>…` (B): where the party's hits go among several
    /// opponents, in order of preference (G14).
    Hits { parties: Vec<PartyId> },
    // ---- Rebellion and peace, any step where the party is awaited (#28;
    // [`crate::games::galactic_destiny::rebellion`]).
    /// `REBELLION <secteur>`: declare rebellion, that sector joining.
    Rebel { sector: SectorNo },
    /// `PAIX`: a senate party proposes peace (S1, an agenda item); the
    /// rebel offers or accepts it.
    Peace,
    // ---- The card engine, any step where the party is awaited (§3.1;
    // `cards`, orders/cards.rs; #28).
    PlayCard { card: String, by: Option<String>, target: Option<super::cards::CardTarget>, extra: u8 },
    Answer { card: String, trigger: super::cards::Trigger, from: Option<PartyId>, against_me: bool },
    NoAnswers,
    // ---- The Defence minister's corrupt redeployment (B; `intrigue::defence`,
    // orders/defence.rs; #28).
    /// `FLOTTE-REPUBLIQUE <groupe> [PRISE][, …]` in B below `CORROMPU
    /// DEFENSE 1`: the Republic's new orders; `claims`: the sectors whose
    /// group wrote `PRISE` (invaded for the minister's party).
    Redeploy { groups: Vec<FleetGroup>, claims: Vec<SectorNo> },
    // ---- Free laws and the court (#29, gdlaws; `senate::free`, `court`,
    // orders/court.rs).
    /// `PROPOSITION LIBRE "<texte>" [DUREE <n>]` (S1; `propositions =
    /// "libres"`).
    FreeProposal { text: String, turns: u8 },
    /// `INCONSTITUTIONNEL #<n>` (S2): a free proposal this party holds
    /// unconstitutional.
    Unconstitutional { item: u32 },
    /// `PROCES A<n> [<sén>] "<version>"` (S1; `tribunal = true`).
    Sue { deal: u32, senator: Option<String>, version: String },
    /// `DEFENSE-PROCES A<n> [<sén>] "<version>"` (S2): the defendant's answer.
    DefendSuit { deal: u32, senator: Option<String>, version: String },
    // ---- The game master's lines, read for the `@mj` seat only (#29;
    // `mj`, orders/mj.rs).
    Mj(super::mj::Line),
}

/// What an invasion fights for ("Côtés multiples dans une bataille.").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "aim", rename_all = "snake_case")]
pub enum Aim {
    /// Neither `PRISE` nor `POUR`: the sector made neutral.
    Neutral,
    /// `PRISE`: the grey token, the sector for the invader.
    Claim,
    /// `POUR <parti>`: joins that party's claim.
    For { party: PartyId },
}

/// A party's accepted orders for one step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    pub lines: Vec<Order>,
    /// Set by the default policy: what was played is the referee's.
    #[serde(default)]
    pub defaulted: bool,
}
