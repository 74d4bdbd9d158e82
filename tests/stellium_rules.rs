//! Stellium's rules cases as data files (`tests/data/stellium/*.toml`): a
//! position (the marbles on the board by hole label; every other marble is
//! in the bag; the discs lie disc n on the n-th place, unturned, unless
//! `turns` says otherwise), the player to move's objectives, the orders of
//! the step, and what must follow (refused lines, the board, the bag, the
//! objectives scored). Each file names the booklet's heading it pins.

use std::collections::BTreeMap;

use arbitre::dice::Dice;
use arbitre::game::{status_of, FamilyInput, OrderLine, Ruleset};
use arbitre::games::stellium::components::Colour;
use arbitre::games::stellium::model::{Phase, Placed};
use arbitre::games::stellium::{Stellium, StelliumState};
use serde::Deserialize;

mod stellium_common;
use stellium_common::{new_game, KEYS};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    refused: Vec<usize>,
    /// Words that must be in the refusal of each refused line, in order.
    #[serde(default)]
    reasons: Vec<String>,
    board: Option<BTreeMap<String, String>>,
    /// Marbles in the bag, by colour letter.
    bag: Option<BTreeMap<String, u32>>,
    /// The mover's objectives validated, with the ☉ each scored.
    done: Option<Vec<(String, u32)>>,
    hand: Option<Vec<String>>,
    /// The phase after the step (`play`, `refill`, `over`).
    phase: Option<String>,
    ending: Option<String>,
    /// Galaxies (place letters) that must hold a marble after the step.
    #[serde(default)]
    not_empty: Vec<String>,
    /// The kinds of log entry (`drew`, `placed`, `took` …) of the step that
    /// are worded as the referee's moves; every other entry is the player's.
    by_referee: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    what: String,
    #[serde(default = "two")]
    players: usize,
    #[serde(default)]
    settings: String,
    board: BTreeMap<String, String>,
    /// Place letter → sixths the disc there is turned.
    #[serde(default)]
    turns: BTreeMap<String, usize>,
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    done: Vec<(String, u32)>,
    display: Option<Vec<String>>,
    /// Cards left in the reserve (default: every card not placed elsewhere).
    reserve: Option<Vec<String>>,
    orders: Vec<String>,
    /// Refill preferences of the other seats, when the step is a refill.
    #[serde(default)]
    others: BTreeMap<String, Vec<String>>,
    /// The step is played at its deadline: the referee's defaults complete
    /// the mover's orders, as the daemon does (`default_orders`); a refill
    /// after the first is left to silent choosers.
    #[serde(default)]
    deadline: bool,
    /// The player to move is PNJ and the referee's robot plays for him
    /// (`pnj = "robot"`): the simulated player's lines, status PNJ, then
    /// the defaults, as the referee does; `orders` is left empty.
    #[serde(default)]
    robot: bool,
    /// The reserve ran out earlier: the display is empty and the game is in
    /// its last rounds (DERNIER TOUR).
    #[serde(default)]
    reserve_exhausted: bool,
    expect: Expect,
}

fn two() -> usize {
    2
}

fn id(s: &str) -> u32 {
    s.trim_start_matches('O').parse().unwrap()
}

