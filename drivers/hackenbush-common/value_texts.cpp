#include "hackenbush-common/value_texts.hpp"


namespace cgt::jobs::hackenbush_common {

ValueTexts::ValueTexts(core::GameStore& store, common::TextPool& pool) : m_store(store), m_pool(&pool) {}

ValueTexts::ValueTexts(core::GameStore& store)
    : m_store(store), m_own_pool(std::make_unique<common::TextPool>()), m_pool(m_own_pool.get()) {}

std::uint64_t ValueTexts::local_id(core::GameId g) {
    if (g.is_number()) {
        if (const std::uint64_t* id = m_numbers.find(g)) return *id;
        m_numbers.insert(g, m_pool->size());
    } else {
        if (g.index() >= m_interned.size()) m_interned.resize(m_store.interned_count(), NO_ID);
        if (m_interned[g.index()] != NO_ID) return m_interned[g.index()];
        m_interned[g.index()] = m_pool->size();
    }
    return m_pool->add(m_store.canonical_text(g));
}

std::vector<std::string> ValueTexts::take_texts() {
    m_numbers.clear();
    m_interned.clear();
    return m_pool->take();
}

std::string outcome_word(core::Outcome outcome) { return std::string(1, core::outcome_letter(outcome)); }

} // namespace cgt::jobs::hackenbush_common
