//! Labels the report and the chronicle share: titles, trainings, places, charges.

use super::*;

use crate::i18n::{Arg, Msg};
use crate::games::stellarium::why::Why;
use crate::msg;

pub(crate) fn training_key(t: Option<Training>) -> &'static str {
    match t {
        None => "none",
        Some(Training::Priest) => "priest",
        Some(Training::Warrior) => "warrior",
        Some(Training::Explorer) => "explorer",
        Some(Training::Merchant) => "merchant",
    }
}

pub(crate) fn gender(sex: Sex) -> &'static str {
    if sex == Sex::Female {
        "f"
    } else {
        "m"
    }
}

pub(crate) fn pyramid_key(p: Pyramid) -> &'static str {
    match p {
        Pyramid::Government => "government",
        Pyramid::Church => "church",
        Pyramid::Army => "army",
        Pyramid::Explorers => "explorers",
        Pyramid::Merchants => "merchants",
    }
}

pub(crate) fn training_name(lang: Lang, t: Option<Training>, sex: Sex) -> String {
    msg!("stellarium-training", training = training_key(t), gender = gender(sex)).render(lang)
}

pub(crate) fn pyramid_name(lang: Lang, p: Pyramid) -> String {
    msg!("stellarium-pyramid", pyramid = pyramid_key(p)).render(lang)
}

/// Short name of a pyramid for "1er dauphin (Armée)".
pub(crate) fn pyramid_short(lang: Lang, p: Pyramid) -> String {
    msg!("stellarium-pyramid-short", pyramid = pyramid_key(p)).render(lang)
}

pub(crate) fn head_title(lang: Lang, p: Pyramid, sex: Sex) -> String {
    msg!("stellarium-head-title", pyramid = pyramid_key(p), gender = gender(sex)).render(lang)
}

/// Title of a seat: `Empereur`, `1er dauphin`, `2e conseiller` …
fn seat_msg(p: Pyramid, seat: Seat, sex: Sex) -> Msg {
    match seat {
        HEAD => msg!("stellarium-head-title", pyramid = pyramid_key(p), gender = gender(sex)),
        1 | 2 => msg!("stellarium-seat-heir", rank = seat, gender = gender(sex), pyramid = msg!("stellarium-pyramid-short", pyramid = pyramid_key(p))),
        _ => msg!("stellarium-seat-councillor", rank = seat - 2, gender = gender(sex), pyramid = msg!("stellarium-pyramid-short", pyramid = pyramid_key(p))),
    }
}

/// Title of a seat: `Empereur`, `1er dauphin`, `2e conseiller` …
pub(crate) fn seat_title(lang: Lang, p: Pyramid, seat: Seat, sex: Sex) -> String {
    seat_msg(p, seat, sex).render(lang)
}

pub(crate) fn fleet_name(lang: Lang, f: FleetNo) -> String {
    msg!("stellarium-fleet", fleet = fleet_key(f)).render(lang)
}

pub(crate) fn planet_name(s: &State, k: &str) -> String {
    s.planets.get(k).map(|p| p.name.clone()).unwrap_or_else(|| k.to_string())
}

pub(crate) fn ship_name(s: &State, k: &str) -> String {
    s.ships.get(k).map(|p| p.name.clone()).unwrap_or_else(|| k.to_string())
}

/// A character's name as `family` writes it (bare first name for its own).
pub(crate) fn name_for(s: &State, family: &str, id: CharacterId) -> String {
    s.name_for(family, id)
}

fn fleet_key(f: FleetNo) -> &'static str {
    match f {
        FleetNo::First => "first",
        FleetNo::Second => "second",
    }
}

