//! A step of a solution as data: the technique, what it places and eliminates, what justifies it,
//! and a one-line explanation. Steps are what the engine records, what the CLI prints and what the
//! workbook highlights.

use crate::model::{Cell, Digit};
use serde::{Serialize, Serializer};
use std::fmt;

/// One digit in one cell: a placement, an elimination, or a candidate in a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

/// How hard a technique is, in HoDoKu's five levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections, pairs and triples.
    Medium,
    /// Quads, basic fish.
    Hard,
    /// Large fish and patterns most solvers never use.
    Unfair,
    /// Anything beyond, and backtracking.
    Extreme,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The family a technique belongs to; the workbook colours deduced cells by family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Full house, naked and hidden singles.
    Singles,
    /// Locked candidates (pointing and claiming), locked pairs and triples.
    Intersections,
    /// Naked and hidden subsets.
    Subsets,
    /// Basic, finned, sashimi and Franken fish.
    Fish,
    /// Single-digit patterns: skyscraper, 2-string kite, turbot fish, empty rectangle.
    SingleDigit,
    /// Uniqueness: unique and avoidable rectangles, BUG+1 (only on puzzles known to be unique).
    Uniqueness,
    /// Wings: XY-, XYZ-, W- and WXYZ-Wing, remote pairs.
    Wings,
    /// Colouring: simple colours and multi-colours.
    Colouring,
    /// Chains: X-chains, XY-chains, nice loops and alternating inference chains.
    Chains,
    /// Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains, Sue de Coq, death blossom.
    Als,
    /// Forcing chains and nets, Nishio.
    Forcing,
    /// A guess settled by search.
    Backtracking,
}

/// Which kind of house a hidden single was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SingleHouse {
    /// A box or jigsaw region.
    Region,
    /// A row.
    Row,
    /// A column.
    Column,
}

/// A solving technique. Subsets and fish carry their size, so one variant serves pairs to
/// the large subsets of big grids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle(SingleHouse),
    /// A digit confined to one line within a region: removed from the rest of the line.
    Pointing,
    /// A digit confined to one region within a line: removed from the rest of the region.
    Claiming,
    /// A naked pair or triple within the intersection of a region and a line.
    LockedSubset(u8),
    /// N cells of a house holding only N digits.
    NakedSubset(u8),
    /// N digits of a house confined to N cells.
    HiddenSubset(u8),
    /// A digit confined to N cover lines within N base lines: X-Wing (2), Swordfish (3), …
    BasicFish(u8),
    /// A chain of alternating strong and weak inferences; `grouped` allows group nodes (a
    /// digit's candidates in a region∩line) and almost locked sets as nodes.
    Chain {
        /// Which chain.
        kind: ChainKind,
        /// Whether group and ALS nodes are allowed (loops and AICs only).
        grouped: bool,
    },
    /// A digit settled by search when no allowed technique applies.
    Backtracking,
}

/// The kinds of chain (see `techniques::chains`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChainKind {
    /// Bivalue cells holding the same two digits, linked in a line: both digits leave the cells
    /// that see two of them an odd number of links apart.
    RemotePair,
    /// One digit, strong links in houses: the ends' digit leaves cells seeing both ends.
    XChain,
    /// Bivalue cells linked by a shared digit: the ends' digit leaves cells seeing both ends.
    XyChain,
    /// A closed alternating loop: every weak link becomes strong.
    ContinuousLoop,
    /// A loop broken at one candidate: it is placed (two strong links) or removed.
    DiscontinuousLoop,
    /// An alternating inference chain: one of its ends is true.
    Aic,
}

impl Technique {
    /// The display name: `Hidden Single (row)`, `Naked Triple`, `X-Wing`, `Naked Subset (5)`.
    pub fn name(self) -> String {
        let sized = |n: u8, names: [&str; 3], family: &str| match n {
            2..=4 => names[n as usize - 2].to_string(),
            n => format!("{family} ({n})"),
        };
        match self {
            Technique::FullHouse => "Full House".into(),
            Technique::NakedSingle => "Naked Single".into(),
            Technique::HiddenSingle(SingleHouse::Region) => "Hidden Single (region)".into(),
            Technique::HiddenSingle(SingleHouse::Row) => "Hidden Single (row)".into(),
            Technique::HiddenSingle(SingleHouse::Column) => "Hidden Single (column)".into(),
            Technique::Pointing => "Pointing".into(),
            Technique::Claiming => "Claiming".into(),
            Technique::LockedSubset(n) => sized(
                n,
                ["Locked Pair", "Locked Triple", "Locked Quad"],
                "Locked Subset",
            ),
            Technique::NakedSubset(n) => sized(
                n,
                ["Naked Pair", "Naked Triple", "Naked Quad"],
                "Naked Subset",
            ),
            Technique::HiddenSubset(n) => sized(
                n,
                ["Hidden Pair", "Hidden Triple", "Hidden Quad"],
                "Hidden Subset",
            ),
            Technique::BasicFish(n) => sized(n, ["X-Wing", "Swordfish", "Jellyfish"], "Fish"),
            Technique::Chain { kind, grouped } => {
                let name = match kind {
                    ChainKind::RemotePair => "Remote Pair",
                    ChainKind::XChain => "X-Chain",
                    ChainKind::XyChain => "XY-Chain",
                    ChainKind::ContinuousLoop => "Continuous Nice Loop",
                    ChainKind::DiscontinuousLoop => "Discontinuous Nice Loop",
                    ChainKind::Aic => "AIC",
                };
                if grouped {
                    format!("Grouped {name}")
                } else {
                    name.into()
                }
            }
            Technique::Backtracking => "Backtracking".into(),
        }
    }

