//! A printed booklet of puzzles: pages of 1, 2, 4 or 6 puzzles on A4 or Letter, each under its
//! number and level, then the solutions at the back, small, each under its hardest step. Pages
//! stand upright, or lie on their side where that prints the puzzles larger (a Shogun's sheet,
//! 45 cells wide and 21 tall). The
//! pages are described as [`Mark`]s (lines, fills, text) on a page measured in points from its
//! top-left corner, laid out with the widths of the fonts the text is set in ([`Metrics`]);
//! [`super::pdf`] chooses the fonts and writes the pages.

pub mod helvetica;
mod picture;

pub use helvetica::Helvetica;
pub use picture::Picture;

use super::{Target, refusal};
use crate::error::Error;
use crate::report::SolveReport;
use crate::report::rated::RatedSolve;
use crate::shikaku;

/// The largest Sudoku side a booklet prints.
pub const MAX_SIZE: usize = 25;

/// The page margin, in points.
const MARGIN: f32 = 40.0;
/// The space between slots.
const GAP: f32 = 18.0;
/// The title's size over a puzzle, and over a solution.
const TITLE_SIZE: f32 = 11.0;
const ANSWER_TITLE_SIZE: f32 = 8.0;
/// The smallest size a solution's title shrinks to before it is cut short.
const SMALLEST_TITLE: f32 = 6.0;
/// The heading of the first solutions page.
const HEADING_SIZE: f32 = 14.0;
/// The page number's size.
const FOOTER_SIZE: f32 = 8.0;

/// A point on a page: points from the left edge and from the top edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// From the left edge.
    pub x: f32,
    /// From the top edge.
    pub y: f32,
}

impl Point {
    /// The point `x` from the left and `y` from the top.
    pub fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// How wide text is in the fonts a booklet is set in, so that digits are centred in cells and
/// titles fit their slot.
pub trait Metrics {
    /// The width of `text` at `size` points, in the bold weight or the regular one.
    fn width(&self, text: &str, size: f32, bold: bool) -> f32;

    /// The height of a capital letter or a digit, as a share of the size.
    fn cap_height(&self) -> f32;
}

/// One thing drawn on a page. Greys run from 0 (black) to 1 (white).
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A filled rectangle, its top-left corner at `at`.
    Fill {
        /// The top-left corner.
        at: Point,
        /// Its width.
        width: f32,
        /// Its height.
        height: f32,
        /// Its grey.
        grey: f32,
    },
    /// A black rectangle's outline.
    Frame {
        /// The top-left corner.
        at: Point,
        /// Its width.
        width: f32,
        /// Its height.
        height: f32,
        /// The line's width.
        line: f32,
    },
    /// A straight line: solid with square ends, or dotted.
    Line {
        /// One end.
        from: Point,
        /// The other end.
        to: Point,
        /// The line's width.
        width: f32,
        /// Its grey.
        grey: f32,
        /// Dots rather than a solid line.
        dotted: bool,
    },
    /// A circle's outline.
    Ring {
        /// Its centre.
        centre: Point,
        /// Its radius, to the middle of the line.
        radius: f32,
        /// The line's width.
        width: f32,
        /// Its grey.
        grey: f32,
    },
    /// Text in black, its baseline starting at `at`.
    Text {
        /// The start of the baseline.
        at: Point,
        /// The size in points.
        size: f32,
        /// The bold weight rather than the regular one.
        bold: bool,
        /// The text.
        text: String,
    },
}

/// A page: its marks in drawing order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// What is drawn, later marks over earlier ones.
    pub marks: Vec<Mark>,
}

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How a booklet is laid out: the paper and the puzzles on a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The paper.
    pub paper: Paper,
    /// Puzzles on a page: 1, 2, 4 or 6.
    per_page: usize,
}

impl Setup {
    /// The puzzles a page may hold.
    pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

    /// A layout of `per_page` puzzles a page on `paper`; other counts than
    /// [`Setup::PER_PAGE`] are refused.
    pub fn new(paper: Paper, per_page: usize) -> Result<Setup, Error> {
        match Setup::PER_PAGE.contains(&per_page) {
            true => Ok(Setup { paper, per_page }),
            false => Err(Error::Usage(format!(
                "a page holds 1, 2, 4 or 6 puzzles, not {per_page}"
            ))),
        }
    }

    /// Puzzles on a page.
    pub fn per_page(self) -> usize {
        self.per_page
    }
}

