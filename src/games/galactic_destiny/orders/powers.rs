//! Reading the lines of the skills, sector abilities and corrupt ministry
//! skills used as actions (design note §3.1, §3.3; "Compétences de
//! sénateur.", "Compétences de secteur.", "Compétences corrompues de
//! ministère."), a child of the parser (`orders/parse.rs`), whose `Check`
//! it extends:
//!
//! - `ESPIONNER <sén> <parti> [DEFAUSSER "<c>"…]` | `SPY … [DISCARD …]`;
//! - `SABOTER <sén> <secteur> <parti>|REPUBLIQUE` | `SABOTAGE … REPUBLIC`;
//! - `PURIFIER <sén> <cible> <n>` | `CLEANSE`;
//! - `MARCHE-NOIR <parti>` | `BLACK-MARKET`, `AUGURE <parti> "<c>"` |
//!   `AUGURY` (sectors 5 and 33), `INDULGENCE <sén>` (sector 8, P);
//! - `CORROMPU <ministère> <n> [<parti>]` | `CORRUPT`.
//!
//! Every check reads public state only (senators in play, their skills,
//! corruption and shadow, fleets on the board, who owns a sector, who holds
//! a ministry, the abilities used this turn) and the party's own lines; a
//! card named (to discard, to ask for) is checked against the public card
//! file, never against another party's hand.

use std::collections::BTreeSet;

use crate::i18n::Msg;
use crate::msg;
use crate::text::Cursor;

use super::super::super::components::board::Ability;
use super::super::super::components::effects::Resource;
use super::super::super::components::{SectorNo, Skill};
use super::super::super::model::GdState;
use super::super::super::powers::{self, CLEANSE_COST, CORRUPT_MAX, CORRUPT_RATE, INDULGENCE_COST, SABOTAGE_COST, SPY_COST, SPY_DISCARD_COST};
use super::super::super::senate::Ministry;
use super::super::words::{kw, name};
use super::super::Order;
use super::{is, ministry_msg, no, number, Check, Refused};

/// `DEFAUSSER | DISCARD` inside `ESPIONNER`.
const DISCARD: &[&str] = &["DEFAUSSER", "DISCARD"];
/// `REPUBLIQUE | REPUBLIC`: the Republic's fleets.
const REPUBLIC: &[&str] = &["REPUBLIQUE", "REPUBLIC"];

/// What the earlier lines of the step have used.
#[derive(Debug, Default)]
pub struct Lines {
    /// Senators whose action an earlier line of this family used.
    acted: BTreeSet<String>,
    /// Sector abilities used by an earlier line.
    abilities: BTreeSet<SectorNo>,
}

fn skill_word(k: Skill) -> &'static str {
    match k {
        Skill::Espion | Skill::MaitreEnEspionnage => "spy",
        Skill::Saboteur => "saboteur",
        _ => "religious",
    }
}

