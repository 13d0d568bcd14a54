#pragma once
// A finished task's record read without its job: the rows of each table as text, column by
// column, as the record names them (task_record.hpp draws the layout). For a look at what a
// running or stopped job has decided so far (cgt-merge --list --rows), not for restoring:
// a resumed run decodes records with its own tables (TaskTables::decode), which also checks
// that they are its own. Pure C++: no MPI here.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

struct RecordTable {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows; // rows[r][c]: numbers in decimal (%.6g for reals), texts as they are
};

// The tables of a task record, in the job's order (JournalError, naming `what`, if the
// payload is not a whole task record).
std::vector<RecordTable> record_tables(std::span<const std::byte> payload, const std::string& what);

} // namespace cgt::common
