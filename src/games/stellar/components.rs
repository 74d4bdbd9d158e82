//! The components as data (RULINGS, Stellar S1–S2): the 60 Celestial Object
//! cards and the 12-slot telescope, read from two text files whose format is
//! `assets/stellar/README.md`.
//!
//! The default set is embedded at build time; a referee who owns the game
//! names their own files with the settings `cards` and `telescope`. The texts
//! are copied into the game's state, so a running game keeps its set, and
//! are checked again whenever a state is loaded: every error names the file
//! and the line.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// The embedded (provisional) card list.
pub const DEFAULT_CARDS: &str = include_str!("../../../assets/stellar/cards.txt");
/// The embedded (provisional) telescope layout.
pub const DEFAULT_TELESCOPE: &str = include_str!("../../../assets/stellar/telescope.txt");

/// A card's identity: its `id` in the card list.
pub type CardId = u16;
/// A telescope slot, 1..=12 as printed on the Telescope cards.
pub type Slot = u8;

/// The five types of Celestial Objects ("Composition des cartes Objet céleste").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Planet,
    Moon,
    Asteroid,
    Cloud,
    BlackHole,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Planet, Kind::Moon, Kind::Asteroid, Kind::Cloud, Kind::BlackHole];

    /// The French order word (`PLANETE`, …), also the canonical spelling.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Planet => "PLANETE",
            Kind::Moon => "LUNE",
            Kind::Asteroid => "ASTEROIDE",
            Kind::Cloud => "NUAGE",
            Kind::BlackHole => "TROU-NOIR",
        }
    }
    /// The English order word (`PLANET`, …).
    pub fn word_en(self) -> &'static str {
        match self {
            Kind::Planet => "PLANET",
            Kind::Moon => "MOON",
            Kind::Asteroid => "ASTEROID",
            Kind::Cloud => "CLOUD",
            Kind::BlackHole => "BLACK-HOLE",
        }
    }
    /// The key the views and templates use (`planet`, …).
    pub fn code(self) -> &'static str {
        match self {
            Kind::Planet => "planet",
            Kind::Moon => "moon",
            Kind::Asteroid => "asteroid",
            Kind::Cloud => "cloud",
            Kind::BlackHole => "black_hole",
        }
    }
    /// Every spelling accepted in orders and in the card file.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Kind::Planet => &["PLANETE", "PLANET", "PLANETES", "PLANETS"],
            Kind::Moon => &["LUNE", "MOON", "LUNES", "MOONS"],
            Kind::Asteroid => &["ASTEROIDE", "ASTEROID", "ASTEROIDES", "ASTEROIDS"],
            Kind::Cloud => &["NUAGE", "CLOUD", "NUAGES", "CLOUDS", "NUAGE INTERSTELLAIRE"],
            Kind::BlackHole => &["TROU NOIR", "BLACK HOLE", "TROUS NOIRS", "BLACK HOLES"],
        }
    }
    pub fn index(self) -> usize {
        Kind::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }
    /// Reads a type word (accents, case and hyphens ignored).
    pub fn from_word(w: &str) -> Option<Kind> {
        let k = crate::text::key(w);
        Kind::ALL.into_iter().find(|t| t.aliases().iter().any(|a| crate::text::key(a) == k))
    }
}

/// A card's printed number: 1–5, the special "6/0", or a satellite's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Number {
    Plain(u8),
    SixZero,
}

impl Number {
    /// The number in the telescope ("Cartes 6/0": always 6).
    pub fn telescope_value(self) -> u32 {
        match self {
            Number::Plain(n) => n as u32,
            Number::SixZero => 6,
        }
    }
    /// The row position this number points to in step 3, if any.
    pub fn row_position(self) -> Option<usize> {
        match self {
            Number::Plain(n) if (1..=5).contains(&n) => Some(n as usize),
            _ => None,
        }
    }
    pub fn label(self) -> String {
        match self {
            Number::Plain(n) => n.to_string(),
            Number::SixZero => "6/0".into(),
        }
    }
}

/// One Celestial Object card. `kind` is `None` for a satellite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub kind: Option<Kind>,
    pub number: Number,
    pub stars: u32,
    /// A starting card (the diamond, "Mise en place" 2).
    pub start: bool,
}

impl Card {
    /// `LUNE-4`, `NUAGE-6/0`, `SATELLITE-2`: how orders and reports name it.
    pub fn name(&self) -> String {
        format!("{}-{}", self.kind.map_or("SATELLITE", Kind::word), self.number.label())
    }
}

