//! Output files. A [`Book`] is an in-memory description of a workbook — sheets, cells, values,
//! formats, notes, links, borders, column widths — built by a puzzle-specific module
//! ([`sudoku`], [`shikaku`]) from a solve, printable as text for snapshot tests ([`Book::describe`]) and written
//! to `.xlsx` by [`xlsx`]. Puzzle modules never touch the spreadsheet library. Likewise a
//! printed booklet is described as pages of lines, fills and text ([`booklet`]) and written as a
//! PDF by [`pdf`]; the step viewer is one HTML page ([`html`]).

pub mod booklet;
pub mod file;
pub mod generated;
pub mod guide;
pub mod html;
pub mod palette;
pub mod shikaku;
pub mod sudoku;
// The `.xlsx` writer (rust_xlsxwriter) comes with the `native` feature; without it `xlsx` is a
// stand-in whose `save` fails.
#[cfg(feature = "native")]
pub mod xlsx;
#[cfg(not(feature = "native"))]
#[path = "no_xlsx.rs"]
pub mod xlsx;
// Likewise the PDF writer (pdf-writer): without `native`, `save` fails.
#[cfg(feature = "native")]
pub mod pdf;
#[cfg(not(feature = "native"))]
#[path = "no_pdf.rs"]
pub mod pdf;

pub use file::{Input, Pending, Target, refusal, write_atomically};

use crate::error::Error;
use crate::model::sheet_address;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A colour as `0xRRGGBB`.
pub type Rgb = u32;

/// A workbook: its sheets, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Book {
    /// The sheets; the first is the one shown when the file opens.
    pub sheets: Vec<Sheet>,
}

/// One worksheet.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sheet {
    /// The sheet's name (at most 31 characters).
    pub name: String,
    /// Cells by zero-based (row, column).
    pub cells: BTreeMap<(u32, u16), CellSpec>,
    /// Column widths in pixels, by zero-based column.
    pub column_widths: BTreeMap<u16, u32>,
    /// Row heights in pixels, by zero-based row.
    pub row_heights: BTreeMap<u32, u32>,
    /// The first scrolling row and column: rows above and columns left of it stay in view.
    pub freeze: Option<(u32, u16)>,
    /// An Excel table (with a filter on its header).
    pub table: Option<Table>,
    /// Whether the screen shows the sheet's gridlines.
    pub gridlines: bool,
    /// Whether the sheet is hidden (an answer sheet); a workbook's first sheet never is.
    pub hidden: bool,
    /// How the sheet prints.
    pub print: Print,
    /// The last zero-based row that prints on one page, when not the last row with a cell.
    pub print_rows: Option<u32>,
}

/// How a sheet prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Print {
    /// The spreadsheet's defaults.
    #[default]
    Default,
    /// Scaled to one page, turned sideways when wider than tall (grids).
    OnePage,
    /// Sideways, scaled to the width of one page (tables).
    PageWide,
}

/// An Excel table: a header row of column names over data rows, with a filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Zero-based row of the header.
    pub top: u32,
    /// Zero-based first column.
    pub left: u16,
    /// Zero-based last data row.
    pub bottom: u32,
    /// Column names, left to right.
    pub columns: Vec<String>,
}

/// What a cell holds and how it looks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CellSpec {
    /// The value.
    pub content: Content,
    /// The look.
    pub style: Style,
    /// A note (comment) shown when pointing at the cell.
    pub note: Option<String>,
}

/// A cell's value.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Content {
    /// Nothing, only a format.
    #[default]
    Blank,
    /// A string.
    Text(String),
    /// A number.
    Number(f64),
    /// A string in parts with fonts of their own (struck-out candidates, highlighted digits).
    Rich(Vec<Run>),
    /// A link to a cell of the same workbook, shown as `text`.
    Link {
        /// The sheet linked to.
        sheet: String,
        /// Zero-based (row, column) of the target cell.
        cell: (u32, u16),
        /// The text shown.
        text: String,
    },
    /// A link to a document outside the workbook (a page of the technique guide), by a path
    /// relative to the workbook or a URL, shown as `text`.
    Url {
        /// Where it leads.
        target: String,
        /// The text shown.
        text: String,
    },
}

/// A part of a rich string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Run {
    /// The text.
    pub text: String,
    /// Its font.
    pub font: Font,
}

