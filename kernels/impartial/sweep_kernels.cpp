#include "impartial/sweep_kernels.hpp"

#include "impartial/grundy_game.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CGT_SCAN_HAVE_X86 1
#endif

namespace cgt::impartial {

namespace {
// Bit v % 64 of word v / 64 is set when v is sparse.
constexpr std::array<std::uint64_t, 8> SPARSE_WORDS = [] {
    std::array<std::uint64_t, 8> words{};
    for (unsigned v = 0; v < SWEEP_VALUE_LIMIT; ++v)
        if (is_sparse_value(v)) words[v >> 6] |= std::uint64_t{1} << (v & 63);
    return words;
}();
} // namespace

ValueSet ValueSet::sparse_below(unsigned bound) {
    if (bound > SWEEP_VALUE_LIMIT)
        throw std::invalid_argument("ValueSet::sparse_below: bound " + std::to_string(bound) +
                                    " exceeds 512");
    ValueSet s;
    for (unsigned i = 0; i < 8; ++i) {
        const unsigned lo = 64 * i;
        const std::uint64_t below = bound >= lo + 64 ? ~std::uint64_t{0}
                                    : bound <= lo    ? 0
                                                     : (std::uint64_t{1} << (bound - lo)) - 1;
        s.m_words[i] = SPARSE_WORDS[i] & below;
    }
    return s;
}

unsigned ValueSet::size() const {
    // SWAR count: without -mpopcnt, std::popcount is a library call, and this runs per heap.
    unsigned n = 0;
    for (std::uint64_t w : m_words) {
        w = w - ((w >> 1) & 0x5555555555555555ull);
        w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
        w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
        n += static_cast<unsigned>((w * 0x0101010101010101ull) >> 56);
    }
    return n;
}

unsigned ValueSet::smallest() const {
    for (unsigned i = 0; i < m_words.size(); ++i)
        if (m_words[i]) return 64 * i + static_cast<unsigned>(std::countr_zero(m_words[i]));
    return SWEEP_VALUE_LIMIT;
}

namespace {

// Removes the value x from the set held in `words`; counts it off `remaining` if it was there.
// Branch-free: whether x was wanted is data-dependent and would mispredict.
inline void take(std::uint64_t* words, unsigned& remaining, unsigned x) {
    const std::uint64_t bit = std::uint64_t{1} << (x & 63);
    remaining -= (words[x >> 6] & bit) != 0;
    words[x >> 6] &= ~bit;
}

// Splits first..last, scalar.
std::uint64_t scan_scalar(const std::uint16_t* g, std::uint64_t n, std::uint64_t first,
                          std::uint64_t last, std::uint64_t* words, unsigned& remaining) {
    for (std::uint64_t a = first; a <= last; ++a) {
        take(words, remaining, g[a] ^ g[n - a]);
        if (remaining == 0) return a;
    }
    return 0;
}

void mark_scalar(const std::uint16_t* g, std::uint64_t n0, std::span<const SparsePart> parts,
                 std::uint8_t* marks, std::uint8_t stamp) {
    for (const SparsePart& p : parts) {
        const std::uint16_t* src = g + (n0 - p.heap);
        for (unsigned j = 0; j < MARK_BLOCK; ++j) marks[j * SWEEP_VALUE_LIMIT + (src[j] ^ p.value)] = stamp;
    }
}

#ifdef CGT_SCAN_HAVE_X86
// 64 splits per step, two registers of 32: lane j pairs G(a + j) with G(n - a - j) (one
// load reversed), and the wanted set, 32 words of 16 bits, is looked up with one vpermw by
// x / 16 and a shift by x % 16. Lanes that hit are then taken in increasing a, so the split
// returned is exact. Most steps hit nothing; the branch that finds out is the costly part.
__attribute__((target("avx512f,avx512bw,bmi,bmi2"))) inline __mmask32
wanted_lanes(__m512i x, __m512i table) {
    const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x, 4), table);
    const __m512i bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
    return _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1));
}

