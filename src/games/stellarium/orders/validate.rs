//! Checks of one typed order against the state and against the orders
//! already accepted from the same submission (multi-line limits: the later
//! offending line is the one rejected). Each problem is one French sentence
//! with the rule number.

use crate::game::FamilyKey;

use super::super::model::{
    Captor, Character, CharacterId, Family, Marital, Place, Pyramid, Sex, State, Training, FREE_PP, MAX_CONTRACTS,
    MAX_PROSTHESES,
};
use super::parse::{Reject, R};
use super::types::*;

/// Why every-turn orders are refused while a family is being founded.
pub const NOT_FOUNDED: &str =
    "Votre famille n'est pas encore fondée : ce tour, seuls PERSONNAGE, PUBLICITE, ENCHERE et CANDIDAT sont possibles.";

/// Why a PNJ family's lines are all refused (0.4).
pub const PNJ: &str = "Votre famille est devenue PNJ (0.4) : elle ne reçoit plus d'ordres ; vous pouvez inscrire une nouvelle famille.";

/// The context of one family's submission.
pub struct Checker<'a> {
    pub state: &'a State,
    pub family: &'a str,
    pub fam: Option<&'a Family>,
}

/// `e` for a woman (French agreement: mort/morte).
fn e(c: &Character) -> &'static str {
    if c.sex == Sex::Female {
        "e"
    } else {
        ""
    }
}

