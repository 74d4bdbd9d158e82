//! The simulated party (`arbitre demo`, the robot of `pnj = "robot"`, the
//! pre-filled order form): plain and legal play of the senate and the
//! purchases, enough for whole games with elections, laws passed and
//! vetoed, prosecutions, trades and purchases.
//!
//! It reads only what its party may know (the public board, its own hand
//! and waiting senators) and draws with the dice it is given. The default
//! orders of §2.7 are no play of this module: see
//! `GalacticDestiny::default_orders`.

use crate::dice::Dice;

use super::components::effects::Resource;
use super::components::{PartyId, SectorNo};
use super::model::{FleetGroup, GdState, Item, Law, Phase, TaxedAction, HAND_MAX, REPUBLIC_HOME};
use super::orders::{Aim, Goods, Order, Orders, PostChoice};
use super::senate::Ministry;

/// A fleet of one's party costs 5 money ("Dépenses").
const FLEET_COST: u8 = 5;
/// What a simulated party keeps in hand before buying fleets.
const MONEY_KEPT: u8 = 6;
/// Mixed into the dice label of the simulated player's choices.
const RULE: &str = "joueur simulé";

/// The party's senators in play, best diplomacy first (then by name).
fn senators_by_diplomacy(s: &GdState, p: PartyId) -> Vec<String> {
    let mut v: Vec<(i32, String)> = s
        .senators_of(p)
        .map(|n| {
            let printed = s.components.senator(n).map_or(0, |x| i32::from(x.diplomacy));
            (printed + s.fx.diplomacy_bonus(n), n.clone())
        })
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    v.into_iter().map(|(_, n)| n).collect()
}

fn money(s: &GdState, p: PartyId) -> u8 {
    s.fx.parties.get(&p).map_or(0, |x| x.money)
}

fn influence(s: &GdState, p: PartyId) -> u8 {
    s.fx.parties.get(&p).map_or(0, |x| x.influence)
}

/// The parties still played by a seat, in id order: the trading pairs are
/// made from it (the first with the second, the third with the fourth …),
/// the same for every party, so that both sides write the mirror lines.
fn trading_partner(s: &GdState, p: PartyId) -> Option<(PartyId, bool)> {
    let live: Vec<PartyId> = s.parties().filter(|q| s.seats.iter().any(|x| x.party == Some(*q) && !x.resigned)).collect();
    let i = live.iter().position(|q| *q == p)?;
    let j = if i % 2 == 0 { i + 1 } else { i - 1 };
    live.get(j).map(|q| (*q, i % 2 == 0))
}

/// Another party's senator in play not tried this turn, for indictments
/// and trials: the most corrupt (a shadow counts as 3), drawn by lot among
/// equals — "Les poursuites sont des façons excellentes de purger la
/// corruption et les jetons d'ombre du jeu", the only weapon part I gives
/// against the Ke'Ras, and the likeliest verdict to hurt a rival.
fn someone_elses_senator(s: &GdState, p: PartyId, dice: &mut Dice) -> Option<String> {
    let weight = |x: &crate::games::galactic_destiny::components::interpret::SenatorState| u32::from(x.corruption) + 3 * u32::from(x.shadow);
    let others: Vec<(&String, u32)> = s.fx.senators.iter().filter(|(n, x)| x.party != p && !s.tried.contains(*n) && !super::rebellion::is_rebel(s, x.party)).map(|(n, x)| (n, weight(x))).collect();
    let top = others.iter().map(|(_, w)| *w).max()?;
    let most: Vec<&String> = others.iter().filter(|(_, w)| *w == top).map(|(n, _)| *n).collect();
    dice.pick_index(most.len(), RULE, "sénateur poursuivi").map(|i| most[i].clone())
}

