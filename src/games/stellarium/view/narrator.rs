//! The narrator: every event of a turn told as a message for one reader
//! (a family, or the public chronicle), and who may read it (`Vis`).

use super::*;
use crate::i18n::{Arg, Msg};
use crate::msg;

/// A purchase as `stellarium-item` names it.
fn item_name(i: Purchase) -> Msg {
    let item = match i {
        Purchase::Capsule => "capsule",
        Purchase::Bodyguards => "bodyguards",
        Purchase::Prosthesis => "prosthesis",
        Purchase::Doctor => "doctor",
        Purchase::Insurance => "insurance",
    };
    msg!("stellarium-item", item = item)
}

/// A kind of Dark Tentacle contract as `stellarium-contract-kind` names it.
pub(crate) fn kind_name(k: ContractKindTag) -> Msg {
    crate::games::stellarium::why::contract_kind(k)
}

fn fleet_key(f: FleetNo) -> &'static str {
    match f {
        FleetNo::First => "first",
        FleetNo::Second => "second",
    }
}

fn enemy_key(e: Enemy) -> &'static str {
    match e {
        Enemy::Rebels => "rebels",
        Enemy::Pouarks => "pouarks",
    }
}


/// A strength in hundredths of a warrior (11.2.1, 12.3.3), as `3,5`
/// (`stellarium-decimal`: the language's decimal separator).
fn strength(lang: Lang, h: u64) -> String {
    let (units, cents) = (h / 100, h % 100);
    if cents == 0 {
        return units.to_string();
    }
    let decimals = if cents % 10 == 0 { (cents / 10).to_string() } else { format!("{cents:02}") };
    msg!("stellarium-decimal", units = units.to_string(), decimals = decimals).render(lang)
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

/// Whose families an event is told to (the families of these characters,
/// or this family), as its arm of [`Narrator::tell`] decides.
enum Readers<'e> {
    Of(&'e [CharacterId]),
    Parents(CharacterId, CharacterId),
    Family(&'e FamilyKey),
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
    /// One or more messages, joined by a space.
    text: Vec<Msg>,
    dice: Option<Msg>,
    rule: String,
}

/// Turns events into sentences for one reader (`viewer`: a family, or
/// `None` for the public chronicle).
pub(crate) struct Narrator<'a> {
    lang: Lang,
    before: &'a State,
    after: &'a State,
    viewer: Option<&'a str>,
    /// The characters whose family (`fam`) is the viewer's: those of the
    /// family after the turn, and those of it before who are gone since.
    own: Vec<CharacterId>,
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
        let own = match viewer {
            Some(v) => {
                let gone = before.characters.values().filter(|c| c.family == v && !after.characters.contains_key(&c.id));
                after.characters.values().filter(|c| c.family == v).chain(gone).map(|c| c.id).collect()
            }
            None => Vec::new(),
        };
        Narrator { lang, before, after, viewer, own, contracts }
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

    /// The character's gender for the messages' selectors (`f` or `m`).
    fn g(&self, id: CharacterId) -> &'static str {
        if self.fem(id) {
            "f"
        } else {
            "m"
        }
    }

    /// The cycle year (1–10) of a game year.
    fn cycle_year(&self, game_year: i32) -> u8 {
        (game_year - self.before.first_year() + 1).clamp(1, 10) as u8
    }

    /// For the frequent events told only to the families they involve,
    /// whatever the reader (their arms of [`Narrator::tell`]): those
    /// families, and the year of the cycle `tell` gives them (`None`: the
    /// year of the event before). Another family's report passes over them
    /// without building their sentence: telling every family every event
    /// of the others was most of a view's time in a 1,000-family game, and
    /// grew with the square of the families
    /// (`skipping_events_told_to_others_changes_no_report`, narrator_samples.rs).
    fn readers<'e>(&self, e: &'e Event) -> Option<(Readers<'e>, Option<u8>)> {
        use std::slice::from_ref;
        Some(match e {
            Event::Prestige { who, .. }
            | Event::Revived { who, .. }
            | Event::LeftPyramid { who, .. }
            | Event::TrialOpened { accused: who, .. }
            | Event::TrialCancelled { accused: who, .. }
            | Event::Investigation { sponsor: who, .. } => (Readers::Of(from_ref(who)), None),
            Event::Purchased { who, .. }
            | Event::PurchaseRefused { who, .. }
            | Event::ProsthesisPermit { who }
            | Event::ProsthesisImplanted { who, .. }
            | Event::RemarriagePermit { who, .. }
            | Event::ExplorationPermit { who, .. }
            | Event::MerchantFallback { who, .. }
            | Event::MerchantIdle { who, .. }
            | Event::Trained { who, .. } => (Readers::Of(from_ref(who)), Some(1)),
            Event::ContractNotSelected { sponsors, .. } => (Readers::Of(sponsors), Some(1)),
            Event::Speculation { who, .. } | Event::ExchangeRefused { who, .. } | Event::TradeGains { who, .. } | Event::GovernorAttendance { who, .. } => {
                (Readers::Of(from_ref(who)), Some(10))
            }
            Event::TradingPostGranted { family, .. } => (Readers::Family(family), Some(10)),
            Event::Died { who, year, .. } => (Readers::Of(from_ref(who)), Some(self.cycle_year(*year))),
            Event::Births { father, mother, .. } => (Readers::Parents(*father, *mother), Some(1)),
            Event::Born { father, mother, year, .. } => (Readers::Parents(*father, *mother), Some(self.cycle_year(*year))),
            _ => return None,
        })
    }

    /// Whether `readers` include `family` (as `fam`/`fams`, without
    /// building the lists).
    fn reads(&self, readers: &Readers, family: &str) -> bool {
        let viewer = self.viewer == Some(family);
        let of = |id: &CharacterId| {
            if viewer {
                self.own.contains(id)
            } else {
                self.after.family_of(*id).or_else(|| self.before.family_of(*id)).is_some_and(|f| f == family)
            }
        };
        match readers {
            Readers::Of(ids) => ids.iter().any(of),
            Readers::Parents(a, b) => of(a) || of(b),
            Readers::Family(f) => *f == family,
        }
    }

    /// What a contract aims at, as the reader names it.
    fn target(&self, t: &ContractTarget) -> Msg {
        match t {
            ContractTarget::Character { id } => msg!("stellarium-target", on = "character", name = self.name(*id), ships = ""),
            ContractTarget::Ship { ship } => msg!("stellarium-target", on = "ship", name = self.ship(ship), ships = ""),
            ContractTarget::Exchange => msg!("stellarium-target", on = "exchange", name = "", ships = ""),
            ContractTarget::Colony { planet } => msg!("stellarium-target", on = "colony", name = self.planet(planet), ships = ""),
            ContractTarget::Pouarks { ships } => {
                let s: Vec<String> = ships.iter().map(|s| format!("« {} »", self.ship(s))).collect();
                msg!("stellarium-target", on = if s.is_empty() { "pouarks" } else { "pouark-ships" }, name = "", ships = s.join(", "))
            }
        }
    }

    fn seat_of(&self, p: Pyramid, seat: Seat, who: CharacterId) -> String {
        let sex = if self.fem(who) { Sex::Female } else { Sex::Male };
        seat_title(self.lang, p, seat, sex)
    }

    /// Whether a character belongs to the reader.
    fn is_mine(&self, id: CharacterId) -> bool {
        self.viewer.is_some_and(|v| self.fam(id).iter().any(|f| f == v))
    }

    /// The outcome of a trial (22.4, 2.3.4, 24.2).
    fn verdict_result(&self, accused: CharacterId, guilty: bool, years: u32, fine: Option<i64>, symbolic: bool) -> Msg {
        let (name, gender) = (self.name(accused), self.g(accused));
        match (guilty, fine) {
            (false, _) => msg!("stellarium-verdict-innocent", name = name, gender = gender),
            (true, Some(m)) => msg!("stellarium-verdict-fine", name = name, gender = gender, fine = m),
            (true, None) => msg!("stellarium-verdict-guilty", name = name, gender = gender, years = years, symbolic = if symbolic { "yes" } else { "no" }),
        }
    }

    /// A verdict with every judge's vote (22.2: public).
    pub(crate) fn verdict_view(&self, e: &Event) -> Option<VerdictView> {
        let Event::Verdict { case_no, accused, charge, votes, tie_breaker, guilty, years, fine, symbolic, .. } = e else {
            return None;
        };
        let charge_t = charge_text(self.lang, self.after, charge);
        Some(VerdictView {
            case: *case_no,
            accused: self.name(*accused),
            accusation: accusation(self.lang, self.fem(*accused), self.after, charge),
            charge: charge_t,
            votes: votes
                .iter()
                .map(|(j, v)| {
                    let (vote, years) = match v {
                        OrderVote::Guilty { years } => ("guilty", *years),
                        OrderVote::Innocent { years } => ("innocent", *years),
                        OrderVote::Abstain => ("abstain", 0),
                    };
                    let casting = if *tie_breaker == Some(*j) { "yes" } else { "no" };
                    JudgeVote { judge: self.name(*j), vote: msg!("stellarium-vote", vote = vote, years = years, casting = casting).render(self.lang) }
                })
                .collect(),
            result: self.verdict_result(*accused, *guilty, *years, *fine, *symbolic).render(self.lang),
        })
    }

    /// The message of one event, or `None` when it is not told at all
    /// (bookkeeping shown elsewhere, or nobody may read it). The one place
    /// where events become messages: an exhaustive match. The kinds
    /// [`Narrator::readers`] lists must keep the readers and the year it
    /// gives them (its test tells every kind both ways).
    fn tell(&self, e: &Event) -> Option<Told> {
        let told = |year: Option<u8>, section: &'static str, vis: Vis, involved: Vec<FamilyKey>, text: Msg, rule: &str| Told {
            year,
            section,
            vis,
            involved,
            text: vec![text],
            dice: None,
            rule: rule.to_string(),
        };
        let private = |fams: Vec<FamilyKey>| Vis::Families(fams);
        let yes = |b: bool| if b { "yes" } else { "no" };
        Some(match e {
            Event::Prestige { who, delta, rule, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-prestige", name = self.name(*who), delta = format!("{delta:+}"), reason = reason.clone());
                told(None, "family", private(f.clone()), f, text, rule)
            }
            // Shown in the money lines of the report.
            Event::Money { .. } | Event::Status { .. } | Event::Credit { .. } => return None,
            Event::Died { who, year, cause, place, rule } => {
                let f = self.fam(*who);
                let mine = self.viewer.is_some_and(|v| f.iter().any(|x| x == v));
                let cause = death_cause(self.lang, cause);
                // The place of a death is the family's business (it tells where
                // the character was).
                let text = match (mine, place) {
                    (true, Some(p)) => {
                        let place = if p == crate::games::stellarium::phases::p05_merchants::EXCHANGE_PLACE {
                            msg!("stellarium-exchange-place").render(self.lang)
                        } else {
                            self.after.planets.get(p).map(|x| x.name.clone()).unwrap_or_else(|| self.ship(p))
                        };
                        msg!("stellarium-ev-died-at", name = self.name(*who), cause = cause, place = place)
                    }
                    _ => msg!("stellarium-ev-died", name = self.name(*who), cause = cause),
                };
                told(Some(self.cycle_year(*year)), "death", Vis::Public, f, text, rule)
            }
            Event::Revived { who, rule } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-revived", name = self.name(*who), gender = self.g(*who));
                told(None, "death", private(f.clone()), f, text, rule)
            }
            Event::TrialOpened { case_no, accused, charge, rule } => {
                let acc = accusation(self.lang, self.fem(*accused), self.after, charge);
                let text = msg!("stellarium-ev-trial-opened", case_no = *case_no, name = self.name(*accused), accusation = acc, gender = self.g(*accused));
                told(None, "crime", Vis::Public, self.fam(*accused), text, rule)
            }
            Event::TrialCancelled { case_no, accused, rule } => {
                let text = msg!("stellarium-ev-trial-cancelled", case_no = *case_no, name = self.name(*accused));
                told(None, "crime", Vis::Public, self.fam(*accused), text, rule)
            }
            Event::LeftPyramid { who, pyramid, seat, rule } => {
                let text = msg!("stellarium-ev-left-pyramid", name = self.name(*who), seat = self.seat_of(*pyramid, *seat, *who));
                told(None, "power", Vis::Public, self.fam(*who), text, rule)
            }
            Event::FamilyFounded { family, advertising_pp, late_bonus_pp, by_default, .. } => {
                let mut t = told(Some(1), "assembly", Vis::Public, vec![family.clone()], msg!("stellarium-ev-family-founded", family = self.family_name(family)), "d");
                if self.viewer == Some(family.as_str()) {
                    if *advertising_pp > 0 {
                        t.text.push(msg!("stellarium-ev-founded-advertising", pp = *advertising_pp));
                    }
                    if *late_bonus_pp > 0 {
                        t.text.push(msg!("stellarium-ev-founded-late-bonus", pp = *late_bonus_pp));
                    }
                    if *by_default {
                        t.text.push(msg!("stellarium-ev-founded-by-default"));
                    }
                }
                t
            }
            Event::FoundationDefault { family, founder_no, what } => {
                let text = msg!("stellarium-ev-foundation-default", founder_no = *founder_no, what = what.clone());
                told(Some(1), "family", private(vec![family.clone()]), vec![family.clone()], text, "b–d")
            }
            Event::FounderMarriage { husband, wife } => {
                let text = msg!("stellarium-ev-founder-marriage", husband = self.name(*husband), wife = self.name(*wife));
                told(Some(1), "family", Vis::Public, self.fams(&[*husband, *wife]), text, "c")
            }
            Event::FounderWidowed { who } => {
                let text = msg!("stellarium-ev-founder-widowed", name = self.name(*who), gender = self.g(*who));
                let f = self.fam(*who);
                told(Some(1), "family", private(f.clone()), f, text, "c")
            }
            Event::JudgeElected { who, pp } => {
                let text = msg!("stellarium-ev-judge-elected", name = self.name(*who), gender = self.g(*who), pp = *pp);
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.2")
            }
            Event::SeatFilled { pyramid, seat, who, pp } => {
                let text = msg!("stellarium-ev-seat-filled", seat = self.seat_of(*pyramid, *seat, *who), name = self.name(*who), pp = *pp);
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.3")
            }
            Event::GovernorElected { planet, who, pp } => {
                let text = msg!("stellarium-ev-governor-elected", name = self.name(*who), gender = self.g(*who), planet = self.planet(planet), pp = *pp);
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.4")
            }
            Event::ShipBought { family, ship, price, bids } => {
                let text = msg!("stellarium-ev-ship-bought", family = self.family_name(family), ship = ship.as_str(), price = *price, bids = *bids);
                told(Some(10), "trade", Vis::Public, vec![family.clone()], text, "28")
            }
            Event::ShipUnsold => told(Some(10), "trade", Vis::Public, vec![], msg!("stellarium-ev-ship-unsold"), "28"),
            Event::BecamePnj { family } => {
                let text = msg!("stellarium-ev-became-pnj", family = self.family_name(family));
                told(Some(1), "power", Vis::Public, vec![family.clone()], text, "0.4")
            }
            Event::Purchased { who, item } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-purchased", name = self.name(*who), item = item_name(*item));
                told(Some(1), "family", private(f.clone()), f, text, "1")
            }
            Event::PurchaseRefused { who, item, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-purchase-refused", item = item_name(*item), name = self.name(*who), reason = reason.clone());
                told(Some(1), "family", private(f.clone()), f, text, "1")
            }
            Event::ProsthesisPermit { who } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-prosthesis-permit", name = self.name(*who));
                told(Some(1), "family", private(f.clone()), f, text, "1.3.4")
            }
            Event::ProsthesisImplanted { who, total, authorised } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-prosthesis-implanted", name = self.name(*who), total = *total, authorised = yes(*authorised));
                told(Some(1), "family", private(f.clone()), f, text, "1.3")
            }
            Event::ContractRefused { family, sponsor, reason } => {
                let text = msg!("stellarium-ev-contract-refused", sponsor = self.name(*sponsor), reason = reason.clone());
                told(Some(1), "crime", private(vec![family.clone()]), vec![family.clone()], text, "2")
            }
            Event::ContractNotSelected { sponsors, kind, target, total } => {
                let f = self.fams(sponsors);
                let text = msg!(
                    "stellarium-ev-contract-not-selected",
                    sponsors = self.names(sponsors),
                    kind = kind_name(*kind),
                    target = self.target(target),
                    total = *total
                );
                told(Some(1), "crime", private(f.clone()), f, text, "2.8.2")
            }
            Event::ContractExecuted { contract_no, kind, target, sponsors, total, year, success, detail } => {
                let sponsor_fams = self.fams(sponsors);
                let is_sponsor = self.viewer.is_some_and(|v| sponsor_fams.iter().any(|f| f == v));
                if is_sponsor {
                    // Stored as "" before messages: no detail.
                    let detail = detail.as_ref().filter(|d| **d != Msg::verbatim(""));
                    let id = if detail.is_none() { "stellarium-ev-contract-executed" } else { "stellarium-ev-contract-executed-detail" };
                    let mut text = msg!(
                        id,
                        contract_no = *contract_no,
                        sponsors = self.names(sponsors),
                        kind = kind_name(*kind),
                        target = self.target(target),
                        total = *total,
                        success = yes(*success)
                    );
                    if let Some(d) = detail {
                        text = text.arg("detail", d.clone());
                    }
                    return Some(told(Some(*year), "crime", private(sponsor_fams.clone()), sponsor_fams, text, "2.8"));
                }
                // 2.7, 2.4: a treason or a bomb on a ship is not seen when it
                // happens; what follows (explosion, investigation) is.
                let kind = match kind {
                    ContractKindTag::Treason | ContractKindTag::Sabotage => return None,
                    ContractKindTag::Assassination => "assassination",
                    ContractKindTag::Kidnapping => "kidnapping",
                    ContractKindTag::Scandal => "scandal",
                    ContractKindTag::Bomb => "bomb",
                    ContractKindTag::Rebellion => "rebellion",
                };
                let involved = match target {
                    ContractTarget::Character { id } => self.fam(*id),
                    _ => vec![],
                };
                let text = msg!("stellarium-ev-crime-seen", kind = kind, target = self.target(target), success = yes(*success));
                told(Some(*year), "crime", Vis::Public, involved, text, "2")
            }
            Event::Kidnapped { who, planet, year } => {
                let f = self.fam(*who);
                let mine = self.viewer.is_some_and(|v| f.iter().any(|x| x == v));
                let text = if mine {
                    msg!("stellarium-ev-kidnapped-own", name = self.name(*who), gender = self.g(*who), planet = self.planet(planet))
                } else {
                    msg!("stellarium-ev-kidnapped", name = self.name(*who), gender = self.g(*who))
                };
                told(Some(*year), "crime", Vis::Public, f, text, "2.2")
            }
            Event::RansomPaid { who, family, amount, to_sponsor, sponsor_family } => {
                let mut fams = vec![family.clone()];
                fams.extend(sponsor_family.iter().cloned());
                let text = msg!("stellarium-ev-ransom-paid", amount = *amount, name = self.name(*who), gender = self.g(*who), to_sponsor = *to_sponsor);
                told(Some(1), "crime", private(fams.clone()), fams, text, "2.2.4")
            }
            Event::RansomRefused { who, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-ransom-refused", name = self.name(*who), reason = reason.clone());
                told(Some(1), "crime", private(f.clone()), f, text, "2.2.4")
            }
            Event::ScandalStruck { who, year } => {
                let text = msg!("stellarium-ev-scandal-struck", name = self.name(*who), gender = self.g(*who));
                told(Some(*year), "crime", Vis::Public, self.fam(*who), text, "2.3.3")
            }
            Event::ScandalExposed { victim } => {
                let text = msg!("stellarium-ev-scandal-exposed", name = self.name(*victim));
                told(None, "crime", Vis::Public, self.fam(*victim), text, "2.3.4")
            }
            Event::ShipSabotaged { .. } | Event::TreasonSucceeded { .. } => return None,
            Event::SabotageFoundOut { ship } => {
                let text = msg!("stellarium-ev-sabotage-found-out", ship = self.ship(ship));
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(10), "crime", Vis::Public, owner, text, "2.4.3")
            }
            Event::ExchangeBombing { year, merchants } => {
                let mine: Vec<CharacterId> = merchants
                    .iter()
                    .copied()
                    .filter(|m| self.viewer.is_some_and(|v| self.fam(*m).iter().any(|f| f == v)))
                    .collect();
                let text = if mine.is_empty() {
                    msg!("stellarium-ev-exchange-bombing")
                } else {
                    msg!("stellarium-ev-exchange-bombing-own", names = self.names(&mine))
                };
                told(Some(*year), "crime", Vis::Public, self.fams(&mine), text, "2.5")
            }
            Event::RebellionIncited { planet, year } => {
                let text = msg!("stellarium-ev-rebellion-incited", planet = self.planet(planet));
                told(Some(*year), "war", Vis::Public, vec![], text, "2.6")
            }
            Event::Investigation { contract_no, sponsor, kolombo, unmasked } => {
                let what: Arg = match self.contracts.get(contract_no) {
                    Some((k, t)) => msg!("stellarium-contract-what", kind = kind_name(*k), target = self.target(t)).into(),
                    None => "".into(),
                };
                let f = self.fam(*sponsor);
                let id = if *unmasked { "stellarium-ev-investigation-unmasks" } else { "stellarium-ev-investigation-fails" };
                let text = msg!(id, kolombo = yes(*kolombo), name = self.name(*sponsor), what = what);
                if *unmasked {
                    told(None, "crime", Vis::Public, f, text, "2.9")
                } else {
                    told(None, "crime", private(f.clone()), f, text, "2.9")
                }
            }
            Event::RemarriagePermit { who, automatic } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-remarriage-permit", name = self.name(*who), automatic = yes(*automatic));
                told(Some(1), "family", private(f.clone()), f, text, "3.6")
            }
            Event::Married { groom, bride, priest } => {
                let text = msg!("stellarium-ev-married", groom = self.name(*groom), bride = self.name(*bride), priest = self.name(*priest));
                told(Some(1), "family", Vis::Public, self.fams(&[*groom, *bride, *priest]), text, "3")
            }
            Event::MarriageRefused { groom, bride, reason } => {
                let f = self.fams(&[*groom, *bride]);
                let text = msg!("stellarium-ev-marriage-refused", groom = self.name(*groom), bride = self.name(*bride), reason = reason.clone());
                told(Some(1), "family", private(f.clone()), f, text, "3")
            }
            Event::ShipTransferred { ship, from, to, amount, kind } => {
                let fams = vec![from.clone(), to.clone()];
                let kind = match kind {
                    TransferKind::Loan => "loan",
                    TransferKind::Sale => "sale",
                };
                let text = msg!(
                    "stellarium-ev-ship-transferred",
                    ship = self.ship(ship),
                    kind = kind,
                    from = self.family_name(from),
                    to = self.family_name(to),
                    amount = *amount
                );
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4.2")
            }
            Event::TransferRefused { ship, from, to, reason } => {
                let fams = vec![from.clone(), to.clone()];
                let text = msg!("stellarium-ev-transfer-refused", ship = self.ship(ship), reason = reason.clone());
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4.2")
            }
            Event::ExplorationPermit { who, automatic } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-exploration-permit", name = self.name(*who), automatic = yes(*automatic));
                told(Some(1), "exploration", private(f.clone()), f, text, "4.7")
            }
            Event::ShipForbidden { ship } => {
                let text = msg!("stellarium-ev-ship-forbidden", ship = self.ship(ship));
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(1), "exploration", Vis::Public, owner, text, "4.8")
            }
            Event::ExpeditionDeparted { ship, family, captain, members } => {
                let mut fams = self.fams(members);
                fams.push(family.clone());
                let others: Vec<CharacterId> = members.iter().copied().filter(|m| m != captain).collect();
                let text = if others.is_empty() {
                    msg!("stellarium-ev-expedition-departed", ship = self.ship(ship), captain = self.name(*captain))
                } else {
                    msg!("stellarium-ev-expedition-departed-crew", ship = self.ship(ship), captain = self.name(*captain), crew = self.names(&others))
                };
                told(Some(1), "exploration", private(fams.clone()), fams, text, "4")
            }
            Event::ExpeditionCancelled { ship, family, reason } => {
                let text = msg!("stellarium-ev-expedition-cancelled", ship = self.ship(ship), reason = reason.clone());
                told(Some(1), "exploration", private(vec![family.clone()]), vec![family.clone()], text, "4")
            }
            Event::GuestStayed { ship, who, reason } => {
                let mut f = self.fam(*who);
                if let Some(s) = self.after.ships.get(ship) {
                    f.push(s.user(self.before.turn).clone());
                }
                let text = msg!("stellarium-ev-guest-stayed", name = self.name(*who), ship = self.ship(ship), reason = reason.clone());
                told(Some(1), "exploration", private(f.clone()), f, text, "4.6")
            }
            Event::ShipExploded { ship, year } => {
                let text = msg!("stellarium-ev-ship-exploded", ship = self.ship(ship));
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(*year), "exploration", Vis::Public, owner, text, "2.4.3")
            }
            Event::CapsuleOutcome { who, die, outcome } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-capsule", name = self.name(*who), outcome = outcome.clone());
                let mut t = told(None, "exploration", private(f.clone()), f, text, "1.1.1");
                t.dice = Some(msg!("stellarium-dice-d6", die = *die));
                t
            }
            Event::TradingPostRemoved { family, planet } => {
                let text = msg!("stellarium-ev-trading-post-removed", family = self.family_name(family), planet = self.planet(planet));
                told(Some(1), "trade", Vis::Public, vec![family.clone()], text, &e.rule())
            }
            Event::PlanetClosed { planet } => {
                let text = msg!("stellarium-ev-planet-closed", planet = self.planet(planet));
                told(Some(1), "trade", Vis::Public, vec![], text, "5.3.4")
            }
            Event::ExchangeBanned { family } => {
                let text = msg!("stellarium-ev-exchange-banned", family = self.family_name(family));
                told(Some(1), "trade", Vis::Public, vec![family.clone()], text, "13.2")
            }
            Event::MerchantFallback { who, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-merchant-fallback", name = self.name(*who), reason = reason.clone());
                told(Some(1), "trade", private(f.clone()), f, text, "5.3")
            }
            Event::MerchantIdle { who, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-merchant-idle", name = self.name(*who), reason = reason.clone());
                told(Some(1), "trade", private(f.clone()), f, text, "5.3.4")
            }
            Event::FleetCommander { fleet, who, designated } => {
                let text = msg!("stellarium-ev-fleet-commander", name = self.name(*who), fleet = fleet_key(*fleet), designated = yes(*designated));
                told(Some(1), "war", Vis::Public, self.fam(*who), text, "6.3")
            }
            Event::NoFleetCommander { fleet } => {
                told(Some(1), "war", Vis::Public, vec![], msg!("stellarium-ev-no-fleet-commander", fleet = fleet_key(*fleet)), "6.4")
            }
            Event::LocationRefused { who, place, reason } => {
                let f = self.fam(*who);
                let c = self.after.character(*who);
                let place = place_text(self.lang, self.after, place, c.and_then(|c| c.training));
                let text = msg!("stellarium-ev-location-refused", name = self.name(*who), place = place, reason = reason.clone());
                told(Some(1), "family", private(f.clone()), f, text, "4–6")
            }
            Event::DefaultLocation { who, place, rule } => {
                let f = self.fam(*who);
                let c = self.after.character(*who);
                let place = place_text(self.lang, self.after, place, c.and_then(|c| c.training));
                let text = msg!("stellarium-ev-default-location", name = self.name(*who), place = place);
                told(Some(1), "family", private(f.clone()), f, text, rule)
            }
            Event::Births { father, mother, table_a, table_b, limit, children } => {
                let f = self.fams(&[*father, *mother]);
                let text = msg!("stellarium-ev-births", father = self.name(*father), mother = self.name(*mother), children = *children);
                let text = match limit {
                    Some(l) => Msg { id: "stellarium-ev-births-limit".into(), ..text }.arg("limit", *l),
                    None => text,
                };
                let sum: u32 = table_a.iter().sum();
                let a = table_a.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("+");
                let dice = match table_b {
                    Some(b) => msg!("stellarium-dice-births-b", dice = a, sum = sum, b = *b),
                    None => msg!("stellarium-dice-births", dice = a, sum = sum),
                };
                let mut t = told(Some(1), "family", private(f.clone()), f, text, "7.3");
                t.dice = Some(dice);
                t
            }
            Event::Born { child, father, mother, sex, year, pp } => {
                // 7.5: a newborn's PP come before the Assembly (a later event).
                let sex = if *sex == Sex::Female { "f" } else { "m" };
                let text = msg!("stellarium-ev-born", sex = sex, father = self.name(*father), mother = self.name(*mother), child = self.name(*child));
                let text = if *pp == 0 { Msg { id: "stellarium-ev-born-pp-later".into(), ..text } } else { text.arg("pp", *pp) };
                told(Some(self.cycle_year(*year)), "family", Vis::Public, self.fams(&[*father, *mother]), text, "7.4")
            }
            Event::BastardRecognised { who, family } => {
                let text = msg!("stellarium-ev-bastard-recognised", family = self.family_name(family), name = self.name(*who));
                told(Some(1), "family", Vis::Public, vec![family.clone()], text, "7.6")
            }
            Event::BastardRefused { family, reason } => {
                let text = msg!("stellarium-ev-bastard-refused", reason = reason.clone());
                told(Some(1), "family", private(vec![family.clone()]), vec![family.clone()], text, "7.7")
            }
            Event::SurvivalTest { who, age, death_chances, survived } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-survival-test", name = self.name(*who), age = *age, survived = yes(*survived));
                let mut t = told(Some(1), "death", private(f.clone()), f, text, "8.2");
                t.dice = Some(msg!("stellarium-dice-survival", chances = *death_chances));
                t
            }
            Event::Baptised { who, name, priest, by_lot } => {
                let text = match priest {
                    Some(p) => msg!("stellarium-ev-baptised-by", name = name.as_str(), priest = self.name(*p), by_lot = yes(*by_lot)),
                    None => msg!("stellarium-ev-baptised", name = name.as_str(), by_lot = yes(*by_lot)),
                };
                let mut f = self.fam(*who);
                f.extend(priest.iter().flat_map(|p| self.fam(*p)));
                told(Some(1), "family", Vis::Public, f, text, "9")
            }
            Event::Trained { who, training, by_lot } => {
                let f = self.fam(*who);
                let sex = if self.fem(*who) { Sex::Female } else { Sex::Male };
                let text = msg!("stellarium-ev-trained", name = self.name(*who), training = training_name(self.lang, Some(*training), sex), by_lot = yes(*by_lot));
                told(Some(1), "family", private(f.clone()), f, text, "10")
            }
            // ---- phases 11–30 ------------------------------------------------
            Event::RebellionBrokeOut { planet, year, incited } => {
                let text = msg!("stellarium-ev-rebellion-broke-out", planet = self.planet(planet), incited = yes(*incited));
                told(Some(*year), "war", Vis::Public, vec![], text, "11.1")
            }
            Event::RebellionVoid { planet, year } => {
                let text = msg!("stellarium-ev-rebellion-void", planet = self.planet(planet));
                told(Some(*year), "war", Vis::Public, vec![], text, "2.6")
            }
            Event::Battle { enemy, planet, year, empire_attacks, enemy_dice, enemy_strength, empire_strength, fighters, ratio, empire_result, casualties } => {
                let mine: Vec<CharacterId> = fighters.iter().copied().filter(|c| self.is_mine(*c)).collect();
                let my_losses: Vec<CharacterId> = casualties.iter().copied().filter(|c| self.is_mine(*c)).collect();
                let result = match empire_result {
                    Outcome::GreatVictory => "great-victory",
                    Outcome::Victory => "victory",
                    Outcome::Defeat => "defeat",
                    Outcome::GreatDefeat => "great-defeat",
                };
                let text = msg!(
                    "stellarium-ev-battle",
                    planet = self.planet(planet),
                    enemy = enemy_key(*enemy),
                    empire_attacks = yes(*empire_attacks),
                    empire_strength = strength(self.lang, *empire_strength),
                    enemy_strength = strength(self.lang, *enemy_strength),
                    ratio = ratio.label(),
                    result = result,
                    casualties = casualties.len()
                );
                let mut t = told(Some(*year), "war", Vis::Public, self.fams(fighters), text, "11.2, 12.3");
                // Who fought is the family's business (it tells where its warriors were).
                if !mine.is_empty() {
                    t.text.push(msg!("stellarium-ev-battle-fighters", names = self.names(&mine)));
                    if !my_losses.is_empty() {
                        t.text.push(msg!("stellarium-ev-battle-losses", names = self.names(&my_losses)));
                    }
                }
                if !enemy_dice.is_empty() {
                    let d: Vec<String> = enemy_dice.iter().map(|x| x.to_string()).collect();
                    t.dice = Some(msg!("stellarium-dice-enemy", dice = d.join("+")));
                }
                t
            }
            Event::PlanetLost { planet, enemy, year } => {
                let text = msg!("stellarium-ev-planet-lost", planet = self.planet(planet), enemy = enemy_key(*enemy));
                told(Some(*year), "war", Vis::Public, vec![], text, "11, 12")
            }
            Event::PlanetRetaken { planet, enemy, year } => {
                let text = msg!("stellarium-ev-planet-retaken", planet = self.planet(planet), enemy = enemy_key(*enemy));
                told(Some(*year), "war", Vis::Public, vec![], text, "11.3, 12.3.6")
            }
            Event::Captured { who, captor, planet, rule } => {
                let by = match captor {
                    Captor::DarkTentacle { .. } => "dark-tentacle",
                    Captor::Rebels => "rebels",
                    Captor::Pouarks => "pouarks",
                };
                let text = msg!("stellarium-ev-captured", name = self.name(*who), gender = self.g(*who), captor = by);
                let text = match (self.is_mine(*who), planet) {
                    (true, Some(p)) => Msg { id: "stellarium-ev-captured-at".into(), ..text }.arg("planet", self.planet(p)),
                    _ => text,
                };
                told(Some(10), "war", Vis::Public, self.fam(*who), text, rule)
            }
            Event::Freed { who, rule } => {
                let text = msg!("stellarium-ev-freed", name = self.name(*who), gender = self.g(*who));
                told(Some(10), "war", Vis::Public, self.fam(*who), text, rule)
            }
            Event::TradingPostGranted { family, planet, rule } => {
                let text = msg!("stellarium-ev-trading-post-granted", planet = self.planet(planet));
                told(Some(10), "trade", private(vec![family.clone()]), vec![family.clone()], text, rule)
            }
            Event::PouarkAttack { planet, year, .. } => {
                told(Some(*year), "war", Vis::Public, vec![], msg!("stellarium-ev-pouark-attack", planet = self.planet(planet)), "12.1")
            }
            Event::EmpireAttack { planet, year, chosen_by_emperor } => {
                let text = msg!("stellarium-ev-empire-attack", planet = self.planet(planet), chosen_by_emperor = yes(*chosen_by_emperor));
                told(Some(*year), "war", Vis::Public, vec![], text, "12.2")
            }
            Event::WarStrategy { pouarks, offensive } => {
                let text = msg!("stellarium-ev-war-strategy", pouarks = yes(*pouarks), offensive = yes(*offensive));
                told(None, "war", Vis::Public, vec![], text, "12.3.8")
            }
            Event::NoWar => told(Some(10), "war", Vis::Public, vec![], msg!("stellarium-ev-no-war"), "12.3.10"),
            Event::StellariumFell { year } => {
                told(Some(*year), "war", Vis::Public, self.after.families.keys().cloned().collect(), msg!("stellarium-ev-stellarium-fell"), "12.1, 30.2")
            }
            Event::Speculation { who, stake, amount, die, situation, gain } => {
                let f = self.fam(*who);
                let stake = match stake {
                    Stake::Safe => "safe",
                    Stake::Normal => "normal",
                    Stake::Risky => "risky",
                };
                let text = msg!("stellarium-ev-speculation", name = self.name(*who), stake = stake, amount = *amount, loss = yes(*gain < 0), gain = gain.abs());
                let mut t = told(Some(10), "trade", private(f.clone()), f, text, "13.4");
                t.dice = Some(msg!("stellarium-dice-speculation", die = *die, situation = format!("{situation:+}"), total = i64::from(*die as i32 + situation)));
                t
            }
            Event::ExchangeRefused { who, reason } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-exchange-refused", name = self.name(*who), reason = reason.clone());
                told(Some(10), "trade", private(f.clone()), f, text, "13.2")
            }
            Event::ExpeditionReturned { ship, family, explorers, die, found, double, destroyed, captured, known } => {
                let mut fams = vec![family.clone()];
                if let Some(x) = self.after.cycle.expeditions.iter().find(|x| x.ship == *ship) {
                    fams.extend(self.fams(&x.members));
                }
                let found = match found {
                    Discovery::Colonisable => "colonisable",
                    Discovery::Pouark => "pouark",
                    Discovery::Nothing => "nothing",
                };
                let text = msg!(
                    "stellarium-ev-expedition-returned",
                    ship = self.ship(ship),
                    explorers = *explorers,
                    found = found,
                    double = yes(*double),
                    destroyed = yes(*destroyed),
                    captured = yes(*captured),
                    known = yes(*known)
                );
                let mut t = told(Some(10), "exploration", private(fams.clone()), fams, text, "14.1");
                t.dice = die.map(|d| msg!("stellarium-dice-d6", die = d));
                t
            }
            Event::PlanetDiscovered { planet, pouark, ship, .. } => {
                let text = msg!("stellarium-ev-planet-discovered", ship = self.ship(ship), planet = self.planet(planet), pouark = yes(*pouark));
                let fams = self.after.planets.get(planet).map(|p| p.discovered_by.iter().cloned().collect()).unwrap_or_default();
                told(Some(10), "exploration", Vis::Public, fams, text, "14")
            }
            Event::ShipLost { ship, captured, year } => {
                let text = msg!("stellarium-ev-ship-lost", ship = self.ship(ship), captured = yes(*captured));
                let owner = self.after.ships.get(ship).map(|s| vec![s.owner.clone()]).unwrap_or_default();
                told(Some(*year), "exploration", Vis::Public, owner, text, "14.4, 14.6")
            }
            Event::TradeGains { who, planet, merchants, gain, nepotism } => {
                let f = self.fam(*who);
                let text = msg!(
                    "stellarium-ev-trade-gains",
                    planet = self.planet(planet),
                    name = self.name(*who),
                    gain = *gain,
                    merchants = *merchants,
                    nepotism = yes(*nepotism)
                );
                told(Some(10), "trade", private(f.clone()), f, text, "15")
            }
            Event::GovernorAttendance { who, planet, present, pp } => {
                let f = self.fam(*who);
                let text = msg!("stellarium-ev-governor-attendance", planet = self.planet(planet), present = *present, pp = *pp, name = self.name(*who));
                told(Some(10), "trade", private(f.clone()), f, text, "15.5")
            }
            Event::WarriorsReturned { .. } | Event::VictoryPoints { .. } => return None,
            Event::Coup { leader, supporters, opponents, chances, success } => {
                let mut f = self.fam(*leader);
                f.extend(self.fams(supporters));
                f.extend(self.fams(opponents));
                let some = |ids: &[CharacterId]| -> Arg { if ids.is_empty() { msg!("stellarium-nobody").into() } else { self.names(ids).into() } };
                let text = msg!("stellarium-ev-coup", name = self.name(*leader), success = yes(*success), supporters = some(supporters), opponents = some(opponents));
                let mut t = told(Some(10), "power", Vis::Public, f, text, "17");
                t.dice = Some(msg!("stellarium-dice-coup", chances = *chances));
                t
            }
            Event::Disgraced { who, pyramids, by, special, rule } => {
                let ps: Vec<String> = pyramids.iter().map(|p| pyramid_short(self.lang, *p)).collect();
                let text = msg!(
                    "stellarium-ev-disgraced",
                    name = self.name(*who),
                    gender = self.g(*who),
                    by = pyramid_key(*by),
                    special = yes(*special),
                    pyramids = ps.join(", ")
                );
                told(Some(10), "power", Vis::Public, self.fam(*who), text, rule)
            }
            Event::CoupEmperor { who, deposed } => {
                let text = match deposed {
                    Some(d) => msg!("stellarium-ev-coup-emperor-deposed", name = self.name(*who), gender = self.g(*who), deposed = self.name(*d)),
                    None => msg!("stellarium-ev-coup-emperor", name = self.name(*who), gender = self.g(*who)),
                };
                told(Some(10), "power", Vis::Public, self.fam(*who), text, "17.3")
            }
            Event::JudgeRemoved { who } => {
                told(Some(10), "power", Vis::Public, self.fam(*who), msg!("stellarium-ev-judge-removed", name = self.name(*who)), "18.2")
            }
            Event::Excommunicated { who } => {
                told(Some(10), "power", Vis::Public, self.fam(*who), msg!("stellarium-ev-excommunicated", name = self.name(*who)), "19")
            }
            Event::Deposed { who, pyramid, voters } => {
                let text = msg!(
                    "stellarium-ev-deposed",
                    name = self.name(*who),
                    gender = self.g(*who),
                    pyramid = pyramid_name(self.lang, *pyramid),
                    voters = self.names(voters)
                );
                let mut f = self.fam(*who);
                f.extend(self.fams(voters));
                told(Some(10), "power", Vis::Public, f, text, "21")
            }
            Event::PowerVoid { pyramid, power, reason } => {
                let f: Vec<FamilyKey> = self.before.head_family(*pyramid).cloned().into_iter().collect();
                let text = msg!("stellarium-ev-power-void", power = power.as_str(), reason = reason.clone());
                told(Some(10), "power", private(f.clone()), f, text, &e.rule())
            }
            Event::Verdict { case_no, accused, guilty, years, fine, symbolic, votes, .. } => {
                let mut f = self.fam(*accused);
                f.extend(self.fams(&votes.iter().map(|(j, _)| *j).collect::<Vec<_>>()));
                let text = msg!("stellarium-ev-verdict", case_no = *case_no, result = self.verdict_result(*accused, *guilty, *years, *fine, *symbolic));
                told(Some(10), "crime", Vis::Public, f, text, "22")
            }
            Event::TrialAdjourned { case_no, accused, reason } => {
                let text = msg!("stellarium-ev-trial-adjourned", case_no = *case_no, name = self.name(*accused), reason = reason.clone());
                told(Some(10), "crime", Vis::Public, self.fam(*accused), text, "22.3")
            }
            Event::TrialDropped { case_no, accused, reason } => {
                let text = msg!("stellarium-ev-trial-dropped", case_no = *case_no, name = self.name(*accused), reason = reason.clone());
                told(Some(10), "crime", Vis::Public, self.fam(*accused), text, "22.3")
            }
            Event::Released { who, rule } => {
                told(Some(10), "assembly", Vis::Public, self.fam(*who), msg!("stellarium-ev-released", name = self.name(*who)), rule)
            }
            Event::ImperialPardon { who, in_advance } => {
                let text = msg!("stellarium-ev-imperial-pardon", name = self.name(*who), in_advance = yes(*in_advance));
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "24")
            }
            Event::ArchpapalPardon { who } => {
                told(Some(10), "assembly", Vis::Public, self.fam(*who), msg!("stellarium-ev-archpapal-pardon", name = self.name(*who)), "25")
            }
            Event::Eulogy { deceased, priest } => {
                let mut f = self.fam(*deceased);
                let text = match priest {
                    Some(p) => {
                        f.extend(self.fam(*p));
                        msg!("stellarium-ev-eulogy", name = self.name(*deceased), priest = self.name(*p))
                    }
                    None => msg!("stellarium-ev-silence", name = self.name(*deceased)),
                };
                told(Some(10), "death", Vis::Public, f, text, "26")
            }
            Event::JudgeResigned { who } => {
                told(Some(10), "assembly", Vis::Public, self.fam(*who), msg!("stellarium-ev-judge-resigned", name = self.name(*who)), "27.2.8")
            }
            Event::LeftCourt { who, reason } => {
                let text = msg!("stellarium-ev-left-court", name = self.name(*who), reason = reason.clone());
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.2.8")
            }
            Event::Promoted { who, pyramid, from, to, pp } => {
                let text = match from {
                    Some(s) => msg!(
                        "stellarium-ev-promoted-from",
                        seat = self.seat_of(*pyramid, *to, *who),
                        name = self.name(*who),
                        from = self.seat_of(*pyramid, *s, *who),
                        pp = *pp
                    ),
                    None => msg!("stellarium-ev-promoted", seat = self.seat_of(*pyramid, *to, *who), name = self.name(*who), pp = *pp),
                };
                told(Some(10), "assembly", Vis::Public, self.fam(*who), text, "27.3")
            }
            Event::GameOver { reason, winners, points, all_lost } => {
                let why = match reason {
                    GameEnd::TurnLimit => "turn-limit",
                    GameEnd::StellariumFell => "stellarium-fell",
                    GameEnd::AllOnr => "all-onr",
                };
                let names: Vec<String> = winners.iter().map(|f| self.family_name(f)).collect();
                let outcome = match (*all_lost, names.len()) {
                    (true, _) => "all-lost",
                    (false, 0) => "none",
                    (false, _) => "winners",
                };
                let text = msg!("stellarium-ev-game-over", why = why, outcome = outcome, winners = names.len(), names = names.join(", "), points = *points);
                told(Some(10), "assembly", Vis::Public, self.after.families.keys().cloned().collect(), text, "30")
            }
        })
    }

    /// The messages of one told event, in the reader's language.
    fn render(&self, text: &[Msg]) -> String {
        text.iter().map(|m| m.render(self.lang)).collect::<Vec<_>>().join(" ")
    }

    /// The family's timeline and money lines.
    pub(crate) fn family(&self, events: &[Event], family: &str) -> FamilyNarrative {
        self.family_told(events, family, true)
    }

    /// [`Narrator::family`]; with `skip`, the events whose
    /// [`Narrator::readers`] are other families are passed over without
    /// being told (the same output).
    fn family_told(&self, events: &[Event], family: &str, skip: bool) -> FamilyNarrative {
        let mut out = FamilyNarrative::default();
        let mut year = 1u8;
        let mut prev: Option<&Event> = None;
        for e in events {
            if let Event::Money { family: f, delta, reason, .. } = e {
                if f == family {
                    out.money.push(MoneyLine { label: reason.render(self.lang), amount: *delta });
                }
                continue;
            }
            if let Event::VictoryPoints { family: f, prestige, bonuses, .. } = e {
                if f == family {
                    out.points.push(PointsLine {
                        label: msg!("stellarium-points-prestige").render(self.lang),
                        points: *prestige,
                    });
                    out.points.extend(bonuses.iter().map(|(label, points)| PointsLine { label: label.render(self.lang), points: *points }));
                }
                continue;
            }
            if covered(prev, e) {
                continue;
            }
            prev = Some(e);
            if let Some((readers, y)) = self.readers(e).filter(|_| skip) {
                if !self.reads(&readers, family) {
                    if let Some(y) = y {
                        year = y;
                    }
                    continue;
                }
            }
            let Some(t) = self.tell(e) else { continue };
            if let Some(y) = t.year {
                year = y;
            }
            let visible = match &t.vis {
                Vis::Public => t.involved.iter().any(|f| f == family),
                Vis::Families(fs) => fs.iter().any(|f| f == family),
            };
            if visible {
                out.items.push((year, Item { text: self.render(&t.text), dice: t.dice.map(|d| d.render(self.lang)), rule: t.rule }));
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
                out.items.push((t.section, year, self.render(&t.text)));
            }
        }
        out
    }
}

#[path = "narrator_samples.rs"]
mod samples;
pub use samples::samples;
#[cfg(test)]
#[path = "narrator_tests.rs"]
mod language_tests;
