"""The checksums of a result file, recomputed with numpy exactly as the C++ side writes them.

- ``parameters_checksum`` (root attribute): ``hash_bytes`` of the ``parameters`` text, in
  decimal (drivers/common/runtime/result_file.cpp).
- a table's ``checksum`` (group attribute): the sum mod 2^64 over its columns and rows of
  ``mix64(hash_bytes(name) ^ mix64(row ^ value_hash(value)))``, in decimal
  (drivers/common/runtime/table.cpp, ``column_checksum``), where ``value_hash`` is ``mix64`` of an
  integer's two's-complement 64-bit word, ``mix64`` of a float64's bits, and ``hash_bytes``
  of a text's bytes up to its first NUL.
- ``hash_bytes`` (drivers/common/plumbing/hash.hpp): splitmix64's finaliser over little-endian 64-bit
  words, the length mixed in first, the last word zero-padded.

A column is hashed a slab of rows at a time, so memory stays bounded whatever its length.
"""
import numpy as np

MASK = (1 << 64) - 1
_SEED = 0xCBF29CE484222325
_K0, _K1, _K2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_U = np.uint64
_UK0, _UK1, _UK2 = _U(_K0), _U(_K1), _U(_K2)
_S27, _S30, _S31 = _U(27), _U(30), _U(31)

# Rows hashed at once: 2^22 rows keep each temporary array at 32 MiB.
SLAB_ROWS = 1 << 22


def mix64(x):
    """splitmix64's finaliser of one Python int (taken mod 2^64)."""
    x = (x + _K0) & MASK
    x = ((x ^ (x >> 30)) * _K1) & MASK
    x = ((x ^ (x >> 27)) * _K2) & MASK
    return x ^ (x >> 31)


def hash_bytes(data):
    """The 64-bit hash of a bytes object, as an int (hash.hpp's hash_bytes)."""
    n = len(data)
    h = mix64(_SEED ^ n)
    padded = bytes(data) + b"\0" * (-n % 8)
    for i in range(0, n, 8):
        h = mix64(h ^ int.from_bytes(padded[i:i + 8], "little"))
    return h


def parameters_checksum(parameters):
    """The root attribute ``parameters_checksum`` of a file whose ``parameters`` are this text."""
    return str(hash_bytes(parameters.encode("utf-8")))


def mix64_array(x):
    """mix64 of every element of a uint64 array (wrapping arithmetic, a new array)."""
    with np.errstate(over="ignore"):
        x = x + _UK0
        t = x >> _S30
        x ^= t
        x *= _UK1
        np.right_shift(x, _S27, out=t)
        x ^= t
        x *= _UK2
        np.right_shift(x, _S31, out=t)
        x ^= t
        return x


def hash_fixed_width(raw):
    """hash_bytes of each row of a fixed-width byte array (numpy dtype ``S<width>``), each
    text taken up to its first NUL as the C++ reader does (strnlen); a uint64 array."""
    n = raw.shape[0]
    width = raw.dtype.itemsize
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    words = (width + 7) // 8
    buf = np.zeros((n, words * 8), dtype=np.uint8)
    buf[:, :width] = np.frombuffer(np.ascontiguousarray(raw).tobytes(), dtype=np.uint8).reshape(n, width)
    zero = buf[:, :width] == 0
    length = np.where(zero.any(axis=1), zero.argmax(axis=1), width).astype(np.uint64)
    buf[np.arange(words * 8, dtype=np.uint64)[None, :] >= length[:, None]] = 0
    word = buf.view("<u8")
    h = mix64_array(_U(_SEED) ^ length)
    for k in range(words):
        h = np.where(length > _U(8 * k), mix64_array(h ^ word[:, k]), h)
    return h


def value_hashes(values):
    """value_hash of each element of a numpy array of one column (uint64 array)."""
    kind = values.dtype.kind
    if kind == "S":
        return hash_fixed_width(values)
    if kind == "f":
        return mix64_array(values.astype(np.float64).view(np.uint64))
    if kind == "i":
        return mix64_array(values.astype(np.int64).view(np.uint64))
    if kind in "ub":
        return mix64_array(values.astype(np.uint64))
    raise TypeError(f"no checksum for a column of numpy type {values.dtype}")


def column_checksum(name, read_slab, rows, slab_rows=SLAB_ROWS):
    """The checksum of one column (an int): ``read_slab(first, last)`` gives its rows
    first..last-1 as a numpy array (fixed-width bytes for a text column), called for
    consecutive slabs of at most ``slab_rows`` rows."""
    name_hash = _U(hash_bytes(name.encode("utf-8")))
    total = 0
    slab_rows = max(1, min(slab_rows, SLAB_ROWS))
    for first in range(0, rows, slab_rows):
        last = min(rows, first + slab_rows)
        values = read_slab(first, last)
        index = np.arange(first, last, dtype=np.uint64)
        terms = mix64_array(name_hash ^ mix64_array(index ^ value_hashes(values)))
        total = (total + int(terms.sum(dtype=np.uint64))) & MASK
    return total
