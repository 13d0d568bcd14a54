#include "common/plumbing/hdf5_handle.hpp"

#include <algorithm>
#include <cstring>

namespace cgt::common {

void silence_hdf5_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

std::int64_t h5_check(std::int64_t status, const char* call, const std::string& where) {
    if (status < 0) throw Hdf5Error(std::string(call) + " failed on " + where);
    return status;
}

H5Id utf8_string_type(std::size_t width, const std::string& where) {
    // NUL-terminated, one byte wider than the longest text, so h5dump prints clean strings.
    H5Id type(h5_check(H5Tcopy(H5T_C_S1), "H5Tcopy", where), H5Tclose);
    h5_check(H5Tset_size(type, width + 1), "H5Tset_size", where);
    h5_check(H5Tset_strpad(type, H5T_STR_NULLTERM), "H5Tset_strpad", where);
    h5_check(H5Tset_cset(type, H5T_CSET_UTF8), "H5Tset_cset", where);
    return type;
}

namespace {
void write_scalar_attribute(hid_t object, const std::string& name, hid_t type, const void* value,
                            const std::string& where) {
    const std::string at = where + " (attribute " + name + ")";
    if (H5Aexists(object, name.c_str()) > 0)
        h5_check(H5Adelete(object, name.c_str()), "H5Adelete", at);
    H5Id space(h5_check(H5Screate(H5S_SCALAR), "H5Screate", at), H5Sclose);
    H5Id attr(h5_check(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT),
                       "H5Acreate2", at), H5Aclose);
    h5_check(H5Awrite(attr, type, value), "H5Awrite", at);
    attr.close("H5Aclose", at);
}
} // namespace

void write_attribute(hid_t object, const std::string& name, const std::string& value,
                     const std::string& where) {
    H5Id type = utf8_string_type(value.size(), where);
    write_scalar_attribute(object, name, type, value.c_str(), where);
}
void write_attribute(hid_t object, const std::string& name, std::int64_t value, const std::string& where) {
    write_scalar_attribute(object, name, H5T_NATIVE_INT64, &value, where);
}
void write_attribute(hid_t object, const std::string& name, double value, const std::string& where) {
    write_scalar_attribute(object, name, H5T_NATIVE_DOUBLE, &value, where);
}

bool has_attribute(hid_t object, const std::string& name) {
    return H5Aexists(object, name.c_str()) > 0;
}

std::string read_string_attribute(hid_t object, const std::string& name, const std::string& where) {
    const std::string at = where + " (attribute " + name + ")";
    H5Id attr(h5_check(H5Aopen(object, name.c_str(), H5P_DEFAULT), "H5Aopen", at), H5Aclose);
    H5Id type(h5_check(H5Aget_type(attr), "H5Aget_type", at), H5Tclose);
    if (H5Tget_class(type) != H5T_STRING) throw Hdf5Error("attribute " + name + " of " + where + " is not a string");
    if (H5Tis_variable_str(type) > 0) {
        char* text = nullptr;
        H5Id mem(h5_check(H5Tcopy(H5T_C_S1), "H5Tcopy", at), H5Tclose);
        h5_check(H5Tset_size(mem, H5T_VARIABLE), "H5Tset_size", at);
        h5_check(H5Aread(attr, mem, &text), "H5Aread", at);
        std::string out = text ? text : "";
        H5free_memory(text);
        return out;
    }
    const std::size_t size = H5Tget_size(type);
    std::string out(size, '\0');
    h5_check(H5Aread(attr, type, out.data()), "H5Aread", at);
    out.resize(std::strlen(out.c_str()));
    return out;
}

std::int64_t read_int_attribute(hid_t object, const std::string& name, const std::string& where) {
    const std::string at = where + " (attribute " + name + ")";
    H5Id attr(h5_check(H5Aopen(object, name.c_str(), H5P_DEFAULT), "H5Aopen", at), H5Aclose);
    std::int64_t value = 0;
    h5_check(H5Aread(attr, H5T_NATIVE_INT64, &value), "H5Aread", at);
    return value;
}

double read_double_attribute(hid_t object, const std::string& name, const std::string& where) {
    const std::string at = where + " (attribute " + name + ")";
    H5Id attr(h5_check(H5Aopen(object, name.c_str(), H5P_DEFAULT), "H5Aopen", at), H5Aclose);
    double value = 0;
    h5_check(H5Aread(attr, H5T_NATIVE_DOUBLE, &value), "H5Aread", at);
    return value;
}

} // namespace cgt::common
