//! The board picture (issue #29, item 2; design note §7, "The picture"):
//! the public board of a [`GdState`] as SVG, and as PNG with the project's
//! renderer ([`Renderer::svg_to_png`], the shipped fonts).
//!
//! One picture per step, the same for every reader of a language but for
//! the reader's own campaignable sectors, outlined in its report's copy
//! ([`svg_for`]): it draws only what is public at a table — the sectors
//! (number, owner, defence, resources, ability, demographics, infestation,
//! the marked-sector token), the pending contests (a declared invasion's
//! battle and its grey claim tokens until it is fought, a declared
//! campaign until K — never its influence), the fleets of every party and
//! of the Republic, the election track, the
//! ministries and their holders, the laws in force, the initiative order,
//! the Ke'Ras (infested count, the infestation roll's modifier and odds),
//! the lasting events, and the provisional components' declaration. It
//! never reads a hand, a waiting senator, a deck, a filing or an agreement.
//!
//! Layout: [`WIDTH`] px wide (mail width; a phone shows it at half size),
//! the title and declaration, the board as the file's rectangles on its
//! grid, then the panel in one column (a column reads better on a phone
//! than two). Every word is a message of `locales/*/galactic-destiny-map.ftl`.
//!
//! Ids the tests read: `sector-<n>` (a sector's group), `area-<n>` (its
//! rectangle), `no-<n>` (its number), `hatch-<n>` (the infestation hatch),
//! `mark-<n>` (the marked-sector token), `battle-<n>`, `claim-<n>-<SIGLE>`,
//! `campaign-<n>`, `reach-<n>` (the reader's campaignable sector).

use std::fmt::Write as _;

use super::components::{declaration, Ability, PartyId, Race, Sector};
use super::galactic::InfestationOdds;
use super::intrigue::battle::Stake;
use super::model::{GdState, Law, Phase, SECTORS_TO_END};
use super::senate::Ministry;
use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::render::{escape, RenderError, Renderer};

/// Width of the picture in px (mail width).
pub const WIDTH: f64 = 720.0;
const MARGIN: f64 = 12.0;
/// The largest grid square, for small boards.
const CELL_MAX: f64 = 110.0;
/// A line of the panel.
const LINE: f64 = 25.0;
const PANEL_FONT: f64 = 18.0;
const BACKGROUND: &str = "#f5f1e6";
const INK: &str = "#1b1b2f";
const GOLD: &str = "#b08d2c";
const NEUTRAL: &str = "#fbfaf5";
const INFLUENCE: &str = "#7d3c98";
const MONEY: &str = "#1e8449";
const DEFENCE: &str = "#c0392b";
const MARK: &str = "#e67e22";
const KERAS: &str = "#6c1d1d";
const REPUBLIC: &str = "#111111";
/// The grey claim token ("Prise").
const CLAIM: &str = "#9a9a9a";

/// The public board of `state` as an SVG document, in `lang`.
pub fn svg(state: &GdState, lang: Lang) -> String {
    svg_for(state, lang, None)
}

/// [`svg`] as `reader` gets it in its report: the public board, plus that
/// party's own campaignable sectors outlined (design note §7, "The
/// picture"), which depend on nothing hidden but concern it alone.
pub fn svg_for(state: &GdState, lang: Lang, reader: Option<PartyId>) -> String {
    layers(state, lang, reader).whole
}

/// A reader's picture as the public board every copy shares and its own
/// marks over it (`render::layers`): the base is the public picture's very
/// document, so the six copies of a step and the game page's rasterise it
/// once; the overlay holds only the reader's outline and its legend key,
/// drawn after every element of the base.
pub struct Layers {
    /// The reader's whole picture: the base's elements, then the overlay's.
    pub whole: String,
    pub base: String,
    pub overlay: String,
}

