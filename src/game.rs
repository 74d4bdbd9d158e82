//! The seam between the daemon and a ruleset.
//!
//! A ruleset (Stellarium, Galaxy, …) implements [`Ruleset`] with its own typed
//! state, orders and events. The daemon never sees those types: it talks to
//! [`Engine`], an object-safe wrapper that every `Ruleset` gets for free, and
//! stores states, orders and events as JSON files. Adding a third game means
//! implementing `Ruleset` and listing it in `games::engines()`; the daemon does
//! not change.
//!
//! Invariants a ruleset keeps (checked by its tests):
//! - `adjudicate` is a pure function of (state, inputs, dice): it never reads
//!   the clock, the OS RNG, files or the network, and it iterates sorted
//!   collections wherever it draws dice.
//! - every draw goes through [`Dice`], with the rule number.
//! - `family_view` holds only what that family may know; `public_view` only
//!   what is public.

use std::any::Any;
use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// A family's (Galaxy: a player's) identity inside a game: the [`crate::text::key`]
/// of its name, so that `Atréides` and `ATREIDES` are the same family.
pub type FamilyKey = String;

/// The game master's seat (design note galactic-destiny.md §2.6 item 3):
/// the key a ruleset's [`Ruleset::awaiting`] names when the step waits for
/// the human game master. Its orders come from `arbitre mj`, never from
/// mail: a family's key is the [`crate::text::key`] of its name, which is
/// upper case and never holds `@` (registration refuses the character), so
/// no family can take or impersonate it.
pub const GAME_MASTER: &str = "@mj";

/// Rule 0 of both games: how a family's orders for a turn are classed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum OrderStatus {
    /// Ordre Rendu: at least the minimal orders.
    Or,
    /// Ordre Partiellement Rendu: some valid orders, not the minimum.
    Opr,
    /// Ordre Non Rendu: nothing valid.
    Onr,
    /// Personnage Non Joueur: ONR more than the threshold in a row; irreversible.
    Pnj,
}

impl OrderStatus {
    /// The label players see (`OR`, `OPR`, `ONR`, `PNJ`).
    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::Or => "OR",
            OrderStatus::Opr => "OPR",
            OrderStatus::Onr => "ONR",
            OrderStatus::Pnj => "PNJ",
        }
    }
}

/// One line of the orders block handed to a ruleset: its line number in the
/// text the player sent (for the acknowledgement) and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLine {
    pub no: usize,
    pub text: String,
}

/// What became of one order line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineOutcome {
    /// Accepted; `canonical` is the order as the referee understood it, in
    /// canonical French spelling (`MARIAGE Paul Mologataï …`: the order
    /// language's canonical keywords, the same in every language), and
    /// `notes` what the referee adds about it (its cost, where a card goes),
    /// messages rendered in the reader's language after a `#`, so that the
    /// echo is still a valid order line. Records stored before notes existed
    /// had them inside `canonical` and read back with none. `canonical_en`:
    /// the same order with the English keywords (orders.md §1: an English
    /// reader's echo), when they differ; records stored before it read back
    /// with none and echo the French form to everyone.
    Accepted {
        canonical: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        canonical_en: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        notes: Vec<crate::i18n::Msg>,
    },
    /// Dropped; `reason` is one clear sentence (a message, rendered in the
    /// reader's language), `suggestion` the
    /// nearest valid name or form when there is one.
    Rejected { reason: crate::i18n::Msg, suggestion: Option<String> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineVerdict {
    pub line: OrderLine,
    pub outcome: LineOutcome,
}

impl LineVerdict {
    pub fn accepted(line: &OrderLine, canonical: impl Into<String>) -> Self {
        Self::accepted_with(line, canonical, Vec::new())
    }
    /// Accepted, with the referee's notes about the order (see `LineOutcome`).
    pub fn accepted_with(line: &OrderLine, canonical: impl Into<String>, notes: Vec<crate::i18n::Msg>) -> Self {
        LineVerdict { line: line.clone(), outcome: LineOutcome::Accepted { canonical: canonical.into(), canonical_en: None, notes } }
    }
    /// Accepted, the order written `fr` with the canonical French keywords
    /// and `en` with the English ones (each reader's echo), with the
    /// referee's notes.
    pub fn accepted_bilingual(line: &OrderLine, fr: impl Into<String>, en: impl Into<String>, notes: Vec<crate::i18n::Msg>) -> Self {
        let (canonical, en) = (fr.into(), en.into());
        let canonical_en = (en != canonical).then_some(en);
        LineVerdict { line: line.clone(), outcome: LineOutcome::Accepted { canonical, canonical_en, notes } }
    }
    pub fn rejected(line: &OrderLine, reason: crate::i18n::Msg, suggestion: Option<String>) -> Self {
        LineVerdict { line: line.clone(), outcome: LineOutcome::Rejected { reason, suggestion } }
    }
    pub fn is_accepted(&self) -> bool {
        matches!(self.outcome, LineOutcome::Accepted { .. })
    }
}

impl LineOutcome {
    /// An accepted line as the acknowledgement echoes it: the canonical
    /// order with the keywords of `lang` (the French ones when the English
    /// form was not stored), then its notes in `lang` after `#` (`PRENDRE 3 #
    /// PLANETE-3 dans votre main (carte C)`), joined by ` ; `. `None` for a
    /// refused line.
    pub fn echo(&self, lang: crate::i18n::Lang) -> Option<String> {
        let LineOutcome::Accepted { canonical, canonical_en, notes } = self else { return None };
        let canonical = match (lang, canonical_en) {
            (crate::i18n::Lang::En, Some(en)) => en,
            _ => canonical,
        };
        if notes.is_empty() {
            return Some(canonical.clone());
        }
        let notes: Vec<String> = notes.iter().map(|n| n.render(lang)).collect();
        Some(format!("{canonical} # {}", notes.join(" ; ")))
    }
}

/// A ruleset's reading of a family's order lines: the typed orders (only the
/// accepted ones) and one verdict per line. Parsing never fails.
#[derive(Debug, Clone)]
pub struct ParsedOrders<O> {
    pub orders: O,
    pub verdicts: Vec<LineVerdict>,
}

/// Whether a family's accepted orders reach the minimum of rule 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Completeness {
    /// The minimal orders are all there (OR).
    Complete,
    /// Something is missing for OR; each entry is one message naming it
    /// (`LIEU manquant pour Paul`).
    Partial { missing: Vec<crate::i18n::Msg> },
}

