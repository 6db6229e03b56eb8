//! Colouring: simple colours (trap and wrap) and multi-colours (HoDoKu's types 1 and 2).
//!
//! For one digit, the strong links (houses with exactly two places) join cells into clusters.
//! Colouring a cluster's cells in two alternating colours, `+` and `-`, splits it so that either
//! every `+` cell holds the digit or every `-` cell does.
//!
//! - Trap: a candidate outside the cluster that sees both colours goes.
//! - Wrap: two cells of one colour share a house, so that colour cannot hold the digit.
//! - Multi-colours trap: a colour of cluster A sees a colour of cluster B, so one of their partner
//!   colours holds the digit; a candidate outside both clusters that sees both partners goes.
//! - Multi-colours wrap: a colour of cluster A sees both colours of cluster B, so it goes.
//!
//! Clusters come from generic houses, so any box shape, jigsaw regions and Latin squares are
//! served alike. The work is linear in the candidates per cluster (pairs of clusters for
//! multi-colours), so no cap is needed.

use crate::core::step::{Figure, Link, LinkKind, Role};
use crate::core::{ColouringRule, State, Step, Technique};
use crate::explain;
use crate::model::explanation::Node;
use crate::model::{Candidate, Cell, Digit, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::{StrongLink, all_strong_links, each_digit, eliminations_text};

/// Finds the steps of one colouring rule.
pub fn find(state: &State, rule: ColouringRule, sink: &mut Sink) {
    let mut links = None;
    each_digit(state, Technique::Colouring(rule), sink, |digit, sink| {
        let links = links.get_or_insert_with(|| all_strong_links(state));
        let clusters = clusters(state, links.of(digit));
        match rule {
            ColouringRule::Trap => clusters.iter().all(|c| trap(state, digit, c, sink)),
            ColouringRule::Wrap => clusters.iter().all(|c| wrap(state, digit, c, sink)),
            ColouringRule::MultiTrap => multi_trap(state, digit, &clusters, sink),
            ColouringRule::MultiWrap => multi_wrap(state, digit, &clusters, sink),
        }
    });
}

/// The names of a cluster's two colours.
const SIGNS: [&str; 2] = ["+", "-"];

/// The cells of one cluster, by colour: either all of `colours[0]` or all of `colours[1]` hold
/// the digit.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cluster {
    colours: [Vec<Cell>; 2],
    /// The strong links that join the cells, each once.
    links: Vec<[Cell; 2]>,
}

impl Cluster {
    fn contains(&self, cell: Cell) -> bool {
        self.colours.iter().any(|colour| colour.contains(&cell))
    }

    /// `+ r1c4,r5c6 / - r8c9,r2c3`, or with a cluster name `A+ r1c4 / A- r8c9`.
    fn describe(&self, name: &'static str) -> Explanation {
        explain!(
            "{}+ {} / {}- {}",
            name,
            cells_text(&self.colours[0]),
            name,
            cells_text(&self.colours[1])
        )
    }

    /// Adds the cluster to `step`'s data: its colours as figures, its strong links as links.
    fn draw(&self, digit: Digit, step: &mut Step) {
        let colour = |i: usize| self.colours[i].iter().map(|&c| Candidate::new(c, digit));
        step.figures.push(Figure::new(Role::ColourA, colour(0)));
        step.figures.push(Figure::new(Role::ColourB, colour(1)));
        step.links.extend(self.links.iter().map(|&[a, b]| Link {
            from: vec![Candidate::new(a, digit)],
            to: vec![Candidate::new(b, digit)],
            kind: LinkKind::Strong,
        }));
    }

    /// Every candidate of the cluster, row-major.
    fn candidates(&self, digit: Digit) -> Vec<Candidate> {
        let mut all: Vec<Candidate> = self
            .colours
            .iter()
            .flatten()
            .map(|&c| Candidate::new(c, digit))
            .collect();
        all.sort_unstable();
        all
    }
}

/// `r1c4,r5c6`: bare names, as in chain notation, to keep a large cluster readable.
fn cells_text(cells: &[Cell]) -> Explanation {
    Explanation::join(cells.iter().map(|&c| Node(c)), ",")
}

