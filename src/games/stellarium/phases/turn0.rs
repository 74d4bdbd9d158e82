//! The foundation turn ("Début de partie", a–f) and the founding of the
//! families that register later (d).
//!
//! At turn 0 each family founds its eight characters (names, sexes,
//! trainings: priests only among 5–6; 10/10/5/5/5/0/0/0 PP plus 25 PP to
//! distribute, plus the PP bought at 1 M$ each), bids for the first ship
//! and names candidates. Then, in the rules' order: the judges are elected,
//! the pyramids are filled by prestige (ties: the older first, then by lot),
//! the governors are elected and the ship is auctioned (28).
//!
//! A family that gave no (or not all) founding orders is completed by lot,
//! as `defaults::default_orders` does (RULINGS).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::dice::Dice;
use crate::game::{FamilyKey, OrderStatus};
use crate::text::{self, key};

use super::super::defaults;
use super::super::events::Event;
use super::super::why::Why;
use super::super::model::{
    Character, CharacterId, InitialMarriages, Marital, Pyramid, Sex, State, Training, EMPIRE_YEAR, FOUNDER_AGES,
    FOUNDER_BASE_PP, FREE_PP, JUDGE_SEATS,
};
use super::super::orders::{CandidacyOrder, CandidateRef, Office, Orders};
use super::p09_baptisms::{draw_name, name_is_free};
use super::{rank_by_prestige, TurnCtx};

/// Turn 0: every family founded, then judges, pyramids, governors, ship.
pub fn run(ctx: &mut TurnCtx, dice: &mut Dice) {
    let unfounded: Vec<FamilyKey> = ctx.state.families.values().filter(|f| !f.founded).map(|f| f.key.clone()).collect();
    found_families(ctx, dice, &unfounded);
    elect_judges(ctx, dice, "f");
    fill_pyramids(ctx, dice);
    elect_governors(ctx, dice, "f");
    // e: the first ship is sold by the rule of every later sale (28.1–28.6).
    super::p28_ship_sale::auction(ctx, dice);
    // 2.8.5 "pour chaque tour où la famille a rendu ses ordres": turn 0's
    // orders earn the first credit, which serves from turn 1 (RULINGS 2.8.5).
    let keys: Vec<FamilyKey> = ctx.state.families.keys().cloned().collect();
    super::p02_contracts::earn_credits(ctx, &keys);
}

/// d: families registered after turn 0 are founded at the start of the
/// first turn they take part in (their orders of that turn are the founding
/// ones). Their candidacies and bid wait for the Assembly (27, 28).
pub fn found_late_families(ctx: &mut TurnCtx, dice: &mut Dice) {
    let unfounded: Vec<FamilyKey> = ctx.state.families.values().filter(|f| !f.founded).map(|f| f.key.clone()).collect();
    if !unfounded.is_empty() {
        found_families(ctx, dice, &unfounded);
    }
}

/// Creates the eight founders of each family in `keys`, then marries the
/// married founders (1–4) across these families (RULINGS c).
pub fn found_families(ctx: &mut TurnCtx, dice: &mut Dice, keys: &[FamilyKey]) {
    for k in keys {
        found_one(ctx, dice, k);
    }
    marry_founders(ctx, dice, keys);
}

/// The year in which founders have their [`FOUNDER_AGES`]: 5001 for the
/// families of turn 0, the first year of the cycle for a late family.
fn founders_reference_year(state: &State) -> i32 {
    if state.turn == 0 {
        EMPIRE_YEAR + 1
    } else {
        state.first_year()
    }
}

