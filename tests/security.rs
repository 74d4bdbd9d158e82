//! Security of intake: what a hostile or careless sender can make the
//! referee do. Every refused message must leave every game file (game.json,
//! state snapshots, orders) byte-identical, say why (its outcome and the
//! reply's text), and mail only the registered address, never the sender
//! of a forged message nor a third party.
//!
//! The world (`tests/data/hostile/harness.rs`): game `stel` (Stellarium:
//! Atréides, Harkonnen, Corrino) and game `gal` (Galaxy: Orion, Vega, Lyra),
//! joined through real registration mails, turn 0 played, turn 1 open.

#[path = "data/hostile/harness.rs"]
mod harness;

use std::collections::BTreeMap;

use arbitre::games::galaxy::model::GalaxyState;
use arbitre::games::stellarium::model::{Pyramid, State as StelState};
use arbitre::mail::{decode, Limits};
use arbitre::referee::intake::Outcome;
use harness::*;
use jiff::{SignedDuration, Timestamp};

const EVIL: &str = "evil@attacker.test";
const VICTIM: &str = "victim@victim.test";

/// Sends `raw` at `now`; returns the outcome and the replies it queued
/// (outbox id → recipients).
fn send(w: &World, raw: &[u8], now: Timestamp) -> (Outcome, BTreeMap<String, Vec<String>>) {
    let before = w.outbox();
    let out = w.referee.handle_mail(raw, now).expect("handled without error");
    let new = w.outbox().into_iter().filter(|(id, _)| !before.contains_key(id)).collect();
    (out, new)
}

/// A plain mail from `from` with `body`, and a fresh Message-ID.
fn mail_from(w: &World, from: &str, body: &str) -> Vec<u8> {
    player_mail(from, "Joueur", &w.next_id("sec"), "Ordres", body, w.now)
}

/// A raw mail with extra headers (Reply-To, Sender…).
fn raw_mail(headers: &[(&str, &str)], body: &str) -> Vec<u8> {
    let mut s = String::new();
    for (k, v) in headers {
        s.push_str(&format!("{k}: {v}\r\n"));
    }
    s.push_str("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n");
    s.push_str(&body.replace('\n', "\r\n"));
    s.into_bytes()
}

fn orders_body(f: &Family, password: Option<&str>, lines: &[String]) -> String {
    let mut b = format!("PARTIE {}\nFAMILLE {}\n", f.game, f.name);
    if let Some(p) = password {
        b.push_str(&format!("MOTDEPASSE {p}\n"));
    }
    for l in lines {
        b.push_str(l);
        b.push('\n');
    }
    b.push_str("FIN\n");
    b
}

/// The decoded text of a queued reply.
fn text_of(w: &World, id: &str) -> String {
    let raw = w.referee.store.outbox().raw(id).expect("outbox").expect("queued");
    decode(&raw, &Limits::default()).expect("reply decodes").text
}

/// The only reply queued, which must go to `to` alone.
fn only_reply_to(w: &World, new: &BTreeMap<String, Vec<String>>, to: &str) -> String {
    assert_eq!(new.len(), 1, "exactly one reply expected: {new:?}");
    let (id, rcpts) = new.iter().next().expect("one");
    assert_eq!(rcpts, &vec![to.to_string()], "reply {id} must go to {to} only");
    text_of(w, id)
}

/// `n` hours and a minute after the world's `now` (one refusal of
/// authentication an hour is mailed to a family).
fn an_hour_later(w: &World, n: usize) -> Timestamp {
    w.now.checked_add(SignedDuration::from_mins(61 * n as i64)).expect("time")
}

fn answered(o: &Outcome) -> (&str, &str) {
    match o {
        Outcome::Answered { kind, to, .. } => (kind.as_str(), to.as_str()),
        other => panic!("expected an answer, got {other:?}"),
    }
}

/// First names of `family`'s characters in the open turn (from its form).
fn first_names(w: &World, game: &str, family: &str) -> Vec<String> {
    let g = w.referee.open_game(game).expect("open");
    g.engine
        .order_form(&g.state, &family.to_string())
        .expect("form")
        .into_iter()
        .filter_map(|l| {
            let mut t = l.text.split_whitespace();
            (t.next() == Some("LIEU")).then(|| t.next().map(str::to_string)).flatten()
        })
        .collect()
}

