//! The board picture: every sector numbered once, the Ke'Ras hatched, no
//! hidden information, both languages, a PNG of the expected size.

use std::collections::BTreeMap;

use super::*;
use crate::games::galactic_destiny::components::effects::Duration;
use crate::games::galactic_destiny::components::interpret::{EffectState, Modifier, PartyState, SectorState, SenatorState};
use crate::games::galactic_destiny::components::Components;
use crate::games::galactic_destiny::model::{ActiveEvent, Deal, Filings, LawInForce, Phase, Seat, Settings};
use crate::render::Drawn;

/// The infested sector and the marked ones of [`state`].
const INFESTED: u8 = 12;
const MARKED: [u8; 3] = [7, 20, 50];

fn renderer() -> Renderer {
    Renderer::new_for(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"), Some(&[] as &[&str])).expect("renderer")
}

/// A game at turn 3, S1, built by hand from the embedded components: the
/// six parties with a few sectors each, fleets of three parties and the
/// Republic on sector 13, sector 12 infested, 7, 20 and 50 marked,
/// three ministries held, a law in force, a lasting event, corruption and a
/// shadow in play. `deal` picks which action cards and senators go to the
/// hands (the rest stay in the decks): what nobody but their holder sees.
fn state(deal: usize) -> GdState {
    let components = Components::embedded().expect("embedded components");
    let parties = PartyId::ALL;
    let mut fx = EffectState::default();
    for n in components.board.sectors.keys() {
        fx.sectors.insert(*n, SectorState::default());
    }
    let mut deck: Vec<String> = components.actions.iter().flat_map(|c| std::iter::repeat_n(c.name_fr.clone(), usize::from(c.copies))).collect();
    let in_play = [
        ("Fola", PartyId::Pop, 2, 0),
        ("Kaelin", PartyId::Bip, 1, 1),
        ("Mashem", PartyId::Gsp, 0, 0),
        ("Jemak", PartyId::Bip, 2, 0),
        ("Tzevi", PartyId::Tmp, 0, 0),
        ("Caliana", PartyId::Cos, 0, 0),
        ("Zarazarish", PartyId::Ppf, 0, 0),
    ];
    let mut senators: Vec<String> = components.senators.iter().map(|s| s.name.clone()).filter(|n| !in_play.iter().any(|(p, ..)| p == n)).collect();
    for (i, p) in parties.into_iter().enumerate() {
        let hand: Vec<String> = (0..5).map(|k| deck.remove((deal * 7 + i * 3 + k) % deck.len())).collect();
        let waiting: Vec<String> = (0..3).map(|k| senators.remove((deal * 5 + i + k) % senators.len())).collect();
        fx.parties.insert(p, PartyState { money: 12, influence: 6, hand, waiting, votes: Vec::new() });
    }
    deck.sort();
    senators.sort();
    fx.action_deck = deck;
    fx.senator_deck = senators;
    for (name, party, corruption, shadow) in in_play {
        let card = components.senator(name).expect("senator");
        fx.senators.insert(
            name.to_string(),
            SenatorState {
                party,
                race: card.race,
                icon: card.party,
                corruption,
                shadow,
                exhausted: false,
                seduced: false,
                minister: false,
                diplomacy: Vec::new(),
                command: Vec::new(),
            },
        );
    }
    let owned = [
        (39, PartyId::Pop),
        (37, PartyId::Pop),
        (42, PartyId::Bip),
        (43, PartyId::Bip),
        (36, PartyId::Gsp),
        (1, PartyId::Gsp),
        (46, PartyId::Tmp),
        (22, PartyId::Tmp),
        (53, PartyId::Cos),
        (56, PartyId::Ppf),
        (55, PartyId::Ppf),
    ];
    for (n, p) in owned {
        fx.sectors.entry(n).or_default().owner = Some(p);
    }
    fx.sectors.entry(INFESTED).or_default().infested = true;
    for n in MARKED {
        fx.sectors.entry(n).or_default().marked = true;
    }
    fx.infestation.push(Modifier { amount: 1, until: Duration::Active });
    fx.republic_fleets = 5;
    let mut fleets: BTreeMap<u8, BTreeMap<PartyId, u8>> = BTreeMap::new();
    fleets.insert(39, BTreeMap::from([(PartyId::Pop, 2)]));
    fleets.insert(42, BTreeMap::from([(PartyId::Bip, 2)]));
    fleets.insert(36, BTreeMap::from([(PartyId::Gsp, 1)]));
    fleets.insert(46, BTreeMap::from([(PartyId::Tmp, 2)]));
    fleets.insert(53, BTreeMap::from([(PartyId::Cos, 2)]));
    fleets.insert(55, BTreeMap::from([(PartyId::Ppf, 2), (PartyId::Cos, 1)]));
    fleets.insert(13, BTreeMap::from([(PartyId::Pop, 1), (PartyId::Bip, 3), (PartyId::Gsp, 2)]));
    let events: Vec<String> = components.events.iter().flat_map(|c| std::iter::repeat_n(c.name_fr.clone(), usize::from(c.copies))).collect();
    let lasting = events.iter().position(|e| e == "Désespoir").expect("a lasting event");
    let mut event_deck = events;
    let active = event_deck.remove(lasting);
    let sector_deck = components.sector_cards.clone();
    let mut s = GdState {
        components,
        settings: Settings::default(),
        seed: 7,
        seats: parties.iter().map(|p| Seat { key: p.sigle().to_lowercase(), name: p.sigle().into(), party: Some(*p), resigned: false }).collect(),
        phase: Phase::Filing,
        step: 9,
        game_turn: 3,
        fx,
        fleets,
        republic_at: BTreeMap::from([(1, 4), (13, 1)]),
        ministries: BTreeMap::new(),
        election_marker: 2,
        election_called: None,
        laws: vec![LawInForce { law: Law::Integrity, passed: 2, until: 4, by: PartyId::Pop }],
        defied: Default::default(),
        fleet_orders: None,
        initiative: vec![PartyId::Gsp, PartyId::Tmp, PartyId::Cos, PartyId::Ppf, PartyId::Bip, PartyId::Pop],
        event_deck,
        event_discard: Vec::new(),
        active_events: vec![ActiveEvent { card: active, since: 2, subjects: Vec::new() }],
        sector_deck,
        sector_discard: Vec::new(),
        dead: Vec::new(),
        agenda: Vec::new(),
        filings: Filings::default(),
        deals: Vec::new(),
        tried: Default::default(),
        audited: Default::default(),
        taxes_paid: 0,
        recruited: Default::default(),
        intrigue: Default::default(),
        ending: None,
        rebellion: Default::default(),
        cards: Default::default(),
        free_laws: Vec::new(),
        suits: Vec::new(),
        mj: Default::default(),
    };
    s.appoint(Ministry::PrimeMinister, Some("Fola".into()));
    s.appoint(Ministry::Interior, Some("Kaelin".into()));
    s.appoint(Ministry::Defence, Some("Jemak".into()));
    s.appoint(Ministry::Finance, Some("Caliana".into()));
    s.check().expect("a consistent state");
    s
}

fn drawn(svg: &str) -> Vec<Drawn> {
    renderer().drawn(svg).expect("the SVG parses")
}

fn find<'a>(d: &'a [Drawn], id: &str) -> Vec<&'a Drawn> {
    d.iter().filter(|x| x.id == id).collect()
}

