//! The puzzle generator: a random full grid (by search, or by permuting a patterned grid), clues
//! dug out of it a symmetry orbit at a time while the puzzle stays unique (or stays solvable by
//! logic within the level asked for), then a full logical solve that rates the result. A puzzle is
//! accepted only when it has exactly one solution by search and meets every requirement (level,
//! holes, minimality); otherwise another attempt starts from a new grid.
//!
//! A practice set (`--technique NAME`, see `practice`) gives clues back to a dug puzzle until the
//! chosen technique and the simpler ones solve it, and accepts it when the engine's solve uses
//! that technique and nothing harder; a band of Sudoku Explainer ratings (`--se-rating`, see
//! `se_band`) rates the candidates with the exact Sudoku Explainer mode.
//!
//! Variants add their extra houses to the layout before the grid is filled (`--variant x`,
//! `windoku`). Even/odd and consecutive puzzles (`--variant even-odd`, `consecutive`; see
//! `marks`) take their marks from the full grid, and the dig keeps the solution unique with
//! them. A Killer (`--killer`) has no givens: cages are drawn on the full grid instead of
//! digging (see `killer`), and their sums make the solution unique.
//!
//! Attempts are numbered and each draws from its own generator seeded by the request's seed, the
//! puzzle's number and the attempt's number, so they run in parallel and the result is the same
//! on every run and every machine.

mod dig;
mod fill;
mod jigsaw;
mod killer;
mod marks;
mod practice;
mod se_band;
// Side by side on all cores (rayon) with the `native` feature; one after another without it (the
// WebAssembly engine has one thread). The results are the same either way.
#[cfg(feature = "native")]
mod parallel;
#[cfg(not(feature = "native"))]
#[path = "sequential.rs"]
mod parallel;

pub use dig::Symmetry;
pub use killer::DEFAULT_CAGE_SIZES;
pub use marks::MarkKinds;
pub use se_band::SeBand;

use crate::core::Level;
use crate::engine::{self, Options};
use crate::error::Error;
use crate::model::{Cell, Grid, HouseKind, Layout, Origin, Overlap, Puzzle, Regions, Variant};
use crate::rating::se::SeRating;
use crate::rating::{Rating, rate, threshold_cells};
use crate::render;
use crate::report::SolveReport;
use crate::report::rated::{RatedSolve, Ratings};
use crate::search::Deadline;
use dig::{Check, Holes, is_minimal};
use practice::Practice;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Largest grid whose solution is filled by search: beyond it random fills can take very long.
pub const MAX_SEARCH_FILL_SIZE: usize = 36;

/// How the grid is divided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Shape {
    /// The same regions for every puzzle: boxes, a given jigsaw map, or none (a Latin square).
    Fixed {
        /// The regions.
        regions: Regions,
    },
    /// Random connected regions of N cells, drawn anew for every attempt.
    RandomJigsaw,
    /// Overlapping 9x9 grids (Samurai and its relatives), by their top-left corners.
    Overlapping {
        /// Each grid's top-left corner (zero-based row, column).
        corners: Vec<(usize, usize)>,
    },
}

/// Where the full grid comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Fill {
    /// Randomised search: any valid grid can come out; every layout.
    #[default]
    Search,
    /// The seed 001 report's construction: a patterned grid whose digits, rows within bands,
    /// bands, columns within stacks and stacks are permuted. Boxes and Latin squares only.
    Permutation,
}

