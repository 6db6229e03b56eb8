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

impl Family {
    /// The name shown in legends: `Singles`, `Single-digit patterns`, `Almost locked sets`.
    pub fn label(self) -> &'static str {
        match self {
            Family::Singles => "Singles",
            Family::Intersections => "Intersections",
            Family::Subsets => "Subsets",
            Family::Fish => "Fish",
            Family::SingleDigit => "Single-digit patterns",
            Family::Uniqueness => "Uniqueness",
            Family::Wings => "Wings",
            Family::Colouring => "Colouring",
            Family::Chains => "Chains",
            Family::Als => "Almost locked sets",
            Family::Forcing => "Forcing chains",
            Family::Backtracking => "Backtracking",
        }
    }
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

/// A single-digit pattern: two strong links on one digit joined by a weak link (or by an empty
/// rectangle's region), alone or as HoDoKu's dual pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SingleDigitPattern {
    /// Two parallel strong links whose bases share a crossing line.
    Skyscraper,
    /// A row and a column strong link whose inner ends share a region.
    TwoStringKite,
    /// Any other pair of strong links joined by a weak link.
    TurbotFish,
    /// A region whose places of the digit lie in one row and one column, with a strong link.
    EmptyRectangle,
    /// Two 2-string kites through the same two cells of a region.
    DualTwoStringKite,
    /// Two empty rectangles on the same two-place region, one through each of its crossings.
    DualEmptyRectangle,
}

/// A colouring rule: strong links of one digit coloured in two alternating colours per cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ColouringRule {
    /// Simple colours: a candidate that sees both colours of a cluster goes.
    Trap,
    /// Simple colours: two cells of one colour share a house, so that colour goes.
    Wrap,
    /// Multi-colours: colours of two clusters see each other, so a candidate seeing both their
    /// partner colours goes.
    MultiTrap,
    /// Multi-colours: a colour that sees both colours of another cluster goes.
    MultiWrap,
}

/// The fish beyond basic fish: with fins, and with regions (Franken) or any houses (mutant)
/// among the base and cover sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FishKind {
    /// Rows and columns, with fins that see every elimination.
    Finned,
    /// A finned fish with a base line that holds at most one candidate besides the fins.
    Sashimi,
    /// Rows (or columns) and regions as base sets, columns (or rows) and regions as covers.
    Franken,
    /// A Franken fish with fins.
    FinnedFranken,
    /// Any houses as base and cover sets.
    Mutant,
    /// A mutant fish with fins.
    FinnedMutant,
}

impl FishKind {
    /// Every kind, simplest first.
    pub const ALL: [FishKind; 6] = [
        FishKind::Finned,
        FishKind::Sashimi,
        FishKind::Franken,
        FishKind::FinnedFranken,
        FishKind::Mutant,
        FishKind::FinnedMutant,
    ];

    /// Whether the kind has fins.
    pub fn is_finned(self) -> bool {
        !matches!(self, FishKind::Franken | FishKind::Mutant)
    }

    /// `Finned`, `Sashimi`, `Franken`, `Finned Franken`, …
    fn prefix(self) -> &'static str {
        match self {
            FishKind::Finned => "Finned",
            FishKind::Sashimi => "Sashimi",
            FishKind::Franken => "Franken",
            FishKind::FinnedFranken => "Finned Franken",
            FishKind::Mutant => "Mutant",
            FishKind::FinnedMutant => "Finned Mutant",
        }
    }
}

/// HoDoKu's codes of the fish beyond basic, by kind (in [`FishKind::ALL`] order) and size 2 to 4.
const FISH_CODES: [[&str; 3]; 6] = [
    ["0310", "0311", "0312"],
    ["0320", "0321", "0322"],
    ["0330", "0331", "0332"],
    ["0340", "0341", "0342"],
    ["0350", "0351", "0352"],
    ["0360", "0361", "0362"],
];

/// HoDoKu's codes of siamese fish: finned kinds (in [`FishKind::ALL`] order, the unfinned
/// Franken and mutant fish have none), sizes 3 and 4.
const SIAMESE_FISH_CODES: [[&str; 2]; 4] = [
    ["03111", "03121"],
    ["03211", "03221"],
    ["03411", "03421"],
    ["03611", "03621"],
];

