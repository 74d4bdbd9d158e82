//! The referee's intake, end to end on the embedded Maildir store with the
//! real Stellarium ruleset: registration, acknowledgements, authentication,
//! replacement, late and stale mail, commands, loop guards, duplicates.

mod support;

use arbitre::referee::intake::Outcome;
use jiff::{SignedDuration, Timestamp};
use support::*;

fn at(h: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_hours(h)).unwrap()
}

#[test]
fn first_deadline_is_sunday_20h_paris_on_the_dst_day() {
    let e = env();
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    // 29 March 2026: Paris moves to summer time at 02:00; 20:00 CEST is 18:00 UTC.
    assert_eq!(meta.deadline, Some("2026-03-29T18:00:00Z".parse().unwrap()));
}

#[test]
fn registration_mails_password_and_blank_turn_0_form() {
    let e = env();
    let raw = mail("leto@example.test", "j1@example.test", "Inscription", "Bonjour\n\nPARTIE stellarium-1\nINSCRIPTION Atréides\n", at(1));
    let out = e.referee.handle_mail(&raw, at(1)).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "welcome"), "{out:?}");
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1);
    let w = &sent[0];
    assert_eq!(w.to, vec!["leto@example.test"]);
    assert_eq!(w.subject, "Re: Inscription");
    assert_eq!(w.in_reply_to.as_deref(), Some("j1@example.test"));
    assert_eq!(w.auto_submitted.as_deref(), Some("auto-replied"));
    assert!(w.text.contains("la famille Atréides est inscrite"), "{}", w.text);
    let pw = password_in(&w.text);
    assert!(pw.len() >= 20, "password {pw:?} too short");
    assert!(w.text.contains("PERSONNAGE 1"), "blank turn-0 form expected:\n{}", w.text);
    assert!(w.attachments.iter().any(|a| a == "regles-stellarium.txt"), "{:?}", w.attachments);
    // The same name again is refused, at the sender's address.
    let raw = mail("other@example.test", "j2@example.test", "Inscription", "PARTIE stellarium-1\nINSCRIPTION ATREIDES\n", at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent[0].to, vec!["other@example.test"]);
    assert!(sent[0].text.contains("une famille porte déjà ce nom"), "{}", sent[0].text);
}

#[test]
fn acknowledgement_echoes_every_line_with_ok_or_a_reason() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let mut lines: Vec<&str> = FOUNDERS.to_vec();
    lines.push("ENCHERE 3 \"Étoile du Matin\"");
    lines.push("PERSONNAGE 9 Feyd H");
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, Some(0), &lines), at(2));
    let out = e.referee.handle_mail(&raw, at(2)).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "ack"), "{out:?}");
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1);
    let ack = &sent[0];
    assert_eq!(ack.to, vec!["leto@example.test"]);
    assert_eq!(ack.subject, "Re: Ordres");
    for l in FOUNDERS {
        let name = l.split_whitespace().nth(2).unwrap();
        assert!(ack.text.lines().any(|x| x.trim_start().starts_with("OK") && x.contains(name)), "no OK line for {name}:\n{}", ack.text);
    }
    assert!(ack.text.contains("ERREUR  ligne"), "{}", ack.text);
    assert!(ack.text.contains("9 ordre(s) accepté(s), 1 refusé(s)"), "{}", ack.text);
    assert!(ack.text.contains("Statut de vos ordres si la date limite était maintenant : OR"), "{}", ack.text);
    assert!(ack.text.contains("dimanche 29 mars 2026 à 20 h 00 (Europe/Paris)"), "{}", ack.text);
}

#[test]
fn each_submission_replaces_the_previous_one_as_a_whole() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let raw = mail("leto@example.test", "o2@example.test", "Ordres", &orders_body("Atréides", &pw, None, &FOUNDERS[..3]), at(3));
    e.referee.handle_mail(&raw, at(3)).unwrap();
    let sent = take_outbox(&e.referee);
    assert!(sent[1].text.contains("Statut de vos ordres si la date limite était maintenant : OPR"), "{}", sent[1].text);
    let st = e.referee.status(GAME, at(3)).unwrap();
    assert_eq!(st.families[0].current, arbitre::game::OrderStatus::Opr);
    // A message whose every line is wrong keeps the previous orders.
    let raw = mail("leto@example.test", "o3@example.test", "Ordres", &orders_body("Atréides", &pw, None, &["LIEU Personne NULLE PART"]), at(4));
    e.referee.handle_mail(&raw, at(4)).unwrap();
    let sent = take_outbox(&e.referee);
    assert!(sent[0].text.contains("vos ordres précédents pour ce tour restent en vigueur"), "{}", sent[0].text);
    assert_eq!(e.referee.status(GAME, at(4)).unwrap().families[0].current, arbitre::game::OrderStatus::Opr);
}

