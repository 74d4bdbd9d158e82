//! The transports against a real mail system: Postfix (SMTP, STARTTLS,
//! SASL) delivering by LMTP to Dovecot (IMAP, IDLE, IMAPS), started once
//! for this test binary by `tests/mailstack/up.sh` (as root; it installs
//! the packages on first use) and stopped when the binary exits.
//!
//! Each test uses its own users so that tests can run in parallel.

use std::time::{Duration, Instant};

use arbitre::transport::testkit::{compose, list_messages, MailStack};
use arbitre::transport::{
    ImapMailbox, Mailbox, SendError, Sender, SmtpSender, TlsMode, TransportError,
};

fn stack() -> &'static MailStack {
    match MailStack::shared() {
        Ok(s) => s,
        Err(e) => panic!("the mail stack did not start: {e}"),
    }
}

/// A subject no other test uses.
fn unique(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{tag} {nanos}")
}

async fn send(from: &str, to: &str, subject: &str, body: &str) {
    let raw = compose(from, to, subject, body);
    stack()
        .send_as(from, &[to.to_string()], &raw)
        .await
        .unwrap_or_else(|e| panic!("send {subject}: {e}"));
}

fn subject_of(raw: &[u8]) -> String {
    let msg = mail_parser::MessageParser::default().parse(raw).unwrap();
    msg.subject().unwrap_or_default().to_string()
}

#[tokio::test]
async fn smtp_starttls_with_auth_delivers_into_the_imap_inbox() {
    let s = stack();
    let (from, to) = (s.player(1), s.player(2));
    let subject = unique("Ordres du tour été");
    send(&from, &to, &subject, "Flotte 3 : aller à Mologataï.\n").await;
    let got = s
        .wait_for_messages(&to, "INBOX", 1, Duration::from_secs(15))
        .await
        .unwrap();
    assert_eq!(got.len(), 1, "delivered once");
    let msg = mail_parser::MessageParser::default().parse(&got[0].raw).unwrap();
    assert_eq!(msg.subject(), Some(subject.as_str()));
    assert!(msg.body_text(0).unwrap().contains("aller à Mologataï"));
    assert!(!got[0].is_seen());
}

#[tokio::test]
async fn smtps_implicit_tls_sender_delivers() {
    let s = stack();
    let (from, to) = (s.player(3), s.player(4));
    let sender = SmtpSender::new(&s.smtp_settings(Some(&from), TlsMode::Implicit)).unwrap();
    sender.test_connection().await.unwrap();
    let subject = unique("smtps");
    sender
        .send(&from, std::slice::from_ref(&to), &compose(&from, &to, &subject, "x\n"))
        .await
        .unwrap();
    let got = s
        .wait_for_messages(&to, "INBOX", 1, Duration::from_secs(15))
        .await
        .unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(subject_of(&got[0].raw), subject);
}

/// Found by the crash trials: a kill between `\Seen` and the move left a
/// message in the inbox that a search for UNSEEN never returned again; a
/// referee opening the mailbox in a mail client would do the same.
#[tokio::test]
async fn a_message_already_read_in_the_inbox_is_still_fetched() {
    let s = stack();
    let referee = s.add_user("seen-referee").unwrap();
    let player = s.player(9);
    let subject = unique("read-by-a-human");
    send(&player, &referee, &subject, "x\n").await;
    s.wait_for_messages(&referee, "INBOX", 1, Duration::from_secs(15)).await.unwrap();
    let status = std::process::Command::new("doveadm")
        .arg("-c")
        .arg(s.dir.join("dovecot").join("dovecot.conf"))
        .args(["flags", "add", "-u", &referee, "\\Seen", "mailbox", "INBOX", "ALL"])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(s.messages_of(&referee, "INBOX").await.unwrap()[0].is_seen());
    let mut mb = ImapMailbox::connect(&s.imap_settings(&referee, TlsMode::Implicit)).await.unwrap();
    let fetched = mb.fetch_pending().await.unwrap();
    assert_eq!(fetched.len(), 1);
    assert_eq!(subject_of(&fetched[0].raw), subject);
    mb.mark_processed(&fetched[0].id).await.unwrap();
    assert!(mb.fetch_pending().await.unwrap().is_empty());
}

