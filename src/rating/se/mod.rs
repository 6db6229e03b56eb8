//! A rating compatible with Sudoku Explainer 1.2.1 (as its maintained command-line fork
//! `serate` rates): the puzzle is solved with Sudoku Explainer's own rules, in its order, one
//! hint at a time (the first hint of the first rule that has one, applied, then again from the
//! first rule), each rated by Sudoku Explainer's rules, chain lengths included. The results
//! are `serate`'s: ER, the hardest step; EP, the hardest step up to the first that places a
//! value; ED, the first step.
//!
//! This is a rating, not gridlogic's explanation: its steps are Sudoku Explainer's, which
//! differ from the engine's ([`crate::engine`]) in repertoire, order and what counts as one
//! step. Only 9x9 puzzles with 3x3 boxes can be rated, as in Sudoku Explainer, and only
//! puzzles with exactly one solution mean anything (its uniqueness rules assume one).
//!
//! Sudoku Explainer finds a few things in an order no one can reproduce (inside dynamic chains
//! that apply other rules, the eliminations of one rule come in the order of Java's identity
//! hashes); here they come in cell order, which could change a chain's length, and so a
//! rating, by 0.1 at times.

mod aligned;
mod basic;
mod chaining;
mod grid;
mod hint;
mod unique;

use crate::error::Error;
use crate::explain;
use crate::model::explanation::{Claim, House};
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation, Puzzle};
use chaining::Chaining;
use grid::Grid;
use hint::Hint;
use serde::Serialize;
use std::ops::ControlFlow;

/// Where a rule offers its hints, one at a time; `Break` stops it.
type Sink<'a> = &'a mut dyn FnMut(Hint) -> ControlFlow<()>;

/// A rule of Sudoku Explainer: it offers its hints on a grid.
type Finder = fn(&Grid, Sink) -> ControlFlow<()>;

/// Sudoku Explainer's rules in its order (which is not quite the order of their ratings).
const RULES: [Finder; 30] = [
    basic::hidden_singles,
    |g, s| basic::intersections(g, true, s),
    |g, s| basic::hidden_sets(g, 2, true, s),
    basic::naked_singles,
    |g, s| basic::hidden_sets(g, 3, true, s),
    |g, s| basic::intersections(g, false, s),
    |g, s| basic::naked_sets(g, 2, s),
    |g, s| basic::fish(g, 2, s),
    |g, s| basic::hidden_sets(g, 2, false, s),
    |g, s| basic::naked_sets(g, 3, s),
    |g, s| basic::fish(g, 3, s),
    |g, s| basic::hidden_sets(g, 3, false, s),
    |g, s| basic::wings(g, false, s),
    |g, s| basic::wings(g, true, s),
    unique::unique_loops,
    |g, s| basic::naked_sets(g, 4, s),
    |g, s| basic::fish(g, 4, s),
    |g, s| basic::hidden_sets(g, 4, false, s),
    unique::bug,
    |g, s| aligned::aligned_exclusion(g, 2, s),
    |g, s| Chaining::new(false, false, false, 0).find(g, s),
    |g, s| aligned::aligned_exclusion(g, 3, s),
    |g, s| Chaining::new(false, true, true, 0).find(g, s),
    |g, s| Chaining::new(true, false, false, 0).find(g, s),
    |g, s| Chaining::new(true, true, false, 0).find(g, s),
    |g, s| Chaining::new(true, true, false, 1).find(g, s),
    |g, s| Chaining::new(true, true, false, 2).find(g, s),
    |g, s| Chaining::new(true, true, false, 3).find(g, s),
    |g, s| Chaining::new(true, true, false, 4).find(g, s),
    |g, s| Chaining::new(true, true, false, 5).find(g, s),
];

/// One step of Sudoku Explainer's solve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeStep {
    /// Sudoku Explainer's name of the technique: `Hidden Single`, `Dynamic Forcing Chains (+)`.
    pub technique: String,
    /// Its rating, as Sudoku Explainer computes it (unrounded).
    pub rating: f64,
    /// The house it works in, when it names one (an index into the layout's houses).
    pub house: Option<usize>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
    /// The value it places, if any.
    pub placement: Option<Candidate>,
}

/// Sudoku Explainer's three numbers, each rounded to one decimal as `serate` prints them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeRating {
    /// The rating of the hardest step.
    pub er: f64,
    /// The rating of the hardest step up to the first that places a value ("pearl").
    pub ep: f64,
    /// The rating of the first step ("diamond").
    pub ed: f64,
    /// Sudoku Explainer's name of the hardest step's technique (the first of that rating).
    pub hardest: String,
}

/// A solve with Sudoku Explainer's rules.
#[derive(Debug, Clone, PartialEq)]
pub struct SeSolve {
    /// The steps, in order.
    pub steps: Vec<SeStep>,
    /// The rating; `None` when no rule applies before the grid is solved (Sudoku Explainer then
    /// reports 20.0).
    pub rating: Option<SeRating>,
}

