//! The interpreter of the effect vocabulary for what the galactic phase and
//! the senate need (issue #27, part I): resources (gain, loss, theft within
//! 0–99), draws (a draw, a discard or a take at random), corruption and
//! shadow (with the compulsory conversion), senators refreshed, exhausted or
//! seduced, diplomacy, command and votes for a while, sector defence, the
//! Ke'Ras (infested, cleansed, neutral, marked sectors; the infestation roll)
//! and the Republic's fleets in play.
//!
//! It works on [`EffectState`], the small part of a game these effects
//! touch. The game model (part I, item 2) will own this state as part of its
//! own and call [`EffectState::apply`]; until then the state is complete for
//! these effects and tested on its own. Effects that belong to the intrigue
//! and the card engine (battles, campaigns, assassinations, the Feint,
//! cancelling cards, vetoes, trials, looking at hands, the game master's
//! `manuel`) are refused with [`NotHere`], never half-done.
//!
//! Decks hold no order: a draw takes a card by lot through the turn's
//! [`Dice`] when it happens ("Mélangez les paquets").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::SectorNo;
use super::effects::{Deck, Duration, Effect, Resource, Target};
use super::{Components, PartyId, Race};
use crate::dice::Dice;

/// A resource track's top: "l'excès est gaspillé" ("Ressources").
pub const RESOURCE_MAX: u8 = 99;
/// The Republic's fleets in play at most ("Les flottes de la république").
pub const REPUBLIC_MAX: u8 = 10;

/// A modifier for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub amount: i8,
    pub until: Duration,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PartyState {
    pub money: u8,
    pub influence: u8,
    /// Action cards in hand, by French name.
    pub hand: Vec<String>,
    /// Senator cards waiting to be recruited.
    pub waiting: Vec<String>,
    /// Modifiers of the voting total ("Total de voix").
    pub votes: Vec<Modifier>,
}

impl PartyState {
    pub fn get(&self, r: Resource) -> u8 {
        match r {
            Resource::Money => self.money,
            Resource::Influence => self.influence,
        }
    }
    fn slot(&mut self, r: Resource) -> &mut u8 {
        match r {
            Resource::Money => &mut self.money,
            Resource::Influence => &mut self.influence,
        }
    }
}

/// A senator in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SenatorState {
    pub party: PartyId,
    pub race: Option<Race>,
    /// The party icon printed on his card.
    pub icon: Option<PartyId>,
    pub corruption: u8,
    pub shadow: u8,
    pub exhausted: bool,
    /// Out of the senate for the phase (*Séduction*).
    pub seduced: bool,
    pub minister: bool,
    pub diplomacy: Vec<Modifier>,
    pub command: Vec<Modifier>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SectorState {
    pub owner: Option<PartyId>,
    pub infested: bool,
    pub marked: bool,
    pub defence: Vec<Modifier>,
}

/// What the effects of part I act on.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EffectState {
    pub parties: BTreeMap<PartyId, PartyState>,
    /// Senators in play, by name.
    pub senators: BTreeMap<String, SenatorState>,
    pub sectors: BTreeMap<SectorNo, SectorState>,
    /// The action deck, as a set (sorted); drawn by lot.
    pub action_deck: Vec<String>,
    /// Discarded action cards; the deck is made of them again when empty.
    pub action_discard: Vec<String>,
    /// The senator deck, drawn by lot; then `senator_bottom` (RULINGS G27:
    /// the unused starting senators, under the shuffled deck).
    pub senator_deck: Vec<String>,
    pub senator_bottom: Vec<String>,
    pub infestation: Vec<Modifier>,
    pub republic_fleets: u8,
}

/// What an effect acts on, once its target is resolved.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Subject {
    Party(PartyId),
    Senator(String),
    Sector(SectorNo),
}

/// An effect this interpreter does not resolve: it belongs to the
/// intrigue, the card engine or the game master (part II).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotHere(pub Effect);

/// Why a target cannot be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetError {
    /// The target needs the player's choice (`parti`, `senateur`, …) and none
    /// or a wrong one was given.
    Choice(Target),
    /// Battles, campaigns, assassinations, cards and proposals: part II.
    NotHere(Target),
}

/// The end of a period, when modifiers lapse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Vote,
    Phase,
    Turn,
}

/// Applies `n` corruption to a senator, then the compulsory conversion
/// ("Jetons d'ombre"): at the 5th corruption, or at 3 once he has a shadow,
/// every 3 corruption become 1 shadow (Fola: 6 → 2 shadows).
pub fn add_corruption(s: &mut SenatorState, n: u8) {
    s.corruption = s.corruption.saturating_add(n);
    if s.corruption >= 5 || (s.shadow > 0 && s.corruption >= 3) {
        s.shadow = s.shadow.saturating_add(s.corruption / 3);
        s.corruption %= 3;
    }
}