/// The status rule 0 gives to a family that is not PNJ, from what it sent.
pub fn status_of(any_accepted: bool, completeness: &Completeness) -> OrderStatus {
    match (any_accepted, completeness) {
        (false, _) => OrderStatus::Onr,
        (true, Completeness::Complete) => OrderStatus::Or,
        (true, Completeness::Partial { .. }) => OrderStatus::Opr,
    }
}

/// What the daemon hands a ruleset for one family at the deadline.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FamilyInput<O> {
    pub status: OrderStatus,
    /// The accepted orders (the ruleset's `Orders::default()` for ONR/PNJ).
    pub orders: O,
    /// Rank of the accepted submission among all the game's submissions of
    /// the turn, in order of receipt (0 = first); `None` when nothing came.
    /// Galaxy's rule 4.i uses it.
    pub receipt_rank: Option<u32>,
    /// The seat concedes in this step (`ABANDON | RESIGN`, sent while this
    /// step was open, whether the seat is awaited or not; or a PNJ seat of a
    /// game whose `pnj` setting is "forfeit", at every step it is awaited);
    /// the ruleset decides what becomes of it. `ABANDON` is refused in games
    /// whose ruleset does not name awaited seats; Stellarium and Galaxy see
    /// it only with `pnj = "forfeit"`, and ignore it.
    #[serde(default)]
    pub resigned: bool,
}

impl<O> FamilyInput<O> {
    /// An input that does not concede.
    pub fn new(status: OrderStatus, orders: O, receipt_rank: Option<u32>) -> Self {
        FamilyInput { status, orders, receipt_rank, resigned: false }
    }
}

/// A family's line in the order form (the blank form of the welcome mail,
/// the pre-filled form at the end of each report).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormLine {
    /// The order text, ready to send (may be empty for a comment-only
    /// line), with the order language's French keywords.
    pub text: String,
    /// The same order with the English keywords (orders.md §1: what the
    /// referee prints uses the reader's keywords), where they differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_en: Option<String>,
    /// A comment printed after `#` to guide the player, rendered in the
    /// family's language (a string stored before messages reads back verbatim).
    pub comment: Option<crate::i18n::Msg>,
}