/// The posts a character holds in `s` (public information).
pub(crate) fn posts(lang: Lang, s: &State, c: &Character) -> Vec<String> {
    let g = gender(c.sex);
    let mut out: Vec<String> =
        s.posts_of(c.id).into_iter().map(|(p, seat)| seat_title(lang, p, seat, c.sex)).collect();
    if s.is_judge(c.id) {
        out.push(msg!("stellarium-post-judge").render(lang));
    }
    if let Some(k) = s.governorship(c.id) {
        out.push(msg!("stellarium-post-governor", gender = g, planet = planet_name(s, k)).render(lang));
    }
    for (f, commander) in [(FleetNo::First, s.army.commander_1), (FleetNo::Second, s.army.commander_2)] {
        if commander == Some(c.id) {
            out.push(msg!("stellarium-post-fleet-commander", fleet = fleet_key(f)).render(lang));
        }
    }
    out
}

fn captor_key(c: &Captor) -> &'static str {
    match c {
        Captor::DarkTentacle { .. } => "dark-tentacle",
        Captor::Rebels => "rebels",
        Captor::Pouarks => "pouarks",
    }
}

pub(crate) fn captor_text(lang: Lang, s: &State, cap: &Captivity) -> String {
    let planet = cap.planet.as_ref().map(|p| planet_name(s, p));
    let at = if planet.is_some() { "yes" } else { "no" };
    msg!("stellarium-captive", captor = captor_key(&cap.captor), at = at, planet = planet.unwrap_or_default()).render(lang)
}

pub(crate) fn sentence_text(lang: Lang, s: &State, sen: &Sentence) -> String {
    msg!("stellarium-sentence", planet = planet_name(s, &sen.planet), years = sen.years_remaining).render(lang)
}

/// Where a character of the family is (its own view only).
pub(crate) fn location_text(lang: Lang, s: &State, c: &Character) -> String {
    if let Some(sen) = &c.sentence {
        return sentence_text(lang, s, sen);
    }
    if let Some(cap) = &c.captivity {
        return captor_text(lang, s, cap);
    }
    match &c.last_place {
        None => "Stellarium".to_string(),
        Some(p) => place_text(lang, s, p, c.training),
    }
}

fn stake_key(s: Stake) -> &'static str {
    match s {
        Stake::Safe => "safe",
        Stake::Normal => "normal",
        Stake::Risky => "risky",
    }
}

pub(crate) fn place_text(lang: Lang, s: &State, p: &Place, training: Option<Training>) -> String {
    match p {
        Place::Stellarium => "Stellarium".to_string(),
        Place::Exchange { stake, amount } => msg!("stellarium-place-exchange", stake = stake_key(*stake), amount = *amount).render(lang),
        Place::Colony(k) => {
            let role = match training {
                Some(Training::Merchant) => "trading-post",
                Some(Training::Warrior) => "garrison",
                _ => "none",
            };
            msg!("stellarium-place-colony", planet = planet_name(s, k), role = role).render(lang)
        }
        Place::Fleet(f) => fleet_name(lang, *f).to_string(),
        Place::Ship(k) => msg!("stellarium-place-ship", ship = ship_name(s, k)).render(lang),
    }
}

fn death_msg(d: &DeathCause) -> Msg {
    let cause = match d {
        DeathCause::OldAge => "old-age",
        DeathCause::Assassinated => "assassinated",
        DeathCause::ExchangeBomb => "exchange-bomb",
        DeathCause::ShipExploded => "ship-exploded",
        DeathCause::LostCapsule => "lost-capsule",
        DeathCause::KilledInBattle => "killed-in-battle",
        DeathCause::ExecutedByRebels => "executed-by-rebels",
        DeathCause::KilledInCoup => "killed-in-coup",
        DeathCause::LostInWartime => "lost-in-wartime",
        // A cause stored as French words by an earlier version.
        DeathCause::Other(why) => return Msg::verbatim(why.clone()),
    };
    msg!("stellarium-death-cause", cause = cause)
}

pub(crate) fn death_cause(lang: Lang, d: &DeathCause) -> String {
    death_msg(d).render(lang)
}

