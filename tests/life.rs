//! A player's life by mail (issue 26), through the daemon: mail in → daemon
//! → every mail each player receives. A forgotten password, the report of
//! an earlier turn, a change of address confirmed from both addresses, and
//! replies to relayed messages, anonymous ones too.

mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use arbitre::referee::Referee;
use support::*;

/// The test configuration, anonymous messages leaving at once.
fn life_env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = config_text("").replacen("[[games]]", "[outbox]\nanonymous_every = \"0\"\n\n[[games]]", 1);
    std::fs::write(&path, text).unwrap();
    let cfg = arbitre::config::load(&path).unwrap();
    let referee = Referee::new(cfg, templates()).unwrap();
    referee.create_game(GAME, Some(42), t0()).unwrap();
    Env { dir, referee }
}

/// A daemon over the test's data directory.
struct Running {
    root: PathBuf,
    referee: Arc<Referee>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

fn start(e: &Env) -> Running {
    let root = e.dir.path().to_path_buf();
    std::fs::create_dir_all(root.join("mail/inbox/new")).unwrap();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(Referee::new(cfg, templates()).unwrap());
    let (_clock, stop, task) = spawn_daemon(&root, referee.clone(), t0(), Duration::from_millis(200));
    Running { root, referee, stop, task }
}

impl Running {
    /// Delivers a mail and waits until the daemon has handled it (its
    /// archive's done marker) and sent whatever it queued.
    async fn mail(&self, n: usize, from: &str, body: &str) {
        let before = handled(&self.root);
        deliver(&self.root, &format!("{n}.mail"), &mail(from, &format!("m{n}@x.test"), "Ordres", body, t0()));
        until("the mail handled", || handled(&self.root) > before).await;
        until("the outbox empty", || self.referee.store.outbox().pending_count().unwrap() == 0).await;
    }

