#include "impartial/window_kernels.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CGT_WINDOW_HAVE_X86 1
#endif

namespace cgt::impartial {

namespace {

constexpr unsigned ROW = SWEEP_VALUE_LIMIT;

// Removes x from the wanted set and records its split if it was wanted. Branch-free: whether
// x is still wanted is data-dependent and would mispredict; the entry written when it was not
// is overwritten by the next one.
inline bool take_first(WantedSet& w, unsigned x, std::uint64_t split, FirstSeen* seen,
                       unsigned& n) {
    const std::uint64_t bit = std::uint64_t{1} << (x & 63);
    const std::uint64_t word = w.words[x >> 6];
    const unsigned found = (word & bit) != 0;
    w.words[x >> 6] = word & ~bit;
    seen[n] = {split, x};
    n += found;
    w.remaining -= found;
    return w.remaining == 0;
}

std::uint64_t scan_first_scalar(const std::uint16_t* lo, const std::uint16_t* hi,
                                std::uint64_t count, std::uint64_t a0, WantedSet& w,
                                FirstSeen* seen, unsigned& n) {
    for (std::uint64_t i = 0; i < count; ++i)
        if (take_first(w, lo[i] ^ hi[i], a0 + i, seen, n)) return i + 1;
    return count;
}

void mark_group_scalar(const ValueView& values, std::uint64_t top,
                       std::span<const SparsePart> parts, std::uint8_t* marks, std::uint8_t stamp) {
    for (const SparsePart& p : parts) {
        const std::uint16_t* src = values.ring() + values.slot(top - p.heap);
        for (unsigned l = 0; l < MARK_BLOCK; ++l)
            marks[(MARK_BLOCK - 1 - l) * ROW + (src[l] ^ p.value)] = stamp;
    }
}

#ifdef CGT_WINDOW_HAVE_X86

// Lane i of the result: whether x[i] is in the 512-bit set `table` (32 words of 16 bits).
__attribute__((target("avx512f,avx512bw"))) inline __mmask32 wanted_lanes(__m512i x,
                                                                          __m512i table) {
    const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x, 4), table);
    const __m512i bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
    return _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1));
}

// The 512-bit set holding only x (x < 512), as wanted_lanes reads it: bit x % 16 of word x / 16.
__attribute__((target("avx512f,avx512bw"))) inline __m512i only(unsigned x) {
    return _mm512_maskz_set1_epi16(static_cast<__mmask32>(1u << (x >> 4)),
                                   static_cast<short>(1u << (x & 15)));
}

// 64 splits a step: lane j pairs G(a + j) with G(L - a - j), both plain loads; the wanted set,
// 32 words of 16 bits, is looked up with one vpermw by x / 16 and a shift by x % 16. The lanes
// that hit are taken in increasing a, so the sightings are exact. Most steps hit nothing. The
// set in the register loses each value a lane hits (whether or not an earlier lane of the step
// took it: then it was gone already), so it always equals the set in memory without being
// loaded again from the words just stored (a wide load of narrow stores waits for them).
__attribute__((target("avx512f,avx512bw,bmi,bmi2"))) std::uint64_t
scan_first_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                  std::uint64_t a0, WantedSet& wanted, FirstSeen* seen, unsigned& n) {
    // A local copy, so that the set and the counters stay out of memory `seen` might alias.
    WantedSet w = wanted;
    unsigned found = n;
    __m512i table = _mm512_loadu_si512(w.words);
    std::uint64_t i = 0;
    for (; i + 64 <= count; i += 64) {
        const __m512i x0 = _mm512_xor_si512(_mm512_loadu_si512(lo + i), _mm512_loadu_si512(hi + i));
        const __m512i x1 =
            _mm512_xor_si512(_mm512_loadu_si512(lo + i + 32), _mm512_loadu_si512(hi + i + 32));
        std::uint64_t hit =
            wanted_lanes(x0, table) | (std::uint64_t{wanted_lanes(x1, table)} << 32);
        if (!hit) continue;
        alignas(64) std::uint16_t xs[64];
        _mm512_store_si512(xs, x0);
        _mm512_store_si512(xs + 32, x1);
        do {
            const unsigned lane = static_cast<unsigned>(std::countr_zero(hit));
            hit &= hit - 1;
            const unsigned x = xs[lane];
            // table & ~only(x): _mm512_andnot_si512 draws a false -Wmaybe-uninitialized from
            // GCC 12's header (its undefined pass-through operand) where it is inlined here.
            table = _mm512_and_si512(table, _mm512_xor_si512(only(x), _mm512_set1_epi64(-1)));
            if (take_first(w, x, a0 + i + lane, seen, found)) {
                wanted = w;
                n = found;
                return i + lane + 1;
            }
        } while (hit);
    }
    if (i + 32 <= count) { // one more half step before the scalar tail
        const __m512i x = _mm512_xor_si512(_mm512_loadu_si512(lo + i), _mm512_loadu_si512(hi + i));
        std::uint32_t hit = wanted_lanes(x, table);
        alignas(64) std::uint16_t xs[32];
        _mm512_store_si512(xs, x);
        for (; hit; hit &= hit - 1) {
            const unsigned lane = static_cast<unsigned>(std::countr_zero(hit));
            if (take_first(w, xs[lane], a0 + i + lane, seen, found)) {
                wanted = w;
                n = found;
                return i + lane + 1;
            }
        }
        i += 32;
    }
    const std::uint64_t rest = scan_first_scalar(lo + i, hi + i, count - i, a0 + i, w, seen, found);
    wanted = w;
    n = found;
    return i + rest;
}

