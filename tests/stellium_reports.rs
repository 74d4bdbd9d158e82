//! What Stellium's players receive: the reports (text and HTML, French and
//! English), the picture and the chronicle render at every step of a whole
//! game; and the NO-LEAK property for the objective reserve: no card of the
//! reserve appears in anything a player receives (its size only).

use std::collections::BTreeSet;
use std::path::Path;

use arbitre::game::{FormLine, Ruleset, ViewContext};
use arbitre::games::stellium::model::Phase;
use arbitre::games::stellium::{Event, Stellium, StelliumState};
use arbitre::render::{Drawn, Renderer};
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

/// The picture of `who` at a step, and what it draws (`Renderer::drawn`).
/// With `ARBITRE_PICTURES=<dir>`, its PNG is written there to be looked at.
fn picture(r: &Renderer, before: &StelliumState, after: &StelliumState, events: &[Event], who: &str, lang: &str) -> (String, Vec<Drawn>) {
    let svg = mail(r, before, after, events, who, lang).swap_remove(3);
    if let Ok(dir) = std::env::var("ARBITRE_PICTURES") {
        let png = r.svg_to_png(&svg).unwrap();
        std::fs::write(format!("{dir}/stellium-{}-{who}-{lang}.png", after.step), png).unwrap();
        std::fs::write(format!("{dir}/stellium-{}-{who}-{lang}-phone.png", after.step), r.svg_to_png(&at_phone_width(&svg)).unwrap()).unwrap();
    }
    let drawn = r.drawn(&svg).unwrap_or_else(|e| panic!("{e}"));
    (svg, drawn)
}

/// `svg` drawn 360 pixels wide, as a phone shows a mail's picture.
fn at_phone_width(svg: &str) -> String {
    let raw = |k: &str| svg.split(&format!(" {k}=\"")).nth(1).and_then(|t| t.split('"').next()).unwrap().to_string();
    let (w, h) = (raw("width"), raw("height"));
    let height = h.parse::<f64>().unwrap() * 360.0 / w.parse::<f64>().unwrap();
    svg.replacen(&format!(" width=\"{w}\" height=\"{h}\""), &format!(" width=\"360\" height=\"{}\"", height.round()), 1)
}

/// Whether a text's box touches a circle drawn as the square box `c`.
fn touches_circle(t: &Drawn, c: &Drawn) -> bool {
    let (cx, cy, radius) = ((c.bbox[0] + c.bbox[2]) / 2.0, (c.bbox[1] + c.bbox[3]) / 2.0, (c.bbox[2] - c.bbox[0]) / 2.0);
    let nx = cx.clamp(t.bbox[0], t.bbox[2]);
    let ny = cy.clamp(t.bbox[1], t.bbox[3]);
    (nx - cx).powi(2) + (ny - cy).powi(2) < radius.powi(2)
}

/// "Le plateau" (the picture): every hole carries its label, marble or
/// not; no text covers another; each galaxy's letter stays clear of every
/// hole.
#[test]
fn le_plateau_the_picture_labels_every_hole_and_keeps_its_texts_apart() {
    let r = renderer();
    for (players, seed) in [(3, 11), (4, 22), (2, 5)] {
        let states = play_with_events(players, seed, None);
        for (i, w) in states.windows(2).enumerate().filter(|(i, _)| i % 4 == 1) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            let lang = if i % 8 == 1 { "fr" } else { "en" };
            let (_, drawn) = picture(&r, before, after, events, KEYS[0], lang);
            let texts: Vec<&Drawn> = drawn.iter().filter(|d| d.text.is_some()).collect();
            for h in &after.components.holes {
                assert!(texts.iter().any(|t| t.text.as_deref() == Some(h.label.as_str())), "step {}: hole {} unlabelled", after.step, h.label);
            }
            let overlaps = Drawn::texts_over_texts(&drawn, 0.5);
            assert!(overlaps.is_empty(), "{players} players, step {} ({lang}): texts over texts: {overlaps:#?}", after.step);
            let holes: Vec<&Drawn> = drawn.iter().filter(|d| d.id.starts_with("hole-")).collect();
            assert_eq!(holes.len(), after.components.holes.len());
            for p in 0..after.components.places.len() {
                let letter = after.place_letter(p).to_string();
                let t = texts.iter().find(|t| t.group == format!("galaxy-{letter}") && t.text.as_deref() == Some(letter.as_str())).unwrap_or_else(|| panic!("no letter {letter}"));
                let under: Vec<&str> = holes.iter().filter(|h| touches_circle(t, h)).map(|h| h.id.as_str()).collect();
                assert!(under.is_empty(), "step {}: galaxy letter {letter} under {under:?}", after.step);
            }
        }
    }
}

