//! The card engine (issue #28; design note §2.3 "Answers to cards", §4.3–4.5;
//! "Les cartes action.", "Jouer des cartes.", "Phases des cartes.",
//! "Priorité des cartes.", "Ghost in the dark."; rulings G28, G29).
//!
//! [`resolve`] is called by the step machine in every step, right after the
//! assassinations and before the step's own business. In it:
//!
//! 1. the standing answers written in the step are recorded
//!    (`REPONSE … SI …`, `REPONSES AUCUNE`), each private to its party
//!    ([`Event::CardAnswerStanding`]) until it fires; they stand until used,
//!    withdrawn or the end of the game turn (an answer of an earlier game
//!    turn is dropped);
//! 2. every `CARTE` line of the step, parties in initiative order (worst
//!    first), lines in the order written: the card is checked again (in
//!    hand, its senator fresh, its cost payable, its target there), paid
//!    (base cost and the amount of a `variable` cost), its senator exhausted
//!    when it costs an action ("coût d'action"); then the standing answers
//!    of the *other* parties are tried ([`chain`]); if it still stands its
//!    effects are resolved ([`effects`]). Every card played or answered goes
//!    to the discard.
//!
//! A chain: the parties other than the card's player, in initiative order
//! (worst first), each standing answer in the order written; an answer fires
//! when its trigger fits, its card is still in hand, its priority is the
//! card's or lower ("Les cartes peuvent interférer avec d'autres cartes qui
//! ont le même numéro ou un numéro de priorité plus élevé") and its cost is
//! paid; the answer may itself be answered, the same way. A standing answer
//! is used once and a card leaves the hand when it fires, so a chain ends.
//! An answer that stands cancels the card it answers: `annule` (Distraction)
//! — the victim's costs are lost; `fantome` (Ghost in the Dark) — its costs
//! are refunded, its senator's action given back (G29).
//!
//! Contest cards (`CARTE "<c>" BATAILLE <secteur>` in B and B′, `CARTE
//! "<c>" CAMPAGNE <secteur>` in K; effects `des`, `bonus`, `pertes`) are
//! sealed: [`resolve`] leaves them to the battle or campaign they name,
//! which plays them when it is held ([`contest`]) — checked, paid, shown,
//! answered like any card — and adds their effects to their party's side;
//! one whose contest is not held (a Feint, a void campaign) goes back to
//! hand unpaid ([`contest_returned`]). `defense ±n` on a party's sector
//! (Fortifications) is a lasting effect the battles and campaigns read.
//! `veto` strikes a general proposal of S2's agenda (the vote skips it,
//! [`struck`]), `abroge` ends a law in force, `election` calls an election
//! that the next galactic phase honours ([`election_call`]), `deplace n`
//! lets n fleets that moved to a sector this turn move again; a card aimed
//! at an attempt (`cible assassinat`) answers an attempt about to be rolled
//! ([`on_attempt`]), stopping or altering it. A reroll card (Relance
//! tactique) stands on its party's battle rolls (`SI JET`): the battles
//! use it after the skills' rerolls ([`tactical`]) and it is paid then
//! ([`tactical_used`]). A Multitâche refreshes its senator again where it
//! is written among the campaign and invasion lines of its mail
//! ([`refresh_in_order`]: Bob's "campaign, Multitâche, campaign again").
//! The Feint's card line is refused by the order
//! checker as not refereed yet ([`refereed`]), never half-done.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::msg;

use super::common::in_initiative;
use super::components::cards::{ActionCard, Period};
use super::components::effects::{Effect, Resource, Target};
use super::components::interpret::{Subject, RESOURCE_MAX};
use super::components::{PartyId, SectorNo};
use super::events::{CorruptionWhy, Event};
use super::model::{GdState, Law, FLEETS_MAX};
use super::orders::{Order, Orders};

/// What a card played names with `CIBLE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardTarget {
    Party { party: PartyId },
    Senator { name: String },
    /// A sector; for `detruit`, whose fleets (`republic`: the Republic's).
    Sector {
        sector: SectorNo,
        #[serde(default)]
        party: Option<PartyId>,
        #[serde(default)]
        republic: bool,
    },
    /// A contest card's battle (`BATAILLE <secteur>`, B and B′).
    Battle { sector: SectorNo },
    /// A contest card's campaign (`CAMPAGNE <secteur>`, K).
    Campaign { sector: SectorNo },
    /// `veto`: a general proposal of the agenda (`CIBLE #<n>`, S2).
    Proposal { item: u32 },
    /// `abroge`: a law in force (`CIBLE <loi>` | `CIBLE IMPOT <action>`).
    Law { law: Law },
}

/// What a standing answer waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum Trigger {
    /// That card (its French name).
    Card { name: String },
    /// Any card.
    Any,
    /// A card that makes an assassination attempt.
    Assassination,
    /// The party's own battle dice once rolled (`JET [SEUIL <n>]`: a card
    /// that rerolls, Relance tactique): used on its lowest die when it shows
    /// `threshold` or less, else when the party is losing and a better die
    /// could change that (G16).
    Roll {
        #[serde(default)]
        threshold: Option<u8>,
    },
}

/// One standing answer (`REPONSE "<c>" SI … [DE <parti>] [CONTRE-MOI]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingAnswer {
    pub card: String,
    pub trigger: Trigger,
    #[serde(default)]
    pub from: Option<PartyId>,
    #[serde(default)]
    pub against_me: bool,
    /// The game turn it was written: it lapses at the end of that turn.
    pub turn: u32,
}

