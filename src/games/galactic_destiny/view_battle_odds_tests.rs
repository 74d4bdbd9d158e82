//! The odds of the pending battles (design note §7, item 8): the estimate
//! against an exact model of the simplest battles, its determinism, its
//! blindness to what the reader may not know, the private reports of each
//! side (text and HTML, French and English) and the acknowledgement of an
//! `INVASION`.

use serde_json::json;

use super::battle_odds::{acknowledged, estimate, simulate, Sim, SIMULATED};
use super::odds::{beats, dice_sum};
use super::*;
use crate::game::OrderLine;
use crate::games::galactic_destiny::components::board::Ability;
use crate::games::galactic_destiny::components::SectorNo;
use crate::games::galactic_destiny::intrigue::battle::{self, Admiral, Contingent, Force, Invasion, Stake};
use crate::games::galactic_destiny::cards::{StandingAnswer, Trigger};
use crate::games::galactic_destiny::intrigue::fight_skills::{Contest, Policy};
use crate::games::galactic_destiny::intrigue::invasions::Lineup;
use crate::games::galactic_destiny::orders::{self, Aim, Order, Orders};
use crate::games::galactic_destiny::setup;
use PartyId::{Bip, Gsp, Pop};

/// The largest gap allowed between the estimate and the exact chance, in
/// points: about 3 standard errors at [`SIMULATED`] battles.
const TOLERANCE: f64 = 2.5;

fn sector(owner: Option<PartyId>, defence: i32, extra_dice: u32, owner_adjacency: u32) -> battle::Sector<PartyId> {
    battle::Sector { number: 12, owner, infested: false, defence, extra_dice, owner_adjacency, halved: false, owner_reroll: Default::default(), owner_cards: Default::default() }
}

fn fleets(force: Force<PartyId>, n: u32, adjacency: u32, admiral: Option<(i32, u32)>) -> Contingent<PartyId, String> {
    Contingent {
        initiative: match force {
            Force::Republic => 0,
            Force::Party(_) => 1,
        },
        force,
        fleets: n,
        admiral: admiral.map(|(command, shadow)| Admiral { senator: "Amiral".into(), command, shadow, skills: Default::default(), defence_minister: false }),
        adjacency,
        losses_to: Vec::new(),
        reroll: Default::default(),
        cards: Default::default(),
    }
}

fn lineup(sector: battle::Sector<PartyId>, present: Vec<Contingent<PartyId, String>>, invader: Contingent<PartyId, String>) -> Lineup {
    let n = present.len();
    Lineup { sector, present, invasions: vec![Invasion { contingent: invader, stake: Stake::Claim(Pop), redeployed: false }], admirals: vec![None; n] }
}

#[test]
fn resolution_d_invasions_the_estimate_of_a_two_sided_battle_is_within_tolerance_of_the_exact_chance() {
    // Two sides, no skill, reroll or card: the attacker wins when its total
    // tops the defender's (the defender wins ties), each total a sum of
    // exploding dice and fixed figures, written here by hand from the
    // rules ("Résolution d'invasions.", "Bonus de batailles.").
    // (lineup, attacker's dice and fixed figure, defender's dice and fixed figure)
    let cases = [
        // A neutral sector of defence 2 alone; 3 fleets, admiral command 2, 1 adjacent sector.
        (lineup(sector(None, 2, 0, 0), vec![], fleets(Force::Party(Pop), 3, 1, Some((2, 0)))), (3, 3), (1, 2)),
        // BIP's sector, defence 1, 1 adjacent sector of BIP's, 2 BIP fleets there
        // (the owner's adjacency counted once); 2 fleets invade.
        (lineup(sector(Some(Bip), 1, 0, 1), vec![fleets(Force::Party(Bip), 2, 1, None)], fleets(Force::Party(Pop), 2, 0, None)), (2, 0), (3, 2)),
        // Defence 3 and Population militante's die; 4 fleets under an
        // admiral of command 1 with a shadow (a die more), 2 adjacent sectors.
        (lineup(sector(Some(Bip), 3, 1, 0), vec![], fleets(Force::Party(Pop), 4, 2, Some((1, 1)))), (5, 3), (2, 3)),
        // A Republic patrol of 2 fleets in a neutral sector of defence 0; 1
        // fleet under an admiral of command 3.
        (lineup(sector(None, 0, 0, 0), vec![fleets(Force::Republic, 2, 0, None)], fleets(Force::Party(Pop), 1, 0, Some((3, 0)))), (1, 3), (3, 0)),
    ];
    for (i, (l, (ad, am), (dd, dm))) in cases.into_iter().enumerate() {
        let exact = 100.0 * beats(&dice_sum(ad), am, &dice_sum(dd), dm);
        let defender = l.present.iter().find_map(|c| if let Force::Party(p) = c.force { Some(p) } else { None }).or(l.sector.owner);
        let e = simulate(lineup_copy(&l), Pop, Sim::seeded(1, 12), SIMULATED).expect("POP invades");
        let seen = 100.0 * f64::from(e.won) / f64::from(e.runs);
        assert!((seen - exact).abs() <= TOLERANCE, "case {i}: attacker estimated {seen:.1} %, exact {exact:.1} %");
        if let Some(d) = defender {
            let e = simulate(l, d, Sim::seeded(1, 12), SIMULATED).expect("the defender takes part");
            let seen = 100.0 * f64::from(e.won) / f64::from(e.runs);
            assert!((seen - (100.0 - exact)).abs() <= TOLERANCE, "case {i}: defender estimated {seen:.1} %, exact {:.1} %", 100.0 - exact);
        }
    }
}

