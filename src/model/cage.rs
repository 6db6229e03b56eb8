//! Killer cages: groups of cells whose digits differ and add up to a sum.
//!
//! A cage is not a house (its digits need not be `1..=N`), but its cells are mutual peers: the
//! layout counts them in [`Layout::peers`](crate::model::Layout::peers) and
//! [`sees`](crate::model::Layout::sees), so every technique that reasons with cells seeing each
//! other uses cage mates too. The sums are read by the search and by the Killer techniques.

use crate::error::Error;
use crate::model::digit::{Digit, DigitSet};
use crate::model::layout::Cell;
use serde::Serialize;

/// A Killer cage: its cells (row-major) and the sum of their digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Cage {
    /// The cells, in row-major order.
    pub cells: Vec<Cell>,
    /// What the cells' digits add up to.
    pub sum: usize,
}

impl Cage {
    /// A cage of `cells` (put in row-major order) adding up to `sum`.
    pub fn new(mut cells: Vec<Cell>, sum: usize) -> Cage {
        cells.sort_unstable();
        Cage { cells, sum }
    }

    /// The smallest and largest sum `count` distinct digits of a grid of `size` can make.
    pub fn sum_range(count: usize, size: usize) -> (usize, usize) {
        let low = count * (count + 1) / 2;
        let high = count * size - count.saturating_sub(1) * count / 2;
        (low, high)
    }

    /// Checks that the cage fits a grid of `size`: cells inside the grid, at most `size` of
    /// them, and a sum that as many distinct digits can make. The message names the cage with
    /// `name` (see [`Cage::describe`]).
    pub fn check(&self, size: usize, name: &dyn Fn(Cell) -> String) -> Result<(), Error> {
        let bad = |reason: String| Error::BadCage {
            cage: self.describe(name),
            reason,
        };
        if let Some(cell) = self.cells.iter().find(|c| c.index() >= size * size) {
            return Err(bad(format!(
                "cell {} is outside the {size}x{size} grid",
                cell.index()
            )));
        }
        if self.cells.windows(2).any(|w| w[0] == w[1]) {
            return Err(bad("it names a cell twice".into()));
        }
        let count = self.cells.len();
        if count == 0 || count > size {
            return Err(bad(format!(
                "it has {count} cells; a cage of a {size}x{size} grid holds 1 to {size} distinct \
                 digits"
            )));
        }
        let (low, high) = Cage::sum_range(count, size);
        if !(low..=high).contains(&self.sum) {
            return Err(bad(format!(
                "{count} distinct digits of 1 to {size} add up to {low} at least and {high} at \
                 most"
            )));
        }
        Ok(())
    }

    /// The cage as messages name it: `cage 17 at r1c1, r1c2`, cells named by `name`.
    pub fn describe(&self, name: &dyn Fn(Cell) -> String) -> String {
        let cells: Vec<String> = self.cells.iter().map(|&c| name(c)).collect();
        format!("cage {} at {}", self.sum, cells.join(", "))
    }
}

/// The sets of `count` distinct digits of `allowed` that add up to `sum`, each as a digit set,
/// in the order a person lists them (by their smallest digit, then the next: 1+9 before 2+8).
pub fn combinations(count: usize, sum: usize, allowed: DigitSet) -> Vec<DigitSet> {
    let digits: Vec<usize> = allowed.iter().map(Digit::get).collect();
    let mut found = Vec::new();
    extend(&digits, count, sum, DigitSet::EMPTY, &mut found);
    found
}

/// Adds to `found` every set made of `chosen` and `count` more of `digits` (ascending) adding up
/// to `sum`.
fn extend(digits: &[usize], count: usize, sum: usize, chosen: DigitSet, found: &mut Vec<DigitSet>) {
    if count == 0 {
        if sum == 0 {
            found.push(chosen);
        }
        return;
    }
    if digits.len() < count {
        return;
    }
    let smallest: usize = digits[..count].iter().sum();
    let largest: usize = digits[digits.len() - count..].iter().sum();
    if sum < smallest || sum > largest {
        return;
    }
    for (i, &digit) in digits.iter().enumerate() {
        if digit > sum || digits.len() - i < count {
            break;
        }
        let mut with = chosen;
        with.insert(Digit::new(digit));
        extend(&digits[i + 1..], count - 1, sum - digit, with, found);
    }
}

