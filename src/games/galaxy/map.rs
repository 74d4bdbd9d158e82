//! The map of a player's report (`templates/galaxy/map.svg.tera`), in
//! pixels, computed from the player's view alone, so that the map can show
//! nothing the view does not hold. Star labels are placed around their
//! marker where there is room and never overlap. Before the end of the game
//! the map shows only the part of the galaxy the player knows, centred on
//! the home star ([`Window`]); where that is the whole torus, scanner and
//! RADAR circles and moves wrap across its edges.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::i18n::{Lang, Msg};
use crate::msg;

use super::labels::Labeller;

/// The fill colour of a kind of star on the map.
pub fn kind_color(kind: &str) -> &'static str {
    match kind {
        "ATTACK" => "#e74c3c",
        "BASE" => "#f39c12",
        "CITY" => "#3498db",
        "DATA" => "#1abc9c",
        "EXIT" => "#bb8fce",
        "FORT" => "#95a5a6",
        "GATE" => "#8e44ad",
        "INVISIBILITY" => "#d6eaf8",
        "KEY" => "#f4d03f",
        "LOTUS" => "#922b21",
        "MACHINE" => "#48c9b0",
        "NEW" => "#2ecc71",
        "POWER" => "#e67e22",
        "RADAR" => "#5dade2",
        "SUPPLY" => "#abebc6",
        "THRONE" => "#ffd700",
        "VULCAN" => "#641e16",
        "XRAY" => "#aed6f1",
        "ZERO" => "#566573",
        _ => "#f2f3f4",
    }
}

const CELL: i64 = 20;
const LEFT: i64 = 46;
const TOP: i64 = 70;
/// Cells shown beyond the farthest thing drawn, so that its label has room.
const MARGIN: i64 = 2;
/// Cells shown at least on each side of the home star.
const LEAST: i64 = 5;
/// The narrowest map, so that the title and a legend of two columns fit.
const MIN_WIDTH: i64 = 480;
/// The least width of one column of the legend, and the legend's margin.
const LEGEND_COL: i64 = 210;
const LEGEND_X: i64 = 24;

fn num(v: &Value, k: &str) -> i64 {
    v.get(k).and_then(Value::as_i64).unwrap_or(0)
}

/// The part of the galaxy a map shows, as ranges of the view's cells
/// (`col`, `row`, both inclusive), and where its top-left cell is drawn.
///
/// Before the end it is centred on the home star (2.3: "vous verrez votre
/// étoile BASE au centre de la carte") and reaches, each way, as far as the
/// farthest thing the view holds (stars, fleets, echoes, moves, scanner and
/// RADAR circles) plus a margin: computed from the player's own relative
/// coordinates alone, so that its size and place tell nothing the view does
/// not (never the galaxy's absolute position). When that reaches an edge of
/// the torus, the whole galaxy is shown, as at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub cols: (i64, i64),
    pub rows: (i64, i64),
    left: i64,
}

impl Window {
    fn of(view: &Value, size: i64, half: i64, over: bool) -> Window {
        let full = Window { cols: (0, size - 1), rows: (0, size - 1), left: LEFT };
        if over || size <= 0 {
            return full.centred();
        }
        // The home star's cell (relative +0+0).
        let (hc, hr) = (half, size - half - 1);
        let (mut reach_h, mut reach_v) = (LEAST - MARGIN, LEAST - MARGIN);
        let mut reach = |at: &Value, r: i64| {
            reach_h = reach_h.max((num(at, "col") - hc).abs() + r);
            reach_v = reach_v.max((num(at, "row") - hr).abs() + r);
        };
        let empty = Vec::new();
        let arr = |k: &str| view.get(k).and_then(Value::as_array).unwrap_or(&empty);
        for k in ["own_stars", "stars", "star_echoes", "fleet_echoes", "radar", "fleets"] {
            for item in arr(k) {
                reach(&item["at"], 0);
            }
        }
        for m in arr("moves") {
            reach(&m["from"], 0);
            reach(&m["to"], 0);
        }
        for s in arr("scanners") {
            reach(&s["at"], num(s, "range"));
        }
        for s in arr("radar_ranges") {
            reach(&s["at"], num(s, "range"));
        }
        let (rh, rv) = (reach_h + MARGIN, reach_v + MARGIN);
        let axis = |c: i64, r: i64| if 2 * r + 1 >= size { (0, size - 1) } else { (c - r, c + r) };
        Window { cols: axis(hc, rh), rows: axis(hr, rv), left: LEFT }.centred()
    }

