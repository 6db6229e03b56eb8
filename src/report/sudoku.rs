//! Sudoku's reports: the one-line puzzle summary, the difficulty line, JSON steps, and what the
//! shared reports ([`super::SolveReport`]) need of a Sudoku solve.

use super::json::CellJson;
use super::{PuzzleReport, SolveReport, StepReport, Tally, Trace, words};
use crate::core::net::{self, Net};
use crate::core::step::{LinkKind, Role};
use crate::core::{Outcome, Step, Technique};
use crate::engine::Solve;
use crate::model::explanation::Cage;
use crate::model::{Candidate, Cell, Digit, Explanation, Grid, Layout, Names, Origin, Puzzle};
use crate::rating::{Rating, rate, threshold_cells};
use crate::render::{self, LayoutJson};
use crate::search::{self, Deadline};
use serde::Serialize;
use serde_json::Value;

/// A puzzle's source, size, layout and givens in one line: `line 3: 9x9, 3x3 boxes, 30 givens`.
pub fn puzzle_summary(puzzle: &Puzzle) -> String {
    let (rows, cols) = puzzle.layout().extent();
    let place = match puzzle.origin() {
        Origin::Sheet { sheet, top, left } => {
            let area = crate::read::table::Area {
                top: *top,
                left: *left,
                height: rows,
                width: cols,
            }
            .a1();
            match sheet {
                Some(sheet) => format!("sheet '{sheet}' {area}: "),
                None => format!("{area}: "),
            }
        }
        Origin::Line { line } => format!("line {line}: "),
        Origin::TextGrid { lines } => lines
            .first()
            .map_or(String::new(), |l| format!("line {l}: ")),
        Origin::Unknown => String::new(),
    };
    format!(
        "{place}{rows}x{cols}, {}, {} givens",
        puzzle.layout().describe(),
        puzzle.givens().filled_count()
    )
}

/// The difficulty line: level, score, hardest step, backtracking count.
pub fn difficulty(solve: &Solve) -> String {
    let rating = solve.rating();
    format!(
        "Level {}, score {}, {}",
        rating.level,
        rating.score,
        hardest_and_guesses(solve, &rating)
    )
}

/// The solve's hardest step (from its `rating`) and its backtracking count: `hardest step
/// X-Wing rated 3.2, backtracking steps 0`.
pub fn hardest_and_guesses(solve: &Solve, rating: &Rating) -> String {
    let hardest = rating.hardest;
    let hardest = hardest.map_or("none".to_string(), |(t, r)| format!("{t} rated {r:.1}"));
    format!(
        "hardest step {hardest}, backtracking steps {}",
        solve.backtracks()
    )
}

impl Solve {
    /// The difficulty of the solve.
    pub fn rating(&self) -> Rating {
        rate(&self.steps, threshold_cells(self.puzzle.layout()))
    }

    /// The difficulty, when the solve reached a solution (a puzzle without one has none).
    pub fn solved_rating(&self) -> Option<Rating> {
        (self.outcome == Outcome::Solved).then(|| self.rating())
    }

    /// The solved grid, when the solve reached it.
    pub fn solved_grid(&self) -> Option<&Grid> {
        (self.outcome == Outcome::Solved).then(|| self.state.values())
    }
}

