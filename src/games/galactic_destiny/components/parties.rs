//! `parties.txt` (the six party cards: starting sector, senator and
//! resources, the prosecution table), `senators.txt` (the 50 senator cards)
//! and `sector-cards.txt` (the 50 sector cards).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::SectorNo;
use super::lex::{lookup, words, Parsed, Reader};
use super::{PartyId, Race, PARTIES};

/// A verdict of the prosecution table ("Poursuites").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// "exécuté".
    Executed,
    /// Loses any ministry, the party is fined 5 money, removed from play.
    Guilty,
    Innocent,
    /// The Justice minister gains 1 corruption.
    Dishonoured,
}

impl Verdict {
    pub const WORDS: [(&'static str, Verdict); 4] =
        [("execution", Verdict::Executed), ("coupable", Verdict::Guilty), ("innocent", Verdict::Innocent), ("deshonore", Verdict::Dishonoured)];
}

/// The table printed on the party cards: `(lowest roll, verdict)`, highest
/// first; a roll gets the first row whose threshold it reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProsecutionTable(pub Vec<(u8, Verdict)>);

impl ProsecutionTable {
    /// The verdict for a total (2d6 + corruption + 3 × shadow).
    pub fn verdict(&self, roll: u32) -> Option<Verdict> {
        self.0.iter().find(|(t, _)| roll >= u32::from(*t)).map(|(_, v)| *v)
    }
}

/// One party card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub id: PartyId,
    /// The colour of its fleets and tokens (a word, for the map).
    pub colour: String,
    pub start_sector: SectorNo,
    pub start_senator: String,
    pub money: u8,
    pub influence: u8,
    pub name_fr: String,
    pub name_en: String,
    pub prosecution: ProsecutionTable,
    pub line: usize,
}

/// The 18 senator skills ("Compétences de sénateur"); the table of
/// contents spells five of them differently, both are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skill {
    Assassin,
    Athee,
    Croyant,
    Bureaucrate,
    Boucher,
    InterrupteurDeCode,
    Lache,
    MaitreEnAssassinat,
    MaitreEnEspionnage,
    Charitable,
    Pacifiste,
    AnimalPolitique,
    OrateurPublic,
    LeaderReligieux,
    Saboteur,
    Espion,
    Stratege,
    Tacticien,
}

impl Skill {
    /// Body spellings first (the canonical ids), then the table of contents'.
    pub const WORDS: [(&'static str, Skill); 23] = [
        ("assassin", Skill::Assassin),
        ("athee", Skill::Athee),
        ("croyant", Skill::Croyant),
        ("bureaucrate", Skill::Bureaucrate),
        ("boucher", Skill::Boucher),
        ("interrupteur-de-code", Skill::InterrupteurDeCode),
        ("lache", Skill::Lache),
        ("maitre-en-assassinat", Skill::MaitreEnAssassinat),
        ("maitre-en-espionnage", Skill::MaitreEnEspionnage),
        ("charitable", Skill::Charitable),
        ("pacifiste", Skill::Pacifiste),
        ("animal-politique", Skill::AnimalPolitique),
        ("orateur-public", Skill::OrateurPublic),
        ("leader-religieux", Skill::LeaderReligieux),
        ("saboteur", Skill::Saboteur),
        ("espion", Skill::Espion),
        ("stratege", Skill::Stratege),
        ("tacticien", Skill::Tacticien),
        ("briseur-de-code", Skill::InterrupteurDeCode),
        ("maitre-assassin", Skill::MaitreEnAssassinat),
        ("maitre-espion", Skill::MaitreEnEspionnage),
        ("politique-animale", Skill::AnimalPolitique),
        ("chef-religieux", Skill::LeaderReligieux),
    ];
    pub fn id(self) -> &'static str {
        Self::WORDS[self as usize].0
    }
    pub fn all() -> impl Iterator<Item = Skill> {
        Self::WORDS[..18].iter().map(|(_, s)| *s)
    }
}

/// One senator card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Senator {
    pub name: String,
    pub diplomacy: u8,
    pub command: u8,
    pub race: Option<Race>,
    /// The party icon, if any (a senator bearing the buyer's icon costs 2 less).
    pub party: Option<PartyId>,
    pub cost: u8,
    pub skill: Option<Skill>,
    /// A starting senator, marked with its party's symbol.
    pub start: bool,
    /// For French sentences ("la sénateur Fola").
    pub female: bool,
    pub line: usize,
}

