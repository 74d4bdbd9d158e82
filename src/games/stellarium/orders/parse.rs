//! The grammar of Stellarium's order lines (orders.md §6): one line of
//! tokens to one typed [`Order`], with every name resolved against the state
//! (characters, planets, ships, families). Semantic checks (who may do
//! what, limits across lines) are in [`super::validate`].

use crate::text::{self, fold, key, Cursor, Token};

use super::super::model::{Character, FleetNo, NameError, Place, Pyramid, Sex, State, Strategy, Training};
use super::refusal::{PowerHead, Refusal as Rf, Slot};
use super::types::*;

/// A rejected line: why ([`Rf`], a message) and maybe the nearest valid name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reject {
    pub reason: Rf,
    pub suggestion: Option<String>,
}

impl Reject {
    pub fn new(reason: Rf) -> Reject {
        Reject { reason, suggestion: None }
    }
    pub fn with(reason: Rf, suggestion: Option<String>) -> Reject {
        Reject { reason, suggestion }
    }
}

pub type R<T> = Result<T, Reject>;

// ---- keywords (French canonical first, then English and extra aliases) ----

pub const K_FOUNDER: &[&str] = &["PERSONNAGE", "CHARACTER"];
pub const K_ADVERTISING: &[&str] = &["PUBLICITE", "ADVERTISING"];
pub const K_BID: &[&str] = &["ENCHERE", "BID"];
pub const K_CANDIDATE: &[&str] = &["CANDIDAT", "CANDIDATE", "CANDIDATURE"];
pub const K_LOCATION: &[&str] = &["LIEU", "LOCATION", "LOCALISATION"];
pub const K_BUY: &[&str] = &["ACHAT", "BUY", "ACHATS"];
pub const K_CONTRACT: &[&str] = &["CONTRAT", "CONTRACT"];
pub const K_RANSOM: &[&str] = &["RANCON", "RANSOM"];
pub const K_MARRIAGE: &[&str] = &["MARIAGE", "MARRIAGE"];
pub const K_BIRTHS: &[&str] = &["NAISSANCES", "BIRTHS", "NAISSANCE", "BIRTH"];
pub const K_BASTARD: &[&str] = &["BATARD", "BASTARD"];
pub const K_EXPEDITION: &[&str] = &["EXPEDITION"];
pub const K_TRANSFER: &[&str] = &["CESSION", "TRANSFER"];
pub const K_BAPTISM: &[&str] = &["BAPTEME", "BAPTISM"];
pub const K_TRAINING: &[&str] = &["FORMATION", "TRAINING"];
pub const K_COUP: &[&str] = &["COUP"];
pub const K_DEPOSE: &[&str] = &["DESTITUTION", "DEPOSE", "DEPOSITION"];
pub const K_VERDICT: &[&str] = &["VERDICT"];
pub const K_RESIGN: &[&str] = &["DEMISSION", "RESIGN"];
pub const K_EMPEROR: &[&str] = &["EMPEREUR", "EMPEROR", "IMPERATRICE", "EMPRESS"];
pub const K_ARCHPOPE: &[&str] = &["ARCHIPAPE", "ARCHPOPE", "ARCHIPAPESSE"];
pub const K_GENERAL: &[&str] = &["GRAND GENERAL", "GENERAL"];
pub const K_COMMANDER: &[&str] = &["GRAND COMMANDEUR", "GRAND COMMANDER", "COMMANDEUR"];
pub const K_MASTER: &[&str] = &["MAITRE MARCHAND", "MASTER MERCHANT", "MAITRE", "MASTER"];

/// Every head keyword, for "did you mean".
pub const ALL_HEADS: &[&str] = &[
    "PERSONNAGE", "CHARACTER", "PUBLICITE", "ADVERTISING", "ENCHERE", "BID", "CANDIDAT", "CANDIDATE", "LIEU",
    "LOCATION", "ACHAT", "BUY", "CONTRAT", "CONTRACT", "RANCON", "RANSOM", "MARIAGE", "MARRIAGE", "NAISSANCES",
    "BIRTHS", "BATARD", "BASTARD", "EXPEDITION", "CESSION", "TRANSFER", "BAPTEME", "BAPTISM", "FORMATION",
    "TRAINING", "COUP", "DESTITUTION", "DEPOSE", "VERDICT", "DEMISSION", "RESIGN", "EMPEREUR", "EMPEROR",
    "ARCHIPAPE", "ARCHPOPE", "GENERAL", "COMMANDEUR", "GRAND-COMMANDER", "MAITRE", "MASTER-MERCHANT",
];

const K_PRIEST: &[&str] = &["PRETRE", "PRIEST", "PRETRESSE"];
const K_WARRIOR: &[&str] = &["GUERRIER", "WARRIOR", "GUERRIERE"];
const K_EXPLORER: &[&str] = &["EXPLORATEUR", "EXPLORER", "EXPLORATRICE"];
const K_MERCHANT: &[&str] = &["MARCHAND", "MERCHANT", "MARCHANDE"];

/// Which family of orders a line belongs to, from its first keyword (the
/// parser handles some kinds before the others, see [`super::parse_orders`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pass {
    /// PUBLICITE (the PP bought bound the PERSONNAGE lines).
    Advertising,
    /// PERSONNAGE (CANDIDAT names founders).
    Founder,
    /// CESSION (an EXPEDITION may use a ship received this turn).
    Transfer,
    /// BAPTEME (FORMATION may name the young by its new first name).
    Baptism,
    /// ACHAT (paid first, phase 1: contract offers are bounded by what is left, 2.8.1).
    Purchase,
    Other,
}