/// The last move is marked: the holes where a marble was put at the
/// latest step that moved marbles are ringed (`last-placed-…`), the holes
/// marbles left or reached then dashed (`last-moved-…`), and nothing else.
#[test]
fn le_plateau_the_picture_marks_the_last_move() {
    use arbitre::games::stellium::model::LogEntry;
    let r = renderer();
    let states = play_with_events(3, 11, None);
    let mut seen = 0;
    for w in states.windows(2).skip(1) {
        let ((before, _), (after, events)) = (&w[0], &w[1]);
        let Some(step) = after.log.iter().rev().find(|(_, e)| matches!(e, LogEntry::Placed { .. } | LogEntry::RefillPlaced { .. })).map(|(s, _)| *s) else { continue };
        if after.log.iter().any(|(s, e)| *s > step && matches!(e, LogEntry::Pushed { .. } | LogEntry::Swapped { .. } | LogEntry::Rotated { .. } | LogEntry::Attracted { .. })) {
            continue;
        }
        let mut placed: Vec<String> = after.log.iter().filter(|(s, _)| *s == step).filter_map(|(_, e)| match e {
            LogEntry::Placed { hole, .. } | LogEntry::RefillPlaced { hole, .. } => Some(format!("last-placed-{hole}")),
            _ => None,
        }).collect();
        placed.sort();
        let (_, drawn) = picture(&r, before, after, events, KEYS[1], "fr");
        let mut marked: Vec<String> = drawn.iter().filter(|d| d.id.starts_with("last-placed-")).map(|d| d.id.clone()).collect();
        marked.sort();
        assert_eq!(marked, placed, "step {}", after.step);
        let moved: Vec<&Drawn> = drawn.iter().filter(|d| d.id.starts_with("last-moved-")).collect();
        for (_, e) in after.log.iter().filter(|(s, _)| *s == step) {
            if let LogEntry::Pushed { to: Some(to), .. } = e {
                assert!(placed.contains(&format!("last-placed-{to}")) || moved.iter().any(|d| d.id == format!("last-moved-{to}")), "step {}: push to {to} unmarked", after.step);
            }
        }
        seen += 1;
    }
    assert!(seen > 10, "only {seen} steps checked");
}

/// "Les cartes Objectif": every objective on display and every one a
/// player holds is drawn as its figure, one marble per cell, inside its own
/// card.
#[test]
fn les_cartes_objectif_are_drawn_as_figures_inside_their_cards() {
    let r = renderer();
    for (players, seed) in [(4, 22), (3, 11)] {
        let states = play_with_events(players, seed, None);
        let mut held = 0;
        for (i, w) in states.windows(2).enumerate().filter(|(i, _)| i % 5 == 2) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            let (_, drawn) = picture(&r, before, after, events, KEYS[0], if i % 2 == 0 { "fr" } else { "en" });
            let ids = after.display.iter().chain(after.seats.iter().flat_map(|s| s.hand.iter()));
            for id in ids {
                let o = after.objective(*id);
                let card: Vec<&Drawn> = drawn.iter().filter(|d| d.group == format!("card-{}", o.label())).collect();
                let frame = card.first().unwrap_or_else(|| panic!("step {}: no card {}", after.step, o.label()));
                for d in &card[1..] {
                    assert!(d.inside(frame, 0.5), "step {}: {} spills out of its card: {:?} outside {:?}", after.step, o.label(), d, frame.bbox);
                }
                let marbles = card.iter().filter(|d| d.text.is_none()).count() - 1;
                assert_eq!(marbles, o.cells.len(), "step {}: {} drawn with {marbles} marbles", after.step, o.label());
            }
            held += after.seats.iter().map(|s| s.hand.len()).sum::<usize>();
        }
        assert!(held > 0);
    }
}

/// The picture is inline in the HTML report (the mail's `cid:map` part, the
/// private page's map), in both languages.
#[test]
fn the_html_report_shows_the_picture_inline() {
    let r = renderer();
    let states = play_with_events(2, 5, None);
    let ((before, _), (after, events)) = (&states[2], &states[3]);
    for lang in ["fr", "en"] {
        let html = mail(&r, before, after, events, KEYS[0], lang).swap_remove(2);
        assert!(html.contains("<img src=\"cid:map\""), "{lang}: {html}");
    }
}

