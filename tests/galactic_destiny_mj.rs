//! Galactic Destiny's game master through the referee (issue #29, "Done
//! when": an MJ scenario): a game of three parties with `maitre_de_jeu =
//! true` and the referee's own component file of action cards, in which
//! Multitâche's effect is `manuel`. Players write real mails; the game
//! master's lines go through the `arbitre mj` binary; after every step the
//! test reads every mail each player and the referee received.
//!
//! S1: GSP proposes the Movement law and Mashem for Prime Minister; the game master announces the session
//! (public) and, when GSP holds no Multitâche, gives it one (told to GSP
//! alone). S2: Mashem is elected, the law passes; GSP plays Multitâche, item M1; the step
//! after awaits the game master, and the referee is told by mail. The game
//! master reads `--etat`, checks its lines with `--verifier`, then rules
//! M1 with `EFFET` and BIP's breach of the law with `INFRACTION`; the
//! reports of that step say each decision. A second run puts the players'
//! mails in the Maildir inbox of a running daemon: the step that awaits the
//! game master is played early only once `arbitre mj` wrote, and its
//! decisions reach every party through the Maildir transport.
//!
//! A court case (`tribunal = true`): GSP and BIP make a promise; a game
//! turn later GSP sues BIP over it, BIP defends, the court sits in S2 and
//! ratifies a version; the game master, listing the ratified promise with
//! `--etat`, rules BIP's breach of it with `INFRACTION … ACCORD`, and every
//! report of that step says the decision.

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use arbitre::referee::adjudication::Mode;
use arbitre::referee::Referee;
use jiff::{SignedDuration, Timestamp};
use support::{mail, password_in, take_outbox, Sent};

const GAME: &str = "gd-mj";
const ADMIN: &str = "referee@example.test";
const PARTIES: [(&str, &str); 3] = [("gsp@x.test", "GSP"), ("bip@x.test", "BIP"), ("pop@x.test", "POP")];

fn t0() -> Timestamp {
    "2026-03-23T10:00:00Z".parse().unwrap()
}

fn at(mins: i64) -> Timestamp {
    t0().checked_add(SignedDuration::from_mins(mins)).unwrap()
}

struct Game {
    dir: tempfile::TempDir,
    r: std::sync::Arc<Referee>,
    pw: BTreeMap<&'static str, String>,
}

/// The embedded action cards, Multitâche's effect made `manuel`.
fn actions_file(dir: &Path) -> std::path::PathBuf {
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/galactic-destiny/actions.txt")).unwrap();
    let text = src.replacen("  effet regenere", "  effet manuel \"Un sénateur du joueur change de parti, au choix de l'arbitre\"", 1);
    assert_ne!(text, src);
    let path = dir.join("actions-mj.txt");
    std::fs::write(&path, text).unwrap();
    path
}

fn game(extra: &str) -> Game {
    game_with(extra, "")
}

/// [`game`] with more `[games.settings]` lines.
fn game_with(extra: &str, settings: &str) -> Game {
    let dir = tempfile::tempdir().unwrap();
    let actions = actions_file(dir.path());
    let text = format!(
        "{head}\n[[games]]\nid = \"{GAME}\"\nruleset = \"galactic-destiny\"\ntime_zone = \"Europe/Paris\"\ndeadline = \"after 24h\"\nregistration_open = true\nregistration_confirm = false\nseed = 3\n{extra}\n[games.settings]\njoueurs_min = 3\njoueurs_max = 3\nmaitre_de_jeu = true\ndeclarations = \"simultanees\"\nactions = \"{}\"\n{settings}",
        actions.display(),
        head = support::config_head()
    );
    std::fs::write(dir.path().join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let r = std::sync::Arc::new(Referee::new(cfg, support::templates()).unwrap());
    r.create_game(GAME, None, t0()).unwrap();
    let mut pw = BTreeMap::new();
    for (addr, party) in PARTIES {
        r.handle_mail(&mail(addr, &format!("join-{party}@x.test"), "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION {party}\n"), t0()), t0()).unwrap();
        pw.insert(party, password_in(&take_outbox(&r)[0].text));
    }
    Game { dir, r, pw }
}

