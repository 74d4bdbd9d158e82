//! The galactic court ("Négociation.": "si l'un ou l'autre des joueurs dans
//! l'accord estime qu'il a été trompé, il peut poursuivre en justice l'autre
//! joueur dans la cour galactique"), played with `tribunal = true` and a
//! game master (design note §5; RULINGS.md, Galactic Destiny, "Free laws
//! and the court").
//!
//! - S1: `PROCES A<n> [<sén>] "<version>"`: one party of a promise still
//!   running sues the other, its senator before the court (none: a single
//!   die, "réduit à un roulement du dé"). The suit `P<k>` is public; its
//!   version is the two parties' alone until the court sits.
//! - S2, first of all ("à l'extérieur de l'ordre de temps normal du jeu"):
//!   the defendant's `DEFENSE-PROCES A<n> [<sén>] "<version>"`; both
//!   senators are prosecuted (2d6 + corruption + 3 × shadow on their
//!   party's table, the verdicts carried out — no fee, and no trial of the
//!   turn used up), the lower total wins, a tie is broken by a die each,
//!   the higher winning; a natural 2 gives the opponent's senator 1
//!   corruption (instead of the Justice minister). Both versions are read
//!   out in court (public), the winner's is the promise's binding text,
//!   which nobody may break any more and the game master enforces.
//! - A suit the defendant does not answer: the plaintiff's version is
//!   ratified without trial. A promise broken (`ROMPRE`) or no longer
//!   binding (a rebellion) before the hearing: the suit is dropped.
//!
//! [`mj_items`] lists what the game master enforces: the free laws in
//! force (`L<n>`) and the suits pending or ratified on a promise still
//! running (`P<k>`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::msg;

use super::common;
use super::components::parties::Verdict;
use super::components::PartyId;
use super::events::{CorruptionWhy, Event};
use super::model::{Deal, GdState, Settings};
use super::orders::{Order, Orders};
use super::rebellion;
use super::senate::free;
use super::senate::voting::sentence;

/// The heading the court's rolls are logged under.
pub const HEADING: &str = "Négociation.";

/// One side before the court.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plea {
    pub party: PartyId,
    /// The senator it placed before the court (None: a single die).
    pub senator: Option<String>,
    /// What it says the promise was.
    pub version: String,
}

/// How a suit ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// `version` (the winner's) is the promise's binding text.
    Ratified { winner: PartyId, version: String, undefended: bool },
    /// Not heard: the promise was broken or bound nobody any more.
    Dropped,
}

/// A suit over a promise (`P<number>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suit {
    pub number: u32,
    /// The promise, `A<deal>`.
    pub deal: u32,
    /// The game turn it was filed (S1) and heard (S2).
    pub filed: u32,
    pub plaintiff: Plea,
    pub defendant: PartyId,
    pub defence: Option<Plea>,
    pub outcome: Option<Outcome>,
}

impl Suit {
    pub fn id(&self) -> String {
        format!("P{}", self.number)
    }
}

/// `propositions = "libres"` and `tribunal = true` ask a game master to
/// enforce what they produce: refused without `maitre_de_jeu = true`.
pub fn needs_game_master(settings: &Settings, game_master: bool) -> Result<(), String> {
    if game_master {
        return Ok(());
    }
    if settings.free_proposals {
        return Err("réglage `propositions = \"libres\"` : les lois libres sont appliquées par le maître de jeu ; il faut `maitre_de_jeu = true`".into());
    }
    if settings.court {
        return Err("réglage `tribunal` : les versions d'accord ratifiées par la cour sont appliquées par le maître de jeu ; il faut `maitre_de_jeu = true`".into());
    }
    Ok(())
}

/// The suit the court ratified on a promise, if any: such a promise may
/// not be broken ("On ne permet à aucun joueur d'annuler ce nouvel
/// accord").
pub fn ratified(state: &GdState, deal: u32) -> Option<&Suit> {
    state.suits.iter().find(|s| s.deal == deal && matches!(s.outcome, Some(Outcome::Ratified { .. })))
}

/// The binding text of a promise after the court's ruling.
pub fn binding_version(state: &GdState, deal: u32) -> Option<&str> {
    match &ratified(state, deal)?.outcome {
        Some(Outcome::Ratified { version, .. }) => Some(version),
        _ => None,
    }
}

/// The suit waiting for its hearing on a promise, if any.
pub fn pending(state: &GdState, deal: u32) -> Option<&Suit> {
    state.suits.iter().find(|s| s.deal == deal && s.outcome.is_none())
}

