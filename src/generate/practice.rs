//! Practice sets (`generate --technique NAME`): puzzles whose logical solve, as `solve` takes it,
//! uses a chosen technique and nothing later in the engine's order (the order in which `solve`
//! tries the techniques, simplest first).
//!
//! A puzzle is made in three moves. Clues are dug out for uniqueness, as deep as it allows, which
//! leaves a puzzle that usually needs harder techniques than the one chosen. Then the puzzle is
//! solved with the chosen technique and everything before it, and wherever that solve gets stuck
//! a clue (a symmetry orbit of clues) is given back from the solution and the solve starts again,
//! until it goes through. Last, the engine solves the puzzle with every technique, and the solve
//! `solve` shows is checked: it must use the technique and nothing after it but the simplest
//! (singles and intersections). On a classic 9x9 that shown solve follows HoDoKu's path; a
//! technique HoDoKu does not have (WXYZ-Wing, …) never appears there, so its practice sets are
//! rated and shown as `--rating gridlogic` shows them ([`Practice::hodoku_shows`]).
//! A Killer has no clues to give back: its cages are split until the allowed techniques solve it
//! (see `killer`), and the same last check accepts it.

use super::Request;
use super::dig::Symmetry;
use crate::core::technique::HODOKU_ORDER;
use crate::core::{FishKind, KillerRule, Limits, SingleDigitPattern, SingleHouse, Step, Technique};
use crate::engine::{self, Options, Solve};
use crate::error::Error;
use crate::model::{Cell, Grid, Layout, Origin, Puzzle, Regions};
use crate::search::Deadline;
use rand::RngExt;
use rand::rngs::StdRng;
use std::sync::Arc;

/// The technique a practice set is for, resolved for the grids of one request.
#[derive(Debug, Clone, PartialEq)]
pub struct Practice {
    /// The techniques the name stands for that can fire on these grids, among those the engine
    /// tries (a name may stand for several: `hidden-single`, `sc`, a family).
    pub targets: Vec<Technique>,
    /// The engine's order up to the last of the targets: what a practice solve may use.
    pub allowed: Vec<Technique>,
}

impl Practice {
    /// The practice set `name` asks for on the grids of `request`; a usage error when the name
    /// is unknown or none of its techniques can fire on such a grid, saying why.
    pub fn resolve(name: &str, request: &Request) -> Result<Practice, Error> {
        let n = request.size;
        let order = Options::all(n).techniques;
        let named = Options::all(n).named(&[name], n)?;
        let tried: Vec<Technique> = order
            .iter()
            .copied()
            .filter(|t| named.contains(t))
            .collect();
        let Some(&first) = tried.first() else {
            return Err(usage(
                name,
                &format!(
                    "{} is not among the techniques the engine tries on its own on a {n}x{n} grid \
                     (mutant and siamese fish, and subsets and fish beyond the caps, only on \
                     request), so no solve uses it",
                    listed(&named)
                ),
            ));
        };
        let targets: Vec<Technique> = tried
            .iter()
            .copied()
            .filter(|&t| unavailable(t, request, &order).is_none())
            .collect();
        let Some(&last) = targets.last() else {
            let why = unavailable(first, request, &order).unwrap_or_default();
            return Err(usage(name, &format!("{first} {why}")));
        };
        let end = order.iter().position(|&t| t == last).map_or(0, |i| i + 1);
        Ok(Practice {
            targets,
            allowed: order[..end].to_vec(),
        })
    }

    /// Whether the step uses an allowed technique (none later in the order, and no guess).
    pub fn allows(&self, step: &Step) -> bool {
        self.allowed.contains(&step.technique)
    }

    /// Whether HoDoKu's path, which the default solve of a classic 9x9 follows, can take one of
    /// the targets: when it cannot, the practice set is rated and shown by gridlogic's own solve.
    pub fn hodoku_shows(&self) -> bool {
        (self.targets.iter()).any(|t| HODOKU_ORDER.iter().any(|h| h.techniques.contains(t)))
    }

    /// Whether a step of the solve reports show (HoDoKu's path on a classic 9x9, which takes
    /// naked singles and intersections in its own order) keeps to the practice set: an allowed
    /// technique, or one of the simplest that every solve may take first.
    pub fn allows_shown(&self, step: &Step) -> bool {
        self.allows(step) || Technique::SIMPLEST.contains(&step.technique)
    }

    /// The index of the first step that uses a target, if one does.
    pub fn focus(&self, steps: &[Step]) -> Option<usize> {
        steps
            .iter()
            .position(|s| self.targets.contains(&s.technique))
    }
}

/// Names joined with `or`.
fn listed(techniques: &[Technique]) -> String {
    let names: Vec<String> = techniques.iter().map(|t| t.name()).collect();
    names.join(" or ")
}

fn usage(name: &str, why: &str) -> Error {
    Error::Usage(format!("--technique {name}: {why}"))
}