#[test]
fn an_acknowledgement_whose_every_line_is_refused_gives_the_status_of_the_orders_that_stand() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    // Nothing valid yet: the message says so, and ONR agrees.
    let raw = mail("leto@example.test", "o0@example.test", "Ordres", &orders_body("Atréides", &pw, None, &["LIEU Personne NULLE PART"]), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let ack = &take_outbox(&e.referee)[0];
    assert!(ack.text.contains("vous n'avez encore aucun ordre"), "{}", ack.text);
    assert!(ack.text.contains("maintenant : ONR"), "{}", ack.text);
    // Complete orders, then a message whose every line is wrong: the
    // complete orders stand, and the status is theirs (OR, nothing missing).
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(3));
    e.referee.handle_mail(&raw, at(3)).unwrap();
    take_outbox(&e.referee);
    let raw = mail("leto@example.test", "o2@example.test", "Ordres", &orders_body("Atréides", &pw, None, &["LIEU Personne NULLE PART", "PERSONAGE 9 Irulan F"]), at(4));
    e.referee.handle_mail(&raw, at(4)).unwrap();
    let ack = &take_outbox(&e.referee)[0];
    assert!(ack.text.contains("vos ordres précédents pour ce tour restent en vigueur"), "{}", ack.text);
    assert!(ack.text.contains("Statut de vos ordres si la date limite était maintenant : OR (ordres complets)"), "{}", ack.text);
    assert!(!ack.text.contains("il manque"), "nothing is missing from the orders that stand: {}", ack.text);
    assert_eq!(e.referee.status(GAME, at(4)).unwrap().families[0].current, arbitre::game::OrderStatus::Or);
}

#[test]
fn spoofed_sender_is_refused_and_only_the_registered_address_is_told() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let before = snapshot(&game_dir(&e));
    // Two hours apart: within an hour only the first refusal is mailed.
    for (from, pass, id, h) in [("mallory@evil.test", pw.as_str(), "s1@evil.test", 2), ("mallory@evil.test", "guess", "s2@evil.test", 4), ("leto@example.test", "wrong-password", "s3@example.test", 6)] {
        let raw = mail(from, id, "Ordres", &orders_body("Atréides", pass, None, FOUNDERS), at(h));
        let out = e.referee.handle_mail(&raw, at(h)).unwrap();
        assert!(matches!(out, Outcome::Answered { ref kind, ref to, .. } if kind == "refusal-auth" && to == "leto@example.test"), "{out:?}");
        let sent = take_outbox(&e.referee);
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, vec!["leto@example.test"], "a refusal must never go to the unverified sender");
        assert!(sent[0].text.contains("REFUSÉ"), "{}", sent[0].text);
    }
    assert_eq!(snapshot(&game_dir(&e)), before, "a refused message changes nothing");
}

#[test]
fn a_replayed_message_is_handled_once() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(2));
    assert!(matches!(e.referee.handle_mail(&raw, at(2)).unwrap(), Outcome::Answered { .. }));
    assert_eq!(e.referee.handle_mail(&raw, at(3)).unwrap(), Outcome::Duplicate);
    assert_eq!(take_outbox(&e.referee).len(), 1, "one acknowledgement only");
}

#[test]
fn a_stale_turn_line_refuses_the_whole_message() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let before = snapshot(&game_dir(&e));
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, Some(3), FOUNDERS), at(2));
    let out = e.referee.handle_mail(&raw, at(2)).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "refusal-stale"), "{out:?}");
    let sent = take_outbox(&e.referee);
    assert!(sent[0].text.contains("porte « TOUR 3 », mais le tour ouvert est le tour 0"), "{}", sent[0].text);
    assert_eq!(snapshot(&game_dir(&e)), before);
}

#[test]
fn late_mail_is_refused_with_the_missed_and_the_next_deadline() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let late: Timestamp = "2026-03-29T18:00:01Z".parse().unwrap();
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), late);
    let out = e.referee.handle_mail(&raw, late).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "refusal-late"), "{out:?}");
    let t = &take_outbox(&e.referee)[0].text;
    assert!(t.contains("après la date limite du tour 0 (dimanche 29 mars 2026 à 20 h 00 (Europe/Paris))"), "{t}");
    assert!(t.contains("tour 1") && t.contains("dimanche 5 avril 2026 à 20 h 00"), "{t}");
}

