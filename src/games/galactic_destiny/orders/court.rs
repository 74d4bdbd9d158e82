//! The lines of the free laws and the galactic court (#29; design note
//! §3.2, §5), read with the parser's [`Check`] (a child module of
//! `parse.rs`):
//!
//! - `PROPOSITION LIBRE "<texte>" [DUREE <n>]` | `PROPOSAL FREE …` (S1,
//!   `propositions = "libres"`): a free proposal, 1 ≤ n ≤ `duree_max_loi`;
//! - `INCONSTITUTIONNEL #<n>` | `UNCONSTITUTIONAL #<n>` (S2, same setting):
//!   the item must be a free proposal;
//! - `PROCES A<n> [<sén>] "<version>"` | `LAWSUIT …` (S1, `tribunal =
//!   true`): a promise of the party's, running, unbroken, not ratified,
//!   not sued; the senator one of the party's in play;
//! - `DEFENSE-PROCES A<n> [<sén>] "<version>"` | `SUIT-DEFENCE …` (S2):
//!   the suit waiting on that promise names the party as defendant.
//!
//! Each is refused with its reason when its setting is off. The checks
//! read public state and the party's own promises only.

use std::collections::BTreeSet;

use crate::i18n::Msg;
use crate::msg;
use crate::text::{self, Cursor};

use super::super::super::court;
use super::super::super::model::Item;
use super::super::super::rebellion;
use super::super::words::{self, kw};
use super::super::Order;
use super::{no, Check, Refused};

/// What the earlier lines of the mail wrote.
#[derive(Debug, Default)]
pub struct Lines {
    /// Free proposals' texts (compared without case or accents).
    free: BTreeSet<String>,
    unconstitutional: BTreeSet<u32>,
    sued: BTreeSet<u32>,
    defended: BTreeSet<u32>,
}

impl Check<'_> {
    /// `PROPOSITION LIBRE …` (the `LIBRE` read; the setting on).
    pub(super) fn free_proposal(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let text = c.next().filter(|t| t.quoted).map(|t| t.text.trim().to_string()).filter(|t| !t.is_empty()).ok_or_else(|| no(msg!("gd-law-refused-text-missing")))?;
        let turns = self.law_turns(c)?;
        if self.court.free.contains(&text::key(&text)) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        // Every free proposal is printed in every party's report: a bound
        // per party and S1 (RULINGS, "Floods").
        let max = self.s.settings.max_free_proposals.max(1);
        if self.court.free.len() >= usize::from(max) {
            return Err(no(msg!("gd-law-refused-too-many-free", max = max)));
        }
        self.court.free.insert(text::key(&text));
        self.notes.push(msg!("gd-law-note-free"));
        if self.s.ministries.is_empty() && !self.s.election_due() {
            self.notes.push(msg!("gd-order-note-no-chair"));
        }
        Ok(Order::FreeProposal { text, turns: turns as u8 })
    }

    /// `INCONSTITUTIONNEL #<n>`.
    pub(super) fn unconstitutional(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if !self.s.settings.free_proposals {
            return Err(no(msg!("gd-order-refused-free-laws")));
        }
        let (item, it) = self.agenda_item(c.next())?;
        self.end(c)?;
        if !matches!(it, Item::FreeLaw { .. }) {
            return Err(no(msg!("gd-law-refused-not-free-item", item = item)));
        }
        if !self.court.unconstitutional.insert(item) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        let of = self.s.parties().filter(|p| !rebellion::is_rebel(self.s, *p)).count();
        self.notes.push(msg!("gd-law-note-unconstitutional", need = of / 2 + 1, of = of));
        Ok(Order::Unconstitutional { item })
    }

    /// `A<n> [<sén>] "<version>"`, the rest of a suit's line.
    fn suit_args(&self, c: &mut Cursor) -> Result<(u32, Option<String>, String), Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-deal-missing")))?;
        let deal: u32 = t.text.trim_start_matches(['A', 'a']).parse().map_err(|_| no(msg!("gd-order-refused-unknown-deal", written = t.text.as_str())))?;
        let rest: Vec<_> = c.rest().to_vec();
        let (senator, version) = match rest.as_slice() {
            [v] if v.quoted => (None, v),
            [s, v] if v.quoted => (Some(self.own_in_play(Some(s))?), v),
            [_, _, extra, ..] => return Err(no(msg!("gd-order-refused-extra", written = extra.text.as_str()))),
            _ => return Err(no(msg!("gd-law-refused-version-missing"))),
        };
        let version = version.text.trim().to_string();
        if version.is_empty() {
            return Err(no(msg!("gd-law-refused-version-missing")));
        }
        Ok((deal, senator, version))
    }

    /// `PROCES A<n> [<sén>] "<version>"`.
    pub(super) fn sue(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if !self.s.settings.court {
            return Err(no(msg!("gd-law-refused-court-off")));
        }
        let (deal, senator, version) = self.suit_args(c)?;
        let d = court::suable(self.s, self.me, deal).map_err(no)?;
        if self.deals_broken.contains(&deal) {
            return Err(no(msg!("gd-order-refused-deal-broken", deal = deal)));
        }
        if !self.court.sued.insert(deal) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        let other = d.parties.iter().find(|p| **p != self.me).map_or("", |p| p.sigle());
        self.notes.push(msg!("gd-law-note-suit", party = other, single = if senator.is_some() { "no" } else { "yes" }));
        Ok(Order::Sue { deal, senator, version })
    }

    /// `DEFENSE-PROCES A<n> [<sén>] "<version>"`.
    pub(super) fn defend_suit(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if !self.s.settings.court {
            return Err(no(msg!("gd-law-refused-court-off")));
        }
        let (deal, senator, version) = self.suit_args(c)?;
        let suit = court::defensible(self.s, self.me, deal).map_err(no)?;
        if !self.court.defended.insert(deal) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.notes.push(msg!("gd-law-note-defence", id = suit.id(), single = if senator.is_some() { "no" } else { "yes" }));
        Ok(Order::DefendSuit { deal, senator, version })
    }
}

