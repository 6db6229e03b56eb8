//! Builders of the workbook fixtures in `fixtures/workbooks/`: each shows one way people keep a
//! puzzle in a spreadsheet. The files are committed so that a user can try them; a test checks that
//! the committed files are exactly what these builders write.

use rust_xlsxwriter::{
    Color, DocProperties, ExcelDateTime, Format, FormatAlign, FormatBorder, Formula, Workbook,
    Worksheet, XlsxError,
};
use std::path::Path;

/// A 4x4 puzzle with one solution (checked by brute force in the tests), `0` for empty.
pub const UNIQUE_4X4: &str = "0200300000034001";
/// A 6x6 puzzle (2x3 boxes) with one solution.
pub const UNIQUE_6X6: &str = "020406000000000000060201300600005010";
/// janko.at 16x16 #1 (`../shared/datasets/16x16`), alphabet 1-9A-G.
pub const JANKO_16X16: &str = "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954.";
/// janko.at Chaos Sudoku 83 (7x7): givens and regions.
pub const CHAOS_7X7: (&str, &str) = (
    "..........1...75...4....32.5.......47..3..5......",
    "aaabcccaabbbccaabbbccdddddddefffffgeeefgggeeefggg",
);
/// janko.at Chaos Sudoku 5 (5x5): givens and regions.
pub const CHAOS_5X5: (&str, &str) = ("..5....1..4..........23..", "aabbbaaacbddecbdeeccddeec");

/// janko.at Killer Sudoku 805 (`../shared/datasets/killer`, entry `805_9x9`): the cage of each
/// cell (the dataset's cage ids), and each cage's sum.
pub const KILLER_805: (&str, &[(u32, usize)]) = (
    "14 19 17 17 17 26 26 28 30 14 19 12 12 21 4 4 28 30 32 32 7 7 21 15 27 20 20 \
     31 1 35 35 13 15 27 27 8 31 1 2 13 13 18 18 8 8 3 3 2 2 34 34 11 11 11 \
     5 25 25 9 34 16 16 10 10 5 33 33 9 9 24 24 23 22 29 29 36 36 6 6 23 23 22",
    &[
        (14, 7),
        (19, 9),
        (17, 17),
        (26, 17),
        (28, 9),
        (30, 9),
        (12, 9),
        (21, 9),
        (4, 10),
        (32, 12),
        (7, 9),
        (15, 10),
        (27, 14),
        (20, 8),
        (31, 7),
        (1, 14),
        (35, 14),
        (13, 16),
        (8, 15),
        (2, 12),
        (18, 9),
        (3, 13),
        (34, 10),
        (11, 13),
        (5, 14),
        (25, 9),
        (9, 12),
        (16, 13),
        (10, 12),
        (33, 16),
        (24, 6),
        (23, 16),
        (22, 9),
        (29, 3),
        (36, 7),
        (6, 16),
    ],
);

/// janko.at Killer Sudoku 401 (`../shared/datasets/killer`, entry `401_6x6`): the sum grid and
/// the cage map, rows separated by `/`.
pub const KILLER_401: (&str, &str) = (
    "3 - 10 - 5 6/9 - 5 6 - -/8 4 - 4 - 10/- 7 - 3 5 -/8 4 5 - 6 -/- - 9 - 9 -",
    "5 5 8 8 10 11/12 12 14 15 10 11/7 20 14 2 2 4/7 6 6 16 9 4/18 19 13 16 17 17/18 19 21 21 3 3",
);

/// Colour-blind-friendly region fills (Okabe–Ito, lightened).
const REGION_FILLS: [u32; 9] = [
    0xF5D5A0, 0xB8DDF2, 0xA8DCC8, 0xF7F2A0, 0xA8C8E6, 0xF0C0A0, 0xE8C0D8, 0xD8D8D8, 0xC8E8B0,
];

/// Writes one fixture's sheets into a workbook.
type Builder = fn(&mut Workbook) -> Result<(), XlsxError>;

