//! Forcing chains and nets, and Nishio: the last logical resort before backtracking.
//!
//! All of them assume something, follow its consequences with one routine
//! ([`propagate::Propagator`]) and conclude:
//! - **contradiction**: an assumption that leads to a contradiction is false — a candidate assumed
//!   placed is eliminated, a candidate assumed eliminated is placed;
//! - **cell verity**: what follows from every candidate of a cell is true;
//! - **region verity**: what follows from every place of a digit in a house (row, column or
//!   region) is true.
//!
//! A *chain* follows singles that each rest on one earlier consequence (bivalue cells and bilocal
//! digits), so every consequence ends one line of implications; the contradiction or common
//! conclusion may join several lines. A *net* uses every naked and hidden single. *Nishio*
//! follows one digit only: a placement removes it from the peers and a house with one place left
//! for it fills that place, until some house has no place left.
//!
//! Costs are bounded by [`MAX_CHAIN_LENGTH`] and [`MAX_NET_IMPLICATIONS`]; a bound only makes a
//! branch conclude less, never something false.

mod explain;
mod propagate;

use crate::engine::state::State;
use crate::engine::step::{Candidate, Forcing, Step, Technique};
use crate::model::Digit;
use crate::techniques::Sink;
use propagate::{Branch, Conflict, Fact, Propagator, Scope};

/// The longest line of implications a forcing chain follows from its assumption; a placement
/// and each elimination it causes count one each, so 20 allows about ten cells.
pub const MAX_CHAIN_LENGTH: u32 = 20;

/// The most implications one branch records on a 9x9 grid (more than a whole 9x9 grid holds).
/// Larger grids get `MAX_NET_IMPLICATIONS * 81 / cells`, at least [`MIN_NET_IMPLICATIONS`], so
/// that one branch costs about as much on a 16x16 or 25x25 as on a 9x9.
pub const MAX_NET_IMPLICATIONS: usize = 1000;

/// The fewest implications a branch may record on a large grid.
pub const MIN_NET_IMPLICATIONS: usize = 200;

/// The cap on implications per branch for a grid of `size`.
fn implication_cap(size: usize) -> usize {
    (MAX_NET_IMPLICATIONS * 81 / (size * size)).clamp(MIN_NET_IMPLICATIONS, MAX_NET_IMPLICATIONS)
}

/// The propagation scope of a chain (`net` false) or a net.
fn scope(net: bool) -> Scope {
    if net {
        Scope::Net
    } else {
        Scope::Chain(MAX_CHAIN_LENGTH)
    }
}

/// Forcing chains (`net` false) or nets of `kind`.
pub fn find(state: &State, kind: Forcing, net: bool, sink: &mut Sink) {
    match kind {
        Forcing::Contradiction => contradiction(state, net, sink),
        Forcing::Cell => cell(state, net, sink),
        Forcing::Region => region(state, net, sink),
    }
}

/// Nishio: a candidate whose placement, followed for its digit alone, leaves some house without
/// a place for that digit (or two placements of it in one house) is eliminated.
pub fn nishio(state: &State, sink: &mut Sink) {
    let cap = implication_cap(state.size());
    for digit in (1..=state.size()).map(Digit::new) {
        let mut propagator = Propagator::new(state, Scope::Digit(digit), cap);
        for cell in state.layout().cells() {
            if !state.candidates(cell).contains(digit) {
                continue;
            }
            let assumption = Fact::placed(Candidate::new(cell, digit));
            let branch = propagator.run(&[assumption]);
            if branch.contradiction.is_some()
                && !sink(contradiction_step(
                    state,
                    Technique::Nishio,
                    assumption,
                    &branch,
                ))
            {
                return;
            }
        }
    }
}

/// Forcing chain or net contradiction: each candidate is assumed placed, then eliminated; an
/// assumption that leads to a contradiction is false.
pub fn contradiction(state: &State, net: bool, sink: &mut Sink) {
    let technique = technique(Forcing::Contradiction, net);
    let mut propagator = Propagator::new(state, scope(net), implication_cap(state.size()));
    for cell in state.layout().cells() {
        for digit in state.candidates(cell).iter() {
            let candidate = Candidate::new(cell, digit);
            for assumption in [Fact::placed(candidate), Fact::eliminated(candidate)] {
                let branch = propagator.run(&[assumption]);
                if branch.contradiction.is_some() {
                    if !sink(contradiction_step(state, technique, assumption, &branch)) {
                        return;
                    }
                    break;
                }
            }
        }
    }
}

/// Cell forcing chains or nets: a placement or elimination that follows from every candidate of
/// a cell holds.
pub fn cell(state: &State, net: bool, sink: &mut Sink) {
    let technique = technique(Forcing::Cell, net);
    let mut propagator = Propagator::new(state, scope(net), implication_cap(state.size()));
    for cell in state.layout().cells() {
        let options = state.candidates(cell);
        if options.len() < 2 {
            continue;
        }
        let assumptions: Vec<Fact> = options
            .iter()
            .map(|d| Fact::placed(Candidate::new(cell, d)))
            .collect();
        if let Some((branches, conclusion)) = common_conclusion(&mut propagator, &assumptions) {
            let from = format!("every candidate of {}", state.name(cell));
            let mut step = verity_step(state, technique, &from, &branches, conclusion);
            step.pattern = assumptions.iter().map(|a| a.candidate).collect();
            if !sink(step) {
                return;
            }
        }
    }
}