fn stel_state(w: &World) -> StelState {
    let g = w.referee.open_game(STEL).expect("open");
    let bytes = g.dir.read_state(g.meta.turn).expect("read").expect("state");
    serde_json::from_slice(&bytes).expect("stellarium state")
}

fn gal_state(w: &World) -> GalaxyState {
    let g = w.referee.open_game(GAL).expect("open");
    let bytes = g.dir.read_state(g.meta.turn).expect("read").expect("state");
    serde_json::from_slice(&bytes).expect("galaxy state")
}

fn valid_lines(w: &World, f: &Family) -> Vec<String> {
    first_names(w, &f.game, &f.key).into_iter().map(|n| format!("LIEU {n} STELLARIUM")).collect()
}

// ------------------------------------------------------------ authentication

#[test]
fn spoofed_from_with_the_right_password_is_refused_to_the_registered_address_only() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let raw = mail_from(&w, EVIL, &orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto)));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    assert!(w.game_files() == before, "a refused message changed game files");
    let text = only_reply_to(&w, &new, &leto.address);
    assert!(text.contains("REFUSÉ") && text.contains(EVIL) && text.contains("pas l'adresse enregistrée"), "{text}");
}

#[test]
fn spoofed_from_without_the_password_is_refused_to_the_registered_address_only() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let raw = mail_from(&w, EVIL, &orders_body(&leto, None, &valid_lines(&w, &leto)));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    assert!(w.game_files() == before);
    let text = only_reply_to(&w, &new, &leto.address);
    assert!(text.contains("pas l'adresse enregistrée"), "{text}");
}

#[test]
fn wrong_password_from_the_registered_address_changes_nothing() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let vlad = w.family(STEL, "HARKONNEN").clone();
    let before = w.game_files();
    let cases = [(Some("mauvais"), "mot de passe était faux"), (Some(vlad.password.as_str()), "mot de passe était faux"), (None, "MOTDEPASSE")];
    for (i, (pw, why)) in cases.into_iter().enumerate() {
        // An hour apart: within the hour only the first refusal is mailed.
        let raw = mail_from(&w, &leto.address, &orders_body(&leto, pw, &valid_lines(&w, &leto)));
        let (out, new) = send(&w, &raw, an_hour_later(&w, i));
        assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
        let text = only_reply_to(&w, &new, &leto.address);
        assert!(text.contains(why), "{pw:?}: {text}");
        assert!(w.game_files() == before, "{pw:?} changed game files");
    }
}

#[test]
fn another_familys_password_from_its_address_cannot_order_for_this_family() {
    // The Harkonnen player, from his own address with his own password,
    // writes FAMILLE Atréides.
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let vlad = w.family(STEL, "HARKONNEN").clone();
    let before = w.game_files();
    let raw = mail_from(&w, &vlad.address, &orders_body(&leto, Some(&vlad.password), &valid_lines(&w, &leto)));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    only_reply_to(&w, &new, &leto.address);
    assert!(w.game_files() == before);
}

#[test]
fn two_from_headers_are_refused_not_the_last_one_used() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let body = orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto));
    let both = format!("{EVIL}, {}", leto.address);
    for (i, from) in [vec![EVIL, leto.address.as_str()], vec![both.as_str()]].into_iter().enumerate() {
        let mut headers: Vec<(&str, &str)> = from.iter().map(|f| ("From", *f)).collect();
        let id = format!("<{}>", w.next_id("twofrom"));
        headers.extend([("To", REFEREE), ("Subject", "Ordres"), ("Message-ID", id.as_str()), ("Date", "Mon, 05 Jan 2026 10:00:00 +0000")]);
        let (out, new) = send(&w, &raw_mail(&headers, &body), an_hour_later(&w, i));
        assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()), "{from:?}");
        let text = only_reply_to(&w, &new, &leto.address);
        assert!(text.contains("plusieurs adresses d'expéditeur"), "{text}");
        assert!(w.game_files() == before, "{from:?}: orders with two From were taken");
    }
    // Naming no family: nobody to answer, the reason is logged.
    let headers = [("From", EVIL), ("From", VICTIM), ("Subject", "Inscription"), ("Message-ID", "<twofrom-join@x>")];
    let (out, new) = send(&w, &raw_mail(&headers, "PARTIE stel\nINSCRIPTION Fenring\n"), w.now);
    assert!(matches!(&out, Outcome::Silenced { reason } if reason.contains("2 From addresses")), "{out:?}");
    assert!(new.is_empty());
    assert!(w.game_files() == before, "a registration with two From was taken");
}

