//! The keywords of Galactic Destiny's order language (design note §3), in
//! both languages, which step kinds each is valid in, and the canonical
//! spelling of every [`Order`] (French for the echo and the simulated
//! players, English for an English reader's form).

use crate::text;

use super::super::components::effects::Resource;
use super::super::components::{PartyId, SectorNo};
use super::super::model::{FleetGroup, GdState, Law, TaxedAction};
use super::super::senate::Ministry;
use super::{Aim, Goods, Order, PostChoice};

/// The step kinds that take orders (design note §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// "Sénat : dépôts".
    S1,
    /// "Sénat : votes".
    S2,
    /// "Invasions": a party's window (or the sealed step).
    I,
    /// "Avant la bataille".
    B,
    /// "Campagnes": a party's window (or the sealed step).
    C,
    /// "Avant les urnes".
    K,
    /// "Achats".
    P,
}

impl Step {
    pub fn label(self) -> &'static str {
        match self {
            Step::S1 => "S1",
            Step::S2 => "S2",
            Step::I => "I",
            Step::B => "B",
            Step::C => "C",
            Step::K => "K",
            Step::P => "P",
        }
    }
}

const ANY: &[Step] = &[Step::S1, Step::S2, Step::I, Step::B, Step::C, Step::K, Step::P];
const S1: &[Step] = &[Step::S1];
const S12: &[Step] = &[Step::S1, Step::S2];
const S2: &[Step] = &[Step::S2];
const P: &[Step] = &[Step::P];
const C: &[Step] = &[Step::C];
const K: &[Step] = &[Step::K];
const I: &[Step] = &[Step::I];
const B: &[Step] = &[Step::B];
/// S1 (a proposal), B (the Defence minister's redeployment).
const S1B: &[Step] = &[Step::S1, Step::B];

/// The first keyword of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    Pass,
    Bank,
    Trade,
    Deal,
    Break,
    Defy,
    Shadow,
    Election,
    Candidate,
    ElectionOrder,
    Proposal,
    RepublicFleet,
    Indictment,
    Prosecute,
    Audit,
    Vote,
    Veto,
    Agenda,
    Buy,
    Recruit,
    Discard,
    /// `INCONSTITUTIONNEL`: free laws only (`propositions = "libres"`).
    Unconstitutional,
    /// `CAMPAGNE` (C).
    Campaign,
    /// `INFLUENCE <secteur> <n>` (K).
    Influence,
    /// An order of the intrigue and the card engine (issue #28): recognised,
    /// refused as not refereed yet.
    NotYet,
    // Assassinations (`orders/attempts.rs`).
    Assassinate,
    Protect,
    Back,
    // The invasions (#28).
    Invade,
    Defend,
    Retreat,
    /// `FEINTE` (B): the Feint round (`intrigue::feint`).
    Feint,
    // Skills, sector abilities, corrupt ministry skills (`orders/powers.rs`).
    Spy,
    Sabotage,
    Cleanse,
    BlackMarket,
    Augury,
    Indulgence,
    Corrupt,
    // The rerolls and the hits (gdfight, #28: `orders/fight.rs`).
    Reroll,
    Hits,
    // Rebellion and peace (`orders/rebellion.rs`).
    Rebel,
    Peace,
    // The card engine (`orders/cards.rs`, #28).
    PlayCard,
    Answer,
    NoAnswers,
    // The court (`orders/court.rs`, #29).
    Sue,
    DefendSuit,
}

