//! One battle in one sector: "Résolution d'invasions.", "Bonus de
//! batailles.", "Côtés multiples dans une bataille.", "Combat avec
//! infestation.", "Victimes de la guerre.", "Amiraux comme pertes.",
//! "Victoires et retraites.", "Les flottes de la république." and the
//! battle skills of "Compétences de sénateur." and "Compétences de
//! ministère.".
//!
//! The model gives the sector ([`Sector`]), the fleets present there that do
//! not invade and the invasions declared against it; [`form_sides`] ranges
//! them into sides by the result each wants (G40), [`fight`] rolls and
//! returns totals, hits, losses, dead admirals, the winner, what becomes of
//! the sector and who retreats; [`retreat_destination`] places a retreat
//! (G15). Orders, corruption and the board are the model's.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use super::fight_skills::{Reroll, Rerolled, RerollBy, When};
use super::super::cards::ContestMods;
use super::{roll, shadow_dice, sum, Die, DieSource, EXPLODING_SIX};

/// The heading the battle's dice are logged under.
pub const HEADING: &str = "Résolution d'invasions.";
/// The heading an infested sector's dice are logged under.
pub const INFESTATION: &str = "Combat avec infestation.";

/// Whose fleets: a party's, or the Republic's.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Force<P> {
    Party(P),
    Republic,
}

/// The skills of "Compétences de sénateur." that act in a battle, on the
/// admiral who has them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BattleSkills {
    /// Tacticien: "1 dé de bataille supplémentaire".
    pub tactician: bool,
    /// Stratège: +1 on one die chosen before the roll, which may then
    /// explode: the first die of his fleets (G46).
    pub strategist: bool,
    /// Lâche: "ne peut pas mourir dans la bataille, mais ne relance aucun 6":
    /// the dice of the fleets he leads do not explode (G46).
    pub coward: bool,
    /// Pacifiste: "2 dé de moins", never fewer than 0 (G46).
    pub pacifist: bool,
    /// Charitable: "la moitié de victimes … (arrondit vers le haut)".
    pub charitable: bool,
    /// Boucher: "détruit les flottes adverses sur des 4 ou plus".
    pub butcher: bool,
    /// Croyant: "5 commandements en combattant le Ke'Ras" (an infested sector).
    pub believer: bool,
    /// Athée: his first shadow gives him no die (G45).
    pub atheist: bool,
    /// Interrupteur (Briseur) de code: "peut relancer 1 de ses dé de
    /// bataille. Le nouveau résultat demeure." — once a battle, one of the
    /// dice of the fleets he leads, as his party's `RELANCE` policy says.
    #[serde(default)]
    pub code_breaker: bool,
}

/// A senator sent as admiral ("Invasions.": "1 amiral par bataille" for
/// each side's party).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admiral<S> {
    pub senator: S,
    /// His printed command.
    pub command: i32,
    /// Shadow tokens on him: one die more each ("Les récompenses de l'ombre.").
    pub shadow: u32,
    pub skills: BattleSkills,
    /// He is the Defence minister in office: "+2 commandement" whenever he
    /// leads (G58).
    pub defence_minister: bool,
}

/// One party's fleets in the battle (or the Republic's), with their admiral.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contingent<P, S> {
    pub force: Force<P>,
    pub fleets: u32,
    /// Leads these fleets; counts only with at least 1 of them ("Un amiral
    /// peut seulement être envoyé si au moins 1 flotte est présente").
    pub admiral: Option<Admiral<S>>,
    /// Sectors orthogonally adjacent to the battle's that the party owns
    /// ("Bonus de batailles."); 0 for the Republic.
    pub adjacency: u32,
    /// Its place in the initiative order, worst (0) first; the Republic's
    /// fleets act before every party (0).
    pub initiative: u32,
    /// Its `PERTES` order: the parties whose side takes its hits, in order
    /// of preference (G14).
    pub losses_to: Vec<P>,
    /// The rerolls its party may use on its dice: its `RELANCE` policy, and
    /// sector 34's "Alimenter le pouvoir" if the party owns it and it is
    /// still unused this turn.
    #[serde(default)]
    pub reroll: Reroll,
    /// What its party's contest cards add (`CARTE … BATAILLE`): dice,
    /// total, and hits its side takes (`pertes`).
    #[serde(default)]
    pub cards: ContestMods,
}

/// What a side fights for ("Côtés multiples": "basés sur le résultat
/// qu'ils désirent").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stake<P> {
    /// The defender: the sector stays as it is.
    Hold,
    /// An invasion with a claim (the grey token, `PRISE`), or joining it
    /// (`POUR <parti>`): the sector goes to that party.
    Claim(P),
    /// An invasion without a claim: the sector becomes neutral (G40).
    Neutral,
}

/// One invasion declared against the sector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invasion<P, S> {
    pub contingent: Contingent<P, S>,
    pub stake: Stake<P>,
    /// Republic fleets sent by the Defence minister's corrupt skill, which
    /// "ignore ces règles"; without it the Republic's fleets only ever make
    /// a sector neutral ("ne peuvent jamais permettre à un secteur d'être
    /// repris par un parti politique"; "leurs ordres sont TOUJOURS de rendre
    /// le secteur neutre").
    pub redeployed: bool,
}

/// A side of the battle: its stake and its contingents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side<P, S> {
    pub stake: Stake<P>,
    pub contingents: Vec<Contingent<P, S>>,
}

/// The sector fought over, as the battle sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sector<P> {
    pub number: u32,
    /// Its owner (a rebel sector's is the rebel); `None`: neutral or infested.
    pub owner: Option<P>,
    pub infested: bool,
    /// Its printed defence (the red icon).
    pub defence: i32,
    /// Dice besides its base die: 1 for sector 4's "Population militante"
    /// on its owner's sectors; for an infested sector, 1 per shadow in play
    /// ("Combat avec infestation."), an Athée's first one excepted (G45).
    pub extra_dice: u32,
    /// The owner's adjacent sectors ("Les défenseurs gagnent aussi ces
    /// bonus", no fleet needed).
    pub owner_adjacency: u32,
    /// The rebel is among the invaders: "Toutes les défense du secteur sont
    /// réduits de moitié, arrondis au supérieur, pour les invasions … de
    /// toute la rébellion".
    pub halved: bool,
    /// The owner's rerolls on the sector's dice (rolled for it), used when
    /// it has no fleet of its own in the battle; with fleets there, its
    /// contingent's [`Reroll`] covers the sector's dice too.
    #[serde(default)]
    pub owner_reroll: Reroll,
    /// The owner's contest cards, when it has no fleet of its own in the
    /// battle (with fleets there, its contingent's carry them).
    #[serde(default)]
    pub owner_cards: ContestMods,
}

impl<P> Sector<P> {
    /// The defence added to the sector's dice.
    pub fn defence_value(&self) -> i32 {
        if self.halved {
            (self.defence + 1).div_euclid(2)
        } else {
            self.defence
        }
    }
}

/// Ranges the fleets into sides (G40): the fleets present that do not
/// invade (the owner's, allies', the Republic's patrols) defend with the
/// sector; invasions side with those that want the same result — a claim
/// with its supporters (`POUR`), every invasion without claim together.
/// The Republic's fleets invade for neutrality unless redeployed. Sides
/// come defender first, then in the order of their first invasion.
pub fn form_sides<P: PartialEq + Clone, S>(present: Vec<Contingent<P, S>>, invasions: Vec<Invasion<P, S>>) -> Vec<Side<P, S>> {
    let mut sides = vec![Side { stake: Stake::Hold, contingents: present }];
    for inv in invasions {
        let stake = match (&inv.contingent.force, inv.redeployed) {
            (Force::Republic, false) => Stake::Neutral,
            _ => match inv.stake {
                Stake::Hold => Stake::Neutral,
                s => s,
            },
        };
        match sides.iter_mut().skip(1).find(|s| s.stake == stake) {
            Some(side) => side.contingents.push(inv.contingent),
            None => sides.push(Side { stake, contingents: vec![inv.contingent] }),
        }
    }
    sides
}