/// Every fixture: file name and builder.
pub fn all() -> Vec<(&'static str, Builder)> {
    vec![
        ("sudoku-9x9.xlsx", titled_9x9),
        ("plain-a1-9x9.xlsx", plain_a1),
        ("offset-with-solution-9x9.xlsx", offset_with_solution),
        ("formulas-9x9.xlsx", formulas),
        ("ambiguous-two-grids.xlsx", ambiguous),
        ("defined-name.xlsx", defined_name),
        ("small-4x4.xlsx", small_4x4),
        ("numeric-text-6x6.xlsx", numeric_text_6x6),
        ("checkerboard-6x6.xlsx", checkerboard_6x6),
        ("hexadoku-16x16.xlsx", hexadoku),
        ("jigsaw-fills-7x7.xlsx", jigsaw_fills),
        ("jigsaw-regions-sheet-5x5.xlsx", jigsaw_regions_sheet),
        ("killer-drawn-9x9.xlsx", killer_drawn),
        ("killer-cages-sheet-6x6.xlsx", killer_cages_sheet),
        ("week-three-sheets-9x9.xlsx", week),
        ("titled-notes-9x9.xlsx", titled_notes_9x9),
    ]
}

/// Writes every fixture into `dir`.
pub fn build_all(dir: &Path) {
    for (name, build) in all() {
        let mut book = Workbook::new();
        let date = ExcelDateTime::from_ymd(2026, 1, 1).unwrap();
        book.set_properties(&DocProperties::new().set_creation_datetime(&date));
        build(&mut book).unwrap();
        book.save(dir.join(name)).unwrap();
    }
}

/// Values of a seed CSV fixture, row-major, 0 for empty.
pub fn seed_values(name: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(super::fixture(&format!("seed/{name}"))).unwrap();
    text.split([',', '\n'])
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.trim().parse().unwrap())
        .collect()
}

fn digits(text: &str) -> Vec<u8> {
    text.bytes().map(|b| b - b'0').collect()
}

/// The unique solution of a 9x9 puzzle, from the `sudoku` crate (for decoration only).
fn solution_9x9(values: &[u8]) -> Vec<u8> {
    let line: String = values
        .iter()
        .map(|v| if *v == 0 { '.' } else { (b'0' + v) as char })
        .collect();
    let solved = sudoku::Sudoku::from_str_line(&line)
        .unwrap()
        .solution()
        .unwrap();
    solved.to_bytes().to_vec()
}

/// How to write a grid.
#[derive(Clone, Copy, Default)]
struct Style<'a> {
    /// Thin cell borders, medium box borders of this box shape.
    boxes: Option<(usize, usize)>,
    /// One fill colour per cell.
    fills: Option<&'a [u32]>,
    /// Write digits as text ("5") rather than numbers.
    as_text: bool,
}

fn write_grid(
    ws: &mut Worksheet,
    top: u32,
    left: u16,
    values: &[u8],
    size: usize,
    style: Style,
) -> Result<(), XlsxError> {
    for (index, &value) in values.iter().enumerate() {
        let (r, c) = (index / size, index % size);
        let mut format = Format::new().set_align(FormatAlign::Center);
        if let Some((rows, cols)) = style.boxes {
            let edge = |at_edge: bool| {
                if at_edge {
                    FormatBorder::Medium
                } else {
                    FormatBorder::Thin
                }
            };
            format = format
                .set_border_top(edge(r % rows == 0))
                .set_border_bottom(edge((r + 1) % rows == 0))
                .set_border_left(edge(c % cols == 0))
                .set_border_right(edge((c + 1) % cols == 0));
        }
        if let Some(fills) = style.fills {
            format = format.set_background_color(Color::RGB(fills[index]));
        }
        let (row, col) = (top + r as u32, left + c as u16);
        match (value, style.as_text) {
            (0, _) => ws.write_blank(row, col, &format)?,
            (v, true) => ws.write_string_with_format(row, col, v.to_string(), &format)?,
            (v, false) => ws.write_number_with_format(row, col, f64::from(v), &format)?,
        };
    }
    Ok(())
}

