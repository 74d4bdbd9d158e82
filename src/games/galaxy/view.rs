//! What each player learns (6), in their own coordinates, as JSON for the
//! templates; the public chronicle; the order form.
//!
//! Before the end of the game no absolute coordinate, and no star, fleet or
//! fact outside rule 6, goes into a player's view: every position is made
//! relative to the player's home star here, from the state's memory.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::game::{FamilyKey, FormLine, ViewContext};
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::adjudicate::{note_text, Event, MoveHow};
use super::model::{GalaxyState, Kind, Pos, Rel};

/// Where a square is drawn: relative to the player before the end, absolute after.
struct Frame {
    origin: Pos,
    size: i32,
    absolute: bool,
}

impl Frame {
    fn half(&self) -> i32 {
        self.size / 2
    }
    fn rel(&self, s: &GalaxyState, p: Pos) -> Rel {
        s.torus.rel(self.origin, p)
    }
    /// `{h, v, pos, col, row}`: `pos` as players write it; `col`/`row` the
    /// cell of the drawn grid (row 0 at the top).
    fn place(&self, s: &GalaxyState, p: Pos) -> Value {
        if self.absolute {
            return json!({"h": p.x, "v": p.y, "pos": format!("({},{})", p.x, p.y), "col": p.x, "row": self.size - 1 - p.y});
        }
        let r = self.rel(s, p);
        json!({"h": r.h, "v": r.v, "pos": r.label(), "col": r.h + self.half(), "row": self.size - self.half() - 1 - r.v})
    }
    fn cell(&self, s: &GalaxyState, p: Pos) -> (i32, i32) {
        if self.absolute {
            return (p.x, self.size - 1 - p.y);
        }
        let r = self.rel(s, p);
        (r.h + self.half(), self.size - self.half() - 1 - r.v)
    }
    fn col_label(&self, col: i32) -> i32 {
        if self.absolute { col } else { col - self.half() }
    }
    fn row_label(&self, row: i32) -> i32 {
        if self.absolute { self.size - 1 - row } else { self.size - self.half() - 1 - row }
    }
}

/// Sorts a list of the view by where its items lie on the player's map (top
/// row first, then left to right), then by their text: an order the player
/// can compute from what they see, never an internal index or an absolute
/// coordinate (issue 12).
fn sort_by_place(items: &mut [Value], at: &str) {
    items.sort_by_cached_key(|v| {
        let a = &v[at];
        (a["row"].as_i64().unwrap_or(0), a["col"].as_i64().unwrap_or(0), v.to_string())
    });
}

/// The name of life form `f` (0: none, 1 to 9), in `lang` (`galaxy-life`).
fn life_name(f: i32, lang: Lang) -> String {
    msg!("galaxy-life", life = f).render(lang)
}

/// `galaxy-owner`: free, you, or another player's name.
fn owner_label(s: &GalaxyState, me: &str, owner: &Option<FamilyKey>, lang: Lang) -> String {
    match owner {
        None => msg!("galaxy-owner", owner = "free").render(lang),
        Some(o) if o == me => msg!("galaxy-owner", owner = "you").render(lang),
        Some(o) => s.players.get(o).map_or_else(|| o.clone(), |p| p.name.clone()),
    }
}

/// One sample of every message of the views, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut v: Vec<Msg> = (0..=9).map(|f| msg!("galaxy-life", life = f)).collect();
    for owner in ["free", "you", "another"] {
        v.push(msg!("galaxy-owner", owner = owner));
    }
    v.push(msg!("galaxy-legend"));
    for power in ["speed", "fire", "invisibility"] {
        v.push(msg!("galaxy-power", power = power));
    }
    v.extend(super::map::samples());
    v.push(msg!("galaxy-generation-failed", reason = msg!("galaxy-r2-1-too-few-players", players = 2, least = 4)));
    v.push(msg!("galaxy-referee-generation-failed", reason = msg!("galaxy-too-many-players", players = 9, places = 8)));
    v.push(msg!("galaxy-too-many-stars", stars = 500, size = 20));
    v.push(msg!("galaxy-too-few-stars", stars = 50, players = 16, special = 40));
    v.push(msg!("galaxy-no-home-star", player = "A"));
    v
}

