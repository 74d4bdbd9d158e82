//! Deadlines and turns through the referee: statuses (rule 0), PNJ after
//! more than 2 ONR in a row, the mass-ONR guard, reports mailed with their
//! maps, re-running a turn after a crash, rollback, preview, reminders.

mod support;

use arbitre::game::OrderStatus;
use arbitre::referee::adjudication::Mode;
use jiff::{SignedDuration, Timestamp};
use support::*;

fn deadline(e: &Env) -> Timestamp {
    e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap()
}

fn before_deadline(e: &Env) -> Timestamp {
    deadline(e).checked_sub(SignedDuration::from_hours(30)).unwrap()
}

fn after_deadline(e: &Env) -> Timestamp {
    deadline(e).checked_add(SignedDuration::from_mins(1)).unwrap()
}

/// Sends the ruleset's sample orders of `family` for the open turn.
fn send_orders(e: &Env, addr: &str, family: &str, pw: &str, tag: &str) {
    send_orders_at(e, addr, family, pw, tag, before_deadline(e));
}

/// [`send_orders`] at the instant `now`.
fn send_orders_at(e: &Env, addr: &str, family: &str, pw: &str, tag: &str, now: Timestamp) {
    let g = e.referee.open_game(GAME).unwrap();
    let key = arbitre::text::key(family);
    let mut dice = arbitre::dice::Dice::for_turn(7, g.meta.turn);
    let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let raw = mail(addr, &format!("{tag}-{}-{family}@x.test", g.meta.turn), "Ordres", &orders_body(family, pw, Some(g.meta.turn), &refs), now);
    e.referee.handle_mail(&raw, now).unwrap();
}

#[test]
fn r0_statuses_pnj_after_more_than_two_onr_and_reports_with_maps() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let pb = join(&e.referee, "b@x.test", "Harkonnen", t);
    let pc = join(&e.referee, "c@x.test", "Corrino", t);
    let _pd = join(&e.referee, "d@x.test", "Ordos", t);
    let mut pnj_turn = None;
    for turn in 0..4u32 {
        send_orders(&e, "a@x.test", "Atréides", &pa, "a");
        send_orders(&e, "b@x.test", "Harkonnen", &pb, "b");
        if turn == 0 {
            send_orders(&e, "c@x.test", "Corrino", &pc, "c");
        }
        take_outbox(&e.referee);
        let s = e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
        assert_eq!(s.turn, turn);
        assert!(s.held.is_none());
        assert_eq!(s.statuses["ATREIDES"], OrderStatus::Or, "turn {turn}");
        let sent = take_outbox(&e.referee);
        let reports: Vec<_> = sent.iter().filter(|m| m.subject.contains("Rapport du tour")).collect();
        // Every family that is not PNJ gets its report, with the map inline and attached.
        let live = s.statuses.values().filter(|st| **st != OrderStatus::Pnj).count();
        assert_eq!(reports.len(), live, "turn {turn}");
        for r in &reports {
            assert_eq!(r.auto_submitted.as_deref(), Some("auto-generated"));
            assert!(r.attachments.iter().any(|a| a == "carte.png") && r.attachments.iter().any(|a| a == "carte.svg"), "{:?}", r.attachments);
        }
        if s.statuses["ORDOS"] == OrderStatus::Pnj && pnj_turn.is_none() {
            pnj_turn = Some(turn);
            let notice = sent.iter().find(|m| m.to == vec!["d@x.test".to_string()] && m.subject.contains("PNJ")).expect("PNJ notice");
            assert!(notice.text.contains("devient PNJ"), "{}", notice.text);
        }
    }
    // Ordos never sent anything: ONR at turns 0 and 1, PNJ at turn 2 (the third ONR in a row).
    assert_eq!(pnj_turn, Some(2));
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.families["ORDOS"].statuses.values().copied().collect::<Vec<_>>(), [OrderStatus::Onr, OrderStatus::Onr, OrderStatus::Pnj, OrderStatus::Pnj]);
    // Corrino sent at turn 0 only: ONR at 1, 2, then PNJ at 3.
    assert_eq!(meta.families["CORRINO"].statuses[&3], OrderStatus::Pnj);
    assert!(meta.families["CORRINO"].pnj);
    // PNJ is irreversible: orders from the old player are refused.
    let raw = mail("c@x.test", "late-c@x.test", "Ordres", &orders_body("Corrino", &pc, None, &["LIEU Leto STELLARIUM"]), before_deadline(&e));
    e.referee.handle_mail(&raw, before_deadline(&e)).unwrap();
    let sent = take_outbox(&e.referee);
    assert!(sent[0].text.contains("est devenue PNJ"), "{}", sent[0].text);
    // Every roll of every turn is in the audit log with its rule number.
    for turn in 0..4 {
        let audit = std::fs::read_to_string(game_dir(&e).join(format!("turns/{turn:04}/audit.jsonl"))).unwrap();
        for line in audit.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(!v["rule"].as_str().unwrap().is_empty(), "{line}");
        }
    }
}

