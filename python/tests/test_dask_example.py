"""The README's Dask example, run on a LocalCluster: a Parquet file of puzzles in several
partitions, rated by workers in other processes, read back and checked against published
solutions."""

import importlib.util
from pathlib import Path

import pandas as pd
from distributed import Client, LocalCluster

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "python" / "examples" / "dask_parquet.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_parquet", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_dask_example_rates_a_parquet_file_on_a_cluster(tmp_path):
    lines = (ROOT / "fixtures" / "text" / "top1465-first3.txt").read_text().split()
    puzzles = lines + ["not a puzzle"] + lines
    frame = pd.DataFrame({"puzzle": puzzles})
    source = tmp_path / "puzzles.parquet"
    frame.to_parquet(source, row_group_size=2)
    example = load_example()
    with Client(LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)) as client:
        counts = example.rate_parquet(str(source), str(tmp_path / "rated"), client)
    assert counts.to_dict() == {"unique": 6, "invalid": 1}
    rated = pd.read_parquet(tmp_path / "rated").sort_index()
    assert list(rated["puzzle"][:3]) == lines
    assert list(rated["status"]) == ["unique"] * 3 + ["invalid"] + ["unique"] * 3
    assert rated["solution"][0] == rated["solution"][4]
