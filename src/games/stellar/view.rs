//! What each player may know after a step, as language-neutral JSON for the
//! templates (`templates/stellar/`), the public chronicle, and the order form.
//!
//! Hidden until the game is over: the opponent's hand (only its size is
//! shown), the opponent's face-down telescope cards (shown as backs, also in
//! the move log), the card the opponent put back in the box, and the pile
//! (only its size). Lists are in a fixed order (slots, positions, sorted
//! cards), never in the order cards were drawn.

use serde_json::{json, Value};

use crate::game::{FamilyKey, FormLine, ViewContext};
use crate::i18n::Msg;
use crate::msg;

use super::components::{CardId, Kind, Section};
use super::model::{Chosen, LogEntry, Phase, StellarState, Zone, MOVES};
use super::orders::{slot_list, step3_card};
use super::scoring::{self, Sheet};
use super::turn::Event;

pub fn card_json(s: &StellarState, id: CardId) -> Value {
    let c = s.card(id);
    json!({
        "id": id,
        "name": c.name(),
        "kind": c.kind.map_or("satellite", Kind::code),
        "kind_index": c.kind.map_or(5, Kind::index),
        "number": c.number.label(),
        "stars": c.stars,
        "start": c.start,
    })
}

fn zone_json(z: &Zone) -> Value {
    match z {
        Zone::Notebook => json!({ "zone": "notebook" }),
        Zone::Telescope { slot, face_up } => json!({ "zone": "telescope", "slot": slot, "face_up": face_up }),
    }
}

/// Whether `viewer` may see a card placed face down by `owner`.
fn sees_face_down(s: &StellarState, viewer: Option<usize>, owner: usize) -> bool {
    s.phase == Phase::Over || viewer == Some(owner)
}

fn telescope_json(s: &StellarState, viewer: Option<usize>, seat: usize) -> Value {
    let slots: Vec<Value> = s
        .components
        .slots
        .values()
        .map(|d| {
            let placed = s.seats[seat].telescope.get(&d.slot);
            let visible = placed.filter(|p| p.face_up || sees_face_down(s, viewer, seat));
            json!({
                "slot": d.slot,
                "section": d.section.code(),
                "x": d.x, "y": d.y, "w": d.w, "h": d.h,
                "occupied": placed.is_some(),
                "face_down": placed.is_some_and(|p| !p.face_up),
                "card": visible.map(|p| card_json(s, p.card)),
            })
        })
        .collect();
    Value::Array(slots)
}

fn notebook_json(s: &StellarState, seat: usize, sheet: &Sheet) -> Value {
    let mut collections = Vec::new();
    for k in Kind::ALL {
        let mut cards: Vec<CardId> = s.seats[seat].notebook.iter().copied().filter(|id| s.card(*id).kind == Some(k)).collect();
        cards.sort_by_key(|id| s.sort_key(*id));
        let sats: Vec<Value> = sheet.satellites.iter().filter(|(_, kk)| **kk == k).map(|(id, _)| card_json(s, *id)).collect();
        if cards.is_empty() && sats.is_empty() {
            continue;
        }
        collections.push(json!({
            "kind": k.code(),
            "cards": cards.iter().map(|id| {
                let mut v = card_json(s, *id);
                if let Some(val) = sheet.six_zero.get(id) { v["counts_as"] = json!(val); }
                v
            }).collect::<Vec<_>>(),
            "satellites": sats,
            "multiplier": sheet.multipliers[k.index()],
        }));
    }
    let mut sats: Vec<CardId> = s.seats[seat].notebook.iter().copied().filter(|id| s.card(*id).kind.is_none()).collect();
    sats.sort_by_key(|id| s.sort_key(*id));
    let mut all: Vec<CardId> = s.seats[seat].notebook.iter().copied().collect();
    all.sort_by_key(|id| s.sort_key(*id));
    json!({
        "collections": collections,
        "satellites": sats.iter().map(|id| card_json(s, *id)).collect::<Vec<_>>(),
        // Every card, in the type order then by number (the picture).
        "cards": all.iter().map(|id| card_json(s, *id)).collect::<Vec<_>>(),
        "count": s.seats[seat].notebook.len(),
    })
}

fn sheet_json(sheet: &Sheet) -> Value {
    json!({
        "by_kind": Kind::ALL.iter().map(|k| json!({
            "kind": k.code(),
            "stars": sheet.stars[k.index()],
            "multiplier": sheet.multipliers[k.index()],
            "points": sheet.products[k.index()],
        })).collect::<Vec<_>>(),
        "sections": Section::ALL.iter().enumerate().map(|(i, sec)| json!({
            "section": sec.code(),
            "total": sheet.section_totals[i],
            "won": sheet.sections_won[i],
        })).collect::<Vec<_>>(),
        "stars_points": sheet.products.iter().sum::<u32>(),
        "majorities": sheet.majorities,
        "diversity": sheet.diversity,
        "total": sheet.total,
    })
}

