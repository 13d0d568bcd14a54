// The rows, counts and replies the openings job's tasks append, and the columns of its tables.
#include "hex-openings/openings_append.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"

#include <algorithm>

namespace cgt::jobs::hex_openings {

void append_key(common::LocalTable& t, const Opening& row) {
    t.column(schema::size).push_back(row.shape.rows);
    t.column(schema::cols).push_back(row.shape.cols);
    t.column(schema::row).push_back(row.cell.row);
    t.column(schema::col).push_back(row.cell.col);
    t.column(schema::variant).push_back(hex::variant_name(row.variant));
    t.column(schema::rules).push_back(row.rules.name());
}

void append_counts(common::LocalTable& counts, std::uint64_t key, const Opening& o,
                   const std::vector<RuleCount>& values) {
    counts.begin_block(key);
    for (const RuleCount& c : values) {
        append_key(counts, o);
        counts.column(schema::rule_counts::rule).push_back(c.name);
        counts.column(schema::rule_counts::count).push_back(c.value);
    }
}

hex::Outcome for_red(const hex::SplitNode& n, hex::Outcome o) {
    return n.position.mover == hex::Colour::red ? o : hex::negate(o);
}

void OpeningTasks::declare_columns(common::LocalTable& table) {
    schema::openings::table.declare(table);
}

void OpeningTasks::declare_count_columns(common::LocalTable& counts) {
    schema::rule_counts::table.declare(counts);
}

void OpeningTasks::declare_timing_columns(common::LocalTable& timings) {
    schema::timings::table.declare(timings);
}

void OpeningTasks::declare_split_columns(common::LocalTable& splits) {
    schema::splits::table.declare(splits);
}

void OpeningTasks::declare_reply_columns(common::LocalTable& replies) {
    schema::replies::table.declare(replies);
}

void OpeningTasks::append_replies(std::uint64_t index, const hex::OpeningReplies& replies,
                                  common::LocalTable& table) const {
    const auto append = [&](std::uint64_t row_index, bool copied) {
        const Opening& row = m_rows[row_index];
        // A copy's replies rotated, in row-major order as the source's.
        std::vector<hex::CellOutcome> cells = replies.replies;
        if (copied) {
            for (hex::CellOutcome& c : cells)
                c.cell = hex::rotate(row.shape, c.cell);
            std::reverse(cells.begin(), cells.end());
        }
        table.begin_block(row_index);
        for (const hex::CellOutcome& c : cells) {
            append_key(table, row);
            table.column(schema::replies::reply_row).push_back(c.cell.row);
            table.column(schema::replies::reply_col).push_back(c.cell.col);
            table.column(schema::replies::result).push_back(hex::outcome_name(c.outcome));
            table.column(schema::replies::nodes).push_back(copied ? 0 : c.nodes);
            table.column(schema::replies::copied).push_back(copied ? 1 : 0);
        }
    };
    append(index, false);
    for (std::uint64_t copy : m_copies[index])
        append(copy, true);
}

std::vector<RuleCount> OpeningTasks::counters(const Opening& o, const hex::SearchStats& stats,
                                              std::uint64_t store_hits) const {
    std::vector<RuleCount> out = rule_counters(o.rules, stats);
    if (m_params.store && o.rules.rules == hex::Rules::vc)
        out.push_back({"store-hits", store_hits});
    return out;
}

void OpeningTasks::append_row(std::uint64_t index, hex::Outcome outcome, std::uint64_t nodes,
                              std::uint64_t nodes_run, std::uint64_t parts, double seconds,
                              common::LocalTable& table, common::LocalTable* timings) const {
    const auto append = [&](std::uint64_t row_index, bool copied) {
        const Opening& row = m_rows[row_index];
        table.begin_block(row_index);
        append_key(table, row);
        table.column(schema::openings::result).push_back(hex::outcome_name(outcome));
        table.column(schema::openings::nodes).push_back(copied ? 0 : nodes);
        table.column(schema::openings::copied).push_back(copied ? 1 : 0);
        table.column(schema::openings::parts).push_back(copied ? 0 : parts);
        if (!timings) return;
        timings->begin_block(row_index);
        append_key(*timings, row);
        timings->column(schema::timings::seconds).push_back(copied ? 0.0 : seconds);
        timings->column(schema::timings::nodes_run).push_back(copied ? 0 : nodes_run);
    };
    append(index, false);
    for (std::uint64_t copy : m_copies[index])
        append(copy, true);
}

} // namespace cgt::jobs::hex_openings
