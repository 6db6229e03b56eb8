//! Screens run before a finder: whether a step type can have a step at all, read from the
//! queues' candidates as bits.
//!
//! The policy asks every step type in HoDoKu's order until one applies, so most requests find
//! nothing. A finder answers them by listing every pattern (and writing each step's words); a
//! screen answers in a few bit operations. A screen never says no where the finder would find
//! a step; where it says yes, the finder runs and decides.

use super::singles::{Queues, cells_in, digits_of, house_mask, houses_of};
use crate::core::Technique;

/// Whether `technique` may have a step in the grid `queues` follows: `false` only when its
/// finder would find none.
pub(super) fn may_find(queues: &Queues, technique: Technique) -> bool {
    match technique {
        Technique::Pointing | Technique::Claiming => {
            first_locked_candidates(queues, technique).is_some()
        }
        Technique::LockedSubset(n) => locked_subset(queues, usize::from(n)),
        _ => true,
    }
}

/// The locked candidates (pointing or claiming, `technique`) HoDoKu meets first, as the house
/// confining the digit, the digit, and the house that loses it: houses in turn (boxes for
/// pointing, rows then columns for claiming), digit by digit in each.
pub(super) fn first_locked_candidates(
    queues: &Queues,
    technique: Technique,
) -> Option<(usize, usize, usize)> {
    // The other house is one of the first place's row and column (pointing) or its box.
    let (houses, kinds) = match technique {
        Technique::Pointing => (18..27, 0..2),
        _ => (0..18, 2..3),
    };
    houses.into_iter().find_map(|house| {
        (1..=9).find_map(|digit| {
            let board = queues.board(digit);
            let places = board & house_mask(house);
            if places.count_ones() < 2 {
                return None;
            }
            let first = places.trailing_zeros() as usize;
            let other = houses_of(first)[kinds.clone()]
                .iter()
                .copied()
                .find(|&other| {
                    let other = house_mask(other);
                    places & !other == 0 && board & other & !places != 0
                })?;
            Some((house, digit, other))
        })
    })
}

/// Where a box meets a row or column: the three cells, the box's cells and the line's cells,
/// as bits 0–80.
#[derive(Clone, Copy)]
struct Segment {
    cells: u128,
    region: u128,
    line: u128,
}

/// The 54 places where a box meets a row or column.
const SEGMENTS: [Segment; 54] = {
    let empty = Segment {
        cells: 0,
        region: 0,
        line: 0,
    };
    let mut segments = [empty; 54];
    let mut i = 0;
    while i < 54 {
        // Row r meets boxes 3⌊r/3⌋ to 3⌊r/3⌋ + 2; column c meets boxes ⌊c/3⌋, + 3 and + 6.
        let (line, region) = if i < 27 {
            (i / 3, 18 + i / 9 * 3 + i % 3)
        } else {
            let column = (i - 27) / 3;
            (9 + column, 18 + i % 3 * 3 + column / 3)
        };
        let (region, line) = (house_mask(region), house_mask(line));
        segments[i] = Segment {
            cells: region & line,
            region,
            line,
        };
        i += 1;
    }
    segments
};

/// Whether a locked subset of `n` cells may be there: `n` empty cells where a box meets a row
/// or column, holding `n` digits together, which both the rest of the box and the line outside
/// the box hold.
fn locked_subset(queues: &Queues, n: usize) -> bool {
    let boards: [u128; 10] = std::array::from_fn(|digit| queues.board(digit));
    let fit = cells_with_at_most(&boards, n);
    let holds = |digits: u16, cells: u128| digits_of(digits).any(|d| boards[d] & cells != 0);
    SEGMENTS.iter().any(|segment| {
        let fitting = segment.cells & fit;
        if (fitting.count_ones() as usize) < n {
            return false;
        }
        // Each set of `n` such cells in turn: the submasks of `fitting`.
        let mut chosen = fitting;
        while chosen != 0 {
            if chosen.count_ones() as usize == n {
                let digits = cells_in(chosen).fold(0, |u, c| u | queues.candidates(c));
                if digits.count_ones() as usize == n
                    && holds(digits, segment.region & !chosen)
                    && holds(digits, segment.line & !segment.region)
                {
                    return true;
                }
            }
            chosen = (chosen - 1) & fitting;
        }
        false
    })
}

/// The empty cells with at most `n` (up to 3) candidates, as bits 0–80: the candidates are
/// counted for all cells at once, a two-bit counter per cell and a mask of the cells past 3.
fn cells_with_at_most(boards: &[u128; 10], n: usize) -> u128 {
    let (mut low, mut high, mut past) = (0u128, 0u128, 0u128);
    for &board in &boards[1..] {
        let carry = low & board;
        low ^= board;
        past |= high & carry;
        high ^= carry;
    }
    let any = boards[1..].iter().fold(0, |cells, &board| cells | board);
    let three = low & high;
    match n {
        2 => any & !past & !three,
        _ => any & !past,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{HodokuPolicy, start};
    use super::*;
    use crate::core::{State, Step};
    use crate::engine::{self, Policy};
    use crate::read::{ReadOptions, read_text};
    use crate::techniques::find_all;

    /// HoDoKu's policy, with each screen checked against its finder before every pick.
    struct Checked {
        policy: HodokuPolicy,
        /// How often a screen said no, and how often yes.
        said: [usize; 2],
    }

    impl Policy for Checked {
        fn pick(&mut self, state: &State) -> Option<Step> {
            let screened = [
                Technique::Pointing,
                Technique::Claiming,
                Technique::LockedSubset(2),
                Technique::LockedSubset(3),
            ];
            for technique in screened {
                let may = may_find(&self.policy.queues, technique);
                let found = find_all(technique, state);
                assert!(may || found.is_empty(), "{technique:?} screened out");
                self.said[usize::from(may)] += 1;
            }
            // The locked candidates taken at once are those the policy would pick among all.
            for technique in [Technique::Pointing, Technique::Claiming] {
                let taken = super::super::locked_candidates(state, &self.policy.queues, technique);
                let picked = super::super::pick::pick(state, &[technique]);
                assert_eq!(taken, picked, "{technique:?}");
            }
            self.policy.pick(state)
        }

        fn applied(&mut self, step: &Step) {
            self.policy.applied(step);
        }
    }

    #[test]
    fn a_screen_says_no_only_where_its_finder_finds_nothing() {
        let text = include_str!("../../../fixtures/samples/hodoku_ratings_sample.txt");
        let mut said = [0, 0];
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let givens = line.split_whitespace().next().unwrap();
            let puzzle = read_text(givens, "test", &ReadOptions::default())
                .unwrap()
                .puzzles
                .remove(0);
            let (state, policy) = start(&puzzle).unwrap();
            let mut checked = Checked { policy, said };
            engine::solve_by(state, &mut checked);
            said = checked.said;
        }
        // Both answers came up often: the check above was not idle.
        assert!(said[0] > 1000 && said[1] > 100, "{said:?}");
    }
}
