//! `gridlogic batch`: a file of puzzles solved on all cores, one CSV row each.

use super::args::{PuzzleArgs, RatingArgs};
use super::{CommandResult, exit_code};
use gridlogic::batch::{solve_all, write_csv};
use gridlogic::read::Puzzles;
use gridlogic::report::rated::RatedSolve;
use gridlogic::{engine, shikaku, write};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// Options of `batch`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Where to write the CSV (standard output by default). Never the input file.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    rating: RatingArgs,
}

pub fn run(args: &Args) -> CommandResult {
    if let Some(output) = &args.output
        && write::same_file(output, &args.puzzle.input.file)
    {
        let message = "the output file must not be the input file";
        return Err(gridlogic::Error::Usage(message.into()).into());
    }
    let progress = io::stderr().is_terminal();
    let rows = match args.puzzle.input.read()? {
        Puzzles::Sudoku(puzzles) => {
            let Some(first) = puzzles.first() else {
                return Ok(exit_code(true));
            };
            args.rating.check(&puzzles)?;
            let options = args.puzzle.engine.options(first.size())?;
            let se = args.rating.se();
            let solve = |p: &_| RatedSolve::new(engine::solve(p, &options), se);
            solve_all(&puzzles, solve, progress)
        }
        Puzzles::Shikaku(puzzles) => {
            let options = args.puzzle.engine.shikaku()?;
            solve_all(&puzzles, |p| shikaku::solve(p, &options), progress)
        }
    };
    let sink: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(io::stdout().lock()),
    };
    Ok(exit_code(write_csv(&rows, sink)?))
}
