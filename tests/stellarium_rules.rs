//! Stellarium rules cases (foundation and phases 0–10), as data files in
//! `tests/data/stellarium/cases/`, in the manner of the DATC cases: a
//! compact PRESTATE (families, characters, seats, ships), the ORDERS as the
//! text players send (read by the real parser), a seed, and the expected
//! POSTSTATE facts, events and dice rolls. One `#[test]` per file, named
//! after the rule it pins.
//!
//! Expected events match as JSON subsets; a string `"@Prénom/Famille"`
//! stands for that character's id. Dice expectations pin which rule was
//! rolled and with which chance (`"(2 in 6)"`), so that a case does not
//! depend on the luck of its seed unless it says so.

use std::collections::BTreeMap;
use std::path::PathBuf;

use arbitre::dice::Dice;
use arbitre::game::{FamilyInput, LineOutcome, OrderLine, OrderStatus};
use arbitre::games::stellarium::events::Event;
use arbitre::games::stellarium::model::*;
use arbitre::games::stellarium::orders::parse_orders;
use arbitre::games::stellarium::phases;
use arbitre::text::key;
use serde::Deserialize;
use serde_json::Value;

mod stellarium_world;

// ---------------------------------------------------------------- fixture

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    description: String,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "one_u32")]
    turn: u32,
    #[serde(default)]
    settings: Option<SettingsFx>,
    families: Vec<FamilyFx>,
    #[serde(default)]
    characters: Vec<CharFx>,
    /// Pyramid keyword (`ARMEE`) → the six seats, head first (`null` = vacant).
    #[serde(default)]
    pyramids: BTreeMap<String, Vec<Option<String>>>,
    #[serde(default)]
    judges: Vec<String>,
    /// Planet → governor.
    #[serde(default)]
    governors: BTreeMap<String, String>,
    #[serde(default)]
    ships: Vec<ShipFx>,
    /// Planet → controller (`rebels`, `pouarks`, `empire`).
    #[serde(default)]
    planets: BTreeMap<String, String>,
    /// Family → order lines as sent.
    #[serde(default)]
    orders: BTreeMap<String, Vec<String>>,
    /// Family → status override (`OR`, `OPR`, `ONR`); default: OR with
    /// orders, ONR without.
    #[serde(default)]
    statuses: BTreeMap<String, String>,
    /// Lines (family, 1-based number) the parser must reject.
    #[serde(default)]
    rejected: Vec<(String, usize)>,
    expect: Expect,
}

