//! Galaxy version 3 (`shared/rules/002_…txt`).
//!
//! - [`model`]: the torus, stars, fleets, players and their memory.
//! - [`generate`]: the galaxy, created when turn 0 (registration) is adjudicated.
//! - [`orders`]: orders.md §7, read against what the player knows.
//! - [`adjudicate`]: one turn in rule order (4.i, 4.1, 4.2, 5, 7).
//! - [`view`]: what each player learns (6), in their own coordinates.
//! - [`map`]: the SVG map of a report, drawn from the view alone.
//! - [`sample`]: a simulated player, for `arbitre demo` and the benchmarks.

pub mod adjudicate;
pub mod generate;
pub mod labels;
pub mod map;
pub mod model;
pub mod orders;
pub mod sample;
pub mod view;

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{Adjudicated, Completeness, FamilyInput, FamilyKey, FormLine, OrderLine, OrderStatus, ParsedOrders, Refusal, Ruleset, ViewContext};

pub use adjudicate::Event;
pub use model::GalaxyState;
pub use orders::Orders;

use model::{Settings, Torus};

/// One sample of every message Galaxy can emit, for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    let mut all = vec![crate::msg!("galaxy-missing-any-order"), crate::msg!("galaxy-register-closed"), crate::msg!("galaxy-register-full", players = 16)];
    all.extend(orders::samples());
    all.extend(adjudicate::samples());
    all.extend(view::samples());
    all.extend(view::form_samples());
    all
}

/// The Galaxy ruleset.
pub struct Galaxy;

fn setting_u32(t: &toml::Table, name: &str, default: u32) -> Result<u32, String> {
    match t.get(name) {
        None => Ok(default),
        Some(toml::Value::Integer(v)) if *v >= 0 && *v <= u32::MAX as i64 => Ok(*v as u32),
        Some(v) => Err(format!("réglage `{name}` : nombre entier positif attendu, trouvé {v}")),
    }
}

/// Reads `[games.settings]`: `turns` (≥ 20, default 20), `players` (the
/// most that may register, default 16), `size` (default 30), `stars`
/// (default 120), `scaled` (default: whether `size` or `stars` differ from
/// the rules'). The rules' galaxy takes 4 to 16 players (2.1); a scaled one
/// takes what its stars can hold.
pub fn settings(t: &toml::Table) -> Result<Settings, String> {
    // An unknown key is refused, so that a typo does not silently leave a
    // setting at its default.
    const KNOWN: [&str; 5] = ["turns", "players", "size", "stars", "scaled"];
    if let Some(k) = t.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        let hint = crate::text::suggest(k, KNOWN.iter().copied()).map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default();
        return Err(format!("unknown setting `{k}`{hint}; Galaxy's settings are {}", KNOWN.join(", ")));
    }
    let size = setting_u32(t, "size", 30)? as i32;
    let stars = setting_u32(t, "stars", 120)?;
    let scaled = match t.get("scaled") {
        None => size != 30 || stars != 120,
        Some(toml::Value::Boolean(b)) => *b,
        Some(v) => return Err(format!("réglage `scaled` : true ou false attendu, trouvé {v}")),
    };
    let s = Settings { turns: setting_u32(t, "turns", 20)?, players: setting_u32(t, "players", 16)?, size, stars, scaled };
    if s.turns < 20 {
        return Err(format!("réglage `turns` = {} : une partie de Galaxy dure au moins 20 tours (2.2)", s.turns));
    }
    if !s.scaled && !(4..=16).contains(&s.players) {
        return Err(format!(
            "réglage `players` = {} : la règle 2.1 prévoit de 4 à 16 joueurs ; pour une autre partie, donnez une galaxie à l'échelle (`size`, `stars`, ou `scaled = true`)",
            s.players
        ));
    }
    if s.players < 1 || s.players > 1000 {
        return Err(format!("réglage `players` = {} : entre 1 et 1000", s.players));
    }
    if !(10..=500).contains(&s.size) {
        return Err(format!("réglage `size` = {} : entre 10 et 500", s.size));
    }
    if s.stars < 30 || s.stars as i64 > (s.size as i64 * s.size as i64) / 2 {
        return Err(format!("réglage `stars` = {} : au moins 30 et au plus la moitié des {} cases", s.stars, s.size * s.size));
    }
    let special = generate::fewest_special(s.stars);
    if s.players + special > s.stars {
        return Err(format!(
            "réglage `stars` = {} : trop peu d'étoiles pour {} joueurs ({special} étoiles spéciales au moins, 5) ; il en faut au moins {}",
            s.stars,
            s.players,
            s.players + special
        ));
    }
    Ok(s)
}

