//! The commands, their options, and the one place where a command's result becomes an exit
//! code: 0 ok, 1 a puzzle verdict that is not "solved, unique" (or no generated puzzle), 2 bad
//! input or usage. Everything the commands print goes through [`stdout`] and [`tell!`], which
//! show the control characters an input may carry escaped
//! ([`gridlogic::report::terminal`]).

/// Prints a line on standard error as `eprintln!` does, its control characters escaped (see
/// [`gridlogic::report::terminal`]); a standard error that cannot be written (a closed terminal) is not a failure.
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::cli::tell(format_args!($($arg)*))
    };
}

mod args;
mod batch;
mod check;
mod explain;
mod generate;
mod hint;
mod print;
mod reglib;
mod solve;

use clap::{Parser, Subcommand};
use gridlogic::read::collection::{Id, Invalid};
use gridlogic::report::json;
use gridlogic::report::terminal::Escaping;
use serde::Serialize;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Solve and check logic puzzles kept in spreadsheets, CSV and text files, and explain every step.
#[derive(Parser)]
#[command(name = "gridlogic", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read and validate a puzzle; report its size, layout, givens and number of solutions.
    ///
    /// Exit code 0: exactly one solution; 1: no solution or several; 2: bad input or usage.
    Check(check::Args),
    /// Solve by logic, simplest technique first; print a summary and the grid.
    ///
    /// Exit code 0: solved; 1: no solution, several (without --random), or stuck; 2: bad input.
    Solve(solve::Args),
    /// Print the numbered step log of a logical solve.
    Explain(explain::Args),
    /// Run a HoDoKu regression library file: one line per failing case, then the totals.
    ///
    /// Exit code 0: no case failed; 1: some failed; 2: the file cannot be read.
    Reglib(reglib::Args),
    /// Generate puzzles with exactly one solution, rated at the level asked for.
    ///
    /// Writes one puzzle per line with a comment line each (level, score, hardest step) to standard
    /// output or a .txt file, a CSV grid, a printable .xlsx with hidden answer sheets, or a PDF
    /// booklet with the solutions at the back.
    /// Exit code 0: generated; 1: no puzzle met the request within --attempts; 2: bad usage.
    Generate(generate::Args),
    /// Solve a file of puzzles on all cores and write one CSV row per puzzle.
    Batch(batch::Args),
    /// Print the puzzles of a file (a collection, a workbook, any input gridlogic reads) as a
    /// PDF booklet: 1, 2, 4 or 6 a page, each with its number and level, the solutions at the
    /// back.
    ///
    /// Exit code 0: every puzzle has exactly one solution; 1: some entry is not a puzzle or has
    /// none or several (printed all the same, said on standard error); 2: bad input or usage.
    Print(print::Args),
    /// The next step from your own state: a puzzle with some cells filled, a pencil-mark grid or
    /// a HoDoKu library line, checked against the solution first.
    ///
    /// Exit code 0: a hint (or the grid is solved); 1: mistakes, no solution, or several
    /// solutions; 2: bad input or usage.
    #[command(mut_arg("sheet", |arg| arg.help(args::HINT_SHEET_HELP)))]
    Hint(hint::Args),
}

/// Runs the command and turns its result into the exit code.
pub fn run(cli: Cli) -> ExitCode {
    let (input, result) = match &cli.command {
        Command::Check(args) => (Some(&args.input.file), check::run(args)),
        Command::Solve(args) => (Some(&args.puzzle.input.file), solve::run(args)),
        Command::Explain(args) => (Some(&args.puzzle.input.file), explain::run(args)),
        Command::Batch(args) => (Some(&args.puzzle.input.file), batch::run(args)),
        Command::Print(args) => (Some(&args.input.file), print::run(args)),
        Command::Hint(args) => (Some(&args.puzzle.input.file), hint::run(args)),
        Command::Reglib(args) => (Some(&args.file), reglib::run(args)),
        Command::Generate(args) => (None, generate::run(args)),
    };
    finish(input, result)
}

/// Why a command stopped: bad input or usage, or a failure to write its output.
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

