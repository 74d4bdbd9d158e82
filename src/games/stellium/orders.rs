//! The order language of Stellium (orders.md, "Stellium"), read against the
//! state. The player to move's lines are checked by playing them, in the
//! order of the turn, on a copy of the board: each line's verdict says
//! whether it can be carried out at that point of the turn. Lines after a
//! validation that empties a galaxy are checked again after the refill.

use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, LineVerdict, OrderLine, ParsedOrders};
use crate::i18n::Msg;
use crate::msg;
use crate::text;

use super::components::Colour;
use super::model::{Phase, StelliumState};
use super::place::{self, Influence, Toward};
use super::turn::{self, Validation};

/// Step 3 ("PRENDRE UN OBJECTIF").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "take", rename_all = "snake_case")]
pub enum Take {
    Take { objective: u32 },
    /// With 3 unrealised: `discard` goes to the box, `objective` is taken.
    Replace { discard: u32, objective: u32 },
    /// With 3 unrealised: keep them, take nothing.
    KeepAll,
}

/// One seat's accepted orders for a step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    pub draw: Option<Colour>,
    pub place: Option<usize>,
    pub toward: Option<Toward>,
    pub token: Option<Colour>,
    pub influence: Option<Influence>,
    pub validations: Vec<Validation>,
    pub take: Option<Take>,
    /// Refill of an empty galaxy: preferences (colour, start hole), in order.
    pub refill: Vec<(Colour, usize)>,
    /// Set by the default policy: the move was the referee's.
    #[serde(default)]
    pub defaulted: bool,
    /// With `defaulted`: the player drew himself (the referee placed).
    #[serde(default)]
    pub player_drew: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Word {
    Draw,
    Token,
    Place,
    Swap,
    Rotate,
    Attract,
    Validate,
    Discard,
    Take,
    KeepAll,
    Refill,
}

const WORDS: [(Word, &[&str]); 11] = [
    (Word::Draw, &["PIOCHE", "DRAW"]),
    (Word::Place, &["POSE", "PLACE"]),
    (Word::Token, &["JETON", "TOKEN"]),
    (Word::Swap, &["PERMUTE", "SWAP"]),
    (Word::Rotate, &["ROTATION", "ROTATE"]),
    (Word::Attract, &["ATTIRE", "ATTRACT"]),
    (Word::Validate, &["VALIDE", "VALIDATE"]),
    (Word::Discard, &["ECARTE", "DISCARD"]),
    (Word::Take, &["PREND", "TAKE"]),
    (Word::KeepAll, &["GARDE-TOUT", "KEEP-ALL"]),
    (Word::Refill, &["RECHARGE", "REFILL"]),
];

fn word_of(w: &str) -> Option<Word> {
    let k = text::key(w);
    WORDS.iter().find(|(_, a)| a.iter().any(|x| text::key(x) == k)).map(|(w, _)| *w)
}

fn hole(s: &StelliumState, w: Option<&String>) -> Result<usize, Msg> {
    let w = w.ok_or_else(|| msg!("stellium-refused-hole-missing"))?;
    s.components.index_of(w).ok_or_else(|| msg!("stellium-refused-unknown-hole", written = w))
}

fn colour(w: Option<&String>) -> Result<Colour, Msg> {
    let w = w.ok_or_else(|| msg!("stellium-refused-colour-missing"))?;
    Colour::from_word(w).ok_or_else(|| msg!("stellium-refused-unknown-colour", written = w))
}

/// A refused line, with the nearest word of either language when `why`
/// names a misspelt colour (a typo gets the word of its writer's language,
/// as Galaxy's attack target).
fn refused(line: &OrderLine, why: Msg) -> LineVerdict {
    let suggestion = match (why.id.as_str(), why.args.get("written")) {
        ("stellium-refused-unknown-colour", Some(crate::i18n::Arg::Str(w))) => text::suggest(w, Colour::ALL.iter().flat_map(|c| [c.word(), c.word_en()])),
        _ => None,
    };
    LineVerdict::rejected(line, why, suggestion)
}

fn objective(s: &StelliumState, w: Option<&String>) -> Result<u32, Msg> {
    let w = w.ok_or_else(|| msg!("stellium-refused-objective-missing"))?;
    let id = w.to_ascii_uppercase().strip_prefix('O').and_then(|n| n.parse::<u32>().ok());
    id.filter(|id| s.components.objectives.contains_key(id)).ok_or_else(|| msg!("stellium-refused-unknown-objective", written = w))
}