impl Game {
    fn send(&self, party: &'static str, id: &str, lines: &[&str], when: Timestamp) {
        let addr = PARTIES.iter().find(|(_, p)| *p == party).unwrap().0;
        let body = format!("PARTIE {GAME}\nFAMILLE {party}\nMOTDEPASSE {}\n{}\nFIN\n", self.pw[party], lines.join("\n"));
        self.r.handle_mail(&mail(addr, &format!("{id}@x.test"), "Ordres", &body, when), when).unwrap();
        // Its acknowledgement: every line accepted.
        let ack = take_outbox(&self.r);
        assert_eq!(ack.len(), 1, "{ack:#?}");
        assert!(ack[0].text.contains(" 0 refusé(s)"), "{}", ack[0].text);
    }

    /// Plays the open step; every mail queued, by recipient.
    fn play(&self, when: Timestamp) -> BTreeMap<String, Vec<Sent>> {
        let s = self.r.adjudicate(GAME, Mode::Force, when).unwrap();
        assert!(s.held.is_none(), "{s:?}");
        let mut by: BTreeMap<String, Vec<Sent>> = BTreeMap::new();
        for m in take_outbox(&self.r) {
            by.entry(m.to[0].clone()).or_default().push(m);
        }
        by
    }

    fn state(&self) -> arbitre::games::galactic_destiny::GdState {
        let g = self.r.open_game(GAME).unwrap();
        serde_json::from_slice(&g.engine.save_state(&g.state).unwrap()).unwrap()
    }

    /// `arbitre mj <args…>` as the referee types it at `when`, the lines on its standard input.
    fn mj(&self, args: &[&str], input: &str, when: Timestamp) -> (bool, String) {
        use std::io::Write;
        let clock = self.dir.path().join("clock");
        std::fs::write(&clock, when.to_string()).unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("--clock-file")
            .arg(&clock)
            .arg("--config")
            .arg(self.dir.path().join("config.toml"))
            .arg("--templates")
            .arg(support::templates())
            .arg("mj")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
    }
}

/// The text of the one report mail `addr` got.
fn report<'a>(by: &'a BTreeMap<String, Vec<Sent>>, addr: &str) -> &'a str {
    let got = by.get(addr).map(Vec::as_slice).unwrap_or_default();
    assert_eq!(got.len(), 1, "{addr}: {got:#?}");
    &got[0].text
}

fn parties_mails(by: &BTreeMap<String, Vec<Sent>>) -> Vec<&str> {
    PARTIES.iter().map(|(a, _)| report(by, a)).collect()
}

const GSP: arbitre::games::galactic_destiny::components::PartyId = arbitre::games::galactic_destiny::components::PartyId::Gsp;

/// S1 (the registration step played): GSP proposes the Movement law and
/// Mashem for Prime Minister; the game master announces the session and,
/// when GSP holds no Multitâche, gives it one. Played at `at(3)`: its
/// mails, and whether GSP held the card already.
fn s1(g: &Game) -> (BTreeMap<String, Vec<Sent>>, bool) {
    let holds = g.state().fx.parties[&GSP].hand.iter().any(|c| c == "Multitâche");
    g.send("GSP", "gsp-s1", &["PROPOSITION MOUVEMENT DUREE 2", "CANDIDAT PM Mashem"], at(2));
    g.send("BIP", "bip-s1", &["PASSE"], at(2));
    g.send("POP", "pop-s1", &["PASSE"], at(2));
    let mut lines = String::from("ANNONCE \"Bienvenue au sénat\"\n");
    if !holds {
        lines.push_str("CARTE GSP + \"Multitâche\"\n");
    }
    let (ok, out) = g.mj(&[GAME, "-"], &lines, at(2));
    assert!(ok, "{out}");
    assert!(out.contains("> ANNONCE \"Bienvenue au sénat\"\n  accepté : ANNONCE \"Bienvenue au sénat\""), "{out}");
    assert!(out.contains("enregistrée(s) pour l'étape 1"), "{out}");
    (g.play(at(3)), holds)
}