/// Whether `party` may sue over promise `deal` now: one of its two
/// parties, the promise running, unbroken, binding (no rebel), not already
/// ratified or sued.
pub fn suable(state: &GdState, party: PartyId, deal: u32) -> Result<&Deal, Msg> {
    let d = state.deals.iter().find(|d| d.number == deal).ok_or_else(|| msg!("gd-order-refused-unknown-deal", written = format!("A{deal}")))?;
    if !d.parties.contains(&party) {
        return Err(msg!("gd-order-refused-not-your-deal", deal = deal));
    }
    if d.broken.is_some() {
        return Err(msg!("gd-order-refused-deal-broken", deal = deal));
    }
    if d.until.is_some_and(|u| u < state.game_turn) {
        return Err(msg!("gd-law-refused-deal-over", deal = deal));
    }
    if !rebellion::deal_binds(state, d) {
        return Err(msg!("gd-law-refused-deal-rebel"));
    }
    if ratified(state, deal).is_some() {
        return Err(msg!("gd-law-refused-deal-ratified", deal = deal));
    }
    if pending(state, deal).is_some() {
        return Err(msg!("gd-law-refused-suit-pending", deal = deal));
    }
    Ok(d)
}

/// The suit `party` may answer on promise `deal`: the one waiting, of
/// which it is the defendant.
pub fn defensible(state: &GdState, party: PartyId, deal: u32) -> Result<&Suit, Msg> {
    match pending(state, deal) {
        Some(s) if s.defendant == party => Ok(s),
        _ => Err(msg!("gd-law-refused-no-suit", deal = deal)),
    }
}

/// S1 closes: the suits filed, parties in initiative order, each promise
/// sued once (the first suit filed; the other party answers it in S2).
pub fn file(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) {
    if !state.settings.court {
        return;
    }
    for p in common::in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            let Order::Sue { deal, senator, version } = line else { continue };
            let defendant = match suable(state, p, *deal) {
                Ok(d) => d.parties.iter().copied().find(|q| *q != p).unwrap_or(p),
                Err(reason) => {
                    events.push(Event::Unexecuted { party: p, order: "PROCES".into(), reason });
                    continue;
                }
            };
            let number = state.suits.len() as u32 + 1;
            state.suits.push(Suit {
                number,
                deal: *deal,
                filed: state.game_turn,
                plaintiff: Plea { party: p, senator: senator.clone(), version: version.clone() },
                defendant,
                defence: None,
                outcome: None,
            });
            events.push(Event::SuitFiled { suit: number, deal: *deal, plaintiff: p, defendant, senator: senator.clone() });
            events.push(Event::SuitVersion { suit: number, party: p, version: version.clone(), to: Some([p, defendant]) });
        }
    }
}

/// One side's roll: its senator's prosecution (if he is still its senator
/// in play), or a single die. Returns the total, the verdict and whether
/// the dice showed a natural 2.
fn roll(state: &GdState, suit: u32, plea: &Plea, dice: &mut Dice, events: &mut Vec<Event>) -> (u32, Option<(String, Verdict)>, bool) {
    let senator = plea.senator.clone().filter(|n| state.fx.senators.get(n).is_some_and(|s| s.party == plea.party));
    match senator {
        Some(n) => {
            let st = &state.fx.senators[&n];
            let d = dice.nd6(2, HEADING, format!("suit P{suit}: prosecution of {n} ({})", plea.party.sigle()));
            let modifier = u32::from(st.corruption) + 3 * u32::from(st.shadow);
            let total = d.iter().sum::<u32>() + modifier;
            let verdict = state.components.party(plea.party).and_then(|c| c.prosecution.verdict(total)).unwrap_or(Verdict::Innocent);
            let word = Verdict::WORDS.iter().find(|(_, v)| *v == verdict).map_or("innocent", |(w, _)| w);
            let natural_two = d.iter().sum::<u32>() == 2;
            events.push(Event::CourtRoll { suit, party: plea.party, senator: Some(n.clone()), dice: d, modifier, total, verdict: Some(word.to_string()) });
            (total, Some((n, verdict)), natural_two)
        }
        None => {
            let d = dice.d6(HEADING, format!("suit P{suit}: {} without a senator, a single die", plea.party.sigle()));
            events.push(Event::CourtRoll { suit, party: plea.party, senator: None, dice: vec![d], modifier: 0, total: d, verdict: None });
            (d, None, false)
        }
    }
}

