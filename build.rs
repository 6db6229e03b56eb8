//! Two jobs.
//!
//! **The engine of the step viewer page.** The page `solve -o page.html` writes carries
//! gridlogic's engine compiled to WebAssembly (the crate in `wasm/`), so that a person can ask
//! for hints in it. When this crate is built natively with its `native` feature and rustc has
//! the `wasm32-unknown-unknown` target (`rustup target add wasm32-unknown-unknown`), this script
//! builds that module with the same cargo (profile `wasm`, in the target folder's `engine/`) and
//! leaves it gzipped in `OUT_DIR/engine.wasm.gz`, which `write::html` includes. Without the
//! target the file is empty, cargo prints a warning, the page works as a board without hints,
//! and `no_engine` is set for the tests that need the engine (not under CI, where they fail).
//!
//! **What the tests can run.** It tells the tests what this machine lacks, so that `cargo test`
//! reports the tests that cannot run as ignored, with the reason, instead of passing them
//! silently:
//!
//! - `no_shared`: `../shared` (the project's datasets, beside the repository) is absent;
//! - `no_browser`: node, Debian's Chromium or playwright-core (`tests/browser/node_modules`) is
//!   absent;
//! - `no_poppler`: poppler-utils (`pdftoppm`, which the PDF tests render pages with) is absent.
//!
//! Neither is set when the environment variable `CI` is: CI has them all, and a test that misses
//! one fails there. Cargo runs this script again when `../shared` or `tests/browser` changes,
//! but it cannot watch for a folder or program that does not exist yet: after adding one, `touch
//! build.rs` (the reasons the ignored tests give say so).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The target the page's engine is built for.
const WASM: &str = "wasm32-unknown-unknown";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_shared, no_browser, no_engine, no_poppler)");
    let engine = page_engine();
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
    if !engine {
        println!("cargo::rustc-cfg=no_engine");
    }
    if std::process::Command::new("pdftoppm")
        .arg("-v")
        .output()
        .is_err()
    {
        println!("cargo::rustc-cfg=no_poppler");
    }
    let chromium = std::env::var_os("GRIDLOGIC_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
    let playwright = Path::new("tests/browser/node_modules/playwright-core");
    let node = std::process::Command::new("node").arg("--version").output();
    if node.is_err() || !Path::new(&chromium).exists() || !playwright.exists() {
        println!("cargo::rustc-cfg=no_browser");
    }
}

/// Builds the page's engine into `OUT_DIR/engine.wasm.gz` (see the top of this file), or leaves
/// that file empty and says why; returns whether it was built.
fn page_engine() -> bool {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let built = wanted().then(|| build_engine(&out)).flatten();
    let gzipped = built.as_deref().map(gzip).unwrap_or_default();
    std::fs::write(out.join("engine.wasm.gz"), gzipped).expect("OUT_DIR is writable");
    built.is_some()
}

/// Whether this build writes pages with an engine: a native build with the `native` feature
/// (the module itself builds this crate for wasm32 without it).
fn wanted() -> bool {
    let target = std::env::var("TARGET").unwrap_or_default();
    std::env::var_os("CARGO_FEATURE_NATIVE").is_some() && !target.starts_with("wasm32")
}

/// The module, built by cargo from `wasm/` when rustc has the target; `None`, with a warning,
/// when it has not or the build fails.
fn build_engine(out: &Path) -> Option<Vec<u8>> {
    for watched in [
        "src",
        "wasm/src",
        "wasm/Cargo.toml",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        println!("cargo::rerun-if-changed={watched}");
    }
    if !has_wasm_target() {
        println!(
            "cargo::warning=the step viewer page is written without its engine (no hints in \
             it): rustc lacks the {WASM} target; `rustup target add {WASM}`, then build again"
        );
        return None;
    }
    // OUT_DIR is <target>/<profile>/build/<crate>-<hash>/out: the module builds beside the
    // profiles, once for all of them.
    let target_dir = out.ancestors().nth(4).unwrap_or(out).join("engine");
    let cargo = std::env::var_os("CARGO").unwrap_or("cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["build", "--quiet", "--profile", "wasm", "--target", WASM])
        .arg("--manifest-path")
        .arg(Path::new("wasm").join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir);
    // What cargo tells this script about the host build must not reach the module's build.
    for variable in [
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
    ] {
        command.env_remove(variable);
    }
    let status = command.status();
    let module = target_dir
        .join(WASM)
        .join("wasm")
        .join("gridlogic_wasm.wasm");
    match status {
        Ok(status) if status.success() => std::fs::read(module).ok(),
        _ => {
            println!("cargo::warning=the page's engine (wasm/) did not build: {status:?}");
            None
        }
    }
}

/// Whether rustc has the standard library of [`WASM`].
fn has_wasm_target() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or("rustc".into());
    let output = Command::new(rustc)
        .args(["--print", "target-libdir", "--target", WASM])
        .output();
    let Ok(output) = output else { return false };
    let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    output.status.success() && dir.is_dir()
}

/// `bytes` gzipped, at the best compression (the page carries them as base64).
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writes to memory");
    encoder.finish().expect("writes to memory")
}