#[test]
fn two_hundred_wrong_passwords_send_one_refusal_an_hour() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let mut refusals = 0;
    let mut at = w.now;
    for i in 0..200 {
        let raw = mail_from(&w, EVIL, &orders_body(&leto, Some(&format!("guess-{i}")), &valid_lines(&w, &leto)));
        let (out, new) = send(&w, &raw, at);
        match out {
            Outcome::Answered { kind, to, .. } => {
                assert_eq!((kind.as_str(), to.as_str()), ("refusal-auth", leto.address.as_str()));
                refusals += new.len();
            }
            Outcome::Silenced { reason } => {
                assert!(reason.contains("less than an hour ago"), "{reason}");
                assert!(new.is_empty());
            }
            other => panic!("{other:?}"),
        }
        at = at.checked_add(SignedDuration::from_secs(10)).expect("time");
    }
    // 200 guesses 10 s apart: 33 minutes, one refusal.
    assert_eq!(refusals, 1, "the victim got {refusals} refusals for 200 guesses");
    // An hour after the refusal, the next guess is reported again.
    let later = w.now.checked_add(SignedDuration::from_mins(61)).expect("time");
    let raw = mail_from(&w, EVIL, &orders_body(&leto, Some("again"), &valid_lines(&w, &leto)));
    assert_eq!(answered(&send(&w, &raw, later).0).0, "refusal-auth");
    assert!(w.game_files() == before, "refusals changed game files");
}

#[test]
fn the_order_check_shows_the_refusal_even_within_the_hour_of_one_mailed() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some("faux"), &valid_lines(&w, &leto)));
    assert_eq!(answered(&send(&w, &raw, w.now).0).0, "refusal-auth");
    // The player pastes another try in the box of the private page.
    let again = mail_from(&w, &leto.address, &orders_body(&leto, Some("faux-encore"), &valid_lines(&w, &leto)));
    let checked = w.referee.check_message(STEL, &again, w.now).expect("checked");
    assert_eq!(answered(&checked.outcome).0, "refusal-auth");
    assert_eq!(checked.replies.len(), 1);
}

#[test]
fn a_trusted_dmarc_failure_with_a_rejecting_policy_is_refused_even_with_the_password() {
    let mut w = World::new(true);
    w.referee.config.auth.trusted_authserv_id = Some("mx.referee.test".into());
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let body = orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto));
    let result = |r: &str| format!("mx.referee.test; spf=fail smtp.mailfrom=players.test; {r} header.from=players.test");
    let mail = |ar: &str, tag: &str| {
        let id = format!("<{}>", w.next_id(tag));
        raw_mail(&[("Authentication-Results", ar), ("From", &leto.address), ("Subject", "Ordres"), ("Message-ID", &id)], &body)
    };
    let (out, new) = send(&w, &mail(&result("dmarc=fail (p=reject dis=none)"), "dmarc"), w.now);
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    assert!(only_reply_to(&w, &new, &leto.address).contains("DMARC"));
    assert!(w.game_files() == before, "orders failing DMARC were taken");
    // A registration failing so is not answered: its From may be a victim's.
    let id = "<dmarc-join@players.test>";
    let join = raw_mail(&[("Authentication-Results", &result("dmarc=fail policy.published-domain-policy=reject")), ("From", VICTIM), ("Message-ID", id)], "PARTIE stel\nINSCRIPTION Fenring\n");
    let (out, new) = send(&w, &join, w.now);
    assert!(matches!(&out, Outcome::Silenced { reason } if reason.contains("DMARC")), "{out:?}");
    assert!(new.is_empty());
    // A header written by anyone else, or a policy that is not reject, is no reason.
    let forged = result("dmarc=fail (p=reject)").replace("mx.referee.test", "mx.attacker.test");
    assert_eq!(answered(&send(&w, &mail(&forged, "other"), w.now).0).0, "ack");
    assert_eq!(answered(&send(&w, &mail(&result("dmarc=fail (p=quarantine)"), "quar"), w.now).0).0, "ack");
}

