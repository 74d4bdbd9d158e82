//! Stellarium reports, chronicle and maps over a game played through the
//! real pipeline (order form → parser → defaults → `phases::adjudicate`),
//! with simulated players who also buy protection and hire the Dark
//! Tentacle against each other.
//!
//! NO-LEAK: for every family and every turn, its report (text and HTML) and
//! its map hold no private fact of another family: no unrevealed contract,
//! no Dark Tentacle credit, no purchase, no order line, no place of a
//! character that is not public. The test fails on the first leak, naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use arbitre::dice::Dice;
use arbitre::game::{status_of, FamilyInput, FamilyKey, OrderLine, OrderStatus, ViewContext};
use arbitre::games::stellarium::defaults::{default_orders, settle_cross_family_defaults};
use arbitre::games::stellarium::events::Event;
use arbitre::games::stellarium::form::order_form;
use arbitre::games::stellarium::model::*;
use arbitre::games::stellarium::orders::parse_orders;
use arbitre::games::stellarium::phases;
use arbitre::games::stellarium::status::completeness;
use arbitre::games::stellarium::view::{family_view, public_view};
use arbitre::render::Renderer;
use arbitre::text::key;

const FAMILIES: [&str; 4] = ["Atréides", "Harkonnen", "Corrino", "Fremen"];
const SEED: u64 = 0x5e11a;

fn renderer() -> Renderer {
    Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates load")
}

fn ctx(state: &State, lang: &str) -> ViewContext {
    ViewContext {
        game_id: "fuite".into(),
        turn: state.turn,
        deadline: "dimanche 6 décembre 2026 à 20 h 00 (Europe/Paris)".into(),
        time_left: "6 jours 23 heures".into(),
        lang: lang.into(),
    }
}

/// What a simulated family sends beyond its pre-filled form: protection for
/// its first character and a contract on the next family's first character.
fn extra_orders(state: &State, family: &str) -> Vec<String> {
    if state.turn == 0 {
        return Vec::new();
    }
    let keys: Vec<&FamilyKey> = state.families.keys().collect();
    let Some(i) = keys.iter().position(|k| *k == family) else { return Vec::new() };
    let victim_family = keys[(i + 1) % keys.len()];
    let mine: Vec<&Character> = state.living_members(family).filter(|c| c.is_free() && c.training.is_some()).collect();
    let theirs: Vec<&Character> = state.living_members(victim_family).filter(|c| c.training.is_some()).collect();
    let mut out = Vec::new();
    if let Some(c) = mine.first() {
        out.push(format!("ACHAT {} GARDES ASSURANCE", c.first_name));
    }
    if let (Some(sponsor), Some(victim)) = (mine.get(1), theirs.first()) {
        let vf = &state.families[victim_family.as_str()].name;
        let kind = if state.turn % 2 == 1 { "ASSASSINAT" } else { "SCANDALE" };
        out.push(format!("CONTRAT {} 2 {kind} {}/{}", sponsor.first_name, victim.first_name, vf));
    }
    out
}

/// One turn through the pipeline, as the referee plays it.
fn play(state: &State) -> (State, Vec<Event>, BTreeMap<FamilyKey, Vec<String>>) {
    play_with(state, |_, lines| lines)
}

/// The lines of a family's pre-filled form, as it sends it back.
fn form_lines(state: &State, fam: &str) -> Vec<String> {
    order_form(state, fam).into_iter().map(|l| l.text).filter(|t| !t.trim().is_empty()).collect()
}