__attribute__((target("avx512f,avx512bw,bmi,bmi2"))) std::uint64_t
scan_avx512(const std::uint16_t* g, std::uint64_t n, std::uint64_t first, std::uint64_t last,
            std::uint64_t* words, unsigned& remaining) {
    const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                             17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    __m512i table = _mm512_loadu_si512(words);
    std::uint64_t a = first;
    for (; a + 63 <= last; a += 64) {
        const __m512i x0 = _mm512_xor_si512(_mm512_loadu_si512(g + a),
                                            _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (n - a - 31))));
        const __m512i x1 = _mm512_xor_si512(_mm512_loadu_si512(g + a + 32),
                                            _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (n - a - 63))));
        std::uint64_t hit = wanted_lanes(x0, table) | (std::uint64_t{wanted_lanes(x1, table)} << 32);
        if (hit) {
            alignas(64) std::uint16_t xs[64];
            _mm512_store_si512(xs, x0);
            _mm512_store_si512(xs + 32, x1);
            do {
                const unsigned lane = static_cast<unsigned>(std::countr_zero(hit));
                hit &= hit - 1;
                take(words, remaining, xs[lane]);
                if (remaining == 0) return a + lane;
            } while (hit);
            table = _mm512_loadu_si512(words);
        }
    }
    return a <= last ? scan_scalar(g, n, a, last, words, remaining) : 0;
}

// The 32 values of a part are one load; adding j * 512 to lane j turns them into the byte
// offsets of the marks, written out 8 parts (256 offsets) at a time and stored one by one
// (there is no fast byte scatter): two instructions per mark instead of four.
__attribute__((target("avx512f,avx512bw,bmi,bmi2"))) void
mark_avx512(const std::uint16_t* g, std::uint64_t n0, std::span<const SparsePart> parts,
            std::uint8_t* marks, std::uint8_t stamp) {
    constexpr int R = SWEEP_VALUE_LIMIT;
    const __m512i row = _mm512_set_epi16(31 * R, 30 * R, 29 * R, 28 * R, 27 * R, 26 * R, 25 * R, 24 * R,
                                         23 * R, 22 * R, 21 * R, 20 * R, 19 * R, 18 * R, 17 * R, 16 * R,
                                         15 * R, 14 * R, 13 * R, 12 * R, 11 * R, 10 * R, 9 * R, 8 * R,
                                         7 * R, 6 * R, 5 * R, 4 * R, 3 * R, 2 * R, 1 * R, 0);
    constexpr std::size_t GROUP = 8;
    alignas(64) std::uint16_t offsets[GROUP * MARK_BLOCK];
    std::size_t k = 0;
    for (; k < parts.size(); k += GROUP) {
        const std::size_t group = std::min(GROUP, parts.size() - k);
        for (std::size_t q = 0; q < group; ++q) {
            const SparsePart& p = parts[k + q];
            const __m512i v = _mm512_loadu_si512(g + (n0 - p.heap));
            const __m512i x = _mm512_xor_si512(v, _mm512_set1_epi16(static_cast<short>(p.value)));
            _mm512_store_si512(offsets + MARK_BLOCK * q, _mm512_add_epi16(x, row));
        }
#pragma GCC unroll 16
        for (std::size_t i = 0; i < group * MARK_BLOCK; ++i) marks[offsets[i]] = stamp;
    }
}