/// `parties.txt`: the party lines and the prosecution tables.
pub fn parse_parties(file: &str, text: &str) -> (Parsed<Vec<Party>>, bool) {
    let (mut r, lines) = Reader::lines(file, text);
    let mut parties: Vec<Party> = Vec::new();
    let mut default_table: Option<(usize, ProsecutionTable)> = None;
    let mut overrides: BTreeMap<PartyId, (usize, ProsecutionTable)> = BTreeMap::new();
    for l in &lines {
        match crate::text::key(l.head()).as_str() {
            "PARTI" => {
                if !r.arity(l, 9, 9, "parti sigle couleur secteur sénateur argent influence \"nom\" \"name\"") {
                    continue;
                }
                let id = party_word(&mut r, l.no, &l.words[1]);
                let sector = r.int(l, 3, "secteur de départ", 1, 99);
                let money = r.int(l, 5, "argent", 0, 99);
                let influence = r.int(l, 6, "influence", 0, 99);
                let (Some(id), Some(sector), Some(money), Some(influence)) = (id, sector, money, influence) else { continue };
                if let Some(p) = parties.iter().find(|p| p.id == id) {
                    r.err(l.no, format!("parti {} déjà décrit (ligne {})", id.sigle(), p.line));
                    continue;
                }
                parties.push(Party {
                    id,
                    colour: l.words[2].clone(),
                    start_sector: sector as u8,
                    start_senator: l.words[4].clone(),
                    money: money as u8,
                    influence: influence as u8,
                    name_fr: l.words[7].clone(),
                    name_en: l.words[8].clone(),
                    prosecution: ProsecutionTable(Vec::new()),
                    line: l.no,
                });
            }
            "POURSUITES" => {
                let (party, from) = match l.get(1).and_then(PartyId::from_word) {
                    Some(p) => (Some(p), 2),
                    None => (None, 1),
                };
                let Some(table) = table(&mut r, l, from) else { continue };
                let slot = match party {
                    Some(p) => overrides.get(&p).map(|x| x.0),
                    None => default_table.as_ref().map(|x| x.0),
                };
                if let Some(prev) = slot {
                    r.err(l.no, format!("table des poursuites déjà donnée (ligne {prev})"));
                    continue;
                }
                match party {
                    Some(p) => {
                        overrides.insert(p, (l.no, table));
                    }
                    None => default_table = Some((l.no, table)),
                }
            }
            _ => r.err(l.no, format!("« {} » inconnu (parti, poursuites, provisoire)", l.head())),
        }
    }
    for p in parties.iter_mut() {
        match overrides.remove(&p.id).or_else(|| default_table.clone()) {
            Some((_, t)) => p.prosecution = t,
            None => r.err(p.line, format!("le parti {} n'a pas de table des poursuites (« poursuites … »)", p.id.sigle())),
        }
    }
    for (p, (no, _)) in overrides {
        r.err(no, format!("table des poursuites du parti {} qui n'est pas décrit", p.sigle()));
    }
    for id in PartyId::ALL {
        if !parties.iter().any(|p| p.id == id) {
            r.err_end(format!("le parti {} manque (« Les Partis politiques » en nomme six)", id.sigle()));
        }
    }
    let provisional = r.provisional;
    (r.finish(parties), provisional)
}

fn party_word(r: &mut Reader<'_>, no: usize, w: &str) -> Option<PartyId> {
    let p = PartyId::from_word(w);
    if p.is_none() {
        r.err(no, format!("parti « {w} » inconnu ({PARTIES})"));
    }
    p
}

/// `poursuites [sigle] 10 execution 6 coupable 3 innocent 2 deshonore`:
/// thresholds strictly decreasing, the last one 2 or less (every roll of
/// 2d6 has a verdict), each verdict once.
fn table(r: &mut Reader<'_>, l: &super::lex::Line, from: usize) -> Option<ProsecutionTable> {
    let rest = &l.words[from..];
    if rest.is_empty() || !rest.len().is_multiple_of(2) {
        r.err(l.no, "forme attendue « poursuites [sigle] seuil verdict seuil verdict … »");
        return None;
    }
    let mut rows: Vec<(u8, Verdict)> = Vec::new();
    for (i, pair) in rest.chunks(2).enumerate() {
        let t = r.int(l, from + 2 * i, "seuil", 0, 40)? as u8;
        let Some(v) = lookup(&Verdict::WORDS, &pair[1]) else {
            r.err(l.no, format!("verdict « {} » inconnu ({})", pair[1], words(&Verdict::WORDS)));
            return None;
        };
        if rows.iter().any(|(_, x)| *x == v) {
            r.err(l.no, format!("verdict « {} » donné deux fois", pair[1]));
            return None;
        }
        if rows.last().is_some_and(|(p, _)| *p <= t) {
            r.err(l.no, "les seuils doivent décroître (du plus haut jet au plus bas)");
            return None;
        }
        rows.push((t, v));
    }
    if rows.last().is_some_and(|(t, _)| *t > 2) {
        r.err(l.no, "le plus petit seuil doit être 2 ou moins : tout jet de 2d6 a un verdict");
        return None;
    }
    Some(ProsecutionTable(rows))
}

