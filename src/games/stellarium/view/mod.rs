//! What a family may know after a turn (its report and map), and what
//! everybody may know (the chronicle), as JSON for the templates in
//! `templates/stellarium/` (conventions in [`crate::render`]).
//!
//! # Hidden information
//! A family's view holds: its own characters, money, Dark Tentacle credit
//! (2.8.5: secret), trading posts, ships and orders' consequences, with the
//! dice it may know (its exchange rolls, births, survival tests, its
//! expedition's roll); plus everything public: posts (pyramids, High Court,
//! governors, fleet commanders, patrols), planets and their controllers,
//! trials and verdicts with every judge's vote (22.2), crimes whose sponsor
//! an investigation unmasked (2.9), deaths, marriages, the ship sold and the
//! ranking. It never holds another family's money, credit, purchases,
//! contracts not made public, orders, or the place of another family's
//! character (except public posts: governors on their colony, judges on
//! Stellarium, fleet commanders in their fleet).
//!
//! All text is in the language of [`ViewContext::lang`] (`fr`, else `en`).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use super::events::{ContractTarget, Event};
use super::model::*;
use super::orders::{Item as Purchase, TransferKind, Vote as OrderVote};
use super::phases::p11_rebellions::{Enemy, Outcome};
use super::phases::p14_expedition_returns::Discovery;
use crate::game::{FamilyKey, OrderStatus, ViewContext};

pub(crate) use crate::i18n::Lang;

/// The labels not yet in message files pick their French or English text
/// here (to be replaced by messages).
pub(crate) trait LangExt {
    fn of(ctx: &ViewContext) -> Lang;
    fn t<'a>(self, fr: &'a str, en: &'a str) -> &'a str;
}

