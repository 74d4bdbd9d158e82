//! S2 closes: the senate's business in the rules' order (design note §2.4,
//! "Les travaux du sénat."): the any-step orders; (1) the elections, if
//! due; (2) the Republic-fleet vote; (3) each indictment; (4) the general
//! proposals — laws and trades to ratify — in the Prime Minister's order,
//! his vetoes first; (6) the Finance minister's audits, then every trial;
//! then the initiative for the intrigue (G30), and the game is at P.
//!
//! Every vote is the round table of [`super::round_table::vote`], parties
//! in initiative order (worst first), a silent party abstaining; influence
//! spent on one vote is gone for the next (G35). A vote's options are
//! printed in [`Event::Vote`] as `for` / `against` (an item), `#n` / `none`
//! (the Republic fleet), a senator's name / `VACANT` (a post).

use std::collections::BTreeMap;
use std::fmt;

use crate::dice::Dice;
use crate::i18n::Msg;

use super::super::common::{self, lacks};
use super::super::components::board::Ability;
use super::super::components::effects::Resource;
use super::super::components::interpret::End;
use super::super::components::parties::{Skill, Verdict};
use super::super::components::PartyId;
use super::super::events::{CorruptionWhy, Event, VoteOn};
use super::super::model::{Ending, FirstElection, GdState, Item, Law, LawInForce, Phase, SECTORS_TO_END};
use super::super::orders::{Order, Orders, PostChoice};
use super::super::rebellion;
use super::elections::{self, Choice, Elector};
use super::round_table::{self, per_vote_limit, voting_strength, Ballot, SenatorVote};
use super::Ministry;

/// The booklet headings the rolls of this module are logged under.
pub const TRIAL_HEADING: &str = "Poursuites";
pub const AUDIT_HEADING: &str = "Compétences de ministère.";
/// "Chaque poursuite coûte 2 influences"; Animal politique: 1 more.
pub const TRIAL_COST: u8 = 2;
/// The Prime Minister's veto, and a Finance audit: 1 influence.
pub const VETO_COST: u8 = 1;
pub const AUDIT_COST: u8 = 1;
/// "Coupable!": the party is fined 5 money (what there is, G51).
pub const GUILTY_FINE: u8 = 5;

/// A party as the election functions name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Pty(PartyId);

impl fmt::Display for Pty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.sigle())
    }
}

/// The two sides of an item's vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    For,
    Against,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::For => "for",
            Side::Against => "against",
        })
    }
}

/// An option of the Republic-fleet vote: a proposal's item number, or AUCUN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FleetChoice(Option<u32>);

impl fmt::Display for FleetChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "#{n}"),
            None => f.write_str("none"),
        }
    }
}

/// Plays the senate; leaves the game at the intrigue's first step.
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    common::apply(state, orders, dice, events);
    // The galactic court sits at once ("à l'extérieur de l'ordre de temps
    // normal du jeu"; #29, `court`).
    super::super::court::hear(state, orders, dice, events);
    // The rebel's senators left the senate: it neither votes nor stands.
    let order: Vec<PartyId> = common::in_initiative(state).into_iter().filter(|p| !rebellion::is_rebel(state, *p)).collect();
    // S2's own lines for trials, audits and the election order join S1's.
    for (p, o) in orders {
        for line in &o.lines {
            super::filing::keep(&mut state.filings, *p, line);
        }
    }
    // (1) The elections.
    if state.election_due() {
        elect(state, orders, &order, dice, events);
        if state.ending.is_some() {
            state.phase = Phase::Over;
            return;
        }
    }
    // G33: nobody to chair, nothing presented.
    let chaired = !state.ministries.is_empty();
    if !chaired && !state.agenda.is_empty() {
        events.push(Event::NoChair);
    }
    let mut voted_trials: Vec<(String, PartyId)> = Vec::new();
    if chaired {
        // (2) The Republic fleet.
        fleet_vote(state, orders, &order, dice, events);
        // (3) The senate's prosecution list.
        for (k, item) in state.agenda.clone().iter().enumerate() {
            let Item::Indictment { by, senator } = item else { continue };
            let n = k as u32 + 1;
            if !state.fx.senators.contains_key(senator) || state.tried.contains(senator) || rebellion::is_rebel_senator(state, senator) {
                events.push(Event::Struck { item: n, reason: Msg::new("galactic-destiny-cannot-be-tried").arg("senator", senator.as_str()) });
                continue;
            }
            if item_vote(state, orders, &order, n, dice, events) && !voted_trials.iter().any(|(s, _)| s == senator) {
                voted_trials.push((senator.clone(), *by));
            }
        }
        // (4) The general proposals.
        proposals(state, orders, &order, dice, events);
        // (5) Peace ("Faire la paix."): voted like a law.
        for (k, item) in state.agenda.clone().iter().enumerate() {
            if matches!(item, Item::Peace { .. }) && state.rebellion.rebel.is_some() && item_vote(state, orders, &order, k as u32 + 1, dice, events) {
                rebellion::senate_agrees(state, events);
            }
        }
    }
    // (6) Audits, then trials.
    audits(state, dice, events);
    trials(state, voted_trials, dice, events);
    // G30: the initiative for the intrigue.
    super::super::galactic::roll_initiative(state, dice, events);
    state.fx.end(End::Phase);
    super::super::turn::open_intrigue(state, dice, events);
}