fn lapse(mods: &mut Vec<Modifier>, end: End) {
    mods.retain_mut(|m| match (m.until, end) {
        (Duration::Vote, _) => false,
        (Duration::Phase, End::Phase | End::Turn) => false,
        (Duration::Turn, End::Turn) => false,
        (Duration::Turns(n), End::Turn) => {
            m.until = Duration::Turns(n - 1);
            n > 1
        }
        _ => true,
    });
}

fn sum(mods: &[Modifier]) -> i32 {
    mods.iter().map(|m| i32::from(m.amount)).sum()
}

impl EffectState {
    /// The party a subject belongs to: itself, a senator's party, a
    /// sector's owner.
    pub fn party_of(&self, s: &Subject) -> Option<PartyId> {
        match s {
            Subject::Party(p) => Some(*p),
            Subject::Senator(n) => self.senators.get(n).map(|s| s.party),
            Subject::Sector(n) => self.sectors.get(n).and_then(|s| s.owner),
        }
    }

    /// Resolves a card's `cible` for `actor` (`None`: an event). `chosen`
    /// is what the player named for a chosen target; it is checked here.
    /// Random targets are drawn by lot.
    pub fn resolve(&self, target: Target, actor: Option<PartyId>, chosen: Option<&Subject>, icons: (Option<Race>, Option<PartyId>), dice: &mut Dice) -> Result<Vec<Subject>, TargetError> {
        let parties = |f: &dyn Fn(PartyId) -> bool| self.parties.keys().copied().filter(|p| f(*p)).map(Subject::Party).collect::<Vec<_>>();
        let choice = |ok: &dyn Fn(&Subject) -> bool| match chosen {
            Some(s) if ok(s) => Ok(vec![s.clone()]),
            _ => Err(TargetError::Choice(target)),
        };
        let senator = |s: &Subject| matches!(s, Subject::Senator(n) if self.senators.contains_key(n));
        Ok(match target {
            Target::Own => match actor {
                Some(p) => vec![Subject::Party(p)],
                None => return Err(TargetError::Choice(target)),
            },
            Target::Party => return choice(&|s| matches!(s, Subject::Party(p) if self.parties.contains_key(p) && Some(*p) != actor)),
            Target::Others => parties(&|p| Some(p) != actor),
            Target::All => parties(&|_| true),
            Target::Senator => return choice(&senator),
            Target::OwnSenator => return choice(&|s| senator(s) && actor.is_some() && self.party_of(s) == actor),
            Target::OpposingSenator => return choice(&|s| senator(s) && self.party_of(s) != actor),
            Target::Sector => return choice(&|s| matches!(s, Subject::Sector(n) if self.sectors.contains_key(n))),
            Target::OwnSector => return choice(&|s| matches!(s, Subject::Sector(n) if self.sectors.get(n).is_some_and(|x| x.owner.is_some() && x.owner == actor))),
            Target::PartyIcon => {
                let Some(icon) = icons.1 else { return Err(TargetError::Choice(target)) };
                self.senators.iter().filter(|(_, s)| s.icon == Some(icon)).map(|(n, _)| Subject::Senator(n.clone())).collect()
            }
            Target::RaceIcon => {
                let Some(race) = icons.0 else { return Err(TargetError::Choice(target)) };
                self.senators.iter().filter(|(_, s)| s.race == Some(race)).map(|(n, _)| Subject::Senator(n.clone())).collect()
            }
            Target::Marked => self.sectors.iter().filter(|(_, s)| s.marked).map(|(n, _)| Subject::Sector(*n)).collect(),
            Target::Infested => self.sectors.iter().filter(|(_, s)| s.infested).map(|(n, _)| Subject::Sector(*n)).collect(),
            Target::Ministers => self.senators.iter().filter(|(_, s)| s.minister).map(|(n, _)| Subject::Senator(n.clone())).collect(),
            Target::RandomSector => {
                let all: Vec<SectorNo> = self.sectors.keys().copied().collect();
                dice.pick_index(all.len(), "Les cartes événements", "secteur tiré au sort").map(|i| vec![Subject::Sector(all[i])]).unwrap_or_default()
            }
            Target::RandomSenator => {
                let all: Vec<&String> = self.senators.keys().collect();
                dice.pick_index(all.len(), "Les cartes événements", "sénateur tiré au sort").map(|i| vec![Subject::Senator(all[i].clone())]).unwrap_or_default()
            }
            Target::Battle | Target::Campaign | Target::Assassination | Target::Card | Target::Proposal => return Err(TargetError::NotHere(target)),
        })
    }