    /// The grid set in the middle of a map at least `MIN_WIDTH` wide.
    fn centred(mut self) -> Window {
        self.left = LEFT.max((MIN_WIDTH - self.grid_w()) / 2);
        self
    }

    fn grid_w(&self) -> i64 {
        (self.cols.1 - self.cols.0 + 1) * CELL
    }

    fn grid_h(&self) -> i64 {
        (self.rows.1 - self.rows.0 + 1) * CELL
    }

    /// Whether the window is the whole torus (a circle or a move near an
    /// edge is then drawn again beyond the opposite one).
    fn whole(&self, size: i64) -> (bool, bool) {
        (self.grid_w() == size * CELL, self.grid_h() == size * CELL)
    }

    /// Pixel centre of an `at` object of the view.
    fn centre(&self, at: &Value) -> (i64, i64) {
        (self.left + (num(at, "col") - self.cols.0) * CELL + CELL / 2, TOP + (num(at, "row") - self.rows.0) * CELL + CELL / 2)
    }
}

/// One sample of every message of the map, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut v: Vec<Msg> =
        ["own", "fleet", "other_fleet", "echo", "fleet_echo", "radar", "move", "scanner"].iter().map(|s| msg!("galaxy-map-legend", symbol = *s)).collect();
    v.push(msg!("galaxy-map-left-out", count = 3));
    v.push(msg!("galaxy-map-title", name = "Alice", turn = 4));
    v.push(msg!("galaxy-map-subtitle", over = "yes"));
    v.push(msg!("galaxy-map-subtitle", over = "no"));
    v
}