/// The diplomacy of a party's senators as a vote sees them ("Force de
/// vote."): printed, with the modifiers in force, +1 for the Interior
/// minister, +1 for every senator of the owner of "Voix autoritaire".
pub fn senate_votes(state: &GdState, p: PartyId) -> Vec<SenatorVote> {
    let authoritative = state.components.board.sector_of(Ability::VoixAutoritaire).is_some_and(|n| state.fx.sectors.get(&n).is_some_and(|x| x.owner == Some(p)));
    state
        .fx
        .senators
        .iter()
        .filter(|(_, s)| s.party == p)
        .map(|(n, s)| {
            let printed = state.components.senator(n).map_or(0, |c| i32::from(c.diplomacy));
            let interior = i32::from(state.ministry_of(n) == Some(Ministry::Interior));
            SenatorVote {
                diplomacy: printed + state.fx.diplomacy_bonus(n) + interior + i32::from(authoritative),
                corruption: u32::from(s.corruption),
                shadow: u32::from(s.shadow),
                seduced: s.seduced,
            }
        })
        .collect()
}

/// A party's strength (with the cards' "voix" modifiers) and its per-vote
/// limit (G34), as the votes count them: the acknowledgements and the
/// reports read them here too.
pub fn strength_and_limit(state: &GdState, p: PartyId) -> (i32, u32) {
    let v = senate_votes(state, p);
    (voting_strength(&v) + state.fx.votes_bonus(p), per_vote_limit(&v))
}

fn influence(state: &GdState, p: PartyId) -> u32 {
    state.fx.parties.get(&p).map_or(0, |ps| u32::from(ps.influence))
}

/// Takes `n` influence from a party if it has it.
fn pay(state: &mut GdState, p: PartyId, n: u8) -> bool {
    match state.fx.parties.get_mut(&p) {
        Some(ps) if ps.influence >= n => {
            ps.influence -= n;
            true
        }
        _ => false,
    }
}

/// One vote of the round table: `choices` are (party, option, what it
/// wrote as its cap), in initiative order. Spends the influence, records
/// the vote, and returns the winner.
fn round<O: PartialEq + Clone + fmt::Display>(state: &mut GdState, on: VoteOn, options: &[O], choices: Vec<(PartyId, O, u32)>, dice: &mut Dice, events: &mut Vec<Event>) -> Option<O> {
    let ballots: Vec<Ballot<PartyId, O>> = choices
        .into_iter()
        .map(|(p, option, written)| {
            let (strength, limit) = strength_and_limit(state, p);
            Ballot { party: p, option, strength, written, limit, influence: influence(state, p) }
        })
        .collect();
    let what = match &on {
        VoteOn::Post { ministry } => format!("election {ministry}"),
        VoteOn::Item { item } => format!("item #{item}"),
        VoteOn::Fleet => "the Republic fleet".to_string(),
    };
    let outcome = round_table::vote(options, &ballots, state.settings.bidding, &what, dice);
    for (p, spent) in &outcome.spent {
        if let Some(ps) = state.fx.parties.get_mut(p) {
            ps.influence = ps.influence.saturating_sub(*spent as u8);
        }
    }
    events.push(Event::Vote {
        on,
        totals: outcome.totals.iter().map(|(o, t)| (o.to_string(), *t)).collect(),
        winner: outcome.winner.as_ref().map(ToString::to_string),
        spent: outcome.spent.clone(),
        ties: outcome.tie_rolls.iter().map(|r| r.iter().map(|(o, d)| (o.to_string(), *d)).collect()).collect(),
    });
    state.fx.end(End::Vote);
    outcome.winner
}