fn one() -> u64 {
    1
}
fn one_u32() -> u32 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFx {
    #[serde(default)]
    initial_marriages: Option<String>,
    #[serde(default)]
    pnj_after_onr: Option<u32>,
    #[serde(default)]
    merchants_on_stellarium_speculate: Option<bool>,
    #[serde(default)]
    treason_too_late_from_year: Option<u8>,
    #[serde(default)]
    prosthesis_allowed_without_archpope: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FamilyFx {
    name: String,
    #[serde(default = "ten")]
    money: i64,
    #[serde(default)]
    credit: u32,
    #[serde(default = "yes")]
    founded: bool,
    #[serde(default)]
    onr_streak: u32,
    #[serde(default)]
    pnj: bool,
    #[serde(default)]
    late_bonus_pp: u32,
    /// Statuses of earlier turns (turn → `OR`…).
    #[serde(default)]
    history: BTreeMap<u32, String>,
    /// Trading posts; default: every colony of the proclamation.
    #[serde(default)]
    posts: Option<Vec<String>>,
}

fn ten() -> i64 {
    10
}
fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharFx {
    name: String,
    family: String,
    sex: String,
    age: i32,
    #[serde(default)]
    training: Option<String>,
    #[serde(default)]
    pp: i64,
    /// `Prénom/Famille` of the spouse (set on both sides).
    #[serde(default)]
    spouse: Option<String>,
    #[serde(default)]
    widowed: bool,
    #[serde(default)]
    prostheses: u8,
    #[serde(default)]
    heretic: bool,
    #[serde(default = "yes")]
    baptised: bool,
    /// `ts` (or `ts:Famille`, the kidnapper's family), `rebels`, `pouarks`: held prisoner.
    #[serde(default)]
    captive: Option<String>,
    #[serde(default)]
    convict: bool,
    #[serde(default)]
    dead: bool,
    #[serde(default)]
    expeditions: u32,
    #[serde(default)]
    captained: u32,
    /// Bought for this turn already (to test a phase without its ACHAT).
    #[serde(default)]
    bought: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipFx {
    name: String,
    owner: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    events: Vec<Value>,
    #[serde(default)]
    absent: Vec<Value>,
    /// Event kind → exact count.
    #[serde(default)]
    counts: BTreeMap<String, usize>,
    #[serde(default)]
    rolls: Vec<RollFx>,
    /// Rules for which no die may be rolled.
    #[serde(default)]
    no_rolls: Vec<String>,
    #[serde(default)]
    characters: BTreeMap<String, CharExpect>,
    #[serde(default)]
    families: BTreeMap<String, FamExpect>,
    #[serde(default)]
    trials: Option<usize>,
    #[serde(default)]
    characters_total: Option<usize>,
    #[serde(default)]
    ships: BTreeMap<String, ShipExpect>,
    /// Pyramid keyword → seats (`null` = vacant).
    #[serde(default)]
    pyramids: BTreeMap<String, Vec<Option<String>>>,
    #[serde(default)]
    judges: Option<Vec<String>>,
    #[serde(default)]
    governors: BTreeMap<String, Option<String>>,
    #[serde(default)]
    incited_rebellions: Option<Vec<String>>,
    #[serde(default)]
    treason: Option<bool>,
    /// Named consistency checks (`births_follow_tables`).
    #[serde(default)]
    checks: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RollFx {
    rule: String,
    #[serde(default)]
    what: Option<String>,
    #[serde(default)]
    outcome: Option<String>,
    #[serde(default)]
    count: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharExpect {
    #[serde(default)]
    pp: Option<i64>,
    #[serde(default)]
    alive: Option<bool>,
    /// `STELLARIUM`, `BOURSE S1`, `FLOTTE 1`, `VAISSEAU <key>`, or a planet key.
    #[serde(default)]
    place: Option<String>,
    #[serde(default)]
    spouse: Option<String>,
    #[serde(default)]
    widowed: Option<bool>,
    #[serde(default)]
    heretic: Option<bool>,
    #[serde(default)]
    training: Option<String>,
    #[serde(default)]
    prostheses: Option<u8>,
    #[serde(default)]
    captive: Option<bool>,
    #[serde(default)]
    age: Option<i32>,
    #[serde(default)]
    sex: Option<String>,
    #[serde(default)]
    bought: Option<Vec<String>>,
    #[serde(default)]
    expeditions: Option<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FamExpect {
    #[serde(default)]
    money: Option<i64>,
    #[serde(default)]
    credit: Option<u32>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    onr_streak: Option<u32>,
    #[serde(default)]
    members: Option<usize>,
    #[serde(default)]
    posts: Option<Vec<String>>,
    #[serde(default)]
    exchange_banned: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipExpect {
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    destroyed: Option<bool>,
    #[serde(default)]
    lent_to: Option<String>,
}

fn status_of(s: &str) -> OrderStatus {
    match s {
        "OR" => OrderStatus::Or,
        "OPR" => OrderStatus::Opr,
        "ONR" => OrderStatus::Onr,
        "PNJ" => OrderStatus::Pnj,
        _ => panic!("unknown status {s}"),
    }
}

fn training_of(s: &str) -> Training {
    match key(s).as_str() {
        "PRETRE" | "PRIEST" => Training::Priest,
        "GUERRIER" | "WARRIOR" => Training::Warrior,
        "EXPLORATEUR" | "EXPLORER" => Training::Explorer,
        "MARCHAND" | "MERCHANT" => Training::Merchant,
        _ => panic!("unknown training {s}"),
    }
}

fn pyramid_of(s: &str) -> Pyramid {
    *Pyramid::ALL.iter().find(|p| p.keyword_fr() == key(s)).unwrap_or_else(|| panic!("unknown pyramid {s}"))
}

/// `Prénom/Famille` → id.
fn id_of(s: &State, name: &str) -> CharacterId {
    match s.resolve_name("", name) {
        Ok(c) => c.id,
        Err(e) => panic!("fixture names an unknown character {name}: {e:?}"),
    }
}

fn build(case: &Case) -> State {
    let mut settings = Settings::default();
    if let Some(fx) = &case.settings {
        if let Some(m) = &fx.initial_marriages {
            settings.initial_marriages = if m == "widowed" { InitialMarriages::Widowed } else { InitialMarriages::ByLot };
        }
        if let Some(n) = fx.pnj_after_onr {
            settings.pnj_after_onr = n;
        }
        if let Some(b) = fx.merchants_on_stellarium_speculate {
            settings.merchants_on_stellarium_speculate = b;
        }
        if let Some(y) = fx.treason_too_late_from_year {
            settings.treason_too_late_from_year = y;
        }
        if let Some(b) = fx.prosthesis_allowed_without_archpope {
            settings.prosthesis_allowed_without_archpope = b;
        }
    }
    let mut s = State::new(settings);
    for f in &case.families {
        s.register(&key(&f.name), &f.name).expect("register");
        let fam = s.family_mut(&key(&f.name)).expect("family");
        fam.money = f.money;
        fam.dark_tentacle_credit = f.credit;
        fam.founded = f.founded;
        fam.onr_streak = f.onr_streak;
        fam.late_bonus_pp = f.late_bonus_pp;
        for (t, st) in &f.history {
            fam.statuses.insert(*t, status_of(st));
        }
        if f.pnj {
            fam.statuses.insert(case.turn.saturating_sub(1), OrderStatus::Pnj);
        }
        if let Some(posts) = &f.posts {
            fam.trading_posts = posts.iter().map(|p| key(p)).collect();
        }
    }
    s.turn = case.turn;
    for (planet, who) in &case.planets {
        let p = s.planet_mut(planet).unwrap_or_else(|| panic!("unknown planet {planet}"));
        p.controller = match who.as_str() {
            "rebels" => Controller::Rebels { since_turn: 0, since_year: 1 },
            "pouarks" => Controller::Pouarks,
            _ => Controller::Empire,
        };
    }
    for c in &case.characters {
        let sex = if c.sex == "H" || c.sex == "M" { Sex::Male } else { Sex::Female };
        let mut ch = Character::new(&c.name, sex, s.first_year() - c.age, &key(&c.family));
        ch.training = c.training.as_deref().map(training_of);
        ch.pp = c.pp;
        ch.prostheses = c.prostheses;
        ch.heretic = c.heretic;
        ch.baptised = c.baptised;
        ch.expeditions = c.expeditions;
        ch.expeditions_as_captain = c.captained;
        if c.widowed {
            ch.marital = Marital::Widowed { late_spouse: None };
        }
        ch.captivity = c.captive.as_deref().map(|k| Captivity {
            captor: match k {
                "rebels" => Captor::Rebels,
                "pouarks" => Captor::Pouarks,
                // `ts` or `ts:Famille` (the sponsor's family, 2.2.4).
                _ => Captor::DarkTentacle { sponsor_family: k.split_once(':').map(|(_, f)| key(f)) },
            },
            planet: Some(key("Dorkir")),
            since_turn: 0,
        });
        if c.convict {
            ch.sentence = Some(Sentence { years_remaining: 20, planet: key(PENAL_COLONY), since_turn: 0 });
        }
        if c.dead {
            ch.death = Some(Death { turn: 0, year: EMPIRE_YEAR, cause: DeathCause::OldAge, place: None });
        }
        ch.purchases.turn = case.turn;
        for item in &c.bought {
            match key(item).as_str() {
                "CAPSULE" => ch.purchases.capsule = true,
                "GARDES" => ch.purchases.bodyguards = true,
                "MEDECIN" => ch.purchases.doctor = true,
                "ASSURANCE" => ch.purchases.insurance = true,
                other => panic!("unknown item {other}"),
            }
        }
        s.add_character(ch);
    }
    for c in &case.characters {
        if let Some(sp) = &c.spouse {
            let a = id_of(&s, &format!("{}/{}", c.name, c.family));
            let b = id_of(&s, sp);
            s.character_mut(a).expect("a").marital = Marital::Married { spouse: b, since_turn: 0 };
            s.character_mut(b).expect("b").marital = Marital::Married { spouse: a, since_turn: 0 };
        }
    }
    for (p, seats) in &case.pyramids {
        let p = pyramid_of(p);
        for (i, who) in seats.iter().enumerate() {
            let id = who.as_deref().map(|w| id_of(&s, w));
            s.pyramid_mut(p).seats[i] = id;
        }
    }
    for j in &case.judges {
        let id = id_of(&s, j);
        s.judges.push(id);
    }
    for (planet, who) in &case.governors {
        let id = id_of(&s, who);
        s.planet_mut(planet).expect("planet").governor = Some(id);
    }
    for sh in &case.ships {
        s.ships.insert(
            key(&sh.name),
            Ship { name: sh.name.clone(), owner: key(&sh.owner), lent: None, fate: ShipFate::InService, bought_turn: 0, price: 5, expeditions: 0 },
        );
    }
    s
}

// ---------------------------------------------------------------- matching

/// Replaces `"@Prénom/Famille"` by the id, recursively.
fn resolve_refs(s: &State, v: &Value) -> Value {
    match v {
        Value::String(t) if t.starts_with('@') => Value::from(id_of(s, &t[1..]).0),
        Value::Array(a) => Value::Array(a.iter().map(|x| resolve_refs(s, x)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), resolve_refs(s, x))).collect()),
        x => x.clone(),
    }
}

fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|x| subset(v, x))),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| subset(x, y)),
        (e, a) => e == a,
    }
}

