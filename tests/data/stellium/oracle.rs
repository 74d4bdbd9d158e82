//! An independent referee for Stellium (included by `tests/stellium_game.rs`
//! with `#[path]`): its own board read from the component texts a game keeps
//! (`assets/stellium/README.md` format), its own marbles, bag, disc turns and
//! figure matching, written from the booklet and RULINGS.md without the
//! engine's code. It replays every step of a game from the move log, checks
//! each move against the rules and compares its board and bag with the
//! engine's after every step; at the end it recomputes the scores.
//!
//! Checked: "Contenu de la boîte" (38 marbles, conserved), "MISE EN PLACE"
//! [6] (one marble of each kind on the 4 start holes of each galaxy), "Pose"
//! (never on a black hole, only on an empty hole), "Collision" (a line of
//! neighbours, each push to an empty neighbour or off the board from a hole
//! beside no hole), "Permutation" and "Attraction" (neighbours, an empty
//! black hole), "Rotation" (1 to 5 sixths), "2. VALIDER UN OBJECTIF" (the
//! figure on the board, its value, an objective held since before the turn,
//! all its marbles but the kept one back to the bag, "à cheval sur plusieurs
//! galaxies"), "Galaxie vide" (refilled on start holes, from 5 drawn, the
//! rest back; no emptied galaxy left empty while the bag has marbles),
//! "DÉCOMPTE FINAL" and "Egalité finale".

use std::collections::{BTreeMap, BTreeSet};

use arbitre::games::stellium::model::{LogEntry, Phase, StelliumState};

const DIRS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

type Hex = (i32, i32);

fn add(a: Hex, b: Hex) -> Hex {
    (a.0 + b.0, a.1 + b.1)
}

/// A sixth of a turn clockwise, `k` times (README: neighbours clockwise from the top).
fn turn(h: Hex, k: usize) -> Hex {
    (0..k % 6).fold(h, |(q, r), _| (-r, q + r))
}

fn lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().map(|l| l.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>()).filter(|w| !w.is_empty())
}

struct Card {
    colour: char,
    value: u32,
    figure: String,
    cells: Vec<(Hex, char)>,
    table: Vec<(u32, u32)>,
}

struct Disc {
    start: Vec<usize>,
    symbols: BTreeMap<usize, char>,
}

/// The board and the cards as the oracle reads them.
pub struct Board {
    /// Label → hex; galaxy holes `A0`–`F6`, black holes `T…`.
    at: BTreeMap<String, Hex>,
    by_hex: BTreeMap<Hex, String>,
    places: Vec<char>,
    discs: Vec<Disc>,
    cards: BTreeMap<u32, Card>,
}

fn letter(w: &str) -> char {
    match w.to_ascii_uppercase().as_str() {
        "V" | "VERTE" => 'V',
        "B" | "BLEUE" => 'B',
        "J" | "JAUNE" => 'J',
        "R" | "ROSE" => 'R',
        o => panic!("colour {o}"),
    }
}

impl Board {
    pub fn read(s: &StelliumState) -> Board {
        let src = &s.components.sources;
        let mut at = BTreeMap::new();
        let mut places = Vec::new();
        for w in lines(&src.board.text) {
            match w[0] {
                "galaxie" => {
                    let l = w[1].chars().next().unwrap();
                    let c: Hex = (w[2].parse().unwrap(), w[3].parse().unwrap());
                    at.insert(format!("{l}0"), c);
                    for (k, d) in DIRS.iter().enumerate() {
                        at.insert(format!("{l}{}", k + 1), add(c, *d));
                    }
                    places.push(l);
                }
                "trou-noir" => {
                    at.insert(w[1].to_string(), (w[2].parse().unwrap(), w[3].parse().unwrap()));
                }
                _ => {}
            }
        }
        let by_hex = at.iter().map(|(l, h)| (*h, l.clone())).collect();
        let mut discs = Vec::new();
        for w in lines(&src.discs.text).filter(|w| w[0] == "disque") {
            let i = w.iter().position(|x| *x == "symboles").unwrap_or(w.len());
            let start = w[3..i].iter().map(|x| x.parse().unwrap()).collect();
            let symbols = w[(i + 1).min(w.len())..]
                .iter()
                .map(|x| {
                    let (h, c) = x.split_once('=').unwrap();
                    (h.parse().unwrap(), letter(c))
                })
                .collect();
            discs.push(Disc { start, symbols });
        }
        let mut cards = BTreeMap::new();
        for w in lines(&src.objectives.text).filter(|w| w[0].starts_with('O')) {
            let id: u32 = w[0][1..].parse().unwrap();
            let figure = w[3].to_string();
            let (mut cells, mut table) = (Vec::new(), Vec::new());
            for x in &w[4..] {
                if let Some((off, c)) = x.split_once('=') {
                    let (q, r) = off.split_once(',').unwrap();
                    cells.push(((q.parse().unwrap(), r.parse().unwrap()), letter(c)));
                } else {
                    let (n, v) = x.split_once(':').unwrap();
                    table.push((n.parse().unwrap(), v.parse().unwrap()));
                }
            }
            cards.insert(id, Card { colour: letter(w[1]), value: w[2].parse().unwrap_or(0), figure, cells, table });
        }
        Board { at, by_hex, places, discs, cards }
    }

