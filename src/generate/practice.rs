//! Practice sets (`generate --technique NAME`): puzzles whose logical solve, as `solve` takes it,
//! uses a chosen technique and nothing later in the engine's order (the order in which `solve`
//! tries the techniques, simplest first).
//!
//! A puzzle is made in three moves. Clues are dug out for uniqueness, as deep as it allows, which
//! leaves a puzzle that usually needs harder techniques than the one chosen. Then the puzzle is
//! solved with the chosen technique and everything before it, and wherever that solve gets stuck
//! a clue (a symmetry orbit of clues) is given back from the solution and the solve starts again,
//! until it goes through. Last, the engine solves the puzzle with every technique, as `solve`
//! does, and the puzzle is accepted when that solve uses the technique and nothing after it.
//! A Killer has no clues to give back: its cages are split until the allowed techniques solve it
//! (see `killer`), and the same last check accepts it.

use super::Request;
use super::dig::Symmetry;
use crate::core::{FishKind, KillerRule, Limits, SingleDigitPattern, SingleHouse, Step, Technique};
use crate::engine::{self, Options, Solve};
use crate::error::Error;
use crate::model::{Grid, Layout, Origin, Puzzle, Regions};
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

    /// Whether every step uses an allowed technique (none is later in the order, and none is a
    /// guess).
    pub fn within(&self, steps: &[Step]) -> bool {
        steps.iter().all(|s| self.allowed.contains(&s.technique))
    }

    /// The index of the first step that uses a target, if one does.
    pub fn focus(&self, steps: &[Step]) -> Option<usize> {
        steps
            .iter()
            .position(|s| self.targets.contains(&s.technique))
    }

    /// The targets' names, for messages: `X-Wing`, `Simple Colours (trap) or Simple Colours
    /// (wrap)`.
    pub fn describe(&self) -> String {
        listed(&self.targets)
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
/// the solution wherever a solve with the allowed techniques gets stuck, until it solves the
/// puzzle; then each orbit given back is taken out again, first given first, when the solve
/// still goes through and uses a target without it. A stuck solve gets back an orbit of
/// `symmetry` at one of [`GIVE_BACK_TRIES`] random empty cells: the first with which the solve
/// uses a target, else the first tried. `None` when the final solve uses none of the targets
/// (the engine's solve, which takes the same steps, would not either) or `deadline` passes first.
pub fn give_back(
    layout: &Arc<Layout>,
    solution: &Grid,
    mut clues: Grid,
    practice: &Practice,
    symmetry: Symmetry,
    rng: &mut StdRng,
    deadline: Deadline,
) -> Option<Grid> {
    let trial = Trial::new(layout, practice, deadline);
    let orbits = symmetry.orbits(layout.size());
    let mut given = Vec::new();
    let mut solve = trial.solve(&clues)?;
    while !solve.state.is_solved() {
        let empty: Vec<_> = layout
            .cells()
            .filter(|&c| solve.state.value(c).is_none())
            .collect();
        let mut tries = Vec::new();
        for _ in 0..GIVE_BACK_TRIES {
            let cell = empty[rng.random_range(0..empty.len())];
            let orbit = orbits.iter().find(|o| o.contains(&cell))?;
            let mut more = clues.clone();
            orbit.iter().for_each(|&c| more.set(c, solution.get(c)));
            let next = trial.solve(&more)?;
            let uses = practice.focus(&next.steps).is_some();
            tries.push((orbit, more, next));
            if uses {
                break;
            }
        }
        let pick = match practice.focus(&tries.last()?.2.steps) {
            Some(_) => tries.len() - 1,
            None => 0,
        };
        let (orbit, more, next) = tries.swap_remove(pick);
        (clues, solve) = (more, next);
        given.push(orbit);
    }
    for orbit in given {
        orbit.iter().for_each(|&c| clues.set(c, None));
        let without = trial.solve(&clues)?;
        if !without.state.is_solved() || practice.focus(&without.steps).is_none() {
            orbit.iter().for_each(|&c| clues.set(c, solution.get(c)));
        }
    }
    let steps = trial.solve(&clues)?.steps;
    practice.focus(&steps).map(|_| clues)
}

/// Solves with the allowed techniques of a practice set, without guessing.
struct Trial<'a> {
    layout: &'a Arc<Layout>,
    options: Options,
    deadline: Deadline,
}

impl<'a> Trial<'a> {
    fn new(layout: &'a Arc<Layout>, practice: &Practice, deadline: Deadline) -> Trial<'a> {
        let options = Options {
            techniques: practice.allowed.clone(),
            limits: Limits::for_size(layout.size()),
            no_guess: true,
            seed: 0,
            time_limit: None,
        };
        Trial {
            layout,
            options,
            deadline,
        }
    }

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
}