impl LangExt for Lang {
    fn of(ctx: &ViewContext) -> Lang {
        Lang::from_code(&ctx.lang)
    }
    fn t<'a>(self, fr: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

// ------------------------------------------------------------ view types

#[derive(Debug, Clone, Serialize)]
pub struct Years {
    pub from: i32,
    pub to: i32,
}

#[derive(Debug, Clone, Serialize)]
pub struct FamilyHead {
    pub key: String,
    pub name: String,
    /// Status of the adjudicated turn (`OR`, `OPR`, `ONR`, `PNJ`).
    pub status: String,
    pub onr_streak: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct MoneyLine {
    pub label: String,
    pub amount: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Finances {
    pub money_before: i64,
    pub money: i64,
    pub in_debt: bool,
    /// Debts in M$ (0 unless `money` is negative).
    pub debt: i64,
    /// Dark Tentacle credit (2.8.5): secret, only in the family's own view.
    pub credit: u32,
    /// What changed the money this turn, from the events.
    pub lines: Vec<MoneyLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TradingPost {
    pub planet: String,
    /// Controller in words, when not the Empire (the post is then idle).
    pub note: Option<String>,
    /// The family's own governor there.
    pub governor: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShipView {
    pub name: String,
    pub state: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct CharacterView {
    pub id: u32,
    pub name: String,
    pub sex: String,
    pub age: i32,
    pub training: String,
    pub pp: i64,
    pub pp_change: i64,
    pub posts: Vec<String>,
    pub location: String,
    /// Purchases of the cycle just played (1).
    pub purchases: Vec<String>,
    /// Authorisations valid next turn (1.3.4, 4.7, 3.6).
    pub permits: Vec<String>,
    pub prostheses: u8,
    pub heretic: bool,
    pub prisoner: Option<String>,
    pub spouse: Option<String>,
    pub widowed: bool,
    /// A young who must be baptised / trained next turn (9, 10).
    pub needs_baptism: bool,
    pub needs_training: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DeathView {
    pub name: String,
    pub year: i32,
    pub cause: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Item {
    pub text: String,
    /// The dice the family may know, in words.
    pub dice: Option<String>,
    pub rule: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct YearItems {
    pub year: i32,
    pub year_of_cycle: u8,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TrialView {
    pub case: u32,
    pub accused: String,
    /// `accusée d'hérésie …`, `accused of heresy …`.
    pub accusation: String,
    pub charge: String,
    /// This family's part: accused, judge, Emperor (several joined by ", ").
    pub role: String,
    /// This family's judges (and Emperor) who vote on it.
    pub judges: Vec<String>,
    /// The verdict line to copy into the orders, for the first of them.
    pub order: Option<String>,
    pub adjourned: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct PowerOrder {
    pub syntax: String,
    pub help: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PowerView {
    pub holder: String,
    pub title: String,
    pub orders: Vec<PowerOrder>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PointsLine {
    pub label: String,
    pub points: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Victory {
    pub turn: i64,
    pub total: i64,
    pub rank: usize,
    pub of: usize,
    pub breakdown: Vec<PointsLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RankLine {
    /// Rank among the families still played by a person, or among the PNJ
    /// families, which are ranked apart after them (0.4, 30.3).
    pub rank: usize,
    pub pnj: bool,
    /// The first PNJ line (the templates head the PNJ ranking there).
    pub pnj_first: bool,
    pub family: String,
    pub turn: i64,
    pub total: i64,
    pub me: bool,
    /// Lines of the ranking are left out before this one (family reports
    /// show the first ten and the family's neighbours only).
    pub gap_before: bool,
}

// ------------------------------------------------------------ helpers

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
fn pyramid_short(lang: Lang, p: Pyramid) -> &'static str {
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

fn purchases_list(lang: Lang, p: &Purchases) -> Vec<String> {
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

fn permits_list(lang: Lang, c: &Character, turn: u32) -> Vec<String> {
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

// ------------------------------------------------------------ state parts

pub(crate) fn years(before: &State) -> Years {
    Years { from: before.first_year(), to: before.assembly_year() }
}

fn family_head(before: &State, after: &State, family: &str) -> FamilyHead {
    let f = after.family(family).or_else(|| before.family(family));
    FamilyHead {
        key: family.to_string(),
        name: f.map(|f| f.name.clone()).unwrap_or_else(|| family.to_string()),
        status: status_label(f.and_then(|f| f.status_in(before.turn))),
        onr_streak: f.map(|f| f.onr_streak).unwrap_or(0),
    }
}

fn trading_posts(lang: Lang, s: &State, family: &str) -> Vec<TradingPost> {
    let Some(f) = s.family(family) else { return Vec::new() };
    f.trading_posts
        .iter()
        .map(|k| {
            let p = s.planets.get(k);
            let note = p.and_then(|p| match p.controller {
                Controller::Empire if p.closed_to_trade == Some(s.turn) => {
                    Some(lang.t("fermée au commerce ce tour", "closed to trade this turn").to_string())
                }
                Controller::Empire => None,
                Controller::Rebels { .. } => Some(lang.t("aux mains des rebelles", "held by the rebels").to_string()),
                Controller::Pouarks => Some(lang.t("aux mains des Pouarks", "held by the Pouarks").to_string()),
            });
            let governor =
                p.and_then(|p| p.governor).filter(|g| s.family_of(*g).is_some_and(|gf| gf == family)).map(|g| name_for(s, family, g));
            TradingPost { planet: planet_name(s, k), note, governor }
        })
        .collect()
}

fn ships(lang: Lang, s: &State, family: &str) -> Vec<ShipView> {
    let mut out = Vec::new();
    for sh in s.ships.values() {
        let owned = sh.owner == family;
        let borrowed = sh.lent.as_ref().is_some_and(|l| l.to == family && l.turn == s.turn);
        if !owned && !borrowed {
            continue;
        }
        let state = match (&sh.fate, borrowed) {
            (ShipFate::Destroyed { turn }, _) => match lang {
                Lang::Fr => format!("détruit au tour {turn}"),
                Lang::En => format!("destroyed in turn {turn}"),
            },
            (ShipFate::Captured { turn }, _) => match lang {
                Lang::Fr => format!("capturé par les Pouarks au tour {turn}"),
                Lang::En => format!("captured by the Pouarks in turn {turn}"),
            },
            (ShipFate::InService, true) => {
                let owner = s.family(&sh.owner).map(|f| f.name.as_str()).unwrap_or(sh.owner.as_str()).to_string();
                match lang {
                    Lang::Fr => format!("prêté par {owner} pour le prochain tour"),
                    Lang::En => format!("lent by {owner} for the next turn"),
                }
            }
            (ShipFate::InService, false) => {
                let base = match lang {
                    Lang::Fr => format!("en service, {} expédition{}", sh.expeditions, if sh.expeditions > 1 { "s" } else { "" }),
                    Lang::En => format!("in service, {} expedition{}", sh.expeditions, if sh.expeditions == 1 { "" } else { "s" }),
                };
                match &sh.lent {
                    Some(l) if l.turn == s.turn => {
                        let to = s.family(&l.to).map(|f| f.name.as_str()).unwrap_or(l.to.as_str()).to_string();
                        format!("{base}; {} {to}", lang.t("prêté au prochain tour à", "lent next turn to"))
                    }
                    _ => base,
                }
            }
        };
        // Destroyed or captured long ago: not worth a line every turn.
        let recent = match sh.fate {
            ShipFate::InService => true,
            ShipFate::Destroyed { turn } | ShipFate::Captured { turn } => turn + 1 >= s.turn,
        };
        if recent {
            out.push(ShipView { name: sh.name.clone(), state });
        }
    }
    out
}

fn characters(lang: Lang, before: &State, after: &State, family: &str) -> Vec<CharacterView> {
    after
        .living_members(family)
        .map(|c| {
            let pp_before = before.character(c.id).map(|b| b.pp).unwrap_or(0);
            let spouse = c.spouse().map(|sp| name_for(after, family, sp));
            CharacterView {
                id: c.id.0,
                name: c.first_name.clone(),
                sex: match lang {
                    Lang::Fr => c.sex.letter_fr().to_string(),
                    Lang::En => if c.sex == Sex::Male { "M" } else { "F" }.to_string(),
                },
                age: after.age(c),
                training: training_name(lang, c.training, c.sex),
                pp: c.pp,
                pp_change: c.pp - pp_before,
                posts: posts(lang, after, c),
                location: location_text(lang, after, c),
                purchases: purchases_list(lang, &c.bought(before.turn)),
                permits: permits_list(lang, c, after.turn),
                prostheses: c.prostheses,
                heretic: c.heretic,
                prisoner: c
                    .sentence
                    .as_ref()
                    .map(|s| sentence_text(lang, after, s))
                    .or_else(|| c.captivity.as_ref().map(|cap| captor_text(lang, after, cap))),
                spouse,
                widowed: c.is_widowed(),
                needs_baptism: after.needs_baptism(c),
                needs_training: after.needs_training(c),
            }
        })
        .collect()
}

fn deaths(lang: Lang, before: &State, after: &State, family: &str) -> Vec<DeathView> {
    after
        .members(family)
        .filter(|c| c.death.as_ref().is_some_and(|d| d.turn == before.turn))
        .filter_map(|c| {
            let d = c.death.as_ref()?;
            Some(DeathView { name: c.first_name.clone(), year: d.year, cause: death_cause(lang, &d.cause) })
        })
        .collect()
}

/// Trials to be judged next turn where the family has a part (22.2).
fn trials(lang: Lang, after: &State, family: &str) -> Vec<TrialView> {
    let own_judges: Vec<&Character> = after
        .judges
        .iter()
        .filter_map(|j| after.character(*j))
        .filter(|c| c.family == family && c.is_alive())
        .collect();
    let emperor = after.emperor().and_then(|e| after.character(e)).filter(|c| c.family == family && c.is_alive());
    let mut out = Vec::new();
    for t in &after.trials {
        let accused_own = after.family_of(t.accused).is_some_and(|f| f == family);
        let mut voters: Vec<String> = Vec::new();
        let mut roles: Vec<String> = Vec::new();
        let fem = after.character(t.accused).is_some_and(|c| c.sex == Sex::Female);
        let accused_word = if fem { lang.t("accusée", "accused") } else { lang.t("accusé", "accused") }.to_string();
        if accused_own {
            roles.push(accused_word.clone());
        }
        for j in &own_judges {
            // 22.7: a judge does not judge himself.
            if j.id != t.accused {
                voters.push(j.first_name.clone());
            }
        }
        if !voters.is_empty() {
            roles.push(lang.t("juge", "judge").to_string());
        }
        if let Some(e) = emperor {
            if e.id != t.accused && !voters.contains(&e.first_name) {
                voters.push(e.first_name.clone());
                roles.push(head_title(lang, Pyramid::Government, e.sex));
            }
        }
        if roles.is_empty() {
            continue;
        }
        let order = voters.first().map(|v| match lang {
            Lang::Fr => format!("VERDICT {v} {} COUPABLE|INNOCENT 10-50", t.case_no),
            Lang::En => format!("VERDICT {v} {} GUILTY|INNOCENT 10-50", t.case_no),
        });
        out.push(TrialView {
            case: t.case_no,
            accused: name_for(after, family, t.accused),
            accusation: accusation(lang, fem, &charge_text(lang, after, &t.charge)),
            charge: charge_text(lang, after, &t.charge),
            role: roles.join(", "),
            judges: voters,
            order,
            adjourned: t.adjourned,
        });
    }
    out
}

fn o(syntax: &str, help: &str) -> PowerOrder {
    PowerOrder { syntax: syntax.to_string(), help: help.to_string() }
}

/// The orders the family's heads of pyramids (and other members) may give
/// next turn (orders.md §6, "Powers").
fn powers(lang: Lang, after: &State, family: &str) -> Vec<PowerView> {
    let fr = lang == Lang::Fr;
    let mut out = Vec::new();
    for p in Pyramid::ALL {
        let seats = after.pyramid(p);
        for (seat, id) in seats.members() {
            let Some(c) = after.character(id) else { continue };
            if c.family != family || !c.is_alive() {
                continue;
            }
            let mut orders = Vec::new();
            if seat == HEAD {
                match p {
                    Pyramid::Government => {
                        orders.push(o("EMPEREUR DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller du Gouvernement (20)" } else { "disgrace an heir or councillor of the Government (20)" }));
                        orders.push(o("EMPEREUR DISGRACE-SPECIALE <qui>", if fr { "disgracier un membre de n'importe quelle pyramide, sauf les chefs (18.1)" } else { "disgrace a member of any pyramid but its head (18.1)" }));
                        orders.push(o("EMPEREUR DESTITUER-JUGE <juge>", if fr { "destituer un juge de la Haute Cour (18.2)" } else { "remove a High Court judge (18.2)" }));
                        orders.push(o("EMPEREUR GUERRE", if fr { "déclarer la guerre aux Pouarks (12.2)" } else { "declare war on the Pouarks (12.2)" }));
                        orders.push(o("EMPEREUR CIBLE <planète pouark>", if fr { "planète Pouark à attaquer en premier (12.2)" } else { "Pouark planet to attack first (12.2)" }));
                        orders.push(o("EMPEREUR GRACE <qui>", if fr { "gracier un bagnard ou un accusé (24, une fois par cycle)" } else { "pardon a convict or an accused (24, once a cycle)" }));
                    }
                    Pyramid::Church => {
                        orders.push(o("ARCHIPAPE DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de l'Église (20)" } else { "disgrace an heir or councillor of the Church (20)" }));
                        orders.push(o("ARCHIPAPE EXCOMMUNIER <qui>", if fr { "excommunier un personnage (19)" } else { "excommunicate a character (19)" }));
                        orders.push(o("ARCHIPAPE PARDON <qui>", if fr { "pardonner un hérétique (25, un par cycle)" } else { "pardon a heretic (25, one a cycle)" }));
                        let permits = after.prosthesis_permits();
                        orders.push(PowerOrder {
                            syntax: "ARCHIPAPE PROTHESE <qui>…".into(),
                            help: if fr {
                                format!("autoriser jusqu'à {permits} cyberprothèse(s) (1.3.4)")
                            } else {
                                format!("authorise up to {permits} prosthesis(es) (1.3.4)")
                            },
                        });
                        orders.push(o("ARCHIPAPE REMARIAGE <qui>", if fr { "autoriser le remariage d'un veuf ou d'une veuve (3.6)" } else { "allow a widow(er) to remarry (3.6)" }));
                    }
                    Pyramid::Army => {
                        orders.push(o("GENERAL DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de l'Armée (20)" } else { "disgrace an heir or councillor of the Army (20)" }));
                        orders.push(o("GENERAL COMMANDANT 1 <qui>", if fr { "nommer le commandant de la 1ère Flotte (6.3)" } else { "appoint the commander of the 1st Fleet (6.3)" }));
                        orders.push(o("GENERAL COMMANDANT 2 <qui>", if fr { "nommer le commandant de la 2ème Flotte (6.3)" } else { "appoint the commander of the 2nd Fleet (6.3)" }));
                        orders.push(o("GENERAL STRATEGIE OFFENSIVE|DEFENSIVE", if fr { "stratégie contre les Pouarks (12.3.8)" } else { "strategy against the Pouarks (12.3.8)" }));
                        orders.push(o("GENERAL PATROUILLE <colonie> <colonie> <colonie>", if fr { "les trois planètes de la 2ème Flotte (11)" } else { "the 2nd Fleet's three planets (11)" }));
                        orders.push(o("GENERAL COUP-D-ETAT", if fr { "tenter un coup d'État contre l'Empereur (17)" } else { "attempt a coup against the Emperor (17)" }));
                    }
                    Pyramid::Explorers => {
                        orders.push(o("COMMANDEUR DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de la Gilde (20)" } else { "disgrace an heir or councillor of the Guild (20)" }));
                        orders.push(o("COMMANDEUR INTERDIRE \"<vaisseau>\"", if fr { "interdire le départ d'un vaisseau (4.8)" } else { "forbid a ship's departure (4.8)" }));
                        orders.push(o("COMMANDEUR PERMIS <qui> [<qui>]", if fr { "accorder deux permis d'exploration (4.7)" } else { "grant two exploration permits (4.7)" }));
                    }
                    Pyramid::Merchants => {
                        let bans = after.exchange_bans_allowed();
                        orders.push(o("MAITRE DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de la Gilde (20)" } else { "disgrace an heir or councillor of the Guild (20)" }));
                        orders.push(o("MAITRE SUPPRIMER-COMPTOIR <famille> <colonie>", if fr { "supprimer le comptoir d'une famille" } else { "remove a family's trading post" }));
                        orders.push(o("MAITRE FERMER <colonie>", if fr { "fermer une planète au commerce pour le tour (5.3.4)" } else { "close a planet to trade for the turn (5.3.4)" }));
                        orders.push(PowerOrder {
                            syntax: "MAITRE INTERDIRE-BOURSE <famille>…".into(),
                            help: if fr {
                                format!("interdire la bourse à {bans} famille(s) au plus (13.2)")
                            } else {
                                format!("ban at most {bans} family(ies) from the exchange (13.2)")
                            },
                        });
                    }
                }
            } else {
                orders.push(PowerOrder {
                    syntax: format!("DESTITUTION {} {}", c.first_name, p.keyword_fr()),
                    help: if fr {
                        "voter la destitution du chef de la pyramide (21 : il faut l'unanimité des étages 2 et 3)".into()
                    } else {
                        "vote to depose the head (21: levels 2 and 3 must be unanimous)".into()
                    },
                });
            }
            if p == Pyramid::Army && seat != HEAD {
                orders.push(PowerOrder {
                    syntax: format!("COUP {} POUR|CONTRE", c.first_name),
                    help: if fr { "votre position si un coup d'État est lancé (17.2)".into() } else { "your stance if a coup is launched (17.2)".into() },
                });
            }
            out.push(PowerView { holder: c.first_name.clone(), title: seat_title(lang, p, seat, c.sex), orders });
        }
    }
    out
}

fn ranking(before: &State, after: &State, family: Option<&str>) -> Vec<RankLine> {
    let mut fams: Vec<&Family> = after.families.values().collect();
    // Families played by a person first; the PNJ ranked apart (30.3).
    fams.sort_by(|a, b| a.is_pnj().cmp(&b.is_pnj()).then_with(|| b.victory_points.cmp(&a.victory_points)).then_with(|| a.name.cmp(&b.name)));
    let mut out = Vec::new();
    let mut rank = 0;
    let mut last: Option<(bool, i64)> = None;
    let mut group_start = 0;
    for (i, f) in fams.iter().enumerate() {
        let pnj = f.is_pnj();
        let pnj_first = pnj && last.is_none_or(|(p, _)| !p);
        if pnj_first {
            group_start = i;
        }
        if last != Some((pnj, f.victory_points)) {
            rank = i - group_start + 1;
            last = Some((pnj, f.victory_points));
        }
        out.push(RankLine {
            rank,
            pnj,
            pnj_first,
            family: f.name.clone(),
            turn: f.victory_history.get(&before.turn).copied().unwrap_or(0),
            total: f.victory_points,
            me: family == Some(f.key.as_str()),
            gap_before: false,
        });
    }
    out
}

/// The ranking as a family report shows it: the first ten, and the
/// family with two neighbours on each side when it is further down (a game
/// of a thousand families would otherwise print a thousand lines in every
/// report; the chronicle has the whole ranking).
fn ranking_excerpt(all: Vec<RankLine>) -> Vec<RankLine> {
    let me = all.iter().position(|r| r.me).unwrap_or(0);
    let keep = |i: usize| i < 10 || (i + 2 >= me && i <= me + 2);
    let mut out = Vec::new();
    let mut skipped = false;
    for (i, mut r) in all.into_iter().enumerate() {
        if keep(i) {
            r.gap_before = skipped;
            skipped = false;
            out.push(r);
        } else {
            skipped = true;
        }
    }
    out
}

fn victory(before: &State, after: &State, family: &str, ranking: &[RankLine], breakdown: Vec<PointsLine>) -> Victory {
    let f = after.family(family);
    let me = ranking.iter().find(|r| r.me);
    Victory {
        turn: f.and_then(|f| f.victory_history.get(&before.turn).copied()).unwrap_or(0),
        total: f.map(|f| f.victory_points).unwrap_or(0),
        rank: me.map(|m| m.rank).unwrap_or(0),
        of: ranking.len(),
        breakdown,
    }
}

// ------------------------------------------------------------ the map

/// Width of the map in px. A phone shows it at about half size, so the
/// fonts are 20–30 px (10–15 px on the phone).
const MAP_W: f64 = 720.0;
const MAP_CENTER: f64 = 360.0;
const MAP_LINE: f64 = 33.0;

#[derive(Debug, Clone, Serialize)]
pub struct MapPlanet {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    /// `capital`, `colony`, `penal`, `pouark`.
    pub kind: &'static str,
    /// `empire`, `rebels`, `pouarks`.
    pub controller: &'static str,
    pub fill: &'static str,
    /// Controller in words (and "bagne" for the penal colony).
    pub caption: String,
    pub closed: bool,
    pub patrol: bool,
    pub own_post: bool,
    pub own_governor: bool,
    /// How many of the family's characters are there.
    pub own_count: usize,
    /// Label position (below the disc).
    pub label_y: f64,
    pub caption_y: f64,
    /// Font size of the name (smaller when many planets share the ring).
    pub label_size: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapLine {
    pub y: f64,
    pub text: String,
    pub bold: bool,
    pub own: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapLegend {
    pub y: f64,
    pub symbol: &'static str,
    pub fill: &'static str,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapView {
    pub width: f64,
    pub height: f64,
    pub title: String,
    pub subtitle: String,
    pub cx: f64,
    pub cy: f64,
    pub ring: f64,
    pub stellarium: MapPlanet,
    pub planets: Vec<MapPlanet>,
    pub legend: Vec<MapLegend>,
    pub lines: Vec<MapLine>,
}

const FILL_EMPIRE: &str = "#2e6db4";
const FILL_PENAL: &str = "#6b7a8f";
const FILL_REBELS: &str = "#c0392b";
const FILL_POUARKS: &str = "#7d3c98";
const FILL_CAPITAL: &str = "#d4a017";

fn controller_of(lang: Lang, p: &Planet) -> (&'static str, &'static str, String) {
    match p.controller {
        Controller::Empire => {
            let fill = match p.kind {
                PlanetKind::PenalColony => FILL_PENAL,
                PlanetKind::Capital => FILL_CAPITAL,
                _ => FILL_EMPIRE,
            };
            let caption = match p.kind {
                PlanetKind::PenalColony => lang.t("bagne", "penal colony"),
                PlanetKind::Capital => lang.t("capitale", "capital"),
                _ => lang.t("Empire", "Empire"),
            };
            ("empire", fill, caption.to_string())
        }
        Controller::Rebels { .. } => ("rebels", FILL_REBELS, lang.t("rebelles", "rebels").to_string()),
        Controller::Pouarks => ("pouarks", FILL_POUARKS, "Pouarks".to_string()),
    }
}

/// The planets around Stellarium, in a stable order: the colonies of the
/// proclamation, Araknid, the colonies found later, the Pouark worlds.
fn ring_order(s: &State) -> Vec<&String> {
    let rank = |p: &Planet| -> (u8, u32) {
        match p.kind {
            PlanetKind::Capital => (0, 0),
            PlanetKind::Colony if p.discovered_turn.is_none() => (1, 0),
            PlanetKind::PenalColony => (2, 0),
            PlanetKind::Colony => (3, p.discovered_turn.unwrap_or(0)),
            PlanetKind::PouarkWorld => (4, p.discovered_turn.unwrap_or(0)),
        }
    };
    let mut ks: Vec<&String> = s.planets.iter().filter(|(_, p)| p.kind != PlanetKind::Capital).map(|(k, _)| k).collect();
    ks.sort_by(|a, b| {
        let (pa, pb) = (&s.planets[*a], &s.planets[*b]);
        rank(pa).cmp(&rank(pb)).then_with(|| a.cmp(b))
    });
    ks
}

/// The planet key where a character of the family is, for the map.
fn planet_of(s: &State, c: &Character) -> Option<String> {
    if let Some(sen) = &c.sentence {
        return Some(sen.planet.clone());
    }
    if let Some(cap) = &c.captivity {
        return cap.planet.clone();
    }
    if let Some(k) = s.governorship(c.id) {
        return Some(k.to_string());
    }
    match &c.last_place {
        Some(Place::Colony(k)) => Some(k.clone()),
        Some(Place::Stellarium) | Some(Place::Exchange { .. }) | None => Some(crate::text::key(CAPITAL)),
        Some(Place::Fleet(_)) | Some(Place::Ship(_)) => None,
    }
}

/// Cuts a map line so that it fits the width (22 px DejaVu Sans: about 52
/// characters in 680 px).
fn fit(text: String) -> Vec<String> {
    let w = crate::render::wrap(&text, 52, "    ");
    w.split('\n').map(str::to_string).collect()
}

/// The map of `family`, or with `None` the public map (the chronicle's): what
/// every family's map shows, without any family's own marks and lines.
pub(crate) fn map_view(lang: Lang, ctx: &ViewContext, before: &State, after: &State, family: Option<&str>) -> MapView {
    let s = after;
    let public = family.is_none();
    // No family has the empty key: with `None`, nothing below is "own".
    let family = family.unwrap_or("");
    let fam_name = s.family(family).map(|f| f.name.clone()).unwrap_or_else(|| family.to_string());
    let own: Vec<&Character> = s.living_members(family).collect();
    let mut own_at: BTreeMap<String, usize> = BTreeMap::new();
    for c in &own {
        if let Some(k) = planet_of(s, c) {
            *own_at.entry(k).or_default() += 1;
        }
    }
    let posts: BTreeSet<&String> = s.family(family).map(|f| f.trading_posts.iter().collect()).unwrap_or_default();
    let top = 110.0;
    let (cx, cy) = (MAP_CENTER, top + 300.0);
    let keys = ring_order(s);
    let n = keys.len().max(1);
    let (ring, r, label_size) =
        if n <= 9 { (250.0, 34.0, 24.0) } else if n <= 13 { (256.0, 28.0, 21.0) } else { (262.0, 22.0, 18.0) };
    let make = |k: &str, x: f64, y: f64, r: f64| -> MapPlanet {
        let p = &s.planets[k];
        let (controller, fill, caption) = controller_of(lang, p);
        let own_gov = p.governor.is_some_and(|g| s.family_of(g).is_some_and(|f| f == family));
        MapPlanet {
            name: p.name.clone(),
            x: round1(x),
            y: round1(y),
            r,
            kind: match p.kind {
                PlanetKind::Capital => "capital",
                PlanetKind::Colony => "colony",
                PlanetKind::PenalColony => "penal",
                PlanetKind::PouarkWorld => "pouark",
            },
            controller,
            fill,
            caption,
            closed: p.closed_to_trade == Some(s.turn) || p.closed_to_trade == Some(before.turn),
            patrol: s.army.patrol.iter().any(|q| q == k),
            own_post: posts.contains(&k.to_string()),
            own_governor: own_gov,
            own_count: own_at.get(k).copied().unwrap_or(0),
            label_y: round1(y + r + label_size + 2.0),
            caption_y: round1(y + r + label_size + 24.0),
            label_size,
        }
    };
    let capital_key = crate::text::key(CAPITAL);
    let stellarium = if s.planets.contains_key(&capital_key) {
        make(&capital_key, cx, cy, 58.0)
    } else {
        MapPlanet {
            name: CAPITAL.into(),
            x: cx,
            y: cy,
            r: 52.0,
            kind: "capital",
            controller: "empire",
            fill: FILL_CAPITAL,
            caption: String::new(),
            closed: false,
            patrol: false,
            own_post: false,
            own_governor: false,
            own_count: 0,
            label_y: cy + 84.0,
            caption_y: cy + 106.0,
            label_size: 24.0,
        }
    };
    let planets: Vec<MapPlanet> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * i as f64 / n as f64;
            // Labels sit below the disc; lift the discs of the lower half a
            // little so that their labels stay inside the ring's box.
            make(k, cx + ring * a.cos(), cy + ring * a.sin() * 0.92, r)
        })
        .collect();

    // The legend, below the ring.
    let mut y = cy + ring + 110.0;
    let mut legend = Vec::new();
    let mut push_legend = |symbol: &'static str, fill: &'static str, text: &str, y: &mut f64| {
        legend.push(MapLegend { y: *y, symbol, fill, text: text.to_string() });
        *y += MAP_LINE;
    };
    push_legend("disc", FILL_EMPIRE, lang.t("colonie de l'Empire", "colony of the Empire"), &mut y);
    push_legend("disc", FILL_PENAL, lang.t("Araknid, planète bagne", "Araknid, penal colony"), &mut y);
    push_legend("disc", FILL_REBELS, lang.t("aux mains des rebelles", "held by the rebels"), &mut y);
    push_legend("disc", FILL_POUARKS, lang.t("aux mains des Pouarks", "held by the Pouarks"), &mut y);
    push_legend("patrol", "#1e8449", lang.t("patrouille de la 2ème Flotte", "patrolled by the 2nd Fleet"), &mut y);
    push_legend("closed", "#e67e22", lang.t("fermée au commerce", "closed to trade"), &mut y);
    if !public {
        push_legend("post", "#f1c40f", lang.t("votre comptoir", "your trading post"), &mut y);
        push_legend("governor", "#f1c40f", lang.t("votre gouverneur", "your governor"), &mut y);
        push_legend("count", "#ffffff", lang.t("nombre de vos personnages sur place", "how many of your characters are there"), &mut y);
    }

    // Where each character of the family is, then the public posts.
    y += 16.0;
    let mut lines = Vec::new();
    let mut push = |text: String, bold: bool, own: bool, y: &mut f64| {
        for (i, t) in fit(text).into_iter().enumerate() {
            lines.push(MapLine { y: *y, text: t, bold: bold && i == 0, own });
            *y += MAP_LINE;
        }
    };
    if !public {
        push(lang.t("Où sont vos personnages", "Where your characters are").to_string(), true, false, &mut y);
        let mut by_place: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for c in &own {
            by_place.entry(location_text(lang, s, c)).or_default().push(c.first_name.clone());
        }
        if by_place.is_empty() {
            push(lang.t("aucun personnage vivant", "no living character").to_string(), false, true, &mut y);
        }
        for (place, names) in &by_place {
            push(format!("{place} : {}", names.join(", ")), false, true, &mut y);
        }
        y += 12.0;
    }
    push(lang.t("Postes publics", "Public posts").to_string(), true, false, &mut y);
    for (f, id) in [(FleetNo::First, s.army.commander_1), (FleetNo::Second, s.army.commander_2)] {
        if let Some(id) = id.filter(|c| s.character(*c).is_some_and(|c| c.is_alive())) {
            push(
                format!("{} : {} {}", fleet_name(lang, f), lang.t("commandant", "commander"), name_for(s, family, id)),
                false,
                s.family_of(id).is_some_and(|g| g == family),
                &mut y,
            );
        }
    }
    if !s.army.patrol.is_empty() {
        let ps: Vec<String> = s.army.patrol.iter().map(|k| planet_name(s, k)).collect();
        push(format!("{} : {}", lang.t("Patrouille de la 2ème Flotte", "2nd Fleet patrol"), ps.join(", ")), false, false, &mut y);
    }
    for k in ring_order(s) {
        let p = &s.planets[k];
        if let Some(g) = p.governor {
            push(
                format!("{} {} : {}", lang.t("Gouverneur de", "Governor of"), p.name, name_for(s, family, g)),
                false,
                s.family_of(g).is_some_and(|f| f == family),
                &mut y,
            );
        }
    }
    if !s.judges.is_empty() {
        let js: Vec<String> = s.judges.iter().map(|j| name_for(s, family, *j)).collect();
        push(format!("{} : {}", lang.t("Haute Cour", "High Court"), js.join(", ")), false, false, &mut y);
    }
    let height = (y + 16.0).ceil();
    MapView {
        width: MAP_W,
        height,
        title: match lang {
            Lang::Fr => format!("L'Empire de Stellarium en {}", before.assembly_year()),
            Lang::En => format!("The Empire of Stellarium in {}", before.assembly_year()),
        },
        subtitle: match (lang, public) {
            (Lang::Fr, true) => format!("Carte publique — partie {}, tour {}", ctx.game_id, ctx.turn),
            (Lang::En, true) => format!("Public map — game {}, turn {}", ctx.game_id, ctx.turn),
            (Lang::Fr, false) => format!("Famille {fam_name} — partie {}, tour {}", ctx.game_id, ctx.turn),
            (Lang::En, false) => format!("Family {fam_name} — game {}, turn {}", ctx.game_id, ctx.turn),
        },
        cx,
        cy,
        ring,
        stellarium,
        planets,
        legend,
        lines,
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

// ------------------------------------------------------------ the chronicle

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub title: String,
    pub name: String,
    pub family: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PyramidView {
    pub name: String,
    pub seats: Vec<SeatView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct NamedPost {
    pub place: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Assembly {
    pub pyramids: Vec<PyramidView>,
    pub judges: Vec<String>,
    pub governors: Vec<NamedPost>,
    pub commanders: Vec<NamedPost>,
    pub patrol: Vec<String>,
    pub strategy: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlanetLine {
    pub name: String,
    pub caption: String,
    pub closed: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct PublicItem {
    pub year: i32,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Section {
    pub title: String,
    pub items: Vec<PublicItem>,
}

#[derive(Debug, Clone, Serialize)]
pub struct JudgeVote {
    pub judge: String,
    pub vote: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct VerdictView {
    pub case: u32,
    pub accused: String,
    pub charge: String,
    pub accusation: String,
    pub votes: Vec<JudgeVote>,
    pub result: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct DocketLine {
    pub case: u32,
    pub accused: String,
    pub charge: String,
    pub accusation: String,
}

pub(crate) fn assembly(lang: Lang, s: &State) -> Assembly {
    let who = |id: CharacterId| -> (String, String) {
        let fam = s
            .family_of(id)
            .and_then(|f| s.family(f))
            .map(|f| f.name.clone())
            .unwrap_or_default();
        (s.full_name(id), fam)
    };
    let pyramids = Pyramid::ALL
        .iter()
        .map(|p| PyramidView {
            name: pyramid_name(lang, *p).to_string(),
            seats: s
                .pyramid(*p)
                .members()
                .filter_map(|(seat, id)| {
                    let c = s.character(id)?;
                    let (name, family) = who(id);
                    Some(SeatView { title: seat_title(lang, *p, seat, c.sex), name, family })
                })
                .collect(),
        })
        .collect();
    let governors = ring_order(s)
        .into_iter()
        .filter_map(|k| {
            let p = &s.planets[k];
            p.governor.map(|g| NamedPost { place: p.name.clone(), name: s.full_name(g) })
        })
        .collect();
    let commanders = [(FleetNo::First, s.army.commander_1), (FleetNo::Second, s.army.commander_2)]
        .into_iter()
        .filter_map(|(f, c)| c.filter(|c| s.character(*c).is_some_and(|c| c.is_alive())).map(|c| NamedPost { place: fleet_name(lang, f).to_string(), name: s.full_name(c) }))
        .collect();
    Assembly {
        pyramids,
        judges: s.judges.iter().map(|j| s.full_name(*j)).collect(),
        governors,
        commanders,
        patrol: s.army.patrol.iter().map(|k| planet_name(s, k)).collect(),
        strategy: match s.army.strategy {
            Strategy::Offensive => lang.t("offensive", "offensive").to_string(),
            Strategy::Defensive => lang.t("défensive", "defensive").to_string(),
        },
    }
}

pub(crate) fn planet_lines(lang: Lang, s: &State) -> Vec<PlanetLine> {
    ring_order(s)
        .into_iter()
        .map(|k| {
            let p = &s.planets[k];
            let (_, _, caption) = controller_of(lang, p);
            PlanetLine { name: p.name.clone(), caption, closed: p.closed_to_trade == Some(s.turn) }
        })
        .collect()
}

/// Trials waiting for the next verdicts: public (22.2).
pub(crate) fn docket(lang: Lang, s: &State) -> Vec<DocketLine> {
    s.trials
        .iter()
        .map(|t| {
            let fem = s.character(t.accused).is_some_and(|c| c.sex == Sex::Female);
            let charge = charge_text(lang, s, &t.charge);
            DocketLine { case: t.case_no, accused: s.full_name(t.accused), accusation: accusation(lang, fem, &charge), charge }
        })
        .collect()
}

// ------------------------------------------------------------ assembly

/// What the turn's events tell one family (its timeline and money lines).
#[derive(Debug, Clone, Default)]
pub(crate) struct FamilyNarrative {
    /// (year of the cycle 1–10, item), in the order of the cycle.
    pub items: Vec<(u8, Item)>,
    pub money: Vec<MoneyLine>,
    /// The detail of the turn's victory points (29), from phase 29's event.
    pub points: Vec<PointsLine>,
}

/// What the turn's events tell everybody.
#[derive(Debug, Clone, Default)]
pub(crate) struct PublicNarrative {
    /// (section key, year of the cycle, text). Sections are shown in the
    /// order of [`SECTIONS`].
    pub items: Vec<(&'static str, u8, String)>,
    pub verdicts: Vec<VerdictView>,
}

/// Sections of the chronicle, in order: key, French title, English title.
pub(crate) const SECTIONS: [(&str, &str, &str); 8] = [
    ("assembly", "L'Assemblée suprême", "The Supreme Assembly"),
    ("war", "Guerres, rébellions et batailles", "Wars, rebellions and battles"),
    ("exploration", "Explorations", "Exploration"),
    ("crime", "Crimes et enquêtes", "Crimes and investigations"),
    ("power", "Disgrâces, destitutions et coups d'État", "Disgraces, depositions and coups"),
    ("family", "Mariages, naissances et baptêmes", "Marriages, births and baptisms"),
    ("death", "Décès et obsèques", "Deaths and funerals"),
    ("trade", "Commerce et vente du vaisseau", "Trade and the ship sale"),
];

fn timeline(before: &State, items: Vec<(u8, Item)>) -> Vec<YearItems> {
    let mut by_year: BTreeMap<u8, Vec<Item>> = BTreeMap::new();
    for (y, it) in items {
        by_year.entry(y.clamp(1, 10)).or_default().push(it);
    }
    by_year
        .into_iter()
        .map(|(y, items)| YearItems { year: before.year_of_cycle(y), year_of_cycle: y, items })
        .collect()
}

pub(crate) fn family_view_from(
    ctx: &ViewContext,
    before: &State,
    after: &State,
    family: &str,
    narrative: FamilyNarrative,
) -> Value {
    let lang = Lang::of(ctx);
    let f_after = after.family(family);
    let money_before = before.family(family).map(|f| f.money).unwrap_or(0);
    let money = f_after.map(|f| f.money).unwrap_or(0);
    let ranking = ranking(before, after, Some(family));
    let victory = victory(before, after, family, &ranking, narrative.points);
    let view = serde_json::json!({
        "lang": if lang == Lang::Fr { "fr" } else { "en" },
        "turn": before.turn,
        "next_turn": after.turn,
        "years": years(before),
        "game_over": after.is_over(),
        "family": family_head(before, after, family),
        "finances": Finances {
            money_before,
            money,
            in_debt: money < 0,
            debt: if money < 0 { -money } else { 0 },
            credit: f_after.map(|f| f.dark_tentacle_credit).unwrap_or(0),
            lines: narrative.money,
        },
        "trading_posts": trading_posts(lang, after, family),
        "ships": ships(lang, after, family),
        "characters": characters(lang, before, after, family),
        "deaths": deaths(lang, before, after, family),
        "timeline": timeline(before, narrative.items),
        "trials": trials(lang, after, family),
        "powers": powers(lang, after, family),
        "victory": victory,
        "ranking": ranking_excerpt(ranking),
        "planets": planet_lines(lang, after),
        "map": map_view(lang, ctx, before, after, Some(family)),
    });
    view
}

pub(crate) fn public_view_from(ctx: &ViewContext, before: &State, after: &State, narrative: PublicNarrative) -> Value {
    let lang = Lang::of(ctx);
    let mut sections: Vec<Section> = Vec::new();
    for (key, fr, en) in SECTIONS {
        let mut items: Vec<(u8, String)> =
            narrative.items.iter().filter(|(k, _, _)| *k == key).map(|(_, y, t)| (*y, t.clone())).collect();
        // Stable: keeps the order of events within a year.
        items.sort_by_key(|(y, _)| *y);
        if !items.is_empty() {
            sections.push(Section {
                title: lang.t(fr, en).to_string(),
                items: items.into_iter().map(|(y, text)| PublicItem { year: before.year_of_cycle(y), text }).collect(),
            });
        }
    }
    serde_json::json!({
        "lang": if lang == Lang::Fr { "fr" } else { "en" },
        "turn": before.turn,
        "next_turn": after.turn,
        "years": years(before),
        "game_over": after.is_over(),
        "assembly": assembly(lang, after),
        "planets": planet_lines(lang, after),
        "sections": sections,
        "verdicts": narrative.verdicts,
        "docket": docket(lang, after),
        "ranking": ranking(before, after, None),
        // The public map (web pages), drawn by `map.svg.tera` as `view.map`.
        "public_map": map_view(lang, ctx, before, after, None),
    })
}

mod narrator;
pub(crate) use narrator::*;


/// What `family` may know after the turn (its report and map).
pub fn family_view(ctx: &ViewContext, before: &State, after: &State, events: &[Event], family: &FamilyKey) -> Value {
    let lang = Lang::of(ctx);
    let narrative = Narrator::new(lang, before, after, events, Some(family)).family(events, family);
    family_view_from(ctx, before, after, family, narrative)
}

/// What everybody may know after the turn (the chronicle).
pub fn public_view(ctx: &ViewContext, before: &State, after: &State, events: &[Event]) -> Value {
    let lang = Lang::of(ctx);
    let narrative = Narrator::new(lang, before, after, events, None).public(events);
    public_view_from(ctx, before, after, narrative)
}

pub(crate) mod fixture {
    //! A small, fixed game after turn 3, for the views' and templates' tests.
    use super::*;
    use crate::text::key;

    pub fn character(first: &str, sex: Sex, born: i32, fam: &str, training: Option<Training>, pp: i64) -> Character {
        Character {
            id: CharacterId(0),
            first_name: first.to_string(),
            sex,
            birth_year: born,
            birth_family: fam.to_string(),
            family: fam.to_string(),
            founder_no: None,
            marital: Marital::Single,
            training,
            pp,
            baptised: true,
            bastard: false,
            father: None,
            mother: None,
            last_place: Some(Place::Stellarium),
            purchases: Purchases::default(),
            prostheses: 0,
            last_prosthesis_turn: None,
            prosthesis_permit_turn: None,
            exploration_permit_turn: None,
            remarriage_permit_turn: None,
            heretic: false,
            captivity: None,
            sentence: None,
            expeditions: 0,
            expeditions_as_captain: 0,
            death: None,
        }
    }

    pub struct Ids {
        pub paul: CharacterId,
        pub jessica: CharacterId,
        #[allow(dead_code)]
        pub leto: CharacterId,
        pub alia: CharacterId,
        pub gurney: CharacterId,
        pub chani: CharacterId,
        pub feyd: CharacterId,
        pub irulan: CharacterId,
        pub vladimir: CharacterId,
    }

    /// (state before turn 3, state after it, ids).
    pub fn game() -> (State, State, Ids) {
        let mut s = State::new(Settings::default());
        s.turn = 3;
        for (k, n) in [("atreides", "Atréides"), ("fremen", "Fremen"), ("harkonnen", "Harkonnen"), ("corrino", "Corrino")] {
            let mut f = Family::new(k, n, 0);
            f.founded = true;
            f.statuses.insert(1, OrderStatus::Or);
            f.statuses.insert(2, OrderStatus::Or);
            s.families.insert(k.to_string(), f);
        }
        let add = |s: &mut State, c: Character| s.add_character(c);
        let paul = add(&mut s, character("Paul", Sex::Male, 4980, "atreides", Some(Training::Warrior), 26));
        let jessica = add(&mut s, character("Jessica", Sex::Female, 4961, "atreides", Some(Training::Merchant), 13));
        let leto = add(&mut s, character("Leto", Sex::Male, 4987, "atreides", Some(Training::Merchant), 12));
        let alia = add(&mut s, character("Alia", Sex::Female, 4994, "atreides", Some(Training::Priest), 19));
        let gurney = add(&mut s, character("Gurney", Sex::Male, 4967, "atreides", Some(Training::Explorer), 6));
        let vladimir = add(&mut s, character("Vladimir", Sex::Male, 4940, "atreides", Some(Training::Priest), 4));
        let chani = add(&mut s, character("Chani", Sex::Female, 4985, "fremen", Some(Training::Warrior), 15));
        let feyd = add(&mut s, character("Feyd", Sex::Male, 4982, "harkonnen", Some(Training::Warrior), 31));
        let irulan = add(&mut s, character("Irulan", Sex::Female, 4984, "corrino", Some(Training::Merchant), 40));
        let _stilgar = add(&mut s, character("Stilgar", Sex::Male, 4970, "fremen", Some(Training::Priest), 22));
        s.families.get_mut("atreides").map(|f| {
            f.money = 10;
            f.dark_tentacle_credit = 2;
            f.trading_posts.insert(key("Balnéa"));
            f.trading_posts.insert(key("Mologataï"));
        });
        s.pyramid_mut(Pyramid::Army).seats = [Some(paul), Some(feyd), None, Some(chani), None, None];
        s.pyramid_mut(Pyramid::Government).seats = [Some(irulan), None, None, None, None, None];
        s.judges = vec![leto];

        let before = s.clone();
        let mut a = s;
        a.turn = 4;
        for f in a.families.values_mut() {
            f.statuses.insert(3, OrderStatus::Or);
        }
        if let Some(f) = a.families.get_mut("atreides") {
            f.money = 14;
            f.victory_points = 455;
            f.victory_history.insert(3, 226);
        }
        for (k, vp, t) in [("corrino", 640, 340), ("harkonnen", 400, 31), ("fremen", 120, 37)] {
            if let Some(f) = a.families.get_mut(k) {
                f.victory_points = vp;
                f.victory_history.insert(3, t);
            }
        }
        if let Some(f) = a.families.get_mut("fremen") {
            f.statuses.insert(3, OrderStatus::Onr);
            f.onr_streak = 1;
            f.dark_tentacle_credit = 5;
            f.money = 7_777_777;
        }
        let set = |a: &mut State, id: CharacterId, f: &dyn Fn(&mut Character)| {
            if let Some(c) = a.character_mut(id) {
                f(c)
            }
        };
        set(&mut a, paul, &|c| {
            c.pp = 38;
            c.marital = Marital::Married { spouse: chani, since_turn: 3 };
            c.last_place = Some(Place::Fleet(FleetNo::First));
            c.purchases = Purchases { turn: 3, capsule: true, bodyguards: true, doctor: false, insurance: false };
            c.prostheses = 1;
        });
        set(&mut a, chani, &|c| {
            c.marital = Marital::Married { spouse: paul, since_turn: 3 };
            c.last_place = Some(Place::Colony(key("Dorkir")));
        });
        set(&mut a, jessica, &|c| {
            c.pp = 17;
            c.last_place = Some(Place::Exchange { stake: Stake::Normal, amount: 2 });
            c.purchases = Purchases { turn: 3, insurance: true, ..Purchases::default() };
            c.marital = Marital::Widowed { late_spouse: None };
            c.prosthesis_permit_turn = Some(4);
        });
        set(&mut a, leto, &|c| c.pp = 22);
        set(&mut a, alia, &|c| {
            c.pp = 9;
            c.heretic = true;
            c.sentence = Some(Sentence { years_remaining: 20, planet: key("Araknid"), since_turn: 3 });
        });
        set(&mut a, gurney, &|c| {
            c.pp = 14;
            c.last_place = Some(Place::Ship(key("Étoile du Matin")));
        });
        set(&mut a, vladimir, &|c| {
            c.death = Some(Death { turn: 3, year: 5027, cause: DeathCause::OldAge, place: None });
        });
        set(&mut a, feyd, &|c| c.last_place = Some(Place::Colony(key("Kistrang"))));
        let mut child = character("Enfant0", Sex::Male, 5024, "atreides", None, 9);
        child.baptised = false;
        child.father = Some(paul);
        child.mother = Some(chani);
        let child = a.add_character(child);
        if let Some(c) = a.character_mut(child) {
            c.first_name = Character::provisional_name(child);
        }
        a.ships.insert(
            key("Étoile du Matin"),
            Ship {
                name: "Étoile du Matin".into(),
                owner: "atreides".into(),
                lent: None,
                fate: ShipFate::InService,
                bought_turn: 2,
                price: 6,
                expeditions: 1,
            },
        );
        a.planets.insert(key("Nouvelle-Tara"), {
            let mut p = Planet::new("Nouvelle-Tara", PlanetKind::Colony, Controller::Empire);
            p.discovered_turn = Some(3);
            p.discovered_by.insert("atreides".into());
            p
        });
        if let Some(p) = a.planet_mut("Dorkir") {
            p.controller = Controller::Rebels { since_turn: 3, since_year: 6 };
        }
        if let Some(p) = a.planet_mut("Balnéa") {
            p.governor = Some(leto);
            p.closed_to_trade = Some(4);
        }
        if let Some(p) = a.planet_mut("Kistrang") {
            p.governor = Some(irulan);
        }
        a.pyramid_mut(Pyramid::Government).seats = [Some(irulan), Some(paul), None, None, None, None];
        a.army.commander_1 = Some(paul);
        a.army.patrol = vec![key("Dorkir"), key("Engarkos"), key("Kistrang")];
        a.trials.push(Trial {
            case_no: 4,
            accused: alia,
            charge: Charge::UnauthorisedProsthesis,
            opened_turn: 3,
            adjourned: 0,
            pardoned_in_advance: false,
        });
        a.trials.push(Trial {
            case_no: 5,
            accused: feyd,
            charge: Charge::Contract { kind: ContractKindTag::Assassination, target: "Thufir/Atréides".into() },
            opened_turn: 3,
            adjourned: 1,
            pardoned_in_advance: false,
        });
        let ids = Ids { paul, jessica, leto, alia, gurney, chani, feyd, irulan, vladimir };
        (before, a, ids)
    }

    pub fn ctx(lang: &str) -> ViewContext {
        ViewContext {
            game_id: "dune".into(),
            turn: 4,
            deadline: "dimanche 6 décembre 2026 à 20 h 00 (Europe/Paris)".into(),
            time_left: "6 jours 23 heures".into(),
            lang: lang.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixture::*;
    use super::*;
    use crate::render::Renderer;

    fn renderer() -> Renderer {
        Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates load")
    }

    /// The events of the fixture's turn 3: a marriage, births, a death, a
    /// Fremen contract against Paul (secret sponsor), money and prestige.
    pub(crate) fn events(ids: &Ids, after: &State) -> Vec<Event> {
        let stilgar = after.find_in_family("fremen", "Stilgar").map(|c| c.id).unwrap_or(CharacterId(0));
        let child = after.find_in_family("atreides", "Enfant11").map(|c| c.id).unwrap_or(CharacterId(0));
        vec![
            Event::Status { family: "atreides".into(), status: OrderStatus::Or, onr_streak: 0 },
            Event::Purchased { who: ids.paul, item: Purchase::Capsule },
            Event::Purchased { who: ids.paul, item: Purchase::Bodyguards },
            Event::Money { family: "atreides".into(), delta: -3, rule: "1".into(), reason: "achats (3)".into() },
            Event::Money { family: "fremen".into(), delta: -7, rule: "2".into(), reason: "contrat".into() },
            Event::ContractExecuted {
                contract_no: 1,
                kind: ContractKindTag::Assassination,
                target: ContractTarget::Character { id: ids.paul },
                sponsors: vec![stilgar],
                total: 7,
                year: 6,
                success: false,
                detail: "les gardes du corps veillaient".into(),
            },
            Event::Investigation { contract_no: 1, sponsor: stilgar, kolombo: false, unmasked: false },
            Event::Credit { family: "fremen".into(), credit: 5 },
            Event::Married { groom: ids.paul, bride: ids.chani, priest: stilgar },
            Event::Prestige { who: stilgar, delta: 2, rule: "3.8".into(), reason: "mariage célébré".into() },
            Event::Births { father: ids.paul, mother: ids.chani, table_a: vec![2, 4], table_b: None, limit: None, children: 1 },
            Event::Born { child, father: ids.paul, mother: ids.chani, sex: Sex::Male, year: 5024, pp: 9 },
            Event::SurvivalTest { who: ids.vladimir, age: 81, death_chances: 3, survived: false },
            Event::Died { who: ids.vladimir, year: 5027, cause: DeathCause::OldAge, place: None, rule: "8".into() },
            Event::SurvivalTest { who: ids.jessica, age: 60, death_chances: 0, survived: true },
            Event::Prestige { who: ids.paul, delta: 12, rule: "11.6".into(), reason: "victoire".into() },
            Event::Money { family: "atreides".into(), delta: 7, rule: "13.4".into(), reason: "bourse : Jessica (N2)".into() },
            Event::TrialOpened { case_no: 4, accused: ids.alia, charge: Charge::UnauthorisedProsthesis, rule: "1.3.3".into() },
        ]
    }

    pub(crate) fn report_context(ctx: &ViewContext, view: &Value, family: &str, after: &State) -> Value {
        let f = after.family(family).expect("family");
        serde_json::json!({
            "ctx": ctx,
            "family": {"key": family, "name": f.name, "status": status_label(f.status_in(3)), "onr_streak": f.onr_streak, "lang": ctx.lang},
            "view": view,
            "form": [
                {"text": "LIEU Paul FLOTTE 1", "comment": "guerrier, 38 PP"},
                {"text": "", "comment": "Enfant11 : à baptiser"},
            ],
            "map_cid": "map",
        })
    }

    #[test]
    fn family_view_holds_own_facts_and_public_posts() {
        let (before, after, ids) = game();
        let ev = events(&ids, &after);
        let v = family_view(&ctx("fr"), &before, &after, &ev, &"atreides".to_string());
        assert_eq!(v["finances"]["credit"], 2);
        assert_eq!(v["finances"]["money"], 14);
        let chars = v["characters"].as_array().expect("array");
        assert_eq!(chars.len(), 6, "5 living founders and the newborn");
        let paul = chars.iter().find(|c| c["name"] == "Paul").expect("Paul");
        assert_eq!(paul["pp_change"], 12);
        assert_eq!(paul["location"], "1ère Flotte");
        assert_eq!(paul["spouse"], "Chani/Fremen");
        let alia = chars.iter().find(|c| c["id"] == ids.alia.0).expect("Alia");
        assert_eq!(alia["prisoner"], "bagne (Araknid), encore 20 ans");
        assert_eq!(v["deaths"][0]["name"], "Vladimir");
        // Leto is a judge: both trials; Alia is accused in case 4.
        let trials = v["trials"].as_array().expect("trials");
        assert_eq!(trials.len(), 2);
        assert_eq!(trials[0]["role"], "accusée, juge");
        assert_eq!(trials[1]["order"], "VERDICT Leto 5 COUPABLE|INNOCENT 10-50");
        assert_eq!(v["victory"]["rank"], 2);
        let _ = (ids.jessica, ids.gurney, ids.feyd, ids.irulan, ids.vladimir, ids.paul);
    }

    #[test]
    fn family_view_hides_other_families_secrets() {
        let (before, after, ids) = game();
        let ev = events(&ids, &after);
        let v = family_view(&ctx("fr"), &before, &after, &ev, &"atreides".to_string());
        let text = v.to_string();
        // The Fremen sponsor of the attempt on Paul stays secret; the attempt does not.
        assert!(!text.contains("Stilgar/Fremen : +2") && !text.contains("Contrat n°") && !text.contains("contrat de Stilgar"), "{text}");
        assert!(text.contains("Tentative d'assassinat contre Paul : échec."));
        assert!(!text.contains("Stilgar/Fremen :"), "another family's prestige leaked");
        let public = public_view(&ctx("fr"), &before, &after, &ev).to_string();
        assert!(!public.contains("Stilgar/Fremen :") && !public.contains("Contrat") && !public.contains("n'aboutit"), "{public}");
        assert!(public.contains("Mariage de Paul/Atréides et Chani/Fremen, célébré par Stilgar/Fremen."));
        // Fremen's credit (5) and money (77) never appear; Chani's and
        // Feyd's locations (Dorkir, Kistrang) only as planets, not as places.
        assert!(!text.contains("7777777"), "money of another family leaked");
        for c in v["characters"].as_array().expect("array") {
            assert_ne!(c["id"], ids.chani.0);
            assert_ne!(c["id"], ids.feyd.0);
        }
        let lines: Vec<String> = v["map"]["lines"].as_array().expect("lines").iter().map(|l| l["text"].to_string()).collect();
        assert!(!lines.iter().any(|l| l.contains("Feyd")), "{lines:?}");
    }

    #[test]
    fn templates_render_the_fixture() {
        let r = renderer();
        let (before, after, ids) = game();
        let ev = events(&ids, &after);
        for lang in ["fr", "en"] {
            let c = ctx(lang);
            let v = family_view(&c, &before, &after, &ev, &"atreides".to_string());
            let rc = report_context(&c, &v, "atreides", &after);
            for kind in ["txt", "html"] {
                let name = format!("stellarium/report.{lang}.{kind}.tera");
                let out = r.render(&name, &rc).unwrap_or_else(|e| panic!("{e}"));
                insta::assert_snapshot!(format!("report_{lang}_{kind}"), out);
            }
            // The referee's form comes framed (PARTIE … TOUR, FIN): no second header.
            let mut framed = rc.clone();
            framed["form"] = serde_json::json!([
                {"text": "PARTIE dune", "comment": null}, {"text": "FAMILLE Atréides", "comment": null},
                {"text": "MOTDEPASSE ...", "comment": "votre mot de passe"}, {"text": "TOUR 4", "comment": null},
                {"text": "LIEU Paul FLOTTE 1", "comment": null}, {"text": "FIN", "comment": null}]);
            for kind in ["txt", "html"] {
                let out = r.render(&format!("stellarium/report.{lang}.{kind}.tera"), &framed).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(out.matches("PARTIE dune").count(), 1, "{out}");
                assert!(!out.contains("GAME dune") && !out.contains("votre-mot-de-passe\n") && out.contains("LIEU Paul FLOTTE 1"));
            }
            let svg = r.render("stellarium/map.svg.tera", &rc).unwrap_or_else(|e| panic!("{e}"));
            let png = r.svg_to_png(&svg).unwrap_or_else(|e| panic!("{e}"));
            assert!(png.len() > 10_000);
            if lang == "fr" {
                insta::assert_snapshot!("map_svg", svg);
                if let Ok(dir) = std::env::var("ARBITRE_RENDER_OUT") {
                    let _ = std::fs::write(format!("{dir}/map.png"), &png);
                    let _ = std::fs::write(format!("{dir}/map.svg"), &svg);
                    let _ = std::fs::write(format!("{dir}/report.html"), r.render("stellarium/report.fr.html.tera", &rc).unwrap_or_default());
                    let _ = std::fs::write(format!("{dir}/report.txt"), r.render("stellarium/report.fr.txt.tera", &rc).unwrap_or_default());
                }
            }
            let pv = public_view(&c, &before, &after, &ev);
            let cc = serde_json::json!({"ctx": c, "view": pv});
            for kind in ["txt", "html"] {
                let name = format!("stellarium/chronicle.{lang}.{kind}.tera");
                let out = r.render(&name, &cc).unwrap_or_else(|e| panic!("{e}"));
                insta::assert_snapshot!(format!("chronicle_{lang}_{kind}"), out);
            }
        }
    }
}

#[cfg(test)]
mod html_tests {
    use super::fixture::*;
    use super::*;

    /// Every `src`/`href` of an HTML text (attribute values).
    pub(crate) fn links(html: &str) -> Vec<String> {
        let mut out = Vec::new();
        for attr in ["src=", "href=", "url("] {
            let mut rest = html;
            while let Some(i) = rest.find(attr) {
                let after = &rest[i + attr.len()..];
                let v: String = after.trim_start_matches(['"', '\'']).chars().take_while(|c| !matches!(c, '"' | '\'' | ')' | ' ' | '>')).collect();
                out.push(v);
                rest = after;
            }
        }
        out
    }

    #[test]
    fn r_web_public_map_shows_what_every_familys_map_shows_and_nothing_of_one_family() {
        use serde_json::json;
        let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let (before, after, _) = game();
        for lang in ["fr", "en"] {
            let c = ctx(lang);
            let pv = public_view_from(&c, &before, &after, PublicNarrative::default());
            let m = &pv["public_map"];
            for p in m["planets"].as_array().expect("planets").iter().chain([&m["stellarium"]]) {
                assert_eq!((&p["own_post"], &p["own_governor"], &p["own_count"]), (&json!(false), &json!(false), &json!(0)), "{p}");
            }
            let svg = r.render("stellarium/map.svg.tera", &json!({"ctx": c, "family": null, "view": {"map": m}})).expect("public map");
            for own in ["Où sont vos personnages", "Where your characters are", "votre comptoir", "your trading post", "Atréides —", "Family "] {
                assert!(!svg.contains(own), "{own:?} on the public map");
            }
            // What every family's map shows is there: the planets and the public posts.
            let fam = family_view_from(&c, &before, &after, "atreides", FamilyNarrative::default());
            for p in fam["map"]["planets"].as_array().expect("planets") {
                assert!(svg.contains(&format!(">{}<", p["name"].as_str().unwrap())), "planet {} missing", p["name"]);
            }
            assert!(svg.contains(if lang == "fr" { "Postes publics" } else { "Public posts" }));
        }
    }

    #[test]
    fn html_reports_load_nothing_remote() {
        let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let (before, after, _) = game();
        for lang in ["fr", "en"] {
            let c = ctx(lang);
            let v = family_view_from(&c, &before, &after, "atreides", FamilyNarrative::default());
            let rc = serde_json::json!({"ctx": c, "family": {"key": "atreides", "name": "Atréides", "status": "OR", "onr_streak": 0, "lang": lang}, "view": v, "form": [], "map_cid": "map"});
            let html = r.render(&format!("stellarium/report.{lang}.html.tera"), &rc).expect("report");
            let pv = public_view_from(&c, &before, &after, PublicNarrative::default());
            let chron = r.render(&format!("stellarium/chronicle.{lang}.html.tera"), &serde_json::json!({"ctx": c, "view": pv})).expect("chronicle");
            for doc in [&html, &chron] {
                assert!(!doc.contains("<link") && !doc.contains("@import") && !doc.contains("<script"), "external resource");
                for l in links(doc) {
                    assert!(!l.starts_with("http:") && !l.starts_with("https:") && !l.starts_with("//"), "remote link {l}");
                }
            }
            assert_eq!(links(&html), vec!["cid:map".to_string()], "the map is the only image, inline by Content-ID");
            let svg = r.render("stellarium/map.svg.tera", &rc).expect("map");
            assert!(!svg.contains("href"), "the map references nothing");
        }
    }
}

#[cfg(test)]
mod ranking_tests {
    use super::*;

    fn line(rank: usize, me: bool) -> RankLine {
        RankLine { rank, pnj: false, pnj_first: false, family: format!("F{rank}"), turn: 0, total: 0, me, gap_before: false }
    }

    #[test]
    fn r29_family_reports_show_the_top_ten_and_the_family_with_its_neighbours() {
        let all: Vec<RankLine> = (1..=1000).map(|i| line(i, i == 500)).collect();
        let ex = ranking_excerpt(all);
        let ranks: Vec<usize> = ex.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 498, 499, 500, 501, 502]);
        assert!(ex[10].gap_before && !ex[11].gap_before && !ex[0].gap_before);
        let small: Vec<RankLine> = (1..=4).map(|i| line(i, i == 4)).collect();
        assert_eq!(ranking_excerpt(small).len(), 4);
    }
}