fn place_label(p: &Option<Place>) -> String {
    match p {
        None => "-".into(),
        Some(Place::Stellarium) => "STELLARIUM".into(),
        Some(Place::Exchange { stake, amount }) => format!("BOURSE {}{amount}", stake.letter()),
        Some(Place::Colony(c)) => c.clone(),
        Some(Place::Fleet(f)) => format!("FLOTTE {}", f.number()),
        Some(Place::Ship(s)) => format!("VAISSEAU {s}"),
    }
}

fn event_kind(e: &Value) -> String {
    e.get("event").and_then(|k| k.as_str()).unwrap_or("").to_string()
}

// ---------------------------------------------------------------- running

struct Outcome {
    before: State,
    after: State,
    events: Vec<Event>,
    json: Vec<Value>,
    rolls: Vec<arbitre::dice::Roll>,
}

fn run_case(file: &str) -> Outcome {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "stellarium", "cases", &format!("{file}.json")].iter().collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let case: Case = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(!case.rule.is_empty() && !case.description.is_empty());
    let state = build(&case);

    let mut inputs = BTreeMap::new();
    for f in &case.families {
        let fk = key(&f.name);
        let lines: Vec<OrderLine> = case
            .orders
            .get(&f.name)
            .map(|ls| ls.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect())
            .unwrap_or_default();
        let parsed = parse_orders(&state, &fk, &lines);
        for v in &parsed.verdicts {
            let must_reject = case.rejected.iter().any(|(fam, no)| *fam == f.name && *no == v.line.no);
            match (&v.outcome, must_reject) {
                (LineOutcome::Rejected { reason, .. }, false) => {
                    panic!("{file}: {} line {} « {} » rejected: {}", f.name, v.line.no, v.line.text, reason.render(arbitre::i18n::Lang::Fr))
                }
                (LineOutcome::Accepted { .. }, true) => panic!("{file}: {} line {} should be rejected", f.name, v.line.no),
                _ => {}
            }
        }
        let status = match case.statuses.get(&f.name) {
            Some(s) => status_of(s),
            None if parsed.verdicts.iter().any(|v| v.is_accepted()) => OrderStatus::Or,
            None => OrderStatus::Onr,
        };
        inputs.insert(fk, FamilyInput::new(status, parsed.orders, None));
    }
    let mut dice = Dice::for_turn(case.seed, case.turn);
    // Phases 0–10 only: the cases pin their figures, which phases 11–30
    // (the exchange, the Assembly…) would change further.
    let out = phases::adjudicate_until_phase_10(&state, &inputs, &mut dice);
    let json: Vec<Value> = out.events.iter().map(|e| serde_json::to_value(e).expect("event json")).collect();
    let o = Outcome { before: state, after: out.state, events: out.events, json, rolls: dice.into_log() };
    check(file, &case, &o);
    o
}

