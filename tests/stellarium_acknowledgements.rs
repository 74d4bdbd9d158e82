//! Stellarium's acknowledgements through the real referee and the
//! `arbitre orders check` command: an order the rules forbid is refused
//! when it arrives, with the figures and a suggestion (issue 13, item 5).

mod support;

use std::process::Command;

use support::*;

/// `arbitre orders check` on a turn-0 mail whose founders are Romuald & co,
/// which bids 40 M$ (the family has 10) and names "Romuldo" as a candidate.
#[test]
fn r_e_orders_check_refuses_a_turn0_bid_above_the_money_and_suggests_romuald() {
    let e = env();
    let r = &e.referee;
    let pw = join(r, "romuald@example.test", "Atréides", t0());
    let lines = [
        "PERSONNAGE 1 Romuald H GUERRIER +5",
        "PERSONNAGE 2 Jessica F MARCHAND +5",
        "PERSONNAGE 3 Duncan H EXPLORATEUR +5",
        "PERSONNAGE 4 Alia F MARCHAND +5",
        "PERSONNAGE 5 Thufir H PRETRE +5",
        "PERSONNAGE 6 Gurney H GUERIER",
        "PERSONNAGE 7 Paul H",
        "PERSONNAGE 8 Chani F",
        "ENCHERE 40 \"Nef\"",
        "CANDIDAT Romuldo JUGE",
    ];
    let raw = mail("romuald@example.test", "orders-0@example.test", "Ordres", &orders_body("Atréides", &pw, Some(0), &lines), t0());
    let file = e.dir.path().join("orders.eml");
    std::fs::write(&file, raw).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("--config")
        .arg(e.dir.path().join("config.toml"))
        .arg("--templates")
        .arg(templates())
        .args(["orders", "check", GAME, "--at", "2026-03-23T11:00:00Z"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ack = String::from_utf8(out.stdout).unwrap();
    let flat = ack.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("ENCHERE de 40 M$ : votre famille n'aura que 10 M$ pour payer le vaisseau"),
        "the bid's refusal gives both figures:\n{ack}"
    );
    assert!(
        flat.contains("Personnage inconnu « Romuldo » dans votre famille. (vouliez-vous dire « Romuald » ?)"),
        "the unknown name gets a suggestion from the PERSONNAGE lines above:\n{ack}"
    );
    assert!(
        flat.contains("Formation inconnue « GUERIER » : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND. (vouliez-vous dire « GUERRIER » ?)"),
        "an unknown training is named as such:\n{ack}"
    );
    assert!(flat.contains("PERSONNAGE 6 : la ligne"), "the il manque list names the refused founder as refused:\n{ack}");
    assert!(!flat.contains("PERSONNAGE 6 manquant"), "{ack}");
}

/// Words of French sentences (lower case: keywords and names are upper case
/// or capitalised, and the order lines quoted back are the player's).
const FRENCH_WORDS: &[&str] = &[
    "est", "pas", "manque", "manquant", "famille", "ligne", "personnage", "votre", "vous", "déjà", "ordre", "inconnu",
    "inconnue", "refusée", "vouliez", "dire", "prénom", "vaisseau", "les", "des", "une", "pour", "avec", "sans", "ou",
    "et", "au", "aux", "le", "la", "du", "plus", "haut", "moins", "fondée", "seuls", "attend", "précisez",
];

/// Words of English sentences.
const ENGLISH_WORDS: &[&str] = &[
    "the", "is", "missing", "already", "your", "family", "unknown", "not", "line", "did", "you", "mean", "with", "only",
    "and", "or", "of", "expects", "give", "write", "above", "founded", "character", "closing",
];

/// The lower-case words of `text` (letters only), each with its line.
fn words_in<'a>(text: &'a str, list: &[&str]) -> Vec<(&'a str, &'a str)> {
    let mut hits = Vec::new();
    for line in text.lines() {
        for w in line.split(|c: char| !c.is_alphabetic()) {
            if !w.is_empty() && list.contains(&w) {
                hits.push((w, line));
            }
        }
    }
    hits
}