#[test]
fn mass_onr_guard_holds_the_turn_and_mails_the_referee() {
    let e = env();
    let t = before_deadline(&e);
    let fams = [("a@x.test", "Atréides"), ("b@x.test", "Harkonnen"), ("c@x.test", "Corrino"), ("d@x.test", "Ordos")];
    let pws: Vec<String> = fams.iter().map(|(a, f)| join(&e.referee, a, f, t)).collect();
    for ((a, f), pw) in fams.iter().zip(&pws) {
        send_orders(&e, a, f, pw, "t0");
    }
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after_deadline(&e)).unwrap();
    assert!(s.held.is_none());
    take_outbox(&e.referee);
    // Turn 1: only one of four active families sends: 75 % ONR > 50 %.
    send_orders(&e, fams[0].0, fams[0].1, &pws[0], "t1");
    take_outbox(&e.referee);
    let before = snapshot(&game_dir(&e).join("turns"));
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after_deadline(&e)).unwrap();
    assert!(s.held.as_deref().is_some_and(|h| h.contains("3 des 4 familles actives")), "{:?}", s.held);
    assert_eq!(snapshot(&game_dir(&e).join("turns")), before, "a held turn changes nothing");
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.turn, 1);
    assert!(meta.held.is_some());
    let sent = take_outbox(&e.referee);
    // The referee once, and each family (a_held_turn_is_told_to_every_player…).
    assert_eq!(sent.len(), 5);
    let admin: Vec<&Sent> = sent.iter().filter(|m| m.to == ["referee@example.test"]).collect();
    assert_eq!(admin.len(), 1);
    assert!(admin[0].text.contains("arbitre game resume stellarium-1"), "{}", admin[0].text);
    // The referee resumes: the guard is released and the turn is played.
    e.referee.set_paused(GAME, false).unwrap();
    let s = e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    assert_eq!(s.turn, 1);
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 2);
}

#[test]
fn rerunning_a_turn_after_a_crash_before_commit_repeats_nothing() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let pb = join(&e.referee, "b@x.test", "Harkonnen", t);
    send_orders(&e, "a@x.test", "Atréides", &pa, "a");
    send_orders(&e, "b@x.test", "Harkonnen", &pb, "b");
    take_outbox(&e.referee);
    let game_json = game_dir(&e).join("game.json");
    let meta_before = std::fs::read(&game_json).unwrap();
    let now = after_deadline(&e);
    let s1 = e.referee.adjudicate(GAME, Mode::Deadline, now).unwrap();
    let first = take_outbox(&e.referee);
    assert_eq!(first.len(), 2);
    let turn0 = snapshot(&game_dir(&e).join("turns"));
    // A crash just before the commit point: game.json still says turn 0.
    std::fs::write(&game_json, &meta_before).unwrap();
    e.referee.forget(GAME);
    let later = now.checked_add(SignedDuration::from_mins(7)).unwrap();
    let s2 = e.referee.adjudicate(GAME, Mode::Deadline, later).unwrap();
    assert_eq!(s1.statuses, s2.statuses);
    assert_eq!(s1.rolls, s2.rolls);
    assert_eq!(snapshot(&game_dir(&e).join("turns")), turn0, "state, events, audit and reports identical");
    assert!(take_outbox(&e.referee).is_empty(), "no report is sent twice");
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 1);
}

