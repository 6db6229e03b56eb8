//! Even/odd and consecutive Sudoku written as text.
//!
//! Two forms are read:
//! - the form of `../shared/datasets/variants` (janko.at's puzzles): a header line `N N`, then N
//!   rows of N cells separated by spaces (a digit, `-` for an empty cell, `E` or `O` for an empty
//!   cell marked even or odd), and for a consecutive Sudoku N more rows of N numbers, one per
//!   cell: a mask of the borders that carry a bar (1 right, 2 below, 4 left, 8 above; each bar
//!   is claimed by both of its cells). A puzzle with bar masks has every bar drawn (two touching
//!   cells without one do not differ by 1) and, as on janko.at, no regions: a Latin square
//!   (`--box` gives it boxes);
//! - a plain grid, with or without the header, one row per line, cells separated by spaces,
//!   commas, semicolons or tabs, or written one character each (`..E.O3...`): `E`/`e` (or the
//!   word `even`) marks an empty cell even and `O`/`o` (or `odd`) odd, wherever those letters
//!   are not digits of the grid; German `G`/`g` (gerade) and `U`/`u` (ungerade), and the words
//!   of [`EVEN_WORDS`] and [`ODD_WORDS`], mark them too.
//!
//! Several puzzles may follow one another, each starting with its header.

use crate::model::Symbols;
use crate::read::cells::{CellClass, classify_text};

/// An even/odd or consecutive Sudoku read from text: its cells as written, with the line of
/// each row, and its bar masks.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkedText {
    /// N.
    pub size: usize,
    /// One text per cell, row-major, trimmed.
    pub cells: Vec<String>,
    /// The 1-based line of each row.
    pub lines: Vec<usize>,
    /// The bar masks, one text per cell, and the line of each of their rows.
    pub masks: Option<(Vec<String>, Vec<usize>)>,
}

/// The parity mark `text` (a cell as written) makes on a grid of `size` written with `symbols`:
/// `E` or `O` (or German `G` or `U`), in either case, where that letter is not one of its
/// digits, or a word of [`EVEN_WORDS`] or [`ODD_WORDS`] in any case.
pub fn parity_letter(text: &str, size: usize, symbols: &Symbols) -> Option<crate::model::Parity> {
    let parity = parity_mark(text)?;
    match letter(text).and_then(|c| symbols.value_of(c)) {
        Some(value) if value <= size => None,
        _ => Some(parity),
    }
}

/// The parity `text` would mark on a grid of which its letter is no digit: the letter `E`, `O`,
/// `G` or `U` alone (either case), or a parity word (any case).
pub fn parity_mark(text: &str) -> Option<crate::model::Parity> {
    parity_word(text).or_else(|| letter(text).and_then(letter_parity))
}

/// The words that name the even digits (English, German, French), lower case.
pub const EVEN_WORDS: [&str; 4] = ["even", "gerade", "pair", "pairs"];

/// The words that name the odd digits (English, German, French), lower case.
pub const ODD_WORDS: [&str; 4] = ["odd", "ungerade", "impair", "impairs"];

/// The parity the word `text` names (one of [`EVEN_WORDS`] or [`ODD_WORDS`]), in any case.
pub fn parity_word(text: &str) -> Option<crate::model::Parity> {
    let text = text.trim();
    let named = |words: &[&str]| words.iter().any(|w| text.eq_ignore_ascii_case(w));
    if named(&EVEN_WORDS) {
        Some(crate::model::Parity::Even)
    } else if named(&ODD_WORDS) {
        Some(crate::model::Parity::Odd)
    } else {
        None
    }
}

/// The parity of a letter `E` or `O` typed beside a digit of a grid of `size` in one cell
/// (`4E`, `E 4`, `4 (o)`), which is no way to mark a cell: a given needs no mark.
pub fn digit_with_letter(
    text: &str,
    size: usize,
    symbols: &Symbols,
) -> Option<crate::model::Parity> {
    let compact: String = (text.chars())
        .filter(|c| !c.is_whitespace() && !matches!(c, '(' | ')'))
        .collect();
    let mark = |c: char| parity_letter(c.encode_utf8(&mut [0; 4]), size, symbols);
    let first = compact.chars().next()?;
    let last = compact.chars().next_back()?;
    let (parity, digit) = match (mark(first), mark(last)) {
        (Some(parity), _) => (parity, &compact[first.len_utf8()..]),
        (None, Some(parity)) => (parity, &compact[..compact.len() - last.len_utf8()]),
        (None, None) => return None,
    };
    match classify_text(digit, symbols) {
        CellClass::Value(value) if value <= size => Some(parity),
        _ => None,
    }
}

/// The parity a letter names, in either case: `E` (even) or German `G` (gerade) even, `O`
/// (odd) or German `U` (ungerade) odd.
fn letter_parity(c: char) -> Option<crate::model::Parity> {
    match c.to_ascii_uppercase() {
        'E' | 'G' => Some(crate::model::Parity::Even),
        'O' | 'U' => Some(crate::model::Parity::Odd),
        _ => None,
    }
}

