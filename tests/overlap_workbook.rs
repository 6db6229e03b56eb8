//! Overlapping Sudokus in workbooks: a Samurai and a Sumo typed by hand into a sheet (built here
//! with rust_xlsxwriter as people type one: the grids' cells bordered as printed, thin between
//! cells and medium on box edges, the gaps empty and without borders, digits as numbers, a title
//! above, the grid away from A1) are found, solved to the published solution of their fixture,
//! and written back as an annotated workbook in their shape, which calamine reads back (numbers
//! stay numbers, gaps stay empty) and gridlogic reads again as the same puzzle.

use crate::common;

use crate::common::{fixture, run, scratch};
use calamine::{Data, Reader, Xlsx, open_workbook};
use gridlogic::model::{Grid, sheet_address};
use gridlogic::read::{ReadOptions, read_file};
use rust_xlsxwriter::{Format, FormatBorder, Workbook};
use std::path::{Path, PathBuf};

/// A puzzle of the fixtures as the dataset writes it: rows of tokens (`-` empty or outside the
/// grids) and the published solution, one digit per cell in reading order.
struct Fixture {
    rows: Vec<Vec<String>>,
    solution: Vec<u8>,
}

fn load(name: &str) -> Fixture {
    let text = std::fs::read_to_string(fixture(&format!("overlap/{name}"))).unwrap();
    let solution = text
        .lines()
        .find_map(|l| l.strip_prefix("# solution "))
        .unwrap()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    let rows = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    Fixture { rows, solution }
}

/// Whether the zero-based sheet position (`r`, `c`) of the layout is a cell: in some 9x9 grid.
fn inside(corners: &[(usize, usize)], r: usize, c: usize) -> bool {
    corners
        .iter()
        .any(|&(top, left)| (top..top + 9).contains(&r) && (left..left + 9).contains(&c))
}

/// How a person types the puzzle: `anchor` is the zero-based sheet cell of its top-left
/// position, `title` goes two rows above it, `stray` is a digit and `label` a text typed in a
/// gap; without `borders` only the digits are typed.
struct Typing<'a> {
    layout: &'a str,
    sheet: &'a str,
    anchor: (usize, usize),
    title: Option<&'a str>,
    stray: Option<(usize, usize, f64)>,
    label: Option<(usize, usize, &'a str)>,
    borders: bool,
}

impl Typing<'_> {
    /// A layout typed with borders, no title, at C4 of `Sheet1`.
    fn plain(layout: &str) -> Typing<'_> {
        Typing {
            layout,
            sheet: "Sheet1",
            anchor: (3, 2),
            title: None,
            stray: None,
            label: None,
            borders: true,
        }
    }
}

/// Types `puzzle` into a new workbook at `path`, the grids' cells bordered as printed: thin lines
/// between cells, medium ones on box edges (every third row and column of the sheet, since the
/// grids start on box lines).
fn type_in(path: &Path, puzzle: &Fixture, typing: &Typing) {
    let corners = common::overlap_corners(typing.layout);
    let mut book = Workbook::new();
    let sheet = book.add_worksheet().set_name(typing.sheet).unwrap();
    let (top, left) = typing.anchor;
    if let Some(title) = typing.title {
        sheet
            .write_string(top as u32 - 2, left as u16, title)
            .unwrap();
    }
    let edge = |thick: bool| match thick {
        true => FormatBorder::Medium,
        false => FormatBorder::Thin,
    };
    for (r, row) in puzzle.rows.iter().enumerate() {
        for (c, token) in row.iter().enumerate() {
            let (sr, sc) = ((top + r) as u32, (left + c) as u16);
            if !inside(&corners, r, c) {
                assert_eq!(token, "-", "the fixture has a digit in a gap");
                continue;
            }
            let format = match typing.borders {
                true => Format::new()
                    .set_border_top(edge(r % 3 == 0))
                    .set_border_bottom(edge(r % 3 == 2))
                    .set_border_left(edge(c % 3 == 0))
                    .set_border_right(edge(c % 3 == 2)),
                false => Format::new(),
            };
            match token.parse::<f64>() {
                Ok(digit) => sheet.write_number_with_format(sr, sc, digit, &format),
                Err(_) if typing.borders => sheet.write_blank(sr, sc, &format),
                Err(_) => continue,
            }
            .unwrap();
        }
    }
    if let Some((r, c, digit)) = typing.stray {
        sheet
            .write_number((top + r) as u32, (left + c) as u16, digit)
            .unwrap();
    }
    if let Some((r, c, label)) = typing.label {
        sheet
            .write_string((top + r) as u32, (left + c) as u16, label)
            .unwrap();
    }
    book.save(path).unwrap();
}

/// The fixture's givens in the reading order of the cells.
fn givens_of(puzzle: &Fixture, layout: &str) -> Vec<u8> {
    let corners = common::overlap_corners(layout);
    let mut givens = Vec::new();
    for (r, row) in puzzle.rows.iter().enumerate() {
        for (c, token) in row.iter().enumerate() {
            if inside(&corners, r, c) {
                givens.push(token.parse().unwrap_or(0));
            }
        }
    }
    givens
}