impl Ruleset for Galaxy {
    type State = GalaxyState;
    type Orders = Orders;
    type Event = Event;

    const ID: &'static str = "galaxy";

    fn new_game(t: &toml::Table, game_seed: u64) -> Result<GalaxyState, String> {
        let settings = settings(t)?;
        Ok(GalaxyState {
            torus: Torus { size: settings.size },
            settings,
            seed: game_seed,
            turn: 0,
            stars: Vec::new(),
            players: BTreeMap::new(),
            throne_code: String::new(),
            ranking: None,
            index: Default::default(),
        })
    }

    fn register(state: &mut GalaxyState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
        if state.generated() || state.turn > 0 {
            return Err(crate::msg!("galaxy-register-closed"));
        }
        if state.players.contains_key(family) {
            return Err(crate::msg!("register-player-already", name = name));
        }
        if state.players.len() as u32 >= state.settings.players {
            return Err(crate::msg!("galaxy-register-full", players = state.settings.players));
        }
        let n = crate::text::collapse_spaces(name);
        if n.is_empty() {
            return Err(crate::msg!("register-player-name-empty"));
        }
        state.players.insert(family.clone(), generate::unplaced_player(&n));
        Ok(())
    }

    fn turn(state: &GalaxyState) -> u32 {
        state.turn
    }

    fn parse_orders(state: &GalaxyState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        orders::parse(state, family, lines)
    }

    /// OR: at least one budget or movement order (orders.md §7). Turn 0 asks
    /// for nothing.
    fn completeness(state: &GalaxyState, _family: &FamilyKey, orders: &Orders) -> Completeness {
        if !state.generated() || !orders.items.is_empty() {
            Completeness::Complete
        } else {
            Completeness::Partial { missing: vec![crate::msg!("galaxy-missing-any-order")] }
        }
    }

    /// Nobody plays for an absent player: their fleets hold, their treasury
    /// grows (RULINGS, Galaxy).
    fn default_orders(_state: &GalaxyState, _family: &FamilyKey, _status: OrderStatus, orders: Orders, _dice: &mut Dice) -> Orders {
        orders
    }

    fn adjudicate(state: &GalaxyState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> Adjudicated<GalaxyState, Event> {
        let (state, events) = adjudicate::adjudicate(state, inputs, dice);
        Adjudicated { state, events }
    }

    fn is_over(state: &GalaxyState) -> bool {
        state.ranking.is_some()
    }

    fn family_view(ctx: &ViewContext, before: &GalaxyState, after: &GalaxyState, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        view::family_view(ctx, before, after, events, family)
    }

    fn public_view(ctx: &ViewContext, before: &GalaxyState, after: &GalaxyState, events: &[Event]) -> serde_json::Value {
        view::public_view(ctx, before, after, events)
    }

    fn order_form(state: &GalaxyState, family: &FamilyKey) -> Vec<FormLine> {
        view::order_form(state, family)
    }

    fn sample_orders(state: &GalaxyState, family: &FamilyKey, dice: &mut Dice) -> Vec<String> {
        sample::sample_orders(state, family, dice)
    }
}
