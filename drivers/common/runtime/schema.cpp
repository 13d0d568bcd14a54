#include "common/runtime/schema.hpp"

#include <stdexcept>

namespace cgt::common {

const char* type_name(ColumnType type) {
    switch (type) {
    case ColumnType::Int64: return "int64";
    case ColumnType::UInt64: return "uint64";
    case ColumnType::UInt16: return "uint16";
    case ColumnType::UInt8: return "uint8";
    case ColumnType::Float64: return "float64";
    case ColumnType::Text: return "text";
    }
    return "?";
}

void TableSchema::declare(LocalTable& table) const {
    if (!table.columns().empty()) throw std::logic_error("TableSchema::declare: table " + name + " has columns already");
    for (const ColumnSchema& c : columns) {
        switch (c.type) {
        case ColumnType::Int64: table.add_column<std::int64_t>(c.name); break;
        case ColumnType::UInt64: table.add_column<std::uint64_t>(c.name); break;
        case ColumnType::UInt16: table.add_column<std::uint16_t>(c.name); break;
        case ColumnType::UInt8: table.add_column<std::uint8_t>(c.name); break;
        case ColumnType::Float64: table.add_column<double>(c.name); break;
        case ColumnType::Text: table.add_column<std::string>(c.name); break;
        }
    }
}

LocalTable TableSchema::make() const {
    LocalTable table;
    declare(table);
    return table;
}

void TableSchema::check(const LocalTable& table) const {
    const auto& have = table.columns();
    bool same = have.size() == columns.size();
    for (std::size_t i = 0; same && i < columns.size(); ++i)
        same = have[i].name == columns[i].name && have[i].type() == columns[i].type;
    if (same) return;
    std::string got;
    for (const Column& c : have) got += (got.empty() ? "" : ",") + c.name + ":" + type_name(c.type());
    std::string want;
    for (const ColumnSchema& c : columns) want += (want.empty() ? "" : ",") + c.name + ":" + type_name(c.type);
    throw std::logic_error("table " + name + " has columns " + got + ", its schema " + want);
}

const ColumnSchema& TableSchema::column(const std::string& column_name) const {
    for (const ColumnSchema& c : columns)
        if (c.name == column_name) return c;
    throw std::logic_error("table " + name + " has no column '" + column_name + "' in its schema");
}

} // namespace cgt::common