fn is(w: Option<&String>, aliases: &[&str]) -> bool {
    w.is_some_and(|w| aliases.iter().any(|a| text::key(a) == text::key(w)))
}

/// Where the turn being checked stands.
struct Sim {
    s: StelliumState,
    me: usize,
    drawn: Option<Colour>,
    played: Option<usize>,
    /// A validation emptied a galaxy: later validations wait for the refill.
    interrupted: bool,
    validated: Vec<u32>,
    /// Galaxies holding a marble at the start of the turn.
    before: Vec<bool>,
    /// The referee's notes on the line being played, echoed after it;
    /// taken at each line's end.
    notes: Vec<Msg>,
}

/// A line with the French keywords and with the English ones (each
/// reader's echo, orders.md §1).
type Canon = (String, String);

fn both(line: impl Fn(bool) -> String) -> Canon {
    (line(false), line(true))
}

fn one(sim: &mut Sim, o: &mut Orders, w: Word, args: &[String]) -> Result<Canon, Msg> {
    let s = &mut sim.s;
    let a = |i: usize| args.get(i);
    match w {
        Word::Draw => {
            let c = colour(a(0))?;
            if o.draw.is_some() {
                return Err(msg!("stellium-refused-one-draw"));
            }
            place::draw(s, sim.me, c)?;
            sim.drawn = Some(c);
            o.draw = Some(c);
            Ok((format!("PIOCHE {}", c.word()), format!("DRAW {}", c.word_en())))
        }
        Word::Token => {
            let t = colour(a(0))?;
            if o.token.is_some() {
                return Err(msg!("stellium-refused-one-token"));
            }
            if !s.seats[sim.me].tokens.contains(&t) {
                return Err(msg!("stellium-refused-token-used", colour = t.word()));
            }
            if o.place.is_some() {
                return Err(msg!("stellium-refused-token-after-place"));
            }
            o.token = Some(t);
            Ok((format!("JETON {}", t.word()), format!("TOKEN {}", t.word_en())))
        }
        Word::Place => {
            let Some(c) = sim.drawn else { return Err(msg!("stellium-refused-place-before-draw")) };
            if o.place.is_some() {
                return Err(msg!("stellium-refused-one-place"));
            }
            if o.token == Some(c) {
                return Err(msg!("stellium-refused-token-same", colour = c.word()));
            }
            let h = hole(s, a(0))?;
            let toward = if !is(a(1), &["VERS", "TOWARD"]) {
                None
            } else if is(a(2), OFF_WORDS) {
                Some(Toward::OFF)
            } else {
                Some(Toward::Hole(hole(s, a(2))?))
            };
            let kind = place::influence_kind(c, o.token);
            let collision = place::by_collision(kind) && place::collision_possible(s);
            place::place(s, sim.me, c, h, toward, collision)?;
            if let Some(t) = o.token {
                s.seats[sim.me].tokens.remove(&t);
            }
            sim.played = Some(h);
            o.place = Some(h);
            o.toward = toward;
            Ok(both(|en| place_line_in(s, h, toward, en)))
        }
        Word::Swap | Word::Rotate | Word::Attract => {
            let (Some(c), Some(played)) = (sim.drawn, sim.played) else { return Err(msg!("stellium-refused-influence-before-place")) };
            if o.influence.is_some() {
                return Err(msg!("stellium-refused-one-influence"));
            }
            let inf = match w {
                Word::Swap => Influence::Swap { a: hole(s, a(0))?, b: hole(s, a(1))? },
                Word::Rotate => {
                    let n = a(0).and_then(|n| n.parse::<usize>().ok()).ok_or_else(|| msg!("stellium-refused-sixths-missing"))?;
                    Influence::Rotate { sixths: n }
                }
                _ => Influence::Attract { black_hole: hole(s, a(0))?, from: hole(s, a(1))? },
            };
            place::apply(s, played, place::influence_kind(c, o.token), inf)?;
            o.influence = Some(inf);
            if turn::empty_galaxy(s, &sim.before).is_some() {
                sim.interrupted = true;
            }
            Ok(both(|en| influence_in(s, &inf, en)))
        }
        Word::Validate => {
            let id = objective(s, a(0))?;
            let mut v = Validation { objective: id, with: Vec::new(), keep: None };
            let mut i = 1;
            let mut mode = None;
            while let Some(t) = a(i) {
                if is(Some(t), &["AVEC", "WITH"]) {
                    mode = Some(0);
                } else if is(Some(t), &["GARDE", "KEEP"]) {
                    mode = Some(1);
                } else {
                    let h = hole(s, Some(t))?;
                    match mode {
                        Some(0) => v.with.push(h),
                        Some(1) if v.keep.is_none() => v.keep = Some(h),
                        Some(_) => return Err(msg!("stellium-refused-keep-one")),
                        None => return Err(msg!("stellium-refused-with-or-keep", written = t)),
                    }
                }
                i += 1;
            }
            if sim.interrupted {
                if !s.seats[sim.me].hand.contains(&id) || sim.validated.contains(&id) {
                    return Err(msg!("stellium-refused-not-your-objective", objective = id));
                }
                sim.validated.push(id);
                o.validations.push(v.clone());
                sim.notes.push(msg!("stellium-note-checked-after-refill"));
                return Ok(both(|en| validation_in(s, &v, en)));
            }
            let canon = both(|en| validation_in(s, &v, en));
            turn::validate(s, sim.me, &v, &sim.validated)?;
            sim.validated.push(id);
            if turn::empty_galaxy(s, &sim.before).is_some() {
                sim.interrupted = true;
            }
            o.validations.push(v);
            Ok(canon)
        }
        Word::Take | Word::Discard | Word::KeepAll => {
            let t = match w {
                Word::KeepAll => Take::KeepAll,
                Word::Take => Take::Take { objective: objective(s, a(0))? },
                _ => Take::Replace { discard: objective(s, a(0))?, objective: 0 },
            };
            let t = match (o.take, t) {
                (None, t) => t,
                (Some(Take::Replace { discard, objective: 0 }), Take::Take { objective }) => Take::Replace { discard, objective },
                (Some(Take::Take { objective }), Take::Replace { discard, .. }) => Take::Replace { discard, objective },
                _ => return Err(msg!("stellium-refused-one-take")),
            };
            let hand_after: Vec<u32> = s.seats[sim.me].hand.iter().copied().filter(|h| !sim.validated.contains(h)).collect();
            turn::check_take(s, &hand_after, t)?;
            o.take = Some(t);
            Ok(both(|en| match w {
                Word::KeepAll => kw(en, "GARDE-TOUT", "KEEP-ALL").into(),
                Word::Take => format!("{} {}", kw(en, "PREND", "TAKE"), args[0].to_ascii_uppercase()),
                _ => format!("{} {}", kw(en, "ECARTE", "DISCARD"), args[0].to_ascii_uppercase()),
            }))
        }
        Word::Refill => Err(msg!("stellium-refused-refill-not-now")),
    }
}