    fn black(&self, l: &str) -> bool {
        l.starts_with('T')
    }

    fn galaxy(&self, l: &str) -> Option<char> {
        (!self.black(l)).then(|| l.chars().next().unwrap())
    }

    fn adjacent(&self, a: &str, b: &str) -> bool {
        DIRS.iter().any(|d| add(self.at[a], *d) == self.at[b])
    }

    /// A hole with a side where the board has no hole (the edge, or a gap).
    fn beside_no_hole(&self, l: &str) -> bool {
        DIRS.iter().any(|d| !self.by_hex.contains_key(&add(self.at[l], *d)))
    }
}

/// The oracle's game: marbles by label, the bag by letter, the disc turns.
pub struct Model<'b> {
    b: &'b Board,
    marbles: BTreeMap<String, char>,
    bag: BTreeMap<char, u32>,
    /// Per place: (disc index, sixths turned).
    discs: Vec<(usize, usize)>,
    in_hand: Option<char>,
    refill: Vec<char>,
    /// Galaxies holding a marble when the turn being played began.
    turn_start: BTreeSet<char>,
}

fn engine_board(s: &StelliumState) -> BTreeMap<String, char> {
    s.marbles.iter().map(|(h, c)| (s.label(*h), c.letter())).collect()
}

fn engine_bag(s: &StelliumState) -> BTreeMap<char, u32> {
    arbitre::games::stellium::components::Colour::ALL.iter().map(|c| (c.letter(), s.bag[c.index()])).collect()
}

