// h5_tamper: changes a finished result file the way a careless hand or a broken disk would,
// for the tests that verify programs refuse such files. Not installed; tests only.
//   h5_tamper FILE set-int NAME VALUE      root attribute NAME := VALUE (an integer)
//   h5_tamper FILE set-text NAME TEXT      root attribute NAME := TEXT
//   h5_tamper FILE forge-parameter NAME VALUE  the line `NAME = ...` of the parameters
//                                          made `NAME = VALUE`, and their checksum made to
//                                          match, as a forger would: only the verify
//                                          programs' checks of the tables against the
//                                          parameters can find it
//   h5_tamper FILE bump DATASET            the first element of DATASET changed (+1, or the
//                                          first character of a text replaced)
//   h5_tamper FILE copy DATASET FROM TO    element TO of a column := element FROM,
//                                          and its table's checksum made to match, as a
//                                          forger would: the reader accepts the file, and
//                                          only a verify program's own checks can find it
#include "common/plumbing/hdf5_file.hpp"
#include "common/runtime/result_file.hpp" // parameters_checksum
#include "common/runtime/table.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cgt::common;

int main(int argc, char* argv[]) {
    if (argc < 4 || argc > 6) {
        std::fprintf(stderr, "usage: h5_tamper FILE (set-int NAME VALUE | set-text NAME TEXT | forge-parameter NAME VALUE | bump DATASET | copy DATASET FROM TO)\n");
        return 2;
    }
    try {
        const std::string path = argv[1], what = argv[2];
        std::optional<Hdf5File> file = Hdf5File::open(path, Hdf5File::Access::read_write);
        if (!file) throw Hdf5Error(std::string(HDF5_OPEN_CALL) + " failed on " + path);
        if (what == "set-int" && argc == 5) {
            file->set_attribute(argv[3], static_cast<std::int64_t>(std::atoll(argv[4])));
        } else if (what == "set-text" && argc == 5) {
            file->set_attribute(argv[3], std::string(argv[4]));
        } else if (what == "forge-parameter" && argc == 5) {
            std::istringstream in(file->text_attribute("parameters"));
            std::string parameters, line;
            bool found = false;
            while (std::getline(in, line)) {
                if (line.rfind(std::string(argv[3]) + " = ", 0) == 0) {
                    line = std::string(argv[3]) + " = " + argv[4];
                    found = true;
                }
                parameters += line + "\n";
            }
            if (!found) throw std::runtime_error(std::string("no parameter ") + argv[3]);
            file->set_attribute("parameters", parameters);
            file->set_attribute("parameters_checksum", parameters_checksum(parameters));
        } else if (what == "bump" && argc == 4) {
            Hdf5Dataset set = file->open_dataset(argv[3], path);
            const ElementType type = set.type();
            std::vector<unsigned char> element(type.size() + 8, 0);
            set.read_rows(0, 1, type, element.data());
            if (type.kind() == ElementType::Kind::text) element[0] = element[0] == 'x' ? 'y' : 'x';
            else if (type.kind() == ElementType::Kind::floating) element[7] ^= 0x01; // perturb the exponent
            else element[0] = static_cast<unsigned char>(element[0] + 1);
            set.write_rows(0, 1, type, element.data());
        } else if (what == "copy" && argc == 6) {
            const std::string dataset = argv[3];
            const std::size_t slash = dataset.rfind('/');
            const std::string table = dataset.substr(0, slash), column = dataset.substr(slash + 1);
            const auto from = static_cast<std::uint64_t>(std::atoll(argv[4])), to = static_cast<std::uint64_t>(std::atoll(argv[5]));
            Hdf5Dataset set = file->open_dataset(dataset, path);
            // Elements as they are stored (an integer, or a fixed-width text); the row's part
            // of the checksum as the reader computes it.
            const ElementType stored = set.type();
            const bool text = stored.kind() == ElementType::Kind::text;
            const ElementType memory_type = text ? set.type() : ElementType::number<std::int64_t>(path);
            const std::size_t size = memory_type.size();
            const auto element = [&](std::uint64_t row, std::vector<char>& bytes, bool write) {
                if (write) set.write_rows(row, 1, memory_type, bytes.data());
                else set.read_rows(row, 1, memory_type, bytes.data());
            };
            std::vector<char> old_value(size), new_value(size);
            element(from, new_value, false);
            element(to, old_value, false);
            element(to, new_value, true);
            const auto hash = [&](const std::vector<char>& bytes) {
                const Segment at{0, to, 1};
                std::int64_t number = 0;
                if (!text) std::memcpy(&number, bytes.data(), sizeof number);
                const ColumnData data = text ? ColumnData(std::vector<std::string>{std::string(bytes.data(), strnlen(bytes.data(), size))})
                                             : ColumnData(std::vector<std::int64_t>{number}); // its 64 bits, whatever the width
                return column_checksum(column, data, std::span<const Segment>(&at, 1));
            };
            Hdf5Group group = file->open_group(table, path);
            const std::uint64_t checksum = std::stoull(group.text_attribute("checksum"));
            group.set_attribute("checksum", std::to_string(checksum - hash(old_value) + hash(new_value)));
        } else {
            std::fprintf(stderr, "h5_tamper: bad arguments\n");
            return 2;
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "h5_tamper: %s\n", e.what());
        return 1;
    }
}