// The 512-bit set holding only x, for every x < 512, as `only` makes it: a load instead of a
// move into a mask register and a masked broadcast.
struct alignas(64) OneBit {
    std::uint64_t words[8];
};
constexpr std::array<OneBit, SWEEP_VALUE_LIMIT> make_one_bits() {
    std::array<OneBit, SWEEP_VALUE_LIMIT> t{};
    for (unsigned x = 0; x < SWEEP_VALUE_LIMIT; ++x)
        t[x].words[x / 64] = std::uint64_t{1} << (x % 64);
    return t;
}
constexpr std::array<OneBit, SWEEP_VALUE_LIMIT> ONLY = make_one_bits();

// The most splits a window of scan_last_avx512 takes at once.
constexpr std::uint64_t LAST_WINDOW = 256;

// scan_last on AVX-512 with VBMI2. A window's lanes that hit a value wanted at its start are
// compressed into `hits` (no branch per step: whether a step hits is data-dependent and
// mispredicts about every other step late in a scan); then the window's values leave the set
// at once. The window that would empty the set is looked at again by scan_first_avx512 from
// the set at its start, which finds the exact last sighting.
__attribute__((target("avx512f,avx512bw,avx512vbmi2,bmi,bmi2"))) std::uint64_t
scan_last_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                 std::uint64_t a0, WantedSet& wanted, FirstSeen* seen, unsigned& n,
                 unsigned& exact_from) {
    WantedSet w = wanted;
    unsigned found = n;
    __m512i table = _mm512_loadu_si512(w.words);
    alignas(64) std::uint16_t hits[LAST_WINDOW + 32];
    std::uint64_t i = 0;
    // Windows of 64 splits first, doubling to LAST_WINDOW: early in a scan most lanes hit
    // values still wanted at the window's start, each counted again in a long window.
    for (std::uint64_t size = 64; i + size <= count;
         i += size, size = std::min(2 * size, LAST_WINDOW)) {
        unsigned k = 0;
        for (std::uint64_t s = 0; s < size; s += 32) {
            const __m512i x =
                _mm512_xor_si512(_mm512_loadu_si512(lo + i + s), _mm512_loadu_si512(hi + i + s));
            const __mmask32 hit = wanted_lanes(x, table);
            _mm512_storeu_si512(hits + k, _mm512_maskz_compress_epi16(hit, x));
            k += static_cast<unsigned>(std::popcount(static_cast<std::uint32_t>(hit)));
        }
        if (k == 0) continue;
        __m512i got = _mm512_setzero_si512();
        for (unsigned j = 0; j < k; ++j)
            got = _mm512_or_si512(got, _mm512_load_si512(ONLY[hits[j]].words));
        // table & ~got (see scan_first_avx512 on _mm512_andnot_si512)
        const __m512i left_set =
            _mm512_and_si512(table, _mm512_xor_si512(got, _mm512_set1_epi64(-1)));
        alignas(64) std::uint64_t left_words[8];
        _mm512_store_si512(left_words, left_set);
        unsigned left = 0;
        for (unsigned j = 0; j < 8; ++j)
            left += static_cast<unsigned>(std::popcount(left_words[j]));
        if (left == 0) { // this window completes the set: split by split from its start
            const std::uint64_t looked =
                scan_first_avx512(lo + i, hi + i, size, a0 + i, w, seen, found);
            wanted = w;
            n = found;
            return i + looked;
        }
        std::copy(left_words, left_words + 8, w.words);
        found += w.remaining - left;
        w.remaining = left;
        exact_from = found;
        table = left_set;
    }
    const std::uint64_t rest =
        i < count ? scan_first_avx512(lo + i, hi + i, count - i, a0 + i, w, seen, found) : 0;
    wanted = w;
    n = found;
    return i + rest;
}

