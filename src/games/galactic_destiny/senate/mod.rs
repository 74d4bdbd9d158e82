//! The senate's voting mechanics ("La phase de sénat." and what follows it
//! in the booklet), as pure functions over small input types: the game
//! model gives them what they need (who holds which ministry, each party's
//! senators as the senate sees them, the ballots its parsing accepted) and
//! applies what they return. Dice only through the turn's [`crate::dice::Dice`],
//! each roll logged under the booklet heading that calls for it.
//!
//! - [`initiative`]: "Initiative." — the order of the parties, worst first,
//!   ties rerolled.
//! - [`round_table`]: "Force de vote.", "Total de voix." — a party's voting
//!   strength, its per-vote limit, and the round table of capped bids of
//!   the design note's §2.3 (or sealed bids, `encheres = "scellees"`).
//! - [`elections`]: "Élections!" with ranked ballots (note §2.4 (1)), and
//!   "Premier tour d'élections." (the first election by lot).
//!
//! Parties and senators are whatever the model names them with (`P`, `S`:
//! ordered, cloneable, printable), so these functions are tested on their own.

pub mod elections;
pub mod filing;
/// Free laws (`propositions = "libres"`; #29).
pub mod free;
pub mod initiative;
pub mod round_table;
pub mod voting;
#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod proptests;

use serde::{Deserialize, Serialize};

/// A ministry of the Republic ("Élections!", "Initiative.", "Compétences de
/// ministère"), in the booklet's order of election when nobody decides
/// another: the Prime Minister first, then Interior, Finance, Justice, Defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ministry {
    PrimeMinister,
    Interior,
    Finance,
    Justice,
    Defence,
}

impl Ministry {
    /// The five, Prime Minister first, then the default order of the others.
    pub const ALL: [Ministry; 5] = [Ministry::PrimeMinister, Ministry::Interior, Ministry::Finance, Ministry::Justice, Ministry::Defence];

    /// The canonical order-language keyword (design note §3).
    pub fn code(self) -> &'static str {
        match self {
            Ministry::PrimeMinister => "PM",
            Ministry::Interior => "INTERIEUR",
            Ministry::Finance => "FINANCES",
            Ministry::Justice => "JUSTICE",
            Ministry::Defence => "DEFENSE",
        }
    }
}

impl std::fmt::Display for Ministry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