#[test]
fn a_five_megabyte_references_header_is_not_reflected_to_a_stranger() {
    let w = World::new(false);
    let refs: Vec<String> = (0..105_000).map(|i| format!("<ref-{i:06}-padding-padding-padding@evil.test>")).collect();
    let refs = refs.join("\r\n ");
    assert!(refs.len() > 5_000_000, "{}", refs.len());
    let subject = "S".repeat(100_000);
    let long_id = format!("<{}@evil.test>", "i".repeat(5_000));
    let headers = [("From", EVIL), ("Subject", subject.as_str()), ("Message-ID", long_id.as_str()), ("References", refs.as_str()), ("In-Reply-To", "<ref-000001-padding-padding-padding@evil.test>")];
    let (out, new) = send(&w, &raw_mail(&headers, "Bonjour"), w.now);
    assert_eq!(answered(&out), ("no-orders", EVIL));
    let id = new.keys().next().expect("a reply");
    let raw = w.referee.store.outbox().raw(id).expect("outbox").expect("queued");
    assert!(raw.len() < 20_000, "the reply to a stranger is {} bytes", raw.len());
    let reply = decode(&raw, &Limits::default()).expect("decodes");
    assert!(reply.references.len() <= 10 && reply.subject.chars().count() < 300, "{:?} {}", reply.references.len(), reply.subject.len());
    assert_eq!(reply.references.first().map(String::as_str), Some("ref-000000-padding-padding-padding@evil.test"), "the thread's root is kept");
    assert_eq!(reply.in_reply_to, None, "a 5,000-byte Message-ID is not repeated");
}

#[test]
fn a_family_name_confusable_with_a_registered_one_is_refused_at_registration() {
    let w = World::new(false);
    let before = w.game_files();
    // "Atreіdes" with a Cyrillic і, beside the registered "Atréides".
    let raw = mail_from(&w, EVIL, "PARTIE stel\nINSCRIPTION Atre\u{456}des\n");
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-join", EVIL));
    let text = only_reply_to(&w, &new, EVIL);
    assert!(text.contains("se confond") && text.contains("Atréides"), "{text}");
    assert!(w.game_files() == before, "a confusable family was registered");
}

// ------------------------------------------------------------------ replays

#[test]
fn replay_of_an_accepted_message_is_a_duplicate_without_a_second_ack() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto)));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", leto.address.as_str()));
    assert_eq!(new.len(), 1);
    let files = w.game_files();
    let outbox = w.outbox();
    // The same bytes again, then again a minute later with a new Received line.
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(out, Outcome::Duplicate);
    assert!(new.is_empty());
    let mut relayed = b"Received: from mx2.players.test by mx.referee.test; Mon, 19 Jan 2026 10:00:00 +0000\r\n".to_vec();
    relayed.extend_from_slice(&raw);
    let later = w.now.checked_add(SignedDuration::from_mins(1)).expect("time");
    let (out, new) = send(&w, &relayed, later);
    assert_eq!(out, Outcome::Duplicate);
    assert!(new.is_empty());
    assert!(w.game_files() == files, "a replay changed game files");
    assert_eq!(w.outbox(), outbox);
}

#[test]
fn a_message_id_taken_first_by_a_stranger_does_not_drop_the_players_orders() {
    // The attacker guesses the Message-ID the player's client will give his
    // next mail and sends a mail of his own under it first.
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let id = w.next_id("predicted");
    let forged = player_mail(EVIL, "Evil", &id, "Ordres", &orders_body(&leto, None, &valid_lines(&w, &leto)), w.now);
    assert_eq!(answered(&send(&w, &forged, w.now).0), ("refusal-auth", leto.address.as_str()));
    let raw = player_mail(&leto.address, "Leto", &id, "Ordres", &orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto)), w.now);
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", leto.address.as_str()), "the player's orders were dropped as a duplicate");
    assert_eq!(new.len(), 1);
    // The player's own mail delivered again is still one message.
    assert_eq!(send(&w, &raw, w.now).0, Outcome::Duplicate);
}

#[test]
fn same_body_with_a_new_message_id_after_the_deadline_is_refused_late() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let body = orders_body(&leto, Some(&leto.password), &valid_lines(&w, &leto));
    let raw = mail_from(&w, &leto.address, &body);
    assert_eq!(answered(&send(&w, &raw, w.now).0).0, "ack");
    let files = w.game_files();
    let deadline = w.referee.open_game(STEL).expect("open").meta.deadline.expect("deadline");
    let late = deadline.checked_add(SignedDuration::from_mins(1)).expect("time");
    let again = player_mail(&leto.address, "Leto", &w.next_id("late"), "Ordres", &body, late);
    let (out, new) = send(&w, &again, late);
    assert_eq!(answered(&out), ("refusal-late", leto.address.as_str()));
    let text = only_reply_to(&w, &new, &leto.address);
    assert!(text.contains("tour 2") || text.contains("2"), "{text}");
    assert!(w.game_files() == files, "a late message changed game files");
}