fn check(file: &str, case: &Case, o: &Outcome) {
    let ex = &case.expect;
    let s = &o.after;
    let dump = || serde_json::to_string_pretty(&o.json).unwrap_or_default();
    for e in &ex.events {
        let e = resolve_refs(s, e);
        assert!(o.json.iter().any(|a| subset(&e, a)), "{file}: no event matches {e}\nevents: {}", dump());
    }
    for e in &ex.absent {
        let e = resolve_refs(s, e);
        assert!(!o.json.iter().any(|a| subset(&e, a)), "{file}: an event matches the absent {e}\nevents: {}", dump());
    }
    for (kind, n) in &ex.counts {
        let got = o.json.iter().filter(|e| event_kind(e) == *kind).count();
        assert_eq!(got, *n, "{file}: number of {kind} events\n{}", dump());
    }
    for r in &ex.rolls {
        let matching: Vec<_> = o
            .rolls
            .iter()
            .filter(|x| x.rule == r.rule)
            .filter(|x| r.what.as_ref().is_none_or(|w| x.what.contains(w.as_str())))
            .filter(|x| r.outcome.as_ref().is_none_or(|w| x.outcome.contains(w.as_str())))
            .collect();
        match r.count {
            Some(n) => assert_eq!(matching.len(), n, "{file}: rolls {r:?}\n{:#?}", o.rolls),
            None => assert!(!matching.is_empty(), "{file}: no roll {r:?}\n{:#?}", o.rolls),
        }
    }
    for rule in &ex.no_rolls {
        assert!(!o.rolls.iter().any(|x| x.rule == *rule), "{file}: a die was rolled for {rule}: {:#?}", o.rolls);
    }
    for (name, ce) in &ex.characters {
        let id = id_of(s, name);
        let c = s.character(id).expect("character");
        if let Some(pp) = ce.pp {
            assert_eq!(c.pp, pp, "{file}: PP of {name}");
        }
        if let Some(alive) = ce.alive {
            assert_eq!(c.is_alive(), alive, "{file}: {name} alive?\n{}", dump());
        }
        if let Some(p) = &ce.place {
            assert_eq!(place_label(&c.last_place), *p, "{file}: place of {name}\n{}", dump());
        }
        if let Some(sp) = &ce.spouse {
            assert_eq!(c.spouse(), Some(id_of(s, sp)), "{file}: spouse of {name}");
        }
        if let Some(w) = ce.widowed {
            assert_eq!(c.is_widowed(), w, "{file}: {name} widowed?");
        }
        if let Some(h) = ce.heretic {
            assert_eq!(c.heretic, h, "{file}: {name} heretic?");
        }
        if let Some(t) = &ce.training {
            assert_eq!(c.training, Some(training_of(t)), "{file}: training of {name}");
        }
        if let Some(n) = ce.prostheses {
            assert_eq!(c.prostheses, n, "{file}: prostheses of {name}");
        }
        if let Some(cap) = ce.captive {
            assert_eq!(c.captivity.is_some(), cap, "{file}: {name} captive?\n{}", dump());
        }
        if let Some(age) = ce.age {
            // Age at the start of the adjudicated turn.
            assert_eq!(c.age_in(o.before.first_year()), age, "{file}: age of {name}");
        }
        if let Some(sex) = &ce.sex {
            assert_eq!(c.sex.letter_fr(), sex, "{file}: sex of {name}");
        }
        if let Some(items) = &ce.bought {
            let b = c.bought(o.before.turn);
            let mut got = Vec::new();
            if b.capsule {
                got.push("CAPSULE");
            }
            if b.bodyguards {
                got.push("GARDES");
            }
            if b.doctor {
                got.push("MEDECIN");
            }
            if b.insurance {
                got.push("ASSURANCE");
            }
            assert_eq!(got, items.iter().map(|s| s.as_str()).collect::<Vec<_>>(), "{file}: purchases of {name}");
        }
        if let Some(n) = ce.expeditions {
            assert_eq!(c.expeditions, n, "{file}: expeditions of {name}");
        }
    }
    for (name, fe) in &ex.families {
        let f = s.family(&key(name)).expect("family");
        if let Some(m) = fe.money {
            assert_eq!(f.money, m, "{file}: money of {name}\n{}", dump());
        }
        if let Some(c) = fe.credit {
            assert_eq!(f.dark_tentacle_credit, c, "{file}: credit of {name}");
        }
        if let Some(st) = &fe.status {
            assert_eq!(f.status_in(o.before.turn), Some(status_of(st)), "{file}: status of {name}");
        }
        if let Some(n) = fe.onr_streak {
            assert_eq!(f.onr_streak, n, "{file}: ONR streak of {name}");
        }
        if let Some(n) = fe.members {
            assert_eq!(s.members(&f.key).count(), n, "{file}: members of {name}");
        }
        if let Some(posts) = &fe.posts {
            let want: Vec<String> = posts.iter().map(|p| key(p)).collect();
            assert_eq!(f.trading_posts.iter().cloned().collect::<Vec<_>>(), want, "{file}: posts of {name}");
        }
        if let Some(b) = fe.exchange_banned {
            assert_eq!(f.exchange_ban_turn == Some(o.before.turn), b, "{file}: {name} banned?");
        }
    }
    if let Some(n) = ex.trials {
        assert_eq!(s.trials.len(), n, "{file}: trials {:#?}", s.trials);
    }
    if let Some(n) = ex.characters_total {
        assert_eq!(s.characters.len(), n, "{file}: characters");
    }
    for (name, se) in &ex.ships {
        let sh = s.ship(name).expect("ship");
        if let Some(o) = &se.owner {
            assert_eq!(sh.owner, key(o), "{file}: owner of {name}");
        }
        if let Some(d) = se.destroyed {
            assert_eq!(!sh.in_service(), d, "{file}: {name} destroyed?");
        }
        if let Some(l) = &se.lent_to {
            assert_eq!(sh.lent.as_ref().map(|x| x.to.clone()), Some(key(l)), "{file}: {name} lent?");
        }
    }
    for (p, seats) in &ex.pyramids {
        let want: Vec<Option<CharacterId>> = seats.iter().map(|w| w.as_deref().map(|w| id_of(s, w))).collect();
        assert_eq!(s.pyramid(pyramid_of(p)).seats.to_vec(), want, "{file}: seats of {p}\n{}", dump());
    }
    if let Some(js) = &ex.judges {
        let want: Vec<CharacterId> = js.iter().map(|j| id_of(s, j)).collect();
        assert_eq!(s.judges, want, "{file}: judges");
    }
    for (planet, who) in &ex.governors {
        let want = who.as_deref().map(|w| id_of(s, w));
        assert_eq!(s.planet(planet).and_then(|p| p.governor), want, "{file}: governor of {planet}");
    }
    if let Some(rs) = &ex.incited_rebellions {
        let got: Vec<String> = s.cycle.incited_rebellions.iter().map(|(p, _)| p.clone()).collect();
        assert_eq!(got, rs.iter().map(|p| key(p)).collect::<Vec<_>>(), "{file}: incited rebellions");
    }
    if let Some(t) = ex.treason {
        assert_eq!(s.treason.is_some_and(|(turn, _)| turn == o.before.turn), t, "{file}: treason");
    }
    for c in &ex.checks {
        match c.as_str() {
            "births_follow_tables" => births_follow_tables(file, o),
            "accounting" => accounting(file, o),
            "contract_years_by_generosity" => contract_years_by_generosity(file, o),
            other => panic!("{file}: unknown check {other}"),
        }
    }
    // Every case: money and PP move only with their events.
    accounting(file, o);
}