/// One puzzle of a booklet: what is printed on its puzzle page and on its solutions page.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The title over the puzzle and its solution: `Puzzle 3 · Hard`, or with Sudoku
    /// Explainer's rating `Puzzle 3 · Hard, ER 4.2`.
    pub title: String,
    /// The line under the title of the solution: the hardest step, `X-Wing (3.2)`.
    pub hardest: Option<String>,
    /// The puzzle.
    pub puzzle: Picture,
    /// The solution, when the puzzle has exactly one.
    pub answer: Option<Picture>,
}

impl Item {
    /// The puzzle of a rated solve of a Sudoku (or Latin square, jigsaw, Killer…) under `label`
    /// (`Puzzle 3`): its level ([`RatedSolve::rating`], as every report shows it) and, when it
    /// was asked for, Sudoku Explainer's ER in the title (`Puzzle 3 · Hard, ER 4.2`), and over
    /// the solution the hardest step of the solve, as `solve` names it; a puzzle without exactly
    /// one solution says so instead.
    /// Grids larger than [`MAX_SIZE`] are refused.
    pub fn sudoku(label: &str, rated: &RatedSolve) -> Result<Item, Error> {
        let solve = &rated.solve;
        let puzzle = &solve.puzzle;
        if puzzle.size() > MAX_SIZE {
            return Err(Error::Usage(format!(
                "{label} is {n}x{n}; a PDF prints grids up to {MAX_SIZE}x{MAX_SIZE}",
                n = puzzle.size()
            )));
        }
        let unique = solve.solution.as_ref().filter(|_| solve.is_unique());
        let rating = rated.rating().filter(|_| unique.is_some());
        let explainer = rated
            .se_rating()
            .map_or(String::new(), |se| format!(", ER {:.1}", se.er));
        let hardest = rating.as_ref().map(|rating| {
            rating
                .hardest
                .map_or("givens only".into(), |(technique, rated)| {
                    format!("hardest step {technique} ({rated:.1})")
                })
        });
        Ok(Item {
            title: match rating {
                Some(rating) => format!("{label} · {}{explainer}", rating.level),
                None => verdict_title(label, solve),
            },
            hardest,
            puzzle: Picture::sudoku(puzzle, puzzle.givens(), true),
            answer: unique.map(|grid| Picture::sudoku(puzzle, grid, false)),
        })
    }

    /// Every text the item prints: its title, the line over its solution, and the text of
    /// each cell of its grids.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        let pictures = [Some(&self.puzzle), self.answer.as_ref()];
        [Some(self.title.as_str()), self.hardest.as_deref()]
            .into_iter()
            .flatten()
            .chain(pictures.into_iter().flatten().flat_map(Picture::texts))
    }

    /// A Shikaku of a solve under `label`, its size in the title.
    pub fn shikaku(label: &str, solve: &shikaku::Solve) -> Item {
        let puzzle = &solve.puzzle;
        let rects = solve.solution.as_deref().filter(|_| solve.is_unique());
        Item {
            title: match rects {
                Some(_) => format!("{label} · {}x{}", puzzle.rows(), puzzle.cols()),
                None => verdict_title(label, solve),
            },
            hardest: None,
            puzzle: Picture::shikaku(puzzle, None),
            answer: rects.map(|rects| Picture::shikaku(puzzle, Some(rects))),
        }
    }
}

/// The title of a puzzle without exactly one solution: `Puzzle 3 · several solutions`.
fn verdict_title(label: &str, solve: &impl SolveReport) -> String {
    let verdict = match solve.solutions() {
        0 => "no solution",
        1 => "undecided",
        _ => "several solutions",
    };
    format!("{label} · {verdict}")
}

