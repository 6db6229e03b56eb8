//! `gridlogic generate`: new puzzles with exactly one solution, as text, a CSV grid, a
//! printable workbook or a PDF booklet.

use super::args::{LevelArg, PrintArgs, parse_seconds, parse_variant, whole};
use super::{CommandResult, print};
use clap::ValueEnum;
use gridlogic::generate::{
    self, DEFAULT_CAGE_SIZES, Fill, MarkKinds, Request, SeBand, Shape, Symmetry,
};
use gridlogic::model::{Overlap, Regions, Variant};
use gridlogic::read;
use gridlogic::write::Input;
use gridlogic::write::generated::{Output, check_target, save};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// What `generate` makes and where it goes.
#[derive(clap::Args)]
pub struct Args {
    /// N: the grid is N x N (1 to 36; larger boxed grids with --fill permutation).
    #[arg(long, default_value_t = 9, value_name = "N", value_parser = whole::<usize>)]
    size: usize,
    /// Box shape ROWSxCOLUMNS, e.g. 4x2 for an 8x8 grid; the most square shape by default.
    #[arg(long = "box", value_name = "RxC", conflicts_with_all = ["jigsaw", "latin"])]
    boxes: Option<String>,
    /// Random connected regions of N cells instead of boxes (a new layout for every puzzle).
    #[arg(long, conflicts_with_all = ["latin", "regions"])]
    jigsaw: bool,
    /// A fixed jigsaw map for every puzzle: N lines of N region labels (as `solve --regions`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["boxes", "latin"])]
    regions: Option<PathBuf>,
    /// No regions: a Latin square.
    #[arg(long)]
    latin: bool,
    /// Overlapping 9x9 grids: samurai, butterfly, windmill, sohei, gattai-8, sumo, shogun, or the
    /// grids' top-left cells (e.g. "r1c1 r7c7").
    #[arg(long, value_name = "LAYOUT", conflicts_with_all = ["boxes", "jigsaw", "regions", "latin", "size"])]
    layout: Option<String>,
    /// Extra houses: x (both diagonals), windoku (the windows); or marks drawn from the solution:
    /// even-odd (every empty cell marked even or odd), consecutive (a bar between every two
    /// touching cells that differ by 1; rows and columns only unless --box is given).
    /// Repeatable or comma-separated.
    #[arg(long = "variant", value_name = "VARIANT", value_delimiter = ',', value_parser = parse_generated_variant)]
    variants: Vec<VariantArg>,
    /// A Killer: cages with sums drawn on the solution, no givens (dashed cage outlines and
    /// small sums in a workbook).
    #[arg(long, conflicts_with_all = ["holes", "minimal", "jigsaw", "regions", "latin"])]
    killer: bool,
    /// With --killer: the fewest cells of a cage (1 allows single-cell cages).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CAGE_SIZES.0, requires = "killer",
          value_parser = whole::<usize>)]
    min_cage: usize,
    /// With --killer: the most cells of a cage.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CAGE_SIZES.1, requires = "killer",
          value_parser = whole::<usize>)]
    max_cage: usize,
    /// The level the engine must rate each puzzle at; easy to unfair are solved without
    /// backtracking. Any level by default.
    #[arg(long, value_enum, conflicts_with_all = ["technique", "se_rating"])]
    difficulty: Option<LevelArg>,
    /// A practice set: each puzzle's solve uses this technique (a name, short name or HoDoKu
    /// code, as --techniques takes them) and nothing later in the engine's order.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["se_rating", "holes", "minimal"])]
    technique: Option<String>,
    /// Sudoku Explainer's rating (ER) of each puzzle in the band LOW..HIGH, e.g. 7.0..7.5 (9x9
    /// with 3x3 boxes).
    #[arg(long, value_name = "LOW..HIGH", value_parser = SeBand::parse)]
    se_rating: Option<SeBand>,
    /// Exactly K empty cells (the seed 001 report's mode), still with one solution.
    #[arg(long, value_name = "K", conflicts_with = "minimal", value_parser = whole::<usize>)]
    holes: Option<usize>,
    /// With --holes: the same number of holes in every region (every row of a Latin square).
    #[arg(long, requires = "holes")]
    even_holes: bool,
    /// Symmetry of the clues.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// No clue can be removed without losing the unique solution.
    #[arg(long)]
    minimal: bool,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_name = "M", value_parser = count)]
    count: u32,
    /// Seed for reproducible output; a random seed (printed on standard error) by default.
    #[arg(long, value_name = "S", value_parser = whole::<u64>)]
    seed: Option<u64>,
    /// Where full grids come from: randomised search, or the seed 001 report's permutation of a
    /// patterned grid (boxes and Latin squares only).
    #[arg(long, value_enum, default_value_t = FillArg::Search)]
    fill: FillArg,
    /// Give up after SECONDS for the whole run (a decimal number): "undecided within SECONDS s",
    /// exit 1. No limit by default.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Attempts per puzzle before giving up.
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = whole::<usize>)]
    attempts: usize,
    /// Output file: .xlsx (printable, with hidden "Solution" sheets), .pdf (a booklet, the
    /// solutions at the back), .csv (one puzzle as a grid), or text with one puzzle per line.
    /// Standard output by default.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    print: PrintArgs,
    /// Replace the output file if it exists.
    #[arg(long, requires = "output")]
    force: bool,
}