/// 7.3: each couple's children follow tables A and B from the dice logged.
fn births_follow_tables(file: &str, o: &Outcome) {
    use arbitre::games::stellarium::phases::p07_births::{table_a, table_b};
    for e in &o.events {
        if let Event::Births { table_a: faces, table_b: b, limit, children, .. } = e {
            let sum: u32 = faces.iter().sum();
            let raw = match (table_a(sum), b) {
                (Some(n), None) => n,
                (None, Some(d)) => table_b(*d),
                (None, None) => 3,
                (Some(_), Some(_)) => panic!("{file}: table B rolled on {sum}"),
            };
            assert_eq!(*children, limit.map_or(raw, |l| raw.min(l)), "{file}: births {e:?}");
        }
    }
}

/// 2.8.6: contracts are served most generous first, in years that never go back.
fn contract_years_by_generosity(file: &str, o: &Outcome) {
    let mut last: Option<(u32, u8)> = None;
    for e in &o.events {
        if let Event::ContractExecuted { total, year, .. } = e {
            if let Some((t, y)) = last {
                assert!(*total <= t && *year >= y, "{file}: contract of {total} M$ in year {year} after {t} M$ in year {y}");
            }
            last = Some((*total, *year));
        }
    }
}

/// Money and PP change only through their events.
fn accounting(file: &str, o: &Outcome) {
    for (k, f) in &o.after.families {
        let before = o.before.family(k).map_or(STARTING_MONEY, |b| b.money);
        let moved: i64 =
            o.events.iter().filter_map(|e| if let Event::Money { family, delta, .. } = e { (family == k).then_some(*delta) } else { None }).sum();
        assert_eq!(f.money - before, moved, "{file}: money of {k} vs its events");
    }
    for (id, c) in &o.after.characters {
        let before = match o.before.character(*id) {
            Some(b) => b.pp,
            None => o
                .events
                .iter()
                .find_map(|e| match e {
                    Event::Born { child, pp, .. } if child == id => Some(*pp),
                    _ => None,
                })
                .unwrap_or_else(|| {
                    // Founders and bastards enter with their PP: the foundation events say so.
                    c.pp - o.events.iter().filter_map(|e| if let Event::Prestige { who, delta, .. } = e { (who == id).then_some(*delta) } else { None }).sum::<i64>()
                }),
        };
        let moved: i64 =
            o.events.iter().filter_map(|e| if let Event::Prestige { who, delta, .. } = e { (who == id).then_some(*delta) } else { None }).sum();
        assert_eq!(c.pp - before, moved, "{file}: PP of {} vs its events", o.after.full_name(*id));
    }
}