impl FormLine {
    /// An order line with an optional comment.
    pub fn new(text: impl Into<String>, comment: Option<crate::i18n::Msg>) -> FormLine {
        FormLine { text: text.into(), text_en: None, comment }
    }
    /// An order line written `fr` with French keywords and `en` with English
    /// ones, with an optional comment.
    pub fn bilingual(fr: impl Into<String>, en: impl Into<String>, comment: Option<crate::i18n::Msg>) -> FormLine {
        let (text, en) = (fr.into(), en.into());
        FormLine { text_en: (en != text).then_some(en), text, comment }
    }
    /// A comment-only line.
    pub fn comment(comment: crate::i18n::Msg) -> FormLine {
        FormLine { text: String::new(), text_en: None, comment: Some(comment) }
    }
    /// The order text with the keywords of `lang`.
    pub fn text_in(&self, lang: crate::i18n::Lang) -> &str {
        match (lang, &self.text_en) {
            (crate::i18n::Lang::En, Some(en)) => en,
            _ => &self.text,
        }
    }
    /// The line for a template, its text and comment in `lang`.
    pub fn to_json(&self, lang: crate::i18n::Lang) -> serde_json::Value {
        serde_json::json!({ "text": self.text_in(lang), "comment": self.comment.as_ref().map(|c| c.render(lang)) })
    }
}

/// Where a family stands, for the views: what the daemon knows and the
/// ruleset does not.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ViewContext {
    pub game_id: String,
    /// The turn now open for orders (the one after the adjudicated turn).
    pub turn: u32,
    /// Deadline of the open turn, already formatted in the game's time zone.
    pub deadline: String,
    /// Time remaining before the deadline, in words (`6 jours 23 heures`).
    pub time_left: String,
    /// `fr` or `en`.
    pub lang: String,
}

/// A ruleset's answer to a registration it refuses: a message, rendered in
/// the language of the one who registers.
pub type Refusal = crate::i18n::Msg;

/// The result of adjudicating one turn.
#[derive(Debug, Clone)]
pub struct Adjudicated<S, E> {
    pub state: S,
    pub events: Vec<E>,
}

