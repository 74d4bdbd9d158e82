//! The card engine's lines (design note §3.1; "Jouer des cartes.", "Phases
//! des cartes.", "Priorité des cartes."), read with the parser's [`Check`]
//! (this file is a child module of `parse.rs`):
//!
//! - `CARTE "<c>" [PAR <sén>] [CIBLE <cible> [<parti>|REPUBLIQUE]] [<n>
//!   ARGENT|INFLUENCE]` | `CARD "<c>" [BY <senator>] [TARGET …] [<n>
//!   MONEY|INFLUENCE]`: a card played in this step;
//! - `REPONSE "<c>" SI "<carte>"|CARTE|ASSASSINAT [DE <parti>]
//!   [CONTRE-MOI]` | `RESPONSE "<c>" IF "<card>"|CARD|ASSASSINATION [FROM
//!   <party>] [AGAINST-ME]`: a standing answer for the rest of the game
//!   turn;
//! - `REPONSES AUCUNE` | `RESPONSES NONE`: every standing answer withdrawn.
//!
//! Every check reads public state (senators in play, sectors, the card
//! file) and the party's own hand and lines.

use std::collections::BTreeSet;

use crate::i18n::Msg;
use crate::msg;
use crate::text::Cursor;

use super::super::super::cards::{self as engine, CardTarget, Trigger};
use super::super::super::components::cards::{ActionCard, Period, Play};
use super::super::super::components::effects::{Effect, Resource, Target};
use super::super::super::intrigue::battle::Force;
use super::super::super::model::GdState;
use super::super::words::{self, kw, name, Step};
use super::super::Order;
use super::{is, no, number, Check, Refused};

const BY: &[&str] = &["PAR", "BY"];
const TARGET: &[&str] = &["CIBLE", "TARGET"];
const IF: &[&str] = &["SI", "IF"];
const FROM: &[&str] = &["DE", "FROM"];
const AGAINST_ME: &[&str] = &["CONTRE-MOI", "AGAINST-ME"];
const ANY_CARD: &[&str] = &["CARTE", "CARD"];
const ASSASSINATION: &[&str] = &["ASSASSINAT", "ASSASSINATION"];
const REPUBLIC: &[&str] = &["REPUBLIQUE", "REPUBLIC"];
const BATTLE: &[&str] = &["BATAILLE", "BATTLE"];
const CAMPAIGN: &[&str] = &["CAMPAGNE", "CAMPAIGN"];
const ROLL: &[&str] = &["JET", "ROLL"];
const THRESHOLD: &[&str] = &["SEUIL", "THRESHOLD"];

/// What the card lines read so far have used.
#[derive(Default)]
pub(super) struct Lines {
    /// Senators whose action an earlier card line uses.
    acting: BTreeSet<String>,
    /// Senators an earlier Multitâche line refreshes (G28).
    multitasked: BTreeSet<String>,
    /// Money and influence the earlier card lines cost.
    money: i32,
    influence: i32,
    /// Fleets an earlier `deplace` line lets move again, by sector.
    freed: std::collections::BTreeMap<super::super::super::components::SectorNo, u8>,
}

impl Lines {
    /// The party's fleets at `at` an earlier `deplace` card line of the
    /// mail lets move again (the card is resolved before the window's
    /// declarations).
    pub(super) fn freed(&self, at: super::super::super::components::SectorNo) -> u8 {
        self.freed.get(&at).copied().unwrap_or(0)
    }
}

