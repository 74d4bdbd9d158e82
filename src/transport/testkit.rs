//! Helpers for integration tests, benchmarks and demo players: drive the
//! real mail stack of `tests/mailstack/up.sh` (Postfix + Dovecot on
//! loopback), read any user's mailbox over IMAP, send as any user over SMTP.
//!
//! Not used by the daemon itself.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use arbitre::transport::{testkit::MailStack, TlsMode};
//! let stack = MailStack::shared()?; // started once per process, stopped at exit
//! let player = stack.player(1); // "player1@example.test"
//! let raw = arbitre::transport::testkit::compose(&player, &stack.referee, "Ordres", "ORDRES\nFIN\n");
//! stack.send_as(&player, &[stack.referee.clone()], &raw).await?;
//! let inbox = arbitre::transport::testkit::list_messages(&stack.imap_settings(&stack.referee, TlsMode::Implicit), "INBOX").await?;
//! # Ok(()) }
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use async_imap::types::Fetch;
use futures::TryStreamExt;

use super::imap::open_session;
use super::{ImapSettings, Secret, SendError, Sender, SmtpSender, SmtpSettings, TlsMode, TransportError};

/// The stack's scripts, in this source tree.
pub fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("mailstack")
}

/// Error starting or reading the stack.
#[derive(Debug, thiserror::Error)]
pub enum StackError {
    #[error("mail stack: {0}")]
    Io(#[from] std::io::Error),
    #[error("mail stack: {script} failed ({status}); log: {log}\n{tail}")]
    Script {
        script: String,
        status: String,
        log: PathBuf,
        tail: String,
    },
    #[error("mail stack env file {path}: missing or bad {key}")]
    Env { path: PathBuf, key: String },
}

/// A running stack as described by its `DIR/env` file.
#[derive(Debug, Clone)]
pub struct MailStack {
    pub dir: PathBuf,
    /// `127.0.0.1` (the certificate names `localhost` and `127.0.0.1`).
    pub host: String,
    /// Postfix, STARTTLS offered, AUTH only after STARTTLS.
    pub smtp_port: u16,
    /// Postfix, implicit TLS.
    pub smtps_port: u16,
    /// Dovecot IMAP (STARTTLS, plaintext allowed on loopback).
    pub imap_port: u16,
    /// Dovecot IMAPS.
    pub imaps_port: u16,
    /// Dovecot LMTP (Postfix delivers there).
    pub lmtp_port: u16,
    /// Postfix as an MX: SMTP without AUTH (for mail to the stack's
    /// domain), so it takes mail while Dovecot (which authenticates the
    /// other SMTP ports) is down. `None` for a stack started by an older
    /// `up.sh`.
    pub mx_port: Option<u16>,
    /// The self-signed server certificate, to trust as a root.
    pub ca_file: PathBuf,
    pub domain: String,
    /// `arbitre@example.test`.
    pub referee: String,
    /// Number of `playerN@domain` users (1-based).
    pub players: u32,
    pub password: String,
    /// A file holding `password`, for [`Secret::File`].
    pub password_file: PathBuf,
}

impl MailStack {
    /// Reads `DIR/env` as written by `up.sh`.
    pub fn from_env_file(path: &Path) -> Result<Self, StackError> {
        let text = std::fs::read_to_string(path)?;
        let mut vars = BTreeMap::new();
        for line in text.lines() {
            if let Some((k, v)) = line.split_once('=') {
                let v = v.trim().trim_matches('\'').trim_matches('"');
                vars.insert(k.trim().trim_start_matches("export ").to_string(), v.to_string());
            }
        }
        let get = |k: &str| -> Result<String, StackError> {
            vars.get(k).cloned().ok_or_else(|| StackError::Env {
                path: path.to_path_buf(),
                key: k.into(),
            })
        };
        let port = |k: &str| -> Result<u16, StackError> {
            get(k)?.parse().map_err(|_| StackError::Env {
                path: path.to_path_buf(),
                key: k.into(),
            })
        };
        Ok(MailStack {
            dir: get("MAILSTACK_DIR")?.into(),
            host: get("MAILSTACK_HOST")?,
            smtp_port: port("MAILSTACK_SMTP_PORT")?,
            smtps_port: port("MAILSTACK_SMTPS_PORT")?,
            imap_port: port("MAILSTACK_IMAP_PORT")?,
            imaps_port: port("MAILSTACK_IMAPS_PORT")?,
            lmtp_port: port("MAILSTACK_LMTP_PORT")?,
            mx_port: port("MAILSTACK_MX_PORT").ok(),
            ca_file: get("MAILSTACK_CA_FILE")?.into(),
            domain: get("MAILSTACK_DOMAIN")?,
            referee: get("MAILSTACK_REFEREE")?,
            players: get("MAILSTACK_PLAYERS")?.parse().map_err(|_| StackError::Env {
                path: path.to_path_buf(),
                key: "MAILSTACK_PLAYERS".into(),
            })?,
            password: get("MAILSTACK_PASSWORD")?,
            password_file: get("MAILSTACK_PASSWORD_FILE")?.into(),
        })
    }