#[tokio::test]
async fn several_handled_messages_are_moved_in_one_go() {
    let s = stack();
    let referee = s.add_user("many-referee").unwrap();
    let player = s.player(10);
    for i in 0..3 {
        send(&player, &referee, &unique(&format!("many-{i}")), "x\n").await;
    }
    s.wait_for_messages(&referee, "INBOX", 3, Duration::from_secs(15)).await.unwrap();
    let mut mb = ImapMailbox::connect(&s.imap_settings(&referee, TlsMode::Implicit)).await.unwrap();
    let fetched = mb.fetch_pending().await.unwrap();
    assert_eq!(fetched.len(), 3);
    let ids: Vec<String> = fetched.iter().map(|m| m.id.clone()).collect();
    mb.mark_processed_many(&ids).await.unwrap();
    assert!(s.messages_of(&referee, "INBOX").await.unwrap().is_empty());
    let processed = s.messages_of(&referee, "Processed").await.unwrap();
    assert_eq!(processed.len(), 3);
    assert!(processed.iter().all(|m| m.is_seen()));
    // Again (a restart repeating its last step): nothing changes.
    mb.mark_processed_many(&ids).await.unwrap();
    assert_eq!(s.messages_of(&referee, "Processed").await.unwrap().len(), 3);
    assert!(mb.mark_processed_many(&["x".to_string()]).await.is_err(), "a bad id is an error");
}

#[tokio::test]
async fn fetch_pending_leaves_seen_unset_and_mark_processed_moves_to_processed() {
    let s = stack();
    let (player, referee) = (s.player(5), s.referee.clone());
    let first = unique("first");
    let second = unique("second");
    send(&player, &referee, &first, "1\n").await;
    // Wait for the first before sending the second: UID order = send order.
    s.wait_for_messages(&referee, "INBOX", 1, Duration::from_secs(15)).await.unwrap();
    send(&player, &referee, &second, "2\n").await;
    s.wait_for_messages(&referee, "INBOX", 2, Duration::from_secs(15)).await.unwrap();

    let mut mb = ImapMailbox::connect(&s.imap_settings(&referee, TlsMode::Implicit)).await.unwrap();
    let fetched = mb.fetch_pending().await.unwrap();
    let subjects: Vec<String> = fetched.iter().map(|m| subject_of(&m.raw)).collect();
    assert_eq!(subjects, vec![first.clone(), second.clone()]);
    let uids: Vec<u32> = fetched.iter().map(|m| m.id.parse().unwrap()).collect();
    assert!(uids[0] < uids[1], "{uids:?}");

    // Nothing marked as read by fetching (BODY.PEEK), and a second fetch
    // returns the same messages.
    let inbox = s.messages_of(&referee, "INBOX").await.unwrap();
    assert_eq!(inbox.len(), 2);
    assert!(inbox.iter().all(|m| !m.is_seen()), "{inbox:?}");
    assert_eq!(mb.fetch_pending().await.unwrap(), fetched);

    mb.mark_processed(&fetched[0].id).await.unwrap();
    let inbox = s.messages_of(&referee, "INBOX").await.unwrap();
    assert_eq!(inbox.len(), 1);
    assert_eq!(subject_of(&inbox[0].raw), second);
    let processed = s.messages_of(&referee, "Processed").await.unwrap();
    assert_eq!(processed.len(), 1);
    assert_eq!(subject_of(&processed[0].raw), first);
    assert!(processed[0].is_seen(), "{:?}", processed[0].flags);
    assert_eq!(processed[0].raw, fetched[0].raw, "moved unchanged");

    let left = mb.fetch_pending().await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].id, fetched[1].id);

    // Marking again (a restart repeating its last step) changes nothing.
    mb.mark_processed(&fetched[0].id).await.unwrap();
    assert_eq!(s.messages_of(&referee, "Processed").await.unwrap().len(), 1);
    assert_eq!(s.messages_of(&referee, "INBOX").await.unwrap().len(), 1);

    // A bad id is an error that names it, and leaves the session usable.
    let e = mb.mark_processed("not-a-uid").await.unwrap_err();
    assert!(matches!(e, TransportError::UnknownMessage { .. }), "{e}");
    mb.ping().await.unwrap();
    mb.logout().await;
}

