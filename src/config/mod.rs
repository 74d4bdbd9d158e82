//! `config.toml`: read, checked, and turned into typed settings.
//!
//! [`load`] reports every problem at once, each naming its setting
//! (`games[0].time_zone: unknown time zone "Europe/Pari" (did you mean
//! "Europe/Paris"?)`, `transport.imap.tls: expected "implicit", "starttls"
//! or "none"`). Relative paths are resolved against the directory of the
//! configuration file, so the daemon and the CLI agree whatever their
//! working directory. The shipped `config.toml` documents every setting.
//!
//! One file per section of the file: [`limits`], [`outbox`], [`transport`]
//! (with `[transport.imap]` and `[transport.smtp]`), [`alerts`], [`auth`], [`web`] and
//! [`games`] (`[[games]]`, each with its ruleset's `settings`); [`check`]
//! holds the typed getters they share. Every type is re-exported here, so
//! callers name `crate::config::GameConfig` and so on.

mod alerts;
mod auth;
mod check;
mod games;
mod limits;
mod outbox;
#[cfg(test)]
mod testing;
mod transport;
mod web;

pub use alerts::AlertsConfig;
pub use auth::AuthConfig;
pub use check::looks_like_address;
pub use games::{AbsenceMode, GameConfig, PnjMode, KNOWN_RULESETS, LANGUAGES};
pub use limits::Limits;
pub use outbox::OutboxConfig;
pub use transport::{ReconnectConfig, TransportConfig};
pub use web::WebConfig;

use check::{type_name, Cx};
use std::fmt;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

/// The whole configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it was read from (absolute), for reloads and messages.
    pub path: PathBuf,
    /// Where the store keeps everything ([`crate::store`]).
    pub data_dir: PathBuf,
    /// The referee's address: players write to it; mail is sent from it.
    pub referee_address: String,
    /// The display name on mail sent (`"Arbitre de Stellarium"`).
    pub referee_name: String,
    /// The human referee: mass-ONR holds and faults are mailed there.
    pub admin_address: String,
    /// The language of those mails (`"fr"` or `"en"`; `admin_language`,
    /// default `"fr"`).
    pub admin_language: String,
    pub limits: Limits,
    pub outbox: OutboxConfig,
    pub transport: TransportConfig,
    /// `[transport] reconnect_initial / reconnect_max`: back-off of the
    /// intake (mailbox reconnects, messages that could not be stored).
    pub reconnect: ReconnectConfig,
    /// `[alerts]`: when a fault is reported to the human referee.
    pub alerts: AlertsConfig,
    /// `[auth]`: whose `Authentication-Results` headers are trusted.
    pub auth: AuthConfig,
    /// `[web]`: the game pages (`None`: no `[web]` table, no web server).
    pub web: Option<WebConfig>,
    pub games: Vec<GameConfig>,
}

impl Config {
    /// The game with this id.
    pub fn game(&self, id: &str) -> Option<&GameConfig> {
        self.games.iter().find(|g| g.id == id)
    }
}

/// One problem in the configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The setting concerned (`games[0].time_zone`); `None` for the file as
    /// a whole (unreadable, not TOML).
    pub setting: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.setting {
            Some(s) => write!(f, "{s}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Every problem found, in file order (roughly).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigErrors {
    /// The configuration file.
    pub path: PathBuf,
    pub errors: Vec<ConfigError>,
}

impl ConfigErrors {
    /// The setting names, for tests and tools.
    pub fn settings(&self) -> Vec<&str> {
        self.errors.iter().filter_map(|e| e.setting.as_deref()).collect()
    }
}

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(f, "{}: {n} error{} in the configuration", self.path.display(), if n == 1 { "" } else { "s" })?;
        for e in &self.errors {
            write!(f, "\n  {e}")?;
        }
        Ok(())
    }
}

/// Reads and checks the configuration file at `path`.
pub fn load(path: &Path) -> Result<Config, ConfigErrors> {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let fail =
        |message: String| ConfigErrors { path: abs.clone(), errors: vec![ConfigError { setting: None, message }] };
    let text = std::fs::read_to_string(&abs).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    parse(&text, &abs)
}

