//! The JSON shapes of what a family reads (the templates read them).

use super::*;

#[derive(Debug, Clone, Serialize)]
pub struct Years {
    pub from: i32,
    pub to: i32,
}

#[derive(Debug, Clone, Serialize)]
pub struct FamilyHead {
    pub key: String,
    pub name: String,
    /// Status of the adjudicated turn (`OR`, `OPR`, `ONR`, `PNJ`).
    pub status: String,
    pub onr_streak: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct MoneyLine {
    pub label: String,
    pub amount: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Finances {
    pub money_before: i64,
    pub money: i64,
    pub in_debt: bool,
    /// Debts in M$ (0 unless `money` is negative).
    pub debt: i64,
    /// Dark Tentacle credit (2.8.5): secret, only in the family's own view.
    pub credit: u32,
    /// What changed the money this turn, from the events.
    pub lines: Vec<MoneyLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TradingPost {
    pub planet: String,
    /// Controller in words, when not the Empire (the post is then idle).
    pub note: Option<String>,
    /// The family's own governor there.
    pub governor: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShipView {
    pub name: String,
    pub state: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct CharacterView {
    pub id: u32,
    pub name: String,
    pub sex: String,
    pub age: i32,
    pub training: String,
    pub pp: i64,
    pub pp_change: i64,
    pub posts: Vec<String>,
    pub location: String,
    /// Purchases of the cycle just played (1).
    pub purchases: Vec<String>,
    /// Authorisations valid next turn (1.3.4, 4.7, 3.6).
    pub permits: Vec<String>,
    pub prostheses: u8,
    pub heretic: bool,
    pub prisoner: Option<String>,
    pub spouse: Option<String>,
    pub widowed: bool,
    /// A young who must be baptised / trained next turn (9, 10).
    pub needs_baptism: bool,
    pub needs_training: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DeathView {
    pub name: String,
    pub year: i32,
    pub cause: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Item {
    pub text: String,
    /// The dice the family may know, in words.
    pub dice: Option<String>,
    pub rule: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct YearItems {
    pub year: i32,
    pub year_of_cycle: u8,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TrialView {
    pub case: u32,
    pub accused: String,
    /// `accusée d'hérésie …`, `accused of heresy …`.
    pub accusation: String,
    pub charge: String,
    /// This family's part: accused, judge, Emperor (several joined by ", ").
    pub role: String,
    /// This family's judges (and Emperor) who vote on it.
    pub judges: Vec<String>,
    /// The verdict line to copy into the orders, for the first of them.
    pub order: Option<String>,
    pub adjourned: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct PowerOrder {
    pub syntax: String,
    pub help: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PowerView {
    pub holder: String,
    pub title: String,
    pub orders: Vec<PowerOrder>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PointsLine {
    pub label: String,
    pub points: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Victory {
    pub turn: i64,
    pub total: i64,
    pub rank: usize,
    pub of: usize,
    pub breakdown: Vec<PointsLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RankLine {
    /// Rank among the families still played by a person, or among the PNJ
    /// families, which are ranked apart after them (0.4, 30.3).
    pub rank: usize,
    pub pnj: bool,
    /// The first PNJ line (the templates head the PNJ ranking there).
    pub pnj_first: bool,
    pub family: String,
    pub turn: i64,
    pub total: i64,
    pub me: bool,
    /// Lines of the ranking are left out before this one (family reports
    /// show the first ten and the family's neighbours only).
    pub gap_before: bool,
}
