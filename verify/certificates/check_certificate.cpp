// cgt-check-certificate: checks a period certificate of an octal game (format in README.md)
// with nothing but the game's definition and two elementary facts. It shares no code with the
// project's kernels on purpose: a bug there cannot hide here.
//
//  1. Every value of G(0..N-1), N = 2 n0 + 2 p + t, is the definition's: the listed values
//     below n0 + p, the claimed period's continuation above (so G(n) = G(n + p) holds for
//     n0 <= n < 2 n0 + p + t by construction). For heap n with value v: every u < v is the
//     value of some option, and v is the value of none. Options of a split of L tokens into
//     a + b have value G(a) ^ G(b); with rho(h) = parity(G(h) & m) ^ (pos ? (h + phase) & 1 : 0)
//     (h is "rare" when rho(h) = 0, m the certificate's mask), parity(x & m) ^ (pos ? L & 1 : 0)
//     = rho(a) ^ rho(b) for x = G(a) ^ G(b): a value v with that parity 1 can only come from
//     splits with exactly one rare part, so only those are enumerated for it; otherwise every
//     split is. The mask is a hint for speed; the check is exact under any mask.
//  2. Guy and Smith (1956): then G(n + p) = G(n) for every n >= n0.
//  3. The claimed n0 and p are the least: G(n0 - 1) != G(n0 - 1 + p), and for every proper
//     divisor d of p some n0 <= n < n0 + p has G(n) != G(n + d) (the least eventual period
//     divides every one).
//
// A certificate whose game is `subtraction {s1,...}` is a subtraction game's, checked the same
// way by subtraction.cpp (G(n) = G(n + p) for t consecutive n from n0 suffices there).
// `--subtraction-sets FILE` recomputes every S within {1..M} and compares a census's figures.
//
// Usage: cgt-check-certificate FILE...   (exit 0: all valid; 1: one is not; 2: unreadable)
//        cgt-check-certificate --subtraction-sets FIGURES
#include "subtraction.hpp"

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Certificate {
    std::string game;
    std::uint64_t preperiod = 0, period = 0, removal = 0, heaps = 0, listed = 0;
    std::uint64_t gs_from = 0, gs_to = 0;
    unsigned mask = 0;
    bool pos = false;
    unsigned phase = 0;
    std::vector<std::uint8_t> values;
};

// The moves of an octal code d0.d1d2...: digit k's bit 1 removes a whole heap of k, bit 2
// takes k and leaves one heap, bit 4 takes k and leaves two non-empty heaps (d0: 0 or 4).
struct Moves {
    std::vector<std::uint64_t> whole, one, two;
};

Moves parse_code(const std::string& code) {
    const auto point = code.find('.');
    if (point == std::string::npos || code.find('.', point + 1) != std::string::npos)
        throw std::invalid_argument("game '" + code + "' is not an octal code d0.d1d2...");
    const std::string d0 = code.substr(0, point), rest = code.substr(point + 1);
    if (!(d0.empty() || d0 == "0" || d0 == "4"))
        throw std::invalid_argument("d0 must be 0 or 4 in '" + code + "'");
    Moves m;
    if (d0 == "4") m.two.push_back(0);
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const char c = rest[i];
        if (c < '0' || c > '7')
            throw std::invalid_argument("'" + code + "' has a digit that is not octal");
        const std::uint64_t k = i + 1;
        const unsigned d = static_cast<unsigned>(c - '0');
        if (d & 1) m.whole.push_back(k);
        if (d & 2) m.one.push_back(k);
        if (d & 4) m.two.push_back(k);
    }
    return m;
}

std::uint64_t number(const std::map<std::string, std::string>& keys, const std::string& key) {
    const auto it = keys.find(key);
    if (it == keys.end()) throw std::invalid_argument("no '" + key + "' line");
    return std::stoull(it->second);
}

// A certificate's `key value` lines (up to `values`) and the value lines after them.
struct CertificateText {
    cgt::certificates::Keys keys;
    std::vector<std::string> value_lines;
};

CertificateText read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read " + path);
    CertificateText out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key, value;
        words >> key >> std::ws;
        std::getline(words, value);
        out.keys[key] = value;
        if (key == "values") break;
    }
    while (std::getline(in, line))
        if (!line.empty()) out.value_lines.push_back(line);
    return out;
}

