//! Reading a party's lines for the open step (design note §3), both
//! languages, each line checked against the state with a reason and a
//! suggestion.
//!
//! Lines are checked in the order written, each against the state and the
//! lines accepted before it: what the party has left to pay with (money and
//! influence after earlier purchases, bank operations, trades and vote
//! caps), the cards still in its hand, the fleets it may still buy. A line
//! valid in another step kind is refused naming the steps where it is
//! valid; the orders of the intrigue and the cards (issue #28) are
//! recognised and refused as not refereed yet, never dropped in silence.
//!
//! Hidden information: a refusal or a suggestion depends only on what the
//! party may know — the public state, its own hand and waiting senators.
//! Senator names are suggested only among the senators in play and the
//! party's own waiting ones; card names among its own hand (what it gives
//! or drops) or the public card file (what it asks for).
//!
//! `#` followed by a digit is an agenda item (`VOTE #3 POUR`); any other
//! `#` starts a comment.

use std::collections::{BTreeMap, BTreeSet};

use crate::game::{FamilyKey, LineVerdict, OrderLine, ParsedOrders};
use crate::i18n::Msg;
use crate::msg;
use crate::text::{self, Cursor, Token};

use super::super::components::board::Ability;
use super::super::components::effects::Resource;
use super::super::components::interpret::{REPUBLIC_MAX, RESOURCE_MAX};
use super::super::components::{PartyId, SectorNo};
use super::super::common::{law_name, tax_action_name, BREACH_CORRUPTION};
use super::super::model::{FleetGroup, GdState, Item, Law, Phase, TaxedAction, FLEETS_MAX};
use super::super::senate::voting;
use super::super::senate::Ministry;
use super::words::{self, Step, Word};
use super::{Goods, Order, Orders, PostChoice};

/// The campaigns' lines (C, K): `CAMPAGNE`, `INFLUENCE`.
#[path = "campaigns.rs"]
mod campaigns;
// The assassinations' lines, read with this module's `Check`.
#[path = "attempts.rs"]
mod attempts;
pub use attempts::attempt_line;
/// `CARTE`, `REPONSE`, `REPONSES AUCUNE` (the card engine, #28).
#[path = "cards.rs"]
mod cards;
pub use cards::card_line;
/// `INVASION`, `DEFENDRE`, `RETRAITE` (#28).
#[path = "invasions.rs"]
mod invasions;
/// Skills, sector abilities and corrupt ministry skills used as actions
/// (#28): `ESPIONNER`, `SABOTER`, `PURIFIER`, `MARCHE-NOIR`, `AUGURE`,
/// `INDULGENCE`, `CORROMPU`.
#[path = "powers.rs"]
mod powers;
pub use powers::power_line;
/// `RELANCE`, `PERTES` (#28).
#[path = "fight.rs"]
mod fight;
pub use fight::{fight_line, samples as fight_samples};
/// `REBELLION`, `PAIX` (#28).
#[path = "rebellion.rs"]
mod rebellion;
/// The game master's lines, read for the `@mj` seat (#29).
#[path = "mj.rs"]
mod mj;
pub use mj::samples as mj_samples;
/// `CORROMPU DEFENSE 1` and the Republic's new orders in B (#28).
#[path = "defence.rs"]
mod defence;
/// `PROPOSITION LIBRE`, `INCONSTITUTIONNEL`, `PROCES`, `DEFENSE-PROCES`
/// (free laws and the court, #29).
#[path = "court.rs"]
mod court;
pub use court::{court_line, samples as court_samples};

/// The groups of a `FLOTTE-REPUBLIQUE` line, separated by commas written
/// alone or stuck to a word; empty groups dropped.
fn split_groups(c: &mut Cursor) -> Vec<Vec<Token>> {
    // Groups are separated by commas, written alone or stuck to a word.
    let mut groups: Vec<Vec<Token>> = vec![Vec::new()];
    for t in c.rest() {
        if t.quoted {
            groups.last_mut().into_iter().for_each(|g| g.push(t.clone()));
            continue;
        }
        for (i, part) in t.text.split(',').enumerate() {
            if i > 0 {
                groups.push(Vec::new());
            }
            if !part.is_empty() {
                groups.last_mut().into_iter().for_each(|g| g.push(Token::new(part.to_string(), false)));
            }
        }
    }
    groups.into_iter().filter(|g| !g.is_empty()).collect()
}

/// Why a line is refused, and the nearest valid name or form.
type Refused = (Msg, Option<String>);

fn no(m: Msg) -> Refused {
    (m, None)
}

/// What an agenda item reference becomes before tokenising (`#3` → `№3`),
/// so that the tokeniser does not take it for a comment.
const ITEM_MARK: char = '\u{2116}';

/// A trial's cost, per senator ("Poursuites").
const TRIAL_COST: u8 = 2;
/// An audit's and a veto's cost ("Compétences de ministère").
const MINISTRY_SKILL_COST: u8 = 1;
/// "Dépenses": a party's fleet, a Republic fleet.
const FLEET_PRICE: i32 = 5;
const REPUBLIC_PRICE: i32 = 3;
/// "Remise amical" (sector 9): fleets 2 money cheaper, never below 0 (G47).
const FRIENDLY_DISCOUNT: i32 = 2;
/// A senator bearing the buyer's icon costs 2 less ("Achat de flottes et
/// sénateurs"); "Persuasion d'opiacé" (sector 30): the first recruit of a
/// turn 5 less.
const ICON_DISCOUNT: i32 = 2;
const OPIATE_DISCOUNT: i32 = 5;
/// The corruption `OMBRE` turns into a shadow ("Jetons d'ombre").
const SHADOW_CORRUPTION: u8 = 3;
/// A law's duration when the proposal gives none ("pour 2 tours").
const DEFAULT_LAW_TURNS: u8 = 2;

fn is_open_quote(c: char) -> bool {
    matches!(c, '"' | '\u{201c}' | '\u{201e}' | '\u{ab}')
}
fn is_close_quote(c: char) -> bool {
    matches!(c, '"' | '\u{201d}' | '\u{201c}' | '\u{bb}')
}

/// The tokens of a line: `#<digit>` outside quotes is an item reference,
/// any other `#` outside quotes starts a comment.
fn tokens(line: &str) -> Vec<Token> {
    let mut out = String::with_capacity(line.len());
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if !quoted && is_open_quote(c) {
            quoted = true;
        } else if quoted && is_close_quote(c) {
            quoted = false;
        } else if !quoted && c == '#' {
            if chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                out.push(ITEM_MARK);
                continue;
            }
            break;
        }
        out.push(c);
    }
    text::tokenize(&out).tokens
}

/// An agenda item reference: `#3` (or `3`).
fn item_no(t: &Token) -> Option<u32> {
    let s = t.text.trim_start_matches([ITEM_MARK, '#']);
    s.parse().ok().filter(|n| *n >= 1)
}

fn number(t: Option<&Token>) -> Result<u32, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-order-refused-number", written = "")))?;
    t.text.parse().map_err(|_| no(msg!("gd-order-refused-number", written = t.text.as_str())))
}

/// A count of at least 1 (fleets, resources).
fn count(t: Option<&Token>) -> Result<u8, Refused> {
    let n = number(t)?;
    if n == 0 {
        return Err(no(msg!("gd-order-refused-zero")));
    }
    u8::try_from(n).map_err(|_| no(msg!("gd-order-refused-too-many", written = n)))
}

fn is(t: Option<&Token>, aliases: &[&str]) -> bool {
    t.is_some_and(|t| !t.quoted && aliases.iter().any(|a| text::key(a) == t.key_cow()))
}

fn law_msg(l: Law) -> Msg {
    law_name("gd-order-law-", l)
}

fn ministry_msg(m: Ministry) -> Msg {
    msg!("gd-order-ministry", ministry = m.code_en().to_ascii_lowercase())
}

fn resource_msg(r: Resource) -> Msg {
    msg!("gd-order-resource", resource = if r == Resource::Money { "money" } else { "influence" })
}

/// A general proposal (note §2.4 (4)): a law, or a trade put to the senate
/// under "Libre-échange d'accord" — what the Prime Minister may veto or
/// order ("Le premier ministre et ses devoirs").
fn general(it: &Item) -> bool {
    matches!(it, Item::Law { .. } | Item::Trade { .. } | Item::FreeLaw { .. })
}

