//! Galactic Destiny (`shared/rules/003_07d254190c3f889d.txt`; design note
//! `shared/design/galactic-destiny.md`), the fifth game: politics and war for
//! three to six parties, a galactic phase, a senate and an intrigue each game
//! turn.
//!
//! Built in parts (issues #27, #28, #29). Layout:
//!
//! - [`components`]: the board, parties, senators and cards as data, their
//!   checks, the effect vocabulary and its interpreter.
//! - [`model`]: the state and its invariants ([`model::GdState::check`]).
//! - [`orders`]: the typed orders of S1, S2 and P, and their parsing.
//! - [`events`]: what a step did, the source of every report.
//! - [`setup`]: settings, registration by party, "Installation.".
//! - [`galactic`]: "La phase galactique.".
//! - [`cards`]: the card engine — cards played, standing answers, chains,
//!   priority, Ghost in the Dark (#28); [`cards_robot`], the simulated
//!   parties' cards.
//! - [`common`]: the orders of every step (bank, trades, promises, laws
//!   broken, shadow) and where corruption goes.
//! - [`senate`]: initiative, the round table, elections; S1's filings
//!   ([`senate::filing`]) and S2's business ([`senate::voting`]).
//! - [`purchases`]: P and the end of a game turn.
//! - [`turn`]: the step machine (registration, S1, S2, the intrigue's
//!   windows and answers I, B, F, B′, C, K, P).
//! - [`intrigue`]: the intrigue's mechanics (battles, campaigns,
//!   assassinations) and its steps (invasions, campaigns, attempts); the
//!   skills that act in contests and the rerolls (`intrigue::fight_skills`).
//! - [`view`]: what each party may know after a step, the chronicle, the
//!   order form.
//! - [`powers`]: skills, sector abilities and corrupt ministry skills used
//!   as actions (spy, sabotage, cleanse, black market, augury, indulgence).
//! - [`rebellion`]: "La lutte pour toujours : La rébellion." (the
//!   declaration, the rebel's benefits and price, peace);
//!   [`rebellion_robot`] the robots' part of it.
//! - [`court`]: the galactic court (`tribunal = true`: suits over
//!   promises) and the items the game master enforces
//!   ([`court::mj_items`]); [`senate::free`], the free laws
//!   (`propositions = "libres"`).
//! - [`mj`]: the game master (`maitre_de_jeu = true`, #29): `manuel` cards
//!   and events as items awaiting the `@mj` seat, its lines
//!   (`orders/mj.rs`) applied when a step closes, its decisions.
//! - [`sample`]: the simulated parties (`arbitre demo`, the robot of
//!   `pnj = "robot"`, the pre-filled order form).
//!
//! Registered as `galactic-destiny`: registration, S1, S2, every step of
//! the intrigue (invasion windows, B, the Feint round's F windows and B′,
//! campaign windows, K), the assassinations, rebellion and peace, the
//! skills and abilities (the Defence minister's redeployment included),
//! the action cards, their answers and the contest cards, and P are
//! played; the cards that reroll after the roll (issue #28) are refused as
//! not refereed yet.

pub mod cards;
pub mod cards_robot;
pub mod common;
pub mod components;
pub mod court;
pub mod events;
pub mod galactic;
pub mod intrigue;
pub mod map;
pub mod ministries_robot;
pub mod mj;
pub mod model;
pub mod orders;
pub mod powers;
pub mod powers_robot;
pub mod purchases;
pub mod rebellion;
pub mod rebellion_robot;
pub mod senate;
pub mod sample;
pub mod setup;
pub mod turn;
pub mod view;

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::game::{Adjudicated, Completeness, FamilyInput, FamilyKey, FormLine, OrderLine, OrderStatus, ParsedOrders, Refusal, Ruleset, ViewContext};

pub use events::Event;
pub use model::GdState;
pub use orders::Orders;

use model::Phase;

/// One sample of every message this ruleset emits, for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    let mut all = components::samples();
    all.extend(view::samples());
    all.extend(intrigue::attempts::samples());
    all.extend(intrigue::invasions_view::samples());
    all.extend(intrigue::feint::samples());
    all.extend(intrigue::defence::samples());
    all.extend(powers::samples());
    all.extend(intrigue::fight_skills::samples());
    all.extend(rebellion::samples());
    all.extend(cards::samples());
    all.extend(court::samples());
    all.extend(mj::samples());
    all
}

/// The Galactic Destiny ruleset (part I: senate and purchases).
pub struct GalacticDestiny;

impl Ruleset for GalacticDestiny {
    type State = GdState;
    type Orders = Orders;
    type Event = Event;

