//! `arbitre demo` for a turn-based ruleset (one whose `awaiting` names the
//! seats to move): the game runs on a relative schedule ("after 48h") with
//! early adjudication (`early = "15m"`), and the simulated players use what
//! turn-based play offers (`turn-based.md`): the player to move sends its
//! orders (the first player adds `CONFIRMER`, so its steps are played at
//! once; the others wait the change-of-mind delay), a player who is not to
//! move sends orders in advance for the next step every other step, and
//! the second player goes silent for a while (ONR: the default move).
//! Each step is played the way the daemon's clock loop would: early when
//! `Referee::early_due` says so, else at its deadline.

use std::path::Path;

use jiff::{SignedDuration, Timestamp};

use crate::dice::Dice;
use crate::referee::adjudication::{Mode, TurnSummary};
use crate::referee::intake::OrdersRecord;
use crate::referee::Referee;

use super::demo::{drop_in_inbox, find_password, player_mail, pump, read_new_mail, setup, Player, Setup, GAME};

/// Whether `ruleset` is turn-based (its new game names the awaited seats).
pub fn is_turn_based(ruleset: &str, seed: u64) -> bool {
    let Some(engine) = crate::games::engine(ruleset) else { return false };
    engine.new_game(&toml::Table::new(), seed).ok().and_then(|s| engine.awaiting(&s).ok().flatten()).is_some()
}

/// The settings of a turn-based demo game.
pub fn game_settings() -> &'static str {
    "deadline = \"after 48h\"\nreminders = [\"6h\"]\nearly = \"15m\"\npnj = \"robot\"\n"
}

/// Plays the demo game step by step; returns the summary lines.
pub async fn play(r: &Referee, players: &mut [Player], steps: u32, seed: u64) -> anyhow::Result<Vec<String>> {
    let Setup { inbox_dir, outgoing_dir, mut mailbox, sender, mut now, engine } = setup(r, seed)?;

    for (i, p) in players.iter().enumerate() {
        let body = if p.english {
            format!("Hello,\n\nGAME {GAME}\nJOIN {}\n", p.family)
        } else {
            format!("Bonjour,\n\nPARTIE {GAME}\nINSCRIPTION {}\n", p.family)
        };
        drop_in_inbox(&inbox_dir, &player_mail(p, &format!("join-{i}"), if p.english { "Registration" } else { "Inscription" }, &body, now)?)?;
    }
    pump(r, &mut mailbox, &sender, now).await?;
    for p in players.iter_mut() {
        for text in read_new_mail(&outgoing_dir, p)? {
            if let Some(pw) = find_password(&text) {
                p.password = Some(pw);
            }
        }
    }
    // Early adjudication waits for registration to close (RULINGS.md).
    r.set_registration(GAME, false)?;
    let seated: Vec<&Player> = players.iter().filter(|p| p.password.is_some()).collect();
    let mut summary = vec![format!("{} player(s) seated in game {GAME} ({}); steps due 48 h after each report, played early 15 min after the mover's orders (at once with CONFIRMER)", seated.len(), engine.id())];
    let tz = r.game_config(GAME).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
    let local = |t: Timestamp| t.to_zoned(tz.clone()).strftime("%a %d %H:%M %Z").to_string();
    let (mut early, mut advance_sent, mut advance_applied, mut silent_steps) = (0, 0, 0, 0);

    for _ in 0..steps {
        let g = r.open_game(GAME)?;
        if g.meta.finished {
            break;
        }
        let n = g.meta.turn;
        let waited = g.waited_for()?;
        let opened = g.meta.opened_at.unwrap_or(now);
        now = now.max(opened).checked_add(SignedDuration::from_mins(5))?;
        let ready = g.dir.read_orders::<OrdersRecord>(n)?;
        for (i, p) in players.iter().enumerate() {
            let Some(pw) = &p.password else { continue };
            let key = crate::text::key(&p.family);
            let mut dice = Dice::for_turn(seed ^ 0x5eed_0000 ^ (i as u64) << 20, n);
            // The second player goes silent for a while (no mail at all):
            // from step 3 until two steps that awaited it have gone by
            // (in Galactic Destiny's windows its own may come late).
            if i == 1 && n >= 3 && silent_steps < 2 {
                silent_steps += usize::from(waited.contains(&key));
                continue;
            }
            let (turn, extra): (u32, &str) = if waited.contains(&key) {
                if ready.contains_key(&key) {
                    continue; // its orders in advance were applied when the step opened
                }
                (n, if i != 0 { "" } else if p.english { "CONFIRM\n" } else { "CONFIRMER\n" })
            } else if n % 2 == 1 {
                advance_sent += 1;
                (n + 1, "")
            } else {
                continue;
            };
            let lines = engine.sample_orders(&g.state, &key, &mut dice)?;
            if lines.is_empty() {
                continue;
            }
            let body = if p.english {
                format!("GAME {GAME}\nPLAYER {}\nPASSWORD {pw}\nTURN {turn}\n{}\n{extra}END\n", super::demo::quoted(&p.family), lines.join("\n"))
            } else {
                format!("PARTIE {GAME}\nJOUEUR {}\nMOTDEPASSE {pw}\nTOUR {turn}\n{}\n{extra}FIN\n", super::demo::quoted(&p.family), lines.join("\n"))
            };
            drop_in_inbox(&inbox_dir, &player_mail(p, &format!("orders-{n}-{turn}-{i}"), &if p.english { format!("Orders for turn {turn}") } else { format!("Ordres du tour {turn}") }, &body, now)?)?;
        }
        pump(r, &mut mailbox, &sender, now).await?;
        let s;
        (s, now) = play_step(r, g.meta.deadline, now)?;
        pump(r, &mut mailbox, &sender, now).await?;
        for p in players.iter_mut() {
            read_new_mail(&outgoing_dir, p)?;
        }
        let applied: Vec<String> = r.open_game(GAME)?.dir.read_orders::<OrdersRecord>(n + 1)?.into_keys().collect();
        advance_applied += applied.len();
        early += usize::from(s.early);
        let moved: Vec<String> = s.statuses.iter().map(|(k, st)| format!("{k} {}", st.label())).collect();
        summary.push(format!(
            "step {:>2}: {} — {}{}{}",
            s.turn,
            if moved.is_empty() { "nobody to move".to_string() } else { moved.join(", ") },
            if s.early { format!("played early on {}", local(now)) } else { format!("played at the deadline, {}", local(now)) },
            if applied.is_empty() { String::new() } else { format!("; orders in advance applied for step {}: {}", s.turn + 1, applied.join(", ")) },
            if s.finished { " — game over" } else { "" },
        ));
    }
    summary.push(format!(
        "{early} early adjudication(s); {advance_sent} mail(s) of orders in advance, {advance_applied} applied; {silent_steps} silent step(s) played by the default move"
    ));
    summary.extend(final_scores(r)?);
    Ok(summary)
}

