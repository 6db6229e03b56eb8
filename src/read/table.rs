//! A sheet-like table of raw cells: what a workbook sheet, a CSV file or a text grid holds before
//! any grid is found in it.

use crate::error::Error;
use crate::model::{Origin, Regions, SheetText, sheet_address};
use crate::read::limits;

/// A cell's value as read, before it is interpreted as a digit.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum RawValue {
    /// Nothing in the cell.
    #[default]
    Blank,
    /// A number (workbooks store every number as a float).
    Number(f64),
    /// Text.
    Text(String),
    /// Anything else a workbook can hold (booleans, errors, dates), as text for messages.
    Other(String),
}

/// A rectangle of cells with one style, as a workbook's styles give it: `rows` x `cols` cells
/// from (`top`, `left`), counted from A1, each with the fill and borders of the style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StylePatch {
    /// The first row.
    pub top: u32,
    /// The first column.
    pub left: u32,
    /// How many rows.
    pub rows: u32,
    /// How many columns.
    pub cols: u32,
    /// The fill colour as `0xRRGGBB`, when there is a visible fill.
    pub fill: Option<u32>,
    /// Each cell's border: top, right, bottom, left.
    pub edges: [Edge; 4],
}

impl StylePatch {
    /// One past its last row and column.
    pub fn end(&self) -> (u64, u64) {
        (
            u64::from(self.top) + u64::from(self.rows),
            u64::from(self.left) + u64::from(self.cols),
        )
    }
}

/// One cell of a [`Table`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RawCell {
    /// The value (the cached result, for a formula).
    pub value: RawValue,
    /// Whether the value was computed by a formula rather than typed.
    pub formula: bool,
    /// The cell's fill colour as `0xRRGGBB`, when it has a visible fill.
    pub fill: Option<u32>,
    /// Whether any side of the cell has a visible border.
    pub bordered: bool,
    /// The style of each side's border: top, right, bottom, left.
    pub edges: [Edge; 4],
    /// The colour of each side's border as `0xRRGGBB` where it is not black or automatic (a
    /// consecutive puzzle's bars, for .xlsx and .xlsm): top, right, bottom, left.
    pub edge_colours: [Option<u32>; 4],
    /// The font size in points, when the sheet says.
    pub points: Option<f64>,
    /// The cell's note (comment), for .xlsx and .xlsm.
    pub note: Option<String>,
}

/// What a cell's border on one side looks like, as far as Killer cages are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edge {
    /// No border.
    #[default]
    None,
    /// A solid line as thin as cell borders are (thin, hair).
    Thin,
    /// A solid line as thick as region borders are (medium, thick, double).
    Thick,
    /// A dashed, dotted or dash-dotted line: a cage's outline.
    Dashed,
}

impl RawValue {
    /// The value as a person would read it, for messages.
    pub fn display(&self) -> String {
        match self {
            RawValue::Blank => String::new(),
            RawValue::Number(n) => n.to_string(),
            RawValue::Text(s) | RawValue::Other(s) => s.clone(),
        }
    }

    /// Whether the cell is blank or holds only white space.
    pub fn is_blank(&self) -> bool {
        match self {
            RawValue::Blank => true,
            RawValue::Text(s) => s.trim().is_empty(),
            _ => false,
        }
    }
}

/// A rectangle of cells, addressed by zero-based sheet row and column.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// What the table is, for messages: `sheet 'Sheet1' of book.xlsx`, `grid.csv`.
    pub place: String,
    /// The sheet name, for workbooks.
    pub sheet: Option<String>,
    /// Whether cell positions are meaningful as sheet addresses (workbooks and CSV), rather than
    /// positions in a text drawing.
    pub addressable: bool,
    /// 1-based source line of each row, for text input.
    pub lines: Vec<usize>,
    /// How many cells each row was written with, for text input (rows of a sheet have no length).
    pub row_lengths: Vec<usize>,
    /// Whether the file ends where the table does (CSV and text), so that a grid may not reach
    /// past its last row or column; a sheet's used range may end before a grid's blank rows.
    pub bounded: bool,
    rows: usize,
    cols: usize,
    cells: Vec<RawCell>,
}

/// A rectangle of a table, zero-based and inclusive of `top`/`left`, exclusive of the ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Area {
    /// First row.
    pub top: usize,
    /// First column.
    pub left: usize,
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
}

impl Area {
    /// The square of side `size` with its top-left corner at (`top`, `left`).
    pub fn square(top: usize, left: usize, size: usize) -> Area {
        Area {
            top,
            left,
            height: size,
            width: size,
        }
    }

    /// The range in A1 notation: `B3:J11`.
    pub fn a1(&self) -> String {
        format!(
            "{}:{}",
            sheet_address(self.top, self.left),
            sheet_address(self.top + self.height - 1, self.left + self.width - 1)
        )
    }

