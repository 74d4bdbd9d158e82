//! What each player may know after a step, as language-neutral JSON for the
//! templates (`templates/stellium/`), the public chronicle, and the order form.
//!
//! Everything on the table is public in Stellium (held objectives too,
//! RULINGS T20) except the objective reserve: only its size is shown, never
//! a card of it (the next card is drawn by lot when revealed; no order is
//! stored). Lists are in a fixed order (labels, ids, seats).

use serde_json::{json, Value};

use crate::game::{FamilyKey, FormLine, ViewContext};
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::components::{Colour, HoleKind, Objective};
use super::figures;
use super::model::{LogEntry, Phase, StelliumState};
use super::orders::{self, Take};
use super::place;
use super::scoring;
use super::turn::Event;

/// A hole spacing's unit in the picture (neighbours are √3·R apart).
const R: f64 = 34.0;
/// Mixed into the game's seed for the pre-filled form's simulated player.
const FORM_SEED: u64 = 0x666f_726d_5374_6c6d;

fn colour_json(c: Colour) -> Value {
    json!({ "code": c.code(), "letter": c.letter().to_string(), "word": c.word() })
}

pub fn objective_json(s: &StelliumState, o: &Objective) -> Value {
    let _ = s;
    let centre = |q: i32, r: i32| (1.5 * q as f64, 3f64.sqrt() * (r as f64 + q as f64 / 2.0));
    let cells: Vec<Value> = o
        .cells
        .iter()
        .map(|((q, r), c)| {
            let (x, y) = centre(*q, *r);
            json!({ "q": q, "r": r, "x": x, "y": y, "colour": colour_json(*c) })
        })
        .collect();
    json!({
        "id": o.id,
        "label": o.label(),
        "colour": colour_json(o.colour),
        "figure": o.figure.word(),
        "value": o.value,
        "counted": o.figure.counted(),
        "table": o.table.iter().map(|(n, v)| json!({ "count": n, "value": v })).collect::<Vec<_>>(),
        "cells": cells,
        "drawing": drawing(o.cells.iter().map(|((q, r), c)| (centre(*q, *r), *c))),
        "sketch": sketch(&o.cells),
    })
}

/// An objective's figure for the text reports, as the board lies (columns
/// of holes, each one half a hole lower than the one on its left): one
/// line per half hole, two characters per column, the colour letter of
/// each cell. The line of 3 down a column reads `V`, ``, `V`, ``, `V`.
fn sketch(cells: &[((i32, i32), Colour)]) -> Vec<String> {
    let Some(q0) = cells.iter().map(|((q, _), _)| *q).min() else { return Vec::new() };
    let row = |q: i32, r: i32| 2 * r + q;
    let r0 = cells.iter().map(|((q, r), _)| row(*q, *r)).min().unwrap_or(0);
    let r1 = cells.iter().map(|((q, r), _)| row(*q, *r)).max().unwrap_or(0);
    (r0..=r1)
        .map(|y| {
            let mut line = String::new();
            let mut at: Vec<(i32, char)> = cells.iter().filter(|((q, r), _)| row(*q, *r) == y).map(|((q, _), c)| (2 * (q - q0), c.letter())).collect();
            at.sort();
            for (x, l) in at {
                while (line.chars().count() as i32) < x {
                    line.push(' ');
                }
                line.push(l);
            }
            line
        })
        .collect()
}

/// An objective's figure for its card: the marbles' centres in hole
/// spacings (neighbours √3 apart) around the figure's middle, so that a
/// card draws it at its own centre whatever the offsets.
fn drawing(cells: impl Iterator<Item = ((f64, f64), Colour)>) -> Vec<Value> {
    let cells: Vec<((f64, f64), Colour)> = cells.collect();
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for ((x, y), _) in &cells {
        (x0, x1, y0, y1) = (x0.min(*x), x1.max(*x), y0.min(*y), y1.max(*y));
    }
    let round = |v: f64| (v * 1000.0).round() / 1000.0;
    cells.iter().map(|((x, y), c)| json!({ "x": round(x - (x0 + x1) / 2.0), "y": round(y - (y0 + y1) / 2.0), "colour": colour_json(*c) })).collect()
}

