//! Output files on disk, written so that nothing is lost or clobbered: an output is refused when
//! it is an input (the same file by device and inode, so also through a hard or symbolic link) or
//! when it exists and may not be replaced; it is written to a temporary file beside its target
//! ([`Pending`]) and put in place only when whole, by a rename over a file that may be replaced,
//! or by a hard link that fails when a file of that name has appeared meanwhile. A failure
//! removes the temporary and leaves the old file as it was. A symbolic link keeps being a link:
//! the file it points to is replaced. A target that is not a regular file (`/dev/null`, a pipe) is
//! written in place.

use crate::error::{Access, Error, io_reason};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file about to be written: where, and whether a file already there may be replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The path as given.
    pub path: PathBuf,
    /// Whether an existing file may be replaced (`--force`, or gridlogic's own earlier output).
    pub replace: bool,
}

/// A file a command reads, which none of its outputs may replace, whatever `--force` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input<'a> {
    /// The path as given.
    pub path: &'a Path,
    /// What the file is to the command, for the message: `the input file`, `the region map
    /// (--regions)`.
    pub role: &'a str,
}

impl Input<'_> {
    /// The puzzle file a command reads.
    pub fn puzzle(path: &Path) -> Input<'_> {
        Input {
            path,
            role: "the input file",
        }
    }

    /// The region map given with `--regions`.
    pub fn regions(path: &Path) -> Input<'_> {
        Input {
            path,
            role: "the region map (--regions)",
        }
    }
}

impl Target {
    /// `path` as a target, refused when it is one of `inputs` (see [`same_file`]) or when it
    /// exists and `replace` is false.
    pub fn checked(path: &Path, replace: bool, inputs: &[Input]) -> Result<Target, Error> {
        if let Some(input) = inputs.iter().find(|input| same_file(path, input.path)) {
            let why = format!("it is {}, which is never written over", input.role);
            return Err(refusal(path, &why));
        }
        check_new(path, replace)?;
        Ok(Target {
            path: path.to_path_buf(),
            replace,
        })
    }
}

/// Refuses an existing `path` unless `force`; a device or a pipe (`/dev/null`) is no file to
/// lose.
fn check_new(path: &Path, force: bool) -> Result<(), Error> {
    match path.exists() && !is_special(path) && !force {
        true => Err(refusal(path, "it exists; use --force to replace it")),
        false => Ok(()),
    }
}

/// The error of an output that will not be written, and why.
pub fn refusal(path: &Path, why: &str) -> Error {
    Error::Write {
        path: path.to_path_buf(),
        message: why.to_string(),
    }
}

/// Whether two paths name the same file: on Unix the same device and inode (so a hard link or
/// a symbolic link to a file is that file), elsewhere the same canonical path. A path that does
/// not exist is only the same as itself.
fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a), identity(b)) {
        (Some(a), Some(b)) => a == b,
        _ => a == b,
    }
}

/// What tells a file apart: its device and inode.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// What tells a file apart: its canonical path.
#[cfg(not(unix))]
fn identity(path: &Path) -> Option<PathBuf> {
    path.canonicalize().ok()
}

/// Writes `bytes` to `target` whole or not at all (see [`Pending`]).
pub fn write_atomically(target: &Target, bytes: &[u8]) -> Result<(), Error> {
    let mut pending = Pending::create(target)?;
    pending.write_all(bytes).map_err(|e| pending.error(&e))?;
    pending.commit()
}

/// An output being written: to a temporary file beside the file the target names
/// (`.name.<pid>.tmp`), put in place by [`Pending::commit`]. Dropped without a commit, it removes
/// the temporary, so an error leaves nothing behind and the old file as it was.
#[derive(Debug)]
pub struct Pending {
    target: Target,
    /// The file the target names, its symbolic links followed.
    resolved: PathBuf,
    /// The temporary file, until it is put in place; none for a target written in place.
    temporary: Option<PathBuf>,
    file: File,
}

impl Pending {
    /// Starts writing `target`.
    pub fn create(target: &Target) -> Result<Pending, Error> {
        let resolved = match std::fs::metadata(&target.path) {
            Ok(found) if !found.is_file() => target.path.clone(),
            Ok(_) => target.path.canonicalize().unwrap_or(target.path.clone()),
            Err(_) => resolve_links(&target.path),
        };
        let temporary = (!is_special(&resolved)).then(|| temporary_beside(&resolved));
        let opened = match &temporary {
            Some(temporary) => {
                remove_stale_temporaries(&resolved);
                let _ = std::fs::remove_file(temporary);
                File::create_new(temporary)
            }
            None => File::options().write(true).truncate(true).open(&resolved),
        };
        let file = opened.map_err(|e| refusal(&target.path, &not_made(&resolved, &e)))?;
        Ok(Pending {
            target: target.clone(),
            resolved,
            temporary,
            file,
        })
    }

    /// The error of a failed write to this output, saying that the old file is left as it was.
    pub fn error(&self, error: &io::Error) -> Error {
        let kept = match self.temporary {
            Some(_) => "; nothing was written there",
            None => "",
        };
        let reason = io_reason(error, Access::Write);
        refusal(&self.target.path, &format!("{reason}{kept}"))
    }

