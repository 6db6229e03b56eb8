//! The solving state: placed digits and the candidates left in every cell. Techniques read it; only
//! the engine changes it, by applying steps.

use crate::core::{Limits, Step};
use crate::explain;
use crate::model::explanation;
use crate::model::{
    Candidate, Cell, Digit, DigitSet, Explanation, Grid, House, Layout, Marks, Puzzle,
};
use std::sync::Arc;

/// Placed digits and pencil marks.
#[derive(Debug, Clone)]
pub struct State {
    layout: Arc<Layout>,
    givens: Grid,
    values: Grid,
    candidates: Vec<DigitSet>,
    unique: bool,
    limits: Limits,
}

impl State {
    /// The state right after the givens: every empty cell holds the digits its peers leave open.
    pub fn from_puzzle(puzzle: &Puzzle) -> State {
        State::from_marks(Marks::of_puzzle(puzzle))
    }

    /// The state of a pencil-mark grid: its placed digits and candidates.
    pub fn from_marks(marks: Marks) -> State {
        State {
            limits: Limits::for_size(marks.layout.size()),
            layout: marks.layout,
            givens: marks.givens,
            values: marks.values,
            candidates: marks.candidates,
            unique: false,
        }
    }

    /// The same state, known (`true`) or not known to have exactly one solution. Uniqueness
    /// techniques (unique rectangles, BUG+1) only fire on a state known to be unique; whoever
    /// builds the state sets this after checking by search.
    pub fn assuming_unique(mut self, unique: bool) -> State {
        self.unique = unique;
        self
    }

    /// Whether the puzzle is known to have exactly one solution.
    pub fn assumes_unique(&self) -> bool {
        self.unique
    }

    /// The same state with the caps `limits` on the techniques' searches (by default
    /// [`Limits::for_size`] of its size).
    pub fn with_limits(mut self, limits: Limits) -> State {
        self.limits = limits;
        self
    }

    /// The caps on the techniques' searches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The geometry.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// N.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The digit in `cell`, if placed or given.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values.get(cell)
    }

    /// The original clues.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Every placed digit, givens included.
    pub fn values(&self) -> &Grid {
        &self.values
    }

    /// The candidates of `cell` (empty once it is filled).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// One candidate set per cell for the exact search: a filled cell's value, else its
    /// candidates.
    pub fn search_candidates(&self) -> Vec<DigitSet> {
        self.layout
            .cells()
            .map(|c| self.value(c).map_or(self.candidates(c), DigitSet::single))
            .collect()
    }

    /// The candidates among `digits` left in `cells`, cell by cell: what a step's pattern shows.
    pub fn candidates_in(&self, cells: &[Cell], digits: DigitSet) -> Vec<Candidate> {
        cells
            .iter()
            .flat_map(|&c| {
                let held = self.candidates(c).intersection(digits);
                held.iter().map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// All candidate sets, row-major.
    pub fn all_candidates(&self) -> &[DigitSet] {
        &self.candidates
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.is_complete()
    }

    /// The empty cells of `house` that still have `digit` as a candidate.
    pub fn places(&self, house: &House, digit: Digit) -> Vec<Cell> {
        house
            .cells
            .iter()
            .copied()
            .filter(|&cell| self.candidates(cell).contains(digit))
            .collect()
    }

    /// The digits not yet placed in `house`.
    pub fn missing(&self, house: &House) -> DigitSet {
        let placed: DigitSet = house.cells.iter().filter_map(|&c| self.value(c)).collect();
        DigitSet::full(self.size()).without(placed)
    }

    /// Applies a step: places its digits (removing them from peers) and removes its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &Candidate { cell, digit } in &step.placements {
            self.place(cell, digit);
        }
        for &Candidate { cell, digit } in &step.eliminations {
            self.candidates[cell.index()].remove(digit);
        }
    }

    fn place(&mut self, cell: Cell, digit: Digit) {
        self.values.set(cell, Some(digit));
        self.candidates[cell.index()] = DigitSet::EMPTY;
        for &peer in self.layout.peers(cell) {
            self.candidates[peer.index()].remove(digit);
        }
    }

    /// The first sign that the state cannot lead to a solution: an empty cell without candidates,
    /// or a digit with no place left in a house. Described for a person.
    pub fn contradiction(&self) -> Option<Explanation> {
        if let Some(cell) = self
            .layout
            .cells()
            .find(|&c| self.value(c).is_none() && self.candidates(c).is_empty())
        {
            return Some(explain!("{} has no candidate left", cell));
        }
        self.layout
            .houses()
            .iter()
            .enumerate()
            .find_map(|(id, house)| {
                self.missing(house)
                    .iter()
                    .find(|&d| self.places(house, d).is_empty())
                    .map(|d| explain!("{} has no place left in {}", d, explanation::House(id)))
            })
    }
}