/// "Les flottes de la république": the rules' way to fight the Ke'Ras.
/// When sectors are infested, the Republic's largest stack (sector 1 first
/// among equals) is sent against the infested sectors of least defence
/// (then lowest number), 5 fleets a sector while it has 8 or more (two
/// fights a turn), all of it otherwise, the first group under the party's
/// fresh senator of best command (3 at least) if it has one.
fn republic_attack(s: &GdState, p: PartyId) -> Option<Vec<FleetGroup>> {
    let (from, mut count) = s.republic_at.iter().filter(|(_, n)| **n > 0).max_by_key(|(at, n)| (**n, **at == REPUBLIC_HOME, std::cmp::Reverse(**at))).map(|(at, n)| (*at, *n))?;
    // The rebel's sectors too ("ordonner à la flotte de la république
    // d'attaquer et de rendre neutres tout secteur rebelle"), not by the rebel.
    let rebel = s.rebellion.rebel.filter(|r| *r != p);
    let mut targets: Vec<SectorNo> = s.fx.sectors.iter().filter(|(_, x)| x.infested || (rebel.is_some() && x.owner == rebel)).map(|(n, _)| *n).collect();
    targets.sort_by_key(|n| (s.fx.defence(&s.components, *n), *n));
    let mut admiral = s
        .senators_of(p)
        .filter(|n| s.fx.senators.get(*n).is_some_and(|x| !x.exhausted && !x.seduced))
        .map(|n| (s.components.senator(n).map_or(0, |c| i32::from(c.command)) + s.fx.command_bonus(n), n.clone()))
        .filter(|(c, _)| *c >= 3)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, n)| n);
    let mut groups = Vec::new();
    for to in targets {
        if count == 0 {
            break;
        }
        let n = if count >= 8 { 5 } else { count };
        count -= n;
        groups.push(FleetGroup { to, count: n, from: (from != REPUBLIC_HOME).then_some(from), attack: true, admiral: admiral.take() });
    }
    (!groups.is_empty()).then_some(groups)
}

/// I: fleets "ont un rayon d'action illimitée". A party with 4 free fleets
/// or more in one sector sometimes sends all but one against an infested
/// sector for nobody (no claim, no corruption: the Ke'Ras is everybody's
/// defeat); next to a weak sector (neutral or another's, defence 2 or
/// less, no fleet there) it now and then invades it to take it, with its
/// free fleets there but one. At most one invasion a turn, and only if it
/// can pay the Déclaration de mouvement. Otherwise it passes.
fn invasions(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let free = |at: SectorNo| {
        let here = s.fleets.get(&at).and_then(|m| m.get(&p)).copied().unwrap_or(0);
        here.saturating_sub(s.intrigue.invasions.committed.get(&at).and_then(|m| m.get(&p)).copied().unwrap_or(0))
    };
    let pay = |n: u8| !s.law_binds(Law::Movement, p) || money(s, p) >= 2 * n;
    // The rebel's sectors are fought alike, for neutrality and free of corruption.
    let rebel = s.rebellion.rebel.filter(|r| *r != p);
    let infested: Vec<SectorNo> = s.fx.sectors.iter().filter(|(_, x)| x.infested || (rebel.is_some() && x.owner == rebel)).map(|(n, _)| *n).collect();
    let stacks: Vec<SectorNo> = s.fleets.keys().copied().filter(|at| free(*at) >= 4 && pay(free(*at) - 1)).collect();
    if !infested.is_empty() && !stacks.is_empty() && dice.chance_in_6(3, RULE, "combattre le Ke'Ras") {
        let at = *stacks.iter().max_by_key(|at| (free(**at), std::cmp::Reverse(**at))).unwrap_or(&stacks[0]);
        let to = infested[dice.pick_index(infested.len(), RULE, "secteur infesté").unwrap_or(0)];
        return vec![Order::Invade { sector: to, from: vec![(at, free(at) - 1)], admiral: None, aim: Aim::Neutral, corruption: None }];
    }
    let mut options = Vec::new();
    for at in s.fleets.keys().copied().filter(|at| free(*at) >= 3) {
        for to in s.components.board.neighbours(at) {
            let st = s.fx.sectors.get(&to).cloned().unwrap_or_default();
            let empty = s.fleets.get(&to).is_none_or(|m| m.is_empty()) && !s.republic_at.contains_key(&to);
            if st.owner != Some(p) && !st.infested && empty && s.fx.defence(&s.components, to) <= 2 {
                options.push((at, to, free(at) - 1));
            }
        }
    }
    options.retain(|(_, _, n)| pay(*n));
    if let Some(i) = dice.pick_index(options.len(), RULE, "invasion").filter(|_| dice.chance_in_6(1, RULE, "envahir")) {
        let (at, to, n) = options[i];
        return vec![Order::Invade { sector: to, from: vec![(at, n)], admiral: None, aim: Aim::Claim, corruption: None }];
    }
    vec![Order::Pass]
}

