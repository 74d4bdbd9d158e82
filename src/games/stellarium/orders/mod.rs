//! Stellarium's order language (orders.md §6): the typed orders
//! ([`types`]), the grammar ([`parse`]), the checks against the state and
//! across lines ([`validate`]) and the canonical spelling ([`canonical`]).
//!
//! [`parse_orders`] never fails: every line gets a verdict, and only the
//! accepted orders reach [`Orders`].

pub mod canonical;
pub mod names;
pub mod parse;
pub mod refusal;
pub mod types;
pub mod validate;

pub use types::*;

use crate::game::{LineVerdict, OrderLine, ParsedOrders};
use crate::text;

use super::model::State;
use parse::{pass_of, Pass, Reader};
use refusal::Refusal;
use validate::Checker;

/// Reads `family`'s order lines against `state`.
///
/// Lines are handled in passes so that an order may rely on another written
/// further down: PUBLICITE first (it raises the PP pool of PERSONNAGE), then
/// PERSONNAGE (CANDIDAT names founders), then CESSION (an EXPEDITION may use
/// a ship received this turn), then BAPTEME (FORMATION may name the young by
/// its new first name), then ACHAT (purchases are paid before contract
/// offers, 2.8.1), then the rest in the order written. Within a
/// pass, the later line breaking a multi-line limit is the one rejected.
pub fn parse_orders(state: &State, family: &str, lines: &[OrderLine]) -> ParsedOrders<Orders> {
    let tokenized: Vec<text::Tokens> = lines.iter().map(|l| text::tokenize(&l.text)).collect();
    let mut verdicts: Vec<Option<LineVerdict>> = vec![None; lines.len()];
    let mut orders = Orders::default();
    // Names resolved through one index for the whole mail.
    let names = names::Names::new(state);
    let checker = Checker::new(state, family, &names);
    // 0.4: a PNJ family no longer belongs to its player.
    if state.family(family).is_some_and(|f| f.is_pnj()) {
        let verdicts = lines
            .iter()
            .zip(&tokenized)
            .filter(|(_, t)| !t.tokens.is_empty())
            .map(|(l, _)| LineVerdict::rejected(l, Refusal::Pnj.msg(), None))
            .collect();
        return ParsedOrders { orders, verdicts };
    }
    // Each line's pass, once.
    let passes: Vec<Pass> = tokenized.iter().map(|t| pass_of(&t.tokens)).collect();
    for pass in [Pass::Advertising, Pass::Founder, Pass::Transfer, Pass::Baptism, Pass::Purchase, Pass::Other] {
        for (i, line) in lines.iter().enumerate() {
            let toks = &tokenized[i];
            if toks.tokens.is_empty() {
                continue;
            }
            if passes[i] != pass {
                continue;
            }
            if checker.founding() && !parse::is_foundation_order(&toks.tokens) {
                // A known order that must wait for the foundation, or a
                // keyword misspelt (PERSONAGE): "did you mean PERSONNAGE".
                verdicts[i] = Some(if parse::is_known_order(&toks.tokens) {
                    LineVerdict::rejected(line, Refusal::NotFounded.msg(), None)
                } else {
                    let word = toks.tokens[0].text.clone();
                    let suggestion = text::suggest(&word, parse::FOUNDATION_HEADS.iter().copied());
                    LineVerdict::rejected(line, Refusal::UnknownOrder { word }.msg(), suggestion)
                });
                continue;
            }
            let founders = orders.founders.clone();
            let baptisms = orders.baptisms.clone();
            let reader = Reader { state, family, names: &names, founders: &founders, baptisms: &baptisms };
            let verdict = match reader.line(&toks.tokens).and_then(|o| checker.check(&orders, &o).map(|_| o)) {
                Ok(order) => {
                    let canon = canonical::canonical(state, family, &orders.founders, &order);
                    let canon_en = canonical::canonical_in(state, family, &orders.founders, &order, true);
                    orders.push(order);
                    LineVerdict::accepted_bilingual(line, canon, canon_en, Vec::new())
                }
                Err(mut r) => {
                    // The tokenizer's only problem: an unclosed quote.
                    if toks.problem.is_some() {
                        r.reason = Refusal::UnclosedQuote { reason: Box::new(r.reason) };
                    }
                    orders.refused.push(RefusedLine {
                        no: line.no,
                        head: text::fold(&toks.tokens[0].text),
                        subject: toks.tokens.get(1).map(|t| t.text.clone()).unwrap_or_default(),
                    });
                    LineVerdict::rejected(line, r.reason.msg(), r.suggestion)
                }
            };
            verdicts[i] = Some(verdict);
        }
    }
    ParsedOrders { orders, verdicts: verdicts.into_iter().flatten().collect() }
}
