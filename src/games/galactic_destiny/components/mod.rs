//! Galactic Destiny's components as data (design note §4): the board, the
//! six party cards, the 50 senators, the 50 sector cards, the 50 action and
//! 50 event cards, read from six plain-text files whose format is
//! `assets/galactic-destiny/README.md`.
//!
//! The booklet's board and cards were pictures that did not survive, so the
//! set embedded at build time is provisional (§4.6): every file says
//! `provisoire`, and [`Components::provisional_files`] names them for the
//! declaration every mail and page of such a game carries
//! ([`declaration`]). A referee who owns the box names his own files with
//! the settings `plateau`, `partis`, `senateurs`, `cartes_secteur`,
//! `actions` and `evenements`. The texts are kept in the game's state and
//! checked at creation and at every load; the parsers never stop at the
//! first error nor panic, and every diagnostic names its file and line.

pub mod board;
pub mod cards;
pub mod effects;
pub mod interpret;
mod lex;
pub mod parties;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

pub use board::{Ability, Board, Sector, SectorNo};
pub use cards::{ActionCard, EventCard};
pub use lex::Diag;
pub use parties::{Party, Senator, Skill};

use crate::i18n::Msg;

pub const DEFAULT_BOARD: &str = include_str!("../../../../assets/galactic-destiny/board.txt");
pub const DEFAULT_PARTIES: &str = include_str!("../../../../assets/galactic-destiny/parties.txt");
pub const DEFAULT_SENATORS: &str = include_str!("../../../../assets/galactic-destiny/senators.txt");
pub const DEFAULT_SECTOR_CARDS: &str = include_str!("../../../../assets/galactic-destiny/sector-cards.txt");
pub const DEFAULT_ACTIONS: &str = include_str!("../../../../assets/galactic-destiny/actions.txt");
pub const DEFAULT_EVENTS: &str = include_str!("../../../../assets/galactic-destiny/events.txt");

/// The six political parties ("Les Partis politiques"), by their sigles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PartyId {
    Gsp,
    Bip,
    Pop,
    Tmp,
    Cos,
    Ppf,
}

impl PartyId {
    pub const ALL: [PartyId; 6] = [PartyId::Gsp, PartyId::Bip, PartyId::Pop, PartyId::Tmp, PartyId::Cos, PartyId::Ppf];
    pub fn sigle(self) -> &'static str {
        ["GSP", "BIP", "POP", "TMP", "CoS", "PPF"][self as usize]
    }
    /// Reads a sigle (case ignored).
    pub fn from_word(w: &str) -> Option<PartyId> {
        PartyId::ALL.into_iter().find(|p| p.sigle().eq_ignore_ascii_case(w))
    }
}

/// A party is written by its sigle (the battles' dice log names it so).
impl std::fmt::Display for PartyId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.sigle())
    }
}

/// The sigles, for "one of …" messages.
pub(crate) const PARTIES: &str = "GSP, BIP, POP, TMP, CoS, PPF";

/// The six races ("Les races").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Race {
    Humains,
    Jur,
    Ajira,
    Qera,
    Tumba,
    Shorem,
}

impl Race {
    pub const WORDS: [(&'static str, Race); 6] =
        [("humains", Race::Humains), ("jur", Race::Jur), ("ajira", Race::Ajira), ("qera", Race::Qera), ("tumba", Race::Tumba), ("shorem", Race::Shorem)];
    pub fn from_word(w: &str) -> Option<Race> {
        lex::lookup(&Race::WORDS, w)
    }
}

/// A component file as given: its name (for diagnostics) and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub name: String,
    pub text: String,
}

/// The six source texts, as stored in the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sources {
    pub board: Source,
    pub parties: Source,
    pub senators: Source,
    pub sector_cards: Source,
    pub actions: Source,
    pub events: Source,
    /// `maitre_de_jeu = true`: `manuel` effects are allowed.
    #[serde(default)]
    pub game_master: bool,
}

/// Which file, for [`Components::provisional_files`] and the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum File {
    Board,
    Parties,
    Senators,
    SectorCards,
    Actions,
    Events,
}

