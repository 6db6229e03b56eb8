//! The limits that keep a hostile input from exhausting memory or time, all in one place. Each is
//! checked before the memory it bounds is taken, and going past one is an error (exit 2) that
//! names the limit. They are far above what any puzzle needs: a 100x100 Sudoku has 10,000 cells.

use crate::error::Error;

/// The most cells a table may span: a sheet's used range counted from A1 (a single value at
/// XFD1048576 spans 17 billion), a CSV or a text grid (rows × longest row), a `--range`.
/// A million cells take about 100 MB while the grid is looked for.
pub const MAX_TABLE_CELLS: usize = 1_000_000;

/// The largest uncompressed size a part of a zip-based workbook (.xlsx .xlsm .xlsb .ods) may
/// declare: 256 MiB. A sheet of a million cells is far smaller.
pub const MAX_ZIP_PART: u64 = 256 << 20;

/// The largest uncompressed size all parts of a zip-based workbook may declare together: 1 GiB.
pub const MAX_ZIP_TOTAL: u64 = 1 << 30;

/// The most squares holding digits or empty-cell marks that grid detection checks in full (each
/// a few lookups) before it gives up and asks for `--range`: under a second of work. A sheet
/// with a puzzle among blank cells needs a few hundred thousand, however large the sheet.
pub const MAX_DETECTION_CHECKS: usize = 10_000_000;

/// Whether `rows` × `cols` cells are within [`MAX_TABLE_CELLS`] (without overflow).
pub fn table_fits(rows: usize, cols: usize) -> bool {
    rows.checked_mul(cols)
        .is_some_and(|cells| cells <= MAX_TABLE_CELLS)
}

/// What to do about a sheet whose cells reach too far.
pub const FAR_CELLS_ADVICE: &str =
    "; delete what lies far from the puzzle, or copy the puzzle to a sheet of its own";

/// The error of `what`, `size` large (`it spans A1:XFD1048576, 17,179,869,184 cells`), past
/// [`MAX_TABLE_CELLS`]; `advice` follows after a `; `, or is empty.
pub fn too_many_cells(what: String, size: String, advice: &str) -> Error {
    Error::TooLarge {
        what,
        size,
        limit: format!("{} cells", thousands(MAX_TABLE_CELLS as u128)),
        advice: advice.to_string(),
    }
}

/// `count` with thousands separators, for messages: `1,000,000`.
pub fn thousands(count: u128) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_are_checked_without_overflow() {
        assert!(table_fits(1000, 1000));
        assert!(!table_fits(1000, 1001));
        assert!(!table_fits(usize::MAX, 2));
        assert_eq!(thousands(17_179_869_184), "17,179,869,184");
        assert_eq!(thousands(999), "999");
    }
}
