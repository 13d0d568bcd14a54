#pragma once
// What the Hackenbush jobs share: the distinct values one rank meets, each written as
// canonical text once, and the words their tables use for outcomes and shapes of values.
// Pure C++ (no MPI): global_values.hpp numbers the texts across ranks.
#include "core/game_store.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_common {

// The values one rank meets, by handle: equal values have equal handles in one store, so
// each distinct value is turned into canonical text once, however many items share it.
// Local ids are numbered 0, 1, ... in order of first meeting; they mean nothing outside
// this object and are replaced by global indices before anything is written.
class ValueTexts {
public:
    // The store must outlive this object.
    explicit ValueTexts(core::GameStore& store);

    // The local id of g's value.
    std::uint64_t local_id(core::GameId g);

    [[nodiscard]] std::size_t size() const { return m_texts.size(); }
    [[nodiscard]] const std::vector<std::string>& texts() const { return m_texts; }
    // Hands the texts over (for the collective numbering); the object is then empty.
    std::vector<std::string> take_texts();

private:
    struct IdHash {
        std::size_t operator()(core::GameId g) const { return core::mix64(g.bits()); }
    };
    static constexpr std::uint64_t NO_ID = ~std::uint64_t{0};
    core::GameStore& m_store;
    // Interned values by their index in the store (dense: new values come in order), numbers
    // by hash.
    std::vector<std::uint64_t> m_interned;
    core::FlatMap<core::GameId, std::uint64_t, IdHash> m_numbers{core::GameId::none()};
    std::vector<std::string> m_texts;
};

// "L", "R", "P", "N": who wins (Left = Blue whoever starts, Right = Red, the Previous or
// the Next player).
std::string outcome_word(core::Outcome outcome);

// The shape of a value, as the article's tables name it: "number", "x+*m" (m >= 1),
// "x+n.up+*m" (n != 0) or "other".
std::string kind_word(core::ValueKind kind);

// Process CPU seconds so far (all threads).
double cpu_seconds();

} // namespace cgt::jobs::hackenbush_common