/// What becomes of the sector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum After<P> {
    /// The defender won (or two attackers tied at the top, G21).
    Unchanged,
    /// A claim won: the party turns its token to the coloured side.
    Owner(P),
    /// An invasion without claim (the Republic's, against a rebel or an
    /// infested sector) won.
    Neutral,
}

/// One contingent after the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fought<P, S> {
    pub side: usize,
    pub force: Force<P>,
    pub dice: Vec<Die>,
    /// Its total: dice, command, adjacency.
    pub total: i64,
    /// The hits its dice scored (after Charitable).
    pub hits: u32,
    /// The side its hits went to.
    pub hits_to: usize,
    pub fleets: u32,
    pub losses: u32,
    /// Its admiral, killed ("Amiraux comme pertes.", G41).
    pub admiral_killed: Option<S>,
    /// Its surviving fleets retreat ("Victoires et retraites.": losers to
    /// their own sectors, [`retreat_destination`]).
    pub retreats: bool,
    /// Republic fleets: "se rendent toujours au secteur 1 après une
    /// bataille - qu'elles gagnent ou non".
    pub to_sector_1: bool,
}

/// What a battle did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<P, S> {
    /// The sector's own dice (base die and extra dice), for the defender.
    pub sector_dice: Vec<Die>,
    /// Its hits, on the side they went to.
    pub sector_hits: (u32, usize),
    /// Every side's stake and total, in the order of the sides.
    pub totals: Vec<(Stake<P>, i64)>,
    /// The hits each side took, in the order of the sides.
    pub hits_taken: Vec<u32>,
    pub contingents: Vec<Fought<P, S>>,
    /// The winning side (0: the defender).
    pub winner: usize,
    pub after: After<P>,
    /// The rerolls made after the roll (Interrupteur de code, sector 34),
    /// in the order they were made; the dice above show the result.
    #[serde(default = "Vec::new")]
    pub rerolls: Vec<Rerolled<P, S>>,
}

fn hits_of(dice: &[Die], threshold: u32, charitable: bool) -> u32 {
    let h = dice.iter().filter(|d| d.value() >= threshold).count() as u32;
    if charitable {
        h.div_ceil(2)
    } else {
        h
    }
}

/// The side that takes a roller's hits (G14): the opposing side of the
/// first party of its `PERTES` order fighting against it, else the opposing
/// side with most fleets, a tie going to the side whose worst initiative is
/// worst.
fn target<P: PartialEq, S>(sides: &[Side<P, S>], own: usize, losses_to: &[P]) -> usize {
    let opposing = (0..sides.len()).filter(|&i| i != own);
    for p in losses_to {
        if let Some(i) = opposing.clone().find(|&i| sides[i].contingents.iter().any(|c| matches!(&c.force, Force::Party(q) if q == p))) {
            return i;
        }
    }
    opposing
        .min_by_key(|&i| {
            let fleets: u32 = sides[i].contingents.iter().map(|c| c.fleets).sum();
            let worst = sides[i].contingents.iter().map(|c| c.initiative).min().unwrap_or(u32::MAX);
            (std::cmp::Reverse(fleets), worst, i)
        })
        .unwrap_or(own)
}

/// Spreads `hits` over a side's contingents (G14): one at a time, round
/// the party contingents worst initiative first, the Republic's only once
/// no party fleet is left ("aucune perte ne peut être assigné aux flottes de
/// la république pendant que des flottes de parti politique sont encore
/// présentes"). Returns the losses of each contingent.
fn spread<P, S>(side: &Side<P, S>, mut hits: u32) -> Vec<u32> {
    let mut losses = vec![0u32; side.contingents.len()];
    let mut order: Vec<usize> = (0..side.contingents.len()).collect();
    order.sort_by_key(|&i| (matches!(side.contingents[i].force, Force::Republic), side.contingents[i].initiative, i));
    for republic in [false, true] {
        let group: Vec<usize> = order.iter().copied().filter(|&i| (matches!(side.contingents[i].force, Force::Republic)) == republic).collect();
        while hits > 0 {
            let mut placed = false;
            for &i in &group {
                if hits > 0 && losses[i] < side.contingents[i].fleets {
                    losses[i] += 1;
                    hits -= 1;
                    placed = true;
                }
            }
            if !placed {
                break;
            }
        }
    }
    losses
}
/// Fights the battle. `sides[0]` is the defender (the sector's side, even
/// without fleets: "Les secteurs neutres, l'infestation et le joueur qui
/// possède un secteur en conflit sont toujours le défenseur"); the others
/// attack. Dice are drawn in this order: the sector's (1 base die + its
/// extra dice; a neutral sector's rolled by the Defence minister), then each
/// side's contingents in order, each with its explosions right after its
/// dice ([`super::roll`]); then the rerolls ([`rerolls`]).
///
/// - A contingent rolls 1 die per fleet, +1 for a Tacticien, +1 per shadow
///   on its admiral (G45), −2 for a Pacifiste (never below 0, G46); adds its
///   admiral's command (+2 for the Defence minister, G58; +5 for a Croyant
///   against an infested sector) and its adjacency — an attacker's only with
///   at least 1 of its own party fleets, a defender's always (the owner's
///   once, with the sector). A contingent without fleets rolls nothing.
///   Its party's contest cards ("CARTE … BATAILLE") add their dice (`des`)
///   and their points (`bonus`) to it, and their `pertes` to the hits its
///   side takes.
/// - The defender adds the sector's dice and its defence (halved, rounded
///   up, against the rebel) and the owner's adjacency (and the owner's
///   contest cards when it has no fleet there).
/// - After the roll, the rerolls the parties' policies ask for
///   (Interrupteur de code, sector 34).
/// - Every die showing 5 or 6 (4 or more under a Boucher) is a hit, bonus
///   dice included; a Charitable's hits are halved, rounded up.
/// - The highest total wins; the defender wins ties; two attackers tied at
///   the top leave the sector as it was (G21).
/// - Losses as [`spread`] assigns them; a side taking more hits than it had
///   fleets loses every admiral but a Lâche (G41).
/// - Losers' surviving fleets retreat; the Republic's go to sector 1 always.
pub fn fight<P, S>(sector: &Sector<P>, sides: &[Side<P, S>], src: &mut impl DieSource) -> Outcome<P, S>
where
    P: Clone + PartialEq + Display,
    S: Clone + Display,
{
    let n = sector.number;
    let (rule, who) = match (&sector.owner, sector.infested) {
        (_, true) => (INFESTATION, "the infestation".to_string()),
        (Some(o), false) => (HEADING, format!("sector {n}'s defence for {o}")),
        (None, false) => (HEADING, format!("neutral sector {n}'s defence, rolled by the Defence minister")),
    };
    let mut sector_dice = roll((1 + sector.extra_dice).saturating_add_signed(sector.owner_cards.dice), 0, true, rule, &format!("sector {n}: {who}"), src);
    let owner_adjacency = if sector.owner.is_some() { i64::from(sector.owner_adjacency) } else { 0 };
    let sector_fixed = i64::from(sector.defence_value()) + owner_adjacency + sector.owner_cards.bonus;
    let mut rolled: Vec<Rolled<S>> = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        for c in &side.contingents {
            let name = match &c.force {
                Force::Party(p) => p.to_string(),
                Force::Republic => "the Republic".to_string(),
            };
            let admiral = c.admiral.as_ref().filter(|_| c.fleets > 0);
            let sk = admiral.map(|a| a.skills).unwrap_or_default();
            let mut n_dice = c.fleets;
            if let Some(a) = admiral {
                n_dice += u32::from(sk.tactician) + shadow_dice(a.shadow, sk.atheist);
                if sk.pacifist {
                    n_dice = n_dice.saturating_sub(2);
                }
            }
            // Contest cards' `des ±n`, with at least 1 fleet rolling.
            if c.fleets > 0 {
                n_dice = n_dice.saturating_add_signed(c.cards.dice);
            }
            let what = match admiral {
                Some(a) => format!("sector {n}: {name}'s {} fleet(s) under {}", c.fleets, a.senator),
                None => format!("sector {n}: {name}'s {} fleet(s)", c.fleets),
            };
            let dice = roll(n_dice, u32::from(sk.strategist), !sk.coward, HEADING, &what, src);
            let command = admiral.map_or(0, |a| {
                i64::from(a.command) + if a.defence_minister { 2 } else { 0 } + if sk.believer && sector.infested { 5 } else { 0 }
            });
            let adjacency = match &c.force {
                Force::Republic => 0,
                Force::Party(p) if si == 0 && sector.owner.as_ref() == Some(p) => 0,
                Force::Party(_) if si == 0 || c.fleets > 0 => i64::from(c.adjacency),
                Force::Party(_) => 0,
            };
            rolled.push(Rolled {
                side: si,
                name,
                dice,
                fixed: command + adjacency + c.cards.bonus,
                active: c.fleets > 0,
                explodes: !sk.coward,
                code_breaker: admiral.filter(|_| sk.code_breaker).map(|a| a.senator.clone()),
            });
        }
    }
    let rerolls = rerolls(sector, sides, &mut sector_dice, sector_fixed, &mut rolled, src);
    let totals = side_totals(sides.len(), sum(&sector_dice) + sector_fixed, &rolled);
    let sector_hits = (hits_of(&sector_dice, 5, false), target(sides, 0, &[]));
    let mut hits_taken = vec![0u32; sides.len()];
    hits_taken[sector_hits.1] += sector_hits.0;
    let mut fought = Vec::new();
    let flat = sides.iter().flat_map(|s| &s.contingents);
    for (r, c) in rolled.into_iter().zip(flat) {
        let sk = c.admiral.as_ref().filter(|_| c.fleets > 0).map(|a| a.skills).unwrap_or_default();
        let total = if r.active { sum(&r.dice) + r.fixed } else { 0 };
        let hits = hits_of(&r.dice, if sk.butcher { 4 } else { 5 }, sk.charitable);
        let hits_to = target(sides, r.side, &c.losses_to);
        hits_taken[hits_to] += hits;
        fought.push(Fought {
            side: r.side,
            force: c.force.clone(),
            dice: r.dice,
            total,
            hits,
            hits_to,
            fleets: c.fleets,
            losses: 0,
            admiral_killed: None,
            retreats: false,
            to_sector_1: false,
        });
    }
    // Contest cards' `pertes ±n`: the hits their party's side takes.
    for (si, side) in sides.iter().enumerate() {
        let owner = if si == 0 { sector.owner_cards.losses } else { 0 };
        let k: i32 = owner + side.contingents.iter().map(|c| c.cards.losses).sum::<i32>();
        hits_taken[si] = hits_taken[si].saturating_add_signed(k);
    }
    let winner = winner_of(&totals);
    let after = match &sides[winner].stake {
        Stake::Hold => After::Unchanged,
        Stake::Claim(p) => After::Owner(p.clone()),
        Stake::Neutral => After::Neutral,
    };
    // Losses, admirals, retreats.
    let mut k = 0;
    for (si, side) in sides.iter().enumerate() {
        let losses = spread(side, hits_taken[si]);
        let fleets: u32 = side.contingents.iter().map(|c| c.fleets).sum();
        for (ci, c) in side.contingents.iter().enumerate() {
            let f = &mut fought[k + ci];
            f.losses = losses[ci];
            if hits_taken[si] > fleets {
                f.admiral_killed = c.admiral.as_ref().filter(|a| !a.skills.coward).map(|a| a.senator.clone());
            }
            let survivors = c.fleets - f.losses;
            f.to_sector_1 = matches!(c.force, Force::Republic) && survivors > 0;
            f.retreats = si != winner && survivors > 0 && !matches!(c.force, Force::Republic);
        }
        k += side.contingents.len();
    }
    Outcome {
        sector_dice,
        sector_hits,
        totals: sides.iter().map(|s| s.stake.clone()).zip(totals).collect(),
        hits_taken,
        contingents: fought,
        winner,
        after,
        rerolls,
    }
}

