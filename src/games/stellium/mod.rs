//! Stellium (`shared/rules/004_…txt`): 2 to 4 players draw astres from a
//! bag, place them on the galaxies and validate objective figures; one
//! player's turn per step (RULINGS, Stellium).
//!
//! - [`components`]: the board, the discs and the 40 objectives as data files.
//! - [`model`]: the state (seats, discs, marbles, bag, display, reserve, log).
//! - [`setup`]: settings, registration, "MISE EN PLACE DU JEU".
//! - [`orders`]: the order language, checked by playing the turn on a copy.
//! - [`place`]: the draw, the placing, the Comet's push, Permutation, Rotation.
//! - [`blackholes`]: black holes and Attraction.
//! - [`figures`]: objective figures and their matching.
//! - [`turn`]: a step: a turn, validations, taking, the refill, the last round.
//! - [`scoring`]: "DÉCOMPTE FINAL".
//! - [`sample`]: the default policy (ONR, OPR, PNJ) and the simulated player.
//! - [`view`]: what each player may know, the chronicle, the order form.

pub mod blackholes;
pub mod components;
pub mod figures;
pub mod model;
pub mod orders;
pub mod place;
pub mod sample;
pub mod scoring;
pub mod setup;
pub mod turn;
pub mod view;

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::game::{Adjudicated, Completeness, FamilyInput, FamilyKey, FormLine, OrderLine, OrderStatus, ParsedOrders, Refusal, Ruleset, ViewContext};

pub use model::StelliumState;
pub use orders::Orders;
pub use turn::Event;

use model::Phase;

/// The Stellium ruleset.
/// One sample of every message Stellium can emit, for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    let mut all = orders::samples();
    all.push(crate::msg!("stellium-register-full"));
    all.extend(view::form_samples());
    all
}

pub struct Stellium;

impl Ruleset for Stellium {
    type State = StelliumState;
    type Orders = Orders;
    type Event = Event;

    const ID: &'static str = "stellium";
    // The booklet is silent on a player who stops answering (a table game):
    // a seat the referee plays meanwhile is given back (RULINGS.md, \"PNJ seats\").
    const PNJ_RETURN: bool = true;

    fn new_game(settings: &toml::Table, game_seed: u64) -> Result<StelliumState, String> {
        setup::new_game(settings, game_seed)
    }

    fn register(state: &mut StelliumState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
        setup::register(state, family, name)
    }

    fn turn(state: &StelliumState) -> u32 {
        state.step
    }

    fn parse_orders(state: &StelliumState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        orders::parse(state, family, lines)
    }

    fn completeness(state: &StelliumState, family: &FamilyKey, o: &Orders) -> Completeness {
        let Some(me) = state.seat_of(family) else { return Completeness::Complete };
        let missing = orders::missing(state, me, o);
        if missing.is_empty() { Completeness::Complete } else { Completeness::Partial { missing } }
    }

    /// ONR/OPR/PNJ: the awaited seat's turn (or refill choice) is completed
    /// by the default policy and reported as a default move (T25). A PNJ
    /// seat's orders are the referee's robot's, never the player's: they
    /// keep its draw, placing and refill choice, but validate nothing and
    /// leave step 3 to the default.
    fn default_orders(state: &StelliumState, family: &FamilyKey, status: OrderStatus, orders: Orders, dice: &mut Dice) -> Orders {
        match state.seat_of(family) {
            Some(me) => {
                let orders = if status == OrderStatus::Pnj { sample::for_absent(orders) } else { orders };
                sample::default_for(state, me, orders, dice)
            }
            None => orders,
        }
    }

    fn adjudicate(state: &StelliumState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> Adjudicated<StelliumState, Event> {
        let (state, events) = turn::adjudicate(state, inputs, dice);
        Adjudicated { state, events }
    }

    fn is_over(state: &StelliumState) -> bool {
        state.phase == Phase::Over
    }

    fn awaiting(state: &StelliumState) -> Option<BTreeSet<FamilyKey>> {
        let live = |i: &usize| !state.seats[*i].resigned;
        match &state.phase {
            Phase::Registration => None,
            Phase::Play => Some([state.mover].iter().filter(|i| live(i)).map(|i| state.seats[*i].key.clone()).collect()),
            Phase::Refill(r) => Some(r.choosers.iter().filter(|i| live(i)).map(|i| state.seats[*i].key.clone()).collect()),
            Phase::Over => Some(BTreeSet::new()),
        }
    }

    /// Seats move in turn order, a resigned one too (played by default); a
    /// refill step finishes its mover's turn.
    fn steps_to_move(state: &StelliumState, family: &FamilyKey) -> Option<u32> {
        let me = state.seat_of(family)?;
        let n = state.n();
        match &state.phase {
            Phase::Play if me != state.mover => Some(((me + n - state.mover) % n) as u32),
            Phase::Refill(r) => Some(1 + ((me + 2 * n - r.mover - 1) % n) as u32),
            _ => None,
        }
    }

    /// Any move may empty a galaxy, and its refill is a step of its own
    /// (T25): in play, one may come before any other seat's next move; in a
    /// refill step, only before a move after the next.
    fn step_may_come_between(state: &StelliumState, family: &FamilyKey) -> bool {
        match (&state.phase, Self::steps_to_move(state, family)) {
            (Phase::Play, Some(_)) => true,
            (_, n) => n.is_some_and(|n| n > 1),
        }
    }

    /// A refill's choosers may stay silent: the default preferences then
    /// pick for them at the deadline, never held (RULINGS, Stellium T25).
    fn silence_expected(state: &StelliumState) -> bool {
        matches!(state.phase, Phase::Refill(_))
    }

    fn family_view(ctx: &ViewContext, before: &StelliumState, after: &StelliumState, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        view::family_view(ctx, before, after, events, family)
    }

    fn public_view(ctx: &ViewContext, before: &StelliumState, after: &StelliumState, events: &[Event]) -> serde_json::Value {
        view::public_view(ctx, before, after, events)
    }

    fn order_form(state: &StelliumState, family: &FamilyKey) -> Vec<FormLine> {
        view::order_form(state, family)
    }

    fn sample_orders(state: &StelliumState, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        match state.seat_of(family) {
            Some(me) => {
                let o = sample::sample(state, me, dice);
                orders::lines(state, &o)
            }
            None => Vec::new(),
        }
    }
}
