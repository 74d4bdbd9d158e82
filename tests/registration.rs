//! Registration that a stranger cannot abuse (#25; `referee::join`): a
//! request holds no seat until its address confirms it; a forged sender
//! gets one small mail; floods from one address or one domain are bounded;
//! only the asking address can confirm; `max_families` is kept.
//!
//! Before #25 one outsider registered 1,000 families from made-up addresses
//! in 14 s, each 331-byte request drawing a 104 KB welcome to whoever's
//! address was forged, and 16 forged requests filled a Galaxy game.

mod support;

use arbitre::referee::intake::Outcome;
use arbitre::referee::join::{CONFIRM_WITHIN, PER_DOMAIN};
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::*;

/// A game whose registrations must be confirmed (the default), with `extra`
/// settings in its table.
fn confirming(extra: &str) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = config_text(extra).replace("registration_confirm = false", "registration_confirm = true");
    std::fs::write(&path, text).unwrap();
    let referee = Referee::new(arbitre::config::load(&path).unwrap(), templates()).unwrap();
    referee.create_game(GAME, Some(42), t0()).unwrap();
    Env { dir, referee }
}

fn ask(r: &Referee, address: &str, family: &str, id: &str, at: Timestamp) -> Outcome {
    let raw = mail(address, id, "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {family}\n"), at);
    r.handle_mail(&raw, at).unwrap()
}

/// The confirmation line of a confirmation mail.
fn code_line(text: &str) -> String {
    text.lines().find(|l| l.starts_with("INSCRIPTION ") && l.contains(" CODE ")).expect("a confirmation line").to_string()
}

fn families(r: &Referee) -> usize {
    r.read_meta(GAME).unwrap().unwrap().families.len()
}

#[test]
fn a_forged_request_takes_no_seat_and_its_address_gets_one_small_mail() {
    let e = confirming("");
    let r = &e.referee;
    // A hundred requests in the victim's name, each for another family.
    for i in 0..100 {
        ask(r, "victim@victim.test", &format!("Maison {i}"), &format!("forged-{i}@evil.test"), t0());
    }
    let sent = take_outbox(r);
    assert_eq!(sent.len(), 1, "one confirmation mail, not a hundred: {:?}", sent.iter().map(|s| &s.id).collect::<Vec<_>>());
    assert_eq!(sent[0].to, vec!["victim@victim.test".to_string()]);
    let raw = r.store.outbox().raw(&sent[0].id).unwrap().unwrap();
    assert!(raw.len() < 4096, "a small mail ({} bytes), no rules, no form", raw.len());
    assert!(sent[0].attachments.is_empty() && !sent[0].text.contains("MOTDEPASSE"), "{}", sent[0].text);
    assert_eq!(families(r), 0, "no seat taken");
    // An hour later the victim is asked again at most once more.
    let later = t0() + SignedDuration::from_mins(61);
    for i in 0..20 {
        ask(r, "victim@victim.test", &format!("Autre {i}"), &format!("forged-late-{i}@evil.test"), later);
    }
    assert_eq!(take_outbox(r).len(), 1);
}

#[test]
fn forged_requests_from_one_domain_are_bounded_and_fill_nothing() {
    let e = confirming("");
    let r = &e.referee;
    let silenced = (0..50)
        .map(|i| ask(r, &format!("p{i}@big.test"), &format!("Maison {i}"), &format!("d-{i}@evil.test"), t0()))
        .filter(|o| matches!(o, Outcome::Silenced { .. }))
        .count();
    assert_eq!(take_outbox(r).len(), PER_DOMAIN);
    assert_eq!(silenced, 50 - PER_DOMAIN, "the others are not answered (a logged reason)");
    assert_eq!(families(r), 0);
    // A real player from another domain still registers.
    ask(r, "leto@caladan.test", "Atréides", "real@caladan.test", t0());
    let confirm = take_outbox(r);
    assert_eq!(confirm.len(), 1);
    let line = code_line(&confirm[0].text);
    let raw = mail("leto@caladan.test", "real-2@caladan.test", "Re: Inscription", &format!("Oui.\n\n> PARTIE {GAME}\n> {line}\n"), t0());
    r.handle_mail(&raw, t0()).unwrap();
    let welcome = take_outbox(r);
    assert!(welcome.iter().any(|s| s.text.contains("Bienvenue")), "{welcome:?}");
    assert_eq!(families(r), 1);
}