bool have_vbmi2() {
    static const bool yes = __builtin_cpu_supports("avx512vbmi2");
    return yes;
}

// The 32 values of a part are one load; lane l belongs to heap 31 - l of the group (the ring
// runs backwards). Adding that heap's row offset turns the values into the offsets of the
// marks, written out 8 parts at a time and stored one by one (there is no fast byte scatter).
__attribute__((target("avx512f,avx512bw"))) void
mark_group_avx512(const ValueView& values, std::uint64_t top, std::span<const SparsePart> parts,
                  std::uint8_t* marks, std::uint8_t stamp) {
    constexpr short R = ROW;
    const __m512i row = _mm512_set_epi16(
        0, R, 2 * R, 3 * R, 4 * R, 5 * R, 6 * R, 7 * R, 8 * R, 9 * R, 10 * R, 11 * R, 12 * R,
        13 * R, 14 * R, 15 * R, 16 * R, 17 * R, 18 * R, 19 * R, 20 * R, 21 * R, 22 * R, 23 * R,
        24 * R, 25 * R, 26 * R, 27 * R, 28 * R, 29 * R, 30 * R, 31 * R);
    constexpr std::size_t GROUP = 8;
    alignas(64) std::uint16_t offsets[GROUP * MARK_BLOCK];
    const std::uint16_t* ring = values.ring();
    for (std::size_t k = 0; k < parts.size(); k += GROUP) {
        const std::size_t group = std::min(GROUP, parts.size() - k);
        for (std::size_t q = 0; q < group; ++q) {
            const SparsePart& p = parts[k + q];
            const __m512i v = _mm512_loadu_si512(ring + values.slot(top - p.heap));
            const __m512i x = _mm512_xor_si512(v, _mm512_set1_epi16(static_cast<short>(p.value)));
            _mm512_store_si512(offsets + MARK_BLOCK * q, _mm512_add_epi16(x, row));
        }
#pragma GCC unroll 16
        for (std::size_t i = 0; i < group * MARK_BLOCK; ++i)
            marks[offsets[i]] = stamp;
    }
}

// AVX2 has no 16-bit permute across the register: the 512-bit set is two registers of 8
// dwords, the dword of x picked from each by x / 32 and the right half blended in by bit 8.
__attribute__((target("avx2,bmi,bmi2"))) inline std::uint32_t
wanted_lanes_avx2(__m256i x16, __m256i low, __m256i high) {
    std::uint32_t mask = 0;
    for (int half = 0; half < 2; ++half) {
        const __m256i x = _mm256_cvtepu16_epi32(half ? _mm256_extracti128_si256(x16, 1)
                                                     : _mm256_castsi256_si128(x16));
        const __m256i index = _mm256_srli_epi32(x, 5);
        const __m256i word = _mm256_castps_si256(
            _mm256_blendv_ps(_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(low, index)),
                             _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(high, index)),
                             _mm256_castsi256_ps(_mm256_slli_epi32(x, 23))));
        const __m256i bit = _mm256_srlv_epi32(word, _mm256_and_si256(x, _mm256_set1_epi32(31)));
        mask |= static_cast<std::uint32_t>(
                    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bit, 31))))
                << (8 * half);
    }
    return mask;
}

