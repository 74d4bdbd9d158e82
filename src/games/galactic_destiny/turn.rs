//! The step machine (design note §2.2): one daemon turn is one step.
//! Registration closes with "Installation." and turn 1's galactic phase;
//! then every game turn is:
//!
//! 1. S1 (filings) and S2 (votes), every party awaited;
//! 2. the intrigue: the invasion windows I (one party each, in initiative
//!    order, worst first; one sealed step with `declarations =
//!    "simultanees"`), B where every party answers before the battles (a
//!    Feint there opens the F windows of the Feint players, then B′,
//!    [`intrigue::feint`]), the campaign windows C, K where every party answers before the
//!    campaigns are resolved ([`open_intrigue`], [`next_intrigue`]); a
//!    party no longer played has no window;
//! 3. P (purchases), whose resolver plays the end of the turn and, unless
//!    the game is over, the next galactic phase.
//!
//! The orders allowed in any step ([`common::apply`]: bank, trades,
//! promises, broken laws, shadow) come first: S1's and S2's resolvers play
//! them, the machine plays them before P's purchases. Orders reach here completed by
//! `default_orders` (§2.7): a party whose orders the referee played gets an
//! [`Event::Default`] saying so, read by it alone.

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey};

use super::components::PartyId;
use super::events::{DefaultKind, Event};
use super::model::{Declarations, Ending, GdState, Phase};
use super::orders::Orders;
use super::{common, galactic, intrigue, purchases, senate, setup};

/// What the referee plays for a party that sent nothing in the step now
/// open (§2.7): S1 nothing filed, S2 abstains, P passes.
pub fn default_kind(phase: Phase) -> Option<DefaultKind> {
    match phase {
        Phase::Filing => Some(DefaultKind::NothingFiled),
        Phase::Voting => Some(DefaultKind::Abstained),
        Phase::Invasions { .. } | Phase::Campaigns { .. } | Phase::Feints { .. } => Some(DefaultKind::NoDeclaration),
        Phase::Battles | Phase::BattlesAgain | Phase::Canvass => Some(DefaultKind::NoAnswer),
        Phase::Purchases => Some(DefaultKind::Passed),
        Phase::Registration | Phase::Over => None,
    }
}

/// The first window at or after place `k` of the initiative whose party is
/// still played; past the last, the step where every party answers (B after
/// the invasions, K after the campaigns).
fn window_from(s: &GdState, k: usize, campaigns: bool) -> Phase {
    let live = |p: PartyId| s.seats.iter().any(|x| x.party == Some(p) && !x.resigned);
    match (s.initiative.iter().enumerate().skip(k).find(|(_, p)| live(**p)), campaigns) {
        (Some((i, _)), false) => Phase::Invasions { window: Some(i as u8) },
        (Some((i, _)), true) => Phase::Campaigns { window: Some(i as u8) },
        (None, false) => Phase::Battles,
        (None, true) => Phase::Canvass,
    }
}

/// The first declaration step of the invasions (`campaigns` false) or the
/// campaigns.
fn first_declarations(s: &GdState, campaigns: bool) -> Phase {
    match (s.settings.declarations, campaigns) {
        (Declarations::Sealed, false) => Phase::Invasions { window: None },
        (Declarations::Sealed, true) => Phase::Campaigns { window: None },
        (Declarations::Windows, c) => window_from(s, 0, c),
    }
}

/// Opens the intrigue when S2 closes (its initiative rolled): the Republic
/// fleet's voted orders are declared first ("niveau 1"), then the first
/// invasion step.
pub fn open_intrigue(s: &mut GdState, dice: &mut Dice, events: &mut Vec<Event>) {
    intrigue::invasions::open(s, dice, events);
    s.phase = first_declarations(s, false);
}

/// The step after the open one, if the game goes on and no party resigns
/// meanwhile (the next game turn starts at S1 whatever its initiative).
pub fn next_phase(s: &GdState) -> Phase {
    match s.phase {
        Phase::Registration | Phase::Purchases => Phase::Filing,
        Phase::Filing => Phase::Voting,
        Phase::Voting => first_declarations(s, false),
        Phase::Over => Phase::Over,
        _ => next_intrigue(s),
    }
}

