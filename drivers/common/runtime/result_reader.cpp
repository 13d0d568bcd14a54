#include "common/runtime/result_reader.hpp"

#include "common/plumbing/output_file.hpp" // file_kind
#include "common/runtime/result_file.hpp" // parameters_checksum

#include <algorithm>
#include <cstring>
#include <fstream>
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

namespace {
// The 8 bytes an HDF5 file starts with (without a user block).
bool has_hdf5_signature(const std::string& path) {
    static const char signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
    std::ifstream in(path, std::ios::binary);
    char head[8] = {};
    return in.read(head, sizeof head) && std::equal(head, head + 8, signature);
}
} // namespace

template <class Read>
auto ResultReader::checked(Read&& read) const -> decltype(read()) {
    try {
        return read();
    } catch (const ResultRefused&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::runtime_error& e) {
        std::string what = e.what();
        if (what.rfind(m_path + ": ", 0) == 0) what = what.substr(m_path.size() + 2);
        throw ResultRefused(m_path + " is damaged: " + what);
    }
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
    if (st.st_size == 0) throw ResultRefused(path + " is empty (0 bytes), not a result file");
    m_file = Hdf5File::open(path, Hdf5File::Access::read_only);
    if (!m_file && has_hdf5_signature(path))
        throw ResultRefused(path + " is damaged: an HDF5 file that HDF5 cannot open (truncated or overwritten)");
    if (!m_file) throw ResultRefused(path + " is not an HDF5 file");
    checked([&] { check_provenance(expected_program); });
}

void ResultReader::check_provenance(const std::string& expected_program) const {
    const std::string& path = m_path;
    if (!m_file->has_attribute("complete") && !m_file->has_attribute("program"))
        throw ResultRefused(path + " is an HDF5 file but no result file of this project (it has no 'program' "
                                   "and no 'complete' attribute)");
    if (!m_file->has_attribute("complete") || m_file->int_attribute("complete") != 1)
        throw ResultRefused(path + " is incomplete (attribute complete is not 1)");
    const std::string program = m_file->has_attribute("program") ? text_attribute("program") : "";
    if (program != expected_program)
        throw ResultRefused(path + " was written by " + (program.empty() ? "an unknown program" : program) +
                            ", not " + expected_program);
    // The provenance the tables were computed from: its own checksum, so that a file whose
    // parameters were edited (it would pass for a run of other parameters) is refused.
    const std::string parameters = m_file->has_attribute("parameters") ? text_attribute("parameters") : "";
    if (!m_file->has_attribute("parameters_checksum"))
        throw ResultRefused(path + " has no parameters_checksum (written by an older build? run it again)");
    if (text_attribute("parameters_checksum") != parameters_checksum(parameters))
        throw ResultRefused(path + ": data altered: the parameters attribute does not match its checksum");
}

std::string ResultReader::text_attribute(const std::string& name) const {
    return checked([&] { return m_file->text_attribute(name); });
}
std::int64_t ResultReader::int_attribute(const std::string& name) const {
    return checked([&] { return m_file->int_attribute(name); });
}
double ResultReader::float_attribute(const std::string& name) const {
    return checked([&] { return m_file->float_attribute(name); });
}

bool ResultReader::has_table(const std::string& name) const {
    return checked([&] { return m_file->has(name); });
}

std::string ResultReader::table_attribute(const std::string& table, const std::string& name) const {
    return checked([&] { return m_file->open_group(table, m_path + " (table " + table + ")").text_attribute(name); });
}

Table ResultReader::read_table(const std::string& name) const {
    return checked([&] { return read_table_unchecked(name); });
}

Table ResultReader::read_table_unchecked(const std::string& name) const {
    const std::string where = m_path + " (table " + name + ")";
    if (!has_table(name)) throw ResultRefused(m_path + " has no table '" + name + "'");
    const Hdf5Group group = m_file->open_group(name, where);
    Table table;
    table.name = name;
    table.order = group.text_attribute("order");
    table.rows = static_cast<std::uint64_t>(group.int_attribute("rows"));
    const std::string names = group.text_attribute("columns");
    std::stringstream in(names);
    std::uint64_t checksum = 0;
    for (std::string column; std::getline(in, column, ',');) {
        const std::string at = where + " column " + column;
        const Hdf5Dataset set = group.open_dataset(column, at);
        const ElementType type = set.type();
        const std::uint64_t n = set.rows();
        if (n != table.rows) throw ResultRefused(at + " has " + std::to_string(n) + " rows, the table " +
                                                 std::to_string(table.rows));
        const std::size_t size = type.size();
        Column c{column, {}};
        auto read_numbers = [&]<class T>(std::vector<T> v) {
            v.resize(n);
            set.read_rows(0, n, ElementType::number<T>(at), v.data());
            c.data = std::move(v);
        };
        switch (type.kind()) {
        case ElementType::Kind::text: {
            // A slab of rows at a time (set_text_slab_bytes), whole chunks per slab, so no
            // compressed chunk is read twice.
            std::vector<std::string> v(n);
            const std::uint64_t step = std::max<std::uint64_t>(1, set.chunk_rows());
            const std::uint64_t slab = step * std::max<std::uint64_t>(1, m_text_slab_bytes / (step * std::max<std::size_t>(size, 1)));
            std::vector<char> raw(std::min(n, slab) * size);
            for (std::uint64_t first = 0; first < n; first += slab) {
                const std::uint64_t count = std::min(slab, n - first);
                set.read_rows(first, count, type, raw.data());
                for (std::uint64_t i = 0; i < count; ++i) {
                    const char* p = raw.data() + i * size;
                    v[first + i].assign(p, strnlen(p, size));
                }
            }
            c.data = std::move(v);
            break;
        }
        case ElementType::Kind::floating: read_numbers(std::vector<double>{}); break;
        case ElementType::Kind::integer: {
            if (type.is_signed()) read_numbers(std::vector<std::int64_t>{});
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
    if (group.text_attribute("checksum") != std::to_string(checksum))
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