#[test]
fn only_the_asking_address_confirms_and_a_plain_reply_does() {
    let e = confirming("");
    let r = &e.referee;
    ask(r, "leto@caladan.test", "Atréides", "j1@caladan.test", t0());
    let text = take_outbox(r).remove(0).text;
    let line = code_line(&text);
    // The code from another address: nothing registered, nothing answered.
    let raw = mail("evil@evil.test", "steal@evil.test", "Inscription", &format!("PARTIE {GAME}\n{line}\n"), t0());
    assert!(matches!(r.handle_mail(&raw, t0()).unwrap(), Outcome::Silenced { .. }));
    assert!(take_outbox(r).is_empty());
    assert_eq!(families(r), 0);
    // The right address with a wrong code: told so.
    let raw = mail("leto@caladan.test", "wrong@caladan.test", "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION Atréides CODE AAAAAAAAAA\n"), t0());
    r.handle_mail(&raw, t0()).unwrap();
    let refused = take_outbox(r);
    assert!(refused[0].text.contains("code de confirmation"), "{}", refused[0].text);
    // A plain reply, quoting the request: registered, welcome with the password.
    let quoted: String = text.lines().map(|l| format!("> {l}\n")).collect();
    let raw = mail("leto@caladan.test", "reply@caladan.test", "Re: Inscription", &format!("Je confirme.\n\n{quoted}"), t0());
    r.handle_mail(&raw, t0()).unwrap();
    let welcome = take_outbox(r);
    let w = welcome.iter().find(|s| s.text.contains("Bienvenue")).expect("welcome");
    assert_eq!(w.to, vec!["leto@caladan.test".to_string()]);
    let pw = password_in(&w.text);
    assert!(!pw.is_empty());
    let meta = r.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.families["ATREIDES"].address, "leto@caladan.test");
    assert!(meta.pending_joins.is_empty());
    // The same confirmation again (a crash before its done marker): the
    // same welcome, not a refusal.
    let again = r.handle_received(r.receive(&raw).unwrap(), t0());
    assert!(again.is_ok());
}

#[test]
fn a_request_not_confirmed_in_time_is_forgotten() {
    let e = confirming("");
    let r = &e.referee;
    ask(r, "leto@caladan.test", "Atréides", "j1@caladan.test", t0());
    let line = code_line(&take_outbox(r).remove(0).text);
    let late = t0() + CONFIRM_WITHIN + SignedDuration::from_mins(1);
    let raw = mail("leto@caladan.test", "late@caladan.test", "Inscription", &format!("PARTIE {GAME}\n{line}\n"), late);
    assert!(matches!(r.handle_mail(&raw, late).unwrap(), Outcome::Silenced { .. }), "an expired request is gone");
    assert_eq!(families(r), 0);
    assert!(r.read_meta(GAME).unwrap().unwrap().pending_joins.is_empty());
}

#[test]
fn max_families_is_kept() {
    let e = confirming("max_families = 1");
    let r = &e.referee;
    ask(r, "a@x.test", "Atréides", "a1@x.test", t0());
    ask(r, "b@x.test", "Harkonnen", "b1@x.test", t0());
    let asked = take_outbox(r);
    assert_eq!(asked.len(), 2, "requests hold no seat: both are asked to confirm");
    for (addr, s) in [("a@x.test", &asked[0]), ("b@x.test", &asked[1])] {
        let line = code_line(&s.text);
        let raw = mail(addr, &format!("c-{addr}"), "Inscription", &format!("PARTIE {GAME}\n{line}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
    }
    let last = take_outbox(r);
    assert!(last.iter().any(|s| s.text.contains("la partie est complète : 1 familles au plus")), "{last:?}");
    assert_eq!(families(r), 1, "the first to confirm takes the seat");
}

#[test]
fn the_welcome_links_to_the_rules_when_the_pages_are_served_instead_of_attaching_them() {
    // #25: each 331-byte registration drew a 104 KB welcome (the rules attached).
    for (web, attached) in [("\n[web]\nlisten = \"127.0.0.1:1\"\npublic_url = \"https://jeux.example.org\"\n", false), ("", true)] {
        let e = confirming(web);
        let r = &e.referee;
        ask(r, "leto@caladan.test", "Atréides", "j1@caladan.test", t0());
        let line = code_line(&take_outbox(r).remove(0).text);
        let raw = mail("leto@caladan.test", "c1@caladan.test", "Inscription", &format!("PARTIE {GAME}\n{line}\n"), t0());
        r.handle_mail(&raw, t0()).unwrap();
        let outbox = r.store.outbox();
        let id = outbox.list(arbitre::store::OutboxState::New).unwrap().into_iter().map(|m| m.id).find(|id| id.starts_with("welcome-")).expect("a welcome");
        let size = outbox.raw(&id).unwrap().unwrap().len();
        let w = take_outbox(r).into_iter().find(|s| s.id == id).unwrap();
        assert_eq!(!w.attachments.iter().all(|a| !a.ends_with(".txt")), attached, "{:?}", w.attachments);
        if !attached {
            assert!(w.text.contains(&format!("https://jeux.example.org/g/{GAME}/rules.txt")), "{}", w.text);
            assert!(size < 24 * 1024, "a small welcome: {size} bytes");
        }
    }
}