/// S2 opens (after the any-step orders): every suit filed in S1 is heard.
pub fn hear(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    let waiting: Vec<usize> = (0..state.suits.len()).filter(|k| state.suits[*k].outcome.is_none()).collect();
    for k in waiting {
        let suit = state.suits[k].clone();
        let n = suit.number;
        let deal = state.deals.iter().find(|d| d.number == suit.deal).cloned();
        let dropped = match &deal {
            None => Some(msg!("gd-order-refused-unknown-deal", written = format!("A{}", suit.deal))),
            Some(d) if d.broken.is_some() => Some(msg!("gd-order-refused-deal-broken", deal = suit.deal)),
            Some(d) if !rebellion::deal_binds(state, d) => Some(msg!("gd-law-refused-deal-rebel")),
            Some(_) => None,
        };
        if let Some(reason) = dropped {
            state.suits[k].outcome = Some(Outcome::Dropped);
            events.push(Event::SuitDropped { suit: n, deal: suit.deal, reason });
            continue;
        }
        let defence = orders.get(&suit.defendant).and_then(|o| {
            o.lines.iter().rev().find_map(|l| match l {
                Order::DefendSuit { deal, senator, version } if *deal == suit.deal => Some(Plea { party: suit.defendant, senator: senator.clone(), version: version.clone() }),
                _ => None,
            })
        });
        // Read out in court: the versions are public from now on.
        events.push(Event::SuitVersion { suit: n, party: suit.plaintiff.party, version: suit.plaintiff.version.clone(), to: None });
        let Some(defence) = defence else {
            let outcome = Outcome::Ratified { winner: suit.plaintiff.party, version: suit.plaintiff.version.clone(), undefended: true };
            state.suits[k].outcome = Some(outcome);
            events.push(Event::SuitDecided { suit: n, deal: suit.deal, winner: suit.plaintiff.party, version: suit.plaintiff.version.clone(), undefended: true });
            continue;
        };
        events.push(Event::SuitVersion { suit: n, party: defence.party, version: defence.version.clone(), to: None });
        let (a_total, a_verdict, a_two) = roll(state, n, &suit.plaintiff, dice, events);
        let (b_total, b_verdict, b_two) = roll(state, n, &defence, dice, events);
        let mut plaintiff_wins = a_total < b_total;
        if a_total == b_total {
            let mut rounds = Vec::new();
            loop {
                let a = dice.d6(HEADING, format!("suit P{n}: tie, {}", suit.plaintiff.party.sigle()));
                let b = dice.d6(HEADING, format!("suit P{n}: tie, {}", defence.party.sigle()));
                rounds.push(vec![(suit.plaintiff.party, a), (defence.party, b)]);
                if a != b {
                    plaintiff_wins = a > b;
                    break;
                }
            }
            events.push(Event::CourtTie { suit: n, rolls: rounds });
        }
        // "Toutes les règles normales pour les poursuites s'appliquent":
        // the verdicts; a natural 2 corrupts the opponent's senator.
        let a_senator = a_verdict.as_ref().map(|(s, _)| s.clone());
        let b_senator = b_verdict.as_ref().map(|(s, _)| s.clone());
        for (two, other) in [(a_two, &b_senator), (b_two, &a_senator)] {
            if let (true, Some(s)) = (two, other) {
                common::corrupt(state, s, 1, CorruptionWhy::Court { suit: n }, events);
            }
        }
        for (v, party) in [(a_verdict, suit.plaintiff.party), (b_verdict, defence.party)] {
            if let Some((senator, verdict)) = v {
                if state.fx.senators.contains_key(&senator) {
                    sentence(state, senator, party, verdict, events);
                }
            }
        }
        let winner = if plaintiff_wins { &suit.plaintiff } else { &defence };
        events.push(Event::SuitDecided { suit: n, deal: suit.deal, winner: winner.party, version: winner.version.clone(), undefended: false });
        state.suits[k].outcome = Some(Outcome::Ratified { winner: winner.party, version: winner.version.clone(), undefended: false });
        state.suits[k].defence = Some(defence);
    }
}

/// The order form's reminders for `party` in S2: each suit waiting for its
/// answer, with the line that answers it.
pub fn form_notes(state: &GdState, party: PartyId) -> Vec<Msg> {
    if state.phase != super::model::Phase::Voting {
        return Vec::new();
    }
    state
        .suits
        .iter()
        .filter(|s| s.outcome.is_none() && s.defendant == party)
        .map(|s| msg!("gd-law-form-defence", id = s.id(), deal = s.deal, plaintiff = s.plaintiff.party.sigle()))
        .collect()
}

/// One item the game master enforces (`arbitre mj --etat`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MjItem {
    /// A free law in force: `id` is `L<n>`.
    FreeLaw { id: String, text: String, by: PartyId, until: u32 },
    /// A suit: waiting for its hearing (`version` None), or ratified on a
    /// promise still running (`version` the binding text). `id` is `P<k>`.
    Suit { id: String, deal: u32, parties: [PartyId; 2], plaintiff: PartyId, version: Option<String>, until: Option<u32> },
}

