#include "common/checkpoint.hpp"

#include "common/output_file.hpp"

#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cgt::common {

namespace {
void fsync_path(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) throw std::runtime_error("open " + path + " for fsync failed");
    const int rc = ::fsync(fd);
    ::close(fd);
    if (rc != 0) throw std::runtime_error("fsync " + path + " failed");
}
std::string directory_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}
} // namespace

void write_checkpoint(const std::string& path, const std::string& program,
                      const std::function<void(hid_t file)>& write) {
    silence_hdf5_errors();
    const std::string tmp = path + ".tmp";
    // A left-over PATH.tmp (a killed write) is removed; the new one is created exclusively,
    // so it is never written through a symbolic link or into a device planted at its name.
    struct stat st {};
    if (lstat(tmp.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
            throw std::runtime_error("cannot write checkpoint '" + tmp + "': it is " + file_kind(st.st_mode));
        ::unlink(tmp.c_str());
    }
    {
        H5Id file(h5_check(H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT), "H5Fcreate", tmp),
                  H5Fclose);
        write_attribute(file, "program", program, tmp);
        write_attribute(file, "complete", std::int64_t{0}, tmp);
        write(file);
        write_attribute(file, "complete", std::int64_t{1}, tmp);
        h5_check(H5Fflush(file, H5F_SCOPE_GLOBAL), "H5Fflush", tmp);
        file.close("H5Fclose", tmp);
    }
    fsync_path(tmp);
    rename_over_regular_file(tmp, path);
    fsync_path(directory_of(path)); // make the rename itself durable
}

bool checkpoint_exists(const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0;
}

void read_checkpoint(const std::string& path, const std::string& program,
                     const std::function<void(hid_t file)>& read) {
    silence_hdf5_errors();
    const hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (id < 0) throw std::runtime_error("cannot open checkpoint " + path + " (missing or not HDF5)");
    H5Id file(id, H5Fclose);
    if (!has_attribute(file, "program") || read_string_attribute(file, "program", path) != program)
        throw std::runtime_error("checkpoint " + path + " is not from " + program);
    if (!has_attribute(file, "complete") || read_int_attribute(file, "complete", path) != 1)
        throw std::runtime_error("checkpoint " + path + " is incomplete");
    read(file);
}

} // namespace cgt::common