/// The clusters of one digit's strong `links`, each coloured from its first cell (row-major). A
/// cluster whose links close an odd loop (possible only in a broken state) is left out.
fn clusters(state: &State, links: &[StrongLink]) -> Vec<Cluster> {
    let cell_count = state.layout().cell_count();
    let mut neighbours: Vec<Vec<Cell>> = vec![Vec::new(); cell_count];
    for link in links {
        let [a, b] = link.cells;
        neighbours[a.index()].push(b);
        neighbours[b.index()].push(a);
    }
    let mut colour_of: Vec<Option<usize>> = vec![None; cell_count];
    let mut clusters = Vec::new();
    for start in state.layout().cells() {
        if neighbours[start.index()].is_empty() || colour_of[start.index()].is_some() {
            continue;
        }
        let mut cluster = Cluster {
            colours: [vec![start], Vec::new()],
            links: Vec::new(),
        };
        colour_of[start.index()] = Some(0);
        let mut queue = vec![start];
        let mut odd_loop = false;
        while let Some(cell) = queue.pop() {
            let colour = colour_of[cell.index()].unwrap_or_default();
            for &next in &neighbours[cell.index()] {
                if cell < next {
                    cluster.links.push([cell, next]);
                }
                match colour_of[next.index()] {
                    Some(c) => odd_loop |= c == colour,
                    None => {
                        colour_of[next.index()] = Some(1 - colour);
                        cluster.colours[1 - colour].push(next);
                        queue.push(next);
                    }
                }
            }
        }
        if !odd_loop {
            cluster.colours.iter_mut().for_each(|c| c.sort_unstable());
            clusters.push(cluster);
        }
    }
    clusters
}

/// Whether `cell` sees some cell of `cells`.
fn sees_any(state: &State, cell: Cell, cells: &[Cell]) -> bool {
    cells.iter().any(|&c| state.layout().sees(cell, c))
}

/// The candidates of `digit` outside `clusters` that see a cell of each of `targets`.
fn seeing_all(
    state: &State,
    digit: Digit,
    clusters: &[&Cluster],
    targets: [&[Cell]; 2],
) -> Vec<Candidate> {
    state
        .layout()
        .cells()
        .filter(|&c| state.candidates(c).contains(digit))
        .filter(|&c| !clusters.iter().any(|cluster| cluster.contains(c)))
        .filter(|&c| targets.iter().all(|t| sees_any(state, c, t)))
        .map(|c| Candidate::new(c, digit))
        .collect()
}

