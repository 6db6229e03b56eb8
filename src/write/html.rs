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
use crate::core::net::{Branch, End, Implication, Net, Reason, fact};
use crate::core::step::{Figure, LinkKind, Role};
use crate::core::{Family, State, Step};
use crate::engine::Solve;
use crate::model::markings::Parity;
use crate::model::{Candidate, Digit, DigitSet, Explanation, Layout, Names, Regions, Unit};
use crate::render;
use crate::report::rated::RatedSolve;
use crate::report::words::{self, Cue};
use crate::report::{SolveReport, StepReport, summary_rows};
use crate::shikaku;
use serde::Serialize;

/// The page, with `{{style}}`, `{{script}}` and `{{data}}` to fill in.
const TEMPLATE: &str = include_str!("viewer/page.html");
/// The page's style sheet (its colours come from [`palette_css`]).
const STYLE: &str = include_str!("viewer/viewer.css");
/// The page's script, in parts by what each does (see `viewer/common.js`), put together in this
/// order inside one function, so that they share one scope and leave nothing global but the
/// page's API.
const SCRIPT_PARTS: [&str; 14] = [
    include_str!("viewer/common.js"),
    include_str!("viewer/draw.js"),
    include_str!("viewer/draw-sudoku.js"),
    include_str!("viewer/draw-legend.js"),
    include_str!("viewer/draw-shikaku.js"),
    include_str!("viewer/player.js"),
    include_str!("viewer/net.js"),
    include_str!("viewer/chain.js"),
    include_str!("viewer/words.js"),
    include_str!("viewer/board.js"),
    include_str!("viewer/input.js"),
    include_str!("viewer/engine.js"),
    include_str!("viewer/hints.js"),
    include_str!("viewer/api.js"),
];
/// The script of the worker the page's engine runs in (see `viewer/engine.js`), which the page
/// carries as text.
const WORKER: &str = include_str!("viewer/worker.js");

/// gridlogic's engine compiled to WebAssembly (`wasm/`) and gzipped, which build.rs leaves in
/// `OUT_DIR`: empty when this gridlogic was built without the `wasm32-unknown-unknown` target.
const ENGINE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/engine.wasm.gz"));

/// What marks a page as gridlogic's own output (see [`is_own`]).
const OWN_MARK: &str = r#"<meta name="generator" content="gridlogic">"#;

/// The largest grid whose candidates the page shows; larger grids show digits only.
pub const MAX_CANDIDATE_SIZE: usize = 25;

/// The page of a Sudoku solve (its summary shows Sudoku Explainer's rating when the solve has
/// one); `source` names the input file in the summary.
pub fn sudoku(rated: &RatedSolve, source: &str) -> String {
    let mut data = SudokuData::of(&rated.solve);
    // The engine answers hints for grids whose candidates the board shows.
    let engine = if data.candidates.is_some() {
        ENGINE
    } else {
        &[]
    };
    let steps = data.steps.iter_mut();
    let told = steps.map(|s| StepWords {
        words: std::mem::take(&mut s.words),
        cues: std::mem::take(&mut s.cues),
    });
    let told = Told::new(told.collect(), super::guide::sudoku_entries());
    page(&Page::new(rated, source, data, told), engine)
}

/// The page of a Shikaku solve, with the engine for hints on its board; `source` names the input
/// file in the summary.
pub fn shikaku(solve: &shikaku::Solve, source: &str) -> String {
    let mut data = ShikakuData::of(solve);
    let steps = data.steps.iter_mut();
    let told = steps.map(|s| StepWords {
        words: std::mem::take(&mut s.words),
        cues: Vec::new(),
    });
    let guide = vec![super::guide::entry(super::guide::SHIKAKU)];
    let told = Told::new(told.collect(), guide);
    page(&Page::new(solve, source, data, told), ENGINE)
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
    /// The steps' words and the technique guide ([`Told`]), as JSON gzipped and in base64:
    /// plain text that compresses about seven times, so that it costs the page little.
    told: String,
}

impl<D> Page<D> {
    fn new<S: SolveReport>(solve: &S, source: &str, data: D, told: Told) -> Page<D> {
        Page {
            kind: crate::report::PuzzleReport::kind(solve.trace().puzzle),
            source: source.to_string(),
            summary: summary_rows(solve, source),
            data,
            told: told.packed(),
        }
    }
}