    /// HoDoKu's code for the technique, as used by its regression library, if it has one.
    pub fn hodoku_code(self) -> Option<&'static str> {
        Some(match self {
            Technique::FullHouse => "0000",
            Technique::HiddenSingle(_) => "0002",
            Technique::NakedSingle => "0003",
            Technique::Pointing => "0100",
            Technique::Claiming => "0101",
            Technique::LockedSubset(2) => "0110",
            Technique::LockedSubset(3) => "0111",
            Technique::NakedSubset(2) => "0200",
            Technique::NakedSubset(3) => "0201",
            Technique::NakedSubset(4) => "0202",
            Technique::HiddenSubset(2) => "0210",
            Technique::HiddenSubset(3) => "0211",
            Technique::HiddenSubset(4) => "0212",
            Technique::BasicFish(2) => "0300",
            Technique::BasicFish(3) => "0301",
            Technique::BasicFish(4) => "0302",
            Technique::Chain { kind, grouped } => match (kind, grouped) {
                (ChainKind::XChain, false) => "0701",
                (ChainKind::XyChain, false) => "0702",
                (ChainKind::RemotePair, false) => "0703",
                (ChainKind::ContinuousLoop, false) => "0706",
                (ChainKind::DiscontinuousLoop, false) => "0707",
                (ChainKind::Aic, false) => "0708",
                (ChainKind::ContinuousLoop, true) => "0709",
                (ChainKind::DiscontinuousLoop, true) => "0710",
                (ChainKind::Aic, true) => "0711",
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The family, for colours and summaries.
    pub fn family(self) -> Family {
        match self {
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle(_) => {
                Family::Singles
            }
            Technique::Pointing | Technique::Claiming | Technique::LockedSubset(_) => {
                Family::Intersections
            }
            Technique::NakedSubset(_) | Technique::HiddenSubset(_) => Family::Subsets,
            Technique::BasicFish(_) => Family::Fish,
            Technique::Chain { .. } => Family::Chains,
            Technique::Backtracking => Family::Backtracking,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

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
    pub explanation: String,
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
            explanation: String::new(),
        }
    }

    /// A step that places `digit` in `cell`, justified by `base` houses and explained by
    /// `explanation`; the placed candidate is its pattern.
    pub fn placing(
        technique: Technique,
        placed: Candidate,
        base: Option<usize>,
        explanation: String,
    ) -> Step {
        let mut step = Step::new(technique);
        step.placements.push(placed);
        step.pattern.push(placed);
        step.base.extend(base);
        step.explanation = explanation;
        step
    }

    /// Whether the step changes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}

impl Serialize for Candidate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Candidate", 2)?;
        s.serialize_field("cell", &self.cell.index())?;
        s.serialize_field("digit", &self.digit)?;
        s.end()
    }
}

impl Technique {
    /// Finds the techniques among `all` that a name typed by a user means: a technique
    /// (`hidden-single`, `X-Wing`, `naked pair`), a HoDoKu code (`0300`) or a family (`fish`,
    /// `singles`), which stands for all its techniques. Case, spaces and hyphens do not matter.
    pub fn parse(name: &str, all: &[Technique]) -> Option<Vec<Technique>> {
        let key = |text: &str| -> String {
            text.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let wanted = key(name);
        let family = all
            .iter()
            .filter(|t| key(&format!("{:?}", t.family())) == wanted)
            .copied()
            .collect::<Vec<_>>();
        if !family.is_empty() {
            return Some(family);
        }
        let matching: Vec<Technique> = all
            .iter()
            .filter(|t| {
                let full = t.name();
                let base = full.split(" (").next().unwrap_or(&full);
                key(&full) == wanted || key(base) == wanted || t.hodoku_code() == Some(name)
            })
            .copied()
            .collect();
        (!matching.is_empty()).then_some(matching)
    }
}
