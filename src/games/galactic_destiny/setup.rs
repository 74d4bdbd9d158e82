//! A new game from `[games.settings]`, registration by party (G2), and
//! "Installation." once the registration step is played.
//!
//! Settings (RULINGS, Galactic Destiny): `joueurs_min` (default 3, 2
//! allowed), `joueurs_max` (default 6), `attribution_partis = "nom" |
//! "hasard"`, `premiere_election = "vote" | "hasard"`, `encheres = "table" |
//! "scellees"`, `impots`, `duree_max_loi`, `tours_max`, `declarations =
//! "fenetres" | "simultanees"`, `assassinat_facultatif`, `maitre_de_jeu`
//! (a game master, `mj`), `propositions = "liste" | "libres"` and
//! `tribunal` (both only with `maitre_de_jeu = true`), and the six
//! component files (`plateau`,
//! `partis`, `senateurs`, `cartes_secteur`, `actions`, `evenements`).
//!
//! Decks are sets (sorted): a card is drawn by lot when it is drawn
//! ("Mélangez les paquets"), so no order is ever stored.

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{FamilyKey, Refusal};
use crate::games::settings::{boolean, string};
use crate::i18n::Msg;

use super::components::interpret::{EffectState, SectorState, SenatorState};
use super::components::{Components, File, PartyId, Source, Sources};
use super::events::Event;
use super::model::{Declarations, FirstElection, GdState, Phase, PartyChoice, Seat, Settings, REPUBLIC_HOME};
use super::senate::round_table::Bidding;

/// The settings this ruleset reads (unknown ones are refused).
const KEYS: [&str; 22] = [
    "joueurs_min",
    "joueurs_max",
    "attribution_partis",
    "premiere_election",
    "encheres",
    "impots",
    "duree_max_loi",
    "tours_max",
    "declarations",
    "assassinat_facultatif",
    "maitre_de_jeu",
    "plateau",
    "partis",
    "senateurs",
    "cartes_secteur",
    "actions",
    "evenements",
    "competences_corrompues",
    "propositions",
    "tribunal",
    "propositions_libres_max",
    "accords_max",
];

/// "Installation des joueurs" 6): action cards each party draws.
pub const START_ACTIONS: u8 = 5;
/// … and senator cards.
pub const START_SENATORS: u8 = 3;
/// "Installation des joueurs" 5): fleets on the starting sector.
pub const START_FLEETS: u8 = 2;
/// "Le plateau" 3): Republic fleets on sector 1.
pub const START_REPUBLIC: u8 = 5;

fn integer(t: &toml::Table, name: &str, lo: i64, hi: i64, default: i64) -> Result<i64, String> {
    match t.get(name) {
        None => Ok(default),
        Some(toml::Value::Integer(n)) if (lo..=hi).contains(n) => Ok(*n),
        Some(v) => Err(format!("réglage `{name}` : nombre de {lo} à {hi} attendu, trouvé {v}")),
    }
}

/// One of two words.
fn choice<T>(t: &toml::Table, name: &str, words: [(&str, T); 2]) -> Result<T, String> {
    let [(a, x), (b, y)] = words;
    match string(t, name)?.as_deref() {
        None => Ok(x),
        Some(w) if w == a => Ok(x),
        Some(w) if w == b => Ok(y),
        Some(w) => Err(format!("réglage `{name}` : \"{w}\" inconnu (\"{a}\" ou \"{b}\")")),
    }
}

