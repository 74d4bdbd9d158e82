//! The seam Galactic Destiny's steps need (design note §2.6, items 1–2), on a
//! small ruleset whose rounds have a bidding step and an answer step
//! (`support/mises.rs`): deadlines by step kind (`deadlines`, checked
//! against the ruleset's `STEP_KINDS`), and steps whose silence is a pass
//! but whose answers are awaited (`Ruleset::answers_expected`: early
//! adjudication waits for every answer, reminders go to the seats that have
//! not answered, a silent seat passes at the deadline — OR, its ONR streak
//! unchanged, never a mass-ONR hold).

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
use arbitre::game::OrderStatus;
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

    /// Player `i`'s answer `PASSE`, put in the Maildir inbox as a mail server would.
    fn drop_answer(&self, i: usize, id: &str, when: Timestamp) {
        let inbox = self.dir.path().join("mail/inbox");
        std::fs::create_dir_all(inbox.join("tmp")).unwrap();
        std::fs::create_dir_all(inbox.join("new")).unwrap();
        std::fs::write(inbox.join("tmp").join(id), self.mail(i, id, &["PASSE"], when)).unwrap();
        std::fs::rename(inbox.join("tmp").join(id), inbox.join("new").join(id)).unwrap();
    }

    /// Both seats bid in step 1 at `when`, which is then played: step 2 (answers) opens at `when`.
    fn both_bid(&self, when: Timestamp) {
        self.send(0, "a-bid", &["MISE 3"], when);
        self.send(1, "b-bid", &["MISE 4"], when);
        self.r.adjudicate(GAME, Mode::Force, when).unwrap();
        take_outbox(&self.r);
    }
}

/// Lets the daemon's paused clock run until `t`.
async fn until(clock: &arbitre::daemon::Clock, t: Timestamp) {
    while clock.now() < t {
        tokio::time::sleep(Duration::from_secs(5)).await;
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
    g.drop_answer(0, "a-ans", at(11));
    g.drop_answer(1, "b-ans", at(11));
    let (clock, stop_tx, running) = support::spawn_daemon(&root, g.r.clone(), at(11), Duration::from_secs(60));
    until(&clock, at(10) + hours(2) - SignedDuration::from_mins(2)).await;
    assert_eq!(g.meta().turn, 2, "not played before the answer step's 2 h deadline");
    until(&clock, at(10) + hours(2) + SignedDuration::from_mins(1)).await;
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

#[test]
fn an_answer_step_is_played_early_only_once_every_seat_answered() {
    let g = game("early = \"15m\"");
    g.both_bid(at(10));
    assert_eq!(g.meta().turn, 2);
    assert_eq!(g.r.early_due(GAME).unwrap(), None, "nobody answered yet, though silence would pass");
    let ack = g.send(0, "a-ans", &["PASSE"], at(12));
    assert!(!ack[0].text.contains("sera joué le"), "Bruno has not answered: {}", ack[0].text);
    assert_eq!(g.r.early_due(GAME).unwrap(), None, "Bruno has not answered");
    g.send(1, "b-ans", &["DOUBLER"], at(14));
    assert_eq!(g.r.early_due(GAME).unwrap(), Some(at(29)), "both answered: the change-of-mind delay after the last");
    // CONFIRMER alone is an answer: "nothing to add, play it".
    let g = game("early = \"15m\"");
    g.both_bid(at(10));
    g.send(0, "a-ans", &["PASSE", "CONFIRMER"], at(12));
    assert_eq!(g.r.early_due(GAME).unwrap(), None);
    g.send(1, "b-conf", &["CONFIRMER"], at(13));
    assert_eq!(g.r.early_due(GAME).unwrap(), Some(at(12)), "both confirmed: at once");
}

#[test]
fn reminders_of_an_answer_step_go_to_the_seats_that_have_not_answered() {
    let g = game("");
    g.both_bid(at(10));
    g.send(0, "a-ans", &["PASSE"], at(12));
    let one_hour_before = g.meta().deadline.unwrap() - hours(1);
    assert_eq!(g.r.send_reminders(GAME, one_hour_before).unwrap(), 1);
    let sent = take_outbox(&g.r);
    assert_eq!(sent.iter().map(|m| m.to.clone()).collect::<Vec<_>>(), [vec!["b@x.test".to_string()]]);
}

#[test]
fn a_silent_seat_passes_at_the_deadline_with_its_onr_streak_unchanged() {
    // More than one ONR in a row makes a seat PNJ.
    let g = game("pnj_after_onr = 1");
    // Step 1: Bruno sends no bid (ONR, streak 1).
    g.send(0, "a-bid", &["MISE 3"], at(5));
    let s = g.r.adjudicate(GAME, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["BRUNO"], OrderStatus::Onr);
    take_outbox(&g.r);
    // Step 2 (answers): both silent. They pass: OR, the empty orders.
    let s = g.r.adjudicate(GAME, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.held, None);
    assert_eq!((s.statuses["ANNE"], s.statuses["BRUNO"]), (OrderStatus::Or, OrderStatus::Or));
    let reports = take_outbox(&g.r);
    assert!(reports.iter().any(|m| m.text.contains("ANNE passe (OR)")), "the silent seat passed");
    let m = g.meta();
    assert_eq!(m.families["BRUNO"].onr_streak, 1, "neither counted nor reset");
    assert_eq!(m.families["BRUNO"].statuses.get(&2), None, "the pass is not kept among its statuses");
    assert!(!m.families["BRUNO"].pnj);
    // Step 3: silent again in a bid: the second ONR in a row, PNJ.
    g.send(0, "a-bid3", &["MISE 2"], g.meta().opened_at.unwrap() + SignedDuration::from_mins(1));
    let s = g.r.adjudicate(GAME, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["BRUNO"], OrderStatus::Pnj);
}

#[test]
fn silence_in_an_answer_step_never_holds_it_as_a_mass_onr() {
    let g = game("");
    g.both_bid(at(10));
    // Both were active in step 1; both silent in step 2.
    let s = g.r.adjudicate(GAME, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.held, None);
    assert_eq!(g.meta().turn, 3);
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn the_daemon_waits_for_every_answer_before_playing_an_answer_step_early() {
    let g = game("early = \"5m\"");
    g.both_bid(at(10));
    let root = g.dir.path().to_path_buf();
    let (clock, stop_tx, running) = support::spawn_daemon(&root, g.r.clone(), at(11), Duration::from_secs(60));
    until(&clock, at(12)).await;
    g.drop_answer(0, "a-ans", at(12));
    until(&clock, at(60)).await;
    assert_eq!(g.meta().turn, 2, "Anne answered, Bruno not yet: the step waits (its deadline is two days off)");
    g.drop_answer(1, "b-ans", at(60));
    until(&clock, at(64)).await;
    assert_eq!(g.meta().turn, 2, "the change-of-mind delay runs");
    until(&clock, at(67)).await;
    for _ in 0..200 {
        if g.meta().turn == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    assert_eq!(g.meta().turn, 3, "played 5 min after the last answer");
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}