/// S1: candidacies when an election is due, the election order, a law (or,
/// with `impots`, a tax) now and then, an indictment now and then, trials and audits for the
/// ministers, a trade every other turn with its partner, the bank when
/// influence runs out.
fn filing(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut v = Vec::new();
    let mine = senators_by_diplomacy(s, p);
    if s.election_due() && super::ministries_robot::sweeping(s, p) {
        // A party that can hope for the five posts runs for all of them.
        v.extend(super::ministries_robot::candidacies(&mine));
        v.push(Order::ElectionOrder { order: [Ministry::Justice, Ministry::Interior, Ministry::Finance, Ministry::Defence] });
    } else if s.election_due() && !mine.is_empty() {
        // The Prime Minister's post and one other drawn by lot: a party
        // that ran for every post with its whole influence would sweep the
        // five and end the game at the first election.
        let other = Ministry::ALL[1 + dice.pick_index(4, RULE, "ministère brigué").unwrap_or(0)];
        for (k, m) in [Ministry::PrimeMinister, other].into_iter().enumerate() {
            let mut order = mine.clone();
            order.rotate_left(k % mine.len());
            v.push(Order::Candidate { ministry: m, senators: order });
        }
        v.push(Order::ElectionOrder { order: [Ministry::Justice, Ministry::Interior, Ministry::Finance, Ministry::Defence] });
    }
    if let Some(groups) = republic_attack(s, p) {
        v.push(Order::FleetProposal { groups });
    }
    if dice.chance_in_6(3, RULE, "proposer une loi") {
        let i = dice.pick_index(Law::ALL.len(), RULE, "loi proposée").unwrap_or(0);
        let turns = dice.range(1, u32::from(s.settings.max_law_turns.clamp(1, 3)), RULE, "durée de la loi") as u8;
        // With `impots`, one proposal in three is a tax of 1 to 3 money on
        // an action of the closed list ("Impôts").
        let law = if s.settings.taxes && dice.chance_in_6(2, RULE, "proposer un impôt") {
            let action = TaxedAction::ALL[dice.pick_index(TaxedAction::ALL.len(), RULE, "action imposée").unwrap_or(0)];
            Law::Tax { action, amount: dice.range(1, 3, RULE, "montant de l'impôt") as u8 }
        } else {
            Law::ALL[i]
        };
        v.push(Order::Propose { law, turns });
    }
    // Money for influence with its partner, 3 for 1 (both sides see the
    // same numbers and write the mirror lines); the seller files no
    // indictment then, so that it still has the influence when the trade
    // is carried out.
    let mut selling = false;
    if let Some((with, first)) = trading_partner(s, p) {
        let (payer, seller) = if first { (p, with) } else { (with, p) };
        if money(s, payer) >= 6 && influence(s, seller) >= 3 {
            selling = seller == p;
            let (give, get) = (Goods::Resource { resource: Resource::Money, amount: 3 }, Goods::Resource { resource: Resource::Influence, amount: 1 });
            let (give, get) = if first { (give, get) } else { (get, give) };
            v.push(Order::Trade { with, give: vec![give], get: vec![get] });
        }
    }
    if !selling && influence(s, p) >= 4 && dice.chance_in_6(2, RULE, "proposer une poursuite") {
        if let Some(n) = someone_elses_senator(s, p, dice) {
            v.push(Order::Indict { senator: n });
        }
    }
    if s.holder(Ministry::Justice) == Some(p) && influence(s, p) >= 4 {
        if let Some(n) = someone_elses_senator(s, p, dice) {
            v.push(Order::Prosecute { senators: vec![n] });
        }
    }
    if s.holder(Ministry::Finance) == Some(p) && influence(s, p) >= 2 {
        let others: Vec<&String> = s.fx.senators.iter().filter(|(n, x)| x.party != p && !s.audited.contains(*n)).map(|(n, _)| n).collect();
        if let Some(i) = dice.pick_index(others.len(), RULE, "sénateur vérifié") {
            v.push(Order::Audit { senator: others[i].clone() });
        }
    }
    if influence(s, p) < 3 && money(s, p) >= 12 {
        v.push(Order::Bank { buy: Resource::Influence, amount: 2 });
    }
    v
}

