//! `arbitre mj <game> [FICHIER|-] [--verifier]` and `arbitre mj <game>
//! --etat`: the game master's seat (design note galactic-destiny.md §5,
//! `referee::game_master`). The lines are read by the game's ruleset as
//! the `@mj` seat's orders and stored for the open step; the
//! acknowledgement is printed on standard output, in `admin_language`.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use jiff::Timestamp;

#[derive(Debug, Args)]
pub struct MjArgs {
    pub game: String,
    /// The file of game master's lines (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    /// Only print the acknowledgement; store nothing.
    #[arg(long, alias = "check")]
    pub verifier: bool,
    /// Print the items awaiting the game master and the lines stored for the open step.
    #[arg(long, alias = "state", conflicts_with_all = ["file", "verifier"])]
    pub etat: bool,
}

pub fn run(config: &Path, templates: Option<&Path>, a: MjArgs, now: Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    let lang = r.admin_lang();
    if a.etat {
        let s = r.game_master_state(&a.game, now)?;
        let mut text = String::new();
        text.push_str(&format!("game {}, step {}: the game master is {}\n", s.game, s.step, if s.awaited { "awaited" } else { "not awaited" }));
        if let Some(d) = &s.deadline {
            text.push_str(&format!("deadline: {d}\n"));
        }
        if s.items.is_empty() {
            text.push_str("items awaiting the game master: none\n");
        } else {
            text.push_str("items awaiting the game master:\n");
            for i in &s.items {
                text.push_str(&format!("- {i}\n"));
            }
        }
        if !s.stored.is_empty() {
            text.push_str("lines stored for this step:\n");
            for l in &s.stored {
                text.push_str(&format!("  {l}\n"));
            }
        }
        return super::print_quietly(&text);
    }
    let raw = match &a.file {
        Some(f) if f.as_os_str() != "-" => std::fs::read(f).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", f.display()))?,
        _ => {
            let mut b = Vec::new();
            std::io::stdin().read_to_end(&mut b)?;
            b
        }
    };
    let text = String::from_utf8(raw).map_err(|_| anyhow::anyhow!("the game master's lines are not UTF-8 text"))?;
    let ack = r.game_master_orders(&a.game, &text, a.verifier, now)?;
    super::print_quietly(&crate::referee::game_master::ack_text(&ack, lang))
}
