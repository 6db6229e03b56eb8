//! An OpenDocument spreadsheet read before calamine, in one pass over `content.xml` (through a
//! budget of [`limits::MAX_ZIP_PART`] bytes, whatever the part declares), for what calamine 0.38
//! would not survive and what it does not read:
//! - the XML must be well-formed: calamine loops forever on a table whose end tag is misspelt or
//!   missing (`</table:t)ble>`, found by fuzzing); the error says where the XML breaks;
//! - no sheet's valued cells may span more than [`limits::MAX_TABLE_CELLS`] from A1: calamine
//!   builds the whole span (a value at A1 and one at (9000, 9000) took 5 GB);
//! - the cells' fill colours and borders (calamine reads styles of .xlsx only), so that a
//!   jigsaw drawn in colours, or a Killer's cages drawn with dashed borders, read from an .ods
//!   too: a cell's style is its own, else its row's or its column's default; a style's fill is
//!   its `fo:background-color` and each border its `fo:border-…`, else its parent's (the named
//!   styles of `styles.xml`).

use super::limits;
use super::table::{Edge, StylePatch};
use crate::error::Error;
use quick_xml::events::{BytesStart, Event};
use std::collections::HashMap;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

/// The styles (fills and borders) of each sheet of the OpenDocument `archive` (the file at
/// `path`), in the workbook's order. Refuses it when its `content.xml` is not well-formed XML or
/// spans a sheet too large (see the module note). An archive without a `content.xml` (another
/// kind of workbook) gives no styles, for calamine to judge.
pub fn read<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    path: &Path,
) -> Result<Vec<Vec<StylePatch>>, Error> {
    let mut styles = Styles::default();
    if let Ok(part) = archive.by_name("styles.xml") {
        // Only the named styles are wanted from it; a broken styles.xml is calamine's to judge.
        let _ = read_part(part, path, "styles.xml", &mut |event| {
            styles.take(event);
            Ok(())
        });
    }
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(Vec::new());
    };
    let mut sheets = Sheets::new(styles);
    read_part(content, path, "content.xml", &mut |event| {
        sheets.take(event, path)
    })?;
    Ok(sheets.patches)
}

/// One event of a part: a start tag (`true` when it closes itself) or an end tag's name.
enum Tag<'e> {
    Start(&'e BytesStart<'e>, bool),
    End(&'e str),
}

/// Reads the XML of `part` (called `name`, of the file at `path`) through
/// [`limits::MAX_ZIP_PART`] bytes, giving each tag to `take`; an error when the XML is not
/// well-formed.
fn read_part(
    part: impl Read,
    path: &Path,
    name: &str,
    take: &mut dyn FnMut(Tag) -> Result<(), Error>,
) -> Result<(), Error> {
    let malformed = |why: String| super::workbook::damaged(path, why);
    let mut reader =
        quick_xml::Reader::from_reader(BufReader::new(part.take(limits::MAX_ZIP_PART)));
    reader.config_mut().check_end_names = true;
    let mut open = 0usize;
    let mut buffer = Vec::new();
    loop {
        // Where the XML breaks says more to a person than the parser's account of it.
        let event = reader.read_event_into(&mut buffer).map_err(|_| {
            malformed(format!(
                "its {name} is not well-formed XML at byte {}",
                reader.error_position()
            ))
        })?;
        match event {
            Event::Start(tag) => {
                open += 1;
                take(Tag::Start(&tag, false))?;
            }
            Event::Empty(tag) => take(Tag::Start(&tag, true))?,
            Event::End(tag) => {
                open = open.saturating_sub(1);
                take(Tag::End(tag.name().into_inner()))?;
            }
            Event::Eof if open == 0 => return Ok(()),
            Event::Eof => {
                return Err(malformed(format!(
                    "its {name} ends with {open} elements still open"
                )));
            }
            _ => {}
        }
        buffer.clear();
    }
}

