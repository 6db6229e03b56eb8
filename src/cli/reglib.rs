//! `gridlogic reglib`: runs a HoDoKu regression library file.

use super::{CommandResult, exit_code, print};
use std::path::PathBuf;

/// Options of `reglib`.
#[derive(clap::Args)]
pub struct Args {
    /// The library file (e.g. ../shared/datasets/hodoku/reglib-1.4-dev.txt).
    pub file: PathBuf,
}

pub fn run(args: &Args) -> CommandResult {
    let text = std::fs::read_to_string(&args.file).map_err(|source| gridlogic::Error::Io {
        path: args.file.clone(),
        source,
    })?;
    let report = gridlogic::reglib::run(&text);
    print(&(report.lines().join("\n") + "\n"))?;
    Ok(exit_code(report.failed() == 0))
}
