//! Stellar (`shared/rules/001_…txt`): two players, 11 rounds, one player's
//! move per step (RULINGS, Stellar).
//!
//! - [`components`]: the card list and telescope layout as data files.
//! - [`model`]: the state (hands, telescopes, notebooks, row, pile as a set).
//! - [`setup`]: settings, registration, "Mise en place".
//! - [`orders`]: the order language (orders.md §9), read against the state.
//! - [`turn`]: one step: the deal, the starting choice, a turn, the end.
//! - [`scoring`]: "Décompte des points" and "Gagnant".
//! - [`sample`]: the default policy (ONR, OPR) and the simulated player.
//! - [`view`]: what each player may know, the chronicle, the order form.

pub mod components;
pub mod model;
pub mod orders;
pub mod sample;
pub mod scoring;
pub mod setup;
pub mod turn;
pub mod view;

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::game::{Adjudicated, Completeness, FamilyInput, FamilyKey, FormLine, OrderLine, OrderStatus, ParsedOrders, Refusal, Ruleset, ViewContext};

pub use model::StellarState;
pub use orders::Orders;
pub use turn::Event;

use model::{Phase, Zone};

/// The Stellar ruleset.
/// What is missing for OR (`stellar-missing`): `order` is start | final |
/// take | play | coordinate.
fn missing(order: &str) -> Msg {
    crate::msg!("stellar-missing", order = order)
}

/// One sample of every message Stellar can emit, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all: Vec<Msg> = ["start", "final", "take", "play", "coordinate"].into_iter().map(missing).collect();
    all.push(crate::msg!("stellar-register-full"));
    all.extend(orders::samples());
    all.extend(view::form_samples());
    all
}

pub struct Stellar;

impl Ruleset for Stellar {
    type State = StellarState;
    type Orders = Orders;
    type Event = Event;

    const ID: &'static str = "stellar";
    // The booklet is silent on a player who stops answering (a table game):
    // a seat the referee plays meanwhile is given back (RULINGS.md, \"PNJ seats\").
    const PNJ_RETURN: bool = true;

    fn new_game(settings: &toml::Table, game_seed: u64) -> Result<StellarState, String> {
        setup::new_game(settings, game_seed)
    }

    fn register(state: &mut StellarState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
        setup::register(state, family, name)
    }

    fn turn(state: &StellarState) -> u32 {
        state.step
    }

    fn parse_orders(state: &StellarState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        orders::parse(state, family, lines)
    }

    /// OR: what the step asks of this seat (nothing when it is not awaited).
    fn completeness(state: &StellarState, family: &FamilyKey, o: &Orders) -> Completeness {
        let Some(me) = state.seat_of(family) else { return Completeness::Complete };
        let missing: Vec<Msg> = match state.phase {
            Phase::Start if o.start.is_none() => vec![missing("start")],
            Phase::Final if o.final_card.is_none() => vec![missing("final")],
            Phase::Play if state.mover() == me && !o.refresh => {
                let mut m = Vec::new();
                if o.take.is_none() {
                    m.push(missing("take"));
                }
                match (o.take, o.play) {
                    (_, None) => m.push(missing("play")),
                    (Some(t), Some((card, Zone::Notebook))) if orders::step3_card(state, t, (card, Zone::Notebook)).is_some() && o.coordinate.is_none() => {
                        m.push(missing("coordinate"));
                    }
                    _ => {}
                }
                m
            }
            _ => Vec::new(),
        };
        if missing.is_empty() { Completeness::Complete } else { Completeness::Partial { missing } }
    }

    /// ONR/OPR/PNJ: the awaited seat's move is completed by the default
    /// policy (S4, S9, S19) and reported as a default move.
    fn default_orders(state: &StellarState, family: &FamilyKey, _status: OrderStatus, orders: Orders, dice: &mut Dice) -> Orders {
        match state.seat_of(family) {
            Some(me) => sample::default_for(state, me, orders, dice),
            None => orders,
        }
    }

    fn adjudicate(state: &StellarState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> Adjudicated<StellarState, Event> {
        let (state, events) = turn::adjudicate(state, inputs, dice);
        Adjudicated { state, events }
    }

    fn is_over(state: &StellarState) -> bool {
        state.phase == Phase::Over
    }

    fn awaiting(state: &StellarState) -> Option<BTreeSet<FamilyKey>> {
        match state.phase {
            Phase::Registration => None,
            Phase::Start | Phase::Final => Some(state.seats.iter().map(|s| s.key.clone()).collect()),
            Phase::Play => Some(BTreeSet::from([state.seats[state.mover()].key.clone()])),
            Phase::Over => Some(BTreeSet::new()),
        }
    }

    /// Players alternate (« Déroulement du tour »): the player not to move
    /// moves in the next step, unless the mover refreshes the row first
    /// (« Cartes satellite »), which is a step of its own.
    fn steps_to_move(state: &StellarState, family: &FamilyKey) -> Option<u32> {
        let me = state.seat_of(family)?;
        (state.phase == Phase::Play && state.mover() != me).then_some(1)
    }

    /// The mover may still send RAFRAICHIR: the step after it may be the
    /// mover's again.
    fn step_may_come_between(state: &StellarState, family: &FamilyKey) -> bool {
        Self::steps_to_move(state, family).is_some() && state.refresh_allowed
    }

    /// S21: a concession ends the game, whoever was to move.
    fn concession_ends_game(state: &StellarState) -> bool {
        matches!(state.phase, Phase::Start | Phase::Play | Phase::Final)
    }

    fn family_view(ctx: &ViewContext, before: &StellarState, after: &StellarState, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        view::family_view(ctx, before, after, events, family)
    }

    fn public_view(ctx: &ViewContext, before: &StellarState, after: &StellarState, events: &[Event]) -> serde_json::Value {
        view::public_view(ctx, before, after, events)
    }

    fn order_form(state: &StellarState, family: &FamilyKey) -> Vec<FormLine> {
        view::order_form(state, family)
    }

    fn sample_orders(state: &StellarState, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        match state.seat_of(family) {
            Some(me) => {
                let o = sample::sample(state, me, dice);
                sample::lines(state, me, &o)
            }
            None => Vec::new(),
        }
    }
}