/// The cell styles: each one's own fill and borders, as far as it says, and its parent.
#[derive(Default)]
struct Styles {
    /// Per style that says its fill: the colour (`None`: transparent or white, no fill). Other
    /// styles take their parent's.
    fill: HashMap<String, Option<u32>>,
    /// Per style that says any border: top, right, bottom, left, each `None` where it does not
    /// say (the parent's then).
    borders: HashMap<String, [Option<Edge>; 4]>,
    parent: HashMap<String, String>,
    /// The style whose properties are being read.
    current: Option<String>,
}

/// What a style shows: its fill colour, if any, and its borders (top, right, bottom, left).
type Shown = (Option<u32>, [Edge; 4]);

/// The deepest chain of parent styles followed.
const MAX_STYLE_DEPTH: usize = 32;

/// The border attributes of cell properties, with the sides they set (top, right, bottom, left);
/// `fo:border` first, so that a side of its own overrides it.
const BORDERS: [(&str, [bool; 4]); 5] = [
    ("fo:border", [true; 4]),
    ("fo:border-top", [true, false, false, false]),
    ("fo:border-right", [false, true, false, false]),
    ("fo:border-bottom", [false, false, true, false]),
    ("fo:border-left", [false, false, false, true]),
];

impl Styles {
    /// Takes in a tag of a part that defines styles.
    fn take(&mut self, tag: Tag) {
        match tag {
            Tag::Start(tag, empty) if tag.name().into_inner() == "style:style" => {
                let is_cell = attribute(tag, "style:family").as_deref() == Some("table-cell");
                let name = attribute(tag, "style:name").filter(|_| is_cell);
                if let (Some(name), Some(parent)) =
                    (&name, attribute(tag, "style:parent-style-name"))
                {
                    self.parent.insert(name.clone(), parent);
                }
                self.current = if empty { None } else { name };
            }
            Tag::Start(tag, _) if tag.name().into_inner() == "style:table-cell-properties" => {
                let Some(name) = &self.current else {
                    return;
                };
                if let Some(colour) = attribute(tag, "fo:background-color") {
                    self.fill.insert(name.clone(), rgb(&colour));
                }
                for (key, sides) in BORDERS {
                    if let Some(line) = attribute(tag, key) {
                        let said = self.borders.entry(name.clone()).or_default();
                        for (side, _) in said.iter_mut().zip(sides).filter(|(_, set)| *set) {
                            *side = Some(edge(&line));
                        }
                    }
                }
            }
            Tag::End("style:style") => self.current = None,
            _ => {}
        }
    }

    /// The fill and borders of the style called `name`, each from it or its nearest parent that
    /// says; `None` when it shows neither.
    fn style(&self, name: &str) -> Option<Shown> {
        let mut fill: Option<Option<u32>> = None;
        let mut edges: [Option<Edge>; 4] = [None; 4];
        let mut name = Some(name);
        for _ in 0..MAX_STYLE_DEPTH {
            let Some(at) = name else {
                break;
            };
            fill = fill.or_else(|| self.fill.get(at).copied());
            if let Some(said) = self.borders.get(at) {
                for (edge, own) in edges.iter_mut().zip(said) {
                    *edge = edge.or(*own);
                }
            }
            name = self.parent.get(at).map(String::as_str);
        }
        let (fill, edges) = (fill.flatten(), edges.map(Option::unwrap_or_default));
        (fill.is_some() || edges != [Edge::None; 4]).then_some((fill, edges))
    }
}

/// A border line (`0.74pt solid #000000`, `none`) as cages read it: dashed and dotted lines are
/// cage lines, double lines and solid lines wider than a point are thick, other solid lines thin.
fn edge(line: &str) -> Edge {
    let mut width_pt = None;
    let mut style = "solid";
    for word in line.split_whitespace() {
        let units = [
            ("pt", 1.0),
            ("mm", 72.0 / 25.4),
            ("cm", 72.0 / 2.54),
            ("in", 72.0),
            ("px", 0.75),
        ];
        if let Some((number, scale)) = units
            .iter()
            .find_map(|(unit, scale)| Some((word.strip_suffix(unit)?.parse::<f64>().ok()?, scale)))
        {
            width_pt = Some(number * scale);
        } else if !word.starts_with('#') {
            style = word;
        }
    }
    match style {
        "none" | "hidden" => Edge::None,
        _ if width_pt == Some(0.0) => Edge::None,
        "solid" | "groove" | "ridge" | "inset" | "outset" if width_pt.unwrap_or(0.0) <= 1.0 => {
            Edge::Thin
        }
        "solid" | "groove" | "ridge" | "inset" | "outset" => Edge::Thick,
        style if style.starts_with("double") => Edge::Thick,
        _ => Edge::Dashed,
    }
}

