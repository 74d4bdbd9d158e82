//! The components as data (RULINGS, Stellium T1–T2): the board (galaxy
//! places and black holes on a hexagonal grid), the six galaxy discs (start
//! holes and coloured symbols) and the 40 objective cards, read from three
//! text files whose format is `assets/stellium/README.md`.
//!
//! The provisional set is embedded at build time; a referee who owns the
//! game names their own files with the settings `plateau`, `disques` and
//! `objectifs`. The texts are kept in the game's state and checked again
//! whenever a state is loaded; every error names the file and the line.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub const DEFAULT_BOARD: &str = include_str!("../../../assets/stellium/board.txt");
pub const DEFAULT_DISCS: &str = include_str!("../../../assets/stellium/discs.txt");
pub const DEFAULT_OBJECTIVES: &str = include_str!("../../../assets/stellium/objectives.txt");

/// The six hex directions in axial coordinates (flat-top hexes), clockwise
/// from the top: the ring holes 1..6 of a galaxy are its centre plus these.
pub const DIRS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// The four astres ("Informations complètes sur les Astres"): colour = kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Planète, green, influence Permutation.
    Green,
    /// Comète, blue, influence Collision.
    Blue,
    /// Étoile, yellow, influence Rotation.
    Yellow,
    /// Supernova, pink, influence Attraction.
    Pink,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Green, Colour::Blue, Colour::Yellow, Colour::Pink];
    /// How many of each are in the box ("Contenu de la boîte").
    pub fn count(self) -> usize {
        match self {
            Colour::Green => 11,
            Colour::Blue => 10,
            Colour::Yellow => 9,
            Colour::Pink => 8,
        }
    }
    /// The letter on the marbles of the map and in the data files (V, B, J, R).
    pub fn letter(self) -> char {
        match self {
            Colour::Green => 'V',
            Colour::Blue => 'B',
            Colour::Yellow => 'J',
            Colour::Pink => 'R',
        }
    }
    /// The canonical French order word.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Green => "VERTE",
            Colour::Blue => "BLEUE",
            Colour::Yellow => "JAUNE",
            Colour::Pink => "ROSE",
        }
    }
    /// The English order word.
    pub fn word_en(self) -> &'static str {
        match self {
            Colour::Green => "GREEN",
            Colour::Blue => "BLUE",
            Colour::Yellow => "YELLOW",
            Colour::Pink => "PINK",
        }
    }
    /// The key for views and templates.
    pub fn code(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Pink => "pink",
        }
    }
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Colour::Green => &["V", "VERTE", "VERT", "GREEN", "PLANETE", "PLANET"],
            Colour::Blue => &["B", "BLEUE", "BLEU", "BLUE", "COMETE", "COMET"],
            Colour::Yellow => &["J", "JAUNE", "YELLOW", "ETOILE", "STAR"],
            Colour::Pink => &["R", "ROSE", "PINK", "SUPERNOVA", "SUPER NOVA"],
        }
    }
    /// Reads a colour or kind word (accents and case ignored).
    pub fn from_word(w: &str) -> Option<Colour> {
        let k = crate::text::key(w);
        Colour::ALL.into_iter().find(|c| c.aliases().iter().any(|a| crate::text::key(a) == k))
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Axial coordinates of a hole.
pub type Hex = (i32, i32);

pub fn add(a: Hex, b: Hex) -> Hex {
    (a.0 + b.0, a.1 + b.1)
}

/// Turns an offset by `k` sixths of a turn clockwise.
pub fn rotate(h: Hex, k: usize) -> Hex {
    let (mut q, mut r) = h;
    for _ in 0..k % 6 {
        // clockwise 60° in axial (flat-top, y down): (q, r) -> (-r, q + r)
        let nq = -r;
        let nr = q + r;
        q = nq;
        r = nr;
    }
    (q, r)
}

/// Mirrors an offset (left-right).
pub fn mirror(h: Hex) -> Hex {
    (-h.0, h.0 + h.1)
}

/// What a hole is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HoleKind {
    /// A hole of the galaxy place `place` (index), ring position 0 (centre) or 1..6.
    Galaxy { place: usize, ring: usize },
    BlackHole,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hole {
    pub label: String,
    pub hex: Hex,
    pub kind: HoleKind,
}

/// A galaxy disc's decorations, by ring position on the disc (1..6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disc {
    pub no: u32,
    pub start: [usize; 4],
    pub symbols: BTreeMap<usize, Colour>,
}