#[test]
fn cancel_withdraws_the_orders_of_the_turn() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    assert_eq!(e.referee.status(GAME, at(2)).unwrap().families[0].current, arbitre::game::OrderStatus::Or);
    let raw = mail("leto@example.test", "c1@example.test", "Annuler", &orders_body("Atréides", &pw, None, &["ANNULER"]), at(3));
    e.referee.handle_mail(&raw, at(3)).unwrap();
    assert_eq!(e.referee.status(GAME, at(3)).unwrap().families[0].current, arbitre::game::OrderStatus::Onr);
    let sent = take_outbox(&e.referee);
    let ack = sent.iter().find(|s| s.in_reply_to.as_deref() == Some("c1@example.test")).expect("ack of the cancel");
    assert!(ack.text.contains("ANNULER : vos ordres de ce tour sont retirés"), "{}", ack.text);
    assert!(ack.text.contains("maintenant : ONR"), "{}", ack.text);
}

#[test]
fn help_sends_the_guide_and_a_form_messages_are_relayed() {
    let e = env();
    let pa = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let _ph = join(&e.referee, "vlad@example.test", "Harkonnen", at(1));
    let raw = mail("leto@example.test", "h1@example.test", "Aide", &orders_body("Atréides", &pa, None, &["AIDE"]), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1, "a lone AIDE gets only the guide");
    assert!(sent[0].text.contains("Guide du joueur") && sent[0].text.contains("PERSONNAGE 1"), "{}", sent[0].text);
    // The minimal orders of this game (Stellarium's), not another game's.
    assert!(sent[0].text.contains("un LIEU pour chaque personnage libre et formé") && !sent[0].text.contains("ordre de budget"), "{}", sent[0].text);
    let body = orders_body("Atréides", &pa, None, &["MESSAGE Harkonnen", "Alliance contre les Corrino ?", "FINMESSAGE", "MESSAGE TOUS ANONYME", "Méfiez-vous.", "FINMESSAGE"]);
    let raw = mail("leto@example.test", "m1@example.test", "Diplomatie", &body, at(3));
    e.referee.handle_mail(&raw, at(3)).unwrap();
    let sent = take_outbox(&e.referee);
    let signed = sent.iter().find(|s| s.text.contains("Alliance contre les Corrino")).expect("signed relay");
    assert_eq!(signed.to, vec!["vlad@example.test"]);
    assert!(signed.text.contains("De la part de la famille Atréides"), "{}", signed.text);
    let anon = sent.iter().find(|s| s.text.contains("Méfiez-vous")).expect("anonymous relay");
    assert_eq!(anon.to, vec!["vlad@example.test"], "TOUS means every other family");
    assert!(anon.text.contains("Message anonyme") && !anon.text.contains("Atréides"), "{}", anon.text);
}

#[test]
fn bounces_auto_replies_and_lists_are_never_answered() {
    let e = env();
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    for f in ["bounce-dsn.eml", "vacation-autoreply.eml", "mailing-list.eml", "precedence-bulk.eml"] {
        let raw = std::fs::read(samples.join(f)).unwrap();
        let out = e.referee.handle_mail(&raw, at(1)).unwrap();
        assert!(matches!(out, Outcome::Silenced { .. }), "{f}: {out:?}");
    }
    assert!(take_outbox(&e.referee).is_empty());
    // Our own mail coming back is a loop.
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let outbox = e.referee.store.outbox();
    let id = outbox.list(arbitre::store::OutboxState::New).unwrap()[0].id.clone();
    let ours = outbox.raw(&id).unwrap().unwrap();
    // It is recognised as our journal copy: not answered, and, not having
    // been in flight, confirms nothing.
    let out = e.referee.handle_mail(&ours, at(3)).unwrap();
    assert_eq!(out, Outcome::JournalCopy { outbox_id: id.clone(), confirmed: false });
    assert_eq!(outbox.state_of(&id).unwrap(), Some(arbitre::store::OutboxState::New));
    // Without its journal header (a forward, a bounce quoting it), it is a loop.
    let text = String::from_utf8(ours).unwrap();
    let stripped: String = text.lines().filter(|l| !l.starts_with("X-Arbitre-Journal:")).map(|l| format!("{l}\n")).collect();
    assert!(matches!(e.referee.handle_mail(stripped.as_bytes(), at(3)).unwrap(), Outcome::Silenced { .. }));
    assert_eq!(take_outbox(&e.referee).len(), 1, "only the acknowledgement");
}

