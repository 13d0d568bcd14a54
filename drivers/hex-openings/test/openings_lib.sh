# shellcheck shell=bash
# What the hex-openings tests that compare outcomes share (sourced after run_test_lib.sh).
# outcomes FILE: each row's board, cell and result, one row a line.
lines() { tr -s ' ' '\n' | sed '/^$/d'; }
outcomes() {
  paste -d' ' <(h5_values "$1" /openings/size | lines) <(h5_values "$1" /openings/row | lines) \
    <(h5_values "$1" /openings/col | lines) <(h5_values "$1" /openings/result | lines)
}