/// Checks configuration text as if read from the file `path` (relative
/// paths are resolved against its directory).
pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigErrors> {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let base = abs.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    let table: Table = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            return Err(ConfigErrors {
                path: abs,
                errors: vec![ConfigError {
                    setting: None,
                    message: format!("not valid TOML: {}", e.to_string().trim()),
                }],
            })
        }
    };
    let mut cx = Cx { errors: Vec::new(), base };
    let config = cx.config(&table, abs.clone());
    match config {
        Some(c) if cx.errors.is_empty() => Ok(c),
        _ => Err(ConfigErrors { path: abs, errors: cx.errors }),
    }
}

impl Cx {
    fn config(&mut self, t: &Table, path: PathBuf) -> Option<Config> {
        self.unknown_keys(
            t,
            "",
            &["data_dir", "referee_address", "referee_name", "admin_address", "admin_language", "limits", "outbox", "transport", "alerts", "auth", "web", "games"],
        );
        let data_dir = self.path(t, "", "data_dir", "var/data");
        let referee_address = self.address(t, "", "referee_address");
        let referee_name = self.string(t, "", "referee_name", false).unwrap_or_else(|| "Arbitre".to_string());
        if referee_name.contains(['\r', '\n', '<', '>', '"']) {
            self.err("referee_name", "must not contain line breaks, angle brackets or double quotes");
        }
        let admin_address = self.address(t, "", "admin_address");
        let admin_language = self.string(t, "", "admin_language", false).unwrap_or_else(|| "fr".to_string());
        if !LANGUAGES.contains(&admin_language.as_str()) {
            self.err("admin_language", format!("{admin_language:?}: expected \"fr\" or \"en\""));
        }

        let limits = self.sub_table(t, "", "limits").map(|lt| self.limits(lt)).unwrap_or_default();
        let outbox = self.sub_table(t, "", "outbox").map(|ot| self.outbox(ot)).unwrap_or_default();

        let mut reconnect = ReconnectConfig::default();
        let transport = match self.sub_table(t, "", "transport") {
            Some(tt) => {
                reconnect = self.reconnect(tt);
                self.transport(tt)
            }
            None => {
                self.err("transport", "missing: a [transport] table with kind = \"maildir\" or kind = \"imap\"");
                None
            }
        };

        let alerts = self.sub_table(t, "", "alerts").map(|at| self.alerts(at)).unwrap_or_default();
        let auth = self.sub_table(t, "", "auth").map(|at| self.auth(at)).unwrap_or_default();
        let web = self.sub_table(t, "", "web").and_then(|wt| self.web(wt));

        let mut games = Vec::new();
        match t.get("games") {
            None => {}
            Some(Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    let prefix = format!("games[{i}]");
                    match item {
                        Value::Table(gt) => {
                            if let Some(g) = self.game(gt, &prefix) {
                                games.push((prefix, g));
                            }
                        }
                        v => self.err(prefix, format!("expected a table ([[games]]), found {}", type_name(v))),
                    }
                }
            }
            Some(v) => self.err("games", format!("expected [[games]] tables, found {}", type_name(v))),
        }
        for (i, (prefix, g)) in games.iter().enumerate() {
            if games[..i].iter().any(|(_, h)| h.id == g.id) {
                self.err(format!("{prefix}.id"), format!("{:?} is used by another game", g.id));
            }
        }

