//! The next step from where a person stands. Their state — a puzzle with some cells filled, a
//! pencil-mark grid, a HoDoKu library line — is checked against the solution first: a wrong digit
//! or a removed candidate that the solution needs is the hint. Otherwise the hint is the step the
//! engine would take next, told at one of three [`Detail`]s: the family and a house to look at,
//! then the technique and its cells, then the whole step.

use crate::core::{State, Step};
use crate::engine::{self, Options};
use crate::explain;
use crate::model::explanation::Node;
use crate::model::{
    Candidate, Cell, Explanation, Grid, Layout, Marks, Names, Origin, Puzzle, Unit,
};
use crate::report::json::SCHEMA_VERSION;
use crate::report::words;
use crate::search::{self, Count};
use serde::Serialize;
use std::sync::Arc;

/// How much of the next step a hint tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Detail {
    /// The technique's family and a house to look at.
    Family = 1,
    /// The technique and the cells of its pattern.
    Technique = 2,
    /// The whole step: its explanation, placements and eliminations.
    Step = 3,
}

/// What the check of a person's state found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every cell is filled, and rightly.
    Solved,
    /// The state agrees with the one solution: the hint is the next step.
    Unique,
    /// Placed digits or removed candidates contradict the solution (see the mistakes).
    Mistakes,
    /// The state has no solution, and the givens do not tell which entries are wrong.
    NoSolution,
    /// The puzzle has several solutions; the hint uses no uniqueness technique.
    Multiple,
}

/// An entry of the person's state that the solution contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The cell holds a digit the solution does not put there.
    WrongDigit(Candidate),
    /// The candidate was removed, but it is the cell's digit in the solution.
    MissingCandidate(Candidate),
    /// (No solution, and no givens to compare with.) Emptying this cell would allow a
    /// solution.
    Suspect(Candidate),
}

/// A hint: the verdict on the state, its mistakes, and the next step when the state is sound.
#[derive(Debug, Clone)]
pub struct Hint {
    /// What the check found.
    pub verdict: Verdict,
    /// The entries the solution contradicts, in cell order.
    pub mistakes: Vec<Mistake>,
    /// The step the engine would take next (backtracking when no technique applies); `None`
    /// with mistakes, without a solution, or on a solved grid.
    pub step: Option<Step>,
}

/// Checks `marks` and finds the next step with the techniques of `options`.
pub fn hint(marks: Marks, options: &Options) -> Hint {
    let layout = marks.layout.clone();
    let givens = marks.givens.clone();
    let values = marks.values.clone();
    let state = State::from_marks(marks).with_limits(options.limits);
    let count = search::count_from_candidates(&layout, &state.search_candidates(), 2);
    let verdict = match count.solutions {
        1 if state.is_solved() => Verdict::Solved,
        1 => Verdict::Unique,
        0 => Verdict::NoSolution,
        _ => Verdict::Multiple,
    };
    if verdict == Verdict::NoSolution {
        let mistakes = mistakes(&layout, &givens, &values, &state);
        let verdict = match mistakes.first() {
            Some(Mistake::Suspect(_)) | None => Verdict::NoSolution,
            Some(_) => Verdict::Mistakes,
        };
        return Hint {
            verdict,
            mistakes,
            step: None,
        };
    }
    let step = (verdict != Verdict::Solved)
        .then(|| {
            let state = state.assuming_unique(verdict == Verdict::Unique);
            engine::step_from(&state, options)
        })
        .flatten();
    Hint {
        verdict,
        mistakes: Vec::new(),
        step,
    }
}

/// The entries of a state without solution that the one solution of the givens contradicts (or,
/// where the givens are not told apart or have several solutions, the one solution of the placed
/// digits without the pencil marks); without such a solution, the filled cells whose emptying
/// allows one.
fn mistakes(layout: &Arc<Layout>, givens: &Grid, values: &Grid, state: &State) -> Vec<Mistake> {
    let only = |grid: &Grid| {
        let count = count(layout, grid, 2);
        count.first.filter(|_| count.solutions == 1)
    };
    let Some(solution) = only(givens).or_else(|| only(values)) else {
        return suspects(layout, values);
    };
    layout
        .cells()
        .filter_map(|cell| {
            let digit = solution.get(cell)?;
            let candidate = Candidate::new(cell, digit);
            match values.get(cell) {
                Some(placed) if placed != digit => {
                    Some(Mistake::WrongDigit(Candidate::new(cell, placed)))
                }
                Some(_) => None,
                None => {
                    let kept = state.candidates(cell).contains(digit);
                    (!kept).then_some(Mistake::MissingCandidate(candidate))
                }
            }
        })
        .collect()
}