/// 6.g: the anonymous count of players by victory points.
fn histogram(s: &GalaxyState) -> Value {
    let mut h: BTreeMap<u32, u32> = BTreeMap::new();
    for v in s.all_victory_points().into_values() {
        *h.entry(v).or_insert(0) += 1;
    }
    Value::Array(h.into_iter().map(|(points, players)| json!({"points": points, "players": players})).collect())
}

/// The whole galaxy, for the end of the game (7).
fn full_map(s: &GalaxyState) -> Value {
    let frame = Frame { origin: Pos { x: 0, y: 0 }, size: s.torus.size, absolute: true };
    let stars: Vec<Value> = s
        .stars
        .iter()
        .map(|st| {
            let owner = st.owner.as_ref().and_then(|o| s.players.get(o)).map(|p| p.name.clone());
            json!({"name": st.name, "kind": st.kind.name(), "owner": owner, "magnitude": st.magnitude, "life": st.life,
                   "tech": st.tech, "docility": st.docility, "defence": st.defence(), "resources": st.resources,
                   "at": frame.place(s, st.pos)})
        })
        .collect();
    let mut fleets = Vec::new();
    for p in s.players.values() {
        for (no, f) in &p.fleets {
            fleets.push(json!({"owner": p.name, "fleet": format!("F{no}"), "ships": f.ships.label(), "at": frame.place(s, f.pos)}));
        }
    }
    let bases: Vec<Value> = s
        .players
        .values()
        .map(|p| json!({"name": p.name, "base": s.stars.get(p.base).map(|b| b.name.clone()), "at": frame.place(s, p.origin)}))
        .collect();
    json!({"stars": stars, "fleets": fleets, "bases": bases})
}

#[derive(Default)]
struct Grid {
    cells: BTreeMap<(i32, i32), (u8, char)>,
}

