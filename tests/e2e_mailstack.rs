//! End to end through a real mail system: the `arbitre serve` binary reads
//! the referee's mailbox over IMAP (STARTTLS, IDLE) and sends over SMTP
//! (STARTTLS, AUTH) on the Postfix + Dovecot stack of `tests/mailstack/`;
//! players register, send orders, get acknowledgements and, after the
//! turn is adjudicated, their reports, all as real mail.

mod support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbitre::transport::testkit::{compose, MailStack, StoredMessage};

use support::{orders_body, password_in, FOUNDERS, GAME};

fn stack() -> &'static MailStack {
    match MailStack::shared() {
        Ok(s) => s,
        Err(e) => panic!("the mail stack did not start: {e}"),
    }
}

/// The daemon, stopped with SIGTERM when dropped.
struct Daemon {
    child: Child,
    log: std::path::PathBuf,
}

impl Daemon {
    fn start(config: &Path, log: &Path) -> Daemon {
        let out = std::fs::File::create(log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("--config")
            .arg(config)
            .arg("serve")
            .env("ARBITRE_LOG", "info")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap();
        Daemon {
            child,
            log: log.to_path_buf(),
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGTERM, then the exit status (SIGKILL after 20 s).
    fn stop(&mut self) -> Option<std::process::ExitStatus> {
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

fn text_of(m: &StoredMessage) -> String {
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).unwrap();
    parsed.body_text(0).map(|c| c.into_owned()).unwrap_or_default()
}

fn subject_of(m: &StoredMessage) -> String {
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).unwrap();
    parsed.subject().unwrap_or_default().to_string()
}

/// Waits until `user`'s inbox holds a message whose subject satisfies
/// `pred` (other than those already seen); returns it and how long it took.
async fn wait_for(s: &MailStack, user: &str, daemon: &Daemon, max: Duration, pred: impl Fn(&str) -> bool) -> (StoredMessage, Duration) {
    let t = Instant::now();
    loop {
        let msgs = s.messages_of(user, "INBOX").await.unwrap();
        if let Some(m) = msgs.into_iter().rev().find(|m| pred(&subject_of(m))) {
            return (m, t.elapsed());
        }
        if t.elapsed() > max {
            panic!("no matching mail for {user} after {max:?}; daemon log:\n{}", daemon.log());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_register_send_orders_and_get_reports_through_a_real_mail_server() {
    let s = stack();
    let admin = s.add_user("referee").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
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

[transport.imap]
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

[[games]]
id = "{GAME}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "manual"
reminders = []
registration_open = true
seed = 7
"#,
            referee = s.referee,
            host = s.host,
            imap_port = s.imap_port,
            smtp_port = s.smtp_port,
            password = s.password_file.display(),
            ca = s.ca_file.display(),
        ),
    )
    .unwrap();

    let mut daemon = Daemon::start(&config, &dir.path().join("daemon.log"));
    let families = ["Atréides", "Harkonnen", "Corrino"];
    let players: Vec<String> = (31..34).map(|i| s.player(i)).collect();

    // Registration: the welcome mail carries the family's password.
    let mut passwords = Vec::new();
    for (player, family) in players.iter().zip(families) {
        let raw = compose(player, &s.referee, "Inscription", &format!("Bonjour,\n\nPARTIE {GAME}\nINSCRIPTION {family}\n"));
        s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
    }
    for player in &players {
        let (welcome, took) = wait_for(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Inscription")).await;
        let text = text_of(&welcome);
        assert!(text.contains("est inscrite"), "{text}");
        passwords.push(password_in(&text));
        eprintln!("welcome for {player} after {took:?}");
    }

    // Orders for turn 0, acknowledged line by line.
    for ((player, family), pw) in players.iter().zip(families).zip(&passwords) {
        let body = orders_body(family, pw, Some(0), FOUNDERS);
        let raw = compose(player, &s.referee, "Ordres", &body);
        s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
    }
    for player in &players {
        let (ack, took) = wait_for(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Ordres")).await;
        let text = text_of(&ack);
        assert!(text.contains("8 ordre(s) accepté(s)"), "{text}");
        eprintln!("acknowledgement for {player} after {took:?}");
    }

    // The referee adjudicates by hand while the daemon runs; a player's
    // next mail wakes the outbox at once (else it looks every minute).
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(&config)
        .arg("adjudicate")
        .arg(GAME)
        .output()
        .unwrap();
    assert!(out.status.success(), "adjudicate: {}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let raw = compose(&players[0], &s.referee, "Aide", &format!("PARTIE {GAME}\nAIDE\n"));
    s.send_as(&players[0], std::slice::from_ref(&s.referee), &raw).await.unwrap();
    for (player, family) in players.iter().zip(families) {
        let (report, took) =
            wait_for(s, player, &daemon, Duration::from_secs(90), |subj| subj.contains("Rapport du tour 0")).await;
        assert!(subject_of(&report).contains(family), "{}", subject_of(&report));
        eprintln!("report for {player} after {took:?}");
    }

    // Every message the referee received was handled and moved aside.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let inbox = s.messages_of(&s.referee, "INBOX").await.unwrap();
        if inbox.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "left in the referee's INBOX: {}", inbox.len());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let processed = s.messages_of(&s.referee, "Processed").await.unwrap();
    assert_eq!(processed.len(), 2 * players.len() + 1, "registrations, orders, help request");
    assert!(processed.iter().all(|m| m.is_seen()));

    // A clean stop on SIGTERM.
    let status = daemon.stop().expect("the daemon stops on SIGTERM");
    assert!(status.success(), "exit {status:?}; log:\n{}", daemon.log());
}
