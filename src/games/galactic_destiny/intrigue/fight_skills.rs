//! The skills and sector abilities that act in contests after the roll —
//! the rerolls ("Roulement de dé.": "autre que des cartes ou des
//! compétences qui accordent spécifiquement un relancé") — and the orders
//! that steer them and a battle's hits (design note §3.1):
//!
//! - Interrupteur (Briseur) de code ("Compétences de sénateur."): "peut
//!   relancer 1 de ses dé de bataille. Le nouveau résultat demeure." — once
//!   a battle he leads, one die of his fleets;
//! - 34 Alimenter le pouvoir ("Compétences de secteur."): "Vous pouvez
//!   relancer un dé à chaque tour et choisir le meilleur résultat." — once
//!   a game turn, by whoever owns sector 34 then; once used, not again this
//!   turn even by a new owner ("le nouveau propriétaire ne peut pas employer
//!   cette compétence avant le tour suivant");
//! - `RELANCE BATAILLE|CAMPAGNE|ASSASSINAT|TOUT|AUCUNE [SEUIL <n>]`: the
//!   party's policy for those rerolls, private, standing for the rest of the
//!   game turn ([`record`]); without one, G16: a reroll of the party's
//!   lowest die in a contest it is losing where a better die could change
//!   the outcome ([`When::Losing`]);
//! - `PERTES <parti>…`: where the party's hits go among several opponents
//!   in the battles of B ("S'il y a plusieurs adversaires, le joueur qui
//!   inflige les pertes décide où elles vont", [`hits_orders`]).
//!
//! The rerolls themselves are made by [`super::battle::fight`]; every one
//! is shown to everybody with both dice ([`Event::Rerolled`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;
use crate::msg;

use super::super::components::board::Ability;
use super::super::components::{PartyId, SectorNo};
use super::super::events::Event;
use super::super::model::GdState;
use super::super::orders::{Order, Orders};
use crate::dice::Dice;

use super::{Die, DieSource, EXPLODING_SIX};

/// The heading a senator's reroll is logged under.
pub const SENATOR_SKILLS: &str = "Compétences de sénateur.";
/// The heading sector 34's reroll is logged under.
pub const SECTOR_SKILLS: &str = "Compétences de secteur.";

/// The kinds of contest a reroll may act in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contest {
    Battle,
    Campaign,
    Assassination,
}

/// A party's `RELANCE` order: the contests it rerolls in, and `SEUIL <n>`
/// (reroll its lowest die whenever it shows `n` or less); without a
/// threshold, G16's rule in those contests.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Policy {
    /// Empty: `AUCUNE`, never reroll.
    pub contests: Vec<Contest>,
    pub threshold: Option<u8>,
}

impl Policy {
    /// What the policy says for one contest.
    pub fn when(&self, contest: Contest) -> When {
        if !self.contests.contains(&contest) {
            return When::Never;
        }
        match self.threshold {
            Some(t) => When::AtMost(u32::from(t)),
            None => When::Losing,
        }
    }
}

/// When a party rerolls its lowest die in a contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// G16, the default: its side is losing and that die showing 6 would
    /// make it win (the defender: hold).
    #[default]
    Losing,
    /// `SEUIL <n>`: the die shows `n` or less.
    AtMost(u32),
    /// `AUCUNE`, or a contest its policy leaves out.
    Never,
}

/// The rerolls a contingent's party may make on its dice in a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Reroll {
    pub when: When,
    /// Sector 34's reroll is its party's and still unused this turn.
    pub power: bool,
    /// A standing Relance tactique of its party (`relance n`, the card
    /// engine's [`super::super::cards::tactical`]): n rerolls of its lowest
    /// die, when that answer's `SEUIL` (else G16) asks; the new result
    /// stands. Played after the skills' rerolls.
    #[serde(default)]
    pub card: Option<(u8, When)>,
}

/// Who rerolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RerollBy<S> {
    /// The Interrupteur de code leading the fleets: the new result stands.
    CodeBreaker(S),
    /// Sector 34's owner: the better result is kept.
    Power,
    /// A card answering the roll (Relance tactique): the new result stands.
    Card,
}

impl<S> RerollBy<S> {
    /// The booklet heading its die is logged under.
    pub fn heading(&self) -> &'static str {
        match self {
            RerollBy::CodeBreaker(_) => SENATOR_SKILLS,
            RerollBy::Power => SECTOR_SKILLS,
            RerollBy::Card => "Roulement de dé.",
        }
    }
}

