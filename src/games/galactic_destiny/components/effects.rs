//! The effect vocabulary of the action and event cards (design note §4.4):
//! a closed list built only from the game's own mechanics, each effect with
//! well-formed parameters, the targets a card may name (`cible`) and the
//! durations of lasting effects. A card whose real text fits no entry is
//! written `manuel "<texte>"`, refused unless a game master is seated.

use serde::{Deserialize, Serialize};

use super::lex::{lookup, words};

/// The two resources ("Ressources"), each 0–99.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    Money,
    Influence,
}

impl Resource {
    pub const WORDS: [(&'static str, Resource); 4] =
        [("argent", Resource::Money), ("influence", Resource::Influence), ("money", Resource::Money), ("inf", Resource::Influence)];
    pub fn word(self) -> &'static str {
        match self {
            Resource::Money => "argent",
            Resource::Influence => "influence",
        }
    }
}

/// Which deck a draw takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deck {
    Action,
    Senator,
}

/// How long a modifier lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    Instant,
    /// Until the vote it was played in is counted.
    Vote,
    /// Until the end of the current phase.
    Phase,
    /// Until the end of the current turn.
    Turn,
    /// The current turn and the next `n - 1`.
    Turns(u8),
    /// While the event stays on the board's active space.
    Active,
}

impl Duration {
    /// Reads `instant`, `vote`, `phase`, `tour`, `<n> tours` or `actif`
    /// from `w` (and `next` for the count form); returns the words used.
    pub fn read(w: &[String]) -> Option<(Duration, usize)> {
        let k = |i: usize| w.get(i).map(|s| crate::text::key(s));
        match k(0)?.as_str() {
            "INSTANT" => Some((Duration::Instant, 1)),
            "VOTE" => Some((Duration::Vote, 1)),
            "PHASE" => Some((Duration::Phase, 1)),
            "TOUR" => Some((Duration::Turn, 1)),
            "ACTIF" => Some((Duration::Active, 1)),
            n => {
                let n: u8 = n.parse().ok().filter(|n| (1..=9).contains(n))?;
                matches!(k(1)?.as_str(), "TOURS" | "TOUR").then_some((Duration::Turns(n), 2))
            }
        }
    }
    pub fn text(self) -> String {
        match self {
            Duration::Instant => "instant".into(),
            Duration::Vote => "vote".into(),
            Duration::Phase => "phase".into(),
            Duration::Turn => "tour".into(),
            Duration::Turns(n) => format!("{n} tours"),
            Duration::Active => "actif".into(),
        }
    }
}

/// What a card acts on (`cible`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The player's own party.
    Own,
    /// Another party, chosen.
    Party,
    /// Every other party.
    Others,
    /// Every party.
    All,
    Senator,
    OwnSenator,
    OpposingSenator,
    Sector,
    OwnSector,
    Battle,
    Campaign,
    Assassination,
    Card,
    Proposal,
    // Events only:
    /// Senators or sectors showing the card's party icon.
    PartyIcon,
    /// Senators or sectors showing the card's race icon.
    RaceIcon,
    /// The three marked sectors.
    Marked,
    Infested,
    Ministers,
    RandomSector,
    RandomSenator,
}

impl Target {
    pub const WORDS: [(&'static str, Target); 21] = [
        ("soi", Target::Own),
        ("parti", Target::Party),
        ("autres", Target::Others),
        ("tous", Target::All),
        ("senateur", Target::Senator),
        ("senateur-propre", Target::OwnSenator),
        ("senateur-adverse", Target::OpposingSenator),
        ("secteur", Target::Sector),
        ("secteur-propre", Target::OwnSector),
        ("bataille", Target::Battle),
        ("campagne", Target::Campaign),
        ("assassinat", Target::Assassination),
        ("carte", Target::Card),
        ("proposition", Target::Proposal),
        ("icone-parti", Target::PartyIcon),
        ("icone-race", Target::RaceIcon),
        ("marques", Target::Marked),
        ("infestes", Target::Infested),
        ("ministres", Target::Ministers),
        ("hasard-secteur", Target::RandomSector),
        ("hasard-senateur", Target::RandomSenator),
    ];
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize].0
    }
    pub fn from_word(w: &str) -> Option<Target> {
        lookup(&Self::WORDS, w)
    }
    /// The targets only an event may name (chosen by nobody).
    pub fn event_only(self) -> bool {
        self >= Target::PartyIcon
    }
}