/// Region forcing chains or nets: a placement or elimination that follows from every place of a
/// digit in a house (row, column or region) holds.
pub fn region(state: &State, net: bool, sink: &mut Sink) {
    let technique = technique(Forcing::Region, net);
    let mut propagator = Propagator::new(state, scope(net), implication_cap(state.size()));
    for (id, house) in state.layout().houses().iter().enumerate() {
        for digit in state.missing(house).iter() {
            let places = state.places(house, digit);
            if places.len() < 2 {
                continue;
            }
            let assumptions: Vec<Fact> = places
                .iter()
                .map(|&c| Fact::placed(Candidate::new(c, digit)))
                .collect();
            if let Some((branches, conclusion)) = common_conclusion(&mut propagator, &assumptions) {
                let from = format!("every place of {digit} in {}", state.house_name(id));
                let mut step = verity_step(state, technique, &from, &branches, conclusion);
                step.pattern = assumptions.iter().map(|a| a.candidate).collect();
                step.base.push(id);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// The forcing technique of `kind`, as a chain or a net.
fn technique(kind: Forcing, net: bool) -> Technique {
    if net {
        Technique::ForcingNet(kind)
    } else {
        Technique::ForcingChain(kind)
    }
}

/// The branches of `assumptions` (one of which must hold) and a fact they all reach — a
/// placement if there is one — or `None` when they share nothing or one of them breaks (which
/// is a contradiction step's business).
fn common_conclusion(
    propagator: &mut Propagator,
    assumptions: &[Fact],
) -> Option<(Vec<Branch>, Fact)> {
    let mut branches = Vec::with_capacity(assumptions.len());
    let mut common: Option<Vec<Fact>> = None;
    for &assumption in assumptions {
        let branch = propagator.run(&[assumption]);
        if branch.contradiction.is_some() {
            return None;
        }
        let facts = branch.sorted_facts();
        let shared = match common {
            None => facts,
            Some(mut shared) => {
                shared.retain(|f| facts.binary_search(f).is_ok());
                shared
            }
        };
        if shared.is_empty() {
            return None;
        }
        common = Some(shared);
        branches.push(branch);
    }
    let common = common?;
    let conclusion = common.iter().find(|f| f.holds).unwrap_or(&common[0]);
    Some((branches, *conclusion))
}

/// The step of an assumption that broke: it concludes the opposite of the assumption.
fn contradiction_step(
    state: &State,
    technique: Technique,
    assumption: Fact,
    branch: &Branch,
) -> Step {
    let mut step = Step::new(technique);
    let candidate = assumption.candidate;
    let conclusion = Fact {
        candidate,
        holds: !assumption.holds,
    };
    conclude(&mut step, conclusion);
    step.pattern.push(candidate);
    let (conflict, premises) = branch.contradiction.as_ref().expect("a branch that broke");
    if let Conflict::NoPlace(house, _) = conflict {
        step.cover.push(*house);
    }
    let title = match technique {
        Technique::Nishio => format!("Nishio on {}", candidate.digit),
        _ => explain::sentence(technique),
    };
    let reasons = if technique == Technique::ForcingChain(Forcing::Contradiction) {
        explain::chains(state, branch, premises)
    } else {
        explain::net(state, branch, premises, None)
    };
    let broken = explain::conflict(state, branch, *conflict, premises);
    step.explanation = format!(
        "{title}: {reasons} ⇒ {broken} ⇒ {}",
        explain::conclusion(state, conclusion)
    );
    step
}

/// The step of a conclusion every branch reaches.
fn verity_step(
    state: &State,
    technique: Technique,
    from: &str,
    branches: &[Branch],
    conclusion: Fact,
) -> Step {
    let mut step = Step::new(technique);
    conclude(&mut step, conclusion);
    let net = matches!(technique, Technique::ForcingNet(_));
    let lines: Vec<String> = branches
        .iter()
        .map(|branch| {
            let end = branch.find(conclusion).expect("a common fact");
            if net {
                let used = explain::net(state, branch, &[end], Some(end));
                format!("{used} ⇒ {}", explain::fact(state, conclusion))
            } else {
                explain::chains(state, branch, &[end])
            }
        })
        .collect();
    step.explanation = format!(
        "{}: {from} ⇒ {}: {}",
        explain::sentence(technique),
        explain::conclusion(state, conclusion),
        lines.join("; ")
    );
    step
}

/// Puts `conclusion` into the step as a placement or an elimination.
fn conclude(step: &mut Step, conclusion: Fact) {
    if conclusion.holds {
        step.placements.push(conclusion.candidate);
    } else {
        step.eliminations.push(conclusion.candidate);
    }
}

#[cfg(test)]
mod tests;