impl<'a> Checker<'a> {
    pub fn new(state: &'a State, family: &'a str) -> Checker<'a> {
        Checker { state, family, fam: state.family(family) }
    }

    /// Whether the family still has to be founded (turn 0, or its first
    /// turn after a late registration).
    pub fn founding(&self) -> bool {
        self.fam.is_none_or(|f| !f.founded)
    }

    fn name(&self, id: CharacterId) -> String {
        self.state.name_for(self.family, id)
    }

    fn ch(&self, id: CharacterId) -> R<&'a Character> {
        self.state.character(id).ok_or_else(|| Reject::new(format!("Personnage inconnu {id}.")))
    }

    /// Any living character.
    fn alive(&self, id: CharacterId) -> R<&'a Character> {
        let c = self.ch(id)?;
        match &c.death {
            Some(d) => Err(Reject::new(format!("{} est mort{} en {}.", self.name(id), e(c), d.year))),
            None => Ok(c),
        }
    }

    /// A living character of the family giving orders.
    fn own(&self, id: CharacterId) -> R<&'a Character> {
        let c = self.ch(id)?;
        if c.family != self.family {
            return Err(Reject::new(format!("{} n'appartient pas à votre famille.", self.name(id))));
        }
        self.alive(id)
    }

    /// A living, free character of the family.
    fn own_free(&self, id: CharacterId) -> R<&'a Character> {
        let c = self.own(id)?;
        self.free(c)?;
        Ok(c)
    }

    fn free(&self, c: &Character) -> R<()> {
        if let Some(s) = &c.sentence {
            let planet = self.state.planets.get(&s.planet).map(|p| p.name.as_str()).unwrap_or(s.planet.as_str());
            return Err(Reject::new(format!("{} est au bagne ({planet}) pour encore {} ans.", self.name(c.id), s.years_remaining)));
        }
        if let Some(cap) = &c.captivity {
            let who = match cap.captor {
                Captor::DarkTentacle { .. } => "de la Tentacule Sombre",
                Captor::Rebels => "des rebelles",
                Captor::Pouarks => "des Pouarks",
            };
            let p = if c.sex == Sex::Female { "prisonnière" } else { "prisonnier" };
            return Err(Reject::new(format!("{} est {p} {who}.", self.name(c.id))));
        }
        Ok(())
    }

    fn not_in_debt(&self, what: &str, rule: &str) -> R<()> {
        if let Some(f) = self.fam {
            if f.in_debt() {
                return Err(Reject::new(format!(
                    "Votre famille a terminé le cycle précédent avec des dettes ({} M$) : {what} impossible ({rule}).",
                    f.money
                )));
            }
        }
        Ok(())
    }

    fn money(&self) -> i64 {
        self.fam.map_or(0, |f| f.money)
    }

    fn planet_name(&self, k: &str) -> String {
        self.state.planets.get(k).map(|p| p.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn ship_name(&self, k: &str) -> String {
        self.state.ships.get(k).map(|s| s.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn family_name(&self, k: &str) -> String {
        self.state.family(k).map(|f| f.name.clone()).unwrap_or_else(|| k.to_string())
    }

    fn holds_head(&self, p: Pyramid) -> R<()> {
        match self.state.head_family(p) {
            Some(f) if f == self.family => Ok(()),
            _ => Err(Reject::new(format!(
                "Aucun personnage de votre famille n'est {} : ce pouvoir vous est fermé.",
                p.head_title_fr()
            ))),
        }
    }

    /// An heir or councillor of `p` (20.1: the head disgraces a member of his pyramid).
    fn below_head(&self, p: Pyramid, id: CharacterId) -> R<()> {
        self.alive(id)?;
        match self.state.pyramid(p).seat_of(id) {
            Some(s) if s > 0 => Ok(()),
            Some(_) => Err(Reject::new(format!("{} est le chef de la pyramide : un chef ne peut être disgracié (20.1).", self.name(id)))),
            None => Err(Reject::new(format!("{} n'est pas dauphin ni conseiller de la pyramide {} (20.1).", self.name(id), p.name_fr()))),
        }
    }

    /// Checks `order` against the state and the orders accepted so far.
    pub fn check(&self, so_far: &Orders, order: &Order) -> R<()> {
        let founding = self.founding();
        let turn0_kind = matches!(order, Order::Founder(_) | Order::Advertising(_));
        let foundation_ok = turn0_kind || matches!(order, Order::Bid(_) | Order::Candidacy(_));
        if founding && !foundation_ok {
            return Err(Reject::new(NOT_FOUNDED));
        }
        if !founding && turn0_kind {
            return Err(Reject::new("PERSONNAGE et PUBLICITE ne sont possibles qu'au tour de fondation de la famille (tour 0)."));
        }
        match order {
            Order::Founder(f) => self.founder(so_far, f),
            Order::Advertising(n) => {
                if so_far.advertising > 0 {
                    return Err(Reject::new("PUBLICITE est déjà donnée plus haut."));
                }
                if *n == 0 {
                    return Err(Reject::new("PUBLICITE : achetez au moins 1 PP."));
                }
                if i64::from(*n) > self.money() {
                    return Err(Reject::new(format!(
                        "PUBLICITE : {n} PP coûtent {n} M$, votre famille n'a que {} M$ (d).",
                        self.money()
                    )));
                }
                Ok(())
            }
            Order::Bid(b) => self.bid(so_far, b),
            Order::Candidacy(c) => self.candidacy(so_far, c),
            Order::Location(l) => self.location(so_far, l),
            Order::Purchase(p) => self.purchase(so_far, p),
            Order::Contract(c) => self.contract(so_far, c),
            Order::Ransom(id) => {
                let c = self.own(*id)?;
                if !matches!(&c.captivity, Some(cap) if matches!(cap.captor, Captor::DarkTentacle { .. })) {
                    return Err(Reject::new(format!("{} n'est pas otage de la Tentacule Sombre (2.2.4).", self.name(*id))));
                }
                if so_far.ransoms.contains(id) {
                    return Err(Reject::new(format!("La rançon de {} est déjà payée plus haut.", self.name(*id))));
                }
                Ok(())
            }
            Order::Marriage(m) => self.marriage(so_far, m),
            Order::Births(b) => {
                let c = self.own(b.who)?;
                match c.spouse().and_then(|s| self.state.character(s)) {
                    Some(sp) if sp.is_alive() => {}
                    _ => {
                        // A marriage of this very turn also allows births (7.1).
                        let marrying = so_far.marriages.iter().any(|m| m.groom == b.who || m.bride == b.who);
                        if !marrying {
                            return Err(Reject::new(format!("{} n'est pas marié{} : NAISSANCES sans objet (7.1).", self.name(b.who), e(c))));
                        }
                    }
                }
                if so_far.births.iter().any(|x| x.who == b.who) {
                    return Err(Reject::new(format!("NAISSANCES est déjà donné plus haut pour {}.", self.name(b.who))));
                }
                Ok(())
            }
            Order::Bastard(b) => self.bastard(so_far, b),
            Order::Expedition(x) => self.expedition(so_far, x),
            Order::Transfer(t) => self.transfer(so_far, t),
            Order::Baptism(b) => self.baptism(so_far, b),
            Order::Training(t) => {
                let c = self.own(t.who)?;
                if c.training.is_some() {
                    return Err(Reject::new(format!("{} a déjà une formation.", self.name(t.who))));
                }
                if !self.state.needs_training(c) {
                    return Err(Reject::new(format!(
                        "{} est trop jeune : la formation vient au cycle qui suit la naissance (10.1).",
                        self.name(t.who)
                    )));
                }
                if so_far.trainings.iter().any(|x| x.who == t.who) {
                    return Err(Reject::new(format!("FORMATION est déjà donnée plus haut pour {}.", self.name(t.who))));
                }
                Ok(())
            }
            Order::Coup(s) => {
                self.own(s.who)?;
                if self.state.pyramid(Pyramid::Army).seat_of(s.who).is_none() {
                    return Err(Reject::new(format!("{} n'est pas dans la pyramide de l'Armée (17.2).", self.name(s.who))));
                }
                if so_far.coup_stances.iter().any(|x| x.who == s.who) {
                    return Err(Reject::new(format!("COUP est déjà donné plus haut pour {}.", self.name(s.who))));
                }
                Ok(())
            }
            Order::Deposition(d) => {
                self.own(d.who)?;
                match self.state.pyramid(d.pyramid).seat_of(d.who) {
                    Some(s) if s > 0 => {}
                    _ => {
                        return Err(Reject::new(format!(
                            "{} n'est pas dauphin ni conseiller de la pyramide {} (21.1).",
                            self.name(d.who),
                            d.pyramid.name_fr()
                        )))
                    }
                }
                if so_far.depositions.iter().any(|x| x == d) {
                    return Err(Reject::new("Cette DESTITUTION est déjà donnée plus haut."));
                }
                Ok(())
            }
            Order::Verdict(v) => self.verdict(so_far, v),
            Order::Resign(id) => {
                self.own(*id)?;
                if !self.state.is_judge(*id) {
                    return Err(Reject::new(format!("{} n'est pas juge à la Haute Cour (27.2.8).", self.name(*id))));
                }
                if so_far.resignations.contains(id) {
                    return Err(Reject::new("Cette DEMISSION est déjà donnée plus haut."));
                }
                Ok(())
            }
            Order::Emperor(p) => self.emperor(so_far, p),
            Order::Archpope(p) => self.archpope(so_far, p),
            Order::General(p) => self.general(so_far, p),
            Order::GrandCommander(p) => self.commander(so_far, p),
            Order::MasterMerchant(p) => self.master(so_far, p),
        }
    }

    // ---- turn 0 -------------------------------------------------------

    /// PP the family may distribute: 25 + PP bought + late bonus (d).
    pub fn pp_pool(&self, so_far: &Orders) -> u32 {
        FREE_PP + so_far.advertising + self.fam.map_or(0, |f| f.late_bonus_pp)
    }

    fn founder(&self, so_far: &Orders, f: &FounderOrder) -> R<()> {
        if so_far.founders.iter().any(|x| x.n == f.n) {
            return Err(Reject::new(format!("Le personnage n° {} est déjà donné plus haut.", f.n)));
        }
        if so_far.founders.iter().any(|x| crate::text::key(&x.first_name) == crate::text::key(&f.first_name)) {
            return Err(Reject::new(format!("Le prénom {} est déjà pris dans votre famille.", f.first_name)));
        }
        match (f.n, f.training) {
            (1..=6, None) => {
                return Err(Reject::new(format!(
                    "Le personnage n° {} doit recevoir une formation : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND (c).",
                    f.n
                )))
            }
            (7 | 8, Some(_)) => {
                return Err(Reject::new(format!("Le personnage n° {} est trop jeune pour avoir une formation (c).", f.n)))
            }
            (1..=4, Some(Training::Priest)) => {
                return Err(Reject::new(format!(
                    "Le personnage n° {} est déjà marié : seuls les n° 5 et 6 peuvent être prêtres (c).",
                    f.n
                )))
            }
            _ => {}
        }
        let used: u32 = so_far.founders.iter().map(|x| x.extra_pp).sum();
        let pool = self.pp_pool(so_far);
        if used + f.extra_pp > pool {
            return Err(Reject::new(format!(
                "Les PP répartis dépassent les {pool} PP disponibles ({} déjà donnés plus haut, {} ici) (d).",
                used, f.extra_pp
            )));
        }
        Ok(())
    }

    fn bid(&self, so_far: &Orders, b: &BidOrder) -> R<()> {
        self.not_in_debt("enchère", "28.5")?;
        if so_far.bid.is_some() {
            return Err(Reject::new("Une seule ENCHERE par famille et par tour : celle de plus haut est gardée."));
        }
        if !self.state.ship_for_sale {
            return Err(Reject::new("Aucun vaisseau d'exploration n'est en vente ce tour (28)."));
        }
        if b.amount == 0 {
            return Err(Reject::new("ENCHERE : le montant doit être d'au moins 1 M$ (e)."));
        }
        if self.founding() {
            // e, 28.1: at the foundation nothing comes in before the auction:
            // a bid above the money left after PUBLICITE can never be paid.
            let (money, advertising) = (self.money(), i64::from(so_far.advertising));
            let left = money - advertising;
            if i64::from(b.amount) > left {
                let spent = if advertising > 0 { format!(" ({money} M$ moins {advertising} M$ de PUBLICITE)") } else { String::new() };
                return Err(Reject::new(format!(
                    "ENCHERE de {} M$ : votre famille n'aura que {left} M${spent} pour payer le vaisseau ; une enchère qu'elle ne peut pas payer ne peut pas l'emporter (e, 28.1).",
                    b.amount
                )));
            }
        }
        if self.state.ship(&b.ship_name).is_some() {
            return Err(Reject::new(format!("Un vaisseau s'appelle déjà « {} » : proposez un autre nom (28.6).", b.ship_name)));
        }
        super::parse::check_first_name(&b.ship_name).map_err(|_| Reject::new("ENCHERE : nom de vaisseau invalide."))?;
        Ok(())
    }

    fn candidacy(&self, so_far: &Orders, c: &CandidacyOrder) -> R<()> {
        if so_far.candidacies.iter().any(|x| x == c) {
            return Err(Reject::new("Cette candidature est déjà donnée plus haut."));
        }
        let who_name = match &c.who {
            CandidateRef::Founder(n) => {
                let f = so_far.founders.iter().find(|f| f.n == *n);
                let Some(f) = f else {
                    return Err(Reject::new(format!("Le personnage n° {n} n'est pas (ou mal) donné par une ligne PERSONNAGE.")));
                };
                if *n >= 7 {
                    return Err(Reject::new(format!("{} est trop jeune et sans formation : pas de candidature (27.3.3).", f.first_name)));
                }
                if c.office == Office::Judge {
                    let base = super::super::model::FOUNDER_BASE_PP[usize::from(n.clamp(&1, &8) - 1)];
                    if base + i64::from(f.extra_pp) < 10 {
                        return Err(Reject::new(format!(
                            "{} n'aura que {} PP : il faut au moins 10 PP pour être candidat juge (27.2.2).",
                            f.first_name,
                            base + i64::from(f.extra_pp)
                        )));
                    }
                }
                f.first_name.clone()
            }
            CandidateRef::Character(id) => {
                let ch = self.own_free(*id)?;
                if ch.training.is_none() {
                    return Err(Reject::new(format!("{} n'a pas encore de formation (27.3.3).", self.name(*id))));
                }
                if c.office == Office::Judge && self.state.is_judge(*id) {
                    return Err(Reject::new(format!("{} est déjà juge.", self.name(*id))));
                }
                self.name(*id)
            }
        };
        if let Office::Governor(p) = &c.office {
            let planet = self.state.planets.get(p);
            let Some(planet) = planet.filter(|pl| pl.is_colony()) else {
                return Err(Reject::new(format!("{} n'est pas une colonie : pas de gouverneur (27.4.7).", self.planet_name(p))));
            };
            if !planet.held_by_empire() {
                return Err(Reject::new(format!("{} n'est pas contrôlée par l'Empire (27.4.2).", planet.name)));
            }
            if !self.fam.is_some_and(|f| f.trading_posts.contains(p)) {
                return Err(Reject::new(format!(
                    "Votre famille n'a pas de comptoir sur {} : {who_name} ne peut pas y être candidat (27.4.2).",
                    planet.name
                )));
            }
        }
        Ok(())
    }

    // ---- every turn ----------------------------------------------------

    fn location(&self, so_far: &Orders, l: &LocationOrder) -> R<()> {
        let c = self.own_free(l.who)?;
        let n = self.name(l.who);
        let Some(training) = c.training else {
            return Err(Reject::new(format!("{n} n'a pas encore de formation : pas de LIEU avant sa formation (10).")));
        };
        if so_far.locations.iter().any(|x| x.who == l.who) {
            return Err(Reject::new(format!("Un LIEU est déjà donné plus haut pour {n}.")));
        }
        if let Some(x) = so_far.expeditions.iter().find(|x| x.captain == l.who) {
            if l.place != Place::Ship(x.ship.clone()) {
                return Err(Reject::new(format!("{n} est capitaine de l'expédition du vaisseau « {} ».", self.ship_name(&x.ship))));
            }
        }
        if let Some(x) = so_far.expeditions.iter().find(|x| x.guests.contains(&l.who)) {
            if l.place != Place::Ship(x.ship.clone()) {
                let ship = self.ship_name(&x.ship);
                return Err(Reject::new(format!(
                    "{n} est invité plus haut sur votre expédition du vaisseau « {ship} » : il ne part que si son LIEU est VAISSEAU « {ship} » (4.6) ; retirez-le des INVITES pour le placer ailleurs."
                )));
            }
        }
        if self.state.is_judge(l.who) && l.place != Place::Stellarium {
            return Err(Reject::new(format!("{n} est juge : les juges ne quittent pas Stellarium (27.2.5).")));
        }
        if let Some(gov) = self.state.governorship(l.who) {
            if l.place != Place::Colony(gov.to_string()) {
                return Err(Reject::new(format!(
                    "{n} est gouverneur de {} pour ce cycle et y reste (27.4.4).",
                    self.planet_name(gov)
                )));
            }
            return Ok(());
        }
        match &l.place {
            Place::Stellarium => Ok(()),
            Place::Exchange { amount, .. } => {
                if training != Training::Merchant {
                    return Err(Reject::new(format!("{n} n'est pas marchand : seuls les marchands vont à la bourse (5.3).")));
                }
                self.not_in_debt("spéculer en bourse", "5.3.2")?;
                let staked: u32 = so_far
                    .locations
                    .iter()
                    .filter_map(|x| match x.place {
                        Place::Exchange { amount, .. } => Some(amount),
                        _ => None,
                    })
                    .sum();
                if i64::from(staked + amount) > self.money() {
                    return Err(Reject::new(format!(
                        "Les mises en bourse ({} M$ avec celle-ci) dépassent les {} M$ de votre famille au début du tour (5.3.2).",
                        staked + amount,
                        self.money()
                    )));
                }
                Ok(())
            }
            Place::Colony(p) => {
                let Some(planet) = self.state.planets.get(p) else {
                    return Err(Reject::new(format!("Planète inconnue « {p} ».")));
                };
                if !planet.is_colony() {
                    return Err(Reject::new(format!("{} n'est pas une colonie de l'Empire.", planet.name)));
                }
                if !planet.held_by_empire() {
                    return Err(Reject::new(format!("{} n'est pas contrôlée par l'Empire (5.2, 6.1).", planet.name)));
                }
                match training {
                    Training::Merchant => {
                        if !self.fam.is_some_and(|f| f.trading_posts.contains(p)) {
                            return Err(Reject::new(format!(
                                "Votre famille n'a pas de comptoir sur {} : un marchand n'y peut aller (5.2).",
                                planet.name
                            )));
                        }
                        Ok(())
                    }
                    Training::Warrior => Ok(()),
                    Training::Priest => Err(Reject::new(format!(
                        "{n} est prêtre : les prêtres ne quittent Stellarium que pour une expédition (cycle)."
                    ))),
                    Training::Explorer => Err(Reject::new(format!(
                        "{n} est explorateur : en expédition ou sur Stellarium seulement (4.9)."
                    ))),
                }
            }
            Place::Fleet(_) => {
                if training != Training::Warrior {
                    return Err(Reject::new(format!("{n} n'est pas guerrier : seuls les guerriers servent dans les flottes (6.1).")));
                }
                Ok(())
            }
            Place::Ship(s) => {
                if training == Training::Merchant {
                    return Err(Reject::new(format!(
                        "{n} est marchand : les marchands commercent ou spéculent (5.1), ils ne partent pas en expédition (4.3)."
                    )));
                }
                let ship = self.state.ships.get(s);
                if !ship.is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", self.ship_name(s))));
                }
                Ok(())
            }
        }
    }

    fn purchase(&self, so_far: &Orders, p: &PurchaseOrder) -> R<()> {
        self.not_in_debt("achat", "1")?;
        let c = self.own(p.who)?;
        let n = self.name(p.who);
        if c.is_held_by_enemy() {
            return Err(Reject::new(format!("{n} est prisonnier des rebelles ou des Pouarks : pas d'achat (1).")));
        }
        let before: Vec<Item> = so_far.purchases.iter().filter(|x| x.who == p.who).flat_map(|x| x.items.iter().copied()).collect();
        for item in &p.items {
            if before.contains(item) {
                return Err(Reject::new(format!("{} est déjà acheté plus haut pour {n}.", item.keyword_fr())));
            }
        }
        if p.items.contains(&Item::Prosthesis) {
            if c.prostheses >= MAX_PROSTHESES {
                return Err(Reject::new(format!("{n} a déjà {MAX_PROSTHESES} cyberprothèses, le maximum d'une vie (1.3.2).")));
            }
            if c.last_prosthesis_turn == Some(self.state.turn) {
                return Err(Reject::new(format!("{n} a déjà reçu une cyberprothèse ce tour (1.3.2).")));
            }
        }
        let spent: usize = so_far.purchases.iter().map(|x| x.items.len()).sum();
        let total = (spent + p.items.len()) as i64;
        if total > self.money() {
            return Err(Reject::new(format!(
                "Les achats ({total} M$ avec cette ligne) dépassent les {} M$ de votre famille (1).",
                self.money()
            )));
        }
        Ok(())
    }

    fn contract(&self, so_far: &Orders, k: &ContractOrder) -> R<()> {
        self.not_in_debt("contrat avec la Tentacule Sombre", "2.0.3")?;
        let c = self.own(k.sponsor)?;
        if c.is_prisoner() {
            return Err(Reject::new(format!(
                "{} est au bagne ou prisonnier : pas de contrat avec la Tentacule Sombre (2.0.3).",
                self.name(k.sponsor)
            )));
        }
        if so_far.contracts.iter().any(|x| x.sponsor == k.sponsor) {
            return Err(Reject::new(format!("{} commandite déjà un contrat plus haut : un seul par tour (2.8.4).", self.name(k.sponsor))));
        }
        let credit = self.fam.map_or(0, |f| f.dark_tentacle_credit).min(MAX_CONTRACTS);
        if so_far.contracts.len() as u32 >= credit {
            return Err(Reject::new(format!(
                "Votre crédit auprès de la Tentacule Sombre ne permet que {credit} contrat{} (2.8.1).",
                if credit > 1 { "s" } else { "" }
            )));
        }
        if k.amount == 0 {
            return Err(Reject::new("CONTRAT : offrez au moins 1 M$."));
        }
        // 2.8.1 (RULINGS): the offers fit in the money left after the purchases.
        let bought = so_far.purchases.iter().map(|x| x.items.len()).sum::<usize>() as i64;
        let offered: i64 = so_far.contracts.iter().map(|x| i64::from(x.amount)).sum::<i64>() + i64::from(k.amount);
        if bought + offered > self.money() {
            return Err(Reject::new(format!(
                "Les offres de contrats ({offered} M$ avec celle-ci) dépassent les {} M$ qui restent à votre famille après ses achats (2.8.1).",
                self.money() - bought
            )));
        }
        match &k.kind {
            ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => {
                self.alive(*t)?;
                if *t == k.sponsor {
                    return Err(Reject::new("CONTRAT : le commanditaire ne peut pas se viser lui-même."));
                }
            }
            ContractKind::Sabotage(s) => {
                if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", self.ship_name(s))));
                }
            }
            ContractKind::Bomb => {}
            ContractKind::Rebellion(p) => {
                let ok = self.state.planets.get(p).is_some_and(|pl| pl.is_colony() && pl.held_by_empire());
                if !ok {
                    return Err(Reject::new(format!("{} n'est pas une colonie contrôlée par l'Empire (2.6.1).", self.planet_name(p))));
                }
            }
            ContractKind::Treason(ships) => {
                for s in ships {
                    if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                        return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", self.ship_name(s))));
                    }
                }
            }
        }
        Ok(())
    }

    fn marriage(&self, so_far: &Orders, m: &MarriageOrder) -> R<()> {
        let groom = self.alive(m.groom)?;
        let bride = self.alive(m.bride)?;
        if groom.family != self.family && bride.family != self.family {
            return Err(Reject::new("Ni le marié ni la mariée n'appartiennent à votre famille (3.7)."));
        }
        if groom.sex != Sex::Male {
            return Err(Reject::new(format!("{} n'est pas un homme : le marié vient en premier, la mariée ensuite.", self.name(m.groom))));
        }
        if bride.sex != Sex::Female {
            return Err(Reject::new(format!("{} n'est pas une femme : le marié vient en premier, la mariée ensuite.", self.name(m.bride))));
        }
        if groom.family == bride.family {
            return Err(Reject::new("L'Église interdit les mariages au sein d'une même famille (3.2)."));
        }
        for c in [groom, bride] {
            let n = self.name(c.id);
            if c.training.is_none() {
                return Err(Reject::new(format!("{n} n'a pas encore de formation : pas de mariage (3.5).")));
            }
            if c.is_priest() {
                return Err(Reject::new(format!("{n} est prêtre{} : les prêtres ne peuvent se marier (3.5).", if c.sex == Sex::Female { "sse" } else { "" })));
            }
            if c.heretic {
                return Err(Reject::new(format!("{n} est hérétique : les hérétiques ne peuvent se marier (3.5).")));
            }
            if c.captivity.is_some() {
                let p = if c.sex == Sex::Female { "prisonnière" } else { "prisonnier" };
                return Err(Reject::new(format!("{n} est {p} (Tentacule Sombre, rebelles ou Pouarks) : pas de mariage (3, 22.5).")));
            }
            if let Marital::Married { .. } = c.marital {
                let alive_spouse = c.spouse().and_then(|s| self.state.character(s)).is_some_and(|s| s.is_alive());
                if alive_spouse {
                    return Err(Reject::new(format!("{n} est déjà marié{} : le divorce n'existe pas (3.6).", e(c))));
                }
            }
            if so_far.marriages.iter().any(|x| x.groom == c.id || x.bride == c.id) {
                return Err(Reject::new(format!("{n} a déjà un MARIAGE plus haut.")));
            }
        }
        let priest = self.alive(m.priest)?;
        if !priest.is_priest() {
            return Err(Reject::new(format!("{} n'est pas prêtre : seul un prêtre célèbre un mariage (3.7).", self.name(m.priest))));
        }
        if priest.heretic {
            return Err(Reject::new(format!("{} est hérétique : pas de mariage célébré par un hérétique.", self.name(m.priest))));
        }
        self.free(priest)?;
        let other: &FamilyKey = if groom.family == self.family { &bride.family } else { &groom.family };
        let living = self.state.living_marriages_between(self.family, other);
        let ordered = so_far
            .marriages
            .iter()
            .filter(|x| {
                let g = self.state.family_of(x.groom);
                let b = self.state.family_of(x.bride);
                g == Some(other) || b == Some(other)
            })
            .count() as u32;
        if living + ordered >= 3 {
            return Err(Reject::new(format!(
                "Plus de trois mariages en même temps avec la famille {} sont interdits (3.4).",
                self.family_name(other)
            )));
        }
        Ok(())
    }

    fn bastard(&self, so_far: &Orders, b: &BastardOrder) -> R<()> {
        if so_far.bastard.is_some() {
            return Err(Reject::new("Un seul BATARD par tour (7.7)."));
        }
        if self.state.find_in_family(self.family, &b.first_name).is_some() {
            return Err(Reject::new(format!("Le prénom {} est déjà pris dans votre famille.", b.first_name)));
        }
        let first_year = self.state.first_year();
        for c in self.state.living_members(self.family) {
            if c.sex != Sex::Male {
                continue;
            }
            match c.marital {
                Marital::Single | Marital::Widowed { .. } if !c.is_priest() => {
                    return Err(Reject::new(format!(
                        "Votre famille a encore un homme célibataire ou veuf qui n'est pas prêtre ({}) : pas de bâtard (7.7).",
                        c.first_name
                    )));
                }
                Marital::Married { spouse, .. } => {
                    if let Some(w) = self.state.character(spouse) {
                        if w.is_alive() && w.age_in(first_year) < 41 {
                            return Err(Reject::new(format!(
                                "{} est marié à une femme de moins de 41 ans : pas de bâtard (7.7).",
                                c.first_name
                            )));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether the family may use ship `s` this turn (owner, borrower, or a
    /// CESSION to it in this submission).
    fn may_use_ship(&self, so_far: &Orders, s: &str) -> bool {
        let Some(ship) = self.state.ships.get(s) else { return false };
        if ship.user(self.state.turn) == self.family {
            return true;
        }
        so_far.transfers.iter().any(|t| t.ship == s && t.to == self.family)
    }

    fn expedition(&self, so_far: &Orders, x: &ExpeditionOrder) -> R<()> {
        let Some(ship) = self.state.ships.get(&x.ship) else {
            return Err(Reject::new(format!("Vaisseau inconnu « {} ».", x.ship)));
        };
        if !ship.in_service() {
            return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", ship.name)));
        }
        if !self.may_use_ship(so_far, &x.ship) {
            return Err(Reject::new(format!(
                "Le vaisseau « {} » n'est pas à votre famille ce tour (4.2 : il peut vous être prêté ou vendu par CESSION).",
                ship.name
            )));
        }
        if so_far.expeditions.iter().any(|y| y.ship == x.ship) {
            return Err(Reject::new(format!("Une EXPEDITION est déjà donnée plus haut pour « {} ».", ship.name)));
        }
        let cap = self.own_free(x.captain)?;
        let n = self.name(x.captain);
        if cap.training != Some(Training::Explorer) {
            return Err(Reject::new(format!("{n} n'est pas explorateur : seul un explorateur peut être capitaine (4.7).")));
        }
        if self.state.is_judge(x.captain) || self.state.governorship(x.captain).is_some() {
            return Err(Reject::new(format!("{n} est juge ou gouverneur et ne peut partir (27.2.5, 27.4.4).")));
        }
        if so_far.expeditions.iter().any(|y| y.captain == x.captain || y.guests.contains(&x.captain)) {
            return Err(Reject::new(format!("{n} part déjà avec une autre expédition plus haut.")));
        }
        if let Some(p) = so_far.location_of(x.captain) {
            if *p != Place::Ship(x.ship.clone()) {
                return Err(Reject::new(format!("{n} a déjà un autre LIEU plus haut.")));
            }
        }
        for g in &x.guests {
            self.alive(*g)?;
            if *g == x.captain {
                return Err(Reject::new(format!("{n} est le capitaine : inutile de l'inviter.")));
            }
            // 4.6: the organiser's own guest boards only if his LIEU agrees.
            let own = self.state.character(*g).is_some_and(|c| c.family == self.family);
            match so_far.location_of(*g) {
                Some(p) if own && *p != Place::Ship(x.ship.clone()) => {
                    let (gn, ship) = (self.name(*g), self.ship_name(&x.ship));
                    return Err(Reject::new(format!(
                        "{gn} est invité mais son LIEU plus haut n'est pas VAISSEAU « {ship} » : il ne partirait pas (4.6). Corrigez son LIEU ou retirez-le des INVITES."
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn transfer(&self, so_far: &Orders, t: &TransferOrder) -> R<()> {
        let Some(ship) = self.state.ships.get(&t.ship) else {
            return Err(Reject::new(format!("Vaisseau inconnu « {} ».", t.ship)));
        };
        if !ship.in_service() {
            return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", ship.name)));
        }
        if t.from != self.family && t.to != self.family {
            return Err(Reject::new("Votre famille doit être celle qui cède ou celle qui reçoit (28.4)."));
        }
        if t.from == t.to {
            return Err(Reject::new("CESSION : les deux familles sont la même."));
        }
        if ship.owner != t.from {
            return Err(Reject::new(format!(
                "Le vaisseau « {} » appartient à la famille {}, pas à {} (4.2).",
                ship.name,
                self.family_name(&ship.owner),
                self.family_name(&t.from)
            )));
        }
        if so_far.transfers.iter().any(|y| y.ship == t.ship) {
            return Err(Reject::new(format!("Une CESSION est déjà donnée plus haut pour « {} ».", ship.name)));
        }
        Ok(())
    }

    fn baptism(&self, so_far: &Orders, b: &BaptismOrder) -> R<()> {
        let c = self.own(b.young)?;
        let n = self.name(b.young);
        if c.baptised {
            return Err(Reject::new(format!("{n} est déjà baptisé{} (9.1).", e(c))));
        }
        if !self.state.needs_baptism(c) {
            return Err(Reject::new(format!("{n} est né{} ce cycle : le baptême viendra au prochain tour (9.1).", e(c))));
        }
        if so_far.baptisms.iter().any(|x| x.young == b.young) {
            return Err(Reject::new(format!("Un BAPTEME est déjà donné plus haut pour {n}.")));
        }
        let k = crate::text::key(&b.first_name);
        let taken = self.state.members(self.family).any(|m| crate::text::key(&m.first_name) == k)
            || so_far.baptisms.iter().any(|x| crate::text::key(&x.first_name) == k)
            || so_far.bastard.as_ref().is_some_and(|x| crate::text::key(&x.first_name) == k);
        if taken {
            return Err(Reject::new(format!("Le prénom {} est déjà pris dans votre famille.", b.first_name)));
        }
        if let Some(p) = b.priest {
            let pr = self.alive(p)?;
            if !pr.is_priest() {
                return Err(Reject::new(format!("{} n'est pas prêtre : seul un prêtre baptise (9.1).", self.name(p))));
            }
            if pr.heretic {
                return Err(Reject::new(format!("{} est hérétique : pas de baptême par un hérétique (9.1).", self.name(p))));
            }
            self.free(pr)?;
        }
        Ok(())
    }

    fn verdict(&self, so_far: &Orders, v: &VerdictOrder) -> R<()> {
        self.own(v.judge)?;
        let n = self.name(v.judge);
        if !self.state.is_judge(v.judge) && self.state.emperor() != Some(v.judge) {
            return Err(Reject::new(format!("{n} n'est ni juge ni Empereur : pas de verdict (22.2).")));
        }
        let Some(trial) = self.state.trials.iter().find(|t| t.case_no == v.case_no) else {
            let nos: Vec<String> = self.state.trials.iter().map(|t| t.case_no.to_string()).collect();
            return Err(Reject::with(
                format!("Il n'y a pas d'affaire n° {} à juger ce tour.", v.case_no),
                if nos.is_empty() { None } else { Some(format!("affaires : {}", nos.join(", "))) },
            ));
        };
        if trial.accused == v.judge {
            return Err(Reject::new(format!("{n} est l'accusé de l'affaire n° {} : un juge ne se juge pas (22.7).", v.case_no)));
        }
        if let Vote::Guilty { years } | Vote::Innocent { years } = v.vote {
            if !matches!(years, 10 | 20 | 30 | 40 | 50) {
                return Err(Reject::new(format!("La peine doit être de 10, 20, 30, 40 ou 50 ans, pas {years} (22.2).")));
            }
        }
        if so_far.verdicts.iter().any(|x| x.judge == v.judge && x.case_no == v.case_no) {
            return Err(Reject::new(format!("{n} a déjà un verdict plus haut pour l'affaire n° {}.", v.case_no)));
        }
        Ok(())
    }

    // ---- powers -------------------------------------------------------

    fn emperor(&self, so_far: &Orders, p: &EmperorPower) -> R<()> {
        self.holds_head(Pyramid::Government)?;
        let e = &so_far.emperor;
        let once = |used: bool, what: &str| -> R<()> {
            if used {
                Err(Reject::new(format!("EMPEREUR {what} est déjà donné plus haut : une fois par tour.")))
            } else {
                Ok(())
            }
        };
        match p {
            EmperorPower::Disgrace(id) => {
                once(e.disgrace.is_some(), "DISGRACE")?;
                self.below_head(Pyramid::Government, *id)
            }
            EmperorPower::SpecialDisgrace(id) => {
                once(e.special_disgrace.is_some(), "DISGRACE-SPECIALE")?;
                self.alive(*id)?;
                let below = Pyramid::ALL.iter().any(|p| self.state.pyramid(*p).seat_of(*id).is_some_and(|s| s > 0));
                if !below {
                    return Err(Reject::new(format!(
                        "{} n'est dauphin ni conseiller d'aucune pyramide (18.1).",
                        self.name(*id)
                    )));
                }
                Ok(())
            }
            EmperorPower::RemoveJudge(id) => {
                once(e.remove_judge.is_some(), "DESTITUER-JUGE")?;
                self.alive(*id)?;
                if !self.state.is_judge(*id) {
                    return Err(Reject::new(format!("{} n'est pas juge à la Haute Cour (18.2).", self.name(*id))));
                }
                Ok(())
            }
            EmperorPower::War => {
                once(e.war, "GUERRE")?;
                if !self.state.planets.values().any(|p| p.held_by_pouarks()) {
                    return Err(Reject::new("Aucune planète connue n'est aux mains des Pouarks : pas de guerre possible (12.2)."));
                }
                Ok(())
            }
            EmperorPower::Target(p) => {
                once(e.target.is_some(), "CIBLE")?;
                if !self.state.planets.get(p).is_some_and(|pl| pl.held_by_pouarks()) {
                    return Err(Reject::new(format!("{} n'est pas aux mains des Pouarks (12.2).", self.planet_name(p))));
                }
                Ok(())
            }
            EmperorPower::Pardon(id) => {
                once(e.pardon.is_some(), "GRACE")?;
                let c = self.alive(*id)?;
                let accused = self.state.trials.iter().any(|t| t.accused == *id);
                if c.sentence.is_none() && !accused {
                    return Err(Reject::new(format!("{} n'est ni au bagne ni accusé dans un procès (24).", self.name(*id))));
                }
                Ok(())
            }
        }
    }

    fn archpope(&self, so_far: &Orders, p: &ArchpopePower) -> R<()> {
        self.holds_head(Pyramid::Church)?;
        let a = &so_far.archpope;
        match p {
            ArchpopePower::Disgrace(id) => {
                if a.disgrace.is_some() {
                    return Err(Reject::new("ARCHIPAPE DISGRACE est déjà donné plus haut : une fois par tour."));
                }
                self.below_head(Pyramid::Church, *id)
            }
            ArchpopePower::Excommunicate(id) => {
                if a.excommunicate.is_some() {
                    return Err(Reject::new("ARCHIPAPE EXCOMMUNIER est déjà donné plus haut : une fois par tour (19.1)."));
                }
                let c = self.alive(*id)?;
                if c.heretic {
                    return Err(Reject::new(format!("{} est déjà hérétique.", self.name(*id))));
                }
                Ok(())
            }
            ArchpopePower::Pardon(id) => {
                if a.pardon.is_some() {
                    return Err(Reject::new("ARCHIPAPE PARDON est déjà donné plus haut : un seul par cycle (25.1)."));
                }
                let c = self.alive(*id)?;
                if !c.heretic {
                    return Err(Reject::new(format!("{} n'est pas hérétique (25.1).", self.name(*id))));
                }
                Ok(())
            }
            ArchpopePower::Prosthesis(ids) => {
                let max = self.state.prosthesis_permits() as usize;
                for id in ids {
                    self.alive(*id)?;
                    if a.prosthesis_permits.contains(id) {
                        return Err(Reject::new(format!("{} a déjà une autorisation plus haut (1.3.4).", self.name(*id))));
                    }
                }
                if a.prosthesis_permits.len() + ids.len() > max {
                    return Err(Reject::new(format!(
                        "L'Archipape ne peut accorder que {max} autorisation{} de cyberprothèse par tour (J/4 arrondi au-dessus, 1.3.4).",
                        if max > 1 { "s" } else { "" }
                    )));
                }
                Ok(())
            }
            ArchpopePower::Remarriage(ids) => {
                for id in ids {
                    let c = self.alive(*id)?;
                    if !c.is_widowed() {
                        return Err(Reject::new(format!("{} n'est pas veuf ou veuve (3.6).", self.name(*id))));
                    }
                }
                Ok(())
            }
        }
    }

    fn general(&self, so_far: &Orders, p: &GeneralPower) -> R<()> {
        let g = &so_far.general;
        if let GeneralPower::Coup = p {
            // 17.1: the Grand General, or in his absence the 1st heir.
            let heir_family = self.state.pyramid(Pyramid::Army).seats[1].and_then(|c| self.state.family_of(c));
            if self.holds_head(Pyramid::Army).is_err() && heir_family.map(String::as_str) != Some(self.family) {
                return Err(Reject::new(
                    "Seul le Grand Général, ou en son absence le 1er dauphin de l'Armée, peut lancer un coup d'État (17.1).",
                ));
            }
            if g.coup {
                return Err(Reject::new("GENERAL COUP-D-ETAT est déjà donné plus haut."));
            }
            return Ok(());
        }
        self.holds_head(Pyramid::Army)?;
        match p {
            GeneralPower::Disgrace(id) => {
                if g.disgrace.is_some() {
                    return Err(Reject::new("GENERAL DISGRACE est déjà donné plus haut : une fois par tour."));
                }
                self.below_head(Pyramid::Army, *id)
            }
            GeneralPower::Commander(fleet, id) => {
                let used = match fleet {
                    super::super::model::FleetNo::First => g.commander_1.is_some(),
                    super::super::model::FleetNo::Second => g.commander_2.is_some(),
                };
                if used {
                    return Err(Reject::new(format!("GENERAL COMMANDANT {} est déjà donné plus haut.", fleet.number())));
                }
                self.alive(*id)?;
                if self.state.pyramid(Pyramid::Army).seat_of(*id).is_none() {
                    return Err(Reject::new(format!("{} n'est pas dans la pyramide de l'Armée (6.3).", self.name(*id))));
                }
                let other = match fleet {
                    super::super::model::FleetNo::First => g.commander_2,
                    super::super::model::FleetNo::Second => g.commander_1,
                };
                if other == Some(*id) {
                    return Err(Reject::new(format!("{} commande déjà l'autre flotte.", self.name(*id))));
                }
                Ok(())
            }
            GeneralPower::Strategy(_) => {
                if g.strategy.is_some() {
                    return Err(Reject::new("GENERAL STRATEGIE est déjà donné plus haut."));
                }
                Ok(())
            }
            GeneralPower::Patrol(ps) => {
                if g.patrol.is_some() {
                    return Err(Reject::new("GENERAL PATROUILLE est déjà donné plus haut."));
                }
                if ps.len() > 3 {
                    return Err(Reject::new("GENERAL PATROUILLE : trois planètes au plus (11.2.2)."));
                }
                for p in ps {
                    let ok = self.state.planets.get(p).is_some_and(|pl| pl.is_colony() && !pl.held_by_pouarks());
                    if !ok {
                        return Err(Reject::new(format!(
                            "{} n'est pas une colonie de l'Empire ou aux mains des rebelles (11.3).",
                            self.planet_name(p)
                        )));
                    }
                }
                let possible = self.state.planets.values().filter(|pl| pl.is_colony() && !pl.held_by_pouarks()).count();
                if ps.len() < 3.min(possible) {
                    return Err(Reject::new("GENERAL PATROUILLE : désignez trois colonies (11.2.2)."));
                }
                Ok(())
            }
            GeneralPower::Coup => Ok(()),
        }
    }

    fn commander(&self, so_far: &Orders, p: &GrandCommanderPower) -> R<()> {
        self.holds_head(Pyramid::Explorers)?;
        let g = &so_far.grand_commander;
        match p {
            GrandCommanderPower::Disgrace(id) => {
                if g.disgrace.is_some() {
                    return Err(Reject::new("COMMANDEUR DISGRACE est déjà donné plus haut : une fois par tour."));
                }
                self.below_head(Pyramid::Explorers, *id)
            }
            GrandCommanderPower::Forbid(s) => {
                if g.forbid.is_some() {
                    return Err(Reject::new("COMMANDEUR INTERDIRE est déjà donné plus haut : un seul vaisseau par tour (4.8)."));
                }
                if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(format!("Le vaisseau « {} » n'est plus en service.", self.ship_name(s))));
                }
                Ok(())
            }
            GrandCommanderPower::Permit(ids) => {
                for id in ids {
                    let c = self.alive(*id)?;
                    if c.training != Some(Training::Explorer) {
                        return Err(Reject::new(format!("{} n'est pas explorateur (4.7).", self.name(*id))));
                    }
                    if self.state.pyramid(Pyramid::Explorers).seat_of(*id).is_some() {
                        return Err(Reject::new(format!(
                            "{} est dans la pyramide des explorateurs et n'a pas besoin de permis (4.7).",
                            self.name(*id)
                        )));
                    }
                    if g.permits.contains(id) {
                        return Err(Reject::new(format!("{} a déjà un permis plus haut.", self.name(*id))));
                    }
                }
                if g.permits.len() + ids.len() > 2 {
                    return Err(Reject::new("Le Grand Commandeur n'accorde que 2 permis d'exploration par tour (4.7)."));
                }
                Ok(())
            }
        }
    }

    fn master(&self, so_far: &Orders, p: &MasterMerchantPower) -> R<()> {
        self.holds_head(Pyramid::Merchants)?;
        let m = &so_far.master_merchant;
        match p {
            MasterMerchantPower::Disgrace(id) => {
                if m.disgrace.is_some() {
                    return Err(Reject::new("MAITRE DISGRACE est déjà donné plus haut : une fois par tour."));
                }
                self.below_head(Pyramid::Merchants, *id)
            }
            MasterMerchantPower::RemovePost(f, planet) => {
                if m.remove_post.is_some() {
                    return Err(Reject::new("MAITRE SUPPRIMER-COMPTOIR est déjà donné plus haut : une fois par tour."));
                }
                if !self.state.family(f).is_some_and(|fam| fam.trading_posts.contains(planet)) {
                    return Err(Reject::new(format!(
                        "La famille {} n'a pas de comptoir sur {}.",
                        self.family_name(f),
                        self.planet_name(planet)
                    )));
                }
                Ok(())
            }
            MasterMerchantPower::Close(planet) => {
                if m.close.is_some() {
                    return Err(Reject::new("MAITRE FERMER est déjà donné plus haut : une planète par tour."));
                }
                if !self.state.planets.get(planet).is_some_and(|p| p.is_colony()) {
                    return Err(Reject::new(format!("{} n'est pas une colonie.", self.planet_name(planet))));
                }
                Ok(())
            }
            MasterMerchantPower::BanExchange(fs) => {
                let max = self.state.exchange_bans_allowed() as usize;
                for f in fs {
                    if m.exchange_bans.contains(f) {
                        return Err(Reject::new(format!("La famille {} est déjà interdite de bourse plus haut.", self.family_name(f))));
                    }
                }
                if m.exchange_bans.len() + fs.len() > max {
                    return Err(Reject::new(format!(
                        "Le Maître marchand ne peut interdire la bourse qu'à {max} famille{} ce tour (familles avec marchands / 4, arrondi au-dessus).",
                        if max > 1 { "s" } else { "" }
                    )));
                }
                Ok(())
            }
        }
    }
}
