//! The compound file (MS-CFB) an `.xls` is kept in, read before calamine. calamine 0.38 follows
//! the directory's chain without a bound, so a 6 KB file whose allocation table sends a chain
//! round in a circle took 23 GB before the system killed it (found by fuzzing). Here the header,
//! the allocation tables and the directory are read as the format says, a chain that comes back
//! to a sector it has passed is refused, and the workbook stream is handed to [`super::xls`],
//! which checks its records before calamine trusts them.

use super::limits;
use crate::error::Error;
use std::io::Read;
use std::path::Path;

/// What a compound file starts with.
const SIGNATURE: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
/// Sector numbers from here on are markers (end of chain, free, table sectors), not sectors.
const MARKERS: u32 = 0xFFFF_FFFA;
/// The size below which a stream lives in the mini stream, whose chains are short.
const MINI_CUTOFF: u64 = 4096;

/// The workbook stream (`Workbook`, or `Book` in older files) of the compound file at `path`, as
/// calamine will read it. Refuses the file when a chain of sectors calamine follows (the
/// directory's, the mini allocation table's, the mini stream's, a large stream's) runs in a
/// circle, or when the file is larger than [`limits::MAX_ZIP_PART`]. `None` for a file that is no
/// compound file, or that is broken in ways calamine reports itself.
pub fn workbook_stream(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(None);
    };
    // Only a compound file is read whole (other workbooks are zips, read by their parts).
    let mut data = vec![0; SIGNATURE.len()];
    if file.read_exact(&mut data).is_err() || data != SIGNATURE {
        return Ok(None);
    }
    if file
        .take(limits::MAX_ZIP_PART)
        .read_to_end(&mut data)
        .is_err()
        || data.len() < 512
    {
        return Ok(None);
    }
    let unreadable = |why: String| super::workbook::damaged(path, why);
    if data.len() as u64 > limits::MAX_ZIP_PART {
        return Err(unreadable(format!(
            "it is larger than the {} bytes gridlogic reads",
            limits::thousands(u128::from(limits::MAX_ZIP_PART))
        )));
    }
    let Some(file) = Compound::new(&data) else {
        return Ok(None);
    };
    match file.circular_chain() {
        Some(start) => Err(unreadable(format!(
            "the index of its parts runs in a circle, from sector {start}"
        ))),
        None => Ok(["Workbook", "Book"]
            .iter()
            .find_map(|name| file.stream(name))),
    }
}

/// The size of a directory entry, and where its fields lie.
const ENTRY: usize = 128;
const ENTRY_NAME_LENGTH: usize = 64;
const ENTRY_KIND: usize = 66;
const ENTRY_START: usize = 116;
const ENTRY_SIZE: usize = 120;
/// Directory entry kinds: a stream, the root (which holds the mini stream).
const KIND_STREAM: u8 = 2;
const KIND_ROOT: u8 = 5;
/// The size of a sector of the mini stream.
const MINI_SECTOR: usize = 64;

/// A compound file's sectors and allocation table.
struct Compound<'a> {
    data: &'a [u8],
    sector_size: usize,
    fat: Vec<u32>,
    directory_start: u32,
    mini_fat_start: u32,
}

impl<'a> Compound<'a> {
    /// The file in `data`, or `None` when its header is not one calamine would read.
    fn new(data: &'a [u8]) -> Option<Compound<'a>> {
        let sector_size = match u16_at(data, 30)? {
            9 => 512,
            12 => 4096,
            _ => return None,
        };
        let mut file = Compound {
            data,
            sector_size,
            fat: Vec::new(),
            directory_start: u32_at(data, 48)?,
            mini_fat_start: u32_at(data, 60)?,
        };
        let difat = file.difat(u32_at(data, 68)?);
        for id in difat.into_iter().filter(|&id| id < MARKERS) {
            let sector = file.sector(id)?;
            file.fat
                .extend(sector.chunks(4).filter_map(|w| u32_at(w, 0)));
        }
        Some(file)
    }

    /// The sectors of the allocation table: the header's 109, then those of the chain of
    /// DIFAT sectors from `next` (at most as many as the file has sectors).
    fn difat(&self, mut next: u32) -> Vec<u32> {
        let mut ids: Vec<u32> = (0..109)
            .filter_map(|i| u32_at(self.data, 76 + 4 * i))
            .collect();
        for _ in 0..self.sector_count() {
            let Some(sector) = (next < MARKERS).then(|| self.sector(next)).flatten() else {
                break;
            };
            let words: Vec<u32> = sector.chunks(4).filter_map(|w| u32_at(w, 0)).collect();
            let Some((&last, entries)) = words.split_last() else {
                break;
            };
            ids.extend_from_slice(entries);
            next = last;
        }
        ids
    }

    /// Sector `id`, when the file holds it whole.
    fn sector(&self, id: u32) -> Option<&'a [u8]> {
        let start = (id as usize)
            .checked_add(1)?
            .checked_mul(self.sector_size)?;
        self.data.get(start..start.checked_add(self.sector_size)?)
    }

