//! The logical Shikaku solver. Each clue starts with its candidate rectangles; deductions, simplest
//! first, place rectangles and remove candidates, each recorded as a [`Step`] with a one-line
//! explanation written where the deduction is made:
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
//! 6. **Backtracking**, only when nothing else applies: the clue with the fewest candidates is
//!    settled by search, and the step says so.

use super::model::{Rect, Shikaku};
use super::search;
use crate::core::Outcome;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Serialize, Serializer};
use std::fmt;

/// How far a look-ahead follows forced steps before giving up on a candidate.
const LOOK_AHEAD_STEPS: usize = 40;

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
    /// One line: `Single rectangle: the 6 at r2c3 has one rectangle left, r1c2-r2c4`.
    pub explanation: String,
}

impl Step {
    /// Whether the step agrees with a solution (one rectangle per clue): a placement is the
    /// solution's rectangle and no removed candidate is.
    pub fn is_sound(&self, solution: &[Rect]) -> bool {
        self.placed.is_none_or(|r| solution[self.clue] == r)
            && self.removed.iter().all(|c| solution[c.clue] != c.rect)
    }
}

/// What the engine may do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The deductions allowed, in the order they are tried (backtracking is governed by
    /// `no_guess`).
    pub techniques: Vec<Technique>,
    /// Stop when stuck instead of backtracking.
    pub no_guess: bool,
    /// Seed for choosing among several solutions when backtracking on a puzzle that is not unique.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            techniques: Technique::ALL[..5].to_vec(),
            no_guess: false,
            seed: 0,
        }
    }
}

/// The result of a logical solve: everything a report or a workbook needs.
#[derive(Debug, Clone)]
pub struct Solve {
    /// The puzzle: size, clues (in reading order) and origin.
    pub puzzle: Shikaku,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub outcome: Outcome,
    /// The rectangle of each clue at the end (`None` for clues left open when stuck).
    pub rects: Vec<Option<Rect>>,
    /// For each clue, the index in `steps` of the step that placed its rectangle.
    pub placed_by: Vec<Option<usize>>,
    /// The candidates each clue has left at the end (one for a placed clue).
    pub candidates_left: Vec<usize>,
    /// The solution when the puzzle has exactly one (found by search before solving).
    pub solution: Option<Vec<Rect>>,
    /// How many solutions the search found: 0, 1, or 2 for two or more.
    pub solutions: usize,
}

impl Solve {
    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.solution.is_some()
    }

    /// Whether every clue has its rectangle.
    pub fn is_solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }

    /// Number of backtracking steps.
    pub fn backtracks(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| s.technique == Technique::Backtracking)
            .count()
    }

    /// The first step (with its index) that contradicts the unique solution.
    pub fn first_unsound_step(&self) -> Option<(usize, &Step)> {
        let solution = self.solution.as_ref()?;
        self.steps
            .iter()
            .enumerate()
            .find(|(_, s)| !s.is_sound(solution))
    }

    /// The final rectangles in the `.sol` layout: each cell's clue index.
    pub fn owners(&self) -> Vec<Vec<Option<usize>>> {
        self.puzzle.owners(&self.rects)
    }
}

/// Solves `puzzle` by logic, backtracking only when no allowed deduction applies.
pub fn solve(puzzle: &Shikaku, options: &Options) -> Solve {
    let count = search::count_solutions(puzzle, 2);
    let solution = count.first.filter(|_| count.solutions == 1);
    let mut state = State::new(puzzle);
    let mut steps = Vec::new();
    let mut placed_by = vec![None; puzzle.clues().len()];
    let mut rng = StdRng::seed_from_u64(options.seed);
    let outcome = loop {
        if let Some(reason) = state.contradiction() {
            break Outcome::NoSolution {
                reason: reason.into(),
            };
        }
        if state.is_solved() {
            break Outcome::Solved;
        }
        let step = match state.next_step(&options.techniques) {
            Some(step) => step,
            None if options.no_guess => break Outcome::Stuck,
            None => match state.backtrack(solution.is_some(), &mut rng) {
                Ok(step) => step,
                Err(reason) => {
                    break Outcome::NoSolution {
                        reason: reason.into(),
                    };
                }
            },
        };
        if step.placed.is_some() {
            placed_by[step.clue] = Some(steps.len());
        }
        state.apply(&step);
        steps.push(step);
    };
    Solve {
        puzzle: puzzle.clone(),
        steps,
        outcome,
        rects: state.placed.clone(),
        placed_by,
        candidates_left: state.alive_count.clone(),
        solution,
        solutions: count.solutions,
    }
}

