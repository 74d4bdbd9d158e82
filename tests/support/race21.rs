//! A small turn-based ruleset for the daemon's turn-based tests (the real
//! ones, Stellar and Stellium, live on their own branches): two or more
//! seats take turns adding 1, 2 or 3 to a running total; whoever brings it
//! to 21 or more wins. `AJOUTER <n> | ADD <n>`. Only the seat to move is
//! awaited; a seat that concedes loses and the game ends. Its robot (the
//! simulated player) adds 2; the default move of an ONR seat adds 1.
//!
//! With the setting `game_master = true`, a seat adding 3 asks the game
//! master (`@mj`, `tests/game_master_seat.rs`) for a ruling: the next step
//! awaits it too, and its lines `BONUS <n>` (added to the total) or
//! `PASSE` are applied when that step is played; its silence rules nothing.

use std::collections::{BTreeMap, BTreeSet};

use arbitre::dice::Dice;
use arbitre::game::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub const ID: &str = "race21";

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct State {
    pub seats: Vec<FamilyKey>,
    pub step: u32,
    pub total: u32,
    pub log: Vec<(FamilyKey, String)>,
    pub winner: Option<FamilyKey>,
    #[serde(default)]
    pub game_master: bool,
    /// A ruling awaits the game master.
    #[serde(default)]
    pub ruling: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Orders {
    pub add: Option<u32>,
    /// The game master's `BONUS <n>`.
    #[serde(default)]
    pub bonus: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Event {
    Added { seat: FamilyKey, n: u32, total: u32, default: bool },
    Conceded { seat: FamilyKey },
    Won { seat: FamilyKey },
    /// The game master ruled: `bonus` added (none: it passed or was silent).
    Ruled { bonus: Option<u32> },
}

pub struct Race21;

impl State {
    /// The seat to move in the open step (turn 0 is the registration turn:
    /// nobody moves).
    fn mover(&self) -> Option<&FamilyKey> {
        if self.step == 0 || self.seats.is_empty() || self.winner.is_some() {
            return None;
        }
        self.seats.get((self.step as usize - 1) % self.seats.len())
    }
}

impl Ruleset for Race21 {
    type State = State;
    type Orders = Orders;
    type Event = Event;
    const ID: &'static str = ID;

    fn new_game(t: &toml::Table, _: u64) -> Result<State, String> {
        Ok(State { game_master: t.get("game_master").and_then(toml::Value::as_bool).unwrap_or(false), ..State::default() })
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
    fn parse_orders(state: &State, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
        let mut orders = Orders::default();
        let mut verdicts = Vec::new();
        if family == GAME_MASTER {
            for l in lines {
                let words: Vec<String> = l.text.split_whitespace().map(arbitre::text::fold).collect();
                match words.as_slice() {
                    [kw] if kw == "PASSE" => verdicts.push(LineVerdict::accepted(l, "PASSE")),
                    [kw, n] if kw == "BONUS" && n.parse::<u32>().is_ok_and(|n| (1..=5).contains(&n)) => {
                        orders.bonus = n.parse().ok();
                        verdicts.push(LineVerdict::accepted(l, format!("BONUS {n}")));
                    }
                    _ => verdicts.push(LineVerdict::rejected(l, arbitre::i18n::Msg::verbatim("ligne inconnue du maître de jeu"), Some("PASSE".into()))),
                }
            }
            return ParsedOrders { orders, verdicts };
        }
        for l in lines {
            let words: Vec<String> = l.text.split_whitespace().map(arbitre::text::fold).collect();
            let n = match words.as_slice() {
                [kw, n] if kw == "AJOUTER" || kw == "ADD" => n.parse::<u32>().ok(),
                _ => None,
            };
            match n {
                _ if state.mover() != Some(family) => verdicts.push(LineVerdict::rejected(l, arbitre::i18n::Msg::verbatim("ce n'est pas à vous de jouer"), None)),
                Some(n @ 1..=3) => {
                    orders.add = Some(n);
                    verdicts.push(LineVerdict::accepted(l, format!("AJOUTER {n}")));
                }
                Some(_) => verdicts.push(LineVerdict::rejected(l, arbitre::i18n::Msg::verbatim("on ajoute 1, 2 ou 3"), Some("AJOUTER 3".into()))),
                None => verdicts.push(LineVerdict::rejected(l, arbitre::i18n::Msg::verbatim("ordre inconnu"), Some("AJOUTER 1".into()))),
            }
        }
        ParsedOrders { orders, verdicts }
    }
    fn completeness(state: &State, family: &FamilyKey, orders: &Orders) -> Completeness {
        if state.mover() != Some(family) || orders.add.is_some() {
            Completeness::Complete
        } else {
            Completeness::Partial { missing: vec![arbitre::i18n::Msg::verbatim("AJOUTER manquant")] }
        }
    }
    fn default_orders(_: &State, _: &FamilyKey, status: OrderStatus, orders: Orders, _: &mut Dice) -> Orders {
        match status {
            OrderStatus::Or | OrderStatus::Opr => orders,
            _ => Orders { add: Some(orders.add.unwrap_or(1)), bonus: None },
        }
    }
    fn adjudicate(state: &State, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, _: &mut Dice) -> Adjudicated<State, Event> {
        let mut s = state.clone();
        let mut events = Vec::new();
        if state.ruling {
            let bonus = inputs.get(GAME_MASTER).and_then(|i| i.orders.bonus);
            s.total += bonus.unwrap_or(0);
            s.ruling = false;
            events.push(Event::Ruled { bonus });
        }
        if let Some(quitter) = inputs.iter().find(|(_, i)| i.resigned).map(|(k, _)| k.clone()) {
            events.push(Event::Conceded { seat: quitter.clone() });
            s.log.push((quitter.clone(), "abandon".into()));
            if let Some(w) = s.seats.iter().find(|k| **k != quitter).cloned() {
                events.push(Event::Won { seat: w.clone() });
                s.winner = Some(w);
            }
        } else if let Some(mover) = state.mover().cloned() {
            let input = &inputs[&mover];
            let n = input.orders.add.unwrap_or(1);
            s.total += n;
            s.log.push((mover.clone(), format!("+{n}")));
            events.push(Event::Added { seat: mover.clone(), n, total: s.total, default: input.status != OrderStatus::Or });
            s.ruling = s.game_master && n == 3;
            if s.total >= 21 {
                events.push(Event::Won { seat: mover.clone() });
                s.winner = Some(mover);
            }
        }
        s.step += 1;
        Adjudicated { state: s, events }
    }
    fn is_over(state: &State) -> bool {
        state.winner.is_some()
    }
    fn awaiting(state: &State) -> Option<BTreeSet<FamilyKey>> {
        let mut s: BTreeSet<FamilyKey> = state.mover().into_iter().cloned().collect();
        if state.ruling && state.winner.is_none() {
            s.insert(GAME_MASTER.to_string());
        }
        Some(s)
    }
    fn game_master(state: &State) -> bool {
        state.game_master
    }
    fn game_master_items(state: &State) -> Vec<arbitre::i18n::Msg> {
        if state.ruling {
            vec![arbitre::i18n::Msg::verbatim("une règle maison : bonus pour un 3 ?")]
        } else {
            Vec::new()
        }
    }
    fn family_view(ctx: &ViewContext, _: &State, after: &State, events: &[Event], family: &FamilyKey) -> serde_json::Value {
        json!({ "you": family, "total": after.total, "log": after.log, "events": events, "winner": after.winner, "deadline": ctx.deadline })
    }
    fn public_view(_: &ViewContext, _: &State, after: &State, _: &[Event]) -> serde_json::Value {
        json!({ "total": after.total, "log": after.log })
    }
    fn order_form(_: &State, _: &FamilyKey) -> Vec<FormLine> {
        vec![FormLine::new("AJOUTER 1", Some(arbitre::i18n::Msg::verbatim("1, 2 ou 3")))]
    }
    fn sample_orders(_: &State, _: &FamilyKey, _: &mut Dice) -> Vec<String> {
        vec!["AJOUTER 2".into()]
    }
}

pub fn engine() -> Box<dyn Engine> {
    Box::new(EngineOf::<Race21>::new())
}

/// The repository's templates plus this ruleset's report, in `dir`.
pub fn templates_in(dir: &std::path::Path) -> std::path::PathBuf {
    let src = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates");
    let dst = dir.join("templates");
    copy_dir(&src, &dst);
    std::fs::create_dir_all(dst.join(ID)).unwrap();
    std::fs::write(
        dst.join(ID).join("report.fr.txt.tera"),
        "Total : {{ view.total }}\n{% for l in view.log %}{{ l[0] }} {{ l[1] }}\n{% endfor %}{% if view.winner %}Gagnant : {{ view.winner }}\n{% endif %}Date limite : {{ ctx.deadline }}\n",
    )
    .unwrap();
    dst
}

fn copy_dir(src: &std::path::Path, dst: &std::path::Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &dst.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), dst.join(e.file_name())).unwrap();
        }
    }
}
