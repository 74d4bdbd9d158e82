//! What each party may know after a step (design note §7, the part I
//! subset), as JSON for the templates (`templates/galactic-destiny/`): the
//! header and the turn's schedule, the step in words from its events (every
//! die), the board as a table, the parties, the senators in play, the
//! senate, the Ke'Ras, and — for the reader alone — its hand with the cards'
//! texts and its waiting senators. The public chronicle is the same without
//! the private part; the order form is the simulated party's proposal.
//!
//! Hidden information (the no-leak list of §7): another party's action
//! cards and waiting senators are only counted; an event about a private
//! matter ([`Event::readers`]) reaches its readers only; a card traded, or a
//! senator traded while waiting, is named to the two traders only; no deck's
//! content or order is shown (decks are counted).

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::game::{FamilyKey, FormLine, ViewContext};
use crate::i18n::{Lang, Msg};
use crate::msg;

use super::components::effects::Resource;
use super::components::interpret::{SenatorState, Subject};
use super::components::{declaration, PartyId};
use super::events::{CorruptionWhy, DefaultKind, Event, VoteOn};
use super::common::tax_action_name;
use super::galactic::InfestationOdds;
use super::model::{Ending, FleetGroup, GdState, Item, Law, Phase, TaxedAction, SECTORS_TO_END};
use super::orders::{words, Goods};
use super::senate::voting::strength_and_limit;
use super::senate::Ministry;

/// Mixed into the game's seed for the pre-filled form's simulated party
/// (its own dice: the form must not hint at the next step's rolls).
const FORM_SEED: u64 = 0x6764_666f_726d_0001;

pub fn ministry_msg(m: Ministry) -> Msg {
    Msg::new(format!("gd-ministry-{}", m.code().to_lowercase()))
}

fn law_msg(l: Law) -> Msg {
    super::common::law_name("gd-law-", l)
}

fn resource_word(r: Resource) -> &'static str {
    match r {
        Resource::Money => "money",
        Resource::Influence => "influence",
    }
}

fn sigles(v: &[PartyId]) -> Vec<String> {
    v.iter().map(|p| p.sigle().to_string()).collect()
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// Whether `viewer` (None: the public) may know the name of an action card
/// or a waiting senator that went between `a` and `b`.
fn private_to(viewer: Option<PartyId>, a: PartyId, b: PartyId) -> bool {
    viewer.is_some_and(|v| v == a || v == b)
}

/// One side of a trade in words; a card, or a senator not in play, is
/// named to the traders only.
fn goods_msg(w: &Words, g: &Goods, named: bool) -> Msg {
    match g {
        Goods::Resource { resource, amount } => msg!("gd-goods-resource", amount = *amount, resource = resource_word(*resource)),
        Goods::Sector { sector } => msg!("gd-goods-sector", sector = *sector),
        Goods::Senator { name } if named || w.in_play.contains_key(name) => msg!("gd-goods-senator", name = name.as_str()),
        Goods::Senator { .. } => msg!("gd-goods-waiting-senator"),
        Goods::Card { name } if named => msg!("gd-goods-card", name = name.as_str()),
        Goods::Card { .. } => msg!("gd-goods-hidden-card"),
        Goods::Fleets { count, sector } => msg!("gd-goods-fleets", count = *count, sector = *sector),
    }
}

fn goods_list(w: &Words, v: &[Goods], named: bool) -> Msg {
    if v.is_empty() {
        return msg!("gd-goods-nothing");
    }
    let items: Vec<Msg> = v.iter().map(|g| goods_msg(w, g, named)).collect();
    msg!("gd-list", items = items)
}

fn why_msg(w: &CorruptionWhy) -> Msg {
    match w {
        CorruptionWhy::BrokenDeal { deal } => msg!("gd-why-broken-deal", deal = *deal),
        CorruptionWhy::BrokenLaw { law } => msg!("gd-why-broken-law", law = law_msg(*law)),
        CorruptionWhy::Audit => msg!("gd-why-audit"),
        CorruptionWhy::Dishonoured => msg!("gd-why-dishonoured"),
        CorruptionWhy::Event { card } => msg!("gd-why-event", card = card.as_str()),
        CorruptionWhy::Assassination => msg!("gd-why-assassination"),
        CorruptionWhy::FleetAdmiral => msg!("gd-why-fleet-admiral"),
        CorruptionWhy::Invasion { sector } => msg!("gd-why-invasion", sector = *sector),
        CorruptionWhy::CorruptSkill { ministry } => super::powers::why_msg(*ministry),
        CorruptionWhy::Card { card } => msg!("gd-why-card", card = card.as_str()),
        CorruptionWhy::Court { suit } => msg!("gd-law-why-court", suit = *suit),
        CorruptionWhy::FreeLaw { number } => msg!("gd-mj-why-free-law", law = *number),
    }
}

fn group_msg(g: &FleetGroup) -> Msg {
    msg!(
        "gd-fleet-group",
        count = g.count,
        to = g.to,
        from = g.from.map_or_else(|| "none".to_string(), |f| f.to_string()),
        attack = yes(g.attack),
        admiral = g.admiral.clone().unwrap_or_else(|| "none".into()),
    )
}

fn groups_msg(groups: &[FleetGroup]) -> Msg {
    msg!("gd-list", items = groups.iter().map(group_msg).collect::<Vec<_>>())
}

/// An agenda item in words (`#n` is printed by the template).
pub fn item_msg(i: &Item) -> Msg {
    match i {
        Item::Fleet { by, groups } => msg!("gd-item-fleet", by = by.sigle(), groups = groups_msg(groups)),
        Item::Indictment { by, senator } => msg!("gd-item-indictment", by = by.sigle(), senator = senator.as_str()),
        Item::Law { by, law, turns } => msg!("gd-item-law", by = by.sigle(), law = law_msg(*law), turns = *turns),
        Item::Trade { a, b, a_gives, b_gives } => {
            // Put to the senate, the trade is public: its cards are named.
            let (agenda, in_play) = (Vec::new(), BTreeMap::new());
            let w = Words { agenda: &agenda, in_play: &in_play };
            msg!("gd-item-trade", a = a.sigle(), b = b.sigle(), a_gives = goods_list(&w, a_gives, true), b_gives = goods_list(&w, b_gives, true))
        }
        Item::Peace { by } => msg!("gd-item-peace", by = by.sigle()),
        Item::FreeLaw { by, text, turns } => msg!("gd-law-item-free", by = by.sigle(), text = text.as_str(), turns = *turns),
    }
}

fn ending_msg(e: &Ending) -> Msg {
    match e {
        Ending::Ministries { winner } => msg!("gd-ending-ministries", winner = winner.sigle()),
        Ending::Sectors { winner } => msg!("gd-ending-sectors", winner = winner.sigle(), sectors = SECTORS_TO_END),
        Ending::Infested => msg!("gd-ending-infested", sectors = SECTORS_TO_END),
        Ending::TurnLimit { winners } => msg!("gd-ending-turn-limit", winners = sigles(winners)),
        Ending::Abandoned => msg!("gd-ending-abandoned"),
    }
}

fn default_word(k: DefaultKind) -> &'static str {
    match k {
        DefaultKind::NothingFiled => "nothing-filed",
        DefaultKind::Abstained => "abstained",
        DefaultKind::Passed => "passed",
        DefaultKind::NoDeclaration => "no-declaration",
        DefaultKind::NoAnswer => "no-answer",
    }
}