#[test]
fn a_journal_copy_confirms_an_interrupted_sending_and_a_forged_one_confirms_nothing() {
    let e = env();
    let pw = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let orders = mail("leto@example.test", "o1@example.test", "Ordres", &orders_body("Atréides", &pw, None, FOUNDERS), at(1));
    e.referee.handle_mail(&orders, at(1)).unwrap();
    let outbox = e.referee.store.outbox();
    let ack = outbox.list(arbitre::store::OutboxState::New).unwrap()[0].id.clone();
    let raw = outbox.raw(&ack).unwrap().unwrap();
    // The daemon was killed after handing the acknowledgement to the server.
    outbox.mark_in_flight(&ack, at(1), jiff::SignedDuration::from_mins(2)).unwrap();
    // A player forges a copy: same id, made-up token. It is an ordinary mail.
    let text = String::from_utf8(raw.clone()).unwrap();
    let header = text.lines().find(|l| l.starts_with("X-Arbitre-Journal:")).expect("journal header").to_string();
    let forged_header = format!("X-Arbitre-Journal: {ack} {}", "0".repeat(32));
    let forged = mail("leto@example.test", "forged@example.test", "Copie", &orders_body("Atréides", &pw, None, FOUNDERS), at(2));
    let forged = [forged_header.as_bytes(), b"\r\n", &forged].concat();
    assert!(!matches!(e.referee.handle_mail(&forged, at(2)).unwrap(), Outcome::JournalCopy { .. }));
    assert_eq!(outbox.state_of(&ack).unwrap(), Some(arbitre::store::OutboxState::New), "a forged copy confirms nothing");
    // The real copy comes back through the mailbox: recorded as sent, once.
    assert!(header.len() > "X-Arbitre-Journal: ".len() + 33);
    let out = e.referee.handle_mail(&raw, at(3)).unwrap();
    assert_eq!(out, Outcome::JournalCopy { outbox_id: ack.clone(), confirmed: true });
    assert_eq!(outbox.state_of(&ack).unwrap(), Some(arbitre::store::OutboxState::Sent));
    let again = e.referee.handle_mail(&raw, at(4)).unwrap();
    assert_eq!(again, Outcome::JournalCopy { outbox_id: ack, confirmed: false });
}

