//! The assassinations' lines (design note §3.1; "Assassinats.", "Règle
//! facultative."), read with the parser's [`Check`] (this file is a child
//! module of `parse.rs`):
//!
//! - `ASSASSINAT <cible> PAR <assassin> [+<n>]` | `ASSASSINATE <target> BY
//!   <assassin> [+<n>]` — the note's `ASSASSINAT <assassin> <cible> [+<n>]`
//!   is read too; the canonical echo names the target first;
//! - `PROTEGER <sén>|TOUS <n>` | `PROTECT <senator>|ALL <n>` and `APPUYER
//!   <sén> <n>` | `BACK <senator> <n>`: standing bids for the rest of the
//!   game turn, `0` withdraws one (RULINGS, "Assassinations").
//!
//! Every check reads public state only (senators in play, their skills,
//! fresh or exhausted) and the party's own lines.

use crate::i18n::Msg;
use crate::msg;
use crate::text::{Cursor, Token};

use super::super::super::components::Skill;
use super::super::super::model::TaxedAction;
use super::super::super::intrigue::assassination::POINT;
use super::super::super::intrigue::{attempts, shadow_dice};
use super::super::Order;
use super::super::words::kw;
use super::{is, no, number, Check, Refused};

/// `PAR | BY` between the target and the assassin.
const BY: &[&str] = &["PAR", "BY"];
/// `TOUS | ALL`: each of the party's own senators.
const ALL: &[&str] = &["TOUS", "ALL"];

/// A bid's points: `+<n>` (or `+ <n>`), at most [`attempts::MAX_POINTS`].
fn bid(c: &mut Cursor) -> Result<u8, Refused> {
    let Some(t) = c.peek() else { return Ok(0) };
    let digits = match t.text.strip_prefix('+') {
        Some("") => {
            c.next();
            c.next().map(|t| t.text.clone()).unwrap_or_default()
        }
        Some(d) => {
            c.next();
            d.to_string()
        }
        None => return Err(no(msg!("gd-order-refused-extra", written = t.text.as_str()))),
    };
    points(&Token::new(digits, false))
}

fn points(t: &Token) -> Result<u8, Refused> {
    let n = number(Some(t))?;
    u8::try_from(n).ok().filter(|n| *n <= attempts::MAX_POINTS).ok_or_else(|| no(msg!("gd-order-refused-bid-points", max = attempts::MAX_POINTS)))
}

impl Check<'_> {
    /// `ASSASSINAT`: the assassin one of the party's senators in play with
    /// the Assassin or Maître en assassinat skill, fresh (not exhausted,
    /// not recruited this turn, not named by an earlier line); the target
    /// any other senator in play.
    pub(super) fn assassinate(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let first = c.next();
        let (target, assassin) = if is(c.peek(), BY) {
            c.next();
            let target = self.in_play(first)?;
            (target, self.own_in_play(c.next())?)
        } else {
            let assassin = self.own_in_play(first)?;
            (self.in_play(c.next())?, assassin)
        };
        let bid = bid(c)?;
        self.end(c)?;
        if target == assassin {
            return Err(no(msg!("gd-order-refused-self-target")));
        }
        let card = self.s.components.senator(&assassin);
        let skill = card.and_then(|x| x.skill);
        // "Tous les sénateurs rebelles gagnent la compétence d'assassin."
        if !matches!(skill, Some(Skill::Assassin | Skill::MaitreEnAssassinat)) && !super::super::super::rebellion::is_rebel(self.s, self.me) {
            return Err(no(msg!("gd-order-refused-not-assassin", senator = assassin)));
        }
        let st = &self.s.fx.senators[&assassin];
        if st.exhausted || self.s.recruited.contains(&assassin) || !self.assassins.insert(assassin.clone()) {
            return Err(no(msg!("gd-order-refused-not-fresh", senator = assassin)));
        }
        let cost = i32::from(bid) * POINT as i32;
        if cost > 0 {
            self.notes.push(msg!("gd-order-note-bid-cost", amount = cost, left = self.influence.max(0)));
            self.influence = (self.influence - cost).max(0);
        }
        self.tax_note(TaxedAction::Assassination, 1);
        let master = skill == Some(Skill::MaitreEnAssassinat);
        let modifier = i32::from(bid) + i32::from(master);
        // A senator has one skill: an assassin is never Athée.
        let dice = 1 + shadow_dice(u32::from(st.shadow), false);
        self.notes.push(msg!("gd-order-note-attempt", dice = dice, kill_on = (6 - modifier).clamp(1, 6), corrupt_on = (1 - modifier).max(1)));
        if self.s.settings.optional_assassination && bid > 0 {
            self.notes.push(msg!("gd-order-note-optional-rule", senator = target.as_str()));
        }
        Ok(Order::Assassinate { target, assassin, bid })
    }

    /// `PROTEGER <sén>|TOUS <n>` (`protect`) and `APPUYER <sén> <n>`.
    pub(super) fn standing(&mut self, c: &mut Cursor, protect: bool) -> Result<Order, Refused> {
        let senator = if protect && is(c.peek(), ALL) {
            c.next();
            None
        } else {
            Some(self.in_play(c.next())?)
        };
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-number", written = "")))?;
        let n = points(t)?;
        self.end(c)?;
        let key = senator.clone().unwrap_or_default();
        if !self.standing_named.insert(key) {
            return Err(no(msg!("gd-order-refused-named-twice", name = senator.clone().unwrap_or_else(|| "TOUS".into()))));
        }
        self.notes.push(if n == 0 { msg!("gd-order-note-standing-withdrawn") } else { msg!("gd-order-note-standing", amount = i64::from(n) * i64::from(POINT)) });
        let points = if protect { -(n as i8) } else { n as i8 };
        Ok(Order::Standing { senator, points })
    }
}