fn vote_on_msg(w: &Words, on: &VoteOn) -> Msg {
    match on {
        VoteOn::Post { ministry } => msg!("gd-vote-on-post", ministry = ministry_msg(*ministry)),
        VoteOn::Item { item } => match w.agenda.get((*item as usize).wrapping_sub(1)) {
            Some(i) => msg!("gd-vote-on-item", item = *item, what = item_msg(i)),
            None => msg!("gd-vote-on-item", item = *item, what = msg!("gd-goods-nothing")),
        },
        VoteOn::Fleet => msg!("gd-vote-on-fleet"),
    }
}

/// What the words of an event look up: the agenda the step voted on (the
/// state it was played from), the senators in play after it (a senator
/// traded while waiting is named to the traders only).
pub struct Words<'a> {
    pub agenda: &'a [Item],
    pub in_play: &'a BTreeMap<String, SenatorState>,
}

impl<'a> Words<'a> {
    pub fn of(before: &'a GdState, after: &'a GdState) -> Words<'a> {
        Words { agenda: &before.agenda, in_play: &after.fx.senators }
    }
}

/// An event in words, as `viewer` may read it (None: the public).
pub fn event_msg(w: &Words, e: &Event, viewer: Option<PartyId>) -> Msg {
    let pair = |a: &PartyId, b: &PartyId| format!("{} / {}", a.sigle(), b.sigle());
    match e {
        Event::Setup { parties, by_lot } => {
            let seated: Vec<String> = parties.iter().map(|(p, n)| format!("{} ({n})", p.sigle())).collect();
            msg!("gd-ev-setup", parties = seated, by_lot = yes(*by_lot))
        }
        Event::TooFewParties { players, least } => msg!("galactic-destiny-too-few-parties", players = *players, least = *least),
        Event::GalacticPhase { turn } => msg!("gd-ev-galactic-phase", turn = *turn),
        Event::Refreshed => msg!("gd-ev-refreshed"),
        Event::RepublicFleetFree { sector } => msg!("gd-ev-republic-fleet-free", sector = *sector),
        Event::EventDrawn { card, subjects, lasting } => {
            let on: Vec<String> = subjects
                .iter()
                .map(|x| match x {
                    Subject::Party(p) => p.sigle().to_string(),
                    Subject::Senator(n) => n.clone(),
                    Subject::Sector(n) => n.to_string(),
                })
                .collect();
            msg!("gd-ev-event-drawn", card = card.as_str(), count = on.len(), subjects = on, lasting = yes(*lasting))
        }
        Event::EventEffectNotRefereed { card, effect } => msg!("gd-ev-event-not-refereed", card = card.as_str(), effect = effect.as_str()),
        Event::EventEnded { card } => msg!("gd-ev-event-ended", card = card.as_str()),
        Event::SectorsMarked { sectors } => msg!("gd-ev-sectors-marked", sectors = sectors.iter().map(|n| n.to_string()).collect::<Vec<_>>()),
        Event::Drew { party, actions, senators } => msg!("gd-ev-drew", party = party.sigle(), actions = *actions, senators = *senators),
        Event::InfestationRoll { dice, modifiers, total, infested } => msg!(
            "gd-ev-infestation-roll",
            dice = dice.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
            modifiers = if modifiers.is_empty() { vec![msg!("gd-none")] } else { modifiers.iter().map(|(w, n)| msg!("gd-modifier", what = w.as_str(), n = format!("{n:+}"))).collect() },
            total = *total,
            count = infested.len(),
            infested = infested.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
        ),
        Event::Infested { sector, owner, retreats } => {
            let moves: Vec<Msg> = retreats
                .iter()
                .map(|(p, n, to)| msg!("gd-retreat", party = p.map_or_else(|| "republic".to_string(), |p| p.sigle().to_string()), count = *n, to = *to))
                .collect();
            msg!("gd-ev-infested", sector = *sector, owner = owner.map_or("none", |p| p.sigle()), count = moves.len(), retreats = moves)
        }
        Event::Income { party, money, influence } => msg!("gd-ev-income", party = party.sigle(), money = *money, influence = *influence),
        Event::ElectionMarker { marker, due } => msg!("gd-ev-election-marker", marker = *marker, due = yes(*due)),
        Event::ElectionCall { by, honoured } => msg!("gd-ev-election-call", by = by.as_str(), honoured = yes(*honoured)),
        Event::Initiative { order, rolls } => {
            let r: Vec<String> = rolls.iter().map(|(p, d)| format!("{} {}", p.sigle(), d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("+"))).collect();
            msg!("gd-ev-initiative", order = sigles(order).join(" < "), count = r.len(), rolls = r)
        }
        Event::Traded { a, b, a_gives, b_gives } => {
            let named = private_to(viewer, *a, *b);
            msg!("gd-ev-traded", a = a.sigle(), b = b.sigle(), a_gives = goods_list(w, a_gives, named), b_gives = goods_list(w, b_gives, named))
        }
        Event::TradedHidden { a, b, a_gives, b_gives } => {
            msg!("gd-ev-traded-hidden", a = a.sigle(), b = b.sigle(), a_gives = goods_list(w, a_gives, true), b_gives = goods_list(w, b_gives, true))
        }
        Event::TradeFailed { a, b, reason } => msg!("gd-ev-trade-failed", parties = pair(a, b), reason = reason.clone()),
        Event::Banked { party, bought, amount, paid } => {
            msg!("gd-ev-banked", party = party.sigle(), amount = *amount, resource = resource_word(*bought), paid = *paid)
        }
        Event::DealMade { number, parties, terms, until } => msg!(
            "gd-ev-deal-made",
            number = *number,
            parties = pair(&parties[0], &parties[1]),
            terms = terms.as_str(),
            until = until.map_or(0, i64::from),
        ),
        Event::DealBroken { number, by } => msg!("gd-ev-deal-broken", number = *number, by = by.sigle()),
        Event::LawDefied { party, law } => msg!("gd-ev-law-defied", party = party.sigle(), law = law_msg(*law)),
        Event::Corruption { senator, amount, why, shadows_now, corruption_now } => msg!(
            "gd-ev-corruption",
            senator = senator.as_str(),
            amount = *amount,
            why = why_msg(why),
            shadows = *shadows_now,
            corruption = *corruption_now,
        ),
        Event::CorruptionLost { party, amount, why } => msg!("gd-ev-corruption-lost", party = party.sigle(), amount = *amount, why = why_msg(why)),
        Event::ShadowTaken { senator } => msg!("gd-ev-shadow-taken", senator = senator.as_str()),
        Event::Unexecuted { party, order, reason } => msg!("gd-ev-unexecuted", party = party.sigle(), order = order.as_str(), reason = reason.clone()),
        Event::Agenda { items } => msg!("gd-ev-agenda", count = items.len()),
        Event::NoChair => msg!("gd-ev-no-chair"),
        Event::Vote { on, totals, winner, spent, ties } => {
            let t: Vec<String> = totals.iter().map(|(o, n)| format!("{o} {n}")).collect();
            let sp: Vec<String> = spent.iter().map(|(p, n)| format!("{} {n}", p.sigle())).collect();
            let ti: Vec<String> = ties.iter().map(|r| r.iter().map(|(o, d)| format!("{o} {d}")).collect::<Vec<_>>().join(", ")).collect();
            msg!(
                "gd-ev-vote",
                on = vote_on_msg(w, on),
                totals = if t.is_empty() { vec!["-".to_string()] } else { t },
                winner = winner.clone().unwrap_or_else(|| "none".into()),
                spent_count = sp.len(),
                spent = sp,
                ties_count = ti.len(),
                ties = ti,
            )
        }
        Event::Elected { ministry, holder } => match holder {
            Some((p, n)) => msg!("gd-ev-elected", ministry = ministry_msg(*ministry), senator = n.as_str(), party = p.sigle()),
            None => msg!("gd-ev-left-vacant", ministry = ministry_msg(*ministry)),
        },
        Event::DealtByLot { posts } => {
            let v: Vec<Msg> = posts
                .iter()
                .map(|(m, h)| match h {
                    Some((p, n)) => msg!("gd-post-holder", ministry = ministry_msg(*m), senator = n.as_str(), party = p.sigle()),
                    None => msg!("gd-post-vacant", ministry = ministry_msg(*m)),
                })
                .collect();
            msg!("gd-ev-dealt-by-lot", posts = v)
        }
        Event::Vetoed { item, by } => msg!("gd-ev-vetoed", item = *item, by = by.sigle()),
        Event::Struck { item, reason } => msg!("gd-ev-struck", item = *item, reason = reason.clone()),
        Event::LawPassed { law, until, by } => msg!("gd-ev-law-passed", law = law_msg(*law), until = *until, by = by.sigle()),
        Event::LawLapsed { law } => msg!("gd-ev-law-lapsed", law = law_msg(*law)),
        Event::FleetOrders { groups } => msg!("gd-ev-fleet-orders", groups = groups_msg(groups)),
        Event::Audit { senator, by, roll, corrupted } => msg!("gd-ev-audit", senator = senator.as_str(), by = by.sigle(), roll = *roll, corrupted = yes(*corrupted)),
        Event::Trial { senator, payer, dice, modifier, total, verdict } => msg!(
            "gd-ev-trial",
            senator = senator.as_str(),
            payer = payer.sigle(),
            a = dice[0],
            b = dice[1],
            modifier = *modifier,
            total = *total,
            verdict = verdict.as_str(),
        ),
        Event::Fined { party, amount } => msg!("gd-ev-fined", party = party.sigle(), amount = *amount),
        Event::SenatorRemoved { senator, dead } => msg!("gd-ev-senator-removed", senator = senator.as_str(), dead = yes(*dead)),
        Event::Bought { party, fleets, republic, recruited, paid } => {
            let f: Vec<String> = fleets.iter().map(|(n, at)| format!("{n} → {at}")).collect();
            msg!(
                "gd-ev-bought",
                party = party.sigle(),
                fleets_count = f.len(),
                fleets = f,
                republic = *republic,
                recruited_count = recruited.len(),
                recruited = recruited.clone(),
                paid = *paid,
            )
        }
        Event::Discarded { party, count, by_referee } => msg!("gd-ev-discarded", party = party.sigle(), count = *count, by_referee = yes(*by_referee)),
        Event::TaxPaid { party, action, amount } => msg!("gd-ev-tax-paid", party = party.sigle(), amount = *amount, action = tax_action_name(*action)),
        Event::TaxUnpaid { party, action, amount } => msg!("gd-ev-tax-unpaid", party = party.sigle(), amount = *amount, action = tax_action_name(*action)),
        Event::HomelandPaid { party, paid } => msg!("gd-ev-homeland-paid", party = party.sigle(), paid = yes(*paid)),
        Event::TaxesSpent { money, fleets } => msg!("gd-ev-taxes-spent", money = *money, fleets = *fleets),
        Event::SectorGift { party, sector, resource, amount } => {
            msg!("gd-ev-sector-gift", party = party.sigle(), sector = *sector, resource = resource_word(*resource), amount = *amount)
        }
        Event::Default { party, kind } => msg!("gd-ev-default", party = party.sigle(), kind = default_word(*kind)),
        Event::Resigned { party } => msg!("gd-ev-resigned", party = party.sigle()),
        Event::TieOneMoreTurn { parties } => msg!("gd-ev-tie-one-more-turn", parties = sigles(parties)),
        Event::Ended { ending } => msg!("gd-ev-ended", how = ending_msg(ending)),
        Event::CampaignDeclared { .. } | Event::EducationPaid { .. } | Event::CampaignVoid { .. } | Event::CampaignResolved { .. } => super::intrigue::campaigns::event_msg(e),
        Event::StandingBid { .. } | Event::Attempt { .. } | Event::Assassinated { .. } | Event::BidShort { .. } => super::intrigue::attempts::event_msg(e),
        Event::RepublicFleetMoved { .. }
        | Event::Battle { .. }
        | Event::SectorTaken { .. }
        | Event::Retreated { .. }
        | Event::Invaded { .. }
        | Event::Defended { .. }
        | Event::MovementPaid { .. } => {
            super::intrigue::invasions_view::event_msg(e).unwrap_or_else(|| msg!("gd-none"))
        }
        Event::FeintPlayed { .. } | Event::FeintCancelled { .. } => super::intrigue::feint::event_msg(e).unwrap_or_else(|| msg!("gd-none")),
        Event::RepublicRedeployed { .. } | Event::RepublicRedeclared { .. } => super::intrigue::defence::event_msg(e).unwrap_or_else(|| msg!("gd-none")),
        Event::Spied { .. }
        | Event::BlackMarketLook { .. }
        | Event::HandSeen { .. }
        | Event::HandDiscarded { .. }
        | Event::Augury { .. }
        | Event::AuguryNamed { .. }
        | Event::Sabotaged { .. }
        | Event::Cleansed { .. }
        | Event::ShadowRemoved { .. }
        | Event::CorruptSkillUsed { .. } => super::powers::event_msg(e),
        Event::Rerolled { .. } => super::intrigue::fight_skills::event_msg(e).unwrap_or_else(|| msg!("gd-none")),
        Event::RebellionDeclared { .. } | Event::PeaceOffered { .. } | Event::PeaceMade { .. } => super::rebellion::event_msg(e),
        Event::CardPlayed { .. } | Event::CardAnswered { .. } | Event::CardCancelled { .. } | Event::CardResolved { .. } | Event::CardAnswerStanding { .. } => super::cards::event_msg(e),
        Event::Unconstitutional { .. }
        | Event::FreeLawPassed { .. }
        | Event::SuitFiled { .. }
        | Event::SuitVersion { .. }
        | Event::CourtRoll { .. }
        | Event::CourtTie { .. }
        | Event::SuitDecided { .. }
        | Event::SuitDropped { .. } => super::court::event_msg(e),
        Event::MjItem { .. } | Event::MjDecision { .. } | Event::MjCard { .. } | Event::MjLapsed { .. } => super::mj::event_msg(e),
    }
}

