//! Early adjudication as a per-game setting of the simultaneous games
//! (`turn-based.md`, capability 3): off by default for Stellarium and
//! Galaxy; when on, a turn is played once every family has complete orders
//! and the change-of-mind delay has passed, by the daemon's clock loop.

mod support;

use std::sync::Arc;
use std::time::Duration;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::*;

/// Both Stellarium families send complete founding orders at `t`.
fn stellarium_ready(e: &Env, t: Timestamp) {
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let pb = join(&e.referee, "b@x.test", "Harkonnen", t);
    e.referee.set_registration(GAME, false).unwrap();
    for (addr, fam, pw) in [("a@x.test", "Atréides", &pa), ("b@x.test", "Harkonnen", &pb)] {
        let raw = mail(addr, &format!("o-{fam}@x.test"), "Ordres", &orders_body(fam, pw, Some(0), FOUNDERS), t);
        e.referee.handle_mail(&raw, t).unwrap();
    }
}

#[test]
fn stellarium_early_adjudication_is_off_by_default() {
    let e = env();
    let t = t0();
    stellarium_ready(&e, t);
    assert_eq!(e.referee.early_due(GAME).unwrap(), None, "Stellarium plays at the deadline unless the game says otherwise");
    let ack = take_outbox(&e.referee).pop().unwrap();
    assert!(!ack.text.contains("sera joué"), "{}", ack.text);
}

#[test]
fn stellarium_early_adjudication_when_set_plays_every_family_ready_after_the_delay() {
    let e = env_with("early = \"30m\"");
    let t = t0();
    stellarium_ready(&e, t);
    assert_eq!(e.referee.early_due(GAME).unwrap(), Some(t.checked_add(SignedDuration::from_mins(30)).unwrap()));
    let ack = take_outbox(&e.referee).pop().unwrap();
    assert!(ack.text.contains("Tous les ordres attendus sont là : ce tour sera joué le"), "{}", ack.text);
    let s = e.referee.adjudicate(GAME, Mode::Early, t.checked_add(SignedDuration::from_mins(30)).unwrap()).unwrap();
    assert!(s.early && s.held.is_none());
    // The next deadline is the schedule's next one after the nominal deadline, not earlier.
    let m = e.referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(m.turn, 1);
    assert_eq!(m.deadline, Some("2026-04-05T18:00:00Z".parse().unwrap()));
}

fn galaxy_config(early: &str) -> String {
    format!(
        r#"{head}
[[games]]
id = "galaxy-1"
ruleset = "galaxy"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
reminders = []
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 9
{early}
[games.settings]
# Two players: a scaled galaxy (rule 2.1 takes 4 to 16 in the rules' own).
players = 2
scaled = true
turns = 20
"#,
        head = config_head()
    )
}

fn drop_in(root: &std::path::Path, name: &str, raw: &[u8]) {
    let inbox = root.join("mail/inbox");
    std::fs::create_dir_all(inbox.join("tmp")).unwrap();
    std::fs::create_dir_all(inbox.join("new")).unwrap();
    std::fs::write(inbox.join("tmp").join(name), raw).unwrap();
    std::fs::rename(inbox.join("tmp").join(name), inbox.join("new").join(name)).unwrap();
}

/// A Galaxy game with two players, turn 0 played (the galaxy exists):
/// returns the referee, its folder, and each player's orders mail for turn 1.
fn galaxy(early: &str, start: Timestamp) -> (tempfile::TempDir, Arc<Referee>, Vec<Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), galaxy_config(early)).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = Arc::new(Referee::new(cfg, templates()).unwrap());
    r.create_game("galaxy-1", None, start).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in [("a@x.test", "Zorg"), ("b@x.test", "Xan")] {
        let raw = mail(addr, &format!("j-{name}@x.test"), "Inscription", &format!("PARTIE galaxy-1\nINSCRIPTION {name}\n"), start);
        r.handle_mail(&raw, start).unwrap();
        pw.push(password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration("galaxy-1", false).unwrap();
    r.adjudicate("galaxy-1", Mode::Force, start).unwrap();
    take_outbox(&r);
    let g = r.open_game("galaxy-1").unwrap();
    let mut mails = Vec::new();
    for (i, (addr, name)) in [("a@x.test", "Zorg"), ("b@x.test", "Xan")].into_iter().enumerate() {
        let mut dice = arbitre::dice::Dice::for_turn(1, 1);
        let lines = g.engine.sample_orders(&g.state, &arbitre::text::key(name), &mut dice).unwrap();
        let body = format!("PARTIE galaxy-1\nJOUEUR {name}\nMOTDEPASSE {}\nTOUR 1\n{}\nFIN\n", pw[i], lines.join("\n"));
        mails.push(mail(addr, &format!("o-{name}@x.test"), "Ordres", &body, start));
    }
    (dir, r, mails)
}

#[test]
fn galaxy_early_adjudication_is_off_by_default() {
    let start: Timestamp = "2026-03-24T09:00:00Z".parse().unwrap();
    let (_dir, r, mails) = galaxy("", start);
    for m in &mails {
        r.handle_mail(m, start).unwrap();
    }
    let g = r.open_game("galaxy-1").unwrap();
    let records = g.dir.read_orders::<arbitre::referee::intake::OrdersRecord>(1).unwrap();
    assert!(records.values().all(|rec| rec.status() == arbitre::game::OrderStatus::Or), "both players are ready");
    assert_eq!(r.early_due("galaxy-1").unwrap(), None);
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn galaxy_early_adjudication_is_played_by_the_daemon_after_the_delay() {
    let start: Timestamp = "2026-03-24T09:00:00Z".parse().unwrap();
    let (dir, referee, mails) = galaxy("early = \"10m\"", start);
    let root = dir.path().to_path_buf();
    for (i, m) in mails.iter().enumerate() {
        drop_in(&root, &format!("o{i}"), m);
    }
    let (clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_secs(3600));
    let turn = || referee.read_meta("galaxy-1").unwrap().unwrap().turn;
    let until = |mins: i64| {
        let target = start.checked_add(SignedDuration::from_mins(mins)).unwrap();
        let clock = clock.clone();
        async move {
            while clock.now() < target {
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    };
    until(9).await;
    assert_eq!(turn(), 1, "both orders are in, but the change-of-mind delay is not over");
    until(12).await;
    for _ in 0..100 {
        if turn() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(turn(), 2, "played ten minutes after the last orders, days before Sunday's deadline");
    let meta = referee.read_meta("galaxy-1").unwrap().unwrap();
    assert_eq!(meta.families["ZORG"].statuses[&1], arbitre::game::OrderStatus::Or);
    assert_eq!(meta.deadline, Some("2026-04-12T18:00:00Z".parse().unwrap()), "the next deadline is the one after the nominal deadline of the turn (5 April)");
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}