/// The canonical line of an assassination order, French or English.
pub fn attempt_line(o: &Order, en: bool) -> String {
    use super::super::words::name;
    match o {
        Order::Assassinate { target, assassin, bid } => {
            let plus = if *bid > 0 { format!(" +{bid}") } else { String::new() };
            format!("{} {} {} {}{plus}", kw(en, "ASSASSINAT", "ASSASSINATE"), name(target), kw(en, "PAR", "BY"), name(assassin))
        }
        Order::Standing { senator, points } => {
            let who = senator.as_deref().map_or_else(|| kw(en, "TOUS", "ALL").to_string(), name);
            let word = if *points > 0 { kw(en, "APPUYER", "BACK") } else { kw(en, "PROTEGER", "PROTECT") };
            format!("{word} {who} {}", points.unsigned_abs())
        }
        _ => String::new(),
    }
}

/// One sample of every message of these lines, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-order-refused-self-target"),
        msg!("gd-order-refused-not-assassin", senator = "Fola"),
        msg!("gd-order-refused-not-fresh", senator = "Fola"),
        msg!("gd-order-refused-bid-points", max = attempts::MAX_POINTS),
        msg!("gd-order-note-bid-cost", amount = 10, left = 4),
        msg!("gd-order-note-attempt", dice = 2, kill_on = 5, corrupt_on = 1),
        msg!("gd-order-note-optional-rule", senator = "Fola"),
        msg!("gd-order-note-standing-withdrawn"),
        msg!("gd-order-note-standing", amount = 10),
    ]
}

#[cfg(test)]
mod tests {
    use crate::game::{LineOutcome, OrderLine};

    use super::super::super::super::components::PartyId;
    use super::super::super::super::model::{GdState, Phase};
    use super::super::super::super::setup;
    use super::super::{lines_in, parse};
    use super::super::super::{Order, Orders};