/// (word, French, English, steps where valid). Multi-word keywords are
/// written with hyphens (spaces and underscores match too).
pub const WORDS: &[(Word, &str, &str, &[Step])] = &[
    (Word::Pass, "PASSE", "PASS", ANY),
    (Word::Bank, "BANQUE", "BANK", ANY),
    (Word::Trade, "ECHANGE", "TRADE", ANY),
    (Word::Deal, "ACCORD", "DEAL", ANY),
    (Word::Break, "ROMPRE", "BREAK", ANY),
    (Word::Defy, "ENFREINDRE", "DEFY", ANY),
    (Word::Shadow, "OMBRE", "SHADOW", ANY),
    (Word::Election, "ELECTION", "ELECTION", ANY),
    (Word::Candidate, "CANDIDAT", "CANDIDATE", S1),
    (Word::ElectionOrder, "ORDRE-ELECTIONS", "ELECTION-ORDER", S12),
    (Word::Proposal, "PROPOSITION", "PROPOSAL", S1),
    (Word::RepublicFleet, "FLOTTE-REPUBLIQUE", "REPUBLIC-FLEET", S1B),
    (Word::Indictment, "POURSUITE", "INDICTMENT", S1),
    (Word::Prosecute, "POURSUIVRE", "PROSECUTE", S12),
    (Word::Audit, "VERIFIER", "AUDIT", S12),
    (Word::Vote, "VOTE", "VOTE", S2),
    (Word::Veto, "VETO", "VETO", S2),
    (Word::Agenda, "ORDRE-DU-JOUR", "AGENDA", S2),
    (Word::Buy, "ACHAT", "BUY", P),
    (Word::Recruit, "RECRUTER", "RECRUIT", P),
    (Word::Discard, "DEFAUSSER", "DISCARD", P),
    (Word::Invade, "INVASION", "INVADE", I),
    (Word::Defend, "DEFENDRE", "DEFEND", I),
    (Word::Retreat, "RETRAITE", "RETREAT", B),
    (Word::Feint, "FEINTE", "FEINT", B),
    (Word::Unconstitutional, "INCONSTITUTIONNEL", "UNCONSTITUTIONAL", S2),
    (Word::Campaign, "CAMPAGNE", "CAMPAIGN", C),
    (Word::Influence, "INFLUENCE", "INFLUENCE", K),
    // Assassinations: any step where the party is awaited.
    (Word::Assassinate, "ASSASSINAT", "ASSASSINATE", ANY),
    (Word::Protect, "PROTEGER", "PROTECT", ANY),
    (Word::Back, "APPUYER", "BACK", ANY),
    // Skills and abilities used as actions: any step where the party is
    // awaited; Indulgence in P ("dans la phase d'achat").
    (Word::Spy, "ESPIONNER", "SPY", ANY),
    (Word::Sabotage, "SABOTER", "SABOTAGE", ANY),
    (Word::Cleanse, "PURIFIER", "CLEANSE", ANY),
    (Word::BlackMarket, "MARCHE-NOIR", "BLACK-MARKET", ANY),
    (Word::Augury, "AUGURE", "AUGURY", ANY),
    (Word::Indulgence, "INDULGENCE", "INDULGENCE", P),
    (Word::Corrupt, "CORROMPU", "CORRUPT", ANY),
    // The rerolls' policy (any step) and the hits' order (B).
    (Word::Reroll, "RELANCE", "REROLL", ANY),
    (Word::Hits, "PERTES", "HITS", B),
    // Rebellion and peace: any step where the party is awaited.
    (Word::Rebel, "REBELLION", "REBEL", ANY),
    (Word::Peace, "PAIX", "PEACE", ANY),
    // The card engine: any step where the party is awaited (the card's
    // period is checked by the line).
    (Word::PlayCard, "CARTE", "CARD", ANY),
    (Word::Answer, "REPONSE", "RESPONSE", ANY),
    (Word::NoAnswers, "REPONSES AUCUNE", "RESPONSES NONE", ANY),
    // The galactic court (`tribunal = true`).
    (Word::Sue, "PROCES", "LAWSUIT", S1),
    (Word::DefendSuit, "DEFENSE-PROCES", "SUIT-DEFENCE", S2),
];

/// The orders of the intrigue and the card engine (design note §3.1, §3.3),
/// French and English: part II (issue #28) referees them.
pub const NOT_YET: &[(&str, &str)] = &[];

/// The steps where a word is valid (the intrigue's words: none yet).
pub fn steps_of(w: Word) -> &'static [Step] {
    WORDS.iter().find(|(x, ..)| *x == w).map_or(&[], |(_, _, _, s)| *s)
}

/// Every first keyword, both languages, for "did you mean" suggestions.
pub fn all_keywords() -> Vec<&'static str> {
    let mut v: Vec<&str> = WORDS.iter().flat_map(|(_, fr, en, _)| [*fr, *en]).collect();
    v.extend(NOT_YET.iter().flat_map(|(fr, en)| [*fr, *en]));
    v.dedup();
    v
}

