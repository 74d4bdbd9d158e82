//! The campaigns of a game turn (design note §2.2, steps C and K):
//! "Campagnes.", "Résolution des campagnes.". The windows declare
//! ([`declare`]); K takes the influence offered and resolves every campaign,
//! worst initiative first ([`resolve`]), through [`super::campaign`].
//!
//! - C (a window per party, or one sealed step): each `CAMPAGNE <secteur>
//!   <sén> [INFLUENCE <n>]` is checked again ([`check`]) and declared: the
//!   party's grey token on the sector (public, [`Declared`]), the senator
//!   exhausted (his action), "Liberté de parole et consulat de l'éducation"
//!   paid (2 influence, else the law is broken, G38). The influence of the
//!   line stays private to its party until the campaign is resolved.
//! - K (every party): `INFLUENCE <secteur> <n>` adds to the party's
//!   campaign there, or to the roll of its own sector campaigned by others.
//!   Then the sectors are resolved in the order of the worst initiative
//!   present in each ("l'affaire entière est résolue sur la plus mauvaise
//!   initiative présente"); the influence is paid as each is resolved, as
//!   far as the party's influence then goes; adjacency counts the sectors
//!   owned at that moment ("actuellement"). The winner takes the sector.
//!
//! Campaign cards (`CARTE … CAMPAGNE`) are played as each campaign is
//! resolved, their points and dice on their party's side
//! ([`crate::games::galactic_destiny::cards::contest`]). The rebel
//! campaigns anywhere and halves the defences ([`crate::games::galactic_destiny::rebellion`]). A tax on
//! campaigns (Impôts) is paid in [`declare`] through `common::pay_tax`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::msg;

use super::super::common::{self, in_initiative};
use super::super::components::board::Ability;
use super::super::components::effects::Resource;
use super::super::components::{PartyId, SectorNo, Skill};
use super::super::events::Event;
use super::super::model::{GdState, Law, TaxedAction};
use super::super::orders::{Order, Orders};
use super::super::senate::Ministry;
use super::campaign::{self, Campaigner, Target};

/// "Liberté de parole et consulat de l'éducation": influence per campaign.
pub const EDUCATION_COST: u8 = 2;

/// One campaign declared: the party's grey token on the sector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    pub party: PartyId,
    pub sector: SectorNo,
    pub senator: String,
    /// The influence of its `CAMPAGNE … INFLUENCE n` line, paid when it is
    /// resolved: private to its party until then.
    #[serde(default)]
    pub influence: u8,
}

/// What the campaign windows have declared this game turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Declared {
    /// In the order declared (windows in initiative order, worst first).
    #[serde(default)]
    pub campaigns: Vec<Declaration>,
}

/// One campaigner's roll, as the reports print it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignRoll {
    pub party: PartyId,
    pub senator: String,
    /// The faces, the bonus dice of natural sixes last.
    pub dice: Vec<u32>,
    pub diplomacy: i32,
    /// Orateur public: +1.
    pub orator: bool,
    pub corruption: u32,
    pub shadow: u32,
    /// Influence paid.
    pub influence: u32,
    pub adjacency: u32,
    pub race_icon: bool,
    pub party_icon: bool,
    /// Its party's campaign cards' points (`bonus`).
    #[serde(default)]
    pub cards: i64,
    pub total: i64,
}

/// The sectors a party may campaign in now: not infested, not its own,
/// and orthogonally adjacent to one it owns ("les coins ne comptent pas")
/// or one of the marked sectors ("les 3 secteurs identifiés avec le jeton
/// du secteur").
/// The rebel "peut effectuer des campagnes dans n'importe quel secteur sur
/// le plateau" (infested ones excepted: those are fought, never canvassed).
pub fn reachable(s: &GdState, p: PartyId) -> Vec<SectorNo> {
    let mine = s.sectors_of(p);
    let anywhere = super::super::rebellion::is_rebel(s, p);
    s.fx
        .sectors
        .iter()
        .filter(|(n, x)| !x.infested && x.owner != Some(p) && (anywhere || x.marked || mine.iter().any(|m| s.components.board.adjacent(**n, *m))))
        .map(|(n, _)| *n)
        .collect()
}

