//! The simulated parties' cards (`arbitre demo`, the robot of `pnj =
//! "robot"`): affordable, useful plays and a standing answer against cards
//! aimed at them ("Jouer des cartes.", "Priorité des cartes.").
//!
//! - Any step: a Distraction or a Ghost in the Dark in hand and no standing
//!   answer with it this game turn → `REPONSE "<c>" SI CARTE CONTRE-MOI`;
//!   a Relance tactique → `REPONSE "<c>" SI JET` (G16's rule); a card aimed
//!   at attempts → `REPONSE "<c>" SI ASSASSINAT CONTRE-MOI`.
//! - S1: "Collecte de fonds" with the action of the party's least diplomatic
//!   fresh senator, when it has another fresh one.
//! - P: "Renforts" on one of its sectors when it has room for fleets and
//!   money beyond what its purchases keep (they keep 6, the card costs 4).
//!
//! - B, B′: now and then (2 in 6) "Attaque de flanc" on the first battle it
//!   fights in (its fleets there, its invasion, its sector), with money to
//!   spare (6);
//! - K: now and then (2 in 6) "Discours enflammé" on the first campaign it
//!   takes part in (its campaign, its sector), with influence to spare (8).
//!
//! Informers are not
//! played by the robots (what they see would be theirs to know, but the
//! no-leak test reads every hand name in another party's text as a leak).

use crate::dice::Dice;

use super::components::cards::Play;
use super::components::{PartyId, SectorNo};
use super::intrigue::battle::Force;
use super::model::{GdState, Phase, FLEETS_MAX};
use super::orders::Order;
use super::cards::{answers, rerolls, CardTarget, Trigger};
use super::components::effects::Target;

const RULE: &str = "joueur simulé";
/// The hand limit of the end of a turn: a card the purchases' robot may
/// drop (`DEFAUSSER` takes the cards past it) is never played.
const HAND_MAX: usize = 7;

fn hand(s: &GdState, p: PartyId) -> &[String] {
    s.fx.parties.get(&p).map_or(&[], |x| x.hand.as_slice())
}

/// The card lines of the simulated party `p` for the step now open.
pub fn cards(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut v = Vec::new();
    let h = hand(s, p);
    let standing: Vec<&str> = s.cards.answers.get(&p).into_iter().flatten().filter(|a| a.turn == s.game_turn).map(|a| a.card.as_str()).collect();
    for c in h.iter().take(HAND_MAX) {
        let Some(card) = s.components.action(c) else { continue };
        if card.play != Play::Play && answers(card) && !standing.contains(&c.as_str()) && !v.iter().any(|o| matches!(o, Order::Answer { card, .. } if card == c)) {
            // A reroll card stands on the party's battle rolls (G16's
            // rule), a card aimed at attempts on attempts on its senators.
            let (trigger, against_me) = if rerolls(card).is_some() {
                (Trigger::Roll { threshold: None }, false)
            } else if card.target == Target::Assassination {
                (Trigger::Assassination, true)
            } else {
                (Trigger::Any, true)
            };
            v.push(Order::Answer { card: c.clone(), trigger, from: None, against_me });
        }
    }
    let has = |name: &str| h.iter().take(HAND_MAX).any(|c| c == name);
    let money = s.fx.parties.get(&p).map_or(0, |x| x.money);
    match s.phase {
        Phase::Filing if has("Collecte de fonds") => {
            let mut fresh: Vec<&String> = s.senators_of(p).filter(|n| s.fx.senators.get(*n).is_some_and(|x| !x.exhausted && !x.seduced) && !s.recruited.contains(*n)).collect();
            fresh.sort_by_key(|n| (s.components.senator(n).map_or(0, |c| c.diplomacy), (*n).clone()));
            if fresh.len() >= 2 && dice.chance_in_6(4, RULE, "collecte de fonds") {
                v.push(Order::PlayCard { card: "Collecte de fonds".into(), by: Some(fresh[0].clone()), target: None, extra: 0 });
            }
        }
        Phase::Purchases if has("Renforts") && money >= 10 && s.fleets_of(p) + 2 <= u32::from(FLEETS_MAX) => {
            let sectors = s.sectors_of(p);
            if let Some(i) = dice.pick_index(sectors.len(), RULE, "secteur des renforts") {
                v.push(Order::PlayCard { card: "Renforts".into(), by: None, target: Some(CardTarget::Sector { sector: sectors[i], party: None, republic: false }), extra: 0 });
            }
        }
        Phase::Battles | Phase::BattlesAgain if has("Attaque de flanc") && money >= 6 => {
            let inv = &s.intrigue.invasions.invasions;
            let fights = |n: SectorNo| {
                inv.iter().any(|d| d.sector == n && d.force == Force::Party(p))
                    || s.fleets.get(&n).is_some_and(|m| m.get(&p).is_some_and(|k| *k > 0))
                    || s.fx.sectors.get(&n).and_then(|x| x.owner) == Some(p)
            };
            if let Some(n) = inv.iter().map(|d| d.sector).find(|n| fights(*n)) {
                if dice.chance_in_6(2, RULE, "attaque de flanc") {
                    v.push(Order::PlayCard { card: "Attaque de flanc".into(), by: None, target: Some(CardTarget::Battle { sector: n }), extra: 0 });
                }
            }
        }
        Phase::Canvass if has("Discours enflammé") && s.fx.parties.get(&p).is_some_and(|x| x.influence >= 8) => {
            let campaigns = &s.intrigue.campaigns.campaigns;
            let mine = campaigns.iter().map(|d| d.sector).find(|n| campaigns.iter().any(|d| d.sector == *n && d.party == p) || s.fx.sectors.get(n).and_then(|x| x.owner) == Some(p));
            if let Some(n) = mine {
                if dice.chance_in_6(2, RULE, "discours enflammé") {
                    v.push(Order::PlayCard { card: "Discours enflammé".into(), by: None, target: Some(CardTarget::Campaign { sector: n }), extra: 0 });
                }
            }
        }
        _ => {}
    }
    v
}
