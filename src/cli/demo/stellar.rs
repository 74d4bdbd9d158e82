//! `arbitre demo --ruleset stellar`: a whole game of Stellar between two
//! simulated players who mail their moves through the Maildir transport.
//! The game runs as the daemon runs a turn-based game (`demo.rs` writes the
//! schedule: steps due 48 h after each report, early adjudication 15 min
//! after the mover's orders): each step is played when `Referee::early_due`
//! says so, else at its deadline. Youri plays every step in French and
//! writes `CONFIRMER` (his steps are played at once); every third move he
//! also sends orders in advance for his next move (`TOUR n+2`: a hand card he
//! keeps, named, to the notebook), which the referee reads when that step
//! opens and completes. Neil writes in English, lets the
//! change-of-mind delay run, and goes silent from step 10 on, so his steps
//! wait for their deadline and the referee plays default moves for him
//! (reported as such). The simulated players refresh the row whenever the
//! rules allow it and sometimes play a random legal move, so blind draws
//! happen.

use jiff::{SignedDuration, Timestamp};

use crate::dice::Dice;
use crate::games::stellar::model::LogEntry;
use crate::games::stellar::StellarState;
use crate::referee::intake::OrdersRecord;
use crate::referee::Referee;

use super::{drop_in_inbox, find_password, player_mail, pump, read_new_mail, setup, DemoArgs, Player, Role, Setup, GAME};

/// From this step on Neil sends nothing.
const SILENT_FROM: u32 = 10;

/// The name of a hand card that the move `lines` does not play, so that it
/// is still in the hand at the player's next move; `None` when a name would
/// be ambiguous there.
fn kept_card(state: &[u8], key: &str, lines: &[String]) -> anyhow::Result<Option<String>> {
    let st: StellarState = serde_json::from_slice(state)?;
    let Some(me) = st.seats.iter().position(|s| s.key == key) else { return Ok(None) };
    let played = lines.iter().find_map(|l| l.strip_prefix("JOUER ")).and_then(|rest| rest.split_whitespace().next()).unwrap_or("");
    let names: Vec<String> = st.seats[me].hand.iter().map(|c| st.card(*c).name()).collect();
    let kept = names.iter().find(|n| n.as_str() != played && names.iter().filter(|m| m == n).count() == 1);
    Ok(kept.cloned())
}