    async fn stop(self) {
        self.stop.send(()).unwrap();
        self.task.await.unwrap().unwrap();
    }
}

/// How many incoming mails the referee has handled (done markers).
fn handled(root: &Path) -> usize {
    let dir = root.join("data/archive");
    std::fs::read_dir(dir).map(|d| d.flatten().filter(|e| e.file_name().to_string_lossy().ends_with(".done.json")).count()).unwrap_or(0)
}

/// How many mails each address received.
fn counts(root: &Path, addresses: &[&str]) -> Vec<usize> {
    addresses.iter().map(|a| delivered(root, a).len()).collect()
}

fn header(family: &str, password: &str) -> String {
    format!("PARTIE {GAME}\nFAMILLE {family}\nMOTDEPASSE {password}\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_goes_only_to_the_registered_address_once_an_hour_and_locks_no_one_out() {
    let e = life_env();
    let old = join(&e.referee, "a@x.test", "Atréides", t0());
    join(&e.referee, "h@x.test", "Harkonnen", t0());
    let d = start(&e);
    let everyone = ["a@x.test", "h@x.test", "evil@y.test"];
    let ask = format!("PARTIE {GAME}\nFAMILLE Atréides\nMOTDEPASSE OUBLIE\nFIN\n");

    // From another address: nothing is mailed to anyone, nothing changes.
    d.mail(1, "evil@y.test", &ask).await;
    assert_eq!(counts(&d.root, &everyone), [0, 0, 0], "a request from a stranger was answered");
    assert!(d.referee.read_meta(GAME).unwrap().unwrap().families["ATREIDES"].password_reset.is_none());

    // From the registered address: a new password, there.
    d.mail(2, "a@x.test", &ask).await;
    assert_eq!(counts(&d.root, &everyone), [1, 0, 0]);
    let text = delivered(&d.root, "a@x.test").remove(0);
    assert!(text.contains("Vous avez demandé un nouveau mot de passe") && text.contains("Un seul nouveau mot de passe est envoyé par heure"), "{text}");
    let new = password_in(&text);
    assert_ne!(new, old);

    // Again within the hour (in English): not answered.
    d.mail(3, "a@x.test", &format!("GAME {GAME}\nFAMILY Atréides\nFORGOT-PASSWORD\nEND\n")).await;
    assert_eq!(counts(&d.root, &everyone), [1, 0, 0], "a second new password within the hour");

    // The old password still works until the new one is used…
    d.mail(4, "a@x.test", &orders_body("Atréides", &old, None, FOUNDERS)).await;
    let ack = delivered(&d.root, "a@x.test").remove(1);
    assert!(ack.contains("Vos ordres") && !ack.contains("mot de passe était faux"), "{ack}");
    d.mail(5, "a@x.test", &orders_body("Atréides", &new, None, FOUNDERS)).await;
    assert!(!delivered(&d.root, "a@x.test")[2].contains("mot de passe était faux"), "{:?}", delivered(&d.root, "a@x.test"));
    // … then no more.
    d.mail(6, "a@x.test", &orders_body("Atréides", &old, None, FOUNDERS)).await;
    assert!(delivered(&d.root, "a@x.test")[3].contains("mot de passe était faux"), "{:?}", delivered(&d.root, "a@x.test"));
    assert_eq!(counts(&d.root, &everyone), [4, 0, 0]);
    d.stop().await;
    assert_eq!(files_holding(&data(&e), &new), Vec::<String>::new(), "the new password in clear");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn report_n_resends_the_familys_own_report_of_an_earlier_turn() {
    let e = life_env();
    let pw = join(&e.referee, "a@x.test", "Atréides", t0());
    let hpw = join(&e.referee, "h@x.test", "Harkonnen", t0());
    for (f, p) in [("Atréides", &pw), ("Harkonnen", &hpw)] {
        let from = if f == "Atréides" { "a@x.test" } else { "h@x.test" };
        e.referee.handle_mail(&mail(from, &format!("o-{from}"), "Ordres", &orders_body(f, p, None, FOUNDERS), t0()), t0()).unwrap();
    }
    e.referee.adjudicate(GAME, arbitre::referee::adjudication::Mode::Force, t0()).unwrap();
    take_outbox(&e.referee);
    let d = start(&e);
    let everyone = ["a@x.test", "h@x.test"];
    let kept = |t: u32| std::fs::read_to_string(game_dir(&e).join(format!("turns/{t:04}/reports/ATREIDES/report.txt"))).unwrap();
    let ask = format!("{}RAPPORT 0\nRAPPORT 7\nFIN\n", header("Atréides", &pw));

    // Turn 1 open: the report of turn 0 (the latest), and a refusal for a turn not played.
    d.mail(1, "a@x.test", &ask).await;
    let got = delivered(&d.root, "a@x.test");
    assert_eq!(counts(&d.root, &everyone), [2, 0], "{got:?}");
    let ack = got.iter().find(|t| t.contains("RAPPORT 0 :")).expect("the acknowledgement");
    assert!(ack.contains("RAPPORT 0 : votre rapport du tour 0 vous est renvoyé"), "{ack}");
    assert!(ack.contains("RAPPORT 7 : le tour 7 n'a pas encore été joué (le tour ouvert est le 1)"), "{ack}");
    let first_line = |t: &str| t.lines().find(|l| !l.trim().is_empty()).unwrap().to_string();
    assert!(got.iter().any(|t| !t.contains("RAPPORT 0 :") && t.contains(&first_line(&kept(0)))), "no report of turn 0: {got:?}");

    // Turn 1 played (the game may be over then): turn 0's report is still there, the family's own.
    d.referee.adjudicate(GAME, arbitre::referee::adjudication::Mode::Force, t0()).unwrap();
    until("the reports sent", || d.referee.store.outbox().pending_count().unwrap() == 0).await;
    let before = counts(&d.root, &everyone);
    let (zero, one) = (kept(0), kept(1));
    let only_zero = zero.lines().find(|l| l.trim().len() > 20 && !one.contains(*l)).expect("a line of turn 0's report not in turn 1's").to_string();
    d.mail(2, "a@x.test", &ask).await;
    assert_eq!(counts(&d.root, &everyone), [before[0] + 2, before[1]], "another family was mailed");
    let got = delivered(&d.root, "a@x.test").split_off(before[0]);
    let reply = got.iter().find(|t| t.contains("RAPPORT 0 :")).expect("the answer");
    assert!(reply.contains("RAPPORT 0 : votre rapport du tour 0 vous est renvoyé"), "{reply}");
    let report = got.iter().find(|t| !t.contains("RAPPORT 0 :")).expect("the report");
    assert!(report.contains(&only_zero), "not the report of turn 0: {report}");
    d.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_of_address_is_confirmed_from_the_new_address_and_the_old_one_is_told() {
    let e = life_env();
    let pw = join(&e.referee, "a@x.test", "Atréides", t0());
    join(&e.referee, "h@x.test", "Harkonnen", t0());
    let d = start(&e);
    let everyone = ["a@x.test", "b@x.test", "h@x.test", "evil@y.test"];

    d.mail(1, "a@x.test", &format!("{}ADRESSE <B@x.test>\nRAPPORT 0\nFIN\n", header("Atréides", &pw))).await;
    assert_eq!(counts(&d.root, &everyone), [1, 1, 0, 0]);
    let ack = delivered(&d.root, "a@x.test").remove(0);
    assert!(ack.contains("ADRESSE : un code de confirmation est envoyé à b@x.test"), "{ack}");
    assert!(ack.contains("RAPPORT 0 : le tour 0 n'a pas encore été joué (le tour ouvert est le 0)"), "{ack}");
    let ask = delivered(&d.root, "b@x.test").remove(0);
    let code_line = ask.lines().find(|l| l.starts_with("ADRESSE CODE ")).expect("the code line").to_string();
    assert!(!ask.contains(&pw), "the confirmation carries the password");

    // The code from another address, or a wrong code: not answered, nothing moves.
    d.mail(2, "evil@y.test", &format!("PARTIE {GAME}\nFAMILLE Atréides\n{code_line}\nFIN\n")).await;
    d.mail(3, "b@x.test", &format!("PARTIE {GAME}\nFAMILLE Atréides\nADRESSE CODE AAAAAAAAAA\nFIN\n")).await;
    assert_eq!(counts(&d.root, &everyone), [1, 1, 0, 0]);
    assert_eq!(d.referee.read_meta(GAME).unwrap().unwrap().families["ATREIDES"].address, "a@x.test");

    // A plain reply from the new address (the lines quoted): the seat moves.
    let reply = format!("Oui.\n\n> {}\n", ask.lines().collect::<Vec<_>>().join("\n> "));
    d.mail(4, "b@x.test", &reply).await;
    assert_eq!(counts(&d.root, &everyone), [2, 2, 0, 0]);
    let (moved_in, moved_out) = (delivered(&d.root, "b@x.test").remove(1), delivered(&d.root, "a@x.test").remove(1));
    assert!(moved_in.contains("À votre demande") && moved_in.contains("c'est désormais cette adresse (b@x.test)"), "{moved_in}");
    assert!(moved_out.contains("cette adresse ne reçoit plus son courrier"), "{moved_out}");
    assert_eq!(d.referee.read_meta(GAME).unwrap().unwrap().families["ATREIDES"].address, "b@x.test");

    // The new address plays with the same password; the old is refused (told at the new one).
    d.mail(5, "b@x.test", &orders_body("Atréides", &pw, None, FOUNDERS)).await;
    assert!(!delivered(&d.root, "b@x.test")[2].contains("REFUSÉ"), "{:?}", delivered(&d.root, "b@x.test"));
    d.mail(6, "a@x.test", &orders_body("Atréides", &pw, None, FOUNDERS)).await;
    assert!(delivered(&d.root, "b@x.test")[3].contains("qui n'est pas l'adresse enregistrée"), "{:?}", delivered(&d.root, "b@x.test"));
    assert_eq!(counts(&d.root, &everyone), [2, 4, 0, 0]);
    d.stop().await;
}

#[test]
fn an_address_code_expires_after_48_hours_and_the_player_may_cancel_it() {
    use arbitre::referee::intake::Outcome;
    let e = life_env();
    let r = &e.referee;
    let pw = join(r, "a@x.test", "Atréides", t0());
    let ask = |n: u32, to: &str, at: jiff::Timestamp| {
        r.handle_mail(&mail("a@x.test", &format!("c{n}@x.test"), "Adresse", &format!("{}ADRESSE {to}\nFIN\n", header("Atréides", &pw)), at), at).unwrap();
        take_outbox(r)
    };
    let confirm = |n: u32, code_line: &str, at: jiff::Timestamp| {
        r.handle_mail(&mail("b@x.test", &format!("k{n}@x.test"), "Adresse", &format!("PARTIE {GAME}\nFAMILLE Atréides\n{code_line}\nFIN\n"), at), at).unwrap()
    };
    let silenced = |o: &Outcome, why: &str| matches!(o, Outcome::Silenced { reason } if reason.contains(why));
    let code_of = |sent: &[Sent]| sent.iter().find(|s| s.to == ["b@x.test"]).expect("the code mailed").text.lines().find(|l| l.starts_with("ADRESSE CODE ")).unwrap().to_string();

    // Expired after 48 hours.
    let code = code_of(&ask(1, "b@x.test", t0()));
    let late = t0() + jiff::SignedDuration::from_hours(48);
    let out = confirm(1, &code, late);
    assert!(silenced(&out, "expired"), "{out:?}");
    assert!(take_outbox(r).is_empty());

    // Cancelled from the registered address: the code is worth nothing; asking
    // again within the hour mails b@x.test nothing.
    let later = late + jiff::SignedDuration::from_hours(1);
    let code = code_of(&ask(2, "b@x.test", later));
    let acks = ask(3, "a@x.test", later);
    assert!(acks.len() == 1 && acks[0].text.contains("le changement d'adresse vers b@x.test est annulé"), "{acks:?}");
    let out = confirm(2, &code, later);
    assert!(silenced(&out, "no change of address waits"), "{out:?}");
    let again = ask(4, "b@x.test", later);
    assert!(again.len() == 1 && again[0].to == ["a@x.test"] && again[0].text.contains("il y a moins d'une heure"), "{again:?}");
    let fam = &r.read_meta(GAME).unwrap().unwrap().families["ATREIDES"];
    assert_eq!(fam.address, "a@x.test");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_to_a_relayed_message_reaches_its_sender_without_naming_it() {
    let e = life_env();
    let apw = join(&e.referee, "a@x.test", "Atréides", t0());
    // Harkonnen plays in English.
    e.referee.handle_mail(&mail("h@x.test", "join-h@x.test", "Join", &format!("GAME {GAME}\nJOIN Harkonnen\n"), t0()), t0()).unwrap();
    let hpw = password_in(&take_outbox(&e.referee).iter().find(|s| s.text.contains("Welcome")).expect("an English welcome").text);
    let cpw = join(&e.referee, "c@x.test", "Corrino", t0());
    let d = start(&e);
    let everyone = ["a@x.test", "h@x.test", "c@x.test"];
    let token_in = |text: &str| text.lines().find_map(|l| l.strip_prefix("REPONDRE ").or_else(|| l.strip_prefix("REPLY "))).expect("a reply line").trim().to_string();

    // Atréides writes to Harkonnen anonymously.
    d.mail(1, "a@x.test", &format!("{}MESSAGE Harkonnen ANONYME\nL'Empereur ment.\nFINMESSAGE\nFIN\n", header("Atréides", &apw))).await;
    assert_eq!(counts(&d.root, &everyone), [1, 1, 0]);
    let relayed = delivered(&d.root, "h@x.test").remove(0);
    assert!(relayed.contains("Anonymous message") && relayed.contains("L'Empereur ment.") && relayed.contains("REPLY "), "{relayed}");
    assert!(!relayed.contains("Atréides") && !relayed.contains("a@x.test") && !relayed.contains("ATREIDES"), "the relay names its sender: {relayed}");
    let token = token_in(&relayed);

    // Harkonnen answers with the token: the answer reaches Atréides, signed.
    d.mail(2, "h@x.test", &format!("GAME {GAME}\nFAMILY Harkonnen\nPASSWORD {hpw}\nREPLY {token}\nQui êtes-vous ?\nENDMESSAGE\nEND\n")).await;
    assert_eq!(counts(&d.root, &everyone), [2, 2, 0]);
    let ack = delivered(&d.root, "h@x.test").remove(1);
    assert!(ack.contains("REPLY: your reply is relayed to the author of the message"), "{ack}");
    assert!(!ack.contains("Atréides"), "the acknowledgement names the anonymous sender: {ack}");
    let answer = delivered(&d.root, "a@x.test").remove(1);
    assert!(answer.contains("Réponse à votre message, de la part de la famille Harkonnen") && answer.contains("Qui êtes-vous ?"), "{answer}");

    // Another family cannot use Harkonnen's token: nothing is relayed.
    d.mail(3, "c@x.test", &format!("{}REPONDRE {token}\nC'était moi.\nFINMESSAGE\nFIN\n", header("Corrino", &cpw))).await;
    assert_eq!(counts(&d.root, &everyone), [2, 2, 1]);
    assert!(delivered(&d.root, "c@x.test")[0].contains("ce code de réponse n'est pas celui d'un message qui vous a été transmis"), "{:?}", delivered(&d.root, "c@x.test"));

    // Atréides answers the answer, anonymously still: it reaches Harkonnen unsigned.
    let back = token_in(&answer);
    d.mail(4, "a@x.test", &format!("{}REPONDRE {back} ANONYME\nUn ami.\nFINMESSAGE\nFIN\n", header("Atréides", &apw))).await;
    assert_eq!(counts(&d.root, &everyone), [3, 3, 1]);
    let second = delivered(&d.root, "h@x.test").remove(2);
    assert!(second.contains("Reply to your message, anonymous") && second.contains("Un ami."), "{second}");
    assert!(!second.contains("Atréides") && !second.contains("a@x.test"), "{second}");
    d.stop().await;
}