/// One reroll made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rerolled<P, S> {
    /// The party whose die it was (None: the Republic's fleets).
    pub party: Option<P>,
    pub by: RerollBy<S>,
    /// The contingent whose die it was, in the order of the battle's
    /// contingents (None: the sector's own dice).
    pub contingent: Option<usize>,
    pub old: Die,
    pub new: Die,
    /// The new die counts (always for Interrupteur de code; for sector 34
    /// when it is better).
    pub kept: bool,
    /// The bonus die a new natural 6 gave ("6 explosif.").
    pub bonus: Option<Die>,
}

/// The party's `RELANCE` policy and sector 34's use this game turn
/// (`GdState::intrigue.fight`; cleared at each galactic phase).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FightTurn {
    /// Private to each party: nothing a player receives shows another's.
    #[serde(default)]
    pub policies: BTreeMap<PartyId, Policy>,
    /// Sector 34's reroll was used this turn.
    #[serde(default)]
    pub power_used: bool,
}

/// Records the step's `RELANCE` lines (the last of a party's counts); they
/// stand for the rest of the game turn. Played before the step's business.
pub fn record(state: &mut GdState, orders: &BTreeMap<PartyId, Orders>) {
    for (p, o) in orders {
        for l in &o.lines {
            if let Order::Reroll { policy } = l {
                state.intrigue.fight.policies.insert(*p, policy.clone());
            }
        }
    }
}

/// A party's policy for one kind of contest (G16 without an order).
pub fn when(state: &GdState, party: PartyId, contest: Contest) -> When {
    state.intrigue.fight.policies.get(&party).map_or(When::Losing, |p| p.when(contest))
}

/// The owner of sector 34 ("Alimenter le pouvoir").
pub fn power_owner(state: &GdState) -> Option<PartyId> {
    let n = state.components.board.sector_of(Ability::AlimenterLePouvoir)?;
    state.fx.sectors.get(&n).and_then(|s| s.owner)
}

/// A party's rerolls in a contest: its policy, and sector 34's if it owns
/// it and it is unused this turn.
pub fn reroll_of(state: &GdState, party: PartyId, contest: Contest) -> Reroll {
    let card = if contest == Contest::Battle { super::super::cards::tactical(state, party) } else { None };
    Reroll { when: when(state, party, contest), power: !state.intrigue.fight.power_used && power_owner(state) == Some(party), card }
}

/// Notes the rerolls of a contest: sector 34's is spent for the turn; each
/// reroll is shown (public: the dice are rolled in the open).
pub fn rerolled(state: &mut GdState, contest: Contest, sector: Option<SectorNo>, rerolls: &[Rerolled<PartyId, String>], events: &mut Vec<Event>) {
    let mut paid: Vec<PartyId> = Vec::new();
    for r in rerolls {
        if matches!(r.by, RerollBy::Power) {
            state.intrigue.fight.power_used = true;
        }
        // A card's rerolls: its standing answer fires, paid once.
        if let (RerollBy::Card, Some(p)) = (&r.by, r.party) {
            if !paid.contains(&p) {
                paid.push(p);
                super::super::cards::tactical_used(state, p, events);
            }
        }
        events.push(Event::Rerolled { contest, sector, reroll: r.clone() });
    }
}

/// The step's `PERTES` lines: each party's order of preference among its
/// opponents (the last line of a party counts).
pub fn hits_orders(orders: &BTreeMap<PartyId, Orders>) -> BTreeMap<PartyId, Vec<PartyId>> {
    let mut out = BTreeMap::new();
    for (p, o) in orders {
        for l in &o.lines {
            if let Order::Hits { parties } = l {
                out.insert(*p, parties.clone());
            }
        }
    }
    out
}

/// The die a reroll replaces: the lowest of `dice` (the first of equals)
/// when `when` asks for it; `can_change(old)`: whether that die showing 6
/// would change the outcome for the party (G16).
fn lowest_to_reroll(dice: &[Die], when: When, can_change: impl Fn(&Die) -> bool) -> Option<usize> {
    let (k, d) = dice.iter().enumerate().min_by_key(|(_, d)| d.value())?;
    let wanted = match when {
        When::Never => false,
        When::AtMost(t) => d.value() <= t,
        When::Losing => can_change(d),
    };
    wanted.then_some(k)
}

