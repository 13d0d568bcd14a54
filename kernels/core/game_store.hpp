#pragma once
// The engine: short partizan games {L | R} reduced to canonical form and interned, so that
// equal values have equal handles. One GameStore is one universe of values; it holds no
// global state, and two stores never share handles.
//
// Costs: a number lives in its handle (no storage), and make() of options that are all
// numbers is a few comparisons. Any other value is interned for the life of the store
// (about 72 bytes plus 8 per option); the memo tables are bounded by Limits. A job that
// values many unrelated positions can bound its memory with a fresh store per block of
// work: results leave a store as canonical text, so nothing else refers to its handles.
//
// Implemented in: game_store.cpp (interning, queries, constants), make.cpp (canonical form),
// compare.cpp (order), arithmetic.cpp (sum, negative), classify.cpp (number / x + *m /
// x + n.up + *m), number_ups_star.cpp (those values from their forms), uptimals.cpp (up-nth
// and its sums), game_text.cpp (names and texts),
// expression.cpp (parsing). Temperature theory and the infinitesimals built on it:
// thermograph.hpp, heating.hpp, incentives.hpp, infinitesimals.hpp.
#include "core/dyadic.hpp"
#include "core/flat_map.hpp"
#include "core/game_id.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#if defined(__SANITIZE_ADDRESS__) // GCC's -fsanitize=address
#define CGT_CORE_DEFAULT_MAX_DEPTH 512
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) // clang's
#define CGT_CORE_DEFAULT_MAX_DEPTH 512
#endif
#endif
#if !defined(CGT_CORE_DEFAULT_MAX_DEPTH) && !defined(__OPTIMIZE__)
#define CGT_CORE_DEFAULT_MAX_DEPTH 2048
#elif !defined(CGT_CORE_DEFAULT_MAX_DEPTH)
#define CGT_CORE_DEFAULT_MAX_DEPTH 4096
#endif

namespace cgt::core {

// Who wins: Left (Blue) whoever starts, Right (Red) whoever starts, the Previous player
// (the second to move, G = 0), or the Next player (the one to move, G fuzzy with 0).
enum class Outcome : std::uint8_t { Left, Right, Previous, Next };
// 'L', 'R', 'P', 'N'.
char outcome_letter(Outcome outcome);

// The shapes a value is sorted into (the article's table columns):
//   Number        x
//   NumberNimber  x + *m, m >= 1 (a nimber *m is x = 0)
//   NumberUps     x + n.up + *m, n != 0 (n < 0 is |n| downs), m >= 0
//   Other         none of these
enum class ValueKind : std::uint8_t { Number, NumberNimber, NumberUps, Other };

// "number", "x+*m", "x+n.up+*m", "other": the words the result tables use.
const char* kind_word(ValueKind kind);

struct Classification {
    ValueKind kind = ValueKind::Other;
    Dyadic number;          // x (for Other: undefined, 0)
    std::int32_t ups = 0;   // n
    std::uint32_t star = 0; // m
    friend bool operator==(const Classification&, const Classification&) = default;
};

// A value deeper than GameStore::Limits::max_depth levels of options: refused before any
// function recurses on it, so that no input can overflow the stack.
class DepthError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// How names are written: Unicode arrows (up, double up, down) or ASCII ('^', 'v').
enum class Notation : std::uint8_t { Unicode, Ascii };

class GameStore {
public:
    struct Limits {
        // Each memo table (comparisons, sums) is emptied when it reaches
        // this many entries, which bounds the store's memory beyond the interned forms
        // themselves. Results never depend on it.
        std::size_t max_cache_entries = std::size_t{1} << 23;
        // The deepest value the store makes: depth(G) = 0 for a number, else 1 + the
        // greatest depth of G's options. Every function that walks a game recurses at most
        // depth(G) + depth(H) levels (a comparison walks two games; the thermograph, cooling,
        // heating and the infinitesimal functions walk on an explicit stack), so this is a
        // bound on the stack. A deeper value throws DepthError. Sums and comparisons of
        // values x + n.up + *m are computed from their forms without a walk.
        std::uint32_t max_depth = DEFAULT_MAX_DEPTH;
    };
    // The default bound leaves the deepest walk (a sum of two games half as deep, with the
    // comparisons of its make()) at most half of an 8 MiB stack: it needs under 2 MiB at
    // 4096 levels when optimised, under 4 MiB at 2048 levels unoptimised (-O0), and
    // AddressSanitizer's frames (several KiB a level) under 4 MiB at 512 levels.
    static constexpr std::uint32_t DEFAULT_MAX_DEPTH = CGT_CORE_DEFAULT_MAX_DEPTH;