#[test]
fn preview_changes_nothing_and_rollback_returns_to_a_turn() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    send_orders(&e, "a@x.test", "Atréides", &pa, "a");
    take_outbox(&e.referee);
    let before = snapshot(&data(&e));
    let pv = tempfile::tempdir().unwrap();
    let s = e.referee.adjudicate(GAME, Mode::Preview(pv.path().to_path_buf()), after_deadline(&e)).unwrap();
    assert_eq!(s.reports, 1);
    assert_eq!(snapshot(&data(&e)), before, "preview writes nothing in the data directory");
    assert!(take_outbox(&e.referee).is_empty(), "preview sends nothing");
    let report = std::fs::read_to_string(pv.path().join("reports/ATREIDES/report.txt")).unwrap();
    assert!(report.contains("Atréides"), "{report}");
    assert!(pv.path().join("reports/ATREIDES/map.png").exists());

    e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    send_orders(&e, "a@x.test", "Atréides", &pa, "a1");
    e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 2);
    let m = e.referee.rollback(GAME, 1, after_deadline(&e)).unwrap();
    assert_eq!(m.turn, 1);
    assert!(!game_dir(&e).join("turns/0002").exists());
    assert!(game_dir(&e).join("rolled-back").is_dir(), "rolled-back turns are kept aside");
    assert_eq!(m.families["ATREIDES"].statuses.len(), 1);
    // Orders already received for turn 1 are kept; the turn can be played again identically.
    let st = e.referee.status(GAME, after_deadline(&e)).unwrap();
    assert_eq!(st.families[0].current, OrderStatus::Or);
}

#[test]
fn reminders_go_once_to_families_without_complete_orders() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let _pb = join(&e.referee, "b@x.test", "Harkonnen", t);
    send_orders(&e, "a@x.test", "Atréides", &pa, "a");
    take_outbox(&e.referee);
    let d = deadline(&e);
    let early = d.checked_sub(SignedDuration::from_hours(72)).unwrap();
    assert_eq!(e.referee.send_reminders(GAME, early).unwrap(), 0, "no reminder is due 72 h before");
    let h47 = d.checked_sub(SignedDuration::from_hours(47)).unwrap();
    assert_eq!(e.referee.send_reminders(GAME, h47).unwrap(), 1);
    assert_eq!(e.referee.send_reminders(GAME, h47).unwrap(), 0, "once per reminder instant");
    let sent = take_outbox(&e.referee);
    assert_eq!(sent[0].to, vec!["b@x.test"]);
    assert!(sent[0].text.contains("Rappel : la date limite du tour 0"), "{}", sent[0].text);
    let h5 = d.checked_sub(SignedDuration::from_hours(5)).unwrap();
    assert_eq!(e.referee.send_reminders(GAME, h5).unwrap(), 1, "the 6 h reminder");
}

#[test]
fn extend_pause_and_resend() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let d = deadline(&e);
    let d2 = e.referee.extend(GAME, SignedDuration::from_hours(48), t).unwrap();
    assert_eq!(d2, d.checked_add(SignedDuration::from_hours(48)).unwrap());
    e.referee.set_paused(GAME, true).unwrap();
    // Paused: a mail after the (old) deadline is still taken.
    let late = d2.checked_add(SignedDuration::from_hours(1)).unwrap();
    let g = e.referee.open_game(GAME).unwrap();
    let mut dice = arbitre::dice::Dice::for_turn(1, 0);
    let lines = g.engine.sample_orders(&g.state, &"ATREIDES".to_string(), &mut dice).unwrap();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let raw = mail("a@x.test", "p1@x.test", "Ordres", &orders_body("Atréides", &pa, None, &refs), late);
    e.referee.handle_mail(&raw, late).unwrap();
    assert!(take_outbox(&e.referee)[0].text.contains("Statut de vos ordres si la date limite était maintenant : OR"));
    e.referee.set_paused(GAME, false).unwrap();
    e.referee.adjudicate(GAME, Mode::Force, late).unwrap();
    take_outbox(&e.referee);
    assert_eq!(e.referee.resend(GAME, Some("atreides"), late).unwrap(), 1);
    let again = take_outbox(&e.referee);
    assert_eq!(again.len(), 1);
    assert!(again[0].subject.contains("Rapport du tour 0"), "{}", again[0].subject);
}