fn steps_text(steps: &[Step]) -> String {
    steps.iter().map(|s| s.label()).collect::<Vec<_>>().join(", ")
}

/// Where the lines read so far leave the party.
struct Check<'a> {
    s: &'a GdState,
    me: PartyId,
    step: Step,
    money: i32,
    influence: i32,
    /// Its hand, less the cards given or dropped by earlier lines.
    hand: Vec<String>,
    /// Its fleets per sector, less those given by earlier lines.
    fleets_at: BTreeMap<SectorNo, u8>,
    /// Corruption each senator has left for `OMBRE`.
    corruption: BTreeMap<String, u8>,
    given_sectors: BTreeSet<SectorNo>,
    given_senators: BTreeSet<String>,
    deals_broken: BTreeSet<u32>,
    /// `ACCORD` lines accepted so far.
    deals_made: u8,
    laws_defied: BTreeSet<Law>,
    election_called: bool,
    candidacies: BTreeSet<Ministry>,
    election_order: bool,
    proposed: BTreeSet<Law>,
    indicted: BTreeSet<String>,
    prosecuted: BTreeSet<String>,
    audited: BTreeSet<String>,
    votes: BTreeSet<u32>,
    posts: BTreeSet<Ministry>,
    fleet_vote: bool,
    vetoes: BTreeSet<u32>,
    agenda: bool,
    fleets_bought: u32,
    republic_bought: u32,
    recruits: Vec<String>,
    /// Campaigns (C): the sectors and senators of earlier lines; K's
    /// influence: the sectors of earlier lines.
    campaigns: BTreeSet<SectorNo>,
    campaigners: BTreeSet<String>,
    influenced: BTreeSet<SectorNo>,
    /// The line being read was written in English (for a suggestion).
    english: bool,
    /// Assassins named by earlier lines (one action each), and senators
    /// given a standing bid ("" for `TOUS`).
    assassins: BTreeSet<String>,
    standing_named: BTreeSet<String>,
    /// The invasions' lines read so far.
    inv: invasions::Lines,
    /// The skills' and abilities' lines read so far.
    pw: powers::Lines,
    /// The card lines read so far.
    cards: cards::Lines,
    /// The notes of the line being read.
    notes: Vec<Msg>,
    /// An earlier line declared rebellion, or wrote `PAIX`.
    rebelled: bool,
    peace: bool,
    /// The Defence minister's redeployment lines read so far.
    def: defence::Lines,
    /// The free laws' and the court's lines read so far.
    court: court::Lines,
}

impl<'a> Check<'a> {
    fn new(s: &'a GdState, me: PartyId, step: Step) -> Check<'a> {
        let ps = s.fx.parties.get(&me).cloned().unwrap_or_default();
        let fleets_at = s.fleets.iter().filter_map(|(n, m)| m.get(&me).map(|c| (*n, *c))).collect();
        let corruption = s.fx.senators.iter().filter(|(_, st)| st.party == me).map(|(n, st)| (n.clone(), st.corruption)).collect();
        Check {
            s,
            me,
            step,
            money: i32::from(ps.money),
            influence: i32::from(ps.influence),
            hand: ps.hand,
            fleets_at,
            corruption,
            given_sectors: BTreeSet::new(),
            given_senators: BTreeSet::new(),
            deals_broken: BTreeSet::new(),
            deals_made: 0,
            laws_defied: BTreeSet::new(),
            election_called: false,
            candidacies: BTreeSet::new(),
            election_order: false,
            proposed: BTreeSet::new(),
            indicted: BTreeSet::new(),
            prosecuted: BTreeSet::new(),
            audited: BTreeSet::new(),
            votes: BTreeSet::new(),
            posts: BTreeSet::new(),
            fleet_vote: false,
            vetoes: BTreeSet::new(),
            agenda: false,
            fleets_bought: 0,
            republic_bought: 0,
            recruits: Vec::new(),
            campaigns: BTreeSet::new(),
            campaigners: BTreeSet::new(),
            influenced: BTreeSet::new(),
            english: false,
            assassins: BTreeSet::new(),
            standing_named: BTreeSet::new(),
            inv: invasions::Lines::default(),
            pw: powers::Lines::default(),
            cards: cards::Lines::default(),
            notes: Vec::new(),
            rebelled: false,
            peace: false,
            def: defence::Lines::default(),
            court: court::Lines::default(),
        }
    }

    fn waiting(&self) -> &'a [String] {
        self.s.fx.parties.get(&self.me).map_or(&[], |p| p.waiting.as_slice())
    }

