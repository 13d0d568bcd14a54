#pragma once
// Rows moved between ranks so that each rank holds one contiguous run of a table's global
// order. A table computed in an interleaved split (tasks dealt round-robin, a dynamic queue)
// has each rank's rows scattered over the whole file; written that way with compression,
// every chunk of the file is shared by several ranks and the collective write gets slower
// with more ranks. After make_rows_contiguous, rank r holds the r-th of P near-equal runs
// (block_range of the total) as one block keyed r, so the file and its checksum are the same
// and each chunk is written by one rank (two at the boundaries).
#include "common/plumbing/comm.hpp"
#include "common/runtime/table.hpp"

namespace cgt::common {

// Collective. Every rank passes its table (the same columns on every rank, blocks keyed in
// the global order as for ResultFile::write_table); on return it holds its run of rows (with
// one rank the table is left as it is: its blocks already make up the whole file). At
// most 2^31 - 1 rows and 2 GiB of text may go from one rank to another in one call (MPI
// counts are ints); beyond that std::runtime_error names the limit.
void make_rows_contiguous(const Comm& comm, LocalTable& table);

} // namespace cgt::common
