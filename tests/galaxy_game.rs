//! Whole games of Galaxy played by simple simulated players: generation (2.3,
//! 3, 5), determinism, conservation of ships, the fleet limit, and the
//! NO-LEAK property of rule 6 (no player's view, report or map holds a star,
//! fleet or fact outside what rule 6 grants, nor an absolute coordinate
//! before the end of the game).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use arbitre::dice::Dice;
use arbitre::game::{FamilyInput, OrderLine, OrderStatus, Ruleset, ViewContext};
use arbitre::games::galaxy::adjudicate::{Event, MoveHow};
use arbitre::games::galaxy::generate::count_range;
use arbitre::games::galaxy::model::{GalaxyState, Kind, Pos, Ships};
use arbitre::games::galaxy::{Galaxy, Orders};
use arbitre::render::Renderer;
use proptest::prelude::*;

#[path = "data/galaxy/oracle.rs"]
mod oracle;
use oracle::{within_any, Oracle};
use serde_json::{json, Value};

fn settings(players: u32, turns: u32) -> toml::Table {
    let mut t = toml::Table::new();
    t.insert("turns".into(), toml::Value::Integer(turns as i64));
    t.insert("players".into(), toml::Value::Integer(players as i64));
    t
}

fn name(i: u32) -> String {
    format!("Nation{i:02}")
}
fn key(i: u32) -> String {
    format!("NATION{i:02}")
}

/// A new game with `n` players, turn 0 adjudicated (the galaxy exists).
fn new_game(n: u32, seed: u64, turns: u32) -> (GalaxyState, Vec<Event>) {
    let mut s = Galaxy::new_game(&settings(n, turns), seed).unwrap();
    for i in 1..=n {
        Galaxy::register(&mut s, &key(i), &name(i)).unwrap();
    }
    let mut dice = Dice::for_turn(seed, 0);
    let out = Galaxy::adjudicate(&s, &BTreeMap::new(), &mut dice);
    (out.state, out.events)
}

fn ctx(turn: u32, lang: &str) -> ViewContext {
    ViewContext { game_id: "gx1".into(), turn, deadline: "lundi 3 mars 2025 à 20 h".into(), time_left: "6 jours".into(), lang: lang.into() }
}

// ------------------------------------------------------------ generation

#[test]
fn r2_3_r3_r5_generation_respects_the_ranges() {
    for seed in [1u64, 2, 3, 99] {
        let n = 4 + (seed as u32 % 13);
        let (s, events) = new_game(n, seed, 20);
        assert!(matches!(events[0], Event::Generated { stars: 120, .. }));
        assert_eq!(s.turn, 1);
        assert_eq!(s.stars.len(), 120);
        assert_eq!(s.torus.size, 30);
        let squares: BTreeSet<Pos> = s.stars.iter().map(|x| x.pos).collect();
        assert_eq!(squares.len(), 120, "one star per square");
        let names: BTreeSet<&str> = s.stars.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names.len(), 120, "3.1: unique names");
        for st in &s.stars {
            assert_eq!(st.name.len(), 6, "3.1: six letters: {}", st.name);
            assert!(st.name.chars().all(|c| c.is_ascii_uppercase()));
            assert!((0..=9).contains(&st.magnitude) && (0..=9).contains(&st.life));
            assert!(st.resources <= 15);
            if st.kind == Kind::Base {
                assert_eq!((st.tech, st.docility, st.defence(), st.resources), (6, 5, 11, 10), "3.9: a home star");
            } else {
                assert!((0..=9).contains(&st.tech));
                assert!((-4..=5).contains(&st.docility), "3.5: DO from -4 to +5");
                if st.life == 0 {
                    assert_eq!((st.tech, st.docility), (0, 0), "3.4/3.5: uninhabited");
                }
            }
        }
        let mut count: BTreeMap<Kind, u32> = BTreeMap::new();
        for st in &s.stars {
            *count.entry(st.kind).or_insert(0) += 1;
        }
        for k in Kind::ALL {
            let c = count.get(&k).copied().unwrap_or(0);
            match k {
                Kind::Base => assert_eq!(c, n, "one BASE per player"),
                Kind::Normal => {}
                Kind::Exit => assert_eq!(c, count.get(&Kind::Gate).copied().unwrap_or(0), "as many EXIT as GATE"),
                _ => {
                    let (lo, hi) = count_range(k, 120);
                    assert!((lo..=hi).contains(&c), "{} stars of kind {}: not within {lo}..{hi}", c, k.name());
                }
            }
        }
        assert_eq!(count[&Kind::Throne], 1);
        assert_eq!(count[&Kind::Lotus], 5);
        // Every GATE leads to a distinct EXIT.
        let exits: BTreeSet<usize> = s.stars.iter().filter(|x| x.kind == Kind::Gate).filter_map(|x| x.exit).collect();
        assert_eq!(exits.len() as u32, count[&Kind::Gate]);
        assert!(exits.iter().all(|&e| s.stars[e].kind == Kind::Exit));
        // 5 KEY: an 8-character code.
        assert_eq!(s.throne_code.len(), 8);
        assert!(s.throne_code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
        // Players: T 6, DO 5 (home), RE 10, their home star.
        let bases: Vec<Pos> = s.players.values().map(|p| p.origin).collect();
        for (k, p) in &s.players {
            assert_eq!((p.tech, p.treasury), (6, 10));
            assert_eq!(s.stars[p.base].owner.as_deref(), Some(k.as_str()));
            assert_eq!(s.stars[p.base].pos, p.origin);
            assert_eq!(p.life, s.stars[p.base].life);
        }
        // Spread fairly apart: no two homes closer than 4 kpc on a 30×30 torus.
        for (i, a) in bases.iter().enumerate() {
            for b in &bases[i + 1..] {
                assert!(s.torus.dist(*a, *b) >= 4.0, "homes too close: {a:?} {b:?} ({n} players)");
            }
        }
    }
}

