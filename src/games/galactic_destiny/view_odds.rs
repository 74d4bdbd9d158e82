//! The parts of a party's private report that help it choose (design note
//! §7, item 8): its fresh senators (those that may still act this turn),
//! and the odds of its pending campaigns, computed from what the party may
//! know — the sector's public figures (defence, its owner's adjacent
//! sectors, halved against the rebel) and its own (the senator's
//! diplomacy, corruption, shadow, icons, adjacency, the influence it
//! wrote), and, where rivals campaign in the same sector, the chance with
//! them too, from their public figures. What others may still add in
//! secret (the owner's influence in K, contest cards, the influence rival
//! campaigns wrote) is not counted: the report says so. Nothing here reads
//! another party's hidden orders. The odds of its pending battles, which no
//! exact model covers, are estimated by simulation in
//! [`super::battle_odds`] (`view_battle_odds.rs`).

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::games::galactic_destiny::components::{PartyId, SectorNo};
use crate::games::galactic_destiny::intrigue::campaign::{Campaigner, Target};
use crate::games::galactic_destiny::intrigue::campaigns::campaigner;
use crate::games::galactic_destiny::intrigue::shadow_dice;
use crate::games::galactic_destiny::events::Event;
use crate::games::galactic_destiny::model::GdState;

/// The distribution of the sum of `n` dice of a contest ("Résolution des
/// campagnes.", "Six explosif"): each natural 6 adds one die that does not
/// explode. Values to their chance.
pub fn dice_sum(n: u32) -> BTreeMap<i64, f64> {
    // One die: 1..5, or 6 and a bonus die 1..6.
    let mut one: BTreeMap<i64, f64> = (1..=5).map(|v| (v, 1.0 / 6.0)).collect();
    for b in 1..=6 {
        one.insert(6 + b, 1.0 / 36.0);
    }
    let mut acc = BTreeMap::from([(0i64, 1.0f64)]);
    for _ in 0..n {
        let mut next = BTreeMap::new();
        for (a, pa) in &acc {
            for (b, pb) in &one {
                *next.entry(a + b).or_insert(0.0) += pa * pb;
            }
        }
        acc = next;
    }
    acc
}

/// The chance that `mine` + `my_mod` beats (strictly) `theirs` +
/// `their_mod`: the sector wins ties.
pub fn beats(mine: &BTreeMap<i64, f64>, my_mod: i64, theirs: &BTreeMap<i64, f64>, their_mod: i64) -> f64 {
    mine.iter().map(|(a, pa)| pa * theirs.iter().filter(|(b, _)| a + my_mod > *b + their_mod).map(|(_, pb)| pb).sum::<f64>()).sum()
}

/// The chance that `mine` + `my_mod` is alone at the top of the
/// campaigners and beats the sector (`sector` + `sector_mod`): every rival
/// (its dice and modifier) strictly below it ("Résolution des campagnes.";
/// a tie at the top, or with the sector, keeps the sector as it was, G21).
pub fn wins_among(mine: &BTreeMap<i64, f64>, my_mod: i64, sector: &BTreeMap<i64, f64>, sector_mod: i64, rivals: &[(BTreeMap<i64, f64>, i64)]) -> f64 {
    let below = |d: &BTreeMap<i64, f64>, m: i64, t: i64| d.iter().filter(|(v, _)| *v + m < t).map(|(_, p)| p).sum::<f64>();
    mine.iter().map(|(a, pa)| {
        let t = a + my_mod;
        pa * below(sector, sector_mod, t) * rivals.iter().map(|(d, m)| below(d, *m, t)).product::<f64>()
    }).sum()
}

/// A chance as a whole percent, rounded to the nearest.
fn percent(p: f64) -> i64 {
    (p * 100.0).round() as i64
}

/// A campaign's chance as its party can weigh it: its campaigner's figures
/// (`c`, its party's own) against the sector's public ones — 1 die, its
/// defence (halved when a rebel campaigns there), its owner's adjacent
/// sectors; no owner's influence, card or rival counted. Returns the
/// campaigner's dice, the sector's modifier and the chance in percent.
pub fn campaign_chance(s: &GdState, c: &Campaigner<PartyId, String>, sector: SectorNo) -> (u32, i64, i64) {
    let owner = s.fx.sectors.get(&sector).and_then(|x| x.owner);
    let rebel_here = crate::games::galactic_destiny::rebellion::is_rebel(s, c.party) || s.intrigue.campaigns.campaigns.iter().any(|r| r.sector == sector && crate::games::galactic_destiny::rebellion::is_rebel(s, r.party));
    let target = Target {
        number: u32::from(sector),
        owner,
        infested: false,
        defence: s.fx.defence(&s.components, sector) as i32,
        owner_influence: 0,
        owner_adjacency: owner.map_or(0, |o| crate::games::galactic_destiny::intrigue::campaigns::adjacency(s, o, sector)),
        halved: rebel_here,
        owner_cards: Default::default(),
    };
    let sector_mod = i64::from(target.defence_value()) + i64::from(target.owner_adjacency);
    let dice = 1 + shadow_dice(c.shadow, c.atheist);
    (dice, sector_mod, percent(beats(&dice_sum(dice), c.modifier(), &dice_sum(1), sector_mod)))
}

