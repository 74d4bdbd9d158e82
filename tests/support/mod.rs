//! Shared helpers of the referee's integration tests: a referee over a temp
//! data directory on the embedded Maildir transport, with a real Stellarium
//! game, and players who compose real mails.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use arbitre::mail::{compose, Outgoing};
use arbitre::referee::Referee;
use arbitre::store::OutboxState;
use jiff::Timestamp;

pub const GAME: &str = "stellarium-1";
pub const REFEREE: &str = "arbitre@example.test";

pub struct Env {
    pub dir: tempfile::TempDir,
    pub referee: Referee,
}

/// Monday 23 March 2026, 10:00 UTC: the week of the spring DST change in Paris.
pub fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

pub fn templates() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates")
}

/// The configuration of the tests before the games: a data directory and
/// the embedded Maildir transport under the test's folder.
pub fn config_head() -> String {
    format!(
        r#"data_dir = "data"
referee_address = "{REFEREE}"
referee_name = "Arbitre"
admin_address = "referee@example.test"

[transport]
kind = "maildir"
inbox = "mail/inbox"
outgoing = "mail/outgoing"
"#
    )
}

/// The configuration text of the tests (`extra` goes in the game's table).
pub fn config_text(extra: &str) -> String {
    format!(
        r#"{head}
[[games]]
id = "{GAME}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
reminders = ["48h", "6h"]
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 42
{extra}
"#,
        head = config_head()
    )
}

/// A daemon over `referee` on the embedded Maildir transport under `root`,
/// with a clock starting at `start` (tokio's, so a paused test advances it):
/// returns its clock, a sender that stops it, and its task.
pub fn spawn_daemon(
    root: &Path,
    referee: std::sync::Arc<Referee>,
    start: Timestamp,
    max_wait: std::time::Duration,
) -> (arbitre::daemon::Clock, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<anyhow::Result<()>>) {
    use arbitre::daemon::{Clock, Daemon, MailboxFactory};
    use arbitre::transport::{Mailbox, MaildirMailbox, MaildirSender};
    let inbox = root.join("mail/inbox");
    let open_mailbox: MailboxFactory = std::sync::Arc::new(move || {
        let inbox = inbox.clone();
        Box::pin(async move { Ok(Box::new(MaildirMailbox::open(&inbox)?) as Box<dyn Mailbox>) })
    });
    let clock = Clock::starting_at(start);
    let daemon = Daemon {
        referee,
        open_mailbox,
        sender: std::sync::Arc::new(MaildirSender::new(&root.join("mail/outgoing"))),
        clock: clock.clone(),
        max_wait,
        notify_systemd: false,
    };
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(daemon.run(async move {
        let _ = stop_rx.await;
    }));
    (clock, stop_tx, running)
}

pub fn env_with(extra: &str) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, config_text(extra)).unwrap();
    let cfg = arbitre::config::load(&path).unwrap();
    let referee = Referee::new(cfg, templates()).unwrap();
    referee.create_game(GAME, Some(42), t0()).unwrap();
    Env { dir, referee }
}

pub fn env() -> Env {
    env_with("")
}

/// A player's mail, as a client composes it.
pub fn mail(from: &str, msgid: &str, subject: &str, body: &str, at: Timestamp) -> Vec<u8> {
    compose(&Outgoing {
        from_name: String::new(),
        from: from.into(),
        to: vec![REFEREE.into()],
        subject: subject.into(),
        message_id: msgid.into(),
        in_reply_to: None,
        references: vec![],
        date: at,
        auto_submitted: "no",
        text: body.into(),
        html: None,
        attachments: vec![],
        loop_token: String::new(),
        journal: String::new(),
    })
    .unwrap()
}

/// A message the referee queued, read back.
#[derive(Debug, Clone)]
pub struct Sent {
    pub id: String,
    pub to: Vec<String>,
    pub subject: String,
    pub in_reply_to: Option<String>,
    pub auto_submitted: Option<String>,
    pub text: String,
    /// The HTML part (mail-parser gives the text part when there is none).
    pub html: String,
    pub attachments: Vec<String>,
}

/// Every message waiting in the outbox (oldest id first), then marks them sent.
pub fn take_outbox(r: &Referee) -> Vec<Sent> {
    let outbox = r.store.outbox();
    let mut v = Vec::new();
    for meta in outbox.list(OutboxState::New).unwrap() {
        let raw = outbox.raw(&meta.id).unwrap().unwrap();
        v.push(read(&meta.id, &raw));
        outbox.mark_sent(&meta.id).unwrap();
    }
    v
}

