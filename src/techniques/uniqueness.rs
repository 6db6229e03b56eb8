//! Uniqueness: unique rectangles (types 1 to 6), hidden rectangles, avoidable rectangles (types 1
//! and 2) and BUG+1.
//!
//! Four cells in two rows, two columns and two regions (each region holding two of them on one
//! line) that could only take two digits `x` and `y` form a deadly pattern: swapping `x` and `y`
//! gives a second solution. A puzzle known to have exactly one solution cannot end that way, and
//! each technique draws its eliminations from that. So every finder here finds nothing unless the
//! state [assumes uniqueness](State::assumes_unique), and nothing on four cells with any other
//! geometry — in particular nothing on a Latin square, which has no regions.
//!
//! Variants add constraints the swap must keep. An extra house or a Killer cage that holds one
//! corner, or two opposite ones, would see `x` and `y` change places inside it (a different cage
//! sum, a digit twice in the house), so the swap is no second solution and the rectangle is not
//! deadly: rectangles are only used when every extra house and cage holds none of the corners,
//! or two on one row or one column (whose digits the swap exchanges within it, keeping its
//! digits and its sum). BUG+1 rests on the grave's other solution, every cell taking its other
//! candidate: that keeps every house (extra houses included) but not a cage's sum, so it stays
//! silent on Killer puzzles.
//!
//! Even/odd marks and consecutive bars are kept by a swap only in special cases (digits of one
//! parity, no bar or border rule around the rectangle), which the candidates a step sees do not
//! show: on a grid with markings no rectangle is deadly and BUG+1 stays silent.

use crate::core::step::{Figure, Link, LinkKind, Role};
use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation, HouseKind, Layout};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, eliminations_text, seen_by_all, tight_sets};
use smallvec::SmallVec;

/// Four cells `(r1,c1), (r1,c2), (r2,c1), (r2,c2)`: corner `i` shares its row with `i ^ 1`, its
/// column with `i ^ 2`, and is opposite `i ^ 3`.
type Corners = [Cell; 4];

/// A unique rectangle on `x` and `y`: which corners hold exactly `{x,y}` (the floor) and which
/// hold more (the roof).
struct Rectangle {
    cells: Corners,
    x: Digit,
    y: Digit,
    floor: Places,
    roof: Places,
}

/// Corners of a rectangle by their place in it (0–3), held in place: rectangles are met by the
/// thousand in a search.
type Places = SmallVec<[usize; 4]>;

impl Rectangle {
    fn digits(&self) -> DigitSet {
        [self.x, self.y].into_iter().collect()
    }

    fn roof_cells(&self) -> Vec<Cell> {
        self.roof.iter().map(|&i| self.cells[i]).collect()
    }

    /// Whether the roof is two corners on one line (not opposite).
    fn roof_on_a_line(&self) -> bool {
        matches!(self.roof[..], [a, b] if a ^ b != 3)
    }
}

/// Unique rectangles of `kind` (1 to 6).
pub fn unique_rectangle(state: &State, kind: u8, sink: &mut Sink) {
    if !state.assumes_unique() {
        return;
    }
    each_rectangle(state, &mut |rect| {
        let steps = match kind {
            1 => type_1(state, rect),
            2 | 5 => same_extra(state, rect, kind),
            3 => type_3(state, rect),
            4 => type_4(state, rect),
            6 => type_6(state, rect),
            _ => Vec::new(),
        };
        steps.into_iter().all(&mut *sink)
    });
}

