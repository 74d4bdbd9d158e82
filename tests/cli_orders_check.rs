//! `arbitre orders check` answers the mail samples of real clients as
//! `orders.md` says (quoted form, HTML-only, text attachment,
//! Windows-1252), and changes nothing in the data directory.

mod support;

use std::process::Command;

use arbitre::referee::adjudication::Mode;
use jiff::{SignedDuration, Timestamp};
use support::*;

/// A game at turn 3 whose family Atréides has the characters the samples
/// name (Paul a merchant, Jessica a merchant, Leto a warrior) and the
/// samples' password `x7Kp2`.
fn game_at_turn_3() -> Env {
    // The samples come from several clients and addresses of one player: the
    // game authenticates by password only (a documented setting).
    let e = env_with("require_registered_address = false");
    let r = &e.referee;
    let t = t0();
    let pw = join(r, "jean.dupont@laposte.example", "Atréides", t);
    let mut meta = r.read_meta(GAME).unwrap().unwrap();
    meta.families.get_mut("ATREIDES").unwrap().password_sha256 = arbitre::referee::password::hash(GAME, "ATREIDES", "x7Kp2");
    r.write_meta(&meta).unwrap();
    let _ = pw;
    for turn in 0..3u32 {
        let g = r.open_game(GAME).unwrap();
        let now = g.meta.deadline.unwrap().checked_sub(SignedDuration::from_hours(2)).unwrap();
        let lines: Vec<String> = if turn == 0 {
            FOUNDERS.iter().map(|s| s.to_string()).collect()
        } else {
            let mut dice = arbitre::dice::Dice::for_turn(3, turn);
            let mut v: Vec<String> = g
                .engine
                .sample_orders(&g.state, &"ATREIDES".to_string(), &mut dice)
                .unwrap()
                .into_iter()
                .filter(|l| !arbitre::text::key(l).starts_with("FORMATION PAUL"))
                .collect();
            if turn == 1 {
                v.push("FORMATION Paul MARCHAND".into());
            }
            v
        };
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let raw = mail("jean.dupont@laposte.example", &format!("setup-{turn}@x.test"), "Ordres", &orders_body("Atréides", "x7Kp2", Some(turn), &refs), now);
        r.handle_mail(&raw, now).unwrap();
        let after = g.meta.deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
        r.adjudicate(GAME, Mode::Force, after).unwrap();
        take_outbox(r);
    }
    assert_eq!(r.read_meta(GAME).unwrap().unwrap().turn, 3);
    e
}

fn check(e: &Env, sample: &str) -> String {
    check_file(e, &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail").join(sample))
}

fn check_file(e: &Env, file: &std::path::Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(e.dir.path().join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .args(["orders", "check", GAME, "--at", "2026-04-18T12:00:00Z"])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn ok_line(ack: &str, order: &str) -> bool {
    ack.lines().any(|l| l.trim_start().starts_with("OK") && l.trim_end().ends_with(order))
}

#[test]
fn orders_check_answers_the_client_samples_and_changes_nothing() {
    let e = game_at_turn_3();
    let before = snapshot(&data(&e));
    let _ = Timestamp::now();

    let quoted = check(&e, "quoted-only-edited.eml");
    assert!(quoted.contains("lus dans le texte cité de votre réponse"), "{quoted}");
    for o in ["LIEU Paul BOURSE S 2", "LIEU Jessica Mologataï", "LIEU Leto FLOTTE 1"] {
        assert!(ok_line(&quoted, o), "{o} not accepted:\n{quoted}");
    }

    let html = check(&e, "html-only.eml");
    for o in ["LIEU Paul BOURSE S 2", "LIEU Jessica Mologataï", "LIEU Leto FLOTTE 1"] {
        assert!(ok_line(&html, o), "{o} not accepted:\n{html}");
    }

    let att = check(&e, "attachment-orders.eml");
    assert!(att.contains("lus dans la pièce jointe texte"), "{att}");

    let cp1252 = check(&e, "outlook-windows1252.eml");
    assert!(ok_line(&cp1252, "LIEU Jessica Mologataï"), "accents decoded from Windows-1252:\n{cp1252}");
    assert!(cp1252.contains("To: jean.dupont@laposte.example"), "the reply goes to the registered address:\n{cp1252}");

    let bounce = check(&e, "bounce-dsn.eml");
    assert!(bounce.contains("\"outcome\":\"silenced\""), "{bounce}");

    // RAPPORT: the family's latest report, from the real data directory
    // (the check copies that family's report, not every family's).
    let file = e.dir.path().join("rapport.eml");
    let at: Timestamp = "2026-04-18T12:00:00Z".parse().unwrap();
    std::fs::write(&file, mail("jean.dupont@laposte.example", "rapport@x.test", "Rapport", &orders_body("Atréides", "x7Kp2", None, &["RAPPORT"]), at)).unwrap();
    let report = check_file(&e, &file);
    let stored = std::fs::read_to_string(data(&e).join("games").join(GAME).join("turns/0002/reports/ATREIDES/report.txt")).unwrap();
    let first_line = stored.lines().find(|l| !l.trim().is_empty()).unwrap();
    assert!(report.contains(first_line.trim()), "the stored report ({first_line:?}) comes with RAPPORT:\n{report}");

    assert_eq!(snapshot(&data(&e)), before, "orders check changes nothing");
}
