//! Explanations of forcing steps: chains as the placements along each line of implications
//! (`r1c1=4 ⇒ r1c5=7 ⇒ r3c5<>7`), nets as their assumption, their first placements and the
//! number of implications, contradictions by what broke.

use super::propagate::{Branch, Conflict, Fact};
use crate::core::State;
use crate::model::{Candidate, Cell};
use crate::techniques::common::legacy::eliminations_text;

/// Placements a net's explanation lists before it only counts.
pub const NET_LISTED: usize = 5;

/// A fact inside a chain, without sheet address: `r3c5=2`, `r3c5<>2`.
pub fn fact(state: &State, fact: Fact) -> String {
    let Candidate { cell, digit } = fact.candidate;
    let relation = if fact.holds { "=" } else { "<>" };
    format!("{}{relation}{digit}", cell_name(state, cell))
}

/// A cell inside a chain, without sheet address: `r3c5`.
fn cell_name(state: &State, cell: Cell) -> String {
    let size = state.size();
    format!("r{}c{}", cell.row(size) + 1, cell.col(size) + 1)
}

/// The line of implications from the assumption to each of `ends`, joined by `and`: each line
/// shows the assumption, the placements on the way and its end. Lines that differ only in their
/// end are written once with their ends listed: `r1c1=4 ⇒ r2c3=5 ⇒ r2c7<>4, r2c8<>4`.
pub fn chains(state: &State, branch: &Branch, ends: &[u32]) -> String {
    let mut ordered = ends.to_vec();
    ordered.sort_by_key(|&i| !branch.nodes[i as usize].fact.holds);
    let mut lines: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for &end in &ordered {
        let mut steps = line(state, branch, end);
        let last = steps.pop().unwrap_or_default();
        match lines.iter_mut().find(|(prefix, _)| *prefix == steps) {
            Some((_, ends)) => ends.push(last),
            None => lines.push((steps, vec![last])),
        }
    }
    lines
        .into_iter()
        .map(|(mut steps, ends)| {
            steps.push(ends.join(", "));
            steps.join(" ⇒ ")
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The facts of one line, from the assumption to `end`: the assumption, the placements on the
/// way and the end.
fn line(state: &State, branch: &Branch, end: u32) -> Vec<String> {
    let mut path = vec![end];
    while let Some(&previous) = branch.premises(*path.last().unwrap()).first() {
        path.push(previous);
    }
    let last = path.len() - 1;
    path.iter()
        .enumerate()
        .rev()
        .filter(|&(k, &i)| k == 0 || k == last || branch.nodes[i as usize].fact.holds)
        .map(|(_, &i)| fact(state, branch.nodes[i as usize].fact))
        .collect()
}

/// What `ends` rest on in a net: the assumption, the first [`NET_LISTED`] placements on the way
/// (or eliminations, when there is no placement; never `omit`) and the number of implications:
/// `r1c1=4 ⇒ r2c3=5, r4c4=1, … (23 implications)`.
pub fn net(state: &State, branch: &Branch, ends: &[u32], omit: Option<u32>) -> String {
    let used = branch.ancestors(ends);
    let (roots, implied): (Vec<u32>, Vec<u32>) =
        used.iter().partition(|&&i| branch.premises(i).is_empty());
    let roots: Vec<String> = roots
        .iter()
        .map(|&i| fact(state, branch.nodes[i as usize].fact))
        .collect();
    let shown: Vec<u32> = implied
        .iter()
        .copied()
        .filter(|&i| Some(i) != omit)
        .collect();
    let placements: Vec<u32> = shown
        .iter()
        .copied()
        .filter(|&i| branch.nodes[i as usize].fact.holds)
        .collect();
    // A net without placements on the way is told by its eliminations.
    let listed = if placements.is_empty() {
        shown
    } else {
        placements
    };
    let placements: Vec<String> = listed
        .iter()
        .map(|&i| fact(state, branch.nodes[i as usize].fact))
        .collect();
    let mut text = roots.join(", ");
    if !placements.is_empty() {
        text += " ⇒ ";
        text += &placements[..placements.len().min(NET_LISTED)].join(", ");
        if placements.len() > NET_LISTED {
            text += ", …";
        }
    }
    let count = implied.len();
    let plural = if count == 1 { "" } else { "s" };
    format!("{text} ({count} implication{plural})")
}

/// What broke: `r4c4 has no candidate left`, `box 2 has no place for 9`, `7 twice in column 9
/// (r3c9, r4c9)`, `r4c9 would be both 7 and 3`, `r3c5 is both 2 and not 2`.
pub fn conflict(state: &State, branch: &Branch, conflict: Conflict, premises: &[u32]) -> String {
    match conflict {
        Conflict::Both(candidate) => both(state, branch, candidate, premises),
        Conflict::EmptyCell(cell) => format!("{} has no candidate left", cell_name(state, cell)),
        Conflict::NoPlace(house, digit) => {
            format!("{} has no place for {digit}", state.house_name(house))
        }
    }
}

/// A candidate both placed and eliminated, told by what eliminated it when that was a
/// placement: the same digit in a peer, or another digit in the cell.
fn both(state: &State, branch: &Branch, candidate: Candidate, premises: &[u32]) -> String {
    let Candidate { cell, digit } = candidate;
    let name = cell_name(state, cell);
    let remover = premises
        .iter()
        .find(|&&i| !branch.nodes[i as usize].fact.holds)
        .and_then(|&i| match branch.premises(i) {
            &[p] if branch.nodes[p as usize].fact.holds => Some(branch.nodes[p as usize].fact),
            _ => None,
        });
    let Some(Fact {
        candidate: other, ..
    }) = remover
    else {
        return format!("{name} is both {digit} and not {digit}");
    };
    if other.cell == cell {
        return format!("{name} would be both {digit} and {}", other.digit);
    }
    let layout = state.layout();
    let house = layout.common_houses(&[cell, other.cell])[0];
    let mut cells = [cell, other.cell];
    cells.sort_unstable();
    format!(
        "{digit} twice in {} ({}, {})",
        state.house_name(house),
        cell_name(state, cells[0]),
        cell_name(state, cells[1])
    )
}

/// The step's conclusion with the cell's sheet address: `r1c1=4 (A1)`, `r1c1<>4 (A1)`.
pub fn conclusion(state: &State, conclusion: Fact) -> String {
    let Candidate { cell, digit } = conclusion.candidate;
    if conclusion.holds {
        state.claim(cell, &format!("={digit}"))
    } else {
        eliminations_text(state, &[conclusion.candidate])
    }
}
