//! The intake rush: every family mails its orders (several revisions) in the
//! last minutes before a deadline, through a real mail system. Measures how
//! fast `arbitre serve` reads them over IMAP (IDLE), archives them, checks
//! them and gets each acknowledgement delivered back over SMTP.
//!
//! Then, as the yardstick, the MTA alone: the very same mails (same senders,
//! same bodies, same sizes, same concurrency) are sent through Postfix to a `sink`
//! mailbox that nobody reads, with the daemon stopped, and timed until
//! Dovecot has stored every one (the moment IMAP can see it). Arbitre's end
//! to end path holds two such deliveries (order in, acknowledgement out)
//! plus its own work, so its rate can at best be about half the MTA's; on a
//! machine where the mail server, the daemon and the clients share the
//! cores, less: the CPU of each (Postfix and Dovecot by program, the daemon,
//! this process, the whole machine) is measured during both runs, and the
//! ceiling rate the cores allow is printed beside the figures.
//!
//! `cargo bench --bench intake_rush` (root: it starts Postfix + Dovecot on
//! loopback with `tests/mailstack/up.sh`). Sizes:
//! `ARBITRE_BENCH_PLAYERS` (default 40 families), `ARBITRE_BENCH_ROUNDS`
//! (order mails per family, default 3), `ARBITRE_BENCH_SMTP_CLIENTS` (SMTP
//! sessions open at once, default 100: the test Postfix runs at most 200
//! smtpd processes, and clients beyond them would wait in its listen queue).
//! Each mail is sent in its own SMTP session (connect, STARTTLS, AUTH, mail,
//! QUIT), as a player's mail program does. Under `cargo test --all-targets`
//! it runs a small smoke version (3 families, 1 round) and checks it.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::transport::testkit::{compose, MailStack};
use arbitre::transport::{SendError, Sender, SmtpSender, TlsMode};
use tokio::sync::Semaphore;

use arbitre::transport::testkit::clock_ticks_per_second;
use common::{daemon_config, text_of, wait_for_subject, Daemon};
use support::{orders_body, password_in, FOUNDERS, GAME};

/// A distinct one-word family name per index (up to 600).
fn family_name(i: usize) -> String {
    const A: &[&str] = &["Val", "Kor", "Mar", "Tal", "Ser", "Dun", "Ar", "Bel", "Cor", "Fen"];
    const B: &[&str] = &["ane", "ides", "ork", "ier", "enne", "ac"];
    const C: &[&str] = &["", "is", "or", "um", "el", "an", "ot", "ys", "ur", "ax"];
    format!("{}{}{}", A[i % 10], B[(i / 10) % 6], C[(i / 60) % 10])
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let players = env_number("ARBITRE_BENCH_PLAYERS", if bench_mode { 40 } else { 3 }).max(1);
    let rounds = env_number("ARBITRE_BENCH_ROUNDS", if bench_mode { 3 } else { 1 }).max(1);
    let clients = env_number("ARBITRE_BENCH_SMTP_CLIENTS", 100).max(1);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("tokio runtime");
    rt.block_on(run(players, rounds, clients, bench_mode));
}

