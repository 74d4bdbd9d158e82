//! What Stellar's players receive: the reports (text and HTML, French and
//! English), the picture and the chronicle render at every step of whole
//! games; and the NO-LEAK property: nothing a player receives depends on
//! the opponent's hand, the opponent's face-down cards, the card the
//! opponent put back in the box, or which cards are in the pile, until the
//! final report reveals them.

use std::path::Path;

use arbitre::game::{FormLine, Ruleset, ViewContext};
use arbitre::games::stellar::components::CardId;
use arbitre::games::stellar::model::Phase;
use arbitre::games::stellar::{Event, Stellar, StellarState};
use arbitre::render::{Drawn, Renderer};
use serde_json::{json, Value};

mod stellar_common;
use stellar_common::{play_with_events, A, B};

fn renderer() -> Renderer {
    Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).unwrap()
}

fn ctx(turn: u32, lang: &str) -> ViewContext {
    ViewContext { game_id: "st1".into(), turn, deadline: "mardi 4 mars 2025 à 20 h".into(), time_left: "2 jours".into(), lang: lang.into() }
}

/// Everything a player receives for a step: view JSON, text, HTML, SVG, form.
fn mail(r: &Renderer, before: &StellarState, after: &StellarState, events: &[Event], who: &str, lang: &str) -> Vec<String> {
    let c = ctx(after.step, lang);
    let view = Stellar::family_view(&c, before, after, events, &who.to_string());
    let form: Vec<FormLine> = Stellar::order_form(after, &who.to_string());
    let family = json!({ "key": who, "name": who, "status": "OR", "onr_streak": 0, "lang": lang });
    let context = json!({ "ctx": c, "family": family, "view": view, "form": form.iter().map(|l| l.to_json(arbitre::i18n::Lang::from_code(lang))).collect::<Vec<_>>(), "map_cid": "map" });
    vec![
        serde_json::to_string(&view).unwrap(),
        r.render(&format!("stellar/report.{lang}.txt.tera"), &context).unwrap(),
        r.render(&format!("stellar/report.{lang}.html.tera"), &context).unwrap(),
        r.render("stellar/map.svg.tera", &json!({ "ctx": c, "family": family, "view": view })).unwrap(),
        serde_json::to_string(&form).unwrap(),
        // The chronicle is attached to every player's report mail.
        r.render("stellar/chronicle.fr.txt.tera", &json!({ "ctx": c, "view": Stellar::public_view(&c, before, after, events) })).unwrap(),
    ]
}

#[test]
fn every_step_renders_in_both_languages_with_the_provisional_warning() {
    let r = renderer();
    let states = play_with_events(3, Some(30));
    for w in states.windows(2) {
        let ((before, _), (after, events)) = (&w[0], &w[1]);
        for who in [A, B] {
            for lang in ["fr", "en"] {
                let out = mail(&r, before, after, events, who, lang);
                if after.phase != Phase::Registration {
                    let warn = if lang == "fr" { "ce ne sont PAS les cartes du jeu publié" } else { "they are NOT the cards of the published game" };
                    assert!(out[1].contains(warn), "step {}: {}", after.step, out[1]);
                }
            }
        }
        let c = ctx(after.step, "fr");
        let public = Stellar::public_view(&c, before, after, events);
        r.render("stellar/chronicle.fr.txt.tera", &json!({ "ctx": c, "view": public })).unwrap();
        r.render("stellar/chronicle.fr.html.tera", &json!({ "ctx": c, "view": public })).unwrap();
    }
    // One picture to PNG in each phase that has one.
    let (before, _) = &states[5];
    let (after, events) = &states[6];
    let out = mail(&r, before, after, events, A, "fr");
    assert!(r.svg_to_png(&out[3]).unwrap().starts_with(b"\x89PNG"));
    let end = states.last().unwrap();
    let text = mail(&r, &states[states.len() - 2].0, &end.0, &end.1, A, "fr");
    assert!(text[1].contains("== Résultat =="), "{}", text[1]);
}

