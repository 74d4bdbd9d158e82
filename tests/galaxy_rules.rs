//! Galaxy's rules as data (`tests/data/galaxy/`): distances, colonisation
//! costs, and scenarios in the godip style — a hand-made situation, the
//! orders of each player, and what must follow.

use std::collections::BTreeMap;
use std::path::Path;

use arbitre::dice::Dice;
use arbitre::game::{FamilyInput, OrderLine, OrderStatus, Ruleset, LineOutcome};
use arbitre::games::galaxy::adjudicate::Event;
use arbitre::games::galaxy::model::{Fleet, GalaxyState, Kind, Known, Player, Pos, Settings, Ships, Star, StarDetails, Torus};
use arbitre::games::galaxy::{Galaxy, Orders};
use serde::Deserialize;

fn data_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/galaxy")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

// ------------------------------------------------------------ 4.2 distances

#[derive(Deserialize)]
struct DistanceCase {
    dx: i32,
    dy: i32,
    dist: f64,
    #[serde(default)]
    reachable_at_speed: Vec<u32>,
    #[serde(default)]
    unreachable_at_speed: Vec<u32>,
}

#[derive(Deserialize)]
struct Distances {
    case: Vec<DistanceCase>,
}

#[test]
fn r4_2_distances_are_real_distances_on_the_torus() {
    let d: Distances = toml::from_str(&read("distances.toml")).unwrap();
    let t = Torus { size: 30 };
    for start in [Pos { x: 5, y: 5 }, Pos { x: 28, y: 1 }, Pos { x: 0, y: 29 }] {
        for c in &d.case {
            let to = t.wrap(Pos { x: start.x + c.dx, y: start.y + c.dy });
            assert!((t.dist(start, to) - c.dist).abs() < 0.005, "{}/{} from {start:?}: {}", c.dx, c.dy, t.dist(start, to));
            for &s in &c.reachable_at_speed {
                assert!(t.within(start, to, s as i64), "{}/{} at speed {s}", c.dx, c.dy);
            }
            for &s in &c.unreachable_at_speed {
                assert!(!t.within(start, to, s as i64), "{}/{} at speed {s}", c.dx, c.dy);
            }
        }
    }
}

// ------------------------------------------------------------ 4.1.4 costs

#[derive(Deserialize)]
struct CostCase {
    what: String,
    star_magnitude: i32,
    star_life: i32,
    base_magnitude: i32,
    player_life: i32,
    tech: i32,
    cost: u32,
}

#[derive(Deserialize)]
struct Costs {
    case: Vec<CostCase>,
}

#[test]
fn r4_1_4_colonisation_cost_examples() {
    let d: Costs = toml::from_str(&read("colonisation_cost.toml")).unwrap();
    for c in d.case {
        let mut s = empty_state(30);
        s.stars.push(star("TARGET", 3, 3, "NORMAL", None));
        s.stars[0].magnitude = c.star_magnitude;
        s.stars[0].life = c.star_life;
        let mut p = player("a", 0, Pos { x: 0, y: 0 });
        p.base_magnitude = c.base_magnitude;
        p.life = c.player_life;
        p.tech = c.tech;
        s.players.insert("a".into(), p);
        assert_eq!(s.colonisation_cost("a", 0), Some(c.cost), "{}", c.what);
    }
}

// ------------------------------------------------------------ scenarios

#[derive(Deserialize, Clone)]
struct SStar {
    name: String,
    at: [i32; 2],
    kind: String,
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    magnitude: Option<i32>,
    #[serde(default)]
    life: Option<i32>,
    #[serde(default)]
    tech: Option<i32>,
    #[serde(default)]
    docility: Option<i32>,
    #[serde(default)]
    resources: Option<u32>,
    #[serde(default)]
    colonised_turn: Option<u32>,
    #[serde(default)]
    exit: Option<String>,
}

#[derive(Deserialize, Clone)]
struct SFleet {
    no: u8,
    at: [i32; 2],
    #[serde(default)]
    p: u32,
    #[serde(default)]
    c: u32,
    #[serde(default)]
    n: u32,
    #[serde(default)]
    fast: bool,
    #[serde(default)]
    strong: bool,
    #[serde(default)]
    invisible: bool,
}

#[derive(Deserialize, Clone)]
struct SPlayer {
    key: String,
    base: String,
    #[serde(default)]
    tech: Option<i32>,
    #[serde(default)]
    life: Option<i32>,
    #[serde(default)]
    treasury: Option<u32>,
    #[serde(default)]
    fleets: Vec<SFleet>,
    /// Stars the player knows in detail (orbited earlier).
    #[serde(default)]
    knows: Vec<String>,
    #[serde(default)]
    code: bool,
}

