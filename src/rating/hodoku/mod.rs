//! HoDoKu 2.2.0's own rating (`--rating hodoku`): the level and score HoDoKu's batch mode gives
//! a puzzle with its default settings.
//!
//! HoDoKu's repertoire is gridlogic's, so this is no solver of its own: the engine solves with
//! gridlogic's finders ([`engine::solve_by`]), and a policy picks each step as HoDoKu would —
//! its step types in its order ([`HODOKU_ORDER`] in the technique table, with its scores and
//! levels), its singles in the order they arose ([`singles`]), and among several steps of one
//! type the one HoDoKu's search meets first ([`pick`]). When nothing applies, HoDoKu's brute
//! force settles the middle empty cell from the solution, and the rating says so.
//!
//! Written from HoDoKu's documented behaviour and by comparing its outputs; no HoDoKu code
//! (GPL-3) is copied or translated.

mod als;
mod met;
mod pick;
mod screen;
mod simple_chains;
mod singles;
mod tabling;

use crate::core::technique::{HODOKU_ORDER, HodokuStep};
use crate::core::{
    ChainKind, FruitlessSearches, Level, Limits, SingleHouse, State, Step, Technique,
};
use crate::engine::{self, Policy};
use crate::error::Error;
use crate::explain;
use crate::model::{Candidate, Cell, Digit, Grid, Puzzle};
use crate::search;
use crate::techniques::intersections;
use crate::techniques::singles::single_placing;
use serde::Serialize;
use singles::Queues;

/// HoDoKu's rating of a puzzle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HodokuRating {
    /// HoDoKu's level: its hardest step type's, raised while the score passes the level's limit
    /// (Easy 800, Medium 1000, Hard 1600, Unfair 1800).
    pub level: Level,
    /// The sum of the steps' scores.
    pub score: u32,
    /// Whether HoDoKu had to use brute force (its batch mode writes `bf`).
    pub brute_force: bool,
}

/// HoDoKu's solve of a puzzle and its rating.
#[derive(Debug, Clone)]
pub struct HodokuSolve {
    /// HoDoKu's step type of each step, in HoDoKu's order.
    pub kinds: Vec<HodokuStep>,
    /// The steps, as gridlogic's finders state them, in HoDoKu's order. A report that shows
    /// HoDoKu's solve moves them into its own solve (and reads them there with `kinds`).
    pub steps: Vec<Step>,
    /// The rating.
    pub rating: HodokuRating,
    /// The grid the steps leave (solved).
    pub state: State,
    /// The puzzle's one solution.
    pub solution: Grid,
    /// What the searches of one digit found nothing on when HoDoKu first had to guess (every
    /// technique it tries had found nothing there), for a solve that goes on from that grid by
    /// logic ([`State::knowing`]); `None` when it never guessed.
    pub fruitless_at_guess: Option<FruitlessSearches>,
}

/// Solves `puzzle` as HoDoKu 2.2.0 does with its default settings and rates it. HoDoKu rates
/// classic 9x9 puzzles with one solution and at least 10 givens; others are refused.
pub fn rate(puzzle: &Puzzle) -> Result<HodokuSolve, Error> {
    let (state, mut policy) = start(puzzle)?;
    let (state, steps) = engine::solve_by(state, &mut policy);
    let rating = rating_of(&policy.kinds, &steps);
    Ok(HodokuSolve {
        kinds: policy.kinds,
        steps,
        rating,
        state,
        solution: policy.solution,
        fruitless_at_guess: policy.fruitless_at_guess,
    })
}

/// The grid HoDoKu starts `puzzle` from and its policy, or why HoDoKu does not rate it.
fn start(puzzle: &Puzzle) -> Result<(State, HodokuPolicy), Error> {
    super::check_classic(puzzle, "HoDoKu", "hodoku")?;
    let count = search::count_solutions(puzzle, 2);
    let solution = match (count.solutions, count.first) {
        (1, Some(solution)) => solution,
        _ => {
            return Err(Error::Usage(
                "HoDoKu rates only puzzles with exactly one solution".to_string(),
            ));
        }
    };
    let givens = puzzle.givens();
    let mut digits = [0u8; 81];
    for (index, digit) in digits.iter_mut().enumerate() {
        *digit = givens
            .get(Cell::from_index(index))
            .map_or(0, |d| d.get() as u8);
    }
    if digits.iter().filter(|&&d| d != 0).count() < 10 {
        return Err(Error::Usage(
            "HoDoKu rates only puzzles with at least 10 givens".to_string(),
        ));
    }
    // HoDoKu's chains have group nodes but no almost locked sets as nodes.
    let limits = Limits {
        chain_als_cells: 0,
        // A unique rectangle type 3's naked subset and a Sue de Coq's sides may be any size.
        subset_size: 8,
        sue_de_coq_sides: 6,
        ..Limits::for_size(9)
    };
    let state = State::from_puzzle(puzzle)
        .assuming_unique(true)
        .with_limits(limits);
    let policy = HodokuPolicy {
        queues: Queues::new(&digits),
        solution,
        kinds: Vec::new(),
        fruitless_at_guess: None,
    };
    Ok((state, policy))
}

/// HoDoKu's level and score of a solve's steps.
fn rating_of(kinds: &[HodokuStep], steps: &[Step]) -> HodokuRating {
    // Each step counts as the type HoDoKu asked for (a grouped nice loop request may find a
    // loop without groups).
    let rows = kinds.iter().map(|kind| kind.techniques[0].row());
    let (score, hardest) = rows.fold((0, Level::Easy), |(score, level), row| {
        (score + row.score, level.max(row.level))
    });
    HodokuRating {
        level: super::level_with_score(hardest, score, 81),
        score,
        brute_force: steps
            .iter()
            .any(|step| step.technique == Technique::Backtracking),
    }
}