/// One turn through the pipeline, each family sending what `edit` makes of
/// its form and the simulated players' extra orders.
fn play_with(state: &State, edit: impl Fn(&str, Vec<String>) -> Vec<String>) -> (State, Vec<Event>, BTreeMap<FamilyKey, Vec<String>>) {
    let mut dice = Dice::for_turn(SEED, state.turn);
    let mut inputs = BTreeMap::new();
    let mut sent = BTreeMap::new();
    for (rank, fam) in state.families.keys().enumerate() {
        let mut lines = form_lines(state, fam);
        lines.extend(extra_orders(state, fam));
        let lines = edit(fam, lines);
        let order_lines: Vec<OrderLine> =
            lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
        let parsed = parse_orders(state, fam, &order_lines);
        let any = parsed.verdicts.iter().any(|v| v.is_accepted());
        let status = status_of(any, &completeness(state, fam, &parsed.orders));
        let orders = default_orders(state, fam, status, parsed.orders, &mut dice);
        inputs.insert(fam.clone(), FamilyInput::new(status, orders, Some(rank as u32)));
        sent.insert(fam.clone(), lines);
    }
    settle_cross_family_defaults(state, &mut inputs, &mut dice);
    let out = phases::adjudicate(state, &inputs, &mut dice);
    (out.state, out.events, sent)
}

fn new_game() -> State {
    let mut s = State::new(Settings::default());
    for name in FAMILIES {
        s.register(&key(name), name).expect("registers");
    }
    s
}

/// A family's report (text + HTML) and map, as the referee renders them.
fn documents(r: &Renderer, before: &State, after: &State, events: &[Event], fam: &str, lang: &str) -> Vec<(String, String)> {
    let c = ctx(after, lang);
    let view = family_view(&c, before, after, events, &fam.to_string());
    let f = &after.families[fam];
    let form: Vec<serde_json::Value> = order_form(after, fam)
        .into_iter()
        .map(|l| l.to_json(arbitre::i18n::Lang::from_code(lang)))
        .collect();
    let rc = serde_json::json!({
        "ctx": c,
        "family": {"key": fam, "name": f.name, "status": f.status_in(before.turn).map(|s| s.label()).unwrap_or("—"), "onr_streak": f.onr_streak, "lang": lang},
        "view": view,
        "form": form,
        "map_cid": "map",
    });
    let mut out = Vec::new();
    for name in [format!("stellarium/report.{lang}.txt.tera"), format!("stellarium/report.{lang}.html.tera"), "stellarium/map.svg.tera".to_string()] {
        let text = r.render(&name, &rc).unwrap_or_else(|e| panic!("{e}"));
        out.push((name, text));
    }
    out
}

/// The private facts of `other` after a turn, as (what, a string that must
/// not appear, or a pair of strings that must not appear on one line).
struct Secrets {
    /// Strings that must never appear.
    verbatim: Vec<(String, String)>,
    /// (what, a, b): a and b must not appear on the same line.
    together: Vec<(String, String, String)>,
}

fn secrets_of(before: &State, after: &State, events: &[Event], other: &str, sent: &[String]) -> Secrets {
    let fam_name = &after.families[other].name;
    let mut s = Secrets { verbatim: Vec::new(), together: Vec::new() };
    // Its order lines (the contracts and purchases it sent).
    for l in sent {
        if l.starts_with("CONTRAT") || l.starts_with("ACHAT") {
            s.verbatim.push((format!("order line of {other}"), l.clone()));
        }
    }
    // Its unrevealed contracts: the sponsor's name next to a contract.
    // (unmasked this turn, or earlier: the pending trial is public, 22.2)
    let mut unmasked: BTreeSet<CharacterId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Investigation { sponsor, unmasked: true, .. } => Some(*sponsor),
            _ => None,
        })
        .collect();
    unmasked.extend(before.trials.iter().filter(|t| matches!(t.charge, Charge::Contract { .. })).map(|t| t.accused));
    for e in events {
        let sponsors: Vec<CharacterId> = match e {
            Event::ContractExecuted { sponsors, .. } | Event::ContractNotSelected { sponsors, .. } => sponsors.clone(),
            Event::ContractRefused { sponsor, .. } => vec![*sponsor],
            _ => continue,
        };
        for sp in sponsors {
            if after.family_of(sp).is_some_and(|f| f == other) && !unmasked.contains(&sp) {
                let name = after.full_name(sp);
                for w in ["contrat", "Contrat", "commanditaire", "Tentacule"] {
                    s.together.push((format!("unrevealed contract of {name}"), name.clone(), w.to_string()));
                }
            }
        }
    }
    // Its purchases (bodyguards, insurance…) and its credit.
    for c in after.living_members(other) {
        let name = after.full_name(c.id);
        for w in ["achète", "achats", "gardes du corps", "assurance Kolombo"] {
            s.together.push((format!("purchase of {name}"), name.clone(), w.to_string()));
        }
    }
    let credit = after.families[other].dark_tentacle_credit;
    s.together.push((format!("credit of {fam_name}"), fam_name.clone(), "Crédit".into()));
    let _ = credit;
    // Where its characters are, unless public: governors on their colony,
    // judges on Stellarium, fleet commanders in their fleet.
    for c in after.living_members(other) {
        let public_post = after.governorship(c.id).is_some()
            || after.is_judge(c.id)
            || after.army.commander_1 == Some(c.id)
            || after.army.commander_2 == Some(c.id);
        if public_post || c.is_prisoner() {
            continue;
        }
        let name = after.full_name(c.id);
        let place_words: Vec<String> = match &c.last_place {
            Some(Place::Exchange { .. }) => vec!["Bourse".into(), "bourse".into()],
            Some(Place::Fleet(FleetNo::First)) => vec!["1ère Flotte".into()],
            Some(Place::Fleet(FleetNo::Second)) => vec!["2ème Flotte".into()],
            Some(Place::Ship(k)) => vec![after.ships.get(k).map(|s| s.name.clone()).unwrap_or_else(|| k.clone())],
            Some(Place::Colony(k)) => vec![after.planets.get(k).map(|p| p.name.clone()).unwrap_or_else(|| k.clone())],
            Some(Place::Stellarium) | None => vec![],
        };
        for w in place_words {
            s.together.push((format!("place of {name}"), name.clone(), w));
        }
    }
    let _ = before;
    s
}

