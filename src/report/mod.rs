//! Reports of a solve, written once for every puzzle kind: the verdict, the step counts and log,
//! the grid, the workbook summary, batch rows ([`crate::batch`]) and JSON documents ([`json`]).
//! Sudoku ([`sudoku`]) and Shikaku (`shikaku::report`) each implement [`SolveReport`] for their
//! solves and [`PuzzleReport`] for their puzzles; everything else here is shared. [`rated`] adds
//! Sudoku Explainer's rating to a Sudoku solve's reports.

pub mod json;
pub mod rated;
pub mod sudoku;
pub mod terminal;
pub mod text;
pub mod words;

use crate::core::Outcome;
use crate::model::{Explanation, Names, Origin};
use crate::search::Deadline;
use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

/// The verdict on a puzzle, in the same word on every command (`check`, `solve`, `explain`,
/// `batch`, JSON and the Python package).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// Two solutions or more.
    Multiple,
    /// No solution.
    None,
    /// Not a puzzle: the reason says what is wrong with the input.
    Invalid,
    /// The search did not decide.
    Undecided,
    /// A sheet of a workbook that holds no grid (instructions, a generator's settings): not a
    /// puzzle, and not an invalid one either.
    NoPuzzle,
}

impl Status {
    /// Every status of a puzzle, in the order summaries count them.
    pub const ALL: [Status; 5] = [
        Status::Unique,
        Status::Multiple,
        Status::None,
        Status::Invalid,
        Status::Undecided,
    ];

    /// The status of a puzzle whose search found `solutions` (0, 1, or 2 for two or more).
    pub fn of_solutions(solutions: usize) -> Status {
        match solutions {
            0 => Status::None,
            1 => Status::Unique,
            _ => Status::Multiple,
        }
    }

    /// The status of a puzzle whose search came to `count`: undecided when it did not finish.
    pub fn of_count(count: Tally) -> Status {
        match count.complete {
            true => Status::of_solutions(count.solutions),
            false => Status::Undecided,
        }
    }

    /// The word: `unique`, `multiple`, `none`, `invalid`, `undecided`, `no_puzzle`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Invalid => "invalid",
            Status::Undecided => "undecided",
            Status::NoPuzzle => "no_puzzle",
        }
    }
}

/// A step of any puzzle kind, as reports see it.
pub trait StepReport {
    /// The name of its technique: `Hidden Single (row)`, `Only clue`.
    fn technique_name(&self) -> String;
    /// What it concludes and why.
    fn explanation(&self) -> &Explanation;
    /// Whether it settles a guess by search.
    fn is_backtracking(&self) -> bool;
    /// What the explanation sums up, in full (a forcing net's every implication), one line
    /// each; none when the explanation says it all.
    fn full_lines(&self) -> Vec<Explanation> {
        Vec::new()
    }
    /// What the full lines prove, told in a few lines a player can follow (a forcing net's
    /// story); none when there are no full lines.
    fn story(&self) -> Vec<Explanation> {
        Vec::new()
    }
}

/// A puzzle of any kind, as `check` and every report see it.
pub trait PuzzleReport {
    /// `sudoku` or `shikaku`.
    fn kind(&self) -> &'static str;
    /// Where the puzzle came from, and how explanations name things on screen and in JSON.
    fn origin_names(&self) -> (&Origin, Names<'_>);
    /// The puzzle in one line: where it is, its size and shape, its clues.
    fn summary(&self) -> String;
    /// How many solutions the exact search finds, counting up to `limit` and stopping at
    /// `deadline` (the count is then not complete).
    fn count_solutions(&self, limit: usize, deadline: Deadline) -> Tally;
    /// The puzzle as the `puzzle` column of a batch row: its givens on one line (Sudoku), or
    /// its place in the file (Shikaku).
    fn line(&self) -> String;
    /// The names of the columns a batch row adds after `puzzle` to describe it: `size`.
    const BATCH_COLUMNS: &'static [&'static str];
    /// Their values: `"5x5"`.
    fn batch_columns(&self) -> Vec<Value>;
    /// Whether `text` (one line, in the puzzle's symbols) is a solution of the puzzle: complete,
    /// agreeing with every clue and breaking no rule. Kinds without a line form say no.
    fn is_solution(&self, text: &str) -> bool {
        let _ = text;
        false
    }
}

/// What a count of solutions came to, whatever the puzzle kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found, up to the limit.
    pub solutions: usize,
    /// Whether the search finished (false when it stopped at its deadline).
    pub complete: bool,
}

/// What every solve holds, whatever the puzzle kind.
#[derive(Debug)]
pub struct Trace<'a, P, S> {
    /// The puzzle solved.
    pub puzzle: &'a P,
    /// The steps, in order.
    pub steps: &'a [S],
    /// How the solve ended.
    pub outcome: &'a Outcome,
    /// How many solutions the search found before solving: 0, 1, or 2 for two or more.
    pub solutions: usize,
    /// Whether that search finished (false when the time limit stopped it).
    pub counted: bool,
}