#[test]
fn stale_turn_is_refused_whole() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let mut lines = vec!["TOUR 0".to_string()];
    lines.extend(valid_lines(&w, &leto));
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &lines));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-stale", leto.address.as_str()));
    let text = only_reply_to(&w, &new, &leto.address);
    assert!(text.contains('0') && text.contains('1'), "{text}");
    assert!(w.game_files() == before);
}

// ------------------------------------------------- orders beyond one's own

#[test]
fn orders_for_another_familys_characters_are_rejected_lines() {
    let w = World::new(true);
    let vlad = w.family(STEL, "HARKONNEN").clone();
    let mine = first_names(&w, STEL, "HARKONNEN");
    let theirs = first_names(&w, STEL, "ATREIDES");
    assert!(!theirs.is_empty());
    let before = w.game_files();
    // `Name/Family` names another family's character; a bare first name is
    // one's own, so it is tried only where the Harkonnen have no such name.
    let mut lines: Vec<String> = theirs
        .iter()
        .take(4)
        .flat_map(|n| [format!("LIEU {n}/Atréides STELLARIUM"), format!("FORMATION {n}/Atréides GUERRIER"), format!("NAISSANCES {n}/Atréides NON")])
        .collect();
    lines.extend(theirs.iter().filter(|n| !mine.contains(n)).map(|n| format!("LIEU {n} FLOTTE 1")));
    let raw = mail_from(&w, &vlad.address, &orders_body(&vlad, Some(&vlad.password), &lines));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", vlad.address.as_str()));
    let text = only_reply_to(&w, &new, &vlad.address);
    assert!(text.contains(&format!("0 ordre(s) accepté(s), {} refusé(s)", lines.len())), "{text}");
    assert_eq!(text.matches("ERREUR").count(), lines.len(), "{text}");
    assert!(w.game_files() == before, "rejected lines changed game files");
}

#[test]
fn powers_the_family_does_not_hold_are_rejected_lines() {
    let w = World::new(true);
    let s = stel_state(&w);
    let heads: Vec<Option<String>> = Pyramid::ALL.iter().map(|p| s.head_family(*p).cloned()).collect();
    let powers = [
        "EMPEREUR GUERRE",
        "ARCHIPAPE PARDON Adrien",
        "GENERAL STRATEGIE OFFENSIVE",
        "COMMANDEUR INTERDIRE \"Nef\"",
        "MAITRE INTERDIRE-BOURSE Corrino",
    ];
    let mut checked = 0;
    for key in ["ATREIDES", "HARKONNEN", "CORRINO"] {
        let f = w.family(STEL, key).clone();
        let lines: Vec<String> =
            powers.iter().zip(&heads).filter(|(_, h)| h.as_deref() != Some(key)).map(|(p, _)| p.to_string()).collect();
        if lines.is_empty() {
            continue;
        }
        let before = w.game_files();
        let raw = mail_from(&w, &f.address, &orders_body(&f, Some(&f.password), &lines));
        let (out, new) = send(&w, &raw, w.now);
        assert_eq!(answered(&out), ("ack", f.address.as_str()));
        let text = only_reply_to(&w, &new, &f.address);
        assert!(text.contains(&format!("0 ordre(s) accepté(s), {} refusé(s)", lines.len())), "{key}: {text}");
        assert!(w.game_files() == before);
        checked += lines.len();
    }
    assert!(checked >= 10, "only {checked} power lines checked (heads {heads:?})");
}