/// The candidates of every clue and what is placed.
#[derive(Clone)]
struct State<'a> {
    puzzle: &'a Shikaku,
    /// Each clue's candidates, sorted.
    cands: Vec<Vec<Rect>>,
    alive: Vec<Vec<bool>>,
    alive_count: Vec<usize>,
    placed: Vec<Option<Rect>>,
    /// Per cell: alive candidates (of any clue, placed ones included) covering it.
    cover: Vec<u32>,
    /// Per cell: every candidate (clue, index) that covers it, alive or not.
    by_cell: std::rc::Rc<Vec<Vec<(u32, u32)>>>,
}

impl<'a> State<'a> {
    fn new(puzzle: &'a Shikaku) -> State<'a> {
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

    fn cols(&self) -> usize {
        self.puzzle.cols()
    }

    fn is_solved(&self) -> bool {
        self.placed.iter().all(Option::is_some)
    }

    fn alive_rects(&self, clue: usize) -> impl Iterator<Item = Rect> + '_ {
        self.cands[clue]
            .iter()
            .zip(&self.alive[clue])
            .filter(|(_, a)| **a)
            .map(|(r, _)| *r)
    }

    /// The alive candidates covering cell `index`.
    fn covering(&self, index: usize) -> impl Iterator<Item = Candidate> + '_ {
        self.by_cell[index]
            .iter()
            .filter(|&&(clue, k)| self.alive[clue as usize][k as usize])
            .map(|&(clue, k)| Candidate {
                clue: clue as usize,
                rect: self.cands[clue as usize][k as usize],
            })
    }