/// One sample of every label message of this file, for the catalogue check.
pub(crate) fn label_samples() -> Vec<Msg> {
    let mut out = Vec::new();
    let pyramids = [Pyramid::Government, Pyramid::Church, Pyramid::Army, Pyramid::Explorers, Pyramid::Merchants];
    for sex in [Sex::Female, Sex::Male] {
        for t in [None, Some(Training::Priest), Some(Training::Warrior), Some(Training::Explorer), Some(Training::Merchant)] {
            out.push(msg!("stellarium-training", training = training_key(t), gender = gender(sex)));
        }
        for p in pyramids {
            for seat in 0..6 {
                out.push(seat_msg(p, seat, sex));
            }
        }
    }
    for p in pyramids {
        out.push(msg!("stellarium-pyramid", pyramid = pyramid_key(p)));
    }
    for fleet in ["first", "second"] {
        out.push(msg!("stellarium-fleet", fleet = fleet));
    }
    for d in [
        DeathCause::OldAge,
        DeathCause::Assassinated,
        DeathCause::ExchangeBomb,
        DeathCause::ShipExploded,
        DeathCause::LostCapsule,
        DeathCause::KilledInBattle,
        DeathCause::ExecutedByRebels,
        DeathCause::KilledInCoup,
        DeathCause::LostInWartime,
    ] {
        out.push(death_msg(&d));
    }
    for sex in [Sex::Female, Sex::Male] {
        let g = gender(sex);

        out.push(msg!("stellarium-post-governor", gender = g, planet = "Balnéa"));
        out.push(msg!("stellarium-sex-letter", gender = g));
        for role in ["accused", "judge"] {
            out.push(msg!("stellarium-trial-role", role = role, gender = g));
        }

    }
    for captor in [Captor::DarkTentacle { sponsor_family: None }, Captor::Rebels, Captor::Pouarks] {
        for (at, planet) in [("yes", "Balnéa"), ("no", "")] {
            out.push(msg!("stellarium-captive", captor = captor_key(&captor), at = at, planet = planet));
        }
    }
    for years in [1, 20] {
        out.push(msg!("stellarium-sentence", planet = "Araknid", years = years));
    }
    for stake in [Stake::Safe, Stake::Normal, Stake::Risky] {
        out.push(msg!("stellarium-place-exchange", stake = stake_key(stake), amount = 3));
    }
    for role in ["trading-post", "garrison", "none"] {
        out.push(msg!("stellarium-place-colony", planet = "Balnéa", role = role));
    }
    out.push(msg!("stellarium-place-ship", ship = "Aube"));
    out.push(msg!("stellarium-post-judge"));
    for fleet in ["first", "second"] {
        out.push(msg!("stellarium-post-fleet-commander", fleet = fleet));
    }
    for permit in ["prosthesis", "exploration", "remarriage"] {
        out.push(msg!("stellarium-permit", permit = permit));
    }
    let s = State::new(Settings::default());
    let charges = [
        Charge::Contract { kind: ContractKindTag::Bomb, target: Msg::verbatim("") },
        Charge::Contract { kind: ContractKindTag::Assassination, target: Why::TargetNamed { name: "Paul".into() }.msg() },
        Charge::Scandal,
        Charge::ScandalInstigator { victim: CharacterId(1) },
        Charge::Disgrace { pyramid: Pyramid::Army },
        Charge::SpecialDisgrace { pyramid: Pyramid::Church },
        Charge::Heresy,
        Charge::UnauthorisedProsthesis,
        Charge::FailedCoup,
        Charge::CoupRanks { supported: true },
        Charge::CoupRanks { supported: false },
    ];
    for ch in &charges {
        // Exhaustive: a new charge needs its sample here.
        match ch {
            Charge::Contract { .. }
            | Charge::Scandal
            | Charge::ScandalInstigator { .. }
            | Charge::Disgrace { .. }
            | Charge::SpecialDisgrace { .. }
            | Charge::Heresy
            | Charge::UnauthorisedProsthesis
            | Charge::FailedCoup
            | Charge::CoupRanks { .. } => {}
        }
        for g in ["f", "m"] {
            out.push(msg!("stellarium-accusation", gender = g, kind = charge_key(ch), charge = charge_msg(&s, ch)));
        }
    }
    out
}