/// The three sections of the telescope ("Le télescope").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    Top,
    Middle,
    Bottom,
}

impl Section {
    pub const ALL: [Section; 3] = [Section::Top, Section::Middle, Section::Bottom];
    pub fn code(self) -> &'static str {
        match self {
            Section::Top => "top",
            Section::Middle => "middle",
            Section::Bottom => "bottom",
        }
    }
    fn from_word(w: &str) -> Option<Section> {
        match crate::text::key(w).as_str() {
            "HAUT" | "TOP" => Some(Section::Top),
            "MILIEU" | "MIDDLE" => Some(Section::Middle),
            "BAS" | "BOTTOM" => Some(Section::Bottom),
            _ => None,
        }
    }
    /// The number of slots the rules give it (5/3/4).
    pub fn size(self) -> usize {
        match self {
            Section::Top => 5,
            Section::Middle => 3,
            Section::Bottom => 4,
        }
    }
}

/// One telescope slot: its rectangle in grid units (y downwards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotDef {
    pub slot: Slot,
    pub section: Section,
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl SlotDef {
    /// "Adjacent signifie ayant un bord de carte en commun": the rectangles
    /// share an edge segment of positive length.
    pub fn touches(&self, o: &SlotDef) -> bool {
        let overlap = |a0: i32, a1: i32, b0: i32, b1: i32| a0.max(b0) < a1.min(b1);
        let vertical = (self.x + self.w == o.x || o.x + o.w == self.x) && overlap(self.y, self.y + self.h, o.y, o.y + o.h);
        let horizontal = (self.y + self.h == o.y || o.y + o.h == self.y) && overlap(self.x, self.x + self.w, o.x, o.x + o.w);
        vertical || horizontal
    }
    fn overlaps(&self, o: &SlotDef) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
}

/// A component file as given: where it came from and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// The file's name for error messages (`assets/stellar/cards.txt (intégré)`).
    pub name: String,
    pub text: String,
}

/// The source texts, as stored in the state.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sources {
    pub cards: Source,
    pub telescope: Source,
}

/// The checked components of a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Sources", into = "Sources")]
pub struct Components {
    sources: Sources,
    pub cards: BTreeMap<CardId, Card>,
    pub slots: BTreeMap<Slot, SlotDef>,
    pub adjacency: BTreeMap<Slot, BTreeSet<Slot>>,
    /// Either file says `provisoire`: the set is not the published game's.
    pub provisional: bool,
}

impl From<Components> for Sources {
    fn from(c: Components) -> Sources {
        c.sources
    }
}

impl TryFrom<Sources> for Components {
    type Error = String;
    fn try_from(s: Sources) -> Result<Components, String> {
        Components::parse(s)
    }
}

/// The data lines of a file: (line number, tokens), comments and blank lines
/// skipped; `provisoire` lines noted.
fn data_lines(text: &str) -> (Vec<(usize, Vec<String>)>, bool) {
    let mut out = Vec::new();
    let mut provisional = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let toks: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        if toks.len() == 1 && matches!(crate::text::key(&toks[0]).as_str(), "PROVISOIRE" | "PROVISIONAL") {
            provisional = true;
            continue;
        }
        out.push((i + 1, toks));
    }
    (out, provisional)
}

impl Components {
    /// The embedded default set.
    pub fn embedded() -> Result<Components, String> {
        Components::parse(Sources {
            cards: Source { name: "assets/stellar/cards.txt (intégré)".into(), text: DEFAULT_CARDS.into() },
            telescope: Source { name: "assets/stellar/telescope.txt (intégré)".into(), text: DEFAULT_TELESCOPE.into() },
        })
    }

    /// Reads and checks both files. Errors are French, `file, ligne N : …`.
    pub fn parse(sources: Sources) -> Result<Components, String> {
        let (cards, p1) = parse_cards(&sources.cards)?;
        let (slots, p2) = parse_slots(&sources.telescope)?;
        let mut adjacency: BTreeMap<Slot, BTreeSet<Slot>> = BTreeMap::new();
        for a in slots.values() {
            let set = adjacency.entry(a.slot).or_default();
            for b in slots.values() {
                if a.slot != b.slot && a.touches(b) {
                    set.insert(b.slot);
                }
            }
        }
        Ok(Components { sources, cards, slots, adjacency, provisional: p1 || p2 })
    }

    pub fn card(&self, id: CardId) -> &Card {
        // Every id in a state comes from this list (checked at load by the state's own test).
        &self.cards[&id]
    }