#[test]
fn the_mover_report_says_your_move_and_shows_the_legal_slots_and_the_form() {
    let r = renderer();
    let states = play_with_events(4, None);
    let (before, _) = &states[2];
    let (after, events) = &states[3];
    assert_eq!(after.phase, Phase::Play);
    let mover = after.seats[after.mover()].key.clone();
    let other = after.seats[1 - after.mover()].key.clone();
    let out = mail(&r, before, after, events, &mover, "fr");
    assert!(out[1].contains(">>> À VOUS DE JOUER"), "{}", out[1]);
    assert!(out[1].contains("télescope face visible :"), "{}", out[1]);
    assert!(out[1].contains("PRENDRE "), "{}", out[1]);
    assert!(out[1].contains("JOUER "), "{}", out[1]);
    let theirs = mail(&r, before, after, events, &other, "en");
    assert!(theirs[1].contains("to move; nothing is expected from you"), "{}", theirs[1]);
}

/// The cards a viewer may not know about yet.
fn hidden_from(s: &StellarState, viewer: usize) -> Vec<CardId> {
    if s.phase == Phase::Over {
        return Vec::new();
    }
    let o = &s.seats[1 - viewer];
    let mut v: Vec<CardId> = o.hand.iter().copied().collect();
    v.extend(o.starting.iter().copied());
    v.extend(o.telescope.values().filter(|p| !p.face_up).map(|p| p.card));
    v.extend(o.boxed);
    v
}

/// `after` with hidden card `h` exchanged for a pile card of another name.
fn swapped(s: &StellarState, h: CardId) -> Option<StellarState> {
    let other = s.pile.iter().copied().find(|c| s.card(*c).name() != s.card(h).name() || s.card(*c).stars != s.card(h).stars)?;
    let mut t = s.clone();
    let swap = |x: &mut CardId| {
        if *x == h {
            *x = other;
        } else if *x == other {
            *x = h;
        }
    };
    for seat in t.seats.iter_mut() {
        seat.hand = seat.hand.iter().map(|c| if *c == h { other } else { *c }).collect();
        seat.starting = seat.starting.iter().map(|c| if *c == h { other } else { *c }).collect();
        for p in seat.telescope.values_mut() {
            swap(&mut p.card);
        }
        if let Some(b) = seat.boxed.as_mut() {
            swap(b);
        }
    }
    t.pile.remove(&other);
    t.pile.insert(h);
    Some(t)
}

/// NO-LEAK: for every step of whole games and both players, exchanging any
/// card the player may not know (the opponent's hand, starting cards,
/// face-down cards, boxed card) with a pile card changes nothing in what the
/// player receives — view, report, HTML, picture, form.
#[test]
fn no_leak_nothing_a_player_receives_depends_on_hidden_cards() {
    let r = renderer();
    let mut checked = 0;
    let mut face_down = 0;
    for seed in [21u64, 22] {
        let states = play_with_events(seed, None);
        for w in states.windows(2) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            if after.phase == Phase::Registration {
                continue;
            }
            for viewer in 0..2 {
                let who = after.seats[viewer].key.clone();
                let base = mail(&r, before, after, events, &who, "fr");
                for h in hidden_from(after, viewer) {
                    let Some(t) = swapped(after, h) else { continue };
                    let other = mail(&r, before, &t, events, &who, "fr");
                    for (i, (a, b)) in base.iter().zip(&other).enumerate() {
                        assert!(a == b, "seed {seed} step {}: part {i} of {who}'s mail depends on hidden card {}", after.step, after.card(h).name());
                    }
                    checked += 1;
                    face_down += after.seats[1 - viewer].telescope.values().filter(|p| !p.face_up && p.card == h).count();
                }
            }
        }
    }
    assert!(checked > 100, "{checked} hidden cards checked");
    assert!(face_down > 0, "no face-down card was checked");
}

#[test]
fn no_leak_the_final_report_reveals_face_down_cards() {
    let r = renderer();
    for seed in 21u64..30 {
        let states = play_with_events(seed, None);
        let (end, events) = states.last().unwrap();
        let before = &states[states.len() - 2].0;
        let down: Vec<CardId> = end.seats[1].telescope.values().filter(|p| !p.face_up).map(|p| p.card).collect();
        if down.is_empty() {
            continue;
        }
        let view: Value = serde_json::from_str(&mail(&r, before, end, events, &end.seats[0].key, "fr")[0]).unwrap();
        let ids: Vec<u64> = view["players"][1]["telescope"].as_array().unwrap().iter().filter_map(|s| s["card"]["id"].as_u64()).collect();
        for d in down {
            assert!(ids.contains(&(d as u64)));
        }
        return;
    }
    panic!("no game ended with a face-down card");
}

