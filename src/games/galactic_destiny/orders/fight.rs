//! The rerolls' and the hits' lines (design note §3.1; "Roulement de dé.",
//! "Compétences de sénateur." — Interrupteur de code —, "Compétences de
//! secteur." — 34 Alimenter le pouvoir —, "Victimes de la guerre."), read
//! with the parser's [`Check`] (a child module of `parse.rs`):
//!
//! - `RELANCE BATAILLE|CAMPAGNE|ASSASSINAT|TOUT|AUCUNE… [SEUIL <n>]` |
//!   `REROLL BATTLE|CAMPAIGN|ASSASSINATION|ALL|NONE… [THRESHOLD <n>]`
//!   (any step): the party's policy for its rerolls, private, for the rest
//!   of the game turn; the party must have such a reroll (a senator in play
//!   who is an Interrupteur de code, or sector 34);
//! - `PERTES <parti>…` | `HITS <party>…` (B): its order of preference among
//!   its opponents for the hits it inflicts in the step's battles.
//!
//! Every check reads public state only (the party's own senators' skills,
//! who owns sector 34) and the party's own lines.

use crate::i18n::Msg;
use crate::msg;
use crate::text::Cursor;

use super::super::super::components::Skill;
use super::super::super::intrigue::fight_skills::{self, Contest, Policy};
use super::super::words::kw;
use super::super::Order;
use super::{is, no, number, Check, Refused};

const BATTLE: &[&str] = &["BATAILLE", "BATTLE"];
const CAMPAIGN: &[&str] = &["CAMPAGNE", "CAMPAIGN"];
const ASSASSINATION: &[&str] = &["ASSASSINAT", "ASSASSINATION"];
const ALL: &[&str] = &["TOUT", "ALL"];
const NONE: &[&str] = &["AUCUNE", "NONE", "AUCUN"];
const THRESHOLD: &[&str] = &["SEUIL", "THRESHOLD"];
/// `SEUIL <n>`: 1 to 5 (a 6 cannot be bettered).
const THRESHOLD_MAX: u32 = 5;

impl Check<'_> {
    /// `RELANCE`: at least one contest (or `TOUT`, or `AUCUNE` alone), then
    /// `SEUIL <n>` optionally; the party must have an Interrupteur de code
    /// in play or own sector 34.
    pub(super) fn reroll(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut contests: Vec<Contest> = Vec::new();
        let mut none = false;
        loop {
            let t = c.peek();
            let add: &[Contest] = if is(t, BATTLE) {
                &[Contest::Battle]
            } else if is(t, CAMPAIGN) {
                &[Contest::Campaign]
            } else if is(t, ASSASSINATION) {
                &[Contest::Assassination]
            } else if is(t, ALL) {
                &[Contest::Battle, Contest::Campaign, Contest::Assassination]
            } else if is(t, NONE) {
                none = true;
                &[]
            } else {
                break;
            };
            c.next();
            for k in add {
                if !contests.contains(k) {
                    contests.push(*k);
                }
            }
        }
        if contests.is_empty() && !none {
            let written = c.peek().map(|t| t.text.clone()).unwrap_or_default();
            return Err(no(msg!("gd-fight-refused-contest", written = written)));
        }
        if none && !contests.is_empty() {
            return Err(no(msg!("gd-fight-refused-none-and-contest")));
        }
        let threshold = if is(c.peek(), THRESHOLD) {
            c.next();
            let n = number(c.next())?;
            if !(1..=THRESHOLD_MAX).contains(&n) {
                return Err(no(msg!("gd-fight-refused-threshold", max = THRESHOLD_MAX)));
            }
            Some(n as u8)
        } else {
            None
        };
        self.end(c)?;
        if none && threshold.is_some() {
            return Err(no(msg!("gd-fight-refused-none-and-contest")));
        }
        contests.sort();
        let breakers: Vec<String> = self.s.senators_of(self.me).filter(|n| self.s.components.senator(n).is_some_and(|x| x.skill == Some(Skill::InterrupteurDeCode))).cloned().collect();
        let power = fight_skills::power_owner(self.s) == Some(self.me);
        if breakers.is_empty() && !power {
            return Err(no(msg!("gd-fight-refused-no-reroll")));
        }
        self.notes.push(policy_msg(&contests, threshold));
        if !breakers.is_empty() {
            self.notes.push(msg!("gd-fight-note-code-breaker", senators = breakers, battle = if contests.contains(&Contest::Battle) { "yes" } else { "no" }));
        }
        if power {
            self.notes.push(msg!("gd-fight-note-power", used = if self.s.intrigue.fight.power_used { "yes" } else { "no" }));
        }
        Ok(Order::Reroll { policy: Policy { contests, threshold } })
    }

    /// `PERTES <parti>…`: other parties in the game, each once.
    pub(super) fn hits(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut parties = Vec::new();
        while c.peek().is_some() {
            let p = self.other_party(c.next())?;
            if parties.contains(&p) {
                return Err(no(msg!("gd-order-refused-named-twice", name = p.sigle())));
            }
            parties.push(p);
        }
        if parties.is_empty() {
            return Err(no(msg!("gd-order-refused-party-missing")));
        }
        self.notes.push(msg!("gd-fight-note-hits", parties = parties.iter().map(|p| p.sigle().to_string()).collect::<Vec<_>>()));
        Ok(Order::Hits { parties })
    }
}

