//! Every step's data is faithful to its reasoning: checked from the grid before each step, by
//! rules written here without the techniques' code.
//!
//! For every step of full logical solves on dataset samples of every grid kind (9x9 from top1465
//! and the forum's hardest, 16x16, 9x9 jigsaw, Killer, Sudoku-X and windoku):
//! - every cell the explanation names (`r3c5`, Eureka's `r2c1235`, `r12c5`, `r1,2c5` beyond 9x9)
//!   is a cell of the step's data, and on grids written in the digits 1-9 every claim it writes
//!   (`r3c5<>47`, `r3c5=7`) is an elimination, a placement or a candidate of the data;
//! - every candidate in the data (pattern, fins, figures, links, the net's implications) was a
//!   candidate before the step (or is the digit a cell already holds);
//! - every strong link is strong in that grid: its two nodes hold every place of one digit in a
//!   house, or every candidate of one cell; every weak link joins nodes of which at most one can
//!   be true; every link inside an almost locked set lies in one ALS figure;
//! - every ALS figure is one: N cells holding N+1 digits, and every candidate of its cells;
//! - each technique names the parts it rests on in their roles: wings a pivot and pincers, ALS
//!   techniques their sets and restricted commons, uniqueness its deadly pattern, colourings
//!   both colours, Sue de Coq its three parts, forcing steps their assumptions, told in a story
//!   of two to six lines.

use crate::common::{fixture, shared};
use gridlogic::core::net::{Branch, End, Reason};
use gridlogic::core::step::{Figure, Link, LinkKind, Role};
use gridlogic::core::{Outcome, State, Step};
use gridlogic::engine::{self, Options};
use gridlogic::model::{Candidate, Cell, Digit, Puzzle, Variant};
use gridlogic::read::{ReadOptions, read_file, read_text};
use std::collections::BTreeSet;
use std::path::Path;

/// Every `stride`-th puzzle of the collection at `path`, read with `variants`.
fn sample(path: &Path, stride: usize, variants: Vec<Variant>) -> Vec<Puzzle> {
    let options = ReadOptions {
        variants,
        ..ReadOptions::default()
    };
    let puzzles = read_file(path, &options).unwrap().puzzles;
    puzzles.into_iter().step_by(stride).collect()
}

/// Solves each puzzle and checks every step; returns the problems found, one line each, and
/// the number of steps checked.
fn check_all(puzzles: &[Puzzle], what: &str) -> (Vec<String>, usize) {
    let (mut problems, mut steps) = (Vec::new(), 0);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let solve = engine::solve(puzzle, &Options::all(puzzle.size()));
        assert_eq!(solve.outcome, Outcome::Solved, "{what} #{i}");
        let mut state = State::from_puzzle(puzzle);
        for (n, step) in solve.steps.iter().enumerate() {
            let text = step.explanation.render(&puzzle.names());
            for problem in Check::new(&state, step, &text).problems() {
                problems.push(format!("{what} #{i} step {}: {text}: {problem}", n + 1));
            }
            state.apply(step);
            steps += 1;
        }
    }
    (problems, steps)
}

/// Fails with the first problems, if any, and says how many steps were checked.
fn assert_faithful(puzzles: &[Puzzle], what: &str) {
    assert!(!puzzles.is_empty(), "{what}: no puzzles");
    let (problems, steps) = check_all(puzzles, what);
    let shown: Vec<&String> = problems.iter().take(20).collect();
    assert!(
        problems.is_empty(),
        "{what}: {} problems in {steps} steps, the first:\n{shown:#?}",
        problems.len()
    );
    eprintln!("{what}: {} puzzles, {steps} steps faithful", puzzles.len());
}

/// One step against the grid before it.
struct Check<'a> {
    state: &'a State,
    step: &'a Step,
    /// The explanation, rendered.
    text: &'a str,
    size: usize,
    problems: Vec<String>,
}