/// A colour `#rrggbb` as `0xRRGGBB`; `None` for anything else (`transparent`) and for white.
fn rgb(colour: &str) -> Option<u32> {
    let hex = colour.strip_prefix('#').filter(|hex| hex.len() == 6)?;
    u32::from_str_radix(hex, 16)
        .ok()
        .filter(|&rgb| rgb != 0xFF_FFFF)
}

/// The value of `attribute` in `tag`, unescaped.
fn attribute(tag: &BytesStart, attribute: &str) -> Option<String> {
    let value = tag.try_get_attribute(attribute).ok()??;
    Some(quick_xml::escape::unescape(&value.value).ok()?.into_owned())
}

/// The tables of `content.xml` as its tags go by: their spans, checked, and their styles.
struct Sheets {
    styles: Styles,
    span: Span,
    /// The current table's columns whose default cell style shows a fill or a border: first
    /// column, one past the last, the fill and borders (in order, apart).
    styled_columns: Vec<(u64, u64, Shown)>,
    /// The first column after the current table's columns so far.
    columns_end: u64,
    /// The current row's default cell style.
    row_style: Option<String>,
    /// Each table's styles so far.
    patches: Vec<Vec<StylePatch>>,
    /// How many patches are kept, all tables together (at most [`limits::MAX_TABLE_CELLS`]).
    kept: usize,
}

impl Sheets {
    fn new(styles: Styles) -> Sheets {
        Sheets {
            styles,
            span: Span::default(),
            styled_columns: Vec::new(),
            columns_end: 0,
            row_style: None,
            patches: Vec::new(),
            kept: 0,
        }
    }

    /// Takes in a tag of `content.xml` (of the file at `path`).
    fn take(&mut self, tag: Tag, path: &Path) -> Result<(), Error> {
        match tag {
            Tag::Start(tag, empty) => {
                let name = tag.name().into_inner();
                if name == "table:table" && !empty {
                    self.patches.push(Vec::new());
                    self.styled_columns.clear();
                    self.columns_end = 0;
                }
                if name == "table:table-column" {
                    let first = self.columns_end;
                    self.columns_end =
                        first.saturating_add(repeats(tag, "table:number-columns-repeated"));
                    let style = attribute(tag, "table:default-cell-style-name");
                    if let Some(shown) = style.and_then(|style| self.styles.style(&style)) {
                        self.styled_columns.push((first, self.columns_end, shown));
                    }
                }
                if name == "table:table-row" {
                    self.row_style = attribute(tag, "table:default-cell-style-name");
                }
                if let Some(run) = self.span.starts(tag, empty) {
                    self.style_run(tag, run);
                }
                self.styles.take(Tag::Start(tag, empty));
            }
            Tag::End(name) => {
                self.styles.take(Tag::End(name));
                if self.span.ends(name) {
                    return Err(too_large(&self.span, path));
                }
            }
        }
        Ok(())
    }

    /// Records the styles of the cells of `run` (the tag `cell`): its own style, else its row's
    /// default, else each of its columns' defaults.
    fn style_run(&mut self, cell: &BytesStart, run: Run) {
        let end = run.col.saturating_add(run.cols);
        match attribute(cell, "table:style-name").or_else(|| self.row_style.clone()) {
            Some(style) => {
                if let Some(shown) = self.styles.style(&style) {
                    self.keep(&run, run.col, end, shown);
                }
            }
            None => {
                let from = self
                    .styled_columns
                    .partition_point(|&(_, last, _)| last <= run.col);
                for i in from..self.styled_columns.len() {
                    let (first, last, shown) = self.styled_columns[i];
                    if first >= end || !self.keep(&run, first.max(run.col), last.min(end), shown) {
                        break;
                    }
                }
            }
        }
    }

