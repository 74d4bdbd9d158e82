//! Turn-based play in the referee (`turn-based.md`, capabilities 1–8), on a
//! small turn-based ruleset (`support/race21.rs`: seats take turns adding 1–3
//! to a total, 21 wins): awaited seats, relative deadlines, early
//! adjudication with CONFIRMER / ATTENDRE, orders in advance, "à vous de
//! jouer", ONR default moves, PNJ robot / forfeit, ABANDON; and the early
//! setting of the simultaneous games.

mod support;
#[path = "support/race21.rs"]
mod race21;

use arbitre::game::OrderStatus;
use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, read, take_outbox, Sent};

const RACE: &str = "race-1";

struct Game {
    _dir: tempfile::TempDir,
    r: Referee,
    pw: Vec<String>,
}

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

fn config(extra: &str) -> String {
    format!(
        r#"{head}
[[games]]
id = "{RACE}"
ruleset = "race21"
time_zone = "Europe/Paris"
deadline = "after 48h"
reminders = ["6h"]
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 5
{extra}
"#,
        head = support::config_head()
    )
}

const PLAYERS: [(&str, &str); 2] = [("a@x.test", "Anne"), ("b@x.test", "Bruno")];

/// A race21 game with Anne and Bruno registered, registration closed, turn 0
/// played at t0 + 1 min: step 1 awaits Anne.
fn game(extra: &str) -> Game {
    game_with(&config(extra))
}

fn game_with(config_text: &str) -> Game {
    arbitre::games::register_extra(race21::engine);
    let dir = tempfile::tempdir().unwrap();
    let templates = race21::templates_in(dir.path());
    std::fs::write(dir.path().join("config.toml"), config_text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = Referee::new(cfg, templates).unwrap();
    r.create_game(RACE, None, t0()).unwrap();
    let mut pw = Vec::new();
    for (addr, name) in PLAYERS {
        let raw = mail(addr, &format!("join-{name}@x.test"), "Inscription", &format!("PARTIE {RACE}\nINSCRIPTION {name}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        let sent = take_outbox(&r);
        pw.push(support::password_in(&sent[0].text));
    }
    r.set_registration(RACE, false).unwrap();
    r.adjudicate(RACE, Mode::Force, at(1)).unwrap();
    take_outbox(&r);
    Game { _dir: dir, r, pw }
}

impl Game {
    /// Player `i` sends `lines` (after the header lines; `turn` adds `TOUR n`).
    fn send(&self, i: usize, id: &str, turn: Option<u32>, lines: &[&str], when: Timestamp) -> Vec<Sent> {
        let (addr, name) = PLAYERS[i];
        let mut body = format!("PARTIE {RACE}\nJOUEUR {name}\nMOTDEPASSE {}\n", self.pw[i]);
        if let Some(t) = turn {
            body.push_str(&format!("TOUR {t}\n"));
        }
        for l in lines {
            body.push_str(l);
            body.push('\n');
        }
        body.push_str("FIN\n");
        let raw = mail(addr, &format!("{id}@x.test"), "Ordres", &body, when);
        self.r.handle_mail(&raw, when).unwrap();
        take_outbox(&self.r)
    }

    fn meta(&self) -> arbitre::referee::GameMeta {
        self.r.read_meta(RACE).unwrap().unwrap()
    }
}

fn to<'a>(sent: &'a [Sent], addr: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|m| m.to == vec![addr.to_string()]).collect()
}

#[test]
fn only_the_awaited_seat_owes_orders_gets_reminders_and_an_onr_default_move() {
    let g = game("");
    let m = g.meta();
    assert_eq!(m.turn, 1);
    // Step 1 is due 48 h after turn 0 was played (relative schedule).
    assert_eq!(m.deadline, Some(at(1).checked_add(SignedDuration::from_hours(48)).unwrap()));
    // Bruno is not awaited: his orders are not applied, and he is told so.
    let ack = g.send(1, "b1", None, &["AJOUTER 3"], at(2));
    assert!(ack[0].text.contains("Ce n'est pas à vous de jouer au tour 1"), "{}", ack[0].text);
    assert!(ack[0].text.contains("vous n'avez pas à jouer"), "{}", ack[0].text);
    // Reminders go only to the awaited seat.
    let reminder_at = m.deadline.unwrap().checked_sub(SignedDuration::from_hours(5)).unwrap();
    assert_eq!(g.r.send_reminders(RACE, reminder_at).unwrap(), 1);
    let sent = take_outbox(&g.r);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, vec!["a@x.test".to_string()]);
    // At the deadline, only Anne gets a status: ONR, played by the default move.
    let s = g.r.adjudicate(RACE, Mode::Deadline, m.deadline.unwrap()).unwrap();
    assert!(s.held.is_none(), "one silent seat is not a mass ONR: {:?}", s.held);
    assert_eq!(s.statuses.keys().collect::<Vec<_>>(), ["ANNE"]);
    assert_eq!(s.statuses["ANNE"], OrderStatus::Onr);
    let m = g.meta();
    assert_eq!(m.families["BRUNO"].statuses.get(&1), None);
    assert_eq!((m.families["ANNE"].onr_streak, m.families["BRUNO"].onr_streak), (1, 0));
    let reports = take_outbox(&g.r);
    let anne = to(&reports, "a@x.test");
    assert!(anne[0].text.contains("le coup par défaut prévu par les règles a été joué pour vous"), "{}", anne[0].text);
    // Anne does not move next: a short notice; Bruno's report shows her default move.
    assert!(anne[0].subject.contains("Tour 1 joué"), "{}", anne[0].subject);
    let bruno = to(&reports, "b@x.test");
    assert!(bruno[0].text.contains("ANNE +1"), "{}", bruno[0].text);
    // The next step counts 48 h from the report.
    assert_eq!(m.deadline, Some(m.opened_at.unwrap().checked_add(SignedDuration::from_hours(48)).unwrap()));
}