/// What to generate.
#[derive(Debug, Clone, Serialize)]
pub struct Request {
    /// N: the grid is N x N.
    pub size: usize,
    /// Boxes, jigsaw regions or none.
    pub shape: Shape,
    /// The level the engine must rate each puzzle at; any level when `None`.
    pub difficulty: Option<Level>,
    /// Exactly this many empty cells; as many as uniqueness allows when `None`.
    pub holes: Option<usize>,
    /// Spread the holes evenly: the same number in every region (every row for Latin squares).
    pub even_holes: bool,
    /// Symmetry of the clues.
    pub symmetry: Symmetry,
    /// No clue may be removable without losing uniqueness.
    pub minimal: bool,
    /// Where full grids come from.
    pub fill: Fill,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// How many attempts a puzzle may take before generation gives up.
    pub attempts: usize,
    /// Variants whose extra houses every puzzle has.
    pub variants: Vec<Variant>,
    /// Even/odd marks or consecutive bars, drawn from each puzzle's solution.
    pub marks: MarkKinds,
    /// A Killer: cages with sums drawn on the solution, no givens.
    pub killer: bool,
    /// How long the whole run may take; when it runs out, generation stops with
    /// [`Error::OutOfTime`]. `None`: no limit.
    pub time_limit: Option<Duration>,
    /// A practice set: every puzzle's solve uses the technique (or one of the techniques) this
    /// name stands for, and nothing later in the engine's order (see the `practice` module).
    pub technique: Option<String>,
    /// Sudoku Explainer's ER of every puzzle lies in this band (9x9 with 3x3 boxes only).
    pub se_rating: Option<SeBand>,
    /// The fewest and the most cells a Killer cage may have.
    pub cage_sizes: (usize, usize),
}

impl Request {
    /// A request for an N x N puzzle with the default boxes (or a Latin square for prime N),
    /// any difficulty, no symmetry, seed 0 and 10 000 attempts.
    pub fn new(size: usize) -> Request {
        let regions = Regions::default_boxes(size).unwrap_or(Regions::Latin);
        let shape = Shape::Fixed { regions };
        Request {
            size,
            shape,
            difficulty: None,
            holes: None,
            even_holes: false,
            symmetry: Symmetry::None,
            minimal: false,
            fill: Fill::Search,
            seed: 0,
            attempts: 10_000,
            variants: Vec::new(),
            marks: MarkKinds::default(),
            killer: false,
            time_limit: None,
            technique: None,
            se_rating: None,
            cage_sizes: DEFAULT_CAGE_SIZES,
        }
    }

    /// Checks that the options fit together, with a message saying what to change.
    pub fn validate(&self) -> Result<(), Error> {
        let n = self.size;
        let usage = |message: String| Err(Error::Usage(message));
        if self.fill == Fill::Search && !(1..=MAX_SEARCH_FILL_SIZE).contains(&n) {
            return usage(format!(
                "--size {n}: generation by search supports 1 to {MAX_SEARCH_FILL_SIZE}; use --fill permutation for larger boxed grids"
            ));
        }
        let layout = self.layout_without_jigsaw()?;
        self.validate_overlapping(layout.as_deref())?;
        let patterned = matches!(
            self.shape,
            Shape::Fixed {
                regions: Regions::Boxes { .. } | Regions::Latin
            }
        );
        if self.fill == Fill::Permutation && !patterned {
            return usage(
                "--fill permutation needs boxes or a Latin square, not jigsaw regions".into(),
            );
        }
        if let Some(holes) = self.holes {
            let (cells, grid) = match layout.as_ref().filter(|l| l.overlap().is_some()) {
                Some(l) => (l.cell_count(), l.describe()),
                None => (n * n, format!("a {n}x{n} grid")),
            };
            if holes > cells {
                return usage(format!("--holes {holes}: {grid} has only {cells} cells"));
            }
            if self.minimal {
                return usage("--holes and --minimal cannot be combined: a minimal puzzle has as many holes as uniqueness allows".into());
            }
            if self.even_holes && holes % n != 0 {
                return usage(format!(
                    "--even-holes: {holes} holes cannot be spread evenly over {n} {}; use a multiple of {n}",
                    self.quota_house_name()
                ));
            }
        } else if self.even_holes {
            return usage("--even-holes needs --holes K".into());
        }
        if self.attempts == 0 {
            return usage("--attempts must be at least 1".into());
        }
        if self.fill == Fill::Permutation && !self.variants.is_empty() {
            return usage(
                "--fill permutation makes grids of rows, columns and boxes only; variants need \
                 --fill search"
                    .into(),
            );
        }
        let digging = self.holes.is_some() || self.minimal || self.symmetry != Symmetry::None;
        if self.killer && digging {
            return usage(
                "--killer draws cages and leaves no givens: --holes, --even-holes, --minimal and \
                 --symmetry do not apply"
                    .into(),
            );
        }
        let boxed = matches!(
            self.shape,
            Shape::Fixed {
                regions: Regions::Boxes { .. }
            }
        );
        if self.killer && (!boxed || !self.variants.is_empty() || !self.marks.is_empty()) {
            return usage("--killer makes Killers on boxes, without other variants".into());
        }
        self.validate_cage_sizes()?;
        self.validate_goals()?;
        Ok(())
    }