/// Found by the crash trials over the real mail system: a kill after the
/// orders and the game's receipt count were written, before the `done`
/// marker, made the re-handled message take the next rank (Galaxy 4.i).
#[test]
fn orders_handled_again_after_a_crash_keep_their_receipt_rank_and_instant() {
    let e = env();
    let pa = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let pb = join(&e.referee, "vlad@example.test", "Harkonnen", at(1));
    let a = mail("leto@example.test", "oa@example.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), at(2));
    let b = mail("vlad@example.test", "ob@example.test", "Ordres", &orders_body("Harkonnen", &pb, None, FOUNDERS), at(3));
    e.referee.handle_mail(&a, at(2)).unwrap();
    e.referee.handle_mail(&b, at(3)).unwrap();
    let orders = || -> serde_json::Value {
        let dir = game_dir(&e).join("turns/0000/orders");
        let read = |f: &str| {
            let v = serde_json::from_slice::<serde_json::Value>(&std::fs::read(dir.join(f)).unwrap()).unwrap();
            serde_json::json!({ "rank": v["receipt_rank"], "at": v["received_at"] })
        };
        serde_json::json!([read("ATREIDES.json"), read("HARKONNEN.json")])
    };
    let before = orders();
    let meta_before = std::fs::read(game_dir(&e).join("game.json")).unwrap();
    // A crash before b's `done` marker: b is handled again, later.
    let archive = data(&e).join("archive");
    for f in std::fs::read_dir(&archive).unwrap().flatten() {
        let name = f.file_name().to_string_lossy().into_owned();
        if name.ends_with(".done.json") && name.contains("ob@example.test") {
            std::fs::remove_file(f.path()).unwrap();
        }
    }
    assert!(matches!(e.referee.handle_mail(&b, at(4)).unwrap(), Outcome::Answered { ref kind, .. } if kind == "ack"));
    assert_eq!(orders(), before, "same ranks (0, 1) and receipt instants");
    assert_eq!(before[1]["rank"], 1);
    assert_eq!(std::fs::read(game_dir(&e).join("game.json")).unwrap(), meta_before, "the receipt count did not move");
}

/// Found by the crash trials once kills landed in the intake: a family's
/// two messages (the second replacing the first) both handled again after
/// a crash before their `done` markers. The first no longer matched the
/// family's orders file (the second had replaced it), so it took a new
/// rank, and the second another one: rank 6 where the reference had 2.
#[test]
fn a_family_s_replaced_orders_handled_again_after_a_crash_keep_their_receipt_ranks() {
    let e = env();
    let pa = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let pb = join(&e.referee, "vlad@example.test", "Harkonnen", at(1));
    let a = mail("leto@example.test", "ra@example.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), at(2));
    let b1 = mail("vlad@example.test", "rb1@example.test", "Ordres", &orders_body("Harkonnen", &pb, None, &FOUNDERS[..3]), at(2));
    let b2 = mail("vlad@example.test", "rb2@example.test", "Ordres", &orders_body("Harkonnen", &pb, None, FOUNDERS), at(2));
    // Handled without their done markers, as when a kill follows the run's commit.
    let handle = |raw: &[u8]| {
        let received = e.referee.receive(raw).unwrap();
        assert!(matches!(e.referee.handle_received(received, at(2)).unwrap(), Outcome::Answered { ref kind, .. } if kind == "ack"));
    };
    for raw in [&a, &b1, &b2] {
        handle(raw);
    }
    let state = || {
        let orders = game_dir(&e).join("turns/0000/orders");
        let read = |f: &str| serde_json::from_slice::<serde_json::Value>(&std::fs::read(orders.join(f)).unwrap()).unwrap();
        let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(game_dir(&e).join("game.json")).unwrap()).unwrap();
        let h = read("HARKONNEN.json");
        (read("ATREIDES.json")["receipt_rank"].clone(), h["receipt_rank"].clone(), h["message_id"].clone(), meta["receipts"].clone())
    };
    let before = state();
    assert_eq!(before, (0.into(), 2.into(), "rb2@example.test".into(), 3.into()));
    // The restart reads the three again, in the mailbox's order.
    for raw in [&a, &b1, &b2] {
        handle(raw);
    }
    assert_eq!(state(), before, "the same ranks, the same count of receipts");
}

#[test]
fn mail_without_orders_or_for_unknown_games_gets_a_helpful_answer() {
    let e = env();
    let raw = mail("who@example.test", "x1@example.test", "Bonjour", "Comment on joue ?", at(1));
    assert!(matches!(e.referee.handle_mail(&raw, at(1)).unwrap(), Outcome::Answered { ref kind, .. } if kind == "no-orders"));
    let raw = mail("who@example.test", "x2@example.test", "Ordres", "PARTIE stelarium-1\nFAMILLE X\n", at(1));
    assert!(matches!(e.referee.handle_mail(&raw, at(1)).unwrap(), Outcome::Answered { ref kind, .. } if kind == "unknown-game"));
    let sent = take_outbox(&e.referee);
    assert!(sent[0].text.contains("stellarium-1"), "the guide lists the games:\n{}", sent[0].text);
    assert!(sent[1].text.contains("vouliez-vous dire « stellarium-1 »"), "{}", sent[1].text);
}

#[test]
fn a_registration_handled_again_after_a_crash_is_answered_once() {
    let e = env();
    let raw = mail("leto@example.test", "j1@example.test", "Inscription", "PARTIE stellarium-1\nINSCRIPTION Atréides\n", at(1));
    e.referee.handle_mail(&raw, at(1)).unwrap();
    // A crash before the `done` marker: the message is handled again.
    let archive = data(&e).join("archive");
    for f in std::fs::read_dir(&archive).unwrap().flatten() {
        if f.file_name().to_string_lossy().ends_with(".done.json") {
            std::fs::remove_file(f.path()).unwrap();
        }
    }
    let out = e.referee.handle_mail(&raw, at(2)).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "welcome"), "{out:?}");
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1, "one welcome, no 'name taken' refusal: {sent:?}");
    // Another message asking for the same name is still refused.
    let raw2 = mail("other@example.test", "j2@example.test", "Inscription", "PARTIE stellarium-1\nINSCRIPTION Atréides\n", at(3));
    let out = e.referee.handle_mail(&raw2, at(3)).unwrap();
    assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "refusal-join"), "{out:?}");
}