/// [`svg_for`] as its [`Layers`].
pub fn layers(state: &GdState, lang: Lang, reader: Option<PartyId>) -> Layers {
    let reach: Vec<u8> = match reader {
        Some(p) if !matches!(state.phase, Phase::Registration | Phase::Over) => super::intrigue::campaigns::reachable(state, p),
        _ => Vec::new(),
    };
    let mut p = Picture { out: String::new(), over: String::new(), lang, y: 0.0, reach, reader: reader.is_some(), sector_h: 0.0 };
    p.header(state);
    p.board(state);
    p.panel(state);
    let height = (p.y + MARGIN).ceil();
    let body = std::mem::take(&mut p.out);
    let over = std::mem::take(&mut p.over);
    let open = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"DejaVu Sans\">\n");
    let base_of = |body: &str| {
        format!(
            "{open}<defs><pattern id=\"hatch\" width=\"9\" height=\"9\" patternUnits=\"userSpaceOnUse\" \
             patternTransform=\"rotate(45)\"><rect width=\"4\" height=\"9\" fill=\"{KERAS}\" fill-opacity=\"0.55\"/></pattern></defs>\n\
             <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"{BACKGROUND}\"/>\n{body}</svg>\n"
        )
    };
    Layers { whole: base_of(&format!("{body}{over}")), base: base_of(&body), overlay: format!("{open}{over}</svg>\n") }
}

/// The public board of `state` as a PNG, in `lang`.
pub fn png(renderer: &Renderer, state: &GdState, lang: Lang) -> Result<Vec<u8>, RenderError> {
    renderer.svg_to_png(&svg(state, lang))
}

/// The colour of a party's pieces: its file's word (French or English) or
/// `#rrggbb`; a word the map does not know gets the party's own default.
pub fn party_colour(state: &GdState, party: PartyId) -> String {
    let word = state.components.party(party).map(|p| p.colour.as_str()).unwrap_or("");
    if word.len() == 7 && word.starts_with('#') && word[1..].chars().all(|c| c.is_ascii_hexdigit()) {
        return word.to_ascii_lowercase();
    }
    let known = match crate::text::key(word).as_str() {
        "VERT" | "GREEN" => "#2e9e4f",
        "GRIS" | "GREY" | "GRAY" => "#8a939b",
        "ORANGE" => "#e67e22",
        "VIOLET" | "POURPRE" | "PURPLE" => "#8e44ad",
        "BLEU" | "BLUE" => "#2e6db4",
        "JAUNE" | "YELLOW" => "#f1c40f",
        "ROUGE" | "RED" => "#d63c2f",
        "ROSE" | "PINK" => "#e84393",
        "CYAN" | "TURQUOISE" => "#17a2b8",
        "MARRON" | "BRUN" | "BROWN" => "#8d5b3a",
        "BLANC" | "WHITE" => "#ecf0f1",
        // Black is the Republic's ("7 Ensembles de 10 vaisseaux").
        "NOIR" | "BLACK" => "#4a5568",
        _ => ["#2e9e4f", "#8a939b", "#e67e22", "#8e44ad", "#2e6db4", "#f1c40f"][party as usize],
    };
    known.to_string()
}

/// Black or white, whichever reads on `fill` (`#rrggbb`).
fn ink_on(fill: &str) -> &'static str {
    let c = |i: usize| u32::from_str_radix(fill.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    let luma = 299 * c(1) + 587 * c(3) + 114 * c(5);
    if luma > 150_000 {
        INK
    } else {
        "#ffffff"
    }
}

/// `fill` mixed with white, `share` of the colour kept.
fn tint(fill: &str, share: f64) -> String {
    let c = |i: usize| f64::from(u32::from_str_radix(fill.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128));
    let mix = |v: f64| (255.0 - (255.0 - v) * share).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(c(1)), mix(c(3)), mix(c(5)))
}

/// The letters a race is shown with (the same in both languages).
fn race_letters(r: Race) -> &'static str {
    match r {
        Race::Humains => "Hu",
        Race::Jur => "Ju",
        Race::Ajira => "Aj",
        Race::Qera => "Qe",
        Race::Tumba => "Tu",
        Race::Shorem => "Sh",
    }
}

