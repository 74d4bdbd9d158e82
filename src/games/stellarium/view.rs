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

/// The language of a view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lang {
    Fr,
    En,
}

impl Lang {
    pub(crate) fn of(ctx: &ViewContext) -> Lang {
        if ctx.lang.eq_ignore_ascii_case("en") {
            Lang::En
        } else {
            Lang::Fr
        }
    }
    /// Picks the French or English text.
    pub(crate) fn t<'a>(self, fr: &'a str, en: &'a str) -> &'a str {
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

// ------------------------------------------------------------ the events

/// `l'Empereur`, `le Grand Général` … (French, with the article).
fn head_article_fr(p: Pyramid) -> &'static str {
    match p {
        Pyramid::Government => "l'Empereur",
        Pyramid::Church => "l'Archipape",
        Pyramid::Army => "le Grand Général",
        Pyramid::Explorers => "le Grand Commandeur",
        Pyramid::Merchants => "le Maître marchand",
    }
}

/// A strength in hundredths of a warrior (11.2.1, 12.3.3), as `3,5`.
fn strength(lang: Lang, h: u64) -> String {
    let (units, cents) = (h / 100, h % 100);
    let sep = if lang == Lang::Fr { "," } else { "." };
    if cents == 0 {
        units.to_string()
    } else if cents % 10 == 0 {
        format!("{units}{sep}{}", cents / 10)
    } else {
        format!("{units}{sep}{cents:02}")
    }
}

fn outcome_name(lang: Lang, o: Outcome) -> &'static str {
    match (lang, o) {
        (Lang::Fr, Outcome::GreatVictory) => "grande victoire",
        (Lang::Fr, Outcome::Victory) => "victoire",
        (Lang::Fr, Outcome::Defeat) => "défaite",
        (Lang::Fr, Outcome::GreatDefeat) => "grande défaite",
        (Lang::En, Outcome::GreatVictory) => "great victory",
        (Lang::En, Outcome::Victory) => "victory",
        (Lang::En, Outcome::Defeat) => "defeat",
        (Lang::En, Outcome::GreatDefeat) => "great defeat",
    }
}

fn vote_text(lang: Lang, v: &OrderVote) -> String {
    match (lang, v) {
        (Lang::Fr, OrderVote::Guilty { years }) => format!("coupable, {years} ans"),
        (Lang::Fr, OrderVote::Innocent { years }) => format!("innocent (peine proposée : {years} ans)"),
        (Lang::Fr, OrderVote::Abstain) => "abstention".into(),
        (Lang::En, OrderVote::Guilty { years }) => format!("guilty, {years} years"),
        (Lang::En, OrderVote::Innocent { years }) => format!("innocent (sentence proposed: {years} years)"),
        (Lang::En, OrderVote::Abstain) => "abstains".into(),
    }
}

/// Whether a prestige event only repeats the PP the event before it
/// already told (a promotion, a speculation, trade gains, an election, a
/// eulogy).
fn covered(prev: Option<&Event>, e: &Event) -> bool {
    let Event::Prestige { who, .. } = e else { return false };
    match prev {
        Some(
            Event::Promoted { who: w, .. }
            | Event::Speculation { who: w, .. }
            | Event::TradeGains { who: w, .. }
            | Event::GovernorAttendance { who: w, .. }
            | Event::JudgeElected { who: w, .. }
            | Event::GovernorElected { who: w, .. }
            | Event::SeatFilled { who: w, .. },
        ) => w == who,
        Some(Event::Eulogy { priest: Some(p), .. }) => p == who,
        _ => false,
    }
}

/// Who may read an event.
enum Vis {
    /// Everybody (the chronicle), and the families involved in their reports.
    Public,
    /// Only these families.
    Families(Vec<FamilyKey>),
}

/// One event told: its year of the cycle (`None`: the year of the event
/// before it), the chronicle section, who may read it, the families it
/// concerns, the sentence, the dice a reader may know, the rule.
struct Told {
    year: Option<u8>,
    section: &'static str,
    vis: Vis,
    involved: Vec<FamilyKey>,
    text: String,
    dice: Option<String>,
    rule: String,
}

/// Turns events into sentences for one reader (`viewer`: a family, or
/// `None` for the public chronicle).
pub(crate) struct Narrator<'a> {
    lang: Lang,
    before: &'a State,
    after: &'a State,
    viewer: Option<&'a str>,
    /// Contracts executed this turn, by number: (kind, target) for the
    /// investigations that unmask their sponsors (2.9).
    contracts: BTreeMap<u32, (ContractKindTag, ContractTarget)>,
}

impl<'a> Narrator<'a> {
    pub(crate) fn new(lang: Lang, before: &'a State, after: &'a State, events: &[Event], viewer: Option<&'a str>) -> Self {
        let contracts = events
            .iter()
            .filter_map(|e| match e {
                Event::ContractExecuted { contract_no, kind, target, .. } => Some((*contract_no, (*kind, target.clone()))),
                _ => None,
            })
            .collect();
        Narrator { lang, before, after, viewer, contracts }
    }