/// The parts of a move the referee chose, in the order of the turn.
fn chosen_parts(c: &Chosen) -> Vec<&'static str> {
    [("take", c.take), ("play", c.play), ("coordinate", c.coordinate)].into_iter().filter(|p| p.1).map(|p| p.0).collect()
}

/// One log entry as `viewer` may see it.
fn entry_json(s: &StellarState, viewer: Option<usize>, e: &LogEntry) -> Value {
    let name = |seat: usize| s.seats.get(seat).map_or(String::new(), |x| x.name.clone());
    let hide = |seat: usize, card: CardId, z: &Zone| -> Value {
        match z {
            Zone::Telescope { face_up: false, .. } if !sees_face_down(s, viewer, seat) => Value::Null,
            _ => card_json(s, card),
        }
    };
    match e {
        LogEntry::Start { step, seat, telescope, notebook, default } => json!({
            "kind": "start", "step": step, "player": name(*seat), "me": viewer == Some(*seat), "default": default,
            "telescope": card_json(s, *telescope), "notebook": card_json(s, *notebook),
        }),
        LogEntry::Refresh { step, seat, discarded } => json!({
            "kind": "refresh", "step": step, "player": name(*seat), "me": viewer == Some(*seat),
            "discarded": discarded.iter().map(|c| card_json(s, *c)).collect::<Vec<_>>(),
        }),
        LogEntry::Move { step, round, seat, default, took, played, coordinate, chosen } => json!({
            "kind": "move", "step": step, "round": round, "player": name(*seat), "me": viewer == Some(*seat), "default": default,
            "chosen": {
                "all": chosen.take && chosen.play,
                "parts": chosen_parts(chosen),
            },
            "took": { "position": took.0, "card": card_json(s, took.1) },
            "played": { "card": hide(*seat, played.0, &played.1), "where": zone_json(&played.1) },
            "coordinate": { "card": hide(*seat, coordinate.0, &coordinate.2), "blind": coordinate.1, "where": zone_json(&coordinate.2) },
        }),
        LogEntry::Final { step, seat, notebook, default } => json!({
            "kind": "final", "step": step, "player": name(*seat), "me": viewer == Some(*seat), "default": default,
            "notebook": card_json(s, *notebook),
        }),
        LogEntry::Resign { step, seat } => json!({ "kind": "resign", "step": step, "player": name(*seat), "me": viewer == Some(*seat) }),
    }
}

fn players_json(s: &StellarState, viewer: Option<usize>, sheets: &[Sheet]) -> Vec<Value> {
    (0..s.seats.len())
        .map(|i| {
            let seat = &s.seats[i];
            let sheet = sheets.get(i).cloned().unwrap_or_default();
            json!({
                "name": seat.name,
                "me": viewer == Some(i),
                "first": !matches!(s.phase, Phase::Registration | Phase::Start) && s.first == i,
                "hand_count": seat.hand.len(),
                "telescope": telescope_json(s, viewer, i),
                "notebook": notebook_json(s, i, &sheet),
                "score": sheet_json(&sheet),
                "resigned": seat.resigned,
                "boxed": seat.boxed.filter(|_| s.phase == Phase::Over).map(|c| card_json(s, c)),
            })
        })
        .collect()
}

