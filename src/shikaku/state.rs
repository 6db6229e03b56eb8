//! The Shikaku solving state, beside Sudoku's core: the deductions ([`Technique`]), a step as data
//! ([`Step`]), and the candidate rectangles of every clue with what is placed ([`State`]), which the
//! deductions read and only the engine changes.

use super::model::{Rect, Shikaku, cell};
use crate::explain;
use crate::model::Explanation;
use serde::{Serialize, Serializer};
use std::fmt;

/// A Shikaku deduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A clue with one candidate rectangle left takes it.
    SingleRectangle,
    /// A cell only one clue can reach: that clue's candidates missing it go.
    OnlyClue,
    /// Cells every candidate of a clue covers: other clues' candidates over them go.
    CommonCells,
    /// A candidate that would leave a cell or another clue without a rectangle goes.
    Blocking,
    /// A candidate that leads to a contradiction after a few forced steps goes.
    LookAhead,
    /// A clue settled by search when nothing else applies.
    Backtracking,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 6] = [
        Technique::SingleRectangle,
        Technique::OnlyClue,
        Technique::CommonCells,
        Technique::Blocking,
        Technique::LookAhead,
        Technique::Backtracking,
    ];

    /// The name shown in logs and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Technique::SingleRectangle => "Single rectangle",
            Technique::OnlyClue => "Only clue",
            Technique::CommonCells => "Common cells",
            Technique::Blocking => "Blocking",
            Technique::LookAhead => "Look-ahead",
            Technique::Backtracking => "Backtracking",
        }
    }

    /// The technique a user's name means (case, spaces and hyphens do not matter).
    pub fn parse(name: &str) -> Option<Technique> {
        let key = |s: &str| {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_ascii_lowercase()
        };
        Technique::ALL
            .into_iter()
            .find(|t| key(t.name()) == key(name))
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A candidate rectangle of a clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The clue's index (reading order).
    pub clue: usize,
    /// The rectangle.
    pub rect: Rect,
}

/// One deduction: what it places or removes, why, and a line a person can check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The clue the step is about (the one placed, or whose cells or candidate it concerns).
    pub clue: usize,
    /// The rectangle placed for `clue`, if the step places one.
    pub placed: Option<Rect>,
    /// Candidate rectangles removed (for a placement: the clue's other candidates and every
    /// other clue's candidates that overlap it).
    pub removed: Vec<Candidate>,
    /// The cells that justify the step (zero-based row, column): the cell only one clue reaches,
    /// the common cells, the cell left uncovered.
    pub cells: Vec<(usize, usize)>,
    /// `Single rectangle: the 6 at r2c3 has one rectangle left, r1c2-r2c4`, as data (JSON
    /// documents write it out, see `shikaku::report::StepJson`).
    #[serde(skip)]
    pub explanation: Explanation,
}

impl Step {
    /// A step that removes one candidate rectangle, justified by `cells`.
    pub fn removing(
        technique: Technique,
        removed: Candidate,
        cells: Vec<(usize, usize)>,
        explanation: Explanation,
    ) -> Step {
        Step {
            technique,
            clue: removed.clue,
            placed: None,
            removed: vec![removed],
            cells,
            explanation,
        }
    }

    /// Whether the step agrees with a solution (one rectangle per clue): a placement is the
    /// solution's rectangle and no removed candidate is.
    pub fn is_sound(&self, solution: &[Rect]) -> bool {
        self.placed.is_none_or(|r| solution[self.clue] == r)
            && self.removed.iter().all(|c| solution[c.clue] != c.rect)
    }
}

/// The candidates of every clue and what is placed.
#[derive(Clone)]
pub(super) struct State<'a> {
    pub(super) puzzle: &'a Shikaku,
    /// Each clue's candidates, sorted.
    pub(super) cands: Vec<Vec<Rect>>,
    pub(super) alive: Vec<Vec<bool>>,
    pub(super) alive_count: Vec<usize>,
    pub(super) placed: Vec<Option<Rect>>,
    /// Per cell: alive candidates (of any clue, placed ones included) covering it.
    pub(super) cover: Vec<u32>,
    /// Per cell: every candidate (clue, index) that covers it, alive or not.
    pub(super) by_cell: std::rc::Rc<Vec<Vec<(u32, u32)>>>,
}

