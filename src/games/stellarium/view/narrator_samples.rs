//! One sample of every message the narrator can emit, for the catalogue
//! check (`tests/messages.rs`) and the language tests: every kind of event
//! on the views' fixture game.

use super::*;
use crate::games::stellarium::events::Ratio;
use crate::msg;

/// One event of every kind, and of every variant a message selects on
/// (gender, yes/no flags, kinds), on the views' fixture game.
fn sample_events(ids: &fixture::Ids) -> Vec<Event> {
    use crate::game::OrderStatus;
    let (paul, jessica, alia, chani, feyd, irulan, gurney) = (ids.paul, ids.jessica, ids.alia, ids.chani, ids.feyd, ids.irulan, ids.gurney);
    let ship = crate::text::key("Étoile du Matin");
    let planet = crate::text::key("Balnéa");
    let target = ContractTarget::Character { id: paul };
    let reason = || crate::games::stellarium::why::Why::NoCredit.msg();
    let mut v = vec![
        Event::Prestige { who: paul, delta: 2, rule: "3.8".into(), reason: reason() },
        Event::Money { family: "atreides".into(), delta: -3, rule: "1".into(), reason: reason() },
        Event::Died { who: paul, year: 5027, cause: DeathCause::OldAge, place: Some(planet.clone()), rule: "8".into() },
        Event::Died { who: feyd, year: 5027, cause: DeathCause::OldAge, place: None, rule: "8".into() },
        Event::Revived { who: jessica, rule: "1.4.1".into() },
        Event::TrialOpened { case_no: 4, accused: alia, charge: Charge::Heresy, rule: "19".into() },
        Event::TrialCancelled { case_no: 4, accused: alia, rule: "2.3.4".into() },
        Event::LeftPyramid { who: paul, pyramid: Pyramid::Army, seat: 1, rule: "0.4".into() },
        Event::FamilyFounded { family: "atreides".into(), founders: vec![], advertising_pp: 3, late_bonus_pp: 2, by_default: true },
        Event::FoundationDefault { family: "atreides".into(), founder_no: 3, what: reason() },
        Event::FounderMarriage { husband: paul, wife: chani },
        Event::FounderWidowed { who: jessica },
        Event::JudgeElected { who: alia, pp: 5 },
        Event::SeatFilled { pyramid: Pyramid::Army, seat: 0, who: paul, pp: 10 },
        Event::GovernorElected { planet: planet.clone(), who: irulan, pp: 4 },
        Event::ShipBought { family: "atreides".into(), ship: "Aube".into(), price: 6, bids: 2 },
        Event::ShipUnsold,
        Event::Status { family: "atreides".into(), status: OrderStatus::Or, onr_streak: 0 },
        Event::BecamePnj { family: "fremen".into() },
        Event::Purchased { who: paul, item: Purchase::Capsule },
        Event::PurchaseRefused { who: paul, item: Purchase::Doctor, reason: reason() },
        Event::ProsthesisPermit { who: paul },
        Event::ProsthesisImplanted { who: paul, total: 1, authorised: false },
        Event::ContractRefused { family: "atreides".into(), sponsor: alia, reason: reason() },
        Event::ContractNotSelected { sponsors: vec![paul], kind: ContractKindTag::Treason, target: ContractTarget::Pouarks { ships: vec![ship.clone()] }, total: 3 },
        Event::ContractExecuted { contract_no: 1, kind: ContractKindTag::Sabotage, target: ContractTarget::Ship { ship: ship.clone() }, sponsors: vec![paul], total: 7, year: 2, success: true, detail: None },
        Event::ContractExecuted { contract_no: 2, kind: ContractKindTag::Bomb, target: ContractTarget::Exchange, sponsors: vec![paul], total: 7, year: 2, success: false, detail: Some(reason()) },
        Event::Credit { family: "atreides".into(), credit: 2 },
        Event::Kidnapped { who: paul, planet: planet.clone(), year: 3 },
        Event::RansomPaid { who: paul, family: "atreides".into(), amount: 10, to_sponsor: 5, sponsor_family: Some("fremen".into()) },
        Event::RansomRefused { who: paul, reason: reason() },
        Event::ScandalStruck { who: alia, year: 3 },
        Event::ScandalExposed { victim: alia },
        Event::ShipSabotaged { ship: ship.clone(), year: 2 },
        Event::SabotageFoundOut { ship: ship.clone() },
        Event::ExchangeBombing { year: 4, merchants: vec![jessica] },
        Event::RebellionIncited { planet: planet.clone(), year: 5 },
        Event::TreasonSucceeded { year: 5, effective: true, ships: vec![] },
        Event::Investigation { contract_no: 1, sponsor: paul, kolombo: true, unmasked: true },
        Event::Investigation { contract_no: 9, sponsor: paul, kolombo: false, unmasked: false },
        Event::RemarriagePermit { who: jessica, automatic: true },
        Event::Married { groom: paul, bride: chani, priest: alia },
        Event::MarriageRefused { groom: paul, bride: chani, reason: reason() },
        Event::ShipTransferred { ship: ship.clone(), from: "atreides".into(), to: "fremen".into(), amount: 3, kind: TransferKind::Loan },
        Event::TransferRefused { ship: ship.clone(), from: "atreides".into(), to: "fremen".into(), reason: reason() },
        Event::ExplorationPermit { who: gurney, automatic: false },
        Event::ShipForbidden { ship: ship.clone() },
        Event::ExpeditionDeparted { ship: ship.clone(), family: "atreides".into(), captain: gurney, members: vec![gurney] },
        Event::ExpeditionDeparted { ship: ship.clone(), family: "atreides".into(), captain: gurney, members: vec![gurney, paul] },
        Event::ExpeditionCancelled { ship: ship.clone(), family: "atreides".into(), reason: reason() },
        Event::GuestStayed { ship: ship.clone(), who: paul, reason: reason() },
        Event::ShipExploded { ship: ship.clone(), year: 2 },
        Event::CapsuleOutcome { who: gurney, die: 4, outcome: reason() },
        Event::TradingPostRemoved { family: "atreides".into(), planet: planet.clone() },
        Event::PlanetClosed { planet: planet.clone() },
        Event::ExchangeBanned { family: "atreides".into() },
        Event::MerchantFallback { who: jessica, reason: reason() },
        Event::MerchantIdle { who: jessica, reason: reason() },
        Event::FleetCommander { fleet: FleetNo::First, who: paul, designated: true },
        Event::NoFleetCommander { fleet: FleetNo::Second },
        Event::LocationRefused { who: paul, place: Place::Fleet(FleetNo::First), reason: reason() },
        Event::DefaultLocation { who: paul, place: Place::Stellarium, rule: "6.5".into() },
        Event::Births { father: paul, mother: chani, table_a: vec![2, 4], table_b: Some(3), limit: Some(2), children: 2 },
        Event::Births { father: paul, mother: chani, table_a: vec![1, 1], table_b: None, limit: None, children: 0 },
        Event::Born { child: gurney, father: paul, mother: chani, sex: Sex::Female, year: 5024, pp: 9 },
        Event::Born { child: gurney, father: paul, mother: chani, sex: Sex::Male, year: 5024, pp: 0 },
        Event::BastardRecognised { who: gurney, family: "atreides".into() },
        Event::BastardRefused { family: "atreides".into(), reason: reason() },
        Event::SurvivalTest { who: jessica, age: 60, death_chances: 1, survived: true },
        Event::Baptised { who: gurney, name: "Ghanima".into(), priest: Some(alia), by_lot: false },
        Event::Baptised { who: gurney, name: "Ghanima".into(), priest: None, by_lot: true },
        Event::Trained { who: alia, training: Training::Priest, by_lot: true },
        Event::RebellionBrokeOut { planet: planet.clone(), year: 2, incited: true },
        Event::RebellionVoid { planet: planet.clone(), year: 2 },
        Event::Battle {
            enemy: Enemy::Rebels,
            planet: planet.clone(),
            year: 3,
            empire_attacks: true,
            enemy_dice: vec![3, 5],
            enemy_strength: 350,
            empire_strength: 400,
            fighters: vec![paul, feyd],
            ratio: Ratio::Attacker(1),
            empire_result: Outcome::Victory,
            casualties: vec![paul],
        },
        Event::PlanetLost { planet: planet.clone(), enemy: Enemy::Pouarks, year: 3 },
        Event::PlanetRetaken { planet: planet.clone(), enemy: Enemy::Rebels, year: 3 },
        Event::Captured { who: paul, captor: Captor::Rebels, planet: Some(planet.clone()), rule: "11.2.5".into() },
        Event::Captured { who: chani, captor: Captor::DarkTentacle { sponsor_family: None }, planet: None, rule: "2.2".into() },
        Event::Freed { who: chani, rule: "11.5".into() },
        Event::TradingPostGranted { family: "atreides".into(), planet: planet.clone(), rule: "12.4".into() },
        Event::PouarkAttack { planet: planet.clone(), year: 6, dice: 3 },
        Event::EmpireAttack { planet: planet.clone(), year: 6, chosen_by_emperor: true },
        Event::WarStrategy { pouarks: true, offensive: false },
        Event::NoWar,
        Event::StellariumFell { year: 9 },
        Event::Speculation { who: jessica, stake: Stake::Risky, amount: 2, die: 3, situation: -1, gain: -2 },
        Event::ExchangeRefused { who: jessica, reason: reason() },
        Event::ExpeditionReturned { ship: ship.clone(), family: "atreides".into(), explorers: 2, die: Some(6), found: Discovery::Pouark, double: true, destroyed: true, captured: false, known: false },
        Event::PlanetDiscovered { planet: planet.clone(), pouark: true, ship: ship.clone(), name_proposed: true },
        Event::ShipLost { ship: ship.clone(), captured: true, year: 10 },
        Event::TradeGains { who: jessica, planet: planet.clone(), merchants: 2, gain: 4, nepotism: true },
        Event::GovernorAttendance { who: irulan, planet: planet.clone(), present: 3, pp: 3 },
        Event::WarriorsReturned { count: 2 },
        Event::Coup { leader: paul, supporters: vec![feyd], opponents: vec![], chances: 3, success: true },
        Event::Disgraced { who: alia, pyramids: vec![Pyramid::Church], by: Pyramid::Government, special: true, rule: "18".into() },
        Event::CoupEmperor { who: paul, deposed: Some(irulan) },
        Event::CoupEmperor { who: irulan, deposed: None },
        Event::JudgeRemoved { who: alia },
        Event::Excommunicated { who: alia },
        Event::Deposed { who: irulan, pyramid: Pyramid::Government, voters: vec![paul] },
        Event::PowerVoid { pyramid: Pyramid::Army, power: "DISGRACE".into(), reason: reason() },
        Event::TrialAdjourned { case_no: 5, accused: feyd, reason: reason() },
        Event::TrialDropped { case_no: 5, accused: feyd, reason: reason() },
        Event::Released { who: alia, rule: "23".into() },
        Event::ImperialPardon { who: alia, in_advance: true },
        Event::ArchpapalPardon { who: alia },
        Event::Eulogy { deceased: feyd, priest: Some(alia) },
        Event::Eulogy { deceased: feyd, priest: None },
        Event::JudgeResigned { who: alia },
        Event::LeftCourt { who: alia, reason: reason() },
        Event::Promoted { who: paul, pyramid: Pyramid::Army, from: Some(1), to: 0, pp: 10 },
        Event::Promoted { who: paul, pyramid: Pyramid::Army, from: None, to: 2, pp: 5 },
        Event::VictoryPoints { family: "atreides".into(), prestige: 100, bonuses: vec![], total: 100, cumulative: 300 },
        Event::GameOver { reason: GameEnd::TurnLimit, winners: vec!["atreides".into()], points: 300, all_lost: false },
        Event::GameOver { reason: GameEnd::StellariumFell, winners: vec![], points: 0, all_lost: true },
        Event::GameOver { reason: GameEnd::AllOnr, winners: vec![], points: 0, all_lost: false },
    ];
    for (kind, success) in [
        (ContractKindTag::Assassination, true),
        (ContractKindTag::Kidnapping, false),
        (ContractKindTag::Scandal, true),
        (ContractKindTag::Rebellion, false),
    ] {
        v.push(Event::ContractExecuted { contract_no: 3, kind, target: target.clone(), sponsors: vec![feyd], total: 5, year: 4, success, detail: None });
    }
    for (guilty, fine) in [(false, None), (true, Some(10)), (true, None)] {
        v.push(Event::Verdict {
            case_no: 4,
            accused: alia,
            charge: Charge::Heresy,
            votes: vec![(paul, OrderVote::Guilty { years: 20 }), (feyd, OrderVote::Innocent { years: 10 }), (irulan, OrderVote::Abstain)],
            guilty_votes: 1,
            innocent_votes: 1,
            tie_breaker: Some(irulan),
            guilty,
            years: 20,
            fine,
            symbolic: true,
        });
    }
    v
}

