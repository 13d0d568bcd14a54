#include "tools/octal/frontier_report.hpp"

#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace cgt::octal_tool {

using impartial::FrontierResult;
using impartial::PowerStats;

namespace {
constexpr char MAGIC[8] = {'c', 'g', 't', 'o', 'c', 't', '1', '\n'};

std::string heaps_text(std::uint64_t heaps) {
    if (std::has_single_bit(heaps)) return "2^" + std::to_string(std::countr_zero(heaps));
    return std::to_string(heaps);
}

std::string line(const std::string& name, const std::string& value) {
    char label[24];
    std::snprintf(label, sizeof label, "%-14s", name.c_str());
    return label + value + "\n";
}
} // namespace

std::uint64_t parse_heap_count(const std::string& text) {
    const auto fail = [&] {
        throw std::invalid_argument("'" + text + "' is no heap count 1..2^32 (a number or 2^k)");
    };
    if (text.empty() || text.size() > 12) fail();
    std::uint64_t value = 0;
    if (text.rfind("2^", 0) == 0) {
        const std::string k = text.substr(2);
        if (k.empty() || k.size() > 2 || k.find_first_not_of("0123456789") != std::string::npos) fail();
        const unsigned bits = static_cast<unsigned>(std::stoul(k));
        if (bits > 32) fail();
        value = std::uint64_t{1} << bits;
    } else {
        if (text.find_first_not_of("0123456789") != std::string::npos) fail();
        value = std::stoull(text);
    }
    if (value == 0 || value > (std::uint64_t{1} << 32)) fail();
    return value;
}

std::string stats_line(const PowerStats& s) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(s.mask.mask));
    return "n=" + heaps_text(s.heaps) + " largest G[" + std::to_string(s.largest_at) + "]=" +
           std::to_string(s.largest) + " rare_mask=" + hex + (s.mask.position_parity ? "pos" : "") +
           " num_rare=" + std::to_string(s.mask.rare_heaps) + " last_rare=" + std::to_string(s.last_rare);
}

std::string describe_frontier(const FrontierResult& result, bool frequencies) {
    std::string out = line("game", result.game);
    out += line("values", "G(0.." + std::to_string(result.heaps - 1) + ") computed, ceiling " +
                              heaps_text(result.ceiling) + " heaps");
    if (result.period) {
        const auto n0 = std::to_string(result.period->preperiod), p = std::to_string(result.period->period);
        out += line("status", "periodic");
        out += line("preperiod", n0);
        out += line("period", p);
        out += line("proof", "Guy-Smith (largest removal t = " + std::to_string(result.largest_removal) +
                                 "): G(n) = G(n + " + p + ") for " + n0 + " <= n < " +
                                 std::to_string(result.check_end) + ", heaps 0.." +
                                 std::to_string(result.check_end + result.period->period - 1) + " read");
    } else {
        out += line("status", "not yet periodic up to " + std::to_string(result.heaps - 1));
    }
    out += line("largest value", std::to_string(result.largest_value) + " at heap " +
                                     std::to_string(result.largest_at) + (result.period ? " (of all heaps)" : ""));
    const auto& c = result.counters;
    out += line("heaps valued", std::to_string(c.by_definition) + " by the definition, " +
                                    std::to_string(c.by_split_simd) + " by the split (SIMD), " +
                                    std::to_string(c.by_split_portable) + " by the split (portable), " +
                                    std::to_string(c.full_scans) + " full scans");
    for (const PowerStats& s : result.stats) {
        out += stats_line(s) + "\n";
        if (!frequencies) continue;
        std::string text = "freq " + heaps_text(s.heaps);
        for (std::size_t v = 0; v < s.frequency.size(); ++v)
            if (s.frequency[v]) text += " " + std::to_string(v) + ":" + std::to_string(s.frequency[v]);
        out += text + "\n";
    }
    return out;
}

void write_checkpoint(const std::string& path, const std::string& game, std::span<const std::uint16_t> values) {
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write checkpoint '" + partial + "'");
        const std::uint64_t count = values.size();
        const std::uint32_t name_size = static_cast<std::uint32_t>(game.size());
        out.write(MAGIC, sizeof MAGIC);
        out.write(reinterpret_cast<const char*>(&name_size), sizeof name_size);
        out.write(game.data(), static_cast<std::streamsize>(game.size()));
        out.write(reinterpret_cast<const char*>(&count), sizeof count);
        out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(2 * count));
        if (!out) throw std::runtime_error("cannot write checkpoint '" + partial + "'");
    }
    std::filesystem::rename(partial, path);
}

std::vector<std::uint16_t> read_checkpoint(const std::string& path, const std::string& game) {
    if (!std::filesystem::exists(path)) return {};
    std::ifstream in(path, std::ios::binary);
    const auto refuse = [&](const std::string& why) {
        throw std::runtime_error("checkpoint '" + path + "' " + why);
    };
    char magic[sizeof MAGIC];
    std::uint32_t name_size = 0;
    if (!in.read(magic, sizeof magic) || !std::equal(magic, magic + sizeof magic, MAGIC)) refuse("is no checkpoint");
    if (!in.read(reinterpret_cast<char*>(&name_size), sizeof name_size) || name_size > 1000) refuse("is damaged");
    std::string name(name_size, '\0');
    std::uint64_t count = 0;
    if (!in.read(name.data(), name_size) || !in.read(reinterpret_cast<char*>(&count), sizeof count)) refuse("is damaged");
    if (name != game) refuse("is of " + name + ", not " + game);
    if (count > (std::uint64_t{1} << 32)) refuse("is damaged");
    std::vector<std::uint16_t> values(count);
    if (!in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(2 * count)))
        refuse("is shorter than its " + std::to_string(count) + " values");
    return values;
}

} // namespace cgt::octal_tool