#[test]
fn generation_is_a_function_of_the_seed() {
    let (a, _) = new_game(8, 42, 20);
    let (b, _) = new_game(8, 42, 20);
    let (c, _) = new_game(8, 43, 20);
    assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
    assert_ne!(a.stars, c.stars);
}

#[test]
fn r2_2_settings_are_checked() {
    assert!(Galaxy::new_game(&settings(8, 19), 1).is_err(), "fewer than 20 turns");
    let s = Galaxy::new_game(&toml::Table::new(), 1).unwrap();
    assert_eq!((s.settings.turns, s.settings.size, s.settings.stars), (20, 30, 120));
    let mut big = settings(200, 20);
    big.insert("size".into(), toml::Value::Integer(110));
    big.insert("stars".into(), toml::Value::Integer(1600));
    let mut s = Galaxy::new_game(&big, 5).unwrap();
    for i in 1..=200 {
        Galaxy::register(&mut s, &format!("P{i}"), &format!("P{i}")).unwrap();
    }
    let out = Galaxy::adjudicate(&s, &BTreeMap::new(), &mut Dice::for_turn(5, 0));
    assert_eq!(out.state.stars.len(), 1600);
    assert_eq!(out.state.stars.iter().filter(|x| x.kind == Kind::Base).count(), 200);
}

#[test]
fn registration_closes_when_the_galaxy_exists() {
    let mut s = Galaxy::new_game(&settings(4, 20), 1).unwrap();
    Galaxy::register(&mut s, &"A".to_string(), "A").unwrap();
    assert!(Galaxy::register(&mut s, &"A".to_string(), "A").is_err(), "twice");
    for k in ["B", "C", "D"] {
        Galaxy::register(&mut s, &k.to_string(), k).unwrap();
    }
    assert!(Galaxy::register(&mut s, &"E".to_string(), "E").is_err(), "more than `players`");
    let out = Galaxy::adjudicate(&s, &BTreeMap::new(), &mut Dice::for_turn(1, 0));
    let mut s = out.state;
    assert!(Galaxy::register(&mut s, &"F".to_string(), "F").is_err());
    // Orders at turn 0 are refused; after it, accepted.
    let line = vec![OrderLine { no: 1, text: "CONSTRUIRE F1 5P +0+0".into() }];
    let v = Galaxy::parse_orders(&s, &"A".to_string(), &line);
    assert!(v.verdicts[0].is_accepted(), "{:?}", v.verdicts);
}

// ------------------------------------------------------------ simulated players

/// One player's orders for a turn, chosen by lot from what they own.
fn bot_lines(s: &GalaxyState, who: &str, dice: &mut Dice) -> Vec<String> {
    let Some(p) = s.players.get(who) else { return vec![] };
    let mut lines = Vec::new();
    let mut budget = p.treasury;
    let mut free: Vec<u8> = (1..=9u8).filter(|n| !p.fleets.contains_key(n)).collect();
    let own: Vec<usize> = s.stars_of(who).map(|(i, _)| i).collect();
    // 4.1.4: colonise where an ark orbits (the parser refuses what it must).
    for f in p.fleets.values() {
        if f.ships.n > 0 {
            if let Some(i) = s.star_at(f.pos) {
                if s.stars[i].owner.as_deref() != Some(who) {
                    let rel = s.torus.rel(p.origin, f.pos).label();
                    let code = if s.stars[i].kind == Kind::Throne && p.throne_code.is_some() { format!(" {}", s.throne_code) } else { String::new() };
                    lines.push(format!("COLONISER {rel}{code}"));
                }
            }
        }
    }
    if let Some(&home) = own.first() {
        let at = s.torus.rel(p.origin, s.stars[home].pos).label();
        if budget >= 12 && !free.is_empty() {
            let no = free.remove(0);
            lines.push(format!("CONSTRUIRE F{no} 1P 0C 1N {at}"));
            budget -= 12;
        } else if budget >= 4 && !free.is_empty() && dice.range(0, 1, "test", "build") == 1 {
            let no = free.remove(0);
            let n = (budget / 2).min(5);
            lines.push(format!("BUILD F{no} {n}P {at}"));
            budget -= 2 * n;
        }
        if budget >= 2 && dice.range(0, 3, "test", "defence") == 0 {
            lines.push(format!("DEFENSE {at} 1"));
            budget -= 1;
        }
    }
    if budget >= 1 && dice.range(0, 5, "test", "gift") == 0 {
        let others: Vec<&String> = s.players.keys().filter(|k| k.as_str() != who).collect();
        if let Some(i) = dice.pick_index(others.len(), "test", "gift to") {
            let to = &s.players[others[i]].name;
            lines.push(format!("DON {to} 1"));
        }
    }
    if dice.range(0, 2, "test", "ally") == 0 {
        let others: Vec<&String> = s.players.keys().filter(|k| k.as_str() != who).collect();
        if let Some(i) = dice.pick_index(others.len(), "test", "ally") {
            lines.push(format!("ALLIANCE {}", s.players[others[i]].name));
        }
    }
    let fleets: Vec<(u8, arbitre::games::galaxy::model::Fleet)> = p.fleets.iter().map(|(k, v)| (*k, v.clone())).collect();
    if fleets.len() >= 2 && dice.range(0, 4, "test", "merge") == 0 {
        let (a, fa) = &fleets[0];
        if let Some((b, _)) = fleets.iter().skip(1).find(|(_, f)| f.pos == fa.pos) {
            lines.push(format!("REUNIR F{a} F{b}"));
        }
    }
    for (no, f) in &fleets {
        let here = s.star_at(f.pos);
        let fire = f.ships.base_fire();
        let roll = dice.range(0, 9, "test", "fleet order");
        if fire > 0 && here.is_some_and(|i| s.stars[i].owner.as_deref() != Some(who)) && roll < 5 {
            lines.push(format!("ATTAQUER F{no} ETOILE"));
            lines.push(format!("ATTAQUER F{no} FLOTTE"));
            continue;
        }
        let sp = f.speed() as i32;
        let (dh, dv) = if roll == 9 {
            (sp + 1, 0) // too long: the fleet scuttles (4.2)
        } else {
            loop {
                let h = dice.range(0, 2 * sp as u32, "test", "dh") as i32 - sp;
                let v = dice.range(0, 2 * sp as u32, "test", "dv") as i32 - sp;
                if h * h + v * v <= sp * sp {
                    break (h, v);
                }
            }
        };
        let dest = s.torus.rel(p.origin, s.torus.wrap(Pos { x: f.pos.x + dh, y: f.pos.y + dv }));
        if roll == 8 {
            lines.push(format!("POURSUIVRE F{no} {}", dest.label()));
        } else {
            lines.push(format!("DEPLACER F{no} {}", dest.label()));
        }
        if fire > 0 && roll.is_multiple_of(2) {
            lines.push(format!("ATTACK F{no} FLEET"));
        }
    }
    // 4.1.9: one query per DATA star held since an earlier turn.
    for (i, st) in s.stars_of(who) {
        if st.kind == Kind::Data && s.active(i, s.turn) {
            let h = dice.range(0, 8, "test", "data h") as i32 - 4;
            let v = dice.range(0, 8, "test", "data v") as i32 - 4;
            lines.push(format!("DATA {} {h:+}{v:+}", st.name));
        }
    }
    if dice.range(0, 4, "test", "noise") == 0 {
        lines.push("DEPLACR F1 +1+1".into());
    }
    lines
}