/// `VERS HORS`: the marble on the hole leaves the board (T8).
const OFF_WORDS: &[&str] = &["HORS", "DEHORS", "OUT", "OFF"];

/// `fr` or, for an English reader, `en` (orders.md §1).
fn kw(en: bool, fr: &'static str, english: &'static str) -> &'static str {
    if en {
        english
    } else {
        fr
    }
}

fn place_line_in(s: &StelliumState, h: usize, toward: Option<Toward>, en: bool) -> String {
    let toward = toward.map(|t| match t {
        Toward::Off(_) => kw(en, "HORS", "OUT").to_string(),
        t => t.word(s),
    });
    match toward {
        Some(t) => format!("{} {} {} {t}", kw(en, "POSE", "PLACE"), s.label(h), kw(en, "VERS", "TOWARD")),
        None => format!("{} {}", kw(en, "POSE", "PLACE"), s.label(h)),
    }
}

fn influence_in(s: &StelliumState, inf: &Influence, en: bool) -> String {
    match *inf {
        Influence::Swap { a, b } => format!("{} {} {}", kw(en, "PERMUTE", "SWAP"), s.label(a), s.label(b)),
        Influence::Rotate { sixths } => format!("{} {sixths}", kw(en, "ROTATION", "ROTATE")),
        Influence::Attract { black_hole, from } => format!("{} {} {}", kw(en, "ATTIRE", "ATTRACT"), s.label(black_hole), s.label(from)),
    }
}

fn validation_in(s: &StelliumState, v: &Validation, en: bool) -> String {
    let mut t = format!("{} O{}", kw(en, "VALIDE", "VALIDATE"), v.objective);
    if !v.with.is_empty() {
        t.push(' ');
        t.push_str(kw(en, "AVEC", "WITH"));
        for h in &v.with {
            t.push(' ');
            t.push_str(&s.label(*h));
        }
    }
    if let Some(k) = v.keep {
        t.push_str(&format!(" {} {}", kw(en, "GARDE", "KEEP"), s.label(k)));
    }
    t
}

