#pragma once
// A job's tables, declared once: each table's group name, sort order, one line of what a
// row is, and its columns (name, type, one line of meaning, with the join keys spelt out:
// "row of /values (join on value)"). A job's schema header (drivers/<job>/*_schema.hpp)
// holds these declarations; its driver builds and writes its tables from them, its tests
// and its verify program read the columns by them. The writer stores every meaning as a
// `description` attribute (on the group and on each column), so `h5dump -A` explains the
// file. Pure C++: no MPI or HDF5 here.
//
//   namespace positions {
//   inline constexpr common::Col<std::int64_t> value{"value", "the XOR of the heaps' Grundy values"};
//   inline const common::TableSchema table{.name = "positions", .order = "game,heaps",
//                                          .meaning = "...", .columns = {game, heaps, value}};
//   }
#include "common/runtime/table.hpp"

#include <string>
#include <vector>

namespace cgt::common {

struct ColumnSchema {
    std::string name;
    ColumnType type;
    std::string meaning;
    template <class T>
    ColumnSchema(const Col<T>& col) : name(col.name), type(Col<T>::type), meaning(col.meaning) {} // NOLINT
};

struct TableSchema {
    std::string name = {};    // the group
    std::string order = {};   // the column(s) rows are sorted by, e.g. "size,row,col" ("" for one row)
    std::string meaning = {}; // what one row is
    std::vector<ColumnSchema> columns = {};
    bool compress = false;     // chunked and deflated: big tables, and tables with text columns
    bool measures_run = false; // timings: they differ between any two runs and are left out of
                               // the comparisons of runs (resume, merge, rank counts)

    // Declares the columns, in order, on an empty table.
    void declare(LocalTable& table) const;
    [[nodiscard]] LocalTable make() const;
    // std::logic_error unless `table` has exactly these columns with these types, in order.
    void check(const LocalTable& table) const;
    [[nodiscard]] const ColumnSchema& column(const std::string& column_name) const;
};

// "int64", "uint64", "uint16", "uint8", "float64", "text".
const char* type_name(ColumnType type);

} // namespace cgt::common
