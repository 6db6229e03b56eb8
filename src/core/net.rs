//! A forcing deduction in full: for each branch (an assumption), every implication the conclusion
//! rests on with its reason and the earlier implications it follows from, and how the branch
//! ends. Forcing chains and nets, and Nishio, record one with their step, so that a person can
//! check every implication from the grid the step starts from; [`Net::lines`] is its one text.

use crate::explain;
use crate::model::explanation::{Cage, House, Node};
use crate::model::{Candidate, Cell, Digit, Explanation};
use serde::Serialize;

/// Every branch of a forcing deduction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Net {
    /// The branches: one for a contradiction, one per candidate or place for a verity.
    pub branches: Vec<Branch>,
}

/// One assumption and what follows from it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Branch {
    /// The implications the end rests on, in the order found; the assumption comes first.
    pub implications: Vec<Implication>,
    /// How the branch ends.
    pub end: End,
}

/// A candidate placed (`holds`) or eliminated, why, and the implications (indices into the
/// branch's) it follows from. What the grid before the step already rules out needs no premise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Implication {
    /// The candidate.
    pub candidate: Candidate,
    /// Placed (`true`) or eliminated.
    pub holds: bool,
    /// Why.
    pub reason: Reason,
    /// The earlier implications it follows from.
    pub from: Vec<usize>,
}

/// Why an implication holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Reason {
    /// The branch's assumption.
    Assumption,
    /// Its cell holds another digit (the premise).
    SameCell,
    /// A cell of `house` holds its digit (the premise).
    SameHouse {
        /// Index into the layout's houses.
        house: usize,
    },
    /// A cell of Killer cage `cage` holds its digit (the premise).
    SameCage {
        /// Index into the layout's cages.
        cage: usize,
    },
    /// Its cell's other candidates are gone (the premises, or already before the step).
    NakedSingle,
    /// Its digit's other places in `house` are gone.
    HiddenSingle {
        /// Index into the layout's houses.
        house: usize,
    },
    /// It is an elimination: its digit's places in `house` all lie in `within`, which holds
    /// the cell (the premises: its other places in `house` are gone).
    Locked {
        /// Index into the layout's houses.
        house: usize,
        /// Index into the layout's houses.
        within: usize,
    },
    /// (Nested nets.) It is an elimination: `branch` assumes the candidate placed and, from
    /// that and the implications it repeats as [`Reason::Outer`] (the premises), reaches a
    /// contradiction.
    Refuted {
        /// The refutation.
        branch: Box<Branch>,
    },
    /// (In a refutation's branch.) The enclosing branch's implication `at`, repeated.
    Outer {
        /// Index into the enclosing branch's implications.
        at: usize,
    },
}

/// How a branch ends: at the step's conclusion, or in a contradiction resting on `from`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum End {
    /// The branch reaches the step's conclusion, its implication `at`.
    Reaches {
        /// Index into the branch's implications.
        at: usize,
    },
    /// A candidate both placed and eliminated.
    Both {
        /// The candidate.
        candidate: Candidate,
        /// The placement and the elimination.
        from: Vec<usize>,
    },
    /// A cell left without a candidate.
    EmptyCell {
        /// The cell.
        cell: Cell,
        /// The eliminations that emptied it.
        from: Vec<usize>,
    },
    /// A digit left without a place in a house.
    NoPlace {
        /// Index into the layout's houses.
        house: usize,
        /// The digit.
        digit: Digit,
        /// The eliminations that took its places.
        from: Vec<usize>,
    },
}

/// A candidate placed or eliminated, in chain notation: `r3c5=2`, `r3c5<>2`.
pub fn fact(candidate: Candidate, holds: bool) -> Explanation {
    let relation = if holds { "=" } else { "<>" };
    explain!("{}{}{}", Node(candidate.cell), relation, candidate.digit)
}

impl Net {
    /// The net as numbered lines, each branch under its heading: every implication with its
    /// reason and the numbers of those it follows from, then how the branch ends. A
    /// refutation's lines follow its implication, indented and numbered under it (`12.1`).
    pub fn lines(&self) -> Vec<Explanation> {
        let mut lines = Vec::new();
        let several = self.branches.len() > 1;
        for (b, branch) in self.branches.iter().enumerate() {
            let indent = if several {
                let assumption = &branch.implications[0];
                lines.push(explain!(
                    "branch {}: {}",
                    (b + 1).to_string(),
                    fact(assumption.candidate, assumption.holds)
                ));
                "  "
            } else {
                ""
            };
            let labels: Vec<String> = (1..=branch.implications.len())
                .map(|n| n.to_string())
                .collect();
            branch.write(&mut lines, indent, &labels);
        }
        lines
    }
}

