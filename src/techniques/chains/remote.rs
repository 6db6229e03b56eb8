//! Remote pairs: a path of bivalue cells all holding the same two digits, each seeing the next.
//! The cells alternate between the two digits, so two cells an odd number of steps apart hold
//! both; cells seeing two such cells (three or more steps apart; one step is a naked pair) lose
//! both digits.

use super::graph::Graph;
use super::{Found, pair_of};
use crate::engine::step::Candidate;
use crate::model::Cell;

/// Every remote pair path of 4 to `max_cells` cells that removes something.
pub(super) fn chains(graph: &Graph, max_cells: usize) -> Vec<Found> {
    let state = graph.state;
    let bivalue: Vec<Cell> = state
        .layout()
        .cells()
        .filter(|&c| pair_of(state, c).is_some())
        .collect();
    let mut found = Vec::new();
    for &start in &bivalue {
        let mut path = vec![start];
        extend(graph, &bivalue, max_cells, &mut path, &mut found);
    }
    found
}

fn extend(
    graph: &Graph,
    bivalue: &[Cell],
    max: usize,
    path: &mut Vec<Cell>,
    found: &mut Vec<Found>,
) {
    let state = graph.state;
    let pair = pair_of(state, path[0]);
    if path.len() >= 4 {
        let eliminations = eliminations(graph, path);
        if !eliminations.is_empty() {
            found.push(found_for(graph, path, eliminations));
        }
    }
    if path.len() == max {
        return;
    }
    let last = path[path.len() - 1];
    for &next in bivalue {
        if pair_of(state, next) == pair && graph.sees(last, next) && !path.contains(&next) {
            path.push(next);
            extend(graph, bivalue, max, path, found);
            path.pop();
        }
    }
}

/// Both digits of the pair from cells outside the path seeing two path cells an odd number
/// (three or more) of steps apart.
fn eliminations(graph: &Graph, path: &[Cell]) -> Vec<Candidate> {
    let state = graph.state;
    let digits = state.candidates(path[0]);
    let mut eliminations: Vec<Candidate> = state
        .layout()
        .cells()
        .filter(|c| !path.contains(c) && !state.candidates(*c).intersection(digits).is_empty())
        .filter(|&c| {
            (0..path.len()).any(|i| {
                (i + 3..path.len())
                    .step_by(2)
                    .any(|j| graph.sees(c, path[i]) && graph.sees(c, path[j]))
            })
        })
        .flat_map(|c| {
            state
                .candidates(c)
                .intersection(digits)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    eliminations.sort_unstable();
    eliminations
}

/// The path as a chain: `(5=8)r1c1-(8=5)r1c5-…`.
fn found_for(graph: &Graph, path: &[Cell], eliminations: Vec<Candidate>) -> Found {
    let (a, b) = pair_of(graph.state, path[0]).expect("bivalue");
    let nodes = path
        .iter()
        .enumerate()
        .flat_map(|(i, &cell)| {
            let (first, second) = if i % 2 == 0 { (a, b) } else { (b, a) };
            [first, second].map(|d| graph.candidate(Candidate::new(cell, d)).expect("candidate"))
        })
        .collect();
    Found::alternating(nodes, eliminations)
}