    /// Checks what overlapping grids allow: digging, the levels and a symmetry that keeps their
    /// shape (a Windmill has no mirror image), without variants, Killer cages, patterned fills,
    /// even holes, practice sets or Sudoku Explainer bands.
    fn validate_overlapping(&self, layout: Option<&Layout>) -> Result<(), Error> {
        let (Shape::Overlapping { .. }, Some(layout)) = (&self.shape, layout) else {
            return Ok(());
        };
        let shape = layout.describe();
        let refuse = |what: &str| {
            Err(Error::Usage(format!(
                "{shape}: {what} do not apply to overlapping grids"
            )))
        };
        if !self.variants.is_empty() || !self.marks.is_empty() || self.killer {
            return refuse("--variant and --killer");
        }
        if self.fill == Fill::Permutation {
            return refuse("--fill permutation");
        }
        if self.even_holes || self.technique.is_some() || self.se_rating.is_some() {
            return refuse("--even-holes, --technique and --se-rating");
        }
        if self.symmetry.orbits(layout).is_none() {
            return Err(Error::Usage(format!(
                "{shape} has no {} symmetry: its cells are not their own image",
                format!("{:?}", self.symmetry).to_lowercase()
            )));
        }
        Ok(())
    }

    /// Checks `cage_sizes` other than the default: only for Killers, at least one cell and at most
    /// N (the digits of a cage differ), the fewest no more than the most.
    fn validate_cage_sizes(&self) -> Result<(), Error> {
        let (min, max) = self.cage_sizes;
        let n = self.size;
        let message = if (min, max) == DEFAULT_CAGE_SIZES {
            return Ok(());
        } else if !self.killer {
            "--min-cage and --max-cage shape Killer cages: add --killer".to_string()
        } else if min == 0 {
            "--min-cage must be at least 1".to_string()
        } else if max < 2 {
            "--max-cage must be at least 2: cages of one cell are givens".to_string()
        } else if max > n {
            format!("--max-cage {max}: a cage's digits differ, so it has at most {n} cells")
        } else if min > max {
            format!("--min-cage {min} is above --max-cage {max}")
        } else {
            return Ok(());
        };
        Err(Error::Usage(message))
    }

    /// Checks that the practice technique and the band of Sudoku Explainer ratings fit the rest
    /// of the request.
    fn validate_goals(&self) -> Result<(), Error> {
        let usage = |message: &str| Err(Error::Usage(message.into()));
        let goals = [
            self.technique.is_some(),
            self.se_rating.is_some(),
            self.difficulty.is_some(),
        ];
        if goals.iter().filter(|&&g| g).count() > 1 {
            return usage(
                "--technique, --se-rating and --difficulty each set how hard the puzzles are: \
                 give one of them",
            );
        }
        if self.technique.is_some() && (self.holes.is_some() || self.minimal) {
            return usage(
                "--technique gives clues back where the solve needs a harder technique: \
                 --holes and --minimal do not apply",
            );
        }
        if !self.marks.is_empty() && self.shape == Shape::RandomJigsaw {
            return usage(
                "--jigsaw draws new regions for every puzzle, and the text of even/odd and \
                 consecutive puzzles does not carry them: give --regions FILE",
            );
        }
        if !self.marks.is_empty() && (self.technique.is_some() || self.se_rating.is_some()) {
            return usage(
                "--technique and --se-rating do not apply to even/odd and consecutive puzzles: \
                 give --difficulty",
            );
        }
        if let Some(name) = &self.technique {
            Practice::resolve(name, self)?;
        }
        let se_layout = self.size == 9
            && self.shape
                == (Shape::Fixed {
                    regions: Regions::Boxes { rows: 3, cols: 3 },
                })
            && self.variants.is_empty()
            && !self.killer;
        if self.se_rating.is_some() && !se_layout {
            return usage(
                "--se-rating: Sudoku Explainer rates only 9x9 puzzles with 3x3 boxes, without \
                 variants or cages",
            );
        }
        Ok(())
    }