/// Sectors orthogonally adjacent to `sector` that `p` owns now.
pub fn adjacency(s: &GdState, p: PartyId, sector: SectorNo) -> u32 {
    s.components.board.neighbours(sector).filter(|n| s.fx.sectors.get(n).and_then(|x| x.owner) == Some(p)).count() as u32
}

/// A senator's diplomacy for a campaign: printed, with the modifiers in
/// force, +1 for the Interior minister ("gagne +1 diplomatie"), +1 when his
/// party owns sector 1 ("Voix autoritaire": "Tous les sénateurs dans votre
/// parti politique gagnent +1 diplomatie").
pub fn diplomacy(s: &GdState, senator: &str) -> i32 {
    let printed = s.components.senator(senator).map_or(0, |c| i32::from(c.diplomacy));
    let party = s.fx.senators.get(senator).map(|x| x.party);
    let n1 = s.components.board.sector_of(Ability::VoixAutoritaire);
    let authoritative = party.is_some() && n1.and_then(|n| s.fx.sectors.get(&n)).and_then(|x| x.owner) == party;
    printed + s.fx.diplomacy_bonus(senator) + i32::from(s.ministry_of(senator) == Some(Ministry::Interior)) + i32::from(authoritative)
}

/// The place of a party in the initiative order, worst (0) first.
fn place(s: &GdState, p: PartyId) -> u32 {
    in_initiative(s).iter().position(|q| *q == p).unwrap_or(usize::MAX) as u32
}

/// A campaigner's figures on `sector` now, with `influence` paid.
pub fn campaigner(s: &GdState, party: PartyId, senator: &str, sector: SectorNo, influence: u32) -> Campaigner<PartyId, String> {
    let st = s.fx.senators.get(senator);
    let card = s.components.senator(senator);
    let skill = card.and_then(|c| c.skill);
    let board = s.components.board.sectors.get(&sector);
    Campaigner {
        party,
        senator: senator.to_string(),
        diplomacy: diplomacy(s, senator),
        corruption: st.map_or(0, |x| u32::from(x.corruption)),
        shadow: st.map_or(0, |x| u32::from(x.shadow)),
        atheist: skill == Some(Skill::Athee),
        orator: skill == Some(Skill::OrateurPublic),
        influence,
        adjacency: adjacency(s, party, sector),
        race_icon: board.and_then(|b| b.race).is_some_and(|r| st.and_then(|x| x.race) == Some(r)),
        party_icon: board.and_then(|b| b.party) == Some(party),
        initiative: place(s, party),
        cards: Default::default(),
    }
}

/// The same campaigner, his party named by its sigle.
fn sigled(c: &Campaigner<PartyId, String>) -> Campaigner<&'static str, String> {
    Campaigner {
        party: c.party.sigle(),
        senator: c.senator.clone(),
        diplomacy: c.diplomacy,
        corruption: c.corruption,
        shadow: c.shadow,
        atheist: c.atheist,
        orator: c.orator,
        influence: c.influence,
        adjacency: c.adjacency,
        race_icon: c.race_icon,
        party_icon: c.party_icon,
        initiative: c.initiative,
        cards: c.cards,
    }
}