/// Hidden rectangles: a corner holding only `{x,y}`; if `x` lies only in the rectangle in the row
/// and in the column of the opposite corner, that corner cannot be `y`.
pub fn hidden_rectangle(state: &State, sink: &mut Sink) {
    if !state.assumes_unique() {
        return;
    }
    each_rectangle(state, &mut |rect| {
        if !(1..=2).contains(&rect.floor.len()) {
            return true;
        }
        let mut steps = Vec::new();
        for &corner in &rect.floor {
            let opposite = corner ^ 3;
            for (a, b) in [(rect.x, rect.y), (rect.y, rect.x)] {
                let target = rect.cells[opposite];
                if state.candidates(target).contains(b) && confined(state, &rect.cells, opposite, a)
                {
                    let removed = vec![Candidate::new(rect.cells[opposite], b)];
                    let detail = explain!(
                        ": {} holds only {},{} and {} lies only in the rectangle in the row \
                         and the column of {}",
                        rect.cells[corner],
                        rect.x,
                        rect.y,
                        a,
                        rect.cells[opposite]
                    );
                    let mut step =
                        rect_step(state, Technique::HiddenRectangle, rect, detail, removed);
                    step.links = [opposite ^ 1, opposite ^ 2]
                        .iter()
                        .filter(|_| state.candidates(target).contains(a))
                        .map(|&other| strong(a, target, rect.cells[other]))
                        .collect();
                    steps.push(step);
                }
            }
        }
        steps.into_iter().all(&mut *sink)
    });
}

/// Avoidable rectangles of `kind` (1 or 2): corners filled by placed (not given) digits that a
/// deadly pattern would let swap; no corner holds a given.
pub fn avoidable_rectangle(state: &State, kind: u8, sink: &mut Sink) {
    if !state.assumes_unique() {
        return;
    }
    let not_given = |c: Cell| state.givens().get(c).is_none();
    each_corners(state, &not_given, &mut |cells| {
        let step = match kind {
            1 => avoidable_1(state, cells),
            2 => avoidable_2(state, cells),
            _ => None,
        };
        step.is_none_or(&mut *sink)
    });
}

