//! `gridlogic hint`: the next step from a person's own state (a puzzle with some cells filled, a
//! pencil-mark grid or a HoDoKu library line), after checking that state against the solution.

use super::args::PuzzleArgs;
use super::{CommandResult, exit_code, print};
use clap::ValueEnum;
use gridlogic::hint::{self, Detail, Verdict};
use gridlogic::model::Names;
use gridlogic::read;
use gridlogic::report::json;
use std::io;

/// Options of `hint`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// How much to tell: 1 the technique's family and a house to look at, 2 the technique and
    /// its cells, 3 the whole step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    /// Output: sentences, or a JSON document (an array for several puzzles).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> CommandResult {
    let detail = match args.level {
        1 => Detail::Family,
        2 => Detail::Technique,
        _ => Detail::Step,
    };
    let input = &args.puzzle.input;
    let mut text = String::new();
    let mut documents = Vec::new();
    let mut all_sound = true;
    for marks in read::read_marks(&input.file, &input.options())? {
        let (layout, symbols) = (marks.layout.clone(), marks.symbols.clone());
        let options = args.puzzle.engine.options(layout.size())?;
        let hint = hint::hint(marks, &options);
        all_sound &= matches!(hint.verdict, Verdict::Solved | Verdict::Unique);
        let names = Names::new(&layout, Some(&symbols));
        match args.format {
            Format::Text => {
                for line in hint.lines(detail, &layout) {
                    text += &line.render(&names);
                    text.push('\n');
                }
            }
            Format::Json => documents.push(hint.json(detail, &layout, &names)),
        }
    }
    if args.format == Format::Json {
        text = json::to_string(&documents).map_err(io::Error::other)? + "\n";
    }
    print(&text)?;
    Ok(exit_code(all_sound))
}