/// A registration the ruleset refuses (here a third player for a two-player
/// Stellar game) is answered with the ruleset's reason in the language the
/// registrant wrote in: the engines give a message, not a French sentence.
#[test]
fn a_registration_the_ruleset_refuses_is_answered_in_the_registrants_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let game = "[[games]]\nid = \"stellar-1\"\nruleset = \"stellar\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"after 48h\"\nregistration_open = true\nregistration_confirm = false\nseed = 1\n";
    std::fs::write(&path, format!("{}\n{game}", config_head())).unwrap();
    let referee = arbitre::referee::Referee::new(arbitre::config::load(&path).unwrap(), templates()).unwrap();
    referee.create_game("stellar-1", Some(1), t0()).unwrap();
    for (i, (who, body)) in [
        ("anne@example.test", "PARTIE stellar-1\nINSCRIPTION Anne\n"),
        ("bert@example.test", "PARTIE stellar-1\nINSCRIPTION Bert\n"),
        ("carl@example.test", "GAME stellar-1\nJOIN Carl\n"),
        ("dora@example.test", "PARTIE stellar-1\nINSCRIPTION Dora\n"),
    ]
    .into_iter()
    .enumerate()
    {
        let h = i as i64 + 1;
        referee.handle_mail(&mail(who, &format!("j{h}@example.test"), "Inscription", body, at(h)), at(h)).unwrap();
    }
    let sent = take_outbox(&referee);
    let to = |a: &str| sent.iter().find(|s| s.to == vec![a.to_string()]).map(|s| s.text.clone()).unwrap_or_default();
    assert!(to("carl@example.test").contains("The game is full: Stellar is played by two."), "{}", to("carl@example.test"));
    assert!(to("dora@example.test").contains("La partie est complète : Stellar se joue à deux."), "{}", to("dora@example.test"));
}

/// A diplomatic message reaches each family in its own language: one mail
/// per language, the French one unchanged.
#[test]
fn a_relayed_message_is_framed_in_each_recipients_language() {
    let e = env();
    let pa = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let _ph = join(&e.referee, "vlad@example.test", "Harkonnen", at(1));
    let raw = mail("shaddam@example.test", "j-en@example.test", "Join", "GAME stellarium-1\nJOIN Corrino\n", at(1));
    e.referee.handle_mail(&raw, at(1)).unwrap();
    take_outbox(&e.referee);
    let body = orders_body("Atréides", &pa, None, &["MESSAGE TOUS", "Paix ?", "FINMESSAGE"]);
    e.referee.handle_mail(&mail("leto@example.test", "m1@example.test", "Diplomatie", &body, at(2)), at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    let relays: Vec<_> = sent.iter().filter(|s| s.text.contains("Paix ?")).collect();
    assert_eq!(relays.len(), 2, "{relays:?}");
    let fr = relays.iter().find(|s| s.to == vec!["vlad@example.test"]).expect("French relay");
    assert!(fr.subject.ends_with("Message diplomatique") && fr.text.contains("De la part de la famille Atréides, à toutes les familles"), "{}", fr.text);
    let en = relays.iter().find(|s| s.to == vec!["shaddam@example.test"]).expect("English relay");
    assert!(en.subject.ends_with("Diplomatic message") && en.text.contains("From family Atréides, to every family:"), "{} {}", en.subject, en.text);
    assert!(!en.text.contains("Transmis") && !en.text.contains("famille"), "{}", en.text);
}

/// Group commit, as the daemon's intake runs its messages (`store::Group`):
/// the mails of one run read what the earlier ones wrote (receipt ranks
/// follow arrival, a family's later orders replace its earlier ones), and
/// nothing of the run is on disk, nor in the outbox to be sent, before the
/// run's commit.
#[test]
fn a_run_of_mails_in_one_write_group_reads_its_own_writes_and_is_durable_only_at_its_commit() {
    let e = env();
    let pa = join(&e.referee, "leto@example.test", "Atréides", at(1));
    let pb = join(&e.referee, "vlad@example.test", "Harkonnen", at(1));
    take_outbox(&e.referee);
    let run = [
        (mail("leto@example.test", "ga1@example.test", "Ordres", &orders_body("Atréides", &pa, None, FOUNDERS), at(2)), at(2)),
        (mail("vlad@example.test", "gb1@example.test", "Ordres", &orders_body("Harkonnen", &pb, None, FOUNDERS), at(3)), at(3)),
        (mail("leto@example.test", "ga2@example.test", "Ordres", &orders_body("Atréides", &pa, None, &FOUNDERS[..3]), at(4)), at(4)),
    ];
    let meta_before = std::fs::read(game_dir(&e).join("game.json")).unwrap();
    let group = arbitre::store::Group::new();
    for (raw, t) in &run {
        let received = e.referee.receive(raw).unwrap();
        let out = group.enter(|| e.referee.handle_received(received, *t)).unwrap();
        assert!(matches!(out, Outcome::Answered { ref kind, .. } if kind == "ack"), "{out:?}");
    }
    let orders = game_dir(&e).join("turns/0000/orders");
    assert!(!orders.join("ATREIDES.json").exists() && !orders.join("HARKONNEN.json").exists(), "orders on disk before the commit");
    assert_eq!(std::fs::read(game_dir(&e).join("game.json")).unwrap(), meta_before, "game.json changed before the commit");
    assert!(e.referee.store.outbox().due(at(5)).unwrap().is_empty(), "a reply could be sent before the commit");
    group.commit().unwrap();
    let read = |f: &str| serde_json::from_slice::<serde_json::Value>(&std::fs::read(orders.join(f)).unwrap()).unwrap();
    assert_eq!(read("ATREIDES.json")["receipt_rank"], 2, "the later orders, third received");
    assert_eq!(read("ATREIDES.json")["message_id"], "ga2@example.test");
    assert_eq!(read("HARKONNEN.json")["receipt_rank"], 1);
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(game_dir(&e).join("game.json")).unwrap()).unwrap();
    assert_eq!(meta["receipts"], 3);
    let acks = take_outbox(&e.referee);
    assert_eq!(acks.len(), 3, "every acknowledgement queued once committed");
    assert!(acks.iter().any(|a| a.text.contains("3 ordre(s) accepté(s)")), "the replacing orders acknowledged");
}

