//! "La carte \"Feint\"." (design note §2.2–2.3, ruling G13): the one Feint
//! round of a game turn.
//!
//! - **B**: every party is awaited anyway; `FEINTE` plays a Feint card from
//!   the hand. When B closes, [`play`] takes the Feint players in initiative
//!   order, worst first: each still holding a Feint pays its cost and
//!   discards it; its declarations of the turn are cancelled
//!   ([`super::invasions::cancel_declarations`]: fleets back, invasions
//!   withdrawn, their corruption taken back, admirals still exhausted). No
//!   battle is fought; B's other answers are kept for B′.
//! - **F windows** ([`Phase::Feints`]): each Feint player declares again,
//!   alone, in initiative order (one sealed step with `declarations =
//!   "simultanees"`); "Personne d'autre ne peut changer ses déclarations":
//!   a window takes its mover's orders only.
//! - **B′** ([`Phase::BattlesAgain`]): every party answers again, no new
//!   Feint (one round a turn); a party silent in B′ keeps its B answers
//!   ([`answers`]); then the battles.
//!
//! Who plays a Feint is public once it is played (the card is shown), so
//! the F windows awaiting the Feint players tell nothing hidden; a Feint
//! written in B stays sealed until B closes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::components::cards::ActionCard;
use super::super::components::effects::Effect;
use super::super::components::PartyId;
use super::super::events::Event;
use super::super::model::{Declarations, GdState, Phase};
use super::super::orders::{Order, Orders};

/// The Feint round of the turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Round {
    /// The Feint players, in initiative order (worst first): one F window
    /// each. Empty while no Feint was played this turn.
    #[serde(default)]
    pub movers: Vec<PartyId>,
    /// B's answers of every party, played in B′ for a party silent there.
    /// Private: never shown.
    #[serde(default)]
    pub kept: BTreeMap<PartyId, Orders>,    /// The party whose Defence minister redeployed the Republic's fleet
    /// when B closed (`intrigue::defence`): B′ follows even without Feint.
    #[serde(default)]
    pub redeployed: Option<PartyId>,
}

/// Whether B opened the Feint round: a Feint played or the Republic's
/// fleet redeployed.
pub fn opened(s: &GdState) -> bool {
    !s.intrigue.invasions.feint.movers.is_empty() || s.intrigue.invasions.feint.redeployed.is_some()
}

/// The card a `FEINTE` plays: the first card of the party's hand whose
/// effect is the Feint.
pub fn feint_card(state: &GdState, party: PartyId) -> Option<&ActionCard> {
    let hand = &state.fx.parties.get(&party)?.hand;
    hand.iter().find_map(|name| state.components.actions.iter().find(|c| &c.name_fr == name && c.effects.contains(&Effect::Feint)))
}

/// The name of the Feint card in this game's components (for messages).
pub fn feint_name(state: &GdState) -> String {
    state.components.actions.iter().find(|c| c.effects.contains(&Effect::Feint)).map_or_else(|| "Feint".to_string(), |c| c.name_fr.clone())
}

/// What the party lacks to pay a Feint now, if anything.
pub fn unpaid(state: &GdState, party: PartyId, card: &ActionCard) -> Option<crate::i18n::Msg> {
    let r = card.cost.resource?;
    let have = state.fx.parties.get(&party).map_or(0, |ps| ps.get(r));
    (have < card.cost.amount).then(|| super::super::common::lacks(party, r, u32::from(card.cost.amount)))
}