#[tokio::test]
async fn copy_and_expunge_path_when_move_is_not_used() {
    let s = stack();
    let (from, user) = (s.player(6), s.player(7));
    let subject = unique("copy path");
    send(&from, &user, &subject, "x\n").await;
    s.wait_for_messages(&user, "INBOX", 1, Duration::from_secs(15)).await.unwrap();

    let mut settings = s.imap_settings(&user, TlsMode::StartTls);
    settings.processed_folder = "Archive/Arbitre".into();
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    mb.set_move_allowed(false);
    let fetched = mb.fetch_pending().await.unwrap();
    assert_eq!(fetched.len(), 1);
    mb.mark_processed(&fetched[0].id).await.unwrap();

    assert!(s.messages_of(&user, "INBOX").await.unwrap().is_empty());
    let processed = s.messages_of(&user, "Archive/Arbitre").await.unwrap();
    assert_eq!(processed.len(), 1);
    assert!(processed[0].is_seen());
    assert!(!processed[0].flags.iter().any(|f| f == "\\Deleted"));
    assert!(mb.fetch_pending().await.unwrap().is_empty());
    // Marking again changes nothing on this path either.
    mb.mark_processed(&fetched[0].id).await.unwrap();
    assert_eq!(s.messages_of(&user, "Archive/Arbitre").await.unwrap().len(), 1);
}

#[tokio::test]
async fn idle_wakes_on_a_new_delivery_within_seconds() {
    let s = stack();
    let (from, user) = (s.player(8), s.player(9));
    let mut mb = ImapMailbox::connect(&s.imap_settings(&user, TlsMode::StartTls)).await.unwrap();
    assert!(mb.uses_idle(), "Dovecot offers IDLE");
    assert!(mb.fetch_pending().await.unwrap().is_empty());

    // Nothing arrives: the wait ends after `max`.
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(2)).await.unwrap();
    let idle_for = t.elapsed();
    assert!(idle_for >= Duration::from_millis(1900) && idle_for < Duration::from_secs(6), "{idle_for:?}");

    let subject = unique("idle");
    let sender_from = from.clone();
    let sender_to = user.clone();
    let subject2 = subject.clone();
    let delivery = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        send(&sender_from, &sender_to, &subject2, "wake up\n").await;
    });
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(60)).await.unwrap();
    let woke_after = t.elapsed();
    delivery.await.unwrap();
    assert!(
        woke_after >= Duration::from_millis(1000) && woke_after < Duration::from_secs(10),
        "woke after {woke_after:?}"
    );
    let got = mb.fetch_pending().await.unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(subject_of(&got[0].raw), subject);

    // Still unprocessed but already fetched: the next wait does not return
    // at once (no busy loop on a message the caller could not archive).
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(1)).await.unwrap();
    assert!(t.elapsed() >= Duration::from_millis(900), "{:?}", t.elapsed());
    // The session survived IDLE/DONE cycles.
    mb.ping().await.unwrap();
}