impl File {
    pub const ALL: [File; 6] = [File::Board, File::Parties, File::Senators, File::SectorCards, File::Actions, File::Events];
    /// The setting that names a referee's own file.
    pub fn setting(self) -> &'static str {
        ["plateau", "partis", "senateurs", "cartes_secteur", "actions", "evenements"][self as usize]
    }
    /// The embedded file's name.
    pub fn default_name(self) -> &'static str {
        ["board.txt", "parties.txt", "senators.txt", "sector-cards.txt", "actions.txt", "events.txt"][self as usize]
    }
    /// The key of its name in the declaration (`galactic-destiny-file-*`).
    pub fn code(self) -> &'static str {
        ["board", "parties", "senators", "sector-cards", "actions", "events"][self as usize]
    }
}

impl Sources {
    /// The provisional set embedded at build time.
    pub fn embedded() -> Sources {
        let s = |f: File, text: &str| Source { name: format!("assets/galactic-destiny/{} (intégré)", f.default_name()), text: text.into() };
        Sources {
            board: s(File::Board, DEFAULT_BOARD),
            parties: s(File::Parties, DEFAULT_PARTIES),
            senators: s(File::Senators, DEFAULT_SENATORS),
            sector_cards: s(File::SectorCards, DEFAULT_SECTOR_CARDS),
            actions: s(File::Actions, DEFAULT_ACTIONS),
            events: s(File::Events, DEFAULT_EVENTS),
            game_master: false,
        }
    }
    pub fn get(&self, f: File) -> &Source {
        match f {
            File::Board => &self.board,
            File::Parties => &self.parties,
            File::Senators => &self.senators,
            File::SectorCards => &self.sector_cards,
            File::Actions => &self.actions,
            File::Events => &self.events,
        }
    }
    pub fn get_mut(&mut self, f: File) -> &mut Source {
        match f {
            File::Board => &mut self.board,
            File::Parties => &mut self.parties,
            File::Senators => &mut self.senators,
            File::SectorCards => &mut self.sector_cards,
            File::Actions => &mut self.actions,
            File::Events => &mut self.events,
        }
    }
}

/// The checked components of a game. Stored as its source texts and read
/// again (with every check) when a state is loaded.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Sources", into = "Sources")]
pub struct Components {
    sources: Sources,
    pub board: Board,
    pub parties: Vec<Party>,
    pub senators: Vec<Senator>,
    /// The sector each sector card names, in file order.
    pub sector_cards: Vec<SectorNo>,
    pub actions: Vec<ActionCard>,
    pub events: Vec<EventCard>,
    /// The files that say `provisoire`.
    provisional: BTreeSet<File>,
}

impl From<Components> for Sources {
    fn from(c: Components) -> Sources {
        c.sources
    }
}

impl TryFrom<Sources> for Components {
    type Error = String;
    fn try_from(s: Sources) -> Result<Components, String> {
        Components::parse(s).map_err(|d| d.iter().map(Diag::to_string).collect::<Vec<_>>().join("\n"))
    }
}

impl Components {
    pub fn embedded() -> Result<Components, Vec<Diag>> {
        Components::parse(Sources::embedded())
    }