/// The card engine's state: standing answers (private to their party) and
/// the senators Multitâche refreshed, by the game turn it did (G28).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardsState {
    #[serde(default)]
    pub answers: BTreeMap<PartyId, Vec<StandingAnswer>>,
    #[serde(default)]
    pub multitasked: BTreeMap<String, u32>,
    /// Agenda items a `veto` card struck: (game turn, item); the senate's
    /// vote passes them over as it does the Prime Minister's vetoes.
    #[serde(default)]
    pub struck: Vec<(u32, u32)>,
    /// An `election` card played: its party and card, until the next
    /// galactic phase puts the marker on "élection" ([`election_call`]).
    #[serde(default)]
    pub election_call: Option<(PartyId, String)>,
}

/// How a card was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cancel {
    /// `annule`: base cost lost ("Priorité des cartes").
    Cancelled,
    /// `fantome`: costs refunded (G29).
    Ghost,
}

/// Whether `party` is a rebel ("La lutte pour toujours : La rébellion."):
/// a card of the senate period never targets a rebel.
pub fn is_rebel(state: &GdState, party: PartyId) -> bool {
    super::rebellion::is_rebel(state, party)
}

/// Whether the steps of `period` include `senate` (S1, S2) or the
/// intrigue's (I, B, C, K, P) ("Phases des cartes").
pub fn period_fits(period: Period, senate: bool) -> bool {
    match period {
        Period::General => true,
        Period::Senate => senate,
        Period::Intrigue => !senate,
    }
}

/// [`refereed`] in a game: a `manuel` card is played where a game master
/// is seated (#29, `mj`).
pub fn refereed_in(state: &GdState, card: &ActionCard) -> Option<Msg> {
    refereed(card).filter(|m| !(state.settings.game_master && m.id == "gd-card-refused-manual"))
}

/// Why a card cannot be played by this referee yet (None: it can): the
/// Feint (the lead's), the rerolls after the roll, contest effects on
/// anything but a battle or a campaign, an answer to an assassination, and
/// the effects whose target cannot say what they act on: `veto` and
/// `abroge` want `cible proposition` (and nothing else on the card),
/// `deplace` a sector.
pub fn refereed(card: &ActionCard) -> Option<Msg> {
    let contest_effect = |e: &Effect| matches!(e, Effect::Dice(_) | Effect::Bonus(_) | Effect::Losses(_));
    let by_target = match card.target {
        Target::Battle => rerolls(card).is_none() && card.effects.iter().any(|e| !contest_effect(e)),
        Target::Campaign => card.effects.iter().any(|e| !matches!(e, Effect::Dice(_) | Effect::Bonus(_))),
        Target::Assassination => !answers(card),
        Target::Proposal => !matches!(card.effects.as_slice(), [Effect::Veto | Effect::Repeal]),
        Target::Sector | Target::OwnSector => card.effects.iter().any(|e| contest_effect(e) || matches!(e, Effect::Veto | Effect::Repeal)),
        _ => card.effects.iter().any(|e| contest_effect(e) || matches!(e, Effect::Veto | Effect::Repeal | Effect::Move(_))),
    };
    let not_yet = by_target || (card.effects.iter().any(|e| matches!(e, Effect::Reroll(_))) && rerolls(card).is_none());
    if card.effects.contains(&Effect::Feint) {
        return Some(msg!("gd-order-refused-not-yet"));
    }
    if not_yet {
        return Some(msg!("gd-card-refused-not-yet", card = card.name_fr.as_str()));
    }
    if card.effects.iter().any(|e| matches!(e, Effect::Manual(_))) {
        return Some(msg!("gd-card-refused-manual", card = card.name_fr.as_str()));
    }
    None
}

/// The sector a contest card's line names (`BATAILLE`/`CAMPAGNE <n>`).
pub fn contest_sector(t: Option<&CardTarget>) -> Option<(bool, SectorNo)> {
    match t {
        Some(CardTarget::Battle { sector }) => Some((true, *sector)),
        Some(CardTarget::Campaign { sector }) => Some((false, *sector)),
        _ => None,
    }
}

/// What the contest cards played by one party in one contest add to its
/// side ("Bonus de batailles.", "Résolution des campagnes."): dice rolled
/// besides its own, points added to its total, hits its side takes less
/// (`pertes -n`) or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ContestMods {
    #[serde(default)]
    pub dice: i32,
    #[serde(default)]
    pub bonus: i64,
    #[serde(default)]
    pub losses: i32,
}