pub fn pass_of(toks: &[Token]) -> Pass {
    let mut c = Cursor::new(toks);
    if c.eat_keyword(K_ADVERTISING).is_some() {
        Pass::Advertising
    } else if c.eat_keyword(K_FOUNDER).is_some() {
        Pass::Founder
    } else if c.eat_keyword(K_TRANSFER).is_some() {
        Pass::Transfer
    } else if c.eat_keyword(K_BAPTISM).is_some() {
        Pass::Baptism
    } else if c.eat_keyword(K_BUY).is_some() {
        Pass::Purchase
    } else {
        Pass::Other
    }
}

/// The head keywords of the orders a family may give while it is being
/// founded, for "did you mean" on that turn.
pub const FOUNDATION_HEADS: &[&str] = &["PERSONNAGE", "CHARACTER", "PUBLICITE", "ADVERTISING", "ENCHERE", "BID", "CANDIDAT", "CANDIDATE"];

/// Whether a line starts with a head keyword of any order (a known order,
/// whether or not it may be given now).
pub fn is_known_order(toks: &[Token]) -> bool {
    const HEADS: &[&[&str]] = &[
        K_FOUNDER, K_ADVERTISING, K_BID, K_CANDIDATE, K_LOCATION, K_BUY, K_CONTRACT, K_RANSOM, K_MARRIAGE, K_BIRTHS, K_BASTARD,
        K_EXPEDITION, K_TRANSFER, K_BAPTISM, K_TRAINING, K_COUP, K_DEPOSE, K_VERDICT, K_RESIGN, K_EMPEROR, K_ARCHPOPE, K_GENERAL,
        K_COMMANDER, K_MASTER,
    ];
    HEADS.iter().any(|k| Cursor::new(toks).eat_keyword(k).is_some())
}

/// The refusal of a line whose keyword at the cursor is not one of `words`:
/// `reason`, and the nearest of `words` to what was written, if any.
fn expected(c: &Cursor, reason: Rf, words: &[&str]) -> Reject {
    let suggestion = c.peek().and_then(|t| text::suggest(&t.text, words.iter().copied()));
    Reject::with(reason, suggestion)
}

/// Whether a line is one of the orders a family may give while it is being
/// founded (PERSONNAGE, PUBLICITE, ENCHERE, CANDIDAT).
pub fn is_foundation_order(toks: &[Token]) -> bool {
    let mut c = Cursor::new(toks);
    [K_FOUNDER, K_ADVERTISING, K_BID, K_CANDIDATE].iter().any(|k| {
        let mut c2 = c.clone();
        let hit = c2.eat_keyword(k).is_some();
        if hit {
            c = c2;
        }
        hit
    })
}

/// What the reader needs: the state, the family giving orders, the
/// founders of this submission (turn 0).
pub struct Reader<'a> {
    pub state: &'a State,
    pub family: &'a str,
    /// The index the names are looked up in.
    pub names: &'a super::names::Names<'a>,
    pub founders: &'a [FounderOrder],
    /// Baptisms accepted so far: the young may be named by its new first name.
    pub baptisms: &'a [BaptismOrder],
}

impl<'a> Reader<'a> {
    /// Parses one line (its tokens) into an order.
    pub fn line(&self, toks: &[Token]) -> R<Order> {
        let mut c = Cursor::new(toks);
        let order = self.order(&mut c)?;
        if !c.is_done() {
            let extra: Vec<&str> = c.rest().iter().map(|t| t.text.as_str()).collect();
            return Err(Reject::new(Rf::ExtraWords { words: extra.join(" ") }));
        }
        Ok(order)
    }

