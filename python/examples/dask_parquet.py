"""Rates a Parquet file of puzzles on a Dask cluster: each partition goes to a worker, which
rates it with gridlogic.rate_many on all its cores; the rows, every source column kept and the
rating's columns added, are written as Parquet.

    pip install "dask[dataframe]" distributed
    python dask_parquet.py PUZZLES.parquet RATED.parquet [SCHEDULER]

PUZZLES.parquet has a column `puzzle` (one puzzle per row, one line each), may have a column
`solution`, which is checked, and any other columns, which are kept (a rating column whose name
the source already uses gets the suffix `_rated`: `puzzle_rated`). Each puzzle is rated once:
the counts of statuses are read back from what was written. `id` is the puzzle's place in the
whole file from 1, as `gridlogic batch` numbers the lines of the same puzzles one per line: each
partition starts after the rows of the partitions before it. Without SCHEDULER the cluster is a
LocalCluster on this machine; with the address of a running scheduler (`tcp://host:8786`) the
same code spreads the partitions over every machine of that cluster, each with gridlogic
installed.
"""

import itertools
import sys

import dask.dataframe as dd
import pandas as pd
from distributed import Client, LocalCluster

import gridlogic


def rate_partition(frame: pd.DataFrame, first_ids=(1,), partition_info=None) -> pd.DataFrame:
    """One partition with the rating's columns (gridlogic.rate_many), its ids counted from
    `first_ids[n]` for partition n (Dask says which partition this is in `partition_info`)."""
    number = partition_info["number"] if partition_info else 0
    solutions = "solution" if "solution" in frame else None
    return gridlogic.rate_many(frame, solution_column=solutions, first_id=first_ids[number])


def first_ids(puzzles: dd.DataFrame) -> list:
    """The id of each partition's first row: 1 + the rows of the partitions before it (the
    lengths are counted from the puzzle column alone, without rating anything)."""
    lengths = puzzles["puzzle"].map_partitions(len).compute()
    return [1 + before for before in itertools.accumulate(lengths, initial=0)][:-1]


def rate_parquet(source: str, target: str, client: Client) -> pd.Series:
    """Rates every puzzle of `source` once on `client`'s cluster into `target`; returns the
    number of rows of each status, read from `target`."""
    puzzles = dd.read_parquet(source)
    rated = puzzles.map_partitions(
        rate_partition, first_ids=first_ids(puzzles), meta=rate_partition(puzzles._meta)
    )
    rated.to_parquet(target)
    statuses = dd.read_parquet(target, columns=["status"])["status"]
    return client.compute(statuses.value_counts()).result()


def main(arguments):
    source, target = arguments[:2]
    if len(arguments) > 2:
        client = Client(arguments[2])
    else:
        client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    with client:
        print(rate_parquet(source, target, client).to_string())


if __name__ == "__main__":
    main(sys.argv[1:])
