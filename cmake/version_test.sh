#!/usr/bin/env bash
# Every program answers --version with one line `NAME VERSION` and status 0, VERSION being
# the one stamped into this build (generated/version.cpp): NUMBER, the project's version,
# and the git describe beside it, `0.1.0 (git 3ff2b19)` (`0.1.0 (no git)` outside git).
#   version_test.sh VERSION_CPP NUMBER PROGRAM...
set -uo pipefail
version=$(sed -n 's/.*return "\(.*\)";.*/\1/p' "$1")
number=$2
shift 2
[ -n "$version" ] || { echo "FAIL: no version in the generated source"; exit 1; }
[[ $version =~ ^${number//./\\.}\ \((git\ [0-9a-zA-Z._-]+|no\ git)\)$ ]] ||
  { echo "FAIL: the version '$version' is not '$number (git HASH)'"; exit 1; }
failed=0
for program in "$@"; do
  name=$(basename "$program")
  out=$("$program" --version 2>&1)
  status=$?
  if [ $status -ne 0 ] || [ "$out" != "$name $version" ]; then
    echo "FAIL: $name --version gave status $status and '$out', expected '$name $version'"
    failed=1
  fi
done
[ $failed = 0 ] && echo "$# programs answer --version: $version"
exit $failed