impl<'b> Model<'b> {
    /// The position right after "MISE EN PLACE", checked against [6]–[7].
    pub fn after_setup(b: &'b Board, s: &StelliumState) -> Model<'b> {
        let m = Model {
            b,
            marbles: engine_board(s),
            bag: engine_bag(s),
            discs: s.discs.iter().map(|d| (d.disc, d.turn)).collect(),
            in_hand: None,
            refill: Vec::new(),
            turn_start: BTreeSet::new(),
        };
        for &p in &b.places {
            let mut kinds: Vec<char> = m.marbles.iter().filter(|(l, _)| m.b.galaxy(l) == Some(p)).map(|(_, c)| *c).collect();
            kinds.sort();
            assert_eq!(kinds, ['B', 'J', 'R', 'V'], "MISE EN PLACE [6]: galaxy {p}");
            for l in m.marbles.keys().filter(|l| b.galaxy(l) == Some(p)) {
                assert!(m.start_holes(p).contains(l), "MISE EN PLACE [6]: {l} is not a start hole");
            }
        }
        let total: u32 = m.bag.values().sum::<u32>() + m.marbles.len() as u32;
        assert_eq!(total, 38, "Contenu de la boîte: 38 marbles");
        m
    }

    fn place_index(&self, p: char) -> usize {
        self.b.places.iter().position(|x| *x == p).unwrap()
    }

    /// The labels of place `p`'s start holes, its disc turned as it is now.
    fn start_holes(&self, p: char) -> Vec<String> {
        let (disc, t) = self.discs[self.place_index(p)];
        self.b.discs[disc].start.iter().map(|d| format!("{p}{}", (d - 1 + t) % 6 + 1)).collect()
    }

    /// The coloured symbol on the galaxy hole `l` now, if any.
    fn symbol(&self, l: &str) -> Option<char> {
        let p = self.b.galaxy(l)?;
        let ring: usize = l[1..].parse().unwrap();
        let (disc, t) = self.discs[self.place_index(p)];
        let on_disc = if ring == 0 { 0 } else { (ring - 1 + 6 - t % 6) % 6 + 1 };
        self.b.discs[disc].symbols.get(&on_disc).copied()
    }

    fn to_bag(&mut self, c: char) {
        *self.bag.get_mut(&c).unwrap() += 1;
    }

    fn from_bag(&mut self, c: char, what: &str) {
        let n = self.bag.get_mut(&c).unwrap();
        assert!(*n > 0, "{what}: no {c} left in the bag");
        *n -= 1;
    }

    fn occupied_galaxies(&self) -> BTreeSet<char> {
        self.marbles.keys().filter_map(|l| self.b.galaxy(l)).collect()
    }

    /// Whether `holes` (with their colours now) form the figure of `card`,
    /// and what it scores.
    fn figure_value(&self, card: &Card, holes: &[String], mirror: bool) -> Option<u32> {
        let colours: Vec<char> = holes.iter().map(|l| self.marbles.get(l).copied().unwrap_or('.')).collect();
        match card.figure.as_str() {
            "centres" | "symboles" => {
                let ok = colours.iter().all(|c| *c == card.colour)
                    && holes.iter().all(|l| if card.figure == "centres" { l.ends_with('0') && !self.b.black(l) } else { self.symbol(l) == Some(card.colour) });
                let value = card.table.iter().rev().find(|(n, _)| *n as usize <= holes.len()).map(|x| x.1).unwrap_or(0);
                (ok && value > 0).then_some(value)
            }
            _ => {
                let want: BTreeMap<&String, char> = holes.iter().zip(colours).collect();
                let galaxies: BTreeSet<char> = holes.iter().filter_map(|l| self.b.galaxy(l)).collect();
                let extra = match card.figure.as_str() {
                    "deux-galaxies" => galaxies.len() == holes.len(),
                    "s" => galaxies.len() >= 2,
                    _ => true,
                };
                let flips: &[bool] = if mirror { &[false, true] } else { &[false] };
                // The card's origin may be a hole outside the figure (or no
                // hole at all): it is placed so that some cell lands on the
                // figure's first hole.
                let first = self.b.at[&holes[0]];
                let found = flips.iter().any(|&f| {
                    (0..6).any(|k| {
                        let cell = |off: Hex| turn(if f { (-off.0, off.0 + off.1) } else { off }, k);
                        card.cells.iter().any(|(o, _)| {
                            let origin = (first.0 - cell(*o).0, first.1 - cell(*o).1);
                            let placed: Option<BTreeMap<&String, char>> = card
                                .cells
                                .iter()
                                .map(|(off, c)| {
                                    let l = self.b.by_hex.get(&add(origin, cell(*off)))?;
                                    Some((holes.iter().find(|h| *h == l)?, *c))
                                })
                                .collect();
                            placed.is_some_and(|p| p.len() == holes.len() && p == want)
                        })
                    })
                });
                (found && extra).then_some(card.value)
            }
        }
    }

    /// Replays one step (`after`'s log entries not in `before`) and compares.
    pub fn step(&mut self, before: &StelliumState, after: &StelliumState, points: &mut [u32]) {
        let at = before.step;
        if before.phase == Phase::Play {
            self.turn_start = self.occupied_galaxies();
        }
        let mut last_push: Option<String> = None;
        for (_, e) in &after.log[before.log.len()..] {
            match e {
                LogEntry::Drew { colour, .. } => {
                    self.from_bag(colour.letter(), &format!("step {at}: draw"));
                    self.in_hand = Some(colour.letter());
                }
                LogEntry::Pushed { from, to, colour } => {
                    assert_eq!(self.marbles.get(from), Some(&colour.letter()), "step {at}: Collision pushes what is on {from}");
                    match to {
                        Some(t) => {
                            assert!(self.b.adjacent(from, t), "step {at}: Collision: {t} is not next to {from}");
                            assert!(!self.marbles.contains_key(t), "step {at}: Collision: {t} is not empty");
                        }
                        None => assert!(self.b.beside_no_hole(from), "step {at}: Collision: {from} cannot push off the board"),
                    }
                    let c = self.marbles.remove(from).unwrap();
                    match to {
                        Some(t) => {
                            self.marbles.insert(t.clone(), c);
                        }
                        None => self.to_bag(c),
                    }
                    last_push = Some(from.clone());
                }
                LogEntry::Placed { colour, hole, .. } => {
                    assert_eq!(self.in_hand.take(), Some(colour.letter()), "step {at}: Pose of a marble not drawn");
                    assert!(!self.b.black(hole), "step {at}: Pose on the black hole {hole}");
                    assert!(!self.marbles.contains_key(hole), "step {at}: Pose on the occupied {hole}");
                    if let Some(p) = last_push.take() {
                        assert_eq!(&p, hole, "step {at}: Collision: the comet takes the place of the first marble pushed");
                    }
                    self.marbles.insert(hole.clone(), colour.letter());
                }
                LogEntry::Swapped { a, b, .. } => {
                    assert!(self.b.adjacent(a, b), "step {at}: Permutation of {a} and {b}, not neighbours");
                    let (ca, cb) = (self.marbles.remove(a), self.marbles.remove(b));
                    let (Some(ca), Some(cb)) = (ca, cb) else { panic!("step {at}: Permutation with an empty hole") };
                    self.marbles.insert(a.clone(), cb);
                    self.marbles.insert(b.clone(), ca);
                }
                LogEntry::Rotated { place, sixths, .. } => {
                    assert!((1..=5).contains(sixths), "step {at}: Rotation of {sixths} sixths");
                    let moved: Vec<(usize, char)> = (1..7).filter_map(|r| self.marbles.remove(&format!("{place}{r}")).map(|c| (r, c))).collect();
                    for (r, c) in moved {
                        self.marbles.insert(format!("{place}{}", (r - 1 + sixths) % 6 + 1), c);
                    }
                    let i = self.place_index(*place);
                    self.discs[i].1 = (self.discs[i].1 + sixths) % 6;
                }
                LogEntry::Attracted { black_hole, from, .. } => {
                    assert!(self.b.black(black_hole) && !self.marbles.contains_key(black_hole), "step {at}: Attraction by {black_hole}");
                    assert!(self.b.adjacent(black_hole, from), "step {at}: Attraction from {from}, not a neighbour");
                    let c = self.marbles.remove(from).expect("Attraction of an empty hole");
                    self.marbles.insert(black_hole.clone(), c);
                }
                LogEntry::Validated { seat, objective, value, holes, kept } => {
                    assert!(before.seats[*seat].hand.contains(objective), "step {at}: O{objective} was not held before the turn");
                    let card = &self.b.cards[objective];
                    let got = self.figure_value(card, holes, before.settings.mirror);
                    assert_eq!(got, Some(*value), "step {at}: O{objective} ({}) on {holes:?}", card.figure);
                    assert!(holes.contains(kept), "step {at}: the marble kept is not in the figure");
                    for l in holes.iter().filter(|l| *l != kept) {
                        let c = self.marbles.remove(l).unwrap();
                        self.to_bag(c);
                    }
                    points[*seat] += value;
                }
                LogEntry::Emptied { place, drawn } => {
                    assert!(!self.occupied_galaxies().contains(place), "step {at}: galaxy {place} is not empty");
                    assert!(self.refill.is_empty());
                    for c in drawn {
                        self.from_bag(c.letter(), &format!("step {at}: Galaxie vide 1"));
                        self.refill.push(c.letter());
                    }
                    assert!(drawn.len() == 5 || self.bag.values().sum::<u32>() == 0, "step {at}: Galaxie vide 1: 5 drawn");
                }
                LogEntry::RefillPlaced { colour, hole, .. } => {
                    let p = self.b.galaxy(hole).unwrap();
                    assert!(self.start_holes(p).contains(hole), "step {at}: Galaxie vide 2: {hole} is not a start hole");
                    assert!(!self.marbles.contains_key(hole), "step {at}: Galaxie vide 2: {hole} is occupied");
                    let i = self.refill.iter().position(|c| *c == colour.letter()).expect("a marble drawn for the refill");
                    self.refill.remove(i);
                    self.marbles.insert(hole.clone(), colour.letter());
                }
                LogEntry::RefillReturned { colours } => {
                    let mut back: Vec<char> = colours.iter().map(|c| c.letter()).collect();
                    back.sort();
                    self.refill.sort();
                    assert_eq!(back, self.refill, "step {at}: Galaxie vide 2: the rest goes back");
                    for c in std::mem::take(&mut self.refill) {
                        self.to_bag(c);
                    }
                }
                _ => {}
            }
        }
        // A marble that found no hole goes back to the bag (RULINGS T24).
        if let Some(c) = self.in_hand.take() {
            self.to_bag(c);
        }
        assert_eq!(self.marbles, engine_board(after), "step {at}: the board");
        if let Phase::Refill(r) = &after.phase {
            let mut pool: Vec<char> = r.drawn.iter().map(|c| c.letter()).collect();
            pool.sort();
            self.refill.sort();
            assert_eq!(pool, self.refill, "step {at}: the marbles drawn for the refill");
        } else {
            // Galaxie vide: no galaxy emptied in the turn is left empty while the bag has marbles.
            let now = self.occupied_galaxies();
            let left: Vec<&char> = self.turn_start.iter().filter(|p| !now.contains(p)).collect();
            assert!(left.is_empty() || self.bag.values().sum::<u32>() == 0, "step {at}: galaxies {left:?} emptied and not refilled");
        }
        let mut all = self.bag.clone();
        for c in self.marbles.values().chain(&self.refill) {
            *all.get_mut(c).unwrap() += 1;
        }
        assert_eq!(all, BTreeMap::from([('B', 10), ('J', 9), ('R', 8), ('V', 11)]), "step {at}: marbles conserved");
        assert_eq!(self.bag, engine_bag(after), "step {at}: the bag");
        assert_eq!(self.discs, after.discs.iter().map(|d| (d.disc, d.turn)).collect::<Vec<_>>(), "step {at}: the discs");
    }
}

/// Replays a whole game (its states in order) and checks the final scores:
/// objectives + unused tokens + 1 per colour; the winner, ties to the first
/// at the limit (DÉCOMPTE FINAL, Egalité finale).
pub fn referee_game(states: &[StelliumState]) {
    let set_up = states.iter().position(|s| s.phase != Phase::Registration).expect("set up");
    let b = Board::read(&states[set_up]);
    let mut m = Model::after_setup(&b, &states[set_up]);
    let n = states[set_up].seats.len();
    let mut points = vec![0u32; n];
    for w in states[set_up..].windows(2) {
        m.step(&w[0], &w[1], &mut points);
    }
    let last = states.last().unwrap();
    let Some(result) = &last.result else { return };
    let mut totals = Vec::new();
    for (i, seat) in last.seats.iter().enumerate() {
        let tokens = 4 - last.log.iter().filter(|(_, e)| matches!(e, LogEntry::Token { seat, .. } if *seat == i)).count() as u32;
        let colours: BTreeSet<char> = seat.done.iter().map(|(id, _)| b.cards[id].colour).collect();
        assert_eq!(seat.objective_points(), points[i], "the objectives of seat {i}");
        totals.push(points[i] + tokens + colours.len() as u32);
    }
    assert_eq!(result.sheets.iter().map(|x| x[3]).collect::<Vec<_>>(), totals, "DÉCOMPTE FINAL");
    // A resigned seat is scored but cannot win (RULINGS T23).
    let contenders: Vec<usize> = (0..n).filter(|i| !last.seats[*i].resigned).collect();
    let best = contenders.iter().map(|i| totals[*i]).max();
    let tied: Vec<usize> = contenders.into_iter().filter(|i| Some(totals[*i]) == best).collect();
    let winner = if tied.len() == 1 { Some(tied[0]) } else { tied.iter().filter_map(|i| last.seats[*i].reached.map(|r| (r, *i))).min().map(|(_, i)| i) };
    assert_eq!(result.winner, winner, "Egalité finale: totals {totals:?}");
}
