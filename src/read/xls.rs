//! The records (BIFF) of an `.xls` workbook stream, read before calamine for what calamine 0.38
//! does not give or does not check:
//! - how much it will take for each sheet, which it takes when the workbook is opened: it
//!   reserves the cells a sheet's DIMENSIONS record declares (a fuzzed record asked for 1.9 TB
//!   and the process aborted), then builds the span of the cells it read (a value at A1 and one at
//!   IV65536 took 1 GB);
//! - the cells' fill colours and borders (calamine reads styles of .xlsx only), so that a
//!   jigsaw drawn in colours, or a Killer's cages drawn with dashed borders, read from an .xls
//!   too.
//!
//! Records are `type: u16, length: u16, data`; the globals come first (the palette, the cell
//! formats XF, the sheets' names and positions), then each sheet's records from its position.

use super::cfb::{u16_at, u32_at};
use super::limits;
use super::table::{Edge, StylePatch};

/// What the records say about one sheet, in the workbook's order of sheets.
#[derive(Debug, Default)]
pub struct Sheet {
    /// The sheet's name.
    pub name: String,
    /// Rows and columns of the cells calamine reserves from the DIMENSIONS record (its own
    /// arithmetic, wrapping included, so that a lying record is seen as calamine sees it).
    pub declared: (u64, u64),
    /// One past the last row and column holding a value, counted from A1.
    pub end: (u64, u64),
    /// The styles of cells with a visible fill (white left out) or border, one patch a cell; at
    /// most [`limits::MAX_TABLE_CELLS`] of them.
    pub styles: Vec<StylePatch>,
}

/// The sheets of the workbook stream `stream`, as far as its records can be read; a stream that
/// is not BIFF gives none (calamine reports it). An error (what is wrong) when the sheets'
/// records, read from each sheet's position, add up to more than the stream twice over: each
/// sheet has records of its own, and sheets that all point at one long stretch of records would
/// make calamine, and this, read it once for each.
pub fn sheets(stream: &[u8]) -> Result<Vec<Sheet>, String> {
    let globals = Globals::read(stream);
    let mut sheets = Vec::new();
    let mut read = 0usize;
    for (position, name) in &globals.sheets {
        let mut sheet = Sheet {
            name: name.clone(),
            ..Sheet::default()
        };
        if let Some(records) = stream.get(*position..) {
            read = read.saturating_add(sheet.read(records, &globals));
        }
        if read > 2 * stream.len() {
            return Err(format!(
                "its {} sheets share their records (more than twice its {} bytes to read)",
                globals.sheets.len(),
                limits::thousands(stream.len() as u128)
            ));
        }
        sheets.push(sheet);
    }
    Ok(sheets)
}

/// Record types (MS-XLS 2.3).
const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const BOUND_SHEET: u16 = 0x0085;
const XF: u16 = 0x00E0;
const PALETTE: u16 = 0x0092;
const DIMENSIONS: u16 = 0x0200;
const BLANK: u16 = 0x0201;
const MUL_BLANK: u16 = 0x00BE;
const MUL_RK: u16 = 0x00BD;
/// Records of one valued cell, each starting `row: u16, column: u16, xf: u16`: Number, Label,
/// RString, BoolErr, Rk, LabelSst, Formula.
const VALUE_CELLS: [u16; 7] = [0x0203, 0x0204, 0x00D6, 0x0205, 0x027E, 0x00FD, 0x0006];
/// The BOF version of BIFF8, whose XF records this reads fills from.
const BIFF8: u16 = 0x0600;

/// The records of `stream` from its start: `(type, data)`, up to the first one cut short.
fn records(mut stream: &[u8]) -> impl Iterator<Item = (u16, &[u8])> {
    std::iter::from_fn(move || {
        let kind = u16_at(stream, 0)?;
        let length = usize::from(u16_at(stream, 2)?);
        let data = stream.get(4..4 + length)?;
        stream = &stream[4 + length..];
        Some((kind, data))
    })
}

/// What the globals hold: the sheets, and each cell format's fill.
#[derive(Default)]
struct Globals {
    /// Each sheet's position in the stream and name.
    sheets: Vec<(usize, String)>,
    /// Per XF record, what it shows (BIFF8; nothing for earlier versions).
    formats: Vec<Format>,
    /// The colours of palette indexes 8 onwards, as the PALETTE record sets them.
    palette: Vec<u32>,
}

