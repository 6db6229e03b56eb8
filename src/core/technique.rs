//! The techniques and the one table that says everything about each of them: its name, its short
//! name (HoDoKu's argument names where HoDoKu has one), its HoDoKu code, its family, HoDoKu's
//! score and level, and its rating on Sudoku Explainer's scale. [`Technique::row`] is that table;
//! names, families, codes, scores and the regression library's code map all derive from it.

use crate::core::limits::Limits;
use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

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

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The level named `name` (`easy`, `Hard`; case does not matter).
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.to_string().eq_ignore_ascii_case(name.trim()))
    }
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
    /// Wings: XY-, XYZ-, W- and WXYZ-Wing.
    Wings,
    /// Colouring: simple colours and multi-colours.
    Colouring,
    /// Chains: X-chains, XY-chains, remote pairs, nice loops and alternating inference chains.
    Chains,
    /// Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains, Sue de Coq, death blossom.
    Als,
    /// Forcing chains and nets, Nishio, templates.
    Forcing,
    /// Killer cages: cage combinations, cage pointing and claiming, innies and outies.
    Killer,
    /// Even/odd marks and consecutive bars: what a cell's mark or a border says.
    Marks,
    /// A guess settled by search.
    Backtracking,
}

impl Family {
    /// Every family, in the engine's rough order of difficulty.
    pub const ALL: [Family; 14] = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Uniqueness,
        Family::Wings,
        Family::Colouring,
        Family::Chains,
        Family::Als,
        Family::Forcing,
        Family::Killer,
        Family::Marks,
        Family::Backtracking,
    ];

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
            Family::Killer => "Killer cages",
            Family::Marks => "Even/odd and consecutive",
            Family::Backtracking => "Backtracking",
        }
    }

    /// The name `--techniques` takes: `singles`, `single-digit`, `als`.
    pub fn key(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Uniqueness => "uniqueness",
            Family::Wings => "wings",
            Family::Colouring => "colouring",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::Forcing => "forcing",
            Family::Killer => "killer",
            Family::Marks => "marks",
            Family::Backtracking => "backtracking",
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
    /// An extra house: a diagonal, a window, a house of an extra-house map.
    Extra,
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

impl SingleDigitPattern {
    /// Every pattern, in the order the engine tries them (by Sudoku Explainer's ratings, each
    /// dual before its single form).
    pub const ALL: [SingleDigitPattern; 6] = [
        SingleDigitPattern::Skyscraper,
        SingleDigitPattern::DualTwoStringKite,
        SingleDigitPattern::TwoStringKite,
        SingleDigitPattern::TurbotFish,
        SingleDigitPattern::DualEmptyRectangle,
        SingleDigitPattern::EmptyRectangle,
    ];
}

/// A rule of Killer cages (see `techniques::killer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KillerRule {
    /// Only the candidates that some set of distinct digits adding up to the cage's sum uses
    /// stay in its cells.
    Combination,
    /// A digit every combination of a cage holds leaves the cells that see all its places in
    /// the cage.
    CagePointing,
    /// A digit whose places in a house all lie in one cage is in that cage: it leaves the
    /// cage's other cells, and the combinations without it go.
    CageClaiming,
    /// The 45 rule: houses hold every digit once, so the cells of a union of houses that its
    /// cages leave over (innies), or the cells its cages reach outside it (outies), add up to
    /// a known sum.
    Innies,
}

/// A rule of even/odd and consecutive Sudokus (see `techniques::marks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MarkRule {
    /// Cells marked even lose their odd candidates.
    Even,
    /// Cells marked odd lose their even candidates.
    Odd,
    /// Two cells with a bar between them differ by 1: a candidate with no neighbour digit in
    /// the other cell goes.
    Bar,
    /// Where every bar is drawn, two touching cells without one do not differ by 1: a
    /// candidate whose every partner in the other cell is 1 away goes.
    NoBar,
}

impl MarkRule {
    /// Every rule, in the engine's order.
    pub const ALL: [MarkRule; 4] = [
        MarkRule::Even,
        MarkRule::Odd,
        MarkRule::Bar,
        MarkRule::NoBar,
    ];
}

