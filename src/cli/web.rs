//! `arbitre web …`: the families' private links.

use std::path::Path;

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum WebCommand {
    /// Print a family's private link.
    Link { game: String, family: String },
    /// Kill a family's private link and print the new one (it also goes out
    /// with the family's next mail).
    Revoke { game: String, family: String },
}

pub fn run(config: &Path, templates: Option<&Path>, c: WebCommand) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    let (game, family) = match &c {
        WebCommand::Link { game, family } | WebCommand::Revoke { game, family } => (game, family),
    };
    let meta = r.read_meta(game)?.ok_or_else(|| anyhow::anyhow!("game {game:?} does not exist"))?;
    // The family's key, or its name as players write it.
    let key = if meta.families.contains_key(family.as_str()) { family.clone() } else { crate::text::key(family) };
    if !meta.families.contains_key(&key) {
        let known: Vec<&str> = meta.families.values().map(|f| f.name.as_str()).collect();
        anyhow::bail!("game {game:?} has no family {family:?} (families: {})", known.join(", "));
    }
    if r.config.web.is_none() {
        eprintln!("note: no [web] table in the configuration: the link is shown without the site's address");
    }
    let link = match c {
        WebCommand::Link { .. } => crate::web::link::private_url(&r, game, &key).or_else(|| crate::web::link::private_path(&r, game, &key)),
        WebCommand::Revoke { .. } => {
            let l = crate::web::link::revoke(&r, game, &key)?;
            println!("the old link of {} no longer works", meta.families[&key].name);
            Some(l)
        }
    };
    println!("{}", link.unwrap_or_default());
    Ok(())
}