fn race_msg(r: Race) -> Msg {
    let word = Race::WORDS.iter().find(|(_, x)| *x == r).map_or("", |(w, _)| *w);
    Msg::new(format!("gd-map-race-{word}"))
}

fn ministry_msg(m: Ministry) -> Msg {
    let id = match m {
        Ministry::PrimeMinister => "pm",
        Ministry::Interior => "interior",
        Ministry::Finance => "finance",
        Ministry::Justice => "justice",
        Ministry::Defence => "defence",
    };
    Msg::new(format!("gd-map-ministry-{id}"))
}

fn law_msg(l: Law) -> Msg {
    super::common::law_name("gd-map-law-", l)
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The picture being written, and how far down it goes.
struct Picture {
    out: String,
    /// The reader's own marks, drawn after everything else (the overlay).
    over: String,
    lang: Lang,
    y: f64,
    /// The reader's campaignable sectors (empty in the public picture).
    reach: Vec<u8>,
    /// A party's own picture (its legend keys the outline).
    reader: bool,
    /// The sector being drawn's height.
    sector_h: f64,
}

/// A text's attributes.
struct T<'a> {
    size: f64,
    bold: bool,
    fill: &'a str,
    anchor: &'a str,
    id: Option<String>,
}

impl T<'_> {
    fn plain(size: f64) -> T<'static> {
        T { size, bold: false, fill: INK, anchor: "start", id: None }
    }
}

impl Picture {
    fn say(&self, m: &Msg) -> String {
        m.render(self.lang)
    }