fn check(doc_name: &str, reader: &str, text: &str, secrets: &Secrets) {
    for (what, v) in &secrets.verbatim {
        assert!(!text.contains(v.as_str()), "LEAK to {reader} in {doc_name}: {what}: «{v}»");
    }
    for line in text.lines() {
        for (what, a, b) in &secrets.together {
            assert!(
                !(line.contains(a.as_str()) && line.contains(b.as_str())),
                "LEAK to {reader} in {doc_name}: {what}: «{}»",
                line.trim()
            );
        }
    }
}

#[test]
fn no_leak_in_any_report_or_map_of_a_played_game() {
    let r = renderer();
    let mut state = new_game();
    let mut turns = 0;
    let mut contracts_seen = 0;
    while turns < 4 {
        let before = state.clone();
        let (after, events, sent) = play(&before);
        contracts_seen += events.iter().filter(|e| matches!(e, Event::ContractExecuted { .. })).count();
        for fam in after.families.keys() {
            for lang in ["fr", "en"] {
                let docs = documents(&r, &before, &after, &events, fam, lang);
                // Its own credit is there, once, with its value (2.8.5).
                if lang == "fr" {
                    let credit_lines: Vec<&str> = docs[0].1.lines().filter(|l| l.contains("Crédit auprès de la Tentacule Sombre")).collect();
                    assert_eq!(credit_lines.len(), 1, "{fam}: {credit_lines:?}");
                    let own = after.families[fam].dark_tentacle_credit;
                    assert!(credit_lines[0].contains(&format!(": {own} ")), "{fam}: {}", credit_lines[0]);
                }
                for other in after.families.keys().filter(|o| *o != fam) {
                    let secrets = secrets_of(&before, &after, &events, other, &sent[other]);
                    for (name, text) in &docs {
                        check(&format!("turn {} {name}", before.turn), fam, text, &secrets);
                    }
                }
            }
        }
        // The chronicle: nobody's secrets.
        for lang in ["fr", "en"] {
            let c = ctx(&after, lang);
            let pv = public_view(&c, &before, &after, &events);
            for kind in ["txt", "html"] {
                let text = r
                    .render(&format!("stellarium/chronicle.{lang}.{kind}.tera"), &serde_json::json!({"ctx": c, "view": pv}))
                    .unwrap_or_else(|e| panic!("{e}"));
                assert!(!text.contains("Crédit") && !text.contains("Credit"), "credit in the chronicle");
                for other in after.families.keys() {
                    let secrets = secrets_of(&before, &after, &events, other, &sent[other]);
                    check(&format!("turn {} chronicle.{lang}.{kind}", before.turn), "the public", &text, &secrets);
                }
            }
        }
        state = after;
        turns += 1;
    }
    assert!(state.families.values().all(|f| f.founded), "the pipeline founded the families");
    assert!(contracts_seen > 0, "the simulated players' contracts were carried out (the test exercises secrecy)");
}

