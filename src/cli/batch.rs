//! `gridlogic batch`: a collection streamed through all cores, one row per entry (CSV or JSON
//! Lines), written as it goes; a summary line on standard error at the end.

use super::args::{PuzzleArgs, RatingArgs};
use super::{CommandResult, exit_code};
use clap::ValueEnum;
use gridlogic::batch::{self, Row, RowFormat, RowWriter, Stopped, Summary};
use gridlogic::read::collection::{Entries, Stream, is_stdin};
use gridlogic::report::SolveReport;
use gridlogic::report::rated::RatedSolve;
use gridlogic::{engine, shikaku, write};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How many entries may be between reading and writing, per thread.
const WINDOW_PER_THREAD: usize = 64;

/// The exit code of a run stopped by SIGINT or SIGTERM (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

/// Options of `batch`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Where to write the rows: a file (replaced), or - for standard output (the default).
    /// Never the input file.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The rows as CSV with a header, or as JSON Lines (one object per row).
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
    /// How many threads solve (all cores by default).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// With --rating se, the rows add Sudoku Explainer's se_er, se_ep and se_ed.
    #[command(flatten)]
    rating: RatingArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Csv,
    Jsonl,
}

pub fn run(args: &Args) -> CommandResult {
    let input = &args.puzzle.input.file;
    let output = args.output.as_ref().filter(|o| !is_stdin(o));
    if let Some(output) = output
        && !is_stdin(input)
        && write::same_file(output, input)
    {
        let message = "the output file must not be the input file";
        return Err(gridlogic::Error::Usage(message.into()).into());
    }
    let settings = args.puzzle.settings();
    let entries = args.puzzle.input.entries()?;
    let sink: Box<dyn Write + Send> = match output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(io::stdout()),
    };
    let format = match args.format {
        Format::Csv => RowFormat::Csv,
        Format::Jsonl => RowFormat::Jsonl,
    };
    match entries {
        Entries::Sudoku(entries) if args.rating.se() => {
            settings.options(9)?;
            let solve = |p: &_| args.rating.solve(p, &settings);
            run_stream::<RatedSolve>(entries, solve, sink, format, threads(args.jobs))
        }
        Entries::Sudoku(entries) => {
            settings.options(9)?;
            let solve =
                |p: &gridlogic::model::Puzzle| Ok(engine::solve(p, &settings.options(p.size())?));
            run_stream::<engine::Solve>(entries, solve, sink, format, threads(args.jobs))
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            let solve = |p: &shikaku::Shikaku| Ok(shikaku::solve(p, &options));
            run_stream::<shikaku::Solve>(entries, solve, sink, format, threads(args.jobs))
        }
    }
}

/// Streams the entries through `solve` into `sink`, with a progress line when standard error is
/// a terminal, and says how it went.
fn run_stream<S: SolveReport>(
    entries: Stream<S::Puzzle>,
    solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S> + Sync,
    sink: Box<dyn Write + Send>,
    format: RowFormat,
    threads: usize,
) -> CommandResult
where
    S::Puzzle: Send,
{
    let start = Instant::now();
    let stop = interrupt_flag()?;
    let mut writer = RowWriter::new(sink, format, &batch::header::<S>())?;
    let bar = progress_bar();
    let mut summary = Summary::default();
    let write = |row: Row| {
        writer.write(&row)?;
        summary.add(&row);
        bar.inc(1);
        Ok(())
    };
    let window = WINDOW_PER_THREAD * threads;
    let result = batch::stream(entries, solve, threads, window, stop.as_ref(), write);
    bar.finish_and_clear();
    let line = summary.line(start.elapsed());
    match result {
        Ok(()) => {
            eprintln!("{line}");
            Ok(exit_code(summary.all_ok()))
        }
        Err(Stopped::Interrupted) => {
            eprintln!("interrupted after {line}");
            Ok(ExitCode::from(INTERRUPTED))
        }
        Err(Stopped::Read(error)) => {
            eprintln!("stopped after {line}");
            Err(error.into())
        }
        Err(Stopped::Write(error)) => Err(error.into()),
    }
}

/// How many threads solve: `jobs`, or as many as the machine runs at once (or
/// `RAYON_NUM_THREADS` says, as for the generator).
fn threads(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(rayon::current_num_threads).max(1)
}

/// A flag that SIGINT and SIGTERM set, so that the run stops after writing what is finished; a
/// second signal ends the process at once.
fn interrupt_flag() -> io::Result<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        flag::register_conditional_shutdown(signal, i32::from(INTERRUPTED), Arc::clone(&stop))?;
        flag::register(signal, Arc::clone(&stop))?;
    }
    Ok(stop)
}

/// A count of rows and their rate on standard error, when it is a terminal.
fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {pos} rows, {per_sec}") {
        bar.set_style(style);
    }
    bar
}