/// Plays the sealed contest cards of one battle (`battle`) or campaign at
/// `sector` when the step closes, for the parties taking part (`parties`):
/// each line, parties in initiative order, is checked again, paid, shown
/// ([`Event::CardPlayed`]), may be answered like any card ([`chain`]), and
/// its effects are added to its party's side. A line of a party not taking
/// part at the close is not executed; its card stays in hand, unpaid.
pub fn contest(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, battle: bool, sector: SectorNo, parties: &[PartyId], events: &mut Vec<Event>) -> BTreeMap<PartyId, ContestMods> {
    let mut out: BTreeMap<PartyId, ContestMods> = BTreeMap::new();
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            let Order::PlayCard { card: name, target, extra, .. } = line else { continue };
            if contest_sector(target.as_ref()) != Some((battle, sector)) {
                continue;
            }
            let Some(card) = state.components.action(name).cloned() else { continue };
            let reason = if parties.contains(&p) { unfit(state, p, &card, None, None, *extra) } else { Some(msg!("gd-card-contest-not-in", card = name.as_str())) };
            if let Some(reason) = reason {
                let order = super::orders::lines(state, &Orders { lines: vec![line.clone()], defaulted: false }).concat();
                events.push(Event::Unexecuted { party: p, order, reason });
                continue;
            }
            let (amount, resource) = cost_of(&card, *extra);
            take_from_hand(state, p, name);
            pay(state, p, resource, amount);
            state.fx.action_discard.push(name.clone());
            events.push(Event::CardPlayed { party: p, card: name.clone(), by: None, target: target.clone(), paid: amount, resource });
            let live = Live { party: p, card: name.clone(), priority: card.priority, aimed_at: Vec::new(), assassination: false, paid: amount, resource, senator: None };
            if let Some(how) = chain(state, &live, 1, events) {
                settle(state, &live, how, events);
                continue;
            }
            let m = out.entry(p).or_default();
            let mut done = Vec::new();
            for e in &card.effects {
                match e {
                    Effect::Dice(n) => m.dice += i32::from(*n),
                    Effect::Bonus(n) => m.bonus += i64::from(*n),
                    Effect::Losses(n) => m.losses += i32::from(*n),
                    _ => continue,
                }
                done.push(e.text());
            }
            events.push(Event::CardResolved { party: p, card: name.clone(), effects: done });
        }
    }
    out
}

/// The sealed contest cards of the step whose contest was not held
/// (`held`: the sectors fought or campaigned; a Feint called every battle
/// off): each goes back to its party's hand, unpaid, as its party alone is
/// told.
pub fn contest_returned(state: &GdState, orders: &BTreeMap<PartyId, Orders>, battle: bool, held: &[SectorNo], events: &mut Vec<Event>) {
    for (p, o) in orders {
        for line in &o.lines {
            let Order::PlayCard { card, target, .. } = line else { continue };
            match contest_sector(target.as_ref()) {
                Some((b, n)) if b == battle && !held.contains(&n) => {
                    let order = super::orders::lines(state, &Orders { lines: vec![line.clone()], defaulted: false }).concat();
                    events.push(Event::Unexecuted { party: *p, order, reason: msg!("gd-card-contest-returned", card = card.as_str()) });
                }
                _ => {}
            }
        }
    }
}

/// Whether an answer's card may answer at all: `annule` or `fantome`; a
/// card whose `cible` is `assassinat` may also alter the attempt's roll
/// (`bonus ±n` only).
pub fn answers(card: &ActionCard) -> bool {
    cancels(card) || (card.target == Target::Assassination && !card.effects.is_empty() && card.effects.iter().all(|e| matches!(e, Effect::Bonus(_)))) || rerolls(card).is_some()
}

/// A card that answers a roll (`cible bataille`, `relance n` its only
/// effect): its n.
pub fn rerolls(card: &ActionCard) -> Option<u8> {
    match (card.target, card.effects.as_slice()) {
        (Target::Battle, [Effect::Reroll(n)]) => Some(*n),
        _ => None,
    }
}

/// The party's standing answer to its battle roll (`REPONSE "<c>" SI JET
/// [SEUIL <n>]`), if one of this game turn has its card in hand and
/// payable: its rerolls and when they are wanted (the first such answer in
/// the order written).
pub fn tactical(state: &GdState, party: PartyId) -> Option<(u8, super::intrigue::fight_skills::When)> {
    use super::intrigue::fight_skills::When;
    state.cards.answers.get(&party)?.iter().find_map(|a| {
        let Trigger::Roll { threshold } = a.trigger else { return None };
        let card = state.components.action(&a.card)?;
        let (amount, resource) = cost_of(card, 0);
        let n = rerolls(card)?;
        (a.turn == state.game_turn && in_hand(state, party, &a.card) && has(state, party, resource, amount)).then_some((n, threshold.map_or(When::Losing, |t| When::AtMost(u32::from(t)))))
    })
}

/// The battle used the party's [`tactical`] answer: it fires — used, its
/// card paid and discarded, shown (`card_played`); the rerolls themselves
/// are shown with both dice (`rerolled`). Played after the roll, it is
/// answered by no card ("Roulement de dé.": once the dice are rolled
/// "plus rien ne peut être fait pour changer le résultat, autre que des
/// cartes ou des compétences qui accordent spécifiquement un relancé").
pub fn tactical_used(state: &mut GdState, party: PartyId, events: &mut Vec<Event>) {
    let usable = |a: &StandingAnswer, card: &ActionCard| matches!(a.trigger, Trigger::Roll { .. }) && rerolls(card).is_some();
    if let Some((a, _, paid, resource)) = fire_next(state, party, usable) {
        events.push(Event::CardPlayed { party, card: a.card, by: None, target: None, paid, resource });
    }
}

fn cancels(card: &ActionCard) -> bool {
    card.effects.iter().any(|e| matches!(e, Effect::Cancel | Effect::Ghost))
}

/// What the standing answers to one assassination attempt did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AttemptAnswers {
    /// Stopped by an `annule` (the assassin's action spent) or `fantome`
    /// (given back) answer.
    pub stopped: Option<Cancel>,
    /// The `bonus ±n` of the answers that altered it: on every die.
    pub bonus: i32,
}

