//! Shikaku output: summaries, step logs, the grid drawn with its rectangles, the datasets' `.sol`
//! layout, JSON documents and batch rows.

use super::engine::{self, Options, Solve, Step, Technique};
use super::model::{Clue, Rect, Shikaku};
use crate::batch::{write_records, yes_no};
use crate::core::Outcome;
use crate::model::Origin;
use indexmap::IndexMap;
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

/// `Shikaku 10x10 (lines 2-11), 26 clues`.
pub fn summary(p: &Shikaku) -> String {
    format!(
        "Shikaku {}x{} ({}), {} clues",
        p.rows(),
        p.cols(),
        p.place(),
        p.clues().len()
    )
}

/// The number of solutions, for `check`.
pub fn count_verdict(solutions: usize) -> &'static str {
    match solutions {
        0 => "no solution",
        1 => "1 solution (unique)",
        _ => "2 or more solutions (not unique)",
    }
}

/// `solved by logic alone (unique solution)`, `stuck: …`, `no solution: …`.
pub fn verdict(solve: &Solve) -> String {
    let open = solve.rects.iter().filter(|r| r.is_none()).count();
    let stuck = format!("stuck: no deduction applies (--no-guess); {open} clues are open");
    crate::report::outcome_verdict(
        &solve.outcome,
        solve.backtracks(),
        solve.is_unique(),
        &stuck,
        &crate::model::Names::of_width(solve.puzzle.cols()),
    )
}

/// `Steps: 20 Single rectangle, 5 Only clue` in order of first use.
pub fn step_counts(solve: &Solve) -> String {
    let mut counts: IndexMap<Technique, usize> = IndexMap::new();
    for step in &solve.steps {
        *counts.entry(step.technique).or_default() += 1;
    }
    let parts: Vec<String> = counts.iter().map(|(t, n)| format!("{n} {t}")).collect();
    format!("Steps: {}", parts.join(", "))
}

/// The numbered step log, one line per step.
pub fn step_log(solve: &Solve) -> String {
    let mut text = String::new();
    for (i, step) in solve.steps.iter().enumerate() {
        let _ = writeln!(text, "{}. {}", i + 1, step.explanation);
    }
    text
}

/// The grid with its clues, lines drawn between cells of different rectangles; cells of no
/// rectangle yet are `.` and have lines on every side.
pub fn grid_text(p: &Shikaku, rects: &[Option<Rect>]) -> String {
    let owners = p.owners(rects);
    let digits = p
        .clues()
        .iter()
        .map(|c| c.number.to_string().len())
        .max()
        .unwrap_or(1);
    let (width, pad) = (digits + 2, digits + 1);
    // Cells outside the grid are `None`; a line separates cells of different rectangles, a
    // cell from the outside, and cells of no rectangle yet from everything.
    let differ = |a: Option<Option<usize>>, b: Option<Option<usize>>| match (a, b) {
        (None, None) => false,
        (Some(Some(x)), Some(Some(y))) => x != y,
        _ => true,
    };
    let at = |r: isize, c: isize| -> Option<Option<usize>> {
        let inside = r >= 0 && c >= 0 && (r as usize) < p.rows() && (c as usize) < p.cols();
        inside.then(|| owners[r as usize][c as usize])
    };
    let mut text = String::new();
    for r in 0..=p.rows() as isize {
        // The line above row r.
        for c in 0..=p.cols() as isize {
            let (nw, ne, sw, se) = (at(r - 1, c - 1), at(r - 1, c), at(r, c - 1), at(r, c));
            let vertical = differ(nw, ne) || differ(sw, se);
            let horizontal = differ(nw, sw) || differ(ne, se);
            text.push(match (vertical, horizontal) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) => ' ',
            });
            if c < p.cols() as isize {
                let line = if differ(at(r - 1, c), at(r, c)) {
                    '-'
                } else {
                    ' '
                };
                text.extend(std::iter::repeat_n(line, width));
            }
        }
        text.push('\n');
        if r == p.rows() as isize {
            break;
        }
        for c in 0..=p.cols() as isize {
            text.push(if differ(at(r, c - 1), at(r, c)) {
                '|'
            } else {
                ' '
            });
            if c < p.cols() as isize {
                let (ru, cu) = (r as usize, c as usize);
                let label = match (p.clue_at(ru, cu), owners[ru][cu]) {
                    (Some(i), _) => p.clues()[i].number.to_string(),
                    (None, None) => ".".into(),
                    (None, Some(_)) => String::new(),
                };
                let _ = write!(text, "{label:>pad$} ");
            }
        }
        text.push('\n');
    }
    text
}

