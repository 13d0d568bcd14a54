#include "impartial/octal.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace cgt::impartial {

namespace {
std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}
} // namespace

OctalGame::OctalGame(std::vector<std::uint8_t> digits, Play play, bool given_as_set)
    : m_digits(std::move(digits)), m_play(play), m_given_as_set(given_as_set) {
    while (m_digits.size() > 1 && m_digits.back() == 0) m_digits.pop_back();
    if (m_digits.empty()) m_digits.push_back(0);
    if (m_digits[0] != 0 && m_digits[0] != LEAVE_TWO)
        throw std::invalid_argument("digit d0 (before the point) must be 0 or 4, got " +
                                    std::to_string(m_digits[0]) +
                                    " (removing no token can only split a heap)");
    if (m_digits.size() - 1 > MAX_REMOVAL)
        throw std::invalid_argument("the largest removal must be at most " +
                                    std::to_string(MAX_REMOVAL) + ", got " +
                                    std::to_string(m_digits.size() - 1));
    for (std::size_t k = 0; k < m_digits.size(); ++k) {
        if (m_digits[k] > 7)
            throw std::invalid_argument("digit d" + std::to_string(k) + " must be 0..7, got " +
                                        std::to_string(m_digits[k]));
        const auto removal = static_cast<Heap>(k);
        if (k > 0 && (m_digits[k] & LEAVE_NONE)) m_leave_none.push_back(removal);
        if (k > 0 && (m_digits[k] & LEAVE_ONE)) m_leave_one.push_back(removal);
        if (m_digits[k] & LEAVE_TWO) m_leave_two.push_back(removal);
    }
    if (m_leave_none.empty() && m_leave_one.empty() && m_leave_two.empty())
        throw std::invalid_argument("the octal code " + code() + " allows no move");
    if (play == Play::misere && !is_subtraction())
        throw std::invalid_argument("misere values are computed only for subtraction games, not " +
                                    code());
}

OctalGame OctalGame::from_digits(std::vector<std::uint8_t> digits) {
    return OctalGame(std::move(digits), Play::normal, false);
}

OctalGame OctalGame::parse(const std::string& text) {
    const std::string code = trimmed(text);
    if (code.empty()) throw std::invalid_argument("the octal code is empty");
    const auto point = code.find('.');
    if (point != std::string::npos && code.find('.', point + 1) != std::string::npos)
        throw std::invalid_argument("the octal code '" + code + "' has more than one point");
    const std::string before = code.substr(0, point);
    const std::string after = point == std::string::npos ? "" : code.substr(point + 1);
    if (before.empty() && after.empty())
        throw std::invalid_argument("the octal code '.' has no digits: write digits after the "
                                    "point, as in .161");
    if (before.size() > 1)
        throw std::invalid_argument("the octal code '" + code +
                                    "' has more than one digit before the point");
    if (after.size() > MAX_REMOVAL)
        throw std::invalid_argument("the octal code '" + code.substr(0, 12) + "...' is longer than " +
                                    std::to_string(MAX_REMOVAL) + " digits");
    std::vector<std::uint8_t> digits(after.size() + 1, 0);
    const std::string all = (before.empty() ? "0" : before) + after;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i] < '0' || all[i] > '7')
            throw std::invalid_argument(std::string("'") + all[i] + "' in the octal code '" + code +
                                        "' is not an octal digit 0..7");
        digits[i] = static_cast<std::uint8_t>(all[i] - '0');
    }
    return OctalGame(std::move(digits), Play::normal, false);
}

OctalGame OctalGame::subtraction(const std::vector<Heap>& set, Play play) {
    // TakeAway validates the set (non-empty, no 0) and sorts it.
    const auto checked = TakeAway::subtraction(set).set();
    if (checked.back() > MAX_REMOVAL)
        throw std::invalid_argument("the largest element of the subtraction set must be at most " +
                                    std::to_string(MAX_REMOVAL) + ", got " +
                                    std::to_string(checked.back()));
    std::vector<std::uint8_t> digits(std::size_t{checked.back()} + 1, 0);
    for (Heap s : checked) digits[s] = LEAVE_NONE | LEAVE_ONE;
    return OctalGame(std::move(digits), play, true);
}

OctalGame OctalGame::parse_game(const std::string& text, Play play) {
    std::string body = trimmed(text);
    const bool word =
        std::any_of(body.begin(), body.end(), [](unsigned char c) { return std::isalpha(c) != 0; }) &&
        body.find_first_of("0123456789") == std::string::npos;
    if (word)
        throw std::invalid_argument("'" + body + "' is not a game: write an octal code such as .77 " +
                                    "or a subtraction set such as 1,3,4");
    if (body.find('.') != std::string::npos) {
        OctalGame game = parse(body);
        if (play == Play::misere) return OctalGame(game.m_digits, play, false);
        return game;
    }
    if (body.rfind("S=", 0) == 0) body = body.substr(2);
    return subtraction(TakeAway::parse(body).set(), play);
}

std::string OctalGame::code() const {
    std::string text = m_digits[0] ? std::to_string(m_digits[0]) + "." : ".";
    for (std::size_t k = 1; k < m_digits.size(); ++k) text += static_cast<char>('0' + m_digits[k]);
    if (m_digits.size() == 1) text += '0';
    return text;
}

std::string OctalGame::name() const {
    std::string text;
    if (m_given_as_set) {
        text = "S={";
        for (Heap s : subtraction_set()) {
            if (text.size() > 3) text += ',';
            text += std::to_string(s);
        }
        text += "}";
    } else {
        text = code();
    }
    return m_play == Play::misere ? text + " misere" : text;
}

bool OctalGame::is_subtraction() const {
    if (m_digits[0] != 0) return false;
    for (std::size_t k = 1; k < m_digits.size(); ++k)
        if (m_digits[k] != 0 && m_digits[k] != (LEAVE_NONE | LEAVE_ONE)) return false;
    return true;
}

std::vector<Heap> OctalGame::subtraction_set() const {
    if (!is_subtraction()) return {};
    return m_leave_one;
}

std::vector<Heap> squares_up_to(Heap max_heap) {
    std::vector<Heap> squares;
    for (std::uint64_t i = 1; i * i <= max_heap; ++i) squares.push_back(static_cast<Heap>(i * i));
    return squares;
}

} // namespace cgt::impartial