    /// Starts a fresh stack (installing the packages if missing) in a new
    /// temporary directory with `players` player users. It is stopped and
    /// its directory removed when this process exits (a watcher started by
    /// `up.sh`), or earlier with [`MailStack::stop`].
    pub fn start(players: u32) -> Result<Self, StackError> {
        // In /tmp, not $TMPDIR: the postfix and dovecot users must be able
        // to traverse it, and socket paths must stay short.
        let dir = tempfile::Builder::new()
            .prefix("arbitre-mailstack-")
            .tempdir_in("/tmp")?
            .keep();
        let log = dir.join("up.log");
        let log_file = std::fs::File::create(&log)?;
        let log_err = log_file.try_clone()?;
        // Output to a file, not a pipe: the daemons started by the script
        // would keep a pipe open and `output()` would never return.
        let status = Command::new("bash")
            .arg(scripts_dir().join("up.sh"))
            .arg(&dir)
            .arg("--players")
            .arg(players.to_string())
            .arg("--owner-pid")
            .arg(std::process::id().to_string())
            .arg("--remove")
            .stdin(Stdio::null())
            .stdout(log_file)
            .stderr(log_err)
            .status()?;
        if !status.success() {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            let tail: Vec<&str> = text.lines().rev().take(40).collect();
            return Err(StackError::Script {
                script: "up.sh".into(),
                status: status.to_string(),
                log,
                tail: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
            });
        }
        Self::from_env_file(&dir.join("env"))
    }