impl<'a> Check<'a> {
    fn new(state: &'a State, step: &'a Step, text: &'a str) -> Check<'a> {
        Check {
            state,
            step,
            text,
            size: state.layout().size(),
            problems: Vec::new(),
        }
    }

    fn problems(mut self) -> Vec<String> {
        self.named_cells();
        self.named_claims();
        self.candidates_exist();
        for link in &self.step.links {
            self.link(link);
        }
        for figure in &self.step.figures {
            if figure.role == Role::Als {
                self.als(figure);
            }
        }
        self.roles();
        self.problems
    }

    fn name(&self, c: &Candidate) -> String {
        let (row, col) = (c.cell.row(self.size) + 1, c.cell.col(self.size) + 1);
        format!("r{row}c{col}:{}", c.digit.get())
    }

    /// Every candidate the step's data names, placements and eliminations included.
    fn data(&self) -> Vec<Candidate> {
        let step = self.step;
        let mut all: Vec<Candidate> = [&step.placements, &step.eliminations, &step.pattern]
            .into_iter()
            .chain([&step.fins])
            .flat_map(|list| list.iter().copied())
            .collect();
        all.extend(
            step.figures
                .iter()
                .flat_map(|f| f.candidates.iter().copied()),
        );
        for link in &step.links {
            all.extend(link.from.iter().chain(&link.to).copied());
        }
        for branch in self.branches() {
            all.extend(branch.implications.iter().map(|i| i.candidate));
            if let End::Both { candidate, .. } = &branch.end {
                all.push(*candidate);
            }
        }
        all
    }

    /// The branches of the step's net, its refutations' included.
    fn branches(&self) -> Vec<&'a Branch> {
        let mut stack: Vec<&Branch> = self.step.net.iter().flat_map(|n| &n.branches).collect();
        let mut all = Vec::new();
        while let Some(branch) = stack.pop() {
            all.push(branch);
            for implication in &branch.implications {
                if let Reason::Refuted { branch } = &implication.reason {
                    stack.push(branch);
                }
            }
        }
        all
    }

    /// The cells of the data, and of the cages the step reads.
    fn data_cells(&self) -> BTreeSet<Cell> {
        let mut cells: BTreeSet<Cell> = self.data().iter().map(|c| c.cell).collect();
        let cages = self.state.layout().cages();
        for &cage in &self.step.cages {
            cells.extend(cages[cage].cells.iter().copied());
        }
        // An emptied cell is named by the end alone (a house's places are its implications').
        for branch in self.branches() {
            if let End::EmptyCell { cell, .. } = &branch.end {
                cells.insert(*cell);
            }
        }
        cells
    }

    fn named_cells(&mut self) {
        let cells = self.data_cells();
        for cell in cell_names(self.text, self.size) {
            if cell.index() >= self.size * self.size || !cells.contains(&cell) {
                let (r, c) = (cell.row(self.size) + 1, cell.col(self.size) + 1);
                self.problems
                    .push(format!("r{r}c{c} is named but not in the data"));
            }
        }
    }

    /// `r3c5<>47` and `r3c5=7` on grids written 1-9: the candidates are in the data.
    fn named_claims(&mut self) {
        if self.size > 9 {
            return;
        }
        let data: BTreeSet<Candidate> = self.data().into_iter().collect();
        for (cell, digit) in claims(self.text, self.size) {
            let candidate = Candidate::new(cell, digit);
            if !data.contains(&candidate) {
                let name = self.name(&candidate);
                self.problems.push(format!("claim {name} not in the data"));
            }
        }
    }

    /// Whether `c` was a candidate before the step, or is the digit its cell holds.
    fn existed(&self, c: &Candidate) -> bool {
        self.state.candidates(c.cell).contains(c.digit)
            || self.state.values().get(c.cell) == Some(c.digit)
    }

    fn candidates_exist(&mut self) {
        let missing: BTreeSet<Candidate> = self
            .data()
            .into_iter()
            .filter(|c| !self.existed(c))
            .collect();
        for c in missing {
            let name = self.name(&c);
            self.problems
                .push(format!("{name} is in the data but was not a candidate"));
        }
    }

