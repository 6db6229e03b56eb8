//! A person's state of any puzzle gridlogic reads, as `render::state_text` writes it (and the
//! step viewer's `gridlogic.state()`): the puzzle in one of the text forms gridlogic reads (a
//! line with its region letters and variants, a Killer's sum grid and cage map), then a line
//! `candidates:`, then a pencil-mark grid in the puzzle's symbols, region borders optional:
//!
//! ```text
//! # gridlogic state: the puzzle, then each cell's digit or candidates
//! 8.....1.........2...6.....5....89.4.3..7.2..6.4.16....7.....6...8.........1.....8 aaaaaabbbacdad…
//! candidates:
//! 8     2345   3459 | 3459  …
//! ```
//!
//! A token of one symbol is a placed digit, a longer one the cell's candidates, one in brackets
//! (`(7)`) a last candidate not placed yet, and `.` a cell without pencil marks: every digit its
//! peers leave. The givens are the puzzle's, so a state of
//! a jigsaw, a Killer or a 25x25 keeps its layout, and uniqueness techniques know which digits
//! were given.

use super::{ReadOptions, read_text};
use crate::error::Error;
use crate::model::{Cell, Digit, DigitSet, Grid, Layout, Marks, Puzzle, Symbols};

/// The line between the puzzle and its pencil marks.
pub const MARKER: &str = "candidates:";

/// The state in `text`, if it has a [`MARKER`] line; `place` names it in messages.
pub fn parse(text: &str, place: &str, options: &ReadOptions) -> Option<Result<Marks, Error>> {
    let (puzzle, grid) = split(text)?;
    Some(read(puzzle, grid, place, options))
}

/// The puzzle's text and the grid's, either side of the [`MARKER`] line.
fn split(text: &str) -> Option<(&str, &str)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == MARKER {
            return Some((&text[..offset], &text[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

fn read(puzzle: &str, grid: &str, place: &str, options: &ReadOptions) -> Result<Marks, Error> {
    let input = read_text(puzzle, place, options)?;
    let [puzzle] = input.puzzles.as_slice() else {
        return Err(Error::Usage(format!(
            "{place}: a state holds one puzzle before '{MARKER}', not {}",
            input.puzzles.len()
        )));
    };
    let tokens = tokens(grid);
    let layout = puzzle.layout();
    let cells = layout.cell_count();
    if tokens.len() != cells {
        return Err(Error::Usage(format!(
            "{place}: the grid after '{MARKER}' has {} entries, and a {n}x{n} has {cells}",
            tokens.len(),
            n = layout.size()
        )));
    }
    let entries = tokens
        .iter()
        .zip(layout.cells())
        .map(|(token, cell)| entry(token, cell, puzzle))
        .collect::<Result<Vec<_>, _>>()?;
    let mut values = Grid::for_layout(layout);
    for (cell, entry) in layout.cells().zip(&entries) {
        if let Entry::Placed(digit) = entry {
            values.set(cell, Some(*digit));
        }
    }
    let candidates = layout
        .cells()
        .zip(&entries)
        .map(|(cell, entry)| match entry {
            Entry::Placed(digit) => DigitSet::single(*digit),
            Entry::Candidates(set) => *set,
            Entry::Unmarked => open(layout, &values, cell),
        })
        .collect();
    let marks = Marks::new(
        puzzle.layout_arc().clone(),
        puzzle.givens().clone(),
        values,
        candidates,
    );
    Ok(Marks {
        symbols: puzzle.symbols().clone(),
        ..marks
    })
}

/// The grid's entries: words between blanks and `|`, rules (`---+---`) left out.
fn tokens(grid: &str) -> Vec<&str> {
    let rule = |line: &str| line.chars().all(|c| "-+| ".contains(c));
    grid.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#') && !rule(line))
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == '|'))
        .filter(|token| !token.is_empty())
        .collect()
}

/// What one cell of the grid holds.
enum Entry {
    Placed(Digit),
    Candidates(DigitSet),
    Unmarked,
}

/// Reads one token; a given must be written as itself.
fn entry(token: &str, cell: Cell, puzzle: &Puzzle) -> Result<Entry, Error> {
    let layout = puzzle.layout();
    let bad = |reason: String| Error::BadValue {
        cell: layout.cell_name(cell),
        value: token.to_string(),
        reason,
    };
    if token == "." {
        return match puzzle.givens().get(cell) {
            Some(_) => Err(bad("the cell is a given, so it holds its digit".into())),
            None => Ok(Entry::Unmarked),
        };
    }
    let last = token.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
    let set = digits(last.unwrap_or(token), puzzle.symbols(), layout.size()).map_err(bad)?;
    let entry = match set.as_single() {
        Some(digit) if last.is_none() && token.chars().count() == 1 => Entry::Placed(digit),
        _ => Entry::Candidates(set),
    };
    match (puzzle.givens().get(cell), &entry) {
        (Some(given), Entry::Placed(digit)) if given == *digit => Ok(entry),
        (Some(given), _) => Err(bad(format!(
            "the cell's given is {}",
            puzzle.symbols().write(given)
        ))),
        (None, _) => Ok(entry),
    }
}

/// The digits a token lists, one symbol each, or why it is not a list of digits.
fn digits(token: &str, symbols: &Symbols, size: usize) -> Result<DigitSet, String> {
    token
        .chars()
        .map(|c| match symbols.value_of(c) {
            Some(value) if (1..=size).contains(&value) => Ok(Digit::new(value)),
            _ => Err(format!(
                "'{c}' is not a digit of this {size}x{size} grid (a cell lists its candidates, \
                 one symbol each, or '.' for no pencil marks)"
            )),
        })
        .collect()
}

/// Every digit the placed digits of `cell`'s peers leave it.
fn open(layout: &Layout, values: &Grid, cell: Cell) -> DigitSet {
    let taken: DigitSet = layout
        .peers(cell)
        .iter()
        .filter_map(|&peer| values.get(peer))
        .collect();
    DigitSet::full(layout.size()).without(taken)
}