    /// Applies one effect for `actor` (`None`: an event, whose gains and
    /// draws go to each party concerned) to `subjects`. Subjects that do
    /// not fit the effect (a sector for `corruption`) are passed over.
    pub fn apply(&mut self, effect: &Effect, actor: Option<PartyId>, subjects: &[Subject], dice: &mut Dice) -> Result<(), NotHere> {
        let concerned: Vec<PartyId> = match actor {
            Some(p) => vec![p],
            None => self.subject_parties(subjects),
        };
        match effect {
            Effect::Gain(n, r) => {
                for p in concerned {
                    self.gain(p, *r, *n);
                }
            }
            Effect::Lose(n, r) => {
                for p in self.subject_parties(subjects) {
                    self.take(p, *r, *n);
                }
            }
            Effect::Steal(n, r) => {
                let Some(thief) = actor else { return Err(NotHere(effect.clone())) };
                for p in self.subject_parties(subjects) {
                    let got = self.take(p, *r, *n);
                    self.gain(thief, *r, got);
                }
            }
            Effect::Draw(n, deck) => {
                for p in concerned {
                    for _ in 0..*n {
                        self.draw(p, *deck, dice);
                    }
                }
            }
            Effect::Discard(n) => {
                for p in self.subject_parties(subjects) {
                    for _ in 0..*n {
                        if let Some(c) = self.random_card(p, dice) {
                            self.action_discard.push(c);
                        }
                    }
                }
            }
            Effect::TakeCard(n) => {
                let Some(taker) = actor else { return Err(NotHere(effect.clone())) };
                for p in self.subject_parties(subjects).into_iter().filter(|p| *p != taker) {
                    for _ in 0..*n {
                        if let Some(c) = self.random_card(p, dice) {
                            self.parties.entry(taker).or_default().hand.push(c);
                        }
                    }
                }
            }
            Effect::Refresh | Effect::Exhaust => self.each_senator(subjects, |s| s.exhausted = matches!(effect, Effect::Exhaust)),
            Effect::Seduction => self.each_senator(subjects, |s| s.seduced = true),
            Effect::Diplomacy(n, d) => self.each_senator(subjects, |s| s.diplomacy.push(Modifier { amount: *n, until: *d })),
            Effect::Command(n, d) => self.each_senator(subjects, |s| s.command.push(Modifier { amount: *n, until: *d })),
            Effect::Corruption(n) => self.each_senator(subjects, |s| {
                if *n > 0 {
                    add_corruption(s, n.unsigned_abs());
                } else {
                    // Removing corruption never touches shadow (RULINGS G23).
                    s.corruption = s.corruption.saturating_sub(n.unsigned_abs());
                }
            }),
            Effect::Shadow(n) => self.each_senator(subjects, |s| {
                if *n > 0 {
                    s.shadow = s.shadow.saturating_add(n.unsigned_abs());
                    // "Jetons d'ombre": once a shadow is there, every 3
                    // corruption present become a shadow, those already
                    // there included.
                    add_corruption(s, 0);
                } else {
                    s.shadow = s.shadow.saturating_sub(n.unsigned_abs());
                }
            }),
            Effect::Votes(n, d) => {
                for p in self.subject_parties(subjects) {
                    self.parties.entry(p).or_default().votes.push(Modifier { amount: *n, until: *d });
                }
            }
            Effect::Defence(n, d) => self.each_sector(subjects, |s| s.defence.push(Modifier { amount: *n, until: *d })),
            Effect::Infest => self.each_sector(subjects, |s| {
                s.infested = true;
                s.owner = None;
            }),
            Effect::Disinfest => self.each_sector(subjects, |s| s.infested = false),
            Effect::Neutralise => self.each_sector(subjects, |s| s.owner = None),
            Effect::Mark => self.each_sector(subjects, |s| s.marked = true),
            Effect::InfestationRoll(n, d) => self.infestation.push(Modifier { amount: *n, until: *d }),
            Effect::Republic(n) => {
                self.republic_fleets = (i16::from(self.republic_fleets) + i16::from(*n)).clamp(0, i16::from(REPUBLIC_MAX)) as u8;
            }
            Effect::SeeHand
            | Effect::Assassination(_)
            | Effect::Prosecution
            | Effect::Fleets(_)
            | Effect::Destroy(_)
            | Effect::Move(_)
            | Effect::Dice(_)
            | Effect::Bonus(_)
            | Effect::Losses(_)
            | Effect::Reroll(_)
            | Effect::Feint
            | Effect::Cancel
            | Effect::Ghost
            | Effect::Veto
            | Effect::Repeal
            | Effect::Election
            | Effect::Manual(_) => return Err(NotHere(effect.clone())),
        }
        Ok(())
    }