/// Why `technique` never fires in a solve of the grids `request` asks for (`order`: the
/// engine's), or `None` when it may.
fn unavailable(technique: Technique, request: &Request, order: &[Technique]) -> Option<String> {
    use Technique as T;
    let extra_houses = !request.variants.is_empty();
    let latin = matches!(
        request.shape,
        super::Shape::Fixed {
            regions: Regions::Latin
        }
    );
    let position = |t: Technique| order.iter().position(|&o| o == t);
    let combination = T::Killer(KillerRule::Combination);
    match technique {
        T::Killer(_) if !request.killer => Some("works on Killer cages: add --killer".into()),
        T::BugPlusOne if request.killer => Some("never fires on a Killer".into()),
        _ if request.killer && position(technique) < position(combination) => Some(format!(
            "cannot solve a Killer alone: a Killer has no givens, and its solve needs {combination}, \
             which comes later"
        )),
        T::SingleDigit(SingleDigitPattern::Skyscraper)
            if position(T::Fish(FishKind::Sashimi, 2)) < position(technique) =>
        {
            Some(
                "never comes first: every skyscraper that removes a candidate is a finned or \
                 sashimi X-Wing, which the engine tries before it"
                    .into(),
            )
        }
        T::HiddenSingle(SingleHouse::Extra) if !extra_houses => {
            Some("needs extra houses: add --variant x or --variant windoku".into())
        }
        _ if latin && !extra_houses && needs_regions(technique) => {
            Some("needs regions, and a Latin square has none".into())
        }
        _ => None,
    }
}

/// Whether the technique reads regions (boxes or jigsaw regions): a Latin square has none.
fn needs_regions(technique: Technique) -> bool {
    use SingleDigitPattern as P;
    use Technique as T;
    matches!(
        technique,
        T::HiddenSingle(SingleHouse::Region)
            | T::Pointing
            | T::Claiming
            | T::LockedSubset(_)
            | T::Fish(FishKind::Franken | FishKind::FinnedFranken, _)
            | T::SingleDigit(
                P::TwoStringKite | P::DualTwoStringKite | P::EmptyRectangle | P::DualEmptyRectangle
            )
            | T::SueDeCoq
            | T::UniqueRectangle(_)
            | T::HiddenRectangle
            | T::AvoidableRectangle(_)
    )
}

/// How many places a stuck practice solve tries for the clue it gets back.
const GIVE_BACK_TRIES: usize = 8;

/// `clues` (a unique puzzle of `layout` whose solution is `solution`) with clues given back from
/// the solution wherever a solve with the allowed techniques gets stuck (see [`Trial::unstick`]),
/// until it solves the puzzle; then each orbit given back is taken out again, first given first,
/// when the solve still goes through and uses a target without it. `None` when the final solve
/// uses none of the targets (the engine's solve, which takes the same steps, would not either)
/// or `deadline` passes first.
pub fn give_back(
    layout: &Arc<Layout>,
    solution: &Grid,
    clues: Grid,
    practice: &Practice,
    symmetry: Symmetry,
    rng: &mut StdRng,
    deadline: Deadline,
) -> Option<Grid> {
    let trial = Trial {
        layout,
        solution,
        practice,
        orbits: symmetry.orbits(layout)?,
        options: Options {
            techniques: practice.allowed.clone(),
            limits: Limits::for_size(layout.size()),
            no_guess: true,
            seed: 0,
            time_limit: None,
        },
        deadline,
    };
    let mut given = Vec::new();
    let mut solve = trial.solve(&clues)?;
    let mut clues = clues;
    while !solve.state.is_solved() {
        let orbit;
        (orbit, clues, solve) = trial.unstick(&clues, &solve, rng)?;
        given.push(orbit);
    }
    for orbit in given {
        trial.set(&mut clues, orbit, false);
        let without = trial.solve(&clues)?;
        if !without.state.is_solved() || practice.focus(&without.steps).is_none() {
            trial.set(&mut clues, orbit, true);
        }
    }
    let steps = trial.solve(&clues)?.steps;
    practice.focus(&steps).map(|_| clues)
}

/// Solves with the allowed techniques of a practice set, without guessing, and gives clues back.
struct Trial<'a> {
    layout: &'a Arc<Layout>,
    solution: &'a Grid,
    practice: &'a Practice,
    /// The symmetry's orbits: clues are given back an orbit at a time.
    orbits: Vec<Vec<Cell>>,
    options: Options,
    deadline: Deadline,
}

impl<'a> Trial<'a> {
    /// The solve of `clues` (as `solve` does it, with the allowed techniques); `None` once the
    /// deadline has passed.
    fn solve(&self, clues: &Grid) -> Option<Solve> {
        let puzzle = Puzzle::new(self.layout.clone(), clues.clone(), Origin::Unknown).ok()?;
        let options = Options {
            time_limit: self.deadline.remaining(),
            ..self.options.clone()
        };
        let solve = engine::solve(&puzzle, &options);
        (!self.deadline.passed()).then_some(solve)
    }

    /// The clues of the orbit given (from the solution) or taken out.
    fn set(&self, clues: &mut Grid, orbit: usize, given: bool) {
        for &cell in &self.orbits[orbit] {
            clues.set(cell, given.then(|| self.solution.get(cell)).flatten());
        }
    }

    /// After `stuck`, the solve of `clues`, got stuck: an orbit given back, the clues with it
    /// and their solve. Of up to [`GIVE_BACK_TRIES`] random empty cells, the first whose orbit
    /// makes the solve use a target, else the first tried.
    fn unstick(
        &self,
        clues: &Grid,
        stuck: &Solve,
        rng: &mut StdRng,
    ) -> Option<(usize, Grid, Solve)> {
        let empty: Vec<Cell> = self
            .layout
            .cells()
            .filter(|&c| stuck.state.value(c).is_none())
            .collect();
        let mut first = None;
        for _ in 0..GIVE_BACK_TRIES {
            let cell = empty[rng.random_range(0..empty.len())];
            let orbit = self.orbits.iter().position(|o| o.contains(&cell))?;
            let mut more = clues.clone();
            self.set(&mut more, orbit, true);
            let solve = self.solve(&more)?;
            if self.practice.focus(&solve.steps).is_some() {
                return Some((orbit, more, solve));
            }
            first.get_or_insert((orbit, more, solve));
        }
        first
    }
}