/// The party's declared campaigns not yet resolved, each with its chance to
/// beat the sector's roll as the party can know it.
pub fn campaign_odds(s: &GdState, p: PartyId) -> Vec<Value> {
    s.intrigue
        .campaigns
        .campaigns
        .iter()
        .filter(|d| d.party == p)
        .map(|d| {
            let c = campaigner(s, p, &d.senator, d.sector, u32::from(d.influence));
            let (dice, sector_mod, chance) = campaign_chance(s, &c, d.sector);
            let rivals: Vec<&str> = s.intrigue.campaigns.campaigns.iter().filter(|r| r.sector == d.sector && r.party != p).map(|r| r.party.sigle()).collect();
            // The rivals' public figures; the influence they wrote is
            // theirs alone, counted as none.
            let rival_figures: Vec<(BTreeMap<i64, f64>, i64)> = s
                .intrigue
                .campaigns
                .campaigns
                .iter()
                .filter(|r| r.sector == d.sector && r.party != p)
                .map(|r| {
                    let rc = campaigner(s, r.party, &r.senator, r.sector, 0);
                    (dice_sum(1 + shadow_dice(rc.shadow, rc.atheist)), rc.modifier())
                })
                .collect();
            let with_rivals = (!rival_figures.is_empty()).then(|| percent(wins_among(&dice_sum(dice), c.modifier(), &dice_sum(1), sector_mod, &rival_figures)));
            json!({
                "sector": d.sector,
                "senator": d.senator,
                "dice": dice,
                "modifier": c.modifier(),
                "sector_modifier": sector_mod,
                "influence": d.influence,
                "chance_percent": chance,
                "rivals": rivals.join(", "),
                "chance_with_rivals_percent": with_rivals,
            })
        })
        .collect()
}

/// The party's senators in play that have not acted this turn.
pub fn fresh(s: &GdState, p: PartyId) -> Vec<String> {
    s.senators_of(p).filter(|n| s.fx.senators.get(*n).is_some_and(|x| !x.exhausted)).cloned().collect()
}

/// Keeps what the step's looks at a hand saw (`Event::HandSeen`) for the
/// rest of the game turn, for the looker's private report, and the step's
/// events for the turn so far; the galactic phase empties the intrigue's
/// record, so a step that changes the turn keeps nothing (its report shows
/// them in the step's events).
pub fn remember_looks(s: &mut GdState, prev: &GdState, events: &[Event]) {
    if s.game_turn != prev.game_turn {
        return;
    }
    for e in events {
        if let Event::HandSeen { party, target, cards } = e {
            s.intrigue.seen.push((prev.step, *party, *target, cards.clone()));
        }
        s.intrigue.log.push((prev.step, e.clone()));
    }
}

/// The looks at a hand `p` made this game turn: step, whose hand, the cards.
pub fn looks(s: &GdState, p: PartyId) -> Vec<Value> {
    s.intrigue.seen.iter().filter(|x| x.1 == p).map(|(step, _, target, cards)| json!({ "step": step, "target": target.sigle(), "cards": cards.join(", ") })).collect()
}

