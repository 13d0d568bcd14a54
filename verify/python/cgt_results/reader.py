"""Opening a result file and reading its tables, refusing what the verify programs refuse.

The checks and their messages are those of the C++ reader (drivers/common/runtime/result_reader.cpp):
a file is refused (``Refused``, one line naming the file and why) when it is ``PATH.partial``
or only that exists, is not a regular file or not HDF5, lacks ``complete = 1``, was written
by another program, or its ``parameters`` no longer match ``parameters_checksum``; a table
is refused when a column's length is not the table's ``rows`` or its data no longer matches
its ``checksum``.
"""
import os
import stat

import h5py
import numpy as np

from . import checksum

# File data read at once per column (a slab of whole chunks).
SLAB_BYTES = 16 << 20

# The programs that write result files, and the jobs each runs (jobs/*.ini).
JOBS = {
    "nim": "cgt-nim",
    "grundy": "cgt-grundy",
    "grundy-2e36": "cgt-grundy",
    "hex-openings": "cgt-hex-openings",
    "hex-large": "cgt-hex-openings",
    "hex-8x8": "cgt-hex-openings",
    "hex-9x9": "cgt-hex-openings",
    "hex-misere": "cgt-hex-openings",
    "hex-misere-7x7": "cgt-hex-openings",
    "hex-misere-8x8": "cgt-hex-openings",
    "octal-sweep": "cgt-octal-sweep",
    "octal-unsolved": "cgt-octal-sweep",
    "octal-unsolved-2e36": "cgt-octal-sweep",
    "octal-frontier": "cgt-octal-sweep",
    "octal-4digit": "cgt-octal-sweep",
    "subtraction-census": "cgt-subtraction-census",
    "subtraction-census-small": "cgt-subtraction-census",
    "subtraction-census-2000": "cgt-subtraction-census",
    "hackenbush-signs": "cgt-hackenbush-signs",
    "hackenbush-green": "cgt-hackenbush-green",
    "hackenbush-colour": "cgt-hackenbush-colour",
    "hackenbush-sums": "cgt-hackenbush-sums",
    "hackenbush-stalks": "cgt-hackenbush-stalks",
}
PROGRAMS = sorted(set(JOBS.values()))


class Refused(Exception):
    """A file or table that must not be read as a result: the message is one line that names
    the file and why (the same words as a verify program's ``error:`` line)."""


def text_value(value):
    """An HDF5 text (attribute or element) as str, up to its first NUL as the C++ reader reads it."""
    if isinstance(value, np.ndarray):
        value = value.reshape(-1)[0] if value.size else b""
    if isinstance(value, (bytes, np.bytes_)):
        value = bytes(value).split(b"\0", 1)[0].decode("utf-8", errors="replace")
    return str(value).split("\0", 1)[0]


def _text_attribute(obj, name, where):
    if name not in obj.attrs:
        raise Refused(f"{where} has no attribute '{name}'")
    return text_value(obj.attrs[name])


def _int_attribute(obj, name, where):
    try:
        return int(np.asarray(obj.attrs[name]).reshape(-1)[0])
    except (KeyError, ValueError, TypeError, IndexError):
        raise Refused(f"{where}: attribute '{name}' is not an integer") from None