fn found_one(ctx: &mut TurnCtx, dice: &mut Dice, family: &str) {
    let given: &Orders = ctx.orders(family);
    // No PERSONNAGE line of the family's own: the referee founded it (the
    // daemon's defaults may have made all eight already).
    let by_default = given.founders.iter().all(|f| f.by_referee);
    // Missing PERSONNAGE lines are completed like the daemon's defaults do
    // (b–d: sex, name, training by lot; undistributed PP spread over the
    // created founders 1–6) when the orders did not come through them.
    let completed;
    let orders: &Orders = if given.founders.len() < 8 {
        completed = defaults::default_orders(&ctx.state, family, OrderStatus::Opr, given.clone(), dice);
        &completed
    } else {
        given
    };
    let Some(fam) = ctx.state.family(family) else { return };
    let late_bonus = fam.late_bonus_pp;
    let money = fam.money;

    // d: PP bought at 1 M$ each, within the family's money (turn 0 only, or
    // the founding turn of a late family).
    let bought = orders.advertising.min(money.max(0) as u32);
    if bought > 0 {
        ctx.add_money(family, -i64::from(bought), "d", Why::Advertising { pp: i64::from(bought) });
    }
    let mut pool = FREE_PP + bought + late_bonus;

    let reference_year = founders_reference_year(&ctx.state);
    let mut ids = Vec::with_capacity(8);
    let mut taken: Vec<String> = Vec::new();
    for n in 1u8..=8 {
        let given = orders.founders.iter().find(|f| f.n == n);
        let what = |x: &str| format!("{x} of founder {n} of {family}");
        // b–d: a founder the referee made for a line missing or refused is
        // told to the family, with what was drawn for it.
        if let Some(f) = given.filter(|f| f.by_referee && !by_default) {
            ctx.emit(Event::FoundationDefault { family: family.to_string(), founder_no: n, what: Why::FounderByReferee { name: f.first_name.clone() }.msg() });
        }
        // b: the first name.
        let sex = match given {
            Some(f) => f.sex,
            None => {
                let i = dice.pick_index(2, "b", what("sex")).unwrap_or(0);
                if i == 0 {
                    Sex::Male
                } else {
                    Sex::Female
                }
            }
        };
        let name = match given.map(|f| f.first_name.trim()) {
            Some(nm) if name_is_free(&ctx.state, family, nm, None) && !taken.iter().any(|t| text::key_eq(t, &key(nm))) => nm.to_string(),
            _ => {
                let nm = draw_name(&ctx.state, family, sex, &taken, dice, "b", &what("first name"));
                if !by_default {
                    ctx.emit(Event::FoundationDefault { family: family.to_string(), founder_no: n, what: Why::NameDrawn { name: nm.clone() }.msg() });
                }
                nm
            }
        };
        taken.push(name.clone());
        // c: a training for 1–6 (priests only among 5–6), none for 7–8.
        let allowed: &[Training] = match n {
            1..=4 => &[Training::Warrior, Training::Explorer, Training::Merchant],
            5 | 6 => &Training::ALL,
            _ => &[],
        };
        let training = match given.and_then(|f| f.training) {
            Some(t) if allowed.contains(&t) => Some(t),
            _ if allowed.is_empty() => None,
            _ => {
                let i = dice.pick_index(allowed.len(), "c", what("training")).unwrap_or(0);
                let t = allowed[i];
                dice.set_outcome(t.keyword_fr());
                if !by_default {
                    ctx.emit(Event::FoundationDefault {
                        family: family.to_string(),
                        founder_no: n,
                        what: Why::TrainingDrawn { training: super::super::why::training(t) }.msg(),
                    });
                }
                Some(t)
            }
        };
        // d: the extra PP, within what is left of the pool.
        let wanted = given.map_or(0, |f| f.extra_pp);
        let extra = wanted.min(pool);
        if extra < wanted {
            ctx.emit(Event::FoundationDefault {
                family: family.to_string(),
                founder_no: n,
                what: Why::PpReduced { wanted: i64::from(wanted), extra: i64::from(extra) }.msg(),
            });
        }
        pool -= extra;

        let idx = usize::from(n - 1);
        let mut c = Character::new(&name, sex, reference_year - FOUNDER_AGES[idx], family);
        c.founder_no = Some(n);
        c.training = training;
        c.pp = FOUNDER_BASE_PP[idx] + i64::from(extra);
        ids.push(ctx.state.add_character(c));
    }

    if let Some(f) = ctx.state.family_mut(family) {
        f.founded = true;
    }
    ctx.emit(Event::FamilyFounded {
        family: family.to_string(),
        founders: ids,
        advertising_pp: bought,
        late_bonus_pp: late_bonus,
        by_default,
    });
}