    const ID: &'static str = "galactic-destiny";
    // A table game silent on players who stop answering: a seat the referee
    // plays meanwhile is given back (RULINGS.md, "PNJ seats").
    const PNJ_RETURN: bool = true;
    /// The deadline kinds of design note §2.2: the senate's filings and
    /// votes, the intrigue's windows and "before the dice" steps (part II),
    /// the purchases.
    const STEP_KINDS: &'static [&'static str] = &["senat", "vote", "fenetre", "reaction", "achats"];

    fn new_game(settings: &toml::Table, game_seed: u64) -> Result<GdState, String> {
        setup::new_game(settings, game_seed)
    }

    fn register(state: &mut GdState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
        setup::register(state, family, name)
    }

    fn turn(state: &GdState) -> u32 {
        state.step
    }

    fn parse_orders(state: &GdState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        orders::parse(state, family, lines)
    }

    /// OR is one accepted line (`PASSE` counts); there is no OPR (note §3).
    fn completeness(state: &GdState, family: &FamilyKey, o: &Orders) -> Completeness {
        let awaited = Self::awaiting(state).is_some_and(|a| a.contains(family));
        if awaited && o.lines.is_empty() {
            Completeness::Partial { missing: vec![crate::msg!("gd-missing-a-line")] }
        } else {
            Completeness::Complete
        }
    }

    /// §2.7: S1 nothing filed, S2 abstains on every vote, P passes (the
    /// hand trimmed to 7 by the end of the turn): the orders come back
    /// empty, marked `defaulted`, and the step says so in the party's
    /// report ([`Event::Default`]). A PNJ seat played by the robot
    /// (`pnj = "robot"`) keeps the robot's lines, marked `defaulted`.
    /// Accepted orders are the party's own.
    fn default_orders(state: &GdState, family: &FamilyKey, status: OrderStatus, orders: Orders, dice: &mut Dice) -> Orders {
        let _ = (state, family, dice);
        match status {
            OrderStatus::Onr => Orders { lines: Vec::new(), defaulted: true },
            OrderStatus::Pnj => Orders { defaulted: true, ..orders },
            OrderStatus::Or | OrderStatus::Opr => orders,
        }
    }

    fn adjudicate(state: &GdState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> Adjudicated<GdState, Event> {
        let (state, events) = turn::adjudicate(state, inputs, dice);
        Adjudicated { state, events }
    }

    fn is_over(state: &GdState) -> bool {
        state.phase == Phase::Over
    }

    /// A window awaits its party; every other step every party still
    /// played (§2.2); registration awaits nobody in particular. Public
    /// state only ([`GdState::awaited_parties`]).
    fn awaiting(state: &GdState) -> Option<BTreeSet<FamilyKey>> {
        match state.phase {
            Phase::Registration => None,
            _ => {
                let mut seats: BTreeSet<FamilyKey> = state.awaited_parties().into_iter().filter_map(|p| state.family_of(p).cloned()).collect();
                // The game master, while an item awaits it (design note §5).
                if mj::awaited(state) {
                    seats.insert(crate::game::GAME_MASTER.to_string());
                }
                Some(seats)
            }
        }
    }

    fn game_master(state: &GdState) -> bool {
        mj::seated(state)
    }

    fn game_master_items(state: &GdState) -> Vec<crate::i18n::Msg> {
        mj::items(state)
    }

    /// `PARTI <sigle>` (or the party's name): the seat holding that party
    /// (design note §3), once parties are seated.
    fn seat_named(state: &GdState, written: &str) -> Option<FamilyKey> {
        let party = setup::party_named(state, written)?;
        state.seats.iter().find(|s| s.party == Some(party)).map(|s| s.key.clone())
    }

    /// A window's party is awaited alone: the others are told when their
    /// next step comes ([`turn::steps_to_move`]).
    fn steps_to_move(state: &GdState, family: &FamilyKey) -> Option<u32> {
        turn::steps_to_move(state, state.party_of(family)?)
    }

    fn step_kind(state: &GdState) -> &'static str {
        match state.phase {
            Phase::Registration | Phase::Filing => "senat",
            Phase::Voting => "vote",
            Phase::Invasions { .. } | Phase::Campaigns { .. } | Phase::Feints { .. } => "fenetre",
            Phase::Battles | Phase::BattlesAgain | Phase::Canvass => "reaction",
            Phase::Purchases | Phase::Over => "achats",
        }
    }

    /// Fewer mails (design note §2.6 item 4): from one window to the next
    /// (I, F, C) only the party whose window opens is mailed; every party
    /// is mailed when a step awaiting them all closes or opens (S1, S2, B,
    /// B′, K, P) and when the game ends. About 9 mails a party a game turn
    /// instead of 2n + 5; each report carries the turn so far, and every
    /// report stays on the private page (`RAPPORT`).
    fn mailed(before: &GdState, after: &GdState, family: &FamilyKey) -> bool {
        let window_to_window = before.phase.window().is_some() && after.phase.window().is_some();
        !window_to_window || after.party_of(family).is_some_and(|p| after.awaited_parties().contains(&p))
    }

    /// B, B′, K and P: nothing is required, but the parties are awaited
    /// (design note §2.6 item 2): early adjudication waits for every answer
    /// (`PASSE` will do).
    fn answers_expected(state: &GdState) -> bool {
        matches!(state.phase, Phase::Battles | Phase::BattlesAgain | Phase::Canvass | Phase::Purchases)
    }

    fn family_view(ctx: &ViewContext, before: &GdState, after: &GdState, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        view::family_view(ctx, before, after, events, family)
    }

    fn public_view(ctx: &ViewContext, before: &GdState, after: &GdState, events: &[Event]) -> serde_json::Value {
        view::public_view(ctx, before, after, events)
    }

    fn order_form(state: &GdState, family: &FamilyKey) -> Vec<FormLine> {
        view::order_form(state, family)
    }

    fn sample_orders(state: &GdState, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        match state.party_of(family) {
            Some(p) => orders::lines(state, &sample::sample(state, p, dice)),
            None => Vec::new(),
        }
    }
}