fn titled_9x9(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet().set_name("Sudoku")?;
    let title = Format::new().set_bold().set_align(FormatAlign::Center);
    ws.merge_range(
        1,
        1,
        1,
        9,
        "Sudoku (easy) — fill every row, column and box with 1-9",
        &title,
    )?;
    ws.write(2, 1, "From the BFS report's first input")?;
    let style = Style {
        boxes: Some((3, 3)),
        ..Style::default()
    };
    write_grid(ws, 3, 1, &seed_values("search-easy-9x9.csv"), 9, style)?;
    ws.write(3, 11, "Notes: givens in B4:J12")?;
    Ok(())
}

/// A week of puzzles, one per sheet as people keep them (`Mon`, `Tue`, `Wed`: the seed report's
/// easy, medium and hard 9x9, each under a title at another place), and a `Notes` sheet of text
/// only.
fn week(book: &mut Workbook) -> Result<(), XlsxError> {
    let style = Style {
        boxes: Some((3, 3)),
        ..Style::default()
    };
    let days = [
        ("Mon", "search-easy-9x9.csv", (2, 1)),
        ("Tue", "search-medium-9x9.csv", (3, 2)),
        ("Wed", "search-hard-9x9.csv", (1, 0)),
    ];
    for (day, seed, (top, left)) in days {
        let ws = book.add_worksheet().set_name(day)?;
        ws.write(top - 1, left, format!("{day}: {seed}"))?;
        write_grid(ws, top, left, &seed_values(seed), 9, style)?;
    }
    let notes = book.add_worksheet().set_name("Notes")?;
    notes.write(0, 0, "One puzzle a day, from the BFS report's inputs.")?;
    notes.write(1, 0, "Solve them in order: they get harder.")?;
    Ok(())
}

fn plain_a1(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet();
    write_grid(
        ws,
        0,
        0,
        &seed_values("search-hard-9x9.csv"),
        9,
        Style::default(),
    )
}

fn offset_with_solution(book: &mut Workbook) -> Result<(), XlsxError> {
    let values = seed_values("search-medium-9x9.csv");
    let ws = book.add_worksheet().set_name("Puzzle of the day")?;
    ws.write(5, 4, "Puzzle:")?;
    write_grid(
        ws,
        6,
        4,
        &values,
        9,
        Style {
            boxes: Some((3, 3)),
            ..Style::default()
        },
    )?;
    ws.write(5, 14, "Solution:")?;
    write_grid(ws, 6, 14, &solution_9x9(&values), 9, Style::default())?;
    ws.write(17, 4, "Time taken (minutes):")?;
    ws.write(17, 8, 12.5)?;
    Ok(())
}

fn formulas(book: &mut Workbook) -> Result<(), XlsxError> {
    let values = seed_values("genetic-9x9.csv");
    let ws = book.add_worksheet();
    // The puzzle, with its first row's digits written as formulas such as =2+2.
    for (index, &value) in values.iter().enumerate() {
        let (r, c) = ((index / 9) as u32, (index % 9) as u16);
        match value {
            0 => {}
            v if r == 0 => {
                let formula = Formula::new(format!("={}+{}", v - 1, 1)).set_result(v.to_string());
                ws.write_formula(r, c, formula)?;
            }
            v => {
                ws.write_number(r, c, f64::from(v))?;
            }
        }
    }
    // A computed copy beside it, as formula-driven solvers keep.
    for (index, &value) in values.iter().enumerate() {
        let (r, c) = ((index / 9) as u32, (index % 9) as u16);
        let source = format!(
            "{}{}",
            rust_xlsxwriter::utility::column_number_to_name(c),
            r + 1
        );
        let result = if value == 0 {
            String::new()
        } else {
            value.to_string()
        };
        let formula = Formula::new(format!("=IF({source}=\"\",\"\",{source})")).set_result(result);
        ws.write_formula(r, c + 10, formula)?;
    }
    Ok(())
}

fn ambiguous(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet();
    write_grid(
        ws,
        0,
        0,
        &seed_values("search-easy-9x9.csv"),
        9,
        Style::default(),
    )?;
    write_grid(
        ws,
        0,
        10,
        &seed_values("search-medium-9x9.csv"),
        9,
        Style::default(),
    )
}