/// The holes and galaxies the last move touched: the step of the latest
/// placement, push, swap, rotation, attraction or refill in the log.
/// `placed`: holes where a marble was put; `moved`: holes a marble left or
/// reached; `rotated`: galaxies turned.
struct LastMove {
    step: Option<u32>,
    placed: Vec<String>,
    moved: Vec<String>,
    rotated: Vec<char>,
}

fn last_move(s: &StelliumState) -> LastMove {
    let is_move = |e: &LogEntry| matches!(e, LogEntry::Placed { .. } | LogEntry::Pushed { .. } | LogEntry::Swapped { .. } | LogEntry::Rotated { .. } | LogEntry::Attracted { .. } | LogEntry::RefillPlaced { .. });
    let step = s.log.iter().rev().find(|(_, e)| is_move(e)).map(|(st, _)| *st);
    let mut m = LastMove { step, placed: Vec::new(), moved: Vec::new(), rotated: Vec::new() };
    for (_, e) in s.log.iter().filter(|(st, _)| Some(*st) == step) {
        match e {
            LogEntry::Placed { hole, .. } | LogEntry::RefillPlaced { hole, .. } => m.placed.push(hole.clone()),
            LogEntry::Pushed { from, to, .. } => m.moved.extend(std::iter::once(from.clone()).chain(to.clone())),
            LogEntry::Swapped { a, b, .. } => m.moved.extend([a.clone(), b.clone()]),
            LogEntry::Attracted { black_hole, from, .. } => m.moved.extend([black_hole.clone(), from.clone()]),
            LogEntry::Rotated { place, .. } => m.rotated.push(*place),
            _ => {}
        }
    }
    m
}

/// Where a galaxy's letter goes: on its rim, between two of its outer
/// holes, on the side facing away from the board's middle unless another
/// hole is too close there (then the clearest side).
fn letter_spot(centre: (f64, f64), middle: (f64, f64), holes: &[(f64, f64)]) -> (f64, f64) {
    let out = (centre.0 - middle.0, centre.1 - middle.1);
    let len = (out.0 * out.0 + out.1 * out.1).sqrt().max(1e-9);
    let out = if len < 1e-6 { (0.0, -1.0) } else { (out.0 / len, out.1 / len) };
    let mut best: Option<((f64, f64), bool, f64)> = None;
    for k in 0..6 {
        let a = std::f64::consts::PI / 3.0 * k as f64;
        let p = (centre.0 + 2.55 * R * a.cos(), centre.1 + 2.55 * R * a.sin());
        let clearance = holes.iter().map(|h| ((h.0 - p.0).powi(2) + (h.1 - p.1).powi(2)).sqrt()).fold(f64::MAX, f64::min);
        let clear = clearance >= 1.3 * R;
        let facing = a.cos() * out.0 + a.sin() * out.1;
        let better = match best {
            None => true,
            Some((_, c, f)) => (clear && !c) || (clear == c && if clear { facing > f } else { clearance > f }),
        };
        if better {
            best = Some((p, clear, if clear { facing } else { clearance }));
        }
    }
    best.map_or(centre, |b| b.0)
}