/// S2: Mashem elected, the law voted; GSP plays Multitâche, a `manuel`
/// card. Played at `at(5)`: its mails.
fn s2(g: &Game) -> BTreeMap<String, Vec<Sent>> {
    let s = g.state();
    let senator = s.fx.senators.iter().find(|(_, x)| x.party == GSP).map(|(n, _)| n.clone()).unwrap();
    g.send("GSP", "gsp-s2", &["VOTE PM GSP", "VOTE #1 POUR", &format!("CARTE Multitâche CIBLE {senator}")], at(4));
    g.send("BIP", "bip-s2", &["VOTE PM GSP", "VOTE #1 POUR"], at(4));
    g.send("POP", "pop-s2", &["VOTE PM GSP", "VOTE #1 POUR"], at(4));
    g.play(at(5))
}

#[test]
fn le_maitre_de_jeu_a_manual_card_and_a_broken_law_ruled_through_arbitre_mj_and_reported() {
    let g = game("");
    let gsp = GSP;
    // Registration, then S1.
    let by = g.play(at(1));
    assert!(!by.contains_key(ADMIN), "nothing for the game master yet: {:?}", by.get(ADMIN));
    let (by, holds) = s1(&g);
    for text in parties_mails(&by) {
        assert!(text.contains("Annonce de l'arbitre : Bienvenue au sénat"), "every report of the step: {text}");
    }
    let given = "la carte « Multitâche » rejoint votre main";
    assert_eq!(report(&by, "gsp@x.test").contains(given), !holds);
    for a in ["bip@x.test", "pop@x.test"] {
        assert!(!report(&by, a).contains(given), "a card given is GSP's alone: {}", report(&by, a));
    }
    // No text of the step read by another party names the card given, unless
    // that party holds one itself: its report, and the chronicle (attached
    // to every report, and the game page).
    if !holds {
        let s = g.state();
        for (a, p) in [("bip@x.test", arbitre::games::galactic_destiny::components::PartyId::Bip), ("pop@x.test", arbitre::games::galactic_destiny::components::PartyId::Pop)] {
            if !s.fx.parties[&p].hand.iter().any(|c| c == "Multitâche") {
                assert!(!report(&by, a).contains("Multitâche"), "{a}: {}", report(&by, a));
            }
        }
        let chronicle = std::fs::read_to_string(g.dir.path().join(format!("data/games/{GAME}/turns/0001/chronicle.txt"))).unwrap();
        assert!(!chronicle.contains("Multitâche"), "{chronicle}");
    }
    assert!(!by.contains_key(ADMIN));

    // S2: the law passes; GSP plays Multitâche, a `manuel` card.
    let by = s2(&g);
    let s = g.state();
    assert_eq!(s.laws.len(), 1, "the law passed: {}", report(&by, "gsp@x.test"));
    assert_eq!(s.mj.items.len(), 1);
    for text in parties_mails(&by) {
        assert!(text.contains("« Multitâche » (joué par GSP) demande une décision de l'arbitre (élément M1)"), "{text}");
    }
    let admin = by.get(ADMIN).expect("the referee is told");
    assert_eq!(admin.len(), 1);
    assert!(admin[0].text.contains("attend le maître de jeu"), "{}", admin[0].text);
    assert!(admin[0].text.contains("M1 : carte jouée par GSP « Multitâche »"), "{}", admin[0].text);
    let status = g.r.status(GAME, at(6)).unwrap();
    assert!(status.game_master.as_ref().is_some_and(|m| m.awaited && !m.answered));

    // The game master reads what awaits it, checks its lines, then rules.
    let (ok, etat) = g.mj(&[GAME, "--etat"], "", at(6));
    assert!(ok, "{etat}");
    assert!(etat.contains("M1 : carte jouée par GSP « Multitâche » : Un sénateur du joueur change de parti"), "{etat}");
    assert!(etat.contains("loi #1 en vigueur : Déclaration de mouvement"), "{etat}");
    let ruling = "EFFET M1 ARGENT GSP +2\nINFRACTION BIP LOI #1\nEFFET M9 SANS-EFFET\n";
    let (ok, check) = g.mj(&[GAME, "-", "--verifier"], ruling, at(6));
    assert!(ok, "{check}");
    assert!(check.contains("accepté : EFFET M1 ARGENT GSP +2") && check.contains("accepté : INFRACTION BIP LOI #1"), "{check}");
    assert!(check.contains("> EFFET M9 SANS-EFFET\n  refusé : aucun élément en attente ne porte le numéro « M9 »"), "{check}");
    assert!(check.contains("vérification seule"), "{check}");
    assert!(!g.r.status(GAME, at(6)).unwrap().game_master.unwrap().answered, "--verifier stores nothing");
    let (ok, stored) = g.mj(&[GAME, "-"], ruling, at(6));
    assert!(ok, "{stored}");
    assert!(g.r.status(GAME, at(6)).unwrap().game_master.unwrap().answered);

    // The sealed invasions step, every party silent, is played with the rulings.
    let money = s.fx.parties[&gsp].money;
    let by = g.play(at(7));
    let after = g.state();
    assert_eq!(after.fx.parties[&gsp].money, money + 2);
    assert!(after.mj.items.is_empty());
    for text in parties_mails(&by) {
        assert!(text.contains("Décision de l'arbitre sur l'élément M1 (« Multitâche ») : ARGENT GSP +2."), "{text}");
        assert!(text.contains("Décision de l'arbitre : BIP a enfreint la loi « Déclaration de mouvement »"), "{text}");
    }
    assert!(!by.contains_key(ADMIN), "the game master answered: {:?}", by.get(ADMIN));

    // Refusals: a game without a game master or unknown.
    let (ok, out) = g.mj(&["nope", "--etat"], "", at(8));
    assert!(!ok && out.contains("does not exist"), "{out}");
}