impl Check<'_> {
    /// The acting senator: the party's, in play, with one of `skills`,
    /// fresh (not exhausted, not recruited this turn, not named by an
    /// earlier line for an action).
    fn power_actor(&mut self, c: &mut Cursor, skills: &[Skill]) -> Result<(String, Skill), Refused> {
        let n = self.own_in_play(c.next())?;
        let skill = self.s.components.senator(&n).and_then(|x| x.skill);
        let Some(k) = skill.filter(|k| skills.contains(k)) else {
            return Err(no(msg!("gd-pow-refused-skill", senator = n, skill = skill_word(skills[0]))));
        };
        self.fresh_actor(&n)?;
        Ok((n, k))
    }

    /// A senator's action still free: not exhausted or recruited this
    /// turn, not used by an earlier line (skills, assassinations,
    /// campaigns).
    pub(super) fn fresh_actor(&mut self, n: &str) -> Result<(), Refused> {
        let st = &self.s.fx.senators[n];
        if st.exhausted || self.s.recruited.contains(n) || self.assassins.contains(n) || self.campaigners.contains(n) || self.pw.acted.contains(n) {
            return Err(no(msg!("gd-order-refused-not-fresh", senator = n)));
        }
        Ok(())
    }

    /// A sector ability the party owns now and nobody has used this turn:
    /// its sector.
    fn ability(&mut self, a: Ability) -> Result<SectorNo, Refused> {
        let sector = self.s.components.board.sector_of(a).unwrap_or_default();
        if self.owner(a) != Some(self.me) {
            return Err(no(msg!("gd-pow-refused-ability-not-owned", sector = sector)));
        }
        if self.s.intrigue.powers.used.contains(&sector) || self.pw.abilities.contains(&sector) {
            return Err(no(msg!("gd-pow-refused-ability-used", sector = sector)));
        }
        self.notes.push(msg!("gd-pow-note-once-a-turn", sector = sector));
        Ok(sector)
    }

    /// A line accepted: its senator has acted, its ability is used, for
    /// the lines after it.
    pub(super) fn used(&mut self, senator: Option<&str>, ability: Option<SectorNo>, o: Order) -> Result<Order, Refused> {
        self.pw.acted.extend(senator.map(str::to_string));
        self.pw.abilities.extend(ability);
        Ok(o)
    }

    fn pay_power(&mut self, r: Resource, amount: u32) -> Result<(), Refused> {
        self.spend(r, amount as i32)?;
        self.notes.push(msg!("gd-order-note-cost", amount = amount, resource = super::resource_msg(r)));
        Ok(())
    }

    /// `ESPIONNER <sén> <parti> [DEFAUSSER "<c>"…]`.
    pub(super) fn spy(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let (senator, skill) = self.power_actor(c, &[Skill::Espion, Skill::MaitreEnEspionnage])?;
        let target = self.other_party(c.next())?;
        let mut discard = Vec::new();
        if is(c.peek(), DISCARD) {
            c.next();
            if skill != Skill::MaitreEnEspionnage {
                return Err(no(msg!("gd-pow-refused-not-master-spy", senator = senator)));
            }
            let all: Vec<&str> = self.s.components.actions.iter().map(|a| a.name_fr.as_str()).collect();
            while let Some(t) = c.next() {
                discard.push(self.card_name(t, all.clone())?);
            }
            if discard.is_empty() {
                return Err(no(msg!("gd-order-refused-card-missing")));
            }
        }
        self.end(c)?;
        self.pay_power(Resource::Money, SPY_COST)?;
        self.notes.push(msg!("gd-pow-note-spy", party = target.sigle()));
        if !discard.is_empty() {
            self.notes.push(msg!("gd-pow-note-spy-discard", each = SPY_DISCARD_COST, most = SPY_DISCARD_COST * discard.len() as u32));
        }
        self.used(Some(&senator.clone()), None, Order::Spy { senator, target, discard })
    }

    /// `SABOTER <sén> <secteur> <parti>|REPUBLIQUE`.
    pub(super) fn sabotage(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let (senator, _) = self.power_actor(c, &[Skill::Saboteur])?;
        let sector = self.sector(c.next())?;
        let victim = if is(c.peek(), REPUBLIC) {
            c.next();
            None
        } else {
            Some(self.party(c.next())?)
        };
        self.end(c)?;
        if powers::fleets_at(self.s, sector, victim) == 0 {
            return Err(no(msg!("gd-pow-refused-no-fleet", sector = sector, party = powers::force_word(victim))));
        }
        self.pay_power(Resource::Money, SABOTAGE_COST)?;
        self.used(Some(&senator.clone()), None, Order::Sabotage { senator, sector, victim })
    }

    /// `PURIFIER <sén> <cible> <n>`.
    pub(super) fn cleanse(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let (senator, _) = self.power_actor(c, &[Skill::LeaderReligieux])?;
        let target = self.in_play(c.next())?;
        let n = number(c.next())?;
        self.end(c)?;
        let has = u32::from(self.s.fx.senators[&target].corruption);
        if n == 0 || n > has {
            return Err(no(msg!("gd-pow-refused-cleanse", senator = target, corruption = has)));
        }
        self.pay_power(Resource::Influence, CLEANSE_COST * n)?;
        self.notes.push(msg!("gd-pow-note-no-shadow"));
        self.used(Some(&senator.clone()), None, Order::Cleanse { senator, target, amount: n as u8 })
    }

    /// `MARCHE-NOIR <parti>`.
    pub(super) fn black_market(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let target = self.other_party(c.next())?;
        self.end(c)?;
        let five = self.ability(Ability::DonneesDuMarcheNoir)?;
        self.notes.push(msg!("gd-pow-note-spy", party = target.sigle()));
        self.used(None, Some(five), Order::BlackMarket { target })
    }

    /// `AUGURE <parti> "<c>"`.
    pub(super) fn augury(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let target = self.other_party(c.next())?;
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        let all: Vec<&str> = self.s.components.actions.iter().map(|a| a.name_fr.as_str()).collect();
        let card = self.card_name(t, all)?;
        self.end(c)?;
        let n = self.ability(Ability::AugureAleatoire)?;
        self.notes.push(msg!("gd-pow-note-augury", party = target.sigle()));
        self.used(None, Some(n), Order::Augury { target, card })
    }

    /// `INDULGENCE <sén>` (P).
    pub(super) fn indulgence(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let senator = self.in_play(c.next())?;
        self.end(c)?;
        if self.s.fx.senators[&senator].shadow == 0 {
            return Err(no(msg!("gd-pow-refused-no-shadow", senator = senator)));
        }
        let eight = self.ability(Ability::IndulgencesAntique)?;
        self.pay_power(Resource::Money, INDULGENCE_COST)?;
        self.used(None, Some(eight), Order::Indulgence { senator })
    }

    /// `CORROMPU <ministère> <n> [<parti>]`.
    pub(super) fn corrupt_skill(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if !self.s.settings.corrupt_skills {
            return Err(no(msg!("gd-pow-refused-corrupt-off")));
        }
        let ministry = self.ministry(c.next())?;
        match ministry {
            // The Defence minister's redeployment: orders/defence.rs.
            Ministry::Defence => return self.corrupt_defence(c),
            Ministry::Justice => return Err(no(msg!("gd-pow-refused-justice"))),
            _ => {}
        }
        let n = number(c.next())?;
        if !(1..=u32::from(CORRUPT_MAX)).contains(&n) {
            return Err(no(msg!("gd-pow-refused-tokens", max = CORRUPT_MAX)));
        }
        let target = match ministry {
            Ministry::PrimeMinister => {
                let p = self.other_party(c.next())?;
                if !powers::in_good_standing(self.s, p) {
                    return Err(no(msg!("gd-pow-refused-not-in-good-standing", party = p.sigle())));
                }
                Some(p)
            }
            _ => None,
        };
        self.end(c)?;
        let minister = self.s.ministries.get(&ministry).filter(|_| self.s.holder(ministry) == Some(self.me)).cloned();
        let Some(minister) = minister else {
            return Err(no(msg!("gd-order-refused-no-ministry", ministry = ministry_msg(ministry))));
        };
        self.fresh_actor(&minister)?;
        let amount = u32::from(CORRUPT_RATE) * n;
        self.notes.push(match target {
            Some(p) => msg!("gd-pow-note-corrupt-pm", party = p.sigle(), amount = amount, tokens = n, senator = minister.as_str()),
            None => msg!("gd-pow-note-corrupt-gain", amount = amount, resource = super::resource_msg(if ministry == Ministry::Finance { Resource::Money } else { Resource::Influence }), tokens = n, senator = minister.as_str()),
        });
        self.used(Some(&minister), None, Order::CorruptSkill { ministry, tokens: n as u8, target })
    }
}