/// What the page tells in words: each step's sentences, and the guide's entries for the
/// techniques its steps (and its engine's hints) can take.
#[derive(Serialize)]
struct Told {
    /// By step, in the steps' order.
    steps: Vec<StepWords>,
    guide: Vec<super::guide::Entry>,
}

/// A step's words: its sentences, each with its cue when the step is played (a chain or a net).
#[derive(Serialize)]
struct StepWords {
    words: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cues: Vec<CueData>,
}

impl Told {
    fn new(steps: Vec<StepWords>, guide: Vec<super::guide::Entry>) -> Told {
        Told { steps, guide }
    }

    /// The JSON, gzipped at the best compression, in base64 (the page inflates it with the
    /// browser's own `DecompressionStream`, as it does its engine).
    fn packed(&self) -> String {
        use base64::Engine as _;
        use std::io::Write as _;
        let json = serde_json::to_vec(self).expect("the words serialise");
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(&json).expect("writing to memory");
        let gzipped = encoder.finish().expect("writing to memory");
        base64::engine::general_purpose::STANDARD.encode(gzipped)
    }
}

/// A sentence's cue ([`Cue`]) as the page reads it: the index of the link or branch it tells,
/// or `start`, `carry` or `end`.
#[derive(Serialize)]
#[serde(untagged)]
enum CueData {
    Part(usize),
    Phase(&'static str),
}

impl From<Cue> for CueData {
    fn from(cue: Cue) -> CueData {
        match cue {
            Cue::Part(k) => CueData::Part(k),
            Cue::Start => CueData::Phase("start"),
            Cue::Carry => CueData::Phase("carry"),
            Cue::End => CueData::Phase("end"),
        }
    }
}

/// The page around `data`: the template with the style (colours first), the script, the data
/// as JSON, in which `<` is written `\u003c` so that no text of the puzzle's can end the script
/// element or open a comment in it, and `engine` (gzipped WebAssembly, maybe none) as base64.
fn page<D: Serialize>(data: &Page<D>, engine: &[u8]) -> String {
    use base64::Engine as _;
    let json = serde_json::to_string(data).expect("page data serialises");
    TEMPLATE
        .replace("{{style}}", &(palette_css() + STYLE))
        .replace("{{script}}", &script())
        .replace("{{worker}}", WORKER)
        .replace(
            "{{engine}}",
            &base64::engine::general_purpose::STANDARD.encode(engine),
        )
        // Last: the data is the puzzle's text, which no other replacement may read.
        .replace("{{data}}", &json.replace('<', "\\u003c"))
}

/// The page's script: its parts inside one function, in strict mode.
fn script() -> String {
    let mut script = String::from("\"use strict\";\n(() => {\n");
    for part in SCRIPT_PARTS {
        script += part;
        script.push('\n');
    }
    script + "})();\n"
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
        ("even", palette::EVEN_CELL),
        ("bar", palette::BAR),
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
    /// The puzzle's own alphabet, when it is not the default (`--symbols`), for its engine.
    #[serde(skip_serializing_if = "Option::is_none")]
    alphabet: Option<String>,
    /// The puzzle as text gridlogic reads back ([`render::puzzle_text`]): what a person's state
    /// starts with.
    puzzle: String,
    /// Each cell's name, as explanations write it.
    cells: Vec<String>,
    /// Each cell's given digit, 0 for none.
    givens: Vec<usize>,
    /// Each cell's candidates after the givens, a bit per digit (bit 0 for 1); none for grids
    /// larger than [`MAX_CANDIDATE_SIZE`].
    candidates: Option<Vec<u64>>,
    /// Every technique family, in [`Family::ALL`]'s order: label and colour.
    families: Vec<(&'static str, String)>,
    /// Every house of the layout, by the layout's index: name and cells.
    houses: Vec<HouseData>,
    /// The cells of the extra houses (diagonals, windows, a map's houses), shaded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    extra: Vec<usize>,
    /// A Killer's cages, outlined with their sums; steps name them by index.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<CageData>,
    /// An even/odd or consecutive puzzle's marks, drawn on the grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    markings: Option<MarkingsData>,
    /// Where overlapping grids' cells sit on their sheet; none for one square grid, whose cell
    /// `i` sits at row `i / size`, column `i % size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet: Option<SheetData>,
    /// Every step, in order.
    steps: Vec<SudokuStep>,
}

/// The marks an even/odd or consecutive puzzle prints beside its digits.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MarkingsData {
    /// The cells marked even, shaded.
    even: Vec<usize>,
    /// The cells marked odd.
    odd: Vec<usize>,
    /// The bars, each as its two touching cells (the upper or left one first).
    bars: Vec<[usize; 2]>,
    /// Whether every consecutive pair is barred, so that a border without a bar is a rule too.
    all_bars_drawn: bool,
}

impl MarkingsData {
    /// `layout`'s markings, none when it has none.
    fn of(layout: &Layout) -> Option<MarkingsData> {
        let markings = layout.markings();
        let marked = |parity| {
            layout
                .cells()
                .filter(|&c| markings.parity(c) == Some(parity))
                .map(|c| c.index())
                .collect()
        };
        (!markings.is_empty()).then(|| MarkingsData {
            even: marked(Parity::Even),
            odd: marked(Parity::Odd),
            bars: markings
                .bars(layout.size())
                .into_iter()
                .map(|(a, b)| [a.index(), b.index()])
                .collect(),
            all_bars_drawn: markings.all_bars_drawn(),
        })
    }
}

/// The sheet overlapping grids are drawn on: its extent, and each cell's place on it.
#[derive(Serialize)]
struct SheetData {
    /// Rows of the sheet.
    rows: usize,
    /// Columns of the sheet.
    cols: usize,
    /// Each cell's place, `row * cols + col`; the places no cell takes are the gaps.
    places: Vec<usize>,
}

impl SheetData {
    /// `layout`'s sheet, none when it is one square grid.
    fn of(layout: &Layout) -> Option<SheetData> {
        layout.overlap()?;
        let (rows, cols) = layout.extent();
        let places = layout.cells().map(|cell| {
            let (row, col) = layout.position(cell);
            row * cols + col
        });
        Some(SheetData {
            rows,
            cols,
            places: places.collect(),
        })
    }
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
    /// Index into `families` ([`Family::ALL`]).
    family: usize,
    /// The explanation line.
    text: String,
    /// Digits placed.
    place: Vec<usize>,
    /// Candidates the step eliminates.
    elim: Vec<usize>,
    /// The pattern's candidates.
    pattern: Vec<usize>,
    /// Fin candidates.
    fins: Vec<usize>,
    /// Base and cover houses, as the layout's (and `houses`') indices.
    base: Vec<usize>,
    cover: Vec<usize>,
    /// The Killer cages the step reads, as indices into `cages`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<usize>,
    /// The parts of the pattern in their roles (almost locked sets, groups, pivot, …).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    figures: Vec<FigureData>,
    /// Chain links, in chain order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    links: Vec<LinkData>,
    /// A forcing chain's or net's every implication, branch by branch.
    #[serde(skip_serializing_if = "Option::is_none")]
    net: Option<NetData>,
    /// What applying the step takes from the candidate grid (placements' peers included):
    /// `[cell, bits, cell, bits, …]`; empty when candidates are not shown.
    gone: Vec<u64>,
    /// The step in plain words ([`words::told`]); a page carries its own steps' words packed
    /// ([`Told`]), an engine's answer here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    words: Vec<String>,
    /// Each sentence's cue, when the step is played (a chain or a net).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cues: Vec<CueData>,
}

impl SudokuData {
    fn of(solve: &Solve) -> SudokuData {
        let puzzle = &solve.puzzle;
        let layout = puzzle.layout();
        let names = solve.names();
        let size = puzzle.size();
        let with_candidates = size <= MAX_CANDIDATE_SIZE;
        let start = State::from_puzzle(puzzle);
        let gone = match with_candidates {
            true => taken_by_steps(start.clone(), &solve.steps),
            false => vec![Vec::new(); solve.steps.len()],
        };
        let steps = solve
            .steps
            .iter()
            .zip(gone)
            .map(|(step, gone)| SudokuStep::of(step, layout, &names, gone))
            .collect();
        let latin = matches!(layout.regions(), Regions::Latin);
        SudokuData {
            size,
            regions: (!latin).then(|| {
                let region = |c| layout.region_of(c).unwrap_or(0);
                layout.cells().map(region).collect()
            }),
            symbols: (1..=size).map(|d| names.digit(Digit::new(d))).collect(),
            alphabet: puzzle
                .symbols()
                .is_custom()
                .then(|| (1..=size).map(|d| names.digit(Digit::new(d))).collect()),
            puzzle: render::puzzle_text(puzzle),
            cells: layout.cells().map(|c| names.cell(c)).collect(),
            givens: layout
                .cells()
                .map(|c| puzzle.givens().get(c).map_or(0, Digit::get))
                .collect(),
            candidates: with_candidates
                .then(|| layout.cells().map(|c| bits(start.candidates(c))).collect()),
            families: Family::ALL
                .iter()
                .map(|&f| (f.label(), css(family_fill(f))))
                .collect(),
            houses: layout
                .houses()
                .iter()
                .map(|house| HouseData {
                    name: house.to_string(),
                    cells: house.cells.iter().map(|c| c.index()).collect(),
                })
                .collect(),
            extra: extra_cells(layout),
            cages: cages(layout, &names),
            markings: MarkingsData::of(layout),
            sheet: SheetData::of(layout),
            steps,
        }
    }
}

impl SudokuStep {
    /// The page's form of `step` on `layout`, `gone` what applying it takes from the candidate
    /// grid.
    fn of(step: &Step, layout: &Layout, names: &Names, gone: Vec<u64>) -> SudokuStep {
        let told = words::told(step, layout);
        let played = !step.links.is_empty() || step.net.is_some();
        SudokuStep {
            words: told.iter().map(|(s, _)| s.render(names)).collect(),
            cues: match played {
                true => told.iter().map(|&(_, cue)| cue.into()).collect(),
                false => Vec::new(),
            },
            technique: step.technique.name(),
            family: Family::ALL
                .iter()
                .position(|&f| f == step.technique.family())
                .unwrap_or(0),
            text: step.explanation.render(names),
            place: flat(&step.placements),
            elim: flat(&step.eliminations),
            pattern: flat(&step.pattern),
            fins: flat(&step.fins),
            base: step.base.to_vec(),
            cover: step.cover.to_vec(),
            cages: step.cages.clone(),
            figures: step.figures.iter().map(FigureData::of).collect(),
            links: step
                .links
                .iter()
                .map(|l| LinkData {
                    from: flat(&l.from),
                    to: flat(&l.to),
                    kind: l.kind,
                })
                .collect(),
            net: step.net.as_ref().map(|net| {
                let mut reader = NetReader {
                    layout,
                    lines: net.lines().iter().map(|l| l.render(names)).collect(),
                    next: 0,
                    names,
                };
                reader.net(net)
            }),
            gone,
        }
    }
}

/// Steps found in `state` (each an alternative to the others), as the page draws them: the JSON
/// the page's engine answers with, so that the page draws a hint or an available step as it
/// draws gridlogic's own.
pub fn board_steps(state: &State, steps: &[Step], names: &Names) -> serde_json::Value {
    let with_candidates = state.size() <= MAX_CANDIDATE_SIZE;
    let page_steps: Vec<SudokuStep> = steps
        .iter()
        .map(|step| {
            let gone = match with_candidates {
                true => taken_by_steps(state.clone(), std::slice::from_ref(step)).remove(0),
                false => Vec::new(),
            };
            SudokuStep::of(step, state.layout(), names, gone)
        })
        .collect();
    serde_json::to_value(page_steps).expect("page steps serialise")
}

/// A part of a step's pattern in its role, as the page draws it.
#[derive(Serialize)]
struct FigureData {
    /// `als`, `group`, `pivot`, … (see [`Role`]).
    role: Role,
    /// Its candidates, flat.
    cand: Vec<usize>,
}

impl FigureData {
    fn of(figure: &Figure) -> FigureData {
        FigureData {
            role: figure.role,
            cand: flat(&figure.candidates),
        }
    }
}

/// A chain link as the page draws it: from one node's candidates to the next's.
#[derive(Serialize)]
struct LinkData {
    from: Vec<usize>,
    to: Vec<usize>,
    /// `strong`, `weak` or `als` (inside an almost locked set).
    kind: LinkKind,
}

/// A forcing deduction's branches as the page draws and plays them.
#[derive(Serialize)]
struct NetData {
    /// The net in at most six lines a player can follow ([`Net::story`]).
    story: Vec<String>,
    branches: Vec<BranchData>,
}

/// One branch: its implications in order (the assumption first) and how it ends. Implications
/// are numbered from 1 on the page, a refutation's under its implication (`12.1`), as
/// [`Net::lines`] numbers them, and the texts' premise numbers are those.
#[derive(Serialize)]
struct BranchData {
    /// `branch 2: r1c1=5`, when the net has several.
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    implications: Vec<ImplicationData>,
    end: EndData,
}

/// One implication of a branch.
#[derive(Serialize)]
struct ImplicationData {
    cell: usize,
    digit: usize,
    /// Placed (`true`) or eliminated.
    holds: bool,
    /// `r9c2=6`.
    fact: String,
    /// The reason's kind: `assumption`, `same_cell`, `same_house`, `same_cage`, `naked_single`,
    /// `hidden_single`, `locked`, `refuted` or `outer` (an enclosing branch's, repeated).
    reason: &'static str,
    /// The reason in words, premises by number: `hidden single, the last place for 6 in
    /// column 2 (3)`; empty for `outer`.
    why: String,
    /// The earlier implications (indices into the branch's) it follows from.
    from: Vec<usize>,
    /// The house the reason reads, as an index into the page's houses.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<usize>,
    /// The Killer cage the reason reads.
    #[serde(skip_serializing_if = "Option::is_none")]
    cage: Option<usize>,
    /// `outer`: the enclosing branch's implication it repeats.
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
    /// `refuted`: the branch that assumes the candidate and reaches a contradiction.
    #[serde(skip_serializing_if = "Option::is_none")]
    refuted: Option<Box<BranchData>>,
}

/// How a branch ends.
#[derive(Serialize)]
struct EndData {
    /// `reaches` (the step's conclusion), `both` (a candidate placed and eliminated),
    /// `empty_cell` or `no_place` (a digit without a place in a house).
    kind: &'static str,
    /// `contradiction: r1c1 has no candidate left (4, 7)`.
    text: String,
    /// The cells of the contradiction: a collision's two cells (the candidate's and the
    /// placement's that took it), the empty cell, the house's.
    cells: Vec<usize>,
    /// The digit of `both` and `no_place`.
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<usize>,
    /// `no_place`: the house, as an index into the page's houses.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<usize>,
    /// `reaches`: the implication reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
    /// The implications it rests on.
    from: Vec<usize>,
}

/// Reads a [`Net`] into the page's data, taking each implication's and end's text from
/// [`Net::lines`], whose lines come in the order walked here: a branch's heading (when there
/// are several), each implication but the repeated ones, a refutation's lines after its
/// implication, the branch's end.
struct NetReader<'a, 'n> {
    layout: &'a Layout,
    names: &'a Names<'n>,
    lines: Vec<String>,
    next: usize,
}

impl NetReader<'_, '_> {
    fn net(&mut self, net: &Net) -> NetData {
        let several = net.branches.len() > 1;
        let branches = net
            .branches
            .iter()
            .map(|branch| {
                let title = several.then(|| self.line().trim().to_string());
                self.branch(branch, title)
            })
            .collect();
        let story = net.story().iter().map(|l| l.render(self.names)).collect();
        NetData { story, branches }
    }