/// S2: a ranked ballot for each post (own party first), a vote on every
/// item (for its own, against indictments of its own senators, by lot
/// otherwise), the first fleet proposal, a veto now and then for the Prime
/// Minister.
fn voting(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut v = Vec::new();
    let mut budget = u32::from(influence(s, p));
    // The veto counts if the party holds the post after this senate's
    // elections: its holder, or a candidate for it; 1 influence is kept
    // for it.
    let may_hold = s.holder(Ministry::PrimeMinister) == Some(p)
        || (s.election_due() && s.filings.candidacies.get(&p).is_some_and(|c| c.contains_key(&Ministry::PrimeMinister)));
    let mut veto_kept = u32::from(may_hold && budget >= 1);
    budget -= veto_kept;
    let cap = |dice: &mut Dice, budget: &mut u32, most: u32| -> u32 {
        let c = dice.range(0, most.min(*budget), RULE, "influence engagée");
        *budget -= c;
        c
    };
    if s.election_due() {
        // Running for every post (`ministries_robot`): the whole budget
        // spread over the five votes.
        let sweep = s.filings.candidacies.get(&p).is_some_and(|c| c.len() == Ministry::ALL.len());
        let whole = budget;
        for (k, m) in Ministry::ALL.into_iter().enumerate() {
            let filed = |q: &PartyId| s.filings.candidacies.get(q).is_some_and(|c| c.contains_key(&m));
            let mut choices = Vec::new();
            if filed(&p) {
                choices.push(PostChoice::Party { party: p });
            }
            let mut others: Vec<PartyId> = s.parties().filter(|q| *q != p && filed(q)).collect();
            while let Some(i) = dice.pick_index(others.len(), RULE, "choix suivant") {
                choices.push(PostChoice::Party { party: others.remove(i) });
            }
            if sweep {
                let c = super::ministries_robot::cap(whole, k).min(budget);
                budget -= c;
                v.push(Order::VotePost { ministry: m, choices, cap: c });
            } else if !choices.is_empty() {
                let c = cap(dice, &mut budget, if filed(&p) { 3 } else { 1 });
                v.push(Order::VotePost { ministry: m, choices, cap: c });
            }
        }
    }
    let mut fleet_items = Vec::new();
    for (k, item) in s.agenda.iter().enumerate() {
        let n = k as u32 + 1;
        match item {
            Item::Fleet { .. } => fleet_items.push(n),
            Item::Law { by, .. } if *by == p => {
                let c = cap(dice, &mut budget, 4);
                v.push(Order::VoteItem { item: n, for_it: true, cap: c });
            }
            Item::Law { .. } => {
                let for_it = dice.chance_in_6(3, RULE, "vote sur la loi");
                let c = cap(dice, &mut budget, 2);
                v.push(Order::VoteItem { item: n, for_it, cap: c });
                if veto_kept == 1 && dice.chance_in_6(4, RULE, "veto") {
                    veto_kept = 0;
                    v.push(Order::Veto { item: n });
                }
            }
            Item::Trade { a, b, .. } => {
                let c = cap(dice, &mut budget, if *a == p || *b == p { 3 } else { 1 });
                v.push(Order::VoteItem { item: n, for_it: *a == p || *b == p || dice.chance_in_6(3, RULE, "vote sur l'échange"), cap: c });
            }
            // A free law (#29): its own proposal backed, the others left
            // to the humans (the robot abstains).
            Item::FreeLaw { by, .. } => {
                if *by == p {
                    v.push(Order::VoteItem { item: n, for_it: true, cap: 0 });
                }
            }
            Item::Peace { .. } => {
                let c = cap(dice, &mut budget, 2);
                v.push(Order::VoteItem { item: n, for_it: super::rebellion_robot::peace_vote(s), cap: c });
            }
            Item::Indictment { senator, .. } => {
                let against = s.fx.senators.get(senator).is_some_and(|x| x.party == p);
                let c = cap(dice, &mut budget, if against { 4 } else { 2 });
                v.push(Order::VoteItem { item: n, for_it: !against, cap: c });
            }
        }
    }
    // A proposal attacking the infestation first, else one by lot.
    let attacking: Vec<u32> = fleet_items.iter().copied().filter(|n| matches!(s.agenda.get(*n as usize - 1), Some(Item::Fleet { groups, .. }) if groups.iter().any(|g| g.attack))).collect();
    if !attacking.is_empty() {
        let first = attacking[dice.pick_index(attacking.len(), RULE, "proposition de flotte").unwrap_or(0)];
        v.push(Order::VoteFleet { ranking: vec![Some(first), None], cap: 1.min(budget) });
    } else if !fleet_items.is_empty() {
        let first = fleet_items[dice.pick_index(fleet_items.len(), RULE, "proposition de flotte").unwrap_or(0)];
        v.push(Order::VoteFleet { ranking: vec![Some(first), None], cap: 0 });
    }
    if v.is_empty() {
        v.push(Order::Pass);
    }
    v
}

