//! Phase 27: the Supreme Assembly (27): the High Court's vacancies
//! (27.2), the promotions in the pyramids (27.3), the governors (27.4).
//!
//! The election code is public so that the foundation (turn 0, "Début de
//! partie") can share it: [`elect_judges`], [`fill_pyramids`] with
//! `initial = true` (seats filled by prestige, the oldest first on a tie,
//! then by lot; no promotion PP), [`elect_governors`], with candidacies
//! resolved to ids (see [`candidacies`]). (`turn0.rs` currently fills the
//! first pyramids with its own equivalent code.)

use std::collections::BTreeSet;

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{seat_level, CharacterId, Pyramid, Seat, HEAD, JUDGE_SEATS};
use super::super::orders::{CandidateRef, Office};
use super::TurnCtx;

/// 27.3.5: PP of reaching a level (3 councillor, 2 heir, 1 head).
pub fn level_pp(level: u8) -> i64 {
    match level {
        1 => 10,
        2 => 5,
        3 => 3,
        _ => 0,
    }
}

/// 27.3.5: PP of a promotion from level `from` (4 = outside the pyramid) to
/// level `to`: the sum of the posts passed ("Stéroïd Matuvu" was councillor
/// (3) and is made Emperor (1): 5 + 10 = 15 PP).
pub fn promotion_pp(from: u8, to: u8) -> i64 {
    (to..from).map(level_pp).sum()
}

/// PP of a judge's election (27.2.7) and of each later turn (22.8).
pub const JUDGE_ELECTION_PP: i64 = 6;
pub const JUDGE_TURN_PP: i64 = 4;
/// PP of a governor's election (27.4.5).
pub const GOVERNOR_ELECTION_PP: i64 = 3;
/// Minimum PP of a candidate to the High Court (27.2.2).
pub const JUDGE_MIN_PP: i64 = 10;

/// The candidacies of this turn's orders, resolved to ids: judges, and
/// (candidate, planet key) for governors; in family order, then line order.
pub fn candidacies(ctx: &TurnCtx) -> (Vec<CharacterId>, Vec<(CharacterId, String)>) {
    let mut judges = Vec::new();
    let mut governors = Vec::new();
    for input in ctx.inputs.values() {
        for c in &input.orders.candidacies {
            let CandidateRef::Character(id) = c.who else { continue };
            match &c.office {
                Office::Judge => judges.push(id),
                Office::Governor(planet) => governors.push((id, planet.clone())),
            }
        }
    }
    (judges, governors)
}

/// Whether `c` may hold an office at the Assembly: alive, free (27.3.3), not of a PNJ family (0.4).
fn fit(ctx: &TurnCtx, c: CharacterId) -> bool {
    ctx.character(c).is_some_and(|ch| ch.is_free() && ctx.status(&ch.family) != OrderStatus::Pnj)
}

/// Ranks candidates: `or_first` puts the families that gave their orders
/// first (27.3.1); then the most PP, then the oldest (turn 0's rule), then
/// by lot among exact ties.
pub fn rank(ctx: &TurnCtx, dice: &mut Dice, mut cands: Vec<CharacterId>, or_first: bool, rule: &str, what: &str) -> Vec<CharacterId> {
    cands.sort();
    cands.dedup();
    let first_year = ctx.state.first_year();
    let key = |c: &CharacterId| {
        let ch = ctx.character(*c);
        let or = ch.is_some_and(|x| ctx.status(&x.family) == OrderStatus::Or);
        let pp = ch.map(|x| x.pp).unwrap_or(i64::MIN);
        let age = ch.map(|x| x.age_in(first_year)).unwrap_or(i32::MIN);
        (or_first && !or, std::cmp::Reverse(pp), std::cmp::Reverse(age))
    };
    cands.sort_by_key(key);
    // Exact ties: by lot.
    let mut out = Vec::with_capacity(cands.len());
    let mut i = 0;
    while i < cands.len() {
        let mut j = i + 1;
        while j < cands.len() && key(&cands[j]) == key(&cands[i]) {
            j += 1;
        }
        let mut group = cands[i..j].to_vec();
        if group.len() > 1 {
            dice.shuffle(&mut group, rule, format!("{what}: tie broken by lot"));
        }
        out.extend(group);
        i = j;
    }
    out
}