#[test]
fn reports_of_a_played_turn_render_in_both_languages_with_accents() {
    let r = renderer();
    let s0 = new_game();
    let (s1, e1, _) = play(&s0);
    let (s2, e2, _) = play(&s1);
    let fam = key("Atréides");
    for (before, after, events) in [(&s0, &s1, &e1), (&s1, &s2, &e2)] {
        let docs = documents(&r, before, after, events, &fam, "fr");
        assert!(docs[0].1.contains("famille Atréides"));
        assert!(docs[0].1.contains("PARTIE fuite") && docs[0].1.contains("\nFIN"));
        let png = r.svg_to_png(&docs[2].1).expect("png");
        assert!(png.len() > 5_000);
        // ARBITRE_RENDER_OUT=<dir>: keep the documents of the last turn to look at.
        if let Ok(dir) = std::env::var("ARBITRE_RENDER_OUT") {
            let _ = std::fs::write(format!("{dir}/played-report.txt"), &docs[0].1);
            let _ = std::fs::write(format!("{dir}/played-report.html"), &docs[1].1);
            let _ = std::fs::write(format!("{dir}/played-map.png"), &png);
            let c = ctx(after, "fr");
            let pv = public_view(&c, before, after, events);
            let chron = r.render("stellarium/chronicle.fr.txt.tera", &serde_json::json!({"ctx": c, "view": pv})).unwrap_or_default();
            let _ = std::fs::write(format!("{dir}/played-chronicle.txt"), chron);
        }
        let en = documents(&r, before, after, events, &fam, "en");
        assert!(en[0].1.contains("family Atréides") && en[0].1.contains("\nEND"));
    }
    // After the first real turn, the statuses are known (phase 0).
    assert_eq!(s2.families[&fam].status_in(1), Some(OrderStatus::Or));
}

/// The founders each family names at turn 0 (distinct names make a
/// readable demo), then three cycles of the simulated players.
fn demo_game() -> Vec<(State, State, Vec<Event>)> {
    let founders: [(&str, [&str; 8]); 4] = [
        ("Atréides", ["Léto H GUERRIER +5", "Jessica F MARCHAND +5", "Gurney H EXPLORATEUR +3", "Duncan H GUERRIER +3", "Alia F PRETRE +4", "Thufir H MARCHAND +5", "Paul H", "Ghanima F"]),
        ("Harkonnen", ["Vladimir H MARCHAND +5", "Margot F GUERRIER +5", "Piter H EXPLORATEUR +5", "Rabban H GUERRIER +3", "Iakin H PRETRE +2", "Feyd H MARCHAND +5", "Elsa F", "Hector H"]),
        ("Corrino", ["Shaddam H GUERRIER +5", "Anirul F MARCHAND +5", "Hasimir H EXPLORATEUR +5", "Wensicia F GUERRIER +3", "Chalice F PRETRE +2", "Josifa F MARCHAND +5", "Irulan F", "Rugi F"]),
        ("Fremen", ["Liet H EXPLORATEUR +5", "Harah F MARCHAND +5", "Stilgar H GUERRIER +5", "Chani F GUERRIER +3", "Otheym H PRETRE +2", "Jamis H MARCHAND +5", "Leto H", "Sihaya F"]),
    ];
    let mut s = new_game();
    let mut inputs = BTreeMap::new();
    let mut dice = Dice::for_turn(SEED, 0);
    for (rank, (name, chars)) in founders.iter().enumerate() {
        let fam = key(name);
        let mut lines: Vec<String> = chars.iter().enumerate().map(|(i, c)| format!("PERSONNAGE {} {c}", i + 1)).collect();
        lines.push(format!("CANDIDAT {} JUGE", chars[1].split(' ').next().unwrap_or_default()));
        lines.push(format!("ENCHERE {} \"{}\"", 3 + rank, ["Étoile du Matin", "Sardaukar", "Lumière d'Arrakis", "Ver des Sables"][rank]));
        let ol: Vec<OrderLine> = lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
        let parsed = parse_orders(&s, &fam, &ol);
        for v in &parsed.verdicts {
            assert!(v.is_accepted(), "{:?}", v);
        }
        let status = status_of(true, &completeness(&s, &fam, &parsed.orders));
        let orders = default_orders(&s, &fam, status, parsed.orders, &mut dice);
        inputs.insert(fam, FamilyInput::new(status, orders, Some(rank as u32)));
    }
    settle_cross_family_defaults(&s, &mut inputs, &mut dice);
    let out = phases::adjudicate(&s, &inputs, &mut dice);
    let mut turns = vec![(s.clone(), out.state.clone(), out.events)];
    s = out.state;
    for _ in 0..3 {
        let (after, events, _) = play(&s);
        turns.push((s.clone(), after.clone(), events));
        s = after;
    }
    turns
}

