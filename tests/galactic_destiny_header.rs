//! Galactic Destiny's mail header names a party (design note §3:
//! `PARTI <sigle> | PARTY`): through the referee, a mail headed
//! `PARTI BIP` reaches the seat holding BIP whatever name its player
//! registered under, is checked against that seat's password and address,
//! and is acknowledged to that seat's address alone; a party no seat holds
//! gets the unknown-name answer; with parties drawn by lot, nobody may
//! register under a party's name (so `PARTI POP` can never reach a player
//! who called himself "POP" while drawn another party).

mod support;

use std::path::Path;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, password_in, take_outbox, Sent};

const G: &str = "gd-header";

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn referee(dir: &Path, settings: &str) -> Referee {
    let config = format!(
        "{head}\n[[games]]\nid = \"{G}\"\nruleset = \"galactic-destiny\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"after 48h\"\nreminders = []\nregistration_open = true\nregistration_confirm = false\nseed = 4\n\n[games.settings]\n{settings}\n",
        head = support::config_head()
    );
    std::fs::write(dir.join("config.toml"), config).unwrap();
    let r = Referee::new(arbitre::config::load(&dir.join("config.toml")).unwrap(), support::templates()).unwrap();
    r.create_game(G, None, t0()).unwrap();
    r
}

fn send(r: &Referee, from: &str, id: &str, body: &str) -> Vec<Sent> {
    r.handle_mail(&mail(from, &format!("{id}@x.test"), "Ordres", body, t0()), t0()).unwrap();
    take_outbox(r)
}

/// Registers the players (address, name), closes registration and plays
/// the setup: their passwords and the open step's number.
fn seated(r: &Referee, players: &[(&str, &str)]) -> (Vec<String>, u32) {
    let mut pw = Vec::new();
    for (addr, name) in players {
        let sent = send(r, addr, &format!("join-{addr}"), &format!("PARTIE {G}\nINSCRIPTION {name}\n"));
        pw.push(password_in(&sent[0].text));
    }
    r.set_registration(G, false).unwrap();
    r.adjudicate(G, Mode::Force, t0().checked_add(SignedDuration::from_mins(1)).unwrap()).unwrap();
    take_outbox(r);
    (pw, r.read_meta(G).unwrap().unwrap().turn)
}

#[test]
fn parti_in_the_header_names_the_seat_holding_that_party() {
    let dir = tempfile::tempdir().unwrap();
    let r = referee(dir.path(), "");
    // Registered by the parties' French and English names.
    let (pw, turn) = seated(&r, &[("a@x.test", "Parti du métal noir"), ("b@x.test", "Green Spiral Party"), ("c@x.test", "Parti des humains")]);

    // `PARTI BIP` with BIP's password, from BIP's address: acknowledged to it.
    let sent = send(&r, "a@x.test", "o1", &format!("PARTIE {G}\nPARTI BIP\nMOTDEPASSE {}\nTOUR {turn}\nPASSE\nFIN\n", pw[0]));
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].to, ["a@x.test"]);
    assert!(sent[0].text.contains("Parti du métal noir") && sent[0].text.contains("PASSE"), "{}", sent[0].text);
    assert!(!sent[0].text.contains("inconnu"), "{}", sent[0].text);
    // In English, `PARTY GSP`.
    let sent = send(&r, "b@x.test", "o2", &format!("GAME {G}\nPARTY GSP\nPASSWORD {}\nTURN {turn}\nPASS\nEND\n", pw[1]));
    assert_eq!(sent[0].to, ["b@x.test"]);
    assert!(sent[0].text.contains("Green Spiral Party"), "{}", sent[0].text);
    let statuses = r.status(G, t0()).unwrap();
    assert!(format!("{statuses:?}").contains("PARTI DU METAL NOIR"), "{statuses:?}");

    // BIP's name with GSP's password: the seat named is BIP's, the password
    // is wrong, the refusal goes to BIP's address only.
    let sent = send(&r, "b@x.test", "o3", &format!("PARTIE {G}\nPARTI BIP\nMOTDEPASSE {}\nTOUR {turn}\nPASSE\nFIN\n", pw[1]));
    assert!(sent.iter().all(|m| m.to == ["a@x.test"]), "{sent:#?}");
    // A party nobody holds: the unknown-name answer, to the sender.
    let sent = send(&r, "d@x.test", "o4", &format!("PARTIE {G}\nPARTI TMP\nMOTDEPASSE x\nFIN\n"));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, ["d@x.test"]);
    assert!(sent[0].text.contains("TMP"), "{}", sent[0].text);
}

#[test]
fn parties_by_lot_nobody_registers_under_a_partys_name_and_parti_finds_the_seat_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let r = referee(dir.path(), "attribution_partis = \"hasard\"");
    let sent = send(&r, "x@x.test", "join-x", &format!("PARTIE {G}\nINSCRIPTION POP\n"));
    assert_eq!(sent.len(), 1);
    assert!(sent[0].text.contains("est le nom d'un parti"), "{}", sent[0].text);
    assert!(!r.read_meta(G).unwrap().unwrap().families.contains_key("POP"));
    let (pw, turn) = seated(&r, &[("a@x.test", "Anne"), ("b@x.test", "Bruno"), ("c@x.test", "Chloe")]);
    // Anne's party, as drawn.
    let g = r.open_game(G).unwrap();
    let state: arbitre::games::galactic_destiny::GdState = serde_json::from_slice(&g.engine.save_state(&g.state).unwrap()).unwrap();
    let anne = state.seats.iter().find(|s| s.name == "Anne").and_then(|s| s.party).unwrap();
    let sent = send(&r, "a@x.test", "o1", &format!("PARTIE {G}\nPARTI {}\nMOTDEPASSE {}\nTOUR {turn}\nPASSE\nFIN\n", anne.sigle(), pw[0]));
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].to, ["a@x.test"]);
    assert!(sent[0].text.contains("Anne") && sent[0].text.contains("PASSE"), "{}", sent[0].text);
}
