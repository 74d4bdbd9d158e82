//! A short game of Galactic Destiny through a real mail system (the Postfix +
//! Dovecot stack of `tests/mailstack/`, the `arbitre serve` binary over IMAP
//! and SMTP), played by early adjudication (issue #29, "Done when"): three
//! parties, one game turn (`tours_max = 1`), every step — the senate's two,
//! the invasion windows, the battles, the campaign windows, the campaigns'
//! influence, the purchases — played as soon as the seats it awaits have
//! sent their orders with `CONFIRMER`, never by its deadline (48 h after the
//! previous report). From one window to the next only the party whose window
//! opens is mailed (design note §2.6 item 4); each seat awaited by the next
//! step gets "À vous de jouer" in its report's subject, and every seat gets
//! the last report when the game ends by the turn limit.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use arbitre::transport::testkit::compose;

use common::{daemon_config, register_by_mail, stack, strip_ansi, subject_of, text_of, wait_for_subject, Daemon};

const GAME: &str = "gd-e2e";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_galactic_destiny_game_by_mail_with_early_adjudication() {
    let s = stack();
    let admin = s.add_user("referee").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    let text = daemon_config(s, &admin, GAME, 29)
        .replace("ruleset = \"stellarium\"", "ruleset = \"galactic-destiny\"")
        .replace("deadline = \"manual\"", "deadline = \"after 48h\"\nearly = \"15m\"")
        + "\n[games.settings]\nattribution_partis = \"hasard\"\njoueurs_max = 3\ntours_max = 1\n";
    assert!(text.contains("ruleset = \"galactic-destiny\"") && text.contains("early = \"15m\""));
    std::fs::write(&config, text).unwrap();
    let mut daemon = Daemon::start(env!("CARGO_BIN_EXE_arbitre"), &config, &dir.path().join("daemon.log"));
    let names = ["Leto", "Jessica", "Duncan"];
    let players: Vec<String> = s.add_users(&["gd-leto", "gd-jessica", "gd-duncan"]).unwrap();

    let passwords = register_by_mail(s, &daemon, GAME, &players, &names).await;
    // The players' side: what they would write, from the referee's own
    // simulated parties (read-only use of the data directory).
    let cfg = arbitre::config::load(&config).unwrap();
    let templates = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates");
    let referee = arbitre::referee::Referee::new(cfg, templates).unwrap();

    // The game is full: "Installation." and the first galactic phase are
    // played at once, and every party is mailed.
    for player in &players {
        let (m, _) = wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains("Rapport du tour 0 ")).await;
        assert!(subject_of(&m).contains("vous de jouer"), "{}", subject_of(&m));
        assert!(text_of(&m).contains("Composants provisoires"), "{}", text_of(&m));
    }

    let mut played = 0;
    let mut kinds = BTreeSet::new();
    loop {
        let g = referee.open_game(GAME).unwrap();
        if g.engine.is_over(&g.state).unwrap() {
            break;
        }
        let step = g.meta.turn;
        assert!(step <= 20, "one game turn of three parties is 11 steps (13 with a Feint round)");
        kinds.insert(g.engine.step_kind(&g.state).unwrap());
        let awaited: BTreeSet<String> = g.awaited().unwrap();
        assert!(!awaited.is_empty(), "step {step} awaits nobody");
        for (i, (player, name)) in players.iter().zip(names).enumerate() {
            let key = arbitre::text::key(name);
            if !awaited.contains(&key) {
                continue;
            }
            let mut dice = arbitre::dice::Dice::for_turn(99, step);
            let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
            let body = format!("PARTIE {GAME}\nJOUEUR {name}\nMOTDEPASSE {}\nTOUR {step}\n{}\nCONFIRMER\nFIN\n", passwords[i], lines.join("\n"));
            let raw = compose(player, &s.referee, &format!("Galactic Destiny {step}"), &body);
            s.send_as(player, std::slice::from_ref(&s.referee), &raw).await.unwrap();
        }
        // Each seat awaited next gets its report, "À vous de jouer", well
        // before the step's deadline two days later.
        let report = format!("Rapport du tour {step} ");
        let mut next = None;
        for _ in 0..600 {
            let g = referee.open_game(GAME).unwrap();
            if g.meta.turn > step {
                next = Some(g);
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let next = next.unwrap_or_else(|| panic!("step {step} was not played early\n{}", daemon.log()));
        let over = next.engine.is_over(&next.state).unwrap();
        let awaited_next = next.awaited().unwrap();
        for (player, name) in players.iter().zip(names) {
            if !over && !awaited_next.contains(&arbitre::text::key(name)) {
                continue;
            }
            let (m, _) = wait_for_subject(s, player, &daemon, Duration::from_secs(60), |subj| subj.contains(&report)).await;
            assert_eq!(subject_of(&m).contains("vous de jouer"), !over, "step {step}, {name}: {}", subject_of(&m));
        }
        let meta = referee.read_meta(GAME).unwrap().unwrap();
        if !over {
            assert!(meta.deadline.unwrap() > meta.opened_at.unwrap().checked_add(jiff::SignedDuration::from_hours(47)).unwrap());
        }
        played += 1;
    }
    // The whole game turn was played, every kind of step in it.
    assert!(played >= 11, "{played} steps");
    for kind in ["senat", "vote", "fenetre", "reaction", "achats"] {
        assert!(kinds.contains(kind), "no {kind} step among {kinds:?}");
    }
    // Every step was played early (none waited for its deadline).
    let log = strip_ansi(&daemon.log());
    let early = log.lines().filter(|l| l.contains("step due: adjudicating") && l.contains("mode=Early")).count();
    assert_eq!(early, played + 1, "{log}");
    assert!(!log.contains("mode=Deadline"), "{log}");
    daemon.stop();
}