#[test]
fn the_picture_names_every_sector_once_inside_its_rectangle() {
    let s = state(0);
    for lang in Lang::ALL {
        let d = drawn(&svg(&s, lang));
        for n in s.components.board.sectors.keys() {
            let numbers = find(&d, &format!("no-{n}"));
            assert_eq!(numbers.len(), 1, "sector {n}: {numbers:?}");
            assert_eq!(numbers[0].text.as_deref(), Some(n.to_string().as_str()));
            let area = find(&d, &format!("area-{n}"));
            assert!(numbers[0].inside(area[0], 0.0), "sector {n}'s number outside its rectangle: {numbers:?} {area:?}");
        }
        let numbered = d.iter().filter(|x| x.id.starts_with("no-")).count();
        assert_eq!(numbered, s.components.board.sectors.len());
    }
}

#[test]
fn every_mark_of_a_sector_stays_inside_it() {
    let s = state(0);
    for lang in Lang::ALL {
        let d = drawn(&svg(&s, lang));
        for x in d.iter().filter(|x| x.group.starts_with("sector-")) {
            let n = &x.group["sector-".len()..];
            let area = find(&d, &format!("area-{n}"));
            // A text keeps clear of the sector's gold line (its box is the
            // line's outer edge, 1 px outside the rectangle).
            let slack = if x.text.is_some() { -3.0 } else { 0.0 };
            assert!(x.inside(area[0], slack), "{lang:?}: {x:?} outside its sector {area:?}");
        }
    }
}

