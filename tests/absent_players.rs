//! Players away from their seat (issue 26, "a player's life by mail"; issue
//! 30, item 6): a PNJ or replaced player keeps receiving the game's public
//! reports to the end and the final result; a PNJ seat's player takes it back
//! where the rules allow; an absence declared by mail (`ABSENCE | AWAY`).
//! Each test follows a mail or a command to every mail each player receives.

mod support;
#[path = "support/race21.rs"]
mod race21;

use arbitre::game::OrderStatus;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::{Referee, SeatChange};
use jiff::{SignedDuration, Timestamp};
use support::{mail, take_outbox, Sent};

const RACE: &str = "race-1";
const PLAYERS: [(&str, &str); 2] = [("a@x.test", "Anne"), ("b@x.test", "Bruno")];

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

fn to<'a>(sent: &'a [Sent], addr: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|m| m.to == vec![addr.to_string()]).collect()
}

/// A race21 game (turn-based, two seats) with Anne and Bruno, turn 0
/// played: step 1 awaits Anne.
struct Race {
    _dir: tempfile::TempDir,
    r: Referee,
    pw: Vec<String>,
}

fn race(extra: &str) -> Race {
    arbitre::games::register_extra(race21::engine);
    let dir = tempfile::tempdir().unwrap();
    let templates = race21::templates_in(dir.path());
    let config = format!(
        r#"{head}
[[games]]
id = "{RACE}"
ruleset = "race21"
time_zone = "Europe/Paris"
deadline = "after 48h"
reminders = []
registration_open = true
registration_confirm = false
seed = 5
{extra}
"#,
        head = support::config_head()
    );
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    let r = Referee::new(arbitre::config::load(&dir.path().join("config.toml")).unwrap(), templates).unwrap();
    r.create_game(RACE, None, t0()).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {RACE}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        pw.push(support::password_in(&take_outbox(&r)[0].text));
    }
    r.set_registration(RACE, false).unwrap();
    r.adjudicate(RACE, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Race { _dir: dir, r, pw }
}

impl Race {
    fn send(&self, i: usize, id: &str, lines: &[&str], when: Timestamp) -> Vec<Sent> {
        let (addr, name) = PLAYERS[i];
        let body = format!("PARTIE {RACE}\nJOUEUR {name}\nMOTDEPASSE {}\n{}\nFIN\n", self.pw[i], lines.join("\n"));
        self.r.handle_mail(&mail(addr, &format!("{id}@x.test"), "Ordres", &body, when), when).unwrap();
        take_outbox(&self.r)
    }

    fn meta(&self) -> arbitre::referee::GameMeta {
        self.r.read_meta(RACE).unwrap().unwrap()
    }

    /// Plays the open step at its deadline; every mail it sends.
    fn play(&self) -> Vec<Sent> {
        self.r.adjudicate(RACE, Mode::Deadline, self.meta().deadline.unwrap()).unwrap();
        take_outbox(&self.r)
    }
}

