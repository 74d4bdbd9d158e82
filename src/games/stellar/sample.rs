//! The default policy (S4, S9, S19) and the simulated player of `arbitre
//! demo`: a greedy player on the provisional score (own total minus the
//! opponent's), which sometimes plays another legal move so that demos see
//! blind draws and refreshes.
//!
//! The default policy uses only what the player to move knows (their hand,
//! the row, both tables); a blind draw is valued without its card.

use crate::dice::Dice;

use super::components::{CardId, Kind, Section};
use super::model::{Chosen, Phase, StellarState, Zone};
use super::orders::{step3_card, Orders};
use super::scoring;
use super::turn::{default_slot, place};

/// S4: the starting card with more stars goes to slot 1 (tie: the lower type
/// in the booklet's order, then the lower card).
pub fn default_start(s: &StellarState, seat: usize) -> CardId {
    let mut cards: Vec<CardId> = s.seats[seat].starting.iter().copied().collect();
    cards.sort_by_key(|id| (std::cmp::Reverse(s.card(*id).stars), s.card(*id).kind.map_or(5, Kind::index), *id));
    cards.first().copied().unwrap_or(0)
}

/// "Fin de la partie", default: the hand card that gives the higher final total.
pub fn default_final(s: &StellarState, seat: usize) -> CardId {
    let mut best: Option<(i64, CardId)> = None;
    for &c in &s.seats[seat].hand {
        let mut t = s.clone();
        t.seats[seat].hand.remove(&c);
        t.seats[seat].notebook.insert(c);
        let v = value(&t, seat);
        if best.is_none_or(|b| v > b.0) {
            best = Some((v, c));
        }
    }
    best.map_or(0, |b| b.1)
}

/// Own provisional total minus the opponent's.
fn value(s: &StellarState, seat: usize) -> i64 {
    let sh = scoring::sheets(s);
    let mine = sh.get(seat).map_or(0, |x| x.total) as i64;
    let theirs = sh.get(1 - seat.min(1)).map_or(0, |x| x.total) as i64;
    mine - theirs
}

/// The telescope placements the referee weighs for `card`: each legal
/// face-up slot in slot order, then face down on the first free slot of
/// each section (the sections are what a face-down card changes).
fn placements(s: &StellarState, me: usize, card: CardId) -> Vec<Zone> {
    let mut v: Vec<Zone> = s.legal_face_up(me, card).into_iter().map(|slot| Zone::Telescope { slot, face_up: true }).collect();
    let free = s.free_slots(me);
    for sec in Section::ALL {
        if let Some(&slot) = free.iter().find(|f| s.components.section_of(**f) == sec) {
            v.push(Zone::Telescope { slot, face_up: false });
        }
    }
    v
}

/// S9: where the referee puts a known step-3 card in the telescope when the
/// player said nothing: the placement with the best provisional value for
/// that player (first of the best: face up before face down, lower slot
/// first); never face up where the adjacency rule forbids it.
pub fn best_slot(s: &StellarState, me: usize, card: CardId) -> Zone {
    let mut best: Option<(i64, Zone)> = None;
    for z in placements(s, me, card) {
        let mut t = s.clone();
        place(&mut t, me, card, z);
        let v = value(&t, me);
        if best.is_none_or(|b| v > b.0) {
            best = Some((v, z));
        }
    }
    best.map_or_else(|| default_slot(s, me, card), |b| b.1)
}

/// The position after steps 1 and 2 of a move.
fn after_step2(s: &StellarState, me: usize, take: usize, took: CardId, (card, zone): (CardId, Zone)) -> StellarState {
    let mut t = s.clone();
    t.row[take - 1] = None;
    t.seats[me].hand.insert(took);
    t.seats[me].hand.remove(&card);
    place(&mut t, me, card, zone);
    t
}