    fn text(&mut self, x: f64, y: f64, t: &T<'_>, s: &str) {
        let id = t.id.as_ref().map(|i| format!(" id=\"{i}\"")).unwrap_or_default();
        let weight = if t.bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.out,
            "<text{id} x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{}\"{weight} fill=\"{}\" text-anchor=\"{}\">{}</text>",
            t.size,
            t.fill,
            t.anchor,
            escape(s)
        );
    }

    /// A disc with a figure in it (a fleet pip, a resource value).
    fn pip(&mut self, cx: f64, cy: f64, r: f64, fill: &str, figure: &str) {
        let _ = writeln!(self.out, "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"0.8\"/>");
        let t = T { size: (r * 1.35).round(), bold: true, fill: ink_on(fill), anchor: "middle", id: None };
        self.text(cx, cy + r * 0.48, &t, figure);
    }

    /// The red shield of a sector's defence.
    fn shield(&mut self, x: f64, y: f64, figure: &str) {
        let _ = writeln!(self.out, "<path d=\"M{x:.1} {y:.1} h16 v10 q0 7 -8 10 q-8 -3 -8 -10 z\" fill=\"{DEFENCE}\"/>");
        let t = T { size: 12.0, bold: true, fill: "#ffffff", anchor: "middle", id: None };
        self.text(x + 8.0, y + 12.5, &t, figure);
    }

    /// The marked-sector token (a sector card drawn this turn).
    fn mark(&mut self, cx: f64, cy: f64, id: Option<String>) {
        let id = id.map(|i| format!(" id=\"{i}\"")).unwrap_or_default();
        let _ = writeln!(
            self.out,
            "<g{id}><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"7\" fill=\"{MARK}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>\
             <circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"2.5\" fill=\"{INK}\"/></g>"
        );
    }

    /// Lines of at most what fits in `width` px at `size` (DejaVu Sans
    /// averages about 0.5 em a lower-case letter, more for capitals).
    fn wrapped(&mut self, x: f64, width: f64, t: &T<'_>, s: &str) {
        let chars = ((width / (t.size * 0.53)).floor() as usize).max(10);
        for line in crate::render::wrap(s, chars, "").lines() {
            self.y += t.size * 1.3;
            self.text(x, self.y, t, line);
        }
    }

    fn header(&mut self, state: &GdState) {
        self.y = 30.0;
        let title = msg!("gd-map-title", turn = state.game_turn, step = state.step);
        let t = T { size: 22.0, bold: true, fill: INK, anchor: "middle", id: None };
        self.text(WIDTH / 2.0, self.y, &t, &self.say(&title));
        if let Some(d) = declaration(&state.components.provisional_files()) {
            let d = self.say(&d);
            let t = T { size: 13.0, bold: false, fill: "#a04000", anchor: "start", id: Some("declaration".into()) };
            self.wrapped(MARGIN, WIDTH - 2.0 * MARGIN, &t, &d);
        }
        self.y += 10.0;
    }

    fn board(&mut self, state: &GdState) {
        let sectors = &state.components.board.sectors;
        let cols = sectors.values().map(|s| s.x + s.w).max().unwrap_or(1).max(1);
        let rows = sectors.values().map(|s| s.y + s.h).max().unwrap_or(1).max(1);
        // Grid squares a third taller than wide: five rows of a sector's
        // marks (number and defence, resources, demographics, ability,
        // fleets) at sizes a phone still reads.
        let cell = ((WIDTH - 2.0 * MARGIN) / f64::from(cols)).floor().min(CELL_MAX);
        let cell_h = (cell * 4.0 / 3.0).round();
        let x0 = ((WIDTH - cell * f64::from(cols)) / 2.0).floor();
        let y0 = self.y;
        for s in sectors.values() {
            let (sx, sy) = (x0 + f64::from(s.x) * cell, y0 + f64::from(s.y) * cell_h);
            self.sector(state, s, sx, sy, f64::from(s.w) * cell, f64::from(s.h) * cell_h);
        }
        self.y = y0 + f64::from(rows) * cell_h + 8.0;
    }

    fn sector(&mut self, state: &GdState, s: &Sector, sx: f64, sy: f64, sw: f64, sh: f64) {
        let n = s.no;
        self.sector_h = sh;
        let fx = state.fx.sectors.get(&n).cloned().unwrap_or_default();
        let owner = fx.owner.map(|p| party_colour(state, p));
        let fill = owner.as_deref().map_or_else(|| NEUTRAL.to_string(), |c| tint(c, 0.45));
        let _ = writeln!(self.out, "<g id=\"sector-{n}\">");
        let _ = writeln!(
            self.out,
            "<rect id=\"area-{n}\" x=\"{sx:.1}\" y=\"{sy:.1}\" width=\"{sw:.1}\" height=\"{sh:.1}\" fill=\"{fill}\" stroke=\"{GOLD}\" stroke-width=\"2\"/>"
        );
        if let Some(c) = &owner {
            let _ = writeln!(
                self.out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"4\"/>",
                sx + 3.0,
                sy + 3.0,
                sw - 6.0,
                sh - 6.0
            );
        }
        if fx.infested {
            let _ = writeln!(
                self.out,
                "<rect id=\"hatch-{n}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"url(#hatch)\" stroke=\"{KERAS}\" stroke-width=\"2\"/>",
                sx + 1.0,
                sy + 1.0,
                sw - 2.0,
                sh - 2.0
            );
        }
        let number = T { size: 19.0, bold: true, fill: INK, anchor: "start", id: Some(format!("no-{n}")) };
        self.text(sx + 5.0, sy + 21.0, &number, &n.to_string());
        let defence = state.fx.defence(&state.components, n);
        self.shield(sx + sw - 21.0, sy + 5.0, &defence.to_string());
        if fx.marked {
            self.mark(sx + sw - 12.0, sy + 36.0, Some(format!("mark-{n}")));
        }
        self.pip(sx + 12.0, sy + 36.0, 8.0, INFLUENCE, &s.influence.to_string());
        self.pip(sx + 30.0, sy + 36.0, 8.0, MONEY, &s.money.to_string());
        let demo: Vec<&str> = [s.race.map(race_letters), s.party.map(PartyId::sigle)].into_iter().flatten().collect();
        if !demo.is_empty() {
            let t = T { size: 12.0, bold: false, fill: "#3d3d55", anchor: "start", id: None };
            self.text(sx + 5.0, sy + 59.0, &t, &demo.join(" "));
        }
        if let Some(a) = s.ability {
            let short = self.say(&Msg::new(format!("gd-map-ability-short-{}", a.id())));
            // Bold capitals are about 0.8 em wide: a long label is made
            // smaller to stay inside its sector.
            let size = (11.0f64).min(((sw - 10.0) / (0.8 * short.chars().count() as f64)).floor());
            let t = T { size, bold: true, fill: "#7a5c00", anchor: "start", id: None };
            self.text(sx + 5.0, sy + 73.0, &t, &short);
        }
        self.contests(state, n, sx, sy, sw);
        // Fleets: a disc a side with its count, the Republic's black first,
        // from the bottom left, rows upward.
        let mut groups: Vec<(String, u8)> = Vec::new();
        if let Some(&r) = state.republic_at.get(&n).filter(|r| **r > 0) {
            groups.push((REPUBLIC.to_string(), r));
        }
        for (p, c) in state.fleets.get(&n).into_iter().flatten().filter(|(_, c)| **c > 0) {
            groups.push((party_colour(state, *p), *c));
        }
        let per_row = (((sw - 3.0) / 16.5).floor() as usize).max(1);
        for (i, (colour, count)) in groups.iter().enumerate() {
            let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
            self.pip(sx + 10.0 + 16.5 * col, sy + sh - 11.0 - 16.5 * row, 8.0, colour, &count.to_string());
        }
        let _ = writeln!(self.out, "</g>");
    }

    /// A sector's pending contests, all public once declared: a battle
    /// (an invasion declared, until B′'s battles) dashed red, with a grey
    /// claim token ringed in each claimant's colour; a campaign (declared
    /// in C, until K) dashed purple — never its influence, which is
    /// private; and the reader's campaignable sector dotted.
    fn contests(&mut self, state: &GdState, n: u8, sx: f64, sy: f64, sw: f64) {
        let sh_rect = |inset: f64| (sx + inset, sy + inset, sw - 2.0 * inset);
        let h = self.sector_h;
        let invasions: Vec<_> = state.intrigue.invasions.invasions.iter().filter(|d| d.sector == n).collect();
        if !invasions.is_empty() {
            let (x, y, w) = sh_rect(6.0);
            let _ = writeln!(
                self.out,
                "<rect id=\"battle-{n}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{DEFENCE}\" stroke-width=\"2.5\" stroke-dasharray=\"7 4\"/>",
                h - 12.0
            );
            let mut claimants: Vec<PartyId> = Vec::new();
            for d in &invasions {
                if let Stake::Claim(p) = d.stake {
                    if !claimants.contains(&p) {
                        claimants.push(p);
                    }
                }
            }
            for (i, p) in claimants.iter().enumerate() {
                let cx = sx + sw - 12.0 - 15.0 * i as f64;
                if cx < sx + 48.0 {
                    break;
                }
                let c = party_colour(state, *p);
                let _ = writeln!(
                    self.out,
                    "<circle id=\"claim-{n}-{}\" cx=\"{cx:.1}\" cy=\"{:.1}\" r=\"6\" fill=\"{CLAIM}\" stroke=\"{c}\" stroke-width=\"2.5\"/>",
                    p.sigle(),
                    sy + 54.0
                );
            }
        }
        let campaigning = matches!(state.phase, Phase::Campaigns { .. } | Phase::Canvass);
        if campaigning && state.intrigue.campaigns.campaigns.iter().any(|c| c.sector == n) {
            let (x, y, w) = sh_rect(6.0);
            let _ = writeln!(
                self.out,
                "<rect id=\"campaign-{n}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{INFLUENCE}\" stroke-width=\"2.5\" stroke-dasharray=\"3 3\"/>",
                h - 12.0
            );
        }
        if self.reach.contains(&n) {
            let (x, y, w) = sh_rect(10.0);
            let _ = writeln!(
                self.over,
                "<rect id=\"reach-{n}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\" stroke-dasharray=\"1 3\"/>",
                h - 20.0
            );
        }
    }

    fn heading(&mut self, m: &Msg) {
        self.y += LINE + 6.0;
        let t = T { size: 20.0, bold: true, fill: INK, anchor: "start", id: None };
        let s = self.say(m);
        self.text(MARGIN, self.y, &t, &s);
    }

    /// One or more panel lines, with a party's pip before when given.
    fn line(&mut self, pip: Option<&str>, s: &str) {
        let x = match pip {
            Some(c) => {
                self.pip(MARGIN + 8.0, self.y + LINE - 6.5, 8.0, c, "");
                MARGIN + 22.0
            }
            None => MARGIN,
        };
        let t = T::plain(PANEL_FONT);
        self.y += LINE - PANEL_FONT * 1.3;
        self.wrapped(x, WIDTH - MARGIN - x, &t, s);
    }

    fn panel(&mut self, state: &GdState) {
        self.track(state);
        self.heading(&msg!("gd-map-ministries"));
        for m in Ministry::ALL {
            let name = self.say(&ministry_msg(m));
            match (state.ministries.get(&m), state.holder(m)) {
                (Some(senator), Some(p)) => {
                    let s = self.say(&msg!("gd-map-ministry-holder", ministry = name, senator = senator.as_str(), party = p.sigle()));
                    let c = party_colour(state, p);
                    self.line(Some(&c), &s);
                }
                _ => {
                    let s = self.say(&msg!("gd-map-ministry-vacant", ministry = name));
                    self.line(Some(NEUTRAL), &s);
                }
            }
        }
        self.heading(&msg!("gd-map-initiative-heading"));
        let mut order = vec![self.say(&msg!("gd-map-initiative-first"))];
        order.extend(state.initiative.iter().map(|p| p.sigle().to_string()));
        let s = self.say(&msg!("gd-map-initiative", order = order.join(" › ")));
        self.line(None, &s);
        self.heading(&msg!("gd-map-laws"));
        let laws: Vec<_> = state.laws.iter().filter(|l| l.until >= state.game_turn).collect();
        if laws.is_empty() {
            let s = self.say(&msg!("gd-map-laws-none"));
            self.line(None, &s);
        }
        for l in laws {
            let left = (l.until + 1).saturating_sub(state.game_turn);
            let s = self.say(&msg!("gd-map-law-line", law = law_msg(l.law), party = l.by.sigle(), left = left, until = l.until));
            let c = party_colour(state, l.by);
            self.line(Some(&c), &s);
        }
        self.keras(state);
        self.legend(state);
    }

    fn track(&mut self, state: &GdState) {
        self.heading(&msg!("gd-map-track"));
        self.y += 8.0;
        let track = state.components.board.track;
        let (w, h) = (34.0, 26.0);
        let mut x = MARGIN;
        let election = self.say(&msg!("gd-map-track-election"));
        // The board's spaces "1" … then "élection" (0), the marker moving left to right.
        for space in (1..=track).chain(std::iter::once(0)) {
            let here = state.election_marker == space;
            let bw = if space == 0 { 16.0 + election.chars().count() as f64 * 9.5 } else { w };
            let (fill, stroke) = if here { (GOLD, INK) } else { (NEUTRAL, GOLD) };
            let _ = writeln!(
                self.out,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bw:.1}\" height=\"{h}\" rx=\"4\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
                self.y,
                if here { 2.5 } else { 1.5 }
            );
            let label = if space == 0 { election.clone() } else { space.to_string() };
            let t = T { size: 15.0, bold: here, fill: INK, anchor: "middle", id: None };
            self.text(x + bw / 2.0, self.y + 18.5, &t, &label);
            x += bw + 6.0;
        }
        let to_go = if state.election_marker == 0 { 0 } else { track.saturating_sub(state.election_marker) + 1 };
        let when = self.say(&msg!("gd-map-election-in", turns = to_go));
        let t = T::plain(PANEL_FONT);
        self.text(x + 8.0, self.y + 18.5, &t, &when);
        self.y += h + 4.0;
    }

    fn keras(&mut self, state: &GdState) {
        self.heading(&msg!("gd-map-keras"));
        let infested = state.infested_count();
        let s = self.say(&msg!("gd-map-infested", n = infested, max = SECTORS_TO_END));
        self.line(Some(KERAS), &s);
        let odds = InfestationOdds::of(state);
        let s = self.say(&msg!(
            "gd-map-roll",
            total = signed(odds.modifier()),
            corruption = odds.corruption,
            shadow = odds.shadow,
            events = signed(odds.events),
            chance = odds.chance()
        ));
        self.line(None, &s);
        if odds.shadow > 0 {
            let s = self.say(&msg!("gd-map-infested-dice", n = odds.shadow));
            self.line(None, &s);
        }
        let events: Vec<String> = state
            .active_events
            .iter()
            .map(|a| {
                let card = state.components.events.iter().find(|e| e.name_fr == a.card);
                let name = match (card, self.lang) {
                    (Some(c), Lang::En) => c.name_en.clone(),
                    _ => a.card.clone(),
                };
                self.say(&msg!("gd-map-event", card = name, since = a.since))
            })
            .collect();
        let s = if events.is_empty() {
            self.say(&msg!("gd-map-events-none"))
        } else {
            self.say(&msg!("gd-map-events", events = crate::i18n::and_list(self.lang, &events)))
        };
        self.line(None, &s);
    }

    fn legend(&mut self, state: &GdState) {
        self.heading(&msg!("gd-map-legend"));
        for p in state.parties() {
            let name = state.components.party(p).map(|c| if self.lang == Lang::En { c.name_en.clone() } else { c.name_fr.clone() }).unwrap_or_default();
            let c = party_colour(state, p);
            // The rebel is named as such ("La lutte pour toujours").
            let rebel = if super::rebellion::is_rebel(state, p) { format!(" — {}", self.say(&msg!("gd-rebel-map-key"))) } else { String::new() };
            self.line(Some(&c), &format!("{} — {name}{rebel}", p.sigle()));
        }
        let s = self.say(&msg!("gd-map-key-republic"));
        self.line(Some(REPUBLIC), &s);
        // The sector's symbols, drawn as on the board.
        self.y += 8.0;
        let y = self.y + 12.0;
        let t = T::plain(16.0);
        let mut x = MARGIN;
        let items: [(&str, Msg); 5] = [
            ("influence", msg!("gd-map-key-influence")),
            ("money", msg!("gd-map-key-money")),
            ("defence", msg!("gd-map-key-defence")),
            ("mark", msg!("gd-map-key-marked")),
            ("hatch", msg!("gd-map-key-infested")),
        ];
        for (what, m) in items {
            match what {
                "influence" => self.pip(x + 8.0, y, 7.5, INFLUENCE, "2"),
                "money" => self.pip(x + 8.0, y, 7.5, MONEY, "3"),
                "defence" => self.shield(x, y - 10.0, "3"),
                "mark" => self.mark(x + 8.0, y, None),
                _ => {
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"18\" height=\"18\" fill=\"url(#hatch)\" stroke=\"{KERAS}\" stroke-width=\"1.5\"/>",
                        y - 9.0
                    );
                }
            }
            let label = self.say(&m);
            self.text(x + 22.0, y + 5.0, &t, &label);
            x += 34.0 + label.chars().count() as f64 * 11.2;
        }
        self.y = y + 4.0;
        // The contests' marks, on a line of their own.
        self.y += 14.0;
        let y = self.y + 12.0;
        let mut x = MARGIN;
        let mut contests: Vec<(&str, Msg)> =
            vec![("battle", msg!("gd-map-key-battle")), ("claim", msg!("gd-map-key-claim")), ("campaign", msg!("gd-map-key-campaign"))];
        if self.reader {
            contests.push(("reach", msg!("gd-map-key-reachable")));
        }
        for (what, m) in contests {
            // The reader's key goes to its overlay, where its outline is.
            if what == "reach" {
                std::mem::swap(&mut self.out, &mut self.over);
            }
            let (stroke, dash, width) = match what {
                "battle" => (DEFENCE, "7 4", 2.5),
                "campaign" => (INFLUENCE, "3 3", 2.5),
                _ => (INK, "1 3", 1.5),
            };
            if what == "claim" {
                let _ = writeln!(self.out, "<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{CLAIM}\" stroke=\"{INK}\" stroke-width=\"2.5\"/>", x + 8.0);
            } else {
                let _ = writeln!(
                    self.out,
                    "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"18\" height=\"18\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{width}\" stroke-dasharray=\"{dash}\"/>",
                    y - 9.0
                );
            }
            let label = self.say(&m);
            self.text(x + 22.0, y + 5.0, &t, &label);
            x += 34.0 + label.chars().count() as f64 * 11.2;
            if what == "reach" {
                std::mem::swap(&mut self.out, &mut self.over);
            }
        }
        self.y = y + 4.0;
        // No-break spaces keep a key's letters with their words when the
        // line wraps.
        let races: Vec<String> = Race::WORDS.iter().map(|(_, r)| format!("{}\u{a0}{}", race_letters(*r), self.say(&race_msg(*r)))).collect();
        let s = self.say(&msg!("gd-map-key-demographics", races = races.join(", ")));
        self.line(None, &s);
        let abilities: Vec<String> = Ability::ALL
            .iter()
            .filter_map(|a| state.components.board.sector_of(*a).map(|n| (n, *a)))
            .map(|(n, a)| {
                let short = self.say(&Msg::new(format!("gd-map-ability-short-{}", a.id())));
                let full = self.say(&Msg::new(format!("gd-map-ability-{}", a.id())));
                format!("{n}\u{a0}{short} {full}")
            })
            .collect();
        let s = self.say(&msg!("gd-map-key-abilities", abilities = abilities.join("\u{a0}· ")));
        self.line(None, &s);
    }
}