struct TurnPlayed {
    before: GalaxyState,
    after: GalaxyState,
    events: Vec<Event>,
    /// What each player ordered and had accepted (for the oracle).
    accepted: BTreeMap<String, Orders>,
}

fn play_turn(s: &GalaxyState, seed: u64, bot_dice: &mut Dice, silent: &BTreeSet<String>) -> TurnPlayed {
    let mut inputs = BTreeMap::new();
    let mut accepted = BTreeMap::new();
    let mut rank = 0;
    for k in s.players.keys() {
        if silent.contains(k) {
            inputs.insert(k.clone(), FamilyInput::new(OrderStatus::Onr, Orders::default(), None));
            continue;
        }
        let lines: Vec<OrderLine> =
            bot_lines(s, k, bot_dice).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
        let parsed = Galaxy::parse_orders(s, k, &lines);
        assert_eq!(parsed.verdicts.len(), lines.len(), "one verdict per line");
        for v in &parsed.verdicts {
            if let arbitre::game::LineOutcome::Rejected { reason, .. } = &v.outcome {
                let reason = reason.render(arbitre::i18n::Lang::Fr);
                assert!(!reason.is_empty() && reason.ends_with('.'), "one clear sentence: {reason}");
            }
        }
        let c = Galaxy::completeness(s, k, &parsed.orders);
        let status = arbitre::game::status_of(parsed.verdicts.iter().any(|v| v.is_accepted()), &c);
        let mut dd = Dice::for_turn(seed ^ 0xdead, s.turn);
        let orders = Galaxy::default_orders(s, k, status, parsed.orders, &mut dd);
        accepted.insert(k.clone(), orders.clone());
        inputs.insert(k.clone(), FamilyInput::new(status, orders, Some(rank)));
        rank += 1;
    }
    let mut dice = Dice::for_turn(seed, s.turn);
    let out = Galaxy::adjudicate(s, &inputs, &mut dice);
    TurnPlayed { before: s.clone(), after: out.state, events: out.events, accepted }
}

fn ships_total(s: &GalaxyState) -> u64 {
    s.players.values().flat_map(|p| p.fleets.values()).map(|f| f.ships.total() as u64).sum()
}

/// 4.1.3 and conservation: ships appear only by building (or a CITY) and
/// vanish only by a loss the owner is told of.
fn check_invariants(t: &TurnPlayed) {
    for (k, p) in &t.after.players {
        assert!(p.fleets.len() <= 9, "{k} has {} fleets", p.fleets.len());
        assert!(p.fleets.keys().all(|n| (1..=9).contains(n)));
        for (no, f) in &p.fleets {
            assert!(f.ships.total() > 0, "{k} F{no} is empty");
        }
    }
    let built: u64 = t
        .accepted
        .values()
        .flat_map(|o| o.items.iter())
        .map(|o| match o {
            arbitre::games::galaxy::orders::Order::Build { ships, .. } => ships.total() as u64,
            _ => 0,
        })
        .sum();
    let notes = |pat: &str| t.events.iter().filter(|e| matches!(e, Event::Note { fr, .. } if fr.contains(pat))).count() as u64;
    let city = notes("(CITY) vous offre");
    let before = ships_total(&t.before);
    let after = ships_total(&t.after);
    assert!(after <= before + built + 7 * city, "ships appeared: {before} -> {after} (+{built} built, {city} CITY)");
    let losses = notes("attaque une flotte") + notes("sabordée") + notes("corps et biens");
    if losses == 0 {
        assert!(after >= before, "ships vanished without a loss: {before} -> {after}");
    }
    // Every scuttled move was really too long; every move within speed (4.2).
    for e in &t.events {
        if let Event::Moved { player, fleet, from, to, how } = e {
            let f = t.before.players[player].fleets.get(fleet).or_else(|| t.after.players[player].fleets.get(fleet));
            if let (Some(f), MoveHow::Move | MoveHow::Pursuit) = (f, how) {
                let speed = f.speed().max(t.after.players[player].fleets.get(fleet).map_or(0, |g| g.speed()));
                assert!(t.after.torus.within(*from, *to, speed as i64), "{player} F{fleet} moved {from:?}->{to:?} beyond speed {speed}");
            }
        }
    }
}

