//! A short game of Stellar through a real mail system (the Postfix + Dovecot
//! stack of `tests/mailstack/`, the `arbitre serve` binary over IMAP and
//! SMTP), played by early adjudication: each step is played as soon as the
//! awaited players' orders (with `CONFIRMER`) are in, and its report reaches
//! both players without waiting for the step's deadline (48 h after the
//! previous report). The game starts as soon as both players are
//! registered. The report to the player who moves next says "À vous de
//! jouer" in its subject; the other player gets a short notice.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use arbitre::transport::testkit::compose;

use common::{daemon_config, register_by_mail, stack, strip_ansi, subject_of, wait_for_subject, Daemon};

const GAME: &str = "stellar-e2e";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_stellar_game_by_mail_with_early_adjudication() {
    let s = stack();
    let admin = s.add_user("referee").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    let text = daemon_config(s, &admin, GAME, 11)
        .replace("ruleset = \"stellarium\"", "ruleset = \"stellar\"")
        .replace("deadline = \"manual\"", "deadline = \"after 48h\"\nearly = \"15m\"");
    assert!(text.contains("ruleset = \"stellar\"") && text.contains("early = \"15m\""));
    std::fs::write(&config, text).unwrap();
    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));
    let names = ["Youri", "Neil"];
    let players: Vec<String> = (35..37).map(|i| s.player(i)).collect();

    let passwords = register_by_mail(s, &daemon, GAME, &players, &names).await;
    // The players' side: what they would write, from the referee's own
    // simulated player (read-only use of the data directory).
    let cfg = arbitre::config::load(&config).unwrap();
    let templates = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates");
    let referee = arbitre::referee::Referee::new(cfg, templates).unwrap();

    // The game is full: its registration step is played at once, without
    // `game close` or any other mail.
    let mut step = 0;
    for player in &players {
        wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Rapport du tour 0")).await;
    }

    // Then the starting choice (both players) and three moves, each mailed
    // with CONFIRMER; each step's report reaches both players, well before
    // its deadline two days later.
    for _ in 0..4 {
        step += 1;
        let g = referee.open_game(GAME).unwrap();
        assert_eq!(g.meta.turn, step);
        let awaited: BTreeSet<String> = g.awaited().unwrap();
        assert!(!awaited.is_empty());
        for (i, (player, name)) in players.iter().zip(names).enumerate() {
            let key = arbitre::text::key(name);
            if !awaited.contains(&key) {
                continue;
            }
            let mut dice = arbitre::dice::Dice::for_turn(99, step);
            let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
            let body = format!("PARTIE {GAME}\nJOUEUR {name}\nMOTDEPASSE {}\nTOUR {step}\n{}\nCONFIRMER\nFIN\n", passwords[i], lines.join("\n"));
            let raw = compose(player, &s.referee, &format!("Stellar {step}"), &body);
            s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
        }
        // The player to move next gets the report, the other a short notice.
        let report = format!("Rapport du tour {step} ");
        let notice = format!("Tour {step} joué ");
        for (player, name) in players.iter().zip(names) {
            let (m, _) = wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains(&report) || subj.contains(&notice)).await;
            let next = referee.open_game(GAME).unwrap().awaited().unwrap();
            let your_move = subject_of(&m).contains("vous de jouer");
            assert_eq!(your_move, next.contains(&arbitre::text::key(name)), "step {step}, {name}: {}", subject_of(&m));
            assert_eq!(subject_of(&m).contains(&notice), !your_move, "step {step}, {name}: {}", subject_of(&m));
        }
        let meta = referee.read_meta(GAME).unwrap().unwrap();
        assert!(meta.deadline.unwrap() > meta.opened_at.unwrap().checked_add(jiff::SignedDuration::from_hours(47)).unwrap());
    }
    // Every step was played early (none waited for its deadline).
    let log = strip_ansi(&daemon.log());
    let early = log.lines().filter(|l| l.contains("step due: adjudicating") && l.contains("mode=Early")).count();
    assert_eq!(early, 5, "{log}");
    assert!(!log.contains("mode=Deadline"), "{log}");
    daemon.stop();
}

