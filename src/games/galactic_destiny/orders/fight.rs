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

#[cfg(test)]
mod tests {
    use crate::game::{LineOutcome, OrderLine};

    use super::super::super::super::components::PartyId;
    use super::super::super::super::intrigue::battle::{Force, Stake};
    use super::super::super::super::intrigue::fight_skills::{self, Contest, Policy};
    use super::super::super::super::intrigue::invasions::Declaration;
    use super::super::super::super::model::{GdState, Phase};
    use super::super::super::super::setup;
    use super::super::super::{Order, Orders};
    use super::super::{lines_in, parse};

    /// GSP, BIP, POP at S1 of turn 1, with Xeqel (Interrupteur de code)
    /// put in play for GSP by hand.
    fn state() -> GdState {
        let mut s = setup::test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
        let x = s.fx.senators["Mashem"].clone();
        s.fx.senators.insert("Xeqel".into(), x);
        s
    }

    fn read(s: &GdState, family: &str, text: &[&str]) -> (Orders, Vec<LineOutcome>) {
        let input: Vec<OrderLine> = text.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect();
        let p = parse(s, &family.to_string(), &input);
        (p.orders, p.verdicts.into_iter().map(|v| v.outcome).collect())
    }

    fn refusal(v: &LineOutcome) -> String {
        match v {
            LineOutcome::Rejected { reason, .. } => reason.id.clone(),
            other => panic!("accepted: {other:?}"),
        }
    }

    fn notes(v: &LineOutcome) -> Vec<String> {
        match v {
            LineOutcome::Accepted { notes, .. } => notes.iter().map(|n| n.id.clone()).collect(),
            other => panic!("refused: {other:?}"),
        }
    }

    #[test]
    fn roulement_de_de_relance_needs_a_reroll_and_reads_back() {
        let mut s = state();
        let (o, v) = read(&s, "gsp", &["RELANCE BATAILLE SEUIL 2", "REROLL ALL", "RELANCE AUCUNE", "RELANCE CAMPAGNE ASSASSINAT"]);
        assert!(v.iter().all(|x| matches!(x, LineOutcome::Accepted { .. })), "{v:?}");
        assert_eq!(notes(&v[0]), ["gd-fight-note-policy-threshold", "gd-fight-note-code-breaker"]);
        assert_eq!(notes(&v[1]), ["gd-fight-note-policy-losing", "gd-fight-note-code-breaker"]);
        assert_eq!(notes(&v[2]), ["gd-fight-note-policy-none", "gd-fight-note-code-breaker"]);
        assert_eq!(o.lines[0], Order::Reroll { policy: Policy { contests: vec![Contest::Battle], threshold: Some(2) } });
        assert_eq!(o.lines[3], Order::Reroll { policy: Policy { contests: vec![Contest::Campaign, Contest::Assassination], threshold: None } });
        assert_eq!(lines_in(&s, &o, false), ["RELANCE BATAILLE SEUIL 2", "RELANCE TOUT", "RELANCE AUCUNE", "RELANCE CAMPAGNE ASSASSINAT"]);
        assert_eq!(lines_in(&s, &o, true), ["REROLL BATTLE THRESHOLD 2", "REROLL ALL", "REROLL NONE", "REROLL CAMPAIGN ASSASSINATION"]);
        for l in lines_in(&s, &o, true) {
            assert_eq!(read(&s, "gsp", &[&l]).0.lines.len(), 1, "{l} reads back");
        }
        // Refused: no such skill nor sector 34; bad forms.
        let (_, v) = read(&s, "bip", &["RELANCE BATAILLE"]);
        assert_eq!(refusal(&v[0]), "gd-fight-refused-no-reroll");
        let (_, v) = read(&s, "gsp", &["RELANCE", "RELANCE BATAILLE SEUIL 6", "RELANCE AUCUNE BATAILLE", "RELANCE BATAILLES"]);
        assert_eq!(refusal(&v[0]), "gd-fight-refused-contest");
        assert_eq!(refusal(&v[1]), "gd-fight-refused-threshold");
        assert_eq!(refusal(&v[2]), "gd-fight-refused-none-and-contest");
        assert_eq!(refusal(&v[3]), "gd-fight-refused-contest");
        // Sector 34's owner may, and is told when it is spent.
        let n34 = s.components.board.sector_of(super::super::super::super::components::board::Ability::AlimenterLePouvoir).expect("sector 34");
        s.fx.sectors.get_mut(&n34).expect("on the board").owner = Some(PartyId::Bip);
        s.intrigue.fight.power_used = true;
        let (_, v) = read(&s, "bip", &["RELANCE TOUT"]);
        assert_eq!(notes(&v[0]), ["gd-fight-note-policy-losing", "gd-fight-note-power"]);
    }

