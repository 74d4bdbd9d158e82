//! What the referee does for a family that did not give (all) its orders
//! (ONR, OPR, PNJ — 0.4: PNJ families are played like ONR ones).
//!
//! Two stages:
//!
//! 1. [`default_orders`] (per family, called by the daemon through
//!    `Ruleset::default_orders` once the statuses are known):
//!    - 4.10 / 6.5: explorers and warriors without LIEU are put in
//!      [`Orders::awaiting_place`]: where they go depends on the other
//!      families' orders, see stage 2; priests without LIEU stay on Stellarium;
//!    - 9.2: a young without BAPTEME gets a first name drawn from
//!      [`FIRST_NAMES_M`]/[`FIRST_NAMES_F`]; any baptism without a priest
//!      (whatever the status) gets a priest of the family by lot, or the
//!      least prestigious priest of the game when the family has none;
//!    - 10.3: a young without FORMATION gets a training by lot;
//!    - turn 0 (b–d): missing PERSONNAGE lines are created (sex, first name,
//!      training by lot; the undistributed PP spread over the created
//!      characters 1–6, RULINGS).
//!
//!    Two defaults of "ONR ou OPR" are left to the phases, which tell the
//!    family in its report with the rule: 3.10 (an ONR/OPR family refuses
//!    marriages: phase 3 refuses its MARIAGE lines with that reason) and
//!    5.3.5 (merchants without LIEU go to the exchange at S1 when the family
//!    can pay it, 5.3.2, else stay idle on Stellarium: phase 5).
//! 2. [`settle_cross_family_defaults`] (all families at once, called by
//!    `Stellarium::adjudicate` before `phases::adjudicate`; the phases see
//!    its result as ordinary orders):
//!    - 4.10: an awaiting explorer invited aboard a ship (listed among the
//!      INVITES of an EXPEDITION) goes there (by lot among several), else
//!      stays on Stellarium;
//!    - 6.5: an awaiting warrior goes by lot to one of the fleets named in
//!      the Grand General's orders (COMMANDANT 1 → 1st Fleet; COMMANDANT 2 or
//!      PATROUILLE → 2nd Fleet; both fleets when his orders name none,
//!      RULINGS) or to a ship he is invited on;
//!    - 3.6: when the Archpope's family is ONR or PNJ, every widow(er) of a
//!      MARIAGE line is added to that family's `archpope.remarriages`
//!      (the authorisation is automatic);
//!    - 4.7: when the Grand Commander's family is ONR or PNJ, every captain
//!      of an EXPEDITION line who is an explorer outside the Explorers'
//!      pyramid is added to that family's `grand_commander.permits` (the
//!      permit is automatic, beyond the usual 2).
//!
//! **For the phases engineers**: the automatic authorisations of 3.6 and 4.7
//! thus reach you as ordinary Archpope/Grand Commander orders. What remains
//! yours: 6.4 (a fleet without a designated commander), 17.2 (ONR/OPR army
//! members do not count in a coup), 27.3.1 (OR families first in promotions).
//! Every draw goes through `Dice` with its rule number.

use std::collections::BTreeMap;

use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey, OrderStatus};
use crate::text::key;

use super::model::{CharacterId, FleetNo, Place, Pyramid, Sex, State, Training, FREE_PP};
use super::orders::{BaptismOrder, FounderOrder, LocationOrder, Orders, TrainingOrder};
use super::status::place_given;

/// French first names for men, drawn by 9.2 and for founders by default.
pub const FIRST_NAMES_M: &[&str] = &[
    "Adrien", "Alain", "Albéric", "Amaury", "Anatole", "Antoine", "Armand", "Arnaud", "Aurèle", "Baptiste", "Basile",
    "Benoît", "Bertrand", "Blaise", "Cédric", "Clément", "Côme", "Damien", "Denis", "Édouard", "Élie", "Émile",
    "Étienne", "Eudes", "Fabrice", "Félix", "Florent", "Gaspard", "Gauthier", "Geoffroy", "Gérald", "Gilles",
    "Grégoire", "Guillaume", "Hector", "Henri", "Hugues", "Jérôme", "Joachim", "Jules", "Lambert", "Léandre",
    "Léon", "Lothaire", "Louis", "Lucien", "Marius", "Mathieu", "Maxence", "Norbert", "Octave", "Olivier", "Pascal",
    "Philibert", "Quentin", "Raoul", "Rémi", "Roland", "Sébastien", "Sylvain", "Thibault", "Tristan", "Urbain",
    "Valentin", "Victor", "Yves",
];