pub fn read(id: &str, raw: &[u8]) -> Sent {
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    Sent {
        id: id.to_string(),
        to: m.to().map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect()).unwrap_or_default(),
        subject: m.subject().unwrap_or_default().to_string(),
        in_reply_to: m.in_reply_to().as_text().map(str::to_string),
        auto_submitted: m.header_raw("Auto-Submitted").map(|s| s.trim().to_string()),
        text: m.body_text(0).map(|c| c.into_owned()).unwrap_or_default(),
        html: m.html_part(0).and_then(|p| p.text_contents()).map(str::to_string).unwrap_or_default(),
        attachments: m.attachments().filter_map(|a| mail_parser::MimeHeaders::attachment_name(a).map(str::to_string)).collect(),
    }
}

/// The password in a welcome mail.
pub fn password_in(text: &str) -> String {
    text.lines()
        .find_map(|l| l.trim().strip_prefix("MOTDEPASSE ").or_else(|| l.trim().strip_prefix("PASSWORD ")).map(str::to_string))
        .filter(|p| p != "...")
        .expect("a password line")
}

/// Registers `family` from `address`; returns its password.
pub fn join(r: &Referee, address: &str, family: &str, at: Timestamp) -> String {
    let raw = mail(address, &format!("join-{family}@{address}"), "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {family}\n"), at);
    r.handle_mail(&raw, at).unwrap();
    let sent = take_outbox(r);
    let welcome = sent.iter().find(|s| s.text.contains("Bienvenue") || s.text.contains("Welcome")).expect("welcome mail");
    assert_eq!(welcome.to, vec![address.to_string()]);
    password_in(&welcome.text)
}

/// An orders mail body with the header lines.
pub fn orders_body(family: &str, password: &str, turn: Option<u32>, lines: &[&str]) -> String {
    let mut b = format!("Bonjour,\n\nPARTIE {GAME}\nFAMILLE {family}\nMOTDEPASSE {password}\n");
    if let Some(t) = turn {
        b.push_str(&format!("TOUR {t}\n"));
    }
    for l in lines {
        b.push_str(l);
        b.push('\n');
    }
    b.push_str("FIN\n\n-- \nmoi\n");
    b
}

/// The eight founders used by the tests (names that the mail samples use).
pub const FOUNDERS: &[&str] = &[
    "PERSONNAGE 1 Leto H GUERRIER +5",
    "PERSONNAGE 2 Jessica F MARCHAND +5",
    "PERSONNAGE 3 Duncan H EXPLORATEUR +5",
    "PERSONNAGE 4 Alia F MARCHAND +5",
    "PERSONNAGE 5 Thufir H PRETRE +5",
    "PERSONNAGE 6 Gurney H GUERRIER",
    "PERSONNAGE 7 Paul H",
    "PERSONNAGE 8 Chani F",
];

pub fn data(env: &Env) -> PathBuf {
    env.dir.path().join("data")
}

pub fn game_dir(env: &Env) -> PathBuf {
    data(env).join("games").join(GAME)
}

/// Every file under `dir` with its bytes (for "nothing changed" checks).
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v = Vec::new();
    fn walk(d: &Path, v: &mut Vec<(PathBuf, Vec<u8>)>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, v);
            } else if p.file_name().is_some_and(|n| n != "lock") {
                v.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    walk(dir, &mut v);
    v.sort();
    v
}

/// The mails delivered so far to `address` by the embedded Maildir sender.
pub fn delivered(root: &Path, address: &str) -> Vec<String> {
    let dir = root.join("mail/outgoing").join(address).join("new");
    let mut files: Vec<_> = std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    // In delivery order (the names' microseconds are not zero-padded).
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    files.iter().map(|p| arbitre::mail::decode(&std::fs::read(p).unwrap(), &arbitre::mail::Limits::default()).unwrap().text).collect()
}

/// Waits (up to 60 s) until `cond` holds.
pub async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let t = std::time::Instant::now();
    while !cond() {
        assert!(t.elapsed() < std::time::Duration::from_secs(60), "{what}: not after 60 s");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Puts a player's mail in the referee's inbox, as the mail server would:
/// written in `tmp/`, then renamed into `new/` (the daemon never reads half
/// a mail).
pub fn deliver(root: &Path, name: &str, raw: &[u8]) {
    let tmp = root.join("mail/inbox/tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join(name), raw).unwrap();
    std::fs::rename(tmp.join(name), root.join("mail/inbox/new").join(name)).unwrap();
}

/// Every file of the data directory that holds `secret` (any case).
pub fn files_holding(dir: &Path, secret: &str) -> Vec<String> {
    snapshot(dir)
        .into_iter()
        .filter(|(_, bytes)| bytes.windows(secret.len()).any(|w| w.eq_ignore_ascii_case(secret.as_bytes())))
        .map(|(p, _)| p.display().to_string())
        .collect()
}

/// `arbitre family <args…>` as the referee types it.
pub fn family_command(root: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(root.join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .arg("family")
        .args(args)
        .output()
        .unwrap()
}
