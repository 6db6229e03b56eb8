//! Difficulty: one table of per-technique scores, levels and Sudoku Explainer–style ratings, and the
//! rating of a whole solve from its steps.

use crate::engine::step::{ChainKind, Level, SingleHouse, Step, Technique};
use serde::Serialize;

/// What the table says about one technique.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TechniqueRating {
    /// HoDoKu-style score added for each step.
    pub score: u32,
    /// HoDoKu-style level.
    pub level: Level,
    /// Rating on Sudoku Explainer's 1.0–11.0 scale.
    pub explainer: f32,
}

/// The table: HoDoKu's base scores and levels, Sudoku Explainer's ratings. Subsets and fish larger
/// than HoDoKu's quads and jellyfish continue the progression.
pub fn technique_rating(technique: Technique) -> TechniqueRating {
    let (score, level, explainer) = match technique {
        Technique::FullHouse => (4, Level::Easy, 1.0),
        Technique::HiddenSingle(SingleHouse::Region) => (14, Level::Easy, 1.2),
        Technique::HiddenSingle(_) => (14, Level::Easy, 1.5),
        Technique::NakedSingle => (4, Level::Easy, 2.3),
        Technique::Pointing => (50, Level::Medium, 2.6),
        Technique::Claiming => (50, Level::Medium, 2.8),
        Technique::LockedSubset(2) => (40, Level::Medium, 3.0),
        Technique::LockedSubset(_) => (60, Level::Medium, 3.6),
        Technique::NakedSubset(2) => (60, Level::Medium, 3.0),
        Technique::NakedSubset(3) => (80, Level::Medium, 3.6),
        Technique::NakedSubset(4) => (120, Level::Hard, 5.0),
        Technique::HiddenSubset(2) => (70, Level::Medium, 3.4),
        Technique::HiddenSubset(3) => (100, Level::Medium, 4.0),
        Technique::HiddenSubset(4) => (150, Level::Hard, 5.4),
        Technique::BasicFish(2) => (140, Level::Hard, 3.2),
        Technique::BasicFish(3) => (150, Level::Hard, 3.8),
        Technique::BasicFish(4) => (160, Level::Unfair, 5.2),
        Technique::NakedSubset(n) | Technique::HiddenSubset(n) | Technique::BasicFish(n) => {
            let beyond = f32::from(n) - 4.0;
            (
                160 + 40 * u32::from(n - 4),
                Level::Unfair,
                5.4 + 0.2 * beyond,
            )
        }
        Technique::Chain { kind, grouped } => chain_rating(kind, grouped),
        Technique::Backtracking => (10_000, Level::Extreme, 11.0),
    };
    TechniqueRating {
        score,
        level,
        explainer,
    }
}

/// Chains: HoDoKu's scores (remote pairs 110, X- and XY-chains 260, nice loops and AICs 280,
/// grouped 300). Sudoku Explainer rates a chain by its kind plus its length; the table holds the
/// rating of the shortest chain of each kind: X-chain 6.5 (an X-cycle), remote pair and XY-chain
/// 6.6 (a Y-cycle), nice loops and AICs 7.0 (SE's bidirectional cycles), grouped ones 7.2.
fn chain_rating(kind: ChainKind, grouped: bool) -> (u32, Level, f32) {
    match (kind, grouped) {
        (ChainKind::RemotePair, _) => (110, Level::Hard, 6.6),
        (ChainKind::XChain, _) => (260, Level::Unfair, 6.5),
        (ChainKind::XyChain, _) => (260, Level::Unfair, 6.6),
        (_, false) => (280, Level::Unfair, 7.0),
        (_, true) => (300, Level::Unfair, 7.2),
    }
}

/// The most a puzzle of each level may score before it counts as the next level (HoDoKu's
/// thresholds for 9x9).
const LEVEL_LIMITS: [(Level, u32); 4] = [
    (Level::Easy, 800),
    (Level::Medium, 1000),
    (Level::Hard, 1600),
    (Level::Unfair, 1800),
];

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

/// Rates a sequence of steps.
pub fn rate(steps: &[Step]) -> Rating {
    let ratings = steps
        .iter()
        .map(|s| (s.technique, technique_rating(s.technique)));
    let score = ratings.clone().map(|(_, r)| r.score).sum();
    let hardest = ratings
        .clone()
        .max_by(|a, b| a.1.explainer.total_cmp(&b.1.explainer))
        .map(|(t, r)| (t, r.explainer));
    let hardest_level = ratings.map(|(_, r)| r.level).max().unwrap_or(Level::Easy);
    let by_score = LEVEL_LIMITS
        .iter()
        .find(|(_, limit)| score <= *limit)
        .map_or(Level::Extreme, |(level, _)| *level);
    Rating {
        level: hardest_level.max(by_score),
        score,
        hardest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(techniques: &[Technique]) -> Vec<Step> {
        techniques.iter().map(|&t| Step::new(t)).collect()
    }

    #[test]
    fn the_level_is_the_hardest_techniques_raised_by_the_score() {
        let easy = rate(&steps(&[Technique::NakedSingle; 50]));
        assert_eq!((easy.level, easy.score), (Level::Easy, 200));
        let medium = rate(&steps(&[Technique::NakedSingle, Technique::Pointing]));
        assert_eq!(medium.level, Level::Medium);
        assert_eq!(medium.hardest, Some((Technique::Pointing, 2.6)));
        // Many easy steps can still add up to a harder grade.
        let long = rate(&steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]));
        assert_eq!((long.score, long.level), (840, Level::Medium));
        let guessed = rate(&steps(&[Technique::NakedSingle, Technique::Backtracking]));
        assert_eq!(guessed.level, Level::Extreme);
    }
}
