//! The pages' words: `templates/web/strings.toml`, one table per language
//! (`[fr]`, `[en]`); a key missing in English falls back to French. The
//! file beside the templates wins over the one built in.

use std::path::Path;

use serde_json::{Map, Value};

const BUILT_IN: &str = include_str!("../../templates/web/strings.toml");

pub struct Strings {
    fr: Map<String, Value>,
    en: Map<String, Value>,
}

impl Strings {
    pub fn load(templates: &Path) -> Strings {
        let text = std::fs::read_to_string(templates.join("web/strings.toml")).unwrap_or_else(|_| BUILT_IN.to_string());
        let parsed: Value = toml::from_str::<toml::Table>(&text)
            .or_else(|e| {
                tracing::error!(error = %e, "templates/web/strings.toml is not valid TOML: using the built-in words");
                toml::from_str::<toml::Table>(BUILT_IN)
            })
            .ok()
            .and_then(|t| serde_json::to_value(t).ok())
            .unwrap_or(Value::Null);
        let table = |l: &str| parsed.get(l).and_then(Value::as_object).cloned().unwrap_or_default();
        Strings { fr: table("fr"), en: table("en") }
    }

    /// The words of `lang` (French for any other language).
    pub fn of(&self, lang: &str) -> Value {
        let mut m = self.fr.clone();
        if lang == "en" {
            for (k, v) in &self.en {
                m.insert(k.clone(), v.clone());
            }
        }
        Value::Object(m)
    }
}
