//! The checking context every section reads its table with: typed
//! getters that record a named error instead of failing, so [`super::load`]
//! reports every problem at once.

use super::ConfigError;
use crate::scheduler::parse_duration;
use jiff::SignedDuration;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

pub(super) fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// "Looks like an address": `local@domain`, no spaces or brackets, one `@`.
pub fn looks_like_address(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    let ok_char = |c: char| !c.is_whitespace() && !c.is_control() && !"<>()[],;:\"\\@".contains(c);
    !local.is_empty()
        && !domain.is_empty()
        && s.len() <= 254
        && local.chars().all(ok_char)
        && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-')
        && !domain.starts_with(['.', '-'])
        && !domain.ends_with(['.', '-'])
        && !domain.contains("..")
}

/// The errors found so far, and the directory relative paths start from.
pub(super) struct Cx {
    pub(super) errors: Vec<ConfigError>,
    pub(super) base: PathBuf,
}

impl Cx {
    pub(super) fn err(&mut self, setting: impl Into<String>, message: impl Into<String>) {
        self.errors.push(ConfigError { setting: Some(setting.into()), message: message.into() });
    }

    pub(super) fn unknown_keys(&mut self, t: &Table, prefix: &str, known: &[&str]) {
        for k in t.keys() {
            if !known.contains(&k.as_str()) {
                let hint = crate::text::suggest(k, known.iter().copied())
                    .map(|s| format!(" (did you mean {s:?}?)"))
                    .unwrap_or_default();
                self.err(join(prefix, k), format!("unknown setting{hint}"));
            }
        }
    }

    pub(super) fn string(&mut self, t: &Table, prefix: &str, key: &str, required: bool) -> Option<String> {
        match t.get(key) {
            None if required => {
                self.err(join(prefix, key), "missing (required)");
                None
            }
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(v) => {
                self.err(join(prefix, key), format!("expected a string, found {}", type_name(v)));
                None
            }
        }
    }

    pub(super) fn boolean(&mut self, t: &Table, prefix: &str, key: &str, default: bool) -> bool {
        match t.get(key) {
            None => default,
            Some(Value::Boolean(b)) => *b,
            Some(v) => {
                self.err(join(prefix, key), format!("expected true or false, found {}", type_name(v)));
                default
            }
        }
    }

    pub(super) fn integer(&mut self, t: &Table, prefix: &str, key: &str, default: i64, range: (i64, i64)) -> i64 {
        match t.get(key) {
            None => default,
            Some(Value::Integer(i)) if (range.0..=range.1).contains(i) => *i,
            Some(Value::Integer(i)) => {
                self.err(join(prefix, key), format!("{i} is out of range: expected {} to {}", range.0, range.1));
                default
            }
            Some(v) => {
                self.err(join(prefix, key), format!("expected an integer, found {}", type_name(v)));
                default
            }
        }
    }

    pub(super) fn path(&mut self, t: &Table, prefix: &str, key: &str, default: &str) -> PathBuf {
        let s = self.string(t, prefix, key, false).unwrap_or_else(|| default.to_string());
        if s.trim().is_empty() {
            self.err(join(prefix, key), "empty path");
        }
        self.resolve(Path::new(&s))
    }

    pub(super) fn resolve(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            let joined = self.base.join(p);
            // Drop "./" components so paths in messages read well.
            joined.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect()
        }
    }

    pub(super) fn address(&mut self, t: &Table, prefix: &str, key: &str) -> String {
        let s = self.string(t, prefix, key, true).unwrap_or_default();
        if t.contains_key(key) && !looks_like_address(s.trim()) {
            self.err(join(prefix, key), format!("{s:?} does not look like a mail address (name@domain)"));
        }
        s.trim().to_string()
    }

    pub(super) fn sub_table<'a>(&mut self, t: &'a Table, prefix: &str, key: &str) -> Option<&'a Table> {
        match t.get(key) {
            None => None,
            Some(Value::Table(st)) => Some(st),
            Some(v) => {
                self.err(join(prefix, key), format!("expected a table, found {}", type_name(v)));
                None
            }
        }
    }

    pub(super) fn duration(&mut self, setting: String, v: &Value) -> Option<SignedDuration> {
        match v {
            Value::String(s) => match parse_duration(s) {
                Ok(d) if d.is_positive() => Some(d),
                Ok(_) => {
                    self.err(setting, "must be longer than zero");
                    None
                }
                Err(e) => {
                    self.err(setting, e.to_string());
                    None
                }
            },
            v => {
                self.err(setting, format!("expected a duration such as \"48h\", found {}", type_name(v)));
                None
            }
        }
    }
}
