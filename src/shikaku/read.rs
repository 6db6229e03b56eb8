//! Reading Shikaku puzzles: text files with a `rows cols` header (on one line or two, the grid on
//! the following lines or on the header's line), header-less text grids, CSV/TSV and workbooks.
//!
//! Empty cells are blank, `-`, `.` or `0`; numbers must be positive whole numbers. On a sheet the
//! grid is `--range`, a defined name (`shikaku`, `puzzle` or `grid`), or the block spanned by the
//! numbers and empty markers — widened to bordered or filled cells when the numbers do not cover
//! their block's area — and otherwise an error that asks for `--range`.
//!
//! A person's state ([`parse_state`]) is a puzzle in one of these text forms, a line
//! `rectangles:`, then the rectangles they placed, one a line, by their corners (`r2c3-r4c5`, or
//! `r2c3` for one cell), as `shikaku::report::state_text` writes it.

use super::model::{Clue, Rect, Shikaku};
use crate::error::Error;
use crate::model::{Origin, Symbols};
use crate::read::table::{self, Area, RawValue, Table};
use crate::read::text::{self, TextInput};
use crate::read::workbook::Workbook;
use crate::read::{ReadOptions, is_workbook, limits};
use std::path::Path;

/// Defined names that point at a Shikaku grid when no `--range` is given.
const GRID_NAMES: [&str; 3] = ["shikaku", "puzzle", "grid"];

/// Reads the Shikaku puzzle or puzzles in a file.
pub fn read_file(path: &Path, options: &ReadOptions) -> Result<Vec<Shikaku>, Error> {
    if is_workbook(path) {
        return read_book(&mut Workbook::open(path)?, options);
    }
    if options.sheet.is_some() {
        return Err(Error::Usage("--sheet applies to workbooks only".into()));
    }
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let place = path.file_name().unwrap_or_default().to_string_lossy();
    read_text(&text, &place, options)
}

/// Reads the Shikaku puzzle or puzzles in a text; `place` names it in messages.
pub fn read_text(text: &str, place: &str, options: &ReadOptions) -> Result<Vec<Shikaku>, Error> {
    text::check_text(text, place)?;
    let lines = content_lines(text);
    if lines.is_empty() {
        return Err(Error::Empty {
            what: format!("file {place}"),
        });
    }
    if header(&lines, 0).is_some() {
        return read_with_headers(&lines, place);
    }
    if is_delimited(&lines) {
        let TextInput::Table { table, .. } = text::parse(text, place, &Symbols::default()) else {
            return Err(no_grid(place, "the lines do not form a table"));
        };
        let area = match &options.range {
            Some(range) => Some(table::parse_reference(range)?.1),
            None => None,
        };
        return read_table(&table, area).map(|p| vec![p]);
    }
    read_plain_grid(&lines, place).map(|p| vec![p])
}

/// Reads a Shikaku from an area of a table, or from the area found on it.
pub fn read_table(table: &Table, area: Option<Area>) -> Result<Shikaku, Error> {
    let area = match area {
        Some(area) => area,
        None => find_area(table)?,
    };
    let origin = table.origin(&area);
    let mut clues = Vec::new();
    for r in 0..area.height {
        for c in 0..area.width {
            let raw = &table.cell(area.top + r, area.left + c).value;
            let value = || raw.display().trim().to_string();
            clues.extend(clue_at(classify(raw), (r, c), &origin, area.width, value)?);
        }
    }
    Shikaku::new(area.height, area.width, clues, origin)
}

/// Reads the Shikaku of the open workbook `book`: on the sheet `--sheet` names or a range
/// points at, else on the first sheet.
pub fn read_book(book: &mut Workbook, options: &ReadOptions) -> Result<Vec<Shikaku>, Error> {
    read_workbook(book, options).map(|p| vec![p])
}