/// "Les cartes Objectif" in the text report: each objective on display and
/// each held one is drawn under its line as it lies on the board (colour
/// letters, a column of holes every two characters), never as offsets.
#[test]
fn les_cartes_objectif_the_text_report_draws_each_figure_instead_of_offsets() {
    let r = renderer();
    let states = play_with_events(3, 11, None);
    let ((before, _), (after, events)) = (&states[12], &states[13]);
    for lang in ["fr", "en"] {
        let text = mail(&r, before, after, events, KEYS[0], lang).swap_remove(1);
        let offsets = text.split(|c: char| c.is_whitespace() || c == '(').filter(|w| w.len() > 2 && w.as_bytes()[1] == b'@').count();
        assert_eq!(offsets, 0, "{lang}: offsets in {text}");
        let lines: Vec<&str> = text.lines().collect();
        let ids = after.display.iter().chain(after.seats.iter().flat_map(|s| s.hand.iter()));
        let mut drawn = 0;
        for id in ids {
            let o = after.objective(*id);
            if o.cells.is_empty() {
                continue;
            }
            let at = lines.iter().position(|l| l.starts_with(&format!("{} ", o.label())) || l.contains(&format!(": {} ", o.label()))).unwrap_or_else(|| panic!("{lang}: {} not listed", o.label()));
            let below: Vec<&str> = lines[at + 1..].iter().take_while(|l| l.trim().chars().all(|c| "VBJR ".contains(c))).copied().collect();
            let letters: usize = below.iter().map(|l| l.chars().filter(|c| !c.is_whitespace()).count()).sum();
            assert_eq!(letters, o.cells.len(), "{lang}: {} drawn as {below:?}", o.label());
            drawn += 1;
        }
        assert!(drawn > 3, "{drawn}");
    }
}

/// Stellium's French order keywords that differ from their English aliases.
const STELLIUM_FRENCH_KEYWORDS: &[&str] = &[
    "PIOCHE", "JETON", "POSE", "VERS", "HORS", "PERMUTE", "ROTATION", "ATTIRE", "VALIDE", "AVEC", "GARDE", "ECARTE", "PREND", "TOUT",
    "RECHARGE", "VERTE", "BLEUE", "JAUNE", "ROSE",
];

#[test]
fn forms_print_the_readers_keywords_and_read_the_same_in_both_languages() {
    use arbitre::game::OrderLine;
    use arbitre::i18n::Lang;
    let mut sent = 0;
    for (players, seed) in [(2, 5), (3, 11), (4, 23)] {
        for (s, _) in play_with_events(players, seed, None) {
            for who in &KEYS[..players] {
                let who = who.to_string();
                let form = Stellium::order_form(&s, &who);
                let printed: Vec<Value> = form.iter().map(|l| l.to_json(Lang::En)).collect();
                for p in &printed {
                    let line = format!("{} # {}", p["text"].as_str().unwrap(), p["comment"].as_str().unwrap_or(""));
                    let french: Vec<&str> = line.split(|c: char| !c.is_alphanumeric()).filter(|w| STELLIUM_FRENCH_KEYWORDS.contains(w)).collect();
                    assert!(french.is_empty(), "French keyword(s) {french:?} in the English form line {line:?}");
                }
                let numbered = |lang: Lang| -> Vec<OrderLine> {
                    form.iter().map(|l| l.text_in(lang)).filter(|t| !t.is_empty()).enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.into() }).collect()
                };
                let (fr, en) = (numbered(Lang::Fr), numbered(Lang::En));
                assert_eq!(fr.len(), form.iter().filter(|l| !l.text.is_empty()).count());
                if !en.is_empty() {
                    let (pf, pe) = (Stellium::parse_orders(&s, &who, &fr), Stellium::parse_orders(&s, &who, &en));
                    assert!(pe.verdicts.iter().all(|v| v.is_accepted()), "step {}: {:?}", s.step, pe.verdicts);
                    assert_eq!(pe.orders, pf.orders, "step {}: {en:?} is read as {fr:?} is", s.step);
                    sent += 1;
                }
            }
        }
    }
    assert!(sent > 20, "{sent} forms sent back");
}