fn defined_name(book: &mut Workbook) -> Result<(), XlsxError> {
    book.add_worksheet()
        .set_name("Notes")?
        .write(0, 0, "The puzzle is on the Data sheet")?;
    let ws = book.add_worksheet().set_name("Data")?;
    write_grid(
        ws,
        2,
        2,
        &seed_values("search-medium-9x9.csv"),
        9,
        Style::default(),
    )?;
    write_grid(
        ws,
        2,
        12,
        &seed_values("search-easy-9x9.csv"),
        9,
        Style::default(),
    )?;
    book.define_name("puzzle", "=Data!$C$3:$K$11")?;
    Ok(())
}

fn small_4x4(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet();
    ws.write(0, 0, "Mini sudoku")?;
    let values = digits(UNIQUE_4X4);
    for (index, &v) in values.iter().enumerate() {
        // Empty cells hold an explicit 0, as in the seed reports.
        ws.write_number((2 + index / 4) as u32, (2 + index % 4) as u16, f64::from(v))?;
    }
    Ok(())
}

fn numeric_text_6x6(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet();
    let style = Style {
        boxes: Some((2, 3)),
        as_text: true,
        ..Style::default()
    };
    write_grid(ws, 1, 1, &digits(UNIQUE_6X6), 6, style)
}

fn checkerboard_6x6(book: &mut Workbook) -> Result<(), XlsxError> {
    let fills: Vec<u32> = (0..36)
        .map(|cell| {
            if ((cell / 6) / 2 + (cell % 6) / 3) % 2 == 1 {
                0xD8D8D8
            } else {
                0xFFFFFF
            }
        })
        .collect();
    let ws = book.add_worksheet();
    write_grid(
        ws,
        0,
        0,
        &digits(UNIQUE_6X6),
        6,
        Style {
            fills: Some(&fills),
            ..Style::default()
        },
    )
}

fn hexadoku(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet().set_name("16x16")?;
    let values = super::line_values(JANKO_16X16);
    write_grid(
        ws,
        2,
        1,
        &values,
        16,
        Style {
            boxes: Some((4, 4)),
            ..Style::default()
        },
    )?;
    ws.write(0, 1, "Janko 16x16 #1: numbers 10-16 in cells")?;
    Ok(())
}

/// The texts around the grid of `titled-notes-9x9.xlsx`: zero-based row and column, text.
pub const TITLED_NOTES: [(u32, u16, &str); 5] = [
    (0, 1, "Top 1465, puzzle 36"),
    (2, 11, "Difficulty: hard"),
    (3, 11, "Solved by:"),
    (4, 0, "Try me"),
    (
        12,
        1,
        "Source: the top1465 collection of hard puzzles, number 36",
    ),
];

/// top1465 #36 (`fixtures/text/top1465-36.txt`: AICs and nice loops) at B3:J11, with a title
/// over it (16 points, bold), a difficulty and a name to fill in right of it, a word left of it
/// and a source line under it; at L1 the number 36, which is not text.
fn titled_notes_9x9(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet().set_name("Puzzle 36")?;
    let line = std::fs::read_to_string(super::fixture("text/top1465-36.txt")).unwrap();
    let style = Style {
        boxes: Some((3, 3)),
        ..Style::default()
    };
    write_grid(ws, 2, 1, &super::line_values(line.trim()), 9, style)?;
    let title = Format::new().set_bold().set_font_size(16);
    for (i, (row, col, text)) in TITLED_NOTES.into_iter().enumerate() {
        match i {
            0 => ws.write_string_with_format(row, col, text, &title)?,
            _ => ws.write_string(row, col, text)?,
        };
    }
    ws.write_number(0, 11, 36)?;
    ws.set_column_width(0, 10)?;
    ws.set_column_width(11, 18)?;
    Ok(())
}

fn region_fills(labels: &str) -> Vec<u32> {
    super::letter_regions(labels)
        .iter()
        .map(|&r| REGION_FILLS[r])
        .collect()
}