#[test]
fn your_move_is_in_the_subject_of_the_next_movers_report_only() {
    let g = game("");
    g.send(0, "a1", Some(1), &["AJOUTER 2"], at(2));
    g.r.adjudicate(RACE, Mode::Force, at(3)).unwrap();
    let reports = take_outbox(&g.r);
    let (anne, bruno) = (to(&reports, "a@x.test"), to(&reports, "b@x.test"));
    assert!(bruno[0].subject.contains("À vous de jouer"), "{}", bruno[0].subject);
    assert!(bruno[0].text.starts_with("À VOUS DE JOUER"), "{}", bruno[0].text);
    assert!(!anne[0].subject.contains("vous de jouer"), "{}", anne[0].subject);
    // Anne, not to move next, gets a notice (tests/stellar_flow.rs); the
    // full report for both where the referee wants it.
    assert!(anne[0].subject.contains("Tour 1 joué"), "{}", anne[0].subject);
    let g = game("waiting_notice = false");
    g.send(0, "a1", Some(1), &["AJOUTER 2"], at(2));
    g.r.adjudicate(RACE, Mode::Force, at(3)).unwrap();
    let reports = take_outbox(&g.r);
    let anne = to(&reports, "a@x.test");
    assert!(!anne[0].subject.contains("vous de jouer"), "{}", anne[0].subject);
    assert!(anne[0].subject.contains("Rapport du tour 1"), "{}", anne[0].subject);
}

