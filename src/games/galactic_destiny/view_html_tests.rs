//! The HTML report and chronicle (design note §7): nothing remote, every
//! section there, player-written text escaped, and the same facts as the
//! text report, in both languages.

use serde_json::json;

use super::*;
use crate::dice::Dice;
use crate::games::galactic_destiny::model::Deal;
use crate::games::galactic_destiny::{galactic, setup};
use PartyId::{Bip, Gsp, Pop};

/// What a player types that the reports print: the name a player
/// registered with, a deal's terms.
const TYPED: &str = "<b>Zoé & \"Léo\"</b>";

fn renderer() -> crate::render::Renderer {
    crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates")
}

fn ctx(lang: &str) -> ViewContext {
    ViewContext { game_id: "g".into(), turn: 2, deadline: "lundi 9 h".into(), time_left: "2 jours".into(), lang: lang.into() }
}

/// A game after its first galactic phase (events drawn, dice rolled,
/// hands dealt), POP's player typing HTML in its name and a deal's terms.
fn game() -> (GdState, GdState, Vec<Event>) {
    let mut settings = toml::Table::new();
    settings.insert("joueurs_min".into(), toml::Value::Integer(2));
    let mut before = setup::new_game(&settings, 5).expect("a game");
    for p in [Gsp, Bip, Pop] {
        setup::register(&mut before, &p.sigle().to_lowercase(), p.sigle()).expect("a free party");
    }
    let mut dice = Dice::for_turn(5, 0);
    let mut events = Vec::new();
    setup::install(&mut before, &mut dice, &mut events);
    let mut after = before.clone();
    galactic::phase(&mut after, &mut dice, &mut events);
    for s in [&mut before, &mut after] {
        s.seats.iter_mut().find(|x| x.party == Some(Pop)).expect("POP's seat").name = TYPED.into();
        s.deals.push(Deal { number: 1, parties: [Pop, Gsp], terms: TYPED.into(), until: Some(3), broken: None });
    }
    events.push(Event::DealMade { number: 1, parties: [Pop, Gsp], terms: TYPED.into(), until: Some(3) });
    // A campaign pending (its odds in POP's private part), a law in force
    // that binds not BIP, in rebellion, nor GSP, who broke it.
    let fola = after.senators_of(Pop).next().expect("POP's senator").clone();
    let home = after.components.party(Pop).expect("POP").start_sector;
    let near = after.components.board.neighbours(home).find(|n| after.fx.sectors.get(n).is_some_and(|x| x.owner.is_none() && !x.infested)).expect("a neutral neighbour");
    after.intrigue.campaigns.campaigns.push(crate::games::galactic_destiny::intrigue::campaigns::Declaration { party: Pop, sector: near, senator: fola, influence: 1 });
    after.laws.push(crate::games::galactic_destiny::model::LawInForce { law: Law::Movement, passed: 1, until: 2, by: Gsp });
    after.defied.insert((Gsp, Law::Movement));
    after.rebellion.rebel = Some(Bip);
    // A free law in force (a game with a game master), with the text its
    // proposer typed.
    after.free_laws.push(crate::games::galactic_destiny::senate::free::FreeLaw { number: 1, text: format!("{TYPED} libre"), by: Pop, passed: 1, until: 3, struck: None });
    // POP looked at BIP's hand earlier in the turn.
    let bip_hand = after.fx.parties[&Bip].hand.clone();
    after.intrigue.seen.push((before.step, Pop, Bip, bip_hand));
    (before, after, events)
}

/// The report context the referee renders (`render/mod.rs`).
fn report_context(lang: &str, before: &GdState, after: &GdState, events: &[Event], family: &str) -> Value {
    let c = ctx(lang);
    let view = family_view(&c, before, after, events, &family.to_string());
    let form: Vec<Value> = order_form(after, &family.to_string()).iter().map(|l| l.to_json(Lang::from_code(lang))).collect();
    json!({"ctx": c, "family": {"key": family, "name": family.to_uppercase(), "status": "OR", "onr_streak": 0, "lang": lang}, "view": view, "form": form, "map_cid": "map"})
}