__attribute__((target("avx2"))) inline __m256i load(const std::uint16_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

__attribute__((target("avx2,bmi,bmi2"))) std::uint64_t
scan_first_avx2(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                std::uint64_t a0, WantedSet& w, FirstSeen* seen, unsigned& n) {
    __m256i low = load(reinterpret_cast<const std::uint16_t*>(w.words));
    __m256i high = load(reinterpret_cast<const std::uint16_t*>(w.words + 4));
    std::uint64_t i = 0;
    for (; i + 32 <= count; i += 32) {
        const __m256i x0 = _mm256_xor_si256(load(lo + i), load(hi + i));
        const __m256i x1 = _mm256_xor_si256(load(lo + i + 16), load(hi + i + 16));
        std::uint32_t hit =
            wanted_lanes_avx2(x0, low, high) | (wanted_lanes_avx2(x1, low, high) << 16);
        if (!hit) continue;
        alignas(32) std::uint16_t xs[32];
        _mm256_store_si256(reinterpret_cast<__m256i*>(xs), x0);
        _mm256_store_si256(reinterpret_cast<__m256i*>(xs + 16), x1);
        do {
            const unsigned lane = static_cast<unsigned>(std::countr_zero(hit));
            hit &= hit - 1;
            if (take_first(w, xs[lane], a0 + i + lane, seen, n)) return i + lane + 1;
        } while (hit);
        low = load(reinterpret_cast<const std::uint16_t*>(w.words));
        high = load(reinterpret_cast<const std::uint16_t*>(w.words + 4));
    }
    const std::uint64_t rest = scan_first_scalar(lo + i, hi + i, count - i, a0 + i, w, seen, n);
    return i + rest;
}

// As mark_group_avx512, 16 heaps a register.
__attribute__((target("avx2,bmi,bmi2"))) void
mark_group_avx2(const ValueView& values, std::uint64_t top, std::span<const SparsePart> parts,
                std::uint8_t* marks, std::uint8_t stamp) {
    constexpr short R = ROW;
    const __m256i row0 =
        _mm256_setr_epi16(31 * R, 30 * R, 29 * R, 28 * R, 27 * R, 26 * R, 25 * R, 24 * R, 23 * R,
                          22 * R, 21 * R, 20 * R, 19 * R, 18 * R, 17 * R, 16 * R);
    const __m256i row16 = _mm256_sub_epi16(row0, _mm256_set1_epi16(16 * R));
    constexpr std::size_t GROUP = 8;
    alignas(32) std::uint16_t offsets[GROUP * MARK_BLOCK];
    const std::uint16_t* ring = values.ring();
    for (std::size_t k = 0; k < parts.size(); k += GROUP) {
        const std::size_t group = std::min(GROUP, parts.size() - k);
        for (std::size_t q = 0; q < group; ++q) {
            const SparsePart& p = parts[k + q];
            const std::uint16_t* src = ring + values.slot(top - p.heap);
            const __m256i value = _mm256_set1_epi16(static_cast<short>(p.value));
            const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src));
            const __m256i v1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 16));
            auto* out = reinterpret_cast<__m256i*>(offsets + MARK_BLOCK * q);
            _mm256_store_si256(out, _mm256_add_epi16(_mm256_xor_si256(v0, value), row0));
            _mm256_store_si256(out + 1, _mm256_add_epi16(_mm256_xor_si256(v1, value), row16));
        }
#pragma GCC unroll 16
        for (std::size_t i = 0; i < group * MARK_BLOCK; ++i)
            marks[offsets[i]] = stamp;
    }
}
#endif

std::uint64_t from_mask(unsigned word, unsigned from) {
    return word == from / 64 ? ~std::uint64_t{0} << (from % 64) : ~std::uint64_t{0};
}

unsigned first_unmarked_scalar(const std::uint8_t* row, std::uint8_t stamp,
                               const std::uint64_t* members, unsigned from) {
    for (unsigned w = from / 64; w < 8; ++w)
        for (std::uint64_t bits = members[w] & from_mask(w, from); bits; bits &= bits - 1) {
            const unsigned v = 64 * w + static_cast<unsigned>(std::countr_zero(bits));
            if (row[v] != stamp) return v;
        }
    return SWEEP_VALUE_LIMIT;
}

