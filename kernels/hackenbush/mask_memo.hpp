#pragma once
// Memo tables keyed by a position (edge mask) of one picture: a plain array indexed by the
// mask while the picture is small enough, a hash map beyond that.
#include "core/flat_map.hpp"
#include "hackenbush/picture.hpp"

#include <cstddef>
#include <vector>

namespace cgt::hackenbush {

template <class Value>
class MaskMemo {
public:
    // Up to this many edges the table is an array of 2^edges entries (512 KiB of 8-byte
    // values at most).
    static constexpr std::size_t DENSE_EDGES = 16;

    MaskMemo(std::size_t edge_count, Value absent)
        : m_absent(absent), m_dense(edge_count <= DENSE_EDGES),
          m_table(m_dense ? std::size_t{1} << edge_count : 0, absent), m_sparse(0) {}

    // The stored value, or `absent`. Mask 0 may be stored only in the array form.
    [[nodiscard]] Value get(EdgeMask mask) const {
        if (m_dense) return m_table[mask];
        const Value* v = m_sparse.find(mask);
        return v ? *v : m_absent;
    }
    void set(EdgeMask mask, Value value) {
        if (m_dense)
            m_table[mask] = value;
        else
            m_sparse.insert(mask, value);
    }

    [[nodiscard]] std::size_t memory_bytes() const {
        return m_table.capacity() * sizeof(Value) + m_sparse.memory_bytes();
    }

private:
    struct MaskHash {
        std::size_t operator()(EdgeMask m) const { return core::mix64(m); }
    };
    Value m_absent;
    bool m_dense;
    std::vector<Value> m_table;
    core::FlatMap<EdgeMask, Value, MaskHash> m_sparse; // empty key: mask 0
};

} // namespace cgt::hackenbush