// Sub-keywords.
pub const GIVE: &[&str] = &["DONNE", "GIVE"];
pub const GET: &[&str] = &["RECOIT", "GET"];
pub const AND: &[&str] = &["ET", "AND"];
pub const TURNS: &[&str] = &["DUREE", "TURNS"];
pub const FROM: &[&str] = &["DE", "FROM"];
pub const ATTACK: &[&str] = &["ATTAQUE", "ATTACK"];
pub const ADMIRAL: &[&str] = &["AMIRAL", "ADMIRAL"];
pub const FOR: &[&str] = &["POUR", "FOR"];
pub const AGAINST: &[&str] = &["CONTRE", "AGAINST"];
pub const UPTO: &[&str] = &["JUSQUA", "UPTO", "JUSQU'A", "UP-TO"];
pub const VACANT: &[&str] = &["VACANT"];
pub const FLEET: &[&str] = &["FLOTTE", "FLEET"];
pub const FLEETS: &[&str] = &["FLOTTES", "FLEETS", "FLOTTE", "FLEET"];
pub const REPUBLIC_FLEET: &[&str] = &["FLOTTE-REPUBLIQUE", "REPUBLIC-FLEET"];
pub const NONE: &[&str] = &["AUCUN", "NONE"];
pub const SECTOR: &[&str] = &["SECTEUR", "SECTOR"];
pub const SENATOR: &[&str] = &["SENATEUR", "SENATOR"];
pub const CARD: &[&str] = &["CARTE", "CARD"];
pub const INFLUENCE: &[&str] = &["INFLUENCE", "INF"];
/// `INVASION …`'s options.
pub const CLAIM: &[&str] = &["PRISE", "CLAIM"];
pub const CORRUPTION: &[&str] = &["CORRUPTION"];
/// A tax law (`PROPOSITION IMPOT <action> <n>`, `ENFREINDRE IMPOT <action>`).
pub const TAX: &[&str] = &["IMPOT", "TAX"];
/// A free proposal (`PROPOSITION LIBRE "<texte>"`, `propositions = "libres"`).
pub const FREE_PROPOSAL: &[&str] = &["LIBRE", "FREE"];

/// The ministries' words (design note §3), canonical first.
const MINISTRY_WORDS: &[(Ministry, &str, &str, &[&str])] = &[
    (Ministry::PrimeMinister, "PM", "PM", &["PREMIER-MINISTRE", "PRIME-MINISTER"]),
    (Ministry::Interior, "INTERIEUR", "INTERIOR", &[]),
    (Ministry::Finance, "FINANCES", "FINANCE", &[]),
    (Ministry::Justice, "JUSTICE", "JUSTICE", &[]),
    (Ministry::Defence, "DEFENSE", "DEFENCE", &[]),
];

impl Ministry {
    /// The English keyword (`INTERIOR`, `FINANCE`, `DEFENCE`).
    pub fn code_en(self) -> &'static str {
        MINISTRY_WORDS.iter().find(|(m, ..)| *m == self).map_or("", |(_, _, en, _)| *en)
    }
    /// Reads a ministry's word in either language (case, accents and
    /// hyphens ignored).
    pub fn from_word(w: &str) -> Option<Ministry> {
        let k = text::key(w);
        MINISTRY_WORDS
            .iter()
            .find(|(_, fr, en, more)| [*fr, *en].iter().chain(more.iter()).any(|x| text::key(x) == k))
            .map(|(m, ..)| *m)
    }
    /// Every word, for suggestions.
    pub fn words() -> Vec<&'static str> {
        MINISTRY_WORDS.iter().flat_map(|(_, fr, en, more)| [*fr, *en].into_iter().chain(more.iter().copied())).collect()
    }
}

/// `fr` or, for an English reader, `en`.
pub fn kw(en: bool, fr: &'static str, english: &'static str) -> &'static str {
    if en {
        english
    } else {
        fr
    }
}

fn ministry(en: bool, m: Ministry) -> &'static str {
    if en {
        m.code_en()
    } else {
        m.code()
    }
}

/// A law as a line names it: its keyword, and a tax's action (and its
/// amount when `amount`, as `PROPOSITION` writes it; `ENFREINDRE` does not).
pub fn law(en: bool, l: Law, amount: bool) -> String {
    let (fr, english) = l.codes();
    match l {
        Law::Tax { action, amount: n } => {
            let (afr, aen) = action.codes();
            let head = format!("{} {}", kw(en, fr, english), kw(en, afr, aen));
            if amount {
                format!("{head} {n}")
            } else {
                head
            }
        }
        _ => kw(en, fr, english).to_string(),
    }
}

pub fn resource(en: bool, r: Resource) -> &'static str {
    match r {
        Resource::Money => kw(en, "ARGENT", "MONEY"),
        Resource::Influence => "INFLUENCE",
    }
}

