//! A small, fixed game after turn 3, for the views' and templates' tests
//! and the narrator's message samples.
use super::*;
use crate::text::key;

pub fn character(first: &str, sex: Sex, born: i32, fam: &str, training: Option<Training>, pp: i64) -> Character {
    Character { training, pp, last_place: Some(Place::Stellarium), ..Character::new(first, sex, born, fam) }
}

pub struct Ids {
    pub paul: CharacterId,
    pub jessica: CharacterId,
    #[allow(dead_code)]
    pub leto: CharacterId,
    pub alia: CharacterId,
    pub gurney: CharacterId,
    pub chani: CharacterId,
    pub feyd: CharacterId,
    pub irulan: CharacterId,
    #[allow(dead_code)]
    pub vladimir: CharacterId,
}

/// (state before turn 3, state after it, ids).
pub fn game() -> (State, State, Ids) {
    let mut s = State::new(Settings::default());
    s.turn = 3;
    for (k, n) in [("atreides", "Atréides"), ("fremen", "Fremen"), ("harkonnen", "Harkonnen"), ("corrino", "Corrino")] {
        let mut f = Family::new(k, n, 0);
        f.founded = true;
        f.statuses.insert(1, OrderStatus::Or);
        f.statuses.insert(2, OrderStatus::Or);
        s.families.insert(k.to_string(), f);
    }
    let add = |s: &mut State, c: Character| s.add_character(c);
    let paul = add(&mut s, character("Paul", Sex::Male, 4980, "atreides", Some(Training::Warrior), 26));
    let jessica = add(&mut s, character("Jessica", Sex::Female, 4961, "atreides", Some(Training::Merchant), 13));
    let leto = add(&mut s, character("Leto", Sex::Male, 4987, "atreides", Some(Training::Merchant), 12));
    let alia = add(&mut s, character("Alia", Sex::Female, 4994, "atreides", Some(Training::Priest), 19));
    let gurney = add(&mut s, character("Gurney", Sex::Male, 4967, "atreides", Some(Training::Explorer), 6));
    let vladimir = add(&mut s, character("Vladimir", Sex::Male, 4940, "atreides", Some(Training::Priest), 4));
    let chani = add(&mut s, character("Chani", Sex::Female, 4985, "fremen", Some(Training::Warrior), 15));
    let feyd = add(&mut s, character("Feyd", Sex::Male, 4982, "harkonnen", Some(Training::Warrior), 31));
    let irulan = add(&mut s, character("Irulan", Sex::Female, 4984, "corrino", Some(Training::Merchant), 40));
    let _stilgar = add(&mut s, character("Stilgar", Sex::Male, 4970, "fremen", Some(Training::Priest), 22));
    s.families.get_mut("atreides").map(|f| {
        f.money = 10;
        f.dark_tentacle_credit = 2;
        f.trading_posts.insert(key("Balnéa"));
        f.trading_posts.insert(key("Mologataï"));
    });
    s.pyramid_mut(Pyramid::Army).seats = [Some(paul), Some(feyd), None, Some(chani), None, None];
    s.pyramid_mut(Pyramid::Government).seats = [Some(irulan), None, None, None, None, None];
    s.judges = vec![leto];

    let before = s.clone();
    let mut a = s;
    a.turn = 4;
    for f in a.families.values_mut() {
        f.statuses.insert(3, OrderStatus::Or);
    }
    if let Some(f) = a.families.get_mut("atreides") {
        f.money = 14;
        f.victory_points = 455;
        f.victory_history.insert(3, 226);
    }
    for (k, vp, t) in [("corrino", 640, 340), ("harkonnen", 400, 31), ("fremen", 120, 37)] {
        if let Some(f) = a.families.get_mut(k) {
            f.victory_points = vp;
            f.victory_history.insert(3, t);
        }
    }
    if let Some(f) = a.families.get_mut("fremen") {
        f.statuses.insert(3, OrderStatus::Onr);
        f.onr_streak = 1;
        f.dark_tentacle_credit = 5;
        f.money = 7_777_777;
    }
    let set = |a: &mut State, id: CharacterId, f: &dyn Fn(&mut Character)| {
        if let Some(c) = a.character_mut(id) {
            f(c)
        }
    };
    set(&mut a, paul, &|c| {
        c.pp = 38;
        c.marital = Marital::Married { spouse: chani, since_turn: 3 };
        c.last_place = Some(Place::Fleet(FleetNo::First));
        c.purchases = Purchases { turn: 3, capsule: true, bodyguards: true, doctor: false, insurance: false };
        c.prostheses = 1;
    });
    set(&mut a, chani, &|c| {
        c.marital = Marital::Married { spouse: paul, since_turn: 3 };
        c.last_place = Some(Place::Colony(key("Dorkir")));
    });
    set(&mut a, jessica, &|c| {
        c.pp = 17;
        c.last_place = Some(Place::Exchange { stake: Stake::Normal, amount: 2 });
        c.purchases = Purchases { turn: 3, insurance: true, ..Purchases::default() };
        c.marital = Marital::Widowed { late_spouse: None };
        c.prosthesis_permit_turn = Some(4);
    });
    set(&mut a, leto, &|c| c.pp = 22);
    set(&mut a, alia, &|c| {
        c.pp = 9;
        c.heretic = true;
        c.sentence = Some(Sentence { years_remaining: 20, planet: key("Araknid"), since_turn: 3 });
    });
    set(&mut a, gurney, &|c| {
        c.pp = 14;
        c.last_place = Some(Place::Ship(key("Étoile du Matin")));
    });
    set(&mut a, vladimir, &|c| {
        c.death = Some(Death { turn: 3, year: 5027, cause: DeathCause::OldAge, place: None });
    });
    set(&mut a, feyd, &|c| c.last_place = Some(Place::Colony(key("Kistrang"))));
    let mut child = character("Enfant0", Sex::Male, 5024, "atreides", None, 9);
    child.baptised = false;
    child.father = Some(paul);
    child.mother = Some(chani);
    let child = a.add_character(child);
    if let Some(c) = a.character_mut(child) {
        c.first_name = Character::provisional_name(child);
    }
    a.ships.insert(
        key("Étoile du Matin"),
        Ship {
            name: "Étoile du Matin".into(),
            owner: "atreides".into(),
            lent: None,
            fate: ShipFate::InService,
            bought_turn: 2,
            price: 6,
            expeditions: 1,
        },
    );
    a.planets.insert(key("Nouvelle-Tara"), {
        let mut p = Planet::new("Nouvelle-Tara", PlanetKind::Colony, Controller::Empire);
        p.discovered_turn = Some(3);
        p.discovered_by.insert("atreides".into());
        p
    });
    if let Some(p) = a.planet_mut("Dorkir") {
        p.controller = Controller::Rebels { since_turn: 3, since_year: 6 };
    }
    if let Some(p) = a.planet_mut("Balnéa") {
        p.governor = Some(leto);
        p.closed_to_trade = Some(4);
    }
    if let Some(p) = a.planet_mut("Kistrang") {
        p.governor = Some(irulan);
    }
    a.pyramid_mut(Pyramid::Government).seats = [Some(irulan), Some(paul), None, None, None, None];
    a.army.commander_1 = Some(paul);
    a.army.patrol = vec![key("Dorkir"), key("Engarkos"), key("Kistrang")];
    a.trials.push(Trial {
        case_no: 4,
        accused: alia,
        charge: Charge::UnauthorisedProsthesis,
        opened_turn: 3,
        adjourned: 0,
        pardoned_in_advance: false,
    });
    a.trials.push(Trial {
        case_no: 5,
        accused: feyd,
        charge: Charge::Contract { kind: ContractKindTag::Assassination, target: crate::games::stellarium::why::Why::TargetNamed { name: "Thufir/Atréides".into() }.msg() },
        opened_turn: 3,
        adjourned: 1,
        pardoned_in_advance: false,
    });
    let ids = Ids { paul, jessica, leto, alia, gurney, chani, feyd, irulan, vladimir };
    (before, a, ids)
}

#[cfg(test)]
pub fn ctx(lang: &str) -> ViewContext {
    ViewContext {
        game_id: "dune".into(),
        turn: 4,
        deadline: "dimanche 6 décembre 2026 à 20 h 00 (Europe/Paris)".into(),
        time_left: "6 jours 23 heures".into(),
        lang: lang.into(),
    }
}