/// The events `viewer` may read (None: the public ones), in words, with
/// the text of each event card drawn.
fn events_json(before: &GdState, after: &GdState, events: &[Event], viewer: Option<PartyId>, lang: Lang) -> Vec<Value> {
    events
        .iter()
        .filter(|e| match (e.readers(), viewer) {
            (None, _) => true,
            (Some(r), Some(v)) => r.contains(&v),
            (Some(_), None) => false,
        })
        .map(|e| {
            let card_text = match e {
                Event::EventDrawn { card, .. } => after.components.events.iter().find(|c| &c.name_fr == card).map(|c| if lang == Lang::En { c.text_en.clone() } else { c.text_fr.clone() }),
                _ => None,
            };
            let private = e.readers().is_some();
            json!({ "text": event_msg(&Words::of(before, after), e, viewer).render(lang), "card_text": card_text, "private": private, "phase_start": matches!(e, Event::GalacticPhase { .. }) })
        })
        .collect()
}

/// The earlier steps of the game turn (design note §7 item 2), each with
/// the events `viewer` may read, in words; the step just played is
/// `this_step`. Empty once the turn has changed (the galactic phase empties
/// the record).
fn turn_so_far(before: &GdState, after: &GdState, viewer: Option<PartyId>, lang: Lang) -> Vec<Value> {
    let mut steps: Vec<(u32, Vec<Event>)> = Vec::new();
    for (n, e) in after.intrigue.log.iter().filter(|(n, _)| *n < before.step) {
        match steps.last_mut() {
            Some((m, v)) if m == n => v.push(e.clone()),
            _ => steps.push((*n, vec![e.clone()])),
        }
    }
    steps
        .into_iter()
        .map(|(n, evs)| json!({ "step": n, "events": events_json(before, after, &evs, viewer, lang) }))
        .filter(|x| x["events"].as_array().is_some_and(|v| !v.is_empty()))
        .collect()
}