#[test]
fn demo_game_reports_render_and_can_be_kept() {
    let r = renderer();
    let turns = demo_game();
    let (before, after, events) = turns.last().expect("turns");
    let fam = key("Atréides");
    let docs = documents(&r, before, after, events, &fam, "fr");
    // Every living member of the family is in its report (Léto may have
    // fallen to a contract: turn 0's orders earn a credit, 2.8.5).
    assert!(after.living_members(&fam).count() >= 4);
    for c in after.living_members(&fam) {
        assert!(docs[0].1.contains(&c.first_name), "{} missing:\n{}", c.first_name, docs[0].1);
    }
    let png = r.svg_to_png(&docs[2].1).expect("png");
    // ARBITRE_DEMO_OUT=<dir>: the documents of the last turn for the docs
    // (report.html with the map as a file next to it, map.png, report.txt).
    if let Ok(dir) = std::env::var("ARBITRE_DEMO_OUT") {
        let html = docs[1].1.replace("cid:map", "map.png");
        let _ = std::fs::write(format!("{dir}/report.html"), html);
        let _ = std::fs::write(format!("{dir}/report.txt"), &docs[0].1);
        let _ = std::fs::write(format!("{dir}/map.png"), &png);
        let _ = std::fs::write(format!("{dir}/map.svg"), &docs[2].1);
        let c = ctx(after, "fr");
        let pv = public_view(&c, before, after, events);
        if let Ok(chron) = r.render("stellarium/chronicle.fr.txt.tera", &serde_json::json!({"ctx": c, "view": pv})) {
            let _ = std::fs::write(format!("{dir}/chronicle.txt"), chron);
        }
    }
}

/// 30.3, 30.2, 0.4: the last turn's chronicle and reports name the winner
/// among the families still played by a person, and rank the PNJ families
/// apart, after them.
#[test]
fn r30_3_the_final_report_names_the_winner_and_ranks_pnj_families_apart() {
    let r = renderer();
    let turns = demo_game();
    let (_, mut s, _) = turns.last().cloned().expect("turns");
    s.settings.turns = s.turn;
    let pnj = key("Fremen");
    if let Some(f) = s.families.get_mut(&pnj) {
        f.victory_points = 1_000_000;
        f.statuses.insert(s.turn - 1, OrderStatus::Pnj);
    }
    let (after, events, _) = play(&s);
    assert!(after.ended.is_some());
    let played: Vec<&Family> = after.families.values().filter(|f| !f.is_pnj()).collect();
    let best = played.iter().max_by_key(|f| f.victory_points).expect("a played family");
    let c = ctx(&after, "fr");
    let pv = public_view(&c, &s, &after, &events);
    let chron = r.render("stellarium/chronicle.fr.txt.tera", &serde_json::json!({"ctx": c, "view": pv})).expect("chronicle");
    assert!(chron.contains(&format!("La famille {} gagne la", best.name)), "{chron}");
    let heading = chron.find("Familles PNJ (classées à part, 0.4) :").expect("PNJ heading");
    let fremen = chron.rfind("Fremen").expect("Fremen ranked");
    assert!(fremen > heading, "the PNJ family is ranked after the heading");
    let docs = documents(&r, &s, &after, &events, &key("Atréides"), "en");
    assert!(docs[0].1.contains(&format!("The family {} wins", best.name)), "{}", docs[0].1);
    assert!(docs[0].1.contains("NPC families (ranked apart, 0.4):"));
}

