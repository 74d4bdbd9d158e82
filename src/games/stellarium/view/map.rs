//! The map: a family's, or the public one.

use super::*;

/// Width of the map in px. A phone shows it at about half size, so the
/// fonts are 20–30 px (10–15 px on the phone).
pub(crate) const MAP_W: f64 = 720.0;
pub(crate) const MAP_CENTER: f64 = 360.0;
pub(crate) const MAP_LINE: f64 = 33.0;

#[derive(Debug, Clone, Serialize)]
pub struct MapPlanet {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    /// `capital`, `colony`, `penal`, `pouark`.
    pub kind: &'static str,
    /// `empire`, `rebels`, `pouarks`.
    pub controller: &'static str,
    pub fill: &'static str,
    /// Controller in words (and "bagne" for the penal colony).
    pub caption: String,
    pub closed: bool,
    pub patrol: bool,
    pub own_post: bool,
    pub own_governor: bool,
    /// How many of the family's characters are there.
    pub own_count: usize,
    /// Label position (below the disc).
    pub label_y: f64,
    pub caption_y: f64,
    /// Font size of the name (smaller when many planets share the ring).
    pub label_size: f64,
}

/// A public post (fleet commanders, the patrol, governors, the High
/// Court), in the same words for every family: listed in the reports
/// beside the map (the map draws the planets, the legend and the family's
/// marks; its lists of names were most of its PNG's bytes).
#[derive(Debug, Clone, Serialize)]
pub struct PostLine {
    pub text: String,
    /// Held by one of the reader's characters.
    pub own: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapLegend {
    pub y: f64,
    pub symbol: &'static str,
    pub fill: &'static str,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapView {
    pub width: f64,
    pub height: f64,
    pub title: String,
    pub subtitle: String,
    pub cx: f64,
    pub cy: f64,
    pub ring: f64,
    pub stellarium: MapPlanet,
    pub planets: Vec<MapPlanet>,
    pub legend: Vec<MapLegend>,
    /// A family's map, drawn as the base common to every family's map and
    /// the family's overlay (`map.svg.tera`'s `layer`, render::layers).
    pub layered: bool,
    /// Height of the base (the whole map: the family's marks are drawn
    /// over it). Maps of earlier turns, whose views listed the public posts
    /// and the family's characters below the base (`lines`), are still
    /// drawn by the template.
    pub base_height: f64,
}

pub(crate) const FILL_EMPIRE: &str = "#2e6db4";
pub(crate) const FILL_PENAL: &str = "#6b7a8f";
pub(crate) const FILL_REBELS: &str = "#c0392b";
pub(crate) const FILL_POUARKS: &str = "#7d3c98";
pub(crate) const FILL_CAPITAL: &str = "#d4a017";

pub(crate) fn controller_of(lang: Lang, p: &Planet) -> (&'static str, &'static str, String) {
    match p.controller {
        Controller::Empire => {
            let fill = match p.kind {
                PlanetKind::PenalColony => FILL_PENAL,
                PlanetKind::Capital => FILL_CAPITAL,
                _ => FILL_EMPIRE,
            };
            let caption = match p.kind {
                PlanetKind::PenalColony => "penal-colony",
                PlanetKind::Capital => "capital",
                _ => "empire",
            };
            ("empire", fill, crate::msg!("stellarium-map-caption", caption = caption).render(lang))
        }
        Controller::Rebels { .. } => ("rebels", FILL_REBELS, crate::msg!("stellarium-map-caption", caption = "rebels").render(lang)),
        Controller::Pouarks => ("pouarks", FILL_POUARKS, crate::msg!("stellarium-map-caption", caption = "pouarks").render(lang)),
    }
}

/// The planets around Stellarium, in a stable order: the colonies of the
/// proclamation, Araknid, the colonies found later, the Pouark worlds.
pub(crate) fn ring_order(s: &State) -> Vec<&String> {
    let rank = |p: &Planet| -> (u8, u32) {
        match p.kind {
            PlanetKind::Capital => (0, 0),
            PlanetKind::Colony if p.discovered_turn.is_none() => (1, 0),
            PlanetKind::PenalColony => (2, 0),
            PlanetKind::Colony => (3, p.discovered_turn.unwrap_or(0)),
            PlanetKind::PouarkWorld => (4, p.discovered_turn.unwrap_or(0)),
        }
    };
    let mut ks: Vec<&String> = s.planets.iter().filter(|(_, p)| p.kind != PlanetKind::Capital).map(|(k, _)| k).collect();
    ks.sort_by(|a, b| {
        let (pa, pb) = (&s.planets[*a], &s.planets[*b]);
        rank(pa).cmp(&rank(pb)).then_with(|| a.cmp(b))
    });
    ks
}

/// The planet key where a character of the family is, for the map.
pub(crate) fn planet_of(s: &State, c: &Character) -> Option<String> {
    if let Some(sen) = &c.sentence {
        return Some(sen.planet.clone());
    }
    if let Some(cap) = &c.captivity {
        return cap.planet.clone();
    }
    if let Some(k) = s.governorship(c.id) {
        return Some(k.to_string());
    }
    match &c.last_place {
        Some(Place::Colony(k)) => Some(k.clone()),
        Some(Place::Stellarium) | Some(Place::Exchange { .. }) | None => Some(crate::text::key(CAPITAL)),
        Some(Place::Fleet(_)) | Some(Place::Ship(_)) => None,
    }
}

/// The map of `family`, or with `None` the public map (the chronicle's): what
/// every family's map shows, without any family's own marks and lines.
pub(crate) fn map_view(lang: Lang, ctx: &ViewContext, before: &State, after: &State, family: Option<&str>) -> MapView {
    let s = after;
    let public = family.is_none();
    // No family has the empty key: with `None`, nothing below is "own".
    let family = family.unwrap_or("");
    let fam_name = s.family(family).map(|f| f.name.clone()).unwrap_or_else(|| family.to_string());
    let own: Vec<&Character> = s.living_members(family).collect();
    let mut own_at: BTreeMap<String, usize> = BTreeMap::new();
    for c in &own {
        if let Some(k) = planet_of(s, c) {
            *own_at.entry(k).or_default() += 1;
        }
    }
    let posts: BTreeSet<&String> = s.family(family).map(|f| f.trading_posts.iter().collect()).unwrap_or_default();
    let top = 110.0;
    let (cx, cy) = (MAP_CENTER, top + 300.0);
    let keys = ring_order(s);
    let n = keys.len().max(1);
    let (ring, r, label_size) =
        if n <= 9 { (250.0, 34.0, 24.0) } else if n <= 13 { (256.0, 28.0, 21.0) } else { (262.0, 22.0, 18.0) };
    let make = |k: &str, x: f64, y: f64, r: f64| -> MapPlanet {
        let p = &s.planets[k];
        let (controller, fill, caption) = controller_of(lang, p);
        let own_gov = p.governor.is_some_and(|g| s.family_of(g).is_some_and(|f| f == family));
        MapPlanet {
            name: p.name.clone(),
            x: round1(x),
            y: round1(y),
            r,
            kind: match p.kind {
                PlanetKind::Capital => "capital",
                PlanetKind::Colony => "colony",
                PlanetKind::PenalColony => "penal",
                PlanetKind::PouarkWorld => "pouark",
            },
            controller,
            fill,
            caption,
            closed: p.closed_to_trade == Some(s.turn) || p.closed_to_trade == Some(before.turn),
            patrol: s.army.patrol.iter().any(|q| q == k),
            own_post: posts.contains(&k.to_string()),
            own_governor: own_gov,
            own_count: own_at.get(k).copied().unwrap_or(0),
            label_y: round1(y + r + label_size + 2.0),
            caption_y: round1(y + r + label_size + 24.0),
            label_size,
        }
    };
    let capital_key = crate::text::key(CAPITAL);
    let stellarium = if s.planets.contains_key(&capital_key) {
        make(&capital_key, cx, cy, 58.0)
    } else {
        MapPlanet {
            name: CAPITAL.into(),
            x: cx,
            y: cy,
            r: 52.0,
            kind: "capital",
            controller: "empire",
            fill: FILL_CAPITAL,
            caption: String::new(),
            closed: false,
            patrol: false,
            own_post: false,
            own_governor: false,
            own_count: 0,
            label_y: cy + 84.0,
            caption_y: cy + 106.0,
            label_size: 24.0,
        }
    };
    let planets: Vec<MapPlanet> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * i as f64 / n as f64;
            // Labels sit below the disc; lift the discs of the lower half a
            // little so that their labels stay inside the ring's box.
            make(k, cx + ring * a.cos(), cy + ring * a.sin() * 0.92, r)
        })
        .collect();

    // The legend, below the ring.
    let mut y = cy + ring + 110.0;
    let mut legend = Vec::new();
    // `key`: the `$item` of `stellarium-map-legend`.
    let mut push_legend = |symbol: &'static str, fill: &'static str, key: &str, y: &mut f64| {
        legend.push(MapLegend { y: *y, symbol, fill, text: crate::msg!("stellarium-map-legend", item = key).render(lang) });
        *y += MAP_LINE;
    };
    push_legend("disc", FILL_EMPIRE, "empire", &mut y);
    push_legend("disc", FILL_PENAL, "penal-colony", &mut y);
    push_legend("disc", FILL_REBELS, "rebels", &mut y);
    push_legend("disc", FILL_POUARKS, "pouarks", &mut y);
    push_legend("patrol", "#1e8449", "patrol", &mut y);
    push_legend("closed", "#e67e22", "closed", &mut y);
    if !public {
        push_legend("post", "#f1c40f", "post", &mut y);
        push_legend("governor", "#f1c40f", "governor", &mut y);
        push_legend("count", "#ffffff", "count", &mut y);
    }

    let height = (y + 16.0).ceil();
    MapView {
        width: MAP_W,
        height,
        title: crate::msg!("stellarium-map-title", year = before.assembly_year()).render(lang),
        subtitle: if public {
            crate::msg!("stellarium-map-subtitle-public", game = ctx.game_id.as_str(), turn = ctx.turn).render(lang)
        } else {
            crate::msg!("stellarium-map-subtitle", family = fam_name.as_str(), game = ctx.game_id.as_str(), turn = ctx.turn).render(lang)
        },
        cx,
        cy,
        ring,
        stellarium,
        planets,
        legend,
        layered: !public,
        base_height: height,
    }
}