fn phase_word(p: Phase) -> &'static str {
    match p {
        Phase::Registration => "registration",
        Phase::Filing => "filing",
        Phase::Voting => "voting",
        Phase::Invasions { .. } => "invasions",
        Phase::Battles => "battles",
        Phase::Campaigns { .. } => "campaigns",
        Phase::Canvass => "canvass",
        Phase::Feints { .. } => "feints",
        Phase::BattlesAgain => "battles_again",
        Phase::Purchases => "purchases",
        Phase::Over => "over",
    }
}

/// The steps of the game turn now open, numbered (`TOUR n`): S1, S2, the
/// intrigue's windows (each with its party) and answers, P — as they come
/// if no party resigns meanwhile (public state only).
fn schedule(s: &GdState) -> Vec<Value> {
    if !s.phase.is_playing() {
        return Vec::new();
    }
    let mut t = GdState { phase: Phase::Filing, ..s.clone() };
    let mut phases = vec![Phase::Filing];
    while t.phase != Phase::Purchases && phases.len() < 64 {
        t.phase = super::turn::next_phase(&t);
        phases.push(t.phase);
    }
    let Some(open) = phases.iter().position(|p| *p == s.phase) else { return Vec::new() };
    let first = s.step.saturating_sub(open as u32);
    phases
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let party = s.window_party_of(*p).map(|x| x.sigle());
            json!({ "step": first + k as u32, "kind": phase_word(*p), "party": party, "open": k == open })
        })
        .collect()
}