/// The figure of an objective ("DÉTAILS DES OBJECTIFS").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    Line,
    Arc,
    Rectangle,
    Rhombus,
    Triangle,
    CommonNeighbour,
    S,
    TwoGalaxies,
    Centres,
    Symbols,
}

impl Figure {
    const WORDS: [(&'static str, Figure); 10] = [
        ("ligne", Figure::Line),
        ("arc", Figure::Arc),
        ("rectangle", Figure::Rectangle),
        ("losange", Figure::Rhombus),
        ("triangle", Figure::Triangle),
        ("voisin-commun", Figure::CommonNeighbour),
        ("s", Figure::S),
        ("deux-galaxies", Figure::TwoGalaxies),
        ("centres", Figure::Centres),
        ("symboles", Figure::Symbols),
    ];
    pub fn word(self) -> &'static str {
        Self::WORDS.iter().find(|(_, f)| *f == self).map(|(w, _)| *w).unwrap_or("?")
    }
    fn from_word(w: &str) -> Option<Figure> {
        Self::WORDS.iter().find(|(x, _)| *x == w).map(|(_, f)| *f)
    }
    /// Figures 9 and 10: a count and a value table instead of cells.
    pub fn counted(self) -> bool {
        matches!(self, Figure::Centres | Figure::Symbols)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    pub id: u32,
    pub colour: Colour,
    pub figure: Figure,
    /// The ☉ in the corner (0 for counted figures).
    pub value: u32,
    /// Pattern figures: offsets and the colour each must hold.
    pub cells: Vec<(Hex, Colour)>,
    /// Counted figures: (count, value), ascending.
    pub table: Vec<(u32, u32)>,
}

impl Objective {
    pub fn label(&self) -> String {
        format!("O{}", self.id)
    }
    /// The value for `count` marbles of a counted figure (0 below the table).
    pub fn value_for(&self, count: u32) -> u32 {
        self.table.iter().rev().find(|(c, _)| *c <= count).map(|(_, v)| *v).unwrap_or(0)
    }
}

/// The texts the components were read from (kept in the state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sources {
    pub board: Source,
    pub discs: Source,
    pub objectives: Source,
}

impl Sources {
    pub fn embedded() -> Sources {
        Sources {
            board: Source { name: "board.txt".into(), text: DEFAULT_BOARD.into() },
            discs: Source { name: "discs.txt".into(), text: DEFAULT_DISCS.into() },
            objectives: Source { name: "objectives.txt".into(), text: DEFAULT_OBJECTIVES.into() },
        }
    }
}