#[test]
fn galaxy_fleets_and_stars_not_owned_are_rejected_lines() {
    let w = World::new(true);
    let orion = w.family(GAL, "ORION").clone();
    let s = gal_state(&w);
    let me = &s.players["ORION"];
    let missing_fleet = (1..=9u8).find(|n| !me.fleets.contains_key(n)).expect("a fleet number Orion lacks");
    let vega = &s.players["VEGA"];
    let vega_base = &s.stars[vega.base];
    assert_eq!(vega_base.owner.as_deref(), Some("VEGA"));
    let rel = s.torus.rel(me.origin, vega_base.pos).label();
    let lines = vec![
        format!("DEPLACER F{missing_fleet} +1+1"),
        format!("ATTAQUER F{missing_fleet} FLOTTE"),
        format!("DEFENSE {} 5", vega_base.name),
        format!("DEFENSE {rel} 5"),
        format!("CONSTRUIRE F{missing_fleet} 1P 0C 0N {rel}"),
        format!("CHANGER {rel} RADAR"),
    ];
    let before = w.game_files();
    let raw = mail_from(&w, &orion.address, &orders_body(&orion, Some(&orion.password), &lines));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", orion.address.as_str()));
    let text = only_reply_to(&w, &new, &orion.address);
    assert!(text.contains(&format!("0 ordre(s) accepté(s), {} refusé(s)", lines.len())), "{text}");
    assert!(w.game_files() == before);
}

// ---------------------------------------------------- mail to third parties

#[test]
fn reply_to_and_a_forged_from_never_get_mail() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    // A third party's address as From, the attacker's as Reply-To and Sender.
    let body = orders_body(&leto, Some("devine"), &valid_lines(&w, &leto));
    let id = format!("<{}>", w.next_id("rt"));
    let raw = raw_mail(&[("From", VICTIM), ("Reply-To", EVIL), ("Sender", EVIL), ("Errors-To", EVIL), ("To", REFEREE), ("Subject", "x"), ("Message-ID", &id)], &body);
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    only_reply_to(&w, &new, &leto.address);
    // The registered address as Reply-To of the attacker's mail: no effect.
    let id = format!("<{}>", w.next_id("rt"));
    let raw = raw_mail(&[("From", EVIL), ("Reply-To", &leto.address), ("To", REFEREE), ("Subject", "x"), ("Message-ID", &id)], &body);
    let (out, new) = send(&w, &raw, an_hour_later(&w, 1));
    assert_eq!(answered(&out), ("refusal-auth", leto.address.as_str()));
    only_reply_to(&w, &new, &leto.address);
    // A mail naming no family is answered at its From only, never Reply-To.
    let id = format!("<{}>", w.next_id("rt"));
    let raw = raw_mail(&[("From", EVIL), ("Reply-To", VICTIM), ("Cc", VICTIM), ("To", &format!("{REFEREE}, {VICTIM}")), ("Subject", "x"), ("Message-ID", &id)], "bonjour");
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("no-orders", EVIL));
    only_reply_to(&w, &new, EVIL);
    assert!(w.game_files() == before);
    assert!(w.outbox().values().flatten().all(|r| r != VICTIM));
}

#[test]
fn relay_to_an_unknown_family_is_not_sent_and_says_so() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let before = w.game_files();
    let lines: Vec<String> = [
        "MESSAGE Fremen",
        "Alliance ?",
        "FINMESSAGE",
        // A family of the other game, and an address in place of a name.
        "MESSAGE Orion",
        "bonjour",
        "FINMESSAGE",
        "MESSAGE victim@victim.test",
        "bonjour",
        "FINMESSAGE",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &lines));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", leto.address.as_str()));
    let text = only_reply_to(&w, &new, &leto.address);
    for n in ["Fremen", "Orion", "victim@victim.test"] {
        assert!(text.contains(&format!("aucune famille active ne s'appelle « {n} »")), "{n}: {text}");
    }
    assert!(w.game_files() == before);
}

#[test]
fn relay_to_a_known_family_goes_to_its_registered_address_only() {
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let vlad = w.family(STEL, "HARKONNEN").clone();
    let lines: Vec<String> = ["MESSAGE Harkonnen ANONYME", "Bcc: victim@victim.test", "FINMESSAGE"].iter().map(|s| s.to_string()).collect();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &lines));
    let (_, new) = send(&w, &raw, w.now);
    let relays: Vec<_> = new.iter().filter(|(id, _)| id.starts_with("relay-")).collect();
    assert_eq!(relays.len(), 1, "{new:?}");
    assert_eq!(relays[0].1, &vec![vlad.address.clone()]);
    let raw = w.referee.store.outbox().raw(relays[0].0).expect("outbox").expect("relay");
    let m = mail_parser::MessageParser::default().parse(&raw[..]).expect("parses");
    assert!(m.headers_raw().all(|(h, _)| !h.eq_ignore_ascii_case("bcc")));
    let text = decode(&raw, &Limits::default()).expect("decodes").text;
    assert!(!text.contains("Atréides"), "anonymous relay names its sender: {text}");
}