/// A variant of generated puzzles: extra houses, or marks drawn from the solution. The marks are
/// not houses (the library's [`Variant`]): they are the request's [`MarkKinds`], kept apart so
/// that every reader and writer of houses stays as it is.
#[derive(Clone, Copy)]
enum VariantArg {
    Houses(Variant),
    EvenOdd,
    Consecutive,
}

/// A variant's name: `even-odd` (or `evenodd`, `odd-even`), `consecutive`, or a variant of
/// extra houses.
fn parse_generated_variant(name: &str) -> Result<VariantArg, String> {
    match name.to_ascii_lowercase().as_str() {
        "even-odd" | "evenodd" | "odd-even" | "even/odd" => Ok(VariantArg::EvenOdd),
        "consecutive" => Ok(VariantArg::Consecutive),
        _ => parse_variant(name)
            .map(VariantArg::Houses)
            .map_err(|message| format!("{message}, even-odd, consecutive")),
    }
}

/// How many puzzles: a whole number, 1 or more.
fn count(text: &str) -> Result<u32, String> {
    match whole(text)? {
        0 => Err("ask for 1 puzzle or more".to_string()),
        count => Ok(count),
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum SymmetryArg {
    None,
    Rotational,
    Mirror,
    Diagonal,
}

#[derive(Clone, Copy, ValueEnum)]
enum FillArg {
    Search,
    Permutation,
}

impl Args {
    /// The generator's request, puzzles drawn from `seed`.
    fn request(&self, seed: u64) -> Result<Request, gridlogic::Error> {
        let mut request = Request::new(self.size);
        request.shape = self.shape()?;
        request.difficulty = self.difficulty.map(LevelArg::level);
        request.holes = self.holes;
        request.even_holes = self.even_holes;
        request.symmetry = match self.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        };
        request.minimal = self.minimal;
        request.fill = match self.fill {
            FillArg::Search => Fill::Search,
            FillArg::Permutation => Fill::Permutation,
        };
        request.seed = seed;
        request.attempts = self.attempts;
        request.variants = (self.variants.iter())
            .filter_map(|v| match v {
                VariantArg::Houses(variant) => Some(*variant),
                _ => None,
            })
            .collect();
        request.marks = self.marks();
        request.killer = self.killer;
        request.time_limit = self.time_limit;
        request.technique = self.technique.clone();
        request.se_rating = self.se_rating;
        request.cage_sizes = (self.min_cage, self.max_cage);
        Ok(request)
    }

    /// The marks the variants ask for.
    fn marks(&self) -> MarkKinds {
        let asked = |kind: fn(&VariantArg) -> bool| self.variants.iter().any(kind);
        MarkKinds {
            even_odd: asked(|v| matches!(v, VariantArg::EvenOdd)),
            consecutive: asked(|v| matches!(v, VariantArg::Consecutive)),
        }
    }

    /// The shape: overlapping grids, a region file, random jigsaws, a box shape, a Latin square
    /// or default boxes (none for a consecutive puzzle, as janko.at's have none).
    fn shape(&self) -> Result<Shape, gridlogic::Error> {
        if let Some(spec) = &self.layout {
            let corners = Overlap::parse(spec)?.corners().to_vec();
            return Ok(Shape::Overlapping { corners });
        }
        let latin = self.latin || self.marks().consecutive;
        let regions = match (&self.regions, &self.boxes, self.jigsaw, latin) {
            (Some(path), ..) => read::region_file(path, self.size)?,
            (_, _, true, _) => return Ok(Shape::RandomJigsaw),
            (_, Some(spec), _, _) => Regions::parse_box(spec, self.size)?,
            (_, None, false, true) => Regions::Latin,
            (_, None, false, false) => Regions::default_boxes(self.size).ok_or_else(|| {
                gridlogic::Error::Usage(format!(
                    "a {n}x{n} grid has no box shape; use --jigsaw or --latin",
                    n = self.size
                ))
            })?,
        };
        Ok(Shape::Fixed { regions })
    }
}

/// Refuses, before any work, an output that cannot show the puzzles: a CSV grid holds neither
/// overlapping grids nor marks.
fn check_drawable(output: Output, request: &Request) -> Result<(), gridlogic::Error> {
    let overlapping = matches!(request.shape, Shape::Overlapping { .. });
    let marked = !request.marks.is_empty();
    let message = match output {
        Output::Csv if overlapping => {
            "a CSV grid cannot hold overlapping grids: give -o a .txt, .xlsx or .pdf name"
        }
        Output::Csv if marked => {
            "a CSV grid cannot hold even/odd marks or consecutive bars: give -o a .txt, .xlsx or \
             .pdf name"
        }
        _ => return Ok(()),
    };
    Err(gridlogic::Error::Usage(message.into()))
}

pub fn run(args: &Args) -> CommandResult {
    let seed = args.seed.unwrap_or_else(rand::random);
    let request = args.request(seed)?;
    request.validate()?;
    let inputs: Vec<Input> = args
        .regions
        .iter()
        .map(|path| Input::regions(path))
        .collect();
    let target = args
        .output
        .as_deref()
        .map(|path| check_target(path, args.count as usize, args.force, &inputs))
        .transpose()?;
    let pdf = match &args.output {
        Some(path) => Output::of(path)? == Output::Pdf,
        None => false,
    };
    if let Some(path) = &args.output {
        check_drawable(Output::of(path)?, &request)?;
    }
    if args.print.given() && !pdf {
        let message = "--paper and --per-page lay out a PDF: give -o a .pdf name";
        return Err(gridlogic::Error::Usage(message.into()).into());
    }
    let setup = args.print.setup(args.count as usize)?;
    if args.seed.is_none() {
        tell!("seed {seed} (give --seed {seed} for the same puzzles again)");
    }
    let puzzles = generate::generate(&request, args.count as usize)?;
    let header = format!("# gridlogic generate: {}; seed {seed}", request.describe());
    let Some(target) = &target else {
        print(&generate::text(&header, &puzzles, args.regions.as_deref()))?;
        return Ok(ExitCode::SUCCESS);
    };
    save(
        target,
        &puzzles,
        seed,
        &header,
        setup,
        args.regions.as_deref(),
    )?;
    for (i, generated) in puzzles.iter().enumerate() {
        tell!("puzzle {}: {}", i + 1, generated.describe());
    }
    tell!("wrote {}", target.path.display());
    Ok(ExitCode::SUCCESS)
}
