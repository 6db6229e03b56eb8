//! `gridlogic explain`: the numbered step log of each puzzle's logical solve, or the instances
//! of one technique in a starting state.

use super::args::{Format, PuzzleArgs, RatingArgs, whole};
use super::{CommandResult, Documents, exit_code, invalid_line, stdout};
use gridlogic::Error;
use gridlogic::core::{State, Step, Technique};
use gridlogic::model::{Marks, Names, Puzzle};
use gridlogic::read::{
    self, States,
    collection::{Entries, Stream},
};
use gridlogic::report::json::{self, AvailableDocument};
use gridlogic::report::rated::{RatedSolve, Ratings};
use gridlogic::report::{self, SolveReport, numbered_step, words, words_lines};
use gridlogic::shikaku::read::Placed;
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
    /// Print every implication of forcing chains and nets, with its reason, under their step,
    /// and every step in plain words (as --words).
    #[arg(long)]
    full: bool,
    /// Print every step in plain words under its line, a sentence a line (a chain's links one
    /// by one), then `see:` the technique guide's page on it.
    #[arg(long)]
    words: bool,
    /// List the instances of one technique (a name, short name, code or family) in the starting
    /// state instead of solving; `all`: every instance of every technique, by technique,
    /// simplest first.
    #[arg(long, value_name = "NAME|all")]
    technique: Option<String>,
    /// With --technique: every instance, not just the first.
    #[arg(long, requires = "technique")]
    all: bool,
    /// Start from the state after the solve's first N steps (0: the starting state): with
    /// --technique, list from there; alone, print that state's candidate grid and the steps
    /// after it, numbered on from N+1.
    #[arg(long, value_name = "N", value_parser = whole::<usize>)]
    at_step: Option<usize>,
    /// Output: the numbered log, a JSON document with every step (as `solve --format json`; an
    /// array for several puzzles), or JSON Lines.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// With --rating se, the log is Sudoku Explainer's own solve path and its rating.
    #[command(flatten)]
    rating: RatingArgs,
}

impl Args {
    /// Whether the steps are told in words too: with --words or --full.
    fn worded(&self) -> bool {
        self.words || self.full
    }
}