// AVX2 has no 16-bit permute across the register, so the 512-bit wanted set is two
// registers of 8 dwords: the word of x is picked from each with vpermd by x / 32, the one of
// the right half (bit 8 of x) is blended in, then shifted by x % 32. 32 splits per step.
__attribute__((target("avx2,bmi,bmi2"))) inline std::uint32_t wanted_lanes_avx2(__m256i x16, __m256i low, __m256i high) {
    std::uint32_t mask = 0;
    for (int half = 0; half < 2; ++half) {
        const __m256i x = _mm256_cvtepu16_epi32(half ? _mm256_extracti128_si256(x16, 1) : _mm256_castsi256_si128(x16));
        const __m256i index = _mm256_srli_epi32(x, 5);
        const __m256i word = _mm256_castps_si256(_mm256_blendv_ps(
            _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(low, index)),
            _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(high, index)),
            _mm256_castsi256_ps(_mm256_slli_epi32(x, 23)))); // bit 8 of x to the sign
        const __m256i bit = _mm256_srlv_epi32(word, _mm256_and_si256(x, _mm256_set1_epi32(31)));
        mask |= static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bit, 31))))
                << (8 * half);
    }
    return mask;
}

__attribute__((target("avx2,bmi,bmi2"))) inline __m256i reversed_avx2(const std::uint16_t* p) {
    const __m256i words = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                           14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    const __m256i v = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), words);
    return _mm256_permute4x64_epi64(v, 0x4e);
}

__attribute__((target("avx2,bmi,bmi2"))) std::uint64_t
scan_avx2(const std::uint16_t* g, std::uint64_t n, std::uint64_t first, std::uint64_t last,
          std::uint64_t* words, unsigned& remaining) {
    __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words));
    __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + 4));
    std::uint64_t a = first;
    for (; a + 31 <= last; a += 32) {
        const __m256i x0 = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a)),
                                            reversed_avx2(g + (n - a - 15)));
        const __m256i x1 = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a + 16)),
                                            reversed_avx2(g + (n - a - 31)));
        std::uint32_t hit = wanted_lanes_avx2(x0, low, high) | (wanted_lanes_avx2(x1, low, high) << 16);
        if (hit) {
            alignas(32) std::uint16_t xs[32];
            _mm256_store_si256(reinterpret_cast<__m256i*>(xs), x0);
            _mm256_store_si256(reinterpret_cast<__m256i*>(xs + 16), x1);
            do {
                const unsigned lane = static_cast<unsigned>(std::countr_zero(hit));
                hit &= hit - 1;
                take(words, remaining, xs[lane]);
                if (remaining == 0) return a + lane;
            } while (hit);
            low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words));
            high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + 4));
        }
    }
    return a <= last ? scan_scalar(g, n, a, last, words, remaining) : 0;
}

// As mark_avx512, 16 heaps per register.
__attribute__((target("avx2,bmi,bmi2"))) void mark_avx2(const std::uint16_t* g, std::uint64_t n0,
                                               std::span<const SparsePart> parts, std::uint8_t* marks,
                                               std::uint8_t stamp) {
    constexpr short R = SWEEP_VALUE_LIMIT;
    const __m256i row0 = _mm256_setr_epi16(0, R, 2 * R, 3 * R, 4 * R, 5 * R, 6 * R, 7 * R, 8 * R, 9 * R,
                                           10 * R, 11 * R, 12 * R, 13 * R, 14 * R, 15 * R);
    const __m256i row16 = _mm256_add_epi16(row0, _mm256_set1_epi16(16 * R));
    constexpr std::size_t GROUP = 8;
    alignas(32) std::uint16_t offsets[GROUP * MARK_BLOCK];
    for (std::size_t k = 0; k < parts.size(); k += GROUP) {
        const std::size_t group = std::min(GROUP, parts.size() - k);
        for (std::size_t q = 0; q < group; ++q) {
            const SparsePart& p = parts[k + q];
            const std::uint16_t* src = g + (n0 - p.heap);
            const __m256i value = _mm256_set1_epi16(static_cast<short>(p.value));
            const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src));
            const __m256i v1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 16));
            auto* out = reinterpret_cast<__m256i*>(offsets + MARK_BLOCK * q);
            _mm256_store_si256(out, _mm256_add_epi16(_mm256_xor_si256(v0, value), row0));
            _mm256_store_si256(out + 1, _mm256_add_epi16(_mm256_xor_si256(v1, value), row16));
        }