    /// Whether `self` and `other` have a cell in common.
    pub fn overlaps(&self, other: &Area) -> bool {
        self.top < other.top + other.height
            && other.top < self.top + self.height
            && self.left < other.left + other.width
            && other.left < self.left + self.width
    }

    /// Whether `other` lies wholly inside `self`.
    pub fn contains(&self, other: &Area) -> bool {
        other.top >= self.top
            && other.left >= self.left
            && other.top + other.height <= self.top + self.height
            && other.left + other.width <= self.left + self.width
    }
}

impl Table {
    /// Where a grid occupying `area` of this table sits in its source: sheet cells when the table
    /// has addresses (a sheet or CSV), otherwise the 1-based text lines of its rows.
    pub fn origin(&self, area: &Area) -> Origin {
        if self.addressable {
            Origin::Sheet {
                sheet: self.sheet.clone(),
                top: area.top,
                left: area.left,
            }
        } else {
            let line = |r: usize| self.lines.get(r).copied().unwrap_or(r + 1);
            Origin::TextGrid {
                lines: (area.top..area.top + area.height).map(line).collect(),
            }
        }
    }

    /// An empty table of the given shape.
    pub fn new(place: String, rows: usize, cols: usize) -> Table {
        Table {
            place,
            sheet: None,
            addressable: true,
            lines: Vec::new(),
            row_lengths: Vec::new(),
            bounded: false,
            rows,
            cols,
            cells: vec![RawCell::default(); rows * cols],
        }
    }

    /// Builds a table from rows of text cells (CSV and text input); short rows are padded.
    pub fn from_text_rows(place: String, rows: Vec<Vec<String>>) -> Table {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut table = Table::new(place, rows.len(), width);
        table.row_lengths = rows.iter().map(Vec::len).collect();
        table.bounded = true;
        for (r, row) in rows.into_iter().enumerate() {
            for (c, text) in row.into_iter().enumerate() {
                table.cell_mut(r, c).value = RawValue::Text(text);
            }
        }
        table
    }

    /// Number of rows (the last used row + 1).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (the last used column + 1).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at (`row`, `col`); cells outside the table are blank.
    pub fn cell(&self, row: usize, col: usize) -> &RawCell {
        static BLANK: RawCell = RawCell {
            value: RawValue::Blank,
            formula: false,
            fill: None,
            bordered: false,
            edges: [Edge::None; 4],
            edge_colours: [None; 4],
            points: None,
            note: None,
        };
        if row < self.rows && col < self.cols {
            &self.cells[row * self.cols + col]
        } else {
            &BLANK
        }
    }

    /// The cell at (`row`, `col`), for filling the table; panics outside it.
    pub fn cell_mut(&mut self, row: usize, col: usize) -> &mut RawCell {
        assert!(row < self.rows && col < self.cols, "cell outside the table");
        &mut self.cells[row * self.cols + col]
    }

    /// Gives the cells of `patch` within the table its fill and borders.
    pub fn style(&mut self, patch: &StylePatch) {
        let (end_row, end_col) = patch.end();
        let bordered = patch.edges.iter().any(|&e| e != Edge::None);
        let rows = patch.top as usize..(end_row as usize).min(self.rows);
        for row in rows {
            for col in patch.left as usize..(end_col as usize).min(self.cols) {
                let cell = self.cell_mut(row, col);
                cell.fill = patch.fill;
                cell.edges = patch.edges;
                cell.bordered = bordered;
            }
        }
    }