    fn order(&self, c: &mut Cursor) -> R<Order> {
        let Some(first) = c.peek() else {
            return Err(Reject::new(Rf::EmptyLine));
        };
        if c.eat_keyword(K_FOUNDER).is_some() {
            return self.founder(c).map(Order::Founder);
        }
        if c.eat_keyword(K_ADVERTISING).is_some() {
            let n = c.eat_amount().ok_or_else(|| Reject::new(Rf::AdvertisingSyntax))?;
            return Ok(Order::Advertising(n));
        }
        if c.eat_keyword(K_BID).is_some() {
            // ENCHERE 5 "Aurore" (also ENCHERE "Aurore" 5).
            let missing = || Reject::new(Rf::BidSyntax);
            let (amount, name) = match c.eat_amount() {
                Some(a) => (a, c.next().map(|t| text::collapse_spaces(&t.text))),
                None => {
                    let name = c.next().map(|t| text::collapse_spaces(&t.text));
                    (c.eat_amount().ok_or_else(missing)?, name)
                }
            };
            let ship_name = name
                .filter(|s| !s.is_empty())
                .ok_or_else(|| Reject::new(Rf::BidNoName))?;
            check_name_length(&ship_name)?;
            return Ok(Order::Bid(BidOrder { amount, ship_name }));
        }
        if c.eat_keyword(K_CANDIDATE).is_some() {
            return self.candidacy(c).map(Order::Candidacy);
        }
        if c.eat_keyword(K_LOCATION).is_some() {
            let who = self.who(c, Slot::Location)?;
            let place = self.place(c)?;
            return Ok(Order::Location(LocationOrder { who, place }));
        }
        if c.eat_keyword(K_BUY).is_some() {
            let who = self.who(c, Slot::Buy)?;
            let mut items = Vec::new();
            while let Some(t) = c.peek() {
                let item = item_of(c).ok_or_else(|| {
                    Reject::with(
                        Rf::UnknownItem { word: t.text.clone() },
                        text::suggest(&t.text, ["CAPSULE", "GARDES", "PROTHESE", "MEDECIN", "ASSURANCE", "BODYGUARDS", "PROSTHESIS", "DOCTOR", "INSURANCE"]),
                    )
                })?;
                if items.contains(&item) {
                    return Err(Reject::new(Rf::ItemWrittenTwice { item }));
                }
                items.push(item);
            }
            if items.is_empty() {
                return Err(Reject::new(Rf::NoItems));
            }
            return Ok(Order::Purchase(PurchaseOrder { who, items }));
        }
        if c.eat_keyword(K_CONTRACT).is_some() {
            return self.contract(c).map(Order::Contract);
        }
        if c.eat_keyword(K_RANSOM).is_some() {
            return self.who(c, Slot::Ransom).map(Order::Ransom);
        }
        if c.eat_keyword(K_MARRIAGE).is_some() {
            let groom = self.who(c, Slot::MarriageGroom)?;
            let bride = self.who(c, Slot::MarriageBride)?;
            let priest = self.who(c, Slot::MarriagePriest)?;
            return Ok(Order::Marriage(MarriageOrder { groom, bride, priest }));
        }
        if c.eat_keyword(K_BIRTHS).is_some() {
            let who = self.who(c, Slot::Births)?;
            let max = if c.eat_keyword(&["NON", "NO", "AUCUNE", "NONE"]).is_some() {
                None
            } else if let Some(n) = c.eat_number() {
                Some(n)
            } else {
                return Err(expected(c, Rf::BirthsSyntax, &["NON", "NO", "AUCUNE", "NONE"]));
            };
            return Ok(Order::Births(BirthsOrder { who, max }));
        }
        if c.eat_keyword(K_BASTARD).is_some() {
            let first_name = self.new_first_name(c, Slot::Bastard)?;
            let training = training_of(c);
            if training.is_none() {
                unknown_training_left(c)?;
            }
            return Ok(Order::Bastard(BastardOrder { first_name, training }));
        }
        if c.eat_keyword(K_EXPEDITION).is_some() {
            return self.expedition(c).map(Order::Expedition);
        }
        if c.eat_keyword(K_TRANSFER).is_some() {
            let ship = self.ship(c, Slot::Transfer)?;
            let from = self.family_ref(c, Slot::TransferFrom)?;
            let to = self.family_ref(c, Slot::TransferTo)?;
            let amount = c.eat_amount().ok_or_else(|| Reject::new(Rf::TransferNoAmount))?;
            let kind = match c.eat_keyword(&["PRET", "LOAN", "LOCATION", "RENT"]) {
                Some(_) => TransferKind::Loan,
                None => match c.eat_keyword(&["VENTE", "SALE"]) {
                    Some(_) => TransferKind::Sale,
                    None => return Err(expected(c, Rf::TransferKind, &["PRET", "LOAN", "LOCATION", "RENT", "VENTE", "SALE"])),
                },
            };
            return Ok(Order::Transfer(TransferOrder { ship, from, to, amount, kind }));
        }
        if c.eat_keyword(K_BAPTISM).is_some() {
            let young = self.who(c, Slot::Baptism)?;
            let first_name = self.new_first_name(c, Slot::Baptism)?;
            let priest = if c.is_done() { None } else { Some(self.who(c, Slot::BaptismPriest)?) };
            return Ok(Order::Baptism(BaptismOrder { young, first_name, priest }));
        }
        if c.eat_keyword(K_TRAINING).is_some() {
            let who = self.who(c, Slot::Training)?;
            let training = match training_of(c) {
                Some(t) => t,
                None => {
                    unknown_training_left(c)?;
                    return Err(training_missing());
                }
            };
            return Ok(Order::Training(TrainingOrder { who, training }));
        }
        if c.eat_keyword(K_COUP).is_some() {
            let who = self.who(c, Slot::Coup)?;
            let supports = match c.eat_keyword(&["POUR", "FOR"]) {
                Some(_) => true,
                None => match c.eat_keyword(&["CONTRE", "AGAINST"]) {
                    Some(_) => false,
                    None => return Err(expected(c, Rf::CoupSyntax, &["POUR", "FOR", "CONTRE", "AGAINST"])),
                },
            };
            return Ok(Order::Coup(CoupStanceOrder { who, supports }));
        }
        if c.eat_keyword(K_DEPOSE).is_some() {
            let who = self.who(c, Slot::Deposition)?;
            let pyramid = pyramid_of(c).ok_or_else(|| expected(c, Rf::DepositionSyntax, PYRAMIDS))?;
            return Ok(Order::Deposition(DepositionOrder { who, pyramid }));
        }
        if c.eat_keyword(K_VERDICT).is_some() {
            let judge = self.who(c, Slot::Verdict)?;
            let case_no = eat_case_no(c).ok_or_else(|| Reject::new(Rf::VerdictNoCase))?;
            let vote = if c.eat_keyword(&["ABSTENTION", "ABSTAIN"]).is_some() {
                Vote::Abstain
            } else {
                let guilty = match c.eat_keyword(&["COUPABLE", "GUILTY"]) {
                    Some(_) => true,
                    None => match c.eat_keyword(&["INNOCENT", "NON COUPABLE", "NOT GUILTY"]) {
                        Some(_) => false,
                        None => return Err(expected(c, Rf::VerdictSyntax, &["COUPABLE", "GUILTY", "INNOCENT", "ABSTENTION", "ABSTAIN"])),
                    },
                };
                let years = eat_years(c).ok_or_else(|| {
                    Reject::new(Rf::VerdictNoYears)
                })?;
                if guilty {
                    Vote::Guilty { years }
                } else {
                    Vote::Innocent { years }
                }
            };
            return Ok(Order::Verdict(VerdictOrder { judge, case_no, vote }));
        }
        if c.eat_keyword(K_RESIGN).is_some() {
            return self.who(c, Slot::Resign).map(Order::Resign);
        }
        if c.eat_keyword(K_EMPEROR).is_some() {
            return self.emperor(c).map(Order::Emperor);
        }
        if c.eat_keyword(K_ARCHPOPE).is_some() {
            return self.archpope(c).map(Order::Archpope);
        }
        if c.eat_keyword(K_GENERAL).is_some() {
            return self.general(c).map(Order::General);
        }
        if c.eat_keyword(K_COMMANDER).is_some() {
            return self.commander(c).map(Order::GrandCommander);
        }
        if c.eat_keyword(K_MASTER).is_some() {
            return self.master(c).map(Order::MasterMerchant);
        }
        Err(Reject::with(Rf::UnknownOrder { word: first.text.clone() }, text::suggest(&first.text, ALL_HEADS.iter().copied())))
    }

