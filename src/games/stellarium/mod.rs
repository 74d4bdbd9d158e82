//! Stellarium 1.1.3 (`shared/rules/000_…txt`).
//!
//! - [`model`]: the world (state) and its helpers.
//! - [`orders`]: the typed orders, their parser and validation.
//! - [`status`]: the minimal orders of rule 0.3.
//! - [`defaults`]: what the referee orders for ONR/OPR/PNJ families.
//! - [`form`]: the order form.
//! - [`events`], [`phases`]: the adjudication (turn 0 and the 30 phases).
//! - [`view`]: the reports (per family and public).
//!
//! [`Stellarium`] ties them to the daemon's [`crate::game::Ruleset`].

pub mod defaults;
pub mod events;
pub mod form;
pub mod members;
pub mod model;
pub mod orders;
pub mod phases;
pub mod players;
pub mod status;
pub mod view;
pub mod why;
#[cfg(test)]
mod pins;

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{
    Adjudicated, Completeness, FamilyInput, FamilyKey, FormLine, OrderLine, OrderStatus, ParsedOrders, Refusal, Ruleset,
    ViewContext,
};

use model::{InitialMarriages, Settings, State};

/// The Stellarium ruleset.
pub struct Stellarium;

/// Reads `[games.settings]` (every key is optional; unknown keys are refused
/// so that a typo does not silently change the game).
pub fn settings_from(table: &toml::Table) -> Result<Settings, String> {
    let mut s = Settings::default();
    for (k, v) in table {
        match k.as_str() {
            "turns" => {
                let n = v.as_integer().filter(|n| (0..=10_000).contains(n));
                s.turns = n.ok_or_else(|| format!("setting `turns`: a whole number ≥ 0 expected (0 = endless), not {v}"))? as u32;
            }
            "late_registration" => {
                s.late_registration = v.as_bool().ok_or_else(|| format!("setting `late_registration`: true or false expected, not {v}"))?;
            }
            "initial_marriages" => {
                s.initial_marriages = match v.as_str() {
                    Some("lot") => InitialMarriages::ByLot,
                    Some("widowed") => InitialMarriages::Widowed,
                    _ => return Err(format!("setting `initial_marriages`: \"lot\" or \"widowed\" expected, not {v}")),
                };
            }
            "pnj_after_onr" => {
                let n = v.as_integer().filter(|n| (1..=100).contains(n));
                s.pnj_after_onr = n.ok_or_else(|| format!("setting `pnj_after_onr`: a whole number ≥ 1 expected, not {v}"))? as u32;
            }
            "merchants_on_stellarium_speculate" => {
                s.merchants_on_stellarium_speculate = v
                    .as_bool()
                    .ok_or_else(|| format!("setting `merchants_on_stellarium_speculate`: true or false expected, not {v}"))?;
            }
            "treason_too_late_from_year" => {
                let n = v.as_integer().filter(|n| (1..=11).contains(n));
                s.treason_too_late_from_year =
                    n.ok_or_else(|| format!("setting `treason_too_late_from_year`: a year of the cycle 1–10, or 11 (never), expected, not {v}"))? as u8;
            }
            "ship_price" => {
                s.ship_price_own_bid = match v.as_str() {
                    Some("second") => false,
                    Some("own") => true,
                    _ => return Err(format!("setting `ship_price`: \"second\" or \"own\" expected, not {v}")),
                };
            }
            "unescorted_ship_loss" => {
                s.unescorted_loss_always_doubled = match v.as_str() {
                    Some("always") => true,
                    Some("war") => false,
                    _ => return Err(format!("setting `unescorted_ship_loss`: \"always\" or \"war\" expected, not {v}")),
                };
            }
            "victory_pp_floor" => {
                s.victory_pp_floor_per_character = match v.as_str() {
                    Some("character") => true,
                    Some("family") => false,
                    _ => return Err(format!("setting `victory_pp_floor`: \"character\" or \"family\" expected, not {v}")),
                };
            }
            "prosthesis_allowed_without_archpope" => {
                s.prosthesis_allowed_without_archpope = v
                    .as_bool()
                    .ok_or_else(|| format!("setting `prosthesis_allowed_without_archpope`: true or false expected, not {v}"))?;
            }
            other => {
                return Err(format!(
                    "unknown Stellarium setting `{other}` (known: turns, late_registration, initial_marriages, pnj_after_onr, merchants_on_stellarium_speculate, treason_too_late_from_year, prosthesis_allowed_without_archpope, ship_price, unescorted_ship_loss, victory_pp_floor)"
                ))
            }
        }
    }
    Ok(s)
}

impl Ruleset for Stellarium {
    type State = State;
    type Orders = orders::Orders;
    type Event = events::Event;

    const ID: &'static str = "stellarium";