    /// GSP, BIP, POP at S1 of turn 1, with Gazali (Assassin) and Zhenn
    /// (Maître en assassinat, POP) put in play by hand.
    fn state() -> GdState {
        let mut s = setup::test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
        let mut g = s.fx.senators["Mashem"].clone();
        g.minister = false;
        s.fx.senators.insert("Gazali".into(), g.clone());
        s.fx.senators.insert("Zhenn".into(), super::super::super::super::components::interpret::SenatorState { party: PartyId::Pop, ..g });
        assert_eq!(s.phase, Phase::Filing);
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

    #[test]
    fn assassinats_the_attempt_both_forms_and_its_bid() {
        let s = state();
        let (o, v) = read(&s, "gsp", &["ASSASSINAT Fola PAR Gazali +2"]);
        assert!(matches!(v[0], LineOutcome::Accepted { .. }), "{v:?}");
        assert_eq!(o.lines, [Order::Assassinate { target: "Fola".into(), assassin: "Gazali".into(), bid: 2 }]);
        let (o2, _) = read(&s, "gsp", &["ASSASSINATE Gazali Fola + 2"]);
        assert_eq!(o2, o, "the note's form, assassin first, and a spaced +");
        assert_eq!(lines_in(&s, &o, false), ["ASSASSINAT Fola PAR Gazali +2"]);
        assert_eq!(lines_in(&s, &o, true), ["ASSASSINATE Fola BY Gazali +2"]);
        let (o3, _) = read(&s, "pop", &["ASSASSINAT Kaelin PAR Zhenn"]);
        assert_eq!(o3.lines, [Order::Assassinate { target: "Kaelin".into(), assassin: "Zhenn".into(), bid: 0 }], "a Maître en assassinat, no bid");
    }

    #[test]
    fn assassinats_an_assassin_s_action_fresh_own_and_skilled() {
        let mut s = state();
        let (_, v) = read(&s, "gsp", &["ASSASSINAT Fola PAR Mashem", "ASSASSINAT Fola PAR Zhenn", "ASSASSINAT Gazali PAR Gazali", "ASSASSINAT Fola PAR Gazali +20", "ASSASSINAT Fola PAR Gazali", "ASSASSINAT Kaelin PAR Gazali"]);
        assert_eq!(refusal(&v[0]), "gd-order-refused-not-assassin");
        assert_eq!(refusal(&v[1]), "gd-order-refused-not-your-senator");
        assert_eq!(refusal(&v[2]), "gd-order-refused-self-target");
        assert_eq!(refusal(&v[3]), "gd-order-refused-bid-points");
        assert!(matches!(v[4], LineOutcome::Accepted { .. }));
        assert_eq!(refusal(&v[5]), "gd-order-refused-not-fresh", "one action a turn");
        s.fx.senators.get_mut("Gazali").expect("in play").exhausted = true;
        assert_eq!(refusal(&read(&s, "gsp", &["ASSASSINAT Fola PAR Gazali"]).1[0]), "gd-order-refused-not-fresh");
        s.fx.senators.get_mut("Gazali").expect("in play").exhausted = false;
        s.recruited.insert("Gazali".into());
        assert_eq!(refusal(&read(&s, "gsp", &["ASSASSINAT Fola PAR Gazali"]).1[0]), "gd-order-refused-not-fresh", "recruited this turn: acts next turn");
        s.dead.push("Udra".into());
        assert_eq!(refusal(&read(&s, "pop", &["ASSASSINAT Udra PAR Zhenn"]).1[0]), "gd-order-refused-senator-dead");
    }

    #[test]
    fn assassinats_standing_protect_and_back_withdrawn_with_0() {
        let s = state();
        let (o, v) = read(&s, "pop", &["PROTEGER Fola 2", "APPUYER Kaelin 1", "PROTECT ALL 1", "PROTEGER Fola 3", "APPUYER TOUS 1", "PROTEGER Mashem 0"]);
        assert!(v[..3].iter().all(|x| matches!(x, LineOutcome::Accepted { .. })), "{v:?}");
        assert_eq!(refusal(&v[3]), "gd-order-refused-named-twice");
        assert_eq!(refusal(&v[4]), "gd-order-refused-unknown-senator", "APPUYER names a senator");
        assert!(matches!(v[5], LineOutcome::Accepted { .. }));
        assert_eq!(
            o.lines,
            [
                Order::Standing { senator: Some("Fola".into()), points: -2 },
                Order::Standing { senator: Some("Kaelin".into()), points: 1 },
                Order::Standing { senator: None, points: -1 },
                Order::Standing { senator: Some("Mashem".into()), points: 0 },
            ]
        );
        assert_eq!(lines_in(&s, &o, false), ["PROTEGER Fola 2", "APPUYER Kaelin 1", "PROTEGER TOUS 1", "PROTEGER Mashem 0"]);
        assert_eq!(lines_in(&s, &o, true), ["PROTECT Fola 2", "BACK Kaelin 1", "PROTECT ALL 1", "PROTECT Mashem 0"]);
        for l in lines_in(&s, &o, true) {
            assert_eq!(read(&s, "pop", &[&l]).0.lines.len(), 1, "{l} reads back");
        }
    }
}