/// The lines of a turn-0 mail with many faulty lines, header problems
/// included; `en` writes the keywords in English.
fn faulty_turn0(en: bool, pw: &str) -> String {
    let pick = |fr: &'static str, english: &'static str| if en { english } else { fr };
    let lines = [
        pick("PARTIE stellarium-1", "GAME stellarium-1"),
        pick("FAMILLE Atreides", "FAMILY Atreides"),
        &format!("{} {pw} {}", pick("MOTDEPASSE", "PASSWORD"), pick("encore", "again")),
        pick("TOUR 0", "TURN 0"),
        pick("PERSONNAGE 1 Romuald H GUERRIER +5", "CHARACTER 1 Romuald M WARRIOR +5"),
        pick("PERSONNAGE 1 Leto H GUERRIER", "CHARACTER 1 Leto M WARRIOR"),
        pick("PERSONNAGE 9 Irulan F", "CHARACTER 9 Irulan F"),
        pick("PERSONNAGE 2 Jessica", "CHARACTER 2 Jessica"),
        pick("PERSONNAGE 3 Duncan H GUERIER", "CHARACTER 3 Duncan M WARIOR"),
        pick("PERSONNAGE 4 \"Alia F MARCHAND", "CHARACTER 4 \"Alia F MERCHANT"),
        pick("PERSONNAGE 7 Chani F PRETRE", "CHARACTER 7 Chani F PRIEST"),
        pick("PERSONNAGE 8 Romuald F", "CHARACTER 8 Romuald F"),
        pick("PUBLICITE 0", "ADVERTISING 0"),
        pick("ENCHERE 40 \"Nef\"", "BID 40 \"Ark\""),
        pick("ENCHERE", "BID"),
        pick("CANDIDAT Romuldo JUGE", "CANDIDATE Romuldo JUDGE"),
        pick("CANDIDAT Romuald", "CANDIDATE Romuald"),
        pick("LIEU Romuald STELLARIUM", "LOCATION Romuald STELLARIUM"),
        "FROBNICATE 3",
        pick("TOUR abc", "TURN abc"),
        pick("MESSAGE", "MESSAGE"),
    ];
    format!("{}\n\n{}\n", pick("Bonjour,", "Hello,"), lines.join("\n"))
}

/// The acknowledgement of `body` through `Referee::check_message`.
fn check_ack(e: &Env, body: &str) -> String {
    let raw = mail("romuald@example.test", "faulty@example.test", "Orders", body, t0());
    let res = e.referee.check_message(GAME, &raw, "2026-03-23T11:00:00Z".parse().unwrap()).unwrap();
    let acks: Vec<Sent> = res.replies.iter().map(|r| read("ack", r)).collect();
    assert_eq!(acks.len(), 1, "one acknowledgement: {acks:#?}");
    acks[0].text.clone()
}

/// Registers Atreides with an English mail (the family then reads English); its password.
fn join_in_english(r: &arbitre::referee::Referee) -> String {
    let raw = mail("romuald@example.test", "join-en@example.test", "Join", &format!("GAME {GAME}\nJOIN Atreides\n"), t0());
    r.handle_mail(&raw, t0()).unwrap();
    let sent = take_outbox(r);
    let welcome = sent.iter().find(|s| s.text.contains("Welcome")).expect("an English welcome mail");
    password_in(&welcome.text)
}