/// Whether `p` may campaign in `sector` with `senator` now (the checks of
/// "Campagnes." and G49), `integrity` telling whether "Acte d'intégrité
/// vertueux" binds it: why not, in words.
pub fn check(s: &GdState, p: PartyId, sector: SectorNo, senator: &str, integrity: bool) -> Result<(), Msg> {
    let x = s.fx.sectors.get(&sector).ok_or_else(|| msg!("gd-order-refused-unknown-sector", written = sector.to_string()))?;
    if x.infested {
        return Err(msg!("gd-camp-refused-infested", sector = sector));
    }
    if x.owner == Some(p) {
        return Err(msg!("gd-camp-refused-own-sector", sector = sector));
    }
    if !reachable(s, p).contains(&sector) {
        let r: Vec<String> = reachable(s, p).iter().map(|n| n.to_string()).collect();
        return Err(msg!("gd-camp-refused-not-reachable", sector = sector, count = r.len(), sectors = r));
    }
    if let Some(o) = x.owner.filter(|_| integrity) {
        return Err(msg!("gd-camp-refused-integrity", sector = sector, party = o.sigle()));
    }
    if s.intrigue.campaigns.campaigns.iter().any(|d| d.party == p && d.sector == sector) {
        return Err(msg!("gd-camp-refused-twice", sector = sector));
    }
    match s.fx.senators.get(senator) {
        None => Err(msg!("gd-order-refused-not-in-play", senator = senator)),
        Some(st) if st.party != p => Err(msg!("gd-order-refused-not-your-senator", senator = senator)),
        Some(_) if s.recruited.contains(senator) => Err(msg!("gd-camp-refused-recruited", senator = senator)),
        Some(st) if st.exhausted => Err(msg!("gd-camp-refused-exhausted", senator = senator)),
        Some(_) => Ok(()),
    }
}

/// Plays the declarations of a closing C step: `orders` holds the orders of
/// the window's party (or every party's, sealed, in initiative order). Each
/// campaign is checked again against the state as it is then.
pub fn declare(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, _dice: &mut Dice, events: &mut Vec<Event>) {
    for p in in_initiative(state) {
        let Some(o) = orders.get(&p) else { continue };
        // The senators an earlier campaign line of this mail sent.
        let mut sent: Vec<String> = Vec::new();
        for line in &o.lines {
            // "Bob envoie la sénateur Fola faire campagne dans le secteur 34
            // et joue ensuite une carte Multitâche, qui régénère la sénateur
            // et envoie ensuite Fola faire campagne dans le secteur 36": a
            // Multitâche that stood, written after his campaign, refreshes
            // him there, in the order of the lines.
            if super::super::cards::refresh_in_order(state, line, &mut sent) {
                continue;
            }
            let Order::Campaign { sector, senator, influence } = line else { continue };
            if let Err(why) = check(state, p, *sector, senator, state.law_binds(Law::Integrity, p)) {
                events.push(Event::Unexecuted { party: p, order: format!("CAMPAGNE {sector} {senator}"), reason: why });
                continue;
            }
            if let Some(st) = state.fx.senators.get_mut(senator) {
                st.exhausted = true;
            }
            sent.push(senator.clone());
            state.intrigue.campaigns.campaigns.push(Declaration { party: p, sector: *sector, senator: senator.clone(), influence: *influence });
            events.push(Event::CampaignDeclared { party: p, sector: *sector, senator: senator.clone() });
            if state.law_binds(Law::Education, p) {
                match state.fx.parties.get_mut(&p) {
                    Some(ps) if ps.influence >= EDUCATION_COST => {
                        ps.influence -= EDUCATION_COST;
                        events.push(Event::EducationPaid { party: p, sector: *sector, amount: EDUCATION_COST });
                    }
                    _ => {
                        // G38: a payment a law asks for not made breaks it.
                        common::breach(state, p, Law::Education, Some(senator), events);
                    }
                }
            }
            // Impôts: a tax on campaigns is paid as the campaign is declared.
            common::pay_tax(state, p, TaxedAction::Campaign, Some(senator), events);
        }
    }
}

/// Takes up to `want` influence from `p`'s treasury: what it paid.
fn pay(state: &mut GdState, p: PartyId, want: u32) -> u32 {
    let Some(ps) = state.fx.parties.get_mut(&p) else { return 0 };
    let paid = want.min(u32::from(ps.get(Resource::Influence)));
    ps.influence -= paid as u8;
    paid
}