// ---------------------------------------------------------------- the cases

macro_rules! cases {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_case(stringify!($name));
            }
        )*
        const LISTED: &[&str] = &[$(stringify!($name)),*];
    };
}

cases! {
    r0_1_pnj_after_more_than_two_onr_ejected_from_pyramids,
    r0_1_two_onr_in_a_row_is_not_yet_pnj,
    r0_4_pnj_is_irreversible,
    r10_3_young_trained_as_ordered_or_by_lot,
    r13_2_master_merchant_bans_a_family_from_the_exchange,
    r1_3_2_five_prostheses_at_most,
    r1_3_3_no_archpope_no_heresy,
    r1_3_3_prosthesis_without_permit_makes_a_heretic,
    r1_3_3_setting_heresy_without_archpope,
    r1_3_4_archpope_permits_are_j_over_4,
    r1_3_prosthesis_with_archpope_permit_is_no_heresy,
    r1_4_1_doctor_revives_on_2_in_6,
    r1_families_in_debt_cannot_buy,
    r1_prisoners_of_rebels_cannot_buy,
    r1_purchases_cost_one_m_each_for_the_cycle,
    r27_4_turn0_governor_outside_the_pyramids_is_elected,
    r2_1_3_emperor_judges_and_bodyguards_halve_the_odds,
    r2_2_4_ransom_is_a_tenth_of_pp_half_to_the_kidnapper,
    r2_2_5_hostage_held_where_his_location_sends_him,
    r2_3_4_scandal_found_out_victim_regains_5_pp,
    r2_4_3_sabotage_of_an_unused_ship_is_found_out,
    r2_4_3_sabotaged_expedition_explodes,
    r2_5_2_bomb_at_the_exchange,
    r2_6_2_incited_rebellion_flags_the_colony,
    r2_7_treason_reaches_the_pouarks,
    r2_8_2_only_the_best_paid_contracts_are_executed,
    r2_8_3_identical_contracts_merge_and_sums_add,
    r2_8_5_credit_spent_then_earned,
    r2_9_2_kolombo_client_victim_raises_the_odds,
    r3_10_opr_family_refuses_marriages,
    r3_4_no_fourth_living_couple_between_two_families,
    r3_6_onr_archpope_authorises_automatically,
    r3_6_widow_remarries_with_archpope_permit,
    r3_6_widow_without_archpope_permit_cannot_remarry,
    r3_7_both_families_must_name_the_same_priest,
    r3_7_marriage_in_both_orders_priest_gains_2,
    r3_7_marriage_in_one_family_only_is_refused,
    r4_10_onr_invited_explorers_board_automatically,
    r4_2_loan_lets_the_borrower_sail,
    r4_2_ship_sale_agreed_by_both_families,
    r4_3_an_expedition_needs_a_priest,
    r4_6_guests_must_be_listed_and_located_on_the_ship,
    r4_7_captain_outside_the_pyramid_needs_a_permit,
    r4_7_grand_commanders_permit_lets_the_captain_leave,
    r4_7_onr_grand_commander_permit_is_automatic,
    r4_8_grand_commander_forbids_a_ship,
    r4_9_explorers_who_stay_lecture_1_pp_per_expedition_2_as_captain,
    r5_2_merchant_goes_to_a_trading_post,
    r5_3_2_stakes_count_against_money_at_the_start_of_the_turn,
    r5_3_4_closed_colony_sends_its_merchants_to_the_exchange,
    r5_3_4_removed_trading_post,
    r5_3_5_onr_merchants_go_to_the_exchange_s1,
    r5_3_5_onr_merchants_of_a_family_in_debt_stay_idle,
    r5_3_merchant_staying_on_stellarium_speculates_s1,
    r5_3_setting_merchants_on_stellarium_stay_idle,
    r6_3_commander_aboard_an_expedition_is_replaced,
    r6_3_designated_commander_joins_his_fleet,
    r6_4_commanders_by_rank_when_none_is_named,
    r6_5_onr_warriors_go_to_a_fleet_by_lot,
    r7_1_wives_over_41_have_no_children,
    r7_2_a_spouse_refusing_means_no_roll,
    r7_3_births_follow_tables_a_and_b,
    r7_5_newborn_prestige_is_a_quarter_of_the_parents,
    r7_6_bastard_recognised_when_the_family_can_no_longer_have_children,
    r7_7_no_bastard_while_a_single_man_remains,
    r8_2_survival_chances_by_age_less_prostheses,
    r9_1_baptism_by_the_named_priest,
    r9_2_default_name_and_least_prestigious_priest,
    r_d_late_family_founded_with_a_quarter_of_the_average,
    r_turn0_family_without_orders_is_founded_by_lot,
    r_turn0_foundation_pp_and_trainings,
    r_turn0_widowed_setting_marries_nobody,
}