    pub fn section_of(&self, slot: Slot) -> Section {
        self.slots.get(&slot).map_or(Section::Top, |s| s.section)
    }
}

fn parse_cards(src: &Source) -> Result<(BTreeMap<CardId, Card>, bool), String> {
    let at = |line: usize, msg: String| format!("{}, ligne {line} : {msg}", src.name);
    let (lines, provisional) = data_lines(&src.text);
    let mut cards = BTreeMap::new();
    let mut six_zero: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut last_line = 0;
    for (no, t) in &lines {
        last_line = *no;
        if t.len() < 4 || t.len() > 5 {
            return Err(at(*no, format!("4 ou 5 colonnes attendues (id type numéro étoiles [depart]), trouvé {}", t.len())));
        }
        let id: CardId = t[0].parse().map_err(|_| at(*no, format!("identifiant « {} » : nombre entier attendu", t[0])))?;
        let kind = if crate::text::key(&t[1]) == "SATELLITE" {
            None
        } else {
            Some(Kind::from_word(&t[1]).ok_or_else(|| at(*no, format!("type « {} » inconnu (planete, lune, asteroide, nuage, trou-noir, satellite)", t[1])))?)
        };
        let number = if t[2] == "6/0" {
            if kind.is_none() {
                return Err(at(*no, "un satellite ne peut pas être une carte « 6/0 »".into()));
            }
            Number::SixZero
        } else {
            let n: u8 = t[2].parse().map_err(|_| at(*no, format!("numéro « {} » : 1 à 5, ou 6/0", t[2])))?;
            let ok = if kind.is_some() { (1..=5).contains(&n) } else { n <= 6 };
            if !ok {
                return Err(at(*no, format!("numéro {n} hors des limites (1 à 5 ; 0 à 6 pour un satellite)")));
            }
            Number::Plain(n)
        };
        let stars: u32 = t[3].parse().map_err(|_| at(*no, format!("étoiles « {} » : nombre entier attendu", t[3])))?;
        if stars > 9 {
            return Err(at(*no, format!("{stars} étoiles : au plus 9")));
        }
        let start = match t.get(4) {
            None => false,
            Some(w) if matches!(crate::text::key(w).as_str(), "DEPART" | "START") => true,
            Some(w) => return Err(at(*no, format!("cinquième colonne « {w} » : seul « depart » est permis"))),
        };
        if number == Number::SixZero {
            if let Some(k) = kind {
                *six_zero.entry(k).or_default() += 1;
                if six_zero[&k] > 1 {
                    return Err(at(*no, format!("deuxième carte 6/0 de type {} (une seule par type, « Cartes 6/0 »)", k.word())));
                }
            }
        }
        if cards.insert(id, Card { id, kind, number, stars, start }).is_some() {
            return Err(at(*no, format!("identifiant {id} déjà utilisé")));
        }
    }
    let end = last_line.max(1);
    if cards.len() != 60 {
        return Err(at(end, format!("{} cartes : le jeu en compte 60 (« Matériel »)", cards.len())));
    }
    for k in Kind::ALL {
        if !six_zero.contains_key(&k) {
            return Err(at(end, format!("aucune carte 6/0 de type {} (une par type, « Cartes 6/0 »)", k.word())));
        }
    }
    let starts = cards.values().filter(|c| c.start).count();
    if starts != 5 {
        return Err(at(end, format!("{starts} cartes de départ : il en faut 5 (« Mise en place » 2)")));
    }
    Ok((cards, provisional))
}