pub fn run(args: &Args) -> CommandResult {
    if args.technique.is_some() || args.at_step.is_some() {
        let input = &args.puzzle.input;
        let mut notes = Vec::new();
        let states = read::read_states(&input.file, &input.options(), input.kind(), &mut notes);
        notes.iter().for_each(|note| tell!("{note}"));
        return match states? {
            States::Sudoku(marks) => list_steps(args, marks),
            States::Shikaku(placed) => shikaku_at_step(args, placed),
        };
    }
    let settings = args.puzzle.settings();
    match args.puzzle.input.entries()? {
        Entries::Sudoku(entries) => {
            let log = |solve: &RatedSolve| match (args.rating.se(), args.rating.hodoku()) {
                (true, _) => format!("{}\n{}", solve.summary(), solve.se_log()),
                (_, true) => format!("{}\n{}", solve.summary(), solve.hodoku_log()),
                _ => report::text::explain(solve, args.grids, args.full, args.worded()),
            };
            let options = engine::OptionsBySize::new(&settings);
            let solve = |p: &_| args.rating.ratings().solve(p, &options);
            explain(args, entries, solve, log)
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            let log = |solve: &shikaku::Solve| {
                report::text::explain(solve, args.grids, args.full, args.worded())
            };
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
            if let Err(invalid) = &entry.puzzle {
                all_ok &= invalid.holds_no_puzzle();
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

/// The steps of the solve that starts from `start`, a state of `puzzle`: the solve `solve`
/// and `explain` show (HoDoKu's path where the rating follows it) when `start` is the puzzle's
/// own starting grid, and the engine's from any other state (a person's pencil marks).
fn the_solve(
    args: &Args,
    puzzle: &Puzzle,
    start: &State,
    options: &engine::Options,
) -> gridlogic::Result<Vec<Step>> {
    let own_start = State::from_puzzle(puzzle).search_candidates() == start.search_candidates();
    if !own_start {
        return Ok(engine::state_after(start, options, usize::MAX).1);
    }
    let settings = args.puzzle.settings();
    let by_size = engine::OptionsBySize::new(&settings);
    // Sudoku Explainer's rating changes nothing in the steps.
    let ratings = match args.rating.ratings() {
        Ratings::SudokuExplainer => Ratings::default(),
        ratings => ratings,
    };
    let solve: RatedSolve = ratings.solve(puzzle, &by_size)?;
    Ok(solve.solve.steps)
}

/// With `--at-step N` alone on a Shikaku: the state after the solve's first N steps, as text
/// `gridlogic hint` reads (the rectangles placed so far), then the steps after it.
fn shikaku_at_step(args: &Args, states: Vec<Placed>) -> CommandResult {
    if args.technique.is_some() || args.format != Format::Text {
        let message = "--technique and --format apply to Sudoku states; for a Shikaku, \
                       --at-step N alone prints the state after N steps and the steps after it";
        return Err(Error::Usage(message.into()).into());
    }
    let options = shikaku::Options::of(&args.puzzle.settings())?;
    let at = args.at_step.unwrap_or(0);
    let mut out = stdout();
    for (index, placed) in states.iter().enumerate() {
        let solve = shikaku::solve(&placed.puzzle, &options);
        if solve.steps.len() < at {
            let steps = solve.steps.len();
            let message = format!(
                "--at-step {at}: the solve of entry {} has only {steps} steps",
                index + 1
            );
            return Err(Error::Usage(message).into());
        }
        let mut rects = vec![None; placed.puzzle.clues().len()];
        for step in &solve.steps[..at] {
            if let Some(rect) = step.placed {
                rects[step.clue] = Some(rect);
            }
        }
        let rects: Vec<_> = rects.into_iter().flatten().collect();
        let state = shikaku::report::state_text(&placed.puzzle, &rects);
        write!(out, "after step {at}:\n{state}\n")?;
        let names = placed.puzzle.names();
        let width = solve.steps.len().to_string().len();
        for (i, step) in solve.steps.iter().enumerate().skip(at) {
            let number = format!("{:>width$}", i + 1);
            write!(
                out,
                "{}",
                numbered_step(step, &number, &names, args.full, width + 2)
            )?;
            if args.worded() {
                let words = words::shikaku_words(step, &placed.puzzle);
                let guide = words::shikaku_guide();
                write!(out, "{}", words_lines(&words, guide, &names, width + 2))?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// With `--technique` (one technique, a family, or `all`) lists the instances found in each
/// state of the file (a puzzle, a pencil-mark grid or a HoDoKu library line), after the first
/// `--at-step` steps of its solve; with `--at-step` alone prints that state's candidate grid and
/// the solve's steps after it.
fn list_steps(args: &Args, marks: Vec<Marks>) -> CommandResult {
    let mut out = stdout();
    let json = args.format != Format::Text;
    let mut documents = json.then(|| Documents::new(stdout(), args.format == Format::Jsonl));
    let several = marks.len() > 1;
    for (index, marks) in marks.into_iter().enumerate() {
        let symbols = marks.symbols.clone();
        let puzzle = marks.puzzle()?;
        let options = args.puzzle.engine.options(puzzle.size())?;
        let start = engine::starting_state(marks, options.limits);
        let at = args.at_step.unwrap_or(0);
        // `--technique` from the starting grid needs no solve.
        let solve_steps = match (at, &args.technique) {
            (0, Some(_)) => Vec::new(),
            _ => the_solve(args, &puzzle, &start, &options)?,
        };
        let mut state = start;
        let before = &solve_steps[..at.min(solve_steps.len())];
        before.iter().for_each(|step| state.apply(step));
        if before.len() < at {
            return Err(Error::Usage(format!(
                "--at-step {at}: the solve of entry {} has only {} steps",
                index + 1,
                before.len()
            ))
            .into());
        }
        let (steps, capped) = match &args.technique {
            Some(name) if name.eq_ignore_ascii_case("all") => {
                let available = techniques::all_steps(&state);
                (available.steps, available.capped)
            }
            Some(name) => {
                let chosen = options.named(&[name], state.size())?;
                match args.all {
                    true => {
                        let available = techniques::steps_of(&state, &chosen);
                        (available.steps, available.capped)
                    }
                    false => (first_steps(&state, &chosen), vec![]),
                }
            }
            None => (solve_steps[at..].to_vec(), vec![]),
        };
        if let Some(documents) = &mut documents {
            let place = (index + 1, at);
            let technique = args.technique.clone();
            documents.push(&AvailableDocument::new(
                &puzzle, place, technique, &steps, &capped,
            ))?;
            continue;
        }
        if several {
            writeln!(out, "entry {}:", index + 1)?;
        }
        let names = Names::new(state.layout(), Some(&symbols));
        let grid = render::candidates_text(&state, &symbols);
        match &args.technique {
            None => {
                write!(out, "after step {at}:\n{grid}\n")?;
                let width = (at + steps.len()).to_string().len();
                for (i, step) in steps.iter().enumerate() {
                    let number = format!("{:>width$}", at + i + 1);
                    write!(
                        out,
                        "{}",
                        numbered_step(step, &number, &names, args.full, width + 2)
                    )?;
                    if args.worded() {
                        let words = words::sudoku_words(step, state.layout());
                        let guide = words::guide(step.technique);
                        write!(out, "{}", words_lines(&words, &guide, &names, width + 2))?;
                    }
                }
            }
            Some(name) => {
                if args.grids {
                    writeln!(out, "{grid}")?;
                }
                match name.eq_ignore_ascii_case("all") {
                    true => write!(out, "{}", grouped(&steps, &capped, &names, args.full))?,
                    false => {
                        for step in &steps {
                            writeln!(out, "{}", step.explanation.render(&names))?;
                        }
                        let plural = if steps.len() == 1 { "" } else { "s" };
                        writeln!(out, "{} instance{plural} of {name}", steps.len())?;
                        if !capped.is_empty() {
                            writeln!(out, "{}", capped_line(&capped))?;
                        }
                    }
                }
            }
        }
    }
    if let Some(documents) = documents {
        documents.finish()?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The first instance of each of `chosen` in `state`.
fn first_steps(state: &State, chosen: &[Technique]) -> Vec<Step> {
    let first = |&t| techniques::find_first(t, state);
    chosen.iter().filter_map(first).collect()
}

/// `--technique all`'s text: for each technique with instances, its name and count, then its
/// instances numbered as the step log numbers steps; a total, and the capped techniques.
fn grouped(steps: &[Step], capped: &[Technique], names: &Names, full: bool) -> String {
    let mut text = String::new();
    let mut techniques = 0;
    for group in steps.chunk_by(|a, b| a.technique == b.technique) {
        techniques += 1;
        let technique = group[0].technique;
        let plural = if group.len() == 1 { "" } else { "s" };
        text += &format!("{technique}: {} instance{plural}\n", group.len());
        let width = group.len().to_string().len();
        for (i, step) in group.iter().enumerate() {
            let number = format!("  {:>width$}", i + 1);
            text += &numbered_step(step, &number, names, full, width + 4);
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    text += &format!(
        "{} instance{} of {techniques} technique{}\n",
        steps.len(),
        plural(steps.len()),
        plural(techniques)
    );
    if !capped.is_empty() {
        text += &format!("{}\n", capped_line(capped));
    }
    text
}

/// The line that names the techniques whose listing stopped at its cap.
fn capped_line(capped: &[Technique]) -> String {
    let each: Vec<String> = capped
        .iter()
        .map(|&t| format!("{t} (the first {})", techniques::cap(t)))
        .collect();
    format!("capped, there may be more: {}", each.join(", "))
}