/// The last `VOTE #n` line of each party, in initiative order; true when
/// the item passes.
fn item_vote(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, order: &[PartyId], n: u32, dice: &mut Dice, events: &mut Vec<Event>) -> bool {
    let choices = order
        .iter()
        .filter_map(|p| {
            let line = orders.get(p)?.lines.iter().rev().find_map(|l| match l {
                Order::VoteItem { item, for_it, cap } if *item == n => Some((*for_it, *cap)),
                _ => None,
            })?;
            Some((*p, if line.0 { Side::For } else { Side::Against }, line.1))
        })
        .collect();
    round(state, VoteOn::Item { item: n }, &[Side::For, Side::Against], choices, dice, events) == Some(Side::For)
}

/// "Élections!": every post falls vacant, then the ranked-ballot votes
/// (or, for the first election with `premiere_election = "hasard"`, the
/// cards dealt by lot); the marker goes back to 1; five posts to one
/// party win the game (G56).
fn elect(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, order: &[PartyId], dice: &mut Dice, events: &mut Vec<Event>) {
    for m in Ministry::ALL {
        state.appoint(m, None);
    }
    let electors: Vec<Elector<Pty, String>> = order
        .iter()
        .map(|p| {
            let (strength, limit) = strength_and_limit(state, *p);
            let eligible: Vec<String> = state.fx.senators.iter().filter(|(_, s)| s.party == *p && !s.seduced).map(|(n, _)| n.clone()).collect();
            let mut ballots = BTreeMap::new();
            for line in orders.get(p).map(|o| o.lines.as_slice()).unwrap_or_default() {
                if let Order::VotePost { ministry, choices, cap } = line {
                    let ranking = choices
                        .iter()
                        .map(|c| match c {
                            PostChoice::Party { party } => Choice::Party(Pty(*party)),
                            PostChoice::Senator { name } => Choice::Senator(name.clone()),
                            PostChoice::Vacant => Choice::Vacant,
                        })
                        .collect();
                    ballots.insert(*ministry, (ranking, *cap));
                }
            }
            Elector {
                party: Pty(*p),
                strength,
                limit,
                influence: influence(state, *p),
                senators: eligible.len(),
                eligible,
                candidacies: state.filings.candidacies.get(p).cloned().unwrap_or_default(),
                ballots,
                order: state.filings.election_orders.get(p).copied(),
            }
        })
        .collect();
    if state.settings.first_election == FirstElection::ByLot && state.game_turn <= 1 {
        let dealt = elections::first_by_lot(&electors, dice);
        for (m, h) in &dealt {
            state.appoint(*m, h.as_ref().map(|(_, s)| s.clone()));
        }
        events.push(Event::DealtByLot { posts: dealt.into_iter().map(|(m, h)| (m, h.map(|(p, s)| (p.0, s)))).collect() });
    } else {
        let result = elections::hold(&electors, state.settings.bidding, dice);
        for (p, spent) in &result.spent {
            if let Some(ps) = state.fx.parties.get_mut(&p.0) {
                ps.influence = ps.influence.saturating_sub(*spent as u8);
            }
        }
        for post in result.posts {
            let v = &post.vote;
            events.push(Event::Vote {
                on: VoteOn::Post { ministry: post.ministry },
                totals: v.totals.iter().map(|(o, t)| (o.to_string(), *t)).collect(),
                winner: v.winner.as_ref().map(ToString::to_string),
                spent: v.spent.iter().map(|(p, s)| (p.0, *s)).collect(),
                ties: v.tie_rolls.iter().map(|r| r.iter().map(|(o, d)| (o.to_string(), *d)).collect()).collect(),
            });
            state.appoint(post.ministry, post.holder.as_ref().map(|(_, s)| s.clone()));
            events.push(Event::Elected { ministry: post.ministry, holder: post.holder.map(|(p, s)| (p.0, s)) });
        }
        state.fx.end(End::Vote);
    }
    state.election_marker = 1;
    state.election_called = None;
    events.push(Event::ElectionMarker { marker: 1, due: false });
    // "Victoire!" by the five ministries, unless the Ke'Ras has already won (G56).
    let holders: Vec<Option<PartyId>> = Ministry::ALL.iter().map(|m| state.holder(*m)).collect();
    if let Some(Some(winner)) = holders.first().copied() {
        if holders.iter().all(|h| *h == Some(winner)) && state.infested_count() < SECTORS_TO_END {
            let ending = Ending::Ministries { winner };
            events.push(Event::Ended { ending: ending.clone() });
            state.ending = Some(ending);
        }
    }
}

