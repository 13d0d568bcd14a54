#include "hackenbush/stalks.hpp"

#include <limits>
#include <stdexcept>

namespace cgt::hackenbush {

core::Dyadic sign_expansion(std::string_view colours) {
    // In units of 2^-k, k the number of edges after the first change of colour: the
    // leading run of n edges is n * 2^k, the j-th edge after it 2^(k-j). Integer arithmetic
    // only, because job-sized walks check millions of stalks with it.
    for (char c : colours)
        if (c != 'B' && c != 'R')
            throw std::invalid_argument("sign expansion: '" + std::string(colours) +
                                        "' is not a blue-red stalk (letters B and R)");
    std::size_t run = 0;
    while (run < colours.size() && colours[run] == colours[0]) ++run;
    const std::size_t k = colours.size() - run;
    const auto beyond = [&] {
        return std::overflow_error("sign expansion: the value of stalk '" + std::string(colours) +
                                   "' is beyond the exact dyadic range");
    };
    // |run * 2^k + sum| < 2^63 keeps the integer arithmetic exact.
    if (k > static_cast<std::size_t>(core::Dyadic::MAX_EXPONENT) ||
        run > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max() >> (k + 1)))
        throw beyond();
    std::int64_t sum = 0; // |sum| < 2^k
    for (std::size_t j = 1; j <= k; ++j)
        sum += (colours[run + j - 1] == 'B' ? 1 : -1) * (std::int64_t{1} << (k - j));
    const std::int64_t lead = static_cast<std::int64_t>(run) * (std::int64_t{1} << k);
    try {
        return core::Dyadic::fraction((colours.empty() || colours[0] == 'B' ? lead : -lead) + sum,
                                     static_cast<int>(k));
    } catch (const std::overflow_error&) {
        throw beyond();
    }
}

void check_stalk_walk(std::string_view alphabet, std::string_view prefix) {
    if (alphabet.empty()) throw std::invalid_argument("stalk walk: the alphabet is empty");
    for (std::size_t i = 0; i < alphabet.size(); ++i) {
        if (alphabet[i] != 'B' && alphabet[i] != 'R' && alphabet[i] != 'G')
            throw std::invalid_argument("stalk walk: alphabet '" + std::string(alphabet) +
                                        "' may hold only B, R and G");
        if (alphabet.find(alphabet[i]) != i)
            throw std::invalid_argument("stalk walk: alphabet '" + std::string(alphabet) +
                                        "' repeats a letter");
    }
    for (char c : prefix)
        if (alphabet.find(c) == std::string_view::npos)
            throw std::invalid_argument("stalk walk: prefix '" + std::string(prefix) +
                                        "' uses a letter outside the alphabet '" +
                                        std::string(alphabet) + "'");
}

core::GameId stalk_value(core::GameStore& store, std::string_view colours) {
    core::GameId value = core::GameId();
    walk_stalks(store, "BRG", colours, colours.size(),
                [&](std::string_view, core::GameId v) { value = v; });
    return value;
}

} // namespace cgt::hackenbush