fn board_json(s: &StelliumState) -> Value {
    let tenth = |v: f64| (v * 10.0).round() / 10.0;
    let at = |(q, r): (i32, i32)| (tenth(R * 1.5 * q as f64), tenth(R * 3f64.sqrt() * (r as f64 + q as f64 / 2.0)));
    let last = last_move(s);
    let holes: Vec<Value> = s
        .components
        .holes
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let (x, y) = at(h.hex);
            let (start, centre) = match h.kind {
                HoleKind::Galaxy { place, ring } => (s.phase != Phase::Registration && s.start_holes(place).contains(&i), ring == 0),
                HoleKind::BlackHole => (false, false),
            };
            let touched = if last.placed.contains(&h.label) {
                Some("placed")
            } else if last.moved.contains(&h.label) {
                Some("moved")
            } else {
                None
            };
            json!({
                "label": h.label,
                "x": x, "y": y,
                "black_hole": matches!(h.kind, HoleKind::BlackHole),
                "centre": centre,
                "start": start,
                "symbol": if s.phase == Phase::Registration { None } else { s.symbol(i).map(colour_json) },
                "marble": s.marbles.get(&i).map(|c| colour_json(*c)),
                "last": touched,
            })
        })
        .collect();
    let spots: Vec<(f64, f64)> = s.components.holes.iter().map(|h| at(h.hex)).collect();
    let (minx, maxx) = spots.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = spots.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let n = spots.len().max(1) as f64;
    let middle = (spots.iter().map(|p| p.0).sum::<f64>() / n, spots.iter().map(|p| p.1).sum::<f64>() / n);
    let galaxies: Vec<Value> = (0..s.components.places.len())
        .map(|p| {
            let (x, y) = at(s.components.holes[s.components.galaxy_hole(p, 0)].hex);
            let own: Vec<usize> = (0..7).map(|ring| s.components.galaxy_hole(p, ring)).collect();
            let others: Vec<(f64, f64)> = spots.iter().enumerate().filter(|(i, _)| !own.contains(i)).map(|(_, h)| *h).collect();
            let (lx, ly) = letter_spot((x, y), middle, &others);
            let letter = s.place_letter(p);
            json!({
                "place": letter.to_string(),
                "x": x, "y": y,
                "letter_x": tenth(lx), "letter_y": tenth(ly),
                "rotated": last.rotated.contains(&letter),
                "marbles": s.marbles_on(p),
                "disc": s.discs.get(p).map(|d| s.components.discs[d.disc].no),
                "turn": s.discs.get(p).map(|d| d.turn),
            })
        })
        .collect();
    json!({
        "holes": holes,
        "galaxies": galaxies,
        "radius": R,
        "last_step": last.step,
        "min_x": tenth(minx - 2.0 * R), "min_y": tenth(miny - 2.0 * R),
        "width": tenth(maxx - minx + 4.0 * R), "height": tenth(maxy - miny + 4.0 * R),
    })
}

fn entry_json(s: &StelliumState, lang: Lang, step: u32, e: &LogEntry) -> Value {
    let name = |i: &usize| s.seats.get(*i).map(|x| x.name.clone());
    let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
    v["step"] = json!(step);
    if let LogEntry::Setup { first: seat }
    | LogEntry::Drew { seat, .. }
    | LogEntry::BagEmpty { seat }
    | LogEntry::Placed { seat, .. }
    | LogEntry::Token { seat, .. }
    | LogEntry::NoInfluence { seat }
    | LogEntry::Validated { seat, .. }
    | LogEntry::RefillPlaced { seat, .. }
    | LogEntry::Took { seat, .. }
    | LogEntry::Boxed { seat, .. }
    | LogEntry::LimitReached { seat, .. }
    | LogEntry::Dropped { seat, .. }
    | LogEntry::DefaultTurn { seat }
    | LogEntry::Resigned { seat } = e
    {
        v["name"] = json!(name(seat));
    }
    // Flags stored only when set, always present for the templates.
    for k in ["by_referee", "ultime_tour"] {
        if v.get(k).is_none() {
            v[k] = json!(false);
        }
    }
    if let LogEntry::Dropped { reason, .. } = e {
        v["reason"] = json!(reason.render(lang));
    }
    for k in ["colour", "token"] {
        if let Some(c) = v.get(k).and_then(|c| serde_json::from_value::<Colour>(c.clone()).ok()) {
            v[k] = colour_json(c);
        }
    }
    for k in ["drawn", "colours"] {
        if let Some(list) = v.get(k).and_then(|c| serde_json::from_value::<Vec<Colour>>(c.clone()).ok()) {
            v[k] = json!(list.into_iter().map(colour_json).collect::<Vec<_>>());
        }
    }
    v
}

