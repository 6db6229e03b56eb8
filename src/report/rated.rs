//! A Sudoku solve with the ratings asked for: HoDoKu 2.2.0's level and score (`--rating hodoku`,
//! the default, for the classic 9x9 puzzles HoDoKu rates) in place of gridlogic's own, and Sudoku
//! Explainer's rating beside them (`--rating se`): every report of the solve, with the ratings
//! in the difficulty lines, the workbook and page summaries, the batch columns (`brute_force`;
//! `se_er`, `se_ep`, `se_ed`), the JSON fields `rating` and `se_rating` and the titles of a PDF
//! booklet, all from [`RatedSolve::rating`]; and HoDoKu's or Sudoku Explainer's own solve path
//! for `explain`.

use super::sudoku::{Details, StepJson};
use super::{SolveReport, Trace};
use crate::core::{State, Step, Technique};
use crate::engine::{self, OptionsBySize, Solve};
use crate::model::{Explanation, Puzzle};
use crate::rating::Rating;
use crate::rating::hodoku::{self, HodokuRating, HodokuSolve};
use crate::rating::se::{self, SeRating, SeSolve};
use crate::techniques;
use serde::Serialize;
use serde_json::Value;
use std::str::FromStr;

/// Which ratings a report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ratings {
    /// gridlogic's own level and score, from its own solve.
    Gridlogic,
    /// HoDoKu's level and score where HoDoKu rates the puzzle (classic 9x9, one solution),
    /// gridlogic's elsewhere: what reports show unless told otherwise.
    #[default]
    HodokuWhereItRates,
    /// HoDoKu's level and score, asked for by name: a puzzle HoDoKu cannot rate says why.
    Hodoku,
    /// Sudoku Explainer's rating as well, beside HoDoKu's level and score where it rates.
    SudokuExplainer,
}

impl Ratings {
    /// The names of the ratings that can be asked for (`--rating`, Python's `rating=`), in the
    /// order of [`Ratings::Hodoku`], [`Ratings::Gridlogic`] and [`Ratings::SudokuExplainer`].
    pub const NAMES: [&'static str; 3] = ["hodoku", "gridlogic", "se"];

    /// The solve of `puzzle` with `options` and these ratings. Sudoku Explainer's rating, and
    /// HoDoKu's asked for by name, need a classic 9x9 (see [`crate::rating::check_classic`]): any
    /// other puzzle is refused. HoDoKu's asked for by name makes its solve path the solve
    /// reported; a puzzle it does not rate (not unique) is solved by gridlogic, with the reason.
    ///
    /// Where HoDoKu rates the puzzle and the options are plain ([`engine::Settings::are_plain`]),
    /// the default and Sudoku Explainer's rating solve once: the steps shown are HoDoKu's path up
    /// to its first guess, and gridlogic's techniques go on from there by logic
    /// ([`engine::solve_after`]), so the level shown is the level of the steps shown.
    pub fn solve<const SE: bool>(
        self,
        puzzle: &Puzzle,
        options: &OptionsBySize,
    ) -> crate::Result<RatedSolve<SE>> {
        match self {
            Ratings::SudokuExplainer => se::check_layout(puzzle)?,
            Ratings::Hodoku => {
                crate::rating::check_classic(puzzle, "HoDoKu", "hodoku")?;
                if let Ok(hodoku) = hodoku::rate(puzzle) {
                    return Ok(RatedSolve::from_hodoku(puzzle, hodoku));
                }
            }
            Ratings::Gridlogic | Ratings::HodokuWhereItRates => {}
        }
        let options_here = options.get(puzzle.size())?;
        let along = self != Ratings::Gridlogic && options.settings().are_plain();
        if let Some(rated) = along
            .then(|| RatedSolve::along_hodoku(puzzle, &options_here, self))
            .flatten()
        {
            return Ok(rated);
        }
        let solve = engine::solve(puzzle, &options_here);
        Ok(RatedSolve::new(solve, self))
    }
}

/// HoDoKu's `step` as the default solve shows it from `state`. HoDoKu's forcing chains and nets
/// come from its implication tables, which tell which nodes lead where but not why each
/// implication holds; where gridlogic's own forcing search proves the same conclusion from the
/// same premise ([`techniques::forcing::restate`]), its step states it instead, with every
/// implication and its reason (the net `explain --full` prints and the page plays). The
/// conclusion, and so the grid after the step, stays HoDoKu's.
fn restated(state: &State, step: &Step) -> Step {
    techniques::forcing::restate(state, step).unwrap_or_else(|| step.clone())
}

/// HoDoKu's solve of `puzzle` as the solve shown: its steps (moved out of `hodoku`), in its
/// order, to the grid they leave.
fn shown_solve(puzzle: &Puzzle, hodoku: &mut HodokuSolve) -> Solve {
    Solve {
        puzzle: puzzle.clone(),
        steps: std::mem::take(&mut hodoku.steps),
        state: hodoku.state.clone(),
        outcome: crate::core::Outcome::Solved,
        solution: Some(hodoku.solution.clone()),
        solutions: 1,
        counted: true,
    }
}

/// A rating by its name (one of [`Ratings::NAMES`]); the default,
/// [`Ratings::HodokuWhereItRates`], has none. Any other name is a usage error that names it
/// and the names there are.
impl FromStr for Ratings {
    type Err = crate::Error;

