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
    let g = e.referee.open_game(GAME).unwrap();
    let key = arbitre::text::key(family);
    let mut dice = arbitre::dice::Dice::for_turn(7, g.meta.turn);
    let lines = g.engine.sample_orders(&g.state, &key, &mut dice).unwrap();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let now = before_deadline(e);
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
            let notice = sent.iter().find(|m| m.to == vec!["d@x.test".to_string()]).expect("PNJ notice");
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
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, vec!["referee@example.test"]);
    assert!(sent[0].text.contains("arbitre game resume stellarium-1"), "{}", sent[0].text);
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
    let m = e.referee.rollback(GAME, 1).unwrap();
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
