//! Properties over many cases: the interpreter keeps every resource within
//! 0–99 and every senator's tokens converted ("Ressources", "Jetons
//! d'ombre") and conserves the action cards; every effect reads back from
//! its own text; a component file with any line mutated is read without a
//! panic, every problem naming a line of that file.

use proptest::prelude::*;

use super::effects::{Deck, Duration, Effect, Resource};
use super::interpret::*;
use super::*;
use crate::dice::Dice;

const PARTIES: [PartyId; 3] = [PartyId::Gsp, PartyId::Pop, PartyId::Bip];
const SENATORS: [&str; 3] = ["Fola", "Jemak", "Gazali"];
const SECTORS: [SectorNo; 3] = [1, 31, 50];

fn resource() -> impl Strategy<Value = Resource> {
    prop_oneof![Just(Resource::Money), Just(Resource::Influence)]
}

fn duration() -> impl Strategy<Value = Duration> {
    prop_oneof![Just(Duration::Vote), Just(Duration::Phase), Just(Duration::Turn), (1u8..=9).prop_map(Duration::Turns), Just(Duration::Active)]
}

fn signed() -> impl Strategy<Value = i8> {
    prop_oneof![1i8..=9, -9i8..=-1]
}

/// The effects the interpreter resolves.
fn effect() -> impl Strategy<Value = Effect> {
    prop_oneof![
        (1u8..=99, resource()).prop_map(|(n, r)| Effect::Gain(n, r)),
        (1u8..=99, resource()).prop_map(|(n, r)| Effect::Lose(n, r)),
        (1u8..=99, resource()).prop_map(|(n, r)| Effect::Steal(n, r)),
        (1u8..=9, prop_oneof![Just(Deck::Action), Just(Deck::Senator)]).prop_map(|(n, d)| Effect::Draw(n, d)),
        (1u8..=9).prop_map(Effect::Discard),
        (1u8..=9).prop_map(Effect::TakeCard),
        Just(Effect::Refresh),
        Just(Effect::Exhaust),
        Just(Effect::Seduction),
        (signed(), duration()).prop_map(|(n, d)| Effect::Diplomacy(n, d)),
        (signed(), duration()).prop_map(|(n, d)| Effect::Votes(n, d)),
        (signed(), duration()).prop_map(|(n, d)| Effect::Defence(n, d)),
        (signed(), duration()).prop_map(|(n, d)| Effect::InfestationRoll(n, d)),
        signed().prop_map(Effect::Corruption),
        signed().prop_map(Effect::Shadow),
        signed().prop_map(Effect::Republic),
        Just(Effect::Infest),
        Just(Effect::Disinfest),
        Just(Effect::Neutralise),
        Just(Effect::Mark),
    ]
}

fn subject() -> impl Strategy<Value = Subject> {
    prop_oneof![
        prop::sample::select(PARTIES.to_vec()).prop_map(Subject::Party),
        prop::sample::select(SENATORS.to_vec()).prop_map(|n| Subject::Senator(n.to_string())),
        prop::sample::select(SECTORS.to_vec()).prop_map(Subject::Sector),
    ]
}

fn start(money: u8, influence: u8) -> EffectState {
    let mut s = EffectState::default();
    for (i, p) in PARTIES.into_iter().enumerate() {
        s.parties.insert(p, PartyState { money, influence, hand: vec![format!("main-{i}")], ..PartyState::default() });
    }
    for (n, p) in SENATORS.into_iter().zip(PARTIES) {
        s.senators.insert(n.into(), SenatorState { party: p, race: None, icon: Some(p), corruption: 0, shadow: 0, exhausted: false, seduced: false, minister: false, diplomacy: Vec::new(), command: Vec::new() });
    }
    for n in SECTORS {
        s.sectors.insert(n, SectorState::default());
    }
    s.action_deck = (0..12).map(|i| format!("carte-{i:02}")).collect();
    s.senator_deck = vec!["Gromm".into(), "Bellu".into()];
    s
}

fn action_cards(s: &EffectState) -> usize {
    s.action_deck.len() + s.action_discard.len() + s.parties.values().map(|p| p.hand.len()).sum::<usize>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// "Ressources": "0 à 99 … l'excès est gaspillé"; "Jetons d'ombre":
    /// never 5 corruption without shadow, nor 3 beside a shadow, after an
    /// addition; action cards are neither made nor lost.
    #[test]
    fn ressources_stay_within_0_and_99_whatever_the_effects(
        money in 0u8..=99,
        influence in 0u8..=99,
        steps in prop::collection::vec((effect(), prop::option::of(prop::sample::select(PARTIES.to_vec())), prop::collection::vec(subject(), 0..4)), 1..40),
        seed in any::<u8>(),
    ) {
        let mut s = start(money, influence);
        let cards = action_cards(&s);
        let mut d = Dice::from_seed([seed; 32]);
        for (e, actor, subjects) in &steps {
            let _ = s.apply(e, *actor, subjects, &mut d);
            for (p, st) in &s.parties {
                prop_assert!(st.money <= RESOURCE_MAX && st.influence <= RESOURCE_MAX, "{p:?} {st:?} after {e:?}");
            }
            if matches!(e, Effect::Corruption(n) if *n > 0) {
                for (n, x) in &s.senators {
                    prop_assert!(x.corruption < 5 && (x.shadow == 0 || x.corruption < 3), "{n}: {x:?} after {e:?}");
                }
            }
            prop_assert_eq!(action_cards(&s), cards);
            prop_assert!(s.republic_fleets <= REPUBLIC_MAX);
        }
    }

    /// Every effect's data line reads back to the same effect.
    #[test]
    fn every_effect_reads_back_from_its_text(e in effect()) {
        let text = e.text();
        let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let quoted = vec![false; words.len()];
        prop_assert_eq!(Effect::parse(&words, &quoted), Ok(e));
    }

    /// Any line of any file replaced, cut or garbled: no panic; every
    /// problem names the file and a line it has.
    #[test]
    fn composantes_a_mutated_line_never_panics(
        file in 0usize..6,
        line in any::<prop::sample::Index>(),
        how in 0u8..4,
        junk in "(\\PC|\"|#|-|\\+|[0-9]| ){0,24}",
    ) {
        let f = File::ALL[file];
        let mut s = Sources::embedded();
        let src = s.get_mut(f);
        let mut lines: Vec<String> = src.text.lines().map(str::to_string).collect();
        let i = line.index(lines.len());
        let l = &mut lines[i];
        match how {
            0 => *l = junk.clone(),
            1 => l.push_str(&junk),
            2 => {
                let cut = l.char_indices().map(|(k, _)| k).nth(junk.chars().count() % (l.chars().count() + 1)).unwrap_or(l.len());
                l.truncate(cut);
            }
            _ => {
                let at = l.find(' ').unwrap_or(0);
                l.insert_str(at, &junk);
            }
        }
        src.text = lines.join("\n");
        if let Err(diags) = Components::parse(s.clone()) {
            prop_assert!(!diags.is_empty());
            for d in &diags {
                let lines = File::ALL.iter().map(|g| s.get(*g)).find(|x| x.name == d.file).map(|x| x.text.lines().count().max(1));
                prop_assert!(lines.is_some(), "a diagnostic names no file of the set: {}", d);
                prop_assert!(d.line.is_some_and(|n| n >= 1 && Some(n) <= lines), "{}", d);
            }
        }
    }
}
