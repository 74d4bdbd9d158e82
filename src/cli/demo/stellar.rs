//! `arbitre demo --ruleset stellar`: a whole game of Stellar between two
//! simulated players who mail their moves through the Maildir transport.
//! Each step is adjudicated by force as soon as the awaited players' mails
//! are in (the turn-based daemon's early adjudication will take over). Youri
//! plays every step in French; Neil writes in English and goes silent from
//! step 10 on, so the referee plays default moves for him (reported as
//! such). The simulated players refresh the row whenever the rules allow it
//! and sometimes play a random legal move, so blind draws happen.

use jiff::{SignedDuration, Timestamp};

use crate::dice::Dice;
use crate::games::stellar::model::LogEntry;
use crate::games::stellar::StellarState;
use crate::referee::adjudication::Mode;
use crate::referee::Referee;
use crate::transport::{MaildirMailbox, MaildirSender};

use super::{drop_in_inbox, find_password, player_mail, pump, read_new_mail, DemoArgs, Player, Role, GAME};

/// From this step on Neil sends nothing.
const SILENT_FROM: u32 = 10;

pub(super) async fn play(r: &Referee, a: &DemoArgs) -> anyhow::Result<()> {
    let (inbox_dir, outgoing_dir) = match &r.config.transport {
        crate::config::TransportConfig::Maildir { inbox, outgoing } => (inbox.clone(), outgoing.clone()),
        _ => anyhow::bail!("the demo runs on the embedded Maildir transport"),
    };
    let mut mailbox = MaildirMailbox::open(&inbox_dir)?;
    let sender = MaildirSender::new(&outgoing_dir);
    let mut now: Timestamp = "2026-01-05T09:00:00Z".parse()?;
    let created = r.create_game(GAME, Some(a.seed), now)?;
    let engine = crate::games::engine(&created.ruleset).ok_or_else(|| anyhow::anyhow!("no ruleset {}", created.ruleset))?;
    let mut players: Vec<Player> = [("Youri", Role::Diligent), ("Neil", Role::English)]
        .iter()
        .enumerate()
        .map(|(i, (name, role))| Player {
            family: name.to_string(),
            address: format!("player{}@demo.test", i + 1),
            role: *role,
            password: None,
            mails_read: Default::default(),
        })
        .collect();
    let mut sent = 0usize;
    for (i, p) in players.iter().enumerate() {
        let en = p.role == Role::English;
        let body = format!("{} {GAME}\n{} {}\n", if en { "GAME" } else { "PARTIE" }, if en { "JOIN" } else { "INSCRIPTION" }, p.family);
        drop_in_inbox(&inbox_dir, &player_mail(p, &format!("join-{i}"), "Inscription", &body, now)?)?;
        sent += 1;
    }
    pump(r, &mut mailbox, &sender, now).await?;
    for p in players.iter_mut() {
        for text in read_new_mail(&outgoing_dir, p)? {
            if let Some(pw) = find_password(&text) {
                p.password = Some(pw);
            }
        }
    }
    println!("demo: {}/2 players registered in game {GAME} (stellar)", players.iter().filter(|p| p.password.is_some()).count());

    for t in 0..a.turns {
        let g = r.open_game(GAME)?;
        if g.meta.finished {
            break;
        }
        let awaited = engine.awaiting(&g.state)?;
        let mut movers = Vec::new();
        for (i, p) in players.iter().enumerate() {
            let key = crate::text::key(&p.family);
            if awaited.as_ref().is_some_and(|set| !set.contains(&key)) {
                continue;
            }
            movers.push(p.family.clone());
            let Some(pw) = &p.password else { continue };
            if p.role == Role::English && t >= SILENT_FROM {
                continue;
            }
            let mut dice = Dice::for_turn(a.seed ^ 0x5eed_0000 ^ ((i as u64) << 20), t);
            let lines = engine.sample_orders(&g.state, &key, &mut dice)?;
            let en = p.role == Role::English;
            let body = format!(
                "{} {GAME}\n{} {}\n{} {pw}\n{} {t}\n{}\n{}\n",
                if en { "GAME" } else { "PARTIE" },
                if en { "PLAYER" } else { "JOUEUR" },
                p.family,
                if en { "PASSWORD" } else { "MOTDEPASSE" },
                if en { "TURN" } else { "TOUR" },
                lines.join("\n"),
                if en { "END" } else { "FIN" },
            );
            drop_in_inbox(&inbox_dir, &player_mail(p, &format!("orders-{t}-{i}"), &format!("Stellar, étape {t}"), &body, now)?)?;
            sent += 1;
        }
        now = now.checked_add(SignedDuration::from_mins(5))?;
        pump(r, &mut mailbox, &sender, now).await?;
        now = now.checked_add(SignedDuration::from_mins(5))?;
        let s = r.adjudicate(GAME, Mode::Force, now)?;
        pump(r, &mut mailbox, &sender, now).await?;
        let statuses: Vec<String> = s.statuses.iter().map(|(k, st)| format!("{k} {}", st.label())).collect();
        let who = if awaited.is_none() { "registration".to_string() } else { format!("{} to move", movers.join(" + ")) };
        println!(
            "demo: step {:>2}: {who} — {} — {} report(s), {} roll(s){}",
            s.turn,
            statuses.join(", "),
            s.reports,
            s.rolls,
            if s.finished { " — game over" } else { "" }
        );
        for p in players.iter_mut() {
            read_new_mail(&outgoing_dir, p)?;
        }
        if s.finished {
            break;
        }
    }
    let g = r.open_game(GAME)?;
    let st: StellarState = serde_json::from_slice(&engine.save_state(&g.state)?)?;
    let count = |f: &dyn Fn(&LogEntry) -> bool| st.log.iter().filter(|e| f(e)).count();
    println!(
        "demo: {} moves ({} default), {} refresh(es), {} blind draw(s)",
        count(&|e| matches!(e, LogEntry::Move { .. })),
        count(&|e| matches!(e, LogEntry::Move { default: true, .. })),
        count(&|e| matches!(e, LogEntry::Refresh { .. })),
        count(&|e| matches!(e, LogEntry::Move { coordinate: (_, true, _), .. })),
    );
    match &st.result {
        Some(res) => {
            let scores: Vec<String> = st.seats.iter().zip(&res.sheets).map(|(p, sh)| format!("{} {}", p.name, sh.total)).collect();
            let winners: Vec<String> = res.winners.iter().map(|w| st.seats[*w].name.clone()).collect();
            println!("demo: final score: {} — {} {}", scores.join(", "), winners.join(" and "), if winners.len() > 1 { "share the victory" } else { "wins" });
        }
        None => println!("demo: the game is not over after {} steps (raise --turns)", a.turns),
    }
    let received: usize = players.iter().map(|p| p.mails_read.len()).sum();
    println!("demo: players sent {sent} mail(s) and received {received}");
    println!("demo: everything is under {}", a.out.display());
    Ok(())
}
