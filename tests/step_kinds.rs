//! The seam Galactic Destiny's steps need (design note §2.6, items 1–2), on a
//! small ruleset whose rounds have a bidding step and an answer step
//! (`support/mises.rs`): deadlines by step kind (`deadlines`, checked
//! against the ruleset's `STEP_KINDS`).

mod support;
#[allow(dead_code)]
#[path = "support/race21.rs"]
mod race21;
#[path = "support/mises.rs"]
mod mises;

use std::sync::Arc;
use std::time::Duration;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, take_outbox};

const GAME: &str = "mises-1";
const PLAYERS: [(&str, &str); 2] = [("a@x.test", "Anne"), ("b@x.test", "Bruno")];

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

fn hours(h: i64) -> SignedDuration {
    SignedDuration::from_hours(h)
}

fn config(extra: &str) -> String {
    format!(
        r#"{head}
[[games]]
id = "{GAME}"
ruleset = "mises"
time_zone = "Europe/Paris"
deadline = "after 48h"
reminders = ["1h"]
registration_open = true
registration_confirm = false
seed = 3
{extra}
"#,
        head = support::config_head()
    )
}

struct Game {
    dir: tempfile::TempDir,
    r: Arc<Referee>,
    pw: Vec<String>,
}

/// A game of `mises` with Anne and Bruno registered, registration closed,
/// step 0 played at t0 + 1 min: step 1 (a bid) awaits both.
fn game(extra: &str) -> Game {
    arbitre::games::register_extra(mises::engine);
    let dir = tempfile::tempdir().unwrap();
    let templates = mises::templates_in(dir.path());
    std::fs::write(dir.path().join("config.toml"), config(extra)).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = Arc::new(Referee::new(cfg, templates).unwrap());
    r.create_game(GAME, None, t0()).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        pw.push(support::password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration(GAME, false).unwrap();
    r.adjudicate(GAME, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Game { dir, r, pw }
}

impl Game {
    /// The mail of player `i` with `lines` for the open step.
    fn mail(&self, i: usize, id: &str, lines: &[&str], when: Timestamp) -> Vec<u8> {
        let (addr, name) = PLAYERS[i];
        let body = format!("PARTIE {GAME}\nJOUEUR {name}\nMOTDEPASSE {}\n{}\nFIN\n", self.pw[i], lines.join("\n"));
        mail(addr, &format!("{id}@x.test"), "Ordres", &body, when)
    }

    /// Player `i` sends `lines`; returns the referee's answers.
    fn send(&self, i: usize, id: &str, lines: &[&str], when: Timestamp) -> Vec<support::Sent> {
        self.r.handle_mail(&self.mail(i, id, lines, when), when).unwrap();
        take_outbox(&self.r)
    }

    fn meta(&self) -> arbitre::referee::GameMeta {
        self.r.read_meta(GAME).unwrap().unwrap()
    }

    /// Both seats bid in step 1 at `when`, which is then played: step 2 (answers) opens at `when`.
    fn both_bid(&self, when: Timestamp) {
        self.send(0, "a-bid", &["MISE 3"], when);
        self.send(1, "b-bid", &["MISE 4"], when);
        self.r.adjudicate(GAME, Mode::Force, when).unwrap();
        take_outbox(&self.r);
    }
}

#[test]
fn deadlines_by_step_kind_schedule_each_step_and_fall_back_to_deadline() {
    let g = game(r#"deadlines = { inscription = "after 7d", reponse = "after 2h" }"#);
    // Step 1 is a bid: no entry for "mise", so `deadline` (48 h after the report).
    let m = g.meta();
    assert_eq!((m.turn, m.deadline), (1, Some(at(1) + hours(48))));
    assert_eq!(g.r.status(GAME, at(2)).unwrap().schedule, "after 2d");
    // Step 2 is an answer step: 2 h.
    g.both_bid(at(10));
    let m = g.meta();
    assert_eq!((m.turn, m.deadline), (2, Some(at(10) + hours(2))));
    assert_eq!(g.r.status(GAME, at(11)).unwrap().schedule, "after 2h");
    // Step 3, a bid again: 48 h.
    g.r.adjudicate(GAME, Mode::Force, at(20)).unwrap();
    assert_eq!(g.meta().deadline, Some(at(20) + hours(48)));
}

#[test]
fn the_first_deadline_is_the_registration_steps_kind() {
    arbitre::games::register_extra(mises::engine);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), config(r#"deadlines = { inscription = "after 7d" }"#)).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = Referee::new(cfg, mises::templates_in(dir.path())).unwrap();
    let m = r.create_game(GAME, None, t0()).unwrap();
    assert_eq!(m.deadline, Some(t0() + hours(7 * 24)));
}

#[test]
fn an_unknown_step_kind_in_deadlines_is_refused_with_a_did_you_mean() {
    arbitre::games::register_extra(mises::engine);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, config(r#"deadlines = { reponce = "after 2h", mise = "after 2 parsecs" }"#)).unwrap();
    let e = arbitre::config::load(&path).unwrap_err().to_string();
    assert!(
        e.contains(r#"games[0].deadlines.reponce: ruleset "mises" has no step of kind "reponce" (did you mean "reponse"?): its kinds are inscription, mise, reponse"#),
        "{e}"
    );
    assert!(e.contains("games[0].deadlines.mise: invalid schedule"), "{e}");
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn the_daemon_plays_each_step_at_the_deadline_of_its_kind() {
    let g = game(r#"deadlines = { reponse = "after 2h" }"#);
    g.both_bid(at(10));
    let root = g.dir.path().to_path_buf();
    // Both answer at once; without early adjudication the step waits for its 2 h deadline.
    for (i, id) in [(0, "a-ans"), (1, "b-ans")] {
        let raw = g.mail(i, id, &["PASSE"], at(11));
        std::fs::create_dir_all(root.join("mail/inbox/tmp")).unwrap();
        std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
        std::fs::write(root.join("mail/inbox/tmp").join(id), &raw).unwrap();
        std::fs::rename(root.join("mail/inbox/tmp").join(id), root.join("mail/inbox/new").join(id)).unwrap();
    }
    let (clock, stop_tx, running) = support::spawn_daemon(&root, g.r.clone(), at(11), Duration::from_secs(60));
    let until = |t: Timestamp| {
        let clock = clock.clone();
        async move {
            while clock.now() < t {
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    };
    until(at(10) + hours(2) - SignedDuration::from_mins(2)).await;
    assert_eq!(g.meta().turn, 2, "not played before the answer step's 2 h deadline");
    until(at(10) + hours(2) + SignedDuration::from_mins(1)).await;
    for _ in 0..200 {
        if g.meta().turn == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let m = g.meta();
    assert_eq!(m.turn, 3, "played at the answer step's deadline, 46 h before `deadline` would have");
    assert_eq!(m.families["ANNE"].statuses[&2], arbitre::game::OrderStatus::Or);
    // The bid that opens is scheduled by `deadline` again, from its report.
    assert_eq!(m.deadline, Some(m.opened_at.unwrap() + hours(48)));
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