/// The canonical lines of `o` (the order form, the sample player).
pub fn lines(s: &StelliumState, o: &Orders) -> Vec<String> {
    lines_in(s, o, false)
}

/// The lines of `o` with the English keywords if `en` (an English
/// reader's form), the canonical French ones otherwise.
pub fn lines_in(s: &StelliumState, o: &Orders, en: bool) -> Vec<String> {
    let colour = |c: Colour| if en { c.word_en() } else { c.word() };
    let mut v = Vec::new();
    if let Some(c) = o.draw {
        v.push(format!("{} {}", kw(en, "PIOCHE", "DRAW"), colour(c)));
    }
    if let Some(t) = o.token {
        v.push(format!("{} {}", kw(en, "JETON", "TOKEN"), colour(t)));
    }
    if let Some(h) = o.place {
        v.push(place_line_in(s, h, o.toward, en));
    }
    if let Some(i) = &o.influence {
        v.push(influence_in(s, i, en));
    }
    for x in &o.validations {
        v.push(validation_in(s, x, en));
    }
    match o.take {
        Some(Take::Take { objective }) => v.push(format!("{} O{objective}", kw(en, "PREND", "TAKE"))),
        Some(Take::Replace { discard, objective }) => {
            v.push(format!("{} O{discard}", kw(en, "ECARTE", "DISCARD")));
            v.push(format!("{} O{objective}", kw(en, "PREND", "TAKE")));
        }
        Some(Take::KeepAll) => v.push(kw(en, "GARDE-TOUT", "KEEP-ALL").into()),
        None => {}
    }
    if !o.refill.is_empty() {
        let mut t = kw(en, "RECHARGE", "REFILL").to_string();
        for (c, h) in &o.refill {
            t.push_str(&format!(" {} {}", colour(*c), s.label(*h)));
        }
        v.push(t);
    }
    v
}

fn refill_line(s: &StelliumState, me: usize, args: &[String], o: &mut Orders) -> Result<Canon, Msg> {
    let Phase::Refill(r) = &s.phase else { return Err(msg!("stellium-refused-no-refill")) };
    if !r.choosers.contains(&me) {
        return Err(msg!("stellium-refused-not-a-chooser"));
    }
    if args.is_empty() || !args.len().is_multiple_of(2) {
        return Err(msg!("stellium-refused-refill-form"));
    }
    let starts = s.start_holes(r.place);
    let mut prefs = Vec::new();
    for pair in args.chunks(2) {
        let c = colour(pair.first())?;
        let h = hole(s, pair.get(1))?;
        if !starts.contains(&h) {
            let l: Vec<String> = starts.iter().map(|h| s.label(*h)).collect();
            return Err(msg!("stellium-refused-not-a-start-hole", hole = s.label(h), holes = l.join(", ")));
        }
        prefs.push((c, h));
    }
    if !o.refill.is_empty() {
        return Err(msg!("stellium-refused-refill-twice"));
    }
    o.refill = prefs;
    Ok(both(|en| lines_in(s, o, en).pop().unwrap_or_default()))
}

