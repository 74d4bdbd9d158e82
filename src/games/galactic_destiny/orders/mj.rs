//! The game master's lines (design note §5's table), read for the `@mj`
//! seat ([`crate::game::GAME_MASTER`]) instead of a party's orders; French
//! or English keywords, echoed with the French ones. Each line is checked
//! against the state like a player's (the items, laws in force and
//! agreements it names exist; a resource stays 0–99, a party's fleets
//! within the 10-fleet cap, the Republic's within its 20; a card given is
//! in the deck or the discards, a card taken in the party's hand) and
//! checked again when applied ([`crate::games::galactic_destiny::mj`]).
//!
//! - `PASSE | PASS`
//! - `ANNONCE | ANNOUNCE "<texte>"`
//! - `INFRACTION | BREACH <parti> LOI | LAW #<n>` /
//!   `INFRACTION <parti> ACCORD | DEAL <a> [<sén>]`
//! - `RAYER | STRIKE [LOI] #<n> | L<n>` (`L<n>`: a free law in force)
//! - `EFFET | EFFECT <item> SANS-EFFET | NO-EFFECT` /
//!   `EFFET <item> <ajustement>[, <ajustement>…]`
//! - `ACCORD | DEAL <a> VERSION "<texte>"`
//! - an adjustment alone: `ARGENT | MONEY | INFLUENCE <parti> ±<n>`,
//!   `CORRUPTION <sén> ±<n>`, `OMBRE | SHADOW <sén> ±<n>`, `SECTEUR | SECTOR
//!   <n> <parti> | NEUTRE | NEUTRAL | INFESTE | INFESTED`, `FLOTTES | FLEETS
//!   <secteur> <parti> | REPUBLIQUE | REPUBLIC ±<n>`, `SENATEUR | SENATOR
//!   <nom> MORT | DEAD | EPUISE | EXHAUSTED | FRAIS | FRESH`, `CARTE | CARD
//!   <parti> + | - "<carte>"`.

use std::collections::BTreeSet;

use crate::game::{LineVerdict, OrderLine, ParsedOrders};
use crate::i18n::Msg;
use crate::msg;
use crate::text::{self, Cursor, Token};

use super::super::super::components::effects::Resource;
use super::super::super::components::interpret::{REPUBLIC_MAX, RESOURCE_MAX};
use super::super::super::components::PartyId;
use super::super::super::mj::{self as engine, Adjustment, Breach, Line, SectorTo, SenatorTo};
use super::super::super::model::{GdState, FLEETS_MAX};
use super::super::words;
use super::super::{Order, Orders};
use super::{item_no, no, tokens, Refused};

const PASS: &[&str] = &["PASSE", "PASS"];
const ANNOUNCE: &[&str] = &["ANNONCE", "ANNOUNCE"];
const BREACH: &[&str] = &["INFRACTION", "BREACH"];
const STRIKE: &[&str] = &["RAYER", "STRIKE"];
const EFFECT: &[&str] = &["EFFET", "EFFECT"];
const NO_EFFECT: &[&str] = &["SANS-EFFET", "NO-EFFECT"];
const DEAL: &[&str] = &["ACCORD", "DEAL"];
const VERSION: &[&str] = &["VERSION"];
const LAW: &[&str] = &["LOI", "LAW"];
const MONEY: &[&str] = &["ARGENT", "MONEY"];
const INFLUENCE: &[&str] = &["INFLUENCE"];
const CORRUPTION: &[&str] = &["CORRUPTION"];
const SHADOW: &[&str] = &["OMBRE", "SHADOW"];
const SECTOR: &[&str] = &["SECTEUR", "SECTOR"];
const FLEETS: &[&str] = &["FLOTTES", "FLEETS"];
const SENATOR: &[&str] = &["SENATEUR", "SENATOR"];
const CARD: &[&str] = &["CARTE", "CARD"];
const NEUTRAL: &[&str] = &["NEUTRE", "NEUTRAL"];
const INFESTED: &[&str] = &["INFESTE", "INFESTED"];
const REPUBLIC: &[&str] = &["REPUBLIQUE", "REPUBLIC"];
const DEAD: &[&str] = &["MORT", "DEAD"];
const EXHAUSTED: &[&str] = &["EPUISE", "EXHAUSTED"];
const FRESH: &[&str] = &["FRAIS", "FRESH"];

