//! The narrator's sentences in each language: no word of the other one.

use super::*;
use crate::i18n::Arg;

/// The message with every text argument (names, places, phases' words)
/// replaced by a neutral word, so that only the sentence is checked.
fn neutral(m: &Msg) -> Msg {
    let args = m
        .args
        .iter()
        .map(|(k, a)| {
            let a = match a {
                Arg::Str(_) => Arg::Str("Xyz".into()),
                Arg::Msg(inner) => Arg::Msg(Box::new(neutral(inner))),
                other => other.clone(),
            };
            (k.clone(), a)
        })
        .collect();
    Msg { id: m.id.clone(), args }
}

fn offending(lang: Lang, words: &[&str]) -> Vec<String> {
    samples()
        .iter()
        .filter(|m| m.id != "verbatim")
        .map(|m| format!(" {} ", neutral(m).render(lang)))
        .filter(|text| words.iter().any(|w| text.contains(w)))
        .collect()
}

#[test]
fn every_event_sentence_in_english_has_no_french_word() {
    let french = [" le ", " la ", " les ", " du ", " des ", " est ", " et ", " pour ", " de ", " sur ", "é", "è", "à ", " au "];
    let bad = offending(Lang::En, &french);
    assert!(bad.is_empty(), "French in English sentences:\n{}", bad.join("\n"));
}

#[test]
fn every_event_sentence_in_french_has_no_english_word() {
    let english = [" the ", " of ", " and ", " is ", " for ", " by ", " with ", " has ", " to "];
    let bad = offending(Lang::Fr, &english);
    assert!(bad.is_empty(), "English in French sentences:\n{}", bad.join("\n"));
}
