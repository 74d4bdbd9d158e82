//! Galaxy through the referee: rule 2.1's 4–16 players (a clear refusal to
//! start otherwise, told to the referee at once, never a game that silently
//! stays in registration), and the word "joueur" in acknowledgements and
//! report subjects.

mod support;

use arbitre::referee::adjudication::Mode;
use jiff::SignedDuration;
use support::*;

fn galaxy_env(settings: &str) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let text = config_text("").replace("ruleset = \"stellarium\"", "ruleset = \"galaxy\"") + "\n[games.settings]\n" + settings;
    std::fs::write(dir.path().join("config.toml"), text).unwrap();
    let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
    let referee = arbitre::referee::Referee::new(cfg, templates()).unwrap();
    referee.create_game(GAME, Some(5), t0()).unwrap();
    Env { dir, referee }
}

/// Rule 0 (RULINGS, Galaxy): a player without orders plays nothing, and
/// the report says what was played for it by default (issue 26); a player
/// who gave orders is not told so.
#[test]
fn r0_a_report_says_what_was_played_by_default_for_a_player_without_orders() {
    let e = galaxy_env("players = 4\n");
    let t = t0();
    let players = [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma"), ("d@x.test", "Delta")];
    let passwords: Vec<String> = players.iter().map(|(a, f)| join(&e.referee, a, f, t)).collect();
    let after = |e: &Env| e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    e.referee.adjudicate(GAME, Mode::Force, after(&e)).unwrap();
    take_outbox(&e.referee);
    // Turn 1: Alpha gives its orders, the others nothing.
    let g = e.referee.open_game(GAME).unwrap();
    let key = g.meta.families.iter().find(|(_, f)| f.name == "Alpha").map(|(k, _)| k.clone()).unwrap();
    let lines = g.engine.sample_orders(&g.state, &key, &mut arbitre::dice::Dice::for_turn(1, 1)).unwrap();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert!(!refs.is_empty());
    let raw = mail("a@x.test", "orders-a@x.test", "Ordres", &orders_body("Alpha", &passwords[0], Some(1), &refs), t);
    e.referee.handle_mail(&raw, t).unwrap();
    take_outbox(&e.referee);
    e.referee.adjudicate(GAME, Mode::Force, after(&e)).unwrap();
    let sent = take_outbox(&e.referee);
    let report = |a: &str| sent.iter().find(|m| m.to == [a] && m.subject.contains("Rapport du tour 1")).unwrap_or_else(|| panic!("{a}: {sent:#?}")).text.clone();
    let told = "Joué pour vous par défaut (règle 0) : rien — vos flottes sont restées en place, vos étoiles n'ont rien construit et vos ressources sont conservées.";
    assert!(report("b@x.test").contains(told), "{}", report("b@x.test"));
    assert!(!report("a@x.test").contains("par défaut"), "{}", report("a@x.test"));
}

#[test]
fn r2_1_players_outside_4_to_16_are_refused_in_the_rules_galaxy() {
    for (settings, ok) in [("players = 3\n", false), ("players = 17\n", false), ("players = 4\n", true), ("players = 16\n", true)] {
        let dir = tempfile::tempdir().unwrap();
        let text = config_text("").replace("ruleset = \"stellarium\"", "ruleset = \"galaxy\"") + "\n[games.settings]\n" + settings;
        std::fs::write(dir.path().join("config.toml"), &text).unwrap();
        let cfg = arbitre::config::load(&dir.path().join("config.toml")).unwrap();
        let referee = arbitre::referee::Referee::new(cfg, templates()).unwrap();
        match referee.create_game(GAME, Some(5), t0()) {
            Ok(_) => assert!(ok, "{settings} accepted"),
            Err(e) => {
                assert!(!ok, "{settings} refused: {e}");
                assert!(e.to_string().contains("2.1"), "the refusal names the rule: {e}");
            }
        }
    }
    // A scaled galaxy takes more, if its stars can hold them.
    let mut t = toml::Table::new();
    for (k, v) in [("players", 100), ("size", 75), ("stars", 750)] {
        t.insert(k.into(), toml::Value::Integer(v));
    }
    assert!(arbitre::games::galaxy::settings(&t).is_ok());
    t.insert("stars".into(), toml::Value::Integer(120));
    let e = arbitre::games::galaxy::settings(&t).unwrap_err();
    assert!(e.contains("trop peu d'étoiles"), "{e}");
}

#[test]
fn r2_1_too_few_players_hold_turn_0_and_the_referee_is_told_at_once() {
    let e = galaxy_env("players = 6\n");
    let t = t0();
    let mut passwords = Vec::new();
    for (a, f) in [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma")] {
        passwords.push(join(&e.referee, a, f, t));
    }
    let deadline = e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap();
    let after = deadline.checked_add(SignedDuration::from_mins(1)).unwrap();
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after).unwrap();
    let held = s.held.expect("turn 0 held: no galaxy for 3 players");
    assert!(held.contains("au moins 4") && held.contains("2.1"), "{held}");
    let sent = take_outbox(&e.referee);
    let alert = sent.iter().find(|m| m.to == vec!["referee@example.test".to_string()]).expect("the referee is mailed at once");
    assert!(alert.text.contains("n'a pas pu être créée"), "{}", alert.text);
    assert!(sent.iter().all(|m| !m.subject.contains("Rapport")), "no report for a game that did not start");
    // Each player is told why the game does not start, without the referee's commands.
    for a in ["a@x.test", "b@x.test", "c@x.test"] {
        let told = sent.iter().find(|m| m.to == vec![a.to_string()]).unwrap_or_else(|| panic!("{a} is not told the turn is held: {sent:#?}"));
        assert!(told.subject.contains("suspendu"), "{}", told.subject);
        assert!(told.text.contains("les règles ne permettent pas de le jouer") && told.text.contains("au moins 4 pour créer la galaxie (2.1)"), "{}", told.text);
        assert!(!told.text.contains("arbitre game") && !told.text.contains("% de ceux"), "{}", told.text);
        assert!(told.text.contains("Rien n'est demandé") && !told.text.contains("aucun ordre"), "nothing is asked at registration: {}", told.text);
    }
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.turn, 0, "registration stays open, not a turn 1 without a galaxy");
    assert!(meta.held.is_some());

    // A fourth player joins; the referee lifts the hold: the galaxy is made.
    let pd = join(&e.referee, "d@x.test", "Delta", t);
    e.referee.set_paused(GAME, false).unwrap();
    let s = e.referee.adjudicate(GAME, Mode::Force, after).unwrap();
    assert!(s.held.is_none(), "{:?}", s.held);
    let meta = e.referee.read_meta(GAME).unwrap().unwrap();
    assert_eq!(meta.turn, 1);
    let sent = take_outbox(&e.referee);
    let report = sent.iter().find(|m| m.to == vec!["d@x.test".to_string()]).expect("Delta's report");
    assert!(report.subject.contains("— joueur Delta"), "Galaxy says joueur: {}", report.subject);

    // The acknowledgement says "joueur" too.
    let now = meta.deadline.unwrap().checked_sub(SignedDuration::from_hours(30)).unwrap();
    let raw = mail("d@x.test", "orders-d@x.test", "Ordres", &orders_body("Delta", &pd, Some(1), &["CONSTRUIRE F1 5P +0+0"]), now);
    e.referee.handle_mail(&raw, now).unwrap();
    let ack = take_outbox(&e.referee).into_iter().find(|m| m.to == vec!["d@x.test".to_string()]).expect("an acknowledgement");
    assert!(ack.text.contains("— joueur Delta —"), "{}", ack.text);
    assert!(!ack.text.contains("famille"), "{}", ack.text);
    let _ = passwords;
}

