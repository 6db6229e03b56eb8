//! The options that several commands share: where the puzzle is and how to read it, what the
//! engine may do, and where the annotated workbook goes.

use clap::{Args, ValueEnum};
use gridlogic::core::limits::DEFAULT_SUBSET_SIZE;
use gridlogic::core::{Level, Limits};
use gridlogic::engine::{self, Options};
use gridlogic::model::Puzzle;
use gridlogic::rating::se;
use gridlogic::read::{self, Kind, Puzzles, ReadOptions};
use gridlogic::report::rated::RatedSolve;
use gridlogic::shikaku;
use gridlogic::shikaku::Shikaku;
use std::path::PathBuf;

/// Where the puzzle is and how to read it.
#[derive(Args)]
pub struct InputArgs {
    /// The puzzle file: .xlsx .xlsm .xlsb .xls .ods, .csv/.tsv, or text.
    pub file: PathBuf,
    /// Sheet to read (workbooks); the first sheet by default.
    #[arg(long)]
    sheet: Option<String>,
    /// The grid's range, e.g. B3:J11, or a defined name; found automatically by default.
    #[arg(long)]
    range: Option<String>,
    /// Box shape ROWSxCOLUMNS, e.g. 4x2 for an 8x8 grid; the most square shape by default.
    #[arg(long = "box", value_name = "RxC")]
    boxes: Option<String>,
    /// No regions: the puzzle is a Latin square.
    #[arg(long)]
    latin: bool,
    /// File with one region label per cell (N lines of N labels) for a jigsaw puzzle.
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
    /// Symbol alphabet for the digits 1..N, e.g. 0123456789ABCDEF.
    #[arg(long, value_name = "STRING")]
    symbols: Option<String>,
    /// The kind of puzzle; detected by default (and said on standard error for Shikaku).
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KindArg {
    Sudoku,
    Shikaku,
}

impl InputArgs {
    /// The reading options.
    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            sheet: self.sheet.clone(),
            range: self.range.clone(),
            boxes: self.boxes.clone(),
            latin: self.latin,
            regions_file: self.regions.clone(),
            symbols: self.symbols.clone(),
        }
    }

    /// Reads the file's puzzles, of the kind asked for or detected, and prints what the reader
    /// noticed on standard error.
    pub fn read(&self) -> Result<Puzzles, gridlogic::Error> {
        let kind = self.kind.map(|k| match k {
            KindArg::Sudoku => Kind::Sudoku,
            KindArg::Shikaku => Kind::Shikaku,
        });
        let mut notes = Vec::new();
        let puzzles = read::read_puzzles(&self.file, &self.options(), kind, &mut notes);
        for note in &notes {
            eprintln!("{note}");
        }
        puzzles
    }
}

/// A puzzle file and what the engine may do with it (`solve`, `explain`, `batch`).
#[derive(Args)]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
}

impl PuzzleArgs {
    /// Each Sudoku solved with the engine's options for its size.
    pub fn solve_sudoku(&self, puzzles: &[Puzzle]) -> Result<Vec<engine::Solve>, gridlogic::Error> {
        puzzles
            .iter()
            .map(|p| Ok(engine::solve(p, &self.engine.options(p.size())?)))
            .collect()
    }

    /// Each Shikaku solved with the engine's options.
    pub fn solve_shikaku(
        &self,
        puzzles: &[Shikaku],
    ) -> Result<Vec<shikaku::Solve>, gridlogic::Error> {
        let options = self.engine.shikaku()?;
        Ok(puzzles
            .iter()
            .map(|p| shikaku::solve(p, &options))
            .collect())
    }
}

/// What the logical engine may do.
#[derive(Args)]
pub struct EngineArgs {
    /// Allowed techniques or families, comma-separated (e.g. singles,pointing,claiming,x-wing).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    techniques: Vec<String>,
    /// The hardest level of technique allowed.
    #[arg(long, value_enum)]
    max_level: Option<LevelArg>,
    /// Largest naked/hidden subset and fish (2 = pairs and X-Wings); at most half the grid size.
    /// The same as --limit subset-size=N.
    #[arg(long, default_value_t = DEFAULT_SUBSET_SIZE, value_name = "N")]
    max_size: usize,
    // Caps on the combinatorial searches (help texts built from `Limits`).
    #[arg(long = "limit", value_name = "NAME=VALUE", value_delimiter = ',',
          value_parser = parse_limit, help = limit_help(false), long_help = limit_help(true))]
    limits: Vec<String>,
    /// Stop when no technique applies and show the candidate grid, instead of backtracking.
    #[arg(long)]
    no_guess: bool,
    /// Seed for the choice among several solutions of a puzzle that is not unique.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A `NAME=VALUE` setting of a cap, checked against [`Limits`].