fn read_workbook(book: &mut Workbook, options: &ReadOptions) -> Result<Shikaku, Error> {
    let missing = |sheet: String| Error::SheetNotFound {
        sheet,
        available: book.sheet_names().to_vec(),
    };
    let named = match &options.range {
        Some(range) => Some(
            table::parse_reference(range).or_else(|err| book.defined_range(range).ok_or(err))?,
        ),
        None => GRID_NAMES.iter().find_map(|name| book.defined_range(name)),
    };
    let requested = match &options.sheet {
        Some(name) => Some(book.find_sheet(name).ok_or_else(|| missing(name.clone()))?),
        None => None,
    };
    let (sheet, area) = match named {
        Some((Some(sheet), area)) if requested.as_ref().is_none_or(|r| *r == sheet) => (
            Some(book.find_sheet(&sheet).ok_or_else(|| missing(sheet))?),
            Some(area),
        ),
        Some((None, area)) => (requested.clone(), Some(area)),
        _ => (requested.clone(), None),
    };
    let sheet = match sheet {
        Some(sheet) => sheet,
        None => book
            .sheet_names()
            .first()
            .cloned()
            .ok_or_else(|| Error::Empty {
                what: "the workbook".into(),
            })?,
    };
    let table = book.table(&sheet)?;
    if table.is_blank() {
        return Err(Error::Empty {
            what: table.place.clone(),
        });
    }
    read_table(&table, area)
}

/// The clue a cell's mark makes at (`row`, `col`) of a grid `cols` wide: none for an empty cell,
/// an error naming the cell and its `value` for anything but a positive whole number.
fn clue_at(
    mark: Mark,
    (row, col): (usize, usize),
    origin: &Origin,
    cols: usize,
    value: impl FnOnce() -> String,
) -> Result<Option<Clue>, Error> {
    match mark {
        Mark::Blank | Mark::Empty => Ok(None),
        Mark::Number(number) => Ok(Some(Clue { row, col, number })),
        Mark::Bad(reason) | Mark::Label(reason) => Err(Error::BadValue {
            cell: origin.cell_name(row, col, cols),
            value: value(),
            reason,
        }),
    }
}

/// What a raw cell means for a Shikaku grid.
#[derive(Debug, Clone, PartialEq)]
enum Mark {
    Blank,
    Empty,
    Number(usize),
    /// Looks like a number but is not a positive whole one.
    Bad(String),
    /// Text: a label outside the grid, an error inside it.
    Label(String),
}

fn classify(raw: &RawValue) -> Mark {
    match raw {
        RawValue::Blank => Mark::Blank,
        RawValue::Number(n) => number_mark(*n),
        RawValue::Text(text) => text_mark(text),
        RawValue::Other(_) => Mark::Label(LABEL.into()),
    }
}

const LABEL: &str = "not a number or an empty-cell marker (blank, -, . or 0)";

fn number_mark(n: f64) -> Mark {
    if n == 0.0 {
        Mark::Empty
    } else if n.fract() != 0.0 {
        Mark::Bad("not a whole number: a Shikaku number is a rectangle's area".into())
    } else if n < 0.0 {
        Mark::Bad("not positive: a Shikaku number is a rectangle's area".into())
    } else {
        Mark::Number(n as usize)
    }
}

fn text_mark(text: &str) -> Mark {
    let text = text.trim();
    match text {
        "" => Mark::Blank,
        "-" | "." | "0" => Mark::Empty,
        _ => match text.parse::<f64>() {
            Ok(n) if n.is_finite() => number_mark(n),
            _ => Mark::Label(LABEL.into()),
        },
    }
}

fn is_mark(mark: &Mark) -> bool {
    matches!(mark, Mark::Empty | Mark::Number(_) | Mark::Bad(_))
}

fn no_grid(place: &str, detail: &str) -> Error {
    Error::NoShikakuGrid {
        place: place.to_string(),
        detail: detail.to_string(),
    }
}

/// The grid on a table: the block spanned by numbers and empty markers, or that block widened to
/// the table's bordered and filled cells, whichever the numbers fill exactly.
fn find_area(table: &Table) -> Result<Area, Error> {
    let mut marks = Bounds::default();
    let mut styled = Bounds::default();
    let mut sum = 0usize;
    for r in 0..table.rows() {
        for c in 0..table.cols() {
            let cell = table.cell(r, c);
            let mark = classify(&cell.value);
            if is_mark(&mark) {
                marks.add(r, c);
                styled.add(r, c);
            } else if mark == Mark::Blank && (cell.bordered || cell.fill.is_some()) {
                styled.add(r, c);
            }
            if let Mark::Number(n) = mark {
                sum += n;
            }
        }
    }
    let Some(block) = marks.area() else {
        return Err(no_grid(&table.place, "it holds no numbers"));
    };
    for area in [Some(block), styled.area()].into_iter().flatten() {
        if area.height * area.width == sum {
            return Ok(area);
        }
    }
    let range = |area: &Area| {
        if table.addressable {
            area.a1()
        } else {
            table.describe(area)
        }
    };
    Err(no_grid(
        &table.place,
        &format!(
            "the numbers add up to {sum}, but the block they span ({}) has {} cells and no \
             border or fill marks a larger grid; give the grid's range, e.g. --range {}",
            range(&block),
            block.height * block.width,
            block.a1()
        ),
    ))
}