/// Reads the settings (RULINGS, Galactic Destiny) and the component files,
/// checks them, and makes the game at its registration step.
pub fn new_game(t: &toml::Table, seed: u64) -> Result<GdState, String> {
    if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(format!("réglage `{k}` inconnu pour Galactic Destiny ({})", KEYS.join(", ")));
    }
    let min_players = integer(t, "joueurs_min", 2, 6, 3)? as u8;
    let max_players = integer(t, "joueurs_max", 2, 6, 6)? as u8;
    if min_players > max_players {
        return Err(format!("réglages `joueurs_min` ({min_players}) plus grand que `joueurs_max` ({max_players})"));
    }
    let settings = Settings {
        min_players,
        max_players,
        party_choice: choice(t, "attribution_partis", [("nom", PartyChoice::ByName), ("hasard", PartyChoice::ByLot)])?,
        first_election: choice(t, "premiere_election", [("vote", FirstElection::Vote), ("hasard", FirstElection::ByLot)])?,
        bidding: choice(t, "encheres", [("table", Bidding::Table), ("scellees", Bidding::Sealed)])?,
        taxes: boolean(t, "impots")?,
        max_law_turns: integer(t, "duree_max_loi", 1, 9, 5)? as u8,
        max_turns: integer(t, "tours_max", 0, 999, 10)? as u32,
        declarations: choice(t, "declarations", [("fenetres", Declarations::Windows), ("simultanees", Declarations::Sealed)])?,
        optional_assassination: boolean(t, "assassinat_facultatif")?,
        corrupt_skills: t.get("competences_corrompues").map_or(Ok(true), |_| boolean(t, "competences_corrompues"))?,
        free_proposals: choice(t, "propositions", [("liste", false), ("libres", true)])?,
        court: boolean(t, "tribunal")?,
        game_master: boolean(t, "maitre_de_jeu")?,
        max_free_proposals: integer(t, "propositions_libres_max", 1, 10, 2)? as u8,
        max_deals: integer(t, "accords_max", 1, 20, 3)? as u8,
    };
    super::court::needs_game_master(&settings, settings.game_master)?;
    let mut sources = Sources::embedded();
    // `manuel` effects are read only when a game master is seated.
    sources.game_master = settings.game_master;
    for f in File::ALL {
        if let Some(path) = string(t, f.setting())? {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("réglage `{}` : impossible de lire {path} : {e}", f.setting()))?;
            *sources.get_mut(f) = Source { name: path, text };
        }
    }
    let components = Components::parse(sources).map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    Ok(fresh(components, settings, seed))
}

/// The game before "Installation.": every card in its deck (the starting
/// senators apart, under the senator deck), every sector neutral, nobody
/// seated.
fn fresh(components: Components, settings: Settings, seed: u64) -> GdState {
    let mut action_deck: Vec<String> = components.actions.iter().flat_map(|c| std::iter::repeat_n(c.name_fr.clone(), usize::from(c.copies))).collect();
    action_deck.sort();
    let mut event_deck: Vec<String> = components.events.iter().flat_map(|c| std::iter::repeat_n(c.name_fr.clone(), usize::from(c.copies))).collect();
    event_deck.sort();
    let (start, rest): (Vec<_>, Vec<_>) = components.senators.iter().partition(|s| s.start);
    let mut senator_deck: Vec<String> = rest.into_iter().map(|s| s.name.clone()).collect();
    senator_deck.sort();
    // "Séparé les six cartes de sénateur de départ. Placez celles inutilisées
    // en dessous du paquet" (G27): they wait in `senator_bottom`; install
    // takes the used ones out.
    let mut senator_bottom: Vec<String> = start.into_iter().map(|s| s.name.clone()).collect();
    senator_bottom.sort();
    let mut sector_deck = components.sector_cards.clone();
    sector_deck.sort();
    let fx = EffectState {
        sectors: components.board.sectors.keys().map(|n| (*n, SectorState::default())).collect(),
        action_deck,
        senator_deck,
        senator_bottom,
        ..EffectState::default()
    };
    GdState {
        components,
        settings,
        seed,
        seats: Vec::new(),
        phase: Phase::Registration,
        step: 0,
        game_turn: 0,
        fx,
        fleets: BTreeMap::new(),
        republic_at: BTreeMap::new(),
        ministries: BTreeMap::new(),
        election_marker: 0,
        election_called: None,
        laws: Vec::new(),
        defied: Default::default(),
        fleet_orders: None,
        initiative: Vec::new(),
        event_deck,
        event_discard: Vec::new(),
        active_events: Vec::new(),
        sector_deck,
        sector_discard: Vec::new(),
        dead: Vec::new(),
        agenda: Vec::new(),
        filings: Default::default(),
        deals: Vec::new(),
        tried: Default::default(),
        audited: Default::default(),
        taxes_paid: 0,
        recruited: Default::default(),
        intrigue: Default::default(),
        rebellion: Default::default(),
        ending: None,
        cards: Default::default(),
        free_laws: Vec::new(),
        suits: Vec::new(),
        mj: Default::default(),
    }
}

/// The party a registration name names: its sigle, or its French or English
/// name (case and accents ignored).
pub fn party_named(state: &GdState, name: &str) -> Option<PartyId> {
    let k = crate::text::key(name);
    state
        .components
        .parties
        .iter()
        .find(|p| crate::text::key(p.id.sigle()) == k || crate::text::key(&p.name_fr) == k || crate::text::key(&p.name_en) == k)
        .map(|p| p.id)
}

/// The parties of the components no seat has taken yet, as "GSP, BIP…".
fn free_parties(state: &GdState) -> String {
    let free: Vec<&str> = state.components.parties.iter().map(|p| p.id).filter(|p| !state.seats.iter().any(|s| s.party == Some(*p))).map(PartyId::sigle).collect();
    free.join(", ")
}