/// How many steps after the open one `party` is next awaited (1: the
/// next step), for the "not your move" reply; public state only.
pub fn steps_to_move(s: &GdState, party: PartyId) -> Option<u32> {
    let mut t = s.clone();
    for n in 1..=64 {
        t.phase = next_phase(&t);
        if t.phase == Phase::Over {
            return None;
        }
        if t.awaited_parties().contains(&party) {
            return Some(n);
        }
    }
    None
}

/// The step after an intrigue step that just closed.
pub fn next_intrigue(s: &GdState) -> Phase {
    match s.phase {
        Phase::Invasions { window: Some(k) } => window_from(s, usize::from(k) + 1, false),
        Phase::Invasions { window: None } => Phase::Battles,
        // A Feint in B opens the F windows, then B′ (one round a turn).
        Phase::Battles if intrigue::feint::opened(s) => intrigue::feint::first_window(s),
        Phase::Feints { window: Some(k) } => intrigue::feint::window_from(s, usize::from(k) + 1),
        Phase::Feints { window: None } => Phase::BattlesAgain,
        Phase::Battles | Phase::BattlesAgain => first_declarations(s, true),
        Phase::Campaigns { window: Some(k) } => window_from(s, usize::from(k) + 1, true),
        Phase::Campaigns { window: None } => Phase::Canvass,
        Phase::Canvass => Phase::Purchases,
        other => other,
    }
}

/// Each party's orders for the closing step: the input of the seat that
/// plays it, the empty orders (played by default) for a seat that resigned
/// or sent nothing. Parties without a seat (never in part I: every party in
/// play has one) pass.
fn orders_by_party(s: &GdState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>) -> BTreeMap<PartyId, Orders> {
    s.parties()
        .map(|p| {
            let seat = s.seats.iter().find(|x| x.party == Some(p));
            let o = match seat {
                Some(x) if !x.resigned => inputs.get(&x.key).map(|f| f.orders.clone()).unwrap_or_default(),
                _ => Orders::default(),
            };
            (p, o)
        })
        .collect()
}

/// The booklet heading an intrigue step's dice are logged under, and the
/// step's name in the log.
fn intrigue_step(phase: Phase) -> (&'static str, &'static str) {
    match phase {
        Phase::Invasions { .. } => ("Invasions.", "invasions (I)"),
        Phase::Battles => ("Résolution d'invasions.", "avant la bataille (B)"),
        Phase::Feints { .. } => ("La carte \"Feint\".", "redéclarations (F)"),
        Phase::BattlesAgain => ("Résolution d'invasions.", "avant la bataille (B′)"),
        Phase::Campaigns { .. } => ("Campagnes.", "campagnes (C)"),
        _ => ("Résolution des campagnes.", "avant les urnes (K)"),
    }
}

/// An intrigue step's own business, after the any-step orders: the
/// declarations of a window (I, F, C), the battles (B, B′; a Feint in B
/// opens the F windows instead), the campaigns (K).
fn play_intrigue(s: &mut GdState, orders: &BTreeMap<PartyId, Orders>, dice: &mut Dice, events: &mut Vec<Event>) {
    match s.phase {
        Phase::Invasions { .. } | Phase::Feints { .. } => intrigue::invasions::declare(s, orders, dice, events),
        Phase::Battles => {
            if !intrigue::feint::play(s, orders, events) {
                intrigue::invasions::fight(s, orders, dice, events);
            } else {
                super::cards::contest_returned(s, orders, true, &[], events);
            }
        }
        Phase::BattlesAgain => {
            let answers = intrigue::feint::answers(s, orders);
            intrigue::invasions::fight(s, &answers, dice, events);
        }
        Phase::Campaigns { .. } => intrigue::campaigns::declare(s, orders, dice, events),
        _ => intrigue::campaigns::resolve(s, orders, dice, events),
    }
}

