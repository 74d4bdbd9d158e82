//! Helpers shared by the benchmarks that build a game's store directly.

use std::collections::BTreeMap;

use arbitre::game::OrderStatus;
use arbitre::referee::FamilyRecord;

/// The `i`-th registered family of a large game (`name`, registered at
/// turn 0, French), with `statuses` for the turns already played.
pub fn family_record(i: usize, name: String, statuses: BTreeMap<u32, OrderStatus>) -> FamilyRecord {
    FamilyRecord {
        name,
        address: format!("joueur{i}@example.test"),
        password_sha256: "0".repeat(64),
        lang: "fr".into(),
        registered_turn: 0,
        registration_seq: i as u32,
        statuses,
        onr_streak: 0,
        pnj: false,
        removed: false,
        registered_by: None,
        resigned: None,
        password_generation: 0,
        absence: None,
        absence_days_used: 0,
        registered_at: None,
        password_reset: None,
        address_change: None,
    }
}

/// Writes `dir/config.toml`: a data directory under `dir`, the embedded
/// Maildir transport, and one game `game` of `ruleset` (seed 3, weekly
/// deadline) with `settings` as its `[games.settings]` table. Returns its path.
pub fn config(dir: &std::path::Path, game: &str, ruleset: &str, settings: &str) -> std::path::PathBuf {
    let text = format!(
        r#"data_dir = "data"
referee_address = "arbitre@example.test"
admin_address = "referee@example.test"

[transport]
kind = "maildir"

[web]
listen = "127.0.0.1:1"

[[games]]
id = "{game}"
ruleset = "{ruleset}"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 3
[games.settings]
{settings}
"#
    );
    let p = dir.join("config.toml");
    std::fs::write(&p, text).unwrap();
    p
}
