//! `board.txt`: the sectors as rectangles on a grid, their values and
//! icons, the election track, and adjacency ("Les secteurs", "Bonus de
//! batailles": orthogonal, "les coins ne comptent pas").

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use super::lex::{lookup, words, Parsed, Reader};
use super::{PartyId, Race, PARTIES};

/// A sector's number as printed ("Le numéro du secteur").
pub type SectorNo = u8;

/// The 13 sector abilities ("Compétences de secteur"), each printed on one
/// sector whose number the text gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ability {
    VoixAutoritaire,
    PopulationMilitante,
    DonneesDuMarcheNoir,
    BenedictionsDeLaPurete,
    IndulgencesAntique,
    RemiseAmical,
    ReseauDInformation,
    MonopoleMilitaire,
    InsurrectionBienvenue,
    PersuasionDOpiace,
    BenedictionDeLaPaix,
    AugureAleatoire,
    AlimenterLePouvoir,
}

impl Ability {
    /// Id, ability, and the sector the text puts it on.
    pub const TABLE: [(&'static str, Ability, SectorNo); 13] = [
        ("voix-autoritaire", Ability::VoixAutoritaire, 1),
        ("population-militante", Ability::PopulationMilitante, 4),
        ("donnees-du-marche-noir", Ability::DonneesDuMarcheNoir, 5),
        ("benedictions-de-la-purete", Ability::BenedictionsDeLaPurete, 6),
        ("indulgences-antique", Ability::IndulgencesAntique, 8),
        ("remise-amical", Ability::RemiseAmical, 9),
        ("reseau-d-information", Ability::ReseauDInformation, 10),
        ("monopole-militaire", Ability::MonopoleMilitaire, 28),
        ("insurrection-bienvenue", Ability::InsurrectionBienvenue, 29),
        ("persuasion-d-opiace", Ability::PersuasionDOpiace, 30),
        ("benediction-de-la-paix", Ability::BenedictionDeLaPaix, 32),
        ("augure-aleatoire", Ability::AugureAleatoire, 33),
        ("alimenter-le-pouvoir", Ability::AlimenterLePouvoir, 34),
    ];
    pub const ALL: [Ability; 13] = {
        let mut all = [Ability::VoixAutoritaire; 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Ability::TABLE[i].1;
            i += 1;
        }
        all
    };
    pub fn id(self) -> &'static str {
        Self::TABLE[self as usize].0
    }
    /// The sector the rulebook prints it on.
    pub fn sector(self) -> SectorNo {
        Self::TABLE[self as usize].2
    }
    pub fn from_word(w: &str) -> Option<Ability> {
        let pairs: Vec<(&str, Ability)> = Self::TABLE.iter().map(|(w, a, _)| (*w, *a)).collect();
        lookup(&pairs, w)
    }
}

/// One sector: its rectangle in grid squares (x right, y down), printed
/// values and icons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sector {
    pub no: SectorNo,
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    pub influence: u8,
    pub money: u8,
    pub defence: u8,
    /// Demographics ("Les icônes de données démographiques"), where printed.
    pub race: Option<Race>,
    pub party: Option<PartyId>,
    pub ability: Option<Ability>,
    /// The line of `board.txt` that describes it.
    pub line: usize,
}

impl Sector {
    /// The rectangles share an edge of positive length (corners do not count).
    pub fn touches(&self, o: &Sector) -> bool {
        let overlap = |a0: i32, a1: i32, b0: i32, b1: i32| a0.max(b0) < a1.min(b1);
        let vertical = (self.x + self.w == o.x || o.x + o.w == self.x) && overlap(self.y, self.y + self.h, o.y, o.y + o.h);
        let horizontal = (self.y + self.h == o.y || o.y + o.h == self.y) && overlap(self.x, self.x + self.w, o.x, o.x + o.w);
        vertical || horizontal
    }
    fn overlaps(&self, o: &Sector) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Board {
    /// Numbered spaces of the election track before "élection".
    pub track: u8,
    pub sectors: BTreeMap<SectorNo, Sector>,
    /// Shared edges, then the `voisins` / `pas-voisins` overrides.
    pub adjacency: BTreeMap<SectorNo, BTreeSet<SectorNo>>,
}

impl Board {
    pub fn adjacent(&self, a: SectorNo, b: SectorNo) -> bool {
        self.adjacency.get(&a).is_some_and(|s| s.contains(&b))
    }
    pub fn neighbours(&self, a: SectorNo) -> impl Iterator<Item = SectorNo> + '_ {
        self.adjacency.get(&a).into_iter().flatten().copied()
    }
    /// The sector bearing `ability`.
    pub fn sector_of(&self, ability: Ability) -> Option<SectorNo> {
        self.sectors.values().find(|s| s.ability == Some(ability)).map(|s| s.no)
    }
}

const FORM: &str = "secteur n x y l h influence argent défense race parti compétence";

