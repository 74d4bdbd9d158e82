//! Phase 22: trials by the High Court (22), with the scandal instigator's
//! fine (2.3.4) and the Emperor's pardon before judgement (24.2).

use crate::dice::Dice;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{CharacterId, Charge, Pyramid, Sentence, Trial, CAPITAL, PENAL_COLONY};
use super::super::orders::Vote;
use super::p12_war::free_head_orders;
use super::TurnCtx;

/// 22.4: the sentence is the mean of the proposed sentences rounded up to
/// the ten (20+10+50+50+40 = 170, 170/5 = 34 → 40 years). `None` when
/// nobody proposed one.
pub fn sentence_years(proposed: &[u32]) -> Option<u32> {
    if proposed.is_empty() {
        return None;
    }
    let sum: u32 = proposed.iter().sum();
    let n = proposed.len() as u32;
    // ⌈sum / (10 n)⌉ · 10, exactly in whole numbers.
    Some(sum.div_ceil(10 * n) * 10)
}

/// The court's decision on one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub guilty_votes: u32,
    pub innocent_votes: u32,
    /// Whose vote counted double on a tie (22.3).
    pub tie_breaker: Option<CharacterId>,
    pub guilty: bool,
    /// 22.4, when guilty.
    pub years: u32,
}

/// 22.2–22.4: counts the votes (abstentions ignored). On a tie the
/// Emperor's vote counts double; without an Emperor's vote, the vote of the
/// most prestigious judge who voted (`by_prestige` lists the voters from
/// the most prestigious). Ruling: no vote at all acquits.
pub fn decide(votes: &[(CharacterId, Vote)], emperor: Option<CharacterId>, by_prestige: &[CharacterId]) -> Decision {
    let mut guilty_votes = 0;
    let mut innocent_votes = 0;
    let mut proposed = Vec::new();
    for (_, v) in votes {
        match v {
            Vote::Guilty { years } => {
                guilty_votes += 1;
                proposed.push(*years);
            }
            Vote::Innocent { years } => {
                innocent_votes += 1;
                proposed.push(*years);
            }
            Vote::Abstain => {}
        }
    }
    let cast = |who: CharacterId| votes.iter().find(|(c, v)| *c == who && *v != Vote::Abstain).map(|(_, v)| *v);
    let mut tie_breaker = None;
    let guilty = if guilty_votes == innocent_votes {
        if guilty_votes == 0 {
            false
        } else {
            let breaker = emperor.filter(|e| cast(*e).is_some()).or_else(|| by_prestige.iter().copied().find(|j| cast(*j).is_some()));
            tie_breaker = breaker;
            matches!(breaker.and_then(cast), Some(Vote::Guilty { .. }))
        }
    } else {
        guilty_votes > innocent_votes
    };
    let years = if guilty { sentence_years(&proposed).unwrap_or(10) } else { 0 };
    Decision { guilty_votes, innocent_votes, tie_breaker, guilty, years }
}

/// The planet where sentences are served: Araknid, or Stellarium while
/// Araknid is in enemy hands (12.1).
pub fn prison_planet(ctx: &TurnCtx) -> String {
    let penal = crate::text::key(PENAL_COLONY);
    if ctx.state.planets.get(&penal).is_some_and(|p| p.held_by_empire()) {
        penal
    } else {
        crate::text::key(CAPITAL)
    }
}

/// Removes a convict from every office: pyramids (22.5), the court (22.7),
/// a governorship (27.4.4).
pub fn strip_offices(ctx: &mut TurnCtx, who: CharacterId, rule: &str) {
    ctx.leave_pyramids(who, rule);
    if ctx.state.is_judge(who) {
        ctx.state.judges.retain(|j| *j != who);
        ctx.emit(Event::LeftCourt { who, reason: Why::JudgeConvicted.into() });
    }
    for p in ctx.state.planets.values_mut() {
        if p.governor == Some(who) {
            p.governor = None;
        }
    }
}

/// Phase 22: the crimes of the previous cycles are judged (22.1).
pub fn run(ctx: &mut TurnCtx, _dice: &mut Dice) {
    let turn = ctx.state.turn;
    let due: Vec<Trial> = ctx.state.trials.iter().filter(|t| t.opened_turn < turn).cloned().collect();
    // 24.2: the Emperor's pardon of an accused tried now.
    let pardon = free_head_orders(ctx, Pyramid::Government).and_then(|(_, o)| o.emperor.pardon);
    let mut pardon_used = false;
    for t in due {
        judge(ctx, &t, pardon, &mut pardon_used);
    }
}

