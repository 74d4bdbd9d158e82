//! Crash trials over the real mail system (issue #7, part 1).
//!
//! A scripted Stellarium game is played by the real `arbitre serve` through
//! Postfix + Dovecot on loopback (IMAP IDLE, SMTP with STARTTLS and AUTH):
//! four families register, send orders (one twice, one incomplete, one not
//! at all on turn 1), get a reminder, and two turns are adjudicated and
//! reported. Game time comes from a clock file (`--clock-file`) that the
//! script moves, so that two runs see the same instants.
//!
//! First the script runs uninterrupted: the reference. Then it runs again,
//! each time on a fresh mail stack and data directory, while a killer
//! thread SIGKILLs the daemon at random instants (during intake,
//! adjudication, rendering, sending) and restarts it at once, until at least
//! `ARBITRE_CRASH_KILLS` kills (default 100) over all trials. After each
//! trial, every player's mailbox and the data directory must equal the
//! reference's:
//! - mail: the same messages, each once, byte for byte once the trace
//!   headers the mail servers add (`Return-Path`, `Delivered-To`,
//!   `Received`, `X-Original-To`) are removed; `Date` and `Message-ID` are
//!   compared too (the scripted clock makes them equal);
//! - data: every file of `games/` and the archive's outcomes byte for byte,
//!   the archived mails without trace headers, the outbox's messages and
//!   recipients (not its retry bookkeeping: attempts, next attempt).
//!
//! It prints a summary and fails on any lost, duplicated or differing mail
//! or file. One command: `scripts/crash-trials.sh [--kills N] [--seed S]`.

mod common;
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitre::transport::testkit::MailStack;
use rand::{Rng, SeedableRng};

use support::{mail, password_in, templates, FOUNDERS, GAME};

const FAMILIES: [&str; 4] = ["Atréides", "Harkonnen", "Corrino", "Ordos"];

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn config(stack: &MailStack, admin: &str, seed: u64) -> String {
    format!(
        r#"data_dir = "data"
referee_address = "{referee}"
referee_name = "Arbitre"
admin_address = "{admin}"

[outbox]
retry_initial = "1s"
retry_max = "4s"
journal_grace = "3s"

[transport]
kind = "imap"

{tables}
[[games]]
id = "{GAME}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
reminders = ["24h"]
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = {seed}
"#,
        referee = stack.referee,
        tables = common::mail_server_tables(stack),
    )
}

/// Where a kill landed, from the last thing the daemon logged.
fn stage_of(log_tail: &str) -> &'static str {
    for line in log_tail.lines().rev() {
        let stage = if line.contains("rendering a report") {
            "rendering"
        } else if line.contains("deadline passed: adjudicating") {
            "adjudication"
        } else if line.contains("sending") || line.contains("deadline: turn adjudicated") || line.contains("reminders queued") {
            "sending"
        } else if ["batch fetched", "run committed", "batch marked", "message answered", "message not answered", "already handled"].iter().any(|m| line.contains(m)) {
            "intake"
        } else if line.contains("ready") {
            "waiting"
        } else {
            continue;
        };
        return stage;
    }
    "starting"
}

/// The daemon as a child process, started and killed by the killer thread
/// and by the script.
struct DaemonProc {
    root: PathBuf,
    child: Option<Child>,
    log_offset: u64,
    kills: BTreeMap<&'static str, u32>,
}

impl DaemonProc {
    fn log_path(&self) -> PathBuf {
        self.root.join("daemon.log")
    }