/// The infestation roll's modifier as it stands ("Le coût du mal": +1 per
/// 3 corruption and +1 per shadow in play; the effects in force).
pub fn keras(s: &GdState) -> Value {
    let odds = InfestationOdds::of(s);
    json!({
        "corruption": odds.corruption,
        "shadow": odds.shadow,
        "effects": odds.events,
        "modifier": odds.modifier(),
        // 2d6 + modifier ≥ 10: the chance in 36, rounded to the nearest percent.
        "chance_percent": (odds.hits() * 100 + 18) / 36,
        "infested": s.infested_count(),
        "infested_max": SECTORS_TO_END,
    })
}

fn board_json(s: &GdState) -> Vec<Value> {
    s.components
        .board
        .sectors
        .values()
        .map(|c| {
            let st = s.fx.sectors.get(&c.no);
            let fleets: Vec<String> = s.fleets.get(&c.no).map_or_else(Vec::new, |m| m.iter().filter(|(_, n)| **n > 0).map(|(p, n)| format!("{} {n}", p.sigle())).collect());
            json!({
                "no": c.no,
                "owner": st.and_then(|x| x.owner).map(|p| p.sigle()),
                "influence": c.influence,
                "money": c.money,
                "defence": s.fx.defence(&s.components, c.no),
                "race": c.race.map(|r| serde_json::to_value(r).unwrap_or(Value::Null)),
                "party": c.party.map(|p| p.sigle()),
                "ability": c.ability.map(|a| serde_json::to_value(a).unwrap_or(Value::Null)),
                "fleets": fleets.join(", "),
                "republic": s.republic_at.get(&c.no).copied().unwrap_or(0),
                "marked": st.is_some_and(|x| x.marked),
                "infested": st.is_some_and(|x| x.infested),
                "rebel": super::rebellion::rebel_sector(s, c.no),
            })
        })
        .collect()
}

fn parties_json(s: &GdState, viewer: Option<PartyId>) -> Vec<Value> {
    s.parties()
        .map(|p| {
            let ps = &s.fx.parties[&p];
            let (strength, cap) = strength_and_limit(s, p);
            let seat = s.seats.iter().find(|x| x.party == Some(p));
            let ministries: Vec<&str> = s.ministries.iter().filter(|(_, n)| s.fx.senators.get(*n).is_some_and(|x| x.party == p)).map(|(m, _)| m.code()).collect();
            let corruption: u32 = s.senators_of(p).filter_map(|n| s.fx.senators.get(n)).map(|x| u32::from(x.corruption)).sum();
            let shadow: u32 = s.senators_of(p).filter_map(|n| s.fx.senators.get(n)).map(|x| u32::from(x.shadow)).sum();
            json!({
                "sigle": p.sigle(),
                "name_fr": s.components.party(p).map(|x| x.name_fr.clone()),
                "name_en": s.components.party(p).map(|x| x.name_en.clone()),
                "player": seat.map(|x| x.name.clone()),
                "resigned": seat.is_some_and(|x| x.resigned),
                "me": viewer == Some(p),
                "money": ps.money,
                "influence": ps.influence,
                "sectors": s.sectors_of(p).iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "),
                "sector_count": s.sectors_of(p).len(),
                "fleets": s.fleets_of(p),
                "ministries": ministries.join(" "),
                "initiative": s.initiative.iter().position(|q| *q == p).map(|i| i + 1),
                "strength": strength,
                "cap": cap,
                "cards": ps.hand.len(),
                "waiting": ps.waiting.len(),
                "corruption": corruption,
                "shadow": shadow,
                "rebel": super::rebellion::is_rebel(s, p),
            })
        })
        .collect()
}

fn senators_json(s: &GdState) -> Vec<Value> {
    s.fx
        .senators
        .iter()
        .map(|(n, x)| {
            let c = s.components.senator(n);
            json!({
                "name": n,
                "party": x.party.sigle(),
                "diplomacy": c.map_or(0, |c| i32::from(c.diplomacy)) + s.fx.diplomacy_bonus(n),
                "command": c.map_or(0, |c| i32::from(c.command)) + s.fx.command_bonus(n),
                "race": x.race.map(|r| serde_json::to_value(r).unwrap_or(Value::Null)),
                "skill": c.and_then(|c| c.skill).map(|k| serde_json::to_value(k).unwrap_or(Value::Null)),
                "corruption": x.corruption,
                "shadow": x.shadow,
                "exhausted": x.exhausted,
                "recruited": s.recruited.contains(n),
                "ministry": s.ministry_of(n).map(|m| m.code()),
            })
        })
        .collect()
}

