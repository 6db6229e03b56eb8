//! Workbooks (.xlsx .xlsm .xlsb .xls .ods) through calamine: sheets become [`Table`]s with
//! values, formula flags and, for .xlsx/.xlsm, cell fills, borders, font sizes and notes; for
//! .xls and .ods the fills and borders gridlogic reads itself (`read::xls`, `read::ods`).

use crate::error::{Access, Error, io_reason};
use crate::read::table::{Area, Edge, RawCell, RawValue, StylePatch, Table, parse_reference};
use crate::read::{limits, notes, ods, sniff, xls};
use calamine::{
    Data, Range, Reader, SheetType, SheetVisible, Sheets, StyleRange, open_workbook_auto,
};
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

/// The custom document property that marks a workbook gridlogic wrote (see [`is_own`]).
pub const OWN_MARK: &str = "Written by gridlogic";

/// The most bytes of a workbook's custom properties [`is_own`] reads.
const PROPERTIES_LIMIT: u64 = 64 * 1024;

/// Whether the `.xlsx` at `path` is one gridlogic wrote: it carries gridlogic's custom document
/// property. Any file that cannot be read as such is someone else's.
pub fn is_own(path: &Path) -> bool {
    let Ok(file) = File::open(path) else {
        return false;
    };
    let Ok(mut archive) = zip::ZipArchive::new(BufReader::new(file)) else {
        return false;
    };
    let Ok(entry) = archive.by_name("docProps/custom.xml") else {
        return false;
    };
    let mut properties = String::new();
    let read = entry.take(PROPERTIES_LIMIT).read_to_string(&mut properties);
    read.is_ok() && properties.contains(&format!("name=\"{OWN_MARK}\""))
}

/// How far past the last value a table reaches to take in formatted but empty cells.
const STYLE_MARGIN: u32 = 100;

/// An open workbook. What is looked up by sheet (names, styles read besides calamine, notes) is
/// kept from one sheet to the next, so that reading every sheet costs time in proportion to the
/// sheets rather than to their square.
pub struct Workbook {
    path: PathBuf,
    sheets: Sheets<BufReader<File>>,
    /// The sheet names, in workbook order.
    names: Vec<String>,
    /// The styles (fills and borders) of each sheet of an .xls or .ods, in the workbook's order
    /// (calamine reads styles of .xlsx only).
    styles: Vec<Vec<StylePatch>>,
    /// The notes of an .xlsx's sheets, opened at the first sheet read (`None` until then, and
    /// for other kinds).
    notes: Option<notes::Notes>,
    /// The last sheet read and its table: a sheet is read by more than one reader in turn (to
    /// tell a Sudoku from a Shikaku), and parsed once.
    last: Option<(String, Table)>,
}

impl Workbook {
    /// Opens a workbook of any supported kind.
    pub fn open(path: &Path) -> Result<Workbook, Error> {
        let styles = checked_styles(path)?;
        let sheets = guarded(path, || open_workbook_auto(path))?.map_err(|e| failure(path, &e))?;
        Ok(Workbook {
            path: path.to_path_buf(),
            names: sheets.sheet_names(),
            sheets,
            styles,
            notes: None,
            last: None,
        })
    }

    /// The file the workbook was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The sheet names, in workbook order.
    pub fn sheet_names(&self) -> &[String] {
        &self.names
    }

    /// Whether gridlogic wrote the workbook ([`is_own`]).
    pub fn is_own(&self) -> bool {
        matches!(self.sheets, Sheets::Xlsx(_)) && is_own(&self.path)
    }

    /// The names of the worksheets a person sees, in workbook order: hidden sheets (such as the
    /// answer sheet `generate` writes) and chart sheets left out.
    pub fn visible_sheet_names(&self) -> Vec<String> {
        self.sheets
            .sheets_metadata()
            .iter()
            .filter(|sheet| {
                sheet.visible == SheetVisible::Visible && sheet.typ == SheetType::WorkSheet
            })
            .map(|sheet| sheet.name.clone())
            .collect()
    }