/// One sample of every message the narrator can emit, for the catalogue
/// check: every sample event told to a family concerned, to another one
/// and to the chronicle.
pub fn samples() -> Vec<Msg> {
    let (before, after, ids) = fixture::game();
    let events = sample_events(&ids);
    let mut out = vec![msg!("stellarium-points-prestige"), msg!("stellarium-exchange-place"), msg!("stellarium-decimal", units = "3", decimals = "5")];
    out.extend(label_samples());
    out.extend(family_samples());
    out.extend(map_samples());
    for viewer in [Some("atreides"), Some("harkonnen"), None] {
        let n = Narrator::new(Lang::Fr, &before, &after, &events, viewer);
        for e in &events {
            if let Some(t) = n.tell(e) {
                out.extend(t.text);
                out.extend(t.dice);
            }
        }
    }
    for (vote, casting) in [("guilty", "yes"), ("innocent", "no"), ("abstain", "no")] {
        out.push(msg!("stellarium-vote", vote = vote, years = 20, casting = casting));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Passing over the events told only to other families
    /// (`Narrator::readers`) changes no family's report: the same items, in
    /// the same years, as telling every event and keeping the family's own;
    /// for every kind of event, every family of the fixture, both languages.
    #[test]
    fn skipping_events_told_to_others_changes_no_report() {
        let (before, after, ids) = fixture::game();
        // Every kind of event, each after an event of year 10 and before a
        // prestige event (told in the year of the event before it) of a
        // character of every family, so that a wrong year of a skipped event
        // shows in the next item of every family.
        let members: Vec<CharacterId> = after.families.keys().filter_map(|k| after.living_members(k).next().map(|c| c.id)).collect();
        assert_eq!(members.len(), after.families.len());
        let prestige = |who: CharacterId| Event::Prestige { who, delta: 1, rule: "27".into(), reason: crate::games::stellarium::why::Why::NoCredit.msg() };
        let mut events: Vec<Event> = sample_events(&ids)
            .into_iter()
            .flat_map(|e| [Event::NoWar, e].into_iter().chain(members.iter().map(|m| prestige(*m))).collect::<Vec<_>>())
            .collect();
        // And an event of every character there was, living or dead, of the
        // state before or after.
        let everyone: BTreeSet<CharacterId> = before.characters.keys().chain(after.characters.keys()).copied().collect();
        events.extend(everyone.into_iter().map(prestige));
        for lang in [Lang::Fr, Lang::En] {
            for family in after.families.keys() {
                let n = Narrator::new(lang, &before, &after, &events, Some(family));
                assert!(sample_events(&ids).iter().filter(|e| n.readers(e).is_some()).count() >= 25, "every kind the reports skip is tried");
                let (fast, slow) = (n.family_told(&events, family, true), n.family_told(&events, family, false));
                let show = |f: &FamilyNarrative| f.items.iter().map(|(y, i)| format!("{y} {} {:?} {}", i.text, i.dice, i.rule)).collect::<Vec<_>>();
                assert_eq!(show(&fast), show(&slow), "{family} ({lang:?})");
                assert!(!slow.items.is_empty());
            }
        }
    }
}