/// The pages of a booklet of `items`: the puzzles, `setup.per_page` a page, then the solutions,
/// more to a page (12 when the largest grid is at most 9 cells wide, 6 up to 16, else 4), under
/// a heading; every page numbered at its foot. The text is laid out with `fonts`' widths.
pub fn pages(items: &[Item], setup: Setup, fonts: &dyn Metrics) -> Vec<Page> {
    let paper = page_size(items, setup);
    let mut pages: Vec<Page> = Vec::new();
    let shape = grid_of(setup.per_page);
    for chunk in items.chunks(setup.per_page) {
        let slots = slots(paper, shape, 0.0);
        let mut page = Page::default();
        for (item, slot) in chunk.iter().zip(slots) {
            let title = [(item.title.as_str(), TITLE_SIZE, true)];
            put(&mut page, fonts, slot, &title, Some(&item.puzzle));
        }
        pages.push(page);
    }
    let side = items.iter().map(|i| i.puzzle.side()).max().unwrap_or(0);
    let answers_shape = grid_of(answers_per_page(side));
    let per_page = answers_shape.0 * answers_shape.1;
    for (i, chunk) in items.chunks(per_page).enumerate() {
        let mut page = Page::default();
        let heading = if i == 0 { HEADING_SIZE + GAP } else { 0.0 };
        if i == 0 {
            page.marks.push(text(
                Point::new(MARGIN, MARGIN + HEADING_SIZE),
                HEADING_SIZE,
                true,
                "Solutions",
            ));
        }
        for (item, slot) in chunk.iter().zip(slots(paper, answers_shape, heading)) {
            let mut lines = vec![(item.title.as_str(), ANSWER_TITLE_SIZE, true)];
            lines.extend(
                item.hardest
                    .as_deref()
                    .map(|h| (h, ANSWER_TITLE_SIZE, false)),
            );
            put(&mut page, fonts, slot, &lines, item.answer.as_ref());
        }
        pages.push(page);
    }
    number(&mut pages, paper, fonts);
    pages
}

/// Writes the booklet of `items`, laid out as `setup` says and titled `title`, to `target` as a
/// PDF, in the fonts that print every character of its text ([`super::pdf::Fonts`]); a booklet
/// of no puzzles is refused, and so is one with a character no font of the PDF has.
pub fn save(items: &[Item], setup: Setup, title: &str, target: &Target) -> Result<(), Error> {
    if items.is_empty() {
        return Err(refusal(&target.path, "there is no puzzle to print"));
    }
    let fonts = super::pdf::Fonts::for_text(items.iter().flat_map(Item::texts))
        .map_err(|why| refusal(&target.path, &why))?;
    let pages = pages(items, setup, &fonts);
    super::pdf::save(&pages, &fonts, page_size(items, setup), title, target)
}

/// The width and height of the booklet's pages: the paper upright, or on its side when that
/// prints the puzzles' cells larger (sheets much wider than tall; never a square grid).
pub fn page_size(items: &[Item], setup: Setup) -> (f32, f32) {
    let (width, height) = setup.paper.size();
    let shape = grid_of(setup.per_page);
    let title_height = TITLE_SIZE * 1.35 + 3.0;
    // The smallest cell of any puzzle on a page of this size.
    let cell = |paper: (f32, f32)| {
        let slot = slots(paper, shape, 0.0)[0];
        (items.iter())
            .map(|item| cell_size(slot, title_height, item.puzzle.extent()))
            .fold(f32::INFINITY, f32::min)
    };
    match cell((height, width)) > cell((width, height)) {
        true => (height, width),
        false => (width, height),
    }
}

/// The side of the cells of a picture of `(rows, cols)` cells under a title `title_height`
/// tall in `slot`: as large as both of the slot's sides allow.
fn cell_size(slot: Slot, title_height: f32, (rows, cols): (usize, usize)) -> f32 {
    (slot.width / cols as f32).min((slot.height - title_height) / rows as f32)
}

/// Solutions on a page for grids at most `side` cells wide (overlapping grids' sheets up to 45:
/// a Shogun's solution, two a page, keeps cells over 11 points wide).
pub fn answers_per_page(side: usize) -> usize {
    match side {
        0..=9 => 12,
        10..=16 => 6,
        17..=MAX_SIZE => 4,
        _ => 2,
    }
}

/// Columns and rows of slots for `count` a page.
fn grid_of(count: usize) -> (usize, usize) {
    match count {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        12 => (3, 4),
        _ => (count.div_ceil(2), 2),
    }
}

/// A part of a page: its top-left corner, width and height.
#[derive(Debug, Clone, Copy)]
struct Slot {
    at: Point,
    width: f32,
    height: f32,
}

/// The slots of a page of `paper` in `(columns, rows)`, in reading order, below `top` points of
/// heading.
fn slots(paper: (f32, f32), (columns, rows): (usize, usize), top: f32) -> Vec<Slot> {
    let width = (paper.0 - 2.0 * MARGIN - GAP * (columns - 1) as f32) / columns as f32;
    let height = (paper.1 - 2.0 * MARGIN - top - GAP * (rows - 1) as f32) / rows as f32;
    (0..rows * columns)
        .map(|i| Slot {
            at: Point::new(
                MARGIN + (i % columns) as f32 * (width + GAP),
                MARGIN + top + (i / columns) as f32 * (height + GAP),
            ),
            width,
            height,
        })
        .collect()
}

