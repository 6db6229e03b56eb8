//! A forcing deduction in full: for each branch (an assumption), every implication the conclusion
//! rests on with its reason and the earlier implications it follows from, and how the branch
//! ends. Forcing chains and nets, and Nishio, record one with their step, so that a person can
//! check every implication from the grid the step starts from; [`Net::lines`] is its one text.

use crate::explain;
use crate::model::explanation::{Cage, House, Node};
use crate::model::{Candidate, Cell, Digit, Explanation, Unit};
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

/// Most placement lines a story tells (runs of one digit packed into them).
const STORY_PLACEMENT_LINES: usize = 3;

/// Runs of placements a story line tells before it spreads them over more lines.
const STORY_RUNS_PER_LINE: usize = 3;

/// Most refutations a story names (the others are counted).
const STORY_REFUTATIONS: usize = 4;

/// Most branch lines a verity's story tells (branches packed into them).
const STORY_BRANCH_LINES: usize = 4;

/// A candidate both placed and eliminated, told by what eliminated it when that was the
/// placement `other` in the same cell or in `unit`: `7 twice in column 9 (r3c9, r4c9)`,
/// `r4c9 would be both 7 and 3`; else `r3c5 is both 2 and not 2`.
pub fn collision(candidate: Candidate, other: Option<(Candidate, Option<Unit>)>) -> Explanation {
    let Candidate { cell, digit } = candidate;
    match other {
        Some((other, _)) if other.cell == cell => {
            explain!("{} would be both {} and {}", Node(cell), digit, other.digit)
        }
        Some((other, Some(unit))) => {
            let mut cells = [cell, other.cell];
            cells.sort_unstable();
            explain!(
                "{} twice in {} ({}, {})",
                digit,
                unit,
                Node(cells[0]),
                Node(cells[1])
            )
        }
        _ => explain!("{} is both {} and not {}", Node(cell), digit, digit),
    }
}

/// Items as a person lists them: `a`, `a and b`, `a, b and c`.
fn listed(mut items: Vec<Explanation>) -> Explanation {
    let Some(last) = items.pop() else {
        return Explanation::new();
    };
    if items.is_empty() {
        return last;
    }
    explain!("{} and {}", Explanation::join(items, ", "), last)
}

/// `items` packed into at most `lines` groups of consecutive items, as even as they come.
fn packed<T>(items: Vec<T>, lines: usize) -> Vec<Vec<T>> {
    let per_line = items.len().div_ceil(lines.max(1)).max(1);
    let mut groups: Vec<Vec<T>> = Vec::new();
    for item in items {
        match groups.last_mut() {
            Some(group) if group.len() < per_line => group.push(item),
            _ => groups.push(vec![item]),
        }
    }
    groups
}

impl Net {
    /// The net told in at most six lines a player can follow: for a contradiction, the
    /// assumption, the refutations on the way, the placements that carry the argument (runs of
    /// one digit: `then 2 in r7c2 and r9c2`) and the collision; for a verity, each branch's
    /// placements and the conclusion they all reach.
    pub fn story(&self) -> Vec<Explanation> {
        match &self.branches[..] {
            [branch] if !matches!(branch.end, End::Reaches { .. }) => branch.story(),
            branches => verity_story(branches),
        }
    }

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

/// A verity's story: the assumptions, each one's placements and the conclusion.
fn verity_story(branches: &[Branch]) -> Vec<Explanation> {
    let Some(first) = branches.first() else {
        return Vec::new();
    };
    let End::Reaches { at } = first.end else {
        return Vec::new();
    };
    let end = &first.implications[at];
    let conclusion = fact(end.candidate, end.holds);
    let assumptions = branches.iter().map(|b| b.assumption());
    let mut lines = vec![explain!(
        "One of {} is true, and each leads to {}:",
        listed(assumptions.collect()),
        conclusion.clone()
    )];
    let told = branches.iter().map(|b| {
        let (runs, _) = b.placement_runs();
        match runs.is_empty() {
            true => explain!("{} ⇒ {}", b.assumption(), conclusion.clone()),
            false => explain!(
                "{} places {} ⇒ {}",
                b.assumption(),
                listed(runs),
                conclusion.clone()
            ),
        }
    });
    for group in packed(told.collect(), STORY_BRANCH_LINES) {
        lines.push(Explanation::join(group, "; "));
    }
    lines.push(explain!("So {} whichever holds.", conclusion));
    lines
}

impl Branch {
    /// The assumption: `r2c2=5`.
    fn assumption(&self) -> Explanation {
        let assumed = &self.implications[0];
        fact(assumed.candidate, assumed.holds)
    }

    /// The placements that carry the branch to its end, in order: from each implication the end
    /// rests on, back through the latest premise of each implication to the assumption. Other
    /// placements only feed these; the full proof lists them all.
    fn spine(&self) -> Vec<usize> {
        let ends: &[usize] = match &self.end {
            End::Reaches { at } => std::slice::from_ref(at),
            End::Both { from, .. } | End::EmptyCell { from, .. } | End::NoPlace { from, .. } => {
                from
            }
        };
        let mut on = vec![false; self.implications.len()];
        for &end in ends {
            let mut at = Some(end);
            while let Some(i) = at.filter(|&i| !on[i]) {
                on[i] = true;
                at = self.implications[i].from.iter().max().copied();
            }
        }
        let reached = match self.end {
            End::Reaches { at } => Some(at),
            _ => None,
        };
        (1..self.implications.len())
            .filter(|&i| on[i] && self.is_own_placement(i) && Some(i) != reached)
            .collect()
    }

