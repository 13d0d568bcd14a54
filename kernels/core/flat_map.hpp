#pragma once
// An open-addressing hash map for the memo tables of the engine (comparisons, sums, values
// by edge mask): flat storage, linear probing, no per-entry allocation. One key value is
// reserved as the empty marker and may not be inserted.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace cgt::core {

// A 64-bit finaliser (splitmix64): every input bit affects every output bit, so keys that
// differ in a few low bits (edge masks, consecutive ids) spread over the table.
constexpr std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

template <class Key, class Value, class Hash>
class FlatMap {
public:
    // Allocates nothing until the first insert.
    explicit FlatMap(Key empty, Hash hash = Hash()) : m_empty(empty), m_hash(hash) {}

    // The value stored for `key`, or nullptr. The pointer is valid until the next insert or
    // clear.
    [[nodiscard]] const Value* find(const Key& key) const {
        if (m_slots.empty()) return nullptr;
        for (std::size_t i = m_hash(key) & m_mask;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.key == key) return &s.value;
            if (s.key == m_empty) return nullptr;
        }
    }

    // Stores `value` for `key` (replacing an earlier value). `key` must not be the empty key.
    void insert(const Key& key, const Value& value) {
        if (key == m_empty) throw std::logic_error("FlatMap: the empty key cannot be stored");
        if (2 * (m_size + 1) > m_slots.size()) rebuild(m_slots.empty() ? 16 : 2 * m_slots.size());
        for (std::size_t i = m_hash(key) & m_mask;; i = (i + 1) & m_mask) {
            Slot& s = m_slots[i];
            if (s.key == key) {
                s.value = value;
                return;
            }
            if (s.key == m_empty) {
                s.key = key;
                s.value = value;
                ++m_size;
                return;
            }
        }
    }

    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] std::size_t memory_bytes() const { return m_slots.capacity() * sizeof(Slot); }
    // Empties the map and gives back its memory.
    void clear() {
        std::vector<Slot>().swap(m_slots);
        m_mask = 0;
        m_size = 0;
    }

private:
    struct Slot {
        Key key;
        Value value;
    };

    void rebuild(std::size_t capacity) {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(capacity, Slot{m_empty, Value{}});
        m_mask = capacity - 1;
        m_size = 0;
        for (const Slot& s : old)
            if (!(s.key == m_empty)) insert(s.key, s.value);
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_size = 0;
    Key m_empty;
    Hash m_hash;
};

// A hash map from keys below 2^63 - 1 to one bit, in 8 bytes per entry (the bit is stored
// in the key's top bit): the comparison memo between interned games, the engine's largest
// table.
class FlatBitMap {
public:
    static constexpr std::uint64_t VALUE_BIT = std::uint64_t{1} << 63;
    static constexpr std::uint64_t EMPTY = ~std::uint64_t{0};

    FlatBitMap() { rebuild(16); }

    // 1 or 0 for a stored key, -1 for an absent one.
    [[nodiscard]] int find(std::uint64_t key) const {
        for (std::size_t i = mix64(key) & m_mask;; i = (i + 1) & m_mask) {
            const std::uint64_t s = m_slots[i];
            if (s == EMPTY) return -1;
            if ((s & ~VALUE_BIT) == key) return s >> 63 ? 1 : 0;
        }
    }
    // Stores a key not stored yet (key < 2^63 - 1).
    void insert(std::uint64_t key, bool value) {
        if (key >= VALUE_BIT - 1) throw std::logic_error("FlatBitMap: key out of range");
        if (2 * (m_size + 1) > m_slots.size()) rebuild(2 * m_slots.size());
        place(key | (value ? VALUE_BIT : 0));
        ++m_size;
    }
    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] std::size_t memory_bytes() const { return m_slots.capacity() * sizeof(std::uint64_t); }
    void clear() {
        std::vector<std::uint64_t>().swap(m_slots);
        rebuild(16);
    }

private:
    void place(std::uint64_t slot) {
        std::size_t i = mix64(slot & ~VALUE_BIT) & m_mask;
        while (m_slots[i] != EMPTY) i = (i + 1) & m_mask;
        m_slots[i] = slot;
    }
    void rebuild(std::size_t capacity) {
        std::vector<std::uint64_t> old;
        old.swap(m_slots);
        m_slots.assign(capacity, EMPTY);
        m_mask = capacity - 1;
        for (std::uint64_t s : old)
            if (s != EMPTY) place(s);
    }

    std::vector<std::uint64_t> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_size = 0;
};

} // namespace cgt::core
