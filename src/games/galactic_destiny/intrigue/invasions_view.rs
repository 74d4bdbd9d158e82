//! The invasions' events in words (messages `gd-inv-*`, files
//! `locales/*/galactic-destiny-invasions.ftl`): every battle with every
//! die, every sector taken, every retreat, the Republic fleet's moves.
//! Battles are public: every party reads them.

use crate::i18n::{Lang, Msg};

use super::super::model::GdState;
use crate::msg;

use super::super::components::PartyId;
use super::super::events::Event;
use super::battle::{After, Force, Outcome, Stake};
use super::Die;

fn force_word(f: &Force<PartyId>) -> String {
    match f {
        Force::Party(p) => p.sigle().to_string(),
        Force::Republic => "republic".to_string(),
    }
}

fn dice_words(dice: &[Die]) -> Vec<String> {
    dice.iter()
        .map(|d| match (d.plus, d.bonus) {
            (0, false) => d.face.to_string(),
            (0, true) => format!("+{}", d.face),
            (p, _) => format!("{}+{p}", d.face),
        })
        .collect()
}

fn origins(from: &[(u8, u8)]) -> Vec<String> {
    from.iter().map(|(s, n)| format!("{n} ← {s}")).collect()
}

fn stake_msg(s: &Stake<PartyId>) -> Msg {
    match s {
        Stake::Hold => msg!("gd-inv-stake-hold"),
        Stake::Claim(p) => msg!("gd-inv-stake-claim", party = p.sigle()),
        Stake::Neutral => msg!("gd-inv-stake-neutral"),
    }
}

fn battle_msg(sector: u8, admirals: &[Option<String>], o: &Outcome<PartyId, String>) -> Msg {
    let sides: Vec<Msg> = o.totals.iter().enumerate().map(|(i, (stake, total))| msg!("gd-inv-side", side = i + 1, stake = stake_msg(stake), total = *total, hits = o.hits_taken.get(i).copied().unwrap_or(0))).collect();
    let lines: Vec<Msg> = o
        .contingents
        .iter()
        .enumerate()
        .map(|(i, c)| {
            msg!(
                "gd-inv-contingent",
                force = force_word(&c.force),
                side = c.side + 1,
                fleets = c.fleets,
                admiral = admirals.get(i).cloned().flatten().unwrap_or_else(|| "none".into()),
                dice = if c.dice.is_empty() { vec!["-".to_string()] } else { dice_words(&c.dice) },
                total = c.total,
                hits = c.hits,
                target = c.hits_to + 1,
                losses = c.losses,
                killed = c.admiral_killed.clone().unwrap_or_else(|| "none".into()),
            )
        })
        .collect();
    let after = match &o.after {
        After::Unchanged => msg!("gd-inv-after-unchanged"),
        After::Owner(p) => msg!("gd-inv-after-owner", party = p.sigle()),
        After::Neutral => msg!("gd-inv-after-neutral"),
    };
    msg!(
        "gd-ev-inv-battle",
        sector = sector,
        sector_dice = dice_words(&o.sector_dice),
        sector_hits = o.sector_hits.0,
        sector_target = o.sector_hits.1 + 1,
        sides = sides,
        contingents = lines,
        winner = o.winner + 1,
        after = after,
    )
}

/// The invasions declared so far this turn, for every report until the
/// battles (the next windows see them: "il peut voir ce que vous faites
/// avant de déclarer ses propres actions").
pub fn declared(s: &GdState, lang: Lang) -> Vec<String> {
    s.intrigue
        .invasions
        .invasions
        .iter()
        .map(|d| {
            msg!(
                "gd-inv-declared",
                force = force_word(&d.force),
                sector = d.sector,
                fleets = d.fleets,
                admiral = d.admiral.clone().unwrap_or_else(|| "none".into()),
                stake = stake_msg(&d.stake),
            )
            .render(lang)
        })
        .collect()
}

