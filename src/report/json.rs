//! JSON documents of solves: one envelope for every puzzle kind (kind, source, uniqueness,
//! outcome, backtracking, every step), with the kind's own fields beside them.

use super::{PuzzleReport, SolveReport};
use crate::core::Outcome;
use crate::model::{Names, Origin};
use serde::Serialize;

/// The JSON document of one solve.
#[derive(Debug, Serialize)]
pub struct Document<'a, D, S> {
    /// `sudoku` or `shikaku`.
    pub kind: &'static str,
    /// Where the puzzle came from.
    pub source: &'a Origin,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
    /// Solutions found by search: 0, 1 or 2 (two or more); with `counted` false, those found
    /// before the time limit.
    pub solutions: usize,
    /// Whether the search finished counting.
    pub counted: bool,
    /// How the solve ended.
    pub outcome: OutcomeJson,
    /// Backtracking steps.
    pub backtracking_steps: usize,
    /// The kind's own fields.
    #[serde(flatten)]
    pub details: D,
    /// Every step.
    pub steps: Vec<S>,
}

/// How a solve ended, its reason written out.
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum OutcomeJson {
    /// Solved.
    Solved,
    /// Stuck (`--no-guess`).
    Stuck,
    /// No solution, and why.
    NoSolution {
        /// The contradiction, as the puzzle's reader names things.
        reason: String,
    },
    /// The time limit ran out first.
    Undecided {
        /// The limit, in seconds.
        seconds: f64,
    },
}

impl OutcomeJson {
    /// `outcome` with its reason rendered by `names`.
    pub fn of(outcome: &Outcome, names: &Names) -> OutcomeJson {
        match outcome {
            Outcome::Solved => OutcomeJson::Solved,
            Outcome::Stuck => OutcomeJson::Stuck,
            Outcome::NoSolution { reason } => OutcomeJson::NoSolution {
                reason: reason.render(names),
            },
            Outcome::Undecided { seconds } => OutcomeJson::Undecided { seconds: *seconds },
        }
    }
}

/// The document of `solve`.
pub fn document<S: SolveReport>(solve: &S) -> Document<'_, S::Details, S::StepJson> {
    let puzzle = solve.trace().puzzle;
    Document {
        kind: puzzle.kind(),
        source: puzzle.origin_names().0,
        unique: solve.is_unique(),
        solutions: solve.solutions(),
        counted: solve.trace().counted,
        outcome: OutcomeJson::of(solve.outcome(), &solve.names()),
        backtracking_steps: solve.backtracks(),
        details: solve.json_details(),
        steps: solve.steps().iter().map(|s| solve.json_step(s)).collect(),
    }
}

/// The documents pretty-printed: one object for one puzzle, an array for several.
pub fn to_string<T: Serialize>(documents: &[T]) -> serde_json::Result<String> {
    match documents {
        [one] => serde_json::to_string_pretty(one),
        many => serde_json::to_string_pretty(many),
    }
}