impl Globals {
    fn read(stream: &[u8]) -> Globals {
        let mut globals = Globals {
            palette: DEFAULT_PALETTE.to_vec(),
            ..Globals::default()
        };
        let mut biff8 = false;
        for (kind, data) in records(stream) {
            match kind {
                BOF => biff8 = u16_at(data, 0) == Some(BIFF8),
                BOUND_SHEET => globals.sheets.extend(bound_sheet(data, biff8)),
                XF => globals.formats.push(
                    biff8
                        .then(|| Format::of(data))
                        .flatten()
                        .unwrap_or_default(),
                ),
                PALETTE => globals.palette = palette(data),
                EOF => break,
                _ => {}
            }
        }
        globals
    }

    /// The fill (white and none as `None`) and borders of cell format `xf`; `None` when it
    /// shows neither.
    fn style(&self, xf: u16) -> Option<(Option<u32>, [Edge; 4])> {
        let format = self.formats.get(usize::from(xf))?;
        let fill = format.fill.and_then(|index| {
            let rgb = match index {
                0..=7 => FIXED_COLOURS[usize::from(index)],
                _ => *self.palette.get(usize::from(index) - 8)?,
            };
            (rgb != 0xFF_FFFF).then_some(rgb)
        });
        (fill.is_some() || format.edges != [Edge::None; 4]).then_some((fill, format.edges))
    }
}

impl Sheet {
    /// Reads the sheet's records from its BOF on, leaving out those of substreams within it
    /// (embedded charts), as calamine does; the bytes read.
    fn read(&mut self, records_from_bof: &[u8], globals: &Globals) -> usize {
        let mut depth = 0usize;
        let mut read = 0;
        for (kind, data) in records(records_from_bof) {
            read += 4 + data.len();
            match kind {
                BOF => depth += 1,
                EOF if depth <= 1 => break,
                EOF => depth -= 1,
                _ if depth > 1 => {}
                DIMENSIONS => self.declared = declared(data).unwrap_or(self.declared),
                MUL_RK => self.several(data, 6, true, globals),
                MUL_BLANK => self.several(data, 2, false, globals),
                BLANK => self.cell(data, false, globals),
                _ if VALUE_CELLS.contains(&kind) => self.cell(data, true, globals),
                _ => {}
            }
        }
        read
    }

    /// A record of one cell; `valued`: whether calamine makes a value of it.
    fn cell(&mut self, data: &[u8], valued: bool, globals: &Globals) {
        if let (Some(row), Some(col), Some(xf)) =
            (u16_at(data, 0), u16_at(data, 2), u16_at(data, 4))
        {
            self.take(row, col, xf, valued, globals);
        }
    }

    /// A record of several cells of a row (MULRK, MULBLANK): `row, first column`, then for each
    /// cell `width` bytes starting with its `xf: u16` (MULRK: and its value), then `last column`;
    /// `valued`: whether calamine makes values of them.
    fn several(&mut self, data: &[u8], width: usize, valued: bool, globals: &Globals) {
        let (Some(row), Some(first)) = (u16_at(data, 0), u16_at(data, 2)) else {
            return;
        };
        let cells = data.get(4..data.len().saturating_sub(2)).unwrap_or(&[]);
        for (i, cell) in cells.chunks_exact(width).enumerate() {
            let col = first.saturating_add(i as u16);
            self.take(row, col, u16_at(cell, 0).unwrap_or(0), valued, globals);
        }
    }

    fn take(&mut self, row: u16, col: u16, xf: u16, valued: bool, globals: &Globals) {
        if valued {
            self.end.0 = self.end.0.max(u64::from(row) + 1);
            self.end.1 = self.end.1.max(u64::from(col) + 1);
        }
        if self.styles.len() < limits::MAX_TABLE_CELLS
            && let Some((fill, edges)) = globals.style(xf)
        {
            self.styles.push(StylePatch {
                top: u32::from(row),
                left: u32::from(col),
                rows: 1,
                cols: 1,
                fill,
                edges,
            });
        }
    }
}

/// The rows and columns calamine 0.38 reserves for a DIMENSIONS record (`parse_dimensions`, then
/// `end - start + 1` in wrapping 32-bit arithmetic); `None` for a record calamine refuses.
fn declared(data: &[u8]) -> Option<(u64, u64)> {
    let (first_row, last_row, mut first_col, last_col) = match data.len() {
        10 => (
            u32::from(u16_at(data, 0)?),
            u32::from(u16_at(data, 2)?),
            u32::from(u16_at(data, 4)?),
            u32::from(u16_at(data, 6)?),
        ),
        14 | 16 => (
            u32_at(data, 0)?,
            u32_at(data, 4)?,
            u32::from(u16_at(data, 8)?),
            u32::from(u16_at(data, 10)?),
        ),
        _ => return None,
    };
    if first_col > 0xFF || last_col < first_col {
        first_col = 0;
    }
    let (end_row, end_col) = if last_row >= 1 && last_col >= 1 {
        (last_row - 1, last_col - 1)
    } else {
        (first_row, first_col)
    };
    let span = |first: u32, end: u32| u64::from(end.wrapping_sub(first).wrapping_add(1));
    Some((span(first_row, end_row), span(first_col, end_col)))
}

