//! Sue de Coq (two-sector disjoint subsets): cells C where a line crosses a region, holding at
//! least two digits more than they are cells, with cells L elsewhere in the line and cells B
//! elsewhere in the region (a crossing cell outside C may be in either), each part holding a
//! digit of C and no digit of C in both. A digit of
//! C lies at most once in C, L and B together (in the line if L holds it, else in the region);
//! another digit of L at most once in L, of B at most once in B (twice if both hold it). When
//! these most counts add up to the number of cells, each digit lies there that often: the digits
//! of L leave the rest of the line, those of B the rest of the region, and C's others both.

use super::set_text;
use crate::core::step::{Figure, Role};
use crate::core::{Searched, State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, DigitSet, Explanation, HouseKind};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;

/// Every Sue de Coq, region by region, line by line.
pub fn sue_de_coq(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    let houses = layout.houses();
    let limits = state.limits();
    let empty = |cells: &mut dyn Iterator<Item = &Cell>| -> Vec<Cell> {
        cells
            .copied()
            .filter(|&c| !state.candidates(c).is_empty())
            .collect()
    };
    let mut buffers = Buffers::default();
    for (region, r) in houses.iter().enumerate() {
        if r.kind != HouseKind::Region {
            continue;
        }
        // The lines that cross the region, in the order of the houses: on a large or
        // overlapping layout most lines miss most regions.
        let mut lines: Vec<usize> = (r.cells.iter())
            .flat_map(|&c| layout.houses_of(c).iter().copied())
            .filter(|&h| matches!(houses[h].kind, HouseKind::Row | HouseKind::Column))
            .collect();
        lines.sort_unstable();
        lines.dedup();
        for line in lines {
            let l = &houses[line];
            let crossing = empty(&mut l.cells.iter().filter(|c| r.cells.contains(c)));
            if crossing.len() < 2 {
                continue;
            }
            // A crossing reads the candidates of its line and region alone: one that found
            // nothing finds nothing again while they are the same.
            let go_on = state.search_area(Technique::SueDeCoq, [line, region], || {
                let sdc = Crossing {
                    state,
                    houses: [line, region],
                    line: empty(&mut l.cells.iter()),
                    region: empty(&mut r.cells.iter()),
                    side: limits.sue_de_coq_sides,
                };
                let mut found = false;
                let mut reporting = |step: Step| {
                    found = true;
                    sink(step)
                };
                let mut core = std::mem::take(&mut buffers.core);
                let go_on = each_subset(
                    state,
                    &crossing,
                    limits.sue_de_coq_crossing,
                    &mut core,
                    &mut |core, v| {
                        let go_on =
                            core.len() < 2 || sdc.try_core(core, v, &mut buffers, &mut reporting);
                        Next::go_on_if(go_on)
                    },
                );
                buffers.core = core;
                Searched {
                    found,
                    go_on,
                    fruitless_too: None,
                }
            });
            if !go_on {
                return;
            }
        }
    }
}

/// The cells a Sue de Coq search lists, kept from one crossing to the next so that the search
/// allocates nothing per subset.
#[derive(Default)]
struct Buffers {
    core: Vec<Cell>,
    line_rest: Vec<Cell>,
    line_part: Vec<Cell>,
    region_rest: Vec<(Cell, bool)>,
    region_cells: Vec<Cell>,
    region_part: Vec<Cell>,
}

/// One line crossing one region.
struct Crossing<'a> {
    state: &'a State,
    /// The line and the region (house indices).
    houses: [usize; 2],
    /// The empty cells of the line and of the region.
    line: Vec<Cell>,
    region: Vec<Cell>,
    side: usize,
}