/// A name as an order writes it: in quotes when it has a space.
pub fn name(n: &str) -> String {
    if n.chars().any(text::is_space) {
        format!("\"{n}\"")
    } else {
        n.to_string()
    }
}

/// An action card, quoted, by its name in the reader's language.
pub fn card(s: &GdState, en: bool, c: &str) -> String {
    let shown = match s.components.action(c) {
        Some(a) if en => a.name_en.as_str(),
        Some(a) => a.name_fr.as_str(),
        None => c,
    };
    format!("\"{shown}\"")
}

fn goods(s: &GdState, en: bool, g: &Goods) -> String {
    match g {
        Goods::Resource { resource: r, amount } => format!("{amount} {}", resource(en, *r)),
        Goods::Sector { sector } => format!("{} {sector}", kw(en, "SECTEUR", "SECTOR")),
        Goods::Senator { name: n } => format!("{} {}", kw(en, "SENATEUR", "SENATOR"), name(n)),
        Goods::Card { name: c } => format!("{} {}", kw(en, "CARTE", "CARD"), card(s, en, c)),
        Goods::Fleets { count, sector } => format!("{} {count} {sector}", kw(en, "FLOTTES", "FLEETS")),
    }
}

fn goods_list(s: &GdState, en: bool, v: &[Goods]) -> String {
    v.iter().map(|g| goods(s, en, g)).collect::<Vec<_>>().join(&format!(" {} ", kw(en, "ET", "AND")))
}

fn group(en: bool, g: &FleetGroup) -> String {
    let mut t = format!("{} {}", g.to, g.count);
    if let Some(f) = g.from {
        t.push_str(&format!(" {} {f}", kw(en, "DE", "FROM")));
    }
    if g.attack {
        t.push_str(&format!(" {}", kw(en, "ATTAQUE", "ATTACK")));
    }
    if let Some(a) = &g.admiral {
        t.push_str(&format!(" {} {}", kw(en, "AMIRAL", "ADMIRAL"), name(a)));
    }
    t
}

/// `<orig>:<n> …` of an invasion or a defence.
fn origins(from: &[(SectorNo, u8)]) -> String {
    from.iter().map(|(s, n)| format!("{s}:{n}")).collect::<Vec<_>>().join(" ")
}

fn cap(en: bool, c: u32) -> String {
    if c == 0 {
        String::new()
    } else {
        format!(" {} {c}", kw(en, "JUSQUA", "UPTO"))
    }
}

fn items(v: &[u32]) -> String {
    v.iter().map(|i| format!("#{i}")).collect::<Vec<_>>().join(" ")
}

fn names(v: &[String]) -> String {
    v.iter().map(|n| name(n)).collect::<Vec<_>>().join(" ")
}

fn with_senator(head: String, senator: &Option<String>) -> String {
    match senator {
        Some(n) => format!("{head} {}", name(n)),
        None => head,
    }
}