fn values(grid: &Grid) -> Vec<u8> {
    grid.values().to_vec()
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// What sheet `name` of the written workbook holds at the layout's positions, the layout at
/// `anchor`: per cell its number (0 for an empty cell) in reading order; every gap must be
/// empty, every cell a number or empty.
fn sheet_grid(path: &Path, name: &str, layout: &str, anchor: (usize, usize)) -> Vec<u8> {
    let corners = common::overlap_corners(layout);
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let range = book.worksheet_range(name).unwrap();
    let (rows, cols) = extent(&corners);
    let mut found = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let at = ((anchor.0 + r) as u32, (anchor.1 + c) as u32);
            let value = range.get_value(at).cloned().unwrap_or(Data::Empty);
            let address = sheet_address(at.0 as usize, at.1 as usize);
            match (inside(&corners, r, c), value) {
                (true, Data::Float(d)) => found.push(d as u8),
                (true, Data::Empty) => found.push(0),
                (false, Data::Empty) => {}
                (true, other) => panic!("{name}!{address} holds {other:?}, not a number"),
                (false, other) => panic!("{name}!{address} is a gap but holds {other:?}"),
            }
        }
    }
    found
}

fn extent(corners: &[(usize, usize)]) -> (usize, usize) {
    let rows = corners.iter().map(|c| c.0).max().unwrap() + 9;
    let cols = corners.iter().map(|c| c.1).max().unwrap() + 9;
    (rows, cols)
}

