"""Rates a Parquet file of puzzles on a Dask cluster: each partition goes to a worker, which
rates it with gridlogic.rate_many on all its cores; the rated rows are written as Parquet.

    python dask_parquet.py PUZZLES.parquet RATED.parquet [SCHEDULER]

PUZZLES.parquet has a column `puzzle` (one puzzle per row, one line each) and may have a column
`solution`, which is checked. Without SCHEDULER the cluster is a LocalCluster on this machine;
with the address of a running scheduler (`tcp://host:8786`) the same code spreads the partitions
over every machine of that cluster, each with gridlogic installed.
"""

import sys

import dask.dataframe as dd
import pandas as pd
from distributed import Client, LocalCluster

import gridlogic


def rate_partition(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows of gridlogic.rate_many for one partition, indexed like it."""
    solutions = frame["solution"] if "solution" in frame else None
    table = gridlogic.rate_many(frame["puzzle"], solutions=solutions)
    rated = table.to_pandas(types_mapper=pd.ArrowDtype)
    rated.index = frame.index
    return rated


def rate_parquet(source: str, target: str, client: Client) -> pd.Series:
    """Rates every puzzle of `source` on `client`'s cluster into `target`; returns the number of
    rows of each status."""
    puzzles = dd.read_parquet(source)
    rated = puzzles.map_partitions(rate_partition, meta=rate_partition(puzzles._meta))
    rated.to_parquet(target)
    return client.compute(rated["status"].value_counts()).result()


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