fn lineup_copy(l: &Lineup) -> Lineup {
    Lineup { sector: l.sector.clone(), present: l.present.clone(), invasions: l.invasions.clone(), admirals: l.admirals.clone() }
}

#[test]
fn victimes_de_la_guerre_the_expected_losses_against_a_lone_sector_are_its_dies_hits() {
    // A sector alone rolls 1 exploding die: a hit on 5 or 6, and a 6's
    // bonus die hits on 5 or 6 too: 1/3 + 1/6 × 1/3 = 7/18 fleets lost.
    let l = lineup(sector(None, 2, 0, 0), vec![], fleets(Force::Party(Pop), 3, 0, None));
    let e = simulate(l, Pop, Sim::seeded(4, 12), SIMULATED).expect("POP invades");
    let mean = e.lost as f64 / f64::from(e.runs);
    assert!((mean - 7.0 / 18.0).abs() < 0.03, "mean losses {mean:.3}, exact {:.3}", 7.0 / 18.0);
    assert_eq!((e.losses_low, e.losses_high), (0, 1), "at most 2 hits, 2 only with a 6 and a 5 or 6");
}

/// A game in its invasions: POP invades BIP's home sector with 2 fleets
/// under its senator, claiming it; GSP takes no part. BIP owns sector 34
/// (its reroll, public, steered by its private `RELANCE` policy).
fn battle_game() -> (GdState, GdState, Vec<Event>, SectorNo) {
    let before = setup::test_state(&[Gsp, Bip, Pop], 3);
    let mut after = before.clone();
    let home = after.components.party(Bip).expect("BIP").start_sector;
    let pop_home = after.components.party(Pop).expect("POP").start_sector;
    let admiral = after.senators_of(Pop).next().expect("POP's senator").clone();
    after.phase = Phase::Invasions { window: Some(1) };
    let orders = BTreeMap::from([(Pop, Orders { lines: vec![Order::Invade { sector: home, from: vec![(pop_home, 2)], admiral: Some(admiral), aim: Aim::Claim, corruption: None }], defaulted: false })]);
    let mut events = Vec::new();
    crate::games::galactic_destiny::intrigue::invasions::declare(&mut after, &orders, &mut crate::dice::Dice::from_seed([1; 32]), &mut events);
    assert_eq!(after.intrigue.invasions.invasions.len(), 1, "{events:?}");
    let n34 = after.components.board.sector_of(Ability::AlimenterLePouvoir).expect("sector 34");
    after.fx.sectors.entry(n34).or_default().owner = Some(Bip);
    (before, after, events, home)
}

fn renderer() -> crate::render::Renderer {
    crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates")
}

/// The text and HTML reports of `family` in `lang`.
fn reports(lang: &str, before: &GdState, after: &GdState, events: &[Event], family: &str) -> (String, String) {
    let c = ViewContext { game_id: "g".into(), turn: 2, deadline: "lundi 9 h".into(), time_left: "2 jours".into(), lang: lang.into() };
    let view = family_view(&c, before, after, events, &family.to_string());
    let rc = json!({"ctx": c, "family": {"key": family, "name": family.to_uppercase(), "status": "OR", "onr_streak": 0, "lang": lang}, "view": view, "form": [], "map_cid": "map"});
    let r = renderer();
    let text = r.render(&format!("galactic-destiny/report.{lang}.txt.tera"), &rc).expect("text report");
    let html = r.render(&format!("galactic-destiny/report.{lang}.html.tera"), &rc).expect("HTML report");
    (text, super::html_tests::seen(&html))
}

