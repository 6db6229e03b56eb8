//! Difficulty: one table of per-technique scores, levels and Sudoku Explainer–style ratings, and the
//! rating of a whole solve from its steps.

use crate::engine::step::{
    ChainKind, ColouringRule, FishKind, Forcing, Level, SingleDigitPattern, SingleHouse, Step,
    Technique,
};
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
        Technique::Fish(kind, n) | Technique::SiameseFish(kind, n) => fish_rating(kind, n),
        Technique::NakedSubset(n) | Technique::HiddenSubset(n) | Technique::BasicFish(n) => {
            let beyond = f32::from(n) - 4.0;
            (
                160 + 40 * u32::from(n - 4),
                Level::Unfair,
                5.4 + 0.2 * beyond,
            )
        }
        // Wings and uniqueness. HoDoKu has no WXYZ-Wing and Sudoku Explainer no W-Wing, WXYZ-Wing,
        // hidden or avoidable rectangle: those sit beside their nearest relatives.
        Technique::XyWing => (160, Level::Hard, 4.2),
        Technique::XyzWing => (180, Level::Hard, 4.4),
        Technique::WWing => (150, Level::Hard, 4.4),
        Technique::WxyzWing => (200, Level::Hard, 4.6),
        Technique::UniqueRectangle(1 | 4) | Technique::AvoidableRectangle(1) => {
            (100, Level::Hard, 4.5)
        }
        Technique::UniqueRectangle(_)
        | Technique::HiddenRectangle
        | Technique::AvoidableRectangle(_) => (100, Level::Hard, 4.6),
        Technique::BugPlusOne => (100, Level::Hard, 5.6),
        Technique::SingleDigit(pattern) => match pattern {
            SingleDigitPattern::Skyscraper => (130, Level::Hard, 4.0),
            SingleDigitPattern::TwoStringKite | SingleDigitPattern::DualTwoStringKite => {
                (150, Level::Hard, 4.1)
            }
            SingleDigitPattern::TurbotFish => (120, Level::Hard, 4.2),
            SingleDigitPattern::EmptyRectangle | SingleDigitPattern::DualEmptyRectangle => {
                (120, Level::Hard, 4.5)
            }
        },
        Technique::Colouring(ColouringRule::Trap | ColouringRule::Wrap) => (150, Level::Hard, 4.5),
        Technique::Colouring(_) => (200, Level::Hard, 4.6),
        // HoDoKu's scores; on the Explainer scale, 7.0 plus 0.5 per ALS beyond the stem or first
        // ALS (ALS-XZ 7.5, ALS-XY-Wing 8.0, a 2-petal blossom 8.0), Sue de Coq as a quad (5.0).
        Technique::AlsChain(n) => {
            let score = match n {
                2 => 300,
                3 => 320,
                _ => 340,
            };
            (score, Level::Unfair, 7.0 + 0.5 * (f32::from(n) - 1.0))
        }
        Technique::DeathBlossom(n) => (360, Level::Unfair, 7.0 + 0.5 * f32::from(n)),
        Technique::SueDeCoq => (250, Level::Unfair, 5.0),
        Technique::Nishio => (500, Level::Extreme, 7.6),
        Technique::ForcingChain(Forcing::Contradiction) => (500, Level::Extreme, 8.0),
        Technique::ForcingChain(Forcing::Cell) => (500, Level::Extreme, 8.2),
        Technique::ForcingChain(Forcing::Region) => (500, Level::Extreme, 8.3),
        Technique::ForcingNet(Forcing::Contradiction) => (700, Level::Extreme, 9.0),
        Technique::ForcingNet(Forcing::Cell) => (700, Level::Extreme, 9.2),
        Technique::ForcingNet(Forcing::Region) => (700, Level::Extreme, 9.3),
        Technique::TemplateSet | Technique::TemplateDelete => (10_000, Level::Extreme, 9.5),
        Technique::Chain { kind, grouped } => chain_rating(kind, grouped),
        Technique::Backtracking => (10_000, Level::Extreme, 11.0),
    };
    TechniqueRating {
        score,
        level,
        explainer,
    }
}

/// Fish beyond basic: HoDoKu's scores and levels for sizes 2 to 4 (470 beyond, at `beyond`'s
/// level). Sudoku Explainer rates finned (and sashimi) fish 0.2 above the basic fish of their
/// size; it has no Franken or mutant fish, so we continue: Franken 1.2 above basic, mutant 1.8,
/// and their finned forms 0.2 more.
fn fish_rating(kind: FishKind, n: u8) -> (u32, Level, f32) {
    use Level::{Extreme, Hard, Unfair};
    let (scores, levels, beyond, above_basic) = match kind {
        FishKind::Finned => ([130, 200, 250], [Hard, Unfair, Unfair], Unfair, 0.2),
        FishKind::Sashimi => ([150, 240, 260], [Hard, Unfair, Unfair], Unfair, 0.2),
        FishKind::Franken => ([300, 350, 370], [Unfair; 3], Extreme, 1.2),
        FishKind::FinnedFranken => ([390, 410, 430], [Unfair; 3], Extreme, 1.4),
        FishKind::Mutant => ([450; 3], [Extreme; 3], Extreme, 1.8),
        FishKind::FinnedMutant => ([470; 3], [Extreme; 3], Extreme, 2.0),
    };
    let basic = technique_rating(Technique::BasicFish(n)).explainer;
    let (score, level) = match n {
        2..=4 => (scores[n as usize - 2], levels[n as usize - 2]),
        _ => (470, beyond),
    };
    (score, level, basic + above_basic)
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

/// The most a 9x9 puzzle of each level may score before it counts as the next level (HoDoKu's
/// thresholds). Other sizes scale them by their number of cells, so that the long but easy solve
/// of a big grid stays easy.
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

/// Rates the steps of a solve of a grid of `cells` cells.
pub fn rate(steps: &[Step], cells: usize) -> Rating {
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
        .find(|(_, limit)| score as usize * 81 <= *limit as usize * cells)
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
        let easy = rate(&steps(&[Technique::NakedSingle; 50]), 81);
        assert_eq!((easy.level, easy.score), (Level::Easy, 200));
        let medium = rate(&steps(&[Technique::NakedSingle, Technique::Pointing]), 81);
        assert_eq!(medium.level, Level::Medium);
        assert_eq!(medium.hardest, Some((Technique::Pointing, 2.6)));
        // Many easy steps can still add up to a harder grade.
        let long = rate(&steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]), 81);
        assert_eq!((long.score, long.level), (840, Level::Medium));
        let guessed = rate(
            &steps(&[Technique::NakedSingle, Technique::Backtracking]),
            81,
        );
        assert_eq!(guessed.level, Level::Extreme);
        // The same 840 points on a 16x16 (256 cells, limit 800 * 256 / 81 = 2528) stay easy.
        let big = rate(
            &steps(&[Technique::HiddenSingle(SingleHouse::Row); 60]),
            256,
        );
        assert_eq!(big.level, Level::Easy);
    }
}