#[test]
fn registration_open_is_true_on_every_command_once_the_galaxy_is_made() {
    let e = galaxy_env("players = 4\n");
    let t = t0();
    for (a, f) in [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma"), ("d@x.test", "Delta")] {
        join(&e.referee, a, f, t);
    }
    // The galaxy is full: nobody else can join, and nothing says otherwise.
    let says_open = |e: &Env| {
        let raw = mail("z@x.test", &format!("blank-{}@x.test", e.referee.read_meta(GAME).unwrap().unwrap().turn), "Bonjour", "Bonjour, comment jouer ?\n", t);
        e.referee.handle_mail(&raw, t).unwrap();
        let reply = take_outbox(&e.referee).remove(0);
        assert!(reply.text.contains(GAME), "{}", reply.text);
        (e.referee.status(GAME, t).unwrap().registration_open, reply.text.contains("inscriptions ouvertes"))
    };
    assert_eq!(says_open(&e), (false, false), "a full galaxy takes nobody");
    let after = e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    e.referee.adjudicate(GAME, Mode::Deadline, after).unwrap();
    assert_eq!(e.referee.read_meta(GAME).unwrap().unwrap().turn, 1, "the galaxy is made");
    assert_eq!(says_open(&e), (false, false), "made: registration is closed");
    // And a join is refused, as the status says.
    let raw = mail("z@x.test", "join-z@x.test", "Inscription", &format!("PARTIE {GAME}\nINSCRIPTION Zeta\n"), t);
    e.referee.handle_mail(&raw, t).unwrap();
    assert!(take_outbox(&e.referee).iter().all(|m| !m.text.contains("Bienvenue")));
}

