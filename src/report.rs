//! Text reports of a logical solve: the one-line summary, the per-technique counts and the
//! numbered step log.

use crate::core::{Outcome, Step, Technique};
use crate::engine::Solve;
use crate::model::{Candidate, Names, Origin, Puzzle};
use crate::rating::{Rating, rate};
use indexmap::IndexMap;
use serde::Serialize;

/// A puzzle's source, size, layout and givens in one line.
pub fn puzzle_summary(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let place = match puzzle.origin() {
        Origin::Sheet { sheet, top, left } => {
            let area = crate::read::table::Area::square(*top, *left, n).a1();
            match sheet {
                Some(sheet) => format!("sheet '{sheet}' {area}: "),
                None => format!("{area}: "),
            }
        }
        Origin::Line { line } => format!("line {line}: "),
        Origin::TextGrid { lines } => lines
            .first()
            .map_or(String::new(), |l| format!("line {l}: ")),
        Origin::Unknown => String::new(),
    };
    format!(
        "{place}{n}x{n}, {}, {} givens",
        puzzle.layout().regions().describe(),
        puzzle.givens().filled_count()
    )
}

/// How many steps each technique took, in order of first use.
pub fn technique_counts(solve: &Solve) -> IndexMap<Technique, usize> {
    let mut counts = IndexMap::new();
    for step in &solve.steps {
        *counts.entry(step.technique).or_insert(0) += 1;
    }
    counts
}

/// What the solve came to, in a few words.
pub fn verdict(solve: &Solve) -> String {
    let stuck = "stuck: no allowed technique applies (--no-guess)";
    let names = solve.puzzle.names();
    outcome_verdict(
        &solve.outcome,
        solve.backtracks(),
        solve.is_unique(),
        stuck,
        &names,
    )
}

/// The verdict of any puzzle's solve: how it ended, how many backtracking steps it took, whether
/// the puzzle is unique, what to say when stuck, and how its reader names things.
pub fn outcome_verdict(
    outcome: &Outcome,
    backtracks: usize,
    unique: bool,
    stuck: &str,
    names: &Names,
) -> String {
    let uniqueness = if unique {
        "unique solution"
    } else {
        "NOT unique: several solutions"
    };
    match (outcome, backtracks) {
        (Outcome::Solved, 0) => format!("solved by logic alone ({uniqueness})"),
        (Outcome::Solved, n) => format!(
            "solved with {n} backtracking step{} ({uniqueness})",
            plural(n)
        ),
        (Outcome::Stuck, _) => stuck.to_string(),
        (Outcome::NoSolution { reason }, _) => format!("no solution: {}", reason.render(names)),
    }
}

/// The difficulty line: level, score, hardest step, backtracking count.
pub fn difficulty(solve: &Solve) -> String {
    let Rating {
        level,
        score,
        hardest,
    } = rate(&solve.steps, solve.state.layout().cell_count());
    let hardest = hardest.map_or("none".to_string(), |(t, r)| format!("{t} rated {r:.1}"));
    format!(
        "Level {level}, score {score}, hardest step {hardest}, backtracking steps {}",
        solve.backtracks()
    )
}

/// The steps line: total and per technique.
pub fn step_counts(solve: &Solve) -> String {
    let counts: Vec<String> = technique_counts(solve)
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    format!("{} steps: {}", solve.steps.len(), counts.join(", "))
}

/// The numbered log: one line per step.
pub fn step_log(solve: &Solve) -> String {
    let width = solve.steps.len().to_string().len();
    let names = solve.puzzle.names();
    solve
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| format!("{:>width$}. {}\n", i + 1, step.explanation.render(&names)))
        .collect()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A step for JSON output, in the notation people read: cells as `r3c5`, placements as `r3c5=7`,
/// eliminations as `r3c5<>7`, houses by name.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// Technique name.
    pub technique: String,
    /// HoDoKu's code, when it has one.
    pub code: Option<&'static str>,
    /// `r3c5=7`.
    pub placements: Vec<String>,
    /// `r3c5<>7`.
    pub eliminations: Vec<String>,
    /// The pattern's candidates, `r3c5:7`.
    pub pattern: Vec<String>,
    /// Base houses: `row 3`.
    pub base: Vec<String>,
    /// Cover houses.
    pub cover: Vec<String>,
    /// The explanation line.
    pub explanation: String,
}

impl StepJson {
    /// Describes `step` of a solve of `puzzle`.
    pub fn of(step: &Step, puzzle: &Puzzle) -> StepJson {
        let layout = puzzle.layout();
        let rc = |c: &Candidate, sep: &str| format!("{}{sep}{}", layout.cell_name(c.cell), c.digit);
        let houses = |ids: &[usize]| {
            ids.iter()
                .map(|&h| layout.houses()[h].to_string())
                .collect()
        };
        StepJson {
            technique: step.technique.name(),
            code: step.technique.hodoku_code(),
            placements: step.placements.iter().map(|c| rc(c, "=")).collect(),
            eliminations: step.eliminations.iter().map(|c| rc(c, "<>")).collect(),
            pattern: step.pattern.iter().map(|c| rc(c, ":")).collect(),
            base: houses(&step.base),
            cover: houses(&step.cover),
            explanation: step.explanation.render(&puzzle.names()),
        }
    }
}