#[test]
fn adjudication_is_deterministic_and_keeps_the_invariants() {
    for seed in [7u64, 8] {
        let (mut a, _) = new_game(6, seed, 20);
        let (mut b, _) = new_game(6, seed, 20);
        let mut da = Dice::for_turn(seed, 1000);
        let mut db = Dice::for_turn(seed, 1000);
        for _ in 0..8 {
            let ta = play_turn(&a, seed, &mut da, &BTreeSet::new());
            let tb = play_turn(&b, seed, &mut db, &BTreeSet::new());
            assert_eq!(serde_json::to_string(&ta.after).unwrap(), serde_json::to_string(&tb.after).unwrap());
            assert_eq!(serde_json::to_string(&ta.events).unwrap(), serde_json::to_string(&tb.events).unwrap());
            check_invariants(&ta);
            a = ta.after;
            b = tb.after;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]
    #[test]
    fn prop_invariants_over_random_games(seed in 0u64..10_000, n in 4u32..9) {
        let (mut s, _) = new_game(n, seed, 20);
        let mut bd = Dice::for_turn(seed, 2000);
        for _ in 0..6 {
            let t = play_turn(&s, seed, &mut bd, &BTreeSet::new());
            check_invariants(&t);
            s = t.after;
        }
    }
}

// ------------------------------------------------------------ NO-LEAK

/// Whether `text` holds `word` as a whole word (not inside a longer one).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

fn collect_keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.insert(k.clone());
                collect_keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_keys(x, out)),
        _ => {}
    }
}

/// The square an `at` object of the view designates, for this player.
fn abs_of(s: &GalaxyState, origin: Pos, at: &Value) -> Pos {
    let h = at["h"].as_i64().unwrap() as i32;
    let v = at["v"].as_i64().unwrap() as i32;
    let half = s.torus.size / 2;
    assert!((-half..s.torus.size - half).contains(&h) && (-half..s.torus.size - half).contains(&v), "outside the window: {at}");
    assert_eq!(at["pos"].as_str().unwrap(), format!("{h:+}{v:+}"));
    assert_eq!(at["col"].as_i64().unwrap() as i32, h + half);
    assert_eq!(at["row"].as_i64().unwrap() as i32, s.torus.size - half - 1 - v);
    s.torus.wrap(Pos { x: origin.x + h, y: origin.y + v })
}

fn check_view(t: &TurnPlayed, who: &str, oracle: &Oracle, view: &Value, rendered: &[String]) {
    let s = &t.after;
    let p = &s.players[who];
    let text = view.to_string();
    let mut keys = BTreeSet::new();
    // `map` holds pixels, computed from the rest of the view alone.
    let mut bare = view.clone();
    bare.as_object_mut().unwrap().remove("map");
    collect_keys(&bare, &mut keys);
    for banned in ["x", "y", "origin", "full", "ranking", "exit", "id", "throne_code", "seed"] {
        assert!(!keys.contains(banned), "{who}: key «{banned}» in the view before the end");
    }
    let range = (p.tech as i64 - 4).max(0);
    let mut srcs: Vec<Pos> = p.fleets.values().map(|f| f.pos).collect();
    srcs.extend(s.stars_of(who).map(|(_, x)| x.pos));
    let arr = |k: &str| view[k].as_array().cloned().unwrap_or_default();
    for st in arr("own_stars") {
        let at = abs_of(s, p.origin, &st["at"]);
        let i = s.star_at(at).expect("own star exists");
        assert_eq!(s.stars[i].owner.as_deref(), Some(who));
        assert_eq!(st["name"], json!(s.stars[i].name));
    }
    for st in arr("stars") {
        let at = abs_of(s, p.origin, &st["at"]);
        let i = s.star_at(at).expect("known star exists");
        assert_eq!(st["name"], json!(s.stars[i].name), "{who}: a star's name at the wrong place");
        assert!(oracle.details.contains(&i), "{who}: LEAK: details of {} not granted by rule 6", s.stars[i].name);
        if let Some(o) = st["owner"].as_str() {
            assert!(o == "vous" || o == "libre" || oracle.names.contains(o), "{who}: LEAK: owner {o} of {}", s.stars[i].name);
        }
    }
    for e in arr("star_echoes") {
        let at = abs_of(s, p.origin, &e["at"]);
        let i = s.star_at(at).expect("an echo of a star is a star");
        assert!(oracle.seen.contains(&i), "{who}: LEAK: star echo at {at:?} not granted");
    }
    for f in arr("fleets") {
        let at = abs_of(s, p.origin, &f["at"]);
        let no: u8 = f["fleet"].as_str().unwrap()[1..].parse().unwrap();
        assert_eq!(p.fleets[&no].pos, at);
    }
    let radars: Vec<Pos> =
        s.stars_of(who).filter(|(_, x)| x.kind == Kind::Radar && x.colonised_turn.is_some_and(|c| c < t.before.turn)).map(|(_, x)| x.pos).collect();
    for e in arr("fleet_echoes").iter().chain(arr("radar").iter()) {
        let at = abs_of(s, p.origin, &e["at"]);
        let there = s.players.iter().any(|(k, q)| k != who && q.fleets.values().any(|f| f.pos == at && !f.invisible));
        assert!(there, "{who}: an echo of a fleet where no visible fleet is");
        assert!(within_any(s, &srcs, at, range) || within_any(s, &radars, at, 5), "{who}: LEAK: fleet echo at {at:?} out of range");
    }
    for m in arr("moves") {
        abs_of(s, p.origin, &m["from"]);
        abs_of(s, p.origin, &m["to"]);
    }
    // No name of a star or player the player may not know, anywhere.
    let all: Vec<&str> = std::iter::once(text.as_str()).chain(rendered.iter().map(String::as_str)).collect();
    for (i, st) in s.stars.iter().enumerate() {
        if oracle.details.contains(&i) {
            continue;
        }
        for doc in &all {
            assert!(!has_word(doc, &st.name), "{who}: LEAK: the name of star {} (not granted)", st.name);
        }
    }
    for (k, q) in &s.players {
        if k == who || oracle.names.contains(&q.name) {
            continue;
        }
        for doc in &all {
            assert!(!has_word(doc, &q.name), "{who}: LEAK: the name of player {}", q.name);
        }
    }
    // The anonymous histogram counts every player.
    let total: u64 = arr("histogram").iter().map(|h| h["players"].as_u64().unwrap()).sum();
    assert_eq!(total, s.players.len() as u64);
}