#[test]
fn no_text_of_the_picture_overlaps_another() {
    let s = state(0);
    for lang in Lang::ALL {
        let d = drawn(&svg(&s, lang));
        let overlaps = Drawn::texts_over_texts(&d, 0.5);
        assert!(overlaps.is_empty(), "{lang:?}: {overlaps:#?}");
        // Every text within the picture's width.
        for t in d.iter().filter(|x| x.text.is_some()) {
            assert!(t.bbox[0] >= 0.0 && t.bbox[2] <= WIDTH as f32, "{t:?} beyond the picture");
        }
    }
}

#[test]
fn le_roulement_d_infestation_an_infested_sector_is_hatched_and_a_marked_one_carries_its_token() {
    let s = state(0);
    let d = drawn(&svg(&s, Lang::Fr));
    for n in s.components.board.sectors.keys() {
        let hatch = find(&d, &format!("hatch-{n}"));
        let mark = d.iter().filter(|x| x.group == format!("mark-{n}")).count();
        assert_eq!(hatch.len(), usize::from(*n == INFESTED), "sector {n}: hatch {hatch:?}");
        assert_eq!(mark > 0, MARKED.contains(n), "sector {n}: marked token");
        if let Some(h) = hatch.first() {
            let area = find(&d, &format!("area-{n}"));
            assert!(h.inside(area[0], 0.0) && area[0].inside(h, 2.0), "the hatch covers the sector: {h:?} {area:?}");
        }
    }
}

#[test]
fn the_picture_shows_nothing_hidden() {
    // Hands, waiting senators, the decks' contents, sealed filings and
    // agreements differ; the picture may not.
    let a = state(0);
    let mut b = state(3);
    assert_ne!(a.fx.parties[&PartyId::Pop].hand, b.fx.parties[&PartyId::Pop].hand);
    assert_ne!(a.fx.parties[&PartyId::Bip].waiting, b.fx.parties[&PartyId::Bip].waiting);
    b.filings.trials.insert(PartyId::Pop, vec!["Kaelin".into()]);
    b.deals.push(Deal { number: 1, parties: [PartyId::Pop, PartyId::Bip], terms: "secret terms".into(), until: Some(5), broken: None });
    b.event_deck.reverse();
    for lang in Lang::ALL {
        assert_eq!(svg(&a, lang), svg(&b, lang), "{lang:?}: the picture depends on hidden information");
    }
}

#[test]
fn every_word_of_the_picture_is_in_the_readers_language() {
    let s = state(0);
    let fr = svg(&s, Lang::Fr);
    let en = svg(&s, Lang::En);
    for (lang, out) in [("fr", &fr), ("en", &en)] {
        assert!(!out.contains("gd-map-") && !out.contains("galactic-destiny-"), "{lang}: a message id instead of its text");
    }
    assert!(fr.contains("Premier ministre : Fola (POP)") && fr.contains("Composants provisoires"), "{fr}");
    assert!(en.contains("Prime Minister: Fola (POP)") && en.contains("Provisional components"), "{en}");
    assert!(fr.contains("Acte d&#x27;intégrité vertueux (POP) : encore 2 tours, jusqu&#x27;au tour 4"), "{fr}");
    assert!(en.contains("Virtuous Integrity Act (POP): 2 more turns, until turn 4"), "{en}");
}

#[test]
fn le_cout_du_mal_the_roll_counts_a_third_of_the_corruption_and_every_shadow() {
    let s = state(0);
    // Corruption 2 + 1 + 2 = 5 (→ +1), shadow 1 (→ +1), Despair's +1 while active.
    let odds = InfestationOdds::of(&s);
    assert_eq!((odds.corruption, odds.shadow, odds.events, odds.modifier()), (5, 1, 1, 3));
    // 2d6 ≥ 7: 21 of 36.
    assert_eq!(odds.chance(), 58);
    assert!(svg(&s, Lang::En).contains("2d6 +3"));
}

