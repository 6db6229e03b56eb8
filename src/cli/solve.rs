//! `gridlogic solve`: each puzzle solved by logic; a summary and the grid, one line, or a JSON
//! document; the annotated workbook.

use super::args::{PuzzleArgs, WorkbookArgs};
use super::{CommandResult, exit_code, stdout};
use clap::ValueEnum;
use gridlogic::read::Puzzles;
use gridlogic::report::{self, SolveReport, StepReport, json, verdict};
use gridlogic::shikaku;
use gridlogic::write::{self, Targets, html, sudoku::BookOptions, xlsx};
use std::io::{self, Write};
use std::path::Path;

/// Options of `solve`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
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
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Line,
    Json,
    /// Shikaku only: the datasets' .sol layout, each cell the number of its rectangle.
    Sol,
}

pub fn run(args: &Args) -> CommandResult {
    let book = &args.workbook;
    // An output that may not be written is said after the answer, which it never blocks.
    let targets = book.targets(&args.puzzle.input.file);
    let source = file_name(&args.puzzle.input.file);
    let puzzles = args.puzzle.input.read()?;
    if targets.as_ref().map_or(true, Targets::any) && puzzles.len() != 1 {
        return Err(gridlogic::Error::Usage(format!(
            "the input holds {} puzzles and a workbook or step viewer shows one; use batch for \
             collections, or --no-workbook",
            puzzles.len()
        ))
        .into());
    }
    match puzzles {
        Puzzles::Sudoku(_) if args.format == Format::Sol => {
            let message = "--format sol is for Shikaku puzzles";
            Err(gridlogic::Error::Usage(message.into()).into())
        }
        Puzzles::Sudoku(puzzles) => {
            let solves = args.puzzle.solve_sudoku(&puzzles)?;
            let step_sheets = book.step_sheets.unwrap_or(0);
            let writers = Writers {
                book: &|solve, path| {
                    let options = BookOptions {
                        step_sheets,
                        ..BookOptions::new(source.as_str())
                    };
                    xlsx::save(&write::sudoku::book(solve, &options), path)
                },
                page: &|solve| html::sudoku(solve, &source),
            };
            report(args, &solves, targets, None, writers)
        }
        Puzzles::Shikaku(puzzles) => {
            let solves = args.puzzle.solve_shikaku(&puzzles)?;
            let sol = Some(shikaku::report::sol_text as fn(&shikaku::Solve) -> String);
            let writers = Writers {
                book: &|solve, path| xlsx::save(&write::shikaku::book(solve, &source), path),
                page: &|solve| html::shikaku(solve, &source),
            };
            report(args, &solves, targets, sol, writers)
        }
    }
}

/// How the outputs of a solve are made: the workbook saved at a path, the page as text.
struct Writers<'a, S> {
    book: &'a dyn Fn(&S, &Path) -> Result<(), gridlogic::Error>,
    page: &'a dyn Fn(&S) -> String,
}

/// Prints the solves in the format asked for (`sol` writes the `.sol` layout of kinds that have
/// one), then writes the workbook and the page of a single solve to `targets`, or says why they
/// may not be written.
fn report<S: SolveReport>(
    args: &Args,
    solves: &[S],
    targets: Result<Targets, gridlogic::Error>,
    sol: Option<fn(&S) -> String>,
    writers: Writers<S>,
) -> CommandResult {
    let mut out = stdout();
    let mut all_ok = true;
    for solve in solves {
        let sound = !args.verify || is_sound(solve);
        let accepted = solve.is_solved() && (solve.is_unique() || args.random);
        all_ok &= sound && accepted;
        match (args.format, sol) {
            (Format::Sol, Some(sol)) if accepted => write!(out, "{}", sol(solve))?,
            (format, _) => print_solve(&mut out, solve, format, accepted)?,
        }
    }
    if args.format == Format::Json {
        let documents: Vec<_> = solves.iter().map(json::document).collect();
        writeln!(
            out,
            "{}",
            json::to_string(&documents).map_err(io::Error::other)?
        )?;
    }
    out.flush()?;
    let targets = targets?;
    if let [solve] = solves {
        if let Some(path) = &targets.workbook {
            (writers.book)(solve, path)?;
            eprintln!("wrote {}", path.display());
        }
        if let Some(path) = &targets.page {
            write::write_atomically(path, (writers.page)(solve).as_bytes())?;
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(exit_code(all_ok))
}

/// Whether every step agrees with the unique solution; the first that does not is said.
fn is_sound(solve: &impl SolveReport) -> bool {
    let Some(index) = solve.first_wrong_step() else {
        return true;
    };
    let explanation = solve.steps()[index].explanation().render(&solve.names());
    eprintln!(
        "error: {}: step {} is wrong: {explanation}",
        solve.summary(),
        index + 1
    );
    false
}

/// One solve in a text format (JSON documents are printed together).
fn print_solve(
    out: &mut impl Write,
    solve: &impl SolveReport,
    format: Format,
    accepted: bool,
) -> io::Result<()> {
    match format {
        Format::Text => write!(out, "{}", report::text::solve(solve)),
        Format::Line | Format::Sol if !accepted => {
            eprintln!("{}: {}", solve.summary(), verdict(solve));
            writeln!(out)
        }
        Format::Line | Format::Sol => {
            writeln!(out, "{}", solve.solution_line().unwrap_or_default())
        }
        Format::Json => Ok(()),
    }
}

/// The last part of `path`, for summaries.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}
