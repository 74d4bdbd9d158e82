//! Shared by the end-to-end test and the intake-rush benchmark: a
//! configuration for `arbitre serve` on the mail stack, and the daemon as a
//! child process stopped with SIGTERM.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use arbitre::transport::testkit::{MailStack, StoredMessage};

/// The shared mail stack, started once per test process.
pub fn stack() -> &'static MailStack {
    match MailStack::shared() {
        Ok(s) => s,
        Err(e) => panic!("the mail stack did not start: {e}"),
    }
}

/// The password a welcome mail gives (its `MOTDEPASSE` line).
pub fn password_in(text: &str) -> String {
    text.lines()
        .find_map(|l| l.trim().strip_prefix("MOTDEPASSE ").map(str::to_string))
        .filter(|p| p != "...")
        .expect("a password line")
}

/// A `config.toml` for the daemon reading `stack.referee` over IMAP
/// (STARTTLS, IDLE) and sending over SMTP (STARTTLS, AUTH), trusting the
/// stack's certificate. One Stellarium game `game` with a manual deadline.
pub fn daemon_config(stack: &MailStack, admin: &str, game: &str, seed: u64) -> String {
    format!(
        r#"data_dir = "data"
referee_address = "{referee}"
referee_name = "Arbitre"
admin_address = "{admin}"

[outbox]
retry_initial = "1s"
retry_max = "5s"

[transport]
kind = "imap"

{tables}
[[games]]
id = "{game}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "manual"
reminders = []
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = {seed}
"#,
        referee = stack.referee,
        tables = mail_server_tables(stack),
    )
}

/// The `[transport.imap]` and `[transport.smtp]` tables of a configuration
/// for the daemon on `stack`: the referee's mailbox over IMAP (STARTTLS,
/// IDLE), sending over SMTP (STARTTLS, AUTH), trusting the stack's
/// certificate.
pub fn mail_server_tables(stack: &MailStack) -> String {
    format!(
        r#"[transport.imap]
host = "{host}"
port = {imap_port}
tls = "starttls"
user = "{referee}"
password = {{ file = "{password}" }}
idle = true
ca_file = "{ca}"

[transport.smtp]
host = "{host}"
port = {smtp_port}
tls = "starttls"
user = "{referee}"
password = {{ file = "{password}" }}
ca_file = "{ca}"
"#,
        referee = stack.referee,
        host = stack.host,
        imap_port = stack.imap_port,
        smtp_port = stack.smtp_port,
        password = stack.password_file.display(),
        ca = stack.ca_file.display(),
    )
}

/// `arbitre serve` as a child process; SIGTERM when dropped.
pub struct Daemon {
    child: Child,
    log: PathBuf,
}

impl Daemon {
    /// Starts `arbitre --config CONFIG serve`, logging to `log`.
    pub fn start(binary: &str, config: &Path, log: &Path) -> Daemon {
        let out = std::fs::File::create(log).expect("daemon log file");
        let err = out.try_clone().expect("daemon log file");
        let child = Command::new(binary)
            .arg("--config")
            .arg(config)
            .arg("serve")
            .env("ARBITRE_LOG", std::env::var("ARBITRE_LOG").unwrap_or_else(|_| "info".into()))
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start arbitre serve");
        Daemon {
            child,
            log: log.to_path_buf(),
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGTERM, then the exit status (SIGKILL and None after 20 s).
    pub fn stop(&mut self) -> Option<ExitStatus> {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        None
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.stop();
        }
    }
}

pub fn text_of(m: &StoredMessage) -> String {
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).expect("parsable mail");
    parsed.body_text(0).map(|c| c.into_owned()).unwrap_or_default()
}

pub fn subject_of(m: &StoredMessage) -> String {
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).expect("parsable mail");
    parsed.subject().unwrap_or_default().to_string()
}

/// Waits until `user`'s inbox holds a message whose subject satisfies
/// `pred`; returns the newest such and how long it took. Panics with the
/// daemon's log after `max`.
pub async fn wait_for_subject(
    s: &MailStack,
    user: &str,
    daemon: &Daemon,
    max: Duration,
    pred: impl Fn(&str) -> bool,
) -> (StoredMessage, Duration) {
    let t = Instant::now();
    loop {
        let msgs = s.messages_of(user, "INBOX").await.expect("list the inbox");
        if let Some(m) = msgs.into_iter().rev().find(|m| pred(&subject_of(m))) {
            return (m, t.elapsed());
        }
        if t.elapsed() > max {
            panic!("no matching mail for {user} after {max:?}; daemon log:\n{}", daemon.log());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Registers each of `players` in `game` under its name (`INSCRIPTION`,
/// mailed to the referee) and waits for each welcome: their passwords.
pub async fn register_by_mail(s: &MailStack, daemon: &Daemon, game: &str, players: &[String], names: &[&str]) -> Vec<String> {
    for (player, name) in players.iter().zip(names) {
        let raw = arbitre::transport::testkit::compose(player, &s.referee, "Inscription", &format!("PARTIE {game}\nINSCRIPTION {name}\n"));
        s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
    }
    let mut passwords = Vec::new();
    for player in players {
        let (welcome, _) = wait_for_subject(s, player, daemon, Duration::from_secs(60), |subj| subj.contains("Inscription")).await;
        passwords.push(password_in(&text_of(&welcome)));
    }
    passwords
}

/// The log without its colours.
pub fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ ... letter
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