#[test]
fn resolution_d_invasions_each_side_reads_its_battle_odds_in_its_private_report_and_nobody_else_does() {
    let (before, after, events, home) = battle_game();
    let pop = estimate(&after, home, Pop).expect("POP invades");
    let bip = estimate(&after, home, Bip).expect("BIP owns the sector, its fleets there");
    assert!(estimate(&after, home, Gsp).is_none(), "GSP takes no part");
    assert_eq!(pop.won + bip.won, SIMULATED, "two sides: one wins each battle");
    let words = [
        ("fr", "vos chances de bataille", "votre côté gagne"),
        ("en", "your battles' odds", "your side wins"),
    ];
    for (lang, head, wins) in words {
        for (family, e) in [("pop", Some(&pop)), ("bip", Some(&bip)), ("gsp", None)] {
            let (text, html) = reports(lang, &before, &after, &events, family);
            for (kind, doc) in [("text", &text), ("HTML", &html)] {
                let doc = doc.to_lowercase();
                match e {
                    Some(e) => {
                        assert!(doc.contains(head), "{lang} {kind} {family}: no battle odds\n{doc}");
                        let figure = if kind == "text" { format!("{wins} {} %", e.chance_percent()) } else { format!("{} %", e.chance_percent()) };
                        assert!(doc.contains(&figure), "{lang} {kind} {family}: {figure:?} missing");
                        let sims = if lang == "fr" { format!("{SIMULATED} batailles simulées") } else { format!("{SIMULATED} battles simulated") };
                        assert!(doc.contains(&sims), "{lang} {kind} {family}: the estimate's size not said");
                        let cards = if lang == "fr" { "non comptés : les cartes de bataille" } else { "not counted: battle cards" };
                        assert!(doc.contains(cards), "{lang} {kind} {family}: what is not counted not said");
                    }
                    None => assert!(!doc.contains(head), "{lang} {kind} {family}: a battle it takes no part in"),
                }
            }
        }
    }
}

#[test]
fn resolution_d_invasions_the_estimate_is_deterministic_and_blind_to_what_the_reader_may_not_know() {
    let (before, after, events, home) = battle_game();
    let first = reports("en", &before, &after, &events, "pop");
    assert_eq!(first, reports("en", &before, &after, &events, "pop"), "same state, same report");
    assert_eq!(estimate(&after, home, Pop), estimate(&after, home, Pop));
    // BIP's hidden things change: its RELANCE policy (it owns sector 34's
    // reroll), its hand, a standing Relance tactique answering its battle
    // roll; POP's report does not.
    let mut hidden = after.clone();
    hidden.intrigue.fight.policies.insert(Bip, Policy { contests: vec![Contest::Battle], threshold: Some(4) });
    let relance = hidden.components.actions.iter().find(|c| crate::games::galactic_destiny::cards::rerolls(c).is_some()).expect("a Relance tactique").name_fr.clone();
    let fx = &mut hidden.fx;
    let i = fx.action_deck.iter().position(|c| *c == relance).expect("a Relance tactique in the deck");
    std::mem::swap(&mut fx.parties.get_mut(&Bip).expect("BIP").hand[0], &mut fx.action_deck[i]);
    hidden.cards.answers.entry(Bip).or_default().push(StandingAnswer { card: relance, trigger: Trigger::Roll { threshold: None }, from: None, against_me: false, turn: hidden.game_turn });
    assert!(crate::games::galactic_destiny::cards::tactical(&hidden, Bip).is_some(), "BIP's answer stands");
    let (text, html) = reports("en", &before, &hidden, &events, "pop");
    assert_eq!(text, first.0, "POP's text report reads BIP's hidden policy");
    assert_eq!(html, first.1, "POP's HTML report reads BIP's hidden policy");
    // The reader's own policy is its to count: BIP's own estimate changes.
    assert_ne!(estimate(&hidden, home, Bip), estimate(&after, home, Bip), "BIP's own policy counts for BIP");
}

#[test]
fn invasions_an_invasion_acknowledgement_prints_its_battle_odds_in_both_languages() {
    let (_, mut s, _, _) = battle_game();
    // GSP invades BIP's home too, for neutrality, in a later window.
    let target = s.components.party(Bip).expect("BIP").start_sector;
    let gsp_home = s.components.party(Gsp).expect("GSP").start_sector;
    s.phase = Phase::Invasions { window: Some(2) };
    let line = Order::Invade { sector: target, from: vec![(gsp_home, 2)], admiral: None, aim: Aim::Neutral, corruption: Some(s.senators_of(Gsp).next().expect("GSP's senator").clone()) };
    let o = Orders { lines: vec![line.clone()], defaulted: false };
    let lines: Vec<OrderLine> = orders::lines(&s, &o).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
    let parsed = orders::parse(&s, &"gsp".to_string(), &lines);
    let e = acknowledged(&s, Gsp, &[line], target).expect("GSP's invasion there");
    assert_eq!(e.sides, 3, "BIP holds, POP claims, GSP makes it neutral: {e:?}");
    assert_eq!(e.fleets, 2);
    let fr = parsed.verdicts[0].outcome.echo(Lang::Fr).unwrap_or_default();
    assert!(fr.contains(&format!("votre côté gagne {} % de {SIMULATED} batailles simulées", e.chance_percent())), "{fr}");
    let en = parsed.verdicts[0].outcome.echo(Lang::En).unwrap_or_default();
    assert!(en.contains(&format!("your side wins {} % of {SIMULATED} simulated battles", e.chance_percent())), "{en}");
    assert!(en.contains("not the sealed lines of others in this window"), "{en}");
    // Without GSP's line, the battle has two sides: the line itself is counted.
    assert_eq!(estimate(&s, target, Pop).map(|x| x.sides), Some(2));
}