impl<'a, P, S> Trace<'a, P, S> {
    /// The trace of a solve of `puzzle`, whose search counted `solutions` to the end.
    pub fn new(puzzle: &'a P, steps: &'a [S], outcome: &'a Outcome, solutions: usize) -> Self {
        Trace {
            puzzle,
            steps,
            outcome,
            solutions,
            counted: true,
        }
    }

    /// The same trace, with whether the search finished counting.
    pub fn counted(self, counted: bool) -> Self {
        Trace { counted, ..self }
    }
}

/// A finished solve of any puzzle kind, as every report sees it.
pub trait SolveReport {
    /// The kind's puzzles.
    type Puzzle: PuzzleReport;
    /// The kind's steps.
    type Step: StepReport;
    /// What the kind adds to the JSON document (its grid, layout, rating…).
    type Details: Serialize;
    /// A step in the JSON document.
    type StepJson: Serialize;

    /// The puzzle, the steps, how it ended and what the search found.
    fn trace(&self) -> Trace<'_, Self::Puzzle, Self::Step>;
    /// What to say when the solve got stuck.
    fn stuck(&self) -> String;
    /// The solution on one line (the collections' format), when solved.
    fn solution_line(&self) -> Option<String>;
    /// The grid as text: solved, or as far as the solve got.
    fn grid_text(&self) -> String;
    /// The grid as text before each step (what `explain --grids` shows).
    fn grids_before_steps(&self) -> Vec<String>;
    /// A line on the difficulty, for kinds that rate it.
    fn difficulty(&self) -> Option<String>;
    /// Rows the workbook summary adds for this kind: `("Level", "Hard (score 1390)")`.
    fn summary_details(&self) -> Vec<(&'static str, String)>;
    /// The names of the columns a batch row adds after `backtracking_steps` to describe the
    /// solve, ending with `hardest_technique` (by the kind's own measure): `level`.
    const BATCH_DETAILS: &'static [&'static str];
    /// Their values (null when the solve did not reach a solution): `"Hard"`.
    fn batch_details(&self) -> Vec<Value>;
    /// The index of the first step that contradicts the puzzle's unique solution (`None` when
    /// every step agrees with it, or the puzzle is not unique).
    fn first_wrong_step(&self) -> Option<usize>;
    /// The kind's part of the JSON document.
    fn json_details(&self) -> Self::Details;
    /// A step in the JSON document.
    fn json_step(&self, step: &Self::Step) -> Self::StepJson;
    /// A step in plain words, sentence by sentence ([`words`]).
    fn step_words(&self, step: &Self::Step) -> Vec<Explanation>;
    /// Where the technique guide explains a step's technique: `docs/src/techniques/fish.md`.
    fn step_guide(&self, step: &Self::Step) -> String;

    /// The steps, in order.
    fn steps(&self) -> &[Self::Step] {
        self.trace().steps
    }

    /// How the solve ended.
    fn outcome(&self) -> &Outcome {
        self.trace().outcome
    }

    /// How many solutions the search found before solving: 0, 1, or 2 for two or more.
    fn solutions(&self) -> usize {
        self.trace().solutions
    }

    /// The puzzle in one line, as [`PuzzleReport::summary`].
    fn summary(&self) -> String {
        self.trace().puzzle.summary()
    }

    /// How explanations name things on screen and in JSON.
    fn names(&self) -> Names<'_> {
        self.trace().puzzle.origin_names().1
    }

    /// The verdict on the puzzle.
    fn status(&self) -> Status {
        match self.trace().outcome {
            Outcome::Undecided { .. } => Status::Undecided,
            _ if !self.trace().counted => Status::Undecided,
            _ => Status::of_solutions(self.solutions()),
        }
    }

    /// Whether the puzzle has exactly one solution (as far as the search could tell).
    fn is_unique(&self) -> bool {
        self.solutions() == 1 && self.trace().counted
    }

    /// Whether the solve reached a solution.
    fn is_solved(&self) -> bool {
        *self.outcome() == Outcome::Solved
    }

    /// Number of backtracking steps.
    fn backtracks(&self) -> usize {
        self.steps().iter().filter(|s| s.is_backtracking()).count()
    }
}

/// What the solve came to, in a few words: `solved by logic alone (unique solution)`,
/// `solved with 2 backtracking steps (…)`, `stuck: …`, `no solution: r4c5 has no candidate left`.
pub fn verdict(solve: &impl SolveReport) -> String {
    let uniqueness = if solve.is_unique() {
        "unique solution"
    } else {
        "NOT unique: several solutions"
    };
    match (solve.outcome(), solve.backtracks()) {
        (Outcome::Solved, 0) => format!("solved by logic alone ({uniqueness})"),
        (Outcome::Solved, n) => {
            format!(
                "solved with {n} backtracking step{} ({uniqueness})",
                plural(n)
            )
        }
        (Outcome::Stuck, _) => solve.stuck(),
        (Outcome::NoSolution { reason }, _) => {
            format!("no solution: {}", reason.render(&solve.names()))
        }
        (Outcome::Undecided { seconds }, _) => {
            let trace = solve.trace();
            let known = match (trace.counted, trace.solutions) {
                (false, _) => found_so_far(trace.solutions).to_string(),
                (true, 1) => "the search found one solution (unique)".to_string(),
                (true, _) => "the search found several solutions".to_string(),
            };
            let filled = solve.steps().len();
            format!(
                "undecided within {seconds} s: the logical solve stopped after {filled} step{}; {known}",
                plural(filled)
            )
        }
    }
}