    /// One stack per process, started on first use with 40 players.
    pub fn shared() -> Result<&'static MailStack, String> {
        static SHARED: OnceLock<Result<MailStack, String>> = OnceLock::new();
        SHARED
            .get_or_init(|| MailStack::start(40).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Stops the servers now (idempotent).
    pub fn stop(&self) -> Result<(), StackError> {
        let status = Command::new("bash")
            .arg(scripts_dir().join("down.sh"))
            .arg(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        if status.success() {
            Ok(())
        } else {
            Err(self.script_error("down.sh", status.to_string(), "down.log"))
        }
    }

    /// Adds (or keeps) the user `local@domain` with the stack password;
    /// returns the address. Takes about a second (Dovecot rereads its user
    /// file at most once a second); add many at once with
    /// [`MailStack::add_users`].
    pub fn add_user(&self, local: &str) -> Result<String, StackError> {
        let mut v = self.add_users(&[local])?;
        Ok(v.remove(0))
    }

    /// Adds several users at once; returns their addresses.
    pub fn add_users(&self, locals: &[&str]) -> Result<Vec<String>, StackError> {
        if locals.is_empty() {
            return Ok(Vec::new());
        }
        let status = Command::new("bash")
            .arg(scripts_dir().join("add-user.sh"))
            .arg(&self.dir)
            .args(locals)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        if !status.success() {
            return Err(self.script_error("add-user.sh", status.to_string(), "dovecot.log"));
        }
        Ok(locals.iter().map(|l| format!("{l}@{}", self.domain)).collect())
    }

    /// Closes every IMAP session of `user` on the server side (doveadm
    /// kick), as a server restart or a network cut would.
    pub fn kick(&self, user: &str) -> Result<(), StackError> {
        let conf = self.dovecot_conf();
        self.run("doveadm", &["-c".as_ref(), conf.as_os_str(), "kick".as_ref(), user.as_ref()], "dovecot.log")
    }

    /// How many messages Dovecot has stored in `user`'s INBOX (read from
    /// its Maildir on disk: cheap enough to poll every few milliseconds in
    /// a benchmark). 0 before the first delivery.
    pub fn delivered_count(&self, user: &str) -> usize {
        let maildir = self.dir.join("mail").join(user).join("Maildir");
        ["new", "cur"]
            .iter()
            .map(|sub| {
                std::fs::read_dir(maildir.join(sub))
                    .map(|rd| rd.flatten().filter(|e| !e.file_name().to_string_lossy().starts_with('.')).count())
                    .unwrap_or(0)
            })
            .sum()
    }

    /// CPU time (user + system, in seconds) that Postfix and Dovecot have
    /// used since they started: every live process descending from either
    /// master (smtpd, cleanup, qmgr, lmtp, imap, auth, ...), with what the
    /// children they reaped used (`cutime` + `cstime` of /proc/PID/stat).
    /// None when neither master's pid can be read. Read it before and after
    /// a run: the difference is the mail server's CPU for that run.
    pub fn cpu_seconds(&self) -> Option<f64> {
        Some(self.cpu_by_program()?.values().sum())
    }

    /// [`MailStack::cpu_seconds`] by program name (`smtpd`, `lmtp`, `imap`,
    /// ...); what exited processes used counts for the process that reaped
    /// them (mostly `master`, or `dovecot` for Dovecot's master).
    pub fn cpu_by_program(&self) -> Option<BTreeMap<String, f64>> {
        let masters: Vec<u32> = [
            self.dir.join("dovecot").join("run").join("master.pid"),
            self.postfix_dir().join("queue").join("pid").join("master.pid"),
        ]
        .iter()
        .filter_map(|p| read_pid(p))
        .collect();
        if masters.is_empty() {
            return None;
        }
        // pid -> (name, parent, own + reaped children's ticks)
        let mut procs: BTreeMap<u32, (String, u32, u64)> = BTreeMap::new();
        for e in std::fs::read_dir("/proc").ok()?.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
            let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else { continue };
            // The command name (field 2) may hold spaces: count from its ')'.
            let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
            let name = stat[open + 1..close].to_string();
            let f: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            let num = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
            // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
            procs.insert(pid, (name, num(1) as u32, num(11) + num(12) + num(13) + num(14)));
        }
        let in_tree = |mut pid: u32| {
            for _ in 0..64 {
                if masters.contains(&pid) {
                    return true;
                }
                match procs.get(&pid) {
                    Some(&(_, parent, _)) if parent > 1 => pid = parent,
                    _ => return false,
                }
            }
            false
        };
        let mut by_name: BTreeMap<String, f64> = BTreeMap::new();
        for (pid, (name, _, ticks)) in &procs {
            if in_tree(*pid) {
                *by_name.entry(name.clone()).or_default() += *ticks as f64 / clock_ticks_per_second();
            }
        }
        Some(by_name)
    }

    fn dovecot_conf(&self) -> PathBuf {
        self.dir.join("dovecot").join("dovecot.conf")
    }

    fn postfix_dir(&self) -> PathBuf {
        self.dir.join("postfix")
    }

    /// A step of the stack that failed; `log` is the file under the stack's
    /// directory that tells more.
    fn script_error(&self, script: impl Into<String>, status: impl Into<String>, log: &str) -> StackError {
        StackError::Script { script: script.into(), status: status.into(), log: self.dir.join(log), tail: String::new() }
    }

    fn run(&self, program: &str, args: &[&std::ffi::OsStr], log: &str) -> Result<(), StackError> {
        let status = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        if status.success() {
            Ok(())
        } else {
            Err(self.script_error(format!("{program} {}", args.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" ")), status.to_string(), log))
        }
    }