/// Everything read from the files, with the derived geometry. Stored as its
/// source texts and checked again when a state is loaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Sources", into = "Sources")]
pub struct Components {
    pub sources: Sources,
    /// Every hole, galaxy holes (by place, ring 0..6) first, then black holes.
    pub holes: Vec<Hole>,
    /// Place letters, in file order.
    pub places: Vec<char>,
    pub discs: Vec<Disc>,
    pub objectives: BTreeMap<u32, Objective>,
    /// Whether any file declares itself provisional.
    pub provisional: bool,
    by_hex: BTreeMap<Hex, usize>,
    /// `by_hex` as a dense grid over the board's bounding box (speed).
    grid: Grid,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Grid {
    q0: i32,
    r0: i32,
    w: i32,
    h: i32,
    cells: Vec<Option<usize>>,
}

impl Grid {
    fn new(by_hex: &BTreeMap<Hex, usize>) -> Grid {
        let q0 = by_hex.keys().map(|h| h.0).min().unwrap_or(0);
        let r0 = by_hex.keys().map(|h| h.1).min().unwrap_or(0);
        let w = by_hex.keys().map(|h| h.0).max().unwrap_or(0) - q0 + 1;
        let h = by_hex.keys().map(|h| h.1).max().unwrap_or(0) - r0 + 1;
        let mut cells = vec![None; (w * h) as usize];
        for (k, v) in by_hex {
            cells[((k.1 - r0) * w + (k.0 - q0)) as usize] = Some(*v);
        }
        Grid { q0, r0, w, h, cells }
    }
    fn get(&self, (q, r): Hex) -> Option<usize> {
        let (x, y) = (q - self.q0, r - self.r0);
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        self.cells[(y * self.w + x) as usize]
    }
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

/// Lines of a file with their numbers, comments and blanks dropped.
fn lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.split('#').next().unwrap_or("").trim();
        (!l.is_empty()).then(|| (i + 1, l.split_whitespace().collect()))
    })
}

fn int(name: &str, no: usize, w: Option<&&str>) -> Result<i32, String> {
    w.and_then(|w| w.parse().ok()).ok_or_else(|| format!("{name}, ligne {no} : nombre entier attendu"))
}

fn colour(name: &str, no: usize, w: &str) -> Result<Colour, String> {
    Colour::from_word(w).ok_or_else(|| format!("{name}, ligne {no} : couleur « {w} » inconnue (V, B, J, R)"))
}

impl Components {
    pub fn embedded() -> Result<Components, String> {
        Components::parse(Sources::embedded())
    }