/// An HTML text as a reader sees it: tags dropped, entities decoded,
/// spaces collapsed.
pub(crate) fn seen(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#x27;", "'").replace("&#x2F;", "/").replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn squeeze(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn html_reports_and_chronicles_load_nothing_remote_show_every_section_and_escape_what_players_type() {
    let r = renderer();
    let (before, after, events) = game();
    let sections = [
        ("fr", ["Ce qui s&#x27;est passé", "Le plateau", "Les partis", "Les sénateurs en jeu", "Le sénat", "Les Ke&#x27;Ras", "Privé — pour vous seul", "Votre main", "Vos sénateurs en réserve", "Vos accords", "Formulaire d&#x27;ordres"]),
        ("en", ["What happened", "The board", "The parties", "Senators in play", "The senate", "The Ke&#x27;Ras", "Private — for you alone", "Your hand", "Your waiting senators", "Your deals", "Order form"]),
    ];
    for (lang, heads) in sections {
        let rc = report_context(lang, &before, &after, &events, "pop");
        let html = r.render(&format!("galactic-destiny/report.{lang}.html.tera"), &rc).expect("report");
        let pv = public_view(&ctx(lang), &before, &after, &events);
        let chron = r.render(&format!("galactic-destiny/chronicle.{lang}.html.tera"), &json!({"ctx": ctx(lang), "view": pv})).expect("chronicle");
        for doc in [&html, &chron] {
            assert!(!doc.contains("<link") && !doc.contains("@import") && !doc.contains("<script"), "external resource");
            for l in crate::games::stellarium::view::html_tests::links(doc) {
                assert!(!l.starts_with("http:") && !l.starts_with("https:") && !l.starts_with("//"), "remote link {l}");
            }
            // What the player typed is printed escaped, never as markup.
            assert!(!doc.contains("<b>Zoé"), "{lang}: unescaped player text");
            assert!(doc.contains("&lt;b&gt;Zoé &amp; &quot;Léo&quot;&lt;&#x2F;b&gt;"), "{lang}: the player's text, escaped");
        }
        assert_eq!(crate::games::stellarium::view::html_tests::links(&html), vec!["cid:map".to_string()], "the board picture is the only image, inline by Content-ID");
        for h in heads {
            assert!(html.contains(h), "{lang}: report section {h:?} missing");
        }
        for h in &heads[..6] {
            assert!(chron.contains(h), "{lang}: chronicle section {h:?} missing");
        }
        for private in &heads[6..] {
            assert!(!chron.contains(private), "{lang}: the chronicle has a private section {private:?}");
        }
        assert!(html.contains(&format!("<html lang=\"{lang}\">")) && chron.contains(&format!("<html lang=\"{lang}\">")));
    }
}

/// The facts of a view the reports print: every event's text, each listed
/// sector's numbers, each party's resources and voting strength, each
/// senator, the laws and the Ke'Ras odds, the hand's cards with their
/// texts, the waiting senators with their costs, the deals, the form.
fn facts(v: &Value, form: &Value) -> Vec<String> {
    let s = |x: &Value| match x {
        Value::String(t) => t.clone(),
        other => other.to_string(),
    };
    let mut f: Vec<String> = v["this_step"].as_array().expect("events").iter().map(|e| s(&e["text"])).collect();
    f.extend(v["this_step"].as_array().expect("events").iter().filter(|e| e["card_text"].is_string()).map(|e| s(&e["card_text"])));
    for x in v["board"].as_array().expect("board") {
        if x["owner"].is_string() || x["republic"].as_u64() > Some(0) || x["marked"] == true || x["infested"] == true || x["fleets"] != "" {
            f.push(format!("{}/{}/{}", x["influence"], x["money"], x["defence"]));
            if x["fleets"] != "" {
                f.push(s(&x["fleets"]));
            }
        }
    }
    for p in v["parties"].as_array().expect("parties") {
        f.extend([s(&p["sigle"]), s(&p["player"]), s(&p["sectors"])]);
    }
    for x in v["senators"].as_array().expect("senators") {
        f.push(s(&x["name"]));
    }
    for m in v["senate"]["ministries"].as_array().expect("ministries") {
        f.push(s(&m["ministry"]));
    }
    for l in v["senate"]["laws"].as_array().expect("laws") {
        f.push(s(&l["law"]));
    }
    for l in v["court"]["free_laws"].as_array().expect("free laws") {
        f.extend([s(&l["id"]), s(&l["text"])]);
    }
    f.push(format!("{} %", v["keras"]["chance_percent"]));
    f.push(format!("{}/{}", v["keras"]["infested"], v["keras"]["infested_max"]));
    for c in v["private"]["hand"].as_array().expect("hand") {
        f.extend([s(&c["name"]), s(&c["text"])]);
    }
    for w in v["private"]["waiting"].as_array().expect("waiting") {
        f.extend([s(&w["name"]), s(&w["cost"])]);
    }
    for o in v["private"]["odds"].as_array().expect("odds") {
        f.push(format!("{} %", o["chance_percent"]));
    }
    f.push(s(&v["private"]["fresh"]));
    for x in v["private"]["seen"].as_array().expect("looks") {
        f.push(s(&x["cards"]));
    }
    for d in v["private"]["deals"].as_array().expect("deals") {
        f.push(s(&d["terms"]));
    }
    for l in form.as_array().expect("form") {
        f.push(s(&l["text"]));
    }
    f.into_iter().map(|t| squeeze(&t)).filter(|t| !t.is_empty() && t != "null").collect()
}