    fn sector_count(&self) -> usize {
        self.data.len() / self.sector_size
    }

    /// The first sector of a chain calamine follows that runs in a circle, if any.
    fn circular_chain(&self) -> Option<u32> {
        let Ok(directory) = self.chain(self.directory_start) else {
            return Some(self.directory_start);
        };
        let mut starts = vec![self.mini_fat_start];
        for entry in self.entries(&directory) {
            let kind = entry[ENTRY_KIND];
            let start = u32_at(entry, ENTRY_START)?;
            let size = u64::from(u32_at(entry, ENTRY_SIZE)?);
            // The root holds the mini stream; other streams live in it when they are small.
            if kind == KIND_ROOT || kind == KIND_STREAM && size >= MINI_CUTOFF {
                starts.push(start);
            }
        }
        starts.into_iter().find(|&start| self.chain(start).is_err())
    }

    /// The directory entries in the sectors `directory`.
    fn entries<'s>(&'s self, directory: &'s [u32]) -> impl Iterator<Item = &'a [u8]> + 's {
        directory
            .iter()
            .filter_map(|&id| self.sector(id))
            .flat_map(|sector| sector.chunks_exact(ENTRY))
    }

    /// The stream called `name` (ignoring ASCII case, as calamine does), when the file holds it
    /// whole: a small one from the mini stream, a large one from its own chain of sectors.
    fn stream(&self, name: &str) -> Option<Vec<u8>> {
        let directory = self.chain(self.directory_start).ok()?;
        let named = |entry: &&[u8]| {
            let length = usize::from(u16_at(entry, ENTRY_NAME_LENGTH)?).min(ENTRY_NAME_LENGTH);
            let units: Vec<u16> = entry[..length]
                .chunks_exact(2)
                .filter_map(|w| u16_at(w, 0))
                .take_while(|&unit| unit != 0)
                .collect();
            Some(String::from_utf16_lossy(&units).eq_ignore_ascii_case(name))
        };
        let entry = self
            .entries(&directory)
            .find(|entry| entry[ENTRY_KIND] == KIND_STREAM && named(entry) == Some(true))?;
        let (start, size) = (u32_at(entry, ENTRY_START)?, u32_at(entry, ENTRY_SIZE)?);
        let size = size as usize;
        let mut bytes = if (size as u64) < MINI_CUTOFF {
            self.mini_stream_chain(&directory, start)?
        } else {
            let sectors = self.chain(start).ok()?;
            let mut bytes = Vec::with_capacity(sectors.len() * self.sector_size);
            for id in sectors {
                bytes.extend_from_slice(self.sector(id)?);
            }
            bytes
        };
        (bytes.len() >= size).then(|| {
            bytes.truncate(size);
            bytes
        })
    }

    /// The bytes of the mini stream's chain from `start` (the root entry in `directory` holds
    /// the mini stream; the mini allocation table says how its 64-byte sectors follow).
    fn mini_stream_chain(&self, directory: &[u32], start: u32) -> Option<Vec<u8>> {
        let root = self
            .entries(directory)
            .find(|entry| entry[ENTRY_KIND] == KIND_ROOT)?;
        let mut mini = Vec::new();
        for id in self.chain(u32_at(root, ENTRY_START)?).ok()? {
            mini.extend_from_slice(self.sector(id)?);
        }
        let mut table = Vec::new();
        for id in self.chain(self.mini_fat_start).ok()? {
            table.extend(self.sector(id)?.chunks(4).filter_map(|w| u32_at(w, 0)));
        }
        let mut seen = vec![false; table.len()];
        let mut bytes = Vec::new();
        let mut id = start;
        while id < MARKERS && (id as usize) < table.len() {
            if std::mem::replace(&mut seen[id as usize], true) {
                return None;
            }
            let at = id as usize * MINI_SECTOR;
            bytes.extend_from_slice(mini.get(at..at + MINI_SECTOR)?);
            id = table[id as usize];
        }
        Some(bytes)
    }

    /// The sectors of the chain from `start`, up to its end or to a sector past the table
    /// (calamine reports those); `Err` when it comes back to a sector it has passed.
    fn chain(&self, start: u32) -> Result<Vec<u32>, ()> {
        let mut seen = vec![false; self.fat.len()];
        let mut chain = Vec::new();
        let mut id = start;
        while id < MARKERS && (id as usize) < self.fat.len() {
            if std::mem::replace(&mut seen[id as usize], true) {
                return Err(());
            }
            chain.push(id);
            id = self.fat[id as usize];
        }
        Ok(chain)
    }
}

/// The little-endian numbers of the format at `offset`.
pub(super) fn u16_at(data: &[u8], offset: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        data.get(offset..offset + 2)?.try_into().ok()?,
    ))
}

pub(super) fn u32_at(data: &[u8], offset: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        data.get(offset..offset + 4)?.try_into().ok()?,
    ))
}