/// c: founders 1–4 are "already married"; marriage inside a family is
/// forbidden (3.2), so they marry across the families founded together,
/// by lot (a man with a woman of another family, at most three couples
/// between two families, 3.4). Those left over, or all of them with the
/// `Widowed` setting, are widowed (RULINGS c).
fn marry_founders(ctx: &mut TurnCtx, dice: &mut Dice, keys: &[FamilyKey]) {
    let fams: BTreeSet<&FamilyKey> = keys.iter().collect();
    let married: Vec<CharacterId> = ctx
        .state
        .characters
        .values()
        .filter(|c| fams.contains(&c.family) && c.founder_no.is_some_and(|n| n <= 4) && c.marital == Marital::Single)
        .map(|c| c.id)
        .collect();
    if ctx.state.settings.initial_marriages == InitialMarriages::ByLot {
        let mut men: Vec<CharacterId> =
            married.iter().copied().filter(|id| ctx.character(*id).is_some_and(|c| c.sex == Sex::Male)).collect();
        let women: Vec<CharacterId> =
            married.iter().copied().filter(|id| ctx.character(*id).is_some_and(|c| c.sex == Sex::Female)).collect();
        dice.shuffle(&mut men, "c", "order of the married founders");
        // Families as numbers, each woman with hers, and how many women
        // each family still has: a man's choice is every woman but those
        // of his family and of the families his family has 3 couples with.
        let fam_no: BTreeMap<&FamilyKey, usize> = fams.iter().enumerate().map(|(i, f)| (*f, i)).collect();
        let no_of = |id: CharacterId| ctx.character(id).and_then(|c| fam_no.get(&c.family).copied());
        let mut women: Vec<(CharacterId, usize)> = women.iter().filter_map(|w| no_of(*w).map(|f| (*w, f))).collect();
        let mut left = vec![0usize; fam_no.len()];
        for (_, f) in &women {
            left[*f] += 1;
        }
        let mut couples: HashMap<(usize, usize), u32> = HashMap::new();
        let mut full: Vec<Vec<usize>> = vec![Vec::new(); fam_no.len()];
        let mut events = Vec::new();
        for m in men {
            let Some(mf) = no_of(m) else { continue };
            let barred: Vec<usize> = std::iter::once(mf).chain(full[mf].iter().copied()).collect();
            let options = women.len() - barred.iter().map(|f| left[*f]).sum::<usize>();
            let what = format!("wife of {}", ctx.state.full_name(m));
            let Some(pick) = dice.pick_index(options, "c", what) else { continue };
            let i = women.iter().enumerate().filter(|(_, (_, f))| !barred.contains(f)).nth(pick).map(|(i, _)| i).expect("pick < options");
            let (w, wf) = women.remove(i);
            left[wf] -= 1;
            let n = couples.entry((mf.min(wf), mf.max(wf))).or_insert(0);
            *n += 1;
            if *n == 3 {
                full[mf].push(wf);
                full[wf].push(mf);
            }
            events.push((m, w));
        }
        let turn = ctx.turn();
        for (m, w) in events {
            if let Some(c) = ctx.state.character_mut(m) {
                c.marital = Marital::Married { spouse: w, since_turn: turn };
            }
            if let Some(c) = ctx.state.character_mut(w) {
                c.marital = Marital::Married { spouse: m, since_turn: turn };
            }
            ctx.emit(Event::FounderMarriage { husband: m, wife: w });
        }
    }
    for id in married {
        if ctx.character(id).is_some_and(|c| c.marital == Marital::Single) {
            if let Some(c) = ctx.state.character_mut(id) {
                c.marital = Marital::Widowed { late_spouse: None };
            }
            ctx.emit(Event::FounderWidowed { who: id });
        }
    }
}

