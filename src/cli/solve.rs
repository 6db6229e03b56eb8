//! `gridlogic solve`: each puzzle solved by logic; a summary and the grid, one line, or a JSON
//! document; the annotated workbook.

use super::args::{PuzzleArgs, RatingArgs, WorkbookArgs};
use super::{CommandResult, Documents, exit_code, invalid_line, stdout};
use clap::ValueEnum;
use gridlogic::model::Puzzle;
use gridlogic::read::collection::{Entries, Id, Stream};
use gridlogic::report::{self, SolveReport, StepReport, json, verdict};
use gridlogic::shikaku;
use gridlogic::write::{self, Book, Targets, html, sudoku::BookOptions, xlsx};
use std::io::{self, Write};
use std::path::Path;

/// Options of `solve`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Output: summary and grid, one line of symbols, a JSON document with every step (an array
    /// for several puzzles), or JSON Lines.
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
    /// One JSON document per line (JSON Lines), for collections.
    Jsonl,
    /// Shikaku only: the datasets' .sol layout, each cell the number of its rectangle.
    Sol,
}

pub fn run(args: &Args) -> CommandResult {
    let book = &args.workbook;
    // An output that may not be written is said after the answer, which it never blocks.
    let targets = book.targets(&args.puzzle.input);
    let source = file_name(&args.puzzle.input.file);
    let settings = args.puzzle.settings();
    match args.puzzle.input.entries()? {
        Entries::Sudoku(_) if args.format == Format::Sol => {
            let message = "--format sol is for Shikaku puzzles";
            Err(gridlogic::Error::Usage(message.into()).into())
        }
        Entries::Sudoku(entries) => {
            let step_sheets = book.step_sheets.unwrap_or(0);
            let options = gridlogic::engine::OptionsBySize::new(&settings);
            let solve = |p: &Puzzle| args.rating.ratings().solve(p, &options);
            let writers = Writers {
                book: &|solve| {
                    let options = BookOptions {
                        step_sheets,
                        ..BookOptions::new(source.as_str())
                    };
                    write::sudoku::book(solve, &options)
                },
                page: &|solve| html::sudoku(solve, &source),
            };
            report(args, entries, solve, targets, None, writers)
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            let solve = |p: &shikaku::Shikaku| Ok(shikaku::solve(p, &options));
            let sol = Some(shikaku::report::sol_text as fn(&shikaku::Solve) -> String);
            let writers = Writers {
                book: &|solve| write::shikaku::book(solve, &source),
                page: &|solve| html::shikaku(solve, &source),
            };
            report(args, entries, solve, targets, sol, writers)
        }
    }
}

/// How the outputs of a solve are made: the workbook, the page as text.
struct Writers<'a, S> {
    book: &'a dyn Fn(&S) -> Book,
    page: &'a dyn Fn(&S) -> String,
}