    /// The placements of [`Branch::spine`], in order: what a story or a step's words tell.
    pub fn spine_placements(&self) -> Vec<Candidate> {
        let spine = self.spine();
        spine
            .iter()
            .map(|&i| self.implications[i].candidate)
            .collect()
    }

    /// Whether implication `i` is a placement of the branch's own (not one of the enclosing
    /// branch's, repeated).
    fn is_own_placement(&self, i: usize) -> bool {
        let implication = &self.implications[i];
        implication.holds && !matches!(implication.reason, Reason::Outer { .. })
    }

    /// The placements of [`Branch::spine`] as runs of one digit: `3 in r7c5, r8c1 and r6c7`;
    /// with the number of the branch's other placements.
    fn placement_runs(&self) -> (Vec<Explanation>, usize) {
        let spine = self.spine();
        let all = (1..self.implications.len())
            .filter(|&i| self.is_own_placement(i))
            .count();
        let placed: Vec<Candidate> = spine
            .iter()
            .map(|&i| self.implications[i].candidate)
            .collect();
        let runs = placed
            .chunk_by(|a, b| a.digit == b.digit)
            .map(|run| {
                let cells = run.iter().map(|c| Explanation::from(Node(c.cell)));
                explain!("{} in {}", run[0].digit, listed(cells.collect()))
            })
            .collect();
        (runs, all - spine.len())
    }

    /// A contradiction's story: see [`Net::story`].
    fn story(&self) -> Vec<Explanation> {
        let assumed = &self.implications[0];
        let mut lines = vec![explain!("Suppose {}.", self.assumption())];
        let refuted: Vec<Explanation> = self.implications[1..]
            .iter()
            .filter(|i| matches!(i.reason, Reason::Refuted { .. }))
            .map(|i| fact(i.candidate, true))
            .collect();
        let (runs, others) = self.placement_runs();
        if runs.is_empty() {
            let removed: Vec<Explanation> = self.implications[1..]
                .iter()
                .filter(|i| !i.holds && !matches!(i.reason, Reason::Outer { .. }))
                .map(|i| fact(i.candidate, false))
                .collect();
            lines.push(explain!("It removes {}.", listed(removed)));
        }
        let lines_needed = runs.len().div_ceil(STORY_RUNS_PER_LINE);
        let groups = packed(runs, lines_needed.min(STORY_PLACEMENT_LINES));
        let last = groups.len().saturating_sub(1);
        for (k, group) in groups.into_iter().enumerate() {
            let lead = if k == 0 { "It places" } else { "then" };
            let close = match (k == last, others) {
                (false, _) => ",".to_string(),
                (true, 0) => ".".to_string(),
                (true, 1) => " (with 1 more placement on the way).".to_string(),
                (true, n) => format!(" (with {n} more placements on the way)."),
            };
            let runs = Explanation::join(group, "; ");
            lines.push(explain!("{} {}{}", lead, runs, close));
        }
        if !refuted.is_empty() {
            let more = refuted.len().saturating_sub(STORY_REFUTATIONS);
            let mut named: Vec<Explanation> = refuted.into_iter().take(STORY_REFUTATIONS).collect();
            if more > 0 {
                named.push(format!("{more} more").into());
            }
            lines.push(explain!(
                "On the way, nets of their own rule out {}.",
                listed(named)
            ));
        }
        let verdict = match assumed.holds {
            true => explain!(
                "{} cannot be {}",
                Node(assumed.candidate.cell),
                assumed.candidate.digit
            ),
            false => explain!(
                "{} must be {}",
                Node(assumed.candidate.cell),
                assumed.candidate.digit
            ),
        };
        lines.push(explain!("So {}: {}.", self.broken(), verdict));
        lines
    }

    /// What broke, in the headline's words: `2 twice in column 2 (r7c2, r9c2)`, `r4c4 has no
    /// candidate left`, `box 2 has no place for 9`.
    fn broken(&self) -> Explanation {
        match self.end {
            End::Reaches { at } => {
                let end = &self.implications[at];
                fact(end.candidate, end.holds)
            }
            End::Both {
                candidate,
                ref from,
            } => collision(candidate, self.remover(from)),
            End::EmptyCell { cell, .. } => explain!("{} has no candidate left", Node(cell)),
            End::NoPlace { house, digit, .. } => {
                explain!("{} has no place for {}", House(house), digit)
            }
        }
    }

    /// For a branch that ends with a candidate both placed and eliminated, the placement that
    /// eliminated it (in the same cell, or the same digit where the two cells meet): the other
    /// cell of the collision.
    pub fn colliding(&self) -> Option<Candidate> {
        match &self.end {
            End::Both { from, .. } => self.remover(from).map(|(placed, _)| placed),
            _ => None,
        }
    }

    /// The placement that eliminated a candidate both placed and eliminated (`from`: the
    /// placement and the elimination), and where it and the candidate meet, when the
    /// elimination follows from one placement alone.
    fn remover(&self, from: &[usize]) -> Option<(Candidate, Option<Unit>)> {
        let removal = from
            .iter()
            .map(|&i| &self.implications[i])
            .find(|i| !i.holds)?;
        let [premise] = removal.from[..] else {
            return None;
        };
        let placed = &self.implications[premise];
        let unit = match removal.reason {
            Reason::SameHouse { house } => Some(Unit::House(house)),
            Reason::SameCage { cage } => Some(Unit::Cage(cage)),
            Reason::SameCell => None,
            _ => return None,
        };
        placed.holds.then_some((placed.candidate, unit))
    }

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
            End::Both { ref from, .. }
            | End::EmptyCell { ref from, .. }
            | End::NoPlace { ref from, .. } => {
                explain!("contradiction: {}{}", self.broken(), numbers(from, labels))
            }
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