#[test]
fn early_adjudication_waits_the_change_of_mind_delay_confirm_plays_at_once_wait_holds() {
    let g = game("early = \"15m\"");
    assert_eq!(g.r.early_due(RACE).unwrap(), None, "nothing sent yet");
    // Incomplete orders: not early.
    g.send(0, "a0", None, &["AJOUTER 9"], at(5));
    assert_eq!(g.r.early_due(RACE).unwrap(), None);
    let ack = g.send(0, "a1", None, &["AJOUTER 2"], at(10));
    assert_eq!(g.r.early_due(RACE).unwrap(), Some(at(25)));
    assert!(ack[0].text.contains("ce tour sera joué le") && ack[0].text.contains("dans 15 minutes"), "{}", ack[0].text);
    // ATTENDRE holds the step until its deadline; a later CONFIRMER plays it at once.
    let ack = g.send(0, "a2", None, &["ATTENDRE"], at(12));
    assert!(ack[0].text.contains("ne sera pas joué avant sa date limite"), "{}", ack[0].text);
    assert_eq!(g.r.early_due(RACE).unwrap(), None);
    let ack = g.send(0, "a3", None, &["CONFIRMER"], at(13));
    assert!(ack[0].text.contains("ce tour est joué maintenant"), "{}", ack[0].text);
    assert_eq!(g.r.early_due(RACE).unwrap(), Some(at(10)));
    // New orders without CONFIRMER open a new delay.
    g.send(0, "a4", None, &["AJOUTER 3"], at(14));
    assert_eq!(g.r.early_due(RACE).unwrap(), Some(at(29)));
    let s = g.r.adjudicate(RACE, Mode::Early, at(29)).unwrap();
    assert!(s.early);
    let m = g.meta();
    assert_eq!((m.turn, m.confirmed.len(), m.waiting.len()), (2, 0, 0));
    // Orders are replaceable until adjudication, never after: a form for step 1 is now stale.
    let late = g.send(0, "a5", Some(1), &["AJOUTER 1"], at(30));
    assert!(late[0].text.contains("porte « TOUR 1 »"), "{}", late[0].text);
}

#[test]
fn early_adjudication_is_off_by_default_and_the_registration_switch_does_not_hold_a_started_game() {
    let g = game("");
    g.send(0, "a1", None, &["AJOUTER 2", "CONFIRMER"], at(2));
    assert_eq!(g.r.early_due(RACE).unwrap(), None);
    // The referee's switch left on: the started game takes no seat, so
    // nobody can join the step and it is played early all the same.
    let g = game("early = \"0m\"");
    g.r.set_registration(RACE, true).unwrap();
    g.send(0, "a1", None, &["AJOUTER 2"], at(2));
    assert_eq!(g.r.early_due(RACE).unwrap(), Some(at(2)));
}

#[test]
fn orders_in_advance_are_kept_then_read_when_their_step_opens() {
    let g = game("early = \"15m\"");
    // Bruno, not awaited in step 1, writes his move for step 2, and a line for step 3.
    let ack = g.send(1, "b1", Some(2), &["AJOUTER 3", "AJOUTER 7", "TOUR 3", "AJOUTER 1"], at(2));
    let t = &ack[0].text;
    assert!(t.contains("TOUR 2 : 2 ligne(s) gardée(s) comme ordres d'avance"), "{t}");
    assert!(t.contains("TOUR 3 : 1 ligne(s) gardée(s)"), "{t}");
    // The acknowledgement says what each block will play: its lines, read as written.
    let lines: Vec<&str> = t.lines().map(str::trim_end).collect();
    let kept = lines.iter().position(|l| l.starts_with("TOUR 2 : 2 ligne(s)")).unwrap();
    assert_eq!(lines[kept + 1..kept + 4], ["  AJOUTER 3", "  AJOUTER 7", "Chaque ligne sera lue telle qu'elle est écrite à l'ouverture du tour 2 : une ligne qui ne convient plus alors sera refusée et signalée dans le rapport (ce qui manque est alors complété comme pour des ordres incomplets)."], "{t}");
    assert!(g.r.read_meta(RACE).unwrap().unwrap().turn == 1);
    g.send(0, "a1", None, &["AJOUTER 1", "CONFIRMER"], at(3));
    g.r.adjudicate(RACE, Mode::Early, at(3)).unwrap();
    let reports = take_outbox(&g.r);
    let bruno = to(&reports, "b@x.test")[0];
    assert!(bruno.text.contains("Ordres d'avance pour le tour 2"), "{}", bruno.text);
    assert!(bruno.text.contains("OK      ligne 5 : AJOUTER 3"), "{}", bruno.text);
    assert!(bruno.text.contains("ERREUR  ligne 6 : AJOUTER 7"), "{}", bruno.text);
    assert!(bruno.text.contains("Ils sont vos ordres du tour 2 (statut OR)"), "{}", bruno.text);
    // Applied: step 2 is ready, due the change-of-mind delay after the report.
    let opened = g.meta().opened_at.unwrap();
    assert_eq!(g.r.early_due(RACE).unwrap(), Some(opened.checked_add(SignedDuration::from_mins(15)).unwrap()));
    g.r.adjudicate(RACE, Mode::Early, at(20)).unwrap();
    let reports = take_outbox(&g.r);
    assert!(to(&reports, "a@x.test")[0].text.contains("BRUNO +3"));
    // Step 3 is Anne's: Bruno's line for it is not applied, and he is told.
    let bruno = to(&reports, "b@x.test")[0];
    assert!(bruno.text.contains("vous n'avez pas à jouer dans ce tour, ils n'ont pas été appliqués"), "{}", bruno.text);
    assert!(g.r.early_due(RACE).unwrap().is_none());
}