#[tokio::test]
async fn polling_mode_when_idle_is_off() {
    let s = stack();
    let (from, user) = (s.player(10), s.player(11));
    let mut settings = s.imap_settings(&user, TlsMode::Implicit);
    settings.idle = false;
    settings.poll_seconds = 1;
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    assert!(!mb.uses_idle());
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(30)).await.unwrap();
    let slept = t.elapsed();
    assert!(slept >= Duration::from_millis(900) && slept < Duration::from_secs(5), "{slept:?}");

    let subject = unique("poll");
    send(&from, &user, &subject, "x\n").await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let got = loop {
        let got = mb.fetch_pending().await.unwrap();
        if !got.is_empty() || Instant::now() > deadline {
            break got;
        }
        mb.wait_for_mail(Duration::from_secs(5)).await.unwrap();
    };
    assert_eq!(got.len(), 1);
    assert_eq!(subject_of(&got[0].raw), subject);

    // Pending unseen mail not yet fetched: the wait returns at once.
    send(&from, &user, &unique("poll2"), "y\n").await;
    s.wait_for_messages(&user, "INBOX", 2, Duration::from_secs(15)).await.unwrap();
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(30)).await.unwrap();
    assert!(t.elapsed() < Duration::from_millis(900), "{:?}", t.elapsed());
}

/// `recheck_ms` (the daemon's default, 100): the wait ends when a new
/// message arrives, told by a NOOP, without IDLE (whose news Dovecot holds
/// back 500 ms) and long before the 60 s poll.
#[tokio::test]
async fn rechecking_ends_the_wait_when_mail_arrives_without_idle_or_the_poll() {
    let s = stack();
    let (from, user) = (s.player(27), s.player(28));
    let mut settings = s.imap_settings(&user, TlsMode::StartTls);
    settings.idle = false;
    settings.recheck_ms = 100;
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    assert!(mb.fetch_pending().await.unwrap().is_empty());
    // Nothing arrives: the wait ends after `max`.
    let t = Instant::now();
    mb.wait_for_mail(Duration::from_secs(1)).await.unwrap();
    assert!(t.elapsed() >= Duration::from_millis(900), "{:?}", t.elapsed());

    let subject = unique("recheck");
    let (sender_from, sender_to, subject2) = (from.clone(), user.clone(), subject.clone());
    let delivery = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(500)).await;
        send(&sender_from, &sender_to, &subject2, "are you there?\n").await;
    });
    // Without the NOOPs only the 60 s poll would end this wait.
    let waited = tokio::time::timeout(Duration::from_secs(30), mb.wait_for_mail(Duration::from_secs(120))).await;
    delivery.await.unwrap();
    assert!(waited.is_ok(), "the new mail did not end the wait");
    waited.unwrap().unwrap();
    let got = mb.fetch_pending().await.unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(subject_of(&got[0].raw), subject);
}

/// With `recheck_ms`, a stopped server is seen within seconds: Dovecot
/// keeps serving a session that talks every 100 ms ~30 s after it stopped
/// (a resting IDLE is told BYE), so the wait also checks that the server
/// still takes new connections, and fails when it does not: the daemon
/// reconnects, cannot, and the outage is counted from then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rechecking_sees_a_stopped_server_though_its_old_session_still_answers() {
    // A stack of its own: this test stops its Dovecot.
    let s = tokio::task::spawn_blocking(|| MailStack::start(1)).await.unwrap().unwrap();
    let mut settings = s.imap_settings(&s.player(1), TlsMode::StartTls);
    settings.recheck_ms = 100;
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    assert!(mb.fetch_pending().await.unwrap().is_empty());
    let stopper = s.clone();
    let stopped = tokio::task::spawn_blocking(move || {
        std::thread::sleep(Duration::from_millis(500));
        stopper.stop_dovecot().unwrap();
        Instant::now()
    });
    let waited = tokio::time::timeout(Duration::from_secs(60), mb.wait_for_mail(Duration::from_secs(120))).await;
    let stopped = stopped.await.unwrap();
    let _ = s.stop();
    let failed_at = Instant::now();
    match waited {
        Ok(Err(e)) => assert!(
            failed_at.saturating_duration_since(stopped) < Duration::from_secs(12),
            "the wait failed only {:?} after Dovecot stopped: {e}",
            failed_at.saturating_duration_since(stopped)
        ),
        Ok(Ok(())) => panic!("the wait ended without an error though Dovecot stopped"),
        Err(_) => panic!("the wait went on 60 s though Dovecot stopped"),
    }
}