#[test]
fn every_case_file_is_listed() {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "stellarium", "cases"].iter().collect();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("cases dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".json")).map(str::to_string))
        .collect();
    files.sort();
    for f in files {
        assert!(LISTED.contains(&f.as_str()), "case file {f}.json is not listed in cases! {{}}");
    }
}

// ---------------------------------------------------------------- properties

/// The invariants every adjudicated turn keeps (foundation and phases 0–10).
fn invariants(label: &str, before: &State, after: &State, events: &[Event]) {
    let o = Outcome {
        before: before.clone(),
        after: after.clone(),
        events: events.to_vec(),
        json: Vec::new(),
        rolls: Vec::new(),
    };
    // Money and PP move only with their events.
    accounting(label, &o);

    // No dead character acts; nobody dies twice.
    let mut dead: std::collections::BTreeSet<CharacterId> =
        before.characters.values().filter(|c| !c.is_alive()).map(|c| c.id).collect();
    let alive_now = |dead: &std::collections::BTreeSet<CharacterId>, id: &CharacterId, what: &str| {
        assert!(!dead.contains(id), "{label}: dead {} acts ({what})", after.full_name(*id));
    };
    for e in events {
        match e {
            Event::Died { who, .. } => {
                assert!(dead.insert(*who), "{label}: {} dies twice", after.full_name(*who));
            }
            Event::Purchased { who, .. } => alive_now(&dead, who, "purchase"),
            Event::Married { groom, bride, priest } => {
                for w in [groom, bride, priest] {
                    alive_now(&dead, w, "marriage");
                }
            }
            Event::ExpeditionDeparted { members, .. } => members.iter().for_each(|m| alive_now(&dead, m, "expedition")),
            Event::Baptised { who, priest, .. } => {
                alive_now(&dead, who, "baptism");
                if let Some(p) = priest {
                    alive_now(&dead, p, "baptism (priest)");
                }
            }
            Event::Trained { who, .. } => alive_now(&dead, who, "training"),
            Event::FleetCommander { who, .. } => alive_now(&dead, who, "fleet command"),
            Event::Born { father, mother, .. } => {
                alive_now(&dead, father, "birth (father)");
                alive_now(&dead, mother, "birth (mother)");
            }
            Event::SurvivalTest { who, .. } => alive_now(&dead, who, "survival test"),
            Event::Kidnapped { who, .. } => alive_now(&dead, who, "kidnapped"),
            _ => {}
        }
    }
    for c in after.characters.values() {
        assert_eq!(c.is_alive(), !dead.contains(&c.id), "{label}: {} death without its event", after.full_name(c.id));
    }

    // No character in two places.
    if after.turn > 1 {
        let mut seen: BTreeMap<CharacterId, String> = BTreeMap::new();
        for x in &after.cycle.expeditions {
            for m in &x.members {
                assert!(seen.insert(*m, x.ship.clone()).is_none(), "{label}: {} on two ships", after.full_name(*m));
            }
        }
        for (id, ship) in &seen {
            let c = after.character(*id).expect("member");
            let exploded = after.cycle.expeditions.iter().any(|x| x.ship == *ship && x.exploded.is_some());
            // (a later phase may take him prisoner: 12.3.5 capsules, 14.4…)
            if c.is_free() && !exploded {
                assert_eq!(c.last_place, Some(Place::Ship(ship.clone())), "{label}: {} aboard {ship}", after.full_name(*id));
            }
        }
        // 1.1.1, 12.3.5: a commander whose capsule saved him this turn spends
        // the rest of the cycle where it landed, not in his fleet.
        let capsule_landed: std::collections::BTreeSet<CharacterId> =
            events.iter().filter_map(|e| if let Event::CapsuleOutcome { who, .. } = e { Some(*who) } else { None }).collect();
        for (fleet, cmd) in [(FleetNo::First, after.army.commander_1), (FleetNo::Second, after.army.commander_2)] {
            if let Some(c) = cmd {
                assert!(!seen.contains_key(&c), "{label}: a fleet commander is aboard a ship");
                if capsule_landed.contains(&c) {
                    let place = after.character(c).and_then(|x| x.last_place.clone());
                    assert!(
                        matches!(place, Some(Place::Colony(_) | Place::Stellarium)) || !after.character(c).is_some_and(|x| x.is_free() && x.is_alive()),
                        "{label}: commander saved by a capsule is at {place:?}"
                    );
                } else if after.character(c).is_some_and(|x| x.is_free()) {
                    assert_eq!(after.character(c).and_then(|x| x.last_place.clone()), Some(Place::Fleet(fleet)), "{label}: commander's place");
                }
            }
        }
        assert!(after.army.commander_1.is_none() || after.army.commander_1 != after.army.commander_2, "{label}: one commander for both fleets");
        for c in after.living() {
            assert!(c.last_place.is_some(), "{label}: {} has no place for the cycle", after.full_name(c.id));
        }
    }
}