/// Plays the step now open in `prev`. A party played with no line (silent,
/// ONR, PNJ without the robot) gets [`Event::Default`] in words.
pub fn adjudicate(prev: &GdState, inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) -> (GdState, Vec<Event>) {
    let mut s = prev.clone();
    let mut events = Vec::new();
    let playing = s.phase.is_playing();
    if playing {
        // `ABANDON`: the party stays on the board and passes from now on.
        for i in 0..s.seats.len() {
            let key = s.seats[i].key.clone();
            if !s.seats[i].resigned && inputs.get(&key).is_some_and(|f| f.resigned) {
                s.seats[i].resigned = true;
                if let Some(party) = s.seats[i].party {
                    events.push(Event::Resigned { party });
                }
            }
        }
    }
    // The game master's rulings on the items of earlier steps first (§5).
    super::mj::apply(&mut s, super::mj::orders_of(inputs), &mut events);
    // A window plays its party's orders only (the daemon tells the others
    // it is not their move).
    let mut orders = orders_by_party(&s, inputs);
    let awaited = s.awaited_parties();
    if s.phase.window().is_some() || matches!(s.phase, Phase::Feints { .. }) {
        orders.retain(|p, _| awaited.contains(p));
    }
    if let Some(kind) = default_kind(s.phase) {
        for (party, o) in &orders {
            if awaited.contains(party) && o.lines.is_empty() {
                events.push(Event::Default { party: *party, kind });
            }
        }
    }
    // Assassinations interrupt every other action (G43, G44): the step's
    // attempts resolve before its own business, which sees the dead.
    if playing {
        intrigue::fight_skills::record(&mut s, &orders);
        intrigue::attempts::resolve(&mut s, &orders, dice, &mut events);
        super::cards::resolve(&mut s, &orders, dice, &mut events);
    }
    match s.phase {
        Phase::Registration => {
            // Too few seats: `install` says so and changes nothing (the
            // step is held, `setup::can_start`).
            dice.mark("Installation.", "mise en place");
            setup::install(&mut s, dice, &mut events);
            if setup::can_start(&s).is_ok() {
                dice.mark("La phase galactique.", "tour de jeu 1");
                galactic::phase(&mut s, dice, &mut events);
            }
        }
        Phase::Filing => {
            dice.mark("La phase de sénat.", format!("tour de jeu {}, dépôts (S1)", s.game_turn));
            senate::filing::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Voting => {
            dice.mark("La phase de sénat.", format!("tour de jeu {}, votes (S2)", s.game_turn));
            senate::voting::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Invasions { .. } | Phase::Battles | Phase::Feints { .. } | Phase::BattlesAgain | Phase::Campaigns { .. } | Phase::Canvass => {
            let (heading, step) = intrigue_step(s.phase);
            dice.mark(heading, format!("tour de jeu {}, {step}", s.game_turn));
            common::apply(&mut s, &orders, dice, &mut events);
            play_intrigue(&mut s, &orders, dice, &mut events);
            s.phase = next_intrigue(&s);
        }
        Phase::Purchases => {
            dice.mark("Achat de flottes et sénateurs", format!("tour de jeu {}, achats (P)", s.game_turn));
            // S1's and S2's resolvers play the any-step orders themselves;
            // P's plays its purchases, the end of the turn and the next
            // galactic phase.
            common::apply(&mut s, &orders, dice, &mut events);
            purchases::resolve(&mut s, &orders, dice, &mut events);
        }
        Phase::Over => {}
    }
    if playing && s.phase != Phase::Over && s.seats.iter().all(|x| x.resigned) {
        s.ending = Some(Ending::Abandoned);
        s.phase = Phase::Over;
    }
    if s.phase == Phase::Over && prev.phase != Phase::Over && !events.iter().any(|e| matches!(e, Event::Ended { .. })) {
        if let Some(ending) = s.ending.clone() {
            events.push(Event::Ended { ending });
        }
    }
    super::view::odds::remember_looks(&mut s, prev, &events);
    s.step += 1;
    (s, events)
}