    fn quota_house_name(&self) -> &'static str {
        match self.shape {
            Shape::Fixed {
                regions: Regions::Latin,
            } => "rows",
            _ => "regions",
        }
    }

    /// The layout of fixed regions with the variants' extra houses (random jigsaw layouts are
    /// drawn per attempt).
    fn layout_without_jigsaw(&self) -> Result<Option<Arc<Layout>>, Error> {
        match &self.shape {
            Shape::Overlapping { corners } => {
                let layout = Layout::overlapping(Overlap::new(self.size, corners.clone())?)?;
                Ok(Some(Arc::new(self.with_variants(layout)?)))
            }
            Shape::Fixed { regions } => {
                let layout = self.with_variants(Layout::new(self.size, regions.clone())?)?;
                Ok(Some(Arc::new(layout)))
            }
            Shape::RandomJigsaw => {
                // Checks that the variants fit the size.
                self.with_variants(Layout::new(self.size, Regions::Latin)?)?;
                Ok(None)
            }
        }
    }

    /// `layout` with the extra houses of the request's variants.
    fn with_variants(&self, mut layout: Layout) -> Result<Layout, Error> {
        for &variant in &self.variants {
            layout = layout.with_variant(variant)?;
        }
        Ok(layout)
    }

    /// One line for messages: `9x9, 3x3 boxes, level Hard, rotational symmetry`.
    pub fn describe(&self) -> String {
        let n = self.size;
        let mut parts = vec![match &self.shape {
            Shape::Overlapping { corners } => Overlap::new(n, corners.clone())
                .map_or_else(|e| e.to_string(), |shape| shape.describe()),
            _ => format!("{n}x{n}"),
        }];
        match &self.shape {
            Shape::Fixed { regions } => parts.push(regions.describe()),
            Shape::RandomJigsaw => parts.push("random jigsaw regions".into()),
            Shape::Overlapping { .. } => {}
        }
        parts.extend(self.variants.iter().map(|v| format!("variant {}", v.key())));
        parts.extend(self.marks.keys().iter().map(|key| format!("variant {key}")));
        if self.killer {
            parts.push("Killer".into());
        }
        if self.killer && self.cage_sizes != DEFAULT_CAGE_SIZES {
            let (min, max) = self.cage_sizes;
            parts.push(format!("cages of {min} to {max} cells"));
        }
        if let Some(level) = self.difficulty {
            parts.push(format!("level {level}"));
        }
        if let Some(name) = &self.technique {
            parts.push(format!("technique {name}"));
        }
        if let Some(band) = self.se_rating {
            parts.push(format!("Sudoku Explainer rating {band}"));
        }
        if let Some(holes) = self.holes {
            let even = if self.even_holes {
                " spread evenly"
            } else {
                ""
            };
            parts.push(format!("{holes} holes{even}"));
        }
        if self.symmetry != Symmetry::None {
            parts.push(format!("{:?} symmetry", self.symmetry).to_lowercase());
        }
        if self.minimal {
            parts.push("minimal".into());
        }
        parts.join(", ")
    }
}

