//! `gridlogic solve`: each puzzle solved by logic; a summary and the grid, one line, or a JSON
//! document; the annotated workbook.

use super::args::{PuzzleArgs, RatingArgs, WorkbookArgs};
use super::{CommandResult, exit_code, stdout};
use clap::ValueEnum;
use gridlogic::read::Puzzles;
use gridlogic::report::{self, SolveReport, StepReport, json, verdict};
use gridlogic::shikaku;
use gridlogic::write::{self, sudoku::BookOptions, xlsx};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
    #[command(flatten)]
    rating: RatingArgs,
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
    // A workbook that may not be written is said after the answer, which it never blocks.
    let target = write::workbook_target(
        &args.puzzle.input.file,
        book.output.as_deref(),
        book.no_workbook,
        book.force,
    );
    let source = file_name(&args.puzzle.input.file);
    let puzzles = args.puzzle.input.read()?;
    if !matches!(target, Ok(None)) && puzzles.len() != 1 {
        return Err(gridlogic::Error::Usage(format!(
            "the input holds {} puzzles and a workbook shows one; use batch for collections, \
             or --no-workbook",
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
            args.rating.check(&puzzles)?;
            let solves = args.rating.rate(args.puzzle.solve_sudoku(&puzzles)?);
            let step_sheets = book.step_sheets.unwrap_or(0);
            report(args, &solves, target, None, |solve, path| {
                let options = BookOptions {
                    step_sheets,
                    ..BookOptions::new(source.as_str())
                };
                xlsx::save(&write::sudoku::book(solve, &options), path)
            })
        }
        Puzzles::Shikaku(puzzles) => {
            let solves = args.puzzle.solve_shikaku(&puzzles)?;
            let sol = Some(shikaku::report::sol_text as fn(&shikaku::Solve) -> String);
            report(args, &solves, target, sol, |solve, path| {
                xlsx::save(&write::shikaku::book(solve, &source), path)
            })
        }
    }
}

/// Prints the solves in the format asked for (`sol` writes the `.sol` layout of kinds that have
/// one), then writes the workbook of a single solve to `target` with `save`, or says why it may
/// not.
fn report<S: SolveReport>(
    args: &Args,
    solves: &[S],
    target: Result<Option<PathBuf>, gridlogic::Error>,
    sol: Option<fn(&S) -> String>,
    save: impl Fn(&S, &Path) -> Result<(), gridlogic::Error>,
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
    if let (Some(path), [solve]) = (target?, solves) {
        save(solve, &path)?;
        eprintln!("wrote {}", path.display());
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