/// The bounding box of the cells added.
#[derive(Default)]
struct Bounds(Option<(usize, usize, usize, usize)>);

impl Bounds {
    fn add(&mut self, r: usize, c: usize) {
        self.0 = Some(match self.0 {
            None => (r, c, r, c),
            Some((t, l, b, rt)) => (t.min(r), l.min(c), b.max(r), rt.max(c)),
        });
    }

    fn area(&self) -> Option<Area> {
        self.0.map(|(top, left, bottom, right)| Area {
            top,
            left,
            height: bottom - top + 1,
            width: right - left + 1,
        })
    }
}

/// Non-blank lines that are not `#` comments, with their 1-based numbers and tokens.
fn content_lines(text: &str) -> Vec<(usize, Vec<&str>)> {
    content(text).collect()
}

/// The lines of [`content_lines`], one at a time.
fn content(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split_whitespace().collect()))
}

fn is_delimited(lines: &[(usize, Vec<&str>)]) -> bool {
    lines
        .iter()
        .any(|(_, tokens)| tokens.iter().any(|t| t.contains([',', ';', '\t'])))
}

/// A header at `lines[at]`: (rows, cols, lines it takes, cells on its own line).
fn header(lines: &[(usize, Vec<&str>)], at: usize) -> Option<(usize, usize, usize, usize)> {
    let number = |t: &str| t.parse::<usize>().ok().filter(|&n| n > 0);
    let (_, first) = lines.get(at)?;
    match first.as_slice() {
        [r] => {
            let rows = number(r)?;
            match lines.get(at + 1).map(|(_, t)| t.as_slice()) {
                Some([c]) => Some((rows, number(c)?, 2, 0)),
                _ => None,
            }
        }
        [r, c, rest @ ..] => {
            let (rows, cols) = (number(r)?, number(c)?);
            (rest.is_empty() || rows.checked_mul(cols) == Some(rest.len())).then_some((
                rows,
                cols,
                1,
                rest.len(),
            ))
        }
        _ => None,
    }
}

/// Reads one or more puzzles, each a header followed by its grid.
fn read_with_headers(lines: &[(usize, Vec<&str>)], place: &str) -> Result<Vec<Shikaku>, Error> {
    let mut puzzles = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let Some((rows, cols, taken, inline)) = header(lines, at) else {
            return Err(no_grid(
                place,
                &format!(
                    "line {} should start a puzzle with its size (`rows cols`)",
                    lines[at].0
                ),
            ));
        };
        let (header_line, header_tokens) = &lines[at];
        if !limits::table_fits(rows, cols) {
            return Err(limits::too_many_cells(
                format!("the puzzle on line {header_line} of {place}"),
                format!("its header announces {rows} x {cols} cells"),
                "",
            ));
        }
        let rows_text: Vec<(usize, Vec<&str>)> = if inline > 0 {
            header_tokens[2..]
                .chunks(cols)
                .map(|chunk| (*header_line, chunk.to_vec()))
                .collect()
        } else {
            let start = at + taken;
            let grid = lines.get(start..start + rows).ok_or_else(|| {
                no_grid(
                    place,
                    &format!(
                        "the header on line {header_line} announces {rows} rows, but only {} \
                         lines follow",
                        lines.len() - start
                    ),
                )
            })?;
            grid.to_vec()
        };
        at += if inline > 0 { 1 } else { taken + rows };
        puzzles.push(grid_puzzle(&rows_text, cols, place)?);
    }
    Ok(puzzles)
}

