//! The canonical French spelling of an accepted order (echoed in the
//! acknowledgement and the reports).

use super::super::model::{CharacterId, Place, State, Strategy};
use super::types::*;

/// How `family` writes `order` canonically.
pub fn canonical(state: &State, family: &str, founders: &[FounderOrder], order: &Order) -> String {
    canonical_in(state, family, founders, order, false)
}

/// [`canonical`] with the English keywords if `en` (an English reader's
/// echo, orders.md §1): the same order, read back the same.
pub fn canonical_in(state: &State, family: &str, founders: &[FounderOrder], order: &Order, en: bool) -> String {
    let k = |fr: &'static str, english: &'static str| if en { english } else { fr };
    let who = |id: &CharacterId| state.name_for(family, *id);
    let ship = |k: &str| format!("\"{}\"", state.ships.get(k).map(|s| s.name.as_str()).unwrap_or(k));
    let planet = |k: &str| quote_if_spaced(state.planets.get(k).map(|p| p.name.as_str()).unwrap_or(k));
    let fam = |k: &str| quote_if_spaced(state.family(k).map(|f| f.name.as_str()).unwrap_or(k));
    let list = |ids: &[CharacterId]| ids.iter().map(&who).collect::<Vec<_>>().join(" ");
    match order {
        Order::Founder(f) => {
            let mut s = format!("{} {} {} {}", k("PERSONNAGE", "CHARACTER"), f.n, quote_if_spaced(&f.first_name), if en { f.sex.letter_en() } else { f.sex.letter_fr() });
            if let Some(t) = f.training {
                s.push(' ');
                s.push_str(if en { t.keyword_en() } else { t.keyword_fr() });
            }
            if f.extra_pp > 0 {
                s.push_str(&format!(" +{}", f.extra_pp));
            }
            s
        }
        Order::Advertising(n) => format!("{} {n}", k("PUBLICITE", "ADVERTISING")),
        Order::Bid(b) => format!("{} {} M$ \"{}\"", k("ENCHERE", "BID"), b.amount, b.ship_name),
        Order::Candidacy(c) => {
            let w = match &c.who {
                CandidateRef::Character(id) => who(id),
                CandidateRef::Founder(n) => match founders.iter().find(|f| f.n == *n) {
                    Some(f) => quote_if_spaced(&f.first_name),
                    None => format!("n°{n}"),
                },
            };
            match &c.office {
                Office::Judge => format!("{} {w} {}", k("CANDIDAT", "CANDIDATE"), k("JUGE", "JUDGE")),
                Office::Governor(p) => format!("{} {w} {} {}", k("CANDIDAT", "CANDIDATE"), k("GOUVERNEUR", "GOVERNOR"), planet(p)),
            }
        }
        Order::Location(l) => format!("{} {} {}", k("LIEU", "LOCATION"), who(&l.who), place_in(state, &l.place, en)),
        Order::Purchase(p) => {
            format!("{} {} {}", k("ACHAT", "BUY"), who(&p.who), p.items.iter().map(|i| if en { i.keyword_en() } else { i.keyword_fr() }).collect::<Vec<_>>().join(" "))
        }
        Order::Contract(c) => {
            let target = match &c.kind {
                ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => format!(" {}", who(t)),
                ContractKind::Sabotage(s) => format!(" {}", ship(s)),
                ContractKind::Bomb => String::new(),
                ContractKind::Rebellion(p) => format!(" {}", planet(p)),
                ContractKind::Treason(ss) => ss.iter().map(|s| format!(" {}", ship(s))).collect(),
            };
            format!("{} {} {} M$ {}{target}", k("CONTRAT", "CONTRACT"), who(&c.sponsor), c.amount, if en { c.kind.tag().keyword_en() } else { c.kind.tag().keyword_fr() })
        }
        Order::Ransom(id) => format!("{} {}", k("RANCON", "RANSOM"), who(id)),
        Order::Marriage(m) => format!("{} {} {} {}", k("MARIAGE", "MARRIAGE"), who(&m.groom), who(&m.bride), who(&m.priest)),
        Order::Births(b) => match b.max {
            None => format!("{} {} {}", k("NAISSANCES", "BIRTHS"), who(&b.who), k("NON", "NO")),
            Some(n) => format!("{} {} {n}", k("NAISSANCES", "BIRTHS"), who(&b.who)),
        },
        Order::Bastard(b) => match b.training {
            Some(t) => format!("{} {} {}", k("BATARD", "BASTARD"), b.first_name, if en { t.keyword_en() } else { t.keyword_fr() }),
            None => format!("{} {}", k("BATARD", "BASTARD"), b.first_name),
        },
        Order::Expedition(x) => {
            let mut s = format!("EXPEDITION {} {} {}", ship(&x.ship), k("CAPITAINE", "CAPTAIN"), who(&x.captain));
            if !x.guests.is_empty() {
                s.push_str(k(" INVITES ", " GUESTS "));
                s.push_str(&x.guests.iter().map(&who).collect::<Vec<_>>().join(", "));
            }
            if let Some(p) = &x.planet_name {
                s.push_str(&format!(" {} \"{p}\"", k("PLANETE", "PLANET")));
            }
            s
        }
        Order::Transfer(t) => format!(
            "{} {} {} {} {} M$ {}",
            k("CESSION", "TRANSFER"),
            ship(&t.ship),
            fam(&t.from),
            fam(&t.to),
            t.amount,
            if t.kind == TransferKind::Loan { k("PRET", "LOAN") } else { k("VENTE", "SALE") }
        ),
        Order::Baptism(b) => match b.priest {
            Some(p) => format!("{} {} {} {}", k("BAPTEME", "BAPTISM"), who(&b.young), b.first_name, who(&p)),
            None => format!("{} {} {}", k("BAPTEME", "BAPTISM"), who(&b.young), b.first_name),
        },
        Order::Training(t) => format!("{} {} {}", k("FORMATION", "TRAINING"), who(&t.who), if en { t.training.keyword_en() } else { t.training.keyword_fr() }),
        Order::Coup(c) => format!("COUP {} {}", who(&c.who), if c.supports { k("POUR", "FOR") } else { k("CONTRE", "AGAINST") }),
        Order::Deposition(d) => format!("{} {} {}", k("DESTITUTION", "DEPOSE"), who(&d.who), if en { d.pyramid.keyword_en() } else { d.pyramid.keyword_fr() }),
        Order::Verdict(v) => match v.vote {
            Vote::Guilty { years } => format!("VERDICT {} {} {} {years}", who(&v.judge), v.case_no, k("COUPABLE", "GUILTY")),
            Vote::Innocent { years } => format!("VERDICT {} {} INNOCENT {years}", who(&v.judge), v.case_no),
            Vote::Abstain => format!("VERDICT {} {} {}", who(&v.judge), v.case_no, k("ABSTENTION", "ABSTAIN")),
        },
        Order::Resign(id) => format!("{} {}", k("DEMISSION", "RESIGN"), who(id)),
        Order::Emperor(p) => match p {
            EmperorPower::Disgrace(id) => format!("{} DISGRACE {}", k("EMPEREUR", "EMPEROR"), who(id)),
            EmperorPower::SpecialDisgrace(id) => format!("{} {} {}", k("EMPEREUR", "EMPEROR"), k("DISGRACE-SPECIALE", "SPECIAL-DISGRACE"), who(id)),
            EmperorPower::RemoveJudge(id) => format!("{} {} {}", k("EMPEREUR", "EMPEROR"), k("DESTITUER-JUGE", "REMOVE-JUDGE"), who(id)),
            EmperorPower::War => format!("{} {}", k("EMPEREUR", "EMPEROR"), k("GUERRE", "WAR")),
            EmperorPower::Target(p) => format!("{} {} {}", k("EMPEREUR", "EMPEROR"), k("CIBLE", "TARGET"), planet(p)),
            EmperorPower::Pardon(id) => format!("{} {} {}", k("EMPEREUR", "EMPEROR"), k("GRACE", "PARDON"), who(id)),
        },
        Order::Archpope(p) => match p {
            ArchpopePower::Disgrace(id) => format!("{} DISGRACE {}", k("ARCHIPAPE", "ARCHPOPE"), who(id)),
            ArchpopePower::Excommunicate(id) => format!("{} {} {}", k("ARCHIPAPE", "ARCHPOPE"), k("EXCOMMUNIER", "EXCOMMUNICATE"), who(id)),
            ArchpopePower::Pardon(id) => format!("{} PARDON {}", k("ARCHIPAPE", "ARCHPOPE"), who(id)),
            ArchpopePower::Prosthesis(ids) => format!("{} {} {}", k("ARCHIPAPE", "ARCHPOPE"), k("PROTHESE", "PROSTHESIS"), list(ids)),
            ArchpopePower::Remarriage(ids) => format!("{} {} {}", k("ARCHIPAPE", "ARCHPOPE"), k("REMARIAGE", "REMARRIAGE"), list(ids)),
        },
        Order::General(p) => match p {
            GeneralPower::Disgrace(id) => format!("GENERAL DISGRACE {}", who(id)),
            GeneralPower::Commander(f, id) => format!("GENERAL {} {} {}", k("COMMANDANT", "COMMANDER"), f.number(), who(id)),
            GeneralPower::Strategy(Strategy::Offensive) => format!("GENERAL {} OFFENSIVE", k("STRATEGIE", "STRATEGY")),
            GeneralPower::Strategy(Strategy::Defensive) => format!("GENERAL {} DEFENSIVE", k("STRATEGIE", "STRATEGY")),
            GeneralPower::Patrol(ps) => format!("GENERAL {} {}", k("PATROUILLE", "PATROL"), ps.iter().map(|p| planet(p)).collect::<Vec<_>>().join(" ")),
            GeneralPower::Coup => format!("GENERAL {}", k("COUP-D-ETAT", "COUP")),
        },
        Order::GrandCommander(p) => match p {
            GrandCommanderPower::Disgrace(id) => format!("{} DISGRACE {}", k("COMMANDEUR", "GRAND-COMMANDER"), who(id)),
            GrandCommanderPower::Forbid(s) => format!("{} {} {}", k("COMMANDEUR", "GRAND-COMMANDER"), k("INTERDIRE", "FORBID"), ship(s)),
            GrandCommanderPower::Permit(ids) => format!("{} {} {}", k("COMMANDEUR", "GRAND-COMMANDER"), k("PERMIS", "PERMIT"), list(ids)),
        },
        Order::MasterMerchant(p) => match p {
            MasterMerchantPower::Disgrace(id) => format!("{} DISGRACE {}", k("MAITRE", "MASTER-MERCHANT"), who(id)),
            MasterMerchantPower::RemovePost(f, p) => format!("{} {} {} {}", k("MAITRE", "MASTER-MERCHANT"), k("SUPPRIMER-COMPTOIR", "REMOVE-POST"), fam(f), planet(p)),
            MasterMerchantPower::Close(p) => format!("{} {} {}", k("MAITRE", "MASTER-MERCHANT"), k("FERMER", "CLOSE"), planet(p)),
            MasterMerchantPower::BanExchange(fs) => {
                format!("{} {} {}", k("MAITRE", "MASTER-MERCHANT"), k("INTERDIRE-BOURSE", "BAN-EXCHANGE"), fs.iter().map(|f| fam(f)).collect::<Vec<_>>().join(" "))
            }
        },
    }
}

/// The place of a LIEU order, in canonical French.
pub fn place_fr(state: &State, place: &Place) -> String {
    place_in(state, place, false)
}

/// The place of a LOCATION order, with the English keywords (orders.md §6).
pub fn place_en(state: &State, place: &Place) -> String {
    place_in(state, place, true)
}

fn place_in(state: &State, place: &Place, en: bool) -> String {
    match place {
        Place::Stellarium => "STELLARIUM".to_string(),
        Place::Exchange { stake, amount } => format!("{} {} {amount}", if en { "EXCHANGE" } else { "BOURSE" }, stake.letter()),
        Place::Colony(p) => quote_if_spaced(state.planets.get(p).map(|p| p.name.as_str()).unwrap_or(p)),
        Place::Fleet(f) => format!("{} {}", if en { "FLEET" } else { "FLOTTE" }, f.number()),
        Place::Ship(s) => format!("{} \"{}\"", if en { "SHIP" } else { "VAISSEAU" }, state.ships.get(s).map(|s| s.name.as_str()).unwrap_or(s)),
    }
}

fn quote_if_spaced(s: &str) -> String {
    if s.chars().any(crate::text::is_space) {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}
