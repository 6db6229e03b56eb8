//! A Sudoku solve with Sudoku Explainer's rating beside gridlogic's own (`--rating se`): every
//! report of the solve, plus the rating in the difficulty lines, the workbook summary, the
//! batch columns `se_er`, `se_ep`, `se_ed` and the JSON field `se_rating`; and Sudoku
//! Explainer's own solve path for `explain`.

use super::sudoku::{Details, StepJson};
use super::{SolveReport, Trace};
use crate::core::Step;
use crate::engine::Solve;
use crate::model::Puzzle;
use crate::rating::se::{self, SeRating, SeSolve};
use serde::Serialize;
use serde_json::Value;

/// A Sudoku solve and, when asked for, Sudoku Explainer's rating of its puzzle.
#[derive(Debug)]
pub struct RatedSolve {
    /// gridlogic's solve.
    pub solve: Solve,
    /// Sudoku Explainer's solve and rating, or why there is none; `None` when not asked for.
    pub se: Option<Result<SeSolve, String>>,
}

impl From<Solve> for RatedSolve {
    fn from(solve: Solve) -> RatedSolve {
        RatedSolve { solve, se: None }
    }
}

impl RatedSolve {
    /// `solve`, with Sudoku Explainer's rating when `se` is asked for. Only a puzzle with one
    /// solution is rated (Sudoku Explainer's uniqueness rules assume one).
    pub fn new(solve: Solve, se: bool) -> RatedSolve {
        let se = se.then(|| match solve.solutions {
            1 => se::rate(&solve.puzzle).map_err(|e| e.to_string()),
            _ => Err("the puzzle does not have exactly one solution".to_string()),
        });
        RatedSolve { solve, se }
    }

    /// The rating, when there is one.
    pub fn se_rating(&self) -> Option<&SeRating> {
        self.se.as_ref()?.as_ref().ok()?.rating.as_ref()
    }

    /// The rating in one line: `ER 7.2, EP 1.2, ED 1.2, hardest step Forcing Chain`, or
    /// `none: ` and why there is none.
    fn se_line(&self) -> Option<String> {
        let line = match (self.se_rating(), self.no_rating()) {
            (Some(r), _) => format!(
                "ER {:.1}, EP {:.1}, ED {:.1}, hardest step {}",
                r.er, r.ep, r.ed, r.hardest
            ),
            (None, Some(why)) => format!("none: {why}"),
            (None, None) => return None,
        };
        Some(line)
    }

    /// Why there is no rating, when it was asked for and there is none.
    fn no_rating(&self) -> Option<String> {
        match self.se.as_ref()? {
            Ok(SeSolve {
                rating: Some(_), ..
            }) => None,
            Ok(SeSolve { steps, .. }) => Some(format!(
                "no rule of Sudoku Explainer applies after {} steps (serate reports 20.0)",
                steps.len()
            )),
            Err(why) => Some(why.clone()),
        }
    }

    /// Sudoku Explainer's solve path for `explain`: each step numbered, with its technique,
    /// rating and conclusions, then the rating; or why there is none.
    pub fn se_log(&self) -> String {
        let names = self.solve.puzzle.names();
        let mut text = String::new();
        if let Some(Ok(solve)) = &self.se {
            text += "Sudoku Explainer's solve (its rules, its order):\n";
            let width = solve.steps.len().to_string().len();
            for (i, step) in solve.steps.iter().enumerate() {
                let line = step.explanation().render(&names);
                text += &format!("{:>width$}. {line}\n", i + 1);
            }
        }
        if let Some(line) = self.se_line() {
            text += &format!("Sudoku Explainer rating: {line}\n");
        }
        text
    }
}

/// Sudoku Explainer's rating in a JSON document: ER, EP, ED and the hardest step's technique,
/// or (all four null) the reason there is none.
#[derive(Debug, Serialize)]
pub struct SeRatingJson {
    /// The hardest step's rating.
    pub er: Option<f64>,
    /// The hardest step's rating up to the first placement.
    pub ep: Option<f64>,
    /// The first step's rating.
    pub ed: Option<f64>,
    /// Sudoku Explainer's name of the hardest step's technique.
    pub hardest: Option<String>,
    /// Why there is no rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A Sudoku's JSON fields with Sudoku Explainer's rating.
#[derive(Debug, Serialize)]
pub struct RatedDetails {
    /// What every Sudoku document has.
    #[serde(flatten)]
    pub details: Details,
    /// Sudoku Explainer's rating, with `--rating se`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_rating: Option<SeRatingJson>,
}

impl SolveReport for RatedSolve {
    type Puzzle = Puzzle;
    type Step = Step;
    type Details = RatedDetails;
    type StepJson = StepJson;

    fn trace(&self) -> Trace<'_, Puzzle, Step> {
        self.solve.trace()
    }

    fn stuck(&self) -> String {
        self.solve.stuck()
    }

    fn solution_line(&self) -> Option<String> {
        self.solve.solution_line()
    }

    fn grid_text(&self) -> String {
        self.solve.grid_text()
    }

    fn grids_before_steps(&self) -> Vec<String> {
        self.solve.grids_before_steps()
    }

    fn difficulty(&self) -> Option<String> {
        let mut lines = self.solve.difficulty().unwrap_or_default();
        if let Some(line) = self.se_line() {
            lines += &format!("\nSudoku Explainer rating: {line}");
        }
        Some(lines)
    }

    fn summary_details(&self) -> Vec<(&'static str, String)> {
        let mut rows = self.solve.summary_details();
        rows.extend(self.se_line().map(|line| ("Sudoku Explainer", line)));
        rows
    }

    const BATCH_DETAILS: &'static [&'static str] = &[
        "level",
        "score",
        "se_er",
        "se_ep",
        "se_ed",
        "hardest_technique",
    ];

    /// gridlogic's columns with Sudoku Explainer's ER, EP and ED before the hardest technique
    /// (null where there is no rating).
    fn batch_details(&self) -> Vec<Value> {
        let mut columns = self.solve.batch_details();
        let rating = self.se_rating();
        let number = |pick: fn(&SeRating) -> f64| {
            rating.map_or(Value::Null, |r| ((pick(r) * 10.0).round() / 10.0).into())
        };
        let hardest = columns.pop().unwrap_or(Value::Null);
        columns.extend([
            number(|r| r.er),
            number(|r| r.ep),
            number(|r| r.ed),
            hardest,
        ]);
        columns
    }

    fn first_wrong_step(&self) -> Option<usize> {
        self.solve.first_wrong_step()
    }

    fn json_details(&self) -> RatedDetails {
        let se_rating = self.se.as_ref().map(|_| match self.se_rating() {
            Some(r) => SeRatingJson {
                er: Some(r.er),
                ep: Some(r.ep),
                ed: Some(r.ed),
                hardest: Some(r.hardest.clone()),
                note: None,
            },
            None => SeRatingJson {
                er: None,
                ep: None,
                ed: None,
                hardest: None,
                note: self.no_rating(),
            },
        });
        RatedDetails {
            details: self.solve.json_details(),
            se_rating,
        }
    }

    fn json_step(&self, step: &Step) -> StepJson {
        self.solve.json_step(step)
    }
}