#[derive(Deserialize, Clone)]
struct SOrders {
    player: String,
    /// Order of receipt among the scenario's players (0 = first). Six
    /// fillers are always received before, so that 4.i's draw by lot does
    /// not reorder the scenario's players.
    rank: u32,
    lines: Vec<String>,
}

#[derive(Deserialize, Clone, Default)]
struct EFleet {
    player: String,
    no: u8,
    #[serde(default)]
    at: Option<[i32; 2]>,
    #[serde(default)]
    ships: Option<[u32; 3]>,
    #[serde(default)]
    gone: bool,
    #[serde(default)]
    damaged: Option<bool>,
    #[serde(default)]
    fast: Option<bool>,
    #[serde(default)]
    strong: Option<bool>,
    #[serde(default)]
    invisible: Option<bool>,
}

#[derive(Deserialize, Clone, Default)]
struct EStar {
    name: String,
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    docility: Option<i32>,
    #[serde(default)]
    docility_below: Option<i32>,
}

#[derive(Deserialize, Clone, Default)]
struct EPlayer {
    key: String,
    #[serde(default)]
    treasury: Option<u32>,
    #[serde(default)]
    tech: Option<i32>,
    #[serde(default)]
    code_known: Option<bool>,
    #[serde(default)]
    knows_star: Vec<String>,
    #[serde(default)]
    ignores_star: Vec<String>,
}

#[derive(Deserialize, Clone, Default)]
struct ENote {
    player: String,
    contains: String,
}

#[derive(Deserialize, Clone, Default)]
struct ERejected {
    player: String,
    line: usize,
    #[serde(default)]
    reason_contains: Option<String>,
}

#[derive(Deserialize, Clone, Default)]
struct Expect {
    #[serde(default)]
    fleet: Vec<EFleet>,
    #[serde(default)]
    star: Vec<EStar>,
    #[serde(default)]
    player: Vec<EPlayer>,
    #[serde(default)]
    note: Vec<ENote>,
    #[serde(default)]
    rejected: Vec<ERejected>,
    /// 7: the first players of the final ranking, in order.
    #[serde(default)]
    ranking: Vec<String>,
}

#[derive(Deserialize, Clone)]
struct Scenario {
    rule: String,
    what: String,
    #[serde(default = "default_size")]
    size: i32,
    #[serde(default = "default_turn")]
    turn: u32,
    /// Number of seeds to play the scenario with (1 unless dice matter).
    #[serde(default = "one")]
    seeds: u64,
    /// Turns to play (the same orders each turn).
    #[serde(default = "one_u32")]
    turns: u32,
    stars: Vec<SStar>,
    players: Vec<SPlayer>,
    #[serde(default)]
    orders: Vec<SOrders>,
    /// Holds after every seed.
    #[serde(default)]
    expect: Expect,
    /// Holds after at least one of the seeds (each entry separately).
    #[serde(default)]
    expect_some_seed: Expect,
}

fn default_size() -> i32 {
    30
}
fn default_turn() -> u32 {
    5
}
fn one() -> u64 {
    1
}
fn one_u32() -> u32 {
    1
}

fn empty_state(size: i32) -> GalaxyState {
    let settings = Settings { turns: 20, players: 16, size, stars: 120, scaled: size != 30 };
    GalaxyState {
        settings,
        seed: 1,
        turn: 5,
        torus: Torus { size },
        stars: Vec::new(),
        players: BTreeMap::new(),
        throne_code: "K3YC0D3X".into(),
        ranking: None,
        index: Default::default(),
    }
}

fn star(name: &str, x: i32, y: i32, kind: &str, owner: Option<&str>) -> Star {
    Star {
        id: 0,
        name: name.into(),
        pos: Pos { x, y },
        magnitude: 4,
        life: 4,
        tech: 3,
        docility: 2,
        resources: 5,
        kind: Kind::from_name(kind).unwrap_or_else(|| panic!("kind {kind}")),
        owner: owner.map(String::from),
        colonised_turn: owner.map(|_| 0),
        exit: None,
        effect_pending: false,
    }
}

fn player(key: &str, base: usize, origin: Pos) -> Player {
    Player {
        name: key.to_uppercase(),
        base,
        origin,
        life: 4,
        base_magnitude: 4,
        tech: 6,
        treasury: 0,
        gifts_in: 0,
        fleets: BTreeMap::new(),
        known: BTreeMap::new(),
        throne_code: None,
        keys_read: Default::default(),
    }
}