/// Font attributes; `None` leaves the workbook default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Font {
    /// Bold.
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// Struck through.
    pub strike: bool,
    /// Underlined (links).
    pub underline: bool,
    /// Size in tenths of a point.
    pub size_tenths: Option<u16>,
    /// Colour.
    pub colour: Option<Rgb>,
    /// A fixed-width face, so keypad-style candidate lists line up.
    pub monospace: bool,
}

/// The line of one cell edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// No border.
    #[default]
    None,
    /// A hairline between cells.
    Thin,
    /// A region edge on big grids.
    Medium,
    /// A region edge.
    Thick,
    /// A Killer cage's edge inside a region: thin and dashed.
    Dashed,
    /// A Killer cage's edge on a region's edge: medium and dashed, so that the cage's outline
    /// reads apart from the region's.
    MediumDashed,
    /// A consecutive puzzle's bar on the border of two cells: thick and in the bars' colour
    /// ([`palette::BAR`]), apart from the black region edges.
    Bar,
}

/// A cell's four borders.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Borders {
    /// Top edge.
    pub top: Line,
    /// Right edge.
    pub right: Line,
    /// Bottom edge.
    pub bottom: Line,
    /// Left edge.
    pub left: Line,
}

impl Borders {
    /// No borders.
    pub const NONE: Borders = Borders {
        top: Line::None,
        right: Line::None,
        bottom: Line::None,
        left: Line::None,
    };

    /// Thin lines all round.
    pub const THIN: Borders = Borders {
        top: Line::Thin,
        right: Line::Thin,
        bottom: Line::Thin,
        left: Line::Thin,
    };
}

/// Horizontal placement of a cell's text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Align {
    /// The spreadsheet's default (text left, numbers right).
    #[default]
    General,
    /// Left, centred vertically.
    Left,
    /// Centred (also vertically).
    Centre,
    /// Left and at the top: for wrapped text in tables.
    TopLeft,
}

/// How a cell looks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// The font.
    pub font: Font,
    /// Background fill.
    pub fill: Option<Rgb>,
    /// Horizontal placement.
    pub align: Align,
    /// Wrap long text onto several lines.
    pub wrap: bool,
    /// The borders.
    pub borders: Borders,
}

impl Font {
    /// The workbook's default font.
    pub const PLAIN: Font = Font {
        bold: false,
        italic: false,
        strike: false,
        underline: false,
        size_tenths: None,
        colour: None,
        monospace: false,
    };

    /// The usual look of a link: blue, underlined.
    pub const LINK: Font = Font {
        underline: true,
        colour: Some(0x0563C1),
        ..Font::PLAIN
    };

    /// The default font at `points`.
    pub fn sized(points: f64) -> Font {
        Font {
            size_tenths: Some((points * 10.0).round() as u16),
            ..Font::default()
        }
    }

    /// The same font in bold.
    pub const fn bold(self) -> Font {
        Font { bold: true, ..self }
    }

    /// The same font in `colour`.
    pub fn coloured(self, colour: Rgb) -> Font {
        Font {
            colour: Some(colour),
            ..self
        }
    }

    /// The size in points, if set.
    pub fn points(self) -> Option<f64> {
        self.size_tenths.map(|t| f64::from(t) / 10.0)
    }
}

impl Style {
    /// The default look.
    pub const PLAIN: Style = Style {
        font: Font::PLAIN,
        fill: None,
        align: Align::General,
        wrap: false,
        borders: Borders::NONE,
    };

    /// A style with just `font`.
    pub fn font(font: Font) -> Style {
        Style {
            font,
            ..Style::default()
        }
    }
}

impl CellSpec {
    /// A cell holding `content` in `style`, without a note.
    pub fn new(content: Content, style: Style) -> CellSpec {
        CellSpec {
            content,
            style,
            note: None,
        }
    }
}

/// The longest sheet name a workbook accepts.
const SHEET_NAME_LIMIT: usize = 31;

