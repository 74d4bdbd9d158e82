//! Labels the report and the chronicle share: titles, trainings, places, charges.

use super::*;

pub(crate) fn training_name(lang: Lang, t: Option<Training>, sex: Sex) -> String {
    let fem = sex == Sex::Female;
    match (lang, t) {
        (Lang::Fr, None) => "—".into(),
        (Lang::Fr, Some(Training::Priest)) => if fem { "prêtresse" } else { "prêtre" }.into(),
        (Lang::Fr, Some(Training::Warrior)) => if fem { "guerrière" } else { "guerrier" }.into(),
        (Lang::Fr, Some(Training::Explorer)) => if fem { "exploratrice" } else { "explorateur" }.into(),
        (Lang::Fr, Some(Training::Merchant)) => if fem { "marchande" } else { "marchand" }.into(),
        (Lang::En, None) => "—".into(),
        (Lang::En, Some(Training::Priest)) => "priest".into(),
        (Lang::En, Some(Training::Warrior)) => "warrior".into(),
        (Lang::En, Some(Training::Explorer)) => "explorer".into(),
        (Lang::En, Some(Training::Merchant)) => "merchant".into(),
    }
}

pub(crate) fn pyramid_name(lang: Lang, p: Pyramid) -> &'static str {
    match (lang, p) {
        (Lang::Fr, _) => p.name_fr(),
        (Lang::En, Pyramid::Government) => "Imperial Government",
        (Lang::En, Pyramid::Church) => "Unified Cosmic Church",
        (Lang::En, Pyramid::Army) => "Imperial Army",
        (Lang::En, Pyramid::Explorers) => "Explorers' Guild",
        (Lang::En, Pyramid::Merchants) => "Merchants' Guild",
    }
}

/// Short name of a pyramid for "1er dauphin (Armée)".
pub(crate) fn pyramid_short(lang: Lang, p: Pyramid) -> &'static str {
    match p {
        Pyramid::Government => lang.t("Gouvernement", "Government"),
        Pyramid::Church => lang.t("Église", "Church"),
        Pyramid::Army => lang.t("Armée", "Army"),
        Pyramid::Explorers => lang.t("Explorateurs", "Explorers"),
        Pyramid::Merchants => lang.t("Marchands", "Merchants"),
    }
}

pub(crate) fn head_title(lang: Lang, p: Pyramid, sex: Sex) -> String {
    let fem = sex == Sex::Female;
    match (lang, p) {
        (Lang::Fr, Pyramid::Government) => if fem { "Impératrice" } else { "Empereur" }.into(),
        (Lang::Fr, Pyramid::Church) => if fem { "Archipapesse" } else { "Archipape" }.into(),
        (Lang::Fr, Pyramid::Army) => if fem { "Grande Générale" } else { "Grand Général" }.into(),
        (Lang::Fr, Pyramid::Explorers) => if fem { "Grande Commandeure" } else { "Grand Commandeur" }.into(),
        (Lang::Fr, Pyramid::Merchants) => if fem { "Maîtresse marchande" } else { "Maître marchand" }.into(),
        (Lang::En, Pyramid::Government) => if fem { "Empress" } else { "Emperor" }.into(),
        (Lang::En, Pyramid::Church) => "Archpope".into(),
        (Lang::En, Pyramid::Army) => "Grand General".into(),
        (Lang::En, Pyramid::Explorers) => "Grand Commander".into(),
        (Lang::En, Pyramid::Merchants) => "Master Merchant".into(),
    }
}

/// Title of a seat: `Empereur`, `1er dauphin`, `2e conseiller` …
pub(crate) fn seat_title(lang: Lang, p: Pyramid, seat: Seat, sex: Sex) -> String {
    let fem = sex == Sex::Female;
    match seat {
        HEAD => head_title(lang, p, sex),
        1 | 2 => match lang {
            Lang::Fr => format!(
                "{} {} ({})",
                if seat == 1 { if fem { "1re" } else { "1er" } } else { "2e" },
                if fem { "dauphine" } else { "dauphin" },
                pyramid_short(lang, p)
            ),
            Lang::En => format!("{} heir ({})", if seat == 1 { "1st" } else { "2nd" }, pyramid_short(lang, p)),
        },
        _ => {
            let n = seat - 2;
            match lang {
                Lang::Fr => format!(
                    "{} {} ({})",
                    if n == 1 { if fem { "1re".to_string() } else { "1er".to_string() } } else { format!("{n}e") },
                    if fem { "conseillère" } else { "conseiller" },
                    pyramid_short(lang, p)
                ),
                Lang::En => {
                    format!("{} councillor ({})", ["1st", "2nd", "3rd"].get(n - 1).unwrap_or(&"3rd"), pyramid_short(lang, p))
                }
            }
        }
    }
}

pub(crate) fn fleet_name(lang: Lang, f: FleetNo) -> &'static str {
    match f {
        FleetNo::First => lang.t("1ère Flotte", "1st Fleet"),
        FleetNo::Second => lang.t("2ème Flotte", "2nd Fleet"),
    }
}

pub(crate) fn stake_name(lang: Lang, s: Stake) -> &'static str {
    match s {
        Stake::Safe => lang.t("sûr", "safe"),
        Stake::Normal => lang.t("normal", "normal"),
        Stake::Risky => lang.t("à risque", "risky"),
    }
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

pub(crate) fn death_cause(lang: Lang, d: &DeathCause) -> String {
    match d {
        DeathCause::OldAge => lang.t("mort de vieillesse", "died of old age").into(),
        DeathCause::Assassinated => lang.t("assassiné", "assassinated").into(),
        DeathCause::ExchangeBomb => lang.t("tué par la bombe à la bourse", "killed by the bomb at the exchange").into(),
        DeathCause::ShipExploded => lang.t("mort dans l'explosion de son vaisseau", "died when the ship exploded").into(),
        DeathCause::LostCapsule => lang.t("perdu dans l'espace avec sa capsule", "lost in space in a capsule").into(),
        DeathCause::KilledInBattle => lang.t("tué au combat", "killed in battle").into(),
        DeathCause::ExecutedByRebels => lang.t("exécuté par les rebelles", "executed by the rebels").into(),
        DeathCause::KilledInCoup => lang.t("tué lors du coup d'État", "killed in the coup").into(),
        DeathCause::Other(why) => why.clone(),
    }
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