/// "Vote sur la flotte de la république": one ranked ballot over the
/// proposals and AUCUN; each party's ballot counts for the first proposal
/// of its ranking on the agenda (or AUCUN). The winner's orders are
/// recorded for the intrigue.
fn fleet_vote(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, order: &[PartyId], dice: &mut Dice, events: &mut Vec<Event>) {
    let proposals: Vec<u32> = state.agenda.iter().enumerate().filter(|(_, i)| matches!(i, Item::Fleet { .. })).map(|(k, _)| k as u32 + 1).collect();
    if proposals.is_empty() {
        return;
    }
    let mut options: Vec<FleetChoice> = proposals.iter().map(|n| FleetChoice(Some(*n))).collect();
    options.push(FleetChoice(None));
    let choices = order
        .iter()
        .filter_map(|p| {
            let (ranking, cap) = orders.get(p)?.lines.iter().rev().find_map(|l| match l {
                Order::VoteFleet { ranking, cap } => Some((ranking, *cap)),
                _ => None,
            })?;
            let choice = ranking.iter().find(|c| c.is_none_or(|n| proposals.contains(&n)))?;
            Some((*p, FleetChoice(*choice), cap))
        })
        .collect();
    let winner = round(state, VoteOn::Fleet, &options, choices, dice, events);
    if let Some(FleetChoice(Some(n))) = winner {
        if let Some(Item::Fleet { groups, .. }) = state.agenda.get(n as usize - 1) {
            state.fleet_orders = Some(groups.clone());
            events.push(Event::FleetOrders { groups: groups.clone() });
        }
    }
}