/// Why a declared campaign cannot be resolved now (its senator killed or
/// no longer the party's, the sector now its own).
fn void_reason(s: &GdState, d: &Declaration) -> Option<Msg> {
    match s.fx.senators.get(&d.senator) {
        None => return Some(msg!("gd-order-refused-not-in-play", senator = d.senator.as_str())),
        Some(st) if st.party != d.party => return Some(msg!("gd-order-refused-not-your-senator", senator = d.senator.as_str())),
        _ => {}
    }
    let x = s.fx.sectors.get(&d.sector)?;
    if x.infested {
        Some(msg!("gd-camp-refused-infested", sector = d.sector))
    } else if x.owner == Some(d.party) {
        Some(msg!("gd-camp-refused-own-sector", sector = d.sector))
    } else {
        None
    }
}

/// Plays K: the influence offered, then every campaign, worst initiative
/// first.
pub fn resolve(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    // K's influence, by party and sector (the first line for a sector).
    let mut offered: BTreeMap<(PartyId, SectorNo), u32> = BTreeMap::new();
    for (p, o) in orders {
        for line in &o.lines {
            if let Order::Influence { sector, amount } = line {
                offered.entry((*p, *sector)).or_insert(u32::from(*amount));
            }
        }
    }
    let declared = std::mem::take(&mut state.intrigue.campaigns.campaigns);
    // The sectors, by the worst initiative present, then as declared.
    let mut sectors: Vec<(u32, usize, SectorNo)> = Vec::new();
    for (i, d) in declared.iter().enumerate() {
        let k = place(state, d.party);
        match sectors.iter_mut().find(|x| x.2 == d.sector) {
            Some(x) => x.0 = x.0.min(k),
            None => sectors.push((k, i, d.sector)),
        }
    }
    sectors.sort();
    let mut held = Vec::new();
    for (_, _, sector) in sectors {
        let mut live = Vec::new();
        for d in declared.iter().filter(|d| d.sector == sector) {
            match void_reason(state, d) {
                Some(reason) => events.push(Event::CampaignVoid { party: d.party, sector, senator: d.senator.clone(), reason }),
                None => live.push(d),
            }
        }
        if live.is_empty() {
            continue;
        }
        held.push(sector);
        let owner = state.fx.sectors.get(&sector).and_then(|x| x.owner);
        let mut cs = Vec::new();
        for d in &live {
            let want = u32::from(d.influence) + offered.get(&(d.party, sector)).copied().unwrap_or(0);
            let paid = pay(state, d.party, want);
            cs.push(campaigner(state, d.party, &d.senator, sector, paid));
        }
        // The sealed campaign cards of the parties taking part (their
        // campaign here, or the sector they own), shown and paid now.
        let parties: Vec<PartyId> = cs.iter().map(|c| c.party).chain(owner).collect();
        let mut mods = super::super::cards::contest(state, orders, false, sector, &parties, events);
        for c in &mut cs {
            c.cards = mods.remove(&c.party).unwrap_or_default();
        }
        let owner_influence = match owner {
            Some(o) => {
                let want = offered.get(&(o, sector)).copied().unwrap_or(0);
                pay(state, o, want)
            }
            None => 0,
        };
        let target = Target {
            number: u32::from(sector),
            owner: owner.map(PartyId::sigle),
            infested: false,
            defence: state.fx.defence(&state.components, sector) as i32,
            owner_influence,
            owner_adjacency: owner.map_or(0, |o| adjacency(state, o, sector)),
            // "réduits de moitié … pour les invasions et les campagnes de
            // toute la rébellion": the rebel campaigns here.
            halved: live.iter().any(|d| super::super::rebellion::is_rebel(state, d.party)),
            owner_cards: owner.and_then(|o| mods.remove(&o)).unwrap_or_default(),
        };
        // The mechanics name parties by their sigles.
        let by_sigle: Vec<Campaigner<&'static str, String>> = cs.iter().map(sigled).collect();
        let mut outcome = match campaign::resolve(&target, &by_sigle, dice) {
            Ok(o) => o,
            Err(_) => continue, // `void_reason` and `check` refuse these before.
        };
        super::fight_skills::campaign_rerolls(state, sector, &mut outcome, dice, events);
        let campaigns = outcome
            .campaigns
            .iter()
            .filter_map(|(p, sen, dice, total)| {
                let c = cs.iter().find(|c| c.party.sigle() == *p)?;
                Some(CampaignRoll {
                    party: c.party,
                    senator: sen.clone(),
                    dice: dice.iter().map(|d| d.value()).collect(),
                    diplomacy: c.diplomacy,
                    orator: c.orator,
                    corruption: c.corruption,
                    shadow: c.shadow,
                    influence: c.influence,
                    adjacency: c.adjacency,
                    race_icon: c.race_icon,
                    party_icon: c.party_icon,
                    cards: c.cards.bonus,
                    total: *total,
                })
            })
            .collect();
        let winner = outcome.winner.and_then(|w| cs.iter().find(|c| c.party.sigle() == w)).map(|c| c.party);
        if let (Some(w), Some(x)) = (winner, state.fx.sectors.get_mut(&sector)) {
            x.owner = Some(w);
        }
        events.push(Event::CampaignResolved {
            sector,
            owner,
            // The defence that counted (halved against the rebel).
            defence: target.defence_value(),
            owner_influence: target.owner_influence,
            owner_adjacency: target.owner_adjacency,
            dice: outcome.sector_dice.iter().map(|d| d.value()).collect(),
            total: outcome.sector_total,
            campaigns,
            winner,
        });
    }
    // A campaign card whose campaign was void goes back to hand unpaid.
    super::super::cards::contest_returned(state, orders, false, &held, events);
}