/// Everything `map.svg.tera` draws, in pixels, computed from the view alone
/// (so the map can show nothing the view does not hold), over the part of
/// the galaxy [`Window`] keeps.
pub fn map_geometry(view: &Value, en: bool) -> Value {
    let size = num(view, "size");
    let half = num(view, "half");
    let over = view.get("over").and_then(Value::as_bool).unwrap_or(false);
    let w = Window::of(view, size, half, over);
    let (left, grid_w, grid_h) = (w.left, w.grid_w(), w.grid_h());
    // The torus's period, in pixels.
    let period = size * CELL;
    let centre = |at: &Value| w.centre(at);
    let empty = Vec::new();
    let arr = |k: &str| view.get(k).and_then(Value::as_array).unwrap_or(&empty).clone();
    let mut lines = Vec::new();
    let mut col_labels = Vec::new();
    let mut row_labels = Vec::new();
    let col_label = |i: i64| if over { i } else { i - half };
    let row_label = |i: i64| if over { size - 1 - i } else { size - half - 1 - i };
    let text = |l: i64| if over { format!("{l}") } else { format!("{l:+}") };
    for i in w.cols.0..=w.cols.1 + 1 {
        let x = left + (i - w.cols.0) * CELL;
        lines.push(json!({"x1": x, "y1": TOP, "x2": x, "y2": TOP + grid_h, "major": col_label(i) % 5 == 0}));
        if i <= w.cols.1 && col_label(i) % 5 == 0 {
            col_labels.push(json!({"x": x + CELL / 2, "y": TOP - 6, "text": text(col_label(i))}));
        }
    }
    for i in w.rows.0..=w.rows.1 + 1 {
        let y = TOP + (i - w.rows.0) * CELL;
        lines.push(json!({"x1": left, "y1": y, "x2": left + grid_w, "y2": y, "major": row_label(i) % 5 == 0}));
        if i <= w.rows.1 && row_label(i) % 5 == 0 {
            row_labels.push(json!({"x": left - 4, "y": y + CELL / 2 + 4, "text": text(row_label(i))}));
        }
    }
    // A circle near an edge of the torus is drawn again beyond the opposite
    // edge when the map shows the whole torus that way (the grid clips what
    // falls outside).
    let (whole_h, whole_v) = w.whole(size);
    let circles = |v: &Value, r_kpc: i64| -> Vec<Value> {
        let (cx, cy) = centre(&v["at"]);
        let r = r_kpc * CELL + CELL / 2;
        let shifts = |whole: bool| if whole { vec![0, -period, period] } else { vec![0] };
        let mut out = Vec::new();
        for dx in shifts(whole_h) {
            for dy in shifts(whole_v) {
                let (x, y) = (cx + dx, cy + dy);
                if x + r > left && x - r < left + grid_w && y + r > TOP && y - r < TOP + grid_h {
                    out.push(json!({"cx": x, "cy": y, "r": r}));
                }
            }
        }
        out
    };
    let scanners: Vec<Value> = arr("scanners").iter().flat_map(|s| circles(s, num(s, "range"))).collect();
    let radar_ranges: Vec<Value> = arr("radar_ranges").iter().flat_map(|s| circles(s, 5)).collect();
    let mut stars = Vec::new();
    let mut kinds_shown: BTreeSet<String> = BTreeSet::new();
    let mut star_echoes = Vec::new();
    let mut fleet_echoes = Vec::new();
    let mut radar = Vec::new();
    let mut fleets = Vec::new();
    let mut moves = Vec::new();
    let mut others = Vec::new();
    if over {
        let full = view.get("full").cloned().unwrap_or(Value::Null);
        let me = view.pointer("/player/name").and_then(Value::as_str).unwrap_or("");
        for st in full.get("stars").and_then(Value::as_array).unwrap_or(&empty) {
            let (cx, cy) = centre(&st["at"]);
            let kind = st["kind"].as_str().unwrap_or("NORMAL");
            kinds_shown.insert(kind.to_string());
            let own = st["owner"].as_str() == Some(me);
            let label = match (kind, st["owner"].as_str()) {
                ("BASE", Some(o)) => format!("{} ({o})", st["name"].as_str().unwrap_or("")),
                _ => st["name"].as_str().unwrap_or("").to_string(),
            };
            stars.push(json!({"cx": cx, "cy": cy, "r": 6, "fill": kind_color(kind), "own": own, "home": false, "label": label}));
        }
        for f in full.get("fleets").and_then(Value::as_array).unwrap_or(&empty) {
            let (cx, cy) = centre(&f["at"]);
            if f["owner"].as_str() == Some(me) {
                fleets.push(json!({"cx": cx, "cy": cy, "label": f["fleet"]}));
            } else {
                others.push(json!({"cx": cx, "cy": cy}));
            }
        }
    } else {
        for st in arr("own_stars") {
            let (cx, cy) = centre(&st["at"]);
            let kind = st["kind"].as_str().unwrap_or("NORMAL");
            kinds_shown.insert(kind.to_string());
            stars.push(json!({"cx": cx, "cy": cy, "r": 7, "fill": kind_color(kind), "own": true,
                              "home": st["home"].as_bool().unwrap_or(false), "label": st["name"]}));
        }
        for st in arr("stars") {
            let (cx, cy) = centre(&st["at"]);
            let kind = st["kind"].as_str().unwrap_or("NORMAL");
            kinds_shown.insert(kind.to_string());
            stars.push(json!({"cx": cx, "cy": cy, "r": 6, "fill": kind_color(kind), "own": false, "home": false, "label": st["name"]}));
        }
        for e in arr("star_echoes") {
            let (cx, cy) = centre(&e["at"]);
            star_echoes.push(json!({"cx": cx, "cy": cy}));
        }
        for e in arr("fleet_echoes") {
            let (cx, cy) = centre(&e["at"]);
            fleet_echoes.push(json!({"cx": cx, "cy": cy}));
        }
        for r in arr("radar") {
            let (cx, cy) = centre(&r["at"]);
            radar.push(json!({"cx": cx, "cy": cy, "label": format!("{} {}", r["owner"].as_str().unwrap_or(""), r["ships"].as_str().unwrap_or(""))}));
        }
        for f in arr("fleets") {
            let (cx, cy) = centre(&f["at"]);
            fleets.push(json!({"cx": cx, "cy": cy, "label": f["fleet"]}));
        }
        for m in arr("moves") {
            let (x1, y1) = centre(&m["from"]);
            let (x2, y2) = centre(&m["to"]);
            // A move across an edge of the torus: the short way, drawn as two
            // segments, one leaving by an edge and one coming in by the other.
            let unwrap = |d: i64| if d > period / 2 { d - period } else if d < -period / 2 { d + period } else { d };
            let (dx, dy) = (unwrap(x2 - x1), unwrap(y2 - y1));
            let wraps = (dx, dy) != (x2 - x1, y2 - y1);
            let (scuttled, jump) = (m["how"] == "scuttled", m["how"] == "jump");
            // A jump through a GATE is no path: drawn straight, as it is.
            if wraps && !jump {
                moves.push(json!({"x1": x1, "y1": y1, "x2": x1 + dx, "y2": y1 + dy, "scuttled": scuttled, "jump": false}));
                moves.push(json!({"x1": x2 - dx, "y1": y2 - dy, "x2": x2, "y2": y2, "scuttled": scuttled, "jump": false}));
            } else {
                moves.push(json!({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "scuttled": scuttled, "jump": jump}));
            }
        }
    }
    let scuttles: Vec<Value> = moves.iter().filter(|m| m["scuttled"] == true).map(|m| json!({"cx": m["x1"], "cy": m["y1"]})).collect();
    let area = [left as f64, TOP as f64, (left + grid_w) as f64, (TOP + grid_h) as f64];
    let (labels, left_out) = place_labels(area, &stars, &fleets, &radar, &star_echoes, &fleet_echoes, &[others.as_slice(), &scuttles].concat());
    let lang = if en { Lang::En } else { Lang::Fr };
    let t = |symbol: &str| msg!("galaxy-map-legend", symbol = symbol).render(lang);
    let symbols: &[&str] = if over { &["own", "fleet", "other_fleet"] } else { &["own", "fleet", "echo", "fleet_echo", "radar", "move", "scanner"] };
    let mut legend: Vec<Value> = symbols.iter().map(|s| json!({"symbol": s, "text": t(s)})).collect();
    for k in &kinds_shown {
        legend.push(json!({"symbol": "kind", "fill": kind_color(k), "text": k}));
    }

    let width = (left + grid_w + 24).max(MIN_WIDTH);
    let legend_top = TOP + grid_h + 34;
    let per_row = ((width - 2 * LEGEND_X) / LEGEND_COL).clamp(1, 3);
    let col_w = (width - 2 * LEGEND_X) / per_row;
    let legend: Vec<Value> = legend
        .into_iter()
        .enumerate()
        .map(|(i, mut l)| {
            let i = i as i64;
            l["x"] = json!(LEGEND_X + (i % per_row) * col_w);
            l["y"] = json!(legend_top + (i / per_row) * 22);
            l
        })
        .collect();
    let mut rows = (legend.len() as i64 + per_row - 1) / per_row;
    // Below the legend, on a line of its own: the labels that found no room.
    let left_out_note = (left_out > 0).then(|| {
        let text = msg!("galaxy-map-left-out", count = left_out).render(lang);
        rows += 1;
        json!({"x": LEGEND_X, "y": legend_top + (rows - 1) * 22, "text": text})
    });
    let name = view.pointer("/player/name").and_then(Value::as_str).unwrap_or("");
    let turn = num(view, "turn");
    let title = msg!("galaxy-map-title", name = name, turn = turn).render(lang);
    let subtitle = msg!("galaxy-map-subtitle", over = if over { "yes" } else { "no" }).render(lang);
    json!({
        "width": width, "height": legend_top + rows * 22 + 16,
        "cell": CELL, "left": left, "top": TOP, "grid_w": grid_w, "grid_h": grid_h, "cx": width / 2,
        // Only a map of the whole torus (an axis of it) draws things beyond
        // the grid's edges, that the grid must clip: the pixels outside the
        // grid saved and put back (src/render/passes.rs), a cost the other
        // maps need not pay.
        "clip": whole_h || whole_v,
        "title": title, "subtitle": subtitle,
        "lines": lines, "col_labels": col_labels, "row_labels": row_labels,
        "scanners": scanners, "radar_ranges": radar_ranges,
        "stars": stars, "star_echoes": star_echoes, "fleet_echoes": fleet_echoes,
        "radar": radar, "fleets": fleets, "other_fleets": others, "moves": moves,
        "labels": labels, "left_out": left_out_note,
        "legend": legend,
    })
}