/// One order as a line, with the French keywords (the canonical echo) or
/// the English ones.
pub fn line_in(s: &GdState, o: &Order, en: bool) -> String {
    let sigle = |p: &PartyId| p.sigle();
    match o {
        Order::Pass => kw(en, "PASSE", "PASS").into(),
        Order::Bank { buy, amount } => format!("{} {amount} {}", kw(en, "BANQUE", "BANK"), resource(en, *buy)),
        Order::Trade { with, give, get } => {
            let mut t = format!("{} {}", kw(en, "ECHANGE", "TRADE"), sigle(with));
            if !give.is_empty() {
                t.push_str(&format!(" {} {}", kw(en, "DONNE", "GIVE"), goods_list(s, en, give)));
            }
            if !get.is_empty() {
                t.push_str(&format!(" {} {}", kw(en, "RECOIT", "GET"), goods_list(s, en, get)));
            }
            t
        }
        Order::Deal { with, terms, turns } => {
            let mut t = format!("{} {} \"{terms}\"", kw(en, "ACCORD", "DEAL"), sigle(with));
            if let Some(n) = turns {
                t.push_str(&format!(" {} {n}", kw(en, "DUREE", "TURNS")));
            }
            t
        }
        Order::BreakDeal { deal, senator } => with_senator(format!("{} A{deal}", kw(en, "ROMPRE", "BREAK")), senator),
        Order::Defy { law: l, senator } => with_senator(format!("{} {}", kw(en, "ENFREINDRE", "DEFY"), law(en, *l, false)), senator),
        Order::Shadow { senator } => format!("{} {}", kw(en, "OMBRE", "SHADOW"), name(senator)),
        Order::CallElection => "ELECTION".into(),
        Order::Candidate { ministry: m, senators } => format!("{} {} {}", kw(en, "CANDIDAT", "CANDIDATE"), ministry(en, *m), names(senators)),
        Order::ElectionOrder { order } => {
            let ms: Vec<&str> = order.iter().map(|m| ministry(en, *m)).collect();
            format!("{} {}", kw(en, "ORDRE-ELECTIONS", "ELECTION-ORDER"), ms.join(" "))
        }
        Order::Propose { law: l, turns } => format!("{} {} {} {turns}", kw(en, "PROPOSITION", "PROPOSAL"), law(en, *l, true), kw(en, "DUREE", "TURNS")),
        Order::FleetProposal { groups } => {
            let gs: Vec<String> = groups.iter().map(|g| group(en, g)).collect();
            format!("{} {}", kw(en, "FLOTTE-REPUBLIQUE", "REPUBLIC-FLEET"), gs.join(", "))
        }
        Order::Indict { senator } => format!("{} {}", kw(en, "POURSUITE", "INDICTMENT"), name(senator)),
        Order::Prosecute { senators } => format!("{} {}", kw(en, "POURSUIVRE", "PROSECUTE"), names(senators)),
        Order::Audit { senator } => format!("{} {}", kw(en, "VERIFIER", "AUDIT"), name(senator)),
        Order::VoteItem { item, for_it, cap: c } => {
            format!("VOTE #{item} {}{}", if *for_it { kw(en, "POUR", "FOR") } else { kw(en, "CONTRE", "AGAINST") }, cap(en, *c))
        }
        Order::VotePost { ministry: m, choices, cap: c } => {
            let cs: Vec<String> = choices
                .iter()
                .map(|c| match c {
                    PostChoice::Party { party } => party.sigle().to_string(),
                    PostChoice::Senator { name: n } => name(n),
                    PostChoice::Vacant => "VACANT".into(),
                })
                .collect();
            format!("VOTE {} {}{}", ministry(en, *m), cs.join(" "), cap(en, *c))
        }
        Order::VoteFleet { ranking, cap: c } => {
            let rs: Vec<String> = ranking.iter().map(|r| r.map_or_else(|| kw(en, "AUCUN", "NONE").to_string(), |i| format!("#{i}"))).collect();
            format!("VOTE {} {}{}", kw(en, "FLOTTE", "FLEET"), rs.join(" "), cap(en, *c))
        }
        Order::Veto { item } => format!("VETO #{item}"),
        Order::Agenda { items: v } => format!("{} {}", kw(en, "ORDRE-DU-JOUR", "AGENDA"), items(v)),
        Order::BuyFleets { at } => {
            let ps: Vec<String> = at.iter().map(|(n, sec)| format!("{n} {sec}")).collect();
            format!("{} {}", kw(en, "ACHAT FLOTTE", "BUY FLEET"), ps.join(" "))
        }
        Order::BuyRepublic { count } => format!("{} {count}", kw(en, "ACHAT FLOTTE-REPUBLIQUE", "BUY REPUBLIC-FLEET")),
        Order::Recruit { senator } => format!("{} {}", kw(en, "RECRUTER", "RECRUIT"), name(senator)),
        Order::Discard { cards } => {
            let cs: Vec<String> = cards.iter().map(|c| card(s, en, c)).collect();
            format!("{} {}", kw(en, "DEFAUSSER", "DISCARD"), cs.join(" "))
        }
        Order::Campaign { sector, senator, influence } => {
            let t = format!("{} {sector} {}", kw(en, "CAMPAGNE", "CAMPAIGN"), name(senator));
            if *influence > 0 {
                format!("{t} INFLUENCE {influence}")
            } else {
                t
            }
        }
        Order::Influence { sector, amount } => format!("INFLUENCE {sector} {amount}"),
        Order::Assassinate { .. } | Order::Standing { .. } => super::parse::attempt_line(o, en),
        Order::PlayCard { .. } | Order::Answer { .. } | Order::NoAnswers => super::parse::card_line(s, o, en),
        Order::Invade { sector, from, admiral, aim, corruption } => {
            let mut t = format!("{} {sector} {}", kw(en, "INVASION", "INVADE"), origins(from));
            if let Some(a) = admiral {
                t.push_str(&format!(" {} {}", kw(en, "AMIRAL", "ADMIRAL"), name(a)));
            }
            match aim {
                Aim::Neutral => {}
                Aim::Claim => t.push_str(&format!(" {}", kw(en, "PRISE", "CLAIM"))),
                Aim::For { party } => t.push_str(&format!(" {} {}", kw(en, "POUR", "FOR"), party.sigle())),
            }
            if let Some(c) = corruption {
                t.push_str(&format!(" CORRUPTION {}", name(c)));
            }
            t
        }
        Order::Defend { sector, from } => format!("{} {sector} {}", kw(en, "DEFENDRE", "DEFEND"), origins(from)),
        Order::Retreat { sector, to } => format!("{} {sector} {to}", kw(en, "RETRAITE", "RETREAT")),
        Order::Feint => kw(en, "FEINTE", "FEINT").to_string(),
        Order::Spy { .. } | Order::Sabotage { .. } | Order::Cleanse { .. } | Order::BlackMarket { .. } | Order::Augury { .. } | Order::Indulgence { .. } | Order::CorruptSkill { .. } => {
            super::parse::power_line(s, o, en)
        }
        Order::Reroll { .. } | Order::Hits { .. } => super::parse::fight_line(o, en),
        Order::Rebel { sector } => format!("{} {sector}", kw(en, "REBELLION", "REBEL")),
        Order::Peace => kw(en, "PAIX", "PEACE").to_string(),
        Order::FreeProposal { .. } | Order::Unconstitutional { .. } | Order::Sue { .. } | Order::DefendSuit { .. } => super::parse::court_line(o, en),
        Order::Mj(l) => super::super::mj::line_text(s, l),
        Order::Redeploy { groups, claims } => {
            let gs: Vec<String> = groups.iter().map(|g| if claims.contains(&g.to) { format!("{} {}", group(en, g), kw(en, "PRISE", "CLAIM")) } else { group(en, g) }).collect();
            format!("{} {}", kw(en, "FLOTTE-REPUBLIQUE", "REPUBLIC-FLEET"), gs.join(", "))
        }
    }
}