/// Types the fixture `name`, checks it is found with its givens and solved to the published
/// solution, and that the annotated workbook holds both in the puzzle's shape and reads back as
/// the same puzzle; returns the annotated workbook's path.
fn round_trip(dir: &Path, name: &str, typing: &Typing) -> PathBuf {
    let puzzle = load(name);
    let typed = dir.join(format!("{}.xlsx", typing.layout));
    type_in(&typed, &puzzle, typing);
    let givens = givens_of(&puzzle, typing.layout);
    let read = read_file(&typed, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .puzzles
        .remove(0);
    assert_eq!(values(read.givens()), givens);
    let (rows, cols) = extent(&common::overlap_corners(typing.layout));
    let (top, left) = typing.anchor;
    let range = format!(
        "{}:{}",
        sheet_address(top, left),
        sheet_address(top + rows - 1, left + cols - 1)
    );
    let (code, out, err) = run(&["check", path_str(&typed)]);
    assert_eq!(code, 0, "{out}{err}");
    let place = format!("sheet '{}' {range}: {rows}x{cols}", typing.sheet);
    assert!(out.starts_with(&place), "{out}");
    assert!(out.contains("1 solution (unique)"), "{out}");

    let written = dir.join(format!("{}.solved.xlsx", typing.layout));
    let (code, out, err) = run(&["solve", path_str(&typed), "-o", path_str(&written)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        sheet_grid(&written, "Solution", typing.layout, typing.anchor),
        puzzle.solution
    );
    assert_eq!(
        sheet_grid(&written, "Puzzle", typing.layout, typing.anchor),
        givens
    );
    // gridlogic reads its own workbook again: the Puzzle sheet is the puzzle typed (its shape
    // from the written borders alone, as the sheet has no title), the Solution sheet the answer.
    let options = ReadOptions {
        sheet: Some("Puzzle".into()),
        ..ReadOptions::default()
    };
    let again = read_file(&written, &options).unwrap().puzzles.remove(0);
    assert_eq!(values(again.givens()), givens);
    assert_eq!(again.layout().describe(), read.layout().describe());
    let (code, out, err) = run(&["check", path_str(&written)]);
    assert_eq!(code, 0, "{out}{err}");
    for sheet in ["Solution", "Puzzle"] {
        let line = format!("sheet '{sheet}' {range}: {rows}x{cols}");
        assert!(out.contains(&line), "{line} in {out}");
    }
    written
}

/// Every `rXcY (ADDRESS)` in the Steps sheet's explanations: the row and column and the address.
fn named_cells(path: &Path) -> Vec<(usize, usize, String)> {
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let range = book.worksheet_range("Steps").unwrap();
    let mut found = Vec::new();
    for row in range.rows().skip(1) {
        let text = row[6].to_string();
        for (i, _) in text.match_indices(" (") {
            let (before, after) = (&text[..i], &text[i + 2..]);
            let name = before.rsplit(|c: char| !c.is_ascii_alphanumeric()).next();
            let address = after.split(')').next().unwrap_or("");
            let Some((r, c)) = name
                .and_then(|n| n.strip_prefix('r'))
                .and_then(|n| n.split_once('c'))
            else {
                continue;
            };
            if let (Ok(r), Ok(c)) = (r.parse(), c.parse()) {
                found.push((r, c, address.to_string()));
            }
        }
    }
    found
}

#[test]
fn a_samurai_typed_in_a_workbook_is_found_solved_and_written_in_its_shape() {
    let dir = scratch("overlap-book-samurai");
    let typing = Typing {
        sheet: "Samurai",
        title: Some("Samurai Sudoku No. 100"),
        // A note typed in the gap left of the centre grid is not a cell.
        label: Some((10, 1, "easy")),
        ..Typing::plain("samurai")
    };
    let written = round_trip(&dir, "samurai.txt", &typing);
    // The steps name cells by their row and column on the sheet of grids, with the address of
    // the cell where the puzzle was typed (C4 is r1c1).
    let named = named_cells(&written);
    assert!(named.iter().any(|&(r, c, _)| r > 9 || c > 9), "{named:?}");
    for (r, c, address) in named {
        assert_eq!(address, sheet_address(3 + r - 1, 2 + c - 1), "r{r}c{c}");
    }
    // The title stays over the grid on the Solution sheet.
    let mut book: Xlsx<_> = open_workbook(&written).unwrap();
    let solution = book.worksheet_range("Solution").unwrap();
    assert_eq!(
        solution.get_value((1, 2)),
        Some(&Data::String("Samurai Sudoku No. 100".into()))
    );
    // The note typed in the gap is listed beside the grids, with the address it had.
    let easy = Data::String("easy".into());
    let listed = solution.rows().any(|row| row.contains(&easy));
    assert!(listed, "the note typed at D14 is not on the Solution sheet");
}

#[test]
fn a_sumo_typed_without_a_title_is_found_by_its_borders() {
    let dir = scratch("overlap-book-sumo");
    let typing = Typing {
        anchor: (1, 1),
        ..Typing::plain("sumo")
    };
    round_trip(&dir, "sumo.txt", &typing);
}

#[test]
fn a_digit_typed_in_a_gap_is_named_by_its_sheet_cell() {
    let dir = scratch("overlap-book-stray");
    let typed = dir.join("stray.xlsx");
    let typing = Typing {
        // r10c1 of the sheet of grids: a gap left of the centre grid, at C13.
        stray: Some((9, 0, 4.0)),
        ..Typing::plain("samurai")
    };
    type_in(&typed, &load("samurai.txt"), &typing);
    let (code, out, err) = run(&["check", path_str(&typed)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("r10c1 (C13)"), "{err}");
    assert!(err.contains("outside every grid of Samurai"), "{err}");
}

#[test]
fn a_layout_given_that_the_sheet_does_not_hold_is_refused() {
    let dir = scratch("overlap-book-layout");
    let typed = dir.join("samurai.xlsx");
    type_in(&typed, &load("samurai.txt"), &Typing::plain("samurai"));
    // Sohei spans 21x21 too, but has no r1c2, where the Samurai's 5 is (D4).
    let (code, out, err) = run(&["check", path_str(&typed), "--layout", "sohei"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("r1c2 (D4)") && err.contains("Sohei"), "{err}");
    // A Sumo's extent is not on the sheet at all.
    let (code, _, err) = run(&["check", path_str(&typed), "--layout", "sumo"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds no block of cells"), "{err}");
}

#[test]
fn every_layout_typed_with_borders_is_found_by_them() {
    let dir = scratch("overlap-book-layouts");
    for (layout, name) in [
        ("butterfly", "Butterfly: 4 grids"),
        ("windmill", "Windmill: 5 grids"),
        ("sohei", "Sohei: 4 grids"),
        ("gattai-8", "Gattai-8: 8 grids"),
        ("shogun", "Shogun: 11 grids"),
    ] {
        // Butterfly spans 12x12, a plain Sudoku's size too: its title says what it is.
        let title = (layout == "butterfly").then_some("Butterfly Sudoku");
        let typing = Typing {
            title,
            ..Typing::plain(layout)
        };
        let typed = dir.join(format!("{layout}.xlsx"));
        let puzzle = load(&format!("{layout}.txt"));
        type_in(&typed, &puzzle, &typing);
        let (code, out, err) = run(&["check", path_str(&typed)]);
        assert_eq!(code, 0, "{layout}: {out}{err}");
        assert!(out.contains(name), "{layout}: {out}");
        let read = read_file(&typed, &ReadOptions::default()).unwrap();
        assert_eq!(values(read.puzzles[0].givens()), givens_of(&puzzle, layout));
    }
}

#[test]
fn a_samurai_typed_without_borders_is_found_by_its_givens() {
    let dir = scratch("overlap-book-bare");
    let typed = dir.join("bare.xlsx");
    let puzzle = load("samurai.txt");
    let typing = Typing {
        borders: false,
        ..Typing::plain("samurai")
    };
    type_in(&typed, &puzzle, &typing);
    let read = read_file(&typed, &ReadOptions::default()).unwrap();
    let found = &read.puzzles[0];
    assert_eq!(found.layout().describe(), "Samurai: 5 grids of 9x9");
    assert_eq!(values(found.givens()), givens_of(&puzzle, "samurai"));
}