/// What a forcing chain or net concludes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Forcing {
    /// An assumption that leads to a contradiction is false.
    Contradiction,
    /// What follows from every candidate of a cell holds.
    Cell,
    /// What follows from every place of a digit in a house (row, column or region) holds.
    Region,
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
    /// A bivalue pivot and two bivalue pincers: the pincers' common digit leaves their common peers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers: their common digit leaves the cells seeing all three.
    XyzWing,
    /// Two equal bivalue cells joined by a strong link on one digit: the other leaves their peers.
    WWing,
    /// Four cells holding four digits, only one of them unrestricted: it leaves the cells seeing
    /// every cell of the pattern that holds it.
    WxyzWing,
    /// Unique rectangle types 1 to 6: avoiding a deadly pattern of four cells on two digits.
    UniqueRectangle(u8),
    /// A unique rectangle whose opposite corner is pinned by strong links on one digit.
    HiddenRectangle,
    /// Avoidable rectangle types 1 and 2: a deadly pattern among digits placed, not given.
    AvoidableRectangle(u8),
    /// Bivalue universal grave plus one: the only cell with three candidates must avoid the BUG.
    BugPlusOne,
    /// A single-digit pattern: skyscraper, 2-string kite, turbot fish, empty rectangle, duals.
    SingleDigit(SingleDigitPattern),
    /// Simple colours and multi-colours.
    Colouring(ColouringRule),
    /// N almost locked sets chained by restricted common candidates: ALS-XZ (2), ALS-XY-Wing
    /// (3), ALS-Chain (4 or more).
    AlsChain(u8),
    /// A stem cell of N candidates with an ALS petal for each.
    DeathBlossom(u8),
    /// Two-sector disjoint subsets at a line–region crossing.
    SueDeCoq,
    /// A finned, sashimi, Franken or mutant fish of N base sets.
    Fish(FishKind, u8),
    /// Two fish of a kind on the same base sets whose eliminations are taken together.
    SiameseFish(FishKind, u8),
    /// A candidate whose placement, followed for its digit alone, leaves a house without it.
    Nishio,
    /// Forcing chains: lines of implications through bivalue cells and bilocal digits.
    ForcingChain(Forcing),
    /// Forcing nets: every naked and hidden single that follows.
    ForcingNet(Forcing),
    /// Cells that every placement of a digit once per row, column and region uses take it.
    TemplateSet,
    /// Candidates that no placement of a digit once per row, column and region uses go.
    TemplateDelete,
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
            Technique::XyWing => "XY-Wing".into(),
            Technique::XyzWing => "XYZ-Wing".into(),
            Technique::WWing => "W-Wing".into(),
            Technique::WxyzWing => "WXYZ-Wing".into(),
            Technique::UniqueRectangle(n) => format!("Unique Rectangle Type {n}"),
            Technique::HiddenRectangle => "Hidden Rectangle".into(),
            Technique::AvoidableRectangle(n) => format!("Avoidable Rectangle Type {n}"),
            Technique::BugPlusOne => "BUG+1".into(),
            Technique::SingleDigit(pattern) => match pattern {
                SingleDigitPattern::Skyscraper => "Skyscraper",
                SingleDigitPattern::TwoStringKite => "2-String Kite",
                SingleDigitPattern::TurbotFish => "Turbot Fish",
                SingleDigitPattern::EmptyRectangle => "Empty Rectangle",
                SingleDigitPattern::DualTwoStringKite => "Dual 2-String Kite",
                SingleDigitPattern::DualEmptyRectangle => "Dual Empty Rectangle",
            }
            .into(),
            Technique::Colouring(rule) => match rule {
                ColouringRule::Trap => "Simple Colours (trap)",
                ColouringRule::Wrap => "Simple Colours (wrap)",
                ColouringRule::MultiTrap => "Multi-Colours (trap)",
                ColouringRule::MultiWrap => "Multi-Colours (wrap)",
            }
            .into(),
            Technique::AlsChain(2) => "ALS-XZ".into(),
            Technique::AlsChain(3) => "ALS-XY-Wing".into(),
            Technique::AlsChain(n) => format!("ALS-Chain ({n})"),
            Technique::DeathBlossom(n) => format!("Death Blossom ({n} petals)"),
            Technique::SueDeCoq => "Sue de Coq".into(),
            Technique::Fish(kind, n) => format!(
                "{} {}",
                kind.prefix(),
                sized(n, ["X-Wing", "Swordfish", "Jellyfish"], "Fish")
            ),
            Technique::SiameseFish(kind, n) => format!("Siamese {}", Technique::Fish(kind, n)),
            Technique::Nishio => "Nishio".into(),
            Technique::ForcingChain(Forcing::Contradiction) => "Forcing Chain Contradiction".into(),
            Technique::ForcingChain(Forcing::Cell) => "Cell Forcing Chain".into(),
            Technique::ForcingChain(Forcing::Region) => "Region Forcing Chain".into(),
            Technique::ForcingNet(Forcing::Contradiction) => "Forcing Net Contradiction".into(),
            Technique::ForcingNet(Forcing::Cell) => "Cell Forcing Net".into(),
            Technique::ForcingNet(Forcing::Region) => "Region Forcing Net".into(),
            Technique::TemplateSet => "Template Set".into(),
            Technique::TemplateDelete => "Template Delete".into(),
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
            Technique::UniqueRectangle(1) => "0600",
            Technique::UniqueRectangle(2) => "0601",
            Technique::UniqueRectangle(3) => "0602",
            Technique::UniqueRectangle(4) => "0603",
            Technique::UniqueRectangle(5) => "0604",
            Technique::UniqueRectangle(6) => "0605",
            Technique::HiddenRectangle => "0606",
            Technique::AvoidableRectangle(1) => "0607",
            Technique::AvoidableRectangle(2) => "0608",
            Technique::BugPlusOne => "0610",
            Technique::XyWing => "0800",
            Technique::XyzWing => "0801",
            Technique::WWing => "0803",
            Technique::SingleDigit(pattern) => match pattern {
                SingleDigitPattern::Skyscraper => "0400",
                SingleDigitPattern::TwoStringKite => "0401",
                SingleDigitPattern::EmptyRectangle => "0402",
                SingleDigitPattern::TurbotFish => "0403",
                SingleDigitPattern::DualTwoStringKite => "0404",
                SingleDigitPattern::DualEmptyRectangle => "0405",
            },
            Technique::Colouring(rule) => match rule {
                ColouringRule::Trap => "0500",
                ColouringRule::Wrap => "0501",
                ColouringRule::MultiTrap => "0502",
                ColouringRule::MultiWrap => "0503",
            },
            Technique::AlsChain(2) => "0901",
            Technique::AlsChain(3) => "0902",
            Technique::AlsChain(_) => "0903",
            Technique::DeathBlossom(_) => "0904",
            Technique::SueDeCoq => "1101",
            Technique::Fish(kind, n @ 2..=4) => FISH_CODES[kind as usize][n as usize - 2],
            Technique::SiameseFish(kind, n @ 3..=4) if kind.is_finned() => {
                let finned = FishKind::ALL.iter().filter(|k| k.is_finned());
                let row = finned.take_while(|&&k| k != kind).count();
                SIAMESE_FISH_CODES[row][n as usize - 3]
            }
            Technique::ForcingChain(Forcing::Contradiction) => "1301",
            Technique::ForcingChain(_) => "1302",
            Technique::ForcingNet(Forcing::Contradiction) => "1303",
            Technique::ForcingNet(_) => "1304",
            Technique::TemplateSet => "1201",
            Technique::TemplateDelete => "1202",
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
            Technique::BasicFish(_) | Technique::Fish(..) | Technique::SiameseFish(..) => {
                Family::Fish
            }
            Technique::XyWing | Technique::XyzWing | Technique::WWing | Technique::WxyzWing => {
                Family::Wings
            }
            Technique::UniqueRectangle(_)
            | Technique::HiddenRectangle
            | Technique::AvoidableRectangle(_)
            | Technique::BugPlusOne => Family::Uniqueness,
            Technique::SingleDigit(_) => Family::SingleDigit,
            Technique::Colouring(_) => Family::Colouring,
            Technique::AlsChain(_) | Technique::DeathBlossom(_) | Technique::SueDeCoq => {
                Family::Als
            }
            Technique::Nishio
            | Technique::ForcingChain(_)
            | Technique::ForcingNet(_)
            | Technique::TemplateSet
            | Technique::TemplateDelete => Family::Forcing,
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