    /// Stops Dovecot (IMAP, LMTP, and the SASL authentication Postfix's
    /// AUTH ports use), as a crash or maintenance would; returns once its
    /// IMAP port refuses connections. Postfix keeps taking mail on
    /// [`MailStack::mx_port`] and defers its delivery.
    pub fn stop_dovecot(&self) -> Result<(), StackError> {
        let pid = read_pid(&self.dir.join("dovecot").join("run").join("master.pid"));
        let conf = self.dovecot_conf();
        self.run("doveadm", &["-c".as_ref(), conf.as_os_str(), "stop".as_ref()], "dovecot.log")?;
        wait_until(Duration::from_secs(20), || pid.is_none_or(|p| !process_alive(p)) && !port_open(self.imap_port));
        if port_open(self.imap_port) {
            return Err(self.script_error("doveadm stop", "IMAP still answers after 20 s", "dovecot.log"));
        }
        Ok(())
    }

    /// Starts Dovecot again with the same configuration; returns once IMAP
    /// and LMTP answer.
    pub fn start_dovecot(&self) -> Result<(), StackError> {
        let conf = self.dovecot_conf();
        self.run("dovecot", &["-c".as_ref(), conf.as_os_str()], "dovecot.log")?;
        let auth = self.dir.join("auth").join("dovecot-auth");
        if !wait_until(Duration::from_secs(20), || greets(self.imap_port, "* OK") && greets(self.lmtp_port, "220") && auth.exists()) {
            return Err(self.script_error("dovecot", "IMAP or LMTP does not answer after 20 s", "dovecot.log"));
        }
        Ok(())
    }

    /// Stops Postfix (every SMTP port); mail already queued stays in its
    /// queue. Returns once its SMTP port refuses connections.
    pub fn stop_postfix(&self) -> Result<(), StackError> {
        let pid = read_pid(&self.postfix_dir().join("queue").join("pid").join("master.pid"));
        let dir = self.postfix_dir();
        self.run("postfix", &["-c".as_ref(), dir.as_os_str(), "stop".as_ref()], "maillog")?;
        wait_until(Duration::from_secs(20), || pid.is_none_or(|p| !process_alive(p)) && !port_open(self.smtp_port));
        if port_open(self.smtp_port) {
            return Err(self.script_error("postfix stop", "SMTP still answers after 20 s", "maillog"));
        }
        Ok(())
    }

    /// Starts Postfix again; returns once SMTP answers.
    pub fn start_postfix(&self) -> Result<(), StackError> {
        let dir = self.postfix_dir();
        self.run("postfix", &["-c".as_ref(), dir.as_os_str(), "start".as_ref()], "maillog")?;
        if !wait_until(Duration::from_secs(20), || greets(self.smtp_port, "220")) {
            return Err(self.script_error("postfix start", "SMTP does not answer after 20 s", "maillog"));
        }
        Ok(())
    }

    /// Asks Postfix to retry its deferred mail now (`postqueue -f`).
    pub fn flush_postfix(&self) -> Result<(), StackError> {
        let dir = self.postfix_dir();
        self.run("postqueue", &["-c".as_ref(), dir.as_os_str(), "-f".as_ref()], "maillog")
    }

    /// How many messages wait in Postfix's queue (incoming, active,
    /// deferred, hold, maildrop).
    pub fn postfix_queue_len(&self) -> usize {
        fn count(p: &Path) -> usize {
            match std::fs::read_dir(p) {
                Ok(rd) => rd
                    .flatten()
                    .map(|e| match e.file_type() {
                        Ok(t) if t.is_dir() => count(&e.path()),
                        Ok(_) => 1,
                        Err(_) => 0,
                    })
                    .sum(),
                Err(_) => 0,
            }
        }
        let q = self.postfix_dir().join("queue");
        ["maildrop", "incoming", "active", "deferred", "hold"].iter().map(|d| count(&q.join(d))).sum()
    }