fn players_json(s: &StelliumState, viewer: Option<usize>) -> Vec<Value> {
    (0..s.n())
        .map(|i| {
            let seat = &s.seats[i];
            let sheet = scoring::sheet(s, i);
            let hand: Vec<Value> = seat
                .hand
                .iter()
                .map(|id| {
                    let o = s.objective(*id);
                    let mut j = objective_json(s, o);
                    // The "aide": whether the figure is on the board now (own objectives).
                    if viewer == Some(i) {
                        let m = figures::matches(s, o);
                        j["on_board"] = json!(!m.is_empty());
                        j["where"] = json!(m.first().map(|h| h.iter().map(|x| s.label(*x)).collect::<Vec<_>>()));
                    }
                    j
                })
                .collect();
            let done: Vec<Value> = seat
                .done
                .iter()
                .map(|(id, v)| {
                    let mut j = objective_json(s, s.objective(*id));
                    j["scored"] = json!(v);
                    j
                })
                .collect();
            json!({
                "seat": i,
                "name": seat.name,
                "me": viewer == Some(i),
                "hand": hand,
                "done": done,
                "tokens": seat.tokens.iter().map(|c| colour_json(*c)).collect::<Vec<_>>(),
                "objective_points": sheet[0],
                "colour_bonus": sheet[2],
                "total": sheet[3],
                "turns": seat.turns,
                "reached": seat.reached.is_some(),
                "resigned": seat.resigned,
                "first": s.phase != Phase::Registration && s.first == i,
            })
        })
        .collect()
}

fn common(ctx: &ViewContext, before: &StelliumState, s: &StelliumState, events: &[Event], viewer: Option<usize>) -> Value {
    let lang = Lang::from_code(&ctx.lang);
    let this_step: Vec<Value> = s.log.iter().filter(|(st, _)| *st == before.step && s.step > before.step).map(|(st, e)| entry_json(s, lang, *st, e)).collect();
    let mut log: Vec<Value> = s.log.iter().map(|(st, e)| entry_json(s, lang, *st, e)).collect();
    log.reverse();
    log.truncate(60);
    let awaited: Vec<String> = match &s.phase {
        Phase::Play => vec![s.seats[s.mover].name.clone()],
        Phase::Refill(r) => {
            let mut v: Vec<usize> = r.choosers.clone();
            v.sort();
            v.dedup();
            v.into_iter().map(|c| s.seats[c].name.clone()).collect()
        }
        _ => Vec::new(),
    };
    let refill = match &s.phase {
        Phase::Refill(r) => json!({
            "place": s.place_letter(r.place).to_string(),
            "drawn": r.drawn.iter().map(|c| colour_json(*c)).collect::<Vec<_>>(),
            "choosers": r.choosers.iter().map(|c| s.seats[*c].name.clone()).collect::<Vec<_>>(),
            "starts": s.start_holes(r.place).iter().map(|h| s.label(*h)).collect::<Vec<_>>(),
        }),
        _ => Value::Null,
    };
    let result = s.result.as_ref().map(|r| {
        json!({
            "winner": r.winner.map(|w| s.seats[w].name.clone()),
            "i_won": viewer.is_some() && r.winner == viewer,
            "sheets": r.sheets.iter().enumerate().map(|(i, x)| json!({
                "name": s.seats[i].name, "objectives": x[0], "tokens": x[1], "bonus": x[2], "total": x[3],
            })).collect::<Vec<_>>(),
        })
    });
    let ending = s.ending.map(|e| serde_json::to_value(e).unwrap_or(Value::Null));
    let bag: Vec<Value> = Colour::ALL.iter().map(|c| json!({ "colour": colour_json(*c), "count": s.bag[c.index()] })).collect();
    let display: Vec<Value> = s.display.iter().map(|id| objective_json(s, s.objective(*id))).collect();
    let mover = matches!(s.phase, Phase::Play).then(|| s.seats[s.mover].name.clone());
    let phase = match s.phase {
        Phase::Registration => "registration",
        Phase::Play => "play",
        Phase::Refill(_) => "refill",
        Phase::Over => "over",
    };
    let mut boxed = s.boxed.clone();
    boxed.sort();
    let boxed: Vec<Value> = boxed.iter().map(|id| objective_json(s, s.objective(*id))).collect();
    let limit = if s.seats.is_empty() { 0 } else { s.limit() };
    json!({
        "game": "stellium",
        "game_id": ctx.game_id,
        "provisional_set": s.components.provisional,
        "phase": phase,
        "step": before.step,
        "next_step": ctx.turn,
        "started": s.phase != Phase::Registration,
        "over": s.phase == Phase::Over,
        "mover": mover,
        "awaited": awaited,
        "refill": refill,
        "this_step": this_step,
        "ended_now": events.iter().any(|e| matches!(e, Event::Ended)),
        "log": log,
        "board": board_json(s),
        "bag": bag,
        "bag_total": s.bag_total(),
        "display": display,
        "reserve": s.reserve.len(),
        "boxed": boxed,
        "limit": limit,
        "ending": ending,
        "players": players_json(s, viewer),
        "result": result,
        "seats": s.n(),
    })
}