    pub fn parse(sources: Sources) -> Result<Components, String> {
        let mut provisional = false;
        let (mut places, mut centres, mut black) = (Vec::new(), Vec::new(), Vec::new());
        let bn = &sources.board.name;
        for (no, w) in lines(&sources.board.text) {
            match w[0] {
                "provisoire" => provisional = true,
                "galaxie" => {
                    let l = w.get(1).and_then(|l| l.chars().next()).filter(|c| c.is_ascii_uppercase() && w[1].len() == 1);
                    let l = l.ok_or_else(|| format!("{bn}, ligne {no} : lettre de galaxie attendue (A à Z)"))?;
                    if places.contains(&l) {
                        return Err(format!("{bn}, ligne {no} : galaxie {l} déjà déclarée"));
                    }
                    places.push(l);
                    centres.push((int(bn, no, w.get(2))?, int(bn, no, w.get(3))?));
                }
                "trou-noir" => {
                    let label = w.get(1).copied().unwrap_or("");
                    if !(label.starts_with('T') && label[1..].parse::<u32>().is_ok()) {
                        return Err(format!("{bn}, ligne {no} : étiquette de trou noir attendue (T1, T2, …)"));
                    }
                    black.push((label.to_string(), (int(bn, no, w.get(2))?, int(bn, no, w.get(3))?), no));
                }
                other => return Err(format!("{bn}, ligne {no} : « {other} » inconnu (galaxie, trou-noir, provisoire)")),
            }
        }
        let mut holes = Vec::new();
        let mut by_hex = BTreeMap::new();
        for (p, (&l, &c)) in places.iter().zip(&centres).enumerate() {
            for ring in 0..7 {
                let hex = if ring == 0 { c } else { add(c, DIRS[ring - 1]) };
                if by_hex.insert(hex, holes.len()).is_some() {
                    return Err(format!("{bn} : la galaxie {l} chevauche un autre emplacement en {hex:?}"));
                }
                holes.push(Hole { label: format!("{l}{ring}"), hex, kind: HoleKind::Galaxy { place: p, ring } });
            }
        }
        for (label, hex, no) in black {
            if holes.iter().any(|h| h.label == label) {
                return Err(format!("{bn}, ligne {no} : {label} déjà déclaré"));
            }
            if by_hex.insert(hex, holes.len()).is_some() {
                return Err(format!("{bn}, ligne {no} : {label} occupe un emplacement déjà pris"));
            }
            holes.push(Hole { label, hex, kind: HoleKind::BlackHole });
        }
        if places.is_empty() {
            return Err(format!("{bn} : aucune galaxie"));
        }
        let dn = &sources.discs.name;
        let mut discs = Vec::new();
        for (no, w) in lines(&sources.discs.text) {
            match w[0] {
                "provisoire" => provisional = true,
                "disque" => {
                    let n = int(dn, no, w.get(1))? as u32;
                    if w.get(2) != Some(&"depart") || w.get(7) != Some(&"symboles") {
                        return Err(format!("{dn}, ligne {no} : forme attendue « disque N depart a b c d symboles t=C … »"));
                    }
                    let mut start = [0usize; 4];
                    for (i, s) in start.iter_mut().enumerate() {
                        let v = int(dn, no, w.get(3 + i))?;
                        if !(1..=6).contains(&v) {
                            return Err(format!("{dn}, ligne {no} : trou de départ {v} hors de 1 à 6"));
                        }
                        *s = v as usize;
                    }
                    let mut sorted = start.to_vec();
                    sorted.sort();
                    sorted.dedup();
                    if sorted.len() != 4 {
                        return Err(format!("{dn}, ligne {no} : les 4 trous de départ doivent être différents"));
                    }
                    let mut symbols = BTreeMap::new();
                    for s in &w[8..] {
                        let (h, c) = s.split_once('=').ok_or_else(|| format!("{dn}, ligne {no} : symbole « {s} » : forme trou=couleur attendue"))?;
                        let h: usize = h.parse().ok().filter(|h| (0..=6).contains(h)).ok_or_else(|| format!("{dn}, ligne {no} : trou « {h} » hors de 0 à 6"))?;
                        if symbols.insert(h, colour(dn, no, c)?).is_some() {
                            return Err(format!("{dn}, ligne {no} : deux symboles sur le trou {h}"));
                        }
                    }
                    discs.push(Disc { no: n, start, symbols });
                }
                other => return Err(format!("{dn}, ligne {no} : « {other} » inconnu (disque, provisoire)")),
            }
        }
        if discs.len() != places.len() {
            return Err(format!("{dn} : {} disques pour {} emplacements de galaxie", discs.len(), places.len()));
        }
        let on = &sources.objectives.name;
        let mut objectives = BTreeMap::new();
        for (no, w) in lines(&sources.objectives.text) {
            if w[0] == "provisoire" {
                provisional = true;
                continue;
            }
            if w.len() < 5 {
                return Err(format!("{on}, ligne {no} : forme attendue « O<n> couleur valeur figure … »"));
            }
            let id: u32 = w[0].strip_prefix('O').and_then(|n| n.parse().ok()).ok_or_else(|| format!("{on}, ligne {no} : identifiant O<n> attendu"))?;
            let c = colour(on, no, w[1])?;
            let figure = Figure::from_word(w[3]).ok_or_else(|| format!("{on}, ligne {no} : figure « {} » inconnue", w[3]))?;
            let mut o = Objective { id, colour: c, figure, value: 0, cells: Vec::new(), table: Vec::new() };
            if figure.counted() {
                if w[2] != "-" {
                    return Err(format!("{on}, ligne {no} : une figure comptée a « - » pour valeur (sa table suit)"));
                }
                for e in &w[4..] {
                    let pair = e.split_once(':').and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
                    let pair = pair.ok_or_else(|| format!("{on}, ligne {no} : « {e} » : forme nombre:valeur attendue"))?;
                    if o.table.last().is_some_and(|(c, _)| *c >= pair.0) || pair.0 == 0 {
                        return Err(format!("{on}, ligne {no} : table de valeurs non croissante"));
                    }
                    o.table.push(pair);
                }
            } else {
                o.value = w[2].parse().map_err(|_| format!("{on}, ligne {no} : valeur « {} » : nombre attendu", w[2]))?;
                for e in &w[4..] {
                    let cell = e.split_once('=').and_then(|(xy, col)| {
                        let (x, y) = xy.split_once(',')?;
                        Some(((x.parse::<i32>().ok()?, y.parse::<i32>().ok()?), Colour::from_word(col)?))
                    });
                    let cell = cell.ok_or_else(|| format!("{on}, ligne {no} : case « {e} » : forme q,r=couleur attendue"))?;
                    if o.cells.iter().any(|(h, _)| *h == cell.0) {
                        return Err(format!("{on}, ligne {no} : case {e} en double"));
                    }
                    o.cells.push(cell);
                }
                if o.cells.len() < 2 {
                    return Err(format!("{on}, ligne {no} : une figure a au moins deux astres"));
                }
                if !o.cells.iter().any(|(_, col)| *col == c) {
                    return Err(format!("{on}, ligne {no} : aucun astre de la couleur de l'objectif"));
                }
            }
            if objectives.insert(id, o).is_some() {
                return Err(format!("{on}, ligne {no} : O{id} déjà déclaré"));
            }
        }
        if objectives.is_empty() {
            return Err(format!("{on} : aucun objectif"));
        }
        let grid = Grid::new(&by_hex);
        Ok(Components { sources, holes, places, discs, objectives, provisional, by_hex, grid })
    }

