//! The options that several commands share: where the puzzle is and how to read it, what the
//! engine may do, and where the annotated workbook goes.

use clap::{Args, ValueEnum};
use gridlogic::core::limits::DEFAULT_SUBSET_SIZE;
use gridlogic::core::{Level, Limits};
use gridlogic::engine::{self, Options};
use gridlogic::model::Variant;
use gridlogic::read::collection::{self, Entries, is_stdin};
use gridlogic::read::{Kind, ReadOptions};
use gridlogic::report::rated::Ratings;
use gridlogic::search::TimeLimit;
use gridlogic::write::booklet::{Paper, Setup};
use gridlogic::write::{self, Input, Targets};
use std::path::PathBuf;
use std::time::Duration;

/// The help of `--sheet` for the commands that read every sheet (`hint` has its own).
const SHEET_HELP: &str = "The one sheet to read (workbooks). Without it, every visible sheet \
    that holds a puzzle is read, each named by its sheet and range; a sheet holding no grid (text, \
    a few settings) is listed as \"no puzzle\" and leaves the exit code alone";

/// The help of `--sheet` for `hint`, which gives the next step of one puzzle.
pub const HINT_SHEET_HELP: &str = "The sheet to read (workbooks). Without it, the first sheet \
    that holds a puzzle; when several do, a note on standard error names the one read and the \
    others";

/// Where the puzzle is and how to read it.
#[derive(Args)]
pub struct InputArgs {
    /// The puzzle file: .xlsx .xlsm .xlsb .xls .ods, .csv/.tsv, or text; - for standard input.
    pub file: PathBuf,
    // The sheet to read; the help differs for `hint`.
    #[arg(long, help = SHEET_HELP)]
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
    /// Extra houses: x (both diagonals), windoku (the windows); repeatable or comma-separated.
    #[arg(long = "variant", value_name = "VARIANT", value_delimiter = ',', value_parser = parse_variant)]
    variants: Vec<Variant>,
    /// Overlapping grids: samurai, butterfly, windmill, sohei, gattai-8, sumo, shogun, or the
    /// grids' top-left cells (e.g. "r1c1 r1c13 r7c7 r13c1 r13c13"); found from the grid by
    /// default.
    #[arg(long, value_name = "LAYOUT")]
    layout: Option<String>,
}

/// A `--variant` name (see [`Variant::parse`]).
pub fn parse_variant(name: &str) -> Result<Variant, String> {
    Variant::parse(name).ok_or_else(|| {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.key()).collect();
        format!("unknown variant '{name}'; known: {}", known.join(", "))
    })
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
            variants: self.variants.clone(),
            layout: self.layout.clone(),
        }
    }

    /// The kind asked for.
    pub fn kind(&self) -> Option<Kind> {
        self.kind.map(|k| match k {
            KindArg::Sudoku => Kind::Sudoku,
            KindArg::Shikaku => Kind::Shikaku,
        })
    }

    /// The files this input reads, which no output may replace: the puzzle file (unless it is
    /// standard input) and the region map.
    pub fn files(&self) -> Vec<Input<'_>> {
        let puzzle = (!is_stdin(&self.file)).then(|| Input::puzzle(&self.file));
        let regions = self.regions.as_deref().map(Input::regions);
        puzzle.into_iter().chain(regions).collect()
    }

    /// Opens the input (a file, or - for standard input) as entries, a collection streamed line
    /// by line; prints what the reader noticed on standard error.
    pub fn entries(&self) -> Result<Entries, gridlogic::Error> {
        let mut notes = Vec::new();
        let entries = collection::open(&self.file, &self.options(), self.kind(), &mut notes);
        print_notes(&notes);
        entries
    }
}

/// What the reader noticed, on standard error.
fn print_notes(notes: &[String]) {
    for note in notes {
        tell!("{note}");
    }
}

/// A puzzle file and what the engine may do with it (`solve`, `explain`, `batch`).
#[derive(Args)]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub time: TimeArgs,
}

impl PuzzleArgs {
    /// What the engine may do, within the time limit.
    pub fn settings(&self) -> engine::Settings {
        engine::Settings {
            time_limit: self.time.limit(),
            ..self.engine.settings()
        }
    }
}

/// How long a command may take over one puzzle.
#[derive(Args)]
pub struct TimeArgs {
    /// Give up on a puzzle after SECONDS (a decimal number), or `none` for no limit: the verdict
    /// is then "undecided within SECONDS s" (exit 1) with what is known. Default: no limit up to
    /// 36x36, 60 s on larger grids.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time_limit)]
    time_limit: Option<TimeLimit>,
}

/// A whole number (0 or more) that fits `T`, or why the text is not one in a person's words
/// (clap's own parser says `invalid digit found in string`).
pub fn whole<T: TryFrom<u128>>(text: &str) -> Result<T, String> {
    let number: u128 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number (0 or more)"))?;
    T::try_from(number).map_err(|_| format!("{text} is too large"))
}

/// Reads `none` or a number of seconds.
fn parse_time_limit(text: &str) -> Result<TimeLimit, String> {
    match text {
        "none" => Ok(TimeLimit::Unlimited),
        _ => parse_seconds(text)
            .map(TimeLimit::After)
            .map_err(|e| format!("{e}, or 'none'")),
    }
}

/// Reads a number of seconds, 0 or more (a decimal number).
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("'{text}' is not a number of seconds (0 or more)"))
}