/// The text form of generated puzzles: `header` as the first line, then for each puzzle a
/// comment line with its rating and the puzzle on one line; a single puzzle is also drawn, in
/// comment lines, for a person to read. `regions_file` is the map the regions came from
/// (`--regions FILE`), which an even/odd or consecutive puzzle's text needs to be read back.
pub fn text(header: &str, puzzles: &[Generated], regions_file: Option<&Path>) -> String {
    let mut text = format!("{header}\n");
    let options = puzzles
        .first()
        .map(|g| read_back_options(g.puzzle.layout(), regions_file));
    if let Some(options) = options.filter(|o| !o.is_empty()) {
        text.push_str(&format!("# read back with {}\n", options.join(" ")));
    }
    for (i, generated) in puzzles.iter().enumerate() {
        text.push_str(&format!("# {}: {}\n", i + 1, generated.describe()));
        if let [single] = puzzles
            && single.puzzle.layout().cages().is_empty()
        {
            let puzzle = &single.puzzle;
            let drawing = render::grid_text(puzzle.givens(), puzzle.layout(), puzzle.symbols());
            drawing
                .lines()
                .for_each(|l| text.push_str(&format!("#   {l}\n")));
        }
        text.push_str(&render::puzzle_text(&generated.puzzle));
        text.push('\n');
    }
    text
}

/// The options `check` and `solve` need to read an even/odd or consecutive puzzle's text back as
/// it was made: that form carries no regions or extra houses, and is read with the default boxes,
/// or with none where it has bars (janko.at's consecutive puzzles have none). Empty for other
/// puzzles, whose text says it all. Jigsaw regions are named by `regions_file`, the map they came
/// from, as it was given.
fn read_back_options(layout: &Layout, regions_file: Option<&Path>) -> Vec<String> {
    let markings = layout.markings();
    if markings.is_empty() {
        return Vec::new();
    }
    let assumed = match markings.has_bars() {
        true => Regions::Latin,
        false => Regions::default_boxes(layout.size()).unwrap_or(Regions::Latin),
    };
    let regions = match layout.regions() {
        regions if *regions == assumed => None,
        Regions::Boxes { rows, cols } => Some(format!("--box {rows}x{cols}")),
        Regions::Latin => Some("--latin".to_string()),
        Regions::Jigsaw { .. } => {
            let file = regions_file.map_or("FILE".into(), shell_word);
            Some(format!("--regions {file}"))
        }
    };
    let variants = (layout.variants().into_iter()).map(|v| format!("--variant {}", v.key()));
    regions.into_iter().chain(variants).collect()
}

/// `path` as one word of a shell command: as it is where it needs no quoting, else in single
/// quotes (a quote inside written `'\''`).
fn shell_word(path: &Path) -> String {
    let text = path.to_string_lossy();
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+:,@%=".contains(c);
    match !text.is_empty() && text.chars().all(plain) {
        true => text.into_owned(),
        false => format!("'{}'", text.replace('\'', r"'\''")),
    }
}

/// A generated puzzle with its solution and the logical solve that rated it.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle (origin unknown: the writer places it).
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// The engine's solve with every technique, and HoDoKu's rating where it rates the puzzle
    /// (a classic 9x9): the rating `solve` shows by default.
    pub rated: RatedSolve,
    /// Level, score and hardest step, as every output shows them: `rated.rating()`.
    pub rating: Rating,
    /// The number of the attempt that succeeded (1-based).
    pub attempt: usize,
    /// For a practice set: the index of the solve's first step that uses the technique.
    pub focus: Option<usize>,
    /// Sudoku Explainer's rating, when the request asked for a band of it.
    pub se: Option<SeRating>,
}

impl Generated {
    /// One line: `9x9, 3x3 boxes, 24 clues, one solution, level Hard, score 1190, hardest step
    /// X-Wing (rated 3.2)`.
    pub fn describe(&self) -> String {
        let hardest = self
            .rating
            .hardest
            .map_or("none".to_string(), |(technique, rated)| {
                format!("{technique} (rated {rated:.1})")
            });
        let se = self.se.as_ref().map_or(String::new(), |se| {
            format!(
                ", Sudoku Explainer ER {:.1} EP {:.1} ED {:.1}",
                se.er, se.ep, se.ed
            )
        });
        format!(
            "{}, level {}, score {}, hardest step {hardest}{se}{}",
            self.outline(),
            self.rating.level,
            self.rating.score,
            self.rated_apart(),
        )
    }