/// A BoundSheet8 record: the sheet's position (BOF) in the stream and its name (BIFF8: a
/// length, a flag for two-byte characters and the characters; before: bytes, read as Latin-1).
fn bound_sheet(data: &[u8], biff8: bool) -> Option<(usize, String)> {
    let position = u32_at(data, 0)? as usize;
    let length = usize::from(*data.get(6)?);
    let name = if !biff8 {
        data.get(7..7 + length)?
            .iter()
            .map(|&b| char::from(b))
            .collect()
    } else if data.get(7)? & 1 == 0 {
        data.get(8..8 + length)?
            .iter()
            .map(|&b| char::from(b))
            .collect()
    } else {
        let units: Vec<u16> = data
            .get(8..8 + 2 * length)?
            .chunks_exact(2)
            .filter_map(|w| u16_at(w, 0))
            .collect();
        String::from_utf16_lossy(&units)
    };
    Some((position, name))
}

/// What a BIFF8 XF record (a cell format) shows.
#[derive(Debug, Default)]
struct Format {
    /// The palette index of its fill, when it has a visible one.
    fill: Option<u16>,
    /// Its borders: top, right, bottom, left.
    edges: [Edge; 4],
}

impl Format {
    /// The fill: the fill pattern (`fls`, the top six bits of the word at 14) is not none, and
    /// the pattern's foreground colour (`icvFore`, the low seven bits of the word at 18) is what
    /// shows in a solid fill. The borders: four bits each in the word at 10, left, right, top,
    /// bottom.
    fn of(data: &[u8]) -> Option<Format> {
        let pattern = u32_at(data, 14)? >> 26;
        let colour = u16_at(data, 18)? & 0x7F;
        let lines = u32_at(data, 10)?;
        let [left, right, top, bottom] = [0, 4, 8, 12].map(|shift| edge((lines >> shift) & 0xF));
        Some(Format {
            fill: (pattern != 0).then_some(colour),
            edges: [top, right, bottom, left],
        })
    }
}

/// A BIFF8 border style (MS-XLS 2.5.11) as cages read it.
fn edge(style: u32) -> Edge {
    match style {
        0 => Edge::None,
        1 | 7 => Edge::Thin,
        2 | 5 | 6 => Edge::Thick,
        _ => Edge::Dashed,
    }
}

/// A PALETTE record: a count, then that many colours `r, g, b, 0` for indexes 8 onwards.
fn palette(data: &[u8]) -> Vec<u32> {
    let count = u16_at(data, 0).map_or(0, usize::from);
    data.get(2..)
        .unwrap_or(&[])
        .chunks_exact(4)
        .take(count)
        .map(|c| u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]))
        .collect()
}

/// Palette indexes 0 to 7: black, white, red, green, blue, yellow, magenta, cyan.
const FIXED_COLOURS: [u32; 8] = [
    0x000000, 0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0xFF00FF, 0x00FFFF,
];