fn build(sc: &Scenario) -> GalaxyState {
    let mut s = empty_state(sc.size);
    s.turn = sc.turn;
    for (i, st) in sc.stars.iter().enumerate() {
        let mut x = star(&st.name, st.at[0], st.at[1], &st.kind, st.owner.as_deref());
        x.id = i as u32 + 1;
        if let Some(v) = st.magnitude {
            x.magnitude = v;
        }
        if let Some(v) = st.life {
            x.life = v;
        }
        if let Some(v) = st.tech {
            x.tech = v;
        }
        if let Some(v) = st.docility {
            x.docility = v;
        }
        if let Some(v) = st.resources {
            x.resources = v;
        }
        if st.colonised_turn.is_some() {
            x.colonised_turn = st.colonised_turn;
        }
        s.stars.push(x);
    }
    for (i, st) in sc.stars.iter().enumerate() {
        if let Some(e) = &st.exit {
            s.stars[i].exit = s.stars.iter().position(|x| &x.name == e);
        }
    }
    let idx = |s: &GalaxyState, n: &str| s.stars.iter().position(|x| x.name == n).unwrap_or_else(|| panic!("star {n}"));
    for sp in &sc.players {
        let b = idx(&s, &sp.base);
        let mut p = player(&sp.key, b, s.stars[b].pos);
        p.life = sp.life.unwrap_or(s.stars[b].life);
        p.base_magnitude = s.stars[b].magnitude;
        p.tech = sp.tech.unwrap_or(6);
        p.treasury = sp.treasury.unwrap_or(0);
        for f in &sp.fleets {
            p.fleets.insert(
                f.no,
                Fleet {
                    ships: Ships { p: f.p, c: f.c, n: f.n },
                    pos: Pos { x: f.at[0], y: f.at[1] },
                    fast: f.fast,
                    strong: f.strong,
                    invisible: f.invisible,
                },
            );
        }
        for k in &sp.knows {
            let i = idx(&s, k);
            p.known.insert(
                i,
                Known { seen: 0, details: Some(StarDetails::of(&s.stars[i])), details_turn: 0, owner: None, owner_turn: 0, lost: None },
            );
        }
        if sp.code {
            p.throne_code = Some(s.throne_code.clone());
        }
        s.players.insert(sp.key.clone(), p);
    }
    // Owned stars: their owner's life form and technology (4.1.4 ii).
    for st in s.stars.iter_mut() {
        if let Some(o) = &st.owner {
            if let Some(p) = s.players.get(o) {
                st.tech = p.tech;
                if sc.stars.iter().find(|x| x.name == st.name).and_then(|x| x.life).is_none() {
                    st.life = p.life;
                }
            }
        }
    }
    for i in 0..6 {
        s.players.insert(format!("zz filler {i}"), player(&format!("zz filler {i}"), 0, Pos { x: 0, y: 0 }));
    }
    s
}

struct Played {
    state: GalaxyState,
    events: Vec<Event>,
    verdicts: BTreeMap<String, Vec<arbitre::game::LineVerdict>>,
}

fn play(sc: &Scenario, seed: u64) -> Played {
    let mut s = build(sc);
    let mut all_events = Vec::new();
    let mut verdicts = BTreeMap::new();
    for turn in 0..sc.turns {
        let mut inputs: BTreeMap<String, FamilyInput<Orders>> = BTreeMap::new();
        for i in 0..6u32 {
            inputs.insert(format!("zz filler {i}"), FamilyInput::new(OrderStatus::Onr, Orders::default(), Some(i)));
        }
        for o in &sc.orders {
            let lines: Vec<OrderLine> = o.lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
            let parsed = Galaxy::parse_orders(&s, &o.player, &lines);
            if turn == 0 {
                verdicts.insert(o.player.clone(), parsed.verdicts.clone());
            }
            inputs.insert(o.player.clone(), FamilyInput::new(OrderStatus::Or, parsed.orders, Some(6 + o.rank)));
        }
        let mut dice = Dice::for_turn(seed, s.turn);
        let out = Galaxy::adjudicate(&s, &inputs, &mut dice);
        s = out.state;
        all_events.extend(out.events);
    }
    Played { state: s, events: all_events, verdicts }
}