/// A contingent's roll before its totals and hits are counted.
struct Rolled<S> {
    side: usize,
    /// How the dice log names it.
    name: String,
    dice: Vec<Die>,
    /// Its admiral's command and its adjacency bonus.
    fixed: i64,
    /// It has fleets (a contingent without fleets adds nothing).
    active: bool,
    /// Its dice explode (not under a Lâche).
    explodes: bool,
    /// Its admiral, an Interrupteur de code.
    code_breaker: Option<S>,
}

/// Every side's total from the dice as they now show.
fn side_totals<S>(n_sides: usize, sector_total: i64, rolled: &[Rolled<S>]) -> Vec<i64> {
    let mut totals = vec![0i64; n_sides];
    if let Some(t) = totals.first_mut() {
        *t = sector_total;
    }
    for r in rolled.iter().filter(|r| r.active) {
        totals[r.side] += sum(&r.dice) + r.fixed;
    }
    totals
}

/// The winner: the defender unless one attacker alone tops it (G21).
fn winner_of(totals: &[i64]) -> usize {
    let defender_total = totals.first().copied().unwrap_or(i64::MIN);
    match totals.iter().skip(1).copied().max() {
        Some(best) if best > defender_total && totals.iter().skip(1).filter(|t| **t == best).count() == 1 => {
            totals.iter().skip(1).position(|t| *t == best).map_or(0, |i| i + 1)
        }
        _ => 0,
    }
}

/// A die of the battle: one of the sector's, or of a contingent's.
#[derive(Clone, Copy)]
enum DieAt {
    Sector(usize),
    Contingent(usize, usize),
}