/// A step for JSON output, in the notation people read: cells as `r3c5`, placements as `r3c5=7`,
/// eliminations as `r3c5<>7`, houses by name.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// Technique name.
    pub technique: String,
    /// HoDoKu's code, when it has one.
    pub code: Option<&'static str>,
    /// `r3c5=7`.
    pub placements: Vec<String>,
    /// `r3c5<>7`.
    pub eliminations: Vec<String>,
    /// The pattern's candidates, `r3c5:7`.
    pub pattern: Vec<String>,
    /// The placements as structured values.
    pub placement_cells: Vec<CellJson>,
    /// The eliminations as structured values.
    pub elimination_cells: Vec<CellJson>,
    /// The pattern's candidates as structured values.
    pub pattern_cells: Vec<CellJson>,
    /// Base houses: `row 3`.
    pub base: Vec<String>,
    /// Cover houses.
    pub cover: Vec<String>,
    /// The Killer cages the step reads: `cage 17 at r1c1, r1c2`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<String>,
    /// Fin candidates of a finned pattern, `r3c5:7`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fins: Vec<String>,
    /// The parts of the pattern in their roles.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<FigureJson>,
    /// A chain's links, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<LinkJson>,
    /// The explanation line.
    pub explanation: String,
    /// The step in plain words, sentence by sentence: what the pattern is, why it forces the
    /// result, what goes. A chain's sentence `k` (after the first) tells its link `k`.
    pub words: Vec<String>,
    /// The technique guide's page on the technique: `docs/src/techniques/fish.md`.
    pub guide: String,
    /// A forcing step's every implication (forcing chains and nets, Nishio).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub net: Option<NetJson>,
}

/// A part of a step's pattern in its role (see [`Role`]).
#[derive(Debug, Serialize)]
pub struct FigureJson {
    /// `als`, `group`, `pivot`, `pincer`, `restricted_common`, `deadly`, `guardian`,
    /// `colour_a`, `colour_b`, `intersection`, `line_set`, `box_set`, `assumption`,
    /// `contradiction`.
    pub role: Role,
    /// Its candidates, `r3c5:7`.
    pub candidates: Vec<String>,
}

/// A link of a chain: the candidates of the node it leaves and of the node it reaches.
#[derive(Debug, Serialize)]
pub struct LinkJson {
    /// `r3c5:7`, …
    pub from: Vec<String>,
    /// `r3c9:7`, …
    pub to: Vec<String>,
    /// `strong`, `weak` or `als` (inside an almost locked set).
    pub kind: LinkKind,
}

/// A forcing step's net in full: each branch's implications, numbered from 1 as in
/// `explain --full`, with the numbers of those each follows from, and how the branch ends.
#[derive(Debug, Serialize)]
pub struct NetJson {
    /// The branches: one for a contradiction, one per candidate or place for a verity.
    pub branches: Vec<BranchJson>,
    /// The net in at most six lines a player can follow: the assumption, the placements that
    /// carry it, the collision (or each branch of a verity).
    pub story: Vec<String>,
    /// The net as `explain --full` prints it.
    pub lines: Vec<String>,
}

/// One branch of a net.
#[derive(Debug, Serialize)]
pub struct BranchJson {
    /// The implications, the assumption first.
    pub implications: Vec<ImplicationJson>,
    /// How the branch ends.
    pub end: EndJson,
}

/// One implication: a candidate placed or eliminated, and why.
#[derive(Debug, Serialize)]
pub struct ImplicationJson {
    /// Its number in the branch, from 1.
    pub number: usize,
    /// `r3c5`.
    pub cell: String,
    /// The cell's row, from 1.
    pub row: usize,
    /// The cell's column, from 1.
    pub col: usize,
    /// The digit, as a number.
    pub digit: usize,
    /// Placed (`true`) or eliminated.
    pub holds: bool,
    /// `assumption`, `same_cell`, `same_house`, `same_cage` (a Killer cage), `naked_single`,
    /// `hidden_single`; in nets plus
    /// `locked`; in nested nets `refuted` (an elimination whose placement `refutation` breaks)
    /// and, inside a refutation, `outer` (the enclosing branch's implication `outer`, repeated).
    pub reason: &'static str,
    /// The house of a `same_house`, `hidden_single` or `locked` reason: `row 3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<String>,
    /// The Killer cage of a `same_cage` reason: `cage 17 at r1c1, r1c2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cage: Option<String>,
    /// A `locked` reason's other house, which holds the digit's every place in `house` and the
    /// cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// The numbers of the implications it follows from.
    pub from: Vec<usize>,
    /// A `refuted` implication's refutation: a branch that assumes the candidate placed and
    /// ends in a contradiction, numbered from 1 on its own; its `outer` implications name
    /// this branch's implications it uses (all of them listed in `from`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refutation: Option<Box<BranchJson>>,
    /// An `outer` implication's number in the enclosing branch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outer: Option<usize>,
}