    pub fn hole_at(&self, hex: Hex) -> Option<usize> {
        self.grid.get(hex)
    }

    pub fn index_of(&self, label: &str) -> Option<usize> {
        let l = label.to_ascii_uppercase();
        self.holes.iter().position(|h| h.label == l)
    }

    /// The holes adjacent to `i`.
    pub fn neighbours(&self, i: usize) -> Vec<usize> {
        DIRS.iter().filter_map(|d| self.hole_at(add(self.holes[i].hex, *d))).collect()
    }

    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// The hole of place `p` at ring position `ring`.
    pub fn galaxy_hole(&self, p: usize, ring: usize) -> usize {
        p * 7 + ring
    }

    pub fn place_of(&self, i: usize) -> Option<usize> {
        match self.holes[i].kind {
            HoleKind::Galaxy { place, .. } => Some(place),
            HoleKind::BlackHole => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_set_is_read_and_provisional() {
        let c = Components::embedded().unwrap();
        assert_eq!(c.holes.len(), 6 * 7 + 10);
        assert_eq!(c.objectives.len(), 40);
        assert!(c.provisional);
        // centres have six neighbours
        assert_eq!(c.neighbours(c.index_of("A0").unwrap()).len(), 6);
    }

    /// "Trous Noir": "des emplacements entre les galaxies" — each black hole
    /// of the provisional board touches at least two galaxies.
    #[test]
    fn trous_noir_each_black_hole_of_the_provisional_board_lies_between_galaxies() {
        let c = Components::embedded().unwrap();
        for (i, h) in c.holes.iter().enumerate().filter(|(_, h)| h.kind == HoleKind::BlackHole) {
            let galaxies: std::collections::BTreeSet<usize> = c.neighbours(i).into_iter().filter_map(|n| c.place_of(n)).collect();
            assert!(galaxies.len() >= 2, "{} touches the galaxies {galaxies:?}", h.label);
        }
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let mut s = Sources::embedded();
        s.objectives.text.push_str("O99 X 3 ligne 0,0=V 0,1=V\n");
        let e = Components::parse(s).unwrap_err();
        assert!(e.starts_with("objectives.txt, ligne 44 : couleur « X »"), "{e}");
    }

    #[test]
    fn a_sixth_of_a_turn_six_times_is_the_identity() {
        for d in DIRS {
            assert_eq!(rotate(d, 6), d);
            assert_eq!(rotate(d, 1), DIRS[(DIRS.iter().position(|x| *x == d).unwrap() + 1) % 6]);
        }
    }
}