    /// Delivers `raw` straight into `to`'s mailbox over Dovecot's LMTP, as
    /// Postfix does (works while Postfix is stopped).
    pub async fn deliver_lmtp(&self, from: &str, to: &str, raw: &[u8]) -> Result<(), StackError> {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let bad = |what: String| StackError::Io(std::io::Error::other(format!("LMTP: {what}")));
        let stream = tokio::time::timeout(Duration::from_secs(10), tokio::net::TcpStream::connect((self.host.as_str(), self.lmtp_port)))
            .await
            .map_err(|_| bad("connect timed out".into()))??;
        let (r, mut w) = stream.into_split();
        let mut r = BufReader::new(r);
        // One reply (multi-line replies have '-' after the code).
        async fn reply(r: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> std::io::Result<String> {
            let mut all = String::new();
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).await? == 0 {
                    return Err(std::io::Error::other("connection closed"));
                }
                all.push_str(&line);
                if line.as_bytes().get(3) != Some(&b'-') {
                    return Ok(all);
                }
            }
        }
        let expect = |got: String, code: &str| if got.starts_with(code) { Ok(()) } else { Err(bad(got.trim().to_string())) };
        let step = Duration::from_secs(10);
        let timed = |e: tokio::time::error::Elapsed| bad(format!("timed out: {e}"));
        expect(tokio::time::timeout(step, reply(&mut r)).await.map_err(timed)??, "220")?;
        for (cmd, code) in [
            ("LHLO arbitre-tests\r\n".to_string(), "250"),
            (format!("MAIL FROM:<{from}>\r\n"), "250"),
            (format!("RCPT TO:<{to}>\r\n"), "250"),
            ("DATA\r\n".to_string(), "354"),
        ] {
            w.write_all(cmd.as_bytes()).await?;
            expect(tokio::time::timeout(step, reply(&mut r)).await.map_err(timed)??, code)?;
        }
        // Dot-stuffing, CRLF line ends, then the final dot.
        let text = String::from_utf8_lossy(raw).replace("\r\n", "\n");
        let mut data = String::with_capacity(text.len() + 64);
        for line in text.split_terminator('\n') {
            if line.starts_with('.') {
                data.push('.');
            }
            data.push_str(line);
            data.push_str("\r\n");
        }
        data.push_str(".\r\n");
        w.write_all(data.as_bytes()).await?;
        expect(tokio::time::timeout(step, reply(&mut r)).await.map_err(timed)??, "250")?;
        w.write_all(b"QUIT\r\n").await?;
        Ok(())
    }

    /// SMTP settings for the MX port (no AUTH, STARTTLS), if the stack has one.
    pub fn mx_settings(&self) -> Option<SmtpSettings> {
        let port = self.mx_port?;
        Some(SmtpSettings { port, ..self.smtp_settings(None, TlsMode::StartTls) })
    }

    /// Sends `raw` from `from` through the MX port (no AUTH), as mail from
    /// another server arrives; works while Dovecot is down.
    pub async fn send_via_mx(&self, from: &str, to: &[String], raw: &[u8]) -> Result<(), SendError> {
        let settings = self.mx_settings().ok_or_else(|| SendError::Transient("this stack has no MX port".into()))?;
        let sender = SmtpSender::new(&settings).map_err(|e| SendError::Transient(e.to_string()))?;
        sender.send(from, to, raw).await
    }

    /// `player<i>@domain`.
    pub fn player(&self, i: u32) -> String {
        format!("player{i}@{}", self.domain)
    }

    /// IMAP settings for `user`: IMAPS for [`TlsMode::Implicit`], the
    /// STARTTLS port otherwise. IDLE on, polling every 60 s, no rechecking
    /// (`recheck_ms = 0`: the IDLE and polling paths themselves).
    pub fn imap_settings(&self, user: &str, tls: TlsMode) -> ImapSettings {
        ImapSettings {
            host: self.host.clone(),
            port: if tls == TlsMode::Implicit {
                self.imaps_port
            } else {
                self.imap_port
            },
            tls,
            user: user.into(),
            password: Secret::File(self.password_file.clone()),
            idle: true,
            poll_seconds: 60,
            recheck_ms: 0,
            inbox: "INBOX".into(),
            processed_folder: "Processed".into(),
            ca_file: Some(self.ca_file.clone()),
        }
    }

    /// SMTP settings: SMTPS for [`TlsMode::Implicit`], the STARTTLS port
    /// otherwise; authenticated as `user` when given.
    pub fn smtp_settings(&self, user: Option<&str>, tls: TlsMode) -> SmtpSettings {
        SmtpSettings {
            host: self.host.clone(),
            port: if tls == TlsMode::Implicit {
                self.smtps_port
            } else {
                self.smtp_port
            },
            tls,
            user: user.map(str::to_string),
            password: user.map(|_| Secret::File(self.password_file.clone())),
            ca_file: Some(self.ca_file.clone()),
        }
    }

