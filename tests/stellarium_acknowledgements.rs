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
