//! How a solve ended, for every puzzle kind.

use crate::model::Explanation;
use serde::Serialize;

/// How a solve ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No allowed technique applies and guessing is off.
    Stuck,
    /// The puzzle has no solution; the reason says what broke.
    NoSolution {
        /// The contradiction, for a person.
        reason: Explanation,
    },
    /// The time limit ran out before the solve ended (or before the search had counted the
    /// solutions); what is known by then stays in the report.
    Undecided {
        /// The time limit, in seconds.
        seconds: f64,
    },
}