    GameStore() : GameStore(Limits{}) {}
    explicit GameStore(Limits limits);

    // ---- Making values -------------------------------------------------------------
    static GameId number(const Dyadic& x) { return GameId::number(x); }
    static GameId integer(std::int64_t n) { return GameId::number(Dyadic(n)); }
    // *m = {0, *, ..., *(m-1) | 0, *, ..., *(m-1)}, m <= MAX_NIMBER (std::invalid_argument
    // otherwise). Made directly; *0 .. *m hold m(m+1) options in all (*1023: 8 MiB).
    static constexpr std::uint32_t MAX_NIMBER = 1023;
    GameId nimber(std::uint32_t m);
    // n.up (n > 0), 0, or |n|.down (n < 0): born on day |n| + 1, made directly.
    GameId ups(std::int32_t n) { return number_ups_star(Dyadic(), n, 0); }
    // x + n.up + *m (n < 0: |n| downs), m <= MAX_NIMBER, made from its canonical form
    // without a sum or a comparison: {x | x + (n-1).up + *(m xor 1)} for n >= 1 (x + up* =
    // {x, x* | x}), {x + *k for k < m | the same} for n = 0, and negatives for n < 0
    // (Winning Ways, ch. 8). Each level made is remembered, so x + (n+1).up after x + n.up
    // costs one intern. DepthError past Limits::max_depth; std::invalid_argument for m.
    GameId number_ups_star(const Dyadic& x, std::int32_t n, std::uint32_t m);
    // The canonical form of {left | right} (options are handles of this store, in any
    // order, repeats allowed). If every option is a number and max left < min right the
    // result is the simplest number between them, at the cost of a few comparisons.
    // Otherwise dominated options are removed and reversible ones bypassed until nothing
    // changes, and the result is interned. The result is never a new number-valued entry:
    // values equal to numbers are always held in the handle.
    GameId make(std::span<const GameId> left, std::span<const GameId> right);

    // ---- Order and arithmetic ------------------------------------------------------
    // g <= h (memoised). Equal values have equal handles, so g == h is handle equality.
    bool le(GameId g, GameId h);
    bool lt(GameId g, GameId h) { return g != h && le(g, h); }
    Outcome outcome(GameId g);
    GameId add(GameId g, GameId h);
    GameId neg(GameId g);
    GameId sub(GameId g, GameId h) { return add(g, neg(h)); }

    // ---- Queries ---------------------------------------------------------------------
    [[nodiscard]] static bool is_number(GameId g) { return g.is_number(); }
    // Precondition: is_number(g).
    [[nodiscard]] static Dyadic number_value(GameId g) { return g.number_value(); }
    // m if g = *m (0 for the game 0), otherwise nothing.
    [[nodiscard]] std::optional<std::uint32_t> nim_value(GameId g) const;
    [[nodiscard]] Dyadic left_stop(GameId g) const;
    [[nodiscard]] Dyadic right_stop(GameId g) const;
    // Day the value is born: the depth of its canonical game tree (numbers included).
    [[nodiscard]] std::uint64_t birthday(GameId g) const;
    // Canonical options (a number's canonical form has at most one per side).
    [[nodiscard]] std::vector<GameId> left_options(GameId g) const;
    [[nodiscard]] std::vector<GameId> right_options(GameId g) const;
    // Number, x + *m, x + n.up + *m, or other, read off the canonical form (each shape has
    // one, see number_ups_star) with an explicit stack; remembered per interned value.
    Classification classify(GameId g);
    // Levels of options below g that are not numbers (see Limits::max_depth).
    [[nodiscard]] std::uint32_t depth(GameId g) const { return g.is_number() ? 0 : record(g).depth; }
    [[nodiscard]] const Limits& limits() const { return m_limits; }

