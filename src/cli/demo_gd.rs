//! `arbitre demo --ruleset galactic-destiny`: what `--turns` means for it
//! (game turns: each is S1, S2, a window per party and B for the invasions,
//! a window per party and K for the campaigns, and P, after the
//! registration step) and the summary of the game's business, read from
//! each step's `events.json`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The setting a demo game needs: the simulated players register under
/// family names, so parties are drawn by lot (G2).
/// The demo game's settings: parties by lot, the game ending with `--turns`
/// game turns (the turn limit, "tours_max").
pub fn settings(turns: u32) -> String {
    format!("attribution_partis = \"hasard\"\ntours_max = {}\n", turns.max(1))
}

/// Steps to play for `turns` game turns of `parties` parties: the
/// registration step, then the 2n + 5 steps of each game turn (design note
/// §2.2), with room for a Feint round (n F windows and B′) in every turn;
/// the demo stops when the game ends, at the latest by the turn limit.
pub fn steps(turns: u32, parties: u32) -> u32 {
    1 + (2 * parties + 5 + parties + 1) * turns
}

/// Counts, over every step of the game, the events the issue asks the demo
/// to show (elections, laws passed and vetoed, prosecutions, trades) and a
/// few more.
pub fn summary(turns: &Path) -> anyhow::Result<Vec<String>> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(turns)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.sort();
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    let mut verdicts: BTreeMap<String, usize> = BTreeMap::new();
    let mut game_turns = 0u64;
    let mut ending = None;
    for d in dirs {
        let Ok(text) = std::fs::read_to_string(d.join("events.json")) else { continue };
        let events: Vec<serde_json::Value> = serde_json::from_str(&text)?;
        for e in events {
            let kind = e.get("event").and_then(|k| k.as_str()).unwrap_or("?").to_string();
            match kind.as_str() {
                "galactic_phase" => game_turns = game_turns.max(e["turn"].as_u64().unwrap_or(0)),
                "elected" if e["holder"].is_null() => *count.entry("left_vacant".into()).or_default() += 1,
                "trial" => *verdicts.entry(e["verdict"].as_str().unwrap_or("?").to_string()).or_default() += 1,
                "ended" => ending = Some(e["ending"].clone()),
                "campaign_resolved" if !e["winner"].is_null() => *count.entry("campaign_won".into()).or_default() += 1,
                "republic_fleet_moved" if e["attack"].as_bool() == Some(true) => *count.entry("republic_attack".into()).or_default() += 1,
                "rerolled" => *count.entry(format!("rerolled_{}", e["contest"].as_str().unwrap_or("?"))).or_default() += 1,
                "card_played" if matches!(e["target"]["kind"].as_str(), Some("battle" | "campaign")) => *count.entry(format!("contest_card_{}", e["target"]["kind"].as_str().unwrap_or("?"))).or_default() += 1,
                _ => {}
            }
            *count.entry(kind).or_default() += 1;
        }
    }
    let n = |k: &str| count.get(k).copied().unwrap_or(0);
    let verdicts: Vec<String> = verdicts.iter().map(|(v, n)| format!("{v} {n}")).collect();
    let mut lines = vec![
        format!("galactic destiny: {game_turns} game turn(s) opened"),
        format!("senate: {} post(s) filled by election ({} left vacant, {} dealt by lot)", n("elected") - n("left_vacant"), n("left_vacant"), n("dealt_by_lot")),
        format!("senate: {} law(s) passed, {} veto(es), {} item(s) struck, {} vote(s) held", n("law_passed"), n("vetoed"), n("struck"), n("vote")),
        format!("senate: {} trial(s) ({}), {} audit(s), {} fine(s)", n("trial"), if verdicts.is_empty() { "-".to_string() } else { verdicts.join(", ") }, n("audit"), n("fined")),
        format!("any step: {} trade(s), {} bank purchase(s), {} failed trade(s)", n("traded"), n("banked"), n("trade_failed")),
        format!("purchases: {} purchase(s); {} step(s) played by default for a silent party", n("bought"), n("default")),
        format!("campaigns: {} declared, {} sector(s) resolved, {} taken by a campaign, {} void", n("campaign_declared"), n("campaign_resolved"), n("campaign_won"), n("campaign_void")),
        format!("assassinations: {} attempt(s), {} senator(s) killed, {} standing bid(s) written", n("attempt"), n("assassinated"), n("standing_bid")),
        format!("cards: {} played, {} answered, {} cancelled, {} standing answer(s) written", n("card_played"), n("card_answered"), n("card_cancelled"), n("card_answer_standing")),
        format!("galactic phase: {} event card(s) drawn, {} infestation roll(s), {} sector(s) infested", n("event_drawn"), n("infestation_roll"), n("infested")),
    ];
    // The contest cards (#28): battle and campaign cards played.
    lines.push(format!("contest cards: {} battle card(s), {} campaign card(s) played", n("contest_card_battle"), n("contest_card_campaign")));
    // The invasions (#28): the Republic's fleet, battles, sectors taken.
    let attacks = count.get("republic_attack").copied().unwrap_or(0);
    lines.push(format!("invasions: {} Republic fleet move(s) ({attacks} attack(s)), {} battle(s), {} sector(s) changed hands, {} retreat(s)", n("republic_fleet_moved"), n("battle"), n("sector_taken"), n("retreated")));
    lines.push(format!("feints: {} Feint(s) played, {} party declaration(s) cancelled and made again", n("feint_played"), n("feint_cancelled")));
    lines.push(format!("defence: {} redeployment(s) of the Republic fleet by the Defence minister, {} group(s) declared", n("republic_redeployed"), n("republic_redeclared")));
    // Skills, sector abilities and corrupt ministry skills used as actions (#28).
    lines.push(format!(
        "skills: {} spy look(s) ({} with cards discarded), {} sabotage(s), {} cleansing(s), {} black-market look(s), {} augury(ies), {} indulgence(s), {} corrupt ministry skill(s)",
        n("spied"),
        n("hand_discarded"),
        n("sabotaged"),
        n("cleansed"),
        n("black_market_look"),
        n("augury"),
        n("shadow_removed"),
        n("corrupt_skill_used")
    ));
    // The rerolls (Interrupteur de code, sector 34; #28).
    lines.push(format!("rerolls: {} in battles, {} in campaigns, {} in attempts", n("rerolled_battle"), n("rerolled_campaign"), n("rerolled_assassination")));
    // The rebellion and peace (#28).
    lines.push(format!("rebellion: {} declared, {} peace offer(s), {} peace(s) made", n("rebellion_declared"), n("peace_offered"), n("peace_made")));
    if let Some(e) = ending {
        lines.push(format!("game over: {e}"));
    }
    Ok(lines)
}