/// Every keyword a game master's line may start with (suggestions).
const FIRST: &[&[&str]] = &[PASS, ANNOUNCE, BREACH, STRIKE, EFFECT, DEAL, MONEY, INFLUENCE, CORRUPTION, SHADOW, SECTOR, FLEETS, SENATOR, CARD];

fn is(t: Option<&Token>, aliases: &[&str]) -> bool {
    t.is_some_and(|t| !t.quoted && aliases.iter().any(|a| text::key(a) == t.key_cow()))
}

/// Reads the game master's lines.
pub fn parse(state: &GdState, lines: &[OrderLine]) -> ParsedOrders<Orders> {
    let mut orders = Orders::default();
    let mut verdicts = Vec::with_capacity(lines.len());
    let mut ruled: BTreeSet<u32> = BTreeSet::new();
    for line in lines {
        let toks = split_commas(tokens(&line.text));
        let mut c = Cursor::new(&toks);
        match read(state, &mut c, &mut ruled) {
            Ok(None) => {
                orders.lines.push(Order::Pass);
                verdicts.push(LineVerdict::accepted(line, "PASSE"));
            }
            Ok(Some(l)) => {
                verdicts.push(LineVerdict::accepted(line, engine::line_text(state, &l)));
                orders.lines.push(Order::Mj(l));
            }
            Err((why, suggestion)) => verdicts.push(LineVerdict::rejected(line, why, suggestion)),
        }
    }
    ParsedOrders { orders, verdicts }
}

/// The tokens with the commas outside quotes as tokens of their own
/// (`ARGENT GSP +3, SECTEUR 12 BIP`).
fn split_commas(toks: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(toks.len());
    for t in toks {
        if t.quoted || !t.text.contains(',') {
            out.push(t);
            continue;
        }
        for (i, part) in t.text.split(',').enumerate() {
            if i > 0 {
                out.push(Token::new(",".to_string(), false));
            }
            if !part.is_empty() {
                out.push(Token::new(part.to_string(), false));
            }
        }
    }
    out
}

/// One line (none: `PASSE`).
fn read(s: &GdState, c: &mut Cursor, ruled: &mut BTreeSet<u32>) -> Result<Option<Line>, Refused> {
    let Some(first) = c.peek() else { return Err(no(msg!("gd-mj-refused-unknown", written = ""))) };
    let l = if is(Some(first), PASS) {
        c.next();
        if let Some(t) = c.peek() {
            return Err(no(msg!("gd-mj-refused-extra", written = t.text.as_str())));
        }
        return Ok(None);
    } else if is(Some(first), ANNOUNCE) {
        c.next();
        Line::Announce { text: quoted_text(c)? }
    } else if is(Some(first), BREACH) {
        c.next();
        let party = party(s, c.next())?;
        if is(c.peek(), LAW) {
            c.next();
            match free_law(s, c.peek()) {
                Some(number) => {
                    c.next();
                    Line::Infraction { party, breach: Breach::FreeLaw { number } }
                }
                None => Line::Infraction { party, breach: Breach::Law { law: law_in_force(s, c.next())? } },
            }
        } else if is(c.peek(), DEAL) {
            c.next();
            let deal = deal(s, c.next())?;
            if !s.deals.iter().any(|d| d.number == deal && d.parties.contains(&party) && d.broken.is_none()) {
                return Err(no(msg!("gd-mj-refused-deal-party", deal = deal, party = party.sigle())));
            }
            let senator = match c.peek() {
                Some(_) => Some(senator_in_play(s, c.next())?),
                None => None,
            };
            Line::Infraction { party, breach: Breach::Deal { deal, senator } }
        } else {
            return Err((msg!("gd-mj-refused-form", form = "INFRACTION <parti> LOI #<n> | ACCORD <a> [<sén>]"), None));
        }
    } else if is(Some(first), STRIKE) {
        c.next();
        if is(c.peek(), LAW) {
            c.next();
        }
        match free_law(s, c.peek()) {
            Some(number) => {
                c.next();
                Line::StrikeFree { number }
            }
            None => Line::Strike { law: law_in_force(s, c.next())? },
        }
    } else if is(Some(first), EFFECT) {
        c.next();
        let item = item(s, c.next())?;
        if !ruled.insert(item) {
            return Err(no(msg!("gd-mj-refused-item-twice", item = item)));
        }
        if is(c.peek(), NO_EFFECT) {
            c.next();
            Line::Effect { item, adjustments: Vec::new() }
        } else {
            let mut adjustments = Vec::new();
            while !c.is_done() {
                if c.peek().is_some_and(|t| !t.quoted && t.text == ",") {
                    c.next();
                    continue;
                }
                adjustments.push(adjustment(s, c)?);
            }
            if adjustments.is_empty() {
                ruled.remove(&item);
                return Err((msg!("gd-mj-refused-form", form = "EFFET <item> SANS-EFFET | EFFET <item> <ajustement>…"), None));
            }
            Line::Effect { item, adjustments }
        }
    } else if is(Some(first), DEAL) {
        c.next();
        let deal = deal(s, c.next())?;
        if !is(c.next(), VERSION) {
            return Err((msg!("gd-mj-refused-form", form = "ACCORD <a> VERSION \"<texte>\""), None));
        }
        Line::DealVersion { deal, text: quoted_text(c)? }
    } else {
        let keyword = FIRST.iter().any(|k| is(Some(first), k));
        if !keyword {
            let all = FIRST.iter().flat_map(|k| k.iter().copied());
            return Err((msg!("gd-mj-refused-unknown", written = first.text.as_str()), text::suggest(&first.text, all)));
        }
        Line::Adjust { adjustment: adjustment(s, c)? }
    };
    // A comma may end an adjustment; anything else left is an error.
    if let Some(t) = c.peek() {
        return Err(no(msg!("gd-mj-refused-extra", written = t.text.as_str())));
    }
    Ok(Some(l))
}