impl Book {
    /// One workbook of several: each part's sheets in turn, renamed `LABEL NAME` (`Mon
    /// Solution`, `Mon Steps`, …; the label shortened to fit the 31 characters a sheet name may
    /// have, and numbered where shortening makes two names alike), their links following them.
    pub fn merged(parts: Vec<(String, Book)>) -> Book {
        let mut sheets: Vec<Sheet> = Vec::new();
        // The names given so far, in lower case: sheet names are told apart ignoring case.
        let mut taken: HashSet<String> = HashSet::new();
        for (label, book) in parts {
            let renamed: BTreeMap<String, String> = book
                .sheets
                .iter()
                .map(|sheet| {
                    let name = labelled(&label, &sheet.name, |name| {
                        taken.contains(&name.to_lowercase())
                    });
                    taken.insert(name.to_lowercase());
                    (sheet.name.clone(), name)
                })
                .collect();
            for mut sheet in book.sheets {
                sheet.name = renamed[&sheet.name].clone();
                for spec in sheet.cells.values_mut() {
                    if let Content::Link { sheet, .. } = &mut spec.content
                        && let Some(name) = renamed.get(sheet.as_str())
                    {
                        *sheet = name.clone();
                    }
                }
                sheets.push(sheet);
            }
        }
        Book { sheets }
    }
}

/// `label name`, the label made fit for a sheet name ([`sheet_label`]), shortened to fit
/// [`SHEET_NAME_LIMIT`] and numbered (`~2`, `~3`, …) until `taken` accepts the name.
fn labelled(label: &str, name: &str, taken: impl Fn(&str) -> bool) -> String {
    let label = sheet_label(label);
    (1..)
        .map(|n| {
            let suffix = match n {
                1 => format!(" {name}"),
                n => format!("~{n} {name}"),
            };
            let room = SHEET_NAME_LIMIT.saturating_sub(suffix.chars().count());
            let short: String = label.chars().take(room).collect();
            format!("{short}{suffix}")
        })
        .find(|candidate| !taken(candidate))
        .expect("a free name")
}

/// The characters a sheet name may not hold.
const NOT_IN_SHEET_NAMES: [char; 7] = ['[', ']', ':', '*', '?', '/', '\\'];

/// `label` as the start of a sheet name, whatever the sheet or id it comes from: the characters
/// a sheet name may not hold (`[]:*?/\`) and control characters each a `-` (`1/2` is `1-2`),
/// without apostrophes or spaces at its ends (a name may not start with an apostrophe, and
/// `'Mon'` is the sheet Mon quoted), and `Sheet` when nothing is left.
fn sheet_label(label: &str) -> String {
    let replaced: String = label
        .chars()
        .map(
            |c| match NOT_IN_SHEET_NAMES.contains(&c) || c.is_control() {
                true => '-',
                false => c,
            },
        )
        .collect();
    let trimmed = replaced.trim_matches(['\'', ' ']);
    match trimmed.is_empty() {
        true => "Sheet".to_string(),
        false => trimmed.to_string(),
    }
}

impl Sheet {
    /// An empty sheet named `name`, gridlines shown.
    pub fn new(name: impl Into<String>) -> Sheet {
        Sheet {
            name: name.into(),
            gridlines: true,
            ..Sheet::default()
        }
    }

    /// Puts `spec` at zero-based (`row`, `col`).
    pub fn put(&mut self, row: usize, col: usize, spec: CellSpec) {
        self.cells.insert((row as u32, col as u16), spec);
    }

    /// Puts `text` at (`row`, `col`) in `style`; an empty text leaves the cell blank.
    pub fn text(&mut self, row: usize, col: usize, text: impl Into<String>, style: Style) {
        let text = text.into();
        let content = match text.is_empty() {
            true => Content::Blank,
            false => Content::Text(text),
        };
        self.put(row, col, CellSpec::new(content, style));
    }

    /// Sets the width of column `col` in pixels.
    pub fn column_width(&mut self, col: usize, pixels: u32) {
        self.column_widths.insert(col as u16, pixels);
    }

    /// Sets the height of row `row` in pixels.
    pub fn row_height(&mut self, row: usize, pixels: u32) {
        self.row_heights.insert(row as u32, pixels);
    }
}

/// The borders of cell (`row`, `col`) of a `rows`x`cols` grid divided into areas (regions,
/// rectangles): thick around the grid and between cells of different areas, thin elsewhere.
/// `area` names the area of a cell (`None` for none).
pub fn area_borders(
    row: usize,
    col: usize,
    (rows, cols): (usize, usize),
    area: impl Fn(usize, usize) -> Option<usize>,
) -> Borders {
    let here = area(row, col);
    let edge = |neighbour: Option<(usize, usize)>| match neighbour {
        Some((r, c)) if area(r, c) == here => Line::Thin,
        _ => Line::Thick,
    };
    Borders {
        top: edge(row.checked_sub(1).map(|r| (r, col))),
        bottom: edge((row + 1 < rows).then_some((row + 1, col))),
        left: edge(col.checked_sub(1).map(|c| (row, c))),
        right: edge((col + 1 < cols).then_some((row, col + 1))),
    }
}

