//! Reading the invasions' lines (design note §3.3): `INVASION` and
//! `DEFENDRE` in the party's I step (and F window), `RETRAITE` and `FEINTE` in B; their checks and the
//! notes of the acknowledgement (the corruption and on whom, the law costs,
//! the Republic's fleets present). A child of the parser
//! (`orders/parse.rs`), whose `Check` it extends.

use std::collections::{BTreeMap, BTreeSet};

use crate::msg;
use crate::text::{Cursor, Token};

use crate::games::galactic_destiny::components::board::Ability;
use crate::games::galactic_destiny::components::effects::Resource;
use crate::games::galactic_destiny::components::SectorNo;
use crate::games::galactic_destiny::intrigue::battle::Force;
use crate::games::galactic_destiny::intrigue::feint;
use crate::games::galactic_destiny::intrigue::invasions::{invasion_corruption_free, INVASION_CORRUPTION, MOVEMENT_COST};
use crate::games::galactic_destiny::model::{Law, Phase, TaxedAction};
use crate::games::galactic_destiny::orders::words;
use crate::games::galactic_destiny::orders::{Aim, Order};
use crate::games::galactic_destiny::view::battle_odds;

use super::{is, no, Check, Refused};

/// What the earlier lines of the step have declared.
#[derive(Debug, Default)]
pub struct Lines {
    /// Fleets taken by earlier lines, by sector of origin.
    used: BTreeMap<SectorNo, u8>,
    invaded: BTreeSet<SectorNo>,
    pub(super) admirals: BTreeSet<String>,
    /// The invasion and defence lines accepted so far, in order: what the
    /// odds of an invasion count of this mail.
    declared: Vec<Order>,
}

/// `<orig>:<n>`.
fn origin(c: &Check, t: &Token) -> Result<(SectorNo, u8), Refused> {
    let (s, n) = t.text.split_once(':').ok_or_else(|| no(msg!("gd-inv-refused-origin", written = t.text.as_str())))?;
    let sector = c.sector(Some(&Token::new(s.to_string(), false)))?;
    let n: u8 = n.parse().ok().filter(|n| *n > 0).ok_or_else(|| no(msg!("gd-inv-refused-origin", written = t.text.as_str())))?;
    Ok((sector, n))
}