/// A ruleset, typed. Implemented once per game in `games/`.
pub trait Ruleset: Send + Sync + 'static {
    /// The whole game state at the start of a turn.
    type State: Clone + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One family's accepted orders for a turn.
    type Orders: Clone + Default + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What happened during adjudication (kept in the turn's archive and fed to the views).
    type Event: Clone + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The name used in `config.toml` (`ruleset = "stellarium"`).
    const ID: &'static str;

    /// Whether the player of a seat that became PNJ may take it back by
    /// sending valid orders with the password (RULINGS.md, "PNJ seats"):
    /// no where the rules make PNJ irreversible (Stellarium 0.4, and Galaxy,
    /// whose statuses are Stellarium's: orders.md §7); the game's
    /// `pnj_return` setting may say otherwise.
    const PNJ_RETURN: bool = false;

    /// A new game, from its `[games.settings]` table and its seed.
    fn new_game(settings: &toml::Table, game_seed: u64) -> Result<Self::State, String>;

    /// Adds a family (Galaxy: a player) registering now, or says why not.
    fn register(state: &mut Self::State, family: &FamilyKey, name: &str) -> Result<(), Refusal>;

    /// The turn now open in this state (0 for the foundation turn).
    fn turn(state: &Self::State) -> u32;

    /// Reads a family's order lines against the state. Never fails.
    fn parse_orders(state: &Self::State, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Self::Orders>;

    /// Whether accepted orders reach the minimum for OR (rule 0.3).
    fn completeness(state: &Self::State, family: &FamilyKey, orders: &Self::Orders) -> Completeness;

    /// Completes the orders of an ONR/OPR/PNJ family with the rules' default
    /// behaviour (Stellarium 3.10, 4.10, 5.3.5, 6.5, 9.2, 10.3, …). An OR
    /// family's orders come back unchanged unless a rule defaults a detail.
    fn default_orders(
        state: &Self::State,
        family: &FamilyKey,
        status: OrderStatus,
        orders: Self::Orders,
        dice: &mut Dice,
    ) -> Self::Orders;

    /// Plays one turn. Pure: `(state, orders, dice) -> (state, events)`.
    fn adjudicate(
        state: &Self::State,
        inputs: &BTreeMap<FamilyKey, FamilyInput<Self::Orders>>,
        dice: &mut Dice,
    ) -> Adjudicated<Self::State, Self::Event>;

    /// Whether the game has ended in this state (30; Galaxy 7).
    fn is_over(state: &Self::State) -> bool;

    /// The seats awaited in the step now open (`turn-based.md`, capability 1):
    /// `None` for a simultaneous game, where every registered family is
    /// awaited. A seat not in the set owes nothing in this step (no ONR, no
    /// reminder) and its orders, if any, are not applied to this step:
    /// `adjudicate` still receives an input for it, with status OR and the
    /// orders `parse_orders` gives for no line (the empty orders). A seat
    /// that conceded in an earlier step is awaited no more, whatever this
    /// returns. Returning `Some` also makes the game turn-based for the
    /// shell: orders in advance kept by default, `ABANDON` accepted,
    /// "à vous de jouer" in the subject of the next movers' reports.
    fn awaiting(state: &Self::State) -> Option<std::collections::BTreeSet<FamilyKey>> {
        let _ = state;
        None
    }

    /// Whether the awaited seats may stay silent in the step now open
    /// without it being a sign of mail trouble, the rules deciding for them
    /// (Stellium's refill of an empty galaxy: the default preferences). The mass-ONR guard
    /// does not hold such a step; a silent seat is still ONR.
    fn silence_expected(state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// Every kind of step this ruleset has (`step_kind` returns one of them):
    /// the keys a game's `deadlines` table may name (`check-config` refuses
    /// any other). A ruleset that does not tell its steps apart has one kind.
    const STEP_KINDS: &'static [&'static str] = &["tour"];

    /// The kind of the step now open (one of [`Ruleset::STEP_KINDS`]): the
    /// game's `deadlines` table gives its deadline by kind, falling back to
    /// `deadline` (Galactic Destiny's senate steps are longer than its
    /// windows). Depends only on public state, as `awaiting` does.
    fn step_kind(state: &Self::State) -> &'static str {
        let _ = state;
        "tour"
    }

    /// Whether the step now open awaits an answer from its seats although
    /// silence is a pass (Galactic Destiny's "before the dice" and purchase
    /// steps, where nothing is required). When true, a seat without a
    /// record (no accepted line, no `CONFIRMER`) has not answered yet: early
    /// adjudication waits for it and reminders go to it; at the deadline it
    /// passes, with status OR and the empty orders, whatever `completeness`
    /// says of them, its ONR streak unchanged (neither counted toward PNJ
    /// nor reset), and it never makes the mass-ONR guard hold the step; the
    /// pass is not kept among the seat's statuses (its last status stays
    /// the one it had when it last had to answer).
    fn answers_expected(state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// Whether `family`'s report of the step just played (`before` to
    /// `after`) is mailed (design note §2.6 item 4, "fewer mails"). A report
    /// not mailed is rendered and kept all the same (the private page,
    /// `RAPPORT`), and a seat awaited in the next step is always mailed.
    /// Default: every report is mailed.
    fn mailed(before: &Self::State, after: &Self::State, family: &FamilyKey) -> bool {
        let _ = (before, after, family);
        true
    }

    /// How many steps after the open one `family` moves next, if no step is
    /// inserted meanwhile (a refresh, a refill): 1 when it moves in the next
    /// step. `None`: the ruleset cannot tell (the shell then says the next
    /// step). Asked of a seat not awaited now ("not your move" replies).
    fn steps_to_move(state: &Self::State, family: &FamilyKey) -> Option<u32> {
        let _ = (state, family);
        None
    }

    /// Whether a step may still come in between before `family`'s next
    /// move (a refresh, a refill), so that the step [`Ruleset::steps_to_move`]
    /// names is not certain: the "not your move" reply then says "unless a
    /// step comes in between". By default, when that move is more than one
    /// step away.
    fn step_may_come_between(state: &Self::State, family: &FamilyKey) -> bool {
        Self::steps_to_move(state, family).is_some_and(|n| n > 1)
    }

    /// Whether a seat conceding in the step now open ends the game at once
    /// (Stellar S21: the other player wins). The step is then played as
    /// soon as the concession is acknowledged, whoever was to move, and no
    /// seat is held to have missed it.
    fn concession_ends_game(state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// Whether the game has a game master's seat ([`GAME_MASTER`]): `arbitre
    /// mj` refuses a game without one. Default: none.
    fn game_master(state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// The items awaiting the game master in `state` (`arbitre mj <game>
    /// --etat`), one message each. Default: none.
    fn game_master_items(state: &Self::State) -> Vec<crate::i18n::Msg> {
        let _ = state;
        Vec::new()
    }

    /// The seat a header names by another name than its family's: Galactic
    /// Destiny's `PARTI POP` names the seat holding that party, whatever
    /// name its player registered under. Default: none.
    fn seat_named(state: &Self::State, written: &str) -> Option<FamilyKey> {
        let _ = (state, written);
        None
    }

    /// What `family` may know after the turn, as a JSON view for the report
    /// templates (`templates/<ruleset>/report.*.tera`, `map.svg.tera`).
    fn family_view(
        ctx: &ViewContext,
        before: &Self::State,
        after: &Self::State,
        events: &[Self::Event],
        family: &FamilyKey,
    ) -> serde_json::Value;

    /// What everybody may know (the chronicle).
    fn public_view(ctx: &ViewContext, before: &Self::State, after: &Self::State, events: &[Self::Event]) -> serde_json::Value;

    /// The order form for `family` in `state` (blank at registration,
    /// pre-filled after each turn).
    fn order_form(state: &Self::State, family: &FamilyKey) -> Vec<FormLine>;

    /// The order lines a simulated player would send (used by `arbitre demo`
    /// and the benchmarks, never by adjudication). The default sends back the
    /// non-empty lines of the order form; rulesets override it to play better.
    fn sample_orders(state: &Self::State, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        let _ = dice;
        Self::order_form(state, family).into_iter().map(|l| l.text).filter(|t| !t.trim().is_empty()).collect()
    }
}

/// A game state loaded in memory, of whatever ruleset; only its own
/// [`Engine`] can look inside.
pub struct LoadedState(Box<dyn Any + Send + Sync>);

impl std::fmt::Debug for LoadedState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LoadedState(..)")
    }
}

/// A turn's events decoded once, of whatever ruleset (the views of every
/// family read the same events); only its own [`Engine`] can look inside.
pub struct LoadedEvents(Box<dyn Any + Send + Sync>);

impl std::fmt::Debug for LoadedEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LoadedEvents(..)")
    }
}

