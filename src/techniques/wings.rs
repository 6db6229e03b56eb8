//! Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing.
//!
//! Each is a handful of cells that between them force one digit `z` into at least one of the cells
//! of the pattern that hold it; `z` then leaves every cell that sees all of those. "Sees" is
//! shared house membership from the layout, so boxes, jigsaw regions and Latin squares are served
//! alike. (Remote pairs are chains, not wings.)

use crate::core::step::{Figure, Link, LinkKind, Role};
use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, eliminations_text, seen_by_all};
use smallvec::SmallVec;

/// XY-Wing: pivot `{x,y}`, pincers `{x,z}` and `{y,z}` that see the pivot; `z` leaves the cells
/// seeing both pincers.
pub fn xy_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for pivot in layout.cells() {
        let held = state.candidates(pivot);
        if held.len() != 2 {
            continue;
        }
        let (x, y) = pair(held);
        let pincers = bivalue_peers(state, pivot);
        for &a in &pincers {
            let with_a = state.candidates(a);
            if !with_a.contains(x) || with_a.contains(y) {
                continue;
            }
            let z = with_a
                .without(held)
                .first()
                .expect("a pincer holds two digits");
            let wanted: DigitSet = [y, z].into_iter().collect();
            for &b in pincers.iter().filter(|&&b| state.candidates(b) == wanted) {
                let eliminations = seen_by_all(state, z, &[a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let digits = [x, y, z];
                let step = pivot_step(
                    state,
                    Technique::XyWing,
                    digits,
                    [pivot, a, b],
                    eliminations,
                );
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// XYZ-Wing: pivot `{x,y,z}`, pincers `{x,z}` and `{y,z}` that see the pivot; `z` leaves the
/// cells seeing the pivot and both pincers.
pub fn xyz_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for pivot in layout.cells() {
        let held = state.candidates(pivot);
        if held.len() != 3 {
            continue;
        }
        let pincers: Vec<Cell> = bivalue_peers(state, pivot)
            .into_iter()
            .filter(|&c| state.candidates(c).without(held).is_empty())
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (with_a, with_b) = (state.candidates(a), state.candidates(b));
                if with_a == with_b || with_a.union(with_b) != held {
                    continue;
                }
                let z = with_a
                    .intersection(with_b)
                    .first()
                    .expect("the pincers share z");
                let eliminations = seen_by_all(state, z, &[pivot, a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let (x, y) = (only(with_a, z), only(with_b, z));
                let digits = [x, y, z];
                let step = pivot_step(
                    state,
                    Technique::XyzWing,
                    digits,
                    [pivot, a, b],
                    eliminations,
                );
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// W-Wing: two cells `{x,y}` that do not see each other, joined by a strong link on `x` (a house
/// where `x` has exactly two places, one seen by each cell): one of them is `y`, so `y` leaves
/// the cells seeing both.
pub fn w_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    let bivalue: Vec<Cell> = layout
        .cells()
        .filter(|&c| state.candidates(c).len() == 2)
        .collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let held = state.candidates(a);
            if state.candidates(b) != held || layout.sees(a, b) {
                continue;
            }
            for (x, y) in [pair(held), swap(pair(held))] {
                let eliminations = seen_by_all(state, y, &[a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let Some((house, ends)) = strong_link(state, x, a, b) else {
                    continue;
                };
                let detail = explain!(
                    "{}/{}: {} and {} joined by the strong link on {} in {} ({} = {})",
                    y,
                    x,
                    a,
                    b,
                    x,
                    House(house),
                    ends[0],
                    ends[1]
                );
                let mut step = wing_step(state, Technique::WWing, &[a, b], detail, eliminations);
                step.pattern.extend(ends.map(|c| Candidate::new(c, x)));
                step.pattern.sort_unstable();
                step.base.push(house);
                step.figures = pincers(state, &[a, b]);
                step.links = w_wing_links([a, ends[0], ends[1], b], x, y);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// WXYZ-Wing: four cells that see one another in a connected way and hold four digits between
/// them, every digit but one (`z`) restricted (its cells in the pattern all see one another).
/// The four cells cannot all take restricted digits, so one of them is `z`: `z` leaves the cells
/// seeing every cell of the pattern that holds it.
pub fn wxyz_wing(state: &State, sink: &mut Sink) {
    // Most patterns remove nothing: only those that do are put in order.
    let mut wings: Vec<([Cell; 4], Digit, Vec<Candidate>)> = wxyz_patterns(state)
        .into_iter()
        .filter_map(|cells| {
            let z = lone_unrestricted(state, &cells)?;
            let eliminations = seen_by_all(state, z, &holding(state, &cells, z));
            (!eliminations.is_empty()).then_some((cells, z, eliminations))
        })
        .collect();
    wings.sort_unstable_by_key(|&(cells, ..)| cells);
    for (cells, z, eliminations) in wings {
        let digits = cells
            .iter()
            .fold(DigitSet::EMPTY, |d, &c| d.union(state.candidates(c)));
        let detail = explain!(
            "{} in {}: only {} is unrestricted",
            digits,
            cell_list(&cells),
            z
        );
        let mut step = wing_step(state, Technique::WxyzWing, &cells, detail, eliminations);
        let pivot = hinge(state, &cells);
        let others: SmallVec<[Cell; 4]> = cells.iter().copied().filter(|&c| c != pivot).collect();
        step.figures = pivot_and_pincers(state, pivot, &others);
        if !sink(step) {
            return;
        }
    }
}

/// The pivot of a WXYZ pattern: the cell that sees the most of the others (the first of them
/// with the most candidates on a tie).
fn hinge(state: &State, cells: &[Cell; 4]) -> Cell {
    let layout = state.layout();
    let seen = |c: Cell| {
        cells
            .iter()
            .filter(|&&o| o != c && layout.sees(c, o))
            .count()
    };
    let mut best = cells[0];
    for &cell in &cells[1..] {
        let key = |c: Cell| (seen(c), state.candidates(c).len());
        if key(cell) > key(best) {
            best = cell;
        }
    }
    best
}

/// The digit of a WXYZ pattern whose cells holding it do not all see one another, if it is
/// the only such digit.
fn lone_unrestricted(state: &State, cells: &[Cell; 4]) -> Option<Digit> {
    /// Per cell `i` of the four: the masks of cells (bit `m` for the mask `m`) that include it.
    const WITH: [u16; 4] = [0xAAAA, 0xCCCC, 0xF0F0, 0xFF00];
    let layout = state.layout();
    // Bit `m` set: the cells of mask `m` (bit i for cells[i]) do not all see one another.
    let mut apart = 0u16;
    for i in 0..4 {
        for j in i + 1..4 {
            if !layout.sees(cells[i], cells[j]) {
                apart |= WITH[i] & WITH[j];
            }
        }
    }
    let sets = cells.map(|c| state.candidates(c));
    let digits = sets.iter().fold(DigitSet::EMPTY, |d, &s| d.union(s));
    let mut unrestricted = None;
    for digit in digits.iter() {
        let holders = (0..4).fold(0u16, |mask, i| {
            mask | u16::from(sets[i].contains(digit)) << i
        });
        if apart >> holders & 1 == 1 {
            if unrestricted.is_some() {
                return None;
            }
            unrestricted = Some(digit);
        }
    }
    unrestricted
}

/// The connected four-cell sets of cells holding two to four candidates and four digits in all,
/// in no particular order, at most [`Limits::wxyz_patterns`](crate::core::Limits::wxyz_patterns) of them.
fn wxyz_patterns(state: &State) -> Vec<[Cell; 4]> {
    let small: Vec<bool> = state
        .all_candidates()
        .iter()
        .map(|c| (2..=4).contains(&c.len()))
        .collect();
    let mut sets = ConnectedSets {
        state,
        small,
        chosen: Vec::with_capacity(4),
        next: Default::default(),
        found: Vec::new(),
        budget: state.limits().wxyz_patterns,
    };
    for seed in state.layout().cells() {
        if sets.budget == 0 {
            break;
        }
        if sets.small[seed.index()] {
            sets.next[1].clear();
            sets.add_later_peers(1, seed, seed);
            sets.chosen.push(seed);
            sets.extend(seed);
            sets.chosen.pop();
        }
    }
    sets.found
}

/// The search for connected four-cell sets, each met once: a set is grown from its first cell
/// `seed` by cells after it, and each new cell adds to the cells that may come next only its own
/// peers that no cell already chosen sees (so no set is reached by two paths).
struct ConnectedSets<'a> {
    state: &'a State,
    /// Per cell: whether it holds two to four candidates.
    small: Vec<bool>,
    chosen: Vec<Cell>,
    /// Per number of cells chosen: the cells that may come next.
    next: [Vec<Cell>; 4],
    found: Vec<[Cell; 4]>,
    budget: usize,
}

impl ConnectedSets<'_> {
    /// Extends `chosen` (grown from `seed`) by each cell that may come next in turn, while its
    /// digits stay at most four; records the sets of four.
    fn extend(&mut self, seed: Cell) {
        let depth = self.chosen.len();
        if let [a, b, c, d] = self.chosen[..] {
            let mut set = [a, b, c, d];
            set.sort_unstable();
            self.found.push(set);
            self.budget = self.budget.saturating_sub(1);
            return;
        }
        let digits = self.digits();
        while let Some(cell) = self.next[depth].pop() {
            if self.budget == 0 {
                return;
            }
            if digits.union(self.state.candidates(cell)).len() > 4 {
                continue;
            }
            if depth + 1 < 4 {
                let (done, rest) = self.next.split_at_mut(depth + 1);
                rest[0].clone_from(&done[depth]);
                self.add_later_peers(depth + 1, cell, seed);
            }
            self.chosen.push(cell);
            self.extend(seed);
            self.chosen.pop();
        }
    }

    /// Adds to `next[depth]` the peers of `cell` after `seed` that may join a pattern and that
    /// no chosen cell is or sees. None is there already: every cell there is a peer of a chosen
    /// cell (the seed's, or one added with an earlier cell).
    fn add_later_peers(&mut self, depth: usize, cell: Cell, seed: Cell) {
        let layout = self.state.layout();
        for &peer in layout.peers(cell) {
            if peer > seed && self.small[peer.index()] && !self.sees_chosen(peer) {
                debug_assert!(!self.next[depth].contains(&peer));
                self.next[depth].push(peer);
            }
        }
    }

    /// Whether `cell` is chosen or sees a chosen cell.
    fn sees_chosen(&self, cell: Cell) -> bool {
        let layout = self.state.layout();
        self.chosen
            .iter()
            .any(|&c| c == cell || layout.sees(c, cell))
    }

    fn digits(&self) -> DigitSet {
        self.chosen
            .iter()
            .fold(DigitSet::EMPTY, |d, &c| d.union(self.state.candidates(c)))
    }
}

/// A house (and its two places) where `x` has exactly two places, neither `a` nor `b`, one seen
/// by `a` and the other by `b`.
fn strong_link(state: &State, x: Digit, a: Cell, b: Cell) -> Option<(usize, [Cell; 2])> {
    let layout = state.layout();
    layout.houses().iter().enumerate().find_map(|(id, house)| {
        let [p, q] = state.two_places(house, x)?;
        if [p, q].iter().any(|c| *c == a || *c == b) {
            return None;
        }
        if layout.sees(a, p) && layout.sees(b, q) {
            Some((id, [p, q]))
        } else if layout.sees(a, q) && layout.sees(b, p) {
            Some((id, [q, p]))
        } else {
            None
        }
    })
}

/// The step of a wing whose pivot and pincers are `[pivot, a, b]`, on digits `x/y/z`.
fn pivot_step(
    state: &State,
    technique: Technique,
    [x, y, z]: [Digit; 3],
    [pivot, a, b]: [Cell; 3],
    eliminations: Vec<Candidate>,
) -> Step {
    let detail = explain!(
        "{}/{}/{}: pivot {}, pincers {} and {}",
        x,
        y,
        z,
        pivot,
        a,
        b
    );
    let mut step = wing_step(state, technique, &[pivot, a, b], detail, eliminations);
    step.figures = pivot_and_pincers(state, pivot, &[a, b]);
    step
}

/// The figures of a wing: the pivot and each pincer, with all their candidates.
fn pivot_and_pincers(state: &State, pivot: Cell, wings: &[Cell]) -> Vec<Figure> {
    let all = DigitSet::full(state.size());
    let mut figures = vec![Figure::new(Role::Pivot, state.candidates_in(&[pivot], all))];
    figures.extend(pincers(state, wings));
    figures
}

/// A pincer figure per cell of `cells`, with all its candidates.
fn pincers(state: &State, cells: &[Cell]) -> Vec<Figure> {
    let all = DigitSet::full(state.size());
    cells
        .iter()
        .map(|&c| Figure::new(Role::Pincer, state.candidates_in(&[c], all)))
        .collect()
}

/// A W-Wing's chain `(y=x)a-(x)p=(x)q-(x=y)b`: each wing cell's two digits, the weak links to
/// the strong link's ends `p` and `q`, and the strong link on `x` between them.
fn w_wing_links([a, p, q, b]: [Cell; 4], x: Digit, y: Digit) -> Vec<Link> {
    let link = |from: Candidate, to: Candidate, kind| Link {
        from: vec![from],
        to: vec![to],
        kind,
    };
    let (ay, ax) = (Candidate::new(a, y), Candidate::new(a, x));
    let (px, qx) = (Candidate::new(p, x), Candidate::new(q, x));
    let (bx, by) = (Candidate::new(b, x), Candidate::new(b, y));
    vec![
        link(ay, ax, LinkKind::Strong),
        link(ax, px, LinkKind::Weak),
        link(px, qx, LinkKind::Strong),
        link(qx, bx, LinkKind::Weak),
        link(bx, by, LinkKind::Strong),
    ]
}

/// The step of a wing of `technique` on `cells`: `{name} {detail} ⇒ {eliminations}`.
fn wing_step(
    state: &State,
    technique: Technique,
    cells: &[Cell],
    detail: Explanation,
    eliminations: Vec<Candidate>,
) -> Step {
    let mut step = Step::new(technique);
    step.pattern = state
        .candidates_in(cells, DigitSet::full(state.size()))
        .into();
    step.pattern.sort_unstable();
    step.explanation = explain!(
        "{} {} ⇒ {}",
        technique.name(),
        detail,
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    step
}

/// The cells among `cells` (a wing's four) that hold `digit`.
fn holding(state: &State, cells: &[Cell], digit: Digit) -> SmallVec<[Cell; 4]> {
    cells
        .iter()
        .copied()
        .filter(|&c| state.candidates(c).contains(digit))
        .collect()
}

/// The peers of `cell` with exactly two candidates.
fn bivalue_peers(state: &State, cell: Cell) -> Vec<Cell> {
    state
        .layout()
        .peers(cell)
        .iter()
        .copied()
        .filter(|&c| state.candidates(c).len() == 2)
        .collect()
}

/// The two digits of a two-digit set, ascending.
fn pair(digits: DigitSet) -> (Digit, Digit) {
    let mut it = digits.iter();
    let first = it.next().expect("two digits");
    (first, it.next().expect("two digits"))
}

fn swap((a, b): (Digit, Digit)) -> (Digit, Digit) {
    (b, a)
}

/// The digit of a two-digit set other than `digit`.
fn only(digits: DigitSet, digit: Digit) -> Digit {
    digits
        .without(DigitSet::single(digit))
        .first()
        .expect("two digits")
}

#[cfg(test)]
mod tests {
    use super::wxyz_patterns;
    use crate::core::step::{LinkKind, Role};
    use crate::core::{State, Technique};
    use crate::model::Cell;
    use crate::model::{Candidate, DigitSet, Layout, Names, Regions};
    use crate::search::count_from_candidates;
    use crate::techniques::testing::{cands, jigsaw4, roles, state, text, top1465_first};
    use crate::techniques::{find_all, find_first};

    fn six() -> Layout {
        Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap()
    }

    /// Whether no solution of the state's candidates holds `removed`.
    fn in_no_solution(state: &State, removed: Candidate) -> bool {
        let mut candidates = state.all_candidates().to_vec();
        candidates[removed.cell.index()] = DigitSet::single(removed.digit);
        count_from_candidates(state.layout(), &candidates, 1).solutions == 0
    }

    #[test]
    fn wxyz_patterns_are_every_connected_four_cell_set_of_at_most_four_digits_once() {
        // Checked against every four of the cells holding two to four candidates, kept when each
        // of them sees another (the sets form a connected graph) and they hold four digits.
        // The state where top1465 #1 needs its first WXYZ-Wing, or beyond: a few dozen cells
        // of two to four candidates.
        let mut s = top1465_first();
        let order = crate::techniques::ordered(9, s.limits());
        let simpler = order.iter().take_while(|&&t| t != Technique::WxyzWing);
        while let Some(step) = simpler.clone().find_map(|&t| find_first(t, &s)) {
            s.apply(&step);
        }
        let layout = s.layout();
        let small: Vec<Cell> = layout
            .cells()
            .filter(|&c| (2..=4).contains(&s.candidates(c).len()))
            .collect();
        let connected = |set: &[Cell]| {
            let mut reached = vec![set[0]];
            while let Some(&next) = set
                .iter()
                .find(|&&c| !reached.contains(&c) && reached.iter().any(|&r| layout.sees(r, c)))
            {
                reached.push(next);
            }
            reached.len() == set.len()
        };
        let mut expected = Vec::new();
        let n = small.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        let set = [small[a], small[b], small[c], small[d]];
                        let digits = set
                            .iter()
                            .fold(DigitSet::EMPTY, |u, &x| u.union(s.candidates(x)));
                        if digits.len() <= 4 && connected(&set) {
                            expected.push(set);
                        }
                    }
                }
            }
        }
        assert!(
            expected.len() > 10,
            "a sample with patterns: {}",
            expected.len()
        );
        let mut found = wxyz_patterns(&s);
        found.sort_unstable();
        assert_eq!(found, expected);
    }

    #[test]
    fn xy_wing_in_a_six_by_six() {
        // Pivot r1c1 {1,2} sees r1c5 {1,3} (row) and r2c2 {2,3} (box): one pincer is 3, so 3
        // leaves r1c2, r1c3 (row 1 and box 1) and r2c4-6 (row 2 and box 2). Every other cell
        // holds all six digits.
        let s = state(six(), &[(1, 1, "12"), (1, 5, "13"), (2, 2, "23")]);
        let steps = find_all(Technique::XyWing, &s);
        assert_eq!(steps.len(), 1);
        let expected = [(1, 2, 3), (1, 3, 3), (2, 4, 3), (2, 5, 3), (2, 6, 3)];
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert!(steps[0].eliminations.iter().all(|&e| in_no_solution(&s, e)));
        assert_eq!(
            text(&s, &steps[0]),
            "XY-Wing 1/2/3: pivot r1c1, pincers r1c5 and r2c2 ⇒ r1c2<>3, r1c3<>3, r2c4<>3, \
             r2c5<>3, r2c6<>3"
        );
        let sheet = Names::new(s.layout(), None).at_sheet(0, 0);
        assert!(steps[0].explanation.render(&sheet).starts_with(
            "XY-Wing 1/2/3: pivot r1c1 (A1), pincers r1c5 (E1) and r2c2 (B2) ⇒ r1c2<>3 (B1)"
        ));
        assert!(find_all(Technique::XyzWing, &s).is_empty());
        assert_eq!(
            roles(&steps[0]),
            [
                (Role::Pivot, cands(6, &[(1, 1, 1), (1, 1, 2)])),
                (Role::Pincer, cands(6, &[(1, 5, 1), (1, 5, 3)])),
                (Role::Pincer, cands(6, &[(2, 2, 2), (2, 2, 3)])),
            ]
        );
    }

    #[test]
    fn xyz_wing_in_a_six_by_six() {
        // Pivot r1c2 {1,2,3} with r1c5 {1,3} and r2c1 {2,3}: 3 leaves the cells seeing all
        // three, r1c1 and r1c3 (row 1 and box 1).
        let s = state(six(), &[(1, 2, "123"), (1, 5, "13"), (2, 1, "23")]);
        let steps = find_all(Technique::XyzWing, &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].eliminations[..],
            cands(6, &[(1, 1, 3), (1, 3, 3)])[..]
        );
        assert!(steps[0].eliminations.iter().all(|&e| in_no_solution(&s, e)));
        assert_eq!(
            text(&s, &steps[0]),
            "XYZ-Wing 1/2/3: pivot r1c2, pincers r1c5 and r2c1 ⇒ r1c1<>3, r1c3<>3"
        );
    }

    #[test]
    fn w_wing_in_a_jigsaw() {
        // r1c1 and r4c4 hold {1,2} and share no house. Column 2 holds 2 only in r1c2 (seen by
        // r1c1 in row 1) and r4c2 (seen by r4c4 in row 4): one of r1c1, r4c4 is 1, so 1 leaves
        // the cells seeing both, r1c4 (row 1, column 4) and r4c1 (column 1, row 4).
        let marks = [(1, 1, "12"), (4, 4, "12"), (2, 2, "134"), (3, 2, "134")];
        let s = state(jigsaw4(), &marks);
        let steps = find_all(Technique::WWing, &s);
        assert!(!steps.is_empty());
        let step = steps
            .iter()
            .find(|step| text(&s, step).contains("on 2 in column 2"))
            .expect("the link in column 2");
        assert_eq!(step.eliminations[..], cands(4, &[(1, 4, 1), (4, 1, 1)])[..]);
        assert!(step.eliminations.iter().all(|&e| in_no_solution(&s, e)));
        assert_eq!(
            text(&s, step),
            "W-Wing 1/2: r1c1 and r4c4 joined by the strong link on 2 in column 2 (r1c2 = r4c2) \
             ⇒ r1c4<>1, r4c1<>1"
        );
        // (1=2)r1c1-(2)r1c2=(2)r4c2-(2=1)r4c4: the chain in order, its cells the pincers.
        let links: Vec<_> = step
            .links
            .iter()
            .map(|l| (l.kind, [&l.from[..], &l.to[..]].map(|n| n.to_vec())))
            .collect();
        let c = |r, c, d| cands(4, &[(r, c, d)])[0];
        assert_eq!(
            links,
            [
                (LinkKind::Strong, [vec![c(1, 1, 1)], vec![c(1, 1, 2)]]),
                (LinkKind::Weak, [vec![c(1, 1, 2)], vec![c(1, 2, 2)]]),
                (LinkKind::Strong, [vec![c(1, 2, 2)], vec![c(4, 2, 2)]]),
                (LinkKind::Weak, [vec![c(4, 2, 2)], vec![c(4, 4, 2)]]),
                (LinkKind::Strong, [vec![c(4, 4, 2)], vec![c(4, 4, 1)]]),
            ]
        );
        let roles: Vec<Role> = step.figures.iter().map(|f| f.role).collect();
        assert_eq!(roles, [Role::Pincer, Role::Pincer]);
    }

    #[test]
    fn wxyz_wing_in_a_six_by_six() {
        // r1c1 {1,4}, r1c2 {2,4}, r1c5 {3,4}, r2c1 {1,2,3}: four cells, four digits; 1, 2 and 4
        // are restricted, 3 (r1c5, r2c1) is not. If neither is 3, r1c5 is 4, so r1c1 is 1 and
        // r1c2 is 2, leaving r2c1 nothing. So 3 leaves r1c3 and r2c4-6.
        let marks = [(1, 1, "14"), (1, 2, "24"), (1, 5, "34"), (2, 1, "123")];
        let s = state(six(), &marks);
        let steps = find_all(Technique::WxyzWing, &s);
        assert_eq!(steps.len(), 1);
        let expected = [(1, 3, 3), (2, 4, 3), (2, 5, 3), (2, 6, 3)];
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert!(steps[0].eliminations.iter().all(|&e| in_no_solution(&s, e)));
        assert_eq!(
            text(&s, &steps[0]),
            "WXYZ-Wing 1,2,3,4 in r1c1, r1c2, r1c5, r2c1: only 3 is unrestricted ⇒ r1c3<>3, \
             r2c4<>3, r2c5<>3, r2c6<>3"
        );
        // r1c1 sees the three others (row 1, box 1): the pivot.
        let roles: Vec<_> = steps[0]
            .figures
            .iter()
            .map(|f| (f.role, f.candidates[0].cell))
            .collect();
        let cell = |r: usize, c: usize| Cell::at(r - 1, c - 1, 6);
        assert_eq!(
            roles,
            [
                (Role::Pivot, cell(1, 1)),
                (Role::Pincer, cell(1, 2)),
                (Role::Pincer, cell(1, 5)),
                (Role::Pincer, cell(2, 1)),
            ]
        );
    }
}
