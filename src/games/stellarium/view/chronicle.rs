//! The public chronicle's parts: the Assembly, the planets, the docket.

use super::*;

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub title: String,
    pub name: String,
    pub family: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PyramidView {
    pub name: String,
    pub seats: Vec<SeatView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct NamedPost {
    pub place: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Assembly {
    pub pyramids: Vec<PyramidView>,
    pub judges: Vec<String>,
    pub governors: Vec<NamedPost>,
    pub commanders: Vec<NamedPost>,
    pub patrol: Vec<String>,
    pub strategy: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlanetLine {
    pub name: String,
    pub caption: String,
    pub closed: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct PublicItem {
    pub year: i32,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Section {
    pub title: String,
    pub items: Vec<PublicItem>,
}

#[derive(Debug, Clone, Serialize)]
pub struct JudgeVote {
    pub judge: String,
    pub vote: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct VerdictView {
    pub case: u32,
    pub accused: String,
    pub charge: String,
    pub accusation: String,
    pub votes: Vec<JudgeVote>,
    pub result: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct DocketLine {
    pub case: u32,
    pub accused: String,
    pub charge: String,
    pub accusation: String,
}

pub(crate) fn assembly(lang: Lang, s: &State) -> Assembly {
    let who = |id: CharacterId| -> (String, String) {
        let fam = s
            .family_of(id)
            .and_then(|f| s.family(f))
            .map(|f| f.name.clone())
            .unwrap_or_default();
        (s.full_name(id), fam)
    };
    let pyramids = Pyramid::ALL
        .iter()
        .map(|p| PyramidView {
            name: pyramid_name(lang, *p).to_string(),
            seats: s
                .pyramid(*p)
                .members()
                .filter_map(|(seat, id)| {
                    let c = s.character(id)?;
                    let (name, family) = who(id);
                    Some(SeatView { title: seat_title(lang, *p, seat, c.sex), name, family })
                })
                .collect(),
        })
        .collect();
    let governors = ring_order(s)
        .into_iter()
        .filter_map(|k| {
            let p = &s.planets[k];
            p.governor.map(|g| NamedPost { place: p.name.clone(), name: s.full_name(g) })
        })
        .collect();
    let commanders = [(FleetNo::First, s.army.commander_1), (FleetNo::Second, s.army.commander_2)]
        .into_iter()
        .filter_map(|(f, c)| c.filter(|c| s.character(*c).is_some_and(|c| c.is_alive())).map(|c| NamedPost { place: fleet_name(lang, f).to_string(), name: s.full_name(c) }))
        .collect();
    Assembly {
        pyramids,
        judges: s.judges.iter().map(|j| s.full_name(*j)).collect(),
        governors,
        commanders,
        patrol: s.army.patrol.iter().map(|k| planet_name(s, k)).collect(),
        strategy: crate::msg!(
            "stellarium-strategy",
            strategy = match s.army.strategy {
                Strategy::Offensive => "offensive",
                Strategy::Defensive => "defensive",
            }
        )
        .render(lang),
    }
}

pub(crate) fn planet_lines(lang: Lang, s: &State) -> Vec<PlanetLine> {
    ring_order(s)
        .into_iter()
        .map(|k| {
            let p = &s.planets[k];
            let (_, _, caption) = controller_of(lang, p);
            PlanetLine { name: p.name.clone(), caption, closed: p.closed_to_trade == Some(s.turn) }
        })
        .collect()
}

/// Trials waiting for the next verdicts: public (22.2).
pub(crate) fn docket(lang: Lang, s: &State) -> Vec<DocketLine> {
    s.trials
        .iter()
        .map(|t| {
            let fem = s.character(t.accused).is_some_and(|c| c.sex == Sex::Female);
            let charge = charge_text(lang, s, &t.charge);
            DocketLine { case: t.case_no, accused: s.full_name(t.accused), accusation: accusation(lang, fem, s, &t.charge), charge }
        })
        .collect()
}
