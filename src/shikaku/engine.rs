//! The logical Shikaku solver: the deductions of [`super::deductions`], simplest first, then
//! **backtracking**, only when nothing else applies: the clue with the fewest candidates is
//! settled by search, and the step says so.

use super::model::{Rect, Shikaku};
use super::search;
use super::state::{State, Step, Technique, count};
use crate::core::Outcome;
use crate::error::Error;
use crate::explain;
use crate::model::Explanation;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

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

impl Options {
    /// The options `settings` say (techniques by name, guessing, the seed).
    pub fn of(settings: &crate::engine::Settings) -> Result<Options, Error> {
        let mut options = Options {
            no_guess: settings.no_guess,
            seed: settings.seed,
            ..Default::default()
        };
        if !settings.techniques.is_empty() {
            options.keep_named(&settings.techniques)?;
        }
        Ok(options)
    }

    /// Keeps only the deductions `names` name (case, spaces and hyphens do not matter), in their
    /// order. An unknown name is a usage error that lists the known ones.
    pub fn keep_named(&mut self, names: &[String]) -> Result<(), Error> {
        let chosen = names
            .iter()
            .map(|name| {
                Technique::parse(name).ok_or_else(|| {
                    let known: Vec<&str> = Technique::ALL[..5].iter().map(|t| t.name()).collect();
                    Error::Usage(format!(
                        "unknown Shikaku technique '{name}'; known: {}",
                        known.join(", ")
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.techniques.retain(|t| chosen.contains(t));
        Ok(())
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
            break Outcome::NoSolution { reason };
        }
        if state.is_solved() {
            break Outcome::Solved;
        }
        let step = match state.next_step(&options.techniques) {
            Some(step) => step,
            None if options.no_guess => break Outcome::Stuck,
            None => match state.backtrack(solution.is_some(), &mut rng) {
                Ok(step) => step,
                Err(reason) => break Outcome::NoSolution { reason },
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

impl State<'_> {
    /// Settles the open clue with the fewest candidates by search.
    pub(super) fn backtrack(&self, unique: bool, rng: &mut StdRng) -> Result<Step, Explanation> {
        let clue = (0..self.cands.len())
            .filter(|&i| self.placed[i].is_none())
            .min_by_key(|&i| (self.alive_count[i], i))
            .ok_or_else(|| Explanation::from("every clue is placed"))?;
        let options: Vec<Rect> = self.alive_rects(clue).collect();
        let (viable, dead): (Vec<Rect>, Vec<Rect>) = options
            .iter()
            .partition(|&&rect| self.leads_to_solution(clue, rect));
        let p = self.puzzle;
        let rect = match viable.len() {
            0 => {
                return Err(explain!(
                    "search finds no solution: every rectangle left for {} leads to a \
                     contradiction",
                    p.clue_text(clue)
                ));
            }
            1 => viable[0],
            n => viable[rng.random_range(0..n)],
        };
        let tried = if unique || viable.len() == 1 {
            match dead.len() {
                0 => explain!("{} leads to the solution", rect),
                n => explain!(
                    "{} {} to a contradiction; {} leads to the solution",
                    count(n, "other rectangle"),
                    if n == 1 { "leads" } else { "lead" },
                    rect
                ),
            }
        } else {
            explain!(
                "{} of them lead to a solution (the puzzle is not unique); picked {}",
                viable.len().to_string(),
                rect
            )
        };
        let text = explain!(
            "Backtracking: no deduction applies; {} has {}; {}",
            p.clue_text(clue),
            count(options.len(), "rectangle"),
            tried
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