fn position(file: &str, c: &Case) -> StelliumState {
    let mut s = new_game(c.players, 1, &c.settings);
    let places = s.components.places.clone();
    s.discs = (0..places.len()).map(|p| Placed { disc: p, turn: c.turns.get(&places[p].to_string()).copied().unwrap_or(0) }).collect();
    s.phase = Phase::Play;
    s.bag = Colour::ALL.map(|c| c.count() as u32);
    for (label, col) in &c.board {
        let h = s.components.index_of(label).unwrap_or_else(|| panic!("{file}: hole {label}"));
        let col = Colour::from_word(col).unwrap_or_else(|| panic!("{file}: colour {col}"));
        s.bag[col.index()] -= 1;
        s.marbles.insert(h, col);
    }
    s.seats[0].hand = c.hand.iter().map(|x| id(x)).collect();
    s.seats[0].done = c.done.iter().map(|(x, v)| (id(x), *v)).collect();
    let placed: Vec<u32> = s.seats[0].hand.iter().copied().chain(s.seats[0].done.iter().map(|x| x.0)).collect();
    let free: Vec<u32> = s.components.objectives.keys().copied().filter(|x| !placed.contains(x)).collect();
    s.display = match &c.display {
        Some(d) => d.iter().map(|x| id(x)).collect(),
        None => free.iter().copied().take(c.players + 4).collect(),
    };
    s.reserve = match &c.reserve {
        Some(r) => r.iter().map(|x| id(x)).collect(),
        None => free.iter().copied().filter(|x| !s.display.contains(x)).collect(),
    };
    s.boxed = s.components.objectives.keys().copied().filter(|x| !placed.contains(x) && !s.display.contains(x) && !s.reserve.contains(x)).collect();
    s.first = 0;
    s.mover = 0;
    if c.reserve_exhausted {
        s.boxed.append(&mut s.display);
        s.ending = Some(arbitre::games::stellium::model::Ending::Reserve { rounds: 1 });
    }
    s
}

fn board_of(s: &StelliumState) -> BTreeMap<String, String> {
    s.marbles.iter().map(|(h, c)| (s.label(*h), c.letter().to_string())).collect()
}

