//! Secrets at rest (issue 25): once its mail is sent, no password stays in
//! clear in the data directory — not in the outbox's copy of a welcome, not
//! in an archived order — and `arbitre family password` issues a new one,
//! mailed to the family, through the real command and the daemon.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use support::*;

async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < Duration::from_secs(60), "{what}: not after 60 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Puts a player's mail in the referee's inbox, as the mail server would.
fn deliver(root: &Path, name: &str, raw: &[u8]) {
    std::fs::write(root.join("mail/inbox/new").join(name), raw).unwrap();
}

/// Every file of the data directory that holds `secret` (any case).
fn files_holding(dir: &Path, secret: &str) -> Vec<String> {
    snapshot(dir)
        .into_iter()
        .filter(|(_, bytes)| bytes.windows(secret.len()).any(|w| w.eq_ignore_ascii_case(secret.as_bytes())))
        .map(|(p, _)| p.display().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_password_is_mailed_to_the_family_and_no_password_stays_in_clear() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    // The registration's welcome, sent (moved to the outbox's cur/).
    let old = join(&e.referee, "a@x.test", "Atréides", start);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_millis(200));

    // Orders with the password, through the daemon.
    deliver(&root, "1.orders", &mail("a@x.test", "o1@x.test", "Ordres", &orders_body("Atréides", &old, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "a@x.test").len() == 1).await;
    assert!(!delivered(&root, "a@x.test")[0].contains("REFUSÉ"), "{}", delivered(&root, "a@x.test")[0]);

    // The referee's command, as the referee types it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(root.join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .args(["family", "password", GAME, "Atréides"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stdout).contains(&old), "the command prints no password");
    until("the new password delivered", || delivered(&root, "a@x.test").len() == 2).await;
    let texts = delivered(&root, "a@x.test");
    let text = texts.iter().find(|t| t.contains("nouveau mot de passe")).expect("the new password's mail");
    let new = password_in(text);
    assert_ne!(new, old);

    // The old one is refused, the new one taken.
    let refused = |root: &Path| delivered(root, "a@x.test").iter().filter(|t| t.contains("mot de passe était faux")).count();
    deliver(&root, "2.old", &mail("a@x.test", "o2@x.test", "Ordres", &orders_body("Atréides", &old, None, FOUNDERS), start));
    until("the refusal delivered", || delivered(&root, "a@x.test").len() == 3).await;
    assert_eq!(refused(&root), 1, "{:?}", delivered(&root, "a@x.test"));
    deliver(&root, "3.new", &mail("a@x.test", "o3@x.test", "Ordres", &orders_body("Atréides", &new, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "a@x.test").len() == 4).await;
    assert_eq!(refused(&root), 1, "the new password was refused");
    until("the outbox empty", || referee.store.outbox().pending_count().unwrap() == 0).await;
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();

    // Neither password is in clear anywhere in the data directory.
    for pw in [&old, &new] {
        assert_eq!(files_holding(&data(&e), pw), Vec::<String>::new(), "{pw} in clear");
    }
}

/// `arbitre family <args…>` as the referee types it.
fn family_command(root: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(root.join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .arg("family")
        .args(args)
        .output()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn family_move_sends_the_mail_to_the_new_address_and_refuses_orders_from_the_old() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    let pw = join(&e.referee, "a@x.test", "Atréides", start);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_millis(200));

    let out = family_command(&root, &["move", GAME, "Atréides", "B@X.test"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    until("both addresses told", || delivered(&root, "b@x.test").len() == 1 && delivered(&root, "a@x.test").len() == 1).await;
    let (new, old) = (delivered(&root, "b@x.test").remove(0), delivered(&root, "a@x.test").remove(0));
    assert!(new.contains("c'est désormais cette adresse (b@x.test) qui reçoit son courrier") && new.contains("ne change pas"), "{new}");
    assert!(old.contains("cette adresse ne reçoit plus son courrier"), "{old}");
    assert!(!new.contains(&pw) && !old.contains(&pw), "a notice carries the password");

    // The old address is refused, and the refusal goes to the new one.
    deliver(&root, "1.old", &mail("a@x.test", "o1@x.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), start));
    until("the refusal delivered", || delivered(&root, "b@x.test").len() == 2).await;
    assert!(delivered(&root, "b@x.test")[1].contains("qui n'est pas l'adresse enregistrée"), "{:?}", delivered(&root, "b@x.test"));
    // The new address gives orders with the same password.
    deliver(&root, "2.new", &mail("b@x.test", "o2@x.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "b@x.test").len() == 3).await;
    let ack = &delivered(&root, "b@x.test")[2];
    assert!(!ack.contains("a été REFUSÉ"), "{ack}");
    until("the outbox empty", || referee.store.outbox().pending_count().unwrap() == 0).await;
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    assert_eq!(delivered(&root, "a@x.test").len(), 1, "the old address got more than its notice: {:?}", delivered(&root, "a@x.test"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn family_replace_gives_the_seat_a_new_password_at_the_new_address() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    let old_pw = join(&e.referee, "a@x.test", "Atréides", start);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_millis(200));

    let out = family_command(&root, &["replace", GAME, "ATREIDES", "c@x.test"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    until("both addresses told", || delivered(&root, "c@x.test").len() == 1 && delivered(&root, "a@x.test").len() == 1).await;
    let (welcome, old) = (delivered(&root, "c@x.test").remove(0), delivered(&root, "a@x.test").remove(0));
    assert!(welcome.contains("vous confie la famille Atréides") && welcome.contains("FAMILLE Atréides") && welcome.contains("FIN"), "{welcome}");
    let new_pw = password_in(&welcome);
    assert_ne!(new_pw, old_pw);
    assert!(old.contains("vous ne la jouez plus") && !old.contains(&new_pw), "{old}");

    // The old player, old address and password: refused (told at the new address).
    deliver(&root, "1.old", &mail("a@x.test", "o1@x.test", "Ordres", &orders_body("Atréides", &old_pw, None, FOUNDERS), start));
    until("the refusal delivered", || delivered(&root, "c@x.test").len() == 2).await;
    assert!(delivered(&root, "c@x.test")[1].contains("il venait de l'adresse a@x.test, qui n'est pas l'adresse enregistrée"), "{:?}", delivered(&root, "c@x.test"));
    // The new player with the new password: taken.
    deliver(&root, "2.new", &mail("c@x.test", "o2@x.test", "Ordres", &orders_body("Atréides", &new_pw, None, FOUNDERS), start));
    until("the acknowledgement delivered", || delivered(&root, "c@x.test").len() == 3).await;
    let ack = &delivered(&root, "c@x.test")[2];
    assert!(!ack.contains("a été REFUSÉ"), "{ack}");
    until("the outbox empty", || referee.store.outbox().pending_count().unwrap() == 0).await;
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    assert_eq!(delivered(&root, "a@x.test").len(), 1, "the old address got more than its notice");
    for pw in [&old_pw, &new_pw] {
        assert_eq!(files_holding(&data(&e), pw), Vec::<String>::new(), "{pw} in clear");
    }
}

#[test]
fn family_move_and_replace_refuse_with_a_reason() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    join(&e.referee, "a@x.test", "Atréides", start);
    join(&e.referee, "h@x.test", "Harkonnen", start);
    let before = e.referee.read_meta(GAME).unwrap().unwrap();
    for cmd in ["move", "replace"] {
        for (args, says) in [
            (["nope", "Atréides", "z@x.test"], "nope"),
            ([GAME, "Corrino", "z@x.test"], "Corrino"),
            ([GAME, "Atréides", "not an address"], "not an address"),
            ([GAME, "Atréides", "H@x.test"], "h@x.test already plays family Harkonnen"),
        ] {
            let out = family_command(&root, &[&[cmd][..], &args[..]].concat());
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{cmd} {args:?}: {err}");
            assert!(err.contains(says), "{cmd} {args:?}: {err}");
        }
        // An interrupted intake run names the game.
        use arbitre::store::RunRecord;
        let r = &e.referee;
        std::fs::write(r.store.run_record_path(), r.store.run_record_bytes(&RunRecord { games: vec![GAME.into()], messages: vec![] }).unwrap()).unwrap();
        let out = family_command(&root, &[cmd, GAME, "Atréides", "z@x.test"]);
        assert_eq!(out.status.code(), Some(1), "{cmd} over an unfinished run");
        assert!(String::from_utf8_lossy(&out.stderr).contains("were being recorded"), "{}", String::from_utf8_lossy(&out.stderr));
        r.store.remove_run_record().unwrap();
    }
    // `remove`: an unknown game or family, an unfinished run.
    for (args, says) in [(["nope", "Atréides"], "nope"), ([GAME, "Corrino"], "Corrino")] {
        let out = family_command(&root, &[&["remove"][..], &args[..]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "remove {args:?}: {err}");
        assert!(err.contains(says), "remove {args:?}: {err}");
    }
    let r = &e.referee;
    std::fs::write(r.store.run_record_path(), r.store.run_record_bytes(&arbitre::store::RunRecord { games: vec![GAME.into()], messages: vec![] }).unwrap()).unwrap();
    let out = family_command(&root, &["remove", GAME, "Atréides"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("were being recorded"), "remove over an unfinished run: {}", String::from_utf8_lossy(&out.stderr));
    r.store.remove_run_record().unwrap();
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap(), before, "a refused command changed the game");
    assert_eq!(e.referee.store.outbox().pending_count().unwrap(), 0, "a refused command mailed someone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn family_remove_makes_the_seat_pnj_after_the_start_and_is_refused_before() {
    let e = env();
    let root = e.dir.path().to_path_buf();
    let start = t0();
    let pw = join(&e.referee, "a@x.test", "Atréides", start);
    join(&e.referee, "h@x.test", "Harkonnen", start);
    // Turn 0: no ruleset can free a seat; the reason names what to do instead.
    let out = family_command(&root, &["remove", GAME, "Atréides"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("has not started (turn 0)") && err.contains("family replace"), "{err}");
    assert!(!e.referee.read_meta(GAME).unwrap().unwrap().families["ATREIDES"].pnj);

    e.referee.adjudicate(GAME, arbitre::referee::adjudication::Mode::Force, start).unwrap();
    take_outbox(&e.referee);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, Duration::from_millis(200));
    let out = family_command(&root, &["remove", GAME, "Atréides"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    until("the notice delivered", || delivered(&root, "a@x.test").len() == 1).await;
    let notice = &delivered(&root, "a@x.test")[0];
    assert!(notice.contains("à partir du tour 1, elle est PNJ") && notice.contains("selon les règles par défaut"), "{notice}");
    assert!(referee.read_meta(GAME).unwrap().unwrap().families["ATREIDES"].pnj);
    // Its orders are refused from now on.
    deliver(&root, "1.orders", &mail("a@x.test", "o1@x.test", "Ordres", &orders_body("Atréides", &pw, None, &[]), start));
    until("the refusal delivered", || delivered(&root, "a@x.test").len() == 2).await;
    assert!(delivered(&root, "a@x.test")[1].contains("n'a pas été appliqué"), "{:?}", delivered(&root, "a@x.test"));
    until("the outbox empty", || referee.store.outbox().pending_count().unwrap() == 0).await;
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    assert_eq!(delivered(&root, "h@x.test").len(), 0, "another family was told");
}