    /// Lapses the modifiers that end with `end`; seduced senators come back
    /// at the end of the phase.
    pub fn end(&mut self, end: End) {
        for p in self.parties.values_mut() {
            lapse(&mut p.votes, end);
        }
        for s in self.senators.values_mut() {
            lapse(&mut s.diplomacy, end);
            lapse(&mut s.command, end);
            if end != End::Vote {
                s.seduced = false;
            }
        }
        for s in self.sectors.values_mut() {
            lapse(&mut s.defence, end);
        }
        lapse(&mut self.infestation, end);
    }

    /// An event leaves the active space: its `actif` modifiers lapse.
    pub fn end_active(&mut self) {
        let keep = |m: &Modifier| m.until != Duration::Active;
        self.infestation.retain(keep);
        for p in self.parties.values_mut() {
            p.votes.retain(keep);
        }
        for s in self.senators.values_mut() {
            s.diplomacy.retain(keep);
            s.command.retain(keep);
        }
        for s in self.sectors.values_mut() {
            s.defence.retain(keep);
        }
    }

    /// A senator's diplomacy modifiers in force.
    pub fn diplomacy_bonus(&self, name: &str) -> i32 {
        self.senators.get(name).map_or(0, |s| sum(&s.diplomacy))
    }
    pub fn command_bonus(&self, name: &str) -> i32 {
        self.senators.get(name).map_or(0, |s| sum(&s.command))
    }
    /// A party's voting-total modifiers in force.
    pub fn votes_bonus(&self, p: PartyId) -> i32 {
        self.parties.get(&p).map_or(0, |s| sum(&s.votes))
    }
    /// A sector's defence: printed value plus modifiers, never below 0.
    pub fn defence(&self, c: &Components, n: SectorNo) -> u32 {
        let printed = c.board.sectors.get(&n).map_or(0, |s| i32::from(s.defence));
        (printed + self.sectors.get(&n).map_or(0, |s| sum(&s.defence))).max(0) as u32
    }
    /// The infestation roll's modifier from effects (the cost of evil is the
    /// galactic phase's).
    pub fn infestation_bonus(&self) -> i32 {
        sum(&self.infestation)
    }

    fn subject_parties(&self, subjects: &[Subject]) -> Vec<PartyId> {
        let mut v: Vec<PartyId> = subjects.iter().filter_map(|s| self.party_of(s)).collect();
        v.sort();
        v.dedup();
        v
    }

    fn gain(&mut self, p: PartyId, r: Resource, n: u8) {
        let slot = self.parties.entry(p).or_default().slot(r);
        *slot = slot.saturating_add(n).min(RESOURCE_MAX);
    }

    /// Takes up to `n` (never below 0); returns what was taken.
    fn take(&mut self, p: PartyId, r: Resource, n: u8) -> u8 {
        let slot = self.parties.entry(p).or_default().slot(r);
        let got = n.min(*slot);
        *slot -= got;
        got
    }

    fn draw(&mut self, p: PartyId, deck: Deck, dice: &mut Dice) {
        let card = match deck {
            Deck::Action => {
                if self.action_deck.is_empty() {
                    // "Le paquet d'actions est remélangé" when empty.
                    self.action_deck = std::mem::take(&mut self.action_discard);
                    self.action_deck.sort();
                }
                dice.pick_index(self.action_deck.len(), "La phase galactique", "pioche action").map(|i| self.action_deck.remove(i))
            }
            Deck::Senator => {
                let from = if self.senator_deck.is_empty() { &mut self.senator_bottom } else { &mut self.senator_deck };
                dice.pick_index(from.len(), "La phase galactique", "pioche sénateur").map(|i| from.remove(i))
            }
        };
        if let Some(c) = card {
            let party = self.parties.entry(p).or_default();
            match deck {
                Deck::Action => party.hand.push(c),
                Deck::Senator => party.waiting.push(c),
            }
        }
    }

    fn random_card(&mut self, p: PartyId, dice: &mut Dice) -> Option<String> {
        let hand = &mut self.parties.get_mut(&p)?.hand;
        dice.pick_index(hand.len(), "Les cartes action", "carte au hasard").map(|i| hand.remove(i))
    }

    fn each_senator(&mut self, subjects: &[Subject], mut f: impl FnMut(&mut SenatorState)) {
        for s in subjects {
            if let Subject::Senator(n) = s {
                if let Some(x) = self.senators.get_mut(n) {
                    f(x);
                }
            }
        }
    }

    fn each_sector(&mut self, subjects: &[Subject], mut f: impl FnMut(&mut SectorState)) {
        for s in subjects {
            if let Subject::Sector(n) = s {
                if let Some(x) = self.sectors.get_mut(n) {
                    f(x);
                }
            }
        }
    }
}