/// The colours of palette indexes 8 to 63 when the workbook has no PALETTE record (MS-XLS
/// 2.5.161, the default palette).
const DEFAULT_PALETTE: [u32; 56] = [
    0x000000, 0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0xFF00FF, 0x00FFFF, 0x800000,
    0x008000, 0x000080, 0x808000, 0x800080, 0x008080, 0xC0C0C0, 0x808080, 0x9999FF, 0x993366,
    0xFFFFCC, 0xCCFFFF, 0x660066, 0xFF8080, 0x0066CC, 0xCCCCFF, 0x000080, 0xFF00FF, 0xFFFF00,
    0x00FFFF, 0x800080, 0x800000, 0x008080, 0x0000FF, 0x00CCFF, 0xCCFFFF, 0xCCFFCC, 0xFFFF99,
    0x99CCFF, 0xFF99CC, 0xCC99FF, 0xFFCC99, 0x3366FF, 0x33CCCC, 0x99CC00, 0xFFCC00, 0xFF9900,
    0xFF6600, 0x666699, 0x969696, 0x003366, 0x339966, 0x003300, 0x333300, 0x993300, 0x993366,
    0x333399, 0x333333,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: u16, data: &[u8]) -> Vec<u8> {
        let mut bytes = kind.to_le_bytes().to_vec();
        bytes.extend((data.len() as u16).to_le_bytes());
        bytes.extend(data);
        bytes
    }

    /// A BIFF8 XF record whose fill is solid in palette index `colour`.
    fn solid_xf(colour: u16) -> Vec<u8> {
        let mut data = vec![0; 20];
        data[14..18].copy_from_slice(&(1u32 << 26).to_le_bytes());
        data[18..20].copy_from_slice(&colour.to_le_bytes());
        record(XF, &data)
    }

    /// A workbook stream: the globals (BIFF8, a palette whose index 8 is `0x123456`, XF 0
    /// without fill and XF 1 solid in index 8, `sheets` sheets all at the one sheet's
    /// position), then that sheet: `cells` NUMBER records at rows 0, 1, … of column 3, XF 1.
    fn stream(sheets: usize, cells: u16) -> Vec<u8> {
        let bof = record(BOF, &[0x00, 0x06, 0x05, 0x00]);
        let mut palette = 1u16.to_le_bytes().to_vec();
        palette.extend([0x12, 0x34, 0x56, 0]);
        let mut globals = [bof.clone(), record(PALETTE, &palette), record(XF, &[0; 20])].concat();
        globals.extend(solid_xf(8));
        let bound_sheet = |position: u32| {
            let mut data = position.to_le_bytes().to_vec();
            data.extend([0, 0, 1, 0, b'S']);
            record(BOUND_SHEET, &data)
        };
        let eof = record(EOF, &[]);
        let position = globals.len() + sheets * bound_sheet(0).len() + eof.len();
        for _ in 0..sheets {
            globals.extend(bound_sheet(position as u32));
        }
        globals.extend(&eof);
        let mut sheet = bof;
        for row in 0..cells {
            let mut number = row.to_le_bytes().to_vec();
            number.extend([3, 0, 1, 0]);
            number.extend(7f64.to_le_bytes());
            sheet.extend(record(0x0203, &number));
        }
        sheet.extend(&eof);
        [globals, sheet].concat()
    }

    #[test]
    fn a_sheet_gives_its_extent_and_its_fills_in_the_palette_s_colours() {
        let sheets = sheets(&stream(1, 2)).unwrap();
        assert_eq!(sheets.len(), 1);
        assert_eq!((sheets[0].name.as_str(), sheets[0].end), ("S", (2, 4)));
        let fill = |top| StylePatch {
            top,
            left: 3,
            rows: 1,
            cols: 1,
            fill: Some(0x123456),
            edges: [Edge::None; 4],
        };
        assert_eq!(sheets[0].styles, [fill(0), fill(1)]);
    }

    #[test]
    fn a_cell_format_gives_its_borders_top_right_bottom_left() {
        // Left thin (1), right dashed (3), top medium (2), bottom none; no fill.
        let mut data = vec![0; 20];
        data[10..14].copy_from_slice(&(1u32 | 3 << 4 | 2 << 8).to_le_bytes());
        let format = Format::of(&data).unwrap();
        assert_eq!(format.fill, None);
        assert_eq!(
            format.edges,
            [Edge::Thick, Edge::Dashed, Edge::None, Edge::Thin]
        );
    }

    #[test]
    fn sheets_that_all_point_at_one_long_stretch_of_records_are_refused() {
        assert!(sheets(&stream(2, 100)).is_ok());
        let error = sheets(&stream(3, 100)).unwrap_err();
        assert!(
            error.starts_with("its 3 sheets share their records"),
            "{error}"
        );
    }

    #[test]
    fn a_dimensions_record_is_reckoned_as_calamine_reckons_it() {
        let dimensions = |rows: (u32, u32), cols: (u16, u16)| {
            let mut data = rows.0.to_le_bytes().to_vec();
            data.extend(rows.1.to_le_bytes());
            data.extend(cols.0.to_le_bytes());
            data.extend(cols.1.to_le_bytes());
            data.extend([0, 0]);
            declared(&data)
        };
        assert_eq!(dimensions((0, 9), (0, 9)), Some((9, 9)));
        // A first row past the last wraps round in 32 bits, as calamine computes it.
        assert_eq!(dimensions((5, 3), (0, 9)), Some((4_294_967_294, 9)));
        assert_eq!(declared(&[0; 12]), None);
    }
}
