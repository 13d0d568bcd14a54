#!/usr/bin/env bash
# A build without tests needs no Catch2: configure with -DBUILD_TESTING=OFF and Catch2 out of
# reach (CMAKE_DISABLE_FIND_PACKAGE_Catch2) succeeds and declares no test program; with the
# tests on, the same configure stops with one line naming the Debian package.
#   no_tests_configure_test.sh SOURCE_DIR
set -uo pipefail
source=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgt-no-tests.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake -S "$source" -B "$tmp/off" -DBUILD_TESTING=OFF -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON >"$tmp/off.log" 2>&1 ||
  { tail -20 "$tmp/off.log"; fail "configure with BUILD_TESTING=OFF and no Catch2 failed"; }
cmake --build "$tmp/off" --target help >"$tmp/targets.txt" || fail "cmake --build --target help failed"
grep -q "cgt-nim" "$tmp/targets.txt" || fail "no cgt-nim target"
grep -E '^\.\.\. test_' "$tmp/targets.txt" && fail "test programs declared without BUILD_TESTING"
[ -e "$tmp/off/CTestTestfile.cmake" ] && fail "tests declared without BUILD_TESTING"
echo "BUILD_TESTING=OFF, no Catch2: configured, $(grep -c '^\.\.\. cgt-' "$tmp/targets.txt") programs, no test"
cmake -S "$source" -B "$tmp/on" -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON >"$tmp/on.log" 2>&1 &&
  fail "configure with the tests and no Catch2 succeeded"
# CMake wraps the message: its words are compared with the lines joined.
tr -s ' \n' ' ' <"$tmp/on.log" | grep -q "missing Catch2 v2 (for the tests; -DBUILD_TESTING=OFF builds without them): install the Debian package catch2" ||
  { tail -5 "$tmp/on.log"; fail "configure with the tests and no Catch2 did not name the package"; }
echo "tests on, no Catch2: configure stops naming the Debian package catch2"
echo "PASS"
