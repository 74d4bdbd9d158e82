//! The odds of a party's pending battles (design note §7, item 8), for its
//! private report and its `INVASION` acknowledgements.
//!
//! A battle has several sides, exploding dice, rerolls, hits spread over
//! contingents and skills: no closed formula covers it. The estimate plays
//! the engine's own battle ([`battle::fight`]) [`SIMULATED`] times over the
//! battle as [`invasions::lineup`] builds it for the engine, seen through
//! [`Sight::Reader`]: only what the reader may know — the fleets on the
//! board, the invasions already public, the admirals and their public
//! skills, shadows and offices, the sector's public figures, sector 34's
//! reroll, and the reader's own `RELANCE` policy. Every other party's
//! `RELANCE` policy is G16's default; nobody's battle cards, Relance
//! tactique or `PERTES` order counts (they are sealed, or written in B);
//! the report says so. The dice of the simulation come from a small
//! generator of its own ([`Sim`]) seeded from public facts (the game turn
//! and the sector), never from the turn's dice: the same state gives the
//! same figures.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::dice::Dice;
use crate::i18n::Msg;
use crate::msg;
use crate::games::galactic_destiny::components::{PartyId, SectorNo};
use crate::games::galactic_destiny::intrigue::battle::{self, Force, Stake};
use crate::games::galactic_destiny::intrigue::invasions::{self, Lineup, Sight};
use crate::games::galactic_destiny::intrigue::DieSource;
use crate::games::galactic_destiny::model::GdState;
use crate::games::galactic_destiny::orders::{Order, Orders};

/// The battles simulated for one estimate.
pub const SIMULATED: u32 = 4000;

/// The simulation's dice: SplitMix64, seeded from public facts.
pub struct Sim(u64);

impl Sim {
    /// The generator of one battle's estimate: the game turn and the sector.
    pub fn seeded(game_turn: u32, sector: SectorNo) -> Sim {
        Sim(0x9E37_79B9_7F4A_7C15 ^ (u64::from(game_turn) << 16) ^ u64::from(sector))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl DieSource for Sim {
    fn d6(&mut self, _rule: &str, _what: String) -> u32 {
        // The high 32 bits scaled to 0..6: no bias worth the name.
        (((self.next() >> 32) * 6) >> 32) as u32 + 1
    }
}

/// What a party may expect of one pending battle.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub sector: SectorNo,
    /// Its side's stake.
    pub stake: Stake<PartyId>,
    /// Its fleets in the battle.
    pub fleets: u32,
    /// The simulated battles its side won (held or took the sector).
    pub won: u32,
    /// Its fleets lost, summed over the simulated battles.
    pub lost: u64,
    /// Its fewest and most losses in 8 simulated battles out of 10 (the
    /// 10th and 90th percentiles).
    pub losses_low: u32,
    pub losses_high: u32,
    /// Its admiral in the battle, and the simulated battles he died in.
    pub admiral: Option<String>,
    pub admiral_killed: u32,
    /// The sides of the battle.
    pub sides: usize,
    pub runs: u32,
}

impl Estimate {
    /// The chance its side wins, in whole percent.
    pub fn chance_percent(&self) -> u32 {
        percent(self.won, self.runs)
    }

