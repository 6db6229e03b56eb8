//! JSON documents, one envelope for every puzzle kind: `schema_version`, the entry's `id`, its
//! `status` and the verdict, then what the command reports (`check`: the number of solutions;
//! `solve` and `explain`: the outcome, backtracking and every step), with the kind's own fields
//! beside them. A line of a collection that holds no puzzle gets an [`InvalidDocument`].
//! `schema/gridlogic.schema.json` describes them all.

use super::sudoku::StepJson;
use super::{PuzzleReport, SolveReport, Status, Tally, count_verdict, verdict};
use crate::core::Outcome;
use crate::error::Error;
use crate::model::{Candidate, Layout, Names, Origin};
use crate::read::collection::{Id, Invalid, no_puzzle_detail};
use serde::Serialize;

/// The version of the JSON documents and rows (`schema_version`), and of
/// `schema/gridlogic.schema.json`, which describes them.
pub const SCHEMA_VERSION: u32 = 2;

/// The JSON document of one solve (`solve` and `explain`).
#[derive(Debug, Serialize)]
pub struct Document<'a, D, S> {
    /// Version, id, verdict, kind and source; the verdict in words says what the solve came to.
    #[serde(flatten)]
    pub head: Head<'a>,
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

/// What every document of a puzzle begins with.
#[derive(Debug, Serialize)]
pub struct Head<'a> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The entry's id: its line, or the input's id column.
    pub id: &'a Id,
    /// The verdict on the puzzle.
    pub status: Status,
    /// The verdict in words.
    pub verdict: String,
    /// `sudoku` or `shikaku`.
    pub kind: &'static str,
    /// Where the puzzle came from.
    pub source: &'a Origin,
}

impl<'a> Head<'a> {
    /// The head of the document of `puzzle`, named `id`, with its verdict.
    fn of(puzzle: &'a impl PuzzleReport, id: &'a Id, status: Status, verdict: String) -> Self {
        Head {
            schema_version: SCHEMA_VERSION,
            id,
            status,
            verdict,
            kind: puzzle.kind(),
            source: puzzle.origin_names().0,
        }
    }
}

/// The JSON document of `check`: the puzzle and its number of solutions.
#[derive(Debug, Serialize)]
pub struct CheckDocument<'a> {
    /// Version, id, verdict, kind and source; the verdict in words is the count's:
    /// `1 solution (unique)`.
    #[serde(flatten)]
    pub head: Head<'a>,
    /// Its size, shape and clues in words.
    pub summary: String,
    /// The puzzle on one line (Sudoku), or its place (Shikaku).
    pub puzzle: String,
    /// Solutions found by search: 0, 1 or 2 (two or more); with `counted` false, those found
    /// before the time limit.
    pub solutions: usize,
    /// Whether the search finished counting.
    pub counted: bool,
}

/// The JSON document of a line that holds no puzzle.
#[derive(Debug, Serialize)]
pub struct InvalidDocument<'a> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The entry's id.
    pub id: &'a Id,
    /// Always `invalid`.
    pub status: Status,
    /// What is wrong with the line.
    pub detail: String,
    /// What the line holds where the puzzle should be.
    pub puzzle: &'a str,
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

/// A candidate as a structured value: `{"row": 9, "col": 3, "digit": 7}` (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellJson {
    /// 1-based row.
    pub row: usize,
    /// 1-based column.
    pub col: usize,
    /// The digit, as a number.
    pub digit: usize,
}

impl CellJson {
    /// The candidate on `layout`.
    pub fn of(candidate: &Candidate, layout: &Layout) -> CellJson {
        let size = layout.size();
        CellJson {
            row: candidate.cell.row(size) + 1,
            col: candidate.cell.col(size) + 1,
            digit: candidate.digit.get(),
        }
    }
}

