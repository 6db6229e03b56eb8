//! `gridlogic batch`: a collection streamed through all cores, one row per entry (CSV or JSON
//! Lines), written as it goes; a summary line on standard error at the end.

use super::args::{PuzzleArgs, RatingArgs, whole};
use super::{CommandResult, Failure, exit_code};
use clap::ValueEnum;
use gridlogic::batch::{self, Row, RowFormat, RowWriter, Stopped, Summary};
use gridlogic::read::collection::{Entries, Stream, is_stdin};
use gridlogic::report::SolveReport;
use gridlogic::report::rated::RatedSolve;
use gridlogic::report::terminal::Escaping;
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

/// The exit code of a run stopped by SIGINT, SIGTERM or SIGHUP (128 + SIGINT, as shells report
/// it).
const INTERRUPTED: u8 = 130;

/// Options of `batch`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Where to write the rows: a file, or - for standard output (the default). Never the input
    /// file. The file is written beside its name and put in place at the end (also when
    /// interrupted), so an existing file stays whole until then.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace the output file if it exists.
    #[arg(long, requires = "output")]
    force: bool,
    /// The rows as CSV with a header, or as JSON Lines (one object per row).
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
    /// How many threads solve (all cores by default).
    #[arg(long, value_name = "N", value_parser = whole::<usize>)]
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
    let target = match args.output.as_deref().filter(|o| !is_stdin(o)) {
        Some(path) => {
            let inputs = args.puzzle.input.files();
            Some(write::Target::checked(path, args.force, &inputs)?)
        }
        None => None,
    };
    let settings = args.puzzle.settings();
    let entries = args.puzzle.input.entries()?;
    let stop = interrupt_flag()?;
    let output = match &target {
        Some(target) => Output::File(write::Pending::create(target)?),
        None => Output::Stdout(Escaping::new(io::stdout())),
    };
    let format = match args.format {
        Format::Csv => RowFormat::Csv,
        Format::Jsonl => RowFormat::Jsonl,
    };
    let run = Run {
        output,
        format,
        threads: threads(args.jobs),
        stop: &stop,
    };
    match entries {
        Entries::Sudoku(entries) if args.rating.se() => {
            let options = engine::OptionsBySize::new(&settings);
            options.get(9)?;
            let solve = |p: &_| args.rating.ratings().solve(p, &options);
            run.stream::<RatedSolve<true>>(entries, solve)
        }
        Entries::Sudoku(entries) => {
            let options = engine::OptionsBySize::new(&settings);
            options.get(9)?;
            let solve = |p: &_| args.rating.ratings().solve(p, &options);
            run.stream::<RatedSolve>(entries, solve)
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            let solve = |p: &shikaku::Shikaku| Ok(shikaku::solve(p, &options));
            run.stream::<shikaku::Solve>(entries, solve)
        }
    }
}

/// Where the rows go: a file, written beside its name and put in place at the end, or standard
/// output (control characters escaped, as all the command line prints).
enum Output {
    File(write::Pending),
    Stdout(Escaping<io::Stdout>),
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::File(file) => file.write(bytes),
            Output::Stdout(out) => out.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::File(file) => file.flush(),
            Output::Stdout(out) => out.flush(),
        }
    }
}

impl Output {
    /// Puts a file in place with the rows written so far.
    fn finish(self) -> Result<(), gridlogic::Error> {
        match self {
            Output::File(file) => file.commit(),
            Output::Stdout(_) => Ok(()),
        }
    }

    /// The failure of a write: for a file, naming it (dropping the output then removes what was
    /// written and leaves the old file as it was).
    fn failure(&self, error: io::Error) -> Failure {
        match self {
            Output::File(file) => file.error(&error).into(),
            Output::Stdout(_) => error.into(),
        }
    }
}

/// A batch run: where its rows go, in which format, on how many threads, and the flag that
/// stops it.
struct Run<'a> {
    output: Output,
    format: RowFormat,
    threads: usize,
    stop: &'a AtomicBool,
}

impl Run<'_> {
    /// Streams the entries through `solve` into the output, with a progress line when standard
    /// error is a terminal, and says how it went. The output is put in place when the stream
    /// ends, is interrupted or cannot read on; a failed write leaves the old file as it was.
    fn stream<S: SolveReport>(
        mut self,
        entries: Stream<S::Puzzle>,
        solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S> + Sync,
    ) -> CommandResult
    where
        S::Puzzle: Send,
    {
        let start = Instant::now();
        let mut summary = Summary::default();
        let result = self.rows(entries, solve, &mut summary);
        let line = summary.line(start.elapsed());
        match result {
            Ok(()) => {
                self.output.finish()?;
                tell!("{line}");
                Ok(exit_code(summary.all_ok()))
            }
            Err(Stopped::Interrupted) => {
                self.output.finish()?;
                tell!("interrupted after {line}");
                Ok(ExitCode::from(INTERRUPTED))
            }
            Err(Stopped::Read(error)) => {
                self.output.finish()?;
                tell!("stopped after {line}");
                Err(error.into())
            }
            Err(Stopped::Write(error)) => Err(self.output.failure(error)),
        }
    }

    /// Writes the header and the rows of `entries`, counted in `summary`.
    fn rows<S: SolveReport>(
        &mut self,
        entries: Stream<S::Puzzle>,
        solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S> + Sync,
        summary: &mut Summary,
    ) -> Result<(), Stopped>
    where
        S::Puzzle: Send,
    {
        let header = batch::header::<S>();
        let mut writer =
            RowWriter::new(&mut self.output, self.format, &header).map_err(Stopped::Write)?;
        let bar = progress_bar();
        let write = |row: Row| {
            writer.write(&row)?;
            summary.add(&row);
            bar.inc(1);
            Ok(())
        };
        let window = WINDOW_PER_THREAD * self.threads;
        let result = batch::stream(entries, solve, self.threads, window, self.stop, write);
        bar.finish_and_clear();
        result
    }
}

/// How many threads solve: `jobs`, or as many as the machine runs at once (or
/// `RAYON_NUM_THREADS` says, as for the generator).
fn threads(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(rayon::current_num_threads).max(1)
}

/// A flag that SIGINT, SIGTERM and SIGHUP (the terminal closed) set, so that the run stops after
/// writing what is finished and puts the output in place; a second signal ends the process at
/// once.
fn interrupt_flag() -> io::Result<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::flag;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM, SIGHUP] {
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
