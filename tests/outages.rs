//! The outage harness: the real `arbitre serve` binary on the real Postfix +
//! Dovecot stack of `tests/mailstack/`, through four faults:
//!
//! - **dovecot-during-intake**: Dovecot stopped while players' mails arrive
//!   (Postfix takes them on its MX port and defers their delivery), started
//!   again later, Postfix's queue flushed;
//! - **postfix-during-sending**: Postfix stopped while acknowledgements and
//!   the turn's reports are being sent (players' orders reach the mailbox
//!   over Dovecot's LMTP meanwhile), started again later; the daemon is
//!   restarted once the outage is announced, and must not announce it again;
//! - **disk-full**: the data directory on a small tmpfs filled to the last
//!   byte while mails arrive, then freed;
//! - **read-only-data-dir**: that tmpfs remounted read-only while mails
//!   arrive, then read-write.
//!
//! For each: every player's mail is answered exactly once (replies counted
//! per incoming Message-ID through In-Reply-To in the players' mailboxes),
//! nothing is left unhandled in the referee's INBOX or unsent in the outbox,
//! the daemon's log names the fault, and the human referee's mailbox gets
//! the outage alert and the recovery mail, once each.
//!
//! The outage lasts `ARBITRE_OUTAGE_SECS` seconds (default 15, for CI);
//! `scripts/outage-trials.sh --outage 180` runs the same with minutes. The
//! scenarios run at once, each on its own mail stack.

mod common;
mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arbitre::transport::testkit::{compose, MailStack, StoredMessage};

use common::{strip_ansi, subject_of, text_of, Daemon};
use support::{orders_body, password_in, FOUNDERS, GAME};

/// Runs blocking work (starting servers, mounting) without stalling the
/// other scenarios on this runtime worker.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

fn outage_secs() -> u64 {
    std::env::var("ARBITRE_OUTAGE_SECS").ok().and_then(|v| v.trim().parse().ok()).filter(|s| *s > 0).unwrap_or(15)
}

/// Faults are mailed to the referee once they last this long: a third of
/// the outage (at least 2 s), so that every outage is announced.
fn alert_after_secs(outage: u64) -> u64 {
    (outage / 3).max(2)
}

fn config_text(stack: &MailStack, admin: &str, data_dir: &Path, outage: u64) -> String {
    format!(
        r#"data_dir = "{data}"
referee_address = "{referee}"
referee_name = "Arbitre"
admin_address = "{admin}"

[outbox]
retry_initial = "1s"
retry_max = "3s"

[alerts]
outage_after = "{alert}s"

[transport]
kind = "imap"
reconnect_initial = "1s"
reconnect_max = "3s"

{tables}
[[games]]
id = "{GAME}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "manual"
reminders = []
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 11
"#,
        data = data_dir.display(),
        referee = stack.referee,
        alert = alert_after_secs(outage),
        tables = common::mail_server_tables(stack),
    )
}

/// What a scenario found.
#[derive(Debug, Default)]
struct Summary {
    name: &'static str,
    down_secs: u64,
    mails: usize,
    answered: usize,
    lost: usize,
    duplicated: usize,
    /// Reports expected and received (postfix-during-sending only).
    reports: Option<(usize, usize)>,
    alerts: usize,
    /// The daemon was restarted during the outage.
    restarted: bool,
    /// The daemon's log lines about the fault, and the referee's mail.
    details: Vec<String>,
    /// The referee's mails, in full (shown with ARBITRE_OUTAGE_SHOW_MAIL=1).
    mail_texts: Vec<String>,
    problems: Vec<String>,
}

impl Summary {
    fn line(&self) -> String {
        let reports = self.reports.map(|(want, got)| format!(", reports {got}/{want}")).unwrap_or_default();
        let reports = if self.restarted { format!("{reports}, daemon restarted during the outage") } else { reports };
        format!(
            "outage {}: {} s down, {} mails, answered {}, lost {}, duplicated {}{reports}, alerts {}",
            self.name, self.down_secs, self.mails, self.answered, self.lost, self.duplicated, self.alerts
        )
    }
}

/// One scenario's world: a private mail stack, a data directory, the daemon.
struct World {
    stack: MailStack,
    admin: String,
    dir: tempfile::TempDir,
    config: PathBuf,
    data: PathBuf,
    /// Message-IDs of the mails players sent, with the sender.
    sent: Vec<(String, String)>,
}