impl Grid {
    /// Keeps the symbol of highest priority on a cell.
    fn put(&mut self, cell: (i32, i32), prio: u8, c: char) {
        let e = self.cells.entry(cell).or_insert((0, '.'));
        if prio >= e.0 {
            *e = (prio, c);
        }
    }
    fn render(&self, frame: &Frame) -> String {
        let n = frame.size;
        let mut out = String::new();
        let mut head = String::from("      ");
        let mut col = 0;
        while col < n {
            let l = frame.col_label(col);
            if l % 5 == 0 {
                let lab = if frame.absolute { format!("{l}") } else { format!("{l:+}") };
                head.push_str(&format!("{lab:<10}"));
                col += 5;
            } else {
                head.push_str("  ");
                col += 1;
            }
        }
        out.push_str(head.trim_end());
        out.push('\n');
        // The symbols in a dense grid, read row by row (rather than a map
        // lookup for each of the 12,100 cells of a 110×110 galaxy).
        let width = n.max(0) as usize;
        let mut dense = vec!['.'; width * width];
        for (&(col, row), &(_, c)) in &self.cells {
            if (0..n).contains(&col) && (0..n).contains(&row) {
                dense[row as usize * width + col as usize] = c;
            }
        }
        for row in 0..n {
            let l = frame.row_label(row);
            let lab = if frame.absolute { format!("{l}") } else { format!("{l:+}") };
            out.push_str(&format!("{lab:>4}  "));
            for col in 0..n {
                let c = dense[row as usize * width + col as usize];
                out.push(c);
                if col + 1 < n {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }
}


pub fn family_view(ctx: &ViewContext, _before: &GalaxyState, s: &GalaxyState, events: &[Event], who: &FamilyKey) -> Value {
    let lang = Lang::from_code(&ctx.lang);
    let en = lang == Lang::En;
    let Some(p) = s.players.get(who) else {
        return json!({"generated": s.generated(), "registered": false, "over": s.ranking.is_some(), "events": []});
    };
    let mut notes: Vec<String> = Vec::new();
    for e in events {
        match e {
            Event::Note { player, msg: Some(m), lines, .. } if player == who => notes.push(note_text(m, lines, lang)),
            // Stored before notes were messages: both languages were kept.
            Event::Note { player, msg: None, fr, en: en_text, .. } if player == who => {
                notes.push(if en && !en_text.is_empty() { en_text.clone() } else { fr.clone() })
            }
            Event::GenerationFailed { reason } => notes.push(msg!("galaxy-generation-failed", reason = reason.clone()).render(lang)),
            _ => {}
        }
    }
    if !s.generated() {
        return json!({
            "generated": false, "registered": true, "over": false,
            "player": {"name": p.name},
            "players": s.players.len(), "turns": s.settings.turns, "events": notes,
        });
    }
    let over = s.ranking.is_some();
    let adj = s.turn.saturating_sub(1);
    let frame = Frame { origin: if over { Pos { x: 0, y: 0 } } else { p.origin }, size: s.torus.size, absolute: over };
    let torus = s.torus;
    let range = s.scanner_range(who);
    let mut grid = Grid::default();

    // 6.e: own stars.
    let mut own_stars = Vec::new();
    for (i, st) in s.stars_of(who) {
        let is_home = i == p.base;
        grid.put(frame.cell(s, st.pos), if is_home { 9 } else { 8 }, if is_home { '@' } else { 'O' });
        own_stars.push(json!({
            "name": st.name, "kind": st.kind.name(), "magnitude": st.magnitude, "life": st.life, "life_name": life_name(st.life, lang),
            "tech": st.tech, "docility": st.docility, "defence": st.defence(), "resources": st.resources,
            "home": is_home, "points": st.kind.victory_points(),
            "active": s.active(i, adj + 1), "at": frame.place(s, st.pos),
        }));
    }
    // 6.c and memory: known stars other than one's own.
    let mut known = Vec::new();
    let mut star_echoes = Vec::new();
    for (i, k) in &p.known {
        let Some(st) = s.stars.get(*i) else { continue };
        if st.owner.as_deref() == Some(who.as_str()) {
            continue;
        }
        match &k.details {
            Some(d) => {
                grid.put(frame.cell(s, st.pos), 4, '*');
                // The owner as last learnt, and when; a star lost since is
                // "another player's" from the turn it was lost (issue 12).
                let (owner, owner_as_of) = match (&k.owner, k.lost) {
                    (Some(o), lost) if lost.is_none_or(|l| k.owner_turn >= l) && o.as_deref() != Some(who.as_str()) => {
                        (Some(owner_label(s, who, o, lang)), Some(k.owner_turn))
                    }
                    (_, Some(l)) => (Some(msg!("galaxy-owner", owner = "another").render(lang)), Some(l)),
                    _ => (None, None),
                };
                // 4.1.4, from what the player knows of the star (not its present state).
                let df = if d.life == 0 { 0 } else { (d.life - p.life).abs() };
                let cost = ((d.magnitude - p.base_magnitude).abs() + df + 7 - p.tech).max(0);
                known.push(json!({
                    "name": d.name, "kind": d.kind.name(), "magnitude": d.magnitude, "life": d.life, "life_name": life_name(d.life, lang),
                    "tech": d.tech, "docility": d.docility, "defence": d.tech + d.docility, "resources": d.resources,
                    "as_of": k.details_turn, "owner": owner, "owner_as_of": owner_as_of,
                    "seen": k.seen, "colonisation_cost": cost, "at": frame.place(s, st.pos),
                }));
            }
            None => {
                grid.put(frame.cell(s, st.pos), 2, '+');
                star_echoes.push(json!({"seen": k.seen, "at": frame.place(s, st.pos)}));
            }
        }
    }
    // 6.d: own fleets, and this turn's moves.
    let mut fleets = Vec::new();
    let mut sources: Vec<Pos> = Vec::new();
    for (no, f) in &p.fleets {
        grid.put(frame.cell(s, f.pos), 10, 'F');
        sources.push(f.pos);
        let mut fire = f.ships.base_fire();
        if f.strong {
            fire *= 2;
        }
        fleets.push(json!({
            "fleet": format!("F{no}"), "p": f.ships.p, "c": f.ships.c, "n": f.ships.n, "ships": f.ships.label(),
            "speed": f.speed(), "fire": fire, "powers": f.powers().into_iter().map(|p| msg!("galaxy-power", power = p).render(lang)).collect::<Vec<_>>(), "at": frame.place(s, f.pos),
            "star": s.star_at(f.pos).and_then(|i| p.known.get(&i)).and_then(|k| k.details.as_ref()).map(|d| d.name.clone()),
        }));
    }
    sources.extend(s.stars_of(who).map(|(_, st)| st.pos));
    let mut moves = Vec::new();
    for e in events {
        if let Event::Moved { player, fleet, from, to, how } = e {
            if player == who {
                let how = match how {
                    MoveHow::Move => "move",
                    MoveHow::Pursuit => "pursuit",
                    MoveHow::Jump => "jump",
                    MoveHow::Scuttled => "scuttled",
                };
                moves.push(json!({"fleet": format!("F{fleet}"), "from": frame.place(s, *from), "to": frame.place(s, *to), "how": how}));
            }
        }
    }
    // 6.a/6.b: echoes of other players' visible fleets within T − 4.
    let mut fleet_echo_cells: BTreeSet<Pos> = BTreeSet::new();
    // 5 RADAR (from the turn after colonisation): composition and owner within 5 kpc.
    let radars: Vec<Pos> = s.stars_of(who).filter(|(i, st)| st.kind == Kind::Radar && s.active(*i, adj)).map(|(_, st)| st.pos).collect();
    let mut radar = Vec::new();
    for (k, other) in &s.players {
        if k == who {
            continue;
        }
        for f in other.fleets.values() {
            if f.invisible {
                continue;
            }
            if radars.iter().any(|r| torus.within(*r, f.pos, 5)) {
                grid.put(frame.cell(s, f.pos), 7, 'R');
                radar.push(json!({"owner": other.name, "ships": f.ships.label(), "p": f.ships.p, "c": f.ships.c, "n": f.ships.n, "at": frame.place(s, f.pos)}));
                fleet_echo_cells.insert(f.pos);
            } else if sources.iter().any(|src| torus.within(*src, f.pos, range)) {
                fleet_echo_cells.insert(f.pos);
            }
        }
    }
    let mut fleet_echoes = Vec::new();
    for pos in &fleet_echo_cells {
        grid.put(frame.cell(s, *pos), 6, 'x');
        fleet_echoes.push(json!({"at": frame.place(s, *pos)}));
    }
    let mut scanners: Vec<Value> = sources.iter().collect::<BTreeSet<_>>().into_iter().map(|src| json!({"at": frame.place(s, *src), "range": range})).collect();
    let mut radar_ranges: Vec<Value> = radars.iter().map(|r| json!({"at": frame.place(s, *r), "range": 5})).collect();
    for list in [&mut own_stars, &mut known, &mut star_echoes, &mut fleet_echoes, &mut radar, &mut scanners, &mut radar_ranges] {
        sort_by_place(list, "at");
    }
    // 5 KEY: the code, and where the THRONE lies from each KEY read.
    let key = p.throne_code.as_ref().map(|code| {
        let throne = s.throne().map(|t| s.stars[t].pos);
        let hints: Vec<Value> = p
            .keys_read
            .iter()
            .filter_map(|k| {
                let ks = s.stars.get(*k)?;
                let tp = throne?;
                Some(json!({"key": ks.name, "from_key": torus.rel(ks.pos, tp).label(), "throne_at": frame.place(s, tp)}))
            })
            .collect();
        let mut hints = hints;
        hints.sort_by_cached_key(|h| h["key"].as_str().unwrap_or("").to_string());
        json!({"code": code, "hints": hints})
    });
    let vp = s.victory_points(who);
    let income = s.income(who);
    let legend = msg!("galaxy-legend").render(lang);
    let mut view = json!({
        "generated": true,
        "registered": true,
        "over": over,
        "turn": adj,
        "next_turn": s.turn,
        "turns": s.settings.turns,
        "last_turn": s.settings.turns,
        "size": s.torus.size,
        "half": frame.half(),
        "absolute": over,
        "player": {
            "name": p.name, "tech": p.tech, "life": p.life, "life_name": life_name(p.life, lang), "magnitude": p.base_magnitude,
            "resources": p.treasury, "income": income, "victory_points": vp,
            "stars": own_stars.len(), "fleets": p.fleets.len(), "scanner_range": range,
            "home": s.stars.get(p.base).filter(|b| b.owner.as_deref() == Some(who.as_str())).map(|b| b.name.clone()),
        },
        "own_stars": own_stars,
        "stars": known,
        "star_echoes": star_echoes,
        "fleets": fleets,
        "fleet_echoes": fleet_echoes,
        "radar": radar,
        "moves": moves,
        "scanners": scanners,
        "radar_ranges": radar_ranges,
        "key": key,
        "events": notes,
        "histogram": histogram(s),
        "ascii_map": grid.render(&frame),
        "legend": legend,
    });
    if over {
        let mut g = Grid::default();
        for st in &s.stars {
            let c = match st.kind {
                Kind::Base => 'B',
                Kind::Throne => 'T',
                _ => '*',
            };
            g.put(frame.cell(s, st.pos), 2, c);
        }
        for other in s.players.values() {
            for f in other.fleets.values() {
                g.put(frame.cell(s, f.pos), 3, 'x');
            }
        }
        for st in s.stars_of(who).map(|(_, st)| st.pos).collect::<Vec<_>>() {
            g.put(frame.cell(s, st), 8, 'O');
        }
        g.put(frame.cell(s, p.origin), 9, '@');
        for f in p.fleets.values() {
            g.put(frame.cell(s, f.pos), 10, 'F');
        }
        view["ascii_map"] = json!(g.render(&frame));
        view["full"] = full_map(s);
        view["ranking"] = json!(s.ranking);
        view["origin"] = frame.place(s, p.origin);
    }
    view["map"] = super::map::map_geometry(&view, en);
    view
}

pub fn public_view(ctx: &ViewContext, _before: &GalaxyState, s: &GalaxyState, events: &[Event]) -> Value {
    let generated = events.iter().any(|e| matches!(e, Event::Generated { .. }));
    let names: Vec<String> = s.players.values().map(|p| p.name.clone()).collect();
    let mut v = json!({
        "generated": s.generated(),
        "just_generated": generated,
        "turn": s.turn.saturating_sub(1),
        "next_turn": s.turn,
        "turns": s.settings.turns,
        "last_turn": s.settings.turns,
        "players": names,
        "stars": s.stars.len(),
        "size": s.torus.size,
        "histogram": if s.generated() { histogram(s) } else { json!([]) },
        "over": s.ranking.is_some(),
    });
    if s.ranking.is_some() {
        v["ranking"] = json!(s.ranking);
        v["full"] = full_map(s);
    }
    // The galaxy could not be made: the referee is told at once and the
    // turn is held (the referee reads `referee_alert` of a public view).
    if let Some(reason) = events.iter().find_map(|e| match e {
        Event::GenerationFailed { reason } => Some(reason.clone()),
        _ => None,
    }) {
        v["referee_alert"] = json!(msg!("galaxy-referee-generation-failed", reason = reason.clone()).render(Lang::from_code(&ctx.lang)));
        // What the players are told of it (the referee's commands are not theirs).
        v["hold_reason"] = json!(reason.render(Lang::from_code(&ctx.lang)));
    }
    v
}

pub fn order_form(s: &GalaxyState, who: &FamilyKey) -> Vec<FormLine> {
    let c = FormLine::comment;
    let Some(p) = s.players.get(who) else { return Vec::new() };
    if !s.generated() {
        return vec![c(msg!("galaxy-form-not-generated"))];
    }
    if s.ranking.is_some() {
        return vec![c(msg!("galaxy-form-over"))];
    }
    let mut out = vec![c(msg!("galaxy-form-resources", treasury = p.treasury, tech = p.tech, range = s.scanner_range(who)))];
    out.push(c(msg!("galaxy-form-positions")));
    let free = (1..=9u8).find(|n| !p.fleets.contains_key(n));
    // Top row first, then left to right, as on the map (never the star's index).
    let mut own: Vec<(usize, &super::model::Star)> = s.stars_of(who).collect();
    own.sort_by_key(|(_, st)| {
        let r = s.torus.rel(p.origin, st.pos);
        (-r.v, r.h)
    });
    for (i, st) in own {
        let at = s.torus.rel(p.origin, st.pos).label();
        let build = match free {
            Some(n) => msg!("galaxy-form-build", fleet = n, star = st.name.as_str()),
            None => msg!("galaxy-form-build-full"),
        };
        let extra = if st.kind == Kind::New && s.active(i, s.turn) {
            msg!("galaxy-form-change", star = st.name.as_str())
        } else if st.kind == Kind::Data && s.active(i, s.turn) {
            msg!("galaxy-form-data", star = st.name.as_str())
        } else {
            msg!("galaxy-form-none")
        };
        out.push(c(msg!(
            "galaxy-form-star",
            star = st.name.as_str(),
            kind = st.kind.name(),
            at = at,
            resources = st.resources,
            defence = st.defence(),
            build = build,
            extra = extra
        )));
    }
    for (no, f) in &p.fleets {
        let at = s.torus.rel(p.origin, f.pos).label();
        let mut fire = f.ships.base_fire();
        if f.strong {
            fire *= 2;
        }
        let attack = if fire > 0 { msg!("galaxy-form-attack", fleet = *no) } else { msg!("galaxy-form-none") };
        let mut jump = msg!("galaxy-form-none");
        let mut colonise = None;
        if let Some(i) = s.star_at(f.pos) {
            let known = p.known.get(&i).and_then(|k| k.details.as_ref());
            if let Some(d) = known {
                if d.kind == Kind::Gate {
                    jump = msg!("galaxy-form-jump", fleet = *no);
                }
                let st = &s.stars[i];
                if f.ships.n > 0 && st.owner.as_deref() != Some(who.as_str()) && d.tech + d.docility <= 0 && d.tech <= p.tech + 1 {
                    let cost = s.colonisation_cost(who, i).unwrap_or(0);
                    let code = if d.kind == Kind::Throne { " <code>" } else { "" };
                    colonise = Some(msg!("galaxy-form-colonise", star = format!("{}{code}", d.name), cost = cost));
                }
            }
        }
        let colonise = colonise.unwrap_or_else(|| msg!("galaxy-form-none"));
        out.push(c(msg!("galaxy-form-fleet", fleet = *no, ships = f.ships.label(), at = at, speed = f.speed(), fire = fire, attack = attack, jump = jump, colonise = colonise)));
    }
    out
}

/// One sample of every message of the order form.
pub fn form_samples() -> Vec<Msg> {
    vec![
        msg!("galaxy-form-not-generated"),
        msg!("galaxy-form-over"),
        msg!("galaxy-form-resources", treasury = 12, tech = 2, range = 3),
        msg!("galaxy-form-positions"),
        msg!(
            "galaxy-form-star",
            star = "VEBCIX",
            kind = "DATA",
            at = "+0+0",
            resources = 5,
            defence = 2,
            build = msg!("galaxy-form-build", fleet = 2, star = "VEBCIX"),
            extra = msg!("galaxy-form-data", star = "VEBCIX")
        ),
        msg!("galaxy-form-change", star = "VEBCIX"),
        msg!("galaxy-form-build-full"),
        msg!("galaxy-form-none"),
        msg!("galaxy-form-fleet", fleet = 1, ships = "5P 0C 1N", at = "+1-2", speed = 3, fire = 5, attack = msg!("galaxy-form-attack", fleet = 1), jump = msg!("galaxy-form-jump", fleet = 1), colonise = msg!("galaxy-form-colonise", star = "GULBIS", cost = 4)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r6_the_ascii_map_puts_each_symbol_on_its_cell_relative_to_home() {
        let frame = Frame { origin: Pos { x: 3, y: 3 }, size: 7, absolute: false };
        let mut g = Grid::default();
        g.put((3, 3), 9, '@');
        g.put((5, 1), 4, '*');
        g.put((0, 6), 6, 'x');
        g.put((0, 6), 2, '+');
        let want = [
            "            +0",
            "  +3  . . . . . . .",
            "  +2  . . . . . * .",
            "  +1  . . . . . . .",
            "  +0  . . . @ . . .",
            "  -1  . . . . . . .",
            "  -2  . . . . . . .",
            "  -3  x . . . . . .",
        ];
        assert_eq!(g.render(&frame), want.join("\n") + "\n");
    }
}