/// The form of a first keyword, in the language it was written in: the
/// suggestion of a line that does not follow it.
pub fn form(w: Word, en: bool) -> &'static str {
    match (w, en) {
        (Word::Pass, false) => "PASSE",
        (Word::Pass, true) => "PASS",
        (Word::Bank, false) => "BANQUE <n> ARGENT|INFLUENCE",
        (Word::Bank, true) => "BANK <n> MONEY|INFLUENCE",
        (Word::Trade, false) => "ECHANGE <parti> DONNE <objet> [ET <objet>…] RECOIT <objet> [ET <objet>…]",
        (Word::Trade, true) => "TRADE <party> GIVE <item> [AND <item>…] GET <item> [AND <item>…]",
        (Word::Deal, false) => "ACCORD <parti> \"<termes>\" [DUREE <n>]",
        (Word::Deal, true) => "DEAL <party> \"<terms>\" [TURNS <n>]",
        (Word::Break, false) => "ROMPRE A<n> [<sénateur>]",
        (Word::Break, true) => "BREAK A<n> [<senator>]",
        (Word::Defy, false) => "ENFREINDRE <loi> [<sénateur>] ; ENFREINDRE IMPOT <action> [<sénateur>]",
        (Word::Defy, true) => "DEFY <law> [<senator>] ; DEFY TAX <action> [<senator>]",
        (Word::Shadow, false) => "OMBRE <sénateur>",
        (Word::Shadow, true) => "SHADOW <senator>",
        (Word::Election, _) => "ELECTION",
        (Word::Candidate, false) => "CANDIDAT <ministère> <sénateur> [<sénateur>…]",
        (Word::Candidate, true) => "CANDIDATE <ministry> <senator> [<senator>…]",
        (Word::ElectionOrder, false) => "ORDRE-ELECTIONS <ministère> <ministère> <ministère> <ministère>",
        (Word::ElectionOrder, true) => "ELECTION-ORDER <ministry> <ministry> <ministry> <ministry>",
        (Word::Proposal, false) => "PROPOSITION <loi> [DUREE <n>] ; PROPOSITION IMPOT <action> <argent> [DUREE <n>] ; PROPOSITION LIBRE \"<texte>\" [DUREE <n>]",
        (Word::Proposal, true) => "PROPOSAL <law> [TURNS <n>] ; PROPOSAL TAX <action> <money> [TURNS <n>] ; PROPOSAL FREE \"<text>\" [TURNS <n>]",
        (Word::RepublicFleet, false) => "FLOTTE-REPUBLIQUE <secteur> <n> [DE <secteur>] [ATTAQUE] [AMIRAL <sénateur>][, …]",
        (Word::RepublicFleet, true) => "REPUBLIC-FLEET <sector> <n> [FROM <sector>] [ATTACK] [ADMIRAL <senator>][, …]",
        (Word::Indictment, false) => "POURSUITE <sénateur>",
        (Word::Indictment, true) => "INDICTMENT <senator>",
        (Word::Prosecute, false) => "POURSUIVRE <sénateur> [<sénateur>…]",
        (Word::Prosecute, true) => "PROSECUTE <senator> [<senator>…]",
        (Word::Audit, false) => "VERIFIER <sénateur>",
        (Word::Audit, true) => "AUDIT <senator>",
        (Word::Vote, false) => "VOTE #<n> POUR|CONTRE [JUSQUA <i>] ; VOTE <ministère> <parti|sénateur>… [VACANT] [JUSQUA <i>] ; VOTE FLOTTE #<n>… [AUCUN] [JUSQUA <i>]",
        (Word::Vote, true) => "VOTE #<n> FOR|AGAINST [UPTO <i>] ; VOTE <ministry> <party|senator>… [VACANT] [UPTO <i>] ; VOTE FLEET #<n>… [NONE] [UPTO <i>]",
        (Word::Veto, _) => "VETO #<n>",
        (Word::Agenda, false) => "ORDRE-DU-JOUR #<n> [#<n>…]",
        (Word::Agenda, true) => "AGENDA #<n> [#<n>…]",
        (Word::Buy, false) => "ACHAT FLOTTE <n> <secteur> [<n> <secteur>…] ; ACHAT FLOTTE-REPUBLIQUE <n>",
        (Word::Buy, true) => "BUY FLEET <n> <sector> [<n> <sector>…] ; BUY REPUBLIC-FLEET <n>",
        (Word::Recruit, false) => "RECRUTER <sénateur>",
        (Word::Recruit, true) => "RECRUIT <senator>",
        (Word::Discard, false) => "DEFAUSSER \"<carte>\" [\"<carte>\"…]",
        (Word::Discard, true) => "DISCARD \"<card>\" [\"<card>\"…]",
        (Word::Campaign, false) => "CAMPAGNE <secteur> <sénateur> [INFLUENCE <n>]",
        (Word::Campaign, true) => "CAMPAIGN <sector> <senator> [INFLUENCE <n>]",
        (Word::Influence, false) => "INFLUENCE <secteur> <n>",
        (Word::Influence, true) => "INFLUENCE <sector> <n>",
        (Word::Assassinate, false) => "ASSASSINAT <cible> PAR <assassin> [+<n>]",
        (Word::Assassinate, true) => "ASSASSINATE <target> BY <assassin> [+<n>]",
        (Word::Protect, false) => "PROTEGER <sénateur>|TOUS <n>",
        (Word::Protect, true) => "PROTECT <senator>|ALL <n>",
        (Word::Back, false) => "APPUYER <sénateur> <n>",
        (Word::Back, true) => "BACK <senator> <n>",
        (Word::Invade, false) => "INVASION <secteur> <origine>:<n> [<origine>:<n>…] [AMIRAL <sénateur>] [PRISE | POUR <parti>] [CORRUPTION <sénateur>]",
        (Word::Invade, true) => "INVADE <sector> <origin>:<n> [<origin>:<n>…] [ADMIRAL <senator>] [CLAIM | FOR <party>] [CORRUPTION <senator>]",
        (Word::Defend, false) => "DEFENDRE <secteur> <origine>:<n> [<origine>:<n>…]",
        (Word::Defend, true) => "DEFEND <sector> <origin>:<n> [<origin>:<n>…]",
        (Word::Retreat, false) => "RETRAITE <secteur> <destination>",
        (Word::Retreat, true) => "RETREAT <sector> <destination>",
        (Word::Feint, false) => "FEINTE",
        (Word::Feint, true) => "FEINT",
        (Word::Spy, false) => "ESPIONNER <sénateur> <parti> [DEFAUSSER \"<carte>\"…]",
        (Word::Spy, true) => "SPY <senator> <party> [DISCARD \"<card>\"…]",
        (Word::Sabotage, false) => "SABOTER <sénateur> <secteur> <parti>|REPUBLIQUE",
        (Word::Sabotage, true) => "SABOTAGE <senator> <sector> <party>|REPUBLIC",
        (Word::Cleanse, false) => "PURIFIER <sénateur> <cible> <n>",
        (Word::Cleanse, true) => "CLEANSE <senator> <target> <n>",
        (Word::BlackMarket, false) => "MARCHE-NOIR <parti>",
        (Word::BlackMarket, true) => "BLACK-MARKET <party>",
        (Word::Augury, false) => "AUGURE <parti> \"<carte>\"",
        (Word::Augury, true) => "AUGURY <party> \"<card>\"",
        (Word::Indulgence, false) => "INDULGENCE <sénateur>",
        (Word::Indulgence, true) => "INDULGENCE <senator>",
        (Word::Corrupt, false) => "CORROMPU <ministère> <n> [<parti>]",
        (Word::Corrupt, true) => "CORRUPT <ministry> <n> [<party>]",
        (Word::Reroll, false) => "RELANCE BATAILLE|CAMPAGNE|ASSASSINAT|TOUT|AUCUNE [SEUIL <n>]",
        (Word::Reroll, true) => "REROLL BATTLE|CAMPAIGN|ASSASSINATION|ALL|NONE [THRESHOLD <n>]",
        (Word::Hits, false) => "PERTES <parti> [<parti>…]",
        (Word::Hits, true) => "HITS <party> [<party>…]",
        (Word::Rebel, false) => "REBELLION <secteur>",
        (Word::Rebel, true) => "REBEL <sector>",
        (Word::Peace, false) => "PAIX",
        (Word::Peace, true) => "PEACE",
        (Word::PlayCard, false) => "CARTE \"<carte>\" [PAR <sénateur>] [CIBLE <parti|sénateur|secteur> [<parti>|REPUBLIQUE] | BATAILLE <secteur> | CAMPAGNE <secteur>] [<n> ARGENT|INFLUENCE]",
        (Word::PlayCard, true) => "CARD \"<card>\" [BY <senator>] [TARGET <party|senator|sector> [<party>|REPUBLIC] | BATTLE <sector> | CAMPAIGN <sector>] [<n> MONEY|INFLUENCE]",
        (Word::Answer, false) => "REPONSE \"<carte>\" SI \"<carte>\"|CARTE|ASSASSINAT [DE <parti>] [CONTRE-MOI]",
        (Word::Answer, true) => "RESPONSE \"<card>\" IF \"<card>\"|CARD|ASSASSINATION [FROM <party>] [AGAINST-ME]",
        (Word::NoAnswers, false) => "REPONSES AUCUNE",
        (Word::NoAnswers, true) => "RESPONSES NONE",
        (Word::Unconstitutional, false) => "INCONSTITUTIONNEL #<n>",
        (Word::Unconstitutional, true) => "UNCONSTITUTIONAL #<n>",
        (Word::Sue, false) => "PROCES A<n> [<sénateur>] \"<version>\"",
        (Word::Sue, true) => "LAWSUIT A<n> [<senator>] \"<version>\"",
        (Word::DefendSuit, false) => "DEFENSE-PROCES A<n> [<sénateur>] \"<version>\"",
        (Word::DefendSuit, true) => "SUIT-DEFENCE A<n> [<senator>] \"<version>\"",
        (Word::NotYet, _) => "",
    }
}

/// Reads a party: its sigle, or its name in either language.
pub fn party_from_word(s: &GdState, w: &str) -> Option<PartyId> {
    PartyId::from_word(w).or_else(|| {
        let k = text::key(w);
        s.components.parties.iter().find(|p| text::key(&p.name_fr) == k || text::key(&p.name_en) == k).map(|p| p.id)
    })
}

/// Reads a resource word (`ARGENT | MONEY`, `INFLUENCE`).
pub fn resource_from_word(w: &str) -> Option<Resource> {
    match text::key(w).as_str() {
        "ARGENT" | "MONEY" => Some(Resource::Money),
        "INFLUENCE" | "INF" => Some(Resource::Influence),
        _ => None,
    }
}

/// Every law word, both languages, for suggestions.
pub fn law_words() -> Vec<&'static str> {
    Law::ALL.iter().flat_map(|l| [l.codes().0, l.codes().1]).chain(TAX.iter().copied()).collect()
}

/// The taxed actions' keywords, for suggestions.
pub fn tax_action_words() -> Vec<&'static str> {
    TaxedAction::ALL.iter().flat_map(|a| [a.codes().0, a.codes().1]).collect()
}
