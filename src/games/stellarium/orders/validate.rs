//! Checks of one typed order against the state and against the orders
//! already accepted from the same submission (multi-line limits: the later
//! offending line is the one rejected). Each problem is one [`Refusal`]
//! (a message of `locales/*/stellarium-orders.ftl`, with the rule number).

use crate::game::FamilyKey;

use super::super::model::{
    Captor, Character, CharacterId, Family, Marital, Place, Pyramid, Sex, State, Training, FREE_PP, MAX_CONTRACTS,
    MAX_PROSTHESES,
};
use super::parse::{Reject, R};
use super::refusal::{CaptorKind, DebtAct, PowerOnce, Refusal as Rf};
use super::types::*;

/// The context of one family's submission.
pub struct Checker<'a> {
    pub state: &'a State,
    pub family: &'a str,
    pub fam: Option<&'a Family>,
    /// The index names are looked up in.
    pub names: &'a super::names::Names<'a>,
}

impl<'a> Checker<'a> {
    pub fn new(state: &'a State, family: &'a str, names: &'a super::names::Names<'a>) -> Checker<'a> {
        Checker { state, family, fam: state.family(family), names }
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
        self.state.character(id).ok_or_else(|| Reject::new(Rf::UnknownCharacterId { id: id.to_string() }))
    }

    /// Any living character.
    fn alive(&self, id: CharacterId) -> R<&'a Character> {
        let c = self.ch(id)?;
        match &c.death {
            Some(d) => Err(Reject::new(Rf::Dead { name: self.name(id), gender: c.sex, year: d.year.into() })),
            None => Ok(c),
        }
    }

    /// A living character of the family giving orders.
    fn own(&self, id: CharacterId) -> R<&'a Character> {
        let c = self.ch(id)?;
        if c.family != self.family {
            return Err(Reject::new(Rf::NotYours { name: self.name(id) }));
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
            return Err(Reject::new(Rf::InPrison { name: self.name(c.id), planet: planet.to_string(), years: s.years_remaining.into() }));
        }
        if let Some(cap) = &c.captivity {
            return Err(Reject::new(Rf::Captive { name: self.name(c.id), gender: c.sex, captor: CaptorKind::from(&cap.captor) }));
        }
        Ok(())
    }

    fn not_in_debt(&self, act: DebtAct) -> R<()> {
        if let Some(f) = self.fam {
            if f.in_debt() {
                return Err(Reject::new(Rf::InDebt { money: f.money, act }));
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
            _ => Err(Reject::new(Rf::NotHead { pyramid: p })),
        }
    }

    /// An heir or councillor of `p` (20.1: the head disgraces a member of his pyramid).
    fn below_head(&self, p: Pyramid, id: CharacterId) -> R<()> {
        self.alive(id)?;
        match self.state.pyramid(p).seat_of(id) {
            Some(s) if s > 0 => Ok(()),
            Some(_) => Err(Reject::new(Rf::HeadNotDisgraced { name: self.name(id) })),
            None => Err(Reject::new(Rf::NotBelowHead { name: self.name(id), pyramid: p, rule: "20.1".into() })),
        }
    }

    /// Checks `order` against the state and the orders accepted so far.
    pub fn check(&self, so_far: &Orders, order: &Order) -> R<()> {
        let founding = self.founding();
        let turn0_kind = matches!(order, Order::Founder(_) | Order::Advertising(_));
        let foundation_ok = turn0_kind || matches!(order, Order::Bid(_) | Order::Candidacy(_));
        if founding && !foundation_ok {
            return Err(Reject::new(Rf::NotFounded));
        }
        if !founding && turn0_kind {
            return Err(Reject::new(Rf::FoundationOnly));
        }
        match order {
            Order::Founder(f) => self.founder(so_far, f),
            Order::Advertising(n) => {
                if so_far.advertising > 0 {
                    return Err(Reject::new(Rf::AdvertisingTwice));
                }
                if *n == 0 {
                    return Err(Reject::new(Rf::AdvertisingZero));
                }
                if i64::from(*n) > self.money() {
                    return Err(Reject::new(Rf::AdvertisingTooDear { n: (*n).into(), money: self.money() }));
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
                    return Err(Reject::new(Rf::NotHostage { name: self.name(*id) }));
                }
                if so_far.ransoms.contains(id) {
                    return Err(Reject::new(Rf::RansomTwice { name: self.name(*id) }));
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
                            return Err(Reject::new(Rf::BirthsUnmarried { name: self.name(b.who), gender: c.sex }));
                        }
                    }
                }
                if so_far.births.iter().any(|x| x.who == b.who) {
                    return Err(Reject::new(Rf::BirthsTwice { name: self.name(b.who) }));
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
                    return Err(Reject::new(Rf::AlreadyTrained { name: self.name(t.who) }));
                }
                if !self.state.needs_training(c) {
                    return Err(Reject::new(Rf::TooYoungToTrain { name: self.name(t.who) }));
                }
                if so_far.trainings.iter().any(|x| x.who == t.who) {
                    return Err(Reject::new(Rf::TrainingTwice { name: self.name(t.who) }));
                }
                Ok(())
            }
            Order::Coup(s) => {
                self.own(s.who)?;
                if self.state.pyramid(Pyramid::Army).seat_of(s.who).is_none() {
                    return Err(Reject::new(Rf::NotInArmy { name: self.name(s.who), rule: "17.2".into() }));
                }
                if so_far.coup_stances.iter().any(|x| x.who == s.who) {
                    return Err(Reject::new(Rf::CoupTwice { name: self.name(s.who) }));
                }
                Ok(())
            }
            Order::Deposition(d) => {
                self.own(d.who)?;
                match self.state.pyramid(d.pyramid).seat_of(d.who) {
                    Some(s) if s > 0 => {}
                    _ => {
                        return Err(Reject::new(Rf::NotBelowHead { name: self.name(d.who), pyramid: d.pyramid, rule: "21.1".into() }))
                    }
                }
                if so_far.depositions.iter().any(|x| x == d) {
                    return Err(Reject::new(Rf::DepositionTwice));
                }
                Ok(())
            }
            Order::Verdict(v) => self.verdict(so_far, v),
            Order::Resign(id) => {
                self.own(*id)?;
                if !self.state.is_judge(*id) {
                    return Err(Reject::new(Rf::NotJudge { name: self.name(*id), rule: "27.2.8".into() }));
                }
                if so_far.resignations.contains(id) {
                    return Err(Reject::new(Rf::ResignTwice));
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
            return Err(Reject::new(Rf::FounderTwice { n: f.n.into() }));
        }
        if so_far.founders.iter().any(|x| crate::text::key(&x.first_name) == crate::text::key(&f.first_name)) {
            return Err(Reject::new(Rf::FirstNameTaken { first_name: f.first_name.clone() }));
        }
        match (f.n, f.training) {
            (1..=6, None) => {
                return Err(Reject::new(Rf::FounderNeedsTraining { n: f.n.into() }))
            }
            (7 | 8, Some(_)) => {
                return Err(Reject::new(Rf::FounderTooYoung { n: f.n.into() }))
            }
            (1..=4, Some(Training::Priest)) => {
                return Err(Reject::new(Rf::FounderMarriedPriest { n: f.n.into() }))
            }
            _ => {}
        }
        let used: u32 = so_far.founders.iter().map(|x| x.extra_pp).sum();
        let pool = self.pp_pool(so_far);
        if used + f.extra_pp > pool {
            return Err(Reject::new(Rf::PpOverPool { pool: pool.into(), used: used.into(), here: f.extra_pp.into() }));
        }
        Ok(())
    }

    fn bid(&self, so_far: &Orders, b: &BidOrder) -> R<()> {
        self.not_in_debt(DebtAct::Bid)?;
        if so_far.bid.is_some() {
            return Err(Reject::new(Rf::BidTwice));
        }
        if !self.state.ship_for_sale {
            return Err(Reject::new(Rf::NoShipForSale));
        }
        if b.amount == 0 {
            return Err(Reject::new(Rf::BidZero));
        }
        if self.founding() {
            // e, 28.1: at the foundation nothing comes in before the auction:
            // a bid above the money left after PUBLICITE can never be paid.
            let (money, advertising) = (self.money(), i64::from(so_far.advertising));
            let left = money - advertising;
            if i64::from(b.amount) > left {
                return Err(Reject::new(Rf::BidUnpayable { amount: b.amount.into(), left, money, advertising }));
            }
        }
        if self.state.ship(&b.ship_name).is_some() {
            return Err(Reject::new(Rf::ShipNameTaken { ship_name: b.ship_name.clone() }));
        }
        super::parse::check_first_name(&b.ship_name).map_err(|_| Reject::new(Rf::BidBadShipName))?;
        Ok(())
    }

    fn candidacy(&self, so_far: &Orders, c: &CandidacyOrder) -> R<()> {
        if so_far.candidacies.iter().any(|x| x == c) {
            return Err(Reject::new(Rf::CandidacyTwice));
        }
        let who_name = match &c.who {
            CandidateRef::Founder(n) => {
                let f = so_far.founders.iter().find(|f| f.n == *n);
                let Some(f) = f else {
                    return Err(Reject::new(Rf::FounderNotGiven { n: (*n).into() }));
                };
                if *n >= 7 {
                    return Err(Reject::new(Rf::CandidateTooYoung { first_name: f.first_name.clone() }));
                }
                if c.office == Office::Judge {
                    let base = super::super::model::FOUNDER_BASE_PP[usize::from(n.clamp(&1, &8) - 1)];
                    if base + i64::from(f.extra_pp) < 10 {
                        return Err(Reject::new(Rf::JudgePpTooLow { first_name: f.first_name.clone(), pp: base + i64::from(f.extra_pp) }));
                    }
                }
                f.first_name.clone()
            }
            CandidateRef::Character(id) => {
                let ch = self.own_free(*id)?;
                if ch.training.is_none() {
                    return Err(Reject::new(Rf::CandidateUntrained { name: self.name(*id) }));
                }
                if c.office == Office::Judge && self.state.is_judge(*id) {
                    return Err(Reject::new(Rf::AlreadyJudge { name: self.name(*id) }));
                }
                self.name(*id)
            }
        };
        if let Office::Governor(p) = &c.office {
            let planet = self.state.planets.get(p);
            let Some(planet) = planet.filter(|pl| pl.is_colony()) else {
                return Err(Reject::new(Rf::NoGovernorThere { planet: self.planet_name(p) }));
            };
            if !planet.held_by_empire() {
                return Err(Reject::new(Rf::NotImperial { planet: planet.name.clone(), rule: "27.4.2".into() }));
            }
            if !self.fam.is_some_and(|f| f.trading_posts.contains(p)) {
                return Err(Reject::new(Rf::NoPostCandidate { planet: planet.name.clone(), name: who_name }));
            }
        }
        Ok(())
    }

    // ---- every turn ----------------------------------------------------

    fn location(&self, so_far: &Orders, l: &LocationOrder) -> R<()> {
        let c = self.own_free(l.who)?;
        let n = self.name(l.who);
        let Some(training) = c.training else {
            return Err(Reject::new(Rf::LocationUntrained { name: n }));
        };
        if so_far.locations.iter().any(|x| x.who == l.who) {
            return Err(Reject::new(Rf::LocationTwice { name: n }));
        }
        if let Some(x) = so_far.expeditions.iter().find(|x| x.captain == l.who) {
            if l.place != Place::Ship(x.ship.clone()) {
                return Err(Reject::new(Rf::CaptainElsewhere { name: n, ship: self.ship_name(&x.ship) }));
            }
        }
        if let Some(x) = so_far.expeditions.iter().find(|x| x.guests.contains(&l.who)) {
            if l.place != Place::Ship(x.ship.clone()) {
                let ship = self.ship_name(&x.ship);
                return Err(Reject::new(Rf::GuestElsewhere { name: n, ship }));
            }
        }
        if self.state.is_judge(l.who) && l.place != Place::Stellarium {
            return Err(Reject::new(Rf::JudgeStays { name: n }));
        }
        if let Some(gov) = self.state.governorship(l.who) {
            if l.place != Place::Colony(gov.to_string()) {
                return Err(Reject::new(Rf::GovernorStays { name: n, planet: self.planet_name(gov) }));
            }
            return Ok(());
        }
        match &l.place {
            Place::Stellarium => Ok(()),
            Place::Exchange { amount, .. } => {
                if training != Training::Merchant {
                    return Err(Reject::new(Rf::NotMerchantExchange { name: n }));
                }
                self.not_in_debt(DebtAct::Exchange)?;
                let staked: u32 = so_far
                    .locations
                    .iter()
                    .filter_map(|x| match x.place {
                        Place::Exchange { amount, .. } => Some(amount),
                        _ => None,
                    })
                    .sum();
                if i64::from(staked + amount) > self.money() {
                    return Err(Reject::new(Rf::StakesOverMoney { staked: (staked + amount).into(), money: self.money() }));
                }
                Ok(())
            }
            Place::Colony(p) => {
                let Some(planet) = self.state.planets.get(p) else {
                    return Err(Reject::new(Rf::UnknownPlanet { planet: p.clone() }));
                };
                if !planet.is_colony() {
                    return Err(Reject::new(Rf::NotImperialColony { planet: planet.name.clone() }));
                }
                if !planet.held_by_empire() {
                    return Err(Reject::new(Rf::NotImperial { planet: planet.name.clone(), rule: "5.2, 6.1".into() }));
                }
                match training {
                    Training::Merchant => {
                        if !self.fam.is_some_and(|f| f.trading_posts.contains(p)) {
                            return Err(Reject::new(Rf::NoPostMerchant { planet: planet.name.clone() }));
                        }
                        Ok(())
                    }
                    Training::Warrior => Ok(()),
                    Training::Priest => Err(Reject::new(Rf::PriestStays { name: n })),
                    Training::Explorer => Err(Reject::new(Rf::ExplorerStays { name: n })),
                }
            }
            Place::Fleet(_) => {
                if training != Training::Warrior {
                    return Err(Reject::new(Rf::NotWarriorFleet { name: n }));
                }
                Ok(())
            }
            Place::Ship(s) => {
                if training == Training::Merchant {
                    return Err(Reject::new(Rf::MerchantNoExpedition { name: n }));
                }
                let ship = self.state.ships.get(s);
                if !ship.is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(Rf::ShipOutOfService { ship: self.ship_name(s) }));
                }
                Ok(())
            }
        }
    }

    fn purchase(&self, so_far: &Orders, p: &PurchaseOrder) -> R<()> {
        self.not_in_debt(DebtAct::Purchase)?;
        let c = self.own(p.who)?;
        let n = self.name(p.who);
        if c.is_held_by_enemy() {
            return Err(Reject::new(Rf::PurchaseCaptive { name: n }));
        }
        let before: Vec<Item> = so_far.purchases.iter().filter(|x| x.who == p.who).flat_map(|x| x.items.iter().copied()).collect();
        for item in &p.items {
            if before.contains(item) {
                return Err(Reject::new(Rf::ItemTwice { item: *item, name: n }));
            }
        }
        if p.items.contains(&Item::Prosthesis) {
            if c.prostheses >= MAX_PROSTHESES {
                return Err(Reject::new(Rf::MaxProstheses { name: n, max: MAX_PROSTHESES.into() }));
            }
            if c.last_prosthesis_turn == Some(self.state.turn) {
                return Err(Reject::new(Rf::ProsthesisThisTurn { name: n }));
            }
        }
        let spent: usize = so_far.purchases.iter().map(|x| x.items.len()).sum();
        let total = (spent + p.items.len()) as i64;
        if total > self.money() {
            return Err(Reject::new(Rf::PurchasesOverMoney { total, money: self.money() }));
        }
        Ok(())
    }

    fn contract(&self, so_far: &Orders, k: &ContractOrder) -> R<()> {
        self.not_in_debt(DebtAct::Contract)?;
        let c = self.own(k.sponsor)?;
        if c.is_prisoner() {
            return Err(Reject::new(Rf::ContractPrisoner { name: self.name(k.sponsor) }));
        }
        if so_far.contracts.iter().any(|x| x.sponsor == k.sponsor) {
            return Err(Reject::new(Rf::ContractTwice { name: self.name(k.sponsor) }));
        }
        let credit = self.fam.map_or(0, |f| f.dark_tentacle_credit).min(MAX_CONTRACTS);
        if so_far.contracts.len() as u32 >= credit {
            return Err(Reject::new(Rf::ContractCredit { credit: credit.into() }));
        }
        if k.amount == 0 {
            return Err(Reject::new(Rf::ContractZero));
        }
        // 2.8.1 (RULINGS): the offers fit in the money left after the purchases.
        let bought = so_far.purchases.iter().map(|x| x.items.len()).sum::<usize>() as i64;
        let offered: i64 = so_far.contracts.iter().map(|x| i64::from(x.amount)).sum::<i64>() + i64::from(k.amount);
        if bought + offered > self.money() {
            return Err(Reject::new(Rf::OffersOverMoney { offered, left: self.money() - bought }));
        }
        match &k.kind {
            ContractKind::Assassination(t) | ContractKind::Kidnapping(t) | ContractKind::Scandal(t) => {
                self.alive(*t)?;
                if *t == k.sponsor {
                    return Err(Reject::new(Rf::ContractSelf));
                }
            }
            ContractKind::Sabotage(s) => {
                if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(Rf::ShipOutOfService { ship: self.ship_name(s) }));
                }
            }
            ContractKind::Bomb => {}
            ContractKind::Rebellion(p) => {
                let ok = self.state.planets.get(p).is_some_and(|pl| pl.is_colony() && pl.held_by_empire());
                if !ok {
                    return Err(Reject::new(Rf::RebellionNotColony { planet: self.planet_name(p) }));
                }
            }
            ContractKind::Treason(ships) => {
                for s in ships {
                    if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                        return Err(Reject::new(Rf::ShipOutOfService { ship: self.ship_name(s) }));
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
            return Err(Reject::new(Rf::MarriageNotOurs));
        }
        if groom.sex != Sex::Male {
            return Err(Reject::new(Rf::NotAMan { name: self.name(m.groom) }));
        }
        if bride.sex != Sex::Female {
            return Err(Reject::new(Rf::NotAWoman { name: self.name(m.bride) }));
        }
        if groom.family == bride.family {
            return Err(Reject::new(Rf::SameFamilyMarriage));
        }
        for c in [groom, bride] {
            let n = self.name(c.id);
            if c.training.is_none() {
                return Err(Reject::new(Rf::MarriageUntrained { name: n }));
            }
            if c.is_priest() {
                return Err(Reject::new(Rf::PriestNoMarriage { name: n, gender: c.sex }));
            }
            if c.heretic {
                return Err(Reject::new(Rf::HereticNoMarriage { name: n }));
            }
            if c.captivity.is_some() {
                return Err(Reject::new(Rf::CaptiveNoMarriage { name: n, gender: c.sex }));
            }
            if let Marital::Married { .. } = c.marital {
                let alive_spouse = c.spouse().and_then(|s| self.state.character(s)).is_some_and(|s| s.is_alive());
                if alive_spouse {
                    return Err(Reject::new(Rf::AlreadyMarried { name: n, gender: c.sex }));
                }
            }
            if so_far.marriages.iter().any(|x| x.groom == c.id || x.bride == c.id) {
                return Err(Reject::new(Rf::MarriageTwice { name: n }));
            }
        }
        let priest = self.alive(m.priest)?;
        if !priest.is_priest() {
            return Err(Reject::new(Rf::NotPriestMarriage { name: self.name(m.priest) }));
        }
        if priest.heretic {
            return Err(Reject::new(Rf::HereticPriestMarriage { name: self.name(m.priest) }));
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
            return Err(Reject::new(Rf::ThreeMarriages { family: self.family_name(other) }));
        }
        Ok(())
    }

    fn bastard(&self, so_far: &Orders, b: &BastardOrder) -> R<()> {
        if so_far.bastard.is_some() {
            return Err(Reject::new(Rf::BastardTwice));
        }
        if self.names.find_in_family(self.family, &b.first_name).is_some() {
            return Err(Reject::new(Rf::FirstNameTaken { first_name: b.first_name.clone() }));
        }
        let first_year = self.state.first_year();
        for c in self.state.living_members(self.family) {
            if c.sex != Sex::Male {
                continue;
            }
            match c.marital {
                Marital::Single | Marital::Widowed { .. } if !c.is_priest() => {
                    return Err(Reject::new(Rf::BastardSingleMan { first_name: c.first_name.clone() }));
                }
                Marital::Married { spouse, .. } => {
                    if let Some(w) = self.state.character(spouse) {
                        if w.is_alive() && w.age_in(first_year) < 41 {
                            return Err(Reject::new(Rf::BastardYoungWife { first_name: c.first_name.clone() }));
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
            return Err(Reject::new(Rf::UnknownShip { ship: x.ship.clone() }));
        };
        if !ship.in_service() {
            return Err(Reject::new(Rf::ShipOutOfService { ship: ship.name.clone() }));
        }
        if !self.may_use_ship(so_far, &x.ship) {
            return Err(Reject::new(Rf::ShipNotOurs { ship: ship.name.clone() }));
        }
        if so_far.expeditions.iter().any(|y| y.ship == x.ship) {
            return Err(Reject::new(Rf::ExpeditionTwice { ship: ship.name.clone() }));
        }
        let cap = self.own_free(x.captain)?;
        let n = self.name(x.captain);
        if cap.training != Some(Training::Explorer) {
            return Err(Reject::new(Rf::CaptainNotExplorer { name: n }));
        }
        if self.state.is_judge(x.captain) || self.state.governorship(x.captain).is_some() {
            return Err(Reject::new(Rf::CaptainCannotLeave { name: n }));
        }
        if so_far.expeditions.iter().any(|y| y.captain == x.captain || y.guests.contains(&x.captain)) {
            return Err(Reject::new(Rf::CaptainOnAnother { name: n }));
        }
        if let Some(p) = so_far.location_of(x.captain) {
            if *p != Place::Ship(x.ship.clone()) {
                return Err(Reject::new(Rf::CaptainOtherLocation { name: n }));
            }
        }
        for g in &x.guests {
            self.alive(*g)?;
            if *g == x.captain {
                return Err(Reject::new(Rf::CaptainInvited { name: n }));
            }
            // 4.6: the organiser's own guest boards only if his LIEU agrees.
            let own = self.state.character(*g).is_some_and(|c| c.family == self.family);
            match so_far.location_of(*g) {
                Some(p) if own && *p != Place::Ship(x.ship.clone()) => {
                    let (gn, ship) = (self.name(*g), self.ship_name(&x.ship));
                    return Err(Reject::new(Rf::GuestWrongLocation { name: gn, ship }));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn transfer(&self, so_far: &Orders, t: &TransferOrder) -> R<()> {
        let Some(ship) = self.state.ships.get(&t.ship) else {
            return Err(Reject::new(Rf::UnknownShip { ship: t.ship.clone() }));
        };
        if !ship.in_service() {
            return Err(Reject::new(Rf::ShipOutOfService { ship: ship.name.clone() }));
        }
        if t.from != self.family && t.to != self.family {
            return Err(Reject::new(Rf::TransferNotOurs));
        }
        if t.from == t.to {
            return Err(Reject::new(Rf::TransferSameFamily));
        }
        if ship.owner != t.from {
            return Err(Reject::new(Rf::ShipOwner { ship: ship.name.clone(), owner: self.family_name(&ship.owner), from: self.family_name(&t.from) }));
        }
        if so_far.transfers.iter().any(|y| y.ship == t.ship) {
            return Err(Reject::new(Rf::TransferTwice { ship: ship.name.clone() }));
        }
        Ok(())
    }

    fn baptism(&self, so_far: &Orders, b: &BaptismOrder) -> R<()> {
        let c = self.own(b.young)?;
        let n = self.name(b.young);
        if c.baptised {
            return Err(Reject::new(Rf::AlreadyBaptised { name: n, gender: c.sex }));
        }
        if !self.state.needs_baptism(c) {
            return Err(Reject::new(Rf::BornThisCycle { name: n, gender: c.sex }));
        }
        if so_far.baptisms.iter().any(|x| x.young == b.young) {
            return Err(Reject::new(Rf::BaptismTwice { name: n }));
        }
        let k = crate::text::key(&b.first_name);
        let taken = self.names.first_name_taken(self.family, &b.first_name)
            || so_far.baptisms.iter().any(|x| crate::text::key(&x.first_name) == k)
            || so_far.bastard.as_ref().is_some_and(|x| crate::text::key(&x.first_name) == k);
        if taken {
            return Err(Reject::new(Rf::FirstNameTaken { first_name: b.first_name.clone() }));
        }
        if let Some(p) = b.priest {
            let pr = self.alive(p)?;
            if !pr.is_priest() {
                return Err(Reject::new(Rf::NotPriestBaptism { name: self.name(p) }));
            }
            if pr.heretic {
                return Err(Reject::new(Rf::HereticBaptism { name: self.name(p) }));
            }
            self.free(pr)?;
        }
        Ok(())
    }

    fn verdict(&self, so_far: &Orders, v: &VerdictOrder) -> R<()> {
        self.own(v.judge)?;
        let n = self.name(v.judge);
        if !self.state.is_judge(v.judge) && self.state.emperor() != Some(v.judge) {
            return Err(Reject::new(Rf::NotJudgeNorEmperor { name: n }));
        }
        let Some(trial) = self.state.trials.iter().find(|t| t.case_no == v.case_no) else {
            let nos: Vec<String> = self.state.trials.iter().map(|t| t.case_no.to_string()).collect();
            // The cases of the turn, as digits in every language.
            let cases = if nos.is_empty() { None } else { Some(nos.join(", ")) };
            return Err(Reject::with(Rf::NoSuchCase { case_no: v.case_no.into() }, cases));
        };
        if trial.accused == v.judge {
            return Err(Reject::new(Rf::JudgeAccused { name: n, case_no: v.case_no.into() }));
        }
        if let Vote::Guilty { years } | Vote::Innocent { years } = v.vote {
            if !matches!(years, 10 | 20 | 30 | 40 | 50) {
                return Err(Reject::new(Rf::BadSentence { years: years.into() }));
            }
        }
        if so_far.verdicts.iter().any(|x| x.judge == v.judge && x.case_no == v.case_no) {
            return Err(Reject::new(Rf::VerdictTwice { name: n, case_no: v.case_no.into() }));
        }
        Ok(())
    }

    // ---- powers -------------------------------------------------------

    fn emperor(&self, so_far: &Orders, p: &EmperorPower) -> R<()> {
        self.holds_head(Pyramid::Government)?;
        let e = &so_far.emperor;
        let once = |used: bool, power: PowerOnce| -> R<()> {
            if used {
                Err(Reject::new(Rf::PowerTwice { power }))
            } else {
                Ok(())
            }
        };
        match p {
            EmperorPower::Disgrace(id) => {
                once(e.disgrace.is_some(), PowerOnce::EmperorDisgrace)?;
                self.below_head(Pyramid::Government, *id)
            }
            EmperorPower::SpecialDisgrace(id) => {
                once(e.special_disgrace.is_some(), PowerOnce::EmperorSpecialDisgrace)?;
                self.alive(*id)?;
                let below = Pyramid::ALL.iter().any(|p| self.state.pyramid(*p).seat_of(*id).is_some_and(|s| s > 0));
                if !below {
                    return Err(Reject::new(Rf::NotBelowAnyHead { name: self.name(*id) }));
                }
                Ok(())
            }
            EmperorPower::RemoveJudge(id) => {
                once(e.remove_judge.is_some(), PowerOnce::EmperorRemoveJudge)?;
                self.alive(*id)?;
                if !self.state.is_judge(*id) {
                    return Err(Reject::new(Rf::NotJudge { name: self.name(*id), rule: "18.2".into() }));
                }
                Ok(())
            }
            EmperorPower::War => {
                once(e.war, PowerOnce::EmperorWar)?;
                if !self.state.planets.values().any(|p| p.held_by_pouarks()) {
                    return Err(Reject::new(Rf::NoPouarkPlanet));
                }
                Ok(())
            }
            EmperorPower::Target(p) => {
                once(e.target.is_some(), PowerOnce::EmperorTarget)?;
                if !self.state.planets.get(p).is_some_and(|pl| pl.held_by_pouarks()) {
                    return Err(Reject::new(Rf::NotPouark { planet: self.planet_name(p) }));
                }
                Ok(())
            }
            EmperorPower::Pardon(id) => {
                once(e.pardon.is_some(), PowerOnce::EmperorPardon)?;
                let c = self.alive(*id)?;
                let accused = self.state.trials.iter().any(|t| t.accused == *id);
                if c.sentence.is_none() && !accused {
                    return Err(Reject::new(Rf::NotSentencedNorAccused { name: self.name(*id) }));
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
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::ArchpopeDisgrace }));
                }
                self.below_head(Pyramid::Church, *id)
            }
            ArchpopePower::Excommunicate(id) => {
                if a.excommunicate.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::ArchpopeExcommunicate }));
                }
                let c = self.alive(*id)?;
                if c.heretic {
                    return Err(Reject::new(Rf::AlreadyHeretic { name: self.name(*id) }));
                }
                Ok(())
            }
            ArchpopePower::Pardon(id) => {
                if a.pardon.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::ArchpopePardon }));
                }
                let c = self.alive(*id)?;
                if !c.heretic {
                    return Err(Reject::new(Rf::NotHeretic { name: self.name(*id) }));
                }
                Ok(())
            }
            ArchpopePower::Prosthesis(ids) => {
                let max = self.state.prosthesis_permits() as usize;
                for id in ids {
                    self.alive(*id)?;
                    if a.prosthesis_permits.contains(id) {
                        return Err(Reject::new(Rf::PermitTwice { name: self.name(*id) }));
                    }
                }
                if a.prosthesis_permits.len() + ids.len() > max {
                    return Err(Reject::new(Rf::ProsthesisPermits { max: max as i64 }));
                }
                Ok(())
            }
            ArchpopePower::Remarriage(ids) => {
                for id in ids {
                    let c = self.alive(*id)?;
                    if !c.is_widowed() {
                        return Err(Reject::new(Rf::NotWidowed { name: self.name(*id) }));
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
                return Err(Reject::new(Rf::CoupNotAllowed));
            }
            if g.coup {
                return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::GeneralCoup }));
            }
            return Ok(());
        }
        self.holds_head(Pyramid::Army)?;
        match p {
            GeneralPower::Disgrace(id) => {
                if g.disgrace.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::GeneralDisgrace }));
                }
                self.below_head(Pyramid::Army, *id)
            }
            GeneralPower::Commander(fleet, id) => {
                let used = match fleet {
                    super::super::model::FleetNo::First => g.commander_1.is_some(),
                    super::super::model::FleetNo::Second => g.commander_2.is_some(),
                };
                if used {
                    return Err(Reject::new(Rf::FleetCommanderTwice { fleet: fleet.number().into() }));
                }
                self.alive(*id)?;
                if self.state.pyramid(Pyramid::Army).seat_of(*id).is_none() {
                    return Err(Reject::new(Rf::NotInArmy { name: self.name(*id), rule: "6.3".into() }));
                }
                let other = match fleet {
                    super::super::model::FleetNo::First => g.commander_2,
                    super::super::model::FleetNo::Second => g.commander_1,
                };
                if other == Some(*id) {
                    return Err(Reject::new(Rf::OtherFleet { name: self.name(*id) }));
                }
                Ok(())
            }
            GeneralPower::Strategy(_) => {
                if g.strategy.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::GeneralStrategy }));
                }
                Ok(())
            }
            GeneralPower::Patrol(ps) => {
                if g.patrol.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::GeneralPatrol }));
                }
                if ps.len() > 3 {
                    return Err(Reject::new(Rf::PatrolTooMany));
                }
                for p in ps {
                    let ok = self.state.planets.get(p).is_some_and(|pl| pl.is_colony() && !pl.held_by_pouarks());
                    if !ok {
                        return Err(Reject::new(Rf::PatrolNotColony { planet: self.planet_name(p) }));
                    }
                }
                let possible = self.state.planets.values().filter(|pl| pl.is_colony() && !pl.held_by_pouarks()).count();
                if ps.len() < 3.min(possible) {
                    return Err(Reject::new(Rf::PatrolTooFew));
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
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::CommanderDisgrace }));
                }
                self.below_head(Pyramid::Explorers, *id)
            }
            GrandCommanderPower::Forbid(s) => {
                if g.forbid.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::CommanderForbid }));
                }
                if !self.state.ships.get(s).is_some_and(|s| s.in_service()) {
                    return Err(Reject::new(Rf::ShipOutOfService { ship: self.ship_name(s) }));
                }
                Ok(())
            }
            GrandCommanderPower::Permit(ids) => {
                for id in ids {
                    let c = self.alive(*id)?;
                    if c.training != Some(Training::Explorer) {
                        return Err(Reject::new(Rf::NotExplorer { name: self.name(*id) }));
                    }
                    if self.state.pyramid(Pyramid::Explorers).seat_of(*id).is_some() {
                        return Err(Reject::new(Rf::NeedsNoPermit { name: self.name(*id) }));
                    }
                    if g.permits.contains(id) {
                        return Err(Reject::new(Rf::ExplorationPermitTwice { name: self.name(*id) }));
                    }
                }
                if g.permits.len() + ids.len() > 2 {
                    return Err(Reject::new(Rf::PermitsMax));
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
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::MasterDisgrace }));
                }
                self.below_head(Pyramid::Merchants, *id)
            }
            MasterMerchantPower::RemovePost(f, planet) => {
                if m.remove_post.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::MasterRemovePost }));
                }
                if !self.state.family(f).is_some_and(|fam| fam.trading_posts.contains(planet)) {
                    return Err(Reject::new(Rf::NoPost { family: self.family_name(f), planet: self.planet_name(planet) }));
                }
                Ok(())
            }
            MasterMerchantPower::Close(planet) => {
                if m.close.is_some() {
                    return Err(Reject::new(Rf::PowerTwice { power: PowerOnce::MasterClose }));
                }
                if !self.state.planets.get(planet).is_some_and(|p| p.is_colony()) {
                    return Err(Reject::new(Rf::NotColony { planet: self.planet_name(planet) }));
                }
                Ok(())
            }
            MasterMerchantPower::BanExchange(fs) => {
                let max = self.state.exchange_bans_allowed() as usize;
                for f in fs {
                    if m.exchange_bans.contains(f) {
                        return Err(Reject::new(Rf::BanTwice { family: self.family_name(f) }));
                    }
                }
                if m.exchange_bans.len() + fs.len() > max {
                    return Err(Reject::new(Rf::BanMax { max: max as i64 }));
                }
                Ok(())
            }
        }
    }
}