/// A legend beside a grid: a heading at (`top`, `col`), then per entry a swatch (see [`swatch`]),
/// a label and a text (wrapped when long); returns the first row after it. Sets the three columns' widths.
pub fn legend(
    sheet: &mut Sheet,
    top: usize,
    col: usize,
    entries: &[(CellSpec, String, String)],
) -> usize {
    side_columns(sheet, col);
    sheet.text(top, col, "Legend", HEADING);
    for (i, (swatch, label, text)) in entries.iter().enumerate() {
        sheet.put(top + 1 + i, col, swatch.clone());
        sheet.text(top + 1 + i, col + 1, label.clone(), LABEL);
        side_value(sheet, top + 1 + i, col + 2, text);
    }
    top + 1 + entries.len()
}

/// Width in pixels of the value column beside a grid (see [`side_columns`]).
const SIDE_VALUE_PX: u32 = 420;

/// Puts `text` in the value column beside a grid at (`row`, `col`), wrapped when longer than the
/// column, its row made tall enough unless it has a height already (a row of the grid).
fn side_value(sheet: &mut Sheet, row: usize, col: usize, text: &str) {
    let height = side_value_height(text);
    let style = Style {
        wrap: height.is_some(),
        ..LABEL
    };
    sheet.text(row, col, text, style);
    if let Some(px) = height
        && !sheet.row_heights.contains_key(&(row as u32))
    {
        sheet.row_height(row, px);
    }
}

/// A legend's swatch: a cell filled with `fill` (none for white), thin borders all round, holding
/// `sample` (a digit as the grid shows it) centred in `font`.
pub fn swatch(fill: Option<Rgb>, sample: &str, font: Font) -> CellSpec {
    let (content, align) = match sample.is_empty() {
        true => (Content::Blank, Align::General),
        false => (Content::Text(sample.to_string()), Align::Centre),
    };
    let style = Style {
        font,
        fill,
        align,
        borders: Borders::THIN,
        ..Style::default()
    };
    CellSpec::new(content, style)
}

/// Widths of the columns beside a grid for [`legend`] and [`summary`] starting at `col`: a gap
/// before it, a swatch, a label and a value column.
pub fn side_columns(sheet: &mut Sheet, col: usize) {
    sheet.column_width(col - 1, 16);
    sheet.column_width(col, 24);
    sheet.column_width(col + 1, 150);
    sheet.column_width(col + 2, SIDE_VALUE_PX);
}

/// A summary: a heading at (`top`, `col`), then a bold label and a value per row, in the
/// columns [`side_columns`] sized, long values wrapped (see [`labelled_values`]); returns the
/// row after it.
pub fn summary(sheet: &mut Sheet, top: usize, col: usize, rows: &[(&str, String)]) -> usize {
    sheet.text(top, col, "Summary", HEADING);
    labelled_values(sheet, top + 1, col, rows)
}

/// A bold label and a value per row from row `top`, in the columns [`side_columns`] sized from
/// `col`, long values wrapped. A wrapped value goes no higher than the first row tall enough
/// for it: beside a grid, whose rows keep their height, it would be cut. Returns the row after
/// the last.
pub fn labelled_values<S: AsRef<str>>(
    sheet: &mut Sheet,
    top: usize,
    col: usize,
    rows: &[(S, String)],
) -> usize {
    let mut row = top;
    for (label, value) in rows {
        let needed = side_value_height(value);
        while needed.is_some_and(|px| sheet.row_heights.get(&(row as u32)) < Some(&px))
            && sheet.row_heights.contains_key(&(row as u32))
        {
            row += 1;
        }
        sheet.text(row, col + 1, label.as_ref(), BOLD_LABEL);
        side_value(sheet, row, col + 2, value);
        row += 1;
    }
    row
}

/// The height in pixels a value beside a grid needs when it wraps, `None` when it fits a line.
fn side_value_height(text: &str) -> Option<u32> {
    let lines = wrapped_lines(text, SIDE_VALUE_PX);
    (lines > 1).then_some(18 * lines as u32 + 4)
}

/// Headings beside grids and over sheets.
pub const HEADING: Style = Style {
    font: Font {
        bold: true,
        size_tenths: Some(120),
        ..Font::PLAIN
    },
    align: Align::Left,
    ..Style::PLAIN
};