/// Plays the open step as the daemon's clock loop would: early when
/// `Referee::early_due` says so (at that instant, or `now` if later), else
/// a minute after its deadline (forced if the mass-ONR guard holds it).
/// Returns the summary and the instant it was played.
pub(super) fn play_step(r: &Referee, deadline: Option<Timestamp>, now: Timestamp) -> anyhow::Result<(TurnSummary, Timestamp)> {
    let (mode, at) = match r.early_due(GAME)? {
        Some(t) => (Mode::Early, now.max(t)),
        None => (Mode::Deadline, deadline.unwrap_or(now).max(now).checked_add(SignedDuration::from_mins(1))?),
    };
    let mut s = r.adjudicate(GAME, mode, at)?;
    if s.held.is_some() {
        s = r.adjudicate(GAME, Mode::Force, at)?;
    }
    Ok((s, at))
}

/// The lines of the last chronicle that give scores or the winner.
fn final_scores(r: &Referee) -> anyhow::Result<Vec<String>> {
    let Some(meta) = r.read_meta(GAME)? else { return Ok(vec![]) };
    let Some(t) = meta.last_reported_turn else { return Ok(vec![]) };
    let dir = r.store.game(GAME)?.turn_dir(t);
    let text = std::fs::read_to_string(dir.join("chronicle.txt")).unwrap_or_default();
    let words = ["SCORE", "POINT", "GAGN", "VAINQU", "WINNER", "CLASSEMENT"];
    let lines: Vec<String> = text
        .lines()
        .filter(|l| words.iter().any(|w| crate::text::fold(l).contains(w)))
        .map(|l| format!("final: {}", l.trim()))
        .collect();
    Ok(if meta.finished && lines.is_empty() { vec![format!("final: game over after step {t} (see data/games/{GAME}/turns/)")] } else { lines })
}

/// Writes `summary.txt` under the demo's folder and prints it.
pub fn report(out: &Path, summary: &[String]) -> anyhow::Result<()> {
    for l in summary {
        println!("demo: {l}");
    }
    std::fs::write(out.join("summary.txt"), summary.join("\n") + "\n")?;
    Ok(())
}
