//! Every sentence a player reads, as data: Project Fluent message files,
//! one folder per language (`locales/fr/*.ftl`, `locales/en/*.ftl`), embedded
//! in the binary at build time (`build.rs`).
//!
//! Code never builds a player-facing sentence: it builds a [`Msg`] (a
//! message id and typed arguments), and the sentence is made in the
//! reader's [`Lang`] at the last moment with [`Msg::render`]. French
//! agreement, plurals and elision are selectors in the message files:
//! - gender: pass `gender = "f"` or `"m"` and select on it;
//! - plural: pass a number and select on its plural category (`[one]`,
//!   `*[other]`; French puts 0 and 1 in `one`);
//! - elision: select on `ELISION($name)`, variants `[vowel] d'{ $name }` and
//!   `*[consonant] de { $name }`, each on its own line (see [`catalog`] for
//!   what counts as a vowel).
//!
//! A [`Msg`] is plain data (serde), so it can be stored (acknowledgement
//! verdicts, events) and rendered later in another language.
//!
//! # Checking the catalogue
//! [`check::check`] renders sample messages in every language and reports
//! missing messages, unused ones and arguments that do not match;
//! `tests/messages.rs` runs it over [`samples::all`], to which every area
//! that emits messages contributes its samples.
//!
//! # Absences
//! - No message is built from another language's text: a message missing in
//!   English falls back to the French one, then to its id, and the catalogue
//!   test makes sure neither happens.
//! - No Unicode isolation marks: mails are plain text.

pub mod catalog;
pub mod check;
pub mod samples;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The language a reader reads. French is the default everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    /// Every language the message files exist in.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// A game's `lang` setting: `en` (any case) is English, anything else French.
    pub fn from_code(code: &str) -> Lang {
        if code.trim().eq_ignore_ascii_case("en") {
            Lang::En
        } else {
            Lang::Fr
        }
    }

    /// The folder name under `locales/`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }
}

/// One message: an id of the message files and its arguments.
///
/// Reads back from a plain string too (records stored before sentences
/// were messages): that string is kept as [`Msg::verbatim`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "MsgRepr")]
pub struct Msg {
    pub id: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

/// A message argument. Numbers select plural forms; strings select genders
/// and other keywords; a nested message or a list is rendered in the same
/// language before it is put in place.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Num(i64),
    Str(String),
    /// Rendered as the language's list ("a, b et c" / "a, b and c").
    List(Vec<Arg>),
    Msg(Box<Msg>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum MsgRepr {
    Full {
        id: String,
        #[serde(default)]
        args: BTreeMap<String, Arg>,
    },
    Text(String),
}

impl From<MsgRepr> for Msg {
    fn from(r: MsgRepr) -> Msg {
        match r {
            MsgRepr::Full { id, args } => Msg { id, args },
            MsgRepr::Text(text) => Msg::verbatim(text),
        }
    }
}

impl Msg {
    /// A text shown as it is in every language: what a player wrote, or a
    /// sentence stored before sentences were messages. Never for a sentence
    /// the code composes.
    pub fn verbatim(text: impl Into<String>) -> Msg {
        Msg::new("verbatim").arg("text", text.into())
    }

    pub fn new(id: impl Into<String>) -> Msg {
        Msg { id: id.into(), args: BTreeMap::new() }
    }

    /// Adds (or replaces) an argument.
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Msg {
        self.args.insert(name.to_string(), value.into());
        self
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        catalog::get().render(self, lang)
    }
}

/// Builds a [`Msg`]: `msg!("p03-married", bride = "Léto", gender = "f", cost = 10)`.
#[macro_export]
macro_rules! msg {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($id)$(.arg(stringify!($name), $value))*
    };
}

macro_rules! num_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg { Arg::Num(i64::try_from(n).unwrap_or(i64::MAX)) }
        }
    )*};
}
num_from!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}
impl<T: Into<Arg>> From<Vec<T>> for Arg {
    fn from(items: Vec<T>) -> Arg {
        Arg::List(items.into_iter().map(Into::into).collect())
    }
}

/// "a, b et c" in `lang`, from the `list-*` messages of `common.ftl`.
pub fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => msg!("list-and", head = init.join(", "), last = last.as_str()).render(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_msg_reads_back_from_json_as_it_was() {
        let m = msg!("list-and", head = "a, b", last = msg!("list-and", head = "x", last = "y"), n = 3, names = vec!["p", "q"]);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Msg>(&json).unwrap(), m);
    }

    #[test]
    fn a_plain_string_stored_before_messages_reads_back_verbatim() {
        let m: Msg = serde_json::from_str("\"LIEU manquant pour Paul\"").unwrap();
        assert_eq!(m, Msg::verbatim("LIEU manquant pour Paul"));
        assert_eq!(m.render(Lang::En), "LIEU manquant pour Paul");
    }

    #[test]
    fn lists_are_joined_in_the_readers_language() {
        let items: Vec<String> = ["Paul", "Léto", "Alia"].iter().map(|s| s.to_string()).collect();
        assert_eq!(and_list(Lang::Fr, &items), "Paul, Léto et Alia");
        assert_eq!(and_list(Lang::En, &items), "Paul, Léto and Alia");
        assert_eq!(and_list(Lang::Fr, &items[..1]), "Paul");
        assert_eq!(and_list(Lang::Fr, &[]), "");
    }

    #[test]
    fn from_code_defaults_to_french() {
        assert_eq!(Lang::from_code("EN"), Lang::En);
        assert_eq!(Lang::from_code("fr"), Lang::Fr);
        assert_eq!(Lang::from_code("de"), Lang::Fr);
    }
}
