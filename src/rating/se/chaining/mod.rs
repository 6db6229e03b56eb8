//! Sudoku Explainer's chaining rules: bidirectional cycles and forcing chains (X, Y and XY),
//! Nishio, multiple (cell and region) forcing chains, dynamic forcing chains, and dynamic chains
//! that apply simpler rules inside their branches ("+", level 1) or whole chaining rules
//! (nested, levels 2 to 5). A rule finds every hint in the grid, sorts them by rating, then
//! length, then kind, and offers them in that order; each rating is the rule's base plus a
//! term for the chain's length (its number of different potentials, nested chains included).

mod arena;
mod multiple;
mod propagate;
mod unary;

use super::Sink;
use super::grid::Grid;
use super::hint::{Chain, Form, Hint, Mode, Rule, length_difficulty};
use arena::{Arena, Cause, Key, KeySet, Set, cell_of, is_on, value_of};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::rc::Rc;

/// One of Sudoku Explainer's chaining rules.
#[derive(Debug, Clone, Copy)]
pub(super) struct Chaining {
    mode: Mode,
}

/// A chaining hint while its search's potentials are alive.
#[derive(Debug, Clone)]
struct ChainHint {
    form: Form,
    /// What it removes, by cell (in cell order).
    removals: Vec<(u8, u16)>,
    /// The potential it concludes, when it concludes one (a value placed when on).
    result: Option<Key>,
    /// The potentials its chains end on.
    targets: Vec<u32>,
    /// How the first potential of each chain follows, when a cell (naked single) or a region
    /// (hidden single) forces it.
    assumed: Cause,
    complexity: u32,
    difficulty: f64,
    sort_key: u8,
}

/// What an assumption leads to: the potentials on and off, and the contradiction that stopped
/// it, if any (a potential on and its opposite off).
#[derive(Debug)]
struct Branch {
    on: Set,
    off: Set,
    absurd: Option<(u32, u32)>,
}

/// One search of a chaining rule on a grid.
struct Search<'a> {
    chaining: Chaining,
    grid: &'a Grid,
    arena: Arena,
    /// What assuming each candidate on leads to, worked out once per search.
    branches: HashMap<Key, Rc<Branch>>,
    hints: Vec<ChainHint>,
    /// The working lists of [`Search::branch`].
    scratch: propagate::Scratch,
}

impl Chaining {
    /// The rule with these settings (see [`Mode`]).
    pub const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Chaining {
        Chaining {
            mode: Mode {
                multiple,
                dynamic,
                nishio,
                level,
            },
        }
    }

    /// Offers every hint of the rule, easiest first.
    pub fn find(self, grid: &Grid, sink: Sink) -> ControlFlow<()> {
        let search = self.search(grid);
        for hint in &search.hints {
            sink(search.hint(hint))?;
        }
        ControlFlow::Continue(())
    }

    /// Every hint of the rule in `grid`, sorted and without repeats.
    fn search(self, grid: &Grid) -> Search<'_> {
        let mut search = Search {
            chaining: self,
            grid,
            arena: Arena::with_capacity(4096),
            branches: HashMap::new(),
            hints: Vec::new(),
            scratch: propagate::Scratch::default(),
        };
        if self.mode.multiple || self.mode.dynamic {
            for cell in 0..81 {
                let size = grid.cands[cell].count_ones();
                if grid.values[cell] == 0 && (size > 2 || (size > 1 && self.mode.dynamic)) {
                    search.cell_chains(cell);
                }
            }
        } else {
            for (y, x) in [(false, true), (true, false), (true, true)] {
                for cell in 0..81 {
                    if grid.values[cell] == 0 && grid.cands[cell].count_ones() > 1 {
                        for value in super::grid::values(grid.cands[cell]) {
                            search.unary(cell, value, y, x);
                        }
                    }
                }
            }
        }
        search.hints.sort_by(|a, b| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        // Each set of removals once, the first (easiest) hint that has it; the removals are
        // borrowed for the test, not copied.
        let mut seen = std::collections::HashSet::new();
        let first: Vec<bool> = (search.hints.iter())
            .map(|h| seen.insert(h.removals.as_slice()))
            .collect();
        let mut first = first.into_iter();
        search
            .hints
            .retain(|_| first.next().expect("one flag a hint"));
        search
    }
}

impl ChainHint {
    /// A hint of `form` removing `removals`, its chains ending on `targets`; its complexity and
    /// rating come when it is recorded ([`Search::add`]).
    fn new(
        form: Form,
        removals: Vec<(u8, u16)>,
        result: Option<Key>,
        targets: Vec<u32>,
        assumed: Cause,
        sort_key: u8,
    ) -> ChainHint {
        ChainHint {
            form,
            removals,
            result,
            targets,
            assumed,
            complexity: 0,
            difficulty: 0.0,
            sort_key,
        }
    }
}