/// One effect of the closed vocabulary (§4.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// `gagne <n> <res>`: to the player (the excess over 99 is wasted).
    Gain(u8, Resource),
    /// `perd <n> <res>`: from the target (floor 0).
    Lose(u8, Resource),
    /// `vole <n> <res>`: from the target to the player.
    Steal(u8, Resource),
    /// `pioche <n> action|senateur`.
    Draw(u8, Deck),
    /// `defausse <n>`: the target discards at random.
    Discard(u8),
    /// `prend-carte <n>`: takes at random from the target's hand.
    TakeCard(u8),
    /// `regarde-main`.
    SeeHand,
    /// `regenere` (Multitâche).
    Refresh,
    /// `epuise`.
    Exhaust,
    /// `diplomatie ±<n> <durée>`.
    Diplomacy(i8, Duration),
    /// `commandement ±<n> <durée>`.
    Command(i8, Duration),
    /// `voix ±<n> <durée>`: a party's voting total.
    Votes(i8, Duration),
    /// `corruption ±<n>`.
    Corruption(i8),
    /// `ombre ±<n>`.
    Shadow(i8),
    /// `assassinat [+<n>]`.
    Assassination(i8),
    /// `poursuite`: a free trial on the table.
    Prosecution,
    /// `seduction`: out of the senate for the phase.
    Seduction,
    /// `flottes ±<n>`.
    Fleets(i8),
    /// `detruit <n>`.
    Destroy(u8),
    /// `deplace <n>`.
    Move(u8),
    /// `republique ±<n>`.
    Republic(i8),
    /// `des ±<n>`.
    Dice(i8),
    /// `bonus ±<n>`.
    Bonus(i8),
    /// `pertes ±<n>`.
    Losses(i8),
    /// `relance <n>`.
    Reroll(u8),
    /// `defense ±<n> <durée>`.
    Defence(i8, Duration),
    /// `feinte`.
    Feint,
    /// `annule`.
    Cancel,
    /// `fantome`.
    Ghost,
    /// `veto`.
    Veto,
    /// `abroge`.
    Repeal,
    /// `election`.
    Election,
    /// `infeste`.
    Infest,
    /// `desinfeste`.
    Disinfest,
    /// `neutralise`.
    Neutralise,
    /// `marque`.
    Mark,
    /// `jet-infestation ±<n> <durée>`.
    InfestationRoll(i8, Duration),
    /// `manuel "<texte>"`: for the game master.
    Manual(String),
}

/// The shapes of parameters an effect word takes.
#[derive(Clone, Copy)]
enum Shape {
    None,
    /// `<n> <res>`, n 1–99.
    Amount,
    /// `<n> action|senateur`, n 1–9.
    Draw,
    /// `<n>`, 1–9.
    Count,
    /// `±<n>`, 1–9 with a sign.
    Signed,
    /// `±<n> <durée>`.
    SignedFor,
    /// `[+<n>]`.
    OptionalPlus,
    /// `"<texte>"`.
    Text,
}

const WORDS: [(&str, Shape); 38] = [
    ("gagne", Shape::Amount),
    ("perd", Shape::Amount),
    ("vole", Shape::Amount),
    ("pioche", Shape::Draw),
    ("defausse", Shape::Count),
    ("prend-carte", Shape::Count),
    ("regarde-main", Shape::None),
    ("regenere", Shape::None),
    ("epuise", Shape::None),
    ("diplomatie", Shape::SignedFor),
    ("commandement", Shape::SignedFor),
    ("voix", Shape::SignedFor),
    ("corruption", Shape::Signed),
    ("ombre", Shape::Signed),
    ("assassinat", Shape::OptionalPlus),
    ("poursuite", Shape::None),
    ("seduction", Shape::None),
    ("flottes", Shape::Signed),
    ("detruit", Shape::Count),
    ("deplace", Shape::Count),
    ("republique", Shape::Signed),
    ("des", Shape::Signed),
    ("bonus", Shape::Signed),
    ("pertes", Shape::Signed),
    ("relance", Shape::Count),
    ("defense", Shape::SignedFor),
    ("feinte", Shape::None),
    ("annule", Shape::None),
    ("fantome", Shape::None),
    ("veto", Shape::None),
    ("abroge", Shape::None),
    ("election", Shape::None),
    ("infeste", Shape::None),
    ("desinfeste", Shape::None),
    ("neutralise", Shape::None),
    ("marque", Shape::None),
    ("jet-infestation", Shape::SignedFor),
    ("manuel", Shape::Text),
];

