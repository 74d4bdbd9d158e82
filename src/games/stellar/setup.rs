//! A new game, registration, and "Mise en place" once both players are in.
//!
//! Registration (the daemon's turn 0) takes two seats. In the booklet's order
//! (S5): the first adjudication with two seats deals two starting cards to
//! each player by lot ("Mise en place" 2); the next step is the simultaneous
//! starting choice, after which the hands, the row and the first player are
//! dealt ("Mise en place" 3–6; S3 unless the setting `first` names one).

use crate::dice::Dice;
use crate::game::{FamilyKey, Refusal};

use super::components::{CardId, Components, Source, Sources};
use super::model::{FaceDownNumber, Phase, Seat, Settings, StellarState};

fn setting_str(t: &toml::Table, name: &str) -> Result<Option<String>, String> {
    match t.get(name) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s.clone())),
        Some(v) => Err(format!("réglage `{name}` : texte attendu, trouvé {v}")),
    }
}

fn read_source(path: &str, what: &str) -> Result<Source, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("réglage `{what}` : impossible de lire {path} : {e}"))?;
    Ok(Source { name: path.to_string(), text })
}

/// The setting `face_down_number` (S22): `3` (the booklet's « 3 », default)
/// or `"printed"`.
fn face_down_number(t: &toml::Table) -> Result<FaceDownNumber, String> {
    let bad = |v: &toml::Value| format!("réglage `face_down_number` : 3 ou \"printed\" attendu, trouvé {v}");
    match t.get("face_down_number") {
        None => Ok(FaceDownNumber::Three),
        Some(toml::Value::Integer(3)) => Ok(FaceDownNumber::Three),
        Some(v @ toml::Value::String(s)) => match crate::text::key(s).as_str() {
            "3" | "TROIS" | "THREE" => Ok(FaceDownNumber::Three),
            "PRINTED" | "IMPRIME" => Ok(FaceDownNumber::Printed),
            _ => Err(bad(v)),
        },
        Some(v) => Err(bad(v)),
    }
}

/// Reads `[games.settings]`: `first` (a player's name), `face_down_number`
/// (S22), `cards` and `telescope` (paths of the referee's own component
/// files; the embedded provisional set otherwise).
pub fn new_game(t: &toml::Table, seed: u64) -> Result<StellarState, String> {
    for k in t.keys() {
        if !["first", "face_down_number", "cards", "telescope"].contains(&k.as_str()) {
            return Err(format!("réglage `{k}` inconnu pour Stellar (first, face_down_number, cards, telescope)"));
        }
    }
    let settings = Settings { first: setting_str(t, "first")?, face_down_number: face_down_number(t)? };
    let embedded = Components::embedded()?;
    let components = match (setting_str(t, "cards")?, setting_str(t, "telescope")?) {
        (None, None) => embedded,
        (c, tl) => {
            let e: Sources = embedded.into();
            Components::parse(Sources {
                cards: match c {
                    Some(p) => read_source(&p, "cards")?,
                    None => e.cards,
                },
                telescope: match tl {
                    Some(p) => read_source(&p, "telescope")?,
                    None => e.telescope,
                },
            })?
        }
    };
    let pile = components.cards.keys().copied().collect();
    Ok(StellarState {
        settings,
        components,
        seed,
        step: 0,
        phase: Phase::Registration,
        seats: Vec::new(),
        first: 0,
        moves: 0,
        row: [None; 5],
        pile,
        discard: Vec::new(),
        refresh_allowed: false,
        refreshed: false,
        log: Vec::new(),
        result: None,
    })
}

pub fn register(s: &mut StellarState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
    if s.phase != Phase::Registration {
        return Err(crate::msg!("register-closed-started"));
    }
    if s.seat_of(family).is_some() {
        return Err(crate::msg!("register-player-already", name = name));
    }
    if s.seats.len() >= 2 {
        return Err(crate::msg!("stellar-register-full"));
    }
    let n = crate::text::collapse_spaces(name);
    if n.is_empty() {
        return Err(crate::msg!("register-player-name-empty"));
    }
    s.seats.push(Seat { key: family.clone(), name: n, ..Default::default() });
    Ok(())
}

/// Draws one card by lot from `from` (a subset of the pile when `only_start`).
fn draw_from_pile(s: &mut StellarState, dice: &mut Dice, only_start: bool, rule: &str, what: &str) -> Option<CardId> {
    let candidates: Vec<CardId> = s.pile.iter().copied().filter(|id| !only_start || s.card(*id).start).collect();
    let i = dice.pick_index(candidates.len(), rule, what)?;
    let id = candidates[i];
    dice.set_outcome(format!("{} (carte {id})", s.card(id).name()));
    s.pile.remove(&id);
    Some(id)
}

/// "Mise en place" 2, by lot: two starting cards to each player; the choice
/// follows, then [`deal_rest`].
pub fn deal_starting(s: &mut StellarState, dice: &mut Dice) {
    for seat in 0..2 {
        for _ in 0..2 {
            if let Some(c) = draw_from_pile(s, dice, true, "Mise en place 2", &format!("carte de départ du joueur {}", seat + 1)) {
                s.seats[seat].starting.insert(c);
            }
        }
    }
    s.phase = Phase::Start;
}

/// "Mise en place" 3–6, by lot, once the starting cards are placed: the
/// remaining cards (the fifth starting card among them) give two hand cards
/// each, the five cards of the row, then the first player. Nothing is dealt
/// twice (a game saved after an older deal already has its hands).
pub fn deal_rest(s: &mut StellarState, dice: &mut Dice) {
    if s.seats.iter().any(|x| !x.hand.is_empty()) || s.row.iter().any(Option::is_some) {
        return;
    }
    for seat in 0..2 {
        for _ in 0..2 {
            if let Some(c) = draw_from_pile(s, dice, false, "Mise en place 3", &format!("main de départ du joueur {}", seat + 1)) {
                s.seats[seat].hand.insert(c);
            }
        }
    }
    for p in 0..5 {
        s.row[p] = draw_from_pile(s, dice, false, "Mise en place 5", &format!("rangée, position {}", p + 1));
    }
    let named = s.settings.first.as_ref().map(|n| crate::text::key(n)).and_then(|k| s.seats.iter().position(|x| crate::text::key(&x.name) == k || x.key == k));
    s.first = match named {
        Some(i) => i,
        None => dice.pick_index(2, "Mise en place 6", "premier joueur").unwrap_or(0),
    };
}

/// Draws the next card by lot, reshuffling the discard into the pile when
/// the pile is exhausted ("Cartes satellite"). `None` only if both are empty.
pub fn draw(s: &mut StellarState, dice: &mut Dice, rule: &str, what: &str, reshuffled: &mut usize) -> Option<CardId> {
    if s.pile.is_empty() && !s.discard.is_empty() {
        *reshuffled += s.discard.len();
        s.pile.extend(s.discard.drain(..));
        dice.mark("Cartes satellite", "pioche épuisée : la défausse devient la pioche");
    }
    draw_from_pile(s, dice, false, rule, what)
}