/// The answers to an attempt (`cible assassinat`, "an answer that stops or
/// alters one"): when an attempt is about to be rolled, the standing
/// `REPONSE … SI ASSASSINAT` of the parties other than the attacker whose
/// card's `cible` is `assassinat`, in initiative order (worst first), each
/// in the order written, fire as a chain's answers do (trigger, `DE`,
/// `CONTRE-MOI` on their own senator, card in hand, cost paid) — the attempt
/// being no card, no priority is compared — and may themselves be
/// answered by cards. One that cancels stops the attempt; one with `bonus`
/// adds to its roll. An attempt made by the assassination card was already
/// open to the cancelling answers as a card (the chain): only the altering
/// ones act on it here.
pub fn on_attempt(state: &mut GdState, attacker: PartyId, assassin: &str, target: &str, target_party: PartyId, by_card: bool, events: &mut Vec<Event>) -> AttemptAnswers {
    let mut out = AttemptAnswers::default();
    let attempt = Live { party: attacker, card: String::new(), priority: 5, aimed_at: vec![target_party], assassination: true, paid: 0, resource: None, senator: None };
    for q in in_initiative(state).into_iter().filter(|q| *q != attacker) {
        let usable = |a: &StandingAnswer, card: &ActionCard| {
            card.target == Target::Assassination && a.trigger == Trigger::Assassination && fits(a, q, &attempt) && !(by_card && cancels(card)) && answers(card)
        };
        while let Some((a, card, amount, resource)) = fire_next(state, q, usable) {
            events.push(Event::CardAnswered { party: q, card: a.card.clone(), to: attacker, answered: format!("{assassin} → {target}"), depth: 1 });
            let me = Live { party: q, card: a.card.clone(), priority: card.priority, aimed_at: vec![attacker], assassination: false, paid: amount, resource, senator: None };
            if let Some(how) = chain(state, &me, 2, events) {
                settle(state, &me, how, events);
                continue;
            }
            events.push(Event::CardResolved { party: q, card: a.card.clone(), effects: card.effects.iter().map(Effect::text).collect() });
            if cancels(&card) {
                out.stopped = Some(if card.effects.contains(&Effect::Ghost) { Cancel::Ghost } else { Cancel::Cancelled });
                return out;
            }
            out.bonus += card.effects.iter().map(|e| if let Effect::Bonus(n) = e { i32::from(*n) } else { 0 }).sum::<i32>();
        }
    }
    out
}

/// The cost a card asks: base amount and resource.
fn cost_of(card: &ActionCard, extra: u8) -> (u8, Option<Resource>) {
    (card.cost.amount.saturating_add(extra), card.cost.resource)
}

fn has(state: &GdState, p: PartyId, r: Option<Resource>, n: u8) -> bool {
    r.is_none_or(|r| state.fx.parties.get(&p).is_some_and(|x| x.get(r) >= n))
}

fn pay(state: &mut GdState, p: PartyId, r: Option<Resource>, n: u8) {
    if let (Some(r), Some(x)) = (r, state.fx.parties.get_mut(&p)) {
        match r {
            Resource::Money => x.money = x.money.saturating_sub(n),
            Resource::Influence => x.influence = x.influence.saturating_sub(n),
        }
    }
}

fn refund(state: &mut GdState, p: PartyId, r: Option<Resource>, n: u8) {
    if let (Some(r), Some(x)) = (r, state.fx.parties.get_mut(&p)) {
        match r {
            Resource::Money => x.money = x.money.saturating_add(n).min(RESOURCE_MAX),
            Resource::Influence => x.influence = x.influence.saturating_add(n).min(RESOURCE_MAX),
        }
    }
}