/// Whether Sudoku Explainer's rating applies to `puzzle`: 9x9 with 3x3 boxes, without extra
/// houses or cages; the error says what the puzzle is otherwise.
pub fn check_layout(puzzle: &Puzzle) -> Result<(), Error> {
    super::check_classic(puzzle, "Sudoku Explainer", "se")
}

/// Solves `puzzle` with Sudoku Explainer's rules and rates it as `serate` does.
pub fn rate(puzzle: &Puzzle) -> Result<SeSolve, Error> {
    rate_within(puzzle, f64::INFINITY).map(|solve| solve.expect("no ceiling to pass"))
}

/// Like [`rate`], but stops and gives `Ok(None)` at the first step rated above `ceiling` (as
/// `serate` rounds it): the ER would be above it too. A generator looking for a band of ratings
/// needs no more of a puzzle that is too hard.
pub fn rate_within(puzzle: &Puzzle, ceiling: f64) -> Result<Option<SeSolve>, Error> {
    check_layout(puzzle)?;
    let mut givens = [0u8; 81];
    for (index, given) in givens.iter_mut().enumerate() {
        *given = puzzle
            .givens()
            .get(Cell::from_index(index))
            .map_or(0, |d| d.get() as u8);
    }
    let mut grid = Grid::new(&givens);
    let mut steps = Vec::new();
    let mut hardest: Option<(f64, String)> = None;
    let (mut pearl, mut diamond) = (None, None);
    while !grid.is_solved() {
        let Some(hint) = first_hint(&grid) else {
            return Ok(Some(SeSolve {
                steps,
                rating: None,
            }));
        };
        let step = SeStep::of(&hint);
        if rounded(step.rating) > ceiling {
            return Ok(None);
        }
        if hardest.as_ref().is_none_or(|(r, _)| step.rating > *r) {
            hardest = Some((step.rating, step.technique.clone()));
        }
        hint.apply(&mut grid);
        let running = hardest.as_ref().map_or(0.0, |(r, _)| *r);
        diamond.get_or_insert(running);
        if pearl.is_none() && hint.placement.is_some() {
            pearl = Some(running);
        }
        steps.push(step);
    }
    let (er, hardest) = hardest.unwrap_or((0.0, String::new()));
    Ok(Some(SeSolve {
        steps,
        rating: Some(SeRating {
            er: rounded(er),
            ep: rounded(pearl.unwrap_or(0.0)),
            ed: rounded(diamond.unwrap_or(0.0)),
            hardest,
        }),
    }))
}

/// The first hint of the first rule that has one.
fn first_hint(grid: &Grid) -> Option<Hint> {
    let mut found = None;
    for rule in RULES {
        let _ = rule(grid, &mut |hint| {
            found = Some(hint);
            ControlFlow::Break(())
        });
        if found.is_some() {
            break;
        }
    }
    found
}

/// A rating rounded to one decimal as `serate` prints it (half up, after Java's arithmetic).
fn rounded(rating: f64) -> f64 {
    ((rating + 0.05) * 10.0).floor() / 10.0
}

impl SeStep {
    fn of(hint: &Hint) -> SeStep {
        let candidate = |cell: u8, value: u8| {
            Candidate::new(Cell::from_index(cell as usize), Digit::new(value as usize))
        };
        let mut removals = hint.removals.clone();
        removals.sort_by_key(|&(cell, _)| cell);
        SeStep {
            technique: hint.rule.name(),
            rating: hint.difficulty,
            house: hint.region.map(|r| r.house()),
            eliminations: removals
                .iter()
                .flat_map(|&(cell, mask)| grid::values(mask).map(move |v| candidate(cell, v)))
                .collect(),
            placement: hint.placement.map(|(cell, value)| candidate(cell, value)),
        }
    }

    /// The step in words: `Hidden Single in box 3 (1.2): r2c7=5`.
    pub fn explanation(&self) -> Explanation {
        let mut text = explain!("{}", self.technique.clone());
        if let Some(house) = self.house {
            text.push(explain!(" in {}", House(house)));
        }
        text.push(format!(" ({:.1}): ", rounded(self.rating)));
        let mut claims: Vec<Explanation> = Vec::new();
        let mut cells: Vec<Cell> = self.eliminations.iter().map(|c| c.cell).collect();
        cells.dedup();
        for cell in cells {
            let digits = self
                .eliminations
                .iter()
                .filter(|c| c.cell == cell)
                .fold(DigitSet::default(), |set, c| {
                    set.union(DigitSet::single(c.digit))
                });
            claims.push(Claim::not(cell, digits).into());
        }
        if let Some(placed) = self.placement {
            claims.push(Claim::is(placed.cell, placed.digit).into());
        }
        text.push(Explanation::join(claims, ", "));
        text
    }
}