pub(crate) fn purchases_list(lang: Lang, p: &Purchases) -> Vec<String> {
    [(p.capsule, "capsule"), (p.bodyguards, "bodyguards"), (p.doctor, "doctor"), (p.insurance, "insurance")]
        .into_iter()
        .filter(|(bought, _)| *bought)
        .map(|(_, item)| msg!("stellarium-item", item = item).render(lang))
        .collect()
}

pub(crate) fn permits_list(lang: Lang, c: &Character, turn: u32) -> Vec<String> {
    [(c.prosthesis_permit_turn, "prosthesis"), (c.exploration_permit_turn, "exploration"), (c.remarriage_permit_turn, "remarriage")]
        .into_iter()
        .filter(|(t, _)| *t == Some(turn))
        .map(|(_, permit)| msg!("stellarium-permit", permit = permit).render(lang))
        .collect()
}

pub(crate) fn status_label(s: Option<OrderStatus>) -> String {
    s.map(|s| s.label().to_string()).unwrap_or_else(|| "—".to_string())
}

/// A charge's kind as `stellarium-charge` and `stellarium-accusation` select it.
fn charge_key(ch: &Charge) -> &'static str {
    match ch {
        Charge::Contract { .. } => "contract",
        Charge::Scandal => "scandal",
        Charge::ScandalInstigator { .. } => "scandal-instigator",
        Charge::Disgrace { .. } => "disgrace",
        Charge::SpecialDisgrace { .. } => "special-disgrace",
        Charge::Heresy => "heresy",
        Charge::UnauthorisedProsthesis => "unauthorised-prosthesis",
        Charge::FailedCoup => "failed-coup",
        Charge::CoupRanks { supported: true } => "coup-supported",
        Charge::CoupRanks { supported: false } => "coup-not-supported",
    }
}

/// `accusé de scandale`, `accusée d'hérésie`, `accused of …`.
pub(crate) fn accusation(lang: Lang, fem: bool, s: &State, ch: &Charge) -> String {
    let g = if fem { "f" } else { "m" };
    msg!("stellarium-accusation", gender = g, kind = charge_key(ch), charge = charge_msg(s, ch)).render(lang)
}

/// A charge in words; every argument is given (empty where the charge has none).
fn charge_msg(s: &State, ch: &Charge) -> Msg {
    let (mut kind, mut target, mut victim, mut pyramid) = (Arg::from(""), None, String::new(), Arg::from(""));
    match ch {
        Charge::Contract { kind: k, target: t } => {
            kind = super::narrator::kind_name(*k).into();
            // Stored as "" by an earlier version: no target.
            target = Some(t.clone()).filter(|t| *t != Msg::verbatim(""));
        }
        Charge::ScandalInstigator { victim: v } => victim = s.full_name(*v),
        Charge::Disgrace { pyramid: p } | Charge::SpecialDisgrace { pyramid: p } => {
            pyramid = msg!("stellarium-pyramid-short", pyramid = pyramid_key(*p)).into();
        }
        _ => {}
    }
    let has_target = if target.is_some() { "yes" } else { "no" };
    let target = target.map(Arg::from).unwrap_or_else(|| Arg::from(""));
    msg!("stellarium-charge", charge = charge_key(ch), kind = kind, has_target = has_target, target = target, victim = victim, pyramid = pyramid)
}

pub(crate) fn charge_text(lang: Lang, s: &State, ch: &Charge) -> String {
    charge_msg(s, ch).render(lang)
}
