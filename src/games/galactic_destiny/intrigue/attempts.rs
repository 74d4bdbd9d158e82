//! Assassinations in every step (design note §1.9, §2.3 "Assassination
//! bids", "Interrupting assassinations"; rulings G11, G42–G44): the
//! attempts a step's orders make and the standing `PROTEGER`/`APPUYER`
//! bids, played through [`super::assassination`].
//!
//! [`resolve`] is called by the step machine at the start of every step's
//! resolution, before the step's own business, so that the step's other
//! resolvers — the senate's, an invasion's, a campaign's, the purchases' —
//! see the dead: a killed admiral's or campaigner's pending action is void
//! where its module asks [`is_dead`] (G44). In it:
//!
//! 1. the standing bids written in the step are recorded (each party's own,
//!    private: [`Event::StandingBid`] is read by its party only); they count
//!    from this step on, its attempts included, until the galactic phase;
//! 2. every attempt of the step, parties in initiative order (worst first),
//!    lines in the order written, each resolved on its own ("Les
//!    assassinats ne s'interrompent pas", G42): the attacker's `+n` first,
//!    then the standing bids of the other parties in initiative order, each
//!    paid 5 influence a point as far as its party can ([`bid_on`]); one
//!    die and one per shadow on the assassin; a 6 (natural or modified)
//!    kills, a 1 (natural or modified) gives the assassin 1 corruption,
//!    every die checked alike.
//!
//! An assassin killed by an earlier attempt of the same step still makes
//! his own (it does not interrupt assassinations); an attempt on a senator
//! already dead is not made, and the assassin keeps his action.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::dice::Dice;
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::super::common::{self, in_initiative};
use super::super::components::{PartyId, Skill};
use super::super::events::{CorruptionWhy, Event};
use super::super::model::{GdState, TaxedAction};
use super::super::orders::{Order, Orders};
use super::super::senate::Ministry;
use super::assassination::{attempt, Attempt, Bid, POINT};

/// The most points one bid may ask for: 99 influence at 5 a point.
pub const MAX_POINTS: u8 = 19;

/// The standing bids of the game turn (`PROTEGER`/`APPUYER`), by party:
/// on a senator (negative protects), and `TOUS` — a protection of each of
/// the party's own senators that no named bid of its covers.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Standing {
    #[serde(default)]
    pub on: BTreeMap<PartyId, BTreeMap<String, i8>>,
    #[serde(default)]
    pub all: BTreeMap<PartyId, i8>,
}

/// Whether a senator is dead (assassinated, executed): the invasions and
/// campaigns ask it of an admiral or a campaigner before his action
/// resolves (G44).
pub fn is_dead(state: &GdState, senator: &str) -> bool {
    state.dead.iter().any(|n| n == senator)
}

/// The points `party` bids by standing order on an attempt on `target`
/// (of `target_party`): its named bid, else its `TOUS` on its own senator.
pub fn bid_on(state: &GdState, party: PartyId, target: &str, target_party: PartyId) -> i8 {
    let st = &state.intrigue.attempts;
    match st.on.get(&party).and_then(|m| m.get(target)) {
        Some(n) => *n,
        None if party == target_party => -st.all.get(&party).copied().unwrap_or(0).abs(),
        None => 0,
    }
}

/// Records the standing bids written in the step.
fn record(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) {
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            let Order::Standing { senator, points } = line else { continue };
            let st = &mut state.intrigue.attempts;
            match senator {
                Some(n) if *points == 0 => {
                    st.on.entry(p).or_default().remove(n);
                }
                Some(n) => {
                    st.on.entry(p).or_default().insert(n.clone(), *points);
                }
                None if *points == 0 => {
                    st.all.remove(&p);
                }
                None => {
                    st.all.insert(p, -points.abs());
                }
            }
            events.push(Event::StandingBid { party: p, senator: senator.clone(), points: *points });
        }
    }
}

/// One attempt as declared, with the assassin as he was when the step
/// closed (he may die before his turn comes, and still strikes).
struct Declared {
    party: PartyId,
    assassin: String,
    target: String,
    bid: u8,
    shadow: u32,
    master: bool,
    /// Made by the assassination card (the chain answered the card).
    by_card: bool,
}