#ifdef CGT_WINDOW_HAVE_X86
__attribute__((target("avx512f,avx512bw,bmi"))) unsigned
first_unmarked_avx512(const std::uint8_t* row, std::uint8_t stamp, const std::uint64_t* members,
                      unsigned from) {
    const __m512i s = _mm512_set1_epi8(static_cast<char>(stamp));
    for (unsigned w = from / 64; w < 8; ++w) {
        const std::uint64_t unmarked = _mm512_cmpneq_epi8_mask(_mm512_loadu_si512(row + 64 * w), s);
        const std::uint64_t hit = unmarked & members[w] & from_mask(w, from);
        if (hit) return 64 * w + static_cast<unsigned>(_tzcnt_u64(hit));
    }
    return SWEEP_VALUE_LIMIT;
}
#endif

void marked_set_scalar(const std::uint8_t* row, std::uint8_t stamp, std::uint64_t* out) {
    for (unsigned w = 0; w < 8; ++w) {
        std::uint64_t bits = 0;
        for (unsigned b = 0; b < 64; ++b)
            bits |= std::uint64_t{row[64 * w + b] == stamp} << b;
        out[w] = bits;
    }
}

#ifdef CGT_WINDOW_HAVE_X86
__attribute__((target("avx512f,avx512bw"))) void
marked_set_avx512(const std::uint8_t* row, std::uint8_t stamp, std::uint64_t* out) {
    const __m512i s = _mm512_set1_epi8(static_cast<char>(stamp));
    for (unsigned w = 0; w < 8; ++w)
        out[w] = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(row + 64 * w), s);
}
#endif

void require_available(ScanKernel kernel) {
    if (!scan_kernel_available(kernel))
        throw std::invalid_argument(std::string("scan kernel ") + scan_kernel_name(kernel) +
                                    " is not available on this processor");
}

} // namespace

void mark_group(ScanKernel kernel, const ValueView& values, std::uint64_t top,
                std::span<const SparsePart> parts, std::uint8_t* marks, std::uint8_t stamp) {
    require_available(kernel);
#ifdef CGT_WINDOW_HAVE_X86
    if (kernel == ScanKernel::avx512) return mark_group_avx512(values, top, parts, marks, stamp);
    if (kernel == ScanKernel::avx2) return mark_group_avx2(values, top, parts, marks, stamp);
#endif
    mark_group_scalar(values, top, parts, marks, stamp);
}

std::uint64_t scan_first(ScanKernel kernel, const std::uint16_t* lo, const std::uint16_t* hi,
                         std::uint64_t count, std::uint64_t a0, WantedSet& wanted, FirstSeen* seen,
                         unsigned& seen_count) {
#ifdef CGT_WINDOW_HAVE_X86
    if (kernel == ScanKernel::avx512)
        return scan_first_avx512(lo, hi, count, a0, wanted, seen, seen_count);
    if (kernel == ScanKernel::avx2)
        return scan_first_avx2(lo, hi, count, a0, wanted, seen, seen_count);
#endif
    return scan_first_scalar(lo, hi, count, a0, wanted, seen, seen_count);
}

std::uint64_t scan_last(ScanKernel kernel, const std::uint16_t* lo, const std::uint16_t* hi,
                        std::uint64_t count, std::uint64_t a0, WantedSet& wanted, FirstSeen* seen,
                        unsigned& seen_count, unsigned& exact_from) {
#ifdef CGT_WINDOW_HAVE_X86
    if (kernel == ScanKernel::avx512 && have_vbmi2())
        return scan_last_avx512(lo, hi, count, a0, wanted, seen, seen_count, exact_from);
#endif
    (void)exact_from;
    return scan_first(kernel, lo, hi, count, a0, wanted, seen, seen_count);
}

unsigned first_unmarked(ScanKernel kernel, const std::uint8_t* row, std::uint8_t stamp,
                        const std::uint64_t* members, unsigned from) {
#ifdef CGT_WINDOW_HAVE_X86
    if (kernel == ScanKernel::avx512) return first_unmarked_avx512(row, stamp, members, from);
#endif
    (void)kernel;
    return first_unmarked_scalar(row, stamp, members, from);
}

void marked_set(ScanKernel kernel, const std::uint8_t* row, std::uint8_t stamp,
                std::uint64_t* out) {
#ifdef CGT_WINDOW_HAVE_X86
    if (kernel == ScanKernel::avx512) return marked_set_avx512(row, stamp, out);
#endif
    (void)kernel;
    marked_set_scalar(row, stamp, out);
}

} // namespace cgt::impartial