#[test]
fn orders_in_advance_that_no_longer_fit_are_reported_not_applied() {
    let g = game("");
    // Anne writes ahead for step 3 a line that step 3 will refuse.
    let ack = g.send(0, "a1", Some(1), &["AJOUTER 1", "TOUR 3", "RETIRER 2"], at(2));
    assert!(ack[0].text.contains("TOUR 3 : 1 ligne(s) gardée(s)"), "{}", ack[0].text);
    g.r.adjudicate(RACE, Mode::Force, at(3)).unwrap();
    g.send(1, "b1", None, &["AJOUTER 1"], at(4));
    take_outbox(&g.r);
    g.r.adjudicate(RACE, Mode::Force, at(5)).unwrap();
    let anne = take_outbox(&g.r).into_iter().find(|m| m.to == vec!["a@x.test".to_string()]).unwrap();
    assert!(anne.text.contains("ERREUR  ligne 7 : RETIRER 2"), "{}", anne.text);
    assert!(anne.text.contains("Aucune ligne ne convient plus : rien n'a été appliqué"), "{}", anne.text);
    let g2 = g.r.open_game(RACE).unwrap();
    assert!(g2.dir.read_orders::<serde_json::Value>(3).unwrap().is_empty());
}

#[test]
fn a_game_without_orders_in_advance_refuses_a_later_turn_as_before() {
    let g = game("advance_orders = false");
    let ack = g.send(1, "b1", Some(2), &["AJOUTER 3"], at(2));
    assert!(ack[0].text.contains("porte « TOUR 2 »"), "{}", ack[0].text);
    let ack = g.send(0, "a1", Some(1), &["AJOUTER 3", "TOUR 3", "AJOUTER 1"], at(3));
    assert!(ack[0].text.contains("TOUR 3 : cette partie ne garde pas d'ordres d'avance"), "{}", ack[0].text);
    assert!(g.r.open_game(RACE).unwrap().dir.read_advance::<serde_json::Value>(3).unwrap().is_empty());
}

#[test]
fn resign_concedes_at_the_next_adjudication_and_the_seat_is_awaited_no_more() {
    let g = game("early = \"15m\"");
    // Bruno concedes while Anne is to move.
    let ack = g.send(1, "b1", None, &["ABANDON"], at(2));
    assert!(ack[0].text.contains("ABANDON : vous abandonnez la partie"), "{}", ack[0].text);
    assert_eq!(g.meta().families["BRUNO"].resigned, Some(1));
    let again = g.send(1, "b2", Some(2), &["AJOUTER 1"], at(3));
    assert!(again[0].text.contains("vous avez abandonné la partie au tour 1"), "{}", again[0].text);
    let s = g.r.adjudicate(RACE, Mode::Force, at(4)).unwrap();
    assert!(s.finished, "the ruleset ends the game when a seat concedes");
    let reports = take_outbox(&g.r);
    assert!(to(&reports, "a@x.test")[0].text.contains("Gagnant : ANNE"));
    assert!(to(&reports, "b@x.test")[0].text.contains("BRUNO abandon"));
}