/// Every attempt of the step, in initiative order; a line that no longer
/// holds (the assassin gone, exhausted, traded; the target gone) is
/// reported and dropped.
fn declared(state: &GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) -> Vec<Declared> {
    let mut v: Vec<Declared> = Vec::new();
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            let Order::Assassinate { target, assassin, bid } = line else { continue };
            let skill = state.components.senator(assassin).and_then(|c| c.skill);
            let st = state.fx.senators.get(assassin);
            let fit = st.is_some_and(|x| x.party == p && !x.exhausted)
                && !state.recruited.contains(assassin)
                && (matches!(skill, Some(Skill::Assassin | Skill::MaitreEnAssassinat)) || super::super::rebellion::is_rebel(state, p))
                && !v.iter().any(|d| &d.assassin == assassin);
            let order = super::super::orders::lines(state, &Orders { lines: vec![line.clone()], defaulted: false }).concat();
            if !fit {
                events.push(Event::Unexecuted { party: p, order, reason: msg!("gd-attempt-assassin-unfit", senator = assassin.as_str()) });
                continue;
            }
            if !state.fx.senators.contains_key(target) {
                events.push(Event::Unexecuted { party: p, order, reason: msg!("gd-attempt-target-gone", senator = target.as_str()) });
                continue;
            }
            let shadow = st.map_or(0, |x| u32::from(x.shadow));
            v.push(Declared { party: p, assassin: assassin.clone(), target: target.clone(), bid: *bid, shadow, master: skill == Some(Skill::MaitreEnAssassinat), by_card: false });
        }
    }
    v
}

/// A senator killed: out of the game (`dead`), his ministry vacant.
pub fn kill(state: &mut GdState, senator: &str, events: &mut Vec<Event>) {
    let Some(st) = state.fx.senators.get(senator) else { return };
    let party = st.party;
    let ministry = state.ministry_of(senator);
    if let Some(m) = ministry {
        state.appoint(m, None);
    }
    state.fx.senators.remove(senator);
    state.dead.push(senator.to_string());
    events.push(Event::Assassinated { senator: senator.to_string(), party, ministry });
}

/// The target's diplomacy for the optional rule: printed, with the
/// modifiers in force ("leur niveau de diplomatie"; corruption lowers it
/// only in campaigns, votes and trials).
fn diplomacy(state: &GdState, senator: &str) -> i32 {
    state.components.senator(senator).map_or(0, |c| i32::from(c.diplomacy)) + state.fx.diplomacy_bonus(senator)
}

fn influence(state: &GdState, p: PartyId) -> u32 {
    state.fx.parties.get(&p).map_or(0, |x| u32::from(x.influence))
}

/// Plays the step's standing bids and attempts (module documentation).
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    record(state, orders, events);
    let attempts = declared(state, orders, events);
    if attempts.is_empty() {
        return;
    }
    dice.mark(super::assassination::HEADING, format!("tour de jeu {}", state.game_turn));
    for d in attempts {
        strike(state, &d, dice, events);
    }
}

/// An attempt made by an action card's `assassinat [+<n>]` effect (the card
/// engine, `cards`): `assassin` plays the card with his action, `bid` is the
/// card's `+n`, paid as an attacker's bid (G11); the standing bids of the
/// other parties apply as to any attempt.
pub fn card_attempt(state: &mut GdState, party: PartyId, assassin: &str, target: &str, bid: u8, dice: &mut Dice, events: &mut Vec<Event>) {
    let st = state.fx.senators.get(assassin);
    let shadow = st.map_or(0, |x| u32::from(x.shadow));
    let master = state.components.senator(assassin).and_then(|c| c.skill) == Some(Skill::MaitreEnAssassinat);
    dice.mark(super::assassination::HEADING, format!("tour de jeu {}, carte", state.game_turn));
    strike(state, &Declared { party, assassin: assassin.to_string(), target: target.to_string(), bid, shadow, master, by_card: true }, dice, events);
}