    fn ensure_running(&mut self) {
        if self.child.is_some() {
            return;
        }
        let log = std::fs::OpenOptions::new().create(true).append(true).open(self.log_path()).unwrap();
        self.log_offset = log.metadata().map(|m| m.len()).unwrap_or(0);
        let child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("--config")
            .arg(self.root.join("config.toml"))
            .arg("--templates")
            .arg(templates())
            .arg("--clock-file")
            .arg(self.root.join("clock"))
            .arg("serve")
            .env("ARBITRE_LOG", "info,arbitre=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
    }

    /// SIGKILL, and where it landed.
    fn kill9(&mut self) {
        if let Some(mut c) = self.child.take() {
            c.kill().unwrap();
            c.wait().unwrap();
            let mut tail = String::new();
            if let Ok(mut f) = std::fs::File::open(self.log_path()) {
                let _ = f.seek(SeekFrom::Start(self.log_offset));
                let _ = f.read_to_string(&mut tail);
            }
            *self.kills.entry(stage_of(&tail)).or_default() += 1;
        }
    }

    fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = Command::new("kill").arg("-TERM").arg(c.id().to_string()).status();
            let t = Instant::now();
            while t.elapsed() < Duration::from_secs(20) {
                if let Ok(Some(_)) = c.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for DaemonProc {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// What the killer thread last began, since when, on which process: when
/// a step never ends, whether the killer or the daemon is stuck, and where
/// (the process's state and kernel stacks, readable as root).
#[derive(Default)]
struct KillerAt {
    what: &'static str,
    pid: Option<u32>,
    since: Option<Instant>,
}

impl KillerAt {
    fn set(&mut self, what: &'static str, pid: Option<u32>) {
        *self = KillerAt { what, pid, since: Some(Instant::now()) };
    }

    fn describe(&self) -> String {
        let ago = self.since.map(|t| format!("{:.1?} ago", t.elapsed())).unwrap_or_default();
        let mut out = format!("killer: {} (pid {:?}), {ago}", self.what, self.pid);
        if let Some(pid) = self.pid {
            let proc_dir = PathBuf::from(format!("/proc/{pid}"));
            let status = std::fs::read_to_string(proc_dir.join("status")).unwrap_or_else(|e| format!("(no status: {e})"));
            let state = status.lines().find(|l| l.starts_with("State:")).unwrap_or("State: ?");
            out.push_str(&format!("\n  daemon {state}"));
            // Where its log goes, and what else it has open.
            if let Ok(rd) = std::fs::read_dir(proc_dir.join("fd")) {
                let mut fds: Vec<String> = rd
                    .flatten()
                    .map(|e| format!("{} -> {}", e.file_name().to_string_lossy(), std::fs::read_link(e.path()).map(|p| p.display().to_string()).unwrap_or_default()))
                    .collect();
                fds.sort_by_key(|f| f.split(' ').next().and_then(|n| n.parse::<u32>().ok()));
                out.push_str(&format!("\n  open files: {}", fds.join(", ")));
            }
            if let Ok(rd) = std::fs::read_dir(proc_dir.join("task")) {
                for task in rd.flatten() {
                    let p = task.path();
                    let read = |f: &str| std::fs::read_to_string(p.join(f)).unwrap_or_default();
                    let state = read("stat").split(") ").nth(1).and_then(|r| r.split(' ').next().map(str::to_string)).unwrap_or_default();
                    out.push_str(&format!("\n  thread {} {} state {state} wchan {}", task.file_name().to_string_lossy(), read("comm").trim(), read("wchan").trim()));
                    // Where a thread that cannot be killed is waiting.
                    if state == "D" {
                        out.push_str(&format!("\n    {}", read("stack").trim().replace('\n', "\n    ")));
                    }
                }
            }
        }
        // Processes in uninterruptible sleep (waiting on the disk) and the
        // kernel's last words (hung-task reports), best effort.
        let run = |cmd: &str| {
            Command::new("sh").arg("-c").arg(cmd).output().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
        };
        out.push_str(&format!("\nprocesses in state D:\n{}", run("ps -eo pid,stat,etime,wchan:32,comm | awk 'NR == 1 || $2 ~ /^D/'")));
        out.push_str(&format!("kernel log, last lines:\n{}", run("dmesg 2>/dev/null | tail -n 20")));
        out
    }
}

/// One play of the script on its own stack and data directory.
struct Run {
    stack: MailStack,
    _dir: tempfile::TempDir,
    root: PathBuf,
    admin: String,
    players: Vec<String>,
    daemon: Arc<Mutex<DaemonProc>>,
    torture: Arc<AtomicBool>,
    /// What the killer thread is doing, for a step that never ends.
    killer_at: Arc<Mutex<KillerAt>>,
    killer: Option<std::thread::JoinHandle<()>>,
    rt: tokio::runtime::Runtime,
    passwords: Vec<String>,
}

/// Messages in a user's mailbox: Message-ID → normalised bytes (one entry
/// per copy received).
type Mailbox = BTreeMap<String, Vec<Vec<u8>>>;

/// Header lines added by the mail servers on the way (they carry queue ids
/// and arrival times).
fn strip_trace_headers(raw: &[u8]) -> Vec<u8> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 2).or_else(|| raw.windows(2).position(|w| w == b"\n\n").map(|p| p + 1)).unwrap_or(raw.len());
    let (head, body) = raw.split_at(end);
    let mut out = Vec::with_capacity(raw.len());
    let mut skipping = false;
    for line in head.split_inclusive(|b| *b == b'\n') {
        let continuation = line.first().is_some_and(|b| *b == b' ' || *b == b'\t');
        if !continuation {
            let lower = String::from_utf8_lossy(line).to_ascii_lowercase();
            skipping = ["return-path:", "delivered-to:", "received:", "x-original-to:"].iter().any(|h| lower.starts_with(h));
        }
        if !skipping {
            out.extend_from_slice(line);
        }
    }
    out.extend_from_slice(body);
    out
}

fn message_id_of(raw: &[u8]) -> String {
    mail_parser::MessageParser::default()
        .parse(raw)
        .and_then(|m| m.message_id().map(str::to_string))
        .unwrap_or_else(|| format!("(none: {} bytes)", raw.len()))
}

fn maildir_files(maildir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for sub in ["new", "cur"] {
        if let Ok(rd) = std::fs::read_dir(maildir.join(sub)) {
            v.extend(rd.flatten().map(|e| e.path()).filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.')));
        }
    }
    v.sort();
    v
}

impl Run {
    fn new(seed: u64, secret: &[u8; 32]) -> Run {
        let stack = MailStack::start(5).unwrap_or_else(|e| panic!("the mail stack did not start: {e}"));
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let players: Vec<String> = (1..=4).map(|i| stack.player(i)).collect();
        let admin = stack.player(5);
        std::fs::write(root.join("config.toml"), config(&stack, &admin, seed)).unwrap();
        std::fs::create_dir_all(root.join("data")).unwrap();
        std::fs::write(root.join("data/secret.key"), secret).unwrap();
        let daemon = Arc::new(Mutex::new(DaemonProc { root: root.clone(), child: None, log_offset: 0, kills: BTreeMap::new() }));
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        Run {
            stack,
            _dir: dir,
            root,
            admin,
            players,
            daemon,
            torture: Arc::new(AtomicBool::new(false)),
            killer_at: Arc::default(),
            killer: None,
            rt,
            passwords: Vec::new(),
        }
    }

    fn set_clock(&self, at: &str) {
        let tmp = self.root.join("clock.tmp");
        std::fs::write(&tmp, at).unwrap();
        std::fs::rename(&tmp, self.root.join("clock")).unwrap();
    }

    fn now(&self) -> jiff::Timestamp {
        std::fs::read_to_string(self.root.join("clock")).unwrap().trim().parse().unwrap()
    }

    fn start_daemon(&self) {
        self.daemon.lock().unwrap().ensure_running();
    }

    /// Starts killing the daemon at random instants (it is restarted at
    /// once): often just after it logs the start of a piece of work
    /// (handling a batch of messages, adjudicating, rendering, sending), so that the
    /// kills land inside the work rather than between, and otherwise after
    /// a random lifetime (40–900 ms; one life in six is 1.5–3 s and not cut
    /// short by work, so that every step ends).
    fn start_killer(&mut self, seed: u64) {
        self.torture.store(true, Ordering::SeqCst);
        let (daemon, torture, at) = (self.daemon.clone(), self.torture.clone(), self.killer_at.clone());
        let log_path = self.root.join("daemon.log");
        self.killer = Some(std::thread::spawn(move || {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            while torture.load(Ordering::SeqCst) {
                at.lock().unwrap().set("starting the daemon", None);
                let (mut pos, pid) = {
                    let mut d = daemon.lock().unwrap();
                    d.ensure_running();
                    (d.log_offset, d.child.as_ref().map(Child::id))
                };
                at.lock().unwrap().set("letting the daemon live", pid);
                // Now and then a longer life that work does not cut short,
                // so that work also gets finished under fire: a resend of the
                // four reports logs four work lines, and if any could end
                // every life, the step would finish only by luck (one life in
                // sixteen survives them), never within its time on a slow day.
                let long = rng.gen_ratio(1, 6);
                let lifetime = Duration::from_millis(if long { rng.gen_range(1500..3000) } else { rng.gen_range(40..900) });
                let born = Instant::now();
                let mut pending = String::new();
                'life: while torture.load(Ordering::SeqCst) && born.elapsed() < lifetime {
                    std::thread::sleep(Duration::from_millis(2));
                    let Ok(mut f) = std::fs::File::open(&log_path) else { continue };
                    if f.seek(SeekFrom::Start(pos)).is_err() {
                        continue;
                    }
                    let mut fresh = String::new();
                    let _ = f.read_to_string(&mut fresh);
                    pos += fresh.len() as u64;
                    pending.push_str(&fresh);
                    while let Some(nl) = pending.find('\n') {
                        let line: String = pending.drain(..=nl).collect();
                        // Intake: after step 1 (the batch archived), while its
                        // runs are handled and committed, and the markers written.
                        let work = ["batch fetched", "run committed", "deadline passed", "rendering a report", "sending"].iter().any(|m| line.contains(m));
                        if work && !long && rng.gen_ratio(1, 2) {
                            std::thread::sleep(Duration::from_millis(rng.gen_range(0..12)));
                            break 'life;
                        }
                    }
                }
                if torture.load(Ordering::SeqCst) {
                    at.lock().unwrap().set("killing the daemon and waiting for its end", pid);
                    daemon.lock().unwrap().kill9();
                }
            }
        }));
    }

    fn stop_killer(&mut self) {
        self.torture.store(false, Ordering::SeqCst);
        if let Some(k) = self.killer.take() {
            k.join().unwrap();
        }
    }

    fn user_maildir(&self, user: &str, folder: Option<&str>) -> PathBuf {
        let base = self.stack.dir.join("mail").join(user).join("Maildir");
        match folder {
            None => base,
            Some(f) => base.join(format!(".{f}")),
        }
    }

    fn mailbox(&self, user: &str) -> Mailbox {
        let mut m = Mailbox::new();
        for f in maildir_files(&self.user_maildir(user, None)) {
            let Ok(raw) = std::fs::read(&f) else { continue };
            m.entry(message_id_of(&raw)).or_default().push(strip_trace_headers(&raw));
        }
        m
    }

    fn count(&self, user: &str) -> usize {
        maildir_files(&self.user_maildir(user, None)).len()
    }

    /// The referee's INBOX holds nothing unhandled and the outbox is empty.
    fn referee_idle(&self) -> bool {
        let inbox = maildir_files(&self.user_maildir(&self.stack.referee, None)).is_empty();
        let outbox = std::fs::read_dir(self.root.join("data/outbox/new"))
            .map(|rd| rd.flatten().all(|e| !e.file_name().to_string_lossy().ends_with(".json")))
            .unwrap_or(true);
        inbox && outbox
    }

    /// Sends a player's mail and waits until the referee's mailbox holds it
    /// with its IMAP UID, so that the referee receives the script's mails in
    /// the same order in every run. A file in the INBOX is not enough:
    /// Dovecot may give a delivered mail its UID only at the next sync of
    /// the mailbox (when the IMAP session holds the UID list's lock at the
    /// delivery), and the next mail could then be numbered before it.
    fn send(&self, player: usize, id: &str, subject: &str, body: &str) {
        let from = &self.players[player];
        let raw = mail(from, id, subject, body, self.now());
        self.rt.block_on(self.stack.send_as(from, std::slice::from_ref(&self.stack.referee), &raw)).unwrap();
        let needle = format!("<{id}>");
        let (inbox, processed) = (self.user_maildir(&self.stack.referee, None), self.user_maildir(&self.stack.referee, Some("Processed")));
        let t = Instant::now();
        let mut delivered = false;
        loop {
            let found = [&inbox, &processed]
                .into_iter()
                .flat_map(|d| maildir_files(d))
                .find(|f| std::fs::read(f).is_ok_and(|b| String::from_utf8_lossy(&b[..b.len().min(4096)]).contains(&needle)));
            if let Some(f) = found {
                delivered = true;
                // Moved to Processed: the referee has handled it. In the
                // INBOX: numbered once the UID list names it (the part of a
                // Maildir file name before its size and flags).
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                let base = name.split([',', ':']).next().unwrap_or(&name).to_string();
                let numbered = || std::fs::read_to_string(inbox.join("dovecot-uidlist")).is_ok_and(|l| l.contains(&format!(":{base}")));
                if f.starts_with(&processed) || numbered() {
                    return;
                }
            }
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "{id} {} after 60 s",
                if delivered { "reached the referee's mailbox but got no UID" } else { "never reached the referee's mailbox" }
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn users(&self) -> Vec<String> {
        let mut v = self.players.clone();
        v.push(self.admin.clone());
        v
    }

    /// Waits for the end of a step: with `expected` (a trial), until every
    /// mailbox holds the reference's count; without (the reference), until
    /// nothing moves for two seconds. Both also wait for the referee to be
    /// idle. Returns the counts.
    fn settle(&self, step: &str, expected: Option<&Vec<usize>>) -> Vec<usize> {
        let t = Instant::now();
        let mut last: Option<(Vec<usize>, Instant)> = None;
        loop {
            let counts: Vec<usize> = self.users().iter().map(|u| self.count(u)).collect();
            let idle = self.referee_idle();
            if let Some(exp) = expected {
                for (i, (c, e)) in counts.iter().zip(exp).enumerate() {
                    assert!(c <= e, "step {step}: {} holds {c} messages, the reference {e}: a mail was sent twice\n{}", self.users()[i], self.log_tail());
                }
                if &counts == exp && idle {
                    return counts;
                }
            } else {
                match &last {
                    Some((c, since)) if *c == counts => {
                        if idle && since.elapsed() > Duration::from_secs(2) {
                            return counts;
                        }
                    }
                    _ => last = Some((counts.clone(), Instant::now())),
                }
            }
            assert!(
                t.elapsed() < Duration::from_secs(240),
                "step {step}: no end after 240 s: counts {counts:?}, expected {expected:?}, referee idle {idle}\n{}{}\n{}",
                if self.killer.as_ref().is_some_and(|k| k.is_finished()) { "the killer thread has ended (panicked?); " } else { "" },
                self.killer_at.lock().unwrap_or_else(|p| p.into_inner()).describe(),
                self.log_tail()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The daemon log's last lines, then what the mail server logged about
    /// every message the daemon sent again (`no journal copy…`): whether
    /// the first sending's copies were delivered, deferred, and when.
    fn log_tail(&self) -> String {
        let path = self.root.join("daemon.log");
        let log = common::strip_ansi(&String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()));
        let lines: Vec<&str> = log.lines().collect();
        let age = std::fs::metadata(&path).and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
        let mut out = format!(
            "daemon log: {} bytes, {} lines, {} starts, last written {age:.1?} ago; its last lines:\n",
            log.len(),
            lines.len(),
            log.matches("game time is read from a clock file").count()
        );
        out.push_str(&lines[lines.len().saturating_sub(40)..].join("\n"));
        let again: BTreeSet<&str> = lines
            .iter()
            .filter(|l| l.contains("no journal copy of an interrupted sending"))
            .filter_map(|l| l.split("id=").nth(1)?.split_whitespace().next())
            .map(|id| id.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '@' && c != '.' && c != '-'))
            .collect();
        let maillog = std::fs::read_to_string(self.stack.dir.join("maillog")).unwrap_or_default();
        for id in again {
            // Postfix names a message by its queue id once cleanup has read
            // its Message-ID; every later line about it carries that id.
            // The outbox id is the Message-ID's local part, or all of it.
            let queue_ids: BTreeSet<&str> = maillog
                .lines()
                .filter(|l| l.split("message-id=<").nth(1).is_some_and(|m| m.starts_with(id) && m[id.len()..].starts_with(['@', '>'])))
                .filter_map(|l| l.split(": ").nth(1))
                .filter(|q| q.chars().all(|c| c.is_ascii_alphanumeric()))
                .collect();
            let about: Vec<&str> = maillog.lines().filter(|l| queue_ids.iter().any(|q| l.contains(&format!("{q}:")))).collect();
            out.push_str(&format!("\nmail server log about {id} ({} sendings), its last lines:", queue_ids.len()));
            for l in &about[about.len().saturating_sub(12)..] {
                out.push_str("\n  ");
                out.push_str(l);
            }
        }
        out
    }

    /// The latest mail whose subject contains `needle` in `player`'s mailbox.
    fn text_of_latest(&self, player: usize, needle: &str) -> String {
        let mut found = None;
        for f in maildir_files(&self.user_maildir(&self.players[player], None)) {
            let raw = std::fs::read(&f).unwrap();
            let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
            if m.subject().unwrap_or_default().contains(needle) {
                found = Some(m.body_text(0).map(|c| c.into_owned()).unwrap_or_default());
            }
        }
        found.unwrap_or_else(|| panic!("no mail '{needle}' for {}", self.players[player]))
    }

    /// The order form of a report, filled in with the family's password.
    fn form_of(&self, player: usize, turn: u32) -> Vec<String> {
        let text = self.text_of_latest(player, &format!("Rapport du tour {turn}"));
        let start = text.lines().position(|l| l.trim().starts_with("PARTIE ")).expect("a form in the report");
        let mut form = Vec::new();
        for l in text.lines().skip(start) {
            let l = l.trim_end();
            if l.trim().starts_with("MOTDEPASSE") {
                form.push(format!("MOTDEPASSE {}", self.passwords[player]));
            } else {
                form.push(l.to_string());
            }
            if l.trim() == "FIN" {
                break;
            }
        }
        form
    }

    /// The script. `expected`: the reference's counts after each step.
    fn play(&mut self, expected: Option<&Vec<Vec<usize>>>) -> Vec<Vec<usize>> {
        let mut counts = Vec::new();
        let mut step = |run: &Run, name: &str| {
            let c = run.settle(name, expected.map(|e| &e[counts.len()]));
            counts.push(c);
        };

        // Monday 4 January 2027; deadlines on Sundays at 20:00 in Paris.
        self.set_clock("2027-01-04T08:00:00Z");
        self.start_daemon();
        for (i, fam) in FAMILIES.iter().enumerate() {
            self.send(i, &format!("join-{i}@players.test"), "Inscription", &format!("Bonjour,\n\nPARTIE {GAME}\nINSCRIPTION {fam}\n"));
        }
        step(self, "registrations");
        self.passwords = (0..4).map(|i| password_in(&self.text_of_latest(i, "Inscription"))).collect();

        // Turn 0: complete orders, one family sending twice (the second
        // replaces the first), one incomplete.
        self.set_clock("2027-01-04T10:00:00Z");
        let body = |run: &Run, i: usize, turn: u32, lines: &[&str]| {
            let mut b = format!("PARTIE {GAME}\nFAMILLE {}\nMOTDEPASSE {}\nTOUR {turn}\n", FAMILIES[i], run.passwords[i]);
            for l in lines {
                b.push_str(l);
                b.push('\n');
            }
            b.push_str("FIN\n");
            b
        };
        self.send(0, "t0-a@players.test", "Ordres", &body(self, 0, 0, FOUNDERS));
        self.send(1, "t0-b1@players.test", "Ordres", &body(self, 1, 0, &FOUNDERS[..3]));
        self.send(2, "t0-c@players.test", "Ordres", &body(self, 2, 0, FOUNDERS));
        self.send(1, "t0-b2@players.test", "Ordres (corrigés)", &body(self, 1, 0, FOUNDERS));
        self.send(3, "t0-d@players.test", "Ordres", &body(self, 3, 0, &FOUNDERS[..5]));
        step(self, "orders of turn 0");

        // 24 hours before the deadline: the reminder.
        self.set_clock("2027-01-09T19:30:00Z");
        step(self, "reminder of turn 0");

        // The deadline passes: turn 0 is adjudicated and reported.
        self.set_clock("2027-01-10T19:01:00Z");
        step(self, "adjudication of turn 0");

        // Turn 1, from the forms of the reports: one family sends it twice,
        // one sends nothing, one only part of it.
        self.set_clock("2027-01-11T09:00:00Z");
        let forms: Vec<Vec<String>> = (0..4).map(|i| self.form_of(i, 0)).collect();
        self.send(0, "t1-a@players.test", "Ordres tour 1", &forms[0].join("\n"));
        self.send(1, "t1-b1@players.test", "Ordres tour 1", &forms[1].join("\n"));
        self.send(1, "t1-b2@players.test", "Ordres tour 1, encore", &forms[1].join("\n"));
        let partial: Vec<String> = forms[3].iter().take(6).cloned().chain(["FIN".to_string()]).collect();
        self.send(3, "t1-d@players.test", "Ordres tour 1", &partial.join("\n"));
        step(self, "orders of turn 1");

        // Past the reminder and the deadline at once.
        self.set_clock("2027-01-17T19:05:00Z");
        step(self, "adjudication of turn 1");
        counts
    }

    /// The data directory, normalised for comparison (see the file's doc).
    fn state(&self) -> BTreeMap<String, Vec<u8>> {
        let mut out = BTreeMap::new();
        let data = self.root.join("data");
        let mut stack = vec![data.clone()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let rel = p.strip_prefix(&data).unwrap().to_string_lossy().into_owned();
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                if name == "lock" || name.ends_with(".lock") || name.starts_with('.') || name == "health.json" {
                    continue;
                }
                let bytes = std::fs::read(&p).unwrap();
                let value = if rel.starts_with("archive/") && name.ends_with(".eml") {
                    strip_trace_headers(&bytes)
                } else if rel.starts_with("outbox/") && name.ends_with(".json") {
                    let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                    // Retry bookkeeping: when and how often it was tried.
                    for k in ["attempts", "next_attempt", "last_error", "in_flight_since"] {
                        v.as_object_mut().unwrap().remove(k);
                    }
                    serde_json::to_vec(&v).unwrap()
                } else {
                    bytes
                };
                out.insert(rel, value);
            }
        }
        out
    }

    fn mailboxes(&self) -> BTreeMap<String, Mailbox> {
        self.users().into_iter().map(|u| (u.clone(), self.mailbox(&u))).collect()
    }

    fn finish(mut self) -> Outcome {
        self.stop_killer();
        self.daemon.lock().unwrap().stop();
        let kills = std::mem::take(&mut self.daemon.lock().unwrap().kills);
        // What the journal did: interrupted sendings proved delivered by
        // their copy, and ones sent again because no copy came.
        let log = std::fs::read_to_string(self.root.join("daemon.log")).unwrap_or_default();
        let confirmed_by_copy = log.matches("an interrupted sending had reached the server").count();
        let sent_again = log.matches("no journal copy of an interrupted sending").count();
        // The daemon's warnings and errors and the messages it answered, for a
        // trial that differs (the harness's own clock-file warning and the
        // journal's resends left out).
        let log = common::strip_ansi(&log);
        let warnings: Vec<&str> = log
            .lines()
            .filter(|l| {
                let said = l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("message answered") || l.contains("already handled");
                said && !l.contains("game time is read from a clock file") && !l.contains("no journal copy")
            })
            .collect();
        let warnings = warnings[warnings.len().saturating_sub(60)..].join("\n");
        let result = Outcome { mail: self.mailboxes(), state: self.state(), kills, confirmed_by_copy, sent_again, warnings };
        let _ = self.stack.stop();
        result
    }
}

struct Outcome {
    mail: BTreeMap<String, Mailbox>,
    state: BTreeMap<String, Vec<u8>>,
    kills: BTreeMap<&'static str, u32>,
    confirmed_by_copy: usize,
    sent_again: usize,
    warnings: String,
}

/// Lost, duplicated and differing messages of `got` against `want`.
fn compare_mail(want: &BTreeMap<String, Mailbox>, got: &BTreeMap<String, Mailbox>, problems: &mut Vec<String>) -> (usize, usize, usize) {
    let (mut lost, mut dup, mut diff) = (0, 0, 0);
    for (user, w) in want {
        let empty = Mailbox::new();
        let g = got.get(user).unwrap_or(&empty);
        for (id, copies) in w {
            match g.get(id) {
                None => {
                    lost += copies.len();
                    problems.push(format!("{user}: lost {id}"));
                }
                Some(gc) => {
                    if gc.len() > copies.len() {
                        dup += gc.len() - copies.len();
                        problems.push(format!("{user}: {id} received {} times", gc.len()));
                    }
                    if gc.len() < copies.len() {
                        lost += copies.len() - gc.len();
                        problems.push(format!("{user}: {id} received {} of {} times", gc.len(), copies.len()));
                    }
                    if gc.iter().any(|c| !copies.contains(c)) {
                        diff += 1;
                        problems.push(format!("{user}: {id} differs from the reference"));
                    }
                }
            }
        }
        for (id, gc) in g {
            if !w.contains_key(id) {
                dup += gc.len();
                problems.push(format!("{user}: unexpected {id}"));
            }
        }
    }
    (lost, dup, diff)
}

fn compare_state(want: &BTreeMap<String, Vec<u8>>, got: &BTreeMap<String, Vec<u8>>, problems: &mut Vec<String>) -> usize {
    let keys: BTreeSet<&String> = want.keys().chain(got.keys()).collect();
    let mut bad = 0;
    for k in keys {
        match (want.get(k), got.get(k)) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) => {
                bad += 1;
                let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
                let first = a.lines().zip(b.lines()).find(|(x, y)| x != y).map(|(x, y)| format!("\n  reference: {x}\n  trial:     {y}")).unwrap_or_default();
                problems.push(format!("data/{k} differs{first}"));
            }
            (Some(_), None) => {
                bad += 1;
                problems.push(format!("data/{k} missing"));
            }
            (None, Some(_)) => {
                bad += 1;
                problems.push(format!("data/{k} should not exist"));
            }
            (None, None) => {}
        }
    }
    bad
}

#[test]
fn sigkill_at_random_instants_over_the_real_mail_system_changes_nothing() {
    let min_kills = env_u64("ARBITRE_CRASH_KILLS", 100);
    let seed = env_u64("ARBITRE_CRASH_SEED", 7);
    let mut secret = [0u8; 32];
    rand::RngCore::fill_bytes(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed), &mut secret);
    let started = Instant::now();

    let mut reference = Run::new(seed, &secret);
    let counts = reference.play(None);
    let Outcome { mail: ref_mail, state: ref_state, .. } = reference.finish();
    let ref_messages: usize = ref_mail.values().flat_map(|m| m.values()).map(Vec::len).sum();
    println!(
        "crash trials: reference run (no kill): {ref_messages} messages in {} mailboxes, {} data files, {:.0?}",
        ref_mail.len(),
        ref_state.len(),
        started.elapsed()
    );
    assert!(ref_messages >= 20, "the script produces at least 20 mails: {counts:?}");

    let mut total_kills: BTreeMap<&'static str, u32> = BTreeMap::new();
    let (mut lost, mut dup, mut diff, mut bad_files, mut trials) = (0, 0, 0, 0, 0);
    let (mut confirmed, mut again) = (0, 0);
    let mut problems = Vec::new();
    while total_kills.values().sum::<u32>() < min_kills as u32 {
        trials += 1;
        let t = Instant::now();
        let mut run = Run::new(seed, &secret);
        run.start_killer(seed.wrapping_mul(1000).wrapping_add(trials));
        run.play(Some(&counts));
        let Outcome { mail, state, kills, confirmed_by_copy, sent_again, warnings } = run.finish();
        (confirmed, again) = (confirmed + confirmed_by_copy, again + sent_again);
        let (l, d, x) = compare_mail(&ref_mail, &mail, &mut problems);
        let b = compare_state(&ref_state, &state, &mut problems);
        if !problems.is_empty() {
            problems.push(format!("the daemon's last warnings, errors and answers in trial {trials}:\n{warnings}"));
        }
        let n: u32 = kills.values().sum();
        println!(
            "crash trials: trial {trials}: {n} kills ({}), lost {l}, duplicated {d}, differing {x}, data files differing {b}; interrupted sendings proved delivered by their journal copy {confirmed_by_copy}, sent again {sent_again}; {:.0?}",
            kills.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "),
            t.elapsed()
        );
        for (k, v) in kills {
            *total_kills.entry(k).or_default() += v;
        }
        (lost, dup, diff, bad_files) = (lost + l, dup + d, diff + x, bad_files + b);
        if !problems.is_empty() {
            break;
        }
    }
    let n: u32 = total_kills.values().sum();
    println!(
        "crash trials: {trials} trial(s), {n} SIGKILLs ({}), {ref_messages} messages each: lost {lost}, duplicated {dup}, differing {diff}; data files ({}) differing {bad_files}; journal: {confirmed} interrupted sending(s) proved delivered, {again} sent again; {:.0?} in all",
        total_kills.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "),
        ref_state.len(),
        started.elapsed()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(n as u64 >= min_kills);
}
