//! Explanations of forcing steps: chains as the placements along each line of implications
//! (`r1c1=4 ⇒ r1c5=7 ⇒ r3c5<>7`), nets as their assumption, their first placements and the
//! number of implications, contradictions by what broke.

use super::propagate::{Branch, Conflict, Fact, Reason};
use crate::core::State;
use crate::core::net::{self, End, Implication};
use crate::explain;
use crate::model::explanation::{Claim, House, Node};
use crate::model::{Candidate, DigitSet, Explanation, Layout, Unit};

/// Placements a net's explanation lists before it only counts.
pub const NET_LISTED: usize = 5;

/// A fact inside a chain, without sheet address: `r3c5=2`, `r3c5<>2`.
pub fn fact(fact: Fact) -> Explanation {
    net::fact(fact.candidate, fact.holds)
}

/// The part of `branch` that `ends` rest on, in full: every implication with its reason,
/// renumbered, and the branch's end (`None`: it ends in its contradiction; else its
/// implication that reaches the step's conclusion).
pub fn full(layout: &Layout, branch: &Branch, reaches: Option<u32>) -> net::Branch {
    described(layout, branch, reaches, None)
}

/// Where a refutation's branch sits in its enclosing branch: the node its own nodes start at,
/// and the enclosing nodes' implication numbers (indices), by node.
#[derive(Clone, Copy)]
struct Enclosing<'a> {
    mark: u32,
    numbers: &'a [usize],
}

/// [`full`], for a branch on its own or for a refutation inside `enclosing`: then the nodes of
/// the enclosing branch it uses come first after its assumption, as [`net::Reason::Outer`].
fn described(
    layout: &Layout,
    branch: &Branch,
    reaches: Option<u32>,
    enclosing: Option<Enclosing>,
) -> net::Branch {
    let contradiction = || {
        branch
            .contradiction
            .as_ref()
            .expect("a branch that does not reach the conclusion breaks")
    };
    let ends = match reaches {
        Some(end) => vec![end],
        None => contradiction().1.clone(),
    };
    let (own, outer) = branch.ancestors_from(&ends, enclosing.map_or(0, |e| e.mark));
    let order: Vec<u32> = own[..1]
        .iter()
        .chain(&outer)
        .chain(&own[1..])
        .copied()
        .collect();
    let mut numbers = vec![usize::MAX; branch.nodes.len()];
    for (k, &i) in order.iter().enumerate() {
        numbers[i as usize] = k;
    }
    let renumbered = |old: &[u32]| -> Vec<usize> {
        let mut new: Vec<usize> = old.iter().map(|&i| numbers[i as usize]).collect();
        new.sort_unstable();
        new
    };
    let implications = order
        .iter()
        .map(|&i| {
            let node = branch.nodes[i as usize];
            let (reason, from) = match enclosing {
                Some(e) if i < e.mark => {
                    let at = e.numbers[i as usize];
                    (net::Reason::Outer { at }, Vec::new())
                }
                _ => {
                    let reason = reason(layout, branch, i, &numbers);
                    (reason, renumbered(branch.premises(i)))
                }
            };
            Implication {
                candidate: node.fact.candidate,
                holds: node.fact.holds,
                reason,
                from,
            }
        })
        .collect();
    let end = match reaches {
        Some(end) => End::Reaches {
            at: numbers[end as usize],
        },
        None => {
            let (conflict, premises) = contradiction();
            let mut from = renumbered(premises);
            match *conflict {
                Conflict::Both(candidate) => {
                    // The placement first.
                    from.sort_by_key(|&k| !branch.nodes[order[k] as usize].fact.holds);
                    End::Both { candidate, from }
                }
                Conflict::EmptyCell(cell) => End::EmptyCell { cell, from },
                Conflict::NoPlace(house, digit) => End::NoPlace { house, digit, from },
            }
        }
    };
    net::Branch { implications, end }
}

/// Why node `i` of `branch` holds; `numbers` are the implication numbers of the branch's
/// nodes, for a refutation's references to them.
fn reason(layout: &Layout, branch: &Branch, i: u32, numbers: &[usize]) -> net::Reason {
    let node = branch.nodes[i as usize];
    match node.reason {
        Reason::Assumption => net::Reason::Assumption,
        Reason::SameCell => net::Reason::SameCell,
        Reason::Peer => {
            let other = branch.nodes[branch.premises(i)[0] as usize]
                .fact
                .candidate
                .cell;
            match layout.shared_unit(node.fact.candidate.cell, other) {
                Some(Unit::Cage(cage)) => net::Reason::SameCage { cage },
                Some(Unit::House(house)) => net::Reason::SameHouse { house },
                None => unreachable!("a peer shares a house or a cage"),
            }
        }
        Reason::NakedSingle => net::Reason::NakedSingle,
        Reason::HiddenSingle(house) => net::Reason::HiddenSingle {
            house: house as usize,
        },
        Reason::Locked(house, within) => net::Reason::Locked {
            house: house as usize,
            within: within as usize,
        },
        Reason::Refuted => {
            let refutation = branch
                .refutations
                .iter()
                .find(|r| r.node == i)
                .expect("a refuted node's refutation");
            let enclosing = Enclosing {
                mark: refutation.mark,
                numbers,
            };
            let inner = described(layout, &refutation.branch, None, Some(enclosing));
            net::Reason::Refuted {
                branch: Box::new(inner),
            }
        }
    }
}

/// Facts as a list: `r3c5=2, r4c4<>1`.
fn facts(branch: &Branch, nodes: &[u32]) -> Explanation {
    Explanation::join(
        nodes.iter().map(|&i| fact(branch.nodes[i as usize].fact)),
        ", ",
    )
}