    fn link(&mut self, link: &Link) {
        let (from, to) = (&link.from, &link.to);
        let show = |list: &[Candidate]| {
            list.iter()
                .map(|c| self.name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let ok = match link.kind {
            _ if from.is_empty() || to.is_empty() => false,
            LinkKind::Strong => self.is_strong(from, to),
            LinkKind::Weak => self.is_weak(from, to),
            LinkKind::Als => self.step.figures.iter().any(|f| {
                f.role == Role::Als
                    && from
                        .iter()
                        .chain(to.iter())
                        .all(|c| f.candidates.contains(c))
            }),
        };
        if !ok {
            let message = format!(
                "{:?} link [{}] to [{}] is not one in the grid",
                link.kind,
                show(from),
                show(to)
            );
            self.problems.push(message);
        }
    }

    /// At least one node is true: together they are every candidate of one cell, or every place
    /// of one digit in one house.
    fn is_strong(&self, from: &[Candidate], to: &[Candidate]) -> bool {
        let both: BTreeSet<Candidate> = from.iter().chain(to).copied().collect();
        if both.len() != from.len() + to.len() {
            return false;
        }
        let first = from[0];
        if both.iter().all(|c| c.cell == first.cell) {
            let all = self.state.candidates(first.cell);
            return all.len() == both.len() && both.iter().all(|c| all.contains(c.digit));
        }
        if both.iter().any(|c| c.digit != first.digit) {
            return false;
        }
        let layout = self.state.layout();
        layout.houses().iter().any(|house| {
            let places: BTreeSet<Candidate> = house
                .cells
                .iter()
                .filter(|&&c| self.state.candidates(c).contains(first.digit))
                .map(|&c| Candidate::new(c, first.digit))
                .collect();
            places == both
        })
    }

    /// At most one node is true: both in one cell, or each digit of `to` in `from` and every
    /// candidate of one node sees the other's candidates of its digit.
    fn is_weak(&self, from: &[Candidate], to: &[Candidate]) -> bool {
        let cell = from[0].cell;
        let one_cell = from.iter().chain(to).all(|c| c.cell == cell);
        if one_cell {
            return from.iter().all(|a| to.iter().all(|b| a.digit != b.digit));
        }
        let layout = self.state.layout();
        let sees = |a: &Candidate, b: &Candidate| a.cell != b.cell && layout.sees(a.cell, b.cell);
        let digits =
            |list: &[Candidate]| -> BTreeSet<Digit> { list.iter().map(|c| c.digit).collect() };
        digits(from) == digits(to)
            && from
                .iter()
                .all(|a| to.iter().filter(|b| b.digit == a.digit).all(|b| sees(a, b)))
    }

    fn als(&mut self, figure: &Figure) {
        let cells: BTreeSet<Cell> = figure.candidates.iter().map(|c| c.cell).collect();
        let every: BTreeSet<Candidate> = cells
            .iter()
            .flat_map(|&c| {
                let digits = self.state.candidates(c);
                digits.iter().map(move |d| Candidate::new(c, d))
            })
            .collect();
        let listed: BTreeSet<Candidate> = figure.candidates.iter().copied().collect();
        let digits: BTreeSet<Digit> = every.iter().map(|c| c.digit).collect();
        if listed != every || digits.len() != cells.len() + 1 {
            let names: Vec<String> = figure.candidates.iter().map(|c| self.name(c)).collect();
            self.problems.push(format!(
                "ALS [{}]: {} cells, {} digits, {} of its {} candidates",
                names.join(" "),
                cells.len(),
                digits.len(),
                listed.len(),
                every.len()
            ));
        }
    }

    /// The roles each technique's reasoning rests on.
    fn roles(&mut self) {
        let name = self.step.technique.name();
        let needs: &[Role] = match &*name {
            "XY-Wing" | "XYZ-Wing" | "WXYZ-Wing" => &[Role::Pivot, Role::Pincer],
            "W-Wing" => &[Role::Pincer],
            "No Bar" => &[Role::Pivot],
            "ALS-XZ" | "ALS-XY-Wing" => &[Role::Als, Role::RestrictedCommon],
            n if n.starts_with("ALS-Chain") => &[Role::Als, Role::RestrictedCommon],
            n if n.starts_with("Death Blossom") => {
                &[Role::Pivot, Role::Als, Role::RestrictedCommon]
            }
            n if n.contains("Rectangle") && !n.contains("Empty Rectangle")
                || n.starts_with("BUG") =>
            {
                &[Role::Deadly]
            }
            n if n.contains("Colours") => &[Role::ColourA, Role::ColourB],
            "Sue de Coq" => &[Role::Intersection, Role::LineSet, Role::BoxSet],
            n if n.contains("Forcing") || n.starts_with("Nishio") => &[Role::Assumption],
            _ => &[],
        };
        for role in needs {
            if !self.step.figures.iter().any(|f| f.role == *role) {
                self.problems.push(format!("no {role:?} figure"));
            }
        }
        if let Some(net) = &self.step.net {
            let lines = net.story().len();
            if !(2..=6).contains(&lines) {
                self.problems.push(format!("a story of {lines} lines"));
            }
        }
        let chain_like = ["Skyscraper", "2-String Kite", "Turbot Fish", "W-Wing"];
        if chain_like.iter().any(|n| name.contains(n)) && self.step.links.is_empty() {
            self.problems.push("no links".into());
        }
    }
}

/// The numbers of a row or column list at the start of `text`: one digit each up to 9x9
/// (`1235`), numbers separated by commas beyond (`1,12`); with the length read.
fn numbers(text: &str, size: usize) -> (Vec<usize>, usize) {
    let bytes = text.as_bytes();
    let (mut list, mut i) = (Vec::new(), 0);
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        let start = i;
        i += 1;
        while size > 9 && i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        list.push(text[start..i].parse().unwrap());
        if size > 9 && i + 1 < bytes.len() && bytes[i] == b',' && bytes[i + 1].is_ascii_digit() {
            i += 1;
        }
    }
    (list, i)
}

/// Every cell `text` names in the r/c notation, Eureka's groups (`r2c1235`, `r1,2c5;r3c4`)
/// included.
fn cell_names(text: &str, size: usize) -> Vec<Cell> {
    cell_spans(text, size)
        .into_iter()
        .flat_map(|(cells, _)| cells)
        .collect()
}

/// Each run of cells `text` names, with the byte just after it.
fn cell_spans(text: &str, size: usize) -> Vec<(Vec<Cell>, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i] == b'r' && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let (rows, read) = numbers(&text[i + 1..], size);
        let at = i + 1 + read;
        if rows.is_empty() || bytes.get(at) != Some(&b'c') {
            i += 1;
            continue;
        }
        let (cols, read) = numbers(&text[at + 1..], size);
        if cols.is_empty() {
            i += 1;
            continue;
        }
        let end = at + 1 + read;
        let cells = rows
            .iter()
            .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
            .map(|(r, c)| Cell::at(r - 1, c - 1, size))
            .collect();
        spans.push((cells, end));
        i = end;
    }
    spans
}