#[test]
fn a_pnj_seat_keeps_its_reports_and_its_player_takes_it_back_with_valid_orders() {
    // The game's setting gives a PNJ seat back (as Stellar's and Stellium's rulings do).
    // (The full report to a seat not to move next, not the short notice:
    // what is checked here is the report's content.)
    let g = race("pnj_after_onr = 0\npnj = \"robot\"\npnj_return = true\nwaiting_notice = false");
    // Step 1: Anne silent, PNJ at once; the robot plays for her.
    let sent = g.play();
    let mut anne = to(&sent, "a@x.test");
    anne.sort_by_key(|m| !m.subject.contains("PNJ"));
    assert_eq!(anne.len(), 2, "the PNJ notice and her report: {anne:#?}");
    assert!(anne[0].text.contains("pour reprendre votre siège, envoyez des ordres valides avec votre mot de passe"), "{}", anne[0].text);
    assert!(!anne[0].text.contains("irréversible"), "{}", anne[0].text);
    assert!(anne[1].text.contains("ANNE +2"), "her own report, the robot's move: {}", anne[1].text);
    assert!(anne[1].text.contains("Votre siège est PNJ : l'arbitre l'a joué pour vous."), "{}", anne[1].text);
    assert!(anne[1].text.contains("Votre siège reste PNJ tant que vous ne revenez pas : pour le reprendre, envoyez des ordres valides avec votre mot de passe"), "{}", anne[1].text);
    assert_eq!(to(&sent, "b@x.test").len(), 1, "Bruno's report");
    // Step 2 is Bruno's; Anne still gets her report.
    g.send(1, "b2", &["AJOUTER 1"], at(3000));
    let sent = g.play();
    assert_eq!(to(&sent, "a@x.test").len(), 1, "{sent:#?}");
    assert!(to(&sent, "a@x.test")[0].text.contains("pour le reprendre, envoyez des ordres valides"), "{}", to(&sent, "a@x.test")[0].text);
    // Step 3 awaits Anne's seat: a mail with no valid order leaves it PNJ, and says so.
    let ack = g.send(0, "a3", &["AJOUTER 9"], at(6000));
    assert!(ack[0].text.contains("Votre siège est PNJ : l'arbitre le joue pour vous. Ce message n'a donné aucun ordre valide"), "{}", ack[0].text);
    assert!(g.meta().families["ANNE"].pnj);
    // Valid orders with the password: the seat is hers again.
    let ack = g.send(0, "a4", &["AJOUTER 3"], at(6001));
    assert!(ack[0].text.contains("Votre siège n'est plus PNJ : vous le reprenez avec ces ordres"), "{}", ack[0].text);
    let m = g.meta();
    assert!(!m.families["ANNE"].pnj && m.families["ANNE"].onr_streak == 0);
    let s = g.r.adjudicate(RACE, Mode::Deadline, m.deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["ANNE"], OrderStatus::Or);
    let sent = take_outbox(&g.r);
    let anne = to(&sent, "a@x.test");
    assert_eq!(anne.len(), 1);
    assert!(anne[0].text.contains("ANNE +3"), "her own move, not the robot's: {}", anne[0].text);
    assert!(!anne[0].text.contains("PNJ"), "{}", anne[0].text);
}

#[test]
fn where_pnj_is_for_good_the_player_is_refused_and_follows_the_game_to_its_result() {
    // race21 keeps the default reading (no return), as Stellarium's 0.4 and Galaxy.
    let g = race("pnj_after_onr = 0\npnj = \"robot\"");
    let sent = g.play();
    let mut anne = to(&sent, "a@x.test");
    anne.sort_by_key(|m| !m.subject.contains("PNJ"));
    assert_eq!(anne.len(), 2, "the PNJ notice and the turn's public mail: {anne:#?}");
    assert!(anne[0].text.contains("la chronique publique de la partie vous sera envoyée à chaque tour jusqu'à la fin"), "{}", anne[0].text);
    assert!(anne[1].subject.contains("Chronique du tour 1"), "{}", anne[1].subject);
    assert!(!anne[1].text.contains("ANNE +2"), "no seat's report: {}", anne[1].text);
    let refused = g.send(0, "a2", &["AJOUTER 1"], at(100));
    assert!(refused[0].text.contains("irréversible"), "{}", refused[0].text);
    // Every later step, to the end and its result.
    let mut last_to_anne = None;
    for step in 2..40 {
        if g.meta().finished {
            break;
        }
        let opened = g.meta().opened_at.unwrap();
        g.send(1, &format!("b{step}"), &["AJOUTER 3"], opened.checked_add(SignedDuration::from_mins(1)).unwrap());
        let sent = g.play();
        let anne: Vec<Sent> = to(&sent, "a@x.test").into_iter().cloned().collect();
        assert_eq!(anne.len(), 1, "step {step}: one public mail to Anne: {sent:#?}");
        last_to_anne = anne.into_iter().next();
    }
    assert!(g.meta().finished);
    let last = last_to_anne.expect("mails to Anne");
    assert!(last.text.contains("La partie est terminée"), "{}", last.text);
}

