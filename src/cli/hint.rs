//! `gridlogic hint`: the next step from a person's own state (a puzzle with some cells filled, a
//! pencil-mark grid or a HoDoKu library line; a Shikaku with the rectangles placed), after
//! checking that state against the solution.

use super::args::PuzzleArgs;
use super::{CommandResult, exit_code, print};
use clap::ValueEnum;
use gridlogic::hint::{self, Detail, Verdict};
use gridlogic::model::{Marks, Names};
use gridlogic::read::{self, States};
use gridlogic::report::json;
use gridlogic::shikaku::{self, read::Placed};
use serde::Serialize;
use std::io;

/// Options of `hint`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// How much to tell: 1 the technique's family and a house (Shikaku: the clue) to look at, 2
    /// the technique and its cells, 3 the whole step.
    #[arg(long, default_value_t = 1, value_parser = level)]
    level: u8,
    /// Output: sentences, or a JSON document (an array for several puzzles).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// A level of detail: 1, 2 or 3.
fn level(text: &str) -> Result<u8, String> {
    match text.trim() {
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        _ => Err(format!("'{text}' is not a level of detail: 1, 2 or 3")),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// What the hints of a file print: their text, or their JSON documents; and whether every state
/// was sound.
struct Out<J> {
    text: String,
    documents: Vec<J>,
    all_sound: bool,
}

impl<J> Out<J> {
    fn new() -> Out<J> {
        Out {
            text: String::new(),
            documents: Vec::new(),
            all_sound: true,
        }
    }

    /// Adds one hint: its verdict, its lines, its document.
    fn add(&mut self, verdict: Verdict, lines: Vec<String>, document: J) {
        self.all_sound &= matches!(verdict, Verdict::Solved | Verdict::Unique);
        for line in lines {
            self.text += &line;
            self.text.push('\n');
        }
        self.documents.push(document);
    }
}

impl<J: Serialize> Out<J> {
    /// Prints the text or the documents; the exit code.
    fn print(self, format: Format) -> CommandResult {
        let text = match format {
            Format::Json => json::to_string(&self.documents).map_err(io::Error::other)? + "\n",
            Format::Text => self.text,
        };
        print(&text)?;
        Ok(exit_code(self.all_sound))
    }
}

pub fn run(args: &Args) -> CommandResult {
    let detail = match args.level {
        1 => Detail::Family,
        2 => Detail::Technique,
        _ => Detail::Step,
    };
    let input = &args.puzzle.input;
    let mut notes = Vec::new();
    let states = read::read_states(&input.file, &input.options(), input.kind(), &mut notes);
    for note in &notes {
        tell!("{note}");
    }
    match states? {
        States::Sudoku(states) => sudoku(args, states, detail),
        States::Shikaku(states) => shikaku(args, states, detail),
    }
}

fn sudoku(args: &Args, states: Vec<Marks>, detail: Detail) -> CommandResult {
    let mut out = Out::new();
    for marks in states {
        let (layout, symbols) = (marks.layout.clone(), marks.symbols.clone());
        let options = args.puzzle.engine.options(layout.size())?;
        let hint = hint::hint(marks, &options);
        let names = Names::new(&layout, Some(&symbols));
        let lines = hint.lines(detail, &layout);
        let lines = lines.iter().map(|line| line.render(&names)).collect();
        out.add(hint.verdict, lines, hint.json(detail, &layout, &names));
    }
    out.print(args.format)
}

fn shikaku(args: &Args, states: Vec<Placed>, detail: Detail) -> CommandResult {
    let options = shikaku::Options::of(&args.puzzle.settings())?;
    let mut out = Out::new();
    for placed in states {
        let hint = shikaku::hint::hint(&placed, &options);
        let names = placed.puzzle.names();
        let lines = hint.lines(detail, &placed.puzzle);
        let lines = lines.iter().map(|line| line.render(&names)).collect();
        out.add(hint.verdict, lines, hint.json(detail, &placed.puzzle));
    }
    out.print(args.format)
}