    /// Whether no cell holds a value.
    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(|c| c.value.is_blank())
    }

    /// The smallest area that holds every cell with a value (`None` when there is none).
    pub fn used(&self) -> Option<Area> {
        let filled = |r: usize, c: usize| !self.cell(r, c).value.is_blank();
        let rows: Vec<usize> = (0..self.rows)
            .filter(|&r| (0..self.cols).any(|c| filled(r, c)))
            .collect();
        let cols: Vec<usize> = (0..self.cols)
            .filter(|&c| (0..self.rows).any(|r| filled(r, c)))
            .collect();
        let (top, bottom) = (*rows.first()?, *rows.last()?);
        let (left, right) = (*cols.first()?, *cols.last()?);
        Some(Area {
            top,
            left,
            height: bottom + 1 - top,
            width: right + 1 - left,
        })
    }

    /// Whether a text outside `area` calls its grid a Latin square ([`Regions::says_latin`]),
    /// as gridlogic's workbooks and CSV caption one: the grid then has no regions.
    pub fn calls_latin(&self, area: &Area) -> bool {
        (0..self.rows)
            .flat_map(|row| (0..self.cols).map(move |col| (row, col)))
            .filter(|&(row, col)| !area.contains(&Area::square(row, col, 1)))
            .any(|(row, col)| match &self.cell(row, col).value {
                RawValue::Text(text) => Regions::says_latin(text),
                _ => false,
            })
    }

    /// The texts a workbook's sheet holds outside the grid at `area` (a title, notes), row by
    /// row: cells holding text, not numbers; none for CSV and text input, which have no sheet.
    pub fn texts_outside(&self, area: &Area) -> Vec<SheetText> {
        if self.sheet.is_none() {
            return Vec::new();
        }
        let mut texts = Vec::new();
        for row in 0..self.rows {
            for col in 0..self.cols {
                let cell = self.cell(row, col);
                let RawValue::Text(text) = &cell.value else {
                    continue;
                };
                if text.trim().is_empty() || area.contains(&Area::square(row, col, 1)) {
                    continue;
                }
                texts.push(SheetText {
                    row,
                    col,
                    text: text.clone(),
                    points: cell.points,
                });
            }
        }
        texts
    }

    /// Where (`row`, `col`) is for a person: `C4` for sheets and CSV, `line 6` for text.
    pub fn locate(&self, row: usize, col: usize) -> String {
        if self.addressable {
            sheet_address(row, col)
        } else {
            format!("line {}", self.lines.get(row).copied().unwrap_or(row + 1))
        }
    }

    /// Describes an area for messages: `B3:J11` or `lines 4-12`.
    pub fn describe(&self, area: &Area) -> String {
        if self.addressable {
            area.a1()
        } else {
            let line = |r: usize| self.lines.get(r).copied().unwrap_or(r + 1);
            match (line(area.top), line(area.top + area.height - 1)) {
                (first, last) if first == last => format!("line {first}"),
                (first, last) => format!("lines {first}-{last}"),
            }
        }
    }
}

/// Parses `B3:J11`, `$B$3:$J$11`, `Sheet1!B3:J11` or `'My sheet'!$B$3:$J$11` into an optional sheet
/// name and an area. A single cell is a 1x1 area.
pub fn parse_reference(reference: &str) -> Result<(Option<String>, Area), Error> {
    let bad = |reason: &str| Error::BadRange {
        range: reference.to_string(),
        reason: reason.to_string(),
    };
    let reference = reference.trim().trim_start_matches('=');
    let (sheet, range) = match reference.rsplit_once('!') {
        Some((sheet, range)) => {
            let sheet = sheet.trim_matches('\'').replace("''", "'");
            (Some(sheet), range)
        }
        None => (None, reference),
    };
    let (start, end) = range.split_once(':').unwrap_or((range, range));
    let (top, left) = parse_cell(start).ok_or_else(|| bad("write it as A1:I9"))?;
    let (bottom, right) = parse_cell(end).ok_or_else(|| bad("write it as A1:I9"))?;
    if bottom < top || right < left {
        return Err(bad(
            "the second corner must be below and right of the first",
        ));
    }
    let area = Area {
        top,
        left,
        height: bottom - top + 1,
        width: right - left + 1,
    };
    if !limits::table_fits(area.height, area.width) {
        return Err(bad(&format!(
            "it spans {} cells, and a grid read from a range has at most {}",
            limits::thousands(area.height as u128 * area.width as u128),
            limits::thousands(limits::MAX_TABLE_CELLS as u128)
        )));
    }
    Ok((sheet, area))
}

/// Parses one cell address such as `B3` or `$B$3` into zero-based (row, column).
fn parse_cell(address: &str) -> Option<(usize, usize)> {
    let address = address.trim().replace('$', "");
    let split = address.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = address.split_at(split);
    if letters.is_empty() || letters.len() > 3 || !letters.chars().all(|c| c.is_ascii_alphabetic())
    {
        return None;
    }
    let col = letters
        .to_ascii_uppercase()
        .bytes()
        .fold(0usize, |acc, b| acc * 26 + (b - b'A' + 1) as usize);
    let row: usize = digits.parse().ok()?;
    (row >= 1).then(|| (row - 1, col - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_parse_with_and_without_sheets_and_dollars() {
        let (sheet, area) = parse_reference("B3:J11").unwrap();
        assert_eq!(sheet, None);
        assert_eq!((area.top, area.left, area.height, area.width), (2, 1, 9, 9));
        let (sheet, area) = parse_reference("'Puzzle Goes Here'!$B$11:$E$14").unwrap();
        assert_eq!(sheet.as_deref(), Some("Puzzle Goes Here"));
        assert_eq!(area.a1(), "B11:E14");
        let (_, area) = parse_reference("aa1:ad4").unwrap();
        assert_eq!(area.a1(), "AA1:AD4");
    }

    #[test]
    fn bad_references_are_rejected() {
        for bad in ["", "B", "3B:4C", "J11:B3", "B0:C1", "ABCD1:A2"] {
            assert!(parse_reference(bad).is_err(), "{bad}");
        }
    }
}
