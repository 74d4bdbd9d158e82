//! The public map on the web page.

use super::fixture::*;
use super::*;

/// Every `src`/`href` of an HTML text (attribute values).
pub(crate) fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["src=", "href=", "url("] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            let after = &rest[i + attr.len()..];
            let v: String = after.trim_start_matches(['"', '\'']).chars().take_while(|c| !matches!(c, '"' | '\'' | ')' | ' ' | '>')).collect();
            out.push(v);
            rest = after;
        }
    }
    out
}

#[test]
fn r_web_public_map_shows_what_every_familys_map_shows_and_nothing_of_one_family() {
    use serde_json::json;
    let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
    let (before, after, _) = game();
    for lang in ["fr", "en"] {
        let c = ctx(lang);
        let pv = public_view_from(&c, &before, &after, PublicNarrative::default());
        let m = &pv["public_map"];
        for p in m["planets"].as_array().expect("planets").iter().chain([&m["stellarium"]]) {
            assert_eq!((&p["own_post"], &p["own_governor"], &p["own_count"]), (&json!(false), &json!(false), &json!(0)), "{p}");
        }
        let svg = r.render("stellarium/map.svg.tera", &json!({"ctx": c, "family": null, "view": {"map": m}})).expect("public map");
        for own in ["Où sont vos personnages", "Where your characters are", "votre comptoir", "your trading post", "Atréides —", "Family "] {
            assert!(!svg.contains(own), "{own:?} on the public map");
        }
        // What every family's map shows is there: the planets (the public
        // posts are listed in the reports and the chronicle, not drawn).
        let fam = family_view_from(&c, &before, &after, "atreides", FamilyNarrative::default());
        for p in fam["map"]["planets"].as_array().expect("planets") {
            assert!(svg.contains(&format!(">{}<", p["name"].as_str().unwrap())), "planet {} missing", p["name"]);
        }
    }
}

#[test]
fn html_reports_load_nothing_remote() {
    let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
    let (before, after, _) = game();
    for lang in ["fr", "en"] {
        let c = ctx(lang);
        let v = family_view_from(&c, &before, &after, "atreides", FamilyNarrative::default());
        let rc = serde_json::json!({"ctx": c, "family": {"key": "atreides", "name": "Atréides", "status": "OR", "onr_streak": 0, "lang": lang}, "view": v, "form": [], "map_cid": "map"});
        let html = r.render(&format!("stellarium/report.{lang}.html.tera"), &rc).expect("report");
        let pv = public_view_from(&c, &before, &after, PublicNarrative::default());
        let chron = r.render(&format!("stellarium/chronicle.{lang}.html.tera"), &serde_json::json!({"ctx": c, "view": pv})).expect("chronicle");
        for doc in [&html, &chron] {
            assert!(!doc.contains("<link") && !doc.contains("@import") && !doc.contains("<script"), "external resource");
            for l in links(doc) {
                assert!(!l.starts_with("http:") && !l.starts_with("https:") && !l.starts_with("//"), "remote link {l}");
            }
        }
        assert_eq!(links(&html), vec!["cid:map".to_string()], "the map is the only image, inline by Content-ID");
        let svg = r.render("stellarium/map.svg.tera", &rc).expect("map");
        assert!(!svg.contains("href"), "the map references nothing");
    }
}