/// `INSCRIPTION <name>`: a seat, its party from the name unless parties go
/// by lot.
pub fn register(state: &mut GdState, family: &FamilyKey, name: &str) -> Result<(), Refusal> {
    if state.phase != Phase::Registration {
        return Err(crate::msg!("register-closed-started"));
    }
    if state.seat_of(family).is_some() {
        return Err(crate::msg!("register-player-already", name = name));
    }
    let max = usize::from(state.settings.max_players).min(state.components.parties.len());
    if state.seats.len() >= max {
        return Err(crate::msg!("galactic-destiny-register-full", players = max));
    }
    let n = crate::text::collapse_spaces(name);
    if n.is_empty() {
        return Err(crate::msg!("register-player-name-empty"));
    }
    let party = match state.settings.party_choice {
        // A seat's name never reads as a party: `PARTI POP` names the seat
        // drawn POP, not a player who registered as "POP".
        PartyChoice::ByLot if party_named(state, &n).is_some() => {
            return Err(crate::msg!("galactic-destiny-register-name-is-party", name = n));
        }
        PartyChoice::ByLot => None,
        PartyChoice::ByName => {
            let Some(p) = party_named(state, &n) else {
                return Err(crate::msg!("galactic-destiny-register-unknown-party", name = n, free = free_parties(state)));
            };
            if state.seats.iter().any(|s| s.party == Some(p)) {
                return Err(crate::msg!("galactic-destiny-register-party-taken", party = p.sigle(), free = free_parties(state)));
            }
            Some(p)
        }
    };
    state.seats.push(Seat { key: family.clone(), name: n, party, resigned: false });
    Ok(())
}

/// Whether "Installation." can be played: at least `joueurs_min` seats.
/// `Err` is the reason, for the players and the referee (the step is held:
/// the public view carries it as `referee_alert` / `hold_reason`, as
/// Galaxy's failed generation).
pub fn can_start(state: &GdState) -> Result<(), Msg> {
    let seats = state.seats.len();
    let least = usize::from(state.settings.min_players);
    if seats < least {
        return Err(crate::msg!("galactic-destiny-too-few-parties", players = seats, least = least));
    }
    Ok(())
}

/// The reason a registration step could not start the game, from its
/// events ([`Event::TooFewParties`]): what the public view gives as
/// `hold_reason`; the referee's `referee_alert` is
/// `galactic-destiny-referee-not-started` with it as `$reason`.
pub fn not_started(events: &[Event]) -> Option<Msg> {
    events.iter().find_map(|e| match e {
        Event::TooFewParties { players, least } => Some(crate::msg!("galactic-destiny-too-few-parties", players = usize::from(*players), least = usize::from(*least))),
        _ => None,
    })
}

/// Draws one action card by lot for a party, the deck remade from its
/// discards when empty ("lorsque le paquet de cartes action est épuisé, on
/// remélange la pile de défausse"). Returns whether a card was drawn.
pub fn draw_action(state: &mut GdState, party: PartyId, dice: &mut Dice, rule: &str) -> bool {
    let fx = &mut state.fx;
    if fx.action_deck.is_empty() {
        fx.action_deck = std::mem::take(&mut fx.action_discard);
        fx.action_deck.sort();
    }
    let Some(i) = dice.pick_index(fx.action_deck.len(), rule, format!("carte action pour {}", party.sigle())) else { return false };
    let card = fx.action_deck.remove(i);
    fx.parties.entry(party).or_default().hand.push(card);
    true
}

/// Draws one senator card by lot for a party: the deck, then (never
/// reshuffled, G25) the unused starting senators under it (G27). Returns
/// whether a card was drawn.
pub fn draw_senator(state: &mut GdState, party: PartyId, dice: &mut Dice, rule: &str) -> bool {
    let fx = &mut state.fx;
    let from = if fx.senator_deck.is_empty() { &mut fx.senator_bottom } else { &mut fx.senator_deck };
    let Some(i) = dice.pick_index(from.len(), rule, format!("carte sénateur pour {}", party.sigle())) else { return false };
    let card = from.remove(i);
    fx.parties.entry(party).or_default().waiting.push(card);
    true
}

/// A senator card entering play for `party` (starting senator, recruit):
/// fresh, no token.
pub fn senator_state(state: &GdState, name: &str, party: PartyId) -> SenatorState {
    let card = state.components.senator(name);
    SenatorState {
        party,
        race: card.and_then(|c| c.race),
        icon: card.and_then(|c| c.party),
        corruption: 0,
        shadow: 0,
        exhausted: false,
        seduced: false,
        minister: false,
        diplomacy: Vec::new(),
        command: Vec::new(),
    }
}

