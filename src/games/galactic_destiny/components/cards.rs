//! `actions.txt` and `events.txt`: card blocks (`carte "fr" "en"` …
//! `fin`, `evenement "fr" "en"` … `fin`) whose effects are written in the
//! vocabulary of [`super::effects`] ("Les cartes action", "Les cartes
//! événements", "Jouer des cartes", "Priorité des cartes").

use serde::{Deserialize, Serialize};

use super::effects::{Effect, Resource, Target};
use super::lex::{lookup, words, Line, Parsed, Reader};
use super::{PartyId, Race};

/// When a card may be played ("Phases des cartes"); never in the galactic phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Period {
    General,
    Senate,
    Intrigue,
}

impl Period {
    pub const WORDS: [(&'static str, Period); 3] = [("general", Period::General), ("senat", Period::Senate), ("intrigue", Period::Intrigue)];
}

/// Played on its own, as an answer to another card, or either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Play {
    Play,
    Answer,
    Both,
}

impl Play {
    pub const WORDS: [(&'static str, Play); 3] = [("jouer", Play::Play), ("reponse", Play::Answer), ("les-deux", Play::Both)];
}

/// A card's printed cost: a base amount of a resource, and whether the
/// player adds an amount chosen when playing it (`variable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub amount: u8,
    pub resource: Option<Resource>,
    pub variable: bool,
}

/// One action card (as many copies as `copies`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionCard {
    pub name_fr: String,
    pub name_en: String,
    pub copies: u8,
    pub cost: Cost,
    pub period: Period,
    /// "coût d'action": playing it uses a senator's action.
    pub action: bool,
    /// 0–5: interferes with cards of the same or a higher number.
    pub priority: u8,
    pub play: Play,
    pub target: Target,
    pub effects: Vec<Effect>,
    pub text_fr: String,
    pub text_en: String,
    pub line: usize,
}

/// How long an event stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventStay {
    Instant,
    /// On the active space for `n` turns.
    Active(u8),
}

/// One event card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventCard {
    pub name_fr: String,
    pub name_en: String,
    pub copies: u8,
    /// Printed, meaning not given (G54): shown, no engine effect.
    pub cost: u8,
    pub race: Option<Race>,
    pub party: Option<PartyId>,
    pub target: Target,
    pub effects: Vec<Effect>,
    pub stay: EventStay,
    pub text_fr: String,
    pub text_en: String,
    pub line: usize,
}

/// The fields read from one block, before the kind-specific checks.
#[derive(Default)]
struct Block {
    line: usize,
    names: Option<(String, String)>,
    copies: Option<u8>,
    cost: Option<Cost>,
    period: Option<Period>,
    action: Option<bool>,
    priority: Option<u8>,
    play: Option<Play>,
    target: Option<Target>,
    effects: Vec<Effect>,
    icons: Option<(Option<Race>, Option<PartyId>)>,
    stay: Option<EventStay>,
    text: Option<(String, String)>,
    ok: bool,
}

/// Which file: the field words allowed and the opening keyword.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Action,
    Event,
}

impl Kind {
    fn open(self) -> &'static str {
        match self {
            Kind::Action => "CARTE",
            Kind::Event => "EVENEMENT",
        }
    }
    fn fields(self) -> &'static [&'static str] {
        match self {
            Kind::Action => &["exemplaires", "cout", "periode", "action", "priorite", "jeu", "cible", "effet", "texte", "fin"],
            Kind::Event => &["exemplaires", "cout", "icones", "cible", "effet", "duree", "texte", "fin"],
        }
    }
}

fn set<T>(r: &mut Reader<'_>, b: &mut Block, l: &Line, slot: &mut Option<T>, v: Option<T>) {
    match v {
        Some(_) if slot.is_some() => {
            r.err(l.no, format!("« {} » donné deux fois dans la carte (ligne {})", l.head(), b.line));
            b.ok = false;
        }
        Some(v) => *slot = Some(v),
        None => b.ok = false,
    }
}

