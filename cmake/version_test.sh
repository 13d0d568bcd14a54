#!/usr/bin/env bash
# Every program answers --version with one line `NAME VERSION` and status 0, VERSION being
# the git describe stamped into this build (generated/version.cpp).
#   version_test.sh VERSION_CPP PROGRAM...
set -uo pipefail
version=$(sed -n 's/.*return "\(.*\)";.*/\1/p' "$1")
shift
[ -n "$version" ] || { echo "FAIL: no version in the generated source"; exit 1; }
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
