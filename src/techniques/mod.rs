//! Human solving techniques, one file per family (as HoDoKu's solver families). Each finder reads a
//! [`State`] and reports [`Step`]s to a sink; none changes the state — the engine applies steps.
//! Every finder works on generic houses, so boxes, rectangular boxes and jigsaw regions are served
//! by the same code.

pub mod chains;
pub mod fish;
pub mod intersections;
pub mod singles;
pub mod subsets;

use crate::engine::state::State;
use crate::engine::step::{ChainKind, SingleHouse, Step, Technique};

/// Receives the steps a finder produces; returns `false` to stop the search.
pub type Sink<'a> = dyn FnMut(Step) -> bool + 'a;

/// Finds instances of `technique` in `state`, passing each to `sink` until it returns `false`.
/// Only steps that make progress are reported.
pub fn find(technique: Technique, state: &State, sink: &mut Sink) {
    let mut progress = |step: Step| !step.makes_progress() || sink(step);
    match technique {
        Technique::FullHouse => singles::full_house(state, &mut progress),
        Technique::NakedSingle => singles::naked_single(state, &mut progress),
        Technique::HiddenSingle(kind) => singles::hidden_single(state, kind, &mut progress),
        Technique::Pointing => intersections::pointing(state, &mut progress),
        Technique::Claiming => intersections::claiming(state, &mut progress),
        Technique::LockedSubset(n) => {
            intersections::locked_subset(state, n as usize, &mut progress)
        }
        Technique::NakedSubset(n) => subsets::naked(state, n as usize, &mut progress),
        Technique::HiddenSubset(n) => subsets::hidden(state, n as usize, &mut progress),
        Technique::BasicFish(n) => fish::basic(state, n as usize, &mut progress),
        Technique::Chain { kind, grouped } => chains::find(state, kind, grouped, &mut progress),
        Technique::Backtracking => {}
    }
}

/// The first step of `technique` in `state`.
pub fn find_first(technique: Technique, state: &State) -> Option<Step> {
    let mut first = None;
    find(technique, state, &mut |step| {
        first = Some(step);
        false
    });
    first
}

/// Every step of `technique` in `state`.
pub fn find_all(technique: Technique, state: &State) -> Vec<Step> {
    let mut all = Vec::new();
    find(technique, state, &mut |step| {
        all.push(step);
        true
    });
    all
}

/// The techniques in the order the engine tries them, simplest first (by Sudoku Explainer's
/// ratings), for a grid of `size`. Subsets and fish go up to `max_size` cells or lines (at most
/// half the grid: a larger one always has a smaller complement).
pub fn ordered(size: usize, max_size: usize) -> Vec<Technique> {
    let mut order = vec![
        Technique::FullHouse,
        Technique::HiddenSingle(SingleHouse::Region),
        Technique::HiddenSingle(SingleHouse::Row),
        Technique::HiddenSingle(SingleHouse::Column),
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedSubset(2),
        Technique::LockedSubset(3),
    ];
    let largest = max_size.min(size / 2) as u8;
    for n in 2..=largest {
        order.extend([
            Technique::NakedSubset(n),
            Technique::BasicFish(n),
            Technique::HiddenSubset(n),
        ]);
    }
    order.extend(CHAINS.map(|(kind, grouped)| Technique::Chain { kind, grouped }));
    order
}

/// The chain techniques in the engine's order (by Sudoku Explainer's ratings). Among equals, an
/// AIC, which may remove several candidates, goes before the discontinuous loop, which removes
/// one of them (or places a digit).
const CHAINS: [(ChainKind, bool); 9] = [
    (ChainKind::XChain, false),
    (ChainKind::RemotePair, false),
    (ChainKind::XyChain, false),
    (ChainKind::ContinuousLoop, false),
    (ChainKind::Aic, false),
    (ChainKind::DiscontinuousLoop, false),
    (ChainKind::ContinuousLoop, true),
    (ChainKind::Aic, true),
    (ChainKind::DiscontinuousLoop, true),
];
