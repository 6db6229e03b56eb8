//! `gridlogic check`: each puzzle's size, layout, givens and number of solutions.

use super::args::{Format, InputArgs, TimeArgs};
use super::{CommandResult, Documents, exit_code, invalid_line, stdout};
use gridlogic::read::collection::{Entries, Stream};
use gridlogic::report::{self, PuzzleReport, Status, json};
use gridlogic::search::Deadline;
use std::collections::HashMap;
use std::io::Write;
use std::time::Duration;

/// Options of `check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    time: TimeArgs,
    /// Output: one line per puzzle (and totals), a JSON document (an array for several), or
    /// JSON Lines.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: &Args) -> CommandResult {
    let limit = args.time.limit();
    match args.input.entries()? {
        Entries::Sudoku(entries) => check(entries, args.format, |p| limit.for_size(p.size())),
        // Shikaku counts are quick: only a limit asked for applies.
        Entries::Shikaku(entries) => check(entries, args.format, |_| limit.asked()),
    }
}

/// One line (or document) per entry, `summary: verdict`, and totals when there are several; each
/// search stops after the time limit `time_limit` gives for its puzzle (none: no limit).
fn check<P: PuzzleReport>(
    entries: Stream<P>,
    format: Format,
    time_limit: impl Fn(&P) -> Option<Duration>,
) -> CommandResult {
    let mut out = stdout();
    let mut documents =
        (format != Format::Text).then(|| Documents::new(stdout(), format == Format::Jsonl));
    let mut counts: HashMap<Status, usize> = HashMap::new();
    for entry in entries {
        let entry = entry?;
        let status = match &entry.puzzle {
            Err(invalid) => {
                match &mut documents {
                    Some(documents) => {
                        documents.push(&json::invalid_document(invalid, &entry.id))?
                    }
                    None => writeln!(out, "{}", invalid_line(&entry.id, invalid))?,
                }
                match invalid.holds_no_puzzle() {
                    true => Status::NoPuzzle,
                    false => Status::Invalid,
                }
            }
            Ok(puzzle) => {
                let limit = time_limit(puzzle);
                let count =
                    puzzle.count_solutions(2, limit.map_or(Deadline::NEVER, Deadline::after));
                let seconds = limit.map_or(0.0, |limit| limit.as_secs_f64());
                match &mut documents {
                    Some(documents) => {
                        let document = json::check_document(puzzle, &entry.id, count, seconds);
                        documents.push(&document)?
                    }
                    None => write!(out, "{}", report::text::check_line(puzzle, count, seconds))?,
                }
                Status::of_count(count)
            }
        };
        *counts.entry(status).or_default() += 1;
    }
    let count = |status| counts.get(&status).copied().unwrap_or(0);
    // Sheets that hold no grid are no puzzles: listed, but neither counted nor failed.
    let total = Status::ALL.iter().map(|&s| count(s)).sum::<usize>();
    match documents {
        Some(documents) => {
            documents.finish()?;
        }
        None if total > 1 => write!(out, "{}", report::text::check_totals(count))?,
        None => {}
    }
    out.flush()?;
    Ok(exit_code(count(Status::Unique) == total))
}