/// Sector 34's reroll of `dice[k]` ("choisir le meilleur résultat"): the
/// new die replaces it only if better; a new natural 6 on a die that is not
/// a bonus die explodes when `explodes` ("6 explosif."). Returns the
/// reroll and the change of the dice's sum.
fn power_reroll(party: PartyId, dice: &mut Vec<Die>, k: usize, explodes: bool, what: &str, src: &mut impl DieSource) -> (Rerolled<PartyId, String>, i64) {
    let old = dice[k];
    let new = Die { face: src.d6(SECTOR_SKILLS, format!("Alimenter le pouvoir: {party} rerolls {what}")), ..old };
    let kept = new.value() > old.value();
    let mut bonus = None;
    let mut delta = 0;
    if kept {
        dice[k] = new;
        delta = i64::from(new.value()) - i64::from(old.value());
        if explodes && !old.bonus && new.value() >= 6 {
            let b = Die { face: src.d6(EXPLODING_SIX, format!("Alimenter le pouvoir: {party} rerolls {what}: bonus die")), plus: 0, bonus: true };
            dice.push(b);
            delta += i64::from(b.value());
            bonus = Some(b);
        }
    }
    (Rerolled { party: Some(party), by: RerollBy::Power, contingent: None, old, new, kept, bonus }, delta)
}

/// The winner of the campaigns in one sector from the totals, as
/// [`super::campaign::resolve`] decides it: alone at the top and above the
/// sector, else nobody (the sector wins ties, G21).
fn campaign_winner(sector_total: i64, totals: &[i64]) -> Option<usize> {
    let top = *totals.iter().max()?;
    (top > sector_total && totals.iter().filter(|t| **t == top).count() == 1).then(|| totals.iter().position(|t| *t == top)).flatten()
}

/// Sector 34's reroll in the campaigns of one sector ("Résolution des
/// campagnes."), if its owner campaigns there or owns the sector, its
/// policy asks for it and it is unused this turn: one die of its
/// campaigner's roll, or of the sector's when it owns the sector; the better
/// kept; the totals and the winner counted again. Called right after
/// [`super::campaign::resolve`], with the parties by sigle as it names them.
pub fn campaign_rerolls(state: &mut GdState, sector: SectorNo, outcome: &mut super::campaign::Outcome<&'static str, String>, src: &mut Dice, events: &mut Vec<Event>) {
    let Some(p) = power_owner(state).filter(|_| !state.intrigue.fight.power_used) else { return };
    let when = when(state, p, Contest::Campaign);
    let owner = state.fx.sectors.get(&sector).and_then(|x| x.owner);
    let totals: Vec<i64> = outcome.campaigns.iter().map(|c| c.3).collect();
    let winner = campaign_winner(outcome.sector_total, &totals);
    let r = if owner == Some(p) {
        // The owner wins when no campaigner does.
        let need = |d: &Die| {
            let gain = i64::from(6u32.saturating_sub(d.value()));
            winner.is_some() && campaign_winner(outcome.sector_total + gain, &totals).is_none()
        };
        let Some(k) = lowest_to_reroll(&outcome.sector_dice, when, need) else { return };
        let (r, delta) = power_reroll(p, &mut outcome.sector_dice, k, true, &format!("sector {sector}'s die"), src);
        outcome.sector_total += delta;
        r
    } else {
        let Some(i) = outcome.campaigns.iter().position(|c| c.0 == p.sigle()) else { return };
        let need = |d: &Die| {
            let mut t = totals.clone();
            t[i] += i64::from(6u32.saturating_sub(d.value()));
            winner != Some(i) && campaign_winner(outcome.sector_total, &t) == Some(i)
        };
        let Some(k) = lowest_to_reroll(&outcome.campaigns[i].2, when, need) else { return };
        let what = format!("{}'s campaign die in sector {sector}", outcome.campaigns[i].1);
        let (mut r, delta) = power_reroll(p, &mut outcome.campaigns[i].2, k, true, &what, src);
        outcome.campaigns[i].3 += delta;
        r.contingent = Some(i);
        r
    };
    let totals: Vec<i64> = outcome.campaigns.iter().map(|c| c.3).collect();
    outcome.winner = campaign_winner(outcome.sector_total, &totals).map(|i| outcome.campaigns[i].0);
    rerolled(state, Contest::Campaign, Some(sector), &[r], events);
}

