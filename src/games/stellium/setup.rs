//! A new game, registration, and "MISE EN PLACE DU JEU" by lot once the
//! registration step is played with 2 to 4 players.

use std::collections::{BTreeMap, BTreeSet};

use crate::dice::Dice;
use crate::game::{FamilyKey, Refusal};
use crate::games::settings::{boolean, string};

use super::components::{Colour, Components, Source, Sources};
use super::model::{LogEntry, Phase, Placed, Seat, Settings, StelliumState};

const KEYS: [&str; 10] = ["limite", "premiere_partie", "miroir", "premier", "tirage", "influence", "ultime_tour", "plateau", "disques", "objectifs"];

fn source(t: &toml::Table, name: &str, default: Source) -> Result<Source, String> {
    match string(t, name)? {
        None => Ok(default),
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("réglage `{name}` : impossible de lire {path} : {e}"))?;
            Ok(Source { name: path, text })
        }
    }
}

/// Reads `[games.settings]` (README, "Stellium"): `limite`, `premiere_partie`,
/// `miroir`, `premier`, `tirage`, `influence`, `ultime_tour` and the component files `plateau`,
/// `disques`, `objectifs`.
pub fn new_game(t: &toml::Table, seed: u64) -> Result<StelliumState, String> {
    if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(format!("réglage `{k}` inconnu pour Stellium ({})", KEYS.join(", ")));
    }
    let limit = match t.get("limite") {
        None => None,
        Some(toml::Value::Integer(n)) if (1..=200).contains(n) => Some(*n as u32),
        Some(v) => return Err(format!("réglage `limite` : nombre de 1 à 200 attendu, trouvé {v}")),
    };
    match string(t, "tirage")?.as_deref() {
        None | Some("choix") => {}
        Some("aveugle") | Some("toucher") => {
            return Err("réglage `tirage` : seul \"choix\" est disponible (\"aveugle\" et \"toucher\" ne sont pas encore réalisés, RULINGS T4)".into())
        }
        Some(o) => return Err(format!("réglage `tirage` : \"{o}\" inconnu (\"choix\")")),
    }
    let optional_influence = match string(t, "influence")?.as_deref() {
        None | Some("obligatoire") => false,
        Some("facultative") => true,
        Some(o) => return Err(format!("réglage `influence` : \"{o}\" inconnu (\"obligatoire\" ou \"facultative\")")),
    };
    let limit_cancels_last_round = match string(t, "ultime_tour")?.as_deref() {
        None | Some("maintenu") => false,
        Some("annule") => true,
        Some(o) => return Err(format!("réglage `ultime_tour` : \"{o}\" inconnu (\"maintenu\" ou \"annule\")")),
    };
    let settings = Settings {
        limit,
        first_game: boolean(t, "premiere_partie")?,
        mirror: boolean(t, "miroir")?,
        first: string(t, "premier")?,
        optional_influence,
        limit_cancels_last_round,
    };
    let e = Sources::embedded();
    let components = Components::parse(Sources {
        board: source(t, "plateau", e.board)?,
        discs: source(t, "disques", e.discs)?,
        objectives: source(t, "objectifs", e.objectives)?,
    })?;
    let reserve: BTreeSet<u32> = components.objectives.keys().copied().collect();
    let bag = Colour::ALL.map(|c| c.count() as u32);
    Ok(StelliumState {
        settings,
        components,
        seed,
        step: 0,
        phase: Phase::Registration,
        seats: Vec::new(),
        first: 0,
        mover: 0,
        moves: 0,
        discs: Vec::new(),
        marbles: BTreeMap::new(),
        bag,
        display: Vec::new(),
        reserve,
        boxed: Vec::new(),
        ending: None,
        log: Vec::new(),
        result: None,
    })
}

pub fn register(s: &mut StelliumState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
    if s.phase != Phase::Registration {
        return Err(crate::msg!("register-closed-started"));
    }
    if s.seat_of(family).is_some() {
        return Err(crate::msg!("register-player-already", name = name));
    }
    if s.seats.len() >= 4 {
        return Err(crate::msg!("stellium-register-full"));
    }
    let n = crate::text::collapse_spaces(name);
    if n.is_empty() {
        return Err(crate::msg!("register-player-name-empty"));
    }
    s.seats.push(Seat { key: family.clone(), name: n, tokens: Colour::ALL.into_iter().collect(), ..Default::default() });
    Ok(())
}

/// Reveals one card of the reserve, by lot ("Renouvellement"). `None` when
/// the reserve is empty.
pub fn reveal(s: &mut StelliumState, dice: &mut Dice, rule: &str) -> Option<u32> {
    let cards: Vec<u32> = s.reserve.iter().copied().collect();
    let i = dice.pick_index(cards.len(), rule, "carte révélée de la réserve d'objectifs")?;
    let id = cards[i];
    dice.set_outcome(format!("O{id}"));
    s.reserve.remove(&id);
    s.display.push(id);
    Some(id)
}

/// Draws one marble from the bag by lot (refill of an empty galaxy, T16).
pub fn draw_by_lot(s: &mut StelliumState, dice: &mut Dice, rule: &str, what: &str) -> Option<Colour> {
    let total = s.bag_total() as usize;
    let mut i = dice.pick_index(total, rule, what)? as u32;
    for c in Colour::ALL {
        if i < s.bag[c.index()] {
            s.bag[c.index()] -= 1;
            dice.set_outcome(c.word());
            return Some(c);
        }
        i -= s.bag[c.index()];
    }
    None
}

/// "MISE EN PLACE DU JEU" [2]–[9], by lot.
pub fn set_up(s: &mut StelliumState, dice: &mut Dice) {
    let places = s.components.places.len();
    // [2] the discs at random on the places, each turned at random.
    let mut discs: Vec<usize> = (0..places).collect();
    dice.shuffle(&mut discs, "Mise en place 2", "disques de galaxie sur les emplacements");
    s.discs = discs
        .into_iter()
        .enumerate()
        .map(|(p, disc)| Placed { disc, turn: dice.pick_index(6, "Mise en place 2", format!("orientation du disque en {}", s.components.places[p])).unwrap_or(0) })
        .collect();
    // [4]–[5] the display: 6, 7 or 8 cards; the rest is the reserve.
    let shown = s.n() + 4;
    for _ in 0..shown {
        reveal(s, dice, "Mise en place 4");
    }
    // [6] one marble of each kind on the 4 start holes of each galaxy, at random.
    for p in 0..places {
        let mut kinds = Colour::ALL.to_vec();
        dice.shuffle(&mut kinds, "Mise en place 6", format!("astres de départ de la galaxie {}", s.components.places[p]));
        for (h, c) in s.start_holes(p).into_iter().zip(kinds) {
            if s.bag[c.index()] > 0 {
                s.bag[c.index()] -= 1;
                s.marbles.insert(h, c);
            }
        }
    }
    // [9] the first player (T5).
    let named = s.settings.first.as_ref().map(|n| crate::text::key(n)).and_then(|k| s.seats.iter().position(|x| crate::text::key(&x.name) == k));
    s.first = match named {
        Some(i) => i,
        None => dice.pick_index(s.n(), "Mise en place 9", "premier joueur").unwrap_or(0),
    };
    s.mover = s.first;
    s.phase = Phase::Play;
    s.push_log(LogEntry::Setup { first: s.first });
}