/// The campaigns declared this turn, for every reader (design note §7):
/// sector, party, senator — never the influence written with them.
pub fn public_json(s: &GdState) -> serde_json::Value {
    let v: Vec<serde_json::Value> = s.intrigue.campaigns.campaigns.iter().map(|d| serde_json::json!({ "sector": d.sector, "party": d.party.sigle(), "senator": d.senator })).collect();
    serde_json::Value::Array(v)
}

/// A party's own campaign matters: the influence written with its
/// campaigns (paid when resolved) and the sectors it may campaign in now.
pub fn private_json(s: &GdState, p: PartyId) -> serde_json::Value {
    let mine: Vec<serde_json::Value> =
        s.intrigue.campaigns.campaigns.iter().filter(|d| d.party == p).map(|d| serde_json::json!({ "sector": d.sector, "senator": d.senator, "influence": d.influence })).collect();
    let reachable: Vec<String> = reachable(s, p).iter().map(|n| n.to_string()).collect();
    serde_json::json!({ "mine": mine, "reachable": reachable.join(", ") })
}

fn dice_text(dice: &[u32]) -> String {
    if dice.is_empty() {
        return "-".into();
    }
    dice.iter().map(u32::to_string).collect::<Vec<_>>().join("+")
}

fn roll_msg(r: &CampaignRoll) -> Msg {
    msg!(
        "gd-ev-campaign-roll",
        party = r.party.sigle(),
        senator = r.senator.as_str(),
        dice = dice_text(&r.dice),
        diplomacy = r.diplomacy,
        orator = i64::from(r.orator),
        corruption = r.corruption,
        shadow = 3 * r.shadow,
        influence = r.influence,
        adjacency = r.adjacency,
        race = i64::from(r.race_icon),
        icon = i64::from(r.party_icon),
        cards = r.cards,
        total = r.total,
    )
}

