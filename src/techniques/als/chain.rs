//! ALS-XZ, ALS-XY-Wing and longer ALS chains: ALS linked one after the other by RCCs.
//!
//! In a chain A -x- B -y- C … -w- E, where consecutive RCCs differ, if A lacks a digit z (other
//! than x) it is locked on its other digits and holds x, so B lacks x and holds y, and so on until
//! E lacks w and holds z. Hence z lies in A or in E: every cell seeing all places of z in both loses
//! it. With two ALS that is ALS-XZ; two RCCs between them (doubly linked) lock both sets, each RCC
//! lying in exactly one of them. With three it is the ALS-XY-Wing.
//!
//! Chains of three ALS or more are found by a breadth-first search from every ALS and first RCC
//! over (ALS, RCC entered by) states, so each pair of ends is reported with its shortest chain.

use super::{Als, CellSet, Graph, eliminations_of, restricted_common};
use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;
use std::ops::RangeInclusive;

/// ALS chains of exactly `n` ALS: ALS-XZ for 2, ALS-XY-Wing for 3.
pub fn chain(state: &State, n: usize, sink: &mut Sink) {
    if n < 2 {
        return;
    }
    let graph = Graph::of(state, state.limits().als_cells);
    if n == 2 {
        xz(&graph, sink);
    } else if has_steps(state, &graph, n) {
        longer(state, &graph, n..=n, &mut |_, step| sink(step));
    }
}

/// Whether some chain of `n` ALS (three or more) removes something. One search answers for every
/// length up to the longest the engine tries (or `n` if longer), kept with the graph: the engine
/// tries the lengths one after another on the same candidates and searches again only the
/// length it finds a step at.
fn has_steps(state: &State, graph: &Graph, n: usize) -> bool {
    let longest = state.limits().als_chain_sets.max(n);
    let mut surveys = graph.chain_lengths.borrow_mut();
    let lengths = surveys
        .entry(longest)
        .or_insert_with(|| lengths_with_steps(state, graph, longest));
    lengths[n]
}

/// Per number of ALS from 0 to `longest`: whether some chain of three ALS or more that long
/// removes something.
fn lengths_with_steps(state: &State, graph: &Graph, longest: usize) -> Vec<bool> {
    let mut with_steps = vec![false; longest + 1];
    let mut left = longest - 2;
    longer(state, graph, 3..=longest, &mut |length, _| {
        if !with_steps[length] {
            with_steps[length] = true;
            left -= 1;
        }
        left > 0
    });
    with_steps
}

/// Every pair of linked ALS, once.
fn xz(graph: &Graph, sink: &mut Sink) {
    for (a, links) in graph.links.iter().enumerate() {
        for &(b, rccs) in links.iter().filter(|&&(b, _)| b > a) {
            let found = linked(&graph.sets[a], &graph.sets[b], rccs);
            if found.is_some_and(|step| !sink(step)) {
                return;
            }
        }
    }
}

/// The ALS-XZ step of two sets linked by `rccs`, one restricted common or two.
fn linked(a: &Als, b: &Als, rccs: DigitSet) -> Option<Step> {
    match rccs.len() {
        1 => singly_linked(a, b, rccs),
        2 => doubly_linked(a, b, rccs),
        _ => None,
    }
}

/// The ALS-XZ step of two sets another search found, on their cells, linked by the restricted
/// commons `rccs`; `None` when it removes nothing.
pub(crate) fn xz_through(
    state: &State,
    a: Vec<Cell>,
    b: Vec<Cell>,
    rccs: DigitSet,
) -> Option<Step> {
    linked(&Als::new(state, a), &Als::new(state, b), rccs)
}