impl Check<'_> {
    /// A quoted card name of the file (`"Distraction"`).
    fn named_card(&self, c: &mut Cursor) -> Result<String, Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        let candidates: Vec<&str> = self.s.components.actions.iter().map(|a| a.name_fr.as_str()).collect();
        self.card_name(t, candidates)
    }

    /// A card of the party's hand (less the cards earlier lines played,
    /// gave or dropped), left in it.
    fn held(&self, t: &crate::text::Token) -> Result<String, Refused> {
        let hand: Vec<&str> = self.hand.iter().map(String::as_str).collect();
        let c = self.card_name(t, hand)?;
        if self.hand.contains(&c) {
            Ok(c)
        } else {
            Err(no(msg!("gd-order-refused-card-not-in-hand", card = c)))
        }
    }

    /// `CARTE …` (module documentation).
    pub(super) fn play_card(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        let card_name = self.held(t)?;
        let card = self.s.components.action(&card_name).cloned().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        if let Some(why) = engine::refereed_in(self.s, &card) {
            return Err(no(why));
        }
        // A card aimed at an attempt (`cible assassinat`) only answers one.
        if card.play == Play::Answer || card.target == Target::Assassination || engine::rerolls(&card).is_some() {
            return Err(no(msg!("gd-order-refused-card-answer-only", card = card_name.as_str())));
        }
        let senate = matches!(self.step, Step::S1 | Step::S2);
        if !engine::period_fits(card.period, senate) {
            let period = match card.period {
                Period::Senate => "senate",
                Period::Intrigue => "intrigue",
                Period::General => "general",
            };
            return Err(no(msg!("gd-order-refused-card-period", card = card_name.as_str(), period = period)));
        }
        let by = if is(c.peek(), BY) {
            c.next();
            Some(self.own_in_play(c.next())?)
        } else {
            None
        };
        let contest = matches!(card.target, Target::Battle | Target::Campaign);
        let target = if contest {
            Some(self.contest_target(c, &card_name, card.target == Target::Battle)?)
        } else if is(c.peek(), TARGET) {
            c.next();
            Some(self.card_target(c, &card)?)
        } else {
            None
        };
        let extra = if c.peek().is_some() {
            let n = number(c.next())?;
            let r = c.next().and_then(|t| words::resource_from_word(&t.text));
            if !card.cost.variable || r != card.cost.resource {
                return Err(no(msg!("gd-order-refused-card-not-variable", card = card_name.as_str())));
            }
            u8::try_from(n).map_err(|_| no(msg!("gd-order-refused-number", written = n.to_string())))?
        } else {
            0
        };
        self.end(c)?;
        // "coût d'action": a fresh senator of the party, once.
        match (&by, card.action) {
            (None, true) => return Err(no(msg!("gd-order-refused-card-needs-senator", card = card_name.as_str()))),
            (Some(_), false) => return Err(no(msg!("gd-order-refused-card-no-action", card = card_name.as_str()))),
            (Some(n), true) => {
                let st = &self.s.fx.senators[n];
                // Exhausted in an earlier step, he acts again once an
                // earlier line's Multitâche refreshed him.
                let refreshed = self.cards.multitasked.contains(n) && !self.cards.acting.contains(n);
                if (st.exhausted && !refreshed) || st.seduced || self.s.recruited.contains(n) || self.assassins.contains(n) || self.campaigners.contains(n) || self.cards.acting.contains(n) {
                    return Err(no(msg!("gd-order-refused-not-fresh", senator = n.as_str())));
                }
            }
            (None, false) => {}
        }
        let chosen = contest || matches!(card.target, Target::Party | Target::Senator | Target::OwnSenator | Target::OpposingSenator | Target::Sector | Target::OwnSector | Target::Proposal);
        match (&target, chosen) {
            (None, true) => return Err(no(msg!("gd-order-refused-card-target-missing", card = card_name.as_str(), kind = card.target.word()))),
            (Some(_), false) => return Err(no(msg!("gd-order-refused-card-no-target", card = card_name.as_str()))),
            _ => {}
        }
        // A card of the senate never targets a rebel.
        if card.period == Period::Senate {
            let aimed = target.as_ref().and_then(engine::subject).and_then(|t| self.s.fx.party_of(&t));
            if aimed.is_some_and(|p| engine::is_rebel(self.s, p)) {
                return Err(no(msg!("gd-order-refused-card-rebel", card = card_name.as_str())));
            }
        }
        if card.effects.contains(&Effect::Refresh) {
            if let Some(CardTarget::Senator { name: n }) = &target {
                if self.s.cards.multitasked.get(n) == Some(&self.s.game_turn) || self.cards.multitasked.contains(n) {
                    return Err(no(msg!("gd-card-multitask-once", senator = n.as_str())));
                }
            }
        }
        if let Some(r) = card.cost.resource {
            // Cards are played before the step's bank and trades (RULINGS,
            // "the card engine"): paid from what the party had when the
            // step opened, less the earlier cards.
            let cost = i32::from(card.cost.amount) + i32::from(extra);
            let (at_open, spent) = match r {
                Resource::Money => (self.s.fx.parties.get(&self.me).map_or(0, |x| i32::from(x.money)), self.cards.money),
                Resource::Influence => (self.s.fx.parties.get(&self.me).map_or(0, |x| i32::from(x.influence)), self.cards.influence),
            };
            if cost > at_open - spent {
                return Err(no(msg!("gd-order-refused-card-cost-at-open", card = card_name.as_str(), need = cost, have = (at_open - spent).max(0))));
            }
            self.spend(r, cost)?;
            match r {
                Resource::Money => self.cards.money += cost,
                Resource::Influence => self.cards.influence += cost,
            }
        }
        // Accepted: the card leaves what the party has left to play with.
        if let Some(i) = self.hand.iter().position(|h| *h == card_name) {
            self.hand.remove(i);
        }
        if let (Some(n), true) = (&by, card.action) {
            self.cards.acting.insert(n.clone());
        }
        if let Some(CardTarget::Sector { sector, .. }) = &target {
            for e in &card.effects {
                if let Effect::Move(n) = e {
                    let f = self.cards.freed.entry(*sector).or_default();
                    *f = f.saturating_add(*n);
                }
            }
        }
        if let (Some(CardTarget::Senator { name: n }), true) = (&target, card.effects.contains(&Effect::Refresh)) {
            self.cards.multitasked.insert(n.clone());
            // Refreshed after an action of this mail: he may act again,
            // with a card or a campaign of a later line ("Multitâche").
            self.cards.acting.remove(n);
            self.campaigners.remove(n);
            self.inv.admirals.remove(n);
        }
        if contest {
            self.notes.push(msg!("gd-order-note-contest-card", priority = card.priority, battle = if card.target == Target::Battle { "yes" } else { "no" }));
        } else {
            self.notes.push(msg!("gd-order-note-card", priority = card.priority));
        }
        Ok(Order::PlayCard { card: card_name, by, target, extra })
    }

    /// `BATAILLE <secteur>` (B, B′) or `CAMPAGNE <secteur>` (K): a contest
    /// the party takes part in — its fleets there or invading it, or its
    /// sector fought over; its campaign there, or its sector campaigned.
    fn contest_target(&self, c: &mut Cursor, card: &str, battle: bool) -> Result<CardTarget, Refused> {
        let (word, step) = if battle { (BATTLE, Step::B) } else { (CAMPAIGN, Step::K) };
        if c.eat_keyword(word).is_none() {
            return Err(no(msg!("gd-order-refused-card-contest-missing", card = card, battle = if battle { "yes" } else { "no" })));
        }
        let sector = self.sector(c.next())?;
        if self.step != step {
            return Err(no(msg!("gd-order-refused-card-contest-step", card = card, battle = if battle { "yes" } else { "no" })));
        }
        let owner = self.s.fx.sectors.get(&sector).and_then(|x| x.owner);
        let takes_part = if battle {
            let inv = &self.s.intrigue.invasions.invasions;
            let fought = inv.iter().any(|d| d.sector == sector);
            let mine = inv.iter().any(|d| d.sector == sector && d.force == Force::Party(self.me)) || self.s.fleets.get(&sector).is_some_and(|m| m.get(&self.me).is_some_and(|k| *k > 0));
            fought && (mine || owner == Some(self.me))
        } else {
            let here: Vec<_> = self.s.intrigue.campaigns.campaigns.iter().filter(|d| d.sector == sector).collect();
            !here.is_empty() && (owner == Some(self.me) || here.iter().any(|d| d.party == self.me))
        };
        if !takes_part {
            return Err(no(msg!("gd-order-refused-card-contest-not-in", sector = sector, battle = if battle { "yes" } else { "no" })));
        }
        Ok(if battle { CardTarget::Battle { sector } } else { CardTarget::Campaign { sector } })
    }

    /// What `CIBLE` names for `card` (its `cible`).
    fn card_target(&self, c: &mut Cursor, card: &ActionCard) -> Result<CardTarget, Refused> {
        let (kind, fleets_of) = (card.target, card.effects.iter().any(|e| matches!(e, Effect::Destroy(_))));
        match kind {
            // `veto`: a law or a trade of the agenda, struck before the
            // senate votes (S2, when the agenda is numbered).
            Target::Proposal if card.effects.contains(&Effect::Veto) => {
                let (item, it) = self.agenda_item(c.next())?;
                if self.step != Step::S2 {
                    return Err(no(msg!("gd-order-refused-card-veto-step", card = card.name_fr.as_str())));
                }
                if !super::general(it) {
                    return Err(no(msg!("gd-order-refused-not-general-item", item = item)));
                }
                Ok(CardTarget::Proposal { item })
            }
            // `abroge`: a law in force.
            Target::Proposal => {
                let law = self.law_in_force(c)?;
                if !self.s.laws.iter().any(|l| l.law == law && l.until >= self.s.game_turn) {
                    return Err(no(msg!("gd-order-refused-card-law-not-in-force", law = super::law_msg(law))));
                }
                Ok(CardTarget::Law { law })
            }
            Target::Party => Ok(CardTarget::Party { party: self.other_party(c.next())? }),
            Target::Senator => Ok(CardTarget::Senator { name: self.in_play(c.next())? }),
            Target::OwnSenator => Ok(CardTarget::Senator { name: self.own_in_play(c.next())? }),
            Target::OpposingSenator => {
                let n = self.in_play(c.next())?;
                if self.s.fx.senators[&n].party == self.me {
                    return Err(no(msg!("gd-order-refused-card-own-senator", senator = n.as_str())));
                }
                Ok(CardTarget::Senator { name: n })
            }
            Target::Sector | Target::OwnSector => {
                let sector = self.sector(c.next())?;
                if kind == Target::OwnSector && self.s.fx.sectors.get(&sector).and_then(|s| s.owner) != Some(self.me) {
                    return Err(no(msg!("gd-order-refused-card-not-own-sector", sector = sector)));
                }
                let (mut party, mut republic) = (None, false);
                if fleets_of {
                    if is(c.peek(), REPUBLIC) {
                        c.next();
                        republic = true;
                    } else {
                        party = Some(self.party(c.next())?);
                    }
                }
                Ok(CardTarget::Sector { sector, party, republic })
            }
            _ => Err(no(msg!("gd-order-refused-card-no-target", card = kind.word()))),
        }
    }

    /// `REPONSE …` (module documentation).
    pub(super) fn answer(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        let card_name = self.held(t)?;
        let card = self.s.components.action(&card_name).cloned().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
        if card.play == Play::Play || !engine::answers(&card) {
            return Err(no(msg!("gd-order-refused-card-not-answer", card = card_name.as_str())));
        }
        if !is(c.peek(), IF) {
            return Err(no(msg!("gd-order-refused-card-trigger-missing")));
        }
        c.next();
        // Unquoted `CARTE` and `ASSASSINAT` are the keywords; any other
        // word (or a quoted one: `"Assassinat"`, the card) names a card.
        let trigger = if c.peek().is_some_and(|t| !t.quoted) && c.eat_keyword(ROLL).is_some() {
            // Relance tactique: the party's own battle roll.
            if engine::rerolls(&card).is_none() {
                return Err(no(msg!("gd-order-refused-card-not-reroll", card = card_name.as_str())));
            }
            let threshold = if c.eat_keyword(THRESHOLD).is_some() {
                let n = number(c.next())?;
                Some(u8::try_from(n).ok().filter(|n| (1..=6).contains(n)).ok_or_else(|| no(msg!("gd-order-refused-number", written = n.to_string())))?)
            } else {
                None
            };
            self.end(c)?;
            self.notes.push(msg!("gd-order-note-answer-roll", priority = card.priority));
            return Ok(Order::Answer { card: card_name, trigger: Trigger::Roll { threshold }, from: None, against_me: false });
        } else if engine::rerolls(&card).is_some() {
            return Err(no(msg!("gd-order-refused-card-rerolls-roll", card = card_name.as_str())));
        } else if c.peek().is_some_and(|t| !t.quoted) && c.eat_keyword(ANY_CARD).is_some() {
            Trigger::Any
        } else if c.peek().is_some_and(|t| !t.quoted) && c.eat_keyword(ASSASSINATION).is_some() {
            Trigger::Assassination
        } else if c.peek().is_some() {
            let on = self.named_card(c)?;
            let target = self.s.components.action(&on).ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
            if card.priority > target.priority {
                return Err(no(msg!("gd-order-refused-card-priority", card = card_name.as_str(), priority = card.priority, target = on.as_str(), target_priority = target.priority)));
            }
            Trigger::Card { name: on }
        } else {
            return Err(no(msg!("gd-order-refused-card-trigger-missing")));
        };
        if card.target == Target::Assassination && trigger != Trigger::Assassination {
            return Err(no(msg!("gd-order-refused-card-answers-attempts", card = card_name.as_str())));
        }
        let from = if is(c.peek(), FROM) {
            c.next();
            Some(self.other_party(c.next())?)
        } else {
            None
        };
        let against_me = c.eat_keyword(AGAINST_ME).is_some();
        self.end(c)?;
        self.notes.push(msg!("gd-order-note-answer", priority = card.priority));
        Ok(Order::Answer { card: card_name, trigger, from, against_me })
    }
}