/// One attempt declared, resolved.
fn strike(state: &mut GdState, d: &Declared, dice: &mut Dice, events: &mut Vec<Event>) {
    {
        let Some(target_party) = state.fx.senators.get(&d.target).map(|x| x.party) else {
            let order = super::super::orders::lines(state, &Orders { lines: vec![Order::Assassinate { target: d.target.clone(), assassin: d.assassin.clone(), bid: d.bid }], defaulted: false }).concat();
            events.push(Event::Unexecuted { party: d.party, order, reason: msg!("gd-attempt-target-gone", senator = d.target.as_str()) });
            return;
        };
        // The answers of cards aimed at attempts (`cible assassinat`).
        let answered = super::super::cards::on_attempt(state, d.party, &d.assassin, &d.target, target_party, d.by_card, events);
        if let Some(how) = answered.stopped {
            // `annule`: the assassin's action is spent; `fantome`: given back.
            if how == super::super::cards::Cancel::Cancelled {
                if let Some(st) = state.fx.senators.get_mut(&d.assassin) {
                    st.exhausted = true;
                }
            }
            let order = super::super::orders::lines(state, &Orders { lines: vec![Order::Assassinate { target: d.target.clone(), assassin: d.assassin.clone(), bid: d.bid }], defaulted: false }).concat();
            events.push(Event::Unexecuted { party: d.party, order, reason: msg!("gd-attempt-stopped-by-card") });
            return;
        }
        if let Some(st) = state.fx.senators.get_mut(&d.assassin) {
            st.exhausted = true;
        }
        // "Impôts": a tax on assassinations is paid as the attempt is made
        // (or the tax law broken); the attempt goes ahead either way.
        common::pay_tax(state, d.party, TaxedAction::Assassination, Some(&d.assassin), events);
        let mut bids = vec![Bid { party: d.party, points: i32::from(d.bid), influence: influence(state, d.party) }];
        for q in in_initiative(state).into_iter().filter(|q| *q != d.party) {
            let points = i32::from(bid_on(state, q, &d.target, target_party));
            if points != 0 {
                bids.push(Bid { party: q, points, influence: influence(state, q) });
            }
        }
        let a = Attempt {
            assassin: d.assassin.clone(),
            target: d.target.clone(),
            shadow: d.shadow,
            atheist: false,
            master: d.master,
            target_diplomacy: diplomacy(state, &d.target),
            bids: bids.clone(),
            optional_rule: state.settings.optional_assassination,
        };
        let mut out = attempt(&a, dice);
        if answered.bonus != 0 {
            // "doit être dépensé avant ce lancé": on every die, as a bid.
            out.modifier += answered.bonus;
            for x in &mut out.dice {
                x.result += answered.bonus;
            }
            out.killed = out.dice.iter().any(super::assassination::AttemptDie::kills);
            out.corruption = out.dice.iter().filter(|x| x.corrupts()).count() as u32;
        }
        super::fight_skills::attempt_rerolls(state, d.party, &mut out, dice, events);
        for ((party, points, paid), b) in out.paid.iter().zip(&bids) {
            if let Some(ps) = state.fx.parties.get_mut(party) {
                ps.influence = ps.influence.saturating_sub(u8::try_from(*paid).unwrap_or(u8::MAX));
            }
            if *points != b.points {
                events.push(Event::BidShort { party: *party, target: d.target.clone(), wanted: b.points, paid: *points });
            }
        }
        events.push(Event::Attempt {
            assassin: d.assassin.clone(),
            party: d.party,
            target: d.target.clone(),
            target_party,
            bids: out.paid.iter().filter(|(_, p, _)| *p != 0).cloned().collect(),
            master: d.master,
            optional_rule: a.optional_rule,
            modifier: out.modifier,
            dice: out.dice.iter().map(|x| (x.face, x.result)).collect(),
            killed: out.killed,
            corruption: out.corruption,
        });
        if out.killed {
            kill(state, &d.target, events);
        }
        if out.corruption > 0 {
            common::corrupt(state, &d.assassin, out.corruption as u8, CorruptionWhy::Assassination, events);
        }
    }
}

fn ministry_msg(m: Ministry) -> Msg {
    Msg::new(format!("gd-ministry-{}", m.code().to_lowercase()))
}