#[test]
fn pnj_robot_plays_the_simulated_player_and_forfeit_concedes() {
    // pnj_after_onr = 0: the first ONR makes the seat PNJ.
    let g = game("pnj_after_onr = 0\npnj = \"robot\"");
    let s = g.r.adjudicate(RACE, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert_eq!(s.statuses["ANNE"], OrderStatus::Pnj);
    let reports = take_outbox(&g.r);
    assert!(to(&reports, "b@x.test")[0].text.contains("ANNE +2"), "the robot adds 2");
    let notice = to(&reports, "a@x.test").into_iter().find(|m| m.subject.contains("PNJ")).expect("the PNJ notice");
    assert!(notice.text.contains("un robot (le joueur simulé de l'arbitre) le joue désormais"), "the PNJ notice says so");
    // A robot seat is awaited but not waited for: with early adjudication its step plays itself.
    let g = game("pnj_after_onr = 0\npnj = \"forfeit\"");
    let s = g.r.adjudicate(RACE, Mode::Deadline, g.meta().deadline.unwrap()).unwrap();
    assert!(s.finished);
    let reports = take_outbox(&g.r);
    assert!(to(&reports, "b@x.test")[0].text.contains("Gagnant : BRUNO"));
}

#[test]
fn robot_seat_steps_are_played_at_once_with_early_adjudication() {
    let g = game("pnj_after_onr = 0\npnj = \"robot\"\nearly = \"15m\"");
    g.r.adjudicate(RACE, Mode::Deadline, g.meta().deadline.unwrap()).unwrap(); // Anne becomes PNJ (step 1)
    g.send(1, "b1", None, &["AJOUTER 1"], at(3000));
    g.r.adjudicate(RACE, Mode::Force, at(3001)).unwrap(); // step 2: Bruno
    // Step 3 awaits only the robot: due as soon as it opened.
    let m = g.meta();
    assert_eq!(m.turn, 3);
    assert_eq!(g.r.early_due(RACE).unwrap(), m.opened_at);
}

#[test]
fn a_relative_deadline_survives_a_crash_in_adjudication_and_game_extend() {
    let g = game("");
    g.send(0, "a1", None, &["AJOUTER 2"], at(2));
    // A first attempt records its start, then "crashes" (its meta is put back
    // as it was, but with the start kept, as game.json would be on disk).
    let mut m = g.meta();
    m.adjudication_started = Some(at(100));
    g.r.write_meta(&m).unwrap();
    // Until the re-run, the step's orders are frozen: a new mail is refused.
    let refused = g.send(0, "a2", None, &["AJOUTER 3"], at(105));
    assert!(refused[0].text.contains("était déjà en train d'être joué"), "{}", refused[0].text);
    g.r.adjudicate(RACE, Mode::Force, at(107)).unwrap();
    assert!(take_outbox(&g.r).iter().any(|m| m.text.contains("ANNE +2")), "the orders sent before the crash were played");
    let m = g.meta();
    assert_eq!(m.deadline, Some(at(100).checked_add(SignedDuration::from_hours(48)).unwrap()));
    assert_eq!((m.opened_at, m.adjudication_started), (Some(at(100)), None));
    let d = g.r.extend(RACE, SignedDuration::from_hours(24), at(108)).unwrap();
    assert_eq!(d, at(100).checked_add(SignedDuration::from_hours(72)).unwrap());
    let st = g.r.status(RACE, at(108)).unwrap();
    assert_eq!(st.schedule, "after 2d");
    assert!(st.deadline.as_deref().unwrap().contains("Europe/Paris"), "shown in the game's zone: {:?}", st.deadline);
}

#[test]
fn game_status_knows_awaited_seats_and_early_timing() {
    let g = game("early = \"15m\"");
    g.send(0, "a1", None, &["AJOUTER 2"], at(2));
    g.send(1, "b1", Some(2), &["AJOUTER 1"], at(3));
    let s = g.r.status(RACE, at(4)).unwrap();
    assert!(s.turn_based);
    let awaited: Vec<(&str, bool)> = s.families.iter().map(|f| (f.key.as_str(), f.awaited)).collect();
    assert_eq!(awaited, [("ANNE", true), ("BRUNO", false)]);
    assert_eq!(s.early_delay.as_deref(), Some("15m"));
    assert!(matches!(s.timing, arbitre::referee::steps::Timing::Early { at: t, confirmed: false } if t == at(17)));
    assert_eq!(s.advance, vec![(2, vec!["BRUNO".to_string()])]);
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["timing"]["kind"], "early");
    assert_eq!(json["families"][0]["awaited"], true);
}