/// Where each kind in the bag may be placed now (the report's "legal placements").
fn placements(s: &StelliumState) -> Vec<Value> {
    Colour::ALL
        .iter()
        .filter(|c| s.bag[c.index()] > 0)
        .map(|c| {
            let collision = place::by_collision(*c) && place::collision_possible(s);
            let mut holes: Vec<String> = (0..s.components.holes.len())
                .filter(|h| !s.is_black_hole(*h) && s.marbles.contains_key(h) == collision)
                .map(|h| s.label(h))
                .collect();
            holes.sort();
            json!({ "colour": colour_json(*c), "collision": collision, "holes": holes.join(" ") })
        })
        .collect()
}

pub fn family_view(ctx: &ViewContext, before: &StelliumState, after: &StelliumState, events: &[Event], family: &FamilyKey) -> Value {
    let me = after.seat_of(family);
    let mut v = common(ctx, before, after, events, me);
    let Some(me) = me else {
        v["registered"] = json!(false);
        return v;
    };
    v["registered"] = json!(true);
    v["me"] = json!(me);
    v["my_name"] = json!(after.seats[me].name);
    let my_move = after.phase == Phase::Play && after.mover == me;
    v["my_move"] = json!(my_move);
    v["placements"] = json!(if my_move { placements(after) } else { Vec::new() });
    v["i_choose_refill"] = json!(matches!(&after.phase, Phase::Refill(r) if r.choosers.contains(&me)));
    v
}

pub fn public_view(ctx: &ViewContext, before: &StelliumState, after: &StelliumState, events: &[Event]) -> Value {
    common(ctx, before, after, events, None)
}

fn line(text: impl Into<String>, comment: Option<Msg>) -> FormLine {
    FormLine::new(text, comment)
}

/// One sample of every message of the order form.
pub fn form_samples() -> Vec<Msg> {
    vec![
        msg!("stellium-form-registration"),
        msg!("stellium-form-over"),
        msg!("stellium-form-not-your-move", mover = "Basile"),
        msg!("stellium-form-refill-not-yours"),
        msg!("stellium-form-proposal"),
        msg!("stellium-form-or-discard"),
    ]
}

/// The pre-filled form: the simulated player's move for the player to move
/// (a legal turn to edit), or the refill preferences of a chooser.
pub fn order_form(s: &StelliumState, family: &FamilyKey) -> Vec<FormLine> {
    let Some(me) = s.seat_of(family) else { return Vec::new() };
    match &s.phase {
        Phase::Registration => vec![line("", Some(msg!("stellium-form-registration")))],
        Phase::Over => vec![line("", Some(msg!("stellium-form-over")))],
        Phase::Play if s.mover != me => vec![line("", Some(msg!("stellium-form-not-your-move", mover = s.seats[s.mover].name.as_str())))],
        Phase::Refill(r) if !r.choosers.contains(&me) => vec![line("", Some(msg!("stellium-form-refill-not-yours")))],
        _ => {
            // Dice of their own (not the next step's: the form must not hint
            // at the rolls that will reveal the next objective).
            let mut dice = crate::dice::Dice::for_turn(s.seed ^ FORM_SEED, s.step);
            let o = super::sample::sample(s, me, &mut dice);
            let en = orders::lines_in(s, &o, true);
            let mut v: Vec<FormLine> = orders::lines(s, &o).into_iter().zip(en).map(|(t, t_en)| FormLine::bilingual(t, t_en, None)).collect();
            if let Some(first) = v.first_mut() {
                first.comment = Some(msg!("stellium-form-proposal"));
            }
            if matches!(o.take, Some(Take::KeepAll)) {
                v.push(line("", Some(msg!("stellium-form-or-discard"))));
            }
            v
        }
    }
}