pub fn parse(s: &StelliumState, family: &FamilyKey, input: &[OrderLine]) -> ParsedOrders<Orders> {
    let mut orders = Orders::default();
    let mut verdicts: Vec<Option<LineVerdict>> = vec![None; input.len()];
    let seat = s.seat_of(family);
    let mut by_word: Vec<(Word, usize, Vec<String>)> = Vec::new();
    for (i, line) in input.iter().enumerate() {
        let toks: Vec<String> = text::tokenize(&line.text).tokens.into_iter().map(|t| t.text).collect();
        let first = toks.first().cloned().unwrap_or_default();
        let refuse = |why: Msg| Some(LineVerdict::rejected(line, why, None));
        match (word_of(&first), seat, &s.phase) {
            (None, _, _) => {
                let all: Vec<&str> = WORDS.iter().flat_map(|(_, a)| a.iter().copied()).collect();
                verdicts[i] = Some(LineVerdict::rejected(line, msg!("stellium-refused-unknown-order", written = first.as_str()), text::suggest(&first, all)));
            }
            (_, None, _) => verdicts[i] = refuse(msg!("stellium-refused-not-a-player")),
            (_, _, Phase::Registration) => verdicts[i] = refuse(msg!("stellium-refused-not-started")),
            (_, _, Phase::Over) => verdicts[i] = refuse(msg!("stellium-refused-over")),
            (Some(w), Some(me), Phase::Play) if s.mover != me => {
                let _ = w;
                verdicts[i] = Some(LineVerdict::rejected(line, msg!("stellium-refused-not-your-turn", player = s.seats[s.mover].name.as_str()), None));
            }
            (Some(Word::Refill), Some(me), Phase::Refill(_)) => {
                verdicts[i] = Some(match refill_line(s, me, &toks[1..], &mut orders) {
                    Ok((fr, en)) => LineVerdict::accepted_bilingual(line, fr, en, Vec::new()),
                    Err(e) => refused(line, e),
                });
            }
            (Some(_), Some(_), Phase::Refill(_)) => verdicts[i] = refuse(msg!("stellium-refused-refill-only")),
            (Some(w), Some(_), Phase::Play) => by_word.push((w, i, toks[1..].to_vec())),
        }
    }
    if let Some(me) = seat.filter(|me| s.phase == Phase::Play && s.mover == *me) {
        let mut sim = Sim { s: s.clone(), me, drawn: None, played: None, interrupted: false, validated: Vec::new(), before: turn::occupied(s), notes: Vec::new() };
        // Lines are played in the order of the turn (the word order above), then as written.
        by_word.sort_by_key(|(w, i, _)| (*w, *i));
        for (w, i, args) in &by_word {
            let r = one(&mut sim, &mut orders, *w, args);
            let notes = std::mem::take(&mut sim.notes);
            verdicts[*i] = Some(match r {
                Ok((fr, en)) => LineVerdict::accepted_bilingual(&input[*i], fr, en, notes),
                Err(e) => refused(&input[*i], e),
            });
        }
        // A line that the turn could not play as acknowledged is refused
        // now, never replaced by the referee's choice (RULINGS, Stellium
        // T25): ECARTE without PREND (T18), JETON without its placing (T11).
        if matches!(orders.take, Some(Take::Replace { objective: 0, .. })) {
            orders.take = None;
            refuse_word(&mut verdicts, &by_word, input, Word::Discard, msg!("stellium-refused-discard-without-take"));
        }
        if orders.token.is_some() && orders.place.is_none() {
            orders.token = None;
            refuse_word(&mut verdicts, &by_word, input, Word::Token, msg!("stellium-refused-token-without-place"));
        }
    }
    let verdicts = verdicts.into_iter().zip(input).map(|(v, l)| v.unwrap_or_else(|| LineVerdict::rejected(l, msg!("stellium-refused-unread"), None))).collect();
    ParsedOrders { orders, verdicts }
}

/// Refuses the accepted lines of `word` with `why`.
fn refuse_word(verdicts: &mut [Option<LineVerdict>], by_word: &[(Word, usize, Vec<String>)], input: &[OrderLine], word: Word, why: Msg) {
    for (w, i, _) in by_word {
        if *w == word && verdicts[*i].as_ref().is_some_and(|v| v.is_accepted()) {
            verdicts[*i] = Some(LineVerdict::rejected(&input[*i], why.clone(), None));
        }
    }
}

