//! Phase 28: the sale of a new exploration ship (28).
//!
//! Loans and sales of ships between families (4.2, 28.4: the same CESSION
//! line in both families' orders) are settled by phase 4, before the
//! expeditions leave, so that a ship lent or sold this turn can sail this
//! turn; this phase only auctions the new ship. Turn 0 calls [`auction`]
//! too (e).

use crate::dice::Dice;
use crate::game::FamilyKey;

use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{Ship, ShipFate};
use super::TurnCtx;

/// A bid: the family, the amount, the name proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bid {
    pub family: FamilyKey,
    pub amount: i64,
    pub name: String,
}

/// The result of the auction rule: the winning bid's index and the price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    pub winner: usize,
    pub price: i64,
}

/// 28.1–28.2 on bids already cleared of debtors (28.5): among the bids the
/// bidder can pay (`can_pay`), the highest wins, and the next bid among
/// those who can pay sets the price (a tie: the tied amount) — the "second
/// price" reading, setting `ship_price = "second"`; [`auction`] makes the
/// winner pay his own bid by default. A lone solvent bidder has no "enchère
/// suivante": he pays his own bid, never less. When nobody can pay, the
/// highest bid wins at its own amount. Ties for the highest are drawn by lot.
pub fn award(bids: &[Bid], can_pay: &[bool], dice: &mut Dice) -> Option<Award> {
    if bids.is_empty() {
        return None;
    }
    let solvent: Vec<usize> = (0..bids.len()).filter(|i| can_pay.get(*i).copied().unwrap_or(false)).collect();
    let pool: Vec<usize> = if solvent.is_empty() { (0..bids.len()).collect() } else { solvent.clone() };
    let top = pool.iter().map(|i| bids[*i].amount).max()?;
    let tied: Vec<usize> = pool.iter().copied().filter(|i| bids[*i].amount == top).collect();
    let winner = if tied.len() == 1 {
        tied[0]
    } else {
        let k = dice.pick_index(tied.len(), "28.2", "auction tie broken by lot")?;
        tied[k]
    };
    let price = if solvent.is_empty() {
        top
    } else {
        pool.iter().filter(|i| **i != winner).map(|i| bids[*i].amount).max().unwrap_or(top)
    };
    Some(Award { winner, price })
}

/// A free name for the ship: the proposal, or the proposal with a number.
fn free_ship_name(ctx: &TurnCtx, proposal: &str) -> String {
    let base = proposal.trim();
    let base = if base.is_empty() { "Vaisseau" } else { base };
    if !ctx.state.ships.contains_key(&crate::text::key(base)) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base} {n}")).find(|n| !ctx.state.ships.contains_key(&crate::text::key(n))).unwrap_or_else(|| base.to_string())
}

/// The auction of the ship for sale (28.1–28.6).
pub fn auction(ctx: &mut TurnCtx, dice: &mut Dice) {
    if !ctx.state.ship_for_sale {
        return;
    }
    let turn = ctx.state.turn;
    let mut bids = Vec::new();
    for (family, input) in ctx.inputs.iter() {
        let Some(b) = &input.orders.bid else { continue };
        // 28.5: no bid from a family that ended the last cycle in debt.
        if ctx.start.family(family).is_none_or(|f| f.in_debt()) {
            continue;
        }
        if b.amount == 0 {
            continue;
        }
        bids.push(Bid { family: family.clone(), amount: i64::from(b.amount), name: b.ship_name.clone() });
    }
    let can_pay: Vec<bool> = bids.iter().map(|b| ctx.state.family(&b.family).is_some_and(|f| f.money >= b.amount)).collect();
    let Some(mut a) = award(&bids, &can_pay, dice) else {
        ctx.emit(Event::ShipUnsold);
        return;
    };
    let bid = bids[a.winner].clone();
    if ctx.state.settings.ship_price_own_bid {
        // RULINGS 28.1, `ship_price = "own"` (the default): the winner pays his bid.
        a.price = bid.amount;
    }
    let name = free_ship_name(ctx, &bid.name);
    let k = crate::text::key(&name);
    ctx.state.ships.insert(
        k,
        Ship { name: name.clone(), owner: bid.family.clone(), lent: None, fate: ShipFate::InService, bought_turn: turn, price: a.price, expeditions: 0 },
    );
    ctx.add_money(&bid.family, -a.price, "28.1", Why::ShipPurchase { ship: name.to_string() });
    ctx.emit(Event::ShipBought { family: bid.family, ship: name, price: a.price, bids: bids.len() as u32 });
}

/// Phase 28.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    auction(ctx, dice);
}
