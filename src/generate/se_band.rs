//! Puzzles in a band of Sudoku Explainer ratings (`generate --se-rating 7.0..7.5`): a candidate
//! is rated by the exact Sudoku Explainer mode ([`crate::rating::se`]), which stops at the first
//! step rated above the band, and only when the engine's own solve leaves the band possible.

use crate::core::Level;
use crate::model::Puzzle;
use crate::rating::Rating;
use crate::rating::se::{self, SeRating};
use serde::Serialize;
use std::fmt;

/// The highest ER a puzzle the engine rates Medium or easier can get: such a puzzle is solved
/// by singles, intersections and subsets of two and three, which are all among Sudoku
/// Explainer's first twelve rules (hidden triples, its hardest, are rated 4.0), and from any
/// state on the way those rules keep applying until the grid is solved.
const MEDIUM_CEILING: f64 = 4.0;

/// A closed band of Sudoku Explainer ratings (ER, rounded to one decimal as `serate` prints it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeBand {
    /// The lowest ER accepted.
    pub low: f64,
    /// The highest ER accepted.
    pub high: f64,
}

impl SeBand {
    /// Reads `LOW..HIGH` (`7.0..7.5`) or one rating (`7.2`, the band of that rating alone); the
    /// error says what is wrong.
    pub fn parse(text: &str) -> Result<SeBand, String> {
        let number = |part: &str| -> Result<f64, String> {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|r| (0.0..=20.0).contains(r))
                .ok_or_else(|| {
                    format!(
                        "'{text}' is not a band of Sudoku Explainer ratings: give LOW..HIGH \
                         with ratings from 0.0 to 20.0, e.g. 7.0..7.5"
                    )
                })
        };
        let (low, high) = match text.split_once("..") {
            Some((low, high)) => (number(low)?, number(high)?),
            None => (number(text)?, number(text)?),
        };
        if low > high {
            return Err(format!(
                "'{text}': the band's low end {low:.1} is above its high end {high:.1}; \
                 write {high:.1}..{low:.1}"
            ));
        }
        Ok(SeBand { low, high })
    }

    /// Whether the ER `er` lies in the band.
    pub fn contains(&self, er: f64) -> bool {
        const EPSILON: f64 = 1e-9;
        self.low - EPSILON <= er && er <= self.high + EPSILON
    }

    /// Sudoku Explainer's rating of `puzzle` (9x9, 3x3 boxes, unique) when its ER lies in the
    /// band, `None` otherwise. `rating`, the engine's rating of the puzzle, spares the Sudoku
    /// Explainer solve when it rules the band out.
    pub fn rate(&self, puzzle: &Puzzle, rating: &Rating) -> Option<SeRating> {
        if rating.level <= Level::Medium && self.low > MEDIUM_CEILING {
            return None;
        }
        let solve = se::rate_within(puzzle, self.high).ok()??;
        solve.rating.filter(|r| self.contains(r.er))
    }
}

impl fmt::Display for SeBand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}..{:.1}", self.low, self.high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_parse_and_bad_ones_say_why() {
        assert_eq!(
            SeBand::parse("7.0..7.5"),
            Ok(SeBand {
                low: 7.0,
                high: 7.5
            })
        );
        assert_eq!(
            SeBand::parse("8.3"),
            Ok(SeBand {
                low: 8.3,
                high: 8.3
            })
        );
        let reversed = SeBand::parse("7.5..7.0").unwrap_err();
        assert!(
            reversed.contains("low end 7.5 is above its high end 7.0"),
            "{reversed}"
        );
        for bad in ["abc", "7..x", "..", "-1..2", "7.0..25"] {
            let message = SeBand::parse(bad).unwrap_err();
            assert!(message.contains("e.g. 7.0..7.5"), "{bad}: {message}");
        }
        let band = SeBand::parse("7.0..7.5").unwrap();
        assert!(band.contains(7.0) && band.contains(7.5) && band.contains(7.2));
        assert!(!band.contains(6.9) && !band.contains(7.6));
    }
}