fn one_of<T: Copy>(r: &mut Reader<'_>, l: &Line, table: &[(&str, T)]) -> Option<T> {
    if !r.arity(l, 2, 2, &format!("{} <mot>", l.head())) {
        return None;
    }
    let v = lookup(table, &l.words[1]);
    if v.is_none() {
        r.err(l.no, format!("« {} » : « {} » inconnu ({})", l.head(), l.words[1], words(table)));
    }
    v
}

/// Reads the blocks of one file; `gm`: a game master is seated (`manuel`
/// effects allowed).
fn blocks<'a>(file: &'a str, text: &str, kind: Kind, gm: bool) -> (Reader<'a>, Vec<Block>) {
    let (mut r, lines) = Reader::lines(file, text);
    let mut out = Vec::new();
    let mut cur: Option<Block> = None;
    for l in &lines {
        let head = crate::text::key(l.head());
        if head == kind.open() {
            if let Some(b) = cur.take() {
                r.err(b.line, "carte sans « fin »");
            }
        }
        let Some(b) = cur.as_mut() else {
            if head == kind.open() {
                let mut b = Block { line: l.no, ok: true, ..Block::default() };
                if l.words.len() == 3 && l.quoted[1] && l.quoted[2] {
                    b.names = Some((l.words[1].clone(), l.words[2].clone()));
                } else {
                    r.err(l.no, format!("forme attendue « {} \"nom français\" \"English name\" »", kind.open().to_lowercase()));
                    b.ok = false;
                }
                cur = Some(b);
            } else {
                r.err(l.no, format!("« {} » hors d'une carte (une carte commence par « {} »)", l.head(), kind.open().to_lowercase()));
            }
            continue;
        };
        // Sets a field once; a second line for it is an error.
        macro_rules! field {
            ($f:ident, $v:expr) => {{
                let mut slot = b.$f.take();
                set(&mut r, b, l, &mut slot, $v);
                b.$f = slot;
            }};
        }
        match head.as_str() {
            "FIN" => {
                if r.arity(l, 1, 1, "fin") {
                    out.extend(cur.take());
                }
            }
            "EXEMPLAIRES" => {
                let v = r.arity(l, 2, 2, "exemplaires n").then(|| r.int(l, 1, "exemplaires", 1, 50)).flatten().map(|n| n as u8);
                field!(copies, v);
            }
            "COUT" => {
                let v = cost(&mut r, l, kind);
                field!(cost, v);
            }
            "PERIODE" if kind == Kind::Action => {
                let v = one_of(&mut r, l, &Period::WORDS);
                field!(period, v);
            }
            "ACTION" if kind == Kind::Action => {
                let v = one_of(&mut r, l, &[("oui", true), ("non", false)]);
                field!(action, v);
            }
            "PRIORITE" if kind == Kind::Action => {
                let v = r.arity(l, 2, 2, "priorite n").then(|| r.int(l, 1, "priorité", 0, 5)).flatten().map(|n| n as u8);
                field!(priority, v);
            }
            "JEU" if kind == Kind::Action => {
                let v = one_of(&mut r, l, &Play::WORDS);
                field!(play, v);
            }
            "CIBLE" => {
                let mut v = one_of(&mut r, l, &Target::WORDS);
                if let Some(t) = v.filter(|t| kind == Kind::Action && t.event_only()) {
                    r.err(l.no, format!("la cible « {} » n'est permise qu'aux événements", t.word()));
                    v = None;
                }
                field!(target, v);
            }
            "EFFET" => match Effect::parse(&l.words[1..], &l.quoted[1..]) {
                Ok(Effect::Manual(_)) if !gm => {
                    r.err(l.no, "effet « manuel » refusé : il faut un maître de jeu (maitre_de_jeu = true)");
                    b.ok = false;
                }
                Ok(e) => b.effects.push(e),
                Err(e) => {
                    r.err(l.no, e);
                    b.ok = false;
                }
            },
            "ICONES" if kind == Kind::Event => {
                let v = icons(&mut r, l);
                field!(icons, v);
            }
            "DUREE" if kind == Kind::Event => {
                let v = match l.words.get(1).map(|w| crate::text::key(w)).as_deref() {
                    Some("INSTANT") if l.words.len() == 2 => Some(EventStay::Instant),
                    Some("ACTIF") if l.words.len() == 3 => r.int(l, 2, "tours actifs", 1, 9).map(|n| EventStay::Active(n as u8)),
                    _ => {
                        r.err(l.no, "forme attendue « duree instant » ou « duree actif <n> »");
                        None
                    }
                };
                field!(stay, v);
            }
            "TEXTE" => {
                let v = if l.words.len() == 3 && l.quoted[1] && l.quoted[2] {
                    Some((l.words[1].clone(), l.words[2].clone()))
                } else {
                    r.err(l.no, "forme attendue « texte \"texte français\" \"English text\" »");
                    None
                };
                field!(text, v);
            }
            _ => {
                r.err(l.no, format!("« {} » inconnu dans une carte ({})", l.head(), kind.fields().join(", ")));
                b.ok = false;
            }
        }
    }
    if let Some(b) = cur {
        r.err(b.line, "carte sans « fin »");
    }
    (r, out)
}