/// Labels and values beside grids.
pub const LABEL: Style = Style {
    align: Align::Left,
    ..Style::PLAIN
};

/// Bold labels beside grids.
pub const BOLD_LABEL: Style = Style {
    font: Font::PLAIN.bold(),
    ..LABEL
};

/// Text in step tables: wrapped, at the top left.
pub const TABLE_TEXT: Style = Style {
    align: Align::TopLeft,
    wrap: true,
    ..Style::PLAIN
};

/// Links in step tables.
pub const TABLE_LINK: Style = Style {
    font: Font::LINK,
    ..TABLE_TEXT
};

/// A "Steps" sheet laid out as a table of `columns` (name, width in pixels) over `rows` data
/// rows, with a frozen header and printed a page wide; `fill_row` writes data row `i` (sheet row
/// `i + 1`). Without rows, the table holds `empty` instead.
pub fn step_table(
    columns: &[(&str, u32)],
    rows: usize,
    empty: &str,
    mut fill_row: impl FnMut(&mut Sheet, usize),
) -> Sheet {
    let mut sheet = Sheet::new("Steps");
    for (i, &(_, px)) in columns.iter().enumerate() {
        sheet.column_width(i, px);
    }
    for i in 0..rows {
        fill_row(&mut sheet, i);
    }
    if rows == 0 {
        sheet.text(1, 0, empty, TABLE_TEXT);
    }
    sheet.table = Some(Table {
        top: 0,
        left: 0,
        bottom: rows.max(1) as u32,
        columns: columns.iter().map(|(name, _)| name.to_string()).collect(),
    });
    sheet.freeze = Some((1, 0));
    sheet.print = Print::PageWide;
    sheet
}

/// About how many lines `text` takes when wrapped in a column `pixels` wide (7 pixels a
/// character in the default font), so that rows can be made tall enough: not every spreadsheet
/// program grows rows for wrapped text by itself.
pub fn wrapped_lines(text: &str, pixels: u32) -> usize {
    let per_line = (pixels as usize / 7).max(1);
    text.chars().count().div_ceil(per_line).max(1)
}

impl Book {
    /// The whole book as text, one line per sheet property and per row of cells, with the styles
    /// numbered in order of first use: what snapshot tests compare.
    pub fn describe(&self) -> String {
        let mut styles: Vec<Style> = Vec::new();
        let mut out = String::new();
        for sheet in &self.sheets {
            describe_sheet(sheet, &mut styles, &mut out);
        }
        out.push_str("== styles ==\n");
        for (i, style) in styles.iter().enumerate() {
            let _ = writeln!(out, "s{i}: {}", describe_style(style));
        }
        out
    }
}

fn describe_sheet(sheet: &Sheet, styles: &mut Vec<Style>, out: &mut String) {
    let _ = writeln!(out, "== sheet '{}' ==", sheet.name);
    let mut flags = Vec::new();
    if !sheet.gridlines {
        flags.push("no gridlines".to_string());
    }
    if sheet.hidden {
        flags.push("hidden".to_string());
    }
    if sheet.print != Print::Default {
        flags.push(format!("print {:?}", sheet.print));
    }
    if let Some(row) = sheet.print_rows {
        flags.push(format!("prints to row {}", row + 1));
    }
    if let Some((row, col)) = sheet.freeze {
        flags.push(format!(
            "frozen at {}",
            sheet_address(row as usize, col as usize)
        ));
    }
    if !flags.is_empty() {
        let _ = writeln!(out, "{}", flags.join(", "));
    }
    if let Some(table) = &sheet.table {
        let right = table.left as usize + table.columns.len() - 1;
        let _ = writeln!(
            out,
            "table {}:{}: {}",
            sheet_address(table.top as usize, table.left as usize),
            sheet_address(table.bottom as usize, right),
            table.columns.join(" | ")
        );
    }
    if !sheet.column_widths.is_empty() {
        let _ = writeln!(out, "columns: {}", runs(&sheet.column_widths, column_label));
    }
    if !sheet.row_heights.is_empty() {
        let rows = runs(&sheet.row_heights, |r| (r + 1).to_string());
        let _ = writeln!(out, "rows: {rows}");
    }
    let mut notes = Vec::new();
    let mut row_text = String::new();
    let mut current_row = None;
    for (&(row, col), cell) in &sheet.cells {
        if current_row != Some(row) {
            if current_row.is_some() {
                let _ = writeln!(out, "{}", row_text.trim_end_matches(" | "));
            }
            row_text = format!("{}: ", row + 1);
            current_row = Some(row);
        }
        let id = style_id(styles, cell.style);
        let address = sheet_address(row as usize, col as usize);
        let _ = write!(
            row_text,
            "{address} {} s{id} | ",
            describe_content(&cell.content)
        );
        if let Some(note) = &cell.note {
            notes.push(format!("note {address}: {note}"));
        }
    }
    if current_row.is_some() {
        let _ = writeln!(out, "{}", row_text.trim_end_matches(" | "));
    }
    for note in notes {
        let _ = writeln!(out, "{note}");
    }
}