    fn from_str(name: &str) -> crate::Result<Ratings> {
        match name {
            "hodoku" => Ok(Ratings::Hodoku),
            "gridlogic" => Ok(Ratings::Gridlogic),
            "se" => Ok(Ratings::SudokuExplainer),
            _ => Err(crate::Error::Usage(format!(
                "unknown rating '{name}'; known: {}",
                Ratings::NAMES.join(", ")
            ))),
        }
    }
}

/// A Sudoku solve and the ratings asked for. `SE` adds Sudoku Explainer's columns to a batch
/// row (the columns are the same for every row of a batch).
#[derive(Debug, Clone)]
pub struct RatedSolve<const SE: bool = false> {
    /// gridlogic's solve.
    pub solve: Solve,
    /// HoDoKu's solve and rating, or why there is none; `None` when not asked for (or, unless
    /// asked for by name, when HoDoKu does not rate puzzles of this shape).
    pub hodoku: Option<Result<HodokuSolve, String>>,
    /// Sudoku Explainer's solve and rating, or why there is none; `None` when not asked for.
    pub se: Option<Result<SeSolve, String>>,
}

impl<const SE: bool> From<Solve> for RatedSolve<SE> {
    fn from(solve: Solve) -> RatedSolve<SE> {
        RatedSolve {
            solve,
            hodoku: None,
            se: None,
        }
    }
}

impl<const SE: bool> RatedSolve<SE> {
    /// `solve`, with the `ratings` asked for. Only a puzzle with one solution is rated by HoDoKu
    /// or Sudoku Explainer (their uniqueness rules assume one).
    pub fn new(solve: Solve, ratings: Ratings) -> RatedSolve<SE> {
        let classic = crate::rating::check_classic(&solve.puzzle, "HoDoKu", "hodoku").is_ok();
        let hodoku = match ratings {
            Ratings::Gridlogic => false,
            Ratings::Hodoku => true,
            Ratings::HodokuWhereItRates | Ratings::SudokuExplainer => classic,
        };
        let hodoku = hodoku.then(|| if_unique(&solve, hodoku::rate));
        RatedSolve::rated(solve, hodoku, ratings)
    }

