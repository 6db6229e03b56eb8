//! HoDoKu's regression library format: one case a line,
//! `:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`.
//!
//! The technique code may carry a variant (`0110-1`); the variant `x` marks a fail case, where no
//! instance may be found. Givens are 81 characters, `.` for empty and `+` before a digit placed
//! since; candidates are written `<digit><row><col>`, separated by spaces. A case reads into the
//! pencil marks the technique is searched in and the eliminations and placements it must find.

use crate::model::{Candidate, Cell, Digit, DigitSet, Grid, Layout, Marks};
use std::sync::Arc;

/// One case of the library.
#[derive(Debug, Clone)]
pub struct Case {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The technique code without its variant: `0100`.
    pub code: String,
    /// The variant after the dash (`1`, `x`), if any.
    pub variant: Option<String>,
    /// The pencil marks the technique is searched in (HoDoKu's cases come from puzzles with one
    /// solution).
    pub marks: Marks,
    /// The candidates the technique must eliminate.
    pub eliminations: Vec<Candidate>,
    /// The digits the technique must place.
    pub placements: Vec<Candidate>,
}

impl Case {
    /// Parses the library line `text` found at line `line`.
    pub fn parse(text: &str, line: usize) -> Result<Case, String> {
        let fields: Vec<&str> = text.trim().split(':').collect();
        if fields.len() < 7 || !fields[0].is_empty() {
            return Err("expected :code:candidates:givens:deleted:eliminations:placements:".into());
        }
        let (code, variant) = split_code(fields[1]);
        let layout = Arc::new(Layout::with_default_boxes(9).map_err(|e| e.to_string())?);
        let (givens, values) = parse_givens(fields[3])?;
        let deleted = parse_candidates(fields[4])?;
        let mut candidates: Vec<DigitSet> = layout
            .cells()
            .map(|cell| {
                let used: DigitSet = layout
                    .peers(cell)
                    .iter()
                    .filter_map(|&p| values.get(p))
                    .collect();
                DigitSet::full(9).without(used)
            })
            .collect();
        for c in deleted {
            candidates[c.cell.index()].remove(c.digit);
        }
        Ok(Case {
            line,
            code: code.to_string(),
            variant: variant.map(str::to_string),
            marks: Marks::new(layout, givens, values, candidates),
            eliminations: parse_candidates(fields[5])?,
            placements: parse_candidates(fields[6])?,
        })
    }

    /// Whether this is a fail case (variant `x`): no instance may be found.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

/// The technique code of a library line, without its variant: `0110` for `:0110-1:…`.
pub fn code_of(line: &str) -> &str {
    split_code(line.trim().split(':').nth(1).unwrap_or_default()).0
}

/// `0110-1` → (`0110`, `Some("1")`).
fn split_code(code: &str) -> (&str, Option<&str>) {
    match code.split_once('-') {
        Some((code, variant)) => (code, Some(variant)),
        None => (code, None),
    }
}

/// The givens and all placed values from 81 characters, `+` marking digits placed since.
fn parse_givens(text: &str) -> Result<(Grid, Grid), String> {
    let mut cells = Vec::with_capacity(81);
    let mut placed = false;
    for ch in text.chars() {
        match (ch, ch.to_digit(10)) {
            ('+', _) => placed = true,
            ('.', _) | (_, Some(0)) => cells.push(None),
            (_, Some(d)) => cells.push(Some((Digit::new(d as usize), placed))),
            _ => return Err(format!("unexpected '{ch}' in the givens")),
        }
        placed &= ch == '+';
    }
    if cells.len() != 81 {
        return Err(format!("the givens hold {} cells, not 81", cells.len()));
    }
    let (mut givens, mut values) = (Grid::empty(9), Grid::empty(9));
    for (index, entry) in cells.into_iter().enumerate() {
        if let Some((digit, placed)) = entry {
            values.set(Cell::from_index(index), Some(digit));
            if !placed {
                givens.set(Cell::from_index(index), Some(digit));
            }
        }
    }
    Ok((givens, values))
}

/// Candidates written `<digit><row><col>`, separated by spaces.
fn parse_candidates(text: &str) -> Result<Vec<Candidate>, String> {
    text.split_whitespace()
        .map(|item| match item.as_bytes() {
            &[d, r, c] if [d, r, c].iter().all(|b| (b'1'..=b'9').contains(b)) => {
                Ok(Candidate::new(
                    Cell::at((r - b'1') as usize, (c - b'1') as usize, 9),
                    Digit::new((d - b'0') as usize),
                ))
            }
            _ => Err(format!("'{item}' is not <digit><row><col>")),
        })
        .collect()
}

/// A pointing case of the library, for tests.
#[cfg(test)]
pub(crate) const POINTING: &str = ":0100:5:+43.2..79.5...3.+28.7.....36......9+6...49.7.13....8..+9...14....+29.7..4..+16.85..1+47+3:143 843 449 163 469:549 559 569::";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_reads_into_givens_placements_and_candidates() {
        let case = Case::parse(POINTING, 7).unwrap();
        assert_eq!(
            (case.code.as_str(), case.variant.as_deref()),
            ("0100", None)
        );
        let r1c1 = Cell::at(0, 0, 9);
        assert_eq!(case.marks.values.get(r1c1), Some(Digit::new(4)));
        assert_eq!(case.marks.givens.get(r1c1), None, "+4 is placed, not given");
        // 1 was deleted from r4c3 on top of what the placed digits rule out.
        let r4c3 = Cell::at(3, 2, 9);
        assert!(!case.marks.candidates[r4c3.index()].contains(Digit::new(1)));
        assert_eq!(case.eliminations.len(), 3);
        assert_eq!(code_of(POINTING), "0100");
        assert!(Case::parse(":0100:5:123:", 1).is_err());
    }
}