#[test]
fn html_reports_escape_the_players_names() {
    let r = renderer();
    let mut s = Stellar::new_game(&toml::Table::new(), 2).unwrap();
    Stellar::register(&mut s, &"X".to_string(), "<script>alert(1)</script>").unwrap();
    Stellar::register(&mut s, &"Y".to_string(), "Neil & <b>co</b>").unwrap();
    let dealt = Stellar::adjudicate(&s, &Default::default(), &mut arbitre::dice::Dice::for_turn(2, 0)).state;
    // The starting choice, by default: the move log now names both players.
    let before = dealt.clone();
    let out = Stellar::adjudicate(&dealt, &Default::default(), &mut arbitre::dice::Dice::for_turn(2, 1));
    assert!(!out.state.log.is_empty());
    for who in ["X", "Y"] {
        let parts = mail(&r, &before, &out.state, &out.events, who, "fr");
        assert!(!parts[2].contains("<script>") && !parts[2].contains("<b>co"), "{}", parts[2]);
        assert!(parts[2].matches("&lt;script&gt;").count() >= 3, "{}", parts[2]);
        assert!(!parts[3].contains("<script>") && !parts[3].contains("<b>co"), "{}", parts[3]);
    }
}

/// The reports of both players say in words what the referee chose and for
/// whom (RULINGS, Stellar S19): the whole move of a silent player, or only
/// the step-3 slot that incomplete orders left out.
#[test]
fn s19_reports_say_in_words_what_the_referee_chose_and_for_whom() {
    use arbitre::dice::Dice;
    use arbitre::game::{FamilyInput, OrderLine, OrderStatus};
    use arbitre::games::stellar::model::LogEntry;
    let r = renderer();
    // Neil silent from step 4: the referee plays his whole moves.
    let states = play_with_events(5, Some(4));
    let neil = states[1].0.seat_of(&B.to_string()).unwrap();
    let w = states
        .windows(2)
        .find(|w| w[1].1.iter().any(|e| matches!(e, Event::Logged { entry: LogEntry::Move { seat, default: true, .. } } if *seat == neil)))
        .expect("a default move for Neil");
    let ((before, _), (after, events)) = (&w[0], &w[1]);
    let youri_fr = mail(&r, before, after, events, A, "fr");
    assert!(youri_fr[1].contains("Neil (coup joué par l'arbitre pour Neil, faute d'ordres) : prend"), "{}", youri_fr[1]);
    let neil_en = mail(&r, before, after, events, B, "en");
    assert!(neil_en[1].contains("You (move played by the referee for you, no orders): takes"), "{}", neil_en[1]);
    // Youri sends PRENDRE and JOUER … CARNET with a known step-3 card and no COORDONNEE.
    let s = states.iter().map(|x| &x.0).find(|s| s.phase == Phase::Play && s.seats[s.mover()].key == A && !s.refresh_allowed).unwrap();
    let me = s.mover();
    let (take, card) = (1..=5usize)
        .flat_map(|t| s.seats[me].hand.iter().map(move |c| (t, *c)))
        .find(|(t, c)| s.card(*c).number.row_position().is_some_and(|p| p != *t && s.row[p - 1].is_some()))
        .expect("a hand card whose step 3 is a known row card");
    let lines = [format!("PRENDRE {take}"), format!("JOUER {} CARNET", s.card(card).name())];
    let lines: Vec<OrderLine> = lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
    let parsed = Stellar::parse_orders(s, &A.to_string(), &lines);
    assert!(parsed.verdicts.iter().all(|v| v.is_accepted()), "{:?}", parsed.verdicts);
    let mut dice = Dice::for_turn(5, s.step);
    let orders = Stellar::default_orders(s, &A.to_string(), OrderStatus::Opr, parsed.orders, &mut dice);
    let inputs = [(A.to_string(), FamilyInput::new(OrderStatus::Opr, orders, None))].into_iter().collect();
    let out = Stellar::adjudicate(s, &inputs, &mut dice);
    let neil_fr = mail(&r, s, &out.state, &out.events, B, "fr");
    assert!(neil_fr[1].contains("Youri (ordres incomplets ; l'arbitre a choisi pour Youri l'emplacement de l'étape 3) : prend"), "{}", neil_fr[1]);
    let youri_en = mail(&r, s, &out.state, &out.events, A, "en");
    assert!(youri_en[1].contains("You (incomplete orders; the referee chose for you the slot of step 3): takes"), "{}", youri_en[1]);
}