#[test]
fn the_html_report_says_the_facts_the_text_report_says() {
    let r = renderer();
    let (before, after, events) = game();
    for lang in ["fr", "en"] {
        for family in ["pop", "gsp"] {
            let rc = report_context(lang, &before, &after, &events, family);
            let text = squeeze(&r.render(&format!("galactic-destiny/report.{lang}.txt.tera"), &rc).expect("text").replace(['(', ')'], ""));
            let html = seen(&r.render(&format!("galactic-destiny/report.{lang}.html.tera"), &rc).expect("html")).replace(['(', ')'], "");
            let all = facts(&rc["view"], &rc["form"]);
            assert!(all.len() > 40, "{} facts: the test would be vacuous", all.len());
            assert_eq!(rc["view"]["private"]["odds"].as_array().map(Vec::len), Some(usize::from(family == "pop")), "POP's campaign's odds, POP's alone");
            assert_eq!(rc["view"]["private"]["seen"].as_array().map(Vec::len), Some(usize::from(family == "pop")), "POP's look, POP's alone");
            let exempt = if lang == "fr" { "ne lie pas ce tour : BIP" } else { "binds not this turn: BIP" };
            assert!(text.contains(exempt) && html.contains(exempt), "{lang}: who the law does not bind this turn");
            assert_eq!(rc["view"]["senate"]["laws"][0]["exempt"], json!(["BIP"]), "GSP broke it: said as broken, not as exempt");
            assert!(!rc["view"]["private"]["hand"].as_array().expect("hand").is_empty(), "a hand to print");
            for fact in all {
                let fact = fact.replace(['(', ')'], "");
                assert!(text.contains(&fact), "{lang}/{family}: the text report lacks {fact:?}");
                assert!(html.contains(&fact), "{lang}/{family}: the HTML report lacks {fact:?}, which the text report says");
            }
        }
    }
}

#[test]
fn the_turn_so_far_each_reader_reads_the_earlier_steps_events_it_may_read_in_text_and_html() {
    let r = renderer();
    let (mut before, mut after, events) = game();
    before.step = 5;
    after.step = 6;
    // Only the turn so far may name the card looked at.
    after.intrigue.seen.clear();
    let looked = after.fx.parties[&Bip].hand.first().cloned().expect("a card in BIP's hand");
    after.intrigue.log = vec![
        (3, Event::Income { party: Bip, money: 13, influence: 11 }),
        (4, Event::HandSeen { party: Pop, target: Bip, cards: vec![looked.clone()] }),
        // The step just played is `this_step`, not repeated.
        (5, Event::Income { party: Gsp, money: 9, influence: 9 }),
    ];
    for lang in ["fr", "en"] {
        let pop = family_view(&ctx(lang), &before, &after, &events, &"pop".to_string());
        let gsp = family_view(&ctx(lang), &before, &after, &events, &"gsp".to_string());
        let public = public_view(&ctx(lang), &before, &after, &events);
        let steps = |v: &Value| v["turn_so_far"].as_array().expect("turn so far").iter().map(|x| x["step"].as_u64().unwrap_or(0)).collect::<Vec<_>>();
        assert_eq!(steps(&pop), vec![3, 4], "{lang}: POP reads its own look");
        assert_eq!(steps(&gsp), vec![3], "{lang}: POP's look is POP's alone");
        assert_eq!(steps(&public), vec![3]);
        let income = pop["turn_so_far"][0]["events"][0]["text"].as_str().expect("a text").to_string();
        let rc = report_context(lang, &before, &after, &events, "pop");
        for kind in ["txt", "html"] {
            let text = r.render(&format!("galactic-destiny/report.{lang}.{kind}.tera"), &rc).expect("report");
            let text = if kind == "html" { seen(&text) } else { squeeze(&text) };
            assert!(text.contains(&squeeze(&income)) && text.contains(&looked), "{lang}/{kind}: the turn so far missing");
        }
        let rc = report_context(lang, &before, &after, &events, "gsp");
        for kind in ["txt", "html"] {
            let text = r.render(&format!("galactic-destiny/report.{lang}.{kind}.tera"), &rc).expect("report");
            assert!(text.contains(&squeeze(&income).replace('\'', if kind == "html" { "&#x27;" } else { "'" })) || seen(&text).contains(&squeeze(&income)), "{lang}/{kind}: the public event of step 3");
        }
        let chron = r.render(&format!("galactic-destiny/chronicle.{lang}.html.tera"), &json!({"ctx": ctx(lang), "view": public})).expect("chronicle");
        assert!(seen(&chron).contains(&squeeze(&income)), "{lang}: the chronicle's turn so far");
    }
}
