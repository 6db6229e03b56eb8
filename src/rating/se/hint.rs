//! A step as Sudoku Explainer finds it ("hint"): what it removes and places, its rating, and the
//! name Sudoku Explainer gives it.

use super::grid::{Grid, Region};

/// A hint: candidates to remove, then perhaps a value to place.
#[derive(Debug, Clone)]
pub(super) struct Hint {
    /// Which rule found it.
    pub rule: Rule,
    /// Its rating on Sudoku Explainer's scale.
    pub difficulty: f64,
    /// The candidates it removes, by cell.
    pub removals: Vec<(u8, u16)>,
    /// The value it places, if any.
    pub placement: Option<(u8, u8)>,
    /// The region it works in, when it names one (singles, intersections, subsets).
    pub region: Option<Region>,
    /// What it rests on, for the rules chains may use inside a branch (nested chains).
    pub basis: Basis,
}

/// What a hint rests on, to tell which earlier eliminations of a chain it needs.
#[derive(Debug, Clone, Default)]
pub(super) enum Basis {
    #[default]
    None,
    /// An intersection or fish on `value`: it confines the value to `cover` in `base`.
    Lines {
        value: u8,
        base: Vec<Region>,
        cover: Vec<Region>,
    },
    /// A hidden set of `values` in `region`.
    HiddenSet { region: Region, values: u16 },
    /// A naked set of `values` in `cells`.
    NakedSet { cells: Vec<u8>, values: u16 },
}

impl Hint {
    /// A hint that removes `removals` (cells with no candidate to remove are left out).
    pub fn removing(rule: Rule, difficulty: f64, removals: Vec<(u8, u16)>) -> Hint {
        Hint {
            rule,
            difficulty,
            removals: removals.into_iter().filter(|&(_, m)| m != 0).collect(),
            placement: None,
            region: None,
            basis: Basis::None,
        }
    }

    /// The same hint, placing `value` in `cell` after its removals.
    pub fn placing(mut self, cell: usize, value: u8) -> Hint {
        self.placement = Some((cell as u8, value));
        self
    }

    /// The same hint, naming `region`.
    pub fn in_region(mut self, region: Region) -> Hint {
        self.region = Some(region);
        self
    }

    /// Whether it removes anything (Sudoku Explainer's "is worth").
    pub fn is_worth(&self) -> bool {
        !self.removals.is_empty()
    }

    /// Applies it to `grid`.
    pub fn apply(&self, grid: &mut Grid) {
        for &(cell, mask) in &self.removals {
            grid.remove(cell as usize, mask);
        }
        if let Some((cell, value)) = self.placement {
            grid.place(cell as usize, value);
        }
    }
}

/// The rule behind a hint, for its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rule {
    HiddenSingle,
    NakedSingle,
    /// A pointing (`true`) or claiming that leaves a hidden single, placed at once.
    DirectLocking(bool),
    /// A hidden pair or triple that leaves a hidden single, placed at once.
    DirectHiddenSet(usize),
    /// Pointing (`true`) or claiming.
    Locking(bool),
    NakedSet(usize),
    HiddenSet(usize),
    Fish(usize),
    XyWing,
    XyzWing,
    /// A unique rectangle or loop of `cells` cells, of `kind` 1 to 4.
    UniqueLoop {
        cells: usize,
        kind: u8,
    },
    /// A bivalue universal grave of type 1 to 4.
    Bug(u8),
    AlignedExclusion(usize),
    Chain(Chain),
}

/// What a chaining hint is, for its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Chain {
    pub form: Form,
    pub mode: Mode,
}

/// The shape of a chaining hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// A bidirectional cycle using x-links, y-links or both, with the number of its cells.
    Cycle { x: bool, y: bool, cells: usize },
    /// A forcing chain (an assumption that implies its own negation), with its length.
    Forcing { x: bool, y: bool, length: u32 },
    /// A contradiction (`absurd`) or double implication from one candidate.
    Binary { absurd: bool },
    /// Every candidate of a cell implies the same.
    Cell,
    /// Every place of a value in a region implies the same.
    Region,
}

/// Which of Sudoku Explainer's chaining rules found a hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mode {
    /// Cell and region forcing chains.
    pub multiple: bool,
    /// Implications that remember what earlier ones removed.
    pub dynamic: bool,
    /// Nishio: one value followed alone.
    pub nishio: bool,
    /// 0, or the nesting level: 1 adds intersections, subsets and X-wings inside the chains
    /// ("+"), 2 and up add whole chaining rules.
    pub level: u8,
}

impl Mode {
    /// The rating of the mode's cell, region and binary chains before their length is counted.
    pub fn base(self) -> f64 {
        match self {
            Mode { level: 2.., .. } => 9.5 + 0.5 * f64::from(self.level - 2),
            Mode { level: 1, .. } => 8.5 + 0.5 * f64::from(self.level),
            Mode { nishio: true, .. } => 7.5,
            Mode { dynamic: true, .. } => 8.5,
            _ => 8.0,
        }
    }