/// Reads `board.txt` and runs every check of the board alone.
pub fn parse(file: &str, text: &str) -> (Parsed<Board>, bool) {
    let (mut r, lines) = Reader::lines(file, text);
    let mut b = Board::default();
    let mut track_line = None;
    let mut overrides: Vec<(usize, bool, SectorNo, SectorNo)> = Vec::new();
    for l in &lines {
        match crate::text::key(l.head()).as_str() {
            "PISTE ELECTIONS" => {
                if !r.arity(l, 2, 2, "piste-elections n") {
                    continue;
                }
                if let Some(prev) = track_line {
                    r.err(l.no, format!("piste des élections déjà donnée (ligne {prev})"));
                }
                if let Some(n) = r.int(l, 1, "longueur de la piste", 1, 9) {
                    b.track = n as u8;
                    track_line = Some(l.no);
                }
            }
            "SECTEUR" => {
                if !r.arity(l, 12, 12, FORM) {
                    continue;
                }
                let no = r.int(l, 1, "numéro de secteur", 1, 99);
                let mut g = [0i32; 4];
                let mut ok = no.is_some();
                for (i, (v, what)) in g.iter_mut().zip(["x", "y", "largeur", "hauteur"]).enumerate() {
                    let (lo, hi) = if i < 2 { (0, 99) } else { (1, 20) };
                    match r.int(l, 2 + i, what, lo, hi) {
                        Some(n) => *v = n as i32,
                        None => ok = false,
                    }
                }
                let mut vals = [0u8; 3];
                for (i, (v, what)) in vals.iter_mut().zip(["influence", "argent", "défense"]).enumerate() {
                    match r.int(l, 6 + i, what, 0, 9) {
                        Some(n) => *v = n as u8,
                        None => ok = false,
                    }
                }
                let ids: Vec<&str> = Ability::TABLE.iter().map(|t| t.0).collect();
                let race = r.optional(l, 9, "race", Race::from_word, &words(&Race::WORDS));
                let party = r.optional(l, 10, "parti", PartyId::from_word, PARTIES);
                let ability = r.optional(l, 11, "compétence de secteur", Ability::from_word, &ids.join(", "));
                let (Some(race), Some(party), Some(ability)) = (race, party, ability) else { continue };
                let Some(no) = no.filter(|_| ok) else { continue };
                let s = Sector { no: no as u8, x: g[0], y: g[1], w: g[2], h: g[3], influence: vals[0], money: vals[1], defence: vals[2], race, party, ability, line: l.no };
                if let Some(prev) = b.sectors.get(&s.no) {
                    r.err(l.no, format!("secteur {} déjà décrit (ligne {})", s.no, prev.line));
                    continue;
                }
                if let Some(o) = b.sectors.values().find(|o| o.overlaps(&s)) {
                    r.err(l.no, format!("le secteur {} chevauche le secteur {} (ligne {})", s.no, o.no, o.line));
                    continue;
                }
                b.sectors.insert(s.no, s);
            }
            k @ ("VOISINS" | "PAS VOISINS") => {
                if !r.arity(l, 3, 3, &format!("{} a b", l.head())) {
                    continue;
                }
                let (a, c) = (r.int(l, 1, "secteur", 1, 99), r.int(l, 2, "secteur", 1, 99));
                if let (Some(a), Some(c)) = (a, c) {
                    if a == c {
                        r.err(l.no, format!("un secteur n'est pas voisin de lui-même ({a})"));
                    } else {
                        overrides.push((l.no, k == "VOISINS", a as u8, c as u8));
                    }
                }
            }
            _ => r.err(l.no, format!("« {} » inconnu (piste-elections, secteur, voisins, pas-voisins, provisoire)", l.head())),
        }
    }
    if track_line.is_none() {
        r.err_end("la piste des élections manque (« piste-elections n »)");
    }
    for a in b.sectors.values() {
        let set: BTreeSet<SectorNo> = b.sectors.values().filter(|o| o.no != a.no && a.touches(o)).map(|o| o.no).collect();
        b.adjacency.insert(a.no, set);
    }
    for (no, add, a, c) in overrides {
        for s in [a, c] {
            if !b.sectors.contains_key(&s) {
                r.err(no, format!("secteur {s} inconnu"));
            }
        }
        if !(b.sectors.contains_key(&a) && b.sectors.contains_key(&c)) {
            continue;
        }
        if add == b.adjacent(a, c) {
            let what = if add { "déjà voisins" } else { "déjà non voisins" };
            r.err(no, format!("les secteurs {a} et {c} sont {what} par leurs bords"));
        }
        for (x, y) in [(a, c), (c, a)] {
            let set = b.adjacency.entry(x).or_default();
            if add {
                set.insert(y);
            } else {
                set.remove(&y);
            }
        }
    }
    check(&mut r, &b);
    let provisional = r.provisional;
    (r.finish(b), provisional)
}

/// The checks of §4.1 over the whole board.
fn check(r: &mut Reader<'_>, b: &Board) {
    if !b.sectors.contains_key(&1) {
        r.err_end("le secteur 1 manque (« Le plateau » : 5 flottes de la république sur le secteur 1)");
    }
    for (id, a, n) in Ability::TABLE {
        let on: Vec<&Sector> = b.sectors.values().filter(|s| s.ability == Some(a)).collect();
        match on.as_slice() {
            [] => r.err_end(format!("la compétence {id} n'est sur aucun secteur (« Compétences de secteur » : secteur {n})")),
            [s] if s.no != n => r.err(s.line, format!("la compétence {id} est celle du secteur {n} (« Compétences de secteur »), pas du secteur {}", s.no)),
            [_] => {}
            [_, s, ..] => r.err(s.line, format!("la compétence {id} est déjà sur un autre secteur")),
        }
    }
    // Connected: every sector reachable from the lowest number.
    if let Some(&first) = b.sectors.keys().next() {
        let mut seen = BTreeSet::from([first]);
        let mut todo = VecDeque::from([first]);
        while let Some(s) = todo.pop_front() {
            for n in b.neighbours(s) {
                if seen.insert(n) {
                    todo.push_back(n);
                }
            }
        }
        for s in b.sectors.values().filter(|s| !seen.contains(&s.no)) {
            r.err(s.line, format!("le secteur {} n'est relié au secteur {first} par aucun voisin", s.no));
        }
    }
}