#[test]
fn extending_by_days_keeps_the_local_hour_across_dst() {
    let e = env();
    // Deadline: Sunday 29 March 2026 20:00 Paris (CEST). One day back is
    // Saturday 28 March 20:00 CET, that is 19:00 UTC, not 18:00 UTC.
    let d = e.referee.extend(GAME, SignedDuration::from_hours(-24), before_deadline(&e)).unwrap();
    assert_eq!(d, "2026-03-28T19:00:00Z".parse::<Timestamp>().unwrap());
}

#[test]
fn r0_sending_nothing_when_nothing_can_be_ordered_is_not_onr() {
    // Galaxy's turn 0 is registration only: its minimum is empty.
    let dir = tempfile::tempdir().unwrap();
    let text = config_text("").replace("ruleset = \"stellarium\"", "ruleset = \"galaxy\"") + "\n[games.settings]\nplayers = 4\n";
    std::fs::write(dir.path().join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = arbitre::referee::Referee::new(cfg, templates()).unwrap();
    r.create_game(GAME, Some(5), t0()).unwrap();
    for (a, f) in [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma"), ("d@x.test", "Delta")] {
        join(&r, a, f, t0());
    }
    let after = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    let s = r.adjudicate(GAME, Mode::Deadline, after).unwrap();
    assert!(s.statuses.values().all(|st| *st == OrderStatus::Or), "{:?}", s.statuses);
    let meta = r.read_meta(GAME).unwrap().unwrap();
    assert!(meta.families.values().all(|f| f.onr_streak == 0));
}

const FOUR: [(&str, &str); 4] = [("a@x.test", "Atréides"), ("b@x.test", "Harkonnen"), ("c@x.test", "Corrino"), ("d@x.test", "Ordos")];

/// Four families play turn 0; at turn 1 only Atréides sends, and the
/// mass-ONR guard holds turn 1 at its deadline. Returns the passwords; the
/// outbox still holds what the hold queued.
fn held_at_turn_1(e: &Env) -> Vec<String> {
    let t = before_deadline(e);
    let pws: Vec<String> = FOUR.iter().map(|(a, f)| join(&e.referee, a, f, t)).collect();
    for ((a, f), pw) in FOUR.iter().zip(&pws) {
        send_orders(e, a, f, pw, "t0");
    }
    assert!(e.referee.adjudicate(GAME, Mode::Deadline, after_deadline(e)).unwrap().held.is_none());
    send_orders(e, FOUR[0].0, FOUR[0].1, &pws[0], "t1");
    take_outbox(&e.referee);
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after_deadline(e)).unwrap();
    assert!(s.held.is_some(), "the guard holds turn 1");
    pws
}

fn reports_of_turn(sent: &[Sent], turn: u32) -> Vec<&Sent> {
    let fr = format!("Rapport du tour {turn} ");
    let en = format!("Report for turn {turn} ");
    sent.iter().filter(|m| m.subject.contains(&fr) || m.subject.contains(&en)).collect()
}

#[test]
fn a_held_turn_is_told_to_every_player_and_late_orders_are_still_taken() {
    let e = env();
    let pws = held_at_turn_1(&e);
    let sent = take_outbox(&e.referee);
    let admin: Vec<&Sent> = sent.iter().filter(|m| m.to == ["referee@example.test"]).collect();
    assert_eq!(admin.len(), 1, "{sent:#?}");
    assert!(admin[0].text.contains("Les joueurs ont été prévenus"), "{}", admin[0].text);
    for (addr, family) in FOUR {
        let told: Vec<&Sent> = sent.iter().filter(|m| m.to == [addr]).collect();
        assert_eq!(told.len(), 1, "{family} is told once: {sent:#?}");
        assert!(told[0].subject.contains("Tour 1 suspendu"), "{}", told[0].subject);
        assert!(told[0].text.contains("plus de 50 %"), "the reason: {}", told[0].text);
        let own = if family == "Atréides" { "sont bien arrivés" } else { "aucun ordre" };
        assert!(told[0].text.contains(own), "{family}: {}", told[0].text);
    }
    // Corrino's orders arrive after the deadline, while the turn is held:
    // taken, and the acknowledgement says why.
    let late = after_deadline(&e).checked_add(SignedDuration::from_hours(3)).unwrap();
    send_orders_at(&e, FOUR[2].0, FOUR[2].1, &pws[2], "late", late);
    let ack = take_outbox(&e.referee);
    assert_eq!(ack.len(), 1);
    assert!(!ack[0].text.contains("en cours d'arbitrage"), "no false refusal: {}", ack[0].text);
    assert!(ack[0].text.contains("Ce tour est suspendu par l'arbitre"), "{}", ack[0].text);
    assert!(ack[0].text.contains("Statut de vos ordres si la date limite était maintenant : OR"), "{}", ack[0].text);
}

