//! The "Solution" sheet: the solved grid where the puzzle was typed, its cells holding the
//! solution as values (numbers, or the puzzle's letters) filled by the kind of step that placed
//! them (a tint per kind of single, a colour per harder family); under it the order of
//! deduction, a grid of the same shape and fills holding the number of the step that placed each
//! digit, a `*` after the numbers of singles that only an earlier harder step made possible; the
//! title typed over the grid where it was; right of the grids a legend, the summary, and the
//! other texts typed around the grid on the puzzle's sheet, listed as notes.

use super::{BookOptions, View, digit_font, plural};
use crate::core::{Family, State, Technique};
use crate::model::{Candidate, Cell, Digit, DigitSet, SheetText, sheet_address};
use crate::report::summary_rows;
use crate::write::palette::{self, family_fill};
use crate::write::{
    CellSpec, Content, Font, HEADING, Print, Rgb, Sheet, Style, labelled_values, legend, summary,
    swatch,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// How the Solution sheet tells the steps that placed digits apart: singles by kind, the other
/// techniques by family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    Harder(Family),
}

impl Kind {
    fn of(technique: Technique) -> Kind {
        match technique {
            Technique::FullHouse => Kind::FullHouse,
            Technique::HiddenSingle(_) => Kind::HiddenSingle,
            Technique::NakedSingle => Kind::NakedSingle,
            other => Kind::Harder(other.family()),
        }
    }

    fn fill(self) -> Rgb {
        match self {
            Kind::FullHouse => palette::FULL_HOUSE,
            Kind::HiddenSingle => palette::HIDDEN_SINGLE,
            Kind::NakedSingle => palette::NAKED_SINGLE,
            Kind::Harder(family) => family_fill(family),
        }
    }

    fn label(self) -> &'static str {
        match self {
            Kind::FullHouse => "Full house",
            Kind::HiddenSingle => "Hidden single",
            Kind::NakedSingle => "Naked single",
            Kind::Harder(family) => family.label(),
        }
    }
}

/// The mark after the step number of a single that needed an earlier harder step.
const UNLOCKED_MARK: &str = "*";

/// The most step numbers a legend row lists.
const LISTED_STEPS: usize = 8;

/// What marks the cells of givens in the order grid: no step placed them. Not a digit nor an
/// empty-cell marker, so that the order grid is never read back as a puzzle.
const GIVEN_MARK: &str = "·";

/// The height of the rows between the solution and the order grid (a blank row, the caption).
const GAP_PX: u32 = 30;