impl Check<'_> {
    /// The party's fleets at `at` that may still move: there, not moved or
    /// declared this turn, not taken by an earlier line.
    fn free_fleets(&self, at: SectorNo) -> u8 {
        let here = self.fleets_at.get(&at).copied().unwrap_or(0);
        let committed = self.s.intrigue.invasions.committed.get(&at).and_then(|m| m.get(&self.me)).copied().unwrap_or(0).saturating_sub(self.cards.freed(at));
        let used = self.inv.used.get(&at).copied().unwrap_or(0);
        here.saturating_sub(committed).saturating_sub(used)
    }

    /// The origins of an invasion or a defence, each checked against the
    /// fleets still free (earlier lines and this one's earlier origins).
    fn origins(&self, c: &mut Cursor) -> Result<Vec<(SectorNo, u8)>, Refused> {
        let mut from: Vec<(SectorNo, u8)> = Vec::new();
        while let Some(t) = c.peek().filter(|t| t.text.contains(':')) {
            c.next();
            let (at, n) = origin(self, t)?;
            let taken: u8 = from.iter().filter(|(s, _)| *s == at).map(|(_, k)| *k).sum();
            let free = self.free_fleets(at).saturating_sub(taken);
            if n > free {
                return Err(no(msg!("gd-inv-refused-fleets", sector = at, count = n, free = free)));
            }
            from.push((at, n));
        }
        if from.is_empty() {
            return Err(no(msg!("gd-inv-refused-no-origin")));
        }
        Ok(from)
    }

    /// A line accepted: its fleets taken for the next lines, the
    /// Déclaration de mouvement paid (2 money per fleet moved) or noted as
    /// a breach (G38).
    fn take(&mut self, from: &[(SectorNo, u8)], to: SectorNo) {
        let moved: u32 = from.iter().filter(|(s, _)| *s != to).map(|(_, n)| u32::from(*n)).sum();
        if moved > 0 && self.s.law_binds(Law::Movement, self.me) && !self.laws_defied.contains(&Law::Movement) {
            let cost = i32::from(MOVEMENT_COST) * moved as i32;
            if self.spend(Resource::Money, cost).is_ok() {
                self.notes.push(msg!("gd-inv-note-movement", amount = cost));
            } else {
                self.notes.push(msg!("gd-inv-note-movement-breach", amount = cost));
            }
        }
        if moved > 0 {
            self.tax_note(TaxedAction::FleetMoved, moved);
        }
        for (s, n) in from {
            *self.inv.used.entry(*s).or_default() += n;
        }
    }

    pub(super) fn invade(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        let st = self.s.fx.sectors.get(&sector).cloned().unwrap_or_default();
        if st.owner == Some(self.me) {
            return Err(no(msg!("gd-inv-refused-own-sector", sector = sector)));
        }
        let declared = self.s.intrigue.invasions.invasions.iter().any(|d| d.sector == sector && d.force == Force::Party(self.me));
        if declared || self.inv.invaded.contains(&sector) {
            return Err(no(msg!("gd-inv-refused-invaded-twice", sector = sector)));
        }
        let from = self.origins(c)?;
        let (mut admiral, mut aim, mut corruption) = (None, Aim::Neutral, None);
        while let Some(t) = c.next() {
            if is(Some(t), words::ADMIRAL) && admiral.is_none() {
                let a = self.own_in_play(c.next())?;
                let st = &self.s.fx.senators[&a];
                if st.exhausted || st.seduced || self.inv.admirals.contains(&a) {
                    return Err(no(msg!("gd-inv-refused-admiral-spent", senator = a)));
                }
                admiral = Some(a);
            } else if is(Some(t), words::CLAIM) && aim == Aim::Neutral {
                aim = Aim::Claim;
            } else if is(Some(t), words::FOR) && aim == Aim::Neutral {
                aim = Aim::For { party: self.other_party(c.next())? };
            } else if is(Some(t), words::CORRUPTION) && corruption.is_none() {
                corruption = Some(self.own_in_play(c.next())?);
            } else {
                return Err(no(msg!("gd-order-refused-extra", written = t.text.as_str())));
            }
        }
        let first = !self.s.intrigue.invasions.invasions.iter().any(|d| d.force == Force::Party(self.me)) && self.inv.invaded.is_empty();
        let own29 = self.owner(Ability::InsurrectionBienvenue) == Some(self.me);
        let rebellion_free = crate::games::galactic_destiny::rebellion::invasion_free(self.s, self.me, sector, aim != Aim::Neutral);
        if invasion_corruption_free(st.infested, aim, own29 && first) || rebellion_free {
            self.notes.push(msg!("gd-inv-note-no-corruption"));
        } else {
            let on = admiral.clone().or(corruption.clone());
            match on {
                Some(n) => self.notes.push(msg!("gd-order-note-corruption", amount = INVASION_CORRUPTION, senator = n)),
                None => self.breach_note(&None),
            }
        }
        if let Some(r) = self.s.republic_at.get(&sector).filter(|n| **n > 0) {
            self.notes.push(msg!("gd-inv-note-republic-present", count = *r));
        }
        self.take(&from, sector);
        self.tax_note(TaxedAction::Invasion, 1);
        self.inv.invaded.insert(sector);
        if let Some(a) = &admiral {
            self.inv.admirals.insert(a.clone());
        }
        let order = Order::Invade { sector, from, admiral, aim, corruption };
        self.inv.declared.push(order.clone());
        if let Some(e) = battle_odds::acknowledged(self.s, self.me, &self.inv.declared, sector) {
            self.notes.push(battle_odds::note(&e));
        }
        Ok(order)
    }

    pub(super) fn defend(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        if self.inv.invaded.contains(&sector) || self.s.intrigue.invasions.invasions.iter().any(|d| d.sector == sector && d.force == Force::Party(self.me)) {
            return Err(no(msg!("gd-inv-refused-defend-invaded", sector = sector)));
        }
        if self.s.fx.sectors.get(&sector).is_some_and(|x| x.infested) {
            return Err(no(msg!("gd-inv-refused-defend-infested", sector = sector)));
        }
        let from = self.origins(c)?;
        if from.iter().all(|(s, _)| *s == sector) {
            return Err(no(msg!("gd-inv-refused-no-move", sector = sector)));
        }
        self.end(c)?;
        self.take(&from, sector);
        if self.s.fx.sectors.get(&sector).is_some_and(|s| s.marked) && self.s.law_binds(Law::Watch, self.me) {
            self.notes.push(msg!("gd-inv-note-watch", sector = sector));
        }
        let order = Order::Defend { sector, from };
        self.inv.declared.push(order.clone());
        Ok(order)
    }

    pub(super) fn retreat(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        let to = self.sector(c.next())?;
        self.end(c)?;
        self.notes.push(msg!("gd-inv-note-retreat", sector = to));
        Ok(Order::Retreat { sector, to })
    }

    /// `FEINTE` (B): a Feint card in hand, its cost payable; not in B′.
    pub(super) fn feint(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        self.end(c)?;
        if self.s.phase == Phase::BattlesAgain {
            return Err(no(msg!("gd-feint-once")));
        }
        let Some(card) = feint::feint_card(self.s, self.me) else {
            return Err(no(msg!("galactic-destiny-lacks-card", party = self.me.sigle(), card = feint::feint_name(self.s))));
        };
        if let Some(r) = card.cost.resource {
            self.spend(r, i32::from(card.cost.amount))?;
            self.notes.push(msg!("gd-order-note-cost", amount = card.cost.amount, resource = super::resource_msg(r)));
        }
        self.notes.push(msg!("gd-feint-note"));
        Ok(Order::Feint)
    }
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    vec![
        msg!("gd-inv-refused-origin", written = "31-3"),
        msg!("gd-inv-refused-fleets", sector = 31, count = 3, free = 1),
        msg!("gd-inv-refused-no-origin"),
        msg!("gd-inv-refused-own-sector", sector = 12),
        msg!("gd-inv-refused-invaded-twice", sector = 12),
        msg!("gd-inv-refused-admiral-spent", senator = "Fola"),
        msg!("gd-inv-refused-defend-invaded", sector = 12),
        msg!("gd-inv-refused-no-move", sector = 12),
        msg!("gd-inv-refused-defend-infested", sector = 50),
        msg!("gd-inv-note-movement", amount = 4),
        msg!("gd-inv-note-movement-breach", amount = 4),
        msg!("gd-inv-note-no-corruption"),
        msg!("gd-inv-note-republic-present", count = 2),
        msg!("gd-inv-note-watch", sector = 12),
        msg!("gd-inv-note-retreat", sector = 12),
    ]
}