#[tokio::test]
async fn imap_tls_modes_with_the_test_certificate_as_root() {
    let s = stack();
    let user = s.player(12);
    for tls in [TlsMode::Implicit, TlsMode::StartTls, TlsMode::None] {
        let mut mb = ImapMailbox::connect(&s.imap_settings(&user, tls))
            .await
            .unwrap_or_else(|e| panic!("{tls:?}: {e}"));
        mb.ping().await.unwrap();
        assert!(mb.fetch_pending().await.unwrap().is_empty());
    }
    // The certificate names localhost too.
    let mut by_name = s.imap_settings(&user, TlsMode::Implicit);
    by_name.host = "localhost".into();
    ImapMailbox::connect(&by_name).await.unwrap().ping().await.unwrap();

    // Without the extra root, the self-signed certificate is refused.
    for tls in [TlsMode::Implicit, TlsMode::StartTls] {
        let mut untrusted = s.imap_settings(&user, tls);
        untrusted.ca_file = None;
        let e = ImapMailbox::connect(&untrusted).await.unwrap_err();
        assert!(matches!(e, TransportError::Tls { .. }), "{tls:?}: {e}");
        assert!(e.to_string().contains(&s.host), "{e}");
    }
}

#[tokio::test]
async fn wrong_password_gives_a_clear_error() {
    let s = stack();
    let user = s.player(13);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.pass");
    std::fs::write(&bad, "not-the-password\n").unwrap();

    let mut settings = s.imap_settings(&user, TlsMode::Implicit);
    settings.password = arbitre::transport::Secret::File(bad.clone());
    let e = ImapMailbox::connect(&settings).await.unwrap_err();
    match &e {
        TransportError::AuthenticationFailed { user: u, port, .. } => {
            assert_eq!(u, &user);
            assert_eq!(*port, s.imaps_port);
        }
        other => panic!("expected an authentication error, got {other}"),
    }
    assert!(e.to_string().contains("password"), "{e}");

    let mut smtp = s.smtp_settings(Some(&user), TlsMode::StartTls);
    smtp.password = Some(arbitre::transport::Secret::File(bad));
    let sender = SmtpSender::new(&smtp).unwrap();
    let e = sender
        .send(&user, &[s.player(14)], &compose(&user, &s.player(14), "x", "x\n"))
        .await
        .unwrap_err();
    // A configuration problem, not this message's: retried, not bounced.
    assert!(matches!(&e, SendError::Transient(m) if m.contains("authentication")), "{e}");
}

#[tokio::test]
async fn listing_a_user_mailbox_and_adding_users() {
    let s = stack();
    let extra = s.add_user("latecomer").unwrap();
    assert_eq!(extra, "latecomer@example.test");
    let from = s.player(15);
    let subject = unique("latecomer");
    send(&from, &extra, &subject, "bienvenue\n").await;
    let got = s
        .wait_for_messages(&extra, "INBOX", 1, Duration::from_secs(15))
        .await
        .unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].header("From").as_deref(), Some(from.as_str()));
    // Listing is read-only.
    let again = list_messages(&s.imap_settings(&extra, TlsMode::StartTls), "INBOX").await.unwrap();
    assert!(!again[0].is_seen());
}