fn render_all(r: &Renderer, ctx: &ViewContext, who: &str, name: &str, view: &Value, form: &[arbitre::game::FormLine], lang: &str) -> Vec<String> {
    let forms: Vec<Value> = form.iter().map(|l| l.to_json(arbitre::i18n::Lang::from_code(lang))).collect();
    let family = json!({"key": who, "name": name, "status": "OR", "onr_streak": 0, "lang": lang});
    let mut out = Vec::new();
    for (tpl, cid) in [("txt", Value::Null), ("html", json!("map")), ("html", Value::Null)] {
        let c = json!({"ctx": ctx, "family": family, "view": view, "form": forms, "map_cid": cid});
        out.push(r.render(&format!("galaxy/report.{lang}.{tpl}.tera"), &c).unwrap_or_else(|e| panic!("{e}")));
    }
    let c = json!({"ctx": ctx, "family": family, "view": view});
    out.push(r.render("galaxy/map.svg.tera", &c).unwrap_or_else(|e| panic!("{e}")));
    out
}

fn renderer() -> Renderer {
    Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).unwrap()
}

#[test]
fn r6_no_leak_over_a_whole_game() {
    let r = renderer();
    let seed = 2026;
    let n = 8;
    let (mut s, gen_events) = new_game(n, seed, 20);
    let mut oracles: BTreeMap<String, Oracle> = s.players.keys().map(|k| (k.clone(), Oracle::default())).collect();
    // Turn 0's report: the home star and its surroundings.
    let t0 = TurnPlayed { before: s.clone(), after: s.clone(), events: gen_events, accepted: BTreeMap::new() };
    for (k, o) in oracles.iter_mut() {
        o.update(&oracle::Turn { before: &t0.before, after: &t0.after, events: &t0.events, accepted: &t0.accepted }, k);
    }
    let mut bd = Dice::for_turn(seed, 5000);
    // One player never sends orders: the others keep playing around it.
    let silent: BTreeSet<String> = [key(n)].into_iter().collect();
    let mut pngs = 0;
    loop {
        let t = play_turn(&s, seed, &mut bd, &silent);
        check_invariants(&t);
        let over = Galaxy::is_over(&t.after);
        for k in t.after.players.keys() {
            let o = oracles.get_mut(k).unwrap();
            o.update(&oracle::Turn { before: &t.before, after: &t.after, events: &t.events, accepted: &t.accepted }, k);
            let lang = if k.ends_with('2') { "en" } else { "fr" };
            let c = ctx(t.after.turn, lang);
            let view = Galaxy::family_view(&c, &t.before, &t.after, &t.events, k);
            let form = Galaxy::order_form(&t.after, k);
            let name = t.after.players[k].name.clone();
            let rendered = render_all(&r, &c, k, &name, &view, &form, lang);
            if !over {
                check_view(&t, k, o, &view, &rendered);
            } else {
                // 7: everybody sees the whole galaxy in absolute coordinates and the ranking.
                assert_eq!(view["over"], json!(true));
                assert_eq!(view["full"]["stars"].as_array().unwrap().len(), t.after.stars.len());
                assert_eq!(view["ranking"].as_array().unwrap().len(), n as usize);
                // Every star on the final map is named, but for the few names
                // that found no room, which the map counts (issue 12: labels
                // never overlap); the report's text lists them all.
                let missing = t.after.stars.iter().filter(|st| !rendered[3].contains(&st.name)).count();
                let left_out = view["map"]["left_out"]["text"].as_str().map_or(0, |t| t.split(' ').next().unwrap().parse::<usize>().unwrap());
                assert!(missing <= left_out && left_out * 10 <= t.after.stars.len(), "{missing} names missing, {left_out} announced");
                for st in &t.after.stars {
                    assert!(rendered[0].contains(&st.name), "the final report lists {}", st.name);
                }
            }
            if pngs < 2 && (t.before.turn == 1 || over) {
                let png = r.svg_to_png(&rendered[3]).unwrap();
                assert!(png.len() > 2000 && png.starts_with(b"\x89PNG"));
                pngs += 1;
            }
            // The form is all comments: sent back unchanged, it orders nothing.
            assert!(form.iter().all(|l| l.text.is_empty() && l.comment.is_some()));
        }
        let pv = Galaxy::public_view(&ctx(t.after.turn, "fr"), &t.before, &t.after, &t.events);
        for lang in ["fr", "en"] {
            for kind in ["txt", "html"] {
                let out = r.render(&format!("galaxy/chronicle.{lang}.{kind}.tera"), &json!({"ctx": ctx(t.after.turn, lang), "view": pv})).unwrap();
                if !over {
                    for st in &t.after.stars {
                        assert!(!has_word(&out, &st.name), "LEAK in the chronicle: {}", st.name);
                    }
                }
            }
        }
        s = t.after;
        if over {
            break;
        }
    }
    assert_eq!(s.turn, 21);
    let ranking = s.ranking.clone().unwrap();
    // 7: sorted by points, then stars, then resources.
    for w in ranking.windows(2) {
        assert!((w[0].points, w[0].stars, w[0].resources) >= (w[1].points, w[1].stars, w[1].resources));
    }
    for (i, r) in ranking.iter().enumerate() {
        assert_eq!(r.rank as usize, i + 1);
        assert_eq!(r.points, s.victory_points(&r.player));
    }
    // The adjudicated game is over: no more orders.
    let v = Galaxy::parse_orders(&s, &key(1), &[OrderLine { no: 1, text: "DEPLACER F1 +1+1".into() }]);
    assert!(!v.verdicts[0].is_accepted());
}

