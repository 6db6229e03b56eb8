//! `gridlogic explain`: the numbered step log of each puzzle's logical solve, or the instances
//! of one technique in a starting state.

use super::args::{Format, PuzzleArgs, RatingArgs};
use super::{CommandResult, Documents, exit_code, invalid_line, stdout};
use gridlogic::core::{State, Step};
use gridlogic::model::Names;
use gridlogic::read::{
    self,
    collection::{Entries, Stream},
};
use gridlogic::report::rated::RatedSolve;
use gridlogic::report::{self, SolveReport, json};
use gridlogic::{engine, render, shikaku, techniques};
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
    /// Output: the numbered log, a JSON document with every step (as `solve --format json`; an
    /// array for several puzzles), or JSON Lines.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// With --rating se, the log is Sudoku Explainer's own solve path and its rating.
    #[command(flatten)]
    rating: RatingArgs,
}

pub fn run(args: &Args) -> CommandResult {
    if let Some(name) = &args.technique {
        return list_technique(args, name);
    }
    let settings = args.puzzle.settings();
    match args.puzzle.input.entries()? {
        Entries::Sudoku(entries) => {
            let log = |solve: &RatedSolve| match args.rating.se() {
                true => format!("{}\n{}", solve.summary(), solve.se_log()),
                false => report::text::explain(solve, args.grids, args.full),
            };
            let options = engine::OptionsBySize::new(&settings);
            explain(args, entries, |p| args.rating.solve(p, &options), log)
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            let log = |solve: &shikaku::Solve| report::text::explain(solve, args.grids, args.full);
            explain(args, entries, |p| Ok(shikaku::solve(p, &options)), log)
        }
    }
}

/// Each entry's log (`log` of its solve) as it is solved, or its JSON document.
fn explain<S: SolveReport>(
    args: &Args,
    entries: Stream<S::Puzzle>,
    solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S>,
    log: impl Fn(&S) -> String,
) -> CommandResult {
    let mut out = stdout();
    let json = args.format != Format::Text;
    let mut documents = json.then(|| Documents::new(stdout(), args.format == Format::Jsonl));
    let mut all_ok = true;
    for entry in entries {
        let entry = entry?;
        let Ok(puzzle) = &entry.puzzle else {
            all_ok = false;
            if let Err(invalid) = &entry.puzzle {
                match &mut documents {
                    Some(documents) => {
                        documents.push(&json::invalid_document(invalid, &entry.id))?
                    }
                    None => writeln!(out, "{}", invalid_line(&entry.id, invalid))?,
                }
            }
            continue;
        };
        let solve = solve(puzzle)?;
        all_ok &= solve.is_solved() && solve.is_unique();
        match &mut documents {
            Some(documents) => documents.push(&json::document(&solve, &entry.id))?,
            None => write!(out, "{}", log(&solve))?,
        }
    }
    if let Some(documents) = documents {
        documents.finish()?;
    }
    out.flush()?;
    Ok(exit_code(all_ok))
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