    /// The senators this party may know by name as being somewhere: those
    /// in play and its own waiting ones (never another party's hand).
    fn knowable(&self) -> Vec<&'a str> {
        self.s.fx.senators.keys().map(String::as_str).chain(self.waiting().iter().map(String::as_str)).collect()
    }

    fn owner(&self, a: Ability) -> Option<PartyId> {
        let n = self.s.components.board.sector_of(a)?;
        self.s.fx.sectors.get(&n).and_then(|x| x.owner)
    }

    fn left(&self, r: Resource) -> i32 {
        match r {
            Resource::Money => self.money,
            Resource::Influence => self.influence,
        }
    }

    fn spend(&mut self, r: Resource, n: i32) -> Result<(), Refused> {
        let have = self.left(r);
        if n > have {
            return Err(no(msg!("gd-order-refused-not-enough", resource = resource_msg(r), need = n, have = have.max(0))));
        }
        match r {
            Resource::Money => self.money -= n,
            Resource::Influence => self.influence -= n,
        }
        Ok(())
    }

    /// A senator of the senator file, by name.
    fn senator(&self, t: Option<&Token>) -> Result<String, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-senator-missing")))?;
        match self.s.components.senator(&t.text) {
            Some(sen) => Ok(sen.name.clone()),
            None => Err((msg!("gd-order-refused-unknown-senator", written = t.text.as_str()), text::suggest(&t.text, self.knowable()))),
        }
    }

    fn not_in_play(&self, n: String) -> Refused {
        if self.s.dead.contains(&n) {
            no(msg!("gd-order-refused-senator-dead", senator = n))
        } else {
            no(msg!("gd-order-refused-not-in-play", senator = n))
        }
    }

    /// A senator in play, of any party.
    fn in_play(&self, t: Option<&Token>) -> Result<String, Refused> {
        let n = self.senator(t)?;
        if self.s.fx.senators.contains_key(&n) {
            Ok(n)
        } else {
            Err(self.not_in_play(n))
        }
    }

    /// One of the party's senators in play.
    fn own_in_play(&self, t: Option<&Token>) -> Result<String, Refused> {
        let n = self.senator(t)?;
        match self.s.fx.senators.get(&n) {
            Some(st) if st.party == self.me => Ok(n),
            Some(_) => Err(no(msg!("gd-order-refused-not-your-senator", senator = n))),
            None => Err(self.not_in_play(n)),
        }
    }

    /// Who takes a breach's corruption (G19): the senator named, else the
    /// party's senator with the least corruption (a shadow counting 3),
    /// then by name.
    fn breach_note(&mut self, named: &Option<String>) {
        let on = named.clone().or_else(|| {
            self.s
                .fx
                .senators
                .iter()
                .filter(|(_, st)| st.party == self.me)
                .min_by_key(|(n, st)| (u32::from(st.corruption) + 3 * u32::from(st.shadow), (*n).clone()))
                .map(|(n, _)| n.clone())
        });
        self.notes.push(match on {
            Some(n) => msg!("gd-order-note-corruption", amount = BREACH_CORRUPTION, senator = n),
            None => msg!("gd-order-note-corruption-lost", amount = BREACH_CORRUPTION),
        });
    }

    /// An optional last senator of the party's, after a breach order.
    fn optional_own(&self, c: &mut Cursor) -> Result<Option<String>, Refused> {
        let named = match c.next() {
            Some(t) => Some(self.own_in_play(Some(t))?),
            None => None,
        };
        self.end(c)?;
        Ok(named)
    }

    fn end(&self, c: &Cursor) -> Result<(), Refused> {
        match c.peek() {
            Some(t) => Err(no(msg!("gd-order-refused-extra", written = t.text.as_str()))),
            None => Ok(()),
        }
    }

    /// A ministry skill the party must hold: now, or (in the senate of an
    /// election turn) possibly after the elections.
    fn ministry_skill(&mut self, m: Ministry) -> Result<(), Refused> {
        if self.step != Step::P && self.s.election_due() {
            self.notes.push(msg!("gd-order-note-if-ministry-after-elections", ministry = ministry_msg(m)));
            return Ok(());
        }
        if self.s.holder(m) == Some(self.me) {
            self.notes.push(msg!("gd-order-note-if-ministry", ministry = ministry_msg(m)));
            return Ok(());
        }
        Err(no(msg!("gd-order-refused-no-ministry", ministry = ministry_msg(m))))
    }

    fn party(&self, t: Option<&Token>) -> Result<PartyId, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-party-missing")))?;
        let p = words::party_from_word(self.s, &t.text)
            .ok_or_else(|| (msg!("gd-order-refused-unknown-party", written = t.text.as_str()), text::suggest(&t.text, PartyId::ALL.iter().map(|p| p.sigle()))))?;
        if !self.s.fx.parties.contains_key(&p) {
            return Err(no(msg!("gd-order-refused-party-not-in-game", party = p.sigle())));
        }
        Ok(p)
    }

    fn other_party(&self, t: Option<&Token>) -> Result<PartyId, Refused> {
        let p = self.party(t)?;
        if p == self.me {
            return Err(no(msg!("gd-order-refused-self")));
        }
        Ok(p)
    }

    fn sector(&self, t: Option<&Token>) -> Result<SectorNo, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-sector-missing")))?;
        let n: Option<SectorNo> = t.text.parse().ok();
        n.filter(|n| self.s.components.board.sectors.contains_key(n)).ok_or_else(|| no(msg!("gd-order-refused-unknown-sector", written = t.text.as_str())))
    }

    fn law(&self, t: Option<&Token>) -> Result<Law, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-law-missing")))?;
        Law::from_word(&t.text).ok_or_else(|| (msg!("gd-order-refused-unknown-law", written = t.text.as_str()), text::suggest(&t.text, words::law_words())))
    }

    /// The action of `IMPOT <action>` (the closed list, design note §5).
    fn taxed_action(&self, t: Option<&Token>) -> Result<TaxedAction, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-tax-action-missing")))?;
        TaxedAction::from_word(&t.text)
            .ok_or_else(|| (msg!("gd-order-refused-unknown-tax-action", written = t.text.as_str()), text::suggest(&t.text, words::tax_action_words())))
    }

    /// The law `ENFREINDRE` names: a listed law, or `IMPOT <action>`, the
    /// tax in force on that action.
    fn law_in_force(&self, c: &mut Cursor) -> Result<Law, Refused> {
        if c.eat_keyword(words::TAX).is_none() {
            return self.law(c.next());
        }
        let action = self.taxed_action(c.next())?;
        self.s.tax_on(action).ok_or_else(|| no(msg!("gd-order-refused-no-tax", action = tax_action_name(action))))
    }

    /// The note on an order that carries out `times` taxed actions: the tax
    /// in force on them, counted as spent; or, when the party will not have
    /// the money, the warning that not paying breaks the law (G38).
    pub(super) fn tax_note(&mut self, action: TaxedAction, times: u32) {
        let Some(law @ Law::Tax { amount, .. }) = self.s.tax_on(action) else { return };
        if !self.s.law_binds(law, self.me) || self.laws_defied.contains(&law) {
            return;
        }
        let total = i32::from(amount) * times as i32;
        if self.spend(Resource::Money, total).is_ok() {
            self.notes.push(msg!("gd-order-note-tax", amount = total, law = law_msg(law)));
        } else {
            self.notes.push(msg!("gd-order-note-tax-unpaid", amount = total, law = law_msg(law), corruption = BREACH_CORRUPTION));
        }
    }

    fn ministry(&self, t: Option<&Token>) -> Result<Ministry, Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-ministry-missing")))?;
        Ministry::from_word(&t.text).ok_or_else(|| (msg!("gd-order-refused-unknown-ministry", written = t.text.as_str()), text::suggest(&t.text, Ministry::words())))
    }

    /// An action card of the file, by either name: its French name.
    fn card_name(&self, t: &Token, candidates: Vec<&str>) -> Result<String, Refused> {
        match self.s.components.action(&t.text) {
            Some(a) => Ok(a.name_fr.clone()),
            None => Err((msg!("gd-order-refused-unknown-card", written = t.text.as_str()), text::suggest(&t.text, candidates))),
        }
    }

    /// A card the party holds (less those earlier lines gave or dropped),
    /// taken from what it has left.
    fn card_in_hand(&mut self, t: &Token) -> Result<String, Refused> {
        let hand: Vec<&str> = self.hand.iter().map(String::as_str).collect();
        let c = self.card_name(t, hand)?;
        match self.hand.iter().position(|h| *h == c) {
            Some(i) => {
                self.hand.remove(i);
                Ok(c)
            }
            None => Err(no(msg!("gd-order-refused-card-not-in-hand", card = c))),
        }
    }

    fn agenda_item(&self, t: Option<&Token>) -> Result<(u32, &'a Item), Refused> {
        let t = t.ok_or_else(|| no(msg!("gd-order-refused-item-missing")))?;
        let n = item_no(t).ok_or_else(|| no(msg!("gd-order-refused-item-form", written = t.text.replace(ITEM_MARK, "#"))))?;
        match self.s.agenda.get(n as usize - 1) {
            Some(i) => Ok((n, i)),
            None => Err(no(msg!("gd-order-refused-unknown-item", item = n, count = self.s.agenda.len()))),
        }
    }

    /// `JUSQUA <i>` at the end of a vote line (0 without it), checked
    /// against the per-vote limit (G34); notes what influence is left.
    fn cap(&mut self, c: &mut Cursor, line_with: impl Fn(u32) -> String) -> Result<u32, Refused> {
        let cap = if is(c.peek(), words::UPTO) {
            c.next();
            number(c.next())?
        } else {
            0
        };
        self.end(c)?;
        let limit = self.vote_limit();
        if cap > limit {
            return Err((msg!("gd-order-refused-cap-limit", cap = cap, limit = limit), Some(line_with(limit))));
        }
        let cap_i = i32::try_from(cap).unwrap_or(i32::MAX);
        if cap_i > self.influence {
            self.notes.push(msg!("gd-order-note-cap-clipped", left = self.influence.max(0)));
        }
        self.influence = (self.influence - cap_i).max(0);
        if cap > 0 {
            self.notes.push(msg!("gd-order-note-influence-left", left = self.influence));
        }
        Ok(cap)
    }

    fn vote_limit(&self) -> u32 {
        vote_limit(self.s, self.me)
    }

    fn once<T: Ord>(set: &mut BTreeSet<T>, v: T, refused: Msg) -> Result<(), Refused> {
        if set.insert(v) {
            Ok(())
        } else {
            Err(no(refused))
        }
    }

    // ---- One line per word.

    fn bank(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let n = count(c.next())?;
        let buy = c.next().and_then(|t| words::resource_from_word(&t.text)).ok_or_else(|| no(msg!("gd-order-refused-resource")))?;
        self.end(c)?;
        let pay = if buy == Resource::Money { Resource::Influence } else { Resource::Money };
        self.spend(pay, 3 * i32::from(n))?;
        self.notes.push(msg!("gd-order-note-cost", amount = 3 * i32::from(n), resource = resource_msg(pay)));
        let after = self.left(buy) + i32::from(n);
        if after > i32::from(RESOURCE_MAX) {
            self.notes.push(msg!("gd-order-note-wasted", lost = after - i32::from(RESOURCE_MAX), resource = resource_msg(buy)));
        }
        match buy {
            Resource::Money => self.money = after.min(i32::from(RESOURCE_MAX)),
            Resource::Influence => self.influence = after.min(i32::from(RESOURCE_MAX)),
        }
        Ok(Order::Bank { buy, amount: n })
    }

    /// One item of a trade; `giving`: the party gives it (it must hold it).
    fn goods(&mut self, c: &mut Cursor, with: PartyId, giving: bool) -> Result<Goods, Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-trade-item")))?;
        if is(Some(t), words::SECTOR) {
            let sector = self.sector(c.next())?;
            let owner = self.s.fx.sectors.get(&sector).and_then(|x| x.owner);
            let holder = if giving { self.me } else { with };
            if owner != Some(holder) || (giving && !self.given_sectors.insert(sector)) {
                return Err(no(msg!("gd-order-refused-sector-not-held", sector = sector, party = holder.sigle())));
            }
            return Ok(Goods::Sector { sector });
        }
        if is(Some(t), words::SENATOR) {
            let name = self.senator(c.next())?;
            if giving {
                let mine_in_play = self.s.fx.senators.get(&name).is_some_and(|st| st.party == self.me);
                if !(mine_in_play || self.waiting().contains(&name)) || !self.given_senators.insert(name.clone()) {
                    return Err(no(msg!("gd-order-refused-not-yours-to-give", senator = name)));
                }
            } else if self.s.dead.contains(&name) {
                return Err(no(msg!("gd-order-refused-senator-dead", senator = name)));
            } else if self.s.fx.senators.get(&name).is_some_and(|st| st.party != with) {
                return Err(no(msg!("gd-order-refused-senator-of-other", senator = name, party = with.sigle())));
            }
            return Ok(Goods::Senator { name });
        }
        if is(Some(t), words::CARD) {
            let ct = c.next().ok_or_else(|| no(msg!("gd-order-refused-card-missing")))?;
            let name = if giving {
                self.card_in_hand(ct)?
            } else {
                let all: Vec<&str> = self.s.components.actions.iter().map(|a| a.name_fr.as_str()).collect();
                self.card_name(ct, all)?
            };
            return Ok(Goods::Card { name });
        }
        if is(Some(t), words::FLEETS) {
            let n = count(c.next())?;
            let sector = self.sector(c.next())?;
            let holder = if giving { self.me } else { with };
            let have = if giving { self.fleets_at.get(&sector).copied().unwrap_or(0) } else { self.s.fleets.get(&sector).and_then(|m| m.get(&with)).copied().unwrap_or(0) };
            if n > have {
                return Err(no(msg!("gd-order-refused-fleets-there", party = holder.sigle(), have = have, sector = sector)));
            }
            if giving {
                self.fleets_at.insert(sector, have - n);
            }
            return Ok(Goods::Fleets { count: n, sector });
        }
        // `<n> ARGENT|INFLUENCE`.
        let n = count(Some(t))?;
        let resource = c.next().and_then(|t| words::resource_from_word(&t.text)).ok_or_else(|| no(msg!("gd-order-refused-resource")))?;
        if giving {
            self.spend(resource, i32::from(n))?;
        }
        Ok(Goods::Resource { resource, amount: n })
    }

    fn goods_list(&mut self, c: &mut Cursor, with: PartyId, giving: bool) -> Result<Vec<Goods>, Refused> {
        let mut v = vec![self.goods(c, with, giving)?];
        while is(c.peek(), words::AND) {
            c.next();
            v.push(self.goods(c, with, giving)?);
        }
        Ok(v)
    }

    fn trade(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let with = self.other_party(c.next())?;
        let mut give = Vec::new();
        let mut get = Vec::new();
        if is(c.peek(), words::GIVE) {
            c.next();
            give = self.goods_list(c, with, true)?;
        }
        if is(c.peek(), words::GET) {
            c.next();
            get = self.goods_list(c, with, false)?;
        }
        self.end(c)?;
        if give.is_empty() && get.is_empty() {
            return Err(no(msg!("gd-order-refused-trade-empty")));
        }
        // "Libre-échange d'accord" (binding either side): resources, fleets
        // and sectors change hands only in the senate, ratified by a vote.
        let ratified = give.iter().chain(&get).any(|g| matches!(g, Goods::Resource { .. } | Goods::Sector { .. } | Goods::Fleets { .. }));
        if ratified && (self.s.law_binds(Law::FreeTrade, self.me) || self.s.law_binds(Law::FreeTrade, with)) {
            if self.step != Step::S1 {
                return Err(no(msg!("gd-order-refused-free-trade")));
            }
            self.notes.push(msg!("gd-order-note-free-trade"));
        }
        self.notes.push(msg!("gd-order-note-mirror", party = with.sigle()));
        Ok(Order::Trade { with, give, get })
    }

    fn deal(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let with = self.other_party(c.next())?;
        let terms = c.next().map(|t| t.text.trim().to_string()).filter(|t| !t.is_empty()).ok_or_else(|| no(msg!("gd-order-refused-terms-missing")))?;
        let turns = if is(c.peek(), words::TURNS) {
            c.next();
            Some(count(c.next())?)
        } else {
            None
        };
        self.end(c)?;
        // A promise made is printed in every party's report: a bound per
        // party and step (RULINGS, "Floods").
        let max = self.s.settings.max_deals.max(1);
        if self.deals_made >= max {
            return Err(no(msg!("gd-order-refused-too-many-deals", max = max)));
        }
        self.deals_made += 1;
        self.notes.push(msg!("gd-order-note-deal", party = with.sigle()));
        Ok(Order::Deal { with, terms, turns })
    }

    fn break_deal(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let t = c.next().ok_or_else(|| no(msg!("gd-order-refused-deal-missing")))?;
        let n: Option<u32> = t.text.trim_start_matches(['A', 'a']).parse().ok();
        let deal = n.and_then(|n| self.s.deals.iter().find(|d| d.number == n)).ok_or_else(|| no(msg!("gd-order-refused-unknown-deal", written = t.text.as_str())))?;
        if !deal.parties.contains(&self.me) {
            return Err(no(msg!("gd-order-refused-not-your-deal", deal = deal.number)));
        }
        if deal.broken.is_some() || self.deals_broken.contains(&deal.number) {
            return Err(no(msg!("gd-order-refused-deal-broken", deal = deal.number)));
        }
        // Ratified by the galactic court: "On ne permet à aucun joueur
        // d'annuler ce nouvel accord" (#29).
        if super::super::court::ratified(self.s, deal.number).is_some() {
            return Err(no(msg!("gd-law-refused-deal-ratified", deal = deal.number)));
        }
        let senator = self.optional_own(c)?;
        self.deals_broken.insert(deal.number);
        if super::super::rebellion::deal_binds(self.s, deal) {
            self.breach_note(&senator);
        } else {
            self.notes.push(msg!("gd-rebel-note-deal-free"));
        }
        Ok(Order::BreakDeal { deal: deal.number, senator })
    }

    fn defy(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let law = self.law_in_force(c)?;
        if !self.s.law_binds(law, self.me) || self.laws_defied.contains(&law) {
            return Err(no(msg!("gd-order-refused-law-not-binding", law = law_msg(law))));
        }
        let senator = self.optional_own(c)?;
        self.laws_defied.insert(law);
        self.breach_note(&senator);
        self.notes.push(msg!("gd-order-note-law-void", law = law_msg(law)));
        Ok(Order::Defy { law, senator })
    }

    fn shadow(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let senator = self.own_in_play(c.next())?;
        self.end(c)?;
        let left = self.corruption.get(&senator).copied().unwrap_or(0);
        if left < SHADOW_CORRUPTION {
            return Err(no(msg!("gd-order-refused-shadow", senator = senator, corruption = left)));
        }
        self.corruption.insert(senator.clone(), left - SHADOW_CORRUPTION);
        Ok(Order::Shadow { senator })
    }

    fn call_election(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        self.end(c)?;
        if self.election_called {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.ministry_skill(Ministry::PrimeMinister)?;
        self.election_called = true;
        self.notes.push(msg!("gd-order-note-election-call"));
        Ok(Order::CallElection)
    }

    fn candidate(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let ministry = self.ministry(c.next())?;
        let mut senators: Vec<String> = Vec::new();
        while let Some(t) = c.next() {
            let n = self.own_in_play(Some(t))?;
            if senators.contains(&n) {
                return Err(no(msg!("gd-order-refused-named-twice", name = n)));
            }
            senators.push(n);
        }
        if senators.is_empty() {
            return Err(no(msg!("gd-order-refused-senator-missing")));
        }
        Self::once(&mut self.candidacies, ministry, msg!("gd-order-refused-candidate-twice", ministry = ministry_msg(ministry)))?;
        if !self.s.election_due() {
            self.notes.push(msg!("gd-order-note-only-if-election"));
        }
        Ok(Order::Candidate { ministry, senators })
    }

    fn election_order(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut v = Vec::new();
        while let Some(t) = c.next() {
            v.push(self.ministry(Some(t))?);
        }
        let distinct: BTreeSet<Ministry> = v.iter().copied().collect();
        let order: [Ministry; 4] = v
            .clone()
            .try_into()
            .ok()
            .filter(|_| distinct.len() == 4 && !distinct.contains(&Ministry::PrimeMinister))
            .ok_or_else(|| no(msg!("gd-order-refused-election-order")))?;
        if std::mem::replace(&mut self.election_order, true) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.notes.push(msg!("gd-order-note-election-order"));
        Ok(Order::ElectionOrder { order })
    }

    fn proposal(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let taxes = self.s.settings.taxes;
        if is(c.peek(), words::FREE_PROPOSAL) && self.s.settings.free_proposals {
            c.next();
            return self.free_proposal(c);
        }
        if is(c.peek(), words::FREE_PROPOSAL) || (!taxes && is(c.peek(), words::TAX)) {
            return Err(no(msg!("gd-order-refused-listed-laws-only", taxes = if taxes { "yes" } else { "no" })));
        }
        let law = if c.eat_keyword(words::TAX).is_some() {
            let action = self.taxed_action(c.next())?;
            let amount = number(c.next())?;
            if amount == 0 || amount > u32::from(RESOURCE_MAX) {
                return Err(no(msg!("gd-order-refused-tax-amount", max = RESOURCE_MAX)));
            }
            Law::Tax { action, amount: amount as u8 }
        } else {
            self.law(c.next())?
        };
        let turns = self.law_turns(c)?;
        Self::once(&mut self.proposed, law, msg!("gd-order-refused-law-proposed-twice", law = law_msg(law)))?;
        if self.s.laws.iter().any(|l| l.law == law && l.until >= self.s.game_turn) {
            self.notes.push(msg!("gd-order-note-law-extends", law = law_msg(law)));
        } else if let Law::Tax { action, .. } = law {
            if let Some(old) = self.s.tax_on(action) {
                self.notes.push(msg!("gd-order-note-tax-replaces", law = law_msg(old)));
            }
        }
        if self.s.ministries.is_empty() && !self.s.election_due() {
            self.notes.push(msg!("gd-order-note-no-chair"));
        }
        Ok(Order::Propose { law, turns: turns as u8 })
    }

    /// A proposal's end: `[DUREE <n>]` (2 without it, "pour 2 tours"),
    /// 1 ≤ n ≤ `duree_max_loi`, and nothing after it.
    fn law_turns(&self, c: &mut Cursor) -> Result<u32, Refused> {
        let max = self.s.settings.max_law_turns.max(1);
        let turns = if is(c.peek(), words::TURNS) {
            c.next();
            number(c.next())?
        } else {
            u32::from(DEFAULT_LAW_TURNS.min(max))
        };
        self.end(c)?;
        if turns == 0 || turns > u32::from(max) {
            return Err(no(msg!("gd-order-refused-law-turns", max = max)));
        }
        Ok(turns)
    }

    fn fleet_group(&self, toks: &[Token]) -> Result<FleetGroup, Refused> {
        let mut c = Cursor::new(toks);
        let to = self.sector(c.next())?;
        let count = count(c.next())?;
        let mut g = FleetGroup { to, count, from: None, attack: false, admiral: None };
        while let Some(t) = c.next() {
            if is(Some(t), words::FROM) && g.from.is_none() {
                g.from = Some(self.sector(c.next())?);
            } else if is(Some(t), words::ATTACK) && !g.attack {
                g.attack = true;
            } else if is(Some(t), words::ADMIRAL) && g.admiral.is_none() {
                let a = self.in_play(c.next())?;
                if self.s.fx.senators.get(&a).is_some_and(|st| st.seduced) || super::super::rebellion::is_rebel_senator(self.s, &a) {
                    return Err(no(msg!("gd-order-refused-not-in-senate", senator = a)));
                }
                g.admiral = Some(a);
            } else {
                return Err(no(msg!("gd-order-refused-extra", written = t.text.as_str())));
            }
        }
        if g.attack && !self.s.fx.sectors.get(&to).is_some_and(|x| x.infested) && !super::super::rebellion::rebel_sector(self.s, to) {
            return Err(no(msg!("gd-order-refused-attack", sector = to)));
        }
        Ok(g)
    }

    fn republic_fleet(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        // In B: the Defence minister's corrupt redeployment (orders/defence.rs).
        if self.step == Step::B {
            return self.redeploy(c);
        }
        let mut out = Vec::new();
        for g in split_groups(c) {
            out.push(self.fleet_group(&g)?);
        }
        self.republic_groups_fit(&out, &self.s.republic_at)?;
        Ok(Order::FleetProposal { groups: out })
    }

    /// The Republic's fleets a list of groups sends: some, at most what
    /// the Republic has, in all and where a group takes them from.
    fn republic_groups_fit(&self, out: &[FleetGroup], at: &BTreeMap<SectorNo, u8>) -> Result<(), Refused> {
        if out.is_empty() {
            return Err(no(msg!("gd-order-refused-fleet-group")));
        }
        // The Republic's fleets: in all, and where a group takes them from.
        let total: u32 = out.iter().map(|g| u32::from(g.count)).sum();
        let have = u32::from(self.s.fx.republic_fleets);
        if total > have {
            return Err(no(msg!("gd-order-refused-republic-fleets", want = total, have = have)));
        }
        let mut by_origin: BTreeMap<SectorNo, u32> = BTreeMap::new();
        for g in out {
            if let Some(f) = g.from {
                *by_origin.entry(f).or_default() += u32::from(g.count);
            }
        }
        for (f, want) in by_origin {
            let there = u32::from(at.get(&f).copied().unwrap_or(0));
            if want > there {
                return Err(no(msg!("gd-order-refused-republic-fleets-at", want = want, have = there, sector = f)));
            }
        }
        Ok(())
    }

    /// A senator who may be tried this turn: in play, not tried yet.
    fn triable(&self, t: Option<&Token>) -> Result<String, Refused> {
        let n = self.in_play(t)?;
        if self.s.tried.contains(&n) {
            return Err(no(msg!("gd-order-refused-already-tried", senator = n)));
        }
        if super::super::rebellion::is_rebel_senator(self.s, &n) {
            return Err(no(msg!("gd-rebel-refused-sheltered", senator = n)));
        }
        Ok(n)
    }

    fn indictment(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let senator = self.triable(c.next())?;
        self.end(c)?;
        Self::once(&mut self.indicted, senator.clone(), msg!("gd-order-refused-named-twice", name = senator.as_str()))?;
        self.notes.push(msg!("gd-order-note-paid-if-passes", amount = TRIAL_COST));
        Ok(Order::Indict { senator })
    }

    fn prosecute(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut senators: Vec<String> = Vec::new();
        while let Some(t) = c.next() {
            let n = self.triable(Some(t))?;
            if senators.contains(&n) || self.prosecuted.contains(&n) {
                return Err(no(msg!("gd-order-refused-named-twice", name = n)));
            }
            senators.push(n);
        }
        if senators.is_empty() {
            return Err(no(msg!("gd-order-refused-senator-missing")));
        }
        self.ministry_skill(Ministry::Justice)?;
        let cost = i32::from(TRIAL_COST) * senators.len() as i32;
        self.spend(Resource::Influence, cost)?;
        self.notes.push(msg!("gd-order-note-cost", amount = cost, resource = resource_msg(Resource::Influence)));
        self.prosecuted.extend(senators.iter().cloned());
        Ok(Order::Prosecute { senators })
    }

    fn audit(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let senator = self.in_play(c.next())?;
        self.end(c)?;
        if self.s.audited.contains(&senator) {
            return Err(no(msg!("gd-order-refused-already-audited", senator = senator)));
        }
        if super::super::rebellion::is_rebel_senator(self.s, &senator) {
            return Err(no(msg!("gd-rebel-refused-sheltered", senator = senator)));
        }
        if self.audited.contains(&senator) {
            return Err(no(msg!("gd-order-refused-named-twice", name = senator)));
        }
        self.ministry_skill(Ministry::Finance)?;
        self.spend(Resource::Influence, i32::from(MINISTRY_SKILL_COST))?;
        self.notes.push(msg!("gd-order-note-cost", amount = MINISTRY_SKILL_COST, resource = resource_msg(Resource::Influence)));
        self.audited.insert(senator.clone());
        Ok(Order::Audit { senator })
    }

    fn vote(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let first = c.peek().ok_or_else(|| no(msg!("gd-order-refused-vote-form")))?;
        if item_no(first).is_some() && first.text.starts_with([ITEM_MARK, '#']) {
            return self.vote_item(c);
        }
        if is(Some(first), words::FLEET) {
            c.next();
            return self.vote_fleet(c);
        }
        if Ministry::from_word(&first.text).is_some() {
            return self.vote_post(c);
        }
        let mut all = vec!["FLOTTE", "FLEET"];
        all.extend(Ministry::words());
        Err((msg!("gd-order-refused-vote-form"), text::suggest(&first.text, all)))
    }

    fn vote_item(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let (item, it) = self.agenda_item(c.next())?;
        if matches!(it, Item::Fleet { .. }) {
            return Err((msg!("gd-order-refused-fleet-item", item = item), Some(format!("VOTE FLOTTE #{item}"))));
        }
        let for_it = if is(c.peek(), words::FOR) {
            true
        } else if is(c.peek(), words::AGAINST) {
            false
        } else {
            return Err((msg!("gd-order-refused-for-against"), Some(format!("VOTE #{item} POUR"))));
        };
        c.next();
        let cap = self.cap(c, |l| format!("VOTE #{item} {} JUSQUA {l}", if for_it { "POUR" } else { "CONTRE" }))?;
        Self::once(&mut self.votes, item, msg!("gd-order-refused-voted-twice", item = item))?;
        Ok(Order::VoteItem { item, for_it, cap })
    }

    fn vote_fleet(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut ranking: Vec<Option<u32>> = Vec::new();
        while c.peek().is_some() && !is(c.peek(), words::UPTO) {
            let t = c.peek();
            let choice = if is(t, words::NONE) {
                c.next();
                None
            } else {
                let (n, it) = self.agenda_item(c.next())?;
                if !matches!(it, Item::Fleet { .. }) {
                    return Err(no(msg!("gd-order-refused-not-fleet-item", item = n)));
                }
                Some(n)
            };
            if ranking.contains(&choice) {
                return Err(no(msg!("gd-order-refused-ranked-twice")));
            }
            ranking.push(choice);
        }
        if ranking.is_empty() {
            return Err(no(msg!("gd-order-refused-ballot-empty")));
        }
        let shown = words::line_in(self.s, &Order::VoteFleet { ranking: ranking.clone(), cap: 0 }, false);
        let cap = self.cap(c, |l| format!("{shown} JUSQUA {l}"))?;
        if std::mem::replace(&mut self.fleet_vote, true) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        Ok(Order::VoteFleet { ranking, cap })
    }

    fn vote_post(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let ministry = self.ministry(c.next())?;
        if !self.s.election_due() {
            return Err(no(msg!("gd-order-refused-no-election")));
        }
        let filed = |p: PartyId| self.s.filings.candidacies.get(&p).and_then(|m| m.get(&ministry));
        let mut choices: Vec<PostChoice> = Vec::new();
        while c.peek().is_some() && !is(c.peek(), words::UPTO) {
            let t = c.next();
            let choice = if is(t, words::VACANT) {
                PostChoice::Vacant
            } else if let Some(p) = t.and_then(|t| words::party_from_word(self.s, &t.text)) {
                if filed(p).is_none_or(|v| v.is_empty()) {
                    return Err(no(msg!("gd-order-refused-no-candidate", party = p.sigle(), ministry = ministry_msg(ministry))));
                }
                PostChoice::Party { party: p }
            } else {
                let n = self.senator(t)?;
                if !self.s.filings.candidacies.values().any(|m| m.get(&ministry).is_some_and(|v| v.contains(&n))) {
                    return Err(no(msg!("gd-order-refused-not-candidate", senator = n, ministry = ministry_msg(ministry))));
                }
                PostChoice::Senator { name: n }
            };
            if choices.contains(&choice) {
                return Err(no(msg!("gd-order-refused-ranked-twice")));
            }
            choices.push(choice);
        }
        if choices.is_empty() {
            return Err(no(msg!("gd-order-refused-ballot-empty")));
        }
        let shown = words::line_in(self.s, &Order::VotePost { ministry, choices: choices.clone(), cap: 0 }, false);
        let cap = self.cap(c, |l| format!("{shown} JUSQUA {l}"))?;
        Self::once(&mut self.posts, ministry, msg!("gd-order-refused-post-twice", ministry = ministry_msg(ministry)))?;
        Ok(Order::VotePost { ministry, choices, cap })
    }

    fn veto(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let (item, it) = self.agenda_item(c.next())?;
        self.end(c)?;
        if !general(it) {
            return Err(no(msg!("gd-order-refused-not-general-item", item = item)));
        }
        if self.vetoes.contains(&item) {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.ministry_skill(Ministry::PrimeMinister)?;
        self.spend(Resource::Influence, i32::from(MINISTRY_SKILL_COST))?;
        self.notes.push(msg!("gd-order-note-cost", amount = MINISTRY_SKILL_COST, resource = resource_msg(Resource::Influence)));
        self.vetoes.insert(item);
        Ok(Order::Veto { item })
    }

    fn agenda(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut items = Vec::new();
        while c.peek().is_some() {
            let (n, it) = self.agenda_item(c.next())?;
            if !general(it) {
                return Err(no(msg!("gd-order-refused-not-general-item", item = n)));
            }
            if items.contains(&n) {
                return Err(no(msg!("gd-order-refused-ranked-twice")));
            }
            items.push(n);
        }
        if items.is_empty() {
            return Err(no(msg!("gd-order-refused-item-missing")));
        }
        if self.agenda {
            return Err(no(msg!("gd-order-refused-twice")));
        }
        self.ministry_skill(Ministry::PrimeMinister)?;
        self.agenda = true;
        Ok(Order::Agenda { items })
    }

    fn fleet_price(&self, base: i32) -> i32 {
        if self.owner(Ability::RemiseAmical) == Some(self.me) {
            (base - FRIENDLY_DISCOUNT).max(0)
        } else {
            base
        }
    }

    fn buy(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        if c.eat_keyword(words::REPUBLIC_FLEET).is_some() {
            let n = count(c.next())?;
            self.end(c)?;
            let room = u32::from(REPUBLIC_MAX).saturating_sub(u32::from(self.s.fx.republic_fleets) + self.republic_bought);
            if u32::from(n) > room {
                return Err(no(msg!("gd-order-refused-republic-cap", want = n, room = room)));
            }
            let cost = self.fleet_price(REPUBLIC_PRICE) * i32::from(n);
            self.spend(Resource::Money, cost)?;
            self.republic_bought += u32::from(n);
            self.notes.push(msg!("gd-order-note-cost", amount = cost, resource = resource_msg(Resource::Money)));
            self.notes.push(msg!("gd-order-note-republic-room"));
            return Ok(Order::BuyRepublic { count: n });
        }
        if !is(c.peek(), words::FLEET) {
            return Err(no(msg!("gd-order-refused-buy-what")));
        }
        c.next();
        let own = self.s.sectors_of(self.me);
        let mut at: Vec<(u8, SectorNo)> = Vec::new();
        while c.peek().is_some() {
            let n = count(c.next())?;
            let sector = self.sector(c.next())?;
            if !own.is_empty() && !own.contains(&sector) {
                return Err(no(msg!("gd-order-refused-not-your-sector", sector = sector)));
            }
            // A party without a sector places them anywhere not infested.
            if own.is_empty() && self.s.fx.sectors.get(&sector).is_some_and(|x| x.infested) {
                return Err(no(msg!("gd-order-refused-infested", sector = sector)));
            }
            at.push((n, sector));
        }
        if at.is_empty() {
            return Err(no(msg!("gd-order-refused-buy-what")));
        }
        let want: u32 = at.iter().map(|(n, _)| u32::from(*n)).sum();
        let room = u32::from(FLEETS_MAX).saturating_sub(self.s.fleets_of(self.me) + self.fleets_bought);
        if want > room {
            return Err(no(msg!("gd-order-refused-fleet-cap", want = want, room = room)));
        }
        let cost = self.fleet_price(FLEET_PRICE) * want as i32;
        self.spend(Resource::Money, cost)?;
        self.fleets_bought += want;
        self.notes.push(msg!("gd-order-note-cost", amount = cost, resource = resource_msg(Resource::Money)));
        self.tax_note(TaxedAction::FleetBought, want);
        Ok(Order::BuyFleets { at })
    }

    fn recruit(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let senator = self.senator(c.next())?;
        self.end(c)?;
        if !self.waiting().contains(&senator) || self.given_senators.contains(&senator) {
            return Err(no(msg!("gd-order-refused-not-waiting", senator = senator)));
        }
        if self.recruits.contains(&senator) {
            return Err(no(msg!("gd-order-refused-named-twice", name = senator)));
        }
        let card = self.s.components.senator(&senator);
        let mut cost = card.map_or(0, |x| i32::from(x.cost));
        if card.and_then(|x| x.party) == Some(self.me) {
            cost -= ICON_DISCOUNT;
        }
        let recruited_before = self.s.recruited.iter().any(|n| self.s.fx.senators.get(n).is_some_and(|st| st.party == self.me));
        if self.owner(Ability::PersuasionDOpiace) == Some(self.me) && self.recruits.is_empty() && !recruited_before {
            cost -= OPIATE_DISCOUNT;
        }
        let cost = cost.max(0);
        self.spend(Resource::Money, cost)?;
        self.recruits.push(senator.clone());
        self.notes.push(msg!("gd-order-note-cost", amount = cost, resource = resource_msg(Resource::Money)));
        self.tax_note(TaxedAction::Recruit, 1);
        self.notes.push(msg!("gd-order-note-acts-next-turn"));
        Ok(Order::Recruit { senator })
    }

    fn discard(&mut self, c: &mut Cursor) -> Result<Order, Refused> {
        let mut cards = Vec::new();
        while let Some(t) = c.next() {
            cards.push(self.card_in_hand(t)?);
        }
        if cards.is_empty() {
            return Err(no(msg!("gd-order-refused-card-missing")));
        }
        self.notes.push(msg!("gd-order-note-hand-limit"));
        Ok(Order::Discard { cards })
    }

    /// One line: its order, or why not.
    fn line(&mut self, w: Word, c: &mut Cursor) -> Result<Order, Refused> {
        self.outside_senate(w)?;
        match w {
            Word::Pass => self.end(c).map(|_| Order::Pass),
            Word::Bank => self.bank(c),
            Word::Trade => self.trade(c),
            Word::Deal => self.deal(c),
            Word::Break => self.break_deal(c),
            Word::Defy => self.defy(c),
            Word::Shadow => self.shadow(c),
            Word::Election => self.call_election(c),
            Word::Candidate => self.candidate(c),
            Word::ElectionOrder => self.election_order(c),
            Word::Proposal => self.proposal(c),
            Word::RepublicFleet => self.republic_fleet(c),
            Word::Indictment => self.indictment(c),
            Word::Prosecute => self.prosecute(c),
            Word::Audit => self.audit(c),
            Word::Vote => self.vote(c),
            Word::Veto => self.veto(c),
            Word::Agenda => self.agenda(c),
            Word::Buy => self.buy(c),
            Word::Recruit => self.recruit(c),
            Word::Discard => self.discard(c),
            Word::Campaign => self.campaign(c),
            Word::Influence => self.influence(c),
            Word::Unconstitutional => self.unconstitutional(c),
            Word::Sue => self.sue(c),
            Word::DefendSuit => self.defend_suit(c),
            Word::NotYet => Err(no(msg!("gd-order-refused-not-yet"))),
            Word::Assassinate => self.assassinate(c),
            Word::Protect => self.standing(c, true),
            Word::Back => self.standing(c, false),
            Word::Invade => self.invade(c),
            Word::Defend => self.defend(c),
            Word::Retreat => self.retreat(c),
            Word::Feint => self.feint(c),
            Word::Spy => self.spy(c),
            Word::Sabotage => self.sabotage(c),
            Word::Cleanse => self.cleanse(c),
            Word::BlackMarket => self.black_market(c),
            Word::Augury => self.augury(c),
            Word::Indulgence => self.indulgence(c),
            Word::Corrupt => self.corrupt_skill(c),
            Word::Reroll => self.reroll(c),
            Word::Hits => self.hits(c),
            Word::Rebel => self.rebel(c),
            Word::Peace => self.peace(c),
            Word::PlayCard => self.play_card(c),
            Word::Answer => self.answer(c),
            Word::NoAnswers => self.end(c).map(|_| Order::NoAnswers),
        }
    }
}

/// "Total de voix" (G34): what a party may spend on one vote, as the
/// acknowledgement checks a `JUSQUA` against it — the very limit S2's vote
/// clips a cap to (`senate::voting::strength_and_limit`): the printed
/// diplomacy of its senators in the senate with the modifiers in force, +1
/// for the Interior minister, +1 each for the owner of "Voix autoritaire"
/// (sector 1); seduced ones excluded, corruption not deducted, never below 0.
pub fn vote_limit(s: &GdState, party: PartyId) -> u32 {
    voting::strength_and_limit(s, party).1
}

/// The first keyword of a line (the longest that matches, multi-word ones
/// written with spaces too), whether it was written in English, and the
/// cursor after it.
fn first_word<'t>(toks: &'t [Token]) -> Option<(Word, bool, Cursor<'t>)> {
    let mut best: Option<(Word, bool, Cursor<'t>)> = None;
    let mut consider = |w: Word, fr: &str, en: &str| {
        for (alias, english) in [(fr, false), (en, true)] {
            let mut c = Cursor::new(toks);
            if c.eat_keyword(&[alias]).is_some() && best.as_ref().is_none_or(|(_, _, b)| c.pos() > b.pos()) {
                best = Some((w, english && fr != en, c));
            }
        }
    };
    for (w, fr, en, _) in words::WORDS {
        consider(*w, fr, en);
    }
    for (fr, en) in words::NOT_YET {
        consider(Word::NotYet, fr, en);
    }
    best
}

fn step_of(s: &GdState) -> Option<Step> {
    match s.phase {
        Phase::Filing => Some(Step::S1),
        Phase::Voting => Some(Step::S2),
        // An F window takes the invasion windows' orders, B′ B's.
        Phase::Invasions { .. } | Phase::Feints { .. } => Some(Step::I),
        Phase::Battles | Phase::BattlesAgain => Some(Step::B),
        Phase::Campaigns { .. } => Some(Step::C),
        Phase::Canvass => Some(Step::K),
        Phase::Purchases => Some(Step::P),
        Phase::Registration | Phase::Over => None,
    }
}

pub fn parse(state: &GdState, family: &FamilyKey, lines: &[OrderLine]) -> ParsedOrders<Orders> {
    if family == crate::game::GAME_MASTER {
        return mj::parse(state, lines);
    }
    let mut orders = Orders::default();
    let me = state.party_of(family);
    let step = step_of(state);
    let mut check = me.zip(step).map(|(me, step)| Check::new(state, me, step));
    let mut verdicts = Vec::with_capacity(lines.len());
    for line in lines {
        let toks = tokens(&line.text);
        let verdict = match (first_word(&toks), &mut check) {
            (None, _) => {
                let written = toks.first().map_or(String::new(), |t| t.text.clone());
                LineVerdict::rejected(line, msg!("gd-order-refused-unknown-order", written = written.as_str()), text::suggest(&written, words::all_keywords()))
            }
            (Some((w, en, mut c)), Some(check)) => {
                let steps = words::steps_of(w);
                if w != Word::NotYet && !steps.contains(&check.step) {
                    let order = toks[..c.pos()].iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
                    LineVerdict::rejected(line, msg!("gd-order-refused-wrong-step", order = order, steps = steps_text(steps)), None)
                } else {
                    check.english = en;
                    match check.line(w, &mut c) {
                        Ok(o) => {
                            let canonical = words::line_in(state, &o, false);
                            orders.lines.push(o);
                            LineVerdict::accepted_with(line, canonical, std::mem::take(&mut check.notes))
                        }
                        Err((why, suggestion)) => {
                            check.notes.clear();
                            let suggestion = suggestion.or_else(|| Some(words::form(w, en).to_string()).filter(|f| !f.is_empty()));
                            LineVerdict::rejected(line, why, suggestion)
                        }
                    }
                }
            }
            (Some(_), None) => {
                let why = match (me, state.phase) {
                    (None, _) => msg!("gd-order-refused-not-a-party"),
                    (_, Phase::Over) => msg!("gd-order-refused-over"),
                    _ => msg!("gd-order-refused-not-started"),
                };
                LineVerdict::rejected(line, why, None)
            }
        };
        verdicts.push(verdict);
    }
    ParsedOrders { orders, verdicts }
}

/// The lines that, parsed again, give these orders (the simulated players'
/// mail, in canonical French).
pub fn lines(state: &GdState, orders: &Orders) -> Vec<String> {
    lines_in(state, orders, false)
}

/// The lines of `orders` with the English keywords if `en` (an English
/// reader's order form), the canonical French ones otherwise; both parse
/// back to the same orders.
pub fn lines_in(state: &GdState, orders: &Orders, en: bool) -> Vec<String> {
    orders.lines.iter().map(|o| words::line_in(state, o, en)).collect()
}

/// One sample of every message of this module, for the catalogue check
/// (`tests/messages.rs`).
pub fn samples() -> Vec<Msg> {
    let law = law_msg(Law::FreeTrade);
    let ministry = ministry_msg(Ministry::Justice);
    let money = resource_msg(Resource::Money);
    let mut v = vec![
        msg!("gd-order-refused-not-a-party"),
        msg!("gd-order-refused-not-started"),
        msg!("gd-order-refused-over"),
        msg!("gd-order-refused-unknown-order", written = "XX"),
        msg!("gd-order-refused-wrong-step", order = "VOTE", steps = "S2"),
        msg!("gd-order-refused-not-yet"),
        msg!("gd-order-refused-free-laws"),
        msg!("gd-order-refused-listed-laws-only", taxes = "no"),
        msg!("gd-order-refused-listed-laws-only", taxes = "yes"),
        msg!("gd-order-refused-tax-action-missing"),
        msg!("gd-order-refused-unknown-tax-action", written = "XX"),
        msg!("gd-order-refused-no-tax", action = tax_action_name(TaxedAction::Campaign)),
        msg!("gd-order-refused-tax-amount", max = RESOURCE_MAX),
        msg!("gd-order-note-tax", amount = 4, law = law_msg(Law::Tax { action: TaxedAction::FleetBought, amount: 2 })),
        msg!("gd-order-note-tax-unpaid", amount = 4, law = law_msg(Law::Tax { action: TaxedAction::FleetBought, amount: 2 }), corruption = BREACH_CORRUPTION),
        msg!("gd-order-note-tax-replaces", law = law_msg(Law::Tax { action: TaxedAction::FleetBought, amount: 2 })),
        msg!("gd-order-refused-number", written = "X"),
        msg!("gd-order-refused-zero"),
        msg!("gd-order-refused-too-many", written = 300),
        msg!("gd-order-refused-extra", written = "X"),
        msg!("gd-order-refused-resource"),
        msg!("gd-order-refused-not-enough", resource = money.clone(), need = 6, have = 2),
        msg!("gd-order-refused-party-missing"),
        msg!("gd-order-refused-unknown-party", written = "XX"),
        msg!("gd-order-refused-party-not-in-game", party = "PPF"),
        msg!("gd-order-refused-self"),
        msg!("gd-order-refused-senator-missing"),
        msg!("gd-order-refused-unknown-senator", written = "XX"),
        msg!("gd-order-refused-senator-dead", senator = "Fola"),
        msg!("gd-order-refused-not-in-play", senator = "Fola"),
        msg!("gd-order-refused-not-your-senator", senator = "Fola"),
        msg!("gd-order-refused-not-in-senate", senator = "Fola"),
        msg!("gd-order-refused-sector-missing"),
        msg!("gd-order-refused-unknown-sector", written = "99"),
        msg!("gd-order-refused-sector-not-held", sector = 12, party = "POP"),
        msg!("gd-order-refused-not-your-sector", sector = 12),
        msg!("gd-order-refused-infested", sector = 50),
        msg!("gd-order-refused-fleets-there", party = "POP", have = 1, sector = 12),
        msg!("gd-order-refused-not-yours-to-give", senator = "Fola"),
        msg!("gd-order-refused-senator-of-other", senator = "Fola", party = "POP"),
        msg!("gd-order-refused-card-missing"),
        msg!("gd-order-refused-unknown-card", written = "XX"),
        msg!("gd-order-refused-card-not-in-hand", card = "Feint"),
        msg!("gd-order-refused-trade-item"),
        msg!("gd-order-refused-trade-empty"),
        msg!("gd-order-refused-free-trade"),
        msg!("gd-order-refused-terms-missing"),
        msg!("gd-order-refused-too-many-deals", max = 3),
        msg!("gd-order-refused-deal-missing"),
        msg!("gd-order-refused-unknown-deal", written = "A9"),
        msg!("gd-order-refused-not-your-deal", deal = 2),
        msg!("gd-order-refused-deal-broken", deal = 2),
        msg!("gd-order-refused-law-missing"),
        msg!("gd-order-refused-unknown-law", written = "XX"),
        msg!("gd-order-refused-law-not-binding", law = law.clone()),
        msg!("gd-order-refused-shadow", senator = "Fola", corruption = 2),
        msg!("gd-order-refused-twice"),
        msg!("gd-order-refused-no-ministry", ministry = ministry.clone()),
        msg!("gd-order-refused-ministry-missing"),
        msg!("gd-order-refused-unknown-ministry", written = "XX"),
        msg!("gd-order-refused-named-twice", name = "Fola"),
        msg!("gd-order-refused-candidate-twice", ministry = ministry.clone()),
        msg!("gd-order-refused-election-order"),
        msg!("gd-order-refused-law-turns", max = 5),
        msg!("gd-order-refused-law-proposed-twice", law = law.clone()),
        msg!("gd-order-refused-fleet-group"),
        msg!("gd-order-refused-attack", sector = 50),
        msg!("gd-order-refused-republic-fleets", want = 6, have = 5),
        msg!("gd-order-refused-republic-fleets-at", want = 3, have = 1, sector = 1),
        msg!("gd-order-refused-already-tried", senator = "Fola"),
        msg!("gd-order-refused-already-audited", senator = "Fola"),
        msg!("gd-order-refused-item-missing"),
        msg!("gd-order-refused-item-form", written = "X"),
        msg!("gd-order-refused-unknown-item", item = 9, count = 3),
        msg!("gd-order-refused-vote-form"),
        msg!("gd-order-refused-fleet-item", item = 1),
        msg!("gd-order-refused-not-fleet-item", item = 2),
        msg!("gd-order-refused-not-general-item", item = 1),
        msg!("gd-order-refused-for-against"),
        msg!("gd-order-refused-cap-limit", cap = 9, limit = 4),
        msg!("gd-order-refused-voted-twice", item = 2),
        msg!("gd-order-refused-ranked-twice"),
        msg!("gd-order-refused-ballot-empty"),
        msg!("gd-order-refused-no-election"),
        msg!("gd-order-refused-no-candidate", party = "POP", ministry = ministry.clone()),
        msg!("gd-order-refused-not-candidate", senator = "Fola", ministry = ministry.clone()),
        msg!("gd-order-refused-post-twice", ministry = ministry.clone()),
        msg!("gd-order-refused-buy-what"),
        msg!("gd-order-refused-fleet-cap", want = 3, room = 1),
        msg!("gd-order-refused-republic-cap", want = 3, room = 1),
        msg!("gd-order-refused-not-waiting", senator = "Fola"),
        msg!("gd-order-note-cost", amount = 3, resource = money.clone()),
        msg!("gd-order-note-wasted", lost = 2, resource = money),
        msg!("gd-order-note-corruption", amount = 2, senator = "Fola"),
        msg!("gd-order-note-corruption-lost", amount = 2),
        msg!("gd-order-note-law-void", law = law.clone()),
        msg!("gd-order-note-free-trade"),
        msg!("gd-order-note-mirror", party = "POP"),
        msg!("gd-order-note-deal", party = "POP"),
        msg!("gd-order-note-election-call"),
        msg!("gd-order-note-if-ministry", ministry = ministry.clone()),
        msg!("gd-order-note-if-ministry-after-elections", ministry = ministry),
        msg!("gd-order-note-only-if-election"),
        msg!("gd-order-note-election-order"),
        msg!("gd-order-note-law-extends", law = law),
        msg!("gd-order-note-no-chair"),
        msg!("gd-order-note-paid-if-passes", amount = 2),
        msg!("gd-order-note-cap-clipped", left = 2),
        msg!("gd-order-note-influence-left", left = 2),
        msg!("gd-order-note-republic-room"),
        msg!("gd-order-note-acts-next-turn"),
        msg!("gd-order-note-hand-limit"),
    ];
    v.extend(Law::examples().into_iter().map(law_msg));
    v.extend(Ministry::ALL.into_iter().map(ministry_msg));
    v.push(resource_msg(Resource::Influence));
    v.extend(super::super::intrigue::campaigns::samples());
    v.extend(attempts::samples());
    v.extend(cards::samples());
    v.extend(invasions::samples());
    v.extend(powers::samples());
    v.extend(fight::samples());
    v.extend(rebellion::samples());
    v
}