/// A single character of `sex` who may marry (3.5: neither a priest nor a
/// heretic, free); the founders' young are given a training to be.
fn marriageable(s: &mut State, fam: &str, sex: Sex) -> Option<CharacterId> {
    let id = s
        .living_members(fam)
        .find(|c| c.sex == sex && !c.is_priest() && !c.heretic && c.is_free() && matches!(c.marital, Marital::Single))?
        .id;
    let c = s.character_mut(id)?;
    c.training = c.training.or(Some(Training::Warrior));
    Some(id)
}

/// 3.10 and 5.3.5 (issue 26): the defaults the referee plays for a family
/// whose orders are partial (OPR) are named in its report with the rule, in
/// both languages: its MARIAGE line is refused because an ONR/OPR family
/// refuses marriages (it was dropped silently, and the report blamed the
/// other family's orders), and its merchant without LIEU is sent to the
/// exchange at S1 (it was placed silently).
#[test]
fn r3_10_r5_3_5_defaults_played_for_an_opr_family_are_named_in_its_report() {
    let r = renderer();
    let (mut s1, _, _) = play(&new_game());
    // B: a family with a merchant who works this turn and a single woman; A:
    // another family with a single man and a priest to marry them.
    let merchant_of = |f: &str| {
        s1.living_members(f)
            .find(|c| c.is_free() && c.training == Some(Training::Merchant) && !s1.is_judge(c.id) && s1.governorship(c.id).is_none())
            .map(|c| c.id)
    };
    let keys: Vec<FamilyKey> = s1.families.keys().cloned().collect();
    let (a, b) = (keys[0].clone(), keys[1].clone());
    let merchant = merchant_of(&b).expect("B has a merchant");
    let priest = s1.living_members(&a).find(|c| c.is_priest() && c.is_free()).expect("A has a priest").id;
    let groom = marriageable(&mut s1, &a, Sex::Male).expect("a single man in A");
    let bride = marriageable(&mut s1, &b, Sex::Female).expect("a single woman in B");
    let first = |id: CharacterId| s1.character(id).unwrap().first_name.clone();
    let (na, nb) = (&s1.families[&a].name, &s1.families[&b].name);
    let (g, w, p) = (first(groom), first(bride), first(priest));
    let line_a = format!("MARIAGE {g} {w}/{nb} {p}");
    let line_b = format!("MARIAGE {g}/{na} {w} {p}/{na}");
    // A sends its form and the marriage; B the marriage alone: OPR.
    let (s2, events, _) = play_with(&s1, |fam, lines| {
        if fam == a {
            lines.into_iter().chain([line_a.clone()]).collect()
        } else if fam == b {
            vec![line_b.clone()]
        } else {
            lines
        }
    });
    assert_eq!(s2.families[&b].status_in(1), Some(OrderStatus::Opr));
    assert!(!events.iter().any(|e| matches!(e, Event::Married { .. })));
    // The report names its own family's characters by their first name.
    let merchant = first(merchant);
    for (lang, marriage, place) in [
        ("fr", "une famille ONR ou OPR refuse les propositions de mariage (3.10)", "pas de lieu donné (5.3.5)"),
        ("en", "an ONR or OPR family refuses marriage proposals (3.10)", "no place given (5.3.5)"),
    ] {
        let report = &documents(&r, &s1, &s2, &events, &b, lang)[0].1;
        let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
        let items: Vec<&str> = flat.split(" - ").collect();
        assert!(items.iter().any(|l| l.contains(&g) && l.contains(&w) && l.contains(marriage)), "{lang}: the refused marriage and its rule:\n{report}");
        assert!(items.iter().any(|l| l.contains(&merchant) && l.contains(place)), "{lang}: {merchant}'s default place and its rule:\n{report}");
    }
}