#[test]
fn an_english_family_is_acknowledged_every_faulty_line_in_english() {
    let e = env();
    let pw = join_in_english(&e.referee);
    let ack = check_ack(&e, &faulty_turn0(true, &pw));
    let flat = ack.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Character no. 1 is already given above.",
        "CHARACTER: the number must be from 1 to 8, not 9.",
        "CHARACTER: give the sex after the first name, M or F.",
        "Unknown training \"WARIOR\": PRIEST, WARRIOR, EXPLORER or MERCHANT. (did you mean \"WARRIOR\"?)",
        "(closing quote missing)",
        "Character no. 7 is too young for a training (c).",
        "The first name Romuald is already taken in your family.",
        "ADVERTISING: buy at least 1 PP.",
        "BID of 40 M$: your family will have only 10 M$ to pay for the ship",
        "BID expects an amount then the ship's name",
        "Unknown character \"Romuldo\" in your family. (did you mean \"Romuald\"?)",
        "CANDIDATE: write JUDGE, or GOVERNOR followed by the planet.",
        "Your family is not founded yet",
        "PASSWORD: a single word is expected; the first is kept.",
        "TURN \"abc\": a turn number is expected (for example TURN 3).",
        "MESSAGE without ENDMESSAGE",
        "MESSAGE: the recipient is missing",
        "CHARACTER 5 missing",
    ] {
        assert!(flat.contains(want), "missing {want:?} in:\n{ack}");
    }
    let french = words_in(&ack, FRENCH_WORDS);
    assert!(french.is_empty(), "French words in the English acknowledgement: {french:#?}\n{ack}");
}

#[test]
fn a_french_family_is_acknowledged_every_faulty_line_in_french() {
    let e = env();
    let pw = join(&e.referee, "romuald@example.test", "Atreides", t0());
    let ack = check_ack(&e, &faulty_turn0(false, &pw));
    let flat = ack.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Le personnage n° 1 est déjà donné plus haut.",
        "PERSONNAGE : le numéro doit aller de 1 à 8, pas 9.",
        "Formation inconnue « GUERIER » : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND. (vouliez-vous dire « GUERRIER » ?)",
        "(guillemet fermant manquant)",
        "Personnage inconnu « Romuldo » dans votre famille. (vouliez-vous dire « Romuald » ?)",
        "MOTDEPASSE : un seul mot est attendu ; le premier est gardé.",
        "TOUR « abc » : un numéro de tour est attendu (par exemple TOUR 3).",
        "MESSAGE sans FINMESSAGE",
        "PERSONNAGE 5 manquant",
    ] {
        assert!(flat.contains(want), "missing {want:?} in:\n{ack}");
    }
    let english = words_in(&ack, ENGLISH_WORDS);
    assert!(english.is_empty(), "English words in the French acknowledgement: {english:#?}\n{ack}");
}

/// The turn-0 mail of `family` with one founder line written in French and
/// one in English.
fn mixed_founders(pw: &str) -> String {
    format!("GAME {GAME}\nFAMILY Atreides\nPASSWORD {pw}\nPERSONNAGE 1 Romuald H GUERRIER +5\nCHARACTER 2 Ines F EXPLORER\n")
}

/// orders.md §1 (issue 26): the acknowledgement echoes each accepted line
/// with the reader's keywords, whichever language it was written in.
#[test]
fn an_english_familys_acknowledgement_echoes_its_lines_with_english_keywords() {
    let e = env();
    let pw = join_in_english(&e.referee);
    let ack = check_ack(&e, &mixed_founders(&pw));
    for want in ["CHARACTER 1 Romuald M WARRIOR +5", "CHARACTER 2 Ines F EXPLORER"] {
        assert!(ack.contains(want), "missing {want:?} in:\n{ack}");
    }
    assert!(!ack.contains("PERSONNAGE") && !ack.contains("GUERRIER") && !ack.contains("EXPLORATEUR"), "French keywords:\n{ack}");
}

#[test]
fn a_french_familys_acknowledgement_echoes_its_lines_with_french_keywords() {
    let e = env();
    let pw = join(&e.referee, "romuald@example.test", "Atreides", t0());
    let ack = check_ack(&e, &mixed_founders(&pw));
    for want in ["PERSONNAGE 1 Romuald H GUERRIER +5", "PERSONNAGE 2 Ines F EXPLORATEUR"] {
        assert!(ack.contains(want), "missing {want:?} in:\n{ack}");
    }
    assert!(!ack.contains("CHARACTER 2") && !ack.contains("WARRIOR"), "English keywords:\n{ack}");
}
