//! The daemon's clock with paused tokio time: deadlines fire in the game's
//! time zone across the daylight-saving change, reminders go before them,
//! and a shutdown is honoured.

mod support;

use std::sync::Arc;
use std::time::Duration;

use jiff::Timestamp;
use support::*;

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn deadline_fires_at_20h_paris_on_the_dst_day_and_not_before() {
    let e = env();
    let r = &e.referee;
    // 29 March 2026: Paris switches to summer time at 02:00; the deadline is
    // Sunday 20:00 local, that is 18:00 UTC (it would be 19:00 UTC in winter).
    let start: Timestamp = "2026-03-29T16:30:00Z".parse().unwrap();
    let pw = join(r, "a@x.test", "Atréides", start);
    let raw = mail("a@x.test", "o@x.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), start);
    r.handle_mail(&raw, start).unwrap();
    take_outbox(r);

    let root = e.dir.path().to_path_buf();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_secs(60));

    let turn = || referee.read_meta(GAME).unwrap().unwrap().turn;
    let sleep_until = |t: &str| {
        let target: Timestamp = t.parse().unwrap();
        let clock = clock.clone();
        async move {
            while clock.now() < target {
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    };
    sleep_until("2026-03-29T17:59:00Z").await;
    assert_eq!(turn(), 0, "not adjudicated before 20:00 Paris time");
    // At 19:00 UTC a winter-time schedule would fire; summer time fires at 18:00.
    sleep_until("2026-03-29T18:02:00Z").await;
    for _ in 0..200 {
        if turn() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(turn(), 1, "adjudicated right after the deadline");
    let meta = referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.deadline, Some("2026-04-05T18:00:00Z".parse().unwrap()), "the next deadline is a week later, 20:00 Paris");
    // The report reached the player's mailbox.
    sleep_until("2026-03-29T18:05:00Z").await;
    let delivered = std::fs::read_dir(root.join("mail/outgoing/a@x.test/new")).map(|d| d.count()).unwrap_or(0);
    assert!(delivered >= 1, "the report was sent");

    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

/// Puts `raw` in the Maildir inbox as a mail server would, stamped as
/// delivered at `delivered` by the wall clock.
fn deliver(root: &std::path::Path, name: &str, raw: &[u8], delivered: std::time::SystemTime) {
    let tmp = root.join("mail/inbox/tmp").join(name);
    std::fs::create_dir_all(tmp.parent().unwrap()).unwrap();
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    std::fs::write(&tmp, raw).unwrap();
    std::fs::File::options().write(true).open(&tmp).unwrap().set_modified(delivered).unwrap();
    std::fs::rename(&tmp, root.join("mail/inbox/new").join(name)).unwrap();
}

/// Two families registered on Monday; the first deadline is Sunday 29
/// March, 20:00 Paris (18:00 UTC).
fn registered() -> (Env, String, String) {
    let e = env();
    let monday = t0();
    let pa = join(&e.referee, "a@x.test", "Atréides", monday);
    let pb = join(&e.referee, "b@x.test", "Harkonnen", monday);
    take_outbox(&e.referee);
    (e, pa, pb)
}

fn last_status(r: &arbitre::referee::Referee, key: &str, now: Timestamp) -> Option<arbitre::game::OrderStatus> {
    r.status(GAME, now).unwrap().families.into_iter().find(|f| f.key == key).and_then(|f| f.last_status)
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn an_order_delivered_before_the_deadline_counts_when_the_referee_was_down_until_after_it() {
    // #25: lateness was judged by when the daemon read a mail. Orders that
    // reached the mailbox 40 s before the deadline, read 90 s after it
    // (the daemon starved, stopped, restarting), were refused as late and
    // the turn played with their family ONR.
    let (e, pa, _pb) = registered();
    let deadline: Timestamp = "2026-03-29T18:00:00Z".parse().unwrap();
    let restart = deadline + jiff::SignedDuration::from_mins(30);
    let root = e.dir.path().to_path_buf();
    // Delivered 40 s before the deadline: 30 min 40 s before the restart.
    let raw = mail("a@x.test", "late-read@x.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), deadline - jiff::SignedDuration::from_secs(40));
    deliver(&root, "1.late-read", &raw, std::time::SystemTime::now() - Duration::from_secs(30 * 60 + 40));
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), restart, Duration::from_secs(60));
    for _ in 0..600 {
        if referee.read_meta(GAME).unwrap().unwrap().turn == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(referee.read_meta(GAME).unwrap().unwrap().turn, 1, "the turn was played");
    assert_eq!(last_status(&referee, "ATREIDES", clock.now()), Some(arbitre::game::OrderStatus::Or), "the orders delivered before the deadline were played");
    let answers: Vec<String> = std::fs::read_dir(root.join("mail/outgoing/a@x.test/new"))
        .unwrap()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f.unwrap().path()).unwrap()).into_owned())
        .collect();
    assert!(answers.iter().all(|a| !a.contains("date limite du tour")), "no refusal as late: {answers:?}");
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

/// A daemon whose mailbox cannot be opened while `down` (true at first).
struct Outage {
    clock: arbitre::daemon::Clock,
    down: Arc<std::sync::atomic::AtomicBool>,
    stop_tx: tokio::sync::oneshot::Sender<()>,
    running: tokio::task::JoinHandle<anyhow::Result<()>>,
}

fn daemon_with_mailbox_down(root: &std::path::Path, referee: &Arc<arbitre::referee::Referee>, start: Timestamp) -> Outage {
    use arbitre::daemon::{Clock, Daemon, MailboxFactory};
    use arbitre::transport::{Mailbox, MaildirMailbox, MaildirSender};
    use std::sync::atomic::{AtomicBool, Ordering};
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let down = Arc::new(AtomicBool::new(true));
    let (inbox, d2) = (root.join("mail/inbox"), down.clone());
    let open_mailbox: MailboxFactory = Arc::new(move || {
        let (inbox, down) = (inbox.clone(), d2.clone());
        Box::pin(async move {
            anyhow::ensure!(!down.load(Ordering::SeqCst), "the mail server is down");
            Ok(Box::new(MaildirMailbox::open(&inbox)?) as Box<dyn Mailbox>)
        })
    });
    let clock = Clock::starting_at(start);
    let daemon = Daemon { referee: referee.clone(), open_mailbox, sender: Arc::new(MaildirSender::new(&root.join("mail/outgoing"))), clock: clock.clone(), max_wait: Duration::from_secs(60), notify_systemd: false };
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(daemon.run(async move {
        let _ = stop_rx.await;
    }));
    Outage { clock, down, stop_tx, running }
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn a_deadline_waits_for_a_mailbox_in_outage_and_the_orders_it_held_count() {
    use std::sync::atomic::Ordering;
    let (e, pa, _pb) = registered();
    let deadline: Timestamp = "2026-03-29T18:00:00Z".parse().unwrap();
    let start = deadline - jiff::SignedDuration::from_mins(10);
    let root = e.dir.path().to_path_buf();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let Outage { clock, down, stop_tx, running } = daemon_with_mailbox_down(&root, &referee, start);
    // Delivered five minutes before the deadline, while the referee cannot read.
    let sent_at = deadline - jiff::SignedDuration::from_mins(5);
    while clock.now() < sent_at {
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    let raw = mail("a@x.test", "outage@x.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), sent_at);
    deliver(&root, "1.outage", &raw, std::time::SystemTime::now());
    // An hour past the deadline, the mailbox still down: the turn waits.
    while clock.now() < deadline + jiff::SignedDuration::from_hours(1) {
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    assert_eq!(referee.read_meta(GAME).unwrap().unwrap().turn, 0, "the deadline waits for the mailbox to be read through it");
    // The server's stamp, as game time has moved on since (paused time: the
    // wall clock has not).
    let waited = clock.now().duration_since(sent_at);
    let stamp = std::time::SystemTime::now() - Duration::try_from(waited).unwrap();
    std::fs::File::options().write(true).open(root.join("mail/inbox/new/1.outage")).unwrap().set_modified(stamp).unwrap();
    down.store(false, Ordering::SeqCst);
    // Within the reconnection's back-off (5 min at most).
    for _ in 0..3000 {
        if referee.read_meta(GAME).unwrap().unwrap().turn == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(referee.read_meta(GAME).unwrap().unwrap().turn, 1, "played once the mailbox was read");
    assert_eq!(last_status(&referee, "ATREIDES", clock.now()), Some(arbitre::game::OrderStatus::Or), "the orders delivered before the deadline were played");
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

/// `admin_language = "en"` written into the test's configuration.
fn english_admin(root: &std::path::Path) -> arbitre::config::Config {
    let path = root.join("config.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replace("admin_address = \"referee@example.test\"\n", "admin_address = \"referee@example.test\"\nadmin_language = \"en\"\n");
    std::fs::write(&path, text).unwrap();
    arbitre::config::load(&path).unwrap()
}

/// Issue 26: with `admin_language = "en"`, the daemon's mails about an
/// outage of the mailbox and its end reach `admin_address` in English
/// (they were in French whatever the setting).
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn admin_language_en_outage_mails_to_the_referee_are_in_english() {
    use std::sync::atomic::Ordering;
    let (e, _pa, _pb) = registered();
    let start = t0();
    let root = e.dir.path().to_path_buf();
    let referee = Arc::new(arbitre::referee::Referee::new(english_admin(&root), templates()).unwrap());
    let Outage { clock, down, stop_tx, running } = daemon_with_mailbox_down(&root, &referee, start);
    // Subject and text of each mail, decoded.
    let admin = |root: &std::path::Path| -> Vec<String> {
        std::fs::read_dir(root.join("mail/outgoing/referee@example.test/new"))
            .map(|d| d.flatten().map(|f| read("", &std::fs::read(f.path()).unwrap())).map(|m| format!("{}\n\n{}", m.subject, m.text)).collect())
            .unwrap_or_default()
    };
    // Past alerts.outage_after (10 min by default), the outage is mailed.
    while clock.now() < start + jiff::SignedDuration::from_mins(20) && admin(&root).is_empty() {
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    down.store(false, Ordering::SeqCst);
    for _ in 0..3000 {
        if admin(&root).len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let got = admin(&root);
    assert_eq!(got.len(), 2, "the outage and its end: {got:#?}");
    let outage = got.iter().find(|m| m.contains("outage: mailbox unreachable")).unwrap_or_else(|| panic!("the outage, in English: {got:#?}"));
    assert!(outage.contains("arbitre reports an outage: the referee's mailbox is unreachable"), "{outage}");
    assert!(outage.contains("none is lost"), "{outage}");
    let over = got.iter().find(|m| m.contains("recovered: mailbox unreachable")).unwrap_or_else(|| panic!("its end, in English: {got:#?}"));
    assert!(over.contains("The outage reported is over") && over.contains(" at "), "{over}");
    for m in &got {
        for french in ["Bonjour", "panne", "rétabli", "Depuis", "tentative"] {
            assert!(!m.contains(french), "French word {french:?} in a mail to an English-speaking referee:\n{m}");
        }
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}