    /// Puts the written file in place: over the old file when it may be replaced, else under a
    /// name that must still be free.
    pub fn commit(mut self) -> Result<(), Error> {
        let Some(temporary) = self.temporary.take() else {
            return self.file.flush().map_err(|e| self.error(&e));
        };
        let placed = self
            .file
            .sync_all()
            .and_then(|()| match self.target.replace {
                true => std::fs::rename(&temporary, &self.resolved),
                false => place_new(&temporary, &self.resolved),
            });
        let _ = std::fs::remove_file(&temporary);
        match placed {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(refusal(
                &self.target.path,
                "a file of that name appeared while this one was written; use --force to \
                 replace it",
            )),
            other => other.map_err(|e| self.error(&e)),
        }
    }
}

impl Write for Pending {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.file.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(temporary) = &self.temporary {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// Why the file `path` could not be made: as [`io_reason`] says, except that a file missing
/// where its folder exists cannot be made there (`/proc`), rather than lacking a folder.
fn not_made(path: &Path, error: &io::Error) -> String {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    match error.kind() {
        io::ErrorKind::NotFound if folder.is_none_or(Path::is_dir) => {
            "no file can be made in that folder".to_string()
        }
        _ => io_reason(error, Access::Write),
    }
}

/// Whether `path` exists and is not a regular file (a device, a pipe, a directory): such a
/// target is written in place, never replaced.
fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file())
}

/// Gives `temporary` the name `target` when no file has it yet: a hard link fails when the name
/// is taken, where a rename would replace the file (on file systems without hard links, a rename
/// after a check).
fn place_new(temporary: &Path, target: &Path) -> io::Result<()> {
    match std::fs::hard_link(temporary, target) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists && !target.exists() => {
            std::fs::rename(temporary, target)
        }
        other => other,
    }
}

/// `path`, which does not exist, with its symbolic links followed as far as they lead (to a file
/// that does not exist yet), so that the file is made and the link stays.
fn resolve_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As many links as the system follows at most.
    for _ in 0..40 {
        match std::fs::read_link(&path) {
            Ok(link) => path = path.parent().map_or(link.clone(), |dir| dir.join(&link)),
            Err(_) => break,
        }
    }
    path
}

/// Removes the temporaries of `path` that runs killed while writing it left behind
/// (`.name.<pid>.tmp` of a process that no longer runs), so that they do not accumulate. Only
/// where running processes can be told (`/proc`, Linux).
fn remove_stale_temporaries(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let pid = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| !is_running(pid)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` runs; where that cannot be told, it is taken to run.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// The temporary file written before `path` is replaced: `.name.<pid>.tmp` beside it.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test, removed first if a run before left it.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gridlogic-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_file_is_not_replaced_when_another_appears_while_it_is_written() {
        let dir = folder("race");
        let path = dir.join("new.xlsx");
        let target = Target::checked(&path, false, &[]).unwrap();
        let mut pending = Pending::create(&target).unwrap();
        pending.write_all(b"second").unwrap();
        std::fs::write(&path, "first").unwrap();
        let error = pending.commit().unwrap_err().to_string();
        assert!(
            error.contains("appeared while this one was written"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_output_dropped_before_its_commit_leaves_nothing_behind() {
        let dir = folder("dropped");
        let path = dir.join("rows.csv");
        std::fs::write(&path, "old").unwrap();
        let target = Target::checked(&path, true, &[]).unwrap();
        let mut pending = Pending::create(&target).unwrap();
        pending.write_all(b"new, half").unwrap();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        drop(pending);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        write_atomically(&target, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn temporaries_of_runs_that_no_longer_run_are_removed() {
        let dir = folder("stale");
        let path = dir.join("rows.csv");
        // No process has a pid above the kernel's maximum (4,194,304); this one runs.
        let stale = dir.join(".rows.csv.4294967295.tmp");
        let running = dir.join(format!(
            ".rows.csv.{}.tmp",
            std::os::unix::process::parent_id()
        ));
        let other = dir.join(".other.csv.4294967295.tmp");
        for file in [&stale, &running, &other] {
            std::fs::write(file, "half").unwrap();
        }
        write_atomically(&Target::checked(&path, false, &[]).unwrap(), b"rows").unwrap();
        assert!(!stale.exists());
        assert!(running.exists() && other.exists());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "rows");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_path_is_an_input_by_its_file_not_its_name() {
        let dir = folder("same");
        let input = dir.join("in.txt");
        std::fs::write(&input, "x").unwrap();
        let other = dir.join("other.txt");
        std::fs::write(&other, "x").unwrap();
        assert!(same_file(&input, &dir.join(".").join("in.txt")));
        assert!(!same_file(&input, &other));
        assert!(!same_file(&input, &dir.join("missing.txt")));
        std::fs::hard_link(&input, dir.join("linked.txt")).unwrap();
        assert!(same_file(&input, &dir.join("linked.txt")));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
