//! `arbitre orders check <game> <file.eml|->`: the acknowledgement a message
//! would get, printed; nothing changes. The message is handled for real, on
//! the game's files, in a dry write group (`Referee::check_message`).

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use jiff::Timestamp;

#[derive(Debug, Subcommand)]
pub enum OrdersCommand {
    /// Print the reply a message would get (`-` reads standard input).
    Check {
        game: String,
        file: PathBuf,
        /// Judge the message as if it arrived at this instant (RFC 3339,
        /// e.g. `2026-04-18T12:00:00Z`; default: now).
        #[arg(long)]
        at: Option<Timestamp>,
    },
}

pub fn run(config: &Path, templates: Option<&Path>, c: OrdersCommand, now: Timestamp) -> anyhow::Result<()> {
    let OrdersCommand::Check { game, file, at } = c;
    let raw = if file.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b)?;
        b
    } else {
        std::fs::read(&file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?
    };
    // Only what this command needs: the templates of the mail folder and of
    // the game's ruleset (compiling every template is most of a start-up).
    let cfg = crate::config::load(config).map_err(|errs| anyhow::anyhow!("{errs}"))?;
    let dir = super::templates_dir(config, templates);
    // A game missing from the configuration gets every template.
    let ruleset = cfg.games.iter().find(|g| g.id == game).map(|g| g.ruleset.clone());
    let groups: Option<[&str; 2]> = ruleset.as_deref().map(|r| ["common", r]);
    let renderer = crate::render::Renderer::new_for(&dir, groups.as_ref().map(|g| &g[..]))?;
    let r = crate::referee::Referee::with_renderer(cfg, dir, std::sync::Arc::new(renderer))?;
    let checked = r.check_message(&game, &raw, at.unwrap_or(now))?;
    println!("# outcome: {}", serde_json::to_string(&checked.outcome)?);
    for raw in &checked.replies {
        print_message(raw);
    }
    Ok(())
}

/// Prints the headers that matter and the text of a composed message.
pub(crate) fn print_message(raw: &[u8]) {
    let Some(m) = mail_parser::MessageParser::default().parse(raw) else {
        println!("(unreadable message)");
        return;
    };
    let to: Vec<String> = m
        .to()
        .map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect())
        .unwrap_or_default();
    println!("To: {}", to.join(", "));
    println!("Subject: {}", m.subject().unwrap_or_default());
    println!();
    println!("{}", m.body_text(0).unwrap_or_default());
}