/// The line of implications from the assumption to each of `ends`, joined by `and`: each line
/// shows the assumption, the placements on the way and its end. Lines that differ only in their
/// end are written once with their ends listed: `r1c1=4 ⇒ r2c3=5 ⇒ r2c7<>4, r2c8<>4`.
pub fn chains(branch: &Branch, ends: &[u32]) -> Explanation {
    let mut ordered = ends.to_vec();
    ordered.sort_by_key(|&i| !branch.nodes[i as usize].fact.holds);
    let mut lines: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for &end in &ordered {
        let mut steps = line(branch, end);
        let last = steps.pop().expect("a line holds its end");
        match lines.iter_mut().find(|(prefix, _)| *prefix == steps) {
            Some((_, ends)) => ends.push(last),
            None => lines.push((steps, vec![last])),
        }
    }
    let lines = lines.iter().map(|(steps, ends)| {
        let steps = steps.iter().map(|&i| fact(branch.nodes[i as usize].fact));
        Explanation::join(steps.chain([facts(branch, ends)]), " ⇒ ")
    });
    Explanation::join(lines, " and ")
}

/// The nodes of one line, from the assumption to `end`: the assumption, the placements on the
/// way and the end.
fn line(branch: &Branch, end: u32) -> Vec<u32> {
    let mut path = vec![end];
    while let Some(&previous) = branch.premises(*path.last().unwrap()).first() {
        path.push(previous);
    }
    let last = path.len() - 1;
    path.iter()
        .enumerate()
        .rev()
        .filter(|&(k, &i)| k == 0 || k == last || branch.nodes[i as usize].fact.holds)
        .map(|(_, &i)| i)
        .collect()
}

/// What `ends` rest on in a net: the assumption, the first [`NET_LISTED`] placements on the way
/// (or eliminations, when there is no placement; never `omit`) and the number of implications
/// (and of refutations among them, in a nested net): `r1c1=4 ⇒ r2c3=5, r4c4=1, r5c5=2 and 7
/// more placements (23 implications, 2 of them refutations)`.
pub fn net(branch: &Branch, ends: &[u32], omit: Option<u32>) -> Explanation {
    let used = branch.ancestors(ends);
    let (roots, implied): (Vec<u32>, Vec<u32>) = used
        .iter()
        .partition(|&&i| branch.nodes[i as usize].reason == Reason::Assumption);
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
    let (listed, kind) = if placements.is_empty() {
        (shown, "implications")
    } else {
        (placements, "placements")
    };
    let mut text = facts(branch, &roots);
    if !listed.is_empty() {
        text.push(" ⇒ ");
        text.push(facts(branch, &listed[..listed.len().min(NET_LISTED)]));
        if listed.len() > NET_LISTED {
            let more = listed.len() - NET_LISTED;
            let kind = if more == 1 {
                kind.trim_end_matches('s')
            } else {
                kind
            };
            text.push(format!(" and {more} more {kind}"));
        }
    }
    let count = implied.len();
    let plural = if count == 1 { "" } else { "s" };
    let refuted = implied
        .iter()
        .filter(|&&i| branch.nodes[i as usize].reason == Reason::Refuted)
        .count();
    let refutations = match refuted {
        0 => String::new(),
        1 => ", one of them a refutation".to_string(),
        n => format!(", {n} of them refutations"),
    };
    explain!(
        "{} ({} implication{}{})",
        text,
        count.to_string(),
        plural,
        refutations
    )
}

/// What broke: `r4c4 has no candidate left`, `box 2 has no place for 9`, `7 twice in column 9
/// (r3c9, r4c9)`, `r4c9 would be both 7 and 3`, `r3c5 is both 2 and not 2`.
pub fn conflict(
    state: &State,
    branch: &Branch,
    conflict: Conflict,
    premises: &[u32],
) -> Explanation {
    match conflict {
        Conflict::Both(candidate) => both(state, branch, candidate, premises),
        Conflict::EmptyCell(cell) => explain!("{} has no candidate left", Node(cell)),
        Conflict::NoPlace(house, digit) => {
            explain!("{} has no place for {}", House(house), digit)
        }
    }
}

/// A candidate both placed and eliminated, told by what eliminated it when that was a
/// placement: the same digit in a peer, or another digit in the cell ([`net::collision`]).
fn both(state: &State, branch: &Branch, candidate: Candidate, premises: &[u32]) -> Explanation {
    let remover = premises
        .iter()
        .find(|&&i| !branch.nodes[i as usize].fact.holds)
        .and_then(|&i| match branch.premises(i) {
            &[p] if branch.nodes[p as usize].fact.holds => Some(branch.nodes[p as usize].fact),
            _ => None,
        });
    let other = remover.map(
        |Fact {
             candidate: other, ..
         }| {
            let unit = (other.cell != candidate.cell).then(|| {
                state
                    .layout()
                    .shared_unit(candidate.cell, other.cell)
                    .expect("a peer shares a house or a cage")
            });
            (other, unit)
        },
    );
    net::collision(candidate, other)
}

/// The step's conclusion with the cell's sheet address: `r1c1=4 (A1)`, `r1c1<>4 (A1)`.
pub fn conclusion(conclusion: Fact) -> Explanation {
    let Candidate { cell, digit } = conclusion.candidate;
    if conclusion.holds {
        Claim::is(cell, digit).into()
    } else {
        Claim::not(cell, DigitSet::single(digit)).into()
    }
}
