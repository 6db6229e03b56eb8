//! The `gridlogic` command line: a thin front end over the library. Each command lives in its
//! own file under `src/cli/`; the library does the work.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