fn judge(ctx: &mut TurnCtx, t: &Trial, pardon: Option<CharacterId>, pardon_used: &mut bool) {
    let turn = ctx.state.turn;
    let remove = |ctx: &mut TurnCtx| ctx.state.trials.retain(|x| x.case_no != t.case_no);
    let adjourn = |ctx: &mut TurnCtx, reason: Why| {
        if let Some(x) = ctx.state.trials.iter_mut().find(|x| x.case_no == t.case_no) {
            x.adjourned += 1;
        }
        ctx.emit(Event::TrialAdjourned { case_no: t.case_no, accused: t.accused, reason: reason.into() });
    };
    let Some(accused) = ctx.character(t.accused).cloned() else {
        remove(ctx);
        return;
    };
    if !accused.is_alive() {
        remove(ctx);
        ctx.emit(Event::TrialDropped { case_no: t.case_no, accused: t.accused, reason: Why::AccusedDead.into() });
        return;
    }
    // 22.3: an accused who cannot appear (a captive) is tried next turn.
    if accused.captivity.is_some() {
        adjourn(ctx, Why::AccusedAbsent);
        return;
    }
    // The court: the Emperor and the judges, alive and free; 22.7: never the accused.
    let emperor = ctx.state.emperor().filter(|e| ctx.character(*e).is_some_and(|c| c.is_free()));
    let mut court: Vec<CharacterId> = ctx.state.judges.iter().copied().filter(|j| ctx.character(*j).is_some_and(|c| c.is_free())).collect();
    if let Some(e) = emperor {
        if !court.contains(&e) {
            court.insert(0, e);
        }
    }
    court.retain(|c| *c != t.accused);
    if court.is_empty() {
        adjourn(ctx, Why::NoJudgeSits);
        return;
    }
    // 22.2: each member's VERDICT (none = abstention).
    let votes: Vec<(CharacterId, Vote)> = court
        .iter()
        .map(|&j| {
            let v = ctx
                .state
                .family_of(j)
                .and_then(|f| ctx.orders(f).verdicts.iter().rev().find(|v| v.judge == j && v.case_no == t.case_no))
                .map(|v| v.vote)
                .unwrap_or(Vote::Abstain);
            (j, v)
        })
        .collect();
    let mut by_prestige: Vec<CharacterId> = court.iter().copied().filter(|c| Some(*c) != emperor).collect();
    let first_year = ctx.state.first_year();
    by_prestige.sort_by_key(|c| {
        let ch = ctx.character(*c);
        (std::cmp::Reverse(ch.map(|x| x.pp).unwrap_or(0)), ch.map(|x| x.age_in(first_year)).map(std::cmp::Reverse), *c)
    });
    let d = decide(&votes, emperor, &by_prestige);
    remove(ctx);

    let mut fine = None;
    let mut symbolic = false;
    if d.guilty {
        // 22.4, 27.2.8: −12 PP, doubled for a judge "envoyé au bagne"; a
        // scandal's instigator is not sent there (2.3.4): 12 even for a judge.
        let to_prison = !matches!(t.charge, Charge::ScandalInstigator { .. });
        let loss = if to_prison && ctx.state.is_judge(t.accused) { 24 } else { 12 };
        ctx.add_pp(t.accused, -loss, "22.4", Why::Convicted { case_no: i64::from(t.case_no) });
        if let Charge::ScandalInstigator { victim } = &t.charge {
            // 2.3.4: a fine of a fifth of the sentence, in M$, to the victim's family.
            let amount = i64::from(d.years / 5);
            fine = Some(amount);
            let payer = accused.family.clone();
            let name = ctx.state.full_name(t.accused);
            ctx.add_money(&payer, -amount, "2.3.4", Why::Fine { name: name.clone() });
            if let Some(vf) = ctx.state.family_of(*victim).cloned() {
                ctx.add_money(&vf, amount, "2.3.4", Why::Fine { name: name.clone() });
            }
        } else {
            strip_offices(ctx, t.accused, "22.5");
            let in_advance = t.pardoned_in_advance || (pardon == Some(t.accused) && !*pardon_used);
            if in_advance {
                // 24.2: a symbolic stay: the posts are lost, the sentence is not served.
                symbolic = true;
                if pardon == Some(t.accused) {
                    *pardon_used = true;
                }
                ctx.emit(Event::ImperialPardon { who: t.accused, in_advance: true });
            } else {
                let planet = prison_planet(ctx);
                if let Some(c) = ctx.state.character_mut(t.accused) {
                    match &mut c.sentence {
                        // 22.6: sentences add up.
                        Some(s) => s.years_remaining += d.years,
                        None => c.sentence = Some(Sentence { years_remaining: d.years, planet, since_turn: turn }),
                    }
                }
            }
        }
    }
    ctx.emit(Event::Verdict {
        case_no: t.case_no,
        accused: t.accused,
        charge: t.charge.clone(),
        votes,
        guilty_votes: d.guilty_votes,
        innocent_votes: d.innocent_votes,
        tie_breaker: d.tie_breaker,
        guilty: d.guilty,
        years: d.years,
        fine,
        symbolic,
    });
}