fn run(file: &str, c: &Case) {
    let s = position(file, c);
    let mut inputs = BTreeMap::new();
    let mut dice = Dice::for_turn(7, s.step);
    let texts = if c.robot { Stellium::sample_orders(&s, &KEYS[0].to_string(), &mut Dice::for_turn(3, s.step)) } else { c.orders.clone() };
    let ls: Vec<OrderLine> = texts.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
    let parsed = Stellium::parse_orders(&s, &KEYS[0].to_string(), &ls);
    let refused: Vec<usize> = parsed.verdicts.iter().filter(|v| !v.is_accepted()).map(|v| v.line.no).collect();
    assert_eq!(refused, c.expect.refused, "{file} ({}): refused lines; verdicts {:#?}", c.rule, parsed.verdicts);
    let reasons: Vec<String> = parsed
        .verdicts
        .iter()
        .filter_map(|v| match &v.outcome {
            arbitre::game::LineOutcome::Rejected { reason, .. } => Some(reason.render(arbitre::i18n::Lang::Fr)),
            _ => None,
        })
        .collect();
    for (want, got) in c.expect.reasons.iter().zip(&reasons) {
        assert!(got.contains(want.as_str()), "{file}: refusal « {got} » lacks « {want} »");
    }
    let complete = Stellium::completeness(&s, &KEYS[0].to_string(), &parsed.orders);
    let status = if c.robot { arbitre::game::OrderStatus::Pnj } else { status_of(!c.orders.is_empty(), &complete) };
    let orders = if c.deadline { Stellium::default_orders(&s, &KEYS[0].to_string(), status, parsed.orders, &mut dice) } else { parsed.orders };
    inputs.insert(KEYS[0].to_string(), FamilyInput::new(status, orders, None));
    for key in KEYS.iter().take(c.players).skip(1) {
        inputs.insert(key.to_string(), FamilyInput::new(arbitre::game::OrderStatus::Or, Default::default(), None));
    }
    let mut after = Stellium::adjudicate(&s, &inputs, &mut dice).state;
    let log_from = s.log.len();
    // Refill sub-steps: the others' preferences, then the rest of the turn;
    // a second galaxy emptied is refilled next, by silent choosers given the
    // referee's defaults.
    let mut refills = 0;
    while matches!(after.phase, Phase::Refill(_)) && !c.others.is_empty() && refills < 6 {
        let mut ins = BTreeMap::new();
        for key in KEYS.iter().take(c.players) {
            let texts = if refills == 0 { c.others.get(*key).cloned().unwrap_or_default() } else { Vec::new() };
            let ls: Vec<OrderLine> = texts.iter().enumerate().map(|(n, t)| OrderLine { no: n + 1, text: t.clone() }).collect();
            let p = Stellium::parse_orders(&after, &key.to_string(), &ls);
            assert!(p.verdicts.iter().all(|v| v.is_accepted()), "{file}: refill lines {:?}", p.verdicts);
            let status = if ls.is_empty() { arbitre::game::OrderStatus::Onr } else { arbitre::game::OrderStatus::Or };
            let orders = Stellium::default_orders(&after, &key.to_string(), status, p.orders, &mut dice);
            ins.insert(key.to_string(), FamilyInput::new(status, orders, None));
        }
        after = Stellium::adjudicate(&after, &ins, &mut dice).state;
        refills += 1;
    }
    let e = &c.expect;
    if let Some(b) = &e.board {
        let want: BTreeMap<String, String> = b.iter().map(|(k, v)| (k.clone(), Colour::from_word(v).unwrap().letter().to_string())).collect();
        assert_eq!(board_of(&after), want, "{file} ({}): board", c.what);
    }
    if let Some(bag) = &e.bag {
        for (l, n) in bag {
            let col = Colour::from_word(l).unwrap();
            assert_eq!(after.bag[col.index()], *n, "{file}: bag {l}");
        }
    }
    if let Some(d) = &e.done {
        let got: Vec<(String, u32)> = after.seats[0].done.iter().map(|(x, v)| (format!("O{x}"), *v)).collect();
        assert_eq!(&got, d, "{file} ({}): objectives done; log {:#?}", c.what, after.log);
    }
    if let Some(h) = &e.hand {
        let got: Vec<String> = after.seats[0].hand.iter().map(|x| format!("O{x}")).collect();
        assert_eq!(&got, h, "{file}: hand");
    }
    if let Some(p) = &e.phase {
        let got = match after.phase {
            Phase::Registration => "registration",
            Phase::Play => "play",
            Phase::Refill(_) => "refill",
            Phase::Over => "over",
        };
        assert_eq!(got, p, "{file}: phase");
    }
    if let Some(en) = &e.ending {
        assert_eq!(format!("{:?}", after.ending), *en, "{file}: ending");
    }
    for place in &e.not_empty {
        let p = after.components.places.iter().position(|x| x.to_string() == *place).unwrap_or_else(|| panic!("{file}: place {place}"));
        assert!(after.marbles_on(p) > 0, "{file} ({}): galaxy {place} left empty; log {:#?}", c.what, &after.log[log_from..]);
    }
    if let Some(want) = &e.by_referee {
        let got: Vec<String> = after.log[log_from..]
            .iter()
            .map(|(_, x)| serde_json::to_value(x).unwrap())
            .filter(|v| v["by_referee"] == serde_json::json!(true))
            .map(|v| v["what"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(&got, want, "{file} ({}): the referee's moves; log {:#?}", c.what, &after.log[log_from..]);
    }
}

#[test]
fn rules_cases_from_data_files() {
    let mut files: Vec<_> = std::fs::read_dir("tests/data/stellium").unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
    files.sort();
    assert!(files.len() >= 20, "{} cases", files.len());
    // Every case runs; the failures are listed together.
    let mut failed = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let c: Case = toml::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        if std::panic::catch_unwind(|| run(&name, &c)).is_err() {
            failed.push(name);
        }
    }
    assert!(failed.is_empty(), "failed cases: {failed:#?}");
}

/// The acknowledgement of lines that are not a turn's: English words,
/// unknown words with a suggestion, a player who is not to move.
#[test]
fn orders_in_english_unknown_words_and_the_player_not_to_move() {
    let mut s = new_game(2, 1, "");
    let mut dice = Dice::for_turn(1, 0);
    s = Stellium::adjudicate(&s, &BTreeMap::new(), &mut dice).state;
    let mover = s.seats[s.mover].key.clone();
    let other = s.seats[1 - s.mover].key.clone();
    let free = (0..s.components.holes.len()).find(|h| !s.is_black_hole(*h) && !s.marbles.contains_key(h)).unwrap();
    let ls = stellium_common::lines(&["DRAW PINK".to_string().as_str(), &format!("PLACE {}", s.label(free)), "PIOCH VERTE", &format!("TAKE O{}", s.display[0])]);
    let p = Stellium::parse_orders(&s, &mover, &ls);
    let ok: Vec<bool> = p.verdicts.iter().map(|v| v.is_accepted()).collect();
    assert_eq!(ok, [true, true, false, true], "{:?}", p.verdicts);
    match &p.verdicts[2].outcome {
        arbitre::game::LineOutcome::Rejected { suggestion, .. } => assert_eq!(suggestion.as_deref(), Some("PIOCHE")),
        o => panic!("{o:?}"),
    }
    let p = Stellium::parse_orders(&s, &other, &stellium_common::lines(&["PIOCHE ROSE"]));
    match &p.verdicts[0].outcome {
        arbitre::game::LineOutcome::Rejected { reason, .. } => {
            let reason = reason.render(arbitre::i18n::Lang::Fr);
            assert!(reason.contains("ce n'est pas votre tour"), "{reason}")
        }
        o => panic!("{o:?}"),
    }
}

/// orders.md §1 (issue 26): an accepted line is echoed with the reader's
/// keywords whichever language it was written in: an English player's
/// acknowledgement says DRAW PINK, a French player's PIOCHE ROSE.
#[test]
fn an_accepted_line_is_echoed_in_the_readers_keywords() {
    use arbitre::i18n::Lang;
    let mut s = new_game(2, 1, "");
    let mut dice = Dice::for_turn(1, 0);
    s = Stellium::adjudicate(&s, &BTreeMap::new(), &mut dice).state;
    let mover = s.seats[s.mover].key.clone();
    let free = (0..s.components.holes.len()).find(|h| !s.is_black_hole(*h) && !s.marbles.contains_key(h)).unwrap();
    let (hole, objective) = (s.label(free), s.display[0]);
    let french = ["PIOCHE ROSE".to_string(), format!("POSE {hole}"), format!("PREND O{objective}")];
    let english = ["DRAW PINK".to_string(), format!("PLACE {hole}"), format!("TAKE O{objective}")];
    for written in [&french, &english] {
        let ls: Vec<&str> = written.iter().map(String::as_str).collect();
        let p = Stellium::parse_orders(&s, &mover, &stellium_common::lines(&ls));
        let echo = |lang| -> Vec<String> {
            p.verdicts.iter().map(|v| v.outcome.echo(lang).unwrap_or_else(|| panic!("{v:?}")).split(" # ").next().unwrap_or_default().to_string()).collect()
        };
        assert_eq!(echo(Lang::Fr), french, "written {written:?}");
        assert_eq!(echo(Lang::En), english, "written {written:?}");
    }
}

/// Issue 26: a misspelt colour gets the nearest colour word of either
/// language (ROSE for a French writer, PINK for an English one); it got none.
#[test]
fn a_misspelt_colour_is_suggested_in_its_writers_language() {
    let mut s = new_game(2, 1, "");
    let mut dice = Dice::for_turn(1, 0);
    s = Stellium::adjudicate(&s, &BTreeMap::new(), &mut dice).state;
    let mover = s.seats[s.mover].key.clone();
    for (line, want) in [("PIOCHE ROZE", "ROSE"), ("DRAW PINC", "PINK"), ("PIOCHE JAUN", "JAUNE"), ("DRAW GREN", "GREEN"), ("JETON BLU", "BLUE")] {
        let p = Stellium::parse_orders(&s, &mover, &stellium_common::lines(&[line]));
        match &p.verdicts[0].outcome {
            arbitre::game::LineOutcome::Rejected { suggestion, .. } => assert_eq!(suggestion.as_deref(), Some(want), "{line}"),
            o => panic!("{line}: {o:?}"),
        }
    }
}