    /// Keeps the style `shown` of the rows of `run` from column `first` to before `end`;
    /// whether there was room for it (at most [`limits::MAX_TABLE_CELLS`] patches).
    fn keep(&mut self, run: &Run, first: u64, end: u64, (fill, edges): Shown) -> bool {
        let Some(patches) = self
            .patches
            .last_mut()
            .filter(|_| self.kept < limits::MAX_TABLE_CELLS)
        else {
            return false;
        };
        let clamp = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        patches.push(StylePatch {
            top: clamp(run.row),
            left: clamp(first),
            rows: clamp(run.rows),
            cols: clamp(end - first),
            fill,
            edges,
        });
        self.kept += 1;
        true
    }
}

/// The error of a sheet whose valued cells reach `span`'s rows and columns.
fn too_large(span: &Span, path: &Path) -> Error {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    limits::too_many_cells(
        format!("a sheet of {file}"),
        format!(
            "its cells span {} rows of {} columns from A1",
            limits::thousands(u128::from(span.rows)),
            limits::thousands(u128::from(span.cols))
        ),
        limits::FAR_CELLS_ADVICE,
    )
}

/// The cells one cell tag stands for: `rows` x `cols` from (`row`, `col`).
struct Run {
    row: u64,
    rows: u64,
    col: u64,
    cols: u64,
}

/// How far the valued cells of the current table reach, counted from its tags.
#[derive(Default)]
struct Span {
    /// Rows before the current row, and how many times the current row repeats.
    row: u64,
    row_repeats: u64,
    /// Columns before the current cell of the current row.
    col: u64,
    /// The rows and columns the table's valued cells reach.
    rows: u64,
    cols: u64,
}

impl Span {
    /// Takes in a start tag (`empty` when it closes itself); for a cell, the cells it stands for.
    fn starts(&mut self, tag: &BytesStart, empty: bool) -> Option<Run> {
        match tag.name().into_inner() {
            "table:table" if !empty => *self = Span::default(),
            "table:table-row" => {
                self.row_repeats = repeats(tag, "table:number-rows-repeated");
                self.col = 0;
                if empty {
                    self.row = self.row.saturating_add(self.row_repeats);
                }
            }
            "table:table-cell" | "table:covered-table-cell" => {
                let run = Run {
                    row: self.row,
                    rows: self.row_repeats,
                    col: self.col,
                    cols: repeats(tag, "table:number-columns-repeated"),
                };
                self.col = self.col.saturating_add(run.cols);
                if matches!(tag.try_get_attribute("office:value-type"), Ok(Some(_))) {
                    self.rows = self.rows.max(self.row.saturating_add(self.row_repeats));
                    self.cols = self.cols.max(self.col);
                }
                return Some(run);
            }
            _ => {}
        }
        None
    }

    /// Takes in an end tag; whether it ends a table whose valued cells span too much.
    fn ends(&mut self, name: &str) -> bool {
        match name {
            "table:table-row" => {
                self.row = self.row.saturating_add(self.row_repeats);
                false
            }
            "table:table" => {
                let fits = usize::try_from(self.rows)
                    .ok()
                    .zip(usize::try_from(self.cols).ok())
                    .is_some_and(|(rows, cols)| limits::table_fits(rows, cols));
                !fits
            }
            _ => false,
        }
    }
}