/// Every player holds, from the start, an XRAY, a RADAR and a DATA star near
/// home: their detections must stay within 5 kpc (5 XRAY, RADAR) and within
/// the square asked (4.1.9).
#[test]
fn r6_no_leak_with_radar_xray_and_data() {
    let r = renderer();
    let seed = 77;
    let (mut s, _) = new_game(6, seed, 20);
    let keys: Vec<String> = s.players.keys().cloned().collect();
    for k in &keys {
        let home = s.players[k].origin;
        let mut near: Vec<(i64, usize)> = s
            .stars
            .iter()
            .enumerate()
            .filter(|(_, st)| st.owner.is_none() && st.kind != Kind::Throne)
            .map(|(i, st)| (s.torus.dist2(home, st.pos), i))
            .collect();
        near.sort();
        for (kind, (_, i)) in [Kind::Xray, Kind::Radar, Kind::Data].into_iter().zip(near) {
            let st = &mut s.stars[i];
            st.kind = kind;
            st.owner = Some(k.clone());
            st.colonised_turn = Some(0);
        }
    }
    let mut oracles: BTreeMap<String, Oracle> = keys.iter().map(|k| (k.clone(), Oracle::default())).collect();
    let mut bd = Dice::for_turn(seed, 6000);
    let mut radar_seen = 0;
    let mut data_answers = 0;
    for _ in 0..8 {
        let t = play_turn(&s, seed, &mut bd, &BTreeSet::new());
        check_invariants(&t);
        for k in &keys {
            let o = oracles.get_mut(k).unwrap();
            o.update(&oracle::Turn { before: &t.before, after: &t.after, events: &t.events, accepted: &t.accepted }, k);
            let c = ctx(t.after.turn, "fr");
            let view = Galaxy::family_view(&c, &t.before, &t.after, &t.events, k);
            radar_seen += view["radar"].as_array().map_or(0, |a| a.len());
            data_answers += view["events"].as_array().unwrap().iter().filter(|e| e.as_str().unwrap().starts_with("Réponse de")).count();
            let rendered = render_all(&r, &c, k, &t.after.players[k].name, &view, &Galaxy::order_form(&t.after, k), "fr");
            check_view(&t, k, o, &view, &rendered);
        }
        s = t.after;
    }
    assert!(data_answers >= 6 * 6, "the DATA stars answered: {data_answers}");
    assert!(radar_seen > 0, "some fleet came within a RADAR's range");
}

#[test]
fn r6_a_first_report_shows_the_home_star_at_the_centre() {
    let (s, events) = new_game(4, 11, 20);
    let who = key(1);
    let view = Galaxy::family_view(&ctx(1, "fr"), &s, &s, &events, &who);
    let home = &view["own_stars"][0];
    assert_eq!(home["home"], json!(true));
    assert_eq!(home["at"]["pos"], json!("+0+0"));
    assert_eq!((home["at"]["col"].as_i64(), home["at"]["row"].as_i64()), (Some(15), Some(14)));
    assert_eq!(view["player"]["resources"], json!(10));
    assert_eq!(view["player"]["scanner_range"], json!(2));
    let map = view["ascii_map"].as_str().unwrap();
    assert_eq!(map.lines().count(), 31);
    assert!(map.contains('@'));
    let r = renderer();
    let out = render_all(&r, &ctx(1, "fr"), &who, &name(1), &view, &Galaxy::order_form(&s, &who), "fr");
    assert!(out[0].contains("Ressources pour le prochain tour : 10"));
    assert!(out[0].contains("CONSTRUIRE F1 5P 0C 0N"));
    assert!(out[1].contains("<img src=\"cid:map\""));
    assert!(!out[2].contains("cid:"));
    assert!(out[3].starts_with("<svg") && out[3].contains("DejaVu Sans"));
}

#[test]
fn reports_render_before_the_galaxy_exists() {
    // No player: the galaxy cannot be made; the state stays at turn 0.
    let s = Galaxy::new_game(&settings(4, 20), 1).unwrap();
    let out = Galaxy::adjudicate(&s, &BTreeMap::new(), &mut Dice::for_turn(1, 0));
    assert_eq!(out.state.turn, 0);
    assert!(matches!(out.events[0], Event::GenerationFailed { .. }));
    let mut s = out.state;
    Galaxy::register(&mut s, &key(1), &name(1)).unwrap();
    let r = renderer();
    for lang in ["fr", "en"] {
        let view = Galaxy::family_view(&ctx(0, lang), &s, &s, &[], &key(1));
        assert_eq!(view["generated"], json!(false));
        let out = render_all(&r, &ctx(0, lang), &key(1), &name(1), &view, &Galaxy::order_form(&s, &key(1)), lang);
        assert!(out[0].contains(if lang == "fr" { "n'existe pas encore" } else { "does not exist yet" }));
        assert!(r.svg_to_png(&out[3]).is_ok());
        let pv = Galaxy::public_view(&ctx(0, lang), &s, &s, &[]);
        r.render(&format!("galaxy/chronicle.{lang}.txt.tera"), &json!({"ctx": ctx(0, lang), "view": pv})).unwrap();
        r.render(&format!("galaxy/chronicle.{lang}.html.tera"), &json!({"ctx": ctx(0, lang), "view": pv})).unwrap();
    }
}

#[test]
fn reports_render_for_a_family_not_registered() {
    let (s, _) = new_game(4, 1, 20);
    let r = renderer();
    for lang in ["fr", "en"] {
        let stranger = "NOBODY".to_string();
        let view = Galaxy::family_view(&ctx(1, lang), &s, &s, &[], &stranger);
        assert_eq!(view["registered"], json!(false));
        let out = render_all(&r, &ctx(1, lang), &stranger, "Nobody", &view, &Galaxy::order_form(&s, &stranger), lang);
        assert!(out[0].contains(if lang == "fr" { "pas inscrit" } else { "not registered" }));
        assert!(r.svg_to_png(&out[3]).is_ok());
        for st in &s.stars {
            assert!(!has_word(&out.join(" "), &st.name));
        }
    }
}