/// P: a senator from hand when it can pay him, fleets on its own sectors
/// with the money left above a reserve (at most the cap of 10), the hand
/// trimmed to 7.
fn purchases(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    let mut v = Vec::new();
    let mut cash = money(s, p);
    let ps = s.fx.parties.get(&p);
    if let Some(w) = ps.map(|x| &x.waiting) {
        // A senator whose skill the party uses as an action first
        // (`powers_robot`), else one by lot.
        let wanted = super::powers_robot::wanted_recruit(s, w, cash.saturating_sub(MONEY_KEPT));
        if let Some(name) = wanted.as_ref().or_else(|| dice.pick_index(w.len(), RULE, "sénateur recruté").map(|i| &w[i])) {
            let cost = s.components.senator(name).map_or(u8::MAX, |x| x.cost);
            if cost <= cash.saturating_sub(MONEY_KEPT) {
                cash -= cost;
                v.push(Order::Recruit { senator: name.clone() });
            }
        }
    }
    let room = u32::from(super::model::FLEETS_MAX).saturating_sub(s.fleets_of(p));
    let afford = u32::from(cash.saturating_sub(MONEY_KEPT) / FLEET_COST);
    let n = afford.min(room).min(2);
    let sectors = s.sectors_of(p);
    if n > 0 {
        if let Some(i) = dice.pick_index(sectors.len(), RULE, "secteur des flottes achetées") {
            v.push(Order::BuyFleets { at: vec![(n as u8, sectors[i])] });
        }
    }
    v.extend(super::ministries_robot::call(s, p));
    if let Some(hand) = ps.map(|x| &x.hand) {
        if hand.len() > HAND_MAX {
            v.push(Order::Discard { cards: hand[HAND_MAX..].to_vec() });
        }
    }
    if v.is_empty() {
        v.push(Order::Pass);
    }
    v
}

/// Some lines, or `PASSE`: the step's answer is expected.
fn or_pass(v: Vec<Order>) -> Vec<Order> {
    if v.is_empty() {
        vec![Order::Pass]
    } else {
        v
    }
}

/// Any step: a small standing protection on the party's Prime Minister
/// (`PROTEGER <pm> 1`, once a game turn: it costs nothing until an attempt
/// on him, then what the party can pay); in P, now and then, an attempt by
/// a fresh Assassin of the party on the strongest minister of another
/// party — the Prime Minister first, then the posts in their order — with
/// +1 when influence allows ("Assassinats.").
fn attempts(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    use super::components::Skill;
    let mut v = Vec::new();
    if let Some(pm) = s.ministries.get(&Ministry::PrimeMinister).filter(|n| s.fx.senators.get(*n).is_some_and(|x| x.party == p)) {
        let mine = &s.intrigue.attempts.on;
        if !mine.get(&p).is_some_and(|m| m.contains_key(pm)) {
            v.push(Order::Standing { senator: Some(pm.clone()), points: -1 });
        }
    }
    if s.phase != Phase::Purchases {
        return v;
    }
    let fresh = |n: &String| {
        let skill = s.components.senator(n).and_then(|c| c.skill);
        (matches!(skill, Some(Skill::Assassin | Skill::MaitreEnAssassinat)) || super::rebellion::is_rebel(s, p)) && !s.fx.senators[n].exhausted && !s.recruited.contains(n)
    };
    let Some(assassin) = s.senators_of(p).find(|n| fresh(n)).cloned() else { return v };
    let target = Ministry::ALL.iter().filter_map(|m| s.ministries.get(m)).find(|n| s.fx.senators.get(*n).is_some_and(|x| x.party != p)).cloned();
    if let Some(target) = target {
        if dice.chance_in_6(3, RULE, "tentative d'assassinat") {
            let bid = u8::from(influence(s, p) >= 10);
            v.push(Order::Assassinate { target, assassin, bid });
        }
    }
    v
}

