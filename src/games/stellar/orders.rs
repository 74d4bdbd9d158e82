//! Stellar's orders (orders.md §9), read against the state: what the player
//! may do in the step now open. Every line gets a verdict; an accepted line's
//! canonical echo carries what the acknowledgement must show (the card named,
//! the legal face-up slots, whether step 3 will be a blind draw).
//!
//! Lines are read in any order; they are checked in the order of the turn
//! (refresh, step 1, step 2, step 3), since `C` and step 3 depend on step 1.

use serde::{Deserialize, Serialize};

use crate::game::{FamilyKey, LineVerdict, OrderLine, ParsedOrders};
use crate::i18n::Msg;
use crate::msg;
use crate::text::{self, Cursor, Token};

use super::components::{CardId, Kind, Slot};
use super::model::{Chosen, FaceDownNumber, Phase, StellarState, Zone};

/// A conditional placement of the blind draw: a type (`None` = satellite).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    pub kind: Option<Kind>,
    pub slot: Slot,
    pub face_up: bool,
}

/// A player's accepted orders for one step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// "Mise en place" 2: the starting card that goes to slot 1.
    #[serde(default)]
    pub start: Option<CardId>,
    /// "Cartes satellite": discard and refill the row first.
    #[serde(default)]
    pub refresh: bool,
    /// Step 1: a row position, 1..=5.
    #[serde(default)]
    pub take: Option<usize>,
    /// Step 2: a hand card (or the one just taken) and where it goes.
    #[serde(default)]
    pub play: Option<(CardId, Zone)>,
    /// Step 3 into the telescope when its card is known.
    #[serde(default)]
    pub coordinate: Option<Zone>,
    /// Step 3 into the telescope when it is a blind draw: first match wins.
    #[serde(default)]
    pub draws: Vec<DrawRule>,
    #[serde(default)]
    pub draw_else: Option<(Slot, bool)>,
    /// "Fin de la partie": the hand card that goes to the notebook.
    #[serde(default)]
    pub final_card: Option<CardId>,
    /// Completed by the referee (ONR/OPR): reported as a default move.
    #[serde(default)]
    pub defaulted: bool,
    /// Which parts the referee completed (S19).
    #[serde(default)]
    pub chosen: Chosen,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Word {
    Start,
    Refresh,
    Take,
    Play,
    Coordinate,
    Draw,
    Final,
}

const WORDS: [(Word, &[&str]); 7] = [
    (Word::Start, &["DEPART", "START"]),
    (Word::Refresh, &["RAFRAICHIR", "REFRESH"]),
    (Word::Take, &["PRENDRE", "TAKE"]),
    (Word::Play, &["JOUER", "PLAY"]),
    (Word::Coordinate, &["COORDONNEE", "COORDINATE"]),
    (Word::Draw, &["PIOCHE", "DRAW"]),
    (Word::Final, &["FINALE", "FINAL"]),
];

const TELESCOPE: &[&str] = &["TELESCOPE"];
const NOTEBOOK: &[&str] = &["CARNET", "NOTEBOOK"];
const FACEDOWN: &[&str] = &["CACHEE", "FACEDOWN", "FACE CACHEE", "FACE DOWN", "CACHE"];
const ELSE: &[&str] = &["SINON", "ELSE"];

/// Why a line is refused (a `stellar-refused-*` message) and the nearest
/// valid form, if any.
type Refused = (Msg, Option<String>);

fn no(reason: Msg) -> Refused {
    (reason, None)
}

/// The slots as a refusal lists them (`stellar-slots`: "aucun" when empty).
fn slots(slots: &[Slot]) -> Msg {
    msg!("stellar-slots", count = slots.len(), slots = slots.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", "))
}