/// A Stellarium game with Atréides and Harkonnen founded at turn 0.
fn stellarium(extra: &str) -> (support::Env, String, String) {
    let e = support::env_with(extra);
    let pa = support::join(&e.referee, "a@x.test", "Atréides", support::t0());
    let ph = support::join(&e.referee, "h@x.test", "Harkonnen", support::t0());
    (e, pa, ph)
}

#[test]
fn a_stellarium_pnj_family_and_a_replaced_player_get_the_chronicle_to_the_final_result() {
    use support::{orders_body, FOUNDERS, GAME};
    // Rule 0.4: PNJ for good. Two turns, then the end (30.1).
    let (e, pa, _ph) = stellarium("pnj_after_onr = 0
[games.settings]
turns = 2");
    let r = &e.referee;
    let t = support::t0();
    r.handle_mail(&mail("a@x.test", "a0@x.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), t), t).unwrap();
    take_outbox(r);
    // Turn 0: Harkonnen silent, PNJ at once.
    r.adjudicate(GAME, Mode::Force, t).unwrap();
    let sent = take_outbox(r);
    let mut h = to(&sent, "h@x.test");
    h.sort_by_key(|m| !m.subject.contains("PNJ"));
    assert_eq!(h.len(), 2, "{h:#?}");
    assert!(h[0].text.contains("la chronique publique de la partie vous sera envoyée"), "{}", h[0].text);
    assert!(h[1].subject.contains("Chronique du tour 0") && h[1].text.contains("CLASSEMENT"), "{}\n{}", h[1].subject, h[1].text);
    // The referee gives Atréides to a new player: the old one follows the game.
    r.change_seat(GAME, "Atréides", "c@x.test", SeatChange::Replace, t).unwrap();
    let sent = take_outbox(r);
    assert!(to(&sent, "a@x.test")[0].text.contains("Vous recevrez la chronique publique de la partie à chaque tour jusqu'à la fin"), "{}", to(&sent, "a@x.test")[0].text);
    // Turn 1, the last: everyone is told, the result included.
    let s = r.adjudicate(GAME, Mode::Force, t).unwrap();
    assert!(s.finished, "turns = 2");
    let sent = take_outbox(r);
    for (addr, why) in [("a@x.test", "a été confiée à un autre joueur"), ("h@x.test", "est PNJ (personnage non joueur)")] {
        let m = to(&sent, addr);
        assert_eq!(m.len(), 1, "{addr}: {sent:#?}");
        assert!(m[0].subject.contains("Chronique du tour 1"), "{}", m[0].subject);
        assert!(m[0].text.contains(why) && m[0].text.contains("La partie est terminée") && m[0].text.contains("LA PARTIE EST TERMINÉE"), "{addr}: {}", m[0].text);
    }
    // The family's own mail goes to its new player (silent too, so PNJ now), never to the old one.
    assert!(to(&sent, "c@x.test").iter().any(|m| m.subject.contains("Famille Atréides devenue PNJ")), "{sent:#?}");
}

#[test]
fn absence_extend_moves_a_deadline_inside_it_within_the_budget_and_tells_every_family() {
    use support::{orders_body, GAME};
    // Stellarium (simultaneous): turn 0's deadline is Sunday 29 March 2026, 20:00 in Paris.
    let (e, pa, _) = stellarium("absence = \"prolonge\"\nabsence_days = 10");
    let r = &e.referee;
    let t = support::t0();
    let before = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap();
    assert_eq!(before, "2026-03-29T18:00:00Z".parse::<Timestamp>().unwrap());
    r.handle_mail(&mail("a@x.test", "abs1@x.test", "Absence", &orders_body("Atréides", &pa, None, &["ABSENCE 2026-03-28 02/04/2026"]), t), t).unwrap();
    let sent = take_outbox(r);
    // The deadline moved to the day after the absence, same time.
    let after = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap();
    assert_eq!(after, "2026-04-03T18:00:00Z".parse::<Timestamp>().unwrap());
    let ack = to(&sent, "a@x.test").into_iter().find(|m| m.subject.contains("Re:") || m.text.contains("ABSENCE :")).expect("the acknowledgement");
    assert!(ack.text.contains("ABSENCE : notée, vous êtes absent du 2026-03-28 au 2026-04-02 (inclus)"), "{}", ack.text);
    assert!(ack.text.contains("celle de ce tour l'est déjà, au vendredi 3 avril 2026 à 20 h 00"), "{}", ack.text);
    assert!(ack.text.contains("6 jour(s) décompté(s) ; il vous en reste 4 sur 10"), "{}", ack.text);
    // Every family is told, with the calendar event, and why.
    for addr in ["a@x.test", "h@x.test"] {
        let moved = to(&sent, addr).into_iter().find(|m| m.subject.contains("Nouvelle date limite du tour 0")).unwrap_or_else(|| panic!("{addr}: {sent:#?}"));
        assert!(moved.text.contains("Atréides a déclaré une absence du 2026-03-28 au 2026-04-02") && moved.text.contains("vendredi 3 avril 2026"), "{}", moved.text);
        assert!(moved.attachments.iter().any(|a| a.ends_with(".ics")), "{:?}", moved.attachments);
    }
    // The reminder 48 h before the moved deadline falls on a day of the absence: Harkonnen only.
    assert_eq!(r.send_reminders(GAME, "2026-04-01T18:30:00Z".parse().unwrap()).unwrap(), 1);
    let reminders = take_outbox(r);
    assert_eq!(reminders.iter().map(|m| m.to[0].as_str()).collect::<Vec<_>>(), ["h@x.test"], "{reminders:#?}");
    // Beyond the budget (11 days, 10 left once the first absence's days come back): refused on arrival, nothing changes.
    r.handle_mail(&mail("a@x.test", "abs2@x.test", "Absence", &orders_body("Atréides", &pa, None, &["ABSENCE 2026-03-30 2026-04-09"]), t), t).unwrap();
    let sent = take_outbox(r);
    assert_eq!(sent.len(), 1, "only the acknowledgement: {sent:#?}");
    assert!(sent[0].text.contains("ABSENCE : refusée, rien n'est changé ; elle compte 11 jour(s) à venir, et il ne vous en reste que 10 sur les 10"), "{}", sent[0].text);
    let m = r.read_meta(GAME).unwrap().unwrap();
    assert_eq!((m.deadline.unwrap(), m.families["ATREIDES"].absence_days_used), (after, 6));
    // Withdrawn before it begins: the days come back.
    r.handle_mail(&mail("a@x.test", "abs3@x.test", "Absence", &orders_body("Atréides", &pa, None, &["ABSENCE ANNULER"]), t), t).unwrap();
    let sent = take_outbox(r);
    assert!(sent[0].text.contains("ABSENCE ANNULER : votre absence du 2026-03-28 au 2026-04-02 est retirée"), "{}", sent[0].text);
    let m = r.read_meta(GAME).unwrap().unwrap();
    assert_eq!((m.families["ATREIDES"].absence, m.families["ATREIDES"].absence_days_used), (None, 0));
}

#[test]
fn absence_default_plays_the_default_without_counting_toward_pnj_and_every_report_shows_it() {
    // race21 (turn-based): step 1 awaits Anne, its deadline is 25 March 2026, 11:01 in Paris.
    let g = race("pnj_after_onr = 0\nabsence = \"defaut\"\nwaiting_notice = false");
    let ack = g.send(0, "away", &["ABSENCE 2026-03-24 2026-03-30"], at(2));
    assert!(ack[0].text.contains("ABSENCE : notée, vous êtes absent du 2026-03-24 au 2026-03-30 (inclus)"), "{}", ack[0].text);
    assert!(ack[0].text.contains("le coup par défaut des règles est joué pour vous, et ces tours sans ordres ne comptent pas pour devenir PNJ"), "{}", ack[0].text);
    assert_eq!(g.meta().deadline, Some(at(1).checked_add(SignedDuration::from_hours(48)).unwrap()), "the deadline stays");
    let s = g.r.adjudicate(RACE, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["ANNE"], OrderStatus::Onr, "ONR, not PNJ, although pnj_after_onr = 0");
    let m = g.meta();
    assert!(!m.families["ANNE"].pnj && m.families["ANNE"].onr_streak == 0);
    let sent = take_outbox(&g.r);
    let anne = to(&sent, "a@x.test");
    assert_eq!(anne.len(), 1, "her report, no PNJ notice: {sent:#?}");
    assert!(anne[0].text.contains("ANNE +1"), "the default move: {}", anne[0].text);
    assert!(anne[0].text.contains("Vous étiez absent : le coup par défaut des règles a été joué pour vous"), "{}", anne[0].text);
    for m in &sent {
        assert!(m.text.contains("Absences déclarées : Anne du 2026-03-24 au 2026-03-30."), "{}: {}", m.to[0], m.text);
    }
    // Withdrawn: the next silence counts again.
    let ack = g.send(0, "back", &["ABSENCE ANNULER"], at(3000));
    assert!(ack[0].text.contains("ABSENCE ANNULER : votre absence du 2026-03-24 au 2026-03-30 est retirée."), "{}", ack[0].text);
    g.send(1, "b2", &["AJOUTER 1"], at(3001));
    g.play();
    let s = g.r.adjudicate(RACE, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["ANNE"], OrderStatus::Pnj);
}

#[test]
fn which_rulesets_give_a_pnj_seat_back() {
    // RULINGS.md, "PNJ seats": Stellarium 0.4 and Galaxy (its statuses are Stellarium's) never; the table games do.
    let back = |id: &str| arbitre::games::engine(id).unwrap().pnj_return();
    assert_eq!([back("stellarium"), back("galaxy"), back("stellar"), back("stellium")], [false, false, true, true]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_by_mail_through_the_daemon_moves_the_deadline_and_every_player_is_mailed_in_their_language() {
    use std::time::{Duration, Instant};
    let e = support::env_with("absence = \"extend\"");
    let root = e.dir.path().to_path_buf();
    let t = support::t0();
    // An English player (JOIN) and a French one.
    e.referee.handle_mail(&mail("a@x.test", "join-a@x.test", "Join", &format!("GAME {}\nJOIN Atreides\n", support::GAME), t), t).unwrap();
    let pa = support::password_in(&take_outbox(&e.referee)[0].text);
    support::join(&e.referee, "h@x.test", "Harkonnen", t);
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let referee = std::sync::Arc::new(Referee::new(arbitre::config::load(&root.join("config.toml")).unwrap(), support::templates()).unwrap());
    let (_clock, stop_tx, running) = support::spawn_daemon(&root, referee.clone(), t, Duration::from_millis(200));
    let body = format!("GAME {}\nFAMILY Atreides\nPASSWORD {pa}\nAWAY 2026-03-28 2026-04-02\nEND\n", support::GAME);
    std::fs::write(root.join("mail/inbox/new/1.away"), mail("a@x.test", "away-a@x.test", "Away", &body, t)).unwrap();
    let start = Instant::now();
    while support::delivered(&root, "a@x.test").len() < 2 || support::delivered(&root, "h@x.test").is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "not delivered: {:?} {:?}", support::delivered(&root, "a@x.test"), support::delivered(&root, "h@x.test"));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    let anne = support::delivered(&root, "a@x.test");
    let ack = anne.iter().find(|m| m.contains("AWAY: noted")).unwrap_or_else(|| panic!("{anne:#?}"));
    assert!(ack.contains("you are away from 2026-03-28 to 2026-04-02 (inclusive)") && ack.contains("6 day(s) counted; you have 8 left of 14"), "{ack}");
    assert!(anne.iter().any(|m| m.contains("Atreides declared an absence from 2026-03-28 to 2026-04-02")), "{anne:#?}");
    let h = support::delivered(&root, "h@x.test");
    assert_eq!(h.len(), 1, "{h:#?}");
    assert!(h[0].contains("Atreides a déclaré une absence du 2026-03-28 au 2026-04-02") && h[0].contains("vendredi 3 avril 2026"), "{}", h[0]);
    assert_eq!(referee.read_meta(support::GAME).unwrap().unwrap().deadline, Some("2026-04-03T18:00:00Z".parse().unwrap()));
}