/// B: a Feint, now and then, when the party holds one it can pay and one
/// of its invasions now faces more defending dice than it has fleets there
/// (later windows reinforced the defence).
fn feint(s: &GdState, p: PartyId, dice: &mut Dice) -> Vec<Order> {
    use super::intrigue::battle::Force;
    let Some(card) = super::intrigue::feint::feint_card(s, p) else { return Vec::new() };
    if super::intrigue::feint::unpaid(s, p, card).is_some() {
        return Vec::new();
    }
    let d = &s.intrigue.invasions;
    let outmatched = d.invasions.iter().filter(|x| x.force == Force::Party(p)).any(|x| {
        let mine = s.fleets.get(&x.sector).and_then(|m| m.get(&p)).copied().unwrap_or(0);
        let invading = |q: &PartyId| d.invasions.iter().any(|y| y.sector == x.sector && y.force == Force::Party(*q));
        let defending: u32 = s.fleets.get(&x.sector).into_iter().flatten().filter(|(q, _)| !invading(q)).map(|(_, k)| u32::from(*k)).sum::<u32>() + u32::from(s.republic_at.get(&x.sector).copied().unwrap_or(0));
        1 + defending + s.fx.defence(&s.components, x.sector) > u32::from(mine)
    });
    if outmatched && dice.chance_in_6(3, RULE, "jouer une Feinte") {
        vec![Order::Feint]
    } else {
        Vec::new()
    }
}

/// The simulated party's orders for the step now open.
pub fn sample(s: &GdState, p: PartyId, dice: &mut Dice) -> Orders {
    // The rebel's senators left the senate: it files and votes nothing.
    let rebel = super::rebellion::is_rebel(s, p);
    let mut lines = match s.phase {
        Phase::Filing | Phase::Voting if rebel => vec![Order::Pass],
        Phase::Filing => filing(s, p, dice),
        Phase::Voting => voting(s, p, dice),
        Phase::Purchases => purchases(s, p, dice),
        // The intrigue's robots come with its orders (issue #28): until
        // then they pass.
        Phase::Invasions { .. } => invasions(s, p, dice),
        Phase::Battles => or_pass([feint(s, p, dice), super::intrigue::defence::robot(s, p, dice)].concat()),
        // An F window: the Feint player declares again as in its I window.
        Phase::Feints { .. } => invasions(s, p, dice),
        Phase::BattlesAgain => vec![Order::Pass],
        Phase::Campaigns { .. } => or_pass(super::intrigue::campaigns_robot::declare(s, p, dice)),
        Phase::Canvass => or_pass(super::intrigue::campaigns_robot::canvass(s, p, dice)),
        Phase::Registration | Phase::Over => Vec::new(),
    };
    if s.phase.is_playing() {
        let mut more = attempts(s, p, dice);
        more.extend(super::powers_robot::orders(s, p, dice));
        more.extend(super::intrigue::fight_skills::robot(s, p));
        more.extend(super::rebellion_robot::lines(s, p, dice));
        more.extend(super::cards_robot::cards(s, p, dice));
        if !more.is_empty() {
            lines.retain(|o| *o != Order::Pass);
            lines.extend(more);
        }
    }
    Orders { lines, defaulted: false }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OrderLine;
    use crate::games::galactic_destiny::orders;
    use crate::games::galactic_destiny::senate::testkit;

    /// With `impots`, the simulated parties propose taxes now and then (and
    /// never without it), on lines the parser accepts.
    #[test]
    fn impots_the_simulated_parties_propose_taxes_only_when_impots_is_on() {
        let mut s = testkit::state(&[PartyId::Pop, PartyId::Bip]);
        let family = s.family_of(PartyId::Pop).unwrap().clone();
        let taxes = |s: &GdState, seed: u8| -> Vec<Order> {
            let o = sample(s, PartyId::Pop, &mut Dice::from_seed([seed; 32]));
            o.lines.into_iter().filter(|l| matches!(l, Order::Propose { law: Law::Tax { .. }, .. })).collect()
        };
        assert!((0..60).all(|seed| taxes(&s, seed).is_empty()), "impots off: no tax");
        s.settings.taxes = true;
        let proposed: Vec<Order> = (0..60).flat_map(|seed| taxes(&s, seed)).collect();
        assert!(!proposed.is_empty(), "impots on: some tax proposed in 60 tries");
        for o in proposed {
            let text = orders::lines(&s, &Orders { lines: vec![o.clone()], defaulted: false }).remove(0);
            let parsed = orders::parse(&s, &family, &[OrderLine { no: 1, text: text.clone() }]);
            assert_eq!(parsed.orders.lines, vec![o], "{text}: {:?}", parsed.verdicts);
        }
    }
}