/// Sector 34's reroll in an assassination attempt ("Assassinats."), if the
/// attacker owns sector 34, its policy asks for it and it is unused this
/// turn: one of the assassin's dice, the better (higher) kept; whether the
/// target dies and the assassin's corruption counted again. G16: when the
/// attempt fails (a 6 always kills).
pub fn attempt_rerolls(state: &mut GdState, party: PartyId, outcome: &mut super::assassination::Outcome<PartyId>, src: &mut Dice, events: &mut Vec<Event>) {
    if state.intrigue.fight.power_used || power_owner(state) != Some(party) {
        return;
    }
    let mut dice: Vec<Die> = outcome.dice.iter().map(|d| Die { face: d.face, plus: 0, bonus: false }).collect();
    let killed = outcome.killed;
    let Some(k) = lowest_to_reroll(&dice, when(state, party, Contest::Assassination), |_| !killed) else { return };
    let (r, _) = power_reroll(party, &mut dice, k, false, "an assassination die", src);
    if r.kept {
        let face = dice[k].face;
        outcome.dice[k] = super::assassination::AttemptDie { face, result: face as i32 + outcome.modifier };
        outcome.killed = outcome.dice.iter().any(super::assassination::AttemptDie::kills);
        outcome.corruption = outcome.dice.iter().filter(|d| d.corrupts()).count() as u32;
    }
    rerolled(state, Contest::Assassination, None, &[r], events);
}

/// The simulated party's lines (sample.rs): once a game turn, when it has
/// a reroll and no policy yet, `RELANCE TOUT` as the owner of sector 34
/// (G16's rule in every contest), else `RELANCE BATAILLE SEUIL 2` for its
/// Interrupteurs de code (the new result stands: only a low die is worth
/// it); in B, when it fights several other parties in the battles to come,
/// `PERTES` with those opponents, the one holding most sectors first.
pub fn robot(s: &GdState, p: PartyId) -> Vec<Order> {
    use super::super::components::Skill;
    use super::super::model::Phase;
    let mut v = Vec::new();
    let power = power_owner(s) == Some(p);
    let breaker = s.senators_of(p).any(|n| s.components.senator(n).is_some_and(|c| c.skill == Some(Skill::InterrupteurDeCode)));
    if (power || breaker) && !s.intrigue.fight.policies.contains_key(&p) {
        let policy = if power {
            Policy { contests: vec![Contest::Battle, Contest::Campaign, Contest::Assassination], threshold: None }
        } else {
            Policy { contests: vec![Contest::Battle], threshold: Some(2) }
        };
        v.push(Order::Reroll { policy });
    }
    if s.phase == Phase::Battles {
        let inv = &s.intrigue.invasions.invasions;
        let mut foes: Vec<PartyId> = Vec::new();
        let mut several = false;
        let mut sectors: Vec<SectorNo> = inv.iter().map(|d| d.sector).collect();
        sectors.dedup();
        for n in sectors {
            let mut here: Vec<PartyId> = inv.iter().filter(|d| d.sector == n).filter_map(|d| match d.force {
                super::battle::Force::Party(q) => Some(q),
                super::battle::Force::Republic => None,
            }).collect();
            here.extend(s.fleets.get(&n).into_iter().flat_map(|m| m.keys().copied()));
            here.sort();
            here.dedup();
            if !here.contains(&p) {
                continue;
            }
            here.retain(|q| *q != p);
            several |= here.len() >= 2;
            foes.extend(here);
        }
        foes.sort_by_key(|q| (std::cmp::Reverse(s.sectors_of(*q).len()), *q));
        foes.dedup();
        if several {
            v.push(Order::Hits { parties: foes });
        }
    }
    v
}

fn die_word(d: &Die) -> String {
    match d.plus {
        0 => d.face.to_string(),
        p => format!("{}+{p}", d.face),
    }
}

fn contest_word(c: Contest) -> &'static str {
    match c {
        Contest::Battle => "battle",
        Contest::Campaign => "campaign",
        Contest::Assassination => "assassination",
    }
}