/// The one character of `text` (trimmed), if it is one character.
fn letter(text: &str) -> Option<char> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Reads `text` as even/odd or consecutive Sudokus, or `None` when it is not written as one:
/// square blocks of rows, the grid holding a parity letter or followed by a block of bar masks
/// (numbers, after a header line `N N`).
pub fn parse(text: &str, symbols: &Symbols) -> Option<Vec<MarkedText>> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let mut puzzles = Vec::new();
    let mut rest = &rows[..];
    while !rest.is_empty() {
        let size = header(rest[0].1);
        let body = &rest[usize::from(size.is_some())..];
        let end = match size {
            Some(_) => (body.iter())
                .position(|(_, row)| header(row).is_some())
                .unwrap_or(body.len()),
            None => body.len(),
        };
        puzzles.push(puzzle(&body[..end], size, symbols)?);
        rest = &body[end..];
    }
    (!puzzles.is_empty()).then_some(puzzles)
}

/// The size a header row `N N` gives.
fn header(row: &str) -> Option<usize> {
    let numbers: Vec<usize> = row
        .split_whitespace()
        .map(|word| word.parse().ok())
        .collect::<Option<_>>()?;
    match numbers[..] {
        [rows, cols] if rows == cols && rows > 0 => Some(rows),
        _ => None,
    }
}

/// One puzzle from its rows (after its header, which gives its size).
fn puzzle(body: &[(usize, &str)], header: Option<usize>, symbols: &Symbols) -> Option<MarkedText> {
    let split: Vec<(usize, Vec<String>)> =
        body.iter().map(|&(line, row)| (line, split(row))).collect();
    let size = header.unwrap_or(split.first()?.1.len());
    if size == 0
        || !split.iter().all(|(_, row)| row.len() == size)
        || !(body.len() == size || header.is_some() && body.len() == 2 * size)
    {
        return None;
    }
    let block = |rows: &[(usize, Vec<String>)]| -> (Vec<String>, Vec<usize>) {
        let cells = rows
            .iter()
            .flat_map(|(_, row)| row.iter().cloned())
            .collect();
        (cells, rows.iter().map(|(line, _)| *line).collect())
    };
    let (cells, lines) = block(&split[..size]);
    let masks = (body.len() == 2 * size).then(|| block(&split[size..]));
    let numbers = |cells: &[String]| cells.iter().all(|c| c.parse::<u32>().is_ok());
    if masks.as_ref().is_some_and(|(m, _)| !numbers(m)) {
        return None;
    }
    let lettered = cells
        .iter()
        .any(|c| parity_letter(c, size, symbols).is_some());
    (lettered || masks.is_some()).then_some(MarkedText {
        size,
        cells,
        lines,
        masks,
    })
}

/// The cells of a row: split at `,` `;` or tabs when the line has them, else at spaces, else
/// one character each.
fn split(line: &str) -> Vec<String> {
    if line.contains([',', ';', '\t']) {
        line.split([',', ';', '\t'])
            .map(|cell| cell.trim().to_string())
            .collect()
    } else if line.contains(' ') {
        line.split_whitespace().map(str::to_string).collect()
    } else {
        line.chars().map(String::from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_datasets_forms_read_as_grids_and_masks() {
        let consecutive = "2 2\n1 -\n- -\n3 6\n9 12";
        let found = parse(consecutive, &Symbols::default()).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].cells, ["1", "-", "-", "-"]);
        assert_eq!(found[0].lines, [2, 3]);
        let (masks, lines) = found[0].masks.clone().unwrap();
        assert_eq!(masks, ["3", "6", "9", "12"]);
        assert_eq!(lines, [4, 5]);
        let even_odd = "3 3\nE O 1\n- - -\nO E 2\n3 3\n1 2 3\nE - -\n- - O";
        let found = parse(even_odd, &Symbols::default()).unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(found[1].lines, [6, 7, 8]);
        assert!(found.iter().all(|p| p.masks.is_none()));
    }

    #[test]
    fn a_plain_grid_with_parity_letters_reads_without_a_header() {
        let found = parse("E.1\n.o.\n2..\n", &Symbols::default()).unwrap();
        assert_eq!(found[0].size, 3);
        assert_eq!(found[0].cells[4], "o");
    }

    #[test]
    fn grids_without_marks_are_left_to_other_readers() {
        assert_eq!(parse("1 2\n2 1\n", &Symbols::default()), None);
        assert_eq!(parse("12\n21\n", &Symbols::default()), None);
        // Letters that are digits of the grid (a 16x16's E is 14) are not marks.
        let sixteen = ["E"; 16].join(" ");
        let grid = vec![sixteen.as_str(); 16].join("\n");
        assert_eq!(parse(&grid, &Symbols::default()), None);
    }
}