    #[test]
    fn victimes_de_la_guerre_pertes_in_b_other_parties_once_each() {
        let mut s = state();
        let (_, v) = read(&s, "gsp", &["PERTES POP"]);
        assert_eq!(refusal(&v[0]), "gd-order-refused-wrong-step", "B only");
        s.phase = Phase::Battles;
        let (o, v) = read(&s, "gsp", &["PERTES POP BIP", "HITS GSP", "PERTES POP POP", "PERTES"]);
        assert_eq!(notes(&v[0]), ["gd-fight-note-hits"]);
        assert_eq!(refusal(&v[1]), "gd-order-refused-self");
        assert_eq!(refusal(&v[2]), "gd-order-refused-named-twice");
        assert_eq!(refusal(&v[3]), "gd-order-refused-party-missing");
        assert_eq!(o.lines, [Order::Hits { parties: vec![PartyId::Pop, PartyId::Bip] }]);
        assert_eq!(lines_in(&s, &o, true), ["HITS POP BIP"]);
    }

    #[test]
    fn robots_write_relance_with_a_reroll_and_pertes_against_several_opponents() {
        let mut s = state();
        // GSP has an Interrupteur de code: a low threshold, battles only;
        // BIP nothing.
        assert_eq!(fight_skills::robot(&s, PartyId::Gsp), [Order::Reroll { policy: Policy { contests: vec![Contest::Battle], threshold: Some(2) } }]);
        assert!(fight_skills::robot(&s, PartyId::Bip).is_empty());
        s.intrigue.fight.policies.insert(PartyId::Gsp, Policy::default());
        assert!(fight_skills::robot(&s, PartyId::Gsp).is_empty(), "once a turn");
        // In B, GSP invades 13 where BIP and POP fight too: PERTES, the
        // party holding most sectors first; BIP alone against GSP elsewhere
        // writes none.
        s.phase = Phase::Battles;
        let d = |p: PartyId, n: u8| Declaration { sector: n, force: Force::Party(p), fleets: 1, admiral: None, stake: Stake::Claim(p), corrupted: None };
        s.intrigue.invasions.invasions = vec![d(PartyId::Gsp, 13), d(PartyId::Pop, 13)];
        s.fleets.clear();
        s.fleets.insert(13, [(PartyId::Gsp, 1), (PartyId::Pop, 1), (PartyId::Bip, 2)].into_iter().collect());
        let lines = fight_skills::robot(&s, PartyId::Gsp);
        let Some(Order::Hits { parties }) = lines.first() else { panic!("{lines:?}") };
        let mut want = vec![PartyId::Bip, PartyId::Pop];
        want.sort_by_key(|q| (std::cmp::Reverse(s.sectors_of(*q).len()), *q));
        assert_eq!(parties, &want);
        s.intrigue.invasions.invasions = vec![d(PartyId::Gsp, 13)];
        s.fleets.insert(13, [(PartyId::Gsp, 1), (PartyId::Bip, 2)].into_iter().collect());
        assert!(fight_skills::robot(&s, PartyId::Gsp).is_empty(), "one opponent: no PERTES");
        // What the robot writes reads back.
        s.intrigue.fight.policies.clear();
        let o = Orders { lines: fight_skills::robot(&s, PartyId::Gsp), defaulted: false };
        for l in lines_in(&s, &o, false) {
            assert_eq!(read(&s, "gsp", &[&l]).0.lines.len(), 1, "{l} reads back");
        }
    }
}