fn cost(r: &mut Reader<'_>, l: &Line, kind: Kind) -> Option<Cost> {
    let w = &l.words[1..];
    let form = match kind {
        Kind::Action => "cout <n> argent|influence [variable] ou cout 0",
        Kind::Event => "cout <n>",
    };
    let n: Option<u8> = w.first().and_then(|x| x.parse().ok()).filter(|n| *n <= 30);
    let bad = |r: &mut Reader<'_>| {
        r.err(l.no, format!("forme attendue « {form} » (montant 0 à 30)"));
        None
    };
    let Some(n) = n else { return bad(r) };
    if kind == Kind::Event {
        return if w.len() == 1 { Some(Cost { amount: n, resource: None, variable: false }) } else { bad(r) };
    }
    match w {
        [_] if n == 0 => Some(Cost { amount: 0, resource: None, variable: false }),
        [_, res] | [_, res, _] => {
            let Some(resource) = lookup(&Resource::WORDS, res) else { return bad(r) };
            let variable = match w.get(2) {
                None => false,
                Some(v) if crate::text::key(v) == "VARIABLE" => true,
                Some(_) => return bad(r),
            };
            Some(Cost { amount: n, resource: Some(resource), variable })
        }
        _ => bad(r),
    }
}

fn icons(r: &mut Reader<'_>, l: &Line) -> Option<(Option<Race>, Option<PartyId>)> {
    let (mut race, mut party) = (None, None);
    let mut seen = (false, false);
    for w in &l.words[1..] {
        let Some((k, v)) = w.split_once('=') else {
            r.err(l.no, format!("« {w} » : forme race=… ou parti=… attendue"));
            return None;
        };
        match (crate::text::key(k).as_str(), v) {
            ("RACE", _) if seen.0 => {}
            ("RACE", "-") => seen.0 = true,
            ("RACE", v) => {
                seen.0 = true;
                race = Race::from_word(v);
                if race.is_none() {
                    r.err(l.no, format!("race « {v} » inconnue ({} ou -)", words(&Race::WORDS)));
                    return None;
                }
            }
            ("PARTI", _) if seen.1 => {}
            ("PARTI", "-") => seen.1 = true,
            ("PARTI", v) => {
                seen.1 = true;
                party = PartyId::from_word(v);
                if party.is_none() {
                    r.err(l.no, format!("parti « {v} » inconnu ({} ou -)", super::PARTIES));
                    return None;
                }
            }
            _ => {
                r.err(l.no, format!("« {w} » : forme race=… ou parti=… attendue"));
                return None;
            }
        }
    }
    if !(seen.0 && seen.1) || l.words.len() != 3 {
        r.err(l.no, "forme attendue « icones race=<race|-> parti=<sigle|-> »");
        return None;
    }
    Some((race, party))
}