/// Checks one expectation; returns a description of what failed.
fn check(sc: &Scenario, initial: &GalaxyState, p: &Played, e: &Expect) -> Vec<String> {
    let mut bad = Vec::new();
    let s = &p.state;
    for f in &e.fleet {
        let fl = s.players.get(&f.player).and_then(|pl| pl.fleets.get(&f.no));
        let before = initial.players.get(&f.player).and_then(|pl| pl.fleets.get(&f.no));
        match fl {
            None if f.gone => {}
            None => bad.push(format!("{} F{} should exist", f.player, f.no)),
            Some(_) if f.gone => bad.push(format!("{} F{} should be gone", f.player, f.no)),
            Some(fl) => {
                if let Some(at) = f.at {
                    if fl.pos != (Pos { x: at[0], y: at[1] }) {
                        bad.push(format!("{} F{} at {:?}, expected {:?}", f.player, f.no, fl.pos, at));
                    }
                }
                if let Some([pp, c, n]) = f.ships {
                    if fl.ships != (Ships { p: pp, c, n }) {
                        bad.push(format!("{} F{} ships {:?}, expected {:?}", f.player, f.no, fl.ships, [pp, c, n]));
                    }
                }
                if let Some(d) = f.damaged {
                    let was = before.map(|b| b.ships);
                    if (was != Some(fl.ships)) != d {
                        bad.push(format!("{} F{} damaged should be {d}", f.player, f.no));
                    }
                }
                for (name, want, got) in [("fast", f.fast, fl.fast), ("strong", f.strong, fl.strong), ("invisible", f.invisible, fl.invisible)] {
                    if want.is_some_and(|w| w != got) {
                        bad.push(format!("{} F{} {name} = {got}", f.player, f.no));
                    }
                }
            }
        }
    }
    for st in &e.star {
        let Some(x) = s.stars.iter().find(|x| x.name == st.name) else {
            bad.push(format!("no star {}", st.name));
            continue;
        };
        if let Some(o) = &st.owner {
            let want = if o.is_empty() { None } else { Some(o.clone()) };
            if x.owner != want {
                bad.push(format!("{} owner {:?}, expected {:?}", st.name, x.owner, want));
            }
        }
        if let Some(k) = &st.kind {
            if x.kind.name() != k {
                bad.push(format!("{} kind {}, expected {k}", st.name, x.kind.name()));
            }
        }
        if let Some(d) = st.docility {
            if x.docility != d {
                bad.push(format!("{} DO {}, expected {d}", st.name, x.docility));
            }
        }
        if let Some(d) = st.docility_below {
            if x.docility >= d {
                bad.push(format!("{} DO {} not below {d}", st.name, x.docility));
            }
        }
    }
    for ep in &e.player {
        let Some(pl) = s.players.get(&ep.key) else {
            bad.push(format!("no player {}", ep.key));
            continue;
        };
        if ep.treasury.is_some_and(|t| t != pl.treasury) {
            bad.push(format!("{} treasury {}, expected {:?}", ep.key, pl.treasury, ep.treasury));
        }
        if ep.tech.is_some_and(|t| t != pl.tech) {
            bad.push(format!("{} tech {}, expected {:?}", ep.key, pl.tech, ep.tech));
        }
        if ep.code_known.is_some_and(|c| c != pl.throne_code.is_some()) {
            bad.push(format!("{} code known {}", ep.key, pl.throne_code.is_some()));
        }
        for n in &ep.knows_star {
            let i = s.stars.iter().position(|x| &x.name == n);
            if i.is_none_or(|i| pl.known.get(&i).is_none_or(|k| k.details.is_none())) {
                bad.push(format!("{} should know {n}", ep.key));
            }
        }
        for n in &ep.ignores_star {
            let i = s.stars.iter().position(|x| &x.name == n);
            if i.is_some_and(|i| pl.known.get(&i).is_some_and(|k| k.details.is_some())) {
                bad.push(format!("{} should not know {n} in detail", ep.key));
            }
        }
    }
    for n in &e.note {
        let found = p.events.iter().any(|ev| matches!(ev, Event::Note { player, fr, .. } if player == &n.player && fr.contains(&n.contains)));
        if !found {
            bad.push(format!("no note for {} containing «{}»", n.player, n.contains));
        }
    }
    for r in &e.rejected {
        let v = p.verdicts.get(&r.player).and_then(|v| v.iter().find(|v| v.line.no == r.line));
        match v.map(|v| &v.outcome) {
            Some(LineOutcome::Rejected { reason, .. }) => {
                let reason = reason.render(arbitre::i18n::Lang::Fr);
                if let Some(c) = &r.reason_contains {
                    if !reason.contains(c.as_str()) {
                        bad.push(format!("{} line {}: reason «{reason}» lacks «{c}»", r.player, r.line));
                    }
                }
            }
            other => bad.push(format!("{} line {} should be rejected, got {other:?}", r.player, r.line)),
        }
    }
    if !e.ranking.is_empty() {
        let got: Vec<String> = s.ranking.iter().flatten().take(e.ranking.len()).map(|r| r.player.clone()).collect();
        if got != e.ranking {
            bad.push(format!("ranking starts {got:?}, expected {:?}", e.ranking));
        }
    }
    let _ = sc;
    bad
}