    // ---- Text (game_text.cpp, uptimals.cpp, expression.cpp) ------------------------------
    // A name for people, as CGSuite writes values: "3/4", "*2", "↑*", "1↑*", "-1/2⇓*3";
    // uptimals ↑² (↑^n = {0 | ↓^[n-1]*}, ASCII "^<2>") and ↑+↑² (the sums ↑^[n] = ↑ + ↑² +
    // ... + ↑^n, ASCII "^[2]"), each plus a number and a nimber; switches "±1" ({x | -x},
    // ASCII "+-1"), "Tiny(2)" and "Miny(2)" ({0 || 0 | -x} and {x | 0 || 0}, after a number
    // "1Tiny(2)"); else "{0, ↑* | 0}" with the options in canonical order. Every braced
    // group is written out, unless the name would pass NAME_LIMIT bytes: then a group met
    // again is written "#k", the k-th braced group of the text in order of opening.
    static constexpr std::size_t NAME_LIMIT = 4096;
    std::string name(GameId g, Notation notation = Notation::Unicode);
    // The compact serialisation that results leave a process in (the `text` columns of the
    // result files): the ASCII atoms x, x^*, x^^*m, x*m, braces otherwise, no spaces, and a
    // braced group met again written "#k" ("{0,^*|0}"). It depends only on the value, never
    // on the order of interning, so equal values give equal text in every process, and
    // parse() reads it back.
    std::string canonical_text(GameId g) { return *format(g, COMPACT); }
    // The same without back-references and with a "+" between a number and its
    // infinitesimal part ("{1+^*|0}"): a text CGSuite reads back as this value. Its length
    // can grow exponentially with the birthday: nothing (std::nullopt) if it would pass
    // max_bytes.
    std::optional<std::string> plain_text(GameId g, std::size_t max_bytes = SIZE_MAX) {
        return format(g, {Notation::Ascii, false, false, false, true, max_bytes});
    }
    // 64-bit hash of the canonical form (a Merkle hash over the options, stored with each
    // interned form): a function of the value alone, hence of canonical_text(), and equal
    // in every process; from a text alone it is hash(parse(text)).
    [[nodiscard]] std::uint64_t hash(GameId g) const;
    // Reads a game expression (core/expression.hpp): names and texts of either notation,
    // CGSuite's {L | R} with commas and slashes, sums and differences, ±, Tiny(x), Miny(x),
    // group references #k. TextError (a std::invalid_argument) names the column at fault.
    GameId parse(std::string_view text);
    // A total order on values that is the same in every process: numbers by value first,
    // then by birthday, then by hash (ties by canonical text). Names list options in it.
    bool canonical_less(GameId g, GameId h);

    // x + ↑^n + *m (n >= 2, `cumulative` false) or x + ↑^[n] + *m (n >= 2, true); downs for
    // n < 0. Nothing for any other value (x + n.up + *m included: classify() names those).
    struct UptimalForm {
        Dyadic number;
        std::int32_t power = 0;
        bool cumulative = false;
        std::uint32_t star = 0;
    };
    std::optional<UptimalForm> uptimal_form(GameId g);
    // ↑^n (n >= 1) and ↑^[n] = ↑ + ↑² + ... + ↑^n.
    GameId up_power(std::uint32_t n);
    GameId up_power_sum(std::uint32_t n);

    // ---- Housekeeping ----------------------------------------------------------------
    [[nodiscard]] std::size_t interned_count() const { return m_records.size(); }
    [[nodiscard]] std::size_t memory_bytes() const;
    // Empties the memo tables (not the interned forms; handles stay valid).
    void clear_caches();

private:
    struct Record {
        std::uint64_t hash;
        std::uint64_t birthday;
        GameId left_stop, right_stop; // numbers
        GameId negative;              // GameId::none() until neg() is asked
        std::uint32_t first;          // left options at m_options[first ..], then right
        std::uint32_t n_left, n_right;
        std::uint32_t nim;   // NOT_NIMBER unless the value is *nim
        std::uint32_t depth; // see Limits::max_depth
        // classify(), filled in on first use (kind UNCLASSIFIED until then).
        std::int32_t class_ups;
        std::uint32_t class_star;
        std::uint8_t class_kind;
    };
    static constexpr std::uint8_t UNCLASSIFIED = 0xff;
    static constexpr std::uint32_t NOT_NIMBER = ~std::uint32_t{0};
    static constexpr std::uint32_t NO_INDEX = ~std::uint32_t{0};

    struct GamePair {
        GameId a, b;
        friend bool operator==(const GamePair&, const GamePair&) = default;
    };
    struct PairHash {
        std::size_t operator()(const GamePair& p) const {
            return mix64(p.a.bits() ^ mix64(p.b.bits() + 0x9e3779b97f4a7c15ULL));
        }
    };

    class RawGame; // the game under construction in make(), compared without interning

