#pragma once
// Checkpoints of sequential jobs: small serial HDF5 files replaced atomically. A checkpoint
// is written to PATH.tmp, flushed to disk, closed and renamed over PATH, so a crash at any
// moment leaves either the previous checkpoint or the new one, never a broken file. Each
// checkpoint records the program and a `complete` flag set last, and a reader refuses one
// of another program or one whose write did not finish. Like a result, a checkpoint never
// replaces anything but a regular file (output_file.hpp).
#include "common/hdf5_handle.hpp"

#include <functional>
#include <string>

namespace cgt::common {

// Writes a checkpoint: `write(file)` fills the fresh file (datasets, attributes).
void write_checkpoint(const std::string& path, const std::string& program,
                      const std::function<void(hid_t file)>& write);

// Whether PATH exists (a resumable checkpoint may be there).
bool checkpoint_exists(const std::string& path);

// Opens a checkpoint for reading after checking it is complete and from `program`;
// `read(file)` reads it. Throws UsageError-worthy std::runtime_error otherwise (the
// caller decides how to report).
void read_checkpoint(const std::string& path, const std::string& program,
                     const std::function<void(hid_t file)>& read);

} // namespace cgt::common