pub(super) async fn play(r: &Referee, a: &DemoArgs) -> anyhow::Result<()> {
    let Setup { inbox_dir, outgoing_dir, mut mailbox, sender, mut now, engine } = setup(r, a.seed)?;
    let mut players: Vec<Player> = [("Youri", Role::Diligent), ("Neil", Role::English)]
        .iter()
        .enumerate()
        .map(|(i, (name, role))| Player {
            family: name.to_string(),
            address: format!("player{}@demo.test", i + 1),
            role: *role,
            english: a.english() || *role == Role::English,
            password: None,
            mails_read: Default::default(),
        })
        .collect();
    let mut sent = 0usize;
    for (i, p) in players.iter().enumerate() {
        let en = p.english;
        let body = format!("{} {GAME}\n{} {}\n", if en { "GAME" } else { "PARTIE" }, if en { "JOIN" } else { "INSCRIPTION" }, p.family);
        drop_in_inbox(&inbox_dir, &player_mail(p, &format!("join-{i}"), if p.english { "Registration" } else { "Inscription" }, &body, now)?)?;
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
    // Early adjudication waits for registration to close (RULINGS.md).
    r.set_registration(GAME, false)?;
    let tz = r.game_config(GAME).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
    let local = |t: Timestamp| t.to_zoned(tz.clone()).strftime("%a %d %H:%M").to_string();
    let (mut early, mut advance_sent, mut advance_applied) = (0usize, 0usize, 0usize);

    for _ in 0..a.turns {
        let g = r.open_game(GAME)?;
        if g.meta.finished {
            break;
        }
        let t = g.meta.turn;
        let awaited = engine.awaiting(&g.state)?;
        // Orders already there when the step opened: orders in advance.
        let ready = g.dir.read_orders::<OrdersRecord>(t)?;
        now = now.max(g.meta.opened_at.unwrap_or(now)).checked_add(SignedDuration::from_mins(5))?;
        let mut movers = Vec::new();
        for (i, p) in players.iter().enumerate() {
            let key = crate::text::key(&p.family);
            if awaited.as_ref().is_some_and(|set| !set.contains(&key)) {
                continue;
            }
            movers.push(p.family.clone());
            let Some(pw) = &p.password else { continue };
            let complete = ready.get(&key).is_some_and(|o| o.status() == crate::game::OrderStatus::Or);
            if (p.role == Role::English && t >= SILENT_FROM) || complete {
                continue;
            }
            let mut dice = Dice::for_turn(a.seed ^ 0x5eed_0000 ^ ((i as u64) << 20), t);
            let lines = engine.sample_orders(&g.state, &key, &mut dice)?;
            let en = p.english;
            let mut body = format!(
                "{} {GAME}\n{} {}\n{} {pw}\n{} {t}\n{}\n",
                if en { "GAME" } else { "PARTIE" },
                if en { "PLAYER" } else { "JOUEUR" },
                p.family,
                if en { "PASSWORD" } else { "MOTDEPASSE" },
                if en { "TURN" } else { "TOUR" },
                lines.join("\n"),
            );
            if !en {
                body.push_str("CONFIRMER\n");
                // Every third move, orders in advance for the next move: a
                // hand card this move keeps, named (RULINGS, Stellar S23), to
                // the notebook; read when that step opens, the referee then
                // completes the rest.
                if awaited.as_ref().is_some_and(|set| set.len() == 1) && t % 3 == 0 && !lines.iter().any(|l| l.starts_with("RAFRAICHIR")) {
                    if let Some(kept) = kept_card(&engine.save_state(&g.state)?, &key, &lines)? {
                        body.push_str(&format!("TOUR {}\nJOUER {kept} CARNET\n", t + 2));
                        advance_sent += 1;
                    }
                }
            }
            body.push_str(if en { "END\n" } else { "FIN\n" });
            drop_in_inbox(&inbox_dir, &player_mail(p, &format!("orders-{t}-{i}"), &if p.english { format!("Stellar, step {t}") } else { format!("Stellar, étape {t}") }, &body, now)?)?;
            sent += 1;
        }
        pump(r, &mut mailbox, &sender, now).await?;
        // The daemon's clock loop: early when every awaited seat is ready
        // (after the change-of-mind delay, at once with CONFIRMER), else at
        // the deadline.
        let s;
        (s, now) = super::super::demo_steps::play_step(r, g.meta.deadline, now)?;
        pump(r, &mut mailbox, &sender, now).await?;
        early += usize::from(s.early);
        let applied: Vec<String> = r.open_game(GAME)?.dir.read_orders::<OrdersRecord>(t + 1)?.into_keys().collect();
        advance_applied += applied.len();
        let statuses: Vec<String> = s.statuses.iter().map(|(k, st)| format!("{k} {}", st.label())).collect();
        let who = if awaited.is_none() { "registration".to_string() } else { format!("{} to move", movers.join(" + ")) };
        println!(
            "demo: step {:>2}: {who} — {} — {} — {} report(s), {} roll(s){}{}",
            s.turn,
            statuses.join(", "),
            if s.early { format!("played early, {}", local(now)) } else { format!("played at the deadline, {}", local(now)) },
            s.reports,
            s.rolls,
            if applied.is_empty() { String::new() } else { format!(" — orders in advance applied for step {}: {}", t + 1, applied.join(", ")) },
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
    println!("demo: {early} early adjudication(s); {advance_sent} mail(s) with orders in advance, {advance_applied} applied when their step opened");
    let received: usize = players.iter().map(|p| p.mails_read.len()).sum();
    println!("demo: players sent {sent} mail(s) and received {received}");
    println!("demo: everything is under {}", a.out.display());
    Ok(())
}
