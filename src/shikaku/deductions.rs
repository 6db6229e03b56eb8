//! The Shikaku deductions, simplest first, each found on a [`State`] and reported as a [`Step`]
//! with its explanation written where the deduction is made:
//!
//! 1. **Single rectangle**: a clue with one candidate left takes it.
//! 2. **Only clue**: a cell that only one clue's candidates cover belongs to that clue, so the
//!    clue's candidates that miss the cell go.
//! 3. **Common cells**: cells that every candidate of a clue covers are that clue's, so other
//!    clues' candidates over them go.
//! 4. **Blocking**: a candidate that would leave some cell, or some other clue, with no rectangle
//!    goes.
//! 5. **Look-ahead**: a candidate that, once placed, leads through a few forced steps (rules 1 and
//!    2) to a contradiction goes.

use super::model::{Rect, Shikaku, cell};
use super::state::{Candidate, State, Step, Technique, count};
use crate::explain;
use crate::model::{Explanation, cell_name};

/// How far a look-ahead follows forced steps before giving up on a candidate.
const LOOK_AHEAD_STEPS: usize = 40;

impl State<'_> {
    pub(super) fn next_step(&self, techniques: &[Technique]) -> Option<Step> {
        techniques.iter().find_map(|&t| match t {
            Technique::SingleRectangle => self.single_rectangle(),
            Technique::OnlyClue => self.only_clue(),
            Technique::CommonCells => self.common_cells(),
            Technique::Blocking => self.blocking(),
            Technique::LookAhead => self.look_ahead(),
            Technique::Backtracking => None,
        })
    }

    fn single_rectangle(&self) -> Option<Step> {
        let clue = (0..self.cands.len())
            .find(|&i| self.placed[i].is_none() && self.alive_count[i] == 1)?;
        let rect = self.alive_rects(clue).next()?;
        let p = self.puzzle;
        let left = if self.cands[clue].len() == 1 {
            "fits only"
        } else {
            "has one rectangle left,"
        };
        let text = explain!("Single rectangle: {} {} {}", p.clue_text(clue), left, rect);
        Some(self.placing(Technique::SingleRectangle, clue, rect, text))
    }

    fn only_clue(&self) -> Option<Step> {
        for index in 0..self.cover.len() {
            let mut clues = self.covering(index).map(|c| c.clue);
            let Some(clue) = clues.next() else { continue };
            if self.placed[clue].is_some() || clues.any(|c| c != clue) {
                continue;
            }
            let (row, col) = (index / self.cols(), index % self.cols());
            let removed: Vec<Candidate> = self
                .alive_rects(clue)
                .filter(|r| !r.contains(row, col))
                .map(|rect| Candidate { clue, rect })
                .collect();
            if removed.is_empty() {
                continue;
            }
            let p = self.puzzle;
            let explanation = explain!(
                "Only clue: {} can only be covered by {}; {} that {} it {}",
                cell(row, col),
                p.clue_text(clue),
                count(removed.len(), "rectangle"),
                if removed.len() == 1 { "misses" } else { "miss" },
                if removed.len() == 1 { "goes" } else { "go" },
            );
            return Some(Step {
                technique: Technique::OnlyClue,
                clue,
                placed: None,
                removed,
                cells: vec![(row, col)],
                explanation,
            });
        }
        None
    }

    fn common_cells(&self) -> Option<Step> {
        for clue in 0..self.cands.len() {
            if self.placed[clue].is_some() || self.alive_count[clue] < 2 {
                continue;
            }
            let common = self.alive_rects(clue).reduce(intersection)?;
            let mut removed: Vec<Candidate> = Vec::new();
            for (r, c) in common.cells() {
                for other in self.covering(r * self.cols() + c) {
                    if other.clue != clue && !removed.contains(&other) {
                        removed.push(other);
                    }
                }
            }
            if removed.is_empty() || common.area() == 1 {
                continue;
            }
            let p = self.puzzle;
            let explanation = explain!(
                "Common cells: every rectangle left for {} covers {}; {} {}",
                p.clue_text(clue),
                common,
                by_clue(p, &removed),
                if removed.len() == 1 { "goes" } else { "go" }
            );
            return Some(Step {
                technique: Technique::CommonCells,
                clue,
                placed: None,
                removed,
                cells: common.cells().collect(),
                explanation,
            });
        }
        None
    }

    fn blocking(&self) -> Option<Step> {
        let mut scratch = Scratch::new(self.cover.len(), self.cands.len());
        for clue in 0..self.cands.len() {
            if self.placed[clue].is_some() || self.alive_count[clue] < 2 {
                continue;
            }
            for rect in self.alive_rects(clue) {
                let Some(reason) = self.blocked_by(clue, rect, &mut scratch) else {
                    continue;
                };
                let p = self.puzzle;
                let (what, cells) = match reason {
                    Blocked::Cell(r, c) => (
                        explain!("{} with no rectangle to cover it", cell(r, c)),
                        vec![(r, c)],
                    ),
                    Blocked::Clue(other) => {
                        let o = p.clues()[other];
                        (
                            explain!("{} with no rectangle", p.clue_text(other)),
                            vec![(o.row, o.col)],
                        )
                    }
                };
                let explanation = explain!(
                    "Blocking: {} for {} would leave {}, so it goes",
                    rect,
                    p.clue_text(clue),
                    what
                );
                let removed = Candidate { clue, rect };
                return Some(Step::removing(
                    Technique::Blocking,
                    removed,
                    cells,
                    explanation,
                ));
            }
        }
        None
    }

    /// What placing `rect` for `clue` would leave without a rectangle, if anything.
    fn blocked_by(&self, clue: usize, rect: Rect, scratch: &mut Scratch) -> Option<Blocked> {
        scratch.reset();
        let cols = self.cols();
        for gone in self.displaced(clue, rect) {
            scratch.lose_clue(gone.clue);
            for (r, c) in gone.rect.cells() {
                scratch.lose_cell(r * cols + c);
            }
        }
        let found = scratch
            .clues
            .iter()
            .copied()
            .filter(|&j| j != clue && scratch.per_clue[j] as usize == self.alive_count[j])
            .min()
            .map(Blocked::Clue);
        found.or_else(|| {
            scratch
                .cells
                .iter()
                .copied()
                .filter(|&i| {
                    let (r, c) = (i / cols, i % cols);
                    !rect.contains(r, c) && scratch.per_cell[i] == self.cover[i]
                })
                .min()
                .map(|i| Blocked::Cell(i / cols, i % cols))
        })
    }

    fn look_ahead(&self) -> Option<Step> {
        let mut order: Vec<usize> = (0..self.cands.len())
            .filter(|&i| self.placed[i].is_none())
            .collect();
        order.sort_by_key(|&i| (self.alive_count[i], i));
        for clue in order {
            for rect in self.alive_rects(clue) {
                let Some((forced, reason)) = self.try_placing(clue, rect) else {
                    continue;
                };
                let p = self.puzzle;
                let chain = match forced.as_slice() {
                    [] => Explanation::new(),
                    [one] => explain!(", which forces {}", one),
                    many => explain!(
                        ", which forces {} placements ({}{})",
                        many.len().to_string(),
                        Explanation::join(&many[..many.len().min(3)], ", "),
                        if many.len() > 3 { ", …" } else { "" }
                    ),
                };
                let explanation = explain!(
                    "Look-ahead: if {} took {}{}, then {}; so it does not",
                    p.clue_text(clue),
                    rect,
                    chain,
                    reason
                );
                let (removed, cells) = (Candidate { clue, rect }, rect.cells().collect());
                return Some(Step::removing(
                    Technique::LookAhead,
                    removed,
                    cells,
                    explanation,
                ));
            }
        }
        None
    }

    /// Places `rect` for `clue` on a copy and follows single rectangles and only clues; returns
    /// the forced placements (described) and the contradiction, if one is reached.
    fn try_placing(&self, clue: usize, rect: Rect) -> Option<(Vec<Explanation>, Explanation)> {
        let mut trial = self.clone();
        let first = trial.placing(Technique::LookAhead, clue, rect, Explanation::new());
        trial.apply(&first);
        let mut forced = Vec::new();
        for _ in 0..LOOK_AHEAD_STEPS {
            if let Some(reason) = trial.contradiction() {
                return Some((forced, reason));
            }
            let step = trial.single_rectangle().or_else(|| trial.only_clue())?;
            if let Some(r) = step.placed {
                let c = self.puzzle.clues()[step.clue];
                let at = cell_name(c.row, c.col);
                forced.push(explain!("{} for the {} at {}", r, c.number.to_string(), at));
            }
            trial.apply(&step);
        }
        None
    }
}