/// How a branch ends.
#[derive(Debug, Serialize)]
pub struct EndJson {
    /// `reaches` (the step's conclusion), `both` (a candidate placed and eliminated),
    /// `empty_cell` or `no_place` (a digit without a place in a house).
    pub kind: &'static str,
    /// The cell of `both` and `empty_cell`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// The digit of `both` and `no_place`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digit: Option<usize>,
    /// The house of `no_place`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<String>,
    /// The numbers of the implications it rests on (for `reaches`, the conclusion's).
    pub from: Vec<usize>,
}

impl NetJson {
    /// `net` with cells and houses named as in `puzzle`.
    fn of(net: &Net, puzzle: &Puzzle) -> NetJson {
        NetJson {
            branches: net
                .branches
                .iter()
                .map(|b| BranchJson::of(b, puzzle.layout()))
                .collect(),
            story: net
                .story()
                .iter()
                .map(|l| l.render(&puzzle.names()))
                .collect(),
            lines: net
                .lines()
                .iter()
                .map(|l| l.render(&puzzle.names()))
                .collect(),
        }
    }
}

impl BranchJson {
    /// `branch` with cells and houses named as in `layout`.
    fn of(branch: &net::Branch, layout: &Layout) -> BranchJson {
        let house = |h: usize| layout.houses()[h].to_string();
        let names = Names::new(layout, None);
        let numbers = |from: &[usize]| from.iter().map(|i| i + 1).collect();
        let implication = |(i, implication): (usize, &net::Implication)| {
            let mut json = ImplicationJson {
                number: i + 1,
                cell: layout.cell_name(implication.candidate.cell),
                row: implication.candidate.cell.row(layout.size()) + 1,
                col: implication.candidate.cell.col(layout.size()) + 1,
                digit: implication.candidate.digit.get(),
                holds: implication.holds,
                reason: "",
                house: None,
                cage: None,
                from: numbers(&implication.from),
                within: None,
                refutation: None,
                outer: None,
            };
            json.reason = match &implication.reason {
                net::Reason::Assumption => "assumption",
                net::Reason::SameCell => "same_cell",
                net::Reason::SameHouse { house: h } => {
                    json.house = Some(house(*h));
                    "same_house"
                }
                net::Reason::SameCage { cage } => {
                    json.cage = Some(Explanation::from(Cage(*cage)).render(&names));
                    "same_cage"
                }
                net::Reason::NakedSingle => "naked_single",
                net::Reason::HiddenSingle { house: h } => {
                    json.house = Some(house(*h));
                    "hidden_single"
                }
                net::Reason::Locked { house: h, within } => {
                    json.house = Some(house(*h));
                    json.within = Some(house(*within));
                    "locked"
                }
                net::Reason::Refuted { branch } => {
                    json.refutation = Some(Box::new(BranchJson::of(branch, layout)));
                    "refuted"
                }
                net::Reason::Outer { at } => {
                    json.outer = Some(at + 1);
                    "outer"
                }
            };
            json
        };
        let end = |kind, cell, digit, house, from| EndJson {
            kind,
            cell,
            digit,
            house,
            from,
        };
        BranchJson {
            implications: branch
                .implications
                .iter()
                .enumerate()
                .map(implication)
                .collect(),
            end: match &branch.end {
                net::End::Reaches { at } => end("reaches", None, None, None, vec![at + 1]),
                net::End::Both { candidate, from } => end(
                    "both",
                    Some(layout.cell_name(candidate.cell)),
                    Some(candidate.digit.get()),
                    None,
                    numbers(from),
                ),
                net::End::EmptyCell { cell, from } => end(
                    "empty_cell",
                    Some(layout.cell_name(*cell)),
                    None,
                    None,
                    numbers(from),
                ),
                net::End::NoPlace {
                    house: h,
                    digit,
                    from,
                } => end(
                    "no_place",
                    None,
                    Some(digit.get()),
                    Some(house(*h)),
                    numbers(from),
                ),
            },
        }
    }
}