/// A grid with no header: every content line is a row.
fn read_plain_grid(lines: &[(usize, Vec<&str>)], place: &str) -> Result<Shikaku, Error> {
    let cols = lines[0].1.len();
    grid_puzzle(lines, cols, place)
}

fn grid_puzzle(rows: &[(usize, Vec<&str>)], cols: usize, place: &str) -> Result<Shikaku, Error> {
    let origin = Origin::TextGrid {
        lines: rows.iter().map(|(line, _)| *line).collect(),
    };
    let mut clues = Vec::new();
    for (r, (line, tokens)) in rows.iter().enumerate() {
        if tokens.len() != cols {
            return Err(Error::Ragged {
                place: format!("{place} line {line}"),
                row: r + 1,
                found: tokens.len(),
                expected: cols,
            });
        }
        for (c, token) in tokens.iter().enumerate() {
            let value = || token.to_string();
            clues.extend(clue_at(text_mark(token), (r, c), &origin, cols, value)?);
        }
    }
    Shikaku::new(rows.len(), cols, clues, origin)
}

/// Whether a text starts with a Shikaku `rows cols` header (which settles its kind).
pub fn starts_with_header(text: &str) -> bool {
    // A header takes at most the first two lines; N lines of N symbols each, such as
    // `530070000` over `600195000`, are a grid of digit rows, not a header over a grid.
    let lines: Vec<_> = content(text).collect();
    let square = |(_, tokens): &(usize, Vec<&str>)| matches!(tokens.as_slice(), [row] if row.chars().count() == lines.len());
    let digit_rows = lines.len() > 1 && lines.iter().all(square);
    !digit_rows && header(&lines, 0).is_some()
}

/// The line between a Shikaku state's puzzle and its rectangles.
pub const STATE_MARKER: &str = "rectangles:";

/// A person's Shikaku state: the puzzle and the rectangles they placed, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The puzzle.
    pub puzzle: Shikaku,
    /// The rectangles, in the order written (any of them may be wrong: the hint checks).
    pub rects: Vec<Rect>,
}

impl Placed {
    /// The puzzle with no rectangle placed yet.
    pub fn empty(puzzle: Shikaku) -> Placed {
        Placed {
            puzzle,
            rects: Vec::new(),
        }
    }
}

/// The Shikaku state in `text`, if it has a [`STATE_MARKER`] line; `place` names it in messages.
pub fn parse_state(text: &str, place: &str) -> Option<Result<Placed, Error>> {
    let (at, _) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.trim() == STATE_MARKER)?;
    let puzzle: Vec<&str> = text.lines().take(at).collect();
    Some(read_state(&puzzle.join("\n"), text, at, place))
}

/// The state whose puzzle is `puzzle` and whose rectangles follow line `at` (0-based) of `text`.
fn read_state(puzzle: &str, text: &str, at: usize, place: &str) -> Result<Placed, Error> {
    let mut puzzles = read_text(puzzle, place, &ReadOptions::default())?;
    if puzzles.len() != 1 {
        return Err(Error::Usage(format!(
            "{place}: a state holds one puzzle before '{STATE_MARKER}', not {}",
            puzzles.len()
        )));
    }
    let puzzle = puzzles.remove(0);
    let rects = text
        .lines()
        .enumerate()
        .skip(at + 1)
        .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or_default().trim()))
        .filter(|(_, line)| !line.is_empty())
        .map(|(number, line)| {
            rect_on_line(line, &puzzle).map_err(|why| bad_line(place, number, line, &why))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Placed { puzzle, rects })
}

/// The error of line `number` of a state, `line`, and why it is wrong.
fn bad_line(place: &str, number: usize, line: &str, why: &str) -> Error {
    Error::Usage(format!("{place} line {number}: '{line}' {why}"))
}

/// The rectangle a line names by its corners (in any order), inside `puzzle`'s grid.
fn rect_on_line(line: &str, puzzle: &Shikaku) -> Result<Rect, String> {
    let shape = "is not a rectangle: write its corners, as r2c3-r4c5, or r2c3 for one cell";
    let corners: Vec<(usize, usize)> = line
        .split('-')
        .map(|corner| cell_of(corner.trim()).ok_or_else(|| shape.to_string()))
        .collect::<Result<_, _>>()?;
    let (a, b) = match corners.as_slice() {
        [one] => (*one, *one),
        [a, b] => (*a, *b),
        _ => return Err(shape.into()),
    };
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if a.0.max(b.0) >= rows || a.1.max(b.1) >= cols {
        return Err(format!("reaches outside the {rows}x{cols} grid"));
    }
    Ok(Rect {
        top: a.0.min(b.0),
        left: a.1.min(b.1),
        height: a.0.abs_diff(b.0) + 1,
        width: a.1.abs_diff(b.1) + 1,
    })
}