#[test]
fn r6_a_star_out_of_sight_keeps_the_details_last_seen() {
    let (mut s, _) = new_game(4, 21, 20);
    let who = key(1);
    let origin = s.players[&who].origin;
    // A star far from every fleet and star of the player, learnt at turn 1.
    let far = s.stars.iter().position(|x| x.owner.is_none() && s.torus.dist(origin, x.pos) > 8.0).unwrap();
    let snapshot = arbitre::games::galaxy::model::StarDetails::of(&s.stars[far]);
    s.players.get_mut(&who).unwrap().known.insert(
        far,
        arbitre::games::galaxy::model::Known { seen: 1, details: Some(snapshot.clone()), details_turn: 1, owner: None, owner_turn: 0, lost: None },
    );
    // Meanwhile it is attacked and colonised by another player.
    let other = key(2);
    let st = &mut s.stars[far];
    st.docility -= 7;
    st.life = if st.life == 9 { 1 } else { st.life + 1 };
    st.owner = Some(other.clone());
    let view = Galaxy::family_view(&ctx(2, "fr"), &s, &s, &[], &who);
    let listed = view["stars"].as_array().unwrap().iter().find(|x| x["name"] == json!(snapshot.name)).unwrap().clone();
    assert_eq!(listed["docility"], json!(snapshot.docility), "the DO last seen, not today's");
    assert_eq!(listed["life"], json!(snapshot.life));
    assert_eq!(listed["owner"], Value::Null, "the owner was never learnt");
    assert_eq!(listed["as_of"], json!(1));
    let p = &s.players[&who];
    let df = if snapshot.life == 0 { 0 } else { (snapshot.life - p.life).abs() };
    let cc = ((snapshot.magnitude - p.base_magnitude).abs() + df + 7 - p.tech).max(0);
    assert_eq!(listed["colonisation_cost"], json!(cc), "4.1.4 from what the player knows");
}

#[test]
fn r4_i_the_first_six_are_drawn_by_lot_then_order_of_receipt() {
    let (s, _) = new_game(9, 3, 20);
    let keys: Vec<String> = s.players.keys().cloned().collect();
    let mut seen_first = BTreeSet::new();
    for seed in 0..40u64 {
        let inputs: BTreeMap<String, FamilyInput<Orders>> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), FamilyInput::new(OrderStatus::Or, Orders::default(), if i == 8 { None } else { Some(i as u32) })))
            .collect();
        let order = arbitre::games::galaxy::adjudicate::processing_order(&s, &inputs, &mut Dice::for_turn(seed, 1));
        let first6: BTreeSet<&String> = order[..6].iter().collect();
        assert_eq!(first6, keys[..6].iter().collect::<BTreeSet<_>>(), "the first six received come first");
        assert_eq!(&order[6..], &keys[6..], "then by order of receipt, silent players last");
        seen_first.insert(order[0].clone());
    }
    assert!(seen_first.len() >= 4, "the first six are drawn by lot: {seen_first:?}");
    let _ = Ships::default();
}

/// Issue 15: a map's PNG draws its texts from glyphs cached for the whole
/// process and shared by every player's map (render/glyphs.rs). A map must
/// be the same bytes drawn alone or after other players' maps, in any
/// order and thread: nothing of another map may reach it through the cache.
#[test]
fn r6_a_maps_png_is_the_same_alone_or_after_other_players_maps() {
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let fresh = || Renderer::new_for(&templates, Some(&["galaxy"])).unwrap();
    let (s, _) = new_game(6, 77, 20);
    let mut bd = Dice::for_turn(77, 9100);
    let t = play_turn(&s, 77, &mut bd, &BTreeSet::new());
    let t = play_turn(&t.after, 77, &mut bd, &BTreeSet::new());
    let r = fresh();
    let svgs: Vec<(String, String)> = t
        .after
        .players
        .keys()
        .map(|k| {
            let lang = if k.ends_with('2') { "en" } else { "fr" };
            let c = ctx(t.after.turn, lang);
            let view = Galaxy::family_view(&c, &t.before, &t.after, &t.events, k);
            let family = json!({"key": k, "name": t.after.players[k].name, "status": "OR", "onr_streak": 0, "lang": lang});
            (k.clone(), r.render("galaxy/map.svg.tera", &json!({"ctx": c, "family": family, "view": view})).unwrap())
        })
        .collect();
    // Each alone, with a renderer (and caches) of its own.
    let alone: Vec<Vec<u8>> = svgs.iter().map(|(_, svg)| fresh().svg_to_png(svg).unwrap()).collect();
    // One renderer for all, in reverse order, on two threads at once.
    let shared = fresh();
    let order: Vec<usize> = (0..svgs.len()).rev().collect();
    let (first, second) = order.split_at(order.len() / 2);
    let draw = |part: &[usize]| part.iter().map(|&i| (i, shared.svg_to_png(&svgs[i].1).unwrap())).collect::<Vec<_>>();
    let drawn: Vec<(usize, Vec<u8>)> = std::thread::scope(|sc| {
        let a = sc.spawn(|| draw(first));
        let b = sc.spawn(|| draw(second));
        [a.join().unwrap(), b.join().unwrap()].concat()
    });
    assert_eq!(drawn.len(), svgs.len());
    for (i, png) in drawn {
        assert!(png == alone[i], "{}'s map differs drawn after the others'", svgs[i].0);
    }
}

// ------------------------------------------------------------ maps (issue 12)