/// Every complete move (take, play, step-3 telescope slot) for the player
/// to move, each with its value.
fn moves(s: &StellarState, me: usize, fixed_take: Option<usize>, fixed_play: Option<(CardId, Zone)>) -> Vec<(i64, Orders)> {
    let mut out = Vec::new();
    let takes: Vec<usize> = match fixed_take {
        Some(t) => vec![t],
        None => (1..=5).filter(|p| s.row[p - 1].is_some()).collect(),
    };
    for take in takes {
        let Some(took) = s.row[take - 1] else { continue };
        let mut hand: Vec<CardId> = s.seats[me].hand.iter().copied().collect();
        hand.push(took);
        let mut plays: Vec<(CardId, Zone)> = Vec::new();
        match fixed_play {
            Some(p) => plays.push(p),
            None => {
                for &c in &hand {
                    plays.push((c, Zone::Notebook));
                    plays.extend(placements(s, me, c).into_iter().map(|z| (c, z)));
                }
            }
        }
        for (card, zone) in plays {
            let t = after_step2(s, me, take, took, (card, zone));
            let o = Orders { take: Some(take), play: Some((card, zone)), ..Default::default() };
            match (step3_card(s, take, (card, zone)), zone) {
                (Some(c3), Zone::Notebook) => {
                    let mut zones = placements(&t, me, c3);
                    if zones.is_empty() {
                        zones.push(default_slot(&t, me, c3));
                    }
                    for z in zones {
                        let mut u = t.clone();
                        place(&mut u, me, c3, z);
                        out.push((value(&u, me), Orders { coordinate: Some(z), ..o.clone() }));
                    }
                }
                (Some(c3), _) => {
                    let mut u = t.clone();
                    place(&mut u, me, c3, Zone::Notebook);
                    out.push((value(&u, me), o));
                }
                // A blind draw: valued without its card.
                (None, _) => out.push((value(&t, me), o)),
            }
        }
    }
    out
}

/// The best move (first of the best in enumeration order).
fn best(s: &StellarState, me: usize, take: Option<usize>, play: Option<(CardId, Zone)>) -> Option<Orders> {
    let mut best: Option<(i64, Orders)> = None;
    for (v, o) in moves(s, me, take, play) {
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, o));
        }
    }
    best.map(|b| b.1)
}

/// Completes a player's orders for the step open (S19): what was given and
/// is still legal stays (an accepted line is never replaced); the rest comes
/// from the greedy policy. Marks the orders `defaulted` when anything was
/// added, and which parts in `chosen`.
pub fn complete(s: &StellarState, me: usize, given: Orders, _dice: &mut Dice) -> Orders {
    let take = given.take.filter(|p| (1..=5).contains(p) && s.row[p - 1].is_some());
    let play = given.play.filter(|(c, z)| {
        let in_hand = s.seats[me].hand.contains(c) || take.is_some_and(|t| s.row[t - 1] == Some(*c));
        let zone_ok = match z {
            Zone::Notebook => true,
            Zone::Telescope { slot, face_up } => !s.seats[me].telescope.contains_key(slot) && (!face_up || s.legal_face_up(me, *c).contains(slot)),
        };
        in_hand && zone_ok
    });
    let mut o = given.clone();
    o.refresh = false;
    if take.is_none() || play.is_none() {
        let Some(b) = best(s, me, take, play) else { return o };
        o.chosen = Chosen { take: take.is_none(), play: play.is_none(), coordinate: b.coordinate.is_some() };
        o.take = b.take;
        o.play = b.play;
        o.coordinate = b.coordinate;
        o.draws.clear();
        o.draw_else = None;
        o.defaulted = true;
        return o;
    }
    let (Some(t), Some((card, zone))) = (take, play) else { return o };
    if zone == Zone::Notebook {
        if let Some(c3) = step3_card(s, t, (card, zone)) {
            let ok = matches!(o.coordinate, Some(Zone::Telescope { slot, face_up }) if !s.seats[me].telescope.contains_key(&slot) && (!face_up || s.legal_face_up(me, c3).contains(&slot)));
            if !ok {
                let after = after_step2(s, me, t, s.row[t - 1].unwrap_or(card), (card, zone));
                o.coordinate = Some(best_slot(&after, me, c3));
                o.defaulted = true;
                o.chosen.coordinate = true;
            }
        }
    }
    o
}

/// The default orders of a seat that owes something in this step.
pub fn default_for(s: &StellarState, me: usize, given: Orders, dice: &mut Dice) -> Orders {
    let mut o = given;
    match s.phase {
        Phase::Start if o.start.is_none() => {
            o.start = Some(default_start(s, me));
            o.defaulted = true;
        }
        Phase::Final if o.final_card.is_none() => {
            o.final_card = Some(default_final(s, me));
            o.defaulted = true;
        }
        Phase::Play if s.mover() == me && !o.refresh => o = complete(s, me, o, dice),
        _ => {}
    }
    o
}