        Some(Config {
            path,
            data_dir,
            referee_address,
            referee_name,
            admin_address,
            admin_language,
            limits,
            outbox,
            transport: transport?,
            reconnect,
            alerts,
            auth,
            web,
            games: games.into_iter().map(|(_, g)| g).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use crate::scheduler::Schedule;
    use jiff::SignedDuration;

    #[test]
    fn the_shipped_config_loads_and_runs_on_the_embedded_maildir() {
        let c = load(&shipped_path()).unwrap_or_else(|e| panic!("{e}"));
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(c.data_dir, root.join("var/data"));
        assert!(matches!(&c.transport, TransportConfig::Maildir { inbox, .. } if inbox.starts_with(root.join("var"))));
        assert_eq!(c.games.len(), 1);
        let g = &c.games[0];
        assert_eq!(g.id, "stellarium-1");
        assert_eq!(g.ruleset, "stellarium");
        assert_eq!(g.time_zone_name, "Europe/Paris");
        assert!(matches!(g.deadline, Schedule::Weekly { .. }));
        assert_eq!(g.reminders, vec![SignedDuration::from_hours(48), SignedDuration::from_hours(6)]);
        assert!(g.registration_open);
        assert!(g.require_registered_address);
        assert_eq!(g.pnj_after_onr, 2);
        assert_eq!(c.limits.max_text_bytes, 1024 * 1024);
        assert_eq!(c.outbox.backoff(), crate::store::Backoff::default());
        assert!(c.game("stellarium-1").is_some());
        // README's first command also serves the game page on loopback.
        let w = c.web.as_ref().expect("[web] in the shipped config");
        assert_eq!((w.listen.to_string().as_str(), w.public_url.as_str(), w.trust_proxy), ("127.0.0.1:8080", "http://127.0.0.1:8080", false));
    }

    #[test]
    fn defaults_apply_and_relative_paths_follow_the_config_file() {
        let c = parse_at(&game("")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.data_dir, PathBuf::from("/etc/arbitre/var/data"));
        assert_eq!(
            c.transport,
            TransportConfig::Maildir {
                inbox: PathBuf::from("/etc/arbitre/var/mail/inbox"),
                outgoing: PathBuf::from("/etc/arbitre/var/mail/outgoing")
            }
        );
        let g = &c.games[0];
        assert!(g.require_registered_address && g.registration_open && g.allow_new_family_after_pnj);
        assert_eq!((g.pnj_after_onr, g.mass_onr_threshold, g.seed), (2, 0.5, None));
        assert_eq!(g.language, "fr");
        assert_eq!(c.referee_name, "Arbitre");
    }

    #[test]
    fn each_top_level_error_names_its_setting() {
        let e = errors_of(&BASE.replace("arbitre@localhost", "arbitre.localhost"));
        assert!(has(&e, "referee_address: \"arbitre.localhost\" does not look like a mail address"), "{e:?}");
        let e = errors_of(&BASE.replace("admin_address = \"referee@localhost\"", ""));
        assert!(has(&e, "admin_address: missing (required)"), "{e:?}");
        let e = errors_of(&BASE.replace("admin_address = \"referee@localhost\"", "admin_address = \"referee@localhost\"\nadmin_language = \"de\""));
        assert!(has(&e, "admin_language: \"de\": expected \"fr\" or \"en\""), "{e:?}");
    }

    #[test]
    fn duplicate_game_ids_and_many_errors_are_all_reported() {
        let two = format!("{}\n[[games]]\nid = \"g-1\"\nruleset = \"galaxy\"\ntime_zone = \"UTC\"\ndeadline = \"manual\"\nreminders = []\n", game("seed = \"18446744073709551615\""));
        let e = errors_of(&two);
        assert!(has(&e, "games[1].id: \"g-1\" is used by another game"), "{e:?}");
        let many = game("mass_onr_threshold = 0\nlanguage = \"xx\"").replace("Europe/Paris", "Mars/Olympus");
        let err = parse_at(&many).unwrap_err();
        assert_eq!(err.settings(), vec!["games[0].time_zone", "games[0].mass_onr_threshold", "games[0].language"]);
        assert!(
            err.to_string()
                .starts_with("/etc/arbitre/config.toml: 3 errors in the configuration\n  games[0].time_zone"),
            "{err}"
        );
    }

    #[test]
    fn file_level_errors_say_so() {
        let e = parse_at("referee_address = ").unwrap_err();
        assert!(e.errors[0].setting.is_none());
        assert!(e.to_string().contains("not valid TOML"), "{e}");
        let e = load(Path::new("/nonexistent/arbitre.toml")).unwrap_err();
        assert!(e.to_string().contains("cannot read the file"), "{e}");
    }
}