fn parse_limit(text: &str) -> Result<String, String> {
    Limits::for_size(9).apply(text)?;
    Ok(text.to_string())
}

/// The help of `--limit`: the names of the caps, or (`long`) each with its meaning and defaults.
fn limit_help(long: bool) -> String {
    let intro = "Cap a combinatorial search, e.g. --limit chain-links=12,fins=3 (repeatable); a \
                 cap only makes a search find less";
    if long {
        let caps = Limits::describe();
        format!("{intro}. Each cap, what it caps, and its defaults on 9x9 / 16x16 / 25x25:\n{caps}")
    } else {
        format!("{intro}. Names: {}; --help shows defaults", Limits::names())
    }
}

impl EngineArgs {
    /// The Sudoku engine's options for a grid of `size`.
    pub fn options(&self, size: usize) -> Result<Options, gridlogic::Error> {
        let mut limits = Limits {
            subset_size: self.max_size,
            ..Limits::for_size(size)
        };
        for setting in &self.limits {
            limits.apply(setting).map_err(gridlogic::Error::Usage)?;
        }
        let mut options = Options::limited(size, limits);
        if !self.techniques.is_empty() {
            options.keep_named(&self.techniques, size)?;
        }
        if let Some(max) = self.max_level {
            options.keep_up_to(max.level());
        }
        options.no_guess = self.no_guess;
        options.seed = self.seed;
        Ok(options)
    }

    /// The Shikaku engine's options.
    pub fn shikaku(&self) -> Result<shikaku::Options, gridlogic::Error> {
        let mut options = shikaku::Options {
            no_guess: self.no_guess,
            seed: self.seed,
            ..Default::default()
        };
        if !self.techniques.is_empty() {
            options.keep_named(&self.techniques)?;
        }
        Ok(options)
    }
}

/// A level on the command line.
#[derive(Clone, Copy, ValueEnum)]
pub enum LevelArg {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl LevelArg {
    /// The engine's level.
    pub fn level(self) -> Level {
        match self {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

/// Which ratings the reports show.
#[derive(Args)]
pub struct RatingArgs {
    /// hodoku (the default): gridlogic's level and score (HoDoKu's scale) and its hardest step
    /// on Sudoku Explainer's scale; se: also Sudoku Explainer's own rating (ER, EP, ED), from a
    /// solve with Sudoku Explainer's rules in its order (9x9 with 3x3 boxes only).
    #[arg(long, value_enum, default_value_t = RatingArg::Hodoku)]
    rating: RatingArg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RatingArg {
    Hodoku,
    Se,
}

impl RatingArgs {
    /// Whether Sudoku Explainer's rating is asked for.
    pub fn se(&self) -> bool {
        self.rating == RatingArg::Se
    }

    /// Checks that every puzzle can be rated as asked: Sudoku Explainer rates 9x9 with 3x3
    /// boxes only.
    pub fn check(&self, puzzles: &[Puzzle]) -> Result<(), gridlogic::Error> {
        if self.se() {
            puzzles.iter().try_for_each(se::check_layout)?;
        }
        Ok(())
    }

    /// The solves with the ratings asked for.
    pub fn rate(&self, solves: Vec<engine::Solve>) -> Vec<RatedSolve> {
        solves
            .into_iter()
            .map(|solve| RatedSolve::new(solve, self.se()))
            .collect()
    }
}

/// Where the annotated workbook goes.
#[derive(Args)]
pub struct WorkbookArgs {
    /// Write the annotated workbook to OUT.xlsx. Without it, a workbook input gets
    /// <stem>.solved.xlsx beside it and a text or CSV input gets none.
    #[arg(short, long, value_name = "OUT.xlsx")]
    pub output: Option<PathBuf>,
    /// Replace the workbook if it exists.
    #[arg(long)]
    pub force: bool,
    /// Add one sheet per step, for the first K steps or all, showing the candidates it works on.
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "all",
          value_parser = parse_step_sheets)]
    pub step_sheets: Option<usize>,
    /// Write no workbook, not even beside a workbook input.
    #[arg(long, conflicts_with_all = ["output", "force", "step_sheets"])]
    pub no_workbook: bool,
}

/// `all` or a number of step sheets.
fn parse_step_sheets(text: &str) -> Result<usize, String> {
    match text {
        "all" => Ok(usize::MAX),
        number => number
            .parse()
            .map_err(|_| format!("expected a number of steps or 'all', got '{number}'")),
    }
}