#[test]
fn registration_open_is_true_while_the_galaxy_has_room() {
    let e = galaxy_env("players = 6\n");
    join(&e.referee, "a@x.test", "Alpha", t0());
    assert!(e.referee.status(GAME, t0()).unwrap().registration_open, "room for five more");
}

#[test]
fn help_with_the_game_alone_lists_galaxys_orders() {
    let e = galaxy_env("players = 6\n");
    let raw = mail("z@x.test", "help-z@x.test", "Help", &format!("GAME {GAME}\nHELP\n"), t0());
    e.referee.handle_mail(&raw, t0()).unwrap();
    let t = &take_outbox(&e.referee)[0].text;
    assert!(t.contains("MOVE F<a> <+H+V>") && t.contains("ATTACK F1 STAR"), "Galaxy's orders and an example: {t}");
    assert!(t.contains("JOIN <name>"), "{t}");
}

#[test]
fn a_galaxy_turn_held_then_resumed_then_rolled_back_tells_every_player_and_mails_every_report() {
    let e = galaxy_env("players = 4\n");
    let t = t0();
    let players = [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma")];
    for (a, f) in players {
        join(&e.referee, a, f, t);
    }
    // One player writes in English.
    let raw = mail("d@x.test", "join-d@x.test", "Join", &format!("GAME {GAME}\nJOIN Delta\n"), t);
    e.referee.handle_mail(&raw, t).unwrap();
    take_outbox(&e.referee);
    let after = |e: &Env| e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    e.referee.adjudicate(GAME, Mode::Deadline, after(&e)).unwrap();
    take_outbox(&e.referee);
    // Turn 1: nobody writes (the mail is down?): held, and every player told.
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after(&e)).unwrap();
    assert!(s.held.is_some(), "held");
    let sent = take_outbox(&e.referee);
    for (a, _) in players {
        let m: Vec<&Sent> = sent.iter().filter(|m| m.to == [a]).collect();
        assert_eq!(m.len(), 1, "{a}: {sent:#?}");
        assert!(m[0].subject.contains("Tour 1 suspendu") && m[0].text.contains("aucun ordre"), "{}", m[0].text);
    }
    let d = sent.iter().find(|m| m.to == ["d@x.test"]).expect("Delta is told");
    assert!(d.subject.contains("Turn 1 on hold") && d.text.contains("I have received no orders from Delta"), "{}", d.text);
    // Resumed: played at the next look, every report mailed.
    e.referee.set_paused(GAME, false).unwrap();
    let s = e.referee.adjudicate(GAME, Mode::Deadline, after(&e)).unwrap();
    assert!(s.held.is_none());
    let reports = |sent: &[Sent]| sent.iter().filter(|m| m.subject.contains("Rapport du tour 1") || m.subject.contains("Report for turn 1")).count();
    assert_eq!(reports(&take_outbox(&e.referee)), 4);
    // Rolled back to turn 1: told, and the turn played again mails its reports.
    let before = after(&e).checked_sub(SignedDuration::from_hours(2)).unwrap();
    e.referee.rollback(GAME, 1, before).unwrap();
    let sent = take_outbox(&e.referee);
    assert_eq!(sent.len(), 4, "{sent:#?}");
    assert!(sent.iter().any(|m| m.to == ["d@x.test"] && m.subject.contains("Back to the start of turn 1")));
    e.referee.adjudicate(GAME, Mode::Force, after(&e)).unwrap();
    assert_eq!(reports(&take_outbox(&e.referee)), 4);
}