/// The filled cells of `values` whose emptying leaves a grid with exactly one solution, else those
/// whose emptying leaves one with several.
fn suspects(layout: &Arc<Layout>, values: &Grid) -> Vec<Mistake> {
    let emptied: Vec<(Candidate, usize)> = layout
        .cells()
        .filter_map(|cell| {
            let digit = values.get(cell)?;
            let mut emptied = values.clone();
            emptied.set(cell, None);
            Some((
                Candidate::new(cell, digit),
                count(layout, &emptied, 2).solutions,
            ))
        })
        .collect();
    let fewest = (1..=2).find(|&n| emptied.iter().any(|&(_, count)| count == n));
    emptied
        .into_iter()
        .filter(|&(_, count)| Some(count) == fewest)
        .map(|(candidate, _)| Mistake::Suspect(candidate))
        .collect()
}

/// The solutions of `grid` as a puzzle on `layout`, counted up to `limit` (none for a grid that
/// breaks a house).
fn count(layout: &Arc<Layout>, grid: &Grid, limit: usize) -> Count {
    match Puzzle::new(layout.clone(), grid.clone(), Origin::Unknown) {
        Ok(puzzle) => search::count_solutions(&puzzle, limit),
        Err(_) => Count::default(),
    }
}

impl Hint {
    /// The hint as lines of text at `detail`.
    pub fn lines(&self, detail: Detail, layout: &Layout) -> Vec<Explanation> {
        let mut lines: Vec<Explanation> = self.mistakes.iter().map(mistake_text).collect();
        match (&self.step, self.verdict) {
            (_, Verdict::Solved) => lines.push("The grid is solved.".into()),
            (_, Verdict::NoSolution) if self.mistakes.is_empty() => {
                lines.push("The grid has no solution.".into());
            }
            (_, Verdict::NoSolution) => lines.push(
                "The grid has no solution; emptying one of these cells would allow one.".into(),
            ),
            (Some(step), verdict) => {
                if verdict == Verdict::Multiple {
                    lines.push("The puzzle has several solutions.".into());
                }
                lines.push(step_text(step, detail, layout));
                if detail >= Detail::Technique {
                    lines.push(explain!("Look for {}.", words::look_for(step.technique)));
                }
                if detail >= Detail::Step {
                    lines.extend(words::sudoku_words(step, layout));
                }
                if detail >= Detail::Technique {
                    lines.push(explain!("See: {}", words::guide(step.technique)));
                }
            }
            (None, _) => {}
        }
        lines
    }

    /// The hint as a JSON document at `detail`, cells and digits named by `names`.
    pub fn json(&self, detail: Detail, layout: &Layout, names: &Names) -> HintJson {
        let cell = |c: Cell| layout.cell_name(c);
        let mistakes = self
            .mistakes
            .iter()
            .map(|m| {
                let (kind, candidate) = match *m {
                    Mistake::WrongDigit(c) => ("wrong_digit", c),
                    Mistake::MissingCandidate(c) => ("missing_candidate", c),
                    Mistake::Suspect(c) => ("suspect", c),
                };
                MistakeJson {
                    kind,
                    cell: cell(candidate.cell),
                    digit: candidate.digit.get(),
                }
            })
            .collect();
        let step = self.step.as_ref().map(|step| {
            let technique = step.technique;
            let named = |candidates: &[Candidate], relation: &str| {
                candidates
                    .iter()
                    .map(|c| format!("{}{relation}{}", cell(c.cell), c.digit))
                    .collect()
            };
            let full = detail >= Detail::Step;
            StepHintJson {
                family: technique.family().label().to_string(),
                house: look_at(step, layout).map(|unit| Explanation::from(unit).render(names)),
                technique: (detail >= Detail::Technique).then(|| technique.name()),
                cells: (detail >= Detail::Technique)
                    .then(|| pattern_cells(step).into_iter().map(cell).collect()),
                explanation: full.then(|| step.explanation.render(names)),
                placements: full.then(|| named(&step.placements, "=")),
                eliminations: full.then(|| named(&step.eliminations, "<>")),
                look_for: (detail >= Detail::Technique)
                    .then(|| words::look_for(technique).to_string()),
                words: full.then(|| {
                    let told = words::sudoku_words(step, layout);
                    told.iter().map(|sentence| sentence.render(names)).collect()
                }),
                guide: (detail >= Detail::Technique).then(|| words::guide(technique)),
            }
        });
        HintJson {
            schema_version: SCHEMA_VERSION,
            verdict: self.verdict,
            detail: detail as u8,
            mistakes,
            step,
        }
    }
}