    /// `Dynamic `, `Nishio ` or nothing.
    fn prefix(self) -> &'static str {
        match self {
            Mode { level: 1.., .. }
            | Mode {
                dynamic: true,
                nishio: false,
                ..
            } => "Dynamic ",
            Mode { nishio: true, .. } => "Nishio ",
            _ => "",
        }
    }

    /// What nesting adds to a name: ` (+)`, ` (+ Forcing Chains)`, …
    fn nested_suffix(level: u8) -> String {
        match level {
            0 => String::new(),
            1 => " (+)".into(),
            2 => " (+ Forcing Chains)".into(),
            3 => " (+ Multiple Forcing Chains)".into(),
            4 => " (+ Dynamic Forcing Chains)".into(),
            _ => format!(
                " (+ Dynamic Forcing Chains{})",
                Mode::nested_suffix(level - 3)
            ),
        }
    }
}

impl Rule {
    /// The name Sudoku Explainer gives the hint.
    pub fn name(self) -> String {
        const SETS: [&str; 3] = ["Pair", "Triplet", "Quad"];
        match self {
            Rule::HiddenSingle => "Hidden Single".into(),
            Rule::NakedSingle => "Naked Single".into(),
            Rule::DirectLocking(true) => "Direct Pointing".into(),
            Rule::DirectLocking(false) => "Direct Claiming".into(),
            Rule::DirectHiddenSet(n) => format!("Direct Hidden {}", SETS[n - 2]),
            Rule::Locking(true) => "Pointing".into(),
            Rule::Locking(false) => "Claiming".into(),
            Rule::NakedSet(n) => format!("Naked {}", SETS[n - 2]),
            Rule::HiddenSet(n) => format!("Hidden {}", SETS[n - 2]),
            Rule::Fish(n) => ["X-Wing", "Swordfish", "Jellyfish"][n - 2].into(),
            Rule::XyWing => "XY-Wing".into(),
            Rule::XyzWing => "XYZ-Wing".into(),
            Rule::UniqueLoop { cells: 4, kind } => format!("Unique Rectangle type {kind}"),
            Rule::UniqueLoop { cells: 6, kind } => format!("Unique Loop type {kind}"),
            Rule::UniqueLoop { cells, kind } => format!("Unique Loop {cells} type {kind}"),
            Rule::Bug(kind) => format!("BUG type {kind}"),
            Rule::AlignedExclusion(2) => "Aligned Pair Exclusion".into(),
            Rule::AlignedExclusion(_) => "Aligned Triplet Exclusion".into(),
            Rule::Chain(chain) => chain.name(),
        }
    }
}

impl Chain {
    fn name(self) -> String {
        let Chain { form, mode } = self;
        let kind = match form {
            Form::Cycle {
                x: true, y: true, ..
            } => return "Bidirectional Cycle".into(),
            Form::Cycle { x: false, .. } => return "Bidirectional Y-Cycle".into(),
            Form::Cycle { cells: 4, .. } => return "Generalized X-Wing".into(),
            Form::Cycle { .. } => return "Bidirectional X-Cycle".into(),
            Form::Forcing {
                x: true, y: true, ..
            } => return "Forcing Chain".into(),
            Form::Forcing { x: false, .. } => return "Forcing Y-Chain".into(),
            Form::Forcing { length: 6, .. } => return "Turbot Fish".into(),
            Form::Forcing { .. } => return "Forcing X-Chain".into(),
            Form::Binary { .. } if mode.nishio => "Forcing",
            Form::Binary { absurd: true } => "Contradiction Forcing",
            Form::Binary { absurd: false } => "Double Forcing",
            Form::Cell => "Cell Forcing",
            Form::Region => "Region Forcing",
        };
        format!(
            "{}{kind} Chains{}",
            mode.prefix(),
            Mode::nested_suffix(mode.level)
        )
    }
}

/// The rating a chain's length adds: 0.1 for each of 4, 6, 8, 12, 16, 24, 32, … that its
/// complexity less 2 exceeds.
pub(super) fn length_difficulty(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let (mut added, mut ceiling, mut odd) = (0.0, 4i64, false);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_term_steps_at_sudoku_explainers_ceilings() {
        let added = |c| (length_difficulty(c) * 10.0).round() as u32;
        assert_eq!(
            [added(6), added(7), added(8), added(9), added(10)],
            [0, 1, 1, 2, 2]
        );
        assert_eq!([added(14), added(15), added(18), added(19)], [3, 4, 4, 5]);
        assert_eq!([added(34), added(35), added(50), added(51)], [6, 7, 7, 8]);
    }

    #[test]
    fn names_follow_sudoku_explainer() {
        let mode = Mode {
            multiple: true,
            dynamic: true,
            nishio: false,
            level: 5,
        };
        let chain = |form| Rule::Chain(Chain { form, mode }).name();
        assert_eq!(
            chain(Form::Cell),
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        );
        let nishio = Mode {
            multiple: false,
            dynamic: true,
            nishio: true,
            level: 0,
        };
        let binary = Form::Binary { absurd: true };
        assert_eq!(
            Rule::Chain(Chain {
                form: binary,
                mode: nishio
            })
            .name(),
            "Nishio Forcing Chains"
        );
        assert_eq!(
            Rule::UniqueLoop { cells: 8, kind: 2 }.name(),
            "Unique Loop 8 type 2"
        );
    }
}