    // ---- pieces -------------------------------------------------------

    /// A character reference (`Prénom` or `Prénom/Famille`), resolved.
    pub fn who(&self, c: &mut Cursor, slot: Slot) -> R<super::super::model::CharacterId> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingCharacter { slot }))?;
        self.resolve(&t.text).map(|ch| ch.id)
    }

    pub fn resolve(&self, name: &str) -> R<&'a Character> {
        match self.names.resolve_name(self.family, name) {
            Ok(ch) => Ok(ch),
            Err(NameError::UnknownCharacter { family, .. })
                if family == self.family && self.baptisms.iter().any(|b| key(&b.first_name) == key(name)) =>
            {
                let b = self.baptisms.iter().find(|b| key(&b.first_name) == key(name));
                match b.and_then(|b| self.state.character(b.young)) {
                    Some(ch) => Ok(ch),
                    None => Err(Reject::new(Rf::UnknownCharacterOurs { name: name.to_string() })),
                }
            }
            Err(NameError::UnknownFamily { family, suggestion }) => {
                Err(Reject::with(Rf::UnknownFamily { family }, suggestion))
            }
            Err(NameError::UnknownCharacter { name, family, suggestion }) => {
                let fam = self.state.family(&family).map(|f| f.name.clone()).unwrap_or(family.clone());
                if family == self.family {
                    // The name may be a character of another family written without `/Famille`.
                    let k = key(&name);
                    let elsewhere: Vec<&Character> = self.names.living_named(&k).filter(|c| c.family != self.family).collect();
                    if let [c] = elsewhere.as_slice() {
                        return Err(Reject::with(
                            Rf::UnknownCharacterElsewhere { name },
                            Some(self.state.full_name(c.id)),
                        ));
                    }
                    // Names given earlier in the same mail (PERSONNAGE, BAPTEME) count too.
                    let mut known: Vec<String> = self.state.living_members(self.family).map(|c| c.first_name.clone()).collect();
                    known.extend(self.founders.iter().map(|f| f.first_name.clone()));
                    known.extend(self.baptisms.iter().map(|b| b.first_name.clone()));
                    let suggestion = text::suggest(&name, known.iter().map(String::as_str)).or(suggestion);
                    return Err(Reject::with(Rf::UnknownCharacterOurs { name }, suggestion));
                }
                Err(Reject::with(Rf::UnknownCharacterIn { name, family: fam }, suggestion))
            }
        }
    }

    /// A first name being given (baptism, bastard, founder).
    fn new_first_name(&self, c: &mut Cursor, slot: Slot) -> R<String> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingFirstName { slot }))?;
        let name = capitalise(&text::collapse_spaces(&t.text));
        check_first_name(&name)?;
        Ok(name)
    }

    fn founder(&self, c: &mut Cursor) -> R<FounderOrder> {
        let n = c.eat_number().ok_or_else(|| Reject::new(Rf::FounderSyntax))?;
        if !(1..=8).contains(&n) {
            return Err(Reject::new(Rf::FounderNumber { n: n.into() }));
        }
        let first_name = self.new_first_name(c, Slot::Founder)?;
        let sex = match c.next().map(|t| fold(&t.text)) {
            Some(s) if s == "H" || s == "M" => Sex::Male,
            Some(s) if s == "F" => Sex::Female,
            _ => return Err(Reject::new(Rf::FounderSex)),
        };
        // Training and +PP, in either order.
        let mut training = training_of(c);
        let mut extra_pp = 0;
        if let Some(t) = c.peek() {
            let s = t.text.trim();
            let digits = s.strip_prefix('+').unwrap_or(s);
            match digits.parse::<u32>() {
                Ok(v) => {
                    extra_pp = v;
                    c.next();
                    // "+5 PP" is fine too.
                    if c.peek().is_some_and(|t| fold(&t.text) == "PP") {
                        c.next();
                    }
                }
                Err(_) => {
                    if let Some(pp) = fold(digits).strip_suffix("PP").and_then(|d| d.parse::<u32>().ok()) {
                        extra_pp = pp;
                        c.next();
                    }
                }
            }
        }
        if training.is_none() {
            training = training_of(c);
        }
        if training.is_none() && extra_pp == 0 {
            unknown_training_left(c)?;
        }
        Ok(FounderOrder { n: n as u8, first_name, sex, training, extra_pp, by_referee: false })
    }

    fn candidacy(&self, c: &mut Cursor) -> R<CandidacyOrder> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingCharacter { slot: Slot::Candidacy }))?;
        let who = match self.founders.iter().find(|f| key(&f.first_name) == key(&t.text)) {
            Some(f) if !t.text.contains('/') => CandidateRef::Founder(f.n),
            _ => CandidateRef::Character(self.resolve(&t.text)?.id),
        };
        let office = if c.eat_keyword(&["JUGE", "JUDGE"]).is_some() {
            Office::Judge
        } else if c.eat_keyword(&["GOUVERNEUR", "GOVERNOR", "GOUVERNEURE"]).is_some() {
            Office::Governor(self.planet(c, Slot::CandidacyGovernor)?)
        } else {
            return Err(Reject::new(Rf::CandidacySyntax));
        };
        Ok(CandidacyOrder { who, office })
    }

    /// A known planet, as its key.
    pub fn planet(&self, c: &mut Cursor, slot: Slot) -> R<String> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingPlanet { slot }))?;
        match self.state.planet(&t.text) {
            Some(_) => Ok(key(&t.text)),
            None => Err(Reject::with(Rf::UnknownPlanet { planet: t.text.clone() }, self.state.suggest_planet(&t.text))),
        }
    }

    /// A known ship, as its key.
    pub fn ship(&self, c: &mut Cursor, slot: Slot) -> R<String> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingShip { slot }))?;
        match self.state.ship(&t.text) {
            Some(_) => Ok(key(&t.text)),
            None => Err(Reject::with(Rf::UnknownShip { ship: t.text.clone() }, self.state.suggest_ship(&t.text))),
        }
    }

    /// A family by name, as its key.
    pub fn family_ref(&self, c: &mut Cursor, slot: Slot) -> R<String> {
        let t = c.next().ok_or_else(|| Reject::new(Rf::MissingFamily { slot }))?;
        match self.state.find_family(&t.text) {
            Some(f) => Ok(f.key.clone()),
            None => Err(Reject::with(Rf::UnknownFamily { family: t.text.clone() }, self.state.suggest_family(&t.text))),
        }
    }

    fn place(&self, c: &mut Cursor) -> R<Place> {
        if c.is_done() {
            return Err(Reject::new(Rf::PlaceMissing));
        }
        if c.eat_keyword(&["BOURSE", "EXCHANGE"]).is_some() {
            // BOURSE S 2, BOURSE S2, BOURSE 2 S.
            let mut stake = None;
            let mut amount = None;
            for _ in 0..2 {
                let Some(t) = c.peek() else { break };
                let f = fold(&t.text);
                let first_len = f.chars().next().map_or(0, char::len_utf8);
                if stake.is_none() {
                    if let Some(s) = stake_from_letter(&f[..first_len]) {
                        let rest = &f[first_len..];
                        if rest.is_empty() {
                            stake = Some(s);
                            c.next();
                            continue;
                        } else if let Some(a) = text::parse_amount(rest) {
                            stake = Some(s);
                            amount = Some(a);
                            c.next();
                            continue;
                        }
                    }
                }
                if amount.is_none() {
                    if let Some(a) = c.eat_amount() {
                        amount = Some(a);
                        continue;
                    }
                }
                break;
            }
            let (Some(stake), Some(amount)) = (stake, amount) else {
                return Err(Reject::new(Rf::ExchangeSyntax));
            };
            if !(1..=3).contains(&amount) {
                return Err(Reject::new(Rf::ExchangeStake { amount: amount.into() }));
            }
            return Ok(Place::Exchange { stake, amount });
        }
        // FLOTTE 1, FLOTTE-1, FLOTTE_1, FLOTTE1 (and FLEET …).
        if c.eat_keyword(&["FLOTTE 1", "FLEET 1", "FLOTTE1", "FLEET1"]).is_some() {
            return Ok(Place::Fleet(FleetNo::First));
        }
        if c.eat_keyword(&["FLOTTE 2", "FLEET 2", "FLOTTE2", "FLEET2"]).is_some() {
            return Ok(Place::Fleet(FleetNo::Second));
        }
        if c.eat_keyword(&["FLOTTE", "FLEET"]).is_some() {
            return Err(Reject::new(Rf::FleetSyntax));
        }
        if c.eat_keyword(&["VAISSEAU", "SHIP"]).is_some() {
            return self.ship(c, Slot::LocationShip).map(Place::Ship);
        }
        if c.eat_keyword(&["STELLARIUM"]).is_some() {
            return Ok(Place::Stellarium);
        }
        let t = c.peek().map(|t| t.text.clone()).unwrap_or_default();
        if self.state.ship(&t).is_some() && self.state.planet(&t).is_none() {
            c.next();
            return Ok(Place::Ship(key(&t)));
        }
        let planet = self.planet(c, Slot::Location).map_err(|mut r| {
            r.reason = Rf::UnknownPlace { word: t };
            r
        })?;
        Ok(Place::Colony(planet))
    }

    fn contract(&self, c: &mut Cursor) -> R<ContractOrder> {
        let sponsor = self.who(c, Slot::Contract)?;
        let amount = c.eat_amount().ok_or_else(|| Reject::new(Rf::ContractNoAmount))?;
        let kind = if c.eat_keyword(&["ASSASSINAT", "ASSASSINATION", "MEURTRE", "MURDER"]).is_some() {
            ContractKind::Assassination(self.who(c, Slot::ContractAssassination)?)
        } else if c.eat_keyword(&["ENLEVEMENT", "KIDNAPPING", "KIDNAP"]).is_some() {
            ContractKind::Kidnapping(self.who(c, Slot::ContractKidnapping)?)
        } else if c.eat_keyword(&["SCANDALE", "SCANDAL"]).is_some() {
            ContractKind::Scandal(self.who(c, Slot::ContractScandal)?)
        } else if c.eat_keyword(&["SABOTAGE"]).is_some() {
            ContractKind::Sabotage(self.ship(c, Slot::ContractSabotage)?)
        } else if c.eat_keyword(&["BOMBE", "BOMB", "BOMBE A LA BOURSE"]).is_some() {
            ContractKind::Bomb
        } else if c.eat_keyword(&["REBELLION", "REVOLTE", "REVOLT"]).is_some() {
            ContractKind::Rebellion(self.planet(c, Slot::ContractRebellion)?)
        } else if c.eat_keyword(&["TRAHISON", "TREASON"]).is_some() {
            let mut ships = Vec::new();
            while !c.is_done() {
                let s = self.ship(c, Slot::ContractTreason)?;
                if !ships.contains(&s) {
                    ships.push(s);
                }
            }
            ContractKind::Treason(ships)
        } else {
            let t = c.peek().map(|t| t.text.clone()).unwrap_or_default();
            return Err(Reject::with(
                Rf::UnknownContractKind { word: t.clone() },
                text::suggest(
                    &t,
                    ["ASSASSINAT", "ENLEVEMENT", "SCANDALE", "SABOTAGE", "BOMBE", "REBELLION", "TRAHISON", "ASSASSINATION", "KIDNAPPING", "SCANDAL", "BOMB", "TREASON"],
                ),
            ));
        };
        Ok(ContractOrder { sponsor, amount, kind })
    }

    fn expedition(&self, c: &mut Cursor) -> R<ExpeditionOrder> {
        let ship = self.ship(c, Slot::Expedition)?;
        if c.eat_keyword(&["CAPITAINE", "CAPTAIN"]).is_none() {
            return Err(Reject::new(Rf::ExpeditionNoCaptain));
        }
        let captain = self.who(c, Slot::ExpeditionCaptain)?;
        let mut guests = Vec::new();
        let mut planet_name = None;
        loop {
            if c.eat_keyword(&["INVITES", "GUESTS", "INVITE", "GUEST", "INVITEES"]).is_some() {
                while let Some(t) = c.peek() {
                    if !t.quoted && matches!(key(&t.text).as_str(), "PLANETE" | "PLANET") {
                        break;
                    }
                    // Guests may be separated by commas: "Paul, Jean" or "Paul,Jean".
                    c.next();
                    for part in t.text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        let id = self.resolve(part)?.id;
                        if !guests.contains(&id) {
                            guests.push(id);
                        }
                    }
                }
            } else if c.eat_keyword(&["PLANETE", "PLANET"]).is_some() {
                let t = c.next().ok_or_else(|| Reject::new(Rf::ExpeditionNoPlanetName))?;
                let name = text::collapse_spaces(&t.text);
                if name.is_empty() {
                    return Err(Reject::new(Rf::ExpeditionEmptyPlanetName));
                }
                planet_name = Some(name);
            } else {
                break;
            }
        }
        Ok(ExpeditionOrder { ship, captain, guests, planet_name })
    }

    fn who_list(&self, c: &mut Cursor, slot: Slot) -> R<Vec<super::super::model::CharacterId>> {
        let mut v = Vec::new();
        while let Some(t) = c.next() {
            for part in t.text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let id = self.resolve(part)?.id;
                if !v.contains(&id) {
                    v.push(id);
                }
            }
        }
        if v.is_empty() {
            return Err(Reject::new(Rf::MissingCharacter { slot }));
        }
        Ok(v)
    }

    fn emperor(&self, c: &mut Cursor) -> R<EmperorPower> {
        if c.eat_keyword(&["DISGRACE SPECIALE", "SPECIAL DISGRACE"]).is_some() {
            return Ok(EmperorPower::SpecialDisgrace(self.who(c, Slot::EmperorSpecialDisgrace)?));
        }
        if c.eat_keyword(&["DISGRACE"]).is_some() {
            return Ok(EmperorPower::Disgrace(self.who(c, Slot::EmperorDisgrace)?));
        }
        if c.eat_keyword(&["DESTITUER JUGE", "REMOVE JUDGE", "DESTITUER"]).is_some() {
            return Ok(EmperorPower::RemoveJudge(self.who(c, Slot::EmperorRemoveJudge)?));
        }
        if c.eat_keyword(&["GUERRE", "WAR"]).is_some() {
            return Ok(EmperorPower::War);
        }
        if c.eat_keyword(&["CIBLE", "TARGET"]).is_some() {
            return Ok(EmperorPower::Target(self.planet(c, Slot::EmperorTarget)?));
        }
        if c.eat_keyword(&["GRACE", "PARDON"]).is_some() {
            return Ok(EmperorPower::Pardon(self.who(c, Slot::EmperorPardon)?));
        }
        Err(unknown_power(c, PowerHead::Emperor, &["DISGRACE", "DISGRACE-SPECIALE", "DESTITUER-JUGE", "GUERRE", "CIBLE", "GRACE", "SPECIAL-DISGRACE", "REMOVE-JUDGE", "WAR", "TARGET", "PARDON"]))
    }

    fn archpope(&self, c: &mut Cursor) -> R<ArchpopePower> {
        if c.eat_keyword(&["DISGRACE"]).is_some() {
            return Ok(ArchpopePower::Disgrace(self.who(c, Slot::ArchpopeDisgrace)?));
        }
        if c.eat_keyword(&["EXCOMMUNIER", "EXCOMMUNICATE", "EXCOMMUNICATION"]).is_some() {
            return Ok(ArchpopePower::Excommunicate(self.who(c, Slot::ArchpopeExcommunicate)?));
        }
        if c.eat_keyword(&["PARDON", "PARDONNER"]).is_some() {
            return Ok(ArchpopePower::Pardon(self.who(c, Slot::ArchpopePardon)?));
        }
        if c.eat_keyword(&["PROTHESE", "PROSTHESIS", "PROTHESES"]).is_some() {
            return Ok(ArchpopePower::Prosthesis(self.who_list(c, Slot::ArchpopeProsthesis)?));
        }
        if c.eat_keyword(&["REMARIAGE", "REMARRIAGE"]).is_some() {
            return Ok(ArchpopePower::Remarriage(self.who_list(c, Slot::ArchpopeRemarriage)?));
        }
        Err(unknown_power(c, PowerHead::Archpope, &["DISGRACE", "EXCOMMUNIER", "PARDON", "PROTHESE", "REMARIAGE", "EXCOMMUNICATE", "PROSTHESIS", "REMARRIAGE"]))
    }

    fn general(&self, c: &mut Cursor) -> R<GeneralPower> {
        if c.eat_keyword(&["DISGRACE"]).is_some() {
            return Ok(GeneralPower::Disgrace(self.who(c, Slot::GeneralDisgrace)?));
        }
        if c.eat_keyword(&["COMMANDANT", "COMMANDER"]).is_some() {
            let fleet = c.eat_number().and_then(fleet_from_number).ok_or_else(|| {
                Reject::new(Rf::GeneralCommanderSyntax)
            })?;
            return Ok(GeneralPower::Commander(fleet, self.who(c, Slot::GeneralCommander)?));
        }
        if c.eat_keyword(&["STRATEGIE", "STRATEGY"]).is_some() {
            if c.eat_keyword(&["OFFENSIVE", "OFFENSIVE"]).is_some() {
                return Ok(GeneralPower::Strategy(Strategy::Offensive));
            }
            if c.eat_keyword(&["DEFENSIVE", "DEFENSIVE"]).is_some() {
                return Ok(GeneralPower::Strategy(Strategy::Defensive));
            }
            return Err(Reject::new(Rf::StrategySyntax));
        }
        if c.eat_keyword(&["PATROUILLE", "PATROL"]).is_some() {
            let mut v = Vec::new();
            while !c.is_done() {
                let p = self.planet(c, Slot::GeneralPatrol)?;
                if v.contains(&p) {
                    return Err(Reject::new(Rf::PatrolPlanetTwice));
                }
                v.push(p);
            }
            if v.is_empty() {
                return Err(Reject::new(Rf::PatrolNoColonies));
            }
            return Ok(GeneralPower::Patrol(v));
        }
        if c.eat_keyword(&["COUP D ETAT", "COUP DETAT", "COUP"]).is_some() {
            return Ok(GeneralPower::Coup);
        }
        Err(unknown_power(c, PowerHead::General, &["DISGRACE", "COMMANDANT", "STRATEGIE", "PATROUILLE", "COUP-D-ETAT", "COMMANDER", "STRATEGY", "PATROL"]))
    }

    fn commander(&self, c: &mut Cursor) -> R<GrandCommanderPower> {
        if c.eat_keyword(&["DISGRACE"]).is_some() {
            return Ok(GrandCommanderPower::Disgrace(self.who(c, Slot::CommanderDisgrace)?));
        }
        if c.eat_keyword(&["INTERDIRE", "FORBID"]).is_some() {
            return Ok(GrandCommanderPower::Forbid(self.ship(c, Slot::CommanderForbid)?));
        }
        if c.eat_keyword(&["PERMIS", "PERMIT"]).is_some() {
            return Ok(GrandCommanderPower::Permit(self.who_list(c, Slot::CommanderPermit)?));
        }
        Err(unknown_power(c, PowerHead::Commander, &["DISGRACE", "INTERDIRE", "PERMIS", "FORBID", "PERMIT"]))
    }

    fn master(&self, c: &mut Cursor) -> R<MasterMerchantPower> {
        if c.eat_keyword(&["DISGRACE"]).is_some() {
            return Ok(MasterMerchantPower::Disgrace(self.who(c, Slot::MasterDisgrace)?));
        }
        if c.eat_keyword(&["SUPPRIMER COMPTOIR", "REMOVE POST"]).is_some() {
            let f = self.family_ref(c, Slot::MasterRemovePost)?;
            let p = self.planet(c, Slot::MasterRemovePost)?;
            return Ok(MasterMerchantPower::RemovePost(f, p));
        }
        if c.eat_keyword(&["FERMER", "CLOSE"]).is_some() {
            return Ok(MasterMerchantPower::Close(self.planet(c, Slot::MasterClose)?));
        }
        if c.eat_keyword(&["INTERDIRE BOURSE", "BAN EXCHANGE"]).is_some() {
            let mut v = Vec::new();
            while !c.is_done() {
                let f = self.family_ref(c, Slot::MasterBanExchange)?;
                if !v.contains(&f) {
                    v.push(f);
                }
            }
            if v.is_empty() {
                return Err(Reject::new(Rf::BanNoFamily));
            }
            return Ok(MasterMerchantPower::BanExchange(v));
        }
        Err(unknown_power(c, PowerHead::Master, &["DISGRACE", "SUPPRIMER-COMPTOIR", "FERMER", "INTERDIRE-BOURSE", "REMOVE-POST", "CLOSE", "BAN-EXCHANGE"]))
    }
}