/// Solves each entry with `solve` and prints it in the format asked for as it goes (`sol`
/// writes the `.sol` layout of kinds that have one), then writes the workbook and the page of a
/// single solve to `targets`, or says why they may not be written. The puzzles of a workbook's
/// sheets share one workbook, their sheets named after the puzzle sheets.
fn report<S: SolveReport>(
    args: &Args,
    entries: Stream<S::Puzzle>,
    solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S>,
    targets: Result<Targets, gridlogic::Error>,
    sol: Option<fn(&S) -> String>,
    writers: Writers<S>,
) -> CommandResult {
    let wants_output = targets.as_ref().map_or(true, Targets::any);
    let mut entries = entries.peekable();
    let first = entries.next();
    if wants_output && entries.peek().is_some() {
        let sheets = matches!(&first, Some(Ok(entry)) if matches!(entry.id, Id::Sheet { .. }));
        let page = targets.as_ref().is_ok_and(|t| t.page.is_some());
        if !sheets || page {
            return Err(one_puzzle_only(1 + entries.count(), sheets).into());
        }
    }
    let mut out = stdout();
    let json = matches!(args.format, Format::Json | Format::Jsonl);
    let mut documents = json.then(|| Documents::new(stdout(), args.format == Format::Jsonl));
    let mut all_ok = true;
    let mut kept = Vec::new();
    for entry in first.into_iter().chain(entries) {
        let entry = entry?;
        let puzzle = match &entry.puzzle {
            Ok(puzzle) => puzzle,
            Err(invalid) => {
                all_ok &= invalid.holds_no_puzzle();
                match (&mut documents, args.format) {
                    (Some(documents), _) => {
                        documents.push(&json::invalid_document(invalid, &entry.id))?
                    }
                    (None, Format::Text) => writeln!(out, "{}", invalid_line(&entry.id, invalid))?,
                    (None, _) => {
                        tell!("{}", invalid_line(&entry.id, invalid));
                        writeln!(out)?
                    }
                }
                continue;
            }
        };
        let solve = solve(puzzle)?;
        let sound = !args.verify || is_sound(&solve);
        let accepted = solve.is_solved() && (solve.is_unique() || args.random);
        all_ok &= sound && accepted;
        match (&mut documents, args.format, sol) {
            (Some(documents), _, _) => documents.push(&json::document(&solve, &entry.id))?,
            (None, Format::Sol, Some(sol)) if accepted => write!(out, "{}", sol(&solve))?,
            (None, format, _) => print_solve(&mut out, &solve, format, accepted)?,
        }
        if wants_output {
            kept.push((entry.id, solve));
        }
    }
    if let Some(documents) = documents {
        documents.finish()?;
    }
    out.flush()?;
    let targets = targets?;
    if let Some(target) = &targets.workbook
        && !kept.is_empty()
    {
        xlsx::save(&workbook(&kept, writers.book), target)?;
        tell!("wrote {}", target.path.display());
    }
    if let (Some(target), [(_, solve)]) = (&targets.page, kept.as_slice()) {
        write::write_atomically(target, (writers.page)(solve).as_bytes())?;
        tell!("wrote {}", target.path.display());
    }
    Ok(exit_code(all_ok))
}

/// Why a workbook or page cannot show the `count` puzzles of an input (`sheets`: a workbook's).
fn one_puzzle_only(count: usize, sheets: bool) -> gridlogic::Error {
    gridlogic::Error::Usage(match sheets {
        true => format!(
            "the workbook holds {count} puzzles and a step viewer shows one; pick one with --sheet"
        ),
        false => format!(
            "the input holds {count} puzzles and a workbook or step viewer shows one; use batch \
             for collections, or --no-workbook"
        ),
    })
}

/// The workbook of the solves `kept`: one puzzle's sheets, or, for the puzzles of several
/// sheets, each one's sheets named after its sheet (`Mon Solution`, …).
fn workbook<S>(kept: &[(Id, S)], book: &dyn Fn(&S) -> Book) -> Book {
    if let [(_, solve)] = kept {
        return book(solve);
    }
    let label = |id: &Id| match id {
        Id::Sheet { sheet, .. } => sheet.clone(),
        other => other.to_string(),
    };
    Book::merged(kept.iter().map(|(id, s)| (label(id), book(s))).collect())
}

/// Whether every step agrees with the unique solution; the first that does not is said.
fn is_sound(solve: &impl SolveReport) -> bool {
    let Some(index) = solve.first_wrong_step() else {
        return true;
    };
    let explanation = solve.steps()[index].explanation().render(&solve.names());
    tell!(
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
            tell!("{}: {}", solve.summary(), verdict(solve));
            writeln!(out)
        }
        Format::Line | Format::Sol => {
            writeln!(out, "{}", solve.solution_line().unwrap_or_default())
        }
        Format::Json | Format::Jsonl => Ok(()),
    }
}

/// The last part of `path`, for summaries.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}