impl View<'_> {
    /// The Solution sheet.
    pub(super) fn solution_sheet(&self, options: &BookOptions) -> Sheet {
        let mut sheet = Sheet::new("Solution");
        sheet.gridlines = false;
        sheet.print = Print::OnePage;
        let px = self.cell_px;
        let order = self.order_anchor();
        self.size_grid(&mut sheet, self.anchor, px, px);
        self.size_grid(&mut sheet, order, px, px);
        let needed = self.harder_steps_needed();
        let state = &self.solve.state;
        for cell in self.layout().cells() {
            let spec = self.solution_cell(state, cell, &needed);
            let (row, col) = self.at(cell, self.anchor);
            sheet.put(row, col, spec);
            let (row, col) = self.at(cell, order);
            sheet.put(row, col, self.order_cell(cell, &needed));
        }
        let caption = "Order of deduction: step numbers";
        sheet.text(order.0 - 1, order.1, caption, Style::font(self.step_font()));
        for row in [order.0 - 2, order.0 - 1] {
            sheet.row_height(row, GAP_PX);
        }
        self.put_title(&mut sheet);
        let bottom = self.legend_and_summary(&mut sheet, options, &needed);
        // Notes print as far down as the grids or the summary reach, and stay on the sheet past.
        let printed = bottom.max(order.0 + self.extent().0);
        let notes_end = self.put_notes(&mut sheet, bottom + 1);
        if notes_end > printed {
            sheet.print_rows = Some(printed as u32);
        }
        sheet
    }

    /// Where the order grid starts: under the solution grid, after a blank row and its caption.
    fn order_anchor(&self) -> (usize, usize) {
        (self.anchor.0 + self.extent().0 + 2, self.anchor.1)
    }

    /// The font of step numbers: the order grid's, and the legend's samples of it.
    fn step_font(&self) -> Font {
        Font::sized((f64::from(self.cell_px) * 0.3).max(8.0)).coloured(palette::STEP_NUMBER)
    }

    /// A cell of the order grid: the number of the step that placed its digit (`12`, or `12*`
    /// for a single that needed harder steps), filled as its solution cell; a given's cell
    /// white with a dot; an unsolved cell blank.
    fn order_cell(&self, cell: Cell, needed: &[Vec<usize>]) -> CellSpec {
        let font = self.step_font();
        if self.puzzle.givens().get(cell).is_some() {
            let style = self.digit_style(font, Some(0xFFFFFF), cell);
            return CellSpec::new(Content::Text(GIVEN_MARK.into()), style);
        }
        let Some(step) = self.placed_by[cell.index()] else {
            return CellSpec::new(Content::Blank, self.digit_style(font, None, cell));
        };
        let needed = &needed[step];
        let (kind, _) = self.cell_kind(step, needed);
        let content = match needed.is_empty() {
            true => Content::Number((step + 1) as f64),
            false => Content::Text(self.step_label(step, needed)),
        };
        CellSpec::new(content, self.digit_style(font, Some(kind.fill()), cell))
    }

    fn solution_cell(&self, state: &State, cell: Cell, needed: &[Vec<usize>]) -> CellSpec {
        let font = digit_font(self.cell_px);
        if let Some(digit) = self.puzzle.givens().get(cell) {
            let style = self.digit_style(font.bold(), Some(0xFFFFFF), cell);
            return CellSpec::new(self.digit_content(digit), style);
        }
        match (state.value(cell), self.placed_by[cell.index()]) {
            (Some(digit), Some(step)) => self.deduced_cell(cell, digit, step, &needed[step]),
            _ => {
                let small = Font::sized(8.0).coloured(palette::QUIET);
                let text = self.candidate_line(state.candidates(cell));
                let mut style = self.digit_style(small, None, cell);
                style.wrap = true;
                CellSpec::new(Content::Text(text), style)
            }
        }
    }

    /// A digit placed by step `step` (a single that needed the harder steps `needed`, or
    /// another step), as a value, filled by the step's kind; its note names the step.
    fn deduced_cell(&self, cell: Cell, digit: Digit, step: usize, needed: &[usize]) -> CellSpec {
        let (kind, _) = self.cell_kind(step, needed);
        let style = self.digit_style(digit_font(self.cell_px), Some(kind.fill()), cell);
        let mut spec = CellSpec::new(self.digit_content(digit), style);
        let notes = [
            self.cage_note(cell),
            Some(self.note_of(step)),
            self.needed_note(needed),
        ];
        spec.note = Some(notes.into_iter().flatten().collect::<Vec<_>>().join("\n"));
        spec
    }

    /// How a cell placed by step `step`, which needed the harder steps `needed`, is filled, and
    /// the harder steps it is owed to: the step itself, or for a single the needed steps of the
    /// hardest family among them (none for a single that needed none).
    fn cell_kind(&self, step: usize, needed: &[usize]) -> (Kind, Vec<usize>) {
        let family = |i: usize| self.solve.steps[i].technique.family();
        match needed.iter().map(|&i| family(i)).max() {
            Some(hardest) => {
                let owed = needed.iter().filter(|&&i| family(i) == hardest);
                (Kind::Harder(hardest), owed.copied().collect())
            }
            None => match Kind::of(self.solve.steps[step].technique) {
                kind @ Kind::Harder(_) => (kind, vec![step]),
                single => (single, Vec::new()),
            },
        }
    }

    /// `12`, or `12*` for a single that needed harder steps.
    fn step_label(&self, step: usize, needed: &[usize]) -> String {
        let mark = if needed.is_empty() { "" } else { UNLOCKED_MARK };
        format!("{}{mark}", step + 1)
    }

    fn note_of(&self, index: usize) -> String {
        let explanation = self.text(&self.solve.steps[index].explanation);
        format!("Step {} — {explanation}", index + 1)
    }

    /// `A single only after step 9 (X-Wing)`: the harder steps a single needed.
    fn needed_note(&self, needed: &[usize]) -> Option<String> {
        let steps: Vec<String> = needed
            .iter()
            .map(|&i| format!("{} ({})", i + 1, self.solve.steps[i].technique))
            .collect();
        let word = plural(steps.len(), "step", "steps");
        (!steps.is_empty()).then(|| format!("A single only after {word} {}", steps.join(", ")))
    }

    fn candidate_line(&self, candidates: DigitSet) -> String {
        let digits: Vec<String> = candidates.iter().map(|d| self.digit_text(d)).collect();
        digits.join(" ")
    }

    /// For each step, the earlier steps of harder families without whose eliminations it would
    /// not be a single: for a single that the givens and the digits placed before it do not
    /// make one alone, the steps that removed the candidates it needed gone; empty for the
    /// others and for every step that is not a single.
    fn harder_steps_needed(&self) -> Vec<Vec<usize>> {
        let mut state = State::from_puzzle(self.puzzle);
        let start = state.all_candidates().to_vec();
        let mut removed_by: HashMap<Candidate, usize> = HashMap::new();
        let mut needed = Vec::with_capacity(self.solve.steps.len());
        for (i, step) in self.solve.steps.iter().enumerate() {
            let single = step.technique.family() == Family::Singles;
            let mut steps: Vec<usize> = match single {
                true => step
                    .placements
                    .iter()
                    .flat_map(|&placed| needed_gone(&state, &start, placed))
                    .filter_map(|c| removed_by.get(&c).copied())
                    .collect(),
                false => Vec::new(),
            };
            steps.sort_unstable();
            steps.dedup();
            needed.push(steps);
            for &gone in step.eliminations.iter().filter(|_| !single) {
                if state.candidates(gone.cell).contains(gone.digit) {
                    removed_by.entry(gone).or_insert(i);
                }
            }
            state.apply(step);
        }
        needed
    }

    /// Whether `text`, typed around the grid, is its title: over the grid, in one of its columns.
    fn is_title(&self, text: &SheetText) -> bool {
        let (top, left) = self.anchor;
        text.row < top && (left..left + self.extent().1).contains(&text.col)
    }

    /// Puts the titles typed over the grid where they were.
    fn put_title(&self, sheet: &mut Sheet) {
        for text in self.puzzle.texts().iter().filter(|t| self.is_title(t)) {
            let font = text.points.map_or(Font::PLAIN, Font::sized);
            sheet.text(text.row, text.col, text.text.clone(), Style::font(font));
        }
    }

    /// Lists the other texts typed around the grid (beside it, under it, left of it) from row
    /// `top` of the side columns, each with the address it had, wrapped to the value column so
    /// that they never widen the page; returns the row after them.
    fn put_notes(&self, sheet: &mut Sheet, top: usize) -> usize {
        let notes: Vec<&SheetText> = (self.puzzle.texts().iter())
            .filter(|t| !self.is_title(t))
            .collect();
        if notes.is_empty() {
            return top;
        }
        let col = self.legend_column();
        sheet.text(top + 1, col, "Notes", HEADING);
        let rows: Vec<(String, String)> = (notes.iter())
            .map(|note| (sheet_address(note.row, note.col), note.text.clone()))
            .collect();
        labelled_values(sheet, top + 2, col, &rows)
    }

    /// The first column of the legend: right of the grid, after a gap.
    fn legend_column(&self) -> usize {
        self.anchor.1 + self.extent().1 + 1
    }

    /// The legend and the summary, right of the grids; returns the row after them.
    fn legend_and_summary(
        &self,
        sheet: &mut Sheet,
        options: &BookOptions,
        needed: &[Vec<usize>],
    ) -> usize {
        let (top, col) = (self.anchor.0, self.legend_column());
        let next = legend(sheet, top, col, &self.legend_rows(needed));
        let rows = match self.rated {
            Some(rated) => summary_rows(rated, &options.source),
            None => summary_rows(self.solve, &options.source),
        };
        summary(sheet, next + 1, col, &rows)
    }

    /// What the Solution sheet shows, with counts: the givens, the step numbers (and their mark,
    /// when a single needed a harder step), one row per kind of step that placed digits, and
    /// the cells left unsolved.
    fn legend_rows(&self, needed: &[Vec<usize>]) -> Vec<(CellSpec, String, String)> {
        let givens = self.puzzle.givens().filled_count();
        let sample = self.digit_text(Digit::new(self.size().min(5)));
        let mut rows = vec![(
            swatch(Some(0xFFFFFF), &sample, Font::sized(11.0).bold()),
            "Given".to_string(),
            format!(
                "{givens} {}, {GIVEN_MARK} in the order grid",
                plural(givens, "cell", "cells")
            ),
        )];
        rows.extend(self.number_rows(needed));
        rows.extend(self.kind_rows(needed));
        rows.extend(self.marks_legend(true));
        let unsolved = self.layout().cell_count() - self.solve.state.values().filled_count();
        if unsolved > 0 {
            rows.push((
                swatch(None, "1 2", Font::sized(8.0).coloured(palette::QUIET)),
                "Unsolved".to_string(),
                format!(
                    "{unsolved} {}, with the candidates left",
                    plural(unsolved, "cell", "cells")
                ),
            ));
        }
        rows
    }

    /// The legend rows of the step numbers and, when a single needed a harder step, of their
    /// mark; none when no step placed a digit.
    fn number_rows(&self, needed: &[Vec<usize>]) -> Vec<(CellSpec, String, String)> {
        let mut rows = Vec::new();
        let steps = self.solve.steps.len();
        if self.placed_by.iter().any(Option::is_some) {
            rows.push((
                swatch(None, "12", self.step_font()),
                "Step number".to_string(),
                format!(
                    "in the order grid under the solution: the step that placed the digit, 1 to \
                     {steps} (see Steps)"
                ),
            ));
        }
        let unlocked = self.cells_placed_by(|step| !needed[step].is_empty());
        if unlocked > 0 {
            rows.push((
                swatch(None, &format!("12{UNLOCKED_MARK}"), self.step_font()),
                "After a harder step".to_string(),
                format!(
                    "{unlocked} {} possible only after a harder step: in its colour, named in \
                     the note",
                    plural(unlocked, "single", "singles")
                ),
            ));
        }
        rows
    }

    /// How many cells were placed by steps for which `pick` holds.
    fn cells_placed_by(&self, pick: impl Fn(usize) -> bool) -> usize {
        let placed = self.placed_by.iter().flatten();
        placed.filter(|&&step| pick(step)).count()
    }

    /// One legend row per fill of deduced cells, easiest first: its fill, its name, how many
    /// cells have it and, for harder families, which steps they are owed to.
    fn kind_rows(&self, needed: &[Vec<usize>]) -> Vec<(CellSpec, String, String)> {
        let mut kinds: BTreeMap<Kind, (usize, BTreeSet<usize>)> = BTreeMap::new();
        for &step in self.placed_by.iter().flatten() {
            let (kind, owed) = self.cell_kind(step, &needed[step]);
            let entry = kinds.entry(kind).or_default();
            entry.0 += 1;
            entry.1.extend(owed);
        }
        kinds
            .into_iter()
            .map(|(kind, (cells, owed))| {
                let mut text = format!("{cells} {}", plural(cells, "cell", "cells"));
                if !owed.is_empty() {
                    let owed: Vec<usize> = owed.into_iter().collect();
                    text.push_str(&format!(" from {}", step_list(&owed)));
                }
                let fill = swatch(Some(kind.fill()), "", Font::PLAIN);
                (fill, kind.label().to_string(), text)
            })
            .collect()
    }
}