fn unknown_power(c: &mut Cursor, head: PowerHead, actions: &[&str]) -> Reject {
    let t = c.peek().map(|t| t.text.clone()).unwrap_or_default();
    let reason = if t.is_empty() { Rf::PowerMissingAction { head } } else { Rf::PowerUnknownAction { head, word: t.clone() } };
    Reject::with(reason, text::suggest(&t, actions.iter().copied()))
}

/// The trainings, as written in orders (French, then English: a
/// misspelling is matched in the language it was written in).
const TRAININGS: [&str; 8] = ["PRETRE", "GUERRIER", "EXPLORATEUR", "MARCHAND", "PRIEST", "WARRIOR", "EXPLORER", "MERCHANT"];

/// Where a training was expected and the next word is none: an unknown
/// training, named as such with the list and the nearest one (not "mots en
/// trop"). A `+PP` is left for the caller.
fn unknown_training_left(c: &mut Cursor) -> R<()> {
    match c.peek() {
        Some(t) if !t.text.trim_start().starts_with('+') && !t.text.chars().all(|ch| ch.is_ascii_digit()) => {
            let word = t.text.clone();
            Err(Reject::with(
                Rf::UnknownTraining { word: word.clone() },
                text::suggest(&word, TRAININGS),
            ))
        }
        _ => Ok(()),
    }
}