def _check_path(path):
    """The refusals that need no HDF5: a partial file, a missing one, not a regular file."""
    if path.endswith(".partial"):
        raise Refused(f"{path} is a partial file (its run did not finish)")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        if os.path.exists(path + ".partial"):
            raise Refused(f"{path} does not exist, only {path}.partial (its run did not finish)") from None
        raise Refused(f"{path} does not exist") from None
    if not stat.S_ISREG(mode):
        kind = ("a directory" if stat.S_ISDIR(mode) else "a character device" if stat.S_ISCHR(mode)
                else "a block device" if stat.S_ISBLK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise Refused(f"{path} is {kind}, not a result file")


def _expected_program(program, job):
    if job is not None:
        if job not in JOBS:
            raise ValueError(f"no job '{job}' (jobs: {' '.join(sorted(JOBS))})")
        if program is not None and program != JOBS[job]:
            raise ValueError(f"job {job} is written by {JOBS[job]}, not {program}")
        return JOBS[job]
    return program


class Table:
    """One table of a result file, read whole and checked against its checksum.

    ``columns`` names the columns in the file's order; ``table[name]`` is a column as a numpy
    array (texts as str, in an object array); ``rows()`` the rows as dicts; ``description`` and
    ``descriptions`` say what the table and each column mean (written into the file from the
    job's schema); ``order`` names the key the rows are sorted by.
    """

    def __init__(self, path, group, name):
        where = f"{path} (table {name})"
        self.name = name
        self.order = _text_attribute(group, "order", where)
        self.n_rows = _int_attribute(group, "rows", where)
        self.description = text_value(group.attrs["description"]) if "description" in group.attrs else ""
        self.columns = [c for c in _text_attribute(group, "columns", where).split(",") if c]
        self.descriptions = {}
        self._data = {}
        total = 0
        for column in self.columns:
            at = f"{where} column {column}"
            if column not in group or not isinstance(group[column], h5py.Dataset):
                raise Refused(f"{at} is missing")
            data = group[column]
            if data.shape != (self.n_rows,):
                raise Refused(f"{at} has {data.size} rows, the table {self.n_rows}")
            if data.dtype.kind not in "iufS":
                raise Refused(f"{at} has an unsupported type")
            total = (total + self._read_column(column, data)) & checksum.MASK
            self.descriptions[column] = text_value(data.attrs["description"]) if "description" in data.attrs else ""
        if _text_attribute(group, "checksum", where) != str(total):
            raise Refused(f"{path}: data altered: table {name} does not match its checksum")

    def _read_column(self, name, data):
        """Reads a column into self._data a slab of whole chunks at a time (about 16 MiB of
        file data: a text column is stored as wide as its longest text) and returns its
        checksum. Texts become an object array of str, each as long as itself."""
        is_text = data.dtype.kind == "S"
        step = data.chunks[0] if data.chunks else 1
        slab = step * max(1, SLAB_BYTES // (step * max(8, data.dtype.itemsize)))
        out = [] if is_text else np.empty(self.n_rows, dtype=data.dtype)

        def read_slab(first, last):
            values = data[first:last]
            if is_text:
                out.extend(bytes(v).partition(b"\0")[0].decode("utf-8", "replace") for v in values)
            else:
                out[first:last] = values
            return values

        total = checksum.column_checksum(name, read_slab, self.n_rows, slab_rows=slab)
        self._data[name] = np.array(out, dtype=object) if is_text else out
        return total

    def __getitem__(self, column):
        if column not in self._data:
            raise KeyError(f"table {self.name} has no column '{column}' (columns: {', '.join(self.columns)})")
        return self._data[column]

    def __contains__(self, column):
        return column in self._data

    def __len__(self):
        return self.n_rows

    def arrays(self):
        """Every column as a numpy array, by name, in the file's order."""
        return {c: self._data[c] for c in self.columns}

    def rows(self, start=0, stop=None):
        """The rows start..stop-1 (default all) as a list of dicts {column: value}, texts as
        str, numbers as Python ints and floats."""
        lists = [self._data[c][start:stop].tolist() for c in self.columns]
        return [dict(zip(self.columns, row)) for row in zip(*lists)]


class ResultFile:
    """A finished result file of a cgt-pipeline job, its provenance checked on opening.

    ``program``, ``version``, ``started``, ``ranks``, ``wall_seconds``: the root attributes;
    ``parameters_text`` the run's options as INI lines and ``parameters`` the same as a
    dict; ``attrs`` every root attribute; ``tables`` the table names. ``table(name)`` (or
    ``file[name]``) reads a table and checks its checksum, once. Use it as a context manager,
    or call ``close()``.
    """

    def __init__(self, path, program=None, job=None):
        self.path = str(path)
        expected = _expected_program(program, job)
        _check_path(self.path)
        try:
            self._file = h5py.File(self.path, "r")
        except OSError:
            raise Refused(f"{self.path} is not an HDF5 file") from None
        try:
            self._check_provenance(expected)
        except BaseException:
            self._file.close()
            raise
        self._tables = {}

    def _check_provenance(self, expected):
        f, path = self._file, self.path
        if "complete" not in f.attrs or _int_attribute(f, "complete", path) != 1:
            raise Refused(f"{path} is incomplete (attribute complete is not 1)")
        program = text_value(f.attrs["program"]) if "program" in f.attrs else ""
        if expected is not None and program != expected:
            raise Refused(f"{path} was written by {program or 'an unknown program'}, not {expected}")
        if expected is None and program not in PROGRAMS:
            raise Refused(f"{path} was written by {program or 'an unknown program'}, "
                          f"not by a program of cgt-pipeline ({', '.join(PROGRAMS)})")
        parameters = text_value(f.attrs["parameters"]) if "parameters" in f.attrs else ""
        if "parameters_checksum" not in f.attrs:
            raise Refused(f"{path} has no parameters_checksum (written by an older build? run it again)")
        if text_value(f.attrs["parameters_checksum"]) != checksum.parameters_checksum(parameters):
            raise Refused(f"{path}: data altered: the parameters attribute does not match its checksum")
        self.program = program
        self.parameters_text = parameters
        self.parameters = parse_parameters(parameters)
        self.attrs = {k: (text_value(v) if isinstance(v, (bytes, np.bytes_, str)) or
                          (isinstance(v, np.ndarray) and v.dtype.kind in "SOU") else _scalar(v))
                      for k, v in f.attrs.items()}
        self.version = self.attrs.get("version", "")
        self.started = self.attrs.get("started", "")
        self.ranks = self.attrs.get("ranks")
        self.wall_seconds = self.attrs.get("wall_seconds")

    @property
    def tables(self):
        """The names of the file's tables (its groups), sorted."""
        return sorted(k for k, v in self._file.items() if isinstance(v, h5py.Group))

    def table(self, name):
        if name not in self._tables:
            if name not in self._file or not isinstance(self._file[name], h5py.Group):
                raise Refused(f"{self.path} has no table '{name}'")
            self._tables[name] = Table(self.path, self._file[name], name)
        return self._tables[name]

    def __getitem__(self, name):
        return self.table(name)

    def __contains__(self, name):
        return name in self._file and isinstance(self._file[name], h5py.Group)

    def close(self):
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _scalar(value):
    a = np.asarray(value)
    return a.reshape(-1)[0].item() if a.size == 1 else a.tolist()


def parse_parameters(text):
    """The ``parameters`` attribute (INI lines ``name = value``) as a dict of str."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, _, value = line.partition("=")
        out[name.strip()] = value.strip()
    return out


def open_result(path, program=None, job=None):
    """Opens a result file: ``program`` (``"cgt-nim"``) or ``job`` (``"hex-large"``) names
    who must have written it; with neither, any program of cgt-pipeline. Raises Refused."""
    return ResultFile(path, program=program, job=job)
