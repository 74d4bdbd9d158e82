//! End to end through a real mail system: the `arbitre serve` binary reads
//! the referee's mailbox over IMAP (STARTTLS, IDLE) and sends over SMTP
//! (STARTTLS, AUTH) on the Postfix + Dovecot stack of `tests/mailstack/`;
//! players register, send orders, get acknowledgements and, after the
//! turn is adjudicated, their reports, all as real mail.

mod common;
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use arbitre::transport::testkit::compose;

use common::{daemon_config, stack, subject_of, text_of, wait_for_subject, Daemon};

use support::{orders_body, password_in, FOUNDERS, GAME};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_register_send_orders_and_get_reports_through_a_real_mail_server() {
    let s = stack();
    let admin = s.add_user("referee").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, daemon_config(s, &admin, GAME, 7)).unwrap();

    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));
    let families = ["Atréides", "Harkonnen", "Corrino"];
    let players: Vec<String> = (31..34).map(|i| s.player(i)).collect();

    // Registration: the welcome mail carries the family's password.
    let mut passwords = Vec::new();
    for (player, family) in players.iter().zip(families) {
        let raw = compose(player, &s.referee, "Inscription", &format!("Bonjour,\n\nPARTIE {GAME}\nINSCRIPTION {family}\n"));
        s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
    }
    for player in &players {
        let (welcome, took) = wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Inscription")).await;
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
        let (ack, took) = wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Ordres")).await;
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
            wait_for_subject(s, player, &daemon, Duration::from_secs(90), |subj| subj.contains("Rapport du tour 0")).await;
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
    assert!(processed.iter().all(|m| m.is_seen()));
    // The journal copies of what was sent (see `referee::journal`) are
    // handled and moved aside too, once each.
    let (copies, mails): (Vec<_>, Vec<_>) = processed.iter().partition(|m| m.header("X-Arbitre-Journal").is_some());
    assert_eq!(mails.len(), 2 * players.len() + 1, "registrations, orders, help request");
    let copy_ids: std::collections::BTreeSet<_> = copies.iter().map(|m| m.header("Message-ID")).collect();
    assert_eq!(copy_ids.len(), copies.len(), "one journal copy per message sent");
    assert!(copies.len() >= 3 * players.len(), "welcomes, acknowledgements, reports: {} copies", copies.len());
    assert!(!daemon.log().contains("sending again"), "no message was sent twice");

    // A clean stop on SIGTERM.
    let status = daemon.stop().expect("the daemon stops on SIGTERM");
    assert!(status.success(), "exit {status:?}; log:\n{}", daemon.log());
}