    /// Reads the six files and runs every check of §4, each file's own and
    /// those across files; every problem found is returned.
    pub fn parse(sources: Sources) -> Result<Components, Vec<Diag>> {
        let mut diags = Vec::new();
        let mut provisional = BTreeSet::new();
        let mut take = |f: File, p: bool, d: Vec<Diag>| {
            if p {
                provisional.insert(f);
            }
            diags.extend(d);
        };
        let (b, p) = board::parse(&sources.board.name, &sources.board.text);
        take(File::Board, p, b.diags);
        let (pa, p) = parties::parse_parties(&sources.parties.name, &sources.parties.text);
        take(File::Parties, p, pa.diags);
        let (se, p) = parties::parse_senators(&sources.senators.name, &sources.senators.text);
        take(File::Senators, p, se.diags);
        let (sc, p) = parties::parse_sector_cards(&sources.sector_cards.name, &sources.sector_cards.text);
        take(File::SectorCards, p, sc.diags);
        let (ac, p) = cards::parse_actions(&sources.actions.name, &sources.actions.text, sources.game_master);
        take(File::Actions, p, ac.diags);
        let (ev, p) = cards::parse_events(&sources.events.name, &sources.events.text, sources.game_master);
        take(File::Events, p, ev.diags);
        let (board, parties, senators) = (b.value, pa.value, se.value);
        let at = |s: &Source, line: usize, message: String| Diag { file: s.name.clone(), line: Some(line), message };
        // Parties against the board and the senators.
        for (i, p) in parties.iter().enumerate() {
            let sp = &sources.parties;
            if !board.sectors.contains_key(&p.start_sector) {
                diags.push(at(sp, p.line, format!("secteur de départ {} absent du plateau", p.start_sector)));
            }
            if p.start_sector == 1 {
                diags.push(at(sp, p.line, "le secteur 1 ne peut pas être un secteur de départ (5 flottes de la république y sont, « Le plateau »)".into()));
            }
            for o in &parties[..i] {
                if o.start_sector == p.start_sector {
                    diags.push(at(sp, p.line, format!("secteur de départ {} déjà celui du parti {}", p.start_sector, o.id.sigle())));
                } else if board.adjacent(o.start_sector, p.start_sector) {
                    diags.push(at(sp, p.line, format!("secteur de départ {} voisin de celui du parti {} ({})", p.start_sector, o.id.sigle(), o.start_sector)));
                }
            }
            match senators.iter().find(|s| crate::text::key(&s.name) == crate::text::key(&p.start_senator)) {
                None => diags.push(at(sp, p.line, format!("sénateur de départ « {} » absent de {}", p.start_senator, sources.senators.name))),
                Some(s) if !s.start || s.party != Some(p.id) => diags.push(at(
                    &sources.senators,
                    s.line,
                    format!("{} est le sénateur de départ du parti {} : il doit porter « depart » et l'icône {}", s.name, p.id.sigle(), p.id.sigle()),
                )),
                Some(_) => {}
            }
        }
        for s in senators.iter().filter(|s| s.start) {
            if !parties.iter().any(|p| crate::text::key(&p.start_senator) == crate::text::key(&s.name)) {
                diags.push(at(&sources.senators, s.line, format!("{} est marqué « depart » mais aucun parti ne le nomme", s.name)));
            }
        }
        let mut sector_cards = Vec::new();
        for (line, n) in sc.value {
            if board.sectors.contains_key(&n) {
                sector_cards.push(n);
            } else {
                diags.push(at(&sources.sector_cards, line, format!("secteur {n} absent du plateau")));
            }
        }
        if !diags.is_empty() {
            return Err(diags);
        }
        Ok(Components { sources, board, parties, senators, sector_cards, actions: ac.value, events: ev.value, provisional })
    }

    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// The files of this set that say `provisoire`, in [`File::ALL`] order.
    pub fn provisional_files(&self) -> Vec<File> {
        self.provisional.iter().copied().collect()
    }

    pub fn party(&self, id: PartyId) -> Option<&Party> {
        self.parties.iter().find(|p| p.id == id)
    }

    /// A senator by name (case and accents ignored).
    pub fn senator(&self, name: &str) -> Option<&Senator> {
        let k = crate::text::key(name);
        self.senators.iter().find(|s| crate::text::key(&s.name) == k)
    }

    pub fn action(&self, name: &str) -> Option<&ActionCard> {
        let k = crate::text::key(name);
        self.actions.iter().find(|c| crate::text::key(&c.name_fr) == k || crate::text::key(&c.name_en) == k)
    }
}

/// The declaration every report, map, chronicle, welcome and `AIDE` reply
/// of a game using a provisional file carries (§4.6), naming those files;
/// `None` when no file is provisional.
pub fn declaration(files: &[File]) -> Option<Msg> {
    if files.is_empty() {
        return None;
    }
    let names: Vec<Msg> = files.iter().map(|f| Msg::new(format!("galactic-destiny-file-{}", f.code()))).collect();
    Some(crate::msg!("galactic-destiny-provisional", files = names))
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all: Vec<Msg> = File::ALL.iter().map(|f| Msg::new(format!("galactic-destiny-file-{}", f.code()))).collect();
    all.extend(declaration(&File::ALL));
    all
}

#[cfg(test)]
mod interpret_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
