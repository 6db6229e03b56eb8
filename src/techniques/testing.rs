//! What the technique tests share: states built from pencil marks, candidates from coordinates,
//! a small jigsaw layout, and a soundness check by search.

use crate::core::step::Role;
use crate::core::{State, Step};
use crate::model::{
    Candidate, Cell, Digit, DigitSet, Grid, Layout, Marks, Names, Regions, Symbols,
};
use crate::read::{ReadOptions, read_text};
use crate::search::count_from_candidates;
use std::sync::Arc;

/// A state with no digits placed and the given candidates: `marks` lists `(row, col, digits)`
/// (1-based, digits as a string such as `"12"`); every other cell holds all digits.
pub fn state(layout: Layout, marks: &[(usize, usize, &str)]) -> State {
    let size = layout.size();
    let mut candidates = vec![DigitSet::full(size); size * size];
    for &(row, col, digits) in marks {
        candidates[(row - 1) * size + col - 1] = digits
            .chars()
            .map(|d| Digit::new(d.to_digit(10).unwrap() as usize))
            .collect();
    }
    let (givens, values) = (Grid::empty(size), Grid::empty(size));
    State::from_marks(Marks::new(Arc::new(layout), givens, values, candidates))
}

/// The state right after the givens of magictour's top1465 #1, which basic techniques leave
/// stuck.
pub fn top1465_first() -> State {
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let puzzle = read_text(line, "top1465", &ReadOptions::default())
        .expect("a puzzle")
        .puzzles
        .remove(0);
    State::from_puzzle(&puzzle)
}

/// The state right after the givens of the Samurai of `fixtures/overlap/samurai.txt` (five
/// overlapping 9x9 grids): thousands of chain nodes, and chains of every kind.
pub fn samurai_start() -> State {
    let text = include_str!("../../fixtures/overlap/samurai.txt");
    let puzzle = read_text(text, "samurai", &ReadOptions::default())
        .expect("a puzzle")
        .puzzles
        .remove(0);
    State::from_puzzle(&puzzle)
}

/// A state where every cell holds every digit, except that `cells` (1-based row, column) lack 1.
pub fn without_one(layout: Layout, cells: &[(usize, usize)]) -> State {
    let rest: String = (2..=layout.size()).map(|d| d.to_string()).collect();
    let marks: Vec<_> = cells.iter().map(|&(r, c)| (r, c, rest.as_str())).collect();
    state(layout, &marks)
}

/// A 6x6 with 2x3 boxes where rows 1 and 4 hold 1 only in columns 2 and 5, row 4 also in the
/// fin r4c6: a finned X-Wing that removes 1 from r3c5, in the fin's box.
pub fn finned_x_wing_6x6() -> State {
    let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
    let mut marks: Vec<_> = [1, 3, 4, 6].iter().map(|&c| (1, c, "23456")).collect();
    marks.extend([1, 3, 4].iter().map(|&c| (4, c, "23456")));
    state(layout, &marks)
}

/// Candidates from `(row, col, digit)` triples (1-based), in row-major order.
pub fn cands(size: usize, list: &[(usize, usize, usize)]) -> Vec<Candidate> {
    let mut all: Vec<Candidate> = list
        .iter()
        .map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1, size), Digit::new(d)))
        .collect();
    all.sort_unstable();
    all
}

/// A 4x4 jigsaw layout; regions (numbered from 0, named from 1):
/// ```text
/// 0 0 0 1
/// 0 1 1 1
/// 2 2 3 3
/// 2 2 3 3
/// ```
pub fn jigsaw4() -> Layout {
    let region_of = vec![0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    Layout::new(4, Regions::Jigsaw { region_of }).unwrap()
}

/// Checks, by search, that `state` has a solution and that no eliminated candidate of any of
/// `steps` is in one.
pub fn assert_sound(state: &State, steps: &[Step]) {
    let layout = state.layout();
    let candidates = state.all_candidates().to_vec();
    assert!(count_from_candidates(layout, &candidates, 1).solutions > 0);
    for step in steps {
        for e in &step.eliminations {
            let mut forced = candidates.clone();
            forced[e.cell.index()] = DigitSet::single(e.digit);
            let count = count_from_candidates(layout, &forced, 1);
            assert_eq!(
                count.solutions,
                0,
                "{e:?} is in a solution: {}",
                text(state, step)
            );
        }
    }
}

/// Checks that `step` is sound in `state` (made with [`without_one`]) and removes only 1s.
pub fn assert_removes_only_one(state: &State, step: &Step) {
    assert_sound(state, std::slice::from_ref(step));
    let one = Digit::new(1);
    assert!(
        step.eliminations.iter().all(|e| e.digit == one),
        "{}",
        text(state, step)
    );
}

/// A step's explanation as a person reads it for `state` (default symbols, no sheet addresses).
pub fn text(state: &State, step: &Step) -> String {
    step.explanation
        .render(&Names::new(state.layout(), Some(&Symbols::default())))
}

/// A step's figures as their roles and candidates, for comparison with expected ones.
pub fn roles(step: &Step) -> Vec<(Role, Vec<Candidate>)> {
    step.figures
        .iter()
        .map(|f| (f.role, f.candidates.to_vec()))
        .collect()
}
