#include "verify/octal-sweep/parameters_check.hpp"

#include "octal-sweep/sweep_games.hpp"
#include "octal-sweep/octal_sweep_schema.hpp"
#include "verify/common/parameters.hpp"

#include <set>
#include <stdexcept>

namespace cgt::verify::octal_sweep {

namespace sweep = cgt::jobs::octal_sweep;
namespace schema = sweep::schema;

void check_parameters(const common::ResultReader& file, Report& report) {
    report.section("The file against its parameters");
    const auto parameters = run_parameters(file);
    const auto text = [&](const std::string& name) { return parameter_text(parameters, name); };
    const long long k = parameter_number(parameters, "subtraction-max"), d = parameter_number(parameters, "octal-digits"),
                    max_heap = parameter_number(parameters, "max-heap"),
                    split_max_heap = parameter_number(parameters, "split-max-heap");
    if (k < 0 || k > sweep::MAX_SUBTRACTION || d < 0 || d > sweep::MAX_OCTAL_DIGITS)
        throw common::ResultRefused("the file's parameters: subtraction-max or octal-digits out of range");
    const std::string d0 = text("octal-d0"), misere = text("misere");
    if ((d0 != "both" && d0 != "0" && d0 != "4") || (misere != "true" && misere != "false"))
        throw common::ResultRefused("the file's parameters: octal-d0 or misere is not one of its values");
    std::uint64_t ceiling = 0;
    sweep::Params listed_only;
    listed_only.subtraction_max = 0;
    listed_only.octal_digits = 0;
    try {
        ceiling = sweep::parse_heap_count(text("ceiling"));
        listed_only.listed = sweep::parse_games(text("games"));
    } catch (const std::invalid_argument& e) {
        throw common::ResultRefused(std::string("the file's parameters: ") + e.what());
    }
    const auto listed = sweep::enumerate_games(listed_only);

    const long long sets = (1LL << k) - 1, codes = 1LL << (3 * d);
    const long long octal = d == 0 ? 0 : (d0 != "4" ? codes - 1 : 0) + (d0 != "0" ? codes : 0);
    const long long subtraction = sets * (misere == "true" ? 2 : 1);
    const auto rows = static_cast<long long>(listed.size()) + subtraction + octal;
    const auto table = file.read_table(schema::games::table);
    report.check_equal("games: the listed games, 2^K - 1 subtraction sets (x2 misere), the octal codes of D digits",
                       rows, static_cast<long long>(table.rows));

    const auto& family = table.texts(schema::games::family);
    const auto& game = table.texts(schema::games::game);
    const auto bound = table.ints(schema::games::max_heap);
    std::string first_difference;
    for (std::size_t i = 0; i < table.rows && first_difference.empty(); ++i) {
        const auto n = static_cast<long long>(i), listed_n = static_cast<long long>(listed.size());
        const std::string want = n < listed_n ? "listed"
                                 : n < listed_n + sets ? "subtraction"
                                 : n < listed_n + subtraction ? "subtraction-misere"
                                                              : "octal";
        if (family[i] != want) first_difference = "row " + std::to_string(i) + ": " + family[i] + ", expected " + want;
        else if (n < listed_n && game[i] != listed[i].name())
            first_difference = "row " + std::to_string(i) + ": " + game[i] + ", expected " + listed[i].name();
    }
    report.check("games: each family in its place, the listed games as --games names them", "yes",
                 first_difference.empty() ? "yes" : first_difference, first_difference.empty());

    std::set<long long> bounds = {max_heap};
    if (split_max_heap > 0) bounds.insert(split_max_heap);
    if (ceiling > 0) bounds.insert(static_cast<long long>(ceiling) - 1);
    std::size_t off = 0;
    for (std::size_t i = 0; i < table.rows; ++i) off += family[i] != "listed" && !bounds.count(bound[i]);
    report.check_equal("games: every family game analysed to --max-heap (or its ceiling, or --split-max-heap)", 0LL,
                       static_cast<long long>(off));
}

} // namespace cgt::verify::octal_sweep