    /// The sheet called `name`, ignoring case, if there is one.
    pub fn find_sheet(&self, name: &str) -> Option<String> {
        self.names
            .iter()
            .find(|s| s.eq_ignore_ascii_case(name))
            .cloned()
    }

    /// The sheet and area a defined name refers to, when it is a single rectangular range.
    pub fn defined_range(&self, name: &str) -> Option<(Option<String>, Area)> {
        self.sheets
            .defined_names()
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .find_map(|(_, formula)| parse_reference(formula).ok())
    }

    /// Reads a sheet into a table: cached values, which of them are formulas, fills and borders.
    pub fn table(&mut self, sheet: &str) -> Result<Table, Error> {
        if let Some((name, table)) = &self.last
            && name == sheet
        {
            return Ok(table.clone());
        }
        let path = self.path.clone();
        let table = guarded(&path, || self.read_table(sheet))??;
        self.last = Some((sheet.to_string(), table.clone()));
        Ok(table)
    }

    /// [`Workbook::table`], where the workbook reader may panic.
    fn read_table(&mut self, sheet: &str) -> Result<Table, Error> {
        let file = self.path.file_name().unwrap_or_default().to_string_lossy();
        let place = format!("sheet '{sheet}' of {file}");
        if let Some(end) = self.cells_end(sheet) {
            check_extent(&place, end.0 as usize + 1, end.1 as usize + 1)?;
        }
        let values = self
            .sheets
            .worksheet_range(sheet)
            .map_err(|e| failure(&self.path, &e))?;
        let formulas = self.sheets.worksheet_formula(sheet).ok();
        let styles = match &mut self.sheets {
            Sheets::Xlsx(xlsx) => xlsx.worksheet_style(sheet).ok(),
            _ => None,
        };
        let patches = self.style_patches(sheet);
        let styled_end = match &styles {
            Some(styles) => styles
                .end()
                .map(|(r, c)| (u64::from(r) + 1, u64::from(c) + 1)),
            None => patches
                .iter()
                .map(StylePatch::end)
                .reduce(|a, b| (a.0.max(b.0), a.1.max(b.1))),
        };
        let (rows, cols) = table_extent(&values, styled_end);
        check_extent(&place, rows, cols)?;
        let mut table = Table::new(place, rows, cols);
        table.sheet = Some(sheet.to_string());
        for (row, col, data) in values.used_cells() {
            let (r, c) = absolute(&values, row, col);
            table.cell_mut(r, c).value = raw_value(data);
        }
        if let Some(formulas) = formulas {
            for (row, col, formula) in formulas.used_cells() {
                let (r, c) = absolute(&formulas, row, col);
                if r < rows && c < cols && !formula.is_empty() {
                    table.cell_mut(r, c).formula = true;
                }
            }
        }
        if let Some(styles) = styles {
            apply_styles(&mut table, &styles);
        }
        for patch in patches {
            table.style(patch);
        }
        if matches!(self.sheets, Sheets::Xlsx(_)) {
            let notes = self
                .notes
                .get_or_insert_with(|| notes::Notes::open(&self.path));
            for ((r, c), text) in notes.of(sheet) {
                if r < table.rows() && c < table.cols() {
                    table.cell_mut(r, c).note = Some(text);
                }
            }
        }
        Ok(table)
    }

    /// The last row and column holding a cell of an .xlsx or .xlsb sheet, found by streaming its
    /// cells (nothing is kept), so that a far cell is refused before calamine builds a range to
    /// reach it (an .xlsb counts the cells with values, which are all calamine keeps).
    fn cells_end(&mut self, sheet: &str) -> Option<(u32, u32)> {
        match &mut self.sheets {
            Sheets::Xlsx(xlsx) => {
                let mut reader = xlsx.worksheet_cells_reader(sheet).ok()?;
                let cells = std::iter::from_fn(|| reader.next_cell().ok().flatten());
                last_position(cells.map(|cell| cell.get_position()))
            }
            Sheets::Xlsb(xlsb) => {
                let mut reader = xlsb.worksheet_cells_reader(sheet).ok()?;
                let cells = std::iter::from_fn(|| reader.next_cell().ok().flatten());
                let valued = cells.filter(|cell| *cell.get_value() != calamine::DataRef::Empty);
                last_position(valued.map(|cell| cell.get_position()))
            }
            _ => None,
        }
    }