#[test]
fn scenarios_from_data_files() {
    let mut files: Vec<_> = std::fs::read_dir(data_dir().join("scenarios")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 20, "expected the scenario files, found {}", files.len());
    let mut failures = Vec::new();
    for f in &files {
        failures.extend(run_scenario(f));
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

/// Plays one scenario file; returns what failed.
fn run_scenario(f: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    {
        let text = std::fs::read_to_string(f).unwrap();
        let sc: Scenario = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let initial = build(&sc);
        let mut some_ok: Vec<bool> = Vec::new();
        let some = &sc.expect_some_seed;
        let some_len = some.fleet.len() + some.star.len() + some.player.len() + some.note.len();
        some_ok.resize(some_len, false);
        for seed in 0..sc.seeds {
            let p = play(&sc, seed);
            for b in check(&sc, &initial, &p, &sc.expect) {
                failures.push(format!("{} [{}] {} (seed {seed}): {b}", f.file_name().unwrap().to_string_lossy(), sc.rule, sc.what));
            }
            // Every accepted line must be accepted unless listed as rejected.
            for (who, vs) in &p.verdicts {
                for v in vs {
                    let expected_rejected = sc.expect.rejected.iter().any(|r| &r.player == who && r.line == v.line.no);
                    if !v.is_accepted() && !expected_rejected {
                        failures.push(format!("{}: {who} line {} unexpectedly rejected: {:?}", f.display(), v.line.no, v.outcome));
                    }
                }
            }
            let mut k = 0;
            for fl in &some.fleet {
                if check(&sc, &initial, &p, &Expect { fleet: vec![fl.clone()], ..Default::default() }).is_empty() {
                    some_ok[k] = true;
                }
                k += 1;
            }
            for st in &some.star {
                if check(&sc, &initial, &p, &Expect { star: vec![st.clone()], ..Default::default() }).is_empty() {
                    some_ok[k] = true;
                }
                k += 1;
            }
            for pl in &some.player {
                if check(&sc, &initial, &p, &Expect { player: vec![pl.clone()], ..Default::default() }).is_empty() {
                    some_ok[k] = true;
                }
                k += 1;
            }
            for n in &some.note {
                if check(&sc, &initial, &p, &Expect { note: vec![n.clone()], ..Default::default() }).is_empty() {
                    some_ok[k] = true;
                }
                k += 1;
            }
        }
        for (i, ok) in some_ok.iter().enumerate() {
            if !ok {
                failures.push(format!("{}: expectation #{i} of expect_some_seed never met over {} seeds", f.display(), sc.seeds));
            }
        }
    }
    failures
}

/// Runs the scenario `tests/data/galaxy/scenarios/<name>.toml` alone.
fn scenario(name: &str) {
    let failures = run_scenario(&data_dir().join("scenarios").join(format!("{name}.toml")));
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

// ------------------------------------------------------------ issue 12: the rules as written

#[test]
fn r4_1_7_second_alliance_of_a_turn_is_refused() {
    scenario("51_one_alliance_a_turn");
}

#[test]
fn r4_1_6_second_gift_of_a_turn_is_refused() {
    scenario("52_one_gift_a_turn");
}

#[test]
fn r4_1_1_only_fleets_there_at_the_start_of_the_turn_merge() {
    scenario("53_merge_only_fleets_there_at_start");
}

#[test]
fn r4_2_ii_attack_lines_written_before_the_move_are_refused_past_one() {
    scenario("54_attack_lines_before_the_move");
}

#[test]
fn r4_2_iii_a_move_to_its_own_square_keeps_two_attacks() {
    scenario("55_move_to_own_square_two_attacks");
}

#[test]
fn r4_2_the_attacker_is_told_the_ships_destroyed_not_the_roll() {
    scenario("56_ships_destroyed_not_the_roll");
}

#[test]
fn r4_2_iii_v_a_failed_pursuit_reads_the_same_empty_or_out_of_reach() {
    scenario("57_pursuit_out_of_reach_reads_as_empty");
}

#[test]
fn r7_tie_break_counts_stars_colonised_not_the_home_star() {
    scenario("58_tie_break_colonised_stars");
}
