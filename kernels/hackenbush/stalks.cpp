#include "hackenbush/stalks.hpp"

#include <stdexcept>

namespace cgt::hackenbush {

cgt::Dyadic sign_expansion(std::string_view colours) {
    cgt::Dyadic value;
    int halvings = 0; // after the first change of colour: the k-th edge adds +-2^-k
    for (std::size_t i = 0; i < colours.size(); ++i) {
        const char c = colours[i];
        if (c != 'B' && c != 'R')
            throw std::invalid_argument("sign expansion: '" + std::string(colours) +
                                        "' is not a blue-red stalk (letters B and R)");
        if (halvings == 0 && i > 0 && c != colours[0]) halvings = 1;
        const cgt::Dyadic step = halvings == 0 ? cgt::Dyadic(1) : cgt::Dyadic::fraction(1, halvings++);
        value = c == 'B' ? value + step : value - step;
    }
    return value;
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

cgt::GameId stalk_value(cgt::GameStore& store, std::string_view colours) {
    cgt::GameId value = cgt::GameId();
    walk_stalks(store, "BRG", colours, colours.size(),
                [&](std::string_view, cgt::GameId v) { value = v; });
    return value;
}

} // namespace cgt::hackenbush