/// What a command returns: its exit code, or why it stopped.
type CommandResult = Result<ExitCode, Failure>;

/// The exit code of a command's result, after printing its error. Errors about the input are
/// prefixed with the input file; a generator that found no puzzle exits 1, other failures 2; a
/// closed pipe (`| head`) is not a failure.
fn finish(input: Option<&PathBuf>, result: CommandResult) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            let reason = gridlogic::io_reason(&e, gridlogic::Access::Write);
            tell!("error: writing output: {reason}");
            ExitCode::from(2)
        }
        Err(Failure::Input(
            error @ (gridlogic::Error::NotGenerated { .. } | gridlogic::Error::OutOfTime { .. }),
        )) => {
            tell!("error: {error}");
            ExitCode::from(1)
        }
        Err(Failure::Input(error)) => {
            // The file's name once: before the message, unless the message names it.
            let text = error.to_string();
            let named = |file: &PathBuf| {
                let name = file.file_name().unwrap_or_default().to_string_lossy();
                text.contains(&*name)
            };
            match (input, &error) {
                (Some(file), e) if !matches!(e, gridlogic::Error::Write { .. }) && !named(file) => {
                    tell!("error: {}: {text}", file.display())
                }
                _ => tell!("error: {text}"),
            }
            ExitCode::from(2)
        }
    }
}

/// 0 when every puzzle came out as it should, else 1.
fn exit_code(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Buffered standard output, control characters escaped.
fn stdout() -> io::BufWriter<Escaping<io::StdoutLock<'static>>> {
    io::BufWriter::new(Escaping::new(io::stdout().lock()))
}

/// Writes a line on standard error, control characters escaped (see [`tell!`]).
fn tell(line: std::fmt::Arguments) {
    let mut err = Escaping::new(io::stderr().lock());
    let _ = writeln!(err, "{line}").and_then(|()| err.flush());
}

/// Prints `text` and flushes.
fn print(text: &str) -> io::Result<()> {
    let mut out = stdout();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The line that tells of an entry that holds no puzzle: `line 3: invalid: the puzzle has 80
/// cells, …`, or for a sheet that holds no grid `sheet Notes: no puzzle: no cell holds …`.
fn invalid_line(id: &Id, invalid: &Invalid) -> String {
    let place = match id {
        Id::Number(line) => format!("line {line}"),
        Id::Named(name) => format!("id {name}"),
        Id::Sheet { .. } => format!("sheet {id}"),
    };
    let what = match invalid.holds_no_puzzle() {
        true => "no puzzle",
        false => "invalid",
    };
    format!("{place}: {what}: {}", json::reason(&invalid.error))
}

/// JSON documents written as they come: one object for one document and an array for several
/// (`--format json`), or one compact document per line (`--format jsonl`).
struct Documents<W: Write> {
    out: W,
    lines: bool,
    first: Option<String>,
    count: usize,
}

impl<W: Write> Documents<W> {
    /// Documents to `out`, one per line with `lines`.
    fn new(out: W, lines: bool) -> Documents<W> {
        Documents {
            out,
            lines,
            first: None,
            count: 0,
        }
    }

    /// Writes a document (the first one of `json` waits to see whether another follows).
    fn push(&mut self, document: &impl Serialize) -> io::Result<()> {
        self.count += 1;
        if self.lines {
            serde_json::to_writer(&mut self.out, document)?;
            return self.out.write_all(b"\n");
        }
        let text = serde_json::to_string_pretty(document)?;
        match self.first.take() {
            None if self.count == 1 => self.first = Some(text),
            Some(first) => write!(self.out, "[\n{first},\n{text}")?,
            None => write!(self.out, ",\n{text}")?,
        }
        Ok(())
    }

    /// Closes the array of `json`, or writes its one document; flushes.
    fn finish(mut self) -> io::Result<W> {
        if !self.lines {
            match (self.first.take(), self.count) {
                (Some(first), _) => writeln!(self.out, "{first}")?,
                (None, 0) => writeln!(self.out, "[]")?,
                (None, _) => writeln!(self.out, "\n]")?,
            }
        }
        self.out.flush()?;
        Ok(self.out)
    }
}