    /// The styles of `sheet` read besides calamine (of an .xls or .ods).
    fn style_patches(&self, sheet: &str) -> &[StylePatch] {
        if self.styles.is_empty() {
            return &[];
        }
        let index = self.names.iter().position(|name| name == sheet);
        index
            .and_then(|i| self.styles.get(i))
            .map_or(&[], Vec::as_slice)
    }
}

/// The error of a workbook at `path` that its reader cannot make sense of, `why` in a person's
/// words.
pub fn damaged(path: &Path, why: impl Into<String>) -> Error {
    Error::Damaged {
        path: path.to_path_buf(),
        extension: super::extension_of(path),
        why: why.into(),
    }
}

/// The error of calamine's `error` on the workbook at `path`, in a person's words: a password
/// is said as the first bytes of an encrypted workbook are ([`sniff::password_protected`]);
/// anything else is a damaged file with what is wrong with it ([`calamine_reason`]).
fn failure(path: &Path, error: &calamine::Error) -> Error {
    use calamine::{Error as E, OdsError, XlsError, XlsbError, XlsxError};
    match error {
        E::Xls(XlsError::Password)
        | E::Xlsx(XlsxError::Password)
        | E::Xlsb(XlsbError::Password)
        | E::Ods(OdsError::Password) => sniff::password_protected(),
        other => damaged(path, calamine_reason(other)),
    }
}

/// What calamine's `error` says is wrong with a workbook, in a person's words rather than its
/// own (`Xls error: Cfb error: Sector 10 points past end of file`).
fn calamine_reason(error: &calamine::Error) -> String {
    use calamine::{Error as E, OdsError, XlsError, XlsbError, XlsxError};
    let reason = match error {
        E::Io(io)
        | E::Xls(XlsError::Io(io))
        | E::Xlsx(XlsxError::Io(io))
        | E::Xlsb(XlsbError::Io(io))
        | E::Ods(OdsError::Io(io)) => return io_reason(io, Access::Read),
        E::Xlsx(XlsxError::Zip(_)) | E::Xlsb(XlsbError::Zip(_)) | E::Ods(OdsError::Zip(_)) => {
            "its zip packaging is broken or cut short"
        }
        E::Xlsx(XlsxError::Xml(xml))
        | E::Xlsb(XlsbError::Xml(xml))
        | E::Ods(OdsError::Xml(xml))
            if matches!(xml, quick_xml::Error::Io(_)) =>
        {
            "a compressed part of it is corrupt"
        }
        E::Xlsx(XlsxError::Xml(_) | XlsxError::XmlAttr(_) | XlsxError::XmlEof(_))
        | E::Xlsb(XlsbError::Xml(_) | XlsbError::XmlAttr(_))
        | E::Ods(OdsError::Xml(_) | OdsError::XmlAttr(_) | OdsError::AttrError(_)) => {
            "a part of it is not well-formed XML"
        }
        E::Xlsx(XlsxError::FileNotFound(part)) | E::Xlsb(XlsbError::FileNotFound(part)) => {
            return format!("it lacks its part {part}");
        }
        E::Ods(OdsError::FileNotFound(part)) => return format!("it lacks its part {part}"),
        E::Xls(XlsError::Cfb(_)) => "the index of its parts is broken",
        E::Xls(XlsError::EoStream(_) | XlsError::Len { .. } | XlsError::ContinueRecordTooShort) => {
            "a record of it ends early"
        }
        _ => "it holds a record or a value gridlogic cannot make sense of",
    };
    reason.to_string()
}

