//! Finding the grid on a sheet the way a person would.
//!
//! A grid is a square block of digits and empty markers. It is *clean* (no labels or other text
//! inside) and *isolated* (no digit touches it from outside; titles and labels may). Candidates are
//! all clean, isolated squares whose digits span their full height or width; among them a person
//! prefers blocks with enough digits to be a puzzle, a whole grid over a part of it, typed grids
//! over grids computed by formulas, grids not labelled "Solution", outlined grids over loose
//! numbers, and real puzzle sizes (4 and up) over tiny blocks. Where a sparse grid could sit in
//! several places, cell borders decide; where its digits leave an outer row and column empty, a
//! thick outline drawn around them with those rows and columns makes it that much larger.
//! Anything still ambiguous is an error that lists what was found.

use crate::error::Error;
use crate::model::{MAX_SIZE, Symbols, cell_name, column_name};
use crate::read::cells::{CellClass, classify, is_misfit, rejection};
use crate::read::limits;
use crate::read::marked::{digit_with_letter, parity_mark, parity_word};
use crate::read::table::{Area, Edge, RawValue, Table};

/// How many outer rows or columns of a grid may be empty before its digits count as separate blocks.
const MAX_EMPTY_EDGE: usize = 2;

/// Words in a label that mark a grid as an answer rather than the puzzle.
const SOLUTION_WORDS: [&str; 7] = [
    "solution",
    "solved",
    "answer",
    "result",
    "lời giải",
    "đáp án",
    "kết quả",
];

/// Classified cells with prefix sums, for constant-time counts over rectangles.
struct Scan<'a> {
    table: &'a Table,
    classes: Vec<CellClass>,
    marks: Prefix,
    others: Prefix,
    /// How many cells hold no digit but look typed where one should be ([`is_misfit`]).
    misfits: usize,
}

/// 2-D prefix sums over a table padded by one blank row and column on every side.
struct Prefix {
    cols: usize,
    sums: Vec<u32>,
}

impl Prefix {
    fn new(rows: usize, cols: usize, hit: impl Fn(usize, usize) -> bool) -> Prefix {
        let (prow, pcol) = (rows + 2, cols + 2);
        let mut sums = vec![0u32; (prow + 1) * (pcol + 1)];
        for r in 0..prow {
            for c in 0..pcol {
                let inside = r >= 1 && c >= 1 && r <= rows && c <= cols;
                let v = u32::from(inside && hit(r - 1, c - 1));
                sums[(r + 1) * (pcol + 1) + c + 1] =
                    v + sums[r * (pcol + 1) + c + 1] + sums[(r + 1) * (pcol + 1) + c]
                        - sums[r * (pcol + 1) + c];
            }
        }
        Prefix { cols: pcol, sums }
    }

    /// Count over rows `top..bottom`, columns `left..right` in table coordinates, where -1 and the
    /// row/column after the last are allowed (the padding) and anything beyond is clamped.
    fn count(&self, top: isize, left: isize, bottom: isize, right: isize) -> u32 {
        let rows = self.sums.len() / (self.cols + 1) - 1;
        let clamp_r = |r: isize| (r + 1).clamp(0, rows as isize) as usize;
        let clamp_c = |c: isize| (c + 1).clamp(0, self.cols as isize) as usize;
        let (t, l, b, r) = (clamp_r(top), clamp_c(left), clamp_r(bottom), clamp_c(right));
        if t >= b || l >= r {
            return 0;
        }
        let w = self.cols + 1;
        self.sums[b * w + r] + self.sums[t * w + l] - self.sums[t * w + r] - self.sums[b * w + l]
    }
}

