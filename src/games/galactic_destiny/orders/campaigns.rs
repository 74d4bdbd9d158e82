//! The campaigns' lines (design note §3.3): `CAMPAGNE <secteur> <sén>
//! [INFLUENCE <n>]` in a C step, `INFLUENCE <secteur> <n>` in K, checked
//! as [`crate::games::galactic_destiny::intrigue::campaigns::check`] checks
//! them again when the step closes, against the lines accepted before.

use crate::msg;
use crate::text::Cursor;

use super::super::super::intrigue::campaigns;
use super::super::super::intrigue::shadow_dice;
use super::super::super::model::{Law, TaxedAction};
use super::super::super::components::effects::Resource;
use super::{count, is, no, words, Check, Order, Refused};

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl Check<'_> {
    /// `CAMPAGNE <secteur> <sén> [INFLUENCE <n>]`.
    pub(super) fn campaign(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        let senator = self.own_in_play(c.next())?;
        let influence = if is(c.peek(), words::INFLUENCE) {
            c.next();
            count(c.next())?
        } else {
            0
        };
        self.end(c)?;
        if self.campaigns.contains(&sector) {
            return Err(no(msg!("gd-camp-refused-twice", sector = sector)));
        }
        if self.campaigners.contains(&senator) {
            return Err(no(msg!("gd-camp-refused-exhausted", senator = senator)));
        }
        campaigns::check(self.s, self.me, sector, &senator, false).map_err(no)?;
        let owner = self.s.fx.sectors.get(&sector).and_then(|x| x.owner);
        let binds = |law: Law, this: &Self| this.s.law_binds(law, this.me) && !this.laws_defied.contains(&law);
        if let Some(o) = owner.filter(|_| binds(Law::Integrity, self)) {
            let (fr, en) = Law::Integrity.codes();
            let defy = if self.english { format!("DEFY {en}") } else { format!("ENFREINDRE {fr}") };
            return Err((msg!("gd-camp-refused-integrity", sector = sector, party = o.sigle()), Some(defy)));
        }
        if influence > 0 {
            self.spend(Resource::Influence, i32::from(influence))?;
            self.notes.push(msg!("gd-camp-note-paid-when-resolved", amount = influence));
        }
        let figures = campaigns::campaigner(self.s, self.me, &senator, sector, u32::from(influence));
        self.notes.push(msg!(
            "gd-camp-note-roll",
            dice = 1 + shadow_dice(figures.shadow, figures.atheist),
            modifier = figures.modifier(),
            diplomacy = figures.diplomacy,
            corruption = figures.corruption,
            shadow = figures.shadow,
            influence = figures.influence,
            adjacency = figures.adjacency,
            race = yes(figures.race_icon),
            icon = yes(figures.party_icon),
            orator = yes(figures.orator),
        ));
        let defence = self.s.fx.defence(&self.s.components, sector);
        let adjacency = owner.map_or(0, |o| campaigns::adjacency(self.s, o, sector));
        self.notes.push(msg!("gd-camp-note-sector", sector = sector, defence = defence, owner = owner.map_or("none", |o| o.sigle()), adjacency = adjacency));
        self.notes.push(msg!("gd-odds-note-campaign", chance = crate::games::galactic_destiny::view::odds::campaign_chance(self.s, &figures, sector).2));
        if binds(Law::Education, self) {
            let cost = i32::from(campaigns::EDUCATION_COST);
            if self.influence >= cost {
                self.influence -= cost;
                self.notes.push(msg!("gd-camp-note-education", amount = cost));
            } else {
                self.notes.push(msg!("gd-camp-note-education-breach", amount = cost));
            }
        }
        self.tax_note(TaxedAction::Campaign, 1);
        self.campaigns.insert(sector);
        self.campaigners.insert(senator.clone());
        Ok(Order::Campaign { sector, senator, influence })
    }

    /// `INFLUENCE <secteur> <n>` (K): to my campaign there, or to my
    /// sector's roll when another party campaigns in it.
    pub(super) fn influence(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let sector = self.sector(c.next())?;
        let amount = count(c.next())?;
        self.end(c)?;
        let owner = self.s.fx.sectors.get(&sector).and_then(|x| x.owner);
        let there = |d: &campaigns::Declaration| d.sector == sector && (d.party == self.me || owner == Some(self.me));
        if !self.s.intrigue.campaigns.campaigns.iter().any(there) {
            return Err(no(msg!("gd-camp-refused-no-campaign", sector = sector)));
        }
        if !self.influenced.insert(sector) {
            return Err(no(msg!("gd-camp-refused-influence-twice", sector = sector)));
        }
        self.spend(Resource::Influence, i32::from(amount))?;
        self.notes.push(msg!("gd-camp-note-paid-when-resolved", amount = amount));
        Ok(Order::Influence { sector, amount })
    }
}