/// The document of `solve` and `explain` for the puzzle named `id`.
pub fn document<'a, S: SolveReport>(
    solve: &'a S,
    id: &'a Id,
) -> Document<'a, S::Details, S::StepJson> {
    let puzzle = solve.trace().puzzle;
    Document {
        head: Head::of(puzzle, id, solve.status(), verdict(solve)),
        unique: solve.is_unique(),
        solutions: solve.solutions(),
        counted: solve.trace().counted,
        outcome: OutcomeJson::of(solve.outcome(), &solve.names()),
        backtracking_steps: solve.backtracks(),
        details: solve.json_details(),
        steps: solve.steps().iter().map(|s| solve.json_step(s)).collect(),
    }
}

/// The document of `check` for the puzzle named `id`, whose search found `solutions` (0, 1, or
/// 2 for two or more).
pub fn check_document<'a>(
    puzzle: &'a impl PuzzleReport,
    id: &'a Id,
    count: Tally,
    seconds: f64,
) -> CheckDocument<'a> {
    CheckDocument {
        head: Head::of(
            puzzle,
            id,
            Status::of_count(count),
            count_verdict(count, seconds),
        ),
        summary: puzzle.summary(),
        puzzle: puzzle.line(),
        solutions: count.solutions,
        counted: count.complete,
    }
}

/// The document of a line named `id` that holds no puzzle: an invalid one, or a sheet that
/// holds no grid ([`Invalid::holds_no_puzzle`], status `no_puzzle`).
pub fn invalid_document<'a>(invalid: &'a Invalid, id: &'a Id) -> InvalidDocument<'a> {
    InvalidDocument {
        schema_version: SCHEMA_VERSION,
        id,
        status: match invalid.holds_no_puzzle() {
            true => Status::NoPuzzle,
            false => Status::Invalid,
        },
        detail: reason(&invalid.error),
        puzzle: &invalid.text,
    }
}

/// Why a line holds no puzzle, without the line number its id already gives; for a sheet that
/// holds no grid, what it lacks.
pub fn reason(error: &Error) -> String {
    if let Some(detail) = no_puzzle_detail(error) {
        return detail.to_string();
    }
    match error {
        Error::BadLine { reason, .. } => reason.clone(),
        other => other.to_string(),
    }
}

/// The documents pretty-printed: one object for one puzzle, an array for several.
pub fn to_string<T: Serialize>(documents: &[T]) -> serde_json::Result<String> {
    match documents {
        [one] => serde_json::to_string_pretty(one),
        many => serde_json::to_string_pretty(many),
    }
}

/// The steps available in a state, as `explain --technique NAME|all` and `--at-step` write them
/// (and the page's engine answers): one document per state of a file.
#[derive(Debug, Serialize)]
pub struct AvailableDocument {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The state's place in its file, from 1.
    pub entry: usize,
    /// The steps of the solve taken before the state (0: the starting state).
    pub at_step: usize,
    /// The technique asked for (`all` for every one); `null` with `--at-step` alone.
    pub technique: Option<String>,
    /// The instances found in the state, technique by technique (simplest first), each as
    /// `explain --format json` writes a step; with `--at-step` alone, the solve's steps after
    /// step `at_step`.
    pub steps: Vec<StepJson>,
    /// The techniques whose listing stopped at its cap: they may have more instances.
    pub capped: Vec<String>,
}

impl AvailableDocument {
    /// The document of `steps` (`capped` stopped at their caps) in the state of `puzzle` after
    /// `at_step` steps, the `entry`th of its file, listed for `technique`.
    pub fn new(
        puzzle: &crate::model::Puzzle,
        (entry, at_step): (usize, usize),
        technique: Option<String>,
        steps: &[crate::core::Step],
        capped: &[crate::core::Technique],
    ) -> AvailableDocument {
        AvailableDocument {
            schema_version: SCHEMA_VERSION,
            entry,
            at_step,
            technique,
            steps: steps.iter().map(|s| StepJson::of(s, puzzle)).collect(),
            capped: capped.iter().map(|t| t.name()).collect(),
        }
    }
}
