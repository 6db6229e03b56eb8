//! Tells the tests what this machine lacks, so that `cargo test` reports the tests that cannot
//! run as ignored, with the reason, instead of passing them silently:
//!
//! - `no_shared`: `../shared` (the project's datasets, beside the repository) is absent;
//! - `no_browser`: node, Debian's Chromium or playwright-core (`tests/browser/node_modules`) is
//!   absent.
//!
//! Neither is set when the environment variable `CI` is: CI has them all, and a test that misses
//! one fails there. Cargo runs this script again when `../shared` or `tests/browser` changes,
//! but it cannot watch for a folder or program that does not exist yet: after adding one, `touch
//! build.rs` (the reasons the ignored tests give say so).

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_shared, no_browser)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=GRIDLOGIC_CHROMIUM");
    println!("cargo::rerun-if-changed=tests/browser");
    let shared = Path::new("../shared");
    if shared.exists() {
        // Watched only while it exists: a missing path would make every build rerun this.
        println!("cargo::rerun-if-changed=../shared");
    }
    if std::env::var_os("CI").is_some() {
        return;
    }
    if !shared.exists() {
        println!("cargo::rustc-cfg=no_shared");
    }
    let chromium = std::env::var_os("GRIDLOGIC_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
    let playwright = Path::new("tests/browser/node_modules/playwright-core");
    let node = std::process::Command::new("node").arg("--version").output();
    if node.is_err() || !Path::new(&chromium).exists() || !playwright.exists() {
        println!("cargo::rustc-cfg=no_browser");
    }
}
