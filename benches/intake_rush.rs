//! The intake rush: every family mails its orders (several revisions) in the
//! last minutes before a deadline, through a real mail system. Measures how
//! fast `arbitre serve` reads them over IMAP (IDLE), archives them, checks
//! them and gets each acknowledgement delivered back over SMTP.
//!
//! `cargo bench --bench intake_rush` (root: it starts Postfix + Dovecot on
//! loopback with `tests/mailstack/up.sh`). Sizes:
//! `ARBITRE_BENCH_PLAYERS` (default 40 families), `ARBITRE_BENCH_ROUNDS`
//! (order mails per family, default 3). Under `cargo test --all-targets`
//! it runs a small smoke version (3 families, 1 round) and checks it.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::transport::testkit::{compose, MailStack};
use arbitre::transport::{Sender, SmtpSender, TlsMode};

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
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("tokio runtime");
    rt.block_on(run(players, rounds, bench_mode));
}

async fn run(players: usize, rounds: usize, bench_mode: bool) {
    let stack = match MailStack::start(players as u32) {
        Ok(s) => s,
        Err(e) => panic!("the mail stack did not start: {e}"),
    };
    let admin = stack.add_user("referee").expect("admin user");
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("config.toml");
    std::fs::write(&config, daemon_config(&stack, &admin, GAME, 11)).expect("config");
    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));

    let addresses: Vec<String> = (1..=players as u32).map(|i| stack.player(i)).collect();
    let senders: Vec<Arc<SmtpSender>> = addresses
        .iter()
        .map(|a| Arc::new(SmtpSender::new(&stack.smtp_settings(Some(a), TlsMode::StartTls)).expect("smtp settings")))
        .collect();

    // Registration (not measured as the rush, but reported).
    let t_reg = Instant::now();
    let mut tasks = Vec::new();
    for (i, (addr, sender)) in addresses.iter().zip(&senders).enumerate() {
        let (addr, sender, referee) = (addr.clone(), sender.clone(), stack.referee.clone());
        let body = format!("PARTIE {GAME}\nINSCRIPTION {}\n", family_name(i));
        tasks.push(tokio::spawn(async move {
            let raw = compose(&addr, &referee, "Inscription", &body);
            sender.send(&addr, std::slice::from_ref(&referee), &raw).await
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
    let before: Vec<usize> = addresses.iter().map(|a| stack.delivered_count(a)).collect();
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for (i, (addr, sender)) in addresses.iter().zip(&senders).enumerate() {
        let (addr, sender, referee) = (addr.clone(), sender.clone(), stack.referee.clone());
        let body = orders_body(&family_name(i), &passwords[i], Some(0), FOUNDERS);
        tasks.push(tokio::spawn(async move {
            let mut sent_at = Vec::new();
            for r in 0..rounds {
                let raw = compose(&addr, &referee, &format!("Ordres (version {})", r + 1), &body);
                sender.send(&addr, std::slice::from_ref(&referee), &raw).await.expect("orders sent");
                sent_at.push(Instant::now());
            }
            sent_at
        }));
    }
    let mut sent_at = Vec::new();
    for t in tasks {
        sent_at.push(t.await.expect("task"));
    }
    let all_sent = t0.elapsed();

    // Watch the players' Maildirs for the acknowledgements.
    let mut acked_at: Vec<Vec<Option<Instant>>> = vec![vec![None; rounds]; players];
    let limit = Duration::from_secs(60 + 2 * (players * rounds) as u64);
    loop {
        let now = Instant::now();
        let mut missing = 0;
        for (p, addr) in addresses.iter().enumerate() {
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
    let processed = stack.messages_of(&stack.referee, "Processed").await.expect("list Processed").len();
    assert_eq!(processed, players * (rounds + 1), "every message handled once");

    let n = players * rounds;
    let status = daemon.stop();
    assert!(status.is_some_and(|s| s.success()), "daemon exit {status:?}");
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
    println!(
        "  latency send -> acknowledgement in the player's INBOX: p50 {:.0?}, p90 {:.0?}, p99 {:.0?}, max {:.0?}",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
}