/// The candidates that placing `placed` as a single needed gone that the givens and the digits
/// placed so far do not rule out: over the ways it is a single in `state` (the other candidates of
/// its cell gone, or the other places of its digit in one of its houses), the way needing fewest.
/// `start` holds the candidates after the givens.
fn needed_gone(state: &State, start: &[DigitSet], placed: Candidate) -> Vec<Candidate> {
    let layout = state.layout();
    let open = |c: Candidate| {
        state.value(c.cell).is_none()
            && start[c.cell.index()].contains(c.digit)
            && !layout
                .peers(c.cell)
                .iter()
                .any(|&p| state.value(p) == Some(c.digit))
    };
    let Candidate { cell, digit } = placed;
    let naked: Vec<Candidate> = (start[cell.index()].iter())
        .filter(|&d| d != digit)
        .map(|d| Candidate::new(cell, d))
        .collect();
    let hidden = layout.houses_of(cell).iter().map(|&house| {
        let others = layout.houses()[house].cells.iter().filter(|&&c| c != cell);
        others
            .map(|&c| Candidate::new(c, digit))
            .collect::<Vec<_>>()
    });
    std::iter::once(naked)
        .chain(hidden)
        .map(|way| way.into_iter().filter(|&c| open(c)).collect::<Vec<_>>())
        .filter(|way| {
            way.iter()
                .all(|c| !state.candidates(c.cell).contains(c.digit))
        })
        .min_by_key(Vec::len)
        .unwrap_or_default()
}

/// `1 step: 23` or `3 steps: 23, 41, 57`, the numbers cut after [`LISTED_STEPS`].
fn step_list(steps: &[usize]) -> String {
    let mut numbers: Vec<String> = steps
        .iter()
        .take(LISTED_STEPS)
        .map(|i| (i + 1).to_string())
        .collect();
    if steps.len() > LISTED_STEPS {
        numbers.push("…".to_string());
    }
    let word = plural(steps.len(), "step", "steps");
    format!("{} {word}: {}", steps.len(), numbers.join(", "))
}
