//! What Stellium's players receive: the reports (text and HTML, French and
//! English), the picture and the chronicle render at every step of a whole
//! game; and the NO-LEAK property for the objective reserve: no card of the
//! reserve appears in anything a player receives (its size only).

use std::collections::BTreeSet;
use std::path::Path;

use arbitre::game::{FormLine, Ruleset, ViewContext};
use arbitre::games::stellium::model::Phase;
use arbitre::games::stellium::{Event, Stellium, StelliumState};
use arbitre::render::Renderer;
use serde_json::{json, Value};

mod stellium_common;
use stellium_common::{play_with_events, KEYS};

fn renderer() -> Renderer {
    Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).unwrap()
}

fn ctx(turn: u32, lang: &str) -> ViewContext {
    ViewContext { game_id: "sm1".into(), turn, deadline: "mardi 4 mars 2025 à 20 h".into(), time_left: "2 jours".into(), lang: lang.into() }
}

/// Everything a player receives for a step: view JSON, text, HTML, SVG, form, chronicle.
fn mail(r: &Renderer, before: &StelliumState, after: &StelliumState, events: &[Event], who: &str, lang: &str) -> Vec<String> {
    let c = ctx(after.step, lang);
    let view = Stellium::family_view(&c, before, after, events, &who.to_string());
    let form: Vec<FormLine> = Stellium::order_form(after, &who.to_string());
    let family = json!({ "key": who, "name": who, "status": "OR", "onr_streak": 0, "lang": lang });
    let context = json!({ "ctx": c, "family": family, "view": view, "form": form.iter().map(|l| l.to_json(arbitre::i18n::Lang::from_code(lang))).collect::<Vec<_>>(), "map_cid": "map" });
    let public = Stellium::public_view(&c, before, after, events);
    vec![
        serde_json::to_string(&view).unwrap(),
        r.render(&format!("stellium/report.{lang}.txt.tera"), &context).unwrap(),
        r.render(&format!("stellium/report.{lang}.html.tera"), &context).unwrap(),
        r.render("stellium/map.svg.tera", &json!({ "ctx": c, "family": family, "view": view })).unwrap(),
        serde_json::to_string(&form).unwrap(),
        r.render(&format!("stellium/chronicle.{lang}.txt.tera"), &json!({ "ctx": c, "view": public })).unwrap(),
        r.render(&format!("stellium/chronicle.{lang}.html.tera"), &json!({ "ctx": c, "view": public })).unwrap(),
        serde_json::to_string(&public).unwrap(),
    ]
}

#[test]
fn every_step_renders_in_both_languages_with_the_provisional_warning() {
    let r = renderer();
    let states = play_with_events(3, 11, None);
    for w in states.windows(2) {
        let ((before, _), (after, events)) = (&w[0], &w[1]);
        for who in &KEYS[..3] {
            for lang in ["fr", "en"] {
                let out = mail(&r, before, after, events, who, lang);
                if after.phase != Phase::Registration {
                    let warn = if lang == "fr" { "ce ne sont PAS ceux du jeu publié" } else { "they are NOT those of the published game" };
                    assert!(out[1].contains(warn), "step {}: {}", after.step, out[1]);
                    assert!(out[1].contains(if lang == "fr" { "== Le sac" } else { "== The bag" }));
                }
            }
        }
    }
    // The picture: PNG, each marble with its letter.
    let (before, _) = &states[3];
    let (after, events) = &states[4];
    let out = mail(&r, before, after, events, KEYS[0], "fr");
    for letter in ["V</text>", "B</text>", "J</text>", "R</text>"] {
        assert!(out[3].contains(letter), "the map lacks {letter}");
    }
    assert!(r.svg_to_png(&out[3]).unwrap().starts_with(b"\x89PNG"));
    let end = states.last().unwrap();
    let text = mail(&r, &states[states.len() - 2].0, &end.0, &end.1, KEYS[0], "fr");
    assert!(text[1].contains("== Décompte final =="), "{}", text[1]);
    let text = mail(&r, &states[states.len() - 2].0, &end.0, &end.1, KEYS[0], "en");
    assert!(text[1].contains("== Final scoring =="), "{}", text[1]);
}

/// Every objective id a received text or view names (`O12`, `"id": 12`, `"objective": 12`).
fn named_objectives(v: &Value, out: &mut BTreeSet<u32>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if (k == "id" || k == "objective") && x.is_u64() {
                    out.insert(x.as_u64().unwrap() as u32);
                }
                named_objectives(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| named_objectives(x, out)),
        Value::String(s) => {
            for w in s.split(|c: char| !c.is_ascii_alphanumeric()) {
                if let Some(n) = w.strip_prefix('O').and_then(|n| n.parse::<u32>().ok()) {
                    out.insert(n);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn no_leak_no_card_of_the_objective_reserve_reaches_a_player() {
    let r = renderer();
    for (players, seed) in [(2, 21), (4, 22)] {
        let states = play_with_events(players, seed, None);
        for w in states.windows(2) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            for who in &KEYS[..players] {
                let out = mail(&r, before, after, events, who, "fr");
                let mut named = BTreeSet::new();
                for (i, text) in out.iter().enumerate() {
                    let v: Value = if i == 0 || i == 4 || i == 7 { serde_json::from_str(text).unwrap() } else { Value::String(text.clone()) };
                    named_objectives(&v, &mut named);
                }
                let leaked: Vec<&u32> = named.intersection(&after.reserve).collect();
                assert!(leaked.is_empty(), "step {}: {who} receives reserve cards {leaked:?}", after.step);
            }
        }
    }
}

/// T25: the moves the referee makes for a silent player are worded as the
/// referee's in the report of that step, in both languages, never as the
/// player's own.
#[test]
fn t25_the_moves_made_for_a_silent_player_are_worded_as_the_referees() {
    let r = renderer();
    let states = play_with_events(2, 5, Some((1, 3)));
    let i = states.iter().position(|(s, _)| s.step >= 3 && s.phase == Phase::Play && s.mover == 1).unwrap();
    let ((before, _), (after, events)) = (&states[i], &states[i + 1]);
    let name = &before.seats[1].name;
    for (lang, referee, own) in [("fr", format!("L'arbitre pioche pour {name}"), format!("{name} pioche")), ("en", format!("The referee draws for {name}"), format!("{name} draws"))] {
        let out = mail(&r, before, after, events, KEYS[0], lang);
        let header = if lang == "fr" { "== Cette étape ==" } else { "== This step ==" };
        let this_step = out[1].split(header).nth(1).and_then(|t| t.split("\n==").next()).unwrap_or_else(|| panic!("{lang}: {}", out[1]));
        assert!(this_step.contains(&referee), "{lang}: {this_step}");
        assert!(!this_step.contains(&own), "{lang}: worded as the player's own move: {this_step}");
    }
}