#[test]
fn anonymous_press_names_no_player_in_any_header_and_leaves_at_the_hour() {
    // Regression (#25): `MESSAGE TOUS ANONYME` went out as one mail `To:`
    // every other family, at once: each recipient saw every other player's
    // address, and the sender was the one live family missing from the list
    // (and the one whose status had just changed on the game page).
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let others: Vec<String> = w.registered_addresses().into_iter().filter(|a| *a != leto.address).collect();
    let lines: Vec<String> = ["MESSAGE TOUS ANONYME", "Le Landsraad ment.", "FINMESSAGE"].iter().map(|s| s.to_string()).collect();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &lines));
    let (_, new) = send(&w, &raw, w.now);
    let relays: Vec<_> = new.iter().filter(|(id, _)| id.starts_with("relay-")).collect();
    let stel_others: Vec<String> = w.families[STEL].values().filter(|f| f.key != leto.key).map(|f| f.address.clone()).collect();
    assert_eq!(relays.len(), stel_others.len(), "one mail per recipient: {new:?}");
    let release = w.referee.anonymous_release(w.now);
    assert!(release > w.now && release.as_millisecond() % 3_600_000 == 0, "on the next hour: {release}");
    let mut sizes = Vec::new();
    for (id, rcpts) in &relays {
        assert_eq!(rcpts.len(), 1, "{id}: {rcpts:?}");
        let raw = w.referee.store.outbox().raw(id).expect("outbox").expect("relay");
        let m = mail_parser::MessageParser::default().parse(&raw[..]).expect("parses");
        for (name, value) in m.headers_raw() {
            assert!(!value.contains(&leto.address), "{id}: the sender's address in {name}: {value}");
            for a in others.iter().filter(|a| **a != rcpts[0]) {
                assert!(!value.contains(a.as_str()), "{id}: another player's address {a} in {name}: {value}");
            }
        }
        let date = m.date().expect("dated").to_timestamp();
        assert_eq!(date, release.as_second(), "{id}: dated at its release, not at the sender's mail");
        let (_, meta) = w.referee.store.outbox().get(id).expect("outbox").expect("queued");
        assert_eq!(meta.next_attempt, Some(release), "{id}: held until the release");
        assert!(w.referee.store.outbox().due(w.now).expect("due").iter().all(|i| i.id() != id.as_str()), "{id}: not due before the release");
        let text = decode(&raw, &Limits::default()).expect("decodes").text;
        assert!(!text.contains("Atréides") && text.contains("Le Landsraad ment."), "{text}");
        sizes.push(raw.len() - rcpts[0].len());
    }
    assert!(sizes.windows(2).all(|p| p[0] == p[1]), "the same size for every recipient but the address: {sizes:?}");
}

#[test]
fn a_flood_of_messages_is_relayed_at_most_max_relays_per_mail_times() {
    // Regression: 10,000 `MESSAGE Harkonnen … FINMESSAGE` in one mail queued
    // 10,000 mails to the Harkonnen player (mail bombing through the referee).
    use arbitre::referee::intake::MAX_RELAYS_PER_MAIL;
    let w = World::new(true);
    let leto = w.family(STEL, "ATREIDES").clone();
    let vlad = w.family(STEL, "HARKONNEN").clone();
    let n = MAX_RELAYS_PER_MAIL + 30;
    let lines: Vec<String> = (0..n).flat_map(|i| ["MESSAGE Harkonnen".to_string(), format!("message {i}"), "FINMESSAGE".to_string()]).collect();
    let raw = mail_from(&w, &leto.address, &orders_body(&leto, Some(&leto.password), &lines));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("ack", leto.address.as_str()));
    let relays: Vec<_> = new.iter().filter(|(id, _)| id.starts_with("relay-")).collect();
    assert_eq!(relays.len(), MAX_RELAYS_PER_MAIL);
    assert!(relays.iter().all(|(_, r)| **r == vec![vlad.address.clone()]));
    let ack = new.keys().find(|id| id.starts_with("ack-")).expect("ack");
    let text = text_of(&w, ack);
    assert_eq!(text.matches(&format!("non transmis (au plus {MAX_RELAYS_PER_MAIL} messages")).count(), n - MAX_RELAYS_PER_MAIL, "{text}");
}

// ------------------------------------------------------------ registration