/// BUG+1: every unsolved cell holds two candidates but one, which holds three, and removing one
/// digit `z` of that cell would leave every digit exactly twice (or not at all) in every house — a
/// bivalue universal grave, which has no single solution. So that cell is `z`; its other
/// candidates go.
pub fn bug_plus_one(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    if !state.assumes_unique() || !layout.cages().is_empty() || !layout.markings().is_empty() {
        return;
    }
    let mut triple = None;
    for cell in layout.cells().filter(|&c| state.value(c).is_none()) {
        match state.candidates(cell).len() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = triple else {
        return;
    };
    let held = state.candidates(cell);
    let Some(z) = held
        .iter()
        .find(|&z| is_grave(state, Candidate::new(cell, z)))
    else {
        return;
    };
    let eliminations: Vec<Candidate> = held
        .iter()
        .filter(|&d| d != z)
        .map(|d| Candidate::new(cell, d))
        .collect();
    let mut step = Step::new(Technique::BugPlusOne);
    let guardian = Candidate::new(cell, z);
    let unsolved: Vec<Cell> = layout
        .cells()
        .filter(|&c| state.value(c).is_none())
        .collect();
    let grave: Vec<Candidate> = state
        .candidates_in(&unsolved, DigitSet::full(state.size()))
        .into_iter()
        .filter(|&c| c != guardian)
        .collect();
    step.pattern = state
        .candidates_in(&unsolved, DigitSet::full(state.size()))
        .into();
    step.figures = vec![
        Figure::new(Role::Deadly, grave),
        Figure::new(Role::Guardian, [guardian]),
    ];
    step.explanation = explain!(
        "BUG+1: every unsolved cell but {} holds two candidates; without {} there every digit \
         would lie twice in each house, so {} is {} ⇒ {}",
        cell,
        z,
        cell,
        z,
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    sink(step);
}

/// Whether, without `removed`, every digit has zero or two places in every house.
fn is_grave(state: &State, removed: Candidate) -> bool {
    let mut count = vec![0u8; state.size()];
    state.layout().houses().iter().all(|house| {
        count.fill(0);
        for &cell in &house.cells {
            for digit in state.candidates(cell).iter() {
                if Candidate::new(cell, digit) != removed {
                    count[digit.index()] += 1;
                }
            }
        }
        count.iter().all(|&n| n == 0 || n == 2)
    })
}

/// Calls `found` with every four corners of two rows and two columns whose regions make a deadly
/// pattern possible (two regions, each holding the two corners of one row or of one column) and
/// that are all `corner` cells, row by row, then column by column. Stops when `found` returns
/// `false`.
fn each_corners(
    state: &State,
    corner: &dyn Fn(Cell) -> bool,
    found: &mut dyn FnMut(&Corners) -> bool,
) {
    let layout = state.layout();
    let size = state.size();
    let mut columns = Vec::new();
    for r1 in 0..size {
        for r2 in r1 + 1..size {
            columns.clear();
            columns.extend(
                (0..size)
                    .filter(|&c| corner(Cell::at(r1, c, size)) && corner(Cell::at(r2, c, size))),
            );
            for (i, &c1) in columns.iter().enumerate() {
                for &c2 in &columns[i + 1..] {
                    let cells = [
                        Cell::at(r1, c1, size),
                        Cell::at(r1, c2, size),
                        Cell::at(r2, c1, size),
                        Cell::at(r2, c2, size),
                    ];
                    if is_deadly_shape(layout, &cells) && !found(&cells) {
                        return;
                    }
                }
            }
        }
    }
}

/// Whether the four corners lie in exactly two regions, paired along rows or along columns, and
/// every extra house and cage holds none of them or two on one line (see the module
/// documentation).
fn is_deadly_shape(layout: &Layout, cells: &Corners) -> bool {
    let region = |i: usize| layout.region_of(cells[i]);
    let Some(first) = region(0) else {
        return false;
    };
    let (r1, r2, r3) = (region(1), region(2), region(3));
    let rows_paired = r1 == Some(first) && r2 == r3 && r2 != Some(first);
    let columns_paired = r2 == Some(first) && r1 == r3 && r1 != Some(first);
    (rows_paired || columns_paired) && (!layout.is_variant() || swap_keeps_variant(layout, cells))
}

/// Whether every extra house and every cage holds none of the corners or two of one row or one
/// column, and the grid has no markings: then swapping the rectangle's digits keeps them all.
fn swap_keeps_variant(layout: &Layout, cells: &Corners) -> bool {
    if !layout.markings().is_empty() {
        return false;
    }
    let held = |members: &[Cell]| -> Vec<usize> {
        (0..4).filter(|&i| members.contains(&cells[i])).collect()
    };
    let fine = |corners: Vec<usize>| match corners[..] {
        [] => true,
        [a, b] => a ^ b != 3,
        _ => false,
    };
    let houses = layout.houses();
    layout.extra_houses().all(|h| fine(held(&houses[h].cells)))
        && layout.cages().iter().all(|cage| fine(held(&cage.cells)))
}

/// Calls `found` with every unique rectangle: four unsolved corners of a deadly shape that each
/// hold `x` or `y`, at least one of them holding exactly both, for each such pair of digits.
/// Corners holding nothing but `x` and `y` are the floor, the others the roof. (Candidates `x` or
/// `y` already removed from a corner do not matter: the deadly pattern is about the givens.)
fn each_rectangle(state: &State, found: &mut dyn FnMut(&Rectangle) -> bool) {
    let unsolved = |c: Cell| state.value(c).is_none();
    each_corners(state, &unsolved, &mut |cells| {
        if cells.iter().all(|&c| state.candidates(c).len() != 2) {
            return true;
        }
        let mut pairs: SmallVec<[DigitSet; 4]> = cells
            .iter()
            .map(|&c| state.candidates(c))
            .filter(|d| d.len() == 2)
            .collect();
        pairs.sort_unstable_by_key(|d| d.bits());
        pairs.dedup();
        for both in pairs {
            if cells
                .iter()
                .any(|&c| state.candidates(c).intersection(both).is_empty())
            {
                continue;
            }
            let (floor, roof) =
                (0..4).partition(|&k| state.candidates(cells[k]).without(both).is_empty());
            let mut digits = both.iter();
            let rect = Rectangle {
                cells: *cells,
                x: digits.next().expect("two digits"),
                y: digits.next().expect("two digits"),
                floor,
                roof,
            };
            if !found(&rect) {
                return false;
            }
        }
        true
    });
}

/// Type 1: three corners hold only `x` and `y`; the fourth must hold another digit.
fn type_1(state: &State, rect: &Rectangle) -> Vec<Step> {
    if rect.floor.len() != 3 {
        return Vec::new();
    }
    let cell = rect.cells[rect.roof[0]];
    let held = state.candidates(cell).intersection(rect.digits());
    let removed = held.iter().map(|d| Candidate::new(cell, d)).collect();
    vec![rect_step(
        state,
        Technique::UniqueRectangle(1),
        rect,
        Explanation::new(),
        removed,
    )]
}

/// Types 2 and 5: the roof corners each hold one extra digit, the same `z`; one of them is `z`,
/// so `z` leaves the cells seeing all of them. Type 2: two roof corners on one line; type 5: two
/// opposite roof corners, or three.
fn same_extra(state: &State, rect: &Rectangle, kind: u8) -> Vec<Step> {
    let wanted = match rect.roof.len() {
        2 if rect.roof_on_a_line() => 2,
        2 | 3 => 5,
        _ => return Vec::new(),
    };
    let extras: Vec<DigitSet> = rect
        .roof_cells()
        .iter()
        .map(|&c| state.candidates(c).without(rect.digits()))
        .collect();
    let Some(z) = extras[0].as_single() else {
        return Vec::new();
    };
    if wanted != kind || extras.iter().any(|&e| e != extras[0]) {
        return Vec::new();
    }
    let roof = rect.roof_cells();
    let removed = seen_by_all(state, z, &roof);
    if removed.is_empty() {
        return Vec::new();
    }
    let detail = explain!(": {} hold the extra {}", cell_list(&roof), z);
    vec![rect_step(
        state,
        Technique::UniqueRectangle(kind),
        rect,
        detail,
        removed,
    )]
}

/// Type 3: two roof corners on one line; their extra digits act as one cell that forms a naked
/// subset with other cells (holding neither `x` nor `y`) of a house both share.
fn type_3(state: &State, rect: &Rectangle) -> Vec<Step> {
    if rect.roof.len() != 2 || !rect.roof_on_a_line() {
        return Vec::new();
    }
    let roof = rect.roof_cells();
    let extra = roof.iter().fold(DigitSet::EMPTY, |d, &c| {
        d.union(state.candidates(c).without(rect.digits()))
    });
    let mut steps = Vec::new();
    for id in state.layout().common_houses(&roof) {
        let house = &state.layout().houses()[id];
        let others: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|c| !roof.contains(c) && state.value(*c).is_none())
            .filter(|&c| state.candidates(c).intersection(rect.digits()).is_empty())
            .collect();
        let mut masks = vec![extra.bits()];
        masks.extend(others.iter().map(|&c| state.candidates(c).bits()));
        for n in 2..=state.limits().subset_size {
            tight_sets(&masks, n, &mut |chosen, union| {
                if chosen[0] == 0 {
                    let subset: Vec<Cell> = chosen[1..].iter().map(|&i| others[i - 1]).collect();
                    steps.extend(type_3_step(state, rect, id, &subset, union));
                }
                true
            });
        }
    }
    steps
}

/// The step of a type 3 with the naked subset `subset` (real cells) on the digits `union`, found
/// in house `id`: the digits leave every house holding the roof and the subset. Reported only from
/// the first such house, and only if it removes anything.
fn type_3_step(
    state: &State,
    rect: &Rectangle,
    id: usize,
    subset: &[Cell],
    union: u128,
) -> Option<Step> {
    let digits = DigitSet::from_bits(union);
    let roof = rect.roof_cells();
    let members: Vec<Cell> = roof.iter().chain(subset).copied().collect();
    let houses = state.layout().common_houses(&members);
    if houses.first() != Some(&id) {
        return None;
    }
    let mut removed: Vec<Candidate> = houses
        .iter()
        .flat_map(|&h| state.layout().houses()[h].cells.iter())
        .filter(|c| !members.contains(c))
        .flat_map(|&c| {
            let gone = state.candidates(c).intersection(digits);
            gone.iter().map(move |d| Candidate::new(c, d))
        })
        .collect();
    removed.sort_unstable();
    removed.dedup();
    if removed.is_empty() {
        return None;
    }
    let detail = explain!(
        ": the extra digits of {} form a naked subset {} with {} in {}",
        cell_list(&roof),
        digits,
        cell_list(subset),
        house_list(&houses)
    );
    let mut step = rect_step(state, Technique::UniqueRectangle(3), rect, detail, removed);
    step.base = houses[..].into();
    step.pattern
        .extend(state.candidates_in(subset, DigitSet::full(state.size())));
    step.pattern.sort_unstable();
    Some(step)
}

/// Type 4: two roof corners on one line; if `x` lies only in them within a house both share,
/// one is `x`, so neither can be `y`.
fn type_4(state: &State, rect: &Rectangle) -> Vec<Step> {
    if rect.roof.len() != 2 || !rect.roof_on_a_line() {
        return Vec::new();
    }
    let roof = rect.roof_cells();
    let mut steps = Vec::new();
    for id in state.layout().common_houses(&roof) {
        let house = &state.layout().houses()[id];
        for (a, b) in [(rect.x, rect.y), (rect.y, rect.x)] {
            let pair = state.two_places(house, a);
            if !pair.is_some_and(|pair| roof.iter().all(|c| pair.contains(c))) {
                continue;
            }
            let removed = holding(state, &roof, b);
            if removed.is_empty() {
                continue;
            }
            let detail = explain!(
                ": {} lies only in {} within {}",
                a,
                cell_list(&roof),
                House(id)
            );
            let mut step = rect_step(state, Technique::UniqueRectangle(4), rect, detail, removed);
            step.base.push(id);
            step.links.push(strong(a, roof[0], roof[1]));
            steps.push(step);
        }
    }
    steps
}

/// Type 6: two opposite floor corners; if `x` lies only in the rectangle in both its rows (or
/// both its columns), placing `x` in a roof corner would force the deadly pattern, so `x` leaves
/// both roof corners.
fn type_6(state: &State, rect: &Rectangle) -> Vec<Step> {
    if rect.roof.len() != 2 || rect.roof_on_a_line() {
        return Vec::new();
    }
    let houses = state.layout().houses();
    let lines = |kind: HouseKind| -> Vec<usize> {
        state
            .layout()
            .common_houses(&[rect.cells[0], rect.cells[1]])
            .into_iter()
            .chain(
                state
                    .layout()
                    .common_houses(&[rect.cells[2], rect.cells[3]]),
            )
            .chain(
                state
                    .layout()
                    .common_houses(&[rect.cells[0], rect.cells[2]]),
            )
            .chain(
                state
                    .layout()
                    .common_houses(&[rect.cells[1], rect.cells[3]]),
            )
            .filter(|&h| houses[h].kind == kind)
            .collect()
    };
    let mut steps = Vec::new();
    for a in [rect.x, rect.y] {
        let inside = |&h: &usize| {
            let places = state.places(&houses[h], a);
            !places.is_empty() && places.iter().all(|c| rect.cells.contains(c))
        };
        let line = [HouseKind::Row, HouseKind::Column]
            .into_iter()
            .map(lines)
            .find(|ls| ls.iter().all(inside));
        let Some(line) = line else {
            continue;
        };
        let removed = holding(state, &rect.roof_cells(), a);
        if removed.is_empty() {
            continue;
        }
        let detail = explain!(
            ": {} lies only in the rectangle in {}",
            a,
            house_list(&line)
        );
        let mut step = rect_step(state, Technique::UniqueRectangle(6), rect, detail, removed);
        step.links = line
            .iter()
            .filter_map(|&h| state.two_places(&houses[h], a))
            .map(|[p, q]| strong(a, p, q))
            .collect();
        step.base = line.into();
        steps.push(step);
    }
    steps
}

/// The strong link on `digit` between cells `a` and `b`.
fn strong(digit: Digit, a: Cell, b: Cell) -> Link {
    Link {
        from: vec![Candidate::new(a, digit)],
        to: vec![Candidate::new(b, digit)],
        kind: LinkKind::Strong,
    }
}

/// Houses as a list: `row 1 and box 1`.
fn house_list(houses: &[usize]) -> Explanation {
    Explanation::join(houses.iter().map(|&h| House(h)), " and ")
}

/// The candidates `digit` among `cells`.
fn holding(state: &State, cells: &[Cell], digit: Digit) -> Vec<Candidate> {
    cells
        .iter()
        .filter(|&&c| state.candidates(c).contains(digit))
        .map(|&c| Candidate::new(c, digit))
        .collect()
}

/// Whether the two neighbours of corner `corner` hold `digit` and, in the row and in the column
/// of `corner`, `digit` lies only in the rectangle: if `corner` is not `digit`, both neighbours
/// are.
fn confined(state: &State, cells: &Corners, corner: usize, digit: Digit) -> bool {
    let layout = state.layout();
    [corner ^ 1, corner ^ 2].iter().all(|&other| {
        state.candidates(cells[other]).contains(digit)
            && layout
                .common_houses(&[cells[corner], cells[other]])
                .into_iter()
                .filter(|&h| layout.houses()[h].kind != HouseKind::Region)
                .all(|h| {
                    state
                        .places(&layout.houses()[h], digit)
                        .iter()
                        .all(|c| *c == cells[corner] || *c == cells[other])
                })
    })
}

/// Avoidable rectangle type 1: three corners placed, not given, the two beside the empty corner
/// with the same digit; the empty corner cannot take its opposite's digit.
fn avoidable_1(state: &State, cells: &Corners) -> Option<Step> {
    let values = cells.map(|c| state.value(c));
    let empty = (0..4).find(|&i| values[i].is_none())?;
    if values.iter().filter(|v| v.is_none()).count() != 1 {
        return None;
    }
    let (x, y) = (values[empty ^ 3]?, values[empty ^ 1]?);
    if values[empty ^ 2] != Some(y) || x == y || !state.candidates(cells[empty]).contains(x) {
        return None;
    }
    let removed = vec![Candidate::new(cells[empty], x)];
    Some(avoidable_step(
        state,
        1,
        cells,
        x,
        y,
        Explanation::new(),
        removed,
    ))
}

/// Avoidable rectangle type 2: two corners of one line placed (not given) with `x` and `y`; the
/// other two hold only the digit of their opposite corner and one extra `z`, the same: one of
/// them is `z`, so `z` leaves the cells seeing both.
fn avoidable_2(state: &State, cells: &Corners) -> Option<Step> {
    let values = cells.map(|c| state.value(c));
    let set: Vec<usize> = (0..4).filter(|&i| values[i].is_some()).collect();
    let [a, b] = set[..] else {
        return None;
    };
    if a ^ b == 3 || values[a] == values[b] {
        return None;
    }
    let empty = [a ^ 3, b ^ 3];
    let extras: Vec<DigitSet> = empty
        .iter()
        .map(|&i| {
            let own = DigitSet::single(values[i ^ 3].expect("opposite is placed"));
            let held = state.candidates(cells[i]);
            if held.contains(own.first()?) {
                Some(held.without(own))
            } else {
                None
            }
        })
        .collect::<Option<_>>()?;
    let z = extras[0].as_single()?;
    if extras[1] != extras[0] {
        return None;
    }
    let mut pincers = empty.map(|i| cells[i]);
    pincers.sort_unstable();
    let removed = seen_by_all(state, z, &pincers);
    if removed.is_empty() {
        return None;
    }
    let (x, y) = (values[a]?, values[b]?);
    let detail = explain!(": {} hold the extra {}", cell_list(&pincers), z);
    Some(avoidable_step(state, 2, cells, x, y, detail, removed))
}

fn avoidable_step(
    state: &State,
    kind: u8,
    cells: &Corners,
    x: Digit,
    y: Digit,
    detail: Explanation,
    removed: Vec<Candidate>,
) -> Step {
    let (x, y) = if x < y { (x, y) } else { (y, x) };
    let rect = Rectangle {
        cells: *cells,
        x,
        y,
        floor: Places::new(),
        roof: Places::new(),
    };
    rect_step(
        state,
        Technique::AvoidableRectangle(kind),
        &rect,
        detail,
        removed,
    )
}

/// `Unique Rectangle Type 1 on 3,7 in r1c1, r1c4, r3c1, r3c4{detail} ⇒ r3c4<>37`.
fn rect_step(
    state: &State,
    technique: Technique,
    rect: &Rectangle,
    detail: Explanation,
    mut eliminations: Vec<Candidate>,
) -> Step {
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut step = Step::new(technique);
    let mut cells = rect.cells.to_vec();
    cells.sort_unstable();
    let placed = cells
        .iter()
        .filter_map(|&c| Some(Candidate::new(c, state.value(c)?)));
    let mut deadly: Vec<Candidate> = state.candidates_in(&cells, rect.digits());
    deadly.extend(placed.filter(|p| rect.digits().contains(p.digit)));
    deadly.sort_unstable();
    let extra = state.candidates_in(&cells, DigitSet::full(state.size()).without(rect.digits()));
    step.pattern = deadly.iter().chain(&extra).copied().collect();
    step.pattern.sort_unstable();
    step.figures.push(Figure::new(Role::Deadly, deadly));
    if !extra.is_empty() {
        step.figures.push(Figure::new(Role::Guardian, extra));
    }
    let (x, y) = (rect.x, rect.y);
    step.explanation = explain!(
        "{} on {},{} in {}{} ⇒ {}",
        technique.name(),
        x,
        y,
        cell_list(&cells),
        detail,
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    step
}

#[cfg(test)]
mod tests {
    use crate::core::step::{Figure, Role};
    use crate::core::{State, Technique};
    use crate::model::{Cage, Cell, Digit, DigitSet, Grid, Layout, Marks, Regions};
    use crate::search::count_from_candidates;
    use crate::techniques::find_all;
    use crate::techniques::testing::{cands, jigsaw4, state, text};
    use std::sync::Arc;

    /// A 6x6 solution (2x3 boxes) with r1c1, r1c2, r3c1, r3c2, r3c3 left open: r1c1, r1c2 and
    /// r3c1 hold {1,2}, r3c2 {1,2,3}, r3c3 {1,3}.
    fn six_with_a_rectangle() -> State {
        six_with_a_rectangle_on(Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap())
    }

    /// [`six_with_a_rectangle`] on `layout` (2x3 boxes, perhaps with cages or extra houses).
    fn six_with_a_rectangle_on(layout: Layout) -> State {
        let rows = ["123456", "456123", "231564", "564231", "312645", "645312"];
        let layout = Arc::new(layout);
        let mut values = Grid::empty(6);
        let mut candidates = vec![DigitSet::EMPTY; 36];
        let open = [
            (0, 0, "12"),
            (0, 1, "12"),
            (2, 0, "12"),
            (2, 1, "123"),
            (2, 2, "13"),
        ];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = Cell::at(r, c, 6);
                match open.iter().find(|o| (o.0, o.1) == (r, c)) {
                    Some(&(_, _, held)) => {
                        candidates[cell.index()] = held
                            .chars()
                            .map(|d| Digit::new(d.to_digit(10).unwrap() as usize))
                            .collect()
                    }
                    None => values.set(cell, Some(Digit::new(ch.to_digit(10).unwrap() as usize))),
                }
            }
        }
        State::from_marks(Marks::new(layout, values.clone(), values, candidates))
    }

    #[test]
    fn type_1_in_a_six_by_six_only_when_uniqueness_is_known() {
        let s = six_with_a_rectangle();
        assert!(find_all(Technique::UniqueRectangle(1), &s).is_empty());
        let s = s.assuming_unique(true);
        let all = s.search_candidates();
        assert_eq!(count_from_candidates(s.layout(), &all, 2).solutions, 1);
        let steps = find_all(Technique::UniqueRectangle(1), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].eliminations[..],
            cands(6, &[(3, 2, 1), (3, 2, 2)])[..]
        );
        for removed in &steps[0].eliminations {
            let mut only = all.clone();
            only[removed.cell.index()] = DigitSet::single(removed.digit);
            assert_eq!(count_from_candidates(s.layout(), &only, 1).solutions, 0);
        }
        assert_eq!(
            text(&s, &steps[0]),
            "Unique Rectangle Type 1 on 1,2 in r1c1, r1c2, r3c1, r3c2 ⇒ r3c2<>12"
        );
        let deadly: Vec<_> = [1, 2]
            .iter()
            .flat_map(|&c| [(1, c, 1), (1, c, 2), (3, c, 1), (3, c, 2)])
            .collect();
        assert_eq!(
            steps[0].figures,
            [
                Figure::new(Role::Deadly, cands(6, &deadly)),
                Figure::new(Role::Guardian, cands(6, &[(3, 2, 3)])),
            ]
        );
    }

    #[test]
    fn a_cage_or_extra_house_through_one_corner_silences_the_rectangle() {
        // Swapping 1 and 2 in r1c1, r1c2, r3c1, r3c2 keeps a cage on r1c1 and r1c2 (its sum and
        // digits), so the rectangle stays deadly there; a cage on r1c1 and r2c1 would change its
        // sum, and the main diagonal would get a second 1 or 2: no deadly pattern.
        let boxes = || Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let name = |c: Cell| format!("{c:?}");
        let cage = |cells: [(usize, usize); 2], sum| {
            let cells = cells.iter().map(|&(r, c)| Cell::at(r, c, 6)).collect();
            boxes()
                .with_cages(vec![Cage::new(cells, sum)], &name)
                .unwrap()
        };
        let fires = |layout: Layout| {
            let s = six_with_a_rectangle_on(layout).assuming_unique(true);
            !find_all(Technique::UniqueRectangle(1), &s).is_empty()
        };
        assert!(fires(cage([(0, 0), (0, 1)], 3)));
        assert!(!fires(cage([(0, 0), (1, 0)], 5)));
        let diagonal = (0..6).map(|i| Cell::at(i, i, 6)).collect();
        assert!(!fires(boxes().with_extra_house(diagonal)));
    }

    #[test]
    fn nothing_fires_without_the_uniqueness_flag() {
        let s = six_with_a_rectangle();
        let all = [
            Technique::UniqueRectangle(1),
            Technique::UniqueRectangle(2),
            Technique::UniqueRectangle(3),
            Technique::UniqueRectangle(4),
            Technique::UniqueRectangle(5),
            Technique::UniqueRectangle(6),
            Technique::HiddenRectangle,
            Technique::AvoidableRectangle(1),
            Technique::AvoidableRectangle(2),
            Technique::BugPlusOne,
        ];
        assert!(
            all.iter()
                .any(|&t| !find_all(t, &s.clone().assuming_unique(true)).is_empty())
        );
        assert!(all.iter().all(|&t| find_all(t, &s).is_empty()));
    }

    #[test]
    fn no_rectangle_across_three_regions_nor_on_a_latin_square() {
        // r2c1, r2c2, r3c1 hold {1,2}, r3c2 {1,2,3}. With 2x2 boxes the four cells lie in
        // boxes 1 and 3, paired by rows: a type 1. In the jigsaw they lie in regions 1, 2 and 3
        // (r2c1 region 1, r2c2 region 2, r3c1-2 region 3), and a Latin square has no regions:
        // no deadly pattern, nothing found.
        let marks = [(2, 1, "12"), (2, 2, "12"), (3, 1, "12"), (3, 2, "123")];
        let boxes = Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap();
        let found = |layout: Layout| {
            find_all(
                Technique::UniqueRectangle(1),
                &state(layout, &marks).assuming_unique(true),
            )
        };
        let steps = found(boxes);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].eliminations[..],
            cands(4, &[(3, 2, 1), (3, 2, 2)])[..]
        );
        assert!(found(jigsaw4()).is_empty());
        assert!(found(Layout::new(4, Regions::Latin).unwrap()).is_empty());
    }
}