fn training_missing() -> Reject {
    Reject::new(Rf::TrainingMissing)
}

/// Reads a training keyword, if the next token is one.
pub fn training_of(c: &mut Cursor) -> Option<Training> {
    if c.eat_keyword(K_PRIEST).is_some() {
        Some(Training::Priest)
    } else if c.eat_keyword(K_WARRIOR).is_some() {
        Some(Training::Warrior)
    } else if c.eat_keyword(K_EXPLORER).is_some() {
        Some(Training::Explorer)
    } else if c.eat_keyword(K_MERCHANT).is_some() {
        Some(Training::Merchant)
    } else {
        None
    }
}

/// The pyramids' keywords, for "did you mean".
const PYRAMIDS: &[&str] = &["GOUVERNEMENT", "GOVERNMENT", "EGLISE", "CHURCH", "ARMEE", "ARMY", "EXPLORATEURS", "EXPLORERS", "MARCHANDS", "MERCHANTS"];

pub fn pyramid_of(c: &mut Cursor) -> Option<Pyramid> {
    for p in Pyramid::ALL {
        let extra: &[&str] = match p {
            Pyramid::Government => &PYRAMIDS[0..2],
            Pyramid::Church => &PYRAMIDS[2..4],
            Pyramid::Army => &PYRAMIDS[4..6],
            Pyramid::Explorers => &PYRAMIDS[6..8],
            Pyramid::Merchants => &PYRAMIDS[8..10],
        };
        if c.eat_keyword(extra).is_some() {
            return Some(p);
        }
    }
    None
}