#[test]
fn resuming_a_held_turn_plays_it_at_the_next_look_and_mails_every_report() {
    let e = env();
    held_at_turn_1(&e);
    take_outbox(&e.referee);
    e.referee.set_paused(GAME, false).unwrap();
    // The daemon's next look: an ordinary deadline adjudication.
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after_deadline(&e)).unwrap();
    assert_eq!(s.held, None, "not held again after the referee resumed it");
    assert_eq!(s.turn, 1);
    let sent = take_outbox(&e.referee);
    assert_eq!(reports_of_turn(&sent, 1).len(), 4, "{sent:#?}");
    // The next turn has its guard again.
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().hold_lifted, None);
}

/// Runs the `arbitre` binary on the test's configuration at game time `at`.
fn arbitre_cli(e: &Env, at: Timestamp, args: &[&str]) -> std::process::Output {
    let clock = e.dir.path().join("clock");
    std::fs::write(&clock, at.to_string()).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(e.dir.path().join("config.toml"))
        .arg("--clock-file")
        .arg(&clock)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn adjudicate_on_a_held_turn_lifts_the_hold_and_mails_every_report() {
    let e = env();
    held_at_turn_1(&e);
    take_outbox(&e.referee);
    let out = arbitre_cli(&e, after_deadline(&e), &["adjudicate", GAME]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("hold lifted") && stdout.contains("turn 1 of stellarium-1 adjudicated"), "{stdout}");
    let sent = take_outbox(&e.referee);
    assert_eq!(reports_of_turn(&sent, 1).len(), 4, "{sent:#?}");
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 2);
}

