//! The `arbitre` command line: parses flags and calls the referee layer.
//! Exit codes: 0 ok, 1 failure, 2 usage.

pub mod demo;
mod demo_gd;
mod demo_steps;
mod family;
mod game;
mod mj;
mod orders_check;
mod serve;
mod web;

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "arbitre", version, about = "A referee for play-by-email strategy games (Stellarium, Galaxy)")]
pub struct Cli {
    /// The configuration file.
    #[arg(long, short, global = true, default_value = "config.toml", env = "ARBITRE_CONFIG")]
    config: PathBuf,
    /// The templates folder (default: `templates/` beside the configuration, else the one built in).
    #[arg(long, global = true, env = "ARBITRE_TEMPLATES")]
    templates: Option<PathBuf>,
    /// Read game time from this file (one RFC 3339 instant, rewritten at
    /// will) instead of the system clock: for reproducible harnesses
    /// (`tests/crash_trials.rs`), never for a real game.
    #[arg(long, global = true, env = "ARBITRE_CLOCK_FILE", hide = true)]
    clock_file: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the daemon: read mail, acknowledge, adjudicate at deadlines, send reports.
    Serve,
    /// Validate the configuration; errors name the setting.
    CheckConfig,
    /// Manage games.
    #[command(subcommand)]
    Game(game::GameCommand),
    /// The referee's commands on one family.
    #[command(subcommand)]
    Family(family::FamilyCommand),
    /// Adjudicate the open turn of a game now.
    Adjudicate {
        game: String,
        /// Write the reports to this folder; change and send nothing.
        #[arg(long, value_name = "DIR")]
        preview: Option<PathBuf>,
        /// Adjudicate even if the mass-ONR guard would hold the turn.
        #[arg(long)]
        force: bool,
    },
    /// Roll a game back to the start of a turn (later turns are moved aside).
    Rollback { game: String, turn: u32 },
    /// Send the latest reports again.
    Resend {
        game: String,
        #[arg(long)]
        family: Option<String>,
    },
    /// Print the acknowledgement a message would get; changes nothing.
    #[command(subcommand)]
    Orders(orders_check::OrdersCommand),
    /// Play a whole game with simulated players through the configured transport.
    Demo(demo::DemoArgs),
    /// The game master's seat: read its lines (a file, `-` or standard
    /// input) for the open step, or list what awaits it (`--etat`).
    Mj(mj::MjArgs),
    /// The families' private web pages: print or revoke a link.
    #[command(subcommand)]
    Web(web::WebCommand),
}

/// Runs the command line; returns the process exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    init_logging(matches!(cli.command, Command::Serve));
    match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("arbitre: {e:#}");
            1
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let clock = cli.clock_file.as_deref();
    let now = || -> anyhow::Result<jiff::Timestamp> {
        match clock {
            Some(f) => Ok(crate::daemon::clock::read_clock_file(f)?),
            None => Ok(jiff::Timestamp::now()),
        }
    };
    match cli.command {
        Command::Serve => serve::serve(&cli.config, cli.templates.as_deref(), clock),
        Command::CheckConfig => check_config(&cli.config),
        Command::Game(c) => game::run(&cli.config, cli.templates.as_deref(), c, now()?),
        Command::Family(c) => family::run(&cli.config, cli.templates.as_deref(), c, now()?),
        Command::Adjudicate { game, preview, force } => game::adjudicate(&cli.config, cli.templates.as_deref(), &game, preview, force, now()?),
        Command::Rollback { game, turn } => game::rollback(&cli.config, cli.templates.as_deref(), &game, turn, now()?),
        Command::Resend { game, family } => game::resend(&cli.config, cli.templates.as_deref(), &game, family.as_deref(), now()?),
        Command::Orders(c) => orders_check::run(&cli.config, cli.templates.as_deref(), c, now()?),
        Command::Demo(a) => demo::run(cli.templates.as_deref(), a),
        Command::Web(c) => web::run(&cli.config, cli.templates.as_deref(), c),
        Command::Mj(a) => mj::run(&cli.config, cli.templates.as_deref(), a, now()?),
    }
}

fn check_config(path: &Path) -> anyhow::Result<()> {
    match crate::config::load(path) {
        Ok(c) => {
            // Each ruleset's own check of `[games.settings]`, as game
            // creation runs it: a typo there fails here, not at the daemon.
            let mut bad = 0;
            for (i, gc) in c.games.iter().enumerate() {
                if let Err(e) = crate::referee::Referee::check_game_settings(gc) {
                    eprintln!("{}: games[{i}].settings (game {}): {e}", path.display(), gc.id);
                    bad += 1;
                }
            }
            if bad > 0 {
                anyhow::bail!("{bad} error(s) in {}", path.display());
            }
            println!("{}: OK ({} game(s): {})", path.display(), c.games.len(), c.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>().join(", "));
            Ok(())
        }
        Err(errors) => {
            for e in &errors.errors {
                eprintln!("{}: {e}", path.display());
            }
            anyhow::bail!("{} error(s) in {}", errors.errors.len(), path.display())
        }
    }
}

/// Loads the configuration and opens the referee.
pub(crate) fn open_referee(config: &Path, templates: Option<&Path>) -> anyhow::Result<crate::referee::Referee> {
    let cfg = crate::config::load(config).map_err(|errs| anyhow::anyhow!("{errs}"))?;
    let dir = templates_dir(config, templates);
    crate::referee::Referee::new(cfg, dir)
}

/// The templates folder: given, else beside the configuration, else the source tree's.
pub(crate) fn templates_dir(config: &Path, given: Option<&Path>) -> PathBuf {
    if let Some(t) = given {
        return t.to_path_buf();
    }
    let beside = config.parent().unwrap_or(Path::new(".")).join("templates");
    if beside.is_dir() {
        return beside;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates")
}

fn init_logging(daemon: bool) {
    use tracing_subscriber::prelude::*;
    let filter = tracing_subscriber::EnvFilter::try_from_env("ARBITRE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(if daemon { "info" } else { "warn" }));
    let under_systemd = std::env::var_os("JOURNAL_STREAM").is_some();
    if daemon && under_systemd {
        if let Ok(j) = tracing_journald::layer() {
            let _ = tracing_subscriber::registry().with(filter).with(j).try_init();
            return;
        }
    }
    let _ = tracing_subscriber::registry().with(filter).with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr)).try_init();
}

/// Writes `text` to the standard output; a reader that has gone (a closed
/// pipe: `arbitre game status | head`) ends the output quietly, as for any
/// Unix tool, instead of `println!`'s panic.
pub(crate) fn print_quietly(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r?),
    }
}