/// A suit's line after its keyword.
fn suit(head: &str, deal: u32, senator: &Option<String>, version: &str) -> String {
    match senator {
        Some(s) => format!("{head} A{deal} {} \"{version}\"", words::name(s)),
        None => format!("{head} A{deal} \"{version}\""),
    }
}

/// One of this module's orders as a line (French keywords, or English).
pub fn court_line(o: &Order, en: bool) -> String {
    match o {
        Order::FreeProposal { text, turns } => format!("{} \"{text}\" {} {turns}", kw(en, "PROPOSITION LIBRE", "PROPOSAL FREE"), kw(en, "DUREE", "TURNS")),
        Order::Unconstitutional { item } => format!("{} #{item}", kw(en, "INCONSTITUTIONNEL", "UNCONSTITUTIONAL")),
        Order::Sue { deal, senator, version } => suit(kw(en, "PROCES", "LAWSUIT"), *deal, senator, version),
        Order::DefendSuit { deal, senator, version } => suit(kw(en, "DEFENSE-PROCES", "SUIT-DEFENCE"), *deal, senator, version),
        _ => String::new(),
    }
}

/// One sample of each message of these lines, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-law-refused-text-missing"),
        msg!("gd-law-refused-too-many-free", max = 2),
        msg!("gd-law-refused-not-free-item", item = 2),
        msg!("gd-law-refused-version-missing"),
        msg!("gd-law-refused-court-off"),
        msg!("gd-law-note-free"),
        msg!("gd-law-note-unconstitutional", need = 2, of = 3),
        msg!("gd-law-note-suit", party = "BIP", single = "no"),
        msg!("gd-law-note-suit", party = "BIP", single = "yes"),
        msg!("gd-law-note-defence", id = "P1", single = "no"),
        msg!("gd-law-note-defence", id = "P1", single = "yes"),
    ]
}

#[cfg(test)]
mod tests {
    use crate::game::LineOutcome;
    use crate::games::galactic_destiny::components::PartyId::{Bip, Gsp, Pop};
    use crate::games::galactic_destiny::court::{Outcome, Plea, Suit};
    use crate::games::galactic_destiny::model::{Deal, GdState, Item, Phase};
    use crate::games::galactic_destiny::orders::tests::read;
    use crate::games::galactic_destiny::orders::Order;
    use crate::games::galactic_destiny::setup::test_state;

    /// GSP, BIP, POP at S1 of turn 1; promise A1 between GSP and BIP.
    fn game(court: bool, free: bool) -> GdState {
        let mut s = test_state(&[Gsp, Bip, Pop], 1);
        s.settings.court = court;
        s.settings.free_proposals = free;
        s.deals.push(Deal { number: 1, parties: [Gsp, Bip], terms: "secret".into(), until: Some(3), broken: None });
        s
    }