impl<'a> State<'a> {
    pub(super) fn new(puzzle: &'a Shikaku) -> State<'a> {
        let mut cands = puzzle.candidates();
        cands.iter_mut().for_each(|c| c.sort());
        let cols = puzzle.cols();
        let mut by_cell = vec![Vec::new(); puzzle.rows() * cols];
        let mut cover = vec![0; puzzle.rows() * cols];
        for (clue, rects) in cands.iter().enumerate() {
            for (k, rect) in rects.iter().enumerate() {
                for (r, c) in rect.cells() {
                    by_cell[r * cols + c].push((clue as u32, k as u32));
                    cover[r * cols + c] += 1;
                }
            }
        }
        State {
            puzzle,
            alive: cands.iter().map(|c| vec![true; c.len()]).collect(),
            alive_count: cands.iter().map(Vec::len).collect(),
            placed: vec![None; cands.len()],
            cands,
            cover,
            by_cell: std::rc::Rc::new(by_cell),
        }
    }

    pub(super) fn cols(&self) -> usize {
        self.puzzle.cols()
    }

    pub(super) fn is_solved(&self) -> bool {
        self.placed.iter().all(Option::is_some)
    }

    pub(super) fn alive_rects(&self, clue: usize) -> impl Iterator<Item = Rect> + '_ {
        self.cands[clue]
            .iter()
            .zip(&self.alive[clue])
            .filter(|(_, a)| **a)
            .map(|(r, _)| *r)
    }

    /// The alive candidates covering cell `index`.
    pub(super) fn covering(&self, index: usize) -> impl Iterator<Item = Candidate> + '_ {
        self.by_cell[index]
            .iter()
            .filter(|&&(clue, k)| self.alive[clue as usize][k as usize])
            .map(|&(clue, k)| Candidate {
                clue: clue as usize,
                rect: self.cands[clue as usize][k as usize],
            })
    }

    pub(super) fn remove(&mut self, clue: usize, rect: Rect) {
        let Ok(k) = self.cands[clue].binary_search(&rect) else {
            return;
        };
        if std::mem::replace(&mut self.alive[clue][k], false) {
            self.alive_count[clue] -= 1;
            let cols = self.cols();
            for (r, c) in rect.cells() {
                self.cover[r * cols + c] -= 1;
            }
        }
    }

    pub(super) fn apply(&mut self, step: &Step) {
        for c in &step.removed {
            self.remove(c.clue, c.rect);
        }
        if let Some(rect) = step.placed {
            self.placed[step.clue] = Some(rect);
        }
    }

    /// What breaks the state: a cell no rectangle can cover, or a clue with no rectangle.
    pub(super) fn contradiction(&self) -> Option<Explanation> {
        if let Some(clue) = (0..self.cands.len()).find(|&i| self.alive_count[i] == 0) {
            let clue = self.puzzle.clue_text(clue);
            return Some(explain!("{} has no rectangle left", clue));
        }
        let index = self.cover.iter().position(|&n| n == 0)?;
        let (r, c) = (index / self.cols(), index % self.cols());
        Some(explain!("no rectangle can cover {} any more", cell(r, c)))
    }

    /// A step placing `rect` for `clue`: its other candidates and every overlapping candidate of
    /// another clue go.
    pub(super) fn placing(
        &self,
        technique: Technique,
        clue: usize,
        rect: Rect,
        explanation: Explanation,
    ) -> Step {
        Step {
            technique,
            clue,
            placed: Some(rect),
            removed: self.displaced(clue, rect),
            cells: Vec::new(),
            explanation,
        }
    }

    /// What placing `rect` for `clue` removes.
    pub(super) fn displaced(&self, clue: usize, rect: Rect) -> Vec<Candidate> {
        let mut removed: Vec<Candidate> = self
            .alive_rects(clue)
            .filter(|r| *r != rect)
            .map(|rect| Candidate { clue, rect })
            .collect();
        let start = removed.len();
        for (r, c) in rect.cells() {
            for other in self.covering(r * self.cols() + c) {
                if other.clue != clue && !removed[start..].contains(&other) {
                    removed.push(other);
                }
            }
        }
        removed
    }
}

/// `1 rectangle`, `3 rectangles`.
pub(super) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