/// A text in double quotes, alone on the rest of the line.
fn quoted_text(c: &mut Cursor) -> Result<String, Refused> {
    let rest: Vec<&Token> = c.rest().iter().collect();
    match rest.as_slice() {
        [t] if t.quoted && !t.text.trim().is_empty() => {
            c.next();
            Ok(t.text.trim().to_string())
        }
        _ => Err(no(msg!("gd-mj-refused-text"))),
    }
}

fn party(s: &GdState, t: Option<&Token>) -> Result<PartyId, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-party", written = "")))?;
    match words::party_from_word(s, &t.text).filter(|p| s.fx.parties.contains_key(p)) {
        Some(p) => Ok(p),
        None => Err((msg!("gd-mj-refused-party", written = t.text.as_str()), text::suggest(&t.text, s.fx.parties.keys().map(|p| p.sigle())))),
    }
}

fn senator_in_play(s: &GdState, t: Option<&Token>) -> Result<String, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-senator", written = "")))?;
    match s.components.senator(&t.text).map(|x| x.name.clone()).filter(|n| s.fx.senators.contains_key(n)) {
        Some(n) => Ok(n),
        None => Err((msg!("gd-mj-refused-senator", written = t.text.as_str()), text::suggest(&t.text, s.fx.senators.keys().map(String::as_str)))),
    }
}

/// A law in force by its number (`#n`, its place among the laws in force).
fn law_in_force(s: &GdState, t: Option<&Token>) -> Result<super::super::super::model::Law, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-law", written = "")))?;
    item_no(t).and_then(|n| s.laws.get(n as usize - 1)).map(|l| l.law).ok_or_else(|| no(msg!("gd-mj-refused-law", written = t.text.as_str())))
}

/// A free law in force (`propositions = "libres"`), written `L<n>` as the
/// reports and `--etat` name it: its number.
fn free_law(s: &GdState, t: Option<&Token>) -> Option<u32> {
    let n: u32 = t?.text.strip_prefix(['L', 'l'])?.parse().ok()?;
    crate::games::galactic_destiny::senate::free::in_force(s).any(|l| l.number == n).then_some(n)
}

fn deal(s: &GdState, t: Option<&Token>) -> Result<u32, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-deal", written = "")))?;
    let n: Option<u32> = t.text.trim_start_matches(['A', 'a']).parse().ok();
    n.filter(|n| s.deals.iter().any(|d| d.number == *n)).ok_or_else(|| no(msg!("gd-mj-refused-deal", written = t.text.as_str())))
}

