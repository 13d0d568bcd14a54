#include "impartial/multisets.hpp"

#include <numeric>
#include <stdexcept>
#include <string>

namespace cgt::impartial {

namespace {
// Binomial coefficient, or 0 on overflow of 64 bits (callers treat 0 as "too many").
std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
    if (k > n) return 0;
    if (k > n - k) k = n - k;
    // r * (n - k + i) is divisible by i; dividing by gcd first keeps it exact in 64 bits.
    std::uint64_t r = 1;
    for (std::uint64_t i = 1; i <= k; ++i) {
        const std::uint64_t g = std::gcd(r, i);
        const std::uint64_t factor = (n - k + i) / (i / g);
        std::uint64_t product = 0;
        if (__builtin_mul_overflow(r / g, factor, &product)) return 0;
        r = product;
    }
    return r;
}
} // namespace

Multisets::Multisets(unsigned heaps, std::uint32_t max_heap) : m_heaps(heaps), m_max(max_heap) {
    if (heaps < 1 || heaps > 16)
        throw std::invalid_argument("the number of heaps must be 1..16, got " + std::to_string(heaps));
    m_count = binomial(std::uint64_t{max_heap} + heaps, heaps);
    if (m_count == 0)
        throw std::invalid_argument("C(H + K, K) positions do not fit in 64 bits");
}

std::uint64_t Multisets::tail_count(unsigned slots, std::uint32_t lo) const {
    if (slots == 0) return 1;
    return binomial(std::uint64_t{m_max - lo} + slots, slots);
}

std::vector<std::uint32_t> Multisets::unrank(std::uint64_t index) const {
    if (index >= m_count) throw std::out_of_range("multiset index out of range");
    std::vector<std::uint32_t> heaps(m_heaps);
    std::uint32_t lo = 0;
    for (unsigned i = 0; i < m_heaps; ++i) {
        const unsigned rest = m_heaps - i - 1;
        for (std::uint32_t v = lo;; ++v) {
            const std::uint64_t block = tail_count(rest, v); // multisets with heap i = v
            if (index < block) {
                heaps[i] = v;
                lo = v;
                break;
            }
            index -= block;
        }
    }
    return heaps;
}

std::uint64_t Multisets::rank(const std::vector<std::uint32_t>& heaps) const {
    std::uint64_t index = 0;
    std::uint32_t lo = 0;
    for (unsigned i = 0; i < m_heaps; ++i) {
        const unsigned rest = m_heaps - i - 1;
        for (std::uint32_t v = lo; v < heaps[i]; ++v) index += tail_count(rest, v);
        lo = heaps[i];
    }
    return index;
}

bool Multisets::next(std::vector<std::uint32_t>& heaps) const {
    // Increment the last heap that can grow and reset those after it to its new value.
    for (std::size_t i = heaps.size(); i-- > 0;) {
        if (heaps[i] < m_max) {
            const std::uint32_t v = heaps[i] + 1;
            for (std::size_t j = i; j < heaps.size(); ++j) heaps[j] = v;
            return true;
        }
    }
    return false;
}

} // namespace cgt::impartial
