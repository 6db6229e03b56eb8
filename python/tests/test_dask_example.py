"""The Dask example (python/examples/dask_parquet.py), run on a LocalCluster: a Parquet file of
puzzles in several partitions, rated by workers in other processes, each partition once, read
back and checked against the command line's rows of the same puzzles."""

import importlib.util
import io
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from distributed import Client, LocalCluster

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "python" / "examples" / "dask_parquet.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_parquet", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mark_each_rating(marks):
    """On a worker: gridlogic.rate_many appends the first id of what it rates to `marks`."""
    import gridlogic

    rate_many = gridlogic.rate_many

    def marked(puzzles, *arguments, first_id=1, **options):
        with open(marks, "a") as file:
            file.write(f"{first_id} {len(puzzles)}\n")
        return rate_many(puzzles, *arguments, first_id=first_id, **options)

    gridlogic.rate_many = marked


def cli_rows(tmp_path, puzzles):
    """The rows `gridlogic batch` writes for the puzzles one per line."""
    binary = os.environ.get("GRIDLOGIC_BIN")
    if not binary:
        pytest.skip("GRIDLOGIC_BIN names no gridlogic binary")
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(puzzles) + "\n")
    run = subprocess.run([binary, "batch", str(source)], capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    return pd.read_csv(io.StringIO(run.stdout), keep_default_na=False, dtype=str)


def test_the_dask_example_rates_each_partition_once_with_global_ids(tmp_path):
    lines = (ROOT / "fixtures" / "text" / "top1465-first3.txt").read_text().split()
    puzzles = lines + ["not a puzzle"] + lines
    names = [f"source {n}" for n in range(len(puzzles))]
    frame = pd.DataFrame({"puzzle": puzzles, "name": names})
    # Four files of two rows (the last of one): four partitions.
    source = tmp_path / "puzzles"
    source.mkdir()
    for part, start in enumerate(range(0, len(frame), 2)):
        frame[start : start + 2].to_parquet(source / f"part.{part}.parquet")
    marks = tmp_path / "marks.txt"
    example = load_example()
    with Client(LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)) as client:
        client.run(mark_each_rating, str(marks))
        counts = example.rate_parquet(str(source), str(tmp_path / "rated"), client)
    assert counts.to_dict() == {"unique": 6, "invalid": 1}
    # Each partition rated once, its ids following the partitions before it.
    rated_parts = sorted(tuple(map(int, line.split())) for line in marks.read_text().splitlines())
    assert rated_parts == [(1, 2), (3, 2), (5, 2), (7, 1)]
    rated = pd.read_parquet(tmp_path / "rated").sort_values("id")
    assert list(rated["id"]) == list(range(1, len(puzzles) + 1))
    assert list(rated["name"]) == names
    assert list(rated["puzzle"]) == puzzles
    cli = cli_rows(tmp_path, puzzles)
    assert list(rated["id"]) == list(cli["id"].astype(int))
    assert list(rated["status"]) == list(cli["status"])
    assert list(rated["solution"].fillna("")) == list(cli["solution"])
    assert rated["solution"].iloc[0] == rated["solution"].iloc[4]
