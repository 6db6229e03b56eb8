//! Shikaku's reports: the grid drawn with its rectangles, the datasets' `.sol` layout, JSON
//! rectangles and steps, and what the shared reports ([`crate::report::SolveReport`]) need of a
//! Shikaku solve.

use super::engine::Solve;
use super::model::{Clue, Rect, Shikaku};
use super::search;
use super::state::{Step, Technique};
use crate::core::Outcome;
use crate::model::{Explanation, Names, Origin};
use crate::report::{PuzzleReport, SolveReport, StepReport, Tally, Trace, words};
use crate::search::Deadline;
use serde::Serialize;
use serde_json::Value;
use std::fmt::Write as _;

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

/// The puzzle as text gridlogic reads back: a `rows cols` header, then a line per row, numbers
/// and `-` for empty cells, in columns.
pub fn puzzle_text(p: &Shikaku) -> String {
    let width = p.clues().iter().map(|c| c.number.to_string().len()).max();
    let width = width.unwrap_or(1);
    let mut text = format!("{} {}\n", p.rows(), p.cols());
    for r in 0..p.rows() {
        let cells: Vec<String> = (0..p.cols())
            .map(|c| match p.clue_at(r, c) {
                Some(i) => format!("{:>width$}", p.clues()[i].number),
                None => format!("{:>width$}", "-"),
            })
            .collect();
        let _ = writeln!(text, "{}", cells.join(" "));
    }
    text
}

/// A person's state as text `gridlogic hint` reads ([`super::read::parse_state`]): the puzzle,
/// the line `rectangles:`, then each rectangle by its corners, one a line.
pub fn state_text(p: &Shikaku, rects: &[Rect]) -> String {
    let mut text = String::from(
        "# gridlogic state: the Shikaku puzzle, then the rectangles placed, by their corners\n",
    );
    text += &puzzle_text(p);
    text += super::read::STATE_MARKER;
    text.push('\n');
    for rect in rects {
        let _ = writeln!(text, "{rect}");
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

/// What a Shikaku adds to the JSON document.
#[derive(Serialize)]
pub struct Details {
    /// Grid rows.
    pub rows: usize,
    /// Grid columns.
    pub cols: usize,
    /// The clues with their rectangles.
    pub rectangles: Vec<RectJson>,
}

/// A step in the JSON document: its fields, and its explanation written out.
#[derive(Serialize)]
pub struct StepJson {
    /// The step.
    #[serde(flatten)]
    pub step: Step,
    /// The explanation, as the puzzle's reader names things.
    pub explanation: String,
    /// The step in plain words, sentence by sentence, every rectangle it removes named.
    pub words: Vec<String>,
    /// The technique guide's page on Shikaku: `docs/src/techniques/shikaku.md`.
    pub guide: String,
}

impl PuzzleReport for Shikaku {
    fn kind(&self) -> &'static str {
        "shikaku"
    }

    fn origin_names(&self) -> (&Origin, Names<'_>) {
        (self.origin(), self.names())
    }

    fn summary(&self) -> String {
        summary(self)
    }

    /// Shikaku searches finish quickly; the deadline is not watched.
    fn count_solutions(&self, limit: usize, _deadline: Deadline) -> Tally {
        Tally {
            solutions: search::count_solutions(self, limit).solutions,
            complete: true,
        }
    }

    fn line(&self) -> String {
        self.place()
    }

    const BATCH_COLUMNS: &'static [&'static str] = &["size", "clues"];

    fn batch_columns(&self) -> Vec<Value> {
        vec![
            format!("{}x{}", self.rows(), self.cols()).into(),
            self.clues().len().into(),
        ]
    }
}

impl StepReport for Step {
    fn technique_name(&self) -> String {
        self.technique.name().to_string()
    }

    fn explanation(&self) -> &Explanation {
        &self.explanation
    }

    fn is_backtracking(&self) -> bool {
        self.technique == Technique::Backtracking
    }
}

impl SolveReport for Solve {
    type Puzzle = Shikaku;
    type Step = Step;
    type Details = Details;
    type StepJson = StepJson;

    fn trace(&self) -> Trace<'_, Shikaku, Step> {
        Trace::new(&self.puzzle, &self.steps, &self.outcome, self.solutions)
    }

    fn stuck(&self) -> String {
        let open = self.rects.iter().filter(|r| r.is_none()).count();
        format!("stuck: no deduction applies (--no-guess); {open} clues are open")
    }

    fn solution_line(&self) -> Option<String> {
        self.is_solved()
            .then(|| sol_text(self).trim_end().replace('\n', "/"))
    }

    fn grid_text(&self) -> String {
        grid_text(&self.puzzle, &self.rects)
    }

    fn grids_before_steps(&self) -> Vec<String> {
        let mut rects = vec![None; self.puzzle.clues().len()];
        self.steps
            .iter()
            .map(|step| {
                let grid = grid_text(&self.puzzle, &rects);
                if let Some(rect) = step.placed {
                    rects[step.clue] = Some(rect);
                }
                grid
            })
            .collect()
    }

    fn difficulty(&self) -> Option<String> {
        None
    }

    fn summary_details(&self) -> Vec<(&'static str, String)> {
        let placed = self.rects.iter().filter(|r| r.is_some()).count();
        let clues = self.puzzle.clues().len();
        vec![("Rectangles", format!("{placed} of {clues}"))]
    }

    /// The hardest technique is the last in the order of [`Technique::ALL`] that was used.
    const BATCH_DETAILS: &'static [&'static str] = &["hardest_technique"];

    fn batch_details(&self) -> Vec<Value> {
        let hardest = self.steps.iter().map(|s| s.technique).max();
        let solved = self.outcome == Outcome::Solved;
        vec![match hardest {
            Some(technique) if solved => technique.name().into(),
            _ => Value::Null,
        }]
    }

    fn first_wrong_step(&self) -> Option<usize> {
        self.first_unsound_step().map(|(i, _)| i)
    }

    fn json_details(&self) -> Details {
        let p = &self.puzzle;
        Details {
            rows: p.rows(),
            cols: p.cols(),
            rectangles: p
                .clues()
                .iter()
                .enumerate()
                .map(|(i, &at)| RectJson {
                    clue: i,
                    at,
                    rect: self.rects[i],
                    step: self.placed_by[i].map(|s| s + 1),
                })
                .collect(),
        }
    }

    fn json_step(&self, step: &Step) -> StepJson {
        let names = self.names();
        StepJson {
            step: step.clone(),
            explanation: step.explanation.render(&names),
            words: self
                .step_words(step)
                .iter()
                .map(|sentence| sentence.render(&names))
                .collect(),
            guide: words::shikaku_guide().to_string(),
        }
    }

    fn step_words(&self, step: &Step) -> Vec<Explanation> {
        words::shikaku_words(step, &self.puzzle)
    }

    fn step_guide(&self, _step: &Step) -> String {
        words::shikaku_guide().to_string()
    }
}