Certificate read(const std::string& path, const CertificateText& text) {
    auto keys = text.keys;
    Certificate c;
    c.game = keys["game"];
    c.preperiod = number(keys, "preperiod");
    c.period = number(keys, "period");
    c.removal = number(keys, "largest-removal");
    c.heaps = number(keys, "heaps");
    c.listed = number(keys, "values");
    std::istringstream gs(keys["guy-smith"]);
    gs >> c.gs_from >> c.gs_to;
    const std::string mask = keys["rare-mask"];
    c.mask = static_cast<unsigned>(std::stoul(mask, nullptr, 16));
    if (const auto plus = mask.find("+pos"); plus != std::string::npos) {
        c.pos = true;
        c.phase = static_cast<unsigned>(std::stoul(mask.substr(plus + 4)));
    }
    for (const std::string& line : text.value_lines)
        for (std::size_t i = 0; i + 1 < line.size(); i += 2)
            c.values.push_back(
                static_cast<std::uint8_t>(std::stoul(line.substr(i, 2), nullptr, 16)));
    if (c.period == 0 || c.listed != c.preperiod + c.period || c.values.size() != c.listed)
        throw std::invalid_argument(path + ": the values must be G(0..n0 + p - 1)");
    return c;
}

class Checker {
  public:
    Checker(const Certificate& c, Moves moves) : m_c(c), m_moves(std::move(moves)) {
        m_g.resize(c.heaps);
        for (std::uint64_t n = 0; n < c.heaps; ++n)
            m_g[n] = n < c.listed ? c.values[n] : m_g[n - c.period];
        for (std::uint64_t h = 1; h < c.heaps; ++h)
            if (rho(h) == 0) m_rare.push_back(h);
    }

    // The first heap whose value is not the definition's, or heaps if none.
    std::uint64_t first_wrong() const {
        for (std::uint64_t n = 0; n < m_c.heaps; ++n)
            if (!value_is_right(n)) return n;
        return m_c.heaps;
    }

    [[nodiscard]] const std::vector<std::uint8_t>& values() const { return m_g; }

  private:
    static unsigned parity(unsigned x) { return static_cast<unsigned>(__builtin_popcount(x) & 1); }
    unsigned rho(std::uint64_t h) const {
        return parity(m_g[h] & m_c.mask) ^
               (m_c.pos ? static_cast<unsigned>((h + m_c.phase) & 1) : 0u);
    }

    std::vector<std::uint64_t> lengths(std::uint64_t n) const {
        std::vector<std::uint64_t> out;
        for (std::uint64_t k : m_moves.two)
            if (n >= k + 2) out.push_back(n - k);
        return out;
    }

    // v is no option's value.
    bool not_an_option(std::uint64_t n, unsigned v) const {
        for (std::uint64_t k : m_moves.whole)
            if (k == n && v == 0) return false;
        for (std::uint64_t k : m_moves.one)
            if (k < n && m_g[n - k] == v) return false;
        for (std::uint64_t length : lengths(n)) {
            if ((parity(v & m_c.mask) ^ (m_c.pos ? static_cast<unsigned>(length & 1) : 0u)) == 1) {
                for (std::uint64_t r : m_rare) {
                    if (r >= length) break;
                    if ((m_g[r] ^ m_g[length - r]) == v) return false;
                }
            } else {
                for (std::uint64_t a = 1; 2 * a <= length; ++a)
                    if ((m_g[a] ^ m_g[length - a]) == v) return false;
            }
        }
        return true;
    }

    // Every u < v is some option's value.
    bool all_below_are_options(std::uint64_t n, unsigned v) const {
        std::vector<bool> seen(v, false);
        unsigned missing = v;
        const auto see = [&](unsigned x) {
            if (x < v && !seen[x]) {
                seen[x] = true;
                --missing;
            }
        };
        for (std::uint64_t k : m_moves.whole)
            if (k == n) see(0);
        for (std::uint64_t k : m_moves.one)
            if (k < n) see(m_g[n - k]);
        const auto ls = lengths(n);
        for (std::uint64_t a = 1; missing > 0; ++a) {
            bool any = false;
            for (std::uint64_t length : ls)
                if (2 * a <= length) {
                    any = true;
                    see(m_g[a] ^ m_g[length - a]);
                }
            if (!any) break;
        }
        return missing == 0;
    }

    bool value_is_right(std::uint64_t n) const {
        return all_below_are_options(n, m_g[n]) && not_an_option(n, m_g[n]);
    }