/// The rerolls after the roll ("Roulement de dé.": "plus rien ne peut être
/// fait pour changer le résultat, autre que des cartes ou des compétences
/// qui accordent spécifiquement un relancé"), contingent by contingent,
/// worst initiative first, each seeing the dice as they are then:
///
/// - Interrupteur de code: its admiral rerolls one die of his fleets; "Le
///   nouveau résultat demeure".
/// - Sector 34's owner ("Alimenter le pouvoir", once a turn): one die of
///   its own fleets, or of the sector's when it owns the sector fought over
///   (they are rolled for it), and "choisir le meilleur résultat"; the
///   owner of the sector with no fleet there uses the sector's
///   `owner_reroll` last.
/// - Then a party's standing Relance tactique (`Reroll::card`): n rerolls
///   of its fleets' lowest die, each when the answer's threshold (else G16)
///   asks; the new result stands.
///
/// Each reroll is of the party's lowest die and made only when its policy
/// ([`When`]) asks for it. A rerolled die keeps its Stratège +1; a natural 6
/// on a rerolled die (not a bonus die) explodes like the roll's
/// ("6 explosif."), unless a Lâche leads those fleets.
fn rerolls<P, S>(sector: &Sector<P>, sides: &[Side<P, S>], sector_dice: &mut Vec<Die>, sector_fixed: i64, rolled: &mut [Rolled<S>], src: &mut impl DieSource) -> Vec<Rerolled<P, S>>
where
    P: Clone + PartialEq + Display,
    S: Clone + Display,
{
    let flat: Vec<&Contingent<P, S>> = sides.iter().flat_map(|s| &s.contingents).collect();
    let mut order: Vec<usize> = (0..flat.len()).filter(|&i| flat[i].fleets > 0).collect();
    order.sort_by_key(|&i| (flat[i].initiative, i));
    let owns_sector = |c: &Contingent<P, S>, side: usize| side == 0 && matches!(&c.force, Force::Party(p) if sector.owner.as_ref() == Some(p));
    let owner_fights = flat.iter().enumerate().any(|(i, c)| c.fleets > 0 && owns_sector(c, rolled[i].side));
    let mut out = Vec::new();
    let mut actors: Vec<(Option<usize>, Option<P>, usize, Reroll)> = order
        .into_iter()
        .map(|i| {
            let party = match &flat[i].force {
                Force::Party(p) => Some(p.clone()),
                Force::Republic => None,
            };
            (Some(i), party, rolled[i].side, flat[i].reroll)
        })
        .collect();
    if let (Some(o), false) = (&sector.owner, owner_fights) {
        actors.push((None, Some(o.clone()), 0, sector.owner_reroll));
    }
    for (ci, party, side, reroll) in actors {
        let mut own: Vec<DieAt> = match ci {
            Some(i) => (0..rolled[i].dice.len()).map(|k| DieAt::Contingent(i, k)).collect(),
            None => Vec::new(),
        };
        if let Some(i) = ci {
            if let Some(a) = rolled[i].code_breaker.clone() {
                let by = RerollBy::CodeBreaker(a);
                if let Some(r) = reroll_one(&own, reroll.when, side, party.clone(), by, false, sector_dice, sector_fixed, rolled, sides.len(), src) {
                    out.push(r);
                }
            }
        }
        let used = party.as_ref().is_some_and(|p| out.iter().any(|r: &Rerolled<P, S>| matches!(r.by, RerollBy::Power) && r.party.as_ref() == Some(p)));
        let fleets_dice = own.clone();
        if reroll.power && !used {
            if ci.is_none() || ci.is_some_and(|i| owns_sector(flat[i], side)) {
                own.extend((0..sector_dice.len()).map(DieAt::Sector));
            }
            if let Some(r) = reroll_one(&own, reroll.when, side, party.clone(), RerollBy::Power, true, sector_dice, sector_fixed, rolled, sides.len(), src) {
                out.push(r);
            }
        }
        // Relance tactique, after the skills: "un de vos dés de bataille",
        // the dice of its fleets; once a battle for a party.
        let carded = party.as_ref().is_some_and(|p| out.iter().any(|r: &Rerolled<P, S>| matches!(r.by, RerollBy::Card) && r.party.as_ref() == Some(p)));
        if let (Some((n, when)), false) = (reroll.card, carded) {
            for _ in 0..n {
                match reroll_one(&fleets_dice, when, side, party.clone(), RerollBy::Card, false, sector_dice, sector_fixed, rolled, sides.len(), src) {
                    Some(r) => out.push(r),
                    None => break,
                }
            }
        }
    }
    out
}

/// One reroll of the lowest of `candidates` if `when` asks for it on side
/// `side`; `keep_better`: sector 34's "choisir le meilleur résultat", else
/// the new result stands.
#[allow(clippy::too_many_arguments)]
fn reroll_one<P, S>(
    candidates: &[DieAt],
    when: When,
    side: usize,
    party: Option<P>,
    by: RerollBy<S>,
    keep_better: bool,
    sector_dice: &mut Vec<Die>,
    sector_fixed: i64,
    rolled: &mut [Rolled<S>],
    n_sides: usize,
    src: &mut impl DieSource,
) -> Option<Rerolled<P, S>>
where
    P: Clone + Display,
    S: Clone + Display,
{
    let get = |at: DieAt, sector_dice: &Vec<Die>, rolled: &[Rolled<S>]| match at {
        DieAt::Sector(k) => sector_dice[k],
        DieAt::Contingent(i, k) => rolled[i].dice[k],
    };
    let at = *candidates.iter().min_by_key(|at| get(**at, sector_dice, rolled).value())?;
    let old = get(at, sector_dice, rolled);
    let wanted = match when {
        When::Never => false,
        When::AtMost(t) => old.value() <= t,
        When::Losing => {
            let mut totals = side_totals(n_sides, sum(sector_dice) + sector_fixed, rolled);
            if winner_of(&totals) == side {
                false
            } else {
                totals[side] += i64::from(6u32.saturating_sub(old.value()));
                winner_of(&totals) == side
            }
        }
    };
    if !wanted {
        return None;
    }
    let whose = match (&by, &party) {
        (RerollBy::CodeBreaker(a), _) => format!("Interrupteur de code: {a}"),
        (RerollBy::Power, Some(p)) => format!("Alimenter le pouvoir: {p}"),
        (RerollBy::Power, None) => "Alimenter le pouvoir".to_string(),
        (RerollBy::Card, Some(p)) => format!("Relance (carte): {p}"),
        (RerollBy::Card, None) => "Relance (carte)".to_string(),
    };
    let (rule, what) = match at {
        DieAt::Sector(k) => (by.heading(), format!("{whose} rerolls the sector's die {}", k + 1)),
        DieAt::Contingent(i, k) => (by.heading(), format!("{whose} rerolls {}'s die {}", rolled[i].name, k + 1)),
    };
    let face = src.d6(rule, what.clone());
    let new = Die { face, ..old };
    let kept = !keep_better || new.value() > old.value();
    let mut bonus = None;
    if kept {
        let (dice, explodes) = match at {
            DieAt::Sector(_) => (&mut *sector_dice, true),
            DieAt::Contingent(i, _) => {
                let r = &mut rolled[i];
                (&mut r.dice, r.explodes)
            }
        };
        let k = match at {
            DieAt::Sector(k) | DieAt::Contingent(_, k) => k,
        };
        dice[k] = new;
        if explodes && !old.bonus && old.value() < 6 && new.value() >= 6 {
            let b = Die { face: src.d6(EXPLODING_SIX, format!("{what}: bonus die")), plus: 0, bonus: true };
            dice.push(b);
            bonus = Some(b);
        }
    }
    let contingent = match at {
        DieAt::Sector(_) => None,
        DieAt::Contingent(i, _) => Some(i),
    };
    Some(Rerolled { party, by, contingent, old, new, kept, bonus })
}