/// One sample of each message of the picture, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut all = vec![
        msg!("gd-map-title", turn = 3, step = 9),
        msg!("gd-map-track"),
        msg!("gd-map-track-election"),
        msg!("gd-map-election-in", turns = 2),
        msg!("gd-map-ministries"),
        msg!("gd-map-ministry-holder", ministry = ministry_msg(Ministry::Justice), senator = "Fola", party = "POP"),
        msg!("gd-map-ministry-vacant", ministry = ministry_msg(Ministry::Defence)),
        msg!("gd-map-initiative-heading"),
        msg!("gd-map-initiative-first"),
        msg!("gd-map-initiative", order = "BIP › POP"),
        msg!("gd-map-laws"),
        msg!("gd-map-laws-none"),
        msg!("gd-map-keras"),
        msg!("gd-map-infested", n = 3, max = 10),
        msg!("gd-map-roll", total = "+2", corruption = 4, shadow = 1, events = "0", chance = 27),
        msg!("gd-map-infested-dice", n = 2),
        msg!("gd-map-event", card = "Réveil du Ke'Ras", since = 2),
        msg!("gd-map-events", events = "Réveil du Ke'Ras (depuis le tour 2)"),
        msg!("gd-map-events-none"),
        msg!("gd-map-legend"),
        msg!("gd-map-key-republic"),
        msg!("gd-map-key-influence"),
        msg!("gd-map-key-money"),
        msg!("gd-map-key-defence"),
        msg!("gd-map-key-marked"),
        msg!("gd-map-key-infested"),
        msg!("gd-map-key-battle"),
        msg!("gd-map-key-claim"),
        msg!("gd-map-key-campaign"),
        msg!("gd-map-key-reachable"),
        msg!("gd-map-key-demographics", races = "Hu humains"),
        msg!("gd-map-key-abilities", abilities = "1 VOIX Voix autoritaire"),
    ];
    all.extend(Ministry::ALL.map(ministry_msg));
    all.extend(Law::examples().into_iter().map(|l| msg!("gd-map-law-line", law = law_msg(l), party = "POP", left = 2, until = 5)));
    all.extend(Race::WORDS.map(|(_, r)| race_msg(r)));
    for a in Ability::ALL {
        all.push(Msg::new(format!("gd-map-ability-short-{}", a.id())));
        all.push(Msg::new(format!("gd-map-ability-{}", a.id())));
    }
    all
}

#[cfg(test)]
mod tests;