impl StepJson {
    /// Describes `step` of a solve of `puzzle`.
    pub fn of(step: &Step, puzzle: &Puzzle) -> StepJson {
        let layout = puzzle.layout();
        let rc = |c: &Candidate, sep: &str| format!("{}{sep}{}", layout.cell_name(c.cell), c.digit);
        let named = |candidates: &[Candidate]| candidates.iter().map(|c| rc(c, ":")).collect();
        let cells =
            |candidates: &[Candidate]| candidates.iter().map(|c| CellJson::of(c, layout)).collect();
        let houses = |ids: &[usize]| {
            ids.iter()
                .map(|&h| layout.houses()[h].to_string())
                .collect()
        };
        StepJson {
            technique: step.technique.name(),
            code: step.technique.hodoku_code(),
            placements: step.placements.iter().map(|c| rc(c, "=")).collect(),
            eliminations: step.eliminations.iter().map(|c| rc(c, "<>")).collect(),
            pattern: named(&step.pattern),
            placement_cells: cells(&step.placements),
            elimination_cells: cells(&step.eliminations),
            pattern_cells: cells(&step.pattern),
            base: houses(&step.base),
            cover: houses(&step.cover),
            cages: step
                .cages
                .iter()
                .map(|&c| Explanation::from(Cage(c)).render(&Names::new(layout, None)))
                .collect(),
            fins: named(&step.fins),
            figures: step
                .figures
                .iter()
                .map(|f| FigureJson {
                    role: f.role,
                    candidates: named(&f.candidates),
                })
                .collect(),
            links: step
                .links
                .iter()
                .map(|l| LinkJson {
                    from: named(&l.from),
                    to: named(&l.to),
                    kind: l.kind,
                })
                .collect(),
            explanation: step.explanation.render(&puzzle.names()),
            words: words::sudoku_words(step, layout)
                .iter()
                .map(|sentence| sentence.render(&puzzle.names()))
                .collect(),
            guide: words::guide(step.technique),
            net: step.net.as_ref().map(|net| NetJson::of(net, puzzle)),
        }
    }
}

/// What a Sudoku adds to the JSON document.
#[derive(Debug, Serialize)]
pub struct Details {
    /// The layout.
    pub layout: LayoutJson,
    /// The givens, rows of numbers, `0` for empty.
    pub givens: Vec<Vec<Option<usize>>>,
    /// How many cells are given.
    pub given_count: usize,
    /// The difficulty, when the solve reached a solution.
    pub rating: Option<Rating>,
    /// The solution, rows of numbers, when solved.
    pub solution: Option<Vec<Vec<Option<usize>>>>,
}

impl PuzzleReport for Puzzle {
    fn kind(&self) -> &'static str {
        "sudoku"
    }

    fn origin_names(&self) -> (&Origin, Names<'_>) {
        (self.origin(), self.names())
    }

    fn summary(&self) -> String {
        puzzle_summary(self)
    }

    fn count_solutions(&self, limit: usize, deadline: Deadline) -> Tally {
        let count = search::count_solutions_until(self, limit, deadline);
        Tally {
            solutions: count.solutions,
            complete: count.complete,
        }
    }

    fn line(&self) -> String {
        render::grid_line(self.givens(), self.symbols())
    }

    const BATCH_COLUMNS: &'static [&'static str] = &["regions"];

    fn batch_columns(&self) -> Vec<Value> {
        let regions = render::region_line(self.layout());
        vec![regions.map_or(Value::Null, Value::from)]
    }

    fn is_solution(&self, text: &str) -> bool {
        let size = self.size();
        let values: Vec<Option<usize>> = text
            .chars()
            .map(|c| self.symbols().value_of(c).filter(|&v| v <= size))
            .collect();
        if values.len() != size * size || values.contains(&None) {
            return false;
        }
        let mut grid = Grid::empty(size);
        for (index, value) in values.into_iter().enumerate() {
            grid.set(Cell::from_index(index), value.map(Digit::new));
        }
        let house_is_whole = |cells: &[Cell]| {
            let mut seen = vec![false; size + 1];
            cells.iter().all(|&cell| {
                let value = grid.get(cell).map_or(0, Digit::get);
                !std::mem::replace(&mut seen[value], true)
            })
        };
        self.givens().agrees_with(&grid)
            && self
                .layout()
                .houses()
                .iter()
                .all(|h| house_is_whole(&h.cells))
    }
}