fn item_of(c: &mut Cursor) -> Option<Item> {
    let table: [(&[&str], Item); 5] = [
        (&["CAPSULE", "CAPSULES"], Item::Capsule),
        (&["GARDES", "BODYGUARDS", "GARDES DU CORPS", "GARDE", "BODYGUARD"], Item::Bodyguards),
        (&["PROTHESE", "PROSTHESIS", "CYBERPROTHESE"], Item::Prosthesis),
        (&["MEDECIN", "DOCTOR"], Item::Doctor),
        (&["ASSURANCE", "INSURANCE"], Item::Insurance),
    ];
    for (aliases, item) in table {
        // "GARDES DU CORPS" must win over "GARDES": try the longest first.
        let mut sorted: Vec<&str> = aliases.to_vec();
        sorted.sort_by_key(|a| std::cmp::Reverse(a.len()));
        if c.eat_keyword(&sorted).is_some() {
            return Some(item);
        }
    }
    None
}

/// A case number: `12`, `#12` is impossible (comment), `N12`, `No12`, `n°12`.
fn eat_case_no(c: &mut Cursor) -> Option<u32> {
    if let Some(n) = c.eat_number() {
        return Some(n);
    }
    let t = c.peek()?;
    let f = fold(&t.text);
    let digits = f.trim_start_matches(|ch: char| !ch.is_ascii_digit());
    let prefix = &f[..f.len() - digits.len()];
    if matches!(prefix, "N" | "NO" | "N°" | "NO°" | "AFFAIRE" | "CASE") {
        let v = digits.parse().ok()?;
        c.next();
        return Some(v);
    }
    None
}