/// A hint in JSON.
#[derive(Debug, Serialize)]
pub struct HintJson {
    /// The version of the JSON schema, as in every document ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// `solved`, `unique`, `mistakes`, `no_solution` or `multiple`.
    pub verdict: Verdict,
    /// The detail asked for: 1 family and house, 2 technique and cells, 3 the whole step.
    pub detail: u8,
    /// The entries the solution contradicts.
    pub mistakes: Vec<MistakeJson>,
    /// The next step, as far as the detail tells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepHintJson>,
}

/// A mistake in JSON.
#[derive(Debug, Serialize)]
pub struct MistakeJson {
    /// `wrong_digit`, `missing_candidate` or `suspect`.
    pub kind: &'static str,
    /// `r4c5`.
    pub cell: String,
    /// The digit, as a number.
    pub digit: usize,
}

/// The next step in JSON, as far as the detail tells.
#[derive(Debug, Serialize)]
pub struct StepHintJson {
    /// The technique's family: `Singles`, `Fish`, …
    pub family: String,
    /// A house to look at, `box 3`, or a Killer cage, `cage 17 at r1c1, r1c2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<String>,
    /// The technique (detail 2 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<String>,
    /// The cells of its pattern (detail 2 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// The explanation (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// `r3c5=7` (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<String>>,
    /// `r3c5<>7` (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminations: Option<Vec<String>>,
    /// What to look for, in words (detail 2 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub look_for: Option<String>,
    /// The whole step in plain words, sentence by sentence (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<Vec<String>>,
    /// The technique guide's page on the technique (detail 2 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guide: Option<String>,
}

/// One mistake as a sentence: `r4c5 should not be 7`.
fn mistake_text(mistake: &Mistake) -> Explanation {
    match *mistake {
        Mistake::WrongDigit(c) => explain!("{} should not be {}", Node(c.cell), c.digit),
        Mistake::MissingCandidate(c) => explain!(
            "{} must keep the candidate {}: it is the cell's digit",
            Node(c.cell),
            c.digit
        ),
        Mistake::Suspect(c) => explain!("{}={} may be wrong", Node(c.cell), c.digit),
    }
}

/// The next step told at `detail`.
fn step_text(step: &Step, detail: Detail, layout: &Layout) -> Explanation {
    let technique = step.technique;
    match detail {
        Detail::Family => {
            let family = technique.family().label();
            match look_at(step, layout) {
                Some(unit) => explain!("Hint: {}; look at {}.", family, unit),
                None => explain!("Hint: {}.", family),
            }
        }
        Detail::Technique => {
            let cells = Explanation::join(pattern_cells(step).into_iter().map(Node), ", ");
            explain!("Hint: {}, on {}.", technique.name(), cells)
        }
        Detail::Step => explain!("Hint: {}", step.explanation.clone()),
    }
}

/// The house a person should look at for `step`: its first base or cover house, else the
/// Killer cage it reads, else the one house holding all of its cells, else the region of its
/// first cell.
fn look_at(step: &Step, layout: &Layout) -> Option<Unit> {
    if let Some(&house) = step.base.first().or(step.cover.first()) {
        return Some(Unit::House(house));
    }
    if let Some(&cage) = step.cages.first() {
        return Some(Unit::Cage(cage));
    }
    let cells = pattern_cells(step);
    let common = layout.common_houses(&cells);
    let first = cells.first()?;
    common
        .first()
        .copied()
        .or_else(|| layout.houses_of(*first).last().copied())
        .map(Unit::House)
}

/// The cells of a step's pattern (else of its placements and eliminations), in order, once each.
fn pattern_cells(step: &Step) -> Vec<Cell> {
    let source = match step.pattern.is_empty() {
        false => &step.pattern,
        true if !step.placements.is_empty() => &step.placements,
        true => &step.eliminations,
    };
    let mut cells: Vec<Cell> = source.iter().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}