/// Runs `turns` turns of a random world; checks the invariants and that a
/// turn replayed with the same seed gives the same result.
fn random_game(families: usize, seed: u64, turns: u32) {
    use arbitre::game::Ruleset;
    use arbitre::games::stellarium::Stellarium;
    let mut s = State::new(Settings::default());
    for i in 0..families {
        let name = stellarium_world::family_name(i);
        Stellarium::register(&mut s, &key(&name), &name).expect("register");
    }
    for _ in 0..=turns {
        let inputs = stellarium_world::inputs_for(&s, seed, 0.15);
        let label = format!("seed {seed}, {families} families, turn {}", s.turn);
        let mut d1 = Dice::for_turn(seed, s.turn);
        let out = Stellarium::adjudicate(&s, &inputs, &mut d1);
        invariants(&label, &s, &out.state, &out.events);
        let mut d2 = Dice::for_turn(seed, s.turn);
        let again = Stellarium::adjudicate(&s, &inputs, &mut d2);
        assert_eq!(serde_json::to_value(&again.state).ok(), serde_json::to_value(&out.state).ok(), "{label}: not deterministic");
        assert_eq!(d1.log(), d2.log(), "{label}: dice differ");
        s = out.state;
        if s.turn == 1 {
            for f in s.families.values_mut() {
                f.money = 30;
                f.dark_tentacle_credit = 2;
            }
        }
    }
}

proptest::proptest! {
    // 96 random worlds (about 0.1 s each): a fault that shows on 1 seed in
    // 130, like the commander saved by his capsule, is caught by half the CI
    // runs, and the seed is then kept in stellarium_rules.proptest-regressions
    // for every later run. `PROPTEST_CASES=5000` for a deeper search.
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 96, .. proptest::prelude::ProptestConfig::default() })]
    /// 0–10: money and PP accounting, no dead character acts, nobody in two
    /// places, determinism — over random worlds and random orders.
    #[test]
    fn r0_10_invariants_over_random_turns(seed in proptest::prelude::any::<u64>(), families in 2usize..6) {
        random_game(families, seed, 3);
    }
}

/// 1.1.1, 12.3.5: the seed on which the property above once failed: the
/// 1st Fleet's commander, a battle's casualty with a survival capsule,
/// lands on Araknid and spends the cycle there, not in his fleet.
#[test]
fn r1_1_1_a_fleet_commander_saved_by_his_capsule_lands_on_a_colony() {
    random_game(2, 12758203018698311971, 3);
}

#[test]
fn r0_10_invariants_with_many_families() {
    random_game(12, 424242, 2);
}

// ---------------------------------------------------------------- statistics

/// 7.3, table A through the real phase 7: 100,000 couples who spend the
/// cycle apart (so table B never applies) have 0/1/2/3 children in
/// 3/36 = 8.3 %, 18/36 = 50 %, 12/36 = 33.3 %, 3/36 = 8.3 % of cases
/// (within 0.5 point), and exactly the counts this fixed seed gives.
#[test]
fn r7_3_table_a_distribution_over_100000_couples() {
    use arbitre::games::stellarium::phases::{p07_births, TurnCtx};
    const N: usize = 100_000;
    let mut s = State::new(Settings::default());
    s.register("A", "A").expect("A");
    s.register("B", "B").expect("B");
    s.turn = 2;
    let year = s.first_year();
    for i in 0..N {
        let mut h = Character::new(&format!("H{i}"), Sex::Male, year - 30, "A");
        h.training = Some(Training::Warrior);
        h.last_place = Some(Place::Fleet(FleetNo::First));
        let hid = s.add_character(h);
        let mut w = Character::new(&format!("F{i}"), Sex::Female, year - 25, "B");
        w.training = Some(Training::Merchant);
        w.last_place = Some(Place::Stellarium);
        let wid = s.add_character(w);
        s.character_mut(hid).expect("h").marital = Marital::Married { spouse: wid, since_turn: 1 };
        s.character_mut(wid).expect("w").marital = Marital::Married { spouse: hid, since_turn: 1 };
    }
    let inputs = BTreeMap::new();
    let mut ctx = TurnCtx::new(&s, &inputs);
    let mut dice = Dice::for_turn(2026, 2);
    p07_births::run(&mut ctx, &mut dice);
    let mut counts = [0usize; 4];
    let mut couples = 0;
    for e in &ctx.events {
        if let Event::Births { children, table_b, .. } = e {
            assert!(table_b.is_none(), "table B with the spouses apart");
            counts[*children as usize] += 1;
            couples += 1;
        }
    }
    assert_eq!(couples, N);
    let expected = [3.0 / 36.0, 18.0 / 36.0, 12.0 / 36.0, 3.0 / 36.0];
    for (k, (&got, &p)) in counts.iter().zip(&expected).enumerate() {
        let share = got as f64 / N as f64;
        assert!((share - p).abs() < 0.005, "{k} children: {:.4} instead of {:.4}", share, p);
    }
    let born = ctx.events.iter().filter(|e| matches!(e, Event::Born { .. })).count();
    assert_eq!(born, counts[1] + 2 * counts[2] + 3 * counts[3]);
    assert_eq!(counts, PINNED_TABLE_A, "exact counts under the fixed seed");
}

/// The counts of `r7_3_table_a_distribution_over_100000_couples` under its seed.
const PINNED_TABLE_A: [usize; 4] = [8391, 50125, 33132, 8352];