impl<'a> Scan<'a> {
    /// The classified cells of `table`; `lenient` takes misfits ([`is_misfit`]) for empty cells,
    /// to see the grid a bad cell sits in.
    fn new(table: &'a Table, symbols: &Symbols, lenient: bool) -> Scan<'a> {
        let (rows, cols) = (table.rows(), table.cols());
        let mut classes = Vec::with_capacity(rows * cols);
        let mut misfits = 0;
        for r in 0..rows {
            for c in 0..cols {
                let value = &table.cell(r, c).value;
                let mut class = classify(value, symbols);
                // A parity mark typed as a word (`even`, `odd`) is an empty cell of the grid,
                // and a mark typed beside a digit (`4E`) a cell of it, which reading refuses
                // with its own message (on a grid of the classic sizes, where `E` is no digit).
                if class == CellClass::Other
                    && let RawValue::Text(text) = value
                    && (parity_word(text).is_some()
                        || digit_with_letter(text, 9, symbols).is_some())
                {
                    class = CellClass::Empty;
                }
                if class == CellClass::Other && is_misfit(value) {
                    misfits += 1;
                    if lenient {
                        class = CellClass::Empty;
                    }
                }
                classes.push(class);
            }
        }
        let class = |r: usize, c: usize| classes[r * cols + c];
        let marks = Prefix::new(rows, cols, |r, c| class(r, c).is_mark());
        let others = Prefix::new(rows, cols, |r, c| class(r, c) == CellClass::Other);
        Scan {
            table,
            classes,
            marks,
            others,
            misfits,
        }
    }

    fn class(&self, row: usize, col: usize) -> CellClass {
        if row < self.table.rows() && col < self.table.cols() {
            self.classes[row * self.table.cols() + col]
        } else {
            CellClass::Blank
        }
    }

    fn marks_in(&self, area: &Area) -> u32 {
        count(&self.marks, area, 0)
    }

    fn is_clean(&self, area: &Area) -> bool {
        count(&self.others, area, 0) == 0
    }

    fn is_isolated(&self, area: &Area) -> bool {
        count(&self.marks, area, 1) == self.marks_in(area)
    }

    /// Whether the marks of `area` reach two opposite edges (so the square is as small as it can be).
    fn spans(&self, area: &Area) -> bool {
        let edge = |top, left, height, width| {
            self.marks_in(&Area {
                top,
                left,
                height,
                width,
            }) > 0
        };
        let (t, l, n) = (area.top, area.left, area.height);
        (edge(t, l, 1, n) && edge(t + n - 1, l, 1, n))
            || (edge(t, l, n, 1) && edge(t, l + n - 1, n, 1))
    }

    /// The bounding box of the marks in `area`, and the largest value among them.
    fn marks_extent(&self, area: &Area) -> (Area, usize) {
        let (mut top, mut left, mut bottom, mut right, mut max) = (usize::MAX, usize::MAX, 0, 0, 0);
        for r in area.top..area.top + area.height {
            for c in area.left..area.left + area.width {
                let class = self.class(r, c);
                if class.is_mark() {
                    (top, left) = (top.min(r), left.min(c));
                    (bottom, right) = (bottom.max(r), right.max(c));
                }
                if let CellClass::Value(v) = class
                    && !self.is_parity_letter(r, c)
                {
                    max = max.max(v);
                }
            }
        }
        let bbox = Area {
            top,
            left,
            height: bottom + 1 - top,
            width: right + 1 - left,
        };
        (bbox, max)
    }

    /// Whether the cell holds a parity letter (`E`, `O`, `G` or `U`, either case), which marks
    /// parity on grids it is no digit of: it does not make the grid big enough to hold it as a
    /// digit.
    fn is_parity_letter(&self, row: usize, col: usize) -> bool {
        let value = &self.table.cell(row, col).value;
        matches!(value, RawValue::Text(text) if parity_mark(text).is_some())
    }

    /// Whether `area` lies within the rows and columns the table was written with.
    fn is_inside(&self, area: &Area) -> bool {
        area.top + area.height <= self.table.rows() && area.left + area.width <= self.table.cols()
    }

    /// Whether every cell of `area` has a border or a fill: a grid a person has outlined.
    fn all_formatted(&self, area: &Area) -> bool {
        cells_of(area).all(|(r, c)| {
            let cell = self.table.cell(r, c);
            cell.bordered || cell.fill.is_some()
        })
    }

    /// Whether a thick line runs all around `area`, as a person outlines a grid: on the outer
    /// side of each of its edge cells, or on the facing side of the cell beyond.
    fn is_framed(&self, area: &Area) -> bool {
        let (top, left, n) = (area.top, area.left, area.height);
        let thick = |(r, c): (usize, usize), side: usize, beyond: Option<(usize, usize)>| {
            self.table.cell(r, c).edges[side] == Edge::Thick
                || beyond.is_some_and(|(r, c)| {
                    self.table.cell(r, c).edges[(side + 2) % 4] == Edge::Thick
                })
        };
        (0..n).all(|i| {
            let (row, col) = (top + i, left + i);
            thick((top, col), 0, top.checked_sub(1).map(|r| (r, col)))
                && thick((row, left + n - 1), 1, Some((row, left + n)))
                && thick((top + n - 1, col), 2, Some((top + n, col)))
                && thick((row, left), 3, left.checked_sub(1).map(|c| (row, c)))
        })
    }

    /// Whether every digit in `area` comes from a formula.
    fn is_computed(&self, area: &Area) -> bool {
        let mut values = cells_of(area)
            .filter(|&(r, c)| matches!(self.class(r, c), CellClass::Value(_)))
            .peekable();
        values.peek().is_some() && values.all(|(r, c)| self.table.cell(r, c).formula)
    }

    /// Whether a label just above or left of `area` calls it a solution.
    fn is_labelled_solution(&self, area: &Area) -> bool {
        let above = (area.top.saturating_sub(2)..area.top).flat_map(|r| {
            (area.left.saturating_sub(1)..area.left + area.width).map(move |c| (r, c))
        });
        let left = (area.top..area.top + area.height)
            .flat_map(|r| (area.left.saturating_sub(2)..area.left).map(move |c| (r, c)));
        above.chain(left).any(|(r, c)| {
            let text = self.table.cell(r, c).value.display().to_lowercase();
            SOLUTION_WORDS.iter().any(|word| text.contains(word))
        })
    }
}

fn count(prefix: &Prefix, area: &Area, margin: isize) -> u32 {
    let (t, l) = (area.top as isize - margin, area.left as isize - margin);
    prefix.count(
        t,
        l,
        area.top as isize + area.height as isize + margin,
        area.left as isize + area.width as isize + margin,
    )
}

fn cells_of(area: &Area) -> impl Iterator<Item = (usize, usize)> + use<> {
    let area = *area;
    (area.top..area.top + area.height)
        .flat_map(move |r| (area.left..area.left + area.width).map(move |c| (r, c)))
}

/// One block that could be the grid: its digits' extent and the squares it could fill.
#[derive(Debug, Clone)]
struct Candidate {
    marks: Area,
    mark_count: u32,
    places: Vec<Area>,
}

impl Candidate {
    fn size(&self) -> usize {
        self.places[0].height
    }