    fn t(&self, fr: &'static str, en: &'static str) -> &'static str {
        self.lang.t(fr, en)
    }

    /// A character's name for the reader (bare first name for its own).
    fn name(&self, id: CharacterId) -> String {
        let s = if self.after.character(id).is_some() { self.after } else { self.before };
        match self.viewer {
            Some(f) => s.name_for(f, id),
            None => s.full_name(id),
        }
    }

    fn names(&self, ids: &[CharacterId]) -> String {
        ids.iter().map(|i| self.name(*i)).collect::<Vec<_>>().join(", ")
    }

    fn fam(&self, id: CharacterId) -> Vec<FamilyKey> {
        self.after.family_of(id).or_else(|| self.before.family_of(id)).cloned().into_iter().collect()
    }

    fn fams(&self, ids: &[CharacterId]) -> Vec<FamilyKey> {
        let set: BTreeSet<FamilyKey> = ids.iter().flat_map(|i| self.fam(*i)).collect();
        set.into_iter().collect()
    }

    fn family_name(&self, k: &str) -> String {
        self.after.family(k).or_else(|| self.before.family(k)).map(|f| f.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn planet(&self, k: &str) -> String {
        self.after.planets.get(k).or_else(|| self.before.planets.get(k)).map(|p| p.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn ship(&self, k: &str) -> String {
        self.after.ships.get(k).or_else(|| self.before.ships.get(k)).map(|p| p.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn fem(&self, id: CharacterId) -> bool {
        self.after.character(id).or_else(|| self.before.character(id)).is_some_and(|c| c.sex == Sex::Female)
    }

    /// `e` when the character is a woman (French agreement).
    fn e(&self, id: CharacterId) -> &'static str {
        if self.lang == Lang::Fr && self.fem(id) {
            "e"
        } else {
            ""
        }
    }

    /// The cycle year (1–10) of a game year.
    fn cycle_year(&self, game_year: i32) -> u8 {
        (game_year - self.before.first_year() + 1).clamp(1, 10) as u8
    }

    fn kind_name(&self, k: ContractKindTag) -> String {
        match self.lang {
            Lang::Fr => k.name_fr().to_string(),
            Lang::En => match k {
                ContractKindTag::Assassination => "assassination",
                ContractKindTag::Kidnapping => "kidnapping",
                ContractKindTag::Scandal => "scandal",
                ContractKindTag::Sabotage => "sabotage",
                ContractKindTag::Bomb => "bombing of the exchange",
                ContractKindTag::Rebellion => "incitement to rebellion",
                ContractKindTag::Treason => "treason",
            }
            .to_string(),
        }
    }

    fn target(&self, t: &ContractTarget) -> String {
        match t {
            ContractTarget::Character { id } => self.name(*id),
            ContractTarget::Ship { ship } => format!("« {} »", self.ship(ship)),
            ContractTarget::Exchange => self.t("la bourse", "the exchange").to_string(),
            ContractTarget::Colony { planet } => self.planet(planet),
            ContractTarget::Pouarks { ships } => {
                if ships.is_empty() {
                    self.t("les Pouarks", "the Pouarks").to_string()
                } else {
                    let s: Vec<String> = ships.iter().map(|s| format!("« {} »", self.ship(s))).collect();
                    format!("{} ({})", self.t("les Pouarks", "the Pouarks"), s.join(", "))
                }
            }
        }
    }

    fn item_name(&self, i: Purchase) -> &'static str {
        match i {
            Purchase::Capsule => self.t("capsule de survie", "survival capsule"),
            Purchase::Bodyguards => self.t("gardes du corps", "bodyguards"),
            Purchase::Prosthesis => self.t("cyberprothèse", "cyberprosthesis"),
            Purchase::Doctor => self.t("médecin personnel", "personal doctor"),
            Purchase::Insurance => self.t("assurance Kolombo", "Kolombo insurance"),
        }
    }

    fn seat_of(&self, p: Pyramid, seat: Seat, who: CharacterId) -> String {
        let sex = if self.fem(who) { Sex::Female } else { Sex::Male };
        seat_title(self.lang, p, seat, sex)
    }

    fn enemy(&self, e: Enemy) -> String {
        match e {
            Enemy::Rebels => self.t("les rebelles", "the rebels").to_string(),
            Enemy::Pouarks => self.t("les Pouarks", "the Pouarks").to_string(),
        }
    }

    /// Whether a character belongs to the reader.
    fn is_mine(&self, id: CharacterId) -> bool {
        self.viewer.is_some_and(|v| self.fam(id).iter().any(|f| f == v))
    }

    /// The outcome of a trial in words (22.4, 2.3.4, 24.2).
    fn verdict_result(&self, accused: CharacterId, guilty: bool, years: u32, fine: Option<i64>, symbolic: bool) -> String {
        let e = self.e(accused);
        match (self.lang, guilty, fine) {
            (Lang::Fr, false, _) => format!("{} est déclaré{e} innocent{e}.", self.name(accused)),
            (Lang::En, false, _) => format!("{} is found innocent.", self.name(accused)),
            (Lang::Fr, true, Some(m)) => format!("{} est déclaré{e} coupable : {m} M$ d'amende à la famille de sa victime (2.3.4).", self.name(accused)),
            (Lang::En, true, Some(m)) => format!("{} is found guilty: a fine of {m} M$ to the victim's family (2.3.4).", self.name(accused)),
            (Lang::Fr, true, None) => format!(
                "{} est déclaré{e} coupable : {years} ans de bagne, −12 PP{}.",
                self.name(accused),
                if symbolic { " (grâce impériale : séjour symbolique)" } else { "" }
            ),
            (Lang::En, true, None) => format!(
                "{} is found guilty: {years} years on the penal colony, −12 PP{}.",
                self.name(accused),
                if symbolic { " (imperial pardon: a symbolic stay)" } else { "" }
            ),
        }
    }

    /// A verdict with every judge's vote (22.2: public).
    fn verdict_view(&self, e: &Event) -> Option<VerdictView> {
        let Event::Verdict { case_no, accused, charge, votes, tie_breaker, guilty, years, fine, symbolic, .. } = e else {
            return None;
        };
        let charge_t = charge_text(self.lang, self.after, charge);
        Some(VerdictView {
            case: *case_no,
            accused: self.name(*accused),
            accusation: accusation(self.lang, self.fem(*accused), &charge_t),
            charge: charge_t,
            votes: votes
                .iter()
                .map(|(j, v)| JudgeVote {
                    judge: self.name(*j),
                    vote: format!(
                        "{}{}",
                        vote_text(self.lang, v),
                        if *tie_breaker == Some(*j) { self.t(" (voix prépondérante)", " (casting vote)") } else { "" }
                    ),
                })
                .collect(),
            result: self.verdict_result(*accused, *guilty, *years, *fine, *symbolic),
        })
    }

    /// The sentence of one event, or `None` when it is not told at all
    /// (bookkeeping shown elsewhere, or nobody may read it).
    fn tell(&self, e: &Event) -> Option<Told> {
        use Lang::{En, Fr};
        let fr = self.lang == Fr;
        let told = |year: Option<u8>, section: &'static str, vis: Vis, involved: Vec<FamilyKey>, text: String, rule: &str| Told {
            year,
            section,
            vis,
            involved,
            text,
            dice: None,
            rule: rule.to_string(),
        };
        let private = |fams: Vec<FamilyKey>| Vis::Families(fams);
        Some(match e {
            Event::Prestige { who, delta, rule, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} : {:+} PP ({reason}).", self.name(*who), delta),
                    En => format!("{}: {:+} PP ({reason}).", self.name(*who), delta),
                };
                told(None, "family", private(f.clone()), f, text, rule)
            }
            // Shown in the money lines of the report.
            Event::Money { .. } | Event::Status { .. } | Event::Credit { .. } => return None,
            Event::Died { who, year, cause, place, rule } => {
                let f = self.fam(*who);
                let mine = self.viewer.is_some_and(|v| f.iter().any(|x| x == v));
                let mut text = format!("{} : {}", self.name(*who), death_cause(self.lang, cause));
                if !fr {
                    text = format!("{}: {}", self.name(*who), death_cause(self.lang, cause));
                }
                // The place of a death is the family's business (it tells where
                // the character was).
                if let (true, Some(p)) = (mine, place) {
                    text.push_str(&format!(" ({})", self.after.planets.get(p).map(|x| x.name.clone()).unwrap_or_else(|| self.ship(p))));
                }
                text.push('.');
                told(Some(self.cycle_year(*year)), "death", Vis::Public, f, text, rule)
            }
            Event::Revived { who, rule } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} est réanimé{} par son médecin personnel.", self.name(*who), self.e(*who)),
                    En => format!("{} is revived by the personal doctor.", self.name(*who)),
                };
                told(None, "death", private(f.clone()), f, text, rule)
            }
            Event::TrialOpened { case_no, accused, charge, rule } => {
                let acc = accusation(self.lang, self.fem(*accused), &charge_text(self.lang, self.after, charge));
                let text = match self.lang {
                    Fr => format!("Affaire n° {case_no} : {}, {acc}, sera jugé{} au prochain tour.", self.name(*accused), self.e(*accused)),
                    En => format!("Case no. {case_no}: {}, {acc}, will be tried next turn.", self.name(*accused)),
                };
                told(None, "crime", Vis::Public, self.fam(*accused), text, rule)
            }
            Event::TrialCancelled { case_no, accused, rule } => {
                let text = match self.lang {
                    Fr => format!("Affaire n° {case_no} ({}) : procès annulé.", self.name(*accused)),
                    En => format!("Case no. {case_no} ({}): trial cancelled.", self.name(*accused)),
                };
                told(None, "crime", Vis::Public, self.fam(*accused), text, rule)
            }
            Event::LeftPyramid { who, pyramid, seat, rule } => {
                let text = match self.lang {
                    Fr => format!("{} perd son poste : {}.", self.name(*who), self.seat_of(*pyramid, *seat, *who)),
                    En => format!("{} loses the post of {}.", self.name(*who), self.seat_of(*pyramid, *seat, *who)),
                };
                told(None, "power", Vis::Public, self.fam(*who), text, rule)
            }
            Event::FamilyFounded { family, advertising_pp, late_bonus_pp, by_default, .. } => {
                let mut text = match self.lang {
                    Fr => format!("La famille {} entre dans l'histoire de l'Empire.", self.family_name(family)),
                    En => format!("The family {} enters the history of the Empire.", self.family_name(family)),
                };
                if self.viewer == Some(family.as_str()) {
                    if *advertising_pp > 0 {
                        text.push_str(&match self.lang {
                            Fr => format!(" Publicité : {advertising_pp} PP."),
                            En => format!(" Advertising: {advertising_pp} PP."),
                        });
                    }
                    if *late_bonus_pp > 0 {
                        text.push_str(&match self.lang {
                            Fr => format!(" Bonus d'inscription tardive : {late_bonus_pp} PP."),
                            En => format!(" Late registration bonus: {late_bonus_pp} PP."),
                        });
                    }
                    if *by_default {
                        text.push_str(self.t(" Faute d'ordres, l'arbitre a fondé la famille.", " Without orders, the referee founded the family."));
                    }
                }
                told(Some(1), "assembly", Vis::Public, vec![family.clone()], text, "d")
            }
            Event::FoundationDefault { family, founder_no, what } => {
                let text = match self.lang {
                    Fr => format!("Personnage n° {founder_no} : {what}."),
                    En => format!("Character no. {founder_no}: {what}."),
                };
                told(Some(1), "family", private(vec![family.clone()]), vec![family.clone()], text, "b–d")
            }
            Event::FounderMarriage { husband, wife } => {
                let text = match self.lang {
                    Fr => format!("{} et {} sont mariés.", self.name(*husband), self.name(*wife)),
                    En => format!("{} and {} are married.", self.name(*husband), self.name(*wife)),
                };
                told(Some(1), "family", Vis::Public, self.fams(&[*husband, *wife]), text, "c")
            }
            Event::FounderWidowed { who } => {
                let text = match (self.lang, self.fem(*who)) {
                    (Fr, true) => format!("{} est veuve.", self.name(*who)),
                    (Fr, false) => format!("{} est veuf.", self.name(*who)),
                    (En, true) => format!("{} is a widow.", self.name(*who)),
                    (En, false) => format!("{} is a widower.", self.name(*who)),
                };
                let f = self.fam(*who);
                told(Some(1), "family", private(f.clone()), f, text, "c")
            }
            Event::JudgeElected { who, pp } => {
                let text = match self.lang {
                    Fr => format!("{} est élu{} juge à la Haute Cour ({pp} PP).", self.name(*who), self.e(*who)),
                    En => format!("{} is elected judge of the High Court ({pp} PP).", self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.2")
            }
            Event::SeatFilled { pyramid, seat, who, pp } => {
                let text = match self.lang {
                    Fr => format!("{} : {} ({pp} PP).", self.seat_of(*pyramid, *seat, *who), self.name(*who)),
                    En => format!("{}: {} ({pp} PP).", self.seat_of(*pyramid, *seat, *who), self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.3")
            }
            Event::GovernorElected { planet, who, pp } => {
                let text = match self.lang {
                    Fr => format!("{} est élu{} gouverneur {} ({pp} PP).", self.name(*who), self.e(*who), de(&self.planet(planet))),
                    En => format!("{} is elected governor of {} ({pp} PP).", self.name(*who), self.planet(planet)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.4")
            }
            Event::ShipBought { family, ship, price, bids } => {
                let text = match self.lang {
                    Fr => format!(
                        "La famille {} achète le vaisseau d'exploration « {ship} » pour {price} M$ ({bids} enchère{}).",
                        self.family_name(family),
                        if *bids > 1 { "s" } else { "" }
                    ),
                    En => format!("The family {} buys the exploration ship « {ship} » for {price} M$ ({bids} bid(s)).", self.family_name(family)),
                };
                told(Some(10), "trade", Vis::Public, vec![family.clone()], text, "28")
            }
            Event::ShipUnsold => told(
                Some(10),
                "trade",
                Vis::Public,
                vec![],
                self.t("Personne n'enchérit : le vaisseau d'exploration reste aux chantiers.", "Nobody bids: the exploration ship stays in the yards.").into(),
                "28",
            ),
            Event::BecamePnj { family } => {
                let text = match self.lang {
                    Fr => format!("La famille {} ne donne plus d'ordres : elle devient PNJ.", self.family_name(family)),
                    En => format!("The family {} gives no more orders: it becomes a non-player family.", self.family_name(family)),
                };
                told(Some(1), "power", Vis::Public, vec![family.clone()], text, "0.4")
            }
            Event::Purchased { who, item } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} achète : {}.", self.name(*who), self.item_name(*item)),
                    En => format!("{} buys: {}.", self.name(*who), self.item_name(*item)),
                };
                told(Some(1), "family", private(f.clone()), f, text, "1")
            }
            Event::PurchaseRefused { who, item, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("Achat refusé ({}) pour {} : {reason}.", self.item_name(*item), self.name(*who)),
                    En => format!("Purchase refused ({}) for {}: {reason}.", self.item_name(*item), self.name(*who)),
                };
                told(Some(1), "family", private(f.clone()), f, text, "1")
            }
            Event::ProsthesisPermit { who } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("L'Archipape autorise une cyberprothèse pour {}.", self.name(*who)),
                    En => format!("The Archpope allows {} a cyberprosthesis.", self.name(*who)),
                };
                told(Some(1), "family", private(f.clone()), f, text, "1.3.4")
            }
            Event::ProsthesisImplanted { who, total, authorised } => {
                let f = self.fam(*who);
                let mut text = match self.lang {
                    Fr => format!("{} se fait implanter une cyberprothèse ({total} au total)", self.name(*who)),
                    En => format!("{} has a cyberprosthesis implanted ({total} in all)", self.name(*who)),
                };
                if !authorised {
                    text.push_str(match self.lang {
                        Fr => " sans l'autorisation de l'Archipape : hérétique",
                        En => " without the Archpope's authorisation: heretic",
                    });
                }
                text.push('.');
                told(Some(1), "family", private(f.clone()), f, text, "1.3")
            }
            Event::ContractRefused { family, sponsor, reason } => {
                let text = match self.lang {
                    Fr => format!("La Tentacule Sombre refuse le contrat {} : {reason}.", de(&self.name(*sponsor))),
                    En => format!("The Dark Tentacle refuses {}'s contract: {reason}.", self.name(*sponsor)),
                };
                told(Some(1), "crime", private(vec![family.clone()]), vec![family.clone()], text, "2")
            }
            Event::ContractNotSelected { sponsors, kind, target, total } => {
                let f = self.fams(sponsors);
                let text = match self.lang {
                    Fr => format!(
                        "La Tentacule Sombre ne retient pas le contrat {} ({} : {}, {total} M$) : d'autres ont offert davantage.",
                        de(&self.names(sponsors)),
                        self.kind_name(*kind),
                        self.target(target)
                    ),
                    En => format!(
                        "The Dark Tentacle does not take {}'s contract ({}: {}, {total} M$): others offered more.",
                        self.names(sponsors),
                        self.kind_name(*kind),
                        self.target(target)
                    ),
                };
                told(Some(1), "crime", private(f.clone()), f, text, "2.8.2")
            }
            Event::ContractExecuted { contract_no, kind, target, sponsors, total, year, success, detail } => {
                let sponsor_fams = self.fams(sponsors);
                let is_sponsor = self.viewer.is_some_and(|v| sponsor_fams.iter().any(|f| f == v));
                let outcome = if *success { self.t("réussi", "success") } else { self.t("échec", "failure") };
                if is_sponsor {
                    let text = match self.lang {
                        Fr => format!(
                            "Contrat n° {contract_no} {} exécuté ({} : {}, {total} M$) : {outcome}.{}{}",
                            de(&self.names(sponsors)),
                            self.kind_name(*kind),
                            self.target(target),
                            if detail.is_empty() { "" } else { " " },
                            detail
                        ),
                        En => format!(
                            "Contract no. {contract_no} of {} carried out ({}: {}, {total} M$): {outcome}.{}{}",
                            self.names(sponsors),
                            self.kind_name(*kind),
                            self.target(target),
                            if detail.is_empty() { "" } else { " " },
                            detail
                        ),
                    };
                    return Some(told(Some(*year), "crime", private(sponsor_fams.clone()), sponsor_fams, text, "2.8"));
                }
                // 2.7, 2.4: a treason or a bomb on a ship is not seen when it
                // happens; what follows (explosion, investigation) is.
                if matches!(kind, ContractKindTag::Treason | ContractKindTag::Sabotage) {
                    return None;
                }
                let involved = match target {
                    ContractTarget::Character { id } => self.fam(*id),
                    _ => vec![],
                };
                let text = match (self.lang, kind) {
                    (Fr, ContractKindTag::Assassination) => format!("Tentative d'assassinat contre {} : {}.", self.target(target), if *success { "réussie" } else { "échec" }),
                    (Fr, ContractKindTag::Kidnapping) => format!("Tentative d'enlèvement {} : {}.", de(&self.target(target)), if *success { "réussie" } else { "échec" }),
                    (Fr, ContractKindTag::Scandal) => format!("Un scandale vise {} : {}.", self.target(target), if *success { "il éclate" } else { "il fait long feu" }),
                    (Fr, ContractKindTag::Bomb) => format!("Attentat à la bourse de Stellarium : {}.", if *success { "la bombe explose" } else { "la bombe n'explose pas" }),
                    (Fr, ContractKindTag::Rebellion) => format!("Des agitateurs soulèvent {} : {}.", self.target(target), if *success { "la colonie se révolte" } else { "la population reste calme" }),
                    (En, ContractKindTag::Assassination) => format!("Assassination attempt on {}: {}.", self.target(target), if *success { "it succeeds" } else { "it fails" }),
                    (En, ContractKindTag::Kidnapping) => format!("Kidnapping attempt on {}: {}.", self.target(target), if *success { "it succeeds" } else { "it fails" }),
                    (En, ContractKindTag::Scandal) => format!("A scandal aims at {}: {}.", self.target(target), if *success { "it breaks out" } else { "it fizzles out" }),
                    (En, ContractKindTag::Bomb) => format!("Bomb attack on the Stellarium exchange: {}.", if *success { "the bomb goes off" } else { "the bomb does not go off" }),
                    (En, ContractKindTag::Rebellion) => format!("Agitators stir up {}: {}.", self.target(target), if *success { "the colony revolts" } else { "the people stay calm" }),
                    (En, _) => format!("Crime ({}) against {}: {outcome}.", self.kind_name(*kind), self.target(target)),
                    (Fr, _) => format!("Crime ({}) contre {} : {outcome}.", self.kind_name(*kind), self.target(target)),
                };
                told(Some(*year), "crime", Vis::Public, involved, text, "2")
            }
            Event::Kidnapped { who, planet, year } => {
                let f = self.fam(*who);
                let mine = self.viewer.is_some_and(|v| f.iter().any(|x| x == v));
                let text = if mine {
                    match self.lang {
                        Fr => format!(
                            "{} est enlevé{} et retenu{} sur {} par la Tentacule Sombre. Pour payer la rançon : RANCON {}.",
                            self.name(*who),
                            self.e(*who),
                            self.e(*who),
                            self.planet(planet),
                            self.name(*who)
                        ),
                        En => format!("{} is kidnapped and held on {} by the Dark Tentacle. To pay the ransom: RANSOM {}.", self.name(*who), self.planet(planet), self.name(*who)),
                    }
                } else {
                    match self.lang {
                        Fr => format!("{} est enlevé{} par la Tentacule Sombre.", self.name(*who), self.e(*who)),
                        En => format!("{} is kidnapped by the Dark Tentacle.", self.name(*who)),
                    }
                };
                told(Some(*year), "crime", Vis::Public, f, text, "2.2")
            }
            Event::RansomPaid { who, family, amount, to_sponsor, sponsor_family } => {
                let mut fams = vec![family.clone()];
                fams.extend(sponsor_family.iter().cloned());
                let text = match self.lang {
                    Fr => format!("Rançon de {amount} M$ payée : {} est libéré{} ({to_sponsor} M$ à la famille commanditaire).", self.name(*who), self.e(*who)),
                    En => format!("Ransom of {amount} M$ paid: {} is released ({to_sponsor} M$ to the sponsor's family).", self.name(*who)),
                };
                told(Some(1), "crime", private(fams.clone()), fams, text, "2.2.4")
            }
            Event::RansomRefused { who, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("Rançon {} non payée : {reason}.", de(&self.name(*who))),
                    En => format!("Ransom for {} not paid: {reason}.", self.name(*who)),
                };
                told(Some(1), "crime", private(f.clone()), f, text, "2.2.4")
            }
            Event::ScandalStruck { who, year } => {
                let text = match self.lang {
                    Fr => format!("Scandale : {} est éclaboussé{} (−10 PP) et passera en jugement.", self.name(*who), self.e(*who)),
                    En => format!("Scandal: {} is tarnished (−10 PP) and will stand trial.", self.name(*who)),
                };
                told(Some(*year), "crime", Vis::Public, self.fam(*who), text, "2.3.3")
            }
            Event::ScandalExposed { victim } => {
                let text = match self.lang {
                    Fr => format!("L'enquête montre que le scandale visant {} était une machination (+5 PP).", self.name(*victim)),
                    En => format!("The investigation shows the scandal against {} was a plot (+5 PP).", self.name(*victim)),
                };
                told(None, "crime", Vis::Public, self.fam(*victim), text, "2.3.4")
            }
            Event::ShipSabotaged { .. } | Event::TreasonSucceeded { .. } => return None,
            Event::SabotageFoundOut { ship } => {
                let text = match self.lang {
                    Fr => format!("Une bombe est découverte à bord du vaisseau « {} » lors de sa révision.", self.ship(ship)),
                    En => format!("A bomb is found aboard the ship « {} » at its overhaul.", self.ship(ship)),
                };
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(10), "crime", Vis::Public, owner, text, "2.4.3")
            }
            Event::ExchangeBombing { year, merchants } => {
                let mine: Vec<CharacterId> = merchants
                    .iter()
                    .copied()
                    .filter(|m| self.viewer.is_some_and(|v| self.fam(*m).iter().any(|f| f == v)))
                    .collect();
                let mut text = self.t("Une bombe explose à la bourse de Stellarium.", "A bomb goes off at the Stellarium exchange.").to_string();
                if !mine.is_empty() {
                    text.push_str(&match self.lang {
                        Fr => format!(" Vos marchands présents : {}.", self.names(&mine)),
                        En => format!(" Your merchants there: {}.", self.names(&mine)),
                    });
                }
                told(Some(*year), "crime", Vis::Public, self.fams(&mine), text, "2.5")
            }
            Event::RebellionIncited { planet, year } => {
                let text = match self.lang {
                    Fr => format!("La Tentacule Sombre soulève {}.", self.planet(planet)),
                    En => format!("The Dark Tentacle stirs {} into revolt.", self.planet(planet)),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "2.6")
            }
            Event::Investigation { contract_no, sponsor, kolombo, unmasked } => {
                let by = if *kolombo { self.t("l'Agence Kolombo", "the Kolombo Agency") } else { self.t("la Sécurité impériale", "Imperial Security") };
                let what = self
                    .contracts
                    .get(contract_no)
                    .map(|(k, t)| format!("{}{}{}", self.kind_name(*k), self.t(" : ", ": "), self.target(t)))
                    .unwrap_or_default();
                let f = self.fam(*sponsor);
                if *unmasked {
                    let text = match self.lang {
                        Fr => format!("L'enquête {} démasque {} : commanditaire d'un contrat ({what}).", de(by), self.name(*sponsor)),
                        En => format!("The investigation of {by} unmasks {} as a contract's sponsor ({what}).", self.name(*sponsor)),
                    };
                    told(None, "crime", Vis::Public, f, text, "2.9")
                } else {
                    let text = match self.lang {
                        Fr => format!("L'enquête {} sur le contrat {} ({what}) n'aboutit pas.", de(by), de(&self.name(*sponsor))),
                        En => format!("The investigation of {by} into {}'s contract ({what}) finds nothing.", self.name(*sponsor)),
                    };
                    told(None, "crime", private(f.clone()), f, text, "2.9")
                }
            }
            Event::RemarriagePermit { who, automatic } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("L'Archipape autorise {} à se remarier{}.", self.name(*who), if *automatic { " (d'office)" } else { "" }),
                    En => format!("The Archpope allows {} to remarry{}.", self.name(*who), if *automatic { " (automatically)" } else { "" }),
                };
                told(Some(1), "family", private(f.clone()), f, text, "3.6")
            }
            Event::Married { groom, bride, priest } => {
                let text = match self.lang {
                    Fr => format!("Mariage {} et {}, célébré par {}.", de(&self.name(*groom)), self.name(*bride), self.name(*priest)),
                    En => format!("Marriage of {} and {}, celebrated by {}.", self.name(*groom), self.name(*bride), self.name(*priest)),
                };
                told(Some(1), "family", Vis::Public, self.fams(&[*groom, *bride, *priest]), text, "3")
            }
            Event::MarriageRefused { groom, bride, reason } => {
                let f = self.fams(&[*groom, *bride]);
                let text = match self.lang {
                    Fr => format!("Pas de mariage entre {} et {} : {reason}.", self.name(*groom), self.name(*bride)),
                    En => format!("No marriage between {} and {}: {reason}.", self.name(*groom), self.name(*bride)),
                };
                told(Some(1), "family", private(f.clone()), f, text, "3")
            }
            Event::ShipTransferred { ship, from, to, amount, kind } => {
                let fams = vec![from.clone(), to.clone()];
                let how = match (self.lang, kind) {
                    (Fr, TransferKind::Loan) => "prêté",
                    (Fr, TransferKind::Sale) => "vendu",
                    (En, TransferKind::Loan) => "lent",
                    (En, TransferKind::Sale) => "sold",
                };
                let text = match self.lang {
                    Fr => format!("Le vaisseau « {} » est {how} par {} à {} pour {amount} M$.", self.ship(ship), self.family_name(from), self.family_name(to)),
                    En => format!("The ship « {} » is {how} by {} to {} for {amount} M$.", self.ship(ship), self.family_name(from), self.family_name(to)),
                };
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4.2")
            }
            Event::TransferRefused { ship, from, to, reason } => {
                let fams = vec![from.clone(), to.clone()];
                let text = match self.lang {
                    Fr => format!("Cession du vaisseau « {} » refusée : {reason}.", self.ship(ship)),
                    En => format!("Transfer of the ship « {} » refused: {reason}.", self.ship(ship)),
                };
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4.2")
            }
            Event::ExplorationPermit { who, automatic } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} reçoit un permis d'exploration{}.", self.name(*who), if *automatic { " (d'office)" } else { "" }),
                    En => format!("{} receives an exploration permit{}.", self.name(*who), if *automatic { " (automatically)" } else { "" }),
                };
                told(Some(1), "exploration", private(f.clone()), f, text, "4.7")
            }
            Event::ShipForbidden { ship } => {
                let text = match self.lang {
                    Fr => format!("Le Grand Commandeur interdit le départ du vaisseau « {} ».", self.ship(ship)),
                    En => format!("The Grand Commander forbids the departure of the ship « {} ».", self.ship(ship)),
                };
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(1), "exploration", Vis::Public, owner, text, "4.8")
            }
            Event::ExpeditionDeparted { ship, family, captain, members } => {
                let mut fams = self.fams(members);
                fams.push(family.clone());
                let others: Vec<CharacterId> = members.iter().copied().filter(|m| m != captain).collect();
                let text = match self.lang {
                    Fr => format!(
                        "Le vaisseau « {} » part en expédition, capitaine {}{}{}.",
                        self.ship(ship),
                        self.name(*captain),
                        if others.is_empty() { "" } else { " ; à bord : " },
                        self.names(&others)
                    ),
                    En => format!(
                        "The ship « {} » leaves on an expedition, captain {}{}{}.",
                        self.ship(ship),
                        self.name(*captain),
                        if others.is_empty() { "" } else { "; aboard: " },
                        self.names(&others)
                    ),
                };
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4")
            }
            Event::ExpeditionCancelled { ship, family, reason } => {
                let text = match self.lang {
                    Fr => format!("L'expédition du vaisseau « {} » n'a pas lieu : {reason}.", self.ship(ship)),
                    En => format!("The expedition of the ship « {} » does not take place: {reason}.", self.ship(ship)),
                };
                told(Some(1), "exploration", private(vec![family.clone()]), vec![family.clone()], text, "4")
            }
            Event::GuestStayed { ship, who, reason } => {
                let mut f = self.fam(*who);
                if let Some(s) = self.after.ships.get(ship) {
                    f.push(s.user(self.before.turn).clone());
                }
                let text = match self.lang {
                    Fr => format!("{} ne monte pas à bord du vaisseau « {} » : {reason}.", self.name(*who), self.ship(ship)),
                    En => format!("{} does not board the ship « {} »: {reason}.", self.name(*who), self.ship(ship)),
                };
                told(Some(1), "exploration", private(f.clone()), f, text, "4.6")
            }
            Event::ShipExploded { ship, year } => {
                let text = match self.lang {
                    Fr => format!("Le vaisseau d'exploration « {} » explose.", self.ship(ship)),
                    En => format!("The exploration ship « {} » explodes.", self.ship(ship)),
                };
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(*year), "exploration", Vis::Public, owner, text, "2.4.3")
            }
            Event::CapsuleOutcome { who, die, outcome } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("Capsule de survie {} : {outcome}.", de(&self.name(*who))),
                    En => format!("{}'s survival capsule: {outcome}.", self.name(*who)),
                };
                let mut t = told(None, "exploration", private(f.clone()), f, text, "1.1.1");
                t.dice = Some(format!("1d6 = {die}"));
                t
            }
            Event::TradingPostRemoved { family, planet } => {
                let text = match self.lang {
                    Fr => format!("Le Maître marchand supprime le comptoir de la famille {} sur {}.", self.family_name(family), self.planet(planet)),
                    En => format!("The Master Merchant removes the {} family's trading post on {}.", self.family_name(family), self.planet(planet)),
                };
                told(Some(1), "trade", Vis::Public, vec![family.clone()], text, "Gilde des marchands")
            }
            Event::PlanetClosed { planet } => {
                let text = match self.lang {
                    Fr => format!("Le Maître marchand ferme {} au commerce pour ce cycle.", self.planet(planet)),
                    En => format!("The Master Merchant closes {} to trade for this cycle.", self.planet(planet)),
                };
                told(Some(1), "trade", Vis::Public, vec![], text, "5.3.4")
            }
            Event::ExchangeBanned { family } => {
                let text = match self.lang {
                    Fr => format!("Le Maître marchand interdit la bourse à la famille {}.", self.family_name(family)),
                    En => format!("The Master Merchant bans the {} family from the exchange.", self.family_name(family)),
                };
                told(Some(1), "trade", Vis::Public, vec![family.clone()], text, "13.2")
            }
            Event::MerchantFallback { who, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} va à la bourse (S1) : {reason}.", self.name(*who)),
                    En => format!("{} goes to the exchange (S1): {reason}.", self.name(*who)),
                };
                told(Some(1), "trade", private(f.clone()), f, text, "5.3")
            }
            Event::MerchantIdle { who, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} reste sans activité : {reason}.", self.name(*who)),
                    En => format!("{} stays idle: {reason}.", self.name(*who)),
                };
                told(Some(1), "trade", private(f.clone()), f, text, "5.3.4")
            }
            Event::FleetCommander { fleet, who, designated } => {
                let text = match self.lang {
                    Fr => format!(
                        "{} commande la {}{}.",
                        self.name(*who),
                        fleet_name(self.lang, *fleet),
                        if *designated { " (nommé par le Grand Général)" } else { " (le plus haut gradé)" }
                    ),
                    En => format!(
                        "{} commands the {}{}.",
                        self.name(*who),
                        fleet_name(self.lang, *fleet),
                        if *designated { " (appointed by the Grand General)" } else { " (the highest in rank)" }
                    ),
                };
                told(Some(1), "war", Vis::Public, self.fam(*who), text, "6.3")
            }
            Event::NoFleetCommander { fleet } => {
                let text = match self.lang {
                    Fr => format!("La {} n'a pas de commandant.", fleet_name(self.lang, *fleet)),
                    En => format!("The {} has no commander.", fleet_name(self.lang, *fleet)),
                };
                told(Some(1), "war", Vis::Public, vec![], text, "6.4")
            }
            Event::LocationRefused { who, place, reason } => {
                let f = self.fam(*who);
                let c = self.after.character(*who);
                let text = match self.lang {
                    Fr => format!("{} ne peut aller à {} : {reason} ; reste sur Stellarium.", self.name(*who), place_text(self.lang, self.after, place, c.and_then(|c| c.training))),
                    En => format!("{} cannot go to {}: {reason}; stays on Stellarium.", self.name(*who), place_text(self.lang, self.after, place, c.and_then(|c| c.training))),
                };
                told(Some(1), "family", private(f.clone()), f, text, "4–6")
            }
            Event::DefaultLocation { who, place, rule } => {
                let f = self.fam(*who);
                let c = self.after.character(*who);
                let text = match self.lang {
                    Fr => format!("Faute d'ordre, {} va : {}.", self.name(*who), place_text(self.lang, self.after, place, c.and_then(|c| c.training))),
                    En => format!("Without orders, {} goes to: {}.", self.name(*who), place_text(self.lang, self.after, place, c.and_then(|c| c.training))),
                };
                told(Some(1), "family", private(f.clone()), f, text, rule)
            }
            Event::Births { father, mother, table_a, table_b, limit, children } => {
                let f = self.fams(&[*father, *mother]);
                let text = match self.lang {
                    Fr => format!(
                        "{} et {} : {children} naissance{}{}.",
                        self.name(*father),
                        self.name(*mother),
                        if *children > 1 { "s" } else { "" },
                        limit.map(|l| format!(" (limite demandée : {l})")).unwrap_or_default()
                    ),
                    En => format!(
                        "{} and {}: {children} birth{}{}.",
                        self.name(*father),
                        self.name(*mother),
                        if *children == 1 { "" } else { "s" },
                        limit.map(|l| format!(" (limit asked: {l})")).unwrap_or_default()
                    ),
                };
                let sum: u32 = table_a.iter().sum();
                let a = table_a.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("+");
                let mut dice = match self.lang {
                    Fr => format!("tableau A : 2d6 = {a} = {sum}"),
                    En => format!("table A: 2d6 = {a} = {sum}"),
                };
                if let Some(b) = table_b {
                    dice.push_str(&match self.lang {
                        Fr => format!(", tableau B : 1d6 = {b}"),
                        En => format!(", table B: 1d6 = {b}"),
                    });
                }
                let mut t = told(Some(1), "family", private(f.clone()), f, text, "7.3");
                t.dice = Some(dice);
                t
            }
            Event::Born { child, father, mother, sex, year, pp } => {
                // 7.5: a newborn's PP come before the Assembly (a later event).
                let pp = match (self.lang, *pp) {
                    (Fr, 0) => "PP de naissance fixés avant l'assemblée suprême, 7.5".to_string(),
                    (En, 0) => "birth PP set before the Supreme Assembly, 7.5".to_string(),
                    (_, n) => format!("{n} PP"),
                };
                let text = match (self.lang, sex) {
                    (Fr, Sex::Male) => format!("Naissance d'un fils {} et {} ({}, {pp}).", de(&self.name(*father)), self.name(*mother), self.name(*child)),
                    (Fr, Sex::Female) => format!("Naissance d'une fille {} et {} ({}, {pp}).", de(&self.name(*father)), self.name(*mother), self.name(*child)),
                    (En, Sex::Male) => format!("A son is born to {} and {} ({}, {pp}).", self.name(*father), self.name(*mother), self.name(*child)),
                    (En, Sex::Female) => format!("A daughter is born to {} and {} ({}, {pp}).", self.name(*father), self.name(*mother), self.name(*child)),
                };
                told(Some(self.cycle_year(*year)), "family", Vis::Public, self.fams(&[*father, *mother]), text, "7.4")
            }
            Event::BastardRecognised { who, family } => {
                let text = match self.lang {
                    Fr => format!("La famille {} reconnaît un bâtard : {}.", self.family_name(family), self.name(*who)),
                    En => format!("The family {} recognises a bastard: {}.", self.family_name(family), self.name(*who)),
                };
                told(Some(1), "family", Vis::Public, vec![family.clone()], text, "7.6")
            }
            Event::BastardRefused { family, reason } => {
                let text = match self.lang {
                    Fr => format!("Pas de bâtard reconnu : {reason}."),
                    En => format!("No bastard recognised: {reason}."),
                };
                told(Some(1), "family", private(vec![family.clone()]), vec![family.clone()], text, "7.7")
            }
            Event::SurvivalTest { who, age, death_chances, survived } => {
                let f = self.fam(*who);
                let text = match (self.lang, survived) {
                    (Fr, true) => format!("{} ({age} ans) passe le test de survie.", self.name(*who)),
                    (Fr, false) => format!("{} ({age} ans) échoue au test de survie.", self.name(*who)),
                    (En, true) => format!("{} (aged {age}) passes the survival test.", self.name(*who)),
                    (En, false) => format!("{} (aged {age}) fails the survival test.", self.name(*who)),
                };
                let mut t = told(Some(1), "death", private(f.clone()), f, text, "8.2");
                t.dice = Some(match self.lang {
                    Fr => format!("risque de mort : {death_chances} sur 6"),
                    En => format!("risk of death: {death_chances} in 6"),
                });
                t
            }
            Event::Baptised { who, name, priest, by_lot } => {
                let text = match self.lang {
                    Fr => format!(
                        "Baptême {}{}{}.",
                        de(name),
                        priest.map(|p| format!(" par {}", self.name(p))).unwrap_or_default(),
                        if *by_lot { " (prénom tiré au sort)" } else { "" }
                    ),
                    En => format!(
                        "Baptism of {name}{}{}.",
                        priest.map(|p| format!(" by {}", self.name(p))).unwrap_or_default(),
                        if *by_lot { " (name drawn by lot)" } else { "" }
                    ),
                };
                let mut f = self.fam(*who);
                f.extend(priest.iter().flat_map(|p| self.fam(*p)));
                told(Some(1), "family", Vis::Public, f, text, "9")
            }
            Event::Trained { who, training, by_lot } => {
                let f = self.fam(*who);
                let sex = if self.fem(*who) { Sex::Female } else { Sex::Male };
                let text = match self.lang {
                    Fr => format!("{} entre à l'école : {}{}.", self.name(*who), training_name(self.lang, Some(*training), sex), if *by_lot { " (tirée au sort)" } else { "" }),
                    En => format!("{} is trained as a {}{}.", self.name(*who), training_name(self.lang, Some(*training), sex), if *by_lot { " (drawn by lot)" } else { "" }),
                };
                told(Some(1), "family", private(f.clone()), f, text, "10")
            }
            // ---- phases 11–30 ------------------------------------------------
            Event::RebellionBrokeOut { planet, year, incited } => {
                let text = match self.lang {
                    Fr => format!("{} se soulève contre l'Empire{}.", self.planet(planet), if *incited { " à l'appel de la Tentacule Sombre" } else { "" }),
                    En => format!("{} rises against the Empire{}.", self.planet(planet), if *incited { " at the Dark Tentacle's call" } else { "" }),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "11.1")
            }
            Event::RebellionVoid { planet, year } => {
                let text = match self.lang {
                    Fr => format!("Le soulèvement {} tourne court : la planète n'est plus à l'Empire.", de(&self.planet(planet))),
                    En => format!("The rising on {} comes to nothing: the planet is no longer the Empire's.", self.planet(planet)),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "2.6")
            }
            Event::Battle { enemy, planet, year, empire_attacks, enemy_dice, enemy_strength, empire_strength, fighters, ratio, empire_result, casualties } => {
                let foe = self.enemy(*enemy);
                let mine: Vec<CharacterId> = fighters.iter().copied().filter(|c| self.is_mine(*c)).collect();
                let my_losses: Vec<CharacterId> = casualties.iter().copied().filter(|c| self.is_mine(*c)).collect();
                let mut text = match self.lang {
                    Fr => format!(
                        "Bataille {} contre {foe} ({}) : l'Empire {} contre {} ({}) : {} pour l'Empire, {} perte{}.",
                        de(&self.planet(planet)),
                        if *empire_attacks { "l'Empire attaque" } else { "l'Empire se défend" },
                        strength(self.lang, *empire_strength),
                        strength(self.lang, *enemy_strength),
                        ratio.label(),
                        outcome_name(self.lang, *empire_result),
                        casualties.len(),
                        if casualties.len() > 1 { "s" } else { "" }
                    ),
                    En => format!(
                        "Battle of {} against {foe} ({}): the Empire {} against {} ({}): {} for the Empire, {} casualties.",
                        self.planet(planet),
                        if *empire_attacks { "the Empire attacks" } else { "the Empire defends" },
                        strength(self.lang, *empire_strength),
                        strength(self.lang, *enemy_strength),
                        ratio.label(),
                        outcome_name(self.lang, *empire_result),
                        casualties.len()
                    ),
                };
                // Who fought is the family's business (it tells where its warriors were).
                if !mine.is_empty() {
                    text.push_str(&match self.lang {
                        Fr => format!(" Vos combattants : {}.", self.names(&mine)),
                        En => format!(" Your fighters: {}.", self.names(&mine)),
                    });
                    if !my_losses.is_empty() {
                        text.push_str(&match self.lang {
                            Fr => format!(" Vos pertes : {}.", self.names(&my_losses)),
                            En => format!(" Your losses: {}.", self.names(&my_losses)),
                        });
                    }
                }
                let mut t = told(Some(*year), "war", Vis::Public, self.fams(fighters), text, "11.2, 12.3");
                if !enemy_dice.is_empty() {
                    let d: Vec<String> = enemy_dice.iter().map(|x| x.to_string()).collect();
                    t.dice = Some(match self.lang {
                        Fr => format!("dés de l'ennemi : {}", d.join("+")),
                        En => format!("enemy dice: {}", d.join("+")),
                    });
                }
                t
            }
            Event::PlanetLost { planet, enemy, year } => {
                let text = match self.lang {
                    Fr => format!("{} tombe aux mains {}.", self.planet(planet), de(&self.enemy(*enemy))),
                    En => format!("{} falls to {}.", self.planet(planet), self.enemy(*enemy)),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "11, 12")
            }
            Event::PlanetRetaken { planet, enemy, year } => {
                let text = match self.lang {
                    Fr => format!("L'Empire prend {} {}.", self.planet(planet), match enemy { Enemy::Rebels => "aux rebelles", Enemy::Pouarks => "aux Pouarks" }),
                    En => format!("The Empire takes {} from {}.", self.planet(planet), self.enemy(*enemy)),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "11.3, 12.3.6")
            }
            Event::Captured { who, captor, planet, rule } => {
                let by = match captor {
                    Captor::DarkTentacle { .. } => self.t("la Tentacule Sombre", "the Dark Tentacle"),
                    Captor::Rebels => self.t("les rebelles", "the rebels"),
                    Captor::Pouarks => self.t("les Pouarks", "the Pouarks"),
                };
                let mut text = match self.lang {
                    Fr => format!("{} est fait{} prisonni{} par {by}", self.name(*who), self.e(*who), if self.fem(*who) { "ère" } else { "er" }),
                    En => format!("{} is taken prisoner by {by}", self.name(*who)),
                };
                if let (true, Some(p)) = (self.is_mine(*who), planet) {
                    text.push_str(&format!(" ({})", self.planet(p)));
                }
                text.push('.');
                told(Some(10), "war", Vis::Public, self.fam(*who), text, rule)
            }
            Event::Freed { who, rule } => {
                let text = match self.lang {
                    Fr => format!("{} est libéré{}.", self.name(*who), self.e(*who)),
                    En => format!("{} is freed.", self.name(*who)),
                };
                told(Some(10), "war", Vis::Public, self.fam(*who), text, rule)
            }
            Event::TradingPostGranted { family, planet, rule } => {
                let text = match self.lang {
                    Fr => format!("Votre famille obtient un comptoir sur {}.", self.planet(planet)),
                    En => format!("Your family gets a trading post on {}.", self.planet(planet)),
                };
                told(Some(10), "trade", private(vec![family.clone()]), vec![family.clone()], text, rule)
            }
            Event::PouarkAttack { planet, year, .. } => {
                let text = match self.lang {
                    Fr => format!("Les Pouarks attaquent {}.", self.planet(planet)),
                    En => format!("The Pouarks attack {}.", self.planet(planet)),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "12.1")
            }
            Event::EmpireAttack { planet, year, chosen_by_emperor } => {
                let text = match self.lang {
                    Fr => format!("L'Empire attaque la planète pouark {}{}.", self.planet(planet), if *chosen_by_emperor { ", désignée par l'Empereur" } else { "" }),
                    En => format!("The Empire attacks the Pouark planet {}{}.", self.planet(planet), if *chosen_by_emperor { ", chosen by the Emperor" } else { "" }),
                };
                told(Some(*year), "war", Vis::Public, vec![], text, "12.2")
            }
            Event::WarStrategy { pouarks, offensive } => {
                let text = match self.lang {
                    Fr => format!("Stratégie {} : {}.", if *pouarks { "des Pouarks" } else { "de l'Empire" }, if *offensive { "offensive" } else { "défensive" }),
                    En => format!("Strategy of {}: {}.", if *pouarks { "the Pouarks" } else { "the Empire" }, if *offensive { "offensive" } else { "defensive" }),
                };
                told(None, "war", Vis::Public, vec![], text, "12.3.8")
            }
            Event::NoWar => told(Some(10), "war", Vis::Public, vec![], self.t("Pas de guerre contre les Pouarks au cours de ce cycle.", "No war against the Pouarks this cycle.").into(), "12.3.10"),
            Event::StellariumFell { year } => told(
                Some(*year),
                "war",
                Vis::Public,
                self.after.families.keys().cloned().collect(),
                self.t("STELLARIUM EST TOMBÉE aux mains des Pouarks : la partie est finie et tout le monde a perdu.", "STELLARIUM HAS FALLEN to the Pouarks: the game is over and everybody lost.").into(),
                "12.1, 30.2",
            ),
            Event::Speculation { who, stake, amount, die, situation, gain } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!(
                        "Bourse : {} (placement {} de {amount} M$) {} {} M$ et autant de PP.",
                        self.name(*who),
                        stake_name(self.lang, *stake),
                        if *gain < 0 { "perd" } else { "gagne" },
                        gain.abs()
                    ),
                    En => format!(
                        "Exchange: {} ({} stake of {amount} M$) {} {} M$ and as many PP.",
                        self.name(*who),
                        stake_name(self.lang, *stake),
                        if *gain < 0 { "loses" } else { "wins" },
                        gain.abs()
                    ),
                };
                let mut t = told(Some(10), "trade", private(f.clone()), f, text, "13.4");
                t.dice = Some(match self.lang {
                    Fr => format!("1d6 = {die}, conjoncture {situation:+} → {}", i64::from(*die as i32 + situation)),
                    En => format!("1d6 = {die}, situation {situation:+} → {}", i64::from(*die as i32 + situation)),
                });
                t
            }
            Event::ExchangeRefused { who, reason } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("{} ne peut spéculer : {reason}.", self.name(*who)),
                    En => format!("{} may not speculate: {reason}.", self.name(*who)),
                };
                told(Some(10), "trade", private(f.clone()), f, text, "13.2")
            }
            Event::ExpeditionReturned { ship, family, explorers, die, found, double, destroyed, captured, known } => {
                let mut fams = vec![family.clone()];
                if let Some(x) = self.after.cycle.expeditions.iter().find(|x| x.ship == *ship) {
                    fams.extend(self.fams(&x.members));
                }
                let what = match (found, self.lang) {
                    (Discovery::Colonisable, Fr) => "une planète colonisable",
                    (Discovery::Pouark, Fr) => "une planète pouark",
                    (Discovery::Nothing, Fr) => "rien",
                    (Discovery::Colonisable, En) => "a colonisable planet",
                    (Discovery::Pouark, En) => "a Pouark planet",
                    (Discovery::Nothing, En) => "nothing",
                };
                let mut text = match self.lang {
                    Fr => format!("Expédition du vaisseau « {} » ({explorers} explorateur{}) : {what}", self.ship(ship), if *explorers > 1 { "s" } else { "" }),
                    En => format!("Expedition of the ship « {} » ({explorers} explorer(s)): {what}", self.ship(ship)),
                };
                if *double {
                    text.push_str(self.t(" (double découverte)", " (double discovery)"));
                }
                if *destroyed {
                    text.push_str(self.t(" ; le vaisseau est détruit", "; the ship is destroyed"));
                }
                if *captured {
                    text.push_str(self.t(" ; le vaisseau est capturé par les Pouarks", "; the ship is captured by the Pouarks"));
                }
                if !known {
                    text.push_str(self.t(" ; aucun survivant : la découverte reste inconnue", "; no survivor: the discovery stays unknown"));
                }
                text.push('.');
                let mut t = told(Some(10), "exploration", private(fams.clone()), fams, text, "14.1");
                t.dice = die.map(|d| format!("1d6 = {d}"));
                t
            }
            Event::PlanetDiscovered { planet, pouark, ship, .. } => {
                let text = match self.lang {
                    Fr => format!("L'expédition du vaisseau « {} » découvre la planète {}{}.", self.ship(ship), self.planet(planet), if *pouark { ", aux mains des Pouarks" } else { "" }),
                    En => format!("The expedition of the ship « {} » discovers the planet {}{}.", self.ship(ship), self.planet(planet), if *pouark { ", held by the Pouarks" } else { "" }),
                };
                let fams = self.after.planets.get(planet).map(|p| p.discovered_by.iter().cloned().collect()).unwrap_or_default();
                told(Some(10), "exploration", Vis::Public, fams, text, "14")
            }
            Event::ShipLost { ship, captured, year } => {
                let text = match self.lang {
                    Fr => format!("Le vaisseau d'exploration « {} » est {}.", self.ship(ship), if *captured { "capturé par les Pouarks" } else { "détruit" }),
                    En => format!("The exploration ship « {} » is {}.", self.ship(ship), if *captured { "captured by the Pouarks" } else { "destroyed" }),
                };
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(*year), "exploration", Vis::Public, owner, text, "14.4, 14.6")
            }
            Event::TradeGains { who, planet, merchants, gain, nepotism } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!(
                        "Comptoir {} : {} gagne {gain} M$ et autant de PP ({merchants} marchand{}{}).",
                        de(&self.planet(planet)),
                        self.name(*who),
                        if *merchants > 1 { "s" } else { "" },
                        if *nepotism { ", népotisme du gouverneur" } else { "" }
                    ),
                    En => format!("Trading post of {}: {} earns {gain} M$ and as many PP ({merchants} merchant(s){}).", self.planet(planet), self.name(*who), if *nepotism { ", the governor's nepotism" } else { "" }),
                };
                told(Some(10), "trade", private(f.clone()), f, text, "15")
            }
            Event::GovernorAttendance { who, planet, present, pp } => {
                let f = self.fam(*who);
                let text = match self.lang {
                    Fr => format!("Gouverneur {} : {present} personnage{} sur la colonie, +{pp} PP pour {}.", de(&self.planet(planet)), if *present > 1 { "s" } else { "" }, self.name(*who)),
                    En => format!("Governor of {}: {present} character(s) on the colony, +{pp} PP for {}.", self.planet(planet), self.name(*who)),
                };
                told(Some(10), "trade", private(f.clone()), f, text, "15.5")
            }
            Event::WarriorsReturned { .. } | Event::VictoryPoints { .. } => return None,
            Event::Coup { leader, supporters, opponents, chances, success } => {
                let mut f = self.fam(*leader);
                f.extend(self.fams(supporters));
                f.extend(self.fams(opponents));
                let text = match self.lang {
                    Fr => format!(
                        "Coup d'État {} : {}. Soutiens : {} ; opposants : {}.",
                        de(&self.name(*leader)),
                        if *success { "il réussit" } else { "il échoue" },
                        if supporters.is_empty() { "aucun".to_string() } else { self.names(supporters) },
                        if opponents.is_empty() { "aucun".to_string() } else { self.names(opponents) }
                    ),
                    En => format!(
                        "Coup of {}: {}. Supporters: {}; opponents: {}.",
                        self.name(*leader),
                        if *success { "it succeeds" } else { "it fails" },
                        if supporters.is_empty() { "none".to_string() } else { self.names(supporters) },
                        if opponents.is_empty() { "none".to_string() } else { self.names(opponents) }
                    ),
                };
                let mut t = told(Some(10), "power", Vis::Public, f, text, "17");
                t.dice = Some(match self.lang {
                    Fr => format!("chances de succès : {chances} sur 6"),
                    En => format!("chances of success: {chances} in 6"),
                });
                t
            }
            Event::Disgraced { who, pyramids, by, special, rule } => {
                let ps: Vec<&str> = pyramids.iter().map(|p| pyramid_short(self.lang, *p)).collect();
                let text = match self.lang {
                    Fr => format!(
                        "{} est disgracié{} par {}{} ({}).",
                        self.name(*who),
                        self.e(*who),
                        head_article_fr(*by),
                        if *special { " (disgrâce spéciale)" } else { "" },
                        ps.join(", ")
                    ),
                    En => format!(
                        "{} is disgraced by the {}{} ({}).",
                        self.name(*who),
                        head_title(self.lang, *by, Sex::Male),
                        if *special { " (special disgrace)" } else { "" },
                        ps.join(", ")
                    ),
                };
                told(Some(10), "power", Vis::Public, self.fam(*who), text, rule)
            }
            Event::CoupEmperor { who, deposed } => {
                let text = match self.lang {
                    Fr => format!("{} se proclame Empereur{}.", self.name(*who), deposed.map(|d| format!(" à la place de {}", self.name(d))).unwrap_or_default()),
                    En => format!("{} proclaims himself Emperor{}.", self.name(*who), deposed.map(|d| format!(" in place of {}", self.name(d))).unwrap_or_default()),
                };
                told(Some(10), "power", Vis::Public, self.fam(*who), text, "17.3")
            }
            Event::JudgeRemoved { who } => {
                let text = match self.lang {
                    Fr => format!("L'Empereur destitue {} de la Haute Cour (−10 PP).", self.name(*who)),
                    En => format!("The Emperor removes {} from the High Court (−10 PP).", self.name(*who)),
                };
                told(Some(10), "power", Vis::Public, self.fam(*who), text, "18.2")
            }
            Event::Excommunicated { who } => {
                let text = match self.lang {
                    Fr => format!("L'Archipape excommunie {} : hérétique, −10 PP, procès.", self.name(*who)),
                    En => format!("The Archpope excommunicates {}: heretic, −10 PP, trial.", self.name(*who)),
                };
                told(Some(10), "power", Vis::Public, self.fam(*who), text, "19")
            }
            Event::Deposed { who, pyramid, voters } => {
                let text = match self.lang {
                    Fr => format!("{} est destitué{} de la tête de la pyramide « {} » par {}.", self.name(*who), self.e(*who), pyramid_name(self.lang, *pyramid), self.names(voters)),
                    En => format!("{} is deposed from the head of the {} by {}.", self.name(*who), pyramid_name(self.lang, *pyramid), self.names(voters)),
                };
                let mut f = self.fam(*who);
                f.extend(self.fams(voters));
                told(Some(10), "power", Vis::Public, f, text, "21")
            }
            Event::PowerVoid { pyramid, power, reason } => {
                let f: Vec<FamilyKey> = self.before.head_family(*pyramid).cloned().into_iter().collect();
                let text = match self.lang {
                    Fr => format!("Pouvoir sans effet ({power}) : {reason}."),
                    En => format!("Power without effect ({power}): {reason}."),
                };
                told(Some(10), "power", private(f.clone()), f, text, "pouvoirs")
            }
            Event::Verdict { case_no, accused, guilty, years, fine, symbolic, .. } => {
                let mut f = self.fam(*accused);
                if let Event::Verdict { votes, .. } = e {
                    f.extend(self.fams(&votes.iter().map(|(j, _)| *j).collect::<Vec<_>>()));
                }
                let text = match self.lang {
                    Fr => format!("Affaire n° {case_no} : {}", self.verdict_result(*accused, *guilty, *years, *fine, *symbolic)),
                    En => format!("Case no. {case_no}: {}", self.verdict_result(*accused, *guilty, *years, *fine, *symbolic)),
                };
                told(Some(10), "crime", Vis::Public, f, text, "22")
            }
            Event::TrialAdjourned { case_no, accused, reason } => {
                let text = match self.lang {
                    Fr => format!("Affaire n° {case_no} ({}) ajournée : {reason}.", self.name(*accused)),
                    En => format!("Case no. {case_no} ({}) adjourned: {reason}.", self.name(*accused)),
                };
                told(Some(10), "crime", Vis::Public, self.fam(*accused), text, "22.3")
            }
            Event::TrialDropped { case_no, accused, reason } => {
                let text = match self.lang {
                    Fr => format!("Affaire n° {case_no} ({}) close sans jugement : {reason}.", self.name(*accused)),
                    En => format!("Case no. {case_no} ({}) closed without judgement: {reason}.", self.name(*accused)),
                };
                told(Some(10), "crime", Vis::Public, self.fam(*accused), text, "22.3")
            }
            Event::Released { who, rule } => {
                let text = match self.lang {
                    Fr => format!("{} a purgé sa peine et sort du bagne.", self.name(*who)),
                    En => format!("{} has served the sentence and leaves the penal colony.", self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, rule)
            }
            Event::ImperialPardon { who, in_advance } => {
                let text = match self.lang {
                    Fr => format!("Grâce impériale pour {}{}.", self.name(*who), if *in_advance { " (avant son procès)" } else { "" }),
                    En => format!("Imperial pardon for {}{}.", self.name(*who), if *in_advance { " (before the trial)" } else { "" }),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "24")
            }
            Event::ArchpapalPardon { who } => {
                let text = match self.lang {
                    Fr => format!("Pardon archipapal : {} n'est plus hérétique (+6 PP).", self.name(*who)),
                    En => format!("Archpapal pardon: {} is no longer a heretic (+6 PP).", self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "25")
            }
            Event::Eulogy { deceased, priest } => {
                let mut f = self.fam(*deceased);
                let text = match (self.lang, priest) {
                    (Fr, Some(p)) => {
                        f.extend(self.fam(*p));
                        format!("Obsèques {} : éloge funèbre par {}.", de(&self.name(*deceased)), self.name(*p))
                    }
                    (Fr, None) => format!("Obsèques {} : une minute de silence.", de(&self.name(*deceased))),
                    (En, Some(p)) => {
                        f.extend(self.fam(*p));
                        format!("Funeral of {}: eulogy by {}.", self.name(*deceased), self.name(*p))
                    }
                    (En, None) => format!("Funeral of {}: a minute of silence.", self.name(*deceased)),
                };
                told(Some(10), "death", Vis::Public, f, text, "26")
            }
            Event::JudgeResigned { who } => {
                let text = match self.lang {
                    Fr => format!("{} démissionne de la Haute Cour.", self.name(*who)),
                    En => format!("{} resigns from the High Court.", self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.2.8")
            }
            Event::LeftCourt { who, reason } => {
                let text = match self.lang {
                    Fr => format!("{} quitte la Haute Cour : {reason}.", self.name(*who)),
                    En => format!("{} leaves the High Court: {reason}.", self.name(*who)),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.2.8")
            }
            Event::Promoted { who, pyramid, from, to, pp } => {
                let text = match self.lang {
                    Fr => format!("{} : {}{} (+{pp} PP).", self.seat_of(*pyramid, *to, *who), self.name(*who), from.map(|s| format!(", jusque-là {}", self.seat_of(*pyramid, s, *who))).unwrap_or_default()),
                    En => format!("{}: {}{} (+{pp} PP).", self.seat_of(*pyramid, *to, *who), self.name(*who), from.map(|s| format!(", formerly {}", self.seat_of(*pyramid, s, *who))).unwrap_or_default()),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.3")
            }
            Event::GameOver { reason, winners, points, all_lost } => {
                let why = match (self.lang, reason) {
                    (Fr, GameEnd::TurnLimit) => "le dernier tour est joué",
                    (Fr, GameEnd::StellariumFell) => "Stellarium est tombée",
                    (Fr, GameEnd::AllOnr) => "aucune famille n'a donné d'ordres",
                    (En, GameEnd::TurnLimit) => "the last turn is played",
                    (En, GameEnd::StellariumFell) => "Stellarium has fallen",
                    (En, GameEnd::AllOnr) => "no family gave orders",
                };
                let names: Vec<String> = winners.iter().map(|f| self.family_name(f)).collect();
                let outcome = match (self.lang, *all_lost, names.len()) {
                    (Fr, true, _) => " Le jeu gagne : tous les joueurs ont perdu (30.2).".to_string(),
                    (En, true, _) => " The game wins: all the players have lost (30.2).".to_string(),
                    (_, false, 0) => String::new(),
                    (Fr, false, 1) => format!(" La famille {} gagne la partie avec {points} points de victoire (30.3).", names[0]),
                    (En, false, 1) => format!(" The family {} wins the game with {points} victory points (30.3).", names[0]),
                    (Fr, false, _) => format!(" Les familles {} gagnent la partie, à égalité avec {points} points de victoire (30.3).", names.join(", ")),
                    (En, false, _) => format!(" The families {} win the game, tied on {points} victory points (30.3).", names.join(", ")),
                };
                let text = match self.lang {
                    Fr => format!("Fin de la partie : {why}.{outcome}"),
                    En => format!("The game is over: {why}.{outcome}"),
                };
                told(Some(10), "assembly", Vis::Public, self.after.families.keys().cloned().collect(), text, "30")
            }
            #[allow(unreachable_patterns)]
            _ => return None,
        })
    }

    /// The family's timeline and money lines.
    pub(crate) fn family(&self, events: &[Event], family: &str) -> FamilyNarrative {
        let mut out = FamilyNarrative::default();
        let mut year = 1u8;
        let mut prev: Option<&Event> = None;
        for e in events {
            if let Event::Money { family: f, delta, reason, .. } = e {
                if f == family {
                    out.money.push(MoneyLine { label: reason.clone(), amount: *delta });
                }
                continue;
            }
            if let Event::VictoryPoints { family: f, prestige, bonuses, .. } = e {
                if f == family {
                    out.points.push(PointsLine {
                        label: self.t("somme des PP des personnages (29.1)", "sum of the characters' PP (29.1)").into(),
                        points: *prestige,
                    });
                    out.points.extend(bonuses.iter().map(|(label, points)| PointsLine { label: label.clone(), points: *points }));
                }
                continue;
            }
            if covered(prev, e) {
                continue;
            }
            prev = Some(e);
            let Some(t) = self.tell(e) else { continue };
            if let Some(y) = t.year {
                year = y;
            }
            let visible = match &t.vis {
                Vis::Public => t.involved.iter().any(|f| f == family),
                Vis::Families(fs) => fs.iter().any(|f| f == family),
            };
            if visible {
                out.items.push((year, Item { text: t.text, dice: t.dice, rule: t.rule }));
            }
        }
        // The cycle's order (stable: events of one year keep the rules' order).
        out.items.sort_by_key(|(y, _)| *y);
        out
    }

    /// The chronicle's items.
    pub(crate) fn public(&self, events: &[Event]) -> PublicNarrative {
        let mut out = PublicNarrative::default();
        let mut year = 1u8;
        for e in events {
            if let Some(v) = self.verdict_view(e) {
                out.verdicts.push(v);
                continue;
            }
            let Some(t) = self.tell(e) else { continue };
            if let Some(y) = t.year {
                year = y;
            }
            if matches!(t.vis, Vis::Public) {
                out.items.push((t.section, year, t.text));
            }
        }
        out
    }
}

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

#[cfg(test)]
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