/// PNG width and height from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}

#[test]
fn the_png_renders_at_mail_width() {
    let s = state(0);
    let r = renderer();
    for lang in Lang::ALL {
        let out = svg(&s, lang);
        let png = png(&r, &s, lang).expect("PNG");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let height: f64 = out.split("height=\"").nth(1).and_then(|h| h.split('"').next()).and_then(|h| h.parse().ok()).expect("height");
        assert_eq!(png_size(&png), (WIDTH as u32, height as u32));
        assert!(png.len() > 20_000, "{} bytes", png.len());
        // docs/galactic-destiny-map*.png: ARBITRE_RENDER_OUT=docs.
        if let (Lang::Fr, Ok(dir)) = (lang, std::env::var("ARBITRE_RENDER_OUT")) {
            std::fs::write(format!("{dir}/galactic-destiny-map.png"), &png).expect("write");
            let phone = out.replacen(&format!("width=\"{WIDTH}\" height=\"{height}\""), &format!("width=\"360\" height=\"{}\"", (height / 2.0).ceil()), 1);
            std::fs::write(format!("{dir}/galactic-destiny-map-phone.png"), r.svg_to_png(&phone).expect("phone PNG")).expect("write");
        }
    }
}

/// "Piste des élections": spaces "1" … then "élection", the marker moving
/// one space a galactic phase; the picture counts the turns left from the
/// marker's space (the last space: the next turn elects).
#[test]
fn la_piste_des_elections_counts_the_turns_left_from_the_markers_space() {
    let mut s = state(0);
    let track = s.components.board.track;
    for (marker, left) in [(0, "election at this turn".to_string()), (track, "election in 1 turn".to_string()), (1, format!("election in {track} turns"))] {
        s.election_marker = marker;
        assert!(svg(&s, Lang::En).contains(&left), "marker on {marker}: {left}");
    }
}

#[test]
fn la_lutte_pour_toujours_the_legend_names_the_rebel_and_stays_clear() {
    let mut s = state(0);
    s.rebellion.rebel = Some(PartyId::Pop);
    for (lang, words) in [(Lang::Fr, "en rébellion"), (Lang::En, "in rebellion")] {
        let picture = svg(&s, lang);
        assert_eq!(picture.matches(words).count(), 1, "{lang:?}: the rebel named once");
        let d = drawn(&picture);
        let overlaps = Drawn::texts_over_texts(&d, 0.5);
        assert!(overlaps.is_empty(), "{lang:?}: {overlaps:#?}");
    }
    s.rebellion.rebel = None;
    assert!(!svg(&s, Lang::En).contains("in rebellion"));
}

/// [`state`] in B of its turn with two invasions declared on sector 13
/// (GSP claiming it, the Republic for no one) and one on 55 (BIP claiming,
/// POP joining it for BIP).
fn contested() -> GdState {
    use crate::games::galactic_destiny::intrigue::battle::Force;
    use crate::games::galactic_destiny::intrigue::invasions::Declaration;
    let mut s = state(0);
    s.phase = Phase::Battles;
    let d = |sector, force, stake| Declaration { sector, force, fleets: 2, admiral: None, stake, corrupted: None };
    s.intrigue.invasions.invasions = vec![
        d(13, Force::Party(PartyId::Gsp), Stake::Claim(PartyId::Gsp)),
        d(13, Force::Republic, Stake::Neutral),
        d(55, Force::Party(PartyId::Bip), Stake::Claim(PartyId::Bip)),
        d(55, Force::Party(PartyId::Pop), Stake::Claim(PartyId::Bip)),
    ];
    s
}