    /// Each line read alone: Ok(canonical echo) or Err(the refusal's id).
    fn said(s: &GdState, family: &str, line: &str) -> Result<String, String> {
        match read(s, family, &[line]).1.into_iter().next() {
            Some(LineOutcome::Accepted { canonical, .. }) => Ok(canonical),
            Some(LineOutcome::Rejected { reason, .. }) => Err(reason.id),
            None => panic!("no verdict"),
        }
    }

    fn suit(s: &mut GdState, outcome: Option<Outcome>) {
        let plaintiff = Plea { party: Gsp, senator: None, version: "v".into() };
        s.suits.push(Suit { number: 1, deal: 1, filed: 1, plaintiff, defendant: Bip, defence: None, outcome });
    }

    #[test]
    fn negociation_proces_names_a_promise_of_the_party_its_own_senator_and_a_version_in_quotes() {
        let off = game(false, false);
        assert_eq!(said(&off, "gsp", "PROCES A1 Mashem \"v\""), Err("gd-law-refused-court-off".into()));
        let s = game(true, false);
        assert_eq!(said(&s, "gsp", "PROCES A1 Mashem \"BIP paie\""), Ok("PROCES A1 Mashem \"BIP paie\"".into()));
        assert_eq!(said(&s, "gsp", "LAWSUIT A1 \"BIP pays\""), Ok("PROCES A1 \"BIP pays\"".into()));
        assert_eq!(said(&s, "gsp", "PROCES A1 Mashem"), Err("gd-law-refused-version-missing".into()));
        assert_eq!(said(&s, "gsp", "PROCES A1 Kaelin \"v\""), Err("gd-order-refused-not-your-senator".into()));
        assert_eq!(said(&s, "gsp", "PROCES A7 \"v\""), Err("gd-order-refused-unknown-deal".into()));
        assert_eq!(said(&s, "pop", "PROCES A1 \"v\""), Err("gd-order-refused-not-your-deal".into()));
        let (_, v) = read(&s, "gsp", &["PROCES A1 \"v\"", "PROCES A1 \"w\""]);
        assert!(matches!(&v[1], LineOutcome::Rejected { reason, .. } if reason.id == "gd-order-refused-twice"));
        let mut pending = s.clone();
        suit(&mut pending, None);
        assert_eq!(said(&pending, "bip", "PROCES A1 \"v\""), Err("gd-law-refused-suit-pending".into()));
        // S1 only.
        let mut s2 = s.clone();
        s2.phase = Phase::Voting;
        assert_eq!(said(&s2, "gsp", "PROCES A1 \"v\""), Err("gd-order-refused-wrong-step".into()));
    }

    #[test]
    fn negociation_defense_proces_answers_the_suit_waiting_against_the_party() {
        let mut s = game(true, false);
        s.phase = Phase::Voting;
        assert_eq!(said(&s, "bip", "DEFENSE-PROCES A1 Kaelin \"v\""), Err("gd-law-refused-no-suit".into()));
        suit(&mut s, None);
        assert_eq!(said(&s, "bip", "SUIT-DEFENCE A1 Kaelin \"BIP pays once\""), Ok("DEFENSE-PROCES A1 Kaelin \"BIP pays once\"".into()));
        assert_eq!(said(&s, "gsp", "DEFENSE-PROCES A1 \"v\""), Err("gd-law-refused-no-suit".into()), "the plaintiff does not defend");
        let mut off = s.clone();
        off.settings.court = false;
        assert_eq!(said(&off, "bip", "DEFENSE-PROCES A1 \"v\""), Err("gd-law-refused-court-off".into()));
    }

    #[test]
    fn negociation_a_promise_the_court_ratified_cannot_be_broken_nor_sued_again() {
        let mut s = game(true, false);
        assert!(said(&s, "bip", "ROMPRE A1").is_ok());
        suit(&mut s, Some(Outcome::Ratified { winner: Gsp, version: "v".into(), undefended: true }));
        assert_eq!(said(&s, "bip", "ROMPRE A1"), Err("gd-law-refused-deal-ratified".into()));
        assert_eq!(said(&s, "bip", "PROCES A1 \"w\""), Err("gd-law-refused-deal-ratified".into()));
    }

