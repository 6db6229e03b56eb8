//! Writes a [`Book`] to an `.xlsx` file with `rust_xlsxwriter`: formats are made once per distinct
//! style, the document date is fixed so that the same book always gives the same bytes, and the
//! file is written to a temporary name and renamed, so a crash never leaves half a workbook.

use super::{Align, Book, Content, Font, Line, Print, Sheet, Style, Target, palette};
use crate::error::Error;
use crate::model::sheet_address;
use crate::read::workbook::OWN_MARK;
use rust_xlsxwriter::{
    Color, DocProperties, ExcelDateTime, Format, FormatAlign, FormatBorder, FormatUnderline, Note,
    Table, TableColumn, TableStyle, Url, Workbook, Worksheet, XlsxError,
};
use std::collections::HashMap;
use std::path::Path;

/// The fixed creation date written into every workbook (documents carry one; a fixed one keeps
/// the output byte-identical from run to run).
const DOCUMENT_DATE: (u16, u8, u8) = (2024, 1, 1);

/// The author of notes.
const NOTE_AUTHOR: &str = "gridlogic";

/// Whether the `.xlsx` at `path` is one gridlogic wrote: it carries gridlogic's custom document
/// property ([`OWN_MARK`]). Any file that cannot be read as such is someone else's.
pub fn is_own(path: &Path) -> bool {
    crate::read::workbook::is_own(path)
}

/// The face used for monospace fonts.
const MONOSPACE_FACE: &str = "Consolas";

/// The workbook as `.xlsx` bytes.
pub fn to_bytes(book: &Book) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let (y, m, d) = DOCUMENT_DATE;
    let date = ExcelDateTime::from_ymd(y, m, d)?;
    workbook.set_properties(
        &DocProperties::new()
            .set_creation_datetime(&date)
            .set_author(NOTE_AUTHOR)
            .set_custom_property(OWN_MARK, true),
    );
    let mut formats = Formats::default();
    for sheet in &book.sheets {
        let worksheet = workbook.add_worksheet();
        fill_worksheet(worksheet, sheet, &mut formats)?;
    }
    workbook.save_to_buffer()
}

/// Writes `book` to `target` whole or not at all ([`super::write_atomically`]).
pub fn save(book: &Book, target: &Target) -> Result<(), Error> {
    let bytes = to_bytes(book).map_err(|e| Error::Write {
        path: target.path.clone(),
        message: e.to_string(),
    })?;
    super::write_atomically(target, &bytes)
}

/// One `Format` per distinct style or rich-string font.
#[derive(Default)]
struct Formats {
    styles: HashMap<Style, Format>,
}

impl Formats {
    fn of(&mut self, style: Style) -> &Format {
        self.styles.entry(style).or_insert_with(|| format_of(style))
    }
}

fn format_of(style: Style) -> Format {
    let mut format = with_font(Format::new(), style.font);
    if let Some(fill) = style.fill {
        format = format.set_background_color(Color::RGB(fill));
    }
    format = match style.align {
        Align::General => format,
        Align::Left => format
            .set_align(FormatAlign::Left)
            .set_align(FormatAlign::VerticalCenter),
        Align::Centre => format
            .set_align(FormatAlign::Center)
            .set_align(FormatAlign::VerticalCenter),
        Align::TopLeft => format
            .set_align(FormatAlign::Left)
            .set_align(FormatAlign::Top),
    };
    if style.wrap {
        format = format.set_text_wrap();
    }
    let b = style.borders;
    format = format
        .set_border_top(border(b.top))
        .set_border_right(border(b.right))
        .set_border_bottom(border(b.bottom))
        .set_border_left(border(b.left));
    // Only bars have a colour of their own; other lines keep the default (black), so that
    // workbooks without bars are written as before.
    let bar = Color::RGB(palette::BAR);
    if b.top == Line::Bar {
        format = format.set_border_top_color(bar);
    }
    if b.right == Line::Bar {
        format = format.set_border_right_color(bar);
    }
    if b.bottom == Line::Bar {
        format = format.set_border_bottom_color(bar);
    }
    if b.left == Line::Bar {
        format = format.set_border_left_color(bar);
    }
    format
}