/// Errors at the erased seam (only from bad stored data or a state handed to
/// the wrong engine: both are bugs or corrupted files, never player input).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("stored data does not fit ruleset {ruleset}: {source}")]
    Data { ruleset: &'static str, source: serde_json::Error },
    #[error("a state of another ruleset was handed to {0}")]
    WrongRuleset(&'static str),
}

/// What the daemon gets back from adjudication, erased.
#[derive(Debug)]
pub struct ErasedAdjudication {
    pub state: LoadedState,
    pub events: Vec<serde_json::Value>,
}

/// The object-safe face of a ruleset, used by the daemon.
pub trait Engine: Send + Sync {
    fn id(&self) -> &'static str;
    fn new_game(&self, settings: &toml::Table, game_seed: u64) -> Result<LoadedState, String>;
    fn load_state(&self, json: &[u8]) -> Result<LoadedState, EngineError>;
    fn save_state(&self, state: &LoadedState) -> Result<Vec<u8>, EngineError>;
    fn register(&self, state: &mut LoadedState, family: &FamilyKey, name: &str) -> Result<Result<(), Refusal>, EngineError>;
    fn turn(&self, state: &LoadedState) -> Result<u32, EngineError>;
    /// Parses orders; returns the accepted orders as JSON, the verdicts and the completeness.
    fn parse_orders(
        &self,
        state: &LoadedState,
        family: &FamilyKey,
        lines: &[OrderLine],
    ) -> Result<(serde_json::Value, Vec<LineVerdict>, Completeness), EngineError>;
    fn default_orders(
        &self,
        state: &LoadedState,
        family: &FamilyKey,
        status: OrderStatus,
        orders: serde_json::Value,
        dice: &mut Dice,
    ) -> Result<serde_json::Value, EngineError>;
    fn adjudicate(
        &self,
        state: &LoadedState,
        inputs: &BTreeMap<FamilyKey, FamilyInput<serde_json::Value>>,
        dice: &mut Dice,
    ) -> Result<ErasedAdjudication, EngineError>;
    fn is_over(&self, state: &LoadedState) -> Result<bool, EngineError>;
    /// [`Ruleset::awaiting`].
    fn awaiting(&self, state: &LoadedState) -> Result<Option<std::collections::BTreeSet<FamilyKey>>, EngineError>;
    fn silence_expected(&self, state: &LoadedState) -> Result<bool, EngineError>;
    /// [`Ruleset::STEP_KINDS`].
    fn step_kinds(&self) -> &'static [&'static str];
    /// [`Ruleset::step_kind`].
    fn step_kind(&self, state: &LoadedState) -> Result<&'static str, EngineError>;
    /// [`Ruleset::answers_expected`].
    fn answers_expected(&self, state: &LoadedState) -> Result<bool, EngineError>;
    /// [`Ruleset::mailed`].
    fn mailed(&self, before: &LoadedState, after: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError>;
    /// [`Ruleset::PNJ_RETURN`].
    fn pnj_return(&self) -> bool;
    /// [`Ruleset::game_master`].
    fn game_master(&self, state: &LoadedState) -> Result<bool, EngineError>;
    /// [`Ruleset::game_master_items`].
    fn game_master_items(&self, state: &LoadedState) -> Result<Vec<crate::i18n::Msg>, EngineError>;
    /// [`Ruleset::seat_named`].
    fn seat_named(&self, state: &LoadedState, written: &str) -> Result<Option<FamilyKey>, EngineError>;
    fn concession_ends_game(&self, state: &LoadedState) -> Result<bool, EngineError>;
    fn steps_to_move(&self, state: &LoadedState, family: &FamilyKey) -> Result<Option<u32>, EngineError>;
    /// [`Ruleset::step_may_come_between`].
    fn step_may_come_between(&self, state: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError>;
    /// Decodes a turn's events once for the views below.
    fn load_events(&self, events: &[serde_json::Value]) -> Result<LoadedEvents, EngineError>;
    fn family_view(
        &self,
        ctx: &ViewContext,
        before: &LoadedState,
        after: &LoadedState,
        events: &LoadedEvents,
        family: &FamilyKey,
    ) -> Result<serde_json::Value, EngineError>;
    fn public_view(
        &self,
        ctx: &ViewContext,
        before: &LoadedState,
        after: &LoadedState,
        events: &LoadedEvents,
    ) -> Result<serde_json::Value, EngineError>;
    fn order_form(&self, state: &LoadedState, family: &FamilyKey) -> Result<Vec<FormLine>, EngineError>;
    fn sample_orders(&self, state: &LoadedState, family: &FamilyKey, dice: &mut Dice) -> Result<Vec<String>, EngineError>;
    /// Whether the minimum of rule 0 is empty for `family` in `state` (a
    /// registration turn where nothing can be ordered): sending nothing is
    /// then not ONR.
    fn nothing_required(&self, state: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError>;
}

/// The [`Engine`] of a typed [`Ruleset`].
pub struct EngineOf<R: Ruleset>(std::marker::PhantomData<fn() -> R>);

impl<R: Ruleset> EngineOf<R> {
    pub const fn new() -> Self {
        EngineOf(std::marker::PhantomData)
    }
    fn state<'a>(&self, s: &'a LoadedState) -> Result<&'a R::State, EngineError> {
        s.0.downcast_ref::<R::State>().ok_or(EngineError::WrongRuleset(R::ID))
    }
    fn from_json<T: DeserializeOwned>(&self, v: serde_json::Value) -> Result<T, EngineError> {
        serde_json::from_value(v).map_err(|source| EngineError::Data { ruleset: R::ID, source })
    }
    fn to_json<T: Serialize>(&self, v: &T) -> Result<serde_json::Value, EngineError> {
        serde_json::to_value(v).map_err(|source| EngineError::Data { ruleset: R::ID, source })
    }
    fn events(&self, events: &[serde_json::Value]) -> Result<Vec<R::Event>, EngineError> {
        events.iter().map(|e| self.from_json(e.clone())).collect()
    }
    fn loaded_events<'a>(&self, e: &'a LoadedEvents) -> Result<&'a [R::Event], EngineError> {
        e.0.downcast_ref::<Vec<R::Event>>().map(Vec::as_slice).ok_or(EngineError::WrongRuleset(R::ID))
    }
}