#[test]
fn resolution_d_invasions_a_declared_invasion_shows_its_battle_and_the_grey_claims_until_it_is_fought() {
    let s = contested();
    for lang in Lang::ALL {
        let d = drawn(&svg(&s, lang));
        for n in s.components.board.sectors.keys() {
            assert_eq!(find(&d, &format!("battle-{n}")).len(), usize::from([13, 55].contains(n)), "sector {n}");
        }
        // One grey token a claimant, inside its sector.
        let claims: Vec<&str> = d.iter().filter(|x| x.id.starts_with("claim-")).map(|x| x.id.as_str()).collect();
        assert_eq!(claims, ["claim-13-GSP", "claim-55-BIP"], "{lang:?}");
        for x in d.iter().filter(|x| x.group.starts_with("sector-")) {
            let area = find(&d, &format!("area-{}", &x.group["sector-".len()..]));
            let slack = if x.text.is_some() { -3.0 } else { 0.0 };
            assert!(x.inside(area[0], slack), "{lang:?}: {x:?} outside its sector {area:?}");
        }
        assert!(Drawn::texts_over_texts(&d, 0.5).is_empty(), "{lang:?}");
    }
    // Fought (the declarations cleared): no mark left.
    let mut fought = s.clone();
    fought.intrigue.invasions.invasions.clear();
    assert!(!svg(&fought, Lang::Fr).contains("battle-") && !svg(&fought, Lang::Fr).contains("claim-"));
}

#[test]
fn resolution_des_campagnes_a_declared_campaign_is_outlined_until_k_and_never_shows_its_influence() {
    use crate::games::galactic_destiny::intrigue::campaigns::Declaration;
    let mut s = state(0);
    s.phase = Phase::Canvass;
    s.intrigue.campaigns.campaigns = vec![Declaration { party: PartyId::Pop, sector: 20, senator: "Fola".into(), influence: 3 }];
    let d = drawn(&svg(&s, Lang::Fr));
    assert_eq!(find(&d, "campaign-20").len(), 1);
    assert_eq!(d.iter().filter(|x| x.id.starts_with("campaign-")).count(), 1);
    // The influence written is its party's secret until K resolves it.
    let mut more = s.clone();
    more.intrigue.campaigns.campaigns[0].influence = 9;
    assert_eq!(svg(&s, Lang::Fr), svg(&more, Lang::Fr));
    // After K (the purchases), the campaign is no longer pending.
    s.phase = Phase::Purchases;
    assert!(!svg(&s, Lang::Fr).contains("campaign-"));
}

#[test]
fn campagnes_a_partys_own_picture_outlines_where_it_may_campaign_and_the_public_one_does_not() {
    use crate::games::galactic_destiny::intrigue::campaigns::reachable;
    let s = state(0);
    let mine = reachable(&s, PartyId::Pop);
    assert!(!mine.is_empty());
    let d = drawn(&svg_for(&s, Lang::Fr, Some(PartyId::Pop)));
    let outlined: Vec<u8> = d.iter().filter_map(|x| x.id.strip_prefix("reach-")).map(|n| n.parse().unwrap()).collect();
    assert_eq!(outlined, mine);
    assert!(svg_for(&s, Lang::Fr, Some(PartyId::Pop)).contains("où faire campagne"));
    let public = svg(&s, Lang::Fr);
    assert!(!public.contains("reach-") && !public.contains("où faire campagne"));
    assert_ne!(reachable(&s, PartyId::Gsp), mine, "another party's picture outlines its own sectors");
}

#[test]
fn campagnes_every_copy_shares_the_public_board_as_its_base_and_the_composed_picture_is_the_readers_whole() {
    // The six copies of a step rasterise the public board once
    // (`render::layers`): each copy's base is the public picture's very
    // document, its overlay holds only its own marks, and composing them
    // gives the reader's whole picture pixel for pixel.
    let s = state(0);
    let r = renderer();
    let public = svg(&s, Lang::Fr);
    for p in [PartyId::Pop, PartyId::Gsp] {
        let l = layers(&s, Lang::Fr, Some(p));
        assert_eq!(l.base, public, "{p:?}'s base is not the public board");
        assert_eq!(l.whole, svg_for(&s, Lang::Fr, Some(p)));
        assert!(l.overlay.contains("reach-") && !l.base.contains("reach-"), "{p:?}: the outline is the overlay's");
        assert!(l.overlay.contains("où faire campagne"));
        let composed = r.layers_to_png(&l.base, &l.overlay).expect("composed");
        assert!(composed == r.svg_to_png(&l.whole).expect("whole"), "{p:?}: the composed picture differs from the whole");
    }
}
