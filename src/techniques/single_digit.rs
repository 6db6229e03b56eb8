//! Single-digit patterns: skyscraper, 2-string kite, turbot fish and empty rectangle, and HoDoKu's
//! dual kites and dual empty rectangles.
//!
//! A strong link is a house with exactly two places for a digit: one of them holds it. Two strong
//! links A=B and C=D whose inner ends B and C see each other form the chain A=B-C=D: if A is not
//! the digit, B is, so C is not and D is. So A or D holds the digit, and every cell that sees both
//! loses it. The names say where the links lie: a skyscraper has two parallel line links whose
//! inner ends share a crossing line, a 2-string kite a row link and a column link whose inner ends
//! share a region, a turbot fish anything else (a region link, or line links joined by a region).
//!
//! An empty rectangle is a region whose places for the digit all lie in one row and one column, so
//! the digit is in that row or in that column; with a strong link from the row it removes the digit
//! from the column where the link's other end sees it (and the same with row and column swapped).
//! The region's shape is checked on the cells at hand, so boxes of any shape and jigsaw regions are
//! served alike; Latin squares have no regions and so no kites or empty rectangles.
//!
//! The searches pair strong links of one digit, quadratic in their number (a few hundred even on
//! 100x100), so they need no cap.

use crate::core::step::{Figure, Link, LinkKind, Role};
use crate::core::{SingleDigitPattern, State, Step, Technique};
use crate::explain;
use crate::model::explanation::{House, Node};
use crate::model::{Candidate, Cell, Digit, Explanation, HouseIds, HouseKind, Layout};
use crate::techniques::Sink;
use crate::techniques::common::{
    StrongLink, all_strong_links, each_digit, eliminations_text, seen_by_all,
};

/// Finds the steps of one single-digit pattern.
pub fn find(state: &State, pattern: SingleDigitPattern, sink: &mut Sink) {
    let technique = Technique::SingleDigit(pattern);
    let mut all_links = None;
    each_digit(state, technique, sink, |digit, sink| {
        let links = all_links.get_or_insert_with(|| all_strong_links(state));
        let links = links.of(digit);
        match pattern {
            SingleDigitPattern::DualTwoStringKite => dual_kites(state, digit, links, sink),
            SingleDigitPattern::EmptyRectangle => empty_rectangles(state, digit, links, sink),
            SingleDigitPattern::DualEmptyRectangle => {
                dual_empty_rectangles(state, digit, links, sink)
            }
            _ => each_chain(state, links, &mut |chain| {
                chain.pattern != Some(pattern)
                    || chain.step(state, digit, technique).is_none_or(&mut *sink)
            }),
        }
    });
}

/// The chain A=B-C=D of two strong links joined by the weak link B-C.
struct Chain<'a> {
    /// A and D: one of them holds the digit.
    ends: [Cell; 2],
    /// B and C, which see each other.
    inner: [Cell; 2],
    /// A=B and C=D.
    links: [&'a StrongLink; 2],
    /// The houses B and C share.
    weak: HouseIds,
    /// The pattern's name, `None` for an X-Wing (left to the fish).
    pattern: Option<SingleDigitPattern>,
}