#[tokio::test]
async fn a_dropped_connection_is_reported_and_a_new_connection_recovers() {
    let s = stack();
    let (from, user) = (s.player(16), s.player(17));
    let settings = s.imap_settings(&user, TlsMode::StartTls);
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    assert!(mb.fetch_pending().await.unwrap().is_empty());
    s.kick(&user).unwrap();
    // The server closes the session (doveadm kick signals the session's
    // process, which may answer one more command first): a call fails, and
    // every call after it says to reconnect (the stream may be half-read).
    let deadline = Instant::now() + Duration::from_secs(10);
    let first = loop {
        match mb.fetch_pending().await {
            Err(e) => break e,
            Ok(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(50)).await,
            Ok(_) => panic!("the kicked session still answers"),
        }
    };
    assert!(!matches!(first, TransportError::Disconnected { .. }), "{first}");
    let second = mb.fetch_pending().await.unwrap_err();
    assert!(matches!(second, TransportError::Disconnected { .. }), "{second}");
    assert!(mb.wait_for_mail(Duration::from_millis(10)).await.is_err());

    let subject = unique("after reconnect");
    send(&from, &user, &subject, "x\n").await;
    s.wait_for_messages(&user, "INBOX", 1, Duration::from_secs(15)).await.unwrap();
    let mut again = ImapMailbox::connect(&settings).await.unwrap();
    let got = again.fetch_pending().await.unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(subject_of(&got[0].raw), subject);
}

#[tokio::test]
async fn a_burst_of_mail_is_fetched_completely_in_uid_order() {
    let s = stack();
    let user = s.player(18);
    // More than one UID FETCH chunk (50), sent concurrently by 6 players
    // over one pooled connection set.
    const N: usize = 120;
    let sender = std::sync::Arc::new(SmtpSender::new(&s.smtp_settings(Some(&s.player(19)), TlsMode::StartTls)).unwrap());
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..N {
        let sender = sender.clone();
        let from = s.player(20 + (i % 6) as u32);
        let to = user.clone();
        tasks.push(tokio::spawn(async move {
            let raw = compose(&from, &to, &format!("burst {i:03}"), &format!("ordre {i}\n"));
            sender.send(&from, &[to], &raw).await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let sent_in = started.elapsed();
    let stored = s.wait_for_messages(&user, "INBOX", N, Duration::from_secs(60)).await.unwrap();
    let delivered_in = started.elapsed();
    assert_eq!(stored.len(), N);

    let mut mb = ImapMailbox::connect(&s.imap_settings(&user, TlsMode::Implicit)).await.unwrap();
    let t = Instant::now();
    let got = mb.fetch_pending().await.unwrap();
    let fetched_in = t.elapsed();
    assert_eq!(got.len(), N);
    let uids: Vec<u32> = got.iter().map(|m| m.id.parse().unwrap()).collect();
    assert!(uids.windows(2).all(|w| w[0] < w[1]), "UID order");
    let mut subjects: Vec<String> = got.iter().map(|m| subject_of(&m.raw)).collect();
    subjects.sort();
    subjects.dedup();
    assert_eq!(subjects.len(), N, "each message once");
    eprintln!(
        "burst of {N}: sent in {sent_in:?}, all delivered after {delivered_in:?}, fetched in {fetched_in:?}"
    );
}

#[tokio::test]
async fn a_cancelled_wait_never_leaves_a_half_read_session() {
    let s = stack();
    let user = s.player(26);
    // Cancelled in the middle of IDLE (as a `select!` on shutdown does):
    // the session is gone, and the mailbox says so instead of misreading
    // the stream.
    let mut mb = ImapMailbox::connect(&s.imap_settings(&user, TlsMode::StartTls)).await.unwrap();
    let cancelled = tokio::time::timeout(Duration::from_millis(500), mb.wait_for_mail(Duration::from_secs(30))).await;
    assert!(cancelled.is_err(), "the wait was cut short");
    let e = mb.fetch_pending().await.unwrap_err();
    assert!(matches!(e, TransportError::Disconnected { .. }), "{e}");

    // Cancelled while polling (nothing on the wire): still usable.
    let mut settings = s.imap_settings(&user, TlsMode::StartTls);
    settings.idle = false;
    let mut mb = ImapMailbox::connect(&settings).await.unwrap();
    let cancelled = tokio::time::timeout(Duration::from_millis(500), mb.wait_for_mail(Duration::from_secs(30))).await;
    assert!(cancelled.is_err());
    assert!(mb.fetch_pending().await.unwrap().is_empty());
}