/// A player's mail put in the referee's Maildir inbox, as the mail server would.
fn deliver(g: &Game, party: &'static str, id: &str, lines: &[&str], when: Timestamp) {
    let addr = PARTIES.iter().find(|(_, p)| *p == party).unwrap().0;
    let body = format!("PARTIE {GAME}\nFAMILLE {party}\nMOTDEPASSE {}\n{}\nFIN\n", g.pw[party], lines.join("\n"));
    std::fs::create_dir_all(g.dir.path().join("mail/inbox/new")).unwrap();
    support::deliver(g.dir.path(), id, &mail(addr, &format!("{id}@x.test"), "Ordres", &body, when));
}

async fn clock_until(clock: &arbitre::daemon::Clock, t: Timestamp) {
    while clock.now() < t {
        tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    }
}

#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn le_maitre_de_jeu_the_daemon_plays_the_step_early_only_once_the_game_master_wrote_and_mails_its_decisions() {
    let g = game("early = \"5m\"");
    g.play(at(1));
    s1(&g);
    s2(&g);
    // The sealed invasions step awaits the three parties and the game master.
    let (clock, stop_tx, running) = support::spawn_daemon(g.dir.path(), g.r.clone(), at(10), std::time::Duration::from_secs(60));
    for p in ["GSP", "BIP", "POP"] {
        deliver(&g, p, &format!("{p}-i"), &["PASSE"], at(10));
    }
    clock_until(&clock, at(40)).await;
    let turn = || g.r.read_meta(GAME).unwrap().unwrap().turn;
    assert_eq!(turn(), 3, "every party answered, the game master not yet: the step waits");
    let (ok, out) = g.mj(&[GAME, "-"], "EFFET M1 SANS-EFFET\nANNONCE \"La séance est levée\"\n", at(41));
    assert!(ok, "{out}");
    clock_until(&clock, at(44)).await;
    assert_eq!(turn(), 3, "the change-of-mind delay runs from the game master's lines");
    clock_until(&clock, at(48)).await;
    support::until("the step played", || turn() == 4).await;
    // Every party's report, through the Maildir transport, says the decisions.
    for (addr, _) in PARTIES {
        support::until(&format!("{addr}'s report"), || support::delivered(g.dir.path(), addr).iter().any(|t| t.contains("La séance est levée"))).await;
        let mails = support::delivered(g.dir.path(), addr);
        let report = mails.iter().find(|t| t.contains("La séance est levée")).unwrap();
        assert!(report.contains("Annonce de l'arbitre : La séance est levée"), "{report}");
        assert!(report.contains("Décision de l'arbitre : l'élément M1 (« Multitâche ») reste sans effet."), "{report}");
    }
    // The referee heard nothing of a silence.
    assert!(!support::delivered(g.dir.path(), ADMIN).iter().any(|t| t.contains("n'a rien écrit")));
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
}

