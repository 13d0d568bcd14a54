#pragma once
// What the Hackenbush jobs share: the distinct values one rank meets, each written as
// canonical text once, and the word their tables use for outcomes (the shapes of values
// are core::kind_word's).
// Pure C++ (no MPI): the driver skeleton journals the texts and numbers them across ranks
// (common/runtime/distinct_texts.hpp).
#include "common/runtime/task_record.hpp"
#include "core/game_store.hpp"

#include <memory>

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::jobs::hackenbush_common {

// The values one rank meets, by handle: equal values have equal handles in one store, so
// each distinct value is turned into canonical text once, however many items share it.
// Local ids are the texts' ids in a TextPool (the skeleton's, whose ids the journal keeps
// apart from the rows); they mean nothing outside it and are replaced by global indices
// before anything is written.
class ValueTexts {
public:
    // The store and the pool must outlive this object.
    ValueTexts(core::GameStore& store, common::TextPool& pool);
    // With a pool of its own.
    explicit ValueTexts(core::GameStore& store);

    // The local id of g's value.
    std::uint64_t local_id(core::GameId g);

    [[nodiscard]] std::size_t size() const { return m_pool->size(); }
    [[nodiscard]] const std::vector<std::string>& texts() const { return m_pool->texts(); }
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
    std::unique_ptr<common::TextPool> m_own_pool;
    common::TextPool* m_pool;
};

// "L", "R", "P", "N": who wins (Left = Blue whoever starts, Right = Red, the Previous or
// the Next player).
std::string outcome_word(core::Outcome outcome);

} // namespace cgt::jobs::hackenbush_common
