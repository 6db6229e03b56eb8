//! The `gridlogic` command line: a thin front end over the library.

use clap::{Args, Parser, Subcommand, ValueEnum};
use gridlogic::core::Limits;
use gridlogic::core::Outcome;
use gridlogic::core::State;
use gridlogic::core::{Level, Step, Technique};
use gridlogic::engine::{self, Options, Solve};
use gridlogic::model::{Grid, Names, Origin, Puzzle, Regions};
use gridlogic::rating;
use gridlogic::read::{self, Input, ReadOptions};
use gridlogic::render::{self, LayoutJson};
use gridlogic::shikaku::{self, Shikaku};
use gridlogic::techniques;
use gridlogic::write::generated as generated_book;
use gridlogic::write::sudoku as sudoku_book;
use gridlogic::{generate, report, search};
use serde::Serialize;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Solve and check logic puzzles kept in spreadsheets, CSV and text files, and explain every step.
#[derive(Parser)]
#[command(name = "gridlogic", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read and validate a puzzle; report its size, layout, givens and number of solutions.
    ///
    /// Exit code 0: exactly one solution; 1: no solution or several; 2: bad input or usage.
    Check {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Solve by logic, simplest technique first; print a summary and the grid.
    ///
    /// Exit code 0: solved; 1: no solution, several (without --random), or stuck; 2: bad input.
    Solve {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        engine: EngineArgs,
        /// Output: summary and grid, one line of symbols, or a JSON document with every step.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Accept a puzzle with several solutions: solve it with one picked by --seed.
        #[arg(long)]
        random: bool,
        /// Check every step against the solution found by search (a soundness check).
        #[arg(long)]
        verify: bool,
        #[command(flatten)]
        workbook: WorkbookArgs,
    },
    /// Print the numbered step log of a logical solve.
    Explain {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        engine: EngineArgs,
        /// Print the candidate grid before each step.
        #[arg(long)]
        grids: bool,
        /// List the instances of one technique in the starting state instead of solving.
        #[arg(long, value_name = "NAME")]
        technique: Option<String>,
        /// With --technique: every instance, not just the first.
        #[arg(long, requires = "technique")]
        all: bool,
    },
    /// Run a HoDoKu regression library file: one line per failing case, then the totals.
    ///
    /// Exit code 0: no case failed; 1: some failed; 2: the file cannot be read.
    Reglib {
        /// The library file (e.g. ../shared/datasets/hodoku/reglib-1.4-dev.txt).
        file: PathBuf,
    },
    /// Generate puzzles with exactly one solution, rated at the level asked for.
    ///
    /// Writes one puzzle per line with a comment line each (level, score, hardest step) to standard
    /// output or a .txt file, a CSV grid, or a printable .xlsx with hidden answer sheets.
    /// Exit code 0: generated; 1: no puzzle met the request within --attempts; 2: bad usage.
    Generate(GenerateArgs),
    /// Solve a file of puzzles on all cores and write one CSV row per puzzle.
    Batch {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        engine: EngineArgs,
        /// Where to write the CSV (standard output by default). Never the input file.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

/// Where the puzzle is and how to read it.
#[derive(Args)]
struct InputArgs {
    /// The puzzle file: .xlsx .xlsm .xlsb .xls .ods, .csv/.tsv, or text.
    file: PathBuf,
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

/// Where the annotated workbook goes.
#[derive(Args)]
struct WorkbookArgs {
    /// Write the annotated workbook to OUT.xlsx. Without it, a workbook input gets
    /// <stem>.solved.xlsx beside it and a text or CSV input gets none.
    #[arg(short, long, value_name = "OUT.xlsx")]
    output: Option<PathBuf>,
    /// Replace the workbook if it exists.
    #[arg(long)]
    force: bool,
    /// Add one sheet per step, for the first K steps or all, showing the candidates it works on.
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "all",
          value_parser = parse_step_sheets)]
    step_sheets: Option<usize>,
    /// Write no workbook, not even beside a workbook input.
    #[arg(long, conflicts_with_all = ["output", "force", "step_sheets"])]
    no_workbook: bool,
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

/// `all` or a number of step sheets.
fn parse_step_sheets(text: &str) -> Result<usize, String> {
    match text {
        "all" => Ok(usize::MAX),
        number => number
            .parse()
            .map_err(|_| format!("expected a number of steps or 'all', got '{number}'")),
    }
}

impl WorkbookArgs {
    /// The workbook to write for `input`, if any, after checking that it may be written: an
    /// `.xlsx` name, not the input, and not an existing file unless `--force`.
    fn target(&self, input: &Path) -> Result<Option<PathBuf>, gridlogic::Error> {
        let path = match (&self.output, self.no_workbook) {
            (_, true) => return Ok(None),
            (Some(path), _) => path.clone(),
            (None, _) if read::is_workbook(input) => {
                let stem = input.file_stem().unwrap_or_default().to_string_lossy();
                input.with_file_name(format!("{stem}.solved.xlsx"))
            }
            (None, _) => return Ok(None),
        };
        let refuse = |message: &str| gridlogic::Error::Write {
            path: path.clone(),
            message: message.to_string(),
        };
        let is_xlsx = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xlsx"));
        if !is_xlsx {
            return Err(refuse(
                "workbooks are written as .xlsx; give it an .xlsx name",
            ));
        }
        if same_file(&path, input) {
            return Err(refuse("it is the input file, which is never written over"));
        }
        if path.exists() && !self.force {
            return Err(refuse("it exists; use --force to replace it"));
        }
        Ok(Some(path))
    }
}

/// What the logical engine may use.
#[derive(Args)]
struct EngineArgs {
    /// Allowed techniques or families, comma-separated (e.g. singles,pointing,claiming,x-wing).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    techniques: Vec<String>,
    /// The hardest level of technique allowed.
    #[arg(long, value_enum)]
    max_level: Option<LevelArg>,
    /// Largest naked/hidden subset and fish (2 = pairs and X-Wings); at most half the grid size.
    /// The same as --limit subset-size=N.
    #[arg(long, default_value_t = gridlogic::core::limits::DEFAULT_SUBSET_SIZE, value_name = "N")]
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

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Line,
    Json,
    /// Shikaku only: the datasets' .sol layout, each cell the number of its rectangle.
    Sol,
}

#[derive(Clone, Copy, ValueEnum)]
enum LevelArg {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl LevelArg {
    fn level(self) -> Level {
        match self {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

/// A failure on the way: bad input (exit 2) or an output error.
enum Failure {
    Input(gridlogic::Error),
    Output(io::Error),
}

impl From<gridlogic::Error> for Failure {
    fn from(e: gridlogic::Error) -> Failure {
        Failure::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

type CommandResult = Result<ExitCode, Failure>;

impl InputArgs {
    fn options(&self) -> ReadOptions {
        ReadOptions {
            sheet: self.sheet.clone(),
            range: self.range.clone(),
            boxes: self.boxes.clone(),
            latin: self.latin,
            regions_file: self.regions.clone(),
            symbols: self.symbols.clone(),
        }
    }

    fn read(&self) -> Result<Input, gridlogic::Error> {
        let input = read::read_file(&self.file, &self.options())?;
        for warning in &input.warnings {
            eprintln!("warning: {warning}");
        }
        Ok(input)
    }
}

impl EngineArgs {
    fn options(&self, size: usize) -> Result<Options, gridlogic::Error> {
        let mut limits = Limits {
            subset_size: self.max_size,
            ..Limits::for_size(size)
        };
        for setting in &self.limits {
            limits.apply(setting).map_err(gridlogic::Error::Usage)?;
        }
        let mut options = Options::limited(size, limits);
        let all = options.techniques.clone();
        if !self.techniques.is_empty() {
            let mut chosen = Vec::new();
            for name in &self.techniques {
                let found = Technique::parse(name, &all).ok_or_else(|| {
                    let names: Vec<String> = all.iter().map(|t| t.name()).collect();
                    gridlogic::Error::Usage(format!(
                        "unknown technique '{name}'; known: {}, or a family: singles, intersections, subsets, fish, single-digit, uniqueness, wings, colouring, chains, als, forcing",
                        names.join(", ")
                    ))
                })?;
                chosen.extend(found);
            }
            options.techniques.retain(|t| chosen.contains(t));
        }
        if let Some(max) = self.max_level {
            options.techniques.retain(|&t| t.level() <= max.level());
        }
        options.no_guess = self.no_guess;
        options.seed = self.seed;
        Ok(options)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (file, result) = match &cli.command {
        Command::Check { input } => (&input.file, check(input)),
        Command::Solve {
            input,
            engine,
            format,
            random,
            verify,
            workbook,
        } => (
            &input.file,
            solve(input, engine, *format, *random, *verify, workbook),
        ),
        Command::Explain {
            input,
            engine,
            grids,
            technique,
            all,
        } => (
            &input.file,
            explain(input, engine, *grids, technique.as_deref(), *all),
        ),
        Command::Batch {
            input,
            engine,
            output,
        } => (&input.file, batch(input, engine, output.as_ref())),
        Command::Reglib { file } => (file, reglib(file)),
        Command::Generate(args) => return finish(None, generate_puzzles(args)),
    };
    finish(Some(file), result)
}

/// The exit code of a command's result, after printing its error. Errors about the input are
/// prefixed with the input file; a generator that found no puzzle exits 1, other failures 2.
fn finish(input: Option<&PathBuf>, result: CommandResult) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("error: writing output: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Input(error @ gridlogic::Error::NotGenerated { .. })) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
        Err(Failure::Input(error)) => {
            match (input, &error) {
                (Some(file), e) if !matches!(e, gridlogic::Error::Write { .. }) => {
                    eprintln!("error: {}: {error}", file.display())
                }
                _ => eprintln!("error: {error}"),
            }
            ExitCode::from(2)
        }
    }
}

fn exit_code(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn check(input: &InputArgs) -> CommandResult {
    if let Some(puzzles) = input.shikaku()? {
        return shikaku_check(&puzzles);
    }
    let read = input.read()?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for puzzle in &read.puzzles {
        let verdict = match search::count_solutions(puzzle, 2).solutions {
            0 => {
                none += 1;
                "no solution"
            }
            1 => {
                unique += 1;
                "1 solution (unique)"
            }
            _ => {
                several += 1;
                "2 or more solutions (not unique)"
            }
        };
        writeln!(out, "{}: {verdict}", report::puzzle_summary(puzzle))?;
    }
    if read.puzzles.len() > 1 {
        writeln!(
            out,
            "{} puzzles: {unique} unique, {several} with several solutions, {none} without solution",
            read.puzzles.len()
        )?;
    }
    out.flush()?;
    Ok(exit_code(several + none == 0))
}

/// The JSON document for one solve.
#[derive(Serialize)]
struct SolveJson<'a> {
    source: &'a Origin,
    layout: LayoutJson,
    givens: Vec<Vec<u8>>,
    given_count: usize,
    unique: bool,
    outcome: &'a Outcome,
    rating: rating::Rating,
    backtracking_steps: usize,
    steps: Vec<report::StepJson>,
    solution: Option<Vec<Vec<u8>>>,
}

fn solved_grid(solve: &Solve) -> Option<&Grid> {
    (solve.outcome == Outcome::Solved).then(|| solve.state.values())
}

fn solve(
    input: &InputArgs,
    engine_args: &EngineArgs,
    format: Format,
    random: bool,
    verify: bool,
    workbook: &WorkbookArgs,
) -> CommandResult {
    if let Some(puzzles) = input.shikaku()? {
        return shikaku_solve(
            input,
            &puzzles,
            engine_args,
            format,
            random,
            verify,
            workbook,
        );
    }
    if format == Format::Sol {
        return Err(gridlogic::Error::Usage("--format sol is for Shikaku puzzles".into()).into());
    }
    let target = workbook.target(&input.file)?;
    let read = input.read()?;
    if target.is_some() && read.puzzles.len() != 1 {
        return Err(gridlogic::Error::Usage(format!(
            "the input holds {} puzzles and a workbook shows one; use batch for collections, \
             or --no-workbook",
            read.puzzles.len()
        ))
        .into());
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    let mut documents = Vec::new();
    let solves: Vec<Solve> = read
        .puzzles
        .iter()
        .map(|p| engine_args.options(p.size()).map(|o| engine::solve(p, &o)))
        .collect::<Result<_, _>>()?;
    for (puzzle, solve) in read.puzzles.iter().zip(&solves) {
        let wrong = if verify {
            first_wrong_step(solve)
        } else {
            None
        };
        if let Some(message) = &wrong {
            eprintln!("error: {}: {message}", report::puzzle_summary(puzzle));
        }
        let accepted = solve.outcome == Outcome::Solved && (solve.is_unique() || random);
        all_ok &= wrong.is_none() && accepted;
        match format {
            Format::Text => {
                writeln!(
                    out,
                    "{}: {}",
                    report::puzzle_summary(puzzle),
                    report::verdict(solve)
                )?;
                writeln!(out, "{}", report::difficulty(solve))?;
                writeln!(out, "{}", report::step_counts(solve))?;
                let grid = match solved_grid(solve) {
                    Some(grid) => render::grid_text(grid, puzzle.layout(), puzzle.symbols()),
                    None => render::candidates_text(&solve.state, puzzle.symbols()),
                };
                writeln!(out, "{grid}")?;
            }
            Format::Line => {
                let line = solved_grid(solve)
                    .filter(|_| accepted)
                    .map(|g| render::grid_line(g, puzzle.symbols()));
                if line.is_none() {
                    eprintln!(
                        "{}: {}",
                        report::puzzle_summary(puzzle),
                        report::verdict(solve)
                    );
                }
                writeln!(out, "{}", line.unwrap_or_default())?;
            }
            Format::Sol => unreachable!("refused above"),
            Format::Json => documents.push(SolveJson {
                source: puzzle.origin(),
                layout: LayoutJson::of(puzzle),
                givens: render::grid_rows(puzzle.givens()),
                given_count: puzzle.givens().filled_count(),
                unique: solve.is_unique(),
                outcome: &solve.outcome,
                rating: rating::rate(&solve.steps, puzzle.layout().cell_count()),
                backtracking_steps: solve.backtracks(),
                steps: solve
                    .steps
                    .iter()
                    .map(|s| report::StepJson::of(s, puzzle))
                    .collect(),
                solution: solved_grid(solve).map(render::grid_rows),
            }),
        }
    }
    if format == Format::Json {
        let json = match documents.as_slice() {
            [one] => serde_json::to_string_pretty(one),
            many => serde_json::to_string_pretty(many),
        };
        writeln!(out, "{}", json.map_err(io::Error::other)?)?;
    }
    out.flush()?;
    if let (Some(path), [puzzle], [solve]) = (target, read.puzzles.as_slice(), solves.as_slice()) {
        let step_sheets = workbook.step_sheets.unwrap_or(0);
        write_workbook(&input.file, puzzle, solve, engine_args, step_sheets, &path)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(exit_code(all_ok))
}

/// Writes the annotated workbook of `solve`. A puzzle that was not read from a sheet is placed
/// at B3 and solved again there, so that the explanations name the workbook's cells.
fn write_workbook(
    source: &Path,
    puzzle: &Puzzle,
    solve: &Solve,
    engine_args: &EngineArgs,
    step_sheets: usize,
    path: &Path,
) -> Result<(), gridlogic::Error> {
    let options = sudoku_book::BookOptions {
        step_sheets,
        ..sudoku_book::BookOptions::new(puzzle, file_name(source))
    };
    let placed;
    let (puzzle, solve) = match puzzle.origin() {
        Origin::Sheet { .. } => (puzzle, solve),
        _ => {
            let moved = puzzle.clone().with_origin(sudoku_book::DEFAULT_ORIGIN);
            let again = engine::solve(&moved, &engine_args.options(moved.size())?);
            placed = (moved, again);
            (&placed.0, &placed.1)
        }
    };
    let book = sudoku_book::book(puzzle, solve, &options);
    gridlogic::write::xlsx::save(&book, path)
}

/// The first step that contradicts the puzzle's unique solution, described.
fn first_wrong_step(solve: &Solve) -> Option<String> {
    let (index, step) = solve.first_unsound_step()?;
    let explanation = step.explanation.render(&solve.puzzle.names());
    Some(format!("step {} is wrong: {explanation}", index + 1))
}

fn explain(
    input: &InputArgs,
    engine_args: &EngineArgs,
    grids: bool,
    technique: Option<&str>,
    all: bool,
) -> CommandResult {
    match technique {
        Some(name) => list_technique(input, engine_args, grids, name, all),
        None => explain_solves(input, engine_args, grids),
    }
}

/// Lists the instances of one technique in each starting state of the file.
fn list_technique(
    input: &InputArgs,
    engine_args: &EngineArgs,
    grids: bool,
    name: &str,
    all: bool,
) -> CommandResult {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for marks in read::read_marks(&input.file, &input.options())? {
        let symbols = marks.symbols.clone();
        let state = State::from_marks(marks);
        let unique = engine::has_unique_solution(&state);
        let options = engine_args.options(state.size())?;
        let state = state.assuming_unique(unique).with_limits(options.limits);
        let chosen = Technique::parse(name, &options.techniques)
            .ok_or_else(|| gridlogic::Error::Usage(format!("unknown technique '{name}'")))?;
        let steps: Vec<Step> = chosen
            .iter()
            .flat_map(|&t| match all {
                true => techniques::find_all(t, &state),
                false => techniques::find_first(t, &state).into_iter().collect(),
            })
            .collect();
        if grids {
            writeln!(out, "{}", render::candidates_text(&state, &symbols))?;
        }
        let names = Names::new(state.layout(), Some(&symbols));
        for step in &steps {
            writeln!(out, "{}", step.explanation.render(&names))?;
        }
        let plural = if steps.len() == 1 { "" } else { "s" };
        writeln!(out, "{} instance{plural} of {name}", steps.len())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the step log of each puzzle's logical solve.
fn explain_solves(input: &InputArgs, engine_args: &EngineArgs, grids: bool) -> CommandResult {
    if let Some(puzzles) = input.shikaku()? {
        return shikaku_explain(&puzzles, engine_args, grids);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let read = input.read()?;
    let mut all_solved = true;
    for puzzle in &read.puzzles {
        let options = engine_args.options(puzzle.size())?;
        let solve = engine::solve(puzzle, &options);
        all_solved &= solve.outcome == Outcome::Solved;
        writeln!(out, "{}", report::puzzle_summary(puzzle))?;
        if grids {
            let mut state = State::from_puzzle(puzzle);
            for (i, step) in solve.steps.iter().enumerate() {
                writeln!(out, "{}", render::candidates_text(&state, puzzle.symbols()))?;
                let explanation = step.explanation.render(&puzzle.names());
                writeln!(out, "{}. {explanation}\n", i + 1)?;
                state.apply(step);
            }
        } else {
            write!(out, "{}", report::step_log(&solve))?;
        }
        writeln!(out, "{}", report::verdict(&solve))?;
        writeln!(out, "{}", report::difficulty(&solve))?;
        writeln!(out, "{}", report::step_counts(&solve))?;
    }
    out.flush()?;
    Ok(exit_code(all_solved))
}

fn reglib(file: &PathBuf) -> CommandResult {
    let text = std::fs::read_to_string(file).map_err(|source| gridlogic::Error::Io {
        path: file.clone(),
        source,
    })?;
    let report = gridlogic::reglib::run(&text);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in report.lines() {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(exit_code(report.failed() == 0))
}

fn batch(input: &InputArgs, engine_args: &EngineArgs, output: Option<&PathBuf>) -> CommandResult {
    if output.is_some_and(|o| same_file(o, &input.file)) {
        return Err(
            gridlogic::Error::Usage("the output file must not be the input file".into()).into(),
        );
    }
    if let Some(puzzles) = input.shikaku()? {
        let rows = shikaku::report::solve_all(&puzzles, &engine_args.shikaku()?);
        return Ok(exit_code(shikaku::report::write_csv(
            &rows,
            csv_sink(output)?,
        )?));
    }
    let read = input.read()?;
    let options = match read.puzzles.first() {
        Some(p) => engine_args.options(p.size())?,
        None => return Ok(ExitCode::SUCCESS),
    };
    let rows = gridlogic::batch::solve_all(&read.puzzles, &options, show_progress());
    let all_solved = gridlogic::batch::write_csv(&rows, csv_sink(output)?)?;
    Ok(exit_code(all_solved))
}

fn csv_sink(output: Option<&PathBuf>) -> io::Result<Box<dyn Write>> {
    Ok(match output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(io::stdout().lock()),
    })
}

/// The last part of `path`, for summaries.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

fn show_progress() -> bool {
    use std::io::IsTerminal;
    io::stderr().is_terminal()
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

// ---- Shikaku (issue 5): the commands' Shikaku branches, kept together ----

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KindArg {
    Sudoku,
    Shikaku,
}

impl InputArgs {
    /// The Shikaku puzzles of the file when it holds Shikaku (by --kind or detection), else
    /// `None` for the Sudoku path. A detected Shikaku is announced on standard error.
    fn shikaku(&self) -> Result<Option<Vec<Shikaku>>, gridlogic::Error> {
        use shikaku::read::{Kind, guess_kind};
        match self.kind {
            Some(KindArg::Sudoku) => return Ok(None),
            Some(KindArg::Shikaku) => {}
            None => match guess_kind(&self.file, &self.options()) {
                (Kind::Sudoku, _) => return Ok(None),
                (Kind::Shikaku, why) => eprintln!(
                    "note: reading {} as Shikaku ({why}); --kind sudoku reads it as Sudoku",
                    self.file.display()
                ),
            },
        }
        Ok(Some(shikaku::read::read_file(&self.file, &self.options())?))
    }
}

impl EngineArgs {
    fn shikaku(&self) -> Result<shikaku::engine::Options, gridlogic::Error> {
        use shikaku::Technique;
        let mut options = shikaku::engine::Options {
            no_guess: self.no_guess,
            seed: self.seed,
            ..Default::default()
        };
        if !self.techniques.is_empty() {
            let chosen = self
                .techniques
                .iter()
                .map(|name| {
                    Technique::parse(name).ok_or_else(|| {
                        let known: Vec<&str> =
                            Technique::ALL[..5].iter().map(|t| t.name()).collect();
                        gridlogic::Error::Usage(format!(
                            "unknown Shikaku technique '{name}'; known: {}",
                            known.join(", ")
                        ))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            options.techniques.retain(|t| chosen.contains(t));
        }
        Ok(options)
    }
}

fn shikaku_check(puzzles: &[Shikaku]) -> CommandResult {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut unique = 0;
    for puzzle in puzzles {
        let count = shikaku::search::count_solutions(puzzle, 2).solutions;
        unique += usize::from(count == 1);
        let verdict = shikaku::report::count_verdict(count);
        writeln!(out, "{}: {verdict}", shikaku::report::summary(puzzle))?;
    }
    if puzzles.len() > 1 {
        writeln!(out, "{} puzzles: {unique} unique", puzzles.len())?;
    }
    out.flush()?;
    Ok(exit_code(unique == puzzles.len()))
}

fn shikaku_solve(
    input: &InputArgs,
    puzzles: &[Shikaku],
    engine_args: &EngineArgs,
    format: Format,
    random: bool,
    verify: bool,
    workbook: &WorkbookArgs,
) -> CommandResult {
    use shikaku::report;
    let target = workbook.target(&input.file)?;
    if target.is_some() && puzzles.len() != 1 {
        return Err(gridlogic::Error::Usage(format!(
            "the input holds {} puzzles and a workbook shows one; use batch for collections, \
             or --no-workbook",
            puzzles.len()
        ))
        .into());
    }
    let options = engine_args.shikaku()?;
    let solves: Vec<shikaku::Solve> = puzzles
        .iter()
        .map(|p| shikaku::solve(p, &options))
        .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    for solve in &solves {
        let summary = report::summary(&solve.puzzle);
        let wrong = verify.then(|| solve.first_unsound_step()).flatten();
        if let Some((i, step)) = wrong {
            eprintln!(
                "error: {summary}: step {} is wrong: {}",
                i + 1,
                step.explanation
            );
        }
        let accepted = solve.is_solved() && (solve.is_unique() || random);
        all_ok &= wrong.is_none() && accepted;
        match format {
            Format::Text => {
                writeln!(out, "{summary}: {}", report::verdict(solve))?;
                writeln!(out, "{}", report::step_counts(solve))?;
                writeln!(out, "{}", report::grid_text(&solve.puzzle, &solve.rects))?;
            }
            Format::Line | Format::Sol if !accepted => {
                eprintln!("{summary}: {}", report::verdict(solve));
                writeln!(out)?;
            }
            Format::Line => writeln!(
                out,
                "{}",
                report::sol_text(solve).trim_end().replace('\n', "/")
            )?,
            Format::Sol => write!(out, "{}", report::sol_text(solve))?,
            Format::Json => {}
        }
    }
    if format == Format::Json {
        let documents: Vec<report::SolveJson> = solves.iter().map(report::SolveJson::of).collect();
        let json = match documents.as_slice() {
            [one] => serde_json::to_string_pretty(one),
            many => serde_json::to_string_pretty(many),
        };
        writeln!(out, "{}", json.map_err(io::Error::other)?)?;
    }
    out.flush()?;
    if let (Some(path), [solve]) = (target, solves.as_slice()) {
        shikaku_workbook(&input.file, solve, &options, &path)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(exit_code(all_ok))
}

/// Writes the annotated Shikaku workbook of `solve`. A puzzle that was not read from a sheet is
/// placed at B3 and solved again there, so that the explanations name the workbook's cells.
fn shikaku_workbook(
    source: &Path,
    solve: &shikaku::Solve,
    options: &shikaku::engine::Options,
    path: &Path,
) -> Result<(), gridlogic::Error> {
    let placed;
    let solve = match solve.puzzle.origin() {
        Origin::Sheet { .. } => solve,
        _ => {
            let moved = solve
                .puzzle
                .clone()
                .with_origin(sudoku_book::DEFAULT_ORIGIN);
            placed = shikaku::solve(&moved, options);
            &placed
        }
    };
    let book = gridlogic::write::shikaku::book(solve, &file_name(source));
    gridlogic::write::xlsx::save(&book, path)
}

fn shikaku_explain(puzzles: &[Shikaku], engine_args: &EngineArgs, grids: bool) -> CommandResult {
    use shikaku::report;
    let options = engine_args.shikaku()?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_solved = true;
    for puzzle in puzzles {
        let solve = shikaku::solve(puzzle, &options);
        all_solved &= solve.is_solved();
        writeln!(out, "{}", report::summary(puzzle))?;
        let mut rects = vec![None; puzzle.clues().len()];
        for (i, step) in solve.steps.iter().enumerate() {
            if grids {
                writeln!(out, "{}", report::grid_text(puzzle, &rects))?;
            }
            writeln!(out, "{}. {}", i + 1, step.explanation)?;
            if let Some(rect) = step.placed {
                rects[step.clue] = Some(rect);
            }
        }
        writeln!(out, "{}", report::verdict(&solve))?;
        writeln!(out, "{}", report::step_counts(&solve))?;
    }
    out.flush()?;
    Ok(exit_code(all_solved))
}

// ---- Generator (issue 7) ----

/// What `generate` makes and where it goes.
#[derive(Args)]
struct GenerateArgs {
    /// N: the grid is N x N (1 to 36; larger boxed grids with --fill permutation).
    #[arg(long, default_value_t = 9, value_name = "N")]
    size: usize,
    /// Box shape ROWSxCOLUMNS, e.g. 4x2 for an 8x8 grid; the most square shape by default.
    #[arg(long = "box", value_name = "RxC", conflicts_with_all = ["jigsaw", "latin"])]
    boxes: Option<String>,
    /// Random connected regions of N cells instead of boxes (a new layout for every puzzle).
    #[arg(long, conflicts_with_all = ["latin", "regions"])]
    jigsaw: bool,
    /// A fixed jigsaw map for every puzzle: N lines of N region labels (as `solve --regions`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["boxes", "latin"])]
    regions: Option<PathBuf>,
    /// No regions: a Latin square.
    #[arg(long)]
    latin: bool,
    /// The level the engine must rate each puzzle at; easy to unfair are solved without
    /// backtracking. Any level by default.
    #[arg(long, value_enum)]
    difficulty: Option<LevelArg>,
    /// Exactly K empty cells (the seed 001 report's mode), still with one solution.
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    holes: Option<usize>,
    /// With --holes: the same number of holes in every region (every row of a Latin square).
    #[arg(long, requires = "holes")]
    even_holes: bool,
    /// Symmetry of the clues.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// No clue can be removed without losing the unique solution.
    #[arg(long)]
    minimal: bool,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_name = "M", value_parser = clap::value_parser!(u32).range(1..))]
    count: u32,
    /// Seed for reproducible output; a random seed (printed on standard error) by default.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Where full grids come from: randomised search, or the seed 001 report's permutation of a
    /// patterned grid (boxes and Latin squares only).
    #[arg(long, value_enum, default_value_t = FillArg::Search)]
    fill: FillArg,
    /// Attempts per puzzle before giving up.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    attempts: usize,
    /// Output file: .xlsx (printable, with hidden "Solution" sheets), .csv (one puzzle as a grid),
    /// or text with one puzzle per line. Standard output by default.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace the output file if it exists.
    #[arg(long, requires = "output")]
    force: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum SymmetryArg {
    None,
    Rotational,
    Mirror,
    Diagonal,
}

#[derive(Clone, Copy, ValueEnum)]
enum FillArg {
    Search,
    Permutation,
}

impl GenerateArgs {
    fn request(&self, seed: u64) -> Result<generate::Request, gridlogic::Error> {
        let mut request = generate::Request::new(self.size);
        request.shape = match (&self.regions, &self.boxes, self.jigsaw, self.latin) {
            (Some(path), ..) => generate::Shape::Fixed {
                regions: read::region_file(path, self.size)?,
            },
            (_, _, true, _) => generate::Shape::RandomJigsaw,
            (_, Some(spec), _, _) => generate::Shape::Fixed {
                regions: Regions::parse_box(spec, self.size)?,
            },
            (_, None, false, true) => generate::Shape::Fixed {
                regions: Regions::Latin,
            },
            (_, None, false, false) => generate::Shape::Fixed {
                regions: Regions::default_boxes(self.size).ok_or_else(|| {
                    gridlogic::Error::Usage(format!(
                        "a {n}x{n} grid has no box shape; use --jigsaw or --latin",
                        n = self.size
                    ))
                })?,
            },
        };
        request.difficulty = self.difficulty.map(LevelArg::level);
        request.holes = self.holes;
        request.even_holes = self.even_holes;
        request.symmetry = match self.symmetry {
            SymmetryArg::None => generate::Symmetry::None,
            SymmetryArg::Rotational => generate::Symmetry::Rotational,
            SymmetryArg::Mirror => generate::Symmetry::Mirror,
            SymmetryArg::Diagonal => generate::Symmetry::Diagonal,
        };
        request.minimal = self.minimal;
        request.fill = match self.fill {
            FillArg::Search => generate::Fill::Search,
            FillArg::Permutation => generate::Fill::Permutation,
        };
        request.seed = seed;
        request.attempts = self.attempts;
        Ok(request)
    }

    /// Checks the output name before any work: a known kind, and not an existing file unless
    /// `--force`.
    fn check_output(&self) -> Result<(), gridlogic::Error> {
        let Some(path) = &self.output else {
            return Ok(());
        };
        let refuse = |message: &str| gridlogic::Error::Write {
            path: path.clone(),
            message: message.to_string(),
        };
        if path.exists() && !self.force {
            return Err(refuse("it exists; use --force to replace it"));
        }
        if output_kind(path) == OutputKind::Csv && self.count > 1 {
            return Err(refuse(
                "a CSV file holds one puzzle grid; use .txt (one per line) or .xlsx for several",
            ));
        }
        if output_kind(path) == OutputKind::Unsupported {
            return Err(refuse(
                "puzzles are written as .xlsx, .csv or text (.txt); give it one of those names",
            ));
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum OutputKind {
    Xlsx,
    Csv,
    Text,
    Unsupported,
}

fn output_kind(path: &Path) -> OutputKind {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("xlsx") => OutputKind::Xlsx,
        Some("csv") => OutputKind::Csv,
        Some("xlsm" | "xlsb" | "xls" | "ods") => OutputKind::Unsupported,
        _ => OutputKind::Text,
    }
}

fn generate_puzzles(args: &GenerateArgs) -> CommandResult {
    let seed = args.seed.unwrap_or_else(rand::random);
    let request = args.request(seed)?;
    request.validate()?;
    args.check_output()?;
    if args.seed.is_none() {
        eprintln!("seed {seed} (give --seed {seed} for the same puzzles again)");
    }
    let puzzles = generate::generate(&request, args.count as usize)?;
    let command = format!("# gridlogic generate: {}; seed {seed}", request.describe());
    match (&args.output, args.output.as_deref().map(output_kind)) {
        (Some(path), Some(OutputKind::Xlsx)) => {
            gridlogic::write::xlsx::save(&generated_book::book(&puzzles, seed), path)?
        }
        (Some(path), Some(OutputKind::Csv)) => {
            let csv = render::puzzle_csv(&puzzles[0].puzzle);
            gridlogic::write::write_atomically(path, csv.as_bytes())?
        }
        (Some(path), _) => {
            let text = puzzle_lines(&command, &puzzles);
            gridlogic::write::write_atomically(path, text.as_bytes())?
        }
        (None, _) => {
            let mut out = io::stdout().lock();
            out.write_all(puzzle_lines(&command, &puzzles).as_bytes())?;
            out.flush()?;
        }
    }
    if let Some(path) = &args.output {
        for (i, generated) in puzzles.iter().enumerate() {
            eprintln!("puzzle {}: {}", i + 1, generated.describe());
        }
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// One comment line per puzzle with its rating, then the puzzle on one line; a single puzzle is
/// also drawn, in comment lines, for a person to read.
fn puzzle_lines(command: &str, puzzles: &[generate::Generated]) -> String {
    let mut text = format!("{command}\n");
    for (i, generated) in puzzles.iter().enumerate() {
        text.push_str(&format!("# {}: {}\n", i + 1, generated.describe()));
        if let [single] = puzzles {
            let puzzle = &single.puzzle;
            let drawing = render::grid_text(puzzle.givens(), puzzle.layout(), puzzle.symbols());
            drawing
                .lines()
                .for_each(|l| text.push_str(&format!("#   {l}\n")));
        }
        text.push_str(&render::puzzle_line(&generated.puzzle));
        text.push('\n');
    }
    text
}
