#include "common/runtime/result_reader.hpp"

#include "common/plumbing/output_file.hpp" // file_kind
#include "common/runtime/result_file.hpp" // parameters_checksum

#include <algorithm>
#include <sstream>
#include <sys/stat.h>

namespace cgt::common {

const Column& Table::column(const std::string& column_name) const {
    for (const auto& c : columns)
        if (c.name == column_name) return c;
    throw ResultRefused("table " + name + " has no column '" + column_name + "'");
}

std::vector<std::int64_t> Table::ints(const std::string& column_name) const {
    return std::visit(
        [&](const auto& v) -> std::vector<std::int64_t> {
            using T = typename std::decay_t<decltype(v)>::value_type;
            if constexpr (std::is_integral_v<T>) return {v.begin(), v.end()};
            else throw ResultRefused("column " + name + "/" + column_name + " is not an integer column");
        },
        column(column_name).data);
}

const std::vector<double>& Table::floats(const std::string& column_name) const {
    const auto* v = std::get_if<std::vector<double>>(&column(column_name).data);
    if (!v) throw ResultRefused("column " + name + "/" + column_name + " is not a float column");
    return *v;
}

const std::vector<std::string>& Table::texts(const std::string& column_name) const {
    const auto* v = std::get_if<std::vector<std::string>>(&column(column_name).data);
    if (!v) throw ResultRefused("column " + name + "/" + column_name + " is not a text column");
    return *v;
}

ResultReader::ResultReader(const std::string& path, const std::string& expected_program) : m_path(path) {
    silence_hdf5_errors();
    const std::string suffix = ".partial";
    if (path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
        throw ResultRefused(path + " is a partial file (its run did not finish)");
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) {
        if (stat((path + suffix).c_str(), &st) == 0)
            throw ResultRefused(path + " does not exist, only " + path + suffix + " (its run did not finish)");
        throw ResultRefused(path + " does not exist");
    }
    if (!S_ISREG(st.st_mode))
        throw ResultRefused(path + " is " + file_kind(st.st_mode) + ", not a result file");
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0) throw ResultRefused(path + " is not an HDF5 file");
    m_file = H5Id(file, H5Fclose);
    if (!has_attribute(m_file, "complete") || read_int_attribute(m_file, "complete", path) != 1)
        throw ResultRefused(path + " is incomplete (attribute complete is not 1)");
    const std::string program = has_attribute(m_file, "program") ? text_attribute("program") : "";
    if (program != expected_program)
        throw ResultRefused(path + " was written by " + (program.empty() ? "an unknown program" : program) +
                            ", not " + expected_program);
    // The provenance the tables were computed from: its own checksum, so that a file whose
    // parameters were edited (it would pass for a run of other parameters) is refused.
    const std::string parameters = has_attribute(m_file, "parameters") ? text_attribute("parameters") : "";
    if (!has_attribute(m_file, "parameters_checksum"))
        throw ResultRefused(path + " has no parameters_checksum (written by an older build? run it again)");
    if (text_attribute("parameters_checksum") != parameters_checksum(parameters))
        throw ResultRefused(path + ": data altered: the parameters attribute does not match its checksum");
}

std::string ResultReader::text_attribute(const std::string& name) const {
    return read_string_attribute(m_file, name, m_path);
}
std::int64_t ResultReader::int_attribute(const std::string& name) const {
    return read_int_attribute(m_file, name, m_path);
}
double ResultReader::float_attribute(const std::string& name) const {
    return read_double_attribute(m_file, name, m_path);
}

bool ResultReader::has_table(const std::string& name) const {
    return H5Lexists(m_file, name.c_str(), H5P_DEFAULT) > 0;
}

std::string ResultReader::table_attribute(const std::string& table, const std::string& name) const {
    const std::string where = m_path + " (table " + table + ")";
    H5Id group(h5_check(H5Gopen2(m_file, table.c_str(), H5P_DEFAULT), "H5Gopen2", where), H5Gclose);
    return read_string_attribute(group, name, where);
}

