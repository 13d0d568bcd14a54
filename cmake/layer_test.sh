#!/usr/bin/env bash
# The layer check of drivers/common (cmake/Layers.cmake) passes the tree as it is, and
# refuses a copy of it whose plumbing includes a runtime header, with a message naming the
# file, the header and the rule.
#   layer_test.sh SOURCE_DIR
set -euo pipefail
src=$1
cmake -DCGT_SOURCE_DIR="$src" -P "$src/cmake/Layers.cmake"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/drivers/common"
cp -r "$src/drivers/common/plumbing" "$src/drivers/common/runtime" "$tmp/drivers/common/"
printf '#pragma once\n#include "common/plumbing/comm.hpp"\n#include "common/runtime/job.hpp"\n' \
  > "$tmp/drivers/common/plumbing/upward.hpp"
if cmake -DCGT_SOURCE_DIR="$tmp" -P "$src/cmake/Layers.cmake" 2> "$tmp/err"; then
  echo "FAIL: a plumbing header that includes common/runtime/job.hpp was accepted"
  exit 1
fi
expected='drivers/common/plumbing/upward.hpp includes "common/runtime/job.hpp": the plumbing layer (drivers/common/plumbing) may include only common/plumbing/'
# CMake wraps a long message over lines: compare with the whitespace made single spaces.
if ! tr -s ' \n' '  ' < "$tmp/err" | grep -qF "$expected"; then
  echo "FAIL: the refusal does not say: $expected"
  cat "$tmp/err"
  exit 1
fi
echo "refused as expected: $expected"
