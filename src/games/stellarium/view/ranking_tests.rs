//! The ranking a family report shows.

use super::*;

fn line(rank: usize, me: bool) -> RankLine {
    RankLine { rank, pnj: false, pnj_first: false, family: format!("F{rank}"), turn: 0, total: 0, me, gap_before: false }
}

#[test]
fn r29_family_reports_show_the_top_ten_and_the_family_with_its_neighbours() {
    let all: Vec<RankLine> = (1..=1000).map(|i| line(i, i == 500)).collect();
    let ex = ranking_excerpt(all);
    let ranks: Vec<usize> = ex.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 498, 499, 500, 501, 502]);
    assert!(ex[10].gap_before && !ex[11].gap_before && !ex[0].gap_before);
    let small: Vec<RankLine> = (1..=4).map(|i| line(i, i == 4)).collect();
    assert_eq!(ranking_excerpt(small).len(), 4);
}
