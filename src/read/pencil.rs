//! Pencil-mark grids: the common text form of a candidate state, one token per cell listing its
//! candidates (a single digit is a placed cell), with optional box-drawing borders, e.g.
//!
//! ```text
//! .----------------.----------------.---------------.
//! | 4   2569  1256 | 126  7    8    | 1256  25  3   |
//! ```
//!
//! Candidates are written as digits, so the form covers grids up to 9x9. A single digit is a
//! placed cell; a last candidate not placed yet is written in brackets, `(7)`, as gridlogic
//! writes it ([`crate::render::candidates_text`]).

use crate::error::Error;
use crate::model::{Cell, Digit, DigitSet, Grid, Layout, Marks, Regions};
use std::sync::Arc;

/// Reads a pencil-mark grid, if `text` is one: N² tokens of digits 1..N, at least one of them
/// listing several candidates.
pub fn parse(text: &str, regions: Option<Regions>) -> Option<Result<Marks, Error>> {
    let tokens: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || "|.-+:'*=".contains(c)))
        .filter(|t| !t.is_empty())
        .collect();
    let size = (2..=9).find(|n| n * n == tokens.len())?;
    let digits_only = tokens.iter().all(|t| {
        last_candidate(t)
            .bytes()
            .all(|b| (b'1'..=b'0' + size as u8).contains(&b))
    });
    if !digits_only || tokens.iter().all(|t| t.len() == 1) {
        return None;
    }
    Some(build(&tokens, size, regions))
}

/// A token's digits without the brackets of a last candidate not yet placed (`(7)`).
fn last_candidate(token: &str) -> &str {
    token
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(token)
}

fn build(tokens: &[&str], size: usize, regions: Option<Regions>) -> Result<Marks, Error> {
    let regions = match regions {
        Some(regions) => regions,
        None => Regions::default_boxes(size).ok_or(Error::NoBoxShape { size })?,
    };
    let layout = Arc::new(Layout::new(size, regions)?);
    let mut values = Grid::empty(size);
    let mut candidates = Vec::with_capacity(tokens.len());
    for (index, token) in tokens.iter().enumerate() {
        let set: DigitSet = last_candidate(token)
            .bytes()
            .map(|b| Digit::new((b - b'0') as usize))
            .collect();
        if token.len() == 1 {
            values.set(Cell::from_index(index), set.as_single());
        }
        candidates.push(set);
    }
    // A pencil-mark grid does not tell givens from digits placed later: each placed digit counts
    // as a given, so that no avoidable rectangle is built on what may be a given.
    Ok(Marks::new(layout, values.clone(), values, candidates))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bordered_4x4_pencil_grid_reads_values_and_candidates() {
        let text = ".-----.-----.\n| 1 23 | 4 23 |\n| 4 23 | 1 23 |\n:-----+-----:\n| 23 1 | 23 4 |\n| 23 4 | 23 1 |\n'-----'-----'\n";
        let marks = parse(text, None).unwrap().unwrap();
        assert_eq!(marks.values.get(Cell::from_index(0)), Some(Digit::new(1)));
        let two_three: DigitSet = [2, 3].into_iter().map(Digit::new).collect();
        assert_eq!(marks.candidates[1], two_three);
    }

    #[test]
    fn plain_puzzles_are_not_pencil_grids() {
        assert!(parse("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", None).is_none());
    }
}
