//! Real-client samples in `tests/data/mail/` (see its README): each one is
//! decoded, its orders block found, and the exact header fields and order
//! lines checked; the guard samples must be silenced with the right reason.

use std::path::PathBuf;

use arbitre::game::OrderLine;
use arbitre::mail::{decode, silence_reason, Incoming, Limits, Silence};
use arbitre::orders::{read_submission, Command, MessageTarget, Submission};

const REFEREE: &str = "arbitre@stellarium.example.net";

fn load(name: &str) -> Incoming {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail").join(name);
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    decode(&raw, &Limits::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn ours() -> Vec<String> {
    vec![REFEREE.to_string()]
}

fn submission(m: &Incoming) -> Submission {
    read_submission(&m.subject, &m.text, &m.attachment_texts).expect("an orders block")
}

fn orders(s: &Submission) -> Vec<(usize, &str)> {
    s.orders.iter().map(|o| (o.no, o.text.as_str())).collect()
}

fn header(s: &Submission) -> (Option<&str>, Option<&str>, Option<&str>, Option<u32>) {
    (s.game.as_deref(), s.family.as_deref(), s.password.as_deref(), s.turn)
}

const STELLARIUM_HEADER: (Option<&str>, Option<&str>, Option<&str>, Option<u32>) =
    (Some("stellarium-1"), Some("Atréides"), Some("x7Kp2"), Some(3));

#[test]
fn thunderbird_flowed_long_order_is_unwrapped() {
    let m = load("thunderbird-flowed.eml");
    assert_eq!(m.from.as_deref(), Some("jean.dupont@laposte.example"));
    assert_eq!(m.from_name.as_deref(), Some("Jean Dupont"));
    assert_eq!(m.subject, "Ordres tour 3 — Atréides");
    assert_eq!(m.message_id, "7c1e2b0a-5d8f-4a1e-9b6c-2f3d4e5a6b7c@laposte.example");
    assert_eq!(m.return_path.as_deref(), Some("jean.dupont@laposte.example"));
    assert_eq!(silence_reason(&m, &ours()), None);
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(
        orders(&s),
        [
            (10, "LIEU Paul BOURSE S 2"),
            (11, "LIEU Jessica Mologataï"),
            (12, "LIEU Leto FLOTTE 1"),
            (14, "EXPEDITION \"Étoile du Matin\" CAPITAINE Duncan INVITES Gurney, Thufir PLANETE \"Nouvelle Caladan\""),
            (15, "ACHAT Paul GARDES CAPSULE"),
        ]
    );
    assert!(s.problems.is_empty() && s.commands.is_empty() && !s.from_quote && !s.english);
}

#[test]
fn gmail_alternative_reads_plain_part_and_ignores_quoted_report() {
    let m = load("gmail-alternative-quoted.eml");
    assert_eq!(m.subject, "Re: [stellarium-1] Rapport du tour 2 — Atréides");
    assert_eq!(m.in_reply_to.as_deref(), Some("report-stellarium-1-2-atreides@stellarium.example.net"));
    assert_eq!(m.references, ["report-stellarium-1-2-atreides@stellarium.example.net"]);
    assert_eq!(m.message_id, "CAJ8mVpX9Tt1kQm3rZ+2Yk_0aBcD7eF1gH2iJ3kL4mN5oP6qR7s@mail.gmail.com");
    assert!(m.attachment_texts.is_empty(), "the HTML alternative is not an attachment");
    assert_eq!(silence_reason(&m, &ours()), None);
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert!(!s.from_quote);
    assert_eq!(orders(&s), [(5, "LIEU Paul BOURSE S 2"), (6, "LIEU Jessica Mologataï"), (7, "LIEU Leto FLOTTE 1")]);
}

#[test]
fn outlook_windows_1252_accents_are_decoded() {
    let m = load("outlook-windows1252.eml");
    assert_eq!(m.from_name.as_deref(), Some("Jean-François Martin"));
    assert_eq!(m.message_id, "001201db8c1a$5e6f7a80$1b4e6f80$@orange.example");
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(
        orders(&s),
        [
            (7, "LIEU Paul BOURSE S 2"),
            (8, "LIEU Jessica Mologataï"),
            (9, "LIEU Leto FLOTTE 1"),
            (10, "ENCHERE 5 M$ “Étoile du Matin”"),
        ]
    );
}

#[test]
fn iphone_base64_with_capitalised_keywords_and_device_signature() {
    let m = load("iphone-base64.eml");
    assert_eq!(m.from.as_deref(), Some("paul.a@icloud.example"));
    assert_eq!(m.message_id, "A1B2C3D4-E5F6-4789-ABCD-0123456789AB@icloud.example");
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    // No FIN: "Envoyé de mon iPhone" is a signature, not an order.
    assert_eq!(orders(&s), [(5, "Lieu Paul BOURSE S 2"), (6, "Lieu Jessica Mologataï"), (7, "Lieu Leto FLOTTE 1")]);
}

#[test]
fn html_only_mail_is_converted_to_lines() {
    let m = load("html-only.eml");
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    let texts: Vec<&str> = s.orders.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(texts, ["LIEU Paul BOURSE S 2", "LIEU Jessica Mologataï", "LIEU Leto FLOTTE\u{a0}1"]);
}

#[test]
fn text_plain_attachment_holds_the_orders() {
    let m = load("attachment-orders.eml");
    assert_eq!(m.subject, "Ordres en pièce jointe");
    assert_eq!(m.attachment_texts.len(), 1);
    assert!(!m.text.contains("PARTIE"), "the attachment is not part of the body");
    let s = submission(&m);
    assert!(s.from_attachment && !s.from_quote);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(orders(&s), [(5, "LIEU Paul BOURSE S 2"), (6, "LIEU Jessica Mologataï"), (7, "LIEU Leto FLOTTE 1")]);
}

#[test]
fn quoted_only_block_is_read_from_the_quote() {
    let m = load("quoted-only-edited.eml");
    assert_eq!(m.subject, "Re: [stellarium-1] Rapport du tour 2 — Atréides");
    let s = submission(&m);
    assert!(s.from_quote && !s.from_attachment);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(orders(&s), [(10, "LIEU Paul BOURSE S 2"), (11, "LIEU Jessica Mologataï"), (12, "LIEU Leto FLOTTE 1")]);
}

#[test]
fn iso_8859_1_eight_bit_body_is_decoded() {
    let m = load("iso-8859-1.eml");
    assert_eq!(m.from_name.as_deref(), Some("Gérard Blanc"));
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(
        orders(&s),
        [(7, "LIEU Paul BOURSE S 2"), (8, "LIEU Jessica Mologataï"), (9, "LIEU Leto FLOTTE 1"), (10, "NAISSANCES Jessica NON")]
    );
}

#[test]
fn signature_after_orders_is_not_read() {
    let m = load("signature-after-orders.eml");
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(orders(&s), [(5, "LIEU Paul BOURSE S 2"), (6, "LIEU Jessica Mologataï"), (7, "LIEU Leto FLOTTE 1")]);
}

#[test]
fn english_keywords_set_the_reply_language() {
    let m = load("english-keywords.eml");
    let s = submission(&m);
    assert!(s.english);
    assert_eq!(header(&s), (Some("stellarium-1"), Some("Atreides"), Some("x7Kp2"), Some(3)));
    assert_eq!(
        orders(&s),
        [(5, "LOCATION Paul EXCHANGE S 2"), (6, "LOCATION Jessica Mologatai"), (7, "LOCATION Leto FLEET 1")]
    );
}

#[test]
fn join_with_subject_tag_instead_of_partie_line() {
    let m = load("join-inscription.eml");
    let s = submission(&m);
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(
        s.commands,
        [Command::Join { family_name: "Atréides".into(), line: OrderLine { no: 1, text: "INSCRIPTION Atréides".into() } }]
    );
    // The free text after the command is handed to the ruleset like any
    // unknown line (the referee ignores orders in a registration mail).
    assert_eq!(orders(&s), [(3, "Bonjour, je voudrais rejoindre la partie."), (4, "Merci !")]);
}

#[test]
fn diplomatic_messages_are_relayed_verbatim_and_unflowed() {
    let m = load("message-finmessage.eml");
    let s = submission(&m);
    assert_eq!(header(&s), STELLARIUM_HEADER);
    assert_eq!(
        s.commands,
        [
            Command::Message {
                to: MessageTarget::Family("Harkonnen".into()),
                anonymous: true,
                body: "Nous savons ce que vous préparez sur Mologataï. Retirez vos troupes avant le prochain cycle, ou l'Empereur l'apprendra.\n\nUn ami qui vous veut du bien.".into(),
            },
            Command::Message {
                to: MessageTarget::All,
                anonymous: false,
                body: "La famille Atréides soutient la candidature de Leto au poste de juge.".into(),
            },
        ]
    );
    assert_eq!(orders(&s), [(5, "LIEU Paul BOURSE S 2"), (14, "LIEU Jessica Mologataï")]);
    assert!(s.problems.is_empty());
}

#[test]
fn bounce_is_silenced_for_its_empty_return_path() {
    let m = load("bounce-dsn.eml");
    assert_eq!(m.return_path.as_deref(), Some(""));
    assert_eq!(silence_reason(&m, &ours()), Some(Silence::EmptyReturnPath));
    // Without the Return-Path (e.g. read before delivery) it is still silenced.
    let mut no_rp = m.clone();
    no_rp.return_path = None;
    no_rp.headers.retain(|(n, _)| n != "return-path");
    assert_eq!(
        silence_reason(&no_rp, &ours()),
        Some(Silence::MailerDaemon("mailer-daemon@mail.stellarium.example.net".into()))
    );
}

#[test]
fn vacation_autoreply_is_silenced() {
    let m = load("vacation-autoreply.eml");
    assert_eq!(silence_reason(&m, &ours()), Some(Silence::AutoSubmitted("auto-replied".into())));
}

#[test]
fn mailing_list_post_is_silenced() {
    let m = load("mailing-list.eml");
    assert_eq!(
        silence_reason(&m, &ours()),
        Some(Silence::ListId("Joueurs de Stellarium <joueurs.lists.stellarium.example.org>".into()))
    );
}

#[test]
fn precedence_bulk_is_silenced() {
    let m = load("precedence-bulk.eml");
    assert_eq!(silence_reason(&m, &ours()), Some(Silence::Precedence("bulk".into())));
}

#[test]
fn every_player_sample_is_answered_and_every_guard_sample_is_not() {
    let players = [
        "thunderbird-flowed.eml",
        "gmail-alternative-quoted.eml",
        "outlook-windows1252.eml",
        "iphone-base64.eml",
        "html-only.eml",
        "attachment-orders.eml",
        "quoted-only-edited.eml",
        "iso-8859-1.eml",
        "signature-after-orders.eml",
        "english-keywords.eml",
        "join-inscription.eml",
        "message-finmessage.eml",
    ];
    for name in players {
        assert_eq!(silence_reason(&load(name), &ours()), None, "{name}");
    }
    for name in ["bounce-dsn.eml", "vacation-autoreply.eml", "mailing-list.eml", "precedence-bulk.eml"] {
        assert!(silence_reason(&load(name), &ours()).is_some(), "{name}");
    }
}