/// Takes one copy of `card` from `p`'s hand; false if it has none.
fn take_from_hand(state: &mut GdState, p: PartyId, card: &str) -> bool {
    let Some(hand) = state.fx.parties.get_mut(&p).map(|x| &mut x.hand) else { return false };
    match hand.iter().position(|c| c == card) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

fn in_hand(state: &GdState, p: PartyId, card: &str) -> bool {
    state.fx.parties.get(&p).is_some_and(|x| x.hand.iter().any(|c| c == card))
}

/// The subject a `CIBLE` names (none for a proposal or a law).
pub fn subject(t: &CardTarget) -> Option<Subject> {
    match t {
        CardTarget::Party { party } => Some(Subject::Party(*party)),
        CardTarget::Senator { name } => Some(Subject::Senator(name.clone())),
        CardTarget::Sector { sector, .. } | CardTarget::Battle { sector } | CardTarget::Campaign { sector } => Some(Subject::Sector(*sector)),
        CardTarget::Proposal { .. } | CardTarget::Law { .. } => None,
    }
}

/// A card on the table: what a chain needs to know of it.
struct Live {
    party: PartyId,
    card: String,
    priority: u8,
    /// The parties it acts on (`CONTRE-MOI`).
    aimed_at: Vec<PartyId>,
    assassination: bool,
    paid: u8,
    resource: Option<Resource>,
    senator: Option<String>,
}

fn fits(a: &StandingAnswer, answerer: PartyId, live: &Live) -> bool {
    let on = match &a.trigger {
        Trigger::Card { name } => *name == live.card,
        Trigger::Any => true,
        Trigger::Assassination => live.assassination,
        Trigger::Roll { .. } => false,
    };
    on && a.from.is_none_or(|p| p == live.party) && (!a.against_me || live.aimed_at.contains(&answerer))
}

/// The first standing answer of `q` (in the order written) of this game
/// turn that is `usable`, its card in hand and payable: fired — the answer
/// used, its card paid and on the table (the discard). Returns it, its
/// card and what was paid.
fn fire_next(state: &mut GdState, q: PartyId, usable: impl Fn(&StandingAnswer, &ActionCard) -> bool) -> Option<(StandingAnswer, ActionCard, u8, Option<Resource>)> {
    let list = state.cards.answers.get(&q)?;
    let (i, a, card) = list.iter().enumerate().find_map(|(i, a)| {
        let card = state.components.action(&a.card)?;
        let (amount, resource) = cost_of(card, 0);
        (a.turn == state.game_turn && usable(a, card) && in_hand(state, q, &a.card) && has(state, q, resource, amount)).then(|| (i, a.clone(), card.clone()))
    })?;
    let (amount, resource) = cost_of(&card, 0);
    state.cards.answers.get_mut(&q).expect("listed").remove(i);
    take_from_hand(state, q, &a.card);
    pay(state, q, resource, amount);
    state.fx.action_discard.push(a.card.clone());
    Some((a, card, amount, resource))
}

/// Tries the standing answers of the parties other than `live`'s on it
/// (module documentation); returns how it was cancelled, if it was.
fn chain(state: &mut GdState, live: &Live, depth: u32, events: &mut Vec<Event>) -> Option<Cancel> {
    for q in in_initiative(state).into_iter().filter(|q| *q != live.party) {
        // A card aimed at an attempt answers only the assassination card,
        // and only by cancelling it.
        let usable = |a: &StandingAnswer, card: &ActionCard| fits(a, q, live) && card.priority <= live.priority && cancels(card) && (card.target != Target::Assassination || live.assassination);
        while let Some((a, card, amount, resource)) = fire_next(state, q, usable) {
            events.push(Event::CardAnswered { party: q, card: a.card.clone(), to: live.party, answered: live.card.clone(), depth });
            let me = Live { party: q, card: a.card.clone(), priority: card.priority, aimed_at: vec![live.party], assassination: false, paid: amount, resource, senator: None };
            match chain(state, &me, depth + 1, events) {
                Some(how) => settle(state, &me, how, events),
                None => {
                    return Some(if card.effects.contains(&Effect::Ghost) { Cancel::Ghost } else { Cancel::Cancelled });
                }
            }
        }
    }
    None
}

/// A card cancelled: said, and under Ghost its costs given back (G29).
fn settle(state: &mut GdState, live: &Live, how: Cancel, events: &mut Vec<Event>) {
    if how == Cancel::Ghost {
        refund(state, live.party, live.resource, live.paid);
        if let Some(st) = live.senator.as_ref().and_then(|n| state.fx.senators.get_mut(n)) {
            st.exhausted = false;
        }
    }
    events.push(Event::CardCancelled { party: live.party, card: live.card.clone(), how, refunded: if how == Cancel::Ghost { live.paid } else { 0 } });
}

/// Records the standing answers written in the step.
fn record(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) {
    let turn = state.game_turn;
    for v in state.cards.answers.values_mut() {
        v.retain(|a| a.turn == turn);
    }
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            match line {
                Order::NoAnswers => {
                    state.cards.answers.remove(&p);
                    events.push(Event::CardAnswerStanding { party: p, answer: None });
                }
                Order::Answer { card, trigger, from, against_me } => {
                    let a = StandingAnswer { card: card.clone(), trigger: trigger.clone(), from: *from, against_me: *against_me, turn };
                    state.cards.answers.entry(p).or_default().push(a.clone());
                    events.push(Event::CardAnswerStanding { party: p, answer: Some(a) });
                }
                _ => {}
            }
        }
    }
}

/// Plays the step's standing answers and cards (module documentation).
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    record(state, orders, events);
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        for line in &o.lines {
            if let Order::PlayCard { card, by, target, extra } = line {
                if contest_sector(target.as_ref()).is_some() {
                    continue; // sealed: played when its contest is (`contest`)
                }
                play(state, p, line, card, by.as_deref(), target.as_ref(), *extra, dice, events);
            }
        }
    }
}