/// The campaigns' events in words (the views call it).
pub fn event_msg(e: &Event) -> Msg {
    match e {
        Event::CampaignDeclared { party, sector, senator } => msg!("gd-ev-campaign-declared", party = party.sigle(), sector = *sector, senator = senator.as_str()),
        Event::EducationPaid { party, sector, amount } => msg!("gd-ev-education-paid", party = party.sigle(), sector = *sector, amount = *amount),
        Event::CampaignVoid { party, sector, senator, reason } => msg!("gd-ev-campaign-void", party = party.sigle(), sector = *sector, senator = senator.as_str(), reason = reason.clone()),
        Event::CampaignResolved { sector, owner, defence, owner_influence, owner_adjacency, dice, total, campaigns, winner } => msg!(
            "gd-ev-campaign-resolved",
            sector = *sector,
            owner = owner.map_or("none", |o| o.sigle()),
            defence = *defence,
            influence = *owner_influence,
            adjacency = *owner_adjacency,
            dice = dice_text(dice),
            total = *total,
            rolls = campaigns.iter().map(roll_msg).collect::<Vec<_>>(),
            winner = winner.map_or("none", |w| w.sigle()),
        ),
        _ => msg!("gd-none"),
    }
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let roll = CampaignRoll {
        party: PartyId::Gsp,
        senator: "Fola".into(),
        dice: vec![6, 2],
        diplomacy: 4,
        orator: true,
        corruption: 1,
        shadow: 1,
        influence: 2,
        adjacency: 1,
        race_icon: true,
        party_icon: false,
        cards: 2,
        total: 15,
    };
    let events = [
        Event::CampaignDeclared { party: PartyId::Gsp, sector: 12, senator: "Fola".into() },
        Event::EducationPaid { party: PartyId::Gsp, sector: 12, amount: EDUCATION_COST },
        Event::CampaignVoid { party: PartyId::Gsp, sector: 12, senator: "Fola".into(), reason: msg!("gd-camp-refused-own-sector", sector = 12) },
        Event::CampaignResolved { sector: 12, owner: Some(PartyId::Pop), defence: 3, owner_influence: 2, owner_adjacency: 1, dice: vec![4], total: 10, campaigns: vec![roll.clone()], winner: Some(PartyId::Gsp) },
        Event::CampaignResolved { sector: 12, owner: None, defence: 3, owner_influence: 0, owner_adjacency: 0, dice: vec![4], total: 7, campaigns: vec![roll], winner: None },
    ];
    let mut v: Vec<Msg> = events.iter().map(event_msg).collect();
    v.extend([
        msg!("gd-camp-refused-infested", sector = 50),
        msg!("gd-camp-refused-own-sector", sector = 12),
        msg!("gd-camp-refused-not-reachable", sector = 12, count = 2, sectors = vec!["3".to_string(), "4".to_string()]),
        msg!("gd-camp-refused-not-reachable", sector = 12, count = 0, sectors = Vec::<String>::new()),
        msg!("gd-camp-refused-integrity", sector = 12, party = "POP"),
        msg!("gd-camp-refused-twice", sector = 12),
        msg!("gd-camp-refused-recruited", senator = "Fola"),
        msg!("gd-camp-refused-exhausted", senator = "Fola"),
        msg!("gd-camp-refused-no-campaign", sector = 12),
        msg!("gd-camp-refused-influence-twice", sector = 12),
        msg!("gd-camp-note-roll", dice = 2, modifier = 5, diplomacy = 4, corruption = 1, shadow = 1, influence = 2, adjacency = 1, race = "yes", icon = "no", orator = "no"),
        msg!("gd-camp-note-sector", sector = 12, defence = 3, owner = "POP", adjacency = 1),
        msg!("gd-camp-note-sector", sector = 12, defence = 3, owner = "none", adjacency = 0),
        msg!("gd-camp-note-education", amount = 2),
        msg!("gd-camp-note-education-breach", amount = 2),
        msg!("gd-camp-note-paid-when-resolved", amount = 3),
    ]);
    v
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::game::{OrderLine, ViewContext};
    use crate::games::galactic_destiny::model::Phase;
    use crate::games::galactic_destiny::{orders, sample, setup, view};

    fn state() -> GdState {
        let mut s = setup::test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
        s.phase = Phase::Campaigns { window: Some(0) };
        s
    }

    fn ctx() -> ViewContext {
        ViewContext { game_id: "g".into(), turn: 9, deadline: String::new(), time_left: String::new(), lang: "fr".into() }
    }

    #[test]
    fn campagnes_the_influence_written_with_a_campaign_stays_its_party_s_until_resolved() {
        let before = state();
        let mut after = before.clone();
        let mut events = Vec::new();
        let o = Orders { lines: vec![Order::Campaign { sector: 35, senator: "Mashem".into(), influence: 6 }], defaulted: false };
        declare(&mut after, &BTreeMap::from([(PartyId::Gsp, o)]), &mut Dice::from_seed([0; 32]), &mut events);
        assert_eq!(after.intrigue.campaigns.campaigns.len(), 1);
        let gsp = view::family_view(&ctx(), &before, &after, &events, &"gsp".to_string());
        assert_eq!(gsp["private"]["campaigns"]["mine"][0]["influence"], 6);
        for family in ["bip", "pop"] {
            let v = view::family_view(&ctx(), &before, &after, &events, &family.to_string());
            assert_eq!(v["campaigns"][0]["sector"], 35, "the declaration is public");
            assert!(v["campaigns"][0].get("influence").is_none(), "{family} reads GSP's influence: {}", v["campaigns"]);
            assert_eq!(v["private"]["campaigns"]["mine"].as_array().map(Vec::len), Some(0));
            let text = v["this_step"].to_string();
            assert!(!text.contains('6'), "{family} reads a 6 in {text}");
        }
        let public = view::public_view(&ctx(), &before, &after, &events);
        assert!(public["campaigns"][0].get("influence").is_none());
        assert!(events.iter().all(|e| serde_json::to_value(e).unwrap().get("influence").is_none()));
    }

    #[test]
    fn campagnes_the_simulated_party_campaigns_legally_and_backs_its_campaign_in_k() {
        let mut s = state();
        let mut dice = Dice::from_seed([3; 32]);
        let read = |s: &GdState, o: &Orders, family: &str| {
            let lines: Vec<OrderLine> = orders::lines(s, o).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
            let parsed = orders::parse(s, &family.to_string(), &lines);
            assert!(parsed.verdicts.iter().all(|v| v.is_accepted()), "{:?}", parsed.verdicts);
            parsed.orders
        };
        // Mashem, fresh, has sectors within reach: the robot campaigns (most
        // of the time: it draws whether to).
        let o = (0..12)
            .map(|_| read(&s, &sample::sample(&s, PartyId::Gsp, &mut dice), "gsp"))
            .find(|o| o.lines.iter().any(|l| matches!(l, Order::Campaign { .. })))
            .expect("a campaign in 12 tries");
        let mut events = Vec::new();
        declare(&mut s, &BTreeMap::from([(PartyId::Gsp, o)]), &mut dice, &mut events);
        s.phase = Phase::Canvass;
        let k = read(&s, &sample::sample(&s, PartyId::Gsp, &mut dice), "gsp");
        let sector = s.intrigue.campaigns.campaigns.first().map(|d| d.sector);
        assert!(k.lines.iter().any(|l| matches!(l, Order::Influence { sector: n, amount } if Some(*n) == sector && *amount > 0)), "{k:?}");
        assert_eq!(read(&s, &sample::sample(&s, PartyId::Bip, &mut dice), "bip").lines, [Order::Pass], "nothing to back");
    }
}