    /// The solve `solve` shows by default (`ratings` the default, or Sudoku Explainer's) of a
    /// puzzle HoDoKu rates (a classic 9x9 with one solution), from plain `options`: HoDoKu's
    /// path up to its first guess, its forcing chains and nets stated by gridlogic's where
    /// gridlogic's prove the same, then gridlogic's techniques by logic from where HoDoKu
    /// would guess ([`engine::solve_after`]); the level is HoDoKu's. `None` for a puzzle HoDoKu
    /// does not rate.
    pub fn along_hodoku(
        puzzle: &Puzzle,
        options: &engine::Options,
        ratings: Ratings,
    ) -> Option<RatedSolve<SE>> {
        crate::rating::check_classic(puzzle, "HoDoKu", "hodoku").ok()?;
        let mut hodoku = hodoku::rate(puzzle).ok()?;
        let shown_as_taken = hodoku.steps.iter().all(|step| {
            step.technique != Technique::Backtracking
                && techniques::forcing::forcing_kind(step.technique).is_none()
        });
        if shown_as_taken {
            // Nothing to restate and nothing to go on with: HoDoKu's solve is the one shown.
            let solve = shown_solve(puzzle, &mut hodoku);
            return Some(RatedSolve::rated(solve, Some(Ok(hodoku)), ratings));
        }
        let guess = (hodoku.steps.iter()).position(|s| s.technique == Technique::Backtracking);
        let mut state = engine::unique_start(puzzle, options);
        let mut taken = Vec::with_capacity(hodoku.steps.len());
        for path in &hodoku.steps[..guess.unwrap_or(hodoku.steps.len())] {
            let step = restated(&state, path);
            state.apply(&step);
            taken.push(step);
        }
        // HoDoKu tried every technique it knows on this grid before it guessed: its searches of
        // one digit (fish among them) need not run again on the same candidates.
        if let Some(known) = hodoku.fruitless_at_guess.take() {
            state = state.knowing(known);
        }
        let solution = hodoku.solution.clone();
        let solve = engine::solve_after(puzzle, solution, state, taken, options);
        Some(RatedSolve::rated(solve, Some(Ok(hodoku)), ratings))
    }

    /// `solve` with HoDoKu's solve and rating (or why there is none), and Sudoku Explainer's
    /// where the `ratings` ask for it.
    fn rated(
        solve: Solve,
        hodoku: Option<Result<HodokuSolve, String>>,
        ratings: Ratings,
    ) -> RatedSolve<SE> {
        let se = (ratings == Ratings::SudokuExplainer).then(|| if_unique(&solve, se::rate));
        RatedSolve { solve, hodoku, se }
    }

    /// HoDoKu's solve of `puzzle` as the solve reported: its steps are the ones shown (`batch
    /// --rating hodoku` needs no second solve).
    pub fn from_hodoku(puzzle: &Puzzle, mut hodoku: HodokuSolve) -> RatedSolve<SE> {
        RatedSolve {
            solve: shown_solve(puzzle, &mut hodoku),
            hodoku: Some(Ok(hodoku)),
            se: None,
        }
    }

    /// HoDoKu's rating, when there is one.
    pub fn hodoku_rating(&self) -> Option<&HodokuRating> {
        Some(&self.hodoku.as_ref()?.as_ref().ok()?.rating)
    }

    /// The level and score every output shows (text, JSON, batch rows, the workbook, the page,
    /// PDF booklets, generated puzzles): HoDoKu's where it rates the puzzle, else gridlogic's;
    /// `None` when the solve reached no solution. The hardest step is the solve's.
    pub fn rating(&self) -> Option<Rating> {
        let mut rating = self.solve.solved_rating()?;
        if let Some(hodoku) = self.hodoku_rating() {
            rating.level = hodoku.level;
            rating.score = hodoku.score;
        }
        Some(rating)
    }

    /// Whether the rating shown needed a guess: HoDoKu's brute force, or a backtracking step
    /// of gridlogic's solve where HoDoKu does not rate.
    pub fn brute_force(&self) -> bool {
        self.hodoku_rating()
            .map_or(self.solve.backtracks() > 0, |r| r.brute_force)
    }