    /// What a puzzle HoDoKu would rate says when it was rated by gridlogic instead (a practice
    /// set for a technique HoDoKu does not have, [`practice::Practice::hodoku_shows`]): how to
    /// see the same steps and level.
    fn rated_apart(&self) -> &'static str {
        let hodoku_would = crate::rating::check_classic(&self.puzzle, "HoDoKu", "hodoku").is_ok();
        match hodoku_would && self.rated.hodoku.is_none() {
            true => " (gridlogic's rating: solve --rating gridlogic shows these steps)",
            false => "",
        }
    }

    /// The puzzle without its rating, which tells nothing of how to solve it: `9x9, 3x3 boxes,
    /// 24 clues, one solution`.
    pub fn outline(&self) -> String {
        let layout = self.puzzle.layout();
        let (rows, cols) = layout.extent();
        format!(
            "{rows}x{cols}, {}, {} clues, one solution",
            layout.describe(),
            self.puzzle.givens().filled_count(),
        )
    }
}

/// Generates `count` puzzles, side by side; puzzle `i` depends only on the request and `i`.
pub fn generate(request: &Request, count: usize) -> Result<Vec<Generated>, Error> {
    request.validate()?;
    let layout = request.layout_without_jigsaw()?;
    let deadline = request.time_limit.map_or(Deadline::NEVER, Deadline::after);
    let goal = Goal::of(request)?;
    parallel::map(0..count, |index| {
        generate_one(request, &goal, layout.as_ref(), index, deadline)
    })
    .into_iter()
    .collect()
}

/// What a rated puzzle must meet besides having one solution.
#[derive(Debug, Clone, Default)]
struct Goal {
    /// The level asked for.
    level: Option<Level>,
    /// The practice set asked for.
    practice: Option<Practice>,
    /// The band of Sudoku Explainer ratings asked for.
    se: Option<SeBand>,
}

impl Goal {
    fn of(request: &Request) -> Result<Goal, Error> {
        let practice = request.technique.as_deref();
        Ok(Goal {
            level: request.difficulty,
            practice: practice
                .map(|name| Practice::resolve(name, request))
                .transpose()?,
            se: request.se_rating,
        })
    }

    /// Whether every candidate meets it.
    fn is_open(&self) -> bool {
        self.level.is_none() && self.practice.is_none() && self.se.is_none()
    }

    /// Whether a solve that took `steps` so far may still meet it.
    fn may_meet(&self, steps: &[crate::core::Step], cells: Option<usize>) -> bool {
        self.level
            .is_none_or(|level| rate(steps, cells).level <= level)
            && self.practice.as_ref().is_none_or(|p| {
                // Asked after every step: the earlier ones were allowed.
                steps.last().is_none_or(|step| p.allows(step))
            })
    }
}

/// The first attempt (in attempt order) that meets the request. Without a goal to meet, every
/// candidate is accepted, so only the first one is rated.
fn generate_one(
    request: &Request,
    goal: &Goal,
    layout: Option<&Arc<Layout>>,
    index: usize,
    deadline: Deadline,
) -> Result<Generated, Error> {
    let candidate = |attempt| candidate(request, goal, layout, index, attempt, deadline);
    let attempts = request.attempts;
    let found = match goal.is_open() {
        true => {
            first_in_order(attempts, deadline, candidate).and_then(|c| rated(c, goal, deadline))
        }
        false => first_in_order(attempts, deadline, |attempt| {
            candidate(attempt).and_then(|c| rated(c, goal, deadline))
        }),
    };
    found.ok_or_else(|| match (deadline.passed(), request.time_limit) {
        (true, Some(limit)) => Error::OutOfTime {
            seconds: limit.as_secs_f64(),
            request: request.describe(),
        },
        _ => Error::NotGenerated {
            attempts,
            request: request.describe(),
        },
    })
}

