#include "verify/hex-openings/parameters_check.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex/solver/openings.hpp"
#include "verify/common/parameters.hpp"

#include <algorithm>
#include <tuple>

namespace cgt::verify::hex_openings {

namespace schema = jobs::hex_openings::schema;

std::vector<ExpectedRow> expected_rows(const std::map<std::string, std::string>& parameters) {
    namespace hexjob = cgt::jobs::hex_openings;
    const auto text = [&](const std::string& name) { return parameter_text(parameters, name); };
    std::vector<hex::Shape> sizes;
    std::vector<hexjob::RuleSpec> rules;
    hex::RuleSet misere_rules;
    std::vector<std::string> cells;
    long misere_min = 1, misere_max = 0;
    parsed_parameters([&] {
        sizes = hexjob::parse_sizes(text("sizes"));
        rules = hexjob::parse_rule_specs(text("rules"));
        misere_rules = hexjob::parse_misere_rules(text("misere-rules"));
        cells = hexjob::parse_cell_names(text("cells"), "--cells", "all");
        if (const std::string m = text("misere"); m != "none" && !m.empty())
            std::tie(misere_min, misere_max) = common::parse_range(m, "--misere");
    });
    if (misere_min < 1 || misere_max > hex::MAX_BOARD_SIZE)
        throw common::ResultRefused("the file's parameters: misere sizes out of 1.." +
                                    std::to_string(hex::MAX_BOARD_SIZE));
    const long long copy_from = parameter_number(parameters, "copy-from");

    std::vector<ExpectedRow> expected;
    const auto board = [&](const std::string& variant, const hex::RuleSet& r, hex::Shape shape) {
        const bool copy = cells.empty() && std::max(shape.rows, shape.cols) >= copy_from;
        for (int row = 0; row < shape.rows; ++row)
            for (int col = 0; col < shape.cols; ++col) {
                const hex::Cell c{row, col};
                if (!cells.empty() &&
                    std::find(cells.begin(), cells.end(), hex::cell_name(c)) == cells.end())
                    continue;
                expected.push_back(
                    {variant + " " + r.name() + " " + shape.name() + " " + hex::cell_name(c),
                     copy && !hex::is_representative(shape, c)});
            }
    };
    for (const auto& spec : rules)
        for (const hex::Shape shape : sizes)
            if (std::max(shape.rows, shape.cols) <= spec.max_size)
                board("normal", spec.rules, shape);
    for (long n = misere_min; n <= misere_max; ++n)
        board("misere", misere_rules, hex::Shape::square(static_cast<int>(n)));

    return expected;
}

void check_parameters(const common::ResultReader& file, Report& report, const common::Table& t) {
    report.section("The file against its parameters");
    const auto expected = expected_rows(run_parameters(file));
    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), row = t.ints(schema::row),
               col = t.ints(schema::col), copied = t.ints(schema::openings::copied);
    std::size_t same = 0;
    std::string first_difference;
    bool copies = true;
    for (std::size_t i = 0; i < std::max(expected.size(), t.rows); ++i) {
        std::string ours = "(none)";
        if (i < t.rows) {
            const hex::Shape shape{static_cast<int>(size[i]), static_cast<int>(cols[i])};
            ours = t.texts(schema::variant)[i] + " " + t.texts(schema::rules)[i] + " " +
                   shape.name() + " " +
                   hex::cell_name({static_cast<int>(row[i]), static_cast<int>(col[i])});
        }
        if (i < expected.size() && i < t.rows && expected[i].key == ours) {
            ++same;
            copies = copies && expected[i].copied == (copied[i] != 0);
        } else if (first_difference.empty()) {
            first_difference = "row " + std::to_string(i) + ": " + ours + ", expected " +
                               (i < expected.size() ? expected[i].key : std::string("(none)"));
        }
    }
    report.check("openings: the rows of --sizes, --rules, --misere and --cells, in order",
                 std::to_string(expected.size()) + " rows",
                 first_difference.empty() ? std::to_string(same) + " rows" : first_difference,
                 first_difference.empty());
    report.check(
        "openings: copied exactly on boards of a side >= --copy-from (one of each 180-degree pair)",
        "yes", copies ? "yes" : "no", copies);
}

} // namespace cgt::verify::hex_openings