#[test]
fn extend_to_an_instant_already_past_is_refused_unless_now_is_given() {
    let e = env();
    let t = before_deadline(&e);
    join(&e.referee, "a@x.test", "Atréides", t);
    let d = deadline(&e);
    // The deadline is 30 h away: three days back is in the past.
    let out = arbitre_cli(&e, t, &["game", "extend", GAME, "-3d"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "refused");
    assert!(stderr.contains("already past") && stderr.contains("--now"), "the reason and the way out: {stderr}");
    assert_eq!(deadline(&e), d, "the deadline did not move");
    assert!(take_outbox(&e.referee).is_empty(), "nobody is told of a move that did not happen");
    // With --now the command does what it says: the turn is due at once.
    let out = arbitre_cli(&e, t, &["game", "extend", GAME, "-3d", "--now"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("the deadline is past"), "{stdout}");
    assert!(deadline(&e) < t);
    // A move into the future is taken as before.
    assert!(e.referee.extend(GAME, SignedDuration::from_hours(96), t).unwrap() > t);
}

#[test]
fn rollback_tells_every_family_and_the_turn_played_again_mails_its_reports() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    // An English family (its registration was written in English).
    let raw = mail("b@x.test", "join-en@x.test", "Join", &format!("GAME {GAME}\nJOIN Harkonnen\n"), t);
    e.referee.handle_mail(&raw, t).unwrap();
    let pb = password_in(&take_outbox(&e.referee)[0].text);
    for turn in 0..2 {
        send_orders(&e, "a@x.test", "Atréides", &pa, &format!("a{turn}"));
        send_orders(&e, "b@x.test", "Harkonnen", &pb, &format!("b{turn}"));
        take_outbox(&e.referee);
        e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
        assert_eq!(reports_of_turn(&take_outbox(&e.referee), turn).len(), 2);
    }
    // Back to turn 1, whose orders are kept.
    e.referee.rollback(GAME, 1, before_deadline(&e)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let fr = sent.iter().find(|m| m.to == ["a@x.test"]).expect("Atréides is told");
    assert!(fr.subject.contains("Retour au début du tour 1"), "{}", fr.subject);
    assert!(fr.text.contains("au début du tour 1") && fr.text.contains("sont conservés"), "{}", fr.text);
    let en = sent.iter().find(|m| m.to == ["b@x.test"]).expect("Harkonnen is told");
    assert!(en.subject.contains("Back to the start of turn 1"), "{}", en.subject);
    assert!(en.text.contains("back to the start of turn 1") && en.text.contains("are kept"), "{}", en.text);
    // The turn played again mails its reports, though turn 1's were sent before.
    let s = e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    assert_eq!(s.reports, 2);
    let sent = take_outbox(&e.referee);
    let reports = reports_of_turn(&sent, 1);
    assert_eq!(reports.len(), 2, "{sent:#?}");
    // A second rollback to the same turn (the referee's command) mails again too.
    let out = arbitre_cli(&e, before_deadline(&e), &["rollback", GAME, "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && stdout.contains("every family is told") && stdout.contains("its deadline: "), "{stdout}");
    assert_eq!(take_outbox(&e.referee).len(), 2);
    e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    assert_eq!(reports_of_turn(&take_outbox(&e.referee), 1).len(), 2);
}

/// A rollback and the mails telling the families are written together: when
/// the mails cannot be written, the game is not rolled back either (before,
/// `game.json` went back a turn first and a failure or crash in between left
/// a rolled-back game that nobody was told of).
#[test]
fn a_rollback_whose_announcements_cannot_be_written_leaves_the_game_where_it_was() {
    let e = env();
    let t = before_deadline(&e);
    let pa = join(&e.referee, "a@x.test", "Atréides", t);
    let pb = join(&e.referee, "b@x.test", "Harkonnen", t);
    for turn in 0..2 {
        send_orders(&e, "a@x.test", "Atréides", &pa, &format!("a{turn}"));
        send_orders(&e, "b@x.test", "Harkonnen", &pb, &format!("b{turn}"));
        e.referee.adjudicate(GAME, Mode::Force, after_deadline(&e)).unwrap();
    }
    take_outbox(&e.referee);
    // The outbox's queue made unwritable: a file where its folder was.
    let new = e.dir.path().join("data/outbox/new");
    assert!(new.is_dir(), "{}", new.display());
    let aside = e.dir.path().join("data/outbox/new-aside");
    std::fs::rename(&new, &aside).unwrap();
    std::fs::write(&new, b"not a folder").unwrap();
    assert!(e.referee.rollback(GAME, 1, before_deadline(&e)).is_err());
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 2, "rolled back with nobody told");
    // Mended, the same command rolls back and tells both families.
    std::fs::remove_file(&new).unwrap();
    std::fs::rename(&aside, &new).unwrap();
    e.referee.rollback(GAME, 1, before_deadline(&e)).unwrap();
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 1);
    assert_eq!(take_outbox(&e.referee).iter().filter(|m| m.subject.contains("Retour au début du tour 1")).count(), 2);
}

/// Files delivered to `address` by the daemon's embedded Maildir transport.
fn delivered(root: &std::path::Path, address: &str) -> Vec<Sent> {
    let dir = root.join("mail/outgoing").join(address).join("new");
    std::fs::read_dir(dir).map(|d| d.flatten().map(|f| read("", &std::fs::read(f.path()).unwrap())).collect()).unwrap_or_default()
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn extend_lifts_a_hold_and_the_daemon_plays_the_turn_at_the_new_deadline() {
    let e = env();
    held_at_turn_1(&e);
    take_outbox(&e.referee);
    let root = e.dir.path().to_path_buf();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = std::sync::Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let start = after_deadline(&e);
    let (clock, stop_tx, running) = spawn_daemon(&root, referee.clone(), start, std::time::Duration::from_secs(60));
    let turn = || referee.read_meta(GAME).unwrap().unwrap().turn;
    let sleep_until = |target: Timestamp| {
        let clock = clock.clone();
        async move {
            while clock.now() < target {
                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            }
        }
    };
    sleep_until(start.checked_add(SignedDuration::from_mins(2)).unwrap()).await;
    assert_eq!(turn(), 1, "held: the daemon waits for the referee");
    // The alert's suggestion: two more hours.
    let new_deadline = referee.extend(GAME, SignedDuration::from_hours(2), clock.now()).unwrap();
    assert!(referee.read_meta(GAME).unwrap().unwrap().held.is_none(), "extend lifts the hold");
    sleep_until(new_deadline.checked_sub(SignedDuration::from_mins(1)).unwrap()).await;
    assert_eq!(turn(), 1, "not before the new deadline");
    sleep_until(new_deadline.checked_add(SignedDuration::from_mins(3)).unwrap()).await;
    assert_eq!(turn(), 2, "played at the new deadline");
    for (addr, family) in FOUR {
        let got = delivered(&root, addr);
        assert!(got.iter().any(|m| m.subject.contains("Nouvelle date limite du tour 1")), "{family} is told the new deadline: {got:#?}");
        assert_eq!(reports_of_turn(&got, 1).len(), 1, "{family} gets its report: {got:#?}");
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn a_configured_game_that_cannot_be_created_is_mailed_to_the_referee_at_start() {
    let dir = tempfile::tempdir().unwrap();
    // A typo in the ruleset's settings: `turn` for `turns`.
    std::fs::write(dir.path().join("config.toml"), config_text("[games.settings]\nturn = 5\n")).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let referee = std::sync::Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(dir.path(), referee.clone(), t0(), std::time::Duration::from_secs(60));
    tokio::time::sleep(std::time::Duration::from_secs(10)).await;
    assert!(referee.read_meta(GAME).unwrap().is_none(), "not created");
    let got = delivered(dir.path(), "referee@example.test");
    assert_eq!(got.len(), 1, "the referee is told at once");
    assert!(got[0].subject.contains("stellarium-1"), "{}", got[0].subject);
    assert!(got[0].text.contains("n'a pas pu être créée") && got[0].text.contains("`turn`"), "{}", got[0].text);
    assert!(got[0].text.contains("arbitre check-config"), "{}", got[0].text);
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

#[test]
fn check_config_runs_each_rulesets_own_settings_check() {
    for (ruleset, settings, named) in [("stellarium", "turn = 5", "`turn`"), ("galaxy", "player = 4", "did you mean `players`")] {
        let dir = tempfile::tempdir().unwrap();
        let text = config_text(&format!("[games.settings]\n{settings}\n")).replace("ruleset = \"stellarium\"", &format!("ruleset = \"{ruleset}\""));
        std::fs::write(dir.path().join("config.toml"), text).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("--config").arg(dir.path().join("config.toml")).arg("check-config").output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{ruleset}: a typo in [games.settings] fails check-config");
        assert!(stderr.contains("games[0].settings") && stderr.contains(named), "{ruleset}: the error names the setting: {stderr}");
    }
}

/// b–d (issue 26): the founders the referee made for PERSONNAGE lines that
/// were refused or missing are named in the family's report, with the rule,
/// not slipped in silently; the founders the family wrote are not.
#[test]
fn r_b_founders_made_by_the_referee_are_named_in_the_report() {
    let e = env();
    let r = &e.referee;
    let t = t0();
    let pw = join(r, "a@x.test", "Atréides", t);
    join(r, "b@x.test", "Harkonnen", t);
    let lines = [
        "PERSONNAGE 1 Romuald H GUERRIER",
        "PERSONNAGE 2 Ines F EXPLORATEUR",
        "PERSONNAGE 3 Duncan H MARCHAND",
        "PERSONNAGE 4 Alia F GUERRIER",
        "PERSONNAGE 5 Chani F PRETRE",
        "PERSONNAGE 6 Gurney H PRETRE",
        // Refused (no sex), then missing (8): both made by the referee.
        "PERSONNAGE 7 Leto",
    ];
    r.handle_mail(&mail("a@x.test", "orders-a@x.test", "Ordres", &orders_body("Atréides", &pw, None, &lines), t), t).unwrap();
    take_outbox(r);
    let after = r.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    r.adjudicate(GAME, Mode::Force, after).unwrap();
    let sent = take_outbox(r);
    let report = sent.iter().find(|s| s.to == ["a@x.test"] && s.subject.contains("Rapport")).expect("Atréides' report");
    // The report's items, their wrapped lines joined.
    let flat = report.text.split_whitespace().collect::<Vec<_>>().join(" ");
    let made: Vec<&str> = flat.split(" - ").filter(|l| l.contains("créé par l'arbitre pour une ligne PERSONNAGE manquante ou refusée")).collect();
    assert_eq!(made.len(), 2, "{}", report.text);
    assert!(made[0].contains("n° 7") && made[1].contains("n° 8"), "{made:?}");
    assert!(made.iter().all(|l| l.contains("(b, c)")), "{made:?}");
    for own in ["Romuald", "Ines", "Duncan"] {
        assert!(!made.iter().any(|l| l.contains(own)), "{own} was written by the family: {made:?}");
    }
}

/// Issue 26: `arbitre game status` gives an English game's deadline and
/// time left in English (they were French whatever the game's language).
#[test]
fn game_status_gives_the_dates_in_the_games_language() {
    let e = env_with("language = \"en\"\n");
    let status = e.referee.status(GAME, t0()).unwrap();
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    let gc = e.referee.game_config(GAME).unwrap();
    let d = meta.deadline.unwrap();
    assert_eq!(status.deadline.as_deref(), Some(arbitre::scheduler::format_deadline(d, &gc.time_zone, "en").as_str()));
    assert_eq!(status.time_left.as_deref(), Some(arbitre::scheduler::format_time_left(t0(), d, "en").as_str()));
    assert!(status.deadline.unwrap().starts_with("Sunday"));
}

/// The tests' configuration text with `admin_language = "en"`.
fn english_admin_config(extra: &str) -> String {
    config_text(extra).replace("admin_address = \"referee@example.test\"\n", "admin_address = \"referee@example.test\"\nadmin_language = \"en\"\n")
}

/// French words that must not reach an English-speaking referee.
fn assert_english(mail: &Sent) {
    for french in ["Bonjour", "intervention", "partie", "joueurs", "suspendu", "familles", "Commandes"] {
        assert!(!mail.subject.contains(french) && !mail.text.contains(french), "French {french:?} in:\n{}\n{}", mail.subject, mail.text);
    }
}

/// Issue 26: with `admin_language = "en"`, a configured game that cannot be
/// created is mailed to the referee by the daemon at start in English.
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn admin_language_en_a_game_that_cannot_be_created_is_mailed_in_english() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), english_admin_config("[games.settings]\nturn = 5\n")).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let referee = std::sync::Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let (_clock, stop_tx, running) = spawn_daemon(dir.path(), referee.clone(), t0(), std::time::Duration::from_secs(60));
    tokio::time::sleep(std::time::Duration::from_secs(10)).await;
    let got = delivered(dir.path(), "referee@example.test");
    assert_eq!(got.len(), 1, "the referee is told at once");
    assert_eq!(got[0].subject, "[arbitre] stellarium-1: action needed");
    assert!(got[0].text.contains("the game stellarium-1 configured in [[games]] could not be created") && got[0].text.contains("`turn`"), "{}", got[0].text);
    assert!(got[0].text.contains("The game was not created") && got[0].text.contains("arbitre check-config"), "{}", got[0].text);
    assert_english(&got[0]);
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

/// Issue 26: with `admin_language = "en"`, the mass-ONR guard's alert (queued
/// by the deadline's adjudication, as the daemon runs it) is in English,
/// with the commands that lift the hold; the players' mails keep their
/// families' language.
#[test]
fn admin_language_en_the_hold_alert_is_in_english() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), english_admin_config("")).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let referee = arbitre::referee::Referee::new(cfg, templates()).unwrap();
    referee.create_game(GAME, Some(42), t0()).unwrap();
    let e = Env { dir, referee };
    held_at_turn_1(&e);
    let sent = take_outbox(&e.referee);
    let admin: Vec<&Sent> = sent.iter().filter(|m| m.to == ["referee@example.test"]).collect();
    assert_eq!(admin.len(), 1, "{sent:#?}");
    assert_eq!(admin[0].subject, "[arbitre] stellarium-1: action needed");
    assert!(admin[0].text.contains("3 of the 4 families active last turn sent nothing (75 % > threshold 50 %)"), "{}", admin[0].text);
    assert!(admin[0].text.contains("The players were told that the turn is held") && admin[0].text.contains("arbitre game resume stellarium-1"), "{}", admin[0].text);
    assert_english(admin[0]);
    // The players registered in French are told in French.
    assert!(sent.iter().filter(|m| m.to != ["referee@example.test"]).all(|m| m.text.contains("Bonjour") || m.text.contains("suspendu")), "{sent:#?}");
}