impl TimeArgs {
    /// The time limit asked for, or the default.
    pub fn limit(&self) -> TimeLimit {
        self.time_limit.unwrap_or_default()
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
    #[arg(long, default_value_t = DEFAULT_SUBSET_SIZE, value_name = "N", value_parser = whole::<usize>)]
    max_size: usize,
    // Caps on the combinatorial searches (help texts built from `Limits`).
    #[arg(long = "limit", value_name = "NAME=VALUE", value_delimiter = ',',
          value_parser = parse_limit, help = limit_help(false), long_help = limit_help(true))]
    limits: Vec<String>,
    /// Stop when no technique applies and show the candidate grid, instead of backtracking.
    #[arg(long)]
    no_guess: bool,
    /// Seed for the choice among several solutions of a puzzle that is not unique.
    #[arg(long, default_value_t = 0, value_parser = whole::<u64>)]
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
    /// What the engine may do, for any size.
    pub fn settings(&self) -> engine::Settings {
        engine::Settings {
            techniques: self.techniques.clone(),
            max_level: self.max_level.map(LevelArg::level),
            subset_size: self.max_size,
            limits: self.limits.clone(),
            no_guess: self.no_guess,
            seed: self.seed,
            time_limit: TimeLimit::default(),
        }
    }

    /// The Sudoku engine's options for a grid of `size`.
    pub fn options(&self, size: usize) -> Result<Options, gridlogic::Error> {
        self.settings().options(size)
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
    /// Unset (the default): HoDoKu 2.2.0's own level and score for classic 9x9 puzzles,
    /// gridlogic's own elsewhere; hodoku: HoDoKu's, and its solve path is the solve reported
    /// (classic 9x9 only); gridlogic: gridlogic's level and score from its own solve; se: also
    /// Sudoku Explainer's own rating (ER, EP, ED), from a solve with Sudoku Explainer's rules in
    /// its order (9x9 with 3x3 boxes only).
    #[arg(long, value_name = "hodoku|gridlogic|se", value_parser = str::parse::<Ratings>)]
    rating: Option<Ratings>,
}

impl RatingArgs {
    /// The ratings asked for (see [`Ratings::solve`] for a solve with them).
    pub fn ratings(&self) -> Ratings {
        self.rating.unwrap_or_default()
    }

    /// Whether Sudoku Explainer's rating is asked for.
    pub fn se(&self) -> bool {
        self.ratings() == Ratings::SudokuExplainer
    }

    /// Whether HoDoKu's rating is asked for by name.
    pub fn hodoku(&self) -> bool {
        self.ratings() == Ratings::Hodoku
    }
}

/// Where the annotated workbook and the step viewer go.
#[derive(Args)]
pub struct WorkbookArgs {
    /// Write the annotated workbook to OUT.xlsx, or the step viewer to OUT.html (then no
    /// workbook). Without it, a workbook input gets <stem>.solved.xlsx beside it and a text or
    /// CSV input gets none.
    #[arg(short, long, value_name = "OUT.xlsx|OUT.html")]
    pub output: Option<PathBuf>,
    /// Also write the step viewer, one self-contained HTML page: at PATH, or beside the workbook
    /// (its name, .html), or beside the input as <stem>.solved.html.
    #[arg(long, value_name = "PATH", num_args = 0..=1)]
    pub html: Option<Option<PathBuf>>,
    /// Replace the workbook or page if it exists.
    #[arg(long)]
    pub force: bool,
    /// Add one sheet per step, for the first K steps or all, showing the candidates it works on.
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "all",
          value_parser = parse_step_sheets)]
    pub step_sheets: Option<usize>,
    /// Write no workbook, not even beside a workbook input.
    #[arg(long, conflicts_with_all = ["output", "step_sheets"])]
    pub no_workbook: bool,
}

impl WorkbookArgs {
    /// Where the workbook and the page of a solve of `input` go: never over one of `inputs`, the
    /// files read. Step sheets belong to a workbook: asking for them when none is written is a
    /// usage error.
    pub fn targets(&self, input: &InputArgs) -> Result<Targets, gridlogic::Error> {
        let targets = write::targets(
            &input.file,
            &input.files(),
            self.output.as_deref(),
            self.html.as_ref().map(Option::as_deref),
            self.no_workbook,
            self.force,
        )?;
        if self.step_sheets.is_some() && targets.workbook.is_none() {
            let message = "--step-sheets adds sheets to a workbook, and none is written (-o names \
                           OUT.xlsx, or the input is a workbook)";
            return Err(gridlogic::Error::Usage(message.into()));
        }
        Ok(targets)
    }
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

/// The output of `check` and `explain`: their text, one JSON document (an array for several
/// puzzles), or JSON Lines.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Jsonl,
}

/// How a PDF booklet is laid out (`generate -o NAME.pdf`, `print`).
#[derive(Args)]
pub struct PrintArgs {
    /// The paper of a PDF: a4 (the default) or letter.
    #[arg(long, value_enum)]
    paper: Option<PaperArg>,
    /// Puzzles on a page of a PDF: 1, 2, 4 or 6 (the solutions at the back are smaller). Default:
    /// 1 for a single puzzle, else 4.
    #[arg(long, value_name = "N", value_parser = ["1", "2", "4", "6"])]
    per_page: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

impl PrintArgs {
    /// Whether an option of the layout is given.
    pub fn given(&self) -> bool {
        self.paper.is_some() || self.per_page.is_some()
    }

    /// The layout of a booklet of `count` puzzles.
    pub fn setup(&self, count: usize) -> Result<Setup, gridlogic::Error> {
        let paper = match self.paper {
            Some(PaperArg::Letter) => Paper::Letter,
            Some(PaperArg::A4) | None => Paper::A4,
        };
        let per_page = match &self.per_page {
            Some(text) => text.parse().unwrap_or(0),
            None if count == 1 => 1,
            None => 4,
        };
        Setup::new(paper, per_page)
    }
}
