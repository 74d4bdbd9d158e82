//! Labels the report and the chronicle share: titles, trainings, places, charges.

use super::*;

use crate::i18n::Msg;
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
    let fleet = match f {
        FleetNo::First => "first",
        FleetNo::Second => "second",
    };
    msg!("stellarium-fleet", fleet = fleet).render(lang)
}

pub(crate) fn stake_name(lang: Lang, s: Stake) -> String {
    let stake = match s {
        Stake::Safe => "safe",
        Stake::Normal => "normal",
        Stake::Risky => "risky",
    };
    msg!("stellarium-stake", stake = stake).render(lang)
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

/// The posts a character holds in `s` (public information).
pub(crate) fn posts(lang: Lang, s: &State, c: &Character) -> Vec<String> {
    let mut out: Vec<String> =
        s.posts_of(c.id).into_iter().map(|(p, seat)| seat_title(lang, p, seat, c.sex)).collect();
    if s.is_judge(c.id) {
        out.push(
            match (lang, c.sex) {
                (Lang::Fr, Sex::Female) => "juge à la Haute Cour",
                (Lang::Fr, Sex::Male) => "juge à la Haute Cour",
                (Lang::En, _) => "High Court judge",
            }
            .to_string(),
        );
    }
    if let Some(k) = s.governorship(c.id) {
        let g = match (lang, c.sex) {
            (Lang::Fr, Sex::Female) => "gouverneure de",
            (Lang::Fr, Sex::Male) => "gouverneur de",
            (Lang::En, _) => "governor of",
        };
        out.push(format!("{g} {}", planet_name(s, k)));
    }
    if s.army.commander_1 == Some(c.id) {
        out.push(format!("{} {}", lang.t("commandant de la", "commander of the"), fleet_name(lang, FleetNo::First)));
    }
    if s.army.commander_2 == Some(c.id) {
        out.push(format!("{} {}", lang.t("commandant de la", "commander of the"), fleet_name(lang, FleetNo::Second)));
    }
    out
}

pub(crate) fn captor_text(lang: Lang, s: &State, cap: &Captivity) -> String {
    let who = match cap.captor {
        Captor::DarkTentacle { .. } => lang.t("otage de la Tentacule Sombre", "hostage of the Dark Tentacle"),
        Captor::Rebels => lang.t("prisonnier des rebelles", "prisoner of the rebels"),
        Captor::Pouarks => lang.t("prisonnier des Pouarks", "prisoner of the Pouarks"),
    };
    match &cap.planet {
        Some(p) => format!("{who} ({})", planet_name(s, p)),
        None => who.to_string(),
    }
}

pub(crate) fn sentence_text(lang: Lang, s: &State, sen: &Sentence) -> String {
    match lang {
        Lang::Fr => format!("bagne ({}), encore {} ans", planet_name(s, &sen.planet), sen.years_remaining),
        Lang::En => format!("penal colony ({}), {} years left", planet_name(s, &sen.planet), sen.years_remaining),
    }
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

pub(crate) fn place_text(lang: Lang, s: &State, p: &Place, training: Option<Training>) -> String {
    match p {
        Place::Stellarium => "Stellarium".to_string(),
        Place::Exchange { stake, amount } => {
            format!("{} ({} {amount} M$)", lang.t("Bourse", "Exchange"), stake_name(lang, *stake))
        }
        Place::Colony(k) => {
            let what = match training {
                Some(Training::Merchant) => lang.t(" (comptoir)", " (trading post)"),
                Some(Training::Warrior) => lang.t(" (garnison)", " (garrison)"),
                _ => "",
            };
            format!("{}{what}", planet_name(s, k))
        }
        Place::Fleet(f) => fleet_name(lang, *f).to_string(),
        Place::Ship(k) => format!("{} « {} »", lang.t("vaisseau", "ship"), ship_name(s, k)),
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
        // A cause stored as words (a record of the phases).
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
    for stake in ["safe", "normal", "risky"] {
        out.push(msg!("stellarium-stake", stake = stake));
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
    ] {
        out.push(death_msg(&d));
    }
    out
}

pub(crate) fn purchases_list(lang: Lang, p: &Purchases) -> Vec<String> {
    let mut v = Vec::new();
    if p.capsule {
        v.push(lang.t("capsule de survie", "survival capsule").to_string());
    }
    if p.bodyguards {
        v.push(lang.t("gardes du corps", "bodyguards").to_string());
    }
    if p.doctor {
        v.push(lang.t("médecin personnel", "personal doctor").to_string());
    }
    if p.insurance {
        v.push(lang.t("assurance Kolombo", "Kolombo insurance").to_string());
    }
    v
}

pub(crate) fn permits_list(lang: Lang, c: &Character, turn: u32) -> Vec<String> {
    let mut v = Vec::new();
    if c.prosthesis_permit_turn == Some(turn) {
        v.push(lang.t("autorisation de cyberprothèse (1.3.4)", "prosthesis authorisation (1.3.4)").to_string());
    }
    if c.exploration_permit_turn == Some(turn) {
        v.push(lang.t("permis d'exploration (4.7)", "exploration permit (4.7)").to_string());
    }
    if c.remarriage_permit_turn == Some(turn) {
        v.push(lang.t("autorisation de remariage (3.6)", "remarriage authorisation (3.6)").to_string());
    }
    v
}

pub(crate) fn status_label(s: Option<OrderStatus>) -> String {
    s.map(|s| s.label().to_string()).unwrap_or_else(|| "—".to_string())
}

/// `de Paul`, `d'Éléonore`, `d'Hector`: the French preposition with its
/// elision before a vowel or an h (taken as mute).
pub(crate) fn de(s: &str) -> String {
    let first = crate::text::fold(&s.chars().take(1).collect::<String>());
    if first.starts_with(['A', 'E', 'I', 'O', 'U', 'Y', 'H']) {
        format!("d'{s}")
    } else {
        format!("de {s}")
    }
}

/// `accusé de scandale`, `accusée d'hérésie` (elision before a vowel or a
/// mute h), `accused of …`.
pub(crate) fn accusation(lang: Lang, fem: bool, charge: &str) -> String {
    match lang {
        Lang::En => format!("accused of {charge}"),
        Lang::Fr => format!("{} {}", if fem { "accusée" } else { "accusé" }, de(charge)),
    }
}

pub(crate) fn charge_text(lang: Lang, s: &State, ch: &Charge) -> String {
    match ch {
        Charge::Contract { kind, target } => {
            let k = match lang {
                Lang::Fr => kind.name_fr().to_string(),
                Lang::En => match kind {
                    ContractKindTag::Assassination => "assassination",
                    ContractKindTag::Kidnapping => "kidnapping",
                    ContractKindTag::Scandal => "scandal",
                    ContractKindTag::Sabotage => "sabotage",
                    ContractKindTag::Bomb => "bombing of the exchange",
                    ContractKindTag::Rebellion => "incitement to rebellion",
                    ContractKindTag::Treason => "treason",
                }
                .to_string(),
            };
            if target.is_empty() {
                format!("{} ({k})", lang.t("contrat avec la Tentacule Sombre", "a Dark Tentacle contract"))
            } else {
                format!("{} ({k}{}{target})", lang.t("contrat avec la Tentacule Sombre", "a Dark Tentacle contract"), lang.t(" : ", ": "))
            }
        }
        Charge::Scandal => lang.t("scandale", "scandal").into(),
        Charge::ScandalInstigator { victim } => match lang {
            Lang::Fr => format!("machination contre {}", s.full_name(*victim)),
            Lang::En => format!("framing {}", s.full_name(*victim)),
        },
        Charge::Disgrace { pyramid } => match lang {
            Lang::Fr => format!("disgrâce ({})", pyramid_short(lang, *pyramid)),
            Lang::En => format!("disgrace ({})", pyramid_short(lang, *pyramid)),
        },
        Charge::SpecialDisgrace { pyramid } => match lang {
            Lang::Fr => format!("disgrâce spéciale ({})", pyramid_short(lang, *pyramid)),
            Lang::En => format!("special disgrace ({})", pyramid_short(lang, *pyramid)),
        },
        Charge::Heresy => lang.t("hérésie (excommunication)", "heresy (excommunication)").into(),
        Charge::UnauthorisedProsthesis => {
            lang.t("hérésie (cyberprothèse sans autorisation)", "heresy (unauthorised prosthesis)").into()
        }
        Charge::FailedCoup => lang.t("coup d'État manqué", "failed coup").into(),
        Charge::CoupRanks { supported: true } => lang.t("soutien au coup d'État manqué", "supported the failed coup").into(),
        Charge::CoupRanks { supported: false } => lang.t("refus de soutenir le coup d'État", "did not support the coup").into(),
    }
}