    /// Sends `raw` as `from` (authenticated, STARTTLS).
    pub async fn send_as(&self, from: &str, to: &[String], raw: &[u8]) -> Result<(), SendError> {
        let sender = SmtpSender::new(&self.smtp_settings(Some(from), TlsMode::StartTls))
            .map_err(|e| SendError::Transient(e.to_string()))?;
        sender.send(from, to, raw).await
    }

    /// Every message of `user`'s `folder`, read-only (flags untouched).
    pub async fn messages_of(&self, user: &str, folder: &str) -> Result<Vec<StoredMessage>, TransportError> {
        list_messages(&self.imap_settings(user, TlsMode::Implicit), folder).await
    }

    /// Waits until `user`'s `folder` holds at least `count` messages, or
    /// `max` has passed; returns what is there.
    pub async fn wait_for_messages(
        &self,
        user: &str,
        folder: &str,
        count: usize,
        max: Duration,
    ) -> Result<Vec<StoredMessage>, TransportError> {
        let deadline = tokio::time::Instant::now() + max;
        loop {
            let got = self.messages_of(user, folder).await?;
            if got.len() >= count || tokio::time::Instant::now() >= deadline {
                return Ok(got);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The kernel's clock ticks per second (`getconf CLK_TCK`; 100 if unknown).
pub fn clock_ticks_per_second() -> f64 {
    static TCK: OnceLock<f64> = OnceLock::new();
    *TCK.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
            .unwrap_or(100.0)
    })
}

fn read_pid(path: &Path) -> Option<u32> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

fn process_alive(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

fn port_open(port: u16) -> bool {
    std::net::TcpStream::connect_timeout(&std::net::SocketAddr::from(([127, 0, 0, 1], port)), Duration::from_secs(1)).is_ok()
}

/// The server on `port` sends a greeting starting with `prefix`.
fn greets(port: u16, prefix: &str) -> bool {
    use std::io::Read;
    let Ok(mut s) = std::net::TcpStream::connect_timeout(&std::net::SocketAddr::from(([127, 0, 0, 1], port)), Duration::from_secs(1)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(3)));
    let mut buf = [0u8; 64];
    match s.read(&mut buf) {
        Ok(n) => buf[..n].starts_with(prefix.as_bytes()),
        Err(_) => false,
    }
}

/// Polls `cond` every 100 ms for at most `max`; returns its last value.
fn wait_until(max: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + max;
    loop {
        if cond() {
            return true;
        }
        if std::time::Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// One message as stored on the IMAP server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMessage {
    pub uid: u32,
    /// Flags as IMAP spells them (`\Seen`, `\Deleted`, ...).
    pub flags: Vec<String>,
    pub raw: Vec<u8>,
}

impl StoredMessage {
    pub fn is_seen(&self) -> bool {
        self.flags.iter().any(|f| f.eq_ignore_ascii_case("\\Seen"))
    }

    /// The first header with this name (unfolded, raw), if any.
    pub fn header(&self, name: &str) -> Option<String> {
        let text = String::from_utf8_lossy(&self.raw);
        let mut value: Option<String> = None;
        for line in text.split("\r\n").flat_map(|l| l.split('\n')) {
            if line.is_empty() {
                break;
            }
            if let Some(v) = value.as_mut() {
                if line.starts_with([' ', '\t']) {
                    v.push(' ');
                    v.push_str(line.trim());
                    continue;
                }
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.trim().eq_ignore_ascii_case(name) {
                    value = Some(v.trim().to_string());
                }
            }
        }
        value
    }
}

/// Lists every message of `folder` for the settings' user (EXAMINE: read
/// only, nothing marked), in UID order.
pub async fn list_messages(s: &ImapSettings, folder: &str) -> Result<Vec<StoredMessage>, TransportError> {
    let password = s.password.resolve()?;
    let (mut session, ctx) = open_session(&s.host, s.port, s.tls, s.ca_file.as_deref(), &s.user, &password).await?;
    let mailbox = ctx.timed("EXAMINE", session.examine(folder)).await?;
    let mut out = Vec::new();
    if mailbox.exists > 0 {
        let fetches: Vec<Fetch> = ctx
            .timed("UID FETCH", async {
                let stream = session.uid_fetch("1:*", "(UID FLAGS BODY.PEEK[])").await?;
                stream.try_collect::<Vec<_>>().await
            })
            .await?;
        for f in &fetches {
            let (Some(uid), Some(body)) = (f.uid, f.body()) else {
                continue;
            };
            out.push(StoredMessage {
                uid,
                flags: f.flags().map(|fl| flag_text(&fl)).collect(),
                raw: body.to_vec(),
            });
        }
    }
    out.sort_by_key(|m| m.uid);
    let _ = tokio::time::timeout(Duration::from_secs(5), session.logout()).await;
    Ok(out)
}

fn flag_text(f: &async_imap::types::Flag<'_>) -> String {
    use async_imap::types::Flag;
    match f {
        Flag::Seen => "\\Seen".into(),
        Flag::Answered => "\\Answered".into(),
        Flag::Flagged => "\\Flagged".into(),
        Flag::Deleted => "\\Deleted".into(),
        Flag::Draft => "\\Draft".into(),
        Flag::Recent => "\\Recent".into(),
        Flag::MayCreate => "\\*".into(),
        Flag::Custom(c) => c.to_string(),
    }
}

/// A plain-text UTF-8 message (quoted-printable/base64 chosen by lettre),
/// ready for [`Sender::send`]. Falls back to a hand-made message if an
/// address does not parse (tests of malformed input may want that).
pub fn compose(from: &str, to: &str, subject: &str, body: &str) -> Vec<u8> {
    use lettre::message::header::ContentType;
    let built = (|| -> Option<lettre::Message> {
        lettre::Message::builder()
            .from(from.parse().ok()?)
            .to(to.parse().ok()?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .ok()
    })();
    match built {
        Some(m) => m.formatted(),
        None => format!(
            "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
            body.replace('\n', "\r\n")
        )
        .into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_file_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("env");
        std::fs::write(
            &p,
            "MAILSTACK_DIR='/tmp/x'\nMAILSTACK_HOST=127.0.0.1\nMAILSTACK_SMTP_PORT=1\nMAILSTACK_SMTPS_PORT=2\n\
             MAILSTACK_IMAP_PORT=3\nMAILSTACK_IMAPS_PORT=4\nMAILSTACK_LMTP_PORT=5\nMAILSTACK_CA_FILE=/tmp/x/cert.pem\n\
             MAILSTACK_DOMAIN=example.test\nMAILSTACK_REFEREE=arbitre@example.test\nMAILSTACK_PLAYERS=40\n\
             MAILSTACK_PASSWORD=secret\nMAILSTACK_PASSWORD_FILE=/tmp/x/password\n",
        )
        .unwrap();
        let s = MailStack::from_env_file(&p).unwrap();
        assert_eq!(s.dir, PathBuf::from("/tmp/x"));
        assert_eq!((s.smtp_port, s.imaps_port, s.lmtp_port), (1, 4, 5));
        assert_eq!(s.player(7), "player7@example.test");
        assert_eq!(s.imap_settings("a", TlsMode::StartTls).port, 3);
        assert_eq!(s.smtp_settings(None, TlsMode::Implicit).port, 2);
        std::fs::write(&p, "MAILSTACK_DIR=/tmp/x\n").unwrap();
        assert!(matches!(MailStack::from_env_file(&p), Err(StackError::Env { .. })));
    }

    #[test]
    fn stored_message_header_unfolds() {
        let m = StoredMessage {
            uid: 1,
            flags: vec!["\\Seen".into()],
            raw: b"Subject: a\r\n b\r\nFrom: x\r\n\r\nSubject: body\r\n".to_vec(),
        };
        assert_eq!(m.header("subject").as_deref(), Some("a b"));
        assert_eq!(m.header("to"), None);
        assert!(m.is_seen());
    }

    #[test]
    fn compose_encodes_french_text() {
        let raw = compose("a@example.test", "b@example.test", "Ordres été", "Déplacer la flotte.\n");
        let text = String::from_utf8(raw).unwrap();
        assert!(text.contains("From: a@example.test"), "{text}");
        assert!(text.contains("Subject: Ordres =?utf-8?"), "{text}");
        assert!(!text.contains("été"), "headers and body are 7-bit encoded: {text}");
    }
}