impl KillerRule {
    /// Every rule, in the order the engine tries them.
    pub const ALL: [KillerRule; 4] = [
        KillerRule::Combination,
        KillerRule::CagePointing,
        KillerRule::CageClaiming,
        KillerRule::Innies,
    ];
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

impl ColouringRule {
    /// Every rule, in the order the engine tries them.
    pub const ALL: [ColouringRule; 4] = [
        ColouringRule::Trap,
        ColouringRule::Wrap,
        ColouringRule::MultiTrap,
        ColouringRule::MultiWrap,
    ];
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
}

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

impl Forcing {
    /// Every kind, in the order the engine tries them.
    pub const ALL: [Forcing; 3] = [Forcing::Contradiction, Forcing::Cell, Forcing::Region];
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
    /// Forcing nets that also use intersections (a digit locked in a house's intersection with
    /// another leaves the rest of the other): Sudoku Explainer's "dynamic +".
    ForcingNetPlus(Forcing),
    /// Nested forcing nets: every naked and hidden single, and when none is left, the
    /// elimination of a candidate whose placement leads, by a forcing net, to a contradiction.
    NestedNet(Forcing),
    /// A Killer cage deduction: combinations, cage pointing and claiming, innies and outies.
    Killer(KillerRule),
    /// An even/odd mark's or a consecutive bar's deduction.
    Marks(MarkRule),
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

/// What the table says about one technique.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The display name: `Hidden Single (row)`, `Naked Triple`, `Naked Subset (5)`.
    pub name: Cow<'static, str>,
    /// The short name `--techniques` also takes: HoDoKu's (`h1`, `lc1`, `bf2`) where it has one.
    pub short: Cow<'static, str>,
    /// HoDoKu's code, as its regression library writes it, if HoDoKu has the technique.
    pub code: Option<&'static str>,
    /// The family, for colours and summaries.
    pub family: Family,
    /// HoDoKu-style score added for each step.
    pub score: u32,
    /// HoDoKu-style level.
    pub level: Level,
    /// Rating on Sudoku Explainer's 1.0–11.0 scale.
    pub explainer: f32,
}

/// Score, level and Sudoku Explainer rating.
type Rating = (u32, Level, f32);

/// A technique that comes in sizes 2, 3, 4 (and beyond on big grids): its rows for 2 to 4 and
/// how they continue.
struct Sized {
    /// Names of sizes 2 to 4.
    names: [&'static str; 3],
    /// The name of other sizes, followed by the size: `Naked Subset (5)`.
    general: &'static str,
    /// The short name, followed by the size: `n2`.
    short: &'static str,
    /// HoDoKu's codes of sizes 2 to 4.
    codes: [Option<&'static str>; 3],
    family: Family,
    /// Ratings of sizes 2 to 4.
    ratings: [Rating; 3],
    /// The rating of a size beyond 4 (or below 2).
    beyond: fn(u8) -> Rating,
}

impl Sized {
    fn row(&self, n: u8) -> Row {
        let listed = (2..=4).contains(&n).then(|| n as usize - 2);
        let name = listed.map_or(format!("{} ({n})", self.general).into(), |i| {
            Cow::Borrowed(self.names[i])
        });
        let (score, level, explainer) = listed.map_or((self.beyond)(n), |i| self.ratings[i]);
        Row {
            name,
            short: format!("{}{n}", self.short).into(),
            code: listed.and_then(|i| self.codes[i]),
            family: self.family,
            score,
            level,
            explainer,
        }
    }
}

/// Subsets and basic fish past quads and jellyfish continue HoDoKu's progression.
fn large_subset(n: u8) -> Rating {
    let beyond = f32::from(n) - 4.0;
    (
        160 + 40 * u32::from(n.saturating_sub(4)),
        Level::Unfair,
        5.4 + 0.2 * beyond,
    )
}

const FISH_NAMES: [&str; 3] = ["X-Wing", "Swordfish", "Jellyfish"];

/// Sized techniques: names of sizes 2 to 4, the general name, the short name, HoDoKu's codes,
/// the family, the ratings of sizes 2 to 4, and the rule beyond.
#[rustfmt::skip]
const LOCKED: Sized = Sized { names: ["Locked Pair", "Locked Triple", "Locked Quad"], general: "Locked Subset", short: "l", codes: [Some("0110"), Some("0111"), None], family: Family::Intersections, ratings: [(40, Level::Medium, 3.0), (60, Level::Medium, 3.6), (60, Level::Medium, 3.6)], beyond: |_| (60, Level::Medium, 3.6) };
#[rustfmt::skip]
const NAKED: Sized = Sized { names: ["Naked Pair", "Naked Triple", "Naked Quad"], general: "Naked Subset", short: "n", codes: [Some("0200"), Some("0201"), Some("0202")], family: Family::Subsets, ratings: [(60, Level::Medium, 3.0), (80, Level::Medium, 3.6), (120, Level::Hard, 5.0)], beyond: large_subset };
#[rustfmt::skip]
const HIDDEN: Sized = Sized { names: ["Hidden Pair", "Hidden Triple", "Hidden Quad"], general: "Hidden Subset", short: "h", codes: [Some("0210"), Some("0211"), Some("0212")], family: Family::Subsets, ratings: [(70, Level::Medium, 3.4), (100, Level::Medium, 4.0), (150, Level::Hard, 5.4)], beyond: large_subset };
#[rustfmt::skip]
const BASIC_FISH: Sized = Sized { names: FISH_NAMES, general: "Fish", short: "bf", codes: [Some("0300"), Some("0301"), Some("0302")], family: Family::Fish, ratings: [(140, Level::Hard, 3.2), (150, Level::Hard, 3.8), (160, Level::Hard, 5.2)], beyond: large_subset };

/// One row per [`FishKind`] (in [`FishKind::ALL`] order): the name's prefix, the short name's
/// prefix, HoDoKu's codes of sizes 2 to 4 (and of the siamese form, sizes 3 and 4), HoDoKu's
/// scores and levels of sizes 2 to 4, the level beyond, and how far above the basic fish of its
/// size Sudoku Explainer rates it (finned and sashimi fish 0.2 above, as SE does; SE has no
/// Franken or mutant fish, so we continue: Franken 1.2 above basic, mutant 1.8, and their finned
/// forms 0.2 more).
struct FishRow {
    prefix: &'static str,
    short: &'static str,
    codes: [&'static str; 3],
    siamese_codes: Option<[&'static str; 2]>,
    scores: [u32; 3],
    levels: [Level; 3],
    beyond: Level,
    above_basic: f32,
}

#[rustfmt::skip]
const FISH: [FishRow; 6] = {
    use Level::{Extreme, Hard, Unfair};
    [
        FishRow { prefix: "Finned", short: "fbf", codes: ["0310", "0311", "0312"], siamese_codes: Some(["03111", "03121"]), scores: [130, 200, 250], levels: [Hard, Unfair, Unfair], beyond: Unfair, above_basic: 0.2 },
        FishRow { prefix: "Sashimi", short: "sbf", codes: ["0320", "0321", "0322"], siamese_codes: Some(["03211", "03221"]), scores: [150, 240, 260], levels: [Hard, Unfair, Unfair], beyond: Unfair, above_basic: 0.2 },
        FishRow { prefix: "Franken", short: "ff", codes: ["0330", "0331", "0332"], siamese_codes: None, scores: [300, 350, 370], levels: [Unfair; 3], beyond: Extreme, above_basic: 1.2 },
        FishRow { prefix: "Finned Franken", short: "fff", codes: ["0340", "0341", "0342"], siamese_codes: Some(["03411", "03421"]), scores: [390, 410, 430], levels: [Unfair; 3], beyond: Extreme, above_basic: 1.4 },
        FishRow { prefix: "Mutant", short: "mf", codes: ["0350", "0351", "0352"], siamese_codes: None, scores: [450; 3], levels: [Extreme; 3], beyond: Extreme, above_basic: 1.8 },
        FishRow { prefix: "Finned Mutant", short: "fmf", codes: ["0360", "0361", "0362"], siamese_codes: Some(["03611", "03621"]), scores: [470; 3], levels: [Extreme; 3], beyond: Extreme, above_basic: 2.0 },
    ]
};

impl FishRow {
    /// The row of the fish of this kind with `n` base sets, siamese or not.
    fn row(&self, n: u8, siamese: bool) -> Row {
        let basic = BASIC_FISH.row(n);
        let listed = (2..=4).contains(&n).then(|| n as usize - 2);
        let fish = listed.map_or(format!("Fish ({n})"), |i| FISH_NAMES[i].to_string());
        let code = match (siamese, listed) {
            (false, Some(i)) => Some(self.codes[i]),
            (true, Some(i @ 1..)) => self.siamese_codes.map(|codes| codes[i - 1]),
            _ => None,
        };
        let (score, level) =
            listed.map_or((470, self.beyond), |i| (self.scores[i], self.levels[i]));
        let (name, short) = (
            format!("{} {fish}", self.prefix),
            format!("{}{n}", self.short),
        );
        Row {
            name: if siamese {
                format!("Siamese {name}").into()
            } else {
                name.into()
            },
            short: if siamese { format!("si{short}") } else { short }.into(),
            code,
            family: Family::Fish,
            score,
            level,
            explainer: basic.explainer + self.above_basic,
        }
    }
}

impl Row {
    /// A row of the table; an empty `code` means HoDoKu has none.
    fn new(
        name: &'static str,
        short: &'static str,
        code: &'static str,
        family: Family,
        score: u32,
        level: Level,
        explainer: f32,
    ) -> Row {
        Row {
            name: Cow::Borrowed(name),
            short: Cow::Borrowed(short),
            code: (!code.is_empty()).then_some(code),
            family,
            score,
            level,
            explainer,
        }
    }
}

impl Technique {
    /// Singles and intersections, in the order the engine tries them.
    pub const SIMPLEST: [Technique; 10] = [
        Technique::FullHouse,
        Technique::HiddenSingle(SingleHouse::Region),
        Technique::HiddenSingle(SingleHouse::Row),
        Technique::HiddenSingle(SingleHouse::Column),
        Technique::HiddenSingle(SingleHouse::Extra),
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedSubset(2),
        Technique::LockedSubset(3),
    ];

    /// The table: every technique's name, short name, HoDoKu code, family, HoDoKu score and
    /// level, and Sudoku Explainer rating (sized techniques in [`LOCKED`], [`NAKED`], [`HIDDEN`],
    /// [`BASIC_FISH`] and [`FISH`]).
    ///
    /// HoDoKu has no WXYZ-Wing and Sudoku Explainer no W-Wing, WXYZ-Wing, hidden or avoidable
    /// rectangle: those sit beside their nearest relatives. ALS techniques: HoDoKu's scores; on
    /// the Explainer scale 7.0 plus 0.5 per ALS beyond the stem or first ALS (ALS-XZ 7.5,
    /// ALS-XY-Wing 8.0, a 2-petal blossom 8.0), Sue de Coq as a quad (5.0). Chains: HoDoKu's
    /// scores; Sudoku Explainer rates a chain by its kind plus its length, and the table holds
    /// the rating of the shortest chain of each kind (an X-cycle 6.5, a Y-cycle 6.6,
    /// bidirectional cycles 7.0, grouped ones 7.2).
    #[rustfmt::skip]
    pub fn row(self) -> Row {
        use ChainKind as K;
        use ColouringRule as C;
        use Family::*;
        use Level::*;
        use SingleDigitPattern as P;
        use SingleHouse as H;
        use Technique as T;
        use self::Forcing as F;
        use KillerRule as KR;
        use MarkRule as MR;
        let row = Row::new;
        let n = |n: u8| f32::from(n);
        match self {
            T::FullHouse                   => row("Full House",             "fh",   "0000", Singles,       4,   Easy,   1.0),
            T::HiddenSingle(H::Region)     => row("Hidden Single (region)", "h1",   "0002", Singles,       14,  Easy,   1.2),
            T::HiddenSingle(H::Row)        => row("Hidden Single (row)",    "h1",   "0002", Singles,       14,  Easy,   1.5),
            T::HiddenSingle(H::Column)     => row("Hidden Single (column)", "h1",   "0002", Singles,       14,  Easy,   1.5),
            T::HiddenSingle(H::Extra)      => row("Hidden Single (extra house)", "h1", "",   Singles,       14,  Easy,   1.5),
            T::NakedSingle                 => row("Naked Single",           "n1",   "0003", Singles,       4,   Easy,   2.3),
            T::Marks(MR::Even)             => row("Even Cells",             "ev",   "",     Marks,         4,   Easy,   1.0),
            T::Marks(MR::Odd)              => row("Odd Cells",              "od",   "",     Marks,         4,   Easy,   1.0),
            T::Marks(MR::Bar)              => row("Consecutive Bar",        "cb",   "",     Marks,         10,  Easy,   1.7),
            T::Marks(MR::NoBar)            => row("No Bar",                 "nb",   "",     Marks,         10,  Easy,   1.7),
            T::Killer(KR::Combination)     => row("Cage Combination",       "cc",   "",     Killer,        4,   Easy,   2.3),
            T::Pointing                    => row("Pointing",               "lc1",  "0100", Intersections, 50,  Medium, 2.6),
            T::Killer(KR::CagePointing)    => row("Cage Pointing",          "cp",   "",     Killer,        30,  Medium, 2.6),
            T::Killer(KR::CageClaiming)    => row("Cage Claiming",          "ccl",  "",     Killer,        30,  Medium, 2.8),
            T::Killer(KR::Innies)          => row("Innies and Outies",      "io",   "",     Killer,        40,  Medium, 2.9),
            T::Claiming                    => row("Claiming",               "lc2",  "0101", Intersections, 50,  Medium, 2.8),
            T::LockedSubset(size)          => LOCKED.row(size),
            T::NakedSubset(size)           => NAKED.row(size),
            T::HiddenSubset(size)          => HIDDEN.row(size),
            T::BasicFish(size)             => BASIC_FISH.row(size),
            T::Fish(kind, size)            => FISH[kind as usize].row(size, false),
            T::SiameseFish(kind, size)     => FISH[kind as usize].row(size, true),
            T::SingleDigit(P::Skyscraper)  => row("Skyscraper",             "sk",   "0400", SingleDigit,   130, Hard,   4.0),
            T::SingleDigit(P::TwoStringKite) => row("2-String Kite",        "2sk",  "0401", SingleDigit,   150, Hard,   4.1),
            T::SingleDigit(P::EmptyRectangle) => row("Empty Rectangle",     "er",   "0402", SingleDigit,   120, Hard,   4.5),
            T::SingleDigit(P::TurbotFish)  => row("Turbot Fish",            "tf",   "0403", SingleDigit,   120, Hard,   4.2),
            T::SingleDigit(P::DualTwoStringKite) => row("Dual 2-String Kite", "d2sk", "0404", SingleDigit, 150, Hard,   4.1),
            T::SingleDigit(P::DualEmptyRectangle) => row("Dual Empty Rectangle", "der", "0405", SingleDigit, 120, Hard, 4.5),
            T::Colouring(C::Trap)          => row("Simple Colours (trap)",  "sc",   "0500", Colouring,     150, Hard,   4.5),
            T::Colouring(C::Wrap)          => row("Simple Colours (wrap)",  "sc",   "0501", Colouring,     150, Hard,   4.5),
            T::Colouring(C::MultiTrap)     => row("Multi-Colours (trap)",   "mc",   "0502", Colouring,     200, Hard,   4.6),
            T::Colouring(C::MultiWrap)     => row("Multi-Colours (wrap)",   "mc",   "0503", Colouring,     200, Hard,   4.6),
            T::XyWing                      => row("XY-Wing",                "xy",   "0800", Wings,         160, Hard,   4.2),
            T::XyzWing                     => row("XYZ-Wing",               "xyz",  "0801", Wings,         180, Hard,   4.4),
            T::WWing                       => row("W-Wing",                 "w",    "0803", Wings,         150, Hard,   4.4),
            T::WxyzWing                    => row("WXYZ-Wing",              "wxyz", "",     Wings,         200, Hard,   4.6),
            T::UniqueRectangle(1)          => row("Unique Rectangle Type 1", "u1",  "0600", Uniqueness,    100, Hard,   4.5),
            T::UniqueRectangle(2)          => row("Unique Rectangle Type 2", "u2",  "0601", Uniqueness,    100, Hard,   4.6),
            T::UniqueRectangle(3)          => row("Unique Rectangle Type 3", "u3",  "0602", Uniqueness,    100, Hard,   4.6),
            T::UniqueRectangle(4)          => row("Unique Rectangle Type 4", "u4",  "0603", Uniqueness,    100, Hard,   4.5),
            T::UniqueRectangle(5)          => row("Unique Rectangle Type 5", "u5",  "0604", Uniqueness,    100, Hard,   4.6),
            T::UniqueRectangle(_)          => row("Unique Rectangle Type 6", "u6",  "0605", Uniqueness,    100, Hard,   4.6),
            T::HiddenRectangle             => row("Hidden Rectangle",       "hr",   "0606", Uniqueness,    100, Hard,   4.6),
            T::AvoidableRectangle(1)       => row("Avoidable Rectangle Type 1", "ar1", "0607", Uniqueness, 100, Hard,   4.5),
            T::AvoidableRectangle(_)       => row("Avoidable Rectangle Type 2", "ar2", "0608", Uniqueness, 100, Hard,   4.6),
            T::BugPlusOne                  => row("BUG+1",                  "bug1", "0610", Uniqueness,    100, Hard,   5.6),
            T::Chain { kind: K::XChain, grouped: false } => row("X-Chain",  "x",    "0701", Chains,        260, Unfair, 6.5),
            T::Chain { kind: K::XyChain, grouped: false } => row("XY-Chain", "xyc", "0702", Chains,        260, Unfair, 6.6),
            T::Chain { kind: K::RemotePair, grouped: false } => row("Remote Pair", "rp", "0703", Chains,   110, Hard,   6.6),
            T::Chain { kind: K::ContinuousLoop, grouped: false } => row("Continuous Nice Loop", "cnl", "0706", Chains, 280, Unfair, 7.0),
            T::Chain { kind: K::DiscontinuousLoop, grouped: false } => row("Discontinuous Nice Loop", "dnl", "0707", Chains, 280, Unfair, 7.0),
            T::Chain { kind: K::Aic, grouped: false } => row("AIC",          "aic",  "0708", Chains,        280, Unfair, 7.0),
            T::Chain { kind: K::ContinuousLoop, grouped: true } => row("Grouped Continuous Nice Loop", "gcnl", "0709", Chains, 300, Unfair, 7.2),
            T::Chain { kind: K::DiscontinuousLoop, grouped: true } => row("Grouped Discontinuous Nice Loop", "gdnl", "0710", Chains, 300, Unfair, 7.2),
            T::Chain { kind: K::Aic, grouped: true } => row("Grouped AIC",   "gaic", "0711", Chains,        300, Unfair, 7.2),
            // Group nodes change nothing in a chain of one kind of link.
            T::Chain { kind, grouped: true } => Row { name: format!("Grouped {}", T::Chain { kind, grouped: false }.name()).into(), code: None, ..T::Chain { kind, grouped: false }.row() },
            T::AlsChain(2)                 => row("ALS-XZ",                 "axz",  "0901", Als,           300, Unfair, 7.5),
            T::AlsChain(3)                 => row("ALS-XY-Wing",            "axy",  "0902", Als,           320, Unfair, 8.0),
            T::AlsChain(sets)              => Row { name: format!("ALS-Chain ({sets})").into(), ..row("", "ach", "0903", Als, 340, Unfair, 6.5 + 0.5 * n(sets)) },
            T::DeathBlossom(petals)        => Row { name: format!("Death Blossom ({petals} petals)").into(), ..row("", "db", "0904", Als, 360, Unfair, 7.0 + 0.5 * n(petals)) },
            T::SueDeCoq                    => row("Sue de Coq",             "sdc",  "1101", Als,           250, Unfair, 5.0),
            T::Nishio                      => row("Nishio",                 "ni",   "",     Forcing,       500, Extreme, 7.6),
            T::ForcingChain(F::Contradiction) => row("Forcing Chain Contradiction", "fcc", "1301", Forcing, 500, Extreme, 8.0),
            T::ForcingChain(F::Cell)       => row("Cell Forcing Chain",     "fcv",  "1302", Forcing,       500, Extreme, 8.2),
            T::ForcingChain(F::Region)     => row("Region Forcing Chain",   "fcv",  "1302", Forcing,       500, Extreme, 8.3),
            T::ForcingNet(F::Contradiction) => row("Forcing Net Contradiction", "fnc", "1303", Forcing,    700, Extreme, 9.0),
            T::ForcingNet(F::Cell)         => row("Cell Forcing Net",       "fnv",  "1304", Forcing,       700, Extreme, 9.2),
            T::ForcingNet(F::Region)       => row("Region Forcing Net",     "fnv",  "1304", Forcing,       700, Extreme, 9.3),
            T::ForcingNetPlus(F::Contradiction) => row("Forcing Net Plus Contradiction", "fpc", "", Forcing, 800, Extreme, 9.35),
            T::ForcingNetPlus(F::Cell)     => row("Cell Forcing Net Plus",  "fpv",  "",     Forcing,       800, Extreme, 9.4),
            T::ForcingNetPlus(F::Region)   => row("Region Forcing Net Plus", "fpv", "",     Forcing,       800, Extreme, 9.45),
            T::TemplateSet                 => row("Template Set",           "ts",   "1201", Forcing,       10_000, Extreme, 9.5),
            T::TemplateDelete              => row("Template Delete",        "td",   "1202", Forcing,       10_000, Extreme, 9.5),
            T::NestedNet(F::Contradiction) => row("Nested Forcing Net Contradiction", "nnc", "", Forcing, 1000, Extreme, 9.6),
            T::NestedNet(F::Cell)          => row("Nested Cell Forcing Net", "nnv", "",     Forcing,       1000, Extreme, 9.8),
            T::NestedNet(F::Region)        => row("Nested Region Forcing Net", "nnv", "",   Forcing,       1000, Extreme, 9.9),
            T::Backtracking                => row("Backtracking",           "bt",   "",     Backtracking,  10_000, Extreme, 11.0),
        }
    }

    /// The display name: `Hidden Single (row)`, `Naked Triple`, `X-Wing`, `Naked Subset (5)`.
    pub fn name(self) -> String {
        self.row().name.into_owned()
    }

    /// The name in sentence case, as an explanation starts: `Naked pair`, `Cell forcing net`.
    pub fn sentence(self) -> String {
        let name = self.name();
        let mut chars = name.chars();
        chars.next().map_or(String::new(), |first| {
            first.to_string() + &chars.as_str().to_lowercase()
        })
    }

    /// HoDoKu's code for the technique, as used by its regression library, if it has one.
    pub fn hodoku_code(self) -> Option<&'static str> {
        self.row().code
    }

    /// The family, for colours and summaries.
    pub fn family(self) -> Family {
        self.row().family
    }

    /// Whether the technique is sound on overlapping grids (Samurai and its relatives): all but
    /// the uniqueness patterns, whose deadly patterns assume that swapping digits within one
    /// grid's rows, columns and boxes breaks no other house, and templates, which place a digit
    /// once in each row, column and box of one N x N grid.
    pub fn holds_on_overlapping_grids(self) -> bool {
        self.family() != Family::Uniqueness
            && !matches!(self, Technique::TemplateSet | Technique::TemplateDelete)
    }

    /// HoDoKu-style level.
    pub fn level(self) -> Level {
        self.row().level
    }

    /// Every technique the engine knows at the sizes of a 9x9 grid (subsets and fish of 2 to 4,
    /// ALS chains and death blossoms up to the 9x9 caps), in table order: what HoDoKu's codes
    /// and the names users type are matched against.
    pub fn catalogue() -> Vec<Technique> {
        use Technique as T;
        let limits = Limits::for_size(9);
        let sizes = 2..=4u8;
        let mut all = Technique::SIMPLEST.to_vec();
        for sized in [T::NakedSubset, T::HiddenSubset, T::BasicFish] {
            all.extend(sizes.clone().map(sized));
        }
        for kind in FishKind::ALL {
            all.extend(sizes.clone().map(|n| T::Fish(kind, n)));
            all.extend(sizes.clone().map(|n| T::SiameseFish(kind, n)));
        }
        all.extend([T::XyWing, T::XyzWing, T::WWing, T::WxyzWing]);
        all.extend((1..=6).map(T::UniqueRectangle));
        all.extend([
            T::HiddenRectangle,
            T::AvoidableRectangle(1),
            T::AvoidableRectangle(2),
            T::BugPlusOne,
        ]);
        all.extend(SingleDigitPattern::ALL.map(T::SingleDigit));
        all.extend(ColouringRule::ALL.map(T::Colouring));
        use ChainKind as K;
        all.extend([K::XChain, K::XyChain, K::RemotePair].map(|kind| T::Chain {
            kind,
            grouped: false,
        }));
        for grouped in [false, true] {
            all.extend(
                [K::ContinuousLoop, K::DiscontinuousLoop, K::Aic]
                    .map(|kind| T::Chain { kind, grouped }),
            );
        }
        all.extend((2..=limits.als_chain_sets as u8).map(T::AlsChain));
        all.extend((2..=limits.blossom_petals as u8).map(T::DeathBlossom));
        all.push(T::SueDeCoq);
        all.push(T::Nishio);
        for kind in Forcing::ALL {
            all.extend([T::ForcingChain(kind), T::ForcingNet(kind)]);
        }
        all.extend(Forcing::ALL.map(T::ForcingNetPlus));
        all.extend([T::TemplateSet, T::TemplateDelete]);
        all.extend(Forcing::ALL.map(T::NestedNet));
        all.extend(KillerRule::ALL.map(T::Killer));
        all.extend(MarkRule::ALL.map(T::Marks));
        all.push(T::Backtracking);
        all
    }

    /// The techniques HoDoKu's `code` (without variant) stands for, `None` when we have none.
    /// `0002` (hidden single) is the hidden singles of all three house kinds.
    pub fn for_code(code: &str) -> Option<Vec<Technique>> {
        let found: Vec<Technique> = Technique::catalogue()
            .into_iter()
            .filter(|t| t.hodoku_code() == Some(code))
            .collect();
        (!found.is_empty()).then_some(found)
    }

    /// Finds the techniques among `all` that a name typed by a user means: a technique
    /// (`hidden-single`, `X-Wing`, `naked pair`), a short name (`xy`, `bf2`), a HoDoKu code
    /// (`0300`) or a family (`fish`, `singles`), which stands for all its techniques. Case,
    /// spaces and hyphens do not matter.
    pub fn parse(name: &str, all: &[Technique]) -> Option<Vec<Technique>> {
        let key = |text: &str| -> String {
            text.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let wanted = key(name);
        let matching: Vec<Technique> = all
            .iter()
            .filter(|t| {
                let row = t.row();
                let base = row.name.split(" (").next().unwrap_or(&row.name);
                key(row.family.key()) == wanted
                    || key(&row.name) == wanted
                    || key(base) == wanted
                    || row.short == name.to_ascii_lowercase()
                    || row.code == Some(name)
            })
            .copied()
            .collect();
        (!matching.is_empty()).then_some(matching)
    }
}

/// One step type of HoDoKu 2.2.0's default solver: HoDoKu's name for it and the techniques it
/// stands for. Its score and level are the table's ([`Technique::row`]), the same for each of
/// its techniques.
#[derive(Debug, Clone, Copy)]
pub struct HodokuStep {
    /// HoDoKu's name: `Locked Candidates Type 1 (Pointing)`, `Nice Loop`.
    pub name: &'static str,
    /// Our techniques that find its steps.
    pub techniques: &'static [Technique],
}

/// HoDoKu 2.2.0's default solver: the step types it has enabled, in the order it tries them
/// (the order of their indexes in its default settings), brute force last. Techniques HoDoKu
/// leaves disabled by default (larger fish, mutant fish, death blossom, kraken fish, templates)
/// are not here.
#[rustfmt::skip]
pub const HODOKU_ORDER: &[HodokuStep] = {
    use ChainKind as K;
    use ColouringRule as C;
    use FishKind as Fk;
    use Forcing as F;
    use SingleDigitPattern as P;
    use SingleHouse as H;
    use Technique as T;
    const fn step(name: &'static str, techniques: &'static [Technique]) -> HodokuStep {
        HodokuStep { name, techniques }
    }
    const fn chain(kind: ChainKind, grouped: bool) -> Technique {
        Technique::Chain { kind, grouped }
    }
    &[
        step("Full House", &[T::FullHouse]),
        step("Naked Single", &[T::NakedSingle]),
        step("Hidden Single", &[T::HiddenSingle(H::Row), T::HiddenSingle(H::Column), T::HiddenSingle(H::Region)]),
        step("Locked Pair", &[T::LockedSubset(2)]),
        step("Locked Triple", &[T::LockedSubset(3)]),
        step("Locked Candidates Type 1 (Pointing)", &[T::Pointing]),
        step("Locked Candidates Type 2 (Claiming)", &[T::Claiming]),
        step("Naked Pair", &[T::NakedSubset(2)]),
        step("Naked Triple", &[T::NakedSubset(3)]),
        step("Hidden Pair", &[T::HiddenSubset(2)]),
        step("Hidden Triple", &[T::HiddenSubset(3)]),
        step("Naked Quadruple", &[T::NakedSubset(4)]),
        step("Hidden Quadruple", &[T::HiddenSubset(4)]),
        step("X-Wing", &[T::BasicFish(2)]),
        step("Swordfish", &[T::BasicFish(3)]),
        step("Jellyfish", &[T::BasicFish(4)]),
        step("Remote Pair", &[chain(K::RemotePair, false)]),
        step("Bivalue Universal Grave + 1", &[T::BugPlusOne]),
        step("Skyscraper", &[T::SingleDigit(P::Skyscraper)]),
        step("2-String Kite", &[T::SingleDigit(P::TwoStringKite)]),
        step("Turbot Fish", &[T::SingleDigit(P::TurbotFish)]),
        step("Empty Rectangle", &[T::SingleDigit(P::EmptyRectangle)]),
        step("W-Wing", &[T::WWing]),
        step("XY-Wing", &[T::XyWing]),
        step("XYZ-Wing", &[T::XyzWing]),
        step("Uniqueness Test 1", &[T::UniqueRectangle(1)]),
        step("Uniqueness Test 2", &[T::UniqueRectangle(2)]),
        step("Uniqueness Test 3", &[T::UniqueRectangle(3)]),
        step("Uniqueness Test 4", &[T::UniqueRectangle(4)]),
        step("Uniqueness Test 5", &[T::UniqueRectangle(5)]),
        step("Uniqueness Test 6", &[T::UniqueRectangle(6)]),
        step("Hidden Rectangle", &[T::HiddenRectangle]),
        step("Avoidable Rectangle Type 1", &[T::AvoidableRectangle(1)]),
        step("Avoidable Rectangle Type 2", &[T::AvoidableRectangle(2)]),
        step("Finned X-Wing", &[T::Fish(Fk::Finned, 2)]),
        step("Sashimi X-Wing", &[T::Fish(Fk::Sashimi, 2)]),
        step("Finned Swordfish", &[T::Fish(Fk::Finned, 3)]),
        step("Sashimi Swordfish", &[T::Fish(Fk::Sashimi, 3)]),
        step("Finned Jellyfish", &[T::Fish(Fk::Finned, 4)]),
        step("Sashimi Jellyfish", &[T::Fish(Fk::Sashimi, 4)]),
        step("Sue de Coq", &[T::SueDeCoq]),
        step("Simple Colors", &[T::Colouring(C::Trap), T::Colouring(C::Wrap)]),
        step("Multi Colors", &[T::Colouring(C::MultiTrap), T::Colouring(C::MultiWrap)]),
        step("X-Chain", &[chain(K::XChain, false)]),
        step("XY-Chain", &[chain(K::XyChain, false)]),
        step("Nice Loop", &[chain(K::ContinuousLoop, false), chain(K::DiscontinuousLoop, false), chain(K::Aic, false)]),
        step("Grouped Nice Loop", &[chain(K::ContinuousLoop, true), chain(K::DiscontinuousLoop, true), chain(K::Aic, true)]),
        step("Almost Locked Set XZ-Rule", &[T::AlsChain(2)]),
        step("Almost Locked Set XY-Wing", &[T::AlsChain(3)]),
        step("Almost Locked Set XY-Chain", &[T::AlsChain(4), T::AlsChain(5), T::AlsChain(6), T::AlsChain(7)]),
        step("Franken X-Wing", &[T::Fish(Fk::Franken, 2)]),
        step("Franken Swordfish", &[T::Fish(Fk::Franken, 3)]),
        step("Finned Franken X-Wing", &[T::Fish(Fk::FinnedFranken, 2)]),
        step("Finned Franken Swordfish", &[T::Fish(Fk::FinnedFranken, 3)]),
        step("Forcing Chain", &[T::ForcingChain(F::Contradiction), T::ForcingChain(F::Cell), T::ForcingChain(F::Region)]),
        step("Forcing Net", &[T::ForcingNet(F::Contradiction), T::ForcingNet(F::Cell), T::ForcingNet(F::Region)]),
        step("Brute Force", &[T::Backtracking]),
    ]
};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_names_one_kind_of_technique() {
        // No two techniques of different names share a code, except the hidden singles (one
        // HoDoKu code for three house kinds), the colouring rules of one colouring, the verity
        // forcing chains and nets (cell and region), and the ALS chains and blossoms of any size.
        let all = Technique::catalogue();
        for t in &all {
            let Some(code) = t.hodoku_code() else {
                continue;
            };
            let same: Vec<&Technique> = all
                .iter()
                .filter(|u| u.hodoku_code() == Some(code))
                .collect();
            let families: Vec<Family> = same.iter().map(|u| u.family()).collect();
            assert!(
                families.iter().all(|&f| f == t.family()),
                "{code}: {same:?}"
            );
        }
        assert_eq!(
            Technique::for_code("0300"),
            Some(vec![Technique::BasicFish(2)])
        );
        assert_eq!(Technique::for_code("0002").map(|t| t.len()), Some(3));
        assert_eq!(
            Technique::for_code("03421"),
            Some(vec![Technique::SiameseFish(FishKind::FinnedFranken, 4)])
        );
        assert_eq!(
            Technique::for_code("0363"),
            None,
            "finned mutant squirmbag: size 5"
        );
    }

    #[test]
    fn sizes_beyond_the_table_continue_it() {
        let five = Technique::NakedSubset(5).row();
        assert_eq!(
            (five.name.as_ref(), five.short.as_ref(), five.code),
            ("Naked Subset (5)", "n5", None)
        );
        assert_eq!((five.score, five.level), (200, Level::Unfair));
        assert!((five.explainer - 5.6).abs() < 1e-6);
        let fish = Technique::Fish(FishKind::Franken, 5).row();
        assert_eq!(
            (fish.name.as_ref(), fish.score, fish.level),
            ("Franken Fish (5)", 470, Level::Extreme)
        );
        assert_eq!(
            Technique::SiameseFish(FishKind::Sashimi, 3).name(),
            "Siamese Sashimi Swordfish"
        );
    }

    #[test]
    fn names_short_names_codes_and_families_parse() {
        let all = Technique::catalogue();
        let parse = |name| Technique::parse(name, &all).unwrap_or_default();
        assert_eq!(parse("x-wing"), [Technique::BasicFish(2)]);
        assert_eq!(parse("bf2"), [Technique::BasicFish(2)]);
        assert_eq!(parse("0300"), [Technique::BasicFish(2)]);
        assert_eq!(parse("Hidden Single").len(), 4);
        assert_eq!(parse("single-digit").len(), 6);
        assert!(parse("no such thing").is_empty());
    }
}
