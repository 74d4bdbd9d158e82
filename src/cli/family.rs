//! `arbitre family …`: the referee's commands on one family.

use std::path::Path;

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum FamilyCommand {
    /// Give a family a new password and mail it to the family's registered
    /// address (the old one stops working; the password is not printed).
    Password { game: String, family: String },
}

pub fn run(config: &Path, templates: Option<&Path>, c: FamilyCommand, now: jiff::Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    match c {
        FamilyCommand::Password { game, family } => {
            let id = r.new_password(&game, &family, now)?;
            println!("a new password was mailed to the family's registered address (outbox item {id}); the old one no longer works");
        }
    }
    Ok(())
}
