//! Speed of the generator: mean time per unique puzzle, for 9x9 at any level and at each level,
//! for a 9x9 jigsaw, and for 16x16 and 25x25. Every iteration asks for a new seed, so the mean is
//! over different puzzles, as a user generating a batch would see it. Attempts run on all cores.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gridlogic::core::Level;
use gridlogic::generate::{self, Request, Shape};
use std::hint::black_box;
use std::time::Duration;

/// Times `request` with a fresh seed per iteration.
fn bench_request(c: &mut Criterion, group: &str, name: &str, request: Request, samples: usize) {
    let mut group = c.benchmark_group(group);
    group.sample_size(samples);
    group.measurement_time(Duration::from_secs(10));
    let mut seed = 0;
    group.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            seed += 1;
            let request = Request {
                seed,
                ..request.clone()
            };
            black_box(generate::generate(&request, 1).expect("a puzzle"))
        })
    });
    group.finish();
}

fn generate_bench(c: &mut Criterion) {
    bench_request(c, "generate 9x9", "any level", Request::new(9), 100);
    for level in [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ] {
        let request = Request {
            difficulty: Some(level),
            ..Request::new(9)
        };
        bench_request(
            c,
            "generate 9x9",
            &level.to_string().to_lowercase(),
            request,
            20,
        );
    }
    let jigsaw = Request {
        shape: Shape::RandomJigsaw,
        ..Request::new(9)
    };
    bench_request(c, "generate jigsaw", "9x9 any level", jigsaw, 10);
    bench_request(c, "generate 16x16", "any level", Request::new(16), 10);
    let easy = |size| Request {
        difficulty: Some(Level::Easy),
        ..Request::new(size)
    };
    bench_request(c, "generate 16x16", "easy", easy(16), 10);
    bench_request(c, "generate 25x25", "easy", easy(25), 10);
    bench_request(c, "generate 25x25", "any level", Request::new(25), 10);
}

criterion_group!(benches, generate_bench);
criterion_main!(benches);