/// The verdict of `check` on a count of solutions (counting to 2): `no solution`, `1 solution
/// (unique)`, `2 or more solutions (not unique)`, or, when the time limit of `seconds` stopped
/// the search, `undecided within 60 s (at least one solution found)`.
pub fn count_verdict(count: Tally, seconds: f64) -> String {
    match (count.complete, count.solutions) {
        (false, found) => format!("undecided within {seconds} s ({})", found_so_far(found)),
        (true, 0) => "no solution".to_string(),
        (true, 1) => "1 solution (unique)".to_string(),
        (true, _) => "2 or more solutions (not unique)".to_string(),
    }
}

/// What a search stopped by the time limit had found.
fn found_so_far(solutions: usize) -> &'static str {
    match solutions {
        0 => "no solution found yet",
        1 => "at least one solution found",
        _ => "2 or more solutions found: not unique",
    }
}

/// How many steps each technique took, in order of first use.
pub fn technique_counts(solve: &impl SolveReport) -> IndexMap<String, usize> {
    let mut counts = IndexMap::new();
    for step in solve.steps() {
        *counts.entry(step.technique_name()).or_insert(0) += 1;
    }
    counts
}

/// The steps line: `46 steps: Hidden Single (region) 26, Full House 20`.
pub fn step_counts(solve: &impl SolveReport) -> String {
    let counts: Vec<String> = technique_counts(solve)
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    format!("{} steps: {}", solve.steps().len(), counts.join(", "))
}

/// The numbered log, one line per step, numbers aligned; with `full`, what a step's line sums up
/// follows it, indented; with `words`, the step in plain words and its guide page follow.
pub fn step_log(solve: &impl SolveReport, full: bool, words: bool) -> String {
    let width = solve.steps().len().to_string().len();
    let names = solve.names();
    solve
        .steps()
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let mut text =
                numbered_step(step, &format!("{:>width$}", i + 1), &names, full, width + 2);
            if words {
                text += &worded_step(solve, step, &names, width + 2);
            }
            text
        })
        .collect()
}

/// A step's words, one sentence a line after `indent` spaces, then `see: ` its guide page.
pub fn worded_step<S: SolveReport>(
    solve: &S,
    step: &S::Step,
    names: &Names,
    indent: usize,
) -> String {
    words_lines(
        &solve.step_words(step),
        &solve.step_guide(step),
        names,
        indent,
    )
}

/// Sentences `words`, one a line after `indent` spaces, then `see: guide`.
pub fn words_lines(words: &[Explanation], guide: &str, names: &Names, indent: usize) -> String {
    let mut text = String::new();
    for sentence in words {
        text += &format!("{:indent$}{}\n", "", sentence.render(names));
    }
    text + &format!("{:indent$}see: {guide}\n", "")
}

/// A step's line after its `number` (`12. …`); with `full`, what the line sums up follows, each
/// line after `indent` spaces.
pub fn numbered_step(
    step: &impl StepReport,
    number: &str,
    names: &Names,
    full: bool,
    indent: usize,
) -> String {
    let mut text = format!("{number}. {}\n", step.explanation().render(names));
    if full {
        let story = step.story();
        let headed = |heading: &str| format!("{:indent$}{heading}\n", "");
        if !story.is_empty() {
            text += &headed("In short:");
            for line in story {
                text += &format!("{:indent$}  {}\n", "", line.render(names));
            }
            text += &headed("In full:");
        }
        for line in step.full_lines() {
            text += &format!("{:indent$}{}\n", "", line.render(names));
        }
    }
    text
}

/// The summary beside a workbook's grid: the source file, the puzzle, the verdict, the number of
/// solutions, the kind's own rows, backtracking and the steps.
pub fn summary_rows(solve: &impl SolveReport, source: &str) -> Vec<(&'static str, String)> {
    let solutions = match solve.solutions() {
        0 => "none".to_string(),
        1 => "1 (unique)".to_string(),
        _ => "2 or more (not unique)".to_string(),
    };
    let mut rows = vec![
        ("Source", source.to_string()),
        ("Puzzle", solve.summary()),
        ("Result", verdict(solve)),
        ("Solutions", solutions),
    ];
    rows.extend(solve.summary_details());
    rows.push(("Backtracking steps", solve.backtracks().to_string()));
    rows.push(("Steps", step_counts(solve)));
    rows
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
