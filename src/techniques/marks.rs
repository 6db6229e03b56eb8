//! Even/odd marks and consecutive bars: what the markings of the grid say.
//!
//! - *Even cells*, *Odd cells*: a cell marked even holds an even digit, so its odd candidates
//!   go (and the other way round): one step for every marked cell of one parity that still
//!   holds a digit of the other.
//! - *Consecutive bar*: two cells with a bar between them differ by 1, so a candidate of one
//!   goes when the other holds neither of its neighbours (one step per bar, both ways).
//! - *No bar*: where every bar is drawn, two touching cells without one do not differ by 1. A
//!   cell's digits (its value, or its candidates) remove from each such neighbour the candidates
//!   whose every partner among them is 1 away: next to a placed 3, the 2 and the 4 (one step per
//!   cell whose neighbours lose something).
//!
//! Every finder here finds nothing on a grid without markings.

use crate::core::step::{Figure, Role};
use crate::core::{MarkRule, State, Step, Technique};
use crate::explain;
use crate::model::{Candidate, Cell, DigitSet, Explanation, Parity, Relation};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, eliminations_text};

/// Finds steps of `rule` in `state`.
pub fn find(state: &State, rule: MarkRule, sink: &mut Sink) {
    if state.layout().markings().is_empty() {
        return;
    }
    match rule {
        MarkRule::Even => parity(state, Parity::Even, sink),
        MarkRule::Odd => parity(state, Parity::Odd, sink),
        MarkRule::Bar => bars(state, sink),
        MarkRule::NoBar => no_bars(state, sink),
    }
}

/// A cell's digits: its value when placed, else its candidates.
fn held(state: &State, cell: Cell) -> DigitSet {
    state
        .value(cell)
        .map_or(state.candidates(cell), DigitSet::single)
}

/// The candidates of `cell` outside `kept`.
fn removed(state: &State, cell: Cell, kept: DigitSet) -> impl Iterator<Item = Candidate> {
    let gone = state.candidates(cell).without(kept);
    gone.iter().map(move |d| Candidate::new(cell, d))
}

/// The step of `rule` on `cells` removing `eliminations`, its pattern the digits of `cells`
/// that stay (a placed cell's value too: what the step reads).
fn mark_step(
    state: &State,
    rule: MarkRule,
    cells: &[Cell],
    mut eliminations: Vec<Candidate>,
    explanation: Explanation,
) -> Step {
    eliminations.sort_unstable();
    let mut step = Step::new(Technique::Marks(rule));
    step.pattern = (cells.iter())
        .flat_map(|&c| held(state, c).iter().map(move |d| Candidate::new(c, d)))
        .filter(|c| !eliminations.contains(c))
        .collect();
    step.explanation = explain!("{} ⇒ {}", explanation, eliminations_text(&eliminations));
    step.eliminations = eliminations.into();
    step
}

/// Even cells or odd cells: the marked cells of `parity` lose the digits of the other.
fn parity(state: &State, parity: Parity, sink: &mut Sink) {
    let layout = state.layout();
    let size = layout.size();
    let digits = parity.digits(size);
    let cells: Vec<Cell> = layout
        .cells()
        .filter(|&c| layout.markings().parity(c) == Some(parity))
        .filter(|&c| !state.candidates(c).without(digits).is_empty())
        .collect();
    if cells.is_empty() {
        return;
    }
    let eliminations: Vec<Candidate> = cells
        .iter()
        .flat_map(|&c| removed(state, c, digits))
        .collect();
    let (rule, says) = match parity {
        Parity::Even => (
            MarkRule::Even,
            explain!("Even cells: {} hold even digits", cell_list(&cells)),
        ),
        Parity::Odd => (
            MarkRule::Odd,
            explain!("Odd cells: {} hold odd digits", cell_list(&cells)),
        ),
    };
    sink(mark_step(state, rule, &cells, eliminations, says));
}

/// Consecutive bars: each side keeps the digits next to one the other side holds.
fn bars(state: &State, sink: &mut Sink) {
    let size = state.size();
    for (a, b) in state.layout().markings().bars(size) {
        let keep = |cell: Cell, other: Cell| {
            let kept = Relation::Consecutive.supported(held(state, other), size);
            removed(state, cell, kept).collect::<Vec<_>>()
        };
        let mut eliminations = keep(a, b);
        eliminations.extend(keep(b, a));
        if eliminations.is_empty() {
            continue;
        }
        let says = explain!("Consecutive bar: {} and {} differ by 1", a, b);
        if !sink(mark_step(state, MarkRule::Bar, &[a, b], eliminations, says)) {
            return;
        }
    }
}

/// No bar: the digits of each cell remove from its touching cells without a bar those whose
/// every partner among them is 1 away.
fn no_bars(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    let size = layout.size();
    let markings = layout.markings();
    if !markings.all_bars_drawn() {
        return;
    }
    for cell in layout.cells() {
        let digits = held(state, cell);
        let kept = Relation::NotConsecutive.supported(digits, size);
        let mut targets = Vec::new();
        let mut eliminations = Vec::new();
        for (other, relation) in markings.related(size, cell) {
            let before = eliminations.len();
            if relation == Relation::NotConsecutive {
                eliminations.extend(removed(state, other, kept));
            }
            if eliminations.len() > before {
                targets.push(other);
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        let says = explain!(
            "No bar: {} holds {}; {}, touching it without a bar, cannot differ from it by 1",
            cell,
            digits,
            cell_list(&targets)
        );
        let mut cells = vec![cell];
        cells.extend(&targets);
        let mut step = mark_step(state, MarkRule::NoBar, &cells, eliminations, says);
        let source = digits.iter().map(|d| Candidate::new(cell, d));
        step.figures = vec![Figure::new(Role::Pivot, source)];
        if !sink(step) {
            return;
        }
    }
}
