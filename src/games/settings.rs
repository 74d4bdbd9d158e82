//! Reading a ruleset's `[games.settings]` values, with the error messages
//! the referee sees in `check-config` (French, as the settings' names).

/// A text setting (`None` when absent).
pub fn string(t: &toml::Table, name: &str) -> Result<Option<String>, String> {
    match t.get(name) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s.clone())),
        Some(v) => Err(format!("réglage `{name}` : texte attendu, trouvé {v}")),
    }
}

/// A boolean setting (false when absent).
pub fn boolean(t: &toml::Table, name: &str) -> Result<bool, String> {
    match t.get(name) {
        None => Ok(false),
        Some(toml::Value::Boolean(b)) => Ok(*b),
        Some(v) => Err(format!("réglage `{name}` : true ou false attendu, trouvé {v}")),
    }
}