impl<R: Ruleset> Default for EngineOf<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Ruleset> Engine for EngineOf<R> {
    fn id(&self) -> &'static str {
        R::ID
    }
    fn new_game(&self, settings: &toml::Table, game_seed: u64) -> Result<LoadedState, String> {
        R::new_game(settings, game_seed).map(|s| LoadedState(Box::new(s)))
    }
    fn load_state(&self, json: &[u8]) -> Result<LoadedState, EngineError> {
        let s: R::State = serde_json::from_slice(json).map_err(|source| EngineError::Data { ruleset: R::ID, source })?;
        Ok(LoadedState(Box::new(s)))
    }
    fn save_state(&self, state: &LoadedState) -> Result<Vec<u8>, EngineError> {
        serde_json::to_vec_pretty(self.state(state)?).map_err(|source| EngineError::Data { ruleset: R::ID, source })
    }
    fn register(&self, state: &mut LoadedState, family: &FamilyKey, name: &str) -> Result<Result<(), Refusal>, EngineError> {
        let s = state.0.downcast_mut::<R::State>().ok_or(EngineError::WrongRuleset(R::ID))?;
        Ok(R::register(s, family, name))
    }
    fn turn(&self, state: &LoadedState) -> Result<u32, EngineError> {
        Ok(R::turn(self.state(state)?))
    }
    fn parse_orders(
        &self,
        state: &LoadedState,
        family: &FamilyKey,
        lines: &[OrderLine],
    ) -> Result<(serde_json::Value, Vec<LineVerdict>, Completeness), EngineError> {
        let s = self.state(state)?;
        let parsed = R::parse_orders(s, family, lines);
        let completeness = R::completeness(s, family, &parsed.orders);
        Ok((self.to_json(&parsed.orders)?, parsed.verdicts, completeness))
    }
    fn default_orders(
        &self,
        state: &LoadedState,
        family: &FamilyKey,
        status: OrderStatus,
        orders: serde_json::Value,
        dice: &mut Dice,
    ) -> Result<serde_json::Value, EngineError> {
        let s = self.state(state)?;
        // `null` stands for "nothing received": the ruleset's empty orders.
        let orders: R::Orders = if orders.is_null() { R::Orders::default() } else { self.from_json(orders)? };
        self.to_json(&R::default_orders(s, family, status, orders, dice))
    }
    fn adjudicate(
        &self,
        state: &LoadedState,
        inputs: &BTreeMap<FamilyKey, FamilyInput<serde_json::Value>>,
        dice: &mut Dice,
    ) -> Result<ErasedAdjudication, EngineError> {
        let s = self.state(state)?;
        let mut typed = BTreeMap::new();
        for (k, v) in inputs {
            typed.insert(
                k.clone(),
                FamilyInput {
                    status: v.status,
                    orders: self.from_json::<R::Orders>(v.orders.clone())?,
                    receipt_rank: v.receipt_rank,
                    resigned: v.resigned,
                },
            );
        }
        let out = R::adjudicate(s, &typed, dice);
        let events = out.events.iter().map(|e| self.to_json(e)).collect::<Result<Vec<_>, _>>()?;
        Ok(ErasedAdjudication { state: LoadedState(Box::new(out.state)), events })
    }
    fn is_over(&self, state: &LoadedState) -> Result<bool, EngineError> {
        Ok(R::is_over(self.state(state)?))
    }
    fn awaiting(&self, state: &LoadedState) -> Result<Option<std::collections::BTreeSet<FamilyKey>>, EngineError> {
        Ok(R::awaiting(self.state(state)?))
    }
    fn silence_expected(&self, state: &LoadedState) -> Result<bool, EngineError> {
        Ok(R::silence_expected(self.state(state)?))
    }
    fn step_kinds(&self) -> &'static [&'static str] {
        R::STEP_KINDS
    }
    fn step_kind(&self, state: &LoadedState) -> Result<&'static str, EngineError> {
        Ok(R::step_kind(self.state(state)?))
    }
    fn answers_expected(&self, state: &LoadedState) -> Result<bool, EngineError> {
        Ok(R::answers_expected(self.state(state)?))
    }
    fn mailed(&self, before: &LoadedState, after: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError> {
        Ok(R::mailed(self.state(before)?, self.state(after)?, family))
    }
    fn pnj_return(&self) -> bool {
        R::PNJ_RETURN
    }
    fn game_master(&self, state: &LoadedState) -> Result<bool, EngineError> {
        Ok(R::game_master(self.state(state)?))
    }
    fn game_master_items(&self, state: &LoadedState) -> Result<Vec<crate::i18n::Msg>, EngineError> {
        Ok(R::game_master_items(self.state(state)?))
    }
    fn seat_named(&self, state: &LoadedState, written: &str) -> Result<Option<FamilyKey>, EngineError> {
        Ok(R::seat_named(self.state(state)?, written))
    }
    fn concession_ends_game(&self, state: &LoadedState) -> Result<bool, EngineError> {
        Ok(R::concession_ends_game(self.state(state)?))
    }
    fn steps_to_move(&self, state: &LoadedState, family: &FamilyKey) -> Result<Option<u32>, EngineError> {
        Ok(R::steps_to_move(self.state(state)?, family))
    }
    fn step_may_come_between(&self, state: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError> {
        Ok(R::step_may_come_between(self.state(state)?, family))
    }
    fn family_view(
        &self,
        ctx: &ViewContext,
        before: &LoadedState,
        after: &LoadedState,
        events: &LoadedEvents,
        family: &FamilyKey,
    ) -> Result<serde_json::Value, EngineError> {
        Ok(R::family_view(ctx, self.state(before)?, self.state(after)?, self.loaded_events(events)?, family))
    }
    fn public_view(
        &self,
        ctx: &ViewContext,
        before: &LoadedState,
        after: &LoadedState,
        events: &LoadedEvents,
    ) -> Result<serde_json::Value, EngineError> {
        Ok(R::public_view(ctx, self.state(before)?, self.state(after)?, self.loaded_events(events)?))
    }
    fn load_events(&self, events: &[serde_json::Value]) -> Result<LoadedEvents, EngineError> {
        Ok(LoadedEvents(Box::new(self.events(events)?)))
    }
    fn order_form(&self, state: &LoadedState, family: &FamilyKey) -> Result<Vec<FormLine>, EngineError> {
        Ok(R::order_form(self.state(state)?, family))
    }
    fn sample_orders(&self, state: &LoadedState, family: &FamilyKey, dice: &mut Dice) -> Result<Vec<String>, EngineError> {
        Ok(R::sample_orders(self.state(state)?, family, dice))
    }
    fn nothing_required(&self, state: &LoadedState, family: &FamilyKey) -> Result<bool, EngineError> {
        Ok(R::completeness(self.state(state)?, family, &R::Orders::default()) == Completeness::Complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_0_status_from_orders() {
        assert_eq!(status_of(false, &Completeness::Complete), OrderStatus::Onr);
        assert_eq!(status_of(true, &Completeness::Complete), OrderStatus::Or);
        assert_eq!(status_of(true, &Completeness::Partial { missing: vec![crate::i18n::Msg::verbatim("x")] }), OrderStatus::Opr);
    }

    #[test]
    fn an_accepted_line_stored_before_notes_reads_back_with_its_old_echo() {
        let old: LineOutcome = serde_json::from_str(r#"{"kind":"accepted","canonical":"CONSTRUIRE F1 2P ALPHA (coût 12)"}"#).unwrap();
        assert_eq!(old.echo(crate::i18n::Lang::En).as_deref(), Some("CONSTRUIRE F1 2P ALPHA (coût 12)"));
        // And a line without notes is stored in the old shape.
        let plain = LineOutcome::Accepted { canonical: "SAUT F1".into(), canonical_en: None, notes: vec![] };
        assert_eq!(serde_json::to_string(&plain).unwrap(), r#"{"kind":"accepted","canonical":"SAUT F1"}"#);
    }

    #[test]
    fn an_accepted_line_is_echoed_with_the_readers_keywords_and_stored_with_both() {
        let line = OrderLine { no: 1, text: "jump f1".into() };
        let v = LineVerdict::accepted_bilingual(&line, "SAUT F1", "JUMP F1", vec![crate::msg!("galaxy-echo-cost", cost = 12)]);
        assert_eq!(v.outcome.echo(crate::i18n::Lang::Fr).as_deref(), Some("SAUT F1 # coût 12"));
        assert_eq!(v.outcome.echo(crate::i18n::Lang::En).as_deref(), Some("JUMP F1 # cost 12"));
        let back: LineOutcome = serde_json::from_str(&serde_json::to_string(&v.outcome).unwrap()).unwrap();
        assert_eq!(back, v.outcome);
        // The same words in both languages: one form stored, as before.
        let same = LineVerdict::accepted_bilingual(&line, "DATA ALPHA", "DATA ALPHA", vec![]);
        assert_eq!(serde_json::to_string(&same.outcome).unwrap(), r#"{"kind":"accepted","canonical":"DATA ALPHA"}"#);
    }

    #[test]
    fn an_accepted_lines_notes_are_echoed_after_a_hash_in_the_readers_language() {
        let v = LineOutcome::Accepted { canonical: "CONSTRUIRE F1 2P ALPHA".into(), canonical_en: None, notes: vec![crate::msg!("galaxy-echo-cost", cost = 12)] };
        assert_eq!(v.echo(crate::i18n::Lang::Fr).as_deref(), Some("CONSTRUIRE F1 2P ALPHA # coût 12"));
        assert_eq!(v.echo(crate::i18n::Lang::En).as_deref(), Some("CONSTRUIRE F1 2P ALPHA # cost 12"));
    }
}
