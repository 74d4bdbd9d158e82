//! Reading the Defence minister's corrupt redeployment ("Compétences
//! corrompues de ministère.", "Ministre de la défense."; design note §3.1),
//! a child of the parser (`orders/parse.rs`), whose `Check` it extends. In
//! B only (RULINGS, "the Feint round"):
//!
//! - `CORROMPU DEFENSE 1` | `CORRUPT DEFENCE 1`: the party's senator holding
//!   Defence, fresh, uses his action; 1 corruption on him;
//! - below it, one `FLOTTE-REPUBLIQUE <secteur> <n> [DE <secteur>]
//!   [ATTAQUE] [AMIRAL <sén>] [PRISE][, …]` | `REPUBLIC-FLEET … [CLAIM]`:
//!   the Republic's new orders, `ATTAQUE` on any sector, `PRISE` a claim
//!   for the minister's party (none: neutrality).
//!
//! The checks read public state only: who holds Defence, the minister's
//! state, the Republic's fleets and where they stood before the turn's
//! cancelled moves.

use crate::msg;
use crate::text::{Cursor, Token};

use super::super::super::intrigue::defence::{before_moves, REDEPLOY_TOKENS};
use super::super::super::model::Phase;
use super::super::super::senate::Ministry;
use super::super::words::{self, Step};
use super::super::Order;
use super::{is, ministry_msg, no, number, split_groups, Check, Refused};

/// What the earlier lines of the mail wrote of the redeployment.
#[derive(Debug, Default)]
pub struct Lines {
    /// `CORROMPU DEFENSE 1` accepted above.
    skill: bool,
    /// A `FLOTTE-REPUBLIQUE` line accepted above.
    groups: bool,
}

impl Check<'_> {
    /// `CORROMPU DEFENSE 1` (the ministry word read): in B (not B′), by the
    /// party whose senator holds Defence, fresh.
    pub(super) fn corrupt_defence(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if self.step != Step::B || self.s.phase != Phase::Battles {
            return Err(no(msg!("gd-def-refused-step")));
        }
        let n = number(c.next())?;
        if n != u32::from(REDEPLOY_TOKENS) {
            return Err(no(msg!("gd-def-refused-tokens")));
        }
        self.end(c)?;
        let minister = self.s.ministries.get(&Ministry::Defence).filter(|_| self.s.holder(Ministry::Defence) == Some(self.me)).cloned();
        let Some(minister) = minister else {
            return Err(no(msg!("gd-order-refused-no-ministry", ministry = ministry_msg(Ministry::Defence))));
        };
        if self.def.skill {
            return Err(no(msg!("gd-def-refused-once")));
        }
        self.fresh_actor(&minister)?;
        self.def.skill = true;
        self.notes.push(msg!("gd-def-note-skill", senator = minister.as_str()));
        self.used(Some(&minister.clone()), None, Order::CorruptSkill { ministry: Ministry::Defence, tokens: REDEPLOY_TOKENS, target: None })
    }

    /// `FLOTTE-REPUBLIQUE …` in B: the Republic's new orders, below
    /// `CORROMPU DEFENSE 1`; the origins are where the Republic's fleets
    /// stand once the turn's moves are cancelled.
    pub(super) fn redeploy(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if !self.def.skill {
            return Err(no(msg!("gd-def-refused-no-skill")));
        }
        if self.def.groups {
            return Err(no(msg!("gd-def-refused-once")));
        }
        let mut groups = Vec::new();
        let mut claims = Vec::new();
        for toks in split_groups(c) {
            // ATTAQUE is allowed on any sector here, PRISE is this skill's:
            // both are taken out before the senate's group is read.
            let attack = toks.iter().any(|t| is(Some(t), words::ATTACK));
            let claim = toks.iter().any(|t| is(Some(t), words::CLAIM));
            let rest: Vec<Token> = toks.into_iter().filter(|t| !is(Some(t), words::ATTACK) && !is(Some(t), words::CLAIM)).collect();
            let mut g = self.fleet_group(&rest)?;
            g.attack = attack;
            if claim && !attack {
                return Err(no(msg!("gd-def-refused-claim-no-attack", sector = g.to)));
            }
            if claim && !claims.contains(&g.to) {
                claims.push(g.to);
            }
            groups.push(g);
        }
        self.republic_groups_fit(&groups, &before_moves(self.s))?;
        self.def.groups = true;
        self.notes.push(msg!("gd-def-note-redeploy"));
        Ok(Order::Redeploy { groups, claims })
    }
}
