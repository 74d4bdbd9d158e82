//! The rebellion's lines (design note §3.1; "Déclaration de rébellion.",
//! "Faire la paix."), read with the parser's [`Check`] (a child module of
//! `parse.rs`), in any step where the party is awaited:
//!
//! - `REBELLION <secteur>` | `REBEL <sector>`: a game turn after the first,
//!   nobody in rebellion now, the sector the party's; notes what follows
//!   (senators out of the senate, ministries lost, a die for each other
//!   sector);
//! - `PAIX` | `PEACE`: a rebel exists; the rebel offers or accepts peace
//!   in any step; a party in the senate proposes it in S1 only (an agenda
//!   item voted in S2).
//!
//! The rebel's senate lines (candidacies, proposals, votes…) are refused:
//! its senators left the senate. Every check reads public state only.

use crate::i18n::Msg;
use crate::msg;
use crate::text::Cursor;

use super::super::super::rebellion::{self, JOINS_ON};
use super::super::Order;
use super::super::words::{Step, Word};
use super::{no, Check, Refused};

/// The words of the senate's business, which a rebel may not write ("Ces
/// sénateurs sont maintenant des hors-la-loi").
pub(super) fn senate_word(w: Word) -> bool {
    matches!(
        w,
        Word::Candidate | Word::ElectionOrder | Word::Proposal | Word::RepublicFleet | Word::Indictment | Word::Prosecute | Word::Audit | Word::Vote | Word::Veto | Word::Agenda | Word::Unconstitutional
    )
}

impl Check<'_> {
    /// `REBELLION <secteur>`.
    pub(super) fn rebel(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        self.end(c)?;
        rebellion::may_declare(self.s).map_err(no)?;
        if self.rebelled {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        if self.s.fx.sectors.get(&sector).and_then(|x| x.owner) != Some(self.me) || self.given_sectors.contains(&sector) {
            return Err(no(msg!("gd-rebel-refused-not-your-sector", sector = sector)));
        }
        self.rebelled = true;
        let others = self.s.sectors_of(self.me).len().saturating_sub(1);
        let posts = self.s.ministries.keys().filter(|m| self.s.holder(**m) == Some(self.me)).count();
        self.notes.push(msg!("gd-rebel-note-declared", sector = sector, others = others, face = JOINS_ON, ministries = posts));
        Ok(Order::Rebel { sector })
    }

    /// `PAIX`.
    pub(super) fn peace(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        self.end(c)?;
        let Some(rebel) = self.s.rebellion.rebel.filter(|_| !self.rebelled) else { return Err(no(msg!("gd-rebel-refused-no-rebel"))) };
        if self.peace {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.peace = true;
        if rebel == self.me {
            let voted = self.s.rebellion.senate_offer == Some(self.s.game_turn);
            self.notes.push(msg!("gd-rebel-note-offer", voted = if voted { "yes" } else { "no" }));
        } else if self.step == Step::S1 {
            self.notes.push(msg!("gd-rebel-note-proposal", party = rebel.sigle()));
        } else {
            return Err(no(msg!("gd-rebel-refused-peace-s1")));
        }
        Ok(Order::Peace)
    }

    /// The rebel's senate lines are refused.
    pub(super) fn outside_senate(&self, w: Word) -> Result<(), Refused> {
        if senate_word(w) && rebellion::is_rebel(self.s, self.me) {
            return Err(no(msg!("gd-rebel-refused-outside-senate")));
        }
        Ok(())
    }
}

/// One sample of every message of these lines, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-rebel-refused-no-rebel"),
        msg!("gd-rebel-refused-peace-s1"),
        msg!("gd-rebel-refused-outside-senate"),
        msg!("gd-rebel-note-declared", sector = 12, others = 3, face = JOINS_ON, ministries = 1),
        msg!("gd-rebel-note-offer", voted = "yes"),
        msg!("gd-rebel-note-offer", voted = "no"),
        msg!("gd-rebel-note-proposal", party = "POP"),
    ]
}