/// What the view shared by players and the chronicle holds.
fn common(ctx: &ViewContext, before: &StellarState, s: &StellarState, events: &[Event], viewer: Option<usize>) -> Value {
    let sheets = scoring::sheets(s);
    let this_step: Vec<Value> = events
        .iter()
        .filter_map(|e| match e {
            Event::Logged { entry } => Some(entry_json(s, viewer, entry)),
            _ => None,
        })
        .collect();
    let mover = (s.phase == Phase::Play).then(|| s.mover());
    let awaited: Vec<String> = match s.phase {
        Phase::Start | Phase::Final => s.seats.iter().map(|x| x.name.clone()).collect(),
        Phase::Play => vec![s.seats[s.mover()].name.clone()],
        _ => Vec::new(),
    };
    let mut log: Vec<Value> = s.log.iter().map(|e| entry_json(s, viewer, e)).collect();
    log.reverse();
    let result = s.result.as_ref().map(|r| {
        json!({
            "winners": r.winners.iter().map(|w| s.seats[*w].name.clone()).collect::<Vec<_>>(),
            "tie": r.winners.len() > 1,
            "resigned": r.resigned.map(|x| s.seats[x].name.clone()),
            "i_won": viewer.is_some_and(|v| r.winners.contains(&v)),
        })
    });
    json!({
        "game": "stellar",
        "provisional_set": s.components.provisional,
        "phase": format!("{:?}", s.phase).to_lowercase(),
        "step": before.step,
        "next_step": ctx.turn,
        "round": s.round().min(11),
        "rounds": 11,
        "moves": s.moves,
        "moves_total": MOVES,
        "over": s.phase == Phase::Over,
        "started": s.phase != Phase::Registration,
        "mover": mover.map(|m| s.seats[m].name.clone()),
        "awaited": awaited,
        "refresh_allowed": s.phase == Phase::Play && s.refresh_allowed,
        "this_step": this_step,
        "dealt": events.iter().any(|e| matches!(e, Event::Dealt { .. })),
        "starting_dealt": events.iter().any(|e| matches!(e, Event::StartingDealt)),
        "reshuffled": events.iter().any(|e| matches!(e, Event::Reshuffled { .. })),
        "log": log,
        "row": (1..=5).map(|p| json!({ "position": p, "card": s.row[p - 1].map(|c| card_json(s, c)) })).collect::<Vec<_>>(),
        "pile": s.pile.len(),
        "discard": s.discard.iter().map(|c| card_json(s, *c)).collect::<Vec<_>>(),
        "players": players_json(s, viewer, &sheets),
        "result": result,
        "seats": s.seats.len(),
        "grid": {
            "w": s.components.slots.values().map(|d| d.x + d.w).max().unwrap_or(1),
            "h": s.components.slots.values().map(|d| d.y + d.h).max().unwrap_or(1),
        },
    })
}

/// A card's legal face-up slots in `seat`'s telescope, for the report.
fn with_slots(s: &StellarState, seat: usize, id: CardId) -> Value {
    let mut v = card_json(s, id);
    let legal = s.legal_face_up(seat, id);
    v["legal"] = json!(legal);
    v["legal_text"] = json!(if legal.is_empty() { String::new() } else { slot_list(&legal) });
    v
}

pub fn family_view(ctx: &ViewContext, before: &StellarState, after: &StellarState, events: &[Event], family: &FamilyKey) -> Value {
    let me = after.seat_of(family);
    let mut v = common(ctx, before, after, events, me);
    let Some(me) = me else {
        v["registered"] = json!(false);
        return v;
    };
    let s = after;
    v["registered"] = json!(true);
    v["me"] = json!(me);
    v["my_name"] = json!(s.seats[me].name);
    v["opponent"] = json!(s.seats.get(1 - me.min(1)).map(|x| x.name.clone()));
    v["my_move"] = json!(s.phase == Phase::Play && s.mover() == me);
    v["hand"] = json!(s.hand_letters(me).iter().map(|(l, c)| {
        let mut x = with_slots(s, me, *c);
        x["letter"] = json!(l.to_string());
        // Where step 3 would go if this card is played after taking each position.
        x["row_position"] = json!(s.card(*c).number.row_position());
        // Played face down, it counts « 3 » (S22).
        x["face_down_position"] = json!(super::orders::step2_position(s, *c, Zone::Telescope { slot: 0, face_up: false }));
        x
    }).collect::<Vec<_>>());
    v["starting"] = json!(s.starting_letters(me).iter().map(|(l, c)| {
        let mut x = card_json(s, *c);
        x["letter"] = json!(l.to_string());
        x
    }).collect::<Vec<_>>());
    v["row"] = json!((1..=5).map(|p| {
        let card = s.row[p - 1].map(|c| with_slots(s, me, c));
        json!({ "position": p, "card": card })
    }).collect::<Vec<_>>());
    // Blind draws ahead: which hand card would send step 3 to the pile after taking which position.
    let mut blind = Vec::new();
    if s.phase == Phase::Play && s.mover() == me {
        for (l, c) in s.hand_letters(me) {
            match s.card(c).number.row_position() {
                Some(p) => blind.push(json!({ "letter": l.to_string(), "position": p, "always": false })),
                None => blind.push(json!({ "letter": l.to_string(), "position": null, "always": true })),
            }
        }
    }
    v["blind_hints"] = json!(blind);
    v
}

pub fn public_view(ctx: &ViewContext, before: &StellarState, after: &StellarState, events: &[Event]) -> Value {
    common(ctx, before, after, events, None)
}

