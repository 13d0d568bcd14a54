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
#include "common/plumbing/hdf5_handle.hpp"
#include "common/runtime/result_file.hpp" // parameters_checksum
#include "common/runtime/table.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
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
        silence_hdf5_errors();
        const std::string path = argv[1], what = argv[2];
        H5Id file(h5_check(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), "H5Fopen", path), H5Fclose);
        if (what == "set-int" && argc == 5) {
            write_attribute(file, argv[3], static_cast<std::int64_t>(std::atoll(argv[4])), path);
        } else if (what == "set-text" && argc == 5) {
            write_attribute(file, argv[3], std::string(argv[4]), path);
        } else if (what == "forge-parameter" && argc == 5) {
            std::istringstream in(read_string_attribute(file, "parameters", path));
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
            write_attribute(file, "parameters", parameters, path);
            write_attribute(file, "parameters_checksum", parameters_checksum(parameters), path);
        } else if (what == "bump" && argc == 4) {
            H5Id set(h5_check(H5Dopen2(file, argv[3], H5P_DEFAULT), "H5Dopen2", path), H5Dclose);
            H5Id type(h5_check(H5Dget_type(set), "H5Dget_type", path), H5Tclose);
            H5Id space(h5_check(H5Dget_space(set), "H5Dget_space", path), H5Sclose);
            const hsize_t start[1] = {0}, count[1] = {1};
            h5_check(H5Sselect_hyperslab(space, H5S_SELECT_SET, start, nullptr, count, nullptr), "H5Sselect_hyperslab", path);
            H5Id mem(h5_check(H5Screate_simple(1, count, nullptr), "H5Screate_simple", path), H5Sclose);
            std::vector<unsigned char> element(H5Tget_size(type) + 8, 0);
            h5_check(H5Dread(set, type, mem, space, H5P_DEFAULT, element.data()), "H5Dread", path);
            if (H5Tget_class(type) == H5T_STRING) element[0] = element[0] == 'x' ? 'y' : 'x';
            else if (H5Tget_class(type) == H5T_FLOAT) element[7] ^= 0x01; // perturb the exponent
            else element[0] = static_cast<unsigned char>(element[0] + 1);
            h5_check(H5Dwrite(set, type, mem, space, H5P_DEFAULT, element.data()), "H5Dwrite", path);
        } else if (what == "copy" && argc == 6) {
            const std::string dataset = argv[3];
            const std::size_t slash = dataset.rfind('/');
            const std::string table = dataset.substr(0, slash), column = dataset.substr(slash + 1);
            const auto from = static_cast<hsize_t>(std::atoll(argv[4])), to = static_cast<hsize_t>(std::atoll(argv[5]));
            H5Id set(h5_check(H5Dopen2(file, dataset.c_str(), H5P_DEFAULT), "H5Dopen2", path), H5Dclose);
            H5Id space(h5_check(H5Dget_space(set), "H5Dget_space", path), H5Sclose);
            const hsize_t one[1] = {1};
            H5Id mem(h5_check(H5Screate_simple(1, one, nullptr), "H5Screate_simple", path), H5Sclose);
            // Elements as they are stored (an integer, or a fixed-width text); the row's part
            // of the checksum as the reader computes it.
            H5Id type(h5_check(H5Dget_type(set), "H5Dget_type", path), H5Tclose);
            const bool text = H5Tget_class(type) == H5T_STRING;
            const hid_t memory_type = text ? static_cast<hid_t>(type) : H5T_NATIVE_INT64;
            const std::size_t size = text ? H5Tget_size(type) : sizeof(std::int64_t);
            const auto element = [&](hsize_t row, std::vector<char>& bytes, bool write) {
                const hsize_t start[1] = {row};
                h5_check(H5Sselect_hyperslab(space, H5S_SELECT_SET, start, nullptr, one, nullptr), "H5Sselect_hyperslab", path);
                if (write) h5_check(H5Dwrite(set, memory_type, mem, space, H5P_DEFAULT, bytes.data()), "H5Dwrite", path);
                else h5_check(H5Dread(set, memory_type, mem, space, H5P_DEFAULT, bytes.data()), "H5Dread", path);
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
            H5Id group(h5_check(H5Gopen2(file, table.c_str(), H5P_DEFAULT), "H5Gopen2", path), H5Gclose);
            const std::uint64_t checksum = std::stoull(read_string_attribute(group, "checksum", path));
            write_attribute(group, "checksum", std::to_string(checksum - hash(old_value) + hash(new_value)), path);
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
