//! The next rectangle from where a person stands. Their state — the puzzle and the rectangles
//! they placed ([`Placed`]) — is checked first: a rectangle that holds no number or several, has
//! the wrong area, overlaps another or, when the puzzle has one solution, is not that solution's,
//! is named. Otherwise the hint is the way the engine goes from those rectangles to its next
//! one: the steps that rule candidate rectangles out (a person does not write those down), then
//! the step that places a rectangle, told at one of three [`Detail`]s like a Sudoku hint.

use super::engine::Options;
use super::model::{Rect, Shikaku};
use super::read::Placed;
use super::search;
use super::state::{State, Step, Technique, count};
use crate::explain;
use crate::hint::{Detail, Verdict};
use crate::model::{Explanation, cell_name};
use crate::report::json::SCHEMA_VERSION;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;

/// A rectangle of the person's that cannot stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mistake {
    /// It holds no number.
    NoClue(Rect),
    /// It holds these clues (two or more).
    SeveralClues(Rect, Vec<usize>),
    /// Its area is not its clue's number.
    WrongArea(Rect, usize),
    /// It overlaps this rectangle, placed before it.
    Overlap(Rect, Rect),
    /// It is not the one solution's rectangle of its clue.
    Wrong(Rect, usize),
}

/// A hint: the verdict on the state, its mistakes, and the way to the next rectangle.
#[derive(Debug, Clone)]
pub struct Hint {
    /// What the check found.
    pub verdict: Verdict,
    /// The rectangles that cannot stand, in the order written.
    pub mistakes: Vec<Mistake>,
    /// The engine's steps from the state to its next rectangle, the placing step last; empty
    /// with mistakes, without a solution, or on a solved grid.
    pub steps: Vec<Step>,
}

