//! The default policy (S4, S9, S19) and the simulated player of `arbitre
//! demo`: a greedy player on the provisional score (own total minus the
//! opponent's), which sometimes plays another legal move so that demos see
//! blind draws and refreshes.
//!
//! The default policy uses only what the player to move knows (their hand,
//! the row, both tables); a blind draw is valued without its card.

use crate::dice::Dice;

use super::components::{CardId, Kind};
use super::model::{Phase, StellarState, Zone};
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
                    for slot in s.legal_face_up(me, c) {
                        plays.push((c, Zone::Telescope { slot, face_up: true }));
                    }
                    if let Some(&slot) = s.free_slots(me).first() {
                        plays.push((c, Zone::Telescope { slot, face_up: false }));
                    }
                }
            }
        }
        for (card, zone) in plays {
            let mut t = s.clone();
            t.row[take - 1] = None;
            t.seats[me].hand.insert(took);
            t.seats[me].hand.remove(&card);
            place(&mut t, me, card, zone);
            let o = Orders { take: Some(take), play: Some((card, zone)), ..Default::default() };
            match (step3_card(s, take, card), zone) {
                (Some(c3), Zone::Notebook) => {
                    let mut zones: Vec<Zone> = t.legal_face_up(me, c3).into_iter().map(|slot| Zone::Telescope { slot, face_up: true }).collect();
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
/// is still legal stays; the rest comes from the greedy policy. Marks the
/// orders `defaulted` when anything was added.
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
        let Some(b) = best(s, me, take, play.filter(|_| take.is_some())) else { return o };
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
        if let Some(c3) = step3_card(s, t, card) {
            let ok = matches!(o.coordinate, Some(Zone::Telescope { slot, face_up }) if !s.seats[me].telescope.contains_key(&slot) && (!face_up || s.legal_face_up(me, c3).contains(&slot)));
            if !ok {
                o.coordinate = Some(default_slot(s, me, c3));
                o.defaulted = true;
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
    let mut v = Vec::new();
    let zone = |z: &Zone| match z {
        Zone::Notebook => "CARNET".to_string(),
        Zone::Telescope { slot, face_up } => format!("TELESCOPE {slot}{}", if *face_up { "" } else { " CACHEE" }),
    };
    let letter = |c: CardId, cards: &[(char, CardId)]| cards.iter().find(|(_, id)| *id == c).map_or('C', |(l, _)| *l);
    if let Some(c) = o.start {
        v.push(format!("DEPART {} TELESCOPE", letter(c, &s.starting_letters(me))));
    }
    let hand = s.hand_letters(me);
    if let Some(c) = o.final_card {
        v.push(format!("FINALE {}", letter(c, &hand)));
    }
    if o.refresh {
        v.push("RAFRAICHIR".into());
    }
    if let Some(t) = o.take {
        v.push(format!("PRENDRE {t}"));
    }
    if let Some((c, z)) = &o.play {
        v.push(format!("JOUER {} {}", letter(*c, &hand), zone(z)));
        // A blind draw into the telescope: one line per type, then a fallback.
        if let (Some(t), Zone::Notebook) = (o.take, z) {
            if step3_card(s, t, *c).is_none() {
                let mut kinds: Vec<Option<Kind>> = Kind::ALL.iter().map(|k| Some(*k)).collect();
                kinds.push(None);
                for k in kinds {
                    if let Some(&slot) = super::orders::legal_for_kind(s, me, k).first() {
                        v.push(format!("PIOCHE {} {slot}", k.map_or("SATELLITE", Kind::word)));
                    }
                }
                if let Some(&slot) = s.free_slots(me).first() {
                    v.push(format!("PIOCHE SINON {slot} CACHEE"));
                }
            }
        }
    }
    if let Some(z) = &o.coordinate {
        v.push(format!("COORDONNEE {}", zone(z)));
    }
    v
}