/// Calls `found` with every chain of two strong links of `digit`, each once, until it returns
/// `false`.
fn each_chain<'a>(
    state: &State,
    links: &'a [StrongLink],
    found: &mut dyn FnMut(&Chain<'a>) -> bool,
) -> bool {
    let layout = state.layout();
    for (i, first) in links.iter().enumerate() {
        for second in &links[i + 1..] {
            for b in first.cells {
                for c in second.cells {
                    let (a, d) = (first.other(b), second.other(c));
                    if [a, b].iter().any(|x| second.cells.contains(x)) {
                        continue;
                    }
                    // Seeing each other is quicker to ask than which houses they share.
                    if !layout.sees(b, c) {
                        continue;
                    }
                    let weak = layout.common_houses(&[b, c]);
                    // Killer cage mates see each other without sharing a house: the pattern's
                    // weak link is named by a house, so such a chain is left to the chains.
                    if weak.is_empty() {
                        continue;
                    }
                    let mut chain = Chain {
                        ends: [a, d],
                        inner: [b, c],
                        links: [first, second],
                        weak,
                        pattern: None,
                    };
                    chain.pattern = chain.classify(layout);
                    if !found(&chain) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

impl Chain<'_> {
    /// Skyscraper, 2-string kite or turbot fish; `None` for an X-Wing.
    fn classify(&self, layout: &Layout) -> Option<SingleDigitPattern> {
        use HouseKind::{Column, Region, Row};
        let houses = layout.houses();
        let strong = |i: usize, kind| self.links[i].houses.iter().any(|&h| houses[h].kind == kind);
        let weak = |kind| self.weak.iter().any(|&h| houses[h].kind == kind);
        for (along, across) in [(Row, Column), (Column, Row)] {
            if strong(0, along) && strong(1, along) && weak(across) {
                let [a, d] = self.ends;
                let square = layout
                    .common_houses(&[a, d])
                    .iter()
                    .any(|&h| houses[h].kind == across);
                return (!square).then_some(SingleDigitPattern::Skyscraper);
            }
        }
        let crossed =
            (strong(0, Row) && strong(1, Column)) || (strong(0, Column) && strong(1, Row));
        Some(if crossed && weak(Region) {
            SingleDigitPattern::TwoStringKite
        } else {
            SingleDigitPattern::TurbotFish
        })
    }

    /// What the chain removes: the digit from every cell that sees both ends.
    fn eliminations(&self, state: &State, digit: Digit) -> Vec<Candidate> {
        seen_by_all(state, digit, &self.ends)
    }

    /// The house to name for the weak link: the crossing line of a skyscraper, the region of a
    /// kite, the first shared house otherwise.
    fn weak_house(&self, layout: &Layout) -> usize {
        let houses = layout.houses();
        let wanted = match self.pattern {
            Some(SingleDigitPattern::TwoStringKite) => Some(HouseKind::Region),
            Some(SingleDigitPattern::Skyscraper) => {
                let along = houses[self.links[0].houses[0]].kind;
                Some(if along == HouseKind::Row {
                    HouseKind::Column
                } else {
                    HouseKind::Row
                })
            }
            _ => None,
        };
        self.weak
            .iter()
            .copied()
            .find(|&h| Some(houses[h].kind) == wanted)
            .unwrap_or(self.weak[0])
    }

    /// `(4)r1c2=r1c7-r5c7=r5c3`.
    fn eureka(&self, digit: Digit) -> Explanation {
        let [a, d] = self.ends;
        let [b, c] = self.inner;
        explain!("({}){}={}-{}={}", digit, Node(a), Node(b), Node(c), Node(d))
    }

    /// `strong in row 1 and row 5, r1c7-r5c7 in column 7`.
    fn reason(&self, layout: &Layout) -> Explanation {
        let [b, c] = self.inner;
        explain!(
            "strong in {} and {}, {}-{} in {}",
            House(self.links[0].houses[0]),
            House(self.links[1].houses[0]),
            Node(b),
            Node(c),
            House(self.weak_house(layout))
        )
    }

    /// The step, or `None` when the chain removes nothing.
    fn step(&self, state: &State, digit: Digit, technique: Technique) -> Option<Step> {
        let mut eliminations = self.eliminations(state, digit);
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        let [a, d] = self.ends;
        let mut step = Step::new(technique);
        step.pattern = self.candidates(digit).into();
        self.draw(digit, &mut step);
        step.base = self.links.iter().map(|l| l.houses[0]).collect();
        step.cover = smallvec::smallvec![self.weak_house(state.layout())];
        step.explanation = explain!(
            "{} on {}: {} ({}), so {} or {} is {} ⇒ {}",
            technique.name(),
            digit,
            self.eureka(digit),
            self.reason(state.layout()),
            Node(a),
            Node(d),
            digit,
            eliminations_text(&eliminations)
        );
        step.eliminations = eliminations.into();
        Some(step)
    }

    /// Adds the chain's links to `step`: A=B, B-C, C=D.
    fn draw(&self, digit: Digit, step: &mut Step) {
        let [a, d] = self.ends;
        let [b, c] = self.inner;
        let node = |cell| vec![Candidate::new(cell, digit)];
        step.links.extend([
            link(node(a), node(b), LinkKind::Strong),
            link(node(b), node(c), LinkKind::Weak),
            link(node(c), node(d), LinkKind::Strong),
        ]);
    }

    /// The four candidates of the chain, row-major.
    fn candidates(&self, digit: Digit) -> Vec<Candidate> {
        let mut cells: Vec<Candidate> = self
            .ends
            .iter()
            .chain(&self.inner)
            .map(|&c| Candidate::new(c, digit))
            .collect();
        cells.sort_unstable();
        cells
    }
}

/// Dual 2-string kites: two kites through the same two cells of a region, where each cell ends a
/// row link in one kite and a column link in the other; one step removes what both remove.
fn dual_kites(state: &State, digit: Digit, links: &[StrongLink], sink: &mut Sink) -> bool {
    let kites = kites(state, digit, links);
    // Two kites through the same two cells use each cell's row link in one, its column link in
    // the other.
    let knot = |x: &Chain| {
        let mut cells = x.inner;
        cells.sort_unstable();
        cells
    };
    for (i, first) in kites.iter().enumerate() {
        for second in &kites[i + 1..] {
            if knot(&first.0) == knot(&second.0) && first.0.links != second.0.links {
                let step = dual_kite_step(state, digit, first, second);
                if !step.is_none_or(&mut *sink) {
                    return false;
                }
            }
        }
    }
    true
}

/// The 2-string kites of `digit` that remove something, with what they remove.
fn kites<'a>(
    state: &State,
    digit: Digit,
    links: &'a [StrongLink],
) -> Vec<(Chain<'a>, Vec<Candidate>)> {
    let mut kites = Vec::new();
    each_chain(state, links, &mut |chain| {
        let eliminations = chain.eliminations(state, digit);
        if chain.pattern == Some(SingleDigitPattern::TwoStringKite) && !eliminations.is_empty() {
            let kite = Chain {
                weak: chain.weak.clone(),
                ..*chain
            };
            kites.push((kite, eliminations));
        }
        true
    });
    kites
}

/// The dual kite step, or `None` when one kite adds nothing to the other.
fn dual_kite_step(
    state: &State,
    digit: Digit,
    (first, first_out): &(Chain, Vec<Candidate>),
    (second, second_out): &(Chain, Vec<Candidate>),
) -> Option<Step> {
    let eliminations = union(first_out, second_out);
    if eliminations.len() == first_out.len().max(second_out.len()) {
        return None;
    }
    let technique = Technique::SingleDigit(SingleDigitPattern::DualTwoStringKite);
    let mut step = Step::new(technique);
    step.pattern = union(&first.candidates(digit), &second.candidates(digit)).into();
    first.draw(digit, &mut step);
    second.draw(digit, &mut step);
    step.base = first
        .links
        .iter()
        .chain(&second.links)
        .map(|l| l.houses[0])
        .collect();
    step.cover = smallvec::smallvec![first.weak_house(state.layout())];
    step.explanation = explain!(
        "{} on {}: {} and {}, both through {} ⇒ {}",
        technique.name(),
        digit,
        first.eureka(digit),
        second.eureka(digit),
        House(step.cover[0]),
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    Some(step)
}

/// A link of `kind` from `from` to `to`.
fn link(from: Vec<Candidate>, to: Vec<Candidate>, kind: LinkKind) -> Link {
    Link { from, to, kind }
}

/// The candidates in `a` or `b`, sorted, without repeats.
fn union(a: &[Candidate], b: &[Candidate]) -> Vec<Candidate> {
    let mut all: Vec<Candidate> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// One empty rectangle: a region whose places lie in `line` or `target` (a row and a column), and
/// a strong link from `start` (in `line`, outside the region) to `end`. The region's digit is
/// not in `line` when `start` holds it, so it is in `target`; every `target` cell outside the
/// region that sees `end` therefore loses the digit.
struct EmptyRectangle<'a> {
    region: usize,
    line: usize,
    target: usize,
    link: &'a StrongLink,
    start: Cell,
    eliminations: Vec<Candidate>,
}

/// Calls `found` with every empty rectangle of `digit` in `region` that removes something.
fn each_empty_rectangle<'a>(
    state: &State,
    digit: Digit,
    region: usize,
    links: &'a [StrongLink],
    found: &mut dyn FnMut(EmptyRectangle<'a>) -> bool,
) -> bool {
    let layout = state.layout();
    let places = state.places(&layout.houses()[region], digit);
    if places.len() < 2 {
        return true;
    }
    for (row, column) in crossings(layout, &places) {
        for (line, target) in [(row, column), (column, row)] {
            for link in links {
                for start in link.cells {
                    let rectangle = EmptyRectangle {
                        region,
                        line,
                        target,
                        link,
                        start,
                        eliminations: Vec::new(),
                    };
                    if !rectangle.removing(state, digit).is_none_or(&mut *found) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The (row, column) house pairs that hold all of `places` between them, with places in the row
/// off the column and in the column off the row (the two arms of an empty rectangle).
fn crossings(layout: &Layout, places: &[Cell]) -> Vec<(usize, usize)> {
    let houses = layout.houses();
    let lines = |kind: HouseKind| -> Vec<usize> {
        let mut ids: Vec<usize> = places
            .iter()
            .flat_map(|&c| layout.houses_of(c).iter().copied())
            .filter(|&h| houses[h].kind == kind)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    let within = |c: Cell, h: usize| layout.houses_of(c).contains(&h);
    let mut pairs = Vec::new();
    for row in lines(HouseKind::Row) {
        for &column in &lines(HouseKind::Column) {
            let covered = places.iter().all(|&p| within(p, row) || within(p, column));
            let row_arm = places.iter().any(|&p| within(p, row) && !within(p, column));
            let column_arm = places.iter().any(|&p| within(p, column) && !within(p, row));
            if covered && row_arm && column_arm {
                pairs.push((row, column));
            }
        }
    }
    pairs
}

impl<'a> EmptyRectangle<'a> {
    /// The rectangle with what it removes, if its link starts in `line` outside the region,
    /// ends outside it too, and something is removed.
    fn removing(self, state: &State, digit: Digit) -> Option<EmptyRectangle<'a>> {
        let layout = state.layout();
        let outside = |c: Cell| !layout.houses_of(c).contains(&self.region);
        let end = self.link.other(self.start);
        if !layout.houses_of(self.start).contains(&self.line) || !outside(self.start) {
            return None;
        }
        let eliminations: Vec<Candidate> = layout.houses()[self.target]
            .cells
            .iter()
            .filter(|&&t| {
                state.candidates(t).contains(digit)
                    && outside(t)
                    && t != self.start
                    && layout.sees(t, end)
            })
            .map(|&t| Candidate::new(t, digit))
            .collect();
        (outside(end) && !eliminations.is_empty()).then_some(EmptyRectangle {
            eliminations,
            ..self
        })
    }

    /// The step for one empty rectangle.
    fn step(&self, state: &State, digit: Digit, technique: Technique) -> Step {
        let mut step = Step::new(technique);
        step.pattern = self.candidates(state, digit).into();
        self.draw(state, digit, &mut step);
        step.base = smallvec::smallvec![self.region, self.link.houses[0]];
        step.cover = smallvec::smallvec![self.line, self.target];
        step.eliminations = self.eliminations[..].into();
        step.explanation = explain!(
            "{} on {}: {}; {} ⇒ {}",
            technique.name(),
            digit,
            self.reason(digit),
            self.consequence(digit),
            eliminations_text(&step.eliminations)
        );
        step
    }

    /// Adds the rectangle's chain to `step`: the link's end = its start - the region's places
    /// in the line = its other places (in the target line), each group of the region also as a
    /// figure.
    fn draw(&self, state: &State, digit: Digit, step: &mut Step) {
        let layout = state.layout();
        let end = self.link.other(self.start);
        let node = |cells: &[Cell]| -> Vec<Candidate> {
            cells.iter().map(|&c| Candidate::new(c, digit)).collect()
        };
        let (in_line, rest): (Vec<Cell>, Vec<Cell>) = state
            .places(&layout.houses()[self.region], digit)
            .into_iter()
            .partition(|&c| layout.houses_of(c).contains(&self.line));
        let groups = [node(&in_line), node(&rest)];
        step.links.extend([
            link(node(&[end]), node(&[self.start]), LinkKind::Strong),
            link(node(&[self.start]), groups[0].clone(), LinkKind::Weak),
            link(groups[0].clone(), groups[1].clone(), LinkKind::Strong),
        ]);
        for group in groups.into_iter().filter(|g| g.len() > 1) {
            let figure = Figure::new(Role::Group, group);
            if !step.figures.contains(&figure) {
                step.figures.push(figure);
            }
        }
    }

    /// `box 4 holds 5 only in row 5 and column 2, r5c7=r9c7 is strong (column 7)`.
    fn reason(&self, digit: Digit) -> Explanation {
        explain!(
            "{} holds {} only in {}",
            House(self.region),
            digit,
            self.link_text()
        )
    }

    /// `row 5 and column 2, r5c7=r9c7 is strong (column 7)`: the region's lines and the link,
    /// which a dual empty rectangle names again for its second rectangle.
    fn link_text(&self) -> Explanation {
        explain!(
            "{} and {}, {}={} is strong ({})",
            House(self.line),
            House(self.target),
            Node(self.start),
            Node(self.link.other(self.start)),
            House(self.link.houses[0])
        )
    }

    /// `5 in column 2 seeing r9c7 would force r5c7 and leave box 4 no place`.
    fn consequence(&self, digit: Digit) -> Explanation {
        explain!(
            "{} in {} seeing {} would force {} and leave {} no place",
            digit,
            House(self.target),
            Node(self.link.other(self.start)),
            Node(self.start),
            House(self.region)
        )
    }

    /// The region's places and the link's ends, row-major.
    fn candidates(&self, state: &State, digit: Digit) -> Vec<Candidate> {
        let region = &state.layout().houses()[self.region];
        let mut cells: Vec<Candidate> = state
            .places(region, digit)
            .into_iter()
            .chain(self.link.cells)
            .map(|c| Candidate::new(c, digit))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// Empty rectangles of `digit`, region by region.
fn empty_rectangles(state: &State, digit: Digit, links: &[StrongLink], sink: &mut Sink) -> bool {
    let technique = Technique::SingleDigit(SingleDigitPattern::EmptyRectangle);
    regions(state).all(|region| {
        each_empty_rectangle(state, digit, region, links, &mut |rectangle| {
            sink(rectangle.step(state, digit, technique))
        })
    })
}

/// The indices of the regions among the houses.
fn regions(state: &State) -> impl Iterator<Item = usize> + '_ {
    let houses = state.layout().houses();
    (0..houses.len()).filter(|&h| houses[h].kind == HouseKind::Region)
}

/// Dual empty rectangles: two empty rectangles on the same region with different strong links,
/// together in one step when each removes something the other does not.
fn dual_empty_rectangles(
    state: &State,
    digit: Digit,
    links: &[StrongLink],
    sink: &mut Sink,
) -> bool {
    regions(state).all(|region| {
        let mut found: Vec<EmptyRectangle> = Vec::new();
        each_empty_rectangle(state, digit, region, links, &mut |rectangle| {
            found.push(rectangle);
            true
        });
        found.iter().enumerate().all(|(i, first)| {
            found[i + 1..].iter().all(|second| {
                dual_rectangle_step(state, digit, first, second).is_none_or(&mut *sink)
            })
        })
    })
}

/// The dual empty rectangle step, or `None` when the links are the same or one rectangle adds
/// nothing to the other.
fn dual_rectangle_step(
    state: &State,
    digit: Digit,
    first: &EmptyRectangle,
    second: &EmptyRectangle,
) -> Option<Step> {
    let eliminations = union(&first.eliminations, &second.eliminations);
    let most = first.eliminations.len().max(second.eliminations.len());
    if first.link == second.link || eliminations.len() == most {
        return None;
    }
    let technique = Technique::SingleDigit(SingleDigitPattern::DualEmptyRectangle);
    let mut step = first.step(state, digit, technique);
    step.pattern = union(&step.pattern, &second.candidates(state, digit)).into();
    second.draw(state, digit, &mut step);
    step.base.push(second.link.houses[0]);
    step.cover.extend([second.line, second.target]);
    step.explanation = explain!(
        "{} on {}: {}; also only in {} ⇒ {}",
        technique.name(),
        digit,
        first.reason(digit),
        second.link_text(),
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    Some(step)
}

/// Test states with one digit's places restricted, and an independent check of eliminations.
#[cfg(test)]
mod tests {
    use crate::core::step::{Figure, LinkKind, Role};
    use crate::core::{SingleDigitPattern, Step, Technique};
    use crate::model::{Candidate, Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::{assert_removes_only_one, cands, text, without_one};

    fn pattern(p: SingleDigitPattern) -> Technique {
        Technique::SingleDigit(p)
    }

    /// A step's links as (kind, from, to).
    fn links(step: &Step) -> Vec<(LinkKind, Vec<Candidate>, Vec<Candidate>)> {
        step.links
            .iter()
            .map(|l| (l.kind, l.from.clone(), l.to.clone()))
            .collect()
    }

    #[test]
    fn skyscraper_in_columns_of_a_six_by_six() {
        // 2x3 boxes. Columns 2 and 5 hold 1 only in rows 1, 5 and rows 2, 5: r5c2 and r5c5 share
        // row 5, so r1c2 or r2c5 is 1. Cells seeing both: the rest of row 1 in box 2 (r1c4,
        // r1c6) and of row 2 in box 1 (r2c1, r2c3). Every other house keeps at least 4 places.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let mut gaps: Vec<_> = [2, 3, 4, 6].iter().map(|&r| (r, 2)).collect();
        gaps.extend([1, 3, 4, 6].iter().map(|&r| (r, 5)));
        let s = without_one(layout, &gaps);
        let steps = find_all(pattern(SingleDigitPattern::Skyscraper), &s);
        assert_eq!(steps.len(), 1);
        let expected = [(1, 4, 1), (1, 6, 1), (2, 1, 1), (2, 3, 1)];
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert_eq!(
            text(&s, &steps[0]),
            "Skyscraper on 1: (1)r1c2=r5c2-r5c5=r2c5 (strong in column 2 and column 5, \
             r5c2-r5c5 in row 5), so r1c2 or r2c5 is 1 ⇒ r1c4<>1, r1c6<>1, r2c1<>1, r2c3<>1"
        );
        let c = |r, c| vec![cands(6, &[(r, c, 1)])[0]];
        assert_eq!(
            links(&steps[0]),
            [
                (LinkKind::Strong, c(1, 2), c(5, 2)),
                (LinkKind::Weak, c(5, 2), c(5, 5)),
                (LinkKind::Strong, c(5, 5), c(2, 5)),
            ]
        );
        assert_removes_only_one(&s, &steps[0]);
        for other in [
            SingleDigitPattern::TwoStringKite,
            SingleDigitPattern::TurbotFish,
            SingleDigitPattern::EmptyRectangle,
        ] {
            assert!(find_all(pattern(other), &s).is_empty(), "{other:?}");
        }
    }

    /// A 6x6 jigsaw; regions (numbered from 0, named from 1):
    /// ```text
    /// 0 0 0 1 1 1
    /// 0 0 2 1 1 1
    /// 0 2 2 2 3 3
    /// 4 4 2 2 3 3
    /// 4 4 5 5 3 3
    /// 4 4 5 5 5 5
    /// ```
    fn jigsaw6() -> Layout {
        let rows = ["000111", "002111", "022233", "442233", "445533", "445555"];
        let region_of = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| u16::from(b - b'0')))
            .collect();
        Layout::new(6, Regions::Jigsaw { region_of }).unwrap()
    }

    #[test]
    fn empty_rectangle_in_a_jigsaw_region_and_its_refusal() {
        // Region 3 (r2c3, r3c2-4, r4c3-4) holds 1 only at r3c2, r3c4 (row 3) and r4c3 (column
        // 3). Column 6 holds 1 only at r3c6 and r6c6. If a column-3 cell outside the region that
        // sees r6c6 were 1, r3c6 would be 1, and region 3 would have no place: r6c3 (row 6) and
        // r5c3 (region 6, as r6c6) lose 1. No other house has just two places.
        let gaps = [(2, 3), (3, 3), (4, 4), (1, 6), (2, 6), (4, 6), (5, 6)];
        let s = without_one(jigsaw6(), &gaps);
        let steps = find_all(pattern(SingleDigitPattern::EmptyRectangle), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].eliminations[..],
            cands(6, &[(5, 3, 1), (6, 3, 1)])[..]
        );
        assert_eq!(
            text(&s, &steps[0]),
            "Empty Rectangle on 1: region 3 holds 1 only in row 3 and column 3, r3c6=r6c6 is \
             strong (column 6); 1 in column 3 seeing r6c6 would force r3c6 and leave region 3 \
             no place ⇒ r5c3<>1, r6c3<>1"
        );
        // (1)r6c6=r3c6-(1)r3c24=(1)r4c3: the region's places in row 3, then the rest.
        let one = |list: &[(usize, usize)]| -> Vec<Candidate> {
            let triples: Vec<_> = list.iter().map(|&(r, c)| (r, c, 1)).collect();
            cands(6, &triples)
        };
        let row_group = one(&[(3, 2), (3, 4)]);
        assert_eq!(
            links(&steps[0]),
            [
                (LinkKind::Strong, one(&[(6, 6)]), one(&[(3, 6)])),
                (LinkKind::Weak, one(&[(3, 6)]), row_group.clone()),
                (LinkKind::Strong, row_group.clone(), one(&[(4, 3)])),
            ]
        );
        assert_eq!(steps[0].figures, [Figure::new(Role::Group, row_group)]);
        assert_removes_only_one(&s, &steps[0]);
        // With 1 back in r4c4 the region's places no longer lie in one row and one column.
        let s = without_one(
            jigsaw6(),
            &gaps[..2]
                .iter()
                .chain(&gaps[3..])
                .copied()
                .collect::<Vec<_>>(),
        );
        assert!(find_all(pattern(SingleDigitPattern::EmptyRectangle), &s).is_empty());
    }
}