/// Adds the fresh senators, the campaigns' odds and the turn's looks at a
/// hand to a private part.
pub fn extend_private(private: &mut Value, s: &GdState, p: PartyId) {
    if private.is_object() {
        private["fresh"] = json!(fresh(s, p).join(", "));
        private["odds"] = json!(campaign_odds(s, p));
        private["seen"] = json!(looks(s, p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::galactic_destiny::intrigue::campaign::resolve;
    use crate::games::galactic_destiny::intrigue::campaigns::Declaration;
    use crate::games::galactic_destiny::senate::testkit;
    use PartyId::{Bip, Pop};

    /// POP's Fola campaigning with `diplomacy` and one shadow, nothing else.
    fn fola(diplomacy: i32) -> Campaigner<&'static str, String> {
        Campaigner {
            party: "POP",
            senator: "Fola".to_string(),
            diplomacy,
            corruption: 0,
            shadow: 1,
            atheist: false,
            orator: false,
            influence: 0,
            adjacency: 0,
            race_icon: false,
            party_icon: false,
            initiative: 0,
            cards: Default::default(),
        }
    }

    #[test]
    fn six_explosif_the_dice_sums_are_a_distribution_and_one_die_averages_four_and_a_sixth() {
        for n in 1..=3 {
            let d = dice_sum(n);
            assert!((d.values().sum::<f64>() - 1.0).abs() < 1e-9, "{n} dice: {d:?}");
        }
        let mean: f64 = dice_sum(1).iter().map(|(v, p)| *v as f64 * p).sum();
        // (1+2+3+4+5)/6 + (6 + 3.5)/6
        assert!((mean - (15.0 + 9.5) / 6.0).abs() < 1e-9, "{mean}");
        assert_eq!(dice_sum(1).get(&6), None, "a 6 always brings its bonus die");
        assert!((dice_sum(1)[&12] - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn resolution_des_campagnes_the_printed_chance_is_how_often_the_campaign_beats_the_sector() {
        // The chance against the engine's own resolution, over many seeds:
        // the same figures, the sector winning ties.
        let target = Target { number: 12, owner: Some("BIP"), infested: false, defence: 3, owner_influence: 0, owner_adjacency: 1, halved: false, owner_cards: Default::default() };
        let c = Campaigner { corruption: 1, initiative: 0, ..fola(4) };
        let printed = beats(&dice_sum(2), c.modifier(), &dice_sum(1), 4);
        let runs = 40_000;
        let mut dice = crate::dice::Dice::from_seed([9; 32]);
        let won = (0..runs).filter(|_| resolve(&target, std::slice::from_ref(&c), &mut dice).expect("a campaign").winner.is_some()).count();
        let seen = won as f64 / f64::from(runs);
        assert!((seen - printed).abs() < 0.01, "printed {printed:.3}, seen {seen:.3}");
    }

    #[test]
    fn resolution_des_campagnes_with_rivals_the_printed_chance_is_how_often_the_campaign_wins_alone_at_the_top() {
        let target = Target { number: 12, owner: None, infested: false, defence: 2, owner_influence: 0, owner_adjacency: 0, halved: false, owner_cards: Default::default() };
        let base = Campaigner { initiative: 2, ..fola(3) };
        let r1 = Campaigner { party: "BIP", senator: "Kaelin".into(), diplomacy: 4, shadow: 0, initiative: 0, ..base.clone() };
        let r2 = Campaigner { party: "GSP", senator: "Mashem".into(), diplomacy: 2, shadow: 0, corruption: 1, initiative: 1, ..base.clone() };
        let rivals = [(dice_sum(1), r1.modifier()), (dice_sum(1), r2.modifier())];
        let printed = wins_among(&dice_sum(2), base.modifier(), &dice_sum(1), 2, &rivals);
        let runs = 40_000;
        let mut dice = crate::dice::Dice::from_seed([5; 32]);
        let all = [r1, r2, base];
        let won = (0..runs).filter(|_| resolve(&target, &all, &mut dice).expect("campaigns").winner == Some("POP")).count();
        let seen = won as f64 / f64::from(runs);
        assert!((seen - printed).abs() < 0.01, "printed {printed:.3}, seen {seen:.3}");
        // Alone, the same model is `beats`.
        assert!((wins_among(&dice_sum(2), 5, &dice_sum(1), 2, &[]) - beats(&dice_sum(2), 5, &dice_sum(1), 2)).abs() < 1e-12);
    }

    #[test]
    fn campagnes_the_chance_with_rivals_counts_their_public_figures_and_never_the_influence_they_wrote() {
        let mut s = testkit::state(&[Bip, Pop]);
        let fola = s.senators_of(Pop).next().expect("a senator").clone();
        let kaelin = s.senators_of(Bip).next().expect("a senator").clone();
        let sector = s.fx.sectors.iter().find(|(_, x)| x.owner.is_none() && !x.infested).map(|(n, _)| *n).expect("a neutral sector");
        s.intrigue.campaigns.campaigns.push(Declaration { party: Pop, sector, senator: fola.clone(), influence: 1 });
        assert_eq!(campaign_odds(&s, Pop)[0]["chance_with_rivals_percent"], Value::Null, "no rival");
        s.intrigue.campaigns.campaigns.push(Declaration { party: Bip, sector, senator: kaelin.clone(), influence: 0 });
        let odds = campaign_odds(&s, Pop);
        let c = campaigner(&s, Pop, &fola, sector, 1);
        let r = campaigner(&s, Bip, &kaelin, sector, 0);
        let (dice, sector_mod, _) = campaign_chance(&s, &c, sector);
        let rivals = [(dice_sum(1 + shadow_dice(r.shadow, r.atheist)), r.modifier())];
        let expected = (wins_among(&dice_sum(dice), c.modifier(), &dice_sum(1), sector_mod, &rivals) * 100.0).round() as i64;
        assert_eq!(odds[0]["chance_with_rivals_percent"], expected);
        assert!(expected <= odds[0]["chance_percent"].as_i64().expect("a chance"));
        // BIP's written influence is BIP's alone: POP's figures do not move.
        s.intrigue.campaigns.campaigns[1].influence = 5;
        assert_eq!(campaign_odds(&s, Pop), odds);
    }

    #[test]
    fn campagnes_the_acknowledgement_of_a_campaign_prints_its_chance_in_both_languages() {
        use crate::game::OrderLine;
        use crate::games::galactic_destiny::model::Phase;
        use crate::games::galactic_destiny::orders::{self, Order, Orders};
        use crate::i18n::Lang;
        let mut s = crate::games::galactic_destiny::setup::test_state(&[PartyId::Gsp, Bip, Pop], 1);
        s.phase = Phase::Campaigns { window: Some(0) };
        let o = Orders { lines: vec![Order::Campaign { sector: 35, senator: "Mashem".into(), influence: 2 }], defaulted: false };
        let lines: Vec<OrderLine> = orders::lines(&s, &o).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
        let parsed = orders::parse(&s, &"gsp".to_string(), &lines);
        let c = campaigner(&s, PartyId::Gsp, "Mashem", 35, 2);
        let chance = campaign_chance(&s, &c, 35).2;
        let fr = parsed.verdicts[0].outcome.echo(Lang::Fr).unwrap_or_default();
        assert!(fr.contains(&format!("chance de battre le lancé du secteur : {chance} %")), "{fr}");
        let en = parsed.verdicts[0].outcome.echo(Lang::En).unwrap_or_default();
        assert!(en.contains(&format!("chance to beat the sector's roll: {chance} %")), "{en}");
    }

    #[test]
    fn espion_what_a_look_at_a_hand_saw_stays_in_the_lookers_private_part_until_the_turn_ends() {
        let prev = testkit::state(&[Bip, Pop]);
        let mut s = prev.clone();
        let events = vec![Event::HandSeen { party: Pop, target: Bip, cards: vec!["Feint".into(), "Distraction".into()] }];
        remember_looks(&mut s, &prev, &events);
        assert_eq!(looks(&s, Pop), vec![json!({ "step": prev.step, "target": "BIP", "cards": "Feint, Distraction" })]);
        assert!(looks(&s, Bip).is_empty(), "the target learns only who looked (the public event)");
        // A later step of the same turn keeps it.
        let later = s.clone();
        remember_looks(&mut s, &later, &[]);
        assert_eq!(looks(&s, Pop).len(), 1);
        // The galactic phase of the next turn empties it, and a step that
        // changes the turn records nothing.
        let mut next = s.clone();
        next.game_turn += 1;
        next.intrigue = Default::default();
        remember_looks(&mut next, &s, &events);
        assert!(looks(&next, Pop).is_empty());
    }

    #[test]
    fn campagnes_the_private_odds_count_the_partys_own_figures_and_the_sectors_public_ones_only() {
        let mut s = testkit::state(&[Bip, Pop]);
        let fola = s.senators_of(Pop).next().expect("a senator").clone();
        let home = s.components.party(Bip).expect("BIP").start_sector;
        let near = s.components.board.neighbours(home).next().expect("a neighbour");
        s.fx.sectors.entry(near).or_default().owner = Some(Bip);
        s.intrigue.campaigns.campaigns.push(Declaration { party: Pop, sector: near, senator: fola.clone(), influence: 2 });
        let odds = campaign_odds(&s, Pop);
        assert_eq!(odds.len(), 1);
        let c = campaigner(&s, Pop, &fola, near, 2);
        let defence = i64::from(s.fx.defence(&s.components, near));
        assert_eq!(odds[0]["sector_modifier"], defence + 1, "defence and BIP's home next to it");
        assert_eq!(odds[0]["modifier"], c.modifier(), "{odds:?}");
        let expected = (beats(&dice_sum(1), c.modifier(), &dice_sum(1), defence + 1) * 100.0).round() as i64;
        assert_eq!(odds[0]["chance_percent"], expected);
        assert!(campaign_odds(&s, Bip).is_empty(), "POP's campaign is not BIP's to weigh");
        // Senators fresh until they act.
        assert_eq!(fresh(&s, Pop), vec![fola.clone()]);
        s.fx.senators.get_mut(&fola).expect("Fola").exhausted = true;
        assert!(fresh(&s, Pop).is_empty());
    }
}