    [[nodiscard]] const Record& record(GameId g) const { return m_records[g.index()]; }
    // One side's options of g: a span into m_options (valid until the next intern) or,
    // for a number, its at most one option written into `scratch`.
    std::span<const GameId> lefts(GameId g, GameId& scratch) const;
    std::span<const GameId> rights(GameId g, GameId& scratch) const;
    // Interns the canonical form with these options (each sorted by handle, canonical).
    GameId intern(std::span<const GameId> left, std::span<const GameId> right);
    [[nodiscard]] std::uint64_t structural_hash(std::span<const GameId> left,
                                                std::span<const GameId> right) const;
    bool le_general(GameId g, GameId h);
    bool le_uncached(GameId g, GameId h);
    std::optional<bool> le_by_form(GameId g, GameId h);
    // uptimal_form() from the options' (found before), by the canonical forms.
    std::optional<UptimalForm> uptimal_by_form(GameId g);
    // Classification from the options' (classified before), by the canonical forms.
    Classification classify_by_form(GameId g);
    // Whether each option classify_by_form reads is classified; pushes those that are not.
    bool push_unclassified(GameId g, std::vector<GameId>& stack) const;
    void set_class(GameId g, const Classification& c);
    // Whether g is a number, x + *m or x + n.up + *m (classifying it if need be).
    bool ups_star_shape(GameId g);
    [[nodiscard]] std::optional<Classification> known_class(GameId g) const;
    // x + *m for m >= 1 made level by level from its canonical form.
    GameId number_plus_nimber(GameId x, std::uint32_t m);
    // DepthError: "<what> is past the limit of N levels of options".
    [[noreturn]] void throw_depth(const std::string& what) const;
    struct TextStyle {
        Notation notation;
        bool spaced;          // ", " and " | " between options
        bool back_references; // a group met again as #k
        bool named_forms;     // uptimals, switches, tinies and minies by name
        bool plus_atoms;      // "1+^*" rather than "1^*"
        std::size_t max_bytes;
    };
    static constexpr TextStyle COMPACT{Notation::Ascii, false, true, false, false, SIZE_MAX};
    struct FormatState;
    std::optional<std::string> format(GameId g, const TextStyle& style);
    bool format_into(GameId g, FormatState& state);
    bool format_named(GameId g, FormatState& state);
    template <class Map, class Key, class Value>
    void remember(Map& map, const Key& key, const Value& value);

    Limits m_limits;
    std::vector<Record> m_records;
    std::vector<GameId> m_options;
    std::vector<std::uint32_t> m_intern_slots; // open addressing into m_records
    FlatMap<GamePair, bool, PairHash> m_le_memo; // pairs with a number or a big index
    FlatBitMap m_le_pairs;                       // pairs of interned indices < 2^31
    static constexpr std::uint32_t PACKED_INDEX_LIMIT = std::uint32_t{1} << 31;
    struct RecentLe {
        GamePair pair{GameId::none(), GameId::none()};
        bool result = false;
    };
    static constexpr std::size_t RECENT_LE_SLOTS = 4096;
    std::vector<RecentLe> m_le_recent = std::vector<RecentLe>(RECENT_LE_SLOTS);
    FlatMap<GamePair, GameId, PairHash> m_add_memo;
    std::vector<GameId> m_nimbers; // m_nimbers[m] = *m, made on demand
    // Values x + n.up + *m made by number_ups_star, by (x, n, m).
    struct UpsKey {
        std::uint64_t x;
        std::int32_t n;
        std::uint32_t m;
        friend bool operator==(const UpsKey&, const UpsKey&) = default;
    };
    struct UpsKeyHash {
        std::size_t operator()(const UpsKey& k) const {
            return mix64(k.x ^ mix64((std::uint64_t{static_cast<std::uint32_t>(k.n)} << 32) | k.m));
        }
    };
    std::unordered_map<UpsKey, GameId, UpsKeyHash> m_ups_made;
    std::vector<GameId> m_up_powers, m_up_power_sums; // [k] = ↑^k, ↑^[k]; [0] unused
    std::unordered_map<std::uint32_t, std::optional<UptimalForm>> m_uptimal_memo; // by interned index
    std::vector<GameId> m_classify_stack; // classify()'s explicit stack
    // Scratch of make() (make never re-enters itself).
    std::vector<GameId> m_left, m_right, m_next, m_next_right;
    std::vector<std::pair<GameId, bool>> m_raw_x_le_g, m_raw_g_le_x;
};

} // namespace cgt::core
