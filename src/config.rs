//! `config.toml`: read, checked, and turned into typed settings.
//!
//! [`load`] reports every problem at once, each naming its setting
//! (`games[0].time_zone: unknown time zone "Europe/Pari" (did you mean
//! "Europe/Paris"?)`, `transport.imap.tls: expected "implicit", "starttls"
//! or "none"`). Relative paths are resolved against the directory of the
//! configuration file, so the daemon and the CLI agree whatever their
//! working directory. The shipped `config.toml` documents every setting.

use crate::scheduler::{parse_duration, Schedule};
use crate::transport::{ImapSettings, SmtpSettings};
use jiff::tz::TimeZone;
use jiff::SignedDuration;
use std::fmt;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

/// The rulesets a game may name. `crate::games::engines()` is the real list
/// once the rules engineers have wired their games; until then this
/// constant stands in (and any id `engines()` reports is accepted as well).
pub const KNOWN_RULESETS: [&str; 2] = ["stellarium", "galaxy"];

/// Languages of player-facing text.
pub const LANGUAGES: [&str; 2] = ["fr", "en"];

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
    pub limits: Limits,
    pub outbox: OutboxConfig,
    pub transport: TransportConfig,
    /// `[transport] reconnect_initial / reconnect_max`: back-off of the
    /// intake (mailbox reconnects, messages that could not be stored).
    pub reconnect: ReconnectConfig,
    /// `[alerts]`: when a fault is reported to the human referee.
    pub alerts: AlertsConfig,
    pub games: Vec<GameConfig>,
}

impl Config {
    /// The game with this id.
    pub fn game(&self, id: &str) -> Option<&GameConfig> {
        self.games.iter().find(|g| g.id == id)
    }
}

/// `[limits]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest text part of an incoming mail that is read (bytes);
    /// anything larger is refused with an explanation.
    pub max_text_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_text_bytes: 1024 * 1024 }
    }
}

/// `[outbox]`: retries of outgoing mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxConfig {
    /// Delay after the first failed attempt; doubled after each further one.
    pub retry_initial: SignedDuration,
    /// The longest delay between two attempts.
    pub retry_max: SignedDuration,
    /// SMTP only: every message is also sent (same transaction, envelope
    /// only) to the referee's own address; that copy coming back through
    /// IMAP is the proof the server took it, which makes sending exactly
    /// once across crashes (see `store::outbox`).
    pub journal: bool,
    /// How long a journal copy may take to arrive before a message whose
    /// sending was interrupted is sent again.
    pub journal_grace: SignedDuration,
    /// How many messages are sent at the same time (each on its own SMTP
    /// connection).
    pub concurrency: usize,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        let b = crate::store::Backoff::default();
        OutboxConfig { retry_initial: b.initial, retry_max: b.max, journal: true, journal_grace: SignedDuration::from_mins(2), concurrency: 4 }
    }
}

impl OutboxConfig {
    pub fn backoff(&self) -> crate::store::Backoff {
        crate::store::Backoff { initial: self.retry_initial, max: self.retry_max }
    }
}

/// `[transport] reconnect_initial`, `reconnect_max`: how the daemon waits
/// between attempts when the mailbox is unreachable or a received message
/// could not be stored (full disk, read-only data directory): first
/// `initial`, then twice as long each time, never more than `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReconnectConfig {
    pub initial: SignedDuration,
    pub max: SignedDuration,
}

impl Default for ReconnectConfig {
    fn default() -> Self {
        ReconnectConfig { initial: SignedDuration::from_secs(1), max: SignedDuration::from_mins(5) }
    }
}

impl ReconnectConfig {
    /// The wait after the `failures`-th failure in a row (1-based).
    pub fn delay(&self, failures: u32) -> std::time::Duration {
        let d = crate::store::Backoff { initial: self.initial, max: self.max }.delay(failures.max(1));
        std::time::Duration::try_from(d).unwrap_or(std::time::Duration::from_secs(1))
    }
}

/// `[alerts]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlertsConfig {
    /// A fault (mailbox unreachable, SMTP failing, data directory not
    /// writable) that lasts longer than this is mailed to `admin_address`,
    /// and its end too.
    pub outage_after: SignedDuration,
}

impl Default for AlertsConfig {
    fn default() -> Self {
        AlertsConfig { outage_after: SignedDuration::from_mins(10) }
    }
}

/// `[transport]`: where mail comes from and goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one per process: boxing would only complicate matching
pub enum TransportConfig {
    /// The embedded transport: incoming mail is read from the Maildir
    /// `inbox`; outgoing mail is delivered to `outgoing/<address>/new/`.
    Maildir { inbox: PathBuf, outgoing: PathBuf },
    /// A real mail server: IMAP to read, SMTP to send.
    Imap { imap: ImapSettings, smtp: SmtpSettings },
}