/// The result of the first of `attempts` numbered attempts that gives one. Attempts run in
/// parallel groups as large as the thread pool; the winner is the same for any group size. No
/// group starts after `deadline`.
fn first_in_order<T: Send>(
    attempts: usize,
    deadline: Deadline,
    attempt: impl Fn(usize) -> Option<T> + Sync,
) -> Option<T> {
    let group = parallel::threads().max(1);
    let groups = (0..attempts).step_by(group);
    groups.take_while(|_| !deadline.passed()).find_map(|start| {
        parallel::map(start..(start + group).min(attempts), &attempt)
            .into_iter()
            .flatten()
            .next()
    })
}

/// A puzzle that meets the request's shape, holes, symmetry and minimality, not yet rated.
struct Candidate {
    puzzle: Puzzle,
    solution: Grid,
    attempt: usize,
}

/// One attempt: a layout, a full grid and a dig; `None` when the dig misses the request.
fn candidate(
    request: &Request,
    goal: &Goal,
    layout: Option<&Arc<Layout>>,
    index: usize,
    attempt: usize,
    deadline: Deadline,
) -> Option<Candidate> {
    let mut rng = StdRng::seed_from_u64(mix(request.seed, index as u64, attempt as u64));
    let layout = match layout {
        Some(layout) => layout.clone(),
        None => {
            let drawn = jigsaw::random_layout(request.size, &mut rng);
            Arc::new(request.with_variants(drawn).ok()?)
        }
    };
    let solution = match request.fill {
        Fill::Search => fill::by_search(&layout, &mut rng, deadline)?,
        Fill::Permutation => fill::by_permutation(&layout, &mut rng)?,
    };
    if request.killer {
        let logic = match check_for(request, goal) {
            check @ Check::Logic(..) => Some(check),
            Check::Unique => None,
        };
        let sizes = request.cage_sizes;
        let caged = killer::cages(&layout, &solution, logic.as_ref(), sizes, &mut rng)?;
        let puzzle = Puzzle::new(caged, Grid::empty(request.size), Origin::Unknown).ok()?;
        return Some(Candidate {
            puzzle,
            solution,
            attempt: attempt + 1,
        });
    }
    // The marks come from the solution; the dig keeps it unique with them.
    let unmarked = layout;
    let layout = marked(request, &unmarked, &solution, None);
    let holes = holes_of(request, &layout);
    let check = check_for(request, goal);
    let mut clues = dig::dig(
        &layout,
        &solution,
        request.symmetry,
        &holes,
        &check,
        &mut rng,
    )?;
    if let Some(practice) = &goal.practice {
        let symmetry = request.symmetry;
        clues = practice::give_back(
            &layout, &solution, clues, practice, symmetry, &mut rng, deadline,
        )?;
    }
    if request.minimal && !is_minimal(&layout, &clues) {
        return None;
    }
    // A given's parity mark says less than its digit: it is left off, as janko.at does.
    let layout = marked(request, &unmarked, &solution, Some(&clues));
    let puzzle = Puzzle::new(layout, clues, Origin::Unknown).ok()?;
    Some(Candidate {
        puzzle,
        solution,
        attempt: attempt + 1,
    })
}

/// `layout` with the marks the request asks for, drawn from `solution` (the given cells of
/// `clues` without a parity mark); `layout` itself without marks.
fn marked(
    request: &Request,
    layout: &Arc<Layout>,
    solution: &Grid,
    clues: Option<&Grid>,
) -> Arc<Layout> {
    match request.marks.is_empty() {
        true => layout.clone(),
        false => {
            let markings = request.marks.markings(layout, solution, clues);
            Arc::new(Layout::clone(layout).with_markings(markings))
        }
    }
}