thread_local! {
    /// Whether this thread is inside [`guarded`], where a panic is reported as an error.
    static GUARDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `read`, a call into the workbook reader, turning a panic inside it (a corrupted file it
/// did not expect: an index out of bounds) into the error of a damaged file ([`damaged`]) naming
/// `path`. The panic prints nothing: the first call installs a panic hook that stays silent on
/// a guarded thread and leaves every other panic to the hook before it.
fn guarded<T>(path: &Path, read: impl FnOnce() -> T) -> Result<T, Error> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !GUARDED.get() {
                before(info);
            }
        }));
    });
    let outer = GUARDED.replace(true);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(read));
    GUARDED.set(outer);
    // What the reader panicked with (an index out of bounds) is its own business: the person
    // hears that the file does not hold together.
    result.map_err(|_| damaged(path, "its records do not fit together"))
}

/// Checks the workbook at `path` before calamine reads it, and reads what calamine does not: the
/// styles of each sheet of an .xls (its records, [`xls`]) or an .ods (its XML, [`ods`]); none
/// for other kinds. A zip-based workbook is opened once for its part sizes and its XML.
fn checked_styles(path: &Path) -> Result<Vec<Vec<StylePatch>>, Error> {
    if let Some(stream) = super::cfb::workbook_stream(path)? {
        let sheets = xls::sheets(&stream).map_err(|why| damaged(path, why))?;
        check_xls_sheets(path, &sheets)?;
        return Ok(sheets.into_iter().map(|sheet| sheet.styles).collect());
    }
    let Some(mut archive) = File::open(path)
        .ok()
        .and_then(|file| zip::ZipArchive::new(BufReader::new(file)).ok())
    else {
        return Ok(Vec::new());
    };
    check_zip_parts(&mut archive, path)?;
    ods::read(&mut archive, path)
}

/// Refuses a zip-based workbook (`archive`, at `path`) whose central directory declares a part,
/// or all parts together, larger uncompressed than [`limits::MAX_ZIP_PART`] or
/// [`limits::MAX_ZIP_TOTAL`]: a zip bomb is refused before anything is inflated.
fn check_zip_parts(
    archive: &mut zip::ZipArchive<BufReader<File>>,
    path: &Path,
) -> Result<(), Error> {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let mut total = 0u64;
    for index in 0..archive.len() {
        let Ok(part) = archive.by_index_raw(index) else {
            continue;
        };
        let size = part.size();
        total = total.saturating_add(size);
        let (what, found, limit) = if size > limits::MAX_ZIP_PART {
            let name = part.name().unwrap_or_default().into_owned();
            (format!("part {name} of {file}"), size, limits::MAX_ZIP_PART)
        } else if total > limits::MAX_ZIP_TOTAL {
            (format!("workbook {file}"), total, limits::MAX_ZIP_TOTAL)
        } else {
            continue;
        };
        let bytes = |n: u64| format!("{} bytes", limits::thousands(u128::from(n)));
        return Err(Error::TooLarge {
            what,
            size: format!("{} when unpacked", bytes(found)),
            limit: bytes(limit),
            advice: String::new(),
        });
    }
    Ok(())
}

/// The last row and column of `positions`.
fn last_position(positions: impl Iterator<Item = (u32, u32)>) -> Option<(u32, u32)> {
    positions.reduce(|(r, c), (row, col)| (r.max(row), c.max(col)))
}

/// Refuses a sheet of `place` that spans `rows` x `cols` cells from A1 when that is more than
/// [`limits::MAX_TABLE_CELLS`].
fn check_extent(place: &str, rows: usize, cols: usize) -> Result<(), Error> {
    if limits::table_fits(rows, cols) {
        return Ok(());
    }
    let cells = rows as u128 * cols as u128;
    Err(limits::too_many_cells(
        place.to_string(),
        format!(
            "it spans A1:{}, {} cells",
            crate::model::sheet_address(rows - 1, cols - 1),
            limits::thousands(cells)
        ),
        limits::FAR_CELLS_ADVICE,
    ))
}