/// One RCC x: every other common digit z is in one of the two sets.
fn singly_linked(a: &Als, b: &Als, x: DigitSet) -> Option<Step> {
    let mut eliminations = Vec::new();
    let mut zs = DigitSet::EMPTY;
    for z in a.digits.intersection(b.digits).without(x).iter() {
        let before = eliminations.len();
        eliminations.extend(both_see(a, b, z));
        if eliminations.len() > before {
            zs.insert(z);
        }
    }
    let text = || explain!("A={}, B={}, X={}, Z={}", a.text(), b.text(), x, zs);
    let rccs = x.iter().map(|x| (0, x)).collect::<Vec<_>>();
    step(Technique::AlsChain(2), &[a, b], &rccs, eliminations, text)
}

/// Two RCCs: each set is locked on its digits but one RCC, which the other set holds.
fn doubly_linked(a: &Als, b: &Als, rccs: DigitSet) -> Option<Step> {
    let mut eliminations: Vec<Candidate> = rccs.iter().flat_map(|x| both_see(a, b, x)).collect();
    for set in [a, b] {
        for z in set.digits.without(rccs).iter() {
            eliminations.extend(eliminations_of(set.seers(z), z));
        }
    }
    let text = || explain!("A={}, B={}, X={} (doubly linked)", a.text(), b.text(), rccs);
    let rccs = rccs.iter().map(|x| (0, x)).collect::<Vec<_>>();
    step(Technique::AlsChain(2), &[a, b], &rccs, eliminations, text)
}

/// The candidates of `z` that see every place of `z` in both sets.
fn both_see(a: &Als, b: &Als, z: Digit) -> Vec<Candidate> {
    let mut cells: CellSet = a.seers(z).clone();
    cells.intersect_with(b.seers(z));
    eliminations_of(&cells, z)
}

/// The step of the ALS chain another search found: the sets in order, each on its cells, the
/// restricted common each link uses (its first digit between the sets of that link), and what it
/// removes (from cells seeing every place of the digit in both end sets).
pub(crate) fn chain_through(
    state: &State,
    sets: &[Vec<Cell>],
    links: &[Digit],
    eliminations: Vec<Candidate>,
) -> Option<Step> {
    let sets: Vec<Als> = sets.iter().map(|s| Als::new(state, s.clone())).collect();
    let refs: Vec<&Als> = sets.iter().collect();
    let rccs: Vec<(usize, Digit)> = links.iter().copied().enumerate().collect();
    let zs: DigitSet = eliminations.iter().map(|e| e.digit).collect();
    let text = || {
        let mut text = explain!("A={}", sets[0].text());
        for (i, (x, set)) in links.iter().zip(&sets[1..]).enumerate() {
            let letter = char::from(b'B' + i as u8).to_string();
            text.push(explain!(" -{}- {}={}", *x, letter, set.text()));
        }
        text.push(explain!(", Z={}", zs));
        text
    };
    step(
        Technique::AlsChain(sets.len() as u8),
        &refs,
        &rccs,
        eliminations,
        text,
    )
}