impl StepReport for Step {
    fn technique_name(&self) -> String {
        self.technique.name()
    }

    fn explanation(&self) -> &Explanation {
        &self.explanation
    }

    fn is_backtracking(&self) -> bool {
        self.technique == Technique::Backtracking
    }

    fn full_lines(&self) -> Vec<Explanation> {
        self.net.as_ref().map(Net::lines).unwrap_or_default()
    }

    fn story(&self) -> Vec<Explanation> {
        self.net.as_ref().map(Net::story).unwrap_or_default()
    }
}

impl SolveReport for Solve {
    type Puzzle = Puzzle;
    type Step = Step;
    type Details = Details;
    type StepJson = StepJson;

    fn trace(&self) -> Trace<'_, Puzzle, Step> {
        Trace::new(&self.puzzle, &self.steps, &self.outcome, self.solutions).counted(self.counted)
    }

    fn stuck(&self) -> String {
        "stuck: no allowed technique applies (--no-guess)".into()
    }

    fn solution_line(&self) -> Option<String> {
        self.solved_grid()
            .map(|grid| render::grid_line(grid, self.puzzle.symbols()))
    }

    fn grid_text(&self) -> String {
        let (layout, symbols) = (self.puzzle.layout(), self.puzzle.symbols());
        match self.solved_grid() {
            Some(grid) => render::grid_text(grid, layout, symbols),
            None => render::candidates_text(&self.state, symbols),
        }
    }

    fn grids_before_steps(&self) -> Vec<String> {
        let mut state = crate::core::State::from_puzzle(&self.puzzle);
        self.steps
            .iter()
            .map(|step| {
                let grid = render::candidates_text(&state, self.puzzle.symbols());
                state.apply(step);
                grid
            })
            .collect()
    }

    /// None for a solve stopped by the time limit: its steps rate only part of the puzzle.
    fn difficulty(&self) -> Option<String> {
        self.solved_rating().map(|_| difficulty(self))
    }

    fn summary_details(&self) -> Vec<(&'static str, String)> {
        let rating = self.rating();
        let hardest = rating
            .hardest
            .map_or("none".to_string(), |(t, r)| format!("{t}, rated {r:.1}"));
        vec![
            (
                "Level",
                format!("{} (score {})", rating.level, rating.score),
            ),
            ("Hardest step", hardest),
        ]
    }

    const BATCH_DETAILS: &'static [&'static str] = &["level", "score", "hardest_technique"];

    fn batch_details(&self) -> Vec<Value> {
        let Some(rating) = self.solved_rating() else {
            return vec![Value::Null; Self::BATCH_DETAILS.len()];
        };
        let hardest = rating.hardest.map(|(t, _)| t.name());
        vec![
            rating.level.to_string().into(),
            rating.score.into(),
            hardest.map_or(Value::Null, Value::from),
        ]
    }

    fn first_wrong_step(&self) -> Option<usize> {
        self.first_unsound_step().map(|(i, _)| i)
    }

    fn json_details(&self) -> Details {
        let puzzle = &self.puzzle;
        Details {
            layout: LayoutJson::of(puzzle),
            givens: render::grid_rows(puzzle.givens(), puzzle.layout()),
            given_count: puzzle.givens().filled_count(),
            rating: self.solved_rating(),
            solution: (self.solved_grid()).map(|grid| render::grid_rows(grid, puzzle.layout())),
        }
    }

    fn json_step(&self, step: &Step) -> StepJson {
        StepJson::of(step, &self.puzzle)
    }

    fn step_words(&self, step: &Step) -> Vec<Explanation> {
        words::sudoku_words(step, self.puzzle.layout())
    }

    fn step_guide(&self, step: &Step) -> String {
        words::guide(step.technique)
    }
}