#[test]
fn a_player_turned_pnj_once_the_galaxy_is_made_is_not_invited_to_join_again() {
    let e = galaxy_env("players = 4\n");
    let t = t0();
    let players = [("a@x.test", "Alpha"), ("b@x.test", "Beta"), ("c@x.test", "Gamma"), ("d@x.test", "Delta")];
    let pws: Vec<String> = players.iter().map(|(a, f)| join(&e.referee, a, f, t)).collect();
    let after = |e: &Env| e.referee.read_meta(GAME).unwrap().unwrap().deadline.unwrap().checked_add(SignedDuration::from_mins(1)).unwrap();
    e.referee.adjudicate(GAME, Mode::Deadline, after(&e)).unwrap();
    take_outbox(&e.referee);
    // Alpha and Beta play; Delta never does: PNJ at its third ONR (turn 3).
    let mut notice = None;
    for turn in 1..=3u32 {
        let g = e.referee.open_game(GAME).unwrap();
        let before = g.meta.deadline.unwrap().checked_sub(SignedDuration::from_hours(2)).unwrap();
        for (i, (a, f)) in players.iter().enumerate().take(2) {
            let mut dice = arbitre::dice::Dice::for_turn(9, turn);
            let lines = g.engine.sample_orders(&g.state, &arbitre::text::key(f), &mut dice).unwrap();
            let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
            let raw = mail(a, &format!("o{turn}-{f}@x.test"), "Ordres", &orders_body(f, &pws[i], Some(turn), &refs), before);
            e.referee.handle_mail(&raw, before).unwrap();
        }
        take_outbox(&e.referee);
        let s = e.referee.adjudicate(GAME, Mode::Deadline, after(&e)).unwrap();
        assert!(s.held.is_none(), "turn {turn}: {:?}", s.held);
        notice = notice.or(take_outbox(&e.referee).into_iter().find(|m| m.to == ["d@x.test"] && m.subject.contains("PNJ")));
    }
    let notice = notice.expect("Delta is told it is PNJ");
    assert!(notice.text.contains("Cette partie n'accepte pas de nouvelle inscription"), "{}", notice.text);
    assert!(!notice.text.contains("INSCRIPTION <nouveau nom>"), "{}", notice.text);
    // Galaxy's own words (issue 26): a seat whose fleets hold, not Stellarium's characters and pyramids.
    assert!(notice.text.contains("Le joueur Delta") && notice.text.contains("ses flottes restent en place"), "{}", notice.text);
    assert!(!notice.text.contains("personnages") && !notice.text.contains("pyramides") && !notice.text.contains("famille"), "{}", notice.text);
    assert!(!e.referee.status(GAME, t).unwrap().registration_open);
}
