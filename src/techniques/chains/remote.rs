//! Remote pairs: a path of bivalue cells all holding the same two digits, each seeing the next.
//! The cells alternate between the two digits, so two cells an odd number of steps apart hold
//! both; cells seeing two such cells (three or more steps apart; one step is a naked pair) lose
//! both digits.

use super::graph::Graph;
use super::{Found, pair_of};
use crate::model::{Candidate, Cell};
use std::collections::HashMap;

/// Remote pairs of 4 to `max_cells` cells that remove something: from each bivalue cell, the
/// shortest path to each cell holding the same pair (breadth first, so the count stays
/// quadratic however many such cells there are).
pub(super) fn chains(graph: &Graph, max_cells: usize) -> Vec<Found> {
    let state = &graph.state;
    let bivalue: Vec<Cell> = state
        .layout()
        .cells()
        .filter(|&c| pair_of(state, c).is_some())
        .collect();
    let mut found = Vec::new();
    for &start in &bivalue {
        let pair = pair_of(state, start);
        let same: Vec<Cell> = bivalue
            .iter()
            .copied()
            .filter(|&c| pair_of(state, c) == pair)
            .collect();
        for path in shortest_paths(graph, &same, start, max_cells) {
            let eliminations = eliminations(graph, &path);
            if !eliminations.is_empty() {
                found.push(found_for(graph, &path, eliminations));
            }
        }
    }
    found
}

/// The shortest paths of 4 to `max` cells from `start` through `cells`, each cell seeing the
/// next, one per cell reached.
fn shortest_paths(graph: &Graph, cells: &[Cell], start: Cell, max: usize) -> Vec<Vec<Cell>> {
    let mut parent: HashMap<Cell, Option<Cell>> = HashMap::from([(start, None)]);
    let mut layer = vec![start];
    let mut paths = Vec::new();
    for length in 2..=max {
        let mut next = Vec::new();
        for &from in &layer {
            for &to in cells {
                if !parent.contains_key(&to) && graph.state.layout().sees(from, to) {
                    parent.insert(to, Some(from));
                    next.push(to);
                }
            }
        }
        if length >= 4 {
            paths.extend(next.iter().map(|&end| path_to(&parent, end)));
        }
        layer = next;
    }
    paths
}

/// The path from the search's start to `end`, start first.
fn path_to(parent: &HashMap<Cell, Option<Cell>>, end: Cell) -> Vec<Cell> {
    let mut path = vec![end];
    while let Some(&Some(previous)) = parent.get(path.last().unwrap()) {
        path.push(previous);
    }
    path.reverse();
    path
}

/// Both digits of the pair from cells outside the path seeing two path cells an odd number
/// (three or more) of steps apart.
fn eliminations(graph: &Graph, path: &[Cell]) -> Vec<Candidate> {
    let state = &graph.state;
    let digits = state.candidates(path[0]);
    let mut eliminations: Vec<Candidate> = state
        .layout()
        .cells()
        .filter(|c| !path.contains(c) && !state.candidates(*c).intersection(digits).is_empty())
        .filter(|&c| {
            (0..path.len()).any(|i| {
                (i + 3..path.len()).step_by(2).any(|j| {
                    graph.state.layout().sees(c, path[i]) && graph.state.layout().sees(c, path[j])
                })
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
    let (a, b) = pair_of(&graph.state, path[0]).expect("bivalue");
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