fn column_label(col: u16) -> String {
    crate::model::column_name(col as usize)
}

/// `B-J 40px, L 24px`: runs of neighbouring keys with the same value.
fn runs<K: Copy + Into<u64>>(sizes: &BTreeMap<K, u32>, label: impl Fn(K) -> String) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut run: Option<(K, K, u32)> = None;
    let flush = |run: Option<(K, K, u32)>, parts: &mut Vec<String>| {
        if let Some((first, last, px)) = run {
            let range = if Into::<u64>::into(first) == last.into() {
                label(first)
            } else {
                format!("{}-{}", label(first), label(last))
            };
            parts.push(format!("{range} {px}px"));
        }
    };
    for (&key, &px) in sizes {
        run = match run {
            Some((first, last, size))
                if size == px && Into::<u64>::into(last) + 1 == key.into() =>
            {
                Some((first, key, size))
            }
            other => {
                flush(other, &mut parts);
                Some((key, key, px))
            }
        };
    }
    flush(run, &mut parts);
    parts.join(", ")
}

fn style_id(styles: &mut Vec<Style>, style: Style) -> usize {
    match styles.iter().position(|s| *s == style) {
        Some(i) => i,
        None => {
            styles.push(style);
            styles.len() - 1
        }
    }
}

fn describe_content(content: &Content) -> String {
    match content {
        Content::Blank => "_".to_string(),
        Content::Text(text) => format!("{:?}", text),
        Content::Number(n) => n.to_string(),
        Content::Rich(runs) => {
            let parts: Vec<String> = runs
                .iter()
                .map(|r| format!("{:?}{}", r.text, font_marks(&r.font)))
                .collect();
            format!("rich[{}]", parts.join(" "))
        }
        Content::Link { sheet, cell, text } => format!(
            "{text:?}->'{sheet}'!{}",
            sheet_address(cell.0 as usize, cell.1 as usize)
        ),
        Content::Url { target, text } => format!("{text:?}->{target}"),
    }
}

/// Short marks for the font attributes that differ from the default: `/b/s/#RRGGBB`.
fn font_marks(font: &Font) -> String {
    let mut marks = String::new();
    for (on, mark) in [
        (font.bold, "/b"),
        (font.italic, "/i"),
        (font.strike, "/s"),
        (font.underline, "/u"),
        (font.monospace, "/mono"),
    ] {
        if on {
            marks.push_str(mark);
        }
    }
    if let Some(points) = font.points() {
        let _ = write!(marks, "/{points}pt");
    }
    if let Some(colour) = font.colour {
        let _ = write!(marks, "/#{colour:06X}");
    }
    marks
}

fn describe_style(style: &Style) -> String {
    let mut parts = vec![format!("font[{}]", font_marks(&style.font))];
    if let Some(fill) = style.fill {
        parts.push(format!("fill #{fill:06X}"));
    }
    if style.align != Align::General {
        parts.push(format!("{:?}", style.align).to_lowercase());
    }
    if style.wrap {
        parts.push("wrap".to_string());
    }
    let b = style.borders;
    if b != Borders::default() {
        let edge = |line: Line| match line {
            Line::None => '-',
            Line::Thin => '1',
            Line::Medium => '2',
            Line::Thick => '3',
            Line::Dashed => 'd',
            Line::MediumDashed => 'D',
            Line::Bar => 'b',
        };
        parts.push(format!(
            "borders trbl {}{}{}{}",
            edge(b.top),
            edge(b.right),
            edge(b.bottom),
            edge(b.left)
        ));
    }
    parts.join(" ")
}