    fn is_placed(&self) -> bool {
        self.places.len() == 1
    }

    fn describe(&self, table: &Table) -> String {
        let n = self.size();
        let places: Vec<String> = self.places.iter().map(|a| table.describe(a)).collect();
        format!(
            "{n}x{n} grid at {} ({} filled or marked cells)",
            places.join(" or "),
            self.mark_count
        )
    }
}

/// The fewest digits and empty-cell marks that make content grid-like (see [`not_grid_like`]).
const GRID_LIKE_MARKS: usize = 3;

/// Why `table` holds nothing that looks like a grid, or part of one, if it does not: fewer than
/// [`GRID_LIKE_MARKS`] digits or empty-cell marks, or all of them in one row or one column. A
/// sheet of instructions, or of a few settings beside a button (a puzzle generator's), is such.
pub fn not_grid_like(table: &Table, symbols: &Symbols) -> Option<String> {
    let marks: Vec<(usize, usize)> = cells_of(&Area {
        top: 0,
        left: 0,
        height: table.rows(),
        width: table.cols(),
    })
    .filter(|&(r, c)| classify(&table.cell(r, c).value, symbols).is_mark())
    .collect();
    let Some(&(r0, c0)) = marks.first() else {
        return Some("no cell holds a digit or an empty-cell marker (0 . -)".into());
    };
    let one_row = marks.iter().all(|&(r, _)| r == r0);
    let one_column = marks.iter().all(|&(_, c)| c == c0);
    let why = match marks.len() {
        1 => "only one cell holds a digit or an empty-cell marker".to_string(),
        n if n < GRID_LIKE_MARKS => format!("only {n} cells hold a digit or an empty-cell marker"),
        _ if one_row => format!("its digits lie in one row ({})", r0 + 1),
        _ if one_column => format!("its digits lie in one column ({})", column_name(c0)),
        _ => return None,
    };
    Some(why)
}

/// Finds the grid on `table`. A cell typed where a digit should be (`#N/A`, `TRUE`, `7.5`, `７`)
/// in an otherwise good grid is named, rather than the grid taken for smaller blocks or none.
pub fn find_grid(table: &Table, symbols: &Symbols) -> Result<Area, Error> {
    let scan = Scan::new(table, symbols, false);
    let found = choose(&scan);
    match misfit_in_grid(&scan, symbols, found.as_ref().ok()) {
        Some(error) => Err(error),
        None => found,
    }
}

/// The first bad cell of the grid that the misfits on the sheet would complete, if they do: a
/// grid of 4x4 or more found when misfits count as empty cells, larger than `found` (the grid
/// found without them, then only a fragment of it) and overlapping it.
fn misfit_in_grid(scan: &Scan, symbols: &Symbols, found: Option<&Area>) -> Option<Error> {
    if scan.misfits == 0 {
        return None;
    }
    let area = choose(&Scan::new(scan.table, symbols, true)).ok()?;
    let larger = found.is_none_or(|f| area.overlaps(f) && area.height > f.height);
    match larger && area.height >= 4 {
        true => first_bad_cell(scan, &area),
        false => None,
    }
}

/// The one grid among the candidates of `scan` a person would choose, or why there is none.
fn choose(scan: &Scan) -> Result<Area, Error> {
    let table = scan.table;
    let candidates = candidates(scan)?;
    if candidates.is_empty() {
        return Err(no_grid(scan));
    }
    let candidates = prefer(candidates, scan);
    match candidates.as_slice() {
        [only] if only.is_placed() => Ok(only.places[0]),
        _ => Err(Error::AmbiguousGrid {
            place: table.place.clone(),
            found: candidates.iter().map(|c| c.describe(table)).collect(),
            suggestion: candidates[0].places[0].a1(),
        }),
    }
}

/// All clean, isolated squares whose marks span them, grouped by the marks they hold; or, when
/// the sheet is too crowded to search within [`limits::MAX_DETECTION_CHECKS`] squares holding
/// marks, why not.
fn candidates(scan: &Scan) -> Result<Vec<Candidate>, Error> {
    let (rows, cols) = (scan.table.rows(), scan.table.cols());
    let largest = MAX_SIZE.min(rows.max(cols));
    let mut found: Vec<Candidate> = Vec::new();
    let mut checks = 0;
    for size in 1..=largest {
        for top in 0..rows {
            for left in 0..cols {
                // A mark just above or left of the corner touches the square: not isolated.
                let touched = |r: Option<usize>, c: Option<usize>| {
                    r.zip(c).is_some_and(|(r, c)| scan.class(r, c).is_mark())
                };
                if touched(top.checked_sub(1), Some(left))
                    || touched(Some(top), left.checked_sub(1))
                {
                    continue;
                }
                let area = Area::square(top, left, size);
                if scan.marks_in(&area) == 0 {
                    continue;
                }
                checks += 1;
                if checks > limits::MAX_DETECTION_CHECKS {
                    return Err(crowded(scan));
                }
                if !scan.spans(&area) || !scan.is_clean(&area) || !scan.is_isolated(&area) {
                    continue;
                }
                let (marks, _) = scan.marks_extent(&area);
                match found.iter_mut().find(|c| c.marks == marks) {
                    Some(candidate) => candidate.places.push(area),
                    None => found.push(Candidate {
                        marks,
                        mark_count: scan.marks_in(&area),
                        places: vec![area],
                    }),
                }
            }
        }
    }
    found.iter_mut().for_each(|c| settle_place(c, scan));
    Ok(found)
}

/// The error of a sheet too crowded with digits to search for the grid.
fn crowded(scan: &Scan) -> Error {
    Error::NoGrid {
        place: scan.table.place.clone(),
        detail: format!(
            "digits and empty-cell marks are spread over {} cells, too many places to search \
             for the grid ({} squares checked); give the grid's range with --range",
            limits::thousands(scan.table.rows() as u128 * scan.table.cols() as u128),
            limits::thousands(limits::MAX_DETECTION_CHECKS as u128)
        ),
    }
}

/// Narrows a sparse grid's possible places to the one outlined by borders, or else to the one
/// inside the table (a CSV whose empty first row is written as a line of commas says how tall the
/// grid is), and grows it to the size its largest digit needs when borders, or else the table's
/// edges, leave one such square.
fn settle_place(candidate: &mut Candidate, scan: &Scan) {
    let (_, largest) = scan.marks_extent(&candidate.places[0]);
    if largest > candidate.size() {
        let grown = squares_around(&candidate.marks, largest)
            .filter(|a| scan.is_clean(a) && scan.is_isolated(a))
            .collect::<Vec<_>>();
        if let Some(place) = the_one(&grown, |a| scan.all_formatted(a))
            .or_else(|| the_one(&grown, |a| scan.is_inside(a)))
        {
            candidate.places = vec![place];
            return;
        }
    }
    if !candidate.is_placed()
        && let Some(place) = the_one(&candidate.places, |a| scan.all_formatted(a))
            .or_else(|| the_one(&candidate.places, |a| scan.is_inside(a)))
    {
        candidate.places = vec![place];
    }
    grow_to_frame(candidate, scan);
}

/// Grows a placed grid that no thick line outlines to the one larger square (by up to
/// [`MAX_EMPTY_EDGE`] rows and columns) that one does, when there is exactly one: a sparse grid
/// whose givens leave an outer row and column empty (a 6x6 whose digits stop at 5 and leave
/// its first row and last column empty would otherwise read as a 5x5), its outline drawn as
/// people outline a grid. The digits must reach one of its top and bottom rows and one of its
/// sides: a frame drawn with a margin all around the grid is decoration. A ruled or shaded
/// margin is no thick frame, so it stays outside too.
fn grow_to_frame(candidate: &mut Candidate, scan: &Scan) {
    let place = candidate.places[0];
    if !candidate.is_placed() || scan.is_framed(&place) {
        return;
    }
    let reached = |a: &Area| {
        let (marks, _) = scan.marks_extent(a);
        let (bottom, right) = (|b: &Area| b.top + b.height, |b: &Area| b.left + b.width);
        (marks.top == a.top || bottom(&marks) == bottom(a))
            && (marks.left == a.left || right(&marks) == right(a))
    };
    let framed: Vec<Area> = (1..=MAX_EMPTY_EDGE)
        .flat_map(|extra| squares_around(&place, place.height + extra))
        .filter(|a| scan.is_framed(a) && scan.is_clean(a) && scan.is_isolated(a) && reached(a))
        .collect();
    if let [one] = framed[..] {
        candidate.places = vec![one];
    }
}

/// The only one of `places` that passes `test`, if exactly one does.
fn the_one(places: &[Area], test: impl Fn(&Area) -> bool) -> Option<Area> {
    let mut passing = places.iter().filter(|a| test(a));
    match (passing.next(), passing.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

/// Every square of side `size` (within the sheet) that contains `inner`.
fn squares_around(inner: &Area, size: usize) -> impl Iterator<Item = Area> + use<> {
    let inner = *inner;
    let span = move |start: usize, extent: usize| {
        start.saturating_sub(size.saturating_sub(extent))..=start
    };
    span(inner.top, inner.height)
        .flat_map(move |top| {
            span(inner.left, inner.width).map(move |left| Area::square(top, left, size))
        })
        .filter(move |a| size >= inner.height.max(inner.width) && a.contains(&inner))
}

/// Applies a person's preferences, each only when it leaves something to choose from.
fn prefer(mut candidates: Vec<Candidate>, scan: &Scan) -> Vec<Candidate> {
    keep_if_any(&mut candidates, |c| c.mark_count > 1);
    // A puzzle with a unique solution has at least N - 1 givens.
    keep_if_any(&mut candidates, |c| c.mark_count as usize + 1 >= c.size());
    // A grid leaves at most a couple of outer rows or columns empty; a wider gap means separate
    // blocks that merely fit in one square.
    keep_if_any(&mut candidates, |c| {
        c.size() - c.marks.height.min(c.marks.width) <= MAX_EMPTY_EDGE
    });
    let wholes = candidates.clone();
    keep_if_any(&mut candidates, |c| {
        !wholes
            .iter()
            .any(|w| w.marks != c.marks && w.marks.contains(&c.marks))
    });
    keep_if_any(&mut candidates, Candidate::is_placed);
    keep_if_any(&mut candidates, |c| !scan.is_computed(&c.places[0]));
    keep_if_any(&mut candidates, |c| {
        !scan.is_labelled_solution(&c.places[0])
    });
    keep_if_any(&mut candidates, |c| scan.all_formatted(&c.places[0]));
    keep_if_any(&mut candidates, |c| c.size() >= 4);
    candidates
}

fn keep_if_any(candidates: &mut Vec<Candidate>, keep: impl Fn(&Candidate) -> bool) {
    if candidates.iter().any(&keep) {
        candidates.retain(keep);
    }
}

/// The first cell of a square block that keeps it from being a grid (a label, a fraction), as the
/// error a person needs: which cell, what it holds, why that is not a digit.
fn first_bad_cell(scan: &Scan, block: &Area) -> Option<Error> {
    let (row, col) = cells_of(block).find(|&(r, c)| scan.class(r, c) == CellClass::Other)?;
    let text = scan.table.cell(row, col).value.display();
    let (r, c) = (row - block.top, col - block.left);
    Some(Error::BadValue {
        cell: format!("{} ({})", cell_name(r, c), scan.table.locate(row, col)),
        value: text.trim().to_string(),
        reason: rejection(CellClass::Other, &text, block.height),
    })
}

/// Explains why no grid was found: nothing that looks like digits, or a block that is not square.
fn no_grid(scan: &Scan) -> Error {
    let table = scan.table;
    let whole = Area {
        top: 0,
        left: 0,
        height: table.rows().max(1),
        width: table.cols().max(1),
    };
    let detail = if scan.marks_in(&whole) == 0 {
        "no cell holds a digit or an empty-cell marker (0 . -)".to_string()
    } else {
        let (bbox, _) = scan.marks_extent(&whole);
        if bbox.height == bbox.width
            && let Some(error) = first_bad_cell(scan, &bbox)
        {
            return error;
        }
        if bbox.height != bbox.width && scan.is_clean(&bbox) {
            return Error::NotSquare {
                place: format!("{} at {}", table.place, table.describe(&bbox)),
                rows: bbox.height,
                cols: bbox.width,
            };
        }
        let example = match bbox.height.max(bbox.width) <= MAX_SIZE {
            true => format!(", e.g. --range {}", bbox.a1()),
            false => format!(" (at most {MAX_SIZE}x{MAX_SIZE})"),
        };
        format!(
            "digits were found at {}, but no square block of them stands apart from the other \
             content; give the grid's range with --range{example}",
            table.describe(&bbox),
        )
    };
    Error::NoGrid {
        place: table.place.clone(),
        detail,
    }
}