    /// HoDoKu's rating in one line: `Medium, score 696 (HoDoKu 2.2.0)`, with `, brute force`
    /// when it guessed; or `none: ` and why there is none.
    fn hodoku_line(&self) -> Option<String> {
        Some(match self.hodoku.as_ref()? {
            Ok(solve) => format!(
                "{}, score {}{} (HoDoKu 2.2.0)",
                solve.rating.level,
                solve.rating.score,
                if solve.rating.brute_force {
                    ", brute force"
                } else {
                    ""
                }
            ),
            Err(why) => format!("none: {why}"),
        })
    }

    /// The level row of the summaries (the workbook's, the page's): the level and score
    /// [`RatedSolve::rating`] gives, `Medium, score 696 (HoDoKu 2.2.0)` where HoDoKu rates the
    /// puzzle and `Hard (score 1190)` where gridlogic does, with why HoDoKu's rating is missing
    /// when it was asked for; `none` and why when the solve reached no solution.
    fn level_line(&self) -> String {
        let Some(rating) = self.rating() else {
            let why = match &self.hodoku {
                Some(Err(why)) => why.as_str(),
                _ => "the solve reached no solution",
            };
            return format!("none: {why}");
        };
        match (&self.hodoku, self.brute_force()) {
            (Some(Ok(_)), guessed) => format!(
                "{}, score {}{} (HoDoKu 2.2.0)",
                rating.level,
                rating.score,
                if guessed { ", brute force" } else { "" }
            ),
            (Some(Err(why)), _) => format!(
                "{} (score {}); HoDoKu's rating: none, {why}",
                rating.level, rating.score
            ),
            (None, _) => format!("{} (score {})", rating.level, rating.score),
        }
    }

