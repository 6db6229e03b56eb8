//! The step viewer: one self-contained HTML page (inline style and script, no network, system
//! fonts) in which a person steps through a solve. The page holds the puzzle and every step as
//! JSON, drawn from the library's step data (explanations already rendered in the puzzle's own
//! symbols and cell names), and a small script draws the grid before each step with the step's
//! pattern, houses, fins, eliminations, placements and chain links. Colours are the workbook's
//! ([`super::palette`]).
//!
//! A Sudoku's candidate grids are stored as the candidates after the givens and, per step, the
//! candidates it takes away, so that a 9x9 of 100 steps stays far below a megabyte. Grids larger
//! than [`MAX_CANDIDATE_SIZE`] show their digits without candidates.

use super::palette::{self, family_fill};
use super::{Rgb, shikaku::rectangle_fills};
use crate::core::{Family, State, Step};
use crate::engine::Solve;
use crate::model::{Candidate, Digit, DigitSet, Explanation, Layout, Names, Regions, Unit};
use crate::report::rated::RatedSolve;
use crate::report::{SolveReport, StepReport, summary_rows};
use crate::shikaku;
use serde::Serialize;
use std::collections::BTreeMap;

/// The page, with `{{style}}`, `{{script}}` and `{{data}}` to fill in.
const TEMPLATE: &str = include_str!("viewer/page.html");
/// The page's style sheet (its colours come from [`palette_css`]).
const STYLE: &str = include_str!("viewer/viewer.css");
/// The script that draws the steps.
const SCRIPT: &str = include_str!("viewer/viewer.js");

/// What marks a page as gridlogic's own output (see [`is_own`]).
const OWN_MARK: &str = r#"<meta name="generator" content="gridlogic">"#;

/// The largest grid whose candidates the page shows; larger grids show digits only.
pub const MAX_CANDIDATE_SIZE: usize = 25;

/// The page of a Sudoku solve (its summary shows Sudoku Explainer's rating when the solve has
/// one); `source` names the input file in the summary.
pub fn sudoku(rated: &RatedSolve, source: &str) -> String {
    page(&Page::new(rated, source, SudokuData::of(&rated.solve)))
}

/// The page of a Shikaku solve; `source` names the input file in the summary.
pub fn shikaku(solve: &shikaku::Solve, source: &str) -> String {
    page(&Page::new(solve, source, ShikakuData::of(solve)))
}

/// Whether the file at `path` is a page gridlogic wrote (its head carries [`OWN_MARK`]).
pub fn is_own(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && String::from_utf8_lossy(&head).contains(OWN_MARK)
}