/// The most partial assignments [`cage_options`] keeps at one cell before it gives up.
const MAX_PARTIAL: usize = 1 << 14;

/// For cells with candidates `candidates` (one bit set per cell, bit `d - 1` for digit `d`)
/// that must take distinct digits adding up to `sum`: the candidates of each cell that some such
/// assignment uses (all empty when there is none). `None` when the assignments are too many to
/// follow (big cages of big grids); [`cage_bounds`] then narrows them less.
pub fn cage_options(candidates: &[u128], sum: usize) -> Option<Vec<u128>> {
    cage_assignments(candidates, sum, 0).map(|found| found.options)
}

/// What the assignments of a cage's cells use: the candidates of each cell, and the sets of
/// digits (its combinations), each as bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignments {
    /// The candidates of each cell that some assignment uses.
    pub options: Vec<u128>,
    /// The digit sets of the assignments, in increasing order of their bits.
    pub combinations: Vec<u128>,
}

/// Like [`cage_options`], with the combinations too, keeping only the assignments whose digits
/// include every digit of `required` (bits).
pub fn cage_assignments(candidates: &[u128], sum: usize, required: u128) -> Option<Assignments> {
    let count = candidates.len();
    // The least and most the cells from `j` on can add, ignoring that digits differ.
    let mut least = vec![0usize; count + 1];
    let mut most = vec![0usize; count + 1];
    for j in (0..count).rev() {
        let bits = candidates[j];
        let (low, high) = match bits {
            0 => (usize::MAX / 4, 0),
            _ => (
                bits.trailing_zeros() as usize + 1,
                128 - bits.leading_zeros() as usize,
            ),
        };
        least[j] = least[j + 1].saturating_add(low);
        most[j] = most[j + 1] + high;
    }
    // Forward: the sets of digits the first `j` cells can take, with their sums.
    let mut levels: Vec<Vec<(u128, usize)>> = vec![vec![(0, 0)]];
    for j in 0..count {
        let mut next: Vec<(u128, usize)> = Vec::new();
        for &(used, total) in &levels[j] {
            let mut free = candidates[j] & !used;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                let total = total + bit.trailing_zeros() as usize + 1;
                let rest = sum.checked_sub(total);
                if rest.is_some_and(|rest| least[j + 1] <= rest && rest <= most[j + 1]) {
                    next.push((used | bit, total));
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.len() > MAX_PARTIAL {
            return None;
        }
        levels.push(next);
    }
    // Backward: keep the sets that complete, and the digits that lead to them.
    let mut options = vec![0u128; count];
    let mut complete: Vec<u128> = levels[count]
        .iter()
        .filter(|&&(used, total)| total == sum && used & required == required)
        .map(|&(used, _)| used)
        .collect();
    let combinations = complete.clone();
    for j in (0..count).rev() {
        let mut before = Vec::new();
        for &(used, _) in &levels[j] {
            let mut free = candidates[j] & !used;
            let mut leads = false;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                if complete.binary_search(&(used | bit)).is_ok() {
                    options[j] |= bit;
                    leads = true;
                }
            }
            if leads {
                before.push(used);
            }
        }
        before.sort_unstable();
        complete = before;
    }
    Some(Assignments {
        options,
        combinations,
    })
}

/// The candidates of each cell that the other cells' least and most sums allow: a digit `d`
/// stays when the others can add up to `sum - d`, counting each with its own smallest and
/// largest candidate. Weaker than [`cage_options`], and always quick.
pub fn cage_bounds(candidates: &[u128], sum: usize) -> Vec<u128> {
    let low = |bits: u128| bits.trailing_zeros() as usize + 1;
    let high = |bits: u128| 128 - bits.leading_zeros() as usize;
    if candidates.contains(&0) {
        return vec![0; candidates.len()];
    }
    let least: usize = candidates.iter().map(|&b| low(b)).sum();
    let most: usize = candidates.iter().map(|&b| high(b)).sum();
    candidates
        .iter()
        .map(|&bits| {
            let (others_least, others_most) = (least - low(bits), most - high(bits));
            let mut kept = 0;
            let mut rest = bits;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let digit = bit.trailing_zeros() as usize + 1;
                if digit + others_least <= sum && sum <= digit + others_most {
                    kept |= bit;
                }
            }
            kept
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[usize]) -> DigitSet {
        digits.iter().map(|&d| Digit::new(d)).collect()
    }

    #[test]
    fn combinations_are_the_known_killer_tables() {
        // The classic tables: 3 in two cells is 1+2, 17 is 8+9, 10 in two cells has four ways,
        // 23 in three cells is 6+8+9, 45 in nine cells is every digit.
        let full = DigitSet::full(9);
        assert_eq!(combinations(2, 3, full), [set(&[1, 2])]);
        assert_eq!(combinations(2, 17, full), [set(&[8, 9])]);
        assert_eq!(combinations(2, 10, full).len(), 4);
        assert_eq!(combinations(3, 23, full), [set(&[6, 8, 9])]);
        assert_eq!(combinations(9, 45, full), [full]);
        assert_eq!(combinations(3, 15, full).len(), 8);
        assert!(combinations(2, 18, full).is_empty());
        // Only allowed digits are used.
        assert_eq!(
            combinations(2, 10, set(&[1, 2, 3, 8, 9])),
            [set(&[1, 9]), set(&[2, 8])]
        );
    }

    /// Every assignment of distinct digits to cells, by brute force: the candidates each uses.
    fn brute_options(candidates: &[u128], sum: usize) -> Vec<u128> {
        fn walk(cands: &[u128], sum: usize, used: u128, picked: &mut Vec<u128>, out: &mut [u128]) {
            let j = picked.len();
            if j == cands.len() {
                if sum == 0 {
                    for (o, p) in out.iter_mut().zip(picked.iter()) {
                        *o |= p;
                    }
                }
                return;
            }
            for d in 0..9 {
                let bit = 1u128 << d;
                if cands[j] & bit != 0 && used & bit == 0 && d < sum {
                    picked.push(bit);
                    walk(cands, sum - d - 1, used | bit, picked, out);
                    picked.pop();
                }
            }
        }
        let mut out = vec![0; candidates.len()];
        walk(candidates, sum, 0, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn cage_options_agree_with_brute_force() {
        // A fixed pseudo-random sample of candidate sets for cages of one to five cells.
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u128
        };
        for _ in 0..2000 {
            let count = (next() % 5 + 1) as usize;
            let cands: Vec<u128> = (0..count).map(|_| next() & 0x1FF).collect();
            let sum = (next() % 40 + 1) as usize;
            let expected = brute_options(&cands, sum);
            assert_eq!(
                cage_options(&cands, sum),
                Some(expected.clone()),
                "{cands:?} {sum}"
            );
            let bounds = cage_bounds(&cands, sum);
            for (b, e) in bounds.iter().zip(&expected) {
                assert_eq!(e & !b, 0, "bounds keep every option: {cands:?} {sum}");
            }
        }
    }

    #[test]
    fn sums_out_of_reach_are_rejected_naming_the_cage() {
        let name = |c: Cell| crate::model::cell_name(c.row(9), c.col(9));
        let cage = Cage::new(vec![Cell::from_index(1), Cell::from_index(0)], 18);
        let err = cage.check(9, &name).unwrap_err().to_string();
        assert_eq!(
            err,
            "bad cage 18 at r1c1, r1c2: 2 distinct digits of 1 to 9 add up to 3 at least and 17 \
             at most"
        );
        assert!(
            Cage::new(vec![Cell::from_index(0)], 9)
                .check(9, &name)
                .is_ok()
        );
        assert_eq!(Cage::sum_range(9, 9), (45, 45));
        assert_eq!(Cage::sum_range(3, 6), (6, 15));
    }
}