/// Simple colours, trap: candidates that see both colours of `cluster` go.
fn trap(state: &State, digit: Digit, cluster: &Cluster, sink: &mut Sink) -> bool {
    let [plus, minus] = &cluster.colours;
    let eliminations = seeing_all(state, digit, &[cluster], [plus, minus]);
    if eliminations.is_empty() {
        return true;
    }
    let technique = Technique::Colouring(ColouringRule::Trap);
    let mut step = Step::new(technique);
    step.pattern = cluster.candidates(digit).into();
    cluster.draw(digit, &mut step);
    step.explanation = explain!(
        "{} on {}: {}, one colour holds {}; each removed {} sees both ⇒ {}",
        technique.name(),
        digit,
        cluster.describe(""),
        digit,
        digit,
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    sink(step)
}

/// Two cells of `cells` that share a house, if any.
fn clash(state: &State, cells: &[Cell]) -> Option<(Cell, Cell)> {
    cells.iter().enumerate().find_map(|(i, &a)| {
        cells[i + 1..]
            .iter()
            .find(|&&b| state.layout().sees(a, b))
            .map(|&b| (a, b))
    })
}

/// Simple colours, wrap: a colour with two cells in one house cannot hold the digit.
fn wrap(state: &State, digit: Digit, cluster: &Cluster, sink: &mut Sink) -> bool {
    for (sign, colour) in SIGNS.iter().zip(&cluster.colours) {
        let Some((a, b)) = clash(state, colour) else {
            continue;
        };
        let technique = Technique::Colouring(ColouringRule::Wrap);
        let mut step = Step::new(technique);
        step.pattern = cluster.candidates(digit).into();
        cluster.draw(digit, &mut step);
        step.eliminations = colour.iter().map(|&c| Candidate::new(c, digit)).collect();
        step.explanation = explain!(
            "{} on {}: {}; {} has {} and {} in {}, so {} is not {} ⇒ {}",
            technique.name(),
            digit,
            cluster.describe(""),
            *sign,
            Node(a),
            Node(b),
            state
                .layout()
                .shared_unit(a, b)
                .expect("cells that see each other share a house or a cage"),
            *sign,
            digit,
            eliminations_text(&step.eliminations)
        );
        if !sink(step) {
            return false;
        }
    }
    true
}

/// A cell of `from` and a cell of `to` that see each other, if any.
fn bridge(state: &State, from: &[Cell], to: &[Cell]) -> Option<(Cell, Cell)> {
    from.iter().find_map(|&a| {
        to.iter()
            .find(|&&b| state.layout().sees(a, b))
            .map(|&b| (a, b))
    })
}

/// Multi-colours trap: colour `x` of cluster A sees colour `y` of cluster B, so A's other colour
/// or B's other colour holds the digit, and every candidate that sees both of those goes. One step
/// per pair of clusters gathers what all their bridges remove.
fn multi_trap(state: &State, digit: Digit, clusters: &[Cluster], sink: &mut Sink) -> bool {
    for (i, a) in clusters.iter().enumerate() {
        for b in &clusters[i + 1..] {
            let mut eliminations = Vec::new();
            let mut reasons = Vec::new();
            for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let Some((p, q)) = bridge(state, &a.colours[x], &b.colours[y]) else {
                    continue;
                };
                let partners = [&a.colours[1 - x][..], &b.colours[1 - y][..]];
                eliminations.extend(seeing_all(state, digit, &[], partners));
                reasons.push(explain!(
                    "{} sees {}, so A{} or B{} holds {}",
                    Node(p),
                    Node(q),
                    SIGNS[1 - x],
                    SIGNS[1 - y],
                    digit
                ));
            }
            if eliminations.is_empty() {
                continue;
            }
            eliminations.sort_unstable();
            eliminations.dedup();
            let technique = Technique::Colouring(ColouringRule::MultiTrap);
            let mut step = Step::new(technique);
            step.pattern = union(a.candidates(digit), b.candidates(digit)).into();
            a.draw(digit, &mut step);
            b.draw(digit, &mut step);
            step.explanation = explain!(
                "{} on {}: {}; {}; {}; each removed {} sees both ⇒ {}",
                technique.name(),
                digit,
                a.describe("A"),
                b.describe("B"),
                Explanation::join(reasons, "; "),
                digit,
                eliminations_text(&eliminations)
            );
            step.eliminations = eliminations.into();
            if !sink(step) {
                return false;
            }
        }
    }
    true
}

/// Multi-colours wrap: a colour of cluster A that sees both colours of cluster B cannot hold the
/// digit, as one of B's colours does.
fn multi_wrap(state: &State, digit: Digit, clusters: &[Cluster], sink: &mut Sink) -> bool {
    for (i, a) in clusters.iter().enumerate() {
        for (j, b) in clusters.iter().enumerate() {
            for sign in 0..2 {
                let step = (i != j)
                    .then(|| multi_wrap_step(state, digit, [a, b], sign))
                    .flatten();
                if !step.is_none_or(&mut *sink) {
                    return false;
                }
            }
        }
    }
    true
}

/// The multi-colours wrap step for colour `sign` of cluster A, if it sees both colours of B.
fn multi_wrap_step(
    state: &State,
    digit: Digit,
    [a, b]: [&Cluster; 2],
    sign: usize,
) -> Option<Step> {
    let colour = &a.colours[sign];
    let plus = bridge(state, colour, &b.colours[0])?;
    let minus = bridge(state, colour, &b.colours[1])?;
    let technique = Technique::Colouring(ColouringRule::MultiWrap);
    let mut step = Step::new(technique);
    step.pattern = union(a.candidates(digit), b.candidates(digit)).into();
    a.draw(digit, &mut step);
    b.draw(digit, &mut step);
    step.eliminations = colour.iter().map(|&c| Candidate::new(c, digit)).collect();
    let sees = |(p, q): (Cell, Cell)| explain!("{} sees {}", Node(p), Node(q));
    step.explanation = explain!(
        "{} on {}: {}; {}; A{} sees both B colours ({}, {}), so A{} is not {} ⇒ {}",
        technique.name(),
        digit,
        a.describe("A"),
        b.describe("B"),
        SIGNS[sign],
        sees(plus),
        sees(minus),
        SIGNS[sign],
        digit,
        eliminations_text(&step.eliminations)
    );
    Some(step)
}

