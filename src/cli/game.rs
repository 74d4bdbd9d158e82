//! `arbitre game …`, `adjudicate`, `rollback`, `resend`.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use jiff::Timestamp;

use crate::referee::adjudication::Mode;

#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Create a game configured in `[[games]]` (turn 0).
    New {
        game: String,
        /// The game's seed (default: from the configuration, else random).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Deadline, who has sent orders, statuses.
    Status {
        game: String,
        #[arg(long)]
        json: bool,
    },
    /// Move the open turn's deadline, e.g. `2d`, `36h`, `-1h` (also lifts a
    /// mass-ONR hold: the turn is played at the new deadline).
    Extend {
        game: String,
        #[arg(allow_hyphen_values = true)]
        duration: String,
        /// Accept a new deadline already past: the turn is played now
        /// (without it, such a move is refused).
        #[arg(long)]
        now: bool,
    },
    /// Stop deadlines from firing (orders are still taken).
    Pause { game: String },
    /// Let deadlines fire again (also lifts a mass-ONR hold: the turn is
    /// played at the next look if its deadline has passed).
    Resume { game: String },
    /// Open registration.
    Open { game: String },
    /// Close registration.
    Close { game: String },
}

pub fn run(config: &Path, templates: Option<&Path>, c: GameCommand, now: Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    match c {
        GameCommand::New { game, seed } => {
            let m = r.create_game(&game, seed, now)?;
            println!("game {} created ({}), seed {}, turn 0", m.id, m.ruleset, m.seed);
            // The game was created from its configuration entry, so the
            // entry is there; without it only the time zone is missing.
            if let (Some(d), Some(gc)) = (m.deadline, r.game_config(&game)) {
                println!("first deadline: {}", crate::scheduler::format_deadline(d, &gc.time_zone, &gc.language));
            }
        }
        GameCommand::Status { game, json } => {
            let s = r.status(&game, now)?;
            // Written at once, and quietly cut short when the reader has
            // gone (`arbitre game status | head`).
            let mut text = String::new();
            macro_rules! out {
                ($($a:tt)*) => {{
                    use std::fmt::Write as _;
                    let _ = writeln!(text, $($a)*);
                }};
            }
            if json {
                out!("{}", serde_json::to_string_pretty(&s)?);
            } else {
                out!("game {} ({}), turn {}", s.id, s.ruleset, s.turn);
                match (&s.deadline, &s.time_left) {
                    (Some(d), Some(l)) => out!("deadline: {d} ({l})"),
                    _ => out!("deadline: none (manual)"),
                }
                if s.paused {
                    out!("PAUSED");
                }
                if let Some(h) = &s.held {
                    out!("HELD: {h}");
                }
                if s.finished {
                    out!("FINISHED");
                }
                out!("registration: {}", if s.registration_open { "open" } else { "closed" });
                out!("schedule: {}{}", s.schedule, if s.turn_based { " (turn-based)" } else { "" });
                match (&s.early_delay, &s.timing) {
                    (None, _) => out!("early adjudication: off"),
                    (Some(d), timing) => out!("early adjudication: after {d}; {}", timing_line(timing, s.early_at.as_deref())),
                }
                let mut awaited: Vec<&str> = s.families.iter().filter(|f| f.awaited && !f.pnj && f.resigned.is_none()).map(|f| f.name.as_str()).collect();
                if s.game_master.as_ref().is_some_and(|m| m.awaited) {
                    awaited.push("the game master (@mj)");
                }
                out!("awaited: {}", if awaited.is_empty() { "nobody".to_string() } else { awaited.join(", ") });
                for (t, seats) in &s.advance {
                    out!("orders in advance for turn {t}: {}", seats.join(", "));
                }
                if let Some(m) = &s.game_master {
                    let answered = if m.answered { "its lines are stored" } else { "no lines yet" };
                    out!("game master (@mj): {}, {answered}, {} item(s) pending (arbitre mj {} --etat)", if m.awaited { "awaited" } else { "not awaited" }, m.items, s.id);
                }
                out!("outbox: {} message(s) waiting", s.outbox_pending);
                out!("{:<24} {:<32} {:>7} {:>6} {:>5} {:>4}", "family", "address", "awaited", "orders", "last", "ONR");
                for f in &s.families {
                    let awaited = match (f.awaited, f.resigned, f.waiting, f.confirmed) {
                        (_, Some(_), _, _) => "resigned",
                        (false, ..) => "no",
                        (true, _, true, _) => "WAIT",
                        (true, _, _, true) => "CONFIRM",
                        (true, ..) => "yes",
                    };
                    out!(
                        "{:<24} {:<32} {:>7} {:>6} {:>5} {:>4}",
                        f.name,
                        f.address,
                        awaited,
                        if f.awaited { f.current.label() } else { "-" },
                        f.last_status.map_or("-", |s| s.label()),
                        f.onr_streak
                    );
                }
            }
            super::print_quietly(&text)?;
        }
        GameCommand::Extend { game, duration, now: play_now } => {
            let by = crate::scheduler::parse_duration(&duration).map_err(|e| anyhow::anyhow!("duration {duration:?}: {e}"))?;
            let held = r.read_meta(&game)?.and_then(|m| m.held);
            let d = if play_now { r.extend_allowing_past(&game, by, now)? } else { r.extend(&game, by, now)? };
            let gc = r.game_config(&game);
            let tz = gc.map(|g| g.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
            println!("new deadline: {}", crate::scheduler::format_deadline(d, &tz, "en"));
            if let Some(h) = held {
                println!("hold lifted ({h}): the turn is played at the new deadline");
            }
            if d <= now {
                println!("the deadline is past: the daemon plays the turn at its next look (or run `arbitre adjudicate {game}`)");
            }
        }
        GameCommand::Pause { game } => {
            r.set_paused(&game, true)?;
            println!("game {game} paused");
        }
        GameCommand::Resume { game } => {
            let held = r.read_meta(&game)?.and_then(|m| m.held);
            r.set_paused(&game, false)?;
            println!("game {game} resumed");
            if let Some(h) = held {
                println!("hold lifted ({h}): the turn is played at its deadline, at once if it has passed");
            }
        }
        GameCommand::Open { game } => {
            r.set_registration(&game, true)?;
            println!("registration open for {game}");
        }
        GameCommand::Close { game } => {
            r.set_registration(&game, false)?;
            println!("registration closed for {game}");
        }
    }
    Ok(())
}

pub fn adjudicate(config: &Path, templates: Option<&Path>, game: &str, preview: Option<PathBuf>, force: bool, now: Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    let mode = match (preview, force) {
        (Some(p), _) => {
            std::fs::create_dir_all(&p)?;
            Mode::Preview(p)
        }
        (None, true) => Mode::Force,
        (None, false) => Mode::Deadline,
    };
    let preview = matches!(mode, Mode::Preview(_));
    // The referee asks for a held turn: the hold is lifted (the referee looked).
    if mode == Mode::Deadline {
        if let Some(h) = r.lift_hold(game)? {
            println!("hold lifted ({h})");
        }
    }
    let s = r.adjudicate(game, mode.clone(), now)?;
    if let Some(h) = &s.held {
        println!("turn {} HELD: {h}\n(run `arbitre adjudicate {game}` again or `arbitre game resume {game}` to play it anyway)", s.turn);
        return Ok(());
    }
    let counts = s.statuses.values().fold(std::collections::BTreeMap::new(), |mut m, st| {
        *m.entry(st.label()).or_insert(0) += 1;
        m
    });
    println!(
        "turn {} of {} {}: {} report(s), {} roll(s), {} event(s); statuses {:?}{}",
        s.turn,
        game,
        if preview { "previewed" } else { "adjudicated" },
        s.reports,
        s.rolls,
        s.events,
        counts,
        if s.finished { "; the game is over" } else { "" }
    );
    if let Mode::Preview(p) = mode {
        println!("reports written under {}", p.display());
    }
    Ok(())
}

pub fn rollback(config: &Path, templates: Option<&Path>, game: &str, turn: u32, now: Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    let m = r.rollback(game, turn, now)?;
    println!("game {} is back at the start of turn {}; every family is told, and the turn's reports go out when it is played again", m.id, m.turn);
    if let (Some(d), Some(gc)) = (m.deadline, r.game_config(game)) {
        let words = crate::scheduler::format_deadline(d, &gc.time_zone, "en");
        if d <= now {
            println!("its deadline, {words}, has passed: the daemon plays the turn again at its next look (pause the game before a rollback to keep it from being played; `arbitre game extend` moves the deadline)");
        } else {
            println!("its deadline: {words}");
        }
    }
    Ok(())
}

pub fn resend(config: &Path, templates: Option<&Path>, game: &str, family: Option<&str>, now: Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    let n = r.resend(game, family, now)?;
    println!("{n} report(s) queued again");
    Ok(())
}

/// The early-adjudication part of `game status`.
fn timing_line(t: &crate::referee::steps::Timing, at: Option<&str>) -> String {
    use crate::referee::steps::Timing;
    match t {
        Timing::Deadline => "waiting for complete orders from every awaited seat".into(),
        Timing::Held => "held until the deadline (ATTENDRE)".into(),
        Timing::Early { confirmed, .. } => format!("due {}{}", at.unwrap_or("now"), if *confirmed { " (confirmed)" } else { "" }),
    }
}