/// Rates a candidate with every technique; `None` when it is not unique by search or misses the
/// goal (its level, its practice technique, its band of Sudoku Explainer ratings). A solve that
/// already misses the level or the practice set, or reaches `deadline`, is abandoned at once.
fn rated(candidate: Candidate, goal: &Goal, deadline: Deadline) -> Option<Generated> {
    let Candidate {
        puzzle,
        solution,
        attempt,
    } = candidate;
    let cells = threshold_cells(puzzle.layout());
    let options = Options {
        time_limit: deadline.remaining(),
        ..Options::all(puzzle.size())
    };
    let solve = engine::solve_while(&puzzle, &options, |steps| goal.may_meet(steps, cells))?;
    if !(solve.is_unique() && solve.is_solved()) {
        return None;
    }
    // Rated and shown as every report rates and shows it: on a classic 9x9, along HoDoKu's path
    // with HoDoKu's rating; so a practice puzzle's shown steps, not only gridlogic's own solve,
    // must stay within the practice set.
    let ratings = match &goal.practice {
        Some(practice) if !practice.hodoku_shows() => Ratings::Gridlogic,
        _ => Ratings::default(),
    };
    let shown = (ratings != Ratings::Gridlogic)
        .then(|| RatedSolve::along_hodoku(&puzzle, &options, ratings))
        .flatten();
    let rated = shown.unwrap_or_else(|| RatedSolve::new(solve, ratings));
    let rating = rated.rating()?;
    if goal.level.is_some_and(|level| rating.level != level) {
        return None;
    }
    let shown = &rated.solve.steps;
    if (goal.practice.as_ref()).is_some_and(|p| !shown.iter().all(|step| p.allows_shown(step))) {
        return None;
    }
    let focus = match &goal.practice {
        Some(practice) => Some(practice.focus(&rated.solve.steps)?),
        None => None,
    };
    let se = match goal.se {
        Some(band) => Some(band.rate(&puzzle, &rating)?),
        None => None,
    };
    Some(Generated {
        puzzle,
        solution,
        rated,
        rating,
        attempt,
        focus,
        se,
    })
}

/// The check each removal must pass: for easy and medium, a logical solve within that level (cheap
/// with such simple techniques, and it keeps the clues a solver at that level needs); otherwise
/// uniqueness by search, digging as deep as it allows — the rating then sorts the attempts, and
/// deep digs reach the harder levels often (about one attempt in three to ten on 9x9). A Killer
/// of a practice set is drawn for a logical solve with the techniques it allows. Marks make a
/// full dig so sparse that its solve nearly always needs backtracking (every consecutive one
/// tried did), so a marked puzzle of a level below Extreme is dug by logic at any level.
fn check_for(request: &Request, goal: &Goal) -> Check {
    if let (true, Some(practice)) = (request.killer, &goal.practice) {
        return Check::Logic(practice.allowed.clone(), Level::Extreme);
    }
    let by_logic = match request.marks.is_empty() {
        true => Level::Medium,
        false => Level::Unfair,
    };
    match request.difficulty {
        // A minimal puzzle has as few clues as uniqueness allows: only a full dig gives one.
        Some(level) if level <= by_logic && !request.minimal => {
            let techniques = engine::Options::all(request.size)
                .techniques
                .into_iter()
                .filter(|&t| t.level() <= level)
                .collect();
            Check::Logic(techniques, level)
        }
        _ => Check::Unique,
    }
}

/// The hole counts the request asks for.
fn holes_of(request: &Request, layout: &Layout) -> Holes {
    let per_house = request.even_holes.then(|| {
        let houses: Vec<Vec<Cell>> = layout
            .houses()
            .iter()
            .filter(|h| match layout.regions() {
                Regions::Latin => h.kind == HouseKind::Row,
                _ => h.kind == HouseKind::Region,
            })
            .map(|h| h.cells.clone())
            .collect();
        let quota = request.holes.unwrap_or(0) / request.size;
        (houses, quota)
    });
    Holes {
        total: request.holes,
        per_house,
    }
}

/// Mixes the seed, the puzzle number and the attempt number into one seed (SplitMix64 steps).
fn mix(seed: u64, index: u64, attempt: u64) -> u64 {
    let step = |x: u64| {
        let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    step(step(step(seed) ^ index) ^ attempt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_quoted_only_where_a_shell_would_split_it() {
        assert_eq!(
            shell_word(Path::new("maps/jigsaw-9.txt")),
            "maps/jigsaw-9.txt"
        );
        assert_eq!(shell_word(Path::new("my maps/a.txt")), "'my maps/a.txt'");
        assert_eq!(shell_word(Path::new("it's.txt")), r"'it'\''s.txt'");
    }
}