/// Years of a sentence: `30`, `30ANS`, `30 ANS`, `30 YEARS`.
fn eat_years(c: &mut Cursor) -> Option<u32> {
    let t = c.peek()?;
    let f = fold(&t.text);
    let digits_end = f.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(f.len());
    let v: u32 = f[..digits_end].parse().ok()?;
    let unit = &f[digits_end..];
    if !matches!(unit, "" | "ANS" | "YEARS" | "A") {
        return None;
    }
    c.next();
    if unit.is_empty() {
        c.eat_keyword(&["ANS", "YEARS"]);
    }
    Some(v)
}

/// A first name a player gives: one name, no `/`, not a number, not the
/// provisional label of a newborn.
/// The longest name a player gives (a character's first name, a ship's
/// name), in characters: names go into every report and the chronicle.
pub const MAX_NAME_CHARS: usize = 40;

/// Refuses a name longer than [`MAX_NAME_CHARS`].
fn check_name_length(name: &str) -> R<()> {
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(Reject::new(Rf::NameTooLong { chars: chars as i64, max: MAX_NAME_CHARS as i64 }));
    }
    Ok(())
}

pub fn check_first_name(name: &str) -> R<()> {
    if name.is_empty() {
        return Err(Reject::new(Rf::FirstNameEmpty));
    }
    check_name_length(name)?;
    if name.contains('/') || name.contains(',') {
        return Err(Reject::new(Rf::FirstNameSeparator { name: name.to_string() }));
    }
    if !name.chars().any(char::is_alphabetic) {
        return Err(Reject::new(Rf::NotAFirstName { name: name.to_string() }));
    }
    let f = fold(name);
    if f.starts_with("ENFANT") && f[6..].chars().all(|c| c.is_ascii_digit()) && f.len() > 6 {
        return Err(Reject::new(Rf::FirstNameReserved { name: name.to_string() }));
    }
    Ok(())
}

/// First letter in capitals (`léto` → `Léto`), the rest as written.
pub fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