/// The words of this module's events (the views call it for them).
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::StandingBid { senator, points, .. } => {
            let kind = match points.signum() {
                -1 => "protect",
                1 => "back",
                _ => "withdrawn",
            };
            let n = i64::from(points.unsigned_abs());
            match senator {
                Some(s) => msg!("gd-ev-standing-bid", senator = s.as_str(), kind = kind, points = n),
                None => msg!("gd-ev-standing-bid-all", kind = kind, points = n),
            }
        }
        Event::Attempt { assassin, party, target, target_party, bids, master, optional_rule, modifier, dice, killed, corruption } => {
            let b: Vec<Msg> = bids.iter().map(|(p, n, paid)| msg!("gd-attempt-bid", party = p.sigle(), points = format!("{n:+}"), paid = *paid)).collect();
            let d: Vec<String> = dice.iter().map(|(f, r)| if i64::from(*f) == i64::from(*r) { f.to_string() } else { format!("{f} ({r})") }).collect();
            msg!(
                "gd-ev-attempt",
                assassin = assassin.as_str(),
                party = party.sigle(),
                target = target.as_str(),
                target_party = target_party.sigle(),
                bids_count = b.len(),
                bids = b,
                master = if *master { "yes" } else { "no" },
                optional_rule = if *optional_rule { "yes" } else { "no" },
                modifier = format!("{modifier:+}"),
                dice = d,
                killed = if *killed { "yes" } else { "no" },
                corruption = *corruption,
            )
        }
        Event::Assassinated { senator, party, ministry } => match ministry {
            Some(m) => msg!("gd-ev-assassinated-minister", senator = senator.as_str(), party = party.sigle(), ministry = ministry_msg(*m)),
            None => msg!("gd-ev-assassinated", senator = senator.as_str(), party = party.sigle()),
        },
        Event::BidShort { target, wanted, paid, .. } => msg!("gd-ev-bid-short", target = target.as_str(), wanted = *wanted, paid = *paid, cost = i64::from(POINT)),
        _ => msg!("gd-none"),
    }
}

/// The reader's standing bids, for the private part of its report: the
/// order lines that would write them again, in its language.
pub fn standing_json(state: &GdState, party: PartyId, lang: Lang) -> Vec<Value> {
    let st = &state.intrigue.attempts;
    let en = lang == Lang::En;
    let mut v: Vec<Order> = Vec::new();
    if let Some(n) = st.all.get(&party) {
        v.push(Order::Standing { senator: None, points: *n });
    }
    for (s, n) in st.on.get(&party).into_iter().flatten() {
        v.push(Order::Standing { senator: Some(s.clone()), points: *n });
    }
    v.iter()
        .map(|o| {
            let alive = match o {
                Order::Standing { senator: Some(s), .. } => state.fx.senators.contains_key(s),
                _ => true,
            };
            json!({ "line": super::super::orders::parse::attempt_line(o, en), "alive": alive })
        })
        .collect()
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let (a, b) = (PartyId::Gsp, PartyId::Pop);
    let events = [
        Event::StandingBid { party: a, senator: Some("Fola".into()), points: -2 },
        Event::StandingBid { party: a, senator: Some("Fola".into()), points: 1 },
        Event::StandingBid { party: a, senator: Some("Fola".into()), points: 0 },
        Event::StandingBid { party: a, senator: None, points: -1 },
        Event::StandingBid { party: a, senator: None, points: 0 },
        Event::Attempt {
            assassin: "Gazali".into(),
            party: a,
            target: "Fola".into(),
            target_party: b,
            bids: vec![(a, 2, 10), (b, -1, 5)],
            master: true,
            optional_rule: true,
            modifier: 2,
            dice: vec![(4, 6), (1, 3)],
            killed: true,
            corruption: 1,
        },
        Event::Attempt {
            assassin: "Gazali".into(),
            party: a,
            target: "Fola".into(),
            target_party: b,
            bids: vec![],
            master: false,
            optional_rule: false,
            modifier: 0,
            dice: vec![(3, 3)],
            killed: false,
            corruption: 0,
        },
        Event::Assassinated { senator: "Fola".into(), party: b, ministry: Some(Ministry::PrimeMinister) },
        Event::Assassinated { senator: "Fola".into(), party: b, ministry: None },
        Event::BidShort { party: a, target: "Fola".into(), wanted: -3, paid: -1 },
    ];
    let mut v: Vec<Msg> = events.iter().map(event_msg).collect();
    v.push(msg!("gd-why-assassination"));
    v.push(msg!("gd-attempt-assassin-unfit", senator = "Gazali"));
    v.push(msg!("gd-attempt-target-gone", senator = "Fola"));
    v
}