/// French first names for women.
pub const FIRST_NAMES_F: &[&str] = &[
    "Adélaïde", "Agathe", "Agnès", "Albane", "Alix", "Amélie", "Anne", "Apolline", "Aude", "Aurore", "Bérénice",
    "Blanche", "Camille", "Capucine", "Céleste", "Clémence", "Clotilde", "Colombe", "Constance", "Delphine",
    "Diane", "Éléonore", "Élise", "Éloïse", "Émilie", "Estelle", "Eugénie", "Félicité", "Flore", "Gabrielle",
    "Geneviève", "Hélène", "Héloïse", "Hortense", "Inès", "Isaure", "Jeanne", "Joséphine", "Judith", "Laure",
    "Léonie", "Louise", "Lucie", "Madeleine", "Margaux", "Marguerite", "Mathilde", "Mélanie", "Ondine", "Pauline",
    "Philippine", "Reine", "Roseline", "Sabine", "Salomé", "Séverine", "Solange", "Sophie", "Suzanne", "Sybille",
    "Thérèse", "Valentine", "Victoire", "Violaine", "Yolande", "Zoé",
];

/// Completes `orders` of `family` with the rules' defaults for `status`
/// (see the module documentation). Draws use `dice` with the rule number.
pub fn default_orders(state: &State, family: &str, status: OrderStatus, orders: Orders, dice: &mut Dice) -> Orders {
    let mut o = orders;
    let Some(fam) = state.family(family) else {
        return o;
    };
    // 0.4: a PNJ family is played like an ONR one, whatever it sent.
    let status = if fam.is_pnj() { OrderStatus::Pnj } else { status };
    if status == OrderStatus::Pnj {
        o = Orders::default();
    }
    if !fam.founded {
        if status != OrderStatus::Or {
            default_founders(state, family, &mut o, dice);
        }
        return o;
    }

    // 9.2: the celebrant of a baptism whose line names none.
    for i in 0..o.baptisms.len() {
        if o.baptisms[i].priest.is_none() {
            let young = o.baptisms[i].young;
            o.baptisms[i].priest = draw_priest(state, family, young, dice);
        }
    }
    if status == OrderStatus::Or {
        return o;
    }

    // Places of those without LIEU (merchants: phase 5, 5.3.5).
    let members: Vec<_> = state.living_members(family).collect();
    for c in &members {
        if !state.needs_location(c) || place_given(&o, c.id).is_some() || o.awaiting_place.contains(&c.id) {
            continue;
        }
        match c.training {
            Some(Training::Merchant) => {}
            Some(Training::Warrior) | Some(Training::Explorer) => o.awaiting_place.push(c.id),
            Some(Training::Priest) | None => o.locations.push(LocationOrder { who: c.id, place: Place::Stellarium }),
        }
    }

    // 9.2 and 10.3: the young.
    let mut taken: Vec<String> = state.members(family).map(|c| key(&c.first_name)).collect();
    taken.extend(o.baptisms.iter().map(|b| key(&b.first_name)));
    if let Some(b) = &o.bastard {
        taken.push(key(&b.first_name));
    }
    for c in &members {
        if state.needs_baptism(c) && !o.baptisms.iter().any(|b| b.young == c.id) {
            let name = draw_first_name(c.sex, &taken, dice, "9.2", &format!("first name of {}", c.first_name));
            taken.push(key(&name));
            let priest = draw_priest(state, family, c.id, dice);
            o.baptisms.push(BaptismOrder { young: c.id, first_name: name, priest });
        }
        if state.needs_training(c) && !o.trainings.iter().any(|t| t.who == c.id) {
            let training = draw_training(&Training::ALL, dice, "10.3", &format!("training of {}", c.first_name));
            o.trainings.push(TrainingOrder { who: c.id, training });
        }
    }
    o
}

/// 9.2: a free priest of the family by lot; else the least prestigious
/// free priest of the game (by lot among equals); `None` when there is no
/// priest at all.
fn draw_priest(state: &State, family: &str, young: CharacterId, dice: &mut Dice) -> Option<CharacterId> {
    let own: Vec<CharacterId> = state.living_members(family).filter(|c| c.is_priest() && c.is_free()).map(|c| c.id).collect();
    let what = format!("priest baptising {}", state.full_name(young));
    if !own.is_empty() {
        return dice.pick(&own, |id| state.full_name(*id), "9.2", what).copied();
    }
    let min = state.living().filter(|c| c.is_priest() && c.is_free()).map(|c| c.pp).min()?;
    let least: Vec<CharacterId> = state.living().filter(|c| c.is_priest() && c.is_free() && c.pp == min).map(|c| c.id).collect();
    if least.len() == 1 {
        return least.first().copied();
    }
    dice.pick(&least, |id| state.full_name(*id), "9.2", what).copied()
}

