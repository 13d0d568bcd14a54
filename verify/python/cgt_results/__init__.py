"""cgt_results: the result files of cgt-pipeline from Python (h5py and numpy only).

    from cgt_results import open_result, Refused
    with open_result("results/nim.h5", job="nim") as f:    # refuses a partial, incomplete,
        positions = f.table("positions")                   # foreign or altered file
        print(f.version, f.parameters["max-heap"], positions.description)
        values = positions["value"]                        # a numpy array (texts as str)
        losing = [r["heaps"] for r in positions.rows() if r["value"] == 0]

A file is refused as the verify programs refuse it (the same checks and words, the same
checksums recomputed with numpy); ``python3 -m cgt_results FILE`` checks one from the shell.
The tables and columns of every job: results/SCHEMA.md, and ``table.descriptions``.
"""
from .checksum import column_checksum, hash_bytes, parameters_checksum
from .reader import JOBS, PROGRAMS, Refused, ResultFile, Table, open_result, parse_parameters

__all__ = ["open_result", "Refused", "ResultFile", "Table", "JOBS", "PROGRAMS", "parse_parameters",
           "hash_bytes", "parameters_checksum", "column_checksum"]