/// A reroll in words (`gd-ev-fight-rerolled`).
pub fn event_msg(e: &Event) -> Option<Msg> {
    let Event::Rerolled { contest, sector, reroll: r } = e else { return None };
    let (by, senator) = match &r.by {
        RerollBy::CodeBreaker(s) => ("code_breaker", s.clone()),
        RerollBy::Power => ("power", String::new()),
        RerollBy::Card => ("card", String::new()),
    };
    Some(msg!(
        "gd-ev-fight-rerolled",
        contest = contest_word(*contest),
        sector = sector.map_or(0, i64::from),
        party = r.party.map_or("republic", |p| p.sigle()),
        by = by,
        senator = senator,
        old = die_word(&r.old),
        new = die_word(&r.new),
        kept = if r.kept { "new" } else { "old" },
        bonus = r.bonus.map_or_else(|| "none".to_string(), |b| b.face.to_string()),
    ))
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    let d = |face| Die { face, plus: 0, bonus: false };
    let mut all = Vec::new();
    for (by, kept, bonus, plus) in [(RerollBy::CodeBreaker("Jemak".to_string()), true, None, 0), (RerollBy::Power, false, None, 0), (RerollBy::Power, true, Some(d(4)), 1), (RerollBy::Card, true, None, 0)] {
        for (contest, sector) in [(Contest::Battle, Some(12)), (Contest::Campaign, Some(12)), (Contest::Assassination, None)] {
            let reroll = Rerolled { party: Some(PartyId::Pop), by: by.clone(), contingent: Some(0), old: Die { face: 2, plus, bonus: false }, new: Die { face: 6, plus, bonus: false }, kept, bonus };
            all.extend(event_msg(&Event::Rerolled { contest, sector, reroll }));
        }
    }
    let republic = Rerolled { party: None, by: RerollBy::CodeBreaker("Jemak".to_string()), contingent: Some(0), old: d(1), new: d(3), kept: true, bonus: None };
    all.extend(event_msg(&Event::Rerolled { contest: Contest::Battle, sector: Some(50), reroll: republic }));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relance_policy_contests_and_threshold_g16_by_default() {
        let p = Policy { contests: vec![Contest::Battle], threshold: Some(2) };
        assert_eq!(p.when(Contest::Battle), When::AtMost(2));
        assert_eq!(p.when(Contest::Campaign), When::Never);
        let p = Policy { contests: vec![Contest::Campaign, Contest::Assassination], threshold: None };
        assert_eq!(p.when(Contest::Campaign), When::Losing);
        assert_eq!(Policy::default().when(Contest::Battle), When::Never, "AUCUNE");
        assert_eq!(Reroll::default().when, When::Losing, "G16 without an order");
    }

    #[test]
    fn competences_de_secteur_alimenter_le_pouvoir_once_a_turn_whoever_owns_it_then() {
        use super::super::super::components::board::Ability;
        use super::super::super::setup::test_state;
        let mut s = test_state(&[PartyId::Gsp, PartyId::Bip, PartyId::Pop], 1);
        let n = s.components.board.sector_of(Ability::AlimenterLePouvoir).expect("sector 34");
        s.fx.sectors.get_mut(&n).expect("sector").owner = Some(PartyId::Gsp);
        assert!(reroll_of(&s, PartyId::Gsp, Contest::Battle).power);
        assert!(!reroll_of(&s, PartyId::Bip, Contest::Battle).power, "not its owner's");
        let r = Rerolled { party: Some(PartyId::Gsp), by: RerollBy::Power, contingent: None, old: Die { face: 1, plus: 0, bonus: false }, new: Die { face: 4, plus: 0, bonus: false }, kept: true, bonus: None };
        let mut events = Vec::new();
        rerolled(&mut s, Contest::Battle, Some(12), &[r], &mut events);
        assert_eq!(events.len(), 1, "shown");
        assert!(!reroll_of(&s, PartyId::Gsp, Contest::Campaign).power, "spent for the turn");
        s.fx.sectors.get_mut(&n).expect("sector").owner = Some(PartyId::Bip);
        assert!(!reroll_of(&s, PartyId::Bip, Contest::Battle).power, "a new owner waits for the next turn");
        s.intrigue = Default::default();
        assert!(reroll_of(&s, PartyId::Bip, Contest::Battle).power, "the next turn (the galactic phase clears the intrigue)");
        // The policy chooses when: RELANCE CAMPAGNE leaves battles out.
        s.intrigue.fight.policies.insert(PartyId::Bip, Policy { contests: vec![Contest::Campaign], threshold: None });
        assert_eq!(reroll_of(&s, PartyId::Bip, Contest::Battle).when, When::Never);
        assert_eq!(reroll_of(&s, PartyId::Bip, Contest::Campaign).when, When::Losing);
    }
}