fn with_font(mut format: Format, font: Font) -> Format {
    if font.bold {
        format = format.set_bold();
    }
    if font.italic {
        format = format.set_italic();
    }
    if font.strike {
        format = format.set_font_strikethrough();
    }
    if font.underline {
        format = format.set_underline(FormatUnderline::Single);
    }
    if let Some(points) = font.points() {
        format = format.set_font_size(points);
    }
    if let Some(colour) = font.colour {
        format = format.set_font_color(Color::RGB(colour));
    }
    if font.monospace {
        format = format.set_font_name(MONOSPACE_FACE);
    }
    format
}

fn border(line: Line) -> FormatBorder {
    match line {
        Line::None => FormatBorder::None,
        Line::Thin => FormatBorder::Thin,
        Line::Medium => FormatBorder::Medium,
        Line::Thick | Line::Bar => FormatBorder::Thick,
        Line::Dashed => FormatBorder::Dashed,
        Line::MediumDashed => FormatBorder::MediumDashed,
    }
}

fn fill_worksheet(
    worksheet: &mut Worksheet,
    sheet: &Sheet,
    formats: &mut Formats,
) -> Result<(), XlsxError> {
    worksheet.set_name(&sheet.name)?;
    worksheet.set_screen_gridlines(sheet.gridlines);
    worksheet.set_hidden(sheet.hidden);
    for (&col, &px) in &sheet.column_widths {
        worksheet.set_column_width_pixels(col, px)?;
    }
    for (&row, &px) in &sheet.row_heights {
        worksheet.set_row_height_pixels(row, px)?;
    }
    if let Some((row, col)) = sheet.freeze {
        worksheet.set_freeze_panes(row, col)?;
    }
    match sheet.print {
        Print::Default => {}
        Print::OnePage => fill_page(worksheet, sheet)?,
        Print::PageWide => {
            worksheet.set_print_fit_to_pages(1, 0).set_landscape();
        }
    }
    for (&(row, col), cell) in &sheet.cells {
        write_content(worksheet, row, col, &cell.content, cell.style, formats)?;
        if let Some(text) = &cell.note {
            worksheet.insert_note(row, col, &note(text))?;
        }
    }
    if let Some(table) = &sheet.table {
        let columns: Vec<TableColumn> = table
            .columns
            .iter()
            .map(|name| TableColumn::new().set_header(name))
            .collect();
        let last_col = table.left + table.columns.len() as u16 - 1;
        let spec = Table::new()
            .set_columns(&columns)
            .set_style(TableStyle::Light9);
        worksheet.add_table(table.top, table.left, table.bottom, last_col, &spec)?;
    }
    Ok(())
}

fn write_content(
    worksheet: &mut Worksheet,
    row: u32,
    col: u16,
    content: &Content,
    style: Style,
    formats: &mut Formats,
) -> Result<(), XlsxError> {
    match content {
        Content::Blank => worksheet.write_blank(row, col, formats.of(style))?,
        Content::Text(text) => {
            worksheet.write_string_with_format(row, col, text, formats.of(style))?
        }
        Content::Number(n) => {
            worksheet.write_number_with_format(row, col, *n, formats.of(style))?
        }
        Content::Rich(runs) => {
            let run_formats: Vec<Format> = runs
                .iter()
                .map(|r| with_font(Format::new(), r.font))
                .collect();
            let segments: Vec<(&Format, &str)> = run_formats
                .iter()
                .zip(runs)
                .filter(|(_, r)| !r.text.is_empty())
                .map(|(f, r)| (f, r.text.as_str()))
                .collect();
            let cell_format = formats.of(style).clone();
            worksheet.write_rich_string_with_format(row, col, &segments, &cell_format)?
        }
        Content::Link { sheet, cell, text } => {
            let target = sheet_address(cell.0 as usize, cell.1 as usize);
            // An apostrophe in a quoted sheet name is written twice.
            let sheet = sheet.replace('\'', "''");
            let url = Url::new(format!("internal:'{sheet}'!{target}")).set_text(text);
            worksheet.write_url_with_format(row, col, url, formats.of(style))?
        }
        Content::Url { target, text } => {
            let url = Url::new(target.as_str()).set_text(text);
            worksheet.write_url_with_format(row, col, url, formats.of(style))?
        }
    };
    Ok(())
}

