//! The map of a player's report (`templates/galaxy/map.svg.tera`), in
//! pixels, computed from the player's view alone, so that the map can show
//! nothing the view does not hold. Star labels are placed around their
//! marker where there is room and never overlap; scanner and RADAR circles
//! and moves wrap across the edges of the torus.

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

fn num(v: &Value, k: &str) -> i64 {
    v.get(k).and_then(Value::as_i64).unwrap_or(0)
}

/// Pixel centre of an `at` object of the view.
fn centre(at: &Value) -> (i64, i64) {
    (LEFT + num(at, "col") * CELL + CELL / 2, TOP + num(at, "row") * CELL + CELL / 2)
}

/// Everything `map.svg.tera` draws, in pixels, computed from the view alone
/// (so the map can show nothing the view does not hold).
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

pub fn map_geometry(view: &Value, en: bool) -> Value {
    let size = num(view, "size");
    let half = num(view, "half");
    let over = view.get("over").and_then(Value::as_bool).unwrap_or(false);
    let grid = size * CELL;
    let empty = Vec::new();
    let arr = |k: &str| view.get(k).and_then(Value::as_array).unwrap_or(&empty).clone();
    let mut lines = Vec::new();
    let mut col_labels = Vec::new();
    let mut row_labels = Vec::new();
    let col_label = |i: i64| if over { i } else { i - half };
    let row_label = |i: i64| if over { size - 1 - i } else { size - half - 1 - i };
    let text = |l: i64| if over { format!("{l}") } else { format!("{l:+}") };
    for i in 0..=size {
        let x = LEFT + i * CELL;
        let y = TOP + i * CELL;
        lines.push(json!({"x1": x, "y1": TOP, "x2": x, "y2": TOP + grid, "major": col_label(i) % 5 == 0}));
        lines.push(json!({"x1": LEFT, "y1": y, "x2": LEFT + grid, "y2": y, "major": row_label(i) % 5 == 0}));
        if i < size && col_label(i) % 5 == 0 {
            col_labels.push(json!({"x": x + CELL / 2, "y": TOP - 6, "text": text(col_label(i))}));
        }
        if i < size && row_label(i) % 5 == 0 {
            row_labels.push(json!({"x": LEFT - 4, "y": y + CELL / 2 + 4, "text": text(row_label(i))}));
        }
    }
    // A circle near an edge of the torus is drawn again beyond the opposite
    // edge (the grid clips what falls outside).
    let circles = |v: &Value, r_kpc: i64| -> Vec<Value> {
        let (cx, cy) = centre(&v["at"]);
        let r = r_kpc * CELL + CELL / 2;
        let mut out = Vec::new();
        for dx in [0, -grid, grid] {
            for dy in [0, -grid, grid] {
                let (x, y) = (cx + dx, cy + dy);
                if x + r > LEFT && x - r < LEFT + grid && y + r > TOP && y - r < TOP + grid {
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
            let unwrap = |d: i64| if d > grid / 2 { d - grid } else if d < -grid / 2 { d + grid } else { d };
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
    let (labels, left_out) = place_labels(grid, &stars, &fleets, &radar, &star_echoes, &fleet_echoes, &[others.as_slice(), &scuttles].concat());
    let lang = if en { Lang::En } else { Lang::Fr };
    let t = |symbol: &str| msg!("galaxy-map-legend", symbol = symbol).render(lang);
    let symbols: &[&str] = if over { &["own", "fleet", "other_fleet"] } else { &["own", "fleet", "echo", "fleet_echo", "radar", "move", "scanner"] };
    let mut legend: Vec<Value> = symbols.iter().map(|s| json!({"symbol": s, "text": t(s)})).collect();
    for k in &kinds_shown {
        legend.push(json!({"symbol": "kind", "fill": kind_color(k), "text": k}));
    }

    let legend_top = TOP + grid + 34;
    let per_row = 3;
    let col_w = (grid + 20) / per_row;
    let legend: Vec<Value> = legend
        .into_iter()
        .enumerate()
        .map(|(i, mut l)| {
            let i = i as i64;
            l["x"] = json!(LEFT + (i % per_row) * col_w);
            l["y"] = json!(legend_top + (i / per_row) * 22);
            l
        })
        .collect();
    let mut rows = (legend.len() as i64 + per_row - 1) / per_row;
    // Below the legend, on a line of its own: the labels that found no room.
    let left_out_note = (left_out > 0).then(|| {
        let text = msg!("galaxy-map-left-out", count = left_out).render(lang);
        rows += 1;
        json!({"x": LEFT, "y": legend_top + (rows - 1) * 22, "text": text})
    });
    let name = view.pointer("/player/name").and_then(Value::as_str).unwrap_or("");
    let turn = num(view, "turn");
    let title = msg!("galaxy-map-title", name = name, turn = turn).render(lang);
    let subtitle = msg!("galaxy-map-subtitle", over = if over { "yes" } else { "no" }).render(lang);
    json!({
        "width": LEFT + grid + 24, "height": legend_top + rows * 22 + 16,
        "cell": CELL, "left": LEFT, "top": TOP, "grid": grid, "cx": LEFT + grid / 2,
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
fn place_labels(grid: i64, stars: &[Value], fleets: &[Value], radar: &[Value], star_echoes: &[Value], fleet_echoes: &[Value], others: &[Value]) -> (Vec<Value>, usize) {
    let area = [LEFT as f64, TOP as f64, (LEFT + grid) as f64, (TOP + grid) as f64];
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
