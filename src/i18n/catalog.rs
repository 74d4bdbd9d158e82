//! The message files, parsed once per process into one Fluent bundle per
//! language, and the functions the files may call.
//!
//! Functions:
//! - `ELISION($word)`: `vowel` when the word begins with a vowel (accents
//!   and case ignored, `y` included), else `consonant`. An initial `h` is
//!   taken as aspirated (`de Harkonnen`): names are not a dictionary.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::{Arg, Lang, Msg};

/// (language folder, file name, text) of every `locales/*/*.ftl`, in name order.
pub static FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The bundles of every language.
pub struct Catalog {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
    /// Problems met while loading (syntax errors, an id defined twice), as
    /// "file: problem". Empty when the files are sound; the catalogue test
    /// asserts it.
    pub load_errors: Vec<String>,
}

static CATALOG: OnceLock<Catalog> = OnceLock::new();

/// The process's catalogue, loaded on first use.
pub fn get() -> &'static Catalog {
    CATALOG.get_or_init(Catalog::load)
}

impl Catalog {
    fn load() -> Catalog {
        let mut load_errors = Vec::new();
        let mut bundles = Vec::new();
        for lang in Lang::ALL {
            let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            if let Err(e) = bundle.add_function("ELISION", elision) {
                load_errors.push(format!("ELISION: {e:?}"));
            }
            for (folder, name, text) in FILES.iter().filter(|(folder, _, _)| *folder == lang.code()) {
                let resource = match FluentResource::try_new(text.to_string()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        for e in errors {
                            load_errors.push(format!("{folder}/{name}: {e:?}"));
                        }
                        r
                    }
                };
                if let Err(errors) = bundle.add_resource(resource) {
                    for e in errors {
                        load_errors.push(format!("{folder}/{name}: {e:?}"));
                    }
                }
            }
            bundles.push((lang, bundle));
        }
        for e in &load_errors {
            tracing::error!("message files: {e}");
        }
        Catalog { bundles, load_errors }
    }

    pub(crate) fn bundle(&self, lang: Lang) -> Option<&FluentBundle<FluentResource>> {
        self.bundles.iter().find(|(l, _)| *l == lang).map(|(_, b)| b)
    }

    /// The sentence of `msg` in `lang`; falls back to French, then to the id.
    pub fn render(&self, msg: &Msg, lang: Lang) -> String {
        self.try_render(msg, lang).map(|(text, _)| text).unwrap_or_else(|| {
            tracing::warn!(id = %msg.id, lang = lang.code(), "message missing");
            if lang != Lang::Fr {
                self.render(msg, Lang::Fr)
            } else {
                msg.id.clone()
            }
        })
    }

    /// The sentence and the resolver's complaints (unknown variable …), or
    /// `None` when `lang` has no such message.
    pub fn try_render(&self, msg: &Msg, lang: Lang) -> Option<(String, Vec<String>)> {
        let bundle = self.bundle(lang)?;
        let pattern = bundle.get_message(&msg.id)?.value()?;
        let mut args = FluentArgs::new();
        for (name, value) in &msg.args {
            args.set(name.as_str(), self.value(value, lang));
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned();
        Some((text, errors.iter().map(|e| format!("{e:?}")).collect()))
    }

    fn value(&self, arg: &Arg, lang: Lang) -> FluentValue<'static> {
        match arg {
            Arg::Num(n) => FluentValue::from(*n),
            Arg::Str(s) => FluentValue::from(s.clone()),
            Arg::Msg(m) => FluentValue::from(self.render(m, lang)),
            Arg::List(items) => {
                let texts: Vec<String> = items
                    .iter()
                    .map(|item| match self.value(item, lang) {
                        FluentValue::String(s) => s.into_owned(),
                        FluentValue::Number(n) => n.as_string().into_owned(),
                        _ => String::new(),
                    })
                    .collect();
                FluentValue::from(super::and_list(lang, &texts))
            }
        }
    }
}

fn elision<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let word = match positional.first() {
        Some(FluentValue::String(s)) => s.as_ref(),
        _ => "",
    };
    FluentValue::from(if begins_with_vowel(word) { "vowel" } else { "consonant" })
}

/// Whether French elides before `word` (`d'Alia`, `l'Empire`).
pub fn begins_with_vowel(word: &str) -> bool {
    let first = crate::text::fold(word.trim_start()).chars().next();
    matches!(first, Some('A' | 'E' | 'I' | 'O' | 'U' | 'Y'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elision_is_by_the_first_letter_accents_and_case_ignored() {
        assert!(begins_with_vowel("Alia"));
        assert!(begins_with_vowel("Écaz"));
        assert!(begins_with_vowel("ydris"));
        assert!(!begins_with_vowel("Harkonnen"));
        assert!(!begins_with_vowel("Paul"));
        assert!(!begins_with_vowel(""));
    }

    #[test]
    fn the_shipped_files_load_without_error() {
        assert!(get().load_errors.is_empty(), "{:?}", get().load_errors);
        assert!(!FILES.is_empty());
    }
}