    /// The next line of the net's text.
    fn line(&mut self) -> String {
        let line = self.lines.get(self.next).cloned().unwrap_or_default();
        self.next += 1;
        line
    }

    fn branch(&mut self, branch: &Branch, title: Option<String>) -> BranchData {
        let implications = branch
            .implications
            .iter()
            .map(|i| self.implication(i))
            .collect();
        let end = self.end(branch);
        BranchData {
            title,
            implications,
            end,
        }
    }

    fn implication(&mut self, implication: &Implication) -> ImplicationData {
        let candidate = implication.candidate;
        let fact = fact(candidate, implication.holds).render(self.names);
        let outer = matches!(implication.reason, Reason::Outer { .. });
        // `(12) r3c4<>5: the reason`: the reason, without the number and the fact.
        let why = match outer {
            true => String::new(),
            false => {
                let line = self.line();
                let rest = line.trim_start();
                let rest = rest.find(") ").map_or(rest, |at| &rest[at + 2..]);
                let rest = rest.strip_prefix(fact.as_str()).unwrap_or(rest);
                rest.strip_prefix(": ").unwrap_or(rest).to_string()
            }
        };
        let mut data = ImplicationData {
            cell: candidate.cell.index(),
            digit: candidate.digit.get(),
            holds: implication.holds,
            fact,
            reason: "",
            why,
            from: implication.from.clone(),
            house: None,
            cage: None,
            at: None,
            refuted: None,
        };
        data.reason = match &implication.reason {
            Reason::Assumption => "assumption",
            Reason::SameCell => "same_cell",
            Reason::SameHouse { house } => {
                data.house = Some(*house);
                "same_house"
            }
            Reason::SameCage { cage } => {
                data.cage = Some(*cage);
                "same_cage"
            }
            Reason::NakedSingle => "naked_single",
            Reason::HiddenSingle { house } => {
                data.house = Some(*house);
                "hidden_single"
            }
            Reason::Locked { house, .. } => {
                data.house = Some(*house);
                "locked"
            }
            Reason::Refuted { branch } => {
                data.refuted = Some(Box::new(self.branch(branch, None)));
                "refuted"
            }
            Reason::Outer { at } => {
                data.at = Some(*at);
                "outer"
            }
        };
        data
    }