/// The slots as the acknowledgement lists them.
pub fn slot_list(slots: &[Slot]) -> String {
    if slots.is_empty() {
        "aucun".into()
    } else {
        slots.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// "A ou B ou C" (`stellar-or`, nested).
fn or_list(items: &[String]) -> Msg {
    match items {
        [] => msg!("stellar-or-one", item = ""),
        [one] => msg!("stellar-or-one", item = one.as_str()),
        [first, rest @ ..] => msg!("stellar-or", first = first.as_str(), rest = or_list(rest)),
    }
}

/// A card's name as written (`LUNE-4`, `TROU-NOIR-6/0`, or `LUNE 4`) after
/// its first token `t`: (type, number label, the words as written).
fn card_name(c: &mut Cursor, t: &Token) -> Result<(Option<Kind>, String, String), Refused> {
    let mut words = t.text.clone();
    if !words.contains(|ch: char| ch.is_ascii_digit()) {
        if let Some(n) = c.peek().filter(|n| n.text.chars().next().is_some_and(|ch| ch.is_ascii_digit())) {
            words = format!("{words}-{}", n.text);
            c.next();
        }
    }
    let (kind_w, num_w) = match words.rsplit_once('-') {
        Some((a, b)) => (a.to_string(), b.to_string()),
        None => return Err(no(msg!("stellar-refused-unknown-card", written = t.text.as_str()))),
    };
    let kind = if text::key(&kind_w) == "SATELLITE" {
        None
    } else {
        // A misspelt type gets the nearest type word of either language, with the number written.
        Some(Kind::from_word(&kind_w).ok_or_else(|| {
            let sugg = text::suggest(&kind_w, kind_words()).map(|k| format!("{k}-{num_w}"));
            (msg!("stellar-refused-unknown-card-kind", written = kind_w.as_str()), sugg)
        })?)
    };
    Ok((kind, num_w, words))
}

/// The card type words of both languages (`PLANETE`, `PLANET`, …, `SATELLITE`),
/// for suggestions: a typo gets the word of its writer's language.
fn kind_words() -> impl Iterator<Item = &'static str> {
    Kind::ALL.iter().flat_map(|k| [k.word(), k.word_en()]).chain(["SATELLITE"])
}

/// The canonical name of a (type, number) as written.
fn name_of(kind: Option<Kind>, num: &str) -> String {
    format!("{}-{num}", kind.map_or("SATELLITE", Kind::word))
}

/// Reads a card among `cards` (letter, or `TYPE-N` / `TYPE N`).
fn card_ref(c: &mut Cursor, cards: &[(char, CardId)], s: &StellarState) -> Result<CardId, Refused> {
    let Some(t) = c.next() else { return Err(no(msg!("stellar-refused-card-missing"))) };
    let k = t.key();
    if k.len() == 1 {
        let letter = k.chars().next().unwrap_or(' ');
        return cards.iter().find(|(l, _)| *l == letter).map(|(_, id)| *id).ok_or_else(|| {
            let have = cards.iter().map(|(l, _)| l.to_string()).collect::<Vec<_>>().join(", ");
            no(msg!("stellar-refused-no-such-letter", letter = letter.to_string(), letters = have))
        });
    }
    let (kind, num_w, words) = card_name(c, t)?;
    let names: Vec<String> = cards.iter().map(|(_, id)| s.card(*id).name()).collect();
    let matching: Vec<&(char, CardId)> = cards
        .iter()
        .filter(|(_, id)| {
            let card = s.card(*id);
            card.kind == kind && card.number.label() == num_w
        })
        .collect();
    if matching.iter().any(|(_, id)| s.card(*id).stars != s.card(matching[0].1).stars) {
        let letters: Vec<String> = matching.iter().map(|(l, _)| l.to_string()).collect();
        return Err(no(msg!("stellar-refused-ambiguous-card", card = words, letters = or_list(&letters))));
    }
    matching
        .first()
        .map(|(_, id)| *id)
        .ok_or_else(|| (msg!("stellar-refused-no-such-card", card = name_of(kind, &num_w)), text::suggest(&words, names.iter().map(String::as_str))))
}

/// The starting card of `DEPART`: its letter (X, Y), the letter the
/// reports gave it before the starting cards and the hand were told apart
/// (A, B, same order: old forms stay valid), or its name.
fn start_ref(c: &mut Cursor, lettered: &[(char, CardId)], s: &StellarState) -> Result<CardId, Refused> {
    if let Some(i) = c.peek().and_then(|t| ["A", "B"].iter().position(|l| t.key_cow() == *l)) {
        if let Some((_, id)) = lettered.get(i) {
            c.next();
            return Ok(*id);
        }
    }
    card_ref(c, lettered, s)
}

/// Step 1 (S23): `PRENDRE n`, `PRENDRE n CARTE` (refused when position n
/// no longer holds that card) or `PRENDRE CARTE` (wherever it is in the
/// row; refused when it has left the row or is there twice).
fn take_ref(c: &mut Cursor, s: &StellarState) -> Result<usize, Refused> {
    let pos = match c.peek() {
        Some(t) if t.text.chars().all(|ch| ch.is_ascii_digit()) => {
            Some(c.eat_number().filter(|n| (1..=5).contains(n)).ok_or_else(|| no(msg!("stellar-refused-row-position")))? as usize)
        }
        _ => None,
    };
    let named = match c.next() {
        Some(t) => Some(card_name(c, t)?),
        None => None,
    };
    end(c)?;
    let is = |p: usize, kind: Option<Kind>, num: &str| s.row[p - 1].is_some_and(|id| s.card(id).kind == kind && s.card(id).number.label() == num);
    match (pos, named) {
        (None, None) => Err(no(msg!("stellar-refused-row-position"))),
        (Some(p), None) => s.row[p - 1].map(|_| p).ok_or_else(|| no(msg!("stellar-refused-row-empty", position = p))),
        (Some(p), Some((kind, num, _))) => {
            if is(p, kind, &num) {
                Ok(p)
            } else {
                let there = s.row[p - 1].map_or_else(String::new, |id| s.card(id).name());
                Err(no(msg!("stellar-refused-take-changed", position = p, card = name_of(kind, &num), there = there)))
            }
        }
        (None, Some((kind, num, words))) => {
            let at: Vec<usize> = (1..=5).filter(|p| is(*p, kind, &num)).collect();
            match at.as_slice() {
                [p] => Ok(*p),
                [] => {
                    let names: Vec<String> = s.row.iter().flatten().map(|id| s.card(*id).name()).collect();
                    Err((msg!("stellar-refused-not-in-row", card = name_of(kind, &num)), text::suggest(&words, names.iter().map(String::as_str))))
                }
                _ => Err(no(msg!("stellar-refused-take-ambiguous", card = name_of(kind, &num), positions = at.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")))),
            }
        }
    }
}

/// `TELESCOPE <slot> [CACHEE]` or `CARNET`.
fn zone(c: &mut Cursor) -> Result<Zone, Refused> {
    if c.eat_keyword(NOTEBOOK).is_some() {
        return Ok(Zone::Notebook);
    }
    if c.eat_keyword(TELESCOPE).is_none() {
        return Err(no(msg!("stellar-refused-zone-missing")));
    }
    let (slot, face_up) = slot_and_face(c)?;
    Ok(Zone::Telescope { slot, face_up })
}

fn slot_and_face(c: &mut Cursor) -> Result<(Slot, bool), Refused> {
    let slot = c.eat_number().filter(|n| (1..=12).contains(n)).ok_or_else(|| no(msg!("stellar-refused-slot-missing")))? as Slot;
    let face_up = c.eat_keyword(FACEDOWN).is_none();
    Ok((slot, face_up))
}

fn end(c: &Cursor) -> Result<(), Refused> {
    match c.peek() {
        None => Ok(()),
        Some(t) => Err(no(msg!("stellar-refused-trailing", written = t.text.as_str()))),
    }
}

/// A zone with the French keywords, or the English ones if `en`.
fn zone_text(z: &Zone, en: bool) -> String {
    match z {
        Zone::Notebook => kw(en, "CARNET", "NOTEBOOK").into(),
        Zone::Telescope { slot, face_up: true } => format!("TELESCOPE {slot}"),
        Zone::Telescope { slot, face_up: false } => format!("TELESCOPE {slot} {}", kw(en, "CACHEE", "FACEDOWN")),
    }
}

/// `fr`, or `english` for an English reader (orders.md §1).
fn kw(en: bool, fr: &'static str, english: &'static str) -> &'static str {
    if en {
        english
    } else {
        fr
    }
}

/// An accepted line with the French keywords and with the English ones.
fn both(line: impl Fn(bool) -> String) -> (String, String) {
    (line(false), line(true))
}

/// Checks a telescope placement of `card` for `seat`; returns the legal slots.
fn check_slot(s: &StellarState, seat: usize, card: CardId, slot: Slot, face_up: bool) -> Result<Vec<Slot>, Refused> {
    let legal = s.legal_face_up(seat, card);
    if s.seats[seat].telescope.contains_key(&slot) {
        return Err(no(msg!("stellar-refused-slot-taken", slot = slot, free = slots(&s.free_slots(seat)))));
    }
    if face_up && !legal.contains(&slot) {
        return Err(no(msg!("stellar-refused-not-face-up", card = s.card(card).name(), slot = slot, legal = slots(&legal))));
    }
    Ok(legal)
}

/// The row position step 3 takes after `card` is played to `zone` in step 2
/// (ÉTAPE 2: "le numéro figurant sur cette carte"); `None` sends step 3 to
/// the pile. A card played face down counts « 3 » ("Le télescope"; S22),
/// unless the setting `face_down_number` says "printed".
pub fn step2_position(s: &StellarState, card: CardId, zone: Zone) -> Option<usize> {
    match zone {
        Zone::Telescope { face_up: false, .. } if s.settings.face_down_number == FaceDownNumber::Three => Some(3),
        _ => s.card(card).number.row_position(),
    }
}

/// What step 3 will be, once steps 1 and 2 are known: the row card, or a blind draw.
pub fn step3_card(s: &StellarState, take: usize, played: (CardId, Zone)) -> Option<CardId> {
    match step2_position(s, played.0, played.1) {
        Some(p) if p != take => s.row[p - 1],
        _ => None,
    }
}

/// The legal face-up slots for a card of `kind` (`None`: satellite).
pub fn legal_for_kind(s: &StellarState, seat: usize, kind: Option<Kind>) -> Vec<Slot> {
    // Any card of that kind gives the same answer.
    match s.components.cards.values().find(|c| c.kind == kind) {
        Some(c) => s.legal_face_up(seat, c.id),
        None => Vec::new(),
    }
}

pub fn parse(s: &StellarState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
    let mut orders = Orders::default();
    let mut verdicts: Vec<Option<LineVerdict>> = vec![None; lines.len()];
    let seat = s.seat_of(family);
    // Classify.
    let mut by_word: Vec<(Word, usize, Vec<Token>, usize)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let toks = text::tokenize(&line.text).tokens;
        let mut c = Cursor::new(&toks);
        let found = WORDS.iter().find_map(|(w, aliases)| c.eat_keyword(aliases).map(|_| *w));
        let refuse = |why: Msg, sugg: Option<String>| Some(LineVerdict::rejected(line, why, sugg));
        match (found, seat, s.phase) {
            (None, _, _) => {
                let first = toks.first().map(|t| t.text.clone()).unwrap_or_default();
                let all: Vec<&str> = WORDS.iter().flat_map(|(_, a)| a.iter().copied()).collect();
                let sugg = text::suggest(&first, all);
                verdicts[i] = refuse(msg!("stellar-refused-unknown-order", written = first), sugg);
            }
            (_, None, _) => verdicts[i] = refuse(msg!("stellar-refused-not-a-player"), None),
            (_, _, Phase::Registration) => verdicts[i] = refuse(msg!("stellar-refused-not-started"), None),
            (_, _, Phase::Over) => verdicts[i] = refuse(msg!("stellar-refused-over"), None),
            (Some(w), Some(_), _) => by_word.push((w, i, toks.clone(), c.pos())),
        }
    }
    let Some(me) = seat else { return finish(lines, verdicts, orders) };
    let mover = s.phase == Phase::Play && s.mover() == me;
    // Checked in the order of the turn.
    let order = [Word::Start, Word::Final, Word::Refresh, Word::Take, Word::Play, Word::Coordinate, Word::Draw];
    let mut seen: Vec<(Word, usize)> = Vec::new();
    for w in order {
        for (word, i, toks, at) in by_word.iter().filter(|(x, ..)| *x == w) {
            let line = &lines[*i];
            let mut c = Cursor::new(toks);
            for _ in 0..*at {
                c.next();
            }
            let dup = seen.iter().find(|(x, _)| *x == w && w != Word::Draw).map(|(_, l)| lines[*l].no);
            let r = if let Some(first) = dup {
                Err(no(msg!("stellar-refused-given-twice", line = first)))
            } else {
                one(s, me, mover, *word, &mut c, &mut orders)
            };
            verdicts[*i] = Some(match r {
                Ok(((fr, en), notes)) => {
                    seen.push((w, *i));
                    LineVerdict::accepted_bilingual(line, fr, en, notes)
                }
                Err((why, sugg)) => LineVerdict::rejected(line, why, sugg),
            });
        }
    }
    finish(lines, verdicts, orders)
}

fn finish(lines: &[OrderLine], verdicts: Vec<Option<LineVerdict>>, orders: Orders) -> ParsedOrders<Orders> {
    let verdicts = verdicts
        .into_iter()
        .zip(lines)
        .map(|(v, l)| v.unwrap_or_else(|| LineVerdict::rejected(l, msg!("stellar-refused-unread"), None)))
        .collect();
    ParsedOrders { orders, verdicts }
}

/// An accepted line's echo: its canonical spelling with the French and with
/// the English keywords, and the referee's notes (where the cards go, the
/// slots allowed).
type Echo = ((String, String), Vec<Msg>);

fn one(s: &StellarState, me: usize, mover: bool, w: Word, c: &mut Cursor, o: &mut Orders) -> Result<Echo, Refused> {
    let turn_word = matches!(w, Word::Refresh | Word::Take | Word::Play | Word::Coordinate | Word::Draw);
    match (w, s.phase) {
        (Word::Start, Phase::Start) => {}
        (Word::Start, _) => return Err(no(msg!("stellar-refused-start-only"))),
        (Word::Final, Phase::Final) => {}
        (Word::Final, _) => return Err(no(msg!("stellar-refused-final-only"))),
        (_, Phase::Play) if turn_word && !mover => return Err(no(msg!("stellar-refused-not-your-turn"))),
        (_, Phase::Play) => {}
        _ => return Err(no(msg!("stellar-refused-wrong-step"))),
    }
    let seat = &s.seats[me];
    if o.refresh && turn_word && w != Word::Refresh {
        return Err(no(msg!("stellar-s12-refreshing")));
    }
    match w {
        Word::Start => {
            let lettered = s.starting_letters(me);
            let card = start_ref(c, &lettered, s)?;
            c.eat_keyword(TELESCOPE);
            end(c)?;
            o.start = Some(card);
            let other = lettered.iter().find(|(_, id)| *id != card).map(|(_, id)| s.card(*id).name()).unwrap_or_default();
            Ok((both(|en| format!("{} {} TELESCOPE", kw(en, "DEPART", "START"), s.card(card).name())), vec![msg!("stellar-note-start-slot-1"), msg!("stellar-note-to-notebook", card = other)]))
        }
        Word::Final => {
            let hand = s.hand_letters(me);
            let card = card_ref(c, &hand, s)?;
            c.eat_keyword(NOTEBOOK);
            end(c)?;
            o.final_card = Some(card);
            Ok((both(|en| format!("{} {}", kw(en, "FINALE", "FINAL"), s.card(card).name())), vec![msg!("stellar-note-final")]))
        }
        Word::Refresh => {
            end(c)?;
            if !s.refresh_allowed {
                return Err(no(msg!("stellar-refused-refresh-not-allowed")));
            }
            if o.take.is_some() {
                return Err(no(msg!("stellar-refused-refresh-after-take")));
            }
            o.refresh = true;
            Ok((both(|en| kw(en, "RAFRAICHIR", "REFRESH").into()), vec![msg!("stellar-note-refresh")]))
        }
        Word::Take => {
            let pos = take_ref(c, s)?;
            let Some(card) = s.row[pos - 1] else { return Err(no(msg!("stellar-refused-row-empty", position = pos))) };
            o.take = Some(pos);
            Ok((both(|en| format!("{} {pos} {}", kw(en, "PRENDRE", "TAKE"), s.card(card).name())), vec![msg!("stellar-note-take", card = s.card(card).name())]))
        }
        Word::Play => {
            let mut cards = s.hand_letters(me);
            if let Some(p) = o.take {
                if let Some(id) = s.row[p - 1] {
                    cards.push(('C', id));
                }
            }
            let card = card_ref(c, &cards, s)?;
            let z = zone(c)?;
            end(c)?;
            let canon = both(|en| format!("{} {} {}", kw(en, "JOUER", "PLAY"), s.card(card).name(), zone_text(&z, en)));
            let mut notes = Vec::new();
            if let Zone::Telescope { slot, face_up } = z {
                let legal = check_slot(s, me, card, slot, face_up)?;
                notes.push(msg!("stellar-note-face-up", slots = slots(&legal)));
            }
            let position = step2_position(s, card, z).unwrap_or(0);
            notes.push(match o.take {
                Some(take) => match step3_card(s, take, (card, z)) {
                    Some(row) if z == Zone::Notebook => msg!(
                        "stellar-note-step-3-telescope",
                        card = s.card(row).name(),
                        position = position,
                        slots = slots(&s.legal_face_up(me, row))
                    ),
                    Some(row) => msg!("stellar-note-step-3-notebook", card = s.card(row).name(), position = position),
                    None => msg!("stellar-note-step-3-blind", zone = if z == Zone::Notebook { "telescope" } else { "notebook" }),
                },
                None => msg!("stellar-note-step-3-after-take"),
            });
            o.play = Some((card, z));
            Ok((canon, notes))
        }
        Word::Coordinate => {
            let z = zone(c)?;
            end(c)?;
            let (Some(take), Some((played, pz))) = (o.take, o.play) else {
                return Err(no(msg!("stellar-refused-coordinate-first")));
            };
            let Some(row) = step3_card(s, take, (played, pz)) else {
                return Err(no(msg!("stellar-refused-coordinate-blind")));
            };
            match (pz, z) {
                (Zone::Notebook, Zone::Telescope { slot, face_up }) => {
                    let legal = check_slot(s, me, row, slot, face_up)?;
                    o.coordinate = Some(z);
                    Ok((both(|en| format!("{} {}", kw(en, "COORDONNEE", "COORDINATE"), zone_text(&z, en))), vec![msg!("stellar-note-card", card = s.card(row).name()), msg!("stellar-note-face-up", slots = slots(&legal))]))
                }
                (Zone::Telescope { .. }, Zone::Notebook) => Ok((both(|en| format!("{} {}", kw(en, "COORDONNEE", "COORDINATE"), zone_text(&z, en))), vec![msg!("stellar-note-card", card = s.card(row).name())])),
                (Zone::Telescope { .. }, _) => Err(no(msg!("stellar-refused-coordinate-notebook"))),
                (Zone::Notebook, _) => Err(no(msg!("stellar-refused-coordinate-telescope"))),
            }
        }
        Word::Draw => {
            let (Some(take), Some((played, pz))) = (o.take, o.play) else {
                return Err(no(msg!("stellar-refused-draw-first")));
            };
            if step3_card(s, take, (played, pz)).is_some() {
                return Err(no(msg!("stellar-refused-draw-known")));
            }
            if pz != Zone::Notebook {
                return Err(no(msg!("stellar-refused-draw-notebook")));
            }
            if c.eat_keyword(ELSE).is_some() {
                let (slot, face_up) = slot_and_face(c)?;
                end(c)?;
                if o.draw_else.is_some() {
                    return Err(no(msg!("stellar-refused-else-twice")));
                }
                if seat.telescope.contains_key(&slot) {
                    return Err(no(msg!("stellar-refused-slot-taken", slot = slot, free = slots(&s.free_slots(me)))));
                }
                o.draw_else = Some((slot, face_up));
                return Ok(if face_up {
                    (both(|en| format!("{} {slot}", kw(en, "PIOCHE SINON", "DRAW ELSE"))), vec![msg!("stellar-note-else-face-up")])
                } else {
                    (both(|en| format!("{} {slot} {}", kw(en, "PIOCHE SINON", "DRAW ELSE"), kw(en, "CACHEE", "FACEDOWN"))), vec![msg!("stellar-note-else-face-down")])
                });
            }
            let Some(t) = c.next() else { return Err(no(msg!("stellar-refused-draw-kind-missing"))) };
            let kind = if t.key() == "SATELLITE" {
                None
            } else if let Some(k) = Kind::from_word(&t.text).or_else(|| {
                // `TROU NOIR` in two words.
                let two = format!("{} {}", t.text, c.peek().map(|n| n.text.as_str()).unwrap_or(""));
                Kind::from_word(&two).inspect(|_| {
                    c.next();
                })
            }) {
                Some(k)
            } else {
                return Err((msg!("stellar-refused-unknown-kind", written = t.text.as_str()), text::suggest(&t.text, kind_words())));
            };
            let (slot, face_up) = slot_and_face(c)?;
            end(c)?;
            if o.draws.iter().any(|d| d.kind == kind) {
                return Err(no(msg!("stellar-refused-draw-kind-twice")));
            }
            if seat.telescope.contains_key(&slot) {
                return Err(no(msg!("stellar-refused-slot-taken", slot = slot, free = slots(&s.free_slots(me)))));
            }
            let legal = legal_for_kind(s, me, kind);
            if face_up && !legal.contains(&slot) {
                return Err(no(msg!("stellar-refused-kind-not-face-up", slot = slot, legal = slots(&legal))));
            }
            o.draws.push(DrawRule { kind, slot, face_up });
            let canon = both(|en| {
                let word = kind.map_or("SATELLITE", |k| if en { k.word_en() } else { k.word() });
                format!("{} {word} {slot}{}", kw(en, "PIOCHE", "DRAW"), if face_up { "" } else { kw(en, " CACHEE", " FACEDOWN") })
            });
            Ok((canon, vec![msg!("stellar-note-face-up-for-kind", slots = slots(&legal))]))
        }
    }
}

/// One sample of every refusal this file can give, for the catalogue check
/// (`tests/messages.rs`): a refusal added above without its sample here
/// leaves its message unused, and the check fails.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("stellar-note-start-slot-1"),
        msg!("stellar-note-to-notebook", card = "PLANETE-3"),
        msg!("stellar-note-final"),
        msg!("stellar-note-refresh"),
        msg!("stellar-note-take", card = "PLANETE-3"),
        msg!("stellar-note-card", card = "NUAGE-1"),
        msg!("stellar-note-face-up", slots = slots(&[2, 4])),
        msg!("stellar-note-face-up-for-kind", slots = slots(&[])),
        msg!("stellar-note-step-3-telescope", card = "ASTEROIDE-4", position = 1, slots = slots(&[2, 4])),
        msg!("stellar-note-step-3-notebook", card = "ASTEROIDE-4", position = 1),
        msg!("stellar-note-step-3-blind", zone = "telescope"),
        msg!("stellar-note-step-3-blind", zone = "notebook"),
        msg!("stellar-note-step-3-after-take"),
        msg!("stellar-note-else-face-up"),
        msg!("stellar-note-else-face-down"),
        msg!("stellar-refused-card-missing"),
        msg!("stellar-refused-no-such-letter", letter = "D", letters = "A, B"),
        msg!("stellar-refused-unknown-card", written = "LUNE"),
        msg!("stellar-refused-unknown-card-kind", written = "COMETE"),
        msg!("stellar-refused-ambiguous-card", card = "LUNE-4", letters = or_list(&["A".into(), "B".into(), "C".into()])),
        msg!("stellar-refused-no-such-card", card = "LUNE-4"),
        msg!("stellar-refused-zone-missing"),
        msg!("stellar-refused-slot-missing"),
        msg!("stellar-refused-trailing", written = "VITE"),
        msg!("stellar-refused-slot-taken", slot = 3, free = slots(&[1, 2])),
        msg!("stellar-refused-slot-taken", slot = 3, free = slots(&[])),
        msg!("stellar-refused-not-face-up", card = "LUNE-4", slot = 5, legal = slots(&[2])),
        msg!("stellar-refused-unknown-order", written = "BONJOUR"),
        msg!("stellar-refused-not-a-player"),
        msg!("stellar-refused-not-started"),
        msg!("stellar-refused-over"),
        msg!("stellar-refused-given-twice", line = 2),
        msg!("stellar-refused-unread"),
        msg!("stellar-refused-start-only"),
        msg!("stellar-refused-final-only"),
        msg!("stellar-refused-not-your-turn"),
        msg!("stellar-refused-wrong-step"),
        msg!("stellar-s12-refreshing"),
        msg!("stellar-refused-refresh-not-allowed"),
        msg!("stellar-refused-refresh-after-take"),
        msg!("stellar-refused-row-position"),
        msg!("stellar-refused-row-empty", position = 2),
        msg!("stellar-refused-take-changed", position = 3, card = "LUNE-4", there = "NUAGE-1"),
        msg!("stellar-refused-not-in-row", card = "LUNE-4"),
        msg!("stellar-refused-take-ambiguous", card = "LUNE-4", positions = "1, 3"),
        msg!("stellar-refused-coordinate-first"),
        msg!("stellar-refused-coordinate-blind"),
        msg!("stellar-refused-coordinate-notebook"),
        msg!("stellar-refused-coordinate-telescope"),
        msg!("stellar-refused-draw-first"),
        msg!("stellar-refused-draw-known"),
        msg!("stellar-refused-draw-notebook"),
        msg!("stellar-refused-else-twice"),
        msg!("stellar-refused-draw-kind-missing"),
        msg!("stellar-refused-unknown-kind", written = "COMETE"),
        msg!("stellar-refused-draw-kind-twice"),
        msg!("stellar-refused-kind-not-face-up", slot = 4, legal = slots(&[1, 2])),
    ]
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::dice::Dice;
    use crate::game::{FamilyInput, LineOutcome, OrderStatus, Ruleset};
    use crate::games::stellar::Stellar;

    /// A game after the deal and the starting choice: the first player to move.
    fn started() -> StellarState {
        let mut s = Stellar::new_game(&toml::Table::new(), 9).unwrap();
        Stellar::register(&mut s, &"A".to_string(), "Anne").unwrap();
        Stellar::register(&mut s, &"B".to_string(), "Bert").unwrap();
        for n in 0..2 {
            let mut dice = Dice::for_turn(9, n);
            let inputs: BTreeMap<_, _> = ["A", "B"].iter().map(|k| (k.to_string(), FamilyInput::new(OrderStatus::Or, Orders::default(), None))).collect();
            s = Stellar::adjudicate(&s, &inputs, &mut dice).state;
        }
        assert_eq!(s.phase, Phase::Play);
        s
    }

    fn lines(texts: &[&str]) -> Vec<OrderLine> {
        texts.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect()
    }

    fn verdicts(s: &StellarState, who: &str, texts: &[&str]) -> (Orders, Vec<bool>) {
        let p = parse(s, &who.to_string(), &lines(texts));
        (p.orders, p.verdicts.iter().map(LineVerdict::is_accepted).collect())
    }

    #[test]
    fn etape_1_2_english_words_card_names_and_c_for_the_card_taken() {
        let s = started();
        let me = s.mover();
        let who = s.seats[me].key.clone();
        let took = s.row[0].unwrap();
        let (o, ok) = verdicts(&s, &who, &["take 1", "Play C notebook"]);
        assert_eq!(ok, vec![true, true]);
        assert_eq!(o.take, Some(1));
        assert_eq!(o.play, Some((took, Zone::Notebook)));
        // The same card by name, in two words, accents and case ignored.
        let name = s.card(took).name();
        let (kind, num) = name.rsplit_once('-').unwrap();
        let spaced = format!("jouer {} {} carnet", kind.to_lowercase(), num);
        let (o2, ok2) = verdicts(&s, &who, &["PRENDRE 1", &spaced]);
        assert_eq!(ok2, vec![true, true], "{spaced}");
        assert_eq!(o2.play.map(|p| s.card(p.0).name()), Some(name));
    }

    #[test]
    fn deroulement_du_tour_only_the_player_to_move_and_once_per_line_kind() {
        let s = started();
        let other = s.seats[1 - s.mover()].key.clone();
        let (_, ok) = verdicts(&s, &other, &["PRENDRE 1"]);
        assert_eq!(ok, vec![false]);
        let who = s.seats[s.mover()].key.clone();
        let (o, ok) = verdicts(&s, &who, &["PRENDRE 1", "PRENDRE 2", "JOUER Z CARNET", "DEPART A", "FINALE A", "BONJOUR"]);
        assert_eq!(ok, vec![true, false, false, false, false, false]);
        assert_eq!(o.take, Some(1));
        let p = parse(&s, &"NOBODY".to_string(), &lines(&["PRENDRE 1"]));
        assert!(!p.verdicts[0].is_accepted());
    }

    /// orders.md §1 (issue 26): an accepted line is echoed with the reader's
    /// keywords, whichever language it was written in.
    #[test]
    fn an_accepted_line_is_echoed_in_the_readers_keywords() {
        let s = started();
        let me = s.mover();
        let who = s.seats[me].key.clone();
        let (letter, _) = s.hand_letters(me)[0];
        let plain = |v: &LineVerdict, lang| v.outcome.echo(lang).map(|e| e.split(" # ").next().unwrap_or_default().to_string());
        let mut english_echo = Vec::new();
        for written in [["PRENDRE 1".to_string(), format!("JOUER {letter} CARNET")], ["take 1".to_string(), format!("play {letter} notebook")]] {
            let p = parse(&s, &who, &lines(&[&written[0], &written[1]]));
            let fr: Vec<String> = p.verdicts.iter().map(|v| plain(v, crate::i18n::Lang::Fr).unwrap_or_else(|| panic!("{v:?}"))).collect();
            let en: Vec<String> = p.verdicts.iter().map(|v| plain(v, crate::i18n::Lang::En).unwrap_or_else(|| panic!("{v:?}"))).collect();
            assert!(fr[0].starts_with("PRENDRE 1 ") && fr[1].starts_with("JOUER ") && fr[1].ends_with(" CARNET"), "{written:?}: {fr:?}");
            assert!(en[0].starts_with("TAKE 1 ") && en[1].starts_with("PLAY ") && en[1].ends_with(" NOTEBOOK"), "{written:?}: {en:?}");
            english_echo = en;
        }
        // The English echo of PRENDRE reads back as the same order (JOUER's
        // names its card, which two hand cards may share: see the form).
        let french = parse(&s, &who, &lines(&["PRENDRE 1"]));
        let echoed = parse(&s, &who, &lines(&[&english_echo[0]]));
        assert!(echoed.verdicts[0].is_accepted(), "{:?}", echoed.verdicts);
        assert_eq!(echoed.orders, french.orders);
    }

    /// Issue 26: a misspelt card type, in a card's name or in a blind draw's
    /// PIOCHE, gets the nearest word of either language (LUNE for a French
    /// writer, MOON for an English one), not only the French one.
    #[test]
    fn etape_3_a_mistyped_card_type_is_suggested_in_its_writers_language() {
        let s = started();
        let me = s.mover();
        let who = s.seats[me].key.clone();
        let (letter, card) = s.hand_letters(me).into_iter().find(|(_, c)| s.card(*c).number.row_position().is_some()).expect("seed 9 deals a numbered hand card");
        let pos = s.card(card).number.row_position().unwrap();
        let blind = [format!("PRENDRE {pos}"), format!("JOUER {letter} CARNET")];
        let suggestion = |line: &str| {
            let p = parse(&s, &who, &lines(&[&blind[0], &blind[1], line]));
            assert!(p.verdicts[1].is_accepted(), "{:?}", p.verdicts[1]);
            match &p.verdicts[2].outcome {
                LineOutcome::Rejected { suggestion, .. } => suggestion.clone(),
                o => panic!("{line}: {o:?}"),
            }
        };
        assert_eq!(suggestion("PIOCHE LUEN 3").as_deref(), Some("LUNE"));
        assert_eq!(suggestion("DRAW MON 3").as_deref(), Some("MOON"));
        assert_eq!(suggestion("DRAW CLOUDD 3").as_deref(), Some("CLOUD"));
        let card = |line: &str| match &parse(&s, &who, &lines(&[line])).verdicts[0].outcome {
            LineOutcome::Rejected { suggestion, .. } => suggestion.clone(),
            o => panic!("{line}: {o:?}"),
        };
        assert_eq!(card("PLAY MOOM-3 NOTEBOOK").as_deref(), Some("MOON-3"));
        assert_eq!(card("JOUER LUME-3 CARNET").as_deref(), Some("LUNE-3"));
    }

    #[test]
    fn etape_3_the_acknowledgement_says_when_step_3_is_a_blind_draw() {
        let s = started();
        let me = s.mover();
        let who = s.seats[me].key.clone();
        // A hand card with a row position: take that very position.
        let (letter, card) = s.hand_letters(me).into_iter().find(|(_, c)| s.card(*c).number.row_position().is_some()).expect("seed 9 deals a numbered hand card");
        let pos = s.card(card).number.row_position().unwrap();
        let p = parse(&s, &who, &lines(&[&format!("PRENDRE {pos}"), &format!("JOUER {letter} CARNET")]));
        let echo = p.verdicts[1].outcome.echo(crate::i18n::Lang::Fr).unwrap_or_else(|| panic!("{:?}", p.verdicts[1]));
        assert!(echo.contains("pioche à l'aveugle, au télescope"), "{echo}");
    }
}
