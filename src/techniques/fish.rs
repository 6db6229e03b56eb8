//! Basic fish: X-Wing, Swordfish, Jellyfish and the larger fish of big grids.
//!
//! For one digit, `n` base lines (rows, or columns) whose places all lie in `n` cover lines of the
//! other orientation remove the digit from the cover lines outside the base lines. Places are bit
//! masks of line positions (one `u128` fits any size up to 100), and the combinations come from
//! [`tight_sets`], the routine naked and hidden subsets use too.

use crate::engine::state::State;
use crate::engine::step::{Candidate, Step, Technique};
use crate::model::{Digit, House, HouseKind};
use crate::techniques::Sink;
use crate::techniques::subsets::{eliminations_text, tight_sets};

/// Basic fish of `n` base lines, rows first, then columns.
pub fn basic(state: &State, n: usize, sink: &mut Sink) {
    let houses = state.layout().houses();
    let lines = |kind| -> Vec<usize> {
        (0..houses.len())
            .filter(|&h| houses[h].kind == kind)
            .collect()
    };
    let (rows, columns) = (lines(HouseKind::Row), lines(HouseKind::Column));
    for digit in (1..=state.size()).map(Digit::new) {
        for (base_lines, cover_lines) in [(&rows, &columns), (&columns, &rows)] {
            let mut bases = Vec::new();
            let mut masks = Vec::new();
            for &line in base_lines {
                let mask = positions(state, &houses[line], digit);
                if (1..=n as u32).contains(&mask.count_ones()) {
                    bases.push(line);
                    masks.push(mask);
                }
            }
            let go_on = tight_sets(&masks, n, &mut |chosen, union| {
                // Bit i of a line is its i-th cell, which lies on the crossing line numbered i.
                let in_base = chosen
                    .iter()
                    .fold(0u128, |m, &i| m | 1 << houses[bases[i]].number);
                let mut eliminations: Vec<Candidate> = bits(union)
                    .flat_map(|i| {
                        let line = &houses[cover_lines[i]];
                        let outside = positions(state, line, digit) & !in_base;
                        bits(outside).map(move |j| Candidate::new(line.cells[j], digit))
                    })
                    .collect();
                if eliminations.is_empty() {
                    return true;
                }
                let base: Vec<usize> = chosen.iter().map(|&i| bases[i]).collect();
                let cover: Vec<usize> = bits(union).map(|i| cover_lines[i]).collect();
                eliminations.sort_unstable();
                let mut step = Step::new(Technique::BasicFish(n as u8));
                step.pattern = base
                    .iter()
                    .flat_map(|&line| houses[line].cells.iter())
                    .filter(|&&c| state.candidates(c).contains(digit))
                    .map(|&c| Candidate::new(c, digit))
                    .collect();
                step.pattern.sort_unstable();
                step.explanation = format!(
                    "{} on {digit} in {} / {} ⇒ {}",
                    step.technique,
                    line_list(houses, &base),
                    line_list(houses, &cover),
                    eliminations_text(state, &eliminations)
                );
                step.eliminations = eliminations;
                step.base = base;
                step.cover = cover;
                sink(step)
            });
            if !go_on {
                return;
            }
        }
    }
}

/// `rows 2,6` or `columns 3,8`.
fn line_list(houses: &[House], lines: &[usize]) -> String {
    let kind = match houses[lines[0]].kind {
        HouseKind::Row => "rows",
        _ => "columns",
    };
    let numbers: Vec<String> = lines
        .iter()
        .map(|&l| (houses[l].number + 1).to_string())
        .collect();
    format!("{kind} {}", numbers.join(","))
}

/// The positions (bit i = i-th cell) of `digit`'s candidates in `line`.
fn positions(state: &State, line: &House, digit: Digit) -> u128 {
    line.cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| state.candidates(c).contains(digit))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The indices of the set bits of `mask`, ascending.
fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::engine::step::Technique;
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::subsets::testing::{cands, state};

    #[test]
    fn x_wing_in_rows_of_a_six_by_six() {
        // Rows 1 and 4 hold 1 only in columns 2 and 5, so columns 2 and 5 lose 1 in rows 2, 3, 5
        // and 6. Every other line has 1 in at least four places, so there is no other X-Wing.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks: Vec<_> = [1, 4]
            .iter()
            .flat_map(|&r| [1, 3, 4, 6].map(|c| (r, c, "23456")))
            .collect();
        let s = state(layout, &marks);
        let steps = find_all(Technique::BasicFish(2), &s);
        assert_eq!(steps.len(), 1);
        let expected: Vec<_> = [2, 3, 5, 6]
            .iter()
            .flat_map(|&r| [(r, 2, 1), (r, 5, 1)])
            .collect();
        assert_eq!(steps[0].eliminations, cands(6, &expected));
        assert_eq!(steps[0].base, [0, 3]);
        assert_eq!(steps[0].cover, [7, 10]);
        assert_eq!(
            steps[0].explanation,
            "X-Wing on 1 in rows 1,4 / columns 2,5 ⇒ r2c2<>1, r2c5<>1, r3c2<>1, r3c5<>1, \
             r5c2<>1, r5c5<>1, r6c2<>1, r6c5<>1"
        );
    }

    #[test]
    fn swordfish_in_columns_of_a_latin_square_and_its_complement() {
        // Columns 1, 3 and 6 hold 2 only in rows {1,3}, {3,5}, {1,5}: rows 1, 3, 5 lose 2 in
        // columns 2, 4, 5. That leaves rows 2, 4, 6 with 2 only in columns 2, 4, 5 — the
        // complementary swordfish, which removes the same nine candidates; rows come first.
        let mut marks = Vec::new();
        for (col, rows) in [(1, [2, 4, 5, 6]), (3, [2, 4, 6, 1]), (6, [2, 3, 4, 6])] {
            marks.extend(rows.map(|r| (r, col, "13456")));
        }
        let s = state(Layout::new(6, Regions::Latin).unwrap(), &marks);
        let steps = find_all(Technique::BasicFish(3), &s);
        assert_eq!(steps.len(), 2);
        let expected: Vec<_> = [1, 3, 5]
            .iter()
            .flat_map(|&r| [2, 4, 5].map(|c| (r, c, 2)))
            .collect();
        assert!(steps.iter().all(|s| s.eliminations == cands(6, &expected)));
        assert!(
            steps[0]
                .explanation
                .starts_with("Swordfish on 2 in rows 2,4,6 / columns 2,4,5 ⇒ r1c2<>2, r1c4<>2")
        );
        assert!(
            steps[1]
                .explanation
                .starts_with("Swordfish on 2 in columns 1,3,6 / rows 1,3,5 ⇒")
        );
        assert!(find_all(Technique::BasicFish(2), &s).is_empty());
    }
}