/// The fields a block lacks, as a diagnostic.
fn missing(r: &mut Reader<'_>, b: &Block, names: &[(&str, bool)]) -> bool {
    let lacking: Vec<&str> = names.iter().filter(|(_, has)| !has).map(|(n, _)| *n).collect();
    if !lacking.is_empty() {
        r.err(b.line, format!("carte incomplète : {} manquant", lacking.join(", ")));
    }
    lacking.is_empty()
}

/// Sums copies and reports a count other than 50.
fn count_check(r: &mut Reader<'_>, copies: u32, what: &str) {
    if copies != 50 {
        r.err_end(format!("{copies} {what} en comptant les exemplaires : le jeu en compte 50 (« Le Contenu »)"));
    }
}

/// Reads `actions.txt`.
pub fn parse_actions(file: &str, text: &str, gm: bool) -> (Parsed<Vec<ActionCard>>, bool) {
    let (mut r, blocks) = blocks(file, text, Kind::Action, gm);
    let mut out: Vec<ActionCard> = Vec::new();
    for b in blocks {
        let complete = missing(
            &mut r,
            &b,
            &[
                ("exemplaires", b.copies.is_some()),
                ("cout", b.cost.is_some()),
                ("periode", b.period.is_some()),
                ("action", b.action.is_some()),
                ("priorite", b.priority.is_some()),
                ("jeu", b.play.is_some()),
                ("cible", b.target.is_some()),
                ("effet", !b.effects.is_empty()),
                ("texte", b.text.is_some()),
            ],
        );
        let (Block { line, names: Some((name_fr, name_en)), copies: Some(copies), cost: Some(cost), period: Some(period), action: Some(action), priority: Some(priority), play: Some(play), target: Some(target), effects, text: Some((text_fr, text_en)), ok: true, .. }, true) = (b, complete) else { continue };
        if let Some(o) = out.iter().find(|o| crate::text::key(&o.name_fr) == crate::text::key(&name_fr)) {
            r.err(line, format!("carte « {name_fr} » déjà décrite (ligne {})", o.line));
            continue;
        }
        out.push(ActionCard { name_fr, name_en, copies, cost, period, action, priority, play, target, effects, text_fr, text_en, line });
    }
    count_check(&mut r, out.iter().map(|c| u32::from(c.copies)).sum(), "cartes action");
    let provisional = r.provisional;
    (r.finish(out), provisional)
}

/// Reads `events.txt`.
pub fn parse_events(file: &str, text: &str, gm: bool) -> (Parsed<Vec<EventCard>>, bool) {
    let (mut r, blocks) = blocks(file, text, Kind::Event, gm);
    let mut out: Vec<EventCard> = Vec::new();
    for b in blocks {
        let complete = missing(
            &mut r,
            &b,
            &[
                ("exemplaires", b.copies.is_some()),
                ("cout", b.cost.is_some()),
                ("icones", b.icons.is_some()),
                ("cible", b.target.is_some()),
                ("effet", !b.effects.is_empty()),
                ("duree", b.stay.is_some()),
                ("texte", b.text.is_some()),
            ],
        );
        let (Block { line, names: Some((name_fr, name_en)), copies: Some(copies), cost: Some(cost), icons: Some((race, party)), target: Some(target), effects, stay: Some(stay), text: Some((text_fr, text_en)), ok: true, .. }, true) = (b, complete) else { continue };
        if target == Target::PartyIcon && party.is_none() || target == Target::RaceIcon && race.is_none() {
            r.err(line, format!("la cible « {} » veut l'icône correspondante dans « icones »", target.word()));
            continue;
        }
        if let Some(o) = out.iter().find(|o| crate::text::key(&o.name_fr) == crate::text::key(&name_fr)) {
            r.err(line, format!("événement « {name_fr} » déjà décrit (ligne {})", o.line));
            continue;
        }
        out.push(EventCard { name_fr, name_en, copies, cost: cost.amount, race, party, target, effects, stay, text_fr, text_en, line });
    }
    count_check(&mut r, out.iter().map(|c| u32::from(c.copies)).sum(), "événements");
    let provisional = r.provisional;
    (r.finish(out), provisional)
}