impl Crossing<'_> {
    fn digits(&self, cells: &[Cell]) -> DigitSet {
        cells
            .iter()
            .fold(DigitSet::EMPTY, |d, &c| d.union(self.state.candidates(c)))
    }

    /// Tries the crossing cells `core`, holding `v`, with every line part and region part.
    fn try_core(&self, core: &[Cell], v: DigitSet, buffers: &mut Buffers, sink: &mut Sink) -> bool {
        if v.len() < core.len() + 2 {
            return true;
        }
        let state = self.state;
        let mut line_rest = std::mem::take(&mut buffers.line_rest);
        line_rest.clear();
        line_rest.extend(self.line.iter().filter(|c| !core.contains(c)));
        let mut line_part = std::mem::take(&mut buffers.line_part);
        // The region's cells outside C, each with whether it is in the line too (so that a
        // line part may hold it), worked out once for every line part.
        let mut region_rest = std::mem::take(&mut buffers.region_rest);
        region_rest.clear();
        region_rest.extend(
            (self.region.iter())
                .filter(|c| !core.contains(c))
                .map(|&c| (c, self.line.contains(&c))),
        );
        let mut region_cells = std::mem::take(&mut buffers.region_cells);
        let mut region_part = std::mem::take(&mut buffers.region_part);
        let go_on = each_subset(
            state,
            &line_rest,
            self.side,
            &mut line_part,
            &mut |line_part, l| {
                let shared = l.intersection(v);
                let excess = v.union(l).len() as isize - (core.len() + line_part.len()) as isize;
                if shared.is_empty() || excess < 1 || excess > self.side as isize {
                    return Next::Extend;
                }
                region_cells.clear();
                region_cells.extend(
                    (region_rest.iter())
                        .filter(|&&(c, in_line)| !in_line || !line_part.contains(&c))
                        .map(|&(c, _)| c)
                        .filter(|&c| state.candidates(c).intersection(shared).is_empty()),
                );
                let base = v.len() + l.without(v).len();
                let go_on = each_subset(
                    state,
                    &region_cells,
                    self.side,
                    &mut region_part,
                    &mut |region_part, b| {
                        // The counts add up when the region part has `excess` cells more than
                        // digits outside C. Adding a cell adds one cell and no fewer such
                        // digits, so once even `side` cells could not, no larger part can.
                        let outside = b.without(v).len();
                        if (self.side as isize) - (outside as isize) < excess {
                            return Next::Skip;
                        }
                        let most = base + outside;
                        let go_on = b.intersection(v).is_empty()
                            || most != core.len() + line_part.len() + region_part.len()
                            || self.report([core, line_part, region_part], sink);
                        Next::go_on_if(go_on)
                    },
                );
                Next::go_on_if(go_on)
            },
        );
        buffers.line_rest = line_rest;
        buffers.line_part = line_part;
        buffers.region_rest = region_rest;
        buffers.region_cells = region_cells;
        buffers.region_part = region_part;
        go_on
    }

    /// Reports the Sue de Coq of `parts` (crossing, line part, region part) if it eliminates.
    fn report(&self, parts: [&[Cell]; 3], sink: &mut Sink) -> bool {
        let state = self.state;
        let houses = state.layout().houses();
        let [core, line_part, region_part] = parts;
        let (l, b) = (self.digits(line_part), self.digits(region_part));
        let only_core = self.digits(core).without(l).without(b);
        let mut eliminations = Vec::new();
        // A crossing cell in one part lies in the other part's house too, and loses a digit both
        // parts hold: that digit lies once in the other part, which the cell sees.
        for ((house, digits), part) in self.houses.iter().zip([l, b]).zip([line_part, region_part])
        {
            let keep = digits.union(only_core);
            for &cell in &houses[*house].cells {
                if !core.contains(&cell) && !part.contains(&cell) {
                    let removed = state.candidates(cell).intersection(keep);
                    eliminations.extend(removed.iter().map(|d| Candidate::new(cell, d)));
                }
            }
        }
        if eliminations.is_empty() {
            return true;
        }
        eliminations.sort_unstable();
        eliminations.dedup();
        let mut step = Step::new(Technique::SueDeCoq);
        let cells: Vec<Cell> = parts.iter().flat_map(|p| p.iter().copied()).collect();
        step.pattern = state
            .candidates_in(&cells, DigitSet::full(state.size()))
            .into();
        step.pattern.sort_unstable();
        let all = DigitSet::full(state.size());
        step.figures = [Role::Intersection, Role::LineSet, Role::BoxSet]
            .into_iter()
            .zip(parts)
            .map(|(role, cells)| Figure::new(role, state.candidates_in(cells, all)))
            .collect();
        step.base = self.houses[..].into();
        step.cover = self.houses[..].into();
        let [line, region] = self.houses.map(House);
        step.explanation = explain!(
            "Sue de Coq: {} in {} and {}, with {} in {} and {} in {} ⇒ {}",
            self.set_text(core),
            line,
            region,
            self.set_text(line_part),
            line,
            self.set_text(region_part),
            region,
            eliminations_text(&eliminations)
        );
        step.eliminations = eliminations.into();
        sink(step)
    }

    /// `r7c1,r7c3 {3,4,5,9}`.
    fn set_text(&self, cells: &[Cell]) -> Explanation {
        set_text(cells, self.digits(cells))
    }
}

/// What [`each_subset`] does after a subset.
enum Next {
    /// Stops the search.
    Stop,
    /// Goes on, without the subsets that hold this one.
    Skip,
    /// Goes on with every subset.
    Extend,
}

impl Next {
    /// [`Next::Extend`] if `go_on`, else [`Next::Stop`].
    fn go_on_if(go_on: bool) -> Next {
        if go_on { Next::Extend } else { Next::Stop }
    }
}