/// 27.2.8, 27.3.3, 0.4, 2.2.5: the dead, the prisoners and the PNJ families'
/// characters leave their seats and the court; judges who resign leave the
/// court; the governors' one-turn terms end (27.4.4).
pub fn vacate(ctx: &mut TurnCtx) {
    let resigning: Vec<CharacterId> = ctx.inputs.values().flat_map(|i| i.orders.resignations.iter().copied()).collect();
    for j in resigning {
        if ctx.state.is_judge(j) && ctx.state.family_of(j).is_some() {
            ctx.state.judges.retain(|x| *x != j);
            ctx.emit(Event::JudgeResigned { who: j });
        }
    }
    // 27.2.8: death, or absence from the Assembly (a prisoner). A PNJ
    // family's judge stays (0.4 ejects its characters from the pyramids only).
    let judges = ctx.state.judges.clone();
    for j in judges {
        let gone = ctx.character(j).is_none_or(|c| !c.is_free());
        if gone {
            let reason = match ctx.character(j) {
                Some(c) if !c.is_alive() => Why::JudgeDied,
                _ => Why::JudgeAbsent,
            };
            ctx.state.judges.retain(|x| *x != j);
            ctx.emit(Event::LeftCourt { who: j, reason: reason.into() });
        }
    }
    for p in Pyramid::ALL {
        let members: Vec<CharacterId> = ctx.state.pyramid(p).members().map(|(_, c)| c).collect();
        for m in members {
            let heretic_priest = p == Pyramid::Church && ctx.character(m).is_some_and(|c| c.heretic);
            if !fit(ctx, m) || heretic_priest || ctx.state.is_judge(m) {
                if let Some(seat) = ctx.state.pyramid_mut(p).remove(m) {
                    ctx.emit(Event::LeftPyramid { who: m, pyramid: p, seat, rule: "27.3.3".into() });
                }
            }
        }
    }
    for planet in ctx.state.planets.values_mut() {
        planet.governor = None;
    }
}

/// 27.2: fills the court's vacancies with the candidates of most prestige
/// (at least 10 PP). `pay`: the elected get 6 PP (27.2.7). An elected judge
/// leaves his seats and governorship (27.2.4).
pub fn elect_judges(ctx: &mut TurnCtx, dice: &mut Dice, candidates: &[CharacterId], pay: bool) {
    let vacancies = JUDGE_SEATS.saturating_sub(ctx.state.judges.len());
    if vacancies == 0 {
        return;
    }
    let eligible: Vec<CharacterId> = candidates
        .iter()
        .copied()
        .filter(|c| fit(ctx, *c) && !ctx.state.is_judge(*c))
        .filter(|c| ctx.character(*c).is_some_and(|ch| ch.pp >= JUDGE_MIN_PP))
        .collect();
    let ranked = rank(ctx, dice, eligible, false, "27.2.3", "election of the judges");
    for j in ranked.into_iter().take(vacancies) {
        ctx.leave_pyramids(j, "27.2.4");
        for planet in ctx.state.planets.values_mut() {
            if planet.governor == Some(j) {
                planet.governor = None;
            }
        }
        ctx.state.judges.push(j);
        if pay {
            ctx.add_pp(j, JUDGE_ELECTION_PP, "27.2.7", Why::JudgeElected);
        }
        let pp = ctx.character(j).map(|c| c.pp).unwrap_or(0);
        ctx.emit(Event::JudgeElected { who: j, pp });
    }
}

/// Whether `c` may enter pyramid `p` (27.3.3, 27.3.4; the Emperor holds no
/// other post; a judge none at all).
fn may_enter(ctx: &TurnCtx, c: CharacterId, p: Pyramid) -> bool {
    let Some(ch) = ctx.character(c) else { return false };
    if !fit(ctx, c) || ctx.state.is_judge(c) || ch.training.is_none() {
        return false;
    }
    if let Some(t) = p.required_training() {
        if ch.training != Some(t) {
            return false;
        }
    }
    if p == Pyramid::Church && ch.heretic {
        return false;
    }
    if p != Pyramid::Government && ctx.state.emperor() == Some(c) {
        return false;
    }
    ctx.state.pyramid(p).seat_of(c).is_none()
}

/// 27.3: fills the vacancies of every pyramid, the Government first
/// (27.3.2), from the top: a vacant seat goes to the best of the level just
/// below (or the nearest lower level with members; from outside the
/// pyramid when none), and so on down (27.3.1). `initial` (turn 0): the
/// seats are simply filled, without promotion PP.
pub fn fill_pyramids(ctx: &mut TurnCtx, dice: &mut Dice, initial: bool) {
    for p in Pyramid::ALL {
        fill_pyramid(ctx, dice, p, initial);
    }
}