    fn new_game(settings: &toml::Table, _game_seed: u64) -> Result<State, String> {
        // The seed stays with the daemon (dice of each turn); the state holds none.
        Ok(State::new(settings_from(settings)?))
    }

    fn register(state: &mut State, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
        state.register(family, name)
    }

    fn turn(state: &State) -> u32 {
        state.turn
    }

    fn parse_orders(state: &State, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<orders::Orders> {
        orders::parse_orders(state, family, lines)
    }

    fn completeness(state: &State, family: &FamilyKey, orders: &orders::Orders) -> Completeness {
        status::completeness(state, family, orders)
    }

    fn default_orders(
        state: &State,
        family: &FamilyKey,
        status: OrderStatus,
        orders: orders::Orders,
        dice: &mut Dice,
    ) -> orders::Orders {
        defaults::default_orders(state, family, status, orders, dice)
    }

    fn adjudicate(
        state: &State,
        inputs: &BTreeMap<FamilyKey, FamilyInput<orders::Orders>>,
        dice: &mut Dice,
    ) -> Adjudicated<State, events::Event> {
        // 4.10, 6.5, 3.6, 4.7: the defaults that need every family's orders.
        let mut inputs = inputs.clone();
        defaults::settle_cross_family_defaults(state, &mut inputs, dice);
        phases::adjudicate(state, &inputs, dice)
    }

    fn is_over(state: &State) -> bool {
        state.is_over()
    }

    fn family_view(
        ctx: &ViewContext,
        before: &State,
        after: &State,
        events: &[events::Event],
        family: &FamilyKey,
    ) -> serde_json::Value {
        view::family_view(ctx, before, after, events, family)
    }

    fn public_view(ctx: &ViewContext, before: &State, after: &State, events: &[events::Event]) -> serde_json::Value {
        view::public_view(ctx, before, after, events)
    }

    fn order_form(state: &State, family: &FamilyKey) -> Vec<FormLine> {
        form::order_form(state, family)
    }

    fn sample_orders(state: &State, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        form::sample_orders(state, family, dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Engine;

    #[test]
    fn settings_are_read_and_typos_refused() {
        let t: toml::Table = toml::from_str("turns = 12\nlate_registration = false\ninitial_marriages = \"widowed\"").unwrap();
        let s = settings_from(&t).unwrap();
        assert_eq!((s.turns, s.late_registration, s.initial_marriages), (12, false, InitialMarriages::Widowed));
        let t: toml::Table = toml::from_str("ship_price = \"second\"").unwrap();
        assert!(!settings_from(&t).unwrap().ship_price_own_bid);
        let d = Settings::default();
        assert!(d.ship_price_own_bid && d.unescorted_loss_always_doubled && d.victory_pp_floor_per_character);
        let t: toml::Table = toml::from_str("unescorted_ship_loss = \"war\"\nvictory_pp_floor = \"family\"").unwrap();
        let s = settings_from(&t).unwrap();
        assert!(!s.unescorted_loss_always_doubled && !s.victory_pp_floor_per_character);
        let t: toml::Table = toml::from_str("victory_pp_floor = \"famille\"").unwrap();
        assert!(settings_from(&t).unwrap_err().contains("`victory_pp_floor`"));
        let t: toml::Table = toml::from_str("ship_price = \"first\"").unwrap();
        assert!(settings_from(&t).unwrap_err().contains("`ship_price`"));
        let t: toml::Table = toml::from_str("turn = 12").unwrap();
        assert!(settings_from(&t).unwrap_err().contains("`turn`"));
        assert_eq!(settings_from(&toml::Table::new()).unwrap(), Settings::default());
    }

    #[test]
    fn engine_round_trip_register_parse_and_form() {
        let e = crate::game::EngineOf::<Stellarium>::new();
        let mut st = e.new_game(&toml::Table::new(), 7).unwrap();
        e.register(&mut st, &"ATREIDES".to_string(), "Atréides").unwrap().unwrap();
        let dup = e.register(&mut st, &"ATREIDES".to_string(), "atreides").unwrap();
        assert!(dup.is_err());
        let json = e.save_state(&st).unwrap();
        let st = e.load_state(&json).unwrap();
        let form = e.order_form(&st, &"ATREIDES".to_string()).unwrap();
        let lines: Vec<OrderLine> = form
            .iter()
            .filter(|l| !l.text.is_empty())
            .enumerate()
            .map(|(i, l)| OrderLine { no: i + 1, text: l.text.clone() })
            .collect();
        let (_orders, verdicts, completeness) = e.parse_orders(&st, &"ATREIDES".to_string(), &lines).unwrap();
        assert!(verdicts.iter().all(|v| v.is_accepted()));
        assert_eq!(completeness, Completeness::Complete);
    }
}