/// The note of a policy: what the party's rerolls will do.
fn policy_msg(contests: &[Contest], threshold: Option<u8>) -> Msg {
    let words: Vec<Msg> = contests.iter().map(|c| contest_msg(*c)).collect();
    match (contests.is_empty(), threshold) {
        (true, _) => msg!("gd-fight-note-policy-none"),
        (false, Some(t)) => msg!("gd-fight-note-policy-threshold", contests = words, threshold = u32::from(t)),
        (false, None) => msg!("gd-fight-note-policy-losing", contests = words),
    }
}

fn contest_msg(c: Contest) -> Msg {
    match c {
        Contest::Battle => msg!("gd-fight-contest-battle"),
        Contest::Campaign => msg!("gd-fight-contest-campaign"),
        Contest::Assassination => msg!("gd-fight-contest-assassination"),
    }
}

/// The canonical line of a `RELANCE` or `PERTES` order, French or English.
pub fn fight_line(o: &Order, en: bool) -> String {
    match o {
        Order::Reroll { policy } => {
            let mut t = kw(en, "RELANCE", "REROLL").to_string();
            if policy.contests.is_empty() {
                t.push_str(&format!(" {}", kw(en, "AUCUNE", "NONE")));
            } else if policy.contests.len() == 3 {
                t.push_str(&format!(" {}", kw(en, "TOUT", "ALL")));
            } else {
                for c in &policy.contests {
                    let w = match c {
                        Contest::Battle => kw(en, "BATAILLE", "BATTLE"),
                        Contest::Campaign => kw(en, "CAMPAGNE", "CAMPAIGN"),
                        Contest::Assassination => kw(en, "ASSASSINAT", "ASSASSINATION"),
                    };
                    t.push_str(&format!(" {w}"));
                }
            }
            if let Some(n) = policy.threshold {
                t.push_str(&format!(" {} {n}", kw(en, "SEUIL", "THRESHOLD")));
            }
            t
        }
        Order::Hits { parties } => {
            let ps: Vec<&str> = parties.iter().map(|p| p.sigle()).collect();
            format!("{} {}", kw(en, "PERTES", "HITS"), ps.join(" "))
        }
        _ => String::new(),
    }
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-fight-refused-contest", written = "BATAILLES"),
        msg!("gd-fight-refused-none-and-contest"),
        msg!("gd-fight-refused-threshold", max = THRESHOLD_MAX),
        msg!("gd-fight-refused-no-reroll"),
        policy_msg(&[], None),
        policy_msg(&[Contest::Battle], Some(2)),
        policy_msg(&[Contest::Battle, Contest::Campaign, Contest::Assassination], None),
        policy_msg(&[Contest::Campaign], None),
        policy_msg(&[Contest::Assassination], Some(1)),
        msg!("gd-fight-note-code-breaker", senators = vec!["Jemak".to_string()], battle = "yes"),
        msg!("gd-fight-note-code-breaker", senators = vec!["Jemak".to_string(), "Fola".to_string()], battle = "no"),
        msg!("gd-fight-note-power", used = "yes"),
        msg!("gd-fight-note-power", used = "no"),
        msg!("gd-fight-note-hits", parties = vec!["BIP".to_string(), "POP".to_string()]),
    ]
}