/// A first name by lot, not yet `taken` (keys) in the family; when every
/// name of the list is taken, the name gets a number (`Louis II`, …).
fn draw_first_name(sex: Sex, taken: &[String], dice: &mut Dice, rule: &str, what: &str) -> String {
    let list = if sex == Sex::Male { FIRST_NAMES_M } else { FIRST_NAMES_F };
    let free: Vec<&str> = list.iter().copied().filter(|n| !taken.contains(&key(n))).collect();
    if let Some(n) = dice.pick(&free, |n| n.to_string(), rule, what.to_string()) {
        return n.to_string();
    }
    let base = dice.pick(list, |n| n.to_string(), rule, what.to_string()).copied().unwrap_or("Louis");
    let mut i = 2;
    loop {
        let name = format!("{base} {}", roman(i));
        if !taken.contains(&key(&name)) {
            return name;
        }
        i += 1;
    }
}

fn roman(n: u32) -> String {
    const T: [(u32, &str); 7] = [(50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut n = n;
    let mut s = String::new();
    for (v, r) in T {
        while n >= v {
            s.push_str(r);
            n -= v;
        }
    }
    s
}

fn draw_training(choices: &[Training], dice: &mut Dice, rule: &str, what: &str) -> Training {
    dice.pick(choices, |t| t.name_fr().to_string(), rule, what.to_string()).copied().unwrap_or(Training::Warrior)
}

/// Turn 0 (b–d) for a family that did not give its 8 PERSONNAGE lines:
/// the missing founders get a sex, a first name and (1–6) a training by
/// lot (priest only for 5–6, c); the PP left undistributed are spread
/// evenly over the created founders 1–6 (RULINGS).
fn default_founders(state: &State, family: &str, o: &mut Orders, dice: &mut Dice) {
    let fam_name = state.family(family).map(|f| f.name.clone()).unwrap_or_default();
    let mut taken: Vec<String> = o.founders.iter().map(|f| key(&f.first_name)).collect();
    let mut created = Vec::new();
    for n in 1..=8u8 {
        if o.founders.iter().any(|f| f.n == n) {
            continue;
        }
        let sex = if dice.pick_index(2, "b", format!("sex of founder {n} of {fam_name}")) == Some(0) { Sex::Male } else { Sex::Female };
        let first_name = draw_first_name(sex, &taken, dice, "b", &format!("first name of founder {n} of {fam_name}"));
        taken.push(key(&first_name));
        let training = match n {
            1..=4 => Some(draw_training(
                &[Training::Warrior, Training::Explorer, Training::Merchant],
                dice,
                "c",
                &format!("training of founder {n} of {fam_name}"),
            )),
            5 | 6 => Some(draw_training(&Training::ALL, dice, "c", &format!("training of founder {n} of {fam_name}"))),
            _ => None,
        };
        o.founders.push(FounderOrder { n, first_name, sex, training, extra_pp: 0, by_referee: true });
        if n <= 6 {
            created.push(n);
        }
    }
    o.founders.sort_by_key(|f| f.n);
    let pool = FREE_PP + o.advertising + state.family(family).map_or(0, |f| f.late_bonus_pp);
    let used: u32 = o.founders.iter().map(|f| f.extra_pp).sum();
    let left = pool.saturating_sub(used);
    if !created.is_empty() && left > 0 {
        let k = created.len() as u32;
        for (i, n) in created.iter().enumerate() {
            let share = left / k + u32::from((i as u32) < left % k);
            if let Some(f) = o.founders.iter_mut().find(|f| f.n == *n) {
                f.extra_pp += share;
            }
        }
    }
}

/// Stage 2 (see the module documentation): settles 4.10, 6.5, and the
/// automatic authorisations of 3.6 and 4.7, with every family's orders in
/// view. Families and characters are taken in key/id order (determinism).
pub fn settle_cross_family_defaults(state: &State, inputs: &mut BTreeMap<FamilyKey, FamilyInput<Orders>>, dice: &mut Dice) {
    // Invitations: ship key by guest.
    let mut invited: BTreeMap<CharacterId, Vec<String>> = BTreeMap::new();
    for input in inputs.values() {
        for x in &input.orders.expeditions {
            for g in &x.guests {
                let v = invited.entry(*g).or_default();
                if !v.contains(&x.ship) {
                    v.push(x.ship.clone());
                }
            }
        }
    }
    // Fleets named in the Grand General's orders (6.5).
    let mut fleets = Vec::new();
    if let Some(gg_family) = state.head_family(Pyramid::Army) {
        if let Some(input) = inputs.get(gg_family) {
            let g = &input.orders.general;
            if g.commander_1.is_some() {
                fleets.push(FleetNo::First);
            }
            if g.commander_2.is_some() || g.patrol.is_some() {
                fleets.push(FleetNo::Second);
            }
        }
    }
    if fleets.is_empty() {
        fleets = vec![FleetNo::First, FleetNo::Second];
    }

    for input in inputs.values_mut() {
        let mut awaiting = std::mem::take(&mut input.orders.awaiting_place);
        awaiting.sort();
        awaiting.dedup();
        for id in awaiting {
            let Some(c) = state.character(id) else { continue };
            let ships = invited.get(&id).cloned().unwrap_or_default();
            let name = state.full_name(id);
            let place = match c.training {
                Some(Training::Explorer) => match ships.len() {
                    0 => Place::Stellarium,
                    1 => Place::Ship(ships[0].clone()),
                    _ => dice
                        .pick(&ships, |s| s.clone(), "4.10", format!("ship of invited explorer {name}"))
                        .map(|s| Place::Ship(s.clone()))
                        .unwrap_or(Place::Stellarium),
                },
                Some(Training::Warrior) => {
                    let mut options: Vec<Place> = fleets.iter().map(|f| Place::Fleet(*f)).collect();
                    options.extend(ships.iter().map(|s| Place::Ship(s.clone())));
                    dice.pick(&options, |p| format!("{p:?}"), "6.5", format!("place of warrior {name}"))
                        .cloned()
                        .unwrap_or(Place::Stellarium)
                }
                _ => Place::Stellarium,
            };
            input.orders.locations.push(LocationOrder { who: id, place });
        }
    }

    let absent = |inputs: &BTreeMap<FamilyKey, FamilyInput<Orders>>, f: &str| {
        inputs.get(f).is_none_or(|i| matches!(i.status, OrderStatus::Onr | OrderStatus::Pnj))
    };
    // 3.6: automatic remarriage authorisations.
    if let Some(ap_family) = state.head_family(Pyramid::Church).cloned() {
        if absent(inputs, &ap_family) {
            let mut widowed: Vec<CharacterId> = inputs
                .values()
                .flat_map(|i| i.orders.marriages.iter().flat_map(|m| [m.groom, m.bride]))
                .filter(|id| state.character(*id).is_some_and(|c| c.is_widowed()))
                .collect();
            widowed.sort();
            widowed.dedup();
            if let Some(input) = inputs.get_mut(&ap_family) {
                for w in widowed {
                    if !input.orders.archpope.remarriages.contains(&w) {
                        input.orders.archpope.remarriages.push(w);
                    }
                }
            }
        }
    }
    // 4.7: automatic exploration permits.
    if let Some(gc_family) = state.head_family(Pyramid::Explorers).cloned() {
        if absent(inputs, &gc_family) {
            let explorers = state.pyramid(Pyramid::Explorers);
            let mut captains: Vec<CharacterId> = inputs
                .values()
                .flat_map(|i| i.orders.expeditions.iter().map(|x| x.captain))
                .filter(|id| explorers.seat_of(*id).is_none())
                .filter(|id| state.character(*id).is_some_and(|c| c.training == Some(Training::Explorer)))
                .collect();
            captains.sort();
            captains.dedup();
            if let Some(input) = inputs.get_mut(&gc_family) {
                for c in captains {
                    if !input.orders.grand_commander.permits.contains(&c) {
                        input.orders.grand_commander.permits.push(c);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Completeness;
    use crate::games::stellarium::model::{Character, Marital, Settings};
    use crate::games::stellarium::orders::{ExpeditionOrder, MarriageOrder};
    use crate::games::stellarium::status::completeness;

    fn add(s: &mut State, fam: &str, name: &str, sex: Sex, age: i32, t: Option<Training>) -> CharacterId {
        let mut c = Character::new(name, sex, s.first_year() - age, fam);
        c.training = t;
        s.add_character(c)
    }

    fn world() -> State {
        let mut s = State::new(Settings::default());
        s.register("A", "A").unwrap();
        s.register("B", "B").unwrap();
        s.turn = 2;
        for f in s.families.values_mut() {
            f.founded = true;
        }
        s
    }

    fn input(status: OrderStatus, orders: Orders) -> FamilyInput<Orders> {
        FamilyInput::new(status, orders, None)
    }

    #[test]
    fn r3_10_r5_3_5_marriages_and_merchants_are_left_to_the_phases_that_report_them() {
        // 3.10 and 5.3.5 are played by phases 3 and 5, which tell the family
        // (a MARIAGE line refused "ONR ou OPR", a merchant sent to the
        // exchange at S1): the defaults leave the lines and places alone.
        let mut s = world();
        let h = add(&mut s, "A", "Paul", Sex::Male, 20, Some(Training::Warrior));
        let w = add(&mut s, "B", "Anne", Sex::Female, 20, Some(Training::Warrior));
        let p = add(&mut s, "B", "Pie", Sex::Male, 50, Some(Training::Priest));
        let m = add(&mut s, "A", "Marc", Sex::Male, 30, Some(Training::Merchant));
        let mut o = Orders::default();
        o.marriages.push(MarriageOrder { groom: h, bride: w, priest: p });
        let mut d = Dice::for_turn(1, 2);
        let done = default_orders(&s, "A", OrderStatus::Opr, o, &mut d);
        assert_eq!(done.marriages.len(), 1);
        assert_eq!(done.location_of(m), None);
    }

    #[test]
    fn r9_2_r10_3_young_get_a_name_a_priest_and_a_training_by_lot() {
        let mut s = world();
        let pr = add(&mut s, "A", "Pie", Sex::Male, 50, Some(Training::Priest));
        let y = add(&mut s, "A", "Enfant9", Sex::Female, 11, None);
        s.character_mut(y).unwrap().baptised = false;
        let mut d = Dice::for_turn(1, 2);
        let o = default_orders(&s, "A", OrderStatus::Onr, Orders::default(), &mut d);
        assert_eq!(o.baptisms.len(), 1);
        assert!(FIRST_NAMES_F.contains(&o.baptisms[0].first_name.as_str()));
        assert_eq!(o.baptisms[0].priest, Some(pr));
        assert_eq!(o.trainings.len(), 1);
        assert!(d.log().iter().any(|r| r.rule == "9.2"));
        assert!(d.log().iter().any(|r| r.rule == "10.3"));
        // The priest stays on Stellarium by default: nothing is missing any more.
        assert_eq!(o.location_of(pr), Some(&Place::Stellarium));
        assert_eq!(completeness(&s, "A", &o), Completeness::Complete);
    }

    #[test]
    fn r9_2_without_family_priest_the_least_prestigious_priest_of_the_game() {
        let mut s = world();
        let p1 = add(&mut s, "B", "Pie", Sex::Male, 50, Some(Training::Priest));
        let p2 = add(&mut s, "B", "Urbain", Sex::Male, 50, Some(Training::Priest));
        s.character_mut(p1).unwrap().pp = 30;
        s.character_mut(p2).unwrap().pp = 4;
        let y = add(&mut s, "A", "Enfant9", Sex::Male, 11, None);
        s.character_mut(y).unwrap().baptised = false;
        let mut d = Dice::for_turn(3, 2);
        let o = default_orders(&s, "A", OrderStatus::Opr, Orders::default(), &mut d);
        assert_eq!(o.baptisms[0].priest, Some(p2));
    }

    #[test]
    fn r4_10_r6_5_invited_explorers_go_warriors_by_lot() {
        let mut s = world();
        let ex = add(&mut s, "A", "Éric", Sex::Male, 30, Some(Training::Explorer));
        let wa = add(&mut s, "A", "Gaspard", Sex::Male, 30, Some(Training::Warrior));
        let lone = add(&mut s, "A", "Jules", Sex::Male, 30, Some(Training::Explorer));
        let cap = add(&mut s, "B", "Capi", Sex::Male, 30, Some(Training::Explorer));
        let mut d = Dice::for_turn(5, 2);
        let a = default_orders(&s, "A", OrderStatus::Onr, Orders::default(), &mut d);
        assert_eq!(a.awaiting_place, vec![ex, wa, lone]);
        let mut b = Orders::default();
        b.expeditions.push(ExpeditionOrder { ship: "AURORE".into(), captain: cap, guests: vec![ex, wa], planet_name: None });
        let mut inputs = BTreeMap::new();
        inputs.insert("A".to_string(), input(OrderStatus::Onr, a));
        inputs.insert("B".to_string(), input(OrderStatus::Or, b));
        settle_cross_family_defaults(&s, &mut inputs, &mut d);
        let a = &inputs["A"].orders;
        assert!(a.awaiting_place.is_empty());
        assert_eq!(a.location_of(ex), Some(&Place::Ship("AURORE".into())));
        assert_eq!(a.location_of(lone), Some(&Place::Stellarium));
        let w = a.location_of(wa).cloned();
        assert!(matches!(w, Some(Place::Fleet(_)) | Some(Place::Ship(_))), "{w:?}");
        assert!(d.log().iter().any(|r| r.rule == "6.5"));
    }

    #[test]
    fn r3_6_r4_7_automatic_authorisations_when_the_head_is_onr() {
        let mut s = world();
        let pope = add(&mut s, "B", "Pie", Sex::Male, 50, Some(Training::Priest));
        let gc = add(&mut s, "B", "Capi", Sex::Male, 50, Some(Training::Explorer));
        s.pyramid_mut(Pyramid::Church).seats[0] = Some(pope);
        s.pyramid_mut(Pyramid::Explorers).seats[0] = Some(gc);
        let widow = add(&mut s, "A", "Anne", Sex::Female, 30, Some(Training::Warrior));
        s.character_mut(widow).unwrap().marital = Marital::Widowed { late_spouse: None };
        let groom = add(&mut s, "B", "Hugues", Sex::Male, 30, Some(Training::Warrior));
        let cap = add(&mut s, "A", "Jules", Sex::Male, 30, Some(Training::Explorer));
        let mut a = Orders::default();
        a.marriages.push(MarriageOrder { groom, bride: widow, priest: pope });
        a.expeditions.push(ExpeditionOrder { ship: "AURORE".into(), captain: cap, guests: vec![], planet_name: None });
        let mut inputs = BTreeMap::new();
        inputs.insert("A".to_string(), input(OrderStatus::Or, a));
        inputs.insert("B".to_string(), input(OrderStatus::Onr, Orders::default()));
        let mut d = Dice::for_turn(5, 2);
        let before = inputs.clone();
        settle_cross_family_defaults(&s, &mut inputs, &mut d);
        assert_eq!(inputs["B"].orders.archpope.remarriages, vec![widow]);
        assert_eq!(inputs["B"].orders.grand_commander.permits, vec![cap]);
        // An OPR head grants nothing automatically.
        let mut inputs = before;
        inputs.get_mut("B").unwrap().status = OrderStatus::Opr;
        settle_cross_family_defaults(&s, &mut inputs, &mut d);
        assert!(inputs["B"].orders.archpope.remarriages.is_empty());
    }

    #[test]
    fn turn0_a_silent_family_gets_eight_valid_founders() {
        let mut s = State::new(Settings::default());
        s.register("A", "A").unwrap();
        let mut d = Dice::for_turn(9, 0);
        let o = default_orders(&s, "A", OrderStatus::Onr, Orders::default(), &mut d);
        assert_eq!(o.founders.len(), 8);
        assert_eq!(o.founders.iter().map(|f| f.extra_pp).sum::<u32>(), FREE_PP);
        assert!(o.founders.iter().take(4).all(|f| f.training.is_some() && f.training != Some(Training::Priest)));
        assert!(o.founders.iter().skip(6).all(|f| f.training.is_none()));
        assert_eq!(completeness(&s, "A", &o), Completeness::Complete);
        // Re-reading the founders as lines: all accepted.
        let lines: Vec<crate::game::OrderLine> = o
            .founders
            .iter()
            .enumerate()
            .map(|(i, f)| crate::game::OrderLine {
                no: i + 1,
                text: crate::games::stellarium::orders::canonical::canonical(
                    &s,
                    "A",
                    &[],
                    &crate::games::stellarium::orders::Order::Founder(f.clone()),
                ),
            })
            .collect();
        let p = crate::games::stellarium::orders::parse_orders(&s, "A", &lines);
        assert!(p.verdicts.iter().all(|v| v.is_accepted()), "{:?}", p.verdicts);
    }
}