impl MjItem {
    /// Its stable id: `L<n>` (a free law) or `P<k>` (a suit).
    pub fn id(&self) -> &str {
        match self {
            MjItem::FreeLaw { id, .. } | MjItem::Suit { id, .. } => id,
        }
    }

    /// The item in words, for the game master.
    pub fn describe(&self) -> Msg {
        match self {
            MjItem::FreeLaw { id, text, by, until } => msg!("gd-law-mj-free-law", id = id.as_str(), text = text.as_str(), by = by.sigle(), until = *until),
            MjItem::Suit { id, deal, parties, plaintiff, version, until } => msg!(
                "gd-law-mj-suit",
                id = id.as_str(),
                deal = *deal,
                a = parties[0].sigle(),
                b = parties[1].sigle(),
                plaintiff = plaintiff.sigle(),
                pending = if version.is_some() { "no" } else { "yes" },
                version = version.clone().unwrap_or_default(),
                until = until.map_or(0, i64::from),
            ),
        }
    }
}

/// What the game master enforces now: the free laws in force (`L<n>`),
/// then the suits waiting for their hearing and the ratified promises still
/// running, unbroken (`P<k>`). Ids are stable for the whole game.
pub fn mj_items(state: &GdState) -> Vec<MjItem> {
    let mut v: Vec<MjItem> = free::in_force(state).map(|l| MjItem::FreeLaw { id: l.id(), text: l.text.clone(), by: l.by, until: l.until }).collect();
    for s in &state.suits {
        let Some(d) = state.deals.iter().find(|d| d.number == s.deal) else { continue };
        let running = d.broken.is_none() && d.until.is_none_or(|u| u >= state.game_turn);
        let version = match &s.outcome {
            None => None,
            Some(Outcome::Ratified { version, .. }) if running => Some(version.clone()),
            Some(_) => continue,
        };
        v.push(MjItem::Suit { id: s.id(), deal: s.deal, parties: d.parties, plaintiff: s.plaintiff.party, version, until: d.until });
    }
    v
}

/// The reports' public part: the free laws in force and the court's
/// suits (a pending suit without its version, which is the two parties'
/// alone until the hearing).
pub fn json(state: &GdState) -> Value {
    let laws: Vec<Value> = free::in_force(state)
        .map(|l| json!({ "id": l.id(), "text": l.text, "by": l.by.sigle(), "until": l.until, "turns_left": (l.until + 1).saturating_sub(state.game_turn.max(1)) }))
        .collect();
    let suits: Vec<Value> = state
        .suits
        .iter()
        .map(|s| {
            let (winner, version, undefended, dropped) = match &s.outcome {
                Some(Outcome::Ratified { winner, version, undefended }) => (Some(winner.sigle()), Some(version.clone()), *undefended, false),
                Some(Outcome::Dropped) => (None, None, false, true),
                None => (None, None, false, false),
            };
            json!({
                "id": s.id(),
                "deal": s.deal,
                "turn": s.filed,
                "plaintiff": s.plaintiff.party.sigle(),
                "defendant": s.defendant.sigle(),
                "pending": s.outcome.is_none(),
                "winner": winner,
                "version": version,
                "undefended": undefended,
                "dropped": dropped,
            })
        })
        .collect();
    json!({ "free_laws": laws, "suits": suits })
}

