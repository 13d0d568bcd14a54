#!/usr/bin/env bash
# The committed subtraction certificates and figures are what this build's census and
# cgt-subtraction-certificate write (README.md's commands), byte for byte.
#   regenerate.sh CENSUS WRITER DIR   (DIR: verify/certificates/subtraction)
set -uo pipefail
census=$1 writer=$2 dir=$3
work=$(mktemp -d /tmp/cgt-subtraction-regenerate.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$census" --quiet --sets-max 20 --three-move-max 0 --out "$work/sets-20.h5" || { echo "FAIL: the census"; exit 1; }
"$writer" --census "$work/sets-20.h5" --game normal:149,351,500 --game normal:143,357,499 \
    --figures "$work/sets-20.txt" --out "$work/out" >/dev/null && mv "$work/sets-20.txt" "$work/out/" ||
    { echo "FAIL: the writer"; exit 1; }
if ! diff -r "$dir" "$work/out" >"$work/diff"; then
    echo "FAIL: the committed files differ from what the census writes:"; head -20 "$work/diff"; exit 1
fi
echo "PASS: the $(ls "$dir" | wc -l) committed files are what the census and the writer give"
