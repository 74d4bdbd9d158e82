//! The canonical French spelling of an accepted order (echoed in the
//! acknowledgement and the reports).

use super::super::model::{CharacterId, Place, Sex, State, Strategy};
use super::types::*;

/// How `family` writes `order` canonically.
pub fn canonical(state: &State, family: &str, founders: &[FounderOrder], order: &Order) -> String {
    let who = |id: &CharacterId| state.name_for(family, *id);
    let ship = |k: &str| format!("\"{}\"", state.ships.get(k).map(|s| s.name.as_str()).unwrap_or(k));
    let planet = |k: &str| quote_if_spaced(state.planets.get(k).map(|p| p.name.as_str()).unwrap_or(k));
    let fam = |k: &str| quote_if_spaced(state.family(k).map(|f| f.name.as_str()).unwrap_or(k));
    let list = |ids: &[CharacterId]| ids.iter().map(&who).collect::<Vec<_>>().join(" ");
    match order {
        Order::Founder(f) => {
            let mut s = format!("PERSONNAGE {} {} {}", f.n, quote_if_spaced(&f.first_name), if f.sex == Sex::Male { "H" } else { "F" });
            if let Some(t) = f.training {
                s.push(' ');
                s.push_str(t.keyword_fr());
            }
            if f.extra_pp > 0 {
                s.push_str(&format!(" +{}", f.extra_pp));
            }
            s
        }
        Order::Advertising(n) => format!("PUBLICITE {n}"),
        Order::Bid(b) => format!("ENCHERE {} M$ \"{}\"", b.amount, b.ship_name),
        Order::Candidacy(c) => {
            let w = match &c.who {
                CandidateRef::Character(id) => who(id),
                CandidateRef::Founder(n) => match founders.iter().find(|f| f.n == *n) {
                    Some(f) => quote_if_spaced(&f.first_name),
                    None => format!("n°{n}"),
                },
            };
            match &c.office {
                Office::Judge => format!("CANDIDAT {w} JUGE"),
                Office::Governor(p) => format!("CANDIDAT {w} GOUVERNEUR {}", planet(p)),
            }
        }
        Order::Location(l) => format!("LIEU {} {}", who(&l.who), place_fr(state, &l.place)),
        Order::Purchase(p) => {
            format!("ACHAT {} {}", who(&p.who), p.items.iter().map(|i| i.keyword_fr()).collect::<Vec<_>>().join(" "))
        }
        Order::Contract(c) => {
            let target = match &c.kind {
                ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => format!(" {}", who(t)),
                ContractKind::Sabotage(s) => format!(" {}", ship(s)),
                ContractKind::Bomb => String::new(),
                ContractKind::Rebellion(p) => format!(" {}", planet(p)),
                ContractKind::Treason(ss) => ss.iter().map(|s| format!(" {}", ship(s))).collect(),
            };
            format!("CONTRAT {} {} M$ {}{target}", who(&c.sponsor), c.amount, c.kind.tag().keyword_fr())
        }
        Order::Ransom(id) => format!("RANCON {}", who(id)),
        Order::Marriage(m) => format!("MARIAGE {} {} {}", who(&m.groom), who(&m.bride), who(&m.priest)),
        Order::Births(b) => match b.max {
            None => format!("NAISSANCES {} NON", who(&b.who)),
            Some(n) => format!("NAISSANCES {} {n}", who(&b.who)),
        },
        Order::Bastard(b) => match b.training {
            Some(t) => format!("BATARD {} {}", b.first_name, t.keyword_fr()),
            None => format!("BATARD {}", b.first_name),
        },
        Order::Expedition(x) => {
            let mut s = format!("EXPEDITION {} CAPITAINE {}", ship(&x.ship), who(&x.captain));
            if !x.guests.is_empty() {
                s.push_str(" INVITES ");
                s.push_str(&x.guests.iter().map(&who).collect::<Vec<_>>().join(", "));
            }
            if let Some(p) = &x.planet_name {
                s.push_str(&format!(" PLANETE \"{p}\""));
            }
            s
        }
        Order::Transfer(t) => format!(
            "CESSION {} {} {} {} M$ {}",
            ship(&t.ship),
            fam(&t.from),
            fam(&t.to),
            t.amount,
            if t.kind == TransferKind::Loan { "PRET" } else { "VENTE" }
        ),
        Order::Baptism(b) => match b.priest {
            Some(p) => format!("BAPTEME {} {} {}", who(&b.young), b.first_name, who(&p)),
            None => format!("BAPTEME {} {}", who(&b.young), b.first_name),
        },
        Order::Training(t) => format!("FORMATION {} {}", who(&t.who), t.training.keyword_fr()),
        Order::Coup(c) => format!("COUP {} {}", who(&c.who), if c.supports { "POUR" } else { "CONTRE" }),
        Order::Deposition(d) => format!("DESTITUTION {} {}", who(&d.who), d.pyramid.keyword_fr()),
        Order::Verdict(v) => match v.vote {
            Vote::Guilty { years } => format!("VERDICT {} {} COUPABLE {years}", who(&v.judge), v.case_no),
            Vote::Innocent { years } => format!("VERDICT {} {} INNOCENT {years}", who(&v.judge), v.case_no),
            Vote::Abstain => format!("VERDICT {} {} ABSTENTION", who(&v.judge), v.case_no),
        },
        Order::Resign(id) => format!("DEMISSION {}", who(id)),
        Order::Emperor(p) => match p {
            EmperorPower::Disgrace(id) => format!("EMPEREUR DISGRACE {}", who(id)),
            EmperorPower::SpecialDisgrace(id) => format!("EMPEREUR DISGRACE-SPECIALE {}", who(id)),
            EmperorPower::RemoveJudge(id) => format!("EMPEREUR DESTITUER-JUGE {}", who(id)),
            EmperorPower::War => "EMPEREUR GUERRE".to_string(),
            EmperorPower::Target(p) => format!("EMPEREUR CIBLE {}", planet(p)),
            EmperorPower::Pardon(id) => format!("EMPEREUR GRACE {}", who(id)),
        },
        Order::Archpope(p) => match p {
            ArchpopePower::Disgrace(id) => format!("ARCHIPAPE DISGRACE {}", who(id)),
            ArchpopePower::Excommunicate(id) => format!("ARCHIPAPE EXCOMMUNIER {}", who(id)),
            ArchpopePower::Pardon(id) => format!("ARCHIPAPE PARDON {}", who(id)),
            ArchpopePower::Prosthesis(ids) => format!("ARCHIPAPE PROTHESE {}", list(ids)),
            ArchpopePower::Remarriage(ids) => format!("ARCHIPAPE REMARIAGE {}", list(ids)),
        },
        Order::General(p) => match p {
            GeneralPower::Disgrace(id) => format!("GENERAL DISGRACE {}", who(id)),
            GeneralPower::Commander(f, id) => format!("GENERAL COMMANDANT {} {}", f.number(), who(id)),
            GeneralPower::Strategy(Strategy::Offensive) => "GENERAL STRATEGIE OFFENSIVE".to_string(),
            GeneralPower::Strategy(Strategy::Defensive) => "GENERAL STRATEGIE DEFENSIVE".to_string(),
            GeneralPower::Patrol(ps) => format!("GENERAL PATROUILLE {}", ps.iter().map(|p| planet(p)).collect::<Vec<_>>().join(" ")),
            GeneralPower::Coup => "GENERAL COUP-D-ETAT".to_string(),
        },
        Order::GrandCommander(p) => match p {
            GrandCommanderPower::Disgrace(id) => format!("COMMANDEUR DISGRACE {}", who(id)),
            GrandCommanderPower::Forbid(s) => format!("COMMANDEUR INTERDIRE {}", ship(s)),
            GrandCommanderPower::Permit(ids) => format!("COMMANDEUR PERMIS {}", list(ids)),
        },
        Order::MasterMerchant(p) => match p {
            MasterMerchantPower::Disgrace(id) => format!("MAITRE DISGRACE {}", who(id)),
            MasterMerchantPower::RemovePost(f, p) => format!("MAITRE SUPPRIMER-COMPTOIR {} {}", fam(f), planet(p)),
            MasterMerchantPower::Close(p) => format!("MAITRE FERMER {}", planet(p)),
            MasterMerchantPower::BanExchange(fs) => {
                format!("MAITRE INTERDIRE-BOURSE {}", fs.iter().map(|f| fam(f)).collect::<Vec<_>>().join(" "))
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