/// A note sized to its text, without the author's name in front.
fn note(text: &str) -> Note {
    let lines = 1 + text.chars().count() / 42 + text.matches('\n').count();
    Note::new(text)
        .set_author(NOTE_AUTHOR)
        .add_author_prefix(false)
        .set_width(300)
        .set_height(20 + 16 * lines as u32)
}

/// The page margins, in inches (top and bottom, left and right), and those of the empty header
/// and footer.
const MARGIN_INCHES: f64 = 0.5;
const HEADER_INCHES: f64 = 0.3;

/// Prints `sheet` on one page, centred, turned sideways when wider than tall, its print area
/// reaching as far right as its texts run. Spreadsheets only shrink a sheet to fit a page, so a
/// sheet meant to fill one is drawn at least a page wide (see `sudoku::View::print_px`).
fn fill_page(worksheet: &mut Worksheet, sheet: &Sheet) -> Result<(), XlsxError> {
    let (last_row, last_col) = print_extent(sheet);
    let last_row = sheet.print_rows.map_or(last_row, |row| row.min(last_row));
    let (width, height) = pixels_to(sheet, last_row, last_col);
    worksheet
        .set_print_area(0, 0, last_row, last_col)?
        .set_print_fit_to_pages(1, 1)
        .set_margins(
            MARGIN_INCHES,
            MARGIN_INCHES,
            MARGIN_INCHES,
            MARGIN_INCHES,
            HEADER_INCHES,
            HEADER_INCHES,
        )
        .set_print_center_horizontally(true)
        .set_print_center_vertically(true);
    if width > height {
        worksheet.set_landscape();
    }
    Ok(())
}

/// The default column width and row height, in pixels.
const COLUMN_PX: u32 = 64;
const ROW_PX: u32 = 20;

/// The last row and column of `sheet` that print: its last cell, and further right as far as a
/// text that is neither wrapped nor centred runs on past its cell.
fn print_extent(sheet: &Sheet) -> (u32, u16) {
    let width = |col: u16| sheet.column_widths.get(&col).copied().unwrap_or(COLUMN_PX);
    let (mut last_row, mut last_col) = (0, 0);
    let printed = |row: u32| sheet.print_rows.is_none_or(|last| row <= last);
    for (&(row, col), cell) in sheet.cells.iter().filter(|((row, _), _)| printed(*row)) {
        last_row = last_row.max(row);
        let mut end = col;
        if let Content::Text(text) = &cell.content
            && !cell.style.wrap
            && matches!(cell.style.align, Align::General | Align::Left)
        {
            let points = cell.style.font.points().unwrap_or(11.0);
            // About 0.65 of the size a character, in pixels (7 for the default 11 points).
            let mut room = (text.chars().count() as f64 * points * 0.65) as u32;
            while room > width(end) {
                room -= width(end);
                end += 1;
            }
        }
        last_col = last_col.max(end);
    }
    (last_row, last_col)
}

/// The width and height in pixels of the rows and columns of `sheet` up to `last_row` and
/// `last_col`.
fn pixels_to(sheet: &Sheet, last_row: u32, last_col: u16) -> (u32, u32) {
    let width: u32 = (0..=last_col)
        .map(|c| sheet.column_widths.get(&c).copied().unwrap_or(COLUMN_PX))
        .sum();
    let height: u32 = (0..=last_row)
        .map(|r| sheet.row_heights.get(&r).copied().unwrap_or(ROW_PX))
        .sum();
    (width, height)
}