#pragma GCC unroll 16
        for (std::size_t i = 0; i < group * MARK_BLOCK; ++i) marks[offsets[i]] = stamp;
    }
}
#endif

} // namespace

bool scan_kernel_available(ScanKernel kernel) {
    switch (kernel) {
    case ScanKernel::portable: return true;
#ifdef CGT_SCAN_HAVE_X86
    // BMI1/2 keep the bit bookkeeping in general registers (every such processor has them).
    case ScanKernel::avx2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    case ScanKernel::avx512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#else
    case ScanKernel::avx2:
    case ScanKernel::avx512: return false;
#endif
    }
    return false;
}

ScanKernel fastest_scan_kernel() {
    for (ScanKernel k : {ScanKernel::avx512, ScanKernel::avx2})
        if (scan_kernel_available(k)) return k;
    return ScanKernel::portable;
}

const char* scan_kernel_name(ScanKernel kernel) {
    switch (kernel) {
    case ScanKernel::portable: return "portable";
    case ScanKernel::avx2: return "avx2";
    case ScanKernel::avx512: return "avx512";
    }
    return "?";
}

namespace {
void require_available(ScanKernel kernel) {
    if (!scan_kernel_available(kernel))
        throw std::invalid_argument(std::string("scan kernel ") + scan_kernel_name(kernel) +
                                    " is not available on this processor");
}
} // namespace

void mark_sparse_parts(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n0,
                       std::span<const SparsePart> parts, std::uint8_t* marks, std::uint8_t stamp) {
    require_available(kernel);
    if (parts.empty()) return;
    // Parts are kept ascending, so the ends bound them all.
    if (parts.front().heap < MARK_BLOCK || parts.back().heap > n0)
        throw std::invalid_argument("mark_sparse_parts: parts must lie in 32.." + std::to_string(n0));
#ifdef CGT_SCAN_HAVE_X86
    if (kernel == ScanKernel::avx512) return mark_avx512(values, n0, parts, marks, stamp);
    if (kernel == ScanKernel::avx2) return mark_avx2(values, n0, parts, marks, stamp);
#endif
    mark_scalar(values, n0, parts, marks, stamp);
}

RawScan raw_scan(ScanKernel kernel) {
    require_available(kernel);
#ifdef CGT_SCAN_HAVE_X86
    if (kernel == ScanKernel::avx512) return scan_avx512;
    if (kernel == ScanKernel::avx2) return scan_avx2;
#endif
    return scan_scalar;
}

std::uint64_t scan_splits(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n,
                          std::uint64_t last, ValueSet& wanted) {
    return scan_split_range(kernel, values, n, 1, last, wanted);
}

std::uint64_t scan_split_range(ScanKernel kernel, const std::uint16_t* values, std::uint64_t n,
                               std::uint64_t first, std::uint64_t last, ValueSet& wanted) {
    require_available(kernel);
    if (wanted.empty()) throw std::invalid_argument("scan_splits: the wanted set is empty");
    if (first == 0) throw std::invalid_argument("scan_splits: split 0 is no split");
    if (last >= n - last)
        throw std::invalid_argument("scan_splits: split " + std::to_string(last) + " of heap " +
                                    std::to_string(n) + " is not a split");
    if (first > last) return 0;
    std::array<std::uint64_t, 8> words = wanted.words();
    unsigned remaining = wanted.size();
    std::uint64_t stop = 0;
#ifdef CGT_SCAN_HAVE_X86
    if (kernel == ScanKernel::avx512)
        stop = scan_avx512(values, n, first, last, words.data(), remaining);
    else if (kernel == ScanKernel::avx2)
        stop = scan_avx2(values, n, first, last, words.data(), remaining);
    else
#endif
        stop = scan_scalar(values, n, first, last, words.data(), remaining);
    wanted = ValueSet(words);
    return stop;
}

} // namespace cgt::impartial