/// The candidacies of every family for `office`, resolved to characters of
/// that family (`CandidateRef::Founder(n)` through `Character::founder_no`,
/// for turn 0 and late families), in family order.
pub fn candidates(ctx: &TurnCtx, office: &Office) -> Vec<CharacterId> {
    let mut out = Vec::new();
    for (family, input) in ctx.inputs.iter() {
        for CandidacyOrder { who, office: o } in &input.orders.candidacies {
            if o != office {
                continue;
            }
            let id = match who {
                CandidateRef::Character(id) => Some(*id),
                CandidateRef::Founder(n) => ctx.state.members(family).find(|c| c.founder_no == Some(*n)).map(|c| c.id),
            };
            if let Some(id) = id.filter(|id| ctx.state.family_of(*id) == Some(family)) {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

/// 27.2 at the foundation: the candidates with at least 10 PP (27.2.2) and a
/// training (RULINGS) fill the free seats, the most prestigious first; each
/// elected judge gains 6 PP (27.2.7).
pub fn elect_judges(ctx: &mut TurnCtx, dice: &mut Dice, rule: &str) {
    let free_seats = JUDGE_SEATS.saturating_sub(ctx.state.judges.len());
    let eligible: Vec<CharacterId> = candidates(ctx, &Office::Judge)
        .into_iter()
        .filter(|id| {
            ctx.character(*id).is_some_and(|c| c.is_free() && c.training.is_some() && c.pp >= 10) && !ctx.state.is_judge(*id)
        })
        .collect();
    let ranked = rank_by_prestige(&ctx.state, &eligible, dice, rule, "election of judges");
    for id in ranked.into_iter().take(free_seats) {
        ctx.state.judges.push(id);
        // 27.2.4: a judge holds no other post.
        ctx.leave_pyramids(id, "27.2.4");
        ctx.add_pp(id, 6, "27.2.7", Why::JudgeElected);
        let pp = ctx.character(id).map_or(0, |c| c.pp);
        ctx.emit(Event::JudgeElected { who: id, pp });
    }
}

/// Turn 0: "les pyramides sont remplies en fonction des PP des
/// personnages" — the Government first (27.3.2), each of the six seats in
/// order of prestige (head, heirs, councillors). Members need a training
/// (27.3.3) and the pyramid's one; judges hold no seat (27.2.4); the
/// Emperor holds no other post. No promotion PP: this is the initial
/// situation, not a promotion (RULINGS).
pub fn fill_pyramids(ctx: &mut TurnCtx, dice: &mut Dice) {
    for p in Pyramid::ALL {
        let emperor = ctx.state.emperor();
        let seated: BTreeSet<CharacterId> = ctx.state.pyramid(p).members().map(|(_, c)| c).collect();
        let eligible: Vec<CharacterId> = ctx
            .state
            .living()
            .filter(|c| {
                c.is_free()
                    && c.training.is_some()
                    && !ctx.state.is_judge(c.id)
                    && !seated.contains(&c.id)
                    && p.required_training().is_none_or(|t| c.training == Some(t))
                    && !(p == Pyramid::Church && c.heretic)
                    && (p == Pyramid::Government || emperor != Some(c.id))
            })
            .map(|c| c.id)
            .collect();
        let ranked = rank_by_prestige(&ctx.state, &eligible, dice, "f", &format!("seats of {}", p.keyword_fr()));
        let mut next = ranked.into_iter();
        for seat in 0..6 {
            if ctx.state.pyramid(p).seats[seat].is_some() {
                continue;
            }
            let Some(id) = next.next() else { break };
            ctx.state.pyramid_mut(p).seats[seat] = Some(id);
            let pp = ctx.character(id).map_or(0, |c| c.pp);
            ctx.emit(Event::SeatFilled { pyramid: p, seat, who: id, pp });
        }
        if p == Pyramid::Government {
            // The Emperor "doit abandonner son autre poste": at turn 0 the
            // other pyramids are still empty, nothing to leave.
        }
    }
}

/// 27.4 at the foundation: for each colony of the Empire, the candidate with
/// the most PP whose family has a trading post there and who holds no other
/// post (pyramid, court) is elected; +3 PP (27.4.5).
pub fn elect_governors(ctx: &mut TurnCtx, dice: &mut Dice, rule: &str) {
    let planets: Vec<String> = ctx.state.empire_colonies().map(|(k, _)| k.clone()).collect();
    for planet in planets {
        if ctx.state.planets.get(&planet).is_some_and(|p| p.governor.is_some()) {
            continue;
        }
        let eligible: Vec<CharacterId> = candidates(ctx, &Office::Governor(planet.clone()))
            .into_iter()
            .filter(|id| {
                ctx.character(*id).is_some_and(|c| {
                    c.is_free()
                        && c.training.is_some()
                        && ctx.state.family(&c.family).is_some_and(|f| f.trading_posts.contains(&planet))
                }) && !ctx.state.is_judge(*id)
                    && ctx.state.posts_of(*id).is_empty()
                    && ctx.state.governorship(*id).is_none()
            })
            .collect();
        let ranked = rank_by_prestige(&ctx.state, &eligible, dice, rule, &format!("governor of {planet}"));
        if let Some(id) = ranked.first().copied() {
            if let Some(p) = ctx.state.planets.get_mut(&planet) {
                p.governor = Some(id);
            }
            ctx.add_pp(id, 3, "27.4.5", Why::GovernorElected);
            let pp = ctx.character(id).map_or(0, |c| c.pp);
            ctx.emit(Event::GovernorElected { planet, who: id, pp });
        }
    }
}
