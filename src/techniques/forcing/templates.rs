//! Templates: every way to place one digit once in each row, column and region that the
//! candidates allow. A cell every template uses takes the digit (template set); a candidate no
//! template uses goes (template delete). This is Nishio carried to the end for one digit.

use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::explanation::Claim;
use crate::model::{Candidate, Cell, Digit, Explanation, Layout, Regions};
use crate::search::work::{self, cost};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;

/// The templates of one digit, each a bit set over the cells.
struct Digits {
    words: usize,
    bits: Vec<u64>,
}

impl Digits {
    fn count(&self) -> usize {
        self.bits.len() / self.words
    }

    fn get(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }

    /// The cells every template uses.
    fn always(&self) -> Vec<u64> {
        self.bits
            .chunks_exact(self.words)
            .fold(vec![u64::MAX; self.words], |acc, t| {
                acc.iter().zip(t).map(|(a, b)| a & b).collect()
            })
    }

    /// Keeps the templates that pass `keep`.
    fn retain(&mut self, keep: impl Fn(&[u64]) -> bool) {
        let kept: Vec<u64> = self
            .bits
            .chunks_exact(self.words)
            .filter(|t| keep(t))
            .flatten()
            .copied()
            .collect();
        self.bits = kept;
    }
}

/// Template set (`set`) or template delete, one step per digit. A template that uses a cell
/// which every template of another digit uses is dropped (that cell belongs to the other digit),
/// until no more are.
pub fn templates(state: &State, set: bool, sink: &mut Sink) {
    // A digit not enumerated before the solve's deadline is as one over the node cap: unknown.
    let mut all: Vec<Option<Digits>> = (1..=state.size())
        .map(|d| match state.out_of_time() {
            true => None,
            false => enumerate(state, Digit::new(d)),
        })
        .collect();
    while drop_claimed(&mut all) {}
    for (index, own) in all.iter().enumerate() {
        let Some(own) = own else {
            continue;
        };
        let digit = Digit::from_index(index);
        let kept: Vec<&[u64]> = (0..own.count()).map(|i| own.get(i)).collect();
        if kept.is_empty() {
            continue;
        }
        let has = |template: &[u64], cell: Cell| {
            template[cell.index() / 64] >> (cell.index() % 64) & 1 == 1
        };
        let cells: Vec<Cell> = state
            .layout()
            .cells()
            .filter(|&c| state.candidates(c).contains(digit))
            .filter(|&c| {
                if set {
                    kept.iter().all(|t| has(t, c))
                } else {
                    !kept.iter().any(|t| has(t, c))
                }
            })
            .collect();
        if cells.is_empty() {
            continue;
        }
        let candidates: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
        if !sink(step(state, set, digit, kept.len(), candidates)) {
            return;
        }
    }
}
/// Drops each digit's templates that use a cell every template of another digit uses; whether
/// any went.
fn drop_claimed(all: &mut [Option<Digits>]) -> bool {
    let always: Vec<Option<Vec<u64>>> =
        all.iter().map(|d| d.as_ref().map(Digits::always)).collect();
    let mut changed = false;
    for (index, own) in all.iter_mut().enumerate() {
        let Some(own) = own else {
            continue;
        };
        let before = own.count();
        own.retain(|template| {
            always.iter().enumerate().all(|(other, claimed)| {
                other == index
                    || claimed
                        .as_ref()
                        .is_none_or(|c| c.iter().zip(template).all(|(a, b)| a & b == 0))
            })
        });
        changed |= own.count() != before;
    }
    changed
}

/// The step placing or removing `candidates`.
fn step(state: &State, set: bool, digit: Digit, count: usize, candidates: Vec<Candidate>) -> Step {
    let houses = match state.layout().regions() {
        Regions::Boxes { .. } => "row, column and box",
        Regions::Jigsaw { .. } => "row, column and region",
        Regions::Latin => "row and column",
    };
    let (ways, verb) = match (count, set) {
        (1, true) => ("the only way".to_string(), "goes through"),
        (1, false) => ("the only way".to_string(), "avoids"),
        (n, true) => (format!("each of the {n} ways"), "goes through"),
        (n, false) => (format!("none of the {n} ways"), "goes through"),
    };
    let mut step = Step::new(if set {
        Technique::TemplateSet
    } else {
        Technique::TemplateDelete
    });
    step.pattern = candidates[..].into();
    let conclusion = if set {
        let claims = candidates.iter().map(|c| Claim::is(c.cell, c.digit));
        Explanation::join(claims, ", ")
    } else {
        eliminations_text(&candidates)
    };
    step.explanation = explain!(
        "{}: {} to place {} once in every {} (on no cell that every template of another digit \
         takes) {} these cells ⇒ {}",
        step.technique.sentence(),
        ways,
        digit,
        houses,
        verb,
        conclusion
    );
    if set {
        step.placements = candidates.into();
    } else {
        step.eliminations = candidates.into();
    }
    step
}

/// The templates of `digit`, or `None` when there are none (the state is broken, which is not
/// this technique's business) or more than the state's
/// [`Limits::template_nodes`](crate::core::Limits::template_nodes) partial placements to
/// visit.
fn enumerate(state: &State, digit: Digit) -> Option<Digits> {
    let layout = state.layout();
    let size = state.size();
    // Each row's options: its placed digit, or its candidates; rows with fewest options first.
    let mut rows: Vec<Vec<Cell>> = (0..size)
        .map(|r| {
            let row: Vec<Cell> = (0..size).map(|c| Cell::at(r, c, size)).collect();
            match row.iter().find(|&&c| state.value(c) == Some(digit)) {
                Some(&placed) => vec![placed],
                None => row
                    .into_iter()
                    .filter(|&c| state.candidates(c).contains(digit))
                    .collect(),
            }
        })
        .collect();
    rows.sort_by_key(Vec::len);
    let words = (size * size).div_ceil(64);
    let mut search = Search {
        rows: &rows,
        layout,
        size,
        chosen: Vec::with_capacity(size),
        columns: 0,
        regions: 0,
        nodes: 0,
        max_nodes: state.limits().template_nodes,
        found: Digits {
            words,
            bits: Vec::new(),
        },
    };
    let complete = search.extend();
    work::spend(search.nodes as u64 * cost::TEMPLATE_NODE);
    complete.then_some(())?;
    (search.found.count() > 0).then_some(search.found)
}

/// The depth-first enumeration of one digit's templates, row by row.
struct Search<'a> {
    rows: &'a [Vec<Cell>],
    layout: &'a Layout,
    size: usize,
    chosen: Vec<Cell>,
    columns: u128,
    regions: u128,
    nodes: usize,
    max_nodes: usize,
    found: Digits,
}
impl Search<'_> {
    /// Extends the partial template by the next row; `false` when the node cap is reached.
    fn extend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return false;
        }
        let Some(options) = self.rows.get(self.chosen.len()) else {
            self.record();
            return true;
        };
        for &cell in options {
            let column = 1u128 << cell.col(self.size);
            let region = self.layout.region_of(cell).map_or(0, |r| 1u128 << r);
            if self.columns & column != 0 || self.regions & region != 0 {
                continue;
            }
            self.chosen.push(cell);
            self.columns |= column;
            self.regions |= region;
            let go_on = self.extend();
            self.columns &= !column;
            self.regions &= !region;
            self.chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Adds the complete template in `chosen`.
    fn record(&mut self) {
        let start = self.found.bits.len();
        self.found.bits.resize(start + self.found.words, 0);
        for &cell in &self.chosen {
            self.found.bits[start + cell.index() / 64] |= 1 << (cell.index() % 64);
        }
    }
}