    /// HoDoKu's solve path for `explain`: each step numbered, with HoDoKu's name for its type
    /// and gridlogic's statement of it, then the rating; or why there is none.
    pub fn hodoku_log(&self) -> String {
        let names = self.solve.puzzle.names();
        let mut text = String::new();
        if let Some(Ok(solve)) = &self.hodoku {
            text += "HoDoKu's solve (its techniques, its order, its choices):\n";
            // The solve shown is HoDoKu's: its steps are there ([`RatedSolve::from_hodoku`]).
            let taken = solve.kinds.iter().zip(&self.solve.steps);
            let width = solve.kinds.len().to_string().len();
            for (i, (kind, step)) in taken.enumerate() {
                let line = step.explanation.render(&names);
                let score = step.technique.row().score;
                text += &format!("{:>width$}. [{}, {score}] {line}\n", i + 1, kind.name);
            }
        }
        if let Some(line) = self.hodoku_line() {
            text += &format!("HoDoKu rating: {line}\n");
        }
        text
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

/// `rate` of the solve's puzzle, or why it is not rated: only a puzzle with one solution is
/// (HoDoKu's and Sudoku Explainer's uniqueness rules assume one).
fn if_unique<T>(solve: &Solve, rate: fn(&Puzzle) -> Result<T, crate::Error>) -> Result<T, String> {
    match solve.solutions {
        1 => rate(&solve.puzzle).map_err(|e| e.to_string()),
        _ => Err("the puzzle does not have exactly one solution".to_string()),
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

/// HoDoKu's rating in a JSON document: level, score and whether it used brute force, or (null)
/// the reason there is none.
#[derive(Debug, Serialize)]
pub struct HodokuRatingJson {
    /// The rating.
    #[serde(flatten)]
    pub rating: Option<HodokuRating>,
    /// Why there is no rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A Sudoku's JSON fields with the ratings asked for.
#[derive(Debug, Serialize)]
pub struct RatedDetails {
    /// What every Sudoku document has; its `rating` holds HoDoKu's level and score where HoDoKu
    /// rates the puzzle.
    #[serde(flatten)]
    pub details: Details,
    /// HoDoKu's rating, unless gridlogic's own was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hodoku_rating: Option<HodokuRatingJson>,
    /// Sudoku Explainer's rating, with `--rating se`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_rating: Option<SeRatingJson>,
}

impl<const SE: bool> SolveReport for RatedSolve<SE> {
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
        let mut lines = match (self.rating(), self.hodoku_rating()) {
            (Some(rating), Some(_)) => format!(
                "Level {}, score {} (HoDoKu 2.2.0's rating{}); {}",
                rating.level,
                rating.score,
                if self.brute_force() {
                    ", with brute force"
                } else {
                    ""
                },
                super::sudoku::hardest_and_guesses(&self.solve, &rating)
            ),
            _ => self.solve.difficulty().unwrap_or_default(),
        };
        if let (Some(Err(_)), Some(line)) = (&self.hodoku, self.hodoku_line()) {
            lines += &format!("\nHoDoKu rating: {line}");
        }
        if let Some(line) = self.se_line() {
            lines += &format!("\nSudoku Explainer rating: {line}");
        }
        Some(lines)
    }

    fn summary_details(&self) -> Vec<(&'static str, String)> {
        let mut rows = self.solve.summary_details();
        if let Some(row) = rows.first_mut() {
            row.1 = self.level_line();
        }
        rows.extend(self.se_line().map(|line| ("Sudoku Explainer", line)));
        rows
    }

    const BATCH_DETAILS: &'static [&'static str] = if SE {
        &[
            "level",
            "score",
            "brute_force",
            "se_er",
            "se_ep",
            "se_ed",
            "hardest_technique",
        ]
    } else {
        &["level", "score", "brute_force", "hardest_technique"]
    };

    /// The level and score shown (HoDoKu's where it rates), whether they needed a guess, with
    /// `SE` Sudoku Explainer's ER, EP and ED, and gridlogic's hardest technique (null where
    /// there is no rating).
    fn batch_details(&self) -> Vec<Value> {
        let Some(rating) = self.rating() else {
            return vec![Value::Null; Self::BATCH_DETAILS.len()];
        };
        let mut columns = vec![
            rating.level.to_string().into(),
            rating.score.into(),
            self.brute_force().into(),
        ];
        if SE {
            let rating = self.se_rating();
            let number = |pick: fn(&SeRating) -> f64| {
                rating.map_or(Value::Null, |r| ((pick(r) * 10.0).round() / 10.0).into())
            };
            columns.extend([number(|r| r.er), number(|r| r.ep), number(|r| r.ed)]);
        }
        let hardest = rating.hardest.map(|(t, _)| t.name());
        columns.push(hardest.map_or(Value::Null, Value::from));
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
        let mut details = self.solve.json_details();
        details.rating = self.rating();
        let hodoku_rating = self.hodoku.as_ref().map(|rated| match rated {
            Ok(solve) => HodokuRatingJson {
                rating: Some(solve.rating.clone()),
                note: None,
            },
            Err(why) => HodokuRatingJson {
                rating: None,
                note: Some(why.clone()),
            },
        });
        RatedDetails {
            details,
            hodoku_rating,
            se_rating,
        }
    }

    fn json_step(&self, step: &Step) -> StepJson {
        self.solve.json_step(step)
    }

    fn step_words(&self, step: &Step) -> Vec<Explanation> {
        self.solve.step_words(step)
    }

    fn step_guide(&self, step: &Step) -> String {
        self.solve.step_guide(step)
    }
}

#[cfg(test)]
mod tests {
    use super::Ratings;

    #[test]
    fn each_name_reads_as_its_own_rating_and_another_is_refused_with_the_names() {
        let read: Vec<Ratings> = Ratings::NAMES.iter().map(|n| n.parse().unwrap()).collect();
        let named = [
            Ratings::Hodoku,
            Ratings::Gridlogic,
            Ratings::SudokuExplainer,
        ];
        assert_eq!(read, named);
        let error = "HoDoKu".parse::<Ratings>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown rating 'HoDoKu'; known: hodoku, gridlogic, se"
        );
    }
}