async fn run(players: usize, rounds: usize, clients: usize, bench_mode: bool) {
    let stack = match MailStack::start(players as u32) {
        Ok(s) => s,
        Err(e) => panic!("the mail stack did not start: {e}"),
    };
    let admin = stack.add_user("referee").expect("admin user");
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("config.toml");
    // The IDLE restarted every 100 ms (`recheck_ms`, the default, written
    // out so that the benchmark measures it whatever the default): a
    // running IDLE hears of a new message from Dovecot only 500 ms after it.
    let text = daemon_config(&stack, &admin, GAME, 11).replacen("idle = true", "idle = true\nrecheck_ms = 100", 1);
    assert!(text.contains("recheck_ms = 100"), "the daemon's configuration has its [transport.imap] idle line");
    std::fs::write(&config, text).expect("config");
    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));

    let addresses: Vec<String> = (1..=players as u32).map(|i| stack.player(i)).collect();
    let senders = Clients { stack: Arc::new(stack.clone()), slots: Arc::new(Semaphore::new(clients)) };

    // Registration (not measured as the rush, but reported).
    let t_reg = Instant::now();
    let mut tasks = Vec::new();
    for (i, addr) in addresses.iter().enumerate() {
        let (addr, sender, referee) = (addr.clone(), senders.clone(), stack.referee.clone());
        let body = format!("PARTIE {GAME}\nINSCRIPTION {}\n", family_name(i));
        tasks.push(tokio::spawn(async move {
            let raw = compose(&addr, &referee, "Inscription", &body);
            sender.send(&addr, &referee, &raw).await
        }));
    }
    for t in tasks {
        t.await.expect("task").expect("registration sent");
    }
    let mut passwords = Vec::new();
    for addr in &addresses {
        let (welcome, _) =
            wait_for_subject(&stack, addr, &daemon, Duration::from_secs(300), |s| s.contains("Inscription")).await;
        passwords.push(password_in(&text_of(&welcome)));
    }
    let registration = t_reg.elapsed();

    // The rush: every family sends `rounds` order mails, families in
    // parallel, each family's revisions one after the other.
    let bodies: Vec<String> =
        (0..players).map(|i| orders_body(&family_name(i), &passwords[i], Some(0), FOUNDERS)).collect();
    let before: Vec<usize> = addresses.iter().map(|a| stack.delivered_count(a)).collect();
    let daemon_pid = pid_of_daemon(&config);
    let cpu_before = Cpu::now(&stack, daemon_pid);
    let t0 = Instant::now();
    let Sent { at: sent_at, all: all_sent, .. } =
        send_all(&addresses, &senders, &bodies, &stack.referee, "rush", rounds, t0).await;

    // Watch the players' Maildirs for the acknowledgements.
    let mut acked_at: Vec<Vec<Option<Instant>>> = vec![vec![None; rounds]; players];
    let limit = Duration::from_secs(60 + 2 * (players * rounds) as u64);
    loop {
        let now = Instant::now();
        let mut missing = 0;
        for (p, addr) in addresses.iter().enumerate() {
            // Families fully answered are not read again: the polling takes
            // the rush's CPU (2 cores), which the yardstick's does not.
            if acked_at[p].iter().all(Option::is_some) {
                continue;
            }
            let got = stack.delivered_count(addr).saturating_sub(before[p]);
            for (k, slot) in acked_at[p].iter_mut().enumerate() {
                if slot.is_none() {
                    if got > k {
                        *slot = Some(now);
                    } else {
                        missing += 1;
                    }
                }
            }
        }
        if missing == 0 {
            break;
        }
        if t0.elapsed() > limit {
            panic!("{missing} acknowledgements missing after {limit:?}; daemon log:\n{}", daemon.log());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let all_acked = t0.elapsed();
    let cpu_arbitre = Cpu::now(&stack, daemon_pid).since(&cpu_before);
    let cpu_rush = cpu_arbitre.daemon;
    let daemon_hwm = daemon_pid.and_then(|pid| status_field(pid, "VmHWM"));

    let mut latencies: Vec<Duration> = Vec::new();
    let mut last = t0;
    for p in 0..players {
        for k in 0..rounds {
            let a = acked_at[p][k].expect("acknowledged");
            last = last.max(a);
            latencies.push(a.saturating_duration_since(sent_at[p][k]));
        }
    }
    latencies.sort();

    // The acknowledgements are real ones, and the referee's mailbox is empty.
    let (ack, _) = wait_for_subject(&stack, &addresses[0], &daemon, Duration::from_secs(30), |s| {
        s.contains(&format!("Ordres (version {rounds})"))
    })
    .await;
    let text = text_of(&ack);
    assert!(text.contains("8 ordre(s) accepté(s)"), "{text}");
    // Besides the players' mails, Processed holds the journal copies of
    // what was sent (see `referee::journal`): one per message, once each.
    let processed = stack.messages_of(&stack.referee, "Processed").await.expect("list Processed");
    let (copies, mails): (Vec<_>, Vec<_>) = processed.iter().partition(|m| m.header("X-Arbitre-Journal").is_some());
    assert_eq!(mails.len(), players * (rounds + 1), "every message handled once");
    let copy_ids: BTreeSet<_> = copies.iter().map(|m| m.header("Message-ID")).collect();
    assert_eq!(copy_ids.len(), copies.len(), "one journal copy per message sent");

    let n = players * rounds;

    // A lone order on a quiet stack: one mail at a time, from Postfix
    // accepting it to its acknowledgement stored in the player's INBOX
    // (polled every 2 ms), then a pause for its journal copy to come back.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let lone_n = env_number("ARBITRE_BENCH_LONE", if bench_mode { 50 } else { 2 });
    let mut lone: Vec<Duration> = Vec::with_capacity(lone_n);
    for k in 0..lone_n {
        let p = k % players;
        let addr = &addresses[p];
        let got_before = stack.delivered_count(addr);
        let mut raw = format!("Message-ID: <lone.{k}@bench.example.test>\r\n").into_bytes();
        let version = rounds + 1 + k / players;
        raw.extend(compose(addr, &stack.referee, &format!("Ordres (version {version})"), &bodies[p]));
        senders.send(addr, &stack.referee, &raw).await.expect("lone order sent");
        let accepted = Instant::now();
        while stack.delivered_count(addr) <= got_before {
            if accepted.elapsed() > Duration::from_secs(60) {
                panic!("lone order {k}: no acknowledgement after 60 s; daemon log:\n{}", daemon.log());
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        lone.push(accepted.elapsed());
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    lone.sort();
    // For a breakdown of where the time goes (with ARBITRE_LOG=info,arbitre=debug).
    if let Ok(path) = std::env::var("ARBITRE_BENCH_KEEP_LOG") {
        let _ = std::fs::write(path, daemon.log());
    }

    let status = daemon.stop();
    assert!(status.is_some_and(|s| s.success()), "daemon exit {status:?}");

    // The yardstick: the same mails through the MTA alone, to a mailbox
    // nobody processes (the daemon is stopped: it takes no CPU meanwhile).
    let sink = stack.add_user("sink").expect("sink user");
    let sink_maildir = stack.dir.join("mail").join(&sink).join("Maildir");
    let cpu_before = Cpu::now(&stack, None);
    let t1 = Instant::now();
    let Sent { at: mta_sent_at, ids: sent_ids, all: mta_all_sent } =
        send_all(&addresses, &senders, &bodies, &sink, "sink", rounds, t1).await;
    let mut delivered_at: BTreeMap<String, Instant> = BTreeMap::new();
    let mut seen: BTreeSet<std::ffi::OsString> = BTreeSet::new();
    let limit = Duration::from_secs(60 + 2 * n as u64);
    while delivered_at.len() < n {
        scan_maildir(&sink_maildir, &mut seen, &mut delivered_at);
        if delivered_at.len() >= n {
            break;
        }
        if t1.elapsed() > limit {
            panic!("{} of {n} mails in the sink after {limit:?}", delivered_at.len());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mta_all_delivered = t1.elapsed();
    let cpu_mta = Cpu::now(&stack, None).since(&cpu_before);
    // Visible over IMAP too, not only on disk.
    let in_imap = stack.messages_of(&sink, "INBOX").await.expect("list the sink").len();
    assert_eq!(in_imap, n, "every mail of the yardstick visible over IMAP");
    let mut mta_latencies: Vec<Duration> = sent_ids
        .iter()
        .filter_map(|(id, sent)| delivered_at.get(id).map(|d| d.saturating_duration_since(*sent)))
        .collect();
    assert_eq!(mta_latencies.len(), n, "every mail of the yardstick found by its Message-ID");
    mta_latencies.sort();
    let _ = stack.stop();

    println!(
        "intake_rush{}: {players} families x {rounds} order mails = {n} mails",
        if bench_mode { "" } else { " (smoke)" }
    );
    println!("  registration of {players} families (welcome mails delivered): {registration:.2?}");
    println!("  all {n} order mails accepted by Postfix after {all_sent:.2?}");
    println!(
        "  all {n} acknowledgements delivered after {all_acked:.2?}: {:.1} mails/s end to end",
        n as f64 / all_acked.as_secs_f64()
    );
    match (cpu_rush, daemon_hwm.clone()) {
        (Some(cpu), Some(hwm)) => println!(
            "  arbitre serve used {cpu:.1} s of CPU for them ({:.1} ms per mail, {:.0} % of one core); its peak RSS (VmHWM): {hwm}",
            1000.0 * cpu / n as f64,
            100.0 * cpu / all_acked.as_secs_f64()
        ),
        _ => println!("  (arbitre serve's CPU time and memory could not be read from /proc)"),
    }
    println!("  same {n} mails through the MTA alone, to an unread mailbox: accepted after {mta_all_sent:.2?}, all stored after {mta_all_delivered:.2?}");
    let arbitre_rate = n as f64 / all_acked.as_secs_f64();
    let mta_rate = n as f64 / mta_all_delivered.as_secs_f64();
    println!(
        "  THROUGHPUT  arbitre (order -> ack in INBOX): {arbitre_rate:.1} mails/s  |  MTA alone (order -> sink INBOX): {mta_rate:.1} mails/s  ({:.0} % of the MTA's rate)",
        100.0 * arbitre_rate / mta_rate
    );
    println!(
        "  LATENCY     arbitre send -> ack in the player's INBOX: p50 {:.2?}, p90 {:.2?}, p99 {:.2?}, max {:.2?}",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    println!(
        "              MTA alone send -> stored in the sink:     p50 {:.2?}, p90 {:.2?}, p99 {:.2?}, max {:.2?}",
        percentile(&mta_latencies, 0.5),
        percentile(&mta_latencies, 0.9),
        percentile(&mta_latencies, 0.99),
        percentile(&mta_latencies, 1.0)
    );
    println!(
        "  LONE ORDER  {} mails one at a time on the quiet stack, accepted by Postfix -> ack in the INBOX: median {:.1?}, p90 {:.1?}, max {:.1?}",
        lone.len(),
        percentile(&lone, 0.5),
        percentile(&lone, 0.9),
        percentile(&lone, 1.0)
    );
    let ceiling = Ceiling::of(n, &cpu_arbitre, &cpu_mta, all_acked, mta_all_delivered);
    ceiling.print(n, &cpu_arbitre, &cpu_mta, all_acked, mta_all_delivered);
    // The latencies the rush would have at the ceiling: the same mails,
    // accepted by Postfix when they were, served in order at the ceiling
    // rate, each after a lone order's latency.
    let lone_median = percentile(&lone, 0.5);
    let at_ceiling = queue_latencies(&sent_at, ceiling.rate, lone_median);
    let mta_queue = queue_latencies(&mta_sent_at, mta_rate, Duration::ZERO);
    println!(
        "              at the ceiling ({:.1} mails/s, served in arrival order after a lone order's {lone_median:.0?}): ack p50 {:.2?}, p99 {:.2?}",
        ceiling.rate,
        percentile(&at_ceiling, 0.5),
        percentile(&at_ceiling, 0.99)
    );
    println!(
        "              (the same model on the MTA alone at its measured rate: p50 {:.2?}, p99 {:.2?}; measured p50 {:.2?}, p99 {:.2?})",
        percentile(&mta_queue, 0.5),
        percentile(&mta_queue, 0.99),
        percentile(&mta_latencies, 0.5),
        percentile(&mta_latencies, 0.99)
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("  load average (1, 5, 15 min) at the end: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));

    // The figures of issue #15 (see BENCHMARKS.md).
    let mta_p99 = percentile(&mta_latencies, 0.99).as_secs_f64();
    println!("FIGURE|intake.rate_ratio|{:.1}|%|>= 50 %|MTA {mta_rate:.1} mails/s, arbitre {arbitre_rate:.1} mails/s", 100.0 * arbitre_rate / mta_rate);
    println!("FIGURE|intake.ack_p99|{:.2}|s|<= 3 s|MTA alone p99 {mta_p99:.2} s", percentile(&latencies, 0.99).as_secs_f64());
    println!("FIGURE|intake.ack_p50|{:.2}|s|<= 1 s|MTA alone p50 {:.2} s", percentile(&latencies, 0.5).as_secs_f64(), percentile(&mta_latencies, 0.5).as_secs_f64());
    println!("FIGURE|intake.lone_ack_median|{:.1}|ms|<= 250 ms|-", 1000.0 * percentile(&lone, 0.5).as_secs_f64());
    if let Some(cpu) = cpu_rush {
        println!("FIGURE|intake.cpu_per_mail|{:.1}|ms|-|-", 1000.0 * cpu / n as f64);
    }
    if let (Some(a), Some(m)) = (cpu_arbitre.mta, cpu_mta.mta) {
        println!(
            "FIGURE|intake.mta_cpu_per_mail|{:.1}|ms|-|MTA alone {:.1} ms per mail",
            1000.0 * a / n as f64,
            1000.0 * m / n as f64
        );
    }
    if ceiling.rate > 0.0 {
        println!(
            "FIGURE|intake.rate_ceiling|{:.1}|%|>= 50 %|{:.1} mails/s on {} cores, MTA alone {:.1} mails/s",
            100.0 * ceiling.ratio,
            ceiling.rate,
            ceiling.cores,
            ceiling.mta_rate
        );
        println!(
            "FIGURE|intake.ack_p99_at_ceiling|{:.2}|s|<= 3 s|p50 {:.2} s",
            percentile(&at_ceiling, 0.99).as_secs_f64(),
            percentile(&at_ceiling, 0.5).as_secs_f64()
        );
    }
    if let Some(kb) = daemon_hwm.as_deref().and_then(|h| h.trim_end_matches("kB").trim().parse::<f64>().ok()) {
        println!("FIGURE|intake.peak_rss|{:.1}|MB|< 100 MB|-", kb / 1000.0);
    }
}

/// The pid of the `arbitre ... serve` started on `config` (read from /proc).
fn pid_of_daemon(config: &Path) -> Option<u32> {
    let wanted = config.to_string_lossy().into_owned();
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid: u32 = e.file_name().to_str()?.parse().ok()?;
        let cmdline = std::fs::read(e.path().join("cmdline")).ok()?;
        let args: Vec<String> = cmdline.split(|b| *b == 0).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
        (args.iter().any(|a| *a == wanted) && args.iter().any(|a| a == "serve")).then_some(pid)
    })
}

/// User + system CPU time of `pid`, in seconds (/proc/PID/stat, fields 14
/// and 15, in clock ticks).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces: count from after its ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / clock_ticks_per_second())
}

/// Where the CPU went, in seconds since an arbitrary origin: `arbitre
/// serve`, the mail server (Postfix + Dovecot, every process), this
/// benchmark (the players' SMTP clients and the polling of the mailboxes),
/// and the whole machine from /proc/stat (busy and iowait, every core).
#[derive(Clone, Default)]
struct Cpu {
    daemon: Option<f64>,
    mta: Option<f64>,
    /// The mail server's by program (smtpd, lmtp, imap ...).
    mta_by: BTreeMap<String, f64>,
    bench: f64,
    busy: f64,
    iowait: f64,
}

impl Cpu {
    fn now(stack: &MailStack, daemon: Option<u32>) -> Self {
        let (busy, iowait) = machine_cpu();
        let mta_by = stack.cpu_by_program();
        Cpu {
            daemon: daemon.and_then(cpu_seconds),
            mta: mta_by.as_ref().map(|m| m.values().sum()),
            mta_by: mta_by.unwrap_or_default(),
            bench: cpu_seconds(std::process::id()).unwrap_or(0.0),
            busy,
            iowait,
        }
    }

    fn since(&self, before: &Cpu) -> Cpu {
        let diff = |a: Option<f64>, b: Option<f64>| Some(a? - b?);
        Cpu {
            daemon: diff(self.daemon, before.daemon),
            mta: diff(self.mta, before.mta),
            mta_by: self
                .mta_by
                .iter()
                .map(|(k, v)| (k.clone(), v - before.mta_by.get(k).copied().unwrap_or(0.0)))
                .filter(|(_, v)| *v > 0.0)
                .collect(),
            bench: self.bench - before.bench,
            busy: self.busy - before.busy,
            iowait: self.iowait - before.iowait,
        }
    }

    /// The CPU of the run's own processes (daemon, mail server, clients).
    fn ours(&self) -> f64 {
        self.daemon.unwrap_or(0.0) + self.mta.unwrap_or(0.0) + self.bench
    }
}

/// The machine's busy and iowait CPU seconds over every core (/proc/stat's
/// first line: user nice system idle iowait irq softirq steal).
fn machine_cpu() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let f: Vec<f64> =
        stat.lines().next().unwrap_or("").split_whitespace().skip(1).filter_map(|v| v.parse().ok()).collect();
    let get = |i: usize| f.get(i).copied().unwrap_or(0.0);
    let busy = get(0) + get(1) + get(2) + get(5) + get(6) + get(7);
    (busy / clock_ticks_per_second(), get(4) / clock_ticks_per_second())
}

/// The best rate this machine allows the rush if its CPU is what bounds it:
/// every core busy with the rush's own processes only (no other load), each
/// order mail costing what it cost in the measured run (the daemon, the mail
/// server's work it causes, and the clients'); beside it the MTA alone's
/// rate by the same reckoning.
struct Ceiling {
    cores: usize,
    rate: f64,
    mta_rate: f64,
    ratio: f64,
}

impl Ceiling {
    fn of(n: usize, arbitre: &Cpu, mta: &Cpu, _wall: Duration, _mta_wall: Duration) -> Self {
        let cores = std::thread::available_parallelism().map(|c| c.get()).unwrap_or(1);
        let (ours, mta_ours) = (arbitre.ours(), mta.ours());
        if ours <= 0.0 || mta_ours <= 0.0 {
            return Ceiling { cores, rate: 0.0, mta_rate: 0.0, ratio: 0.0 };
        }
        let rate = n as f64 * cores as f64 / ours;
        let mta_rate = n as f64 * cores as f64 / mta_ours;
        Ceiling { cores, rate, mta_rate, ratio: rate / mta_rate }
    }

    fn print(&self, n: usize, a: &Cpu, m: &Cpu, wall: Duration, mta_wall: Duration) {
        let ms = |s: f64| 1000.0 * s / n as f64;
        let opt = |s: Option<f64>| s.map_or("?".to_string(), |s| format!("{:.1}", ms(s)));
        let line = |name: &str, c: &Cpu, wall: Duration| {
            let others = (c.busy - c.ours()).max(0.0);
            println!(
                "  CPU {name}: {:.1} s wall, machine busy {:.2} of {} cores (iowait {:.2}); per mail: arbitre {} ms, Postfix + Dovecot {} ms, clients + polling {:.1} ms, other processes {:.1} ms",
                wall.as_secs_f64(),
                c.busy / wall.as_secs_f64(),
                self.cores,
                c.iowait / wall.as_secs_f64(),
                opt(c.daemon),
                opt(c.mta),
                ms(c.bench),
                ms(others)
            );
        };
        line("arbitre's rush", a, wall);
        line("MTA alone     ", m, mta_wall);
        // The mail server's CPU per mail by program, biggest first.
        let programs = |c: &Cpu| {
            let mut v: Vec<(&String, &f64)> = c.mta_by.iter().collect();
            v.sort_by(|x, y| y.1.total_cmp(x.1));
            v.iter().take(8).map(|(k, t)| format!("{k} {:.2}", ms(**t))).collect::<Vec<_>>().join(", ")
        };
        println!("      Postfix + Dovecot by program, ms per mail, arbitre's rush: {}", programs(a));
        println!("      Postfix + Dovecot by program, ms per mail, MTA alone:      {}", programs(m));
        println!(
            "  CEILING     the rush's own CPU per mail {:.1} ms (MTA alone {:.1} ms): on {} cores at most {:.1} mails/s (MTA alone {:.1} mails/s): {:.1} % of the MTA's rate; without the clients (mail programs elsewhere): {:.1} %",
            ms(a.ours()),
            ms(m.ours()),
            self.cores,
            self.rate,
            self.mta_rate,
            100.0 * self.ratio,
            100.0 * m.mta.unwrap_or(0.0) / (a.mta.unwrap_or(0.0) + a.daemon.unwrap_or(0.0)).max(f64::MIN_POSITIVE)
        );
    }
}

/// Latencies of mails accepted at `sent` (per family, per round) and served
/// one after the other in arrival order at `rate` per second, each taking
/// `base` more after its turn.
fn queue_latencies(sent: &[Vec<Instant>], rate: f64, base: Duration) -> Vec<Duration> {
    let mut arrivals: Vec<Instant> = sent.iter().flatten().copied().collect();
    arrivals.sort();
    if rate <= 0.0 || arrivals.is_empty() {
        return Vec::new();
    }
    let step = Duration::from_secs_f64(1.0 / rate);
    let mut free = arrivals[0];
    let mut out: Vec<Duration> = arrivals
        .iter()
        .map(|&a| {
            free = free.max(a) + step;
            free - a + base
        })
        .collect();
    out.sort();
    out
}

/// A line of /proc/PID/status, e.g. `VmHWM` -> "24816 kB".
fn status_field(pid: u32, name: &str) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| Some(l.strip_prefix(name)?.strip_prefix(':')?.trim().to_string()))
}

/// The players' mail programs: one SMTP session per mail, at most as many
/// at once as `slots` allows.
#[derive(Clone)]
struct Clients {
    stack: Arc<MailStack>,
    slots: Arc<Semaphore>,
}

impl Clients {
    async fn send(&self, from: &str, to: &str, raw: &[u8]) -> Result<(), SendError> {
        let _slot = self.slots.acquire().await.map_err(|e| SendError::Transient(e.to_string()))?;
        // A sender of its own: its pool (and so the session) is closed when
        // it is dropped, not kept open holding one of Postfix's processes.
        let sender = SmtpSender::new(&self.stack.smtp_settings(Some(from), TlsMode::StartTls))
            .map_err(|e| SendError::Transient(e.to_string()))?;
        sender.send(from, &[to.to_string()], raw).await
    }
}

/// What `send_all` did: when each mail was accepted by Postfix (per family,
/// per round), the (Message-ID, accepted at) of every mail, and when the last
/// one was accepted, after the start.
struct Sent {
    at: Vec<Vec<Instant>>,
    ids: Vec<(String, Instant)>,
    all: Duration,
}

/// Every family sends `rounds` order mails to `to`, families in parallel,
/// each family's revisions one after the other (as a player re-sends).
async fn send_all(
    addresses: &[String],
    senders: &Clients,
    bodies: &[String],
    to: &str,
    tag: &'static str,
    rounds: usize,
    t0: Instant,
) -> Sent {
    let mut tasks = Vec::new();
    for (p, (addr, body)) in addresses.iter().zip(bodies).enumerate() {
        let (addr, sender, to, body) = (addr.clone(), senders.clone(), to.to_string(), body.clone());
        tasks.push(tokio::spawn(async move {
            let mut sent = Vec::new();
            for r in 0..rounds {
                // A Message-ID as a mail client writes it (compose leaves it
                // to the MTA): unique per run, so the yardstick can tell
                // when each mail is stored.
                let id = format!("<{tag}.{p}.{r}@bench.example.test>");
                let mut raw = format!("Message-ID: {id}\r\n").into_bytes();
                raw.extend(compose(&addr, &to, &format!("Ordres (version {})", r + 1), &body));
                sender.send(&addr, &to, &raw).await.expect("orders sent");
                sent.push((id, Instant::now()));
            }
            sent
        }));
    }
    let mut sent_at = Vec::new();
    let mut ids = Vec::new();
    for t in tasks {
        let sent = t.await.expect("task");
        sent_at.push(sent.iter().map(|(_, at)| *at).collect());
        ids.extend(sent);
    }
    Sent { at: sent_at, ids, all: t0.elapsed() }
}

/// The Message-ID header's value of a raw message (headers only).
fn message_id(raw: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("message-id") {
                return Some(value.trim().to_string());
            }
        }
    }
    None
}

/// Notes the arrival time of every message newly stored in `maildir`
/// (Dovecot writes in tmp/ then renames into new/: a file seen there is
/// complete), by its Message-ID.
fn scan_maildir(maildir: &Path, seen: &mut BTreeSet<std::ffi::OsString>, delivered_at: &mut BTreeMap<String, Instant>) {
    let now = Instant::now();
    for sub in ["new", "cur"] {
        let Ok(rd) = std::fs::read_dir(maildir.join(sub)) else { continue };
        for e in rd.flatten() {
            let name = e.file_name();
            if name.to_string_lossy().starts_with('.') || seen.contains(&name) {
                continue;
            }
            if let Ok(raw) = std::fs::read(e.path()) {
                seen.insert(name);
                if let Some(id) = message_id(&raw) {
                    delivered_at.entry(id).or_insert(now);
                }
            }
        }
    }
}
