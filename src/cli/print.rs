//! `gridlogic print`: the puzzles of any input gridlogic reads, solved and rated on all cores
//! (the level `solve` shows, for the same `--rating`) and printed as a PDF booklet with the
//! solutions at the back.

use super::args::{InputArgs, PrintArgs, RatingArgs, TimeArgs};
use super::{CommandResult, exit_code, invalid_line};
use gridlogic::read::collection::{Entries, Id, Stream};
use gridlogic::write::booklet::{self, Item};
use gridlogic::write::generated::Output;
use gridlogic::write::{Target, refusal};
use gridlogic::{engine, shikaku};
use rayon::prelude::*;
use std::path::PathBuf;

/// Options of `print`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// The booklet to write, a .pdf file.
    #[arg(short, long, value_name = "FILE.pdf")]
    output: PathBuf,
    #[command(flatten)]
    print: PrintArgs,
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    rating: RatingArgs,
    /// Replace the output file if it exists.
    #[arg(long)]
    force: bool,
}

pub fn run(args: &Args) -> CommandResult {
    let input = &args.input.file;
    if Output::of(&args.output)? != Output::Pdf {
        return Err(refusal(&args.output, "print writes a PDF: give it a .pdf name").into());
    }
    let target = Target::checked(&args.output, args.force, &args.input.files())?;
    args.print.setup(1)?;
    let settings = engine::Settings {
        time_limit: args.time.limit(),
        ..engine::Settings::default()
    };
    let (items, all_ok) = match args.input.entries()? {
        Entries::Sudoku(entries) => {
            let options = engine::OptionsBySize::new(&settings);
            let ratings = args.rating.ratings();
            items(entries, |label, puzzle| {
                Item::sudoku(label, &ratings.solve(puzzle, &options)?)
            })?
        }
        Entries::Shikaku(entries) => {
            let options = shikaku::Options::of(&settings)?;
            items(entries, |label, puzzle| {
                Ok(Item::shikaku(label, &shikaku::solve(puzzle, &options)))
            })?
        }
    };
    let setup = args.print.setup(items.len())?;
    let title = input.file_name().unwrap_or(input.as_os_str());
    booklet::save(&items, setup, &title.to_string_lossy(), &target)?;
    let puzzles = match items.len() {
        1 => "1 puzzle".to_string(),
        n => format!("{n} puzzles"),
    };
    tell!("{puzzles} printed");
    tell!("wrote {}", target.path.display());
    Ok(exit_code(all_ok))
}

/// The items of the entries that hold a puzzle, each made by `item` (on all cores) under its
/// label, and whether every entry holds a puzzle with exactly one solution; each entry that
/// does not is said on standard error.
fn items<P: Send + Sync>(
    entries: Stream<P>,
    item: impl Fn(&str, &P) -> gridlogic::Result<Item> + Sync,
) -> Result<(Vec<Item>, bool), gridlogic::Error> {
    let mut puzzles = Vec::new();
    let mut all_ok = true;
    for entry in entries {
        let entry = entry?;
        match entry.puzzle {
            Ok(puzzle) => puzzles.push((label(puzzles.len() + 1, &entry.id), puzzle)),
            Err(invalid) => {
                all_ok &= invalid.holds_no_puzzle();
                tell!("{}", invalid_line(&entry.id, &invalid));
            }
        }
    }
    let items: Vec<Item> = puzzles
        .par_iter()
        .map(|(label, puzzle)| item(label, puzzle))
        .collect::<Result<_, _>>()?;
    for unsolved in items.iter().filter(|item| item.answer.is_none()) {
        all_ok = false;
        tell!("{}", unsolved.title);
    }
    Ok((items, all_ok))
}

/// `Puzzle 3`, with the sheet or the input's id that names it: `Puzzle 3 (Tue)`.
fn label(number: usize, id: &Id) -> String {
    match id {
        Id::Number(_) => format!("Puzzle {number}"),
        Id::Named(name) => format!("Puzzle {number} ({name})"),
        Id::Sheet { sheet, .. } => format!("Puzzle {number} ({sheet})"),
    }
}