/// The canonical line of a card order, French or English.
pub fn card_line(s: &GdState, o: &Order, en: bool) -> String {
    match o {
        Order::PlayCard { card, by, target, extra } => {
            let mut t = format!("{} {}", kw(en, "CARTE", "CARD"), words::card(s, en, card));
            if let Some(b) = by {
                t.push_str(&format!(" {} {}", kw(en, "PAR", "BY"), name(b)));
            }
            match target {
                Some(CardTarget::Party { party }) => t.push_str(&format!(" {} {}", kw(en, "CIBLE", "TARGET"), party.sigle())),
                Some(CardTarget::Senator { name: n }) => t.push_str(&format!(" {} {}", kw(en, "CIBLE", "TARGET"), name(n))),
                Some(CardTarget::Sector { sector, party, republic }) => {
                    t.push_str(&format!(" {} {sector}", kw(en, "CIBLE", "TARGET")));
                    if *republic {
                        t.push_str(&format!(" {}", kw(en, "REPUBLIQUE", "REPUBLIC")));
                    } else if let Some(q) = party {
                        t.push_str(&format!(" {}", q.sigle()));
                    }
                }
                Some(CardTarget::Battle { sector }) => t.push_str(&format!(" {} {sector}", kw(en, "BATAILLE", "BATTLE"))),
                Some(CardTarget::Campaign { sector }) => t.push_str(&format!(" {} {sector}", kw(en, "CAMPAGNE", "CAMPAIGN"))),
                Some(CardTarget::Proposal { item }) => t.push_str(&format!(" {} #{item}", kw(en, "CIBLE", "TARGET"))),
                Some(CardTarget::Law { law }) => t.push_str(&format!(" {} {}", kw(en, "CIBLE", "TARGET"), words::law(en, *law, false))),
                None => {}
            }
            if *extra > 0 {
                let r = s.components.action(card).and_then(|a| a.cost.resource).unwrap_or(Resource::Money);
                t.push_str(&format!(" {extra} {}", words::resource(en, r)));
            }
            t
        }
        Order::Answer { card, trigger, from, against_me } => {
            let on = match trigger {
                Trigger::Card { name: n } => words::card(s, en, n),
                Trigger::Any => kw(en, "CARTE", "CARD").to_string(),
                Trigger::Assassination => kw(en, "ASSASSINAT", "ASSASSINATION").to_string(),
                Trigger::Roll { threshold: None } => kw(en, "JET", "ROLL").to_string(),
                Trigger::Roll { threshold: Some(n) } => format!("{} {} {n}", kw(en, "JET", "ROLL"), kw(en, "SEUIL", "THRESHOLD")),
            };
            let mut t = format!("{} {} {} {on}", kw(en, "REPONSE", "RESPONSE"), words::card(s, en, card), kw(en, "SI", "IF"));
            if let Some(p) = from {
                t.push_str(&format!(" {} {}", kw(en, "DE", "FROM"), p.sigle()));
            }
            if *against_me {
                t.push_str(&format!(" {}", kw(en, "CONTRE-MOI", "AGAINST-ME")));
            }
            t
        }
        Order::NoAnswers => kw(en, "REPONSES AUCUNE", "RESPONSES NONE").to_string(),
        _ => String::new(),
    }
}

