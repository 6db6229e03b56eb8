//! Bad and hostile inputs end quickly with exit 2 and a message naming what is wrong: one bad
//! cell in an otherwise good grid, grids cut short, ranges outside the sheet, and inputs built to
//! exhaust memory or time (zip bombs, far used ranges, huge ranges and sheets).

mod common;

use common::{run, scratch};
use rust_xlsxwriter::{Formula, Workbook, XlsxError};
use std::path::Path;

/// seed 001's genetic-algorithm puzzle, row by row, `0` for empty.
const PUZZLE: &str =
    "400078003000200000009000010010062030000400002600500000040000700700036008000050000";

/// What the one bad cell of [`bad_cell_book`] holds.
#[derive(Clone, Copy)]
enum BadCell {
    True,
    NotAvailable,
    AlmostSeven,
    FullWidthSeven,
}

/// The puzzle at B4:J12 under a title at B2, empty cells left blank, with r5c3 (D8) holding
/// `bad` instead.
fn bad_cell_book(path: &Path, bad: BadCell) -> Result<(), XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(1, 1, "Puzzle 12")?;
    for (i, digit) in PUZZLE.bytes().enumerate() {
        let (row, col) = (3 + (i / 9) as u32, 1 + (i % 9) as u16);
        if (row, col) == (7, 3) {
            match bad {
                BadCell::True => sheet.write_boolean(row, col, true)?,
                BadCell::NotAvailable => {
                    sheet.write_formula(row, col, Formula::new("=NA()").set_result("#N/A"))?
                }
                BadCell::AlmostSeven => sheet.write_number(row, col, 7.0000000001)?,
                BadCell::FullWidthSeven => sheet.write_string(row, col, "\u{FF17}")?,
            };
        } else if digit != b'0' {
            sheet.write_number(row, col, f64::from(digit - b'0'))?;
        }
    }
    book.save(path)
}

#[test]
fn one_bad_cell_in_a_grid_under_a_title_is_named_with_its_value() {
    let dir = scratch("hostile-bad-cell");
    let cases = [
        (BadCell::True, "'TRUE': not a digit (1 to 9)"),
        (BadCell::NotAvailable, "'#N/A': not a digit (1 to 9)"),
        (BadCell::AlmostSeven, "'7.0000000001': not a whole number"),
        (BadCell::FullWidthSeven, "'\u{FF17}': not a digit (1 to 9)"),
    ];
    for (i, (bad, message)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("bad-{i}.xlsx"));
        bad_cell_book(&path, bad).unwrap();
        let (code, out, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains(&format!("cell r5c3 (D8) holds {message}")),
            "{err}"
        );
    }
}
