//! A step of a solution as data: the technique, what it places and eliminates, what justifies it,
//! and its explanation (as data too, see [`Explanation`]). Steps are what the engine records, what the CLI prints and what the
//! workbook highlights.

use crate::core::technique::Technique;
use crate::model::{Candidate, Explanation, Grid};
use serde::Serialize;

/// One deduction: what it concludes and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The candidates that form the pattern (what a viewer highlights).
    pub pattern: Vec<Candidate>,
    /// Base houses (indices into `Layout::houses`): where the digits are confined.
    pub base: Vec<usize>,
    /// Cover houses: where eliminations happen.
    pub cover: Vec<usize>,
    /// Fin candidates of finned patterns.
    pub fins: Vec<Candidate>,
    /// One line a person can check: `Hidden single in row 3: 7 fits only r3c5 (E3)`.
    pub explanation: Explanation,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            base: Vec::new(),
            cover: Vec::new(),
            fins: Vec::new(),
            explanation: Explanation::new(),
        }
    }

    /// A step that places `digit` in `cell`, justified by `base` houses and explained by
    /// `explanation`; the placed candidate is its pattern.
    pub fn placing(
        technique: Technique,
        placed: Candidate,
        base: Option<usize>,
        explanation: Explanation,
    ) -> Step {
        let mut step = Step::new(technique);
        step.placements.push(placed);
        step.pattern.push(placed);
        step.base.extend(base);
        step.explanation = explanation;
        step
    }

    /// Whether the step agrees with `solution`: every placement is the solution's digit and no
    /// elimination removes it. The soundness checks (`solve --verify`, the test harness) ask this
    /// of every step.
    pub fn is_sound(&self, solution: &Grid) -> bool {
        self.placements
            .iter()
            .all(|p| solution.get(p.cell) == Some(p.digit))
            && self
                .eliminations
                .iter()
                .all(|e| solution.get(e.cell) != Some(e.digit))
    }

    /// Whether the step changes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}