/// The datasets' `.sol` layout: each cell the 0-based number of its rectangle, rectangles
/// numbered in reading order of their top-left cells (which is how every `.sol` file in
/// `../shared/datasets/shikaku` numbers them); `-` where no rectangle is placed.
pub fn sol_text(solve: &Solve) -> String {
    let mut order: Vec<(usize, Rect)> = solve
        .rects
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.map(|r| (i, r)))
        .collect();
    order.sort_by_key(|(_, r)| (r.top, r.left));
    let mut label = vec![0; solve.rects.len()];
    for (n, (clue, _)) in order.iter().enumerate() {
        label[*clue] = n;
    }
    let mut text = String::new();
    for row in solve.owners() {
        let cells: Vec<String> = row
            .iter()
            .map(|o| o.map_or("-".into(), |i| label[i].to_string()))
            .collect();
        let _ = writeln!(text, "{}", cells.join(" "));
    }
    text
}

/// One rectangle of the JSON document.
#[derive(Serialize)]
pub struct RectJson {
    /// The clue's index in reading order.
    pub clue: usize,
    /// The clue.
    #[serde(flatten)]
    pub at: Clue,
    /// Its rectangle, if placed.
    pub rect: Option<Rect>,
    /// The 1-based number of the step that placed it.
    pub step: Option<usize>,
}

/// The JSON document of one solve.
#[derive(Serialize)]
pub struct SolveJson<'a> {
    /// Always `shikaku`.
    pub kind: &'static str,
    /// Where the grid came from.
    pub source: &'a Origin,
    /// Grid rows.
    pub rows: usize,
    /// Grid columns.
    pub cols: usize,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
    /// Solutions found by search: 0, 1 or 2 (two or more).
    pub solutions: usize,
    /// How the solve ended.
    pub outcome: &'a Outcome,
    /// Backtracking steps.
    pub backtracking_steps: usize,
    /// The clues with their rectangles.
    pub rectangles: Vec<RectJson>,
    /// Every step.
    pub steps: &'a [Step],
}

impl<'a> SolveJson<'a> {
    /// The document for `solve`.
    pub fn of(solve: &'a Solve) -> SolveJson<'a> {
        let p = &solve.puzzle;
        SolveJson {
            kind: "shikaku",
            source: p.origin(),
            rows: p.rows(),
            cols: p.cols(),
            unique: solve.is_unique(),
            solutions: solve.solutions,
            outcome: &solve.outcome,
            backtracking_steps: solve.backtracks(),
            rectangles: p
                .clues()
                .iter()
                .enumerate()
                .map(|(i, &at)| RectJson {
                    clue: i,
                    at,
                    rect: solve.rects[i],
                    step: solve.placed_by[i].map(|s| s + 1),
                })
                .collect(),
            steps: &solve.steps,
        }
    }
}

/// One batch row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Where the puzzle is in its file.
    pub puzzle: String,
    /// `rowsxcols`.
    pub size: String,
    /// Number of clues.
    pub clues: usize,
    /// The `.sol` layout on one line, rows separated by `/` (empty when not solved).
    pub solution: String,
    /// Solved without backtracking.
    pub logic_only: bool,
    /// Backtracking steps.
    pub backtracks: usize,
    /// The last technique in the order of [`Technique::ALL`] that was used.
    pub hardest: String,
    /// Number of steps.
    pub steps: usize,
    /// Time to solve, in microseconds.
    pub micros: u128,
}

/// Solves every puzzle on all cores; rows in input order.
pub fn solve_all(puzzles: &[Shikaku], options: &Options) -> Vec<Row> {
    puzzles
        .par_iter()
        .map(|p| {
            let start = Instant::now();
            let solve = engine::solve(p, options);
            let micros = start.elapsed().as_micros();
            let solution = if solve.is_solved() {
                sol_text(&solve).trim_end().replace('\n', "/")
            } else {
                String::new()
            };
            Row {
                puzzle: p.place(),
                size: format!("{}x{}", p.rows(), p.cols()),
                clues: p.clues().len(),
                solution,
                logic_only: solve.is_solved() && solve.backtracks() == 0,
                backtracks: solve.backtracks(),
                hardest: solve
                    .steps
                    .iter()
                    .map(|s| s.technique)
                    .max()
                    .map_or(String::new(), |t| t.name().to_string()),
                steps: solve.steps.len(),
                micros,
            }
        })
        .collect()
}

/// The CSV header of [`write_csv`].
const HEADER: [&str; 9] = [
    "puzzle",
    "size",
    "clues",
    "solution",
    "logic_only",
    "backtracking_steps",
    "hardest_technique",
    "steps",
    "microseconds",
];

impl Row {
    /// The row's CSV fields, in [`HEADER`]'s order.
    fn record(&self) -> [String; 9] {
        [
            self.puzzle.clone(),
            self.size.clone(),
            self.clues.to_string(),
            self.solution.clone(),
            yes_no(self.logic_only),
            self.backtracks.to_string(),
            self.hardest.clone(),
            self.steps.to_string(),
            self.micros.to_string(),
        ]
    }
}

/// Writes the rows as CSV with a header; returns whether every puzzle was solved.
pub fn write_csv(rows: &[Row], sink: impl Write) -> io::Result<bool> {
    write_records(HEADER, rows.iter().map(Row::record), sink)?;
    Ok(rows.iter().all(|r| !r.solution.is_empty()))
}