fn senate_json(s: &GdState, lang: Lang) -> Value {
    let ministries: Vec<Value> = Ministry::ALL
        .into_iter()
        .map(|m| {
            let holder = s.ministries.get(&m);
            json!({
                "ministry": ministry_msg(m).render(lang),
                "code": m.code(),
                "senator": holder,
                "party": s.holder(m).map(|p| p.sigle()),
            })
        })
        .collect();
    let laws: Vec<Value> = s
        .laws
        .iter()
        .filter(|l| l.until >= s.game_turn)
        .map(|l| {
            json!({
                "law": law_msg(l.law).render(lang),
                "code": words::law(false, l.law, false),
                "until": l.until,
                "turns_left": (l.until + 1).saturating_sub(s.game_turn.max(1)),
                "by": l.by.sigle(),
                "part_two": l.law.binds_intrigue(),
                "defied_by": s.defied.iter().filter(|(_, x)| *x == l.law).map(|(p, _)| p.sigle()).collect::<Vec<_>>(),
                // Not bound by it this turn for another reason than having
                // broken it (`defied_by`): the rebel.
                "exempt": s.parties().filter(|p| !s.law_binds(l.law, *p) && !s.defied.contains(&(*p, l.law))).map(|p| p.sigle()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let agenda: Vec<Value> = s.agenda.iter().enumerate().map(|(i, it)| json!({ "no": i + 1, "text": item_msg(it).render(lang) })).collect();
    let candidates: Vec<Value> = s
        .filings
        .candidacies
        .iter()
        .flat_map(|(p, posts)| posts.iter().map(move |(m, names)| (p, m, names)))
        .map(|(p, m, names)| json!({ "party": p.sigle(), "ministry": ministry_msg(*m).render(lang), "senators": names.join(", ") }))
        .collect();
    json!({
        "ministries": ministries,
        "laws": laws,
        "agenda": agenda,
        "candidates": candidates,
        "election_marker": s.election_marker,
        "election_due": s.election_due(),
        "election_called": s.election_called,
        "fleet_orders": s.fleet_orders.as_ref().map(|g| groups_msg(g).render(lang)),
        "initiative": sigles(&s.initiative).join(" < "),
        "active_events": s.active_events.iter().map(|a| a.card.clone()).collect::<Vec<_>>(),
        "decks": {
            "actions": s.fx.action_deck.len(),
            "senators": s.fx.senator_deck.len() + s.fx.senator_bottom.len(),
            "events": s.event_deck.len(),
            "sector_cards": s.sector_deck.len(),
        },
    })
}

/// The reader's own hand (with the cards' texts) and waiting senators
/// (with their cost after the icon discount).
fn private_json(s: &GdState, p: PartyId, lang: Lang) -> Value {
    let Some(ps) = s.fx.parties.get(&p) else { return Value::Null };
    let hand: Vec<Value> = ps
        .hand
        .iter()
        .map(|n| {
            let c = s.components.action(n);
            json!({
                "name": n,
                "name_en": c.map(|c| c.name_en.clone()),
                "text": c.map(|c| if lang == Lang::En { c.text_en.clone() } else { c.text_fr.clone() }),
                "cost": c.map(|c| c.cost.amount),
                "cost_resource": c.and_then(|c| c.cost.resource).map(resource_word),
                "period": c.map(|c| serde_json::to_value(c.period).unwrap_or(Value::Null)),
                "priority": c.map(|c| c.priority),
                "action": c.is_some_and(|c| c.action),
            })
        })
        .collect();
    let waiting: Vec<Value> = ps
        .waiting
        .iter()
        .map(|n| {
            let c = s.components.senator(n);
            let cost = c.map_or(0, |c| if c.party == Some(p) { c.cost.saturating_sub(2) } else { c.cost });
            json!({
                "name": n,
                "diplomacy": c.map(|c| c.diplomacy),
                "command": c.map(|c| c.command),
                "race": c.and_then(|c| c.race).map(|r| serde_json::to_value(r).unwrap_or(Value::Null)),
                "skill": c.and_then(|c| c.skill).map(|k| serde_json::to_value(k).unwrap_or(Value::Null)),
                "cost": cost,
            })
        })
        .collect();
    let deals: Vec<Value> = s
        .deals
        .iter()
        .filter(|d| d.parties.contains(&p))
        .map(|d| json!({ "number": d.number, "with": d.parties.iter().find(|q| **q != p).map(|q| q.sigle()), "terms": d.terms, "until": d.until, "broken": d.broken.map(|(q, t)| format!("{} ({t})", q.sigle())) }))
        .collect();
    let standing = super::intrigue::attempts::standing_json(s, p, lang);
    let answers = super::cards::answers_json(s, p, lang);
    json!({ "hand": hand, "waiting": waiting, "deals": deals, "campaigns": super::intrigue::campaigns::private_json(s, p), "standing": standing, "answers": answers })
}

fn common(ctx: &ViewContext, before: &GdState, s: &GdState, events: &[Event], viewer: Option<PartyId>) -> Value {
    let lang = Lang::from_code(&ctx.lang);
    let ended = events.iter().find_map(|e| if let Event::Ended { ending } = e { Some(ending) } else { None });
    json!({
        "game": "galactic-destiny",
        "game_id": ctx.game_id,
        "provisional": declaration(&s.components.provisional_files()).map(|m| m.render(lang)),
        "phase": phase_word(s.phase),
        "played_phase": phase_word(before.phase),
        "step": before.step,
        "next_step": ctx.turn,
        "game_turn": s.game_turn,
        "started": s.phase != Phase::Registration,
        "over": s.phase == Phase::Over,
        "seats": s.seats.len(),
        "min_players": s.settings.min_players,
        "max_players": s.settings.max_players,
        "max_turns": s.settings.max_turns,
        "schedule": schedule(s),
        "this_step": events_json(before, s, events, viewer, lang),
        "turn_so_far": turn_so_far(before, s, viewer, lang),
        "ending": s.ending.as_ref().or(ended).map(|e| ending_msg(e).render(lang)),
        "board": board_json(s),
        "parties": parties_json(s, viewer),
        "senators": senators_json(s),
        "senate": senate_json(s, lang),
        "keras": keras(s),
        "campaigns": super::intrigue::campaigns::public_json(s),
        "invasions": super::intrigue::invasions_view::declared(s, lang),
        "court": super::court::json(s),
    })
}

pub fn family_view(ctx: &ViewContext, before: &GdState, after: &GdState, events: &[Event], family: &FamilyKey) -> Value {
    let me = after.party_of(family);
    let seat = after.seat_of(family);
    let mut v = common(ctx, before, after, events, me);
    v["registered"] = json!(seat.is_some());
    v["my_name"] = json!(seat.map(|x| x.name.clone()));
    v["my_party"] = json!(me.map(|p| p.sigle()));
    let awaited = <super::GalacticDestiny as crate::game::Ruleset>::awaiting(after).is_some_and(|a| a.contains(family));
    v["my_move"] = json!(awaited);
    v["private"] = me.map_or(Value::Null, |p| private_json(after, p, Lang::from_code(&ctx.lang)));
    if let Some(p) = me {
        odds::extend_private(&mut v["private"], after, p);
        battle_odds::extend_private(&mut v["private"], after, p);
    }
    // The board picture (public, with the reader's own campaignable
    // sectors outlined), attached to the report by `map.svg.tera` once the
    // game has a board.
    if after.phase != Phase::Registration {
        // Layered (`render::layers`): the public board is rasterised once
        // for every copy, the reader's outline drawn over it.
        let l = super::map::layers(after, Lang::from_code(&ctx.lang), me);
        v["map"] = json!({ "layered": true, "svg": l.whole, "base": l.base, "overlay": l.overlay });
    }
    v
}

pub fn public_view(ctx: &ViewContext, before: &GdState, after: &GdState, events: &[Event]) -> Value {
    let mut v = common(ctx, before, after, events, None);
    // The game page's board of this step.
    if after.phase != Phase::Registration {
        v["public_map"] = json!(super::map::svg(after, Lang::from_code(&ctx.lang)));
    }
    // Registration closed with too few seats: the step is held, the
    // referee told at once (the referee reads `referee_alert`).
    if let Some(Event::TooFewParties { players, least }) = events.iter().find(|e| matches!(e, Event::TooFewParties { .. })) {
        let lang = Lang::from_code(&ctx.lang);
        let reason = msg!("galactic-destiny-too-few-parties", players = *players, least = *least).render(lang);
        v["referee_alert"] = json!(reason);
        v["hold_reason"] = json!(reason);
    }
    v
}

/// The order form: the declaration of the provisional set, what the step
/// asks for, and the simulated party's proposal (legal lines to edit).
pub fn order_form(s: &GdState, family: &FamilyKey) -> Vec<FormLine> {
    let mut v: Vec<FormLine> = declaration(&s.components.provisional_files()).into_iter().map(FormLine::comment).collect();
    let Some(seat) = s.seat_of(family) else { return v };
    let what = match s.phase {
        Phase::Registration => "gd-form-registration",
        Phase::Over => "gd-form-over",
        Phase::Filing => "gd-form-filing",
        Phase::Voting => "gd-form-voting",
        Phase::Invasions { .. } => "gd-form-invasions",
        Phase::Battles => "gd-form-battles",
        Phase::Campaigns { .. } => "gd-form-campaigns",
        Phase::Canvass => "gd-form-canvass",
        Phase::Feints { .. } => "gd-form-feints",
        Phase::BattlesAgain => "gd-form-battles-again",
        Phase::Purchases => "gd-form-purchases",
    };
    v.push(FormLine::comment(Msg::new(what)));
    // A suit waiting for the party's answer (the galactic court, #29).
    v.extend(seat.party.into_iter().flat_map(|p| super::court::form_notes(s, p)).map(FormLine::comment));
    let Some(p) = seat.party.filter(|p| !seat.resigned && s.awaited_parties().contains(p)) else { return v };
    let mut dice = crate::dice::Dice::for_turn(s.seed ^ FORM_SEED, s.step);
    let o = super::sample::sample(s, p, &mut dice);
    let (fr, en) = (super::orders::lines(s, &o), super::orders::lines_in(s, &o, true));
    let n = v.len();
    v.extend(fr.into_iter().zip(en).map(|(t, t_en)| FormLine::bilingual(t, t_en, None)));
    if let Some(first) = v.get_mut(n) {
        first.comment = Some(msg!("gd-form-proposal"));
    }
    v
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all = vec![
        msg!("gd-missing-a-line"),
        msg!("gd-form-registration"),
        msg!("gd-form-over"),
        msg!("gd-form-filing"),
        msg!("gd-form-voting"),
        msg!("gd-form-purchases"),
        msg!("gd-form-invasions"),
        msg!("gd-form-battles"),
        msg!("gd-form-campaigns"),
        msg!("gd-form-canvass"),
        msg!("gd-form-proposal"),
        msg!("gd-none"),
        msg!("gd-odds-note-campaign", chance = 58),
    ];
    all.extend(battle_odds::samples());
    all.extend(Ministry::ALL.map(ministry_msg));
    all.extend(Law::examples().into_iter().map(law_msg));
    let (a, b) = (PartyId::Gsp, PartyId::Bip);
    let group = FleetGroup { to: 50, count: 2, from: Some(1), attack: true, admiral: Some("Jemak".into()) };
    let agenda = vec![
        Item::Fleet { by: a, groups: vec![group.clone()] },
        Item::Indictment { by: a, senator: "Fola".into() },
        Item::Law { by: a, law: Law::Watch, turns: 2 },
        Item::Trade { a, b, a_gives: vec![Goods::Card { name: "Feinte".into() }], b_gives: vec![] },
    ];
    let in_play = BTreeMap::new();
    let w = Words { agenda: &agenda, in_play: &in_play };
    let goods = vec![
        Goods::Resource { resource: Resource::Money, amount: 2 },
        Goods::Sector { sector: 3 },
        Goods::Senator { name: "Fola".into() },
        Goods::Card { name: "Feinte".into() },
        Goods::Fleets { count: 1, sector: 4 },
    ];
    let events = vec![
        Event::Setup { parties: vec![(a, "Basile".into())], by_lot: false },
        Event::TooFewParties { players: 2, least: 3 },
        Event::GalacticPhase { turn: 1 },
        Event::Refreshed,
        Event::RepublicFleetFree { sector: 1 },
        Event::EventDrawn { card: "Peste".into(), subjects: vec![], lasting: true },
        Event::EventEffectNotRefereed { card: "Peste".into(), effect: "flottes -1".into() },
        Event::EventEnded { card: "Peste".into() },
        Event::SectorsMarked { sectors: vec![3, 4, 5] },
        Event::Drew { party: a, actions: 2, senators: 2 },
        Event::InfestationRoll { dice: vec![3, 4], modifiers: vec![("corruption".into(), 1)], total: 8, infested: vec![] },
        Event::Infested { sector: 5, owner: Some(a), retreats: vec![(Some(a), 2, 4), (None, 1, 1)] },
        Event::Income { party: a, money: 7, influence: 2 },
        Event::ElectionMarker { marker: 0, due: true },
        Event::ElectionCall { by: "Fola".into(), honoured: true },
        Event::Initiative { order: vec![a, b], rolls: vec![(a, vec![3])] },
        Event::Traded { a, b, a_gives: goods.clone(), b_gives: vec![] },
        Event::TradedHidden { a, b, a_gives: vec![Goods::Card { name: "Feinte".into() }], b_gives: vec![] },
        Event::TradeFailed { a, b, reason: msg!("gd-none") },
        Event::Banked { party: a, bought: Resource::Influence, amount: 2, paid: 6 },
        Event::DealMade { number: 1, parties: [a, b], terms: "paix".into(), until: Some(3) },
        Event::DealBroken { number: 1, by: a },
        Event::LawDefied { party: a, law: Law::Movement },
        Event::TaxPaid { party: a, action: TaxedAction::FleetBought, amount: 2 },
        Event::TaxUnpaid { party: a, action: TaxedAction::Recruit, amount: 2 },
        Event::Corruption { senator: "Fola".into(), amount: 2, why: CorruptionWhy::BrokenDeal { deal: 1 }, shadows_now: 0, corruption_now: 2 },
        Event::Corruption { senator: "Fola".into(), amount: 2, why: CorruptionWhy::BrokenLaw { law: Law::Homeland }, shadows_now: 0, corruption_now: 2 },
        Event::Corruption { senator: "Fola".into(), amount: 1, why: CorruptionWhy::Audit, shadows_now: 0, corruption_now: 2 },
        Event::Corruption { senator: "Fola".into(), amount: 1, why: CorruptionWhy::Dishonoured, shadows_now: 0, corruption_now: 2 },
        Event::Corruption { senator: "Jemak".into(), amount: 2, why: CorruptionWhy::FleetAdmiral, shadows_now: 0, corruption_now: 2 },
        Event::Corruption { senator: "Jemak".into(), amount: 2, why: CorruptionWhy::Invasion { sector: 12 }, shadows_now: 0, corruption_now: 2 },
        Event::CorruptionLost { party: a, amount: 1, why: CorruptionWhy::Event { card: "Peste".into() } },
        Event::ShadowTaken { senator: "Fola".into() },
        Event::Unexecuted { party: a, order: "BANQUE 2 ARGENT".into(), reason: msg!("gd-none") },
        Event::Agenda { items: vec![Item::Fleet { by: a, groups: vec![group.clone()] }, Item::Indictment { by: a, senator: "Fola".into() }, Item::Law { by: a, law: Law::Watch, turns: 2 }] },
        Event::NoChair,
        Event::Vote { on: VoteOn::Post { ministry: Ministry::Justice }, totals: vec![("GSP".into(), 4)], winner: Some("GSP".into()), spent: vec![(a, 2)], ties: vec![vec![("GSP".into(), 3)]] },
        Event::Vote { on: VoteOn::Item { item: 1 }, totals: vec![], winner: None, spent: vec![], ties: vec![] },
        Event::Vote { on: VoteOn::Item { item: 2 }, totals: vec![], winner: None, spent: vec![], ties: vec![] },
        Event::Vote { on: VoteOn::Item { item: 3 }, totals: vec![], winner: None, spent: vec![], ties: vec![] },
        Event::Vote { on: VoteOn::Item { item: 4 }, totals: vec![], winner: None, spent: vec![], ties: vec![] },
        Event::Vote { on: VoteOn::Fleet, totals: vec![], winner: None, spent: vec![], ties: vec![] },
        Event::Elected { ministry: Ministry::PrimeMinister, holder: Some((a, "Fola".into())) },
        Event::Elected { ministry: Ministry::Defence, holder: None },
        Event::DealtByLot { posts: vec![(Ministry::Interior, Some((a, "Fola".into()))), (Ministry::Finance, None)] },
        Event::Vetoed { item: 2, by: a },
        Event::Struck { item: 2, reason: msg!("gd-none") },
        Event::LawPassed { law: Law::Integrity, until: 3, by: a },
        Event::LawLapsed { law: Law::FreeTrade },
        Event::FleetOrders { groups: vec![group] },
        Event::Audit { senator: "Fola".into(), by: a, roll: 6, corrupted: true },
        Event::Trial { senator: "Fola".into(), payer: a, dice: [3, 4], modifier: 1, total: 8, verdict: "coupable".into() },
        Event::Fined { party: a, amount: 5 },
        Event::SenatorRemoved { senator: "Fola".into(), dead: true },
        Event::Bought { party: a, fleets: vec![(2, 3)], republic: 1, recruited: vec!["Fola".into()], paid: 16 },
        Event::Discarded { party: a, count: 1, by_referee: true },
        Event::HomelandPaid { party: a, paid: false },
        Event::TaxesSpent { money: 6, fleets: 2 },
        Event::SectorGift { party: a, sector: 32, resource: Resource::Money, amount: 2 },
        Event::Default { party: a, kind: DefaultKind::Abstained },
        Event::Resigned { party: a },
        Event::TieOneMoreTurn { parties: vec![a, b] },
        Event::Ended { ending: Ending::Ministries { winner: a } },
        Event::Ended { ending: Ending::Sectors { winner: a } },
        Event::Ended { ending: Ending::Infested },
        Event::Ended { ending: Ending::TurnLimit { winners: vec![a] } },
        Event::Ended { ending: Ending::Abandoned },
    ];
    for e in &events {
        all.push(event_msg(&w, e, None));
        all.push(event_msg(&w, e, Some(a)));
    }
    all
}

#[path = "view_odds.rs"]
pub mod odds;

#[path = "view_battle_odds.rs"]
pub mod battle_odds;

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "view_html_tests.rs"]
mod html_tests;

#[cfg(test)]
#[path = "view_battle_odds_tests.rs"]
mod battle_odds_tests;
