//! A small ruleset with steps of several kinds, for the seam of Galactic
//! Destiny's design note (§2.6, items 1–2): each round has a bidding step
//! (kind `mise`: every seat awaited, `MISE <n>` required, silence is ONR and
//! bids 0) then an answer step (kind `reponse`: every seat awaited,
//! `PASSE | PASS` or `DOUBLER | DOUBLE`; an answer is awaited but silence is
//! a pass). A seat scores its bid, twice when it doubled. The game ends
//! after `manches` rounds (setting, default 3). Registration is step 0, of
//! kind `inscription`.

use std::collections::{BTreeMap, BTreeSet};

use arbitre::dice::Dice;
use arbitre::game::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub const ID: &str = "mises";

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct State {
    pub seats: Vec<FamilyKey>,
    pub step: u32,
    pub rounds: u32,
    pub bids: BTreeMap<FamilyKey, u32>,
    pub scores: BTreeMap<FamilyKey, u32>,
    pub log: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Orders {
    pub bid: Option<u32>,
    pub double: Option<bool>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event(pub String);

/// What the open step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Registration,
    Bid,
    Answer,
    Over,
}

impl State {
    fn kind(&self) -> Step {
        match self.step {
            0 => Step::Registration,
            s if s > 2 * self.rounds => Step::Over,
            s if s % 2 == 1 => Step::Bid,
            _ => Step::Answer,
        }
    }
}

pub struct Mises;

fn no(reason: &str) -> arbitre::i18n::Msg {
    arbitre::i18n::Msg::verbatim(reason)
}

impl Ruleset for Mises {
    type State = State;
    type Orders = Orders;
    type Event = Event;
    const ID: &'static str = ID;
    const STEP_KINDS: &'static [&'static str] = &["inscription", "mise", "reponse"];

    fn new_game(settings: &toml::Table, _: u64) -> Result<State, String> {
        let rounds = settings.get("manches").and_then(toml::Value::as_integer).unwrap_or(3);
        Ok(State { rounds: u32::try_from(rounds).map_err(|_| "manches: a positive number")?, ..State::default() })
    }
    fn register(state: &mut State, family: &FamilyKey, _: &str) -> Result<(), Refusal> {
        if state.step > 0 {
            return Err(arbitre::msg!("register-closed-started"));
        }
        state.seats.push(family.clone());
        Ok(())
    }
    fn turn(state: &State) -> u32 {
        state.step
    }
    fn step_kind(state: &State) -> &'static str {
        match state.kind() {
            Step::Registration | Step::Over => "inscription",
            Step::Bid => "mise",
            Step::Answer => "reponse",
        }
    }
    fn parse_orders(state: &State, _: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        let mut orders = Orders::default();
        let mut verdicts = Vec::new();
        for l in lines {
            let words: Vec<String> = l.text.split_whitespace().map(arbitre::text::fold).collect();
            let verdict = match (state.kind(), words.as_slice()) {
                (Step::Bid, [kw, n]) if kw == "MISE" || kw == "BID" => match n.parse::<u32>() {
                    Ok(n @ 1..=9) => {
                        orders.bid = Some(n);
                        LineVerdict::accepted(l, format!("MISE {n}"))
                    }
                    _ => LineVerdict::rejected(l, no("on mise de 1 à 9"), Some("MISE 5".into())),
                },
                (Step::Answer, [kw]) if kw == "PASSE" || kw == "PASS" => {
                    orders.double = Some(false);
                    LineVerdict::accepted(l, "PASSE")
                }
                (Step::Answer, [kw]) if kw == "DOUBLER" || kw == "DOUBLE" => {
                    orders.double = Some(true);
                    LineVerdict::accepted(l, "DOUBLER")
                }
                _ => LineVerdict::rejected(l, no("ordre inconnu dans cette étape"), None),
            };
            verdicts.push(verdict);
        }
        ParsedOrders { orders, verdicts }
    }
    fn completeness(state: &State, _: &FamilyKey, orders: &Orders) -> Completeness {
        let missing = match state.kind() {
            Step::Bid if orders.bid.is_none() => "MISE manquante",
            // An answer is what the step asks for: no line is not complete.
            Step::Answer if orders.double.is_none() => "PASSE ou DOUBLER attendu",
            _ => return Completeness::Complete,
        };
        Completeness::Partial { missing: vec![no(missing)] }
    }
    fn default_orders(_: &State, _: &FamilyKey, _: OrderStatus, orders: Orders, _: &mut Dice) -> Orders {
        orders
    }
    fn adjudicate(state: &State, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, _: &mut Dice) -> Adjudicated<State, Event> {
        let mut s = state.clone();
        let mut events = Vec::new();
        for (seat, input) in inputs {
            match state.kind() {
                Step::Bid => {
                    let bid = input.orders.bid.unwrap_or(0);
                    s.bids.insert(seat.clone(), bid);
                    events.push(Event(format!("{seat} mise {bid} ({})", input.status.label())));
                }
                Step::Answer => {
                    let bid = state.bids.get(seat).copied().unwrap_or(0);
                    let double = input.orders.double == Some(true);
                    *s.scores.entry(seat.clone()).or_default() += if double { 2 * bid } else { bid };
                    events.push(Event(format!("{seat} {} ({})", if double { "double" } else { "passe" }, input.status.label())));
                }
                Step::Registration | Step::Over => {}
            }
        }
        s.log.extend(events.iter().map(|e| e.0.clone()));
        s.step += 1;
        Adjudicated { state: s, events }
    }
    fn answers_expected(state: &State) -> bool {
        state.kind() == Step::Answer
    }
    fn is_over(state: &State) -> bool {
        state.kind() == Step::Over
    }
    fn awaiting(state: &State) -> Option<BTreeSet<FamilyKey>> {
        Some(match state.kind() {
            Step::Bid | Step::Answer => state.seats.iter().cloned().collect(),
            Step::Registration | Step::Over => BTreeSet::new(),
        })
    }
    fn family_view(ctx: &ViewContext, _: &State, after: &State, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        json!({ "you": family, "scores": after.scores, "events": events, "deadline": ctx.deadline })
    }
    fn public_view(_: &ViewContext, _: &State, after: &State, _: &[Event]) -> serde_json::Value {
        json!({ "scores": after.scores, "log": after.log })
    }
    fn order_form(state: &State, _: &FamilyKey) -> Vec<FormLine> {
        match state.kind() {
            Step::Bid => vec![FormLine::new("MISE 5", Some(no("1 à 9")))],
            Step::Answer => vec![FormLine::new("PASSE", Some(no("ou DOUBLER")))],
            Step::Registration | Step::Over => vec![],
        }
    }
}

pub fn engine() -> Box<dyn Engine> {
    Box::new(EngineOf::<Mises>::new())
}

/// The repository's templates (through race21's helper) plus this
/// ruleset's report, in `dir`.
pub fn templates_in(dir: &std::path::Path) -> std::path::PathBuf {
    let dst = super::race21::templates_in(dir);
    std::fs::create_dir_all(dst.join(ID)).unwrap();
    std::fs::write(
        dst.join(ID).join("report.fr.txt.tera"),
        "{% for e in view.events %}{{ e }}\n{% endfor %}{% for s, n in view.scores %}{{ s }} : {{ n }}\n{% endfor %}Date limite : {{ ctx.deadline }}\n",
    )
    .unwrap();
    dst
}