impl World {
    /// A stack with 8 players; the data directory is `data_dir` if given
    /// (a mount point), else a fresh folder.
    fn new(outage: u64, data_dir: Option<PathBuf>) -> World {
        let stack = MailStack::start(8).unwrap_or_else(|e| panic!("the mail stack did not start: {e}"));
        let admin = stack.add_user("admin").expect("admin user");
        let dir = tempfile::tempdir().expect("temp dir");
        let data = data_dir.unwrap_or_else(|| dir.path().join("data"));
        let config = dir.path().join("config.toml");
        std::fs::write(&config, config_text(&stack, &admin, &data, outage)).expect("config");
        World { stack, admin, dir, config, data, sent: Vec::new() }
    }

    fn start_daemon(&self) -> Daemon {
        self.start_daemon_logging_to("daemon.log")
    }

    fn start_daemon_logging_to(&self, log: &str) -> Daemon {
        let d = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &self.config, &self.dir.path().join(log));
        let t = Instant::now();
        while !d.log().contains("mailbox reachable; ready") {
            assert!(t.elapsed() < Duration::from_secs(60), "the daemon did not become ready:\n{}", d.log());
            std::thread::sleep(Duration::from_millis(100));
        }
        d
    }

    /// A mail from player `i` with a known Message-ID.
    fn mail(&self, i: u32, subject: &str, body: &str, tag: &str) -> (String, Vec<u8>) {
        let player = self.stack.player(i);
        let id = format!("{tag}-{i}-{}@players.example.test", std::process::id());
        let raw = compose(&player, &self.stack.referee, subject, body);
        let mut with_id = format!("Message-ID: <{id}>\r\n").into_bytes();
        // compose() may add its own Message-ID: drop it, ours is first.
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        for line in head.split("\r\n") {
            if !line.to_ascii_lowercase().starts_with("message-id:") {
                with_id.extend_from_slice(line.as_bytes());
                with_id.extend_from_slice(b"\r\n");
            }
        }
        with_id.extend_from_slice(b"\r\n");
        with_id.extend_from_slice(rest.as_bytes());
        (id, with_id)
    }

    /// How players send: authenticated submission, the MX port, or LMTP
    /// straight into the referee's mailbox.
    async fn send(&mut self, how: Route, i: u32, subject: &str, body: &str, tag: &str) {
        let (id, raw) = self.mail(i, subject, body, tag);
        let player = self.stack.player(i);
        let to = vec![self.stack.referee.clone()];
        let t = Instant::now();
        loop {
            let res = match how {
                Route::Submission => self.stack.send_as(&player, &to, &raw).await.map_err(|e| e.to_string()),
                Route::Mx => self.stack.send_via_mx(&player, &to, &raw).await.map_err(|e| e.to_string()),
                Route::Lmtp => self.stack.deliver_lmtp(&player, &self.stack.referee, &raw).await.map_err(|e| e.to_string()),
            };
            match res {
                Ok(()) => break,
                // The server itself is fine; a refused connection right
                // after a restart is retried, as a real client would.
                Err(e) if t.elapsed() < Duration::from_secs(30) => {
                    eprintln!("sending {id} failed ({e}); retrying");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => panic!("could not send {id}: {e}"),
            }
        }
        self.sent.push((id, player));
    }

    /// Replies per sent Message-ID, from the players' mailboxes.
    async fn replies(&self) -> BTreeMap<String, usize> {
        let mut counts: BTreeMap<String, usize> = self.sent.iter().map(|(id, _)| (id.clone(), 0)).collect();
        let mut players: Vec<&String> = self.sent.iter().map(|(_, p)| p).collect();
        players.sort();
        players.dedup();
        for p in players {
            let Ok(msgs) = self.stack.messages_of(p, "INBOX").await else { continue };
            for m in &msgs {
                if let Some(irt) = m.header("In-Reply-To") {
                    let id = irt.trim().trim_start_matches('<').trim_end_matches('>').to_string();
                    if let Some(c) = counts.get_mut(&id) {
                        *c += 1;
                    }
                }
            }
        }
        counts
    }

    async fn admin_mail(&self) -> Vec<StoredMessage> {
        self.stack.messages_of(&self.admin, "INBOX").await.unwrap_or_default()
    }

    /// Waits (at most `max`) until every sent mail has a reply, the
    /// referee's INBOX is empty, and the admin got the outage and recovery
    /// mails naming `fault`; then a few seconds more for late duplicates.
    /// Fills the summary.
    async fn settle(&self, daemon: &Daemon, fault: &str, max: Duration, s: &mut Summary) {
        let t = Instant::now();
        loop {
            let replies = self.replies().await;
            let all_answered = replies.values().all(|n| *n >= 1);
            let inbox_empty = self.stack.messages_of(&self.stack.referee, "INBOX").await.map(|v| v.is_empty()).unwrap_or(false);
            let admin = self.admin_mail().await;
            let subjects: Vec<String> = admin.iter().map(subject_of).collect();
            let alerted = subjects.iter().any(|x| x.contains("panne") && x.contains(fault));
            let recovered = subjects.iter().any(|x| x.contains("rétabli") && x.contains(fault));
            if all_answered && inbox_empty && alerted && recovered {
                break;
            }
            if t.elapsed() > max {
                s.problems.push(format!(
                    "{}: after {max:?}: answered {}/{}, referee INBOX empty: {inbox_empty}, admin subjects: {subjects:?}\ndaemon log:\n{}",
                    s.name,
                    replies.values().filter(|n| **n >= 1).count(),
                    replies.len(),
                    daemon.log()
                ));
                break;
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        // Duplicates would come after the first copy: give them time.
        tokio::time::sleep(Duration::from_secs(4)).await;
        let replies = self.replies().await;
        s.mails = replies.len();
        s.answered = replies.values().filter(|n| **n >= 1).count();
        s.lost = replies.values().filter(|n| **n == 0).count();
        s.duplicated = replies.values().map(|n| n.saturating_sub(1)).sum();
        for (id, n) in &replies {
            if *n != 1 {
                s.problems.push(format!("{}: {id} answered {n} times", s.name));
            }
        }
        let leftover = self.stack.messages_of(&self.stack.referee, "INBOX").await.map(|v| v.len()).unwrap_or(usize::MAX);
        if leftover != 0 {
            s.problems.push(format!("{}: {leftover} message(s) left unhandled in the referee's INBOX", s.name));
        }
        // The admin's mail: each alert once; the outage one names the fault
        // and says the work resumes by itself.
        let admin = self.admin_mail().await;
        s.alerts = admin.len();
        for m in &admin {
            s.details.push(format!("  mail to the referee: {}", subject_of(m)));
            s.mail_texts.push(format!("Subject: {}\n\n{}", subject_of(m), text_of(m)));
        }
        let mut seen = BTreeMap::new();
        for m in &admin {
            *seen.entry(subject_of(m)).or_insert(0usize) += 1;
        }
        for (subject, n) in &seen {
            if *n != 1 {
                s.problems.push(format!("{}: the referee got {n} times {subject:?}", s.name));
            }
        }
        match admin.iter().find(|m| subject_of(m).contains("panne") && subject_of(m).contains(fault)) {
            Some(m) => {
                let text = text_of(m);
                for needle in ["Depuis :", "Dernière erreur :", "reprendra tout seul"] {
                    if !text.contains(needle) {
                        s.problems.push(format!("{}: the outage alert lacks {needle:?}:\n{text}", s.name));
                    }
                }
            }
            None => s.problems.push(format!("{}: no outage alert naming {fault:?}: {:?}", s.name, seen.keys().collect::<Vec<_>>())),
        }
        if let Some(m) = admin.iter().find(|m| subject_of(m).contains("rétabli") && subject_of(m).contains(fault)) {
            let text = text_of(m);
            if !text.contains("Messages en attente pendant la panne") || !text.contains("après") {
                s.problems.push(format!("{}: the recovery mail lacks its figures:\n{text}", s.name));
            }
        } else {
            s.problems.push(format!("{}: no recovery mail naming {fault:?}", s.name));
        }
        // Nothing waits or was given up in the outbox.
        for sub in ["new", "failed"] {
            let n = std::fs::read_dir(self.data.join("outbox").join(sub))
                .map(|rd| rd.flatten().filter(|e| e.file_name().to_string_lossy().ends_with(".json")).count())
                .unwrap_or(0);
            if n != 0 {
                s.problems.push(format!("{}: {n} item(s) in outbox/{sub}", s.name));
            }
        }
    }

    fn check_log(&self, daemon: &Daemon, needles: &[&str], s: &mut Summary) {
        let log = strip_ansi(&daemon.log());
        for line in log.lines() {
            if ["fault", "recovered", "alert queued"].iter().any(|k| line.contains(k)) {
                let line: String = line.chars().take(300).collect();
                s.details.push(format!("  log: {line}"));
            }
        }
        for n in needles {
            if !log.contains(n) {
                s.problems.push(format!("{}: the daemon's log does not mention {n:?}:\n{log}", s.name));
            }
        }
    }

    fn stop_daemon_only(&self, daemon: &mut Daemon, s: &mut Summary) {
        match daemon.stop() {
            Some(st) if st.success() => {}
            other => s.problems.push(format!("{}: the daemon did not stop cleanly: {other:?}\n{}", s.name, daemon.log())),
        }
    }

    fn stop(&self, daemon: &mut Daemon, s: &mut Summary) {
        match daemon.stop() {
            Some(st) if st.success() => {}
            other => s.problems.push(format!("{}: the daemon did not stop cleanly: {other:?}\n{}", s.name, daemon.log())),
        }
        let _ = self.stack.stop();
    }
}

#[derive(Debug, Clone, Copy)]
enum Route {
    Submission,
    Mx,
    Lmtp,
}

const FAMILIES: [&str; 8] = ["Atréides", "Harkonnen", "Corrino", "Ordos", "Moritani", "Ecaz", "Richèse", "Vernius"];

fn registration(i: u32) -> String {
    format!("Bonjour,\n\nPARTIE {GAME}\nINSCRIPTION {}\n", FAMILIES[(i as usize - 1) % FAMILIES.len()])
}

fn question(i: u32) -> String {
    format!("Bonjour,\n\nquand commence la partie ? (joueur {i})\n")
}

/// Sends `n` mails spread over `secs` seconds: registrations of players
/// `first..`, or questions.
async fn trickle(w: &mut World, how: Route, players: std::ops::Range<u32>, secs: u64, tag: &str, register: bool) {
    let n = players.len().max(1) as u64;
    let step = Duration::from_millis(secs * 1000 / (n + 1));
    for i in players {
        tokio::time::sleep(step).await;
        let (subject, body) = if register { ("Inscription", registration(i)) } else { ("Question", question(i)) };
        w.send(how, i, subject, &body, tag).await;
    }
}

async fn wait_secs_since(t: Instant, secs: u64) {
    let until = t + Duration::from_secs(secs);
    let now = Instant::now();
    if until > now {
        tokio::time::sleep(until - now).await;
    }
}

/// How long the harness waits for everything once the fault is over.
fn settle_max() -> Duration {
    Duration::from_secs(120)
}

async fn dovecot_during_intake(outage: u64) -> Summary {
    let mut s = Summary { name: "dovecot-during-intake", down_secs: outage, ..Summary::default() };
    let mut w = blocking(|| World::new(outage, None));
    let mut daemon = blocking(|| w.start_daemon());
    // Before: the daemon works.
    w.send(Route::Mx, 1, "Inscription", &registration(1), "before").await;
    w.send(Route::Mx, 2, "Question", &question(2), "before").await;
    wait_answered(&w, Duration::from_secs(60)).await;

    blocking(|| w.stack.stop_dovecot()).expect("stop Dovecot");
    let t0 = Instant::now();
    eprintln!("{}: Dovecot stopped", s.name);
    // Players go on writing; Postfix takes their mail and defers it.
    trickle(&mut w, Route::Mx, 3..6, outage / 2, "during", true).await;
    trickle(&mut w, Route::Mx, 6..9, outage / 2, "during", false).await;
    wait_secs_since(t0, outage).await;
    let queued = w.stack.postfix_queue_len();
    blocking(|| w.stack.start_dovecot()).expect("start Dovecot");
    blocking(|| w.stack.flush_postfix()).expect("flush Postfix");
    eprintln!("{}: Dovecot started after {:?}; {queued} mail(s) were waiting in Postfix's queue", s.name, t0.elapsed());
    if queued < 6 {
        s.problems.push(format!("{}: only {queued} mail(s) in Postfix's queue during the outage (expected the 6 players' mails at least)", s.name));
    }
    w.send(Route::Mx, 1, "Question", &question(1), "after").await;

    w.settle(&daemon, "boîte aux lettres", settle_max(), &mut s).await;
    w.check_log(&daemon, &["fault started: the mailbox is unreachable", "recovered: the mailbox is unreachable no more"], &mut s);
    blocking(|| w.stop(&mut daemon, &mut s));
    s
}

async fn postfix_during_sending(outage: u64) -> Summary {
    let mut s = Summary { name: "postfix-during-sending", down_secs: outage, ..Summary::default() };
    let mut w = blocking(|| World::new(outage, None));
    let mut daemon = blocking(|| w.start_daemon());
    // Before: four families register and get their passwords.
    let players: Vec<u32> = (1..5).collect();
    for &i in &players {
        w.send(Route::Submission, i, "Inscription", &registration(i), "register").await;
    }
    wait_answered(&w, Duration::from_secs(60)).await;
    let mut passwords = BTreeMap::new();
    for &i in &players {
        let msgs = w.stack.messages_of(&w.stack.player(i), "INBOX").await.expect("player's inbox");
        let welcome = msgs.iter().find(|m| subject_of(m).contains("Inscription")).expect("welcome mail");
        passwords.insert(i, password_in(&text_of(welcome)));
    }

    blocking(|| w.stack.stop_postfix()).expect("stop Postfix");
    let t0 = Instant::now();
    eprintln!("{}: Postfix stopped", s.name);
    // Orders reach the mailbox (Dovecot's LMTP); the acknowledgements wait.
    for &i in &players {
        let family = FAMILIES[i as usize - 1];
        w.send(Route::Lmtp, i, "Ordres", &orders_body(family, &passwords[&i], Some(0), FOUNDERS), "orders").await;
    }
    w.send(Route::Lmtp, 5, "Question", &question(5), "during").await;
    w.send(Route::Lmtp, 6, "Question", &question(6), "during").await;
    // Once they are handled, the referee adjudicates: four reports wait too.
    let t = Instant::now();
    while !w.stack.messages_of(&w.stack.referee, "INBOX").await.map(|v| v.is_empty()).unwrap_or(false) {
        assert!(t.elapsed() < Duration::from_secs(60), "orders not handled:\n{}", daemon.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let out = blocking(|| Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("--config").arg(&w.config).arg("adjudicate").arg(GAME).output()).expect("run arbitre adjudicate");
    if !out.status.success() {
        s.problems.push(format!("adjudicate failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    // The daemon is restarted once the outage is announced: the new one
    // knows the outage (health.json) and announces neither it again nor a
    // new one; it announces its end.
    while !daemon.log().contains("alert queued for the referee") && t0.elapsed() < Duration::from_secs(outage.saturating_sub(2)) {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    if daemon.log().contains("alert queued for the referee") {
        blocking(|| w.stop_daemon_only(&mut daemon, &mut s));
        w.check_log(&daemon, &["fault started: sending mail (SMTP) fails", "alert queued for the referee id=admin-outage-smtp-"], &mut s);
        daemon = blocking(|| w.start_daemon_logging_to("daemon-2.log"));
        eprintln!("{}: daemon restarted during the outage", s.name);
        s.restarted = true;
    } else {
        s.problems.push(format!("{}: the outage was not announced before its end:\n{}", s.name, daemon.log()));
    }
    wait_secs_since(t0, outage).await;
    let waiting = std::fs::read_dir(w.data.join("outbox").join("new"))
        .map(|rd| rd.flatten().filter(|e| e.file_name().to_string_lossy().ends_with(".json")).count())
        .unwrap_or(0);
    blocking(|| w.stack.start_postfix()).expect("start Postfix");
    eprintln!("{}: Postfix started after {:?}; {waiting} mail(s) were waiting in the outbox", s.name, t0.elapsed());
    if waiting < players.len() * 2 + 2 {
        s.problems.push(format!("{}: only {waiting} mail(s) waited in the outbox (acknowledgements, answers, reports)", s.name));
    }

    w.settle(&daemon, "envoi du courrier", settle_max(), &mut s).await;
    // Every family got its report exactly once.
    let mut got = 0;
    for &i in &players {
        let msgs = w.stack.messages_of(&w.stack.player(i), "INBOX").await.unwrap_or_default();
        let n = msgs.iter().filter(|m| subject_of(m).contains("Rapport du tour 0")).count();
        if n != 1 {
            s.problems.push(format!("{}: player{i} got {n} report(s) of turn 0", s.name));
            s.duplicated += n.saturating_sub(1);
            s.lost += usize::from(n == 0);
        }
        got += n.min(1);
    }
    s.reports = Some((players.len(), got));
    w.check_log(&daemon, &["a fault was in progress when the daemon stopped", "fault still in progress: sending mail (SMTP) fails", "recovered: sending mail (SMTP) fails no more"], &mut s);
    blocking(|| w.stop(&mut daemon, &mut s));
    s
}

/// A tmpfs mounted on a folder; unmounted when dropped (after the daemon,
/// declared before it), whatever happened.
struct Tmpfs {
    path: PathBuf,
}

impl Tmpfs {
    fn mount(path: &Path, size: &str) -> Tmpfs {
        std::fs::create_dir_all(path).expect("mount point");
        run("mount", &["-t", "tmpfs", "-o", &format!("size={size},mode=0755"), "tmpfs", &path.to_string_lossy()]).expect("mount tmpfs (needs root)");
        Tmpfs { path: path.to_path_buf() }
    }

    /// `mount -o remount,<opts>`, retried while the file system is busy
    /// (the daemon writing a file at that instant).
    fn remount(&self, opts: &str) {
        let t = Instant::now();
        loop {
            match run("mount", &["-o", &format!("remount,{opts}"), &self.path.to_string_lossy()]) {
                Ok(()) => return,
                Err(e) if t.elapsed() < Duration::from_secs(20) => {
                    eprintln!("remount {opts}: {e}; retrying");
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(e) => panic!("remount {opts}: {e}"),
            }
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let p = self.path.to_string_lossy().into_owned();
        if run("umount", &[&p]).is_err() {
            let _ = run("umount", &["-l", &p]);
        }
    }
}

fn run(program: &str, args: &[&str]) -> Result<(), String> {
    let out = Command::new(program).args(args).output().map_err(|e| format!("{program}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{program} {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

/// Fills the file system of `dir` to the last byte; returns the filler.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let p = dir.join("filler");
    let mut f = std::fs::File::create(&p).expect("filler");
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        match f.write(&chunk) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.raw_os_error() == Some(28) => {
                if chunk.len() == 1 {
                    break;
                }
                let half = chunk.len() / 2;
                chunk.truncate(half);
            }
            Err(e) => panic!("filling {}: {e}", p.display()),
        }
    }
    let _ = f.sync_all();
    p
}

async fn disk_full(outage: u64) -> Summary {
    let mut s = Summary { name: "disk-full", down_secs: outage, ..Summary::default() };
    let mount_dir = tempfile::tempdir().expect("temp dir");
    let mount = blocking(|| Tmpfs::mount(&mount_dir.path().join("data"), "24m"));
    let mut w = blocking(|| World::new(outage, Some(mount.path.clone())));
    let mut daemon = blocking(|| w.start_daemon());
    w.send(Route::Submission, 1, "Inscription", &registration(1), "before").await;
    w.send(Route::Submission, 2, "Question", &question(2), "before").await;
    wait_answered(&w, Duration::from_secs(60)).await;

    let filler = blocking(|| fill(&mount.path));
    let t0 = Instant::now();
    eprintln!("{}: data directory full", s.name);
    trickle(&mut w, Route::Submission, 3..6, outage / 2, "during", true).await;
    trickle(&mut w, Route::Submission, 6..9, outage / 2, "during", false).await;
    wait_secs_since(t0, outage).await;
    let waiting = w.stack.messages_of(&w.stack.referee, "INBOX").await.map(|v| v.len()).unwrap_or(0);
    std::fs::remove_file(&filler).expect("remove the filler");
    eprintln!("{}: space freed after {:?}; {waiting} mail(s) were waiting in the referee's INBOX", s.name, t0.elapsed());
    if waiting < 6 {
        s.problems.push(format!("{}: only {waiting} mail(s) waited in the referee's INBOX during the outage", s.name));
    }
    w.send(Route::Submission, 1, "Question", &question(1), "after").await;

    w.settle(&daemon, "écriture impossible", settle_max(), &mut s).await;
    w.check_log(&daemon, &["fault started: the data directory cannot be written", "No space left on device", "recovered: the data directory cannot be written"], &mut s);
    blocking(|| w.stop(&mut daemon, &mut s));
    drop(w);
    drop(mount);
    s
}

async fn read_only_data_dir(outage: u64) -> Summary {
    let mut s = Summary { name: "read-only-data-dir", down_secs: outage, ..Summary::default() };
    let mount_dir = tempfile::tempdir().expect("temp dir");
    let mount = blocking(|| Tmpfs::mount(&mount_dir.path().join("data"), "24m"));
    let mut w = blocking(|| World::new(outage, Some(mount.path.clone())));
    let mut daemon = blocking(|| w.start_daemon());
    w.send(Route::Submission, 1, "Inscription", &registration(1), "before").await;
    w.send(Route::Submission, 2, "Question", &question(2), "before").await;
    wait_answered(&w, Duration::from_secs(60)).await;

    blocking(|| mount.remount("ro"));
    let t0 = Instant::now();
    eprintln!("{}: data directory read-only", s.name);
    trickle(&mut w, Route::Submission, 3..6, outage / 2, "during", true).await;
    trickle(&mut w, Route::Submission, 6..9, outage / 2, "during", false).await;
    wait_secs_since(t0, outage).await;
    let waiting = w.stack.messages_of(&w.stack.referee, "INBOX").await.map(|v| v.len()).unwrap_or(0);
    blocking(|| mount.remount("rw"));
    eprintln!("{}: read-write again after {:?}; {waiting} mail(s) were waiting in the referee's INBOX", s.name, t0.elapsed());
    if waiting < 6 {
        s.problems.push(format!("{}: only {waiting} mail(s) waited in the referee's INBOX during the outage", s.name));
    }
    w.send(Route::Submission, 1, "Question", &question(1), "after").await;

    w.settle(&daemon, "écriture impossible", settle_max(), &mut s).await;
    w.check_log(&daemon, &["fault started: the data directory cannot be written", "Read-only file system", "recovered: the data directory cannot be written"], &mut s);
    blocking(|| w.stop(&mut daemon, &mut s));
    drop(w);
    drop(mount);
    s
}

/// Waits until every mail sent so far has a reply.
async fn wait_answered(w: &World, max: Duration) {
    let t = Instant::now();
    loop {
        if w.replies().await.values().all(|n| *n >= 1) {
            return;
        }
        assert!(t.elapsed() < max, "mails not answered within {max:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn outages_lose_nothing_and_duplicate_nothing() {
    let outage = outage_secs();
    eprintln!("outage harness: {outage} s outages, alerts after {} s", alert_after_secs(outage));
    let t = Instant::now();
    let tasks = vec![
        tokio::spawn(dovecot_during_intake(outage)),
        tokio::spawn(postfix_during_sending(outage)),
        tokio::spawn(disk_full(outage)),
        tokio::spawn(read_only_data_dir(outage)),
    ];
    let mut summaries = Vec::new();
    let mut crashed = Vec::new();
    for task in tasks {
        match task.await {
            Ok(s) => summaries.push(s),
            Err(e) => crashed.push(e.to_string()),
        }
    }
    for s in &summaries {
        for p in &s.problems {
            eprintln!("PROBLEM {p}");
        }
    }
    for s in &summaries {
        eprintln!("{}:", s.name);
        for d in &s.details {
            eprintln!("{d}");
        }
    }
    if std::env::var_os("ARBITRE_OUTAGE_SHOW_MAIL").is_some() {
        for s in &summaries {
            for m in &s.mail_texts {
                eprintln!("--- {}\n{m}", s.name);
            }
        }
    }
    println!();
    for s in &summaries {
        println!("{}", s.line());
    }
    let lost: usize = summaries.iter().map(|s| s.lost).sum();
    let duplicated: usize = summaries.iter().map(|s| s.duplicated).sum();
    println!("outages: {} scenarios, lost {lost}, duplicated {duplicated} ({:.0} s)", summaries.len(), t.elapsed().as_secs_f64());
    assert!(crashed.is_empty(), "scenarios that panicked: {crashed:?}");
    assert_eq!(summaries.len(), 4);
    let problems: Vec<&String> = summaries.iter().flat_map(|s| &s.problems).collect();
    assert!(problems.is_empty(), "{} problem(s), see above", problems.len());
    assert_eq!((lost, duplicated), (0, 0));
}