fn signed(w: &str) -> Option<i8> {
    let (sign, digits) = match w.as_bytes().first()? {
        b'+' => (1, &w[1..]),
        b'-' | b'\xe2' => (-1, w.trim_start_matches(['-', '−'])),
        _ => return None,
    };
    let n: i8 = digits.parse().ok().filter(|n| (1..=9).contains(n))?;
    Some(sign * n)
}

impl Effect {
    /// Reads the words after `effet` (`quoted[i]`: word `i` was quoted).
    /// The error is French, for the file's diagnostic.
    pub fn parse(w: &[String], quoted: &[bool]) -> Result<Effect, String> {
        let Some(head) = w.first() else { return Err("effet vide".into()) };
        let Some(shape) = lookup(&WORDS, head) else {
            return Err(format!("effet « {head} » hors du vocabulaire ({})", words(&WORDS)));
        };
        let key = crate::text::key(head).to_lowercase().replace(' ', "-");
        let args = &w[1..];
        let want = |n: usize, form: &str| -> Result<(), String> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!("« {key} » s'écrit « {key}{form} »"))
            }
        };
        let count = |i: usize, lo: u8, hi: u8| -> Result<u8, String> {
            args[i].parse::<u8>().ok().filter(|n| (lo..=hi).contains(n)).ok_or_else(|| format!("« {key} » : « {} » n'est pas un nombre de {lo} à {hi}", args[i]))
        };
        let sign = |i: usize| -> Result<i8, String> { signed(&args[i]).ok_or_else(|| format!("« {key} » : « {} » n'est pas ±1 à ±9 (signe obligatoire)", args[i])) };
        Ok(match shape {
            Shape::None => {
                want(0, "")?;
                match key.as_str() {
                    "regarde-main" => Effect::SeeHand,
                    "regenere" => Effect::Refresh,
                    "epuise" => Effect::Exhaust,
                    "poursuite" => Effect::Prosecution,
                    "seduction" => Effect::Seduction,
                    "feinte" => Effect::Feint,
                    "annule" => Effect::Cancel,
                    "fantome" => Effect::Ghost,
                    "veto" => Effect::Veto,
                    "abroge" => Effect::Repeal,
                    "election" => Effect::Election,
                    "infeste" => Effect::Infest,
                    "desinfeste" => Effect::Disinfest,
                    "neutralise" => Effect::Neutralise,
                    _ => Effect::Mark,
                }
            }
            Shape::Amount => {
                want(2, " <n> argent|influence")?;
                let n = count(0, 1, 99)?;
                let res = lookup(&Resource::WORDS, &args[1]).ok_or_else(|| format!("« {key} » : ressource « {} » inconnue (argent, influence)", args[1]))?;
                match key.as_str() {
                    "gagne" => Effect::Gain(n, res),
                    "perd" => Effect::Lose(n, res),
                    _ => Effect::Steal(n, res),
                }
            }
            Shape::Draw => {
                want(2, " <n> action|senateur")?;
                let n = count(0, 1, 9)?;
                let deck = match crate::text::key(&args[1]).as_str() {
                    "ACTION" | "ACTIONS" => Deck::Action,
                    "SENATEUR" | "SENATEURS" => Deck::Senator,
                    _ => return Err(format!("« pioche » : paquet « {} » inconnu (action, senateur)", args[1])),
                };
                Effect::Draw(n, deck)
            }
            Shape::Count => {
                want(1, " <n>")?;
                let n = count(0, 1, 9)?;
                match key.as_str() {
                    "defausse" => Effect::Discard(n),
                    "prend-carte" => Effect::TakeCard(n),
                    "detruit" => Effect::Destroy(n),
                    "deplace" => Effect::Move(n),
                    _ => Effect::Reroll(n),
                }
            }
            Shape::Signed => {
                want(1, " ±<n>")?;
                let n = sign(0)?;
                match key.as_str() {
                    "corruption" => Effect::Corruption(n),
                    "ombre" => Effect::Shadow(n),
                    "flottes" => Effect::Fleets(n),
                    "republique" => Effect::Republic(n),
                    "des" => Effect::Dice(n),
                    "bonus" => Effect::Bonus(n),
                    _ => Effect::Losses(n),
                }
            }
            Shape::SignedFor => {
                let n = if args.is_empty() { Err(format!("« {key} » s'écrit « {key} ±<n> <durée> »")) } else { sign(0) }?;
                let (d, used) = Duration::read(&args[1..]).ok_or_else(|| format!("« {key} » : durée attendue après {} (instant, vote, phase, tour, <n> tours, actif)", args[0]))?;
                if 1 + used != args.len() {
                    return Err(format!("« {key} » : mots en trop après la durée « {} »", d.text()));
                }
                if d == Duration::Instant {
                    return Err(format!("« {key} » modifie pour une durée : « instant » n'en est pas une"));
                }
                match key.as_str() {
                    "diplomatie" => Effect::Diplomacy(n, d),
                    "commandement" => Effect::Command(n, d),
                    "voix" => Effect::Votes(n, d),
                    "defense" => Effect::Defence(n, d),
                    _ => Effect::InfestationRoll(n, d),
                }
            }
            Shape::OptionalPlus => match args {
                [] => Effect::Assassination(0),
                [a] => match signed(a) {
                    Some(n) if n > 0 => Effect::Assassination(n),
                    _ => return Err(format!("« assassinat » : « {a} » n'est pas +1 à +9")),
                },
                _ => return Err("« assassinat » s'écrit « assassinat [+<n>] »".into()),
            },
            Shape::Text => {
                if args.len() != 1 || !quoted.get(1).copied().unwrap_or(false) || args[0].is_empty() {
                    return Err("« manuel » s'écrit « manuel \"<texte>\" »".into());
                }
                Effect::Manual(args[0].clone())
            }
        })
    }

    /// The effect as a data line (`gagne 6 argent`), parsed back to itself.
    pub fn text(&self) -> String {
        let s = |n: i8| if n < 0 { n.to_string() } else { format!("+{n}") };
        match self {
            Effect::Gain(n, r) => format!("gagne {n} {}", r.word()),
            Effect::Lose(n, r) => format!("perd {n} {}", r.word()),
            Effect::Steal(n, r) => format!("vole {n} {}", r.word()),
            Effect::Draw(n, Deck::Action) => format!("pioche {n} action"),
            Effect::Draw(n, Deck::Senator) => format!("pioche {n} senateur"),
            Effect::Discard(n) => format!("defausse {n}"),
            Effect::TakeCard(n) => format!("prend-carte {n}"),
            Effect::SeeHand => "regarde-main".into(),
            Effect::Refresh => "regenere".into(),
            Effect::Exhaust => "epuise".into(),
            Effect::Diplomacy(n, d) => format!("diplomatie {} {}", s(*n), d.text()),
            Effect::Command(n, d) => format!("commandement {} {}", s(*n), d.text()),
            Effect::Votes(n, d) => format!("voix {} {}", s(*n), d.text()),
            Effect::Corruption(n) => format!("corruption {}", s(*n)),
            Effect::Shadow(n) => format!("ombre {}", s(*n)),
            Effect::Assassination(0) => "assassinat".into(),
            Effect::Assassination(n) => format!("assassinat {}", s(*n)),
            Effect::Prosecution => "poursuite".into(),
            Effect::Seduction => "seduction".into(),
            Effect::Fleets(n) => format!("flottes {}", s(*n)),
            Effect::Destroy(n) => format!("detruit {n}"),
            Effect::Move(n) => format!("deplace {n}"),
            Effect::Republic(n) => format!("republique {}", s(*n)),
            Effect::Dice(n) => format!("des {}", s(*n)),
            Effect::Bonus(n) => format!("bonus {}", s(*n)),
            Effect::Losses(n) => format!("pertes {}", s(*n)),
            Effect::Reroll(n) => format!("relance {n}"),
            Effect::Defence(n, d) => format!("defense {} {}", s(*n), d.text()),
            Effect::Feint => "feinte".into(),
            Effect::Cancel => "annule".into(),
            Effect::Ghost => "fantome".into(),
            Effect::Veto => "veto".into(),
            Effect::Repeal => "abroge".into(),
            Effect::Election => "election".into(),
            Effect::Infest => "infeste".into(),
            Effect::Disinfest => "desinfeste".into(),
            Effect::Neutralise => "neutralise".into(),
            Effect::Mark => "marque".into(),
            Effect::InfestationRoll(n, d) => format!("jet-infestation {} {}", s(*n), d.text()),
            Effect::Manual(t) => format!("manuel \"{t}\""),
        }
    }
}