/// The step of an ALS pattern over `sets`, linked by the restricted commons `rccs` (a digit
/// `x` at `(i, x)` joins `sets[i]` and `sets[i + 1]`), explained by `text` (written only for a
/// step); `None` without eliminations. Cells of the end sets are left alone (a cell of a set
/// between them may lose a digit both ends hold).
fn step(
    technique: Technique,
    sets: &[&Als],
    rccs: &[(usize, Digit)],
    mut eliminations: Vec<Candidate>,
    text: impl FnOnce() -> Explanation,
) -> Option<Step> {
    let ends = [sets[0], sets[sets.len() - 1]];
    eliminations.retain(|e| ends.iter().all(|s| !s.cells.contains(&e.cell)));
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut step = Step::new(technique);
    step.pattern = sets.iter().flat_map(|s| s.candidates(s.digits)).collect();
    step.pattern.sort_unstable();
    step.pattern.dedup();
    step.figures = sets.iter().map(|s| s.figure()).collect();
    step.figures.extend(rccs.iter().map(|&(i, x)| {
        let first = sets[i].candidates(DigitSet::single(x));
        restricted_common(first, sets[i + 1], x)
    }));
    step.explanation = explain!(
        "{}: {} ⇒ {}",
        technique.name(),
        text(),
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    Some(step)
}

/// A state of the search: an ALS reached through an RCC it therefore lacks, and where from.
#[derive(Clone, Copy)]
struct Node {
    als: usize,
    entered: Digit,
    parent: Option<usize>,
}

/// Chains of three ALS or more, of the `lengths` asked for, each pair of ends with its first and
/// last RCC once (from the end with the smaller index), at the length of its shortest chain;
/// `sink` takes each step with its number of ALS until it returns `false`.
fn longer(
    state: &State,
    graph: &Graph,
    lengths: RangeInclusive<usize>,
    sink: &mut dyn FnMut(usize, Step) -> bool,
) {
    let size = state.size();
    let mut seen = vec![usize::MAX; graph.sets.len() * size];
    let mut search = 0;
    // One list for every search, its room kept.
    let mut nodes = Vec::new();
    for (first, set) in graph.sets.iter().enumerate() {
        for x in set.digits.iter() {
            search += 1;
            reach(
                graph,
                first,
                x,
                *lengths.end(),
                &mut seen,
                search,
                &mut nodes,
            );
            for (end, node) in nodes.iter().enumerate() {
                if node.als <= first {
                    continue;
                }
                let n = depth(&nodes, end);
                if !lengths.contains(&n) {
                    continue;
                }
                let found = chain_step(graph, &nodes, end, first, x, n);
                if found.is_some_and(|step| !sink(n, step)) {
                    return;
                }
            }
        }
    }
}

/// Breadth-first search from ALS `first` leaving through RCC `x`, up to chains of `n` ALS, into
/// `nodes` (emptied first); `seen` marks the (ALS, digit) states reached in search number
/// `search`.
fn reach(
    graph: &Graph,
    first: usize,
    x: Digit,
    n: usize,
    seen: &mut [usize],
    search: usize,
    nodes: &mut Vec<Node>,
) {
    let size = seen.len() / graph.sets.len();
    nodes.clear();
    let mut visit = |nodes: &mut Vec<Node>, node: Node| {
        let key = node.als * size + node.entered.index();
        if node.als != first && seen[key] != search {
            seen[key] = search;
            nodes.push(node);
        }
    };
    for &(next, rccs) in &graph.links[first] {
        if rccs.contains(x) {
            let node = Node {
                als: next,
                entered: x,
                parent: None,
            };
            visit(nodes, node);
        }
    }
    let mut level = 0..nodes.len();
    for _ in 2..n {
        let end = nodes.len();
        for from in level {
            let Node { als, entered, .. } = nodes[from];
            for &(next, rccs) in &graph.links[als] {
                for y in rccs.iter().filter(|&y| y != entered) {
                    let node = Node {
                        als: next,
                        entered: y,
                        parent: Some(from),
                    };
                    visit(nodes, node);
                }
            }
        }
        level = end..nodes.len();
    }
}

/// The number of ALS in the chain ending at `nodes[end]`, its start included.
fn depth(nodes: &[Node], end: usize) -> usize {
    std::iter::successors(Some(end), |&i| nodes[i].parent).count() + 1
}

/// The step of the chain from `first` (leaving through `x`) to `nodes[end]`.
fn chain_step(
    graph: &Graph,
    nodes: &[Node],
    end: usize,
    first: usize,
    x: Digit,
    n: usize,
) -> Option<Step> {
    let (a, last) = (&graph.sets[first], nodes[end]);
    let e = &graph.sets[last.als];
    let common = a
        .digits
        .without(DigitSet::single(x))
        .intersection(e.digits.without(DigitSet::single(last.entered)));
    let mut eliminations = Vec::new();
    let mut zs = DigitSet::EMPTY;
    for z in common.iter() {
        let before = eliminations.len();
        eliminations.extend(both_see(a, e, z));
        if eliminations.len() > before {
            zs.insert(z);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut path: Vec<Node> = std::iter::successors(Some(end), |&i| nodes[i].parent)
        .map(|i| nodes[i])
        .collect();
    path.reverse();
    let mut sets = vec![a];
    sets.extend(path.iter().map(|node| &graph.sets[node.als]));
    let text = || {
        let mut text = explain!("A={}", a.text());
        for (i, (node, set)) in path.iter().zip(&sets[1..]).enumerate() {
            let letter = char::from(b'B' + i as u8).to_string();
            text.push(explain!(" -{}- {}={}", node.entered, letter, set.text()));
        }
        text.push(explain!(", Z={}", zs));
        text
    };
    let rccs: Vec<(usize, Digit)> = path
        .iter()
        .enumerate()
        .map(|(i, node)| (i, node.entered))
        .collect();
    step(
        Technique::AlsChain(n as u8),
        &sets,
        &rccs,
        eliminations,
        text,
    )
}

#[cfg(test)]
mod tests {
    use super::{Graph, has_steps, lengths_with_steps, longer};
    use crate::core::Technique;
    use crate::core::step::{Figure, Role};
    use crate::model::{Layout, Names, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::assert_sound;
    use crate::techniques::testing::{cands, state, text, top1465_first};

    #[test]
    fn one_search_tells_which_chain_lengths_remove_something() {
        let s = top1465_first();
        let graph = Graph::of(&s, s.limits().als_cells);
        let surveyed = lengths_with_steps(&s, &graph, s.limits().als_chain_sets);
        let mut some = 0;
        for (n, &with_steps) in surveyed.iter().enumerate().skip(3) {
            let mut steps = 0;
            longer(&s, &graph, n..=n, &mut |_, _| {
                steps += 1;
                true
            });
            assert_eq!(with_steps, steps > 0, "chains of {n} ALS");
            assert_eq!(has_steps(&s, &graph, n), steps > 0, "kept with the graph");
            some += steps;
        }
        assert!(some > 0);
        assert_eq!(
            graph.chain_lengths.borrow().len(),
            1,
            "one survey for every length, kept with the graph"
        );
    }

    #[test]
    fn als_xz_in_a_six_by_six() {
        // A = r1c1,r1c2 {1,2,3} (1 only in r1c1), B = r3c1 {1,3}: 1 is restricted (column 1).
        // If r3c1 is not 1 it is 3; if it is 1, r1c1 is 2 and r1c2 is 3. So 3 is in r1c2 or
        // r3c1, and r2c1, r3c2 and r4c2 (boxes are two rows high), which see both, lose it.
        // Other ALS (any five cells of a full row) give other steps, all checked by search.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let s = state(layout, &[(1, 1, "12"), (1, 2, "23"), (3, 1, "13")]);
        let steps = find_all(Technique::AlsChain(2), &s);
        assert_sound(&s, &steps);
        let wanted = cands(6, &[(2, 1, 3), (3, 2, 3), (4, 2, 3)]);
        let wanted_text =
            "ALS-XZ: A=r1c1,r1c2 {1,2,3}, B=r3c1 {1,3}, X=1, Z=3 ⇒ r2c1<>3, r3c2<>3, r4c2<>3";
        let step = steps
            .iter()
            .find(|step| text(&s, step) == wanted_text)
            .unwrap();
        assert_eq!(step.eliminations[..], wanted[..]);
        let sheet = Names::new(s.layout(), None).at_sheet(0, 0);
        assert_eq!(
            step.explanation.render(&sheet),
            "ALS-XZ: A=r1c1,r1c2 {1,2,3}, B=r3c1 {1,3}, X=1, Z=3 ⇒ r2c1<>3 (A2), r3c2<>3 (B3), \
             r4c2<>3 (B4)"
        );
        let a = cands(6, &[(1, 1, 1), (1, 1, 2), (1, 2, 2), (1, 2, 3)]);
        assert_eq!(
            step.figures,
            [
                Figure::new(Role::Als, a),
                Figure::new(Role::Als, cands(6, &[(3, 1, 1), (3, 1, 3)])),
                Figure::new(Role::RestrictedCommon, cands(6, &[(1, 1, 1), (3, 1, 1)])),
            ]
        );
    }
}