fn jigsaw_fills(book: &mut Workbook) -> Result<(), XlsxError> {
    let (givens, regions) = CHAOS_7X7;
    let ws = book.add_worksheet().set_name("Chaos 83")?;
    ws.write(0, 0, "Jigsaw 7x7: regions are the coloured patches")?;
    let fills = region_fills(regions);
    write_grid(
        ws,
        2,
        0,
        &super::line_values(givens),
        7,
        Style {
            fills: Some(&fills),
            ..Style::default()
        },
    )
}

fn jigsaw_regions_sheet(book: &mut Workbook) -> Result<(), XlsxError> {
    let (givens, regions) = CHAOS_5X5;
    let ws = book.add_worksheet().set_name("Puzzle")?;
    let outlined = Style {
        boxes: Some((1, 1)),
        ..Style::default()
    };
    write_grid(ws, 1, 1, &super::line_values(givens), 5, outlined)?;
    let labels = book.add_worksheet().set_name("Regions")?;
    for (index, label) in regions.chars().enumerate() {
        labels.write(
            (1 + index / 5) as u32,
            (1 + index % 5) as u16,
            label.to_string(),
        )?;
    }
    Ok(())
}

/// A Killer drawn as a person draws one: thin lines between cells, medium lines on box edges
/// (also where a cage crosses one), dotted lines between cages inside a box, and each cage's sum
/// small in its top-left cell; no givens.
fn killer_drawn(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet().set_name("Killer")?;
    ws.write_with_format(
        1,
        1,
        "Killer Sudoku — janko.at 805",
        &Format::new().set_bold(),
    )?;
    let cage: Vec<u32> = KILLER_805
        .0
        .split_whitespace()
        .map(|id| id.parse().unwrap())
        .collect();
    for index in 0..81 {
        let (r, c) = (index / 9, index % 9);
        let edge = |other: Option<usize>, box_edge: bool| match other {
            _ if box_edge => FormatBorder::Medium,
            Some(other) if cage[other] != cage[index] => FormatBorder::Dotted,
            _ => FormatBorder::Thin,
        };
        let mut format = Format::new()
            .set_border_top(edge(r.checked_sub(1).map(|r| r * 9 + c), r % 3 == 0))
            .set_border_bottom(edge((r < 8).then(|| index + 9), r % 3 == 2))
            .set_border_left(edge(c.checked_sub(1).map(|c| r * 9 + c), c % 3 == 0))
            .set_border_right(edge((c < 8).then(|| index + 1), c % 3 == 2));
        let first = (0..81).find(|&i| cage[i] == cage[index]) == Some(index);
        let (row, col) = (3 + r as u32, 1 + c as u16);
        if first {
            let sum = KILLER_805
                .1
                .iter()
                .find(|(id, _)| *id == cage[index])
                .unwrap()
                .1;
            format = format
                .set_font_size(8)
                .set_align(FormatAlign::Left)
                .set_align(FormatAlign::Top);
            ws.write_number_with_format(row, col, sum as f64, &format)?;
        } else {
            ws.write_blank(row, col, &format)?;
        }
    }
    for i in 0..9 {
        ws.set_column_width_pixels(1 + i, 36)?;
        ws.set_row_height_pixels(3 + u32::from(i), 36)?;
    }
    Ok(())
}

/// A Killer kept as two blocks on a sheet named `Cages` (the sum grid, and the cage map beside
/// it), with an empty bordered grid on the first sheet.
fn killer_cages_sheet(book: &mut Workbook) -> Result<(), XlsxError> {
    let ws = book.add_worksheet().set_name("Puzzle")?;
    let style = Style {
        boxes: Some((2, 3)),
        ..Style::default()
    };
    write_grid(ws, 1, 1, &[0; 36], 6, style)?;
    let ws = book.add_worksheet().set_name("Cages")?;
    ws.write(0, 0, "Sums")?;
    ws.write(0, 7, "Cages")?;
    let blocks = [KILLER_401.0, KILLER_401.1];
    for (block, left) in blocks.iter().zip([0u16, 7]) {
        for (r, row) in block.split('/').enumerate() {
            for (c, text) in row.split(' ').enumerate() {
                if let Ok(number) = text.parse::<f64>() {
                    ws.write(1 + r as u32, left + c as u16, number)?;
                }
            }
        }
    }
    Ok(())
}