/// Plays the Feints written in B when it closes; true when a round opens
/// (then no battle is fought in this step). A Feint line whose party no
/// longer holds the card or cannot pay is not carried out, said to it.
pub fn play(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, events: &mut Vec<Event>) -> bool {
    if state.phase != Phase::Battles || opened(state) {
        return false;
    }
    // The Defence minister's redeployment works as a Feint: the Republic
    // declares first.
    let redeployed = super::defence::redeploy(state, orders, events);
    let order: Vec<PartyId> = state.initiative.iter().copied().filter(|p| orders.contains_key(p)).collect();
    let mut movers = Vec::new();
    for p in order {
        let Some(line) = orders[&p].lines.iter().find(|o| **o == Order::Feint) else { continue };
        let card = feint_card(state, p).cloned();
        let reason = match &card {
            None => Some(crate::msg!("galactic-destiny-lacks-card", party = p.sigle(), card = feint_name(state))),
            Some(c) => unpaid(state, p, c),
        };
        if let Some(reason) = reason {
            let order = super::super::orders::words::line_in(state, line, false);
            events.push(Event::Unexecuted { party: p, order, reason });
            continue;
        }
        let card = card.expect("checked above");
        if let Some(ps) = state.fx.parties.get_mut(&p) {
            if let Some(r) = card.cost.resource {
                let slot = match r {
                    super::super::components::effects::Resource::Money => &mut ps.money,
                    super::super::components::effects::Resource::Influence => &mut ps.influence,
                };
                *slot -= card.cost.amount;
            }
            if let Some(i) = ps.hand.iter().position(|n| *n == card.name_fr) {
                ps.hand.remove(i);
            }
        }
        state.fx.action_discard.push(card.name_fr.clone());
        events.push(Event::FeintPlayed { party: p, card: card.name_fr.clone() });
        movers.push(p);
    }
    if movers.is_empty() && !redeployed {
        return false;
    }
    for p in &movers {
        super::invasions::cancel_declarations(state, *p, events);
    }
    let kept = orders.iter().map(|(p, o)| (*p, Orders { lines: o.lines.iter().filter(|l| **l != Order::Feint && !matches!(l, Order::Redeploy { .. })).cloned().collect(), defaulted: o.defaulted })).collect();
    let redeployed = state.intrigue.invasions.feint.redeployed;
    state.intrigue.invasions.feint = Round { movers, kept, redeployed };
    true
}

/// The first F step after B (or B′ when no Feint player is still played).
pub fn first_window(s: &GdState) -> Phase {
    match s.settings.declarations {
        Declarations::Sealed if live_movers(s).next().is_some() => Phase::Feints { window: None },
        Declarations::Sealed => Phase::BattlesAgain,
        Declarations::Windows => window_from(s, 0),
    }
}

/// The first F window at or after place `k` of the movers whose party is
/// still played; past the last, B′.
pub fn window_from(s: &GdState, k: usize) -> Phase {
    let live = |p: PartyId| s.seats.iter().any(|x| x.party == Some(p) && !x.resigned);
    match s.intrigue.invasions.feint.movers.iter().enumerate().skip(k).find(|(_, p)| live(**p)) {
        Some((i, _)) => Phase::Feints { window: Some(i as u8) },
        None => Phase::BattlesAgain,
    }
}

fn live_movers(s: &GdState) -> impl Iterator<Item = &PartyId> {
    s.intrigue.invasions.feint.movers.iter().filter(|p| s.seats.iter().any(|x| x.party == Some(**p) && !x.resigned))
}

/// B′'s answers for the battles: a party's B′ lines, or, when it sent none,
/// what it wrote in B.
pub fn answers(state: &GdState, orders: &BTreeMap<PartyId, Orders>) -> BTreeMap<PartyId, Orders> {
    let kept = &state.intrigue.invasions.feint.kept;
    let mut out = orders.clone();
    for (p, o) in kept {
        let silent = out.get(p).is_none_or(|x| x.lines.is_empty());
        if silent {
            out.insert(*p, o.clone());
        }
    }
    out
}

/// The Feint round's events in words; None for the others.
pub fn event_msg(e: &Event) -> Option<crate::i18n::Msg> {
    use crate::msg;
    Some(match e {
        Event::FeintPlayed { party, card } => msg!("gd-ev-feint-played", party = party.sigle(), card = card.as_str()),
        Event::FeintCancelled { party, sectors, fleets_back, uncorrupted } => msg!(
            "gd-ev-feint-cancelled",
            party = party.sigle(),
            invasions = sectors.len(),
            sectors = sectors.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", "),
            fleets = *fleets_back,
            senators = if uncorrupted.is_empty() { "none".to_string() } else { uncorrupted.join(", ") },
        ),
        _ => return None,
    })
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    use crate::msg;
    let mut all: Vec<crate::i18n::Msg> = [
        Event::FeintPlayed { party: PartyId::Pop, card: "Feint".into() },
        Event::FeintCancelled { party: PartyId::Pop, sectors: vec![12, 31], fleets_back: 5, uncorrupted: vec!["Fola".into()] },
        Event::FeintCancelled { party: PartyId::Pop, sectors: vec![], fleets_back: 0, uncorrupted: vec![] },
    ]
    .iter()
    .filter_map(event_msg)
    .collect();
    all.push(msg!("gd-feint-note"));
    all.push(msg!("gd-feint-once"));
    all.push(msg!("gd-form-feints"));
    all.push(msg!("gd-form-battles-again"));
    all
}