/// The candidates of `a` and `b`, sorted.
fn union(mut a: Vec<Candidate>, b: Vec<Candidate>) -> Vec<Candidate> {
    a.extend(b);
    a.sort_unstable();
    a.dedup();
    a
}

#[cfg(test)]
mod tests {
    use crate::core::step::{LinkKind, Role};
    use crate::core::{ColouringRule, Technique};
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::{assert_removes_only_one, cands, roles, text, without_one};

    #[test]
    fn colour_wrap_in_a_six_by_six() {
        // 2x3 boxes. 1 is confined to two places in row 1 (c1, c4), column 4 (r1, r4), row 4
        // (c4, c2) and column 2 (r4, r2): one cluster, + r1c1, r2c2, r4c4 / - r1c4, r4c2. r1c1
        // and r2c2 are both + in box 1, so + cannot be 1.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let mut gaps = Vec::new();
        for i in [3, 5, 6] {
            gaps.extend([(1, i), (i, 4), (4, i), (i, 2)]);
        }
        gaps.extend([(1, 2), (2, 4), (4, 1), (6, 2)]);
        let s = without_one(layout, &gaps);
        let steps = find_all(Technique::Colouring(ColouringRule::Wrap), &s);
        assert_eq!(steps.len(), 1);
        let expected = [(1, 1, 1), (2, 2, 1), (4, 4, 1)];
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert_eq!(
            text(&s, &steps[0]),
            "Simple Colours (wrap) on 1: + r1c1,r2c2,r4c4 / - r1c4,r4c2; + has r1c1 and r2c2 in \
             box 1, so + is not 1 ⇒ r1c1<>1, r2c2<>1, r4c4<>1"
        );
        assert_removes_only_one(&s, &steps[0]);
    }

    #[test]
    fn colour_trap_in_a_six_by_six() {
        // 2x3 boxes. 1 has two places in column 1 (r1, r4), box 3 (r4c1, r3c3) and row 3 (c3,
        // c5): + r1c1, r3c3 / - r3c5, r4c1. r1c5 sees r1c1 (row 1) and r3c5 (column 5), so it
        // cannot be 1 whichever colour is. (In a Latin square a chain's colours always end on
        // parallel lines, so simple traps need regions.)
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let gaps = [
            (2, 1),
            (3, 1),
            (5, 1),
            (6, 1),
            (3, 2),
            (4, 2),
            (4, 3),
            (3, 4),
            (3, 6),
        ];
        let s = without_one(layout, &gaps);
        let steps = find_all(Technique::Colouring(ColouringRule::Trap), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations[..], cands(6, &[(1, 5, 1)])[..]);
        assert_eq!(
            text(&s, &steps[0]),
            "Simple Colours (trap) on 1: + r1c1,r3c3 / - r3c5,r4c1, one colour holds 1; each \
             removed 1 sees both ⇒ r1c5<>1"
        );
        assert_removes_only_one(&s, &steps[0]);
        assert_eq!(
            roles(&steps[0]),
            [
                (Role::ColourA, cands(6, &[(1, 1, 1), (3, 3, 1)])),
                (Role::ColourB, cands(6, &[(3, 5, 1), (4, 1, 1)])),
            ]
        );
        // r1c1=r4c1 (column 1), r4c1=r3c3 (box 3), r3c3=r3c5 (row 3).
        let mut links: Vec<_> = steps[0]
            .links
            .iter()
            .map(|l| (l.kind, [l.from[0], l.to[0]]))
            .collect();
        links.sort_unstable_by_key(|(_, ends)| *ends);
        let c = |r, c| cands(6, &[(r, c, 1)])[0];
        assert_eq!(
            links,
            [
                (LinkKind::Strong, [c(1, 1), c(4, 1)]),
                (LinkKind::Strong, [c(3, 3), c(3, 5)]),
                (LinkKind::Strong, [c(3, 3), c(4, 1)]),
            ]
        );
    }
}