    fn remove(&mut self, clue: usize, rect: Rect) {
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

    fn apply(&mut self, step: &Step) {
        for c in &step.removed {
            self.remove(c.clue, c.rect);
        }
        if let Some(rect) = step.placed {
            self.placed[step.clue] = Some(rect);
        }
    }

    /// What breaks the state: a cell no rectangle can cover, or a clue with no rectangle.
    fn contradiction(&self) -> Option<String> {
        if let Some(clue) = (0..self.cands.len()).find(|&i| self.alive_count[i] == 0) {
            return Some(format!(
                "{} has no rectangle left",
                self.puzzle.clue_name(clue)
            ));
        }
        let index = self.cover.iter().position(|&n| n == 0)?;
        let (r, c) = (index / self.cols(), index % self.cols());
        Some(format!(
            "no rectangle can cover {} any more",
            self.puzzle.cell_name(r, c)
        ))
    }

    fn next_step(&self, techniques: &[Technique]) -> Option<Step> {
        techniques.iter().find_map(|&t| match t {
            Technique::SingleRectangle => self.single_rectangle(),
            Technique::OnlyClue => self.only_clue(),
            Technique::CommonCells => self.common_cells(),
            Technique::Blocking => self.blocking(),
            Technique::LookAhead => self.look_ahead(),
            Technique::Backtracking => None,
        })
    }

    /// A step placing `rect` for `clue`: its other candidates and every overlapping candidate of
    /// another clue go.
    fn placing(&self, technique: Technique, clue: usize, rect: Rect, explanation: String) -> Step {
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
    fn displaced(&self, clue: usize, rect: Rect) -> Vec<Candidate> {
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
        let text = format!(
            "Single rectangle: {} {left} {}",
            p.clue_name(clue),
            p.rect_name(&rect)
        );
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
            let explanation = format!(
                "Only clue: {} can only be covered by {}; {} that {} it {}",
                p.cell_name(row, col),
                p.clue_name(clue),
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
            let explanation = format!(
                "Common cells: every rectangle left for {} covers {}; {} {}",
                p.clue_name(clue),
                p.rect_name(&common),
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
                        format!("{} with no rectangle to cover it", p.cell_name(r, c)),
                        vec![(r, c)],
                    ),
                    Blocked::Clue(other) => {
                        let o = p.clues()[other];
                        (
                            format!("{} with no rectangle", p.clue_name(other)),
                            vec![(o.row, o.col)],
                        )
                    }
                };
                let explanation = format!(
                    "Blocking: {} for {} would leave {what}, so it goes",
                    p.rect_name(&rect),
                    p.clue_name(clue)
                );
                return Some(Step {
                    technique: Technique::Blocking,
                    clue,
                    placed: None,
                    removed: vec![Candidate { clue, rect }],
                    cells,
                    explanation,
                });
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
                    [] => String::new(),
                    [one] => format!(", which forces {one}", one = one),
                    many => format!(
                        ", which forces {} placements ({}{})",
                        many.len(),
                        many[..many.len().min(3)].join(", "),
                        if many.len() > 3 { ", …" } else { "" }
                    ),
                };
                let explanation = format!(
                    "Look-ahead: if {} took {}{chain}, then {reason}; so it does not",
                    p.clue_name(clue),
                    p.rect_name(&rect)
                );
                return Some(Step {
                    technique: Technique::LookAhead,
                    clue,
                    placed: None,
                    removed: vec![Candidate { clue, rect }],
                    cells: rect.cells().collect(),
                    explanation,
                });
            }
        }
        None
    }

    /// Places `rect` for `clue` on a copy and follows single rectangles and only clues; returns
    /// the forced placements (described) and the contradiction, if one is reached.
    fn try_placing(&self, clue: usize, rect: Rect) -> Option<(Vec<String>, String)> {
        let mut trial = self.clone();
        let first = trial.placing(Technique::LookAhead, clue, rect, String::new());
        trial.apply(&first);
        let mut forced = Vec::new();
        for _ in 0..LOOK_AHEAD_STEPS {
            if let Some(reason) = trial.contradiction() {
                return Some((forced, reason));
            }
            let step = trial.single_rectangle().or_else(|| trial.only_clue())?;
            if let Some(r) = step.placed {
                let c = self.puzzle.clues()[step.clue];
                forced.push(format!(
                    "{} for the {} at r{}c{}",
                    self.puzzle.rect_name(&r),
                    c.number,
                    c.row + 1,
                    c.col + 1
                ));
            }
            trial.apply(&step);
        }
        None
    }

    /// Settles the open clue with the fewest candidates by search.
    fn backtrack(&self, unique: bool, rng: &mut StdRng) -> Result<Step, String> {
        let clue = (0..self.cands.len())
            .filter(|&i| self.placed[i].is_none())
            .min_by_key(|&i| (self.alive_count[i], i))
            .ok_or("every clue is placed")?;
        let options: Vec<Rect> = self.alive_rects(clue).collect();
        let (viable, dead): (Vec<Rect>, Vec<Rect>) = options
            .iter()
            .partition(|&&rect| self.leads_to_solution(clue, rect));
        let p = self.puzzle;
        let rect = match viable.len() {
            0 => {
                return Err(format!(
                    "search finds no solution: every rectangle left for {} leads to a \
                     contradiction",
                    p.clue_name(clue)
                ));
            }
            1 => viable[0],
            n => viable[rng.random_range(0..n)],
        };
        let tried = if unique || viable.len() == 1 {
            match dead.len() {
                0 => format!("{} leads to the solution", p.rect_name(&rect)),
                n => format!(
                    "{} {} to a contradiction; {} leads to the solution",
                    count(n, "other rectangle"),
                    if n == 1 { "leads" } else { "lead" },
                    p.rect_name(&rect)
                ),
            }
        } else {
            format!(
                "{} of them lead to a solution (the puzzle is not unique); picked {}",
                viable.len(),
                p.rect_name(&rect)
            )
        };
        let text = format!(
            "Backtracking: no deduction applies; {} has {}; {tried}",
            p.clue_name(clue),
            count(options.len(), "rectangle")
        );
        Ok(self.placing(Technique::Backtracking, clue, rect, text))
    }

    fn leads_to_solution(&self, clue: usize, rect: Rect) -> bool {
        let candidates: Vec<Vec<Rect>> = (0..self.cands.len())
            .map(|i| match i == clue {
                true => vec![rect],
                false => self.alive_rects(i).collect(),
            })
            .collect();
        search::count_from(self.puzzle, &candidates, 1).solutions > 0
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

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `2 rectangles of the 3 at r4c4 and 1 of the 2 at r5c2`.
fn by_clue(p: &Shikaku, removed: &[Candidate]) -> String {
    let mut clues: Vec<(usize, usize)> = Vec::new();
    for c in removed {
        match clues.iter_mut().find(|(clue, _)| *clue == c.clue) {
            Some((_, n)) => *n += 1,
            None => clues.push((c.clue, 1)),
        }
    }
    clues.sort();
    let parts: Vec<String> = clues
        .iter()
        .enumerate()
        .map(|(i, &(clue, n))| {
            let what = if i == 0 {
                count(n, "rectangle")
            } else {
                n.to_string()
            };
            format!("{what} of {}", p.clue_name(clue))
        })
        .collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