/// One `[[games]]` entry.
#[derive(Debug, Clone)]
pub struct GameConfig {
    /// `[a-z0-9-]+`, unique: the game's directory and the tag players
    /// write in their subject lines.
    pub id: String,
    /// Which rules: `"stellarium"` or `"galaxy"`.
    pub ruleset: String,
    /// The game's time zone: deadlines are wall-clock times there.
    pub time_zone: TimeZone,
    /// Its IANA name as written (`"Europe/Paris"`).
    pub time_zone_name: String,
    pub deadline: Schedule,
    /// Reminders are mailed this long before each deadline.
    pub reminders: Vec<SignedDuration>,
    /// Orders are accepted only from the address a family registered with
    /// (besides its password).
    pub require_registered_address: bool,
    /// Rule 0: a family becomes PNJ after MORE than this many ONR turns in a
    /// row (the rules say 2).
    pub pnj_after_onr: u32,
    /// New families may register.
    pub registration_open: bool,
    /// Rule 0.4: a player whose family became PNJ may register a new one.
    pub allow_new_family_after_pnj: bool,
    /// When at least this share of the families would be ONR at a
    /// deadline, the turn is held and the human referee alerted (0 < x ≤ 1).
    pub mass_onr_threshold: f64,
    /// The game's seed (turn seeds derive from it); `None`: chosen when the
    /// game is created and stored with it.
    pub seed: Option<u64>,
    /// The language of player-facing text (`"fr"` or `"en"`).
    pub language: String,
    /// Early adjudication (`turn-based.md`, capability 3): `Some(delay)`
    /// plays a step as soon as every awaited seat has complete orders (OR)
    /// and this change-of-mind delay has passed since the last of them
    /// (at once when they all wrote `CONFIRMER`); `None` (the default):
    /// only at the deadline.
    pub early: Option<SignedDuration>,
    /// Orders for a later step (`TOUR n`) are kept and applied when it
    /// opens; `None`: yes for turn-based rulesets (those that name the
    /// awaited seats), no for simultaneous ones.
    pub advance_orders: Option<bool>,
    /// What a seat that became PNJ plays.
    pub pnj: PnjMode,
    /// Ruleset-specific settings, passed to `Ruleset::new_game`.
    pub settings: Table,
}

/// What a PNJ seat plays (`pnj = "…"`; `turn-based.md`, capability 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PnjMode {
    /// The ruleset's default behaviour (Stellarium and Galaxy rule 0).
    #[default]
    Default,
    /// The seat concedes: its input has `resigned = true`.
    Forfeit,
    /// A robot: the ruleset's simulated player, through `parse_orders`,
    /// with the turn's dice.
    Robot,
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

fn type_name(v: &Value) -> &'static str {
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

