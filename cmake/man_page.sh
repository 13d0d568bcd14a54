#!/usr/bin/env bash
# One manual page from a program's --help and --version (help2man), its NAME line the first
# sentence of the description that follows --help's usage line.
#   man_page.sh HELP2MAN PROGRAM OUT.1
set -euo pipefail
help2man=$1 program=$2 out=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
name=$("$program" --help | awk 'NR > 1 && /^$/ { done = 1 } NR > 1 && !done { printf "%s ", $0 }' |
       sed -e 's/[.:;] .*//' -e 's/ *$//')
mkdir -p "$(dirname "$out")"
"$help2man" --no-info --no-discard-stderr --section=1 --name="${name:-$(basename "$program")}" \
  --output="$out.tmp" "$program"
mv "$out.tmp" "$out"