/// One sample of every message of these lines, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-order-refused-card-answer-only", card = "Distraction"),
        msg!("gd-order-refused-card-period", card = "Pot-de-vin", period = "senate"),
        msg!("gd-order-refused-card-not-variable", card = "Pot-de-vin"),
        msg!("gd-order-refused-card-needs-senator", card = "Public Humiliation"),
        msg!("gd-order-refused-card-no-action", card = "Distraction"),
        msg!("gd-order-refused-card-target-missing", card = "Calomnie", kind = "senateur-adverse"),
        msg!("gd-order-refused-card-no-target", card = "Collecte de fonds"),
        msg!("gd-order-refused-card-rebel", card = "Calomnie"),
        msg!("gd-order-refused-card-own-senator", senator = "Fola"),
        msg!("gd-order-refused-card-not-own-sector", sector = 12),
        msg!("gd-order-refused-card-not-answer", card = "Renforts"),
        msg!("gd-order-refused-card-trigger-missing"),
        msg!("gd-order-refused-card-priority", card = "Distraction", priority = 2, target = "Renforts", target_priority = 1),
        msg!("gd-order-note-card", priority = 3),
        msg!("gd-order-refused-card-cost-at-open", card = "Calomnie", need = 2, have = 1),
        msg!("gd-order-note-answer", priority = 2),
        msg!("gd-order-refused-card-contest-missing", card = "Attaque de flanc", battle = "yes"),
        msg!("gd-order-refused-card-contest-step", card = "Discours enflammé", battle = "no"),
        msg!("gd-order-refused-card-contest-not-in", sector = 12, battle = "yes"),
        msg!("gd-order-note-contest-card", priority = 2, battle = "yes"),
        msg!("gd-order-refused-card-veto-step", card = "Obstruction"),
        msg!("gd-order-refused-card-answers-attempts", card = "Garde du corps"),
        msg!("gd-order-refused-card-not-reroll", card = "Distraction"),
        msg!("gd-order-refused-card-rerolls-roll", card = "Relance tactique"),
        msg!("gd-order-note-answer-roll", priority = 1),
        msg!("gd-order-refused-card-law-not-in-force", law = super::law_msg(super::super::super::model::Law::Movement)),
    ]
}