fn parse_slots(src: &Source) -> Result<(BTreeMap<Slot, SlotDef>, bool), String> {
    let at = |line: usize, msg: String| format!("{}, ligne {line} : {msg}", src.name);
    let (lines, provisional) = data_lines(&src.text);
    let mut slots: BTreeMap<Slot, SlotDef> = BTreeMap::new();
    let mut lines_of: BTreeMap<Slot, usize> = BTreeMap::new();
    let mut last_line = 0;
    for (no, t) in &lines {
        last_line = *no;
        if t.len() != 6 {
            return Err(at(*no, format!("6 colonnes attendues (emplacement section x y largeur hauteur), trouvé {}", t.len())));
        }
        let slot: Slot = t[0].parse().ok().filter(|s| (1..=12).contains(s)).ok_or_else(|| at(*no, format!("emplacement « {} » : 1 à 12", t[0])))?;
        let section = Section::from_word(&t[1]).ok_or_else(|| at(*no, format!("section « {} » : haut, milieu ou bas", t[1])))?;
        let mut n = [0i32; 4];
        for (i, v) in n.iter_mut().enumerate() {
            *v = t[2 + i].parse().map_err(|_| at(*no, format!("« {} » : nombre entier attendu", t[2 + i])))?;
        }
        if n[0] < 0 || n[1] < 0 || n[0] > 100 || n[1] > 100 || !(1..=10).contains(&n[2]) || !(1..=10).contains(&n[3]) {
            return Err(at(*no, "position 0 à 100, largeur et hauteur 1 à 10".into()));
        }
        let def = SlotDef { slot, section, x: n[0], y: n[1], w: n[2], h: n[3] };
        for (other, d) in &slots {
            if d.overlaps(&def) {
                return Err(at(*no, format!("l'emplacement {slot} chevauche l'emplacement {other} (ligne {})", lines_of[other])));
            }
        }
        if slots.insert(slot, def).is_some() {
            return Err(at(*no, format!("emplacement {slot} déjà décrit (ligne {})", lines_of[&slot])));
        }
        lines_of.insert(slot, *no);
    }
    let end = last_line.max(1);
    if slots.len() != 12 {
        return Err(at(end, format!("{} emplacements : le télescope en compte 12 (« Le télescope »)", slots.len())));
    }
    for s in Section::ALL {
        let n = slots.values().filter(|d| d.section == s).count();
        if n != s.size() {
            return Err(at(end, format!("section {} : {n} emplacements, la règle en donne {} (haut 5, milieu 3, bas 4)", s.code(), s.size())));
        }
    }
    if slots[&1].section != Section::Top {
        return Err(at(lines_of[&1], "l'emplacement 1 doit être dans la section du haut (« Mise en place » 2)".into()));
    }
    for d in slots.values() {
        if !slots.values().any(|o| o.slot != d.slot && o.touches(d)) {
            return Err(at(lines_of[&d.slot], format!("l'emplacement {} ne touche aucun autre emplacement par un bord", d.slot)));
        }
    }
    Ok((slots, provisional))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(cards: &str, telescope: &str) -> Result<Components, String> {
        Components::parse(Sources {
            cards: Source { name: "cartes.txt".into(), text: cards.into() },
            telescope: Source { name: "telescope.txt".into(), text: telescope.into() },
        })
    }

    #[test]
    fn materiel_the_embedded_set_is_consistent_and_marked_provisional() {
        let c = Components::embedded().unwrap();
        assert_eq!(c.cards.len(), 60);
        assert!(c.provisional);
        assert_eq!(c.cards.values().filter(|c| c.start).count(), 5);
        assert_eq!(c.adjacency[&1], BTreeSet::from([3]));
        assert_eq!(c.adjacency[&3], BTreeSet::from([1, 2, 4, 5]));
        assert_eq!(c.adjacency[&8], BTreeSet::from([6, 7, 9, 10]));
    }

    #[test]
    fn materiel_errors_name_the_file_and_the_line() {
        let bad = DEFAULT_CARDS.replacen("lune       1       3", "lune       9       3", 1);
        let e = with(&bad, DEFAULT_TELESCOPE).unwrap_err();
        assert!(e.starts_with("cartes.txt, ligne 18 :"), "{e}");
        let dup = DEFAULT_CARDS.replacen("lune       6/0", "planete    6/0", 1);
        let e = with(&dup, DEFAULT_TELESCOPE).unwrap_err();
        assert!(e.contains("deuxième carte 6/0"), "{e}");
        let e = with(DEFAULT_CARDS, &DEFAULT_TELESCOPE.replace("1       haut", "1       milieu")).unwrap_err();
        assert!(e.contains("section top : 4 emplacements"), "{e}");
        let e = with(DEFAULT_CARDS, &DEFAULT_TELESCOPE.replace("12      bas      4  6", "12      bas      3  5")).unwrap_err();
        assert!(e.starts_with("telescope.txt, ligne 21 :") && e.contains("chevauche l'emplacement 10 (ligne 19)"), "{e}");
    }

    #[test]
    fn le_telescope_adjacency_needs_a_shared_edge_not_a_corner() {
        let a = SlotDef { slot: 1, section: Section::Top, x: 0, y: 0, w: 2, h: 1 };
        let corner = SlotDef { slot: 2, section: Section::Top, x: 2, y: 1, w: 2, h: 1 };
        let below = SlotDef { slot: 3, section: Section::Top, x: 1, y: 1, w: 2, h: 1 };
        assert!(!a.touches(&corner));
        assert!(a.touches(&below));
    }
}