impl Branch {
    /// Writes the branch's lines at `indent`, its implications numbered by `labels`.
    fn write(&self, lines: &mut Vec<Explanation>, indent: &str, labels: &[String]) {
        for (i, implication) in self.implications.iter().enumerate() {
            if matches!(implication.reason, Reason::Outer { .. }) {
                continue;
            }
            let line = explain!(
                "({}) {}: {}",
                labels[i].clone(),
                fact(implication.candidate, implication.holds),
                self.reason_text(implication, labels)
            );
            lines.push(explain!("{}{}", indent.to_string(), line));
            if let Reason::Refuted { branch } = &implication.reason {
                let inner = branch.labels(&labels[i], labels);
                branch.write(lines, &format!("{indent}    "), &inner);
            }
        }
        lines.push(explain!(
            "{}⇒ {}",
            indent.to_string(),
            self.end_text(labels)
        ));
    }

    /// The labels of a refutation's implications, written under the enclosing implication
    /// `under`: its own numbered `under.1`, `under.2`, …; a repeated one by the enclosing
    /// branch's label (`enclosing`).
    fn labels(&self, under: &str, enclosing: &[String]) -> Vec<String> {
        let mut own = 0;
        self.implications
            .iter()
            .map(|implication| match implication.reason {
                Reason::Outer { at } => enclosing[at].clone(),
                _ => {
                    own += 1;
                    format!("{under}.{own}")
                }
            })
            .collect()
    }

    fn reason_text(&self, implication: &Implication, labels: &[String]) -> Explanation {
        let cell = implication.candidate.cell;
        let digit = implication.candidate.digit;
        let from = numbers(&implication.from, labels);
        let premise = || {
            let p = &self.implications[implication.from[0]];
            fact(p.candidate, p.holds)
        };
        match &implication.reason {
            Reason::Assumption => "assumed".into(),
            Reason::SameCell => explain!("the cell holds {}{}", premise(), from),
            Reason::SameHouse { house } => explain!("{}{} in {}", premise(), from, House(*house)),
            Reason::SameCage { cage } => explain!("{}{} in {}", premise(), from, Cage(*cage)),
            Reason::NakedSingle => {
                explain!(
                    "naked single, {} has no other candidate{}",
                    Node(cell),
                    from
                )
            }
            Reason::HiddenSingle { house } => explain!(
                "hidden single, the last place for {} in {}{}",
                digit,
                House(*house),
                from
            ),
            Reason::Locked { house, within } => explain!(
                "locked, every place for {} in {} is in {}{}",
                digit,
                House(*house),
                House(*within),
                from
            ),
            Reason::Refuted { .. } => explain!(
                "{} leads to a contradiction{}:",
                fact(implication.candidate, true),
                from
            ),
            Reason::Outer { at } => explain!("as ({})", labels[*at].clone()),
        }
    }

    fn end_text(&self, labels: &[String]) -> Explanation {
        match self.end {
            End::Reaches { at } => {
                let end = &self.implications[at];
                explain!(
                    "reaches {} ({})",
                    fact(end.candidate, end.holds),
                    labels[at].clone()
                )
            }
            End::Both {
                candidate,
                ref from,
            } => explain!(
                "contradiction: {} is both placed and eliminated{}",
                fact(candidate, true),
                numbers(from, labels)
            ),
            End::EmptyCell { cell, ref from } => explain!(
                "contradiction: {} has no candidate left{}",
                Node(cell),
                numbers(from, labels)
            ),
            End::NoPlace {
                house,
                digit,
                ref from,
            } => explain!(
                "contradiction: {} has no place for {}{}",
                House(house),
                digit,
                numbers(from, labels)
            ),
        }
    }
}

/// Implications as the lines show them, by their labels, after a space: ` (2, 5)`; nothing
/// for none.
fn numbers(from: &[usize], labels: &[String]) -> Explanation {
    if from.is_empty() {
        return Explanation::new();
    }
    let list: Vec<&str> = from.iter().map(|&i| labels[i].as_str()).collect();
    explain!(" ({})", list.join(", "))
}