/// This module's events in words.
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::Unconstitutional { item, parties, of, struck } => {
            msg!("gd-law-ev-unconstitutional", item = *item, parties = parties.iter().map(|p| p.sigle().to_string()).collect::<Vec<_>>(), count = parties.len(), of = *of, struck = if *struck { "yes" } else { "no" })
        }
        Event::FreeLawPassed { number, text, until, by } => msg!("gd-law-ev-free-law-passed", id = format!("L{number}"), text = text.as_str(), until = *until, by = by.sigle()),
        Event::SuitFiled { suit, deal, plaintiff, defendant, senator } => msg!(
            "gd-law-ev-suit-filed",
            id = format!("P{suit}"),
            deal = *deal,
            plaintiff = plaintiff.sigle(),
            defendant = defendant.sigle(),
            senator = senator.clone().unwrap_or_default(),
            single = if senator.is_none() { "yes" } else { "no" },
        ),
        Event::SuitVersion { suit, party, version, .. } => msg!("gd-law-ev-suit-version", id = format!("P{suit}"), party = party.sigle(), version = version.as_str()),
        Event::CourtRoll { suit, party, senator, dice, modifier, total, verdict } => msg!(
            "gd-law-ev-court-roll",
            id = format!("P{suit}"),
            party = party.sigle(),
            senator = senator.clone().unwrap_or_default(),
            single = if senator.is_none() { "yes" } else { "no" },
            dice = dice.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + "),
            modifier = *modifier,
            total = *total,
            verdict = verdict.clone().unwrap_or_default(),
        ),
        Event::CourtTie { suit, rolls } => {
            let r: Vec<String> = rolls.iter().map(|round| round.iter().map(|(p, d)| format!("{} {d}", p.sigle())).collect::<Vec<_>>().join(" / ")).collect();
            msg!("gd-law-ev-court-tie", id = format!("P{suit}"), rolls = r)
        }
        Event::SuitDecided { suit, deal, winner, version, undefended } => msg!(
            "gd-law-ev-suit-decided",
            id = format!("P{suit}"),
            deal = *deal,
            winner = winner.sigle(),
            version = version.as_str(),
            undefended = if *undefended { "yes" } else { "no" },
        ),
        Event::SuitDropped { suit, deal, reason } => msg!("gd-law-ev-suit-dropped", id = format!("P{suit}"), deal = *deal, reason = reason.clone()),
        _ => msg!("gd-none"),
    }
}

/// One sample of every message of the free laws and the court, for the
/// catalogue check (`tests/messages.rs`).
pub fn samples() -> Vec<Msg> {
    let events = [
        Event::Unconstitutional { item: 2, parties: vec![PartyId::Gsp, PartyId::Bip], of: 3, struck: true },
        Event::Unconstitutional { item: 2, parties: vec![PartyId::Gsp], of: 3, struck: false },
        Event::FreeLawPassed { number: 1, text: "pas de guerre".into(), until: 3, by: PartyId::Bip },
        Event::SuitFiled { suit: 1, deal: 2, plaintiff: PartyId::Gsp, defendant: PartyId::Bip, senator: Some("Mashem".into()) },
        Event::SuitFiled { suit: 1, deal: 2, plaintiff: PartyId::Gsp, defendant: PartyId::Bip, senator: None },
        Event::SuitVersion { suit: 1, party: PartyId::Gsp, version: "10 argent".into(), to: None },
        Event::CourtRoll { suit: 1, party: PartyId::Gsp, senator: Some("Mashem".into()), dice: vec![3, 4], modifier: 1, total: 8, verdict: Some("coupable".into()) },
        Event::CourtRoll { suit: 1, party: PartyId::Bip, senator: None, dice: vec![4], modifier: 0, total: 4, verdict: None },
        Event::CourtTie { suit: 1, rolls: vec![vec![(PartyId::Gsp, 3), (PartyId::Bip, 5)]] },
        Event::SuitDecided { suit: 1, deal: 2, winner: PartyId::Gsp, version: "10 argent".into(), undefended: true },
        Event::SuitDecided { suit: 1, deal: 2, winner: PartyId::Gsp, version: "10 argent".into(), undefended: false },
        Event::SuitDropped { suit: 1, deal: 2, reason: msg!("gd-order-refused-deal-broken", deal = 2) },
    ];
    let mut v: Vec<Msg> = events.iter().map(event_msg).collect();
    v.extend([
        msg!("gd-law-why-court", suit = 1),
        msg!("gd-law-item-free", by = "BIP", text = "pas de guerre", turns = 2),
        msg!("gd-law-refused-deal-over", deal = 2),
        msg!("gd-law-refused-deal-ratified", deal = 2),
        msg!("gd-law-refused-suit-pending", deal = 2),
        msg!("gd-law-refused-no-suit", deal = 2),
        msg!("gd-law-refused-deal-rebel"),
        msg!("gd-law-form-defence", id = "P1", deal = 2, plaintiff = "GSP"),
    ]);
    let items = [
        MjItem::FreeLaw { id: "L1".into(), text: "pas de guerre".into(), by: PartyId::Bip, until: 3 },
        MjItem::Suit { id: "P1".into(), deal: 2, parties: [PartyId::Gsp, PartyId::Bip], plaintiff: PartyId::Gsp, version: None, until: Some(4) },
        MjItem::Suit { id: "P1".into(), deal: 2, parties: [PartyId::Gsp, PartyId::Bip], plaintiff: PartyId::Gsp, version: Some("10 argent".into()), until: None },
    ];
    v.extend(items.iter().map(MjItem::describe));
    v.extend(super::orders::court_samples());
    v
}


#[cfg(test)]
#[path = "court_tests.rs"]
mod tests;