#[test]
fn acknowledgements_of_a_simultaneous_game_refuse_resign() {
    let e = support::env();
    let t = "2026-03-24T10:00:00Z".parse().unwrap();
    let pw = support::join(&e.referee, "a@x.test", "Atréides", t);
    let raw = mail("a@x.test", "r1@x.test", "Ordres", &support::orders_body("Atréides", &pw, None, &["ABANDON"]), t);
    e.referee.handle_mail(&raw, t).unwrap();
    let ack = read_first(&e.referee);
    assert!(ack.contains("ABANDON : les tours de cette partie sont simultanés"), "{ack}");
    assert_eq!(e.referee.read_meta(support::GAME).unwrap().unwrap().families["ATREIDES"].resigned, None);
}

fn read_first(r: &Referee) -> String {
    let outbox = r.store.outbox();
    let metas = outbox.list(arbitre::store::OutboxState::New).unwrap();
    let raw = outbox.raw(&metas[0].id).unwrap().unwrap();
    read(&metas[0].id, &raw).text
}

#[test]
fn one_silent_awaited_seat_is_an_onr_not_a_mass_onr_hold() {
    let g = game("");
    g.send(0, "a1", None, &["AJOUTER 1"], at(2));
    g.r.adjudicate(RACE, Mode::Deadline, at(3)).unwrap();
    g.send(1, "b1", None, &["AJOUTER 1"], at(4));
    g.r.adjudicate(RACE, Mode::Deadline, at(5)).unwrap();
    // Step 3: Anne, active when she last had to move, is silent.
    let s = g.r.adjudicate(RACE, Mode::Deadline, at(6)).unwrap();
    assert_eq!(s.held, None);
    assert_eq!(s.statuses["ANNE"], OrderStatus::Onr);
    assert_eq!(g.meta().turn, 4);
}

#[test]
fn demo_of_a_turn_based_ruleset_plays_early_with_orders_in_advance_and_a_silent_step() {
    arbitre::games::register_extra(race21::engine);
    let dir = tempfile::tempdir().unwrap();
    let templates = race21::templates_in(dir.path());
    let out = dir.path().join("demo");
    arbitre::cli::demo::run(Some(&templates), arbitre::cli::demo::DemoArgs::new("race21", 2, 30, 3, out.clone())).unwrap();
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    let steps: Vec<&str> = summary.lines().filter(|l| l.starts_with("step")).collect();
    assert!(steps.iter().any(|l| l.contains("played early")), "{summary}");
    assert!(steps.iter().any(|l| l.contains("orders in advance applied for step")), "{summary}");
    assert!(steps.iter().any(|l| l.contains("ONR")), "the silent steps: {summary}");
    assert!(steps.last().unwrap().contains("game over"), "{summary}");
    assert!(summary.contains("final: "), "{summary}");
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(out.join("data/games/demo/game.json")).unwrap()).unwrap();
    assert_eq!(meta["finished"], true);
}

#[test]
fn a_seat_not_awaited_is_not_told_whether_the_mover_is_ready() {
    let g = game("early = \"15m\"");
    g.send(0, "a1", None, &["AJOUTER 2"], at(2));
    let ack = g.send(1, "b1", Some(2), &["AJOUTER 1"], at(3));
    assert!(!ack[0].text.contains("sera joué") && !ack[0].text.contains("attendus"), "{}", ack[0].text);
}

#[test]
fn no_reminder_falls_due_when_the_step_opens() {
    // "after 48h" with a 48 h reminder: it would be due the moment the report goes out.
    let g = game_with(&config("").replace(r#"reminders = ["6h"]"#, r#"reminders = ["48h", "6h"]"#));
    let opened = g.meta().opened_at.unwrap();
    assert_eq!(g.r.send_reminders(RACE, opened.checked_add(SignedDuration::from_mins(1)).unwrap()).unwrap(), 0);
    let six_hours_before = g.meta().deadline.unwrap().checked_sub(SignedDuration::from_hours(6)).unwrap();
    assert_eq!(g.r.send_reminders(RACE, six_hours_before).unwrap(), 1);
}
