//! `arbitre family …`: the referee's commands on one family.

use std::path::Path;

use clap::Subcommand;

use crate::referee::{Removal, SeatChange};

#[derive(Debug, Subcommand)]
pub enum FamilyCommand {
    /// Give a family a new password and mail it to the family's registered
    /// address (the old one stops working; the password is not printed).
    Password { game: String, family: String },
    /// The same player at a new address: the family's mail and orders move
    /// there (the password stays); both addresses are told.
    Move { game: String, family: String, new_address: String },
    /// A new player at a new address takes the seat: a new password and the
    /// form are mailed there, the old address is told it no longer plays,
    /// the old private link stops working.
    Replace { game: String, family: String, new_address: String },
    /// The family leaves the game: from the open turn it is PNJ, played as
    /// the game's `pnj` setting says; its address is told. A family that
    /// registered during the open turn (every family at turn 0) has its
    /// registration cancelled instead, and the seat is free.
    Remove { game: String, family: String },
}

pub fn run(config: &Path, templates: Option<&Path>, c: FamilyCommand, now: jiff::Timestamp) -> anyhow::Result<()> {
    let r = super::open_referee(config, templates)?;
    match c {
        FamilyCommand::Password { game, family } => {
            let id = r.new_password(&game, &family, now)?;
            println!("a new password was mailed to the family's registered address (outbox item {id}); the old one no longer works");
        }
        FamilyCommand::Move { game, family, new_address } => {
            let (new, old) = r.change_seat(&game, &family, &new_address, SeatChange::Move, now)?;
            println!("the family's mail now goes to {new_address}, told so (outbox item {new}); the old address was told (outbox item {old}) and may no longer give orders");
        }
        FamilyCommand::Replace { game, family, new_address } => {
            let (new, old) = r.change_seat(&game, &family, &new_address, SeatChange::Replace, now)?;
            println!("the seat was given to {new_address} with a new password and the form (outbox item {new}); the old address was told it no longer plays (outbox item {old})");
        }
        FamilyCommand::Remove { game, family } => {
            match r.remove_family(&game, &family, now)? {
                Removal::Pnj(id) => println!("the family is PNJ from the open turn on; its address was told (outbox item {id})"),
                Removal::Cancelled(id) => println!("the family had registered during the open turn: its registration is cancelled and the seat is free; its address was told (outbox item {id})"),
            }
        }
    }
    Ok(())
}