/// One sample of every refusal of this file, `place.rs`, `blackholes.rs`
/// and `turn.rs`, and of the missing orders, for the catalogue check
/// (`tests/messages.rs`): a refusal added without its sample here leaves its
/// message unused, and the check fails.
pub fn samples() -> Vec<Msg> {
    let mut v = vec![
        msg!("stellium-note-checked-after-refill"),
        msg!("stellium-refused-unknown-order", written = "XX"),
        msg!("stellium-refused-not-a-player"),
        msg!("stellium-refused-not-started"),
        msg!("stellium-refused-over"),
        msg!("stellium-refused-not-your-turn", player = "Anne"),
        msg!("stellium-refused-refill-only"),
        msg!("stellium-refused-unread"),
        msg!("stellium-refused-hole-missing"),
        msg!("stellium-refused-unknown-hole", written = "XX"),
        msg!("stellium-refused-colour-missing"),
        msg!("stellium-refused-unknown-colour", written = "XX"),
        msg!("stellium-refused-objective-missing"),
        msg!("stellium-refused-unknown-objective", written = "XX"),
        msg!("stellium-refused-one-draw"),
        msg!("stellium-refused-one-token"),
        msg!("stellium-refused-token-used", colour = "VERTE"),
        msg!("stellium-refused-token-after-place"),
        msg!("stellium-refused-token-without-place"),
        msg!("stellium-refused-place-before-draw"),
        msg!("stellium-refused-one-place"),
        msg!("stellium-refused-token-same", colour = "VERTE"),
        msg!("stellium-refused-influence-before-place"),
        msg!("stellium-refused-one-influence"),
        msg!("stellium-refused-sixths-missing"),
        msg!("stellium-refused-keep-one"),
        msg!("stellium-refused-with-or-keep", written = "XX"),
        msg!("stellium-refused-not-your-objective", objective = 3),
        msg!("stellium-refused-one-take"),
        msg!("stellium-refused-refill-not-now"),
        msg!("stellium-refused-no-refill"),
        msg!("stellium-refused-not-a-chooser"),
        msg!("stellium-refused-refill-form"),
        msg!("stellium-refused-not-a-start-hole", hole = "B3", holes = "B1 B2"),
        msg!("stellium-refused-refill-twice"),
        msg!("stellium-refused-bag-empty", colour = "VERTE"),
        msg!("stellium-refused-place-black-hole", hole = "B3"),
        msg!("stellium-refused-place-occupied", hole = "B3"),
        msg!("stellium-refused-toward-without-collision"),
        msg!("stellium-refused-comet-on-empty", hole = "B3"),
        msg!("stellium-refused-collision-toward", hole = "B3"),
        msg!("stellium-refused-not-on-edge", hole = "B3"),
        msg!("stellium-refused-not-adjacent", hole = "B3", of = "B4"),
        msg!("stellium-refused-swap-played"),
        msg!("stellium-refused-swap-kind", colour = "VERTE", hole = "B3"),
        msg!("stellium-refused-swap-empty", hole = "B3"),
        msg!("stellium-refused-rotation-sixths"),
        msg!("stellium-refused-rotation-off-galaxy"),
        msg!("stellium-refused-wrong-influence", colour = "VERTE", order = "PERMUTE"),
        msg!("stellium-refused-not-a-black-hole", hole = "B3"),
        msg!("stellium-refused-black-hole-occupied", hole = "B3"),
        msg!("stellium-refused-attract-played"),
        msg!("stellium-refused-attract-empty", hole = "B3"),
        msg!("stellium-refused-figure-absent", objective = 3),
        msg!("stellium-refused-figure-not-formed", holes = "B1 B2", objective = 3),
        msg!("stellium-refused-keep-outside", hole = "B3"),
        msg!("stellium-refused-not-on-display", objective = 3),
        msg!("stellium-refused-hand-full"),
        msg!("stellium-refused-discard-not-full"),
        msg!("stellium-refused-keep-all-not-full"),
        msg!("stellium-refused-discard-without-take"),
    ];
    for order in ["draw", "place", "take", "refill"] {
        v.push(msg!("stellium-missing", order = order, influence = ""));
    }
    v.push(msg!("stellium-missing", order = "influence", influence = "PERMUTE"));
    v
}

/// What OR asks of the player to move: the draw, the placing, the influence
/// when one is legal, the objective taken when one must be (T6, T18); of a
/// chooser of a refill, a RECHARGE line.
pub fn missing(s: &StelliumState, me: usize, o: &Orders) -> Vec<Msg> {
    let mut m = Vec::new();
    match &s.phase {
        Phase::Play if s.mover == me => {
            if s.bag_total() > 0 {
                if o.draw.is_none() {
                    m.push(msg!("stellium-missing", order = "draw", influence = ""));
                }
                if o.place.is_none() {
                    m.push(msg!("stellium-missing", order = "place", influence = ""));
                }
            }
            if let (Some(c), Some(p), None) = (o.draw, o.place, o.influence) {
                let kind = place::influence_kind(c, o.token);
                if kind != Colour::Blue && !s.settings.optional_influence {
                    let mut sim = s.clone();
                    let _ = place::draw(&mut sim, me, c);
                    let collision = place::by_collision(kind) && place::collision_possible(&sim);
                    if place::place(&mut sim, me, c, p, o.toward, collision).is_ok() && !place::legal(&sim, p, kind).is_empty() {
                        m.push(msg!("stellium-missing", order = "influence", influence = place::influence_order(kind)));
                    }
                }
            }
            if o.take.is_none() && turn::must_take(s, me, o) {
                m.push(msg!("stellium-missing", order = "take", influence = ""));
            }
        }
        Phase::Refill(r) if r.choosers.contains(&me) && o.refill.is_empty() => m.push(msg!("stellium-missing", order = "refill", influence = "")),
        _ => {}
    }
    m
}