#[test]
fn help_alone_in_a_blank_mail_gets_how_to_play_and_the_games() {
    let e = env();
    for (body, lang_word) in [("Bonjour,\n\nAIDE\n\n-- \nmoi\n", "Parties :"), ("help\n", "Games:")] {
        let raw = mail("new@example.test", &format!("{}@example.test", body.len()), "?", body, at(1));
        e.referee.handle_mail(&raw, at(1)).unwrap();
        let sent = take_outbox(&e.referee);
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, ["new@example.test"]);
        let t = &sent[0].text;
        assert!(!t.contains("aucun bloc") && !t.contains("no orders block"), "{t}");
        assert!(t.contains(lang_word) && t.contains("stellarium-1 (Stellarium, "), "the list of games: {t}");
    }
}

#[test]
fn help_with_the_game_alone_gets_the_rulesets_guide_and_nothing_of_a_family() {
    let e = env();
    join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("new@example.test", "h1@example.test", "Aide", &format!("PARTIE {GAME}\nAIDE\n"), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, ["new@example.test"]);
    let t = &sent[0].text;
    assert!(t.contains("LIEU <qui> <lieu>") && t.contains("LIEU Leto STELLARIUM"), "Stellarium's orders and an example: {t}");
    assert!(t.contains("INSCRIPTION <nom>"), "{t}");
    assert!(!t.contains("Atréides"), "nothing of a family: {t}");
    // A family named without its password: the same guide to the sender,
    // nothing to the family (no orders were given in its name).
    let raw = mail("new@example.test", "h1b@example.test", "Aide", &format!("PARTIE {GAME}\nFAMILLE Atréides\nAIDE\n"), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, ["new@example.test"]);
    assert!(sent[0].text.contains("LIEU <qui> <lieu>") && !sent[0].text.contains("REFUSÉ"), "{}", sent[0].text);
    // With the full header: the guide and the family's own form.
    let pw = {
        let raw = mail("paul@example.test", "j2@example.test", "Inscription", &format!("GAME {GAME}\nJOIN Corrino\n"), at(3));
        e.referee.handle_mail(&raw, at(3)).unwrap();
        password_in(&take_outbox(&e.referee)[0].text)
    };
    let raw = mail("paul@example.test", "h2@example.test", "Help", &format!("GAME {GAME}\nFAMILY Corrino\nPASSWORD {pw}\nHELP\n"), at(4));
    e.referee.handle_mail(&raw, at(4)).unwrap();
    let t = &take_outbox(&e.referee)[0].text;
    assert!(t.contains("LOCATION <who> <place>") && t.contains("FAMILY Corrino") && t.contains("PASSWORD ..."), "{t}");
}

#[test]
fn an_unchanged_form_password_placeholder_is_explained_not_taken_for_a_break_in() {
    let e = env();
    join(&e.referee, "leto@example.test", "Atréides", at(1));
    let raw = mail("leto@example.test", "ph@example.test", "Re: Rapport", &orders_body("Atréides", "...", None, FOUNDERS), at(2));
    e.referee.handle_mail(&raw, at(2)).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1);
    let t = &sent[0].text;
    assert!(t.contains("remplacez « ... » par votre mot de passe"), "{t}");
    assert!(!t.contains("quelqu'un a tenté"), "no break-in warning: {t}");
}