/// What a candidate would leave without a rectangle.
enum Blocked {
    Cell(usize, usize),
    Clue(usize),
}

/// Counts of candidates a trial placement would remove, per cell and per clue.
struct Scratch {
    per_cell: Vec<u32>,
    per_clue: Vec<u32>,
    cells: Vec<usize>,
    clues: Vec<usize>,
}

impl Scratch {
    fn new(cells: usize, clues: usize) -> Scratch {
        Scratch {
            per_cell: vec![0; cells],
            per_clue: vec![0; clues],
            cells: Vec::new(),
            clues: Vec::new(),
        }
    }

    fn reset(&mut self) {
        self.cells.drain(..).for_each(|i| self.per_cell[i] = 0);
        self.clues.drain(..).for_each(|i| self.per_clue[i] = 0);
    }

    fn lose_cell(&mut self, i: usize) {
        if self.per_cell[i] == 0 {
            self.cells.push(i);
        }
        self.per_cell[i] += 1;
    }

    fn lose_clue(&mut self, i: usize) {
        if self.per_clue[i] == 0 {
            self.clues.push(i);
        }
        self.per_clue[i] += 1;
    }
}

/// The cells two rectangles share (they always overlap here: both hold the clue).
fn intersection(a: Rect, b: Rect) -> Rect {
    let (top, left) = (a.top.max(b.top), a.left.max(b.left));
    Rect {
        top,
        left,
        height: a.bottom().min(b.bottom()).saturating_sub(top),
        width: a.right().min(b.right()).saturating_sub(left),
    }
}

/// `2 rectangles of the 3 at r4c4 and 1 of the 2 at r5c2`.
fn by_clue(p: &Shikaku, removed: &[Candidate]) -> Explanation {
    let mut clues: Vec<(usize, usize)> = Vec::new();
    for c in removed {
        match clues.iter_mut().find(|(clue, _)| *clue == c.clue) {
            Some((_, n)) => *n += 1,
            None => clues.push((c.clue, 1)),
        }
    }
    clues.sort();
    let parts: Vec<Explanation> = clues
        .iter()
        .enumerate()
        .map(|(i, &(clue, n))| {
            let what = if i == 0 {
                count(n, "rectangle")
            } else {
                n.to_string()
            };
            explain!("{} of {}", what, p.clue_text(clue))
        })
        .collect();
    match parts.as_slice() {
        [init @ .., last] if !init.is_empty() => {
            explain!("{} and {}", Explanation::join(init, ", "), last)
        }
        _ => Explanation::join(parts, ""),
    }
}
