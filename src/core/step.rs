//! A step of a solution as data: the technique, what it places and eliminates, what justifies it,
//! and its explanation (as data too, see [`Explanation`]). Steps are what the engine records, what the CLI prints and what the
//! workbook highlights.

use crate::core::net::Net;
use crate::core::technique::Technique;
use crate::model::{Candidate, Explanation, Grid};
use serde::Serialize;

/// Candidates of a step: most steps name a few, kept without a heap allocation.
pub type Candidates = smallvec::SmallVec<[Candidate; 4]>;

/// Houses of a step (indices into `Layout::houses`): most steps name one or two.
pub type Houses = smallvec::SmallVec<[usize; 2]>;

/// One deduction: what it concludes and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed.
    pub placements: Candidates,
    /// Candidates removed.
    pub eliminations: Candidates,
    /// The candidates that form the pattern (what a viewer highlights).
    pub pattern: Candidates,
    /// Base houses (indices into `Layout::houses`): where the digits are confined.
    pub base: Houses,
    /// Cover houses: where eliminations happen.
    pub cover: Houses,
    /// Fin candidates of finned patterns.
    pub fins: Candidates,
    /// The Killer cages the step reads (indices into `Layout::cages`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<usize>,
    /// The parts of the pattern in their roles (almost locked sets, wing pivots and pincers,
    /// guardians, colours, …), each with every candidate it uses: what a viewer rings or
    /// colours as one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<Figure>,
    /// A chain's links, in order: what a viewer draws as arrows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// One line a person can check: `Hidden single in row 3: 7 fits only r3c5 (E3)`.
    pub explanation: Explanation,
    /// A forcing deduction's every implication, when the line can only sum it up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub net: Option<Net>,
}

/// A link of a chain, from one node to the next. A node is a claim about its candidates: one
/// candidate; a group (a digit's candidates in a region∩line: one of them is true); some digits
/// of one cell (the cell holds one of them); or digits of an almost locked set (its cells holding
/// those digits: every one of them is in the set).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    /// The node the link leaves.
    pub from: Vec<Candidate>,
    /// The node it reaches.
    pub to: Vec<Candidate>,
    /// What joins them.
    pub kind: LinkKind,
}

/// How two nodes of a chain are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// `=`: at least one node is true, because the two together hold every place of their
    /// digit in a house, or every candidate of a cell.
    Strong,
    /// `-`: at most one node is true: they share a cell, or each candidate of one sees the
    /// other's candidates of its digit.
    Weak,
    /// `=` inside an almost locked set (N cells, N+1 digits): if the set lacks the first node's
    /// digit, its other digits are all in it. Both nodes lie in one [`Role::Als`] figure.
    Als,
}

impl LinkKind {
    /// Whether the link is read as strong (`=`) in a chain: at least one of its nodes is true.
    pub fn is_strong(self) -> bool {
        self != LinkKind::Weak
    }
}

/// A part of a pattern in the role it plays, with every candidate it uses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// The role.
    pub role: Role,
    /// Its candidates, in order (an ALS: every candidate of its cells).
    pub candidates: Candidates,
}

impl Figure {
    /// A figure of `role` on `candidates`.
    pub fn new(role: Role, candidates: impl IntoIterator<Item = Candidate>) -> Figure {
        Figure {
            role,
            candidates: candidates.into_iter().collect(),
        }
    }
}

/// The role of a [`Figure`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// An almost locked set: N cells holding N+1 digits, all their candidates.
    Als,
    /// A group node of a chain: a digit's candidates in a region∩line, one of which is true.
    Group,
    /// A wing's pivot cell, or a death blossom's stem.
    Pivot,
    /// A wing's pincer (or wing) cell.
    Pincer,
    /// The candidates of the digit two almost locked sets share only where their cells see
    /// each other (a restricted common): it is in one set or the other, never both.
    RestrictedCommon,
    /// The candidates of a deadly pattern: a unique or avoidable rectangle, a BUG's pairs.
    Deadly,
    /// The candidates outside a deadly pattern that keep it from being deadly: one of them is
    /// true.
    Guardian,
    /// One colour of a colouring: all true or all false.
    ColourA,
    /// The other colour.
    ColourB,
    /// Sue de Coq: the candidates of the cells where the line and the box cross.
    Intersection,
    /// Sue de Coq: the set of cells in the line outside the box.
    LineSet,
    /// Sue de Coq: the set of cells in the box outside the line.
    BoxSet,
    /// A single-digit pattern's or a forcing net's assumed candidate.
    Assumption,
    /// The candidates or cells a forcing net's contradiction rests on.
    Contradiction,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Candidates::new(),
            eliminations: Candidates::new(),
            pattern: Candidates::new(),
            base: Houses::new(),
            cover: Houses::new(),
            fins: Candidates::new(),
            cages: Vec::new(),
            figures: Vec::new(),
            links: Vec::new(),
            explanation: Explanation::new(),
            net: None,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Technique;
    use crate::model::{Cell, Digit};

    /// A step of `technique` placing and eliminating `(row, col, digit)` triples (1-based).
    fn step(placements: &[(usize, usize, usize)], eliminations: &[(usize, usize, usize)]) -> Step {
        let candidate = |&(r, c, d): &(usize, usize, usize)| {
            Candidate::new(Cell::at(r - 1, c - 1, 4), Digit::new(d))
        };
        let mut step = Step::new(Technique::NakedSingle);
        step.placements = placements.iter().map(candidate).collect();
        step.eliminations = eliminations.iter().map(candidate).collect();
        step
    }

    #[test]
    fn soundness_rejects_a_wrong_placement_and_a_wrong_elimination() {
        // 1 2 | 3 4 / 3 4 | 1 2 / 2 1 | 4 3 / 4 3 | 2 1
        let mut solution = Grid::empty(4);
        for (i, v) in [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
            .into_iter()
            .enumerate()
        {
            solution.set(Cell::from_index(i), Some(Digit::new(v)));
        }
        assert!(step(&[(1, 1, 1)], &[(1, 2, 1), (2, 1, 4)]).is_sound(&solution));
        assert!(
            !step(&[(1, 1, 2)], &[]).is_sound(&solution),
            "r1c1 is 1, not 2"
        );
        assert!(
            !step(&[], &[(1, 2, 2)]).is_sound(&solution),
            "r1c2<>2 removes its digit"
        );
        assert!(
            !step(&[(1, 1, 1)], &[(4, 4, 1)]).is_sound(&solution),
            "one wrong elimination"
        );
        assert!(
            step(&[], &[]).is_sound(&solution),
            "an empty step contradicts nothing"
        );
    }
}