fn absolute<T: calamine::CellType>(range: &Range<T>, row: usize, col: usize) -> (usize, usize) {
    let (top, left) = range.start().unwrap_or((0, 0));
    (top as usize + row, left as usize + col)
}

/// The rows and columns a sheet's table takes: those of its values, and of its styled cells
/// (one past the last at `styled_end`) up to [`STYLE_MARGIN`] further.
fn table_extent(values: &Range<Data>, styled_end: Option<(u64, u64)>) -> (usize, usize) {
    let (value_rows, value_cols) = values
        .end()
        .map_or((0, 0), |(r, c)| (u64::from(r) + 1, u64::from(c) + 1));
    let (style_rows, style_cols) = styled_end.unwrap_or((0, 0));
    let margin = u64::from(STYLE_MARGIN);
    let rows = value_rows.max(style_rows.min(value_rows + margin));
    let cols = value_cols.max(style_cols.min(value_cols + margin));
    (rows as usize, cols as usize)
}

/// Refuses an .xls whose sheet declares, or whose values span, more than
/// [`limits::MAX_TABLE_CELLS`]: calamine takes both when it opens the workbook.
fn check_xls_sheets(path: &Path, sheets: &[xls::Sheet]) -> Result<(), Error> {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    for sheet in sheets {
        let place = format!("sheet '{}' of {file}", sheet.name);
        for (rows, cols) in [sheet.declared, sheet.end] {
            check_extent(&place, rows as usize, cols as usize)?;
        }
    }
    Ok(())
}

fn apply_styles(table: &mut Table, styles: &StyleRange) {
    for (row, col, style) in styles.cells() {
        let (r, c) = (row as usize, col as usize);
        if r >= table.rows() || c >= table.cols() {
            continue;
        }
        let cell: &mut RawCell = table.cell_mut(r, c);
        cell.fill = style
            .fill
            .as_ref()
            .filter(|f| f.is_visible())
            .and_then(|f| f.get_color())
            .map(|color| color.to_argb() & 0x00FF_FFFF)
            .filter(|&rgb| rgb != 0x00FF_FFFF);
        cell.bordered = style.borders.as_ref().is_some_and(|b| {
            [&b.left, &b.right, &b.top, &b.bottom]
                .iter()
                .any(|side| side.style != calamine::BorderStyle::None)
        });
        if let Some(b) = style.borders.as_ref() {
            let sides = [&b.top, &b.right, &b.bottom, &b.left];
            cell.edges = sides.map(|side| edge(side.style));
            cell.edge_colours = sides.map(|side| {
                let colour = side.color.as_ref()?.to_argb() & 0x00FF_FFFF;
                (side.style != calamine::BorderStyle::None && colour != 0).then_some(colour)
            });
        }
        cell.points = style.font.as_ref().and_then(|f| f.size);
    }
}

/// How a border style reads for cages.
fn edge(style: calamine::BorderStyle) -> Edge {
    use calamine::BorderStyle as S;
    match style {
        S::None => Edge::None,
        S::Thin | S::Hair => Edge::Thin,
        S::Medium | S::Thick | S::Double => Edge::Thick,
        _ => Edge::Dashed,
    }
}

fn raw_value(data: &Data) -> RawValue {
    match data {
        Data::Empty => RawValue::Blank,
        Data::Int(i) => RawValue::Number(*i as f64),
        Data::Float(f) => RawValue::Number(*f),
        Data::String(s) => RawValue::Text(s.clone()),
        // As a spreadsheet shows it.
        Data::Bool(true) => RawValue::Other("TRUE".into()),
        Data::Bool(false) => RawValue::Other("FALSE".into()),
        other => RawValue::Other(other.to_string()),
    }
}