/// An item awaiting the game master: `M3`, `3` or `#3`.
fn item(s: &GdState, t: Option<&Token>) -> Result<u32, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-item", written = "")))?;
    let n: Option<u32> = t.text.trim_start_matches(['M', 'm']).trim_start_matches(['#', '\u{2116}']).parse().ok();
    n.filter(|n| s.mj.items.iter().any(|i| i.number == *n)).ok_or_else(|| {
        let open: Vec<String> = s.mj.items.iter().map(|i| format!("M{}", i.number)).collect();
        (msg!("gd-mj-refused-item", written = t.text.as_str()), open.first().cloned())
    })
}

/// `+n` or `-n` (`n` alone counts as `+n`), at most 99.
fn delta(t: Option<&Token>) -> Result<i16, Refused> {
    let t = t.ok_or_else(|| no(msg!("gd-mj-refused-amount", written = "")))?;
    let w = t.text.as_str();
    let (sign, digits) = match w.strip_prefix('-') {
        Some(d) => (-1, d),
        None => (1, w.strip_prefix('+').unwrap_or(w)),
    };
    match digits.parse::<i16>() {
        Ok(n) if (1..=99).contains(&n) => Ok(sign * n),
        _ => Err(no(msg!("gd-mj-refused-amount", written = t.text.as_str()))),
    }
}

/// Whether `value + delta` stays within 0..=max.
fn within(value: u32, delta: i16, max: u32) -> bool {
    let n = i64::from(value) + i64::from(delta);
    (0..=i64::from(max)).contains(&n)
}

fn bounds(a: &Adjustment) -> Refused {
    no(msg!("gd-mj-refused-bounds", adjustment = engine::text(a)))
}

