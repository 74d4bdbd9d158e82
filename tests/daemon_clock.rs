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
