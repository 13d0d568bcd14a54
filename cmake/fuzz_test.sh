#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS from a copy of its seed corpus; fails on any crash,
# sanitizer report, leak or timeout, keeping the input under ARTIFACTS and naming it.
#   fuzz_test.sh FUZZER SEED_DIR SECONDS ARTIFACTS
set -uo pipefail
fuzzer=$1 seeds=$2 seconds=$3 artifacts=$4
work=$(mktemp -d /tmp/cgt-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"
# -timeout: one input taking longer is a finding (wall clock, so generous for a loaded
# machine); -rss_limit_mb keeps a run well inside the machine's memory; -max_len: user
# inputs are small.
"$fuzzer" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$work" "$seeds" >"$work/log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
corpus=$(sed -n 's/^#[0-9]*.*DONE *cov: [0-9]* ft: [0-9]* corp: \([0-9]*\).*/\1/p' "$work/log" | tail -1)
if [ $rc != 0 ]; then
  grep -E "ERROR|SUMMARY|Test unit written|deadly signal|timeout" "$work/log" | head -20
  echo "FAIL: $(basename "$fuzzer") stopped with status $rc after ${runs:-?} runs; the input is in $artifacts/"
  exit 1
fi
echo "PASS: $(basename "$fuzzer"): ${runs:-?} runs in $seconds s, no finding (corpus ${corpus:-?} inputs)"