/// Puts the lines of a title (text, size, bold), each shrunk or cut short to fit in `fonts`, and
/// under them `picture` as large as `slot` allows, centred in it.
fn put(
    page: &mut Page,
    fonts: &dyn Metrics,
    slot: Slot,
    lines: &[(&str, f32, bool)],
    picture: Option<&Picture>,
) {
    let heights: Vec<f32> = lines.iter().map(|&(_, size, _)| size * 1.35).collect();
    let title_height = heights.iter().sum::<f32>() + 3.0;
    // A sheet of overlapping grids is wider (or taller) than it is long: the cells as large as
    // both sides allow. A square grid, or none, takes a square.
    let extent = picture.map_or((1, 1), Picture::extent);
    let cell = cell_size(slot, title_height, extent);
    let (rows, cols) = (extent.0 as f32, extent.1 as f32);
    let left = slot.at.x + (slot.width - cell * cols) / 2.0;
    let mut y = slot.at.y + (slot.height - title_height - cell * rows) / 2.0;
    for (&(line, size, bold), height) in lines.iter().zip(heights) {
        let (line, size) = fitted(fonts, line, size, bold, slot.at.x + slot.width - left);
        y += height;
        page.marks
            .push(text(Point::new(left, y - size * 0.3), size, bold, &line));
    }
    if let Some(picture) = picture {
        picture.draw(Point::new(left, y + 3.0), cell, fonts, &mut page.marks);
    }
}

/// `title` at `size` (bold or not) or smaller (down to [`SMALLEST_TITLE`]) so that it fits `room`
/// points in `fonts`, cut short with `…` when even that is too wide.
fn fitted(fonts: &dyn Metrics, title: &str, size: f32, bold: bool, room: f32) -> (String, f32) {
    let width = |text: &str, size| fonts.width(text, size, bold);
    let natural = width(title, size);
    if natural <= room {
        return (title.to_string(), size);
    }
    let size = (size * room / natural).max(SMALLEST_TITLE);
    let mut kept: Vec<char> = title.chars().collect();
    let mut cut = title.to_string();
    while width(&cut, size) > room && !kept.is_empty() {
        kept.pop();
        cut = format!("{}…", kept.iter().collect::<String>().trim_end());
    }
    (cut, size)
}

/// A text mark.
fn text(at: Point, size: f32, bold: bool, text: &str) -> Mark {
    Mark::Text {
        at,
        size,
        bold,
        text: text.to_string(),
    }
}

/// Numbers the pages at their foot, centred in `fonts`: `3 / 12`.
fn number(pages: &mut [Page], paper: (f32, f32), fonts: &dyn Metrics) {
    let count = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let label = format!("{} / {count}", i + 1);
        let x = (paper.0 - fonts.width(&label, FOOTER_SIZE, false)) / 2.0;
        let y = paper.1 - MARGIN / 2.0;
        page.marks
            .push(text(Point::new(x, y), FOOTER_SIZE, false, &label));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_counts_a_page_can_hold_are_set_up() {
        for n in Setup::PER_PAGE {
            assert_eq!(Setup::new(Paper::A4, n).unwrap().per_page(), n);
        }
        let error = Setup::new(Paper::Letter, 3).unwrap_err().to_string();
        assert_eq!(error, "a page holds 1, 2, 4 or 6 puzzles, not 3");
    }

    #[test]
    fn slots_fill_the_page_inside_its_margins() {
        let (w, h) = Paper::A4.size();
        let slots = slots((w, h), (2, 3), 0.0);
        assert_eq!(slots.len(), 6);
        let last = slots[5];
        assert!((last.at.x + last.width - (w - MARGIN)).abs() < 0.01);
        assert!((last.at.y + last.height - (h - MARGIN)).abs() < 0.01);
        assert!((slots[1].at.x - (slots[0].at.x + slots[0].width + GAP)).abs() < 0.01);
    }

    #[test]
    fn a_long_title_shrinks_then_is_cut_short() {
        let (title, size) = fitted(&Helvetica, "Puzzle 1", 8.0, true, 100.0);
        assert_eq!((title.as_str(), size), ("Puzzle 1", 8.0));
        let long = "Puzzle 12 · Extreme · Grouped Discontinuous Nice Loop (7.2)";
        let (title, size) = fitted(&Helvetica, long, 8.0, true, 150.0);
        assert_eq!(size, SMALLEST_TITLE);
        assert!(
            title.ends_with('…') && Helvetica.width(&title, size, true) <= 150.0,
            "{title}"
        );
    }
}