/// The picture of `who` at a step, and what it draws (`Renderer::drawn`).
/// With `ARBITRE_PICTURES=<dir>`, its PNG is written there to be looked at.
fn picture(r: &Renderer, before: &StellarState, after: &StellarState, events: &[Event], who: &str, lang: &str) -> (String, Vec<u8>, Vec<Drawn>) {
    let svg = mail(r, before, after, events, who, lang).swap_remove(3);
    let png = r.svg_to_png(&svg).unwrap();
    if let Ok(dir) = std::env::var("ARBITRE_PICTURES") {
        std::fs::write(format!("{dir}/stellar-{}-{who}-{lang}.png", after.step), &png).unwrap();
        std::fs::write(format!("{dir}/stellar-{}-{who}-{lang}-phone.png", after.step), r.svg_to_png(&at_phone_width(&svg)).unwrap()).unwrap();
    }
    let drawn = r.drawn(&svg).unwrap_or_else(|e| panic!("{e}"));
    (svg, png, drawn)
}

/// `svg` drawn 360 pixels wide, as a phone shows a mail's picture.
fn at_phone_width(svg: &str) -> String {
    let raw = |k: &str| svg.split(&format!(" {k}=\"")).nth(1).and_then(|t| t.split('"').next()).unwrap().to_string();
    let (w, h) = (raw("width"), raw("height"));
    let height = h.parse::<f64>().unwrap() * 360.0 / w.parse::<f64>().unwrap();
    svg.replacen(&format!(" width=\"{w}\" height=\"{h}\""), &format!(" width=\"360\" height=\"{}\"", height.round()), 1)
}

/// The names of the cards `viewer` may see: the row, both telescopes' face-up
/// cards and the viewer's own face-down ones, both notebooks, the viewer's
/// hand and starting cards, the discard.
fn visible_names(s: &StellarState, viewer: usize) -> Vec<String> {
    let mut v: Vec<CardId> = s.row.iter().flatten().copied().collect();
    for (i, seat) in s.seats.iter().enumerate() {
        v.extend(seat.telescope.values().filter(|p| p.face_up || i == viewer).map(|p| p.card));
        v.extend(seat.notebook.iter().copied());
    }
    v.extend(s.seats[viewer].hand.iter().copied());
    v.extend(s.seats[viewer].starting.iter().copied());
    v.extend(s.discard.iter().copied());
    v.into_iter().map(|c| s.card(c).name()).collect()
}

