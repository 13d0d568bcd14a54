#!/usr/bin/env bash
# The install test: `cmake --install BUILD --prefix TMP`, then a separate project
# (cmake/install_test) found the kernels with find_package(cgt), built against TMP alone,
# prints the values of two Hackenbush stalks and two 5x5 Hex openings' results (the Hex
# kernel's layers through cgt::hex); and the programs are installed too.
#   install_test.sh BUILD_DIR
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgt-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log"
for f in bin/cgt-hackenbush bin/cgt-nim bin/cgt-verify-nim lib/libcgt_core.a lib/libcgt_hackenbush.a \
         include/cgt/core/game_store.hpp include/cgt/hackenbush/stalks.hpp lib/cmake/cgt/cgtConfig.cmake \
         lib/libcgt_hex_board.a lib/libcgt_hex_solver.a include/cgt/hex/board/board.hpp include/cgt/hex/solver/solver.hpp \
         share/cgt/verify-data/SOURCES.md; do
  [ -e "$tmp/prefix/$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done
for d in core/test hex/test hex/fuzz; do
  [ ! -e "$tmp/prefix/include/cgt/$d" ] || { echo "FAIL: kernels/$d installed as headers"; exit 1; }
done
cmake -S "$here/install_test" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release >"$tmp/configure.log" ||
  { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/consumer" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
brb=$("$tmp/consumer/stalk_value" BRB)
gbb=$("$tmp/consumer/stalk_value" GBB)
echo "BRB = $brb, GBB = $gbb"
[ "$brb" = "3/4" ] || { echo "FAIL: BRB should be 3/4"; exit 1; }
[ "$gbb" = "{0,^*|0}" ] || { echo "FAIL: GBB should be {0,^*|0}"; exit 1; }
c3=$("$tmp/consumer/hex_opening" 5 c3)
a1=$("$tmp/consumer/hex_opening" 5 a1)
echo "5x5 after c3: $c3, after a1: $a1 (for the second player)"
[ "$c3" = "loss" ] || { echo "FAIL: the 5x5 centre opening wins (the second player loses)"; exit 1; }
[ "$a1" = "win" ] || { echo "FAIL: the 5x5 opening a1 loses (the second player wins)"; exit 1; }
"$tmp/prefix/bin/cgt-nim" --version