/// The public posts, in the same words for every reader (full names), in
/// a fixed order: the fleet commanders, the patrol, the governors (around
/// the ring), the High Court. `own`: held by one of `family`'s characters
/// (none for the empty key, the public's).
pub(crate) fn public_posts(lang: Lang, s: &State, family: &str) -> Vec<PostLine> {
    let mut out = Vec::new();
    let mine = |id: CharacterId| s.family_of(id).is_some_and(|g| g == family);
    for (f, id) in [(FleetNo::First, s.army.commander_1), (FleetNo::Second, s.army.commander_2)] {
        if let Some(id) = id.filter(|c| s.character(*c).is_some_and(|c| c.is_alive())) {
            let text = crate::msg!("stellarium-map-fleet-commander", fleet = fleet_name(lang, f), name = s.full_name(id)).render(lang);
            out.push(PostLine { text, own: mine(id) });
        }
    }
    if !s.army.patrol.is_empty() {
        let ps: Vec<String> = s.army.patrol.iter().map(|k| planet_name(s, k)).collect();
        out.push(PostLine { text: crate::msg!("stellarium-map-patrol", planets = ps.join(", ")).render(lang), own: false });
    }
    for k in ring_order(s) {
        let p = &s.planets[k];
        if let Some(g) = p.governor {
            let text = crate::msg!("stellarium-map-governor", planet = p.name.as_str(), name = s.full_name(g)).render(lang);
            out.push(PostLine { text, own: mine(g) });
        }
    }
    if !s.judges.is_empty() {
        let js: Vec<String> = s.judges.iter().map(|j| s.full_name(*j)).collect();
        out.push(PostLine { text: crate::msg!("stellarium-map-court", judges = js.join(", ")).render(lang), own: s.judges.iter().any(|j| mine(*j)) });
    }
    out
}

pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// One sample of every message of the map and the chronicle, for the catalogue check.
pub(crate) fn map_samples() -> Vec<crate::i18n::Msg> {
    use crate::msg;
    let mut out = Vec::new();
    for caption in ["penal-colony", "capital", "rebels", "pouarks", "empire"] {
        out.push(msg!("stellarium-map-caption", caption = caption));
    }
    for item in ["empire", "penal-colony", "rebels", "pouarks", "patrol", "closed", "post", "governor", "count"] {
        out.push(msg!("stellarium-map-legend", item = item));
    }
    out.push(msg!("stellarium-map-fleet-commander", fleet = "1ère Flotte", name = "Paul"));
    out.push(msg!("stellarium-map-patrol", planets = "Balnéa"));
    out.push(msg!("stellarium-map-governor", planet = "Balnéa", name = "Paul"));
    out.push(msg!("stellarium-map-court", judges = "Paul"));
    out.push(msg!("stellarium-map-title", year = 5030));
    out.push(msg!("stellarium-map-subtitle-public", game = "g1", turn = 2));
    out.push(msg!("stellarium-map-subtitle", family = "Atréides", game = "g1", turn = 2));
    for strategy in ["offensive", "defensive"] {
        out.push(msg!("stellarium-strategy", strategy = strategy));
    }
    for section in super::SECTIONS {
        out.push(msg!("stellarium-section", section = section));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::super::tests::report_context;
    use super::*;
    use crate::render::{Prepared, Renderer};

    /// Every family's map drawn as the shared base and the family's overlay
    /// is the very picture of its whole SVG; the base is the same document
    /// for every family and holds nothing of any family's own.
    #[test]
    fn a_family_map_is_the_shared_base_and_its_own_overlay() {
        let r = Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let (before, after, ids) = game();
        let ev = super::super::tests::events(&ids, &after);
        let tpl = "stellarium/map.svg.tera";
        for lang in ["fr", "en"] {
            let c = ctx(lang);
            let mut bases = BTreeSet::new();
            for fam in after.families.keys() {
                let v = family_view(&c, &before, &after, &ev, fam);
                assert_eq!(v["map"]["layered"], serde_json::json!(true));
                let mut rc = Prepared::new(&report_context(&c, &v, fam, &after)).expect("object");
                let whole = r.render_prepared(tpl, &rc).expect("whole map");
                rc.set("layer", "base");
                let base = r.render_prepared(tpl, &rc).expect("base");
                rc.unset("layer");
                for own in ["#f7dc6f", "— partie", "— game", "Où sont", "Where your"] {
                    assert!(!base.contains(own), "{own:?} in the base of {fam}'s map");
                }
                bases.insert(base);
                let composed = r.layered_map_png(tpl, &mut rc).expect("composed");
                assert!(composed == r.svg_to_png(&whole).expect("whole png"), "{fam}'s composed map differs from its whole map ({lang})");
            }
            assert_eq!(bases.len(), 1, "one base for every family ({lang})");
        }
        // A view of an earlier turn (stored before the layers and before
        // the lists left the map: no base height, its lists as `lines`)
        // still draws the whole map, every line in it.
        let c = ctx("fr");
        let mut v = family_view(&c, &before, &after, &ev, &"atreides".to_string());
        if let Some(m) = v["map"].as_object_mut() {
            m.remove("base_height");
            m.remove("layered");
            let y = m["height"].as_f64().expect("height");
            m.insert("height".into(), serde_json::json!(y + 80.0));
            m.insert(
                "lines".into(),
                serde_json::json!([
                    {"y": y + 20.0, "text": "Postes publics", "bold": true, "own": false},
                    {"y": y + 53.0, "text": "Où sont vos personnages", "bold": true, "own": false},
                ]),
            );
        }
        let old = r.render(tpl, &report_context(&c, &v, "atreides", &after)).expect("a map without layers");
        assert!(old.contains(">Postes publics<") && old.contains(">Où sont vos personnages<"), "{old}");
        // The public map (the chronicle's) is not layered.
        let pv = public_view(&ctx("fr"), &before, &after, &ev);
        assert_eq!(pv["public_map"]["layered"], serde_json::json!(false));
    }
}