/// Calls `found` with every non-empty subset of `cells` of at most `max` cells (in order) and
/// the union of their candidates, until it returns [`Next::Stop`] (the subsets holding one
/// for which it returns [`Next::Skip`] are left out); returns whether it never stopped.
/// `chosen` is the buffer the subsets are built in.
fn each_subset<F>(
    state: &State,
    cells: &[Cell],
    max: usize,
    chosen: &mut Vec<Cell>,
    found: &mut F,
) -> bool
where
    F: FnMut(&[Cell], DigitSet) -> Next,
{
    fn extend<F>(
        state: &State,
        cells: &[Cell],
        max: usize,
        start: usize,
        union: DigitSet,
        chosen: &mut Vec<Cell>,
        found: &mut F,
    ) -> bool
    where
        F: FnMut(&[Cell], DigitSet) -> Next,
    {
        for (i, &cell) in cells.iter().enumerate().skip(start) {
            let union = union.union(state.candidates(cell));
            chosen.push(cell);
            let go_on = match found(chosen, union) {
                Next::Stop => false,
                Next::Skip => true,
                Next::Extend => {
                    chosen.len() == max || extend(state, cells, max, i + 1, union, chosen, found)
                }
            };
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    chosen.clear();
    extend(state, cells, max, 0, DigitSet::EMPTY, chosen, found)
}

#[cfg(test)]
mod tests {
    use crate::core::Technique;
    use crate::core::step::{Figure, Role};
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::assert_sound;
    use crate::techniques::testing::{cands, state, text};

    #[test]
    fn a_crossing_that_found_nothing_is_searched_again_once_its_houses_change() {
        // The six-by-six below with r1c5 holding 5 as well: no Sue de Coq, until 5 goes.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks = [(1, 1, "1234"), (1, 2, "1234"), (1, 5, "125"), (2, 1, "34")];
        let before = state(layout, &marks);
        assert!(find_all(Technique::SueDeCoq, &before).is_empty());
        let mut after = before.clone();
        let mut step = crate::core::Step::new(Technique::SueDeCoq);
        step.eliminations = cands(6, &[(1, 5, 5)]).into();
        after.apply(&step);
        // The clone shares what the search found nothing on; the crossing's row changed.
        let steps = find_all(Technique::SueDeCoq, &after);
        assert_sound(&after, &steps);
        assert!(!steps.is_empty(), "the Sue de Coq r1c5's change made");
    }

    #[test]
    fn sue_de_coq_in_a_six_by_six() {
        // Row 1 crosses box 1 (2x3) at r1c1-3; r1c1,r1c2 hold {1,2,3,4}. r1c5 {1,2} in row 1 and
        // r2c1 {3,4} in box 1 leave four digits for four cells: 1 and 2 leave the rest of row 1,
        // 3 and 4 the rest of box 1.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks = [(1, 1, "1234"), (1, 2, "1234"), (1, 5, "12"), (2, 1, "34")];
        let s = state(layout, &marks);
        let steps = find_all(Technique::SueDeCoq, &s);
        assert_sound(&s, &steps);
        let mut wanted = Vec::new();
        for c in [3, 4, 6] {
            wanted.extend([(1, c, 1), (1, c, 2)]);
        }
        for c in [(1, 3), (2, 2), (2, 3)] {
            wanted.extend([(c.0, c.1, 3), (c.0, c.1, 4)]);
        }
        let wanted = cands(6, &wanted);
        let step = steps
            .iter()
            .find(|s| s.eliminations[..] == wanted[..])
            .unwrap();
        assert_eq!(
            text(&s, step),
            "Sue de Coq: r1c1,r1c2 {1,2,3,4} in row 1 and box 1, with r1c5 {1,2} in row 1 and \
             r2c1 {3,4} in box 1 ⇒ r1c3<>1234, r1c4<>12, r1c6<>12, r2c2<>34, r2c3<>34"
        );
        let in_cells = |cells: &[(usize, usize)], digits: &[usize]| {
            let all: Vec<_> = cells
                .iter()
                .flat_map(|&(r, c)| digits.iter().map(move |&d| (r, c, d)))
                .collect();
            cands(6, &all)
        };
        assert_eq!(
            step.figures,
            [
                Figure::new(
                    Role::Intersection,
                    in_cells(&[(1, 1), (1, 2)], &[1, 2, 3, 4])
                ),
                Figure::new(Role::LineSet, in_cells(&[(1, 5)], &[1, 2])),
                Figure::new(Role::BoxSet, in_cells(&[(2, 1)], &[3, 4])),
            ]
        );
    }
}
