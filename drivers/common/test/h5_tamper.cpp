// h5_tamper: changes a finished result file the way a careless hand or a broken disk would,
// for the tests that verify programs refuse such files. Not installed; tests only.
//   h5_tamper FILE set-int NAME VALUE      root attribute NAME := VALUE (an integer)
//   h5_tamper FILE set-text NAME TEXT      root attribute NAME := TEXT
//   h5_tamper FILE bump DATASET            the first element of DATASET changed (+1, or the
//                                          first character of a text replaced)
#include "common/hdf5_handle.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace cgt::common;

int main(int argc, char* argv[]) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: h5_tamper FILE (set-int NAME VALUE | set-text NAME TEXT | bump DATASET)\n");
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