#[test]
fn header_injection_in_family_names_at_registration_is_refused() {
    let w = World::new(false);
    let meta_before = w.game_files();
    for (i, body) in [
        "PARTIE stel\nINSCRIPTION Maison\u{2028}Bcc: victim@victim.test\n",
        "PARTIE stel\nINSCRIPTION Maison\u{85}Bcc: victim@victim.test\n",
        "PARTIE stel\nINSCRIPTION <victim@victim.test>\n",
        "PARTIE stel\nINSCRIPTION \"Maison\r\nBcc: victim@victim.test\"\n",
        "PARTIE stel\nINSCRIPTION Maison{{ password }}\n",
    ]
    .iter()
    .enumerate()
    {
        let from = format!("joiner{i}@players.test");
        let raw = raw_mail(&[("From", &from), ("To", REFEREE), ("Subject", "Inscription"), ("Message-ID", &format!("<inj-{i}@players.test>"))], body);
        let (out, new) = send(&w, &raw, w.now);
        let (kind, to) = answered(&out);
        assert_eq!(to, from);
        for (id, rcpts) in &new {
            assert_eq!(rcpts, &vec![from.clone()], "{id}");
            let raw = w.referee.store.outbox().raw(id).expect("outbox").expect("reply");
            let m = mail_parser::MessageParser::default().parse(&raw[..]).expect("parses");
            assert!(m.headers_raw().all(|(h, _)| !h.eq_ignore_ascii_case("bcc") && !h.eq_ignore_ascii_case("cc")), "{id}");
        }
        // A name cut at the line break may register ("Maison"), never with
        // a header in it.
        if kind == "welcome" {
            let meta = w.referee.read_meta(STEL).expect("meta").expect("game");
            assert!(meta.families.values().all(|f| !f.name.contains(['\r', '\n', ':', '<', '{', '\u{2028}', '\u{85}'])), "{:?}", meta.families);
        } else {
            assert_eq!(kind, "refusal-join", "{body:?}");
        }
    }
    let _ = meta_before;
}

#[test]
fn family_name_too_long_for_a_file_name_is_refused_at_registration() {
    // Regression: 40 CJK letters passed the name check, but their key is
    // 360 bytes once encoded for a file name, so every later orders mail of
    // the family failed with a store error (retried forever) and the turn
    // could not be adjudicated (its reports folder could not be named).
    let w = World::new(false);
    let before = w.game_files();
    let name = "北京".repeat(20);
    let raw = mail_from(&w, "far@players.test", &format!("PARTIE stel\nINSCRIPTION {name}\n"));
    let (out, new) = send(&w, &raw, w.now);
    assert_eq!(answered(&out), ("refusal-join", "far@players.test"));
    let text = only_reply_to(&w, &new, "far@players.test");
    assert!(text.contains("n'a pas été acceptée"), "{text}");
    assert!(w.game_files() == before);
    // 40 letters of two bytes still fit, and the family can play.
    let name = "Дмитрийович".repeat(4).chars().take(40).collect::<String>();
    let raw = mail_from(&w, "dmitri@players.test", &format!("PARTIE stel\nINSCRIPTION {name}\n"));
    assert_eq!(answered(&send(&w, &raw, w.now).0).0, "welcome");
    let key = arbitre::text::key(&name);
    assert!(arbitre::store::family_file_name(&key).is_ok());
}

#[test]
fn from_address_that_cannot_be_answered_is_silenced_and_registers_nothing() {
    // Regression: a From lettre cannot write (a 10,000-byte domain, a
    // source route, a quoted local part with a line break) registered a
    // family whose welcome mail could never be composed.
    let w = World::new(false);
    let before = w.game_files();
    let long = format!("leto@{}test", "d.".repeat(5000));
    for (i, from) in [long.as_str(), "<@victim.test:evil@attacker.test>", "<\"evil\r\n Bcc: victim@victim.test\"@attacker.test>"].iter().enumerate() {
        let raw = raw_mail(&[("From", from), ("To", REFEREE), ("Subject", "x"), ("Message-ID", &format!("<unanswerable-{i}@x>"))], "PARTIE stel\nINSCRIPTION Fantome\n");
        let (out, new) = send(&w, &raw, w.now);
        assert!(matches!(&out, Outcome::Silenced { reason } if reason.contains("cannot be answered")), "{from}: {out:?}");
        assert!(new.is_empty());
    }
    assert!(w.game_files() == before, "an unanswerable From registered a family");
}