Table ResultReader::read_table(const std::string& name) const {
    const std::string where = m_path + " (table " + name + ")";
    if (!has_table(name)) throw ResultRefused(m_path + " has no table '" + name + "'");
    H5Id group(h5_check(H5Gopen2(m_file, name.c_str(), H5P_DEFAULT), "H5Gopen2", where), H5Gclose);
    Table table;
    table.name = name;
    table.order = read_string_attribute(group, "order", where);
    table.rows = static_cast<std::uint64_t>(read_int_attribute(group, "rows", where));
    const std::string names = read_string_attribute(group, "columns", where);
    std::stringstream in(names);
    std::uint64_t checksum = 0;
    for (std::string column; std::getline(in, column, ',');) {
        const std::string at = where + " column " + column;
        H5Id set(h5_check(H5Dopen2(group, column.c_str(), H5P_DEFAULT), "H5Dopen2", at), H5Dclose);
        H5Id type(h5_check(H5Dget_type(set), "H5Dget_type", at), H5Tclose);
        H5Id space(h5_check(H5Dget_space(set), "H5Dget_space", at), H5Sclose);
        const auto n = static_cast<std::uint64_t>(
            h5_check(H5Sget_simple_extent_npoints(space), "H5Sget_simple_extent_npoints", at));
        if (n != table.rows) throw ResultRefused(at + " has " + std::to_string(n) + " rows, the table " +
                                                 std::to_string(table.rows));
        const std::size_t size = H5Tget_size(type);
        Column c{column, {}};
        auto read_numbers = [&]<class T>(std::vector<T> v) {
            v.resize(n);
            if (n) h5_check(H5Dread(set, native_type<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()), "H5Dread", at);
            c.data = std::move(v);
        };
        switch (H5Tget_class(type)) {
        case H5T_STRING: {
            // A slab of rows at a time (set_text_slab_bytes).
            std::vector<std::string> v(n);
            // Whole chunks per slab, so no compressed chunk is read twice.
            std::uint64_t step = 1;
            {
                H5Id dcpl(h5_check(H5Dget_create_plist(set), "H5Dget_create_plist", at), H5Pclose);
                hsize_t chunk[1] = {0};
                if (H5Pget_layout(dcpl) == H5D_CHUNKED && H5Pget_chunk(dcpl, 1, chunk) == 1 && chunk[0] > 0)
                    step = chunk[0];
            }
            const std::uint64_t slab = step * std::max<std::uint64_t>(1, m_text_slab_bytes / (step * std::max<std::size_t>(size, 1)));
            std::vector<char> raw(std::min(n, slab) * size);
            for (std::uint64_t first = 0; first < n; first += slab) {
                const hsize_t start[1] = {first}, count[1] = {std::min(slab, n - first)};
                H5Id file_space(h5_check(H5Dget_space(set), "H5Dget_space", at), H5Sclose);
                h5_check(H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, count, nullptr),
                         "H5Sselect_hyperslab", at);
                H5Id mem_space(h5_check(H5Screate_simple(1, count, nullptr), "H5Screate_simple", at), H5Sclose);
                h5_check(H5Dread(set, type, mem_space, file_space, H5P_DEFAULT, raw.data()), "H5Dread", at);
                for (std::uint64_t i = 0; i < count[0]; ++i) {
                    const char* p = raw.data() + i * size;
                    v[first + i].assign(p, strnlen(p, size));
                }
            }
            c.data = std::move(v);
            break;
        }
        case H5T_FLOAT: read_numbers(std::vector<double>{}); break;
        case H5T_INTEGER: {
            const bool is_signed = H5Tget_sign(type) == H5T_SGN_2;
            if (is_signed) read_numbers(std::vector<std::int64_t>{});
            else if (size == 1) read_numbers(std::vector<std::uint8_t>{});
            else if (size == 2) read_numbers(std::vector<std::uint16_t>{});
            else read_numbers(std::vector<std::uint64_t>{});
            break;
        }
        default: throw ResultRefused(at + " has an unsupported type");
        }
        const Segment all{0, 0, n};
        checksum += column_checksum(column, c.data, std::span<const Segment>(&all, 1));
        table.columns.push_back(std::move(c));
    }
    if (read_string_attribute(group, "checksum", where) != std::to_string(checksum))
        throw ResultRefused(m_path + ": data altered: table " + name + " does not match its checksum");
    return table;
}

} // namespace cgt::common

namespace cgt::common {

Table ResultReader::read_table(const TableSchema& schema) const {
    Table table = read_table(schema.name);
    const auto kind = [](ColumnType t) {
        return t == ColumnType::Text ? "text" : t == ColumnType::Float64 ? "float" : "integer";
    };
    for (const ColumnSchema& c : schema.columns) {
        const Column& column = table.column(c.name);
        if (std::string(kind(column.type())) != kind(c.type))
            throw ResultRefused(m_path + ": column " + schema.name + "/" + c.name + " is not a " + kind(c.type) +
                                " column");
    }
    return table;
}

} // namespace cgt::common