    /// Its expected losses in tenths of a fleet, rounded.
    pub fn loss_tenths(&self) -> u64 {
        (self.lost * 10 + u64::from(self.runs) / 2) / u64::from(self.runs.max(1))
    }
}

fn percent(k: u32, runs: u32) -> u32 {
    ((u64::from(k) * 100 + u64::from(runs) / 2) / u64::from(runs.max(1))) as u32
}

/// The estimate of the battle pending in sector `n` for party `p`, from the
/// state as it is: None when there is no battle there or `p` takes no part
/// in it (no fleets in it, not the sector's owner).
pub fn estimate(s: &GdState, n: SectorNo, p: PartyId) -> Option<Estimate> {
    let lineup = invasions::lineup(s, n, &Sight::Reader(p))?;
    simulate(lineup, p, Sim::seeded(s.game_turn, n), SIMULATED)
}

/// Plays the battle `runs` times with `sim`'s dice, for party `p`.
pub fn simulate(lineup: Lineup, p: PartyId, mut sim: Sim, runs: u32) -> Option<Estimate> {
    let Lineup { sector, present, invasions, .. } = lineup;
    let sides = battle::form_sides(present, invasions);
    let mine = |c: &battle::Contingent<PartyId, String>| c.force == Force::Party(p) && c.fleets > 0;
    let side = match sides.iter().position(|sd| sd.contingents.iter().any(mine)) {
        Some(i) => i,
        None if sector.owner == Some(p) => 0,
        None => return None,
    };
    let fleets: u32 = sides[side].contingents.iter().filter(|c| mine(c)).map(|c| c.fleets).sum();
    let admiral = sides[side].contingents.iter().filter(|c| mine(c)).find_map(|c| c.admiral.as_ref()).map(|a| a.senator.clone());
    let mut won = 0;
    let mut lost = 0u64;
    let mut histogram: BTreeMap<u32, u32> = BTreeMap::new();
    let mut admiral_killed = 0;
    for _ in 0..runs {
        let o = battle::fight(&sector, &sides, &mut sim);
        if o.winner == side {
            won += 1;
        }
        let mut l = 0;
        for f in o.contingents.iter().filter(|f| f.force == Force::Party(p)) {
            l += f.losses;
            if f.admiral_killed.is_some() {
                admiral_killed += 1;
            }
        }
        lost += u64::from(l);
        *histogram.entry(l).or_default() += 1;
    }
    let at = |share: u32| {
        let mut seen = 0;
        for (l, k) in &histogram {
            seen += k;
            if u64::from(seen) * 10 >= u64::from(share) * u64::from(runs) {
                return *l;
            }
        }
        0
    };
    Some(Estimate {
        sector: n_of(&sector),
        stake: sides[side].stake.clone(),
        fleets,
        won,
        lost,
        losses_low: at(1),
        losses_high: at(9),
        admiral,
        admiral_killed,
        sides: sides.len(),
        runs,
    })
}

fn n_of(sector: &battle::Sector<PartyId>) -> SectorNo {
    sector.number as SectorNo
}

/// The sectors of the battles pending this game turn, in sector order.
pub fn pending(s: &GdState) -> Vec<SectorNo> {
    let mut out: Vec<SectorNo> = s.intrigue.invasions.invasions.iter().map(|d| d.sector).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The odds of every pending battle party `p` takes part in, for its
/// private report: each estimated once.
pub fn battle_odds(s: &GdState, p: PartyId) -> Vec<Value> {
    pending(s).into_iter().filter_map(|n| estimate(s, n, p)).map(|e| to_json(&e)).collect()
}

fn to_json(e: &Estimate) -> Value {
    let tenths = e.loss_tenths();
    let (stake, for_party) = match &e.stake {
        Stake::Hold => ("hold", None),
        Stake::Claim(q) => ("claim", Some(q.sigle())),
        Stake::Neutral => ("neutral", None),
    };
    json!({
        "sector": e.sector,
        "stake": stake,
        "for": for_party,
        "fleets": e.fleets,
        "chance_percent": e.chance_percent(),
        "losses_whole": tenths / 10,
        "losses_tenth": tenths % 10,
        "losses_low": e.losses_low,
        "losses_high": e.losses_high,
        "admiral": e.admiral,
        "admiral_killed_percent": percent(e.admiral_killed, e.runs),
        "sides": e.sides,
        "runs": e.runs,
    })
}

/// Adds the battles' odds to a private part.
pub fn extend_private(private: &mut Value, s: &GdState, p: PartyId) {
    if private.is_object() {
        private["battle_odds"] = json!(battle_odds(s, p));
        private["battle_runs"] = json!(SIMULATED);
    }
}

/// The odds of an `INVASION` of `sector` as its party may know them while
/// it writes: the state as it is (the fleets there, the invasions already
/// public), with its own invasion and defence lines of this mail (`lines`,
/// this one included) declared as the engine will declare them; nobody
/// else's sealed lines of the window.
pub fn acknowledged(s: &GdState, p: PartyId, lines: &[Order], sector: SectorNo) -> Option<Estimate> {
    let mut after = s.clone();
    let orders = BTreeMap::from([(p, Orders { lines: lines.to_vec(), defaulted: false })]);
    // `declare` draws no die; it is handed one it never reads.
    let mut unused = Dice::from_seed([0; 32]);
    invasions::declare(&mut after, &orders, &mut unused, &mut Vec::new());
    estimate(&after, sector, p)
}

/// The acknowledgement's note of an invasion's odds.
pub fn note(e: &Estimate) -> Msg {
    let tenths = e.loss_tenths();
    msg!(
        "gd-odds-note-battle",
        sector = u32::from(e.sector),
        chance = e.chance_percent(),
        runs = e.runs,
        fleets = e.fleets,
        whole = tenths / 10,
        tenth = tenths % 10,
        low = e.losses_low,
        high = e.losses_high,
    )
}

/// One sample of each message of this module, for the catalogue check.
pub fn samples() -> Vec<Msg> {
    vec![note(&Estimate { sector: 12, stake: Stake::Neutral, fleets: 3, won: 2300, lost: 5200, losses_low: 0, losses_high: 3, admiral: None, admiral_killed: 0, sides: 2, runs: SIMULATED })]
}
