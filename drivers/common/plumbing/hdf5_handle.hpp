#pragma once
// Checked HDF5 calls and RAII handles, under the writer and reader of hdf5_file.hpp. Every
// failing HDF5 C call throws Hdf5Error naming the call and the file (HighFive's rule), and
// HDF5's own error-stack printing is off, so a failure reaches the user as one line.
#include <hdf5.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cgt::common {

class Hdf5Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Turns off HDF5's automatic error printing (idempotent).
void silence_hdf5_errors();

// Throws Hdf5Error("<call> failed on <where>") if `status` is negative; returns it otherwise.
std::int64_t h5_check(std::int64_t status, const char* call, const std::string& where);

// Owns an hid_t and closes it with the matching H5?close.
class H5Id {
public:
    H5Id() = default;
    H5Id(hid_t id, herr_t (*closer)(hid_t)) : m_id(id), m_close(closer) {}
    H5Id(H5Id&& o) noexcept : m_id(o.m_id), m_close(o.m_close) { o.m_id = H5I_INVALID_HID; }
    H5Id& operator=(H5Id&& o) noexcept {
        if (this != &o) {
            reset();
            m_id = o.m_id;
            m_close = o.m_close;
            o.m_id = H5I_INVALID_HID;
        }
        return *this;
    }
    H5Id(const H5Id&) = delete;
    H5Id& operator=(const H5Id&) = delete;
    ~H5Id() { reset(); }
    void reset() {
        if (m_id >= 0 && m_close) m_close(m_id);
        m_id = H5I_INVALID_HID;
    }
    // Closes now and reports a failure (a destructor cannot).
    void close(const char* call, const std::string& where) {
        if (m_id >= 0) {
            const hid_t id = m_id;
            m_id = H5I_INVALID_HID;
            h5_check(m_close(id), call, where);
        }
    }
    // Gives the id up without closing it (the caller closes it).
    [[nodiscard]] hid_t release() {
        const hid_t id = m_id;
        m_id = H5I_INVALID_HID;
        return id;
    }
    [[nodiscard]] hid_t get() const { return m_id; }
    operator hid_t() const { return m_id; }

private:
    hid_t m_id = H5I_INVALID_HID;
    herr_t (*m_close)(hid_t) = nullptr;
};

// A fixed-length UTF-8 string type holding texts of up to `width` bytes (NUL-terminated).
H5Id utf8_string_type(std::size_t width, const std::string& where);

// Scalar attributes of an object (Hdf5Object's, hdf5_file.hpp).
void write_attribute(hid_t object, const std::string& name, const std::string& value, const std::string& where);
void write_attribute(hid_t object, const std::string& name, std::int64_t value, const std::string& where);
void write_attribute(hid_t object, const std::string& name, double value, const std::string& where);
bool has_attribute(hid_t object, const std::string& name);
std::string read_string_attribute(hid_t object, const std::string& name, const std::string& where);
std::int64_t read_int_attribute(hid_t object, const std::string& name, const std::string& where);
double read_double_attribute(hid_t object, const std::string& name, const std::string& where);

template <class T> hid_t native_type();
template <> inline hid_t native_type<std::int64_t>() { return H5T_NATIVE_INT64; }
template <> inline hid_t native_type<std::uint64_t>() { return H5T_NATIVE_UINT64; }
template <> inline hid_t native_type<std::uint32_t>() { return H5T_NATIVE_UINT32; }
template <> inline hid_t native_type<std::uint16_t>() { return H5T_NATIVE_UINT16; }
template <> inline hid_t native_type<std::uint8_t>() { return H5T_NATIVE_UINT8; }
template <> inline hid_t native_type<double>() { return H5T_NATIVE_DOUBLE; }

} // namespace cgt::common