/// The invasions' events in words; None for the others.
pub fn event_msg(e: &Event) -> Option<Msg> {
    Some(match e {
        Event::RepublicFleetMoved { from, to, count, short, attack, admiral } => msg!(
            "gd-ev-inv-republic-moved",
            count = *count,
            from = *from,
            to = *to,
            short = *short,
            attack = if *attack { "yes" } else { "no" },
            admiral = admiral.clone().unwrap_or_else(|| "none".into()),
        ),
        Event::Battle { sector, admirals, outcome } => battle_msg(*sector, admirals, outcome),
        Event::SectorTaken { sector, owner, was, was_infested } => msg!(
            "gd-ev-inv-sector-taken",
            sector = *sector,
            owner = owner.map_or("none", |p| p.sigle()),
            was = if *was_infested { "infested".to_string() } else { was.map_or("none".to_string(), |p| p.sigle().to_string()) },
        ),
        Event::Retreated { party, count, from, to } => msg!(
            "gd-ev-inv-retreated",
            party = party.map_or("republic", |p| p.sigle()),
            count = *count,
            from = *from,
            to = to.map_or(0, i64::from),
        ),
        Event::Invaded { party, sector, from, admiral, stake } => msg!(
            "gd-ev-inv-invaded",
            party = party.sigle(),
            sector = *sector,
            from = origins(from),
            admiral = admiral.clone().unwrap_or_else(|| "none".into()),
            stake = stake_msg(stake),
        ),
        Event::Defended { party, sector, from } => msg!("gd-ev-inv-defended", party = party.sigle(), sector = *sector, from = origins(from)),
        Event::MovementPaid { party, fleets, money } => msg!("gd-ev-inv-movement-paid", party = party.sigle(), fleets = *fleets, money = *money),
        _ => return None,
    })
}

/// One sample of every message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    use super::battle::{Fought, Outcome};
    let die = |face| Die { face, plus: 0, bonus: false };
    let fought = |force, admiral_killed: Option<&str>| Fought {
        side: 1,
        force,
        dice: vec![die(6), Die { face: 5, plus: 1, bonus: false }, Die { face: 4, plus: 0, bonus: true }],
        total: 17,
        hits: 2,
        hits_to: 0,
        fleets: 2,
        losses: 1,
        admiral_killed: admiral_killed.map(String::from),
        retreats: false,
        to_sector_1: true,
    };
    let mut all = Vec::new();
    for (after, stake) in [(After::Unchanged, Stake::Hold), (After::Owner(PartyId::Pop), Stake::Claim(PartyId::Pop)), (After::Neutral, Stake::Neutral)] {
        let outcome = Outcome {
            sector_dice: vec![die(3)],
            sector_hits: (0, 1),
            totals: vec![(Stake::Hold, 8), (stake, 17)],
            hits_taken: vec![2, 0],
            contingents: vec![fought(Force::Republic, Some("Jemak")), Fought { dice: vec![], ..fought(Force::Party(PartyId::Pop), None) }],
            winner: 1,
            after,
            rerolls: Vec::new(),
        };
        all.push(event_msg(&Event::Battle { sector: 50, admirals: vec![Some("Jemak".into()), None], outcome }));
    }
    for (attack, admiral) in [(true, Some("Jemak".to_string())), (false, None)] {
        all.push(event_msg(&Event::RepublicFleetMoved { from: 1, to: 50, count: 3, short: 1, attack, admiral }));
        all.push(event_msg(&Event::RepublicFleetMoved { from: 1, to: 50, count: 3, short: 0, attack, admiral: None }));
    }
    all.push(event_msg(&Event::SectorTaken { sector: 50, owner: None, was: None, was_infested: true }));
    all.push(event_msg(&Event::SectorTaken { sector: 12, owner: Some(PartyId::Pop), was: Some(PartyId::Bip), was_infested: false }));
    all.push(event_msg(&Event::SectorTaken { sector: 12, owner: Some(PartyId::Pop), was: None, was_infested: false }));
    all.push(event_msg(&Event::Retreated { party: None, count: 2, from: 50, to: Some(1) }));
    all.push(event_msg(&Event::Retreated { party: Some(PartyId::Pop), count: 2, from: 50, to: Some(4) }));
    all.push(event_msg(&Event::Retreated { party: Some(PartyId::Pop), count: 2, from: 50, to: None }));
    all.push(event_msg(&Event::Invaded { party: PartyId::Pop, sector: 12, from: vec![(11, 2), (12, 1)], admiral: Some("Fola".into()), stake: Stake::Claim(PartyId::Pop) }));
    all.push(event_msg(&Event::Invaded { party: PartyId::Pop, sector: 12, from: vec![(11, 2)], admiral: None, stake: Stake::Neutral }));
    all.push(event_msg(&Event::Defended { party: PartyId::Pop, sector: 12, from: vec![(11, 2)] }));
    all.push(event_msg(&Event::MovementPaid { party: PartyId::Pop, fleets: 2, money: 4 }));
    all.push(Some(msg!("gd-inv-unexecuted-no-fleets")));
    all.push(Some(msg!("gd-inv-declared", force = "republic", sector = 50, fleets = 3, admiral = "Jemak", stake = stake_msg(&Stake::Neutral))));
    all.push(Some(msg!("gd-inv-declared", force = "POP", sector = 12, fleets = 3, admiral = "none", stake = stake_msg(&Stake::Claim(PartyId::Pop)))));
    all.into_iter().flatten().collect()
}