/// "Installation.": parties given, home sectors, fleets, starting senators,
/// hands and resources; the Republic's 5 fleets on sector 1. With fewer
/// seats than `joueurs_min` nothing changes and [`Event::TooFewParties`]
/// says why (see [`can_start`]). The game stays at its registration phase
/// until [`super::galactic::phase`] opens game turn 1.
pub fn install(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    if can_start(state).is_err() {
        events.push(Event::TooFewParties { players: state.seats.len() as u8, least: state.settings.min_players });
        return;
    }
    // "Installation des joueurs" 1): parties by lot when "hasard".
    let by_lot = state.settings.party_choice == PartyChoice::ByLot;
    if by_lot {
        let mut free: Vec<PartyId> = state.components.parties.iter().map(|p| p.id).collect();
        free.sort();
        for i in 0..state.seats.len() {
            let k = dice.pick_index(free.len(), "Installation des joueurs", format!("parti de {}", state.seats[i].name)).unwrap_or(0);
            let p = free.remove(k);
            dice.set_outcome(p.sigle());
            state.seats[i].party = Some(p);
        }
    }
    let mut parties: Vec<PartyId> = state.seats.iter().filter_map(|s| s.party).collect();
    parties.sort();
    // "Le plateau" 2)–3).
    state.election_marker = 0;
    state.fx.republic_fleets = START_REPUBLIC;
    state.republic_at = BTreeMap::from([(REPUBLIC_HOME, START_REPUBLIC)]);
    for &p in &parties {
        let card = state.components.party(p).expect("a seated party is in the components").clone();
        // 2) resources from the party card.
        let ps = state.fx.parties.entry(p).or_default();
        ps.money = card.money;
        ps.influence = card.influence;
        // 3) a property token, 5) two fleets on the starting sector.
        state.fx.sectors.entry(card.start_sector).or_default().owner = Some(p);
        *state.fleets.entry(card.start_sector).or_default().entry(p).or_default() += START_FLEETS;
        // 4) the starting senator in play.
        let name = state.components.senator(&card.start_senator).map_or(card.start_senator.clone(), |s| s.name.clone());
        state.fx.senator_bottom.retain(|n| *n != name);
        let s = senator_state(state, &name, p);
        state.fx.senators.insert(name, s);
    }
    // 6) 5 action cards and 3 senator cards each, by lot.
    for &p in &parties {
        for _ in 0..START_ACTIONS {
            draw_action(state, p, dice, "Installation des joueurs");
        }
        for _ in 0..START_SENATORS {
            draw_senator(state, p, dice, "Installation des joueurs");
        }
    }
    let named: Vec<(PartyId, String)> = state.seats.iter().filter_map(|s| s.party.map(|p| (p, s.name.clone()))).collect();
    events.push(Event::Setup { parties: named, by_lot });
}

/// A game set up as "Installation." says for `parties` (one seat each,
/// registered by sigle, family keys the sigles in lower case; `joueurs_min`
/// 2, every other setting its default), at S1 of game turn 1 after its
/// galactic phase; every draw by lot from `seed`. The shared starting point
/// of the unit tests and of the rules-case harness (which edits it).
pub fn test_state(parties: &[PartyId], seed: u64) -> GdState {
    let mut settings = toml::Table::new();
    settings.insert("joueurs_min".into(), toml::Value::Integer(2));
    let mut state = new_game(&settings, seed).expect("the embedded components are valid");
    for p in parties {
        register(&mut state, &p.sigle().to_lowercase(), p.sigle()).expect("a free party");
    }
    let mut dice = Dice::for_turn(seed, 0);
    let mut events = Vec::new();
    install(&mut state, &mut dice, &mut events);
    super::galactic::phase(&mut state, &mut dice, &mut events);
    state
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        crate::msg!("galactic-destiny-register-full", players = 6),
        crate::msg!("galactic-destiny-register-unknown-party", name = "X", free = "GSP, BIP"),
        crate::msg!("galactic-destiny-register-party-taken", party = "GSP", free = "BIP"),
        crate::msg!("galactic-destiny-register-name-is-party", name = "POP"),
        crate::msg!("galactic-destiny-too-few-parties", players = 2, least = 3),
        crate::msg!("galactic-destiny-referee-not-started", reason = crate::msg!("galactic-destiny-too-few-parties", players = 2, least = 3)),
    ]
}

#[cfg(test)]
#[path = "setup_tests.rs"]
mod tests;