/// `senators.txt`: `senateur nom diplomatie commandement race parti coût
/// compétence [depart] [f]`.
pub fn parse_senators(file: &str, text: &str) -> (Parsed<Vec<Senator>>, bool) {
    let (mut r, lines) = Reader::lines(file, text);
    let mut out: Vec<Senator> = Vec::new();
    for l in &lines {
        if crate::text::key(l.head()) != "SENATEUR" {
            r.err(l.no, format!("« {} » inconnu (senateur, provisoire)", l.head()));
            continue;
        }
        if !r.arity(l, 8, 10, "senateur nom diplomatie commandement race parti coût compétence [depart] [f]") {
            continue;
        }
        let name = l.words[1].clone();
        let dip = r.int(l, 2, "diplomatie", 0, 9);
        let com = r.int(l, 3, "commandement", 0, 9);
        let race = r.optional(l, 4, "race", Race::from_word, &words(&Race::WORDS));
        let party = r.optional(l, 5, "parti", PartyId::from_word, PARTIES);
        let cost = r.int(l, 6, "coût", 0, 30);
        let skill = r.optional(l, 7, "compétence", |w| lookup(&Skill::WORDS, w), &words(&Skill::WORDS));
        let (mut start, mut female, mut flags_ok) = (false, false, true);
        for w in &l.words[8..] {
            match crate::text::key(w).as_str() {
                "DEPART" if !start => start = true,
                "F" if !female => female = true,
                _ => {
                    r.err(l.no, format!("« {w} » : seuls « depart » et « f » peuvent suivre la compétence"));
                    flags_ok = false;
                }
            }
        }
        let (Some(diplomacy), Some(command), Some(race), Some(party), Some(cost), Some(skill), true) = (dip, com, race, party, cost, skill, flags_ok) else { continue };
        if start && party.is_none() {
            r.err(l.no, format!("le sénateur de départ {name} doit porter l'icône de son parti"));
            continue;
        }
        if let Some(o) = out.iter().find(|o| crate::text::key(&o.name) == crate::text::key(&name)) {
            r.err(l.no, format!("sénateur « {name} » déjà décrit (ligne {})", o.line));
            continue;
        }
        out.push(Senator { name, diplomacy: diplomacy as u8, command: command as u8, race, party, cost: cost as u8, skill, start, female, line: l.no });
    }
    if out.len() != 50 {
        r.err_end(format!("{} sénateurs : le jeu en compte 50 (« Le Contenu »)", out.len()));
    }
    let starts = out.iter().filter(|s| s.start).count();
    if starts != 6 {
        r.err_end(format!("{starts} sénateurs de départ : il en faut 6, un par parti (« Les paquets de cartes » 4)"));
    }
    let provisional = r.provisional;
    (r.finish(out), provisional)
}

/// `sector-cards.txt`: `carte-secteur n`, one line per card (50).
pub fn parse_sector_cards(file: &str, text: &str) -> (Parsed<Vec<(usize, SectorNo)>>, bool) {
    let (mut r, lines) = Reader::lines(file, text);
    let mut out = Vec::new();
    for l in &lines {
        if crate::text::key(l.head()) != "CARTE SECTEUR" {
            r.err(l.no, format!("« {} » inconnu (carte-secteur, provisoire)", l.head()));
            continue;
        }
        if !r.arity(l, 2, 2, "carte-secteur n") {
            continue;
        }
        if let Some(n) = r.int(l, 1, "secteur", 1, 99) {
            out.push((l.no, n as u8));
        }
    }
    if out.len() != 50 {
        r.err_end(format!("{} cartes secteur : le jeu en compte 50 (« Le Contenu »)", out.len()));
    }
    let provisional = r.provisional;
    (r.finish(out), provisional)
}