/// HoDoKu's choices, step by step: the singles queues it keeps, the solution its brute force
/// reads, the step type of each step picked, and what its searches of one digit found nothing
/// on where it first guessed.
struct HodokuPolicy {
    queues: Queues,
    solution: Grid,
    kinds: Vec<HodokuStep>,
    fruitless_at_guess: Option<FruitlessSearches>,
}

impl Policy for HodokuPolicy {
    fn pick(&mut self, state: &State) -> Option<Step> {
        for kind in HODOKU_ORDER {
            if let Some(step) = self.find(kind, state) {
                self.kinds.push(*kind);
                return Some(step);
            }
        }
        None
    }

    fn applied(&mut self, step: &Step) {
        for placed in &step.placements {
            self.queues.place(placed.cell.index(), placed.digit.get());
        }
        for gone in pick::deletion_order(step) {
            self.queues.remove(gone.cell.index(), gone.digit.get());
        }
    }
}

impl HodokuPolicy {
    /// The step of type `kind` HoDoKu takes in `state`, if any.
    fn find(&mut self, kind: &HodokuStep, state: &State) -> Option<Step> {
        match kind.techniques {
            [Technique::FullHouse] => {
                let (cell, digit) = self.queues.full_house()?;
                Some(placing(state, Technique::FullHouse, cell, digit))
            }
            [Technique::NakedSingle] => {
                let (cell, digit) = self.queues.naked_single()?;
                Some(placing(state, Technique::NakedSingle, cell, digit))
            }
            [Technique::HiddenSingle(_), ..] => {
                let (cell, digit, house) = self.queues.hidden_single()?;
                let kind = [SingleHouse::Row, SingleHouse::Column, SingleHouse::Region][house / 9];
                Some(placing(state, Technique::HiddenSingle(kind), cell, digit))
            }
            [Technique::Backtracking] => {
                if self.fruitless_at_guess.is_none() {
                    self.fruitless_at_guess = Some(state.fruitless_searches());
                }
                Some(self.brute_force())
            }
            [technique @ (Technique::Pointing | Technique::Claiming)] => {
                locked_candidates(state, &self.queues, *technique)
            }
            // Loops and forcing chains: what HoDoKu's implication tables meet.
            [
                Technique::Chain {
                    kind: ChainKind::ContinuousLoop,
                    grouped,
                },
                ..,
            ] => tabling::nice_loop(state, *grouped),
            [
                Technique::Chain {
                    kind: kind @ (ChainKind::XChain | ChainKind::XyChain | ChainKind::RemotePair),
                    grouped: false,
                },
            ] => simple_chains::find(state, *kind),
            [Technique::AlsChain(2)] => als::als_xz(state),
            [Technique::AlsChain(3)] => als::als_wing(state),
            [Technique::AlsChain(4), ..] => als::als_chain(state),
            [Technique::ForcingChain(_), ..] => tabling::forcing_chain(state, None),
            [Technique::ForcingNet(_), ..] => tabling::forcing_chain(state, Some(&self.queues)),
            techniques => {
                let screened = techniques
                    .iter()
                    .any(|&t| screen::may_find(&self.queues, t));
                screened.then(|| pick::pick(state, techniques)).flatten()
            }
        }
    }

    /// HoDoKu's brute force: the middle one of the empty cells (in reading order) takes its
    /// digit of the solution.
    fn brute_force(&self) -> Step {
        let empty: Vec<usize> = self.queues.empty_cells().collect();
        let cell = Cell::from_index(empty[empty.len() / 2]);
        let digit = self.solution.get(cell).expect("a solved grid");
        let mut step = Step::new(Technique::Backtracking);
        step.placements.push(Candidate::new(cell, digit));
        step.pattern.push(Candidate::new(cell, digit));
        step.explanation = explain!(
            "Brute force: no technique applies; {} takes {}, its digit in the solution (the \
             middle one of the {} empty cells)",
            cell,
            digit,
            empty.len().to_string()
        );
        step
    }
}

/// The locked candidates step (pointing or claiming, `technique`) HoDoKu takes: the one it
/// meets first, which the screen names.
fn locked_candidates(state: &State, queues: &Queues, technique: Technique) -> Option<Step> {
    let (house, digit, other) = screen::first_locked_candidates(queues, technique)?;
    let digit = Digit::new(digit);
    let places = state.places(&state.layout().houses()[house], digit);
    intersections::locked_step(state, technique, house, digit, &places, other)
}

/// The step of `technique` that places `digit` in `cell` (a single the queues named; the queues
/// follow the same candidates as the finders, so the finder states it). Should the finder
/// report it under another single, that one is taken; a plain statement is the last resort.
fn placing(state: &State, technique: Technique, cell: usize, digit: usize) -> Step {
    let wanted = Candidate::new(Cell::from_index(cell), Digit::new(digit));
    let singles = [
        technique,
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle(SingleHouse::Row),
        Technique::HiddenSingle(SingleHouse::Column),
        Technique::HiddenSingle(SingleHouse::Region),
    ];
    if let Some(step) = (singles.iter()).find_map(|&t| single_placing(state, t, wanted)) {
        return step;
    }
    let explanation = explain!(
        "{}: {} takes {}",
        technique.sentence(),
        wanted.cell,
        wanted.digit
    );
    Step::placing(technique, wanted, None, explanation)
}
