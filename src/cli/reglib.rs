//! `gridlogic reglib`: runs a HoDoKu regression library file.

use super::args::TimeArgs;
use super::{CommandResult, exit_code, print};
use std::path::PathBuf;

/// Options of `reglib`.
#[derive(clap::Args)]
pub struct Args {
    /// The library file (e.g. ../shared/datasets/hodoku/reglib-1.4-dev.txt).
    pub file: PathBuf,

    #[command(flatten)]
    pub time: TimeArgs,
}

pub fn run(args: &Args) -> CommandResult {
    let text = std::fs::read_to_string(&args.file).map_err(|source| gridlogic::Error::Io {
        path: args.file.clone(),
        source,
    })?;
    let limit = args.time.limit().for_size(9);
    let report = gridlogic::reglib::run(&text, limit);
    print(&(report.lines().join("\n") + "\n"))?;
    Ok(exit_code(report.failed() == 0))
}
