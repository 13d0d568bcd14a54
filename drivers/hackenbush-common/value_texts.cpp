#include "hackenbush-common/value_texts.hpp"

#include <ctime>

namespace cgt::jobs::hackenbush_common {

ValueTexts::ValueTexts(core::GameStore& store) : m_store(store) {}

std::uint64_t ValueTexts::local_id(core::GameId g) {
    if (g.is_number()) {
        if (const std::uint64_t* id = m_numbers.find(g)) return *id;
        m_numbers.insert(g, m_texts.size());
    } else {
        if (g.index() >= m_interned.size()) m_interned.resize(m_store.interned_count(), NO_ID);
        if (m_interned[g.index()] != NO_ID) return m_interned[g.index()];
        m_interned[g.index()] = m_texts.size();
    }
    m_texts.push_back(m_store.canonical_text(g));
    return m_texts.size() - 1;
}

std::vector<std::string> ValueTexts::take_texts() {
    m_numbers.clear();
    m_interned.clear();
    std::vector<std::string> out = std::move(m_texts);
    m_texts.clear();
    return out;
}

std::string outcome_word(core::Outcome outcome) { return std::string(1, core::outcome_letter(outcome)); }

std::string kind_word(core::ValueKind kind) {
    switch (kind) {
    case core::ValueKind::Number: return "number";
    case core::ValueKind::NumberNimber: return "x+*m";
    case core::ValueKind::NumberUps: return "x+n.up+*m";
    case core::ValueKind::Other: return "other";
    }
    return "other";
}

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

} // namespace cgt::jobs::hackenbush_common
