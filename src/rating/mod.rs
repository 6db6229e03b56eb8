//! The difficulty of a whole solve, from its steps and the technique table's scores, levels and
//! Sudoku Explainer ratings ([`Technique::row`]).

pub mod hodoku;
pub mod se;

use crate::core::technique::Row;
use crate::core::{Level, Step, Technique};
use crate::error::Error;
use crate::model::{Layout, Puzzle, Regions};
use serde::Serialize;

/// The most a 9x9 puzzle of each level may score before it counts as the next level (HoDoKu's
/// thresholds). Other sizes scale them by their number of cells, so that the long but easy solve
/// of a big grid stays easy.
const LEVEL_LIMITS: [(Level, u32); 4] = [
    (Level::Easy, 800),
    (Level::Medium, 1000),
    (Level::Hard, 1600),
    (Level::Unfair, 1800),
];

/// Whether `puzzle` is a classic 9x9 Sudoku (3x3 boxes, no extra houses or cages), the only
/// puzzles Sudoku Explainer and HoDoKu rate; the error names the `rating` (`HoDoKu`), its
/// `--rating` value (`hodoku`) and what the puzzle is otherwise.
pub fn check_classic(
    puzzle: &Puzzle,
    rating: &'static str,
    key: &'static str,
) -> Result<(), Error> {
    let layout = puzzle.layout();
    let boxes = matches!(layout.regions(), Regions::Boxes { rows: 3, cols: 3 });
    if puzzle.size() == 9 && boxes && !layout.is_variant() {
        return Ok(());
    }
    Err(Error::RatingLayout {
        rating,
        key,
        layout: format!("{0}x{0} with {1}", puzzle.size(), layout.describe()),
    })
}

/// The level HoDoKu gives a solve whose hardest technique has level `hardest` and whose steps
/// score `score` in all, on a grid of `cells` cells: the hardest technique's, raised while the
/// score passes the level's limit (scaled by the number of cells).
pub fn level_with_score(hardest: Level, score: u32, cells: usize) -> Level {
    let by_score = LEVEL_LIMITS
        .iter()
        .find(|(_, limit)| score as usize * 81 <= *limit as usize * cells)
        .map_or(Level::Extreme, |(level, _)| *level);
    hardest.max(by_score)
}

/// The difficulty of a solve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    /// The hardest technique's level, raised by the score thresholds.
    pub level: Level,
    /// The sum of the steps' scores.
    pub score: u32,
    /// The hardest step's technique and its rating on Sudoku Explainer's scale.
    pub hardest: Option<(Technique, f32)>,
}

/// The number of cells the score thresholds scale with on a puzzle of `layout`; `None` for a
/// Killer, whose grid starts empty (or nearly), and for an even/odd or consecutive Sudoku, whose
/// marks and bars each take a step: their solves take far more steps than the classic puzzles
/// the thresholds were set on, so their level is that of their hardest step.
pub fn threshold_cells(layout: &Layout) -> Option<usize> {
    (layout.cages().is_empty() && layout.markings().is_empty()).then(|| layout.cell_count())
}

/// Rates the steps of a solve; `cells` scales the score thresholds (see [`threshold_cells`]),
/// and without it only the hardest step sets the level.
pub fn rate(steps: &[Step], cells: Option<usize>) -> Rating {
    let ratings: Vec<(Technique, Row)> = steps
        .iter()
        .map(|s| (s.technique, s.technique.row()))
        .collect();
    let score = ratings.iter().map(|(_, r)| r.score).sum();
    let hardest = hardest(steps);
    let hardest_level = ratings
        .iter()
        .map(|(_, r)| r.level)
        .max()
        .unwrap_or(Level::Easy);
    let level = cells.map_or(hardest_level, |cells| {
        level_with_score(hardest_level, score, cells)
    });
    Rating {
        level,
        score,
        hardest,
    }
}

/// The hardest of `steps` on Sudoku Explainer's scale (the technique table's `explainer`), the
/// first of the hardest when several are as hard, with its rating.
pub fn hardest<'a>(steps: impl IntoIterator<Item = &'a Step>) -> Option<(Technique, f32)> {
    steps
        .into_iter()
        .map(|step| (step.technique, step.technique.row().explainer))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SingleHouse;

    fn steps(techniques: &[Technique]) -> Vec<Step> {
        techniques.iter().map(|&t| Step::new(t)).collect()
    }

    #[test]
    fn the_level_is_the_hardest_techniques_raised_by_the_score() {
        let easy = rate(&steps(&[Technique::NakedSingle; 50]), Some(81));
        assert_eq!((easy.level, easy.score), (Level::Easy, 200));
        let medium = rate(
            &steps(&[Technique::NakedSingle, Technique::Pointing]),
            Some(81),
        );
        assert_eq!(medium.level, Level::Medium);
        assert_eq!(medium.hardest, Some((Technique::Pointing, 2.6)));
        // Many easy steps can still add up to a harder grade.
        let long = rate(
            &steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]),
            Some(81),
        );
        assert_eq!((long.score, long.level), (840, Level::Medium));
        let guessed = rate(
            &steps(&[Technique::NakedSingle, Technique::Backtracking]),
            Some(81),
        );
        assert_eq!(guessed.level, Level::Extreme);
        // The same 840 points on a 16x16 (256 cells, limit 800 * 256 / 81 = 2528) stay easy.
        let big = rate(
            &steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]),
            Some(256),
        );
        assert_eq!(big.level, Level::Easy);
        // Without thresholds (a Killer), the hardest step alone.
        let killer = rate(
            &steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]),
            None,
        );
        assert_eq!((killer.score, killer.level), (840, Level::Easy));
    }
}
