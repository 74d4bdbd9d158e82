//! The narrator: every event of a turn told as a message for one reader
//! (a family, or the public chronicle), and who may read it (`Vis`).

use super::*;

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