/// The whole number of `attribute` in `tag`, 1 when it is not there or not a number.
fn repeats(tag: &BytesStart, attribute: &str) -> u64 {
    match tag.try_get_attribute(attribute) {
        Ok(Some(value)) => value.value.parse().unwrap_or(1),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The styles of each table of `content`, with the named styles of `styles`.
    fn patches(styles: &str, content: &str) -> Vec<Vec<StylePatch>> {
        let path = Path::new("test.ods");
        let mut named = Styles::default();
        read_part(styles.as_bytes(), path, "styles.xml", &mut |tag| {
            named.take(tag);
            Ok(())
        })
        .unwrap();
        let mut sheets = Sheets::new(named);
        read_part(content.as_bytes(), path, "content.xml", &mut |tag| {
            sheets.take(tag, path)
        })
        .unwrap();
        sheets.patches
    }

    fn patch(top: u32, left: u32, rows: u32, cols: u32, rgb: u32) -> StylePatch {
        StylePatch {
            top,
            left,
            rows,
            cols,
            fill: Some(rgb),
            edges: [Edge::None; 4],
        }
    }

    #[test]
    fn border_lines_read_as_cage_lines_thick_lines_or_thin_lines() {
        assert_eq!(edge("0.74pt dotted #000000"), Edge::Dashed);
        assert_eq!(edge("0.74pt dashed #000000"), Edge::Dashed);
        assert_eq!(edge("0.74pt solid #000000"), Edge::Thin);
        assert_eq!(edge("0.06pt solid #000000"), Edge::Thin);
        assert_eq!(edge("1.76pt solid #000000"), Edge::Thick);
        assert_eq!(edge("0.9mm solid #000000"), Edge::Thick);
        assert_eq!(edge("1.1pt double #000000"), Edge::Thick);
        assert_eq!(edge("none"), Edge::None);
    }

    #[test]
    fn a_style_s_own_sides_override_its_border_and_its_parent_s() {
        let content = r##"<office:document-content><office:automatic-styles>
            <style:style style:name="Frame" style:family="table-cell">
              <style:table-cell-properties fo:border="0.74pt solid #000000"/></style:style>
            <style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Frame">
              <style:table-cell-properties fo:border-top="1.76pt solid #000000" fo:border-left="0.74pt dotted #000000"/></style:style>
          </office:automatic-styles><office:body><office:spreadsheet>
          <table:table table:name="One"><table:table-row>
            <table:table-cell table:style-name="ce1"/>
          </table:table-row></table:table>
          </office:spreadsheet></office:body></office:document-content>"##;
        let mut expected = patch(0, 0, 1, 1, 0);
        expected.fill = None;
        expected.edges = [Edge::Thick, Edge::Thin, Edge::Thin, Edge::Dashed];
        assert_eq!(patches("<office:styles/>", content), [vec![expected]]);
    }

    #[test]
    fn cells_take_their_own_their_rows_or_their_columns_style_and_styles_their_parents_fill() {
        let styles = r##"<office:styles>
            <style:style style:name="Accent" style:family="table-cell">
              <style:table-cell-properties fo:background-color="#102030"/></style:style>
            <style:style style:name="Plain" style:family="table-cell"/>
          </office:styles>"##;
        let content = r##"<office:document-content><office:automatic-styles>
            <style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Accent"/>
            <style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Accent">
              <style:table-cell-properties fo:background-color="transparent"/></style:style>
            <style:style style:name="ce3" style:family="table-cell">
              <style:table-cell-properties fo:background-color="#aabbcc"/></style:style>
            <style:style style:name="ce4" style:family="table-cell">
              <style:table-cell-properties fo:background-color="#ffffff"/></style:style>
          </office:automatic-styles><office:body><office:spreadsheet>
          <table:table table:name="One">
            <table:table-column table:number-columns-repeated="2" table:default-cell-style-name="Plain"/>
            <table:table-column table:number-columns-repeated="3" table:default-cell-style-name="ce3"/>
            <table:table-row table:number-rows-repeated="2">
              <table:table-cell table:style-name="ce1" table:number-columns-repeated="2"/>
              <table:table-cell table:number-columns-repeated="2"/>
              <table:table-cell table:style-name="ce2"/>
            </table:table-row>
            <table:table-row table:default-cell-style-name="ce4">
              <table:table-cell table:number-columns-repeated="5"/>
            </table:table-row>
          </table:table>
          <table:table table:name="Two"><table:table-row><table:table-cell table:style-name="ce3"/></table:table-row></table:table>
          </office:spreadsheet></office:body></office:document-content>"##;
        assert_eq!(
            patches(styles, content),
            [
                vec![patch(0, 0, 2, 2, 0x102030), patch(0, 2, 2, 2, 0xAABBCC)],
                vec![patch(0, 0, 1, 1, 0xAABBCC)],
            ]
        );
    }
}