/// The data of a page, whatever the puzzle kind.
#[derive(Serialize)]
struct Page<D> {
    /// `sudoku` or `shikaku`.
    kind: &'static str,
    /// The input's file name.
    source: String,
    /// Label and value rows: puzzle, verdict, level and rating, backtracking, steps.
    summary: Vec<(&'static str, String)>,
    /// The kind's own fields: the puzzle and its steps.
    #[serde(flatten)]
    data: D,
}

impl<D> Page<D> {
    fn new<S: SolveReport>(solve: &S, source: &str, data: D) -> Page<D> {
        Page {
            kind: crate::report::PuzzleReport::kind(solve.trace().puzzle),
            source: source.to_string(),
            summary: summary_rows(solve, source),
            data,
        }
    }
}

/// The page around `data`: the template with the style (colours first), the script and the data
/// as JSON, in which `<` is written `\u003c` so that no text of the puzzle's can end the script
/// element or open a comment in it.
fn page<D: Serialize>(data: &Page<D>) -> String {
    let json = serde_json::to_string(data).expect("page data serialises");
    TEMPLATE
        .replace("{{style}}", &(palette_css() + STYLE))
        .replace("{{script}}", SCRIPT)
        .replace("{{data}}", &json.replace('<', "\\u003c"))
}

/// The palette as CSS custom properties, so the page and the workbooks share their colours.
fn palette_css() -> String {
    let colours = [
        ("pattern", palette::PATTERN),
        ("target", palette::TARGET),
        ("eliminated", palette::ELIMINATED),
        ("highlight", palette::HIGHLIGHT),
        ("fin", palette::FIN),
        ("placed", palette::PLACED),
        ("quiet", palette::QUIET),
        ("house", palette::HOUSE),
        ("link", palette::LINK),
        ("backtracking", palette::BACKTRACKING),
        ("extra", palette::EXTRA_HOUSE),
    ];
    let properties: String = colours
        .iter()
        .map(|(name, rgb)| format!("--{name}:{};", css(*rgb)))
        .collect();
    format!(":root{{{properties}}}\n")
}

/// `#RRGGBB`.
fn css(rgb: Rgb) -> String {
    format!("#{rgb:06X}")
}

/// A Sudoku's puzzle and steps as the script reads them. Cells are numbered row by row from 0,
/// digits from 1; a list of candidates is flat, `[cell, digit, cell, digit, …]`.
#[derive(Serialize)]
struct SudokuData {
    /// N.
    size: usize,
    /// The region of each cell; none for a Latin square.
    regions: Option<Vec<usize>>,
    /// Digits 1..=N as the puzzle writes them.
    symbols: Vec<String>,
    /// Each cell's name, as explanations write it.
    cells: Vec<String>,
    /// Each cell's given digit, 0 for none.
    givens: Vec<usize>,
    /// Each cell's candidates after the givens, a bit per digit (bit 0 for 1); none for grids
    /// larger than [`MAX_CANDIDATE_SIZE`].
    candidates: Option<Vec<u64>>,
    /// The technique families used, by index: label and colour.
    families: Vec<(&'static str, String)>,
    /// The houses the steps name, by index: name and cells.
    houses: Vec<HouseData>,
    /// The cells of the extra houses (diagonals, windows, a map's houses), shaded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    extra: Vec<usize>,
    /// A Killer's cages, outlined with their sums; steps name them by index.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<CageData>,
    /// Every step, in order.
    steps: Vec<SudokuStep>,
}

/// A Killer cage as the page draws it.
#[derive(Serialize)]
struct CageData {
    /// `cage 7 at r1c1, r2c1`, as explanations name it.
    name: String,
    /// What its digits add up to, written small in its first cell.
    sum: usize,
    /// Its cells, the first one first in reading order.
    cells: Vec<usize>,
}

/// A house a step names.
#[derive(Serialize)]
struct HouseData {
    /// `row 3`.
    name: String,
    /// Its cells.
    cells: Vec<usize>,
}

/// One Sudoku step.
#[derive(Serialize)]
struct SudokuStep {
    /// `Hidden Single (row)`.
    technique: String,
    /// Index into `families`.
    family: usize,
    /// The explanation line.
    text: String,
    /// What the line sums up (a forcing net's every implication), one line each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lines: Vec<String>,
    /// Digits placed.
    place: Vec<usize>,
    /// Candidates the step eliminates.
    elim: Vec<usize>,
    /// The pattern's candidates.
    pattern: Vec<usize>,
    /// Fin candidates.
    fins: Vec<usize>,
    /// Base and cover houses, as indices into `houses`.
    base: Vec<usize>,
    cover: Vec<usize>,
    /// The Killer cages the step reads, as indices into `cages`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<usize>,
    /// Chain links: the two nodes' candidates and whether the link is strong.
    links: Vec<(Vec<usize>, Vec<usize>, bool)>,
    /// What applying the step takes from the candidate grid (placements' peers included):
    /// `[cell, bits, cell, bits, …]`; empty when candidates are not shown.
    gone: Vec<u64>,
}

impl SudokuData {
    fn of(solve: &Solve) -> SudokuData {
        let puzzle = &solve.puzzle;
        let layout = puzzle.layout();
        let names = solve.names();
        let size = puzzle.size();
        let with_candidates = size <= MAX_CANDIDATE_SIZE;
        let start = State::from_puzzle(puzzle);
        let mut families = Families::default();
        let mut houses = HouseTable::default();
        let gone = match with_candidates {
            true => taken_by_steps(start.clone(), &solve.steps),
            false => vec![Vec::new(); solve.steps.len()],
        };
        let steps = solve
            .steps
            .iter()
            .zip(gone)
            .map(|(step, gone)| SudokuStep {
                technique: step.technique.name(),
                family: families.index(step.technique.family()),
                text: step.explanation.render(&names),
                lines: step.full_lines().iter().map(|l| l.render(&names)).collect(),
                place: flat(&step.placements),
                elim: flat(&step.eliminations),
                pattern: flat(&step.pattern),
                fins: flat(&step.fins),
                base: houses.indices(solve, &step.base),
                cover: houses.indices(solve, &step.cover),
                cages: step.cages.clone(),
                links: step
                    .links
                    .iter()
                    .map(|l| (flat(&l.from), flat(&l.to), l.kind.is_strong()))
                    .collect(),
                gone,
            })
            .collect();
        let latin = matches!(layout.regions(), Regions::Latin);
        SudokuData {
            size,
            regions: (!latin).then(|| {
                let region = |c| layout.region_of(c).unwrap_or(0);
                layout.cells().map(region).collect()
            }),
            symbols: (1..=size).map(|d| names.digit(Digit::new(d))).collect(),
            cells: layout.cells().map(|c| names.cell(c)).collect(),
            givens: layout
                .cells()
                .map(|c| puzzle.givens().get(c).map_or(0, Digit::get))
                .collect(),
            candidates: with_candidates
                .then(|| layout.cells().map(|c| bits(start.candidates(c))).collect()),
            families: families.list,
            houses: houses.list,
            extra: extra_cells(layout),
            cages: cages(layout, &names),
            steps,
        }
    }
}

/// The cells of `layout`'s extra houses, each once, in reading order.
fn extra_cells(layout: &Layout) -> Vec<usize> {
    let houses = layout.houses();
    let cells: std::collections::BTreeSet<usize> = layout
        .extra_houses()
        .flat_map(|h| houses[h].cells.iter().map(|c| c.index()))
        .collect();
    cells.into_iter().collect()
}

/// `layout`'s Killer cages as the page draws them, named as explanations name them.
fn cages(layout: &Layout, names: &Names<'_>) -> Vec<CageData> {
    (0..layout.cages().len())
        .map(|id| {
            let cage = &layout.cages()[id];
            CageData {
                name: Explanation::from(Unit::Cage(id)).render(names),
                sum: cage.sum,
                cells: cage.cells.iter().map(|c| c.index()).collect(),
            }
        })
        .collect()
}

/// What each of `steps`, applied in turn from `state`, takes from the candidate grid, as
/// `[cell, bits, …]`.
fn taken_by_steps(mut state: State, steps: &[Step]) -> Vec<Vec<u64>> {
    steps
        .iter()
        .map(|step| {
            let before = state.clone();
            state.apply(step);
            taken(&before, &state)
        })
        .collect()
}

/// A digit set as bits, bit 0 for digit 1 (at most 64 digits: grids with candidates shown).
fn bits(set: DigitSet) -> u64 {
    set.bits() as u64
}

/// `[cell, digit, cell, digit, …]`.
fn flat(candidates: &[Candidate]) -> Vec<usize> {
    candidates
        .iter()
        .flat_map(|c| [c.cell.index(), c.digit.get()])
        .collect()
}

/// The candidates `before` holds and `after` does not, as `[cell, bits, …]`.
fn taken(before: &State, after: &State) -> Vec<u64> {
    before
        .layout()
        .cells()
        .filter_map(|cell| {
            let gone = before.candidates(cell).without(after.candidates(cell));
            (!gone.is_empty()).then(|| [cell.index() as u64, bits(gone)])
        })
        .flatten()
        .collect()
}

/// The families met so far, each with its index.
#[derive(Default)]
struct Families {
    list: Vec<(&'static str, String)>,
    index: BTreeMap<Family, usize>,
}

impl Families {
    fn index(&mut self, family: Family) -> usize {
        let list = &mut self.list;
        *self.index.entry(family).or_insert_with(|| {
            list.push((family.label(), css(family_fill(family))));
            list.len() - 1
        })
    }
}

/// The houses named so far, each with its index.
#[derive(Default)]
struct HouseTable {
    list: Vec<HouseData>,
    index: BTreeMap<usize, usize>,
}

impl HouseTable {
    /// The page's indices of the layout's houses `ids`.
    fn indices(&mut self, solve: &Solve, ids: &[usize]) -> Vec<usize> {
        let houses = solve.puzzle.layout().houses();
        ids.iter()
            .map(|&id| {
                let list = &mut self.list;
                *self.index.entry(id).or_insert_with(|| {
                    list.push(HouseData {
                        name: houses[id].to_string(),
                        cells: houses[id].cells.iter().map(|c| c.index()).collect(),
                    });
                    list.len() - 1
                })
            })
            .collect()
    }
}

/// A Shikaku's puzzle and steps as the script reads them. A rectangle is `[top, left, height,
/// width]`, zero-based.
#[derive(Serialize)]
struct ShikakuData {
    rows: usize,
    cols: usize,
    /// The clues in reading order: `[row, col, number]`.
    clues: Vec<[usize; 3]>,
    /// Each clue's rectangle fill, neighbours differing (as on the workbook).
    fills: Vec<String>,
    steps: Vec<ShikakuStep>,
}

/// One Shikaku step.
#[derive(Serialize)]
struct ShikakuStep {
    technique: &'static str,
    text: String,
    /// The clue it is about.
    clue: usize,
    /// The rectangle it places for `clue`.
    placed: Option<[usize; 4]>,
    /// The candidate rectangles it removes: `[clue, top, left, height, width]`.
    removed: Vec<[usize; 5]>,
    /// The cells that justify it: `[row, col]`.
    cells: Vec<[usize; 2]>,
    /// Whether it settles a clue by search.
    backtracking: bool,
}

impl ShikakuData {
    fn of(solve: &shikaku::Solve) -> ShikakuData {
        let puzzle = &solve.puzzle;
        let names = solve.names();
        let rect = |r: &shikaku::Rect| [r.top, r.left, r.height, r.width];
        ShikakuData {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            clues: puzzle
                .clues()
                .iter()
                .map(|c| [c.row, c.col, c.number])
                .collect(),
            fills: rectangle_fills(solve).into_iter().map(css).collect(),
            steps: solve
                .steps
                .iter()
                .map(|step| ShikakuStep {
                    technique: step.technique.name(),
                    text: step.explanation.render(&names),
                    clue: step.clue,
                    placed: step.placed.as_ref().map(rect),
                    removed: step
                        .removed
                        .iter()
                        .map(|c| {
                            let [top, left, height, width] = rect(&c.rect);
                            [c.clue, top, left, height, width]
                        })
                        .collect(),
                    cells: step.cells.iter().map(|&(r, c)| [r, c]).collect(),
                    backtracking: step.is_backtracking(),
                })
                .collect(),
        }
    }
}