/// The canonical line of one of these orders, French or English.
pub fn power_line(s: &GdState, o: &Order, en: bool) -> String {
    let card = |c: &str| match s.components.action(c) {
        Some(a) if en => format!("\"{}\"", a.name_en),
        Some(a) => format!("\"{}\"", a.name_fr),
        None => format!("\"{c}\""),
    };
    match o {
        Order::Spy { senator, target, discard } => {
            let mut t = format!("{} {} {}", kw(en, "ESPIONNER", "SPY"), name(senator), target.sigle());
            if !discard.is_empty() {
                let cs: Vec<String> = discard.iter().map(|c| card(c)).collect();
                t.push_str(&format!(" {} {}", kw(en, "DEFAUSSER", "DISCARD"), cs.join(" ")));
            }
            t
        }
        Order::Sabotage { senator, sector, victim } => {
            let v = victim.map_or_else(|| kw(en, "REPUBLIQUE", "REPUBLIC").to_string(), |p| p.sigle().to_string());
            format!("{} {} {sector} {v}", kw(en, "SABOTER", "SABOTAGE"), name(senator))
        }
        Order::Cleanse { senator, target, amount } => format!("{} {} {} {amount}", kw(en, "PURIFIER", "CLEANSE"), name(senator), name(target)),
        Order::BlackMarket { target } => format!("{} {}", kw(en, "MARCHE-NOIR", "BLACK-MARKET"), target.sigle()),
        Order::Augury { target, card: c } => format!("{} {} {}", kw(en, "AUGURE", "AUGURY"), target.sigle(), card(c)),
        Order::Indulgence { senator } => format!("INDULGENCE {}", name(senator)),
        Order::CorruptSkill { ministry, tokens, target } => {
            let m = if en { ministry.code_en() } else { ministry.code() };
            let t = format!("{} {m} {tokens}", kw(en, "CORROMPU", "CORRUPT"));
            match target {
                Some(p) => format!("{t} {}", p.sigle()),
                None => t,
            }
        }
        _ => String::new(),
    }
}