impl Search<'_> {
    /// Records `hint` when it removes something, with its complexity and rating.
    fn add(&mut self, mut hint: ChainHint, flat: u32, base: f64) {
        if hint.removals.is_empty() {
            return;
        }
        hint.complexity = flat + self.nested_complexity(&hint.targets);
        hint.difficulty = base + length_difficulty(hint.complexity);
        self.hints.push(hint);
    }

    /// The complexity of the nested chains the targets' chains use, each counted once.
    fn nested_complexity(&self, targets: &[u32]) -> u32 {
        if self.chaining.mode.level < 2 {
            return 0;
        }
        let mut seen = Vec::new();
        let mut total = 0;
        for &target in targets {
            self.arena.visit(target, |id| {
                let nested = self.arena.node(id).nested;
                if nested != arena::NONE {
                    let info = self.arena.nested[nested as usize];
                    if !seen.contains(&info.signature) {
                        seen.push(info.signature);
                        total += info.complexity;
                    }
                }
            });
        }
        total
    }

    /// The removals of a hint concluding `target`: its value when off, the cell's other
    /// candidates when on.
    fn removals_of(&self, target: Key) -> Vec<(u8, u16)> {
        let (cell, bit) = (cell_of(target), 1u16 << value_of(target));
        let mask = if is_on(target) {
            self.grid.cands[cell] & !bit
        } else {
            bit
        };
        if mask == 0 {
            Vec::new()
        } else {
            vec![(cell as u8, mask)]
        }
    }

    /// The hint as the solver sees it.
    fn hint(&self, hint: &ChainHint) -> Hint {
        let rule = Rule::Chain(Chain {
            form: hint.form,
            mode: self.chaining.mode,
        });
        let found = Hint::removing(rule, hint.difficulty, hint.removals.clone());
        match hint.result {
            Some(key) if is_on(key) => found.placing(cell_of(key), value_of(key)),
            _ => found,
        }
    }

    /// The eliminations a hint found in `current` (a branch's grid) needs, which the grid
    /// `initial` the branch started from still had: for every potential its chains place by a
    /// single, the candidates that single needed gone (Sudoku Explainer's rule parents).
    fn rule_parents(&self, hint: &ChainHint, initial: &Grid, current: &Grid) -> Vec<Key> {
        let mut parents = Vec::new();
        let mut seen = KeySet::default();
        for &target in &hint.targets {
            self.arena.visit(target, |id| {
                let node = self.arena.node(id);
                let cause = match node.cause {
                    Cause::Assumed => hint.assumed,
                    cause => cause,
                };
                if !is_on(node.key) {
                    return;
                }
                let (cell, value) = (cell_of(node.key), value_of(node.key));
                let mut add = |c: usize, v: u8| {
                    let removed = initial.cands[c] & !current.cands[c] & (1 << v) != 0;
                    if removed && seen.insert(arena::key(c, v, false)) {
                        parents.push(arena::key(c, v, false));
                    }
                };
                match cause {
                    Cause::NakedSingle => (1..=9).for_each(|v| add(cell, v)),
                    Cause::Hidden(kind) => {
                        let region = super::grid::Region::of(kind, cell);
                        region.cells().iter().for_each(|&c| add(c as usize, value));
                    }
                    Cause::Assumed | Cause::Advanced => {}
                }
            });
        }
        parents
    }

    /// What tells a nested chain apart: its targets and their chains, key by key.
    fn signature(&self, hint: &ChainHint) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for &target in &hint.targets {
            self.arena.key(target).hash(&mut hasher);
            self.arena
                .visit(target, |id| self.arena.key(id).hash(&mut hasher));
            u16::MAX.hash(&mut hasher);
        }
        hasher.finish()
    }
}

/// The rating of a cycle (6.5; 7.0 with both link kinds) or forcing chain (6.6; 7.0), before
/// its length.
fn unary_base(form: Form) -> f64 {
    match form {
        Form::Cycle {
            x: true, y: true, ..
        }
        | Form::Forcing {
            x: true, y: true, ..
        } => 7.0,
        Form::Cycle { .. } => 6.5,
        _ => 6.6,
    }
}

/// Sudoku Explainer's order among hints of the same rating and length.
fn unary_sort_key(x: bool, y: bool) -> u8 {
    match (x, y) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    }
}