/// A simulated player's orders: refreshes whenever allowed, plays the greedy
/// move five times in six and a random legal move otherwise.
pub fn sample(s: &StellarState, me: usize, dice: &mut Dice) -> Orders {
    match s.phase {
        Phase::Play if s.mover() == me => {
            if s.refresh_allowed {
                return Orders { refresh: true, ..Default::default() };
            }
            if dice.chance_in_6(1, "demo", "coup au hasard") {
                let all = moves(s, me, None, None);
                if let Some(i) = dice.pick_index(all.len(), "demo", "coup choisi") {
                    return all[i].1.clone();
                }
            }
            best(s, me, None, None).unwrap_or_default()
        }
        _ => {
            let mut o = default_for(s, me, Orders::default(), dice);
            o.defaulted = false;
            o
        }
    }
}

/// Orders as the lines a player writes (canonical French).
pub fn lines(s: &StellarState, me: usize, o: &Orders) -> Vec<String> {
    lines_in(s, me, o, false)
}

/// The order lines of `o`, with the English keywords if `en` (the French
/// ones otherwise): what an English player's form prints (orders.md §1).
pub fn lines_in(s: &StellarState, me: usize, o: &Orders, en: bool) -> Vec<String> {
    let w = |fr: &'static str, english: &'static str| if en { english } else { fr };
    let mut v = Vec::new();
    let zone = |z: &Zone| match z {
        Zone::Notebook => w("CARNET", "NOTEBOOK").to_string(),
        Zone::Telescope { slot, face_up } => format!("TELESCOPE {slot}{}", if *face_up { "" } else { w(" CACHEE", " FACEDOWN") }),
    };
    let letter = |c: CardId, cards: &[(char, CardId)]| cards.iter().find(|(_, id)| *id == c).map_or('C', |(l, _)| *l);
    // A hand card by its name, which still means the same card in an order
    // written in advance (S23); by its letter when the name is ambiguous.
    let by_name = |c: CardId, cards: &[(char, CardId)]| {
        let name = s.card(c).name();
        let ambiguous = cards.iter().any(|(_, id)| s.card(*id).name() == name && s.card(*id).stars != s.card(c).stars);
        if ambiguous { letter(c, cards).to_string() } else { name }
    };
    if let Some(c) = o.start {
        v.push(format!("{} {} TELESCOPE", w("DEPART", "START"), letter(c, &s.starting_letters(me))));
    }
    let hand = s.hand_letters(me);
    if let Some(c) = o.final_card {
        v.push(format!("{} {}", w("FINALE", "FINAL"), letter(c, &hand)));
    }
    if o.refresh {
        v.push(w("RAFRAICHIR", "REFRESH").into());
    }
    if let Some(t) = o.take {
        v.push(match s.row[t - 1] {
            Some(c) => format!("{} {t} {}", w("PRENDRE", "TAKE"), s.card(c).name()),
            None => format!("{} {t}", w("PRENDRE", "TAKE")),
        });
    }
    if let Some((c, z)) = &o.play {
        let mut cards = hand.clone();
        if let Some(took) = o.take.and_then(|t| s.row[t - 1]) {
            cards.push(('C', took));
        }
        v.push(format!("{} {} {}", w("JOUER", "PLAY"), by_name(*c, &cards), zone(z)));
        // A blind draw into the telescope: one line per type, then a fallback.
        if let (Some(t), Zone::Notebook) = (o.take, z) {
            if step3_card(s, t, (*c, *z)).is_none() {
                let mut kinds: Vec<Option<Kind>> = Kind::ALL.iter().map(|k| Some(*k)).collect();
                kinds.push(None);
                for k in kinds {
                    if let Some(&slot) = super::orders::legal_for_kind(s, me, k).first() {
                        v.push(format!("{} {} {slot}", w("PIOCHE", "DRAW"), k.map_or("SATELLITE", |k| if en { k.word_en() } else { k.word() })));
                    }
                }
                if let Some(&slot) = s.free_slots(me).first() {
                    v.push(format!("{} {slot} {}", w("PIOCHE SINON", "DRAW ELSE"), w("CACHEE", "FACEDOWN")));
                }
            }
        }
    }
    if let Some(z) = &o.coordinate {
        v.push(format!("{} {}", w("COORDONNEE", "COORDINATE"), zone(z)));
    }
    v
}