/// Places every label of the map (own fleets first, then stars, then RADAR
/// sightings): the labels to draw, over every marker, and how many found no
/// room.
fn place_labels(area: [f64; 4], stars: &[Value], fleets: &[Value], radar: &[Value], star_echoes: &[Value], fleet_echoes: &[Value], others: &[Value]) -> (Vec<Value>, usize) {
    let mut l = Labeller::new(area);
    let xy = |v: &Value| (num(v, "cx") as f64, num(v, "cy") as f64);
    for st in stars.iter() {
        let (x, y) = xy(st);
        l.marker(x, y, num(st, "r") as f64 + if st["own"].as_bool().unwrap_or(false) { 4.0 } else { 1.0 });
    }
    for (v, r) in fleets.iter().map(|v| (v, 7.0)).chain(radar.iter().map(|v| (v, 7.0))).chain(fleet_echoes.iter().map(|v| (v, 6.0))).chain(others.iter().map(|v| (v, 6.0))).chain(star_echoes.iter().map(|v| (v, 3.0))) {
        let (x, y) = xy(v);
        l.marker(x, y, r);
    }
    let mut left_out = 0;
    let mut labels = Vec::new();
    let round = |v: f64| (v * 10.0).round() / 10.0;
    let mut put = |v: &Value, r: f64, size: f64, bold: bool, fill: &str| {
        let Some(text) = v["label"].as_str().map(str::to_string) else { return };
        let (x, y) = xy(v);
        match l.place(x, y, r, &text, size, bold) {
            Some(p) => labels.push(json!({
                "x": round(p.x), "y": round(p.y), "text": text, "font": size, "bold": bold, "fill": fill,
                "leader": p.leader.map(|[x1, y1, x2, y2]| json!({"x1": round(x1), "y1": round(y1), "x2": round(x2), "y2": round(y2)})),
            })),
            None => left_out += 1,
        }
    };
    for f in fleets.iter() {
        put(f, 7.0, 9.0, true, "#abebc6");
    }
    for st in stars.iter() {
        let r = num(st, "r") as f64 + if st["own"].as_bool().unwrap_or(false) { 4.0 } else { 1.0 };
        put(st, r, 9.0, false, "#ecf0f1");
    }
    for rd in radar.iter() {
        put(rd, 7.0, 8.0, false, "#f5b7b1");
    }
    (labels, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell of a 78×78 galaxy's view at relative (h, v) (`half` = 39).
    fn at(h: i64, v: i64) -> Value {
        json!({"h": h, "v": v, "col": h + 39, "row": 78 - 39 - 1 - v})
    }

    fn view(stars: &[(i64, i64)], scanners: &[(i64, i64, i64)]) -> Value {
        json!({
            "size": 78, "half": 39, "over": false, "turn": 3, "player": {"name": "Alice"},
            "own_stars": [{"name": "HOMEST", "kind": "BASE", "home": true, "at": at(0, 0)}],
            "stars": stars.iter().enumerate().map(|(i, (h, v))| json!({"name": format!("STAR{i:02}"), "kind": "NORMAL", "at": at(*h, *v)})).collect::<Vec<_>>(),
            "scanners": scanners.iter().map(|(h, v, r)| json!({"at": at(*h, *v), "range": r})).collect::<Vec<_>>(),
        })
    }

    #[test]
    fn r2_3_the_map_is_cut_to_what_the_player_knows_around_the_home_star_at_its_centre() {
        let v = view(&[(7, -3), (-2, 4)], &[(0, 0, 2)]);
        let w = Window::of(&v, 78, 39, false);
        // Reach: h 7 (+2 of margin) each way, v 4 (+2) each way.
        assert_eq!(w.cols, (39 - 9, 39 + 9));
        assert_eq!(w.rows, (38 - 6, 38 + 6));
        let m = map_geometry(&v, false);
        let (left, top, gw, gh) = (num(&m, "left"), num(&m, "top"), num(&m, "grid_w"), num(&m, "grid_h"));
        assert_eq!((gw, gh), (19 * CELL, 13 * CELL));
        // The home star is drawn at the very centre of the grid.
        let home = m["stars"].as_array().unwrap().iter().find(|s| s["label"] == "HOMEST").unwrap().clone();
        assert_eq!((num(&home, "cx"), num(&home, "cy")), (left + gw / 2, top + gh / 2));
        // Every star inside, and the labels of the axes relative to home.
        for s in m["stars"].as_array().unwrap() {
            assert!((left..left + gw).contains(&num(s, "cx")) && (top..top + gh).contains(&num(s, "cy")), "{s}");
        }
        let cols: Vec<&str> = m["col_labels"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert_eq!(cols, ["-5", "+0", "+5"]);
        let rows: Vec<&str> = m["row_labels"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert_eq!(rows, ["+5", "+0", "-5"]);
        // Nothing is drawn twice nor beyond the grid: the window is no whole
        // turn of the torus, and the drawing needs no clipping.
        assert_eq!(m["scanners"].as_array().unwrap().len(), 1);
        assert_eq!(m["clip"], false);
        assert!(num(&m, "width") >= MIN_WIDTH);
    }

    #[test]
    fn a_lone_home_star_gets_a_small_map_and_scanner_circles_count_to_their_edge() {
        let w = Window::of(&view(&[], &[]), 78, 39, false);
        assert_eq!((w.cols.1 - w.cols.0 + 1, w.rows.1 - w.rows.0 + 1), (2 * LEAST + 1, 2 * LEAST + 1));
        let w = Window::of(&view(&[], &[(-6, 0, 3)]), 78, 39, false);
        assert_eq!(w.cols, (39 - 11, 39 + 11));
        assert_eq!(w.rows, (38 - 5, 38 + 5));
    }

    #[test]
    fn r2_3_knowledge_reaching_an_edge_of_the_torus_shows_the_whole_galaxy_with_wrapped_circles() {
        let v = view(&[(36, 1)], &[(37, 0, 3)]);
        let w = Window::of(&v, 78, 39, false);
        assert_eq!(w.cols, (0, 77));
        assert_eq!(w.rows, (38 - 5, 38 + 5));
        let m = map_geometry(&v, false);
        // Drawn again beyond the left edge; not vertically (the rows are cut).
        assert_eq!(m["scanners"].as_array().unwrap().len(), 2, "{}", m["scanners"]);
        assert_eq!(num(&m, "grid_w"), 78 * CELL);
        assert_eq!(m["clip"], true);
    }
}