fn line(text: impl Into<String>, comment: Option<Msg>) -> FormLine {
    FormLine::new(text, comment)
}

/// The legal slots, or "none".
fn slots_msg(slots: &[super::components::Slot]) -> Msg {
    if slots.is_empty() {
        msg!("stellar-form-no-slot")
    } else {
        msg!("stellar-form-slots", slots = slot_list(slots))
    }
}

/// The pre-filled form: the greedy move for the player to move, each line
/// commented; the other player is told that nothing is expected of them.
pub fn order_form(s: &StellarState, family: &FamilyKey) -> Vec<FormLine> {
    let Some(me) = s.seat_of(family) else { return Vec::new() };
    match s.phase {
        Phase::Registration => vec![line("", Some(msg!("stellar-form-registration")))],
        Phase::Over => vec![line("", Some(msg!("stellar-form-over")))],
        Phase::Play if s.mover() != me => vec![line("", Some(msg!("stellar-form-not-your-move", mover = s.seats[s.mover()].name.as_str())))],
        Phase::Start => {
            let mut v: Vec<FormLine> = s
                .starting_letters(me)
                .iter()
                .map(|(l, c)| line("", Some(msg!("stellar-form-starting-card", letter = l.to_string(), card = s.card(*c).name(), stars = s.card(*c).stars))))
                .collect();
            let d = super::sample::default_start(s, me);
            let l = s.starting_letters(me).iter().find(|(_, c)| *c == d).map_or('X', |x| x.0);
            v.push(FormLine::bilingual(format!("DEPART {l} TELESCOPE"), format!("START {l} TELESCOPE"), Some(msg!("stellar-form-start"))));
            v
        }
        Phase::Final => {
            let mut v: Vec<FormLine> =
                s.hand_letters(me).iter().map(|(l, c)| line("", Some(msg!("stellar-form-hand-card", letter = l.to_string(), card = s.card(*c).name())))).collect();
            let d = super::sample::default_final(s, me);
            let l = s.hand_letters(me).iter().find(|(_, c)| *c == d).map_or('A', |x| x.0);
            v.push(FormLine::bilingual(format!("FINALE {l}"), format!("FINAL {l}"), Some(msg!("stellar-form-final"))));
            v
        }
        Phase::Play => {
            let mut v = Vec::new();
            if s.refresh_allowed {
                v.push(line("", Some(msg!("stellar-form-refresh"))));
            }
            for (l, c) in s.hand_letters(me) {
                let slots = slots_msg(&s.legal_face_up(me, c));
                v.push(line("", Some(msg!("stellar-form-hand-slots", letter = l.to_string(), card = s.card(c).name(), slots = slots))));
            }
            let mut dice = crate::dice::Dice::for_turn(s.seed, s.step);
            let o = super::sample::default_for(s, me, super::Orders::default(), &mut dice);
            let lines = super::sample::lines(s, me, &o);
            for (t, t_en) in lines.into_iter().zip(super::sample::lines_in(s, me, &o, true)) {
                let comment = if t.starts_with("PRENDRE") {
                    o.take.and_then(|p| s.row[p - 1]).map(|c| msg!("stellar-form-take", card = s.card(c).name()))
                } else if t.starts_with("JOUER") {
                    match (o.take, o.play) {
                        (Some(tk), Some(played)) => Some(match step3_card(s, tk, played) {
                            Some(r) => msg!("stellar-form-step3", card = s.card(r).name()),
                            None => msg!("stellar-form-step3-blind"),
                        }),
                        _ => None,
                    }
                } else {
                    None
                };
                v.push(FormLine::bilingual(t, t_en, comment));
            }
            v
        }
    }
}

/// One sample of every message of the order form.
pub fn form_samples() -> Vec<Msg> {
    vec![
        msg!("stellar-form-registration"),
        msg!("stellar-form-over"),
        msg!("stellar-form-not-your-move", mover = "Youri"),
        msg!("stellar-form-starting-card", letter = "X", card = "ETOILE-3", stars = 2),
        msg!("stellar-form-start"),
        msg!("stellar-form-hand-card", letter = "B", card = "ETOILE-3"),
        msg!("stellar-form-final"),
        msg!("stellar-form-refresh"),
        msg!("stellar-form-hand-slots", letter = "A", card = "ETOILE-3", slots = msg!("stellar-form-slots", slots = "1, 4")),
        msg!("stellar-form-no-slot"),
        msg!("stellar-form-take", card = "ETOILE-3"),
        msg!("stellar-form-step3", card = "ETOILE-3"),
        msg!("stellar-form-step3-blind"),
    ]
}