fn join(prefix: &str, key: &str) -> String {
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

fn is_game_id(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

struct Cx {
    errors: Vec<ConfigError>,
    base: PathBuf,
}

impl Cx {
    fn err(&mut self, setting: impl Into<String>, message: impl Into<String>) {
        self.errors.push(ConfigError { setting: Some(setting.into()), message: message.into() });
    }

    fn unknown_keys(&mut self, t: &Table, prefix: &str, known: &[&str]) {
        for k in t.keys() {
            if !known.contains(&k.as_str()) {
                let hint = crate::text::suggest(k, known.iter().copied())
                    .map(|s| format!(" (did you mean {s:?}?)"))
                    .unwrap_or_default();
                self.err(join(prefix, k), format!("unknown setting{hint}"));
            }
        }
    }

    fn string(&mut self, t: &Table, prefix: &str, key: &str, required: bool) -> Option<String> {
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

    fn boolean(&mut self, t: &Table, prefix: &str, key: &str, default: bool) -> bool {
        match t.get(key) {
            None => default,
            Some(Value::Boolean(b)) => *b,
            Some(v) => {
                self.err(join(prefix, key), format!("expected true or false, found {}", type_name(v)));
                default
            }
        }
    }

    fn integer(&mut self, t: &Table, prefix: &str, key: &str, default: i64, range: (i64, i64)) -> i64 {
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

    fn path(&mut self, t: &Table, prefix: &str, key: &str, default: &str) -> PathBuf {
        let s = self.string(t, prefix, key, false).unwrap_or_else(|| default.to_string());
        if s.trim().is_empty() {
            self.err(join(prefix, key), "empty path");
        }
        self.resolve(Path::new(&s))
    }

    fn resolve(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            let joined = self.base.join(p);
            // Drop "./" components so paths in messages read well.
            joined.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect()
        }
    }

    fn address(&mut self, t: &Table, prefix: &str, key: &str) -> String {
        let s = self.string(t, prefix, key, true).unwrap_or_default();
        if t.contains_key(key) && !looks_like_address(s.trim()) {
            self.err(join(prefix, key), format!("{s:?} does not look like a mail address (name@domain)"));
        }
        s.trim().to_string()
    }

    fn sub_table<'a>(&mut self, t: &'a Table, prefix: &str, key: &str) -> Option<&'a Table> {
        match t.get(key) {
            None => None,
            Some(Value::Table(st)) => Some(st),
            Some(v) => {
                self.err(join(prefix, key), format!("expected a table, found {}", type_name(v)));
                None
            }
        }
    }

    fn duration(&mut self, setting: String, v: &Value) -> Option<SignedDuration> {
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

    fn config(&mut self, t: &Table, path: PathBuf) -> Option<Config> {
        self.unknown_keys(
            t,
            "",
            &["data_dir", "referee_address", "referee_name", "admin_address", "limits", "outbox", "transport", "alerts", "games"],
        );
        let data_dir = self.path(t, "", "data_dir", "var/data");
        let referee_address = self.address(t, "", "referee_address");
        let referee_name = self.string(t, "", "referee_name", false).unwrap_or_else(|| "Arbitre".to_string());
        if referee_name.contains(['\r', '\n', '<', '>', '"']) {
            self.err("referee_name", "must not contain line breaks, angle brackets or double quotes");
        }
        let admin_address = self.address(t, "", "admin_address");

        let mut limits = Limits::default();
        if let Some(lt) = self.sub_table(t, "", "limits") {
            self.unknown_keys(lt, "limits", &["max_text_bytes"]);
            let d = limits.max_text_bytes as i64;
            limits.max_text_bytes = self.integer(lt, "limits", "max_text_bytes", d, (1024, 64 * 1024 * 1024)) as usize;
        }

        let mut outbox = OutboxConfig::default();
        if let Some(ot) = self.sub_table(t, "", "outbox") {
            self.unknown_keys(ot, "outbox", &["retry_initial", "retry_max", "journal", "journal_grace", "concurrency"]);
            outbox.concurrency = self.integer(ot, "outbox", "concurrency", outbox.concurrency as i64, (1, 32)) as usize;
            outbox.journal = self.boolean(ot, "outbox", "journal", outbox.journal);
            if let Some(v) = ot.get("journal_grace") {
                outbox.journal_grace = self.duration("outbox.journal_grace".into(), v).unwrap_or(outbox.journal_grace);
            }
            if let Some(v) = ot.get("retry_initial") {
                outbox.retry_initial = self.duration("outbox.retry_initial".into(), v).unwrap_or(outbox.retry_initial);
            }
            if let Some(v) = ot.get("retry_max") {
                outbox.retry_max = self.duration("outbox.retry_max".into(), v).unwrap_or(outbox.retry_max);
            }
            if outbox.retry_max < outbox.retry_initial {
                self.err("outbox.retry_max", "must not be shorter than outbox.retry_initial");
            }
        }

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

        let mut alerts = AlertsConfig::default();
        if let Some(at) = self.sub_table(t, "", "alerts") {
            self.unknown_keys(at, "alerts", &["outage_after"]);
            if let Some(v) = at.get("outage_after") {
                alerts.outage_after = self.duration("alerts.outage_after".into(), v).unwrap_or(alerts.outage_after);
            }
        }

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
            limits,
            outbox,
            transport: transport?,
            reconnect,
            alerts,
            games: games.into_iter().map(|(_, g)| g).collect(),
        })
    }

    /// `reconnect_initial` and `reconnect_max` of `[transport]` (any kind).
    fn reconnect(&mut self, t: &Table) -> ReconnectConfig {
        let mut r = ReconnectConfig::default();
        if let Some(v) = t.get("reconnect_initial") {
            r.initial = self.duration("transport.reconnect_initial".into(), v).unwrap_or(r.initial);
        }
        if let Some(v) = t.get("reconnect_max") {
            r.max = self.duration("transport.reconnect_max".into(), v).unwrap_or(r.max);
        }
        if r.max < r.initial {
            self.err("transport.reconnect_max", "must not be shorter than transport.reconnect_initial");
        }
        r
    }

    fn transport(&mut self, t: &Table) -> Option<TransportConfig> {
        let kind = self.string(t, "transport", "kind", true)?;
        match kind.as_str() {
            "maildir" => {
                self.unknown_keys(t, "transport", &["kind", "inbox", "outgoing", "reconnect_initial", "reconnect_max"]);
                let inbox = self.path(t, "transport", "inbox", "var/mail/inbox");
                let outgoing = self.path(t, "transport", "outgoing", "var/mail/outgoing");
                Some(TransportConfig::Maildir { inbox, outgoing })
            }
            "imap" => {
                self.unknown_keys(t, "transport", &["kind", "imap", "smtp", "reconnect_initial", "reconnect_max"]);
                let imap = match self.sub_table(t, "transport", "imap") {
                    Some(it) => self.imap(it),
                    None => {
                        self.err("transport.imap", "missing: kind = \"imap\" needs a [transport.imap] table");
                        None
                    }
                };
                let smtp = match self.sub_table(t, "transport", "smtp") {
                    Some(st) => self.smtp(st),
                    None => {
                        self.err("transport.smtp", "missing: kind = \"imap\" needs a [transport.smtp] table");
                        None
                    }
                };
                Some(TransportConfig::Imap { imap: imap?, smtp: smtp? })
            }
            other => {
                self.err("transport.kind", format!("expected \"maildir\" or \"imap\", found {other:?}"));
                None
            }
        }
    }

    /// Checks what every server table shares (host, port, tls, password,
    /// ca_file) with precise setting names; returns the table with the
    /// relative paths resolved, ready for serde.
    fn server_common(&mut self, t: &Table, prefix: &str, password_required: bool) -> Option<Table> {
        let before = self.errors.len();
        let mut out = t.clone();
        let host = self.string(t, prefix, "host", true).unwrap_or_default();
        if t.contains_key("host") && host.trim().is_empty() {
            self.err(join(prefix, "host"), "empty host name");
        }
        match t.get("port") {
            None => self.err(join(prefix, "port"), "missing (required)"),
            Some(Value::Integer(p)) if (1..=65535).contains(p) => {}
            Some(Value::Integer(p)) => {
                self.err(join(prefix, "port"), format!("{p} is not a port: expected 1 to 65535"))
            }
            Some(v) => self.err(join(prefix, "port"), format!("expected an integer, found {}", type_name(v))),
        }
        match t.get("tls") {
            None => self.err(join(prefix, "tls"), "missing: expected \"implicit\", \"starttls\" or \"none\""),
            Some(Value::String(s)) if s == "implicit" || s == "starttls" => {}
            Some(Value::String(s)) if s == "none" => {
                if !crate::transport::is_loopback_host(host.trim()) && !host.trim().is_empty() {
                    self.err(
                        join(prefix, "tls"),
                        format!(
                            "\"none\" (no encryption) is allowed only towards a loopback host (localhost, 127.0.0.1, ::1), \
                             not {host:?}: use \"implicit\" or \"starttls\""
                        ),
                    );
                }
            }
            Some(_) => self.err(join(prefix, "tls"), "expected \"implicit\", \"starttls\" or \"none\""),
        }
        let pw = join(prefix, "password");
        let example = if prefix.ends_with("smtp") { "smtp" } else { "imap" };
        let how = format!(
            "write password = {{ file = \"/etc/arbitre/{example}-password\" }} (a file readable only by the daemon) \
             or password = {{ env = \"ARBITRE_{}_PASSWORD\" }}",
            example.to_uppercase()
        );
        match t.get("password") {
            None if password_required => self.err(pw, format!("missing: {how}")),
            None => {}
            Some(Value::String(_)) => self.err(
                pw,
                format!("a password written in the configuration is not allowed (it would end up in backups and in git); {how}"),
            ),
            Some(Value::Table(st)) => {
                let keys: Vec<&str> = st.keys().map(String::as_str).collect();
                match (keys.as_slice(), st.get("file"), st.get("env")) {
                    (["file"], Some(Value::String(f)), _) if !f.trim().is_empty() => {
                        let resolved = self.resolve(Path::new(f));
                        let mut s = Table::new();
                        s.insert("file".into(), Value::String(resolved.to_string_lossy().into_owned()));
                        out.insert("password".into(), Value::Table(s));
                    }
                    (["env"], _, Some(Value::String(e))) if !e.trim().is_empty() && !e.contains('=') => {}
                    _ => self.err(pw, format!("expected exactly one of file = \"…\" or env = \"…\"; {how}")),
                }
            }
            Some(v) => self.err(pw, format!("expected a table, found {}; {how}", type_name(v))),
        }
        if let Some(v) = t.get("ca_file") {
            match v {
                Value::String(f) if !f.trim().is_empty() => {
                    let resolved = self.resolve(Path::new(f));
                    out.insert("ca_file".into(), Value::String(resolved.to_string_lossy().into_owned()));
                }
                v => self.err(join(prefix, "ca_file"), format!("expected a file name, found {}", type_name(v))),
            }
        }
        (self.errors.len() == before).then_some(out)
    }

    fn imap(&mut self, t: &Table) -> Option<ImapSettings> {
        let prefix = "transport.imap";
        self.unknown_keys(
            t,
            prefix,
            &[
                "host",
                "port",
                "tls",
                "user",
                "password",
                "idle",
                "poll_seconds",
                "inbox",
                "processed_folder",
                "ca_file",
            ],
        );
        let user = self.string(t, prefix, "user", true);
        if user.as_deref().is_some_and(|u| u.trim().is_empty()) {
            self.err(join(prefix, "user"), "empty user name");
        }
        self.boolean(t, prefix, "idle", true);
        self.integer(t, prefix, "poll_seconds", 60, (5, 3600));
        for k in ["inbox", "processed_folder"] {
            if self.string(t, prefix, k, false).is_some_and(|s| s.trim().is_empty()) {
                self.err(join(prefix, k), "empty folder name");
            }
        }
        let before = self.errors.len();
        let table = self.server_common(t, prefix, true)?;
        if self.errors.len() != before {
            return None;
        }
        self.deserialize(table, prefix)
    }

    fn smtp(&mut self, t: &Table) -> Option<SmtpSettings> {
        let prefix = "transport.smtp";
        self.unknown_keys(t, prefix, &["host", "port", "tls", "user", "password", "ca_file"]);
        let user = self.string(t, prefix, "user", false);
        if user.as_deref().is_some_and(|u| u.trim().is_empty()) {
            self.err(join(prefix, "user"), "empty user name");
        }
        match (user.is_some(), t.contains_key("password")) {
            (true, false) => self.err(join(prefix, "password"), "missing: a user needs a password (file or env)"),
            (false, true) => self.err(join(prefix, "user"), "missing: a password needs a user"),
            _ => {}
        }
        let table = self.server_common(t, prefix, false)?;
        self.deserialize(table, prefix)
    }

    /// The transport engineer's serde types do the final reading; anything
    /// they refuse that the checks above let through is still named.
    fn deserialize<T: serde::de::DeserializeOwned>(&mut self, table: Table, prefix: &str) -> Option<T> {
        match Value::Table(table).try_into::<T>() {
            Ok(v) => Some(v),
            Err(e) => {
                self.err(prefix, e.to_string().trim().to_string());
                None
            }
        }
    }

    fn game(&mut self, t: &Table, prefix: &str) -> Option<GameConfig> {
        self.unknown_keys(
            t,
            prefix,
            &[
                "id",
                "ruleset",
                "time_zone",
                "deadline",
                "reminders",
                "require_registered_address",
                "pnj_after_onr",
                "registration_open",
                "allow_new_family_after_pnj",
                "mass_onr_threshold",
                "seed",
                "language",
                "early",
                "advance_orders",
                "pnj",
                "settings",
            ],
        );
        let before = self.errors.len();
        let id = self.string(t, prefix, "id", true).unwrap_or_default();
        if t.contains_key("id") && !is_game_id(&id) {
            self.err(
                join(prefix, "id"),
                format!("{id:?}: expected lower-case letters, digits and hyphens ([a-z0-9-]+, at most 64)"),
            );
        }

        let ruleset = self.string(t, prefix, "ruleset", true).unwrap_or_default();
        if t.contains_key("ruleset") {
            let mut known: Vec<String> = KNOWN_RULESETS.iter().map(|s| s.to_string()).collect();
            for e in crate::games::engines() {
                if !known.iter().any(|k| k == e.id()) {
                    known.push(e.id().to_string());
                }
            }
            if !known.contains(&ruleset) {
                self.err(
                    join(prefix, "ruleset"),
                    format!("unknown ruleset {ruleset:?}: expected one of {}", known.join(", ")),
                );
            }
        }

        let time_zone_name = self.string(t, prefix, "time_zone", true).unwrap_or_default();
        let time_zone = if t.contains_key("time_zone") {
            match TimeZone::get(&time_zone_name) {
                Ok(tz) => Some(tz),
                Err(_) => {
                    let names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
                    let hint = crate::text::suggest(&time_zone_name, names.iter().map(String::as_str))
                        .map(|s| format!(" (did you mean {s:?}?)"))
                        .unwrap_or_else(|| " (an IANA name such as \"Europe/Paris\")".into());
                    self.err(join(prefix, "time_zone"), format!("unknown time zone {time_zone_name:?}{hint}"));
                    None
                }
            }
        } else {
            None
        };

        let deadline = match self.string(t, prefix, "deadline", true) {
            Some(s) => match s.parse::<Schedule>() {
                Ok(d) => Some(d),
                Err(e) => {
                    self.err(join(prefix, "deadline"), e.to_string());
                    None
                }
            },
            None => None,
        };

        let mut reminders = Vec::new();
        match t.get("reminders") {
            None => reminders = vec![SignedDuration::from_hours(48), SignedDuration::from_hours(6)],
            Some(Value::Array(items)) => {
                for (i, v) in items.iter().enumerate() {
                    if let Some(d) = self.duration(format!("{prefix}.reminders[{i}]"), v) {
                        reminders.push(d);
                    }
                }
            }
            Some(v) => self.err(
                join(prefix, "reminders"),
                format!("expected a list such as [\"48h\", \"6h\"], found {}", type_name(v)),
            ),
        }
        if matches!(deadline, Some(Schedule::Manual))
            && t.get("reminders").is_some_and(|r| r.as_array().is_some_and(|a| !a.is_empty()))
        {
            self.err(
                join(prefix, "reminders"),
                "a manual deadline has no instant to remind players of: remove the reminders",
            );
        }

        let require_registered_address = self.boolean(t, prefix, "require_registered_address", true);
        let pnj_after_onr = self.integer(t, prefix, "pnj_after_onr", 2, (0, 1000)) as u32;
        let registration_open = self.boolean(t, prefix, "registration_open", true);
        let allow_new_family_after_pnj = self.boolean(t, prefix, "allow_new_family_after_pnj", true);

        let mass_onr_threshold = match t.get("mass_onr_threshold") {
            None => 0.5,
            Some(v) => {
                let x = match v {
                    Value::Float(f) => Some(*f),
                    Value::Integer(i) => Some(*i as f64),
                    _ => None,
                };
                match x {
                    Some(x) if x > 0.0 && x <= 1.0 => x,
                    Some(x) => {
                        self.err(
                            join(prefix, "mass_onr_threshold"),
                            format!(
                                "{x} is out of range: expected a share above 0 and at most 1 (0.5 = half the families)"
                            ),
                        );
                        0.5
                    }
                    None => {
                        self.err(
                            join(prefix, "mass_onr_threshold"),
                            format!("expected a number, found {}", type_name(v)),
                        );
                        0.5
                    }
                }
            }
        };

        let seed = match t.get("seed") {
            None => None,
            Some(Value::Integer(i)) if *i >= 0 => Some(*i as u64),
            Some(Value::String(s)) if s.parse::<u64>().is_ok() => s.parse::<u64>().ok(),
            Some(v) => {
                self.err(
                    join(prefix, "seed"),
                    format!(
                        "expected a non-negative integer (or one in a string, up to 2^64 − 1), found {}",
                        match v {
                            Value::Integer(i) => i.to_string(),
                            Value::String(s) => format!("{s:?}"),
                            v => type_name(v).to_string(),
                        }
                    ),
                );
                None
            }
        };

        let language = self.string(t, prefix, "language", false).unwrap_or_else(|| "fr".to_string());
        if !LANGUAGES.contains(&language.as_str()) {
            self.err(join(prefix, "language"), format!("{language:?}: expected \"fr\" or \"en\""));
        }

        let early = match t.get("early") {
            None => None,
            Some(Value::Boolean(false)) => None,
            Some(Value::String(s)) if matches!(crate::text::fold(s).as_str(), "OFF" | "NON" | "NO" | "FALSE") => None,
            Some(Value::String(s)) if matches!(crate::text::fold(s).trim(), "0" | "0S" | "0M" | "0H") => Some(SignedDuration::ZERO),
            Some(v) => self.duration(join(prefix, "early"), v),
        };
        let advance_orders = t.contains_key("advance_orders").then(|| self.boolean(t, prefix, "advance_orders", false));
        let pnj = match self.string(t, prefix, "pnj", false).as_deref() {
            None | Some("default") => PnjMode::Default,
            Some("forfeit") => PnjMode::Forfeit,
            Some("robot") => PnjMode::Robot,
            Some(other) => {
                self.err(join(prefix, "pnj"), format!("{other:?}: expected \"default\", \"forfeit\" or \"robot\""));
                PnjMode::Default
            }
        };

        let settings = match t.get("settings") {
            None => Table::new(),
            Some(Value::Table(s)) => s.clone(),
            Some(v) => {
                self.err(
                    join(prefix, "settings"),
                    format!("expected a table ([games.settings]), found {}", type_name(v)),
                );
                Table::new()
            }
        };

        if self.errors.len() != before {
            return None;
        }
        Some(GameConfig {
            id,
            ruleset,
            time_zone: time_zone?,
            time_zone_name,
            deadline: deadline?,
            reminders,
            require_registered_address,
            pnj_after_onr,
            registration_open,
            allow_new_family_after_pnj,
            mass_onr_threshold,
            seed,
            language,
            early,
            advance_orders,
            pnj,
            settings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::{Secret, TlsMode};

    fn shipped_path() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")
    }

    const BASE: &str = r#"
referee_address = "arbitre@localhost"
admin_address = "referee@localhost"
[transport]
kind = "maildir"
"#;

    fn parse_at(text: &str) -> Result<Config, ConfigErrors> {
        parse(text, Path::new("/etc/arbitre/config.toml"))
    }

    fn errors_of(text: &str) -> Vec<String> {
        match parse_at(text) {
            Ok(_) => panic!("expected errors for:\n{text}"),
            Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
        }
    }

    fn has(errors: &[String], needle: &str) -> bool {
        errors.iter().any(|e| e.contains(needle))
    }

    fn game(extra: &str) -> String {
        format!(
            "{BASE}\n[[games]]\nid = \"g-1\"\nruleset = \"stellarium\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"weekly sunday 20:00\"\n{extra}\n"
        )
    }

    const IMAP: &str = r#"
referee_address = "arbitre@example.org"
admin_address = "referee@example.org"
[transport]
kind = "imap"
[transport.imap]
host = "mail.example.org"
port = 993
tls = "implicit"
user = "arbitre"
password = { file = "secrets/imap" }
[transport.smtp]
host = "mail.example.org"
port = 587
tls = "starttls"
user = "arbitre"
password = { env = "ARBITRE_SMTP_PASSWORD" }
"#;

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
    }

    #[test]
    fn the_commented_imap_variant_of_the_shipped_config_loads() {
        // Uncomment the lines of the IMAP variant ("#! ") in place of the maildir transport.
        let text = std::fs::read_to_string(shipped_path()).unwrap();
        let mut out = String::new();
        let mut in_maildir = false;
        for line in text.lines() {
            if line.starts_with("[transport]") {
                in_maildir = true;
                continue;
            }
            if in_maildir && (line.starts_with('[') || line.starts_with("#! ")) {
                in_maildir = false;
            }
            if in_maildir && !line.starts_with('#') {
                continue;
            }
            out.push_str(line.strip_prefix("#! ").unwrap_or(line));
            out.push('\n');
        }
        let c = parse(&out, &shipped_path()).unwrap_or_else(|e| panic!("{e}\n{out}"));
        let TransportConfig::Imap { imap, smtp } = c.transport else { panic!("not imap") };
        assert!(matches!(imap.password, Secret::File(_) | Secret::Env(_)));
        assert!(smtp.user.is_some());
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
    fn imap_settings_become_the_transport_types() {
        let c = parse_at(IMAP).unwrap_or_else(|e| panic!("{e}"));
        let TransportConfig::Imap { imap, smtp } = c.transport else { panic!("not imap") };
        assert_eq!(imap.tls, TlsMode::Implicit);
        assert_eq!(imap.password, Secret::File(PathBuf::from("/etc/arbitre/secrets/imap")));
        assert_eq!(smtp.tls, TlsMode::StartTls);
        assert_eq!(smtp.password, Some(Secret::Env("ARBITRE_SMTP_PASSWORD".into())));
    }

    #[test]
    fn turn_based_settings_early_advance_orders_pnj_and_relative_schedules() {
        let g = |extra: &str| parse_at(&game(extra)).unwrap_or_else(|e| panic!("{e}")).games.remove(0);
        let d = g("");
        assert_eq!((d.early, d.advance_orders, d.pnj), (None, None, PnjMode::Default), "off, auto, default");
        assert_eq!(g("early = \"15m\"").early, Some(SignedDuration::from_mins(15)));
        assert_eq!(g("early = \"0m\"").early, Some(SignedDuration::ZERO));
        assert_eq!(g("early = \"off\"").early, None);
        assert_eq!(g("early = false").early, None);
        assert_eq!(g("advance_orders = true").advance_orders, Some(true));
        assert_eq!(g("pnj = \"robot\"").pnj, PnjMode::Robot);
        assert_eq!(g("pnj = \"forfeit\"").pnj, PnjMode::Forfeit);
        let relative = parse_at(&game("").replace("weekly sunday 20:00", "after 48h")).unwrap().games.remove(0);
        assert_eq!(relative.deadline, Schedule::After(SignedDuration::from_hours(48)));
        assert!(has(&errors_of(&game("early = \"soon\"")), "games[0].early: invalid duration \"soon\""), "{:?}", errors_of(&game("early = \"soon\"")));
        assert!(has(&errors_of(&game("pnj = \"bot\"")), r#"games[0].pnj: "bot": expected "default", "forfeit" or "robot""#));
        assert!(has(&errors_of(&game("advance_orders = \"yes\"")), "games[0].advance_orders: expected true or false, found a string"));
    }

    #[test]
    fn each_error_names_its_setting() {
        let e = errors_of(&game("").replace("Europe/Paris", "Europe/Pari"));
        assert!(
            has(&e, r#"games[0].time_zone: unknown time zone "Europe/Pari" (did you mean "Europe/Paris"?)"#),
            "{e:?}"
        );

        let e = errors_of(&IMAP.replace("\"implicit\"", "\"tls\""));
        assert!(has(&e, r#"transport.imap.tls: expected "implicit", "starttls" or "none""#), "{e:?}");

        let e = errors_of(&IMAP.replace("password = { file = \"secrets/imap\" }", "password = \"hunter2\""));
        assert!(has(&e, "transport.imap.password: a password written in the configuration is not allowed"), "{e:?}");
        assert!(has(&e, "password = { env = \"ARBITRE_IMAP_PASSWORD\" }"), "{e:?}");

        let e = errors_of(&IMAP.replace("tls = \"starttls\"", "tls = \"none\""));
        assert!(
            has(&e, "transport.smtp.tls: \"none\" (no encryption) is allowed only towards a loopback host"),
            "{e:?}"
        );
        let ok = IMAP.replace("tls = \"starttls\"", "tls = \"none\"").replacen(
            "mail.example.org\"\nport = 587",
            "127.0.0.1\"\nport = 587",
            1,
        );
        assert!(parse_at(&ok).is_ok(), "{:?}", parse_at(&ok).err());

        let e = errors_of(&IMAP.replace("port = 993", "port = 99999"));
        assert!(has(&e, "transport.imap.port: 99999 is not a port"), "{e:?}");
        let e = errors_of(&IMAP.replace("password = { env = \"ARBITRE_SMTP_PASSWORD\" }", ""));
        assert!(has(&e, "transport.smtp.password: missing: a user needs a password"), "{e:?}");

        let e = errors_of(&BASE.replace("arbitre@localhost", "arbitre.localhost"));
        assert!(has(&e, "referee_address: \"arbitre.localhost\" does not look like a mail address"), "{e:?}");
        let e = errors_of(&BASE.replace("admin_address = \"referee@localhost\"", ""));
        assert!(has(&e, "admin_address: missing (required)"), "{e:?}");

        let e = errors_of(&game("").replace("\"g-1\"", "\"Game_1\""));
        assert!(has(&e, "games[0].id: \"Game_1\": expected lower-case letters"), "{e:?}");
        let e = errors_of(&game("").replace("\"stellarium\"", "\"diplomacy\""));
        assert!(has(&e, "games[0].ruleset: unknown ruleset \"diplomacy\""), "{e:?}");
        let e = errors_of(&game("").replace("weekly sunday 20:00", "weekly funday 20:00"));
        assert!(has(&e, "games[0].deadline: invalid schedule"), "{e:?}");
        let e = errors_of(&game("reminders = [\"48h\", \"6 parsecs\"]"));
        assert!(has(&e, "games[0].reminders[1]: invalid duration"), "{e:?}");
        let e = errors_of(&game("mass_onr_threshold = 1.5"));
        assert!(has(&e, "games[0].mass_onr_threshold: 1.5 is out of range"), "{e:?}");
        let e = errors_of(&game("pnj_after_onr = -1"));
        assert!(has(&e, "games[0].pnj_after_onr: -1 is out of range"), "{e:?}");
        let e = errors_of(&game("seed = -5"));
        assert!(has(&e, "games[0].seed: expected a non-negative integer"), "{e:?}");
        let e = errors_of(&game("registration_open = \"yes\""));
        assert!(has(&e, "games[0].registration_open: expected true or false"), "{e:?}");
        let e = errors_of(&game("language = \"de\""));
        assert!(has(&e, "games[0].language: \"de\""), "{e:?}");
        let e = errors_of(&game("time_zon = \"UTC\""));
        assert!(has(&e, "games[0].time_zon: unknown setting (did you mean \"time_zone\"?)"), "{e:?}");
        let e = errors_of(&BASE.replace("maildir", "pigeon"));
        assert!(has(&e, "transport.kind: expected \"maildir\" or \"imap\""), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[limits]\nmax_text_bytes = 10\n"));
        assert!(has(&e, "limits.max_text_bytes: 10 is out of range"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[outbox]\nretry_initial = \"2h\"\nretry_max = \"1h\"\n"));
        assert!(has(&e, "outbox.retry_max: must not be shorter"), "{e:?}");
    }

    #[test]
    fn reconnect_and_alert_settings_parse_and_name_their_errors() {
        let c = parse_at(BASE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.reconnect, ReconnectConfig::default());
        assert_eq!(c.alerts.outage_after, SignedDuration::from_mins(10));
        assert_eq!(c.reconnect.delay(1), std::time::Duration::from_secs(1));
        assert_eq!(c.reconnect.delay(4), std::time::Duration::from_secs(8));
        assert_eq!(c.reconnect.delay(40), std::time::Duration::from_secs(300));

        let text = IMAP.replace("kind = \"imap\"", "kind = \"imap\"\nreconnect_initial = \"2s\"\nreconnect_max = \"30s\"")
            + "\n[alerts]\noutage_after = \"45s\"\n";
        let c = parse_at(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.reconnect.initial, SignedDuration::from_secs(2));
        assert_eq!(c.reconnect.max, SignedDuration::from_secs(30));
        assert_eq!(c.reconnect.delay(3), std::time::Duration::from_secs(8));
        assert_eq!(c.reconnect.delay(10), std::time::Duration::from_secs(30));
        assert_eq!(c.alerts.outage_after, SignedDuration::from_secs(45));

        let e = errors_of(&BASE.replace("kind = \"maildir\"", "kind = \"maildir\"\nreconnect_initial = \"1m\"\nreconnect_max = \"10s\""));
        assert!(has(&e, "transport.reconnect_max: must not be shorter than transport.reconnect_initial"), "{e:?}");
        let e = errors_of(&BASE.replace("kind = \"maildir\"", "kind = \"maildir\"\nreconnect_initial = \"soon\""));
        assert!(has(&e, "transport.reconnect_initial: invalid duration"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[alerts]\noutage_after = \"0s\"\n"));
        assert!(has(&e, "alerts.outage_after: must be longer than zero"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[alerts]\noutage_afer = \"1m\"\n"));
        assert!(has(&e, "alerts.outage_afer: unknown setting (did you mean \"outage_after\"?)"), "{e:?}");
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