/// A registration flood (issue 25): a game takes at most `max_families`,
/// and one domain at most `registrations_per_domain` registrations a day;
/// beyond the latter nothing is mailed (the forged addresses would each get
/// a mail), the reason is logged.
#[test]
fn registrations_are_capped_per_game_and_per_domain() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = config_text("max_families = 3").replace("[[games]]", "[limits]\nregistrations_per_domain = 2\n\n[[games]]");
    std::fs::write(&path, text).unwrap();
    let r = arbitre::referee::Referee::new(arbitre::config::load(&path).unwrap(), templates()).unwrap();
    r.create_game(GAME, Some(42), t0()).unwrap();
    let register = |from: &str, name: &str, h: i64| {
        let raw = mail(from, &format!("join-{name}@x"), "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {name}\n"), at(h));
        let out = r.handle_mail(&raw, at(h)).unwrap();
        (out, take_outbox(&r))
    };
    for (from, name) in [("a@flood.test", "Alpha"), ("b@flood.test", "Beta")] {
        assert!(matches!(register(from, name, 1).0, Outcome::Answered { ref kind, .. } if kind == "welcome"));
    }
    // The third from the same domain that day: not answered, not registered.
    let (out, sent) = register("c@flood.test", "Gamma", 2);
    assert!(matches!(&out, Outcome::Silenced { reason } if reason.contains("registrations_per_domain")), "{out:?}");
    assert!(sent.is_empty());
    // Another domain: the third family; then the game is full.
    assert!(matches!(register("d@other.test", "Delta", 2).0, Outcome::Answered { ref kind, .. } if kind == "welcome"));
    let (out, sent) = register("e@third.test", "Epsilon", 3);
    assert!(matches!(&out, Outcome::Answered { kind, .. } if kind == "refusal-join"), "{out:?}");
    assert!(sent[0].text.contains("complète : 3 familles au plus"), "{}", sent[0].text);
    assert_eq!(r.read_meta(GAME).unwrap().unwrap().families.len(), 3);
    // A day later the domain may register again (were the game not full).
    let (out, _) = register("c@flood.test", "Gamma", 26);
    assert!(matches!(&out, Outcome::Answered { kind, .. } if kind == "refusal-join"), "{out:?}");
}

/// Issue 26: a mail without an order block from the address of a family
/// that reads English (a reply to a relayed message, a thank-you) is
/// answered in English, not in French.
#[test]
fn a_mail_without_orders_from_an_english_family_is_answered_in_english() {
    let e = env();
    let t = t0();
    let raw = mail("en@x.test", "join-en@x.test", "Join", &format!("GAME {GAME}\nJOIN Atreides\n"), t);
    e.referee.handle_mail(&raw, t).unwrap();
    take_outbox(&e.referee);
    let raw = mail("en@x.test", "reply-en@x.test", "Re: message from Harkonnen", "Thanks, agreed!\n\n> Shall we ally?\n", t);
    e.referee.handle_mail(&raw, t).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].text.starts_with("Hello,"), "{}", sent[0].text);
    // A stranger's such mail is still answered in French (the default).
    let raw = mail("who@x.test", "reply-who@x.test", "Re: hello", "Thanks!\n", t);
    e.referee.handle_mail(&raw, t).unwrap();
    assert!(take_outbox(&e.referee)[0].text.starts_with("Bonjour,"));
}

/// An English family's welcome prints its form with the English keywords
/// (orders.md §1), and the form sent back as it stands, the password filled
/// in, is accepted line by line.
#[test]
fn an_english_welcome_form_has_english_keywords_and_is_accepted_as_sent_back() {
    let e = env();
    let raw = mail("en@x.test", "join-en@x.test", "Join", &format!("GAME {GAME}\nJOIN Atreides\n"), at(1));
    e.referee.handle_mail(&raw, at(1)).unwrap();
    let sent = take_outbox(&e.referee);
    let w = sent[0].text.replace("\r\n", "\n");
    let start = w.find(&format!("GAME {GAME}\nFAMILY")).unwrap_or_else(|| panic!("{w}"));
    let form = &w[start..w[start..].find("\nEND\n").map(|i| start + i + 5).unwrap_or_else(|| panic!("{w}"))];
    assert!(form.contains("CHARACTER 1 ") && form.contains("PASSWORD "), "{form}");
    let french = ["PERSONNAGE", "PUBLICITE", "ENCHERE", "CANDIDAT", "JUGE", "GUERRIER", "MARCHAND", "PRETRE", "EXPLORATEUR", "H", "FIN"];
    let found: Vec<&str> = form.split(|c: char| !c.is_alphanumeric()).filter(|w| french.contains(w)).collect();
    assert!(found.is_empty(), "{found:?} in the English form:\n{form}");
    e.referee.handle_mail(&mail("en@x.test", "o-en@x.test", "Re: Join", form, at(2)), at(2)).unwrap();
    let ack = take_outbox(&e.referee).remove(0).text;
    assert!(!ack.contains("ERROR") && ack.matches("OK").count() >= 8, "{ack}");
}