fn fill_pyramid(ctx: &mut TurnCtx, dice: &mut Dice, p: Pyramid, initial: bool) {
    let mut unfillable: BTreeSet<Seat> = BTreeSet::new();
    loop {
        let seats = ctx.state.pyramid(p).seats;
        let Some(vacant) = (0..6).find(|s| seats[*s].is_none() && !unfillable.contains(s)) else { break };
        let level = seat_level(vacant);
        // The nearest lower level that has members.
        let mut from_inside: Vec<(CharacterId, Seat)> = Vec::new();
        for lower in (level + 1)..=3 {
            from_inside = (0..6).filter(|s| seat_level(*s) == lower).filter_map(|s| seats[s].map(|c| (c, s))).collect();
            if !from_inside.is_empty() {
                break;
            }
        }
        let (who, from_seat) = if !from_inside.is_empty() {
            let ranked = rank(ctx, dice, from_inside.iter().map(|(c, _)| *c).collect(), true, "27.3.1", &format!("promotion in {:?}", p));
            let who = ranked[0];
            (who, from_inside.iter().find(|(c, _)| *c == who).map(|(_, s)| *s))
        } else {
            let outsiders: Vec<CharacterId> = ctx.state.living().map(|c| c.id).filter(|c| may_enter(ctx, *c, p)).collect();
            let ranked = rank(ctx, dice, outsiders, true, "27.3.1", &format!("entry into {:?}", p));
            match ranked.first() {
                Some(w) => (*w, None),
                None => {
                    unfillable.insert(vacant);
                    continue;
                }
            }
        };
        if let Some(s) = from_seat {
            ctx.state.pyramid_mut(p).seats[s] = None;
        }
        ctx.state.pyramid_mut(p).seats[vacant] = Some(who);
        if p == Pyramid::Government && vacant == HEAD {
            // The Emperor gives up any other seat.
            for other in Pyramid::ALL.into_iter().filter(|o| *o != Pyramid::Government) {
                if let Some(seat) = ctx.state.pyramid_mut(other).remove(who) {
                    ctx.emit(Event::LeftPyramid { who, pyramid: other, seat, rule: "Gouvernement impérial".into() });
                }
            }
        }
        let pp_now = ctx.character(who).map(|c| c.pp).unwrap_or(0);
        if initial {
            ctx.emit(Event::SeatFilled { pyramid: p, seat: vacant, who, pp: pp_now });
        } else {
            let from_level = from_seat.map(seat_level).unwrap_or(4);
            let pp = promotion_pp(from_level, level);
            ctx.emit(Event::Promoted { who, pyramid: p, from: from_seat, to: vacant, pp });
            ctx.add_pp(who, pp, "27.3.5", Why::Promotion { pyramid: p });
        }
    }
}

/// 27.4: for each colony the Empire holds (the penal colony included), the
/// candidate with the most PP whose family has a trading post there and who
/// holds no other office is elected (27.4.2, 27.4.3). `pay`: 3 PP (27.4.5).
/// Ruling: one governorship per character (the first colony in name order).
pub fn elect_governors(ctx: &mut TurnCtx, dice: &mut Dice, candidates: &[(CharacterId, String)], pay: bool) {
    let colonies: Vec<String> = ctx.state.empire_colonies().map(|(k, _)| k.clone()).collect();
    let mut elected: BTreeSet<CharacterId> = BTreeSet::new();
    for planet in colonies {
        let eligible: Vec<CharacterId> = candidates
            .iter()
            .filter(|(_, p)| *p == planet)
            .map(|(c, _)| *c)
            .filter(|c| fit(ctx, *c) && !elected.contains(c) && !ctx.state.is_judge(*c) && ctx.state.posts_of(*c).is_empty())
            .filter(|c| {
                ctx.state.family_of(*c).and_then(|f| ctx.state.family(f)).is_some_and(|f| f.trading_posts.contains(&planet))
            })
            .collect();
        let ranked = rank(ctx, dice, eligible, false, "27.4.3", &format!("governor of {planet}"));
        let Some(&g) = ranked.first() else { continue };
        elected.insert(g);
        if let Some(pl) = ctx.state.planet_mut(&planet) {
            pl.governor = Some(g);
        }
        if pay {
            ctx.add_pp(g, GOVERNOR_ELECTION_PP, "27.4.5", Why::GovernorElectedOf { planet: planet.to_string() });
        }
        let pp = ctx.character(g).map(|c| c.pp).unwrap_or(0);
        ctx.emit(Event::GovernorElected { planet: planet.clone(), who: g, pp });
    }
}

/// Phase 27.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    // 7.5: the newborns' PP, from their parents' PP before the Assembly.
    super::p07_births::newborn_prestige(ctx);
    vacate(ctx);
    // 22.8, 27.2.7: the sitting judges earn 4 PP for the turn.
    let sitting = ctx.state.judges.clone();
    for j in sitting {
        ctx.add_pp(j, JUDGE_TURN_PP, "22.8", Why::SittingJudge);
    }
    let (judges, governors) = candidacies(ctx);
    elect_judges(ctx, dice, &judges, true);
    fill_pyramids(ctx, dice, false);
    elect_governors(ctx, dice, &governors, true);
}