/// Where the annotated workbook of `input` goes, if anywhere: `output`, else `<stem>.solved.xlsx`
/// beside a workbook input, else nowhere (text and CSV input, or `no_workbook`). Refused: a name
/// that is not `.xlsx`, one of the files read (`inputs`: the puzzle, a region map), and an
/// existing file without `force` — except that the
/// automatic `<stem>.solved.xlsx` replaces gridlogic's own earlier output ([`xlsx::is_own`]).
pub fn workbook_target(
    input: &Path,
    inputs: &[Input],
    output: Option<&Path>,
    no_workbook: bool,
    force: bool,
) -> Result<Option<Target>, Error> {
    let (path, automatic) = match (output, no_workbook) {
        (_, true) => return Ok(None),
        (Some(path), _) => (path.to_path_buf(), false),
        (None, _) if crate::read::is_workbook(input) => {
            let stem = input.file_stem().unwrap_or_default().to_string_lossy();
            (input.with_file_name(format!("{stem}.solved.xlsx")), true)
        }
        (None, _) => return Ok(None),
    };
    if !has_extension(&path, &["xlsx"]) {
        return Err(refusal(
            &path,
            "workbooks are written as .xlsx and step viewers as .html; give it an .xlsx or \
             .html name",
        ));
    }
    let replace = force || (automatic && xlsx::is_own(&path));
    Target::checked(&path, replace, inputs).map(Some)
}

/// Where the outputs of a solve go: the annotated workbook and the step viewer page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Targets {
    /// The workbook, if one is written.
    pub workbook: Option<Target>,
    /// The step viewer, if one is written.
    pub page: Option<Target>,
}

impl Targets {
    /// Whether anything is written.
    pub fn any(&self) -> bool {
        self.workbook.is_some() || self.page.is_some()
    }
}

/// Where the outputs of a solve of `input` go. `output` (`-o`) names the workbook, or the page
/// when it ends in `.html`/`.htm` (then no workbook is written). `html` (`--html [PATH]`) adds the
/// page: at its path, or without one beside the workbook (its name, `.html`), else beside the
/// input (`<stem>.solved.html`). The workbook follows [`workbook_target`]; the page is refused,
/// like the workbook, under a name that is not `.html`, over one of `inputs` (the files read), or
/// over an existing file without `force` — except that an automatic name replaces gridlogic's
/// own earlier page.
pub fn targets(
    input: &Path,
    inputs: &[Input],
    output: Option<&Path>,
    html: Option<Option<&Path>>,
    no_workbook: bool,
    force: bool,
) -> Result<Targets, Error> {
    let page_output = output.filter(|path| has_extension(path, PAGE_EXTENSIONS));
    if page_output.is_some() && html.is_some() {
        let message = "-o names the page already; give --html only beside a workbook";
        return Err(Error::Usage(message.into()));
    }
    let book_output = output.filter(|_| page_output.is_none());
    let no_workbook = no_workbook || page_output.is_some();
    let workbook = workbook_target(input, inputs, book_output, no_workbook, force)?;
    let page = match (page_output, html) {
        (Some(path), _) | (None, Some(Some(path))) => Some((path.to_path_buf(), false)),
        (None, Some(None)) => Some((automatic_page(input, workbook.as_ref()), true)),
        (None, None) => None,
    };
    let page = page
        .map(|(path, automatic)| page_target(inputs, path, automatic, force))
        .transpose()?;
    Ok(Targets { workbook, page })
}

/// The names a step viewer page may have.
const PAGE_EXTENSIONS: &[&str] = &["html", "htm"];

/// Whether `path` ends in one of `extensions` (any case).
fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// The page beside `workbook` (its name with `.html`), else `<stem>.solved.html` beside `input`.
fn automatic_page(input: &Path, workbook: Option<&Target>) -> PathBuf {
    match workbook {
        Some(book) => book.path.with_extension("html"),
        None => {
            let stem = input.file_stem().unwrap_or_default().to_string_lossy();
            input.with_file_name(format!("{stem}.solved.html"))
        }
    }
}

/// `path` as the page's target, or why it may not be written.
fn page_target(
    inputs: &[Input],
    path: PathBuf,
    automatic: bool,
    force: bool,
) -> Result<Target, Error> {
    if !has_extension(&path, PAGE_EXTENSIONS) {
        return Err(refusal(
            &path,
            "step viewers are written as .html; give it an .html name",
        ));
    }
    let replace = force || (automatic && html::is_own(&path));
    Target::checked(&path, replace, inputs)
}
