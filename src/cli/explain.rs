//! `gridlogic explain`: the numbered step log of each puzzle's logical solve, or the instances
//! of one technique in a starting state.

use super::args::{PuzzleArgs, RatingArgs};
use super::{CommandResult, exit_code, print, stdout};
use gridlogic::core::{State, Step};
use gridlogic::model::Names;
use gridlogic::read::{self, Puzzles};
use gridlogic::report::{self, SolveReport};
use gridlogic::{engine, render, techniques};
use std::io::Write;
use std::process::ExitCode;

/// Options of `explain`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Print the candidate grid before each step.
    #[arg(long)]
    grids: bool,
    /// Print every implication of forcing chains and nets, with its reason, under their step.
    #[arg(long)]
    full: bool,
    /// List the instances of one technique in the starting state instead of solving.
    #[arg(long, value_name = "NAME")]
    technique: Option<String>,
    /// With --technique: every instance, not just the first.
    #[arg(long, requires = "technique")]
    all: bool,
    #[command(flatten)]
    rating: RatingArgs,
}

pub fn run(args: &Args) -> CommandResult {
    if let Some(name) = &args.technique {
        return list_technique(args, name);
    }
    match args.puzzle.input.read()? {
        Puzzles::Sudoku(puzzles) if args.rating.se() => {
            args.rating.check(&puzzles)?;
            let solves = args.rating.rate(args.puzzle.solve_sudoku(&puzzles)?);
            let text: String = solves
                .iter()
                .map(|s| format!("{}\n{}", s.summary(), s.se_log()))
                .collect();
            print(&text)?;
            Ok(exit_code(solves.iter().all(|s| s.is_solved())))
        }
        Puzzles::Sudoku(puzzles) => {
            let solves = args.puzzle.solve_sudoku(&puzzles)?;
            explain(&solves, args.grids, args.full)
        }
        Puzzles::Shikaku(puzzles) => {
            let solves = args.puzzle.solve_shikaku(&puzzles)?;
            explain(&solves, args.grids, args.full)
        }
    }
}

/// Each solve's log (with the grid before each step with `grids`, nets in full with `full`).
fn explain(solves: &[impl SolveReport], grids: bool, full: bool) -> CommandResult {
    let text: String = solves
        .iter()
        .map(|s| report::text::explain(s, grids, full))
        .collect();
    print(&text)?;
    Ok(exit_code(solves.iter().all(|s| s.is_solved())))
}

/// Lists the instances of one technique in each starting state of the file (a puzzle, a
/// pencil-mark grid or a HoDoKu library line).
fn list_technique(args: &Args, name: &str) -> CommandResult {
    let mut out = stdout();
    for marks in read::read_marks(&args.puzzle.input.file, &args.puzzle.input.options())? {
        let symbols = marks.symbols.clone();
        let state = State::from_marks(marks);
        let unique = engine::has_unique_solution(&state);
        let options = args.puzzle.engine.options(state.size())?;
        let state = state.assuming_unique(unique).with_limits(options.limits);
        let chosen = options.named(&[name], state.size())?;
        let steps: Vec<Step> = chosen
            .iter()
            .flat_map(|&t| match args.all {
                true => techniques::find_all(t, &state),
                false => techniques::find_first(t, &state).into_iter().collect(),
            })
            .collect();
        if args.grids {
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
