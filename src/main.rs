//! The `gridlogic` command line: a thin front end over the library. Each command lives in its
//! own file under `src/cli/`; the library does the work.

// What the commands print goes through `cli::stdout` and `tell!`, which escape the control
// characters an input may carry: never straight to the terminal.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