/// Where a party's beaten fleets go (G15): its `RETRAITE` sector if it is
/// one of its own (or a neutral one when it owns none); else its own sector
/// holding most of its fleets, then the lowest number; owning none, the
/// lowest-numbered neutral sector that is not infested. `own` lists the
/// party's sectors after the battle with its fleets in each, `neutral` the
/// neutral non-infested sectors. `None`: nowhere to go — the fleets are
/// lost (RULINGS.md).
pub fn retreat_destination(order: Option<u32>, own: &[(u32, u32)], neutral: &[u32]) -> Option<u32> {
    if let Some(o) = order {
        if own.iter().any(|(s, _)| *s == o) || (own.is_empty() && neutral.contains(&o)) {
            return Some(o);
        }
    }
    match own.iter().min_by_key(|(s, f)| (std::cmp::Reverse(*f), *s)) {
        Some((s, _)) => Some(*s),
        None => neutral.iter().min().copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::script::Faces;
    use super::*;
    use crate::dice::Dice;

    type C = Contingent<String, String>;

    fn party(p: &str, fleets: u32) -> C {
        Contingent { force: Force::Party(p.into()), fleets, admiral: None, adjacency: 0, initiative: 1, losses_to: Vec::new(), reroll: Reroll::default(), cards: ContestMods::default() }
    }

    fn republic(fleets: u32) -> C {
        Contingent { force: Force::Republic, fleets, admiral: None, adjacency: 0, initiative: 0, losses_to: Vec::new(), reroll: Reroll::default(), cards: ContestMods::default() }
    }

    fn admiral(name: &str, command: i32) -> Admiral<String> {
        Admiral { senator: name.into(), command, shadow: 0, skills: BattleSkills::default(), defence_minister: false }
    }

    fn led(mut c: C, a: Admiral<String>) -> C {
        c.admiral = Some(a);
        c
    }

    fn invade(c: C, stake: Stake<String>) -> Invasion<String, String> {
        Invasion { contingent: c, stake, redeployed: false }
    }

    fn claim(p: &str) -> Stake<String> {
        Stake::Claim(p.into())
    }

    fn sector(number: u32, owner: Option<&str>, defence: i32) -> Sector<String> {
        Sector { number, owner: owner.map(String::from), infested: false, defence, extra_dice: 0, owner_adjacency: 0, halved: false, owner_reroll: Reroll::default(), owner_cards: ContestMods::default() }
    }

    /// Fights with scripted faces, checking every face was used.
    fn fight_with(s: &Sector<String>, sides: &[Side<String, String>], faces: &[u32]) -> Outcome<String, String> {
        let mut f = Faces::new(faces);
        let o = fight(s, sides, &mut f);
        assert!(f.faces.is_empty(), "faces left unused: {:?}", f.faces);
        o
    }

    fn two_sided(defenders: Vec<C>, attackers: Vec<Invasion<String, String>>) -> Vec<Side<String, String>> {
        form_sides(defenders, attackers)
    }

    #[test]
    fn resolution_d_invasions_jemak_command_6_with_3_fleets_rolls_3_dice_and_adds_6() {
        let sides = two_sided(vec![], vec![invade(led(party("BIP", 3), admiral("Jemak", 6)), claim("BIP"))]);
        let o = fight_with(&sector(12, None, 2), &sides, &[2, 3, 4, 1]);
        assert_eq!(o.contingents[0].dice.len(), 3);
        assert_eq!(o.totals[1].1, 3 + 4 + 1 + 6, "3 dice and his command 6");
        assert_eq!(o.totals[0].1, 2 + 2, "the neutral sector: 1 base die and its defence");
        assert_eq!(o.after, After::Owner("BIP".into()));
    }

    #[test]
    fn roulement_de_de_a_battle_card_of_des_plus_one_rolls_one_more_die() {
        let mut c = led(party("BIP", 3), admiral("Jemak", 6));
        c.cards.dice = 1;
        let sides = two_sided(vec![], vec![invade(c, claim("BIP"))]);
        let o = fight_with(&sector(12, None, 2), &sides, &[2, 3, 4, 1, 2]);
        assert_eq!(o.contingents[0].dice.len(), 4, "3 fleets and the card's die");
        assert_eq!(o.totals[1].1, 3 + 4 + 1 + 2 + 6);
    }

    #[test]
    fn bonus_de_batailles_battle_cards_add_to_their_side_and_the_owner_s_to_the_sector() {
        let mut c = led(party("BIP", 3), admiral("Jemak", 6));
        c.cards.bonus = 2;
        let sides = two_sided(vec![], vec![invade(c, claim("BIP"))]);
        let mut s = sector(12, Some("POP"), 2);
        s.owner_cards.bonus = 3;
        let o = fight_with(&s, &sides, &[2, 3, 4, 1]);
        assert_eq!(o.totals[1].1, 3 + 4 + 1 + 6 + 2, "the attacker's card");
        assert_eq!(o.totals[0].1, 2 + 2 + 3, "the owner's card, without fleets there, on the sector's total");
    }

    #[test]
    fn victimes_de_la_guerre_a_battle_card_of_pertes_minus_one_spares_a_fleet() {
        let mut d = party("D", 2);
        d.cards.losses = -1;
        let sides = two_sided(vec![d], vec![invade(party("A", 3), claim("A"))]);
        let o = fight_with(&sector(5, Some("D"), 0), &sides, &[1, 1, 1, 5, 5, 1]);
        assert_eq!(o.contingents[1].hits, 2);
        assert_eq!(o.hits_taken[0], 1, "2 hits, 1 spared by the card");
        assert_eq!(o.contingents[0].losses, 1);
    }

    #[test]
    fn les_recompenses_de_l_ombre_fola_with_2_shadows_and_2_fleets_rolls_4_dice() {
        let mut fola = admiral("Fola", 0);
        fola.shadow = 2;
        let sides = two_sided(vec![], vec![invade(led(party("POP", 2), fola), claim("POP"))]);
        let o = fight_with(&sector(50, None, 1), &sides, &[1, 2, 2, 3, 4]);
        assert_eq!(o.contingents[0].dice.len(), 4, "2 for the fleets and 2 for the shadow tokens");
        assert_eq!(o.totals[1].1, 11);
    }

    fn sector_50_infested() -> Sector<String> {
        // "Il y a 1 jeton d'ombre dans le jeu donc l'infestation roule 2 dé et ajoute 5".
        Sector { number: 50, owner: None, infested: true, defence: 5, extra_dice: 1, owner_adjacency: 0, halved: false, owner_reroll: Reroll::default(), owner_cards: ContestMods::default() }
    }

    #[test]
    fn les_flottes_de_la_republique_julie_18_against_the_republic_20_at_sector_50_leaves_it_neutral() {
        // The Republic's fleets were sent there by the senate: their stake is
        // neutrality whatever the order says; Julie claims it for herself.
        let sides = two_sided(vec![], vec![invade(republic(5), claim("JULIE")), invade(party("JULIE", 7), claim("JULIE"))]);
        assert_eq!(sides.len(), 3, "Julie fights apart from the Republic: {sides:?}");
        assert_eq!(sides[1].stake, Stake::Neutral);
        let o = fight_with(&sector_50_infested(), &sides, &[4, 4, 5, 5, 4, 3, 3, 3, 3, 3, 3, 2, 2, 2]);
        assert_eq!(o.sector_dice.len(), 2);
        assert_eq!(o.totals.iter().map(|t| t.1).collect::<Vec<_>>(), [13, 20, 18]);
        assert_eq!(o.winner, 1);
        assert_eq!(o.after, After::Neutral, "the Republic repels her and makes the sector neutral");
        let julie = &o.contingents[1];
        assert!(julie.retreats);
        assert_eq!((julie.hits_to, o.contingents[0].hits_to), (1, 2), "the Republic's 2 hits on Julie, hers on the Republic");
        assert_eq!(julie.losses, 2);
        assert!(o.contingents[0].to_sector_1, "the Republic's fleets go to sector 1 after the battle, won or not");
        // Without the Republic, her 18 beats the infestation's 13 and she takes it.
        let alone = two_sided(vec![], vec![invade(party("JULIE", 7), claim("JULIE"))]);
        let o = fight_with(&sector_50_infested(), &alone, &[4, 4, 3, 3, 3, 3, 2, 2, 2]);
        assert_eq!(o.after, After::Owner("JULIE".into()));
    }

    #[test]
    fn cotes_multiples_dans_une_bataille_the_three_sided_battle() {
        // BIP invades a neutral sector with 4 fleets to take it; COS and GSP
        // bring 2 each to defend it; POP brings 2 to help BIP; TMP 8 to take
        // it for himself: "le secteur … (5 dé + la défense du secteur),
        // l'appui de BIP par le POP (6 dé) et le TMP par lui-même (8 dé)".
        let sides = form_sides(
            vec![party("COS", 2), party("GSP", 2)],
            vec![invade(party("BIP", 4), claim("BIP")), invade(party("POP", 2), claim("BIP")), invade(party("TMP", 8), claim("TMP"))],
        );
        assert_eq!(sides.iter().map(|s| s.stake.clone()).collect::<Vec<_>>(), [Stake::Hold, claim("BIP"), claim("TMP")]);
        let faces = [3, 2, 2, 2, 2, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
        let o = fight_with(&sector(20, None, 3), &sides, &faces);
        let dice_per_side = |si: usize| o.contingents.iter().filter(|c| c.side == si).map(|c| c.dice.len()).sum::<usize>() + if si == 0 { o.sector_dice.len() } else { 0 };
        assert_eq!([dice_per_side(0), dice_per_side(1), dice_per_side(2)], [5, 6, 8]);
        assert_eq!(o.totals.iter().map(|t| t.1).collect::<Vec<_>>(), [3 + 8 + 3, 16 + 6, 24]);
        assert_eq!(o.winner, 2, "the side with the highest total wins");
        assert_eq!(o.after, After::Owner("TMP".into()));
        assert!(o.contingents.iter().filter(|c| c.side != 2).all(|c| c.retreats));
    }

    fn fola_invades_sector_10(fola: Admiral<String>, bip_fleet_face: u32) -> Outcome<String, String> {
        // Sector 10 is BIP's with 1 BIP fleet; its base die shows 6, whose
        // bonus die shows 5: 2 hits; the BIP fleet's die adds a third on 5.
        let sides = form_sides(vec![party("BIP", 1)], vec![invade(led(party("POP", 2), fola), claim("POP"))]);
        fight_with(&sector(10, Some("BIP"), 1), &sides, &[6, 5, bip_fleet_face, 1, 1])
    }

    #[test]
    fn amiraux_comme_pertes_fola_escapes_2_hits_on_her_2_fleets_and_dies_at_3() {
        let o = fola_invades_sector_10(admiral("Fola", 1), 1);
        assert_eq!(o.hits_taken[1], 2);
        assert_eq!(o.contingents[1].losses, 2, "both fleets destroyed");
        assert_eq!(o.contingents[1].admiral_killed, None, "Fola escapes");
        let o = fola_invades_sector_10(admiral("Fola", 1), 5);
        assert_eq!(o.hits_taken[1], 3);
        assert_eq!(o.contingents[1].admiral_killed.as_deref(), Some("Fola"), "3 hits or more: Fola perishes");
        let mut coward = admiral("Fola", 1);
        coward.skills.coward = true;
        let o = fola_invades_sector_10(coward, 5);
        assert_eq!(o.contingents[1].admiral_killed, None, "Lâche: ne peut pas mourir dans la bataille");
    }

    #[test]
    fn egalite_dans_un_conflit_the_defender_wins_ties() {
        let sides = two_sided(vec![], vec![invade(party("A", 1), claim("A"))]);
        let o = fight_with(&sector(3, Some("D"), 2), &sides, &[2, 4]);
        assert_eq!((o.totals[0].1, o.totals[1].1), (4, 4));
        assert_eq!((o.winner, o.after.clone()), (0, After::Unchanged));
        assert!(o.contingents[0].retreats);
    }

    #[test]
    fn egalite_two_attackers_tied_at_the_top_leave_the_sector_as_it_was_g21() {
        let sides = two_sided(vec![], vec![invade(party("A", 1), claim("A")), invade(party("B", 1), claim("B"))]);
        let o = fight_with(&sector(3, Some("D"), 0), &sides, &[1, 4, 4]);
        assert_eq!(o.after, After::Unchanged);
        assert!(o.contingents.iter().all(|c| c.retreats), "both attackers lost");
    }

    #[test]
    fn bonus_de_batailles_adjacency_for_attackers_with_own_fleets_for_defenders_always() {
        // The owner's 2 adjacent sectors count without a fleet there; an
        // attacker's 3 only with its own fleets; never the Republic's.
        let mut s = sector(7, Some("D"), 0);
        s.owner_adjacency = 2;
        let mut a = party("A", 1);
        a.adjacency = 3;
        let mut r = republic(1);
        r.adjacency = 3;
        let sides = two_sided(vec![], vec![invade(a, claim("A")), invade(r, Stake::Neutral)]);
        let o = fight_with(&s, &sides, &[1, 1, 1]);
        assert_eq!(o.totals.iter().map(|t| t.1).collect::<Vec<_>>(), [1 + 2, 1 + 3, 1]);
        let mut a = party("A", 0);
        a.adjacency = 3;
        let o = fight_with(&s, &two_sided(vec![], vec![invade(a, claim("A"))]), &[1]);
        assert_eq!(o.totals[1].1, 0, "no party fleet of its own: no bonus");
        // A defending ally gets its adjacency; the owner's fleets do not add it twice.
        let mut ally = party("X", 1);
        ally.adjacency = 1;
        let mut own = party("D", 1);
        own.adjacency = 2;
        let o = fight_with(&s, &two_sided(vec![ally, own], vec![invade(party("A", 1), claim("A"))]), &[1, 1, 1, 1]);
        assert_eq!(o.totals[0].1, 1 + 2 + (1 + 1) + 1);
    }

    #[test]
    fn victimes_de_la_guerre_no_loss_on_the_republic_while_party_fleets_remain() {
        let sides = form_sides(vec![republic(3), party("D", 2)], vec![invade(party("A", 4), claim("A"))]);
        let o = fight_with(&sector(9, Some("D"), 0), &sides, &[1, 1, 1, 1, 1, 1, 5, 5, 5, 1]);
        assert_eq!(o.hits_taken[0], 3);
        assert_eq!((o.contingents[0].losses, o.contingents[1].losses), (1, 2), "the party's 2 first, then 1 Republic");
        assert!(o.contingents[0].to_sector_1);
    }

    #[test]
    fn victimes_de_la_guerre_hits_round_the_parties_worst_initiative_first() {
        let mut late = party("L", 3);
        late.initiative = 4;
        let mut early = party("E", 3);
        early.initiative = 2;
        let sides = form_sides(vec![late, early], vec![invade(party("A", 3), claim("A"))]);
        let o = fight_with(&sector(9, None, 0), &sides, &[1, 1, 1, 1, 1, 1, 1, 5, 5, 5]);
        assert_eq!((o.contingents[0].losses, o.contingents[1].losses), (1, 2));
    }

    #[test]
    fn victimes_de_la_guerre_the_one_inflicting_decides_where_losses_go_g14() {
        // Three sides: A's hits go where its PERTES order says (X is not
        // in the battle, C is), B's to the opposing side with most fleets.
        let mut a = party("A", 2);
        a.losses_to = vec!["X".into(), "C".into()];
        let sides = form_sides(vec![party("D", 1)], vec![invade(a, claim("A")), invade(party("B", 3), claim("B")), invade(party("C", 2), claim("C"))]);
        let o = fight_with(&sector(9, None, 0), &sides, &[1, 1, 5, 5, 5, 1, 1, 1, 1]);
        assert_eq!(o.contingents[1].hits_to, 3, "A's hits on C's side");
        assert_eq!(o.contingents[2].hits_to, 1, "B's hit on the side with most fleets: A (2) before C (2) by initiative, then index");
        assert_eq!(o.contingents[3].losses, 2);
    }

    #[test]
    fn combat_avec_infestation_one_die_per_shadow_and_croyant_plus_5() {
        let mut croyant = admiral("Cro", 0);
        croyant.skills.believer = true;
        let sides = two_sided(vec![], vec![invade(led(party("A", 1), croyant.clone()), Stake::Neutral)]);
        let mut s = sector_50_infested();
        s.extra_dice = 3;
        let o = fight_with(&s, &sides, &[1, 1, 1, 1, 5]);
        assert_eq!(o.sector_dice.len(), 4);
        assert_eq!(o.totals[1].1, 5 + 5, "his die and the Croyant's 5 against the Ke'Ras");
        assert_eq!(o.after, After::Neutral, "10 beats the infestation's 4 + 5");
    }

    #[test]
    fn competences_de_senateur_tacticien_pacifiste_boucher_charitable_strategist_defence_minister() {
        let with = |f: fn(&mut Admiral<String>)| {
            let mut a = admiral("S", 0);
            f(&mut a);
            two_sided(vec![party("D", 9)], vec![invade(led(party("A", 3), a), claim("A"))])
        };
        let s = sector(5, Some("D"), 0);
        let nine = [1; 10];
        // Tacticien: 4 dice.
        let o = fight_with(&s, &with(|a| a.skills.tactician = true), &[&nine[..], &[1, 1, 1, 1]].concat());
        assert_eq!(o.contingents[1].dice.len(), 4);
        // Pacifiste: 1 die; with 1 fleet, none.
        let o = fight_with(&s, &with(|a| a.skills.pacifist = true), &[&nine[..], &[1]].concat());
        assert_eq!(o.contingents[1].dice.len(), 1);
        // Boucher: 4s kill.
        let o = fight_with(&s, &with(|a| a.skills.butcher = true), &[&nine[..], &[4, 4, 3]].concat());
        assert_eq!(o.contingents[1].hits, 2);
        // Charitable: 3 hits become 2.
        let o = fight_with(&s, &with(|a| a.skills.charitable = true), &[&nine[..], &[5, 5, 5]].concat());
        assert_eq!(o.contingents[1].hits, 2);
        // Stratège: the first die 5 + 1 explodes.
        let o = fight_with(&s, &with(|a| a.skills.strategist = true), &[&nine[..], &[5, 1, 1, 2]].concat());
        assert_eq!(o.totals[1].1, 6 + 1 + 1 + 2);
        // Lâche: no explosion.
        let o = fight_with(&s, &with(|a| a.skills.coward = true), &[&nine[..], &[6, 6, 1]].concat());
        assert_eq!(o.contingents[1].dice.len(), 3);
        // The Defence minister: +2 command.
        let o = fight_with(&s, &with(|a| a.defence_minister = true), &[&nine[..], &[1, 1, 1]].concat());
        assert_eq!(o.totals[1].1, 3 + 2);
    }

    fn breaker(when: When) -> Vec<Side<String, String>> {
        let mut a = admiral("Xeqel", 0);
        a.skills.code_breaker = true;
        let mut c = led(party("A", 2), a);
        c.reroll.when = when;
        two_sided(vec![], vec![invade(c, claim("A"))])
    }

    #[test]
    fn competences_de_senateur_interrupteur_de_code_rerolls_one_die_the_new_result_stands() {
        // The sector: its die 4 + defence 3 = 7; A's dice 2 and 3 (5):
        // losing, and its 2 turned to a 6 would win: Xeqel rerolls it. The
        // new 1 stands though worse.
        let s = sector(5, Some("D"), 3);
        let o = fight_with(&s, &breaker(When::Losing), &[4, 2, 3, 1]);
        assert_eq!(o.contingents[0].dice.iter().map(|d| d.face).collect::<Vec<_>>(), [1, 3], "the new result stands");
        assert_eq!(o.totals[1].1, 4);
        assert_eq!(o.rerolls.len(), 1);
        let r = &o.rerolls[0];
        assert_eq!((r.old.face, r.new.face, r.kept, r.by.clone()), (2, 1, true, RerollBy::CodeBreaker("Xeqel".to_string())));
        // A new natural 6 explodes: 6 + 3 + bonus 2 = 11 beats 7.
        let o = fight_with(&s, &breaker(When::Losing), &[4, 2, 3, 6, 2]);
        assert_eq!(o.totals[1].1, 11);
        assert_eq!(o.rerolls[0].bonus.map(|d| d.face), Some(2));
        assert_eq!(o.winner, 1);
        // Winning already (5 + 5 against 7): no reroll (G16).
        let o = fight_with(&s, &breaker(When::Losing), &[4, 5, 5]);
        assert!(o.rerolls.is_empty());
        // Losing beyond what one die can mend (1 + 1 + 5 < 8): none either.
        let o = fight_with(&sector(5, Some("D"), 6), &breaker(When::Losing), &[2, 1, 1]);
        assert!(o.rerolls.is_empty());
        // RELANCE … SEUIL 2: the 2 is rerolled while winning.
        let o = fight_with(&s, &breaker(When::AtMost(2)), &[1, 2, 6, 4, 3]);
        assert_eq!(o.rerolls.len(), 1);
        // RELANCE AUCUNE: never.
        let o = fight_with(&s, &breaker(When::Never), &[4, 2, 3]);
        assert!(o.rerolls.is_empty());
    }

    #[test]
    fn competences_de_secteur_alimenter_le_pouvoir_one_reroll_the_better_kept() {
        let power = |fleets: u32| {
            let mut c = party("A", fleets);
            c.reroll.power = true;
            two_sided(vec![], vec![invade(c, claim("A"))])
        };
        let s = sector(5, Some("D"), 3);
        // 2 + 3 against 7: the 2 rerolled shows 1, the 2 is kept.
        let o = fight_with(&s, &power(2), &[4, 2, 3, 1]);
        assert_eq!(o.contingents[0].dice.iter().map(|d| d.face).collect::<Vec<_>>(), [2, 3]);
        assert_eq!((o.rerolls[0].kept, o.rerolls[0].by.clone()), (false, RerollBy::Power));
        // It shows 5: kept, and a hit more.
        let o = fight_with(&s, &power(2), &[4, 2, 3, 5]);
        assert_eq!(o.totals[1].1, 8);
        assert_eq!(o.contingents[0].hits, 1);
        assert_eq!(o.winner, 1);
        // The owner of the sector fought over, without fleets there, rerolls
        // the sector's die: 1 + 3 against 3 + 3 becomes 5 + 3.
        let mut s = sector(5, Some("D"), 3);
        s.owner_reroll.power = true;
        let o = fight_with(&s, &two_sided(vec![], vec![invade(party("A", 2), claim("A"))]), &[1, 3, 3, 5]);
        assert_eq!(o.sector_dice[0].face, 5);
        assert_eq!((o.rerolls[0].party.clone(), o.rerolls[0].contingent), (Some("D".to_string()), None));
        assert_eq!((o.winner, o.sector_hits.0), (0, 1));
        // With both, an Interrupteur de code first, then the sector if
        // still losing: one each.
        let mut a = admiral("Xeqel", 0);
        a.skills.code_breaker = true;
        let mut c = led(party("A", 2), a);
        c.reroll.power = true;
        let o = fight_with(&sector(5, Some("D"), 3), &two_sided(vec![], vec![invade(c, claim("A"))]), &[4, 2, 3, 1, 5]);
        assert_eq!(o.rerolls.iter().map(|r| (r.old.face, r.new.face, r.kept)).collect::<Vec<_>>(), [(2, 1, true), (1, 5, true)]);
        assert_eq!(o.totals[1].1, 8);
    }

    #[test]
    fn les_benefiques_de_la_rebellion_sector_defence_halved_rounded_up() {
        let mut s = sector(5, Some("D"), 5);
        s.halved = true;
        let o = fight_with(&s, &two_sided(vec![], vec![invade(party("R", 1), claim("R"))]), &[1, 1]);
        assert_eq!(o.totals[0].1, 1 + 3);
    }

    #[test]
    fn victoires_et_retraites_where_beaten_fleets_go_g15() {
        assert_eq!(retreat_destination(Some(31), &[(30, 2), (31, 0)], &[4]), Some(31), "its RETRAITE order");
        assert_eq!(retreat_destination(Some(4), &[(30, 2), (31, 0)], &[4]), Some(30), "not its own: most own fleets");
        assert_eq!(retreat_destination(None, &[(33, 1), (30, 1)], &[4]), Some(30), "then the lowest number");
        assert_eq!(retreat_destination(None, &[], &[12, 4]), Some(4), "no sector: the lowest neutral one");
        assert_eq!(retreat_destination(Some(12), &[], &[12, 4]), Some(12));
        assert_eq!(retreat_destination(None, &[], &[]), None);
    }

    // ---- The independent model, compared over many seeds ----

    /// A second computation of the totals, the hits each side takes and the
    /// winner, from the faces drawn in the documented order.
    fn model(s: &Sector<String>, sides: &[Side<String, String>], faces: &[u32]) -> (Vec<i64>, Vec<u32>, usize) {
        let mut next = faces.iter().copied();
        let mut take = |n: u32, plus: u32, explode: bool, threshold: u32| -> (i64, u32) {
            let mut shown: Vec<u32> = (0..n).map(|_| next.next().unwrap()).collect();
            if let Some(first) = shown.first_mut() {
                *first += plus;
            }
            let extra = if explode { shown.iter().filter(|v| **v >= 6).count() } else { 0 };
            for _ in 0..extra {
                shown.push(next.next().unwrap());
            }
            (shown.iter().map(|v| i64::from(*v)).sum(), shown.iter().filter(|v| **v >= threshold).count() as u32)
        };
        let mut totals = vec![0i64; sides.len()];
        let mut taken = vec![0u32; sides.len()];
        let fleets = |i: usize| sides[i].contingents.iter().map(|c| c.fleets).sum::<u32>();
        let initiative = |i: usize| sides[i].contingents.iter().map(|c| c.initiative).min().unwrap_or(u32::MAX);
        let default_target = |own: usize| (0..sides.len()).filter(|i| *i != own).max_by(|a, b| (fleets(*a), std::cmp::Reverse(initiative(*a)), std::cmp::Reverse(*a)).cmp(&(fleets(*b), std::cmp::Reverse(initiative(*b)), std::cmp::Reverse(*b)))).unwrap();
        let (sum0, hits0) = take(1 + s.extra_dice, 0, true, 5);
        let def = if s.halved { (s.defence + 1) / 2 } else { s.defence };
        totals[0] = sum0 + i64::from(def) + if s.owner.is_some() { i64::from(s.owner_adjacency) } else { 0 };
        taken[default_target(0)] += hits0;
        for (si, side) in sides.iter().enumerate() {
            for c in &side.contingents {
                if c.fleets == 0 {
                    continue;
                }
                let a = c.admiral.clone().unwrap_or(Admiral { senator: String::new(), command: 0, shadow: 0, skills: BattleSkills::default(), defence_minister: false });
                let k = a.skills;
                let shadow = if k.atheist && a.shadow > 0 { a.shadow - 1 } else { a.shadow };
                let n = (c.fleets as i64 + k.tactician as i64 + shadow as i64 - 2 * k.pacifist as i64).max(0) as u32;
                let (sum, hits) = take(n, k.strategist as u32, !k.coward, if k.butcher { 4 } else { 5 });
                let hits = if k.charitable { hits / 2 + hits % 2 } else { hits };
                let mut total = sum + i64::from(a.command);
                if a.defence_minister {
                    total += 2;
                }
                if k.believer && s.infested {
                    total += 5;
                }
                let is_owner = matches!(&c.force, Force::Party(p) if s.owner.as_ref() == Some(p));
                let may_adjacent = matches!(c.force, Force::Party(_)) && !(si == 0 && is_owner);
                if may_adjacent {
                    total += i64::from(c.adjacency);
                }
                totals[si] += total;
                let named = c.losses_to.iter().find_map(|p| (0..sides.len()).find(|i| *i != si && sides[*i].contingents.iter().any(|x| x.force == Force::Party(p.clone()))));
                taken[named.unwrap_or_else(|| default_target(si))] += hits;
            }
        }
        let top = *totals[1..].iter().max().unwrap();
        let leaders: Vec<usize> = (1..sides.len()).filter(|i| totals[*i] == top).collect();
        let winner = if top > totals[0] && leaders.len() == 1 { leaders[0] } else { 0 };
        (totals, taken, winner)
    }

    fn random_battle(dice: &mut Dice) -> (Sector<String>, Vec<Side<String, String>>) {
        let r = |dice: &mut Dice, lo: u32, hi: u32| dice.range(lo, hi, "test", "battle shape");
        let owner = ["D", "", "X"][r(dice, 0, 2) as usize];
        let infested = owner.is_empty() && r(dice, 0, 3) == 0;
        let s = Sector {
            number: 7,
            owner: (!owner.is_empty()).then(|| owner.to_string()),
            infested,
            defence: r(dice, 0, 6) as i32,
            extra_dice: r(dice, 0, 2),
            owner_adjacency: r(dice, 0, 3),
            halved: r(dice, 0, 3) == 0,
            owner_reroll: Reroll::default(),
            owner_cards: ContestMods::default(),
        };
        let contingent = |dice: &mut Dice, name: &str| -> C {
            let mut c = if name == "REP" { republic(r(dice, 0, 4)) } else { party(name, r(dice, 0, 5)) };
            c.adjacency = r(dice, 0, 3);
            c.initiative = r(dice, 0, 5);
            if r(dice, 0, 3) == 0 {
                for _ in 0..r(dice, 1, 2) {
                    c.losses_to.push(["A", "B", "D", "X"][r(dice, 0, 3) as usize].into());
                }
            }
            if r(dice, 0, 1) == 0 {
                let skills = BattleSkills {
                    tactician: r(dice, 0, 3) == 0,
                    strategist: r(dice, 0, 3) == 0,
                    coward: r(dice, 0, 3) == 0,
                    pacifist: r(dice, 0, 3) == 0,
                    charitable: r(dice, 0, 3) == 0,
                    butcher: r(dice, 0, 3) == 0,
                    believer: r(dice, 0, 3) == 0,
                    atheist: r(dice, 0, 3) == 0,
                    code_breaker: false,
                };
                c.admiral = Some(Admiral { senator: format!("{name}-adm"), command: r(dice, 0, 6) as i32, shadow: r(dice, 0, 2), skills, defence_minister: r(dice, 0, 4) == 0 });
            }
            c
        };
        let mut present = Vec::new();
        for name in ["D", "REP", "X"] {
            if r(dice, 0, 1) == 0 {
                present.push(contingent(dice, name));
            }
        }
        let mut invasions = Vec::new();
        for name in ["A", "B", "C", "REP"] {
            if r(dice, 0, 2) > 0 || invasions.is_empty() {
                let stake = [claim("A"), claim(name), Stake::Neutral][r(dice, 0, 2) as usize].clone();
                invasions.push(Invasion { contingent: contingent(dice, name), stake, redeployed: r(dice, 0, 4) == 0 });
            }
        }
        (s, form_sides(present, invasions))
    }

    #[test]
    fn resolution_d_invasions_agrees_with_an_independent_model_over_many_seeds() {
        let mut shapes = Dice::from_seed([9; 32]);
        let mut outcomes = std::collections::BTreeSet::new();
        for seed in 0..2000u32 {
            let (s, sides) = random_battle(&mut shapes);
            let mut dice = Dice::from_seed(crate::dice::turn_seed(u64::from(seed), 1));
            let o = fight(&s, &sides, &mut dice);
            let faces: Vec<u32> = dice.log().iter().flat_map(|r| r.dice.clone()).collect();
            assert!(dice.log().iter().all(|r| r.rule == HEADING || r.rule == INFESTATION || r.rule == super::super::EXPLODING_SIX));
            let (totals, taken, winner) = model(&s, &sides, &faces);
            assert_eq!(o.totals.iter().map(|t| t.1).collect::<Vec<_>>(), totals, "seed {seed}: {s:?} {sides:?}");
            assert_eq!(o.hits_taken, taken, "seed {seed}");
            assert_eq!(o.winner, winner, "seed {seed}");
            outcomes.insert(format!("{:?}", o.after).chars().take(5).collect::<String>());
            // Fleets are conserved except hits; no side loses more than it had.
            for (si, side) in sides.iter().enumerate() {
                let fought: Vec<&Fought<String, String>> = o.contingents.iter().filter(|c| c.side == si).collect();
                let fleets: u32 = side.contingents.iter().map(|c| c.fleets).sum();
                let lost: u32 = fought.iter().map(|c| c.losses).sum();
                assert_eq!(lost, taken[si].min(fleets), "seed {seed}: side {si} loses its hits, at most its fleets");
                for (c, f) in side.contingents.iter().zip(&fought) {
                    assert!(f.losses <= c.fleets);
                    if matches!(c.force, Force::Republic) && f.losses > 0 {
                        assert!(side.contingents.iter().zip(&fought).all(|(x, y)| matches!(x.force, Force::Republic) || y.losses == x.fleets), "seed {seed}: the Republic lost while party fleets remained");
                    }
                    assert_eq!(f.admiral_killed.is_some(), c.admiral.as_ref().is_some_and(|a| !a.skills.coward) && taken[si] > fleets);
                }
            }
            // The defender wins ties.
            if o.totals[1..].iter().any(|t| t.1 == o.totals[0].1) && o.totals[1..].iter().all(|t| t.1 <= o.totals[0].1) {
                assert_eq!(o.winner, 0);
            }
        }
        assert_eq!(outcomes.len(), 3, "every kind of outcome happens: {outcomes:?}");
    }
}
