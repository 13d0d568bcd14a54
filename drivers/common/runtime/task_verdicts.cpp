#include "common/runtime/task_verdicts.hpp"

#include <stdexcept>
#include <string>

namespace cgt::common {

namespace {
constexpr std::uint16_t HAS_VERDICT = 0x8000;
}

std::uint64_t TaskVerdicts::at(std::uint64_t task) const {
    if (!known(task)) throw std::logic_error("TaskVerdicts: task " + std::to_string(task) + " has no verdict");
    return m_value[task] - 1u;
}

void TaskVerdicts::set(std::uint64_t task, std::uint64_t verdict) {
    if (verdict > MAX_VERDICT)
        throw std::logic_error("TaskVerdicts: verdict " + std::to_string(verdict) + " of task " + std::to_string(task) +
                               " is over " + std::to_string(MAX_VERDICT));
    m_value.at(task) = static_cast<std::uint16_t>(verdict + 1);
}

std::uint16_t verdict_flags(std::optional<std::uint64_t> verdict) {
    if (!verdict) return 0;
    if (*verdict > MAX_VERDICT) throw std::logic_error("verdict_flags: verdict " + std::to_string(*verdict) + " is too large");
    return static_cast<std::uint16_t>(HAS_VERDICT | *verdict);
}

std::optional<std::uint64_t> flags_verdict(std::uint16_t flags) {
    if (!(flags & HAS_VERDICT)) return std::nullopt;
    return flags & MAX_VERDICT;
}

} // namespace cgt::common