/// "Le télescope", "Le carnet" (the picture): the reader's hand with its
/// letters (or the starting cards with theirs), every card of both
/// notebooks, no text over another (slot labels clear of card numbers),
/// and never a card of the opponent's hand.
#[test]
fn le_telescope_the_picture_shows_the_hand_and_both_notebooks_but_never_the_opponents_hand() {
    let r = renderer();
    let mut hidden_checked = 0;
    for seed in [21u64, 23] {
        let states = play_with_events(seed, None);
        for (i, w) in states.windows(2).enumerate().filter(|(i, _)| i % 3 == 0) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            if after.phase == Phase::Registration {
                continue;
            }
            for viewer in 0..2 {
                let who = after.seats[viewer].key.clone();
                let lang = if (i + viewer) % 2 == 0 { "fr" } else { "en" };
                let (svg, _, drawn) = picture(&r, before, after, events, &who, lang);
                let texts: Vec<&Drawn> = drawn.iter().filter(|d| d.text.is_some()).collect();
                let has = |t: &str| texts.iter().any(|d| d.text.as_deref() == Some(t));
                let cards = if after.phase == Phase::Start { after.starting_letters(viewer) } else { after.hand_letters(viewer) };
                for (letter, card) in cards {
                    assert!(has(&letter.to_string()) && has(&after.card(card).name()), "step {}: {who}'s card {letter} = {} not drawn", after.step, after.card(card).name());
                }
                for (p, seat) in after.seats.iter().enumerate() {
                    let drawn_cards = drawn.iter().filter(|d| d.group.starts_with(&format!("notebook-{p}-")) && d.text.is_none()).count();
                    assert_eq!(drawn_cards, seat.notebook.len(), "step {}: notebook of {}", after.step, seat.name);
                }
                let overlaps = Drawn::texts_over_texts(&drawn, 0.5);
                assert!(overlaps.is_empty(), "step {} ({lang}): texts over texts: {overlaps:#?}", after.step);
                if after.phase != Phase::Over {
                    let seen = visible_names(after, viewer);
                    for h in &after.seats[1 - viewer].hand {
                        let name = after.card(*h).name();
                        if !seen.contains(&name) {
                            assert!(!svg.contains(&format!(">{name}<")), "step {}: {who} sees the opponent's hand card {name}", after.step);
                            hidden_checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(hidden_checked > 20, "{hidden_checked}");
}

/// The chunks of a PNG file, by type.
fn png_chunks(png: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 8;
    while i + 8 <= png.len() {
        let len = u32::from_be_bytes(png[i..i + 4].try_into().unwrap()) as usize;
        out.push(String::from_utf8_lossy(&png[i + 4..i + 8]).into_owned());
        i += 12 + len;
    }
    out
}

/// "Le télescope": a card placed face down shows its back to the opponent:
/// its slot draws nothing but the back and the slot's label (no number, no
/// stars, no name), and the PNG carries no text chunk at all.
#[test]
fn le_telescope_a_face_down_card_shows_nothing_of_itself_to_the_opponent() {
    let r = renderer();
    let mut checked = 0;
    for seed in [21u64, 22, 23] {
        let states = play_with_events(seed, None);
        for w in states.windows(2).skip(2) {
            let ((before, _), (after, events)) = (&w[0], &w[1]);
            if after.phase == Phase::Over {
                continue;
            }
            for viewer in 0..2 {
                let down: Vec<(u32, CardId)> = after.seats[1 - viewer].telescope.iter().filter(|(_, p)| !p.face_up).map(|(s, p)| (*s as u32, p.card)).collect();
                if down.is_empty() {
                    continue;
                }
                let who = after.seats[viewer].key.clone();
                let (_, png, drawn) = picture(&r, before, after, events, &who, "fr");
                for (slot, card) in down {
                    let texts: Vec<&str> = drawn.iter().filter(|d| d.group == format!("slot-{}-{slot}", 1 - viewer)).filter_map(|d| d.text.as_deref()).collect();
                    assert_eq!(texts, vec!["✦".to_string(), format!("empl. {slot} · cachée")], "step {}: {who} sees the face-down {} on slot {slot}", after.step, after.card(card).name());
                    checked += 1;
                }
                let chunks = png_chunks(&png);
                assert!(chunks.iter().all(|c| ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "pHYs", "sRGB", "gAMA"].contains(&c.as_str())), "{chunks:?}");
            }
        }
    }
    assert!(checked > 5, "{checked}");
}

/// Stellar's French order keywords that differ from their English aliases
/// (card names, `LUNE-4`, are names and read the same in both languages).
const STELLAR_FRENCH_KEYWORDS: &[&str] = &["DEPART", "FINALE", "RAFRAICHIR", "PRENDRE", "JOUER", "COORDONNEE", "PIOCHE", "CARNET", "CACHEE", "SINON"];

#[test]
fn forms_print_the_readers_keywords_and_read_the_same_in_both_languages() {
    use arbitre::game::OrderLine;
    use arbitre::i18n::Lang;
    let mut sent = 0;
    for seed in 1..=4 {
        for (s, _) in play_with_events(seed, None) {
            for who in [A, B] {
                let form = Stellar::order_form(&s, &who.to_string());
                let orders = |lang: Lang| -> Vec<OrderLine> {
                    let texts = form.iter().map(|l| l.text_in(lang)).filter(|t| !t.is_empty());
                    texts.enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect()
                };
                for l in &form {
                    let en = l.to_json(Lang::En);
                    let printed = format!("{} # {}", en["text"].as_str().unwrap(), en["comment"].as_str().unwrap_or(""));
                    let french: Vec<&str> = printed.split(|c: char| !c.is_alphanumeric()).filter(|w| STELLAR_FRENCH_KEYWORDS.contains(w)).collect();
                    assert!(french.is_empty(), "French keyword(s) {french:?} in the English form line {printed:?}");
                }
                let (fr, en) = (orders(Lang::Fr), orders(Lang::En));
                assert_eq!(fr.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), form.iter().map(|l| l.text.as_str()).filter(|t| !t.is_empty()).collect::<Vec<_>>());
                if en.is_empty() {
                    continue;
                }
                let (pf, pe) = (Stellar::parse_orders(&s, &who.to_string(), &fr), Stellar::parse_orders(&s, &who.to_string(), &en));
                assert!(pe.verdicts.iter().all(|v| v.is_accepted()), "step {}: {:?}", s.step, pe.verdicts);
                assert_eq!(pe.orders, pf.orders, "step {}: {en:?} is read as {fr:?} is", s.step);
                sent += 1;
            }
        }
    }
    assert!(sent > 20, "{sent} forms sent back");
}
