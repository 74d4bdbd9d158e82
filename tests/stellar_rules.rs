//! Stellar's rules cases as data files (`tests/data/stellar/*.toml`): a
//! position (PRESTATE: hands, telescopes, notebooks, row, pile), the orders
//! of the step (ORDERS), and what must follow (POSTSTATE: placements, row,
//! verdicts, score). Each file names the booklet's heading it pins.
//!
//! Cards are written by name (`LUNE-4`, `NUAGE-6/0`, `SATELLITE-2`), with
//! `:n` to ask for the copy with n stars (`LUNE-4:2`) and ` cachee` for a
//! face-down telescope card. Every card not placed is in the pile; a case
//! that lists `pile` puts only those there (the rest in the discard), so that
//! a blind draw or a refill is known.

use std::collections::{BTreeMap, BTreeSet};

use arbitre::dice::Dice;
use arbitre::game::{Completeness, FamilyInput, LineOutcome, OrderLine, OrderStatus, Ruleset};
use arbitre::games::stellar::components::CardId;
use arbitre::games::stellar::model::{LogEntry, Phase, Placed};
use arbitre::games::stellar::{scoring, Stellar, StellarState};
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Side {
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    starting: Vec<String>,
    #[serde(default)]
    telescope: BTreeMap<String, String>,
    #[serde(default)]
    notebook: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Score {
    total: Option<u32>,
    stars_points: Option<u32>,
    majorities: Option<u32>,
    diversity: Option<u32>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SideExpect {
    telescope: Option<BTreeMap<String, String>>,
    notebook: Option<Vec<String>>,
    hand: Option<Vec<String>>,
    score: Option<Score>,
    /// Legal face-up slots of the named hand or row card.
    #[serde(default)]
    legal: BTreeMap<String, Vec<u8>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    refused: Vec<usize>,
    #[serde(default)]
    reasons: Vec<String>,
    #[serde(default)]
    echoes: Vec<String>,
    complete: Option<bool>,
    row: Option<Vec<String>>,
    discard: Option<usize>,
    next_mover: Option<String>,
    phase: Option<String>,
    default_move: Option<bool>,
    blind: Option<bool>,
    winners: Option<Vec<String>>,
    refresh_allowed: Option<bool>,
    #[serde(default)]
    youri: SideExpect,
    #[serde(default)]
    neil: SideExpect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    what: String,
    #[serde(default = "play")]
    phase: String,
    #[serde(default = "youri")]
    mover: String,
    #[serde(default)]
    refresh_allowed: bool,
    #[serde(default)]
    youri: Side,
    #[serde(default)]
    neil: Side,
    #[serde(default)]
    row: Vec<String>,
    pile: Option<Vec<String>>,
    #[serde(default)]
    orders: BTreeMap<String, Vec<String>>,
    /// Only check the position (scores, legal slots): no step is played.
    #[serde(default)]
    no_step: bool,
    #[serde(default)]
    expect: Expect,
}

fn play() -> String {
    "play".into()
}
fn youri() -> String {
    "youri".into()
}

const SEATS: [&str; 2] = ["youri", "neil"];

/// Takes the card named `spec` out of `free` (lowest id of that name).
fn take(s: &StellarState, free: &mut BTreeSet<CardId>, spec: &str, file: &str) -> (CardId, bool) {
    let (spec, face_up) = match spec.strip_suffix(" cachee") {
        Some(x) => (x, false),
        None => (spec, true),
    };
    let (name, stars) = match spec.split_once(':') {
        Some((n, st)) => (n, Some(st.parse::<u32>().unwrap())),
        None => (spec, None),
    };
    let id = free
        .iter()
        .copied()
        .find(|id| s.card(*id).name() == name && stars.is_none_or(|x| s.card(*id).stars == x))
        .unwrap_or_else(|| panic!("{file}: no free card {spec}"));
    free.remove(&id);
    (id, face_up)
}

fn build(c: &Case, file: &str) -> StellarState {
    let mut s = Stellar::new_game(&toml::Table::new(), 1).unwrap();
    Stellar::register(&mut s, &"YOURI".to_string(), "Youri").unwrap();
    Stellar::register(&mut s, &"NEIL".to_string(), "Neil").unwrap();
    let mut free: BTreeSet<CardId> = s.components.cards.keys().copied().collect();
    for (i, side) in [&c.youri, &c.neil].into_iter().enumerate() {
        for h in &side.hand {
            let (id, _) = take(&s, &mut free, h, file);
            s.seats[i].hand.insert(id);
        }
        for h in &side.starting {
            let (id, _) = take(&s, &mut free, h, file);
            s.seats[i].starting.insert(id);
        }
        for (slot, spec) in &side.telescope {
            let (card, face_up) = take(&s, &mut free, spec, file);
            s.seats[i].telescope.insert(slot.parse().unwrap(), Placed { card, face_up });
        }
        for n in &side.notebook {
            let (id, _) = take(&s, &mut free, n, file);
            s.seats[i].notebook.insert(id);
        }
    }
    for (p, spec) in c.row.iter().enumerate() {
        s.row[p] = (!spec.is_empty()).then(|| take(&s, &mut free, spec, file).0);
    }
    s.pile.clear();
    match &c.pile {
        Some(pile) => {
            for spec in pile {
                let (id, _) = take(&s, &mut free, spec, file);
                s.pile.insert(id);
            }
            s.discard = free.into_iter().collect();
        }
        None => s.pile = free,
    }
    s.phase = match c.phase.as_str() {
        "play" => Phase::Play,
        "start" => Phase::Start,
        "final" => Phase::Final,
        "over" => Phase::Over,
        p => panic!("{file}: phase {p}"),
    };
    // Moves so far: one per card each player placed after the start.
    let placed = s.seats[0].telescope.len().max(1) - 1 + s.seats[1].telescope.len().max(1) - 1;
    s.moves = placed as u32;
    let mover = SEATS.iter().position(|x| *x == c.mover).unwrap();
    s.first = (mover + placed) % 2;
    s.refresh_allowed = c.refresh_allowed;
    s.step = 2 + placed as u32;
    assert_eq!(s.all_cards().len(), 60, "{file}: cards");
    s
}

fn names(s: &StellarState, ids: impl IntoIterator<Item = CardId>) -> Vec<String> {
    let mut v: Vec<String> = ids.into_iter().map(|id| s.card(id).name()).collect();
    v.sort();
    v
}

fn check_side(s: &StellarState, seat: usize, e: &SideExpect, sheets: &[scoring::Sheet], errs: &mut Vec<String>) {
    let who = SEATS[seat];
    if let Some(t) = &e.telescope {
        for (slot, spec) in t {
            let slot: u8 = slot.parse().unwrap();
            let got = s.seats[seat].telescope.get(&slot).map(|p| format!("{}{}", s.card(p.card).name(), if p.face_up { "" } else { " cachee" }));
            if got.as_deref() != Some(spec.as_str()) && !(spec == "libre" && got.is_none()) {
                errs.push(format!("{who} slot {slot}: expected {spec}, got {got:?}"));
            }
        }
    }
    if let Some(n) = &e.notebook {
        let mut want = n.clone();
        want.sort();
        let got = names(s, s.seats[seat].notebook.iter().copied());
        if got != want {
            errs.push(format!("{who} notebook: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(h) = &e.hand {
        let mut want = h.clone();
        want.sort();
        let got = names(s, s.seats[seat].hand.iter().copied());
        if got != want {
            errs.push(format!("{who} hand: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(sc) = &e.score {
        let sh = &sheets[seat];
        let pairs = [("total", sc.total, sh.total), ("stars_points", sc.stars_points, sh.products.iter().sum()), ("majorities", sc.majorities, sh.majorities), ("diversity", sc.diversity, sh.diversity)];
        for (what, want, got) in pairs {
            if let Some(w) = want {
                if w != got {
                    errs.push(format!("{who} score {what}: expected {w}, got {got}"));
                }
            }
        }
    }
    for (card, want) in &e.legal {
        let id = s.seats[seat].hand.iter().chain(s.row.iter().flatten()).copied().find(|id| s.card(*id).name() == *card);
        match id {
            Some(id) => {
                let got = s.legal_face_up(seat, id);
                if &got != want {
                    errs.push(format!("{who} legal slots of {card}: expected {want:?}, got {got:?}"));
                }
            }
            None => errs.push(format!("{who}: no card {card} in hand or row")),
        }
    }
}

fn run(c: &Case, file: &str) -> Vec<String> {
    let s = build(c, file);
    let mut errs = Vec::new();
    let e = &c.expect;
    if c.no_step {
        let sheets = scoring::sheets(&s);
        check_side(&s, 0, &e.youri, &sheets, &mut errs);
        check_side(&s, 1, &e.neil, &sheets, &mut errs);
        return errs;
    }
    let mut inputs = BTreeMap::new();
    let mut dice = Dice::for_turn(1, s.step);
    for (i, seat) in SEATS.iter().enumerate() {
        let key = s.seats[i].key.clone();
        let lines: Vec<OrderLine> = c.orders.get(*seat).map(|l| l.iter().enumerate().map(|(n, t)| OrderLine { no: n + 1, text: t.clone() }).collect()).unwrap_or_default();
        let parsed = Stellar::parse_orders(&s, &key, &lines);
        if !lines.is_empty() {
            for v in &parsed.verdicts {
                let refused_expected = e.refused.contains(&v.line.no);
                if v.is_accepted() == refused_expected {
                    errs.push(format!("{seat} line {} « {} »: {:?}", v.line.no, v.line.text, v.outcome));
                }
            }
            // Reasons are messages: matched as the French acknowledgement reads them.
            let reasons: Vec<String> = parsed
                .verdicts
                .iter()
                .filter_map(|v| match &v.outcome {
                    LineOutcome::Rejected { reason, .. } => Some(reason.render(arbitre::i18n::Lang::Fr)),
                    LineOutcome::Accepted { .. } => None,
                })
                .collect();
            // Accepted lines: matched as the French acknowledgement echoes them.
            let echoes: Vec<String> = parsed.verdicts.iter().filter_map(|v| v.outcome.echo(arbitre::i18n::Lang::Fr)).collect();
            let all = format!("{}\n{}\n{}", serde_json::to_string(&parsed.verdicts).unwrap(), reasons.join("\n"), echoes.join("\n"));
            for r in &e.reasons {
                if !all.contains(r.as_str()) {
                    errs.push(format!("{seat}: no verdict says « {r} »: {all}"));
                }
            }
            for r in &e.echoes {
                if !all.contains(r.as_str()) {
                    errs.push(format!("{seat}: no echo says « {r} »: {all}"));
                }
            }
            if let Some(want) = e.complete {
                let got = Stellar::completeness(&s, &key, &parsed.orders) == Completeness::Complete;
                if got != want {
                    errs.push(format!("{seat}: complete = {got}, expected {want}"));
                }
            }
        }
        let status = if lines.is_empty() { OrderStatus::Onr } else { OrderStatus::Or };
        let orders = Stellar::default_orders(&s, &key, status, parsed.orders, &mut dice);
        inputs.insert(key, FamilyInput::new(status, orders, None));
    }
    let out = Stellar::adjudicate(&s, &inputs, &mut dice).state;
    assert_eq!(out.all_cards().len(), 60, "{file}: cards after the step");
    let sheets = out.result.as_ref().map(|r| r.sheets.clone()).unwrap_or_else(|| scoring::sheets(&out));
    check_side(&out, 0, &e.youri, &sheets, &mut errs);
    check_side(&out, 1, &e.neil, &sheets, &mut errs);
    if let Some(row) = &e.row {
        let got: Vec<String> = out.row.iter().map(|c| c.map_or(String::new(), |id| out.card(id).name())).collect();
        if &got != row {
            errs.push(format!("row: expected {row:?}, got {got:?}"));
        }
    }
    if let Some(d) = e.discard {
        if out.discard.len() != d {
            errs.push(format!("discard: expected {d}, got {}", out.discard.len()));
        }
    }
    if let Some(m) = &e.next_mover {
        let got = SEATS[out.mover()];
        if got != m {
            errs.push(format!("next mover: expected {m}, got {got}"));
        }
    }
    if let Some(p) = &e.phase {
        let got = format!("{:?}", out.phase).to_lowercase();
        if &got != p {
            errs.push(format!("phase: expected {p}, got {got}"));
        }
    }
    let last_move = out.log.iter().rev().find_map(|l| if let LogEntry::Move { default, coordinate, .. } = l { Some((*default, coordinate.1)) } else { None });
    if let Some(d) = e.default_move {
        if last_move.map(|m| m.0) != Some(d) {
            errs.push(format!("default move: expected {d}, got {last_move:?}"));
        }
    }
    if let Some(b) = e.blind {
        if last_move.map(|m| m.1) != Some(b) {
            errs.push(format!("blind draw: expected {b}, got {last_move:?}"));
        }
    }
    if let Some(r) = e.refresh_allowed {
        if out.refresh_allowed != r {
            errs.push(format!("refresh allowed: expected {r}, got {}", out.refresh_allowed));
        }
    }
    if let Some(w) = &e.winners {
        let got: Vec<String> = out.result.as_ref().map(|r| r.winners.iter().map(|i| SEATS[*i].to_string()).collect()).unwrap_or_default();
        if &got != w {
            errs.push(format!("winners: expected {w:?}, got {got:?}"));
        }
    }
    errs
}

#[test]
fn rules_cases_from_data_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stellar");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
    files.sort();
    assert!(files.len() >= 10, "{} cases", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let c: Case = toml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        for err in run(&c, &name) {
            failures.push(format!("{name} ({}: {}): {err}", c.rule, c.what));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