/// One sample of every message of these lines, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let mut v = vec![
        msg!("gd-pow-refused-skill", senator = "Fola", skill = "spy"),
        msg!("gd-pow-refused-skill", senator = "Fola", skill = "saboteur"),
        msg!("gd-pow-refused-skill", senator = "Fola", skill = "religious"),
        msg!("gd-pow-refused-ability-not-owned", sector = 5),
        msg!("gd-pow-refused-ability-used", sector = 5),
        msg!("gd-pow-refused-not-master-spy", senator = "Fola"),
        msg!("gd-pow-refused-no-fleet", sector = 12, party = "POP"),
        msg!("gd-pow-refused-cleanse", senator = "Fola", corruption = 2),
        msg!("gd-pow-refused-no-shadow", senator = "Fola"),
        msg!("gd-pow-refused-corrupt-off"),
        msg!("gd-pow-refused-justice"),
        msg!("gd-pow-refused-tokens", max = CORRUPT_MAX),
        msg!("gd-pow-refused-not-in-good-standing", party = "POP"),
        msg!("gd-pow-note-once-a-turn", sector = 5),
        msg!("gd-pow-note-spy", party = "POP"),
        msg!("gd-pow-note-spy-discard", each = SPY_DISCARD_COST, most = 8),
        msg!("gd-pow-note-no-shadow"),
        msg!("gd-pow-note-augury", party = "POP"),
        msg!("gd-pow-note-corrupt-pm", party = "POP", amount = 6, tokens = 2, senator = "Fola"),
    ];
    v.push(msg!("gd-pow-note-corrupt-gain", amount = 6, resource = super::resource_msg(Resource::Money), tokens = 2, senator = "Fola"));
    v
}