    const Certificate& m_c;
    Moves m_moves;
    std::vector<std::uint8_t> m_g;
    std::vector<std::uint64_t> m_rare;
};

bool check(const std::string& path) {
    const CertificateText text = read_text(path);
    if (const auto game = text.keys.find("game");
        game != text.keys.end() && game->second.rfind("subtraction ", 0) == 0)
        return cgt::certificates::check_subtraction(text.keys, text.value_lines);
    const Certificate c = read(path, text);
    const Moves moves = parse_code(c.game);
    std::uint64_t t = 0;
    for (const auto* list : {&moves.whole, &moves.one, &moves.two})
        for (std::uint64_t k : *list)
            t = std::max(t, k);
    if (c.removal != t || c.heaps != 2 * c.preperiod + 2 * c.period + t ||
        c.gs_from != c.preperiod || c.gs_to != 2 * c.preperiod + c.period + t)
        throw std::invalid_argument(
            path + ": t, heaps or the Guy-Smith range do not follow from the game");
    const Checker checker(c, moves);
    const std::uint64_t wrong = checker.first_wrong();
    const std::string least =
        wrong == c.heaps ? cgt::certificates::not_least(checker.values(), c.preperiod, c.period)
                         : "";
    const bool ok = wrong == c.heaps && least.empty();
    std::cout << c.game << ": preperiod " << c.preperiod << ", period " << c.period << ", G(0.."
              << c.heaps - 1 << ") ";
    if (wrong < c.heaps)
        std::cout << "WRONG at heap " << wrong << " (listed or continued value "
                  << unsigned{checker.values()[wrong]} << " is not the mex of its options)\n";
    else if (!least.empty())
        std::cout << "by the definition, but " << least << "\n";
    else
        std::cout << "by the definition; G(n) = G(n + p) for " << c.preperiod << " <= n < "
                  << 2 * c.preperiod + c.period + t << ": periodic (Guy-Smith), least n0 and p\n";
    return ok;
}

} // namespace

namespace cgt {
const char* build_version(); // generated/version.cpp: the build's stamp, not kernel code
}

int main(int argc, char** argv) {
    const std::string first = argc > 1 ? argv[1] : "";
    if (first == "--version") {
        std::cout << "cgt-check-certificate " << cgt::build_version() << "\n";
        return 0;
    }
    if (first == "--help" || first == "-h") {
        std::cout
            << "Usage: cgt-check-certificate FILE...\n"
               "       cgt-check-certificate --subtraction-sets FIGURES\n"
               "Checks period certificates of octal games by the games' definition alone: every\n"
               "value to 2 n0 + 2 p + t is the mex of its options, then the Guy-Smith condition\n"
               "G(n) = G(n + p) for n0 <= n < 2 n0 + p + t, and that n0 and p are the least.\n"
               "A subtraction game's certificate (game subtraction {s1,...}, normal or misere):\n"
               "its values by the definition, G(n) = G(n + p) for the t = max S heaps from n0,\n"
               "n0 and p the least, and the least preperiod and period of its outcomes.\n"
               "--subtraction-sets recomputes every S within {1..M} in both plays and compares\n"
               "a census's figures (row digests, records, normal against misere).\n"
               "Status 0 when every file checks, 1 when one does not, 2 when one cannot be "
               "read.\n\n"
               "Example:\n  cgt-check-certificate verify/certificates/4.344.txt\n"
               "  cgt-check-certificate --subtraction-sets "
               "verify/certificates/subtraction/sets-20.txt\n";
        return 0;
    }
    if (first == "--subtraction-sets") {
        if (argc != 3) {
            std::cerr << "error: give one figures file: cgt-check-certificate --subtraction-sets "
                         "FILE\n";
            return 2;
        }
        try {
            return cgt::certificates::check_sets_figures(argv[2]) ? 0 : 1;
        } catch (const std::exception& e) {
            std::cerr << "error: " << argv[2] << ": " << e.what() << "\n";
            return 2;
        }
    }
    if (argc < 2) {
        std::cerr << "error: give certificate files: cgt-check-certificate FILE...\n";
        return 2;
    }
    bool all = true;
    for (int i = 1; i < argc; ++i) {
        try {
            all = check(argv[i]) && all;
        } catch (const std::exception& e) {
            std::cerr << "error: " << argv[i] << ": " << e.what() << "\n";
            return 2;
        }
    }
    return all ? 0 : 1;
}