#[test]
fn negociation_a_court_case_heard_then_its_ruling_enforced_through_arbitre_mj_and_reported() {
    let g = game_with("", "tribunal = true\n");
    g.play(at(1));
    let terms = "GSP et BIP ne s'envahissent pas";
    // S1 of game turn 1: the promise A1, the same line from both.
    g.send("GSP", "gsp-deal", &[&format!("ACCORD BIP \"{terms}\" DUREE 3")], at(2));
    g.send("BIP", "bip-deal", &[&format!("ACCORD GSP \"{terms}\" DUREE 3")], at(2));
    g.send("POP", "pop-deal", &["PASSE"], at(2));
    g.play(at(3));
    assert_eq!(g.state().deals.len(), 1, "A1 made");
    // The rest of game turn 1, everyone passing, up to S1 of game turn 2.
    let mut minute = 4;
    loop {
        let s = g.state();
        if s.game_turn == 2 && s.phase == arbitre::games::galactic_destiny::model::Phase::Filing {
            break;
        }
        assert!(minute < 60, "game turn 2 never came: {:?}", s.phase);
        for p in ["GSP", "BIP", "POP"] {
            g.send(p, &format!("{p}-{minute}"), &["PASSE"], at(minute));
        }
        g.play(at(minute + 1));
        minute += 2;
    }
    // S1: GSP sues; S2: BIP defends; the court sits when S2 is played.
    let gsp_senator = g.state().fx.senators.iter().find(|(_, x)| x.party == GSP).map(|(n, _)| n.clone()).unwrap();
    let version = "BIP n'envahit aucun secteur de GSP";
    g.send("GSP", "gsp-suit", &[&format!("PROCES A1 {gsp_senator} \"{version}\"")], at(minute));
    g.send("BIP", "bip-s1b", &["PASSE"], at(minute));
    g.send("POP", "pop-s1b", &["PASSE"], at(minute));
    let by = g.play(at(minute + 1));
    for text in parties_mails(&by) {
        assert!(text.contains("Procès P1 devant la cour galactique : GSP poursuit BIP sur l'accord A1"), "the suit is public: {text}");
    }
    g.send("GSP", "gsp-s2b", &["PASSE"], at(minute + 2));
    g.send("BIP", "bip-defence", &["DEFENSE-PROCES A1 \"BIP n'envahit pas le secteur natal de GSP\""], at(minute + 2));
    g.send("POP", "pop-s2b", &["PASSE"], at(minute + 2));
    let by = g.play(at(minute + 3));
    let s = g.state();
    let ratified = arbitre::games::galactic_destiny::court::binding_version(&s, 1).expect("the court ratified a version");
    for text in parties_mails(&by) {
        assert!(text.contains("Procès P1 :") && text.contains(ratified), "the ruling is public: {text}");
    }
    // The game master sees the ratified promise, and rules BIP's breach of it.
    let (ok, etat) = g.mj(&[GAME, "--etat"], "", at(minute + 4));
    assert!(ok, "{etat}");
    assert!(etat.contains("P1") && etat.contains("accord A1"), "{etat}");
    let (ok, out) = g.mj(&[GAME, "-"], "INFRACTION BIP ACCORD A1\n", at(minute + 4));
    assert!(ok && out.contains("accepté : INFRACTION BIP ACCORD A1"), "{out}");
    for p in ["GSP", "BIP", "POP"] {
        g.send(p, &format!("{p}-after"), &["PASSE"], at(minute + 4));
    }
    let by = g.play(at(minute + 5));
    assert_eq!(g.state().deals[0].broken.map(|(p, _)| p.sigle()), Some("BIP"));
    for text in parties_mails(&by) {
        assert!(text.contains("Décision de l'arbitre : BIP a rompu l'accord A1 (2 corruptions ; l'accord prend fin)."), "{text}");
    }
}