/// Checks the person's rectangles and finds the way to the next one with `options`'
/// deductions (backtracking when none applies).
pub fn hint(placed: &Placed, options: &Options) -> Hint {
    let puzzle = &placed.puzzle;
    let count = search::count_solutions(puzzle, 2);
    let solution = count.first.filter(|_| count.solutions == 1);
    let (by_clue, mistakes) = sort_out(puzzle, &placed.rects, solution.as_deref());
    let verdict = match count.solutions {
        _ if !mistakes.is_empty() => Verdict::Mistakes,
        0 => Verdict::NoSolution,
        _ if by_clue.iter().all(Option::is_some) => Verdict::Solved,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    let found = match verdict {
        Verdict::Unique | Verdict::Multiple => Some(to_next_rectangle(
            puzzle,
            &by_clue,
            options,
            verdict == Verdict::Unique,
        )),
        _ => None,
    };
    match found {
        Some(None) => Hint {
            verdict: Verdict::NoSolution,
            mistakes,
            steps: Vec::new(),
        },
        found => Hint {
            verdict,
            mistakes,
            steps: found.flatten().unwrap_or_default(),
        },
    }
}

/// Each clue's rectangle among `rects` (those that can stand) and the mistakes of the others;
/// with the one `solution`, a rectangle that is not its clue's there is a mistake too.
fn sort_out(
    puzzle: &Shikaku,
    rects: &[Rect],
    solution: Option<&[Rect]>,
) -> (Vec<Option<Rect>>, Vec<Mistake>) {
    let mut by_clue: Vec<Option<Rect>> = vec![None; puzzle.clues().len()];
    let mut mistakes = Vec::new();
    for &rect in rects {
        let inside: Vec<usize> = (0..puzzle.clues().len())
            .filter(|&i| rect.contains(puzzle.clues()[i].row, puzzle.clues()[i].col))
            .collect();
        let overlapped = by_clue.iter().flatten().find(|r| r.overlaps(&rect));
        let mistake = match inside.as_slice() {
            [] => Some(Mistake::NoClue(rect)),
            [clue] if puzzle.clues()[*clue].number != rect.area() => {
                Some(Mistake::WrongArea(rect, *clue))
            }
            [_] if overlapped.is_some() => overlapped.map(|&other| Mistake::Overlap(rect, other)),
            [clue] if solution.is_some_and(|s| s[*clue] != rect) => {
                Some(Mistake::Wrong(rect, *clue))
            }
            [clue] => {
                by_clue[*clue] = Some(rect);
                None
            }
            _ => Some(Mistake::SeveralClues(rect, inside)),
        };
        mistakes.extend(mistake);
    }
    (by_clue, mistakes)
}

/// The engine's steps from the puzzle with `by_clue` placed to the next placement; `None` when
/// they reach a contradiction (the rectangles allow no solution).
fn to_next_rectangle(
    puzzle: &Shikaku,
    by_clue: &[Option<Rect>],
    options: &Options,
    unique: bool,
) -> Option<Vec<Step>> {
    let mut state = State::new(puzzle);
    for (clue, rect) in by_clue.iter().enumerate() {
        if let Some(rect) = *rect {
            let step = state.placing(Technique::SingleRectangle, clue, rect, Explanation::new());
            state.apply(&step);
        }
    }
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut steps = Vec::new();
    loop {
        if state.contradiction().is_some() {
            return None;
        }
        let step = match state.next_step(&options.techniques) {
            Some(step) => step,
            None => state.backtrack(unique, &mut rng).ok()?,
        };
        state.apply(&step);
        let placing = step.placed.is_some();
        steps.push(step);
        if placing {
            return Some(steps);
        }
    }
}

impl Mistake {
    /// The mistake as a sentence: `r1c1-r2c3 overlaps r2c2-r3c3`.
    pub fn text(&self, puzzle: &Shikaku) -> Explanation {
        match self {
            Mistake::NoClue(rect) => explain!("{} holds no number", *rect),
            Mistake::SeveralClues(rect, clues) => {
                let each: Vec<Explanation> = clues.iter().map(|&c| puzzle.clue_text(c)).collect();
                explain!(
                    "{} holds {}: {}; a rectangle holds one",
                    *rect,
                    count(clues.len(), "number"),
                    Explanation::join(each, ", ")
                )
            }
            Mistake::WrongArea(rect, clue) => explain!(
                "{} has {}, and {} needs {}",
                *rect,
                count(rect.area(), "cell"),
                puzzle.clue_text(*clue),
                puzzle.clues()[*clue].number.to_string()
            ),
            Mistake::Overlap(rect, other) => explain!("{} overlaps {}", *rect, *other),
            Mistake::Wrong(rect, clue) => explain!(
                "{} is not the rectangle of {}",
                *rect,
                puzzle.clue_text(*clue)
            ),
        }
    }

    /// `no_clue`, `several_clues`, `wrong_area`, `overlap` or `wrong_rectangle`, and the
    /// rectangle.
    fn kind(&self) -> (&'static str, Rect) {
        match self {
            Mistake::NoClue(r) => ("no_clue", *r),
            Mistake::SeveralClues(r, _) => ("several_clues", *r),
            Mistake::WrongArea(r, _) => ("wrong_area", *r),
            Mistake::Overlap(r, _) => ("overlap", *r),
            Mistake::Wrong(r, _) => ("wrong_rectangle", *r),
        }
    }
}

impl Hint {
    /// The hint as lines of text at `detail`.
    pub fn lines(&self, detail: Detail, puzzle: &Shikaku) -> Vec<Explanation> {
        let mut lines: Vec<Explanation> = self.mistakes.iter().map(|m| m.text(puzzle)).collect();
        match self.verdict {
            Verdict::Solved => lines.push("The grid is solved.".into()),
            Verdict::NoSolution => lines.push("The grid has no solution.".into()),
            Verdict::Mistakes => {}
            verdict => {
                if verdict == Verdict::Multiple {
                    lines.push("The puzzle has several solutions.".into());
                }
                lines.extend(self.step_lines(detail, puzzle));
            }
        }
        lines
    }

    /// The hardest technique on the way, and the step that places the next rectangle.
    fn key(&self) -> Option<(Technique, &Step)> {
        let last = self.steps.last()?;
        let hardest = self.steps.iter().map(|s| s.technique).max()?;
        Some((hardest, last))
    }

    /// The way to the next rectangle told at `detail`: the hardest technique and the clue to
    /// look at; the technique that places it and those that rule rectangles out before; every
    /// step.
    fn step_lines(&self, detail: Detail, puzzle: &Shikaku) -> Vec<Explanation> {
        let Some((hardest, last)) = self.key() else {
            return Vec::new();
        };
        let clue = puzzle.clue_text(last.clue);
        let before = &self.steps[..self.steps.len() - 1];
        match detail {
            Detail::Family => vec![explain!("Hint: {}; look at {}.", hardest.name(), clue)],
            Detail::Technique if before.is_empty() => {
                vec![explain!("Hint: {} for {}.", last.technique.name(), clue)]
            }
            Detail::Technique => vec![explain!(
                "Hint: {} for {}, after {} that {} rectangles out ({}).",
                last.technique.name(),
                clue,
                count(before.len(), "step"),
                if before.len() == 1 { "rules" } else { "rule" },
                tally(before)
            )],
            Detail::Step if before.is_empty() => {
                vec![explain!("Hint: {}", last.explanation.clone())]
            }
            Detail::Step => {
                let heading = explain!(
                    "Hint: {}, the last placing a rectangle:",
                    count(self.steps.len(), "step")
                );
                let numbered = self.steps.iter().enumerate().map(|(i, step)| {
                    explain!("{}. {}", (i + 1).to_string(), step.explanation.clone())
                });
                std::iter::once(heading).chain(numbered).collect()
            }
        }
    }

    /// The hint as a JSON document at `detail`, cells named by the puzzle's names.
    pub fn json(&self, detail: Detail, puzzle: &Shikaku) -> HintJson {
        let names = puzzle.names();
        let mistakes = self
            .mistakes
            .iter()
            .map(|m| {
                let (kind, rect) = m.kind();
                MistakeJson {
                    kind,
                    rectangle: rect.to_string(),
                    text: m.text(puzzle).render(&names),
                }
            })
            .collect();
        let step = self.key().map(|(hardest, last)| {
            let clue = puzzle.clues()[last.clue];
            let render = |e: &Explanation| e.render(&names);
            StepHintJson {
                technique: hardest.name(),
                clue: render(&puzzle.clue_text(last.clue)),
                cell: cell_name(clue.row, clue.col),
                techniques: (detail >= Detail::Technique)
                    .then(|| self.steps.iter().map(|s| s.technique.name()).collect()),
                explanations: (detail >= Detail::Step)
                    .then(|| self.steps.iter().map(|s| render(&s.explanation)).collect()),
                placed: (detail >= Detail::Step)
                    .then(|| last.placed.map(|r| r.to_string()))
                    .flatten(),
            }
        });
        HintJson {
            schema_version: SCHEMA_VERSION,
            kind: "shikaku",
            verdict: self.verdict,
            detail: detail as u8,
            mistakes,
            step,
        }
    }
}

/// `Only clue 2, Blocking 22`: the steps' techniques with their counts, simplest first.
fn tally(steps: &[Step]) -> String {
    let each: Vec<String> = Technique::ALL
        .iter()
        .filter_map(|&t| {
            let n = steps.iter().filter(|s| s.technique == t).count();
            (n > 0).then(|| format!("{} {n}", t.name()))
        })
        .collect();
    each.join(", ")
}

/// A Shikaku hint in JSON.
#[derive(Debug, Serialize)]
pub struct HintJson {
    /// The version of the JSON schema, as in every document ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// `shikaku`.
    pub kind: &'static str,
    /// `solved`, `unique`, `mistakes`, `no_solution` or `multiple`.
    pub verdict: Verdict,
    /// The detail asked for: 1 technique and clue, 2 the techniques on the way, 3 every step.
    pub detail: u8,
    /// The rectangles that cannot stand.
    pub mistakes: Vec<MistakeJson>,
    /// The way to the next rectangle, as far as the detail tells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepHintJson>,
}

/// A mistake in JSON.
#[derive(Debug, Serialize)]
pub struct MistakeJson {
    /// `no_clue`, `several_clues`, `wrong_area`, `overlap` or `wrong_rectangle`.
    pub kind: &'static str,
    /// `r1c1-r2c3`.
    pub rectangle: String,
    /// The sentence the text hint prints.
    pub text: String,
}

/// The way to the next rectangle in JSON, as far as the detail tells.
#[derive(Debug, Serialize)]
pub struct StepHintJson {
    /// The hardest technique on the way.
    pub technique: &'static str,
    /// The clue whose rectangle comes next: `the 6 at r2c3`.
    pub clue: String,
    /// Its cell: `r2c3`.
    pub cell: String,
    /// Each step's technique, the placing one last (detail 2 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub techniques: Option<Vec<&'static str>>,
    /// Each step's explanation (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanations: Option<Vec<String>>,
    /// The rectangle placed: `r1c2-r2c4` (detail 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placed: Option<String>,
}