/// (4) The laws and trades: the Prime Minister's vetoes (1 influence each)
/// first, then each item still standing, in his `ORDRE-DU-JOUR` and then in
/// filing order. Only the party holding the post after the elections may
/// veto or order the agenda.
fn proposals(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, order: &[PartyId], dice: &mut Dice, events: &mut Vec<Event>) {
    let general: Vec<u32> = state.agenda.iter().enumerate().filter(|(_, i)| matches!(i, Item::Law { .. } | Item::Trade { .. } | Item::FreeLaw { .. })).map(|(k, _)| k as u32 + 1).collect();
    // Free proposals a majority declared unconstitutional ("Une proposition.").
    let unconstitutional = super::free::unconstitutional(state, orders, order, events);
    let pm = state.holder(Ministry::PrimeMinister);
    // Items a `veto` card struck in this step are struck already.
    let mut vetoed = super::super::cards::struck(state);
    let mut agenda_order: Vec<u32> = Vec::new();
    for p in order {
        for line in orders.get(p).map(|o| o.lines.as_slice()).unwrap_or_default() {
            match line {
                Order::Veto { .. } | Order::Agenda { .. } if pm != Some(*p) => {
                    let what = if matches!(line, Order::Veto { .. }) { "VETO" } else { "ORDRE-DU-JOUR" };
                    events.push(Event::Unexecuted { party: *p, order: what.into(), reason: Msg::new("galactic-destiny-not-prime-minister") });
                }
                Order::Veto { item } => {
                    if !general.contains(item) {
                        events.push(Event::Unexecuted { party: *p, order: "VETO".into(), reason: Msg::new("galactic-destiny-veto-not-proposal").arg("item", i64::from(*item)) });
                    } else if !vetoed.contains(item) {
                        if pay(state, *p, VETO_COST) {
                            vetoed.push(*item);
                            events.push(Event::Vetoed { item: *item, by: *p });
                        } else {
                            events.push(Event::Unexecuted { party: *p, order: "VETO".into(), reason: lacks(*p, Resource::Influence, u32::from(VETO_COST)) });
                        }
                    }
                }
                Order::Agenda { items } => {
                    for n in items {
                        if general.contains(n) && !agenda_order.contains(n) {
                            agenda_order.push(*n);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    for n in &general {
        if !agenda_order.contains(n) {
            agenda_order.push(*n);
        }
    }
    for n in agenda_order.into_iter().filter(|n| !vetoed.contains(n) && !unconstitutional.contains(n)) {
        if !item_vote(state, orders, order, n, dice, events) {
            continue;
        }
        match state.agenda[n as usize - 1].clone() {
            Item::Law { by, law, turns } => pass_law(state, by, law, turns, events),
            Item::Trade { a, b, a_gives, b_gives } => {
                common::execute_trade(state, a, b, &a_gives, &b_gives, events);
            }
            Item::FreeLaw { by, text, turns } => super::free::pass(state, by, text, turns, events),
            _ => {}
        }
    }
}

/// A law voted in: in force through turn T + d − 1 (G37); a law already in
/// force is extended by d turns. A tax on an action already taxed at
/// another amount replaces that tax, which ends now (RULINGS.md, Galactic
/// Destiny, Impôts): one tax per action, the senate's latest.
fn pass_law(state: &mut GdState, by: PartyId, law: Law, turns: u8, events: &mut Vec<Event>) {
    let turn = state.game_turn;
    if let Law::Tax { action, .. } = law {
        if let Some(old) = state.tax_on(action).filter(|old| *old != law) {
            state.laws.retain(|l| l.law != old);
            events.push(Event::LawLapsed { law: old });
        }
    }
    let until = match state.laws.iter_mut().find(|l| l.law == law && l.until >= turn) {
        Some(l) => {
            l.until += u32::from(turns);
            l.until
        }
        None => {
            let until = turn + u32::from(turns) - 1;
            state.laws.push(LawInForce { law, passed: turn, until, by });
            until
        }
    };
    events.push(Event::LawPassed { law, until, by });
}

/// The Finance minister now in office audits the senators his party named
/// (S1 or S2), 1 influence each, each senator once a turn (G59): a 6 gives
/// him 1 corruption.
fn audits(state: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    let finance = state.holder(Ministry::Finance);
    for (p, list) in state.filings.audits.clone() {
        for senator in list {
            if Some(p) != finance {
                events.push(Event::Unexecuted { party: p, order: "VERIFIER".into(), reason: Msg::new("galactic-destiny-not-minister").arg("ministry", "finance") });
            } else if !state.fx.senators.contains_key(&senator) || state.audited.contains(&senator) || rebellion::is_rebel_senator(state, &senator) {
                events.push(Event::Unexecuted { party: p, order: "VERIFIER".into(), reason: Msg::new("galactic-destiny-cannot-be-audited").arg("senator", senator.as_str()) });
            } else if !pay(state, p, AUDIT_COST) {
                events.push(Event::Unexecuted { party: p, order: "VERIFIER".into(), reason: lacks(p, Resource::Influence, u32::from(AUDIT_COST)) });
            } else {
                state.audited.insert(senator.clone());
                let roll = dice.d6(AUDIT_HEADING, format!("audit of {senator} (Finance)"));
                let corrupted = roll == 6;
                events.push(Event::Audit { senator: senator.clone(), by: p, roll, corrupted });
                if corrupted {
                    common::corrupt(state, &senator, 1, CorruptionWhy::Audit, events);
                }
            }
        }
    }
}

/// "Poursuites": the trials the senate voted (paid by their proposers),
/// then the Justice minister's (paid by his party), 2 influence each (+1
/// for an Animal politique), each senator once a turn. Without a Justice
/// minister only the voted ones are held (the Prime Minister rolls: only
/// the log says so).
fn trials(state: &mut GdState, voted: Vec<(String, PartyId)>, dice: &mut Dice, events: &mut Vec<Event>) {
    let justice = state.holder(Ministry::Justice);
    let mut docket: Vec<(String, PartyId)> = voted;
    for (p, list) in state.filings.trials.clone() {
        for senator in list {
            if Some(p) == justice {
                docket.push((senator, p));
            } else {
                events.push(Event::Unexecuted { party: p, order: "POURSUIVRE".into(), reason: Msg::new("galactic-destiny-not-minister").arg("ministry", "justice") });
            }
        }
    }
    let roller = if justice.is_some() { "Justice" } else { "Prime Minister" };
    for (senator, payer) in docket {
        if !state.fx.senators.contains_key(&senator) || state.tried.contains(&senator) || rebellion::is_rebel_senator(state, &senator) {
            events.push(Event::Unexecuted { party: payer, order: "POURSUIVRE".into(), reason: Msg::new("galactic-destiny-cannot-be-tried").arg("senator", senator.as_str()) });
            continue;
        }
        let animal = state.components.senator(&senator).is_some_and(|c| c.skill == Some(Skill::AnimalPolitique));
        let cost = TRIAL_COST + u8::from(animal);
        if !pay(state, payer, cost) {
            events.push(Event::Unexecuted { party: payer, order: "POURSUIVRE".into(), reason: lacks(payer, Resource::Influence, u32::from(cost)) });
            continue;
        }
        hold_trial(state, senator, payer, roller, dice, events);
    }
}

/// One trial held ("Poursuites"): 2d6 + corruption + 3 × shadow on the
/// accused party's table, rolled by `roller`; also the free trial of an
/// action card's `poursuite` (the card engine, `cards`).
pub fn hold_trial(state: &mut GdState, senator: String, payer: PartyId, roller: &str, dice: &mut Dice, events: &mut Vec<Event>) {
    {
        state.tried.insert(senator.clone());
        let accused = state.fx.senators[&senator].clone();
        let d = dice.nd6(2, TRIAL_HEADING, format!("trial of {senator} (rolled by the {roller})"));
        let modifier = u32::from(accused.corruption) + 3 * u32::from(accused.shadow);
        let total = d.iter().sum::<u32>() + modifier;
        let verdict = state.components.party(accused.party).and_then(|c| c.prosecution.verdict(total)).unwrap_or(Verdict::Innocent);
        let word = Verdict::WORDS.iter().find(|(_, v)| *v == verdict).map_or("innocent", |(w, _)| w);
        events.push(Event::Trial { senator: senator.clone(), payer, dice: [d[0], d[1]], modifier, total, verdict: word.to_string() });
        match verdict {
            Verdict::Executed | Verdict::Guilty => sentence(state, senator, accused.party, verdict, events),
            Verdict::Innocent => {}
            Verdict::Dishonoured => {
                if let Some(j) = state.ministries.get(&Ministry::Justice).cloned() {
                    common::corrupt(state, &j, 1, CorruptionWhy::Dishonoured, events);
                }
            }
        }
    }
}

/// What a verdict does to the accused and his party ("Poursuites"):
/// executed, out of play and dead; guilty, his ministry lost and his party
/// fined 5 money (what there is, G51). Innocent and dishonoured do nothing
/// to him. Also the galactic court's sentences (`court`).
pub fn sentence(state: &mut GdState, senator: String, party: PartyId, verdict: Verdict, events: &mut Vec<Event>) {
    match verdict {
        Verdict::Executed => {
            if let Some(m) = state.ministry_of(&senator) {
                state.appoint(m, None);
            }
            state.fx.senators.remove(&senator);
            state.dead.push(senator.clone());
            events.push(Event::SenatorRemoved { senator, dead: true });
        }
        Verdict::Guilty => {
            if let Some(m) = state.ministry_of(&senator) {
                state.appoint(m, None);
            }
            let fine = state.fx.parties.get_mut(&party).map_or(0, |ps| {
                let f = ps.money.min(GUILTY_FINE);
                ps.money -= f;
                f
            });
            events.push(Event::Fined { party, amount: fine });
        }
        Verdict::Innocent | Verdict::Dishonoured => {}
    }
}

/// One sample of each message of the senate's votes, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        Msg::new("galactic-destiny-cannot-be-tried").arg("senator", "Fola"),
        Msg::new("galactic-destiny-cannot-be-audited").arg("senator", "Fola"),
        Msg::new("galactic-destiny-veto-not-proposal").arg("item", 3i64),
        Msg::new("galactic-destiny-not-minister").arg("ministry", "finance"),
        Msg::new("galactic-destiny-not-minister").arg("ministry", "justice"),
    ]
}

#[cfg(test)]
#[path = "voting_tests.rs"]
mod tests;