/// Why a card line no longer holds when its step is played.
fn unfit(state: &GdState, p: PartyId, card: &ActionCard, by: Option<&str>, target: Option<&CardTarget>, extra: u8) -> Option<Msg> {
    if !in_hand(state, p, &card.name_fr) {
        return Some(msg!("gd-card-not-in-hand", card = card.name_fr.as_str()));
    }
    if let Some(n) = by {
        let fresh = state.fx.senators.get(n).is_some_and(|s| s.party == p && !s.exhausted && !s.seduced) && !state.recruited.contains(n);
        if !fresh {
            return Some(msg!("gd-card-senator-unfit", senator = n));
        }
    }
    let (amount, resource) = cost_of(card, extra);
    if !has(state, p, resource, amount) {
        return Some(super::common::lacks(p, resource.unwrap_or(Resource::Money), u32::from(amount)));
    }
    let gone = match target {
        Some(CardTarget::Senator { name }) => !state.fx.senators.contains_key(name),
        Some(CardTarget::Sector { sector, .. }) if card.target == Target::OwnSector => state.fx.sectors.get(sector).and_then(|s| s.owner) != Some(p),
        _ => false,
    };
    let gone = gone
        || match target {
            Some(CardTarget::Proposal { item }) => !proposal_standing(state, *item),
            Some(CardTarget::Law { law }) => !law_in_force(state, *law),
            _ => false,
        };
    if gone {
        return Some(msg!("gd-card-target-gone"));
    }
    if card.effects.contains(&Effect::Refresh) {
        if let Some(CardTarget::Senator { name }) = target {
            if state.cards.multitasked.get(name) == Some(&state.game_turn) {
                return Some(msg!("gd-card-multitask-once", senator = name.as_str()));
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn play(state: &mut GdState, p: PartyId, line: &Order, name: &str, by: Option<&str>, target: Option<&CardTarget>, extra: u8, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(card) = state.components.action(name).cloned() else { return };
    if let Some(reason) = unfit(state, p, &card, by, target, extra) {
        let order = super::orders::lines(state, &Orders { lines: vec![line.clone()], defaulted: false }).concat();
        events.push(Event::Unexecuted { party: p, order, reason });
        return;
    }
    let (amount, resource) = cost_of(&card, extra);
    take_from_hand(state, p, name);
    pay(state, p, resource, amount);
    state.fx.action_discard.push(name.to_string());
    if let Some(st) = by.and_then(|n| state.fx.senators.get_mut(n)) {
        st.exhausted = true;
    }
    events.push(Event::CardPlayed { party: p, card: name.to_string(), by: by.map(str::to_string), target: target.cloned(), paid: amount, resource });
    let subjects = subjects(state, p, &card, target, dice);
    let mut aimed_at: Vec<PartyId> = subjects.iter().filter_map(|s| state.fx.party_of(s)).collect();
    aimed_at.dedup();
    let live = Live {
        party: p,
        card: name.to_string(),
        priority: card.priority,
        aimed_at,
        assassination: card.effects.iter().any(|e| matches!(e, Effect::Assassination(_))),
        paid: amount,
        resource,
        senator: by.map(str::to_string),
    };
    if let Some(how) = chain(state, &live, 1, events) {
        settle(state, &live, how, events);
        return;
    }
    effects(state, p, &card, by, target, &subjects, dice, events);
}

/// What the card's `cible` resolves to.
fn subjects(state: &GdState, p: PartyId, card: &ActionCard, target: Option<&CardTarget>, dice: &mut Dice) -> Vec<Subject> {
    let chosen = target.and_then(subject);
    state.fx.resolve(card.target, Some(p), chosen.as_ref(), (None, None), dice).unwrap_or_default()
}

/// Resolves a card that stands: each effect in the order printed.
#[allow(clippy::too_many_arguments)]
fn effects(state: &mut GdState, p: PartyId, card: &ActionCard, by: Option<&str>, target: Option<&CardTarget>, subjects: &[Subject], dice: &mut Dice, events: &mut Vec<Event>) {
    let mut done: Vec<String> = Vec::new();
    for e in &card.effects {
        match e {
            Effect::Corruption(n) if *n > 0 => {
                for s in subjects {
                    if let Subject::Senator(name) = s {
                        super::common::corrupt(state, name, n.unsigned_abs(), CorruptionWhy::Card { card: card.name_fr.clone() }, events);
                    }
                }
            }
            Effect::Refresh => {
                for s in subjects {
                    if let Subject::Senator(name) = s {
                        state.cards.multitasked.insert(name.clone(), state.game_turn);
                    }
                }
                let _ = state.fx.apply(e, Some(p), subjects, dice);
            }
            Effect::SeeHand => {
                for s in subjects {
                    if let Subject::Party(of) = s {
                        let mut cards = state.fx.parties.get(of).map(|x| x.hand.clone()).unwrap_or_default();
                        cards.sort();
                        events.push(Event::HandSeen { party: p, target: *of, cards });
                    }
                }
            }
            Effect::Assassination(plus) => {
                if let (Some(assassin), Some(Subject::Senator(t))) = (by, subjects.first()) {
                    super::intrigue::attempts::card_attempt(state, p, assassin, t, plus.unsigned_abs(), dice, events);
                }
            }
            Effect::Prosecution => {
                for s in subjects {
                    if let Subject::Senator(name) = s {
                        if state.fx.senators.contains_key(name) && !state.tried.contains(name) {
                            super::senate::voting::hold_trial(state, name.clone(), p, "card", dice, events);
                        }
                    }
                }
            }
            Effect::Fleets(n) => {
                for s in subjects {
                    if let Subject::Sector(at) = s {
                        let room = u32::from(FLEETS_MAX).saturating_sub(state.fleets_of(p));
                        let here = state.fleets.entry(*at).or_default().entry(p).or_default();
                        if *n > 0 {
                            *here = here.saturating_add(u8::try_from(room.min(u32::from(n.unsigned_abs()))).unwrap_or(0));
                        } else {
                            *here = here.saturating_sub(n.unsigned_abs());
                        }
                        if *here == 0 {
                            state.fleets.get_mut(at).map(|m| m.remove(&p));
                        }
                    }
                }
            }
            Effect::Destroy(n) => {
                if let Some(CardTarget::Sector { sector, party, republic }) = target {
                    destroy(state, *sector, *party, *republic, *n);
                }
            }
            Effect::Republic(n) => republic(state, *n),
            // A game master rules it (#29, `mj`): an item awaiting it.
            Effect::Manual(text) => super::mj::open_item(state, &card.name_fr, text, Some(p), events),
            Effect::Move(n) => {
                // "Les flottes peuvent seulement se déplacer une fois par
                // tour": up to n of the party's fleets that moved to (or
                // were declared at) the sector may move once more.
                let Some(CardTarget::Sector { sector, .. }) = target else { continue };
                let Some(c) = state.intrigue.invasions.committed.get_mut(sector).and_then(|m| m.get_mut(&p)) else { continue };
                *c = c.saturating_sub(*n);
                state.intrigue.invasions.committed.retain(|_, m| {
                    m.retain(|_, k| *k > 0);
                    !m.is_empty()
                });
            }
            Effect::Veto => {
                // The Prime Minister's veto ("Compétences de ministère"),
                // without the post nor its influence: the item is struck.
                let Some(CardTarget::Proposal { item }) = target else { continue };
                if !proposal_standing(state, *item) {
                    continue;
                }
                state.cards.struck.push((state.game_turn, *item));
                events.push(Event::Vetoed { item: *item, by: p });
            }
            Effect::Repeal => {
                let Some(CardTarget::Law { law }) = target else { continue };
                if !law_in_force(state, *law) {
                    continue;
                }
                state.laws.retain(|l| l.law != *law);
                events.push(Event::LawLapsed { law: *law });
            }
            Effect::Election => state.cards.election_call = Some((p, card.name_fr.clone())),
            _ => {
                if state.fx.apply(e, Some(p), subjects, dice).is_err() {
                    continue;
                }
            }
        }
        done.push(e.text());
    }
    state.fleets.retain(|_, m| !m.is_empty());
    events.push(Event::CardResolved { party: p, card: card.name_fr.clone(), effects: done });
}

/// Whether agenda item `item` is a general proposal (a law, a trade) of
/// this turn's agenda not struck yet, by the Prime Minister or a card.
fn proposal_standing(state: &GdState, item: u32) -> bool {
    use super::model::Item;
    let general = matches!(state.agenda.get((item as usize).wrapping_sub(1)), Some(Item::Law { .. } | Item::Trade { .. }));
    general && !struck(state).contains(&item)
}

fn law_in_force(state: &GdState, law: Law) -> bool {
    state.laws.iter().any(|l| l.law == law && l.until >= state.game_turn)
}

/// The agenda items `veto` cards struck this game turn (the senate's vote
/// skips them).
pub fn struck(state: &GdState) -> Vec<u32> {
    state.cards.struck.iter().filter(|(t, _)| *t == state.game_turn).map(|(_, i)| *i).collect()
}

/// The galactic phase's step (9): an `election` card played since the last
/// one puts the marker on "élection", as the Prime Minister's call does
/// ("Compétences de ministère": "appeler une élection dans la phase
/// galactique"), so the senate that follows elects.
pub fn election_call(state: &mut GdState) {
    if state.cards.election_call.take().is_some() {
        state.election_marker = 0;
    }
}

fn destroy(state: &mut GdState, sector: SectorNo, party: Option<PartyId>, republic: bool, n: u8) {
    if republic {
        let here = state.republic_at.entry(sector).or_default();
        let k = n.min(*here);
        *here -= k;
        state.fx.republic_fleets = state.fx.republic_fleets.saturating_sub(k);
        state.republic_at.retain(|_, c| *c > 0);
    } else if let Some(q) = party {
        if let Some(here) = state.fleets.get_mut(&sector).and_then(|m| m.get_mut(&q)) {
            *here = here.saturating_sub(n);
        }
        if let Some(m) = state.fleets.get_mut(&sector) {
            m.retain(|_, c| *c > 0);
        }
    }
}

/// `republique ±n`: new Republic fleets go to sector 1 (as the galactic
/// phase's free one), up to [`super::components::interpret::REPUBLIC_MAX`];
/// fleets removed come from the sectors holding most.
fn republic(state: &mut GdState, n: i8) {
    use super::components::interpret::REPUBLIC_MAX;
    if n > 0 {
        let k = (REPUBLIC_MAX.saturating_sub(state.fx.republic_fleets)).min(n.unsigned_abs());
        *state.republic_at.entry(1).or_default() += k;
        state.fx.republic_fleets += k;
    } else {
        for _ in 0..n.unsigned_abs() {
            let Some((&at, _)) = state.republic_at.iter().filter(|(_, c)| **c > 0).max_by_key(|(s, c)| (**c, std::cmp::Reverse(**s))) else { break };
            *state.republic_at.get_mut(&at).expect("listed") -= 1;
            state.fx.republic_fleets -= 1;
        }
        state.republic_at.retain(|_, c| *c > 0);
    }
}

/// The senator a card line of the step refreshed, if it is a Multitâche
/// (`regenere`) whose card stood and was resolved this game turn (G28):
/// the campaigns' declarations read the lines in order
/// (`intrigue::campaigns::declare`).
pub fn refreshes(state: &GdState, line: &Order) -> Option<String> {
    let Order::PlayCard { card, target: Some(CardTarget::Senator { name }), .. } = line else { return None };
    let refresh = state.components.action(card).is_some_and(|c| c.effects.contains(&Effect::Refresh));
    (refresh && state.cards.multitasked.get(name) == Some(&state.game_turn)).then(|| name.clone())
}

/// For the declarations that read a party's lines in order (campaigns,
/// invasions): whether `line` is a Multitâche of the step ([`refreshes`]);
/// if so, and an earlier line of the mail sent its senator (`sent`), he is
/// refreshed here, for the lines after it.
pub fn refresh_in_order(state: &mut GdState, line: &Order, sent: &mut Vec<String>) -> bool {
    let Some(n) = refreshes(state, line) else { return false };
    if let Some(i) = sent.iter().position(|s| *s == n) {
        sent.remove(i);
        if let Some(st) = state.fx.senators.get_mut(&n) {
            st.exhausted = false;
        }
    }
    true
}

/// The reader's standing answers of this game turn, for the private part
/// of its report: the order lines that would write them again.
pub fn answers_json(state: &GdState, party: PartyId, lang: crate::i18n::Lang) -> Vec<serde_json::Value> {
    let en = lang == crate::i18n::Lang::En;
    state
        .cards
        .answers
        .get(&party)
        .into_iter()
        .flatten()
        .filter(|a| a.turn == state.game_turn)
        .map(|a| {
            let o = Order::Answer { card: a.card.clone(), trigger: a.trigger.clone(), from: a.from, against_me: a.against_me };
            serde_json::json!({ "line": super::orders::words::line_in(state, &o, en), "in_hand": in_hand(state, party, &a.card) })
        })
        .collect()
}

/// The words of this module's events (the views call it for them).
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::CardPlayed { party, card, by, target, paid, resource } => msg!(
            "gd-ev-card-played",
            party = party.sigle(),
            card = card.as_str(),
            has_by = if by.is_some() { "yes" } else { "no" },
            by = by.clone().unwrap_or_default(),
            has_target = if target.is_some() { "yes" } else { "no" },
            target = target.as_ref().map(target_text).unwrap_or_default(),
            paid = *paid,
            resource = resource.map_or("none", |r| r.word()),
        ),
        Event::CardAnswered { party, card, to, answered, depth } => {
            msg!("gd-ev-card-answered", party = party.sigle(), card = card.as_str(), to = to.sigle(), answered = answered.as_str(), depth = *depth)
        }
        Event::CardCancelled { party, card, how, refunded } => msg!(
            "gd-ev-card-cancelled",
            party = party.sigle(),
            card = card.as_str(),
            how = if *how == Cancel::Ghost { "ghost" } else { "cancelled" },
            refunded = *refunded,
        ),
        Event::CardResolved { party, card, effects } => msg!("gd-ev-card-resolved", party = party.sigle(), card = card.as_str(), effects = effects.join(", ")),
        Event::CardAnswerStanding { answer, .. } => match answer {
            None => msg!("gd-ev-answers-withdrawn"),
            Some(a) => msg!("gd-ev-answer-standing", card = a.card.as_str(), trigger = trigger_text(a)),
        },
        _ => msg!("gd-none"),
    }
}

fn target_text(t: &CardTarget) -> String {
    match t {
        CardTarget::Party { party } => party.sigle().to_string(),
        CardTarget::Senator { name } => name.clone(),
        CardTarget::Sector { sector, party, republic } => match (party, republic) {
            (_, true) => format!("{sector} REPUBLIQUE"),
            (Some(q), _) => format!("{sector} {}", q.sigle()),
            _ => sector.to_string(),
        },
        CardTarget::Battle { sector } => format!("BATAILLE {sector}"),
        CardTarget::Campaign { sector } => format!("CAMPAGNE {sector}"),
        CardTarget::Proposal { item } => format!("#{item}"),
        CardTarget::Law { law } => super::orders::words::law(false, *law, false),
    }
}

fn trigger_text(a: &StandingAnswer) -> String {
    let mut t = match &a.trigger {
        Trigger::Card { name } => format!("\"{name}\""),
        Trigger::Any => "CARTE".into(),
        Trigger::Assassination => "ASSASSINAT".into(),
        Trigger::Roll { threshold: None } => "JET".into(),
        Trigger::Roll { threshold: Some(n) } => format!("JET SEUIL {n}"),
    };
    if let Some(p) = a.from {
        t.push_str(&format!(" DE {}", p.sigle()));
    }
    if a.against_me {
        t.push_str(" CONTRE-MOI");
    }
    t
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    use PartyId::{Bip, Gsp};
    let a = StandingAnswer { card: "Distraction".into(), trigger: Trigger::Card { name: "Public Humiliation".into() }, from: Some(Bip), against_me: true, turn: 1 };
    let mut v: Vec<Msg> = [
        Event::CardPlayed { party: Bip, card: "Public Humiliation".into(), by: Some("Fola".into()), target: Some(CardTarget::Senator { name: "Mashem".into() }), paid: 3, resource: Some(Resource::Influence) },
        Event::CardPlayed { party: Bip, card: "Collecte de fonds".into(), by: None, target: None, paid: 0, resource: None },
        Event::CardAnswered { party: Gsp, card: "Distraction".into(), to: Bip, answered: "Public Humiliation".into(), depth: 1 },
        Event::CardCancelled { party: Bip, card: "Public Humiliation".into(), how: Cancel::Cancelled, refunded: 0 },
        Event::CardCancelled { party: Bip, card: "Public Humiliation".into(), how: Cancel::Ghost, refunded: 3 },
        Event::CardResolved { party: Bip, card: "Collecte de fonds".into(), effects: vec!["gagne 6 argent".into()] },
        Event::CardAnswerStanding { party: Gsp, answer: Some(a) },
        Event::CardAnswerStanding { party: Gsp, answer: None },
    ]
    .iter()
    .map(event_msg)
    .collect();
    v.extend([
        msg!("gd-card-refused-not-yet", card = "Feint"),
        msg!("gd-card-refused-manual", card = "Feint"),
        msg!("gd-card-not-in-hand", card = "Feint"),
        msg!("gd-card-senator-unfit", senator = "Fola"),
        msg!("gd-card-target-gone"),
        msg!("gd-card-multitask-once", senator = "Fola"),
        msg!("gd-why-card", card = "Public Humiliation"),
        msg!("gd-card-contest-not-in", card = "Attaque de flanc"),
        msg!("gd-card-contest-returned", card = "Attaque de flanc"),
        msg!("gd-attempt-stopped-by-card"),
    ]);
    v
}

#[cfg(test)]
#[path = "cards_proptests.rs"]
mod proptests;