    #[test]
    fn une_proposition_libre_and_inconstitutionnel_are_read_with_the_setting_only() {
        let off = game(false, false);
        assert_eq!(said(&off, "gsp", "PROPOSITION LIBRE \"la paix\""), Err("gd-order-refused-listed-laws-only".into()));
        let s = game(false, true);
        assert_eq!(said(&s, "gsp", "PROPOSITION LIBRE \"la paix\""), Ok("PROPOSITION LIBRE \"la paix\" DUREE 2".into()));
        assert_eq!(said(&s, "gsp", "PROPOSAL FREE \"peace\" TURNS 3"), Ok("PROPOSITION LIBRE \"peace\" DUREE 3".into()));
        assert_eq!(said(&s, "gsp", "PROPOSITION LIBRE \"la paix\" DUREE 9"), Err("gd-order-refused-law-turns".into()));
        assert_eq!(said(&s, "gsp", "PROPOSITION LIBRE la"), Err("gd-law-refused-text-missing".into()));
        let mut s2 = s.clone();
        s2.phase = Phase::Voting;
        s2.agenda = vec![Item::FreeLaw { by: Bip, text: "la paix".into(), turns: 2 }, Item::Peace { by: Bip }];
        assert_eq!(said(&s2, "gsp", "INCONSTITUTIONNEL #1"), Ok("INCONSTITUTIONNEL #1".into()));
        assert_eq!(said(&s2, "gsp", "UNCONSTITUTIONAL #2"), Err("gd-law-refused-not-free-item".into()));
        assert_eq!(said(&s2, "gsp", "INCONSTITUTIONNEL #3"), Err("gd-order-refused-unknown-item".into()));
        let mut off2 = s2.clone();
        off2.settings.free_proposals = false;
        assert_eq!(said(&off2, "gsp", "INCONSTITUTIONNEL #1"), Err("gd-order-refused-free-laws".into()));
        // The lines round-trip through their canonical spelling, both languages.
        for (o, step) in [
            (Order::FreeProposal { text: "la paix".into(), turns: 2 }, Phase::Filing),
            (Order::Unconstitutional { item: 1 }, Phase::Voting),
        ] {
            let mut at = s2.clone();
            at.phase = step;
            for en in [false, true] {
                let line = super::court_line(&o, en);
                assert_eq!(read(&at, "gsp", &[line.as_str()]).0.lines, vec![o.clone()], "{line}");
            }
        }
    }

    /// The verdicts of one mail, accepted lines as `Ok`, refusals as the id.
    fn verdicts(s: &GdState, family: &str, lines: &[&str]) -> Vec<Result<(), String>> {
        read(s, family, lines).1.into_iter().map(|v| match v {
            LineOutcome::Accepted { .. } => Ok(()),
            LineOutcome::Rejected { reason, .. } => Err(reason.id),
        }).collect()
    }

    #[test]
    fn une_proposition_a_party_files_at_most_propositions_libres_max_free_laws_a_s1() {
        // Every free proposal is printed in every party's report: a mail of
        // thousands would flood the table (RULINGS, "Floods").
        let mut s = game(false, true);
        let lines = ["PROPOSITION LIBRE \"a\"", "PROPOSITION LIBRE \"A\"", "PROPOSITION LIBRE \"b\"", "PROPOSITION LIBRE \"c\""];
        let too_many = Err("gd-law-refused-too-many-free".to_string());
        let twice = Err("gd-order-refused-twice".to_string());
        assert_eq!(verdicts(&s, "gsp", &lines), vec![Ok(()), twice.clone(), Ok(()), too_many.clone()]);
        assert_eq!(read(&s, "gsp", &lines).0.lines.len(), 2);
        s.settings.max_free_proposals = 3;
        assert_eq!(verdicts(&s, "gsp", &lines), vec![Ok(()), twice, Ok(()), Ok(())]);
        // A mail of 5,000 distinct proposals files three.
        let flood: Vec<String> = (0..5000).map(|i| format!("PROPOSITION LIBRE \"loi {i}\"")).collect();
        let flood: Vec<&str> = flood.iter().map(String::as_str).collect();
        assert_eq!(read(&s, "gsp", &flood).0.lines.len(), 3);
    }

    #[test]
    fn negociation_a_party_offers_at_most_accords_max_promises_a_step() {
        let mut s = game(false, false);
        let lines = ["ACCORD BIP \"a\"", "ACCORD POP \"b\"", "ACCORD BIP \"c\"", "ACCORD BIP \"d\""];
        let too_many = Err("gd-order-refused-too-many-deals".to_string());
        assert_eq!(verdicts(&s, "gsp", &lines), vec![Ok(()), Ok(()), Ok(()), too_many]);
        s.settings.max_deals = 1;
        assert_eq!(read(&s, "gsp", &lines).0.lines.len(), 1);
    }
}
