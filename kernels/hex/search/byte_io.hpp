#pragma once
// Plain values to and from bytes, for a search saved and continued (vc_search.hpp): the
// bytes of the value as it lies in memory (little-endian on the machines we run on), read
// back by a build of the same word widths.
#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace cgt::hex {

template <class T> void append_bytes(std::vector<std::byte>& out, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const std::byte*>(&value);
    out.insert(out.end(), p, p + sizeof(T));
}

// Takes a T from the front of `in`; std::invalid_argument naming `what` if `in` is shorter.
template <class T> T take_bytes(std::span<const std::byte>& in, const char* what) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (in.size() < sizeof(T)) throw std::invalid_argument(std::string("a saved search cut short in its ") + what);
    T value;
    std::memcpy(&value, in.data(), sizeof(T));
    in = in.subspan(sizeof(T));
    return value;
}

} // namespace cgt::hex