/// One adjustment (and a comma after it, if any).
fn adjustment(s: &GdState, c: &mut Cursor) -> Result<Adjustment, Refused> {
    let k = c.next();
    let a = if is(k, MONEY) || is(k, INFLUENCE) {
        let resource = if is(k, MONEY) { Resource::Money } else { Resource::Influence };
        let party = party(s, c.next())?;
        let a = Adjustment::Resource { resource, party, delta: delta(c.next())? };
        let Adjustment::Resource { delta: d, .. } = a else { unreachable!() };
        if !within(u32::from(s.fx.parties[&party].get(resource)), d, u32::from(RESOURCE_MAX)) {
            return Err(bounds(&a));
        }
        a
    } else if is(k, CORRUPTION) || is(k, SHADOW) {
        let senator = senator_in_play(s, c.next())?;
        let d = delta(c.next())?;
        let st = &s.fx.senators[&senator];
        if is(k, CORRUPTION) {
            let a = Adjustment::Corruption { senator, delta: d };
            if d < 0 && !within(u32::from(st.corruption), d, u32::from(u8::MAX)) {
                return Err(bounds(&a));
            }
            a
        } else {
            let a = Adjustment::Shadow { senator, delta: d };
            if !within(u32::from(st.shadow), d, u32::from(u8::MAX)) {
                return Err(bounds(&a));
            }
            a
        }
    } else if is(k, SECTOR) {
        let t = c.next();
        let sector = t.and_then(|t| t.text.parse::<u8>().ok()).filter(|n| s.fx.sectors.contains_key(n));
        let sector = sector.ok_or_else(|| no(msg!("gd-mj-refused-sector", written = t.map_or("", |t| t.text.as_str()))))?;
        let to = if is(c.peek(), NEUTRAL) {
            c.next();
            SectorTo::Neutral
        } else if is(c.peek(), INFESTED) {
            c.next();
            SectorTo::Infested
        } else {
            SectorTo::Party(party(s, c.next())?)
        };
        Adjustment::Sector { sector, to }
    } else if is(k, FLEETS) {
        let t = c.next();
        let sector = t.and_then(|t| t.text.parse::<u8>().ok()).filter(|n| s.fx.sectors.contains_key(n));
        let sector = sector.ok_or_else(|| no(msg!("gd-mj-refused-sector", written = t.map_or("", |t| t.text.as_str()))))?;
        let owner = if is(c.peek(), REPUBLIC) {
            c.next();
            None
        } else {
            Some(party(s, c.next())?)
        };
        let d = delta(c.next())?;
        let a = Adjustment::Fleets { sector, owner, delta: d };
        let fits = match owner {
            Some(p) => {
                let here = s.fleets.get(&sector).and_then(|m| m.get(&p)).copied().unwrap_or(0);
                within(u32::from(here), d, u32::from(here) + u32::from(FLEETS_MAX).saturating_sub(s.fleets_of(p)))
            }
            None => {
                let here = s.republic_at.get(&sector).copied().unwrap_or(0);
                let placed: u32 = s.republic_at.values().map(|n| u32::from(*n)).sum();
                within(u32::from(here), d, u32::from(here) + u32::from(REPUBLIC_MAX).saturating_sub(placed))
            }
        };
        if !fits {
            return Err(bounds(&a));
        }
        a
    } else if is(k, SENATOR) {
        let senator = senator_in_play(s, c.next())?;
        let to = match c.next() {
            t if is(t, DEAD) => SenatorTo::Dead,
            t if is(t, EXHAUSTED) => SenatorTo::Exhausted,
            t if is(t, FRESH) => SenatorTo::Fresh,
            _ => return Err((msg!("gd-mj-refused-form", form = "SENATEUR <nom> MORT | EPUISE | FRAIS"), None)),
        };
        Adjustment::Senator { senator, to }
    } else if is(k, CARD) {
        let party = party(s, c.next())?;
        let give = match c.next() {
            Some(t) if !t.quoted && t.text == "+" => true,
            Some(t) if !t.quoted && t.text == "-" => false,
            _ => return Err((msg!("gd-mj-refused-form", form = "CARTE <parti> + | - \"<carte>\""), None)),
        };
        let t = c.next().ok_or_else(|| no(msg!("gd-mj-refused-card", written = "")))?;
        let card = s.components.action(&t.text).map(|x| x.name_fr.clone());
        let card = card.ok_or_else(|| (msg!("gd-mj-refused-card", written = t.text.as_str()), text::suggest(&t.text, s.components.actions.iter().map(|x| x.name_fr.as_str()))))?;
        let a = Adjustment::Card { party, give, card: card.clone() };
        let held = s.fx.parties[&party].hand.contains(&card);
        let free = s.fx.action_deck.contains(&card) || s.fx.action_discard.contains(&card);
        if (give && !free) || (!give && !held) {
            return Err(no(msg!("gd-mj-refused-card-where", card = card.as_str(), party = party.sigle(), give = if give { "yes" } else { "no" })));
        }
        a
    } else {
        let written = k.map_or("", |t| t.text.as_str());
        let all = FIRST[6..].iter().flat_map(|k| k.iter().copied());
        return Err((msg!("gd-mj-refused-unknown", written = written), text::suggest(written, all)));
    };
    if c.peek().is_some_and(|t| !t.quoted && t.text == ",") {
        c.next();
    }
    Ok(a)
}

/// One sample of every message of this file.
pub fn samples() -> Vec<Msg> {
    vec![
        msg!("gd-mj-refused-unknown", written = "EFET"),
        msg!("gd-mj-refused-form", form = "EFFET <item> SANS-EFFET"),
        msg!("gd-mj-refused-extra", written = "xyz"),
        msg!("gd-mj-refused-text"),
        msg!("gd-mj-refused-party", written = "XYZ"),
        msg!("gd-mj-refused-senator", written = "Paul"),
        msg!("gd-mj-refused-law", written = "#4"),
        msg!("gd-mj-refused-deal", written = "A4"),
        msg!("gd-mj-refused-deal-party", deal = 4, party = "GSP"),
        msg!("gd-mj-refused-item", written = "M4"),
        msg!("gd-mj-refused-item-twice", item = 4),
        msg!("gd-mj-refused-amount", written = "+x"),
        msg!("gd-mj-refused-bounds", adjustment = "ARGENT GSP -120"),
        msg!("gd-mj-refused-sector", written = "77"),
        msg!("gd-mj-refused-card", written = "Espionn"),
        msg!("gd-mj-refused-card-where", card = "Espion", party = "GSP", give = "yes"),
    ]
}