    fn end(&mut self, branch: &Branch) -> EndData {
        let end = &branch.end;
        let line = self.line();
        let text = line.trim_start();
        let text = text.strip_prefix("⇒ ").unwrap_or(text).to_string();
        let mut data = EndData {
            kind: "",
            text,
            cells: Vec::new(),
            digit: None,
            house: None,
            at: None,
            from: Vec::new(),
        };
        match end {
            End::Reaches { at } => {
                data.kind = "reaches";
                data.at = Some(*at);
                data.from = vec![*at];
            }
            End::Both { candidate, from } => {
                data.kind = "both";
                // Both cells of a collision: the candidate's and the placement that took it.
                let other = branch.colliding().map(|c| c.cell);
                let mut cells: Vec<usize> = [Some(candidate.cell), other]
                    .into_iter()
                    .flatten()
                    .map(|c| c.index())
                    .collect();
                cells.dedup();
                data.cells = cells;
                data.digit = Some(candidate.digit.get());
                data.from = from.clone();
            }
            End::EmptyCell { cell, from } => {
                data.kind = "empty_cell";
                data.cells = vec![cell.index()];
                data.from = from.clone();
            }
            End::NoPlace { house, digit, from } => {
                data.kind = "no_place";
                let cells = &self.layout.houses()[*house].cells;
                data.cells = cells.iter().map(|c| c.index()).collect();
                data.digit = Some(digit.get());
                data.house = Some(*house);
                data.from = from.clone();
            }
        }
        data
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
    /// The puzzle as text gridlogic reads back ([`shikaku::report::puzzle_text`]): what a
    /// person's state starts with.
    puzzle: String,
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
    /// The step in plain words ([`words::shikaku_words`]); a page carries its own steps' words
    /// packed ([`Told`]), an engine's answer here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    words: Vec<String>,
}

impl ShikakuData {
    fn of(solve: &shikaku::Solve) -> ShikakuData {
        let puzzle = &solve.puzzle;
        let names = solve.names();
        ShikakuData {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            clues: puzzle
                .clues()
                .iter()
                .map(|c| [c.row, c.col, c.number])
                .collect(),
            fills: rectangle_fills(solve).into_iter().map(css).collect(),
            puzzle: shikaku::report::puzzle_text(puzzle),
            steps: solve
                .steps
                .iter()
                .map(|step| ShikakuStep::of(step, puzzle, &names))
                .collect(),
        }
    }
}

impl ShikakuStep {
    /// The page's form of `step` on `puzzle`, named by `names`.
    fn of(step: &shikaku::Step, puzzle: &shikaku::Shikaku, names: &Names) -> ShikakuStep {
        let rect = |r: &shikaku::Rect| [r.top, r.left, r.height, r.width];
        ShikakuStep {
            technique: step.technique.name(),
            text: step.explanation.render(names),
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
            words: words::shikaku_words(step, puzzle)
                .iter()
                .map(|s| s.render(names))
                .collect(),
        }
    }
}

/// Shikaku steps on `puzzle` (a hint's way to its rectangle) as the page draws them: the JSON
/// the page's engine answers with.
pub fn shikaku_board_steps(
    steps: &[shikaku::Step],
    puzzle: &shikaku::Shikaku,
    names: &Names,
) -> serde_json::Value {
    let page_steps: Vec<ShikakuStep> = steps
        .iter()
        .map(|s| ShikakuStep::of(s, puzzle, names))
        .collect();
    serde_json::to_value(page_steps).expect("page steps serialise")
}