/// The text boxes of an SVG as the renderer lays them out (the shipped
/// DejaVu Sans), in canvas pixels.
fn text_boxes(svg: &str) -> Vec<(String, [f32; 4])> {
    use resvg::usvg;
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(include_bytes!("../assets/fonts/DejaVuSans.ttf").to_vec());
    db.load_font_data(include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf").to_vec());
    let opt = usvg::Options { font_family: "DejaVu Sans".into(), fontdb: std::sync::Arc::new(db), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &opt).unwrap();
    fn walk(g: &usvg::Group, out: &mut Vec<(String, [f32; 4])>) {
        for n in g.children() {
            match n {
                usvg::Node::Group(g) => walk(g, out),
                usvg::Node::Text(t) => {
                    let b = t.abs_bounding_box();
                    let s: String = t.chunks().iter().map(|c| c.text().to_string()).collect();
                    out.push((s, [b.left(), b.top(), b.right(), b.bottom()]));
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    out
}

/// Issue 12, deliverable 7: in a 16-player game, up to turn 20 and at the
/// end, no two labels of a map overlap (boxes as the renderer lays the
/// text out), and scanner circles wrap across the edges of the torus.
#[test]
fn maps_of_a_16_player_game_have_no_overlapping_labels() {
    let r = renderer();
    let (mut s, _) = new_game(16, 4242, 20);
    let mut bd = Dice::for_turn(4242, 9000);
    let mut wrapped = 0;
    let mut labels = 0;
    loop {
        let t = play_turn(&s, 4242, &mut bd, &BTreeSet::new());
        let over = Galaxy::is_over(&t.after);
        if t.before.turn.is_multiple_of(5) || over {
            for k in t.after.players.keys().take(4) {
                let c = ctx(t.after.turn, "fr");
                let view = Galaxy::family_view(&c, &t.before, &t.after, &t.events, k);
                let family = json!({"key": k, "name": t.after.players[k].name, "status": "OR", "onr_streak": 0, "lang": "fr"});
                let svg = r.render("galaxy/map.svg.tera", &json!({"ctx": c, "family": family, "view": view})).unwrap();
                let boxes = text_boxes(&svg);
                labels += boxes.len();
                for (i, (a, ra)) in boxes.iter().enumerate() {
                    for (b, rb) in &boxes[i + 1..] {
                        let overlap = ra[0] < rb[2] - 0.5 && rb[0] < ra[2] - 0.5 && ra[1] < rb[3] - 0.5 && rb[1] < ra[3] - 0.5;
                        assert!(!overlap, "{k}, turn {}: labels «{a}» {ra:?} and «{b}» {rb:?} overlap", t.before.turn);
                    }
                }
                // A scanner circle drawn twice is one that crosses an edge.
                let scanners = view["scanners"].as_array().map_or(0, |a| a.len());
                wrapped += view["map"]["scanners"].as_array().map_or(0, |a| a.len()).saturating_sub(scanners);
            }
        }
        s = t.after;
        if over {
            break;
        }
    }
    assert!(labels > 500, "labels drawn: {labels}");
    assert!(wrapped > 0, "some scanner circle crosses an edge of the torus");
}

/// Galaxy's French order keywords that differ from their English aliases
/// (orders.md §7), as a form may print them.
const GALAXY_FRENCH_KEYWORDS: &[&str] =
    &["REUNIR", "DIVISER", "CONSTRUIRE", "COLONISER", "DEFENSE", "DON", "CHANGER", "DEPLACER", "POURSUIVRE", "ATTAQUER", "SAUT", "ETOILE", "FLOTTE"];

/// The order snippets of a form comment (after its dash, between `;`),
/// filled as the form says: a position, a kind, the first of two choices,
/// the cost left out.
fn filled_snippets(comment: &str, kind: &str) -> Vec<String> {
    let Some((_, orders)) = comment.split_once(" — ") else { return Vec::new() };
    orders
        .split(" ; ")
        .map(|o| o.split(" (").next().unwrap().trim())
        .filter(|o| o.split(' ').next().is_some_and(|w| w.len() > 2 && w.chars().all(|c| c.is_ascii_uppercase())))
        .map(|o| o.replace("+H+V", "+1+0").replace("<TYPE>", kind).replace("<code>", "1234").replace("ETOILE|FLOTTE", "ETOILE").replace("STAR|FLEET", "STAR"))
        .collect()
}

#[test]
fn forms_print_the_readers_keywords_and_their_orders_read_the_same_in_both_languages() {
    let seed = 77;
    let (mut s, _) = new_game(4, seed, 20);
    let mut bd = Dice::for_turn(seed, 5000);
    let kind = Kind::ALL.iter().find(|k| k.new_star_may_become()).unwrap().name();
    let (mut snippets, mut accepted) = (0, 0);
    for _ in 0..8 {
        for k in s.players.keys() {
            let form = Galaxy::order_form(&s, k);
            assert!(!form.is_empty());
            for l in &form {
                let fr = l.to_json(arbitre::i18n::Lang::Fr)["comment"].as_str().unwrap_or("").to_string();
                let en = l.to_json(arbitre::i18n::Lang::En)["comment"].as_str().unwrap_or("").to_string();
                let french: Vec<&str> = en.split(|c: char| !c.is_alphanumeric()).filter(|w| GALAXY_FRENCH_KEYWORDS.contains(w)).collect();
                assert!(french.is_empty(), "French keyword(s) {french:?} in the English form line {en:?}");
                let (fr_orders, en_orders) = (filled_snippets(&fr, kind), filled_snippets(&en, kind));
                assert_eq!(fr_orders.len(), en_orders.len(), "{fr:?} / {en:?}");
                for (f, e) in fr_orders.iter().zip(&en_orders) {
                    let parse = |t: &str| Galaxy::parse_orders(&s, k, &[OrderLine { no: 1, text: t.to_string() }]).verdicts.remove(0).outcome;
                    let (of, oe) = (parse(f), parse(e));
                    assert_eq!(oe, of, "{e:?} is read as {f:?} is");
                    assert!(!matches!(&oe, arbitre::game::LineOutcome::Rejected { suggestion: Some(_), .. }), "{e:?}: {oe:?}");
                    snippets += 1;
                    accepted += usize::from(matches!(oe, arbitre::game::LineOutcome::Accepted { .. }));
                }
            }
        }
        s = play_turn(&s, seed, &mut bd, &BTreeSet::new()).after;
    }
    assert!(snippets > 50 && accepted * 2 > snippets, "{accepted} of {snippets} order lines accepted");
}