/// The zero-based (row, column) of a cell named `r2c3` (any case).
fn cell_of(name: &str) -> Option<(usize, usize)> {
    let name = name.to_ascii_lowercase();
    let (row, col) = name.strip_prefix('r')?.split_once('c')?;
    let number = |text: &str| text.parse::<usize>().ok().filter(|&n| n > 0);
    Some((number(row)? - 1, number(col)? - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<Shikaku>, Error> {
        read_text(text, "t", &ReadOptions::default())
    }

    #[test]
    fn digit_rows_are_no_header() {
        assert!(starts_with_header("2 3\n3 - -\n- - 3\n"));
        assert!(starts_with_header("2\n3\n3 - -\n- - 3\n"));
        assert!(starts_with_header("2 3 3 - - - - 3\n"));
        // Nine rows of nine digits: the first two would be a header of 530070000 rows.
        let rows = "530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n\
                    060000280\n000419005\n000080079\n";
        assert!(!starts_with_header(rows));
        // A header past what can be read is still one, to be refused as too large.
        assert!(starts_with_header("4294967296 4294967296\n1 2 3\n"));
    }

    #[test]
    fn headers_on_one_line_two_lines_or_with_the_grid() {
        let two = read("2\n3\n3 - -\n- - 3\n").unwrap();
        let one = read("2 3\n3 - -\n- - 3\n").unwrap();
        let inline = read("2 3 3 - - - - 3\n").unwrap();
        assert_eq!(two[0].clues(), one[0].clues());
        assert_eq!(one[0].clues(), inline[0].clues());
        assert_eq!(one[0].cell_name(1, 2), "r2c3 (line 3)");
        let many = read("1 2\n2 -\n1 2\n- 2\n").unwrap();
        assert_eq!(many.len(), 2);
    }

    #[test]
    fn csv_grids_are_found_under_a_title() {
        let p = read("Shikaku,,\n,,\n3,-,-\n-,-,3\n").unwrap();
        assert_eq!(p[0].place(), "A3:C4");
        assert_eq!(p[0].clue_name(1), "the 3 at r2c3 (C4)");
    }

    #[test]
    fn bad_numbers_name_their_cell() {
        let e = read("1 2\n1.5 -\n").unwrap_err().to_string();
        assert!(e.contains("r1c1 (line 2)") && e.contains("whole"), "{e}");
        let e = read("1 2\n-2 -\n").unwrap_err().to_string();
        assert!(e.contains("not positive"), "{e}");
        let e = read("2,-,-\n-,-,-\n").unwrap_err().to_string();
        assert!(e.contains("--range"), "{e}");
    }

    #[test]
    fn states_list_rectangles_by_their_corners() {
        let state = "2 3\n3 - -\n- - 3\nrectangles:\n# the 3 at r1c1\nr2c1-r1c1 \nr1c2\n";
        let placed = parse_state(state, "s").unwrap().unwrap();
        let rects: Vec<String> = placed.rects.iter().map(Rect::to_string).collect();
        assert_eq!(rects, ["r1c1-r2c1", "r1c2"]);
        assert!(parse_state("2 3\n3 - -\n- - 3\n", "s").is_none());
        let e = parse_state("2 3\n3 - -\n- - 3\nrectangles:\nr1c1-r2\n", "s");
        let e = e.unwrap().unwrap_err().to_string();
        assert!(e.contains("s line 5: 'r1c1-r2' is not a rectangle"), "{e}");
        let e = parse_state("2 3\n3 - -\n- - 3\nrectangles:\nr1c1-r3c1\n", "s");
        let e = e.unwrap().unwrap_err().to_string();
        assert!(
            e.contains("line 5") && e.contains("outside the 2x3 grid"),
            "{e}"
        );
    }
}