/// The candidates of claims `r3c5<>47` and `r3c5=7` in `text` (digits 1-9).
fn claims(text: &str, size: usize) -> Vec<(Cell, Digit)> {
    let mut found = Vec::new();
    for (cells, end) in cell_spans(text, size) {
        let rest = &text[end..];
        let digits = match (rest.strip_prefix("<>"), rest.strip_prefix('=')) {
            (Some(d), _) | (None, Some(d)) => d,
            _ => continue,
        };
        let [cell] = cells[..] else { continue };
        for ch in digits.chars().take_while(|c| ('1'..='9').contains(c)) {
            found.push((cell, Digit::new(ch as usize - '0' as usize)));
        }
    }
    found
}

#[test]
fn the_cell_notation_is_read_as_written() {
    let cells = |text| -> Vec<(usize, usize)> {
        cell_names(text, 9)
            .iter()
            .map(|c| (c.row(9) + 1, c.col(9) + 1))
            .collect()
    };
    assert_eq!(
        cells("(5=469)r2c1235-(469=7)r2c7"),
        [(2, 1), (2, 2), (2, 3), (2, 5), (2, 7)]
    );
    assert_eq!(
        cells("r12c5, r1c23,r3c4 (row 3)"),
        [(1, 5), (2, 5), (1, 2), (1, 3), (3, 4)]
    );
    let big: Vec<usize> = cell_names("(7)r1,12c5;r16c3,4", 16)
        .iter()
        .map(|c| c.index())
        .collect();
    assert_eq!(big, [4, 11 * 16 + 4, 15 * 16 + 2, 15 * 16 + 3]);
    let claimed: Vec<(usize, usize)> = claims("⇒ r3c4<>349, r1c2=7", 9)
        .iter()
        .map(|(c, d)| (c.index(), d.get()))
        .collect();
    assert_eq!(claimed, [(21, 3), (21, 4), (21, 9), (1, 7)]);
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_faithful_on_top1465() {
    let Some(path) = shared("datasets/9x9/magictour_top1465.txt") else {
        return;
    };
    assert_faithful(&sample(&path, 30, Vec::new()), "top1465");
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_faithful_on_the_forums_hardest() {
    let Some(path) = shared("datasets/9x9/forum_hardest_1106.txt") else {
        return;
    };
    assert_faithful(&sample(&path, 40, Vec::new()), "forum hardest");
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_faithful_on_16x16() {
    let Some(path) = shared("datasets/16x16/janko_16x16_62.txt") else {
        return;
    };
    assert_faithful(&sample(&path, 6, Vec::new()), "janko 16x16");
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_faithful_on_jigsaws() {
    let Some(path) = shared("datasets/jigsaw/janko_chaos_unique_333.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let nines: String = text
        .lines()
        .filter(|l| l.starts_with("9 "))
        .step_by(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let puzzles = read_text(&nines, "jigsaws", &ReadOptions::default())
        .unwrap()
        .puzzles;
    assert_faithful(&puzzles, "janko 9x9 jigsaw");
}

#[test]
fn every_step_is_faithful_on_killers() {
    let puzzles = sample(&fixture("samples/janko-killer-sample.txt"), 1, Vec::new());
    assert_faithful(&puzzles, "Killer sample");
}

#[test]
fn every_step_is_faithful_on_even_odd_and_consecutive() {
    let mut puzzles = Vec::new();
    for name in ["even-odd-100", "consecutive-01", "consecutive-9x9"] {
        let path = fixture(&format!("marked/{name}.txt"));
        puzzles.extend(sample(&path, 1, Vec::new()));
    }
    assert_faithful(&puzzles, "even/odd and consecutive");
}

#[test]
fn every_step_is_faithful_on_sudoku_x_and_windoku() {
    let mut puzzles = sample(&fixture("text/sudoku-x-sample.txt"), 1, Vec::new());
    puzzles.extend(sample(&fixture("text/sudoku-x-9x9.txt"), 1, Vec::new()));
    puzzles.extend(sample(&fixture("text/windoku-9x9.txt"), 1, Vec::new()));
    assert_faithful(&puzzles, "Sudoku-X and windoku");
}
